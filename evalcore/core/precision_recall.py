"""Precision–recall done right: achievable interpolation and precision–recall–gain.

Two mistakes are common with precision–recall (PR) curves, and this module gives the
corrections.

* **Joining PR points by straight lines.** Between two operating points A and B a classifier
  can reach every mixture of them, but the mixtures do not lie on the straight PR segment:
  true positives and false positives grow together (false positives by the local skew
  ``(FP_B − FP_A) / (TP_B − TP_A)`` per true positive), and precision ``TP / (TP + FP)`` is
  not linear in recall (Davis & Goadrich 2006). Where precision falls from A to B (sparse
  points, tie groups holding both classes), the straight line lies above what can be
  achieved and overstates the area; where it rises (a step that adds only positives) the
  straight line lies slightly below.
* **Averaging precision as if it were on a linear scale.** Precision–recall–gain (Flach &
  Kull 2015) rescales precision and recall so that the always-positive classifier sits at
  0 and a perfect one at 1: ``gain(x) = (x − π) / ((1 − π) · x)`` with ``π`` the share of
  positives. The gain is linear in 1/x, the harmonic scale on which F1 is an average: the
  F1 gain of a point is the mean of its precision gain and recall gain, and the area under
  the PRG curve is linear in the expected F1 gain (not in the expected F-score itself).

As everywhere in evalcore, operating points are those of the rule ``score >= threshold``
with tied scores forming one threshold. Each curve and area is computed from the tie groups by
a kernel (:func:`prg_curve_from_groups`, ...), which the array function calls on its checked
and sorted arrays and :class:`~evalcore.ScoreCounts`' method on the summary.

References
----------
J. Davis and M. Goadrich (2006), "The relationship between precision-recall and ROC curves",
*Proceedings of the 23rd International Conference on Machine Learning*, 233-240.

P. Flach and M. Kull (2015), "Precision-recall-gain curves: PR analysis done right", *Advances
in Neural Information Processing Systems 28 (NIPS 2015)*, 838-846.
"""

from __future__ import annotations

import warnings
from typing import Any, NamedTuple

import numpy as np

from .frames import data_frame
from .options import check_bool, check_int
from .ranking import TieGroups, operating_points, unit_scaled_groups, validated_tie_groups
from .validation import both_classes


class AchievablePrCurve(NamedTuple):
    """Points of a PR curve interpolated as Davis & Goadrich show, in increasing recall
    (returned by :func:`interpolated_pr_curve` and :func:`achievable_pr_curve`)."""

    recall: np.ndarray
    precision: np.ndarray

    def to_frame(self):
        """The points as a pandas DataFrame, columns ``recall`` and ``precision``."""
        return data_frame(self._asdict())


class PrgCurve(NamedTuple):
    """Points of a precision–recall–gain curve with recall gain >= 0, in increasing recall
    gain. ``thresholds[i]`` reaches point ``i`` (rule ``>=``); the point inserted where the
    curve crosses recall gain 0 has threshold ``nan``."""

    recall_gain: np.ndarray
    precision_gain: np.ndarray
    thresholds: np.ndarray

    def to_frame(self):
        """The points as a pandas DataFrame, columns ``recall_gain``, ``precision_gain``
        and ``thresholds``."""
        return data_frame(self._asdict())


def _check_num(num: Any) -> int:
    return check_int(num, "num", low=0)


def _check_hull(hull: Any) -> bool | None:
    return None if hull is None else check_bool(hull, "hull")


def _vertex_counts(groups, hull: bool):
    """TP and FP counts of the curve's vertices, from (0, 0): every operating point, or
    only the vertices of the ROC convex hull; None (after one warning, for the user who
    called a public function or method that called a kernel that called this) without
    positives."""
    # every result here is a ratio of counts: weights scaled, so huge or tiny sums stay finite
    _, tps, fps = operating_points(unit_scaled_groups(groups))
    total_pos, total_neg = tps[-1], fps[-1]
    if not both_classes(total_pos, 1, "the PR curve", stacklevel=6):
        return None
    if hull and total_neg > 0:
        keep = _upper_left_hull(fps, tps)
        tps, fps = tps[keep], fps[keep]
    return tps, fps


def _upper_left_hull(fps: np.ndarray, tps: np.ndarray) -> np.ndarray:
    """Indices of the ROC convex hull's vertices among points that rise in both counts
    (Andrew's monotone chain on the upper side; collinear points are dropped)."""
    keep: list[int] = []
    for k in range(fps.size):
        while len(keep) >= 2:
            i, j = keep[-2], keep[-1]
            cross = ((fps[j] - fps[i]) * (tps[k] - tps[i])
                     - (tps[j] - tps[i]) * (fps[k] - fps[i]))
            if cross >= 0:           # j lies on or below the chord from i to k
                keep.pop()
            else:
                break
        keep.append(k)
    return np.array(keep)


