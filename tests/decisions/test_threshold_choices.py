"""evalcore/decisions/threshold_choices.py: thresholds chosen under a constraint or for an
objective (``threshold_at_fpr``, with a guarantee too; ``threshold_at_precision``;
``threshold_max_fbeta``).

References: a brute-force scan over every candidate threshold (each distinct score, plus
"call nothing" and "call everything") under both rules; for the guaranteed threshold, the
``nproc`` package's cutoff and a simulation of the violation rate where the true FPR is known
(uniform negatives, and a heavily tied score); the chapter's numbers by hand."""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec

from conftest import ROOT
from reference import nproc_bounds, nproc_choice, order_by_hand, tail_by_hand


# --------------------------------------------- the empirical choices against a brute-force scan

RULES = (">=", ">")


def scan(y, s, rule):
    """Every achievable split: (threshold, tp, fp) computed by direct comparison."""
    y, s = np.asarray(y), np.asarray(s, dtype=float)
    values = np.unique(s)
    candidates = [np.inf] + values[::-1].tolist() if rule == ">=" else (
        values[::-1].tolist() + [-np.inf])
    rows = []
    for t in candidates:
        called = s >= t if rule == ">=" else s > t
        rows.append((t, int(np.sum(called & (y == 1))), int(np.sum(called & (y == 0)))))
    return rows


def brute(y, s, rule, objective, feasible):
    """Best objective among feasible splits; ties to the highest threshold (fewest called)."""
    y = np.asarray(y)
    P, N = int(y.sum()), int((y == 0).sum())
    best = None
    for t, tp, fp in scan(y, s, rule):
        if not feasible(tp, fp, P, N):
            continue
        value = objective(tp, fp, P, N)
        if best is None or value > best[0] + 1e-12:
            best = (value, t, tp, fp)
    return best


def check(choice, best, y):
    y = np.asarray(y)
    P, N = int(y.sum()), int((y == 0).sum())
    value, t, tp, fp = best
    assert choice.threshold == t
    assert choice.tpr == pytest.approx(tp / P) and choice.fpr == pytest.approx(fp / N)
    assert choice.value == pytest.approx(value)
    if tp + fp:
        assert choice.precision == pytest.approx(tp / (tp + fp))


data = st.integers(2, 30).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 1), min_size=n, max_size=n),
    st.lists(st.integers(0, 5), min_size=n, max_size=n)))


def both_classes(y):
    y = list(y)
    y[0], y[-1] = 0, 1
    return y


@settings(max_examples=150, deadline=None, derandomize=True)
@given(data, st.floats(0, 1), st.sampled_from(RULES))
def test_threshold_at_fpr_matches_brute_force(d, max_fpr, rule):
    y, s = both_classes(d[0]), d[1]
    best = brute(y, s, rule, lambda tp, fp, P, N: tp / P - 1e-9 * fp,
                 lambda tp, fp, P, N: fp <= max_fpr * N)
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)   # nothing called: 0/0
        choice = ec.threshold_at_fpr(y, s, max_fpr, rule=rule)
    check(choice._replace(value=choice.value - 1e-9 * choice.fpr * (len(y) - sum(y))), best, y)
    called = (np.asarray(s) >= choice.threshold) if rule == ">=" else (
        np.asarray(s) > choice.threshold)
    assert np.sum(called & (np.asarray(y) == 0)) <= max_fpr * (len(y) - sum(y))


@settings(max_examples=150, deadline=None, derandomize=True)
@given(data, st.floats(0, 1), st.sampled_from(RULES))
def test_threshold_at_precision_matches_brute_force(d, min_precision, rule):
    y, s = both_classes(d[0]), d[1]
    best = brute(y, s, rule, lambda tp, fp, P, N: tp / P,
                 lambda tp, fp, P, N: tp + fp > 0 and tp / (tp + fp) >= min_precision - 1e-12)
    if best is None:
        with pytest.warns(ec.UndefinedMetricWarning, match="no threshold reaches") as rec:
            choice = ec.threshold_at_precision(y, s, min_precision, rule=rule)
        assert len(rec) == 1 and math.isnan(choice.threshold)
        return
    choice = ec.threshold_at_precision(y, s, min_precision, rule=rule)
    check(choice, best, y)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(data, st.floats(0.1, 5), st.sampled_from(RULES))
