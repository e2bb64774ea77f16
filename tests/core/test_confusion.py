"""evalcore/core/confusion.py: the confusion matrix (``confusion_matrix``,
``confusion_matrix_at``, ``predict``, ``ConfusionMatrix`` and its constructors), and its
rates taken together.

References: scikit-learn's ``confusion_matrix`` and its scores on random cases, the
confusion matrix counted one case at a time (evalcore.reference), every rate from its
definition in exact fractions (huge, tiny and beyond-2**53 counts), brute-force comparisons
of big integers and long doubles with the threshold; every undefined rate is nan with
exactly one UndefinedMetricWarning pointing at the caller. ``predict``'s rule ``>=`` against
``LogisticRegression.predict``'s ``>`` (and ``rule=">"`` as predict)."""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import FixedThresholdClassifier

import evalcore as ec
from evalcore.reference import confusion_counts

from helpers import (CASES, both_classes, close, cm_from, count_undefined, draw_predictions,
                     metrics, one_warning, recode)
from reference import (as_float, exact_mcc, exact_mutual_information, exact_rates,
                       exact_sqrt_ratio, one_undefined_warning)

RNG = np.random.default_rng(20240611)


labels = st.lists(st.tuples(st.integers(0, 1), st.integers(0, 1)), min_size=2, max_size=60)


def matrix(pairs):
    y = np.array([t for t, _ in pairs])
    p = np.array([q for _, q in pairs])
    return y, p, ec.confusion_matrix(y, p)


@settings(max_examples=200, deadline=None)
@given(labels)
def test_the_other_rates_by_their_definitions(pairs):
    y, p, cm = matrix(pairs)
    tp = int(np.sum((y == 1) & (p == 1)))
    fp = int(np.sum((y == 0) & (p == 1)))
    fn = int(np.sum((y == 1) & (p == 0)))
    tn = int(np.sum((y == 0) & (p == 0)))
    if fn + tn:
        assert cm.false_omission_rate == pytest.approx(fn / (fn + tn), abs=1e-15)
    if tp + fp and tp + fn:
        precision = metrics.precision_score(y, p)
        recall = metrics.recall_score(y, p)
        assert cm.fowlkes_mallows == pytest.approx(math.sqrt(precision * recall), rel=1e-12, abs=1e-15)
    if fp and fn:
        assert cm.diagnostic_odds_ratio == pytest.approx(tp * tn / (fp * fn), rel=1e-12, abs=1e-15)
    if tp + fn and fp + tn:
        tpr, fpr = tp / (tp + fn), fp / (fp + tn)
        if tpr != fpr:     # Balayla's own form
            balayla = (math.sqrt(tpr * fpr) - fpr) / (tpr - fpr)
            assert cm.prevalence_threshold == pytest.approx(balayla, rel=1e-9, abs=1e-12)
        elif tpr > 0:
            assert cm.prevalence_threshold == pytest.approx(0.5, abs=1e-15)


def test_the_screening_example():
    # sensitivity 0.9, specificity 0.9 at prevalence 1%: LR+ = 0.9 / 0.1, LR- = 0.1 / 0.9
    cm = ec.ConfusionMatrix.from_counts(tp=9, fp=99, fn=1, tn=891)
    assert cm.positive_likelihood_ratio == pytest.approx(9.0, rel=1e-14)
    assert cm.negative_likelihood_ratio == pytest.approx(1 / 9, rel=1e-14)
    assert cm.diagnostic_odds_ratio == pytest.approx(81.0, rel=1e-14)