def _interpolate(tps: np.ndarray, fps: np.ndarray, num: int) -> AchievablePrCurve:
    """Davis & Goadrich's interpolation between consecutive vertices (TP, FP counts)."""
    recall, precision = [], []
    steps = np.arange(num + 1) / (num + 1)
    for (ta, fa, tb, fb) in zip(tps[:-1], fps[:-1], tps[1:], fps[1:]):
        if tb == ta:                 # only negatives added: precision drops at one recall
            if ta + fa > 0:
                recall.append([ta]), precision.append([ta / (ta + fa)])
            continue
        skew = (fb - fa) / (tb - ta)
        t = ta + steps * (tb - ta)
        fp = fa + skew * (t - ta)
        with np.errstate(invalid="ignore", divide="ignore"):
            p = np.where(t + fp > 0, t / (t + fp), 1 / (1 + skew))   # the limit at (0, 0)
        recall.append(t), precision.append(p)
    ta, fa = tps[-1], fps[-1]
    recall.append([ta]), precision.append([ta / (ta + fa)])
    return AchievablePrCurve(np.concatenate(recall) / tps[-1], np.concatenate(precision))


def _nan_curve() -> AchievablePrCurve:
    nan = np.array([np.nan])
    return AchievablePrCurve(nan, nan.copy())


def interpolated_pr_curve(y_true: Any, y_score: Any, *, num: int = 20,
                          sample_weight: Any = None, pos_label: Any = None) -> AchievablePrCurve:
    """The PR curve through every operating point, interpolated as Davis & Goadrich show.

    Between consecutive operating points A and B, true positives run from ``TP_A`` to
    ``TP_B`` and false positives grow with them at the local skew
    ``s = (FP_B − FP_A) / (TP_B − TP_A)``, so precision at ``TP = t`` is
    ``t / (t + FP_A + s · (t − TP_A))`` (Davis & Goadrich's interpolation, here with ``t``
    varying continuously). The curve starts at recall 0 with the precision of the first
    operating point (the limit of the first segment). This is the correct way to join PR
    points (a straight line is not); the *achievable* PR curve of Davis & Goadrich is the
    same interpolation through the vertices of the ROC convex hull only
    (:func:`achievable_pr_curve` with ``hull=True``).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    num : int, default=20
        Points placed evenly (in TP) inside each segment, for drawing; ``num=0`` returns
        just the operating points (and the start at recall 0).
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights, as in :func:`evalcore.roc_curve`. ``None``: all weigh 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    AchievablePrCurve
        ``(recall, precision)`` in increasing recall; ``nan`` arrays with one warning if
        ``y_true`` holds no positives.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind (``num`` not an integer).
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative, or ``num`` is negative.

    See Also
    --------
    achievable_pr_curve : the same through the ROC hull's vertices only.
    pr_auc_interpolated : the exact area under this curve.
    evalcore.precision_recall_curve : the operating points alone.

    References
    ----------
    J. Davis and M. Goadrich (2006), "The relationship between precision-recall and ROC
    curves", *Proceedings of the 23rd International Conference on Machine Learning*,
    233-240.

    Examples
    --------
    >>> import evalcore as ec
    >>> curve = ec.interpolated_pr_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], num=1)
    >>> curve.recall.tolist()
    [0.0, 0.25, 0.5, 0.5, 0.75, 1.0, 1.0]
    >>> [round(p, 4) for p in curve.precision.tolist()]
    [1.0, 1.0, 1.0, 0.5, 0.6, 0.6667, 0.5]
    """
    _check_num(num)                     # before the sort
    return interpolated_pr_curve_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True),
        num=num)


def interpolated_pr_curve_from_groups(groups: TieGroups, *, num: int = 20) -> AchievablePrCurve:
    """Davis & Goadrich's interpolation through every operating point of tie groups (or a
    ScoreCounts): the kernel of :func:`interpolated_pr_curve` and of
    ``ScoreCounts.interpolated_pr_curve``."""
    num = _check_num(num)
    counts = _vertex_counts(groups, hull=False)
    return _nan_curve() if counts is None else _interpolate(*counts, num)


