"""evalcore/_threshold_explorer.py: the threshold explorer's Python side against evalcore
and a brute-force count.

The explorer's front end computes what it shows from data the Python side precomputes; its
JavaScript arithmetic is tested in Chromium (tests/book/test_explorer_js.py,
tests/book/test_browser.py). Here: the public API (state readable and settable, the K + 1
thresholds of the slider against a brute-force computation, the rule switch), what travels
to the page, every validation error, and odd scores (near ±1.8e308, adjacent floats,
subnormals), every slider position's counts equal to a brute-force count."""

from __future__ import annotations

import math
import re
import warnings

import ipywidgets as widgets
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec
from evalcore._threshold_explorer import MAX_SCORES, end_thresholds
from evalcore.reference import confusion_counts

from helpers import ODD, adjacent


CASES = {
    "murphy1": ec.murphy_classifier(1),
    "murphy2": ec.murphy_classifier(2),
    "seven": ec.vojnovic_seven(),
    "ties": ec.ScoredExample(np.array([1, 0, 1, 0, 0, 1, 1, 0]),
                             np.array([0.5, 0.5, 0.2, 0.2, 0.9, 0.9, 0.9, -1.0])),
}


def counts(cm):
    return {"tp": cm.tp, "fp": cm.fp, "fn": cm.fn, "tn": cm.tn}


def brute_thresholds(s, rule):
    """The slider's thresholds by their definition, one position at a time.

    Position p calls the top K - p distinct scores positive; its threshold is the lowest of
    those (>=) or the highest score left out (>); the ends are any value beyond every score.
    """
    distinct = sorted(set(np.asarray(s, dtype=float).tolist()))
    out = []
    for p in range(len(distinct) + 1):
        called, left = distinct[p:], distinct[:p]
        if rule == ">=":
            out.append(min(called) if called else None)
        else:
            out.append(max(left) if left else None)
    return out


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("rule", [">", ">="])
def test_thresholds_are_the_operating_points(name, rule):
    y, s = CASES[name]
    explorer = ec.threshold_explorer(y, s, rule=rule)
    assert isinstance(explorer, widgets.Widget)
    thresholds = explorer.thresholds.tolist()
    expected = brute_thresholds(s, rule)
    assert len(thresholds) == len(set(s.tolist())) + 1
    for p, (got, want) in enumerate(zip(thresholds, expected)):
        if want is None:                 # an end: beyond every score
            assert got < s.min() if p == 0 else got > s.max()
        else:
            assert got == want
    assert thresholds == sorted(set(thresholds))      # increasing: moving right raises θ
    seen = []
    for p, theta in enumerate(thresholds):
        explorer.threshold = theta
        assert explorer.position == p and explorer.threshold == theta
        cm = explorer.confusion_matrix()
        assert counts(cm) == confusion_counts(y, s, theta, rule)._asdict()
        assert cm.tp + cm.fp == int(np.sum(s >= expected[p] if rule == ">=" and expected[p]
                                           is not None else s > theta))
        seen.append(counts(cm))
    # K + 1 different operating points, from everything positive to nothing positive
    assert len({tuple(c.values()) for c in seen}) == len(seen)
    assert seen[0]["fn"] == seen[0]["tn"] == 0 and seen[-1]["tp"] == seen[-1]["fp"] == 0


def test_rule_switch_keeps_theta_and_changes_the_point_on_a_score():
    y, s = CASES["murphy1"]
    explorer = ec.threshold_explorer(y, s, threshold=0.5, rule=">")  # example 5 scores 0.5
    assert explorer.threshold == 0.5 and explorer.confusion_matrix().tp == 4
    position = explorer.position
    explorer.rule = ">="
    assert explorer.threshold == 0.5 and explorer.confusion_matrix().tp == 5
    assert explorer.position == position - 1                # one more score called positive
    explorer.threshold = 0.45                               # between two scores
    at_ge = explorer.confusion_matrix()
    explorer.rule = ">"
    assert explorer.confusion_matrix() == at_ge


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(-6, 6)), min_size=2, max_size=30),
       st.sampled_from([">", ">="]), st.floats(-8, 8, allow_nan=False), st.integers(1, 5))
