"""The evaluation protocol's statistics (evalcore/stats/protocol.py), against independent
references.

* the corrected resampled t-test and the 5×2cv tests against a by-hand computation written
  with loops, their p-values against ``scipy.stats.t`` and ``scipy.stats.f``;
* Holm's adjustment against statsmodels' ``multipletests(method="holm")`` (a test-only
  oracle, never imported by evalcore) and its identities (adjusted ≥ raw, monotone);
* Friedman's statistic against ``scipy.stats.friedmanchisquare`` (without ties; with ties,
  scipy's tie correction computed by hand) and Demšar's (2006) worked example;
* Nemenyi's critical difference against Demšar's Table 5 and scipy's studentized range;
* p-values far in the tail against closed forms (Student's t with 1 and 2 degrees of freedom,
  χ² with 2), which ``1 − CDF`` would round to 0.
"""

from __future__ import annotations

import itertools
import math
import warnings
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats import multitest

import evalcore as ec
from reference import DEMSAR_AUC

RNG_SEEDS = range(6)


# ------------------------------------------------------------------ the corrected t-test
def corrected_by_hand(a, b, n_train, n_test, level=0.95):
    """Nadeau and Bengio's test written out with loops, p-value and quantile from scipy."""
    d = [x - y for x, y in zip(a, b)]
    J = len(d)
    mean = sum(d) / J
    s2 = sum((x - mean) ** 2 for x in d) / (J - 1)
    se = math.sqrt((1 / J + n_test / n_train) * s2)
    t = mean / se
    half = stats.t.ppf(0.5 + level / 2, J - 1) * se
    return t, 2 * stats.t.sf(abs(t), J - 1), mean, mean - half, mean + half, se


@pytest.mark.parametrize("seed", RNG_SEEDS)
@pytest.mark.parametrize("splits, ratio", [(10, 1 / 9), (30, 1 / 4), (2, 1.0), (15, 0.5)])
def test_corrected_ttest_equals_the_by_hand_computation(seed, splits, ratio):
    rng = np.random.default_rng(seed)
    a = rng.normal(0.8, 0.03, splits)
    b = a - rng.normal(0.01, 0.02, splits)
    n_train = 400
    got = ec.corrected_resampled_ttest(a, b, n_train=n_train, n_test=ratio * n_train,
                                       level=0.9)
    t, p, mean, low, high, se = corrected_by_hand(a, b, n_train, ratio * n_train, level=0.9)
    assert got.statistic == pytest.approx(t, rel=1e-12)
    assert got.pvalue == pytest.approx(p, rel=1e-9)
    assert got.difference == pytest.approx(mean, rel=1e-12)
    assert (got.low, got.high) == pytest.approx((low, high), rel=1e-9)
    assert got.standard_error == pytest.approx(se, rel=1e-12)
    assert got.df == splits - 1


def test_without_the_correction_term_it_is_the_ordinary_paired_ttest():
    rng = np.random.default_rng(1)
    a, b = rng.normal(0.8, 0.02, 12), rng.normal(0.79, 0.02, 12)
    got = ec.corrected_resampled_ttest(a, b, n_train=1e300, n_test=1e-300)
    expected = stats.ttest_rel(a, b)
    assert got.statistic == pytest.approx(expected.statistic, rel=1e-12)
    assert got.pvalue == pytest.approx(expected.pvalue, rel=1e-9)


@pytest.mark.parametrize("alternative", ["greater", "less"])
def test_one_sided_pvalues(alternative):
    a = [0.81, 0.84, 0.79, 0.86, 0.83]
    b = [0.80, 0.82, 0.80, 0.83, 0.82]
    got = ec.corrected_resampled_ttest(a, b, n_train=80, n_test=20, alternative=alternative)
    t = corrected_by_hand(a, b, 80, 20)[0]
    expected = stats.t.sf(t, 4) if alternative == "greater" else stats.t.cdf(t, 4)
    assert got.pvalue == pytest.approx(expected, rel=1e-9)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(-1, 1), min_size=2, max_size=40),
       st.floats(0.01, 10), st.floats(0.5, 0.999))
