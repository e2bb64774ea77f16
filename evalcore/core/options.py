"""One vocabulary for options: every check of a scalar argument (an integer, a level, a rate, a
choice among names, a flag, a text, a seed, a threshold, a count) and of the rule ``>``/``>=``.

A value of the wrong kind (a string for a count, a float for an integer) raises TypeError; a
value of the right kind outside its range or set raises ValueError. Both name the argument and
state the rule, the same words in every function. The checks of arrays, labels, scores and
weights are in :mod:`evalcore.core.validation`.
"""

from __future__ import annotations

import math
import numbers
import sys
from typing import Any

import numpy as np

from .validation import shown

#: The two rules that turn a score into a prediction: above the threshold, or at or above it.
RULES = (">", ">=")


def check_rule(rule: Any) -> str:
    """Return ``rule`` if it is ``">"`` or ``">="``: another string is a ValueError, anything
    else (None, a number, an array) a TypeError."""
    if not isinstance(rule, str):
        check_one_of(rule, RULES, "rule")       # raises: the wrong kind
    if rule not in RULES:
        raise ValueError(f"rule must be '>' or '>=' (predict positive when the score is above, "
                         f"or at or above, the threshold), got {shown(rule)}")
    return RULES[RULES.index(rule)]


def _interval_text(low: float | None, high: float | None, low_open: bool,
                   high_open: bool) -> str:
    left = "(" if low_open or low is None else "["
    right = ")" if high_open or high is None else "]"
    return (f"{left}{'-inf' if low is None else repr(low)}, "
            f"{'inf' if high is None else repr(high)}{right}")


def check_int(value: Any, name: str, *, low: int | None = None,
              high: int | None = None) -> int:
    """Return ``value`` as an ``int`` if it is an integer (numpy's too, not a bool or a float)
    in ``[low, high]``; either bound may be ``None`` (unbounded)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {shown(value)} "
                        f"({type(value).__name__})")
    value = int(value)
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            rule = f"of at least {low}"
        elif low is None:
            rule = f"of at most {high}"
        else:
            rule = f"between {low} and {high}"
        raise ValueError(f"{name} must be an integer {rule}, got {value!r}")
    return value


def check_level(level: Any) -> float:
    """A confidence level: a real number strictly between 0 and 1 (0.95 for 95%)."""
    return check_real(level, "level", low=0.0, high=1.0, low_open=True, high_open=True)


def check_n_boot(n_boot: Any) -> int:
    """The number of bootstrap resamples: an integer of at least 1."""
    return check_int(n_boot, "n_boot", low=1)


def check_real(value: Any, name: str, *, low: float | None = None, high: float | None = None,
               low_open: bool = False, high_open: bool = False) -> float:
    """Return ``value`` as a ``float`` if it is a real number (not a bool, not NaN) in the
    interval from ``low`` to ``high``; ``None`` is an unbounded end, ``low_open``/``high_open``
    exclude the end. Infinite values pass only where the interval is unbounded."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {shown(value)} "
                        f"({type(value).__name__})")
    try:
        value = float(value)
    except OverflowError:                      # an integer beyond float64's range
        raise ValueError(f"{name} must lie in {_interval_text(low, high, low_open, high_open)} "
                         f"and within float64's range, got an integer of "
                         f"{len(str(abs(int(value))))} digits") from None
    if math.isnan(value):
        raise ValueError(f"{name} must be a number in {_interval_text(low, high, low_open, high_open)}"
                         f", got nan")
    outside = ((low is not None and (value < low or (low_open and value == low)))
               or (high is not None and (value > high or (high_open and value == high)))
               or (math.isinf(value) and (low is not None if value < 0 else high is not None)))
    if outside:
        raise ValueError(f"{name} must lie in {_interval_text(low, high, low_open, high_open)}, "
                         f"got {value!r}")
    return value


def check_one_of(value: Any, choices: tuple, name: str) -> Any:
    """Return ``value`` if it is one of ``choices`` (compared by type and value, so that
    ``True`` does not pass for ``1``); the error names the argument and the set. A value of
    another kind than every choice (``None`` or a number for a string option) is a TypeError,
    a value of the right kind that is not in the set a ValueError; an array, even of one
    element, is never one value (a TypeError)."""
    if isinstance(value, np.ndarray):
        raise TypeError(f"{name} must be one of {choices}, got an array: {value!r}")
    any_same_kind = False
    for choice in choices:
        if isinstance(choice, str):
            same_kind = isinstance(value, str)
        elif isinstance(choice, bool):
            same_kind = isinstance(value, (bool, np.bool_))
        else:
            same_kind = not isinstance(value, (str, bool, np.bool_))
        any_same_kind = any_same_kind or same_kind
        try:
            if same_kind and value == choice:
                return choice
        except (TypeError, ValueError):    # an array compared elementwise: not a choice
            pass
    error = ValueError if any_same_kind else TypeError
    raise error(f"{name} must be one of {choices}, got {shown(value)}")


