"""Exact ROC AUC, curves, average precision, DeLong's interval and DeLong's paired test on Dask.

For scored data that does not fit in one process: labels and scores as ``dask.array`` arrays
or ``dask.dataframe`` columns (a parquet data lake read with ``dask.dataframe.read_parquet``).
The results are evalcore's in-memory results, not approximations: the same AUC (bit for bit
with unweighted data), the same DeLong variance and paired test (to rounding, about 1e-15).
Install with ``pip install evalcore[dask]``; ``import evalcore`` never imports Dask, only this
module does.

How (Spark's exact route for ``BinaryClassificationMetrics``, on Dask's own collections and
scheduler: ``dask.delayed`` tasks, run by ``distributed`` when a client exists):

1. each partition is validated and reduced to its :class:`~evalcore.ScoreCounts` (counts per
   distinct score) and a few evenly spaced scores (a sample of its distribution);
2. split points ``s_1 <= ... <= s_{R-1}`` are read from the samples, and each partition's
   summary is cut into R value ranges ``[s_k, s_{k+1})``: a score lies in exactly one range,
   so tied scores never straddle two;
3. the pieces of one range from every partition are merged (``+``), a distributed sort by
   value ranges: range k holds every distinct score in ``[s_k, s_{k+1})`` with its counts;
4. a small prefix over the ranges' totals gives each range the negatives below it and the
   positives above it, and :func:`evalcore.auc_range_sums` turns each range into the partial
   sums of the AUC and DeLong's variance, which add up over ranges to the exact totals.

Only those sums, a few hundred sampled scores and the downsampled curves reach the client;
no column is ever gathered into one process. DeLong's paired test needs each case's
placement values under both classifiers: a second pass cuts each partition's rows by range,
looks their placements up in the range's cumulative counts, and sums the squared
differences case by case.

Memory: each range holds its distinct scores (24 bytes each), so the cluster holds at most
the number of distinct scores, spread over R ranges; R defaults to the number of partitions.

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
import warnings
from typing import Any, NamedTuple

import numpy as np

try:
    import dask
    import dask.array as da
    import dask.dataframe as dd
    from dask import delayed
except ImportError as exc:                      # pragma: no cover - the extra is installed
    raise ImportError("evalcore.dask_evaluation needs Dask: pip install evalcore[dask]") \
        from exc

from ._normal import normal_cdf, normal_quantile, normal_two_sided_pvalue
from ._ranking import ScoreCounts, tie_groups
from ._validation import (as_1d, both_classes, check_alternative, check_binary_scores,
                          check_int, check_labels, check_level, check_one_of, check_scores,
                          check_weights, undefined)
from .delong import AucComparison, AucInterval
from .score_counts import auc_range_sums

__all__ = ["roc_auc", "average_precision", "DownsampledRocCurve", "roc_curve",
           "DownsampledPrecisionRecallCurve", "precision_recall_curve", "delong_variance",
           "roc_auc_ci", "delong_test"]

#: Scores each partition contributes per range to the sample the split points come from.
SAMPLES_PER_RANGE = 8


class DownsampledRocCurve(NamedTuple):
    """Points of the exact ROC curve, thinned for plotting, and the exact area.

    Every point is a point of :func:`evalcore.roc_curve` (the same threshold, FPR and TPR,
    bit for bit with unweighted data), from ``(0, 0)`` at threshold ``inf`` to ``(1, 1)``;
    ``auc`` is the exact area under the whole curve, not under the points kept.
    """

    fpr: np.ndarray
    tpr: np.ndarray
    thresholds: np.ndarray
    auc: float


class DownsampledPrecisionRecallCurve(NamedTuple):
    """Points of the exact precision-recall curve, thinned for plotting, in the layout of
    :func:`evalcore.precision_recall_curve` (thresholds increasing, a last point with recall
    0 and precision 1), and the exact average precision of the whole curve."""

    precision: np.ndarray
    recall: np.ndarray
    thresholds: np.ndarray
    average_precision: float


# --- the inputs: Dask collections cut into aligned partitions ---------------------------------

def _is_dask(value: Any) -> bool:
    return hasattr(value, "__dask_graph__")


def _aligned_partitions(columns: dict[str, Any], function: str) -> list[tuple]:
    """The named columns (``None`` for an absent one) as one tuple of delayed partitions per
    partition, aligned row for row: dask arrays rechunked to the first one's chunks, dask
    Series taken partition by partition (they must have as many partitions)."""
    given = {name: value for name, value in columns.items() if value is not None}
    for name, value in given.items():
        if not isinstance(value, (da.Array, dd.Series)):
            if _is_dask(value):
                raise TypeError(f"{name} must be a dask.array.Array or a dask.dataframe.Series "
                                f"(one column), got {type(value).__name__}")
            raise TypeError(f"{name} must be a Dask collection (dask.array.Array or "
                            f"dask.dataframe.Series), got {type(value).__name__}: for data in "
                            f"memory use evalcore.{function}")
        if isinstance(value, da.Array) and value.ndim != 1:
            raise ValueError(f"{name} must be 1-D, got a dask array of shape {value.shape}")
    if any(isinstance(value, da.Array) for value in given.values()):
        arrays = {name: value if isinstance(value, da.Array) else
                  value.to_dask_array(lengths=True) for name, value in given.items()}
        lengths = {name: array.shape[0] for name, array in arrays.items()}
        if len(set(lengths.values())) > 1:
            described = ", ".join(f"{name} has {n}" for name, n in lengths.items())
            raise ValueError(f"inputs must have the same length: {described}")
        first = next(iter(arrays.values()))
        blocks = {name: array.rechunk(first.chunks).to_delayed().ravel().tolist()
                  for name, array in arrays.items()}
    else:
        counts = {name: series.npartitions for name, series in given.items()}
        if len(set(counts.values())) > 1:
            described = ", ".join(f"{name} has {n}" for name, n in counts.items())
            raise ValueError(f"the Dask Series must be partitioned alike (take them from one "
                             f"DataFrame): {described} partitions")
        blocks = {name: series.to_delayed() for name, series in given.items()}
    n_parts = len(next(iter(blocks.values())))
    return [tuple(blocks[name][p] if name in blocks else None for name in columns)
            for p in range(n_parts)]


def _shipped(counts: ScoreCounts) -> tuple:
    """A summary as the plain arrays tasks pass to one another (a worker process may send
    them to another); :func:`_received` makes the summary again, checked. Integer counts
    travel in the smallest unsigned type that holds them (one byte each for distinct
    scores), the exact same numbers."""
    positives, negatives = counts.positives, counts.negatives
    if not counts.weighted and len(counts):
        kind = np.min_scalar_type(max(int(positives.max()), int(negatives.max())))
        positives, negatives = positives.astype(kind), negatives.astype(kind)
    return counts.values, positives, negatives


def _received(arrays: tuple) -> ScoreCounts:
    return ScoreCounts(*arrays)


def _in_partition(exc: Exception, index: int) -> Exception:
    """``exc`` again, its message saying in which partition the bad data is."""
    again = type(exc)(f"{exc} (in partition {index})")
    return again


def _raw_classes(values: np.ndarray) -> list:
    """The distinct raw labels of a partition that validated as binary (at most two)."""
    if values.dtype.kind in "biuf":
        return sorted({values.min().item(), values.max().item()})
    return sorted(set(np.unique(values).tolist()), key=repr)


def _count_partition(index: int, y_true: Any, y_score: Any, sample_weight: Any, *,
                     pos_label: Any, names: tuple[str, str], n_samples: int):
    """One partition's summary, its raw labels (for the check across partitions) and a sample
    of its scores: ``n_samples`` scores at evenly spaced ranks, each standing for its share of
    the partition's (weighted) rows."""
    if len(y_true) != len(y_score) or (sample_weight is not None
                                       and len(sample_weight) != len(y_score)):
        described = f"{names[0]} has {len(y_true)}, {names[1]} has {len(y_score)}" + (
            "" if sample_weight is None else f", sample_weight has {len(sample_weight)}")
        raise ValueError(f"inputs must have the same length: {described} (in partition {index})")
    if len(y_score) == 0:
        return _shipped(ScoreCounts.empty(weighted=sample_weight is not None)), [], \
            np.empty(0), np.empty(0)
    try:
        weight = None
        if sample_weight is not None:       # a partition may weigh 0: only the sum must not
            weight = check_scores(sample_weight, "sample_weight")
            if np.any(weight < 0):
                check_weights(weight, len(weight))          # raises: negative weights
        label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label,
                                              true_name=names[0], score_name=names[1])
        classes = _raw_classes(as_1d(y_true, names[0]))
    except (TypeError, ValueError) as exc:
        raise _in_partition(exc, index) from None
    if weight is not None and not np.any(weight > 0):
        return _shipped(ScoreCounts.empty(weighted=True)), classes, np.empty(0), np.empty(0)
    counts = tie_groups(label, score, weight)          # validated above: the core's one sort
    sizes = counts.positives + counts.negatives
    total = float(sizes.sum())
    if total == 0:
        return _shipped(counts), classes, np.empty(0), np.empty(0)
    cumulative = np.cumsum(sizes, dtype=np.float64)
    ranks = (np.arange(n_samples) + 0.5) * (total / n_samples)
    picked = np.minimum(np.searchsorted(cumulative, ranks, side="right"), len(counts) - 1)
    return _shipped(counts), classes, counts.values[picked], np.full(n_samples,
                                                                      total / n_samples)


