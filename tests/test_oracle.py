"""Differential tests: evalcore against independent implementations on random inputs.

scikit-learn is the oracle for every function that has a twin there (a test-only
dependency); the brute-force functions of ``evalcore.reference`` and ``tests/reference.py``
are the oracle for the rest.
Each test draws ~200 cases from a seeded numpy generator. The cases are built to hit the
awkward corners: ties, constant scores, tiny inputs (n = 1..3), weights with zeros, negative
and huge scores, -0.0 next to 0.0, and labels coded {0, 1}, {-1, 1}, booleans or strings.
``_ranking.tie_groups`` sorts unweighted scores as integer keys, one sign at a time (all
non-negative, all negative, or both signs split and joined), and weighted ones by a stable
argsort; the score kinds below reach every one of these paths.
"""

from __future__ import annotations

import math
import os
import warnings

import numpy as np
import pytest

import evalcore as ec
from evalcore.reference import auc_pairs, auc_ranks, confusion_counts
from reference import (best_threshold_by_cost, best_threshold_by_youden, eer_dense, r_pr_auc,
                       r_roc_auc, slides_roc_points, tutorial_auc)

_sklearn_metrics = pytest.importorskip("sklearn.metrics")


class _QuietSklearn:
    """sklearn.metrics with numpy's floating-point warnings off: its own input check sums
    the scores, which overflows for the ±1.7e308 cases (pyproject turns RuntimeWarning into
    an error, and that check must stay on for evalcore's code)."""

    def __getattr__(self, name):
        function = getattr(_sklearn_metrics, name)

        def quiet(*args, **kwargs):
            with np.errstate(all="ignore"):
                return function(*args, **kwargs)

        return quiet


metrics = _QuietSklearn()
pytestmark = pytest.mark.filterwarnings("ignore:A single label was found:UserWarning")

CASES = int(os.environ.get("EVALCORE_ORACLE_CASES", "200"))   # raise it for a long hunt
RTOL = 1e-12
ATOL = 1e-12

SCORE_KINDS = ("uniform", "rounded", "constant", "huge", "signed_zero", "extreme", "integers",
               "unit_span_two", "all_negative")


def draw_scores(rng, n, kind):
    if kind == "uniform":
        return rng.random(n)
    if kind == "rounded":                  # many ties, all in [0, 1]
        return np.round(rng.random(n), 1)
    if kind == "constant":
        return np.full(n, rng.choice([0.0, 0.5, -3.0, 1e9]))
    if kind == "huge":                      # negative and huge, spans far beyond 2
        return rng.normal(0, 1e6, n)
    if kind == "signed_zero":               # -0.0 and 0.0 must tie
        return rng.choice(np.array([-0.0, 0.0, 1.0, -1.0, 0.5]), n)
    if kind == "extreme":                   # near the ends of float64, and subnormals
        return rng.choice(np.array([-1e300, -1.5, -1e-300, -0.0, 0.0, 5e-324, 1e-300, 2.0,
                                    1.7e308, -1.7e308]), n)
    if kind == "integers":
        return rng.integers(-3, 4, n).astype(float)
    if kind == "unit_span_two":             # non-negative, span exactly 2
        return rng.choice(np.array([0.0, 0.25, 1.0, 2.0]), n)
    if kind == "all_negative":              # one sign, negative (with ties)
        return -np.round(rng.random(n) * 1e3, int(rng.integers(0, 3))) - 1e-9
    raise AssertionError(kind)


def draw_case(rng, *, weighted=None, kinds=SCORE_KINDS, min_n=1):
    """(y01, s, w): labels 0/1, scores, weights or None."""
    n = int(rng.integers(min_n, 4)) if rng.random() < 0.3 else int(rng.integers(max(min_n, 4), 60))
    y = (rng.random(n) < rng.uniform(0.1, 0.9)).astype(np.int64)
    s = draw_scores(rng, n, kinds[int(rng.integers(len(kinds)))])
    if weighted is None:
        weighted = rng.random() < 0.5
    w = None
    if weighted:
        w = rng.random(n) if rng.random() < 0.5 else rng.integers(0, 4, n).astype(float)
        w[rng.random(n) < 0.2] = 0.0
        if not np.any(w > 0):
            w[int(rng.integers(n))] = 1.0
    return y, s, w


