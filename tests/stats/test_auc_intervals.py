"""evalcore/stats/auc_intervals.py: the AUC's intervals (``roc_auc_ci``): DeLong's, on the
logit scale, Hanley and McNeil's, Newcombe's score interval and the stratified bootstrap.

References: the intervals' formulas written out with scipy.stats.norm and a brute-force
DeLong variance from the pairwise ψ table (evalcore/reference.py); Hanley and McNeil's (1982)
printed SE for their CT ratings; Newcombe's ends as the real roots of the quartic that
``(AUC − θ)² = z²·V(θ)`` becomes (numpy's polynomial roots, where evalcore bisects);
scipy.stats.bootstrap for the stratified bootstrap; coverage counted on simulated binormal
test sets."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.polynomial import polynomial as poly
from scipy.stats import norm
from sklearn.metrics import roc_auc_score

import evalcore as ec
from evalcore.reference import auc_pairs, delong_variance

from helpers import binormal, said, scipy_stratified
from reference import hanley_mcneil_se
from strategies import two_of_each_class


SEVEN_Y = [0, 1, 0, 1, 1, 0, 0]
SEVEN_S = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]


# --------------------------------------------------------------- Hanley and McNeil's CT ratings

def test_hanley_mcneil_ct_ratings():
    # Hanley & McNeil (1982), Table 1: 58 normal and 51 abnormal CT images rated 1..5;
    # they print the area 0.893
    normal, abnormal = [33, 6, 6, 11, 2], [3, 2, 2, 11, 33]
    ratings = np.arange(1, 6)
    s = np.r_[np.repeat(ratings, normal), np.repeat(ratings, abnormal)]
    y = np.r_[np.zeros(58, dtype=int), np.ones(51, dtype=int)]
    ci = ec.roc_auc_ci(y, s)
    assert round(ci.auc, 3) == 0.893
    assert ec.delong_variance(y, s) == pytest.approx(delong_variance(y, s), rel=1e-12)


# ---------------------------------------------------------- DeLong's interval and the bootstrap

def test_delong_interval_by_formula():
    z = norm.ppf(0.975)
    auc, variance = auc_pairs(SEVEN_Y, SEVEN_S), delong_variance(SEVEN_Y, SEVEN_S)
    ci = ec.roc_auc_ci(SEVEN_Y, SEVEN_S)
    assert ci.auc == 11 / 12
    assert ci.low == pytest.approx(auc - z * math.sqrt(variance), rel=1e-13)
    assert ci.high == 1.0                       # auc + z·SE > 1 is clipped
    ci90 = ec.roc_auc_ci(SEVEN_Y, SEVEN_S, level=0.9)
    assert ci90.low == pytest.approx(auc - norm.ppf(0.95) * math.sqrt(variance), rel=1e-13)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(two_of_each_class(), st.floats(0.5, 0.999))
def test_interval_contains_the_auc_and_stays_in_unit_interval(data, level):
    y, s = data
    ci = ec.roc_auc_ci(y, s, level=level)
    assert 0.0 <= ci.low <= ci.auc <= ci.high <= 1.0
    assert ci.auc == pytest.approx(roc_auc_score(y, s), rel=1e-14)
    assert (ci.level, ci.method) == (level, "delong")


def test_delong_interval_covers_the_true_auc_about_95_percent():
    rng = np.random.default_rng(7)
    separation = 1.0
    truth = norm.cdf(separation / math.sqrt(2))
    hits = 0
    for _ in range(400):
        y, s = binormal(rng, 100, 100, separation)
        ci = ec.roc_auc_ci(y, s)
        hits += ci.low <= truth <= ci.high
    assert 0.91 <= hits / 400 <= 0.98   # binomial SE about 0.011


def test_bootstrap_interval_is_seeded_and_near_delong():
    rng = np.random.default_rng(3)
    y, s = binormal(rng, 300, 300, 1.0)
    a = ec.roc_auc_ci(y, s, method="bootstrap", n_boot=400, random_state=11)
    b = ec.roc_auc_ci(y, s, method="bootstrap", n_boot=400, random_state=11)
    c = ec.roc_auc_ci(y, s, method="bootstrap", n_boot=400, random_state=12)
    assert a == b and a != c
    assert a.auc == pytest.approx(roc_auc_score(y, s), rel=1e-14)
    delong = ec.roc_auc_ci(y, s)
    assert a.high - a.low == pytest.approx(delong.high - delong.low, rel=0.2)
    assert a.low < a.auc < a.high


def test_interval_undefined_with_one_positive():
    with pytest.warns(ec.UndefinedMetricWarning) as rec:
        ci = ec.roc_auc_ci([1, 0, 0, 0], [0.9, 0.1, 0.2, 0.3])
    assert len(rec) == 1
    assert math.isnan(ci.low) and math.isnan(ci.high) and ci.auc == 1.0
    with pytest.warns(ec.UndefinedMetricWarning) as rec:
        ci = ec.roc_auc_ci([0, 0, 0], [0.9, 0.1, 0.2], method="bootstrap")
    assert len(rec) == 1 and all(math.isnan(v) for v in (ci.auc, ci.low, ci.high))
    assert (ci.level, ci.method) == (0.95, "bootstrap")


# -------------------------------------------------------- the logit and Hanley-McNeil intervals

def test_logit_interval_by_formula_and_inside_the_unit_interval():
    auc, variance = auc_pairs(SEVEN_Y, SEVEN_S), delong_variance(SEVEN_Y, SEVEN_S)
    z = norm.ppf(0.975)
    logit = math.log(auc / (1 - auc))
    half = z * math.sqrt(variance) / (auc * (1 - auc))
    ci = ec.roc_auc_ci(SEVEN_Y, SEVEN_S, method="logit")
    low, mid, high = ci.low, ci.auc, ci.high
    assert mid == auc
    assert low == pytest.approx(1 / (1 + math.exp(-(logit - half))), rel=1e-12)
    assert high == pytest.approx(1 / (1 + math.exp(-(logit + half))), rel=1e-12)
    rng = np.random.default_rng(0)
    for _ in range(50):
        n = int(rng.integers(4, 30))
        y = rng.integers(0, 2, n)
        y[:4] = [0, 0, 1, 1]
        s = y * 2.0 + rng.normal(0, 1, n)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ec.UndefinedMetricWarning)   # AUC = 1: undefined
            ci = ec.roc_auc_ci(y, s, method="logit")
        if not math.isnan(ci.low):
            assert 0 < ci.low <= ci.auc <= ci.high < 1


def test_logit_interval_undefined_at_one():
    with pytest.warns(ec.UndefinedMetricWarning, match="logit interval is undefined") as rec:
        ci = ec.roc_auc_ci([0, 0, 1, 1], [1, 2, 3, 4], method="logit")
    assert len(rec) == 1 and ci.auc == 1.0 and math.isnan(ci.low) and math.isnan(ci.high)


def test_hanley_mcneil_published_example():
    # Hanley & McNeil (1982): 58 normal and 51 abnormal CT images; area 0.893, SE 0.032
    normal, abnormal = [33, 6, 6, 11, 2], [3, 2, 2, 11, 33]
    ratings = np.arange(1, 6)
    s = np.r_[np.repeat(ratings, normal), np.repeat(ratings, abnormal)]
    y = np.r_[np.zeros(58, dtype=int), np.ones(51, dtype=int)]
    ci = ec.roc_auc_ci(y, s, method="hanley_mcneil")
    low, auc, high = ci.low, ci.auc, ci.high
    se = (high - low) / (2 * norm.ppf(0.975))
    assert round(se, 3) == 0.032
    assert hanley_mcneil_se(0.893, 51, 58) == pytest.approx(0.032, abs=0.001)  # rounded inputs
    assert se == pytest.approx(hanley_mcneil_se(auc, 51, 58), rel=1e-12)


def test_hanley_mcneil_interval_clips():
    ci = ec.roc_auc_ci(SEVEN_Y, SEVEN_S, method="hanley_mcneil")
    low, auc, high = ci.low, ci.auc, ci.high
    half = norm.ppf(0.975) * hanley_mcneil_se(11 / 12, 3, 4)
    assert low == pytest.approx(11 / 12 - half, rel=1e-12) and high == 1.0


# -------------------------------------------------------------------- Newcombe's score interval

def newcombe_variance(theta, positives, negatives):
    """Hanley and McNeil's variance at θ with P − 1 and N − 1 both set to (P + N)/2 − 1."""
    k = (positives + negatives) / 2 - 1
    q1, q2 = theta / (2 - theta), 2 * theta ** 2 / (1 + theta)
    return (theta * (1 - theta) + k * (q1 - theta ** 2) + k * (q2 - theta ** 2)) / (
        positives * negatives)


