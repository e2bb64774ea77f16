"""partial_auc: raw area up to max_fpr and McClish's standardized value.

References: scikit-learn's ``roc_auc_score(..., max_fpr=...)`` (an independent
implementation of the standardized value), hand-computed toy cases, and a brute-force
integration of the ROC polyline built by direct masks.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import roc_auc_score

import evalcore as ec
from reference import one_undefined_warning, operating_points

TOY_Y, TOY_S = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]


def brute_partial_area(y, s, max_fpr, steps=20_000):
    """Midpoint rule on the ROC polyline (points by direct masks), taking the upper value
    on vertical segments; exact up to O(1/steps) at the segment ends."""
    rows = operating_points(y, s)
    pos, neg = rows[0][3], rows[0][4]
    fpr = np.array([fp / neg for _, tp, fp, fn, tn in rows])
    tpr = np.array([tp / pos for _, tp, fp, fn, tn in rows])
    x = (np.arange(steps) + 0.5) / steps * max_fpr
    k = np.searchsorted(fpr, x, side="right")         # fpr[k-1] <= x < fpr[k]
    left = np.clip(k - 1, 0, len(fpr) - 1)
    right = np.clip(k, 0, len(fpr) - 1)
    width = np.where(fpr[right] > fpr[left], fpr[right] - fpr[left], 1)
    y_at = tpr[left] + (x - fpr[left]) / width * (tpr[right] - tpr[left])
    return float(y_at.mean() * max_fpr)


def test_toy_by_hand():
    # ROC (0,0) (0,.5) (.5,.5) (.5,1) (1,1): up to FPR .5 the height is .5
    assert ec.partial_auc(TOY_Y, TOY_S, max_fpr=0.5) == 0.25
    # McClish: ½(1 + (.25 − .125)/(.5 − .125)) = 2/3
    assert ec.partial_auc(TOY_Y, TOY_S, max_fpr=0.5, standardized=True) == pytest.approx(2 / 3)
    # cutting inside the segment (.5,1)→(1,1) and inside (0,.5)→(.5,.5)
    assert ec.partial_auc(TOY_Y, TOY_S, max_fpr=0.75) == pytest.approx(0.25 + 0.25)
    assert ec.partial_auc(TOY_Y, TOY_S, max_fpr=0.2) == pytest.approx(0.1)


def test_full_range_is_the_auc():
    y = [0, 1, 0, 1, 1, 0, 0]
    s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    assert ec.partial_auc(y, s, max_fpr=1) == pytest.approx(11 / 12)
    assert ec.partial_auc(y, s, max_fpr=1, standardized=True) == pytest.approx(11 / 12)


def test_perfect_and_reversed():
    y = [0, 0, 0, 1, 1]
    assert ec.partial_auc(y, [1, 2, 3, 4, 5], max_fpr=0.3) == pytest.approx(0.3)
    assert ec.partial_auc(y, [1, 2, 3, 4, 5], max_fpr=0.3, standardized=True) == 1.0
    assert ec.partial_auc(y, [5, 4, 3, 2, 1], max_fpr=0.3) == 0.0


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 60), st.data(), st.floats(0.01, 1.0))
def test_standardized_matches_sklearn_with_ties(n, data, max_fpr):
    y = data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    if 0 not in y or 1 not in y:
        y[0], y[-1] = 0, 1
    ties = data.draw(st.booleans())
    if ties:
        s = data.draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
    else:
        s = data.draw(st.lists(st.floats(-3, 3, allow_nan=False), min_size=n, max_size=n))
    ours = ec.partial_auc(y, s, max_fpr=max_fpr, standardized=True)
    assert ours == pytest.approx(roc_auc_score(y, s, max_fpr=max_fpr), rel=1e-9, abs=1e-12)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 30), st.data(), st.floats(0.05, 1.0))
def test_raw_matches_brute_force_integration(n, data, max_fpr):
    y = data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    if 0 not in y or 1 not in y:
        y[0], y[-1] = 0, 1
    s = data.draw(st.lists(st.integers(0, 8), min_size=n, max_size=n))
    assert ec.partial_auc(y, s, max_fpr=max_fpr) == pytest.approx(
        brute_partial_area(y, s, max_fpr), abs=2e-4)


def test_weights_equal_repetition():
    y, s, w = [0, 1, 0, 1, 1, 0], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6], [1, 2, 3, 1, 2, 1]
    assert ec.partial_auc(y, s, max_fpr=0.4, sample_weight=w) == pytest.approx(
        ec.partial_auc(np.repeat(y, w), np.repeat(s, w), max_fpr=0.4))


def test_single_class_is_undefined():
    value = one_undefined_warning(ec.partial_auc, [1, 1, 1], [0.1, 0.2, 0.3], max_fpr=0.5)
    assert math.isnan(value)


@pytest.mark.parametrize("max_fpr, error, match", [
    (0, ValueError, r"max_fpr must lie in \(0, 1\]"),
    (1.5, ValueError, r"max_fpr must lie in \(0, 1\]"),
    (-0.1, ValueError, r"max_fpr must lie in \(0, 1\]"),
    (float("nan"), ValueError, r"max_fpr must lie in \(0, 1\]"),
    ("0.5", TypeError, "max_fpr must be a real number"),
    (True, TypeError, "max_fpr must be a real number"),
])
def test_bad_max_fpr(max_fpr, error, match):
    with pytest.raises(error, match=match):
        ec.partial_auc(TOY_Y, TOY_S, max_fpr=max_fpr)
