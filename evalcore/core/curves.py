"""ROC and precision-recall curves: the rates at every threshold, and the counts behind them.

Conventions, the same everywhere: the curves list one operating point per distinct score,
with the rule ``score >= threshold`` (scikit-learn's), thresholds decreasing; tied scores form
one threshold. A curve that is undefined because a class is missing returns ``nan`` with one
:class:`~evalcore.UndefinedMetricWarning`. The areas under these curves are in
:mod:`evalcore.core.areas`. Every result here is a table: its ``to_frame()`` gives it as a pandas
DataFrame with one named column per field. Each curve is computed from the tie groups by a
kernel (:func:`roc_curve_from_groups`, ...), which the array function calls on its checked
and sorted arrays and :class:`~evalcore.ScoreCounts`' method on the summary.
"""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

import numpy as np

from .frames import data_frame
from .options import check_bool
from .ranking import (TieGroups, cumulative_counts, group_totals, roc_points,
                      unit_scaled_groups, validated_tie_groups)
from .validation import both_classes


class RocCurve(NamedTuple):
    """Points of a ROC curve: ``fpr[i], tpr[i]`` for the rule ``score >= thresholds[i]``."""

    fpr: np.ndarray
    tpr: np.ndarray
    thresholds: np.ndarray

    def to_frame(self):
        """The curve as a pandas DataFrame: one row per point, columns ``fpr``, ``tpr`` and
        ``thresholds``.

        >>> import evalcore as ec
        >>> ec.roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]).to_frame()
           fpr  tpr  thresholds
        0  0.0  0.0         inf
        1  0.0  0.5        0.80
        2  0.5  0.5        0.40
        3  0.5  1.0        0.35
        4  1.0  1.0        0.10
        """
        return data_frame(self._asdict())


class PrecisionRecallCurve(NamedTuple):
    """Points of a PR curve, laid out as scikit-learn's ``precision_recall_curve``:
    ``precision[i], recall[i]`` for the rule ``score >= thresholds[i]``, thresholds
    increasing, and a last point (recall 0, precision 1) with no threshold."""

    precision: np.ndarray
    recall: np.ndarray
    thresholds: np.ndarray

    def to_frame(self):
        """The curve as a pandas DataFrame: one row per point, columns ``precision``,
        ``recall`` and ``thresholds``; the last point, which has no threshold, has
        ``thresholds`` NaN.

        >>> import evalcore as ec
        >>> ec.precision_recall_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]).to_frame()
           precision  recall  thresholds
        0   0.500000     1.0        0.10
        1   0.666667     1.0        0.35
        2   0.500000     0.5        0.40
        3   1.000000     0.5        0.80
        4   1.000000     0.0         NaN
        """
        return data_frame({"precision": self.precision, "recall": self.recall,
                           "thresholds": np.append(self.thresholds, np.nan)})


class CurveWithExtras:
    """The base of a curve with a field beyond its three arrays (a frozen dataclass: a
    binned ROC curve's ``exact``, a downsampled curve's area).

    ``x, y, thresholds = curve`` unpacks its first three fields, as :class:`RocCurve` and
    :class:`PrecisionRecallCurve` unpack, and nothing else: the other fields are read by
    name only, so that a field added later cannot break anyone's unpacking. It is not
    indexable.
    """

    __slots__ = ()

    def __iter__(self):
        return iter([getattr(self, field.name) for field in dataclasses.fields(self)[:3]])


class EqualErrorRate(NamedTuple):
    """The equal error rate and the largest threshold at which FPR has reached FNR."""

    eer: float
    threshold: float


class ThresholdCounts(NamedTuple):
    """The confusion matrix at every distinct score: ``tn[i], fp[i], fn[i], tp[i]`` count
    the cases of the rule ``score >= thresholds[i]``, thresholds decreasing.

    The fields are in the order of ``sklearn.metrics.confusion_matrix_at_thresholds``
    (``tns, fps, fns, tps, thresholds``), so that unpacking the result the scikit-learn way
    gives the same arrays; read them by name (``counts.tp``) to need no order at all.
    """

    tn: np.ndarray
    fp: np.ndarray
    fn: np.ndarray
    tp: np.ndarray
    thresholds: np.ndarray

    def to_frame(self):
        """The counts as a pandas DataFrame: one row per threshold, columns ``tn``, ``fp``,
        ``fn``, ``tp`` and ``thresholds``.

        >>> import evalcore as ec
        >>> ec.confusion_matrix_at_thresholds([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]).to_frame()
           tn  fp  fn  tp  thresholds
        0   2   0   1   1        0.80
        1   1   1   1   1        0.40
        2   1   1   0   2        0.35
        3   0   2   0   2        0.10
        """
        return data_frame(self._asdict())


