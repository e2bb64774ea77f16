"""Options follow one vocabulary over the public functions: the wrong kind is a TypeError,
the right kind out of range a ValueError, each naming the argument and the rule.

Tables over the functions of the confusion matrix, information, calibration and multiclass
AUC; the curves, areas, thresholds, the ROC hull and precision-recall; the rule ``>``/``>=``;
and the statistics' ``n_boot``, ``level``, ``random_state``, ``stratified``, methods and
alternatives."""

from __future__ import annotations

import math

import numpy as np
import pytest

import evalcore as ec


# -------------------------------------- the confusion matrix, information, calibration, classes

CM = ec.ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3)
Y, P = [0, 1, 1, 0], [0, 1, 0, 0]


@pytest.mark.parametrize("call, error, message", [
    (lambda: ec.mutual_information(Y, P, base=0.5), ValueError, r"base must be greater than 1"),
    (lambda: ec.mutual_information(Y, P, base=1), ValueError, r"base must not be 1"),
    (lambda: ec.mutual_information(Y, P, base=-2), ValueError, r"base must be positive"),
    (lambda: ec.mutual_information(Y, P, base=math.inf), ValueError, r"base must be positive and finite"),
    (lambda: ec.mutual_information(Y, P, base="2"), TypeError, r"base must be a positive real"),
    (lambda: ec.entropy([0.5, 0.5], base=0.5), ValueError, r"base must be greater than 1"),
    (lambda: CM.mutual_information(base=0.5), ValueError, r"base must be greater than 1"),
    (lambda: ec.mutual_information_from_table([[1, 2], [3, 4]], base=True), TypeError, r"base must"),
    (lambda: ec.reliability_curve(Y, [.1, .2, .3, .4], n_bins=2.5), TypeError, r"n_bins must be an integer"),
    (lambda: ec.reliability_curve(Y, [.1, .2, .3, .4], n_bins=0), ValueError, r"n_bins must be an integer between 1"),
    (lambda: ec.reliability_curve(Y, [.1, .2, .3, .4], n_bins="3"), TypeError, r"n_bins must be an integer"),
    (lambda: ec.log_loss(Y, [.1, .2, .3, .4], eps="0.1"), TypeError, r"eps must be a real number"),
    (lambda: ec.log_loss(Y, [.1, .2, .3, .4], eps=0.5), ValueError, r"eps must lie in \[0, 0.5\)"),
    (lambda: ec.log_loss(Y, [.1, .2, .3, .4], eps=-1e-9), ValueError, r"eps must lie in \[0, 0.5\)"),
    (lambda: ec.log_loss(Y, [.1, .2, .3, .4], eps=math.nan), ValueError, r"eps must be a number in"),
    (lambda: CM.format(digits=2.5), TypeError, r"digits must be an integer"),
    (lambda: CM.format(digits=18), ValueError, r"digits must be an integer between 0 and 17"),
    (lambda: CM.format(normalize="yes"), TypeError, r"normalize must be True or False"),
    (lambda: CM.format(layout=5), TypeError, r"layout must be a Layout or one of"),
    (lambda: CM.format(layout="excel"), ValueError, r"layout must be a Layout or one of"),
    (lambda: CM.as_array(ec.Layout(1, True)), TypeError, r"layout.truth must be 'rows' or 'columns'"),
    (lambda: CM.as_array(ec.Layout("rows", "yes")), TypeError, r"layout.positive_first must be True or False"),
    (lambda: CM.to_html(caption=5), TypeError, r"caption must be a str or None"),
    (lambda: ec.multiclass_auc([0, 1, 2], np.eye(3), average=1), TypeError, r"average must be one of"),
    (lambda: ec.multiclass_auc([0, 1, 2], np.eye(3), multi_class=None), TypeError, r"multi_class must be one of"),
    (lambda: ec.multiclass_auc([0, 1, 2], np.eye(3), multi_class="ovx"), ValueError, r"multi_class must be one of"),
    (lambda: ec.murphy_classifier(1.0), TypeError, r"which must be an integer"),
    (lambda: ec.murphy_classifier("1"), TypeError, r"which must be an integer"),
    (lambda: ec.murphy_classifier(3), ValueError, r"which must be 1 or 2"),
    (lambda: ec.predict([0.1, 0.2], "0.5"), TypeError, r"threshold must be a real number"),
    (lambda: ec.predict([0.1, 0.2], math.nan), ValueError, r"threshold must not be NaN"),
    (lambda: ec.predict([0.1, 0.2], 0.5, rule="=>"), ValueError, r"rule must be '>' or '>='"),
])
def test_matrix_and_calibration_options_follow_the_vocabulary(call, error, message):
    with pytest.raises(error, match=message):
        call()


# ------------------------------------ curves, areas, thresholds, the ROC hull, precision-recall

TOY_Y, TOY_S = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]


