"""evalcore/stats/rate_intervals.py, pROC's ci.se, ci.sp and ci.thresholds:
sensitivity_at_specificity, specificity_at_sensitivity and operating_point_ci.

References: pROC's own expected values (tests/testthat/test-coords.R: ``coords(r.s100b,
seq(0, 1, .1), input = "specificity" | "sensitivity")`` on the aSAH data), a brute-force
reading of the ROC polyline written here from operating points found by direct masks,
brute-force bootstrap loops with the same generator, and thresholds beyond 2**53 counted
exactly with Python integers."""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec
from evalcore.reference import operating_points


# pROC's aSAH data (data/aSAH.RData, read without R): the S100B value of the 113 patients,
# as (value, patients with a good outcome, patients with a poor outcome); poor = positive
S100B = [
    (0.03, 0, 1), (0.04, 5, 0), (0.05, 3, 0), (0.06, 2, 0), (0.07, 6, 3), (0.08, 6, 1),
    (0.09, 6, 2), (0.1, 7, 2), (0.11, 4, 1), (0.12, 0, 1), (0.13, 3, 2), (0.14, 4, 1),
    (0.15, 4, 0), (0.16, 3, 1), (0.17, 2, 0), (0.18, 1, 0), (0.19, 2, 0), (0.22, 0, 1),
    (0.23, 0, 1), (0.24, 1, 0), (0.25, 0, 1), (0.26, 0, 1), (0.27, 0, 1), (0.28, 1, 0),
    (0.3, 0, 1), (0.32, 1, 1), (0.33, 1, 1), (0.34, 1, 0), (0.35, 0, 1), (0.38, 1, 0),
    (0.41, 0, 1), (0.43, 1, 0), (0.44, 0, 2), (0.45, 1, 0), (0.46, 1, 0), (0.47, 2, 0),
    (0.48, 1, 1), (0.49, 0, 1), (0.5, 2, 0), (0.52, 0, 1), (0.56, 0, 1), (0.58, 0, 1),
    (0.7, 0, 1), (0.71, 0, 2), (0.74, 0, 1), (0.77, 0, 1), (0.82, 0, 1), (0.86, 0, 1),
    (0.96, 0, 1), (2.07, 0, 1)]
S100B_S = np.array([v for v, good, poor in S100B for _ in range(good + poor)])
S100B_Y = np.array([label for v, good, poor in S100B for label in [0] * good + [1] * poor])
GRID = np.round(np.arange(0, 1.01, 0.1), 1)

SEVEN_Y = np.array([0, 1, 0, 1, 1, 0, 0])
SEVEN_S = np.array([0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3])


def test_s100b_table():
    # 72 good and 41 poor outcomes, as in pROC's wfns tests (41 poor)
    assert S100B_Y.size == 113 and S100B_Y.sum() == 41


def test_sensitivity_at_specificity_matches_pROC_coords():
    expected = [1, 0.975609756097561, 0.921951219512195, 0.879674796747967, 0.823693379790941,
                0.774390243902439, 0.675609756097561, 0.655284552845528, 0.634146341463415,
                0.390243902439024, 0.292682926829268]
    at = ec.sensitivity_at_specificity(S100B_Y, S100B_S, GRID, n_boot=20, random_state=0)
    np.testing.assert_allclose(at.sensitivity, expected, rtol=0, atol=1e-13)
    np.testing.assert_array_equal(at.specificity, GRID)


def test_specificity_at_sensitivity_matches_pROC_coords():
    expected = [1, 1, 1, 0.972222222222222, 0.888888888888889, 0.833333333333333,
                0.805555555555556, 0.56875, 0.447222222222222, 0.230555555555556, 0]
    at = ec.specificity_at_sensitivity(S100B_Y, S100B_S, GRID, n_boot=20, random_state=0)
    np.testing.assert_allclose(at.specificity, expected, rtol=0, atol=1e-13)


# ---------------------------------------------------------------------------------- brute force

def rates_by_masks(y, s):
    """(specificity, sensitivity) of every operating point, thresholds decreasing."""
    rows = operating_points(y, s)
    pos, neg = rows[0][3], rows[0][4]
    return ([tn / neg for _, tp, fp, fn, tn in rows], [tp / pos for _, tp, fp, fn, tn in rows])


def brute_read(xs, ys, value):
    """Read the polyline through the points (x, y) at x = value: the largest y among the
    points with x == value, otherwise the line through the segment that straddles it."""
    exact = [b for a, b in zip(xs, ys) if a == value]
    if exact:
        return max(exact)
    found = []
    for (x0, y0), (x1, y1) in zip(zip(xs, ys), zip(xs[1:], ys[1:])):
        if min(x0, x1) < value < max(x0, x1):
            found.append(y0 + (value - x0) / (x1 - x0) * (y1 - y0))
    assert len(found) == 1
    return found[0]


