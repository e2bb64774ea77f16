"""evalcore/plotting/scores.py: plot_scores and plot_decision_scores.

Both draw on the Axes given; the decision boundary lies where the score equals the threshold;
bad input is refused by name; labels are read with pos_label; an integer threshold beyond
2**53 keeps its exact value."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pytest

import evalcore as ec

from helpers import drawn

pytestmark = pytest.mark.usefixtures("close_figures")   # each test's figures closed after it


X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
Y = np.array([0, 1, 0, 1])


def first_feature(Z):
    return Z[:, 0]


def test_draws_on_given_axes_and_returns_it():
    fig, ax = plt.subplots()
    out = ec.plot_decision_scores(X, Y, first_feature, ax=ax, colorbar=False)
    assert out is ax
    # one scatter per class, with every sample drawn once
    offsets = [c.get_offsets() for c in ax.collections if hasattr(c, "get_offsets")
               and len(c.get_offsets()) and c.get_offsets().shape[1] == 2]
    drawn = np.vstack([o for o in offsets if len(o) == 2])
    assert sorted(map(tuple, drawn.tolist())) == sorted(map(tuple, X.tolist()))
    plt.close(fig)


def test_boundary_lies_where_the_score_equals_the_threshold():
    fig, ax = plt.subplots()
    ec.plot_decision_scores(X, Y, first_feature, threshold=0.5, ax=ax, colorbar=False,
                            margin=0.5)
    # the score is feature 1, so the 0.5 contour is the vertical line x = 0.5
    lines = [seg for coll in ax.collections if hasattr(coll, "get_paths")
             for path in coll.get_paths() for seg in [path.vertices]
             if len(seg) > 1 and np.allclose(seg[:, 0], 0.5, atol=1e-6)]
    assert lines, "no contour at x = 0.5"
    plt.close(fig)


def test_no_boundary_when_threshold_is_none():
    fig, ax = plt.subplots()
    ec.plot_decision_scores(X, Y, first_feature, threshold=None, ax=ax, colorbar=False)
    assert not [path for coll in ax.collections if hasattr(coll, "get_paths")
                for path in coll.get_paths()
                if len(path.vertices) > 1 and np.allclose(path.vertices[:, 0], 0.5)]
    plt.close(fig)


@pytest.mark.parametrize("bad, match", [
    (np.zeros((4, 3)), r"X must have shape \(n, 2\)"),
    (np.zeros(4), r"X must have shape \(n, 2\)"),
])
def test_rejects_bad_X(bad, match):
    with pytest.raises(ValueError, match=match):
        ec.plot_decision_scores(bad, Y, first_feature)


def test_rejects_mismatched_y_and_non_callable_and_bad_resolution():
    with pytest.raises(ValueError, match="X has 4 rows but y has 3"):
        ec.plot_decision_scores(X, Y[:3], first_feature)
    with pytest.raises(TypeError, match="score_fn must be callable"):
        ec.plot_decision_scores(X, Y, 0.5)
    with pytest.raises(ValueError, match="resolution must be an integer of at least 2"):
        ec.plot_decision_scores(X, Y, first_feature, resolution=1)
    with pytest.raises(ValueError, match="two classes"):
        ec.plot_decision_scores(X, [0, 1, 2, 1], first_feature)
    plt.close("all")


RNG = np.random.default_rng(7)
Y01 = RNG.integers(0, 2, 40)
Y01[:2] = (0, 1)
SCORE = np.round(RNG.uniform(0, 1, 40), 1)       # ties

YSTR = np.where(Y01 == 1, "spam", "ham")          # "ham" < "spam": positive is not the larger


def test_decision_scores_take_pos_label_too():
    X = np.column_stack([SCORE, RNG.uniform(0, 1, 40)])

    def first(Z):
        return Z[:, 0]

    coded = drawn(ec.plot_decision_scores(X, Y01, first, resolution=20, colorbar=False))
    named = drawn(ec.plot_decision_scores(X, YSTR, first, resolution=20, colorbar=False,
                                           pos_label="spam"))
    assert named == coded
    with pytest.raises(ValueError, match="pos_label='eggs' is not one of the labels in y"):
        ec.plot_decision_scores(X, YSTR, first, pos_label="eggs")


def test_scores_plot_keeps_an_integer_threshold_beyond_2_53_exact():
    base = 2**60
    score = np.array([base, base + 1, base + 2, base + 3], dtype=np.int64)
    ax = ec.plot_scores([0, 1, 0, 1], score, threshold=base + 1, rule=">")
    filled = sum(len(c.get_offsets()) for c in ax.collections[::2])
    assert filled == 2                      # base + 2 and base + 3 only (float64 would merge)