def test_threshold_max_fbeta_matches_brute_force(d, beta, rule):
    y, s = both_classes(d[0]), d[1]
    b2 = beta * beta
    best = brute(y, s, rule, lambda tp, fp, P, N: (1 + b2) * tp / ((1 + b2) * tp + b2 * (P - tp) + fp),
                 lambda tp, fp, P, N: True)
    choice = ec.threshold_max_fbeta(y, s, beta=beta, rule=rule)
    check(choice, best, y)


def test_rules_call_the_same_cases_and_predict_agrees():
    y, s = ec.murphy_classifier(2)
    for fn, args in ((ec.threshold_at_fpr, (0.3,)), (ec.threshold_at_precision, (0.8,)),
                     (ec.threshold_max_fbeta, ())):
        a, b = fn(y, s, *args, rule=">="), fn(y, s, *args, rule=">")
        assert (a.tpr, a.fpr, a.precision) == (b.tpr, b.fpr, b.precision)
        for choice, rule in ((a, ">="), (b, ">")):
            cm = ec.confusion_matrix_at(y, s, choice.threshold, rule=rule)
            assert (cm.tpr, cm.fpr) == pytest.approx((choice.tpr, choice.fpr))


def test_murphy_neyman_pearson_by_hand():
    # classifier 2: positives 0.9 0.8 0.7 0.6 0.2, negatives 0.6 0.3 0.2 0.1; at FPR <= 1/4 the
    # tie at 0.6 may be called positive (one negative), giving TPR 4/5
    y, s = ec.murphy_classifier(2)
    choice = ec.threshold_at_fpr(y, s, 0.25)
    assert (choice.threshold, choice.tpr, choice.fpr, choice.precision) == (0.6, 0.8, 0.25, 0.8)
    strict = ec.threshold_at_fpr(y, s, 0.2, rule=">")
    assert (strict.threshold, strict.tpr, strict.fpr) == (0.6, 0.6, 0.0)


def test_undefined_and_errors():
    with pytest.warns(ec.UndefinedMetricWarning, match="no negative samples") as rec:
        assert all(math.isnan(v) for v in ec.threshold_at_fpr([1, 1], [0.2, 0.3], 0.1))
    assert len(rec) == 1
    with pytest.warns(ec.UndefinedMetricWarning, match="calls no case positive") as rec:
        choice = ec.threshold_at_fpr([0, 1], [0.9, 0.1], 0.0)
    assert len(rec) == 1 and choice.threshold == math.inf and math.isnan(choice.precision)
    with pytest.raises(ValueError, match="max_fpr must lie in"):
        ec.threshold_at_fpr([0, 1], [0.1, 0.2], 1.5)
    with pytest.raises(TypeError, match="min_precision must be a real number"):
        ec.threshold_at_precision([0, 1], [0.1, 0.2], "high")
    with pytest.raises(ValueError, match="beta must be positive"):
        ec.threshold_max_fbeta([0, 1], [0.1, 0.2], beta=0)
    with pytest.raises(ValueError, match="rule must be '>' or '>='"):
        ec.threshold_max_fbeta([0, 1], [0.1, 0.2], rule="=>")


def test_fpr_bound_met_exactly_is_feasible():
    """FPR 29/100 = 0.29 meets max_fpr=0.29, although 0.29 * 100 < 29 in floating point."""
    y = np.r_[np.ones(10), np.zeros(100)].astype(int)
    s = np.r_[np.full(5, 5.0), np.full(5, 3.0), np.full(29, 4.0), np.arange(71) / 1000.0]
    assert 0.29 * 100 < 29 and 29 / 100 <= 0.29
    choice = ec.threshold_at_fpr(y, s, 0.29)
    assert (choice.tpr, choice.fpr, choice.threshold) == (1.0, 0.29, 3.0)


# --------------------------------------------------- one field order: FPR before TPR everywhere

def test_every_operating_point_result_puts_fpr_before_tpr_as_the_curves():
    # unpacking one like another must never swap the rates: ThresholdChoice was
    # (threshold, tpr, fpr, ...) while OperatingPoint and roc_curve put FPR first
    assert ec.ThresholdChoice._fields == ("threshold", "fpr", "tpr", "precision", "value")
    assert ec.OperatingPoint._fields == ("threshold", "fpr", "tpr", "value")
    assert ec.RocCurve._fields[:2] == ec.RocHull._fields[:2] == ("fpr", "tpr")


@pytest.mark.parametrize("choose", [
    lambda y, s: ec.threshold_at_fpr(y, s, 0.3), lambda y, s: ec.threshold_at_precision(y, s, 0.7),
    lambda y, s: ec.threshold_max_fbeta(y, s), lambda y, s: ec.threshold_by_youden(y, s),
    lambda y, s: ec.threshold_by_cost(y, s, cost_fn=3.0),
    lambda y, s: ec.optimal_operating_point(y, s, cost_fp=1.0, cost_fn=3.0)],
    ids=["at_fpr", "at_precision", "max_fbeta", "youden", "by_cost", "optimal"])
