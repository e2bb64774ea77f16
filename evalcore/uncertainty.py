"""How sure are we? Standard errors, confidence intervals and tests for the ROC AUC.

The AUC measured on a test set is an estimate: another test set of the same size would give
another number. DeLong, DeLong and Clarke-Pearson (1988) derive its variance from the
*placement values* of the cases. With ψ(x, y) = 1, ½ or 0 as the positive score x is above,
tied with or below the negative score y, and m positives X, n negatives Y:

* ``V10(X_i) = (1/n) Σ_j ψ(X_i, Y_j)``, the share of negatives that positive i outscores;
* ``V01(Y_j) = (1/m) Σ_i ψ(X_i, Y_j)``, the share of positives that outscore negative j;
* the AUC is the mean of either; with S10 and S01 their sample variances (divisor m − 1 and
  n − 1), ``var(AUC) = S10/m + S01/n``.

Sun and Xu (2014) compute the placements from mid-ranks, in O(n log n) instead of O(m·n).
Here they come from evalcore's own tie groups (one sort; tied scores form one group, which
is what gives ties their ½): a positive in a group is placed above the negatives of all lower
groups plus half the negatives of its own group, and likewise for negatives.

Intervals use the normal approximation ``AUC ± z·SE`` on the AUC scale, clipped to [0, 1],
as pROC's ``ci.auc(method="delong")`` does; near AUC = 1 with few cases the interval is too
narrow (see the chapter), and a stratified bootstrap is the alternative. Every function
needs at least two positives and two negatives (the sample variances divide by m − 1 and
n − 1); with fewer the result is ``nan`` with one :class:`~evalcore.UndefinedMetricWarning`.
Sample weights are not supported.

All examples use the seven cases of the ST445 slides, whose AUC is 11/12 and whose DeLong
variance works out by hand to exactly 1/72 (see :func:`delong_variance`).
"""

from __future__ import annotations

import math
import numbers
import warnings
from typing import Any, Callable, NamedTuple

import numpy as np

from ._normal import normal_cdf, normal_quantile, normal_two_sided_pvalue
from ._special import student_t_quantile, student_t_sf
from ._ranking import TieGroups, _groups_from_sorted, tie_groups
from ._validation import (UndefinedMetricWarning, check_alternative, check_binary_scores,
                          check_metric, check_random_state, check_same_length, check_scores,
                          metric_value, undefined)
from .curves import _auc_rank


class AucInterval(NamedTuple):
    """A confidence interval for the ROC AUC: ``low <= auc <= high``."""

    low: float
    auc: float
    high: float


class MetricInterval(NamedTuple):
    """A confidence interval ``(low, high)`` around a metric's ``estimate`` on the full data."""

    low: float
    estimate: float
    high: float


class AucComparison(NamedTuple):
    """The result of a DeLong test of AUC_a = AUC_b.

    ``statistic`` is difference / SE, ``pvalue`` its p-value (for the test's
    ``alternative``), ``difference`` is AUC_a − AUC_b and ``(low, high)`` its two-sided
    confidence interval. ``df`` is the degrees of freedom of the Student t reference
    distribution: ``inf`` for the paired test (normal), Welch-Satterthwaite's for the
    unpaired one.
    """

    statistic: float
    pvalue: float
    difference: float
    low: float
    high: float
    df: float = math.inf


class AucSampleSize(NamedTuple):
    """How many positives and negatives :func:`auc_sample_size` asks for, and the width
    of the interval they give."""

    positives: int
    negatives: int
    width: float


# ----------------------------------------------------------------------------- validation

def _check_level(level: Any) -> float:
    if isinstance(level, bool) or not isinstance(level, numbers.Real):
        raise TypeError(f"level must be a real number in (0, 1), got {level!r}")
    if not 0.0 < level < 1.0:
        raise ValueError(f"level must lie strictly between 0 and 1 (for example 0.95 for a "
                         f"95% interval), got {level!r}")
    return float(level)


def _check_n_boot(n_boot: Any) -> int:
    if isinstance(n_boot, bool) or not isinstance(n_boot, numbers.Integral):
        raise TypeError(f"n_boot must be an integer, got {n_boot!r}")
    if n_boot < 1:
        raise ValueError(f"n_boot must be at least 1 (the number of bootstrap samples), "
                         f"got {n_boot!r}")
    return int(n_boot)