def achievable_pr_curve(y_true: Any, y_score: Any, *, num: int = 20, hull: bool | None = None,
                        sample_weight: Any = None, pos_label: Any = None) -> AchievablePrCurve:
    """Davis & Goadrich's achievable PR curve: the PR-space image of the ROC convex hull.

    A classifier can reach any point of the ROC convex hull (a vertex by its threshold, a
    point of an edge by choosing at random between the edge's two thresholds), and no
    point above it. Mapped into PR space, with each hull edge interpolated as in
    :func:`interpolated_pr_curve` (precision is not linear in recall along an edge), the
    hull becomes the *achievable PR curve*: the best precision reachable at each recall.
    It lies on or above the interpolated curve through every operating point, and its
    area (:func:`pr_auc_interpolated` with ``hull=True``) is the largest PR area a
    classifier built from these scores can reach.

    **Changing meaning.** Before evalcore 0.2 this name returned the interpolation through
    every operating point, now :func:`interpolated_pr_curve`. As scikit-learn does when a
    default changes, ``hull`` chooses for this release: ``hull=True`` gives the hull image
    (the paper's achievable curve), ``hull=False`` the old result, and ``hull=None`` (the
    default) the old result with one ``FutureWarning``: from evalcore 0.3 the default will
    be the hull image. Pass ``hull=True``, or call :func:`interpolated_pr_curve` for the old
    result.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    num : int, default=20
        Points placed evenly (in TP) inside each segment, for drawing; ``num=0`` returns
        only the vertices (and the start at recall 0).
    hull : bool or None, default=None
        ``True``: interpolate between the ROC convex hull's vertices only. ``False`` or
        ``None``: between every operating point (``None`` warns that the default changes).
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights, as in :func:`evalcore.roc_curve`. ``None``: all weigh 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    AchievablePrCurve
        ``(recall, precision)`` in increasing recall; ``nan`` arrays with one warning if
        ``y_true`` holds no positives. Without negatives every point has precision 1 and
        the hull is the curve itself.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind (``num`` not an integer, ``hull`` not None or a bool).
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative, or ``num`` is negative.

    See Also
    --------
    roc_convex_hull : the hull in ROC space.
    interpolated_pr_curve : the interpolation through every operating point.

    References
    ----------
    J. Davis and M. Goadrich (2006), "The relationship between precision-recall and ROC
    curves", *Proceedings of the 23rd International Conference on Machine Learning*,
    233-240 (Theorem 3.2 and section 4: the achievable PR curve).

    Examples
    --------
    The toy case's ROC point (½, ½) lies below the hull, so the achievable curve skips it:
    from precision 1 at recall ½ it runs straight to the hull vertex at recall 1 and
    precision 2/3, through 0.75 at recall 0.75.

    >>> import evalcore as ec
    >>> curve = ec.achievable_pr_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], num=1, hull=True)
    >>> curve.recall.tolist()
    [0.0, 0.25, 0.5, 0.75, 1.0, 1.0]
    >>> [round(p, 4) for p in curve.precision.tolist()]
    [1.0, 1.0, 1.0, 0.75, 0.6667, 0.5]
    """
    _check_num(num)                     # before the sort
    _check_hull(hull)
    return achievable_pr_curve_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True),
        num=num, hull=hull)


def achievable_pr_curve_from_groups(groups: TieGroups, *, num: int = 20,
                                    hull: bool | None = None) -> AchievablePrCurve:
    """Davis & Goadrich's interpolation through the ROC hull's vertices (``hull=True``) or
    every operating point of tie groups (or a ScoreCounts): the kernel of
    :func:`achievable_pr_curve` and of ``ScoreCounts.achievable_pr_curve``, with its
    ``FutureWarning`` for ``hull=None``."""
    num = _check_num(num)
    hull = _check_hull(hull)
    if hull is None:
        warnings.warn("achievable_pr_curve currently returns the interpolation through every "
                      "operating point; from evalcore 0.3 it will return Davis & Goadrich's "
                      "achievable curve, the image of the ROC convex hull. Pass hull=True for "
                      "the new result, or call interpolated_pr_curve for the old one.",
                      FutureWarning, stacklevel=3)
    counts = _vertex_counts(groups, hull=bool(hull))
    return _nan_curve() if counts is None else _interpolate(*counts, num)


