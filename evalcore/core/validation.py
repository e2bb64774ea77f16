"""The checks of arrays, labels, scores and weights shared by every public function, and the
undefined-metric policy.

Every public function passes its arguments through the helpers here and, for its scalar
options (integers, levels, rates, choices, flags, seeds, thresholds, counts), through
:mod:`evalcore.core.options`, so a user gets the same message for the same mistake
everywhere. A metric that is undefined on valid input (a ratio whose denominator is zero)
returns ``nan`` and emits exactly one :class:`UndefinedMetricWarning` saying why.
"""

from __future__ import annotations

import inspect
import math
import numbers
import sys
import warnings
from collections.abc import Iterator, Mapping, MappingView, Set
from typing import Any

import numpy as np

from . import sklearn_keywords


class UndefinedMetricWarning(UserWarning):
    """A metric is undefined on this input (for example 0/0); the result is ``nan``."""


class MixedLabelTypesError(ValueError, TypeError):
    """Labels that mix strings and numbers (or other kinds of values).

    Both a ``ValueError`` and a ``TypeError``, as scikit-learn's ``InvalidParameterError``
    is: code written for scikit-learn (which raises ``ValueError("Mix of label input
    types ...")``) and code written for evalcore's rule (a value of the wrong kind is a
    ``TypeError``) both catch it.
    """


def shown(value: Any) -> str:
    """``repr(value)`` for a message a person reads: a numpy scalar is shown as the Python
    value it holds (``0.5``, not ``np.float64(0.5)``; ``'a'``, not ``np.str_('a')``)."""
    if isinstance(value, np.generic):
        value = value.item()
    return repr(value)


def undefined(reason: str, *, stacklevel: int = 3) -> float:
    """Warn once with ``reason`` and return ``nan``.

    ``stacklevel`` counts evalcore's own frames up to the user's call; the frame of the
    decorator that answers scikit-learn's keywords (:mod:`evalcore.core.sklearn_keywords`,
    around some public functions) is not counted, so the warning points at the user's call
    of a decorated function too."""
    level, depth, frame = stacklevel, 2, sys._getframe(1)     # depth 2: the caller's frame
    while frame is not None and depth <= level:
        if frame.f_globals.get("__name__") == sklearn_keywords.__name__:
            level += 1
        frame, depth = frame.f_back, depth + 1
    warnings.warn(reason, UndefinedMetricWarning, stacklevel=level)
    return math.nan


#: What every array argument accepts, for the messages.
ARRAY_LIKE = "a 1-D array-like (list, tuple, numpy array or pandas Series)"


def check_array_like(values: Any, name: str, *, kind: str = ARRAY_LIKE) -> None:
    """Refuse, with a ``TypeError`` naming ``name``, what is no array-like: ``None``, a
    scalar, a set or a dict (no sample order, so the i-th label would not meet the i-th
    score), and a generator or other one-pass iterator.

    An iterator is refused rather than read into a list because it is used up by the first
    function that reads it: functions that read an argument twice (a plot that computes its
    curve and its area) would see it empty the second time. This is scikit-learn's rule too
    (its ``array-like`` check refuses a generator); ``list(...)`` or ``np.fromiter(...)``
    makes one an array-like. ``kind`` describes what is expected, for the message.
    """
    if values is None:
        raise TypeError(f"{name} is required, got None")
    if hasattr(type(values), "__dask_graph__"):                 # a Dask collection
        raise TypeError(dask_collection_refused(values, name))
    if _is_summary(values):
        raise TypeError(summary_refused(values, name))
    if isinstance(values, (str, bytes)) or np.isscalar(values):
        raise TypeError(f"{name} must be {kind}, got a scalar {shown(values)}")
    if isinstance(values, (Set, Mapping)):
        raise TypeError(f"{name} must be {kind}, got a {type(values).__name__}, which has "
                        f"no order: the i-th value must belong to the i-th sample; pass a list")
    if isinstance(values, (Iterator, MappingView)):
        raise TypeError(f"{name} must be {kind}, got a {type(values).__name__}, which "
                        f"the first function reading it would use up: pass list(...) or "
                        f"np.fromiter(...)")