def test_corrected_se_is_at_least_the_naive_one_and_the_interval_agrees_with_the_pvalue(
        d, ratio, level):
    d = np.asarray(d)
    if np.ptp(d) < 1e-6:
        return
    got = ec.corrected_resampled_ttest(d, np.zeros_like(d), n_train=1.0, n_test=ratio,
                                       level=level)
    naive_se = np.std(d, ddof=1) / math.sqrt(d.size)
    assert got.standard_error >= naive_se * (1 - 1e-12)
    assert got.low <= got.difference <= got.high
    if abs(got.pvalue - (1 - level)) > 1e-9:             # 0 outside the interval iff p < 1 - level
        assert (got.pvalue < 1 - level) == (not got.low <= 0 <= got.high)


def test_equal_scores_are_undefined_with_one_warning_and_constant_gaps_are_infinite():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = ec.corrected_resampled_ttest([0.8, 0.7, 0.9], [0.8, 0.7, 0.9], n_train=9, n_test=1)
    assert [w.category for w in caught] == [ec.UndefinedMetricWarning]
    assert math.isnan(got.statistic) and math.isnan(got.pvalue) and got.difference == 0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        up = ec.corrected_resampled_ttest([0.75, 0.5], [0.5, 0.25], n_train=9, n_test=1)
        down = ec.corrected_resampled_ttest([0.75, 0.5], [0.5, 0.25], n_train=9, n_test=1,
                                            alternative="less")
    assert up.statistic == math.inf and up.pvalue == 0.0 and up.low == up.high == 0.25
    assert down.pvalue == 1.0


@pytest.mark.parametrize("kwargs, error, match", [
    ({"scores_a": [0.8], "scores_b": [0.7]}, ValueError, "at least 2 scores"),
    ({"scores_b": [0.7, 0.8, 0.9]}, ValueError, "same length.*scores_a has 2, scores_b has 3"),
    ({"scores_a": [0.8, np.nan]}, ValueError, "scores_a must be finite"),
    ({"scores_b": ["a", "b"]}, TypeError, "scores_b must hold numbers"),
    ({"scores_a": None}, TypeError, "scores_a is required"),
    ({"n_train": 0}, ValueError, "n_train must be positive"),
    ({"n_test": "10"}, TypeError, "n_test must be a positive real number"),
    ({"level": 95}, ValueError, "level must lie in"),
    ({"alternative": "two_sided"}, ValueError, "alternative must be one of"),
])
def test_corrected_ttest_errors_name_the_argument(kwargs, error, match):
    arguments = {"scores_a": [0.8, 0.9], "scores_b": [0.7, 0.75], "n_train": 90, "n_test": 10}
    arguments.update(kwargs)
    a, b = arguments.pop("scores_a"), arguments.pop("scores_b")
    with pytest.raises(error, match=match):
        ec.corrected_resampled_ttest(a, b, **arguments)


# ------------------------------------------------------------------------------- 5x2cv
def five_by_two_by_hand(a, b):
    p = [[a[i][j] - b[i][j] for j in range(2)] for i in range(5)]
    s2 = 0.0
    for i in range(5):
        mean = (p[i][0] + p[i][1]) / 2
        s2 += (p[i][0] - mean) ** 2 + (p[i][1] - mean) ** 2
    t = p[0][0] / math.sqrt(s2 / 5)
    f = sum(p[i][j] ** 2 for i in range(5) for j in range(2)) / (2 * s2)
    return t, 2 * stats.t.sf(abs(t), 5), f, stats.f.sf(f, 10, 5)


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_5x2cv_equals_the_by_hand_computation(seed):
    rng = np.random.default_rng(seed)
    a = rng.normal(0.8, 0.03, (5, 2))
    b = a - rng.normal(0.01, 0.02, (5, 2))
    got = ec.paired_ttest_5x2cv(a, b)
    assert got == pytest.approx(five_by_two_by_hand(a.tolist(), b.tolist()), rel=1e-9)
    flat = ec.paired_ttest_5x2cv(a.ravel().tolist(), b.ravel())      # 10 values, row by row
    assert flat == pytest.approx(tuple(got), rel=1e-15)


def test_5x2cv_f_ignores_the_order_of_replications_and_t_reads_the_first_difference():
    rng = np.random.default_rng(3)
    a, b = rng.normal(0.8, 0.03, (5, 2)), rng.normal(0.79, 0.03, (5, 2))
    got = ec.paired_ttest_5x2cv(a, b)
    for order in itertools.permutations(range(5)):
        other = ec.paired_ttest_5x2cv(a[list(order)], b[list(order)])
        assert other.f_statistic == pytest.approx(got.f_statistic, rel=1e-12)
        if order[0] == 0:
            assert other.statistic == pytest.approx(got.statistic, rel=1e-12)
    one_sided = ec.paired_ttest_5x2cv(a, b, alternative="greater")
    assert one_sided.pvalue == pytest.approx(stats.t.sf(got.statistic, 5), rel=1e-9)


