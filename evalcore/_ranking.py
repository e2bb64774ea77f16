"""The one place that sorts scores: tie groups of distinct scores with their class counts.

Every curve and area in evalcore is computed from :func:`tie_groups`, so tied scores form
one threshold everywhere. Unweighted input takes a fast path: each score is mapped to an
order-preserving integer whose lowest bit carries the label, the integers are sorted (in two
halves on two threads, then merged), and one linear pass reads off the groups. That is about
as fast as a single ``np.sort`` of the scores, several times faster than an ``argsort``.
Weighted input needs the weights in score order, so it takes a stable ``argsort``.

It also decides, exactly, which side of a threshold each score lies on
(:func:`threshold_hits`): in the scores' own dtype, with integer, fraction and long double
thresholds never rounded onto a neighbouring score.
"""

from __future__ import annotations

import math
import numbers
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np

_SIGN_MASK = np.int64(0x7FFFFFFFFFFFFFFF)
_THREADED_MIN_SIZE = 200_000
_pool: ThreadPoolExecutor | None = None


class TieGroups(NamedTuple):
    """Distinct scores in increasing order with the (weighted) count of each class."""

    values: np.ndarray      # distinct scores, increasing
    positives: np.ndarray   # positives scoring exactly values[g]
    negatives: np.ndarray   # negatives scoring exactly values[g]


def _float_from_ordered(ordered: np.ndarray) -> np.ndarray:
    """Invert the order-preserving map of float64 bit patterns to int64."""
    return (ordered ^ ((ordered >> 63) & _SIGN_MASK)).view(np.float64)


def _forget_pool() -> None:
    """In a child made by ``fork``: drop the parent's pool. Its threads were not copied, so
    work sent to it would wait forever; the child starts its own pool when it needs one."""
    global _pool
    _pool = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pool)


def _sort_in_place(keys: np.ndarray) -> None:
    """Sort ``keys`` (a temporary of ours) in place, on two threads when it is large."""
    if keys.shape[0] < _THREADED_MIN_SIZE or (os.cpu_count() or 1) < 2:
        keys.sort()
        return
    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="evalcore-sort")
    half = keys.shape[0] // 2
    # each half sorts in place on its own thread (sorting releases the GIL) ...
    list(_pool.map(np.ndarray.sort, (keys[:half], keys[half:])))
    # ... and a stable sort of two sorted runs is a linear merge (timsort)
    keys.sort(kind="stable")


def groups_from_sorted(sorted_values: np.ndarray, sorted_labels: np.ndarray,
                       sorted_weights: np.ndarray | None):
    """Where each run of equal values starts in sorted data, and each run's (weighted)
    positives and negatives: integer counts when unweighted."""
    last = np.flatnonzero(sorted_values[1:] != sorted_values[:-1])
    starts = np.concatenate(([0], last + 1))
    if sorted_weights is None:
        positives = np.add.reduceat(sorted_labels, starts, dtype=np.int64)
        sizes = np.diff(np.append(starts, sorted_values.shape[0]))
        negatives = sizes - positives
    else:
        positives = np.add.reduceat(sorted_weights * sorted_labels, starts)
        negatives = np.add.reduceat(sorted_weights * (1 - sorted_labels), starts)
    return starts, positives, negatives


def _same_sign_groups(label: np.ndarray, score: np.ndarray, *,
                      nonnegative: bool) -> TieGroups:
    """Unweighted groups of scores that all share one sign, by one integer sort.

    The bits of non-negative floats order like the floats (clearing the sign bit turns -0.0
    into +0.0); negative ones order like the floats once their magnitude bits are flipped.
    Within one sign these integers span less than 2**63, so after subtracting the smallest
    they fit in 63 bits and the label fits in the 64th.
    """
    bits = score.view(np.int64)
    if nonnegative:
        low = np.int64(0)
        keys = (bits & _SIGN_MASK).view(np.uint64)
    else:
        ordered = bits ^ ((bits >> 63) & _SIGN_MASK)
        low = ordered.min()
        keys = (ordered - low).view(np.uint64)
        del ordered
    keys <<= np.uint64(1)
    keys |= label.view(np.uint8)
    _sort_in_place(keys)
    # the label bit lives in each key's lowest byte: read those bytes in place
    low_bytes = keys.view(np.uint8)[::8] if sys.byteorder == "little" else keys.view(np.uint8)[7::8]
    labels = (low_bytes & 1).view(np.int8)
    keys >>= np.uint64(1)
    starts, positives, negatives = groups_from_sorted(keys, labels, None)
    values = _float_from_ordered(keys[starts].view(np.int64) + low)
    return TieGroups(values, positives, negatives)