#: The functions :mod:`evalcore.dask_evaluation` computes on Dask, under the names of the
#: in-memory ones, so that the messages below name what it has without importing it (which
#: would close a circle of imports); tests/test_dask_evaluation.py holds this tuple to the
#: functions of that module's ``__all__``.
ON_DASK = ("roc_auc", "average_precision", "roc_curve", "precision_recall_curve",
           "delong_variance", "roc_auc_ci", "delong_test")


def outermost_public_call() -> str | None:
    """The qualified name (``roc_auc``, ``ScoreCounts.update``) of the outermost function or
    method of evalcore on the stack whose name is public: the one the user called (``None``
    when there is none), for messages that name it."""
    frame, called = sys._getframe(1), None
    while frame is not None:
        module = frame.f_globals.get("__name__", "")
        if (module == "evalcore" or module.startswith("evalcore.")) \
                and not frame.f_code.co_name.startswith(("_", "<")):
            called = frame.f_code.co_qualname
        frame = frame.f_back
    return called


def dask_collection_refused(values: Any, name: str) -> str:
    """The message for a Dask collection given to an in-memory function, naming the function
    of :mod:`evalcore.dask_evaluation` to call instead: ``np.asarray`` would silently pull
    every partition into this process. The in-memory function is the outermost public
    evalcore function on the stack."""
    function = (outermost_public_call() or "function").rpartition(".")[2]
    if function in ON_DASK:
        hint = f"use evalcore.dask_evaluation.{function} instead"
    else:
        hint = (f"evalcore.dask_evaluation computes {', '.join(ON_DASK)} on Dask; for "
                f"{function}, compute a part that fits in memory first (.compute())")
    return (f"{name} is a Dask collection ({type(values).__name__}): evalcore.{function} "
            f"works in memory and would pull every partition into this process; {hint}")


def _is_summary(values: Any) -> bool:
    """Whether ``values`` is an :class:`evalcore.ScoreCounts` (read by its marker, so that
    the checks need not import the class, which sits above every metric)."""
    return getattr(values, "summarizes_rows", False) is True


def summary_refused(values: Any, name: str) -> str:
    """The message for a :class:`~evalcore.ScoreCounts` given where an array goes: the
    function the user called takes arrays, and the summary's method of the same name, when
    there is one, is the call to make (with the arguments it requires), or else the function
    needs the rows, which a summary does not keep."""
    called = outermost_public_call()
    method = getattr(values, called, None) if called and "." not in called else None
    if callable(method):
        required = [p.name if p.kind is p.POSITIONAL_OR_KEYWORD else f"{p.name}=..."
                    for p in inspect.signature(method).parameters.values()
                    if p.default is p.empty and p.kind in (p.POSITIONAL_OR_KEYWORD,
                                                           p.KEYWORD_ONLY)]
        return (f"{called}() takes arrays; {name} is a ScoreCounts, which has the method: "
                f"counts.{called}({', '.join(required)})")
    return (f"{f'{called}()' if called else 'this function'} needs the rows (it resamples, "
            f"permutes or pairs cases, reads each one or draws them): {name} is a ScoreCounts, "
            f"the counts at each distinct score without the rows; pass (y_true, y_score)")


def as_1d(values: Any, name: str) -> np.ndarray:
    """``values`` as a non-empty 1-D numpy array; the error names ``name`` and the rule.

    Refused: what :func:`check_array_like` refuses, missing values (None, NaN, pandas.NA,
    NaT, masked entries), values that mix strings and numbers
    (:class:`MixedLabelTypesError`), more than one dimension, and no values.
    """
    check_array_like(values, name)
    if np.ma.isMaskedArray(values):
        masked = np.ma.getmaskarray(values)
        if masked.any():
            raise ValueError(f"{name} has masked entries (first at index "
                             f"{np.flatnonzero(masked.ravel())[0]}, {int(masked.sum())} in all): "
                             f"drop those samples or fill them before evaluating")
        values = np.ma.getdata(values)
    if hasattr(values, "to_numpy"):  # pandas Series / DataFrame
        values = values.to_numpy()
    try:
        array = np.asarray(values)
    except (ValueError, TypeError) as exc:  # ragged nested lists
        raise ValueError(f"{name} must be a 1-D array-like of equal-length elements: {exc}") from None
    if array.ndim == 0:                     # an object numpy does not read as a sequence
        raise TypeError(f"{name} must be {ARRAY_LIKE}, got {type(values).__name__}")
    if array.dtype.kind in "US" and isinstance(values, (list, tuple)) and array.ndim == 1:
        # numpy turns [0, "a", 1] into strings: check the values as they were given
        _check_one_kind(np.array(values, dtype=object), name)
    if array.dtype == object or array.dtype.kind in "mM":
        _check_no_missing(array, name)
    if array.dtype == object:
        _check_one_kind(array, name)
    if array.ndim == 2 and 1 in array.shape and array.size > 0:
        raise ValueError(f"{name} must be 1-D, got shape {array.shape}; "
                         f"use .ravel() if it is a single column or row")
    if array.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got an array with {array.ndim} dimensions "
                         f"(shape {array.shape})")
    if array.size == 0:
        raise ValueError(f"{name} is empty: at least one sample is needed")
    return array


