"""Odd input checked over every public function it reaches.

The functions are found, not listed: every public callable of ``evalcore`` whose first
parameter is ``y_true`` (widgets aside, tested with their front ends). Each must answer an
odd input by the documented rule: a ``TypeError`` or ``ValueError`` naming the argument and
the rule broken, never an ``AttributeError`` or numpy's "truth value of an array is
ambiguous". A function that needs an argument this file does not know fails
``test_every_function_is_reached``, so a new function cannot slip past. Then the labels of
the hard-prediction functions (the confusion matrix, information, calibration, multiclass
AUC), missing or of mixed kinds, in one table each."""

from __future__ import annotations

import inspect
import math
import warnings

import numpy as np
import pandas as pd
import pytest

import evalcore as ec


Y = [0, 0, 1, 1, 0, 1, 0, 1]
S = [0.1, 0.4, 0.35, 0.8, 0.2, 0.7, 0.3, 0.9]
PREDICTED = [0, 1, 1, 1, 0, 0, 0, 1]
WIDGETS = {"threshold_explorer", "distribution_explorer", "slider_stack", "self_check"}
#: values for the arguments some functions require besides the data
REQUIRED = {"threshold": 0.5, "max_fpr": 0.5, "min_precision": 0.5, "specificity": 0.8,
            "sensitivity": 0.8, "cost_fp": 1.0, "cost_fn": 2.0, "probability_cost": [0.5],
            "metric": ec.roc_auc, "prevalence": 0.1, "k": 3,
            "groups": ["a", "a", "a", "a", "b", "b", "b", "b"], "threshold_probability": 0.2}
#: arguments that are optional but of which a function needs one
NEEDED = {"partial_auc": {"max_fpr": 0.5}, "confusion_matrix_at": {"threshold": 0.5},
          "threshold_at_fpr": {"max_fpr": 0.5}, "threshold_at_precision": {"min_precision": 0.5}}
DATA = {"y_true": Y, "y_score": S, "y_prob": S, "y_pred": PREDICTED, "y_score_a": S,
        "y_score_b": S[::-1]}


def data_functions():
    """Every public function taking ``y_true`` first, with its data arguments' names."""
    found = {}
    for name in sorted(ec.__all__):
        function = getattr(ec, name)
        if name in WIDGETS or isinstance(function, type) or not callable(function):
            continue
        parameters = inspect.signature(function).parameters
        if list(parameters)[:1] == ["y_true"]:
            found[name] = parameters
    return found


FUNCTIONS = data_functions()


def call(name, **replaced):
    """Call function ``name`` on the toy data with some arguments replaced."""
    parameters = FUNCTIONS[name]
    arguments = dict(NEEDED.get(name, {}))
    for parameter in parameters.values():
        if parameter.name in replaced:
            arguments[parameter.name] = replaced[parameter.name]
        elif parameter.name in DATA:
            arguments[parameter.name] = DATA[parameter.name]
        elif parameter.default is inspect.Parameter.empty \
                and parameter.kind not in (parameter.VAR_KEYWORD, parameter.VAR_POSITIONAL):
            arguments[parameter.name] = REQUIRED[parameter.name]
    if name == "multiclass_auc" and "y_score" not in replaced:
        arguments["y_score"] = np.c_[1 - np.array(S), S]
    positional = [arguments.pop(p.name) for p in parameters.values()
                  if p.kind is p.POSITIONAL_OR_KEYWORD and p.name in arguments]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = ec.__dict__[name](*positional, **arguments)
    import matplotlib.pyplot as plt
    plt.close("all")
    return result


@pytest.mark.slow
def test_every_function_is_reached():
    assert len(FUNCTIONS) >= 45
    for name in FUNCTIONS:
        call(name)          # the toy data is valid for each: only the odd input fails below


def cases(argument_names):
    return [(name, argument) for name, parameters in FUNCTIONS.items()
            for argument in argument_names if argument in parameters
            and not (name == "multiclass_auc" and argument == "y_score")]


ARRAY_ARGUMENTS = ("y_true", "y_score", "y_prob", "y_pred", "y_score_a", "y_score_b",
                   "sample_weight")


def value_of(argument):
    return [1.0] * len(Y) if argument == "sample_weight" else DATA[argument]


# ------------------------------------------------------------------------- no array-like at all