@pytest.mark.parametrize("name, counts", [
    ("positive_likelihood_ratio", dict(tp=3, fp=0, fn=1, tn=4)),
    ("positive_likelihood_ratio", dict(tp=3, fp=0, fn=0, tn=0)),
    ("negative_likelihood_ratio", dict(tp=3, fp=4, fn=1, tn=0)),
    ("diagnostic_odds_ratio", dict(tp=3, fp=2, fn=0, tn=4)),
    ("cohen_kappa", dict(tp=5, fp=0, fn=0, tn=0)),
    ("jaccard", dict(tp=0, fp=0, fn=0, tn=7)),
    ("false_omission_rate", dict(tp=3, fp=2, fn=0, tn=0)),
    ("fowlkes_mallows", dict(tp=0, fp=0, fn=3, tn=2)),
    ("prevalence_threshold", dict(tp=0, fp=0, fn=3, tn=2)),
])
def test_undefined_is_nan_with_exactly_one_warning(name, counts):
    cm = ec.ConfusionMatrix.from_counts(**counts)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = getattr(cm, name)
    assert math.isnan(value)
    assert [w.category for w in caught] == [ec.UndefinedMetricWarning], [str(w.message) for w in caught]


NAMES = ("mcc", "cohen_kappa", "fowlkes_mallows", "f1", "jaccard", "positive_likelihood_ratio",
         "negative_likelihood_ratio", "diagnostic_odds_ratio", "prevalence_threshold", "tpr",
         "precision", "accuracy", "balanced_accuracy")


@settings(max_examples=150, deadline=None)
@given(st.tuples(*[st.integers(1, 1000)] * 4), st.integers(-300, 300))
def test_rates_do_not_change_with_the_scale_of_the_counts(counts, exponent):
    tp, fp, fn, tn = counts
    scale = 10.0 ** exponent
    assume(scale * min(counts) > 1e-300 and scale * max(counts) < 1e300)
    plain = ec.ConfusionMatrix.from_counts(tp=tp, fp=fp, fn=fn, tn=tn)
    scaled = ec.ConfusionMatrix.from_counts(tp=tp * scale, fp=fp * scale, fn=fn * scale, tn=tn * scale)
    for name in NAMES:
        assert getattr(scaled, name) == pytest.approx(getattr(plain, name), rel=1e-12, abs=1e-15), name


# -------------------------------------------- random cases against scikit-learn and brute force

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


# ------------------------------------------------------------------------------------ odd input

BIG = 2 ** 60
LONG_DOUBLE_IS_WIDE = np.finfo(np.longdouble).nmant >= 63


def test_from_array_keeps_int64_counts_beyond_2_53_exact():
    table = np.array([[BIG + 1, BIG], [BIG - 1, BIG + 3]], dtype=np.int64)   # sklearn layout
    cm = ec.ConfusionMatrix.from_array(table)
    assert (cm.tn, cm.fp, cm.fn, cm.tp) == (BIG + 1, BIG, BIG - 1, BIG + 3)
    assert all(type(v) is int for v in (cm.tp, cm.fp, cm.fn, cm.tn))
    assert cm.tpr == float(Fraction(BIG + 3, 2 * BIG + 2))
    assert cm.as_array().tolist() == table.tolist()


def test_python_integers_of_any_size_within_float64s_range_stay_exact():
    # (10**400 was accepted here before; a count beyond float64's range is refused now:
    # test_odd_input_rules.py)
    huge = 2 ** 1020
    cm = ec.ConfusionMatrix.from_array([[huge, 1], [3, huge + 7]])
    assert (cm.tn, cm.fp, cm.fn, cm.tp) == (huge, 1, 3, huge + 7)
    expected = exact_rates(cm.tp, cm.fp, cm.fn, cm.tn)
    for name, value in expected.items():
        assert getattr(cm, name) == pytest.approx(as_float(value), rel=1e-15), name
    assert cm.joint.ravel().tolist() == pytest.approx([0.5, 0.0, 0.0, 0.5], abs=1e-300)
    assert str(huge + 7) in cm.format() and str(huge + 7) in cm.to_html()


SCORES = np.array([BIG - 1, BIG, BIG + 1, BIG + 2, BIG + 3, -BIG - 1, -BIG], dtype=np.int64)
LABELS = np.array([0, 1, 0, 1, 1, 0, 1])


@pytest.mark.parametrize("rule", [">", ">="])
@pytest.mark.parametrize("threshold", [BIG - 1, BIG, BIG + 1, BIG + 2, -BIG, -BIG - 1,
                                       np.int64(BIG + 1), 2 ** 70, -(10 ** 400)])
