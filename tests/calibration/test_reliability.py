"""evalcore/calibration/reliability.py: the reliability curve, the Brier score and the log loss.

References: scikit-learn's ``calibration_curve``, ``brier_score_loss`` and ``log_loss``
(independent implementations), a loop over samples for the bin counts, hand-computed values,
and exact fractions for extreme equal weights. ``log_loss`` clips at the probabilities' own
epsilon (float16, float32, float64; arrays, Series, frames, two columns; with weights) as
scikit-learn does, and as the clipped definition computed here in numpy."""

from __future__ import annotations

import inspect
import math
import warnings
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.calibration import calibration_curve
from sklearn.metrics import brier_score_loss
from sklearn.metrics import log_loss as sk_log_loss

import evalcore as ec


TOY_Y, TOY_P = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
RNG = np.random.default_rng(20240611)


@st.composite
def forecasts(draw, max_size=50):
    n = draw(st.integers(2, max_size))
    y = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    if 0 not in y or 1 not in y:
        y[0], y[-1] = 0, 1
    if draw(st.booleans()):   # values on the bin edges, and exact 0 and 1
        p = [k / 10 for k in draw(st.lists(st.integers(0, 10), min_size=n, max_size=n))]
    else:
        p = draw(st.lists(st.floats(0, 1), min_size=n, max_size=n))
    return np.array(y), np.array(p)


def sk(function, *args, **kwargs):
    """Call scikit-learn, silencing its deprecation notes on argument names."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        return function(*args, **kwargs)


# --------------------------------------------------------------------------------------- values

def test_toy_by_hand():
    assert ec.brier_score(TOY_Y, TOY_P) == pytest.approx((0.01 + 0.16 + 0.4225 + 0.04) / 4)
    assert ec.log_loss(TOY_Y, TOY_P) == pytest.approx(
        -(math.log(0.9) + math.log(0.6) + math.log(0.35) + math.log(0.8)) / 4)
    assert ec.brier_score([0, 1], [0.5, 0.5]) == 0.25


@settings(max_examples=150, deadline=None)
@given(forecasts())
def test_brier_and_log_loss_match_sklearn(data):
    y, p = data
    assert ec.brier_score(y, p) == pytest.approx(sk(brier_score_loss, y, p), rel=1e-12,
                                                 abs=1e-15)
    assert ec.log_loss(y, p) == pytest.approx(sk(sk_log_loss, y, p, labels=[0, 1]), rel=1e-9)


@settings(max_examples=60, deadline=None)
@given(forecasts(), st.data())
def test_weighted_match_sklearn(data, more):
    y, p = data
    w = np.array(more.draw(st.lists(st.floats(0.1, 5), min_size=len(y), max_size=len(y))))
    assert ec.brier_score(y, p, sample_weight=w) == pytest.approx(
        sk(brier_score_loss, y, p, sample_weight=w), rel=1e-9, abs=1e-15)
    assert ec.log_loss(y, p, sample_weight=w) == pytest.approx(
        sk(sk_log_loss, y, p, sample_weight=w, labels=[0, 1]), rel=1e-9)


def test_log_loss_clipping():
    # a positive forecast at 0: clipped to machine epsilon, costing -ln(eps) ≈ 36.04
    eps = np.finfo(np.float64).eps
    assert ec.log_loss([1], [0.0]) == pytest.approx(-math.log(eps))
    assert ec.log_loss([1, 0], [0.0, 0.0]) == pytest.approx(-math.log(eps) / 2, rel=1e-9)
    assert ec.log_loss([1], [0.0], eps=1e-3) == pytest.approx(-math.log(1e-3))
    assert ec.log_loss([1], [0.0], eps=0) == math.inf
    assert ec.log_loss([1, 0], [1.0, 0.0], eps=0) == 0.0
    # a zero-weight case cannot make the loss infinite
    assert ec.log_loss([1, 1], [0.0, 0.5], eps=0, sample_weight=[0, 1]) == pytest.approx(
        math.log(2))


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64, int])
def test_log_loss_clips_at_the_probabilities_own_precision_as_sklearn(dtype):
    """scikit-learn 1.9 clips at the machine epsilon of the probabilities' own float type
    (1.2e-7 for float32), not float64's: one confident miss among four then costs 4.07 in
    float32 where float64's epsilon would give 9.09. Integers are clipped as float64."""
    y = [1, 0, 1, 0]
    p = np.array([1, 0, 0, 0], dtype=dtype) if dtype is int else np.array(
        [0.9, 0.0, 0.0, 0.2], dtype=dtype)
    expected = sk_log_loss(y, p)
    eps = np.finfo(dtype if dtype is not int else np.float64).eps
    assert ec.log_loss(y, p) == pytest.approx(expected, rel=1e-3 if dtype is np.float16 else 1e-6)
    # the confident miss costs -ln(eps) of that type
    assert ec.log_loss([1], np.array([0.0], dtype=p.dtype)) == pytest.approx(-math.log(eps))
    # two columns (predict_proba's): each case reads its true class's own column, clipped
    # at the same epsilon, as scikit-learn does (in float16 the column 1 - p is rounded, so
    # the loss is no longer that of p alone)
    two = np.column_stack([1 - p, p]).astype(p.dtype)
    assert ec.log_loss(y, two) == pytest.approx(sk_log_loss(y, two),
                                                rel=1e-3 if dtype is np.float16 else 1e-6)


