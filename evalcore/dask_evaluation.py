"""Exact ROC AUC, curves, average precision, DeLong's interval and DeLong's paired test on Dask.

For scored data that does not fit in one process: labels and scores as ``dask.array`` arrays
or ``dask.dataframe`` columns (a parquet data lake read with ``dask.dataframe.read_parquet``).
The results are evalcore's in-memory results, not approximations: the same AUC (bit for bit
with unweighted data), the same DeLong variance and paired test (to rounding, about 1e-15).
Install with ``pip install evalcore[dask]``; ``import evalcore`` never imports Dask, only this
module does.

How (Spark's exact route for ``BinaryClassificationMetrics``, on Dask's own collections and
scheduler: ``dask.delayed`` tasks, run by ``distributed`` when a client exists):

1. a first pass validates each partition and samples its scores (rows at evenly spaced
   positions); split points ``s_1 <= ... <= s_{R-1}`` are read from the samples (this pass
   is computed when a function is called: only the samples reach the client);
2. a second pass cuts each partition's rows into the R value ranges ``[s_k, s_{k+1})`` (a
   score lies in exactly one range, so tied scores never straddle two; unweighted float
   scores as sorted integer keys with the label in the lowest bit, cut where each split
   point's key falls) and counts each range's classes; rows scoring exactly a split point
   are only counted (a score that holds many rows, a model's few outputs, crosses the
   cluster as two numbers a partition);
3. each range's pieces from every partition are sorted together in one task into its tie
   groups (counts per distinct score);
4. a small prefix over the ranges' counts gives each range the negatives below it and the
   positives above it, and :func:`evalcore.auc_range_sums` turns each range, in the same
   task as its sort, into the partial sums of the AUC and DeLong's variance, which add up
   over ranges to the exact totals.

The inputs are aligned row for row, by position, as in memory. Series with as many
partitions each (the columns of one DataFrame) are read together, partition by partition;
otherwise (a dask array among the inputs, or Series with unlike partitions) every input is
made a dask array of counted chunks (one more pass over each Series) and rechunked to the
first input's chunks, and inputs of unlike lengths are a ``ValueError`` naming each length.
Bad data raise as in memory, the message naming the partition and, for an entry such as a
NaN score, its row in the whole input (counted from 0).

Only those sums, a few hundred sampled scores a range and the downsampled curves reach the
client; no column is ever gathered into one process. DeLong's paired test needs each case's
placement values under both classifiers: a second pass cuts each partition's rows by range,
looks their placements up in the range's cumulative counts, and sums the squared
differences case by case.

Memory and speed: a range's task holds its rows and their tie groups (about 1 GB at its
peak for 2**24 distinct float32 scores); the pieces travel as keys (4 bytes a row with
float32 scores, 8 with float64; as rows with weights) and, out of core, wait for their
range's task spilled to disk by Dask: 10⁹ float32 scores in parquet (partitions of 10⁷ rows)
on two workers of 2 GB each are measured by ``benchmarks/bench_out_of_core.py``. On 2·10⁷
persisted float32 scores one worker takes about the time of in-memory evalcore
(``benchmarks/bench_dask.py``, which also reports the time outside parallel work and the
bytes the workers send one another). The inputs are read twice (the sample, then the cut):
keep a costly Dask computation's result (``persist``) before passing it here.

See Also
--------
evalcore.ScoreCounts : the exact summary each partition and each range is reduced to.
evalcore.roc_auc, evalcore.roc_auc_ci, evalcore.delong_test : the in-memory functions.

References
----------
Apache Spark, ``org.apache.spark.mllib.evaluation.BinaryClassificationMetrics`` (counts per
distinct score, sorted by range, cumulated with per-partition offsets).

E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson (1988), "Comparing the areas under two or
more correlated receiver operating characteristic curves: a nonparametric approach",
*Biometrics* 44(3), 837-845.
"""

from __future__ import annotations

import math
from typing import Any

