"""Precision–recall done right: Davis–Goadrich interpolation, the achievable PR curve, PRG.

References: Flach & Kull's published example (AUPRG 0.7083), their definitions of the gains
evaluated from confusion counts by direct masks, Davis & Goadrich's interpolation written
out in counts, a brute-force ROC convex hull (every chord tested against every point)
mapped into PR space, and numerical integration of the curves.
"""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec
from evalcore.reference import operating_points
from strategies import labelled_scores
from reference import one_undefined_warning

FK_Y = [1, 1, 0, 0, 1, 0]
FK_S = [0.8, 0.8, 0.6, 0.4, 0.4, 0.2]


# --------------------------------------------------------------------------------- PRG
def test_flach_kull_example():
    # the source value printed by Flach & Kull (2015) for this example
    assert round(ec.auprg(FK_Y, FK_S), 4) == 0.7083


def test_flach_kull_example_by_hand():
    # pi = 1/2, so gain(x) = (x - 1/2) / (x / 2) = 2 - 1/x. Points (recall, precision):
    # (2/3, 1), (2/3, 2/3), (1, 3/5), (1, 1/2); the crossing at recall 1/2 has precision 1.
    curve = ec.prg_curve(FK_Y, FK_S)
    gain = lambda x: 2 - 1 / x  # noqa: E731
    np.testing.assert_allclose(curve.recall_gain, [0, gain(2 / 3), gain(2 / 3), 1, 1])
    np.testing.assert_allclose(curve.precision_gain, [1, 1, gain(2 / 3), gain(3 / 5), 0])
    # trapezoids: 0.5·1 + 0.5·(0.5 + 1/3)/2 = 17/24
    assert ec.auprg(FK_Y, FK_S) == pytest.approx(17 / 24)


@settings(max_examples=150, deadline=None)
@given(labelled_scores(grid=7, floats=False))
def test_prg_points_match_definition(data):
    y, s = data
    rows = operating_points(y, s)
    pos, neg = rows[0][3], rows[0][4]
    pi = pos / (pos + neg)
    expected = []
    for t, tp, fp, fn, tn in rows:
        if tp == 0:
            continue
        precision, recall = tp / (tp + fp), tp / pos
        rg = (recall - pi) / ((1 - pi) * recall)
        if rg >= 0:
            expected.append((t, rg, (precision - pi) / ((1 - pi) * precision)))
    curve = ec.prg_curve(y, s)
    real = ~np.isnan(curve.thresholds)          # drop the inserted crossing point
    assert curve.thresholds[real].tolist() == [t for t, _, _ in expected]
    np.testing.assert_allclose(curve.recall_gain[real], [g for _, g, _ in expected], atol=1e-12)
    np.testing.assert_allclose(curve.precision_gain[real], [g for _, _, g in expected],
                               atol=1e-12)
    assert curve.recall_gain[0] == pytest.approx(0, abs=1e-12)
    assert curve.recall_gain[-1] == 1 and np.all(np.diff(curve.recall_gain) >= -1e-12)


def test_perfect_and_uninformative():
    y = [0, 1, 0, 1, 1, 0, 0]
    assert ec.auprg(y, y) == 1.0
    # a constant score is the always-positive classifier (and the origin): AUPRG 0
    assert ec.auprg(y, [0.5] * 7) == pytest.approx(0, abs=1e-12)


def test_prg_weights_equal_repetition():
    y, s, w = [0, 1, 0, 1, 1, 0], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6], [1, 2, 3, 1, 2, 1]
    assert ec.auprg(y, s, sample_weight=w) == pytest.approx(
        ec.auprg(np.repeat(y, w), np.repeat(s, w)))


# ------------------------------------------------------------- achievable PR curve
def test_davis_goadrich_counts():
    # A = (TP 5, FP 5) and B = (TP 10, FP 30) with 20 positives: between them each true
    # positive brings (30 - 5) / (10 - 5) = 5 false positives
    y = [1] * 5 + [0] * 5 + [1] * 5 + [0] * 25 + [1] * 10 + [0] * 1970
    s = [3] * 10 + [2] * 30 + [1] * 1980
    curve = ec.interpolated_pr_curve(y, s, num=4)
    for tp in (6, 7, 8, 9):
        fp = 5 + 5 * (tp - 5)
        k = int(np.flatnonzero(np.isclose(curve.recall, tp / 20))[0])
        assert curve.precision[k] == pytest.approx(tp / (tp + fp))