def _enough_cases(label: np.ndarray, what: str) -> bool:
    """DeLong needs two cases of each class; otherwise warn once and say so."""
    positives = int(np.count_nonzero(label))
    negatives = label.shape[0] - positives
    if positives < 2 or negatives < 2:
        undefined(f"{what} is undefined: it needs at least 2 positive and 2 negative samples "
                  f"(sample variances divide by m - 1 and n - 1), got {positives} positive "
                  f"and {negatives} negative", stacklevel=4)
        return False
    return True


# ----------------------------------------------------------------------------- placements

def _group_placements(groups: TieGroups) -> tuple[np.ndarray, np.ndarray]:
    """Placement values per tie group: V10 for its positives, V01 for its negatives."""
    pos, neg = groups.positives, groups.negatives
    total_pos, total_neg = pos.sum(), neg.sum()
    neg_below = np.cumsum(neg) - neg
    pos_above = total_pos - np.cumsum(pos)
    v10 = (neg_below + 0.5 * neg) / total_neg
    v01 = (pos_above + 0.5 * pos) / total_pos
    return v10, v01


def _sample_placements(label: np.ndarray, score: np.ndarray) -> tuple[float, np.ndarray]:
    """The AUC and each sample's placement value (V10 for positives, V01 for negatives).

    One argsort (stability is not needed: a group is all the samples with one score value);
    tied scores form one group through the same helper as :func:`tie_groups`, so the AUC is
    bit for bit :func:`evalcore.roc_auc`'s.
    """
    order = np.argsort(score)
    sorted_score, sorted_label = score[order], label[order]
    starts, pos, neg = _groups_from_sorted(sorted_score, sorted_label, None)
    groups = TieGroups(sorted_score[starts], pos, neg)
    v10, v01 = _group_placements(groups)
    sizes = pos + neg
    placed = np.where(sorted_label == 1, np.repeat(v10, sizes), np.repeat(v01, sizes))
    placements = np.empty_like(placed)
    placements[order] = placed
    return _auc_rank(groups), placements


def _variance_of(placements: np.ndarray, label: np.ndarray) -> float:
    """S10/m + S01/n from per-sample placements (or placement differences)."""
    is_pos = label == 1
    v10, v01 = placements[is_pos], placements[~is_pos]
    return float(v10.var(ddof=1) / v10.shape[0] + v01.var(ddof=1) / v01.shape[0])


def _auc_and_variance(label: np.ndarray, score: np.ndarray) -> tuple[float, float]:
    groups = tie_groups(label, score)
    v10, v01 = _group_placements(groups)
    auc = _auc_rank(groups)
    m, n = groups.positives.sum(), groups.negatives.sum()
    s10 = float(np.dot(groups.positives, (v10 - auc) ** 2)) / (m - 1)
    s01 = float(np.dot(groups.negatives, (v01 - auc) ** 2)) / (n - 1)
    return auc, float(s10 / m + s01 / n)


# ----------------------------------------------------------------------------- public API

def delong_variance(y_true: Any, y_score: Any, *, pos_label: Any = None) -> float:
    """DeLong's estimate of the variance of the empirical ROC AUC.

    ``var = S10/m + S01/n``, where S10 and S01 are the sample variances of the positives'
    and the negatives' placement values (see the module docstring). Computed from one sort
    in O(n log n) (Sun and Xu's algorithm, on evalcore's tie groups).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    pos_label : optional
        The positive label when labels are not {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    float
        The variance (its square root is the AUC's standard error); ``nan`` with one
        :class:`~evalcore.UndefinedMetricWarning` with fewer than two samples of a class.

    Examples
    --------
    On the slides' seven cases the positives outscore 1, 1 and 3/4 of the negatives and the
    negatives are outscored by 1, 2/3, 1 and 1 of the positives, so S10 = 1/48, S01 = 1/36
    and the variance is (1/48)/3 + (1/36)/4 = 1/72:

    >>> import evalcore as ec
    >>> y = [0, 1, 0, 1, 1, 0, 0]
    >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> round(1 / ec.delong_variance(y, s), 9)
    72.0
    """
    label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)
    if not _enough_cases(label, "DeLong's variance"):
        return math.nan
    return _auc_and_variance(label, score)[1]


