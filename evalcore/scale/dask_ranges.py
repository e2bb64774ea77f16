"""The distributed sort by value ranges behind :mod:`evalcore.dask_evaluation`.

Dask collections are cut into aligned partitions (:mod:`evalcore.scale.dask_inputs`); a
first pass validates each partition and samples its scores, and the split points are
computed from the samples (the one computation here: only the samples reach the client; the
first partition with bad data raises there, the entry named by its row in the whole input);
a second pass reduces each partition to its :class:`~evalcore.ScoreCounts` and cuts it into
value ranges ``[s_k, s_{k+1})`` (so tied scores never straddle two); the pieces of one range
are merged; a prefix over the ranges' totals gives each range the negatives below and the
positives above it. The rest builds ``dask.delayed`` tasks. The second pass of DeLong's
paired test (each case's placement values, looked up in its range's cumulative counts) is
here too.

Out of core (more data than the workers' memory) the pieces wait for their ranges' merges,
spilled to disk by Dask where they do not fit: about 6 bytes a distinct score of a partition
with float32 scores (10 with float64), the input's own size. Reading the data twice costs a
second parquet read and validation per partition, a few percent of the sort at 10⁷ rows a
partition; in exchange no partition's summary waits whole for the split points.

Tasks pass summaries to one another as plain arrays (``values, positives, negatives``): a
worker process may send them to another.
"""

from __future__ import annotations

import warnings
from typing import Any, NamedTuple

import dask
import numpy as np
from dask import delayed

from ..core.auc_sums import auc_range_sums, doubled_placements
from ..core.options import check_int
from ..core.validation import (as_1d, check_binary_scores, check_labels, check_scores,
                               check_weights, exact_real, label_classes)
from .curve_thinning import check_max_points, first_past_each_mark
from .dask_inputs import aligned_partitions, in_partition
from .score_counts import ScoreCounts, summarize_validated

#: Scores each partition contributes per range to the sample the split points come from.
SAMPLES_PER_RANGE = 8


# --- each partition's summary, cut by range; each range's merged summary ---------------------

def _shipped(counts: ScoreCounts) -> tuple:
    """A summary as the plain arrays tasks pass to one another (a worker process may send
    them to another); :func:`_received` makes the summary again, checked."""
    return _shipped_rows(counts.values, counts.positives, counts.negatives, counts.weighted)


def _shipped_rows(values: np.ndarray, positives: np.ndarray, negatives: np.ndarray,
                  weighted: bool) -> tuple:
    """Rows of a summary (all of it, or the rows of one value range) as plain arrays, in as
    few bytes as hold them exactly: integer counts in the smallest unsigned type (one byte
    each for distinct scores), values in float32 when that holds them (float32 scores). Out
    of core the pieces wait for their ranges' merges (spilled to disk when they do not fit),
    so their bytes are the route's memory."""
    if not weighted and len(values):
        kind = np.min_scalar_type(max(int(positives.max()), int(negatives.max())))
        positives, negatives = positives.astype(kind), negatives.astype(kind)
    if values.dtype == np.float64 and len(values):
        with np.errstate(over="ignore"):             # too large for float32: kept float64
            narrow = values.astype(np.float32)       # float32 scores: half the bytes
        if np.array_equal(narrow, values):
            values = narrow
    return values, positives, negatives


def _received(arrays: tuple) -> ScoreCounts:
    return ScoreCounts(*arrays)


def _validated(y_true: Any, y_score: Any, sample_weight: Any, *, pos_label: Any,
               names: tuple[str, str]):
    """A partition's 0/1 labels, scores and weights (``None``: unweighted) checked as every
    metric checks them, and its raw labels (for the check across partitions); bad data
    raise as the checks raise (the caller names the partition)."""
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
    return label, score, weight, label_classes(as_1d(y_true, names[0])).tolist()


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


def _sample_partition(index: int, y_true: Any, y_score: Any, sample_weight: Any, *,
                      pos_label: Any, names: tuple[str, str], n_samples: int):
    """The first pass over a partition: its data validated, its raw labels, and a sample of
    its scores for the split points: ``n_samples`` rows at evenly spaced (weighted)
    positions in the partition's row order, each standing for its share of the partition's
    weight. No sort: a systematic sample of the rows (evenly spaced ranks if the rows are
    sorted); a poor sample only unbalances the ranges, never changes a result."""
    n_rows = len(y_score)
    if len(y_score) == 0 and len(y_true) == 0 and (sample_weight is None
                                                   or len(sample_weight) == 0):
        return PartitionSample([], np.empty(0), np.empty(0), 0)
    try:
        _, score, weight, classes = _validated(y_true, y_score, sample_weight,
                                               pos_label=pos_label, names=names)
    except (TypeError, ValueError) as exc:
        return PartitionSample([], np.empty(0), np.empty(0), n_rows, exc)
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
                           np.full(n_samples, total / n_samples), n_rows)


