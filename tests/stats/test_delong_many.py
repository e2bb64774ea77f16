"""evalcore/stats/delong_many.py: DeLong's test of k correlated AUCs (``ec.delong_test_many``),
against its references.

pROC has no test of more than two curves (its issue xrobin/pROC #12 is open), so the
references are:

* for k = 2, DeLong's paired test (itself checked against pROC in tests/chapters): χ² = z²,
  the same p-value;
* the covariance matrix from its definition, ``evalcore.reference.delong_covariance`` (the
  placement values from every positive/negative pair; the matrix itself against it in
  tests/test_reference.py), and the χ² statistic computed from it here with numpy's
  pseudo-inverse and another contrast matrix;
* scipy's χ² distribution and statsmodels' Holm adjustment;
* the size of the test, by simulation under the null hypothesis.

Chapter 13's numbers for three classifiers: tests/chapters/test_11_13_uncertainty.py.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.multitest import multipletests

import evalcore as ec
import evalcore.reference as ref
from helpers import correlated_scores
from reference import one_undefined_warning
from strategies import labelled_scores


def chi_square_by_definition(y, scores, contrasts):
    """(Lθ)ᵀ (L S Lᵀ)⁺ (Lθ) and the rank of L S Lᵀ, with S from the definition and θ the AUCs
    by their pairs."""
    theta = np.array([ref.auc_pairs(y, s) for s in scores])
    covariance = contrasts @ ref.delong_covariance(y, scores) @ contrasts.T
    difference = contrasts @ theta
    return (float(difference @ np.linalg.pinv(covariance, rcond=1e-10, hermitian=True)
                  @ difference), int(np.linalg.matrix_rank(covariance, hermitian=True)))


def against_the_first(k):
    """The contrasts θ_1 − θ_j, j = 2..k."""
    return np.c_[np.ones(k - 1), -np.eye(k - 1)]


def helmert(k):
    """Helmert's contrasts: θ_j against the mean of those after it."""
    rows = []
    for j in range(k - 1):
        row = np.zeros(k)
        row[j], row[j + 1:] = 1.0, -1.0 / (k - j - 1)
        rows.append(row)
    return np.array(rows)


# ------------------------------------------------------------------------- k = 2: the paired test

@pytest.mark.parametrize("seed, ties", [(0, False), (1, True), (2, False), (3, True)])
def test_two_classifiers_give_the_paired_test(seed, ties):
    y, (a, b) = correlated_scores(60, 2, np.random.default_rng(seed), shifts=[0, 0.3],
                                  ties=ties)
    many = ec.delong_test_many(y, a, b)
    paired = ec.delong_test(y, a, b)
    assert many.df == 1
    assert many.statistic == pytest.approx(paired.statistic ** 2, rel=1e-12)
    assert many.pvalue == pytest.approx(paired.pvalue, rel=1e-10)
    assert many.pairs.difference[0] == pytest.approx(paired.difference, abs=1e-15)
    assert many.pairs.statistic[0] == pytest.approx(paired.statistic, rel=1e-12)
    assert many.pairs.pvalue[0] == many.pairs.pvalue_holm[0] == pytest.approx(paired.pvalue,
                                                                             rel=1e-12)


@settings(max_examples=60, deadline=None)
@given(data=labelled_scores(max_size=30, grid=4), seed=st.integers(0, 2**32 - 1))
def test_the_paired_test_on_any_data(data, seed):
    """On heavily tied and odd data too, χ² = z² for two classifiers (where z is finite)."""
    y, a = data
    b = np.random.default_rng(seed).permutation(a)
    if min(np.sum(y == 1), np.sum(y == 0)) < 2:
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)    # identical scores
        paired = ec.delong_test(y, a, b)
    if not np.isfinite(paired.statistic):
        return
    many = ec.delong_test_many(y, a, b)
    assert many.statistic == pytest.approx(paired.statistic ** 2, rel=1e-9, abs=1e-12)
    assert many.pvalue == pytest.approx(paired.pvalue, rel=1e-8, abs=1e-12)


