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
import warnings
from typing import Any, Callable, NamedTuple

import numpy as np

from ._normal import normal_cdf, normal_quantile, normal_two_sided_pvalue
from ._special import student_t_quantile, student_t_sf
from ._ranking import (TieGroups, auc_from_groups, groups_from_sorted, roc_points, score_order,
                       tie_groups)
from ._validation import (UndefinedMetricWarning, both_classes, check_alternative,
                          check_binary_scores, check_bool, check_int, check_metric,
                          check_one_of, check_random_state, check_real, check_rule,
                          check_same_length, check_scores, check_threshold, exact_real,
                          metric_value, undefined)


class AucInterval(NamedTuple):
    """A confidence interval for the ROC AUC: ``low <= auc <= high``."""

    low: float
    auc: float
    high: float


class MetricInterval(NamedTuple):
    """A confidence interval ``(low, high)`` around a metric's ``estimate`` on the full data.

    ``n_undefined`` counts the bootstrap resamples on which the metric was undefined and
    which were left out (see :func:`bootstrap_ci`).
    """

    low: float
    estimate: float
    high: float
    n_undefined: int = 0


class MetricDifference(NamedTuple):
    """A bootstrap interval ``(low, high)`` for ``difference = estimate_a − estimate_b``,
    one metric of two classifiers on the same cases (see :func:`paired_bootstrap_ci`)."""

    low: float
    difference: float
    high: float
    estimate_a: float
    estimate_b: float
    n_undefined: int = 0


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
    """A confidence level: a real number strictly between 0 and 1 (0.95 for 95%)."""
    return check_real(level, "level", low=0.0, high=1.0, low_open=True, high_open=True)


def _check_n_boot(n_boot: Any) -> int:
    """The number of bootstrap resamples: an integer of at least 1."""
    return check_int(n_boot, "n_boot", low=1)


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
    order = score_order(score)
    sorted_score, sorted_label = score[order], label[order]
    starts, pos, neg = groups_from_sorted(sorted_score, sorted_label, None)
    groups = TieGroups(sorted_score[starts], pos, neg)
    v10, v01 = _group_placements(groups)
    sizes = pos + neg
    placed = np.where(sorted_label == 1, np.repeat(v10, sizes), np.repeat(v01, sizes))
    placements = np.empty_like(placed)
    placements[order] = placed
    return auc_from_groups(groups), placements


def _variance_of(placements: np.ndarray, label: np.ndarray) -> float:
    """S10/m + S01/n from per-sample placements (or placement differences)."""
    is_pos = label == 1
    v10, v01 = placements[is_pos], placements[~is_pos]
    return float(v10.var(ddof=1) / v10.shape[0] + v01.var(ddof=1) / v01.shape[0])