def test_any_threshold_and_balance(pairs, rule, threshold, copies):
    y = np.array([p[0] for p in pairs])
    s = np.array([p[1] / 4 for p in pairs])          # quarter steps: many ties
    if y.min() == y.max():
        y[0] = 1 - y[0]
    explorer = ec.threshold_explorer(y, s, rule=rule, balance=True, max_copies=5)
    explorer.threshold = threshold                   # any value: kept as it is
    explorer.negative_copies = copies
    assert explorer.threshold == threshold
    # replicating each negative, as an independent check of the weighted counts
    y_rep = np.concatenate([y[y == 1]] + [y[y == 0]] * copies)
    s_rep = np.concatenate([s[y == 1]] + [s[y == 0]] * copies)
    assert counts(explorer.confusion_matrix()) == confusion_counts(y_rep, s_rep, threshold,
                                                               rule)._asdict()
    assert explorer.position == len({v for v in s.tolist()
                                     if (v <= threshold if rule == ">" else v < threshold)})


def test_infinite_thresholds_go_to_the_ends():
    y, s = CASES["seven"]
    explorer = ec.threshold_explorer(y, s, threshold=0.6, rule=">=")
    explorer.threshold = -math.inf
    assert explorer.threshold == explorer.low < s.min()     # the round end below
    assert explorer.position == 0 and explorer.confusion_matrix().tn == 0
    explorer.rule = ">"
    assert explorer.threshold == explorer.thresholds[0]
    explorer.threshold = math.inf
    assert explorer.threshold == explorer.high > s.max()
    assert explorer.position == len(set(s.tolist())) and explorer.confusion_matrix().tp == 0


def test_state_is_the_synced_traits():
    y, s = CASES["seven"]
    explorer = ec.threshold_explorer(y, s, threshold=0.6, rule=">=", balance=True,
                                     title="seven", size="large", show=("roc", "matrix"))
    state = explorer.get_state()
    assert (state["threshold"], state["rule"], state["negative_copies"]) == (0.6, ">=", 1)
    assert state["size"] == "large" and state["title"] == "seven" and state["max_copies"] == 10
    assert state["show"] == ["matrix", "roc"]              # the panels, in the view's order
    assert state["evalcore_widget"] == "threshold-explorer"
    # what the browser sends back moves the Python side
    explorer.set_state({"threshold": 0.3, "rule": ">", "negative_copies": 4})
    assert explorer.threshold == 0.3 and explorer.rule == ">" and explorer.negative_copies == 4
    weight = np.where(y == 1, 1.0, 4.0)
    assert explorer.confusion_matrix() == ec.confusion_matrix_at(y, s, 0.3, rule=">",
                                                                sample_weight=weight)
    assert repr(explorer) == ("ThresholdExplorer(n=7, threshold=0.3, rule='>', "
                              "negative_copies=4)")


def test_front_end_inputs_are_the_data_sorted():
    y, s = CASES["ties"]
    explorer = ec.threshold_explorer(y, s)
    scores = np.frombuffer(explorer.scores, dtype="<f8")
    labels = np.frombuffer(explorer.labels, dtype=np.uint8)
    assert np.all(np.diff(scores) >= 0)
    assert sorted(zip(scores.tolist(), labels.tolist())) == sorted(zip(s.tolist(), y.tolist()))
    assert explorer.low < s.min() and explorer.high > s.max()
    assert explorer.max_copies == 1                     # no balance control


def test_fifty_thousand_scores_stay_small():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, MAX_SCORES)
    s = rng.normal(y, 1.0)
    explorer = ec.threshold_explorer(y, s)
    assert len(explorer.scores) + len(explorer.labels) == 9 * MAX_SCORES   # 8 + 1 bytes each
    esm = explorer.get_state()["_esm"]                # the front end's code, sent with each
    # one bundled module (js/build.mjs) whose export list names the arithmetic
    assert re.search(r"^export \{[^}]*\bcountsAt\b", esm, re.M) and len(esm) < 40_000
    explorer.threshold = 0.25
    assert counts(explorer.confusion_matrix()) == confusion_counts(y, s, 0.25, ">")._asdict()


@settings(max_examples=200, deadline=None)
@given(st.floats(-1e6, 1e6, allow_nan=False), st.floats(1e-9, 1e3, allow_nan=False))
def test_end_thresholds_lie_outside(a, width):
    b = a + width
    if not a < b:
        return
    low, high = end_thresholds(a, b)
    assert low < a and high > b