def test_labels_with_pos_label():
    assert ec.brier_score(["no", "yes"], [0.2, 0.7], pos_label="yes") == pytest.approx(
        (0.04 + 0.09) / 2)


# ---------------------------------- log_loss at the probabilities' own epsilon, as scikit-learn

def clipped_log_loss(y, chance_of_truth, eps, weight=None):
    """The definition: the mean of -ln(p_true clipped to [eps, 1 - eps]), in float64."""
    p = np.clip(np.asarray(chance_of_truth, dtype=np.float64), eps, 1 - eps)
    return float(np.average(-np.log(p), weights=weight))


#: Relative agreement with scikit-learn, which sums in the input's own type.
REL = {np.float16: 4e-3, np.float32: 1e-6, np.float64: 1e-12}


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("form", ["array", "series", "frame of two", "two columns"])
def test_log_loss_with_exact_zeros_and_ones_is_scikit_learns(dtype, form):
    p = np.array([0.9, 0.0, 0.0, 1.0, 0.2, 0.7], dtype=dtype)   # two confident misses
    y = [1, 0, 1, 0, 0, 1]
    two = np.column_stack([1 - p, p]).astype(dtype)
    given = {"array": p, "series": pd.Series(p), "frame of two": pd.DataFrame(two),
             "two columns": two}[form]
    assert ec.log_loss(y, given) == pytest.approx(sk_log_loss(y, given), rel=REL[dtype])
    # the definition, at the type's own epsilon (the true class's own column when two)
    truth = np.where(np.array(y) == 1, two[:, 1], two[:, 0]) if "two" in form else \
        np.where(np.array(y) == 1, p.astype(np.float64), 1 - p.astype(np.float64))
    assert ec.log_loss(y, given) == pytest.approx(
        clipped_log_loss(y, truth, np.finfo(dtype).eps), rel=1e-12)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_log_loss_with_weights_is_scikit_learns(dtype):
    n = 40
    y = RNG.integers(0, 2, n)
    y[:2] = [0, 1]
    p = np.round(RNG.random(n), 1).astype(dtype)          # exact 0s and 1s among them
    weight = RNG.random(n) * 3
    weight[5] = 0.0
    assert ec.log_loss(y, p, sample_weight=weight) == pytest.approx(
        sk_log_loss(y, p, sample_weight=weight), rel=REL[dtype])
    frame = pd.DataFrame(np.column_stack([1 - p, p]).astype(dtype))
    assert ec.log_loss(y, frame, sample_weight=weight) == pytest.approx(
        sk_log_loss(y, frame, sample_weight=weight), rel=REL[dtype])