def brute_se_at_sp(y, s, sp):
    tnr, tpr = rates_by_masks(y, s)
    return brute_read(tnr, tpr, sp)


def brute_sp_at_se(y, s, se):
    tnr, tpr = rates_by_masks(y, s)
    return brute_read(tpr, tnr, se)


def labelled(draw, size):
    y = draw(st.lists(st.integers(0, 1), min_size=size, max_size=size))
    y[:2] = [0, 1]
    s = draw(st.lists(st.integers(0, 6), min_size=size, max_size=size))
    return np.array(y), np.array(s, dtype=float)


@settings(max_examples=80, deadline=None, derandomize=True)
@given(st.integers(2, 30), st.data(), st.lists(st.floats(0, 1), min_size=1, max_size=4))
def test_point_estimates_match_brute_force(size, data, targets):
    y, s = labelled(data.draw, size)
    # the grid of attainable rates too, where exact matches decide
    tnr, tpr = rates_by_masks(y, s)
    targets = targets + [tnr[len(tnr) // 2], tpr[len(tpr) // 2]]
    se = ec.sensitivity_at_specificity(y, s, targets, n_boot=1, random_state=0)
    sp = ec.specificity_at_sensitivity(y, s, targets, n_boot=1, random_state=0)
    for k, t in enumerate(targets):
        assert se.sensitivity[k] == pytest.approx(brute_se_at_sp(y, s, t), abs=1e-12)
        assert sp.specificity[k] == pytest.approx(brute_sp_at_se(y, s, t), abs=1e-12)
        # the point (1 - t, se) lies on the curve, so the curve reaches that sensitivity
        # at a specificity of at least t
        back = ec.specificity_at_sensitivity(y, s, float(se.sensitivity[k]), n_boot=1,
                                             random_state=0)
        assert back.specificity >= t - 1e-12


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(2, 30), st.data())
def test_rates_fall_as_the_other_rate_rises(size, data):
    y, s = labelled(data.draw, size)
    grid = np.linspace(0, 1, 41)
    se = ec.sensitivity_at_specificity(y, s, grid, n_boot=1, random_state=0).sensitivity
    sp = ec.specificity_at_sensitivity(y, s, grid, n_boot=1, random_state=0).specificity
    assert np.all(np.diff(se) <= 1e-12) and np.all(np.diff(sp) <= 1e-12)
    assert se[0] == 1.0 and sp[0] == 1.0


# -------------------------------------------------------------------------------- the bootstrap

def draws(rng, y, stratified):
    pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    if stratified:
        return np.r_[pos[rng.integers(0, pos.size, pos.size)],
                     neg[rng.integers(0, neg.size, neg.size)]]
    return rng.integers(0, y.size, y.size)


@pytest.mark.parametrize("stratified", [True, False])
def test_sensitivity_interval_matches_a_brute_force_bootstrap(stratified):
    rng = np.random.default_rng(0)
    y = np.r_[np.ones(12, dtype=int), np.zeros(20, dtype=int)]
    s = np.round(np.r_[rng.normal(1, 1, 12), rng.normal(0, 1, 20)], 1)
    at = ec.sensitivity_at_specificity(y, s, 0.8, n_boot=200, stratified=stratified,
                                       random_state=4, level=0.9)
    generator, values = np.random.default_rng(4), []
    for _ in range(200):
        take = draws(generator, y, stratified)
        if 0 < y[take].sum() < y.size:
            values.append(brute_se_at_sp(y[take], s[take], 0.8))
    assert at.n_undefined == 200 - len(values)
    assert at.sensitivity == pytest.approx(brute_se_at_sp(y, s, 0.8))
    assert (at.low, at.median, at.high) == pytest.approx(
        tuple(np.quantile(values, [0.05, 0.5, 0.95])), abs=1e-12)
    assert isinstance(at.low, float) and at.specificity == 0.8


def test_specificity_interval_matches_a_brute_force_bootstrap():
    rng = np.random.default_rng(1)
    y = np.r_[np.ones(15, dtype=int), np.zeros(15, dtype=int)]
    s = np.r_[rng.normal(1, 1, 15), rng.normal(0, 1, 15)]
    at = ec.specificity_at_sensitivity(y, s, [0.9, 0.5], n_boot=150, random_state=2)
    generator, values = np.random.default_rng(2), []
    for _ in range(150):
        take = draws(generator, y, True)
        values.append([brute_sp_at_se(y[take], s[take], t) for t in (0.9, 0.5)])
    low, high = np.quantile(values, [0.025, 0.975], axis=0)
    np.testing.assert_allclose(at.low, low, atol=1e-12)
    np.testing.assert_allclose(at.high, high, atol=1e-12)
    assert at.n_undefined == 0


@pytest.mark.parametrize("rule", [">=", ">"])
def test_operating_point_matches_a_brute_force_bootstrap(rule):
    y, s = SEVEN_Y.repeat(3), SEVEN_S.repeat(3)
    op = ec.operating_point_ci(y, s, [0.6, 0.3], rule=rule, n_boot=100, random_state=5)
    generator, se, sp = np.random.default_rng(5), [], []
    for _ in range(100):
        take = draws(generator, y, True)
        yy, ss = y[take], s[take]
        called = [(ss >= t) if rule == ">=" else (ss > t) for t in (0.6, 0.3)]
        se.append([c[yy == 1].mean() for c in called])
        sp.append([1 - c[yy == 0].mean() for c in called])
    # at 0.6 the rule decides whether the negative scored 0.6 is called positive
    expected_sp = [0.75, 0.5] if rule == ">=" else [1.0, 0.75]
    np.testing.assert_allclose(op.specificity.rate, expected_sp)
    np.testing.assert_allclose(op.sensitivity.rate, [2 / 3, 1.0])
    np.testing.assert_allclose(op.sensitivity.low, np.quantile(se, 0.025, axis=0))
    np.testing.assert_allclose(op.sensitivity.high, np.quantile(se, 0.975, axis=0))
    np.testing.assert_allclose(op.specificity.low, np.quantile(sp, 0.025, axis=0))
    np.testing.assert_allclose(op.specificity.high, np.quantile(sp, 0.975, axis=0))
    for rate in (op.sensitivity, op.specificity):
        assert (rate.level, rate.method) == (0.95, "percentile bootstrap")


def test_operating_point_scalar_and_infinite_threshold():
    op = ec.operating_point_ci(SEVEN_Y, SEVEN_S, math.inf, n_boot=20, random_state=0)
    assert (op.sensitivity.rate, op.specificity.rate) == (0.0, 1.0)
    assert (op.sensitivity.low, op.sensitivity.high) == (0.0, 0.0)
    assert isinstance(op.threshold, float)


# ----------------------------------------------------------------------------- undefined values

@pytest.mark.parametrize("call, intervals", [
    (lambda y, s: ec.sensitivity_at_specificity(y, s, 0.9, n_boot=10),
     lambda at: [(at.sensitivity, at.low, at.high, at.median)]),
    (lambda y, s: ec.specificity_at_sensitivity(y, s, [0.9, 0.5], n_boot=10),
     lambda at: [(at.specificity, at.low, at.high, at.median)]),
    (lambda y, s: ec.operating_point_ci(y, s, 0.5, n_boot=10),
     lambda op: [(rate.rate, rate.low, rate.high) for rate in (op.sensitivity,
                                                               op.specificity)]),
])
def test_one_class_gives_nan_and_one_warning(call, intervals):
    with pytest.warns(ec.UndefinedMetricWarning, match="no positive samples") as record:
        result = call([0, 0, 0], [0.1, 0.5, 0.9])
    assert len(record) == 1
    assert all(np.all(np.isnan(v)) for values in intervals(result) for v in values)


def test_case_resamples_without_a_class_are_left_out_and_reported_once():
    y, s = [1, 0, 0, 0, 0], [0.9, 0.1, 0.2, 0.3, 0.4]
    with pytest.warns(ec.UndefinedMetricWarning, match="left out") as record:
        op = ec.operating_point_ci(y, s, 0.5, n_boot=300, stratified=False, random_state=1)
    assert len(record) == 1
    # the one positive is missed by (4/5)^5 of the case resamples, about 33%
    assert op.n_undefined / 300 == pytest.approx(0.8 ** 5, abs=0.08)
    generator = np.random.default_rng(1)
    missing = sum(not 0 < np.asarray(y)[generator.integers(0, 5, 5)].sum() < 5
                  for _ in range(300))
    assert op.n_undefined == missing


def test_stratified_default_never_leaves_a_resample_out():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        at = ec.sensitivity_at_specificity(SEVEN_Y, SEVEN_S, 0.5, n_boot=200, random_state=0)
    assert at.n_undefined == 0


# ------------------------------------------------------------------------------------ bad input

@pytest.mark.parametrize("kwargs, error, match", [
    (dict(specificity=1.2), ValueError, r"specificity must lie in \[0\.0, 1\.0\]"),
    (dict(specificity="0.9"), TypeError, "specificity must be a real number"),
    (dict(specificity=[0.5, float("nan")]), ValueError, "specificity must be finite"),
    (dict(specificity=0.9, stratified=1), TypeError, "stratified must be True or False"),
    (dict(specificity=0.9, level=0), ValueError, r"level must lie in \(0\.0, 1\.0\)"),
    (dict(specificity=0.9, n_boot=0), ValueError, "n_boot must be an integer of at least 1"),
])
def test_bad_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        ec.sensitivity_at_specificity(SEVEN_Y, SEVEN_S, **kwargs)


def test_bad_threshold_and_rule():
    with pytest.raises(ValueError, match="threshold must not be NaN"):
        ec.operating_point_ci(SEVEN_Y, SEVEN_S, float("nan"))
    with pytest.raises(ValueError, match="threshold must not be NaN"):
        ec.operating_point_ci(SEVEN_Y, SEVEN_S, [0.5, float("nan")])
    with pytest.raises(TypeError, match="threshold must be a real number"):
        ec.operating_point_ci(SEVEN_Y, SEVEN_S, "0.5")
    with pytest.raises(ValueError, match="rule must be '>' or '>='"):
        ec.operating_point_ci(SEVEN_Y, SEVEN_S, 0.5, rule="=>")
    with pytest.raises(ValueError, match="sensitivity must lie in"):
        ec.specificity_at_sensitivity(SEVEN_Y, SEVEN_S, -0.1)


# ------------------------------------------------------------------------------------ odd input

def test_rate_targets():
    with pytest.raises(TypeError, match="specificity must be a real number"):
        ec.sensitivity_at_specificity(SEVEN_Y, SEVEN_S, "0.9", n_boot=5)
    for bad in (1.2, -0.1, math.nan):
        with pytest.raises(ValueError, match=r"specificity must (lie|be a number) in \[0\.0, 1\.0\]"):
            ec.sensitivity_at_specificity(SEVEN_Y, SEVEN_S, bad, n_boot=5)
    with pytest.raises(ValueError, match=r"sensitivity must lie in \[0\.0, 1\.0\] \(a rate\)"):
        ec.specificity_at_sensitivity(SEVEN_Y, SEVEN_S, [0.5, 1.5], n_boot=5)


BIG_Y = np.array([0, 1, 0, 1, 1, 0, 0, 1, 0])
RANKS = np.array([1, 5, 3, 8, 3, 0, 2, 6, 7])     # ties at 3: one positive, one negative
BIG = 2 ** 60 + RANKS                               # float64 would merge all of them


@pytest.mark.parametrize("threshold", [2 ** 60 + 3, [2 ** 60 + 3, 2 ** 60 + 6]])
def test_operating_point_at_a_big_integer_threshold_counts_exactly(threshold):
    op = ec.operating_point_ci(BIG_Y, BIG, threshold, n_boot=20, random_state=0)
    wanted = np.atleast_1d(np.array(threshold, dtype=object))
    big = [int(v) for v in BIG]                      # Python integers: exact comparisons
    for k, t in enumerate(wanted):
        tp = sum(1 for v, y in zip(big, BIG_Y) if y and v >= t)
        tn = sum(1 for v, y in zip(big, BIG_Y) if not y and v < t)
        sensitivity = np.atleast_1d(op.sensitivity.rate)[k]
        specificity = np.atleast_1d(op.specificity.rate)[k]
        assert (sensitivity, specificity) == (tp / 4, tn / 5)
        assert int(np.atleast_1d(op.threshold)[k]) == t


def test_thresholds_of_other_real_kinds():
    y, s = np.array(SEVEN_Y), np.array(SEVEN_S)
    for threshold in (Fraction(11, 20), 0.55, np.float64(0.55)):
        op = ec.operating_point_ci(SEVEN_Y, SEVEN_S, threshold, n_boot=5, random_state=0)
        called = s >= float(threshold)
        assert op.sensitivity.rate == np.mean(called[y == 1])
        assert op.specificity.rate == np.mean(~called[y == 0])
    for huge, rates in ((2 ** 70, (0.0, 1.0)), (-2 ** 70, (1.0, 0.0))):
        op = ec.operating_point_ci(SEVEN_Y, SEVEN_S, huge, n_boot=5, random_state=0)
        assert (op.sensitivity.rate, op.specificity.rate) == rates
    with pytest.raises(TypeError, match="threshold must be a real number"):
        ec.operating_point_ci(SEVEN_Y, SEVEN_S, "0.5", n_boot=5)
    with pytest.raises(ValueError, match="threshold must not be NaN"):
        ec.operating_point_ci(SEVEN_Y, SEVEN_S, [0.5, math.nan], n_boot=5)