@pytest.mark.parametrize("call, error, match", [
    (lambda: ec.partial_auc(TOY_Y, TOY_S, max_fpr=0.5, standardized="no"), TypeError,
     "standardized must be True or False"),
    (lambda: ec.partial_auc(TOY_Y, TOY_S, max_fpr=0.5, standardized=1), TypeError,
     "standardized must be True or False"),
    (lambda: ec.partial_auc(TOY_Y, TOY_S, max_fpr=math.inf), ValueError,
     r"max_fpr must lie in \(0, 1\]"),
    (lambda: ec.partial_auc(TOY_Y, TOY_S, min_tpr=math.nan), ValueError, "min_tpr must be"),
    (lambda: ec.roc_auc(TOY_Y, TOY_S, method=None), TypeError, "method must be one of"),
    (lambda: ec.roc_auc(TOY_Y, TOY_S, method=2), TypeError, "method must be one of"),
    (lambda: ec.roc_auc(TOY_Y, TOY_S, method="Rank"), ValueError,
     "method must be 'rank', 'trapezoid' or 'pairs'"),
    (lambda: ec.threshold_at_fpr(TOY_Y, TOY_S, math.nan), ValueError,
     r"max_fpr must be a number in \[0"),
    (lambda: ec.threshold_at_fpr(TOY_Y, TOY_S, "0.1"), TypeError, "max_fpr must be a real"),
    (lambda: ec.threshold_at_fpr(TOY_Y, TOY_S, 0.1, rule=None), TypeError,
     "rule must be one of"),
    (lambda: ec.threshold_at_fpr(TOY_Y, TOY_S, 0.1, rule=1), TypeError,
     "rule must be one of"),
    (lambda: ec.threshold_at_precision(TOY_Y, TOY_S, 1.5), ValueError,
     r"min_precision must lie in \[0"),
    (lambda: ec.threshold_max_fbeta(TOY_Y, TOY_S, beta=math.inf), ValueError,
     "beta must be positive and finite"),
    (lambda: ec.threshold_max_fbeta(TOY_Y, TOY_S, beta="1"), TypeError,
     "beta must be a positive real number"),
    (lambda: ec.threshold_by_cost(TOY_Y, TOY_S, cost_fp=-1), ValueError,
     "cost_fp must be non-negative"),
    (lambda: ec.threshold_by_cost(TOY_Y, TOY_S, cost_fn=math.nan), ValueError,
     "cost_fn must be non-negative and finite"),
    (lambda: ec.threshold_by_cost(TOY_Y, TOY_S, cost_fn=True), TypeError,
     "cost_fn must be a non-negative real number"),
    (lambda: ec.optimal_operating_point(TOY_Y, TOY_S, cost_fp=1, cost_fn=1, prior_pos=True),
     TypeError, "prior_pos must be a real number"),
    (lambda: ec.optimal_operating_point(TOY_Y, TOY_S, cost_fp=1, cost_fn=1,
                                        prior_pos=math.nan), ValueError,
     r"prior_pos must be a number in \(0, 1\)"),
    (lambda: ec.iso_performance_slope(cost_fp=1, cost_fn=1, prior_pos="0.5"), TypeError,
     "prior_pos must be a real number"),
    (lambda: ec.cost_lines(TOY_Y, TOY_S, probability_cost=[math.nan]), ValueError,
     "probability_cost must be finite"),
    (lambda: ec.cost_curve(TOY_Y, TOY_S, probability_cost=["a"]), TypeError,
     "probability_cost must hold numbers"),
    (lambda: ec.interpolated_pr_curve(TOY_Y, TOY_S, num=2.0), TypeError,
     "num must be an integer"),
    (lambda: ec.interpolated_pr_curve(TOY_Y, TOY_S, num="2"), TypeError,
     "num must be an integer"),
    (lambda: ec.achievable_pr_curve(TOY_Y, TOY_S, num=-1, hull=True), ValueError,
     "num must be an integer of at least 0"),
    (lambda: ec.achievable_pr_curve(TOY_Y, TOY_S, hull=1), TypeError,
     "hull must be True or False"),
    (lambda: ec.pr_auc_interpolated(TOY_Y, TOY_S, hull="yes"), TypeError,
     "hull must be True or False"),
])
def test_curve_and_threshold_options_follow_the_vocabulary(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_numpy_scalars_are_accepted_as_options():
    assert ec.partial_auc(TOY_Y, TOY_S, max_fpr=np.float32(0.5),
                          standardized=np.bool_(False)) == 0.25
    assert ec.interpolated_pr_curve(TOY_Y, TOY_S, num=np.int64(0)).recall.size == 1 + len(set(TOY_S))


# ------------------------------------------------------------------------ the rule: '>' or '>='

# a rule of the wrong kind is a TypeError (None was a ValueError in predict and
# confusion_matrix_at, and a TypeError in threshold_at_fpr: one rule now); an array, even
# of one valid element, is not one rule (it passed before, or failed on numpy's "truth
# value of an array is ambiguous")
@pytest.mark.parametrize("rule", [None, 1, np.array(">"), np.array([">"]), np.array([">", ">="]),
                                  [">"]])
@pytest.mark.parametrize("call", [
    lambda rule: ec.predict(TOY_S, 0.5, rule=rule),
    lambda rule: ec.confusion_matrix_at(TOY_Y, TOY_S, 0.5, rule=rule),
    lambda rule: ec.threshold_at_fpr(TOY_Y, TOY_S, 0.5, rule=rule),
    lambda rule: ec.threshold_max_fbeta(TOY_Y, TOY_S, rule=rule),
], ids=["predict", "confusion_matrix_at", "threshold_at_fpr", "threshold_max_fbeta"])
def test_a_rule_of_the_wrong_kind_is_a_type_error_naming_rule(call, rule):
    with pytest.raises(TypeError, match=r"rule must be one of \('>', '>='\)"):
        call(rule)


# ----------------------------- the statistics: n_boot, level, random_state, stratified, methods

SEVEN_Y = [0, 1, 0, 1, 1, 0, 0]
SEVEN_S = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]