def test_5x2cv_undefined_and_degenerate_cases():
    a = np.full((5, 2), 0.8)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = ec.paired_ttest_5x2cv(a, a)
    assert [w.category for w in caught] == [ec.UndefinedMetricWarning]
    assert all(math.isnan(v) for v in got)
    constant_gap = ec.paired_ttest_5x2cv(a, a - 0.25)
    assert constant_gap.statistic == math.inf and constant_gap.pvalue == 0.0
    assert constant_gap.f_statistic == math.inf and constant_gap.f_pvalue == 0.0


@pytest.mark.parametrize("scores, error, match", [
    (np.zeros((2, 5)), ValueError, r"scores_a must have shape \(5, 2\)"),
    (np.zeros(9), ValueError, r"scores_a must be 2-D \(5 replications × 2 folds\)"),
    (np.full((5, 2), np.inf), ValueError, "scores_a must be finite"),
    ("0.8", TypeError, "scores_a must be a 2-D array-like"),
])
def test_5x2cv_errors_name_the_argument(scores, error, match):
    with pytest.raises(error, match=match):
        ec.paired_ttest_5x2cv(scores, np.zeros((5, 2)))


# -------------------------------------------------------------------------------- Holm
def holm_by_statsmodels(p, alpha):
    """statsmodels' Holm (``multipletests``) without the full garbage collection it runs on
    every call, which costs half a second in a test process's large heap and changes nothing
    it returns."""
    with mock.patch("gc.collect", lambda *args: 0):
        return multitest.multipletests(p, alpha=alpha, method="holm")


@settings(max_examples=100, deadline=None)
@given(st.lists(st.floats(0, 1), min_size=1, max_size=30), st.floats(0.001, 0.999))
def test_holm_equals_statsmodels_and_keeps_its_identities(p, alpha):
    got = ec.holm(p, alpha=alpha)
    reject, adjusted, _, _ = holm_by_statsmodels(p, alpha)
    np.testing.assert_allclose(got.pvalues, adjusted, rtol=1e-12, atol=0)
    p = np.asarray(p)
    assert np.all(got.pvalues >= p) and np.all(got.pvalues <= 1)
    order = np.argsort(p, kind="stable")
    assert np.all(np.diff(got.pvalues[order]) >= 0)               # monotone in the raw order
    # rejection decided by the adjusted values, as statsmodels' is, except where the adjusted
    # value sits within rounding of alpha (statsmodels compares p with alpha / (m - i))
    clear = np.abs(got.pvalues - alpha) > 1e-12
    assert np.array_equal(got.reject[clear], reject[clear])
    assert np.all(got.reject[p <= alpha / p.size])                  # Bonferroni's rejections


def test_holm_by_hand_on_four_pvalues():
    # sorted 0.005, 0.011, 0.02, 0.04 times 4, 3, 2, 1: 0.02, 0.033, 0.04, 0.04 (max so far)
    got = ec.holm([0.04, 0.005, 0.02, 0.011], alpha=0.035)
    np.testing.assert_allclose(got.pvalues, [0.04, 0.02, 0.04, 0.033], rtol=1e-12)
    assert got.reject.tolist() == [False, True, False, True]


@pytest.mark.parametrize("p, alpha, error, match", [
    ([0.1, 1.2], 0.05, ValueError, r"p_values must lie in \[0, 1\]: index 1 holds 1.2"),
    ([0.1, -0.1], 0.05, ValueError, r"p_values must lie in \[0, 1\]"),
    ([0.1, np.nan], 0.05, ValueError, "p_values must be finite"),
    ([], 0.05, ValueError, "p_values is empty"),
    ([0.1], 0.0, ValueError, r"alpha must lie in \(0.0, 1.0\)"),
    ([0.1], "5%", TypeError, "alpha must be a real number"),
])
def test_holm_errors_name_the_argument(p, alpha, error, match):
    with pytest.raises(error, match=match):
        ec.holm(p, alpha=alpha)


# ---------------------------------------------------------------------------- Friedman

