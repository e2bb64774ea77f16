"""Misclassification costs and choosing a threshold."""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ._ranking import roc_points, tie_groups
from ._validation import check_binary_scores, check_positive, undefined


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
