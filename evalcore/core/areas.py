"""The areas under the ROC and precision-recall curves: ROC AUC (three methods), Gini,
partial AUC over an FPR or a TPR range, average precision and the trapezoid PR area.

The curves themselves are in :mod:`evalcore.core.curves`; both read the same tie groups of the
one core (:mod:`evalcore.core.ranking`), so tied scores form one threshold in every area too.
Each area is computed from the groups by a kernel (:func:`roc_auc_from_groups`, ...), which
the array function calls after checking and sorting its arrays and
:class:`~evalcore.ScoreCounts`' method calls on the summary. An area that is undefined because
a class is missing returns ``nan`` with one :class:`~evalcore.UndefinedMetricWarning`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import reference
from .options import check_bool, check_fraction, check_one_of, check_real
from .ranking import (TieGroups, auc_from_groups, cumulative_counts, group_totals,
                      mann_whitney_counts, roc_points, unit_scaled_groups, validated_tie_groups)
from .sklearn_keywords import explains_sklearn_keywords
from .validation import both_classes, check_binary_scores, shown

#: ``method="pairs"`` refuses inputs with more positive/negative pairs than this.
MAX_PAIRS = 20_000_000
METHODS = ("rank", "trapezoid", "pairs")


def _auc_trapezoid(groups) -> float:
    """Trapezoid area under the ROC points (unweighted: summed in integer counts, one division)."""
    _, tps, fps = roc_points(groups)
    if np.issubdtype(tps.dtype, np.integer):
        if tps[-1] + fps[-1] >= 2**30:   # the dot product could pass 2**63: Python integers
            tps, fps = tps.astype(object), fps.astype(object)
        twice_area = int(np.dot(np.diff(fps), tps[1:] + tps[:-1]))
        return twice_area / (2 * int(tps[-1]) * int(fps[-1]))
    tpr, fpr = tps / tps[-1], fps / fps[-1]    # rates first: P·N can underflow (auc_from_groups)
    return min(max(float(np.dot(np.diff(fpr), tpr[1:] + tpr[:-1])) / 2, 0.0), 1.0)


def _auc_pairs(label, score, weight) -> float:
    """The definition, for ``method="pairs"``: :func:`evalcore.reference.auc_pairs`, the
    module of readable twins, after refusing more than :data:`MAX_PAIRS` pairs."""
    pairs = int((label == 1).sum()) * int((label == 0).sum())
    if pairs > MAX_PAIRS:
        raise ValueError(f"method='pairs' compares all {pairs:,} positive/negative pairs; it is "
                         f"for teaching and refuses more than {MAX_PAIRS:,}: use method='rank'")
    return min(max(reference.auc_pairs(label, score, weight), 0.0), 1.0)


@explains_sklearn_keywords
def roc_auc(y_true: Any, y_score: Any, *, method: str = "rank", sample_weight: Any = None,
            pos_label: Any = None) -> float:
    """Area under the ROC curve, by one of three methods that agree to 1e-12.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    method : {"rank", "trapezoid", "pairs"}, default="rank"
        ``"rank"``: the Mann–Whitney U statistic from mid-ranks, U / (P·N). ``"trapezoid"``:
        the trapezoid area under :func:`roc_curve`. ``"pairs"``: the definition, the share of
        positive/negative pairs ordered right, ties counting ½
        (``evalcore.reference.auc_pairs``); it builds all P·N pairs and refuses more
        than :data:`MAX_PAIRS`.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights; a pair weighs the product of its two weights (only their
        ratios matter: weights near 1e308 or subnormal ones are fine). ``None``: every sample
        weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    float
        The AUC, or ``nan`` with one warning if a class is missing.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind (strings as scores, mixed label types, a method
        that is not a string); ``max_fpr``, scikit-learn's keyword, has a message naming
        :func:`partial_auc`.
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative, ``method`` is not one of the three, or ``method="pairs"`` meets more than
        :data:`MAX_PAIRS` pairs.

    See Also
    --------
    gini : 2·AUC − 1.
    partial_auc : the area over a range of FPR or TPR.
    roc_curve : the curve itself.

    Examples
    --------
    The seven examples of the ST445 slides give 11/12 by every method:

    >>> import evalcore as ec
    >>> y = [0, 1, 0, 1, 1, 0, 0]
    >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> [ec.roc_auc(y, s, method=m) * 12 for m in ("rank", "trapezoid", "pairs")]
    [11.0, 11.0, 11.0]
    """
    method = _check_method(method)
    if method == "pairs" or (method == "rank" and sample_weight is None):
        return _roc_auc_of_rows(y_true, y_score, method, sample_weight, pos_label)
    return roc_auc_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True),
        method=method)


def _check_method(method: Any) -> str:
    if not isinstance(method, str):            # None or a number: the wrong kind
        check_one_of(method, METHODS, "method")
    if method not in METHODS:
        raise ValueError(f"method must be 'rank', 'trapezoid' or 'pairs', got {shown(method)}")
    return method


def _roc_auc_of_rows(y_true, y_score, method, sample_weight, pos_label) -> float:
    """The AUC read off the rows with no table of tie groups: by the definition
    (``method="pairs"``), or, unweighted, the Mann-Whitney U counted from the sorted rows,
    exactly (the common case)."""
    if method == "pairs":
        label, score, weight = check_binary_scores(y_true, y_score, sample_weight=sample_weight,
                                                   pos_label=pos_label, scale_weights=True)
        if weight is None:
            total_pos, total_neg = label.sum(), label.size - label.sum()
        else:
            total_pos, total_neg = weight[label == 1].sum(), weight[label == 0].sum()
        if not both_classes(total_pos, total_neg, "ROC AUC", stacklevel=5):
            return float("nan")
        return _auc_pairs(label, score, weight)
    label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label, keep_dtype=True)
    twice_u, total_pos, total_neg = mann_whitney_counts(label, score)
    if not both_classes(total_pos, total_neg, "ROC AUC", stacklevel=5):
        return float("nan")
    return twice_u / (2 * total_pos * total_neg)


def roc_auc_from_groups(groups: TieGroups, *, method: str = "rank") -> float:
    """The ROC AUC of tie groups (a :class:`~evalcore.core.ranking.TieGroups` or a
    ScoreCounts), ``method`` ``"rank"`` or ``"trapezoid"``: the kernel of :func:`roc_auc`
    and of ``ScoreCounts.roc_auc``. Weights are scaled by a power of two first (exact);
    ``nan`` with one warning, pointed at the caller of its caller, if a class is missing."""
    if _check_method(method) == "pairs":
        raise TypeError("method='pairs' compares the rows' pairs, which a ScoreCounts does "
                        "not keep: use method='rank' (the same number)")
    groups = unit_scaled_groups(groups)
    if not both_classes(*group_totals(groups), "ROC AUC", stacklevel=5):
        return float("nan")
    return auc_from_groups(groups) if method == "rank" else _auc_trapezoid(groups)


def gini(y_true: Any, y_score: Any, *, sample_weight: Any = None, pos_label: Any = None) -> float:
    """The Gini coefficient G = 2·AUC − 1 (a chance-standardized AUC, not the Gini index).

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
    float
        G in [−1, 1]; ``nan`` with one warning if a class is missing.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind (strings as scores, mixed label types).
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative.

    See Also
    --------
    roc_auc : the AUC.

    Examples
    --------
    >>> round(gini([0, 1, 0, 1, 1, 0, 0], [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]), 6)
    0.833333
    """
    if sample_weight is None:
        return 2 * _roc_auc_of_rows(y_true, y_score, "rank", None, pos_label) - 1
    return 2 * roc_auc_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label,
        scale_weights=True)) - 1


def _area_between(x: np.ndarray, y: np.ndarray, low: float, high: float) -> float:
    """∫ y dx from ``low`` to ``high`` along a polyline whose x never decreases.

    The polyline is cut at ``low`` and ``high`` (its height interpolated linearly at each
    cut) and the trapezoids of what remains are added; a vertical segment has no width, so
    the area does not depend on which end of a jump is taken. With ``low = 0`` the points
    and the sum are exactly those of the original FPR ≤ max_fpr computation.
    """
    start = int(np.searchsorted(x, low, side="left"))     # x[:start] < low
    stop = int(np.searchsorted(x, high, side="right"))    # x[:stop] <= high
    xs, ys = x[start:stop], y[start:stop]
    if stop < x.size:                   # cut the segment that crosses high
        share = (high - x[stop - 1]) / (x[stop] - x[stop - 1])
        xs = np.append(xs, high)
        ys = np.append(ys, y[stop - 1] + share * (y[stop] - y[stop - 1]))
    if start > 0:                       # cut the segment that crosses low
        share = (low - x[start - 1]) / (x[start] - x[start - 1])
        xs = np.insert(xs, 0, low)
        ys = np.insert(ys, 0, y[start - 1] + share * (y[start] - y[start - 1]))
    return float(np.dot(np.diff(xs), (ys[1:] + ys[:-1]) / 2))


def partial_auc(y_true: Any, y_score: Any, *, max_fpr: float | None = None,
                min_fpr: float = 0.0, min_tpr: float | None = None,
                max_tpr: float | None = None, standardized: bool = False,
                sample_weight: Any = None, pos_label: Any = None) -> float:
    """Area under the ROC curve over a region of interest: an FPR range or a TPR range.

    The ROC points are joined by straight lines (ties give diagonal segments).

    *FPR range* (``min_fpr <= FPR <= max_fpr``; pROC's ``partial.auc.focus="sp"`` with
    specificities ``1 − max_fpr`` to ``1 − min_fpr``): the area under the curve between the
    two vertical lines, ``∫ TPR dFPR``, cut by interpolating TPR linearly at the ends; it lies
    between 0 and ``max_fpr − min_fpr``.

    *TPR range* (``min_tpr <= TPR <= max_tpr``; pROC's ``partial.auc.focus="se"``): the area
    between the curve and the right edge FPR = 1 within the horizontal band, ``∫ (1 − FPR)
    dTPR`` (specificity integrated over sensitivity), between 0 and ``max_tpr − min_tpr``.
    It summarizes a classifier where high sensitivity is required (screening).

    With ``standardized=True`` the area A is rescaled by McClish's (1989) correction,
    ``½ · (1 + (A − A_min) / (A_max − A_min))``, A_max the area of a perfect ranking (the
    width of the range) and A_min that of the chance diagonal over the same range
    (``(max_fpr² − min_fpr²)/2`` for an FPR range, ``Δ − (max_tpr² − min_tpr²)/2`` with Δ =
    ``max_tpr − min_tpr`` for a TPR range), so that chance gives ½ and a perfect ranking 1.
    For ``min_fpr = 0`` this is ``sklearn.metrics.roc_auc_score(..., max_fpr=...)``; for
    any range it is pROC's ``auc(..., partial.auc.correct=TRUE)``, except that a curve
    below the diagonal gives a value under ½ here (as in scikit-learn) where pROC returns
    ``NA``. Over the full range (``max_fpr=1`` or ``min_tpr=0, max_tpr=1``) both the raw and
    the standardized area are the AUC.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    max_fpr : float, default=None
        The largest false positive rate of an FPR range, in (0, 1]. ``None``: no FPR range
        (give a TPR range instead).
    min_fpr : float, default=0.0
        The smallest false positive rate of an FPR range, in [0, max_fpr).
    min_tpr, max_tpr : float, default=None
        A TPR range ``0 <= min_tpr < max_tpr <= 1`` instead of an FPR range (give one of
        them; ``None`` for the other is 0 or 1 respectively).
    standardized : bool, default=False
        Apply McClish's correction.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights, as in :func:`roc_curve`. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    float
        The (raw or standardized) partial area; ``nan`` with one warning if a class is
        missing.

    Raises
    ------
    TypeError
        If no region is given, or an option is of the wrong kind (a range end that is not
        a real number, ``standardized`` not a bool).
    ValueError
        If a range end lies outside its interval or is NaN, the range is empty, both an FPR
        and a TPR range are given, or the data break their rules.

    See Also
    --------
    roc_auc : the area over the full range.

    References
    ----------
    D. K. McClish (1989), "Analyzing a portion of the ROC curve", *Medical Decision Making*
    9(3), 190-195. X. Robin et al. (2011), "pROC: an open-source package for R and S+ to
    analyze and compare ROC curves", *BMC Bioinformatics* 12, 77.

    Examples
    --------
    The ROC curve of these four cases runs (0, 0), (0, ½), (½, ½), (½, 1), (1, 1):

    >>> import evalcore as ec
    >>> y, s = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    >>> ec.partial_auc(y, s, max_fpr=0.5)
    0.25
    >>> round(ec.partial_auc(y, s, max_fpr=0.5, standardized=True), 6)
    0.666667

    Between FPR 0.25 and 0.75 the height is ½ then 1, and chance would have area ¼:

    >>> ec.partial_auc(y, s, min_fpr=0.25, max_fpr=0.75)
    0.375
    >>> ec.partial_auc(y, s, min_fpr=0.25, max_fpr=0.75, standardized=True)
    0.75

    With the sensitivity held at ½ or more, the specificity is ½ up to TPR 1:

    >>> ec.partial_auc(y, s, min_tpr=0.5)
    0.25
    """
    _check_region(max_fpr, min_fpr, min_tpr, max_tpr, standardized)    # before the sort
    return partial_auc_from_groups(
        validated_tie_groups(y_true, y_score, sample_weight=sample_weight, pos_label=pos_label,
                             scale_weights=True),
        max_fpr=max_fpr, min_fpr=min_fpr, min_tpr=min_tpr, max_tpr=max_tpr,
        standardized=standardized)


def _check_region(max_fpr, min_fpr, min_tpr, max_tpr, standardized):
    """``(low, high, tpr_range, standardized)`` of a partial AUC's options, checked."""
    fpr_range = max_fpr is not None or min_fpr != 0.0
    tpr_range = min_tpr is not None or max_tpr is not None
    if fpr_range and tpr_range:
        raise ValueError("give an FPR range (min_fpr, max_fpr) or a TPR range (min_tpr, "
                         "max_tpr), not both")
    if tpr_range:
        low = 0.0 if min_tpr is None else check_fraction(min_tpr, "min_tpr")
        high = 1.0 if max_tpr is None else check_fraction(max_tpr, "max_tpr")
        if not low < high:
            raise ValueError(f"min_tpr must be below max_tpr, got min_tpr={low!r} and "
                             f"max_tpr={high!r}")
    else:
        if max_fpr is None:
            raise TypeError("partial_auc needs a region: max_fpr (with min_fpr for an FPR "
                            "range not starting at 0) or min_tpr/max_tpr (a TPR range)")
        high = check_real(max_fpr, "max_fpr", low=0, high=1, low_open=True)
        low = check_fraction(min_fpr, "min_fpr")
        if not low < high:
            raise ValueError(f"min_fpr must be below max_fpr, got min_fpr={low!r} and "
                             f"max_fpr={high!r}")
    return low, high, tpr_range, check_bool(standardized, "standardized")


def partial_auc_from_groups(groups: TieGroups, *, max_fpr: float | None = None,
                            min_fpr: float = 0.0, min_tpr: float | None = None,
                            max_tpr: float | None = None, standardized: bool = False) -> float:
    """The partial AUC of tie groups (or a ScoreCounts), over the region the options give:
    the kernel of :func:`partial_auc` and of ``ScoreCounts.partial_auc``."""
    region = _check_region(max_fpr, min_fpr, min_tpr, max_tpr, standardized)
    return _partial_area(groups, *region)


def _partial_area(groups, low: float, high: float, tpr_range: bool,
                  standardized: bool) -> float:
    """The area over a checked region; the warning, if any, is for the caller's caller's
    caller (the user, through a public function or method and its kernel)."""
    groups = unit_scaled_groups(groups)
    if not both_classes(*group_totals(groups), "the partial AUC", stacklevel=6):
        return float("nan")
    _, tps, fps = roc_points(groups)
    fpr, tpr = fps / fps[-1], tps / tps[-1]
    width = high - low
    if tpr_range:
        area = _area_between(tpr, 1.0 - fpr, low, high)
        least = width - (high * high - low * low) / 2
    else:
        area = _area_between(fpr, tpr, low, high)
        least = (high * high - low * low) / 2
    if not standardized:
        return area
    return 0.5 * (1 + (area - least) / (width - least))


def average_precision(y_true: Any, y_score: Any, *, sample_weight: Any = None,
                      pos_label: Any = None) -> float:
    """Average precision: the step sum Σ (R_k − R_{k−1})·P_k over the PR points.

    Each precision is weighted by the recall it adds, with no interpolation; this equals
    ``sklearn.metrics.average_precision_score``. It is *not* the trapezoid area under the PR
    points: for that, see :func:`pr_auc_trapezoid`.

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
    float
        AP in [0, 1]; ``nan`` with one warning if ``y_true`` holds no positives.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind (strings as scores, mixed label types).
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative.

    See Also
    --------
    pr_auc_trapezoid : the straight-line area.
    evalcore.pr_auc_interpolated : the area under the achievable interpolation.
    precision_recall_curve : the points.

    Examples
    --------
    >>> average_precision([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.8333333333333333
    """
    return average_precision_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True))


