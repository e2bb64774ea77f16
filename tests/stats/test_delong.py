"""evalcore/stats/delong.py: DeLong's variance of the AUC and DeLong's paired and unpaired tests.

References: the variance from the pairwise ψ table and the placement values
(evalcore/reference.py), a bootstrap on a large binormal sample, the paired test from the
2x2 covariance matrices written out, the unpaired test's normal and Student t references with
scipy.stats, and far tails from Laplace's continued fraction of Mills' ratio."""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import norm
from scipy.stats import t as student_t
from sklearn.metrics import roc_auc_score

import evalcore as ec
from evalcore.reference import auc_pairs, delong_variance, placements, psi_table

from helpers import binormal, said
from strategies import two_of_each_class


SEVEN_Y = [0, 1, 0, 1, 1, 0, 0]
SEVEN_S = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]


# ----------------------------------------------------------------------- independent references

def brute_paired(y, a, b):
    """(difference, z) from the 2x2 covariance matrices S10 and S01 (DeLong 1988, eq. form)."""
    (a10, a01), (b10, b01) = placements(y, a), placements(y, b)
    s10 = np.cov(np.vstack([a10, b10]))
    s01 = np.cov(np.vstack([a01, b01]))
    contrast = np.array([1.0, -1.0])
    m, n = a10.size, a01.size
    variance = contrast @ s10 @ contrast / m + contrast @ s01 @ contrast / n
    difference = a10.mean() - b10.mean()          # each AUC is the mean of its V10
    return difference, difference / math.sqrt(variance)


# -------------------------------------------------------------------------- normal distribution

def normal_tail(z):
    """P(Z ≥ z) for z ≥ 5 from Laplace's continued fraction of Mills' ratio (no scipy):
    φ(z) / (z + 1/(z + 2/(z + 3/(z + …))))."""
    fraction = 0.0
    for k in range(200, 0, -1):
        fraction = k / (z + fraction)
    return math.exp(-z * z / 2) / math.sqrt(2 * math.pi) / (z + fraction)


@pytest.mark.parametrize("seed", range(3))
def test_paired_pvalues_far_in_the_tail_keep_their_digits(seed):
    # a strong classifier against a weak one: z of 11 to 15, p-values of 1e-31 to 1e-52,
    # which 1 − Φ(z) would round to 0
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1], 200)
    s1, s2 = 2.5 * y + rng.normal(size=400), 0.3 * y + rng.normal(size=400)
    two = ec.delong_test(y, s1, s2)
    z = two.statistic
    assert z > 10
    assert two.pvalue == pytest.approx(2 * normal_tail(z), rel=1e-12)
    assert ec.delong_test(y, s1, s2, alternative="greater").pvalue == pytest.approx(
        normal_tail(z), rel=1e-12)
    assert ec.delong_test(y, s2, s1, alternative="less").pvalue == pytest.approx(
        normal_tail(z), rel=1e-12)


# ---------------------------------------------------------------------------- DeLong's variance

def test_variance_of_the_seven_examples_worked_by_hand():
    # V10 = (1, 1, 3/4), V01 = (1, 2/3, 1, 1), AUC = 11/12
    v10 = [Fraction(1), Fraction(1), Fraction(3, 4)]
    v01 = [Fraction(1), Fraction(2, 3), Fraction(1), Fraction(1)]
    auc = Fraction(11, 12)
    s10 = sum((v - auc) ** 2 for v in v10) / 2
    s01 = sum((v - auc) ** 2 for v in v01) / 3
    exact = s10 / 3 + s01 / 4
    assert exact == Fraction(1, 72)
    assert ec.delong_variance(SEVEN_Y, SEVEN_S) == pytest.approx(float(exact), rel=1e-14)


@pytest.mark.parametrize("seed", range(8))
def test_variance_matches_brute_force_with_ties(seed):
    rng = np.random.default_rng(seed)
    m, n = rng.integers(2, 60, size=2)
    y, s = binormal(rng, m, n, 0.8)
    s = np.round(s, 1)              # many ties
    variance = delong_variance(y, s)
    assert ec.delong_variance(y, s) == pytest.approx(variance, rel=1e-12)
    assert ec.roc_auc_ci(y, s).auc == pytest.approx(roc_auc_score(y, s), rel=1e-14)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(two_of_each_class())
