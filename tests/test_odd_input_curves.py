"""Odd-but-valid and invalid input for curves, costs, the ROC hull and precision-recall
(evalcore 0.2).

Every expected value comes from an independent source: brute force over the samples with
Python integers and exact fractions, scikit-learn, or an identity (scaling every weight by one
constant, or replacing the scores by their ranks, changes nothing).
"""

from __future__ import annotations

import ast
import math
import warnings
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec
from evalcore.core import areas, curves, precision_recall
from evalcore.decisions import costs, hull, threshold_choices
from evalcore.core.curves import confusion_matrix_at_thresholds
from evalcore.reference import auc_pairs, confusion_counts
from strategies import labelled_scores

MODULES = (curves, areas, costs, threshold_choices, hull, precision_recall)
TOY_Y, TOY_S = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
BIG = 2 ** 53


# ----------------------------------------------------------------------------- brute force

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


# -------------------------------------------------------------------- one core, no reach-ins

@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_no_private_name_imported_across_modules(module):
    tree = ast.parse(Path(module.__file__).read_text())
    private = [alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
               for alias in node.names if alias.name.startswith("_")]
    assert private == []


def test_the_local_copies_of_the_core_are_gone():
    assert not hasattr(costs, "_operating_points")
    assert not hasattr(hull, "_positive_share")
    for module in MODULES:
        # the scaled-weight validation (check_binary_scores(scale_weights=True)), the rule
        # check (check_rule) and the threshold as a scalar (curves.threshold_scalar) are
        # shared, not copied
        for name in ("_both_classes", "_need_both", "_check_fraction", "_threshold_scalar",
                     "_validated", "_points", "_check_rule"):
            assert not hasattr(module, name), (module.__name__, name)


# ------------------------------------------------------------ confusion_matrix_at_thresholds

