"""Calibration measured: slope and intercept, prediction bias, ECE, the smoothed curve, the
Brier skill score.

References: statsmodels' GLM (a test-only oracle, never imported by evalcore) and
scikit-learn's LogisticRegression for the slope and intercept; statsmodels' DescrStatsW for
the bias's interval; scikit-learn's calibration_curve and a loop over the cases for the bins
and the ECE; np.polyfit with kernel weights and a bootstrap loop of its own for the smoothed
curve; Murphy's decomposition (computed here) for the Brier skill score. Identities with
hypothesis: ECE = 0 for perfectly calibrated binned data, slope 1 and intercept 0 for the
recalibration's own output, the skill as (resolution − reliability)/uncertainty.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
import statsmodels.api as sm
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sklearn.calibration import calibration_curve
from sklearn.linear_model import LogisticRegression
from statsmodels.stats.weightstats import DescrStatsW

import evalcore as ec

TOY_Y, TOY_P = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]


def logit(p):
    p = np.asarray(p, dtype=float)
    return np.log(p / (1 - p))


def overlapping(y, p):
    """Neither class's logits lie all at or below the other's: the MLE exists."""
    x = logit(p)
    if not 0 < np.sum(y) < len(y):
        return False
    return x[y == 0].max() > x[y == 1].min() and x[y == 1].max() > x[y == 0].min()


@st.composite
def forecasts(draw, min_size=6, max_size=60):
    n = draw(st.integers(min_size, max_size))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    p = np.array(draw(st.lists(st.floats(0.01, 0.99), min_size=n, max_size=n)))
    return y, p


def glm(y, x, offset=None, weights=None):
    design = np.ones((len(y), 1)) if x is None else sm.add_constant(x, has_constant="add")
    model = sm.GLM(y, design, family=sm.families.Binomial(), offset=offset,
                   freq_weights=weights)
    return model.fit(tol=1e-11, maxiter=100).params


def one_warning(call):
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        result = call()
    assert [w.category for w in said] == [ec.UndefinedMetricWarning], [str(w.message) for w in said]
    return result, str(said[0].message)


# ----------------------------------------------------------------- slope and intercept
@settings(max_examples=120, deadline=None)
@given(forecasts())
def test_slope_and_intercept_match_statsmodels(data):
    y, p = data
    assume(overlapping(y, p))
    fit = ec.calibration_slope_intercept(y, p)
    intercept, slope = glm(y, logit(p))
    assert fit.slope == pytest.approx(slope, abs=1e-8, rel=1e-8)
    assert fit.intercept == pytest.approx(intercept, abs=1e-8, rel=1e-8)
    (in_the_large,) = glm(y, None, offset=logit(p))
    assert fit.in_the_large == pytest.approx(in_the_large, abs=1e-8, rel=1e-8)


@settings(max_examples=60, deadline=None)
@given(forecasts(), st.data())
def test_weighted_slope_matches_statsmodels_frequency_weights(data, more):
    y, p = data
    w = np.array(more.draw(st.lists(st.integers(1, 5), min_size=len(y), max_size=len(y))),
                 dtype=float)
    assume(overlapping(y, p))
    fit = ec.calibration_slope_intercept(y, p, sample_weight=w)
    intercept, slope = glm(y, logit(p), weights=w)
    assert (fit.slope, fit.intercept) == pytest.approx((slope, intercept), abs=1e-8, rel=1e-8)
    # integer weights are repetitions
    again = ec.calibration_slope_intercept(np.repeat(y, w.astype(int)), np.repeat(p, w.astype(int)))
    assert tuple(again) == pytest.approx(tuple(fit), abs=1e-9)


def test_slope_matches_scikit_learns_unpenalized_logistic_regression():
    rng = np.random.default_rng(3)
    p = rng.uniform(0.02, 0.98, 400)
    y = (rng.uniform(size=400) < p ** 1.5).astype(int)
    fit = ec.calibration_slope_intercept(y, p)
    model = LogisticRegression(C=np.inf, tol=1e-12, max_iter=10_000)     # no penalty
    model.fit(logit(p)[:, None], y)
    assert fit.slope == pytest.approx(model.coef_[0, 0], abs=1e-6)
    assert fit.intercept == pytest.approx(model.intercept_[0], abs=1e-6)


@settings(max_examples=80, deadline=None)
@given(forecasts(min_size=8))
def test_the_recalibrated_probabilities_have_slope_one_and_intercept_zero(data):
    y, p = data
    assume(overlapping(y, p))
    fit = ec.calibration_slope_intercept(y, p)
    # a slope near 0 makes the recalibrated probabilities almost one value: their logits'
    # spread then drowns in the rounding of the expit/logit round trip (statsmodels too)
    assume(abs(fit.slope) > 1e-3)
    recalibrated = 1 / (1 + np.exp(-(fit.intercept + fit.slope * logit(p))))
    assume(np.all((recalibrated > 1e-12) & (recalibrated < 1 - 1e-12)))
    again = ec.calibration_slope_intercept(y, recalibrated)
    assert again.slope == pytest.approx(1, abs=1e-7)
    assert again.intercept == pytest.approx(0, abs=1e-7)


@settings(max_examples=80, deadline=None)
@given(forecasts())
def test_in_the_large_has_the_opposite_sign_of_the_prediction_bias(data):
    y, p = data
    assume(0 < y.sum() < y.size)
    bias = ec.prediction_bias(y, p).bias
    in_the_large = ec.calibration_slope_intercept(y, p).in_the_large if overlapping(y, p) else \
        one_warning(lambda: ec.calibration_slope_intercept(y, p))[0].in_the_large
    assume(abs(bias) > 1e-9)
    assert np.sign(in_the_large) == -np.sign(bias)


def test_in_the_large_is_zero_when_the_mean_probability_is_the_observed_rate():
    y = [0, 1, 0, 1, 1, 0]
    p = [0.2, 0.7, 0.6, 0.4, 0.9, 0.2]          # mean 0.5 = 3/6, the classes overlap
    assert ec.calibration_slope_intercept(y, p).in_the_large == pytest.approx(0, abs=1e-12)


@pytest.mark.parametrize("y, p, what", [
    ([0, 1, 0, 1], [0.0, 0.6, 0.3, 0.7], "exactly 0 or 1"),
    ([0, 1, 0, 1], [0.2, 1.0, 0.3, 0.7], "exactly 0 or 1"),
    ([1, 1, 1], [0.2, 0.6, 0.3], "no negative"),
    ([0, 0, 0], [0.2, 0.6, 0.3], "no positive"),
])
def test_undefined_fits_are_nan_with_one_warning(y, p, what):
    fit, message = one_warning(lambda: ec.calibration_slope_intercept(y, p))
    assert all(math.isnan(v) for v in fit) and what in message


@pytest.mark.parametrize("y, p", [
    ([0, 0, 1, 1], [0.1, 0.3, 0.6, 0.8]),      # separated
    ([0, 0, 1, 1], [0.1, 0.5, 0.5, 0.8]),      # quasi-separated: a tie at the boundary
    ([1, 1, 0, 0], [0.1, 0.3, 0.6, 0.8]),      # separated the other way
    ([0, 1, 0, 1], [0.4, 0.4, 0.4, 0.4]),      # one probability: no slope to fit
])
def test_separation_leaves_slope_and_intercept_undefined_but_not_in_the_large(y, p):
    fit, message = one_warning(lambda: ec.calibration_slope_intercept(y, p))
    assert math.isnan(fit.slope) and math.isnan(fit.intercept) and "separates" in message
    (in_the_large,) = glm(np.array(y), None, offset=logit(p))
    assert fit.in_the_large == pytest.approx(in_the_large, abs=1e-9)


def test_a_zero_weight_case_does_not_count():
    y, p = [0, 1, 0, 1, 1], [0.2, 0.6, 0.7, 0.4, 0.1]
    fit = ec.calibration_slope_intercept(y, p, sample_weight=[1, 1, 1, 1, 0])
    assert fit == pytest.approx(ec.calibration_slope_intercept(y[:4], p[:4]), abs=1e-12)


# ----------------------------------------------------------------- prediction bias
@settings(max_examples=60, deadline=None)
@given(forecasts(min_size=2), st.sampled_from([0.8, 0.9, 0.95, 0.99]))
def test_prediction_bias_matches_statsmodels(data, level):
    y, p = data
    result = ec.prediction_bias(y, p, level=level)
    d = DescrStatsW(p - y)
    low, high = d.zconfint_mean(alpha=1 - level)
    assert result.bias == pytest.approx(np.mean(p) - np.mean(y), abs=1e-12)
    assert (result.low, result.high) == pytest.approx((low, high), abs=1e-12)
    assert (result.mean_predicted, result.observed_rate) == pytest.approx((p.mean(), y.mean()))


def test_prediction_bias_of_one_case():
    result, message = one_warning(lambda: ec.prediction_bias([1], [0.3]))
    assert result.bias == pytest.approx(-0.7) and math.isnan(result.low) and math.isnan(result.high)
    assert "one case" in message


# ----------------------------------------------------------------- ECE
def ece_by_hand(y, p, n_bins, strategy="uniform", norm="l1", w=None):
    """Each case's bin by a loop: uniform bins from ceil(p·n_bins) (0 in the first bin),
    quantile bins from scikit-learn's edges, comparing case by case."""
    w = np.ones(len(y)) if w is None else np.asarray(w, float)
    if strategy == "uniform":
        bins = [max(math.ceil(round(v * n_bins, 9)) - 1, 0) for v in p]
    else:
        # scikit-learn's edges to the last bit: linspace(0, 100) would differ in the last
        # place at some levels, and a value on an edge would change bin
        edges = np.percentile(p, np.linspace(0, 1, n_bins + 1) * 100)
        bins = [sum(v > e for e in edges[1:-1]) for v in p]
    total, groups = sum(w), {}
    for b, yi, pi, wi in zip(bins, y, p, w):
        g = groups.setdefault(b, [0.0, 0.0, 0.0])
        g[0] += wi
        g[1] += wi * pi
        g[2] += wi * yi
    gaps = [(g[0] / total, abs(g[1] / g[0] - g[2] / g[0])) for g in groups.values() if g[0] > 0]
    if norm == "max":
        return max(gap for _, gap in gaps)
    if norm == "l2":
        return math.sqrt(sum(s * gap ** 2 for s, gap in gaps))
    return sum(s * gap for s, gap in gaps)