def test_variance_property_brute_force_and_nonnegative(data):
    y, s = data
    variance = ec.delong_variance(y, s)
    assert variance >= 0
    assert variance == pytest.approx(delong_variance(y, s), rel=1e-10, abs=1e-15)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(two_of_each_class(ties=False), st.randoms(use_true_random=False))
def test_variance_invariant_to_monotone_transform_and_order(data, random):
    y, s = data
    variance = ec.delong_variance(y, s)
    assert variance == pytest.approx(delong_variance(y, s), rel=1e-10, abs=1e-15)
    order = list(range(y.size))
    random.shuffle(order)
    assert ec.delong_variance(y[order], s[order]) == pytest.approx(variance, rel=1e-12,
                                                                   abs=1e-15)
    same_order = np.unique(s, return_inverse=True)[1] * 3.0 - 7.0
    assert ec.delong_variance(y, same_order) == pytest.approx(variance, rel=1e-12, abs=1e-15)


def test_variance_is_zero_for_perfect_separation_and_labels_are_read():
    y = ["ill", "ill", "ok", "ok", "ok"]
    assert ec.delong_variance(y, [5, 4, 3, 2, 1], pos_label="ill") == 0.0
    assert ec.delong_variance([1, 1, -1, -1], [0.9, 0.1, 0.5, 0.2]) == pytest.approx(
        delong_variance([1, 1, 0, 0], [0.9, 0.1, 0.5, 0.2]))


@pytest.mark.parametrize("y", [[1, 0, 0, 0], [0, 1, 1, 1], [1, 1, 1, 1]])
def test_variance_undefined_with_fewer_than_two_of_a_class(y):
    with pytest.warns(ec.UndefinedMetricWarning, match="at least 2 positive and 2 negative") as rec:
        assert math.isnan(ec.delong_variance(y, [0.1, 0.2, 0.3, 0.4]))
    assert len(rec) == 1


@pytest.mark.slow
def test_variance_matches_the_bootstrap_on_a_large_binormal_sample():
    rng = np.random.default_rng(2014)
    y, s = binormal(rng, 1000, 1000, 1.0)
    pos, neg = s[y == 1], s[y == 0]
    draws = []
    for _ in range(500):    # stratified bootstrap, independent of evalcore
        bp = rng.choice(pos, pos.size)
        bn = rng.choice(neg, neg.size)
        draws.append(roc_auc_score(np.r_[np.ones(pos.size), np.zeros(neg.size)], np.r_[bp, bn]))
    bootstrap_variance = np.var(draws, ddof=1)
    assert ec.delong_variance(y, s) == pytest.approx(bootstrap_variance, rel=0.15)


# ------------------------------------------------------------------------------- DeLong's tests

@pytest.mark.parametrize("seed", range(6))
def test_paired_test_matches_brute_force(seed):
    rng = np.random.default_rng(100 + seed)
    y, a = binormal(rng, int(rng.integers(3, 50)), int(rng.integers(3, 50)), 1.0)
    b = 0.6 * a + rng.normal(0, 0.8, a.size)
    a, b = np.round(a, 1), np.round(b, 1)
    difference, z = brute_paired(y, a, b)
    test = ec.delong_test(y, a, b)
    assert test.difference == pytest.approx(difference, abs=1e-14)
    assert test.statistic == pytest.approx(z, rel=1e-10)
    assert test.pvalue == pytest.approx(2 * norm.sf(abs(z)), rel=1e-10)
    se = difference / z
    assert test.low == pytest.approx(max(-1, difference - norm.ppf(0.975) * se), rel=1e-10)
    assert test.high == pytest.approx(min(1, difference + norm.ppf(0.975) * se), rel=1e-10)


