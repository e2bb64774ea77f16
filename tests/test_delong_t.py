"""Tests for the Student t reference of DeLong's unpaired test, the one-sided DeLong tests,
the logit and Hanley-McNeil intervals and auc_sample_size.

References: scipy.stats.t and scipy.stats.norm (the tests' formulas written out), a
brute-force DeLong variance from the pairwise ψ table (evalcore/reference.py), Hanley and McNeil's
(1982) printed SE for their CT ratings, and the Hanley-McNeil formula computed by hand here.
pROC's printed p-values for the aSAH data (0.152825378808796 unpaired, wfns vs s100b) were
reproduced when this was written, but the aSAH data are not shipped with the book.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from scipy.stats import norm
from scipy.stats import t as student_t

import evalcore as ec
from evalcore.reference import auc_pairs, delong_variance

SEVEN_Y = [0, 1, 0, 1, 1, 0, 0]
SEVEN_S = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]


def hanley_mcneil_se(a, n_abnormal, n_normal):
    q1, q2 = a / (2 - a), 2 * a ** 2 / (1 + a)
    return math.sqrt((a * (1 - a) + (n_abnormal - 1) * (q1 - a ** 2)
                      + (n_normal - 1) * (q2 - a ** 2)) / (n_abnormal * n_normal))


# ----------------------------------------------------------------------------- DeLong tests

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


# ----------------------------------------------------------------------------- intervals

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


# ----------------------------------------------------------------------------- sample size

@pytest.mark.parametrize("auc,width,level,ratio", [(0.8, 0.1, 0.95, 1.0), (0.7, 0.2, 0.9, 2.5),
                                                   (0.95, 0.05, 0.99, 0.5), (0.6, 0.3, 0.8, 4)])
def test_sample_size_plugged_back(auc, width, level, ratio):
    plan = ec.auc_sample_size(auc, width=width, level=level, ratio=ratio)
    z = norm.ppf(0.5 + level / 2)
    assert plan.negatives == max(1, math.ceil(ratio * plan.positives))
    achieved = 2 * z * hanley_mcneil_se(auc, plan.positives, plan.negatives)
    assert achieved <= width and plan.width == pytest.approx(achieved, rel=1e-12)
    fewer = plan.positives - 1
    if fewer >= 1:
        assert 2 * z * hanley_mcneil_se(auc, fewer, max(1, math.ceil(ratio * fewer))) > width


def test_sample_size_errors():
    with pytest.raises(ValueError, match=r"auc must lie in \(0\.0, 1\.0\)"):
        ec.auc_sample_size(1.0, width=0.1)
    with pytest.raises(ValueError, match="width must lie in"):
        ec.auc_sample_size(0.8, width=0)
    with pytest.raises(TypeError, match="width must be a real number"):
        ec.auc_sample_size(0.8, width="0.1")
    with pytest.raises(ValueError, match=r"ratio must lie in \(0\.0, inf\)"):
        ec.auc_sample_size(0.8, width=0.1, ratio=-1)
    with pytest.raises(ValueError, match=r"level must lie in \(0\.0, 1\.0\)"):
        ec.auc_sample_size(0.8, width=0.1, level=95)