def _auc_and_variance(label: np.ndarray, score: np.ndarray) -> tuple[float, float]:
    groups = tie_groups(label, score)
    v10, v01 = _group_placements(groups)
    auc = auc_from_groups(groups)
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

    Raises
    ------
    ValueError
        If the labels are not binary (or ``pos_label`` is missing where it is needed), the
        scores hold NaN or infinite values, or the lengths differ.
    TypeError
        If the scores are not real numbers.

    See Also
    --------
    roc_auc_ci : the confidence intervals built on this variance.
    delong_test : DeLong's test of two correlated AUCs.

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
        with ``n_boot`` stratified resamples (``stratified=True``: the AUC does not depend
        on the prevalence, and DeLong's variance too is conditional on P and N); for the
        case bootstrap or BCa, call :func:`bootstrap_ci` with ``ec.roc_auc``.
    n_boot : int
        Number of bootstrap resamples, at least 1 (used by ``method="bootstrap"`` only, but
        checked whatever the method).
    random_state : None, int or numpy.random.Generator
        Seed for the bootstrap; the same seed gives the same interval.
    pos_label : optional
        The positive label when labels are not {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    AucInterval
        ``(low, auc, high)``; all ``nan`` (``auc`` too if a class is missing) with one
        :class:`~evalcore.UndefinedMetricWarning` if a class has fewer than two samples.

    Raises
    ------
    ValueError
        If ``method`` is not one of the four, ``level`` is not strictly between 0 and 1,
        ``n_boot`` is below 1 or ``random_state`` is a negative integer; or for bad data
        (labels not binary, scores not finite, lengths that differ).
    TypeError
        If ``level`` is not a real number, ``n_boot`` not an integer (``2.5``, ``"many"``),
        ``random_state`` not a seed, or the scores not real numbers.

    See Also
    --------
    delong_variance : the variance behind the DeLong and logit intervals.
    bootstrap_ci : the case or stratified bootstrap (percentile or BCa) for any metric.
    auc_sample_size : how many cases an interval of a given width needs.

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
    method = check_one_of(method, _CI_METHODS, "method")
    level = _check_level(level)
    # every option is checked whatever the method, so a mistake never waits for a change
    # of method to surface
    n_boot = _check_n_boot(n_boot)
    rng = check_random_state(random_state)
    label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)
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

    Raises
    ------
    ValueError
        If ``auc`` or ``level`` is not strictly between 0 and 1, ``width`` not in (0, 1],
        ``ratio`` not positive and finite (NaN included), or the width is out of reach (more
        than 2**53 positives or negatives).
    TypeError
        If any of them is not a real number.

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
    # at AUC 0 or 1 the Hanley-McNeil variance is 0; the width is high - low of an interval
    # within [0, 1]; the ratio is negatives per positive, positive and finite
    auc = check_real(auc, "auc", low=0.0, high=1.0, low_open=True, high_open=True)
    width = check_real(width, "width", low=0.0, high=1.0, low_open=True)
    level = _check_level(level)
    ratio = check_real(ratio, "ratio", low=0.0, high=math.inf, low_open=True, high_open=True)
    z = normal_quantile(0.5 + level / 2)

    def achieved(positives: int) -> float:
        if ratio * positives > _MAX_PLANNED_POSITIVES:
            raise ValueError(f"ratio={ratio!r} is out of reach: {positives} positives would "
                             f"need more than {_MAX_PLANNED_POSITIVES} negatives (ask for fewer "
                             f"negatives per positive)")
        negatives = max(1, math.ceil(ratio * positives))
        variance = _hanley_mcneil_variance(auc, positives, negatives)
        return 2.0 * z * math.sqrt(max(variance, 0.0))

    # the width falls as P grows: double up to a P wide enough, then bisect
    low, high = 0, 1
    while achieved(high) > width:
        if high > _MAX_PLANNED_POSITIVES:
            raise ValueError(f"width={width!r} with ratio={ratio!r} is out of reach: it would "
                             f"take more than {_MAX_PLANNED_POSITIVES} positives (ask for a "
                             f"wider interval, or more negatives per positive)")
        low, high = high, 2 * high
    while high - low > 1:
        middle = (low + high) // 2
        if achieved(middle) > width:
            low = middle
        else:
            high = middle
    return AucSampleSize(high, max(1, math.ceil(ratio * high)), achieved(high))


#: auc_sample_size gives up beyond this many positives or negatives (2**53: counts stay exact
#: floats).
_MAX_PLANNED_POSITIVES = 2 ** 53


def _auc_of_valid(label: np.ndarray, score: np.ndarray) -> float:
    return auc_from_groups(tie_groups(label, score))


_BOOT_METHODS = ("percentile", "bca")


def _draw(rng: np.random.Generator, n: int, positives: np.ndarray, negatives: np.ndarray,
          stratified: bool) -> np.ndarray:
    """One resample's case indices.

    Case bootstrap: ``n`` draws from all cases. Stratified: the positives drawn from the
    positives, then the negatives from the negatives (the order and the calls are those of
    ``scipy.stats.bootstrap`` with ``batch=1``, so both see the same resamples).
    """
    if not stratified:
        return rng.integers(0, n, n)
    take_pos = positives[rng.integers(0, positives.size, positives.size)] if positives.size \
        else positives
    take_neg = negatives[rng.integers(0, negatives.size, negatives.size)] if negatives.size \
        else negatives
    return np.concatenate((take_pos, take_neg))


class MetricCalls:
    """Calls a metric (or statistic) many times and sorts out what it says (internal).

    Use it as a context manager, ``with MetricCalls() as calls: value = calls(f, *args)``.
    On a call that returns ``nan`` the metric is undefined there, which the caller reports
    with its ONE :class:`~evalcore.UndefinedMetricWarning` (how many resamples, swaps or
    leave-one-out values were undefined): whatever the metric said on that call (its own
    UndefinedMetricWarning, numpy's RuntimeWarning for 0/0 or the mean of an empty slice) is
    dropped. On a call that returns a number, its UndefinedMetricWarnings are dropped too (the
    value is used as it is) and any other warning is kept; on leaving the block each distinct
    kept warning is re-emitted once, under the caller's filters, instead of once per call.
    One recording context serves every call, so a call costs next to nothing extra.
    """

    def __init__(self) -> None:
        self._kept: dict = {}
        self._context: Any = None
        self._caught: list = []
        self.said_on_nan: list[str] = []

    def __enter__(self) -> "MetricCalls":
        self._context = warnings.catch_warnings(record=True)
        self._caught = self._context.__enter__()
        warnings.simplefilter("always")
        return self

    def __exit__(self, *exc: Any) -> bool:
        self._context.__exit__(*exc)
        if exc[0] is None:
            for w in self._kept.values():
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
        return False

    def __call__(self, statistic: Callable[..., float], *args: Any) -> float:
        start = len(self._caught)
        value = statistic(*args)
        said = self._caught[start:]
        del self._caught[start:]
        if math.isnan(value):
            if not self.said_on_nan:
                self.said_on_nan = [str(w.message) for w in said
                                    if issubclass(w.category, UndefinedMetricWarning)]
            return value
        for w in said:
            if not issubclass(w.category, UndefinedMetricWarning):
                self._kept.setdefault((w.category, str(w.message)), w)
        return value


def _acceleration(statistic: Callable[[np.ndarray], float], groups: list[np.ndarray],
                  n: int, calls: MetricCalls) -> float:
    """BCa's acceleration from the jackknife (Efron and Tibshirani 1993, eq. 14.15).

    Each group is left out one case at a time (one group, all cases, for the case bootstrap;
    the positives and the negatives separately for the stratified one, combined as
    ``scipy.stats.bootstrap`` combines several samples). Leave-one-out values on which the
    statistic is undefined are skipped; if the jackknife values do not vary the acceleration
    is 0.
    """
    everyone = np.arange(n)
    numerator = denominator = 0.0
    for group in groups:
        values = np.array([calls(statistic, np.delete(everyone, i)) for i in group])
        values = values[~np.isnan(values)]
        size = values.size
        if size < 2:
            continue
        spread = (size - 1) * (values.mean() - values)
        numerator += float(np.sum(spread ** 3)) / size ** 3
        denominator += float(np.sum(spread ** 2)) / size ** 2
    if denominator == 0.0:
        return 0.0
    return numerator / (6.0 * denominator ** 1.5)


def _bootstrap_core(label: np.ndarray, statistic: Callable[[np.ndarray], float], **options):
    """Estimate, interval and the count of undefined resamples, plus the reasons to warn.

    ``statistic(index)`` evaluates the metric (or the difference of two) on the cases
    ``index``. Returns ``(low, estimate, high, n_undefined, reasons)``; the caller emits one
    warning joining ``reasons`` if there are any. What the metric says is sorted out by
    :class:`MetricCalls`.
    """
    with MetricCalls() as calls:
        return _bootstrap_body(label, statistic, calls, **options)


def _bootstrap_body(label: np.ndarray, statistic: Callable[[np.ndarray], float],
                    calls: MetricCalls, *, level: float, n_boot: int, method: str,
                    stratified: bool, rng: np.random.Generator, what: str):
    n = label.shape[0]
    estimate = calls(statistic, np.arange(n))
    if math.isnan(estimate):
        reason = f"{what} is undefined: the metric is undefined (nan) on the data"
        if calls.said_on_nan:
            reason += f" ({calls.said_on_nan[0]})"
        return math.nan, math.nan, math.nan, 0, [reason]
    positives, negatives = np.flatnonzero(label == 1), np.flatnonzero(label == 0)
    replicates = np.empty(n_boot)
    for b in range(n_boot):
        replicates[b] = calls(statistic, _draw(rng, n, positives, negatives, stratified))
    undefined_mask = np.isnan(replicates)
    n_undefined = int(np.count_nonzero(undefined_mask))
    reasons = []
    if n_undefined == n_boot:
        return (math.nan, estimate, math.nan, n_undefined,
                [f"{what} is undefined: the metric was undefined (nan) on all {n_boot} "
                 f"resamples"])
    if n_undefined:
        reasons.append(f"the metric was undefined (nan) on {n_undefined} of {n_boot} resamples "
                       f"(for example resamples without a positive); they were left out, so "
                       f"the interval comes from the other {n_boot - n_undefined}")
        replicates = replicates[~undefined_mask]
    lower, upper = 0.5 - level / 2, 0.5 + level / 2
    if method == "bca":
        # bias correction: where the estimate falls in the bootstrap distribution (ties
        # count half, as in scipy.stats.bootstrap)
        share = (np.count_nonzero(replicates < estimate)
                 + np.count_nonzero(replicates <= estimate)) / (2.0 * replicates.size)
        if share in (0.0, 1.0):
            reasons.append(f"the BCa {what} is undefined: the estimate {estimate:g} lies "
                           f"{'below' if share == 0.0 else 'above'} every bootstrap value, so "
                           f"the bias correction is infinite")
            return math.nan, estimate, math.nan, n_undefined, reasons
        z0 = normal_quantile(share)
        groups = [positives, negatives] if stratified else [np.arange(n)]
        acceleration = _acceleration(statistic, groups, n, calls)
        adjusted = []
        for tail in (lower, upper):
            z = z0 + normal_quantile(tail)
            adjusted.append(normal_cdf(z0 + z / (1.0 - acceleration * z)))
        lower, upper = adjusted
    low, high = np.quantile(replicates, [lower, upper])
    return float(low), estimate, float(high), n_undefined, reasons


def _bootstrap(label: np.ndarray, score: np.ndarray, metric: Callable, level: float,
               n_boot: int, rng: np.random.Generator) -> tuple[float, float, float]:
    """The stratified percentile bootstrap of ``roc_auc_ci(method="bootstrap")``."""
    def statistic(index):
        return metric_value(metric, label[index], score[index])
    low, estimate, high, _, reasons = _bootstrap_core(
        label, statistic, level=level, n_boot=n_boot, method="percentile", stratified=True,
        rng=rng, what="the bootstrap interval")
    if reasons:
        undefined("; ".join(reasons), stacklevel=4)
    return low, estimate, high


def _check_bootstrap_options(metric, level, n_boot, method, stratified, random_state):
    check_metric(metric)
    return (_check_level(level), _check_n_boot(n_boot),
            check_one_of(method, _BOOT_METHODS, "method"),
            check_bool(stratified, "stratified"), check_random_state(random_state))


def bootstrap_ci(y_true: Any, y_score: Any, metric: Callable[[np.ndarray, np.ndarray], float],
                 *, level: float = 0.95, n_boot: int = 2000, method: str = "percentile",
                 stratified: bool = False, random_state: Any = None,
                 pos_label: Any = None) -> MetricInterval:
    """A seeded bootstrap interval (percentile or BCa) for any metric of labels and scores.

    Each of ``n_boot`` resamples draws cases with replacement and recomputes the metric.

    *Which resampling.* By default (``stratified=False``) the **case bootstrap** draws ``n``
    cases from all ``n``, so the number of positives varies from resample to resample as it
    would in another test set drawn from the same population. That is the right design
    whenever the test set is a sample of the population, and the only right one for any
    metric that depends on the prevalence: precision (PPV), NPV, accuracy, F-scores,
    expected cost. ``stratified=True`` draws the P positives from the positives and the N
    negatives from the negatives, so every resample keeps P and N. Use it only when P and N
    were fixed by the design (a case-control study that enrolled so many diseased and so
    many healthy); then, and only for metrics that do not depend on the prevalence (TPR,
    FPR, TNR, the ROC AUC), it gives the conditional interval the design calls for. Holding
    the prevalence fixed when it is in fact random removes part of the variance: intervals
    for precision come out too narrow (see ``benchmarks/coverage.py``).

    *Which interval.* ``"percentile"``: the ``(1 − level)/2`` and ``(1 + level)/2``
    quantiles of the resampled values. ``"bca"``: bias-corrected and accelerated (Efron
    1987): the two quantiles are moved by the bias correction ``z0 = Φ⁻¹(share of resampled
    values below the estimate, ties counting half)`` and the acceleration ``a`` estimated by
    the jackknife (leaving out one case at a time; for the stratified bootstrap one class at
    a time, combined as in ``scipy.stats.bootstrap``), to ``Φ(z0 + (z0 + z)/(1 − a(z0 +
    z)))`` for z the normal quantiles of the two tails. BCa costs ``n`` extra metric calls.

    *Undefined values.* If the metric is undefined (``nan``) on the data, the result is all
    ``nan`` with one :class:`~evalcore.UndefinedMetricWarning` and nothing is resampled.
    Resamples on which it is undefined (recall in a resample without positives, precision
    in one where nothing is called positive) are **left out**, as pROC leaves out its
    ``NA`` resamples; their count is returned as ``n_undefined`` and one
    :class:`~evalcore.UndefinedMetricWarning` says how many, since the interval then
    describes only the resamples on which the metric exists. If it is undefined on every
    resample, or the BCa correction is infinite (the estimate lies outside every resampled
    value), ``low`` and ``high`` are ``nan``, again with one warning. Leave-one-out values
    on which the metric is undefined are skipped in BCa's acceleration.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        True binary labels and scores.
    metric : callable
        ``metric(y_true, y_score) -> float``; it receives the labels coded as a 0/1 int array
        and the scores as float64 (as long double where float64 would merge distinct
        scores, such as integers beyond 2**53). Warnings it emits on resamples where it
        returns ``nan`` are dropped (the one warning above reports them); other warnings
        are passed on once each. For a metric at a threshold, wrap it, e.g.
        ``lambda y, s: ec.confusion_matrix_at(y, s, 0.5).precision``.
    level : float
        Confidence level, strictly between 0 and 1.
    n_boot : int
        Number of resamples, at least 1.
    method : {"percentile", "bca"}
        The interval built from the resampled values.
    stratified : bool
        Resample within each class (P and N fixed) instead of resampling cases.
    random_state : None, int or numpy.random.Generator
        Seed; the same seed gives the same interval.
    pos_label : optional
        The positive label when labels are not {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    MetricInterval
        ``(low, estimate, high, n_undefined)`` with ``estimate`` the metric on the full
        data and ``n_undefined`` the number of resamples left out.

    Raises
    ------
    ValueError
        If ``level`` is not strictly between 0 and 1, ``n_boot`` is below 1, ``method`` is
        not ``"percentile"`` or ``"bca"`` or ``random_state`` is a negative integer; or for
        bad data (labels not binary, scores not finite, lengths that differ).
    TypeError
        If ``metric`` is not callable or returns something other than a real number,
        ``n_boot`` is not an integer, ``level`` not a real number, ``stratified`` not a
        bool or ``random_state`` not a seed.

    See Also
    --------
    paired_bootstrap_ci : the difference of a metric between two classifiers.
    roc_auc_ci : intervals for the AUC without resampling.

    References
    ----------
    B. Efron (1987), "Better bootstrap confidence intervals", *Journal of the American
    Statistical Association* 82(397), 171-185. B. Efron and R. J. Tibshirani (1993), *An
    Introduction to the Bootstrap*, Chapman & Hall, chapters 13-14. X. Robin et al. (2011),
    "pROC: an open-source package for R and S+ to analyze and compare ROC curves", *BMC
    Bioinformatics* 12, 77.

    Examples
    --------
    The recall at threshold 0.55 (rule ``>``) on the slides' seven cases is 2/3. With three
    positives in seven, a case resample holds none with probability (4/7)⁷, about 2%, and
    recall is undefined on those:

    >>> import warnings
    >>> import evalcore as ec
    >>> y = [0, 1, 0, 1, 1, 0, 0]
    >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> recall = lambda y, s: ec.confusion_matrix_at(y, s, 0.55).tpr
    >>> with warnings.catch_warnings(record=True) as said:
    ...     warnings.simplefilter("always")
    ...     ci = ec.bootstrap_ci(y, s, recall, n_boot=1000, random_state=0)
    >>> round(ci.estimate, 4), ci.low, ci.high, ci.n_undefined, len(said)
    (0.6667, 0.0, 1.0, 19, 1)

    A design that enrolled exactly three positives and four negatives resamples within
    the classes, and no resample lacks a positive:

    >>> ci = ec.bootstrap_ci(y, s, recall, n_boot=1000, stratified=True, random_state=0)
    >>> ci.low, ci.high, ci.n_undefined
    (0.0, 1.0, 0)
    """
    level, n_boot, method, stratified, rng = _check_bootstrap_options(
        metric, level, n_boot, method, stratified, random_state)
    label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)

    def statistic(index):
        return metric_value(metric, label[index], score[index])
    low, estimate, high, n_undefined, reasons = _bootstrap_core(
        label, statistic, level=level, n_boot=n_boot, method=method, stratified=stratified,
        rng=rng, what="the bootstrap interval")
    if reasons:
        undefined("; ".join(reasons), stacklevel=3)
    return MetricInterval(low, estimate, high, n_undefined)


