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