def _split_points(n_ranges: int, pos_label: Any, true_name: str, *parts) -> np.ndarray:
    """The R - 1 split points: weighted quantiles of the partitions' samples at k/R. Also the
    check that needs every partition: together the labels form one binary coding."""
    classes = sorted({value for part in parts for value in part[1]}, key=repr)
    if classes:
        check_labels(np.array(classes), pos_label=pos_label, name=true_name)
    values = np.concatenate([part[2] for part in parts])
    weights = np.concatenate([part[3] for part in parts])
    if values.size == 0:
        if classes and parts[0][0][1].dtype.kind == "f":          # weighted
            raise ValueError("sample_weight must give some sample a positive weight: all are 0")
        return np.empty(0)
    order = np.argsort(values, kind="stable")
    values, cumulative = values[order], np.cumsum(weights[order])
    targets = cumulative[-1] * np.arange(1, n_ranges) / n_ranges
    return values[np.minimum(np.searchsorted(cumulative, targets), values.size - 1)]


def _cut(part, splits: np.ndarray) -> tuple:
    """A partition's summary cut into the value ranges ``[s_k, s_{k+1})``."""
    values, positives, negatives = part[0]
    bounds = np.concatenate(([0], np.searchsorted(values, splits, side="left"),
                             [len(values)]))
    return tuple((values[a:b], positives[a:b], negatives[a:b])
                 for a, b in zip(bounds[:-1], bounds[1:]))