def confusion_matrix_at_thresholds(y_true: Any, y_score: Any, *, sample_weight: Any = None,
                                   pos_label: Any = None) -> ThresholdCounts:
    """The confusion matrix at every distinct score, thresholds decreasing.

    Entry ``i`` counts the cases of the rule ``score >= thresholds[i]``: exactly what
    :func:`evalcore.confusion_matrix_at` reports at ``thresholds[i]`` with ``rule=">="``.
    The thresholds are the distinct scores (samples of zero weight add none), highest first,
    in the scores' dtype (float64, or long double where float64 would merge distinct
    scores). This is ``sklearn.metrics.confusion_matrix_at_thresholds`` (scikit-learn 1.8):
    the same numbers in the same order, ``(tn, fp, fn, tp, thresholds)``, with the fields
    named (scikit-learn's counts are floats; evalcore's unweighted counts are integers).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Finite real scores; higher means more likely positive.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights; the counts are then sums of weights. ``None``: every sample
        weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    ThresholdCounts
        ``(tn, fp, fn, tp, thresholds)``, scikit-learn's order; the counts are int64
        without weights, float64 with them. A missing class is no error here: its counts
        are all 0. ``to_frame()`` gives the table as a pandas DataFrame.

    Raises
    ------
    TypeError
        If an input is of the wrong kind (strings as scores, mixed label types).
    ValueError
        If labels are not binary, scores are not finite, lengths differ or weights are
        negative.

    See Also
    --------
    roc_curve : the rates at the same thresholds, from the start ``(0, 0)``.
    precision_recall_curve : precision and recall at the same thresholds, increasing.
    evalcore.confusion_matrix_at : the confusion matrix at one threshold.

    Examples
    --------
    >>> from evalcore.core.curves import confusion_matrix_at_thresholds
    >>> tn, fp, fn, tp, thresholds = confusion_matrix_at_thresholds([0, 0, 1, 1],
    ...                                                             [0.1, 0.4, 0.35, 0.8])
    >>> thresholds.tolist()
    [0.8, 0.4, 0.35, 0.1]
    >>> tn.tolist(), fp.tolist(), fn.tolist(), tp.tolist()
    ([2, 1, 1, 0], [0, 1, 1, 2], [1, 1, 0, 0], [1, 1, 2, 2])
    """
    return confusion_matrix_at_thresholds_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label))


def confusion_matrix_at_thresholds_from_groups(groups: TieGroups) -> ThresholdCounts:
    """The counts at every distinct score of tie groups (or a ScoreCounts), as they are
    (weights unscaled): the kernel of :func:`confusion_matrix_at_thresholds` and of
    ``ScoreCounts.confusion_matrix_at_thresholds``."""
    thresholds, tps, fps = cumulative_counts(groups)
    # fps[-1:]: the total as an array of one, or of none for no groups (no thresholds)
    return ThresholdCounts(fps[-1:] - fps, fps, tps[-1:] - tps, tps, thresholds.copy())


