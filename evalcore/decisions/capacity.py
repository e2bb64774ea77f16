"""Capacity: when only the k highest-scored cases can be acted on.

An investigator opens 200 cases a day; a collections team calls the customers most likely to
default. What matters then is how many positives the top of the ranking holds: the
cumulative gain curve (share of positives found against share of cases flagged), the lift
(gain divided by the share flagged), the Kolmogorov–Smirnov statistic (the largest gap
between TPR and FPR) and the counts at a capacity ``k``.

Conventions, those of :mod:`evalcore.core.curves`: one operating point per distinct score, rule
``score >= threshold``, thresholds decreasing; tied scores form one threshold. Everything
here is derived from the core's operating points (:func:`evalcore.core.ranking.operating_points`),
never from a second sort. Within a tied group the cases are in no order: a straight line
between two neighbouring points of the gain curve is the *expected* gain when the ties are
broken at random (each case of the group is equally likely to come first), and
:func:`counts_at_capacity` reports that expectation at ``k``. Each result is computed from the
tie groups by a kernel (:func:`gain_curve_from_groups`, ...), which the array function calls on
its checked and sorted arrays and :class:`~evalcore.ScoreCounts`' method on the summary.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from ..core.curves import threshold_scalar
from ..core.frames import data_frame
from ..core.options import check_int
from ..core.ranking import (TieGroups, is_weighted, operating_points, unit_scaled_groups,
                            validated_tie_groups)
from ..core.validation import both_classes


class GainCurve(NamedTuple):
    """Points of a cumulative gain curve: flagging the cases with ``score >= thresholds[i]``
    flags ``share_flagged[i]`` of all cases and finds ``gain[i]`` of the positives."""

    share_flagged: np.ndarray
    gain: np.ndarray
    thresholds: np.ndarray

    def to_frame(self):
        """The curve as a pandas DataFrame: one row per point, columns ``share_flagged``,
        ``gain`` and ``thresholds``.

        >>> import evalcore as ec
        >>> ec.gain_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]).to_frame()
           share_flagged  gain  thresholds
        0           0.00   0.0         inf
        1           0.25   0.5        0.80
        2           0.50   0.5        0.40
        3           0.75   1.0        0.35
        4           1.00   1.0        0.10
        """
        return data_frame(self._asdict())


class LiftCurve(NamedTuple):
    """Points of a lift curve: ``lift[i] = gain / share_flagged`` for the rule
    ``score >= thresholds[i]``; the gain curve's start (nothing flagged) has no lift."""

    share_flagged: np.ndarray
    lift: np.ndarray
    thresholds: np.ndarray

    def to_frame(self):
        """The curve as a pandas DataFrame: one row per point, columns ``share_flagged``,
        ``lift`` and ``thresholds``.

        >>> import evalcore as ec
        >>> ec.lift_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]).to_frame().round(4)
           share_flagged    lift  thresholds
        0           0.25  2.0000        0.80
        1           0.50  1.0000        0.40
        2           0.75  1.3333        0.35
        3           1.00  1.0000        0.10
        """
        return data_frame(self._asdict())


class KsStatistic(NamedTuple):
    """The KS statistic ``max |TPR − FPR|`` and the operating point (rule ``>=``) where the
    largest gap is first reached from the top (above the diagonal if both sides reach it)."""

    statistic: float
    threshold: float
    fpr: float
    tpr: float


class CapacityCounts(NamedTuple):
    """What the ``k`` highest-scored cases hold.

    ``tp`` and ``fp`` are the positives and negatives among them (expected values under
    random tie-breaking when the ``k``-th score is tied across the cut), ``precision`` =
    tp / k, ``recall`` = tp / P. ``threshold`` is the ``k``-th highest score;
    ``tied`` cases share it, of which ``tied_taken`` are among the top ``k``.
    """

    k: int
    tp: float
    fp: float
    precision: float
    recall: float
    threshold: float
    tied: int
    tied_taken: int


