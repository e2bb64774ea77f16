"""evalcore/plotting/uncertainty.py: plot_intervals, plot_sampling_distribution and
plot_interval_width draw on the Axes given and mark what they promise (the intervals that
miss the truth, the labels and the reference line)."""

from __future__ import annotations

import numpy as np
import pytest

import evalcore as ec

pytestmark = pytest.mark.usefixtures("close_figures")   # each test's figures closed after it


def test_plot_intervals_marks_the_misses_and_uses_the_given_axes():
    import matplotlib
    import matplotlib.pyplot as plt

    before = dict(matplotlib.rcParams)
    fig, ax = plt.subplots()
    out = ec.plot_intervals([0.6, 0.7, 0.8, 0.5], [0.8, 0.9, 0.95, 0.7], truth=0.75,
                            estimates=[0.7, 0.8, 0.87, 0.6], ax=ax)
    assert out is ax
    covered, missed = ax.collections[:2]
    assert len(covered.get_segments()) == 2 and len(missed.get_segments()) == 2
    assert dict(matplotlib.rcParams) == before
    plt.close(fig)
    with pytest.raises(ValueError, match="lows and highs must be 1-D of the same length"):
        ec.plot_intervals([0.1, 0.2], [0.3])


def test_plot_intervals_with_labels_and_reference():
    import matplotlib.pyplot as plt

    ax = ec.plot_intervals([-0.03, 0.002], [0.07, 0.04], labels=["a", "b"], reference=0.0)
    assert [t.get_text() for t in ax.get_yticklabels()] == ["a", "b"]
    assert ax.get_legend() is None
    plt.close(ax.figure)


def test_plot_sampling_distribution_and_interval_width():
    import matplotlib.pyplot as plt

    values = np.random.default_rng(0).normal(0.76, 0.03, 300)
    ax = ec.plot_sampling_distribution(values, truth=0.76, interval=(0.7, 0.82), bins=20)
    assert len(ax.patches) == 20
    assert ax.get_lines()[0].get_xdata()[0] == 0.76
    plt.close(ax.figure)
    ax = ec.plot_interval_width([100, 400], [0.2, 0.1], reference=True)
    guide = ax.get_lines()[1].get_ydata()
    assert guide.tolist() == pytest.approx([0.2, 0.1])     # 1/√n through the first point
    plt.close(ax.figure)