try:
    import dask
    from dask import delayed
except ImportError as exc:                      # pragma: no cover - the extra is installed
    raise ImportError("evalcore.dask_evaluation needs Dask: pip install evalcore[dask]") \
        from exc

from .core.options import check_alternative, check_int, check_level, check_one_of
from .core.validation import both_classes
from .scale.dask_curves import (DownsampledPrecisionRecallCurve, DownsampledRocCurve,
                                precision_recall_curve, roc_curve)
from .scale.dask_inputs import aligned_partitions
from .scale.dask_ranges import (auc_sums, average_precision_sum, cut_rows, look_up, paired_sums,
                                placement_table, prepare, range_sort, range_tables, table_sums)
from .stats.auc_intervals import AucInterval, delong_interval_from_sums
from .stats.delong import AucComparison, auc_comparison, enough_cases

#: In the appendix's order: each curve's result beside its function. The functions are
#: :data:`evalcore.core.validation.ON_DASK` (tests/test_dask_evaluation.py holds the two equal).
__all__ = ["roc_auc", "average_precision", "DownsampledRocCurve", "roc_curve",
           "DownsampledPrecisionRecallCurve", "precision_recall_curve", "delong_variance",
           "roc_auc_ci", "delong_test"]


# --- AUC and average precision -------------------------------------------------------------

def roc_auc(y_true: Any, y_score: Any, *, sample_weight: Any = None, pos_label: Any = None,
            n_ranges: int | None = None) -> float:
    """The exact ROC AUC of labels and scores held in Dask collections.

    Equal to :func:`evalcore.roc_auc` on the same data (bit for bit without weights: the
    Mann-Whitney U is summed in exact integers and divided once).

    Parameters
    ----------
    y_true : dask.array.Array or dask.dataframe.Series of shape (n,)
        True binary labels.
    y_score : dask.array.Array or dask.dataframe.Series of shape (n,)
        Scores; higher means more likely positive. Aligned with ``y_true`` row for row: Series
        with as many partitions are read partition by partition, otherwise the inputs are
        rechunked to the chunks of ``y_true`` (see the module's notes).
    sample_weight : dask.array.Array or dask.dataframe.Series of shape (n,), default=None
        Non-negative weights, summed as given (unlike the in-memory functions, which first
        scale them by a power of two, their totals must neither overflow nor vanish: weights
        near 1e308 or subnormal ones are not for this route). ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.
    n_ranges : int, default=None
        The number of value ranges the scores are sorted into (each range's rows are sorted
        in one task). ``None``: one per 2**24 rows and at least two, rounded up to a
        multiple of the threads of the running ``distributed`` client's workers (else of
        this machine's cores).

    Returns
    -------
    float
        The AUC, or ``nan`` with one :class:`~evalcore.UndefinedMetricWarning` if a class is
        missing.

    Raises
    ------
    TypeError
        If an input is not a Dask collection (the message names the in-memory function), or
        holds values of the wrong kind.
    ValueError
        As :func:`evalcore.roc_auc` for bad data (the message names the partition and the
        row in the whole input), or if the inputs differ in length (in a partition, for
        Series read partition by partition).

    See Also
    --------
    evalcore.roc_auc : the same on data in memory.
    roc_auc_ci : the AUC with DeLong's interval, in the same pass.

    Examples
    --------
    The seven examples of the ST445 slides, in three chunks:

    >>> import dask.array as da
    >>> from evalcore import dask_evaluation as ecd
    >>> y = da.from_array([0, 1, 0, 1, 1, 0, 0], chunks=3)
    >>> s = da.from_array([0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3], chunks=3)
    >>> ecd.roc_auc(y, s) * 12
    11.0
    """
    sort = prepare("roc_auc", y_true, y_score, sample_weight, pos_label, n_ranges)
    (total,) = dask.compute(auc_sums(sort, sample_weight is not None))
    if not both_classes(total.n_pos, total.n_neg, "ROC AUC", stacklevel=3):
        return math.nan
    return float(total.auc)