def test_ece_of_the_toy_by_hand():
    # bins (0, 0.5] and (0.5, 1]: 3/4·|0.85/3 − 1/3| + 1/4·|0.8 − 1|
    assert ec.expected_calibration_error(TOY_Y, TOY_P, n_bins=2) == pytest.approx(
        0.75 * abs(0.85 / 3 - 1 / 3) + 0.25 * 0.2)
    assert ec.expected_calibration_error(TOY_Y, TOY_P, n_bins=2, norm="max") == pytest.approx(0.2)


@settings(max_examples=150, deadline=None)
@given(forecasts(min_size=2), st.integers(1, 15), st.sampled_from(["uniform", "quantile"]),
       st.sampled_from(["l1", "l2", "max"]), st.booleans())
def test_ece_matches_a_loop_over_the_cases(data, n_bins, strategy, norm, on_edges):
    y, p = data
    if on_edges:
        p = np.round(p * 10) / 10
    expected = ece_by_hand(y, p, n_bins, strategy, norm)
    assert ec.expected_calibration_error(y, p, n_bins=n_bins, strategy=strategy,
                                         norm=norm) == pytest.approx(expected, abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(forecasts(min_size=2), st.integers(1, 15), st.sampled_from(["uniform", "quantile"]))
def test_reliability_bins_match_scikit_learn_for_both_strategies(data, n_bins, strategy):
    y, p = data
    prob_true, prob_pred = calibration_curve(y, p, n_bins=n_bins, strategy=strategy)
    curve = ec.reliability_curve(y, p, n_bins=n_bins, strategy=strategy)
    np.testing.assert_allclose(curve.observed_frequency, prob_true, atol=1e-12)
    np.testing.assert_allclose(curve.mean_predicted, prob_pred, atol=1e-12)
    counts = np.bincount(np.searchsorted(curve.bin_edges[1:-1], p), minlength=n_bins)
    ece = np.sum(counts[counts > 0] * np.abs(prob_true - prob_pred)) / len(y)
    assert ec.expected_calibration_error(y, p, n_bins=n_bins, strategy=strategy) == \
        pytest.approx(ece, abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10), st.integers(1, 6)), min_size=1, max_size=8),
       st.integers(1, 12), st.sampled_from(["uniform", "quantile"]))