def both_classes(y, w):
    """Both classes carry nonzero weight."""
    w = np.ones(len(y)) if w is None else w
    return w[y == 1].sum() > 0 and w[y == 0].sum() > 0


def recode(rng, y):
    """The same labels in another coding, with the pos_label evalcore and sklearn need."""
    coding = int(rng.integers(4))
    if coding == 0:
        return y, None, 1
    if coding == 1:
        return np.where(y == 1, 1, -1), None, 1
    if coding == 2:
        return y.astype(bool), None, True
    return np.where(y == 1, "pos", "neg"), "pos", "pos"


def close(a, b):
    np.testing.assert_allclose(a, b, rtol=RTOL, atol=ATOL)


def count_undefined(function, *args, **kwargs):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = function(*args, **kwargs)
    return result, sum(issubclass(c.category, ec.UndefinedMetricWarning) for c in caught)


# =============================================================================================
# curves and areas
# =============================================================================================
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


def test_sorting_paths_agree():
    # _ranking.tie_groups sorts unweighted scores as integer keys (per sign) and weighted
    # ones by a stable argsort: unit weights force the argsort path, so the two must give
    # identical curves
    rng = np.random.default_rng(120)
    for _ in range(CASES):
        y, s, _ = draw_case(rng, weighted=False)
        if not both_classes(y, None):
            continue
        fast, slow = ec.roc_curve(y, s), ec.roc_curve(y, s, sample_weight=np.ones(len(y)))
        np.testing.assert_array_equal(fast.thresholds, slow.thresholds)
        close(fast.fpr, slow.fpr)
        close(fast.tpr, slow.tpr)


@pytest.mark.parametrize("scale", [1.0, -1e6])     # non-negative; huge and of both signs
def test_large_input_threaded_sort_vs_sklearn(scale):
    rng = np.random.default_rng(121)
    n = 250_000                                       # above _ranking's threaded threshold
    y = (rng.random(n) < 0.3).astype(np.int8)
    s = np.round(rng.random(n) + 0.3 * y, 3) * scale  # ~1300 distinct values: heavy ties
    if scale < 0:
        s = s + 5e5                                   # both signs: the split-and-join path
    close(ec.roc_auc(y, s), metrics.roc_auc_score(y, s))
    close(ec.average_precision(y, s), metrics.average_precision_score(y, s))
    ours = ec.roc_curve(y, s)
    fpr, tpr, thr = metrics.roc_curve(y, s, drop_intermediate=False)
    close(ours.fpr, fpr)
    close(ours.tpr, tpr)
    np.testing.assert_array_equal(ours.thresholds, thr)


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


@pytest.mark.parametrize("method", ["rank", "trapezoid", "pairs"])
def test_roc_auc_vs_sklearn(method):
    rng = np.random.default_rng(105)
    for _ in range(CASES):
        y, s, w = draw_case(rng)
        if not both_classes(y, w):
            continue
        y_coded, pos_label, _ = recode(rng, y)
        ours = ec.roc_auc(y_coded, s, method=method, sample_weight=w, pos_label=pos_label)
        assert type(ours) is float
        close(ours, metrics.roc_auc_score(y, s, sample_weight=w))


def test_roc_auc_vs_pairs_ranks_and_tutorial():
    rng = np.random.default_rng(106)
    for _ in range(CASES):
        y, s, w = draw_case(rng)
        if not both_classes(y, w):
            continue
        auc = ec.roc_auc(y, s, sample_weight=w)
        close(auc, auc_pairs(y, s, w))
        if w is None:
            close(auc, auc_ranks(y, s))
            close(auc, tutorial_auc(y, s))


def test_gini_vs_sklearn():
    rng = np.random.default_rng(107)
    for _ in range(CASES):
        y, s, w = draw_case(rng)
        if not both_classes(y, w):
            continue
        close(ec.gini(y, s, sample_weight=w), 2 * metrics.roc_auc_score(y, s, sample_weight=w) - 1)