def test_unpacked_by_position_the_rates_are_those_of_the_threshold(choose):
    y, s = ec.murphy_classifier(2)
    threshold, fpr, tpr, *_ = choose(y, s)
    # the rates of the rule score >= threshold, counted here
    y, s = np.asarray(y), np.asarray(s)
    called = s >= threshold
    assert fpr == np.sum(called & (y == 0)) / np.sum(y == 0)
    assert tpr == np.sum(called & (y == 1)) / np.sum(y == 1)


# --------------------------------------------------- with a guarantee: nproc's order and cutoff

def nproc_order(scores0, scores1, alpha, delta):
    return nproc_choice(*nproc_bounds(scores0, scores1, delta), alpha)


def test_nproc_finds_no_order_where_the_minimum_is_not_reached():
    rng = np.random.default_rng(5)
    order, _ = nproc_order(rng.normal(0, 1, 58), rng.normal(1, 1, 20), 0.05, 0.05)
    assert order is None
    y, s = np.r_[np.zeros(58, int), np.ones(20, int)], rng.normal(0, 1, 78)
    with pytest.raises(ValueError, match=r"y_true must hold at least 59 negatives.*holds 58"):
        ec.threshold_at_fpr(y, s, 0.05, confidence=0.95)


def test_tied_negative_scores_give_nprocs_cutoff():
    rng = np.random.default_rng(7)
    negatives = rng.integers(0, 12, 300) / 4           # 12 values: ties everywhere
    positives = rng.integers(6, 16, 50) / 4
    first_of_tie, cutoff = nproc_order(negatives, positives, 0.1, 0.05)
    y, s = np.r_[np.zeros(300, int), np.ones(50, int)], np.r_[negatives, positives]
    strict = ec.threshold_at_fpr(y, s, 0.1, confidence=0.95, rule=">")
    # nproc bounds each tied score by its tie's highest rank and reports the tie's first
    # position; the order k lies in the same tie: the same cutoff
    assert strict.threshold == cutoff and first_of_tie <= strict.order
    assert strict.order == ec.umbrella_order(300, 0.1, confidence=0.95)
    # the rule ">=" names the next higher score and calls the same cases positive
    at_least = ec.threshold_at_fpr(y, s, 0.1, confidence=0.95)
    assert at_least.threshold == np.min(s[s > cutoff])
    assert (at_least.fpr, at_least.tpr) == (strict.fpr, strict.tpr)
    assert strict.threshold == np.sort(negatives)[strict.order - 1]     # the k-th smallest


# ----------------------------------------------------------------------------------- simulation

DRAWS = 2000
N_NEG = 500


def _violations(alpha, confidence, draws, make_scores, true_fpr):
    """The share of draws whose chosen threshold's true FPR exceeds alpha, by evalcore."""
    rng = np.random.default_rng(2026)
    y = np.r_[np.zeros(N_NEG, int), np.ones(100, int)]
    over = 0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for _ in range(draws):
            s = make_scores(rng)
            choice = ec.threshold_at_fpr(y, s, alpha, confidence=confidence, rule=">")
            over += true_fpr(choice.threshold) > alpha
    return over / draws


def _uniform_scores(rng):
    return np.r_[rng.uniform(0, 1, N_NEG), rng.uniform(0.5, 1.5, 100)]


def test_the_violation_rate_of_the_guaranteed_threshold_is_at_most_delta():
    # negatives uniform on (0, 1): the rule score > t has true FPR 1 - t
    rate = _violations(0.05, 0.95, DRAWS, _uniform_scores, lambda t: 1 - t)
    margin = 3 * math.sqrt(0.05 * 0.95 / DRAWS)        # three Monte Carlo standard errors
    assert rate <= 0.05 + margin
    # and the exact rate for continuous scores is the tail at the order: 0.034
    exact = ec.fpr_violation_probability(N_NEG, ec.umbrella_order(N_NEG, 0.05), 0.05)
    assert abs(rate - exact) <= 3 * math.sqrt(exact * (1 - exact) / DRAWS)


