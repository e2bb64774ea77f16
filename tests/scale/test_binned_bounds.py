"""evalcore/scale/binned_bounds.py: what a binned summary certifies, checked against
brute-force references: bounds that contain the exact AUC and average precision (and are
attained by some order of the scores inside the bins), ROC points known exactly with the
curve inside their boxes, a bin of one distinct score counted as ties.

The exact values come from outside the binned code: a pairwise count of the AUC (each
positive-negative pair 1, 1/2 or 0, ``evalcore.reference``), every order inside the bins
tried, scikit-learn's average precision, and the rates at a threshold counted row by row."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score

import evalcore as ec
from evalcore.reference import auc_pairs
from evalcore.scale.binned import BinnedScoreCounts, binned_auc

from strategies import any_edges, unit_scored_data


# ------------------------------------------------------------------------------- the AUC bounds

@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_the_auc_bounds_contain_the_exact_auc(data):
    y, s, w = data.draw(unit_scored_data())
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
    y, s, _ = data.draw(unit_scored_data(weighted=False))
    # distinct scores in the same order (ties broken by row); adding row * 1e-9 made ties of
    # scores drawn 1e-9 apart the other way
    rank = np.empty(len(s))
    rank[np.argsort(s, kind="stable")] = np.arange(len(s))
    s = rank / max(len(s), 1)
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
@given(data=unit_scored_data())
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


# -------------------------------------------------------------------------------- the ROC boxes

@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_roc_points_are_exact_and_the_curve_stays_in_the_boxes(data):
    y, s, w = data.draw(unit_scored_data())
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


# ------------------------------------------------------------------------------------ AP bounds

@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_the_ap_bounds_contain_the_exact_average_precision(data):
    y, s, w = data.draw(unit_scored_data())
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
