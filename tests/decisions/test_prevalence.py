"""Another population: predictive values at a new prevalence, the logit offset, and the
prevalence of unlabelled cases estimated (EM and the adjusted count).

References: Bayes' rule written out with exact fractions (counts of a population of the new
prevalence, not the library's formula); the odds times the ratio of prior odds, in
fractions, for the logit offset; statsmodels' Wilson interval for the rates; a simulation
with a known prevalence and calibrated probabilities for EM, whose fixed point is checked
against scipy's maximisation of the unlabelled scores' likelihood; confusion_matrix's
precision at the sample's own prevalence (hypothesis).
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import minimize_scalar
from scipy.stats import norm
from statsmodels.stats.proportion import proportion_confint

import evalcore as ec


def caught(function, *args, **kwargs):
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        value = function(*args, **kwargs)
    return value, said


# --- Bayes' rule by hand ---------------------------------------------------------------

def ppv_by_counts(tpr: Fraction, fpr: Fraction, prevalence: Fraction) -> Fraction:
    """A population of 10**6 cases at the prevalence: count the true and false positives."""
    population = Fraction(10**6)
    positives = population * prevalence
    negatives = population - positives
    true_pos, false_pos = positives * tpr, negatives * fpr
    return true_pos / (true_pos + false_pos)


def npv_by_counts(tpr: Fraction, fpr: Fraction, prevalence: Fraction) -> Fraction:
    population = Fraction(10**6)
    positives = population * prevalence
    negatives = population - positives
    true_neg, false_neg = negatives * (1 - fpr), positives * (1 - tpr)
    return true_neg / (true_neg + false_neg)


CASES = [(Fraction(9, 10), Fraction(1, 10), Fraction(1, 100)),
         (Fraction(1), Fraction(1, 2), Fraction(1, 2)),
         (Fraction(99, 100), Fraction(5, 100), Fraction(1, 1000)),
         (Fraction(3, 4), Fraction(1, 3), Fraction(2, 5)),
         (Fraction(1, 2), Fraction(0), Fraction(9, 10))]


@pytest.mark.parametrize("tpr, fpr, prevalence", CASES)
def test_predictive_values_equal_bayes_by_counts(tpr, fpr, prevalence):
    ppv = ec.ppv_at_prevalence(float(tpr), float(fpr), float(prevalence))
    npv = ec.npv_at_prevalence(float(tpr), float(fpr), float(prevalence))
    assert isinstance(ppv, float) and isinstance(npv, float)
    assert ppv == pytest.approx(float(ppv_by_counts(tpr, fpr, prevalence)), rel=1e-14)
    assert npv == pytest.approx(float(npv_by_counts(tpr, fpr, prevalence)), rel=1e-14)


def test_arrays_broadcast_elementwise():
    prevalence = np.array([0.001, 0.01, 0.1, 0.5])
    got = ec.ppv_at_prevalence(0.9, [[0.1], [0.05]], prevalence)
    assert got.shape == (2, 4)
    for row, fpr in enumerate((Fraction(1, 10), Fraction(5, 100))):
        for col, p in enumerate(prevalence):
            expected = ppv_by_counts(Fraction(9, 10), fpr, Fraction(p))
            assert got[row, col] == pytest.approx(float(expected), rel=1e-13)


def test_undefined_where_nothing_is_predicted_positive():
    value, said = caught(ec.ppv_at_prevalence, 0.0, 0.0, 0.3)
    assert math.isnan(value)
    assert [w.category for w in said] == [ec.UndefinedMetricWarning]
    assert "predicted positive" in str(said[0].message)
    values, said = caught(ec.ppv_at_prevalence, [0.0, 0.5, 0.0], [0.0, 0.1, 0.0], 0.3)
    assert np.isnan(values[[0, 2]]).all() and values[1] == pytest.approx(0.15 / (0.15 + 0.07))
    assert [w.category for w in said] == [ec.UndefinedMetricWarning]
    value, said = caught(ec.npv_at_prevalence, 1.0, 1.0, 0.3)
    assert math.isnan(value) and [w.category for w in said] == [ec.UndefinedMetricWarning]


@pytest.mark.parametrize("args, error, match", [
    ((1.2, 0.1, 0.5), ValueError, "tpr must lie in"),
    ((0.9, -0.1, 0.5), ValueError, "fpr must lie in"),
    ((0.9, 0.1, float("nan")), ValueError, "prevalence must be a number"),
    ((0.9, 0.1, "0.5"), TypeError, "prevalence must be a real number"),
    ((0.9, [0.1, 1.5], 0.5), ValueError, "fpr must hold probabilities"),
    ((0.9, ["a"], 0.5), TypeError, "fpr must hold real numbers"),
    ((0.9, [0.1, 0.2], [0.1, 0.2, 0.3]), ValueError, "broadcast"),
])
def test_bad_rates_are_refused(args, error, match):
    with pytest.raises(error, match=match):
        ec.ppv_at_prevalence(*args)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.booleans()), min_size=2, max_size=40))
def test_ppv_at_the_samples_own_prevalence_is_its_precision(pairs):
    truth = np.array([t for t, _ in pairs], dtype=int)
    pred = np.array([p for _, p in pairs], dtype=int)
    if truth.min() == truth.max() or pred.max() == 0:
        return
    counts = ec.confusion_matrix(truth, pred)
    ppv = ec.ppv_at_prevalence(counts.tpr, counts.fpr, counts.prevalence)
    assert ppv == pytest.approx(counts.precision, rel=1e-12)


@settings(max_examples=60, deadline=None)
@given(st.floats(0.01, 1), st.floats(0.0, 0.99), st.floats(0.001, 0.998), st.floats(0.001, 0.001))
def test_ppv_rises_and_npv_falls_with_prevalence(tpr, fpr, prevalence, step):
    low = ec.ppv_at_prevalence(tpr, fpr, prevalence)
    high = ec.ppv_at_prevalence(tpr, fpr, prevalence + step)
    assert high >= low - 1e-15
    if tpr < 1 or fpr < 1:
        assert ec.npv_at_prevalence(tpr, fpr, prevalence + step) \
            <= ec.npv_at_prevalence(tpr, fpr, prevalence) + 1e-15


# --- intervals from labelled cases ----------------------------------------------------

def test_interval_is_statsmodels_wilson_carried_to_the_corners():
    y = np.array([1] * 40 + [0] * 160)
    pred = np.array([1] * 33 + [0] * 7 + [1] * 12 + [0] * 148)
    r = ec.predictive_values_at_prevalence(y, pred, 0.02, level=0.9)
    alpha = 1 - math.sqrt(0.9)
    tpr_low, tpr_high = proportion_confint(33, 40, alpha=alpha, method="wilson")
    fpr_low, fpr_high = proportion_confint(12, 160, alpha=alpha, method="wilson")
    assert (r.tpr.rate, r.fpr.rate) == (33 / 40, 12 / 160)
    assert r.tpr.low == pytest.approx(tpr_low, abs=1e-12)
    assert r.tpr.high == pytest.approx(tpr_high, abs=1e-12)
    assert r.fpr.low == pytest.approx(fpr_low, abs=1e-12)
    assert r.fpr.high == pytest.approx(fpr_high, abs=1e-12)
    p = Fraction(2, 100)
    assert r.ppv.rate == pytest.approx(float(ppv_by_counts(Fraction(33, 40), Fraction(12, 160), p)))
    assert r.ppv.low == pytest.approx(float(ppv_by_counts(Fraction(tpr_low), Fraction(fpr_high), p)))
    assert r.ppv.high == pytest.approx(float(ppv_by_counts(Fraction(tpr_high), Fraction(fpr_low), p)))
    assert r.npv.low == pytest.approx(float(npv_by_counts(Fraction(tpr_low), Fraction(fpr_high), p)))
    assert r.npv.high == pytest.approx(float(npv_by_counts(Fraction(tpr_high), Fraction(fpr_low), p)))
    assert r.ppv.low < r.ppv.rate < r.ppv.high and r.npv.low < r.npv.rate < r.npv.high
    # each part says its own level: the rates' Wilson intervals at √level, the values' level
    assert (r.tpr.level, r.tpr.method) == (r.fpr.level, r.fpr.method) == (math.sqrt(0.9),
                                                                          "wilson")
    assert (r.ppv.level, r.ppv.method) == (r.npv.level, r.npv.method) == (0.9,
                                                                          "wilson via bayes")


def test_scores_with_a_threshold_equal_the_hard_predictions():
    y = [0, 0, 1, 1, 1, 0, 1]
    s = [0.1, 0.4, 0.35, 0.8, 0.6, 0.7, 0.2]
    by_score = ec.predictive_values_at_prevalence(y, s, 0.1, threshold=0.4)
    by_label = ec.predictive_values_at_prevalence(y, [int(v >= 0.4) for v in s], 0.1)
    assert by_score == by_label
    strict = ec.predictive_values_at_prevalence(y, s, 0.1, threshold=0.4, rule=">")
    assert strict.fpr.rate == pytest.approx(1 / 3)


def test_interval_coverage_by_simulation():
    rng = np.random.default_rng(7)
    tpr, fpr, prevalence, reps = 0.8, 0.1, 0.05, 400
    truth = ec.ppv_at_prevalence(tpr, fpr, prevalence)
    y = np.array([1] * 60 + [0] * 240)
    covered = 0
    for _ in range(reps):
        pred = np.concatenate([rng.random(60) < tpr, rng.random(240) < fpr]).astype(int)
        r = ec.predictive_values_at_prevalence(y, pred, prevalence)
        covered += r.ppv.low <= truth <= r.ppv.high
    # at least the nominal 95% (the method is conservative), within 3 Monte Carlo SEs
    assert covered / reps >= 0.95 - 3 * math.sqrt(0.95 * 0.05 / reps)


def test_a_missing_class_leaves_the_interval_undefined():
    r, said = caught(ec.predictive_values_at_prevalence, [1, 1, 1], [1, 0, 1], 0.1)
    assert math.isnan(r.ppv.rate) and math.isnan(r.fpr.high)
    assert [w.category for w in said] == [ec.UndefinedMetricWarning]


@pytest.mark.parametrize("kwargs, error, match", [
    (dict(prevalence=1.5), ValueError, "prevalence must lie in"),
    (dict(prevalence=0.1, level=1.0), ValueError, "level must lie in"),
    (dict(prevalence=0.1, threshold="a"), TypeError, "threshold must be a real number"),
    (dict(prevalence=0.1, threshold=0.5, rule="<"), ValueError, "rule"),
])
def test_interval_refuses_bad_options(kwargs, error, match):
    with pytest.raises(error, match=match):
        ec.predictive_values_at_prevalence([0, 1, 0, 1], [0.2, 0.8, 0.6, 0.4], **kwargs)


# --- the logit offset ------------------------------------------------------------------

@pytest.mark.parametrize("p, old, new", [
    (Fraction(4, 5), Fraction(1, 2), Fraction(1, 100)),
    (Fraction(1, 10), Fraction(3, 10), Fraction(7, 10)),
    (Fraction(1, 2), Fraction(1, 5), Fraction(1, 5)),
    (Fraction(999, 1000), Fraction(1, 2), Fraction(1, 1000)),
])
def test_logit_offset_is_odds_times_ratio_of_prior_odds(p, old, new):
    odds = p / (1 - p) * ((new / (1 - new)) / (old / (1 - old)))
    expected = odds / (1 + odds)
    got = ec.adjust_to_prevalence(float(p), float(old), float(new))
    assert got == pytest.approx(float(expected), rel=1e-13)


def test_logit_offset_is_bayes_rule_on_a_population():
    """Two score values with known class-conditional frequencies: the posterior at each
    prevalence counted in a population, against the adjusted posterior."""
    likelihood = {"low": (Fraction(1, 5), Fraction(3, 5)), "high": (Fraction(4, 5), Fraction(2, 5))}
    old, new = Fraction(1, 2), Fraction(1, 20)
    for positive_share, negative_share in likelihood.values():
        at_old = old * positive_share / (old * positive_share + (1 - old) * negative_share)
        at_new = new * positive_share / (new * positive_share + (1 - new) * negative_share)
        got = ec.adjust_to_prevalence([float(at_old)], float(old), float(new))
        assert got[0] == pytest.approx(float(at_new), rel=1e-13)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.floats(0, 1), min_size=1, max_size=20), st.floats(0.01, 0.99),
       st.floats(0.01, 0.99))
def test_logit_offset_round_trip_and_order(probs, old, new):
    moved = ec.adjust_to_prevalence(probs, old, new)
    back = ec.adjust_to_prevalence(moved, new, old)
    np.testing.assert_allclose(back, probs, rtol=1e-9, atol=1e-12)
    order = np.argsort(probs, kind="stable")
    assert np.all(np.diff(moved[order]) >= -1e-15)
    assert np.all(moved[np.array(probs) == 0] == 0) and np.all(moved[np.array(probs) == 1] == 1)


@pytest.mark.parametrize("args, error, match", [
    (([0.2], 0.0, 0.5), ValueError, "from_prevalence must lie in"),
    (([0.2], 0.5, 1.0), ValueError, "to_prevalence must lie in"),
    (([0.2, 1.2], 0.5, 0.3), ValueError, "y_prob must hold probabilities"),
    ((1.2, 0.5, 0.3), ValueError, "y_prob must lie in"),
    ((["a"], 0.5, 0.3), TypeError, "y_prob"),
])
def test_logit_offset_refuses_bad_input(args, error, match):
    with pytest.raises(error, match=match):
        ec.adjust_to_prevalence(*args)


# --- estimating the new prevalence -----------------------------------------------------

def calibrated_sample(rng, n, prevalence, training_prevalence=0.5, separation=1.5):
    """Scores N(0, 1) for negatives and N(separation, 1) for positives, turned into the
    exact posterior at ``training_prevalence`` (calibrated by construction)."""
    y = (rng.random(n) < prevalence).astype(int)
    x = rng.normal(separation * y, 1.0)
    ratio = norm.pdf(x, separation) / norm.pdf(x, 0.0)
    odds = ratio * training_prevalence / (1 - training_prevalence)
    return y, x, odds / (1 + odds)


def test_em_recovers_a_known_prevalence():
    rng = np.random.default_rng(3)
    y, _, prob = calibrated_sample(rng, 20_000, 0.15)
    est = ec.estimate_prevalence(prob, training_prevalence=0.5)
    assert est.converged and est.method == "em"
    assert abs(est.prevalence - y.mean()) < 0.02          # near the sample's own share
    assert abs(est.naive - 0.15) > 0.1                   # the mean probability is far off
    # the fixed point satisfies the EM equation
    assert np.mean(ec.adjust_to_prevalence(prob, 0.5, est.prevalence)) \
        == pytest.approx(est.prevalence, abs=1e-9)


def test_em_maximises_the_unlabelled_likelihood():
    rng = np.random.default_rng(4)
    _, _, prob = calibrated_sample(rng, 3000, 0.3, training_prevalence=0.4)
    ratio = (prob / 0.4) / ((1 - prob) / 0.6)            # f1/f0 up to one constant

    def minus_log_likelihood(pi):
        return -np.sum(np.log(pi * ratio + (1 - pi)))

    best = minimize_scalar(minus_log_likelihood, bounds=(1e-6, 1 - 1e-6), method="bounded",
                           options={"xatol": 1e-10})
    est = ec.estimate_prevalence(prob, training_prevalence=0.4)
    assert est.prevalence == pytest.approx(best.x, abs=1e-6)


def test_em_stops_at_max_iter_and_says_so():
    rng = np.random.default_rng(5)
    _, _, prob = calibrated_sample(rng, 500, 0.1)
    est = ec.estimate_prevalence(prob, training_prevalence=0.5, max_iter=2)
    assert est.n_iter == 2 and not est.converged


def test_adjusted_count_recovers_a_known_prevalence():
    rng = np.random.default_rng(6)
    y_lab, x_lab, _ = calibrated_sample(rng, 5000, 0.5, separation=2.0)
    y_new, x_new, _ = calibrated_sample(rng, 20_000, 0.1, separation=2.0)
    est = ec.estimate_prevalence(x_new, method="adjusted_count", y_true=y_lab, y_score=x_lab,
                                 threshold=1.0)
    tpr = np.mean(x_lab[y_lab == 1] >= 1.0)
    fpr = np.mean(x_lab[y_lab == 0] >= 1.0)
    share = np.mean(x_new >= 1.0)
    assert (est.tpr, est.fpr, est.naive) == (tpr, fpr, share)
    assert est.prevalence == pytest.approx((share - fpr) / (tpr - fpr), rel=1e-12)
    assert abs(est.prevalence - y_new.mean()) < 0.02
    assert abs(est.naive - y_new.mean()) > 0.05            # the raw count is biased


def test_adjusted_count_fails_when_tpr_is_near_fpr():
    """A weak score: TPR − FPR of a few hundredths. The estimate warns and scatters over
    repeated unlabelled samples far more than with a strong score."""
    rng = np.random.default_rng(8)
    spreads = {}
    for separation in (0.1, 2.0):
        y_lab, x_lab, _ = calibrated_sample(rng, 4000, 0.5, separation=separation)
        estimates = []
        for _ in range(30):
            _, x_new, _ = calibrated_sample(rng, 1000, 0.2, separation=separation)
            with warnings.catch_warnings(record=True) as said:
                warnings.simplefilter("always")
                est = ec.estimate_prevalence(x_new, method="adjusted_count", y_true=y_lab,
                                             y_score=x_lab, threshold=2.0)
            estimates.append(est.prevalence)
            small = abs(est.tpr - est.fpr) < 0.1
            assert [w.category for w in said] == ([RuntimeWarning] if small else [])
        spreads[separation] = np.std(estimates)
    assert spreads[0.1] > 4 * spreads[2.0]


def test_adjusted_count_is_undefined_when_tpr_equals_fpr():
    est, said = caught(ec.estimate_prevalence, [0.2, 0.9], method="adjusted_count",
                       y_true=[0, 1, 0, 1], y_score=[0.1, 0.2, 0.8, 0.9], threshold=0.5)
    assert est.tpr == est.fpr == 0.5 and math.isnan(est.prevalence)
    assert [w.category for w in said] == [ec.UndefinedMetricWarning]


def test_adjusted_count_is_clipped():
    toy_y, toy_s = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    above = ec.estimate_prevalence([0.9, 0.9, 0.9], method="adjusted_count", y_true=toy_y,
                                   y_score=toy_s, threshold=0.5)
    assert (above.tpr, above.fpr, above.naive) == (0.5, 0.0, 1.0)    # (1 - 0)/0.5 = 2
    assert above.prevalence == 1.0
    below = ec.estimate_prevalence([0.1, 0.2], method="adjusted_count", y_true=toy_y,
                                   y_score=toy_s, threshold=0.35)
    assert (below.tpr, below.fpr, below.naive) == (1.0, 0.5, 0.0)    # (0 - 0.5)/0.5 = -1
    assert below.prevalence == 0.0


@pytest.mark.parametrize("kwargs, error, match", [
    (dict(), TypeError, "training_prevalence is required"),
    (dict(training_prevalence=1.0), ValueError, "training_prevalence must lie in"),
    (dict(method="mle"), ValueError, "method must be one of"),
    (dict(method="adjusted_count"), TypeError, "y_true and y_score"),
    (dict(training_prevalence=0.5, max_iter=0), ValueError, "max_iter"),
    (dict(training_prevalence=0.5, tol=0), ValueError, "tol must be positive"),
])
def test_estimate_refuses_bad_options(kwargs, error, match):
    with pytest.raises(error, match=match):
        ec.estimate_prevalence([0.2, 0.7], **kwargs)


def test_em_refuses_scores_that_are_no_probabilities():
    with pytest.raises(ValueError, match="y_score_unlabelled must hold probabilities"):
        ec.estimate_prevalence([0.2, 1.7], training_prevalence=0.5)
