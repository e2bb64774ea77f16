"""evalcore/core/combined.py: the metrics of a confusion matrix that combine its margins
(F-beta, F-alpha, MCC, informedness and markedness, the likelihood ratios, Cohen's kappa,
Jaccard, mutual information), read as ConfusionMatrix properties and methods.

References: scikit-learn's ``fbeta_score``, ``matthews_corrcoef``, ``cohen_kappa_score``,
``jaccard_score`` and ``class_likelihood_ratios`` on random cases; the definitions in exact
fractions (tests/reference.py); identities between the metrics on any counts (Hypothesis);
the undefined cases by the one policy and the options' errors."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import evalcore as ec

from helpers import CASES, close, cm_from, count_undefined, draw_predictions, metrics
from reference import exact_mcc, exact_rates, one_undefined_warning
from strategies import PROFILE, cell_counts


labels = st.lists(st.tuples(st.integers(0, 1), st.integers(0, 1)), min_size=2, max_size=60)


def matrix(pairs):
    y = np.array([t for t, _ in pairs])
    p = np.array([q for _, q in pairs])
    return y, p, ec.confusion_matrix(y, p)


def quiet(function, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return function(*args, **kwargs)


@settings(max_examples=200, deadline=None)
@given(labels)
def test_likelihood_ratios_equal_scikit_learn(pairs):
    y, p, cm = matrix(pairs)
    assume(cm.positives and cm.negatives and cm.fp and cm.tn)
    lr_plus, lr_minus = metrics.class_likelihood_ratios(y, p)
    assert cm.positive_likelihood_ratio == pytest.approx(lr_plus, rel=1e-12)
    assert cm.negative_likelihood_ratio == pytest.approx(lr_minus, rel=1e-12)
    assert cm.lr_plus == cm.positive_likelihood_ratio and cm.lr_minus == cm.negative_likelihood_ratio


@settings(max_examples=200, deadline=None)
@given(labels)
def test_kappa_equals_scikit_learn(pairs):
    y, p, cm = matrix(pairs)
    expected = quiet(metrics.cohen_kappa_score, y, p)
    assume(math.isfinite(expected))
    assert cm.cohen_kappa == pytest.approx(expected, rel=1e-12, abs=1e-15)
    assert cm.kappa == cm.cohen_kappa


@settings(max_examples=200, deadline=None)
@given(labels)
def test_jaccard_equals_scikit_learn(pairs):
    y, p, cm = matrix(pairs)
    assume(cm.tp + cm.fp + cm.fn > 0)
    assert cm.jaccard == pytest.approx(metrics.jaccard_score(y, p), rel=1e-12, abs=1e-15)
    assert cm.threat_score == cm.critical_success_index == cm.jaccard


def test_mcc_of_huge_counts_is_not_zero():
    # the product of the four margins overflows to inf without rescaling
    cm = ec.ConfusionMatrix.from_counts(tp=3e80, fp=1e80, fn=1e80, tn=3e80)
    assert cm.mcc == pytest.approx(0.5, rel=1e-15)


def test_fbeta_of_a_huge_beta_is_the_recall():
    cm = ec.ConfusionMatrix.from_counts(tp=4, fp=1, fn=2, tn=3)
    assert cm.fbeta(1e200) == pytest.approx(4 / 6, rel=1e-15)
    assert cm.fbeta(1e-200) == pytest.approx(4 / 5, rel=1e-15)


# ----------------------------------------- identities and invariances on any input (Hypothesis)

TOL = 1e-12


@PROFILE
@given(cell_counts, cell_counts, cell_counts, cell_counts)
def test_f_from_precision_and_recall(tp, fp, fn, tn):
    assume(tp > 0)
    cm = cm_from(tp, fp, fn, tn)
    p, r = cm.precision, cm.recall
    assert cm.f1 == pytest.approx(2 * p * r / (p + r), abs=TOL)
    assert cm.f1 == pytest.approx(2 / (1 / p + 1 / r), abs=TOL)
    for beta in (0.5, 2.0, 3.7):
        b2 = beta * beta
        assert cm.fbeta(beta) == pytest.approx((1 + b2) * p * r / (b2 * p + r), abs=TOL)
    assert min(p, r) <= cm.f1 <= max(p, r)


@PROFILE
@given(cell_counts, cell_counts, cell_counts, cell_counts, st.floats(0.001, 0.999))
def test_f_alpha_is_fbeta(tp, fp, fn, tn, alpha):
    assume(tp + fp + fn > 0)
    cm = cm_from(tp, fp, fn, tn)
    beta = math.sqrt((1 - alpha) / alpha)
    assert cm.f_alpha(alpha) == pytest.approx(cm.fbeta(beta), abs=TOL)
    if tp > 0:
        assert cm.f_alpha(alpha) == pytest.approx(
            1 / (alpha / cm.precision + (1 - alpha) / cm.recall), abs=TOL)
    if tp + fp > 0:
        assert cm.f_alpha(1.0) == pytest.approx(cm.precision, abs=TOL)
    if tp + fn > 0:
        assert cm.f_alpha(0.0) == pytest.approx(cm.recall, abs=TOL)
    assert cm.f_alpha(0.5) == pytest.approx(cm.f1, abs=TOL)


@PROFILE
@given(cell_counts, cell_counts, cell_counts, cell_counts)
def test_informedness_markedness_mcc(tp, fp, fn, tn):
    assume(tp + fn > 0 and fp + tn > 0 and tp + fp > 0 and fn + tn > 0)
    cm = cm_from(tp, fp, fn, tn)
    assert cm.informedness == pytest.approx(cm.tpr - cm.fpr, abs=TOL)
    assert cm.youden_j == cm.informedness
    assert cm.markedness == pytest.approx(cm.precision + cm.npv - 1, abs=TOL)
    # MCC is the signed geometric mean of informedness and markedness
    assert cm.mcc ** 2 == pytest.approx(cm.informedness * cm.markedness, abs=1e-9)
    assert -1.0 <= cm.mcc <= 1.0
    if cm.mcc != 0:
        assert np.sign(cm.mcc) == np.sign(cm.informedness)


@PROFILE
@given(cell_counts, cell_counts, cell_counts, cell_counts)
def test_mutual_information_bounds(tp, fp, fn, tn):
    assume(tp + fp + fn + tn > 0)
    cm = cm_from(tp, fp, fn, tn)
    n = cm.n
    h_truth = ec.entropy([cm.positives / n, cm.negatives / n])
    h_pred = ec.entropy([cm.predicted_positives / n, cm.predicted_negatives / n])
    h_joint = ec.entropy((cm.as_array() / n).ravel())
    mi = cm.mutual_information()
    assert mi >= 0.0
    assert mi == pytest.approx(h_truth + h_pred - h_joint, abs=1e-9)
    assert mi <= min(h_truth, h_pred) + 1e-9
    assert cm.mutual_information(base=2) == pytest.approx(mi / math.log(2), abs=1e-12)


# -------------------------------------------- random cases against scikit-learn and brute force

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


# ------------------------------------------------------------------------------------ odd input

BIG = 2 ** 60


def test_exact_integers_decide_a_cancelling_mcc_and_kappa():
    # tp·tn − fp·fn = (2**60 + 1)(2**60 − 1) − 2**120 = −1: float64 counts would give 0
    tp, fp, fn, tn = BIG + 1, BIG, BIG, BIG - 1
    cm = ec.ConfusionMatrix.from_counts(tp=tp, fp=fp, fn=fn, tn=tn)
    assert cm.mcc < 0 and cm.mcc == pytest.approx(exact_mcc(tp, fp, fn, tn), rel=1e-14)
    assert cm.cohen_kappa == float(exact_rates(tp, fp, fn, tn)["cohen_kappa"])
    assert cm.informedness == float(exact_rates(tp, fp, fn, tn)["informedness"])


def test_fbeta_at_the_ends_of_beta_where_precision_or_recall_is_zero():
    # F-beta is undefined only when tp = fn = fp = 0; otherwise 0 when tp = 0
    assert ec.ConfusionMatrix.from_counts(tp=0, fp=0, fn=5, tn=1).fbeta(1e-200) == 0.0
    assert ec.ConfusionMatrix.from_counts(tp=0, fp=3, fn=0, tn=1).fbeta(1e200) == 0.0
    cm = ec.ConfusionMatrix.from_counts(tp=4, fp=1, fn=2, tn=3)
    assert cm.fbeta(1e-200) == 4 / 5 and cm.fbeta(1e200) == 4 / 6


# --------------------------------------------------------------- bad input and undefined values

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


def test_undefined_methods():
    assert math.isnan(one_undefined_warning(cm_from(0, 0, 0, 5).fbeta, 2.0))
    assert math.isnan(one_undefined_warning(cm_from(0, 0, 3, 5).f_alpha, 1.0))    # = precision
    assert math.isnan(one_undefined_warning(cm_from(0, 2, 0, 5).f_alpha, 0.0))    # = recall
    assert math.isnan(one_undefined_warning(cm_from(0, 0, 0, 0).expected_cost))
    # from labels: precision with nothing called positive
    cm = ec.confusion_matrix([0, 1, 1], [0, 0, 0])
    assert math.isnan(one_undefined_warning(getattr, cm, "precision"))
