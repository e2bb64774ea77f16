"""Property tests (hypothesis): identities and invariances that must hold on any input.

Each property compares two different computations of the same quantity (three AUC methods,
a metric and its formula in other metrics), or a value before and after a change that must
not move it (a strictly increasing transform of the scores, a reordering, copying samples
instead of weighting them).
"""

from __future__ import annotations

import math
import os

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import evalcore as ec

# Moderate and reproducible by default (the suite must stay fast); set
# EVALCORE_HYPOTHESIS_EXAMPLES=2000 for a long, randomized hunt. Applied per test, so other
# test files' hypothesis settings are left alone.
_HUNT = int(os.environ.get("EVALCORE_HYPOTHESIS_EXAMPLES", "0"))
PROFILE = settings(max_examples=_HUNT or 60, deadline=None, derandomize=not _HUNT)

TOL = 1e-12

# scores: either any finite float (negative, huge, subnormal, -0.0) or a few values (ties)
any_float = st.floats(allow_nan=False, allow_infinity=False, width=64)
few_values = st.sampled_from([-2.0, -0.0, 0.0, 0.1, 0.5, 0.9, 1.0, 3.0])
unit_float = st.floats(0.0, 1.0)


@st.composite
def scored(draw, *, weighted: bool | None = None, both: bool = True, min_size: int = 1):
    """(y, s, w): 0/1 labels (both classes unless ``both=False``), scores, weights or None."""
    n = draw(st.integers(min_size, 30))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    if both:
        assume(0 < y.sum() < n)
    values = draw(st.sampled_from([any_float, few_values, unit_float]))
    s = np.array(draw(st.lists(values, min_size=n, max_size=n)), dtype=float)
    if weighted is None:
        weighted = draw(st.booleans())
    w = None
    if weighted:
        w = np.array(draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.0]) | st.floats(0, 10),
                                   min_size=n, max_size=n)))
        assume(w[y == 1].sum() > 0 if not both else (w[y == 1].sum() > 0 and w[y == 0].sum() > 0))
    return y, s, w


counts = st.integers(0, 1000)


def cm_from(tp, fp, fn, tn):
    return ec.ConfusionMatrix.from_counts(tp=tp, fp=fp, fn=fn, tn=tn)


# =============================================================================================
# AUC
# =============================================================================================
@PROFILE
@given(scored())
def test_three_auc_methods_agree(case):
    y, s, w = case
    rank = ec.roc_auc(y, s, method="rank", sample_weight=w)
    assert ec.roc_auc(y, s, method="trapezoid", sample_weight=w) == pytest.approx(rank, abs=TOL)
    assert ec.roc_auc(y, s, method="pairs", sample_weight=w) == pytest.approx(rank, abs=TOL)
    assert 0.0 <= rank <= 1.0


@PROFILE
@given(scored())
def test_auc_of_negated_scores(case):
    y, s, w = case
    for method in ("rank", "trapezoid", "pairs"):
        assert ec.roc_auc(y, -s, method=method, sample_weight=w) == pytest.approx(
            1 - ec.roc_auc(y, s, method=method, sample_weight=w), abs=TOL)


@PROFILE
@given(scored())
def test_auc_of_flipped_labels(case):
    y, s, w = case
    assert ec.roc_auc(1 - y, s, sample_weight=w) == pytest.approx(
        1 - ec.roc_auc(y, s, sample_weight=w), abs=TOL)


@PROFILE
@given(scored())
def test_gini_is_two_auc_minus_one(case):
    y, s, w = case
    assert ec.gini(y, s, sample_weight=w) == pytest.approx(
        2 * ec.roc_auc(y, s, sample_weight=w) - 1, abs=TOL)


INCREASING = {
    "affine": lambda x: 3.0 * x - 7.0,
    "cube": lambda x: x ** 3,
    "tanh": np.tanh,
    "logistic": lambda x: 1 / (1 + np.exp(-x)),
    "rank": lambda x: np.searchsorted(np.unique(x), x).astype(float),
}


@PROFILE
@given(scored(), st.sampled_from(sorted(INCREASING)))
def test_invariant_under_increasing_transforms(case, name):
    y, s, w = case
    with np.errstate(all="ignore"):
        t = INCREASING[name](s)
        distinct = np.unique(s)
        assume(np.all(np.isfinite(t)) and np.all(np.diff(INCREASING[name](distinct)) > 0))
    for f in (ec.roc_auc, ec.average_precision, ec.pr_auc_trapezoid):
        assert f(y, t, sample_weight=w) == pytest.approx(f(y, s, sample_weight=w), abs=TOL)
    a, b = ec.roc_curve(y, s, sample_weight=w), ec.roc_curve(y, t, sample_weight=w)
    np.testing.assert_allclose(b.fpr, a.fpr, atol=TOL)
    np.testing.assert_allclose(b.tpr, a.tpr, atol=TOL)
    assert ec.equal_error_rate(y, t, sample_weight=w).eer == pytest.approx(
        ec.equal_error_rate(y, s, sample_weight=w).eer, abs=TOL)


