"""Input validation shared by every public function, and the undefined-metric policy.

Every public function passes its arguments through the helpers here, so a user gets the same
message for the same mistake everywhere. A metric that is undefined on valid input (a ratio
whose denominator is zero) returns ``nan`` and emits exactly one
:class:`UndefinedMetricWarning` saying why.
"""

from __future__ import annotations

import math
import numbers
import warnings
from typing import Any

import numpy as np

RULES = (">", ">=")


class UndefinedMetricWarning(UserWarning):
    """A metric is undefined on this input (for example 0/0); the result is ``nan``."""


def undefined(reason: str, *, stacklevel: int = 3) -> float:
    """Warn once with ``reason`` and return ``nan``."""
    warnings.warn(reason, UndefinedMetricWarning, stacklevel=stacklevel)
    return math.nan


def _as_1d(values: Any, name: str) -> np.ndarray:
    if values is None:
        raise TypeError(f"{name} is required, got None")
    if isinstance(values, (str, bytes)) or np.isscalar(values):
        raise TypeError(f"{name} must be a 1-D array-like (list, numpy array or pandas Series), "
                        f"got a scalar {values!r}")
    if hasattr(values, "to_numpy"):  # pandas Series / DataFrame
        values = values.to_numpy()
    try:
        array = np.asarray(values)
    except (ValueError, TypeError) as exc:  # ragged nested lists
        raise ValueError(f"{name} must be a 1-D array-like of equal-length elements: {exc}") from None
    if array.ndim == 2 and 1 in array.shape and array.size > 0:
        raise ValueError(f"{name} must be 1-D, got shape {array.shape}; "
                         f"use .ravel() if it is a single column or row")
    if array.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got an array with {array.ndim} dimensions "
                         f"(shape {array.shape})")
    if array.size == 0:
        raise ValueError(f"{name} is empty: at least one sample is needed")
    return array


def check_scores(y_score: Any, name: str = "y_score") -> np.ndarray:
    """Return ``y_score`` as a 1-D float64 array of finite numbers."""
    array = _as_1d(y_score, name)
    if array.dtype == bool:
        array = array.astype(np.float64)
    if not (np.issubdtype(array.dtype, np.number)):
        raise TypeError(f"{name} must hold numbers, got dtype {array.dtype}")
    if np.iscomplexobj(array):
        raise TypeError(f"{name} must hold real numbers, got complex values")
    array = array.astype(np.float64, copy=False)
    if not np.all(np.isfinite(array)):
        bad = np.flatnonzero(~np.isfinite(array))
        raise ValueError(f"{name} must be finite: it holds NaN or infinite values "
                         f"(first at index {bad[0]}, {bad.size} in all)")
    return array


def _classes(array: np.ndarray) -> np.ndarray:
    """The distinct labels; linear time for numeric labels with at most two values."""
    if array.dtype.kind in "biuf":
        low, high = array.min(), array.max()
        if low == high:
            return np.array([low])
        if np.all((array == low) | (array == high)):
            return np.array([low, high])
    return np.unique(array)


def check_labels(y_true: Any, *, pos_label: Any = None, name: str = "y_true") -> np.ndarray:
    """Return ``y_true`` as a 1-D int8 array of 0 (negative) and 1 (positive).

    Labels may be {0, 1}, {-1, 1}, {False, True}, or any two values with ``pos_label``
    naming the positive one. A single class present is allowed (metrics that then become
    undefined say so); more than two classes is an error.
    """
    array = _as_1d(y_true, name)
    if array.dtype.kind == "f" and not np.all(np.isfinite(array)):
        raise ValueError(f"{name} must not hold NaN or infinite values")
    classes = _classes(array)
    if classes.size > 2:
        shown = ", ".join(map(repr, classes[:5].tolist())) + (", ..." if classes.size > 5 else "")
        raise ValueError(f"{name} must hold two classes (binary labels), got {classes.size}: "
                         f"{shown}; for more than two classes see multiclass_auc")
    if pos_label is None:
        as_list = classes.tolist()
        if array.dtype == bool or set(as_list) <= {0, 1} or set(as_list) <= {-1, 1}:
            pos_label = 1
        else:
            raise ValueError(f"{name} holds labels {as_list!r}: name the positive class with "
                             f"pos_label=..., since only {{0, 1}}, {{-1, 1}} and {{False, True}} "
                             f"are read without it")
    elif pos_label not in classes.tolist() and classes.size == 2:
        raise ValueError(f"pos_label={pos_label!r} is not one of the labels in {name}: "
                         f"{classes.tolist()!r}")
    return (array == pos_label).view(np.int8)  # True/False are the bytes 1/0