def paired_bootstrap_ci(y_true: Any, y_score_a: Any, y_score_b: Any,
                        metric: Callable[[np.ndarray, np.ndarray], float], *,
                        level: float = 0.95, n_boot: int = 2000, method: str = "percentile",
                        stratified: bool = False, random_state: Any = None,
                        pos_label: Any = None) -> MetricDifference:
    """A bootstrap interval for metric(a) − metric(b), two classifiers on the same cases.

    Each resample draws cases (or, with ``stratified=True``, positives and negatives
    separately) and evaluates both classifiers on **the same** resampled cases, so the
    interval keeps the correlation between their errors: it is the bootstrap's version of a
    paired test, for any metric. An interval that excludes 0 is a difference at the level
    ``1 − level`` (two-sided). Resampling, the two interval methods and the handling of
    undefined values are those of :func:`bootstrap_ci`; a resample counts as undefined when
    the metric is undefined for either classifier.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score_a, y_score_b : array-like of shape (n,)
        The two classifiers' scores for the same cases, in the same order.
    metric : callable
        ``metric(y_true, y_score) -> float``, as for :func:`bootstrap_ci`.
    level, n_boot, method, stratified, random_state, pos_label
        As for :func:`bootstrap_ci`.

    Returns
    -------
    MetricDifference
        ``(low, difference, high, estimate_a, estimate_b, n_undefined)``: the interval
        around ``difference = estimate_a − estimate_b``, the two metrics on the full data
        and the number of resamples left out.

    Raises
    ------
    ValueError
        If ``level`` is not strictly between 0 and 1, ``n_boot`` is below 1, ``method`` is
        not ``"percentile"`` or ``"bca"`` or ``random_state`` is a negative integer; or for
        bad data (labels not binary, scores not finite, lengths that differ).
    TypeError
        If ``metric`` is not callable or returns something other than a real number,
        ``n_boot`` is not an integer, ``level`` not a real number, ``stratified`` not a
        bool or ``random_state`` not a seed.

    See Also
    --------
    delong_test : the paired test for the AUC, without resampling.
    paired_permutation_test : a test of "no difference" for any metric.

    References
    ----------
    B. Efron and R. J. Tibshirani (1993), *An Introduction to the Bootstrap*, Chapman &
    Hall, chapters 13-14.

    Examples
    --------
    Murphy's two classifiers on his nine cases: the AUC falls by 0.15, and the interval for
    the difference shows how little nine cases pin it down.

    >>> import evalcore as ec
    >>> y, s1 = ec.murphy_classifier(1)
    >>> _, s2 = ec.murphy_classifier(2)
    >>> d = ec.paired_bootstrap_ci(y, s1, s2, ec.roc_auc, n_boot=1000, stratified=True,
    ...                            random_state=0)
    >>> round(d.difference, 2), d.estimate_a, round(d.estimate_b, 2)
    (0.15, 1.0, 0.85)
    >>> round(d.low, 2), round(d.high, 2)
    (0.0, 0.47)
    """
    level, n_boot, method, stratified, rng = _check_bootstrap_options(
        metric, level, n_boot, method, stratified, random_state)
    label, score_a, _ = check_binary_scores(y_true, y_score_a, pos_label=pos_label)
    score_b = check_scores(y_score_b, name="y_score_b")
    check_same_length(y_score_a=score_a, y_score_b=score_b)

    def statistic(index):
        return (metric_value(metric, label[index], score_a[index])
                - metric_value(metric, label[index], score_b[index]))
    low, difference, high, n_undefined, reasons = _bootstrap_core(
        label, statistic, level=level, n_boot=n_boot, method=method, stratified=stratified,
        rng=rng, what="the paired bootstrap interval")
    with warnings.catch_warnings():
        # the core called the metric on these very data and passed on (or reported as
        # undefined) what it said there: say nothing twice
        warnings.simplefilter("ignore")
        estimate_a = metric_value(metric, label, score_a)
        estimate_b = metric_value(metric, label, score_b)
    if reasons:
        undefined("; ".join(reasons), stacklevel=3)
    return MetricDifference(low, difference, high, estimate_a, estimate_b, n_undefined)


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
        difference with zero variance gives ``±inf`` and p-value 0. With fewer than two
        samples of a class, all ``nan`` with one warning.

    Raises
    ------
    ValueError
        If ``level`` is not strictly between 0 and 1, ``alternative`` is not one of the
        three, or for bad data (labels not binary, scores not finite, lengths that differ).
    TypeError
        If ``level`` is not a real number or the scores are not real numbers.

    See Also
    --------
    delong_test_unpaired : two AUCs from independent samples.
    paired_permutation_test : the exact paired test, for any metric.
    paired_bootstrap_ci : a bootstrap interval for the difference.

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

    Raises
    ------
    ValueError
        If ``level`` is not strictly between 0 and 1, ``alternative`` is not one of the
        three, or for bad data in either sample, named ``y_true_a``, ``y_score_b``....
    TypeError
        If ``level`` is not a real number or the scores are not real numbers.

    See Also
    --------
    delong_test : the paired test, for two classifiers on the same cases.
    delong_variance : each sample's variance.

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


