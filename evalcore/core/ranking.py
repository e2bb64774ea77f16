"""The one place that sorts scores: tied scores grouped, each group's classes counted.

:func:`tie_groups` turns validated rows into their tie groups, a :class:`TieGroups` of three
plain arrays: the distinct scores in increasing order and the positives and negatives (counts,
or weights) at each. Every curve and area of evalcore starts from it, so tied scores form one
threshold everywhere. What reads groups (:func:`cumulative_counts`, :func:`roc_points`,
:func:`operating_points`, :func:`auc_from_groups`, :func:`mann_whitney_from_groups`, and every
``*_from_groups`` kernel of the metrics) reads only those three arrays, and so takes a
:class:`TieGroups` or the public summary :class:`~evalcore.ScoreCounts` alike;
:func:`group_totals`, :func:`is_weighted` and :func:`unit_scaled_groups` read them the same way.
:func:`validated_tie_groups` is the array functions' way in: their arguments checked, then
grouped.

How it sorts. Unweighted, each score becomes an unsigned integer that orders as the scores do
and is no wider than they are (float32 gives uint32, float64 uint64, an integer its distance
from the smallest), shifted left to make room for the label in its lowest bit; the keys are
sorted in place and one pass over them finds where each group ends. Integer scores of a small
range are counted value by value with no sort. Scores and labels already of a usable dtype are
not copied, so grouping 10⁷ scores costs about a few ``np.sort`` s of them (the kernel table of
``benchmarks/bench_ranking.py``), not an ``argsort``. Weights have to follow their scores, so
weighted rows take one stable order (:func:`score_order`: the same codes, each beside its
row in one uint64, sorted).

The unweighted AUC needs no groups at all: :func:`mann_whitney_counts` sorts the same keys and
:func:`mann_whitney_from_sorted_keys` reads the Mann–Whitney U off them a block at a time, in
exact integers. Where groups need ranks they take them from :func:`doubled_midranks`,
evalcore's one mid-rank.

Why the cut falls here: this module answers how scores are sorted and counted, and answers
with arrays. What a user keeps, merges and stores (:mod:`evalcore.scale.score_counts`, at the
top of the layers, since its methods reach every metric) and on which side of a threshold a
single score lies (:mod:`evalcore.core.threshold_side`) are other questions, in modules of
their own that this one does not import.
"""

from __future__ import annotations

import sys
from typing import Any, NamedTuple

import numpy as np

from .float_keys import (FLOAT_KEYS, float_key_offset, float_values, ordered_codes,
                         same_sign_float_keys, shared_offset)
from .validation import check_binary_scores, exact_real


class TieGroups(NamedTuple):
    """Validated scores grouped by distinct value, as :func:`tie_groups` returns them: one
    entry per group, lowest score first. Plain arrays; :class:`~evalcore.ScoreCounts` is the
    checked, mergeable form of the same table."""

    values: np.ndarray      # the distinct scores, increasing: float64, or long double
    positives: np.ndarray   # the positives at each: int64 counts, or float64 weights
    negatives: np.ndarray   # the negatives at each, the same way


def _sort_in_place(keys: np.ndarray) -> None:
    """Sort ``keys`` (a temporary of ours) in place, on one thread.

    Two halves sorted on two threads and merged by a stable sort (timsort) were slower:
    numpy's SIMD sort of 10⁷ uint32 keys takes about 27 ms (AVX-512) or 43 ms (AVX2), the
    threaded route 50 to 77 ms, since the merge alone costs about as much as the sort
    (uint64: 57 ms single against 103 ms; ``benchmarks/bench_ranking.py``, 2 cores).
    """
    keys.sort()


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


#: Integer scores whose range is below this are counted with ``np.bincount``, chunk by
#: chunk, with no sort at all.
_COUNTING_MAX_SPAN = 2 ** 16
_CHUNK = 2 ** 18


