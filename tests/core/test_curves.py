"""evalcore/core/curves.py: the ROC and precision-recall curves, the counts at every
threshold (``confusion_matrix_at_thresholds``) and the equal error rate.

References: scikit-learn's ``roc_curve``, ``precision_recall_curve`` and
``confusion_matrix_at_thresholds`` on random cases, the slides' ROC pseudo-code, the EER by
dense interpolation of the polyline (tests/reference.py), ``confusion_matrix_at`` at each
threshold; the curves' shapes on any input (Hypothesis); one class missing.
``drop_intermediate=True`` keeps scikit-learn's points and thresholds, ties and weights too."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import evalcore as ec
from evalcore.core.curves import confusion_matrix_at_thresholds
from evalcore.reference import confusion_counts

from helpers import (CASES, SCORE_KINDS, both_classes, close, draw_case, draw_scores, metrics,
                     no_warnings, recode)
from reference import eer_dense, one_undefined_warning, slides_roc_points
from strategies import PROFILE, labelled_scores, scored

RNG = np.random.default_rng(20240611)


# ----------------------------------------- identities and invariances on any input (Hypothesis)

TOL = 1e-12


@PROFILE
@given(scored())
def test_roc_monotone_from_origin_to_corner(case):
    y, s, w = case
    roc = ec.roc_curve(y, s, sample_weight=w)
    assert (roc.fpr[0], roc.tpr[0]) == (0.0, 0.0)
    assert roc.fpr[-1] == pytest.approx(1.0, abs=TOL) and roc.tpr[-1] == pytest.approx(1.0, abs=TOL)
    assert np.all(np.diff(roc.fpr) >= 0) and np.all(np.diff(roc.tpr) >= 0)
    assert np.all(np.diff(roc.thresholds) < 0)                 # one point per distinct score
    assert roc.thresholds[0] == math.inf
    if w is None:   # every step moves (with weights, a subnormal weight can round to no move)
        assert np.all((np.diff(roc.fpr) > 0) | (np.diff(roc.tpr) > 0))
    # the trapezoid area under these points is the AUC
    area = float(np.sum(np.diff(roc.fpr) * (roc.tpr[1:] + roc.tpr[:-1]) / 2))
    assert area == pytest.approx(ec.roc_auc(y, s, sample_weight=w), abs=1e-9)


@PROFILE
@given(scored(both=False))
def test_pr_curve_shape(case):
    y, s, w = case
    weights = np.ones(len(y)) if w is None else w
    assume(weights[y == 1].sum() > 0)
    pr = ec.precision_recall_curve(y, s, sample_weight=w)
    assert (pr.recall[-1], pr.precision[-1]) == (0.0, 1.0)
    assert pr.recall[0] == pytest.approx(1.0, abs=TOL)
    assert np.all(np.diff(pr.recall) <= 0)                     # recall decreases
    assert np.all(np.diff(pr.thresholds) > 0)
    assert np.all((0 <= pr.precision) & (pr.precision <= 1))
    # precision at the lowest threshold is the (weighted) base rate
    assert pr.precision[0] == pytest.approx(weights[y == 1].sum() / weights.sum(), abs=TOL)
    # average precision is the recall-weighted mean of the precisions
    ap = float(-np.sum(np.diff(pr.recall) * pr.precision[:-1]))
    assert ec.average_precision(y, s, sample_weight=w) == pytest.approx(ap, abs=1e-9)


@PROFILE
@given(scored())
def test_equal_error_rate_on_the_curve(case):
    y, s, w = case
    eer, threshold = ec.equal_error_rate(y, s, sample_weight=w)
    assert 0.0 <= eer <= 1.0
    # no operating point has both error rates below the EER
    roc = ec.roc_curve(y, s, sample_weight=w)
    assert np.all(np.maximum(roc.fpr, 1 - roc.tpr) >= eer - 1e-12)
    cm = ec.confusion_matrix_at(y, s, threshold, rule=">=", sample_weight=w)
    assert cm.fpr >= cm.fnr - 1e-12


# -------------------------------------------- random cases against scikit-learn and brute force

def test_roc_curve_vs_sklearn():
    rng = np.random.default_rng(101)
    kinds_seen = set()
    for _ in range(CASES):
        y, s, w = draw_case(rng)
        if not both_classes(y, w):
            continue
        y_coded, pos_label, sk_pos = recode(rng, y)
        ours = ec.roc_curve(y_coded, s, sample_weight=w, pos_label=pos_label)
        fpr, tpr, thr = metrics.roc_curve(y_coded, s, sample_weight=w, pos_label=sk_pos,
                                          drop_intermediate=False)
        close(ours.fpr, fpr)
        close(ours.tpr, tpr)
        np.testing.assert_array_equal(ours.thresholds, thr)    # -0.0 == 0.0
        kinds_seen.add(w is None)
    assert kinds_seen == {True, False}


def test_roc_curve_vs_slides_pseudocode():
    rng = np.random.default_rng(102)
    for _ in range(CASES):
        y, s, _ = draw_case(rng, weighted=False)
        if not both_classes(y, None):
            continue
        roc = ec.roc_curve(y, s)
        points = slides_roc_points(y, s)
        close(roc.fpr, [p[0] for p in points])
        close(roc.tpr, [p[1] for p in points])


def test_precision_recall_curve_vs_sklearn():
    rng = np.random.default_rng(103)
    for _ in range(CASES):
        y, s, w = draw_case(rng)
        if not both_classes(y, w):
            continue
        y_coded, pos_label, sk_pos = recode(rng, y)
        ours = ec.precision_recall_curve(y_coded, s, sample_weight=w, pos_label=pos_label)
        precision, recall, thr = metrics.precision_recall_curve(y_coded, s, sample_weight=w,
                                                                pos_label=sk_pos)
        close(ours.precision, precision)
        close(ours.recall, recall)
        np.testing.assert_array_equal(ours.thresholds, thr)


def test_precision_recall_curve_without_negatives_vs_sklearn():
    # only positives: both libraries are defined here (precision 1 everywhere)
    rng = np.random.default_rng(104)
    for _ in range(50):
        n = int(rng.integers(1, 20))
        s = draw_scores(rng, n, SCORE_KINDS[int(rng.integers(len(SCORE_KINDS)))])
        ours = ec.precision_recall_curve(np.ones(n, int), s)
        precision, recall, thr = metrics.precision_recall_curve(np.ones(n, int), s)
        close(ours.precision, precision)
        close(ours.recall, recall)
        np.testing.assert_array_equal(ours.thresholds, thr)


def test_equal_error_rate_vs_dense_interpolation():
    rng = np.random.default_rng(110)
    for _ in range(CASES):
        y, s, w = draw_case(rng)
        if not both_classes(y, w):
            continue
        eer, threshold = ec.equal_error_rate(y, s, sample_weight=w)
        assert eer == pytest.approx(eer_dense(y, s, w), abs=1e-3)
        # the threshold is the largest (rule >=) at which FPR has reached FNR
        weights = np.ones(len(y)) if w is None else w
        P, N = weights[y == 1].sum(), weights[y == 0].sum()

        def gap(t):
            called = s >= t
            return weights[called & (y == 0)].sum() / N - weights[~called & (y == 1)].sum() / P

        assert gap(threshold) >= -1e-12
        above = [t for t in np.unique(s[weights > 0]) if t > threshold]
        assert all(gap(t) < 1e-12 for t in above)


# ----------------------------------------------------------- drop_intermediate, as scikit-learn

def _curves(y, score, weight):
    ours = ec.roc_curve(y, score, sample_weight=weight, drop_intermediate=True)
    theirs = metrics.roc_curve(y, score, sample_weight=weight, drop_intermediate=True)
    return ours, theirs


CURVE_DATA = {
    "distinct": lambda: (RNG.integers(0, 2, 400), RNG.normal(size=400), None),
    "ties": lambda: (RNG.integers(0, 2, 400), np.round(RNG.normal(size=400), 1), None),
    "grid ties": lambda: (RNG.integers(0, 2, 400), RNG.integers(0, 6, 400) / 5, None),
    "integer weights": lambda: (RNG.integers(0, 2, 300), np.round(RNG.normal(size=300), 1),
                                RNG.integers(0, 4, 300).astype(float)),
    "eighths": lambda: (RNG.integers(0, 2, 300), np.round(RNG.normal(size=300), 1),
                        RNG.integers(0, 17, 300) / 8),
    "float weights": lambda: (RNG.integers(0, 2, 300), np.round(RNG.normal(size=300), 1),
                              RNG.random(300)),
    "sorted labels": lambda: (np.repeat([0, 1, 0, 1], 25), np.arange(100.0), None),
    "three scores": lambda: (np.array([0, 1, 0, 1, 1]), np.array([1, 2, 2, 3, 3.0]), None),
    "two scores": lambda: (np.array([0, 1, 1]), np.array([1, 2, 2.0]), None),
    "one score": lambda: (np.array([0, 1, 1]), np.array([2, 2, 2.0]), None),
}


@pytest.mark.parametrize("kind", list(CURVE_DATA))
def test_drop_intermediate_keeps_scikit_learns_points_and_thresholds(kind):
    for _ in range(3):
        y, score, weight = CURVE_DATA[kind]()
        y[:2] = [0, 1]
        ours, theirs = _curves(y, score, weight)
        np.testing.assert_array_equal(ours.thresholds, theirs[2])
        np.testing.assert_allclose(ours.fpr, theirs[0], rtol=1e-12)
        np.testing.assert_allclose(ours.tpr, theirs[1], rtol=1e-12)
        summary = ec.ScoreCounts.from_arrays(y, score, sample_weight=weight)
        np.testing.assert_array_equal(summary.roc_curve(drop_intermediate=True).thresholds,
                                      theirs[2])


def test_roc_curve_keeps_every_threshold_by_default_as_drop_intermediate_false():
    y = RNG.integers(0, 2, 300)
    score = np.round(RNG.normal(size=300), 1)
    roc = ec.roc_curve(y, score)
    fpr, tpr, thresholds = metrics.roc_curve(y, score, drop_intermediate=False)
    np.testing.assert_array_equal(roc.thresholds, thresholds)
    np.testing.assert_allclose(roc.fpr, fpr, rtol=1e-15)
    np.testing.assert_allclose(roc.tpr, tpr, rtol=1e-15)
    assert roc.thresholds[0] == thresholds[0] == np.inf        # the start (0, 0) in both
    # the points dropped lie on the curve kept: the same area
    thinned = ec.roc_curve(y, score, drop_intermediate=True)
    assert len(thinned.fpr) < len(roc.fpr)
    assert np.trapezoid(thinned.tpr, thinned.fpr) == pytest.approx(
        metrics.roc_auc_score(y, score), rel=1e-12)


def test_drop_intermediate_must_be_a_bool():
    with pytest.raises(TypeError, match="drop_intermediate"):
        ec.roc_curve([0, 1], [0.1, 0.2], drop_intermediate="yes")


# ------------------------------------------------------------------------------------ odd input

BIG = 2 ** 53


@settings(max_examples=40, deadline=None)
@given(data=labelled_scores(max_size=30), weighted=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_confusion_matrix_at_thresholds_equals_scikit_learn(data, weighted, seed):
    from sklearn.metrics import confusion_matrix_at_thresholds as sk_counts

    y, s = data
    w = np.random.default_rng(seed).uniform(0, 3, y.size) if weighted else None
    ours = confusion_matrix_at_thresholds(y, s, sample_weight=w)
    tns, fps, fns, tps, thresholds = sk_counts(y, s, sample_weight=w)
    np.testing.assert_array_equal(ours.thresholds, thresholds)
    for mine, theirs in zip((ours.tp, ours.fp, ours.fn, ours.tn), (tps, fps, fns, tns)):
        np.testing.assert_allclose(mine, theirs, rtol=1e-12, atol=1e-12)


@settings(max_examples=30, deadline=None)
@given(data=labelled_scores(max_size=30), weighted=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_confusion_matrix_at_thresholds_unpacks_as_scikit_learns(data, weighted, seed):
    # same name, same order: code written for scikit-learn's tuple gets the same arrays
    # (evalcore returned (thresholds, tp, fp, fn, tn) before, so this unpacking swapped them)
    from sklearn.metrics import confusion_matrix_at_thresholds as sk_counts

    y, s = data
    w = np.random.default_rng(seed).uniform(0, 3, y.size) if weighted else None
    for ours, theirs in zip(confusion_matrix_at_thresholds(y, s, sample_weight=w),
                            sk_counts(y, s, sample_weight=w)):
        np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-12)


def test_threshold_counts_fields_are_named_in_scikit_learns_order():
    assert ec.ThresholdCounts._fields == ("tn", "fp", "fn", "tp", "thresholds")


@settings(max_examples=30, deadline=None)
@given(data=labelled_scores(max_size=25), weighted=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_confusion_matrix_at_thresholds_equals_confusion_matrix_at(data, weighted, seed):
    y, s = data
    # integer weights (some 0): every sum is exact, so the counts must agree exactly
    w = np.random.default_rng(seed).integers(0, 4, y.size).astype(float) if weighted else None
    if w is not None and not w.any():
        w[0] = 1.0
    ours = confusion_matrix_at_thresholds(y, s, sample_weight=w)
    assert np.all(np.diff(ours.thresholds) < 0)
    kept = s if w is None else s[w > 0]
    assert set(ours.thresholds.tolist()) == set(kept.tolist())
    for i, threshold in enumerate(ours.thresholds):
        cm = ec.confusion_matrix_at(y, s, threshold, rule=">=", sample_weight=w)
        assert (cm.tp, cm.fp, cm.fn, cm.tn) == (ours.tp[i], ours.fp[i], ours.fn[i], ours.tn[i])


def test_confusion_matrix_at_thresholds_beyond_2_53():
    y = [0, 1, 1, 0, 1]
    s = np.int64([BIG, BIG + 1, BIG + 3, BIG + 3, BIG + 2])
    ours = confusion_matrix_at_thresholds(y, s)
    assert [int(t) for t in ours.thresholds] == [BIG + 3, BIG + 2, BIG + 1, BIG]
    for i, threshold in enumerate(ours.thresholds):
        tp, fp, _, _ = confusion_counts(y, [int(v) for v in s], int(threshold))
        assert (ours.tp[i], ours.fp[i], ours.fn[i], ours.tn[i]) == (tp, fp, 3 - tp, 2 - fp)
        cm = ec.confusion_matrix_at(y, s, threshold, rule=">=")
        assert (cm.tp, cm.fp) == (tp, fp)


def test_confusion_matrix_at_thresholds_single_class_is_no_error():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        counts = confusion_matrix_at_thresholds([1, 1, 1], [0.3, 0.1, 0.3])
    assert counts.thresholds.tolist() == [0.3, 0.1]
    assert (counts.tp.tolist(), counts.fp.tolist(), counts.fn.tolist(),
            counts.tn.tolist()) == ([2, 3], [0, 0], [1, 0], [0, 0])


# --------------------------------------------------------------- bad input and undefined values

def test_precision_recall_without_positives():
    y, s = [0, 0, 0], [0.1, 0.5, 0.9]
    pr = one_undefined_warning(ec.precision_recall_curve, y, s)
    assert np.all(np.isnan(pr.recall[:-1])) and pr.precision[:-1].tolist() == [0, 0, 0]
    assert math.isnan(one_undefined_warning(ec.average_precision, y, s))
    assert math.isnan(one_undefined_warning(ec.pr_auc_trapezoid, y, s))
    assert math.isnan(one_undefined_warning(ec.average_precision, [0, 1, 0], s,
                                            sample_weight=[1, 0, 1]))


def test_precision_recall_without_negatives_is_defined():
    y, s = [1, 1, 1], [0.1, 0.5, 0.9]
    assert no_warnings(ec.average_precision, y, s) == 1.0
    pr = no_warnings(ec.precision_recall_curve, y, s)
    assert pr.precision.tolist() == [1, 1, 1, 1]