def test_the_plain_empirical_threshold_exceeds_the_limit_more_often_than_not():
    # positives dense around the cut (about 60 between two neighbouring negatives there), so
    # that the chosen cut lies between the 26th and the 25th largest negative but for about
    # 2 % of the draws (no positive between them: the cut then lies higher)
    rng = np.random.default_rng(11)
    y = np.r_[np.zeros(N_NEG, int), np.ones(3000, int)]
    over = 0
    for _ in range(DRAWS):
        s = np.r_[rng.uniform(0, 1, N_NEG), rng.uniform(0.9, 1.0, 3000)]
        choice = ec.threshold_at_fpr(y, s, 0.05)         # rule >=: true FPR 1 - t
        over += (1 - choice.threshold) > 0.05
    rate = over / DRAWS
    margin = 3 * math.sqrt(0.25 / DRAWS)
    # the cut lies above the 475th order statistic, and (but for those 2 %) at or below the
    # 476th: the true FPR exceeds 0.05 at most when the 475th is below 0.95, and at least
    # when the 476th is
    low, high = (float(tail_by_hand(N_NEG, k, 0.05)) for k in (476, 475))
    assert low - margin <= rate <= high + margin
    assert rate > 0.5 and round(high, 2) == 0.55


def test_the_guarantee_holds_for_heavily_tied_scores():
    # scores 0..9 with known probabilities; the rule score > t has FPR P(S > t)
    probabilities = np.array([30, 20, 15, 10, 8, 6, 5, 3, 2, 1]) / 100
    tail = 1 - np.cumsum(probabilities)                       # P(S > v) for v = 0..9

    def scores(rng):
        return np.r_[rng.choice(10, N_NEG, p=probabilities), rng.choice(10, 100) + 0.5]

    def true_fpr(threshold):
        return 1.0 if threshold < 0 else float(tail[int(threshold)])

    rate = _violations(0.1, 0.9, 1000, scores, true_fpr)
    assert rate <= 0.1 + 3 * math.sqrt(0.1 * 0.9 / 1000)


# ------------------------------------------------------------------------------------ empirical

def brute_empirical(y, s, max_fpr):
    """Largest TPR with FPR <= max_fpr, fewest cases on ties; rule >=, by direct comparison."""
    y, s = np.asarray(y), np.asarray(s, dtype=float)
    P, N = int(y.sum()), int((y == 0).sum())
    best = (-1, None, None)
    for t in [np.inf] + np.unique(s)[::-1].tolist():
        called = s >= t
        tp, fp = int(np.sum(called & (y == 1))), int(np.sum(called & (y == 0)))
        if fp / N <= max_fpr and tp > best[0]:
            best = (tp, t, fp)
    return best[1], best[2] / N, best[0] / P


@pytest.mark.filterwarnings("ignore::evalcore.UndefinedMetricWarning")   # max_fpr 0: none called
def test_confidence_none_is_the_empirical_choice():
    rng = np.random.default_rng(3)
    for _ in range(50):
        n = int(rng.integers(5, 80))
        y, s = rng.integers(0, 2, n), rng.integers(0, 15, n) / 5
        if y.min() == y.max():
            continue
        for max_fpr in (0.0, 0.1, 0.37, 1.0):
            plain = ec.threshold_at_fpr(y, s, max_fpr)
            assert type(plain) is ec.ThresholdChoice
            assert plain == ec.threshold_at_fpr(y, s, max_fpr, confidence=None)
            threshold, fpr, tpr = brute_empirical(y, s, max_fpr)
            assert (plain.threshold, plain.fpr, plain.tpr) == (threshold, fpr, tpr)


# ---------------------------------------------------------------------------------- ScoreCounts

