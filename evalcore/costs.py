"""Misclassification costs and choosing a threshold: by cost, by Youden's J, under an FPR or
precision constraint, or for the best F-beta."""

from __future__ import annotations

import math
import numbers
from typing import Any, NamedTuple

import numpy as np

from ._ranking import roc_points, tie_groups
from ._validation import check_binary_scores, check_positive, check_rule, undefined


class OperatingPoint(NamedTuple):
    """A chosen threshold (rule ``score >= threshold``) and what it achieves."""

    threshold: float
    fpr: float
    tpr: float
    value: float


def expected_cost(y_true: Any, y_pred: Any, *, cost_fp: float = 1.0, cost_fn: float = 1.0,
                  sample_weight: Any = None, pos_label: Any = None) -> float:
    """Misclassification cost per sample: (cost_fp·FP + cost_fn·FN) / n.

    The slides write it C₁·FP/n + C₂·FN/n. With both costs 1 it is the error rate.

    >>> expected_cost([0, 0, 1, 1], [0, 1, 1, 0], cost_fp=1, cost_fn=5)
    1.5
    """
    from .confusion import confusion_matrix

    cm = confusion_matrix(y_true, y_pred, sample_weight=sample_weight, pos_label=pos_label)
    return cm.expected_cost(cost_fp=cost_fp, cost_fn=cost_fn)


def _operating_points(y_true, y_score, sample_weight, pos_label):
    label, score, weight = check_binary_scores(y_true, y_score, sample_weight=sample_weight,
                                               pos_label=pos_label)
    # from "call nothing positive" on, so every reachable point is a candidate
    thresholds, tps, fps = roc_points(tie_groups(label, score, weight))
    return thresholds, tps.astype(np.float64), fps.astype(np.float64)


def threshold_by_cost(y_true: Any, y_score: Any, *, cost_fp: float = 1.0, cost_fn: float = 1.0,
                      sample_weight: Any = None, pos_label: Any = None) -> OperatingPoint:
    """The threshold (rule ``>=``) with the least cost per sample on this data.

    ``value`` is that cost, (cost_fp·FP + cost_fn·FN) / n. Ties go to the highest threshold.

    >>> threshold_by_cost([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], cost_fp=1, cost_fn=5)
    OperatingPoint(threshold=0.35, fpr=0.5, tpr=1.0, value=0.25)
    """
    cost_fp = check_positive(cost_fp, "cost_fp", allow_zero=True)
    cost_fn = check_positive(cost_fn, "cost_fn", allow_zero=True)
    thresholds, tps, fps = _operating_points(y_true, y_score, sample_weight, pos_label)
    total_pos, total_neg = tps[-1], fps[-1]
    cost = (cost_fp * fps + cost_fn * (total_pos - tps)) / (total_pos + total_neg)
    k = int(np.argmin(cost))
    if total_pos == 0 or total_neg == 0:   # the cost is defined, one of the rates is not
        missing, rate = ("negative", "false") if total_neg == 0 else ("positive", "true")
        undefined(f"the {rate} positive rate at the chosen threshold is undefined: y_true "
                  f"holds no {missing} samples (with nonzero weight)")
    with np.errstate(invalid="ignore", divide="ignore"):
        fpr = fps[k] / total_neg if total_neg else np.nan
        tpr = tps[k] / total_pos if total_pos else np.nan
    return OperatingPoint(float(thresholds[k]), float(fpr), float(tpr), float(cost[k]))


def threshold_by_youden(y_true: Any, y_score: Any, *, sample_weight: Any = None,
                        pos_label: Any = None) -> OperatingPoint:
    """The threshold (rule ``>=``) that maximizes Youden's J = TPR − FPR (informedness).

    ``value`` is J there. Ties go to the highest threshold.

    >>> threshold_by_youden([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    OperatingPoint(threshold=0.8, fpr=0.0, tpr=0.5, value=0.5)
    """
    thresholds, tps, fps = _operating_points(y_true, y_score, sample_weight, pos_label)
    if tps[-1] == 0 or fps[-1] == 0:
        nan = undefined("Youden's J is undefined: y_true holds only one class")
        return OperatingPoint(nan, nan, nan, nan)
    tpr, fpr = tps / tps[-1], fps / fps[-1]
    j = tpr - fpr
    k = int(np.argmax(j))
    return OperatingPoint(float(thresholds[k]), float(fpr[k]), float(tpr[k]), float(j[k]))


# ----------------------------------------------------------------------------- constraints

