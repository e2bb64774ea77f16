"""evalcore/plotting/roc.py: plot_roc, plot_roc_space and plot_equal_error_rate.

The legends carry the area as scikit-learn's RocCurveDisplay and PrecisionRecallDisplay write
it (their labels drawn on the same data), the chance diagonal is drawn once per Axes however
many curves share it, and the EER figure's point and shading match an independent
computation (Murphy's classifier 2: 2/9)."""

from __future__ import annotations

import warnings

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.collections import PolyCollection
from sklearn.metrics import (PrecisionRecallDisplay, RocCurveDisplay, average_precision_score,
                             roc_auc_score)

import evalcore as ec

pytestmark = pytest.mark.usefixtures("close_figures")   # each test's figures closed after it


RNG = np.random.default_rng(7)
Y = RNG.integers(0, 2, 60)
S_A = Y + RNG.normal(0, 0.8, 60)
S_B = Y + RNG.normal(0, 1.5, 60)


def legend_texts(axes):
    return [text.get_text() for text in axes.get_legend().get_texts()]


def chance_lines(axes):
    return [line for line in axes.lines if line.get_gid() == "evalcore-chance-diagonal"]


@pytest.mark.parametrize("plot, area, name, display, chance", [
    (ec.plot_roc, roc_auc_score, "AUC", RocCurveDisplay, "chance"),
    (ec.plot_pr, average_precision_score, "AP", PrecisionRecallDisplay, "random (base rate)"),
], ids=["plot_roc", "plot_pr"])
def test_the_label_carries_the_area_as_scikit_learns_display(ax, plot, area, name, display,
                                                               chance):
    plot(Y, S_A, ax=ax, label="A")
    plot(Y, S_B, ax=ax, label="B")
    assert legend_texts(ax) == [f"A ({name} = {area(Y, S_A):.2f})", chance,
                                f"B ({name} = {area(Y, S_B):.2f})"]
    figure, theirs = plt.subplots()
    line = display.from_predictions(Y, S_A, ax=theirs, name="A").line_
    assert line.get_label() == legend_texts(ax)[0]
    plt.close(figure)


def test_plot_roc_draws_the_chance_diagonal_once_per_axes(ax):
    for scores in (S_A, S_B, -S_A):
        ec.plot_roc(Y, scores, ax=ax, label="x")
    (diagonal,) = chance_lines(ax)
    assert diagonal.get_xydata().tolist() == [[0, 0], [1, 1]]
    assert legend_texts(ax).count("chance") == 1


def test_a_labelled_curve_names_the_diagonal_an_unlabelled_one_drew(ax):
    ec.plot_roc(Y, S_A, ax=ax)                       # no label: no legend, diagonal unnamed
    assert ax.get_legend() is None
    ec.plot_roc(Y, S_B, ax=ax, label="B")
    assert len(chance_lines(ax)) == 1 and "chance" in legend_texts(ax)


def test_the_roc_space_and_a_curve_share_one_diagonal(ax):
    ec.plot_roc_space(ax=ax, landmarks=False)
    ec.plot_roc(Y, S_A, ax=ax, label="A")
    assert len(chance_lines(ax)) == 1
    assert "chance (TPR = FPR)" in legend_texts(ax)


def test_the_roc_hull_and_a_curve_share_one_diagonal(ax):
    ec.plot_roc(Y, S_A, ax=ax, label="A")
    ec.plot_roc_hull(Y, S_B, ax=ax)
    diagonals = [line for line in ax.lines
                 if list(line.get_xdata()) == [0, 1] and list(line.get_ydata()) == [0, 1]]
    assert len(diagonals) == 1 and chance_lines(ax) == diagonals


def test_separate_axes_each_get_their_diagonal():
    figure, (left, right) = plt.subplots(1, 2)
    ec.plot_roc(Y, S_A, ax=left)
    ec.plot_roc(Y, S_A, ax=right)
    assert len(chance_lines(left)) == len(chance_lines(right)) == 1
    plt.close(figure)


def test_an_undefined_auc_is_written_so_with_one_warning(ax):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ec.plot_roc([1, 1, 1], [0.2, 0.5, 0.9], ax=ax, label="one class")
    assert [w.category for w in caught] == [ec.UndefinedMetricWarning]
    assert legend_texts(ax)[0] == "one class (AUC undefined)"


def test_the_equal_error_rate_figure_labels_its_curve_with_the_auc(ax):
    ec.plot_equal_error_rate(Y, S_A, ax=ax, label="A")
    assert f"A (AUC = {roc_auc_score(Y, S_A):.2f})" in legend_texts(ax)


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
