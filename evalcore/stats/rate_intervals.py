"""Intervals for sensitivity and specificity: pROC's ``ci.se``, ``ci.sp`` and ``ci.thresholds``.

Wilson's score interval for one proportion from its counts (:func:`wilson_interval`), used by
the rates of :func:`evalcore.by_group` and :func:`evalcore.predictive_values_at_prevalence`.
Three questions a screening programme asks of a ROC curve, each with a bootstrap interval:
how sensitive is the test at a fixed specificity (:func:`sensitivity_at_specificity`), how
specific at a fixed sensitivity (:func:`specificity_at_sensitivity`), and how sensitive and
specific is a deployed rule ``score >= threshold`` (:func:`operating_point_ci`). Each is a
statistic of the resampled cases (the ROC curve rebuilt and read at the targets, or the
rule's two rates counted) handed to the one resampling engine (``evalcore/stats/resampling.py``):
stratified by default, as pROC resamples, percentile intervals, and resamples that miss a
class (``stratified=False`` only) left out and counted with one
:class:`~evalcore.UndefinedMetricWarning`.

References
----------
X. Robin et al. (2011), "pROC: an open-source package for R and S+ to analyze and compare
ROC curves", *BMC Bioinformatics* 12, 77.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np
from scipy import special

from ..core.options import (check_bool, check_level, check_n_boot, check_random_state, check_real,
                            check_rule, check_threshold)
from ..core.ranking import roc_points, tie_groups
from ..core.validation import (both_classes, check_binary_scores, check_scores, exact_real, shown,
                               undefined)
from .resampling import bootstrap

#: Why a resample leaves a rate undefined (with ``stratified=False``), said in the warning.
MISSING_CLASS = "a class was missing from them"


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


def _rate_at(y_true, y_score, values, name, at, level, n_boot, stratified, random_state,
             pos_label, what):
    level, n_boot = check_level(level), check_n_boot(n_boot)
    stratified = check_bool(stratified, "stratified")
    rng = check_random_state(random_state)
    label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)
    targets, scalar = _check_rates(values, name)
    positives = int(np.count_nonzero(label))
    if not both_classes(positives, label.shape[0] - positives, f"the {what}", stacklevel=5):
        nothing = np.full(targets.size, math.nan)
        return targets, scalar, nothing, (nothing, nothing, nothing), 0

    def rates_at_targets(index: np.ndarray) -> Any:
        rates = _roc_rates(label[index], score[index])
        return math.nan if rates is None else at(*rates, targets)
    result = bootstrap(rates_at_targets, label, rng=rng, n_boot=n_boot, level=level,
                       stratified=stratified, what=what, why=MISSING_CLASS,
                       width=targets.size, median=True)
    if result.warning:
        undefined(result.warning, stacklevel=4)
    return (targets, scalar, result.estimate, (result.low, result.median, result.high),
            result.n_undefined)


def _shape(values: np.ndarray, scalar: bool):
    """One value (a float, or a long double that a float would round) or the array."""
    if not scalar:
        return values
    return float(values[0]) if values.dtype == np.float64 else values[0]


def wilson_interval(successes: Any, trials: Any, *, level: float = 0.95):
    """Wilson's score interval for a proportion ``successes / trials``, elementwise.

    The interval holds every proportion ``p`` that a two-sided score test at ``1 − level``
    would not reject, ``|p̂ − p| ≤ z·√(p(1 − p)/trials)``: centred at
    ``(p̂ + z²/2n) / (1 + z²/n)``, it stays inside [0, 1] and, unlike the Wald interval
    ``p̂ ± z·√(p̂(1 − p̂)/n)``, does not collapse to a point when ``p̂`` is 0 or 1
    (Wilson 1927; Brown, Cai and DasGupta 2001).

    Parameters
    ----------
    successes, trials : array-like or float
        Counts, ``0 <= successes <= trials``; broadcast together.
    level : float, default=0.95
        Confidence level, strictly between 0 and 1.

    Returns
    -------
    tuple of (float or numpy.ndarray)
        ``(low, high)``; ``nan`` where ``trials`` is 0 (no interval without a case). Floats
        for scalar input.

    Raises
    ------
    ValueError
        If a count is negative or not finite, ``successes`` exceeds ``trials`` or
        ``level`` is not strictly between 0 and 1.

    See Also
    --------
    by_group : rates per group, each with this interval.
    predictive_values_at_prevalence : TPR's and FPR's intervals carried through Bayes' rule.

    References
    ----------
    E. B. Wilson (1927), "Probable inference, the law of succession, and statistical
    inference", *Journal of the American Statistical Association* 22(158), 209-212.

    L. D. Brown, T. T. Cai and A. DasGupta (2001), "Interval estimation for a binomial
    proportion", *Statistical Science* 16(2), 101-133.

    Examples
    --------
    One positive found among three (the TPR of a small group), and none among four:

    >>> import evalcore as ec
    >>> [round(v, 4) for v in ec.wilson_interval(1, 3)]
    [0.0615, 0.7923]
    >>> [round(v, 4) for v in ec.wilson_interval(0, 4)]
    [0.0, 0.4899]
    """
    level = check_level(level)
    k, n = np.broadcast_arrays(np.asarray(successes, dtype=np.float64),
                               np.asarray(trials, dtype=np.float64))
    if not (np.all(np.isfinite(k)) and np.all(np.isfinite(n))) or np.any(k < 0) \
            or np.any(n < 0):
        raise ValueError(f"successes and trials must be finite non-negative counts, got "
                         f"{shown(successes)} and {shown(trials)}")
    if np.any(k > n):
        raise ValueError(f"successes must not exceed trials, got {shown(successes)} and "
                         f"{shown(trials)}")
    z = float(special.ndtri(0.5 + level / 2))
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        shrink = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / shrink
        half = z / shrink * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    # the interval holds p̂ (the test does not reject p = p̂), and reaches 0 at p̂ = 0 and 1 at
    # p̂ = 1 exactly: said so, since rounding can leave centre ± half a bit short of them
    low = np.where(n > 0, np.clip(centre - half, 0.0, p), np.nan)
    high = np.where(n > 0, np.clip(centre + half, p, 1.0), np.nan)
    if low.ndim == 0:
        return float(low), float(high)
    return low, high


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

    It takes no ``sample_weight``: a weighted bootstrap is not implemented.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        True binary labels and scores.
    specificity : float or array-like of floats in [0, 1]
        The fixed specificity (or several).
    level : float, default=0.95
        Confidence level, strictly between 0 and 1.
    n_boot : int, default=2000
        Number of resamples.
    stratified : bool, default=True
        Resample positives and negatives separately (pROC's default ``boot.stratified =
        TRUE``: the sensitivity and specificity are conditional on the class, so fixing P
        and N loses nothing). With ``False`` resamples that miss a class are left out and
        counted, with one :class:`~evalcore.UndefinedMetricWarning`, as pROC drops its
        ``NA`` resamples.
    random_state : None, int or numpy.random.Generator, default=None
        Seed; the same seed gives the same interval. ``None``: a fresh seed from the operating
        system on every call.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

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
        stratified, random_state, pos_label, "sensitivity at a specificity")
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

    It takes no ``sample_weight``: a weighted bootstrap is not implemented.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        True binary labels and scores.
    sensitivity : float or array-like of floats in [0, 1]
        The fixed sensitivity (or several).
    level : float, default=0.95
        Confidence level, strictly between 0 and 1.
    n_boot : int, default=2000
        Number of resamples.
    stratified : bool, default=True
        Resample positives and negatives separately, as for
        :func:`sensitivity_at_specificity`.
    random_state : None, int or numpy.random.Generator, default=None
        Seed; the same seed gives the same interval. ``None``: a fresh seed from the operating
        system on every call.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

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
        stratified, random_state, pos_label, "specificity at a sensitivity")
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

    It takes no ``sample_weight``: a weighted bootstrap is not implemented.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        True binary labels and scores.
    threshold : float or array-like of floats
        The threshold (or several); may be infinite, not NaN. Kept exact (an integer
        threshold beyond 2**53 is not rounded onto a neighbouring score), and returned as
        given: a float, or a long double where a float would round it.
    rule : {">=", ">"}, default=">="
        Call a case positive when its score is at or above, or above, the threshold.
        pROC's rule for its usual direction is ``>=``.
    level : float, default=0.95
        Confidence level, strictly between 0 and 1.
    n_boot : int, default=2000
        Number of resamples.
    stratified : bool, default=True
        Resample positives and negatives separately, as for
        :func:`sensitivity_at_specificity`.
    random_state : None, int or numpy.random.Generator, default=None
        Seed; the same seed gives the same interval. ``None``: a fresh seed from the operating
        system on every call.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

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
    level, n_boot = check_level(level), check_n_boot(n_boot)
    stratified = check_bool(stratified, "stratified")
    rng = check_random_state(random_state)
    rule = check_rule(rule)
    label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)
    thresholds, scalar = _as_thresholds(threshold)
    what = "operating point's interval"

    def rates(index: np.ndarray) -> Any:
        resampled_label, resampled_score = label[index], score[index]
        positives = int(np.count_nonzero(resampled_label))
        negatives = resampled_label.shape[0] - positives
        if positives == 0 or negatives == 0:
            return math.nan
        called = (resampled_score[:, None] >= thresholds[None, :] if rule == ">="
                  else resampled_score[:, None] > thresholds[None, :])
        is_pos = resampled_label.astype(bool)[:, None]
        tpr = np.count_nonzero(called & is_pos, axis=0) / positives
        tnr = np.count_nonzero(~called & ~is_pos, axis=0) / negatives
        return np.concatenate((tpr, tnr))
    positives = int(np.count_nonzero(label))
    if not both_classes(positives, label.shape[0] - positives, f"the {what}", stacklevel=3):
        nothing = np.full(thresholds.size, math.nan)
        values = (thresholds,) + (nothing,) * 6
        return OperatingPointInterval(*(_shape(v, scalar) for v in values), 0)
    result = bootstrap(rates, label, rng=rng, n_boot=n_boot, level=level,
                       stratified=stratified, what=what, why=MISSING_CLASS,
                       width=2 * thresholds.size)
    if result.warning:
        undefined(result.warning, stacklevel=3)
    full, low, high, k = result.estimate, result.low, result.high, thresholds.size
    values = (thresholds, full[:k], low[:k], high[:k], full[k:], low[k:], high[k:])
    return OperatingPointInterval(*(_shape(v, scalar) for v in values), result.n_undefined)


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