def _merge(*pieces: tuple) -> tuple:
    """One range's pieces from every partition merged in one step: the pieces' sorted values
    joined by a stable sort (a merge of sorted runs), equal values' counts added.
    ``sum(pieces)`` would give the same, merging pairwise in as many passes as pieces."""
    filled = [piece for piece in pieces if len(piece[0])]
    if len(filled) <= 1:
        return filled[0] if filled else pieces[0]
    values = np.concatenate([piece[0] for piece in filled])
    order = np.argsort(values, kind="stable")
    values = values[order]
    starts = np.concatenate(([0], np.flatnonzero(values[1:] != values[:-1]) + 1))
    positives, negatives = (np.add.reduceat(np.concatenate(      # int64: no wrap-around
        [piece[column] for piece in filled])[order].astype(
            np.float64 if filled[0][column].dtype.kind == "f" else np.int64), starts)
        for column in (1, 2))
    return _shipped(ScoreCounts(values[starts], positives, negatives))


class _Offsets(NamedTuple):
    negatives_below: Any
    positives_above: Any
    n_pos: Any
    n_neg: Any


def _range_totals(counts: tuple) -> tuple:
    """A range's positives and negatives (Python int, or float with weights)."""
    kind = float if counts[1].dtype.kind == "f" else int
    return kind(counts[1].sum()), kind(counts[2].sum())


def _range_offsets(*totals: tuple) -> tuple:
    """The prefix across ranges (from their totals alone): for each, the negatives below it
    and positives above it."""
    positives = [pos for pos, _ in totals]
    negatives = [neg for _, neg in totals]
    n_pos, n_neg = sum(positives, 0 * positives[0]), sum(negatives, 0 * negatives[0])
    offsets, below, above = [], 0 * n_neg, n_pos
    for pos, neg in zip(positives, negatives):
        above = above - pos
        offsets.append(_Offsets(below, above, n_pos, n_neg))
        below = below + neg
    return tuple(offsets)