def test_average_precision_vs_sklearn():
    rng = np.random.default_rng(108)
    for _ in range(CASES):
        y, s, w = draw_case(rng)
        weights = np.ones(len(y)) if w is None else w
        if weights[y == 1].sum() == 0:      # undefined: tested in test_validation
            continue
        y_coded, pos_label, sk_pos = recode(rng, y)
        ours = ec.average_precision(y_coded, s, sample_weight=w, pos_label=pos_label)
        assert type(ours) is float
        close(ours, metrics.average_precision_score(y_coded, s, sample_weight=w,
                                                    pos_label=sk_pos))


def test_pr_auc_trapezoid_vs_r_note():
    # the R note's curves() + auc(), transcribed; its "min - eps" needs |min| < 2, so the
    # scores are probabilities, as in the note
    rng = np.random.default_rng(109)
    for _ in range(CASES):
        y, s, _ = draw_case(rng, weighted=False,
                            kinds=("uniform", "rounded", "constant", "signed_zero"))
        if y.sum() == 0 or abs(s.min()) >= 1:   # R's min(s) - eps == min(s) once |min| >= 2
            continue
        close(ec.pr_auc_trapezoid(y, s), r_pr_auc(y, s))
        if both_classes(y, None):
            close(ec.roc_auc(y, s, method="trapezoid"), r_roc_auc(y, s))


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


# =============================================================================================
# thresholds
# =============================================================================================
def test_threshold_by_cost_vs_exhaustive_search():
    rng = np.random.default_rng(111)
    for _ in range(CASES):
        y, s, w = draw_case(rng)
        cost_fp, cost_fn = (int(c) for c in rng.integers(0, 6, 2))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ec.UndefinedMetricWarning)   # one class present
            ours = ec.threshold_by_cost(y, s, cost_fp=cost_fp, cost_fn=cost_fn, sample_weight=w)
        threshold, cost = best_threshold_by_cost(y, s, cost_fp, cost_fn, w)
        assert ours.threshold == threshold
        close(ours.value, cost)
        # the reported point is what the rule >= gives at that threshold
        cm = ec.confusion_matrix_at(y, s, threshold, rule=">=", sample_weight=w)
        close(ours.value, (cost_fp * cm.fp + cost_fn * cm.fn) / cm.n)
        if both_classes(y, w):
            close([ours.fpr, ours.tpr], [cm.fpr, cm.tpr])


def test_threshold_by_youden_vs_exhaustive_search():
    rng = np.random.default_rng(112)
    for _ in range(CASES):
        y, s, w = draw_case(rng)
        if not both_classes(y, w):
            continue
        ours = ec.threshold_by_youden(y, s, sample_weight=w)
        threshold, j = best_threshold_by_youden(y, s, w)
        assert ours.threshold == threshold
        close(ours.value, j)
        cm = ec.confusion_matrix_at(y, s, threshold, rule=">=", sample_weight=w)
        close([ours.fpr, ours.tpr, ours.value], [cm.fpr, cm.tpr, cm.informedness])


# =============================================================================================
# hard predictions: the confusion matrix and its rates
# =============================================================================================
def draw_predictions(rng):
    y, s, w = draw_case(rng)
    mode = rng.random()
    if mode < 0.15:
        y_pred = np.zeros_like(y)           # nothing called positive
    elif mode < 0.3:
        y_pred = np.ones_like(y)            # everything called positive
    else:
        y_pred = ec.predict(s, float(rng.choice(s)), rule=">" if rng.random() < 0.5 else ">=")
    return y, y_pred.astype(np.int64), w


