"""evalcore/core/layouts.py: the layouts a confusion matrix is printed in, and the matrix
shown as text and HTML (``format``, ``to_html``, ``as_array``).

Every layout round-trips and keeps the hits on its diagonal (Hypothesis); a weighted, huge,
tiny or negative-zero count is shown as it is; bad display options are refused by name.
``np.asarray(cm)`` and ``cm.ravel()`` are scikit-learn's ``confusion_matrix`` and its ravel
(weighted, string labels, counts beyond int64); the matrix is not iterable."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

import evalcore as ec

from helpers import cm_from, metrics
from strategies import PROFILE, cell_counts

RNG = np.random.default_rng(20240611)


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


@PROFILE
@given(cell_counts, cell_counts, cell_counts, cell_counts, st.sampled_from(sorted(ec.LAYOUTS)))
def test_layout_round_trip(tp, fp, fn, tn, layout):
    cm = cm_from(tp, fp, fn, tn)
    assert ec.ConfusionMatrix.from_array(cm.as_array(layout), layout=layout) == cm
    assert cm.as_array(layout).sum() == tp + fp + fn + tn
    assert np.trace(cm.as_array(layout)) == tp + tn        # every layout keeps hits on the diagonal


def test_a_weighted_count_is_shown_as_it_is():
    cm = ec.ConfusionMatrix.from_counts(tp=1, fp=0.5, fn=0, tn=2)
    assert "0.500" in cm.format() and "<td>0.5</td>" in cm.to_html()
    assert repr(cm) == "ConfusionMatrix(tp=1, fp=0.5, fn=0, tn=2)"


def test_display_of_huge_tiny_and_negative_zero_counts():
    huge = ec.ConfusionMatrix.from_counts(tp=1e300, fp=2.5, fn=0, tn=1)
    text = huge.format()
    assert "1e+300" in text and "2.5" in text and len(text) < 200
    assert "1e+300" in huge.to_html()
    tiny = ec.ConfusionMatrix.from_counts(tp=5e-324, fp=1e-5, fn=0, tn=2)
    assert "5e-324" in tiny.format() and "1e-05" in tiny.format()      # not shown as 0.000
    negative_zero = ec.ConfusionMatrix.from_counts(tp=-0.0, fp=1.5, fn=0, tn=2)
    assert repr(negative_zero) == "ConfusionMatrix(tp=0.0, fp=1.5, fn=0, tn=2)"
    assert "-0" not in negative_zero.format() and "-0" not in negative_zero.to_html()
    joint = ec.ConfusionMatrix.from_counts(tp=1, fp=0, fn=5000, tn=4999)
    assert "<0.001" in joint.format(normalize=True) and "0.000" in joint.format(normalize=True)


# ------------------------------------------- the matrix as scikit-learn's: np.asarray and ravel

@pytest.mark.parametrize("n", [1, 7, 200])
def test_asarray_and_ravel_are_scikit_learns(n):
    for _ in range(5):
        y = RNG.integers(0, 2, n)
        pred = RNG.integers(0, 2, n)
        cm = ec.confusion_matrix(y, pred)
        expected = metrics.confusion_matrix(y, pred, labels=[0, 1])
        array = np.asarray(cm)
        np.testing.assert_array_equal(array, expected)
        assert array.dtype == expected.dtype == np.int64
        np.testing.assert_array_equal(cm.ravel(), expected.ravel())
        tn, fp, fn, tp = cm.ravel()
        assert (tn, fp, fn, tp) == tuple(expected.ravel().tolist())


def test_weighted_counts_are_scikit_learns_values_in_float64():
    y = RNG.integers(0, 2, 100)
    pred = RNG.integers(0, 2, 100)
    weight = RNG.random(100)
    cm = ec.confusion_matrix(y, pred, sample_weight=weight)
    np.testing.assert_allclose(np.asarray(cm), metrics.confusion_matrix(
        y, pred, sample_weight=weight), rtol=1e-12)
    assert np.asarray(cm).dtype == np.float64
    # integer weights: scikit-learn keeps int64, evalcore's weighted counts are floats
    counts = RNG.integers(0, 5, 100)
    cm = ec.confusion_matrix(y, pred, sample_weight=counts)
    expected = metrics.confusion_matrix(y, pred, sample_weight=counts)
    np.testing.assert_array_equal(np.asarray(cm), expected)
    assert expected.dtype == np.int64 and np.asarray(cm).dtype == np.float64


def test_string_labels_with_pos_label_are_scikit_learns_sorted_layout():
    y = ["ham", "spam", "spam", "ham", "ham", "spam"]
    pred = ["spam", "spam", "ham", "ham", "ham", "spam"]
    cm = ec.confusion_matrix(y, pred, pos_label="spam")
    np.testing.assert_array_equal(np.asarray(cm), metrics.confusion_matrix(y, pred))


def test_the_matrix_is_not_iterable_and_pandas_reads_its_fields():
    cm = ec.confusion_matrix([0, 1, 1, 0], [0, 1, 0, 0])
    with pytest.raises(TypeError, match="cannot unpack non-iterable ConfusionMatrix"):
        tn, fp, fn, tp = cm
    with pytest.raises(TypeError, match="not iterable"):
        iter(cm)
    frame = pd.DataFrame([cm, ec.ConfusionMatrix(tp=5, fp=6, fn=7, tn=8)])
    assert list(frame.columns) == ["tp", "fp", "fn", "tn"]
    assert frame["tp"].tolist() == [1, 5]
    stacked = np.array([cm, cm])
    assert stacked.shape == (2, 2, 2) and stacked.dtype == np.int64


def test_counts_beyond_int64_are_never_a_silent_object_array():
    cm = ec.ConfusionMatrix(tp=2 ** 70, fp=1, fn=2, tn=3)
    with pytest.raises(OverflowError, match=r"exceed int64.*cm\.as_array\(\)"):
        np.asarray(cm)
    assert np.asarray(cm, dtype=float).tolist() == [[3.0, 1.0], [2.0, float(2 ** 70)]]
    assert cm.ravel().tolist() == [3, 1, 2, 2 ** 70]          # exact Python ints
    assert np.asarray(ec.ConfusionMatrix(tp=1, fp=2, fn=3, tn=4), dtype=np.float32).dtype \
        == np.float32