def _range_counts(columns: list[tuple], *, pos_label: Any, names: tuple[str, str],
                  n_ranges: int | None):
    """Delayed: the R range summaries (a distributed sort by value ranges) and their
    offsets."""
    n_ranges = len(columns) if n_ranges is None else n_ranges
    parts = [delayed(_count_partition)(index, *cols, pos_label=pos_label, names=names,
                                      n_samples=SAMPLES_PER_RANGE * n_ranges)
             for index, cols in enumerate(columns)]
    splits = delayed(_split_points)(n_ranges, pos_label, names[0], *parts)
    cuts = [delayed(_cut, nout=n_ranges)(part, splits) for part in parts]
    ranges = [delayed(_merge)(*[cut[k] for cut in cuts]) for k in range(n_ranges)]
    totals = [delayed(_range_totals)(r) for r in ranges]
    offsets = delayed(_range_offsets, nout=n_ranges)(*totals)
    return ranges, [offsets[k] for k in range(n_ranges)], splits


def _sums(counts: tuple, offsets: _Offsets, center: Any = None):
    return auc_range_sums(_received(counts), negatives_below=offsets.negatives_below,
                          positives_above=offsets.positives_above, n_pos=offsets.n_pos,
                          n_neg=offsets.n_neg, center=center)


def _total(*parts):
    return sum(parts[1:], parts[0])


def _quiet_auc(total) -> float:
    """The AUC as the centre of the second pass (weights), without warning on a worker."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return total.auc


def _auc_sums(ranges, offsets, weighted: bool):
    """Delayed: the :class:`~evalcore.AucSums` of the whole data, added over ranges (weights:
    two passes, the second centred on the AUC)."""
    total = delayed(_total)(*[delayed(_sums)(r, o) for r, o in zip(ranges, offsets)])
    if weighted:
        center = delayed(_quiet_auc)(total)
        total = delayed(_total)(*[delayed(_sums)(r, o, center)
                                  for r, o in zip(ranges, offsets)])
    return total


def _prepare(function: str, y_true, y_score, sample_weight, pos_label, n_ranges,
             score_name: str = "y_score"):
    columns = _aligned_partitions({"y_true": y_true, score_name: y_score,
                                   "sample_weight": sample_weight}, function)
    if n_ranges is not None:
        n_ranges = check_int(n_ranges, "n_ranges", low=1)
    return _range_counts(columns, pos_label=pos_label, names=("y_true", score_name),
                         n_ranges=n_ranges)


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
        Scores; higher means more likely positive. Dask arrays are rechunked to the chunks of
        ``y_true``; Series must be partitioned alike (columns of one DataFrame).
    sample_weight : dask.array.Array or dask.dataframe.Series of shape (n,), default=None
        Non-negative weights. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.
    n_ranges : int, default=None
        The number of value ranges the distinct scores are sorted into. ``None``: the number
        of partitions.

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
        As :func:`evalcore.roc_auc` for bad data (the message names the partition), or if the
        inputs differ in length or partitioning.

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
    ranges, offsets, _ = _prepare("roc_auc", y_true, y_score, sample_weight, pos_label,
                                  n_ranges)
    (total,) = dask.compute(_auc_sums(ranges, offsets, sample_weight is not None))
    if not both_classes(total.n_pos, total.n_neg, "ROC AUC", stacklevel=3):
        return math.nan
    return float(total.auc)


def _range_average_precision(counts: tuple, offsets: _Offsets):
    """Σ over the range's groups of (positives at the score) x (precision at the score),
    precision = tp / (tp + fp) for the rule ``score >= value``."""
    counts = _received(counts)
    positives, negatives = counts.positives[::-1], counts.negatives[::-1]
    tps = offsets.positives_above + np.cumsum(positives)
    n_above = offsets.n_neg - offsets.negatives_below - counts.n_neg
    fps = n_above + np.cumsum(negatives)
    return float(np.dot(positives, tps / (tps + fps))) if len(counts) else 0.0


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
        The number of value ranges. ``None``: the number of partitions.

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
    ranges, offsets, _ = _prepare("average_precision", y_true, y_score, sample_weight,
                                  pos_label, n_ranges)
    parts = [delayed(_range_average_precision)(r, o) for r, o in zip(ranges, offsets)]
    total, first = dask.compute(delayed(sum)(parts), offsets[0])
    if not both_classes(first.n_pos, 1, "average precision", stacklevel=3):
        return math.nan
    return float(total / first.n_pos)


# --- the curves, downsampled --------------------------------------------------------------

def _range_points(counts: tuple, offsets: _Offsets, max_points: int):
    """The range's operating points (thresholds decreasing) kept for plotting: where the
    curve's L1 length FPR + TPR from (0, 0) crosses a multiple of 2 / max_points, and the
    range's last point."""
    counts = _received(counts)
    positives, negatives = counts.positives[::-1], counts.negatives[::-1]
    pos_above = offsets.positives_above
    neg_above = offsets.n_neg - offsets.negatives_below - counts.n_neg
    tps, fps = pos_above + np.cumsum(positives), neg_above + np.cumsum(negatives)
    length = np.zeros(len(counts))
    start = 0.0
    if offsets.n_pos > 0:
        length += tps / offsets.n_pos
        start += pos_above / offsets.n_pos
    if offsets.n_neg > 0:
        length += fps / offsets.n_neg
        start += neg_above / offsets.n_neg
    bucket = np.floor(np.concatenate(([start], length)) * (max_points / 2))
    keep = np.flatnonzero(np.diff(bucket) > 0)
    if len(counts) and (keep.size == 0 or keep[-1] != len(counts) - 1):
        keep = np.append(keep, len(counts) - 1)
    return counts.values[::-1][keep], tps[keep], fps[keep]


