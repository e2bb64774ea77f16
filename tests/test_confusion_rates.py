"""The rates a practitioner expects from a confusion matrix, against scikit-learn and their
definitions; the undefined cases by the one policy; invariance to the scale of the counts."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sklearn import metrics

import evalcore as ec

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


def test_mcc_of_huge_counts_is_not_zero():
    # the product of the four margins overflows to inf without rescaling
    cm = ec.ConfusionMatrix.from_counts(tp=3e80, fp=1e80, fn=1e80, tn=3e80)
    assert cm.mcc == pytest.approx(0.5, rel=1e-15)


def test_fbeta_of_a_huge_beta_is_the_recall():
    cm = ec.ConfusionMatrix.from_counts(tp=4, fp=1, fn=2, tn=3)
    assert cm.fbeta(1e200) == pytest.approx(4 / 6, rel=1e-15)
    assert cm.fbeta(1e-200) == pytest.approx(4 / 5, rel=1e-15)


def test_a_weighted_count_is_never_printed_as_an_integer():
    cm = ec.ConfusionMatrix.from_counts(tp=1, fp=0.5, fn=0, tn=2)
    text = cm.format("sklearn")
    assert "0.500" in text and "2.000" in text
    assert "<td>0.5</td>" in cm.to_html()


@pytest.mark.parametrize("caption", [5, b"x", ["a"]])
def test_to_html_rejects_a_caption_that_is_not_text(caption):
    with pytest.raises(TypeError, match="caption must be a str"):
        ec.ConfusionMatrix.from_counts(tp=1, fp=0, fn=0, tn=2).to_html(caption=caption)


@pytest.mark.parametrize("digits, error", [(-1, ValueError), (2.5, TypeError),
                                           (True, TypeError), ("3", TypeError)])
def test_format_rejects_bad_digits(digits, error):
    # the wrong kind of value is a TypeError, an integer out of range a ValueError
    with pytest.raises(error, match="digits must be an integer"):
        ec.ConfusionMatrix.from_counts(tp=1, fp=0, fn=0, tn=2).format(digits=digits)