def _normal_interval(estimate: float, variance: float, level: float,
                     bounds: tuple[float, float]) -> tuple[float, float]:
    half = normal_quantile(0.5 + level / 2) * math.sqrt(variance)
    return max(bounds[0], estimate - half), min(bounds[1], estimate + half)


def roc_auc_ci(y_true: Any, y_score: Any, *, level: float = 0.95, method: str = "delong",
               n_boot: int = 2000, random_state: Any = None,
               pos_label: Any = None) -> AucInterval:
    """A confidence interval for the ROC AUC: DeLong's, on the logit scale, Hanley-McNeil's,
    or a stratified bootstrap.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        True binary labels and scores.
    level : float
        Confidence level, strictly between 0 and 1.
    method : {"delong", "logit", "hanley_mcneil", "bootstrap"}
        ``"delong"``: ``AUC ± z·SE`` with DeLong's standard error and z the normal quantile
        at ``(1 + level)/2``, clipped to [0, 1] (the choice of pROC's ``ci.auc``; it needs no
        resampling, but it is a large-sample approximation and too narrow near AUC = 1 on
        small samples). ``"logit"``: the same normal interval built on the logit scale,
        ``logit(AUC) ± z·SE/(AUC·(1 − AUC))`` (DeLong's SE carried over by the delta
        method) and mapped back with the logistic function, so it is asymmetric and never
        leaves (0, 1); undefined at AUC = 0 or 1, where the logit is infinite.
        ``"hanley_mcneil"``: ``AUC ± z·SE`` with Hanley and McNeil's (1982) SE, which
        assumes exponential score distributions: ``SE² = (A(1 − A) + (P − 1)(Q1 − A²) +
        (N − 1)(Q2 − A²)) / (P·N)`` with ``Q1 = A/(2 − A)`` and ``Q2 = 2A²/(1 + A)``,
        clipped to [0, 1]. ``"bootstrap"``: the percentile interval of :func:`bootstrap_ci`
        with ``n_boot`` stratified resamples.
    n_boot : int
        Number of bootstrap resamples (``method="bootstrap"`` only).
    random_state : None, int or numpy.random.Generator
        Seed for the bootstrap; the same seed gives the same interval.
    pos_label : optional
        The positive label when labels are not {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    AucInterval
        ``(low, auc, high)``; all ``nan`` (``auc`` too if a class is missing) with one
        :class:`~evalcore.UndefinedMetricWarning` if a class has fewer than two samples.

    Examples
    --------
    Seven cases say little: the 95% interval around 11/12 reaches down to about 0.69.

    >>> import evalcore as ec
    >>> y = [0, 1, 0, 1, 1, 0, 0]
    >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> [round(v, 4) for v in ec.roc_auc_ci(y, s)]
    [0.6857, 0.9167, 1.0]
    >>> [round(v, 4) for v in ec.roc_auc_ci(y, s, method="logit")]
    [0.3484, 0.9167, 0.9956]
    >>> [round(v, 4) for v in ec.roc_auc_ci(y, s, method="hanley_mcneil")]
    [0.6651, 0.9167, 1.0]
    >>> boot = ec.roc_auc_ci(y, s, method="bootstrap", n_boot=500, random_state=0)
    >>> boot.auc == 11 / 12 and boot.low < boot.auc <= boot.high
    True
    """
    if method not in _CI_METHODS:
        raise ValueError(f"method must be 'delong', 'logit', 'hanley_mcneil' or 'bootstrap', "
                         f"got {method!r}")
    level = _check_level(level)
    label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)
    if method == "bootstrap":
        n_boot = _check_n_boot(n_boot)
        rng = check_random_state(random_state)
    if not _enough_cases(label, "the AUC's confidence interval"):
        both = 0 < np.count_nonzero(label) < label.shape[0]
        return AucInterval(math.nan, _auc_of_valid(label, score) if both else math.nan,
                           math.nan)
    if method == "bootstrap":
        low, auc, high = _bootstrap(label, score, _auc_of_valid, level, n_boot, rng)
        return AucInterval(low, auc, high)
    auc, variance = _auc_and_variance(label, score)
    if method == "hanley_mcneil":
        positives = int(np.count_nonzero(label))
        variance = _hanley_mcneil_variance(auc, positives, label.shape[0] - positives)
    elif method == "logit":
        if auc in (0.0, 1.0):
            undefined(f"the logit interval is undefined at AUC = {auc:g}: its logit is "
                      f"infinite", stacklevel=3)
            return AucInterval(math.nan, auc, math.nan)
        half = normal_quantile(0.5 + level / 2) * math.sqrt(variance) / (auc * (1.0 - auc))
        centre = math.log(auc / (1.0 - auc))
        return AucInterval(_expit(centre - half), auc, _expit(centre + half))
    low, high = _normal_interval(auc, variance, level, (0.0, 1.0))
    return AucInterval(low, auc, high)