def check_weights(sample_weight: Any, n: int) -> np.ndarray | None:
    """Return ``sample_weight`` as float64 of length ``n`` (or ``None``)."""
    if sample_weight is None:
        return None
    weights = check_scores(sample_weight, name="sample_weight")
    if weights.shape[0] != n:
        raise ValueError(f"sample_weight has {weights.shape[0]} entries but there are {n} "
                         f"samples: they must have the same length")
    if np.any(weights < 0):
        raise ValueError("sample_weight must be non-negative: it holds negative weights")
    if not np.any(weights > 0):
        raise ValueError("sample_weight must give some sample a positive weight: all are 0")
    return weights


def check_same_length(**arrays: np.ndarray) -> None:
    """Raise if the named arrays do not all have the same length."""
    lengths = {name: len(a) for name, a in arrays.items()}
    if len(set(lengths.values())) > 1:
        described = ", ".join(f"{name} has {n}" for name, n in lengths.items())
        raise ValueError(f"inputs must have the same length: {described}")


def check_rule(rule: Any) -> str:
    """Return ``rule`` if it is ``">"`` or ``">="``."""
    if rule not in RULES:
        raise ValueError(f"rule must be '>' or '>=' (predict positive when the score is above, "
                         f"or at or above, the threshold), got {rule!r}")
    return rule


def check_one_of(value: Any, choices: tuple, name: str) -> Any:
    """Return ``value`` if it is one of ``choices``; the error names the argument and the set."""
    if isinstance(value, str) and value in choices:
        return value
    raise ValueError(f"{name} must be one of {choices}, got {value!r}")


def check_bool(value: Any, name: str) -> bool:
    """Return ``value`` if it is a bool (numpy's too); the error names the argument."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TypeError(f"{name} must be True or False, got {value!r}")


def check_alternative(alternative: Any) -> str:
    """Return ``alternative`` if it names a test's alternative hypothesis."""
    if alternative not in ("two-sided", "greater", "less"):
        raise ValueError(f"alternative must be 'two-sided', 'greater' or 'less', "
                         f"got {alternative!r}")
    return alternative


def check_random_state(random_state: Any) -> np.random.Generator:
    """A numpy Generator from ``None``, a non-negative integer or a Generator."""
    if isinstance(random_state, bool):
        raise TypeError(f"random_state must be None, an integer or a numpy Generator, "
                        f"got {random_state!r}")
    try:
        return np.random.default_rng(random_state)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"random_state must be None, a non-negative integer or a numpy "
                        f"Generator, got {random_state!r} ({exc})") from None


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
        raise TypeError(f"metric must return a real number (a float), got {value!r}")
    return float(value)


def check_threshold(threshold: Any, name: str = "threshold") -> float:
    """Return ``threshold`` as a float; it may be infinite but not NaN."""
    if isinstance(threshold, bool) or not isinstance(threshold, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {threshold!r}")
    if math.isnan(threshold):
        raise ValueError(f"{name} must not be NaN")
    return float(threshold)


def check_positive(value: Any, name: str, *, allow_zero: bool = False) -> float:
    """Return ``value`` as a finite float that is > 0 (or >= 0 with ``allow_zero``)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise TypeError(f"{name} must be a finite real number, got {value!r}")
    if value < 0 or (value == 0 and not allow_zero):
        rule = "non-negative" if allow_zero else "positive"
        raise ValueError(f"{name} must be {rule}, got {value!r}")
    return float(value)


def check_binary_scores(y_true: Any, y_score: Any, *, sample_weight: Any = None,
                        pos_label: Any = None):
    """Validate the usual ``(y_true, y_score, sample_weight)`` triple together."""
    score = check_scores(y_score)
    label = check_labels(y_true, pos_label=pos_label)
    check_same_length(y_true=label, y_score=score)
    weight = check_weights(sample_weight, len(label))
    return label, score, weight


def check_binary_predictions(y_true: Any, y_pred: Any, *, sample_weight: Any = None,
                             pos_label: Any = None):
    """Validate ``(y_true, y_pred, sample_weight)``; both label arrays use the same coding."""
    raw_true = _as_1d(y_true, "y_true")
    raw_pred = _as_1d(y_pred, "y_pred")
    check_same_length(y_true=raw_true, y_pred=raw_pred)
    together = np.unique(np.concatenate([raw_true, raw_pred]))
    if together.size > 2:
        raise ValueError(f"y_true and y_pred together hold {together.size} labels "
                         f"{together[:5].tolist()!r}: they must use the same two labels")
    truth = check_labels(raw_true, pos_label=pos_label)
    pred = check_labels(raw_pred, pos_label=pos_label, name="y_pred")
    weight = check_weights(sample_weight, len(truth))
    return truth, pred, weight
