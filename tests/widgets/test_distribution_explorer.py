"""The distribution explorer's Python side: its cases, its state and its errors.

The references here do not come from the widget's code: the cases are rebuilt from the seed
with numpy (the noise, the number of positives by exact decimal arithmetic, the scores), the
counts by looking at each case, and the areas by scikit-learn. The front end is tested in
Chromium in ``test_distribution_explorer_browser.py``.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score, roc_auc_score

import evalcore as ec
from evalcore.reference import confusion_counts

from helpers import (PREVALENCES, SEPARATIONS, reference_decimal, reference_sample,
                     reference_thresholds)


# ------------------------------------------------------------------------------------ the cases

@pytest.mark.parametrize("separation, prevalence", [(1.0, 0.5), (0.0, 0.05), (4.0, 0.95),
                                                    (2.3, 0.35), (0.7, 0.15)])
def test_sample_is_the_documented_recipe(separation, prevalence):
    w = ec.distribution_explorer(separation=separation, prevalence=prevalence)
    y, s = w.sample()
    y_ref, s_ref = reference_sample(separation, prevalence)
    assert np.array_equal(y, y_ref)
    assert np.array_equal(s, s_ref)          # bit for bit: the same operations
    assert w.positives == int(y_ref.sum())


def test_other_seeds_and_sizes():
    w = ec.distribution_explorer(n=37, random_state=12, prevalence=0.3, separation=1.5)
    y, s = w.sample()
    y_ref, s_ref = reference_sample(1.5, 0.3, n=37, seed=12)
    assert np.array_equal(y, y_ref) and np.array_equal(s, s_ref)
    assert len(y) == 37 and y.sum() == 11                 # 0.3 × 37 = 11.1
    other = ec.distribution_explorer(n=37, random_state=13, prevalence=0.3, separation=1.5)
    assert not np.array_equal(other.sample()[1], s)


@pytest.mark.parametrize("prevalence", PREVALENCES)
@pytest.mark.parametrize("n", [2, 3, 10, 90, 170, 400, 650, 1001])
def test_positives_round_half_up_in_decimal(prevalence, n):
    # 0.35 × 90 = 31.5 gives 32 positives, although 0.35 * 90 is 31.499999999999996 in doubles
    w = ec.distribution_explorer(prevalence=prevalence, n=n)
    y_ref, _ = reference_sample(0.0, prevalence, n=n)
    assert w.positives == int(y_ref.sum())
    assert 1 <= w.positives <= n - 1


def test_both_classes_are_always_shown():
    assert ec.distribution_explorer(prevalence=0.001, n=50).positives == 1
    assert ec.distribution_explorer(prevalence=0.999, n=50).positives == 49


def test_the_pools_are_shared_across_prevalences():
    # moving π only adds or removes cases at the ends of the pools: the others keep their score
    few = ec.distribution_explorer(prevalence=0.2, separation=2.0)
    many = ec.distribution_explorer(prevalence=0.6, separation=2.0)
    (y1, s1), (y2, s2) = few.sample(), many.sample()
    p1 = int(y1.sum())
    assert np.array_equal(s1[:p1], s2[:p1])                             # the positives
    assert np.array_equal(s2[int(y2.sum()):], s1[p1:][:len(y2) - int(y2.sum())])  # negatives


def test_threshold_range_covers_every_score_at_every_separation():
    w = ec.distribution_explorer(n=2000, random_state=3)
    for separation in (0.0, 4.0):
        for prevalence in (0.05, 0.95):
            w.separation, w.prevalence = separation, prevalence
            _, s = w.sample()
            assert w.low < s.min() and s.max() < w.high
    assert w.low % 0.5 == 0 and w.high % 0.5 == 0            # round ends: the steps are round
    # at the ends everything, then nothing, is called positive
    w.threshold = w.low
    assert w.confusion_matrix().fn == 0
    w.threshold = w.high
    assert w.confusion_matrix().tp == w.confusion_matrix().fp == 0


# -------------------------------------- the threshold control: one position per operating point

@pytest.mark.parametrize("separation, prevalence, n, seed", [
    (1.0, 0.5, 400, 0), (0.0, 0.5, 400, 0), (4.0, 0.5, 400, 0), (2.0, 0.1, 1000, 0),
    (1.5, 0.3, 400, 0), (2.7, 0.95, 57, 4), (0.3, 0.05, 2, 1)])
def test_every_position_of_the_threshold_changes_the_matrix(separation, prevalence, n, seed):
    w = ec.distribution_explorer(separation=separation, prevalence=prevalence, n=n,
                                 random_state=seed)
    y, s = reference_sample(separation, prevalence, n=n, seed=seed)
    distinct = np.unique(s)
    thresholds = w.thresholds
    assert thresholds.tolist() == reference_thresholds(s, w.low, w.high)
    assert len(thresholds) == len(distinct) + 1            # K + 1 operating points
    counts = [confusion_counts(y, s, t) for t in thresholds]
    # each step calls exactly one more distinct score negative: the matrix always moves
    for p, (before, after) in enumerate(zip(counts, counts[1:])):
        assert after != before
        moved = s == distinct[p]
        assert before[0] - after[0] == int((moved & (y == 1)).sum())
        assert before[1] - after[1] == int((moved & (y == 0)).sum())
    assert counts[0][2:] == (0, 0) and counts[-1][:2] == (0, 0)   # everything, then nothing
    # the range fits the scores shown: within one of the lowest and the highest score
    assert distinct[0] - 1 < thresholds[0] <= distinct[0]
    assert distinct[-1] < thresholds[-1] < distinct[-1] + 1
    assert w.low <= thresholds[0] and thresholds[-1] <= w.high
    for p in (0, len(distinct) // 2, len(distinct)):
        w.threshold = float(thresholds[p])
        assert w.position == p
        assert w.confusion_matrix() == ec.ConfusionMatrix(*counts[p])
        assert (w.confusion_matrix().tp, w.confusion_matrix().fp) == \
            confusion_counts(y, s, w.threshold)[:2]


def test_thresholds_follow_the_separation_and_read_short():
    w = ec.distribution_explorer(separation=1.0)
    at_one = w.thresholds
    w.separation = 3.0
    at_three = w.thresholds
    y, s = w.sample()
    assert at_three.tolist() == reference_thresholds(s, w.low, w.high)
    assert at_three[-1] > at_one[-1] + 1.5                   # the top end moved with the positives
    # a position's θ is written with few places: most with 2 or 3 in the crowded middle
    places = [len(repr(float(t)).split(".")[1]) if "." in repr(float(t)) else 0
              for t in at_three]
    assert max(places) <= 6 and np.median(places) <= 3
    # θ stays where it was when the separation moves; its position follows the scores
    w.threshold = 0.5
    assert w.position == int((np.unique(s) < 0.5).sum())


@settings(max_examples=300, deadline=None)
@given(a=st.floats(-50, 50), gap=st.floats(1e-15, 10), largest=st.booleans())
def test_fewest_decimals_is_the_exact_shortest(a, gap, largest):
    from evalcore._distribution_explorer import fewest_decimals

    b = a + gap
    if not a < b:
        return
    got = fewest_decimals(a, b, largest=largest)
    assert a < got <= b
    assert got == reference_decimal(a, b, largest)
    assert math.copysign(1.0, got) == 1.0 or got < 0       # never -0.0


def test_fewest_decimals_examples():
    from evalcore._distribution_explorer import fewest_decimals

    assert fewest_decimals(0.29, 0.3) == 0.3         # the float64 0.3 is just below 3/10
    assert fewest_decimals(-0.7, 0.2) == 0.0         # an integer where one fits: 0, not -0
    assert math.copysign(1.0, fewest_decimals(-0.7, 0.2)) == 1.0
    assert fewest_decimals(-1.0, -0.0) == 0.0
    assert fewest_decimals(1.2345, 1.2349) == 1.2349
    assert fewest_decimals(1.2345, 1.2349, largest=False) == 1.2346
    assert fewest_decimals(3.2, 7.5, largest=False) == 4.0
    assert fewest_decimals(1.0, math.nextafter(1.0, 2.0)) == math.nextafter(1.0, 2.0)


# ------------------------------------------------------------------------------------ the state

@settings(max_examples=60, deadline=None)
@given(separation=st.sampled_from(SEPARATIONS), prevalence=st.sampled_from(PREVALENCES),
       step=st.integers(0, 400))
def test_counts_equal_a_count_by_hand(separation, prevalence, step):
    w = ec.distribution_explorer(separation=separation, prevalence=prevalence)
    w.threshold = min(float(f"{w.low + 0.05 * step:.2f}"), w.high)
    cm = w.confusion_matrix()
    y, s = reference_sample(separation, prevalence)
    assert (cm.tp, cm.fp, cm.fn, cm.tn) == confusion_counts(y, s, w.threshold, rule=">=")
    assert cm == ec.confusion_matrix_at(y, s, w.threshold, rule=">=")


def test_areas_of_the_sample_agree_with_scikit_learn():
    w = ec.distribution_explorer(separation=1.3, prevalence=0.25)
    y, s = w.sample()
    assert ec.roc_auc(y, s) == pytest.approx(roc_auc_score(y, s), abs=1e-12)
    assert ec.average_precision(y, s) == pytest.approx(average_precision_score(y, s), abs=1e-12)


def test_separation_moves_the_auc_from_chance_to_nearly_perfect():
    w = ec.distribution_explorer(separation=0.0)
    chance = ec.roc_auc(*w.sample())
    w.separation = 4.0
    nearly = ec.roc_auc(*w.sample())
    # with 𝒩(0, 1) noise the AUC is Φ(separation / √2): ½ and Φ(2√2) ≈ 0.9977
    assert abs(chance - 0.5) < 0.05 and nearly > 0.99


def test_default_threshold_is_halfway_between_the_class_means():
    assert ec.distribution_explorer(separation=1.3).threshold == 0.65
    assert ec.distribution_explorer(separation=0.0).threshold == 0.0
    assert ec.distribution_explorer(separation=2.0, threshold=-1.25).threshold == -1.25


def test_state_is_synced_and_read_only_where_fixed():
    w = ec.distribution_explorer(separation=2.0, prevalence=0.3, show=("roc", "distributions"),
                                 title="Screening", size="large")
    state = w.get_state()
    assert state["evalcore_widget"] == "distribution-explorer"
    assert (state["separation"], state["prevalence"], state["threshold"]) == (2.0, 0.3, 1.0)
    assert state["show"] == ["distributions", "roc"]           # in the explorer's order
    assert (state["title"], state["size"], state["n"]) == ("Screening", "large", 400)
    noise = np.frombuffer(state["noise"], dtype="<f8")
    assert np.array_equal(noise, np.random.default_rng(0).standard_normal(800))
    for name in ("noise", "n", "low", "high", "show", "title"):
        with pytest.raises(Exception, match="read-only"):
            setattr(w, name, getattr(w, name))


def test_values_from_the_browser_are_validated():
    w = ec.distribution_explorer()
    w.set_state({"separation": 2.5, "threshold": 1.05, "prevalence": 0.15})
    assert (w.separation, w.threshold, w.prevalence) == (2.5, 1.05, 0.15)
    with pytest.raises(ValueError, match=r"separation must lie in \[0.0, 4.0\]"):
        w.set_state({"separation": 4.5})
    assert w.separation == 2.5


def test_repr_names_the_state():
    w = ec.distribution_explorer(n=100, random_state=5, separation=1.5, prevalence=0.2,
                                 threshold=0.25)
    assert repr(w) == ("DistributionExplorer(n=100, random_state=5, separation=1.5, "
                       "prevalence=0.2, threshold=0.25)")


# ------------------------------------------------------------------------------------ bad input

@pytest.mark.parametrize("kwargs, error, match", [
    (dict(separation=-0.1), ValueError, r"separation must lie in \[0.0, 4.0\], got -0.1"),
    (dict(separation=4.01), ValueError, r"separation must lie in \[0.0, 4.0\]"),
    (dict(separation=math.nan), ValueError, r"separation must be a number in \[0.0, 4.0\]"),
    (dict(separation="1"), TypeError, "separation must be a real number"),
    (dict(separation=True), TypeError, "separation must be a real number"),
    (dict(prevalence=0.0), ValueError, r"prevalence must lie in \(0.0, 1.0\)"),
    (dict(prevalence=1.0), ValueError, r"prevalence must lie in \(0.0, 1.0\)"),
    (dict(prevalence=None), TypeError, "prevalence must be a real number"),
    (dict(threshold=100.0), ValueError, r"threshold must lie in \[-4.0, 7.5\], got 100.0"),
    (dict(threshold=math.inf), ValueError, "threshold must lie in"),
    (dict(threshold="0.5"), TypeError, "threshold must be a real number"),
    (dict(n=1), ValueError, r"n must be an integer between 2 and 10000"),
    (dict(n=10_001), ValueError, r"n must be an integer between 2 and 10000"),
    (dict(n=400.0), TypeError, "n must be an integer"),
    (dict(random_state=None), TypeError, "random_state must be an integer"),
    (dict(random_state=-1), ValueError, "random_state must be an integer of at least 0"),
    (dict(show="roc"), TypeError, "show must be a tuple of panel names"),
    (dict(show=()), ValueError, "show must name at least one panel"),
    (dict(show=("roc", "strip")), ValueError, "show must name at least one panel"),
    (dict(title=3), TypeError, "title must be a str"),
    (dict(size="huge"), ValueError, "size"),
])
def test_bad_input_names_the_argument(kwargs, error, match):
    with pytest.raises(error, match=match):
        ec.distribution_explorer(**kwargs)


def test_options_are_keyword_only():
    with pytest.raises(TypeError):
        ec.distribution_explorer(1.0)      # noqa: the point is that it fails


def test_bad_values_set_later_are_refused_and_leave_the_state():
    w = ec.distribution_explorer()
    for name, value, error in (("separation", 5, ValueError), ("prevalence", 1.5, ValueError),
                               ("threshold", -50, ValueError), ("threshold", "x", TypeError)):
        before = getattr(w, name)
        with pytest.raises(error, match=name):
            setattr(w, name, value)
        assert getattr(w, name) == before
