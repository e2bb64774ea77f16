"""An undefined metric is nan with exactly one UndefinedMetricWarning, pointing at the
caller's line, and no numpy RuntimeWarning, checked over the functions that can meet it: a
class missing from the scores, from a statistic's data or from some of its resamples; a
defined metric warns nothing."""

from __future__ import annotations

import dataclasses
import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings

import evalcore as ec

from helpers import cm_from, mean_gap, no_warnings, said
from reference import one_undefined_warning
from strategies import labelled_scores
from test_score_inputs import SCORE_FUNCTIONS


# ------------------------------------------------ curves, areas and thresholds: a class missing

MISSING_CLASS = {"no negatives": ([1, 1, 1], [0.2, 0.1, 0.2]),
             "no positives": ([0, 0, 0], [0.2, 0.1, 0.2])}

CALLS = {
    "roc_curve": lambda y, s: ec.roc_curve(y, s),
    "roc_auc": lambda y, s: ec.roc_auc(y, s),
    "roc_auc trapezoid": lambda y, s: ec.roc_auc(y, s, method="trapezoid"),
    "roc_auc pairs": lambda y, s: ec.roc_auc(y, s, method="pairs"),
    "gini": lambda y, s: ec.gini(y, s),
    "partial_auc": lambda y, s: ec.partial_auc(y, s, max_fpr=0.5),
    "equal_error_rate": lambda y, s: ec.equal_error_rate(y, s),
    "threshold_by_cost": lambda y, s: ec.threshold_by_cost(y, s),
    "threshold_by_youden": lambda y, s: ec.threshold_by_youden(y, s),
    "threshold_at_fpr": lambda y, s: ec.threshold_at_fpr(y, s, 0.5),
    "threshold_at_precision": lambda y, s: ec.threshold_at_precision(y, s, 0.5),
    "threshold_max_fbeta": lambda y, s: ec.threshold_max_fbeta(y, s),
    "roc_convex_hull": lambda y, s: ec.roc_convex_hull(y, s),
    "optimal_operating_point": lambda y, s: ec.optimal_operating_point(y, s, cost_fp=1,
                                                                       cost_fn=1),
    "cost_lines": lambda y, s: ec.cost_lines(y, s, probability_cost=[0.5]),
    "cost_curve": lambda y, s: ec.cost_curve(y, s),
    "prg_curve": lambda y, s: ec.prg_curve(y, s),
    "auprg": lambda y, s: ec.auprg(y, s),
}
NO_POSITIVES_ONLY = {
    "precision_recall_curve": lambda y, s: ec.precision_recall_curve(y, s),
    "average_precision": lambda y, s: ec.average_precision(y, s),
    "pr_auc_trapezoid": lambda y, s: ec.pr_auc_trapezoid(y, s),
    "interpolated_pr_curve": lambda y, s: ec.interpolated_pr_curve(y, s),
    "achievable_pr_curve": lambda y, s: ec.achievable_pr_curve(y, s, hull=True),
    "pr_auc_interpolated": lambda y, s: ec.pr_auc_interpolated(y, s, hull=True),
}
CASES = ([(name, case) for name in CALLS for case in MISSING_CLASS]
         + [(name, "no positives") for name in NO_POSITIVES_ONLY])


def has_nan(result) -> bool:
    if isinstance(result, tuple):
        return any(has_nan(part) for part in result)
    return bool(np.isnan(np.asarray(result, dtype=float)).any())


@pytest.mark.parametrize("name, case", CASES)
def test_a_missing_class_gives_nan_and_one_warning_pointing_here(name, case):
    call = {**CALLS, **NO_POSITIVES_ONLY}[name]
    y, s = MISSING_CLASS[case]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call(y, s)
    assert [c.category for c in caught] == [ec.UndefinedMetricWarning], \
        [str(c.message) for c in caught]
    assert case.split()[1][:-1] in str(caught[0].message)     # names the missing class
    assert caught[0].filename == __file__                     # the user's line, not ours
    assert has_nan(result)


@settings(max_examples=30, deadline=None)
@given(data=labelled_scores(max_size=15))
def test_no_runtime_warning_on_valid_input(data):
    y, s = data
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        for call in {**CALLS, **NO_POSITIVES_ONLY}.values():
            call(y, s)
        ec.threshold_max_fbeta(y, s, beta=1e-200)
        ec.threshold_max_fbeta(y, s, beta=1e200)


# ------------------------------------------------------------ the rates and the score functions

Y = [0, 0, 1, 1]
S = [0.1, 0.4, 0.35, 0.8]
ONE_CLASS_LABELS = [([1, 1, 1], "positives only"), ([0, 0, 0], "negatives only")]


@pytest.mark.parametrize("y, case", ONE_CLASS_LABELS)
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