# ----------------------------------------------------------------------------- pROC's ci.se etc.

class SensitivityInterval(NamedTuple):
    """Sensitivity at a fixed specificity with its bootstrap interval (pROC's ``ci.se``).

    ``sensitivity`` is the value on the full data, ``(low, high)`` the percentile interval,
    ``median`` the bootstrap median (the middle column pROC prints), ``n_undefined`` the
    resamples left out. Arrays when several specificities were asked for.
    """

    low: Any
    sensitivity: Any
    high: Any
    specificity: Any
    median: Any
    n_undefined: int = 0


class SpecificityInterval(NamedTuple):
    """Specificity at a fixed sensitivity with its bootstrap interval (pROC's ``ci.sp``);
    fields as in :class:`SensitivityInterval`."""

    low: Any
    specificity: Any
    high: Any
    sensitivity: Any
    median: Any
    n_undefined: int = 0


class OperatingPointInterval(NamedTuple):
    """Sensitivity and specificity at a threshold, each with its bootstrap interval (pROC's
    ``ci.thresholds``). Arrays when several thresholds were asked for."""

    threshold: Any
    sensitivity: Any
    sensitivity_low: Any
    sensitivity_high: Any
    specificity: Any
    specificity_low: Any
    specificity_high: Any
    n_undefined: int = 0