# A generator (or another one-pass iterator) is refused, not read: the first function that
# reads it uses it up, and a function reading an argument twice would see it empty.
@pytest.mark.parametrize("name, argument", cases(ARRAY_ARGUMENTS))
@pytest.mark.parametrize("make, kind", [
    (lambda v: (x for x in v), "generator"),
    (lambda v: iter(v), "list_iterator"),
    (lambda v: map(float, v), "map"),
    (lambda v: dict(enumerate(v)).values(), "dict_values"),
], ids=["generator", "iterator", "map", "dict_values"])
def test_a_one_pass_iterator_is_a_type_error_naming_the_argument(name, argument, make, kind):
    with pytest.raises(TypeError, match=rf"{argument} must be a 1-D array-like .* got a {kind}.*"
                                        rf"list\(\.\.\.\)"):
        call(name, **{argument: make(value_of(argument))})


# A set or a dict has no sample order: the i-th label could not meet the i-th score.
@pytest.mark.parametrize("name, argument", cases(ARRAY_ARGUMENTS))
@pytest.mark.parametrize("make, kind", [
    (lambda v: set(v), "set"), (lambda v: frozenset(v), "frozenset"),
    (lambda v: dict(enumerate(v)), "dict"), (lambda v: dict(enumerate(v)).keys(), "dict_keys"),
], ids=["set", "frozenset", "dict", "dict_keys"])
def test_an_unordered_collection_is_a_type_error_naming_the_argument(name, argument, make, kind):
    with pytest.raises(TypeError, match=rf"{argument} must be a 1-D array-like .* got a {kind}, "
                                        rf"which has no order"):
        call(name, **{argument: make(value_of(argument))})


@pytest.mark.parametrize("odd", [object(), len, Ellipsis], ids=["object", "function", "Ellipsis"])
def test_an_object_that_is_no_sequence_is_a_type_error(odd):
    for argument in ("y_true", "y_score", "sample_weight"):
        with pytest.raises(TypeError, match=rf"{argument} must be a 1-D array-like"):
            call("roc_auc", **{argument: odd})


# ------------------------------------------------------------------------ one label, one option

ONE_LABEL_REFUSED = [np.array([1]), np.array(1), np.array([0, 1]), [1], (1,), {1}]


@pytest.mark.parametrize("name", [name for name, p in FUNCTIONS.items() if "pos_label" in p])
@pytest.mark.parametrize("pos_label", ONE_LABEL_REFUSED,
                         ids=["array1", "array0d", "array2", "list", "tuple", "set"])
def test_pos_label_that_is_not_one_label_is_a_type_error_naming_it(name, pos_label):
    with pytest.raises(TypeError, match=r"pos_label must be one label \(a number, a string or "
                                        r"a bool\)"):
        call(name, pos_label=pos_label)


OPTIONS = [  # (function, the option, a valid value): an array of that value is refused
    ("roc_auc", "method", "rank"), ("plot_pr_area", "method", "step"),
    ("threshold_at_fpr", "rule", ">="), ("threshold_at_precision", "rule", ">="),
    ("threshold_max_fbeta", "rule", ">="), ("confusion_matrix_at", "rule", ">="),
    ("multiclass_auc", "multi_class", "ovo"), ("multiclass_auc", "average", "macro"),
    ("delong_test", "alternative", "two-sided"),
    ("auc_permutation_test", "alternative", "two-sided"),
]


@pytest.mark.parametrize("name, option, valid", OPTIONS, ids=[f"{n}-{o}" for n, o, _ in OPTIONS])
@pytest.mark.parametrize("wrap", [np.array, lambda v: np.array([v]), lambda v: np.array([v, v])],
                         ids=["0-d", "one", "two"])
def test_an_option_given_as_an_array_is_a_type_error_naming_it(name, option, valid, wrap):
    call(name, **{option: valid})                        # the value itself is fine
    with pytest.raises(TypeError, match=rf"{option} must be one of"):
        call(name, **{option: wrap(valid)})


# ---------------------------------------------------------------------------- mixed label kinds

MIXED = [[0, "1", 1, 0, 0, 1, 0, 1], (0, "a", 1, "a", 0, 1, 0, 1),
         np.array([0, "1", 1, 0, 0, 1, 0, 1], dtype=object),
         pd.Series([0, "1", 1, 0, 0, 1, 0, 1]), [True, "yes", 1, 0, 0, 1, 0, 1]]


@pytest.mark.parametrize("name", [n for n in FUNCTIONS if n != "multiclass_auc"])
@pytest.mark.parametrize("labels", MIXED, ids=["list", "tuple", "object array", "Series",
                                               "bool and str"])