def _is_missing(value: Any) -> bool:
    if value is None:
        return True
    try:
        return bool(value != value)      # NaN and NaT are not equal to themselves
    except TypeError:                    # pandas.NA: its comparisons are NA, of refused truth
        return True


def _check_no_missing(array: np.ndarray, name: str) -> None:
    """Refuse None, NaN, pandas.NA and NaT in an object or date/time array."""
    if array.dtype.kind in "mM":
        missing = np.isnat(array)
    else:
        missing = np.asarray(np.frompyfunc(_is_missing, 1, 1)(array)).astype(bool)
    if missing.any():
        raise ValueError(f"{name} holds missing values (None, NaN, NA or NaT; first at index "
                         f"{np.flatnonzero(missing)[0]}, {int(missing.sum())} in all): drop "
                         f"those samples or fill them before evaluating")


def _label_kind(value: Any) -> str:
    if isinstance(value, (str, np.str_, bytes)):
        return "string"
    if isinstance(value, (numbers.Number, np.number, np.bool_)):
        return "number"
    return type(value).__name__


def _check_one_kind(array: np.ndarray, name: str) -> None:
    """Refuse an object array that mixes strings and numbers (or other kinds): numpy would
    compare them by type name, or as text, and silently mismatch labels."""
    kinds = {_label_kind(value) for value in array.tolist()}
    if len(kinds) > 1:
        raise MixedLabelTypesError(f"{name} mixes kinds of values ({' and '.join(sorted(kinds))}"
                                   f"): Mix of label input types; convert them to one type "
                                   f"first")


def check_kinds_match(first: np.ndarray, second: np.ndarray, names: tuple[str, str]) -> None:
    """Refuse two label arrays where one holds strings and the other numbers: ``'1'`` and
    ``1`` would never be equal, so every prediction would silently count as wrong."""
    kinds = []
    for array in (first, second):
        if array.dtype.kind in "USa" or (array.dtype == object and array.size
                                        and _label_kind(array[0]) == "string"):
            kinds.append("string")
        elif array.dtype.kind in "biuf" or (array.dtype == object and array.size
                                           and _label_kind(array[0]) == "number"):
            kinds.append("number")
        else:
            kinds.append(str(array.dtype))
    if kinds[0] != kinds[1]:
        raise MixedLabelTypesError(f"{names[0]} holds {kinds[0]}s and {names[1]} {kinds[1]}s: "
                                   f"Mix of label input types ({kinds[0]} and {kinds[1]}); use "
                                   f"one type for both")


#: Integers up to this magnitude are exact in float64.
FLOAT64_EXACT_INT = 2 ** 53


