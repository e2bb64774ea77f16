"""Every function of (y_true, y_score, *, sample_weight, pos_label) reads its input by one
rule: bad input is a clear error naming the argument and the rule broken, and every accepted
container gives one answer."""

from __future__ import annotations

import math

import numpy as np
import pytest

import evalcore as ec


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