def test_ece_is_zero_for_perfectly_calibrated_binned_data(groups, n_bins, strategy):
    """Each group: probability k/10 given to 10·m cases of which k·m are positive. Every
    bin, whatever the binning, then holds calibrated groups only, and a mix of calibrated
    groups is calibrated: its mean probability is its share of positives."""
    y, p = [], []
    for k, m in groups:
        y += [1] * (k * m) + [0] * ((10 - k) * m)
        p += [k / 10] * (10 * m)
    for norm in ("l1", "l2", "max"):
        assert ec.expected_calibration_error(y, p, n_bins=n_bins, strategy=strategy,
                                             norm=norm) == pytest.approx(0, abs=1e-12)


@settings(max_examples=80, deadline=None)
@given(forecasts(min_size=2), st.integers(1, 12))
def test_ece_norms_are_ordered_and_equal_weights_change_nothing(data, n_bins):
    y, p = data
    l1, l2, mx = (ec.expected_calibration_error(y, p, n_bins=n_bins, norm=norm)
                  for norm in ("l1", "l2", "max"))
    assert l1 <= l2 + 1e-12 and l2 <= mx + 1e-12
    for strategy in ("uniform", "quantile"):
        assert ec.expected_calibration_error(
            y, p, n_bins=n_bins, strategy=strategy, sample_weight=np.full(len(y), 3.0)) == \
            pytest.approx(ec.expected_calibration_error(y, p, n_bins=n_bins, strategy=strategy),
                          abs=1e-12)


