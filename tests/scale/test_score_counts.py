"""evalcore/scale/score_counts.py: ScoreCounts, the exact mergeable summary.

References are independent of the code under test: a dict count of the rows, the pairwise
ψ table (evalcore/reference.py: ``auc_pairs``, ``delong_variance``), and rows repeated for
integer weights. Chunks merge in any order bit for bit, and ``ScoreCounts.merge`` of many
parts (read once, merged in steps) gives the rows' own counts and the sums of ``+``; a summary
saves, loads and pickles as itself. (Its methods against the array functions:
tests/scale/test_summary_metrics.py.)"""

from __future__ import annotations

import functools
import inspect
import itertools
import math
import operator
import pickle
import pickletools
from collections import defaultdict

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec
from evalcore.reference import auc_pairs, delong_variance
from evalcore.scale import score_counts

from reference import one_undefined_warning
from strategies import scored_data


def dict_counts(y, s, w=None):
    """The summary by a dict: score -> [positives, negatives]; zero weights add nothing."""
    table = defaultdict(lambda: [0, 0])
    for i, (label, score) in enumerate(zip(y, s)):
        weight = 1 if w is None else w[i]
        if weight:
            table[float(score) + 0.0][0 if label == 1 else 1] += weight
    values = sorted(table)
    return values, [table[v][0] for v in values], [table[v][1] for v in values]


def assert_same_summary(a, b):
    for name in ("values", "positives", "negatives"):
        left, right = getattr(a, name), getattr(b, name)
        assert left.dtype == right.dtype, name
        np.testing.assert_array_equal(left, right, err_msg=name)


# ------------------------------------------------------------------------------------ the table

@settings(max_examples=150, deadline=None)
@given(scored_data())
def test_the_summary_is_each_distinct_score_with_its_class_counts(data):
    y, s, w = data
    counts = ec.ScoreCounts.from_arrays(y, s, sample_weight=w)
    values, pos, neg = dict_counts(y, s, w)
    assert counts.values.tolist() == values
    assert counts.positives.tolist() == pos and counts.negatives.tolist() == neg
    assert counts.positives.dtype == (np.int64 if w is None else np.float64)
    assert counts.n_pos == sum(pos) and counts.n_neg == sum(neg)
    assert type(counts.n_pos) is (int if w is None else float)
    assert len(counts) == len(values)


def test_memory_is_the_number_of_distinct_scores():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 100_000)
    s = rng.integers(0, 10, 100_000) / 10
    counts = ec.ScoreCounts.from_arrays(y, s)
    assert len(counts) == 10
    assert sum(a.nbytes for a in (counts.values, counts.positives, counts.negatives)) == 240
    assert "Memory is the number of distinct scores" in ec.ScoreCounts.__doc__


def test_the_arrays_are_read_only():
    counts = ec.ScoreCounts.from_arrays([0, 1], [0.1, 0.2])
    with pytest.raises(ValueError):
        counts.positives[0] = 5
    with pytest.raises(AttributeError):
        counts.values = np.array([1.0])


@pytest.mark.parametrize("args, error, match", [
    (([0.2, 0.1], [1, 1], [0, 0]), ValueError, "distinct and increasing"),
    (([0.1, 0.1], [1, 1], [0, 0]), ValueError, "distinct and increasing"),
    (([0.1, np.nan], [1, 1], [0, 0]), ValueError, "values must be finite"),
    (([0.1, 0.2], [1, -1], [0, 0]), ValueError, "positives must be finite and non-negative"),
    (([0.1, 0.2], [1], [0, 0]), ValueError, "positives must have one entry per value"),
    (([[0.1, 0.2]], [1, 1], [0, 0]), ValueError, "values must be 1-D"),
    ((["a", "b"], [1, 1], [0, 0]), TypeError, "values must hold real numbers"),
    (([0.1, 0.2], ["1", "1"], [0, 0]), TypeError, "positives must hold integer counts"),
])
def test_the_constructor_refuses_what_is_no_summary(args, error, match):
    with pytest.raises(error, match=match):
        ec.ScoreCounts(*args)