def test_labels_mixing_strings_and_numbers_raise_an_error_both_kinds_catch(name, labels):
    # numpy turns the list [0, "1", 1, 0] into the strings "0", "1", "1", "0": the values
    # as given are checked, so a mix is never read as two string labels
    for kind in (ValueError, TypeError):
        with pytest.raises(kind, match=r"Mix of label input types"):
            call(name, y_true=labels)


# -------------------------------------------------------------------- two label codings at once

TWO_CODINGS = [([0, 0, 0, 0], [-1, -1, -1, -1]), ([-1, -1, -1, -1], [0, 0, 0, 0]),
               ([False] * 4, [-1] * 4), ([0, 0, 0, 0], np.array([-1.0] * 4))]


@pytest.mark.parametrize("name", ["confusion_matrix", "mutual_information", "expected_cost"])
@pytest.mark.parametrize("truth, pred", TWO_CODINGS, ids=["0|-1", "-1|0", "False|-1", "0|-1.0"])
def test_truth_and_predictions_in_two_codings_are_refused(name, truth, pred):
    # 0 is the negative label of {0, 1} and -1 that of {-1, 1}: read each alone and both are
    # negative, so every case "agrees"; together they are two labels and no coding
    with pytest.raises(ValueError, match=r"y_true holds only .* and y_pred only .*two label "
                                         r"codings.*pos_label"):
        getattr(ec, name)(truth, pred)


# ---------------------------------------------------------------------------- swapped arguments

@pytest.mark.parametrize("name", [n for n, p in FUNCTIONS.items()
                                  if list(p)[1] in ("y_score", "y_prob")
                                  and n != "multiclass_auc"])
def test_scores_and_labels_swapped_are_named_as_such(name):
    rng = np.random.default_rng(0)
    labels = rng.integers(0, 2, 300)
    scores = rng.uniform(size=300)
    second = list(FUNCTIONS[name])[1]
    with pytest.raises(ValueError, match=rf"y_true must hold two classes.*got 300.*{second} "
                                         rf"holds only 0.0 and 1.0: the arguments look swapped"):
        call(name, y_true=scores, **{second: labels})


# --------------------------------------------------------------- numbers as a person reads them

@pytest.mark.parametrize("call_, shown_value", [
    (lambda: ec.roc_auc(Y, S, pos_label=np.int64(7)), "pos_label=7 "),
    (lambda: ec.brier_score(Y[:2], np.array([0.5, 1.5])), "first 1.5 "),
    (lambda: ec.reliability_curve(Y, S, n_bins=np.float64(2.5)), "got 2.5 "),
    (lambda: ec.threshold_max_fbeta(Y, S, beta=np.float64(-1.0)), "got -1.0"),
    (lambda: ec.predict(S, 0.5, rule=np.str_("=>")), "got '=>'"),
    (lambda: ec.partial_auc(Y, S, max_fpr=0.5, standardized=np.float64(1)), "got 1.0"),
])
def test_messages_show_numpy_scalars_as_plain_values(call_, shown_value):
    with pytest.raises((TypeError, ValueError)) as error:
        call_()
    assert shown_value in str(error.value) and "np." not in str(error.value)


# --------------------- missing values and mixed types: hard predictions, probabilities, classes

BAD_LABELS = [
    ("None", [0, None, 1, 1], ValueError, r"y_true holds missing values"),
    ("pd.NA", pd.Series([0, pd.NA, 1, 1], dtype=object), ValueError, r"y_true holds missing values"),
    ("pd.Int64 NA", pd.Series([0, None, 1, 1], dtype="Int64"), ValueError, r"y_true"),
    ("NaN", [0.0, math.nan, 1.0, 1.0], ValueError, r"y_true"),
    ("mixed", np.array([0, "1", 1, 0], dtype=object), TypeError, r"y_true mixes kinds.*Mix of label input types"),
    ("masked", np.ma.masked_array([0, 1, 1, 0], mask=[0, 1, 0, 0]), ValueError, r"y_true has masked entries"),
    ("scalar", 1, TypeError, r"y_true must be a 1-D array-like"),
]
BINARY_FUNCTIONS = {
    "confusion_matrix": lambda y: ec.confusion_matrix(y, [0, 1, 0, 0]),
    "mutual_information": lambda y: ec.mutual_information(y, [0, 1, 0, 0]),
    "confusion_matrix_at": lambda y: ec.confusion_matrix_at(y, [.1, .2, .3, .4], 0.25),
    "brier_score": lambda y: ec.brier_score(y, [.1, .2, .3, .4]),
    "log_loss": lambda y: ec.log_loss(y, [.1, .2, .3, .4]),
    "reliability_curve": lambda y: ec.reliability_curve(y, [.1, .2, .3, .4]),
    "multiclass_auc": lambda y: ec.multiclass_auc(y, [[.6, .4], [.3, .7], [.2, .8], [.9, .1]]),
}