N_BOOT_CALLS = {
    "roc_auc_ci delong": lambda **kw: ec.roc_auc_ci(SEVEN_Y, SEVEN_S, method="delong", **kw),
    "roc_auc_ci logit": lambda **kw: ec.roc_auc_ci(SEVEN_Y, SEVEN_S, method="logit", **kw),
    "roc_auc_ci bootstrap": lambda **kw: ec.roc_auc_ci(SEVEN_Y, SEVEN_S, method="bootstrap",
                                                       **kw),
    "bootstrap_ci": lambda **kw: ec.bootstrap_ci(SEVEN_Y, SEVEN_S, ec.roc_auc, **kw),
    "paired_bootstrap_ci": lambda **kw: ec.paired_bootstrap_ci(SEVEN_Y, SEVEN_S, SEVEN_S[::-1],
                                                               ec.roc_auc, **kw),
    "sensitivity_at_specificity": lambda **kw: ec.sensitivity_at_specificity(
        SEVEN_Y, SEVEN_S, 0.9, **kw),
    "specificity_at_sensitivity": lambda **kw: ec.specificity_at_sensitivity(
        SEVEN_Y, SEVEN_S, 0.9, **kw),
    "operating_point_ci": lambda **kw: ec.operating_point_ci(SEVEN_Y, SEVEN_S, 0.55, **kw),
}


@pytest.mark.parametrize("call", N_BOOT_CALLS.values(), ids=N_BOOT_CALLS.keys())
@pytest.mark.parametrize("n_boot", [2.5, "many", True, 10.0])
def test_n_boot_of_the_wrong_kind_is_a_type_error_everywhere(call, n_boot):
    with pytest.raises(TypeError, match="n_boot must be an integer"):
        call(n_boot=n_boot)


@pytest.mark.parametrize("call", N_BOOT_CALLS.values(), ids=N_BOOT_CALLS.keys())
def test_options_out_of_range_are_value_errors_everywhere(call):
    with pytest.raises(ValueError, match="n_boot must be an integer of at least 1"):
        call(n_boot=0)
    for level in (0.0, 1.0, math.nan, math.inf, 95):
        with pytest.raises(ValueError, match=r"level must (lie|be a number) in \(0\.0, 1\.0\)"):
            call(level=level)
    with pytest.raises(TypeError, match="level must be a real number"):
        call(level="0.95")
    with pytest.raises(ValueError, match="random_state must be an integer of at least 0"):
        call(random_state=-1)
    with pytest.raises(TypeError, match="random_state must be None"):
        call(random_state="seed")


@pytest.mark.parametrize("call", [
    lambda **kw: ec.bootstrap_ci(SEVEN_Y, SEVEN_S, ec.roc_auc, **kw),
    lambda **kw: ec.paired_bootstrap_ci(SEVEN_Y, SEVEN_S, SEVEN_S, ec.roc_auc, **kw),
    lambda **kw: ec.sensitivity_at_specificity(SEVEN_Y, SEVEN_S, 0.9, **kw),
    lambda **kw: ec.operating_point_ci(SEVEN_Y, SEVEN_S, 0.55, **kw),
])
def test_stratified_must_be_a_bool(call):
    for value in (1, "yes", None):
        with pytest.raises(TypeError, match="stratified must be True or False"):
            call(stratified=value)


def test_methods_and_alternatives_are_named_choices():
    with pytest.raises(TypeError, match="method must be one of .*'delong'"):     # wrong kind
        ec.roc_auc_ci(SEVEN_Y, SEVEN_S, method=None)
    with pytest.raises(ValueError, match="method must be one of .*'delong'"):    # not in the set
        ec.roc_auc_ci(SEVEN_Y, SEVEN_S, method="DeLong")
    with pytest.raises(ValueError, match="method must be one of .*'percentile', 'bca'"):
        ec.bootstrap_ci(SEVEN_Y, SEVEN_S, ec.roc_auc, method="BCa")
    for call in (lambda **kw: ec.delong_test(SEVEN_Y, SEVEN_S, SEVEN_S[::-1], **kw),
                 lambda **kw: ec.auc_permutation_test(SEVEN_Y, SEVEN_S, **kw)):
        with pytest.raises(ValueError, match="alternative must be one of .*'two-sided', 'greater'"):
            call(alternative="bigger")