def pr_auc_interpolated(y_true: Any, y_score: Any, *, hull: bool = False,
                        sample_weight: Any = None, pos_label: Any = None) -> float:
    """The exact area under the interpolated PR curve, or under the achievable one.

    With ``hull=False`` the curve is :func:`interpolated_pr_curve` (every operating point);
    with ``hull=True`` it is Davis & Goadrich's achievable curve, :func:`achievable_pr_curve`
    with ``hull=True`` (the ROC convex hull's vertices only), the largest PR area reachable
    with these scores. On a segment from A to B with ``ΔT = TP_B − TP_A > 0``, precision is
    ``t / (a·t + b)`` with ``a = 1 + s`` and ``b = FP_A − s·TP_A``, whose integral is
    ``ΔT / a − (b / a²) · ln((a·TP_B + b) / (a·TP_A + b))``; the area is the sum over the
    segments divided by the number of positives. Segments that add only negatives have no
    width. Unlike the straight-line area this is an area a classifier can reach; it is
    smaller than the straight-line area on segments where precision falls (``b < 0``, the
    integrand is convex) and larger where precision rises (``b > 0``).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Finite real scores; higher means more likely positive.
    hull : bool, default=False
        Interpolate through the ROC convex hull's vertices only (``True``) or through every
        operating point (``False``).
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights (only their ratios matter). ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    float
        The area in [0, 1]; ``nan`` with one warning if ``y_true`` holds no positives.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind (``hull`` not a bool).
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative.

    See Also
    --------
    interpolated_pr_curve, achievable_pr_curve : the curves.
    evalcore.average_precision : the step sum.

    References
    ----------
    J. Davis and M. Goadrich (2006), "The relationship between precision-recall and ROC
    curves", *Proceedings of the 23rd International Conference on Machine Learning*, 233-240.

    Examples
    --------
    The toy case: precision 1 up to recall ½, then ``t / (t + 1)`` for TP from 1 to 2,
    so the area is ``(1 + 1 − ln(3/2)) / 2``:

    >>> import evalcore as ec
    >>> y, s = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    >>> round(ec.pr_auc_interpolated(y, s), 6)
    0.797267

    Its achievable curve skips the point below the ROC hull and runs from TP 1 to 2 along
    ``t / (2t − 1)``, so its area is ``(1 + ½ + ¼ ln 3) / 2``:

    >>> round(ec.pr_auc_interpolated(y, s, hull=True), 6)
    0.887327
    """
    _check_area_hull(hull)              # before the sort
    return pr_auc_interpolated_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True),
        hull=hull)


def _check_area_hull(hull: Any) -> bool:
    hull = _check_hull(hull)
    if hull is None:
        raise TypeError("hull must be True or False, got None")
    return hull


def pr_auc_interpolated_from_groups(groups: TieGroups, *, hull: bool = False) -> float:
    """The exact area under the interpolated (or, ``hull=True``, the achievable) PR curve of
    tie groups (or a ScoreCounts): the kernel of :func:`pr_auc_interpolated` and of
    ``ScoreCounts.pr_auc_interpolated``."""
    counts = _vertex_counts(groups, hull=_check_area_hull(hull))
    if counts is None:
        return float("nan")
    tps, fps = counts
    ta, tb, fa, fb = tps[:-1], tps[1:], fps[:-1], fps[1:]
    wide = tb > ta
    ta, tb, fa, fb = ta[wide], tb[wide], fa[wide], fb[wide]
    skew = (fb - fa) / (tb - ta)
    a = 1 + skew
    b = fa - skew * ta
    start = a * ta + b                  # TP + FP at A: 0 only at the origin, where b = 0
    with np.errstate(invalid="ignore", divide="ignore"):
        log_term = np.where(b == 0, 0.0, np.log1p(a * (tb - ta) / np.where(start > 0, start, 1)))
    integral = (tb - ta) / a - b / a ** 2 * log_term
    return float(integral.sum() / tps[-1])


def _gains(tps, fps, total_pos, total_neg):
    ratio = total_pos / total_neg
    with np.errstate(invalid="ignore", divide="ignore"):
        recall_gain = 1 - ratio * (total_pos - tps) / tps
        precision_gain = 1 - ratio * fps / tps
    return recall_gain, precision_gain


def prg_curve(y_true: Any, y_score: Any, *, sample_weight: Any = None,
              pos_label: Any = None) -> PrgCurve:
    """The precision–recall–gain curve (Flach & Kull 2015).

    With ``π`` the share of positives, precision gain is ``(prec − π) / ((1 − π) · prec)``
    and recall gain ``(rec − π) / ((1 − π) · rec)``; in counts,
    ``1 − (P / N) · FP / TP`` and ``1 − (P / N) · FN / TP``. Only the part with recall
    gain >= 0 (recall >= π) is kept. Where the curve crosses recall gain 0 a point is
    inserted, found by interpolating TP and FP linearly between the neighbouring operating
    points (as the authors' reference code does).

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
    PrgCurve
        ``(recall_gain, precision_gain, thresholds)``; ``nan`` arrays with one warning if a
        class is missing.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind.
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative.

    See Also
    --------
    auprg : the area under this curve.

    References
    ----------
    P. Flach and M. Kull (2015), "Precision-recall-gain curves: PR analysis done right",
    *Advances in Neural Information Processing Systems 28 (NIPS 2015)*, 838-846.

    Examples
    --------
    Flach and Kull's example:

    >>> import evalcore as ec
    >>> curve = ec.prg_curve([1, 1, 0, 0, 1, 0], [0.8, 0.8, 0.6, 0.4, 0.4, 0.2])
    >>> curve.recall_gain.tolist()
    [0.0, 0.5, 0.5, 1.0, 1.0]
    >>> [round(g, 4) for g in curve.precision_gain.tolist()]
    [1.0, 1.0, 0.5, 0.3333, 0.0]
    """
    return prg_curve_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True))