def test_defined_metrics_do_not_warn():
    cm = cm_from(4, 1, 1, 3)
    for name in ("tpr", "fpr", "tnr", "fnr", "precision", "npv", "accuracy", "error_rate",
                 "balanced_accuracy", "f1", "mcc", "informedness", "markedness", "npr",
                 "npr_predicted", "prevalence"):
        value = no_warnings(getattr, cm, name)
        assert type(value) is float and not math.isnan(value), name
    # F is defined (0) when precision is undefined but recall is 0
    assert no_warnings(cm_from(0, 0, 3, 5).fbeta, 1.0) == 0.0
    for f in SCORE_FUNCTIONS:
        no_warnings(f, Y, S)
    # scalars come back as Python floats
    for f in (ec.roc_auc, ec.gini, ec.average_precision, ec.pr_auc_trapezoid):
        assert type(f(Y, S)) is float
    assert type(ec.mutual_information(Y, [0, 1, 1, 1])) is float


# ------------------------- the statistics: a class missing from the data or from some resamples

SEVEN_Y = [0, 1, 0, 1, 1, 0, 0]
SEVEN_S = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
ONE_POSITIVE_Y = [0, 1, 0, 0, 0, 0, 0]

UNDEFINED_SOMETIMES = {
    "bootstrap_ci": lambda: ec.bootstrap_ci(ONE_POSITIVE_Y, SEVEN_S, mean_gap, n_boot=100,
                                            random_state=0),
    "bootstrap_ci bca": lambda: ec.bootstrap_ci(ONE_POSITIVE_Y, SEVEN_S, mean_gap, n_boot=100,
                                                method="bca", random_state=0),
    "bootstrap_ci roc_auc": lambda: ec.bootstrap_ci(ONE_POSITIVE_Y, SEVEN_S, ec.roc_auc,
                                                    n_boot=100, random_state=0),
    "paired_bootstrap_ci": lambda: ec.paired_bootstrap_ci(
        ONE_POSITIVE_Y, SEVEN_S, SEVEN_S[::-1], mean_gap, n_boot=100, random_state=0),
    "sensitivity_at_specificity": lambda: ec.sensitivity_at_specificity(
        ONE_POSITIVE_Y, SEVEN_S, 0.5, n_boot=100, stratified=False, random_state=0),
    "operating_point_ci": lambda: ec.operating_point_ci(
        ONE_POSITIVE_Y, SEVEN_S, 0.5, n_boot=100, stratified=False, random_state=0),
}


@pytest.mark.parametrize("call", UNDEFINED_SOMETIMES.values(), ids=UNDEFINED_SOMETIMES.keys())
def test_resamples_without_a_class_give_one_warning_and_no_runtime_warning(call):
    result, categories = said(call)
    assert categories == ["UndefinedMetricWarning"]
    # with one positive in seven a case resample misses it with probability (6/7)**7 ~ 34%
    assert 10 < result.n_undefined < 70


STATISTICS = {
    "delong_variance": lambda y, s: ec.delong_variance(y, s),
    "roc_auc_ci": lambda y, s: ec.roc_auc_ci(y, s),
    "roc_auc_ci bootstrap": lambda y, s: ec.roc_auc_ci(y, s, method="bootstrap", n_boot=20),
    "bootstrap_ci": lambda y, s: ec.bootstrap_ci(y, s, mean_gap, n_boot=20),
    "bootstrap_ci bca": lambda y, s: ec.bootstrap_ci(y, s, ec.roc_auc, n_boot=20, method="bca"),
    "paired_bootstrap_ci": lambda y, s: ec.paired_bootstrap_ci(y, s, s[::-1], ec.roc_auc,
                                                               n_boot=20),
    "delong_test": lambda y, s: ec.delong_test(y, s, s[::-1]),
    "delong_test_unpaired": lambda y, s: ec.delong_test_unpaired(y, s, SEVEN_Y, SEVEN_S),
    "sensitivity_at_specificity": lambda y, s: ec.sensitivity_at_specificity(y, s, 0.9,
                                                                             n_boot=20),
    "specificity_at_sensitivity": lambda y, s: ec.specificity_at_sensitivity(y, s, 0.9,
                                                                             n_boot=20),
    "operating_point_ci": lambda y, s: ec.operating_point_ci(y, s, 0.5, n_boot=20),
    "auc_permutation_test": lambda y, s: ec.auc_permutation_test(y, s),
    "paired_permutation_test": lambda y, s: ec.paired_permutation_test(y, s, s[::-1]),
    "paired_permutation_test mean_gap": lambda y, s: ec.paired_permutation_test(
        y, s, s[::-1], metric=mean_gap),
}


def floats_of(result) -> list[float]:
    """The float fields of a result, nested results opened, whether it unpacks (a test's
    NamedTuple) or is read by name (an interval's dataclass)."""
    if isinstance(result, float):
        return [result]
    if dataclasses.is_dataclass(result):
        parts = [getattr(result, field.name) for field in dataclasses.fields(result)]
    elif isinstance(result, tuple):
        parts = list(result)
    else:
        return []
    return [value for part in parts for value in floats_of(part)]


@pytest.mark.parametrize("call", STATISTICS.values(), ids=STATISTICS.keys())
@pytest.mark.parametrize("labels", [[1] * 5, [0] * 5])
def test_one_class_gives_nan_and_exactly_one_warning(call, labels):
    result, categories = said(lambda: call(labels, [0.1, 0.4, 0.2, 0.9, 0.5]))
    assert categories == ["UndefinedMetricWarning"]
    assert any(math.isnan(v) for v in floats_of(result))