@PROFILE
@given(scored(), st.randoms(use_true_random=False))
def test_invariant_under_reordering(case, random):
    y, s, w = case
    order = list(range(len(y)))
    random.shuffle(order)
    yp, sp, wp = y[order], s[order], None if w is None else w[order]
    for f in (ec.roc_auc, ec.average_precision, ec.pr_auc_trapezoid, ec.gini):
        assert f(yp, sp, sample_weight=wp) == pytest.approx(f(y, s, sample_weight=w), abs=TOL)
    a, b = ec.roc_curve(y, s, sample_weight=w), ec.roc_curve(yp, sp, sample_weight=wp)
    np.testing.assert_allclose(b.fpr, a.fpr, atol=TOL)
    np.testing.assert_allclose(b.tpr, a.tpr, atol=TOL)
    np.testing.assert_array_equal(b.thresholds, a.thresholds)


@PROFILE
@given(scored(weighted=False), st.lists(st.integers(0, 3), min_size=30, max_size=30))
def test_integer_weights_equal_copies(case, copies):
    y, s, _ = case
    w = np.array(copies[:len(y)], dtype=float)
    assume(w[y == 1].sum() > 0 and w[y == 0].sum() > 0)
    reps = w.astype(int)
    yc, sc = np.repeat(y, reps), np.repeat(s, reps)
    for f in (ec.roc_auc, ec.average_precision, ec.pr_auc_trapezoid):
        assert f(y, s, sample_weight=w) == pytest.approx(f(yc, sc), abs=TOL)
    a, b = ec.roc_curve(y, s, sample_weight=w), ec.roc_curve(yc, sc)
    np.testing.assert_allclose(a.fpr, b.fpr, atol=TOL)
    np.testing.assert_allclose(a.tpr, b.tpr, atol=TOL)


@PROFILE
@given(scored(weighted=True), st.sampled_from([1e-3, 0.5, 7.0, 1e6]))
def test_scaling_weights_changes_nothing(case, c):
    y, s, w = case
    for f in (ec.roc_auc, ec.average_precision, ec.pr_auc_trapezoid):
        assert f(y, s, sample_weight=c * w) == pytest.approx(f(y, s, sample_weight=w), abs=1e-9)


# =============================================================================================
# curves
# =============================================================================================
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


# =============================================================================================
# the confusion matrix: identities between rates
# =============================================================================================
@PROFILE
@given(counts, counts, counts, counts)
def test_rates_match_their_definitions(tp, fp, fn, tn):
    assume(tp + fn > 0 and fp + tn > 0 and tp + fp > 0 and fn + tn > 0)
    cm = cm_from(tp, fp, fn, tn)
    n = tp + fp + fn + tn
    assert cm.tpr == tp / (tp + fn) and cm.fnr == fn / (tp + fn)
    assert cm.tnr == tn / (fp + tn) and cm.fpr == fp / (fp + tn)
    assert cm.precision == tp / (tp + fp) and cm.npv == tn / (fn + tn)
    assert cm.accuracy == (tp + tn) / n and cm.error_rate == (fp + fn) / n
    assert cm.fnr == pytest.approx(1 - cm.tpr) and cm.fpr == pytest.approx(1 - cm.tnr)
    assert cm.false_discovery_rate == pytest.approx(1 - cm.precision)
    assert cm.error_rate == pytest.approx(1 - cm.accuracy)
    assert cm.balanced_accuracy == pytest.approx((cm.tpr + cm.tnr) / 2)
    assert cm.prevalence == (tp + fn) / n


@PROFILE
@given(counts, counts, counts, counts)
def test_tutorial_identities(tp, fp, fn, tn):
    # acc = (tpr + tnr·npr) / (1 + npr) and pre = tpr / (tpr + npr·(1 − tnr))
    assume(tp + fn > 0 and fp + tn > 0)
    cm = cm_from(tp, fp, fn, tn)
    npr, tpr, tnr = cm.npr, cm.tpr, cm.tnr
    assert cm.accuracy == pytest.approx((tpr + tnr * npr) / (1 + npr), abs=TOL)
    assert cm.negatives / cm.n == pytest.approx(npr / (1 + npr), abs=TOL)
    assert cm.positives / cm.n == pytest.approx(1 / (1 + npr), abs=TOL)
    if tp + fp > 0 and tp > 0:
        assert cm.precision == pytest.approx(tpr / (tpr + npr * (1 - tnr)), abs=TOL)
    if tp + fp > 0 and fn + tn > 0:
        assert cm.npr_predicted == pytest.approx(cm.predicted_negatives / cm.predicted_positives)
    if tnr == tpr:
        assert cm.accuracy == pytest.approx(tpr, abs=TOL)