def test_the_constructor_keeps_integers_exact_and_drops_empty_groups():
    counts = ec.ScoreCounts([-0.0, 1.0, 2.0], np.array([2**62, 0, 1]), [0, 0, 3])
    assert counts.values.tolist() == [0.0, 2.0] and math.copysign(1, counts.values[0]) == 1
    assert counts.positives.tolist() == [2**62, 1] and counts.n_pos == 2**62 + 1
    weights = ec.ScoreCounts([1.0], [0.5], [2])
    assert weights.weighted and weights.negatives.dtype == np.float64


# ----------------------------------------------------------------------------------- the counts

@settings(max_examples=60, deadline=None)
@given(scored_data(), st.sampled_from([">=", ">"]), st.integers(0, 2**32 - 1))
def test_the_counts_at_a_threshold_from_the_summary_equal_those_from_the_rows(data, rule, seed):
    # thresholds at the scores themselves (where the rule decides), between them and outside
    y, s, w = data
    counts = ec.ScoreCounts.from_arrays(y, s, sample_weight=w)
    rng = np.random.default_rng(seed)
    scores = np.unique(np.asarray(s, dtype=float))
    thresholds = list(rng.choice(scores, size=min(3, scores.size), replace=False)) + [
        float(rng.uniform(scores.min() - 1, scores.max() + 1)), -np.inf, np.inf]
    for threshold in thresholds:
        rows = ec.confusion_matrix_at(y, s, threshold, rule=rule, sample_weight=w)
        summary = counts.confusion_matrix_at(threshold, rule=rule)
        # by hand: the rows the rule calls positive, split by class
        hit = s >= threshold if rule == ">=" else s > threshold
        weight = np.ones(len(y)) if w is None else np.asarray(w, dtype=float)
        by_hand = [weight[hit & (y == 1)].sum(), weight[hit & (y == 0)].sum(),
                   weight[~hit & (y == 1)].sum(), weight[~hit & (y == 0)].sum()]
        cells = [summary.tp, summary.fp, summary.fn, summary.tn]
        if w is None:
            assert summary == rows
            assert cells == [int(c) for c in by_hand] and all(type(c) is int for c in cells)
        else:
            np.testing.assert_allclose(cells, [rows.tp, rows.fp, rows.fn, rows.tn],
                                       rtol=1e-12, atol=1e-300)
            np.testing.assert_allclose(cells, by_hand, rtol=1e-12, atol=1e-300)


@settings(max_examples=100, deadline=None)
@given(scored_data(weighted=False))
def test_the_auc_and_delong_variance_from_the_summary_match_the_pairwise_reference(data):
    y, s, _ = data
    counts = ec.ScoreCounts.from_arrays(y, s)
    assert counts.roc_auc() == pytest.approx(auc_pairs(y, s), abs=1e-15)
    if min(counts.n_pos, counts.n_neg) >= 2:
        variance = delong_variance(y, s)
        assert counts.delong_variance() == pytest.approx(variance, rel=1e-12, abs=1e-15)


@settings(max_examples=100, deadline=None)
@given(scored_data(weighted=True))
def test_delong_with_integer_weights_is_delong_of_the_rows_repeated(data):
    y, s, w = data
    repeat = w.astype(int)
    y_rows, s_rows = np.repeat(y, repeat), np.repeat(s, repeat)
    weighted = ec.ScoreCounts.from_arrays(y, s, sample_weight=w)
    if min(weighted.n_pos, weighted.n_neg) < 2:
        return
    variance = delong_variance(y_rows, s_rows)
    assert weighted.delong_variance() == pytest.approx(variance, rel=1e-12, abs=1e-15)
    assert weighted.delong_variance() == pytest.approx(
        ec.delong_variance(y_rows, s_rows), rel=1e-12, abs=1e-15)
    ci, rows = weighted.roc_auc_ci(), ec.roc_auc_ci(y_rows, s_rows)
    assert (ci.auc, ci.low, ci.high) == pytest.approx((rows.auc, rows.low, rows.high), rel=1e-12)
    assert (ci.level, ci.method) == (rows.level, rows.method)


# -------------------------------------------------------------------------------------- merging

@st.composite
def chunked(draw, weighted: bool):
    y, s, w = draw(scored_data(weighted=weighted))
    cuts = sorted(draw(st.lists(st.integers(0, len(y)), max_size=3)))
    bounds = [0, *cuts, len(y)]
    return y, s, w, list(zip(bounds[:-1], bounds[1:]))