def _count_and_cut(index: int, y_true: Any, y_score: Any, sample_weight: Any,
                   splits: np.ndarray, *, pos_label: Any, names: tuple[str, str]) -> tuple:
    """The second pass over a partition: its summary (the core's one sort), cut into the
    value ranges ``[s_k, s_{k+1})``, one piece a range. The summary whole is never a task's
    result: only its pieces wait for their ranges' merges."""
    weighted = sample_weight is not None
    if len(y_score) == 0 and len(y_true) == 0 and (sample_weight is None
                                                   or len(sample_weight) == 0):
        counts = ScoreCounts.empty(weighted=weighted)
    else:
        try:                            # valid: the first pass read the same data
            label, score, weight, _ = _validated(y_true, y_score, sample_weight,
                                                 pos_label=pos_label, names=names)
        except (TypeError, ValueError) as exc:
            raise in_partition(exc, index) from None
        if weight is not None and not np.any(weight > 0):
            counts = ScoreCounts.empty(weighted=True)
        else:
            counts = summarize_validated(label, score, weight)      # validated above
    values = counts.values
    bounds = np.concatenate(([0], np.searchsorted(values, splits, side="left"),
                             [len(values)]))
    return tuple(_shipped_rows(values[a:b], counts.positives[a:b], counts.negatives[a:b],
                               counts.weighted)
                 for a, b in zip(bounds[:-1], bounds[1:]))


def _split_points(n_ranges: int, pos_label: Any, true_name: str, weighted: bool,
                  *samples) -> np.ndarray:
    """The R - 1 split points: weighted quantiles of the partitions' samples at k/R. Also the
    checks that need every partition: the first partition with bad data raises, the entry
    named by its row in the whole input; together the labels form one binary coding."""
    for index, sample in enumerate(samples):
        if sample.refusal is not None:
            first_row = sum(earlier.n_rows for earlier in samples[:index])
            raise in_partition(sample.refusal, index, first_row)
    classes = sorted({value for sample in samples for value in sample[0]}, key=repr)
    if classes:
        check_labels(np.array(classes), pos_label=pos_label, name=true_name)
    values = np.concatenate([sample[1] for sample in samples])
    weights = np.concatenate([sample[2] for sample in samples])
    if values.size == 0:
        if classes and weighted:
            raise ValueError("sample_weight must give some sample a positive weight: all are 0")
        return np.empty(0)
    order = np.argsort(values, kind="stable")
    values, cumulative = values[order], np.cumsum(weights[order])
    targets = cumulative[-1] * np.arange(1, n_ranges) / n_ranges
    return values[np.minimum(np.searchsorted(cumulative, targets), values.size - 1)]


def _merge(*pieces: tuple) -> tuple:
    """One range's pieces from every partition merged in one step
    (:meth:`~evalcore.ScoreCounts.merge`: the pieces' values sorted together and the counts
    of equal values added). ``sum(pieces)`` would give the same, merging pairwise in as many
    passes as pieces."""
    filled = [piece for piece in pieces if len(piece[0])]
    if len(filled) <= 1:
        return filled[0] if filled else pieces[0]
    return _shipped(ScoreCounts.merge(_received(piece) for piece in filled))


class Offsets(NamedTuple):
    negatives_below: Any
    positives_above: Any
    n_pos: Any
    n_neg: Any


def _range_totals(counts: tuple) -> tuple:
    """A range's positives and negatives (Python int, or float with weights)."""
    kind = float if counts[1].dtype.kind == "f" else int
    return kind(counts[1].sum()), kind(counts[2].sum())


def _range_offsets(*totals: tuple) -> tuple:
    """The prefix across ranges (from their totals alone): for each, the negatives below it
    and positives above it. Both are sums of other ranges' totals (the positives above as a
    sum over the later ranges, not the total minus the earlier ones: with weights that
    difference can round below 0)."""
    positives = [pos for pos, _ in totals]
    negatives = [neg for _, neg in totals]
    n_pos, n_neg = sum(positives, 0 * positives[0]), sum(negatives, 0 * negatives[0])
    above, later = [], 0 * n_pos
    for pos in reversed(positives):
        above.append(later)
        later = later + pos
    offsets, below = [], 0 * n_neg
    for neg, pos_above in zip(negatives, reversed(above)):
        offsets.append(Offsets(below, pos_above, n_pos, n_neg))
        below = below + neg
    return tuple(offsets)