@pytest.mark.parametrize("dtype", [np.float32, np.int16, np.bool_])
def test_paired_test_in_the_scores_own_dtype_equals_float64(dtype):
    """Scores are ranked in their own dtype (float32 sorts as 32-bit codes): the same test,
    to the last bit, as on the same scores converted to float64 first."""
    rng = np.random.default_rng(11)
    y = rng.integers(0, 2, 5000)
    a, b = rng.normal(size=5000) + y, rng.normal(size=5000) + 0.5 * y
    if dtype == np.bool_:
        a, b = a > 0.5, b > 0.5
    else:
        a, b = (np.round(a * 100), np.round(b * 100)) if dtype == np.int16 else (a, b)
        a, b = a.astype(dtype), b.astype(dtype)
    own = ec.delong_test(y, a, b)
    wide = ec.delong_test(y, a.astype(np.float64), b.astype(np.float64))
    assert tuple(own) == tuple(wide)
    many = ec.delong_test_many(y, a, b, a[::-1].copy())
    assert many.statistic == ec.delong_test_many(y, *(x.astype(np.float64) for x in
                                                       (a, b, a[::-1]))).statistic


def test_paired_test_on_murphys_two_classifiers():
    y, s1 = ec.murphy_classifier(1)
    _, s2 = ec.murphy_classifier(2)
    difference, z = brute_paired(y, s1, s2)
    test = ec.delong_test(y, s1, s2)
    assert test.difference == pytest.approx(1 - roc_auc_score(y, s2))
    assert test.statistic == pytest.approx(z)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(two_of_each_class(), st.lists(st.integers(0, 6), min_size=40, max_size=40))
def test_paired_statistic_is_antisymmetric(data, other):
    y, a = data
    b = np.array(other[: y.size], dtype=float)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        ab, ba = ec.delong_test(y, a, b), ec.delong_test(y, b, a)
    if math.isnan(ab.statistic):
        assert math.isnan(ba.statistic) and ab.difference == 0.0
    else:
        assert ab.statistic == -ba.statistic
        assert ab.difference == -ba.difference
        assert ab.pvalue == ba.pvalue
        assert 0.0 <= ab.pvalue <= 1.0


def test_paired_test_on_identical_scores_is_undefined():
    with pytest.warns(ec.UndefinedMetricWarning, match="variance of their difference is 0") as rec:
        test = ec.delong_test(SEVEN_Y, SEVEN_S, SEVEN_S)
    assert len(rec) == 1
    assert math.isnan(test.statistic) and math.isnan(test.pvalue)
    assert (test.difference, test.low, test.high) == (0.0, 0.0, 0.0)


def test_paired_test_zero_variance_nonzero_difference():
    # a perfect ranker against a constant score: every placement is 1 and ½ respectively
    y = [1, 1, 0, 0]
    test = ec.delong_test(y, [4, 3, 2, 1], [0, 0, 0, 0])
    assert test.statistic == math.inf and test.pvalue == 0.0 and test.difference == 0.5


def test_paired_test_is_more_powerful_than_treating_the_aucs_as_independent():
    rng = np.random.default_rng(1)
    y, a = binormal(rng, 300, 300, 1.0)
    b = a + rng.normal(0, 0.5, a.size)          # b is a noisier copy of a
    paired = ec.delong_test(y, a, b)
    unpaired = ec.delong_test_unpaired(y, a, y, b)
    assert paired.difference == unpaired.difference
    assert paired.pvalue < unpaired.pvalue
    assert paired.high - paired.low < unpaired.high - unpaired.low