def roc_curve(y_true: Any, y_score: Any, *, sample_weight: Any = None, pos_label: Any = None,
              drop_intermediate: bool = False) -> RocCurve:
    """The ROC curve: false and true positive rates at every distinct score.

    Returns one point per distinct score plus the start ``(0, 0)`` at threshold ``inf``;
    point ``i`` classifies ``score >= thresholds[i]`` as positive. These are the points of
    ``sklearn.metrics.roc_curve(..., drop_intermediate=False)``; scikit-learn's default,
    ``drop_intermediate=True``, is an option here (every threshold is kept by default, so
    that each distinct score has its point). If a class is missing, the rate that divides
    by it is all ``nan`` (one warning).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Finite real scores; higher means more likely positive.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights (only their ratios matter: weights near 1e308 or subnormal
        ones give the same result as weights near 1). ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.
    drop_intermediate : bool, default=False
        Drop the points that lie between two others on a straight segment, by scikit-learn's
        rule (the points of ``sklearn.metrics.roc_curve`` with its default,
        ``drop_intermediate=True``, thresholds included): a point is dropped when the steps
        in false and in true positives that lead to it equal those that leave it (both
        second differences of the counts are 0), so it is the midpoint of its neighbours;
        the start and the first and last distinct scores are always kept. The curve drawn
        and its area are the same.

    Returns
    -------
    RocCurve
        ``(fpr, tpr, thresholds)``; the thresholds decrease from ``inf`` and keep the
        scores' precision (long double for integers beyond 2**53).

    Raises
    ------
    TypeError
        If an argument is of the wrong kind (strings as scores, mixed label types,
        ``drop_intermediate`` not a bool).
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative.

    See Also
    --------
    confusion_matrix_at_thresholds : the counts at the same thresholds.
    roc_auc : the area under this curve.
    precision_recall_curve : precision and recall at the same thresholds.

    Examples
    --------
    The seven examples of the ST445 slides:

    >>> import evalcore as ec
    >>> y = [0, 1, 0, 1, 1, 0, 0]
    >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> roc = ec.roc_curve(y, s)
    >>> roc.fpr.tolist()
    [0.0, 0.0, 0.0, 0.25, 0.25, 0.5, 0.75, 1.0]
    >>> [round(float(t), 4) for t in roc.tpr]
    [0.0, 0.3333, 0.6667, 0.6667, 1.0, 1.0, 1.0, 1.0]
    >>> roc.thresholds[:3].tolist()
    [inf, 0.8, 0.7]
    >>> ec.roc_curve(y, s, drop_intermediate=True).thresholds.tolist()
    [inf, 0.8, 0.7, 0.6, 0.5, 0.1]
    """
    return roc_curve_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True),
        drop_intermediate=drop_intermediate)


def corner_points(tps: np.ndarray, fps: np.ndarray) -> np.ndarray:
    """The indices of the ROC points (the start ``(0, 0)`` first) that scikit-learn's
    ``drop_intermediate`` keeps: the start, the first and last distinct score, and every
    point where the step in false or in true positives changes (a second difference of the
    counts that is not 0). A point on a straight segment whose steps on either side differ
    in length is kept, as scikit-learn keeps it."""
    if len(tps) <= 3:                   # the start and at most two distinct scores
        return np.arange(len(tps))
    turns = (np.diff(fps[1:], 2) != 0) | (np.diff(tps[1:], 2) != 0)
    return np.flatnonzero(np.concatenate(([True, True], turns, [True])))


def roc_curve_from_groups(groups: TieGroups, *, drop_intermediate: bool = False) -> RocCurve:
    """The ROC curve of tie groups (or a ScoreCounts): the kernel of :func:`roc_curve` and
    of ``ScoreCounts.roc_curve``."""
    drop_intermediate = check_bool(drop_intermediate, "drop_intermediate")
    thresholds, tps, fps = roc_points(unit_scaled_groups(groups))
    if drop_intermediate:
        kept = corner_points(tps, fps)
        thresholds, tps, fps = thresholds[kept], tps[kept], fps[kept]
    total_pos, total_neg = tps[-1], fps[-1]
    rate = "false positive rate" if not total_neg > 0 else "true positive rate"
    both_classes(total_pos, total_neg, f"the ROC curve's {rate}", stacklevel=5)
    fpr = fps / total_neg if total_neg > 0 else np.full(fps.shape, np.nan)
    tpr = tps / total_pos if total_pos > 0 else np.full(tps.shape, np.nan)
    return RocCurve(fpr.astype(np.float64), tpr.astype(np.float64), thresholds)