_CI_METHODS = ("delong", "logit", "hanley_mcneil", "bootstrap")


def _expit(x: float) -> float:
    """The logistic function 1/(1 + e^−x), without overflow."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def _hanley_mcneil_variance(auc: float, positives: int | float, negatives: int | float) -> float:
    """Hanley and McNeil's (1982) variance of the AUC (their eq. 2, P = n_A, N = n_N)."""
    q1 = auc / (2.0 - auc)
    q2 = 2.0 * auc * auc / (1.0 + auc)
    square = auc * auc
    return ((auc * (1.0 - auc) + (positives - 1) * (q1 - square)
             + (negatives - 1) * (q2 - square)) / (positives * negatives))


def auc_sample_size(auc: float, *, width: float, level: float = 0.95,
                    ratio: float = 1.0) -> AucSampleSize:
    """How many positives and negatives give an AUC interval of the wanted total width.

    Plans a study from an anticipated AUC: the smallest number of positives P, with
    ``N = ceil(ratio·P)`` negatives, for which the normal interval ``AUC ± z·SE`` with
    Hanley and McNeil's (1982) standard error (see :func:`roc_auc_ci`,
    ``method="hanley_mcneil"``) is at most ``width`` wide in total (``2·z·SE <= width``,
    before any clipping to [0, 1]).

    Parameters
    ----------
    auc : float
        The anticipated AUC, strictly between 0 and 1.
    width : float
        The wanted total width of the interval (high − low), positive.
    level : float
        Confidence level, strictly between 0 and 1.
    ratio : float
        Negatives per positive (for example 4 when the disease is rare and four controls
        are enrolled per case), positive.

    Returns
    -------
    AucSampleSize
        ``(positives, negatives, width)``: the counts and the width they achieve.

    See Also
    --------
    roc_auc_ci : the interval itself.

    References
    ----------
    J. A. Hanley and B. J. McNeil (1982), "The meaning and use of the area under a
    receiver operating characteristic (ROC) curve", *Radiology* 143(1), 29-36.

    Examples
    --------
    To pin an AUC of about 0.8 down to ± 0.05 (a total width of 0.1) at 95%:

    >>> import evalcore as ec
    >>> plan = ec.auc_sample_size(0.8, width=0.1)
    >>> plan.positives, plan.negatives, round(plan.width, 4)
    (151, 151, 0.1)

    Four controls per case save positives, at the price of many more cases in all:

    >>> ec.auc_sample_size(0.8, width=0.1, ratio=4)[:2]
    (120, 480)
    """
    if isinstance(auc, bool) or not isinstance(auc, numbers.Real):
        raise TypeError(f"auc must be a real number in (0, 1), got {auc!r}")
    if not 0.0 < auc < 1.0:
        raise ValueError(f"auc must lie strictly between 0 and 1 (at 0 or 1 the Hanley-McNeil "
                         f"variance is 0), got {auc!r}")
    if isinstance(width, bool) or not isinstance(width, numbers.Real):
        raise TypeError(f"width must be a real number, got {width!r}")
    if not 0.0 < width <= 1.0:
        raise ValueError(f"width must lie in (0, 1] (the total width high - low of an AUC "
                         f"interval), got {width!r}")
    level = _check_level(level)
    if isinstance(ratio, bool) or not isinstance(ratio, numbers.Real) or not math.isfinite(ratio):
        raise TypeError(f"ratio must be a finite real number, got {ratio!r}")
    if ratio <= 0:
        raise ValueError(f"ratio must be positive (negatives per positive), got {ratio!r}")
    auc, width, ratio = float(auc), float(width), float(ratio)
    z = normal_quantile(0.5 + level / 2)

    def achieved(positives: int) -> float:
        negatives = max(1, math.ceil(ratio * positives))
        variance = _hanley_mcneil_variance(auc, positives, negatives)
        return 2.0 * z * math.sqrt(max(variance, 0.0))

    # the width falls as P grows: double up to a P wide enough, then bisect
    low, high = 0, 1
    while achieved(high) > width:
        low, high = high, 2 * high
    while high - low > 1:
        middle = (low + high) // 2
        if achieved(middle) > width:
            low = middle
        else:
            high = middle
    return AucSampleSize(high, max(1, math.ceil(ratio * high)), achieved(high))


