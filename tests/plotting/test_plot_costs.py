"""evalcore/plotting/costs.py: the ROC convex hull with an iso-cost line, and the cost curves.

The figures draw on the Axes given, the iso-cost line uses the weighted share of positives
(none without negatives), and the hull figure validates and sorts its data once."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np
import pytest

import evalcore as ec
from evalcore.core import ranking as _ranking, validation as _validation

pytestmark = pytest.mark.usefixtures("close_figures")   # each test's figures closed after it


TOY_Y, TOY_S = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]


def test_plots_return_axes_and_draw_on_given_axes():
    fig, (a, b) = plt.subplots(1, 2)
    assert ec.plot_roc_hull(TOY_Y, TOY_S, cost_fp=1, cost_fn=5, prior_pos=0.3, ax=a) is a
    assert ec.plot_cost_curves(TOY_Y, TOY_S, probability_cost=0.4, ax=b) is b
    # the envelope drawn is cost_curve's
    envelope = [line for line in b.lines if line.get_label() == "lower envelope"][0]
    np.testing.assert_allclose(envelope.get_ydata(), [0.0, 0.25, 0.0])
    plt.close(fig)


def test_plot_roc_hull_validates_and_sorts_once(monkeypatch):
    """It drew the hull, the best point and the ROC points from three validations and two
    sorts; from one set of tie groups now."""
    import matplotlib.pyplot as plt
    calls = defaultdict(int)

    def spy(name, module):
        original = getattr(module, name)

        def counted(*args, **kwargs):
            calls[name] += 1
            return original(*args, **kwargs)
        monkeypatch.setattr(module, name, counted)

    spy("check_labels", _validation)
    spy("_sort_in_place", _ranking)
    spy("score_order", _ranking)
    rng = np.random.default_rng(1)
    y, s = rng.integers(0, 2, 300), rng.random(300)
    ax = ec.plot_roc_hull(y, s, cost_fp=1, cost_fn=2)
    plt.close(ax.figure)
    assert calls["check_labels"] == 1
    assert calls["_sort_in_place"] + calls["score_order"] == 1


RNG = np.random.default_rng(7)
Y01 = RNG.integers(0, 2, 40)
Y01[:2] = (0, 1)
SCORE = np.round(RNG.uniform(0, 1, 40), 1)       # ties
WEIGHT = RNG.uniform(0.5, 2.0, 40)
YSTR = np.where(Y01 == 1, "spam", "ham")          # "ham" < "spam": positive is not the larger


def test_roc_hull_without_negatives_draws_no_iso_cost_line():
    with pytest.warns(ec.UndefinedMetricWarning):
        ax = ec.plot_roc_hull([1, 1, 1], [0.1, 0.2, 0.3], cost_fp=1, cost_fn=2)
    assert not [line for line in ax.lines if "iso-cost" in str(line.get_label())]


def test_roc_hull_iso_line_uses_the_weighted_share_of_positives():
    cost_fp, cost_fn = 1.0, 3.0
    ax = ec.plot_roc_hull(YSTR, SCORE, cost_fp=cost_fp, cost_fn=cost_fn, sample_weight=WEIGHT,
                          pos_label="spam")
    (iso,) = [line for line in ax.lines if "iso-cost" in str(line.get_label())]
    (x0, y0), (x1, y1) = iso.get_xydata()
    prior = (sum(Fraction(w) for w, y in zip(WEIGHT, Y01) if y == 1)
             / sum(Fraction(w) for w in WEIGHT))
    slope = Fraction(cost_fp) * (1 - prior) / (Fraction(cost_fn) * prior)
    assert (y1 - y0) / (x1 - x0) == pytest.approx(float(slope), rel=1e-12)