def precision_recall_curve(y_true: Any, y_score: Any, *, sample_weight: Any = None,
                           pos_label: Any = None) -> PrecisionRecallCurve:
    """Precision and recall at every distinct score, as scikit-learn lays them out.

    ``thresholds`` increase; ``precision[i]`` and ``recall[i]`` belong to the rule
    ``score >= thresholds[i]``; a last point ``(recall 0, precision 1)`` with no threshold
    closes the curve. The values equal ``sklearn.metrics.precision_recall_curve``. With no
    positive samples recall is undefined: evalcore returns it as ``nan`` with one warning
    (scikit-learn sets it to 1).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Finite real scores; higher means more likely positive.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights (only their ratios matter: weights near 1e308 or subnormal
        ones give the same result as weights near 1). ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    PrecisionRecallCurve
        ``(precision, recall, thresholds)``.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind (strings as scores, mixed label types).
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative.

    See Also
    --------
    average_precision : the step area under this curve.
    roc_curve : the rates at the same thresholds.
    evalcore.interpolated_pr_curve : the points joined as a classifier can reach them.

    Examples
    --------
    >>> import evalcore as ec
    >>> pr = ec.precision_recall_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> pr.precision.tolist()
    [0.5, 0.6666666666666666, 0.5, 1.0, 1.0]
    >>> pr.recall.tolist()
    [1.0, 1.0, 0.5, 0.5, 0.0]
    >>> pr.thresholds.tolist()
    [0.1, 0.35, 0.4, 0.8]
    """
    return precision_recall_curve_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True))


def precision_recall_curve_from_groups(groups: TieGroups) -> PrecisionRecallCurve:
    """The precision-recall curve of tie groups (or a ScoreCounts): the kernel of
    :func:`precision_recall_curve` and of ``ScoreCounts.precision_recall_curve``."""
    groups = unit_scaled_groups(groups)
    thresholds, tps, fps = cumulative_counts(groups)
    precision = tps / (tps + fps)
    if not both_classes(group_totals(groups)[0], 1, "recall", stacklevel=5):
        recall = np.full(tps.shape, np.nan)
    else:
        recall = tps / tps[-1]
    return PrecisionRecallCurve(np.concatenate((precision[::-1], [1.0])),
                                np.concatenate((recall[::-1], [0.0])), thresholds[::-1].copy())


def equal_error_rate(y_true: Any, y_score: Any, *, sample_weight: Any = None,
                     pos_label: Any = None) -> EqualErrorRate:
    """Where the ROC curve, joined by straight lines, crosses FPR = FNR (= 1 − TPR).

    Returns ``(eer, threshold)``: the error rate at the crossing and the largest threshold
    (rule ``>=``) at which the false positive rate has reached the false negative rate.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Finite real scores; higher means more likely positive.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights (only their ratios matter: weights near 1e308 or subnormal
        ones give the same result as weights near 1). ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    EqualErrorRate
        ``(eer, threshold)``; the threshold keeps the scores' precision (an
        ``np.longdouble`` for integers beyond 2**53). Both ``nan`` with one warning if a
        class is missing.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind (strings as scores, mixed label types).
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative.

    See Also
    --------
    roc_curve : the curve whose crossing this is.
    evalcore.threshold_by_youden : the threshold maximizing TPR − FPR.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.equal_error_rate([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    EqualErrorRate(eer=0.5, threshold=0.4)
    """
    return equal_error_rate_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True))


def equal_error_rate_from_groups(groups: TieGroups) -> EqualErrorRate:
    """The equal error rate of tie groups (or a ScoreCounts): the kernel of
    :func:`equal_error_rate` and of ``ScoreCounts.equal_error_rate``."""
    groups = unit_scaled_groups(groups)
    if not both_classes(*group_totals(groups), "the equal error rate", stacklevel=5):
        return EqualErrorRate(float("nan"), float("nan"))
    thresholds, tps, fps = roc_points(groups)
    fpr, fnr = fps / fps[-1], 1 - tps / tps[-1]
    gap = fpr - fnr                      # increases from -1 to +1 along the curve
    k = int(np.argmax(gap >= 0))
    if gap[k] == 0:
        eer = float(fpr[k])
    else:
        t = -gap[k - 1] / (gap[k] - gap[k - 1])
        eer = float(fpr[k - 1] + t * (fpr[k] - fpr[k - 1]))
    return EqualErrorRate(eer, threshold_scalar(thresholds[k]))


def threshold_scalar(threshold: np.generic) -> Any:
    """A threshold as a Python float, or as an np.longdouble scalar when the scores are long
    double (a float would round it to a value that no longer splits the data the same way);
    for every function that returns one threshold."""
    return float(threshold) if threshold.dtype == np.float64 else threshold