def test_predict_and_confusion_matrix_at_compare_big_integers_exactly(threshold, rule):
    t = int(threshold)
    brute = [int(s > t) if rule == ">" else int(s >= t) for s in SCORES.tolist()]
    assert ec.predict(SCORES, threshold, rule=rule).tolist() == brute
    cm = ec.confusion_matrix_at(LABELS, SCORES, threshold, rule=rule)
    pairs = list(zip(LABELS.tolist(), brute))
    assert (cm.tp, cm.fp, cm.fn, cm.tn) == (pairs.count((1, 1)), pairs.count((0, 1)),
                                            pairs.count((1, 0)), pairs.count((0, 0)))


@pytest.mark.skipif(not LONG_DOUBLE_IS_WIDE, reason="long double is float64 here")
@pytest.mark.parametrize("rule", [">", ">="])
def test_predict_compares_long_double_scores_and_thresholds_exactly(rule):
    eps = np.finfo(np.longdouble).eps
    scores = np.array([1, 1 + eps, 1 + 2 * eps, 1 + 3 * eps], dtype=np.longdouble)
    exact = [Fraction(*s.as_integer_ratio()) for s in scores]
    for threshold in scores:
        t = Fraction(*threshold.as_integer_ratio())
        brute = [int(s > t) if rule == ">" else int(s >= t) for s in exact]
        assert ec.predict(scores, threshold, rule=rule).tolist() == brute
    # an exact fraction between two long doubles
    t = (exact[1] + exact[2]) / 2
    assert ec.predict(scores, t, rule=rule).tolist() == [0, 0, 1, 1]
    # a long double threshold against float64 scores is not rounded to float64
    floats = np.array([1.0, 2.0])
    just_above_one = np.longdouble(1) + eps
    assert ec.predict(floats, just_above_one, rule=rule).tolist() == [0, 1]
    assert ec.predict(floats, -just_above_one, rule=rule).tolist() == [1, 1]
    assert ec.confusion_matrix_at([0, 1], floats, just_above_one, rule=rule).tp == 1


EXTREME = [(3e80, 1e80, 1e80, 3e80), (1e300, 2e300, 3e300, 4e300),
           (1.5e308, 1e308, 0.5e308, 1.7e308), (5e-324, 1e-323, 1.5e-323, 2e-323),
           (1e-200, 3e-200, 2e-200, 5e-200), (7, 1e-320, 3, 1e300)]


@pytest.mark.parametrize("counts", EXTREME)
def test_every_rate_of_extreme_counts_matches_exact_arithmetic(counts):
    cm = ec.ConfusionMatrix.from_counts(tp=counts[0], fp=counts[1], fn=counts[2], tn=counts[3])
    for name, value in exact_rates(*counts).items():
        assert getattr(cm, name) == pytest.approx(as_float(value), rel=1e-15), name
    assert cm.mcc == pytest.approx(exact_mcc(*counts), rel=1e-14)
    tp, fp, fn, _ = (Fraction(v) for v in counts)
    assert cm.fowlkes_mallows == pytest.approx(exact_sqrt_ratio(tp * tp, (tp + fp) * (tp + fn)),
                                               rel=1e-14)
    assert cm.fbeta(1e-200) == pytest.approx(float(tp / (tp + fp)), rel=1e-15)   # precision
    assert cm.fbeta(1e200) == pytest.approx(float(tp / (tp + fn)), rel=1e-15)    # recall
    assert cm.fbeta(2.0) == pytest.approx(float(5 * tp / (5 * tp + 4 * fn + fp)), rel=1e-15)
    assert cm.mutual_information() == pytest.approx(
        exact_mutual_information([[counts[3], counts[1]], [counts[2], counts[0]]]), rel=1e-12)


COUNT = st.integers(min_value=0, max_value=1000)