def _auc_of_valid(label: np.ndarray, score: np.ndarray) -> float:
    return _auc_rank(tie_groups(label, score))


def _bootstrap(label: np.ndarray, score: np.ndarray, metric: Callable, level: float,
               n_boot: int, rng: np.random.Generator) -> tuple[float, float, float]:
    estimate = metric_value(metric, label, score)
    positives, negatives = np.flatnonzero(label == 1), np.flatnonzero(label == 0)
    replicates = np.empty(n_boot)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        for b in range(n_boot):
            # stratified: each class is resampled within itself, so P and N never change
            index = np.concatenate((positives[rng.integers(0, positives.size, positives.size)]
                                    if positives.size else positives,
                                    negatives[rng.integers(0, negatives.size, negatives.size)]
                                    if negatives.size else negatives))
            replicates[b] = metric_value(metric, label[index], score[index])
    failed = int(np.count_nonzero(np.isnan(replicates)))
    if failed:
        undefined(f"the bootstrap interval is undefined: the metric was undefined (nan) on "
                  f"{failed} of {n_boot} resamples", stacklevel=4)
        return math.nan, estimate, math.nan
    low, high = np.quantile(replicates, [0.5 - level / 2, 0.5 + level / 2])
    return float(low), estimate, float(high)


def bootstrap_ci(y_true: Any, y_score: Any, metric: Callable[[np.ndarray, np.ndarray], float],
                 *, level: float = 0.95, n_boot: int = 2000, random_state: Any = None,
                 pos_label: Any = None) -> MetricInterval:
    """A stratified, seeded percentile-bootstrap interval for any metric of labels and scores.

    Each of ``n_boot`` resamples draws the positives with replacement from the positives and
    the negatives from the negatives, so every resample keeps the class counts P and N of
    the data (a test set whose prevalence was fixed by design, and no resample without
    positives). The interval runs between the ``(1 − level)/2`` and ``(1 + level)/2``
    quantiles of the metric over the resamples.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        True binary labels and scores.
    metric : callable
        ``metric(y_true, y_score) -> float``; it receives the labels coded as a 0/1 int array
        and the scores as float64. For a metric at a threshold, wrap it, e.g.
        ``lambda y, s: ec.confusion_matrix_at(y, s, 0.5).precision``.
    level : float
        Confidence level, strictly between 0 and 1.
    n_boot : int
        Number of resamples.
    random_state : None, int or numpy.random.Generator
        Seed; the same seed gives the same interval.
    pos_label : optional
        The positive label when labels are not {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    MetricInterval
        ``(low, estimate, high)`` with ``estimate`` the metric on the full data. If the
        metric is undefined (``nan``) on some resamples, ``low`` and ``high`` are ``nan``,
        with one :class:`~evalcore.UndefinedMetricWarning` saying on how many.

    Examples
    --------
    The recall at threshold 0.55 (rule ``>``) on the slides' seven cases is 2/3:

    >>> import evalcore as ec
    >>> y = [0, 1, 0, 1, 1, 0, 0]
    >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> recall = lambda y, s: ec.confusion_matrix_at(y, s, 0.55).tpr
    >>> ci = ec.bootstrap_ci(y, s, recall, n_boot=1000, random_state=0)
    >>> round(ci.estimate, 4), ci.low, ci.high
    (0.6667, 0.0, 1.0)
    """
    check_metric(metric)
    level = _check_level(level)
    n_boot = _check_n_boot(n_boot)
    rng = check_random_state(random_state)
    label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)
    return MetricInterval(*_bootstrap(label, score, metric, level, n_boot, rng))