def average_precision(y_true: Any, y_score: Any, *, sample_weight: Any = None,
                      pos_label: Any = None, n_ranges: int | None = None) -> float:
    """Average precision (the step sum Σ (R_k − R_{k−1})·P_k) of data held in Dask collections.

    Equal to :func:`evalcore.average_precision` on the same data (to rounding: the sum is
    added range by range).

    Parameters
    ----------
    y_true, y_score : dask.array.Array or dask.dataframe.Series of shape (n,)
        True binary labels and scores, as in :func:`roc_auc`.
    sample_weight : dask.array.Array or dask.dataframe.Series of shape (n,), default=None
        Non-negative weights. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.
    n_ranges : int, default=None
        The number of value ranges. ``None``: chosen from the rows and the threads, as in
        :func:`roc_auc`.

    Returns
    -------
    float
        AP in [0, 1]; ``nan`` with one warning if there are no positives.

    Raises
    ------
    TypeError
        If an input is not a Dask collection, or holds values of the wrong kind.
    ValueError
        For bad data, as :func:`evalcore.average_precision`.

    See Also
    --------
    evalcore.average_precision : the same on data in memory.
    precision_recall_curve : the curve, downsampled, with this area.

    Examples
    --------
    >>> import dask.array as da
    >>> from evalcore import dask_evaluation as ecd
    >>> y = da.from_array([0, 0, 1, 1], chunks=2)
    >>> s = da.from_array([0.1, 0.4, 0.35, 0.8], chunks=2)
    >>> ecd.average_precision(y, s)
    0.8333333333333333
    """
    sort = prepare("average_precision", y_true, y_score, sample_weight, pos_label, n_ranges)
    ((total, n_pos),) = dask.compute(average_precision_sum(sort))
    if not both_classes(n_pos, 1, "average precision", stacklevel=3):
        return math.nan
    return float(total / n_pos)


# --- DeLong: the variance, the interval and the paired test -------------------------------

def _delong_sums(function: str, y_true, y_score, sample_weight, pos_label, n_ranges):
    sort = prepare(function, y_true, y_score, sample_weight, pos_label, n_ranges)
    (total,) = dask.compute(auc_sums(sort, sample_weight is not None))
    return total


def delong_variance(y_true: Any, y_score: Any, *, sample_weight: Any = None,
                    pos_label: Any = None, n_ranges: int | None = None) -> float:
    """DeLong's variance of the ROC AUC of data held in Dask collections.

    Equal to :func:`evalcore.delong_variance` on the same data (both come from
    :func:`evalcore.auc_range_sums`, in exact integers, rounded once).

    Parameters
    ----------
    y_true, y_score : dask.array.Array or dask.dataframe.Series of shape (n,)
        True binary labels and scores, as in :func:`roc_auc`.
    sample_weight : dask.array.Array or dask.dataframe.Series of shape (n,), default=None
        Non-negative weights, read as repeated cases (an integer weight k is k copies of the
        row, the one weighted form with a reference); the variance of a
        :class:`~evalcore.ScoreCounts` with weights. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.
    n_ranges : int, default=None
        The number of value ranges. ``None``: chosen from the rows and the threads, as in
        :func:`roc_auc`.

    Returns
    -------
    float
        The variance; ``nan`` with one warning with fewer than two samples of a class.

    Raises
    ------
    TypeError
        If an input is not a Dask collection, or holds values of the wrong kind.
    ValueError
        For bad data, as :func:`evalcore.delong_variance`.

    See Also
    --------
    evalcore.delong_variance : the same on data in memory.
    roc_auc_ci : the interval built on it.

    Examples
    --------
    >>> import dask.array as da
    >>> from evalcore import dask_evaluation as ecd
    >>> y = da.from_array([0, 1, 0, 1, 1, 0, 0], chunks=3)
    >>> s = da.from_array([0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3], chunks=3)
    >>> round(1 / ecd.delong_variance(y, s), 9)
    72.0
    """
    total = _delong_sums("delong_variance", y_true, y_score, sample_weight, pos_label,
                         n_ranges)
    if not enough_cases(total.n_pos, total.n_neg, "DeLong's variance"):
        return math.nan
    return float(total.delong_variance)


