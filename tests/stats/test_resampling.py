"""Tests for evalcore's one resampling engine (evalcore/stats/resampling.py).

The draws (case, stratified, paired, swaps, permutations, leave-one-out), the one loop and
its warning policy (a metric's own warnings passed on once, its errors not swallowed),
percentile and BCa intervals, and the rule for infinite values.

References: scipy.stats.bootstrap (percentile and BCa, ``batch=1``, the same generator),
loops written here that draw one resample at a time from the generator, the definitions of a
stratified draw (class counts kept), a paired draw (one index for every array) and a swap
(each case's two scores, in either order), and numpy's quantiles."""

from __future__ import annotations

import math
import re
import warnings

import numpy as np
import pytest
from scipy import stats

import evalcore as ec
from evalcore.stats import resampling as engine
from evalcore.stats.resampling import (Evaluation, all_swaps, bootstrap, case_draws,
                                       class_strata, leave_one_out, percentile_interval,
                                       permutation_draws, stratified_draws, swap_draws)


SEVEN_Y = np.array([0, 1, 0, 1, 1, 0, 0])
SEVEN_S = np.array([0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3])


def said(call):
    """Run ``call``; return its result and the warnings it emitted (category, message)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call()
    return result, [(w.category.__name__, str(w.message)) for w in caught]


def labels(seed, n, share=0.3):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < share).astype(int)
    y[:2] = [0, 1]
    return y


# ---------------------------------------------------------------------------------------- draws

@pytest.mark.parametrize("n", [1, 7, 40])
def test_case_draws_are_one_resample_after_the_other(n):
    rows = np.concatenate(list(case_draws(np.random.default_rng(3), n, 50)))
    rng = np.random.default_rng(3)
    expected = np.array([rng.integers(0, n, n) for _ in range(50)])
    assert rows.shape == (50, n) and np.array_equal(rows, expected)


@pytest.mark.parametrize("seed", range(4))
def test_stratified_draws_keep_the_class_counts_and_draw_within_each_class(seed):
    y = labels(seed, 31)
    strata = class_strata(y)
    rows = np.concatenate(list(stratified_draws(np.random.default_rng(seed), strata, 60)))
    positives = int(y.sum())
    assert rows.shape == (60, y.size)
    assert np.all(y[rows].sum(axis=1) == positives)
    assert np.all(y[rows[:, :positives]] == 1) and np.all(y[rows[:, positives:]] == 0)
    # the generator's calls: per resample, the positives' then the negatives' (scipy's
    # two-sample bootstrap with batch=1 makes the same calls)
    rng, pos, neg = np.random.default_rng(seed), *strata
    expected = [np.r_[pos[rng.integers(0, pos.size, pos.size)],
                      neg[rng.integers(0, neg.size, neg.size)]] for _ in range(60)]
    assert np.array_equal(rows, expected)


def test_a_stratum_without_cases_draws_nothing():
    strata = [np.array([], dtype=np.int64), np.arange(5)]
    rows = np.concatenate(list(stratified_draws(np.random.default_rng(0), strata, 10)))
    rng = np.random.default_rng(0)
    assert np.array_equal(rows, [rng.integers(0, 5, 5) for _ in range(10)])


def test_paired_draws_share_one_index_for_both_classifiers():
    n = 12
    y = labels(1, n)
    a = np.arange(n, dtype=float)            # each score names its case
    b = a + 1000.0
    seen = []

    def record(label, score):
        seen.append(score.copy())
        return float(score.mean())
    for stratified in (False, True):
        seen.clear()
        ec.paired_bootstrap_ci(y, a, b, record, n_boot=40, stratified=stratified,
                               random_state=0)
        # the metric is called on a's resample, then on b's: the same cases
        for from_a, from_b in zip(seen[0::2], seen[1::2]):
            assert np.array_equal(from_b - 1000.0, from_a)
        cases = {tuple(s) for s in seen[0::2]}
        assert len(cases) > 30                # and the resamples differ


def test_swap_draws_swap_each_case_within_its_pair():
    n = 20
    y = labels(2, n)
    a = np.arange(n, dtype=float)
    b = a + 1000.0
    seen = []

    def record(label, score):
        seen.append(score.copy())
        return float(score.sum())
    ec.paired_permutation_test(y, a, b, metric=record, n_resamples=300, random_state=1)
    pairs = list(zip(seen[0::2], seen[1::2]))
    assert np.array_equal(pairs[0][0], a) and np.array_equal(pairs[0][1], b)  # the data
    swapped = []
    for first, second in pairs[1:]:
        keep = first == a
        # every case keeps its two scores: a's and b's, in one order or the other
        assert np.array_equal(np.where(keep, second, first), b)
        assert np.array_equal(np.where(keep, first, second), a)
        swapped.append(~keep)
    swapped = np.array(swapped)
    rng = np.random.default_rng(1)
    assert np.array_equal(swapped, rng.integers(0, 2, size=(300, n)).astype(bool))
    assert abs(swapped.mean() - 0.5) < 0.02


@pytest.mark.parametrize("n", [1, 4, 11])
def test_all_swaps_are_every_subset_once(n):
    rows = np.concatenate(list(all_swaps(n)))
    assert rows.shape == (2 ** n, n)
    assert len({tuple(r) for r in rows}) == 2 ** n
    assert not rows[0].any() and rows[-1].all()


def test_swap_and_permutation_draws_do_not_depend_on_the_batch(monkeypatch):
    values = np.arange(9) * 2 + 1
    whole = [np.concatenate(list(draws())) for draws in (
        lambda: swap_draws(np.random.default_rng(5), 9, 100),
        lambda: permutation_draws(np.random.default_rng(5), values, 100),
        lambda: case_draws(np.random.default_rng(5), 9, 100))]
    monkeypatch.setattr(engine, "BATCH_VALUES", 20)         # two rows a batch
    assert len(list(case_draws(np.random.default_rng(5), 9, 100))) == 50
    batched = [np.concatenate(list(draws())) for draws in (
        lambda: swap_draws(np.random.default_rng(5), 9, 100),
        lambda: permutation_draws(np.random.default_rng(5), values, 100),
        lambda: case_draws(np.random.default_rng(5), 9, 100))]
    for one, other in zip(whole, batched):
        assert np.array_equal(one, other)
    assert all(sorted(row) == sorted(values) for row in batched[1])   # permutations


def test_public_results_do_not_depend_on_the_batch(monkeypatch):
    y, s = labels(3, 30), np.random.default_rng(3).normal(size=30)
    calls = [
        lambda: ec.bootstrap_ci(y, s, ec.roc_auc, n_boot=200, method="bca", random_state=1),
        lambda: ec.bootstrap_ci(y, s, ec.roc_auc, n_boot=200, stratified=True,
                                random_state=1),
        lambda: ec.operating_point_ci(y, s, [0.0, 0.5], n_boot=200, stratified=False,
                                      random_state=1),
        lambda: ec.auc_permutation_test(y, s, n_resamples=500, random_state=1),
        lambda: ec.paired_permutation_test(y, s, s[::-1], n_resamples=500, random_state=1),
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        before = [repr(call()) for call in calls]
        monkeypatch.setattr(engine, "BATCH_VALUES", 64)
        assert [repr(call()) for call in calls] == before


def test_leave_one_out_leaves_out_each_case_of_the_group_in_turn():
    group = np.array([1, 3, 4])
    rows = np.concatenate(list(leave_one_out(group, 6)))
    assert rows.tolist() == [[0, 2, 3, 4, 5], [0, 1, 2, 4, 5], [0, 1, 2, 3, 5]]


# --------------------------------------------------------------------------- percentile and BCa

@pytest.mark.parametrize("method", ["percentile", "BCa"])
@pytest.mark.parametrize("level", [0.8, 0.95])
def test_case_bootstrap_of_a_mean_matches_scipy(method, level):
    x = np.random.default_rng(4).gamma(2.0, size=35)       # skewed: BCa moves the ends
    result = bootstrap(lambda index: float(x[index].mean()), np.ones(x.size, dtype=int),
                       rng=np.random.default_rng(9), n_boot=500, level=level,
                       method=method.lower(), what="bootstrap interval")
    ref = stats.bootstrap((x,), np.mean, vectorized=False, n_resamples=500, batch=1,
                          method=method, confidence_level=level,
                          rng=np.random.default_rng(9)).confidence_interval
    assert (result.low, result.high) == pytest.approx((ref.low, ref.high), rel=1e-12)
    assert result.estimate == pytest.approx(x.mean(), rel=1e-15) and not result.warning


@pytest.mark.parametrize("method", ["percentile", "BCa"])
def test_stratified_bootstrap_of_a_mean_gap_matches_scipy_two_samples(method):
    y = labels(5, 40, share=0.4)
    x = np.random.default_rng(5).gamma(2.0, size=40) + y

    def gap(index):
        label, value = y[index], x[index]
        return float(value[label == 1].mean() - value[label == 0].mean())
    result = bootstrap(gap, y, rng=np.random.default_rng(2), n_boot=400, level=0.9,
                       method=method.lower(), stratified=True, what="bootstrap interval")
    ref = stats.bootstrap((x[y == 1], x[y == 0]), lambda p, q: np.mean(p) - np.mean(q),
                          vectorized=False, n_resamples=400, batch=1, method=method,
                          confidence_level=0.9,
                          rng=np.random.default_rng(2)).confidence_interval
    assert (result.low, result.high) == pytest.approx((ref.low, ref.high), rel=1e-12)


def test_percentile_interval_of_a_vector_statistic_is_numpys_quantiles_by_column():
    values = np.random.default_rng(6).normal(size=(101, 3))
    low, median, high = percentile_interval(values, 0.05, 0.95, median=True)
    np.testing.assert_array_equal(np.c_[low, median, high].T,
                                  np.quantile(values, [0.05, 0.5, 0.95], axis=0))
    nothing = percentile_interval(np.empty((0, 3)), 0.05, 0.95)
    assert len(nothing) == 2 and all(np.isnan(v).all() and v.shape == (3,) for v in nothing)


# -------------------------------------------------------------------- the loop and its warnings

def test_the_loop_keeps_other_warnings_once_and_drops_the_undefined_ones():
    def statistic(index):
        warnings.warn("a remark", UserWarning)
        if index[0] % 2:
            warnings.warn("odd first case", ec.UndefinedMetricWarning)
            return math.nan
        warnings.warn("said but defined", ec.UndefinedMetricWarning)
        return float(index.sum())

    def run():
        with Evaluation(statistic) as evaluation:
            first = evaluation.one(np.array([1, 2]))
            values = evaluation.all(case_draws(np.random.default_rng(0), 5, 100))
        return first, values, evaluation.said_on_nan
    (first, values, reason), caught = said(run)
    assert math.isnan(first) and reason == "odd first case"
    assert caught == [("UserWarning", "a remark")]          # once, not once per call
    assert values.shape == (100,) and 20 < np.isnan(values).sum() < 80


def test_a_vector_statistic_is_a_row_or_a_row_of_nan():
    def rates(index):
        return math.nan if index[0] == 0 else np.array([index.mean(), index.max()])
    with Evaluation(rates, width=2) as evaluation:
        values = evaluation.all(case_draws(np.random.default_rng(1), 4, 50))
    undefined = np.isnan(values).any(axis=1)
    assert values.shape == (50, 2) and np.isnan(values[undefined]).all()
    rng = np.random.default_rng(1)
    first = np.array([rng.integers(0, 4, 4)[0] for _ in range(50)])
    assert np.array_equal(undefined, first == 0)


def recall(y, s):
    return ec.confusion_matrix_at(y, s, 0.55, rule=">").tpr


def tied_first_and_last(y, s):
    """Undefined when the first and the last case score the same: on the data neither
    classifier ties them (0.2 and 0.3, 0.3 and 0.2), a swap of one of the two cases does."""
    return math.nan if s[0] == s[-1] else float(s.sum())


ONE_POSITIVE_Y = [0, 1, 0, 0, 0, 0, 0]
UNDEFINED = {
    # undefined on some resamples: left out, one warning
    "bootstrap_ci some": (lambda: ec.bootstrap_ci(ONE_POSITIVE_Y, SEVEN_S, recall, n_boot=200,
                                                  random_state=0), "left out"),
    "paired some": (lambda: ec.paired_bootstrap_ci(ONE_POSITIVE_Y, SEVEN_S, SEVEN_S[::-1],
                                                   recall, n_boot=200, random_state=0),
                    "left out"),
    "rates some": (lambda: ec.sensitivity_at_specificity(ONE_POSITIVE_Y, SEVEN_S, 0.5,
                                                         n_boot=200, stratified=False,
                                                         random_state=0), "left out"),
    "operating point some": (lambda: ec.operating_point_ci(ONE_POSITIVE_Y, SEVEN_S, 0.5,
                                                           n_boot=200, stratified=False,
                                                           random_state=0), "left out"),
    # undefined on the data
    "bootstrap_ci data": (lambda: ec.bootstrap_ci(SEVEN_Y, SEVEN_S, lambda y, s: math.nan,
                                                  n_boot=20), "nan. on the data"),
    "paired permutation data": (lambda: ec.paired_permutation_test(
        SEVEN_Y, SEVEN_S, SEVEN_S[::-1], metric=lambda y, s: math.nan), "nan. on the data"),
    # undefined on some swaps: a test cannot leave them out
    "paired permutation some": (lambda: ec.paired_permutation_test(
        SEVEN_Y, SEVEN_S, SEVEN_S[::-1], metric=tied_first_and_last), "on 64 of 128 swaps"),
}


@pytest.mark.parametrize("call, match", UNDEFINED.values(), ids=UNDEFINED.keys())
def test_every_undefined_case_warns_exactly_once(call, match):
    result, caught = said(call)
    assert [c for c, _ in caught] == ["UndefinedMetricWarning"]
    assert re.search(match, caught[0][1])


@pytest.mark.parametrize("call", [c for c, _ in UNDEFINED.values()], ids=UNDEFINED.keys())
def test_the_one_warning_points_at_the_caller(call):
    with pytest.warns(ec.UndefinedMetricWarning) as record:
        call()
    assert [w.filename for w in record] == [__file__]


# ------------------------------------------------------------------------------ infinite values

def infinite_on_the_data(y, s):
    return math.inf


def infinite_without_the_top_case(y, s):
    """Finite while the highest-scored case is in the resample, infinite otherwise."""
    return 1.0 if s.max() == 0.8 else math.inf


@pytest.mark.parametrize("method", ["percentile", "bca"])
def test_a_metric_infinite_on_the_data_gives_a_nan_interval_and_one_warning(method):
    ci, caught = said(lambda: ec.bootstrap_ci(SEVEN_Y, SEVEN_S, infinite_on_the_data,
                                              n_boot=50, method=method, random_state=0))
    assert [c for c, _ in caught] == ["UndefinedMetricWarning"]
    assert "infinite on the data" in caught[0][1]
    assert math.isnan(ci.low) and math.isnan(ci.high) and ci.estimate == math.inf
    assert ci.n_undefined == 0


def test_a_metric_infinite_on_some_resamples_gives_a_nan_interval_and_one_warning():
    ci, caught = said(lambda: ec.bootstrap_ci(SEVEN_Y, SEVEN_S, infinite_without_the_top_case,
                                              n_boot=300, random_state=1))
    # a case resample misses the top case with probability (6/7)**7, about 34%
    rng = np.random.default_rng(1)
    missed = sum(SEVEN_S[rng.integers(0, 7, 7)].max() < 0.8 for _ in range(300))
    assert 60 < missed < 150
    assert [c for c, _ in caught] == ["UndefinedMetricWarning"]
    assert f"infinite on {missed} of 300 resamples" in caught[0][1]
    assert math.isnan(ci.low) and math.isnan(ci.high) and ci.estimate == 1.0


def test_the_log_loss_without_clipping_gets_the_rule():
    # evalcore's own log loss is infinite when a positive has probability 0 (eps=0)
    y = np.array([1, 0, 1, 0, 1, 0, 1, 0])
    p = np.array([0.0, 0.2, 0.9, 0.4, 0.7, 0.1, 0.8, 0.3])
    def loss(label, prob):
        return ec.log_loss(label, prob, eps=0)
    assert ec.log_loss(y, p, eps=0) == math.inf
    ci, caught = said(lambda: ec.bootstrap_ci(y, p, loss, n_boot=100, random_state=0))
    assert len(caught) == 1 and "infinite on the data" in caught[0][1]
    assert math.isnan(ci.low) and math.isnan(ci.high)
    # without the zero the loss is finite everywhere, and so is the interval
    ci, caught = said(lambda: ec.bootstrap_ci(y[1:], p[1:], loss, n_boot=100,
                                              random_state=0))
    assert caught == [] and 0 < ci.low <= ci.estimate <= ci.high < math.inf


def test_a_bca_jackknife_that_meets_an_infinite_value_gives_one_warning():
    # finite on the data and on every resample (all of 8 cases), infinite on the jackknife's
    # sets of 7
    y = np.r_[np.ones(4, dtype=int), np.zeros(4, dtype=int)]
    s = np.arange(8.0)

    def metric(label, score):
        return math.inf if score.size < 8 else float(score.mean())
    ci, caught = said(lambda: ec.bootstrap_ci(y, s, metric, n_boot=200, method="bca",
                                              random_state=0))
    assert [c for c, _ in caught] == ["UndefinedMetricWarning"]
    assert re.search("BCa .* infinite on 8 of the 8 leave-one-out sets", caught[0][1])
    assert math.isnan(ci.low) and math.isnan(ci.high)


def test_a_paired_permutation_test_of_an_infinite_metric_is_undefined_once():
    test, caught = said(lambda: ec.paired_permutation_test(
        SEVEN_Y, SEVEN_S, SEVEN_S[::-1], metric=lambda y, s: math.inf if s[0] == 0.2 else 1.0))
    assert [c for c, _ in caught] == ["UndefinedMetricWarning"]
    assert "infinite on the data" in caught[0][1]
    assert test.statistic == math.inf and math.isnan(test.pvalue)


# ------------------------------------------------------------------------------------ odd input

def test_other_warnings_of_the_metric_are_passed_on_once():
    def chatty(y, s):
        warnings.warn("the metric's own remark", UserWarning)
        return ec.roc_auc(y, s)
    for call in (lambda: ec.bootstrap_ci(SEVEN_Y, SEVEN_S, chatty, n_boot=30, method="bca",
                                         random_state=0),
                 lambda: ec.paired_permutation_test(SEVEN_Y, SEVEN_S, SEVEN_S[::-1],
                                                    metric=chatty)):
        _, caught = said(call)
        assert [c for c, _ in caught] == ["UserWarning"]


def test_a_metric_that_raises_is_not_swallowed():
    def broken(y, s):
        raise ZeroDivisionError("the metric's own bug")
    for call in (lambda: ec.bootstrap_ci(SEVEN_Y, SEVEN_S, broken, n_boot=5),
                 lambda: ec.paired_bootstrap_ci(SEVEN_Y, SEVEN_S, SEVEN_S, broken, n_boot=5),
                 lambda: ec.paired_permutation_test(SEVEN_Y, SEVEN_S, SEVEN_S, metric=broken)):
        with pytest.raises(ZeroDivisionError, match="the metric's own bug"):
            call()


def test_a_metric_that_is_always_nan():
    for call, read in (
            (lambda: ec.bootstrap_ci(SEVEN_Y, SEVEN_S, lambda y, s: math.nan, n_boot=5),
             lambda ci: ci.estimate),
            (lambda: ec.paired_permutation_test(SEVEN_Y, SEVEN_S, SEVEN_S[::-1],
                                                metric=lambda y, s: math.nan),
             lambda test: test.pvalue)):
        result, caught = said(call)
        assert [c for c, _ in caught] == ["UndefinedMetricWarning"] and math.isnan(read(result))