def _comparison(difference: float, variance: float, level: float, what: str,
                alternative: str, df: float = math.inf) -> AucComparison:
    if variance == 0.0:
        if difference == 0.0:
            undefined(f"{what} is undefined: the two AUCs are equal and the variance of their "
                      f"difference is 0 (for example identical scores)", stacklevel=4)
            return AucComparison(math.nan, math.nan, 0.0, 0.0, 0.0, df)
        up = difference > 0
        pvalue = {"two-sided": 0.0, "greater": 0.0 if up else 1.0,
                  "less": 1.0 if up else 0.0}[alternative]
        return AucComparison(math.copysign(math.inf, difference), pvalue, difference,
                             difference, difference, df)
    statistic = difference / math.sqrt(variance)
    if math.isinf(df):
        low, high = _normal_interval(difference, variance, level, (-1.0, 1.0))
        upper, lower = normal_cdf(-statistic), normal_cdf(statistic)
        two_sided = normal_two_sided_pvalue(statistic)
    else:
        half = student_t_quantile(0.5 + level / 2, df) * math.sqrt(variance)
        low, high = max(-1.0, difference - half), min(1.0, difference + half)
        upper, lower = student_t_sf(statistic, df), student_t_sf(-statistic, df)
        two_sided = min(1.0, 2.0 * student_t_sf(abs(statistic), df))
    pvalue = {"two-sided": two_sided, "greater": upper, "less": lower}[alternative]
    return AucComparison(statistic, pvalue, difference, low, high, df)


def delong_test(y_true: Any, y_score_a: Any, y_score_b: Any, *, level: float = 0.95,
                alternative: str = "two-sided", pos_label: Any = None) -> AucComparison:
    """DeLong's paired test of two ROC AUCs measured on the same cases.

    Both classifiers score the same test set, so their AUCs are correlated; the test uses
    the variance of the difference of the placement values case by case,
    ``var(AUC_a − AUC_b) = S10[a−b]/m + S01[a−b]/n``, which equals
    ``var_a + var_b − 2·cov_ab`` (DeLong et al. 1988; pROC's ``roc.test(paired=TRUE)``).
    Treating the two AUCs as independent (:func:`delong_test_unpaired`) ignores the
    covariance, which is usually positive, and so loses power.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score_a, y_score_b : array-like of shape (n,)
        Two classifiers' scores for the same cases, in the same order.
    level : float
        Confidence level of the (two-sided) interval for AUC_a − AUC_b.
    alternative : {"two-sided", "greater", "less"}
        The alternative hypothesis: AUC_a ≠ AUC_b, AUC_a > AUC_b or AUC_a < AUC_b (the
        p-value is ``P(|Z| ≥ |z|)``, P(Z ≥ z) or P(Z ≤ z) for a standard normal Z).
    pos_label : optional
        The positive label when labels are not {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    AucComparison
        ``(statistic, pvalue, difference, low, high, df)``: z, its p-value, AUC_a − AUC_b,
        the interval ``difference ± z·SE`` clipped to [−1, 1], and ``df = inf`` (the
        reference distribution is the normal). If the difference and its
        variance are both 0 (identical scores, say) the test is undefined: statistic and
        p-value are ``nan`` with one :class:`~evalcore.UndefinedMetricWarning`. A nonzero
        difference with zero variance gives ``±inf`` and p-value 0.

    Examples
    --------
    Murphy's second classifier (his Table 2) drops one positive below two negatives (and
    level with a third) and lifts one negative level with a positive. On nine cases the
    drop in AUC from 1 to 0.85 is far from significant:

    >>> import evalcore as ec
    >>> y, s1 = ec.murphy_classifier(1)
    >>> _, s2 = ec.murphy_classifier(2)
    >>> test = ec.delong_test(y, s1, s2)
    >>> round(test.difference, 4), round(test.statistic, 4), round(test.pvalue, 4)
    (0.15, 1.0924, 0.2747)
    """
    level = _check_level(level)
    alternative = check_alternative(alternative)
    label, score_a, _ = check_binary_scores(y_true, y_score_a, pos_label=pos_label)
    score_b = check_scores(y_score_b, name="y_score_b")
    check_same_length(y_score_a=score_a, y_score_b=score_b)
    if not _enough_cases(label, "DeLong's paired test"):
        return AucComparison(math.nan, math.nan, math.nan, math.nan, math.nan, math.inf)
    auc_a, placements_a = _sample_placements(label, score_a)
    auc_b, placements_b = _sample_placements(label, score_b)
    variance = _variance_of(placements_a - placements_b, label)
    return _comparison(auc_a - auc_b, variance, level, "DeLong's paired test", alternative)


