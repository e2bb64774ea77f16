"""The exact ROC and precision-recall curves of data held in Dask collections, thinned for
plotting, with their exact areas: :func:`roc_curve` and :func:`precision_recall_curve` of
:mod:`evalcore.dask_evaluation`, and their results.

Why the cut falls here: :mod:`evalcore.dask_evaluation` is the public module of the Dask
route, one function per question; the curves are the one question whose answer is a
table of points to thin rather than a number, so they and their two result types live
here and the public module imports them (``ecd.roc_curve`` is this :func:`roc_curve`). The
ranges they read are :mod:`evalcore.scale.dask_ranges`'.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.curves import CurveWithExtras
from ..core.validation import both_classes
from .curve_thinning import precision_recall_from_counts, roc_from_counts
from .dask_ranges import curve_points


@dataclass(frozen=True, slots=True)
class DownsampledRocCurve(CurveWithExtras):
    """Points of the exact ROC curve, thinned for plotting, and the exact area.

    Attributes
    ----------
    fpr, tpr, thresholds : numpy.ndarray
        Points of :func:`evalcore.roc_curve` (bit for bit with unweighted data), from
        ``(0, 0)`` at threshold ``inf`` to ``(1, 1)``: ``fpr, tpr, thresholds = curve``.
    auc : float
        The exact area under the whole curve, not under the points kept; read by name only.
    """

    fpr: np.ndarray
    tpr: np.ndarray
    thresholds: np.ndarray
    auc: float


@dataclass(frozen=True, slots=True)
class DownsampledPrecisionRecallCurve(CurveWithExtras):
    """Points of the exact PR curve, thinned for plotting, and the exact average precision.

    Attributes
    ----------
    precision, recall, thresholds : numpy.ndarray
        Points laid out as :func:`evalcore.precision_recall_curve` lays them out (the last
        with no threshold): ``precision, recall, thresholds = curve``.
    average_precision : float
        The exact average precision of the whole curve; read by name only.
    """

    precision: np.ndarray
    recall: np.ndarray
    thresholds: np.ndarray
    average_precision: float


# --- the curves, downsampled --------------------------------------------------------------

def roc_curve(y_true: Any, y_score: Any, *, sample_weight: Any = None, pos_label: Any = None,
              max_points: int | None = 1000, n_ranges: int | None = None) -> DownsampledRocCurve:
    """The exact ROC curve of data held in Dask collections, thinned for plotting, with its
    exact area.

    The full curve has one point per distinct score (as many as the rows, for continuous
    scores); this keeps at most ``max_points`` of them, all when there are no more: else the
    start ``(0, 0)``, the end ``(1, 1)`` and between them the first point past each multiple
    of ``2 / (max_points - 1)`` of the curve's length FPR + TPR (so consecutive points are
    less than that far apart plus one step of the full curve). Every point kept is exact, and
    they are the points the command line keeps of the same data in memory
    (``evalcore auc --max-points``): the rule depends on the counts alone, not on the ranges.

    Parameters
    ----------
    y_true, y_score : dask.array.Array or dask.dataframe.Series of shape (n,)
        True binary labels and scores, as in :func:`roc_auc`.
    sample_weight : dask.array.Array or dask.dataframe.Series of shape (n,), default=None
        Non-negative weights. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.
    max_points : int or None, default=1000
        At most how many points to keep, at least 2; ``None`` keeps every point (the whole
        curve reaches the client: as many points as distinct scores).
    n_ranges : int, default=None
        The number of value ranges. ``None``: chosen from the rows and the threads, as in
        :func:`evalcore.dask_evaluation.roc_auc`.

    Returns
    -------
    DownsampledRocCurve
        ``fpr, tpr, thresholds = curve`` and ``curve.auc`` (the area of every point); a
        missing class makes its rate ``nan`` (one warning), as :func:`evalcore.roc_curve` does.

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
    thresholds, tps, fps, total, _ = curve_points(
        "roc_curve", y_true, y_score, sample_weight, pos_label, max_points, n_ranges)
    return _downsampled_roc(thresholds, tps, fps, total)


def _downsampled_roc(thresholds, tps, fps, total, stacklevel: int = 4) -> DownsampledRocCurve:
    n_pos, n_neg = total.n_pos, total.n_neg
    rate = "false positive rate" if not n_neg > 0 else "true positive rate"
    both_classes(n_pos, n_neg, f"the ROC curve's {rate}", stacklevel=stacklevel)
    fpr, tpr, thresholds = roc_from_counts(thresholds, tps, fps, n_pos=n_pos, n_neg=n_neg)
    with warnings.catch_warnings():         # the warning above is the one for this call
        warnings.simplefilter("ignore")
        auc = float(total.auc) if n_pos > 0 and n_neg > 0 else math.nan
    return DownsampledRocCurve(fpr, tpr, thresholds, auc)


def precision_recall_curve(y_true: Any, y_score: Any, *, sample_weight: Any = None,
                           pos_label: Any = None, max_points: int | None = 1000,
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
    max_points : int or None, default=1000
        At most how many points to keep (those :func:`roc_curve` keeps, less its start, plus
        the closing point), at least 2; ``None`` keeps every point.
    n_ranges : int, default=None
        The number of value ranges. ``None``: chosen from the rows and the threads, as in
        :func:`evalcore.dask_evaluation.roc_auc`.

    Returns
    -------
    DownsampledPrecisionRecallCurve
        ``precision, recall, thresholds = curve``, and ``curve.average_precision``; with no
        positives recall is ``nan`` and so is the average precision (one warning).

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
    thresholds, tps, fps, total, ap = curve_points(
        "precision_recall_curve", y_true, y_score, sample_weight, pos_label, max_points,
        n_ranges)
    return _downsampled_precision_recall(thresholds, tps, fps, total, ap)


def _downsampled_precision_recall(thresholds, tps, fps, total, ap,
                                  stacklevel: int = 4) -> DownsampledPrecisionRecallCurve:
    defined = both_classes(total.n_pos, 1, "recall", stacklevel=stacklevel)
    precision, recall, thresholds = precision_recall_from_counts(
        thresholds, tps, fps, n_pos=total.n_pos if defined else 0)
    average = float(ap / total.n_pos) if defined else math.nan
    return DownsampledPrecisionRecallCurve(precision, recall, thresholds, average)


def curves_and_sums(y_true: Any, y_score: Any, *, pos_label: Any = None,
                    max_points: int | None = 1000):
    """Both thinned curves and the AUC's exact sums (:class:`~evalcore.core.auc_sums.AucSums`,
    for DeLong's interval) from one distributed sort: what the command line's Dask route
    reports, where :func:`roc_curve`, :func:`precision_recall_curve` and
    :func:`evalcore.dask_evaluation.roc_auc_ci` would each sort the data again.

    Returns
    -------
    tuple of (DownsampledRocCurve, DownsampledPrecisionRecallCurve, AucSums)
    """
    thresholds, tps, fps, total, ap = curve_points(
        "roc_curve", y_true, y_score, None, pos_label, max_points, None)
    return (_downsampled_roc(thresholds, tps, fps, total),
            _downsampled_precision_recall(thresholds, tps, fps, total, ap), total)