@settings(max_examples=50, deadline=None)
@given(COUNT, COUNT, COUNT, COUNT, st.integers(min_value=-1060, max_value=1010))
def test_scaling_all_four_counts_leaves_every_rate_unchanged(tp, fp, fn, tn, exponent):
    plain = ec.ConfusionMatrix.from_counts(tp=tp, fp=fp, fn=fn, tn=tn)
    c = math.ldexp(1.0, exponent)          # exact, so the scaled counts are exact too
    scaled = ec.ConfusionMatrix.from_counts(tp=tp * c, fp=fp * c, fn=fn * c, tn=tn * c)
    names = list(exact_rates(1, 1, 1, 1)) + ["mcc", "fowlkes_mallows", "prevalence_threshold",
                                             "npr", "npr_predicted"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        for name in names:
            a, b = getattr(plain, name), getattr(scaled, name)
            assert (math.isnan(a) and math.isnan(b)) or b == pytest.approx(a, rel=1e-14), name
        if plain.n:
            assert scaled.mutual_information() == pytest.approx(plain.mutual_information(),
                                                                rel=1e-12, abs=1e-300)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.booleans(), st.integers(1, 9)), min_size=1,
                max_size=20),
       st.sampled_from([1e300, 1.5e307, 1e-300, 5e-324 * 2 ** 20, 3.0]))
def test_scaling_the_weights_of_confusion_matrix_leaves_the_rates_unchanged(rows, c):
    y = [int(a) for a, _, _ in rows]
    p = [int(b) for _, b, _ in rows]
    w = np.array([k for _, _, k in rows], dtype=float)
    plain = ec.confusion_matrix(y, p, sample_weight=w)
    scaled = ec.confusion_matrix(y, p, sample_weight=w * c)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        for name in ("tpr", "fpr", "precision", "npv", "accuracy", "informedness", "mcc", "f1",
                     "cohen_kappa"):
            a, b = getattr(plain, name), getattr(scaled, name)
            assert (math.isnan(a) and math.isnan(b)) or b == pytest.approx(a, rel=1e-13), name
    # w * c rounds the weights themselves, so allow rounding at the level of 1.0
    assert ec.mutual_information(y, p, sample_weight=w * c) == pytest.approx(
        ec.mutual_information(y, p, sample_weight=w), rel=1e-12, abs=1e-15)


UNDEFINED = {
    "no positives": (ec.ConfusionMatrix.from_counts(tp=0, fp=2, fn=0, tn=3),
                     ["tpr", "fnr", "balanced_accuracy", "informedness",
                      "positive_likelihood_ratio", "negative_likelihood_ratio",
                      "prevalence_threshold", "npr", "fowlkes_mallows"]),
    "no negatives": (ec.ConfusionMatrix.from_counts(tp=2, fp=0, fn=1, tn=0),
                     ["fpr", "tnr", "balanced_accuracy", "informedness", "diagnostic_odds_ratio"]),
    "empty": (ec.ConfusionMatrix.from_counts(tp=0, fp=0, fn=0, tn=0),
              ["accuracy", "error_rate", "prevalence", "f1", "mcc", "cohen_kappa", "jaccard",
               "markedness"]),
}


@pytest.mark.parametrize("case", UNDEFINED)
def test_every_undefined_rate_is_nan_with_exactly_one_warning(case):
    cm, names = UNDEFINED[case]
    for name in names:
        value, caught = one_warning(lambda: getattr(cm, name))
        assert math.isnan(value), name
        assert [w.category for w in caught] == [ec.UndefinedMetricWarning], name
        assert caught[0].filename == __file__, name     # points at the caller


def test_the_empty_matrix_joint_and_information_warn_once():
    empty = ec.ConfusionMatrix.from_counts(tp=0, fp=0, fn=0, tn=0)
    for call in (lambda: empty.joint, lambda: empty.mutual_information(),
                 lambda: empty.expected_cost(), lambda: empty.f_alpha(0.5)):
        value, caught = one_warning(call)
        assert np.all(np.isnan(value))
        assert [w.category for w in caught] == [ec.UndefinedMetricWarning]


def test_confusion_matrix_refuses_a_count_beyond_float64s_range():
    with pytest.raises(ValueError, match=r"tp must be a count within float64's range"):
        ec.ConfusionMatrix.from_counts(tp=10 ** 400, fp=1, fn=1, tn=1)


# ------------------------------------------- the rule >= against LogisticRegression.predict's >