def range_counts(columns: list[tuple], *, pos_label: Any, names: tuple[str, str],
                 n_ranges: int | None):
    """The R range summaries (a distributed sort by value ranges) and their offsets, delayed,
    and the split points, computed: a first pass over the data validates it and samples it
    (``dask.compute``: only the samples reach the client); the second counts each partition
    and cuts its summary by range. Two passes, so that no partition's data or whole summary
    waits on the cluster for the split points (out of core, that wait was the whole data,
    spilled to disk and read back once for each range)."""
    n_ranges = len(columns) if n_ranges is None else n_ranges
    weighted = any(cols[2] is not None for cols in columns)
    samples = [delayed(_sample_partition)(index, *cols, pos_label=pos_label, names=names,
                                          n_samples=SAMPLES_PER_RANGE * n_ranges)
               for index, cols in enumerate(columns)]
    (splits,) = dask.compute(delayed(_split_points)(n_ranges, pos_label, names[0], weighted,
                                                    *samples))
    n_ranges = len(splits) + 1          # one range when there is no data at all
    cuts = [delayed(_count_and_cut, nout=n_ranges)(index, *cols, splits, pos_label=pos_label,
                                                   names=names)
            for index, cols in enumerate(columns)]
    ranges = [delayed(_merge)(*[cut[k] for cut in cuts]) for k in range(n_ranges)]
    totals = [delayed(_range_totals)(r) for r in ranges]
    offsets = delayed(_range_offsets, nout=n_ranges)(*totals)
    return ranges, [offsets[k] for k in range(n_ranges)], splits


def _sums(counts: tuple, offsets: Offsets, center: Any = None):
    return auc_range_sums(_received(counts), negatives_below=offsets.negatives_below,
                          positives_above=offsets.positives_above, n_pos=offsets.n_pos,
                          n_neg=offsets.n_neg, center=center)


def _total(*parts):
    return sum(parts[1:], parts[0])