def _curve_points(function: str, y_true, y_score, sample_weight, pos_label, max_points,
                  n_ranges):
    max_points = check_int(max_points, "max_points", low=2)
    ranges, offsets, _ = _prepare(function, y_true, y_score, sample_weight, pos_label,
                                  n_ranges)
    points = [delayed(_range_points)(r, o, max_points) for r, o in zip(ranges, offsets)]
    weighted = sample_weight is not None
    total = _auc_sums(ranges, offsets, weighted)
    ap = delayed(sum)([delayed(_range_average_precision)(r, o)
                       for r, o in zip(ranges, offsets)])
    points, total, ap = dask.compute(points[::-1], total, ap)   # highest range first
    thresholds = np.concatenate([p[0] for p in points])
    tps = np.concatenate([p[1] for p in points])
    fps = np.concatenate([p[2] for p in points])
    return thresholds, tps, fps, total, ap


def roc_curve(y_true: Any, y_score: Any, *, sample_weight: Any = None, pos_label: Any = None,
              max_points: int = 1000, n_ranges: int | None = None) -> DownsampledRocCurve:
    """The exact ROC curve of data held in Dask collections, thinned for plotting, with its
    exact area.

    The full curve has one point per distinct score (as many as the rows, for continuous
    scores); this keeps about ``max_points`` of them: the first point past each multiple of
    ``2 / max_points`` of the curve's length FPR + TPR (so consecutive points are at most that
    far apart plus one step of the full curve), plus one point per range, the start ``(0, 0)``
    and the end ``(1, 1)``. Every point kept is exact.

    Parameters
    ----------
    y_true, y_score : dask.array.Array or dask.dataframe.Series of shape (n,)
        True binary labels and scores, as in :func:`roc_auc`.
    sample_weight : dask.array.Array or dask.dataframe.Series of shape (n,), default=None
        Non-negative weights. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.
    max_points : int, default=1000
        About how many points to keep, at least 2.
    n_ranges : int, default=None
        The number of value ranges. ``None``: the number of partitions.

    Returns
    -------
    DownsampledRocCurve
        ``(fpr, tpr, thresholds, auc)``, thresholds decreasing from ``inf``; ``auc`` is the
        exact area (of every point, not of those kept). A missing class makes its rate
        ``nan`` (one warning), as :func:`evalcore.roc_curve` does.

    Raises
    ------
    TypeError
        If an input is not a Dask collection, or holds values of the wrong kind.
    ValueError
        For bad data, as :func:`evalcore.roc_curve`; ``max_points`` below 2.

    See Also
    --------
    evalcore.roc_curve : every point, on data in memory.

    Examples
    --------
    >>> import dask.array as da
    >>> from evalcore import dask_evaluation as ecd
    >>> y = da.from_array([0, 1, 0, 1, 1, 0, 0], chunks=3)
    >>> s = da.from_array([0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3], chunks=3)
    >>> curve = ecd.roc_curve(y, s)
    >>> curve.fpr.tolist()
    [0.0, 0.0, 0.0, 0.25, 0.25, 0.5, 0.75, 1.0]
    >>> curve.auc * 12
    11.0
    """
    thresholds, tps, fps, total, _ = _curve_points(
        "roc_curve", y_true, y_score, sample_weight, pos_label, max_points, n_ranges)
    n_pos, n_neg = total.n_pos, total.n_neg
    rate = "false positive rate" if not n_neg > 0 else "true positive rate"
    both_classes(n_pos, n_neg, f"the ROC curve's {rate}", stacklevel=3)
    tps, fps = np.concatenate(([0], tps)), np.concatenate(([0], fps))
    fpr = fps / n_neg if n_neg > 0 else np.full(fps.shape, np.nan)
    tpr = tps / n_pos if n_pos > 0 else np.full(tps.shape, np.nan)
    with warnings.catch_warnings():         # the warning above is the one for this call
        warnings.simplefilter("ignore")
        auc = float(total.auc) if n_pos > 0 and n_neg > 0 else math.nan
    return DownsampledRocCurve(fpr.astype(np.float64), tpr.astype(np.float64),
                               np.concatenate(([np.inf], thresholds)), auc)