@settings(max_examples=40, deadline=None)
@given(data=labelled_scores(max_size=30), weighted=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_confusion_matrix_at_thresholds_equals_scikit_learn(data, weighted, seed):
    from sklearn.metrics import confusion_matrix_at_thresholds as sk_counts

    y, s = data
    w = np.random.default_rng(seed).uniform(0, 3, y.size) if weighted else None
    ours = confusion_matrix_at_thresholds(y, s, sample_weight=w)
    tns, fps, fns, tps, thresholds = sk_counts(y, s, sample_weight=w)
    np.testing.assert_array_equal(ours.thresholds, thresholds)
    for mine, theirs in zip((ours.tp, ours.fp, ours.fn, ours.tn), (tps, fps, fns, tns)):
        np.testing.assert_allclose(mine, theirs, rtol=1e-12, atol=1e-12)


@settings(max_examples=30, deadline=None)
@given(data=labelled_scores(max_size=30), weighted=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_confusion_matrix_at_thresholds_unpacks_as_scikit_learns(data, weighted, seed):
    # same name, same order: code written for scikit-learn's tuple gets the same arrays
    # (evalcore returned (thresholds, tp, fp, fn, tn) before, so this unpacking swapped them)
    from sklearn.metrics import confusion_matrix_at_thresholds as sk_counts

    y, s = data
    w = np.random.default_rng(seed).uniform(0, 3, y.size) if weighted else None
    for ours, theirs in zip(confusion_matrix_at_thresholds(y, s, sample_weight=w),
                            sk_counts(y, s, sample_weight=w)):
        np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-12)


def test_threshold_counts_fields_are_named_in_scikit_learns_order():
    assert ec.ThresholdCounts._fields == ("tn", "fp", "fn", "tp", "thresholds")


@settings(max_examples=30, deadline=None)
@given(data=labelled_scores(max_size=25), weighted=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_confusion_matrix_at_thresholds_equals_confusion_matrix_at(data, weighted, seed):
    y, s = data
    # integer weights (some 0): every sum is exact, so the counts must agree exactly
    w = np.random.default_rng(seed).integers(0, 4, y.size).astype(float) if weighted else None
    if w is not None and not w.any():
        w[0] = 1.0
    ours = confusion_matrix_at_thresholds(y, s, sample_weight=w)
    assert np.all(np.diff(ours.thresholds) < 0)
    kept = s if w is None else s[w > 0]
    assert set(ours.thresholds.tolist()) == set(kept.tolist())
    for i, threshold in enumerate(ours.thresholds):
        cm = ec.confusion_matrix_at(y, s, threshold, rule=">=", sample_weight=w)
        assert (cm.tp, cm.fp, cm.fn, cm.tn) == (ours.tp[i], ours.fp[i], ours.fn[i], ours.tn[i])


def test_confusion_matrix_at_thresholds_beyond_2_53():
    y = [0, 1, 1, 0, 1]
    s = np.int64([BIG, BIG + 1, BIG + 3, BIG + 3, BIG + 2])
    ours = confusion_matrix_at_thresholds(y, s)
    assert [int(t) for t in ours.thresholds] == [BIG + 3, BIG + 2, BIG + 1, BIG]
    for i, threshold in enumerate(ours.thresholds):
        tp, fp, _, _ = confusion_counts(y, [int(v) for v in s], int(threshold))
        assert (ours.tp[i], ours.fp[i], ours.fn[i], ours.tn[i]) == (tp, fp, 3 - tp, 2 - fp)
        cm = ec.confusion_matrix_at(y, s, threshold, rule=">=")
        assert (cm.tp, cm.fp) == (tp, fp)


def test_confusion_matrix_at_thresholds_single_class_is_no_error():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        counts = confusion_matrix_at_thresholds([1, 1, 1], [0.3, 0.1, 0.3])
    assert counts.thresholds.tolist() == [0.3, 0.1]
    assert (counts.tp.tolist(), counts.fp.tolist(), counts.fn.tolist(),
            counts.tn.tolist()) == ([2, 3], [0, 0], [1, 0], [0, 0])


# ------------------------------------------------------------------------------ the options

@pytest.mark.parametrize("call, error, match", [
    (lambda: ec.partial_auc(TOY_Y, TOY_S, max_fpr=0.5, standardized="no"), TypeError,
     "standardized must be True or False"),
    (lambda: ec.partial_auc(TOY_Y, TOY_S, max_fpr=0.5, standardized=1), TypeError,
     "standardized must be True or False"),
    (lambda: ec.partial_auc(TOY_Y, TOY_S, max_fpr=math.inf), ValueError,
     r"max_fpr must lie in \(0, 1\]"),
    (lambda: ec.partial_auc(TOY_Y, TOY_S, min_tpr=math.nan), ValueError, "min_tpr must be"),
    (lambda: ec.roc_auc(TOY_Y, TOY_S, method=None), TypeError, "method must be one of"),
    (lambda: ec.roc_auc(TOY_Y, TOY_S, method=2), TypeError, "method must be one of"),
    (lambda: ec.roc_auc(TOY_Y, TOY_S, method="Rank"), ValueError,
     "method must be 'rank', 'trapezoid' or 'pairs'"),
    (lambda: ec.threshold_at_fpr(TOY_Y, TOY_S, math.nan), ValueError,
     r"max_fpr must be a number in \[0"),
    (lambda: ec.threshold_at_fpr(TOY_Y, TOY_S, "0.1"), TypeError, "max_fpr must be a real"),
    (lambda: ec.threshold_at_fpr(TOY_Y, TOY_S, 0.1, rule=None), TypeError,
     "rule must be one of"),
    (lambda: ec.threshold_at_fpr(TOY_Y, TOY_S, 0.1, rule=1), TypeError,
     "rule must be one of"),
    (lambda: ec.threshold_at_precision(TOY_Y, TOY_S, 1.5), ValueError,
     r"min_precision must lie in \[0"),
    (lambda: ec.threshold_max_fbeta(TOY_Y, TOY_S, beta=math.inf), ValueError,
     "beta must be positive and finite"),
    (lambda: ec.threshold_max_fbeta(TOY_Y, TOY_S, beta="1"), TypeError,
     "beta must be a positive real number"),
    (lambda: ec.threshold_by_cost(TOY_Y, TOY_S, cost_fp=-1), ValueError,
     "cost_fp must be non-negative"),
    (lambda: ec.threshold_by_cost(TOY_Y, TOY_S, cost_fn=math.nan), ValueError,
     "cost_fn must be non-negative and finite"),
    (lambda: ec.threshold_by_cost(TOY_Y, TOY_S, cost_fn=True), TypeError,
     "cost_fn must be a non-negative real number"),
    (lambda: ec.optimal_operating_point(TOY_Y, TOY_S, cost_fp=1, cost_fn=1, prior_pos=True),
     TypeError, "prior_pos must be a real number"),
    (lambda: ec.optimal_operating_point(TOY_Y, TOY_S, cost_fp=1, cost_fn=1,
                                        prior_pos=math.nan), ValueError,
     r"prior_pos must be a number in \(0, 1\)"),
    (lambda: ec.iso_performance_slope(cost_fp=1, cost_fn=1, prior_pos="0.5"), TypeError,
     "prior_pos must be a real number"),
    (lambda: ec.cost_lines(TOY_Y, TOY_S, probability_cost=[math.nan]), ValueError,
     "probability_cost must be finite"),
    (lambda: ec.cost_curve(TOY_Y, TOY_S, probability_cost=["a"]), TypeError,
     "probability_cost must hold numbers"),
    (lambda: ec.interpolated_pr_curve(TOY_Y, TOY_S, num=2.0), TypeError,
     "num must be an integer"),
    (lambda: ec.interpolated_pr_curve(TOY_Y, TOY_S, num="2"), TypeError,
     "num must be an integer"),
    (lambda: ec.achievable_pr_curve(TOY_Y, TOY_S, num=-1, hull=True), ValueError,
     "num must be an integer of at least 0"),
    (lambda: ec.achievable_pr_curve(TOY_Y, TOY_S, hull=1), TypeError,
     "hull must be True or False"),
    (lambda: ec.pr_auc_interpolated(TOY_Y, TOY_S, hull="yes"), TypeError,
     "hull must be True or False"),
])
def test_options_follow_the_vocabulary(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_numpy_scalars_are_accepted_as_options():
    assert ec.partial_auc(TOY_Y, TOY_S, max_fpr=np.float32(0.5),
                          standardized=np.bool_(False)) == 0.25
    assert ec.interpolated_pr_curve(TOY_Y, TOY_S, num=np.int64(0)).recall.size == 1 + len(set(TOY_S))


# ---------------------------------------------------------------- extreme weights and costs

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


def test_costs_near_the_largest_float():
    y, s = [0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4]
    # the cheapest point by brute force, in exact fractions: cost = (c_fp·FP + c_fn·FN) / n
    c_fp, c_fn = 1e308, 1.7e308
    best = min((Fraction(c_fp) * fp + Fraction(c_fn) * (2 - tp)) / 4
               for tp, fp, _, _ in (confusion_counts(y, s, t) for t in [math.inf, *s]))
    choice = ec.threshold_by_cost(y, s, cost_fp=c_fp, cost_fn=c_fn)
    assert choice.value == float(best)
    tp, fp, _, _ = confusion_counts(y, s, choice.threshold)
    assert (Fraction(c_fp) * fp + Fraction(c_fn) * (2 - tp)) / 4 == best
    point = ec.optimal_operating_point(y, s, cost_fp=c_fp, cost_fn=c_fn)
    assert point.value == float(best) and point.threshold == choice.threshold


@pytest.mark.parametrize("cost_fp, cost_fn, prior_pos", [
    (1e308, 1e-308, 1e-300), (1e-308, 1e308, 0.5), (5e-324, 5e-324, 0.25),
    (1e300, 1e-10, 0.5), (3.0, 7.0, 1e-320),
])
def test_slope_and_probability_cost_at_extreme_costs(cost_fp, cost_fn, prior_pos):
    exact = Fraction(cost_fp) * (1 - Fraction(prior_pos)) / (Fraction(cost_fn)
                                                             * Fraction(prior_pos))
    slope = ec.iso_performance_slope(cost_fp=cost_fp, cost_fn=cost_fn, prior_pos=prior_pos)
    # correctly rounded where it fits (inf beyond the largest float); within an ulp otherwise
    expected = math.inf if exact > Fraction(np.finfo(float).max) else float(exact)
    assert slope == pytest.approx(expected, rel=1e-15, abs=0)
    pc = ec.probability_cost(cost_fp=cost_fp, cost_fn=cost_fn, prior_pos=prior_pos)
    assert pc == pytest.approx(float(1 / (1 + exact)), rel=1e-15, abs=1e-300)


def test_huge_beta_gives_recall_and_tiny_beta_precision():
    y, s = [0, 1, 0, 1, 1], [0.1, 0.2, 0.3, 0.4, 0.35]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        huge = ec.threshold_max_fbeta(y, s, beta=1e200)
        tiny = ec.threshold_max_fbeta(y, s, beta=1e-200)
    # F-beta → recall as β → ∞ (ties to the highest threshold), → precision as β → 0
    assert (huge.threshold, huge.value) == (0.2, 1.0)
    assert (tiny.threshold, tiny.value) == (0.4, 1.0)


# ------------------------------------------------------------------- extreme and huge scores

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


def test_roc_auc_of_neighbours_beyond_2_53():
    assert ec.roc_auc([0, 1], np.int64([BIG, BIG + 1])) == 1.0
    assert ec.roc_auc([1, 0], np.int64([BIG, BIG + 1])) == 0.0


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


# ------------------------------------------------------------------------- undefined values

ONE_CLASS = {"no negatives": ([1, 1, 1], [0.2, 0.1, 0.2]),
             "no positives": ([0, 0, 0], [0.2, 0.1, 0.2])}

CALLS = {
    "roc_curve": lambda y, s: ec.roc_curve(y, s),
    "roc_auc": lambda y, s: ec.roc_auc(y, s),
    "roc_auc trapezoid": lambda y, s: ec.roc_auc(y, s, method="trapezoid"),
    "roc_auc pairs": lambda y, s: ec.roc_auc(y, s, method="pairs"),
    "gini": lambda y, s: ec.gini(y, s),
    "partial_auc": lambda y, s: ec.partial_auc(y, s, max_fpr=0.5),
    "equal_error_rate": lambda y, s: ec.equal_error_rate(y, s),
    "threshold_by_cost": lambda y, s: ec.threshold_by_cost(y, s),
    "threshold_by_youden": lambda y, s: ec.threshold_by_youden(y, s),
    "threshold_at_fpr": lambda y, s: ec.threshold_at_fpr(y, s, 0.5),
    "threshold_at_precision": lambda y, s: ec.threshold_at_precision(y, s, 0.5),
    "threshold_max_fbeta": lambda y, s: ec.threshold_max_fbeta(y, s),
    "roc_convex_hull": lambda y, s: ec.roc_convex_hull(y, s),
    "optimal_operating_point": lambda y, s: ec.optimal_operating_point(y, s, cost_fp=1,
                                                                       cost_fn=1),
    "cost_lines": lambda y, s: ec.cost_lines(y, s, probability_cost=[0.5]),
    "cost_curve": lambda y, s: ec.cost_curve(y, s),
    "prg_curve": lambda y, s: ec.prg_curve(y, s),
    "auprg": lambda y, s: ec.auprg(y, s),
}
NO_POSITIVES_ONLY = {
    "precision_recall_curve": lambda y, s: ec.precision_recall_curve(y, s),
    "average_precision": lambda y, s: ec.average_precision(y, s),
    "pr_auc_trapezoid": lambda y, s: ec.pr_auc_trapezoid(y, s),
    "interpolated_pr_curve": lambda y, s: ec.interpolated_pr_curve(y, s),
    "achievable_pr_curve": lambda y, s: ec.achievable_pr_curve(y, s, hull=True),
    "pr_auc_interpolated": lambda y, s: ec.pr_auc_interpolated(y, s, hull=True),
}
CASES = ([(name, case) for name in CALLS for case in ONE_CLASS]
         + [(name, "no positives") for name in NO_POSITIVES_ONLY])


def has_nan(result) -> bool:
    if isinstance(result, tuple):
        return any(has_nan(part) for part in result)
    return bool(np.isnan(np.asarray(result, dtype=float)).any())


@pytest.mark.parametrize("name, case", CASES)
def test_a_missing_class_gives_nan_and_one_warning_pointing_here(name, case):
    call = {**CALLS, **NO_POSITIVES_ONLY}[name]
    y, s = ONE_CLASS[case]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call(y, s)
    assert [c.category for c in caught] == [ec.UndefinedMetricWarning], \
        [str(c.message) for c in caught]
    assert case.split()[1][:-1] in str(caught[0].message)     # names the missing class
    assert caught[0].filename == __file__                     # the user's line, not ours
    assert has_nan(result)


def test_zero_weights_remove_a_class():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert math.isnan(ec.roc_auc([0, 1, 1], [0.1, 0.2, 0.3], sample_weight=[0, 1, 1],
                                     method="pairs"))
    assert [c.category for c in caught] == [ec.UndefinedMetricWarning]
    assert "negative" in str(caught[0].message)


@settings(max_examples=30, deadline=None)
@given(data=labelled_scores(max_size=15))
def test_no_runtime_warning_on_valid_input(data):
    y, s = data
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        for call in {**CALLS, **NO_POSITIVES_ONLY}.values():
            call(y, s)
        ec.threshold_max_fbeta(y, s, beta=1e-200)
        ec.threshold_max_fbeta(y, s, beta=1e200)
