"""evalcore/core/validation.py: how every public function reads its arrays and labels.

Containers read alike (lists, tuples, ranges, arrays, Series; a DataFrame column chosen),
labels in every coding (bool, {0, 1}, {-1, 1}, strings with pos_label), a label given as a
numpy scalar, labels mixing kinds refused with scikit-learn's kind of error, scores that look
like labels and labels that look like scores named as such, zero weights that remove a
class, labels read without a copy. (The same rules checked over every public function:
tests/test_odd_input_rules.py and tests/test_score_inputs.py.)"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd
import pytest

import evalcore as ec
from evalcore.core import validation as _validation
from evalcore.core.validation import MixedLabelTypesError, check_label, shown


# --------------------------------------------------------------- arrays read in their own dtype

def test_bool_labels_are_read_in_place_and_not_written():
    y = np.array([True, False, True, False])
    label, score, _ = _validation.check_binary_scores(y, [0.1, 0.2, 0.3, 0.4],
                                                      keep_dtype=True)
    assert np.shares_memory(label, y) and not label.flags.writeable
    assert label.tolist() == [1, 0, 1, 0]
    flipped, _, _ = _validation.check_binary_scores(y, [0.1, 0.2, 0.3, 0.4], pos_label=False)
    assert flipped.tolist() == [0, 1, 0, 1]


@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.int8, np.bool_])
def test_keep_dtype_returns_the_scores_without_a_copy(dtype):
    s = np.array([1, 0, 1, 1], dtype=dtype)
    kept = _validation.check_scores(s, keep_dtype=True)
    assert kept is s or np.shares_memory(kept, s)
    assert _validation.check_scores(s).dtype == np.float64     # the default is unchanged


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16])
def test_non_finite_scores_are_refused_in_every_dtype(bad, dtype):
    s = np.array([0.1, bad, 0.3, bad], dtype=dtype)
    with pytest.raises(ValueError, match=r"y_score must be finite.*first at index 1, 2 in all"):
        ec.roc_auc([0, 1, 0, 1], s)


# ------------------------------------------------------------------ labels, containers, options

def test_bool_labels_read_like_integer_labels():
    as_bool = ec.confusion_matrix([False, True, True, False], [False, True, False, False])
    assert as_bool == ec.confusion_matrix([0, 1, 1, 0], [0, 1, 0, 0])
    assert ec.multiclass_auc([False, True, True, False], [[.6, .4], [.3, .7], [.2, .8], [.9, .1]]) \
        == ec.multiclass_auc([0, 1, 1, 0], [[.6, .4], [.3, .7], [.2, .8], [.9, .1]])


def test_zero_weights_remove_a_class():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert math.isnan(ec.roc_auc([0, 1, 1], [0.1, 0.2, 0.3], sample_weight=[0, 1, 1],
                                     method="pairs"))
    assert [c.category for c in caught] == [ec.UndefinedMetricWarning]
    assert "negative" in str(caught[0].message)


Y = [0, 0, 1, 1, 0, 1, 0, 1]
S = [0.1, 0.4, 0.35, 0.8, 0.2, 0.7, 0.3, 0.9]
PREDICTED = [0, 1, 1, 1, 0, 0, 0, 1]


def test_lists_tuples_ranges_arrays_and_series_are_read_alike():
    expected = ec.roc_auc(Y, S)
    for y, s in ((tuple(Y), tuple(S)), (np.array(Y), np.array(S)),
                 (pd.Series(Y), pd.Series(S)), (Y, range(len(Y)))):
        value = ec.roc_auc(y, s)
        assert value == (expected if not isinstance(s, range) else ec.roc_auc(Y, list(s)))


@pytest.mark.parametrize("pos_label", [np.int64(1), np.float64(1.0), np.bool_(True), 1, 1.0,
                                       True])
def test_numpy_scalars_are_one_label(pos_label):
    assert ec.roc_auc(Y, S, pos_label=pos_label) == ec.roc_auc(Y, S)
    assert ec.confusion_matrix(Y, PREDICTED, pos_label=pos_label) == ec.confusion_matrix(Y, PREDICTED)
    assert ec.roc_auc(["n", "p"] * 4, S, pos_label=np.str_("p")) == ec.roc_auc([0, 1] * 4, S)


def test_check_label():
    assert check_label("a", "x") == "a" and check_label(np.int8(3), "x") == 3
    with pytest.raises(TypeError, match=r"x must be one label .*got ndarray array\(\[1, 2\]\)"):
        check_label(np.array([1, 2]), "x")


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


def test_scores_as_labels_are_called_scores_and_many_integer_classes_multiclass():
    with pytest.raises(ValueError, match=r"non-integer values look like scores, not labels"):
        ec.roc_auc(S, S)
    with pytest.raises(ValueError, match=r"got 3: 0, 1, 2; for more than two classes see "
                                         r"multiclass_auc"):
        ec.roc_auc([0, 1, 2, 2], [0.1, 0.2, 0.3, 0.4])


def test_shown():
    assert shown(np.float64(0.5)) == "0.5" and shown(np.str_("a")) == "'a'"
    assert shown(np.int64(3)) == "3" and shown([1]) == "[1]" and shown(True) == "True"


# --------------------------------------------------------------------------------- a data frame

TOY_Y, TOY_S = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]


def test_dataframe_column_must_be_selected():
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"score": TOY_S})
    with pytest.raises(ValueError, match=r"y_score must be 1-D, got shape \(4, 1\)"):
        ec.roc_auc(TOY_Y, frame)
    assert ec.roc_auc(TOY_Y, frame["score"]) == ec.roc_auc(TOY_Y, TOY_S)
