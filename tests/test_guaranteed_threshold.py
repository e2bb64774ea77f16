"""Tests for the threshold with a guarantee (the Neyman-Pearson umbrella algorithm) and for the
constrained thresholds read from a ScoreCounts by its methods.

Oracles: the ``nproc`` package (Tong, Feng and Li's own Python port) for the order and the
cutoff; the binomial tail summed by hand with ``math.comb`` and ``fractions.Fraction``; a
simulation of the violation rate where the true FPR is known (uniform negatives: the rule
``score > t`` has FPR 1 − t; and a discrete, heavily tied score); a brute-force scan for
the empirical choice; the rows repeated by their integer weights for a weighted summary.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest

import evalcore as ec

GRID = [(n, alpha, delta) for n in (59, 60, 100, 250, 500) for alpha in (0.05, 0.1, 0.2)
        for delta in (0.05, 0.1, 0.2)]     # nproc's alpha grid has steps of 0.001


# ----------------------------------------------------------------------------- by hand

def tail_by_hand(n, k, alpha):
    """P(Binomial(n, 1 - alpha) >= k), exactly, alpha read as the exact value of its float."""
    p = 1 - Fraction(alpha)
    return sum(math.comb(n, j) * p ** j * (1 - p) ** (n - j) for j in range(k, n + 1))


def order_by_hand(n, alpha, delta):
    """The smallest k in 1..n with the exact tail <= delta, or None: the tail summed from
    k = n downwards, one term at a time."""
    p = 1 - Fraction(alpha)
    tail, found = Fraction(0), None
    for k in range(n, 0, -1):
        tail += math.comb(n, k) * p ** k * (1 - p) ** (n - k)
        if tail > Fraction(delta):
            break
        found = k
    return found


@pytest.mark.parametrize("n, k, alpha", [(4, 4, 0.5), (10, 7, 0.3), (59, 59, 0.05),
                                         (100, 90, 0.1), (500, 475, 0.05), (500, 484, 0.05),
                                         (300, 280, 0.1), (200, 199, 0.01), (1, 1, 0.5)])
def test_the_violation_probability_is_the_binomial_tail_summed_by_hand(n, k, alpha):
    assert ec.fpr_violation_probability(n, k, alpha) == pytest.approx(
        float(tail_by_hand(n, k, alpha)), rel=1e-11, abs=1e-300)


def test_the_violation_probability_at_the_ends():
    assert ec.fpr_violation_probability(10, 0, 0.1) == 1.0      # everything called positive
    assert ec.fpr_violation_probability(10, 11, 0.1) == 0.0     # nothing called positive
    assert ec.fpr_violation_probability(10, 3, 1.0) == 0.0      # an FPR never exceeds 1
    assert ec.fpr_violation_probability(10, 3, 0.0) == 1.0


@pytest.mark.parametrize("n, alpha, delta", GRID[::4] + [(30, 0.1, 0.05), (45, 0.1, 0.01)])
def test_the_order_is_the_smallest_whose_tail_is_at_most_delta_by_hand(n, alpha, delta):
    expected = order_by_hand(n, alpha, delta)
    if expected is None:
        with pytest.raises(ValueError, match="n_negatives must be at least"):
            ec.umbrella_order(n, alpha, confidence=1 - delta)
    else:
        # confidence = 1 - delta rounds delta by at most an ulp: no tail here is that close
        assert ec.umbrella_order(n, alpha, confidence=1 - delta) == expected


@pytest.mark.parametrize("alpha, confidence", [(0.05, 0.95), (0.01, 0.99), (0.1, 0.9),
                                               (0.2, 0.5), (0.5, 0.999), (1.0, 0.95)])
def test_the_fewest_negatives_by_hand(alpha, confidence):
    delta = 1 - Fraction(confidence)
    n = 1
    while (1 - Fraction(alpha)) ** n > delta:
        n += 1
    assert ec.min_negatives_for_guarantee(alpha, confidence=confidence) == n
    # and the order exists from there on, not before
    assert ec.umbrella_order(n, alpha, confidence=confidence) <= n
    if n > 1:
        with pytest.raises(ValueError, match=f"must be at least {n} "):
            ec.umbrella_order(n - 1, alpha, confidence=confidence)


# ----------------------------------------------------------------------------- nproc

def nproc_bounds(scores0, scores1, delta):
    """nproc's sorted class-0 scores and each one's upper bound on the type I error at
    confidence 1 - delta (``find_order``; the bound does not depend on alpha)."""
    from nproc import npc
    found = npc().find_order(list(scores0), list(scores1), delta, 1)
    return found[0], found[4]


def nproc_choice(sorted0, alpha_upper, alpha):
    """The order and cutoff ``npc_core`` picks: the first sorted class-0 score whose bound
    is <= alpha (its own tolerance); ``(None, None)`` where none is."""
    fits = [i for i, bound in enumerate(alpha_upper) if bound <= alpha + 1e-10]
    return (fits[0] + 1, sorted0[fits[0]]) if fits else (None, None)


def nproc_order(scores0, scores1, alpha, delta):
    return nproc_choice(*nproc_bounds(scores0, scores1, delta), alpha)


@pytest.mark.parametrize("n, delta", [(n, delta) for n in (59, 60, 100, 250, 500)
                                      for delta in (0.05, 0.1, 0.2)])
def test_the_order_and_the_cutoff_are_nprocs(n, delta):
    rng = np.random.default_rng(n * 10 + int(delta * 100))
    negatives, positives = rng.normal(0, 1, n), rng.normal(1.5, 1, 40)
    bounds = nproc_bounds(negatives, positives, delta)
    y = np.r_[np.zeros(n, int), np.ones(40, int)]
    s = np.r_[negatives, positives]
    for alpha in (0.05, 0.1, 0.2):
        order, cutoff = nproc_choice(*bounds, alpha)
        assert order is not None               # every n of the grid is large enough
        assert ec.umbrella_order(n, alpha, confidence=1 - delta) == order
        # nproc calls positive what scores above its cutoff: the threshold under rule ">"
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ec.UndefinedMetricWarning)   # k = n calls none
            choice = ec.threshold_at_fpr(y, s, alpha, confidence=1 - delta, rule=">")
        assert choice.threshold == cutoff and choice.order == order
        assert choice.tpr == np.mean(positives > cutoff)
        assert choice.fpr == np.mean(negatives > cutoff)


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


# ----------------------------------------------------------------------------- simulation

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


# ----------------------------------------------------------------------------- empirical

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


# ----------------------------------------------------------------------------- ScoreCounts

def _equal(a, b):
    assert type(a) is type(b)
    for x, z in zip(a, b):
        assert x == z or (math.isnan(x) and math.isnan(z))


@pytest.mark.parametrize("seed", range(12))
def test_the_summary_gives_the_arrays_choice(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(70, 200))
    y, s = rng.integers(0, 2, n), rng.integers(0, 25, n) / 8          # ties
    weights = rng.integers(1, 4, n)
    counts = ec.ScoreCounts.from_arrays(y, s)
    weighted = ec.ScoreCounts.from_arrays(y, s, sample_weight=weights.astype(float))
    rows_y, rows_s = np.repeat(y, weights), np.repeat(s, weights)   # weights as repeated rows
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        for rule in (">=", ">"):
            for level in (0.0, 0.2, 0.6, 0.9):
                _equal(counts.threshold_at_fpr(level, rule=rule),
                       ec.threshold_at_fpr(y, s, level, rule=rule))
                _equal(counts.threshold_at_precision(level, rule=rule),
                       ec.threshold_at_precision(y, s, level, rule=rule))
                for name in ("threshold_at_fpr", "threshold_at_precision"):
                    from_weights = getattr(weighted, name)(level, rule=rule)
                    from_rows = getattr(ec, name)(rows_y, rows_s, level, rule=rule)
                    np.testing.assert_array_equal(from_weights.threshold, from_rows.threshold)
                    np.testing.assert_allclose(from_weights[1:], from_rows[1:], rtol=1e-12)
            if (y == 0).sum() >= 29:
                _equal(counts.threshold_at_fpr(0.1, confidence=0.95, rule=rule),
                       ec.threshold_at_fpr(y, s, 0.1, confidence=0.95, rule=rule))


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


# ----------------------------------------------------------------------------- odd input

Y, S = [0] * 60 + [1] * 5, list(np.linspace(0, 1, 60)) + [0.99, 0.98, 0.5, 0.97, 1.2]


@pytest.mark.parametrize("call, error, match", [
    (lambda: ec.threshold_at_fpr(Y, S, 0.05, confidence=1.0), ValueError,
     r"confidence must lie in \(0\.0, 1\.0\)"),
    (lambda: ec.threshold_at_fpr(Y, S, 0.05, confidence=0), ValueError,
     r"confidence must lie in \(0\.0, 1\.0\)"),
    (lambda: ec.threshold_at_fpr(Y, S, 0.05, confidence="high"), TypeError,
     "confidence must be a real number"),
    (lambda: ec.threshold_at_fpr(Y, S, 0.0, confidence=0.9), ValueError,
     r"max_fpr must lie in \(0\.0, 1\.0\]"),
    (lambda: ec.ScoreCounts.from_arrays(Y, S, sample_weight=np.ones(65)).threshold_at_fpr(
        0.05, confidence=0.9), ValueError, "confidence needs an unweighted ScoreCounts"),
    (lambda: ec.umbrella_order(58, 0.05), ValueError, "n_negatives must be at least 59"),
    (lambda: ec.umbrella_order(58.0, 0.05), TypeError, "n_negatives must be an integer"),
    (lambda: ec.fpr_violation_probability(10, -1, 0.1), ValueError, "order must be an integer"),
    (lambda: ec.fpr_violation_probability(10, 2, 1.5), ValueError, r"max_fpr must lie in \[0"),
    (lambda: ec.min_negatives_for_guarantee(0.0), ValueError, r"max_fpr must lie in \(0\.0, 1\.0\]"),
    (lambda: ec.min_negatives_for_guarantee(0.1, confidence=math.nan), ValueError,
     "confidence must be a number"),
])
def test_bad_input_names_the_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()


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


# ----------------------------------------------------------------------------- chapter 20

@pytest.mark.slow
def test_the_chapters_numbers_by_hand():
    """Chapter 20's glued values: the orders and tails by Fractions, the simulation's shares
    against the binomial tails, and the verdicts its prose states."""
    from pathlib import Path

    from notebook_cells import glued

    values = glued(Path(__file__).resolve().parent.parent / "chapters"
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