@settings(max_examples=80, deadline=None)
@given(chunked(weighted=False))
def test_chunks_updated_and_merged_in_any_order_give_the_summary_bit_for_bit(data):
    y, s, _, chunks = data
    whole = ec.ScoreCounts.from_arrays(y, s)
    parts = [ec.ScoreCounts.from_arrays(y[a:b], s[a:b]) for a, b in chunks]   # empty ones too
    for order in itertools.permutations(range(len(parts))):
        assert_same_summary(sum(parts[i] for i in order), whole)
        streamed = ec.ScoreCounts.empty()
        for i in order:
            a, b = chunks[i]
            assert streamed.update(y[a:b], s[a:b]) is streamed
        assert_same_summary(streamed, whole)
    if len(parts) >= 3:
        assert_same_summary(parts[0] + (parts[1] + parts[2]), (parts[0] + parts[1]) + parts[2])


@settings(max_examples=60, deadline=None)
@given(chunked(weighted=True))
def test_weighted_chunks_merge_in_any_order_to_1e12(data):
    y, s, w, chunks = data
    whole = ec.ScoreCounts.from_arrays(y, s, sample_weight=w)
    parts = [ec.ScoreCounts.from_arrays(y[a:b], s[a:b], sample_weight=w[a:b])
             for a, b in chunks if (w[a:b] > 0).any() or a == b]
    for order in itertools.permutations(range(len(parts))):
        merged = sum(parts[i] for i in order)
        np.testing.assert_array_equal(merged.values, whole.values)
        np.testing.assert_allclose(merged.positives, whole.positives, rtol=1e-12)
        np.testing.assert_allclose(merged.negatives, whole.negatives, rtol=1e-12)


def test_ties_across_chunk_boundaries_merge_into_one_group():
    first = ec.ScoreCounts.from_arrays([1, 0, 0], [0.5, 0.5, 0.2])
    second = ec.ScoreCounts.from_arrays([1, 1, 0], [0.5, 0.9, 0.5])
    merged = first + second
    assert merged.values.tolist() == [0.2, 0.5, 0.9]
    assert merged.positives.tolist() == [0, 2, 1] and merged.negatives.tolist() == [1, 2, 0]
    y = [1, 0, 0, 1, 1, 0]
    s = [0.5, 0.5, 0.2, 0.5, 0.9, 0.5]
    assert merged.roc_auc() == ec.roc_auc(y, s) == auc_pairs(np.array(y), np.array(s))


def test_an_empty_chunk_is_the_identity_and_a_one_class_chunk_is_undefined():
    counts = ec.ScoreCounts.from_arrays([0, 1, 1, 0], [0.1, 0.4, 0.35, 0.8])
    empty = ec.ScoreCounts.from_arrays([], [])
    assert len(empty) == 0 and empty.n_pos == 0 and not empty.weighted
    for merged in (counts + empty, empty + counts, sum([empty, counts, empty])):
        assert_same_summary(merged, counts)
    assert ec.ScoreCounts.from_arrays([], [], sample_weight=[]).weighted
    negatives_only = ec.ScoreCounts.from_arrays([0, 0, 0], [0.3, 0.1, 0.3])
    assert negatives_only.n_pos == 0 and negatives_only.negatives.tolist() == [1, 2]
    assert math.isnan(one_undefined_warning(negatives_only.roc_auc))
    assert math.isnan(one_undefined_warning(negatives_only.delong_variance))
    assert math.isnan(one_undefined_warning(negatives_only.average_precision))
    # one positive at 0.2 outscores the negative at 0.1, not the two at 0.3
    assert (negatives_only + ec.ScoreCounts.from_arrays([1], [0.2])).roc_auc() == 1 / 3


def test_counts_plus_weights_are_weights():
    merged = ec.ScoreCounts.from_arrays([0, 1], [0.1, 0.2]) + ec.ScoreCounts.from_arrays(
        [1], [0.1], sample_weight=[0.5])
    assert merged.weighted
    assert merged.positives.tolist() == [0.5, 1.0] and merged.negatives.tolist() == [1.0, 0.0]