def precision_recall_curve(y_true: Any, y_score: Any, *, sample_weight: Any = None,
                           pos_label: Any = None, max_points: int = 1000,
                           n_ranges: int | None = None) -> DownsampledPrecisionRecallCurve:
    """The exact precision-recall curve of data held in Dask collections, thinned for
    plotting, with its exact average precision.

    The points kept are those :func:`roc_curve` keeps (the same thresholds), laid out as
    :func:`evalcore.precision_recall_curve` lays them out.

    Parameters
    ----------
    y_true, y_score : dask.array.Array or dask.dataframe.Series of shape (n,)
        True binary labels and scores, as in :func:`roc_auc`.
    sample_weight : dask.array.Array or dask.dataframe.Series of shape (n,), default=None
        Non-negative weights. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.
    max_points : int, default=1000
        About how many points to keep, at least 2.
    n_ranges : int, default=None
        The number of value ranges. ``None``: the number of partitions.

    Returns
    -------
    DownsampledPrecisionRecallCurve
        ``(precision, recall, thresholds, average_precision)``; with no positives recall is
        ``nan`` and so is the average precision (one warning).

    Raises
    ------
    TypeError
        If an input is not a Dask collection, or holds values of the wrong kind.
    ValueError
        For bad data, as :func:`evalcore.precision_recall_curve`; ``max_points`` below 2.

    See Also
    --------
    evalcore.precision_recall_curve : every point, on data in memory.
    average_precision : the area alone.

    Examples
    --------
    >>> import dask.array as da
    >>> from evalcore import dask_evaluation as ecd
    >>> y = da.from_array([0, 0, 1, 1], chunks=2)
    >>> s = da.from_array([0.1, 0.4, 0.35, 0.8], chunks=2)
    >>> pr = ecd.precision_recall_curve(y, s)
    >>> pr.recall.tolist(), pr.average_precision
    ([1.0, 1.0, 0.5, 0.5, 0.0], 0.8333333333333333)
    """
    thresholds, tps, fps, total, ap = _curve_points(
        "precision_recall_curve", y_true, y_score, sample_weight, pos_label, max_points,
        n_ranges)
    precision = tps / (tps + fps)
    if both_classes(total.n_pos, 1, "recall", stacklevel=3):
        recall, average = tps / total.n_pos, float(ap / total.n_pos)
    else:
        recall, average = np.full(tps.shape, np.nan), math.nan
    return DownsampledPrecisionRecallCurve(
        np.concatenate((precision[::-1], [1.0])), np.concatenate((recall[::-1], [0.0])),
        thresholds[::-1].copy(), average)


# --- DeLong: the variance, the interval and the paired test -------------------------------