def prg_curve_from_groups(groups: TieGroups) -> PrgCurve:
    """The precision-recall-gain curve of tie groups (or a ScoreCounts): the kernel of
    :func:`prg_curve` and of ``ScoreCounts.prg_curve``."""
    return _prg_points(groups)


def _prg_points(groups) -> PrgCurve:
    """The PRG curve; its warning is for the user who called a public function or method
    that called a kernel that called this."""
    # every result here is a ratio of counts: weights scaled, so huge or tiny sums stay finite
    thresholds, tps, fps = operating_points(unit_scaled_groups(groups))
    total_pos, total_neg = tps[-1], fps[-1]
    if not both_classes(total_pos, total_neg, "the precision-recall-gain curve",
                        stacklevel=6):
        nan = np.array([np.nan])
        return PrgCurve(nan, nan.copy(), nan.copy())
    recall_gain, precision_gain = _gains(tps, fps, total_pos, total_neg)
    j = int(np.argmax(recall_gain >= 0))        # the last point always has recall gain 1
    rg, pg, th = recall_gain[j:], precision_gain[j:], thresholds[j:]
    if recall_gain[j] > 0:                       # insert the crossing of recall gain 0
        tp_cross = total_pos ** 2 / (total_pos + total_neg)      # recall = π
        share = (tp_cross - tps[j - 1]) / (tps[j] - tps[j - 1])
        fp_cross = fps[j - 1] + share * (fps[j] - fps[j - 1])
        _, pg_cross = _gains(np.array([tp_cross]), np.array([fp_cross]), total_pos, total_neg)
        rg = np.concatenate(([0.0], rg))
        pg = np.concatenate((pg_cross, pg))
        th = np.concatenate(([np.nan], th))
    return PrgCurve(rg, pg, th)


def auprg(y_true: Any, y_score: Any, *, sample_weight: Any = None,
          pos_label: Any = None) -> float:
    """Area under the precision–recall–gain curve (Flach & Kull 2015).

    The trapezoid area under :func:`prg_curve` for recall gain from 0 to 1. Parts of the
    curve with negative precision gain count negatively; the always-positive classifier
    scores 0. Its link to F1 holds on the harmonic (gain) scale, not on the F-score's own:
    since ``gain(x)`` is linear in 1/x and 1/F1 is the mean of 1/precision and 1/recall,
    the F1 gain ``gain(F1)`` of a point is the mean of its precision gain and recall gain,
    so the expected F1 gain over recall gains drawn uniformly from [0, 1] is
    ``AUPRG/2 + 1/4`` (Flach & Kull 2015). The expected F1 itself is not a linear
    function of AUPRG.

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
    float
        AUPRG; ``nan`` with one warning if a class is missing.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind.
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative.

    See Also
    --------
    prg_curve : the curve.

    References
    ----------
    P. Flach and M. Kull (2015), "Precision-recall-gain curves: PR analysis done right",
    *Advances in Neural Information Processing Systems 28 (NIPS 2015)*, 838-846.

    Examples
    --------
    Flach and Kull's example, for which they print 0.7083:

    >>> import evalcore as ec
    >>> round(ec.auprg([1, 1, 0, 0, 1, 0], [0.8, 0.8, 0.6, 0.4, 0.4, 0.2]), 4)
    0.7083
    """
    return auprg_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True))


def auprg_from_groups(groups: TieGroups) -> float:
    """The area under the precision-recall-gain curve of tie groups (or a ScoreCounts): the
    kernel of :func:`auprg` and of ``ScoreCounts.auprg``."""
    curve = _prg_points(groups)
    if np.isnan(curve.recall_gain[0]):
        return float("nan")
    rg, pg = curve.recall_gain, curve.precision_gain
    return float(np.dot(np.diff(rg), (pg[1:] + pg[:-1]) / 2))
