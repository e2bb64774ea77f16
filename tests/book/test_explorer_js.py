"""The threshold explorer's pure JavaScript functions, called in Chromium, against evalcore.

``evalcore/_threshold_explorer.js`` (bundled from ``js/src``) exports the arithmetic its view
runs on (the tie groups of sorted scores, the position <-> threshold mapping, the counts at a
threshold under a rule, the rates, the curves' vertices, the text of a number). Here the ES
module is served on 127.0.0.1, imported into a blank page, and each function is called on
several data sets (with ties, both rules, negatives counted more than once); the reference
values come from evalcore's ``confusion_matrix_at``, ``roc_curve`` and a brute-force count
written here. On odd scores (near ±1.8e308, adjacent floats, subnormals: tests/helpers.py's
``ODD``), every position of the slider counts what a brute-force count at its threshold does.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import evalcore as ec
from evalcore._threshold_explorer import end_thresholds
from evalcore.reference import confusion_counts
from helpers import ODD

RATE_NAMES = ("tpr", "fpr", "tnr", "precision", "accuracy", "f1")
RNG = np.random.default_rng(7)
_Y20, _S20 = RNG.integers(0, 2, 200), RNG.integers(0, 20, 200) / 8      # heavy ties
_Y20[:2] = [0, 1]
CASES = {
    "murphy1": ec.murphy_classifier(1),
    "murphy2": ec.murphy_classifier(2),
    "seven": ec.vojnovic_seven(),
    "ties": (np.array([1, 0, 1, 0, 0, 1, 1, 0]), np.array([0.5, 0.5, 0.2, 0.2, 0.9, 0.9, 0.9, -1.0])),
    "many ties": (_Y20, _S20),
    "normal": (RNG.integers(0, 2, 300), RNG.normal(size=300)),
}


def brute(y, s, threshold, rule, copies=1):
    """Counts by looking at each example (evalcore.reference: independent of evalcore's
    kernels and of the JavaScript), each negative counted ``copies`` times."""
    weights = [1 if label == 1 else copies for label in y]
    return confusion_counts(y, s, threshold, rule, weights)._asdict()


def sorted_data(y, s):
    order = np.argsort(s, kind="stable")
    return np.asarray(y)[order].astype(int).tolist(), np.asarray(s, dtype=float)[order].tolist()


def call_at_every_position(explorer_js, y, s, rule, copies, low, high):
    """For each position: its threshold, the position back from it, counts and rates there."""
    labels, scores = sorted_data(y, s)
    return explorer_js.evaluate("""([scores, labels, rule, copies, low, high]) => {
        const pts = ee.tieGroups(Float64Array.from(scores), Uint8Array.from(labels));
        const out = [];
        for (let p = 0; p <= pts.K; p++) {
          const theta = ee.thresholdAt(p, rule, pts.values, low, high);
          const counts = ee.countsAt(pts, theta, rule, copies);
          const r = ee.rates(counts);
          for (const k in r) if (Number.isNaN(r[k])) r[k] = 'NaN';
          out.push({theta, back: ee.positionOf(pts.values, theta, rule), counts, rates: r,
                    text: ee.formatNumber(theta)});
        }
        return {K: pts.K, values: Array.from(pts.values), out};
    }""", [scores, labels, rule, copies, low, high])


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("rule", [">", ">="])
@pytest.mark.parametrize("copies", [1, 3])
def test_every_position_against_evalcore(explorer_js, name, rule, copies):
    y, s = (np.asarray(a) for a in CASES[name])
    explorer = ec.threshold_explorer(y, s, rule=rule, balance=True)
    result = call_at_every_position(explorer_js, y, s, rule, copies, explorer.low, explorer.high)
    distinct = sorted(set(s.tolist()))
    assert result["values"] == distinct and result["K"] == len(distinct)
    thresholds = [row["theta"] for row in result["out"]]
    assert thresholds == explorer.thresholds.tolist()     # Python and JS agree on each step
    assert thresholds == sorted(set(thresholds))           # increasing: right raises θ
    previous = None
    for position, row in enumerate(result["out"]):
        theta = row["theta"]
        assert row["back"] == position
        assert float(row["text"]) == theta                 # the readout reads back exactly
        weight = None if copies == 1 else np.where(y == 1, 1.0, float(copies))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
            cm = ec.confusion_matrix_at(y, s, theta, rule=rule, sample_weight=weight)
            expected = {name: getattr(cm, name) for name in RATE_NAMES}
        counts = {k: int(v) for k, v in row["counts"].items()}
        assert counts == {"tp": cm.tp, "fn": cm.fn, "fp": cm.fp, "tn": cm.tn} \
            == brute(y, s, theta, rule, copies), (position, theta)
        for rate in RATE_NAMES:
            shown = row["rates"][rate]
            shown = math.nan if shown == "NaN" else shown
            assert (math.isnan(shown) and math.isnan(expected[rate])) or shown == expected[rate]
        assert counts != previous                          # each step is a new operating point
        previous = counts
    # the ends: everything positive, then nothing
    assert result["out"][0]["counts"]["fn"] == 0 and result["out"][-1]["counts"]["tp"] == 0


def test_any_threshold_maps_to_its_operating_point(explorer_js):
    y, s = (np.asarray(a) for a in CASES["ties"])
    labels, scores = sorted_data(y, s)
    probes = sorted(set(s.tolist()) | {-5.0, -1.5, 0.0, 0.35, 0.5000001, 0.7, 2.0})
    for rule in (">", ">="):
        got = explorer_js.evaluate("""([scores, labels, probes, rule]) => {
            const pts = ee.tieGroups(Float64Array.from(scores), Uint8Array.from(labels));
            return probes.map(t => ee.countsAt(pts, t, rule, 1));
        }""", [scores, labels, probes, rule])
        for theta, counts in zip(probes, got):
            assert {k: int(v) for k, v in counts.items()} == brute(y, s, theta, rule)


def test_rules_differ_only_on_a_score(explorer_js):
    y, s = (np.asarray(a) for a in CASES["murphy1"])
    labels, scores = sorted_data(y, s)
    at = explorer_js.evaluate("""([scores, labels]) => {
        const pts = ee.tieGroups(Float64Array.from(scores), Uint8Array.from(labels));
        return [0.5, 0.45].map(t => [ee.countsAt(pts, t, '>', 1).tp, ee.countsAt(pts, t, '>=', 1).tp]);
    }""", [scores, labels])
    assert at == [[4, 5], [5, 5]]          # Murphy's Table 1: example 5 scores exactly 0.5


def test_keys_step_through_positions(explorer_js):
    K = 23
    moves = explorer_js.evaluate("""K => ['ArrowRight', 'ArrowUp', 'ArrowLeft', 'ArrowDown', 'PageUp',
        'PageDown', 'Home', 'End', 'a', 'Tab'].map(k => [k, ee.stepKey(k, 5, K),
        ee.stepKey(k, 0, K), ee.stepKey(k, K, K)])""", K)
    big = round(K / 10)
    expected = {"ArrowRight": (6, 1, K), "ArrowUp": (6, 1, K), "ArrowLeft": (4, 0, K - 1),
                "ArrowDown": (4, 0, K - 1), "PageUp": (5 + big, big, K),
                "PageDown": (5 - big, 0, K - big), "Home": (0, 0, 0), "End": (K, K, K),
                "a": (None, None, None), "Tab": (None, None, None)}
    assert {k: tuple(v) for k, *v in moves} == expected


def test_curve_vertices_against_evalcore(explorer_js):
    y, s = (np.asarray(a) for a in CASES["many ties"])
    labels, scores = sorted_data(y, s)
    got = explorer_js.evaluate("""([scores, labels]) => {
        const pts = ee.tieGroups(Float64Array.from(scores), Uint8Array.from(labels));
        return [ee.rocVertices(pts), ee.prVertices(pts, 1), ee.prVertices(pts, 4)];
    }""", [scores, labels])
    roc = ec.roc_curve(y, s)
    assert np.array_equal(got[0]["fpr"], roc.fpr) and np.array_equal(got[0]["tpr"], roc.tpr)
    distinct = sorted(set(s.tolist()), reverse=True)
    for copies, pr in ((1, got[1]), (4, got[2])):
        expected = [brute(y, s, t, ">=", copies) for t in distinct]
        assert pr["recall"] == [c["tp"] / (c["tp"] + c["fn"]) for c in expected]
        assert pr["precision"] == [c["tp"] / (c["tp"] + c["fp"]) for c in expected]


@pytest.mark.parametrize("x", [0.5, 0.1 + 0.2, 1 / 3, -2.75, 1e-9, 123456.789, 0.0, -0.0, 7.0])
def test_numbers_read_back_exactly(explorer_js, x):
    text = explorer_js.evaluate("x => ee.formatNumber(x)", x)
    assert float(text) == x and text != "-0"
    assert len(text) <= len(repr(x)) + 1


def test_rates_format(explorer_js):
    got = explorer_js.evaluate("() => [ee.formatRate(NaN), ee.formatRate(0.5), ee.formatRate(2 / 3)]")
    assert got == ["undefined", "0.500", "0.667"]


# --- odd scores ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(ODD))
def test_front_end_positions_match_brute_force(explorer_js, name):
    y, s = ODD[name]
    explorer = ec.threshold_explorer(y, s)
    order = np.argsort(s, kind="stable")          # the test's own sort, for the page
    scores = [s[i] for i in order]
    labels = [y[i] for i in order]
    for rule in (">", ">="):
        got = explorer_js.evaluate("""([scores, labels, rule, low, high]) => {
            const pts = ee.tieGroups(Float64Array.from(scores), Uint8Array.from(labels));
            const out = [];
            for (let p = 0; p <= pts.K; p++) {
              const theta = ee.thresholdAt(p, rule, pts.values, low, high);
              out.push({theta, back: ee.positionOf(pts.values, theta, rule),
                        counts: ee.countsAt(pts, theta, rule, 1),
                        share: ee.shareOf(theta, low, high)});
            }
            return out;
        }""", [scores, labels, rule, explorer.low, explorer.high])
        explorer.rule = rule
        assert [row["theta"] for row in got] == explorer.thresholds.tolist()
        for position, row in enumerate(got):
            assert row["back"] == position
            counts = {k: int(v) for k, v in row["counts"].items()}
            assert counts == confusion_counts(y, s, row["theta"], rule)._asdict(), \
                (rule, position, row["theta"])
            assert 0 <= row["share"] <= 1          # on the strip, not overflowed to NaN


def test_front_end_strip_scale_of_huge_scores(explorer_js):
    low, high = end_thresholds(-1.7e308, 1.7e308)
    got = explorer_js.evaluate("""([low, high]) => [-1.7e308, 0, 1.7e308].map(s => ee.shareOf(s, low, high))
        .concat([0, 0.5, 1].map(f => ee.scoreAt(f, low, high)))""", [low, high])
    shares, back = got[:3], got[3:]
    # exact fractions of the way: (s - low) / (high - low) with high = -low
    assert shares[1] == 0.5 and 0 < shares[0] < 0.01 and 0.99 < shares[2] < 1
    assert back == [low, 0.0, high]
    # ordinary ends: the plain formula (s - low) / (high - low), bit for bit
    assert explorer_js.evaluate("() => ee.shareOf(0.3, -0.1, 1.1)") == (0.3 - -0.1) / (1.1 - -0.1)