def _quiet_auc(total) -> float:
    """The AUC as the centre of the second pass (weights), without warning on a worker."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return total.auc


def auc_sums(ranges, offsets, weighted: bool):
    """Delayed: the :class:`~evalcore.AucSums` of the whole data, added over ranges (weights:
    two passes, the second centred on the AUC)."""
    total = delayed(_total)(*[delayed(_sums)(r, o) for r, o in zip(ranges, offsets)])
    if weighted:
        center = delayed(_quiet_auc)(total)
        total = delayed(_total)(*[delayed(_sums)(r, o, center)
                                  for r, o in zip(ranges, offsets)])
    return total


# --- a range's part of the AP and its points of the curves ---------------------------------

def range_operating_points(counts: ScoreCounts, offsets: Offsets):
    """A range's operating points, thresholds decreasing: its values, the positives at each,
    the true and false positives at ``score >= value`` (the range's cumulative counts plus
    what lies above it), and the negatives above the range."""
    positives, negatives = counts.positives[::-1], counts.negatives[::-1]
    neg_above = offsets.n_neg - offsets.negatives_below - counts.n_neg
    tps = offsets.positives_above + np.cumsum(positives)
    fps = neg_above + np.cumsum(negatives)
    return counts.values[::-1], positives, tps, fps, neg_above


def range_average_precision(counts: tuple, offsets: Offsets):
    """Σ over the range's groups of (positives at the score) x (precision at the score),
    precision = tp / (tp + fp) for the rule ``score >= value``."""
    _, positives, tps, fps, _ = range_operating_points(_received(counts), offsets)
    return float(np.dot(positives, tps / (tps + fps))) if len(positives) else 0.0


def range_points(counts: tuple, offsets: Offsets, max_points: int | None):
    """The range's operating points (thresholds decreasing) for the curves, by the rule of
    :mod:`evalcore.scale.curve_thinning`: the range's number of points; those past a mark of
    the curve's length (every point with ``max_points=None``); every point, when the range is
    short enough for the whole curve to be kept whole (else ``None``: only the client, which
    adds up the ranges' lengths, knows); and the range's last point (the curve's end, in the
    lowest range that has points)."""
    values, _, tps, fps, neg_above = range_operating_points(_received(counts), offsets)
    every = (values, tps, fps) if max_points is None or len(values) < max_points else None
    if max_points is None:
        return len(values), every, every, every
    keep = first_past_each_mark(tps, fps, n_pos=offsets.n_pos, n_neg=offsets.n_neg,
                                max_points=max_points, tp_before=offsets.positives_above,
                                fp_before=neg_above)
    return (len(values), (values[keep], tps[keep], fps[keep]), every,
            (values[-1:], tps[-1:], fps[-1:]))


# --- DeLong's paired test, second pass: each case's placement values ------------------------

def cut_rows(y_true, y_score_a, y_score_b, splits_a, splits_b, *,
              pos_label: Any):
    """A partition's rows (validated in the first pass) cut by range, under each classifier:
    for each range, the rows' positions, labels (0/1) and scores."""
    if len(y_true) == 0:
        empty = (np.empty(0, dtype=np.intp), np.empty(0, dtype=np.int8), np.empty(0))
        return 0, (empty,) * (len(splits_a) + 1), (empty,) * (len(splits_b) + 1)
    label, score_a, _ = check_binary_scores(y_true, y_score_a, pos_label=pos_label)
    _, score_b, _ = check_binary_scores(y_true, y_score_b, pos_label=pos_label)
    cut = []
    for score, splits in ((score_a, splits_a), (score_b, splits_b)):
        which = np.searchsorted(splits, score, side="right")
        order = np.argsort(which, kind="stable")
        bounds = np.searchsorted(which[order], np.arange(len(splits) + 2))
        cut.append(tuple((order[a:b], label[order[a:b]], score[order[a:b]])
                         for a, b in zip(bounds[:-1], bounds[1:])))
    return len(label), cut[0], cut[1]


def placement_table(counts: tuple, offsets: Offsets):
    """DeLong's placement values of the range's distinct scores: V10 (for a positive scoring
    there) and V01 (for a negative), from the counts below and above (the range's
    cumulative counts plus its offsets), each an exact ratio rounded once."""
    counts = _received(counts)
    neg_doubled, pos_doubled = doubled_placements(counts, negatives_below=offsets.negatives_below,
                                                  positives_above=offsets.positives_above)
    return counts.values, neg_doubled / (2 * offsets.n_neg), pos_doubled / (2 * offsets.n_pos)


def look_up(rows, table):
    positions, label, score = rows
    values, v10, v01 = table
    at = np.searchsorted(values, score)
    return positions, np.where(label == 1, v10[at], v01[at])


def paired_sums(n_rows: int, center: float, label_rows, *looked_up):
    """Σ (d − c) and Σ (d − c)² over the positives and over the negatives of a partition,
    d = the difference of the case's two placement values, c = AUC_a − AUC_b."""
    half = len(looked_up) // 2
    placements = []
    for found in (looked_up[:half], looked_up[half:]):
        values = np.empty(n_rows)
        for positions, placed in found:
            values[positions] = placed
        placements.append(values)
    label = np.empty(n_rows, dtype=np.int8)
    for positions, labels, _ in label_rows:
        label[positions] = labels
    deviation = placements[0] - placements[1] - center
    is_pos = label == 1
    pos, neg = deviation[is_pos], deviation[~is_pos]
    return np.array([pos.sum(), np.dot(pos, pos), neg.sum(), np.dot(neg, neg)])


# --- what the public functions share -----------------------------------------------------

def prepare(function: str, y_true, y_score, sample_weight, pos_label, n_ranges,
            score_name: str = "y_score"):
    """The range summaries of a public function's inputs (``function`` names the in-memory
    function in the message for data that is not on Dask)."""
    columns = aligned_partitions({"y_true": y_true, score_name: y_score,
                                   "sample_weight": sample_weight}, function)
    if n_ranges is not None:
        n_ranges = check_int(n_ranges, "n_ranges", low=1)
    return range_counts(columns, pos_label=pos_label, names=("y_true", score_name),
                         n_ranges=n_ranges)


def curve_points(function: str, y_true, y_score, sample_weight, pos_label, max_points,
                 n_ranges):
    """The kept points of the ROC curve (thresholds decreasing, with their tp and fp counts;
    the start ``(0, 0)`` left out), the whole data's AucSums and the AP's sum, computed. The
    points are those :func:`evalcore.scale.curve_thinning.thinned_counts` keeps of the whole
    summary in memory: the same rule, applied range by range."""
    max_points = check_max_points(max_points)
    ranges, offsets, _ = prepare(function, y_true, y_score, sample_weight, pos_label,
                                  n_ranges)
    points = [delayed(range_points)(r, o, max_points) for r, o in zip(ranges, offsets)]
    weighted = sample_weight is not None
    total = auc_sums(ranges, offsets, weighted)
    ap = delayed(sum)([delayed(range_average_precision)(r, o)
                       for r, o in zip(ranges, offsets)])
    points, total, ap = dask.compute(points[::-1], total, ap)   # highest range first
    whole = max_points is None or 1 + sum(length for length, *_ in points) <= max_points
    chosen = [every if whole else kept for _, kept, every, _ in points]
    thresholds, tps, fps = (np.concatenate([part[column] for part in chosen])
                            for column in range(3))
    ends = [end for length, _, _, end in points if length]
    if not whole and ends and (not len(thresholds) or thresholds[-1] != ends[-1][0][0]):
        thresholds, tps, fps = (np.concatenate((kept, end))
                                for kept, end in zip((thresholds, tps, fps), ends[-1]))
    return thresholds, tps, fps, total, ap