def test_weighted_uniform_ece_is_the_ece_of_repeated_cases():
    rng = np.random.default_rng(1)
    y, p, w = rng.integers(0, 2, 50), rng.uniform(size=50), rng.integers(1, 4, 50)
    assert ec.expected_calibration_error(y, p, sample_weight=w) == pytest.approx(
        ec.expected_calibration_error(np.repeat(y, w), np.repeat(p, w)), abs=1e-12)
    assert ec.expected_calibration_error(y, p, sample_weight=w) == pytest.approx(
        ece_by_hand(y, p, 10, w=w), abs=1e-12)


def test_l2_ece_squared_is_murphys_reliability_when_bins_hold_one_value():
    rng = np.random.default_rng(2)
    p = rng.integers(0, 11, 300) / 10
    y = (rng.uniform(size=300) < p ** 2).astype(int)
    reliability = sum(np.sum(p == v) * (v - y[p == v].mean()) ** 2 for v in np.unique(p)) / 300
    # 20 bins: each of the values k/10 alone in its bin (0 and 0.1 would share ten's first)
    assert ec.expected_calibration_error(y, p, n_bins=20, norm="l2") ** 2 == \
        pytest.approx(reliability, rel=1e-12)


# ----------------------------------------------------------------- smoothed curve
def local_linear_by_polyfit(points, p, y, h):
    out = []
    for t in points:
        kernel = np.exp(-0.5 * ((p - t) / h) ** 2)
        slope, intercept = np.polyfit(p - t, y, 1, w=np.sqrt(kernel))
        out.append(min(max(intercept, 0.0), 1.0))
    return np.array(out)


def test_smoothed_curve_and_band_by_a_loop_of_their_own():
    rng = np.random.default_rng(5)
    p = rng.uniform(0.05, 0.95, 120)
    y = (rng.uniform(size=120) < p).astype(int)
    curve = ec.smoothed_reliability_curve(y, p, bandwidth=0.1, n_points=7, n_boot=300,
                                          level=0.9, random_state=11)
    points = np.linspace(p.min(), p.max(), 7)
    np.testing.assert_allclose(curve.predicted, points)
    np.testing.assert_allclose(curve.observed_frequency,
                               local_linear_by_polyfit(points, p, y, 0.1), atol=1e-10)
    draws = np.random.default_rng(11)
    values = []
    for _ in range(300):          # the case bootstrap: one row of n indices after the other
        index = draws.integers(0, 120, size=120)
        values.append(local_linear_by_polyfit(points, p[index], y[index], 0.1))
    low, high = np.quantile(np.array(values), [0.05, 0.95], axis=0)
    np.testing.assert_allclose(curve.low, low, atol=1e-9)
    np.testing.assert_allclose(curve.high, high, atol=1e-9)
    assert curve.n_undefined == 0
    assert np.all(curve.low <= curve.observed_frequency + 1e-12)
    assert np.all(curve.observed_frequency <= curve.high + 1e-12)


def test_calibrated_probabilities_give_a_curve_near_the_diagonal_even_at_the_ends():
    rng = np.random.default_rng(8)
    p = rng.uniform(0.0, 1.0, 20_000)
    y = (rng.uniform(size=p.size) < p).astype(int)
    curve = ec.smoothed_reliability_curve(y, p, n_points=21, n_boot=20, random_state=0)
    assert np.max(np.abs(curve.observed_frequency - curve.predicted)) < 0.03


def test_one_probability_leaves_the_curve_undefined():
    curve, message = one_warning(lambda: ec.smoothed_reliability_curve(
        [0, 1, 1], [0.3, 0.3, 0.3], n_points=4, n_boot=10, random_state=0))
    assert np.all(np.isnan(curve.observed_frequency)) and np.all(np.isnan(curve.low))
    assert "undefined" in message