def test_unpaired_test_by_formula():
    y9, s9 = ec.murphy_classifier(2)
    auc_a, var_a = auc_pairs(SEVEN_Y, SEVEN_S), delong_variance(SEVEN_Y, SEVEN_S)
    auc_b, var_b = auc_pairs(y9, s9), delong_variance(y9, s9)
    z = (auc_a - auc_b) / math.sqrt(var_a + var_b)
    # pROC's reference: Student's t with Welch-Satterthwaite degrees of freedom
    df = (var_a + var_b) ** 2 / (var_a ** 2 / (7 - 1) + var_b ** 2 / (9 - 1))
    test = ec.delong_test_unpaired(SEVEN_Y, SEVEN_S, y9, s9)
    assert test.statistic == pytest.approx(z, rel=1e-12)
    assert test.df == pytest.approx(df, rel=1e-12)
    assert test.pvalue == pytest.approx(2 * student_t.sf(abs(z), df), rel=1e-10)
    swapped = ec.delong_test_unpaired(y9, s9, SEVEN_Y, SEVEN_S)
    assert swapped.statistic == -test.statistic


def test_unpaired_test_undefined_sample():
    with pytest.warns(ec.UndefinedMetricWarning, match="unpaired") as rec:
        test = ec.delong_test_unpaired(SEVEN_Y, SEVEN_S, [1, 0, 0], [0.3, 0.2, 0.1])
    assert len(rec) == 1 and all(math.isnan(v) for v in test)


# ------------------------------------------------------------------------------------ bad input

def test_errors_name_the_argument():
    with pytest.raises(ValueError, match=r"level must lie in \(0\.0, 1\.0\)"):
        ec.roc_auc_ci(SEVEN_Y, SEVEN_S, level=95)
    with pytest.raises(TypeError, match="level must be a real number"):
        ec.delong_test(SEVEN_Y, SEVEN_S, SEVEN_S, level="0.95")
    with pytest.raises(ValueError, match="method must be one of \\('delong', 'logit', 'hanley_mcneil', 'bootstrap', 'newcombe'\\)"):
        ec.roc_auc_ci(SEVEN_Y, SEVEN_S, method="hanley")
    with pytest.raises(ValueError, match="n_boot must be an integer of at least 1"):
        ec.roc_auc_ci(SEVEN_Y, SEVEN_S, method="bootstrap", n_boot=0)
    with pytest.raises(TypeError, match="n_boot must be an integer"):
        ec.bootstrap_ci(SEVEN_Y, SEVEN_S, ec.roc_auc, n_boot=10.5)
    with pytest.raises(TypeError, match="random_state must be None"):
        ec.bootstrap_ci(SEVEN_Y, SEVEN_S, ec.roc_auc, random_state="seed")
    with pytest.raises(TypeError, match="metric must be a callable"):
        ec.bootstrap_ci(SEVEN_Y, SEVEN_S, "roc_auc")
    with pytest.raises(TypeError, match="metric must return a real number"):
        ec.bootstrap_ci(SEVEN_Y, SEVEN_S, lambda y, s: s, n_boot=5)
    with pytest.raises(ValueError, match="y_score_a has 7, y_score_b has 6"):
        ec.delong_test(SEVEN_Y, SEVEN_S, SEVEN_S[:6])
    with pytest.raises(ValueError, match="y_score_b must be finite"):
        ec.delong_test(SEVEN_Y, SEVEN_S, SEVEN_S[:6] + [float("nan")])
    with pytest.raises(ValueError, match="y_true_b must hold two classes"):
        ec.delong_test_unpaired(SEVEN_Y, SEVEN_S, [0, 1, 2], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="inputs must have the same length"):
        ec.delong_variance(SEVEN_Y, SEVEN_S[:5])


# --------------------------------- one-sided tests, and the unpaired test's Student t reference

