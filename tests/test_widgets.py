"""The widgets: the threshold explorer's numbers against evalcore and a brute-force count.

The explorer's front end computes what it shows from data the Python side precomputes. Here
we check those inputs (the sorted scores and labels, the slider's thresholds) and, through
``view_values`` (a line-by-line mirror of the JavaScript arithmetic), every count and rate the
view displays at every slider position, for both rules. tests/test_browser.py checks the
JavaScript itself in Chromium.
"""

from __future__ import annotations

import math
import warnings

import ipywidgets as widgets
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec
from evalcore._threshold_explorer import MAX_SCORES, end_thresholds, nice_between, view_values

RATE_NAMES = ("tpr", "fpr", "tnr", "precision", "accuracy", "f1")
CASES = {
    "murphy1": ec.murphy_classifier(1),
    "murphy2": ec.murphy_classifier(2),
    "seven": ec.vojnovic_seven(),
    "ties": ec.ScoredExample(np.array([1, 0, 1, 0, 0, 1, 1, 0]),
                             np.array([0.5, 0.5, 0.2, 0.2, 0.9, 0.9, 0.9, -1.0])),
}


def brute_counts(y, s, threshold, rule, copies=1):
    """Count the four outcomes one example at a time (independent of evalcore)."""
    tp = fp = fn = tn = 0
    for label, score in zip(np.asarray(y).tolist(), np.asarray(s).tolist()):
        called = score > threshold if rule == ">" else score >= threshold
        if label == 1:
            tp, fn = tp + called, fn + (not called)
        else:
            fp, tn = fp + copies * called, tn + copies * (not called)
    return {"tp": tp, "fp": fp, "fn": fn, "tn": tn}


def evalcore_matrix(y, s, threshold, rule, copies=1):
    weight = None if copies == 1 else np.where(np.asarray(y) == 1, 1.0, float(copies))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        cm = ec.confusion_matrix_at(y, s, threshold, rule=rule, sample_weight=weight)
        return cm, {name: getattr(cm, name) for name in RATE_NAMES}


def same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b


def check_view_matches_evalcore(explorer, y, s):
    shown = explorer.view_values()
    threshold, rule, copies = shown["threshold"], shown["rule"], shown["copies"]
    assert threshold == explorer.threshold and rule == explorer.rule
    cm, rates = evalcore_matrix(y, s, threshold, rule, copies)
    counts = {"tp": cm.tp, "fp": cm.fp, "fn": cm.fn, "tn": cm.tn}
    assert {k: shown[k] for k in counts} == counts, (threshold, rule, copies)
    assert counts == brute_counts(y, s, threshold, rule, copies)
    for name in RATE_NAMES:     # the same divisions give the same floats, exactly
        assert same(shown[name], rates[name]), (name, shown[name], rates[name])
    assert shown["roc_point"] == (shown["fpr"], shown["tpr"])
    return shown


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("rule", [">", ">="])
def test_every_position_shows_evalcores_numbers(name, rule):
    y, s = CASES[name]
    explorer = ec.threshold_explorer(y, s, rule=rule)
    assert isinstance(explorer, widgets.Widget)
    for position in range(explorer.slider.max + 1):
        explorer.slider.value = position
        assert explorer.view.index == position          # the Python mirror of the jslink
        check_view_matches_evalcore(explorer, y, s)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(-6, 6)), min_size=2, max_size=30),
       st.sampled_from([">", ">="]), st.floats(-8, 8, allow_nan=False))
def test_random_data_and_thresholds(pairs, rule, threshold):
    y = np.array([p[0] for p in pairs])
    s = np.array([p[1] / 4 for p in pairs])          # quarter steps: many ties
    if y.min() == y.max():
        y[0] = 1 - y[0]
    explorer = ec.threshold_explorer(y, s, rule=rule)
    explorer.threshold = threshold
    # the position it snaps to calls the same examples positive as the value set
    assert brute_counts(y, s, explorer.threshold, rule) == brute_counts(y, s, threshold, rule)
    check_view_matches_evalcore(explorer, y, s)