def _groups_from_keys(keys: np.ndarray, to_values, out: TieGroups | None = None) -> TieGroups:
    """Sort ``keys`` (unsigned, ours: each an order-preserving code of a score shifted left
    by one, with the label in the lowest bit) and read off the groups. ``to_values`` turns
    the sorted distinct codes (shifted back) into the scores, float64 or long double; it
    may reuse the array it is given. ``out``: float64 values and int64 counts at least as
    long as ``keys``, into whose start the groups are written (and views of it returned),
    with ``to_values`` then called with the values' part as a second argument; so that a
    caller joining groups makes no second copy of them."""
    _sort_in_place(keys)
    n = keys.shape[0]

    def counts(length: int) -> tuple[np.ndarray, np.ndarray]:
        """Where the groups' positives and negatives go: ``out``'s start, or new arrays."""
        if out is None:
            return np.empty(length, dtype=np.int64), np.empty(length, dtype=np.int64)
        return out.positives[:length], out.negatives[:length]

    def values(codes: np.ndarray) -> np.ndarray:
        return to_values(codes) if out is None else to_values(codes, out.values[:len(codes)])

    width = keys.dtype.itemsize
    # the label bit lives in each key's lowest byte: read those bytes in place
    low_bytes = (keys.view(np.uint8)[::width] if sys.byteorder == "little"
                 else keys.view(np.uint8)[width - 1::width])
    labels = low_bytes & 1
    keys >>= keys.dtype.type(1)
    new_run = keys[1:] != keys[:-1]
    if new_run.all():                  # distinct scores (model outputs): one row per group
        del new_run
        positives, negatives = counts(n)
        np.copyto(positives, labels)
        del labels
        np.subtract(1, positives, out=negatives)
        return TieGroups(values(keys), positives, negatives)
    ends = np.empty(np.count_nonzero(new_run) + 2, dtype=np.int64)   # each group's last
    ends[0], ends[-1] = -1, n - 1                                    # row, after a -1
    ends[1:-1] = np.flatnonzero(new_run)
    del new_run
    # positives: the running count of positive rows at each group's end, differenced
    ones = np.cumsum(labels, dtype=np.int32 if n < 2**31 else np.int64)
    del labels
    at_ends = ones[ends[1:]]
    del ones
    positives, negatives = counts(at_ends.shape[0])
    positives[0] = at_ends[0]
    np.subtract(at_ends[1:], at_ends[:-1], out=positives[1:])
    del at_ends
    np.subtract(ends[1:], ends[:-1], out=negatives)
    negatives -= positives
    distinct = keys[ends[1:]]
    del keys, ends
    return TieGroups(values(distinct), positives, negatives)


def _same_sign_groups(label: np.ndarray, score: np.ndarray, *,
                      nonnegative: bool) -> TieGroups:
    """Unweighted groups of float64 or float32 scores that all share one sign, by one
    integer sort of their keys (:func:`same_sign_float_keys`): float32 scores sort as
    uint32 keys, no wider than the scores."""
    low = float_key_offset(score, nonnegative=nonnegative)
    # the keys are made in the argument list, so that only _groups_from_keys holds them
    return _groups_from_keys(same_sign_float_keys(label, score, low, nonnegative=nonnegative),
                             lambda codes: float_values(codes, score.dtype, low, nonnegative))


# --- the groups of keys that compare alike in every chunk (the Dask route's ranges) ------------

