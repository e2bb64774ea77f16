"""evalcore/decisions/guarantees.py: a false positive rate with a guarantee (the
Neyman-Pearson umbrella algorithm's order statistic).

Oracles: the binomial tail summed by hand with ``math.comb`` and ``fractions.Fraction``, and
the ``nproc`` package (Tong, Feng and Li's own Python port) for the order."""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest

import evalcore as ec

from reference import nproc_bounds, nproc_choice, order_by_hand, tail_by_hand


GRID = [(n, alpha, delta) for n in (59, 60, 100, 250, 500) for alpha in (0.05, 0.1, 0.2)
        for delta in (0.05, 0.1, 0.2)]     # nproc's alpha grid has steps of 0.001


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