def test_one_confident_miss_among_four_costs_the_float32_epsilon():
    """The tester's case: a float32 DataFrame (predict_proba wrapped by pandas) with one
    positive given probability 0. Clipped at float64's epsilon it cost 9.18; scikit-learn
    clips at float32's, 1.2e-7, and the miss costs -ln(1.2e-7) = 15.94, a quarter of it."""
    y = [0, 1, 1, 0]
    p = np.array([0.2, 0.0, 0.7, 0.1], dtype=np.float32)
    frame = pd.DataFrame(np.column_stack([1 - p, p]))
    assert ec.log_loss(y, frame) == pytest.approx(sk_log_loss(y, frame), rel=1e-6)
    truth = np.where(np.array(y) == 1, p, 1 - p)
    assert ec.log_loss(y, frame) == pytest.approx(
        clipped_log_loss(y, truth, np.finfo(np.float32).eps), rel=1e-12)
    assert clipped_log_loss(y, truth, np.finfo(np.float64).eps) == pytest.approx(9.18, abs=0.005)
    assert -math.log(np.finfo(np.float32).eps) == pytest.approx(15.94, abs=0.005)
    assert ec.log_loss([1, 0], np.array([0.0, 0.0], dtype=np.float32)) == pytest.approx(
        sk_log_loss([1, 0], np.array([0.0, 0.0], dtype=np.float32)), rel=1e-6)


def test_two_float32_columns_read_the_true_class_column_as_scikit_learn():
    """A negative given 5e-7 by float32 predict_proba: its own column says 5e-7, one minus
    the positive column (0.9999995 in float32) says 4.77e-7, 5 % less; scikit-learn reads
    the true class's own column."""
    negative = np.float32(5e-7)
    proba = np.array([[negative, 1 - negative], [0.3, 0.7], [0.6, 0.4], [0.2, 0.8]],
                     dtype=np.float32)
    y = [1, 1, 0, 1]
    assert ec.log_loss(y, proba) == pytest.approx(sk_log_loss(y, proba), rel=1e-6)
    y = [0, 1, 0, 1]
    assert ec.log_loss(y, proba) == pytest.approx(sk_log_loss(y, proba), rel=1e-6)


@pytest.mark.parametrize("given", [
    [0, 1, 1, 0],                                             # integers: float64's epsilon
    [np.float32(0.0), np.float32(1.0), np.float32(0.0), np.float32(0.5)],   # a list
    np.array([0.0, 1.0, 0.0, 0.5], dtype=np.longdouble),
    pd.Series([0.0, 1.0, 0.0, 0.5], dtype="Float32"),         # pandas' nullable type
    pd.DataFrame({"a": np.array([1.0, 0.0, 1.0, 0.5], dtype=np.float32),
                  "b": np.array([0.0, 1.0, 0.0, 0.5])}),      # float32 and float64: float64
], ids=["integers", "list of float32", "long double", "nullable Float32", "mixed frame"])
def test_other_inputs_clip_as_scikit_learn_does(given):
    y = [1, 0, 1, 0]
    assert ec.log_loss(y, given) == pytest.approx(sk_log_loss(y, given), rel=1e-9)


def test_scikit_learn_takes_no_eps_and_evalcore_keeps_it():
    """The docstring's claim: scikit-learn 1.9 has no eps; evalcore's eps=0 clips nothing."""
    assert "eps" not in inspect.signature(sk_log_loss).parameters
    assert ec.log_loss([1, 0], np.array([0.0, 0.0], dtype=np.float32), eps=0) == math.inf


# ---------------------------------------------------------------------------- reliability curve

@settings(max_examples=150, deadline=None)
@given(forecasts(), st.integers(1, 12))
def test_reliability_matches_sklearn(data, n_bins):
    y, p = data
    ours = ec.reliability_curve(y, p, n_bins=n_bins)
    observed, predicted = calibration_curve(y, p, n_bins=n_bins, strategy="uniform")
    np.testing.assert_allclose(ours.observed_frequency, observed, atol=1e-12)
    np.testing.assert_allclose(ours.mean_predicted, predicted, atol=1e-12)
    assert ours.counts.sum() == len(y)


