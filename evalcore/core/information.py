"""Information-theoretic comparison of hard classifiers.

The table arithmetic lives here and :mod:`evalcore.core.combined` (the confusion matrix's
mutual information) imports it; this module reads the labels itself (through the shared
validation), so neither module imports the other inside a function.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

from .options import check_count, check_positive
from .validation import check_binary_predictions, check_scores, shown, unit_scale


def check_base(base: Any) -> float:
    """Return ``base`` as a float if it is a real number greater than 1.

    Parameters
    ----------
    base : float
        The base of a logarithm: e for nats, 2 for bits.

    Returns
    -------
    float

    Raises
    ------
    TypeError
        If ``base`` is not a real number.
    ValueError
        If ``base`` is not finite, not positive, 1, or below 1 (a base below 1 would turn
        every amount of information negative).
    """
    base = check_positive(base, "base")
    if base == 1:
        raise ValueError("base must not be 1 (log base 1 is undefined): it must be greater "
                         "than 1 (e for nats, 2 for bits)")
    if base < 1:
        raise ValueError(f"base must be greater than 1 (e for nats, 2 for bits), got {base!r}: "
                         f"a base below 1 makes every amount of information negative")
    return base


def _table_as_floats(table: Any) -> np.ndarray:
    """``table`` as a 2-D float64 array of finite non-negative numbers with a positive total,
    multiplied by one power of two so that its sum neither overflows nor underflows."""
    try:
        raw = np.asarray(table)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"table must be a 2-D array of counts: {exc}") from None
    if raw.ndim != 2:
        raise ValueError(f"table must be 2-D, got shape {raw.shape}")
    if raw.dtype == object:
        cells = raw.ravel().tolist()
        if not all(isinstance(v, (int, float, np.integer, np.floating))
                   and not isinstance(v, (bool, np.bool_)) for v in cells):
            bad = next(v for v in cells if not isinstance(v, (int, float, np.integer,
                                                              np.floating))
                       or isinstance(v, (bool, np.bool_)))
            raise TypeError(f"table must hold numbers (counts or probabilities), got {shown(bad)}")
        if any(isinstance(v, (float, np.floating)) and not math.isfinite(v) for v in cells):
            raise ValueError("table must hold finite non-negative counts with a positive total")
        for v in cells:         # a Python integer beyond float64's range is no count
            if isinstance(v, (int, np.integer)) and v > 0:
                check_count(v, "table")
        # integers beyond 2**53: divide them by the largest exactly, then round once
        largest = max(abs(Fraction(v)) for v in cells) or 1
        joint = np.array([float(Fraction(v) / largest) for v in cells]).reshape(raw.shape)
    elif raw.dtype.kind in "iuf":
        joint = raw.astype(np.float64)
    else:
        raise TypeError(f"table must hold numbers (counts or probabilities), got dtype "
                        f"{raw.dtype}")
    if np.any(joint < 0) or not np.all(np.isfinite(joint)):
        raise ValueError("table must hold finite non-negative counts with a positive total")
    if not np.any(joint > 0):
        raise ValueError("table must hold finite non-negative counts with a positive total")
    return unit_scale(joint)


def mutual_information_from_table(table: Any, *, base: float = math.e) -> float:
    """Mutual information of a 2-D contingency table of counts or probabilities.

    I = Σ p(a, b) · log(p(a, b) / (p(a)·p(b))), with 0·log 0 = 0; nats unless ``base`` is
    given (2 for bits). The table is first divided by its total, so counts of any magnitude
    (1e300, subnormal weights, integers beyond 2**53) give the same value as the
    probabilities they stand for.

    Parameters
    ----------
    table : array-like of shape (r, c)
        Finite non-negative counts (or probabilities) with a positive total.
    base : float, default=math.e
        Base of the logarithm, greater than 1.

    Returns
    -------
    float
        The mutual information, ≥ 0.

    Raises
    ------
    TypeError
        If ``table`` holds something other than numbers, or ``base`` is not a real number.
    ValueError
        If ``table`` is not 2-D, holds a negative, NaN or infinite cell (or an integer beyond
        float64's range) or only zeros, or ``base`` is not a finite number greater than 1.

    See Also
    --------
    mutual_information : the same from true and predicted labels.
    entropy : the entropy of one distribution.

    Examples
    --------
    >>> round(mutual_information_from_table([[0.8, 0.0], [0.1, 0.1]]), 4)
    0.1865
    """
    base = check_base(base)
    joint = _table_as_floats(table)
    joint = joint / joint.sum()
    rows = joint.sum(axis=1, keepdims=True)
    cols = joint.sum(axis=0, keepdims=True)
    nonzero = joint > 0
    chance = (rows @ cols)[nonzero]
    cells = joint[nonzero]
    with np.errstate(divide="ignore", over="ignore"):
        ratio = cells / chance
    logs = np.log(ratio, where=np.isfinite(ratio) & (ratio > 0), out=np.zeros_like(ratio))
    off = ~(np.isfinite(ratio) & (ratio > 0))
    if off.any():  # p(a)·p(b) underflowed (or the ratio overflowed): take the logs apart
        a, b = np.nonzero(nonzero)
        logs[off] = (np.log(cells[off]) - np.log(rows[a[off], 0]) - np.log(cols[0, b[off]]))
    terms = cells * logs
    return max(float(terms.sum()) / math.log(base), 0.0)


def mutual_information(y_true: Any, y_pred: Any, *, base: float = math.e,
                       sample_weight: Any = None, pos_label: Any = None) -> float:
    """Mutual information between true and predicted labels (nats by default).

    Murphy (after Wallach) shows it ranks hard classifiers sensibly where accuracy,
    precision, recall and F do not.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted binary labels, coded alike.
    base : float, default=math.e
        Base of the logarithm, greater than 1 (2 for bits).
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights; only their ratios matter. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    float
        The mutual information, ≥ 0.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind (missing labels, labels mixing strings and
        numbers, a non-real ``base``).
    ValueError
        If the labels or weights break their rules, or ``base`` is not greater than 1.

    See Also
    --------
    mutual_information_from_table : the same from a contingency table.
    ConfusionMatrix.mutual_information : the same from a confusion matrix.

    References
    ----------
    K. P. Murphy (2007), "Performance evaluation of binary classifiers", lecture notes,
    University of British Columbia.

    H. Wallach (2006), "Evaluation metrics for hard classifiers", technical report, Cavendish
    Laboratory, University of Cambridge.

    Examples
    --------
    Murphy's classifier B: p(y=1) = 0.9, no false positives, 80% called positive.

    >>> import evalcore as ec
    >>> y = [1] * 9 + [0]
    >>> y_hat = [1] * 8 + [0, 0]
    >>> round(ec.mutual_information(y, y_hat), 4)
    0.1865
    >>> round(ec.mutual_information(y, y_hat, base=2), 4)
    0.269
    """
    base = check_base(base)
    truth, pred, weight = check_binary_predictions(y_true, y_pred, sample_weight=sample_weight,
                                                   pos_label=pos_label)
    t, p = truth.astype(bool), pred.astype(bool)
    cells = (~t & ~p, ~t & p, t & ~p, t & p)          # scikit-learn's [[tn, fp], [fn, tp]]
    if weight is None:
        counts = [int(np.count_nonzero(cell)) for cell in cells]
    else:
        weight = unit_scale(weight)                   # only the ratios matter
        counts = [float(weight[cell].sum()) for cell in cells]
    return mutual_information_from_table(np.array(counts).reshape(2, 2), base=base)


def entropy(probabilities: Any, *, base: float = math.e) -> float:
    """Shannon entropy of a discrete distribution (nats by default), with 0·log 0 = 0.

    Parameters
    ----------
    probabilities : array-like of shape (k,)
        Non-negative numbers summing to 1 (within 1e-9).
    base : float, default=math.e
        Base of the logarithm, greater than 1 (2 for bits).

    Returns
    -------
    float
        The entropy, ≥ 0.

    Raises
    ------
    TypeError
        If ``probabilities`` holds something other than numbers, or ``base`` is not real.
    ValueError
        If ``probabilities`` is not a 1-D distribution (missing values, negative entries, a
        sum other than 1), or ``base`` is not greater than 1.

    See Also
    --------
    mutual_information : the information two labelings share.

    Examples
    --------
    >>> entropy([0.5, 0.5], base=2)
    1.0
    """
    base = check_base(base)
    try:
        shape = np.shape(probabilities)
    except (TypeError, ValueError):
        shape = None
    if shape is not None and len(shape) > 1:
        raise ValueError(f"probabilities must be a 1-D distribution: non-negative, summing to "
                         f"1, got shape {shape}")
    p = check_scores(probabilities, "probabilities").astype(np.float64)
    if np.any(p < 0) or not math.isclose(float(p.sum()), 1.0, abs_tol=1e-9):
        raise ValueError("probabilities must be a 1-D distribution: non-negative, summing to 1")
    nonzero = p[p > 0]
    return float(-(nonzero * np.log(nonzero)).sum() / math.log(base)) + 0.0