def _check_rates(values: Any, name: str) -> tuple[np.ndarray, bool]:
    """``values`` as a 1-D float array of rates in [0, 1], and whether it was a scalar."""
    scalar = np.ndim(values) == 0
    if scalar:
        return np.array([check_real(values, name, low=0.0, high=1.0)]), True
    array = check_scores(values, name=name).astype(np.float64)
    if np.any((array < 0) | (array > 1)):
        raise ValueError(f"{name} must lie in [0.0, 1.0] (a rate), got {values!r}")
    return array, scalar


def _roc_rates(label: np.ndarray, score: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """Specificity TN/N and sensitivity TP/P of every operating point, thresholds
    decreasing (both computed as pROC computes them, so that a specificity such as 0.9 is
    met exactly); None if a class is missing."""
    _, tps, fps = roc_points(tie_groups(label, score))
    if tps[-1] == 0 or fps[-1] == 0:
        return None
    return (fps[-1] - fps) / fps[-1], tps / tps[-1]


def _sensitivity_at(tnr: np.ndarray, tpr: np.ndarray, specificity: np.ndarray) -> np.ndarray:
    """pROC's ``coords(input="specificity", ret="sensitivity")``: the highest sensitivity
    among the operating points with exactly this specificity, otherwise the ROC polyline
    between the two neighbouring points."""
    k = np.searchsorted(-tnr, -specificity, side="right")   # tnr[k-1] >= sp > tnr[k]
    left = np.clip(k, 1, tnr.size) - 1
    right = np.minimum(left + 1, tnr.size - 1)
    exact = tnr[left] == specificity
    span = np.where(exact, 1.0, tnr[left] - tnr[right])
    share = np.where(exact, 0.0, (tnr[left] - specificity) / span)
    return np.where(exact, tpr[left], tpr[left] + share * (tpr[right] - tpr[left]))


def _specificity_at(tnr: np.ndarray, tpr: np.ndarray, sensitivity: np.ndarray) -> np.ndarray:
    """pROC's ``coords(input="sensitivity", ret="specificity")``: the highest specificity
    among the operating points with exactly this sensitivity, otherwise the ROC polyline
    between the two neighbouring points."""
    j = np.clip(np.searchsorted(tpr, sensitivity, side="left"), 0, tpr.size - 1)
    below = np.maximum(j - 1, 0)                            # tpr[j-1] < se <= tpr[j]
    exact = tpr[j] == sensitivity
    span = np.where(exact, 1.0, tpr[j] - tpr[below])
    share = np.where(exact, 0.0, (sensitivity - tpr[below]) / span)
    return np.where(exact, tnr[j], tnr[below] + share * (tnr[j] - tnr[below]))


def _rate_bootstrap(label: np.ndarray, score: np.ndarray, evaluate: Callable, width: int,
                    *, level: float, n_boot: int, stratified: bool, rng: np.random.Generator):
    """Resample, evaluate (a row of ``width`` values, or None when undefined) and return
    the replicates that were defined and their number left out."""
    n = label.shape[0]
    positives, negatives = np.flatnonzero(label == 1), np.flatnonzero(label == 0)
    rows, missing = [], 0
    for _ in range(n_boot):
        index = _draw(rng, n, positives, negatives, stratified)
        row = evaluate(label[index], score[index])
        if row is None:
            missing += 1
        else:
            rows.append(row)
    return (np.array(rows).reshape(len(rows), width), missing)


def _quantiles(replicates: np.ndarray, level: float) -> tuple[np.ndarray, ...]:
    if replicates.shape[0] == 0:
        nothing = np.full(replicates.shape[1], math.nan)
        return nothing, nothing, nothing
    low, median, high = np.quantile(replicates, [0.5 - level / 2, 0.5, 0.5 + level / 2],
                                    axis=0)
    return low, median, high


def _undefined_resamples(missing: int, n_boot: int, what: str) -> None:
    if missing == n_boot:
        undefined(f"{what} is undefined: a class was missing from all {n_boot} resamples",
                  stacklevel=4)
    elif missing:
        undefined(f"a class was missing from {missing} of {n_boot} resamples, on which "
                  f"sensitivity or specificity is undefined; they were left out, so the "
                  f"interval comes from the other {n_boot - missing}", stacklevel=4)


def _rate_at(y_true, y_score, values, name, at, level, n_boot, stratified, random_state,
             pos_label, what):
    level, n_boot = _check_level(level), _check_n_boot(n_boot)
    stratified = check_bool(stratified, "stratified")
    rng = check_random_state(random_state)
    label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)
    targets, scalar = _check_rates(values, name)
    positives = int(np.count_nonzero(label))
    if not both_classes(positives, label.shape[0] - positives, what, stacklevel=5):
        nothing = np.full(targets.size, math.nan)
        return targets, scalar, nothing, (nothing, nothing, nothing), 0

    rates = _roc_rates(label, score)

    def evaluate(resampled_label, resampled_score):
        resampled = _roc_rates(resampled_label, resampled_score)
        return None if resampled is None else at(*resampled, targets)
    replicates, missing = _rate_bootstrap(label, score, evaluate, targets.size, level=level,
                                          n_boot=n_boot, stratified=stratified, rng=rng)
    _undefined_resamples(missing, n_boot, what)
    return targets, scalar, at(*rates, targets), _quantiles(replicates, level), missing


