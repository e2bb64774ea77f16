"""evalcore/plotting/precision_recall.py: plot_pr, plot_pr_area, plot_achievable_pr and plot_prg.

plot_pr_area shades exactly the area its metric reports (checked against scikit-learn's
average precision and the R note's trapezoid sum); plot_pr draws one base-rate line per base
rate; the PRG figure without positives keeps finite limits."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pytest
from sklearn.metrics import average_precision_score

import evalcore as ec

pytestmark = pytest.mark.usefixtures("close_figures")   # each test's figures closed after it


FK_Y = [1, 1, 0, 0, 1, 0]
FK_S = [0.8, 0.8, 0.6, 0.4, 0.4, 0.2]


def test_plots():
    fig, (a, b) = plt.subplots(1, 2)
    assert ec.plot_achievable_pr(FK_Y, FK_S, ax=a) is a
    assert ec.plot_prg(FK_Y, FK_S, ax=b) is b
    plt.close(fig)


RNG = np.random.default_rng(7)
Y = RNG.integers(0, 2, 60)
S_A = Y + RNG.normal(0, 0.8, 60)
S_B = Y + RNG.normal(0, 1.5, 60)


def test_plot_pr_draws_one_base_rate_line_per_base_rate(ax):
    ec.plot_pr(Y, S_A, ax=ax, label="A")
    ec.plot_pr(Y, S_B, ax=ax, label="B")              # the same data: the same base rate
    rates = [line.get_ydata()[0] for line in ax.lines if line.get_gid() == "evalcore-base-rate"]
    assert rates == [np.mean(Y)]
    other = np.r_[Y, np.zeros(40, dtype=int)]            # another base rate: a second line
    ec.plot_pr(other, np.r_[S_A, np.full(40, -1.0)], ax=ax, label="C")
    rates = [line.get_ydata()[0] for line in ax.lines if line.get_gid() == "evalcore-base-rate"]
    assert rates == [np.mean(Y), np.mean(other)]


CASES = [
    ([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]),                       # scikit-learn's toy case
    ([1, 1, 1, 1, 1, 0, 0, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.2, 0.6, 0.3, 0.2, 0.1]),  # Murphy 2
    ([0, 1, 0, 1, 1, 0, 0], [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]),  # the slides' seven
]


def _shaded_area(ax):
    """Shoelace area of the one filled polygon on ``ax``."""
    (collection,) = ax.collections
    vertices = collection.get_paths()[0].vertices
    x, y = vertices[:, 0], vertices[:, 1]
    return abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2


def _r_note_trapezoid(y, s):
    """The R note's curves() sweep (rule >, first row dropped) and its auc() loop."""
    y, s = np.asarray(y), np.asarray(s, dtype=float)
    thresholds = np.unique(s)[::-1]          # largest first, then down to just below the min
    thresholds = np.append(thresholds, thresholds[-1] - 1e-9)
    recall, precision = [], []
    for t in thresholds[1:]:                 # the first threshold calls nothing: 0/0 dropped
        tp = np.sum((y == 1) & (s > t))
        fp = np.sum((y == 0) & (s > t))
        recall.append(tp / np.sum(y == 1))
        precision.append(tp / (tp + fp))
    area = 0.0
    for i in range(1, len(recall)):
        area += (recall[i] - recall[i - 1]) * (min(precision[i], precision[i - 1])
                                               + 0.5 * abs(precision[i] - precision[i - 1]))
    return area


@pytest.mark.parametrize("y, s", CASES)
def test_step_area_is_sklearn_average_precision(y, s):
    ax = ec.plot_pr_area(y, s, method="step")
    assert _shaded_area(ax) == pytest.approx(average_precision_score(y, s), abs=1e-12)
    plt.close(ax.figure)


@pytest.mark.parametrize("y, s", CASES)
def test_trapezoid_area_is_the_r_note_area(y, s):
    ax = ec.plot_pr_area(y, s, method="trapezoid")
    assert _shaded_area(ax) == pytest.approx(_r_note_trapezoid(y, s), abs=1e-12)
    plt.close(ax.figure)


def test_draws_on_the_given_axes_and_returns_it():
    fig, ax = plt.subplots()
    assert ec.plot_pr_area([0, 1], [0.2, 0.9], ax=ax, label="x") is ax
    plt.close(fig)


def test_bad_method_is_refused():
    with pytest.raises(ValueError, match=r"method must be one of \('step', 'trapezoid'\)"):
        ec.plot_pr_area([0, 1], [0.2, 0.9], method="linear")


def test_prg_without_positives_sets_finite_limits():
    with pytest.warns(ec.UndefinedMetricWarning):
        ax = ec.plot_prg([0, 0, 0], [0.1, 0.2, 0.3])
    assert np.all(np.isfinite(ax.get_ylim()))