def roc_auc_ci(y_true: Any, y_score: Any, *, level: float = 0.95, method: str = "delong",
               sample_weight: Any = None, pos_label: Any = None,
               n_ranges: int | None = None) -> AucInterval:
    """The exact ROC AUC of data held in Dask collections with DeLong's confidence interval.

    ``AUC ± z·SE`` with DeLong's standard error, clipped to [0, 1]: the interval of
    :func:`evalcore.roc_auc_ci` with ``method="delong"``, from one distributed sort.

    Parameters
    ----------
    y_true, y_score : dask.array.Array or dask.dataframe.Series of shape (n,)
        True binary labels and scores, as in :func:`roc_auc`.
    level : float, default=0.95
        Confidence level, strictly between 0 and 1.
    method : {"delong"}, default="delong"
        The one method on Dask (the bootstrap would resample rows).
    sample_weight : dask.array.Array or dask.dataframe.Series of shape (n,), default=None
        Non-negative weights, read as repeated cases (see :func:`delong_variance`).
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.
    n_ranges : int, default=None
        The number of value ranges. ``None``: chosen from the rows and the threads, as in
        :func:`roc_auc`.

    Returns
    -------
    AucInterval
        ``auc``, ``low``, ``high``, ``level``, ``method`` (``"delong"``); ``low`` and ``high``
        ``nan`` with one warning if a class has fewer than two samples (``auc`` if none).

    Raises
    ------
    TypeError
        If an input is not a Dask collection, or holds values of the wrong kind.
    ValueError
        If ``level`` is not strictly between 0 and 1 or ``method`` is not "delong"; for bad
        data, as :func:`evalcore.roc_auc_ci`.

    See Also
    --------
    evalcore.roc_auc_ci : the same and other methods, on data in memory.

    Examples
    --------
    >>> import dask.array as da
    >>> from evalcore import dask_evaluation as ecd
    >>> y = da.from_array([0, 1, 0, 1, 1, 0, 0], chunks=3)
    >>> s = da.from_array([0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3], chunks=3)
    >>> ci = ecd.roc_auc_ci(y, s)
    >>> round(ci.auc, 4), round(ci.low, 4), ci.high, ci.method
    (0.9167, 0.6857, 1.0, 'delong')
    """
    method = check_one_of(method, ("delong",), "method")
    level = check_level(level)
    total = _delong_sums("roc_auc_ci", y_true, y_score, sample_weight, pos_label, n_ranges)
    return delong_interval_from_sums(total, level)


