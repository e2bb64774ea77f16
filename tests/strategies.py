"""Hypothesis strategies shared by the test files (import them, don't copy them), and
``PROFILE``, the settings of the property tests that compare two computations on any input."""

from __future__ import annotations

import os

import numpy as np
from hypothesis import assume, settings
from hypothesis import strategies as st


@st.composite
def labelled_scores(draw, max_size: int = 40, grid: int = 6, floats: bool = True):
    """(y, s): 0/1 labels with both classes, and scores from the integers 0..``grid`` (many
    ties) or, when ``floats``, sometimes any float in [-5, 5]."""
    n = draw(st.integers(2, max_size))
    y = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    if 0 not in y or 1 not in y:
        y[0], y[-1] = 0, 1
    if not floats or draw(st.booleans()):
        s = draw(st.lists(st.integers(0, grid), min_size=n, max_size=n))
    else:
        s = draw(st.lists(st.floats(-5, 5, allow_nan=False), min_size=n, max_size=n))
    return np.array(y), np.array(s, dtype=float)


@st.composite
def scored_data(draw, weighted: bool | None = None):
    """(y, s, w): continuous or heavily tied scores; w None or integer-valued weights."""
    y, s = draw(labelled_scores(max_size=40, grid=4))
    if weighted is None:
        weighted = draw(st.booleans())
    w = None
    if weighted:
        w = np.array(draw(st.lists(st.integers(0, 4), min_size=len(y), max_size=len(y))),
                     dtype=float)
        w[np.flatnonzero(y == 1)[0]] = w[np.flatnonzero(y == 0)[0]] = 1.0   # both classes
    return y, s, w


def two_of_each_class(min_size=4, max_size=40, ties=True):
    """(y, s): labels with at least two of each class, and scores (on a grid of 7 values,
    so often tied, unless ``ties=False``)."""
    score = (st.integers(0, 6).map(float) if ties
             else st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False))

    @st.composite
    def build(draw):
        size = draw(st.integers(min_size, max_size))
        y = draw(st.lists(st.integers(0, 1), min_size=size, max_size=size))
        y[:4] = [0, 0, 1, 1]
        s = draw(st.lists(score, min_size=size, max_size=size))
        return np.array(y), np.array(s)
    return build()


@st.composite
def unit_scored_data(draw, weighted=None):
    """(y, s, w): both classes; scores in [0, 1], continuous or on a grid of ties; weights
    (floats from 0.1 to 10) or None."""
    n = draw(st.integers(2, 40))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    y[0], y[-1] = 0, 1
    if draw(st.booleans()):
        s = np.array(draw(st.lists(st.integers(0, 6), min_size=n, max_size=n)), float) / 6
    else:
        s = np.array(draw(st.lists(st.floats(0, 1, allow_nan=False), min_size=n, max_size=n)))
    if weighted is None:
        weighted = draw(st.booleans())
    w = None
    if weighted:
        w = np.array(draw(st.lists(st.floats(0.1, 10), min_size=n, max_size=n)))
    return y, s, w


@st.composite
def any_edges(draw, scores):
    """Bin edges for ``scores`` (``unit_scored_data``'s): cut points anywhere in [-0.5, 1.5],
    some of the scores themselves, or none."""
    kind = draw(st.sampled_from(["random", "scores", "none"]))
    if kind == "none":
        return []
    if kind == "scores":
        picked = draw(st.lists(st.sampled_from(sorted(set(scores.tolist()))), min_size=1))
        return sorted(set(picked))
    cuts = draw(st.lists(st.floats(-0.5, 1.5, allow_nan=False), min_size=1, max_size=12))
    return sorted(set(cuts))


# Moderate and reproducible by default (the suite must stay fast); set
# EVALCORE_HYPOTHESIS_EXAMPLES=2000 for a long, randomized hunt. Applied per test, so other
# test files' hypothesis settings are left alone.
_HUNT = int(os.environ.get("EVALCORE_HYPOTHESIS_EXAMPLES", "0"))
PROFILE = settings(max_examples=_HUNT or 60, deadline=None, derandomize=not _HUNT)


# scores: either any finite float (negative, huge, subnormal, -0.0) or a few values (ties)
any_float = st.floats(allow_nan=False, allow_infinity=False, width=64)
few_values = st.sampled_from([-2.0, -0.0, 0.0, 0.1, 0.5, 0.9, 1.0, 3.0])
unit_float = st.floats(0.0, 1.0)


@st.composite
def scored(draw, *, weighted: bool | None = None, both: bool = True, min_size: int = 1):
    """(y, s, w): 0/1 labels (both classes unless ``both=False``), scores, weights or None."""
    n = draw(st.integers(min_size, 30))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    if both:
        assume(0 < y.sum() < n)
    values = draw(st.sampled_from([any_float, few_values, unit_float]))
    s = np.array(draw(st.lists(values, min_size=n, max_size=n)), dtype=float)
    if weighted is None:
        weighted = draw(st.booleans())
    w = None
    if weighted:
        w = np.array(draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.0]) | st.floats(0, 10),
                                   min_size=n, max_size=n)))
        assume(w[y == 1].sum() > 0 if not both else (w[y == 1].sum() > 0 and w[y == 0].sum() > 0))
    return y, s, w


#: a count in one cell of a confusion matrix
cell_counts = st.integers(0, 1000)