def test_front_end_inputs_are_the_data_sorted():
    y, s = CASES["ties"]
    explorer = ec.threshold_explorer(y, s)
    view = explorer.view
    scores = np.frombuffer(view.scores, dtype="<f8")
    labels = np.frombuffer(view.labels, dtype=np.uint8)
    assert np.all(np.diff(scores) >= 0)
    assert sorted(zip(scores.tolist(), labels.tolist())) == sorted(zip(s.tolist(), y.tolist()))
    distinct = sorted(set(s.tolist()))
    assert explorer.thresholds[1::2].tolist() == distinct       # odd positions: the scores
    gaps = explorer.thresholds[0::2]                            # even: strictly inside gaps
    edges = [-math.inf] + distinct + [math.inf]
    assert all(a < g < b for a, g, b in zip(edges[:-1], gaps, edges[1:]))
    assert (view.low, view.high) == (gaps[0], gaps[-1])


def test_rule_matters_on_a_score_and_not_between_scores():
    y, s = CASES["murphy1"]
    explorer = ec.threshold_explorer(y, s, threshold=0.5)   # example 5 scores exactly 0.5
    assert explorer.threshold == 0.5
    assert explorer.view_values()["tp"] == 4
    explorer.rule = ">="
    assert explorer.view.rule_index == 1 and explorer.view_values()["tp"] == 5
    explorer.threshold = 0.45
    assert explorer.threshold == 0.45
    at_ge = explorer.view_values()
    explorer.rule = ">"
    assert explorer.view_values() == dict(at_ge, rule=">")


def test_threshold_between_scores_is_shown_as_a_short_decimal():
    y, s = ec.murphy_classifier(2)            # no score is 0.5: it falls between 0.3 and 0.6
    explorer = ec.threshold_explorer(y, s, threshold=0.5)
    assert explorer.threshold == 0.5
    assert explorer.confusion_matrix() == ec.confusion_matrix_at(y, s, 0.5)


@pytest.mark.parametrize("rule", [">", ">="])
def test_class_balance_moves_pr_not_roc(rule):
    y, s = ec.murphy_classifier(2)
    explorer = ec.threshold_explorer(y, s, threshold=0.5, rule=rule, balance=True)
    assert explorer.negative_copies == 1
    first = check_view_matches_evalcore(explorer, y, s)
    for copies in range(2, 11):
        explorer.negative_copies = copies
        assert explorer.view.negative_copies == copies
        shown = check_view_matches_evalcore(explorer, y, s)
        # replicating each negative, as an independent check of the weighted counts
        y_rep = np.concatenate([y[y == 1]] + [y[y == 0]] * copies)
        s_rep = np.concatenate([s[y == 1]] + [s[y == 0]] * copies)
        assert brute_counts(y_rep, s_rep, shown["threshold"], rule) == \
            {k: shown[k] for k in ("tp", "fp", "fn", "tn")}
        assert shown["roc_point"] == first["roc_point"]
        assert shown["precision"] < first["precision"]
    assert explorer.confusion_matrix().fp == 10 * first["fp"]


def test_state_is_readable_and_settable_from_python():
    y, s = CASES["seven"]
    explorer = ec.threshold_explorer(y, s, threshold=0.6, rule=">=")
    assert explorer.threshold == 0.6 and explorer.rule == ">="
    assert explorer.confusion_matrix() == ec.confusion_matrix_at(y, s, 0.6, rule=">=")
    explorer.slider.value += 1                 # what the reader's arrow key does
    assert explorer.threshold > 0.6
    explorer.threshold = -5
    assert explorer.confusion_matrix().tp == 3 and explorer.slider.value == 0
    explorer.threshold = math.inf
    assert explorer.slider.value == explorer.slider.max
    assert "ThresholdExplorer(n=7" in repr(explorer) and len(repr(explorer)) < 110


def test_controls_are_labelled_and_linked():
    y, s = CASES["murphy1"]
    explorer = ec.threshold_explorer(y, s, balance=True, title="Murphy")
    assert explorer.slider.description and explorer.rule_buttons.description
    assert explorer.copies_slider.description == "Copies of each negative"
    assert "evalcore-threshold-explorer" in explorer._dom_classes
    links = {(link.source[0], link.source[1], link.target[0], link.target[1])
             for link in explorer.links}
    assert links == {(explorer.slider, "value", explorer.view, "index"),
                     (explorer.rule_buttons, "index", explorer.view, "rule_index"),
                     (explorer.copies_slider, "value", explorer.view, "negative_copies")}