def test_end_thresholds_are_round():
    assert end_thresholds(0.1, 0.9) == (0.0, 1.0)
    assert end_thresholds(0.0, 1.0) == (-0.1, 1.1)
    assert end_thresholds(5.0, 5.0) == (4.0, 6.0)
    assert end_thresholds(0.25, 0.75) == (0.2, 0.8)


@pytest.mark.parametrize("kwargs, error, match", [
    ({"rule": "=>"}, ValueError, "rule must be '>' or '>='"),
    ({"max_copies": 1, "balance": True}, ValueError, "max_copies must be an integer"),
    ({"max_copies": 2.5, "balance": True}, TypeError, "max_copies must be an integer"),
    ({"threshold": float("nan")}, ValueError, "threshold must not be NaN"),
    ({"threshold": "0.5"}, TypeError, "threshold must be a real number"),
    ({"size": "huge"}, ValueError, "size must be one of"),
    ({"show": "roc"}, TypeError, "show must be a tuple of panel names"),
    ({"show": ("roc", "venn")}, ValueError, "show must name at least one panel"),
    ({"show": ()}, ValueError, "show must name at least one panel"),
    ({"title": 3}, TypeError, "title must be a str"),
])
def test_bad_arguments(kwargs, error, match):
    y, s = CASES["seven"]
    with pytest.raises(error, match=match):
        ec.threshold_explorer(y, s, **kwargs)


def test_bad_state():
    y, s = CASES["seven"]
    explorer = ec.threshold_explorer(y, s)
    with pytest.raises(ValueError, match="rule must be"):
        explorer.rule = "≥"
    with pytest.raises(ValueError, match="threshold must not be NaN"):
        explorer.threshold = math.nan
    with pytest.raises(ValueError, match="size must be one of"):
        explorer.size = "xl"
    with pytest.raises(ValueError, match="needs the class-balance control"):
        explorer.negative_copies = 2
    explorer = ec.threshold_explorer(y, s, balance=True)
    with pytest.raises(ValueError, match=r"negative_copies must be an integer between 1 and 10"):
        explorer.negative_copies = 11
    with pytest.raises(TypeError, match=r"negative_copies must be an integer, got 2.0"):
        explorer.negative_copies = 2.0


def test_bad_data():
    with pytest.raises(ValueError, match="y_true must hold both classes: it has no negative"):
        ec.threshold_explorer([1, 1], [0.2, 0.4])
    with pytest.raises(ValueError, match="y_true must hold both classes: it has no positive"):
        ec.threshold_explorer([0, 0], [0.2, 0.4])
    with pytest.raises(ValueError, match="inputs must have the same length"):
        ec.threshold_explorer([0, 1], [0.2])
    with pytest.raises(ValueError, match=f"at most {MAX_SCORES:,}"):
        ec.threshold_explorer(np.arange(MAX_SCORES + 1) % 2, np.zeros(MAX_SCORES + 1))


def test_pos_label():
    explorer = ec.threshold_explorer(["spam", "ham", "spam"], [0.9, 0.1, 0.4], pos_label="spam",
                                     threshold=0.5)
    cm = explorer.confusion_matrix()
    assert (cm.tp, cm.fn, cm.fp, cm.tn) == (1, 1, 0, 1)


def test_nothing_predicted_positive_is_undefined_precision():
    y, s = CASES["murphy1"]
    explorer = ec.threshold_explorer(y, s)
    explorer.threshold = math.inf
    with pytest.warns(ec.UndefinedMetricWarning):
        assert math.isnan(explorer.confusion_matrix().precision)


# ------------------------------------------------------------------------------------ odd input

BIG = 1.7976931348623157e308          # the largest float64, written out (not from numpy)


def check_every_position(y, s, rule):
    with warnings.catch_warnings():
        warnings.simplefilter("error")              # no RuntimeWarning, no other warning
        explorer = ec.threshold_explorer(y, s, rule=rule)
        low, high = explorer.low, explorer.high
        assert math.isfinite(low) and math.isfinite(high)
        assert low < min(s) and high > max(s)
        thresholds = explorer.thresholds.tolist()
        assert len(thresholds) == len(set(s)) + 1
        assert thresholds == sorted(set(thresholds))        # strictly increasing
        for position, theta in enumerate(thresholds):
            explorer.threshold = theta
            assert explorer.threshold == theta and explorer.position == position
            cm = explorer.confusion_matrix()
            got = {"tp": cm.tp, "fp": cm.fp, "fn": cm.fn, "tn": cm.tn}
            assert got == confusion_counts(y, s, theta, rule)._asdict(), (position, theta)
            at = ec.confusion_matrix_at(y, s, theta, rule=rule)
            assert (at.tp, at.fp, at.fn, at.tn) == (cm.tp, cm.fp, cm.fn, cm.tn)
    return explorer