def test_reliability_bins_by_loop():
    # bins (e_k, e_{k+1}], with 0 in the first: 0.5 belongs to bin 0 of two
    y = [0, 1, 1, 0, 1, 1]
    p = [0.0, 0.5, 0.5, 0.51, 1.0, 0.25]
    curve = ec.reliability_curve(y, p, n_bins=2)
    low = [i for i, v in enumerate(p) if v <= 0.5]
    high = [i for i, v in enumerate(p) if v > 0.5]
    assert curve.counts.tolist() == [len(low), len(high)]
    assert curve.mean_predicted.tolist() == pytest.approx(
        [sum(p[i] for i in low) / len(low), sum(p[i] for i in high) / len(high)])
    assert curve.observed_frequency.tolist() == pytest.approx(
        [sum(y[i] for i in low) / len(low), sum(y[i] for i in high) / len(high)])
    assert curve.bin_edges.tolist() == [0.0, 0.5, 1.0]


def test_reliability_empty_bins_left_out_and_weights():
    curve = ec.reliability_curve([0, 1, 1], [0.05, 0.95, 0.92], n_bins=10)
    assert curve.counts.tolist() == [1, 2]
    weighted = ec.reliability_curve([0, 1, 0], [0.3, 0.3, 0.3], n_bins=5,
                                    sample_weight=[1, 3, 0])
    assert weighted.observed_frequency.tolist() == [0.75]


# --------------------------------------------------------------------------------------- errors

@pytest.mark.parametrize("function", [ec.brier_score, ec.log_loss, ec.reliability_curve])
def test_probabilities_outside_unit_interval(function):
    with pytest.raises(ValueError, match=r"y_prob must hold probabilities in \[0, 1\]"):
        function([0, 1], [-0.1, 0.5])
    with pytest.raises(ValueError, match=r"y_prob must hold probabilities in \[0, 1\]"):
        function([0, 1], [0.2, 1.5])


def test_other_errors():
    # the wrong kind of value is a TypeError, a value out of range a ValueError
    with pytest.raises(ValueError, match="n_bins must be an integer between 1 and"):
        ec.reliability_curve(TOY_Y, TOY_P, n_bins=0)
    with pytest.raises(TypeError, match="n_bins must be an integer"):
        ec.reliability_curve(TOY_Y, TOY_P, n_bins=2.5)
    with pytest.raises(ValueError, match=r"eps must lie in \[0, 0.5\)"):
        ec.log_loss(TOY_Y, TOY_P, eps=0.7)
    with pytest.raises(ValueError, match="same length"):
        ec.brier_score([0, 1, 1], [0.1, 0.2])
    # the argument is y_prob: the message names it so (it said y_score before)
    with pytest.raises(ValueError, match="y_prob must be finite"):
        ec.brier_score([0, 1], [0.1, float("nan")])
    with pytest.raises(TypeError, match="y_prob must hold numbers"):
        ec.log_loss([0, 1], ["0.1", "0.2"])
    with pytest.raises(ValueError, match=r"y_prob must hold probabilities in \[0, 1\].*first 1.5 "):
        ec.brier_score([0, 1], np.array([0.1, 1.5]))     # 1.5, not np.float64(1.5)


# ------------------------------------------------------------------ predict_proba's two columns

PROBA_CASES = [
    # labels, pos_label, the positive class's column in sorted label order
    ([0, 0, 1, 1, 0], None, 1),
    ([-1, -1, 1, 1, -1], None, 1),
    ([False, False, True, True, False], None, 1),
    (["ham", "ham", "spam", "spam", "ham"], "spam", 1),
    (["ham", "ham", "spam", "spam", "ham"], "ham", 0),
    ([0, 0, 1, 1, 0], 0, 0),
]


@pytest.mark.parametrize("labels, pos_label, column", PROBA_CASES)
@pytest.mark.parametrize("metric, reference", [
    (ec.brier_score, brier_score_loss), (ec.log_loss, sk_log_loss)])
