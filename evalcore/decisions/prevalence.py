"""Another population: the predictive values, the probabilities and the prevalence after a prior shift.

A test set fixes a classifier's true and false positive rates; a deployment meets another
prevalence. If only the prevalence changes and each class's scores keep their distribution
(*pure prior shift*), the rates carry over and Bayes' rule gives the predictive values at the
new prevalence (:func:`ppv_at_prevalence`, :func:`npv_at_prevalence`, with intervals from
the labelled cases in :func:`predictive_values_at_prevalence`), a calibrated probability is
moved to the new prevalence by adding the change of log prior odds to its logit
(:func:`adjust_to_prevalence`), and an unknown new prevalence can be estimated from
unlabelled scores (:func:`estimate_prevalence`: Saerens, Latinne and Decaestecker's EM, or
the adjusted count). None of this holds when the case mix within a class changes (a
spectrum shift): then the rates themselves move, and only new labelled cases measure them.

References
----------
M. Saerens, P. Latinne and C. Decaestecker (2002), "Adjusting the outputs of a classifier to
new a priori probabilities: a simple procedure", *Neural Computation* 14(1), 21-41.

G. Forman (2008), "Quantifying counts and costs via classification", *Data Mining and
Knowledge Discovery* 17(2), 164-206.

E. B. Wilson (1927), "Probable inference, the law of succession, and statistical
inference", *Journal of the American Statistical Association* 22(158), 209-212.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from ..calibration.reliability import check_unit_interval
from ..core.confusion import confusion_matrix, confusion_matrix_at
from ..core.options import (check_fraction, check_int, check_level, check_one_of, check_positive,
                            check_real, check_rule, check_threshold)
from ..core.validation import UndefinedMetricWarning, check_scores, shown, undefined
from ..stats.proportions import RateInterval, wilson_interval

#: Below this |TPR − FPR| the adjusted count divides by almost nothing: it warns.
SMALL_SEPARATION = 0.1


@dataclass(frozen=True, slots=True)
class PredictiveValuesInterval:
    """PPV and NPV at a new prevalence, each with its interval, from a labelled sample.

    Read it by name (``r.ppv.rate``, ``r.ppv.low``): it cannot be unpacked or indexed. Each
    of the four rates is a :class:`RateInterval` that says its own level and method, since
    they differ: the sample's ``tpr`` and ``fpr`` have Wilson intervals at level ``√level``
    (method ``"wilson"``), and ``ppv`` and ``npv`` the values of Bayes' rule at the corners
    of those two intervals, at level ``level`` (method ``"wilson via bayes"``).

    Attributes
    ----------
    prevalence : float
        The new population's share of positives.
    ppv, npv : RateInterval
        The predictive values at that prevalence, with their intervals.
    tpr, fpr : RateInterval
        The labelled sample's rates, with their intervals.
    """

    prevalence: float
    ppv: RateInterval
    npv: RateInterval
    tpr: RateInterval
    fpr: RateInterval


class PrevalenceEstimate(NamedTuple):
    """An estimated prevalence of unlabelled cases.

    ``naive`` is the uncorrected estimate (the mean probability for EM, the share classified
    positive for the adjusted count); ``tpr`` and ``fpr`` are the labelled sample's rates
    (the adjusted count only; ``nan`` for EM); ``n_iter`` the EM steps taken (0 for the
    adjusted count) and ``converged`` whether the last step moved less than ``tol``.
    """

    prevalence: float
    method: str
    naive: float
    tpr: float
    fpr: float
    n_iter: int
    converged: bool


def _rates(values: Any, name: str) -> np.ndarray:
    """``values`` (a number or an array of numbers) as a float array of values in [0, 1]."""
    if np.ndim(values) == 0:
        return np.asarray(check_fraction(values.item() if isinstance(values, np.ndarray)
                                         else values, name))
    array = np.asarray(values)
    if array.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold real numbers, got an array of dtype {array.dtype}")
    array = array.astype(np.float64)
    if np.isnan(array).any():
        raise ValueError(f"{name} must not hold NaN")
    check_unit_interval(array, name)
    return array


def _bayes(tpr: Any, fpr: Any, prevalence: Any, which: str) -> Any:
    """PPV (``which="ppv"``) or NPV by Bayes' rule; ``nan`` with one warning where the
    denominator is 0 (nothing predicted positive, or negative)."""
    tpr, fpr, prevalence = _rates(tpr, "tpr"), _rates(fpr, "fpr"), _rates(prevalence, "prevalence")
    try:
        tpr, fpr, prevalence = np.broadcast_arrays(tpr, fpr, prevalence)
    except ValueError:
        raise ValueError(f"tpr, fpr and prevalence must have shapes that broadcast, got "
                         f"{np.shape(tpr)}, {np.shape(fpr)} and {np.shape(prevalence)}") from None
    if which == "ppv":
        kept = tpr * prevalence
        other = fpr * (1 - prevalence)
        nothing = "no case is predicted positive (tpr·prevalence + fpr·(1 − prevalence) = 0)"
    else:
        kept = (1 - fpr) * (1 - prevalence)
        other = (1 - tpr) * prevalence
        nothing = "no case is predicted negative ((1 − fpr)(1 − prevalence) + (1 − tpr)·prevalence = 0)"
    total = kept + other
    with np.errstate(invalid="ignore", divide="ignore"):
        value = kept / total
    if np.any(total == 0):
        undefined(f"{which.upper()} is undefined where {nothing}", stacklevel=4)
        value = np.where(total == 0, np.nan, value)
    return float(value) if value.ndim == 0 else value


def ppv_at_prevalence(tpr: Any, fpr: Any, prevalence: Any) -> Any:
    """The positive predictive value at a prevalence, from the true and false positive rates.

    Bayes' rule: ``PPV = TPR·π / (TPR·π + FPR·(1 − π))``. It holds for a new population only
    under pure prior shift (each class's scores distributed as in the sample the rates came
    from); a change of case mix within a class moves TPR and FPR themselves.

    Parameters
    ----------
    tpr, fpr : float or array-like
        The true and false positive rates, in [0, 1].
    prevalence : float or array-like
        The share of positives in the population, in [0, 1]. The three broadcast together.

    Returns
    -------
    float or numpy.ndarray
        The PPV (a float when all three are numbers); ``nan`` with one
        :class:`~evalcore.UndefinedMetricWarning` where nothing is predicted positive.

    Raises
    ------
    TypeError
        If an argument is not a number or an array of numbers.
    ValueError
        If a value lies outside [0, 1] or is NaN, or the shapes do not broadcast.

    See Also
    --------
    npv_at_prevalence : the negative predictive value.
    predictive_values_at_prevalence : both, with intervals, from labelled cases.

    References
    ----------
    D. G. Altman and J. M. Bland (1994), "Diagnostic tests 2: predictive values", *BMJ*
    309, 102.

    Examples
    --------
    On the shared toy case at threshold 0.35 the rates are TPR = 1 and FPR = 0.5; at a
    prevalence of 1% a positive is a true one in about 2% of cases:

    >>> import evalcore as ec
    >>> round(ec.ppv_at_prevalence(1.0, 0.5, 0.01), 4)
    0.0198
    >>> ec.ppv_at_prevalence(1.0, 0.5, [0.5, 0.01]).round(4)
    array([0.6667, 0.0198])
    """
    return _bayes(tpr, fpr, prevalence, "ppv")


def npv_at_prevalence(tpr: Any, fpr: Any, prevalence: Any) -> Any:
    """The negative predictive value at a prevalence, from the true and false positive rates.

    Bayes' rule: ``NPV = (1 − FPR)(1 − π) / ((1 − FPR)(1 − π) + (1 − TPR)·π)``, under pure
    prior shift as in :func:`ppv_at_prevalence`.

    Parameters
    ----------
    tpr, fpr : float or array-like
        The true and false positive rates, in [0, 1].
    prevalence : float or array-like
        The share of positives in the population, in [0, 1]. The three broadcast together.

    Returns
    -------
    float or numpy.ndarray
        The NPV; ``nan`` with one :class:`~evalcore.UndefinedMetricWarning` where nothing is
        predicted negative.

    Raises
    ------
    TypeError
        If an argument is not a number or an array of numbers.
    ValueError
        If a value lies outside [0, 1] or is NaN, or the shapes do not broadcast.

    See Also
    --------
    ppv_at_prevalence : the positive predictive value.

    References
    ----------
    D. G. Altman and J. M. Bland (1994), "Diagnostic tests 2: predictive values", *BMJ*
    309, 102.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.npv_at_prevalence(0.5, 0.0, 0.5), 4)
    0.6667
    """
    return _bayes(tpr, fpr, prevalence, "npv")


def predictive_values_at_prevalence(y_true: Any, y_pred: Any, prevalence: float, *,
                                    threshold: float | None = None, rule: str = ">=",
                                    level: float = 0.95,
                                    pos_label: Any = None) -> PredictiveValuesInterval:
    """PPV and NPV at a new prevalence from labelled cases, with intervals.

    The labelled cases give TPR and FPR (from hard predictions ``y_pred``, or from scores
    with ``threshold``: predicted positive where ``score >= threshold``, or ``>`` with
    ``rule=">"``); Bayes' rule carries them to ``prevalence`` (taken as known, not
    estimated). The interval is built by carrying the rates' intervals through the map:
    each rate gets Wilson's score interval at level ``√level``, so the rectangle of the two
    (positives and negatives are independent samples) covers both true rates with
    probability about ``level``; PPV and NPV increase with TPR and decrease with FPR, so
    their values at the rectangle's corners ``(tpr_low, fpr_high)`` and
    ``(tpr_high, fpr_low)`` bound them whenever the rectangle covers. The interval is
    therefore at least as wide as it needs to be (its coverage is usually above
    ``level``). Valid only under pure prior shift.

    It takes no ``sample_weight``: every case counts once (Wilson's interval is for counts).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels of the labelled sample.
    y_pred : array-like of shape (n,)
        Hard predictions (labels as ``y_true``'s), or scores when ``threshold`` is given.
    prevalence : float
        The new population's share of positives, in [0, 1].
    threshold : float, default=None
        With a threshold, ``y_pred`` holds scores and is thresholded.
    rule : {">=", ">"}, default=">="
        How a score is compared with ``threshold``.
    level : float, default=0.95
        Confidence level, strictly between 0 and 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    PredictiveValuesInterval
        ``prevalence`` and the predictive values ``ppv`` and ``npv`` and the rates ``tpr``
        and ``fpr``, each a :class:`RateInterval` (its value ``rate``, ``low``, ``high``,
        ``level`` and ``method``). A class missing from ``y_true`` leaves every rate and
        interval ``nan`` (one :class:`~evalcore.UndefinedMetricWarning`).

    Raises
    ------
    TypeError
        If an argument is of the wrong kind.
    ValueError
        If ``prevalence`` lies outside [0, 1], ``level`` outside (0, 1), or the labels or
        scores break their rules.

    See Also
    --------
    ppv_at_prevalence, npv_at_prevalence : the same values from given rates.
    operating_point_ci : bootstrap intervals for the two rates.

    References
    ----------
    E. B. Wilson (1927), "Probable inference, the law of succession, and statistical
    inference", *Journal of the American Statistical Association* 22(158), 209-212.

    Examples
    --------
    >>> import evalcore as ec
    >>> r = ec.predictive_values_at_prevalence([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], 0.2,
    ...                                        threshold=0.35)
    >>> round(r.ppv.rate, 4), round(r.ppv.low, 4), round(r.ppv.high, 4), r.ppv.method
    (0.3333, 0.0718, 0.7636, 'wilson via bayes')
    >>> r.tpr.rate, round(r.tpr.level, 4), r.tpr.method
    (1.0, 0.9747, 'wilson')
    """
    prevalence = check_fraction(prevalence, "prevalence")
    level = check_level(level)
    if threshold is None:
        counts = confusion_matrix(y_true, y_pred, pos_label=pos_label)
    else:
        counts = confusion_matrix_at(y_true, y_pred, check_threshold(threshold),
                                     rule=check_rule(rule), pos_label=pos_label)
    if counts.positives == 0 or counts.negatives == 0:
        missing = "positive" if counts.positives == 0 else "negative"
        undefined(f"the predictive values' rates are undefined: y_true holds no {missing} "
                  f"cases", stacklevel=3)
        nothing = (math.nan,) * 3
        rates = [RateInterval(*nothing, math.sqrt(level), "wilson")] * 2
        values = [RateInterval(*nothing, level, "wilson via bayes")] * 2
        return PredictiveValuesInterval(prevalence, *values, *rates)
    tpr = wilson_interval(counts.tp, counts.positives, level=math.sqrt(level))
    fpr = wilson_interval(counts.fp, counts.negatives, level=math.sqrt(level))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        # PPV and NPV rise with TPR and fall with FPR: the rectangle's corners bound them
        corners = [(_bayes(t, f, prevalence, "ppv"), _bayes(t, f, prevalence, "npv"))
                   for t, f in ((tpr.rate, fpr.rate), (tpr.low, fpr.high), (tpr.high, fpr.low))]
    ppv, npv = (RateInterval(*(corner[k] for corner in corners), level, "wilson via bayes")
                for k in (0, 1))
    if math.isnan(ppv.rate) or math.isnan(npv.rate):
        undefined("a predictive value is undefined: at this prevalence nothing is predicted "
                  "positive (or negative)", stacklevel=3)
    return PredictiveValuesInterval(prevalence, ppv, npv, tpr, fpr)


def _log_odds(value: float) -> float:
    return math.log(value) - math.log1p(-value)


def adjust_to_prevalence(y_prob: Any, from_prevalence: float, to_prevalence: float) -> Any:
    """Move calibrated probabilities from one prevalence to another (the logit offset).

    Under pure prior shift the likelihood ratio ``p/(1 − p) ÷ π/(1 − π)`` of each case is
    unchanged, so the new odds are the old odds times the ratio of the prior odds:
    ``logit(q) = logit(p) + logit(π_new) − logit(π_old)``. Computed as
    ``q = p·a / (p·a + (1 − p)·b)`` with ``a = π_new/π_old`` and
    ``b = (1 − π_new)/(1 − π_old)``, which keeps 0 and 1 where they are.

    Parameters
    ----------
    y_prob : float or array-like of shape (n,)
        Probabilities of the positive class, in [0, 1], calibrated at ``from_prevalence``.
    from_prevalence : float
        The prevalence the probabilities were calibrated at (the training set's), in (0, 1).
    to_prevalence : float
        The new population's prevalence, in (0, 1).

    Returns
    -------
    float or numpy.ndarray
        The probabilities at ``to_prevalence`` (a float for a number).

    Raises
    ------
    TypeError
        If an argument is not a number, or ``y_prob`` not numbers.
    ValueError
        If a probability lies outside [0, 1] or a prevalence outside (0, 1).

    See Also
    --------
    estimate_prevalence : when the new prevalence is unknown.

    References
    ----------
    M. Saerens, P. Latinne and C. Decaestecker (2002), "Adjusting the outputs of a
    classifier to new a priori probabilities: a simple procedure", *Neural Computation*
    14(1), 21-41, equation (2.4).

    Examples
    --------
    A probability of 0.8 at a prevalence of 50% (odds 4) has odds 4 × 1/99 at 1%, so it
    becomes 4/103 ≈ 0.0388:

    >>> import evalcore as ec
    >>> round(ec.adjust_to_prevalence(0.8, 0.5, 0.01), 4)
    0.0388
    >>> ec.adjust_to_prevalence([0.1, 0.4, 0.35, 0.8], 0.5, 0.2).round(4)
    array([0.027 , 0.1429, 0.1186, 0.5   ])
    """
    from_prevalence = check_real(from_prevalence, "from_prevalence", low=0.0, high=1.0,
                                 low_open=True, high_open=True)
    to_prevalence = check_real(to_prevalence, "to_prevalence", low=0.0, high=1.0,
                               low_open=True, high_open=True)
    scalar = np.ndim(y_prob) == 0 and not isinstance(y_prob, (list, tuple))
    if scalar:
        prob = np.asarray(check_fraction(y_prob, "y_prob"))
    else:
        prob = check_scores(y_prob, "y_prob").astype(np.float64)
        check_unit_interval(prob, "y_prob")
    up, down = to_prevalence / from_prevalence, (1 - to_prevalence) / (1 - from_prevalence)
    adjusted = prob * up / (prob * up + (1 - prob) * down)
    return float(adjusted) if scalar else adjusted


def estimate_prevalence(y_score_unlabelled: Any, *, method: str = "em",
                        training_prevalence: float | None = None, y_true: Any = None,
                        y_score: Any = None, threshold: float = 0.5, rule: str = ">=",
                        tol: float = 1e-10, max_iter: int = 1000,
                        pos_label: Any = None) -> PrevalenceEstimate:
    """Estimate the prevalence of unlabelled cases from their scores, under pure prior shift.

    ``method="em"`` (Saerens, Latinne and Decaestecker 2002): ``y_score_unlabelled`` holds
    probabilities calibrated at ``training_prevalence`` π₀. Starting from π = π₀, each step
    moves every probability to the current π (:func:`adjust_to_prevalence`) and takes their
    mean as the next π, until a step moves π by less than ``tol``. The fixed point
    satisfies ``π = mean(adjust_to_prevalence(p, π₀, π))`` and maximises the likelihood of
    the unlabelled scores over the prior; it can be 0 or 1.

    ``method="adjusted_count"`` (Forman 2008): the share classified positive ``CC`` (score
    ``>= threshold``, or ``>`` with ``rule=">"``) is corrected with the TPR and FPR
    measured at the same threshold on the labelled cases ``(y_true, y_score)``:
    ``(CC − FPR)/(TPR − FPR)``, clipped to [0, 1]. When ``|TPR − FPR|`` is below
    ``SMALL_SEPARATION`` (0.1) it divides by almost nothing, so the estimate swings with the
    noise in CC: a ``RuntimeWarning`` says so; when TPR = FPR it is undefined (``nan`` and
    one :class:`~evalcore.UndefinedMetricWarning`).

    It takes no ``sample_weight``: every case counts once.

    Parameters
    ----------
    y_score_unlabelled : array-like of shape (m,)
        Scores of the unlabelled cases (probabilities in [0, 1] for ``"em"``).
    method : {"em", "adjusted_count"}, default="em"
        The estimator.
    training_prevalence : float, default=None
        ``"em"`` only (required): the prevalence the probabilities are calibrated at, in (0, 1).
    y_true, y_score : array-like of shape (n,), default=None
        ``"adjusted_count"`` only (required): labelled cases and their scores.
    threshold : float, default=0.5
        ``"adjusted_count"``: the classification threshold.
    rule : {">=", ">"}, default=">="
        ``"adjusted_count"``: how a score is compared with ``threshold``.
    tol : float, default=1e-10
        ``"em"``: stop when a step moves the prevalence by less than this.
    max_iter : int, default=1000
        ``"em"``: the most steps taken.
    pos_label : int, float, bool or str, default=None
        ``"adjusted_count"``: the positive label of ``y_true``.

    Returns
    -------
    PrevalenceEstimate
        ``(prevalence, method, naive, tpr, fpr, n_iter, converged)``.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind, or one the method needs is missing.
    ValueError
        If a value breaks its rule (probabilities outside [0, 1], a prevalence outside (0, 1)).

    See Also
    --------
    adjust_to_prevalence : one EM step's move of the probabilities.

    References
    ----------
    M. Saerens, P. Latinne and C. Decaestecker (2002), "Adjusting the outputs of a
    classifier to new a priori probabilities: a simple procedure", *Neural Computation*
    14(1), 21-41.

    G. Forman (2008), "Quantifying counts and costs via classification", *Data Mining and
    Knowledge Discovery* 17(2), 164-206.

    Examples
    --------
    >>> import evalcore as ec
    >>> e = ec.estimate_prevalence([0.1, 0.4, 0.35, 0.8], training_prevalence=0.5)
    >>> round(e.naive, 4), round(e.prevalence, 4), e.converged
    (0.4125, 0.1861, True)
    >>> a = ec.estimate_prevalence([0.2, 0.9, 0.1, 0.3], method="adjusted_count",
    ...                            y_true=[0, 0, 1, 1], y_score=[0.1, 0.4, 0.35, 0.8],
    ...                            threshold=0.35)
    >>> a.tpr, a.fpr, a.naive, a.prevalence
    (1.0, 0.5, 0.25, 0.0)
    """
    method = check_one_of(method, ("em", "adjusted_count"), "method")
    score = check_scores(y_score_unlabelled, "y_score_unlabelled").astype(np.float64)
    if method == "em":
        if training_prevalence is None:
            raise TypeError("training_prevalence is required for method='em': the prevalence "
                            "the probabilities are calibrated at")
        prior = check_real(training_prevalence, "training_prevalence", low=0.0, high=1.0,
                           low_open=True, high_open=True)
        tol = check_positive(tol, "tol")
        max_iter = check_int(max_iter, "max_iter", low=1)
        check_unit_interval(score, "y_score_unlabelled")
        current, converged, steps = prior, False, 0
        naive = float(score.mean())
        while steps < max_iter and not converged:
            if current in (0.0, 1.0):           # a prior of 0 or 1 is its own fixed point
                converged = True
                break
            up, down = current / prior, (1 - current) / (1 - prior)
            step = float(np.mean(score * up / (score * up + (1 - score) * down)))
            steps += 1
            converged = abs(step - current) < tol
            current = step
        return PrevalenceEstimate(current, "em", naive, math.nan, math.nan, steps, converged)
    if y_true is None or y_score is None:
        raise TypeError("y_true and y_score (labelled cases) are required for "
                        "method='adjusted_count'")
    threshold = check_threshold(threshold)
    rule = check_rule(rule)
    counts = confusion_matrix_at(y_true, y_score, threshold, rule=rule, pos_label=pos_label)
    classified = score >= threshold if rule == ">=" else score > threshold
    naive = float(classified.mean())
    if counts.positives == 0 or counts.negatives == 0:
        missing = "positive" if counts.positives == 0 else "negative"
        undefined(f"the adjusted count is undefined: y_true holds no {missing} cases, so "
                  f"{'TPR' if missing == 'positive' else 'FPR'} is unknown", stacklevel=2)
        return PrevalenceEstimate(math.nan, method, naive, math.nan, math.nan, 0, True)
    tpr, fpr = counts.tp / counts.positives, counts.fp / counts.negatives
    separation = tpr - fpr
    if separation == 0:
        undefined(f"the adjusted count is undefined: TPR = FPR = {shown(tpr)} at threshold "
                  f"{shown(threshold)}, so the share classified positive says nothing about "
                  f"the prevalence", stacklevel=2)
        return PrevalenceEstimate(math.nan, method, naive, tpr, fpr, 0, True)
    if abs(separation) < SMALL_SEPARATION:
        warnings.warn(f"the adjusted count divides by TPR − FPR = {separation:.3g} (below "
                      f"{SMALL_SEPARATION}): the estimate swings by 1/{abs(separation):.3g} "
                      f"times the noise in the share classified positive", RuntimeWarning,
                      stacklevel=2)
    estimate = min(1.0, max(0.0, (naive - fpr) / separation))
    return PrevalenceEstimate(estimate, method, naive, tpr, fpr, 0, True)
