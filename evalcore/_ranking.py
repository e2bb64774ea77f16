"""The one place that sorts scores: tie groups of distinct scores with their class counts.

Every curve and area in evalcore is computed from :func:`tie_groups`, so tied scores form
one threshold everywhere. Unweighted input takes a fast path: each score is mapped to an
order-preserving integer whose lowest bit carries the label, the integers are sorted (in two
halves on two threads, then merged), and one linear pass reads off the groups. That is about
as fast as a single ``np.sort`` of the scores, several times faster than an ``argsort``.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from typing import NamedTuple

import numpy as np

_SIGN_MASK = np.int64(0x7FFFFFFFFFFFFFFF)
_THREADED_MIN_SIZE = 200_000
_pool: ThreadPoolExecutor | None = None


class TieGroups(NamedTuple):
    """Distinct scores in increasing order with the (weighted) count of each class."""

    values: np.ndarray      # distinct scores, increasing
    positives: np.ndarray   # positives scoring exactly values[g]
    negatives: np.ndarray   # negatives scoring exactly values[g]


def _ordered_int(score: np.ndarray) -> np.ndarray:
    """Map finite float64 to int64 preserving order (an involution on the bit patterns)."""
    bits = (score + 0.0).view(np.int64)          # + 0.0 turns -0.0 into +0.0
    return bits ^ ((bits >> 63) & _SIGN_MASK)


def _float_from_ordered(ordered: np.ndarray) -> np.ndarray:
    return (ordered ^ ((ordered >> 63) & _SIGN_MASK)).view(np.float64)


def _sort(keys: np.ndarray) -> np.ndarray:
    if keys.shape[0] < _THREADED_MIN_SIZE or (os.cpu_count() or 1) < 2:
        return np.sort(keys)
    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="evalcore-sort")
    half = keys.shape[0] // 2
    low, high = _pool.map(np.sort, (keys[:half], keys[half:]))  # np.sort releases the GIL
    # a stable sort of two sorted runs is a linear merge (timsort)
    return np.sort(np.concatenate((low, high)), kind="stable")


def _groups_from_sorted(sorted_values: np.ndarray, sorted_labels: np.ndarray,
                        sorted_weights: np.ndarray | None):
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


def tie_groups(label: np.ndarray, score: np.ndarray,
               weight: np.ndarray | None = None) -> TieGroups:
    """Group validated scores by distinct value; count each class in each group.

    ``label`` is 0/1 int8, ``score`` finite float64, ``weight`` non-negative float64 or None.
    Samples with zero weight are dropped first, so they create no threshold.
    """
    if weight is not None:
        keep = weight != 0
        if not keep.all():
            label, score, weight = label[keep], score[keep], weight[keep]
    if weight is None and score.shape[0] > 0:
        ordered = _ordered_int(score)
        low, high = int(ordered.min()), int(ordered.max())
        if high - low < 2**62:      # room for the label bit
            keys = (ordered - np.int64(low)) << 1
            keys |= label
            del ordered
            keys = _sort(keys)
            labels = (keys & 1).astype(np.int8)
            keys >>= 1
            starts, positives, negatives = _groups_from_sorted(keys, labels, None)
            values = _float_from_ordered(keys[starts] + np.int64(low))
            return TieGroups(values, positives, negatives)
    # weighted input, or scores spread too widely for the label bit: a stable argsort
    order = np.argsort(score, kind="stable")
    sorted_score = score[order]
    sorted_weight = None if weight is None else weight[order]
    starts, positives, negatives = _groups_from_sorted(sorted_score, label[order], sorted_weight)
    return TieGroups(sorted_score[starts], positives, negatives)


def cumulative_counts(groups: TieGroups):
    """Thresholds in decreasing order with tp and fp counts for the rule ``score >= threshold``."""
    thresholds = groups.values[::-1]
    tps = np.cumsum(groups.positives[::-1])
    fps = np.cumsum(groups.negatives[::-1])
    return thresholds, tps, fps
