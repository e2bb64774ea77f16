"""Hypothesis strategies shared by the test files (import them, don't copy them)."""

from __future__ import annotations

import numpy as np
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
