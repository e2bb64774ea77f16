"""Which side of a threshold a score lies on, decided exactly: :func:`threshold_hits`.

A threshold can arrive as a Python integer beyond 2**53, a :class:`fractions.Fraction` or a
long double while the scores are float64 (or long double). Compared as numpy would compare
them, the threshold is first rounded to the scores' dtype, and a score equal to the rounded
value can land on the wrong side. :func:`threshold_hits` compares instead against the
threshold's nearest neighbour in the scores' dtype (:func:`nearest_of_dtype`) and picks
``>`` or ``>=`` so that no score changes side; :func:`exact_value` reads a float as the
fraction it is.

Why a module of its own: the question is about one cut, not about sorting or counting scores.
:func:`evalcore.predict` asks it of each row's score and :func:`evalcore.confusion_matrix_at`
of each distinct score of a :class:`~evalcore.ScoreCounts` (both in
:mod:`evalcore.core.confusion`); it shares nothing with the ranking kernel but numpy's dtypes.
"""

from __future__ import annotations

import math
import numbers
from fractions import Fraction
from typing import Any

import numpy as np


def threshold_hits(score: np.ndarray, threshold: Any, rule: str) -> np.ndarray:
    """``score > threshold`` (or ``>=``) decided exactly, in the scores' own dtype.

    A float threshold is compared as it is (numpy compares a float64 with a long double
    exactly). An integer (or fraction) threshold that the scores' dtype cannot hold is
    replaced by its neighbour ``d`` in that dtype, with the comparison adjusted so that no
    score changes side: no representable score lies strictly between them.

    Parameters
    ----------
    score : numpy.ndarray
        Validated scores, float64 or long double (:func:`evalcore.core.validation.check_scores`).
    threshold : int, float, numpy scalar or fractions.Fraction
        The cut; may be ±inf, not NaN.
    rule : {">", ">="}
        A validated rule (:func:`evalcore.core.validation.check_rule`).

    Returns
    -------
    numpy.ndarray of bool
        True where the rule calls the score positive.

    Raises
    ------
    TypeError
        If ``threshold`` is not a real number (a bool, a string, None).
    ValueError
        If ``threshold`` is NaN.
    """
    if isinstance(threshold, (bool, np.bool_)) or not isinstance(threshold, numbers.Real):
        raise TypeError(f"threshold must be a real number, got {threshold!r}")
    if isinstance(threshold, (float, np.floating)):
        if np.isnan(threshold):
            raise ValueError("threshold must not be NaN")
        if isinstance(threshold, float) or threshold.dtype.itemsize <= score.dtype.itemsize \
                or not np.isfinite(threshold):
            cut = float(threshold) if isinstance(threshold, float) else threshold
            return score > cut if rule == ">" else score >= cut
        # a long double threshold against float64 scores: numpy may round it to float64
    try:
        exact = (Fraction(*threshold.as_integer_ratio()) if isinstance(threshold, np.floating)
                 else Fraction(threshold))
    except (TypeError, ValueError):
        exact = None
    if exact is None:             # a real number of another kind: compare as a float
        cut = float(threshold)
        if math.isnan(cut):
            raise ValueError("threshold must not be NaN")
        return score > cut if rule == ">" else score >= cut
    cut = nearest_of_dtype(exact, score.dtype.type)
    strict = (rule == ">") if exact_value(cut) == exact else exact_value(cut) < exact
    return score > cut if strict else score >= cut


def exact_value(value: Any) -> Fraction | float:
    """A float or long double as an exact fraction (±inf stays a float)."""
    if not np.isfinite(value):
        return float(value)
    return Fraction(*value.as_integer_ratio())


def nearest_of_dtype(exact: Fraction, kind: type) -> Any:
    """The value of dtype ``kind`` nearest to ``exact``: equal to it, or with no other value
    of ``kind`` between them."""
    try:
        if kind is np.float64:
            value = np.float64(float(exact))        # rounded once
        elif exact.denominator == 1:
            value = kind(exact.numerator)
        else:
            value = kind(exact.numerator) / kind(exact.denominator)
    except (OverflowError, ValueError):
        value = kind(math.inf if exact > 0 else -math.inf)
    if np.isfinite(value):        # a division may round to a value that is not adjacent
        down, up = kind(-math.inf), kind(math.inf)
        while exact_value(value) > exact and exact_value(np.nextafter(value, down)) >= exact:
            value = np.nextafter(value, down)
        while exact_value(value) < exact and exact_value(np.nextafter(value, up)) <= exact:
            value = np.nextafter(value, up)
    return value
