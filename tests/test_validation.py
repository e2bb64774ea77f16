"""Bad input gives a clear error naming the argument and the rule; an undefined metric gives
``nan`` and exactly one UndefinedMetricWarning; every accepted container gives one answer."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import evalcore as ec
from evalcore.core import areas
from reference import one_undefined_warning

Y = [0, 0, 1, 1]
S = [0.1, 0.4, 0.35, 0.8]

# every public function taking (y_true, y_score, *, sample_weight, pos_label)
SCORE_FUNCTIONS = [ec.roc_curve, ec.precision_recall_curve, ec.roc_auc, ec.gini,
                   ec.average_precision, ec.pr_auc_trapezoid, ec.equal_error_rate,
                   ec.threshold_by_cost, ec.threshold_by_youden]
IDS = [f.__name__ for f in SCORE_FUNCTIONS]


def assert_same_result(a, b):
    """Equal results: floats, or named tuples of arrays/floats."""
    if isinstance(a, tuple):
        assert type(a) is type(b)
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)
    else:
        np.testing.assert_array_equal(a, b)


def no_warnings(function, *args, **kwargs):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = function(*args, **kwargs)
    assert not caught, [str(c.message) for c in caught]
    return result


# =============================================================================================
# the shape and content of y_true, y_score, sample_weight
# =============================================================================================
@pytest.mark.parametrize("f", SCORE_FUNCTIONS, ids=IDS)
class TestScoreInputs:
    def test_different_lengths(self, f):
        with pytest.raises(ValueError, match=r"same length: y_true has 3, y_score has 4"):
            f([0, 1, 1], S)

    def test_weight_length(self, f):
        with pytest.raises(ValueError, match=r"sample_weight has 3 entries but there are 4"):
            f(Y, S, sample_weight=[1, 1, 1])

    def test_empty(self, f):
        with pytest.raises(ValueError, match=r"y_score is empty"):
            f(Y, [])
        with pytest.raises(ValueError, match=r"y_true is empty"):
            f([], S)

    @pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
    def test_non_finite_scores(self, f, bad):
        with pytest.raises(ValueError, match=r"y_score must be finite.*index 2"):
            f(Y, [0.1, 0.4, bad, 0.8])

    def test_non_finite_labels(self, f):
        with pytest.raises(ValueError, match=r"y_true must not hold NaN"):
            f([0.0, 1.0, math.nan, 1.0], S)

    def test_three_classes(self, f):
        with pytest.raises(ValueError, match=r"y_true must hold two classes.*got 3.*multiclass_auc"):
            f([0, 1, 2, 1], S)

    def test_string_labels_need_pos_label(self, f):
        with pytest.raises(ValueError, match=r"name the positive class with pos_label"):
            f(["cat", "cat", "dog", "dog"], S)

    def test_string_labels_with_pos_label(self, f):
        assert_same_result(f(["cat", "cat", "dog", "dog"], S, pos_label="dog"), f(Y, S))
        assert_same_result(f([0, 0, 1, 1], S, pos_label=0), f([1, 1, 0, 0], S))

    def test_pos_label_not_a_label(self, f):
        with pytest.raises(ValueError, match=r"pos_label='bird' is not one of the labels"):
            f(["cat", "cat", "dog", "dog"], S, pos_label="bird")

    def test_labels_other_than_zero_one_need_pos_label(self, f):
        with pytest.raises(ValueError, match=r"holds labels \[1, 2\].*pos_label"):
            f([1, 1, 2, 2], S)

    def test_two_dimensional(self, f):
        with pytest.raises(ValueError, match=r"y_score must be 1-D, got shape \(4, 1\).*ravel"):
            f(Y, np.array(S)[:, None])
        with pytest.raises(ValueError, match=r"y_true must be 1-D, got an array with 2 dimensions"):
            f([[0, 1], [1, 0]], S)

    def test_scalar_and_none(self, f):
        with pytest.raises(TypeError, match=r"y_score must be a 1-D array-like.*scalar 0.5"):
            f(Y, 0.5)
        with pytest.raises(TypeError, match=r"y_true is required, got None"):
            f(None, S)

    def test_non_numeric_scores(self, f):
        with pytest.raises(TypeError, match=r"y_score must hold numbers"):
            f(Y, ["a", "b", "c", "d"])
        with pytest.raises(TypeError, match=r"y_score must hold real numbers"):
            f(Y, np.array(S) + 1j)

    def test_negative_weights(self, f):
        with pytest.raises(ValueError, match=r"sample_weight must be non-negative"):
            f(Y, S, sample_weight=[1, -1, 1, 1])

    def test_all_zero_weights(self, f):
        with pytest.raises(ValueError, match=r"sample_weight must give some sample a positive "
                                             r"weight: all are 0"):
            f(Y, S, sample_weight=[0, 0, 0, 0])

    def test_non_finite_weights(self, f):
        with pytest.raises(ValueError, match=r"sample_weight must be finite"):
            f(Y, S, sample_weight=[1, math.nan, 1, 1])

    def test_containers_accepted(self, f):
        pd = pytest.importorskip("pandas")
        expected = f(Y, S)
        # a Series with a scrambled index: values are taken in order, the index is ignored
        for y, s in [(Y, S), (np.array(Y), np.array(S)), (tuple(Y), tuple(S)),
                     (pd.Series(Y, index=[3, 1, 2, 0]), pd.Series(S, index=[9, 8, 7, 6])),
                     (np.array(Y, dtype=bool), S), (np.array([-1, -1, 1, 1]), S),
                     (np.array(Y, dtype=float), S), (np.array(Y, dtype=np.uint8), S)]:
            assert_same_result(f(y, s), expected)


def test_dataframe_column_must_be_selected():
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"score": S})
    with pytest.raises(ValueError, match=r"y_score must be 1-D, got shape \(4, 1\)"):
        ec.roc_auc(Y, frame)
    assert ec.roc_auc(Y, frame["score"]) == ec.roc_auc(Y, S)


# =============================================================================================
# options
# =============================================================================================
@pytest.mark.parametrize("rule", ["=>", "<", "gt", ">>"])
def test_rule_must_be_gt_or_ge(rule):
    with pytest.raises(ValueError, match=r"rule must be '>' or '>='"):
        ec.predict(S, 0.5, rule=rule)
    with pytest.raises(ValueError, match=r"rule must be '>' or '>='"):
        ec.confusion_matrix_at(Y, S, 0.5, rule=rule)


# a rule of the wrong kind is a TypeError (None was a ValueError in predict and
# confusion_matrix_at, and a TypeError in threshold_at_fpr: one rule now); an array, even
# of one valid element, is not one rule (it passed before, or failed on numpy's "truth
# value of an array is ambiguous")
@pytest.mark.parametrize("rule", [None, 1, np.array(">"), np.array([">"]), np.array([">", ">="]),
                                  [">"]])
@pytest.mark.parametrize("call", [
    lambda rule: ec.predict(S, 0.5, rule=rule),
    lambda rule: ec.confusion_matrix_at(Y, S, 0.5, rule=rule),
    lambda rule: ec.threshold_at_fpr(Y, S, 0.5, rule=rule),
    lambda rule: ec.threshold_max_fbeta(Y, S, rule=rule),
], ids=["predict", "confusion_matrix_at", "threshold_at_fpr", "threshold_max_fbeta"])
def test_a_rule_of_the_wrong_kind_is_a_type_error_naming_rule(call, rule):
    with pytest.raises(TypeError, match=r"rule must be one of \('>', '>='\)"):
        call(rule)


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


@pytest.mark.parametrize("method", ["ranks", "auc", "", "Rank"])
def test_roc_auc_method(method):
    with pytest.raises(ValueError, match=r"method must be 'rank', 'trapezoid' or 'pairs'"):
        ec.roc_auc(Y, S, method=method)


@pytest.mark.parametrize("method", [None, 1, True])
def test_roc_auc_method_of_the_wrong_kind(method):
    with pytest.raises(TypeError, match=r"method must be one of \('rank', 'trapezoid', 'pairs'\)"):
        ec.roc_auc(Y, S, method=method)


def test_pairs_refuses_too_many_pairs(monkeypatch):
    monkeypatch.setattr(areas, "MAX_PAIRS", 6)
    y = [0, 0, 0, 1, 1]                              # 3 x 2 = 6 pairs: allowed
    assert ec.roc_auc(y, [1, 2, 3, 4, 5], method="pairs") == 1.0
    y = [0, 0, 0, 1, 1, 1]                           # 3 x 3 = 9 pairs: refused
    with pytest.raises(ValueError, match=r"method='pairs' compares all 9 positive/negative "
                                         r"pairs.*more than 6: use method='rank'"):
        ec.roc_auc(y, [1, 2, 3, 4, 5, 6], method="pairs")
    assert ec.roc_auc(y, [1, 2, 3, 4, 5, 6]) == 1.0  # the default method has no limit
    assert ec.MAX_PAIRS == 20_000_000                # the public constant, unpatched


@pytest.mark.parametrize("beta", [0, -1.0])
def test_fbeta_beta_positive(beta):
    cm = ec.ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3)
    with pytest.raises(ValueError, match=r"beta must be positive"):
        cm.fbeta(beta)


@pytest.mark.parametrize("beta", ["2", None, True])
def test_fbeta_beta_real(beta):
    """The wrong kind of value is a TypeError ..."""
    cm = ec.ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3)
    with pytest.raises(TypeError, match=r"beta must be a positive real number"):
        cm.fbeta(beta)


@pytest.mark.parametrize("beta", [math.nan, math.inf])
def test_fbeta_beta_finite(beta):
    """... a number outside the rule a ValueError."""
    cm = ec.ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3)
    with pytest.raises(ValueError, match=r"beta must be positive and finite"):
        cm.fbeta(beta)


def test_f_alpha_range():
    cm = ec.ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3)
    with pytest.raises(ValueError, match=r"alpha must lie in \[0, 1\]"):
        cm.f_alpha(1.5)
    with pytest.raises(ValueError, match=r"alpha must be non-negative"):
        cm.f_alpha(-0.1)


def test_costs_non_negative():
    with pytest.raises(ValueError, match=r"cost_fp must be non-negative"):
        ec.expected_cost(Y, [0, 1, 1, 0], cost_fp=-1)
    with pytest.raises(ValueError, match=r"cost_fn must be non-negative"):
        ec.threshold_by_cost(Y, S, cost_fn=-2)
    with pytest.raises(ValueError, match=r"cost_fp must be non-negative and finite"):
        ec.threshold_by_cost(Y, S, cost_fp=math.inf)


# =============================================================================================
# hard predictions and the confusion matrix
# =============================================================================================
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


def test_information_inputs():
    with pytest.raises(ValueError, match=r"base must not be 1"):
        ec.mutual_information_from_table([[1, 0], [0, 1]], base=1)
    with pytest.raises(ValueError, match=r"base must not be 1"):
        ec.entropy([0.5, 0.5], base=1)
    with pytest.raises(ValueError, match=r"base must be positive"):
        ec.entropy([0.5, 0.5], base=0)
    with pytest.raises(ValueError, match=r"table must be 2-D"):
        ec.mutual_information_from_table([1, 2, 3])
    for bad in ([[1, -1], [0, 1]], [[0, 0], [0, 0]], [[1, math.nan], [0, 1]]):
        with pytest.raises(ValueError, match=r"finite non-negative counts with a positive total"):
            ec.mutual_information_from_table(bad)
    for bad in ([0.5, 0.6], [-0.5, 1.5], [[0.5, 0.5]]):
        with pytest.raises(ValueError, match=r"probabilities must be a 1-D distribution"):
            ec.entropy(bad)


def test_examples_inputs():
    with pytest.raises(ValueError, match=r"which must be 1 or 2"):
        ec.murphy_classifier(3)


# =============================================================================================
# more than two classes
# =============================================================================================
Y3 = [0, 1, 2, 0, 1, 2]
S3 = [[.6, .2, .2], [.2, .6, .2], [.2, .2, .6], [.4, .3, .3], [.3, .4, .3], [.3, .3, .4]]


def test_multiclass_inputs():
    with pytest.raises(ValueError, match=r"y_score must be 2-D \(one column per class\)"):
        ec.multiclass_auc(Y3, [0.1] * 6)
    with pytest.raises(ValueError, match=r"y_score has 5 rows but y_true has 6 samples"):
        ec.multiclass_auc(Y3, S3[:5])
    with pytest.raises(ValueError, match=r"y_score has 3 columns but there are 2 classes"):
        ec.multiclass_auc([0, 1, 0, 1, 0, 1], S3)
    with pytest.raises(ValueError, match=r"needs at least two classes"):
        ec.multiclass_auc([0] * 6, [[1.0]] * 6)
    with pytest.raises(ValueError, match=r"classes \[3\] never occur in y_true"):
        ec.multiclass_auc([0, 1, 2, 0, 1, 2], [row + [0.0] for row in S3], labels=[0, 1, 2, 3])
    with pytest.raises(ValueError, match=r"y_true holds labels \[2\] that are not in labels"):
        ec.multiclass_auc(Y3, [row[:2] for row in S3], labels=[0, 1])
    with pytest.raises(ValueError, match=r"labels must not repeat a class, got \[0, 0, 1\]"):
        ec.multiclass_auc([0, 1, 0, 1, 0, 1], S3, labels=[0, 0, 1])
    with pytest.raises(ValueError, match=r"y_score must be finite"):
        ec.multiclass_auc(Y3, [[math.nan, .5, .5]] + S3[1:])
    with pytest.raises(ValueError, match=r"y_true is empty"):
        ec.multiclass_auc([], np.zeros((0, 3)))


# =============================================================================================
# undefined metrics: nan and exactly one UndefinedMetricWarning
# =============================================================================================
ONE_CLASS = [([1, 1, 1], "positives only"), ([0, 0, 0], "negatives only")]


@pytest.mark.parametrize("y, case", ONE_CLASS)
@pytest.mark.parametrize("method", ["rank", "trapezoid", "pairs"])
def test_auc_with_one_class(y, case, method):
    assert math.isnan(one_undefined_warning(ec.roc_auc, y, [0.1, 0.5, 0.9], method=method))


@pytest.mark.parametrize("method", ["rank", "trapezoid", "pairs"])
def test_auc_with_one_class_of_nonzero_weight(method):
    # the positive has weight 0: only negatives count
    value = one_undefined_warning(ec.roc_auc, [0, 1, 0], [0.1, 0.5, 0.9], method=method,
                                  sample_weight=[1, 0, 1])
    assert math.isnan(value)


@pytest.mark.parametrize("y, case", ONE_CLASS)
def test_gini_roc_curve_eer_youden_with_one_class(y, case):
    s = [0.1, 0.5, 0.9]
    assert math.isnan(one_undefined_warning(ec.gini, y, s))
    roc = one_undefined_warning(ec.roc_curve, y, s)
    missing_rate = roc.tpr if case == "negatives only" else roc.fpr
    other_rate = roc.fpr if case == "negatives only" else roc.tpr
    assert np.all(np.isnan(missing_rate)) and other_rate.tolist() == [0, 1 / 3, 2 / 3, 1]
    eer = one_undefined_warning(ec.equal_error_rate, y, s)
    assert math.isnan(eer.eer) and math.isnan(eer.threshold)
    point = one_undefined_warning(ec.threshold_by_youden, y, s)
    assert all(math.isnan(v) for v in point)
    # the cost is defined with one class; the rate that divides by the missing class is not
    point = one_undefined_warning(ec.threshold_by_cost, y, s)
    assert not math.isnan(point.value)
    assert math.isnan(point.fpr if case == "positives only" else point.tpr)


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


def _cm(tp, fp, fn, tn):
    return ec.ConfusionMatrix.from_counts(tp=tp, fp=fp, fn=fn, tn=tn)


@pytest.mark.parametrize("name, cm", [
    ("precision", _cm(0, 0, 3, 5)),          # nothing predicted positive
    ("ppv", _cm(0, 0, 3, 5)),
    ("false_discovery_rate", _cm(0, 0, 3, 5)),
    ("recall", _cm(0, 2, 0, 5)),             # no positives
    ("tpr", _cm(0, 2, 0, 5)),
    ("fnr", _cm(0, 2, 0, 5)),
    ("tnr", _cm(3, 0, 1, 0)),                # no negatives
    ("fpr", _cm(3, 0, 1, 0)),
    ("npv", _cm(3, 2, 0, 0)),                # nothing predicted negative
    ("mcc", _cm(3, 2, 0, 0)),                # an empty column
    ("mcc", _cm(0, 2, 0, 5)),                # an empty row
    ("f1", _cm(0, 0, 0, 5)),                 # tp = fp = fn = 0
    ("balanced_accuracy", _cm(0, 2, 0, 5)),
    ("informedness", _cm(3, 0, 1, 0)),
    ("markedness", _cm(0, 0, 3, 5)),
    ("npr", _cm(0, 2, 0, 5)),                # neg / pos with pos = 0
    ("npr_predicted", _cm(0, 0, 3, 5)),      # neg' / pos' with pos' = 0
    ("accuracy", _cm(0, 0, 0, 0)),           # an empty matrix
    ("error_rate", _cm(0, 0, 0, 0)),
    ("prevalence", _cm(0, 0, 0, 0)),
])
def test_undefined_rates(name, cm):
    assert math.isnan(one_undefined_warning(getattr, cm, name))


def test_undefined_methods():
    assert math.isnan(one_undefined_warning(_cm(0, 0, 0, 5).fbeta, 2.0))
    assert math.isnan(one_undefined_warning(_cm(0, 0, 3, 5).f_alpha, 1.0))    # = precision
    assert math.isnan(one_undefined_warning(_cm(0, 2, 0, 5).f_alpha, 0.0))    # = recall
    assert math.isnan(one_undefined_warning(_cm(0, 0, 0, 0).expected_cost))
    # from labels: precision with nothing called positive
    cm = ec.confusion_matrix([0, 1, 1], [0, 0, 0])
    assert math.isnan(one_undefined_warning(getattr, cm, "precision"))


def test_defined_metrics_do_not_warn():
    cm = _cm(4, 1, 1, 3)
    for name in ("tpr", "fpr", "tnr", "fnr", "precision", "npv", "accuracy", "error_rate",
                 "balanced_accuracy", "f1", "mcc", "informedness", "markedness", "npr",
                 "npr_predicted", "prevalence"):
        value = no_warnings(getattr, cm, name)
        assert type(value) is float and not math.isnan(value), name
    # F is defined (0) when precision is undefined but recall is 0
    assert no_warnings(_cm(0, 0, 3, 5).fbeta, 1.0) == 0.0
    for f in SCORE_FUNCTIONS:
        no_warnings(f, Y, S)
    # scalars come back as Python floats
    for f in (ec.roc_auc, ec.gini, ec.average_precision, ec.pr_auc_trapezoid):
        assert type(f(Y, S)) is float
    assert type(ec.mutual_information(Y, [0, 1, 1, 1])) is float