def groups_from_shared_keys(negative_keys: np.ndarray, other_keys: np.ndarray,
                            dtype: np.dtype) -> TieGroups:
    """The tie groups of :func:`shared_float_keys`'s keys of ``dtype`` scores, from any
    number of chunks, in any order (each array is sorted here, in place). With keys of both
    signs, each sign's groups are written into one set of arrays, the negative scores' first:
    joined afterwards they would be copied a second time, into fresh memory as large as
    the groups (10⁷ float32 scores, 80% of them negative: 0.59 s against 0.87 s, medians of
    8 alternated runs with Dask's workers' ``MALLOC_TRIM_THRESHOLD_``)."""
    dtype = np.dtype(dtype)

    def to_values(side: int):
        offset = shared_offset(dtype, side == 0)
        return lambda codes, out=None: float_values(codes, dtype, offset, side == 1, out=out)

    sides = [(side, keys) for side, keys in enumerate((negative_keys, other_keys)) if len(keys)]
    if not sides:
        return TieGroups(np.empty(0), np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64))
    if len(sides) == 1:
        (side, keys), = sides
        return _groups_from_keys(keys, to_values(side))
    n = len(negative_keys) + len(other_keys)
    out = TieGroups(np.empty(n), np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64))
    below = len(_groups_from_keys(negative_keys, to_values(0), out).values)
    rest = TieGroups(*(column[below:] for column in out))
    used = below + len(_groups_from_keys(other_keys, to_values(1), rest).values)
    return TieGroups(*(column[:used] for column in out))


