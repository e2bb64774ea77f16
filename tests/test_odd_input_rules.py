"""The last odd inputs, checked over every public function they reach.

The functions are found, not listed: every public callable of ``evalcore`` whose first
parameter is ``y_true`` (widgets aside, tested with their front ends). Each must answer an
odd input by the documented rule: a ``TypeError`` or ``ValueError`` naming the argument and
the rule broken, never an ``AttributeError`` or numpy's "truth value of an array is
ambiguous". A function that needs an argument this file does not know fails
``test_every_function_is_reached``, so a new function cannot slip past.
"""

from __future__ import annotations

import inspect
import math
import sys
import warnings

import numpy as np
import pandas as pd
import pytest

import evalcore as ec
from evalcore.core.options import check_count
from evalcore.core.validation import MixedLabelTypesError, check_label, shown

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


# ---------------------------------------------------------------- no array-like at all

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


def test_lists_tuples_ranges_arrays_and_series_are_read_alike():
    expected = ec.roc_auc(Y, S)
    for y, s in ((tuple(Y), tuple(S)), (np.array(Y), np.array(S)),
                 (pd.Series(Y), pd.Series(S)), (Y, range(len(Y)))):
        value = ec.roc_auc(y, s)
        assert value == (expected if not isinstance(s, range) else ec.roc_auc(Y, list(s)))


# --------------------------------------------------------------- one label, one option

ONE_LABEL_REFUSED = [np.array([1]), np.array(1), np.array([0, 1]), [1], (1,), {1}]


@pytest.mark.parametrize("name", [name for name, p in FUNCTIONS.items() if "pos_label" in p])
@pytest.mark.parametrize("pos_label", ONE_LABEL_REFUSED,
                         ids=["array1", "array0d", "array2", "list", "tuple", "set"])
def test_pos_label_that_is_not_one_label_is_a_type_error_naming_it(name, pos_label):
    with pytest.raises(TypeError, match=r"pos_label must be one label \(a number, a string or "
                                        r"a bool\)"):
        call(name, pos_label=pos_label)


@pytest.mark.parametrize("pos_label", [np.int64(1), np.float64(1.0), np.bool_(True), 1, 1.0,
                                       True])
def test_numpy_scalars_are_one_label(pos_label):
    assert ec.roc_auc(Y, S, pos_label=pos_label) == ec.roc_auc(Y, S)
    assert ec.confusion_matrix(Y, PREDICTED, pos_label=pos_label) == ec.confusion_matrix(Y, PREDICTED)
    assert ec.roc_auc(["n", "p"] * 4, S, pos_label=np.str_("p")) == ec.roc_auc([0, 1] * 4, S)


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


def test_check_label():
    assert check_label("a", "x") == "a" and check_label(np.int8(3), "x") == 3
    with pytest.raises(TypeError, match=r"x must be one label .*got ndarray array\(\[1, 2\]\)"):
        check_label(np.array([1, 2]), "x")


# --------------------------------------------------------------------- mixed label kinds

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


def test_mixed_label_types_error_is_scikit_learns_kind_of_error():
    from sklearn.utils._param_validation import InvalidParameterError

    assert issubclass(MixedLabelTypesError, ValueError)
    assert issubclass(MixedLabelTypesError, TypeError)
    # the same two bases as scikit-learn's, so an except clause for either catches both
    assert set(InvalidParameterError.__mro__[1:3]) == set(MixedLabelTypesError.__mro__[1:3])
    with pytest.raises(MixedLabelTypesError, match=r"y_true holds strings and y_pred numbers"):
        ec.confusion_matrix(["0", "1"], [0, 1])


def test_a_list_of_strings_only_is_no_mix():
    assert ec.roc_auc(["n", "p"] * 4, S, pos_label="p") == ec.roc_auc([0, 1] * 4, S)


# -------------------------------------------------------------- two label codings at once

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


def test_one_coding_split_between_truth_and_predictions_is_read():
    # {0, 1} and {-1, 1} split between the two arrays are still one coding each
    assert ec.confusion_matrix([0, 0], [1, 1]) == ec.ConfusionMatrix.from_counts(tp=0, fp=2, fn=0, tn=0)
    assert ec.confusion_matrix([-1, -1], [1, 1]) == ec.confusion_matrix([0, 0], [1, 1])
    assert ec.confusion_matrix([True, True], [-1, -1]) == ec.ConfusionMatrix.from_counts(
        tp=0, fp=0, fn=2, tn=0)
    # and with pos_label any two labels are read, 0 and -1 included
    assert ec.confusion_matrix([0, 0], [-1, -1], pos_label=0) == ec.ConfusionMatrix.from_counts(
        tp=0, fp=0, fn=2, tn=0)