# ----------------------------------------------------------- the covariance and the statistic

@pytest.mark.parametrize("seed, k, ties", [(3, 3, False), (4, 4, True), (5, 6, False)])
def test_the_statistic_does_not_depend_on_the_contrasts(seed, k, ties):
    y, scores = correlated_scores(80, k, np.random.default_rng(seed),
                                  shifts=np.linspace(0, 0.4, k), ties=ties)
    result = ec.delong_test_many(y, *scores)
    for contrasts in (against_the_first(k), helmert(k)):
        statistic, rank = chi_square_by_definition(y, scores, contrasts)
        assert result.statistic == pytest.approx(statistic, rel=1e-9)
        assert result.df == rank == k - 1
    assert result.pvalue == pytest.approx(stats.chi2.sf(result.statistic, k - 1), rel=1e-9)


def test_the_order_of_the_classifiers_changes_nothing_but_the_table():
    y, scores = correlated_scores(80, 4, np.random.default_rng(6), shifts=[0, 0.2, 0.4, 0.1])
    forward = ec.delong_test_many(y, *scores, names=["w", "x", "y", "z"])
    backward = ec.delong_test_many(y, *scores[::-1], names=["z", "y", "x", "w"])
    assert backward.statistic == pytest.approx(forward.statistic, rel=1e-9)
    assert backward.df == forward.df
    np.testing.assert_allclose(backward.covariance, forward.covariance[::-1, ::-1],
                               rtol=1e-12)


def test_each_pair_is_the_paired_test_and_holm_is_statsmodels():
    y, scores = correlated_scores(120, 4, np.random.default_rng(7), shifts=[0, 0.1, 0.5, 0.6])
    names = ["lr", "nb", "rf", "knn"]
    result = ec.delong_test_many(y, *scores, names=names)
    expected_pairs = [(i, j) for i in range(4) for j in range(i + 1, 4)]
    assert list(zip(result.pairs.first, result.pairs.second)) == [
        (names[i], names[j]) for i, j in expected_pairs]
    for row, (i, j) in enumerate(expected_pairs):
        paired = ec.delong_test(y, scores[i], scores[j])
        assert result.pairs.difference[row] == pytest.approx(paired.difference, abs=1e-15)
        assert result.pairs.statistic[row] == pytest.approx(paired.statistic, rel=1e-12)
        assert result.pairs.pvalue[row] == pytest.approx(paired.pvalue, rel=1e-12)
    _, holm, _, _ = multipletests(result.pairs.pvalue, method="holm")
    np.testing.assert_allclose(result.pairs.pvalue_holm, holm, rtol=1e-12)
    frame = result.pairs.to_frame()
    assert list(frame.columns) == ["first", "second", "difference", "statistic", "pvalue",
                                   "pvalue_holm"]
    assert frame.shape == (6, 6) and frame["first"].tolist() == list(result.pairs.first)


def test_the_result_reads_by_name_and_unpacks_as_scipys_tests():
    y, scores = correlated_scores(40, 3, np.random.default_rng(8))
    result = ec.delong_test_many(y, *scores)
    statistic, pvalue, *_ = result
    assert (statistic, pvalue) == (result.statistic, result.pvalue)
    assert result._fields == ("statistic", "pvalue", "df", "names", "aucs", "covariance",
                              "pairs")
    assert result.names == ("a", "b", "c")


# ------------------------------------------------------------------------- a singular covariance