def test_demsar_worked_example():
    """Demšar's section 3.2.2 on his Table 6 (``DEMSAR_AUC``, tests/reference.py): average
    ranks 3.143, 2.000, 2.893 and 1.964, χ²_F = 9.28, F_F = 3.69 (critical value of F(3, 39)
    at 0.05: 2.85), CD = 1.25 for Nemenyi at 0.05.

    His ranks come from the unrounded AUCs: on the printed table the voting data set (row
    13) ties C4.5+cf and C4.5+m+cf at 0.975, giving each 2.5, while his ranks put C4.5+cf
    ahead. Breaking that tie his way reproduces every published number; the printed table
    as it is gives 2.929 and 1.929 and χ²_F = 9.857."""
    voting_broken = DEMSAR_AUC.copy()
    voting_broken[12, 2] += 1e-5
    got = ec.friedman_test(voting_broken)
    np.testing.assert_allclose(got.average_ranks, [3.143, 2.000, 2.893, 1.964], atol=5e-4)
    assert round(got.statistic, 2) == 9.28 and round(got.f_statistic, 2) == 3.69
    assert got.df == (3, 39) and got.f_pvalue < 0.05 and round(stats.f.ppf(0.95, 3, 39), 2) == 2.85
    assert round(ec.nemenyi_critical_difference(4, 14), 2) == 1.25
    printed = ec.friedman_test(DEMSAR_AUC)
    np.testing.assert_allclose(printed.average_ranks, [22 / 7, 2.0, 41 / 14, 27 / 14])
    assert printed.statistic == pytest.approx(69 / 7, rel=1e-12)


def friedman_by_hand(table):
    """Ranks by counting (1 + the number of better models + half the number of ties)."""
    n, k = len(table), len(table[0])
    totals = [0.0] * k
    for row in table:
        for j in range(k):
            better = sum(1 for x in row if x > row[j])
            tied = sum(1 for x in row if x == row[j]) - 1
            totals[j] += 1 + better + tied / 2
    ranks = [t / n for t in totals]
    chi2 = 12 * n / (k * (k + 1)) * (sum(r * r for r in ranks) - k * (k + 1) ** 2 / 4)
    room = n * (k - 1) - chi2
    f = (n - 1) * chi2 / room if room > 1e-9 else math.inf
    return ranks, chi2, f


@pytest.mark.parametrize("seed", RNG_SEEDS)
@pytest.mark.parametrize("n, k", [(5, 3), (12, 4), (30, 6), (2, 3)])
def test_friedman_equals_scipy_without_ties_and_the_by_hand_ranks(seed, n, k):
    rng = np.random.default_rng(seed)
    table = rng.normal(size=(n, k)) + np.linspace(0, 0.5, k)
    got = ec.friedman_test(table)
    ranks, chi2, f = friedman_by_hand(table.tolist())
    np.testing.assert_allclose(got.average_ranks, ranks, rtol=1e-12)
    expected = stats.friedmanchisquare(*table.T)
    assert got.statistic == pytest.approx(expected.statistic, rel=1e-9)
    assert got.pvalue == pytest.approx(expected.pvalue, rel=1e-9)
    if chi2 < n * (k - 1) - 1e-9:
        assert got.f_statistic == pytest.approx(f, rel=1e-9)
        assert got.f_pvalue == pytest.approx(stats.f.sf(f, k - 1, (k - 1) * (n - 1)), rel=1e-9)
    lower = ec.friedman_test(-table, higher_is_better=False)
    np.testing.assert_allclose(lower.average_ranks, got.average_ranks)


def test_with_ties_scipy_divides_by_the_tie_correction():
    table = np.array([[1, 1, 2, 3], [2, 2, 2, 1], [3, 1, 4, 4], [1, 2, 3, 4], [5, 5, 1, 2]], float)
    n, k = table.shape
    groups = [np.unique(row, return_counts=True)[1] for row in table]
    correction = 1 - sum(int(np.sum(t ** 3 - t)) for t in groups) / (n * k * (k * k - 1))
    got = ec.friedman_test(table)
    assert got.statistic == pytest.approx(friedman_by_hand(table.tolist())[1], rel=1e-12)
    assert got.statistic / correction == pytest.approx(
        stats.friedmanchisquare(*table.T).statistic, rel=1e-12)