def test_ten_thousand_scores_stay_small():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 10_000)
    s = rng.normal(y, 1.0)
    explorer = ec.threshold_explorer(y, s)
    payload = len(explorer.view.scores) + len(explorer.view.labels)
    assert payload == 9 * 10_000                     # 8-byte scores, 1-byte labels
    esm = explorer.view.get_state()["_esm"]          # the front end's code, sent with each
    assert "niceBetween" in esm and len(esm) < 30_000
    explorer.threshold = 0.25
    check_view_matches_evalcore(explorer, y, s)


@settings(max_examples=200, deadline=None)
@given(st.floats(-1e6, 1e6, allow_nan=False), st.floats(1e-9, 1e3, allow_nan=False))
def test_nice_between_lies_strictly_inside(a, width):
    b = a + width
    if not a < b:
        return
    assert a < nice_between(a, b) < b
    low, high = end_thresholds(a, b)
    assert low < a and high > b


def test_end_thresholds_are_round():
    assert end_thresholds(0.1, 0.9) == (0.0, 1.0)
    assert end_thresholds(0.0, 1.0) == (-0.1, 1.1)
    assert end_thresholds(5.0, 5.0) == (4.0, 6.0)
    assert end_thresholds(0.25, 0.75) == (0.2, 0.8)


@pytest.mark.parametrize("kwargs, error, match", [
    ({"rule": "=>"}, ValueError, "rule must be"),
    ({"max_copies": 1, "balance": True}, ValueError, "max_copies must be an integer"),
    ({"threshold": float("nan")}, ValueError, "threshold must not be NaN"),
    ({"threshold": "0.5"}, TypeError, "threshold must be a real number"),
])
def test_bad_arguments(kwargs, error, match):
    y, s = CASES["seven"]
    with pytest.raises(error, match=match):
        ec.threshold_explorer(y, s, **kwargs)


def test_bad_data():
    with pytest.raises(ValueError, match="y_true must hold both classes: it has no negative"):
        ec.threshold_explorer([1, 1], [0.2, 0.4])
    with pytest.raises(ValueError, match="inputs must have the same length"):
        ec.threshold_explorer([0, 1], [0.2])
    with pytest.raises(ValueError, match=f"at most {MAX_SCORES:,}"):
        ec.threshold_explorer(np.arange(MAX_SCORES + 1) % 2, np.zeros(MAX_SCORES + 1))
    explorer = ec.threshold_explorer([0, 1], [0.2, 0.4])
    with pytest.raises(ValueError, match="needs the class-balance control"):
        explorer.negative_copies = 2
    explorer = ec.threshold_explorer([0, 1], [0.2, 0.4], balance=True)
    with pytest.raises(ValueError, match=r"negative_copies must be an integer in \[1, 10\]"):
        explorer.negative_copies = 11


def test_pos_label():
    explorer = ec.threshold_explorer(["spam", "ham", "spam"], [0.9, 0.1, 0.4], pos_label="spam",
                                     threshold=0.5)
    assert explorer.view_values()["tp"] == 1 and explorer.view_values()["fn"] == 1


def test_mirror_treats_zero_denominators_like_javascript():
    y, s = CASES["murphy1"]
    explorer = ec.threshold_explorer(y, s)
    explorer.threshold = math.inf                      # nothing predicted positive
    shown = view_values(explorer.view.scores, explorer.view.labels, low=explorer.view.low,
                        high=explorer.view.high, index=explorer.view.index, rule=">",
                        copies=1)
    assert shown["tp"] == shown["fp"] == 0 and math.isnan(shown["precision"])
    with pytest.warns(ec.UndefinedMetricWarning):
        assert math.isnan(explorer.confusion_matrix().precision)


def test_slider_stack_and_figure_pane_still_work():
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    pane = ec.figure_pane(fig, alt="an empty plot")
    assert 'alt="an empty plot"' in pane.value
    box = ec.slider_stack([pane, widgets.HTML("b")], labels=["a", "b"], description="x")
    box.children[0].index = 1
    assert box.children[1].selected_index == 1