def score_order(score: np.ndarray) -> np.ndarray:
    """The stable order that sorts ``score`` increasingly (for callers that need each
    sample's position, not only the groups)."""
    return np.argsort(score, kind="stable")


def tie_groups(label: np.ndarray, score: np.ndarray,
               weight: np.ndarray | None = None) -> TieGroups:
    """Group validated scores by distinct value; count each class in each group.

    ``label`` is 0/1 int8, ``score`` finite float64 (or long double where float64 would merge
    distinct values, see :func:`evalcore._validation.exact_real`), ``weight`` non-negative
    float64 or None. Samples with zero weight are dropped first, so they create no threshold.
    """
    if weight is None and score.dtype == np.float64:
        if score.min() >= 0:                   # the common case (-0.0 counts as 0 here)
            return _same_sign_groups(label, score, nonnegative=True)
        negative = score < 0
        if negative.all():
            return _same_sign_groups(label, score, nonnegative=False)
        # negative and non-negative scores never tie: group each sign on its own
        below = _same_sign_groups(label[negative], score[negative], nonnegative=False)
        above = _same_sign_groups(label[~negative], score[~negative], nonnegative=True)
        return TieGroups(*(np.concatenate(parts) for parts in zip(below, above)))
    if weight is not None:
        keep = weight != 0
        if not keep.all():
            label, score, weight = label[keep], score[keep], weight[keep]
    order = score_order(score)
    sorted_score = score[order]
    starts, positives, negatives = groups_from_sorted(
        sorted_score, label[order], None if weight is None else weight[order])
    return TieGroups(sorted_score[starts] + 0, positives, negatives)   # + 0: -0.0 becomes 0.0


def cumulative_counts(groups: TieGroups):
    """Thresholds in decreasing order with tp and fp counts for the rule ``score >= threshold``."""
    thresholds = groups.values[::-1]
    tps = np.cumsum(groups.positives[::-1])
    fps = np.cumsum(groups.negatives[::-1])
    return thresholds, tps, fps


def roc_points(groups: TieGroups):
    """:func:`cumulative_counts` preceded by the ROC curve's start: at threshold ``inf``
    nothing is called positive (tp = fp = 0). Counts keep their dtype (exact integers when
    unweighted)."""
    thresholds, tps, fps = cumulative_counts(groups)
    zero = np.zeros(1, dtype=tps.dtype)
    return (np.concatenate(([np.inf], thresholds)), np.concatenate((zero, tps)),
            np.concatenate((zero, fps)))


def operating_points(label: np.ndarray, score: np.ndarray, weight: np.ndarray | None = None):
    """The counts at every reachable operating point of validated data, from "call nothing
    positive" (threshold ``inf``) down to the lowest score: ``(thresholds, tps, fps)`` with
    float64 counts. The core that curves, costs, hulls and precision-recall share."""
    thresholds, tps, fps = roc_points(tie_groups(label, score, weight))
    return thresholds, tps.astype(np.float64), fps.astype(np.float64)