@pytest.mark.parametrize("name", sorted(ODD))
@pytest.mark.parametrize("rule", [">", ">="])
def test_every_position_is_a_true_operating_point(name, rule):
    check_every_position(*ODD[name], rule)


@settings(max_examples=40, deadline=None)
@given(start=st.floats(allow_nan=False, allow_infinity=False, min_value=-1e300, max_value=1e300),
       labels=st.lists(st.integers(0, 1), min_size=2, max_size=8), rule=st.sampled_from([">", ">="]))
def test_adjacent_floats_anywhere(start, labels, rule):
    labels[:2] = [0, 1]
    check_every_position(labels, adjacent(start, len(labels)), rule)


def test_default_threshold_of_huge_scores_is_finite_and_between_the_middle_ones():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        explorer = ec.threshold_explorer([0, 1], [1.7e308, 1.79e308])
    assert 1.7e308 <= explorer.threshold <= 1.79e308
    assert ec.threshold_explorer([0, 1, 0], [-1.7e308, 0.0, 1.7e308]).threshold == 0.0


def test_end_thresholds_stay_finite_and_outside():
    for low_score, high_score in [(-1.7e308, 1.7e308), (1e308, 1.79e308), (5e-324, 1.5e-323),
                                  (-5e-324, 5e-324), (-1.79e308, -1.7e308)]:
        low, high = end_thresholds(low_score, high_score)
        assert math.isfinite(low) and math.isfinite(high)
        assert low < low_score and high > high_score
    # ordinary scores keep their round ends (as in test_end_thresholds_are_round)
    assert end_thresholds(0.1, 0.9) == (0.0, 1.0)
    assert end_thresholds(-1.7e308, 1.7e308) == (-1.71e308, 1.71e308)


@pytest.mark.parametrize("scores, side", [([0.0, BIG], "largest"), ([-BIG, 0.0], "lowest")])
def test_scores_at_the_largest_float_are_refused(scores, side):
    with pytest.raises(ValueError, match=f"y_score holds .*the {side} float64: the explorer "
                                         f"needs a finite threshold"):
        ec.threshold_explorer([0, 1], scores)


@pytest.mark.parametrize("scores", [
    np.array([2 ** 53, 2 ** 53 + 1, 2 ** 53 + 2], dtype=np.int64),
    np.array([1, 1, 1], dtype=np.longdouble) + np.array([0, 1, 2], dtype=np.longdouble) * 2.0 ** -60,
])
def test_scores_float64_cannot_tell_apart_are_refused(scores):
    if np.finfo(np.longdouble).nmant < 63:
        pytest.skip("this platform's long double is float64")
    with pytest.raises(ValueError, match="y_score holds values that float64 cannot tell apart"):
        ec.threshold_explorer([0, 1, 0], scores)


def test_integer_threshold_beyond_the_floats_is_an_end():
    explorer = ec.threshold_explorer([0, 1], [0.2, 0.7], threshold=10 ** 400)
    assert explorer.threshold == explorer.high
    explorer.threshold = -10 ** 400
    assert explorer.threshold == explorer.low


Y, S = [0, 1, 0, 1], [0.1, 0.4, 0.35, 0.8]


@pytest.mark.parametrize("kwargs, error, match", [
    ({"balance": True, "max_copies": 10 ** 30}, ValueError,
     "max_copies must be an integer between 2 and 1000"),
    ({"show": ("roc", "venn")}, ValueError, "show must name at least one panel"),
])
def test_out_of_range_options_are_value_errors(kwargs, error, match):
    with pytest.raises(error, match=match):
        ec.threshold_explorer(Y, S, **kwargs)


def test_numpy_string_panels_are_accepted():
    explorer = ec.threshold_explorer(Y, S, show=np.array(["strip", "roc"]))
    assert explorer.show == ["roc", "strip"]
