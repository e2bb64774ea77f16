"""Misclassification costs and the threshold they choose: the cost of given predictions, the
threshold with the least cost, and the one with the largest Youden's J.

Each choice is made on the tie groups by a kernel (:func:`threshold_by_cost_from_groups`,
:func:`threshold_by_youden_from_groups`), which the array function calls on its checked and
sorted arrays and :class:`~evalcore.ScoreCounts`' method on the summary. Thresholds chosen
under a constraint (an FPR, a precision) or for the best F-beta are in
:mod:`evalcore.decisions.threshold_choices`."""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from ..core.curves import threshold_scalar
from ..core.options import check_positive
from ..core.ranking import TieGroups, operating_points, unit_scaled_groups, validated_tie_groups
from ..core.validation import both_classes


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

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted binary labels (the same two labels).
    cost_fp, cost_fn : float, default=1.0
        Cost of one false positive and of one false negative (non-negative, finite).
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights; ``n`` is then the total weight. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    float
        The cost per sample.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind.
    ValueError
        If the labels, weights or costs break their rules.

    See Also
    --------
    threshold_by_cost : the threshold with the least cost on scored data.
    evalcore.ConfusionMatrix.expected_cost : the same from a confusion matrix.

    Examples
    --------
    >>> expected_cost([0, 0, 1, 1], [0, 1, 1, 0], cost_fp=1, cost_fn=5)
    1.5
    """
    from ..core.confusion import confusion_matrix

    cm = confusion_matrix(y_true, y_pred, sample_weight=sample_weight, pos_label=pos_label)
    return cm.expected_cost(cost_fp=cost_fp, cost_fn=cost_fn)


def _cost_scale(cost_fp: float, cost_fn: float) -> tuple[float, float, int]:
    """The two costs divided by the power of two that brings the larger into [0.5, 1), and
    that power's exponent: exact, so ``cost_fp·FP + cost_fn·FN`` neither overflows for costs
    near 1e308 nor loses subnormal costs, and the unscaled value is ``ldexp(value, e)``."""
    _, exponent = math.frexp(max(cost_fp, cost_fn))
    return math.ldexp(cost_fp, -exponent), math.ldexp(cost_fn, -exponent), exponent


def threshold_by_cost(y_true: Any, y_score: Any, *, cost_fp: float = 1.0, cost_fn: float = 1.0,
                      sample_weight: Any = None, pos_label: Any = None) -> OperatingPoint:
    """The threshold (rule ``>=``) with the least cost per sample on this data.

    ``value`` is that cost, (cost_fp·FP + cost_fn·FN) / n. Ties go to the highest threshold.
    Costs up to the largest float and huge or subnormal weights are handled exactly (they are
    rescaled by powers of two, which changes no rounding).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Finite real scores; higher means more likely positive.
    cost_fp, cost_fn : float, default=1.0
        Cost of one false positive and of one false negative (non-negative, finite).
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    OperatingPoint
        ``(threshold, fpr, tpr, value)``; the threshold is a float, or an ``np.longdouble``
        when the scores need long double (integers beyond 2**53). If a class is missing the
        cost is still defined, the rate that divides by the missing class is ``nan`` (one
        :class:`~evalcore.UndefinedMetricWarning`).

    Raises
    ------
    TypeError
        If an argument is of the wrong kind.
    ValueError
        If the labels, scores, weights or costs break their rules.

    See Also
    --------
    optimal_operating_point : the same choice for a deployment prior, on the ROC hull.
    threshold_by_youden : the threshold maximizing TPR − FPR.
    expected_cost : the cost of given predictions.

    Examples
    --------
    >>> threshold_by_cost([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], cost_fp=1, cost_fn=5)
    OperatingPoint(threshold=0.35, fpr=0.5, tpr=1.0, value=0.25)
    """
    _check_costs(cost_fp, cost_fn)      # before the sort
    return threshold_by_cost_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True),
        cost_fp=cost_fp, cost_fn=cost_fn)


def _check_costs(cost_fp: Any, cost_fn: Any) -> tuple[float, float]:
    return (check_positive(cost_fp, "cost_fp", allow_zero=True),
            check_positive(cost_fn, "cost_fn", allow_zero=True))


def threshold_by_cost_from_groups(groups: TieGroups, *, cost_fp: float = 1.0,
                                  cost_fn: float = 1.0) -> OperatingPoint:
    """The threshold with the least cost per case on tie groups (or a ScoreCounts): the
    kernel of :func:`threshold_by_cost` and of ``ScoreCounts.threshold_by_cost``."""
    cost_fp, cost_fn = _check_costs(cost_fp, cost_fn)
    # every result here is a ratio of counts: weights scaled, so huge or tiny sums stay finite
    thresholds, tps, fps = operating_points(unit_scaled_groups(groups))
    total_pos, total_neg = tps[-1], fps[-1]
    scaled_fp, scaled_fn, exponent = _cost_scale(cost_fp, cost_fn)
    with np.errstate(invalid="ignore"):         # no cases at all: the cost is 0/0, nan
        cost = (scaled_fp * fps + scaled_fn * (total_pos - tps)) / (total_pos + total_neg)
    k = int(np.argmin(cost))
    # the cost is defined; one of the rates is not when a class is missing
    rate = "false positive rate" if not total_neg > 0 else "true positive rate"
    both_classes(total_pos, total_neg, f"the {rate} at the chosen threshold", stacklevel=5)
    fpr = fps[k] / total_neg if total_neg > 0 else math.nan
    tpr = tps[k] / total_pos if total_pos > 0 else math.nan
    return OperatingPoint(threshold_scalar(thresholds[k]), float(fpr), float(tpr),
                          math.ldexp(float(cost[k]), exponent))


def threshold_by_youden(y_true: Any, y_score: Any, *, sample_weight: Any = None,
                        pos_label: Any = None) -> OperatingPoint:
    """The threshold (rule ``>=``) that maximizes Youden's J = TPR − FPR (informedness).

    ``value`` is J there. Ties go to the highest threshold.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Finite real scores; higher means more likely positive.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights (only their ratios matter). ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    OperatingPoint
        ``(threshold, fpr, tpr, value)`` with ``value`` = J; the threshold in the scores'
        precision (an ``np.longdouble`` for integers beyond 2**53). All ``nan`` with one
        :class:`~evalcore.UndefinedMetricWarning` if a class is missing.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind.
    ValueError
        If the labels, scores or weights break their rules.

    See Also
    --------
    threshold_by_cost : the threshold with the least misclassification cost.
    equal_error_rate : where FPR meets FNR.

    Examples
    --------
    >>> threshold_by_youden([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    OperatingPoint(threshold=0.8, fpr=0.0, tpr=0.5, value=0.5)
    """
    return threshold_by_youden_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True))


def threshold_by_youden_from_groups(groups: TieGroups) -> OperatingPoint:
    """The threshold with the largest Youden's J on tie groups (or a ScoreCounts): the
    kernel of :func:`threshold_by_youden` and of ``ScoreCounts.threshold_by_youden``."""
    # every result here is a ratio of counts: weights scaled, so huge or tiny sums stay finite
    thresholds, tps, fps = operating_points(unit_scaled_groups(groups))
    if not both_classes(tps[-1], fps[-1], "Youden's J", stacklevel=5):
        return OperatingPoint(math.nan, math.nan, math.nan, math.nan)
    tpr, fpr = tps / tps[-1], fps / fps[-1]
    j = tpr - fpr
    k = int(np.argmax(j))
    return OperatingPoint(threshold_scalar(thresholds[k]), float(fpr[k]), float(tpr[k]),
                          float(j[k]))
