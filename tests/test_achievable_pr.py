"""achievable_pr_curve: Davis & Goadrich's achievable PR curve (the PR image of the ROC
convex hull), its changing default, and interpolated_pr_curve (every operating point).

References: Davis & Goadrich (2006): the achievable curve is the ROC convex hull mapped into
PR space, each hull edge interpolated by TP with FP growing at the edge's skew. The hull
here is found by brute force (a point is a vertex unless some chord between two other
points reaches it), independently of evalcore's monotone chain.
"""

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