def random_parts(rng, n_parts: int, *, weighted: bool = False) -> list:
    """Rows cut into parts (some empty), scores on a grid so that parts share values."""
    parts, rows = [], []
    for _ in range(n_parts):
        n = int(rng.integers(0, 40))
        y = rng.integers(0, 2, n)
        s = rng.integers(0, 25, n) / 8
        w = rng.random(n) * 10.0 ** rng.uniform(-3, 3, n) if weighted else None
        rows.append((y, s, w))
        parts.append(ec.ScoreCounts.from_arrays(y, s, sample_weight=w) if n else
                     ec.ScoreCounts.empty(weighted=weighted))
    return parts, rows


@pytest.mark.parametrize("waiting", [1 << 20, 3])
def test_merge_of_many_parts_is_the_summary_of_their_rows(waiting, monkeypatch):
    monkeypatch.setattr(score_counts, "MERGE_WAITING", waiting)    # 3: merged in many steps
    rng = np.random.default_rng(7)
    for _ in range(20):
        parts, rows = random_parts(rng, int(rng.integers(1, 30)))
        y = np.concatenate([r[0] for r in rows])
        s = np.concatenate([r[1] for r in rows])
        merged = ec.ScoreCounts.merge(part for part in parts)      # a generator is read once
        values, inverse = np.unique(s, return_inverse=True)
        assert merged.values.tolist() == values.tolist()
        assert merged.positives.tolist() == np.bincount(inverse, weights=y).tolist()
        assert merged.negatives.tolist() == np.bincount(inverse, weights=1 - y).tolist()
        assert merged.positives.dtype == np.int64 and not merged.weighted
        assert_same_summary(merged, sum(parts))
    assert_same_summary(ec.ScoreCounts.merge([]), ec.ScoreCounts.empty())


@pytest.mark.parametrize("waiting", [1 << 20, 3])
def test_weighted_merge_adds_each_value_in_the_parts_order(waiting, monkeypatch):
    """Weights are added value by value in the parts' order, as ``+`` adds them left to
    right: bit for bit the sums of a plain Python loop."""
    monkeypatch.setattr(score_counts, "MERGE_WAITING", waiting)
    rng = np.random.default_rng(8)
    for _ in range(20):
        parts, _ = random_parts(rng, int(rng.integers(2, 30)), weighted=True)
        expected: dict[float, list[float]] = {}
        for part in parts:
            for value, pos, neg in zip(part.values.tolist(), part.positives.tolist(),
                                       part.negatives.tolist()):
                sums = expected.setdefault(value, [0.0, 0.0])
                sums[0] += pos
                sums[1] += neg
        merged = ec.ScoreCounts.merge(parts)
        keys = sorted(expected)
        assert merged.values.tolist() == keys
        assert merged.positives.tolist() == [expected[k][0] for k in keys]
        assert merged.negatives.tolist() == [expected[k][1] for k in keys]
        assert_same_summary(merged, functools.reduce(operator.add, parts))


def test_merge_of_counts_and_weights_gives_weights_and_keeps_long_double_values():
    counts = ec.ScoreCounts.from_arrays([1, 0, 1], [0.5, 0.25, 0.75])
    weights = ec.ScoreCounts.from_arrays([0, 1], [0.5, 0.125], sample_weight=[2.5, 0.5])
    merged = ec.ScoreCounts.merge([counts, weights])
    assert merged.weighted and merged.positives.dtype == np.float64
    assert merged.values.tolist() == [0.125, 0.25, 0.5, 0.75]
    assert merged.positives.tolist() == [0.5, 0.0, 1.0, 1.0]
    assert merged.negatives.tolist() == [0.0, 1.0, 2.5, 0.0]
    big = 2 ** 53
    first = ec.ScoreCounts.from_arrays([1, 0], [big + 1, big + 3])
    second = ec.ScoreCounts.from_arrays([0, 1, 1], [big + 1, 5, big + 3])
    merged = ec.ScoreCounts.merge([first, second])
    whole = ec.ScoreCounts.from_arrays([1, 0, 0, 1, 1], [big + 1, big + 3, big + 1, 5, big + 3])
    assert merged.values.dtype == np.longdouble
    assert_same_summary(merged, whole)
    assert [int(v) for v in merged.values] == [5, big + 1, big + 3]


def test_merge_refuses_what_is_not_a_summary():
    counts = ec.ScoreCounts.from_arrays([0, 1], [0.1, 0.2])
    with pytest.raises(TypeError, match=r"parts must hold ScoreCounts, got list at position 1"):
        ec.ScoreCounts.merge([counts, [0.1, 0.2]])
    with pytest.raises(TypeError, match=r"parts must be an iterable of ScoreCounts, got int"):
        ec.ScoreCounts.merge(3)