def _check_sample(y_true: Any, y_score: Any, pos_label: Any, which: str):
    """Validate one sample of the unpaired test; messages name ``y_true_a``, ``y_score_b``..."""
    try:
        label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)
    except (TypeError, ValueError) as exc:
        message = str(exc).replace("y_true", f"y_true_{which}").replace("y_score",
                                                                         f"y_score_{which}")
        raise type(exc)(message) from None
    return label, score


def delong_test_unpaired(y_true_a: Any, y_score_a: Any, y_true_b: Any, y_score_b: Any, *,
                         level: float = 0.95, alternative: str = "two-sided",
                         pos_label: Any = None) -> AucComparison:
    """DeLong's test of two ROC AUCs measured on independent samples.

    ``D = (AUC_a − AUC_b) / sqrt(var_a + var_b)`` with each variance from
    :func:`delong_variance`, referred, as pROC's ``roc.test(paired=FALSE,
    method="delong")`` does, to Student's t with Welch-Satterthwaite degrees of freedom
    ``df = (var_a + var_b)² / (var_a²/(n_a − 1) + var_b²/(n_b − 1))``, n_a and n_b the sizes
    of the two samples. Use it when the two AUCs come from different cases; on the same
    cases, use :func:`delong_test`.

    Parameters
    ----------
    y_true_a, y_score_a : array-like
        Labels and scores of the first sample.
    y_true_b, y_score_b : array-like
        Labels and scores of the second sample (any length).
    level : float
        Confidence level of the interval ``difference ± t·SE`` for AUC_a − AUC_b, with t
        the Student quantile at ``df``.
    alternative : {"two-sided", "greater", "less"}
        AUC_a ≠ AUC_b, AUC_a > AUC_b or AUC_a < AUC_b.
    pos_label : optional
        The positive label (for both samples) when labels are not {0, 1}, {-1, 1} or
        booleans.

    Returns
    -------
    AucComparison
        As :func:`delong_test`, with ``df`` the Welch-Satterthwaite degrees of freedom.

    References
    ----------
    E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson (1988), "Comparing the areas under
    two or more correlated receiver operating characteristic curves: a nonparametric
    approach", *Biometrics* 44(3), 837-845. X. Robin et al. (2011), "pROC: an open-source
    package for R and S+ to analyze and compare ROC curves", *BMC Bioinformatics* 12, 77.

    Examples
    --------
    The slides' seven cases against Murphy's nine (classifier 2):

    >>> import evalcore as ec
    >>> y7, s7 = ec.vojnovic_seven()
    >>> y9, s9 = ec.murphy_classifier(2)
    >>> test = ec.delong_test_unpaired(y7, s7, y9, s9)
    >>> round(test.difference, 4), round(test.pvalue, 2), round(test.df, 1)
    (0.0667, 0.72, 14.0)
    """
    level = _check_level(level)
    alternative = check_alternative(alternative)
    label_a, score_a = _check_sample(y_true_a, y_score_a, pos_label, "a")
    label_b, score_b = _check_sample(y_true_b, y_score_b, pos_label, "b")
    what = "DeLong's unpaired test"
    if not (_enough_cases(label_a, what) and _enough_cases(label_b, what)):
        return AucComparison(math.nan, math.nan, math.nan, math.nan, math.nan, math.nan)
    auc_a, var_a = _auc_and_variance(label_a, score_a)
    auc_b, var_b = _auc_and_variance(label_b, score_b)
    total = var_a + var_b
    df = (total * total / (var_a * var_a / (label_a.shape[0] - 1)
                           + var_b * var_b / (label_b.shape[0] - 1))) if total > 0 else math.nan
    return _comparison(auc_a - auc_b, total, level, what, alternative, df)