def quartic_ends(auc, positives, negatives, level):
    """The interval's ends from the roots of the multiplied-out quartic in θ."""
    z2 = norm.ppf(0.5 + level / 2) ** 2
    k = (positives + negatives) / 2 - 1
    theta = [0.0, 1.0]
    two_minus, one_plus, one_minus = [2.0, -1.0], [1.0, 1.0], [1.0, -1.0]
    # V(θ)·(2 − θ)(1 + θ)·P·N = θ(1 − θ)[(2 − θ)(1 + θ) + k(1 − θ)(1 + θ) + kθ(2 − θ)]
    bracket = poly.polyadd(poly.polyadd(poly.polymul(two_minus, one_plus),
                                        k * poly.polymul(one_minus, one_plus)),
                           k * poly.polymul(theta, two_minus))
    right = z2 * poly.polymul(poly.polymul(theta, one_minus), bracket)
    left = positives * negatives * poly.polymul(
        poly.polymul(poly.polypow([auc, -1.0], 2), two_minus), one_plus)
    roots = poly.polyroots(poly.polysub(left, right))
    real = np.sort(roots[np.abs(roots.imag) < 1e-7].real)
    inside = real[(real > 1e-9) & (real < 1 - 1e-9)]
    below, above = inside[inside < auc], inside[inside > auc]
    assert len(below) <= 1 and len(above) <= 1          # one end on each side
    return (below[0] if len(below) else 0.0), (above[0] if len(above) else 1.0)


