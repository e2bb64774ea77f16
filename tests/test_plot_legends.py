"""The legends of plot_roc and plot_pr: the area in the label, as
scikit-learn's RocCurveDisplay and PrecisionRecallDisplay write it, and the chance line
drawn once per Axes however many curves share it.

The areas expected are scikit-learn's roc_auc_score and average_precision_score, and the
labels are compared with those of scikit-learn's displays drawn on the same data.
"""

from __future__ import annotations

import warnings

import matplotlib.pyplot as plt
import numpy as np
import pytest
from sklearn.metrics import (PrecisionRecallDisplay, RocCurveDisplay, average_precision_score,
                             roc_auc_score)

import evalcore as ec

RNG = np.random.default_rng(7)
Y = RNG.integers(0, 2, 60)
S_A = Y + RNG.normal(0, 0.8, 60)
S_B = Y + RNG.normal(0, 1.5, 60)


@pytest.fixture
def ax():
    figure, axes = plt.subplots()
    yield axes
    plt.close(figure)


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


def test_plot_pr_draws_one_base_rate_line_per_base_rate(ax):
    ec.plot_pr(Y, S_A, ax=ax, label="A")
    ec.plot_pr(Y, S_B, ax=ax, label="B")              # the same data: the same base rate
    rates = [line.get_ydata()[0] for line in ax.lines if line.get_gid() == "evalcore-base-rate"]
    assert rates == [np.mean(Y)]
    other = np.r_[Y, np.zeros(40, dtype=int)]            # another base rate: a second line
    ec.plot_pr(other, np.r_[S_A, np.full(40, -1.0)], ax=ax, label="C")
    rates = [line.get_ydata()[0] for line in ax.lines if line.get_gid() == "evalcore-base-rate"]
    assert rates == [np.mean(Y), np.mean(other)]


def test_the_equal_error_rate_figure_labels_its_curve_with_the_auc(ax):
    ec.plot_equal_error_rate(Y, S_A, ax=ax, label="A")
    assert f"A (AUC = {roc_auc_score(Y, S_A):.2f})" in legend_texts(ax)