def _integer_key_span(score: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """Integer (or bool) scores as :func:`_integer_keys` reads them (bools viewed as uint8),
    their smallest value in their own dtype and their range ``max - min``."""
    if score.dtype == np.bool_:
        score = score.view(np.uint8)
    low, high = int(score.min()), int(score.max())
    return score, np.array(low, dtype=score.dtype), high - low


def _integer_keys(label: np.ndarray, score: np.ndarray, low_code: np.ndarray,
                  span: int) -> np.ndarray:
    """Sortable unsigned keys of integer scores of range ``span`` below 2**63: the offset
    ``score - low_code`` (subtracted modulo 2**width: exact) shifted left by one, with the
    label in the lowest bit; uint32 when the range is below 2**31, else uint64."""
    unsigned = np.uint32 if span < 2 ** 31 else np.uint64
    keys = np.subtract(score, low_code, dtype=unsigned, casting="unsafe")
    keys <<= unsigned(1)
    keys |= label.view(np.uint8)
    return keys


def _integer_groups(label: np.ndarray, score: np.ndarray) -> TieGroups | None:
    """Unweighted groups of integer scores (any width, signed or not), exactly: counted with
    ``np.bincount`` when their range is small, else sorted as unsigned keys
    (:func:`_integer_keys`). ``None`` when the range is 2**63 or wider (the caller sorts
    the scores themselves)."""
    score, low_code, span = _integer_key_span(score)
    wide = np.uint64 if score.dtype.kind == "u" else np.int64      # holds every score

    def to_values(offsets: np.ndarray) -> np.ndarray:
        values = offsets.astype(np.uint64)
        values += low_code.astype(np.uint64)               # modulo 2**64, exact in range
        return exact_real(values.view(wide), "y_score")

    n = score.shape[0]
    if span < _COUNTING_MAX_SPAN:
        counts = np.zeros(2 * (span + 1), dtype=np.int64)
        for start in range(0, n, _CHUNK):
            codes = np.subtract(score[start:start + _CHUNK], low_code, dtype=np.uint64,
                                casting="unsafe").view(np.int64)
            codes <<= 1
            codes |= label[start:start + _CHUNK]
            counts += np.bincount(codes, minlength=counts.shape[0])
        positives, negatives = counts[1::2], counts[0::2]
        present = np.flatnonzero(positives | negatives)
        return TieGroups(to_values(present), positives[present], negatives[present])
    if span >= 2 ** 63:
        return None
    return _groups_from_keys(_integer_keys(label, score, low_code, span), to_values)


def score_order(score: np.ndarray) -> np.ndarray:
    """The stable order that sorts ``score`` increasingly (for callers that need each
    sample's position, not only the groups): ``np.argsort(score, kind="stable")``, found by
    sorting integers instead. Each score's :func:`~evalcore.core.float_keys.ordered_codes`
    code goes in the high half of a uint64 key and its row in the low half, so that one
    vectorized sort of the keys orders the rows, ties by row. 64-bit codes take two such
    sorts, the low 32 bits first, then the high 32 bits with each row's place after the
    first (a radix sort of two digits, each sort stable by the place it keeps). On 5·10⁶
    scores (AVX2): 0.18 s for float32 and 0.72 s for float64, where numpy's stable argsort,
    which merges, took 1.3 s. Scores with no codes (long double, NaN) and 2**32 rows or more
    take numpy's argsort."""
    coded = ordered_codes(score) if 1 < score.shape[0] < 2 ** 32 else None
    if coded is None:
        return np.argsort(score, kind="stable")
    codes, width = coded
    low_half = np.uint64(2 ** 32 - 1)
    keys = np.arange(score.shape[0], dtype=np.uint64)
    keys |= (codes if width == 32 else codes & low_half).astype(np.uint64) << np.uint64(32)
    keys.sort()
    keys &= low_half
    order = keys.astype(np.intp)
    if width == 32:
        return order
    keys = np.arange(score.shape[0], dtype=np.uint64)      # each row's place in ``order``
    keys |= (codes[order] >> np.uint64(32)) << np.uint64(32)
    keys.sort()
    keys &= low_half
    return order[keys.astype(np.intp)]


def tie_groups(label: np.ndarray, score: np.ndarray,
               weight: np.ndarray | None = None) -> TieGroups:
    """Group validated scores by distinct value; count each class in each group.

    ``label`` is 0/1 int8, ``score`` finite float64 (or long double where float64 would merge
    distinct values, see :func:`evalcore.core.validation.exact_real`), or, as
    :func:`evalcore.core.validation.check_scores` gives them with ``keep_dtype=True``, finite
    float32 or float16, integers or bools in their own dtype, ``weight`` non-negative
    float64 or None. Samples with zero weight are dropped first, so they create no
    threshold. Ties are equal scores in the scores' own dtype (-0.0 equals 0.0); the
    groups' values are float64, or long double where float64 would merge distinct values.
    The result is plain arrays (:class:`TieGroups`): wrapping them as a summary is
    :func:`evalcore.scale.score_counts.summarize_validated`'s work.

    Unweighted scores take integer keys: float64 and float32 their order-preserving bits,
    integers their offset from the smallest (or a count per value when their range is
    small); each key carries the label in its lowest bit, and one sort of the keys (no
    wider than the scores) gives the groups.
    """
    if weight is None:
        if score.dtype == np.float16:
            score = score.astype(np.float32)           # exact
        if score.dtype in FLOAT_KEYS:
            if score.min() >= 0:                   # the common case (-0.0 counts as 0 here)
                return _same_sign_groups(label, score, nonnegative=True)
            negative = score < 0
            if negative.all():
                return _same_sign_groups(label, score, nonnegative=False)
            # negative and non-negative scores never tie: group each sign on its own
            below = _same_sign_groups(label[negative], score[negative], nonnegative=False)
            above = _same_sign_groups(label[~negative], score[~negative], nonnegative=True)
            return TieGroups(*(np.concatenate(pair) for pair in zip(below, above)))
        if score.dtype.kind in "biu":
            groups = _integer_groups(label, score)
            if groups is not None:
                return groups
    if weight is not None:
        keep = weight != 0
        if not keep.all():
            label, score, weight = label[keep], score[keep], weight[keep]
    order = score_order(score)
    sorted_score = score[order]
    starts, positives, negatives = groups_from_sorted(
        sorted_score, label[order], None if weight is None else weight[order])
    values = sorted_score[starts]
    if values.dtype.kind in "biu" or values.dtype.itemsize < 8:
        values = exact_real(values, "y_score")
    return TieGroups(values + 0, positives, negatives)  # + 0: -0.0 is 0.0


def validated_tie_groups(y_true: Any, y_score: Any, *, sample_weight: Any = None,
                         pos_label: Any = None, scale_weights: bool = False) -> TieGroups:
    """The tie groups of an array function's ``(y_true, y_score, sample_weight)``, checked as
    every metric checks them (:func:`evalcore.core.validation.check_binary_scores`, the scores
    kept in their own dtype) and sorted once. ``scale_weights``: the weights first brought
    near 1 by a power of two (exact), so that their sums per group neither overflow nor
    vanish, for results that depend only on ratios of counts."""
    return tie_groups(*check_binary_scores(y_true, y_score, sample_weight=sample_weight,
                                           pos_label=pos_label, scale_weights=scale_weights,
                                           keep_dtype=True))


def is_weighted(groups: TieGroups) -> bool:
    """Whether tie groups (or a ScoreCounts) hold weights (float64) rather than counts."""
    return groups.positives.dtype.kind == "f"


def group_totals(groups: TieGroups) -> tuple[Any, Any]:
    """The positives and the negatives of tie groups (or a ScoreCounts) in all: Python
    integers for counts, floats for weights."""
    kind = float if is_weighted(groups) else int
    return kind(groups.positives.sum()), kind(groups.negatives.sum())


def unit_scaled_groups(groups: TieGroups) -> TieGroups:
    """Weighted tie groups with both classes' weights multiplied by the power of two that
    brings the largest group's into [0.5, 1): exact, for results that depend only on ratios of
    counts (rates, curves, areas), whose sums then neither overflow nor vanish. Counts, and no
    groups at all, come back as they are."""
    if not is_weighted(groups) or not len(groups.values):
        return groups
    largest = max(groups.positives.max(), groups.negatives.max())
    shift = -int(np.frexp(largest)[1])
    return TieGroups(groups.values, np.ldexp(groups.positives, shift),
                     np.ldexp(groups.negatives, shift))


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


def operating_points(counts: TieGroups):
    """The counts at every reachable operating point of tie groups (or a summary), from
    "call nothing positive" (threshold ``inf``) down to the lowest score: ``(thresholds, tps,
    fps)`` with float64 counts. The core that curves, costs, hulls and precision-recall
    share."""
    thresholds, tps, fps = roc_points(counts)
    return thresholds, tps.astype(np.float64), fps.astype(np.float64)


def auc_from_groups(groups: TieGroups) -> float:
    """The ROC AUC from tie groups: Mann–Whitney U from mid-ranks (weighted: the same sum with
    weights). Unweighted counts give the exact fraction, rounded once."""
    pos, neg = groups.positives, groups.negatives
    if np.issubdtype(pos.dtype, np.integer):
        twice_u, total_pos, total_neg = mann_whitney_from_groups(groups)
        return twice_u / (2 * total_pos * total_neg)
    # weights: normalize each class first (the product P·N of tiny weights can underflow to
    # 0) and clip the rounding error that can push a perfect ranking to 1 + 2e-16
    pos, neg = pos / pos.sum(), neg / neg.sum()
    neg_below = np.cumsum(neg) - neg
    return min(max(float(np.dot(pos, neg_below + 0.5 * neg)), 0.0), 1.0)


def doubled_midranks(sizes: np.ndarray) -> np.ndarray:
    """Twice the mid-rank of each tie group, from the groups' sizes in increasing order of
    score: ``2·(cases in lower groups) + size + 1``, an integer for integer sizes.

    The one mid-rank of evalcore: tied cases share the mean of the ranks (from 1) they
    occupy, which is ``below + (size + 1)/2``; doubled it stays an exact integer (in the
    sizes' own integer dtype, Python integers for ``object``), so rank sums and the exact
    permutation distribution are counted, not rounded. Halve it for the mid-ranks.

    Parameters
    ----------
    sizes : numpy.ndarray of int
        The number of cases in each tie group, lowest score first.

    Returns
    -------
    numpy.ndarray
        Twice each group's mid-rank, of the dtype of ``sizes``.

    Examples
    --------
    Scores 0.1, 0.4, 0.4, 0.8: ranks 1, 2.5, 2.5 and 4.

    >>> doubled_midranks(np.array([1, 2, 1])).tolist()
    [2, 5, 8]
    """
    return 2 * (np.cumsum(sizes) - sizes) + sizes + 1


def mann_whitney_from_groups(groups: TieGroups) -> tuple[int, int, int]:
    """``(2U, P, N)`` of unweighted tie groups, in Python integers: twice the Mann–Whitney
    U (the positive/negative pairs ordered right, ties counting ½), the positives and the
    negatives; the AUC is ``2U / (2·P·N)``.

    Parameters
    ----------
    groups : TieGroups
        Unweighted groups (integer counts): a :class:`TieGroups` or a ScoreCounts.

    Returns
    -------
    tuple of int
        ``(2U, P, N)``.

    See Also
    --------
    mann_whitney_counts : the same from the rows, with no table.
    """
    pos, neg = groups.positives, groups.negatives
    total_pos, total_neg = int(pos.sum()), int(neg.sum())
    # the dot product could pass 2**63 with 2**30 rows or more: Python integers then
    kind = np.int64 if total_pos + total_neg < 2**30 else object
    # the positives' doubled mid-ranks, a block of groups at a time (temporaries of the
    # block's size, not the table's); a block's ranks start after the ``before`` rows of the
    # blocks below it
    twice_rank_sum, before = 0, 0
    for start in range(0, pos.shape[0], _CHUNK):
        block_pos = pos[start:start + _CHUNK].astype(kind, copy=False)
        sizes = block_pos + neg[start:start + _CHUNK]
        twice_rank_sum += (int(np.dot(block_pos, doubled_midranks(sizes)))
                           + 2 * before * int(block_pos.sum()))
        before += int(sizes.sum())
    return twice_rank_sum - total_pos * (total_pos + 1), total_pos, total_neg


#: Keys per block of :func:`mann_whitney_from_sorted_keys` (its temporaries stay in the
#: CPU's cache); at most 2**16, so that a block's sum of positions fits a uint32.
_KEY_BLOCK = 2 ** 16


def mann_whitney_from_sorted_keys(keys: np.ndarray) -> tuple[int, int, int]:
    """``(2U, P, N)`` from sorted unsigned keys, each an order-preserving code of a score
    shifted left by one with the label (1 positive) in the lowest bit, in Python integers.

    Sorted, a tied group's negatives come before its positives, so the positive at
    position ``i`` (from 0) has below it every negative scoring less or the same and the
    positives before it: with ``P`` positives and ``p_g``, ``n_g`` the classes of tie group
    ``g``, ``2U = 2·Σ positions of the positives − P(P − 1) − Σ_g p_g·n_g``. Only groups
    holding both classes add to the last sum, and each has exactly one place where two
    neighbouring keys differ in bit 0 alone (its last negative, then its first positive);
    the group's ends are found by binary search. The sums are taken a block of
    :data:`_KEY_BLOCK` keys at a time, with temporaries of the block's size (a group may
    straddle blocks: its ends are then searched in all the keys): no table, no per-row
    integers.

    Parameters
    ----------
    keys : numpy.ndarray of uint32 or uint64
        Sorted increasingly; read only.

    Returns
    -------
    tuple of int
        ``(2U, P, N)``; the AUC is ``2U / (2·P·N)``, one correctly rounded division.
    """
    n = keys.shape[0]
    one = keys.dtype.type(1)
    block = max(1, min(_KEY_BLOCK, n))
    labels = np.empty(block, dtype=keys.dtype)
    steps = np.empty(block, dtype=keys.dtype)
    mixed = np.empty(block, dtype=bool)
    differ = np.empty(block, dtype=bool)
    positions = np.arange(block, dtype=keys.dtype if block <= 2 ** 16 else np.uint64)
    # a group's p_g·n_g is below n²/4; summed in int64 below 2**32 rows, else in Python
    products = np.int64 if n < 2 ** 32 else object
    position_sum = n_pos = tie_pairs = 0
    for start in range(0, n, block):
        stop = min(start + block, n)
        part = keys[start:stop]
        label = np.bitwise_and(part, one, out=labels[:stop - start])
        block_pos = int(np.count_nonzero(label))
        n_pos += block_pos
        position_sum += int(np.dot(label, positions[:stop - start])) + start * block_pos
        # the neighbours (i, i + 1) with i + 1 in this block: a mixed group's middle
        left = max(start - 1, 0)
        pairs = keys[left:stop]
        width = stop - left - 1
        middles = np.equal(np.bitwise_xor(pairs[1:], pairs[:-1], out=steps[:width]), one,
                           out=mixed[:width])
        if not middles.any():
            continue
        # where runs of equal keys begin (0 and the end added), and which are middles
        changes = np.flatnonzero(np.not_equal(steps[:width], 0, out=differ[:width]))
        bounds = np.empty(changes.shape[0] + 2, dtype=np.int64)
        bounds[0], bounds[-1] = left, stop
        np.add(changes, left + 1, out=bounds[1:-1])
        middle = np.flatnonzero(middles[changes]) + 1        # indices into bounds
        first = bounds[middle - 1]                           # the group's first negative
        after = bounds[middle + 1]                           # after its last positive
        if middle[0] == 1 and left > 0:                      # may begin in an earlier block
            first[0] = np.searchsorted(keys, pairs[0], side="left")
        if middle[-1] == bounds.shape[0] - 2 and stop < n:  # may end in a later block
            after[-1] = np.searchsorted(keys, pairs[-1], side="right")
        middle = bounds[middle]                              # the group's first positive
        tie_pairs += int(np.dot((middle - first).astype(products, copy=False),
                                (after - middle).astype(products, copy=False)))
    return 2 * position_sum - n_pos * (n_pos - 1) - tie_pairs, n_pos, n - n_pos


def mann_whitney_counts(label: np.ndarray, score: np.ndarray) -> tuple[int, int, int]:
    """``(2U, P, N)`` of validated unweighted rows, exactly, with no table of the groups.

    ``label`` and ``score`` as :func:`tie_groups` takes them (unweighted). Float scores and
    integer scores of a wide range become sortable keys no wider than the scores, sorted in
    place and read by :func:`mann_whitney_from_sorted_keys`; scores of both signs are
    keyed one sign at a time (a negative score is below every other one). Integer scores of
    a small range are counted per value, and those of a range of 2**63 or more (or long
    double scores) go through :func:`tie_groups`: both give small or exact tables.

    Parameters
    ----------
    label : numpy.ndarray of int8 or bool
        0/1 labels, 1 positive (:func:`evalcore.core.validation.check_binary_scores`).
    score : numpy.ndarray
        Finite scores of the same length, in their own dtype (``keep_dtype=True``).

    Returns
    -------
    tuple of int
        ``(2U, P, N)``; the AUC is ``2U / (2·P·N)``, the fraction
        :func:`auc_from_groups` gives, so the same float bit for bit.

    See Also
    --------
    mann_whitney_from_groups : the same three numbers from tie groups.
    """
    if score.dtype == np.float16:
        score = score.astype(np.float32)           # exact
    if score.dtype in FLOAT_KEYS:
        nonnegative = bool(score.min() >= 0)             # -0.0 counts as 0 here
        if nonnegative or score.max() < 0:
            low = float_key_offset(score, nonnegative=nonnegative)
            keys = same_sign_float_keys(label, score, low, nonnegative=nonnegative)
            _sort_in_place(keys)
            return mann_whitney_from_sorted_keys(keys)
        negative = score < 0
        below = mann_whitney_counts(label[negative], score[negative])
        above = mann_whitney_counts(label[~negative], score[~negative])
        # each positive at or above 0 also outranks every negative below 0
        return (below[0] + above[0] + 2 * above[1] * below[2], below[1] + above[1],
                below[2] + above[2])
    if score.dtype.kind in "biu":
        integers, low_code, span = _integer_key_span(score)
        if _COUNTING_MAX_SPAN <= span < 2 ** 63:
            keys = _integer_keys(label, integers, low_code, span)
            _sort_in_place(keys)
            return mann_whitney_from_sorted_keys(keys)
    return mann_whitney_from_groups(tie_groups(label, score))