def _gain_points(groups):
    """(thresholds, share flagged, gain) from the core's operating points; gain is ``nan``
    with one warning, for the user who called a public function or method that called a
    kernel that called this, when there are no positives."""
    thresholds, tps, fps = operating_points(unit_scaled_groups(groups))
    flagged = tps + fps
    total = flagged[-1]
    share = flagged / total if total > 0 else np.full(flagged.shape, np.nan)
    if both_classes(tps[-1], 1, "the gain (the share of positives found)", stacklevel=6):
        gain = tps / tps[-1]
    else:
        gain = np.full(tps.shape, np.nan)
    return thresholds, share, gain


def gain_curve(y_true: Any, y_score: Any, *, sample_weight: Any = None,
               pos_label: Any = None) -> GainCurve:
    """The cumulative gain curve: the share of positives found against the share of cases
    flagged, at every distinct score.

    Point ``i`` flags the cases with ``score >= thresholds[i]``; the curve starts at
    ``(0, 0)`` (threshold ``inf``) and ends at ``(1, 1)``. Its y values are the ROC curve's
    TPR; only the x axis differs (all cases flagged instead of the negatives). Tied scores
    form one point: join the points by straight lines, which are the expected gain when the
    ties are broken at random.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Finite real scores; higher means more likely positive.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights; shares are then shares of weight. ``None``: every sample
        weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    GainCurve
        ``(share_flagged, gain, thresholds)``, thresholds decreasing from ``inf``. With no
        positives ``gain`` is all ``nan`` (one :class:`~evalcore.UndefinedMetricWarning`).
        ``to_frame()`` gives the table as a pandas DataFrame.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind (strings as scores, mixed label types).
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative.

    See Also
    --------
    lift_curve : the gain divided by the share flagged.
    counts_at_capacity : precision and recall among the top ``k`` cases.
    roc_curve : TPR against FPR at the same thresholds.

    References
    ----------
    Ling, C. X. and Li, C. (1998). Data mining for direct marketing: problems and
    solutions. *Proceedings of KDD-98*, 73–79.

    Berry, M. J. A. and Linoff, G. S. (2004). *Data Mining Techniques*, 2nd ed.
    Wiley. Cumulative gains and lift charts.

    Examples
    --------
    >>> import evalcore as ec
    >>> gain = ec.gain_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> gain.share_flagged.tolist()
    [0.0, 0.25, 0.5, 0.75, 1.0]
    >>> gain.gain.tolist()
    [0.0, 0.5, 0.5, 1.0, 1.0]
    """
    return gain_curve_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True))


def gain_curve_from_groups(groups: TieGroups) -> GainCurve:
    """The cumulative gain curve of tie groups (or a ScoreCounts): the kernel of
    :func:`gain_curve` and of ``ScoreCounts.gain_curve``."""
    thresholds, share, gain = _gain_points(groups)
    return GainCurve(share, gain, thresholds)


def lift_curve(y_true: Any, y_score: Any, *, sample_weight: Any = None,
               pos_label: Any = None) -> LiftCurve:
    """The lift at every distinct score: the gain divided by the share of cases flagged.

    The lift says how many times more positives the flagged cases hold than as many cases
    drawn at random; it equals the precision among them divided by the prevalence. The gain
    curve's first point (nothing flagged) has no lift and is left out, so point ``i`` is
    the rule ``score >= thresholds[i]`` for the ``i``-th highest distinct score; the last
    point, everything flagged, has lift 1.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Finite real scores; higher means more likely positive.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    LiftCurve
        ``(share_flagged, lift, thresholds)``, thresholds decreasing. With no positives
        ``lift`` is all ``nan`` (one :class:`~evalcore.UndefinedMetricWarning`).

    Raises
    ------
    TypeError
        If an argument is of the wrong kind (strings as scores, mixed label types).
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative.

    See Also
    --------
    gain_curve : the share of positives found at the same thresholds.
    counts_at_capacity : the precision at a capacity ``k`` (lift = precision / prevalence).

    References
    ----------
    Ling, C. X. and Li, C. (1998). Data mining for direct marketing: problems and
    solutions. *Proceedings of KDD-98*, 73–79.

    Examples
    --------
    >>> import evalcore as ec
    >>> lift = ec.lift_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> lift.share_flagged.tolist()
    [0.25, 0.5, 0.75, 1.0]
    >>> [round(float(x), 4) for x in lift.lift]
    [2.0, 1.0, 1.3333, 1.0]
    """
    return lift_curve_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True))