def test_labels_of_no_coding_need_pos_label_naming_both_arrays():
    with pytest.raises(ValueError, match=r"y_true and y_pred hold labels \['a', 'b'\]: name the "
                                         r"positive class with pos_label"):
        ec.confusion_matrix(["a", "b"], ["b", "a"])


# ---------------------------------------------------------------------- swapped arguments

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


def test_scores_as_labels_are_called_scores_and_many_integer_classes_multiclass():
    with pytest.raises(ValueError, match=r"non-integer values look like scores, not labels"):
        ec.roc_auc(S, S)
    with pytest.raises(ValueError, match=r"got 3: 0, 1, 2; for more than two classes see "
                                         r"multiclass_auc"):
        ec.roc_auc([0, 1, 2, 2], [0.1, 0.2, 0.3, 0.4])


# ------------------------------------------------------------ numbers as a person reads them

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


def test_shown():
    assert shown(np.float64(0.5)) == "0.5" and shown(np.str_("a")) == "'a'"
    assert shown(np.int64(3)) == "3" and shown([1]) == "[1]" and shown(True) == "True"


# ----------------------------------------------------------- counts beyond float64's range

def test_check_count_keeps_counts_exact_within_float64s_range():
    assert check_count(2 ** 1000, "tp") == 2 ** 1000 and type(check_count(2 ** 1000, "tp")) is int
    assert check_count(np.int64(5), "tp") == 5 and type(check_count(np.int64(5), "tp")) is int
    assert check_count(1.5e308, "tp") == 1.5e308
    assert math.copysign(1, check_count(-0.0, "tp")) == 1.0
    largest = int(sys.float_info.max)                  # the largest float, as an integer
    assert check_count(largest, "tp") == largest


@pytest.mark.parametrize("count", [int(sys.float_info.max) + 1, 10 ** 400, 2 ** 1024])
def test_check_count_refuses_a_count_beyond_float64s_range(count):
    with pytest.raises(ValueError, match=rf"tp must be a count within float64's range "
                                         rf"\(at most 1.798e\+308\), got an integer of "
                                         rf"{len(str(count))} digits"):
        check_count(count, "tp")


@pytest.mark.parametrize("bad, error, message", [
    (True, TypeError, "must be a number"), ("3", TypeError, "must be a number"),
    (None, TypeError, "must be a number"), (-1, ValueError, "must be a finite non-negative"),
    (math.inf, ValueError, "must be a finite non-negative"),
    (math.nan, ValueError, "must be a finite non-negative"),
    (np.array([1]), TypeError, "must be a number"),
])
def test_check_count_refuses_what_is_no_count(bad, error, message):
    with pytest.raises(error, match=rf"tp {message}"):
        check_count(bad, "tp")


@pytest.mark.skipif(np.finfo(np.longdouble).maxexp <= 1024, reason="long double is float64 here")
def test_check_count_refuses_a_long_double_beyond_float64s_range():
    with pytest.raises(ValueError, match=r"tp must be a count within float64's range"):
        check_count(np.longdouble(2) ** 1100, "tp")


def test_mutual_information_refuses_a_table_count_beyond_float64s_range():
    with pytest.raises(ValueError, match=r"table must be a count within float64.s range"):
        ec.mutual_information_from_table([[10 ** 400, 1], [2, 10 ** 400]])


def test_confusion_matrix_refuses_a_count_beyond_float64s_range():
    with pytest.raises(ValueError, match=r"tp must be a count within float64's range"):
        ec.ConfusionMatrix.from_counts(tp=10 ** 400, fp=1, fn=1, tn=1)


@pytest.mark.parametrize("make, message", [
    (lambda rows: (row for row in rows), r"got a generator, which the first function"),
    (lambda rows: map(list, rows), r"got a map, which the first function"),
    (lambda rows: dict(enumerate(rows)), r"got a dict, which has no order"),
    (lambda rows: None, r" is required"),
    (lambda rows: 0.5, r"got a scalar 0.5"),
], ids=["generator", "map", "dict", "None", "scalar"])
def test_multiclass_scores_that_are_no_array_like_are_a_type_error(make, message):
    rows = np.eye(3).tolist()
    with pytest.raises(TypeError, match=rf"y_score.*{message}"):
        ec.multiclass_auc([0, 1, 2], make(rows))