# -------------------------------------------------------------------------------- save and load

@pytest.mark.parametrize("counts", [
    ec.ScoreCounts.from_arrays([0, 1, 1, 0, 1], [0.1, 0.4, 0.4, 0.8, -3.0]),
    ec.ScoreCounts.from_arrays([0, 1, 1], [0.1, 0.4, 0.4], sample_weight=[0.1, 1e-300, 3.7]),
    ec.ScoreCounts.from_arrays([0, 1, 1], [2**60, 2**60 + 1, 3]),        # long double values
    ec.ScoreCounts.empty(),
], ids=["counts", "weights", "long double", "empty"])
def test_save_and_load_round_trip_bit_for_bit(counts, tmp_path):
    path = tmp_path / "counts.npz"
    counts.save(path)
    assert_same_summary(ec.ScoreCounts.load(path), counts)


def test_load_refuses_a_file_that_is_no_summary(tmp_path):
    path = tmp_path / "other.npz"
    np.savez(path, values=np.array([1.0]))
    with pytest.raises(ValueError, match="is not a ScoreCounts file"):
        ec.ScoreCounts.load(path)
    np.savez(path, values=np.array([object()], dtype=object), positives=[1], negatives=[0],
             format="evalcore.ScoreCounts/1")
    with pytest.raises(ValueError, match="allow_pickle"):
        ec.ScoreCounts.load(path)


# ------------------------------------------------------------------------------------- one sort

@pytest.mark.parametrize("weighted", [False, True])
def test_a_summary_pickles_bit_for_bit_and_stays_read_only(weighted):
    """A summary crosses process boundaries (Dask workers, multiprocessing) as itself: the
    same values, counts and dtypes, and still not writable."""
    import pickle

    rng = np.random.default_rng(3)
    y, s = rng.integers(0, 2, 500), rng.integers(0, 40, 500) / 7
    w = rng.random(500) if weighted else None
    counts = ec.ScoreCounts.from_arrays(y, s, sample_weight=w)
    back = pickle.loads(pickle.dumps(counts))
    assert type(back) is ec.ScoreCounts
    for name in ("values", "positives", "negatives"):
        a, b = getattr(counts, name), getattr(back, name)
        assert a.dtype == b.dtype and a.tobytes() == b.tobytes()
        assert not b.flags.writeable
    assert back.roc_auc() == ec.roc_auc(y, s, sample_weight=w)


# ------------------------------------------------------------------------------------- refusals

COUNTS = ec.ScoreCounts.from_arrays([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
SCORES = [0.1, 0.4, 0.35, 0.8]


# -------------------------------------------------------------------------------------- pickles

def classes_named(data: bytes) -> list[tuple[str, str]]:
    """The (module, name) of every class or function a pickle refers to: the argument of a
    GLOBAL opcode (protocols 0 to 3), or the two strings before a STACK_GLOBAL (4 and up)."""
    named, strings = [], []
    for op, arg, _ in pickletools.genops(data):
        if op.name == "GLOBAL":
            named.append(tuple(arg.split(" ", 1)))
        elif op.name == "STACK_GLOBAL":
            named.append((strings[-2], strings[-1]))
        elif isinstance(arg, str):
            strings.append(arg)
    return named


def test_the_class_source_is_readable_and_a_pickle_round_trips():
    """The class names the module that defines it, so ``inspect`` (and ``ScoreCounts??`` in
    Jupyter) finds its source; every pickle protocol names that module and gives the same
    arrays back."""
    assert "class ScoreCounts(" in inspect.getsource(ec.ScoreCounts)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        data = pickle.dumps(COUNTS, protocol=protocol)
        named = classes_named(data)
        assert (ec.ScoreCounts.__module__, "ScoreCounts") in named, (protocol, named)
        back = pickle.loads(data)
        assert type(back) is ec.ScoreCounts
        for field in ("values", "positives", "negatives"):
            assert getattr(back, field).tobytes() == getattr(COUNTS, field).tobytes()
        assert back.roc_auc() == COUNTS.roc_auc() == ec.roc_auc([0, 0, 1, 1], SCORES)