@pytest.mark.parametrize("function", BINARY_FUNCTIONS)
@pytest.mark.parametrize("kind, labels, error, message", BAD_LABELS, ids=[b[0] for b in BAD_LABELS])
def test_bad_labels_are_refused_naming_y_true(function, kind, labels, error, message):
    with pytest.raises(error, match=message):
        BINARY_FUNCTIONS[function](labels)


@pytest.mark.parametrize("function", ["confusion_matrix", "mutual_information"])
def test_string_truth_against_integer_predictions_is_a_mix_of_types(function):
    call = getattr(ec, function)
    with pytest.raises(TypeError, match=r"y_true holds strings and y_pred numbers"):
        call(pd.Series(["0", "1", "1", "0"]), [0, 1, 0, 0])


@pytest.mark.parametrize("call, error, message", [
    (lambda: ec.predict(np.array([1, "NaT"], dtype="timedelta64[s]"), 0), ValueError, r"y_score holds missing values"),
    (lambda: ec.predict(np.ma.masked_array([.1, .2], mask=[0, 1]), .15), ValueError, r"y_score has masked entries"),
    (lambda: ec.brier_score([0, 1], [None, .5]), ValueError, r"y_prob holds missing values"),
    (lambda: ec.multiclass_auc([0, 1, 2], [[None, 0, 0], [0, 1, 0], [0, 0, 1]]), ValueError, r"y_score holds missing values"),
    (lambda: ec.multiclass_auc([0, 1, 2], np.ma.masked_array(np.eye(3), mask=np.eye(3))), ValueError, r"y_score has masked entries"),
    (lambda: ec.multiclass_auc([0, 1, 2], [["a", 0, 0], [0, 1, 0], [0, 0, 1]]), TypeError, r"y_score must hold numbers"),
    (lambda: ec.multiclass_auc([0, 1, 2], [[1, 0, 0], [0, 1], [0, 0, 1]]), ValueError, r"y_score must be a 2-D array"),
    (lambda: ec.multiclass_auc(np.array([1, 2, "NaT"], dtype="datetime64[D]"), np.eye(3)), ValueError, r"y_true holds missing values"),
    (lambda: ec.multiclass_auc(["a", "b", "c"], np.eye(3), labels=[0, 1, 2]), TypeError, r"Mix of label input types"),
    (lambda: ec.multiclass_auc([0, 1, 2], np.eye(3), labels=[0, None, 2]), ValueError, r"labels holds missing values"),
    (lambda: ec.ConfusionMatrix.from_array([["a", "b"], ["c", "d"]]), TypeError, r"table must hold numbers"),
    (lambda: ec.ConfusionMatrix.from_array([[None, 1], [1, 1]]), TypeError, r"table must hold numbers"),
    (lambda: ec.ConfusionMatrix.from_array([[math.nan, 1], [1, 1]]), ValueError, r"table must hold finite non-negative counts"),
    (lambda: ec.ConfusionMatrix.from_array([[True, False], [True, True]]), TypeError, r"table must hold numbers"),
    (lambda: ec.ConfusionMatrix.from_joint([["a", "b"], ["c", "d"]]), TypeError, r"table must hold numbers"),
    (lambda: ec.ConfusionMatrix.from_counts(tp=None, fp=1, fn=1, tn=1), TypeError, r"tp must be a number"),
    (lambda: ec.mutual_information_from_table([["a", 1], [1, 1]]), TypeError, r"table must hold numbers"),
    (lambda: ec.mutual_information_from_table([[None, 1], [1, 1]]), TypeError, r"table must hold numbers"),
    (lambda: ec.entropy(None), TypeError, r"probabilities is required"),
    (lambda: ec.entropy(pd.Series([0.5, pd.NA, 0.5])), ValueError, r"probabilities holds missing values"),
    (lambda: ec.entropy(["a", "b"]), TypeError, r"probabilities must hold numbers"),
])
def test_other_missing_and_mixed_input_is_refused_by_name(call, error, message):
    with pytest.raises(error, match=message):
        call()