@pytest.mark.parametrize("seed", range(5))
def test_unpaired_t_reference_and_alternatives(seed):
    rng = np.random.default_rng(seed)
    na, nb = rng.integers(6, 60, size=2)
    ya, yb = rng.integers(0, 2, na), rng.integers(0, 2, nb)
    ya[:4], yb[:4] = [0, 0, 1, 1], [0, 0, 1, 1]
    sa = np.round(ya * 0.8 + rng.normal(0, 1, na), 1)
    sb = np.round(yb * 0.3 + rng.normal(0, 1, nb), 1)
    auc_a, var_a = auc_pairs(ya, sa), delong_variance(ya, sa)
    auc_b, var_b = auc_pairs(yb, sb), delong_variance(yb, sb)
    stat = (auc_a - auc_b) / math.sqrt(var_a + var_b)
    df = (var_a + var_b) ** 2 / (var_a ** 2 / (na - 1) + var_b ** 2 / (nb - 1))
    expected = {"two-sided": 2 * student_t.sf(abs(stat), df),
                "greater": student_t.sf(stat, df), "less": student_t.cdf(stat, df)}
    for alternative, pvalue in expected.items():
        test = ec.delong_test_unpaired(ya, sa, yb, sb, alternative=alternative)
        assert test.statistic == pytest.approx(stat, rel=1e-10)
        assert test.df == pytest.approx(df, rel=1e-10)
        assert test.pvalue == pytest.approx(pvalue, rel=1e-9)
    half = student_t.ppf(0.95, df) * math.sqrt(var_a + var_b)
    test = ec.delong_test_unpaired(ya, sa, yb, sb, level=0.9)
    assert test.low == pytest.approx(max(-1, auc_a - auc_b - half), rel=1e-9)
    assert test.high == pytest.approx(min(1, auc_a - auc_b + half), rel=1e-9)


def test_paired_alternatives_use_the_normal():
    y, s1 = ec.murphy_classifier(1)
    _, s2 = ec.murphy_classifier(2)
    two = ec.delong_test(y, s1, s2)
    greater = ec.delong_test(y, s1, s2, alternative="greater")
    less = ec.delong_test(y, s1, s2, alternative="less")
    assert two.df == math.inf
    assert greater.pvalue == pytest.approx(norm.sf(two.statistic), rel=1e-12)
    assert less.pvalue == pytest.approx(norm.cdf(two.statistic), rel=1e-12)
    assert greater.pvalue + less.pvalue == pytest.approx(1.0)
    assert two.pvalue == pytest.approx(2 * min(greater.pvalue, less.pvalue))
    with pytest.raises(ValueError, match="alternative must be"):
        ec.delong_test(y, s1, s2, alternative="two.sided")


def test_zero_variance_one_sided():
    y = [1, 1, 0, 0]
    assert ec.delong_test(y, [4, 3, 2, 1], [0, 0, 0, 0], alternative="greater").pvalue == 0.0
    assert ec.delong_test(y, [4, 3, 2, 1], [0, 0, 0, 0], alternative="less").pvalue == 1.0


# ------------------------------------------------------------------------------------ odd input

BIG_Y = np.array([0, 1, 0, 1, 1, 0, 0, 1, 0])
RANKS = np.array([1, 5, 3, 8, 3, 0, 2, 6, 7])     # ties at 3: one positive, one negative
BIG = 2 ** 60 + RANKS                               # float64 would merge all of them


def test_delong_variance_of_the_big_scores_by_brute_force():
    table = [[Fraction(v) for v in row] for row in psi_table(BIG_Y, RANKS)]    # 1, 1/2, 0
    v10 = [sum(row) / len(row) for row in table]
    v01 = [sum(column) / len(column) for column in zip(*table)]
    auc = sum(v10) / len(v10)
    s10 = sum((v - auc) ** 2 for v in v10) / (len(v10) - 1)
    s01 = sum((v - auc) ** 2 for v in v01) / (len(v01) - 1)
    assert ec.delong_variance(BIG_Y, BIG) == pytest.approx(float(s10 / len(v10) + s01 / len(v01)),
                                                           rel=1e-15)


def test_constant_scores():
    y = [0, 1, 0, 1, 1, 0]
    assert said(lambda: ec.delong_variance(y, [2.0] * 6)) == (0.0, [])   # every placement ½
    test, categories = said(lambda: ec.paired_permutation_test(y, [1.0] * 6, [1.0] * 6))
    assert categories == [] and (test.statistic, test.pvalue) == (0.0, 1.0)
    comparison, categories = said(lambda: ec.delong_test(y, [1.0] * 6, [1.0] * 6))
    assert categories == ["UndefinedMetricWarning"] and math.isnan(comparison.pvalue)
