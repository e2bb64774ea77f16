"""evalcore/scale/binned.py: binned scores with certified bounds (``BinnedScoreCounts``,
``binned_auc``): refinement until the bounds are as narrow as asked, merging and updating in
any order, saving and loading, a ScoreCounts coarsened, bad edges refused.

The exact values come from outside the binned code: a pairwise count of the AUC (each
positive-negative pair 1, 1/2 or 0, ``evalcore.reference``). What the bounds certify:
tests/scale/test_binned_bounds.py."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score

import evalcore as ec
from evalcore.reference import auc_pairs
from evalcore.scale.binned import BinnedScoreCounts, binned_auc
from evalcore.scale.score_bins import score_bin_edges

from strategies import any_edges, unit_scored_data


# ----------------------------------------------------------------------------------- refinement

@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_refinement_reaches_the_requested_width_and_the_exact_value(data):
    y, s, w = data.draw(unit_scored_data())
    edges = data.draw(any_edges(s))
    binned = BinnedScoreCounts.from_arrays(y, s, edges=edges, sample_weight=w)
    width = data.draw(st.floats(0, 1))
    refined = binned.refine(y, s, sample_weight=w, width=width)
    assert refined.auc().width <= width + 1e-15
    assert refined.auc().low - 1e-12 <= auc_pairs(y, s, w) <= refined.auc().high + 1e-12
    full = binned.refine(y, s, sample_weight=w)
    assert full.auc().low == full.auc().high
    assert full.auc().estimate == pytest.approx(auc_pairs(y, s, w), abs=1e-12)
    assert full.average_precision().estimate == pytest.approx(
        average_precision_score(y, s, sample_weight=w), abs=1e-12)


def test_refinement_refines_only_the_bins_that_matter():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 2000)
    s = rng.normal(y, 1.0)
    edges = score_bin_edges(s, n_bins=20)
    binned = BinnedScoreCounts.from_arrays(y, s, edges=edges)
    target = binned.auc().width / 2
    refined = binned.refine(y, s, width=target)
    assert refined.auc().width <= target
    # fewer bins refined than all: some original bins are still there, whole
    kept = np.intersect1d(refined.edges, edges).size
    assert 0 < kept < edges.size + 1 and refined.n_bins < 2000
    assert refined.auc().low <= ec.roc_auc(y, s) <= refined.auc().high


def test_refinement_reads_chunks_in_any_order():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 600)
    s = np.round(rng.normal(y, 1.0), 1)
    binned = BinnedScoreCounts.from_arrays(y, s, edges=[-1, 0, 1, 2])
    chunks = [(y[i:i + 100], s[i:i + 100]) for i in range(0, 600, 100)][::-1]
    from_chunks = binned.refine(iter(chunks))
    assert from_chunks.auc() == binned.refine(y, s).auc()
    assert from_chunks.auc().estimate == ec.roc_auc(y, s)


def test_refinement_refuses_other_data():
    y, s = np.array([0, 1, 0, 1]), np.array([0.1, 0.2, 0.3, 0.4])
    binned = BinnedScoreCounts.from_arrays(y, s, edges=[0.25])
    with pytest.raises(ValueError, match="do not match the summary"):
        binned.refine(y[:3], s[:3])


# ---------------------------------------------------------------------------------- merge, save

def test_merge_and_update_in_any_order_give_the_same_summary():
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 1000)
    s = np.round(rng.uniform(size=1000), 2)              # ties across chunk boundaries
    edges = score_bin_edges(n_bins=10, spacing="probability")
    parts = [BinnedScoreCounts.from_arrays(y[i:i + 250], s[i:i + 250], edges=edges)
             for i in range(0, 1000, 250)]
    whole = BinnedScoreCounts.from_arrays(y, s, edges=edges)
    streamed = BinnedScoreCounts(edges)
    for i in (750, 0, 500, 250):
        streamed.update(y[i:i + 250], s[i:i + 250])
    for merged in (parts[0] + parts[1] + parts[2] + parts[3], sum(parts[::-1]),
                   (parts[3] + parts[0]) + (parts[2] + parts[1]), streamed):
        assert np.array_equal(merged.positives, whole.positives)
        assert np.array_equal(merged.negatives, whole.negatives)
        assert np.array_equal(merged.low, whole.low) and np.array_equal(merged.high, whole.high)
        assert merged.auc() == whole.auc()
    with pytest.raises(ValueError, match="edges must be the same"):
        whole + BinnedScoreCounts(edges[:-1])


def test_weighted_merge_agrees_to_rounding():
    rng = np.random.default_rng(3)
    y, s, w = rng.integers(0, 2, 400), rng.uniform(size=400), rng.uniform(0.5, 2, 400)
    edges = [0.2, 0.5, 0.9]
    parts = [BinnedScoreCounts.from_arrays(y[i::4], s[i::4], edges=edges,
                                           sample_weight=w[i::4]) for i in range(4)]
    whole = BinnedScoreCounts.from_arrays(y, s, edges=edges, sample_weight=w)
    assert np.allclose(sum(parts).positives, whole.positives, rtol=1e-12, atol=0)
    assert sum(parts).auc().low == pytest.approx(whole.auc().low, rel=1e-12)


def test_save_and_load_round_trip_bit_for_bit(tmp_path):
    rng = np.random.default_rng(4)
    for weights in (None, rng.uniform(size=300)):
        y, s = rng.integers(0, 2, 300), rng.normal(size=300)
        binned = BinnedScoreCounts.from_arrays(y, s, edges=[-1.0, 0.0, 0.5],
                                               sample_weight=weights)
        binned.save(tmp_path / "binned.npz")
        loaded = BinnedScoreCounts.load(tmp_path / "binned.npz")
        for name in ("edges", "positives", "negatives", "low", "high"):
            a, b = getattr(binned, name), getattr(loaded, name)
            assert a.dtype == b.dtype and np.array_equal(a, b)
        assert loaded.auc() == binned.auc()
    np.savez(tmp_path / "other.npz", values=np.arange(3))
    with pytest.raises(ValueError, match="holds no binned summary"):
        BinnedScoreCounts.load(tmp_path / "other.npz")


# ---------------------------------------------------------------------------------------- edges

@pytest.mark.parametrize("edges, message", [
    ([0.5, 0.2], r"edges must be strictly increasing: edges\[1\]=0.2 follows edges\[0\]=0.5"),
    ([0.2, 0.2], r"edges must be strictly increasing"),
    ([0.2, np.nan], r"edges must be finite"),
    ([0.2, np.inf], r"edges must be finite"),
])
def test_bad_edges_are_a_value_error_naming_edges(edges, message):
    with pytest.raises(ValueError, match=message):
        BinnedScoreCounts(edges)
    with pytest.raises(ValueError, match=message):
        binned_auc([0, 1], [0.1, 0.9], edges=edges)


# --------------------------------------------------------- a ScoreCounts coarsened, even splits

def test_an_exact_summary_coarsened_equals_the_rows_binned():
    rng = np.random.default_rng(5)
    y, s = rng.integers(0, 2, 500), np.round(rng.normal(size=500), 2)
    edges = [-1.0, 0.0, 0.25, 1.0]
    coarsened = BinnedScoreCounts.from_score_counts(ec.ScoreCounts.from_arrays(y, s), edges=edges)
    direct = BinnedScoreCounts.from_arrays(y, s, edges=edges)
    assert np.array_equal(coarsened.positives, direct.positives)
    assert np.array_equal(coarsened.low, direct.low) and coarsened.auc() == direct.auc()
    with pytest.raises(TypeError, match="counts must be a ScoreCounts"):
        BinnedScoreCounts.from_score_counts((y, s), edges=edges)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_refinement_by_even_splits_keeps_the_bounds_and_reaches_the_width(data):
    y, s, w = data.draw(unit_scored_data())
    edges = data.draw(any_edges(s))
    binned = BinnedScoreCounts.from_arrays(y, s, edges=edges, sample_weight=w)
    width = data.draw(st.floats(0.01, 1))
    refined = binned.refine(y, s, sample_weight=w, width=width, split=2)
    exact = auc_pairs(y, s, w)
    assert refined.auc().low - 1e-12 <= exact <= refined.auc().high + 1e-12
    # each pass splits off at least a bin's highest score: 64 passes isolate 40 scores
    assert refined.auc().width <= width + 1e-15
    assert np.isclose(refined.n_pos, binned.n_pos) and np.isclose(refined.n_neg, binned.n_neg)


def test_even_splits_bound_the_memory_of_a_pass():
    rng = np.random.default_rng(6)
    y = (rng.random(200_000) < 0.05).astype(int)
    s = 1 / (1 + np.exp(-(np.log(0.004 / 0.996) + 0.3 * (rng.normal(size=y.size) + y))))
    keras = BinnedScoreCounts.from_arrays(y, s, edges=score_bin_edges(n_bins=199,
                                                                      spacing="probability"))
    assert keras.auc().width > 0.3                # most scores share Keras' first bucket
    one_pass = keras.refine(iter([(y, s)]), split=100, width=0.01)   # an iterator: one pass
    # k - 1 = 99 more bins per chosen bin, not one per distinct score (200,000 of them)
    assert one_pass.n_bins < 1000 and one_pass.auc().width <= 0.01
    assert one_pass.auc().low <= ec.roc_auc(y, s) <= one_pass.auc().high
    with pytest.raises(ValueError, match="split must be an integer of at least 2"):
        keras.refine(y, s, split=1)


def test_weighted_bounds_stay_ordered_where_float_sums_round_past_one():
    # found by hypothesis: every positive above every negative once refined, but the float
    # sum of the weighted shares came to 1.0000000000000002, above the upper bound 1.0
    y = np.array([0, 1, 1, 0, 1, 0, 1, 1, 1])
    s = np.array([0.0, 1.0, 1.0, 0.0, 0.25, 0.0, 1.0, 1.0, 0.5])
    w = np.array([1.0, 1.0, 1.0, 1.0, 3.55, 1.0, 1.0, 2.08, 1.16])
    full = BinnedScoreCounts.from_arrays(y, s, edges=[], sample_weight=w).refine(
        y, s, sample_weight=w)
    bounds = full.auc()
    assert bounds.low == bounds.estimate == bounds.high == 1.0
    assert auc_pairs(y, s, w) == 1.0