class ThresholdChoice(NamedTuple):
    """A threshold chosen under a constraint or for an objective, and what it achieves.

    Under the function's ``rule``, the cases called positive are exactly those with
    ``score >= threshold`` (rule ``">="``) or ``score > threshold`` (rule ``">"``).
    ``value`` is the quantity optimized: the TPR (:func:`threshold_at_fpr`), the recall
    (:func:`threshold_at_precision`) or F-beta (:func:`threshold_max_fbeta`).
    """

    threshold: float
    tpr: float
    fpr: float
    precision: float
    value: float


def _candidates(y_true: Any, y_score: Any, rule: Any, pos_label: Any):
    """Every achievable positive set (top tie groups), with its threshold under ``rule``.

    Candidate k calls the k highest tie groups positive (k = 0: nothing). Under ``">="``
    its threshold is the lowest score it contains (``inf`` for nothing); under ``">"`` it
    is the next lower distinct score (``-inf`` below the lowest), so that the same cases
    are called positive.
    """
    rule = check_rule(rule)
    label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)
    thresholds, tps, fps = roc_points(tie_groups(label, score))
    if rule == ">":
        thresholds = np.append(thresholds[1:], -np.inf)
    return thresholds, tps.astype(np.float64), fps.astype(np.float64)


def _choice(thresholds, tps, fps, k: int, value: float) -> ThresholdChoice:
    total_pos, total_neg = tps[-1], fps[-1]
    called = tps[k] + fps[k]
    if called == 0:
        precision = undefined("the precision at the chosen threshold is undefined: it calls "
                              "no case positive (0/0)", stacklevel=4)
    else:
        precision = tps[k] / called
    return ThresholdChoice(float(thresholds[k]), float(tps[k] / total_pos),
                           float(fps[k] / total_neg), float(precision), float(value))


def _need_both(tps, fps, what: str) -> bool:
    if tps[-1] == 0 or fps[-1] == 0:
        missing = "positive" if tps[-1] == 0 else "negative"
        undefined(f"{what} is undefined: y_true holds no {missing} samples", stacklevel=4)
        return False
    return True


def _check_fraction(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or math.isnan(value):
        raise TypeError(f"{name} must be a real number in [0, 1], got {value!r}")
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} must lie in [0, 1], got {value!r}")
    return float(value)


_NAN_CHOICE = ThresholdChoice(math.nan, math.nan, math.nan, math.nan, math.nan)


def threshold_at_fpr(y_true: Any, y_score: Any, max_fpr: float, *, rule: str = ">=",
                     pos_label: Any = None) -> ThresholdChoice:
    """The Neyman-Pearson threshold: the largest TPR whose FPR is at most ``max_fpr``.

    Among the operating points of the empirical ROC curve (tied scores form one
    threshold, so a tie group is called positive or negative as a whole) it keeps those
    with FPR <= ``max_fpr`` and returns the one with the highest TPR; among equal TPRs, the
    lowest FPR (the highest threshold). Calling nothing positive (FPR 0) is always allowed.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        True binary labels and scores.
    max_fpr : float
        The largest false positive rate tolerated, in [0, 1].
    rule : {">=", ">"}
        How the returned threshold is read: ``score >= threshold`` or ``score > threshold``
        is called positive. The chosen cases are the same; only the threshold differs.
    pos_label : optional
        The positive label when labels are not {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    ThresholdChoice
        ``(threshold, tpr, fpr, precision, value)`` with ``value`` the TPR. All ``nan`` with
        one :class:`~evalcore.UndefinedMetricWarning` if a class is missing; ``precision``
        is ``nan`` (with the warning) when the choice calls nothing positive.

    References
    ----------
    C. Scott and R. Nowak (2005), "A Neyman-Pearson approach to statistical learning",
    *IEEE Trans. Information Theory* 51(11), 3806-3819.

    Examples
    --------
    >>> import evalcore as ec
    >>> y, s = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    >>> np_choice = ec.threshold_at_fpr(y, s, 0.5)
    >>> np_choice.threshold, np_choice.tpr, np_choice.fpr, round(np_choice.precision, 4)
    (0.35, 1.0, 0.5, 0.6667)
    >>> ec.threshold_at_fpr(y, s, 0.25, rule=">")
    ThresholdChoice(threshold=0.4, tpr=0.5, fpr=0.0, precision=1.0, value=0.5)
    """
    max_fpr = _check_fraction(max_fpr, "max_fpr")
    thresholds, tps, fps = _candidates(y_true, y_score, rule, pos_label)
    if not _need_both(tps, fps, "the Neyman-Pearson threshold"):
        return _NAN_CHOICE
    # the FPR as it is reported (fp / N), so that FPR 0.29 passes max_fpr=0.29 (0.29·100 < 29)
    feasible = fps / fps[-1] <= max_fpr
    # tps rise along the candidates: the first candidate reaching the best feasible TPR
    best = tps[feasible].max()
    k = int(np.flatnonzero(feasible & (tps == best))[0])
    return _choice(thresholds, tps, fps, k, tps[k] / tps[-1])