def _shape(values: np.ndarray, scalar: bool):
    """One value (a float, or a long double that a float would round) or the array."""
    if not scalar:
        return values
    return float(values[0]) if values.dtype == np.float64 else values[0]


def sensitivity_at_specificity(y_true: Any, y_score: Any, specificity: Any, *,
                               level: float = 0.95, n_boot: int = 2000,
                               stratified: bool = True, random_state: Any = None,
                               pos_label: Any = None) -> SensitivityInterval:
    """The sensitivity (TPR) reached at a fixed specificity, with a bootstrap interval.

    pROC's ``ci.se``. The sensitivity at specificity sp is read off the ROC curve as pROC's
    ``coords`` reads it: at FPR = 1 − sp, the highest TPR among the operating points with
    exactly that FPR, and otherwise the straight line between the two neighbouring
    operating points (the ROC polyline; no single threshold reaches an interpolated point,
    a random choice between the two thresholds does). Each bootstrap resample rebuilds the
    ROC curve and reads it at the same specificity; the interval is the percentile interval
    of those values. Rule ``score >= threshold``; ties form one operating point.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        True binary labels and scores.
    specificity : float or array-like of floats in [0, 1]
        The fixed specificity (or several).
    level : float
        Confidence level, strictly between 0 and 1.
    n_boot : int
        Number of resamples.
    stratified : bool
        Resample positives and negatives separately (pROC's default ``boot.stratified =
        TRUE``: the sensitivity and specificity are conditional on the class, so fixing P
        and N loses nothing). With ``False`` resamples that miss a class are left out and
        counted, with one :class:`~evalcore.UndefinedMetricWarning`, as pROC drops its
        ``NA`` resamples.
    random_state : None, int or numpy.random.Generator
        Seed; the same seed gives the same interval.
    pos_label : optional
        The positive label when labels are not {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    SensitivityInterval
        ``(low, sensitivity, high, specificity, median, n_undefined)``; floats for one
        specificity, arrays for several. All ``nan`` with one warning if a class is missing.

    Raises
    ------
    ValueError
        If a target specificity lies outside [0, 1] or is NaN, ``level`` is not strictly between
        0 and 1, ``n_boot`` is below 1 or ``random_state`` is a negative integer; or for bad
        data (labels not binary, scores not finite, lengths that differ).
    TypeError
        If a target is not a real number, ``n_boot`` not an integer, ``level`` not a real
        number, ``stratified`` not a bool or ``random_state`` not a seed.

    See Also
    --------
    specificity_at_sensitivity, operating_point_ci, threshold_at_fpr

    References
    ----------
    X. Robin et al. (2011), "pROC: an open-source package for R and S+ to analyze and
    compare ROC curves", *BMC Bioinformatics* 12, 77 (``ci.se``, ``coords``).

    Examples
    --------
    On the slides' seven cases the ROC curve passes (0, 1/3), (0, 2/3), (1/4, 2/3),
    (1/4, 1): at specificity 1 the best sensitivity is 2/3, at 0.875 (FPR 1/8) the
    curve is still at 2/3:

    >>> import evalcore as ec
    >>> y = [0, 1, 0, 1, 1, 0, 0]
    >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> at = ec.sensitivity_at_specificity(y, s, [1.0, 0.875, 0.75], n_boot=500,
    ...                                    random_state=0)
    >>> at.sensitivity.round(4).tolist()
    [0.6667, 0.6667, 1.0]
    >>> bool(all(at.low <= at.sensitivity)), bool(all(at.sensitivity <= at.high))
    (True, True)
    """
    targets, scalar, estimate, (low, median, high), missing = _rate_at(
        y_true, y_score, specificity, "specificity", _sensitivity_at, level, n_boot,
        stratified, random_state, pos_label, "the sensitivity at a specificity")
    return SensitivityInterval(*(_shape(v, scalar) for v in (low, estimate, high, targets,
                                                              median)), missing)


