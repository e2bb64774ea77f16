"""roc_auc_ci(method="newcombe"): Newcombe's (2006) score-type interval for the AUC.

Independent references: the interval's ends as the real roots of the quartic that
``(AUC − θ)² = z²·V(θ)`` becomes once multiplied out (numpy's polynomial roots, where evalcore
bisects), with V written from Hanley and McNeil's formula (Q1 = θ/(2 − θ), Q2 = 2θ²/(1 + θ))
and both class sizes minus one replaced by (P + N)/2 − 1; and a brute-force coverage count on
simulated binormal test sets, where the interval must cover about as often as it promises
(it is built for the boundary, so at a true AUC near 1 too, where DeLong's does not).
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from numpy.polynomial import polynomial as poly
from scipy.stats import norm

import evalcore as ec


def newcombe_variance(theta, positives, negatives):
    """Hanley and McNeil's variance at θ with P − 1 and N − 1 both set to (P + N)/2 − 1."""
    k = (positives + negatives) / 2 - 1
    q1, q2 = theta / (2 - theta), 2 * theta ** 2 / (1 + theta)
    return (theta * (1 - theta) + k * (q1 - theta ** 2) + k * (q2 - theta ** 2)) / (
        positives * negatives)


def quartic_ends(auc, positives, negatives, level):
    """The interval's ends from the roots of the multiplied-out quartic in θ."""
    z2 = norm.ppf(0.5 + level / 2) ** 2
    k = (positives + negatives) / 2 - 1
    theta = [0.0, 1.0]
    two_minus, one_plus, one_minus = [2.0, -1.0], [1.0, 1.0], [1.0, -1.0]
    # V(θ)·(2 − θ)(1 + θ)·P·N = θ(1 − θ)[(2 − θ)(1 + θ) + k(1 − θ)(1 + θ) + kθ(2 − θ)]
    bracket = poly.polyadd(poly.polyadd(poly.polymul(two_minus, one_plus),
                                        k * poly.polymul(one_minus, one_plus)),
                           k * poly.polymul(theta, two_minus))
    right = z2 * poly.polymul(poly.polymul(theta, one_minus), bracket)
    left = positives * negatives * poly.polymul(
        poly.polymul(poly.polypow([auc, -1.0], 2), two_minus), one_plus)
    roots = poly.polyroots(poly.polysub(left, right))
    real = np.sort(roots[np.abs(roots.imag) < 1e-7].real)
    inside = real[(real > 1e-9) & (real < 1 - 1e-9)]
    below, above = inside[inside < auc], inside[inside > auc]
    assert len(below) <= 1 and len(above) <= 1          # one end on each side
    return (below[0] if len(below) else 0.0), (above[0] if len(above) else 1.0)


def labels_scores(positives, negatives, pairs_won):
    """A test set whose AUC is pairs_won/(P·N): positive i beats the lowest negatives."""
    rng = np.random.default_rng(pairs_won)
    wins = np.full(positives, pairs_won // positives)
    wins[: pairs_won % positives] += 1
    neg = np.arange(negatives, dtype=float)
    pos = wins - 0.5
    y = np.r_[np.ones(positives, int), np.zeros(negatives, int)]
    order = rng.permutation(y.size)
    return y[order], np.r_[pos, neg][order]


@pytest.mark.parametrize("positives, negatives", [(2, 2), (3, 4), (10, 10), (10, 40),
                                                  (37, 5), (160, 160)])
@pytest.mark.parametrize("level", [0.8, 0.95, 0.99])
def test_ends_are_the_quartics_roots(positives, negatives, level):
    pairs = positives * negatives
    for won in sorted({0, 1, pairs // 3, pairs // 2, pairs - 1, pairs}):
        y, s = labels_scores(positives, negatives, won)
        ci = ec.roc_auc_ci(y, s, method="newcombe", level=level)
        low, auc, high = ci.low, ci.auc, ci.high
        assert auc == pytest.approx(won / pairs, abs=1e-15)
        expected = quartic_ends(won / pairs, positives, negatives, level)
        assert (low, high) == pytest.approx(expected, abs=1e-10)


def test_ends_solve_the_score_equation_and_hold_the_estimate():
    y, s = ec.vojnovic_seven()
    ci = ec.roc_auc_ci(y, s, method="newcombe")
    low, auc, high = ci.low, ci.auc, ci.high
    z = norm.ppf(0.975)
    for end in (low, high):
        assert (auc - end) ** 2 == pytest.approx(z ** 2 * newcombe_variance(end, 3, 4),
                                                 rel=1e-9)
    assert low < auc < high
    # wider at a higher level, and the same on the mirrored problem (labels swapped)
    wide = ec.roc_auc_ci(y, s, method="newcombe", level=0.99)
    assert wide.low < low and wide.high > high
    mirror = ec.roc_auc_ci(1 - np.asarray(y), s, method="newcombe")
    assert mirror.low == pytest.approx(1 - high, abs=1e-12)
    assert mirror.high == pytest.approx(1 - low, abs=1e-12)


def test_at_auc_one_it_is_defined_and_not_degenerate():
    y = np.r_[np.ones(10, int), np.zeros(10, int)]
    s = np.r_[np.arange(10) + 10.0, np.arange(10.0)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")                     # no warning: it is defined
        ci = ec.roc_auc_ci(y, s, method="newcombe")
        low, auc, high = ci.low, ci.auc, ci.high
    assert (auc, high) == (1.0, 1.0) and 0.5 < low < 1.0
    assert (1 - low) ** 2 == pytest.approx(norm.ppf(0.975) ** 2
                                           * newcombe_variance(low, 10, 10), rel=1e-9)
    # where DeLong's interval collapses to a point and the logit one is undefined
    delong = ec.roc_auc_ci(y, s)
    assert (delong.low, delong.high) == (1.0, 1.0)
    with pytest.warns(ec.UndefinedMetricWarning, match="logit"):
        assert math.isnan(ec.roc_auc_ci(y, s, method="logit").low)


@pytest.mark.parametrize("delta, positives, negatives", [(3.0, 10, 10), (1.8, 10, 40)])
def test_brute_force_coverage(delta, positives, negatives):
    """Simulated coverage of the 95% interval: at least about 95%, where DeLong's is not."""
    rng = np.random.default_rng(11)
    truth = norm.cdf(delta / math.sqrt(2))
    y = np.r_[np.ones(positives, int), np.zeros(negatives, int)]
    hits = {"newcombe": 0, "delong": 0}
    reps = 1500
    for _ in range(reps):
        s = np.r_[rng.normal(delta, 1, positives), rng.normal(0, 1, negatives)]
        for method in hits:
            ci = ec.roc_auc_ci(y, s, method=method)
            low, high = ci.low, ci.high
            hits[method] += low <= truth <= high
    noise = math.sqrt(0.95 * 0.05 / reps)
    assert hits["newcombe"] / reps > 0.95 - 3 * noise
    assert hits["delong"] / reps < 0.95 - 3 * noise


def test_bad_level_and_unknown_method_still_refused():
    y, s = ec.vojnovic_seven()
    with pytest.raises(ValueError, match="level"):
        ec.roc_auc_ci(y, s, method="newcombe", level=1.0)
    with pytest.raises(ValueError, match="'newcombe'"):
        ec.roc_auc_ci(y, s, method="Newcombe")
