"""evalcore/plotting/calibration.py: the reliability diagram draws on the given Axes, and its
markers do not overflow with huge weights."""

from __future__ import annotations

from fractions import Fraction

import matplotlib.pyplot as plt
import pytest

import evalcore as ec

pytestmark = pytest.mark.usefixtures("close_figures")   # each test's figures closed after it


TOY_Y, TOY_P = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]


def test_plot_reliability():
    fig, ax = plt.subplots()
    assert ec.plot_reliability(TOY_Y, TOY_P, n_bins=2, ax=ax) is ax
    plt.close(fig)


def test_reliability_marker_sizes_do_not_overflow_with_huge_weights():
    y, p = [0, 1, 0, 1, 1], [0.1, 0.9, 0.3, 0.2, 0.8]
    small = ec.plot_reliability(y, p, n_bins=2).collections[-1].get_sizes()
    huge = ec.plot_reliability(y, p, n_bins=2, sample_weight=[2.0**1020] * 5)
    sizes = huge.collections[-1].get_sizes()
    # two bins of 3 and 2 cases: 15 + 120 * count / largest count, from the fractions
    assert sizes.tolist() == small.tolist() == [15 + 120, 15 + float(120 * Fraction(2, 3))]
