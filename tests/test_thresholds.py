"""Tests for the constrained threshold choices in evalcore.decisions.threshold_choices.

Reference: a brute-force scan over every candidate threshold (each distinct score, plus
"call nothing" and "call everything"), classifying with numpy comparisons written here,
under both rules; hypothesis property tests on random data with ties.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec

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


# ------------------------------------------------- one field order: FPR before TPR everywhere

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