def specificity_at_sensitivity(y_true: Any, y_score: Any, sensitivity: Any, *,
                               level: float = 0.95, n_boot: int = 2000,
                               stratified: bool = True, random_state: Any = None,
                               pos_label: Any = None) -> SpecificityInterval:
    """The specificity (TNR) kept at a fixed sensitivity, with a bootstrap interval.

    pROC's ``ci.sp``, the mirror of :func:`sensitivity_at_specificity`: at TPR =
    sensitivity, the highest specificity among the operating points with exactly that TPR,
    otherwise the ROC polyline between the neighbouring points; the interval is the
    percentile interval over resamples. A screening programme that must catch 90% of the
    ill asks this question.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        True binary labels and scores.
    sensitivity : float or array-like of floats in [0, 1]
        The fixed sensitivity (or several).
    level, n_boot, stratified, random_state, pos_label
        As for :func:`sensitivity_at_specificity`.

    Returns
    -------
    SpecificityInterval
        ``(low, specificity, high, sensitivity, median, n_undefined)``.

    Raises
    ------
    ValueError
        If a target sensitivity lies outside [0, 1] or is NaN, ``level`` is not strictly between
        0 and 1, ``n_boot`` is below 1 or ``random_state`` is a negative integer; or for bad
        data (labels not binary, scores not finite, lengths that differ).
    TypeError
        If a target is not a real number, ``n_boot`` not an integer, ``level`` not a real
        number, ``stratified`` not a bool or ``random_state`` not a seed.

    See Also
    --------
    sensitivity_at_specificity, operating_point_ci

    References
    ----------
    X. Robin et al. (2011), "pROC: an open-source package for R and S+ to analyze and
    compare ROC curves", *BMC Bioinformatics* 12, 77 (``ci.sp``, ``coords``).

    Examples
    --------
    To catch every positive of the slides' seven cases, one negative in four must be
    called positive too (specificity 3/4); to catch two in three, none:

    >>> import evalcore as ec
    >>> y = [0, 1, 0, 1, 1, 0, 0]
    >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> at = ec.specificity_at_sensitivity(y, s, [1.0, 2 / 3], n_boot=500, random_state=0)
    >>> at.specificity.tolist()
    [0.75, 1.0]
    """
    targets, scalar, estimate, (low, median, high), missing = _rate_at(
        y_true, y_score, sensitivity, "sensitivity", _specificity_at, level, n_boot,
        stratified, random_state, pos_label, "the specificity at a sensitivity")
    return SpecificityInterval(*(_shape(v, scalar) for v in (low, estimate, high, targets,
                                                              median)), missing)


