"""evalcore/plotting/decision_curves.py: the decision curve drawn with treat-all and
treat-none once each, its values the net benefit by hand (exact fractions)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import evalcore as ec

from reference import net_benefit_by_hand

pytestmark = pytest.mark.usefixtures("close_figures")   # each test's figures closed after it


SEVEN_Y = [0, 1, 0, 1, 1, 0, 0]
SEVEN_S = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]


def test_plot_draws_the_curve_and_both_references_once():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    thresholds = np.arange(0, 60) / 100
    ax = ec.plot_decision_curve(SEVEN_Y, SEVEN_S, threshold_probabilities=thresholds,
                                label="A")
    ec.plot_decision_curve(SEVEN_Y, np.array(SEVEN_S) ** 2, threshold_probabilities=thresholds,
                           ax=ax, label="B")
    labels = [line.get_label() for line in ax.lines]
    assert labels == ["treat none", "treat all", "A", "B"]
    np.testing.assert_allclose(ax.lines[2].get_ydata(), [float(net_benefit_by_hand(
        SEVEN_Y, SEVEN_S, p)) for p in thresholds], atol=1e-15)
    np.testing.assert_allclose(ax.lines[1].get_ydata(), [float(
        Fraction(3, 7) - Fraction(4, 7) * Fraction(p) / (1 - Fraction(p))) for p in thresholds],
        atol=1e-14)
    plt.close(ax.figure)
    ax = ec.plot_decision_curve(SEVEN_Y, SEVEN_S, threshold_probabilities=thresholds,
                                standardized=True)
    assert ax.lines[-1].get_ydata()[0] == pytest.approx(1.0)       # NB(0)/π = π/π
    assert ax.get_ylabel() == "standardized net benefit"
    plt.close(ax.figure)
    with pytest.raises(TypeError, match="standardized must be"):
        ec.plot_decision_curve(SEVEN_Y, SEVEN_S, standardized="yes")