def test_the_constraint_is_required_and_a_summary_takes_it_as_its_method():
    counts = ec.ScoreCounts.from_arrays([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    with pytest.raises(TypeError, match="'max_fpr'"):
        counts.threshold_at_fpr()
    with pytest.raises(TypeError, match="'min_precision'"):
        counts.threshold_at_precision()
    with pytest.raises(TypeError, match=r"has the method: counts\.threshold_at_fpr\(max_fpr\)"):
        ec.threshold_at_fpr(counts, [0.1, 0.4, 0.35, 0.8], 0.5)
    with pytest.raises(TypeError, match="'max_fpr'"):
        ec.threshold_at_fpr([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])


# ------------------------------------------------------------------ with a guarantee: undefined

def test_a_missing_class_gives_nan_and_one_warning():
    with pytest.warns(ec.UndefinedMetricWarning) as record:
        choice = ec.threshold_at_fpr([0] * 80, np.linspace(0, 1, 80), 0.05, confidence=0.95)
    assert len(record) == 1 and "no positive samples" in str(record[0].message)
    assert type(choice) is ec.GuaranteedThresholdChoice
    assert all(math.isnan(v) for v in choice)


def test_calling_nothing_positive_leaves_the_precision_undefined_once():
    # the largest negative outscores every positive: only it would be above; k = n calls none
    y, s = [0] * 59 + [1], list(np.linspace(0, 1, 59)) + [0.5]
    with pytest.warns(ec.UndefinedMetricWarning) as record:
        choice = ec.threshold_at_fpr(y, s, 0.05, confidence=0.95)
    assert len(record) == 1 and "calls no case positive" in str(record[0].message)
    assert choice.order == 59 and choice.threshold == math.inf
    assert (choice.fpr, choice.tpr) == (0.0, 0.0) and math.isnan(choice.precision)


# ----------------------------------------------------------------------------------- chapter 20

@pytest.mark.slow
def test_the_chapters_numbers_by_hand():
    """Chapter 20's glued values: the orders and tails by Fractions, the simulation's shares
    against the binomial tails, and the verdicts its prose states."""
    from notebook_cells import glued

    values = glued(ROOT / "chapters"
                   / "24_guaranteed_threshold.ipynb")
    n, alpha, draws = values["gt_n_neg"], values["gt_alpha"], values["gt_draws"]
    delta = 1 - values["gt_confidence"]
    assert (n, alpha, delta) == (500, 0.05, pytest.approx(0.05))
    k = order_by_hand(n, alpha, delta)
    assert values["gt_k"] == k and values["gt_k_above"] == n - k
    assert values["gt_k_tail"] == pytest.approx(float(tail_by_hand(n, k, alpha)), rel=1e-9)
    assert values["gt_k_before_tail"] > delta >= values["gt_k_tail"]
    # the plain choice allows 25 negatives above the cut: the 475th order, tail 0.553
    assert values["gt_plain_k"] == 475 and values["gt_plain_allowed"] == 25
    assert values["gt_plain_tail"] == pytest.approx(float(tail_by_hand(n, 475, alpha)),
                                                    rel=1e-9)
    assert values["ex2_by_hand"] == pytest.approx(float(tail_by_hand(n, k, alpha)), rel=1e-9)
    assert values["ex1_k"] == order_by_hand(values["ex1_n"], alpha, delta)
    for key, (level, confidence) in (("gt_min_n", (alpha, 0.95)),
                                     ("gt_min_n_strict", (0.01, 0.99))):
        smallest = 1
        while (1 - Fraction(level)) ** smallest > 1 - Fraction(confidence):
            smallest += 1
        assert values[key] == smallest
    # the simulation: the plain share between the tails at the 476th and 475th order, the
    # guaranteed one within delta, both up to three Monte Carlo standard errors
    margin = 3 * math.sqrt(0.25 / draws)
    assert (float(tail_by_hand(n, 476, alpha)) - margin <= values["gt_plain_over"]
            <= float(tail_by_hand(n, 475, alpha)) + margin)
    assert values["gt_plain_over"] > 0.5                       # "more often than not"
    assert values["gt_sure_over"] <= delta + 3 * math.sqrt(delta * (1 - delta) / draws)
    assert values["gt_plain_median_fpr"] == pytest.approx(alpha, abs=0.005)  # "at the limit"
    assert values["gt_sure_median_fpr"] < alpha
    assert values["gt_tpr_cost"] == pytest.approx(values["gt_plain_tpr"] - values["gt_sure_tpr"])
    assert values["gt_tpr_cost"] > 0
    # the allowance climbs towards the limit with more negatives
    assert (values["gt_allowed_small"] < values["gt_allowance"] < values["ex1_share"]
            < values["gt_allowed_large"] < alpha)
    # the interval section: the true rates, and the precision bound below the true precision
    assert values["gt_reach_sens"] > values["gt_point_sens"]     # "the gap"
    assert values["gt_prec_low"] <= values["gt_prec_true"]
    assert values["gt_prec_conf"] == pytest.approx(0.95)


# ------------------------------------------------------------------------------------ odd input

def test_huge_beta_gives_recall_and_tiny_beta_precision():
    y, s = [0, 1, 0, 1, 1], [0.1, 0.2, 0.3, 0.4, 0.35]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        huge = ec.threshold_max_fbeta(y, s, beta=1e200)
        tiny = ec.threshold_max_fbeta(y, s, beta=1e-200)
    # F-beta → recall as β → ∞ (ties to the highest threshold), → precision as β → 0
    assert (huge.threshold, huge.value) == (0.2, 1.0)
    assert (tiny.threshold, tiny.value) == (0.4, 1.0)