def operating_point_ci(y_true: Any, y_score: Any, threshold: Any, *, rule: str = ">=",
                       level: float = 0.95, n_boot: int = 2000, stratified: bool = True,
                       random_state: Any = None,
                       pos_label: Any = None) -> OperatingPointInterval:
    """Sensitivity and specificity at a fixed threshold, each with a bootstrap interval.

    pROC's ``ci.thresholds``: the threshold stays fixed while the cases are resampled, and
    the sensitivity TP/P and specificity TN/N of the rule ``score >= threshold`` (or
    ``>``) are recomputed on each resample; each interval is the percentile interval of its
    rate. This is the uncertainty of a deployed rule's operating point (the threshold
    chosen on other data). With the default stratified resampling the two rates vary
    independently, one from the positives and one from the negatives.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        True binary labels and scores.
    threshold : float or array-like of floats
        The threshold (or several); may be infinite, not NaN. Kept exact (an integer
        threshold beyond 2**53 is not rounded onto a neighbouring score), and returned as
        given: a float, or a long double where a float would round it.
    rule : {">=", ">"}
        Call a case positive when its score is at or above, or above, the threshold.
        pROC's rule for its usual direction is ``>=``.
    level, n_boot, stratified, random_state, pos_label
        As for :func:`sensitivity_at_specificity`.

    Returns
    -------
    OperatingPointInterval
        ``(threshold, sensitivity, sensitivity_low, sensitivity_high, specificity,
        specificity_low, specificity_high, n_undefined)``. All rates ``nan`` with one
        :class:`~evalcore.UndefinedMetricWarning` if a class is missing.

    Raises
    ------
    ValueError
        If a threshold is NaN or the thresholds are not 1-D, ``rule`` is not ``">="`` or
        ``">"``, ``level`` is not strictly between 0 and 1, ``n_boot`` is below 1 or
        ``random_state`` is a negative integer; or for bad data.
    TypeError
        If a threshold is not a real number, ``n_boot`` not an integer, ``level`` not a
        real number, ``stratified`` not a bool or ``random_state`` not a seed.

    See Also
    --------
    sensitivity_at_specificity, specificity_at_sensitivity

    References
    ----------
    X. Robin et al. (2011), "pROC: an open-source package for R and S+ to analyze and
    compare ROC curves", *BMC Bioinformatics* 12, 77 (``ci.thresholds``).

    Examples
    --------
    >>> import evalcore as ec
    >>> y = [0, 1, 0, 1, 1, 0, 0]
    >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> op = ec.operating_point_ci(y, s, 0.55, n_boot=500, random_state=0)
    >>> round(op.sensitivity, 4), op.specificity
    (0.6667, 0.75)
    >>> op.sensitivity_low <= op.sensitivity <= op.sensitivity_high
    True
    """
    level, n_boot = _check_level(level), _check_n_boot(n_boot)
    stratified = check_bool(stratified, "stratified")
    rng = check_random_state(random_state)
    rule = check_rule(rule)
    label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)
    thresholds, scalar = _as_thresholds(threshold)
    what = "the operating point's interval"

    def rates(resampled_label, resampled_score):
        positives = int(np.count_nonzero(resampled_label))
        negatives = resampled_label.shape[0] - positives
        if positives == 0 or negatives == 0:
            return None
        called = (resampled_score[:, None] >= thresholds[None, :] if rule == ">="
                  else resampled_score[:, None] > thresholds[None, :])
        is_pos = resampled_label.astype(bool)[:, None]
        tpr = np.count_nonzero(called & is_pos, axis=0) / positives
        tnr = np.count_nonzero(~called & ~is_pos, axis=0) / negatives
        return np.concatenate((tpr, tnr))
    positives = int(np.count_nonzero(label))
    if not both_classes(positives, label.shape[0] - positives, what, stacklevel=3):
        nothing = np.full(thresholds.size, math.nan)
        values = (thresholds,) + (nothing,) * 6
        return OperatingPointInterval(*(_shape(v, scalar) for v in values), 0)
    full = rates(label, score)
    replicates, missing = _rate_bootstrap(label, score, rates, 2 * thresholds.size,
                                          level=level, n_boot=n_boot, stratified=stratified,
                                          rng=rng)
    _undefined_resamples(missing, n_boot, what)
    low, _, high = _quantiles(replicates, level)
    k = thresholds.size
    values = (thresholds, full[:k], low[:k], high[:k], full[k:], low[k:], high[k:])
    return OperatingPointInterval(*(_shape(v, scalar) for v in values), missing)


def _as_thresholds(threshold: Any) -> tuple[np.ndarray, bool]:
    """``threshold`` (a number or a 1-D array of numbers, infinite allowed, not NaN) as a 1-D
    array, and whether it was a scalar. Kept exact: float64 when that is exact, otherwise
    long double (an integer threshold beyond 2**53 must not round onto a neighbouring
    score), so the counts are those of the threshold as given."""
    scalar = np.ndim(threshold) == 0
    if scalar:
        as_float = check_threshold(threshold)   # a real number, not NaN (TypeError/ValueError)
        if not isinstance(threshold, (int, np.integer)) or abs(int(threshold)) > 2 ** 63 - 1:
            # floats (and fractions) as float64; an integer beyond int64 lies above or below
            # every int64 score, where float64 keeps its order
            threshold = as_float
        array = np.asarray([threshold])
    else:
        array = np.asarray(threshold.to_numpy() if hasattr(threshold, "to_numpy")
                           else threshold)
        if array.ndim != 1 or array.size == 0:
            raise ValueError(f"threshold must be a number or a non-empty 1-D array of "
                             f"numbers, got shape {array.shape}")
        if array.dtype == bool or not np.issubdtype(array.dtype, np.number):
            raise TypeError(f"threshold must hold real numbers, got dtype {array.dtype}")
        if np.iscomplexobj(array):
            raise TypeError("threshold must hold real numbers, got complex values")
    array = exact_real(array, "threshold")
    if np.any(np.isnan(array)):
        raise ValueError("threshold must not be NaN")
    return array, scalar
