"""Tests for plot_roc_space and plot_equal_error_rate (figures of chapters 3 and 4)."""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.collections import PolyCollection

import evalcore as ec


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _eer_brute_force(y, s):
    """Independent reference: walk the ROC segments (built from scratch) for FPR = 1 - TPR."""
    y, s = np.asarray(y), np.asarray(s, dtype=float)
    pos, neg = (y == 1).sum(), (y == 0).sum()
    points = [(0.0, 0.0)] + [(float(((s >= t) & (y == 0)).sum() / neg),
                               float(((s >= t) & (y == 1)).sum() / pos))
                              for t in np.unique(s)[::-1]]
    for (x0, y0), (x1, y1) in zip(points[:-1], points[1:]):
        g0, g1 = x0 - (1 - y0), x1 - (1 - y1)
        if g0 <= 0 <= g1 and g1 > g0:
            t = -g0 / (g1 - g0)
            return x0 + t * (x1 - x0)
        if g0 == 0:
            return x0
    raise AssertionError("no crossing")


def test_roc_space_uses_the_given_axes_and_draws_the_diagonal():
    _, ax = plt.subplots()
    assert ec.plot_roc_space(ax=ax) is ax
    diagonal = ax.lines[0].get_xydata()
    np.testing.assert_array_equal(diagonal, [[0, 0], [1, 1]])
    corners = sorted(tuple(line.get_xydata()[0]) for line in ax.lines[1:])
    assert corners == [(0, 0), (0, 1), (1, 1)]


def test_roc_space_without_landmarks_has_only_the_diagonal():
    ax = ec.plot_roc_space(landmarks=False)
    assert len(ax.lines) == 1 and len(ax.texts) == 0


@pytest.mark.parametrize("which", [1, 2])
def test_eer_point_matches_an_independent_computation(which):
    y, s = ec.murphy_classifier(which)
    ax = ec.plot_equal_error_rate(y, s)
    (x, tpr), = ax.lines[-1].get_xydata()
    expected = _eer_brute_force(y, s)
    assert x == pytest.approx(expected, abs=1e-12)
    assert tpr == pytest.approx(1 - expected, abs=1e-12)


def test_murphy_classifier_2_eer_is_two_ninths():
    # the ROC segment from (0, 3/5) to (1/4, 4/5) meets TPR = 1 - FPR at FPR = 2/9
    y, s = ec.murphy_classifier(2)
    ax = ec.plot_equal_error_rate(y, s)
    assert ax.lines[-1].get_xydata()[0, 0] == pytest.approx(2 / 9, abs=1e-12)


def test_eer_figure_shades_the_area_and_draws_the_crossing_line():
    y, s = ec.vojnovic_seven()
    _, ax = plt.subplots()
    assert ec.plot_equal_error_rate(y, s, ax=ax) is ax
    assert any(isinstance(c, PolyCollection) for c in ax.collections)
    lines = [line.get_xydata().tolist() for line in ax.lines]
    assert [[0.0, 1.0], [1.0, 0.0]] in lines


def test_eer_figure_rejects_bad_input():
    with pytest.raises(ValueError, match="same length"):
        ec.plot_equal_error_rate([0, 1, 1], [0.1, 0.2])