def test_identical_scores_drop_one_degree_of_freedom():
    y, (a, b) = correlated_scores(60, 2, np.random.default_rng(9), shifts=[0, 0.5])
    result = one_undefined_warning(ec.delong_test_many, y, a, a.copy(), b)
    paired = ec.delong_test(y, a, b)
    assert result.df == 1
    assert np.isfinite(result.statistic)
    assert result.statistic == pytest.approx(paired.statistic ** 2, rel=1e-9)
    # the pair of identical scores is undefined, and Holm's adjustment is over the other two
    assert np.isnan(result.pairs.pvalue[0]) and np.isnan(result.pairs.pvalue_holm[0])
    _, holm, _, _ = multipletests(result.pairs.pvalue[1:], method="holm")
    np.testing.assert_allclose(result.pairs.pvalue_holm[1:], holm, rtol=1e-12)
    assert (result.statistic, result.df) == pytest.approx(
        chi_square_by_definition(y, [a, a, b], against_the_first(3)), rel=1e-9)


def test_one_auc_of_one_keeps_every_degree_of_freedom():
    """A perfect classifier's AUC has variance 0 (S is singular), but its differences with
    the others do not: the test keeps k − 1 degrees of freedom."""
    y, (b, c) = correlated_scores(60, 2, np.random.default_rng(10))
    perfect = y + np.random.default_rng(11).uniform(0, 0.5, len(y))
    result = ec.delong_test_many(y, perfect, b, c)
    assert result.aucs[0] == 1.0 and np.all(result.covariance[0] == 0.0)
    assert np.linalg.matrix_rank(result.covariance) == 2
    assert result.df == 2 and np.isfinite(result.statistic)
    assert (result.statistic, result.df) == pytest.approx(
        chi_square_by_definition(y, [perfect, b, c], helmert(3)), rel=1e-9)


def test_two_aucs_of_one_are_one_direction_without_variance():
    y, (c,) = correlated_scores(60, 1, np.random.default_rng(12))
    perfect = y + np.random.default_rng(13).uniform(0, 0.5, len(y))
    also_perfect = 2 * y + np.random.default_rng(14).uniform(0, 1.5, len(y))
    result = one_undefined_warning(ec.delong_test_many, y, perfect, also_perfect, c)
    assert result.df == 1
    assert result.statistic == pytest.approx(ec.delong_test(y, perfect, c).statistic ** 2,
                                             rel=1e-9)


def test_a_difference_without_variance_is_certain():
    """A perfect classifier against one that ties every case: every placement differs by ½,
    so the difference of the AUCs has variance 0, and the paired test gives z = inf."""
    y, (c,) = correlated_scores(40, 1, np.random.default_rng(15))
    perfect, flat = y + 0.5, np.zeros(len(y))
    paired = ec.delong_test(y, perfect, flat)
    assert paired.statistic == np.inf and paired.pvalue == 0.0
    for scores in ([perfect, flat], [perfect, flat, c]):
        result = ec.delong_test_many(y, *scores)
        assert result.statistic == np.inf and result.pvalue == 0.0


def test_all_identical_scores_are_undefined_with_one_warning():
    y, (a,) = correlated_scores(30, 1, np.random.default_rng(16))
    result = one_undefined_warning(ec.delong_test_many, y, a, a, a)
    assert np.isnan(result.statistic) and np.isnan(result.pvalue) and result.df == 0
    assert np.all(np.isnan(result.pairs.pvalue)) and np.all(np.isnan(result.pairs.pvalue_holm))
    np.testing.assert_allclose(result.covariance, ref.delong_covariance(y, [a, a, a]),
                               rtol=1e-12)


@pytest.mark.parametrize("y", [[1, 0, 0, 0, 0], [1, 1, 1, 1, 1], [0, 1, 1, 1, 1]],
                         ids=["one positive", "no negative", "one negative"])
def test_too_few_cases_of_a_class_are_undefined_with_one_warning(y):
    s = [0.1, 0.4, 0.35, 0.8, 0.2]
    result = one_undefined_warning(ec.delong_test_many, y, s, s[::-1], np.arange(5.0))
    assert np.isnan(result.statistic) and np.isnan(result.pvalue) and result.df == 0
    assert np.all(np.isnan(result.aucs)) and np.all(np.isnan(result.pairs.pvalue))
    assert result.pairs.first == ("a", "a", "b")