def labels_scores(positives, negatives, pairs_won):
    """A test set whose AUC is pairs_won/(P·N): positive i beats the lowest negatives."""
    rng = np.random.default_rng(pairs_won)
    wins = np.full(positives, pairs_won // positives)
    wins[: pairs_won % positives] += 1
    neg = np.arange(negatives, dtype=float)
    pos = wins - 0.5
    y = np.r_[np.ones(positives, int), np.zeros(negatives, int)]
    order = rng.permutation(y.size)
    return y[order], np.r_[pos, neg][order]


@pytest.mark.parametrize("positives, negatives", [(2, 2), (3, 4), (10, 10), (10, 40),
                                                  (37, 5), (160, 160)])
@pytest.mark.parametrize("level", [0.8, 0.95, 0.99])
def test_ends_are_the_quartics_roots(positives, negatives, level):
    pairs = positives * negatives
    for won in sorted({0, 1, pairs // 3, pairs // 2, pairs - 1, pairs}):
        y, s = labels_scores(positives, negatives, won)
        ci = ec.roc_auc_ci(y, s, method="newcombe", level=level)
        low, auc, high = ci.low, ci.auc, ci.high
        assert auc == pytest.approx(won / pairs, abs=1e-15)
        expected = quartic_ends(won / pairs, positives, negatives, level)
        assert (low, high) == pytest.approx(expected, abs=1e-10)


def test_ends_solve_the_score_equation_and_hold_the_estimate():
    y, s = ec.vojnovic_seven()
    ci = ec.roc_auc_ci(y, s, method="newcombe")
    low, auc, high = ci.low, ci.auc, ci.high
    z = norm.ppf(0.975)
    for end in (low, high):
        assert (auc - end) ** 2 == pytest.approx(z ** 2 * newcombe_variance(end, 3, 4),
                                                 rel=1e-9)
    assert low < auc < high
    # wider at a higher level, and the same on the mirrored problem (labels swapped)
    wide = ec.roc_auc_ci(y, s, method="newcombe", level=0.99)
    assert wide.low < low and wide.high > high
    mirror = ec.roc_auc_ci(1 - np.asarray(y), s, method="newcombe")
    assert mirror.low == pytest.approx(1 - high, abs=1e-12)
    assert mirror.high == pytest.approx(1 - low, abs=1e-12)


def test_at_auc_one_it_is_defined_and_not_degenerate():
    y = np.r_[np.ones(10, int), np.zeros(10, int)]
    s = np.r_[np.arange(10) + 10.0, np.arange(10.0)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")                     # no warning: it is defined
        ci = ec.roc_auc_ci(y, s, method="newcombe")
        low, auc, high = ci.low, ci.auc, ci.high
    assert (auc, high) == (1.0, 1.0) and 0.5 < low < 1.0
    assert (1 - low) ** 2 == pytest.approx(norm.ppf(0.975) ** 2
                                           * newcombe_variance(low, 10, 10), rel=1e-9)
    # where DeLong's interval collapses to a point and the logit one is undefined
    delong = ec.roc_auc_ci(y, s)
    assert (delong.low, delong.high) == (1.0, 1.0)
    with pytest.warns(ec.UndefinedMetricWarning, match="logit"):
        assert math.isnan(ec.roc_auc_ci(y, s, method="logit").low)


@pytest.mark.parametrize("delta, positives, negatives", [(3.0, 10, 10), (1.8, 10, 40)])
def test_brute_force_coverage(delta, positives, negatives):
    """Simulated coverage of the 95% interval: at least about 95%, where DeLong's is not."""
    rng = np.random.default_rng(11)
    truth = norm.cdf(delta / math.sqrt(2))
    y = np.r_[np.ones(positives, int), np.zeros(negatives, int)]
    hits = {"newcombe": 0, "delong": 0}
    reps = 1500
    for _ in range(reps):
        s = np.r_[rng.normal(delta, 1, positives), rng.normal(0, 1, negatives)]
        for method in hits:
            ci = ec.roc_auc_ci(y, s, method=method)
            low, high = ci.low, ci.high
            hits[method] += low <= truth <= high
    noise = math.sqrt(0.95 * 0.05 / reps)
    assert hits["newcombe"] / reps > 0.95 - 3 * noise
    assert hits["delong"] / reps < 0.95 - 3 * noise


def test_bad_level_and_unknown_method_still_refused():
    y, s = ec.vojnovic_seven()
    with pytest.raises(ValueError, match="level"):
        ec.roc_auc_ci(y, s, method="newcombe", level=1.0)
    with pytest.raises(ValueError, match="'newcombe'"):
        ec.roc_auc_ci(y, s, method="Newcombe")


# --------------------------------------------------------------- the bootstrap stays stratified

def test_roc_auc_ci_bootstrap_stays_stratified():
    y, s = binormal(np.random.default_rng(4), 12, 30, shuffle=True)
    ci = ec.roc_auc_ci(y, s, method="bootstrap", n_boot=300, random_state=2)
    ref = scipy_stratified(y, s, "percentile", 300, 2)
    assert (ci.low, ci.high) == pytest.approx((ref.low, ref.high), rel=1e-12)


# ------------------------------------------------------------------------------------ odd input

def test_one_positive_is_too_few_for_delong_but_not_for_the_permutation_test():
    y, s = [0, 1, 0, 0], [0.1, 0.2, 0.3, 0.4]
    ci, categories = said(lambda: ec.roc_auc_ci(y, s))
    assert categories == ["UndefinedMetricWarning"]
    assert math.isnan(ci.low) and ci.auc == pytest.approx(1 / 3) and math.isnan(ci.high)