# ----------------------------------------------------------------- Brier skill score
def test_brier_skill_score_by_hand():
    brier = (0.01 + 0.16 + 0.4225 + 0.04) / 4
    assert ec.brier_skill_score(TOY_Y, TOY_P) == pytest.approx(1 - brier / 0.25)
    assert ec.brier_skill_score(TOY_Y, TOY_P, reference=0.4) == pytest.approx(
        1 - brier / ((0.16 * 2 + 0.36 * 2) / 4))
    other = [0.3, 0.3, 0.6, 0.6]
    assert ec.brier_skill_score(TOY_Y, TOY_P, reference=other) == pytest.approx(
        1 - brier / ec.brier_score(TOY_Y, other))
    assert ec.brier_skill_score(TOY_Y, other, reference=other) == 0


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 10)), min_size=2, max_size=60))
def test_skill_is_resolution_minus_reliability_over_uncertainty(cases):
    y = np.array([c[0] for c in cases])
    p = np.array([c[1] / 10 for c in cases])
    assume(0 < y.sum() < y.size)
    n, o = y.size, y.mean()
    reliability = sum(np.sum(p == v) * (v - y[p == v].mean()) ** 2 for v in np.unique(p)) / n
    resolution = sum(np.sum(p == v) * (y[p == v].mean() - o) ** 2 for v in np.unique(p)) / n
    assert ec.brier_skill_score(y, p) == pytest.approx(
        (resolution - reliability) / (o * (1 - o)), abs=1e-12)


def test_skill_with_weights_is_the_skill_of_repeated_cases():
    y, p, w = [0, 1, 1, 0, 1], [0.2, 0.6, 0.9, 0.5, 0.3], [2, 1, 3, 1, 2]
    assert ec.brier_skill_score(y, p, sample_weight=w) == pytest.approx(
        ec.brier_skill_score(np.repeat(y, w), np.repeat(p, w)), abs=1e-12)


def test_skill_against_a_perfect_reference_is_undefined():
    value, message = one_warning(lambda: ec.brier_skill_score([1, 1, 1], [0.5, 0.7, 0.9]))
    assert math.isnan(value) and "reference" in message
    value, _ = one_warning(lambda: ec.brier_skill_score([0, 1], [0.5, 0.7], reference=[0, 1]))
    assert math.isnan(value)


# ----------------------------------------------------------------- errors
@pytest.mark.parametrize("call, error, match", [
    (lambda: ec.expected_calibration_error(TOY_Y, TOY_P, norm="l3"), ValueError, "norm must be one of"),
    (lambda: ec.expected_calibration_error(TOY_Y, TOY_P, strategy="equal"), ValueError,
     "strategy must be one of"),
    (lambda: ec.reliability_curve(TOY_Y, TOY_P, strategy=None), TypeError, "strategy must be one of"),
    (lambda: ec.expected_calibration_error(TOY_Y, TOY_P, n_bins=0), ValueError, "n_bins"),
    (lambda: ec.smoothed_reliability_curve(TOY_Y, TOY_P, bandwidth=0), ValueError, "bandwidth"),
    (lambda: ec.smoothed_reliability_curve(TOY_Y, TOY_P, bandwidth="wide"), TypeError, "bandwidth"),
    (lambda: ec.smoothed_reliability_curve(TOY_Y, TOY_P, n_points=0), ValueError, "n_points"),
    (lambda: ec.smoothed_reliability_curve(TOY_Y, TOY_P, n_boot=0), ValueError, "n_boot"),
    (lambda: ec.prediction_bias(TOY_Y, TOY_P, level=1), ValueError, "level"),
    (lambda: ec.brier_skill_score(TOY_Y, TOY_P, reference=1.5), ValueError, "reference must lie"),
    (lambda: ec.brier_skill_score(TOY_Y, TOY_P, reference=[0.5, 0.5]), ValueError,
     "same length"),
    (lambda: ec.brier_skill_score(TOY_Y, TOY_P, reference=[0.5, 0.5, 2, 0.5]), ValueError,
     "reference must hold probabilities in"),
    (lambda: ec.brier_skill_score(TOY_Y, TOY_P, reference="base rate"), TypeError, "reference"),
    (lambda: ec.calibration_slope_intercept(TOY_Y, [0.1, 0.4, 1.35, 0.8]), ValueError,
     "y_prob must hold probabilities in"),
])
def test_errors_name_the_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()