def _enough_cases(n_pos: int, n_neg: int, what: str) -> bool:
    """DeLong needs two cases of each class; otherwise warn once, as the in-memory code."""
    if n_pos < 2 or n_neg < 2:
        undefined(f"{what} is undefined: it needs at least 2 positive and 2 negative samples "
                  f"(sample variances divide by m - 1 and n - 1), got {n_pos} positive and "
                  f"{n_neg} negative", stacklevel=4)
        return False
    return True


def _delong_sums(function: str, y_true, y_score, sample_weight, pos_label, n_ranges):
    ranges, offsets, _ = _prepare(function, y_true, y_score, sample_weight, pos_label,
                                  n_ranges)
    (total,) = dask.compute(_auc_sums(ranges, offsets, sample_weight is not None))
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
        The number of value ranges. ``None``: the number of partitions.

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
    if not _enough_cases(total.n_pos, total.n_neg, "DeLong's variance"):
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
        The number of value ranges. ``None``: the number of partitions.

    Returns
    -------
    AucInterval
        ``(low, auc, high)``; ``low`` and ``high`` ``nan`` with one warning if a class has
        fewer than two samples (``auc`` too if a class is missing).

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
    >>> [round(v, 4) for v in ecd.roc_auc_ci(y, s)]
    [0.6857, 0.9167, 1.0]
    """
    check_one_of(method, ("delong",), "method")
    level = check_level(level)
    total = _delong_sums("roc_auc_ci", y_true, y_score, sample_weight, pos_label, n_ranges)
    if not _enough_cases(total.n_pos, total.n_neg, "the AUC's confidence interval"):
        both = total.n_pos > 0 and total.n_neg > 0
        return AucInterval(math.nan, float(total.auc) if both else math.nan, math.nan)
    auc = float(total.auc)
    half = normal_quantile(0.5 + level / 2) * math.sqrt(total.delong_variance)
    return AucInterval(max(0.0, auc - half), auc, min(1.0, auc + half))


def _cut_rows(y_true, y_score_a, y_score_b, splits_a, splits_b, *,
              pos_label: Any):
    """A partition's rows (validated in the first pass) cut by range, under each classifier:
    for each range, the rows' positions, labels (0/1) and scores."""
    if len(y_true) == 0:
        empty = (np.empty(0, dtype=np.intp), np.empty(0, dtype=np.int8), np.empty(0))
        return 0, (empty,) * (len(splits_a) + 1), (empty,) * (len(splits_b) + 1)
    label, score_a, _ = check_binary_scores(y_true, y_score_a, pos_label=pos_label)
    _, score_b, _ = check_binary_scores(y_true, y_score_b, pos_label=pos_label)
    cut = []
    for score, splits in ((score_a, splits_a), (score_b, splits_b)):
        which = np.searchsorted(splits, score, side="right")
        order = np.argsort(which, kind="stable")
        bounds = np.searchsorted(which[order], np.arange(len(splits) + 2))
        cut.append(tuple((order[a:b], label[order[a:b]], score[order[a:b]])
                         for a, b in zip(bounds[:-1], bounds[1:])))
    return len(label), cut[0], cut[1]


def _placement_table(counts: tuple, offsets: _Offsets):
    """DeLong's placement values of the range's distinct scores: V10 (for a positive scoring
    there) and V01 (for a negative), from the counts below and above (the range's
    cumulative counts plus its offsets), each an exact ratio rounded once."""
    counts = _received(counts)
    negatives, positives = counts.negatives, counts.positives
    neg_below = offsets.negatives_below + (np.cumsum(negatives) - negatives)
    pos_above = offsets.positives_above + (counts.n_pos - np.cumsum(positives))
    v10 = (2 * neg_below + negatives) / (2 * offsets.n_neg)
    v01 = (2 * pos_above + positives) / (2 * offsets.n_pos)
    return counts.values, v10, v01


def _look_up(rows, table):
    positions, label, score = rows
    values, v10, v01 = table
    at = np.searchsorted(values, score)
    return positions, np.where(label == 1, v10[at], v01[at])


def _paired_sums(n_rows: int, center: float, label_rows, *looked_up):
    """Σ (d − c) and Σ (d − c)² over the positives and over the negatives of a partition,
    d = the difference of the case's two placement values, c = AUC_a − AUC_b."""
    half = len(looked_up) // 2
    placements = []
    for found in (looked_up[:half], looked_up[half:]):
        values = np.empty(n_rows)
        for positions, placed in found:
            values[positions] = placed
        placements.append(values)
    label = np.empty(n_rows, dtype=np.int8)
    for positions, labels, _ in label_rows:
        label[positions] = labels
    deviation = placements[0] - placements[1] - center
    is_pos = label == 1
    pos, neg = deviation[is_pos], deviation[~is_pos]
    return np.array([pos.sum(), np.dot(pos, pos), neg.sum(), np.dot(neg, neg)])


