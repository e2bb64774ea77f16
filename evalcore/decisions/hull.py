"""The ROC convex hull, iso-performance lines, the optimal operating point, and cost curves.

Costs and class priors turn the choice of a threshold into geometry. With a prior
``p = P(y = 1)`` and costs ``cost_fp``, ``cost_fn``, the expected cost per case of the
operating point ``(FPR, TPR)`` is

    cost = cost_fn · p · (1 − TPR) + cost_fp · (1 − p) · FPR,

so all points of equal cost lie on a straight *iso-performance line* of slope
``m = cost_fp · (1 − p) / (cost_fn · p)`` in ROC space (Provost & Fawcett). The cheapest
point is where the steepest-possible such line first touches the ROC points from the upper
left: always a vertex of their convex hull. Cost curves (Drummond & Holte) draw the same
facts in the dual picture: each operating point becomes a line, its normalized expected cost
against the probability-cost ``PC(+)``, and the lower envelope of the lines is the cost of
the best point at each ``PC(+)``; the envelope's pieces are the hull's vertices.

Every point here is a ROC point of :func:`evalcore.roc_curve` (rule ``score >= threshold``,
tied scores form one threshold). The hull is computed on the counts (TP, FP), exactly for
unweighted data. Each result is computed from the tie groups by a kernel
(:func:`roc_convex_hull_from_groups`, ...), which the array function calls on its checked and
sorted arrays and :class:`~evalcore.ScoreCounts`' method on the summary.

References
----------
F. Provost and T. Fawcett (2001), "Robust classification for imprecise environments", *Machine
Learning* 42(3), 203-231.

C. Drummond and R. C. Holte (2006), "Cost curves: an improved method for visualizing classifier
performance", *Machine Learning* 65(1), 95-130.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from ..core.curves import threshold_scalar
from ..core.frames import data_frame
from ..core.options import check_positive, check_real
from ..core.ranking import (TieGroups, group_totals, operating_points, unit_scaled_groups,
                            validated_tie_groups)
from ..core.validation import both_classes, check_scores
from .costs import OperatingPoint


class RocHull(NamedTuple):
    """Vertices of the ROC convex hull, from (0, 0) to (1, 1).

    ``thresholds[i]`` is the threshold (rule ``score >= threshold``) that reaches vertex
    ``i``; the first is ``inf`` (call nothing positive).
    """

    fpr: np.ndarray
    tpr: np.ndarray
    thresholds: np.ndarray

    def to_frame(self):
        """The vertices as a pandas DataFrame, columns ``fpr``, ``tpr`` and ``thresholds``."""
        return data_frame(self._asdict())


class CostCurve(NamedTuple):
    """The lower envelope of the cost lines: the least normalized expected cost at each
    probability-cost value ``probability_cost`` (``PC(+)``)."""

    probability_cost: np.ndarray
    normalized_cost: np.ndarray

    def to_frame(self):
        """The envelope as a pandas DataFrame, columns ``probability_cost`` and
        ``normalized_cost``."""
        return data_frame(self._asdict())


def _cross(o_x, o_y, a_x, a_y, b_x, b_y):
    """z-component of (a − o) × (b − o): positive for a left (counter-clockwise) turn."""
    return (a_x - o_x) * (b_y - o_y) - (a_y - o_y) * (b_x - o_x)


def _upper_hull(fps: np.ndarray, tps: np.ndarray) -> list[int]:
    """Indices of the upper hull of points sorted by (fps, tps), collinear points dropped.

    Andrew's monotone chain: walk left to right and pop the last vertex while it does not
    make a strict right turn. ROC points are already sorted by FP, then TP.
    """
    keep: list[int] = []
    for i in range(len(fps)):
        while len(keep) >= 2:
            o, a = keep[-2], keep[-1]
            if _cross(fps[o], tps[o], fps[a], tps[a], fps[i], tps[i]) >= 0:
                keep.pop()          # a lies on or below the chord from o to i
            else:
                break
        keep.append(i)
    return keep


def _points_or_nan(groups, what, stacklevel=6):
    """The operating points of tie groups (weights scaled by a power of two, exact), or None
    after one warning if a class is missing (``stacklevel`` 6 points it at the user's call of
    the public function or method that calls a kernel that calls this)."""
    thresholds, tps, fps = operating_points(unit_scaled_groups(groups))
    if not both_classes(tps[-1], fps[-1], what, stacklevel=stacklevel):
        return None
    return thresholds, tps, fps


def _hull_or_none(groups) -> RocHull | None:
    points = _points_or_nan(groups, "the ROC convex hull", stacklevel=7)
    if points is None:
        return None
    thresholds, tps, fps = points
    keep = np.array(_upper_hull(fps, tps))
    return RocHull(fps[keep] / fps[-1], tps[keep] / tps[-1], thresholds[keep])


def _nan_hull() -> RocHull:
    nan = np.array([np.nan])
    return RocHull(nan, nan.copy(), nan.copy())


def roc_convex_hull(y_true: Any, y_score: Any, *, sample_weight: Any = None,
                    pos_label: Any = None) -> RocHull:
    """The convex hull of the ROC points: the operating points no cost setting can beat.

    A ROC point strictly below the hull is never the cheapest choice, whatever the costs and
    priors; points on the hull's edges are reached by mixing the two end vertices at random
    (Provost & Fawcett). The hull always runs from (0, 0) to (1, 1), lies on or above every
    ROC point, and its slopes decrease.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    RocHull
        ``(fpr, tpr, thresholds)`` of the hull's vertices in increasing FPR; the thresholds
        keep the scores' precision (long double for integers beyond 2**53). If a class is
        missing the hull is undefined: one-element ``nan`` arrays and one warning.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind.
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative.

    See Also
    --------
    optimal_operating_point : the cheapest hull vertex for given costs.
    cost_curve : the hull's dual picture.
    evalcore.roc_curve : every ROC point.

    References
    ----------
    F. Provost and T. Fawcett (2001), "Robust classification for imprecise environments",
    *Machine Learning* 42(3), 203-231.

    Examples
    --------
    The four-sample toy case: its ROC point (0.5, 0.5) lies below the chord from (0, 0.5)
    to (0.5, 1), so the hull skips it.

    >>> import evalcore as ec
    >>> hull = ec.roc_convex_hull([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> hull.fpr.tolist(), hull.tpr.tolist()
    ([0.0, 0.0, 0.5, 1.0], [0.0, 0.5, 1.0, 1.0])
    >>> hull.thresholds.tolist()
    [inf, 0.8, 0.35, 0.1]
    """
    return roc_convex_hull_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True))


def roc_convex_hull_from_groups(groups: TieGroups) -> RocHull:
    """The ROC convex hull of tie groups (or a ScoreCounts): the kernel of
    :func:`roc_convex_hull` and of ``ScoreCounts.roc_convex_hull``."""
    hull = _hull_or_none(groups)
    return _nan_hull() if hull is None else hull


def iso_performance_slope(*, cost_fp: float, cost_fn: float, prior_pos: float) -> float:
    """Slope in ROC space of the lines of equal expected cost.

    ``slope = cost_fp · (1 − prior_pos) / (cost_fn · prior_pos)``. Steep lines (costly false
    alarms or rare positives) pick points near the origin; shallow ones pick points near
    (1, 1).

    Parameters
    ----------
    cost_fp, cost_fn : float
        Cost of one false positive and of one false negative (positive).
    prior_pos : float
        The share of positives where the classifier is deployed, in (0, 1).

    Returns
    -------
    float
        The slope; exact to the last bit for costs and priors anywhere in float64's range
        (``inf`` only when the true slope exceeds the largest float).

    Raises
    ------
    TypeError
        If an argument is not a real number.
    ValueError
        If a cost is not positive and finite, or ``prior_pos`` is not in (0, 1).

    See Also
    --------
    probability_cost : the same facts as a number in [0, 1].
    optimal_operating_point : the hull vertex this slope picks.

    Examples
    --------
    >>> iso_performance_slope(cost_fp=1, cost_fn=5, prior_pos=0.5)
    0.2
    >>> iso_performance_slope(cost_fp=1, cost_fn=1, prior_pos=0.1)
    9.0
    """
    cost_fp = check_positive(cost_fp, "cost_fp")
    cost_fn = check_positive(cost_fn, "cost_fn")
    prior_pos = _check_prior(prior_pos)
    # cost_fp·(1 − p) / (cost_fn·p) on the significands, the powers of two added apart: the
    # same roundings as the plain formula, without overflow or underflow in between
    fp_mantissa, fp_exponent = math.frexp(cost_fp)
    fn_mantissa, fn_exponent = math.frexp(cost_fn)
    p_mantissa, p_exponent = math.frexp(prior_pos)
    ratio = fp_mantissa * (1 - prior_pos) / (fn_mantissa * p_mantissa)
    try:
        return math.ldexp(ratio, fp_exponent - fn_exponent - p_exponent)
    except OverflowError:        # beyond float64: the lines are vertical
        return math.inf


def _check_prior(prior_pos: Any) -> float:
    return check_real(prior_pos, "prior_pos", low=0, high=1, low_open=True, high_open=True)


def optimal_operating_point(y_true: Any, y_score: Any, *, cost_fp: float, cost_fn: float,
                            prior_pos: float | None = None, sample_weight: Any = None,
                            pos_label: Any = None) -> OperatingPoint:
    """The hull vertex with the least expected cost for these costs and this prior.

    The iso-performance line of slope :func:`iso_performance_slope` is slid down from the
    upper left until it touches the hull; the vertex it touches first minimizes
    ``cost_fn · p · (1 − TPR) + cost_fp · (1 − p) · FPR``. When the line is parallel to a hull
    edge, both end vertices are optimal and the one with the lower FPR (the higher threshold)
    is returned.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    cost_fp, cost_fn : float
        Cost of one false positive and of one false negative (both positive).
    prior_pos : float, default=None
        Share of positives where the classifier will be deployed, in (0, 1). ``None``: the
        (weighted) share in ``y_true`` (then ``value`` equals the cost per sample of
        :func:`evalcore.threshold_by_cost`); pass the deployment's prior when it differs.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    OperatingPoint
        ``(threshold, fpr, tpr, value)`` with ``value`` the expected cost per case; all
        ``nan`` with one warning if a class is missing. The threshold keeps the scores'
        precision (an ``np.longdouble`` for integers beyond 2**53).

    Raises
    ------
    TypeError
        If an argument is of the wrong kind.
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative, a cost is not positive and finite, or ``prior_pos`` is not in
        (0, 1).

    See Also
    --------
    evalcore.threshold_by_cost : the cheapest threshold at the data's own prior.
    iso_performance_slope : the slope of the line that touches the hull.
    roc_convex_hull : the candidates.

    Examples
    --------
    A false negative five times as costly as a false positive, equal priors: the shallow
    line (slope 0.2) picks the vertex (0.5, 1).

    >>> import evalcore as ec
    >>> ec.optimal_operating_point([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], cost_fp=1, cost_fn=5)
    OperatingPoint(threshold=0.35, fpr=0.5, tpr=1.0, value=0.25)
    >>> ec.optimal_operating_point([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], cost_fp=1, cost_fn=5,
    ...                            prior_pos=0.05)
    OperatingPoint(threshold=0.8, fpr=0.0, tpr=0.5, value=0.125)
    """
    _check_costs_and_prior(cost_fp, cost_fn, prior_pos)     # before the sort
    return optimal_operating_point_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True),
        cost_fp=cost_fp, cost_fn=cost_fn, prior_pos=prior_pos)


def _check_costs_and_prior(cost_fp: Any, cost_fn: Any, prior_pos: Any):
    return (check_positive(cost_fp, "cost_fp"), check_positive(cost_fn, "cost_fn"),
            None if prior_pos is None else _check_prior(prior_pos))


def optimal_operating_point_from_groups(groups: TieGroups, *, cost_fp: float, cost_fn: float,
                                        prior_pos: float | None = None) -> OperatingPoint:
    """The hull vertex with the least expected cost of tie groups (or a ScoreCounts): the
    kernel of :func:`optimal_operating_point` and of ``ScoreCounts.optimal_operating_point``."""
    cost_fp, cost_fn, prior_pos = _check_costs_and_prior(cost_fp, cost_fn, prior_pos)
    hull = _hull_or_none(groups)
    if hull is None:
        return OperatingPoint(math.nan, math.nan, math.nan, math.nan)
    if prior_pos is None:
        n_pos, n_neg = group_totals(unit_scaled_groups(groups))
        prior_pos = n_pos / (n_pos + n_neg)
    # both costs divided by one power of two (exact): no overflow for costs near 1e308
    _, exponent = math.frexp(max(cost_fp, cost_fn))
    scaled_fp, scaled_fn = math.ldexp(cost_fp, -exponent), math.ldexp(cost_fn, -exponent)
    cost = scaled_fn * prior_pos * (1 - hull.tpr) + scaled_fp * (1 - prior_pos) * hull.fpr
    k = int(np.argmin(cost))        # first minimum: the lowest FPR among ties
    try:
        value = math.ldexp(float(cost[k]), exponent)
    except OverflowError:           # the cost itself is beyond float64
        value = math.inf
    return OperatingPoint(threshold_scalar(hull.thresholds[k]), float(hull.fpr[k]),
                          float(hull.tpr[k]), value)


def probability_cost(*, cost_fp: float, cost_fn: float, prior_pos: float) -> float:
    """Drummond and Holte's probability-cost ``PC(+)``, the x-axis of a cost curve.

    ``PC(+) = p · cost_fn / (p · cost_fn + (1 − p) · cost_fp)`` with ``p = prior_pos``: costs
    and prior folded into one number in [0, 1]. It is ``1 / (1 + m)`` for the
    iso-performance slope ``m``.

    Parameters
    ----------
    cost_fp, cost_fn : float
        Cost of one false positive and of one false negative (positive, finite).
    prior_pos : float
        The share of positives where the classifier is deployed, in (0, 1).

    Returns
    -------
    float
        ``PC(+)`` in [0, 1].

    Raises
    ------
    TypeError
        If an argument is not a real number.
    ValueError
        If a cost is not positive and finite, or ``prior_pos`` is not in (0, 1).

    See Also
    --------
    iso_performance_slope : the slope ``m``.
    cost_curve : the curve drawn against ``PC(+)``.

    References
    ----------
    C. Drummond and R. C. Holte (2006), "Cost curves: an improved method for visualizing
    classifier performance", *Machine Learning* 65(1), 95-130.

    Examples
    --------
    >>> probability_cost(cost_fp=1, cost_fn=5, prior_pos=0.5)
    0.8333333333333334
    """
    slope = iso_performance_slope(cost_fp=cost_fp, cost_fn=cost_fn, prior_pos=prior_pos)
    return 1 / (1 + slope)


def cost_lines(y_true: Any, y_score: Any, *, probability_cost: Any, sample_weight: Any = None,
               pos_label: Any = None) -> np.ndarray:
    """Normalized expected cost of every ROC point at each ``PC(+)``: one line per point.

    Point ``(FPR, TPR)`` has normalized expected cost
    ``NEC = (1 − TPR) · PC(+) + FPR · (1 − PC(+))``, a straight line from ``FPR`` at
    ``PC(+) = 0`` to the miss rate ``1 − TPR`` at ``PC(+) = 1``. Dividing the expected cost
    by its largest possible value, ``p · cost_fn + (1 − p) · cost_fp``, gives NEC.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    probability_cost : array-like of shape (k,)
        Values of ``PC(+)`` in [0, 1].
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights, as in :func:`evalcore.roc_curve`. ``None``: all weigh 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    numpy.ndarray of shape (n_points, k)
        Row ``i`` belongs to ROC point ``i`` of :func:`evalcore.roc_curve`; all ``nan`` with
        one warning if a class is missing.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind.
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative, or ``probability_cost`` holds values outside [0, 1].

    See Also
    --------
    cost_curve : their lower envelope.

    Examples
    --------
    >>> lines = cost_lines([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], probability_cost=[0, 0.5, 1])
    >>> lines.tolist()
    [[0.0, 0.5, 1.0], [0.0, 0.25, 0.5], [0.5, 0.5, 0.5], [0.5, 0.25, 0.0], [1.0, 0.5, 0.0]]
    """
    _check_probability_cost(probability_cost)      # before the sort
    return cost_lines_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True),
        probability_cost=probability_cost)


def cost_lines_from_groups(groups: TieGroups, *, probability_cost: Any) -> np.ndarray:
    """Each ROC point's cost line of tie groups (or a ScoreCounts), at ``probability_cost``:
    the kernel of :func:`cost_lines` and of ``ScoreCounts.cost_lines``."""
    pc = _check_probability_cost(probability_cost)
    points = _points_or_nan(groups, "the cost lines")
    if points is None:
        return np.full((1, pc.size), np.nan)
    _, tps, fps = points
    fpr, fnr = fps / fps[-1], 1 - tps / tps[-1]
    return fnr[:, None] * pc[None, :] + fpr[:, None] * (1 - pc[None, :])


def _check_probability_cost(probability_cost: Any) -> np.ndarray:
    pc = check_scores(probability_cost, "probability_cost").astype(np.float64)
    if np.any((pc < 0) | (pc > 1)):
        raise ValueError("probability_cost must lie in [0, 1] (it is PC(+), a probability)")
    return pc


def cost_curve(y_true: Any, y_score: Any, *, probability_cost: Any = None,
               sample_weight: Any = None, pos_label: Any = None) -> CostCurve:
    """The cost curve: the lower envelope of the cost lines of all ROC points.

    At each ``PC(+)`` the envelope is the least normalized expected cost any threshold
    reaches; it is the dual of the ROC convex hull (each hull vertex is one piece of the
    envelope, each hull edge one corner).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    probability_cost : array-like of shape (k,), default=None
        Where to evaluate the envelope. ``None``: 0, 1 and the envelope's corners, where
        ``PC(+) = ΔFPR / (ΔFPR + ΔTPR)`` for each hull edge, so that joining the values by
        straight lines draws the envelope exactly.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights, as in :func:`evalcore.roc_curve`. ``None``: all weigh 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    CostCurve
        ``(probability_cost, normalized_cost)``; the costs are ``nan`` with one warning if a
        class is missing.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind.
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative, or ``probability_cost`` holds values outside [0, 1].

    See Also
    --------
    cost_lines : the lines whose envelope this is.
    roc_convex_hull : the dual picture.

    References
    ----------
    C. Drummond and R. C. Holte (2006), "Cost curves: an improved method for visualizing
    classifier performance", *Machine Learning* 65(1), 95-130.

    Examples
    --------
    >>> import evalcore as ec
    >>> cc = ec.cost_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> cc.probability_cost.tolist()
    [0.0, 0.5, 1.0]
    >>> cc.normalized_cost.tolist()
    [0.0, 0.25, 0.0]
    """
    if probability_cost is not None:
        _check_probability_cost(probability_cost)  # before the sort
    return cost_curve_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True),
        probability_cost=probability_cost)


def cost_curve_from_groups(groups: TieGroups, *, probability_cost: Any = None) -> CostCurve:
    """The cost curve of tie groups (or a ScoreCounts): the kernel of :func:`cost_curve` and
    of ``ScoreCounts.cost_curve``."""
    if probability_cost is not None:
        pc = _check_probability_cost(probability_cost)
    hull = _hull_or_none(groups)
    if hull is None:
        pc = np.array([0.0, 1.0]) if probability_cost is None else pc
        return CostCurve(pc, np.full(pc.shape, np.nan))
    if probability_cost is None:
        d_fpr, d_tpr = np.diff(hull.fpr), np.diff(hull.tpr)
        pc = np.unique(np.concatenate(([0.0, 1.0], d_fpr / (d_fpr + d_tpr))))
    fnr = 1 - hull.tpr
    lines = fnr[:, None] * pc[None, :] + hull.fpr[:, None] * (1 - pc[None, :])
    return CostCurve(pc, lines.min(axis=0))