def test_predict_proba_columns_give_scikit_learns_value(labels, pos_label, column, metric,
                                                        reference):
    p = np.array([0.1, 0.4, 0.35, 0.8, 0.5])
    proba = np.c_[1 - p, p] if column == 1 else np.c_[p, 1 - p]
    ours = metric(labels, proba, pos_label=pos_label)
    assert ours == metric(labels, p, pos_label=pos_label)
    if metric is ec.brier_score:
        assert ours == pytest.approx(reference(labels, proba, pos_label=pos_label), rel=1e-12)
    else:       # scikit-learn's log_loss reads the columns in sorted label order, no pos_label
        assert ours == pytest.approx(reference(labels, proba), rel=1e-12)


def test_predict_proba_of_a_real_classifier_as_one_column_and_two():
    from sklearn.linear_model import LogisticRegression

    rng = np.random.default_rng(0)
    x = rng.normal(size=(60, 2))
    y = (x[:, 0] + rng.normal(size=60) > 0).astype(int)
    proba = LogisticRegression().fit(x, y).predict_proba(x)
    for metric in (ec.brier_score, ec.log_loss):
        assert metric(y, proba) == metric(y, proba[:, 1])
    np.testing.assert_array_equal(ec.reliability_curve(y, proba).counts,
                                  ec.reliability_curve(y, proba[:, 1]).counts)
    np.testing.assert_array_equal(ec.reliability_curve(y, proba.astype(np.float32)).counts,
                                  ec.reliability_curve(y, proba[:, 1].astype(np.float32)).counts)


@pytest.mark.parametrize("call, message", [
    (lambda: ec.brier_score(TOY_Y, np.c_[TOY_P, TOY_P]), r"row 0 sums to 0.2, not 1"),
    (lambda: ec.log_loss(TOY_Y, np.c_[TOY_P, np.ones(4)]), r"row 3 sums to 1.8, not 1"),     # the row farthest from 1
    (lambda: ec.brier_score(["a"] * 4, np.c_[TOY_P, 1 - np.array(TOY_P)], pos_label="a"),
     r"y_true holds only 'a'.*y_prob\[:, k\]"),
    (lambda: ec.brier_score(TOY_Y, np.c_[TOY_P, TOY_P][:3]), r"y_prob has 3 rows.*y_true has 4"),
    (lambda: ec.brier_score(TOY_Y, np.c_[TOY_P, TOY_P, TOY_P]), r"y_prob must be 1-D"),
])
def test_two_columns_that_are_not_class_probabilities_are_refused(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_swapped_arguments_are_named_as_such():
    with pytest.raises(ValueError, match=r"y_true must hold two classes.*got 5.*y_prob holds "
                                         r"only 0.0 and 1.0: the arguments look swapped"):
        ec.brier_score([0.1, 0.4, 0.35, 0.8, 0.5], [0, 0, 1, 1, 0])


def test_single_class_is_defined():
    # forecasts of a single-class sample are still scored (no warning, no nan)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert ec.brier_score([1, 1], [0.5, 1.0]) == pytest.approx(0.125)
        assert ec.log_loss([0, 0], [0.5, 0.5]) == pytest.approx(math.log(2))


# ------------------------------------------------------------------------------------ odd input

Y4, P4 = [0, 1, 1, 0, 1], [0.1, 0.8, 0.3, 0.2, 0.65]


@pytest.mark.parametrize("weight", [1e308, 1.5e308, 5e-324, 1e-310])
def test_brier_and_log_loss_with_extreme_equal_weights_are_the_unweighted_values(weight):
    w = [weight] * len(Y4)
    brier = sum(Fraction(p) ** 2 if y == 0 else (1 - Fraction(p)) ** 2
                for y, p in zip(Y4, P4)) / len(Y4)
    loss = -sum(math.log(p if y else 1 - p) for y, p in zip(Y4, P4)) / len(Y4)
    assert ec.brier_score(Y4, P4, sample_weight=w) == pytest.approx(float(brier), rel=1e-15)
    assert ec.log_loss(Y4, P4, sample_weight=w) == pytest.approx(loss, rel=1e-15)
    curve = ec.reliability_curve(Y4, P4, n_bins=2, sample_weight=w)
    assert curve.mean_predicted.tolist() == pytest.approx([0.2, (0.8 + 0.65) / 2], rel=1e-15)
    assert curve.observed_frequency.tolist() == pytest.approx([1 / 3, 1.0], rel=1e-15)