def _model_at_exactly_one_half():
    """A fitted logistic regression whose decision function is exactly 0 at x = 0."""
    x = np.array([[-2.0], [-1.0], [1.0], [2.0]])
    model = LogisticRegression().fit(x, [0, 0, 1, 1])
    model.coef_, model.intercept_ = np.array([[1.0]]), np.array([0.0])
    return model


def test_a_probability_of_exactly_one_half_is_1_here_and_0_for_predict():
    model = _model_at_exactly_one_half()
    x = np.array([[-1.0], [0.0], [1.0]])
    proba = model.predict_proba(x)[:, 1]
    assert proba[1] == 0.5 and model.decision_function(x)[1] == 0.0
    assert model.predict(x).tolist() == [0, 0, 1]                       # decision > 0
    assert ec.predict(proba, 0.5).tolist() == [0, 1, 1]                 # p >= 0.5
    assert ec.predict(proba, 0.5, rule=">").tolist() == model.predict(x).tolist()
    fixed = FixedThresholdClassifier(model, threshold=0.5, response_method="predict_proba")
    fixed.fit(np.array([[-2.0], [2.0]]), [0, 1])
    fixed.estimator_ = model
    assert fixed.predict(x).tolist() == ec.predict(proba, 0.5).tolist()   # >=, as evalcore


def test_predict_with_the_strict_rule_is_logistic_regression_predict():
    x = RNG.normal(size=(300, 3))
    y = (x @ [1.0, -0.5, 0.2] + RNG.normal(size=300) > 0).astype(int)
    model = LogisticRegression().fit(x, y)
    proba = model.predict_proba(x)[:, 1]
    np.testing.assert_array_equal(ec.predict(proba, 0.5, rule=">"), model.predict(x))
    cm = ec.confusion_matrix_at(y, proba, 0.5, rule=">")
    np.testing.assert_array_equal(np.asarray(cm), metrics.confusion_matrix(y, model.predict(x)))


# --------------------------------------------------------------- bad input and undefined values

Y = [0, 0, 1, 1]
S = [0.1, 0.4, 0.35, 0.8]


@pytest.mark.parametrize("rule", ["=>", "<", "gt", ">>"])
def test_rule_must_be_gt_or_ge(rule):
    with pytest.raises(ValueError, match=r"rule must be '>' or '>='"):
        ec.predict(S, 0.5, rule=rule)
    with pytest.raises(ValueError, match=r"rule must be '>' or '>='"):
        ec.confusion_matrix_at(Y, S, 0.5, rule=rule)


def test_a_numpy_string_rule_is_a_rule():
    assert ec.predict(S, 0.4, rule=np.str_(">")).tolist() == ec.predict(S, 0.4, rule=">").tolist()


def test_threshold_must_be_a_real_number():
    with pytest.raises(ValueError, match=r"threshold must not be NaN"):
        ec.predict(S, math.nan)
    for bad in ("0.5", None, True, [0.5]):
        with pytest.raises(TypeError, match=r"threshold must be a real number"):
            ec.predict(S, bad)
    # infinite thresholds are allowed: call everything negative / positive
    assert ec.predict(S, math.inf).tolist() == [0, 0, 0, 0]
    assert ec.predict(S, -math.inf).tolist() == [1, 1, 1, 1]
    assert ec.predict(S, np.float64(0.35), rule=">=").tolist() == [0, 1, 1, 1]
    assert ec.predict(S, np.float64(0.35), rule=">").tolist() == [0, 1, 0, 1]
    assert ec.predict([0, 1, 2], np.int64(1), rule=">").tolist() == [0, 0, 1]


def test_predictions_must_use_the_same_labels():
    with pytest.raises(ValueError, match=r"together hold 3 labels.*same two labels"):
        ec.confusion_matrix([0, 1, 1], [0, 1, 2])
    with pytest.raises(ValueError, match=r"same length: y_true has 3, y_pred has 2"):
        ec.confusion_matrix([0, 1, 1], [0, 1])
    with pytest.raises(ValueError, match=r"y_pred is empty"):
        ec.confusion_matrix([0, 1], [])