# ---------------------------------------------------------------------------- its size

@pytest.mark.slow
def test_the_size_by_simulation():
    """Three equally good classifiers reading one signal: the χ² test at 5% rejects in about
    5% of 2000 test sets of 200 cases, and Holm's adjustment keeps the chance of any false
    rejection among the three pairs at 5% or below."""
    rng = np.random.default_rng(20240611)
    trials = 2000
    rejected, any_pair = 0, 0
    for _ in range(trials):
        y, scores = correlated_scores(200, 3, rng)
        result = ec.delong_test_many(y, *scores)
        rejected += result.pvalue < 0.05
        any_pair += np.any(result.pairs.pvalue_holm <= 0.05)
    # a binomial tolerance: 0.05 ± 3.5 standard errors of a rate over 2000 trials
    tolerance = 3.5 * np.sqrt(0.05 * 0.95 / trials)
    assert abs(rejected / trials - 0.05) < tolerance
    assert any_pair / trials < 0.05 + tolerance


def test_it_has_power_against_one_better_classifier():
    """One classifier clearly better than two equal ones, on 400 cases: the test rejects, and
    the pairs name the better one against each of the others, not the equal pair."""
    y, scores = correlated_scores(400, 3, np.random.default_rng(21), shifts=[0.8, 0, 0])
    result = ec.delong_test_many(y, *scores, names=["better", "b", "c"])
    assert result.pvalue < 1e-6
    assert (result.pairs.pvalue_holm[:2] < 0.01).all() and result.pairs.pvalue_holm[2] > 0.05


# ---------------------------------------------------------------------------- bad input

def test_bad_input_names_the_argument_and_the_rule():
    y, s = [0, 1, 0, 1, 1, 0], [0.1, 0.7, 0.3, 0.8, 0.5, 0.2]
    with pytest.raises(ValueError, match=r"same length.*y_scores\[0\] has 5"):
        ec.delong_test_many(y, s, s, s[:5])
    with pytest.raises(ValueError, match=r"y_scores\[1\] must be finite"):
        ec.delong_test_many(y, s, s, s, s[:5] + [np.nan])
    with pytest.raises(TypeError, match=r"y_score_b must hold numbers"):
        ec.delong_test_many(y, s, list("abcdef"))
    with pytest.raises(ValueError, match=r"y_score_a must be 1-D"):
        ec.delong_test_many(y, np.c_[s, s, s], s)
    with pytest.raises(ValueError, match=r"names must hold one name per score array: 3 "
                                         r"score arrays, got 2"):
        ec.delong_test_many(y, s, s, s, names=["lr", "nb"])
    with pytest.raises(ValueError, match=r"names must be distinct: 'lr'"):
        ec.delong_test_many(y, s, s, s, names=["lr", "nb", "lr"])
    with pytest.raises(TypeError, match=r"names must hold strings, got int 1"):
        ec.delong_test_many(y, s, s, names=[1, 2])
    with pytest.raises(TypeError, match=r"names must be a sequence of str"):
        ec.delong_test_many(y, s, s, names="ab")
    with pytest.raises(ValueError, match=r"names must be given for more than 26"):
        ec.delong_test_many(y, *[s] * 27)
    with pytest.raises(ValueError, match=r"y_true must hold two classes"):
        ec.delong_test_many([0, 1, 2, 0, 1, 2], s, s)
    with pytest.raises(TypeError):
        ec.delong_test_many(y, s)           # one classifier: nothing to compare


def test_names_may_be_any_sequence_of_strings():
    y, scores = correlated_scores(30, 3, np.random.default_rng(22))
    for names in (("lr", "nb", "rf"), np.array(["lr", "nb", "rf"])):
        result = ec.delong_test_many(y, *scores, names=names)
        assert result.names == ("lr", "nb", "rf")
        assert result.pairs.second == ("nb", "rf", "rf")