def check_bool(value: Any, name: str) -> bool:
    """Return ``value`` if it is a bool (numpy's too); the error names the argument."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TypeError(f"{name} must be True or False, got {shown(value)}")


def check_text(value: Any, name: str, *, required: bool = False, kind: str = "a str",
               blank: str = "must not be empty") -> str:
    """Return ``value`` if it is a str (with ``required``, one that is not blank).

    Not a str: the TypeError "``name`` must be ``kind``, got ..."; blank although
    ``required``: the ValueError "``name`` ``blank``". ``kind`` and ``blank`` let a message
    say what the text is for (``kind="a str (the slider's label)"``).
    """
    if not isinstance(value, str):
        raise TypeError(f"{name} must be {kind}, got {value!r} ({type(value).__name__})")
    if required and not value.strip():
        raise ValueError(f"{name} {blank}")
    return value


def check_optional(check, value: Any, name: str, **rules: Any) -> Any:
    """``None``, or ``check(value, name, **rules)``: for options whose default is None."""
    return None if value is None else check(value, name, **rules)


def check_alternative(alternative: Any) -> str:
    """Return ``alternative`` if it names a test's alternative hypothesis."""
    return check_one_of(alternative, ("two-sided", "greater", "less"), "alternative")


def check_random_state(random_state: Any) -> np.random.Generator:
    """A numpy Generator from ``None``, a non-negative integer or a Generator: a negative
    integer is a ValueError, anything else that is not a seed a TypeError."""
    if isinstance(random_state, (numbers.Integral, np.integer)) \
            and not isinstance(random_state, (bool, np.bool_)):
        check_int(random_state, "random_state", low=0)
    elif random_state is not None and not isinstance(random_state, np.random.Generator):
        raise TypeError(f"random_state must be None, a non-negative integer or a numpy "
                        f"Generator, got {shown(random_state)}")
    return np.random.default_rng(random_state)


def check_metric(metric: Any) -> Any:
    """Return ``metric`` if it is callable as ``metric(y_true, y_score) -> float``."""
    if not callable(metric):
        raise TypeError(f"metric must be a callable metric(y_true, y_score) -> float, "
                        f"got {metric!r}")
    return metric


def metric_value(metric: Any, label: np.ndarray, score: np.ndarray) -> float:
    """``metric(label, score)`` as a float; a metric returning anything else is refused."""
    value = metric(label, score)
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value[()]
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"metric must return a real number (a float), got {shown(value)}")
    return float(value)


def check_threshold(threshold: Any, name: str = "threshold") -> float:
    """Return ``threshold`` as a float; it may be infinite but not NaN."""
    if isinstance(threshold, bool) or not isinstance(threshold, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {shown(threshold)}")
    if math.isnan(threshold):
        raise ValueError(f"{name} must not be NaN")
    return float(threshold)


def check_count(value: Any, name: str) -> int | float:
    """Return one count as a plain Python number: an ``int`` for an integer (exact, however
    large, up to float64's largest value), a ``float`` otherwise (negative zero becomes 0).

    A count must be a number (not a bool), non-negative, finite and within float64's range:
    every rate is reported as a float, and a count beyond 1.8e308 (a Python integer, or a
    long double) would turn sums and ratios into ``inf`` or crash where a float is needed.
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer,
                                                                     np.floating)):
        raise TypeError(f"{name} must be a number, got {shown(value)}")
    if isinstance(value, (int, np.integer)):
        plain = int(value)
    elif isinstance(value, np.floating) and value.dtype.itemsize > 8 and np.isfinite(value) \
            and value == np.floor(value) and float(value) != value:
        plain = int(value)          # a long double integer beyond 2**53: keep it exact
    else:
        plain = float(value) + 0.0  # + 0.0 turns -0.0 into 0.0
    if plain < 0 or (isinstance(plain, float) and not math.isfinite(plain)):
        raise ValueError(f"{name} must be a finite non-negative count, got {shown(value)}")
    if isinstance(plain, int) and plain > sys.float_info.max:
        raise ValueError(f"{name} must be a count within float64's range (at most "
                         f"{sys.float_info.max:.4g}), got an integer of {len(str(plain))} "
                         f"digits")
    return plain


def check_positive(value: Any, name: str, *, allow_zero: bool = False) -> float:
    """Return ``value`` as a finite float that is > 0 (or >= 0 with ``allow_zero``)."""
    rule = "non-negative" if allow_zero else "positive"
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a {rule} real number, got {shown(value)} "
                        f"({type(value).__name__})")
    if not math.isfinite(value) or value < 0 or (value == 0 and not allow_zero):
        raise ValueError(f"{name} must be {rule} and finite, got {shown(value)}")
    return float(value)


def check_fraction(value: Any, name: str) -> float:
    """Return ``value`` as a float in [0, 1] (a rate, a share, a probability)."""
    return check_real(value, name, low=0.0, high=1.0)