def exact_real(array: np.ndarray, name: str) -> np.ndarray:
    """``array`` (real numbers) as float64 when every value converts exactly, which is the
    common case; otherwise as long double when that is exact (integers beyond 2**53 on
    platforms whose long double has a 64-bit significand, or long double input); otherwise
    refused. Distinct scores stay distinct, so ranks and ties are exact."""
    if array.dtype == np.float64:
        return array
    kind = array.dtype.kind
    if kind == "b" or (kind == "f" and array.dtype.itemsize < 8):
        return array.astype(np.float64)
    if kind in "iu":
        if array.min() >= -FLOAT64_EXACT_INT and array.max() <= FLOAT64_EXACT_INT:
            return array.astype(np.float64)
        if np.finfo(np.longdouble).nmant >= 63:          # 80-bit extended: every int64/uint64
            return array.astype(np.longdouble)
        raise ValueError(f"{name} holds integers beyond ±2**53, which float64 cannot tell apart "
                         f"and this platform's long double is no wider: rank them first (for "
                         f"example scipy.stats.rankdata) and pass the ranks")
    converted = array.astype(np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        exact = np.array_equal(converted.astype(array.dtype), array, equal_nan=True)
    return converted if exact else array


def check_scores(y_score: Any, name: str = "y_score", *, keep_dtype: bool = False) -> np.ndarray:
    """Return ``y_score`` as a 1-D array of finite real numbers: float64, or long double
    where float64 would merge distinct values (see :func:`exact_real`). With ``keep_dtype``,
    float16/32/64, integer and bool arrays come back as they are, not copied (for the
    ranking core, which sorts them in their own dtype, exactly)."""
    array = as_1d(y_score, name)
    if not (np.issubdtype(array.dtype, np.number) or array.dtype == bool):
        raise TypeError(f"{name} must hold numbers, got dtype {array.dtype}")
    if np.iscomplexobj(array):
        raise TypeError(f"{name} must hold real numbers, got complex values")
    if not (keep_dtype and (array.dtype.kind in "biu"
                            or (array.dtype.kind == "f" and array.dtype.itemsize <= 8))):
        array = exact_real(array, name)
    # min and max are NaN when any value is, and ±inf when one is: no full-size temporary
    if array.dtype.kind == "f" and not (np.isfinite(array.min()) and np.isfinite(array.max())):
        bad = np.flatnonzero(~np.isfinite(array))
        raise ValueError(f"{name} must be finite: it holds NaN or infinite values "
                         f"(first at index {bad[0]}, {bad.size} in all)")
    return array


def label_classes(array: np.ndarray) -> np.ndarray:
    """The distinct labels, sorted; linear time for numeric labels with at most two values
    (a batch of 0/1 labels takes two passes, not a sort)."""
    if array.dtype.kind in "biuf":
        low, high = array.min(), array.max()
        if low == high:
            return np.array([low])
        if (array.dtype.kind in "biu" and int(high) - int(low) == 1) \
                or np.all((array == low) | (array == high)):     # integers: no value between
            return np.array([low, high])
    return np.unique(array)


def check_label(value: Any, name: str) -> Any:
    """Return ``value`` if it is one label (a number, a string or a bool, numpy's too); a
    list, an array or another collection is a TypeError naming ``name``."""
    if isinstance(value, np.ndarray) or not (np.isscalar(value) or isinstance(value, np.generic)):
        raise TypeError(f"{name} must be one label (a number, a string or a bool), got "
                        f"{type(value).__name__} {shown(value)}")
    return value


def _too_many_classes(name: str, classes: np.ndarray, scores: np.ndarray | None,
                      score_name: str) -> ValueError:
    """The error for labels with more than two classes, saying what the values suggest:
    scores given as labels (non-integer values), the arguments swapped (the "scores" hold
    at most two values), or a multiclass problem."""
    listed = ", ".join(map(shown, classes[:5])) + (", ..." if classes.size > 5 else "")
    message = f"{name} must hold two classes (binary labels), got {classes.size}: {listed}"
    score_values = None if scores is None else label_classes(scores)
    if score_values is not None and score_values.dtype.kind in "biu":   # kept in their dtype
        score_values = score_values.astype(np.float64)                   # shown as checked
    if score_values is not None and score_values.size <= 2:
        return ValueError(f"{message}; while {score_name} holds only "
                          f"{' and '.join(map(shown, score_values))}: the arguments look "
                          f"swapped: the labels come first, (y_true, {score_name})")
    if classes.dtype.kind == "f" and np.any(classes != np.floor(classes)):
        return ValueError(f"{message}; non-integer values look like scores, not labels: the "
                          f"labels come first, (y_true, {score_name})")
    return ValueError(f"{message}; for more than two classes see multiclass_auc")


def check_labels(y_true: Any, *, pos_label: Any = None, name: str = "y_true",
                 scores: np.ndarray | None = None, score_name: str = "y_score") -> np.ndarray:
    """Return ``y_true`` as a 1-D int8 array of 0 (negative) and 1 (positive).

    Labels may be {0, 1}, {-1, 1}, {False, True}, or any two values with ``pos_label``
    naming the positive one. A single class present is allowed (metrics that then become
    undefined say so); more than two classes is an error, which says when the labels look
    like scores and, given the validated ``scores`` (named ``score_name``) that go with
    them, when the two arguments look swapped.
    """
    if pos_label is not None:
        check_label(pos_label, "pos_label")
    array = as_1d(y_true, name)
    if array.dtype.kind == "f" and not np.all(np.isfinite(array)):
        raise ValueError(f"{name} must not hold NaN or infinite values")
    classes = label_classes(array)
    if classes.size > 2:
        raise _too_many_classes(name, classes, scores, score_name)
    if pos_label is None:
        as_list = classes.tolist()
        if array.dtype == bool or set(as_list) <= {0, 1} or set(as_list) <= {-1, 1}:
            pos_label = 1
        else:
            raise ValueError(f"{name} holds labels {as_list!r}: name the positive class with "
                             f"pos_label=..., since only {{0, 1}}, {{-1, 1}} and {{False, True}} "
                             f"are read without it")
    elif pos_label not in classes.tolist() and classes.size == 2:
        raise ValueError(f"pos_label={shown(pos_label)} is not one of the labels in {name}: "
                         f"{classes.tolist()!r}")
    if array.dtype == bool and not isinstance(pos_label, (str, bytes)) and pos_label == 1:
        labels = array.view(np.int8)            # already the bytes 1/0: a read-only view
        labels.flags.writeable = False
        return labels
    return (array == pos_label).view(np.int8)  # True/False are the bytes 1/0


def check_weights(sample_weight: Any, n: int) -> np.ndarray | None:
    """Return ``sample_weight`` as float64 of length ``n`` (or ``None``)."""
    if sample_weight is None:
        return None
    weights = check_scores(sample_weight, name="sample_weight").astype(np.float64, copy=False)
    if weights.shape[0] != n:
        raise ValueError(f"sample_weight has {weights.shape[0]} entries but there are {n} "
                         f"samples: they must have the same length")
    if np.any(weights < 0):
        raise ValueError("sample_weight must be non-negative: it holds negative weights")
    if not np.any(weights > 0):
        raise ValueError("sample_weight must give some sample a positive weight: all are 0")
    return weights


def unit_scale(weight: np.ndarray) -> np.ndarray:
    """``weight`` multiplied by the power of two that brings its largest entry into [0.5, 1).

    For metrics that do not change when every weight is multiplied by one constant (AUC, rates,
    precision, Brier score): sums of weights near 1e308 no longer overflow and sums of
    subnormal weights no longer round to 0. Multiplying by a power of two is exact, so the
    result is bit for bit the same whenever the unscaled sums did not overflow or underflow.
    """
    _, exponent = np.frexp(weight.max())
    return np.ldexp(weight, -int(exponent))


def check_same_length(**arrays: np.ndarray) -> None:
    """Raise if the named arrays do not all have the same length."""
    lengths = {name: len(a) for name, a in arrays.items()}
    if len(set(lengths.values())) > 1:
        described = ", ".join(f"{name} has {n}" for name, n in lengths.items())
        raise ValueError(f"inputs must have the same length: {described}")


# --- the one policy for a class that is missing ------------------------------------------

def both_classes(total_pos: Any, total_neg: Any, what: str, *, stacklevel: int = 4) -> bool:
    """True if both classes have (weighted) samples; otherwise warn once that ``what`` is
    undefined, naming the missing class, and return False (the caller returns ``nan``).

    ``stacklevel`` counts from the caller of :func:`both_classes` upwards: 4 points the
    warning at the user's call of a public function that calls a helper that calls this.
    """
    if total_pos > 0 and total_neg > 0:
        return True
    missing = "positive" if not total_pos > 0 else "negative"
    undefined(f"{what} is undefined: y_true holds no {missing} samples (with nonzero weight)",
              stacklevel=stacklevel)
    return False


def positive_share(label: np.ndarray, weight: np.ndarray | None) -> float:
    """The (weighted) share of positives among validated labels: the data's prior."""
    if weight is None:
        return float(label.mean())
    return float(weight[label == 1].sum() / weight.sum())


def check_binary_scores(y_true: Any, y_score: Any, *, sample_weight: Any = None,
                        pos_label: Any = None, score_name: str = "y_score",
                        true_name: str = "y_true", scale_weights: bool = False,
                        keep_dtype: bool = False):
    """Validate the usual ``(y_true, y_score, sample_weight)`` triple together.

    ``score_name`` and ``true_name`` are the arguments' names in messages (``"y_prob"`` for
    probabilities, ``"y_score_a"`` for the first of two paired scores). With
    ``scale_weights`` the weights come back multiplied by the power of two of
    :func:`unit_scale`: for results that depend only on ratios of weights (rates, curves,
    areas), whose sums then neither overflow nor vanish. ``keep_dtype``: the scores as
    :func:`check_scores` gives them with it (in their own dtype, for the ranking core).
    """
    for value, name in ((y_true, true_name), (y_score, score_name)):
        if _is_summary(value):          # checked first: the message names the method to call
            raise TypeError(summary_refused(value, name))
    score = check_scores(y_score, score_name, keep_dtype=keep_dtype)
    label = check_labels(y_true, pos_label=pos_label, name=true_name, scores=score,
                         score_name=score_name)
    check_same_length(**{true_name: label, score_name: score})
    weight = check_weights(sample_weight, len(label))
    if scale_weights and weight is not None:
        weight = unit_scale(weight)
    return label, score, weight


def _is_coding(labels: list) -> bool:
    """Whether distinct labels are read without ``pos_label``: {0, 1}, {-1, 1} or booleans
    (which compare as 0 and 1), or a subset of one of them."""
    return set(labels) <= {0, 1} or set(labels) <= {-1, 1}


def check_binary_predictions(y_true: Any, y_pred: Any, *, sample_weight: Any = None,
                             pos_label: Any = None):
    """Validate ``(y_true, y_pred, sample_weight)``; both label arrays use the same coding.

    Without ``pos_label`` the coding is read from the labels of both arrays together, so
    truth all 0 and predictions all -1 (0 from {0, 1}, -1 from {-1, 1}) are refused instead
    of being counted as agreeing negatives.
    """
    if pos_label is not None:
        check_label(pos_label, "pos_label")
    raw_true = as_1d(y_true, "y_true")
    raw_pred = as_1d(y_pred, "y_pred")
    check_same_length(y_true=raw_true, y_pred=raw_pred)
    check_kinds_match(raw_true, raw_pred, ("y_true", "y_pred"))
    for name, raw in (("y_true", raw_true), ("y_pred", raw_pred)):
        if raw.dtype.kind == "f" and not np.all(np.isfinite(raw)):
            raise ValueError(f"{name} must not hold NaN or infinite values")
    together = np.unique(np.concatenate([raw_true, raw_pred]))
    if together.size > 2:
        raise ValueError(f"y_true and y_pred together hold {together.size} labels "
                         f"{together[:5].tolist()!r}: they must use the same two labels")
    if pos_label is None:
        truth_labels = label_classes(raw_true).tolist()
        pred_labels = label_classes(raw_pred).tolist()
        if _is_coding(truth_labels) and _is_coding(pred_labels) \
                and not _is_coding(together.tolist()):
            raise ValueError(f"y_true holds only {truth_labels!r} and y_pred only "
                             f"{pred_labels!r}: together {together.tolist()!r} are two label "
                             f"codings ({{0, 1}} and {{-1, 1}}), not one; recode one of them, "
                             f"or name the positive class with pos_label=...")
        if not _is_coding(together.tolist()):
            raise ValueError(f"y_true and y_pred hold labels {together.tolist()!r}: name the "
                             f"positive class with pos_label=..., since only {{0, 1}}, "
                             f"{{-1, 1}} and {{False, True}} are read without it")
        pos_label = 1
    truth = check_labels(raw_true, pos_label=pos_label)
    pred = check_labels(raw_pred, pos_label=pos_label, name="y_pred")
    weight = check_weights(sample_weight, len(truth))
    return truth, pred, weight
