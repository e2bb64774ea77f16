"""ScoreCounts, the exact mergeable summary, and auc_range_sums (its methods against the array
functions: test_score_counts_methods.py).

References are independent of the code under test: a dict count of the rows, the pairwise
ψ table (evalcore/reference.py: ``auc_pairs``, ``delong_variance``), rows repeated for integer
weights, and DeLong's sums written out group by group in Python integers and fractions.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from fractions import Fraction

import matplotlib
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec
from evalcore.core import ranking as _ranking, validation as _validation
from evalcore.reference import auc_pairs, delong_variance
from reference import one_undefined_warning
from strategies import scored_data

matplotlib.use("Agg")


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


# ----------------------------------------------------------------------------- the table

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


# ----------------------------------------------------------------------------- the counts

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


# ----------------------------------------------------------------------------- merging

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


# ----------------------------------------------------------------------------- save and load

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


# ----------------------------------------------------------------------------- range sums

def sums_by_hand(pos, neg):
    """T, Q10 and Q01 group by group in Python integers (the module docstring's formulas)."""
    t = q10 = q01 = 0
    total_pos = sum(pos)
    neg_below, pos_seen = 0, 0
    for p, n in zip(pos, neg):
        pos_above = total_pos - pos_seen - p
        t += p * (2 * neg_below + n)
        q10 += p * (2 * neg_below + n) ** 2
        q01 += n * (2 * pos_above + p) ** 2
        neg_below += n
        pos_seen += p
    return t, q10, q01


def delong_by_fractions(pos, neg):
    """DeLong's variance from per-group placement values, in exact fractions."""
    m, n = sum(pos), sum(neg)
    neg_below, pos_seen, v10, v01 = 0, 0, [], []
    for p, q in zip(pos, neg):
        v10.append(Fraction(2 * neg_below + q, 2 * n))
        v01.append(Fraction(2 * (m - pos_seen - p) + p, 2 * m))
        neg_below += q
        pos_seen += p
    auc = sum(p * v for p, v in zip(pos, v10)) / m
    s10 = sum(p * (v - auc) ** 2 for p, v in zip(pos, v10)) / (m - 1)
    s01 = sum(q * (v - auc) ** 2 for q, v in zip(neg, v01)) / (n - 1)
    return auc, s10 / m + s01 / n


def split_into_ranges(counts, cuts):
    """The summary's groups cut at the given indices: (range summary, negatives below,
    positives above) for each range."""
    bounds = [0, *cuts, len(counts)]
    ranges = []
    for a, b in zip(bounds[:-1], bounds[1:]):
        part = ec.ScoreCounts(counts.values[a:b], counts.positives[a:b], counts.negatives[a:b])
        ranges.append((part, counts.negatives[:a].sum(), counts.positives[b:].sum()))
    return ranges


@settings(max_examples=150, deadline=None)
@given(scored_data(weighted=False), st.data())
def test_range_sums_over_any_split_add_up_to_the_whole_exactly(data, draw):
    y, s, _ = data
    counts = ec.ScoreCounts.from_arrays(y, s)
    cuts = sorted(set(draw.draw(st.lists(st.integers(0, len(counts)), max_size=5))))
    parts = [ec.auc_range_sums(part, negatives_below=int(below), positives_above=int(above),
                               n_pos=counts.n_pos, n_neg=counts.n_neg)
             for part, below, above in split_into_ranges(counts, cuts)]
    total = sum(parts)
    pos, neg = counts.positives.tolist(), counts.negatives.tolist()
    assert (total.twice_u, total.positive_squares, total.negative_squares) == sums_by_hand(pos, neg)
    assert total == ec.auc_range_sums(counts)
    assert total.auc == ec.roc_auc(y, s)
    if min(counts.n_pos, counts.n_neg) >= 2:
        _, variance = delong_by_fractions(pos, neg)
        assert total.delong_variance == float(variance)          # exact, rounded once
        assert total.delong_variance == ec.delong_variance(y, s)


@settings(max_examples=80, deadline=None)
@given(scored_data(weighted=True), st.data())
def test_weighted_range_sums_in_two_passes_match_the_whole(data, draw):
    y, s, w = data
    counts = ec.ScoreCounts.from_arrays(y, s, sample_weight=w)
    cuts = sorted(set(draw.draw(st.lists(st.integers(0, len(counts)), max_size=5))))
    ranges = split_into_ranges(counts, cuts)
    totals = {"n_pos": counts.n_pos, "n_neg": counts.n_neg}
    first = sum(ec.auc_range_sums(part, negatives_below=float(below),
                                  positives_above=float(above), **totals)
                for part, below, above in ranges)
    assert first.auc == pytest.approx(counts.roc_auc(), rel=1e-12)
    second = sum(ec.auc_range_sums(part, negatives_below=float(below),
                                   positives_above=float(above), center=first.auc, **totals)
                 for part, below, above in ranges)
    if min(counts.n_pos, counts.n_neg) >= 2:
        repeat = w.astype(int)
        variance = delong_variance(np.repeat(y, repeat), np.repeat(s, repeat))
        assert second.delong_variance == pytest.approx(variance, rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("scale", [2**29, 2**31 + 5, 3 * 10**9])
def test_range_sums_stay_exact_where_int64_would_overflow(scale):
    """10⁹-row counts: Q10 is far beyond int64; below 2**31 per class the split uint64
    route runs, above it Python integers: both must equal the sums by hand."""
    pos = [scale // 3, 0, scale // 2 + 7, scale // 5, 1]
    neg = [scale // 2, scale // 4 + 3, 11, scale // 7, scale // 9]
    counts = ec.ScoreCounts(np.arange(5.0), np.array(pos), np.array(neg))
    parts = [ec.auc_range_sums(part, negatives_below=int(below), positives_above=int(above),
                               n_pos=counts.n_pos, n_neg=counts.n_neg)
             for part, below, above in split_into_ranges(counts, [2, 3])]
    total = sum(parts)
    assert (total.twice_u, total.positive_squares, total.negative_squares) == sums_by_hand(pos, neg)
    auc, variance = delong_by_fractions(pos, neg)
    assert total.auc == float(auc) == counts.roc_auc() == counts.roc_auc(method="trapezoid")
    assert total.delong_variance == float(variance) == counts.delong_variance()


def test_the_slides_example_split_in_two():
    low = ec.ScoreCounts.from_arrays([0, 0, 0], [0.2, 0.1, 0.3])
    high = ec.ScoreCounts.from_arrays([1, 0, 1, 1], [0.7, 0.6, 0.8, 0.5])
    total = (ec.auc_range_sums(high, negatives_below=3, n_pos=3, n_neg=4)
             + ec.auc_range_sums(low, positives_above=3, n_pos=3, n_neg=4))
    assert total.auc == 11 / 12
    assert total.delong_variance == 1 / 72        # the hand computation in delong_variance


@pytest.mark.parametrize("kwargs, error, match", [
    ({"negatives_below": 1}, ValueError, "need the whole data's totals"),
    ({"n_pos": 3}, ValueError, "n_pos and n_neg go together"),
    ({"negatives_below": 2, "n_pos": 3, "n_neg": 4}, ValueError, "exceed the totals"),
    ({"negatives_below": 0.5, "n_pos": 3, "n_neg": 4}, TypeError, "must be an integer"),
    ({"negatives_below": -1, "n_pos": 3, "n_neg": 4}, ValueError, "non-negative"),
])
def test_range_sums_refuse_inconsistent_offsets(kwargs, error, match):
    counts = ec.ScoreCounts.from_arrays([0, 1, 0, 1, 0], [0.1, 0.2, 0.3, 0.4, 0.5])
    with pytest.raises(error, match=match):
        ec.auc_range_sums(counts, **kwargs)


def test_sums_of_different_data_do_not_add():
    a = ec.auc_range_sums(ec.ScoreCounts.from_arrays([0, 1], [0.1, 0.2]))
    b = ec.auc_range_sums(ec.ScoreCounts.from_arrays([0, 1, 1], [0.1, 0.2, 0.3]))
    with pytest.raises(ValueError, match="only sums of the same data add up"):
        a + b
    with pytest.raises(TypeError, match="counts must be a ScoreCounts"):
        ec.auc_range_sums([0, 1])


# ----------------------------------------------------------------------------- one sort

def test_plot_roc_hull_validates_and_sorts_once(monkeypatch):
    """It drew the hull, the best point and the ROC points from three validations and two
    sorts; from one set of tie groups now."""
    import matplotlib.pyplot as plt
    calls = defaultdict(int)

    def spy(name, module):
        original = getattr(module, name)

        def counted(*args, **kwargs):
            calls[name] += 1
            return original(*args, **kwargs)
        monkeypatch.setattr(module, name, counted)

    spy("check_labels", _validation)
    spy("_sort_in_place", _ranking)
    spy("score_order", _ranking)
    rng = np.random.default_rng(1)
    y, s = rng.integers(0, 2, 300), rng.random(300)
    ax = ec.plot_roc_hull(y, s, cost_fp=1, cost_fn=2)
    plt.close(ax.figure)
    assert calls["check_labels"] == 1
    assert calls["_sort_in_place"] + calls["score_order"] == 1


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
