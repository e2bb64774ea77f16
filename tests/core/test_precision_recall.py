"""evalcore/core/precision_recall.py: precision-recall done right, Davis and Goadrich's
interpolation and achievable PR curve, and precision-recall-gain (``prg_curve``, ``auprg``).

References: Davis and Goadrich (2006): the achievable curve is the ROC convex hull mapped into
PR space, each hull edge interpolated by TP with FP growing at the edge's skew; the hull is
found here by brute force (every chord against every point). Flach and Kull's published
example (AUPRG 0.7083) and their gains from confusion counts by direct masks; numerical
integration of the curves."""

from __future__ import annotations

import itertools
import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings

import evalcore as ec
from evalcore.reference import operating_points

from reference import one_undefined_warning
from strategies import labelled_scores


TOY_Y, TOY_S = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]


def brute_hull_counts(y, s):
    """(TP, FP) of the ROC convex hull's vertices, by increasing FP, by brute force."""
    points = sorted({(fp, tp) for _, tp, fp, fn, tn in operating_points(y, s)})
    first, last = points[0], points[-1]          # (0, 0) and (N, P)
    vertices = []
    for k, (fk, tk) in enumerate(points):
        if (fk, tk) in (first, last):
            vertices.append((fk, tk))
            continue
        covered = False
        for (fi, ti), (fj, tj) in itertools.combinations(points, 2):
            if (fi, ti) == (fk, tk) or (fj, tj) == (fk, tk) or not fi <= fk <= fj or fi == fj:
                continue
            if ti + (tj - ti) * (fk - fi) / (fj - fi) >= tk:   # on or above: not a vertex
                covered = True
                break
        # a point straight below another at the same FP is never a vertex
        covered = covered or any(f == fk and t > tk for f, t in points)
        if not covered:
            vertices.append((fk, tk))
    return [(tp, fp) for fp, tp in sorted(vertices)]


def davis_goadrich(vertices, num, positives):
    """Recall and precision along the PR image of a chain of (TP, FP) vertices."""
    recall, precision = [], []
    for (ta, fa), (tb, fb) in zip(vertices, vertices[1:]):
        if tb == ta:
            if ta + fa > 0:
                recall.append(ta / positives), precision.append(ta / (ta + fa))
            continue
        skew = (fb - fa) / (tb - ta)
        for k in range(num + 1):
            t = ta + k / (num + 1) * (tb - ta)
            fp = fa + skew * (t - ta)
            recall.append(t / positives)
            precision.append(t / (t + fp) if t + fp > 0 else 1 / (1 + skew))
    tp, fp = vertices[-1]
    recall.append(tp / positives), precision.append(tp / (tp + fp))
    return np.array(recall), np.array(precision)


def test_toy_case_by_hand():
    # ROC points (0,0) (0,1) (1,1) (1,2) (2,2) in (FP, TP): (1, 1) lies below the chord
    curve = ec.achievable_pr_curve(TOY_Y, TOY_S, num=0, hull=True)
    np.testing.assert_allclose(curve.recall, [0, 0.5, 1, 1])
    np.testing.assert_allclose(curve.precision, [1, 1, 2 / 3, 1 / 2])
    # the point (recall ½, precision ½) of the interpolated curve is gone
    old = ec.interpolated_pr_curve(TOY_Y, TOY_S, num=0)
    assert any(np.isclose(old.precision, 0.5) & np.isclose(old.recall, 0.5))


@settings(max_examples=80, deadline=None, derandomize=True)
@given(labelled_scores(grid=6, floats=False))
def test_hull_image_matches_an_independent_construction(data):
    y, s = data
    positives = int(np.sum(np.asarray(y) == 1))
    if positives == 0:
        return
    vertices = brute_hull_counts(y, s)
    for num in (0, 3):
        recall, precision = davis_goadrich(vertices, num, positives)
        curve = ec.achievable_pr_curve(y, s, num=num, hull=True)
        np.testing.assert_allclose(curve.recall, recall, atol=1e-12)
        np.testing.assert_allclose(curve.precision, precision, atol=1e-12)


@settings(max_examples=80, deadline=None, derandomize=True)
@given(labelled_scores(grid=6, floats=False))
def test_achievable_area_dominates_and_matches_integration(data):
    y, s = data
    if not 0 < np.sum(np.asarray(y) == 1):
        return
    dense = ec.achievable_pr_curve(y, s, num=400, hull=True)
    area = ec.pr_auc_interpolated(y, s, hull=True)
    assert area == pytest.approx(float(np.trapezoid(dense.precision, dense.recall)), abs=2e-5)
    assert area >= ec.pr_auc_interpolated(y, s) - 1e-12


def test_the_default_warns_once_and_keeps_the_old_result():
    with pytest.warns(FutureWarning, match="from evalcore 0.3") as record:
        old = ec.achievable_pr_curve(TOY_Y, TOY_S, num=2)
    assert len(record) == 1 and record[0].filename == __file__
    new_name = ec.interpolated_pr_curve(TOY_Y, TOY_S, num=2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        explicit = ec.achievable_pr_curve(TOY_Y, TOY_S, num=2, hull=False)
        ec.achievable_pr_curve(TOY_Y, TOY_S, num=2, hull=True)
    for a, b in ((old, new_name), (old, explicit)):
        np.testing.assert_array_equal(a.recall, b.recall)
        np.testing.assert_array_equal(a.precision, b.precision)


def test_no_negatives_and_no_positives():
    curve = ec.achievable_pr_curve([1, 1, 1], [0.3, 0.2, 0.1], num=0, hull=True)
    assert np.all(curve.precision == 1.0) and curve.recall[-1] == 1.0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        nothing = one_undefined_warning(ec.achievable_pr_curve, [0, 0], [0.1, 0.2], hull=True)
    assert np.isnan(nothing.recall).all()
    assert math.isnan(one_undefined_warning(ec.pr_auc_interpolated, [0, 0], [0.1, 0.2],
                                            hull=True))


def test_bad_hull():
    with pytest.raises(TypeError, match="hull must be True or False"):
        ec.achievable_pr_curve(TOY_Y, TOY_S, hull="yes")
    with pytest.raises(TypeError, match="hull must be True or False"):
        ec.pr_auc_interpolated(TOY_Y, TOY_S, hull=None)
    with pytest.raises(ValueError, match="num must be an integer of at least 0"):
        ec.interpolated_pr_curve(TOY_Y, TOY_S, num=-1)


FK_Y = [1, 1, 0, 0, 1, 0]
FK_S = [0.8, 0.8, 0.6, 0.4, 0.4, 0.2]


# ------------------------------------------------------------------------------------------ PRG

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


# -------------------------------------------------------------------------- achievable PR curve

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


# ---------------------------------------------------------------------------- errors, undefined

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