def _comparison(difference: float, variance: float, level: float,
                alternative: str) -> AucComparison:
    """The paired test's result from the difference and its variance (as in memory)."""
    if variance == 0.0:
        if difference == 0.0:
            undefined("DeLong's paired test is undefined: the two AUCs are equal and the "
                      "variance of their difference is 0 (for example identical scores)",
                      stacklevel=4)
            return AucComparison(math.nan, math.nan, 0.0, 0.0, 0.0)
        up = difference > 0
        pvalue = {"two-sided": 0.0, "greater": 0.0 if up else 1.0,
                  "less": 1.0 if up else 0.0}[alternative]
        return AucComparison(math.copysign(math.inf, difference), pvalue, difference,
                             difference, difference)
    statistic = difference / math.sqrt(variance)
    half = normal_quantile(0.5 + level / 2) * math.sqrt(variance)
    pvalue = {"two-sided": normal_two_sided_pvalue(statistic),
              "greater": normal_cdf(-statistic), "less": normal_cdf(statistic)}[alternative]
    return AucComparison(statistic, pvalue, difference, max(-1.0, difference - half),
                         min(1.0, difference + half))


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
        The number of value ranges. ``None``: the number of partitions.

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
    columns = _aligned_partitions({"y_true": y_true, "y_score_a": y_score_a,
                                   "y_score_b": y_score_b}, "delong_test")
    first = [(true, a, None) for true, a, _ in columns]
    second = [(true, b, None) for true, _, b in columns]
    ranges_a, offsets_a, splits_a = _range_counts(first, pos_label=pos_label,
                                                  names=("y_true", "y_score_a"),
                                                  n_ranges=n_ranges)
    ranges_b, offsets_b, splits_b = _range_counts(second, pos_label=pos_label,
                                                  names=("y_true", "y_score_b"),
                                                  n_ranges=n_ranges)
    # the first pass; its range summaries stay on the cluster (persisted) for the second
    n_ranges = len(ranges_a)
    persisted = dask.persist(*ranges_a, *offsets_a, *ranges_b, *offsets_b, splits_a, splits_b)
    ranges_a, offsets_a, ranges_b, offsets_b = (
        list(persisted[i * n_ranges:(i + 1) * n_ranges]) for i in range(4))
    splits_a, splits_b = persisted[-2:]
    total_a, total_b = dask.compute(_auc_sums(ranges_a, offsets_a, False),
                                    _auc_sums(ranges_b, offsets_b, False))
    if not _enough_cases(total_a.n_pos, total_a.n_neg, "DeLong's paired test"):
        return AucComparison(math.nan, math.nan, math.nan, math.nan, math.nan)
    difference = float(total_a.auc) - float(total_b.auc)
    tables_a = [delayed(_placement_table)(r, o) for r, o in zip(ranges_a, offsets_a)]
    tables_b = [delayed(_placement_table)(r, o) for r, o in zip(ranges_b, offsets_b)]
    sums = []
    for true, a, b in columns:
        n_rows, cut_a, cut_b = delayed(_cut_rows, nout=3)(true, a, b, splits_a, splits_b,
                                                          pos_label=pos_label)
        rows_a = [cut_a[k] for k in range(n_ranges)]
        looked_up = [delayed(_look_up)(rows, table) for rows, table in zip(rows_a, tables_a)]
        looked_up += [delayed(_look_up)(cut_b[k], table) for k, table in enumerate(tables_b)]
        sums.append(delayed(_paired_sums)(n_rows, difference, rows_a, *looked_up))
    (totals,) = dask.compute(delayed(sum)(sums))
    m, n = total_a.n_pos, total_a.n_neg
    s10 = (totals[1] - totals[0] ** 2 / m) / (m - 1)
    s01 = (totals[3] - totals[2] ** 2 / n) / (n - 1)
    return _comparison(difference, max(s10 / m + s01 / n, 0.0), level, alternative)