def test_confusion_matrix_vs_sklearn():
    rng = np.random.default_rng(113)
    for _ in range(CASES):
        y, y_pred, w = draw_predictions(rng)
        y_coded, pos_label, _ = recode(rng, y)
        p_coded = y_pred if pos_label is None and y_coded.dtype != bool else (
            y_pred.astype(bool) if y_coded.dtype == bool else np.where(y_pred == 1, "pos", "neg"))
        if y_coded.dtype.kind == "i" and y_coded.min() < 0:
            p_coded = np.where(y_pred == 1, 1, -1)
        cm = ec.confusion_matrix(y_coded, p_coded, sample_weight=w, pos_label=pos_label)
        tn, fp, fn, tp = metrics.confusion_matrix(y, y_pred, labels=[0, 1],
                                                  sample_weight=w).ravel()
        close([cm.tn, cm.fp, cm.fn, cm.tp], [tn, fp, fn, tp])
        close([cm.tp, cm.fp, cm.fn, cm.tn], confusion_counts(y, y_pred, sample_weight=w))
        close(cm.as_array(), metrics.confusion_matrix(y, y_pred, labels=[0, 1], sample_weight=w))


def _rates_oracle(y, y_pred, w):
    """sklearn's value of each rate, nan where it is undefined (zero_division=nan)."""
    nan = np.nan
    both = both_classes(y, w)
    kw = {"sample_weight": w}
    # one call gives precision, recall and F for both classes: index 0 is the negative class
    # (so its precision is the npv and its recall the tnr), index 1 the positive class
    precision, recall, f, _ = metrics.precision_recall_fscore_support(
        y, y_pred, labels=[0, 1], average=None, zero_division=nan, **kw)
    accuracy = metrics.accuracy_score(y, y_pred, **kw)
    sk = {"accuracy": accuracy, "error_rate": 1 - accuracy,
          "precision": precision[1], "npv": precision[0], "recall": recall[1],
          "tnr": recall[0], "f1": f[1]}
    sk["fpr"] = 1 - sk["tnr"]
    sk["fnr"] = 1 - sk["recall"]
    sk["balanced_accuracy"] = (metrics.balanced_accuracy_score(y, y_pred, **kw) if both
                               else nan)
    return sk


def test_confusion_matrix_rates_vs_sklearn():
    rng = np.random.default_rng(114)
    undefined_seen = 0
    for _ in range(CASES):
        y, y_pred, w = draw_predictions(rng)
        cm = ec.confusion_matrix(y, y_pred, sample_weight=w)
        for name, expected in _rates_oracle(y, y_pred, w).items():
            value, warned = count_undefined(getattr, cm, name)
            assert type(value) is float, name
            if math.isnan(expected):
                assert math.isnan(value) and warned == 1, (name, cm)
                undefined_seen += 1
            else:
                close(value, expected)
                assert warned == 0, (name, cm)
    assert undefined_seen > 20