def test_friedman_edge_cases():
    all_tied = ec.friedman_test(np.ones((4, 3)))
    assert all_tied.statistic == 0 and all_tied.pvalue == 1 and all_tied.f_pvalue == 1
    same_order = ec.friedman_test([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    assert same_order.statistic == pytest.approx(6.0) and same_order.f_statistic == math.inf
    assert same_order.f_pvalue == 0.0


@pytest.mark.parametrize("scores, kwargs, error, match", [
    ([[0.8, 0.7]], {}, ValueError, r"at least 2 rows \(data sets\) and 2 columns"),
    ([[0.8], [0.7]], {}, ValueError, r"at least 2 rows"),
    ([0.8, 0.7], {}, ValueError, "scores must be 2-D"),
    ([[0.8, np.nan], [0.7, 0.6]], {}, ValueError, "scores must be finite"),
    ([[0.8, 0.7], [0.7, 0.6]], {"higher_is_better": 1}, TypeError,
     "higher_is_better must be True or False"),
])
def test_friedman_errors_name_the_argument(scores, kwargs, error, match):
    with pytest.raises(error, match=match):
        ec.friedman_test(scores, **kwargs)


# ----------------------------------------------------------------------------- Nemenyi
#: Demšar (2006), Table 5(a): q_α for Nemenyi's test, k = 2..10 models. His values are
#: Tukey's studentized range divided by √2, rounded; a few differ from the exact value by
#: 0.001 in the last place (k = 3 at 0.05 reads 2.343, the quantile is 2.3437...).
DEMSAR_Q = {0.05: [1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164],
            0.10: [1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920]}


@pytest.mark.parametrize("alpha", sorted(DEMSAR_Q))
def test_nemenyi_q_matches_demsar_table_5(alpha):
    for k, q in zip(range(2, 11), DEMSAR_Q[alpha]):
        cd = ec.nemenyi_critical_difference(k, 6, alpha=alpha)
        assert cd / math.sqrt(k * (k + 1) / 36) == pytest.approx(q, abs=1.01e-3)


@pytest.mark.parametrize("k, n, alpha", [(2, 10, 0.05), (4, 14, 0.05), (7, 20, 0.1),
                                         (12, 30, 0.01)])
def test_nemenyi_equals_scipy_studentized_range(k, n, alpha):
    q = stats.studentized_range.ppf(1 - alpha, k, np.inf) / math.sqrt(2)
    assert ec.nemenyi_critical_difference(k, n, alpha=alpha) == pytest.approx(
        q * math.sqrt(k * (k + 1) / (6 * n)), rel=1e-6)


@pytest.mark.parametrize("args, kwargs, error, match", [
    ((1, 10), {}, ValueError, "k must be an integer of at least 2"),
    ((3.0, 10), {}, TypeError, "k must be an integer"),
    ((3, 0), {}, ValueError, "n_datasets must be an integer of at least 1"),
    ((3, 10), {"alpha": 1.0}, ValueError, "alpha must lie in"),
])
def test_nemenyi_errors_name_the_argument(args, kwargs, error, match):
    with pytest.raises(error, match=match):
        ec.nemenyi_critical_difference(*args, **kwargs)


# ----------------------------------------------------- p-values far in the tail
def test_t_pvalues_far_in_the_tail_keep_their_digits():
    # 2 splits: t with 1 degree of freedom, the Cauchy, P(T ≥ t) = atan(1/t)/π;
    # 3 splits: 2 degrees of freedom, P(T ≥ t) = 1/(r(r + t)) with r = √(2 + t²)
    for a, b in (([0.9, 0.9 + 2e-12], [0.8, 0.8]), ([0.9, 0.9, 0.9 + 2e-12], [0.8, 0.8, 0.8])):
        got = ec.corrected_resampled_ttest(a, b, n_train=1e300, n_test=1e-300)
        t = got.statistic
        assert t > 1e9
        r = math.sqrt(2 + t * t)
        tail = math.atan(1 / t) / math.pi if got.df == 1 else 1 / (r * (r + t))
        assert got.pvalue == pytest.approx(2 * tail, rel=1e-12)
        greater = ec.corrected_resampled_ttest(a, b, n_train=1e300, n_test=1e-300,
                                               alternative="greater")
        assert greater.pvalue == pytest.approx(tail, rel=1e-12)


def test_friedman_pvalue_far_in_the_tail_keeps_its_digits():
    # 3 models in the same order on 300 data sets: χ²_F = N(k − 1) = 600 with 2 degrees of
    # freedom, whose tail is exp(−x/2) = exp(−300)
    got = ec.friedman_test(np.tile([0.7, 0.8, 0.9], (300, 1)))
    assert got.statistic == pytest.approx(600.0, rel=1e-12)
    assert got.pvalue == pytest.approx(math.exp(-300), rel=1e-12)