@PROFILE
@given(counts, counts, counts, counts)
def test_f_from_precision_and_recall(tp, fp, fn, tn):
    assume(tp > 0)
    cm = cm_from(tp, fp, fn, tn)
    p, r = cm.precision, cm.recall
    assert cm.f1 == pytest.approx(2 * p * r / (p + r), abs=TOL)
    assert cm.f1 == pytest.approx(2 / (1 / p + 1 / r), abs=TOL)
    for beta in (0.5, 2.0, 3.7):
        b2 = beta * beta
        assert cm.fbeta(beta) == pytest.approx((1 + b2) * p * r / (b2 * p + r), abs=TOL)
    assert min(p, r) <= cm.f1 <= max(p, r)


@PROFILE
@given(counts, counts, counts, counts, st.floats(0.001, 0.999))
def test_f_alpha_is_fbeta(tp, fp, fn, tn, alpha):
    assume(tp + fp + fn > 0)
    cm = cm_from(tp, fp, fn, tn)
    beta = math.sqrt((1 - alpha) / alpha)
    assert cm.f_alpha(alpha) == pytest.approx(cm.fbeta(beta), abs=TOL)
    if tp > 0:
        assert cm.f_alpha(alpha) == pytest.approx(
            1 / (alpha / cm.precision + (1 - alpha) / cm.recall), abs=TOL)
    if tp + fp > 0:
        assert cm.f_alpha(1.0) == pytest.approx(cm.precision, abs=TOL)
    if tp + fn > 0:
        assert cm.f_alpha(0.0) == pytest.approx(cm.recall, abs=TOL)
    assert cm.f_alpha(0.5) == pytest.approx(cm.f1, abs=TOL)


@PROFILE
@given(counts, counts, counts, counts)
def test_informedness_markedness_mcc(tp, fp, fn, tn):
    assume(tp + fn > 0 and fp + tn > 0 and tp + fp > 0 and fn + tn > 0)
    cm = cm_from(tp, fp, fn, tn)
    assert cm.informedness == pytest.approx(cm.tpr - cm.fpr, abs=TOL)
    assert cm.youden_j == cm.informedness
    assert cm.markedness == pytest.approx(cm.precision + cm.npv - 1, abs=TOL)
    # MCC is the signed geometric mean of informedness and markedness
    assert cm.mcc ** 2 == pytest.approx(cm.informedness * cm.markedness, abs=1e-9)
    assert -1.0 <= cm.mcc <= 1.0
    if cm.mcc != 0:
        assert np.sign(cm.mcc) == np.sign(cm.informedness)


@PROFILE
@given(scored(both=False))
def test_expected_cost_unit_costs_is_error_rate(case):
    y, s, w = case
    y_pred = ec.predict(s, float(np.median(s)))
    cm = ec.confusion_matrix(y, y_pred, sample_weight=w)
    assert ec.expected_cost(y, y_pred, sample_weight=w) == pytest.approx(cm.error_rate, abs=TOL)
    assert cm.expected_cost() == pytest.approx(cm.error_rate, abs=TOL)


@PROFILE
@given(counts, counts, counts, counts, st.sampled_from(sorted(ec.LAYOUTS)))
def test_layout_round_trip(tp, fp, fn, tn, layout):
    cm = cm_from(tp, fp, fn, tn)
    assert ec.ConfusionMatrix.from_array(cm.as_array(layout), layout=layout) == cm
    assert cm.as_array(layout).sum() == tp + fp + fn + tn
    assert np.trace(cm.as_array(layout)) == tp + tn        # every layout keeps hits on the diagonal


@PROFILE
@given(counts, counts, counts, counts)
def test_mutual_information_bounds(tp, fp, fn, tn):
    assume(tp + fp + fn + tn > 0)
    cm = cm_from(tp, fp, fn, tn)
    n = cm.n
    h_truth = ec.entropy([cm.positives / n, cm.negatives / n])
    h_pred = ec.entropy([cm.predicted_positives / n, cm.predicted_negatives / n])
    h_joint = ec.entropy((cm.as_array() / n).ravel())
    mi = cm.mutual_information()
    assert mi >= 0.0
    assert mi == pytest.approx(h_truth + h_pred - h_joint, abs=1e-9)
    assert mi <= min(h_truth, h_pred) + 1e-9
    assert cm.mutual_information(base=2) == pytest.approx(mi / math.log(2), abs=1e-12)