def lift_curve_from_groups(groups: TieGroups) -> LiftCurve:
    """The lift curve of tie groups (or a ScoreCounts): the kernel of :func:`lift_curve` and
    of ``ScoreCounts.lift_curve``."""
    thresholds, share, gain = _gain_points(groups)
    return LiftCurve(share[1:], gain[1:] / share[1:], thresholds[1:])


def ks_statistic(y_true: Any, y_score: Any, *, sample_weight: Any = None,
                 pos_label: Any = None) -> KsStatistic:
    """The Kolmogorov–Smirnov statistic of the two classes' scores: ``max |TPR − FPR|``.

    This is the two-sample KS statistic of the positives' and the negatives' scores (the
    largest vertical gap between their empirical distribution functions), read off the ROC
    curve: between two distinct scores neither distribution moves, so the largest gap is at
    an operating point. Where the curve lies above the diagonal at its farthest point
    (``TPR − FPR`` ≥ ``FPR − TPR`` there), the statistic is Youden's J and the threshold is
    :func:`evalcore.threshold_by_youden`'s; for a ranking worse than chance it is the
    largest ``FPR − TPR`` instead.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Finite real scores; higher means more likely positive.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights (weighted distribution functions). ``None``: every sample
        weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    KsStatistic
        ``(statistic, threshold, fpr, tpr)`` at the highest threshold (rule ``>=``) where
        the largest gap is reached, on the side above the diagonal when both sides reach
        it (so the point is then Youden's). All ``nan`` with one
        :class:`~evalcore.UndefinedMetricWarning` if a class is missing.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind (strings as scores, mixed label types).
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative.

    See Also
    --------
    threshold_by_youden : the threshold maximizing TPR − FPR.
    roc_curve : the points whose largest gap from the diagonal this is.

    References
    ----------
    Massey, F. J. (1951). The Kolmogorov–Smirnov test for goodness of fit. *Journal
    of the American Statistical Association*, 46(253), 68–78.

    Hand, D. J. and Henley, W. E. (1997). Statistical classification methods in
    consumer credit scoring: a review. *Journal of the Royal Statistical Society A*,
    160(3), 523–541.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.ks_statistic([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    KsStatistic(statistic=0.5, threshold=0.8, fpr=0.0, tpr=0.5)
    """
    return ks_statistic_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True))


def ks_statistic_from_groups(groups: TieGroups) -> KsStatistic:
    """The KS statistic of tie groups (or a ScoreCounts): the kernel of :func:`ks_statistic`
    and of ``ScoreCounts.ks_statistic``."""
    thresholds, tps, fps = operating_points(unit_scaled_groups(groups))
    if not both_classes(tps[-1], fps[-1], "the KS statistic", stacklevel=5):
        return KsStatistic(math.nan, math.nan, math.nan, math.nan)
    tpr, fpr = tps / tps[-1], fps / fps[-1]
    gap = tpr - fpr
    if gap.max() < -gap.min():          # the farthest point lies below the diagonal
        gap = -gap
    k = int(np.argmax(gap))             # the highest threshold reaching it
    return KsStatistic(float(gap[k]), threshold_scalar(thresholds[k]), float(fpr[k]),
                       float(tpr[k]))


