"""Calibration measured: how far the probabilities are from right, in numbers with intervals.

:mod:`evalcore.calibration.reliability` draws the reliability curve and scores the
probabilities (Brier score, log loss). This module measures the miscalibration itself:

* :func:`calibration_slope_intercept`: the logistic recalibration
  ``logit P(y = 1) = a + b·logit(p)`` fitted by maximum likelihood; ``b`` below 1 means
  probabilities too extreme, ``a`` (with ``b`` fixed at 1: calibration-in-the-large) means
  probabilities too high or too low on the whole;
* :func:`prediction_bias`: the mean probability against the share of positives, with a
  normal interval (calibration-in-the-large on the probability scale);
* :func:`expected_calibration_error`: the reliability curve's distance from the diagonal,
  weighted by the bins' sizes, for a binning that must be stated with it;
* :func:`smoothed_reliability_curve`: the reliability curve without bins (a local linear
  kernel smoother), with a pointwise bootstrap band from evalcore's resampling engine;
* :func:`brier_skill_score`: the Brier score against a reference forecast's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
from scipy import special

from ..core.options import (check_int, check_level, check_n_boot, check_one_of, check_random_state,
                            check_real)
from ..core.validation import (both_classes, check_same_length, check_scores, positive_share,
                               undefined, unit_scale)
from ..stats.resampling import bootstrap
from .reliability import (MAX_BINS, bin_edges, check_probabilities, check_unit_interval,
                          reliability_from_edges)

#: The most points :func:`smoothed_reliability_curve` evaluates its curve at.
MAX_POINTS = 100_000


class CalibrationFit(NamedTuple):
    """The logistic recalibration ``logit P(y = 1) = intercept + slope·logit(p)`` and the
    calibration-in-the-large ``logit P(y = 1) = in_the_large + logit(p)`` (slope fixed at
    1). Calibrated probabilities have slope 1 and both intercepts 0."""

    slope: float
    intercept: float
    in_the_large: float


@dataclass(frozen=True, slots=True)
class PredictionBias:
    """``bias = mean_predicted − observed_rate`` with its normal interval.

    Read it by name (``b.bias``, ``b.low``): it cannot be unpacked or indexed.

    Attributes
    ----------
    bias : float
        The mean probability minus the share of positives.
    low, high : float
        The interval's ends; ``nan`` with one case.
    level : float
        The confidence level used.
    method : str
        ``"normal"``: ``bias ± z·s/√n``, the normal interval for a mean.
    mean_predicted : float
        The mean probability.
    observed_rate : float
        The share of positives.
    """

    bias: float
    low: float
    high: float
    level: float
    method: str
    mean_predicted: float
    observed_rate: float


class SmoothedReliabilityCurve(NamedTuple):
    """The smoothed share of positives ``observed_frequency`` at each probability of
    ``predicted``, with a pointwise bootstrap band ``(low, high)``; ``n_undefined`` counts
    the resamples left out."""

    predicted: np.ndarray
    observed_frequency: np.ndarray
    low: np.ndarray
    high: np.ndarray
    n_undefined: int


def _logit(prob: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore"):
        return np.log(prob) - np.log1p(-prob)


def _log_likelihood(eta: np.ndarray, label: np.ndarray, weight: np.ndarray) -> float:
    return float(weight @ (label * eta - np.logaddexp(0.0, eta)))


def _newton(design: np.ndarray, offset: np.ndarray, label: np.ndarray, weight: np.ndarray,
            start: np.ndarray) -> np.ndarray:
    """The maximum-likelihood coefficients of a logistic regression with an offset: Newton's
    method (iteratively reweighted least squares). While a step promises a gain in the
    log-likelihood (``gradient · step``) above 1e-10 of its size, the step is halved until
    the concave log-likelihood rises; below that, the full step is taken (there the gain is
    lost in the log-likelihood's rounding, but Newton's steps converge quadratically). The
    fit stops when a step changes no coefficient by more than 1e-13 (relative)."""
    beta = start.astype(np.float64)
    current = _log_likelihood(offset + design @ beta, label, weight)
    for _ in range(200):
        mu = special.expit(offset + design @ beta)
        gradient = design.T @ (weight * (label - mu))
        information = design.T @ (design * (weight * mu * (1 - mu))[:, None])
        step = np.linalg.solve(information, gradient)
        if float(gradient @ step) > 1e-10 * (1 + abs(current)):
            for _ in range(60):             # a line search
                candidate = _log_likelihood(offset + design @ (beta + step), label, weight)
                if candidate >= current:
                    break
                step = step / 2
            current = candidate
        beta = beta + step
        if np.all(np.abs(step) <= 1e-13 * (1 + np.abs(beta))):
            break
    return beta


def calibration_slope_intercept(y_true: Any, y_prob: Any, *, sample_weight: Any = None,
                                pos_label: Any = None) -> CalibrationFit:
    """The calibration slope and intercept: a logistic regression of the labels on logit(p).

    The logistic recalibration model ``logit P(y = 1 | p) = a + b·logit(p)`` (Cox 1958) is
    fitted by maximum likelihood (Newton's method, i.e. iteratively reweighted least
    squares, with step halving, in numpy). Calibrated probabilities give ``b = 1`` and
    ``a = 0``. A slope below 1 says the probabilities are too extreme (overfitting: the
    high ones too high, the low ones too low), above 1 too timid. The
    *calibration-in-the-large* is the intercept of the same model with the slope fixed at 1
    (``logit(p)`` an offset): positive when the probabilities are too low on the whole,
    negative when too high. It is 0 exactly when the mean probability equals the share of
    positives (its likelihood equation is then ``Σ (p_i − y_i) = 0``), so it has the sign of
    ``−`` :func:`prediction_bias`.

    The fit is undefined (``nan``, with one :class:`~evalcore.UndefinedMetricWarning`)

    * when a probability is exactly 0 or 1 (its logit is infinite; clip them first if a
      fit is wanted, e.g. ``np.clip(p, 1e-6, 1 - 1e-6)``, and say so);
    * when ``y_true`` holds one class only (every coefficient);
    * when logit(p) separates the classes, even with ties at the boundary (every negative's
      probability at most every positive's, or the reverse): the likelihood then rises
      without limit as the slope grows, so slope and intercept are ``nan`` (Albert and
      Anderson 1984); the calibration-in-the-large, still defined, is returned.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels.
    y_prob : array-like of shape (n,) or (n, 2)
        Predicted probabilities of the positive class, in [0, 1]; or ``predict_proba``'s two
        columns, of which the positive class's is used.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights of the likelihood (only their ratios matter). ``None``: every
        sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    CalibrationFit
        ``(slope, intercept, in_the_large)``, as floats.

    Raises
    ------
    TypeError
        If the labels, probabilities or weights are of the wrong kind.
    ValueError
        If a probability lies outside [0, 1], or the labels or weights break their rules.

    See Also
    --------
    prediction_bias : calibration-in-the-large on the probability scale, with an interval.
    reliability_curve : the picture the two numbers summarize.

    References
    ----------
    D. R. Cox (1958), "Two further applications of a model for binary regression",
    *Biometrika* 45(3/4), 562-565.
    A. Albert and J. A. Anderson (1984), "On the existence of maximum likelihood estimates
    in logistic regression models", *Biometrika* 71(1), 1-10.
    E. W. Steyerberg (2019), *Clinical Prediction Models*, 2nd ed., Springer, chapter 15.

    Examples
    --------
    >>> import evalcore as ec
    >>> fit = ec.calibration_slope_intercept([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> round(fit.slope, 4), round(fit.intercept, 4), round(fit.in_the_large, 4)
    (1.8911, 0.9457, 0.4771)

    Four cases say little: the slope above 1 calls these probabilities too timid, and the
    positive in-the-large too low on the whole (their mean, 0.4125, is below the share of
    positives, 0.5).
    """
    label, prob, weight = check_probabilities(y_true, y_prob, sample_weight, pos_label)
    nothing = CalibrationFit(math.nan, math.nan, math.nan)
    if np.any((prob == 0) | (prob == 1)):
        undefined("the calibration slope and intercept are undefined: y_prob holds "
                  "probabilities of exactly 0 or 1, whose logit is infinite; clip them "
                  "(np.clip(y_prob, 1e-6, 1 - 1e-6)) if a fit is wanted")
        return nothing
    kept = weight > 0
    label, score, weight = label[kept].astype(np.float64), _logit(prob[kept]), weight[kept]
    weight = unit_scale(weight)
    positives, negatives = score[label == 1], score[label == 0]
    if not both_classes(positives.size, negatives.size,
                        "the calibration slope and intercept are", stacklevel=3):
        return nothing
    ones = np.ones((score.size, 1))
    in_the_large = float(_newton(ones, score, label, weight, np.zeros(1))[0])
    if negatives.max() <= positives.min() or positives.max() <= negatives.min():
        undefined("the calibration slope and intercept are undefined: logit(y_prob) "
                  "separates the classes (no negative's probability exceeds a positive's, "
                  "or the reverse), so the likelihood grows without limit with the slope; "
                  "the calibration-in-the-large is returned")
        return CalibrationFit(math.nan, math.nan, in_the_large)
    intercept, slope = _newton(np.column_stack([ones[:, 0], score]), np.zeros(score.size),
                               label, weight, np.array([0.0, 1.0]))
    return CalibrationFit(float(slope), float(intercept), in_the_large)


def prediction_bias(y_true: Any, y_prob: Any, *, level: float = 0.95,
                    pos_label: Any = None) -> PredictionBias:
    """The prediction bias: the mean probability minus the share of positives, with an interval.

    ``bias = (1/n) Σ (p_i − y_i)``: positive when the probabilities are too high on the
    whole, negative when too low, 0 when their mean equals the observed rate (which a
    calibrated model achieves up to noise). It is calibration-in-the-large on the
    probability scale: :func:`calibration_slope_intercept`'s ``in_the_large`` is 0 exactly
    when the bias is, and has the opposite sign. The interval is the normal one for the
    mean of the differences ``d_i = p_i − y_i`` (cases independent, the probabilities
    fixed): ``bias ± z·s_d/√n`` with ``s_d`` their standard deviation (``n − 1`` in the
    denominator). With one case the interval is undefined (``nan``, one
    :class:`~evalcore.UndefinedMetricWarning`); the bias itself is returned. It takes no
    ``sample_weight``.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels.
    y_prob : array-like of shape (n,) or (n, 2)
        Predicted probabilities of the positive class, in [0, 1]; or ``predict_proba``'s two
        columns, of which the positive class's is used.
    level : float, default=0.95
        Confidence level, strictly between 0 and 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    PredictionBias
        ``bias``, ``low``, ``high``, ``level``, ``method`` (``"normal"``),
        ``mean_predicted`` and ``observed_rate``, read by name.

    Raises
    ------
    TypeError
        If ``level`` is not a real number, or the labels or probabilities are of the wrong
        kind.
    ValueError
        If ``level`` is not strictly between 0 and 1, a probability lies outside [0, 1], or
        the labels break their rules.

    See Also
    --------
    calibration_slope_intercept : the same question on the logit scale.

    References
    ----------
    E. W. Steyerberg (2019), *Clinical Prediction Models*, 2nd ed., Springer, chapter 15.

    Examples
    --------
    >>> import evalcore as ec
    >>> b = ec.prediction_bias([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> round(b.bias, 4), round(b.low, 4), round(b.high, 4)
    (-0.0875, -0.5264, 0.3514)
    """
    level = check_level(level)
    label, prob, _ = check_probabilities(y_true, y_prob, None, pos_label)
    difference = prob - label
    bias = float(difference.mean())
    mean_predicted, observed_rate = float(prob.mean()), float(label.mean())
    if difference.size < 2:
        undefined("the prediction bias's interval is undefined: one case gives no standard "
                  "deviation")
        return PredictionBias(bias, math.nan, math.nan, level, "normal", mean_predicted,
                              observed_rate)
    half = float(special.ndtri(0.5 + level / 2)) * float(np.std(difference, ddof=1)) \
        / math.sqrt(difference.size)
    return PredictionBias(bias, bias - half, bias + half, level, "normal", mean_predicted,
                          observed_rate)


def expected_calibration_error(y_true: Any, y_prob: Any, *, n_bins: int = 10,
                               strategy: str = "uniform", norm: str = "l1",
                               sample_weight: Any = None, pos_label: Any = None) -> float:
    """The expected calibration error: the reliability curve's distance from the diagonal.

    With the bins of :func:`reliability_curve` (``n_bins`` and ``strategy``), bin ``k``
    holding a share ``w_k`` of the (weighted) cases with mean probability ``p̄_k`` and share
    of positives ``ō_k``:

    * ``norm="l1"`` (the ECE of Naeini et al. 2015): ``Σ_k w_k |p̄_k − ō_k|``;
    * ``norm="l2"``: ``√(Σ_k w_k (p̄_k − ō_k)²)``, the square root of the reliability term
      of Murphy's decomposition of the Brier score (exactly, when every bin holds one
      probability);
    * ``norm="max"`` (the maximum calibration error): ``max_k |p̄_k − ō_k|``, over the
      non-empty bins.

    The number depends on the binning: more bins hold fewer cases each, and their noise
    alone pushes the ECE up even for calibrated probabilities; equal-width bins may hold
    almost nothing between two crowded ends, equal-count (``"quantile"``) bins do not.
    Report the binning with the number. It is 0 when every bin's share of positives
    equals its mean probability.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels.
    y_prob : array-like of shape (n,) or (n, 2)
        Predicted probabilities of the positive class, in [0, 1]; or ``predict_proba``'s two
        columns, of which the positive class's is used.
    n_bins : int, default=10
        Number of bins (at least 1).
    strategy : {"uniform", "quantile"}, default="uniform"
        Bins of equal width, or bins holding equal shares of the cases (see
        :func:`reliability_curve`).
    norm : {"l1", "l2", "max"}, default="l1"
        How the bins' gaps are combined.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights (only their ratios matter). ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    float
        In [0, 1].

    Raises
    ------
    TypeError
        If ``n_bins`` is not an integer, ``strategy`` or ``norm`` not a str, or the labels,
        probabilities or weights are of the wrong kind.
    ValueError
        If ``n_bins`` is below 1, ``strategy`` or ``norm`` is not one of its values, a
        probability lies outside [0, 1], or the labels or weights break their rules.

    See Also
    --------
    reliability_curve : the bins, one by one.
    smoothed_reliability_curve : the curve without bins.

    References
    ----------
    M. P. Naeini, G. F. Cooper and M. Hauskrecht (2015), "Obtaining well calibrated
    probabilities using Bayesian binning", *Proceedings of AAAI* 29, 2901-2907.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.expected_calibration_error([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], n_bins=2), 6)
    0.0875
    """
    n_bins = check_int(n_bins, "n_bins", low=1, high=MAX_BINS)
    strategy = check_one_of(strategy, ("uniform", "quantile"), "strategy")
    norm = check_one_of(norm, ("l1", "l2", "max"), "norm")
    label, prob, weight = check_probabilities(y_true, y_prob, sample_weight, pos_label)
    weight = unit_scale(weight)
    curve = reliability_from_edges(label, prob, weight, bin_edges(prob, weight, n_bins, strategy))
    gap = np.abs(curve.mean_predicted - curve.observed_frequency)
    share = curve.counts / curve.counts.sum()
    if norm == "max":
        return float(gap.max())
    if norm == "l2":
        return float(math.sqrt(share @ gap ** 2))
    return float(share @ gap)


def _local_linear(points: np.ndarray, prob: np.ndarray, label: np.ndarray,
                  bandwidth: float) -> np.ndarray:
    """The local linear estimate of P(y = 1) at each of ``points`` (Gaussian kernel), clipped
    to [0, 1]; ``nan`` where the cases near a point have (almost) one probability."""
    distance = prob[None, :] - points[:, None]
    kernel = np.exp(-0.5 * (distance / bandwidth) ** 2)
    s0, s1, s2 = kernel.sum(axis=1), (kernel * distance).sum(axis=1), \
        (kernel * distance ** 2).sum(axis=1)
    t0, t1 = kernel @ label, (kernel * distance) @ label
    determinant = s0 * s2 - s1 ** 2
    with np.errstate(invalid="ignore", divide="ignore"):
        estimate = (s2 * t0 - s1 * t1) / determinant
    estimate[~(determinant > 1e-10 * s0 * s2)] = np.nan
    return np.clip(estimate, 0.0, 1.0)


def smoothed_reliability_curve(y_true: Any, y_prob: Any, *, bandwidth: float = 0.05,
                               n_points: int = 50, n_boot: int = 1000, level: float = 0.95,
                               random_state: Any = None,
                               pos_label: Any = None) -> SmoothedReliabilityCurve:
    """The reliability curve without bins: a kernel smoother of the labels on the
    probabilities, with a pointwise bootstrap band.

    At each of ``n_points`` equally spaced probabilities ``t`` from the smallest to the
    largest of ``y_prob`` (never beyond the data) the curve is the *local linear* estimate of
    ``P(y = 1 | p = t)``: the intercept of a straight line fitted to the labels by least
    squares with Gaussian kernel weights ``exp(−(p_i − t)²/(2h²))``, ``h = bandwidth``
    (loess with a Gaussian kernel and degree 1). Unlike a kernel average, a local line has
    no bias at the ends for a curve that is a straight line, so calibrated probabilities give
    a curve on the diagonal up to noise. The estimate is clipped to [0, 1]. A small
    bandwidth follows the data closely and is noisy, a large one is smooth and can hide a
    bend.

    The band: ``n_boot`` case resamples through evalcore's one resampling engine (the
    percentile interval at every point, as :func:`bootstrap_ci`); it is pointwise, each
    point's interval covering at ``level``, not the whole curve at once. A point where the
    cases near it have (almost) one probability has no local line: on the data that leaves
    the curve undefined (``nan`` everywhere, one
    :class:`~evalcore.UndefinedMetricWarning`), on a resample the resample is left out and
    counted. It takes no ``sample_weight``, as :func:`bootstrap_ci`.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels.
    y_prob : array-like of shape (n,) or (n, 2)
        Predicted probabilities of the positive class, in [0, 1]; or ``predict_proba``'s two
        columns, of which the positive class's is used.
    bandwidth : float, default=0.05
        The kernel's standard deviation ``h``, on the probability scale (positive).
    n_points : int, default=50
        How many probabilities the curve is evaluated at (1 to :data:`MAX_POINTS`).
    n_boot : int, default=1000
        Number of bootstrap resamples for the band, at least 1.
    level : float, default=0.95
        Confidence level of the band, strictly between 0 and 1.
    random_state : None, int or numpy.random.Generator, default=None
        Seed; the same seed gives the same band.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    SmoothedReliabilityCurve
        ``(predicted, observed_frequency, low, high, n_undefined)``, arrays of ``n_points``.

    Raises
    ------
    TypeError
        If an option is of the wrong kind, or the labels or probabilities are.
    ValueError
        If ``bandwidth`` is not positive, ``n_points`` or ``n_boot`` is out of range,
        ``level`` not strictly between 0 and 1, a probability lies outside [0, 1], or the
        labels break their rules.

    See Also
    --------
    reliability_curve : the binned curve.
    evalcore.plotting.plot_reliability : draws the binned curve.

    References
    ----------
    W. S. Cleveland (1979), "Robust locally weighted regression and smoothing
    scatterplots", *Journal of the American Statistical Association* 74(368), 829-836.
    J. Fan (1992), "Design-adaptive nonparametric regression", *Journal of the American
    Statistical Association* 87(420), 998-1004.
    P. C. Austin and E. W. Steyerberg (2014), "Graphical assessment of internal and
    external calibration of logistic regression models by using loess smoothers",
    *Statistics in Medicine* 33(3), 517-535.

    Examples
    --------
    On four cases some resamples repeat one case only, so they have no local line: they
    are left out, counted, and said in one warning.

    >>> import warnings
    >>> import evalcore as ec
    >>> with warnings.catch_warnings(record=True) as said:
    ...     warnings.simplefilter("always")
    ...     curve = ec.smoothed_reliability_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8],
    ...                                           bandwidth=0.2, n_points=3, n_boot=200,
    ...                                           random_state=0)
    >>> curve.predicted.round(2).tolist(), curve.observed_frequency.round(4).tolist()
    ([0.1, 0.45, 0.8], [0.0394, 0.5378, 0.9936])
    >>> curve.n_undefined, len(said)
    (3, 1)
    """
    bandwidth = check_real(bandwidth, "bandwidth", low=0.0, low_open=True)
    n_points = check_int(n_points, "n_points", low=1, high=MAX_POINTS)
    n_boot, level = check_n_boot(n_boot), check_level(level)
    rng = check_random_state(random_state)
    label, prob, _ = check_probabilities(y_true, y_prob, None, pos_label)
    points = np.linspace(prob.min(), prob.max(), n_points)
    label_float = label.astype(np.float64)

    def statistic(index: np.ndarray) -> np.ndarray:
        return _local_linear(points, prob[index], label_float[index], bandwidth)
    result = bootstrap(statistic, label, rng=rng, n_boot=n_boot, level=level,
                       what="smoothed reliability curve's band", width=n_points,
                       why="the cases near a point of the curve had one probability")
    if result.warning:
        undefined(result.warning, stacklevel=3)
    return SmoothedReliabilityCurve(points, result.estimate, result.low, result.high,
                                    result.n_undefined)


def brier_skill_score(y_true: Any, y_prob: Any, *, reference: Any = None,
                      sample_weight: Any = None, pos_label: Any = None) -> float:
    """The Brier skill score: ``1 − Brier / Brier_reference``.

    How much of a reference forecast's Brier score the probabilities remove: 1 is perfect,
    0 no better than the reference, negative worse. The default reference forecasts the
    share of positives ``ō`` (weighted) for every case, whose Brier score is
    ``ō (1 − ō)``, the uncertainty term of Murphy's decomposition; then the skill is
    ``(resolution − reliability) / uncertainty`` whenever the decomposition is exact (the
    cases grouped by their probability). A skill near 0 with rare positives is what a small
    Brier score can hide. Undefined (``nan``, one :class:`~evalcore.UndefinedMetricWarning`)
    when the reference's Brier score is 0 (a perfect reference, e.g. one class only and the
    base rate).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels.
    y_prob : array-like of shape (n,) or (n, 2)
        Predicted probabilities of the positive class, in [0, 1]; or ``predict_proba``'s two
        columns, of which the positive class's is used.
    reference : None, float or array-like of shape (n,), default=None
        The reference forecast: ``None`` for the share of positives in ``y_true``, a
        probability for a constant forecast, or another forecaster's probabilities for the
        same cases.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights (only their ratios matter). ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    float
        At most 1.

    Raises
    ------
    TypeError
        If ``reference`` is neither a number nor an array-like, or the labels,
        probabilities or weights are of the wrong kind.
    ValueError
        If ``reference`` or a probability lies outside [0, 1], ``reference`` has another
        length than ``y_true``, or the labels or weights break their rules.

    See Also
    --------
    brier_score : the score itself.

    References
    ----------
    G. W. Brier (1950), "Verification of forecasts expressed in terms of probability",
    *Monthly Weather Review* 78(1), 1-3.
    A. H. Murphy (1973), "A new vector partition of the probability score", *Journal of
    Applied Meteorology* 12(4), 595-600.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.brier_skill_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 6)
    0.3675
    >>> round(ec.brier_skill_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], reference=0.4), 6)
    0.391827
    """
    label, prob, weight = check_probabilities(y_true, y_prob, sample_weight, pos_label)
    weight = unit_scale(weight)
    if reference is None:
        forecast = np.full(prob.shape, positive_share(label, weight))
    elif isinstance(reference, (int, float, np.integer, np.floating)) \
            and not isinstance(reference, (bool, np.bool_)):
        forecast = np.full(prob.shape, check_real(reference, "reference", low=0.0, high=1.0))
    else:
        forecast = check_scores(reference, "reference").astype(np.float64)
        check_same_length(y_true=label, reference=forecast)
        check_unit_interval(forecast, "reference")
    brier = float(np.average((prob - label) ** 2, weights=weight))
    brier_reference = float(np.average((forecast - label) ** 2, weights=weight))
    if brier_reference == 0:
        return undefined("the Brier skill score is undefined: the reference forecast's Brier "
                         "score is 0 (it is perfect, e.g. the base rate of labels of one "
                         "class)")
    return 1.0 - brier / brier_reference
