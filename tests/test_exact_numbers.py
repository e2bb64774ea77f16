"""Numbers at the edges give exact answers, checked over the functions they reach.

Integer scores beyond 2**53 and long doubles keep their order and their thresholds' exact
values; extreme floats, signed zeros and adjacent floats are told apart; weights scaled by a
power of two (or any constant, to rounding), equal weights of 1e308 and subnormal weights
change nothing. Every expected value comes from an independent source: brute force with
Python integers and exact fractions, or an identity (the scores replaced by their ranks,
the weights by repeated rows)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec
from evalcore.reference import auc_pairs, confusion_counts

from helpers import said
from strategies import labelled_scores


BIG = 2 ** 53


# ---------------------------------------------------------------------------------- brute force

def dense_ranks(s):
    """Each score replaced by its position among the distinct scores (same order, same ties)."""
    distinct = sorted(set(s))
    where = {v: i for i, v in enumerate(distinct)}
    return np.array([where[v] for v in s], dtype=float)


def same(a, b) -> bool:
    """Equal as nested results: NamedTuples of arrays and floats, nan equal to nan."""
    if isinstance(a, tuple):
        return len(a) == len(b) and all(same(x, z) for x, z in zip(a, b))
    return np.array_equal(np.asarray(a, dtype=float), np.asarray(b, dtype=float),
                          equal_nan=True)


def close(a, b, rel=1e-9) -> bool:
    if isinstance(a, tuple):
        return len(a) == len(b) and all(close(x, z, rel) for x, z in zip(a, b))
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return a.shape == b.shape and np.allclose(a, b, rtol=rel, atol=rel, equal_nan=True)


# -------------------------------------------------------------------- extreme weights and costs

def scale_invariant_results(y, s, w):
    roc = ec.roc_curve(y, s, sample_weight=w)
    return (ec.roc_auc(y, s, sample_weight=w),
            ec.roc_auc(y, s, sample_weight=w, method="trapezoid"),
            ec.roc_auc(y, s, sample_weight=w, method="pairs"),
            ec.average_precision(y, s, sample_weight=w),
            roc.fpr, roc.tpr,
            ec.partial_auc(y, s, max_fpr=0.4, sample_weight=w),
            ec.partial_auc(y, s, min_tpr=0.3, standardized=True, sample_weight=w),
            ec.threshold_by_youden(y, s, sample_weight=w),
            ec.equal_error_rate(y, s, sample_weight=w).eer,
            ec.pr_auc_interpolated(y, s, hull=True, sample_weight=w),
            ec.auprg(y, s, sample_weight=w))


def hull_results(y, s, w):
    return (ec.roc_convex_hull(y, s, sample_weight=w),
            ec.optimal_operating_point(y, s, cost_fp=1, cost_fn=3, sample_weight=w),
            ec.cost_curve(y, s, sample_weight=w))


@settings(max_examples=40, deadline=None)
@given(data=labelled_scores(max_size=25), seed=st.integers(0, 2**32 - 1),
       power=st.integers(-1070, 1000))
def test_weights_times_a_power_of_two_change_nothing(data, seed, power):
    y, s = data
    # small integers: w · 2**power is exact even where it is subnormal
    w = np.random.default_rng(seed).integers(1, 9, y.size).astype(float)
    scaled = w * 2.0 ** power
    assert np.array_equal(scaled / 2.0 ** power, w)          # the premise: exact
    assert same(scale_invariant_results(y, s, scaled), scale_invariant_results(y, s, w))
    assert same(hull_results(y, s, scaled), hull_results(y, s, w))


@settings(max_examples=40, deadline=None)
@given(data=labelled_scores(max_size=25), seed=st.integers(0, 2**32 - 1),
       c=st.floats(1e-300, 1e300))
def test_weights_times_any_constant_change_nothing_but_rounding(data, seed, c):
    y, s = data
    w = np.random.default_rng(seed).uniform(0.5, 2.0, y.size)
    mine = scale_invariant_results(y, s, w * c)
    theirs = scale_invariant_results(y, s, w)
    threshold_free = mine[:8] + (mine[8].value,) + mine[9:]
    expected = theirs[:8] + (theirs[8].value,) + theirs[9:]
    assert close(threshold_free, expected)


def test_equal_weights_of_1e308():
    y, s, w = [0, 1, 0, 1], [0.5, 0.5, 0.5, 0.5], [1e308] * 4
    for method in ("rank", "trapezoid", "pairs"):
        assert ec.roc_auc(y, s, sample_weight=w, method=method) == 0.5
    y, s = [0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4]
    unweighted = scale_invariant_results(y, s, None)
    assert same(scale_invariant_results(y, s, w), unweighted)
    assert same(hull_results(y, s, w), hull_results(y, s, None))
    assert same(ec.threshold_by_cost(y, s, cost_fn=5, sample_weight=w),
                ec.threshold_by_cost(y, s, cost_fn=5))


def test_subnormal_weights():
    y, s = [0, 1, 0, 1, 1], [0.1, 0.2, 0.3, 0.4, 0.3]
    w = [5e-324, 1e-323, 5e-324, 1.5e-323, 5e-324]              # 1, 2, 1, 3, 1 × 2**-1074
    repeated = np.repeat(np.arange(5), [1, 2, 1, 3, 1])          # the same data by repetition
    yr, sr = np.array(y)[repeated], np.array(s)[repeated]
    assert ec.roc_auc(y, s, sample_weight=w) == auc_pairs(yr.tolist(), sr.tolist())
    assert close(scale_invariant_results(y, s, w), scale_invariant_results(yr, sr, None))
    assert same(hull_results(y, s, w), hull_results(yr, sr, None))


# ---------------------------------------------------------------------- extreme and huge scores

def test_extreme_floats_signed_zeros_and_adjacent_floats():
    y = [0, 1, 0, 1, 0, 1]
    tiny = np.nextafter(0.0, 1.0)
    s = [-1.7e308, 1.7e308, -0.0, 0.0, tiny, np.nextafter(1.7e308, 0)]
    assert ec.roc_auc(y, s) == auc_pairs(y, s)
    assert ec.roc_auc(y, s, method="trapezoid") == auc_pairs(y, s)
    roc = ec.roc_curve(y, s)
    assert len(roc.thresholds) == 1 + len(set(s))             # -0.0 and 0.0 tie
    for fpr, tpr, threshold in zip(roc.fpr, roc.tpr, roc.thresholds):
        tp, fp, _, _ = confusion_counts(y, s, threshold)
        assert (fpr, tpr) == (fp / 3, tp / 3)
    best = ec.threshold_by_youden(y, s)
    tp, fp, _, _ = confusion_counts(y, s, best.threshold)
    assert best.value == max(confusion_counts(y, s, t).tp / 3 - confusion_counts(y, s, t).fp / 3
                             for t in s) == tp / 3 - fp / 3


def ranked_equivalents(y, s):
    """Everything that depends on the scores only through their order."""
    def core(scores):
        roc = ec.roc_curve(y, scores)
        return (ec.roc_auc(y, scores), ec.gini(y, scores), roc.fpr, roc.tpr,
                ec.precision_recall_curve(y, scores)[:2],
                ec.average_precision(y, scores), ec.pr_auc_trapezoid(y, scores),
                ec.partial_auc(y, scores, min_fpr=0.2, max_fpr=0.7),
                ec.equal_error_rate(y, scores).eer,
                ec.threshold_by_youden(y, scores)[1:],
                ec.threshold_at_fpr(y, scores, 0.3, rule=">")[1:],
                ec.threshold_max_fbeta(y, scores)[1:],
                ec.roc_convex_hull(y, scores)[:2],
                ec.optimal_operating_point(y, scores, cost_fp=1, cost_fn=2)[1:],
                ec.cost_lines(y, scores, probability_cost=[0, 0.3, 1]),
                ec.cost_curve(y, scores),
                ec.interpolated_pr_curve(y, scores, num=3),
                ec.achievable_pr_curve(y, scores, num=3, hull=True),
                ec.pr_auc_interpolated(y, scores, hull=True),
                ec.prg_curve(y, scores)[:2], ec.auprg(y, scores))
    return core(s), core(dense_ranks([int(v) for v in s]))


@settings(max_examples=25, deadline=None)
@given(data=labelled_scores(max_size=20, grid=5, floats=False),
       offset=st.sampled_from([BIG, BIG - 3, -BIG - 7, 2**62]))
def test_integers_beyond_2_53_stay_distinct(data, offset):
    y, small = data
    s = np.int64(small) + np.int64(offset)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)   # precision 0/0
        mine, ranked = ranked_equivalents(y, s)
    assert same(mine, ranked)
    assert ec.roc_auc(y, s) == auc_pairs(y.tolist(), [int(v) for v in s])


def check_threshold_reaches(y, s, threshold, tpr, fpr, rule=">="):
    """The returned threshold, read with ``rule``, calls positive exactly the cases whose
    rates were reported: by brute force over the Python integers, and by predict."""
    exact = [int(v) for v in s]
    t = int(threshold) if np.isfinite(threshold) else threshold
    hits = [v > t if rule == ">" else v >= t for v in exact]
    n_pos, n_neg = sum(y), len(y) - sum(y)
    tp = sum(h for h, yi in zip(hits, y) if yi == 1)
    fp = sum(h for h, yi in zip(hits, y) if yi == 0)
    assert (tpr, fpr) == (tp / n_pos, fp / n_neg)
    assert ec.predict(s, threshold, rule=rule).tolist() == [int(h) for h in hits]


def test_thresholds_beyond_2_53_keep_their_exact_value():
    y = [0, 1, 0, 1, 1, 0]
    s = np.int64([BIG, BIG + 1, BIG + 2, BIG + 3, BIG + 2, BIG + 4])
    roc = ec.roc_curve(y, s)
    assert [int(t) for t in roc.thresholds[1:]] == sorted(set(s.tolist()), reverse=True)
    for fpr, tpr, threshold in zip(roc.fpr[1:], roc.tpr[1:], roc.thresholds[1:]):
        check_threshold_reaches(y, s, threshold, tpr, fpr)
    pr = ec.precision_recall_curve(y, s)
    assert [int(t) for t in pr.thresholds] == sorted(set(s.tolist()))
    choice = ec.threshold_by_youden(y, s)
    check_threshold_reaches(y, s, choice.threshold, choice.tpr, choice.fpr)
    choice = ec.threshold_by_cost(y, s, cost_fp=1, cost_fn=3)
    check_threshold_reaches(y, s, choice.threshold, choice.tpr, choice.fpr)
    for rule in (">=", ">"):
        for pick in (ec.threshold_at_fpr(y, s, 0.4, rule=rule),
                     ec.threshold_at_precision(y, s, 0.6, rule=rule),
                     ec.threshold_max_fbeta(y, s, beta=2, rule=rule)):
            check_threshold_reaches(y, s, pick.threshold, pick.tpr, pick.fpr, rule)
    point = ec.optimal_operating_point(y, s, cost_fp=1, cost_fn=1)
    check_threshold_reaches(y, s, point.threshold, point.tpr, point.fpr)
    hull_ = ec.roc_convex_hull(y, s)
    for fpr, tpr, threshold in zip(hull_.fpr[1:], hull_.tpr[1:], hull_.thresholds[1:]):
        check_threshold_reaches(y, s, threshold, tpr, fpr)
    eer = ec.equal_error_rate(y, s)
    tp, fp, _, _ = confusion_counts(y, [int(v) for v in s], int(eer.threshold))
    assert fp / 3 >= 1 - tp / 3                     # FPR has reached FNR there ...
    above = [int(v) for v in s if v > eer.threshold]
    if above:                                       # ... and not at the next higher score
        tp, fp, _, _ = confusion_counts(y, [int(v) for v in s], min(above))
        assert fp / 3 < 1 - tp / 3
    prg = ec.prg_curve(y, s)
    assert all(int(t) in set(s.tolist()) for t in prg.thresholds if np.isfinite(t))


def test_long_double_scores_keep_their_exact_threshold():
    base = np.longdouble(1)
    step = np.longdouble(2) ** -60                  # below float64's resolution at 1
    if base + step == base:
        pytest.skip("this platform's long double is no wider than float64")
    s = np.array([base, base + step, base + 2 * step, base + 3 * step])
    choice = ec.threshold_by_youden([0, 0, 1, 1], s)
    assert isinstance(choice.threshold, np.longdouble)
    assert choice.threshold == base + 2 * step      # the lowest positive: J = 1
    assert ec.predict(s, choice.threshold, rule=">=").tolist() == [0, 0, 1, 1]
    y = [0, 1, 0, 1]
    assert ec.roc_auc(y, s) == auc_pairs(y, s.tolist())
    assert ec.roc_curve(y, s).thresholds.dtype == np.longdouble
    assert ec.equal_error_rate(y, s).threshold in set(s.tolist())


# ---------------------------------------------------------------------- the statistics of ranks

BIG_Y = np.array([0, 1, 0, 1, 1, 0, 0, 1, 0])
RANKS = np.array([1, 5, 3, 8, 3, 0, 2, 6, 7])     # ties at 3: one positive, one negative
BIG_SCORES = 2 ** 60 + RANKS                        # float64 would merge all of them


def test_big_integers_are_not_merged_by_float64():
    assert np.unique(BIG_SCORES.astype(np.float64)).size < np.unique(BIG_SCORES).size


@pytest.mark.parametrize("name, call", [
    ("delong_variance", lambda s: ec.delong_variance(BIG_Y, s)),
    ("roc_auc_ci", lambda s: ec.roc_auc_ci(BIG_Y, s)),
    ("roc_auc_ci logit", lambda s: ec.roc_auc_ci(BIG_Y, s, method="logit")),
    ("roc_auc_ci bootstrap", lambda s: ec.roc_auc_ci(BIG_Y, s, method="bootstrap", n_boot=50,
                                                     random_state=0)),
    ("bootstrap_ci", lambda s: ec.bootstrap_ci(BIG_Y, s, ec.roc_auc, n_boot=50, random_state=0)),
    ("delong_test", lambda s: ec.delong_test(BIG_Y, s, RANKS[::-1].copy())),
    ("auc_permutation_test", lambda s: ec.auc_permutation_test(BIG_Y, s)),
    ("auc_permutation_test mc", lambda s: ec.auc_permutation_test(BIG_Y, s, n_resamples=200,
                                                                  random_state=0)),
    ("sensitivity_at_specificity", lambda s: ec.sensitivity_at_specificity(
        BIG_Y, s, 0.8, n_boot=50, random_state=0)),
])
def test_statistics_of_ranks_are_the_same_for_scores_beyond_2_to_53(name, call):
    # each depends on the scores only through their order: an exact shift changes nothing
    assert said(lambda: call(BIG_SCORES))[0] == said(lambda: call(RANKS))[0]


def test_long_double_scores_keep_their_order():
    if np.finfo(np.longdouble).nmant < 63:
        pytest.skip("long double is no wider than float64 here")
    tiny = np.finfo(np.longdouble).eps
    scores = np.longdouble(1) + RANKS.astype(np.longdouble) * tiny
    assert np.unique(scores.astype(np.float64)).size == 1
    assert ec.delong_variance(BIG_Y, scores) == ec.delong_variance(BIG_Y, RANKS)
    assert ec.auc_permutation_test(BIG_Y, scores) == ec.auc_permutation_test(BIG_Y, RANKS)