def delong_test(y_true: Any, y_score_a: Any, y_score_b: Any, *, level: float = 0.95,
                alternative: str = "two-sided", pos_label: Any = None,
                n_ranges: int | None = None) -> AucComparison:
    """DeLong's paired test of two ROC AUCs on the same cases, held in Dask collections.

    The result of :func:`evalcore.delong_test` on the same data (to rounding). The first
    pass sorts each classifier's scores by value ranges (the AUCs); the second looks up each
    case's two placement values in the ranges' cumulative counts and adds the squared
    differences case by case: ``var(AUC_a − AUC_b) = S10[a−b]/m + S01[a−b]/n``. Between the
    passes the range summaries stay on the cluster (``dask.persist``).

    Parameters
    ----------
    y_true : dask.array.Array or dask.dataframe.Series of shape (n,)
        True binary labels.
    y_score_a, y_score_b : dask.array.Array or dask.dataframe.Series of shape (n,)
        Two classifiers' scores for the same cases, aligned with ``y_true``.
    level : float, default=0.95
        Confidence level of the (two-sided) interval for AUC_a − AUC_b.
    alternative : {"two-sided", "greater", "less"}, default="two-sided"
        AUC_a ≠ AUC_b, AUC_a > AUC_b or AUC_a < AUC_b.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.
    n_ranges : int, default=None
        The number of value ranges. ``None``: chosen from the rows and the threads, as in
        :func:`roc_auc`.

    Returns
    -------
    AucComparison
        ``(statistic, pvalue, difference, low, high, df)`` with ``df = inf``, as
        :func:`evalcore.delong_test`.

    Raises
    ------
    TypeError
        If an input is not a Dask collection, or holds values of the wrong kind.
    ValueError
        If ``level`` or ``alternative`` is invalid; for bad data, as
        :func:`evalcore.delong_test`.

    See Also
    --------
    evalcore.delong_test : the same on data in memory.

    Examples
    --------
    Murphy's classifiers 1 and 2 on his nine cases:

    >>> import dask.array as da
    >>> import evalcore as ec
    >>> from evalcore import dask_evaluation as ecd
    >>> y, s1 = ec.murphy_classifier(1)
    >>> _, s2 = ec.murphy_classifier(2)
    >>> test = ecd.delong_test(*(da.from_array(v, chunks=4) for v in (y, s1, s2)))
    >>> round(test.difference, 4), round(test.statistic, 4), round(test.pvalue, 4)
    (0.15, 1.0924, 0.2747)
    """
    level = check_level(level)
    alternative = check_alternative(alternative)
    if n_ranges is not None:
        n_ranges = check_int(n_ranges, "n_ranges", low=1)
    columns = aligned_partitions({"y_true": y_true, "y_score_a": y_score_a,
                                   "y_score_b": y_score_b}, "delong_test")
    first = [(true, a, None) for true, a, _ in columns]
    second = [(true, b, None) for true, _, b in columns]
    sort_a = range_sort(first, pos_label=pos_label, names=("y_true", "y_score_a"),
                        n_ranges=n_ranges)
    sort_b = range_sort(second, pos_label=pos_label, names=("y_true", "y_score_b"),
                        n_ranges=n_ranges)
    # the first pass; its ranges' tables stay on the cluster (persisted) for the second
    tables_a, tables_b = range_tables(sort_a), range_tables(sort_b)
    kept = dask.persist(*tables_a, *tables_b)
    tables_a, tables_b = list(kept[:len(tables_a)]), list(kept[len(tables_a):])
    total_a, total_b = dask.compute(table_sums(tables_a, False), table_sums(tables_b, False))
    if not enough_cases(total_a.n_pos, total_a.n_neg, "DeLong's paired test"):
        return AucComparison(math.nan, math.nan, math.nan, math.nan, math.nan)
    difference = float(total_a.auc) - float(total_b.auc)
    placed_a = [delayed(placement_table)(table) for table in tables_a]
    placed_b = [delayed(placement_table)(table) for table in tables_b]
    sums = []
    for true, a, b in columns:
        n_rows, cut_a, cut_b = delayed(cut_rows, nout=3)(true, a, b, sort_a.splits,
                                                          sort_b.splits, pos_label=pos_label)
        rows_a = [cut_a[k] for k in range(len(placed_a))]
        looked_up = [delayed(look_up)(rows, placed) for rows, placed in zip(rows_a, placed_a)]
        looked_up += [delayed(look_up)(cut_b[k], placed) for k, placed in enumerate(placed_b)]
        sums.append(delayed(paired_sums)(n_rows, difference, rows_a, *looked_up))
    (totals,) = dask.compute(delayed(sum)(sums))
    m, n = total_a.n_pos, total_a.n_neg
    s10 = (totals[1] - totals[0] ** 2 / m) / (m - 1)
    s01 = (totals[3] - totals[2] ** 2 / n) / (n - 1)
    return auc_comparison(difference, max(s10 / m + s01 / n, 0.0), level, "DeLong's paired test",
                          alternative)