@settings(max_examples=60, deadline=None)
@given(labelled_scores(grid=7, floats=False))
def test_area_closed_form_matches_numerical_integration(data):
    y, s = data
    curve = ec.interpolated_pr_curve(y, s, num=400)
    numeric = float(np.trapezoid(curve.precision, curve.recall))
    assert ec.pr_auc_interpolated(y, s) == pytest.approx(numeric, abs=2e-5)


@settings(max_examples=100, deadline=None)
@given(labelled_scores(grid=7, floats=False))
def test_operating_points_lie_on_the_achievable_curve(data):
    y, s = data
    points = ec.interpolated_pr_curve(y, s, num=0)
    rows = operating_points(y, s)
    pos = rows[0][3]
    for _, tp, fp, fn, tn in rows[1:]:
        if tp + fp == 0:
            continue
        hit = np.isclose(points.recall, tp / pos) & np.isclose(points.precision, tp / (tp + fp))
        assert hit.any()


def straight_area(y, s):
    points = ec.interpolated_pr_curve(y, s, num=0)
    return float(np.trapezoid(points.precision, points.recall))


def test_straight_lines_overstate_when_precision_falls():
    # three tie groups; precision falls 1 -> 5/8 -> 6/14 along the two segments that carry
    # both classes, so the achievable curve sags below the straight lines
    y = [1] * 3 + [1] * 2 + [0] * 3 + [1] * 1 + [0] * 5
    s = [3] * 3 + [2] * 5 + [1] * 6
    assert straight_area(y, s) > ec.pr_auc_interpolated(y, s) + 1e-3


def test_straight_lines_understate_when_precision_rises():
    # distinct scores: every segment adds one positive (precision rises along it, and
    # t / (t + FP) is concave) or one negative (no width): straight lines understate
    y = [1, 1, 0, 1, 0, 0, 1, 0, 0, 0]
    s = np.arange(10, 0, -1)
    assert straight_area(y, s) < ec.pr_auc_interpolated(y, s)


def test_single_segment_closed_form():
    # one tie group holding everything: precision is the base rate 1/2 at every recall
    assert ec.pr_auc_interpolated([0, 1, 0, 1], [1, 1, 1, 1]) == pytest.approx(0.5)
    # toy case by hand: (1 + 1 - ln 1.5) / 2
    assert ec.pr_auc_interpolated([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]) == pytest.approx(
        (2 - math.log(1.5)) / 2)


# ----------------------------------------------------------------- errors, undefined
def test_undefined():
    assert math.isnan(one_undefined_warning(ec.auprg, [0, 0], [0.1, 0.2]))
    assert math.isnan(one_undefined_warning(ec.auprg, [1, 1], [0.1, 0.2]))
    assert math.isnan(one_undefined_warning(ec.pr_auc_interpolated, [0, 0], [0.1, 0.2]))
    curve = one_undefined_warning(ec.interpolated_pr_curve, [0, 0], [0.1, 0.2])
    assert np.isnan(curve.recall).all()
    # no negatives is fine for the achievable curve: precision 1 throughout
    assert ec.pr_auc_interpolated([1, 1], [0.1, 0.2]) == 1.0


def test_errors():
    with pytest.raises(ValueError, match="num must be an integer of at least 0"):
        ec.interpolated_pr_curve(FK_Y, FK_S, num=-1)
    with pytest.raises(ValueError, match="same length"):
        ec.auprg([0, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="y_score must be finite"):
        ec.prg_curve([0, 1], [0.1, float("nan")])


def test_plots():
    fig, (a, b) = plt.subplots(1, 2)
    assert ec.plot_achievable_pr(FK_Y, FK_S, ax=a) is a
    assert ec.plot_prg(FK_Y, FK_S, ax=b) is b
    plt.close(fig)


def test_auprg_is_linear_in_the_expected_f1_gain():
    # F1 gain = gain(F1) with gain(x) = (x - pi) / ((1 - pi) x), computed from each PRG
    # point's precision and recall; along a segment it is linear in recall gain, so the
    # trapezoid rule integrates it exactly over recall gain in [0, 1]
    rng = np.random.default_rng(4)
    y = rng.integers(0, 2, 60)
    s = np.round(y + rng.normal(0, 1.2, 60), 1)
    pi = y.mean()
    curve = ec.prg_curve(y, s)
    ungain = lambda g: pi / (1 - g * (1 - pi))  # noqa: E731   # x from gain(x)
    precision, recall = ungain(curve.precision_gain), ungain(curve.recall_gain)
    f1 = 2 * precision * recall / (precision + recall)
    f1_gain = (f1 - pi) / ((1 - pi) * f1)
    expected_f1_gain = float(np.trapezoid(f1_gain, curve.recall_gain))
    assert expected_f1_gain == pytest.approx(ec.auprg(y, s) / 2 + 0.25, abs=1e-12)
