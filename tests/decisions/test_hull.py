"""ROC convex hull, iso-performance lines, optimal operating point, cost curves
(evalcore/decisions/hull.py).

References: brute-force searches over every threshold (evalcore/reference.py's
``operating_points``, confusion counts by direct masks), the geometric definitions
(supporting lines, concavity), and exact fractions for extreme costs. Nothing here compares
evalcore with itself."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec
from evalcore.reference import operating_points

from reference import one_undefined_warning
from strategies import labelled_scores


TOY_Y, TOY_S = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]


def brute_rates(y, s):
    """(threshold, fpr, tpr) of every threshold, by direct masks."""
    rows = operating_points(y, s)
    pos, neg = rows[0][3], rows[0][4]
    return [(t, fp / neg, tp / pos) for t, tp, fp, fn, tn in rows]


def cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


# ------------------------------------------------------------------------------------- the hull

def test_toy_hull_by_hand():
    # ROC points (0,0) (0,.5) (.5,.5) (.5,1) (1,1): (.5,.5) lies below the chord
    hull = ec.roc_convex_hull(TOY_Y, TOY_S)
    assert hull.fpr.tolist() == [0.0, 0.0, 0.5, 1.0]
    assert hull.tpr.tolist() == [0.0, 0.5, 1.0, 1.0]
    assert hull.thresholds.tolist() == [math.inf, 0.8, 0.35, 0.1]


def test_perfect_and_constant_scores():
    perfect = ec.roc_convex_hull([0, 0, 1, 1], [1, 2, 3, 4])
    assert list(zip(perfect.fpr, perfect.tpr)) == [(0, 0), (0, 1), (1, 1)]
    constant = ec.roc_convex_hull([0, 1, 0, 1], [3, 3, 3, 3])
    assert list(zip(constant.fpr, constant.tpr)) == [(0, 0), (1, 1)]


@settings(max_examples=150, deadline=None)
@given(labelled_scores())
def test_hull_properties(data):
    y, s = data
    hull = ec.roc_convex_hull(y, s)
    vertices = list(zip(hull.fpr, hull.tpr))
    assert vertices[0] == (0.0, 0.0) and vertices[-1] == (1.0, 1.0)
    points = [(f, t) for _, f, t in brute_rates(y, s)]
    # every vertex is a ROC point, reached by its threshold
    by_threshold = {th: (f, t) for th, f, t in brute_rates(y, s)}
    for th, v in zip(hull.thresholds, vertices):
        assert by_threshold[th] == pytest.approx(v, abs=1e-12)
    # each hull edge is a supporting line: no ROC point lies above it (so the hull is never
    # below the ROC curve)
    for a, b in zip(vertices[:-1], vertices[1:]):
        for p in points:
            assert cross(a, b, p) <= 1e-12
    # concave with strict turns: slopes strictly decrease, no collinear vertices
    for o, a, b in zip(vertices[:-2], vertices[1:-1], vertices[2:]):
        assert cross(o, a, b) < -1e-15
    assert np.all(np.diff(hull.fpr) >= 0) and np.all(np.diff(hull.tpr) >= 0)


def test_hull_with_weights_equals_repetition():
    y, s, w = [0, 1, 0, 1, 1, 0], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6], [1, 2, 3, 1, 2, 1]
    weighted = ec.roc_convex_hull(y, s, sample_weight=w)
    repeated = ec.roc_convex_hull(np.repeat(y, w), np.repeat(s, w))
    np.testing.assert_allclose(weighted.fpr, repeated.fpr)
    np.testing.assert_allclose(weighted.tpr, repeated.tpr)


# --------------------------------------------------------------------- iso lines, optimal point

def test_iso_performance_slope_formula():
    assert ec.iso_performance_slope(cost_fp=1, cost_fn=1, prior_pos=0.5) == 1.0
    assert ec.iso_performance_slope(cost_fp=2, cost_fn=1, prior_pos=0.2) == pytest.approx(8.0)
    assert ec.probability_cost(cost_fp=2, cost_fn=1, prior_pos=0.2) == pytest.approx(
        0.2 * 1 / (0.2 * 1 + 0.8 * 2))


@settings(max_examples=150, deadline=None)
@given(labelled_scores(), st.floats(0.05, 20), st.floats(0.05, 20), st.floats(0.01, 0.99))
def test_optimal_point_is_brute_force_minimum(data, cost_fp, cost_fn, prior):
    y, s = data
    best = ec.optimal_operating_point(y, s, cost_fp=cost_fp, cost_fn=cost_fn, prior_pos=prior)
    costs = {t: cost_fn * prior * (1 - tpr) + cost_fp * (1 - prior) * fpr
             for t, fpr, tpr in brute_rates(y, s)}
    assert best.value == pytest.approx(min(costs.values()), rel=1e-12, abs=1e-12)
    assert costs[best.threshold] == pytest.approx(best.value, rel=1e-12, abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(labelled_scores(), st.floats(0.05, 20), st.floats(0.05, 20))
def test_default_prior_is_test_set_share(data, cost_fp, cost_fn):
    # with the test set's own prior, the hull's choice costs what the exhaustive search over
    # (cost_fp·FP + cost_fn·FN) / n finds
    y, s = data
    best = ec.optimal_operating_point(y, s, cost_fp=cost_fp, cost_fn=cost_fn)
    rows = operating_points(y, s)
    n = len(y)
    brute = min((cost_fp * fp + cost_fn * fn) / n for _, tp, fp, fn, tn in rows)
    assert best.value == pytest.approx(brute, rel=1e-12, abs=1e-12)


def test_optimal_point_toy_by_hand():
    # slope 1·(1-.5)/(5·.5) = 0.2: shallow, so the vertex (0.5, 1) wins with cost .25
    best = ec.optimal_operating_point(TOY_Y, TOY_S, cost_fp=1, cost_fn=5)
    assert (best.fpr, best.tpr, best.threshold) == (0.5, 1.0, 0.35)
    assert best.value == pytest.approx(0.5 * 1 * 0.5)
    # rare positives make the line steep: (0, 0.5) wins, cost 5·.05·.5
    rare = ec.optimal_operating_point(TOY_Y, TOY_S, cost_fp=1, cost_fn=5, prior_pos=0.05)
    assert (rare.fpr, rare.tpr) == (0.0, 0.5)
    assert rare.value == pytest.approx(5 * 0.05 * 0.5)


# ---------------------------------------------------------------------------------- cost curves

@settings(max_examples=100, deadline=None)
@given(labelled_scores(), st.lists(st.floats(0, 1), min_size=1, max_size=12))
def test_cost_curve_is_lower_envelope(data, pcs):
    y, s = data
    pcs = np.array(pcs)
    envelope = ec.cost_curve(y, s, probability_cost=pcs)
    lines = ec.cost_lines(y, s, probability_cost=pcs)
    rates = brute_rates(y, s)
    brute = np.array([[(1 - tpr) * pc + fpr * (1 - pc) for pc in pcs] for _, fpr, tpr in rates])
    np.testing.assert_allclose(lines, brute, atol=1e-12)
    np.testing.assert_allclose(envelope.normalized_cost, brute.min(axis=0), atol=1e-12)


@settings(max_examples=100, deadline=None)
@given(labelled_scores(), st.floats(0.05, 20), st.floats(0.05, 20), st.floats(0.01, 0.99))
def test_cost_curve_duality_with_hull(data, cost_fp, cost_fn, prior):
    # envelope at PC(+) = the hull's optimal expected cost / its largest possible value
    y, s = data
    pc = ec.probability_cost(cost_fp=cost_fp, cost_fn=cost_fn, prior_pos=prior)
    best = ec.optimal_operating_point(y, s, cost_fp=cost_fp, cost_fn=cost_fn, prior_pos=prior)
    envelope = ec.cost_curve(y, s, probability_cost=[pc]).normalized_cost[0]
    scale = prior * cost_fn + (1 - prior) * cost_fp
    assert envelope == pytest.approx(best.value / scale, rel=1e-9, abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(labelled_scores())
def test_default_grid_draws_the_envelope_exactly(data):
    # between the default grid's corners the envelope is linear: midpoints interpolate
    y, s = data
    curve = ec.cost_curve(y, s)
    assert curve.probability_cost[0] == 0 and curve.probability_cost[-1] == 1
    mid = (curve.probability_cost[1:] + curve.probability_cost[:-1]) / 2
    at_mid = ec.cost_curve(y, s, probability_cost=mid).normalized_cost
    np.testing.assert_allclose(at_mid, (curve.normalized_cost[1:] + curve.normalized_cost[:-1])
                               / 2, atol=1e-12)


# ---------------------------------------------------------------------------- errors, undefined

def test_single_class_is_undefined():
    hull = one_undefined_warning(ec.roc_convex_hull, [1, 1, 1], [0.1, 0.2, 0.3])
    assert np.isnan(hull.fpr).all()
    best = one_undefined_warning(ec.optimal_operating_point, [0, 0], [0.1, 0.2], cost_fp=1,
                                 cost_fn=1)
    assert all(math.isnan(v) for v in best)
    curve = one_undefined_warning(ec.cost_curve, [0, 0], [0.1, 0.2])
    assert np.isnan(curve.normalized_cost).all()
    lines = one_undefined_warning(ec.cost_lines, [1, 1], [0.1, 0.2], probability_cost=[0.5])
    assert np.isnan(lines).all()


@pytest.mark.parametrize("kwargs, error, match", [
    (dict(cost_fp=0, cost_fn=1, prior_pos=0.5), ValueError, "cost_fp must be positive"),
    (dict(cost_fp=1, cost_fn=-1, prior_pos=0.5), ValueError, "cost_fn must be positive"),
    (dict(cost_fp=1, cost_fn=1, prior_pos=1.0), ValueError, r"prior_pos must lie in \(0, 1\)"),
    (dict(cost_fp=1, cost_fn=1, prior_pos=0), ValueError, r"prior_pos must lie in \(0, 1\)"),
    (dict(cost_fp="1", cost_fn=1, prior_pos=0.5), TypeError, "cost_fp must be a positive real number"),
])
def test_slope_errors(kwargs, error, match):
    with pytest.raises(error, match=match):
        ec.iso_performance_slope(**kwargs)


def test_other_errors():
    with pytest.raises(ValueError, match=r"prior_pos must lie in \(0, 1\)"):
        ec.optimal_operating_point(TOY_Y, TOY_S, cost_fp=1, cost_fn=1, prior_pos=1.5)
    with pytest.raises(ValueError, match=r"probability_cost must lie in \[0, 1\]"):
        ec.cost_curve(TOY_Y, TOY_S, probability_cost=[0.5, 1.2])
    with pytest.raises(ValueError, match="same length"):
        ec.roc_convex_hull([0, 1, 1], [0.1, 0.2])
    with pytest.raises(ValueError, match="give both cost_fp and cost_fn"):
        ec.plot_roc_hull(TOY_Y, TOY_S, cost_fp=1)


# ------------------------------------------------------------------------------------ odd input

@pytest.mark.parametrize("cost_fp, cost_fn, prior_pos", [
    (1e308, 1e-308, 1e-300), (1e-308, 1e308, 0.5), (5e-324, 5e-324, 0.25),
    (1e300, 1e-10, 0.5), (3.0, 7.0, 1e-320),
])
def test_slope_and_probability_cost_at_extreme_costs(cost_fp, cost_fn, prior_pos):
    exact = Fraction(cost_fp) * (1 - Fraction(prior_pos)) / (Fraction(cost_fn)
                                                             * Fraction(prior_pos))
    slope = ec.iso_performance_slope(cost_fp=cost_fp, cost_fn=cost_fn, prior_pos=prior_pos)
    # correctly rounded where it fits (inf beyond the largest float); within an ulp otherwise
    expected = math.inf if exact > Fraction(np.finfo(float).max) else float(exact)
    assert slope == pytest.approx(expected, rel=1e-15, abs=0)
    pc = ec.probability_cost(cost_fp=cost_fp, cost_fn=cost_fn, prior_pos=prior_pos)
    assert pc == pytest.approx(float(1 / (1 + exact)), rel=1e-15, abs=1e-300)