def test_named_sklearn_scores():
    # the same comparison through sklearn's named functions (fewer cases: they are slow)
    rng = np.random.default_rng(122)
    for _ in range(CASES // 4):
        y, y_pred, w = draw_predictions(rng)
        cm = ec.confusion_matrix(y, y_pred, sample_weight=w)
        nan = np.nan
        pairs = [("accuracy", metrics.accuracy_score(y, y_pred, sample_weight=w)),
                 ("precision", metrics.precision_score(y, y_pred, sample_weight=w,
                                                       zero_division=nan)),
                 ("recall", metrics.recall_score(y, y_pred, sample_weight=w, zero_division=nan)),
                 ("f1", metrics.f1_score(y, y_pred, sample_weight=w, zero_division=nan))]
        if both_classes(y, w):
            pairs.append(("balanced_accuracy",
                          metrics.balanced_accuracy_score(y, y_pred, sample_weight=w)))
        for name, expected in pairs:
            value, warned = count_undefined(getattr, cm, name)
            if math.isnan(expected):
                assert math.isnan(value) and warned == 1, name
            else:
                close(value, expected)


def test_negative_zero_ties_with_zero():
    y, s = [0, 1, 0, 1], [-0.0, 0.0, 0.0, -0.0]
    for w in (None, [1.0, 2.0, 1.0, 1.0]):
        roc = ec.roc_curve(y, s, sample_weight=w)
        assert roc.thresholds.tolist() == [math.inf, 0.0]          # one threshold
        for method in ("rank", "trapezoid", "pairs"):
            assert ec.roc_auc(y, s, method=method, sample_weight=w) == 0.5
        close(ec.average_precision(y, s, sample_weight=w),
              metrics.average_precision_score(y, s, sample_weight=w))
    # -0.0 and 0.0 next to wide-span scores (the argsort path)
    y, s = [0, 1, 0, 1, 1], [-0.0, 0.0, 5.0, -7.0, 0.0]
    close(ec.roc_auc(y, s), metrics.roc_auc_score(y, s))
    assert ec.roc_curve(y, s).thresholds.tolist() == [math.inf, 5.0, 0.0, -7.0]


def test_fbeta_vs_sklearn():
    rng = np.random.default_rng(115)
    for _ in range(CASES):
        y, y_pred, w = draw_predictions(rng)
        beta = float(rng.choice([0.1, 0.5, 1.0, 2.0, 10.0, rng.uniform(0.01, 5)]))
        cm = ec.confusion_matrix(y, y_pred, sample_weight=w)
        expected = metrics.fbeta_score(y, y_pred, beta=beta, sample_weight=w,
                                       zero_division=np.nan)
        value, warned = count_undefined(cm.fbeta, beta)
        if math.isnan(expected):
            assert math.isnan(value) and warned == 1
        else:
            close(value, expected)
            assert warned == 0


def test_mcc_vs_sklearn():
    rng = np.random.default_rng(116)
    for _ in range(CASES):
        y, y_pred, w = draw_predictions(rng)
        cm = ec.confusion_matrix(y, y_pred, sample_weight=w)
        expected = metrics.matthews_corrcoef(y, y_pred, sample_weight=w)
        value, warned = count_undefined(getattr, cm, "mcc")
        if min(cm.tp + cm.fp, cm.tp + cm.fn, cm.tn + cm.fp, cm.tn + cm.fn) == 0:
            # sklearn returns 0 for an empty row or column; evalcore says it is undefined
            assert expected == 0.0 and math.isnan(value) and warned == 1
        else:
            close(value, expected)
            assert warned == 0


def test_mutual_information_vs_sklearn():
    rng = np.random.default_rng(117)
    for _ in range(CASES):
        y, y_pred, _ = draw_predictions(rng)
        expected = metrics.mutual_info_score(y, y_pred)      # nats
        close(ec.mutual_information(y, y_pred), expected)
        close(ec.mutual_information(y, y_pred, base=2), expected / math.log(2))
        cm = ec.confusion_matrix(y, y_pred)
        close(ec.mutual_information_from_table(cm.as_array("murphy")), expected)


def test_expected_cost_vs_direct_sum():
    rng = np.random.default_rng(118)
    for _ in range(CASES):
        y, y_pred, w = draw_predictions(rng)
        c1, c2 = rng.uniform(0, 10, 2)
        weights = np.ones(len(y)) if w is None else w
        fp = weights[(y == 0) & (y_pred == 1)].sum()
        fn = weights[(y == 1) & (y_pred == 0)].sum()
        close(ec.expected_cost(y, y_pred, cost_fp=c1, cost_fn=c2, sample_weight=w),
              (c1 * fp + c2 * fn) / weights.sum())


# =============================================================================================
# more than two classes
# =============================================================================================
def test_multiclass_auc_vs_sklearn_ovo():
    rng = np.random.default_rng(119)
    for _ in range(CASES // 2):             # sklearn's ovo is slow; half the cases suffice
        c = int(rng.integers(3, 6))
        n = int(rng.integers(c, 40))
        y = np.concatenate([np.arange(c), rng.integers(0, c, n - c)])
        rng.shuffle(y)
        if rng.random() < 0.5:              # coarse probabilities: many ties
            parts = rng.multinomial(10, np.ones(c) / c, size=n)
            scores = parts / 10.0
        else:
            raw = rng.random((n, c))
            scores = raw / raw.sum(axis=1, keepdims=True)
        labels = None
        coded = y
        if rng.random() < 0.3:              # string classes, given in column order
            names = np.array(["ant", "bee", "cat", "dog", "elk"][:c])
            coded = names[y]
            labels = names
        expected = metrics.roc_auc_score(coded, scores, multi_class="ovo", labels=labels)
        close(ec.multiclass_auc(coded, scores, labels=labels), expected)