def auc_from_groups(groups: TieGroups) -> float:
    """The ROC AUC from tie groups: Mann–Whitney U from mid-ranks (weighted: the same sum with
    weights). Unweighted counts give the exact fraction, rounded once."""
    pos, neg = groups.positives, groups.negatives
    if np.issubdtype(pos.dtype, np.integer):
        sizes = pos + neg
        before = np.cumsum(sizes) - sizes
        # mid-rank of group g (ranks from 1) is before + (size + 1) / 2; work in doubled ints
        twice_rank_sum = int(np.dot(pos, 2 * before + sizes + 1))
        total_pos, total_neg = int(pos.sum()), int(neg.sum())
        twice_u = twice_rank_sum - total_pos * (total_pos + 1)
        return twice_u / (2 * total_pos * total_neg)
    # weights: normalize each class first (the product P·N of tiny weights can underflow to
    # 0) and clip the rounding error that can push a perfect ranking to 1 + 2e-16
    pos, neg = pos / pos.sum(), neg / neg.sum()
    neg_below = np.cumsum(neg) - neg
    return min(max(float(np.dot(pos, neg_below + 0.5 * neg)), 0.0), 1.0)


# --- which side of a threshold: decided exactly ------------------------------------------
def threshold_hits(score: np.ndarray, threshold: Any, rule: str) -> np.ndarray:
    """``score > threshold`` (or ``>=``) decided exactly, in the scores' own dtype.

    A float threshold is compared as it is (numpy compares a float64 with a long double
    exactly). An integer (or fraction) threshold that the scores' dtype cannot hold is
    replaced by its neighbour ``d`` in that dtype, with the comparison adjusted so that no
    score changes side: no representable score lies strictly between them.

    Parameters
    ----------
    score : numpy.ndarray
        Validated scores, float64 or long double (:func:`evalcore._validation.check_scores`).
    threshold : int, float, numpy scalar or fractions.Fraction
        The cut; may be ±inf, not NaN.
    rule : {">", ">="}
        A validated rule (:func:`evalcore._validation.check_rule`).

    Returns
    -------
    numpy.ndarray of bool
        True where the rule calls the score positive.

    Raises
    ------
    TypeError
        If ``threshold`` is not a real number (a bool, a string, None).
    ValueError
        If ``threshold`` is NaN.
    """
    if isinstance(threshold, (bool, np.bool_)) or not isinstance(threshold, numbers.Real):
        raise TypeError(f"threshold must be a real number, got {threshold!r}")
    if isinstance(threshold, (float, np.floating)):
        if np.isnan(threshold):
            raise ValueError("threshold must not be NaN")
        if isinstance(threshold, float) or threshold.dtype.itemsize <= score.dtype.itemsize \
                or not np.isfinite(threshold):
            cut = float(threshold) if isinstance(threshold, float) else threshold
            return score > cut if rule == ">" else score >= cut
        # a long double threshold against float64 scores: numpy may round it to float64
    try:
        exact = (Fraction(*threshold.as_integer_ratio()) if isinstance(threshold, np.floating)
                 else Fraction(threshold))
    except (TypeError, ValueError):
        exact = None
    if exact is None:             # a real number of another kind: compare as a float
        cut = float(threshold)
        if math.isnan(cut):
            raise ValueError("threshold must not be NaN")
        return score > cut if rule == ">" else score >= cut
    cut = nearest_of_dtype(exact, score.dtype.type)
    strict = (rule == ">") if exact_value(cut) == exact else exact_value(cut) < exact
    return score > cut if strict else score >= cut


def exact_value(value: Any) -> Fraction | float:
    """A float or long double as an exact fraction (±inf stays a float)."""
    if not np.isfinite(value):
        return float(value)
    return Fraction(*value.as_integer_ratio())


def nearest_of_dtype(exact: Fraction, kind: type) -> Any:
    """The value of dtype ``kind`` nearest to ``exact``: equal to it, or with no other value
    of ``kind`` between them."""
    try:
        if kind is np.float64:
            value = np.float64(float(exact))        # rounded once
        elif exact.denominator == 1:
            value = kind(exact.numerator)
        else:
            value = kind(exact.numerator) / kind(exact.denominator)
    except (OverflowError, ValueError):
        value = kind(math.inf if exact > 0 else -math.inf)
    if np.isfinite(value):        # a division may round to a value that is not adjacent
        down, up = kind(-math.inf), kind(math.inf)
        while exact_value(value) > exact and exact_value(np.nextafter(value, down)) >= exact:
            value = np.nextafter(value, down)
        while exact_value(value) < exact and exact_value(np.nextafter(value, up)) <= exact:
            value = np.nextafter(value, up)
    return value
