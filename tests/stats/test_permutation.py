"""Tests for evalcore.stats.permutation: the exact and Monte Carlo permutation tests of the AUC.

References: scipy.stats.mannwhitneyu(method="exact") without ties, brute-force enumeration of
every label placement / every swap written here, scipy.stats.permutation_test, and
scikit-learn's AUC."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import mannwhitneyu, permutation_test
from sklearn.metrics import roc_auc_score

import evalcore as ec
from evalcore.reference import auc_pairs

from helpers import said


ALTERNATIVES = ("two-sided", "greater", "less")


def brute_auc_pvalue(y, s, alternative):
    """Enumerate every placement of the positive labels over the fixed scores."""
    y, s = np.asarray(y), np.asarray(s, dtype=float)
    n, p = y.size, int(y.sum())
    observed = roc_auc_score(y, s)
    aucs = []
    for chosen in itertools.combinations(range(n), p):
        labels = np.zeros(n, dtype=int)
        labels[list(chosen)] = 1
        aucs.append(auc_pairs(labels, s))
    aucs = np.array(aucs)
    tol = 1e-12
    if alternative == "greater":
        return observed, np.mean(aucs >= observed - tol)
    if alternative == "less":
        return observed, np.mean(aucs <= observed + tol)
    return observed, np.mean(np.abs(aucs - 0.5) >= abs(observed - 0.5) - tol)


@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("seed", range(5))
def test_exact_matches_scipy_mann_whitney_without_ties(seed, alternative):
    rng = np.random.default_rng(seed)
    m, n = rng.integers(1, 25, size=2)
    x, z = rng.normal(0.5, 1, m), rng.normal(0, 1, n)
    y = np.r_[np.ones(m, dtype=int), np.zeros(n, dtype=int)]
    test = ec.auc_permutation_test(y, np.r_[x, z], alternative=alternative)
    reference = mannwhitneyu(x, z, alternative=alternative, method="exact")
    assert test.exact and test.n_resamples == math.comb(m + n, m)
    assert test.statistic == pytest.approx(reference.statistic / (m * n), rel=1e-14)
    assert test.pvalue == pytest.approx(reference.pvalue, rel=1e-10)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(2, 11).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 1), min_size=n, max_size=n),
    st.lists(st.integers(0, 3), min_size=n, max_size=n))),
    st.sampled_from(ALTERNATIVES))
def test_exact_with_ties_matches_brute_force(data, alternative):
    y, s = data
    y[0], y[-1] = 0, 1
    observed, pvalue = brute_auc_pvalue(y, s, alternative)
    test = ec.auc_permutation_test(y, s, alternative=alternative)
    assert test.exact
    assert test.statistic == pytest.approx(observed, abs=1e-14)
    assert test.pvalue == pytest.approx(pvalue, rel=1e-9)


def test_one_sided_with_ties_matches_scipy_permutation_test():
    y, s = ec.murphy_classifier(2)
    for alternative in ("greater", "less"):
        reference = permutation_test(
            (s[y == 1], s[y == 0]),
            lambda a, b: roc_auc_score(np.r_[np.ones(a.size), np.zeros(b.size)], np.r_[a, b]),
            permutation_type="independent", alternative=alternative, n_resamples=np.inf,
            vectorized=False)
        test = ec.auc_permutation_test(y, s, alternative=alternative)
        assert test.pvalue == pytest.approx(reference.pvalue, rel=1e-12)


def test_murphy_classifier_two():
    # 13 of the C(9, 5) = 126 placements are at least 0.35 from 1/2 (brute force above)
    test = ec.auc_permutation_test(*ec.murphy_classifier(2))
    assert test.statistic == pytest.approx(0.85)
    assert test.pvalue == pytest.approx(13 / 126, rel=1e-12)
    assert brute_auc_pvalue(*ec.murphy_classifier(2), "two-sided")[1] == pytest.approx(13 / 126)


def test_monte_carlo_is_seeded_add_one_and_near_exact():
    rng = np.random.default_rng(3)
    y = np.r_[np.ones(30, dtype=int), np.zeros(40, dtype=int)]
    s = np.round(np.r_[rng.normal(0.4, 1, 30), rng.normal(0, 1, 40)], 1)
    exact = ec.auc_permutation_test(y, s)
    a = ec.auc_permutation_test(y, s, n_resamples=4000, random_state=1)
    b = ec.auc_permutation_test(y, s, n_resamples=4000, random_state=1)
    assert a == b and not a.exact and a.n_resamples == 4000
    assert a.statistic == exact.statistic
    se = math.sqrt(exact.pvalue * (1 - exact.pvalue) / 4000)
    assert abs(a.pvalue - exact.pvalue) < 5 * se + 1 / 4001
    # a perfect ranking is never beaten: b = 0 gives (0 + 1)/(m + 1), never 0
    perfect = ec.auc_permutation_test([0] * 30 + [1] * 30, np.arange(60.0), n_resamples=99,
                                      alternative="greater", random_state=0)
    assert perfect.pvalue == 1 / 100


def test_large_sample_falls_back_to_monte_carlo_and_agrees_with_normal_approximation():
    rng = np.random.default_rng(5)
    x, z = rng.normal(0.1, 1, 2000), rng.normal(0, 1, 2000)
    y = np.r_[np.ones(2000, dtype=int), np.zeros(2000, dtype=int)]
    test = ec.auc_permutation_test(y, np.r_[x, z], random_state=0)
    assert not test.exact and test.n_resamples == 9999
    reference = mannwhitneyu(x, z, method="asymptotic").pvalue
    assert abs(test.pvalue - reference) < 0.03


def test_auc_permutation_undefined_and_errors():
    with pytest.warns(ec.UndefinedMetricWarning, match="no positive samples") as rec:
        test = ec.auc_permutation_test([0, 0, 0], [0.1, 0.2, 0.3])
    assert len(rec) == 1 and math.isnan(test.statistic) and math.isnan(test.pvalue)
    with pytest.raises(ValueError, match="alternative must be one of .*'two-sided', 'greater', 'less'"):
        ec.auc_permutation_test([0, 1], [0.1, 0.2], alternative="two.sided")
    with pytest.raises(ValueError, match="n_resamples must be an integer of at least 1"):
        ec.auc_permutation_test([0, 1], [0.1, 0.2], n_resamples=0)
    with pytest.raises(TypeError, match="n_resamples must be an integer"):
        ec.auc_permutation_test([0, 1], [0.1, 0.2], n_resamples=10.0)
    with pytest.raises(TypeError, match="random_state must be None"):
        ec.auc_permutation_test([0, 1], [0.1, 0.2], n_resamples=5, random_state="x")
    with pytest.raises(ValueError, match="inputs must have the same length"):
        ec.auc_permutation_test([0, 1, 1], [0.1, 0.2])


# --------------------------------------------------------------------------------------- paired

def brute_paired(y, a, b, metric, alternative):
    y, a, b = np.asarray(y), np.asarray(a, float), np.asarray(b, float)
    observed = metric(y, a) - metric(y, b)
    null = []
    for swap in itertools.product([False, True], repeat=y.size):
        swap = np.array(swap)
        null.append(metric(y, np.where(swap, b, a)) - metric(y, np.where(swap, a, b)))
    null = np.array(null)
    tol = 1e-12
    if alternative == "greater":
        return observed, np.mean(null >= observed - tol)
    if alternative == "less":
        return observed, np.mean(null <= observed + tol)
    return observed, np.mean(np.abs(null) >= abs(observed) - tol)


@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_paired_on_murphys_classifiers_matches_brute_force_and_scipy(alternative):
    y, s1 = ec.murphy_classifier(1)
    _, s2 = ec.murphy_classifier(2)
    observed, pvalue = brute_paired(y, s1, s2, auc_pairs, alternative)
    test = ec.paired_permutation_test(y, s1, s2, alternative=alternative)
    assert test.exact and test.n_resamples == 512
    assert test.statistic == pytest.approx(observed, abs=1e-14)
    assert test.pvalue == pytest.approx(pvalue, rel=1e-12)
    # scipy enumerates the 512 swaps its own way; the AUC is the reference's definition
    # (scikit-learn's roc_auc_score there took 6 s, its input checks repeated 1,024 times)
    reference = permutation_test(
        (s1, s2), lambda a, b: auc_pairs(y, a) - auc_pairs(y, b),
        permutation_type="samples", alternative=alternative, n_resamples=np.inf,
        vectorized=False)
    assert test.pvalue == pytest.approx(reference.pvalue, rel=1e-12)
    if alternative == "two-sided":
        assert test.pvalue == pytest.approx(0.5)


@pytest.mark.parametrize("seed", range(4))
def test_paired_with_another_metric_matches_brute_force(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(4, 11))
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]
    a, b = np.round(rng.random(n), 1), np.round(rng.random(n), 1)
    brier = lambda label, score: float(np.mean((score - label) ** 2))  # noqa: E731
    observed, pvalue = brute_paired(y, a, b, brier, "greater")
    test = ec.paired_permutation_test(y, a, b, metric=brier, alternative="greater")
    assert test.statistic == pytest.approx(observed, abs=1e-14)
    assert test.pvalue == pytest.approx(pvalue, rel=1e-12)


@pytest.mark.slow
def test_paired_monte_carlo_is_seeded_and_antisymmetric():
    rng = np.random.default_rng(9)
    y = np.r_[np.ones(40, dtype=int), np.zeros(40, dtype=int)]
    a = np.r_[rng.normal(1, 1, 40), rng.normal(0, 1, 40)]
    b = a + rng.normal(0, 1, 80)
    one = ec.paired_permutation_test(y, a, b, random_state=4, n_resamples=500)
    two = ec.paired_permutation_test(y, a, b, random_state=4, n_resamples=500)
    assert one == two and not one.exact and one.n_resamples == 500
    swapped = ec.paired_permutation_test(y, b, a, random_state=4, n_resamples=500)
    assert swapped.statistic == pytest.approx(-one.statistic, abs=1e-15)
    # the same random swaps: the two-sided p-value counts |T| >= |t| either way
    assert swapped.pvalue == one.pvalue
    default = ec.paired_permutation_test(y, a, b, random_state=0)
    assert default.n_resamples == 9999 and not default.exact
    # agrees with DeLong's paired test at this size, roughly
    assert abs(default.pvalue - ec.delong_test(y, a, b).pvalue) < 0.1


def test_paired_undefined_and_errors():
    with pytest.warns(ec.UndefinedMetricWarning, match="paired permutation test is undefined") as rec:
        test = ec.paired_permutation_test([1, 1, 1], [0.1, 0.2, 0.3], [0.3, 0.2, 0.1])
    assert len(rec) == 1 and math.isnan(test.pvalue)
    with pytest.raises(ValueError, match="y_score_a has 3, y_score_b has 2"):
        ec.paired_permutation_test([0, 1, 1], [0.1, 0.2, 0.3], [0.1, 0.2])
    with pytest.raises(TypeError, match="metric must be a callable"):
        ec.paired_permutation_test([0, 1], [0.1, 0.2], [0.2, 0.1], metric="roc_auc")
    with pytest.raises(TypeError, match="metric must return a real number"):
        ec.paired_permutation_test([0, 1], [0.1, 0.2], [0.2, 0.1], metric=lambda y, s: s)
    with pytest.raises(ValueError, match="alternative must be"):
        ec.paired_permutation_test([0, 1], [0.1, 0.2], [0.2, 0.1], alternative="both")


# ------------------------------------------------------------------------------------ odd input

SEVEN_Y = [0, 1, 0, 1, 1, 0, 0]
SEVEN_S = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]


@pytest.mark.parametrize("call", [
    lambda **kw: ec.auc_permutation_test(SEVEN_Y, SEVEN_S, **kw),
    lambda **kw: ec.paired_permutation_test(SEVEN_Y, SEVEN_S, SEVEN_S[::-1], **kw),
])
def test_n_resamples_and_seed(call):
    for bad in (2.5, "many", True):
        with pytest.raises(TypeError, match="n_resamples must be an integer"):
            call(n_resamples=bad)
    with pytest.raises(ValueError, match="n_resamples must be an integer of at least 1"):
        call(n_resamples=0)
    with pytest.raises(ValueError, match="random_state must be an integer of at least 0"):
        call(n_resamples=5, random_state=-3)
    assert call(n_resamples=np.int64(5), random_state=np.int64(0)).n_resamples == 5


def brute_force_pvalue(labels, scores):
    """Two-sided exact permutation p-value of the AUC over every placement of the positives."""
    labels, scores = np.asarray(labels), np.asarray(scores, dtype=float)
    n, p = labels.size, int(labels.sum())

    def auc(positive):
        chosen = np.zeros(n, dtype=bool)
        chosen[positive] = True
        return auc_pairs(chosen, scores, exact=True)
    observed = abs(auc(np.flatnonzero(labels)) - Fraction(1, 2))
    placements = [list(c) for c in itertools.combinations(range(n), p)]
    extreme = sum(abs(auc(c) - Fraction(1, 2)) >= observed for c in placements)
    return Fraction(extreme, len(placements))


@pytest.mark.parametrize("labels, scores", [
    ([0, 1, 0, 0], [0.1, 0.2, 0.3, 0.4]),                       # one positive
    ([1, 1, 0, 1, 1, 1], [0.9, 0.2, 0.1, 0.5, 0.5, 0.4]),       # one negative, ties
    ([0, 1, 0, 1, 1], [0.3, 0.3, 0.3, 0.3, 0.3]),               # constant scores
    ([1, 1, 1, 0, 0, 1, 1], [3, 3, 2, 2, 1, 1, 0]),            # more positives than negatives
])
def test_exact_permutation_test_on_tiny_samples_by_brute_force(labels, scores):
    test, categories = said(lambda: ec.auc_permutation_test(labels, scores))
    assert categories == [] and test.exact
    assert test.pvalue == pytest.approx(float(brute_force_pvalue(labels, scores)), rel=1e-12)
