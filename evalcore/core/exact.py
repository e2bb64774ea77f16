"""The exact arithmetic of a confusion matrix's counts: sums that cannot overflow, every rate
rounded once.

Integer counts are Python ints, exact however large; float counts are added and divided as
floats while they are of ordinary size. When a count is extreme (an integer beyond 2**53, a
float beyond 1e75 or below 1e-75), float arithmetic could overflow, underflow or round a
count, so the counts become exact fractions and each result is rounded once, at the end:
counts of any magnitude give the same rates as the same counts scaled to ordinary size.

One home for this arithmetic, read by the three modules of the confusion matrix: the rates
read off one margin (:mod:`evalcore.core.rates`), the metrics that combine them
(:mod:`evalcore.core.combined`) and the matrix itself with its joint probabilities
(:mod:`evalcore.core.confusion`).
"""

from __future__ import annotations

import math
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Any

from .validation import FLOAT64_EXACT_INT, undefined

#: Float counts whose largest lies outside this range are computed exactly (as fractions):
#: sums of counts near 1e308 overflow, products of four counts over- or underflow.
ORDINARY_FLOAT = (1e-75, 1e75)


def is_extreme(*counts: Any) -> bool:
    """Whether float arithmetic on ``counts`` could overflow, underflow or round an integer
    count: integers beyond 2**53, or floats beyond 1e75 or below 1e-75."""
    low, high = ORDINARY_FLOAT
    for value in counts:
        if isinstance(value, int):
            if value > FLOAT64_EXACT_INT:
                return True
        elif value != 0 and not low < value < high:
            return True
    return False


def for_arithmetic(*counts: Any) -> tuple:
    """``counts`` for arithmetic: as they are when ordinary, as exact fractions when one of
    them is extreme (every result is then rounded once, at the end)."""
    if is_extreme(*counts):
        return tuple(Fraction(v) for v in counts)
    return counts


def to_float(value: Any) -> float:
    """``value`` as a float; an exact fraction is rounded once (beyond the float range, to
    ±inf)."""
    if isinstance(value, Fraction):
        try:
            return float(value)
        except OverflowError:
            return math.inf if value > 0 else -math.inf
    return float(value)


def sqrt_ratio(numerator: Fraction, denominator: Fraction) -> float:
    """√(numerator / denominator) for exact non-negative fractions, to 60 digits, then
    rounded to a float."""
    with localcontext() as context:
        context.prec = 60
        quotient = ((Decimal(numerator.numerator) * Decimal(denominator.denominator))
                    / (Decimal(numerator.denominator) * Decimal(denominator.numerator)))
        return float(quotient.sqrt())


def ratio(numerator: Any, denominator: Any, what: str) -> float:
    """``numerator / denominator`` rounded once; ``nan`` with one
    :class:`~evalcore.UndefinedMetricWarning` naming ``what`` when the denominator is 0."""
    if denominator == 0:
        return undefined(f"{what} is undefined: its denominator is 0", stacklevel=4)
    return to_float(numerator / denominator)


def margin(*counts: Any) -> int | float:
    """The sum of some counts: exact for integers; a float sum beyond the float range (a
    huge integer plus a weighted count) is inf."""
    total = 0
    try:
        for count in counts:
            total = total + count
    except OverflowError:
        return math.inf
    return total
