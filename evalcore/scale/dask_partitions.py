"""What each partition does for the Dask route's distributed sort
(:mod:`evalcore.scale.dask_ranges`): the first pass validates it and samples its scores
(:func:`sample_partition`), the second cuts its rows into the value ranges between the split
points (:func:`cut_partition`): unweighted float scores as sorted keys
(:class:`RangeKeys`), other scores row by row (:class:`RangeRows`), the rows at a split
point only counted. Each piece is an array of its own, so that Dask can spill it alone.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ..core.float_keys import shared_float_key, shared_float_keys
from ..core.validation import (as_1d, check_binary_scores, check_scores, check_weights,
                               exact_real, label_classes)
from .dask_inputs import in_partition


def validated_partition(y_true: Any, y_score: Any, sample_weight: Any, *, pos_label: Any,
                        names: tuple[str, str]):
    """A partition's 0/1 labels, scores and weights (``None``: unweighted) checked as every
    metric checks them; bad data raise as the checks raise (the caller names the
    partition)."""
    if len(y_true) != len(y_score) or (sample_weight is not None
                                       and len(sample_weight) != len(y_score)):
        described = f"{names[0]} has {len(y_true)}, {names[1]} has {len(y_score)}" + (
            "" if sample_weight is None else f", sample_weight has {len(sample_weight)}")
        raise ValueError(f"inputs must have the same length: {described}")
    weight = None
    if sample_weight is not None:           # a partition may weigh 0: only the sum must not
        weight = check_scores(sample_weight, "sample_weight")
        if np.any(weight < 0):
            check_weights(weight, len(weight))              # raises: negative weights
    label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label,
                                          true_name=names[0], score_name=names[1],
                                          keep_dtype=True)         # float32 sorts as such
    return label, score, weight


def is_empty_partition(y_true: Any, y_score: Any, sample_weight: Any) -> bool:
    """Whether a partition has no rows (Dask's empty chunks): no validation, no sample."""
    return len(y_score) == 0 and len(y_true) == 0 and (sample_weight is None
                                                        or len(sample_weight) == 0)


class PartitionSample(NamedTuple):
    """The first pass's result for one partition: its raw labels, its sampled scores and
    their weights, its number of rows, and the error its data raised (``None``: valid),
    returned rather than raised so that the split points' task, which sees the rows of the
    partitions before it, can name the bad entry by its row in the whole input."""

    classes: list
    values: np.ndarray
    weights: np.ndarray
    n_rows: int
    refusal: Exception | None = None
    dtype: np.dtype | None = None


def sample_partition(index: int, y_true: Any, y_score: Any, sample_weight: Any, *,
                     pos_label: Any, names: tuple[str, str], n_samples: int):
    """The first pass over a partition: its data validated, its raw labels, and a sample of
    its scores for the split points: ``n_samples`` rows at evenly spaced (weighted)
    positions in the partition's row order, each standing for its share of the partition's
    weight. No sort: a systematic sample of the rows (evenly spaced ranks if the rows are
    sorted); a poor sample only unbalances the ranges, never changes a result."""
    n_rows = len(y_score)
    if is_empty_partition(y_true, y_score, sample_weight):
        return PartitionSample([], np.empty(0), np.empty(0), 0)
    try:
        _, score, weight = validated_partition(y_true, y_score, sample_weight,
                                               pos_label=pos_label, names=names)
    except (TypeError, ValueError) as exc:
        return PartitionSample([], np.empty(0), np.empty(0), n_rows, exc)
    # the raw labels, for the check across partitions (the second pass need not read them)
    classes = label_classes(as_1d(y_true, names[0])).tolist()
    if weight is None:
        total = float(len(score))
        picked = ((np.arange(n_samples) + 0.5) * (total / n_samples)).astype(np.intp)
    else:
        cumulative = np.cumsum(weight)
        total = float(cumulative[-1])
        if not total > 0:
            return PartitionSample(classes, np.empty(0), np.empty(0), n_rows)
        ranks = (np.arange(n_samples) + 0.5) * (total / n_samples)
        picked = np.minimum(np.searchsorted(cumulative, ranks, side="right"), len(score) - 1)
    return PartitionSample(classes, exact_real(score[picked], names[1]),
                           np.full(n_samples, total / n_samples), n_rows, None, score.dtype)


class RangeRows(NamedTuple):
    """One partition's rows in one value range ``[s_k, s_{k+1})``, as the second pass ships
    them to the range's task: the rows' scores (in their own dtype), 0/1 labels and weights
    (``None``: unweighted), except the rows scoring exactly ``s_k``, the range's split point,
    which are only counted (``at_split_positives``, ``at_split_negatives``): a score that
    holds many rows (a model's few distinct outputs) lands on split points, and its rows
    travel as two numbers. Every piece of a partition also carries the partition's positives
    and negatives in each range (``range_positives``, ``range_negatives``), so that a
    range's task, which receives a piece from every partition, knows how many rows lie
    below and above its range without waiting for another task."""

    score: np.ndarray
    label: np.ndarray
    weight: np.ndarray | None
    at_split_positives: int | float
    at_split_negatives: int | float
    range_positives: np.ndarray
    range_negatives: np.ndarray


def _range_of_rows(score: np.ndarray, splits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each row's value range (the number of split points at or below its score, as 8- or
    16-bit integers when they fit) and whether its score is a split point, compared
    exactly: float scores with the split points in the scores' own dtype where it holds
    them (they are sampled scores), 64-bit integers in long double."""
    if not len(splits):                         # one range
        return np.zeros(len(score), dtype=np.uint8), np.zeros(len(score), dtype=bool)
    if score.dtype.kind in "iu" and score.dtype.itemsize == 8 or splits.dtype == np.longdouble:
        score, splits = score.astype(np.longdouble), splits.astype(np.longdouble)
    elif score.dtype.kind == "f" and score.dtype != splits.dtype:
        narrow = splits.astype(score.dtype)
        if np.array_equal(narrow, splits):
            splits = narrow
    which = np.searchsorted(splits, score, side="right")
    if len(splits) < 2 ** 16:                   # a radix sort's keys: one pass a byte
        which = which.astype(np.uint8 if len(splits) < 2 ** 8 else np.uint16)
    # range k's lowest score; range 0 has none (-inf: no finite score equals it)
    lowest = np.concatenate((np.array([-np.inf], dtype=splits.dtype), splits))
    return which, score == lowest[which]


def cut_partition(index: int, y_true: Any, y_score: Any, sample_weight: Any,
                  splits: np.ndarray, key_dtype: np.dtype | None, *, pos_label: Any,
                  names: tuple[str, str]) -> tuple:
    """The second pass over a partition: its rows cut into the value ranges
    ``[s_k, s_{k+1})``, one piece a range. Scores of ``key_dtype`` (unweighted float32 or
    float64 in every partition) as sorted keys (:func:`_cut_keys`, one :class:`RangeKeys` a
    range); others row by row (one :class:`RangeRows` a range), with no sort: each row's
    range is a binary search among the split points, and a stable radix sort of the ranges'
    numbers groups the rows."""
    n_ranges = len(splits) + 1
    weighted = sample_weight is not None
    zeros = np.zeros(n_ranges, dtype=np.float64 if weighted else np.int64)
    if is_empty_partition(y_true, y_score, sample_weight):
        empty = RangeRows(np.empty(0), np.empty(0, dtype=np.int8),
                          np.empty(0) if weighted else None, zeros[0], zeros[0], zeros, zeros)
        return (empty,) * n_ranges
    try:                            # valid: the first pass read the same data
        label, score, weight = validated_partition(y_true, y_score, sample_weight,
                                                   pos_label=pos_label, names=names)
    except (TypeError, ValueError) as exc:
        raise in_partition(exc, index) from None
    if key_dtype is not None and score.dtype == key_dtype:
        return _cut_keys(label, score, splits)
    if weight is not None:              # rows of weight 0 make no threshold
        kept = weight > 0
        if not kept.all():
            label, score, weight = label[kept], score[kept], weight[kept]
    which, at_split = _range_of_rows(score, splits)
    if at_split.any():
        on_split = _class_sums(which[at_split], label[at_split],
                               None if weight is None else weight[at_split], n_ranges)
        rest = ~at_split
        label, score, which = label[rest], score[rest], which[rest]
        weight = None if weight is None else weight[rest]
    else:
        on_split = (zeros, zeros)
    if weight is not None:
        counts = _class_sums(which, label, weight, n_ranges)
    order = np.argsort(which, kind="stable")          # small integer keys: a radix sort
    bounds = np.searchsorted(which[order], np.arange(n_ranges + 1))
    # each range's rows gathered into arrays of their own: a piece spilled to disk frees its
    # memory (a slice of one array for the partition would keep the whole array alive)
    rows_of = [order[a:b] for a, b in zip(bounds[:-1], bounds[1:])]
    labels = [label[rows] for rows in rows_of]
    if weight is None:
        positives = np.array([np.count_nonzero(part) for part in labels], dtype=np.int64)
        counts = (positives, np.diff(bounds) - positives)
    totals = counts[0] + on_split[0], counts[1] + on_split[1]
    return tuple(RangeRows(score[rows], part, None if weight is None else weight[rows],
                           on_split[0][k], on_split[1][k], *totals)
                 for k, (rows, part) in enumerate(zip(rows_of, labels)))


class RangeKeys(NamedTuple):
    """One partition's rows in one value range as sorted keys (unweighted float32 or
    float64 scores, :func:`~evalcore.core.float_keys.shared_float_keys`: 4 or 8 bytes a row, the
    label in the lowest bit), those of the negative scores and of the others; the other
    fields as in :class:`RangeRows`."""

    negative_keys: np.ndarray
    other_keys: np.ndarray
    dtype: np.dtype
    at_split_positives: int
    at_split_negatives: int
    range_positives: np.ndarray
    range_negatives: np.ndarray


def _cut_keys(label: np.ndarray, score: np.ndarray, splits: np.ndarray) -> tuple:
    """A partition of unweighted float scores cut into value ranges, one :class:`RangeKeys`
    a range: its keys sorted (numpy's vectorized sort of integers, faster than a binary
    search per row), then cut where each split point's key falls; the rows at a split point
    (two runs of keys, one a label) are counted and left out."""
    n_ranges = len(splits) + 1
    arrays = shared_float_keys(label, score)
    for keys in arrays:
        keys.sort()                     # ours: sorted in place
    cuts = [shared_float_key(split, score.dtype) for split in splits]
    pieces = [[], []]
    split_pos, split_neg = np.zeros(n_ranges, np.int64), np.zeros(n_ranges, np.int64)
    for side, keys in enumerate(arrays):            # 0: the negative scores' keys
        # where each split point falls: its key's place, or an end if it has the other sign
        at = [0] + [(int(np.searchsorted(keys, key)) if negative == (side == 0)
                     else len(keys) if side == 0 else 0) for negative, key in cuts]
        at.append(len(keys))
        for k in range(n_ranges):
            start, end = at[k], at[k + 1]
            if k and start < end and cuts[k - 1][0] == (side == 0):   # rows at the split
                key = cuts[k - 1][1]
                ones = int(np.searchsorted(keys, key + 1))
                last = int(np.searchsorted(keys, key + 2))
                split_neg[k] += ones - start
                split_pos[k] += last - ones
                start = last
            pieces[side].append(keys[start:end].copy())   # its own memory, to spill alone
    positives = np.array([np.count_nonzero(neg & 1) + np.count_nonzero(other & 1)
                          for neg, other in zip(*pieces)], dtype=np.int64) + split_pos
    every = np.array([len(neg) + len(other) for neg, other in zip(*pieces)],
                     dtype=np.int64) + split_pos + split_neg
    return tuple(RangeKeys(neg, other, score.dtype, split_pos[k], split_neg[k], positives,
                           every - positives)
                 for k, (neg, other) in enumerate(zip(*pieces)))


def _class_sums(which: np.ndarray, label: np.ndarray, weight: np.ndarray | None,
                n_ranges: int) -> tuple[np.ndarray, np.ndarray]:
    """The positives and negatives of each range (int64 counts, or float64 weights)."""
    if weight is None:
        positives = np.bincount(which[label == 1], minlength=n_ranges)
        return positives, np.bincount(which, minlength=n_ranges) - positives
    return (np.bincount(which, weights=weight * label, minlength=n_ranges),
            np.bincount(which, weights=weight * (1 - label), minlength=n_ranges))