def counts_at_capacity(y_true: Any, y_score: Any, *, k: int,
                       pos_label: Any = None) -> CapacityCounts:
    """Precision and recall among the ``k`` highest-scored cases: what a capacity of ``k``
    cases finds.

    **Ties at the cut.** When the ``k``-th highest score is shared by cases on both sides of
    the cut, which of them are taken is up to chance. The counts reported are the exact
    expected values when the tied cases are taken in random order: if ``m`` of a tied group
    of ``g`` cases holding ``p`` positives are taken, they hold ``m·p/g`` positives on
    average (the mean of a hypergeometric draw). This is the point on the straight line
    between two points of :func:`gain_curve`. ``tied`` and ``tied_taken`` say how large
    the group is and how much of it was taken; with ``tied_taken == tied`` nothing is left
    to chance and the counts are whole numbers. It takes no ``sample_weight``: ``k`` counts
    whole cases.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Finite real scores; higher means more likely positive.
    k : int
        The capacity: how many cases can be acted on, from 1 to n (keyword-only, required).
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    CapacityCounts
        ``(k, tp, fp, precision, recall, threshold, tied, tied_taken)``: ``tp`` and ``fp``
        as floats (expected values under random tie-breaking), ``precision`` = tp / k,
        ``recall`` = tp / P, ``nan`` with one :class:`~evalcore.UndefinedMetricWarning` when
        there are no positives.

    Raises
    ------
    TypeError
        If ``k`` is not an integer, or another argument is of the wrong kind.
    ValueError
        If ``k`` is not between 1 and n, or the labels or scores break their rules.

    See Also
    --------
    gain_curve : the share of positives found at every share flagged.
    lift_curve : precision among the flagged cases divided by the prevalence.
    evalcore.precision_score : precision of hard predictions.

    References
    ----------
    Manning, C. D., Raghavan, P. and Schütze, H. (2008). *Introduction to Information
    Retrieval*, section 8.4 (precision at k). Cambridge University Press.

    McSherry, F. and Najork, M. (2008). Computing information retrieval performance
    measures efficiently in the presence of tied scores. *ECIR 2008*, LNCS 4956, 414–421.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.counts_at_capacity([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], k=2)
    CapacityCounts(k=2, tp=1.0, fp=1.0, precision=0.5, recall=0.5, threshold=0.4, tied=1, tied_taken=1)

    Two of three cases tied at 0.9, one of them positive: the top 2 hold 2/3 of a positive
    on average.

    >>> top = ec.counts_at_capacity([0, 1, 0, 1], [0.9, 0.9, 0.9, 0.2], k=2)
    >>> round(top.tp, 4), round(top.precision, 4), top.tied, top.tied_taken
    (0.6667, 0.3333, 3, 2)
    """
    return counts_at_capacity_from_groups(validated_tie_groups(y_true, y_score,
                                                               pos_label=pos_label), k=k)


def counts_at_capacity_from_groups(groups: TieGroups, *, k: int) -> CapacityCounts:
    """What the ``k`` highest-scored cases of unweighted tie groups (or a ScoreCounts) hold:
    the kernel of :func:`counts_at_capacity` and of ``ScoreCounts.counts_at_capacity``."""
    if is_weighted(groups):
        raise ValueError("the counts at a capacity need unweighted counts: k counts whole "
                         "cases, which a weighted ScoreCounts does not give")
    thresholds, tps, fps = operating_points(groups)
    n = int(tps[-1] + fps[-1])
    k = check_int(k, "k", low=1, high=n)
    flagged = tps + fps
    j = int(np.searchsorted(flagged, k))          # first point flagging at least k cases
    group = flagged[j] - flagged[j - 1]
    taken = k - flagged[j - 1]
    tp = float(tps[j - 1] + taken * (tps[j] - tps[j - 1]) / group)
    fp = k - tp
    recall = float(tp / tps[-1]) if both_classes(tps[-1], 1, "recall at k", stacklevel=5) \
        else math.nan
    return CapacityCounts(k, tp, float(fp), tp / k, recall, threshold_scalar(thresholds[j]),
                          int(group), int(taken))
