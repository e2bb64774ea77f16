"""evalcore/decisions/costs.py: the expected cost of predictions, and the thresholds with
the least cost (``threshold_by_cost``) and the largest Youden's J (``threshold_by_youden``).

References: exhaustive searches over every operating point (tests/reference.py) on random
cases, the cost summed directly, exact fractions for costs near the largest float; the
expected cost with unit costs is the error rate (Hypothesis)."""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given

import evalcore as ec
from evalcore.reference import confusion_counts

from helpers import CASES, both_classes, close, draw_case, draw_predictions
from reference import best_threshold_by_cost, best_threshold_by_youden
from strategies import PROFILE, scored


TOL = 1e-12


@PROFILE
@given(scored(both=False))
def test_expected_cost_unit_costs_is_error_rate(case):
    y, s, w = case
    y_pred = ec.predict(s, float(np.median(s)))
    cm = ec.confusion_matrix(y, y_pred, sample_weight=w)
    assert ec.expected_cost(y, y_pred, sample_weight=w) == pytest.approx(cm.error_rate, abs=TOL)
    assert cm.expected_cost() == pytest.approx(cm.error_rate, abs=TOL)


def test_threshold_by_cost_vs_exhaustive_search():
    rng = np.random.default_rng(111)
    for _ in range(CASES):
        y, s, w = draw_case(rng)
        cost_fp, cost_fn = (int(c) for c in rng.integers(0, 6, 2))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ec.UndefinedMetricWarning)   # one class present
            ours = ec.threshold_by_cost(y, s, cost_fp=cost_fp, cost_fn=cost_fn, sample_weight=w)
        threshold, cost = best_threshold_by_cost(y, s, cost_fp, cost_fn, w)
        assert ours.threshold == threshold
        close(ours.value, cost)
        # the reported point is what the rule >= gives at that threshold
        cm = ec.confusion_matrix_at(y, s, threshold, rule=">=", sample_weight=w)
        close(ours.value, (cost_fp * cm.fp + cost_fn * cm.fn) / cm.n)
        if both_classes(y, w):
            close([ours.fpr, ours.tpr], [cm.fpr, cm.tpr])


def test_threshold_by_youden_vs_exhaustive_search():
    rng = np.random.default_rng(112)
    for _ in range(CASES):
        y, s, w = draw_case(rng)
        if not both_classes(y, w):
            continue
        ours = ec.threshold_by_youden(y, s, sample_weight=w)
        threshold, j = best_threshold_by_youden(y, s, w)
        assert ours.threshold == threshold
        close(ours.value, j)
        cm = ec.confusion_matrix_at(y, s, threshold, rule=">=", sample_weight=w)
        close([ours.fpr, ours.tpr, ours.value], [cm.fpr, cm.tpr, cm.informedness])


def test_expected_cost_vs_direct_sum():
    rng = np.random.default_rng(118)
    for _ in range(CASES):
        y, y_pred, w = draw_predictions(rng)
        c1, c2 = rng.uniform(0, 10, 2)
        weights = np.ones(len(y)) if w is None else w
        fp = weights[(y == 0) & (y_pred == 1)].sum()
        fn = weights[(y == 1) & (y_pred == 0)].sum()
        close(ec.expected_cost(y, y_pred, cost_fp=c1, cost_fn=c2, sample_weight=w),
              (c1 * fp + c2 * fn) / weights.sum())


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


Y = [0, 0, 1, 1]
S = [0.1, 0.4, 0.35, 0.8]


def test_costs_non_negative():
    with pytest.raises(ValueError, match=r"cost_fp must be non-negative"):
        ec.expected_cost(Y, [0, 1, 1, 0], cost_fp=-1)
    with pytest.raises(ValueError, match=r"cost_fn must be non-negative"):
        ec.threshold_by_cost(Y, S, cost_fn=-2)
    with pytest.raises(ValueError, match=r"cost_fp must be non-negative and finite"):
        ec.threshold_by_cost(Y, S, cost_fp=math.inf)
