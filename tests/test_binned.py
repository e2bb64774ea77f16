"""Binned scores with certified bounds, against brute-force references.

The exact values come from outside the binned code: a pairwise count of the AUC (each
positive-negative pair 1, 1/2 or 0), scikit-learn's average precision, the rates at a threshold
counted row by row. Keras' AUC is checked against its own documented example and a trapezoid
worked by hand.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score

import evalcore as ec
from evalcore.scale.binned import BinnedScoreCounts, binned_auc
from evalcore.reference import auc_pairs
from evalcore.scale.score_bins import keras_thresholds, score_bin_edges, thresholded_auc


@st.composite
def scored_data(draw, weighted=None):
    """(y, s, w): both classes; scores continuous or on a grid of ties; weights or None."""
    n = draw(st.integers(2, 40))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    y[0], y[-1] = 0, 1
    if draw(st.booleans()):
        s = np.array(draw(st.lists(st.integers(0, 6), min_size=n, max_size=n)), float) / 6
    else:
        s = np.array(draw(st.lists(st.floats(0, 1, allow_nan=False), min_size=n, max_size=n)))
    if weighted is None:
        weighted = draw(st.booleans())
    w = None
    if weighted:
        w = np.array(draw(st.lists(st.floats(0.1, 10), min_size=n, max_size=n)))
    return y, s, w


@st.composite
def any_edges(draw, scores):
    """Cut points anywhere: random floats, some of the scores themselves, or none."""
    kind = draw(st.sampled_from(["random", "scores", "none"]))
    if kind == "none":
        return []
    if kind == "scores":
        picked = draw(st.lists(st.sampled_from(sorted(set(scores.tolist()))), min_size=1))
        return sorted(set(picked))
    cuts = draw(st.lists(st.floats(-0.5, 1.5, allow_nan=False), min_size=1, max_size=12))
    return sorted(set(cuts))


# ---------------------------------------------------------------------------- the AUC bounds

@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_the_auc_bounds_contain_the_exact_auc(data):
    y, s, w = data.draw(scored_data())
    edges = data.draw(any_edges(s))
    bounds = BinnedScoreCounts.from_arrays(y, s, edges=edges, sample_weight=w).auc()
    exact = auc_pairs(y, s, w)
    slack = 0 if w is None else 1e-12          # integer counts: exact fractions, rounded once
    assert bounds.low - slack <= exact <= bounds.high + slack
    assert bounds.estimate == pytest.approx((bounds.low + bounds.high) / 2, abs=1e-15)
    if w is None:
        assert bounds.low <= ec.roc_auc(y, s) <= bounds.high


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_the_auc_bounds_are_attained_by_some_order_inside_the_bins(data):
    # the bounds are the best possible: moving each bin's positives to its bottom (or top),
    # distinct scores, gives data with the same bins whose exact AUC is the bound
    y, s, _ = data.draw(scored_data(weighted=False))
    s = s + np.arange(len(s)) * 1e-9                      # distinct scores, same order
    edges = np.array(data.draw(any_edges(s)), dtype=float)
    bounds = BinnedScoreCounts.from_arrays(y, s, edges=edges).auc()
    bins = np.searchsorted(edges, s, side="right")
    for sign, bound in ((-1, bounds.low), (1, bounds.high)):
        # rank inside each bin by class (positives first or last), then spread the bin's
        # scores evenly over its original range
        rearranged = s.copy()
        for b in np.unique(bins):
            members = np.flatnonzero(bins == b)
            order = members[np.lexsort((s[members], sign * y[members]))]
            rearranged[order] = np.sort(s[members])
        assert np.array_equal(np.searchsorted(edges, rearranged, side="right"), bins)
        assert auc_pairs(y, rearranged) == pytest.approx(bound, abs=1e-15)


@settings(max_examples=100, deadline=None)
@given(data=scored_data())
def test_the_bounds_meet_when_every_bin_holds_one_distinct_score(data):
    y, s, w = data
    edges = np.unique(s)[1:]                 # each distinct score alone in its bin
    binned = BinnedScoreCounts.from_arrays(y, s, edges=edges, sample_weight=w)
    bounds = binned.auc()
    assert bounds.low == bounds.high == bounds.estimate
    assert bounds.estimate == pytest.approx(auc_pairs(y, s, w), abs=1e-12)
    ap = binned.average_precision()
    assert ap.low == ap.high
    assert ap.estimate == pytest.approx(average_precision_score(y, s, sample_weight=w), abs=1e-12)


def test_a_bin_of_one_distinct_score_counts_its_pairs_as_ties():
    # both bins are tied groups: known exactly although each holds both classes
    y, s = np.array([0, 1, 1, 0, 1]), np.array([0.2, 0.2, 0.7, 0.7, 0.7])
    # pairs: (0.2, 0.2) a tie, (0.2, 0.7) 0, two (0.7, 0.2) 1 each, two (0.7, 0.7) ties: 3.5 / 6
    assert binned_auc(y, s, edges=[0.5]) == ec.BinnedBounds(7 / 12, 7 / 12, 7 / 12)
    assert ec.roc_auc(y, s) == 7 / 12
    # one bin holding 0.2 and 0.7: every pair may count 0 or 1
    assert binned_auc(y, s, edges=[0.1]) == ec.BinnedBounds(estimate=0.5, low=0.0, high=1.0)


def test_one_class_is_nan_with_one_warning():
    binned = BinnedScoreCounts.from_arrays([1, 1], [0.2, 0.3], edges=[0.25])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = binned.auc()
    assert all(np.isnan([result.estimate, result.low, result.high]))
    assert [w.category for w in caught] == [ec.UndefinedMetricWarning]


# ---------------------------------------------------------------------------- the ROC boxes

@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_roc_points_are_exact_and_the_curve_stays_in_the_boxes(data):
    y, s, w = data.draw(scored_data())
    edges = data.draw(any_edges(s))
    weight = np.ones(len(y)) if w is None else w
    roc = BinnedScoreCounts.from_arrays(y, s, edges=edges, sample_weight=w).roc()
    positives, negatives = weight[y == 1].sum(), weight[y == 0].sum()
    for t, fpr, tpr in zip(roc.thresholds[1:], roc.fpr[1:], roc.tpr[1:]):
        called = s >= t                                    # row by row, at the threshold
        assert tpr == pytest.approx(weight[called & (y == 1)].sum() / positives, abs=1e-12)
        assert fpr == pytest.approx(weight[called & (y == 0)].sum() / negatives, abs=1e-12)
    # every point of the exact curve lies in the box of one segment, on it when exact
    curve = ec.roc_curve(y, s, sample_weight=w)
    for x, v in zip(curve.fpr, curve.tpr):
        inside = [(roc.fpr[i] - 1e-12 <= x <= roc.fpr[i + 1] + 1e-12)
                  and (roc.tpr[i] - 1e-12 <= v <= roc.tpr[i + 1] + 1e-12)
                  for i in range(len(roc.exact))]
        assert any(inside)
    bounds = BinnedScoreCounts.from_arrays(y, s, edges=edges, sample_weight=w).auc()
    for (fx, fy), bound in ((roc.lower_curve(), bounds.low), (roc.upper_curve(), bounds.high)):
        assert np.trapezoid(fy, fx) == pytest.approx(bound, abs=1e-12)


# ---------------------------------------------------------------------------- AP bounds

@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_the_ap_bounds_contain_the_exact_average_precision(data):
    y, s, w = data.draw(scored_data())
    edges = data.draw(any_edges(s))
    bounds = BinnedScoreCounts.from_arrays(y, s, edges=edges, sample_weight=w).average_precision()
    exact = average_precision_score(y, s, sample_weight=w)
    assert bounds.low - 1e-12 <= exact <= bounds.high + 1e-12


def test_the_integer_ap_bounds_are_attained():
    # one bin of 3 positives and 2 negatives below 1 positive and 1 negative
    y = np.array([1, 0, 1, 1, 1, 0, 0])
    edges = [0.5]
    worst = np.array([0.8, 0.9, 0.1, 0.2, 0.3, 0.45, 0.4])   # negatives on top, positives distinct
    best = np.array([0.9, 0.8, 0.4, 0.4, 0.4, 0.1, 0.2])     # positives tied on top
    binned = BinnedScoreCounts.from_arrays(y, worst, edges=edges)
    other = BinnedScoreCounts.from_arrays(y, best, edges=edges)
    assert np.array_equal(binned.positives, other.positives)
    assert np.array_equal(binned.negatives, other.negatives)
    bounds = binned.average_precision()
    assert bounds.low == pytest.approx(average_precision_score(y, worst), abs=1e-15)
    assert bounds.high == pytest.approx(average_precision_score(y, best), abs=1e-15)
    # by hand: the top bin's positive 1/2 (worst) or 1/1 (best); the low bin's positives
    # 2/5, 3/6, 4/7 (worst) or 4/5 each (best)
    assert bounds.low == pytest.approx((1 / 2 + 2 / 5 + 3 / 6 + 4 / 7) / 4)
    assert bounds.high == pytest.approx((1 + 3 * 4 / 5) / 4)


def test_many_positives_in_one_bin_use_the_harmonic_numbers():
    # 5000 positives under 3 negatives in one bin: the lower bound is the sum, term by term
    y = np.r_[np.zeros(3, int), np.ones(5000, int)]
    s = np.r_[[0.99, 0.98, 0.97], np.linspace(0.1, 0.9, 5000)]
    bounds = BinnedScoreCounts.from_arrays(y, s, edges=[]).average_precision()
    assert bounds.low == pytest.approx(sum(i / (i + 3) for i in range(1, 5001)) / 5000,
                                         rel=1e-13)
    assert bounds.low == pytest.approx(average_precision_score(y, s), rel=1e-13)


# ---------------------------------------------------------------------------- refinement

@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_refinement_reaches_the_requested_width_and_the_exact_value(data):
    y, s, w = data.draw(scored_data())
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


# ---------------------------------------------------------------------------- merge, save

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


# ---------------------------------------------------------------------------- edges

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


def test_score_bin_edges():
    assert score_bin_edges(n_bins=4, spacing="probability").tolist() == [0.25, 0.5, 0.75]
    assert np.allclose(score_bin_edges(n_bins=199, spacing="probability"), keras_thresholds()[1:-1])
    s = np.arange(1, 101) / 101
    # the first score above each quantile (inverted CDF: the 25th, 50th, 75th scores)
    assert score_bin_edges(s, n_bins=4).tolist() == [s[25], s[50], s[75]]
    assert score_bin_edges(np.r_[np.zeros(90), np.ones(10)], n_bins=10).tolist() == [1.0]
    logit = score_bin_edges([0.01, 0.5, 0.99], n_bins=4, spacing="logit")
    assert np.allclose(np.log(logit / (1 - logit)), np.log(99) * np.array([-0.5, 0, 0.5]))
    with pytest.raises(TypeError, match="y_score is required for spacing='quantile'"):
        score_bin_edges(n_bins=4)
    with pytest.raises(ValueError, match="spacing must be one of"):
        score_bin_edges([0.1], spacing="even")
    with pytest.raises(ValueError, match="n_bins must be an integer of at least 1"):
        score_bin_edges(n_bins=0, spacing="probability")


# ---------------------------------------------------------------------------- Keras' AUC

def test_keras_documented_example():
    # keras.metrics.AUC(num_thresholds=3) on its docstring's data: 0.75; with the weights
    # [1, 0, 0, 1]: 1.0
    assert thresholded_auc([0, 0, 1, 1], [0, 0.5, 0.3, 0.9], num_thresholds=3) == 0.75
    assert thresholded_auc([0, 0, 1, 1], [0, 0.5, 0.3, 0.9], num_thresholds=3,
                           sample_weight=[1, 0, 0, 1]) == 1.0


def test_keras_auc_by_hand():
    # thresholds -1e-7, 0.25, 0.5, 0.75, 1 + 1e-7 (num_thresholds=5), rule score > t
    y = [0, 1, 0, 1, 1, 0]
    s = [0.1, 0.3, 0.25, 0.8, 0.5, 0.6]
    # above -1e-7: tp 3, fp 3; above 0.25: tp 3 (0.3, 0.8, 0.5), fp 1 (0.6; 0.25 is not > 0.25);
    # above 0.5: tp 1, fp 1; above 0.75: tp 1, fp 0; above 1 + 1e-7: nothing
    tpr = [1, 1, 1 / 3, 1 / 3, 0]
    fpr = [1, 1 / 3, 1 / 3, 0, 0]
    by_hand = sum((fpr[i] - fpr[i + 1]) * (tpr[i] + tpr[i + 1]) / 2 for i in range(4))
    assert by_hand == pytest.approx(2 / 3 + 0 + 1 / 9)
    assert thresholded_auc(y, s, num_thresholds=5) == pytest.approx(by_hand, abs=1e-15)
    assert thresholded_auc(y, s, thresholds=[0.75, 0.25, 0.5]) == pytest.approx(by_hand,
                                                                               abs=1e-15)


@settings(max_examples=100, deadline=None)
@given(data=scored_data())
def test_keras_auc_is_the_midpoint_of_its_bins_bounds(data):
    # with no score on a threshold, Keras' bins are half-open the other way round but hold
    # the same scores: its trapezoid is the binned midpoint, inside the bounds
    y, s, w = data
    inner = keras_thresholds(7)[1:-1]
    if np.isin(s, inner).any():
        s = np.where(np.isin(s, inner), s + 1e-9, s)
    keras = thresholded_auc(y, s, num_thresholds=7, sample_weight=w)
    bounds = binned_auc(y, s, edges=inner, sample_weight=w)
    assert keras == pytest.approx(bounds.estimate, abs=1e-12)


def test_keras_auc_refuses_scores_outside_the_unit_interval():
    with pytest.raises(ValueError, match="y_score must hold probabilities in"):
        thresholded_auc([0, 1], [-0.5, 2.0])
    with pytest.raises(ValueError, match="thresholds must lie in"):
        thresholded_auc([0, 1], [0.2, 0.4], thresholds=[0.5, 1.5])
    with pytest.raises(ValueError, match="num_thresholds must be an integer of at least 2"):
        thresholded_auc([0, 1], [0.2, 0.4], num_thresholds=1)


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
    y, s, w = data.draw(scored_data())
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