def test_confusion_matrix_at_reads_labels_with_pos_label():
    # predict() returns 0/1, so y_true coded {-1, 1} or as strings must be read first
    s = [0.1, 0.6, 0.7, 0.3]
    expected = ec.ConfusionMatrix.from_counts(tp=2, fp=0, fn=0, tn=2)
    assert ec.confusion_matrix_at([-1, 1, 1, -1], s, 0.5) == expected
    assert ec.confusion_matrix_at(["no", "yes", "yes", "no"], s, 0.5, pos_label="yes") == expected
    assert ec.confusion_matrix_at([False, True, True, False], s, 0.5) == expected
    with pytest.raises(ValueError, match=r"same length: y_true has 3, y_score has 4"):
        ec.confusion_matrix_at([0, 1, 1], s, 0.5)


@pytest.mark.parametrize("bad, error, message", [
    (-1, ValueError, r"tp must be a finite non-negative count, got -1"),
    (math.nan, ValueError, r"tp must be a finite non-negative count"),
    (math.inf, ValueError, r"tp must be a finite non-negative count"),
    (True, TypeError, r"tp must be a number, got True"),
    ("3", TypeError, r"tp must be a number"),
])
def test_confusion_matrix_counts(bad, error, message):
    with pytest.raises(error, match=message):
        ec.ConfusionMatrix.from_counts(tp=bad, fp=1, fn=1, tn=1)


def test_confusion_matrix_tables_and_layouts():
    with pytest.raises(ValueError, match=r"table must be 2x2, got shape \(3,\)"):
        ec.ConfusionMatrix.from_array([1, 2, 3])
    with pytest.raises(ValueError, match=r"layout must be a Layout or one of \[.*'murphy'"):
        ec.ConfusionMatrix.from_array([[1, 2], [3, 4]], layout="excel")
    with pytest.raises(ValueError, match=r"layout.truth must be 'rows' or 'columns'"):
        ec.ConfusionMatrix.from_array([[1, 2], [3, 4]], layout=ec.Layout("diagonal", True))
    with pytest.raises(ValueError, match=r"joint probability table summing to 1"):
        ec.ConfusionMatrix.from_joint([[1, 2], [3, 4]])
    with pytest.raises(ValueError, match=r"finite non-negative count"):
        ec.ConfusionMatrix.from_array([[1, -2], [3, 4]])


@pytest.mark.parametrize("name, cm", [
    ("precision", cm_from(0, 0, 3, 5)),          # nothing predicted positive
    ("ppv", cm_from(0, 0, 3, 5)),
    ("false_discovery_rate", cm_from(0, 0, 3, 5)),
    ("recall", cm_from(0, 2, 0, 5)),             # no positives
    ("tpr", cm_from(0, 2, 0, 5)),
    ("fnr", cm_from(0, 2, 0, 5)),
    ("tnr", cm_from(3, 0, 1, 0)),                # no negatives
    ("fpr", cm_from(3, 0, 1, 0)),
    ("npv", cm_from(3, 2, 0, 0)),                # nothing predicted negative
    ("mcc", cm_from(3, 2, 0, 0)),                # an empty column
    ("mcc", cm_from(0, 2, 0, 5)),                # an empty row
    ("f1", cm_from(0, 0, 0, 5)),                 # tp = fp = fn = 0
    ("balanced_accuracy", cm_from(0, 2, 0, 5)),
    ("informedness", cm_from(3, 0, 1, 0)),
    ("markedness", cm_from(0, 0, 3, 5)),
    ("npr", cm_from(0, 2, 0, 5)),                # neg / pos with pos = 0
    ("npr_predicted", cm_from(0, 0, 3, 5)),      # neg' / pos' with pos' = 0
    ("accuracy", cm_from(0, 0, 0, 0)),           # an empty matrix
    ("error_rate", cm_from(0, 0, 0, 0)),
    ("prevalence", cm_from(0, 0, 0, 0)),
])
def test_undefined_rates(name, cm):
    assert math.isnan(one_undefined_warning(getattr, cm, name))