def average_precision_from_groups(groups: TieGroups) -> float:
    """The average precision of tie groups (or a ScoreCounts): the kernel of
    :func:`average_precision` and of ``ScoreCounts.average_precision``."""
    groups = unit_scaled_groups(groups)
    if not both_classes(group_totals(groups)[0], 1, "average precision", stacklevel=5):
        return float("nan")
    _, tps, fps = cumulative_counts(groups)
    precision = tps / (tps + fps)
    gained = np.diff(np.concatenate(([0], tps)))
    return float(np.dot(gained, precision) / tps[-1])


def pr_auc_trapezoid(y_true: Any, y_score: Any, *, sample_weight: Any = None,
                     pos_label: Any = None) -> float:
    """The R note's area under the PR curve: trapezoids between consecutive PR points.

    The points are the note's ``curves()`` sweep with its undefined first row dropped: one
    point per distinct score, from the highest threshold down, joined by straight lines. The
    area starts at the first point's recall, not at recall 0. Linear interpolation between PR
    points is not achievable by any classifier (precision does not vary linearly with
    recall), which is why scikit-learn reports :func:`average_precision` instead; the two
    numbers differ.

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
    float
        The area; ``nan`` with one warning if ``y_true`` holds no positives.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind (strings as scores, mixed label types).
    ValueError
        If labels are not binary, scores not finite, lengths differ or weights are
        negative.

    See Also
    --------
    average_precision : the step sum scikit-learn reports.
    evalcore.pr_auc_interpolated : the area a classifier can reach.

    Examples
    --------
    The points (recall, precision) are (0.5, 1), (0.5, 0.5), (1, 2/3), (1, 0.5); only the
    step from recall 0.5 to 1 has width, a trapezoid of heights 1/2 and 2/3:

    >>> round(pr_auc_trapezoid([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 6)
    0.291667
    """
    return pr_auc_trapezoid_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True))


def pr_auc_trapezoid_from_groups(groups: TieGroups) -> float:
    """The trapezoid PR area of tie groups (or a ScoreCounts): the kernel of
    :func:`pr_auc_trapezoid` and of ``ScoreCounts.pr_auc_trapezoid``."""
    groups = unit_scaled_groups(groups)
    if not both_classes(group_totals(groups)[0], 1, "the PR area", stacklevel=5):
        return float("nan")
    _, tps, fps = cumulative_counts(groups)
    recall = tps / tps[-1]
    precision = tps / (tps + fps)
    return float(np.dot(np.diff(recall), (precision[1:] + precision[:-1]) / 2))