def threshold_at_precision(y_true: Any, y_score: Any, min_precision: float, *,
                           rule: str = ">=", pos_label: Any = None) -> ThresholdChoice:
    """The threshold with the largest recall whose precision is at least ``min_precision``.

    Among the thresholds that call at least one case positive (tied scores form one
    threshold) it keeps those with precision >= ``min_precision`` and returns the one with
    the highest recall; among equal recalls, the highest threshold (the highest precision).

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        True binary labels and scores.
    min_precision : float
        The smallest precision tolerated, in [0, 1].
    rule : {">=", ">"}
        How the returned threshold is read (see :func:`threshold_at_fpr`).
    pos_label : optional
        The positive label when labels are not {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    ThresholdChoice
        ``(threshold, tpr, fpr, precision, value)`` with ``value`` the recall (= TPR). All
        ``nan`` with one :class:`~evalcore.UndefinedMetricWarning` if a class is missing or
        no threshold reaches ``min_precision``.

    Examples
    --------
    >>> import evalcore as ec
    >>> y, s = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    >>> choice = ec.threshold_at_precision(y, s, 0.6)
    >>> choice.threshold, choice.tpr, round(choice.precision, 4)
    (0.35, 1.0, 0.6667)
    >>> ec.threshold_at_precision(y, s, 0.9).threshold
    0.8
    """
    min_precision = _check_fraction(min_precision, "min_precision")
    thresholds, tps, fps = _candidates(y_true, y_score, rule, pos_label)
    if not _need_both(tps, fps, "the threshold at a precision"):
        return _NAN_CHOICE
    called = tps + fps
    with np.errstate(invalid="ignore", divide="ignore"):
        precision = np.where(called > 0, tps / np.where(called > 0, called, 1), -1.0)
    # compare tp >= p·(tp + fp) rather than the rounded ratio, with a relative slack
    feasible = (called > 0) & (tps >= min_precision * called * (1 - 1e-12))
    if not feasible.any():
        undefined(f"no threshold reaches precision {min_precision!r}: the best is "
                  f"{precision.max():.6g}", stacklevel=2)
        return _NAN_CHOICE
    best = tps[feasible].max()
    k = int(np.flatnonzero(feasible & (tps == best))[0])
    return _choice(thresholds, tps, fps, k, tps[k] / tps[-1])


def threshold_max_fbeta(y_true: Any, y_score: Any, *, beta: float = 1.0, rule: str = ">=",
                        pos_label: Any = None) -> ThresholdChoice:
    """The threshold that maximizes F-beta, ``(1 + β²)·TP / ((1 + β²)·TP + β²·FN + FP)``.

    Every threshold of the data is a candidate (tied scores form one threshold); ties in
    F-beta go to the highest threshold. β > 1 weighs recall more, β < 1 precision.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        True binary labels and scores.
    beta : float
        Positive; 1 gives the F1 score.
    rule : {">=", ">"}
        How the returned threshold is read (see :func:`threshold_at_fpr`).
    pos_label : optional
        The positive label when labels are not {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    ThresholdChoice
        ``(threshold, tpr, fpr, precision, value)`` with ``value`` the F-beta score. All
        ``nan`` with one :class:`~evalcore.UndefinedMetricWarning` if a class is missing.

    Examples
    --------
    >>> import evalcore as ec
    >>> y, s = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    >>> best = ec.threshold_max_fbeta(y, s)
    >>> best.threshold, best.tpr, best.fpr, round(best.value, 4)
    (0.35, 1.0, 0.5, 0.8)
    >>> ec.threshold_max_fbeta(y, s, beta=0.5, rule=">").threshold
    0.4
    """
    beta = check_positive(beta, "beta")
    thresholds, tps, fps = _candidates(y_true, y_score, rule, pos_label)
    if not _need_both(tps, fps, "the F-beta threshold"):
        return _NAN_CHOICE
    b2 = beta * beta
    fbeta = (1 + b2) * tps / ((1 + b2) * tps + b2 * (tps[-1] - tps) + fps)
    k = int(np.argmax(fbeta))
    return _choice(thresholds, tps, fps, k, fbeta[k])
