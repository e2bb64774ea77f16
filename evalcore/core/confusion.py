"""The confusion matrix: a classifier's four outcomes counted, and the class that holds them.

:func:`confusion_matrix` counts hard predictions and :func:`confusion_matrix_at` scores at a
threshold (through :func:`predict`); :class:`ConfusionMatrix` holds the four counts, is built
from them, from a printed table or from joint probabilities, and gives its joint table and
:meth:`~ConfusionMatrix.rates`. Integer counts stay exact Python ints, and extreme counts are
computed as exact fractions (:mod:`evalcore.core.exact`), so every rate is rounded once.

Every rate the sources name is a property of the class, under each of its names, written in
the base class that fits it: the rates read off one margin (tpr, fpr, precision, npv,
accuracy, ... :mod:`evalcore.core.rates`) and the metrics that combine them (the F-scores,
MCC, kappa, the likelihood ratios, ... :mod:`evalcore.core.combined`). The cut falls between
what the matrix is (its counts, how it is built and counted) and what is read off it, so each
module reads as one idea; the class still lists every rate, and the API reference documents
them on it in one place (``:inherited-members:``).

Kept beside it: the layouts the sources print the matrix in and its text and HTML output
(:mod:`evalcore.core.layouts`, whose :class:`LaidOutTable` the class inherits), and the exact
decision of which side of a threshold a score lies on
(:func:`evalcore.core.threshold_side.threshold_hits`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from .combined import CombinedMetrics
from .exact import to_float
from .layouts import LaidOutTable, Layout, arrange, canonical_cells, check_layout
from .options import check_count, check_rule
from .ranking import TieGroups, group_totals, is_weighted
from .sklearn_keywords import explains_sklearn_keywords
from .threshold_side import threshold_hits
from .validation import (check_binary_predictions, check_binary_scores, check_scores, undefined,
                         unit_scale)


def _table_cells(table: Any) -> list[list[int | float]]:
    """A 2x2 table of counts as nested lists of plain Python numbers (integers exact)."""
    try:
        raw = np.asarray(table)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"table must be a 2x2 array of counts: {exc}") from None
    if raw.shape != (2, 2):
        raise ValueError(f"table must be 2x2, got shape {raw.shape}")
    if raw.dtype.kind not in "iufO":
        raise TypeError(f"table must hold numbers (counts), got dtype {raw.dtype}")
    cells = []
    for value in raw.ravel().tolist() if raw.dtype.kind != "f" else raw.ravel():
        try:
            cells.append(check_count(value, "table"))
        except TypeError:
            raise TypeError(f"table must hold numbers (counts), got {value!r}") from None
        except ValueError:
            raise ValueError(f"table must hold finite non-negative counts, got {value!r}") \
                from None
    return [cells[:2], cells[2:]]


@dataclass(frozen=True)
class ConfusionMatrix(LaidOutTable, CombinedMetrics):
    """Counts (or weighted counts) of a binary classifier's four outcomes.

    Build one with :func:`confusion_matrix`, :meth:`from_counts`, :meth:`from_array` or
    :meth:`from_joint`. Every rate the sources name is a property, under each of its names.
    A rate whose denominator is zero is ``nan`` with one :class:`UndefinedMetricWarning`.

    Integer counts are kept as Python ints, exact however large; rates are then ratios of
    integers rounded once. Counts of any magnitude (1e300, subnormal weights) give the same
    rates as the same counts scaled to ordinary size.

    As scikit-learn's matrix: ``np.asarray(cm)`` is ``[[tn, fp], [fn, tp]]`` (the layout of
    ``sklearn.metrics.confusion_matrix``, int64 for integer counts) and
    ``tn, fp, fn, tp = cm.ravel()`` unpacks it in its order. The matrix itself is not
    iterable: ``pandas.DataFrame([cm_a, cm_b])`` has the fields ``tp, fp, fn, tn`` as columns.

    Parameters
    ----------
    tp, fp, fn, tn : int or float
        True positives, false positives, false negatives, true negatives: finite and
        non-negative (weighted counts may be fractional).

    Raises
    ------
    TypeError
        If a count is not a number (a bool, a string, None).
    ValueError
        If a count is negative, NaN or infinite.

    See Also
    --------
    confusion_matrix : count the four outcomes of hard predictions.
    confusion_matrix_at : count them at a threshold on scores.

    Examples
    --------
    Murphy's classifier 2 (his Table 2) at threshold 0.5:

    >>> import evalcore as ec
    >>> y = [1, 1, 1, 1, 1, 0, 0, 0, 0]
    >>> s = [0.9, 0.8, 0.7, 0.6, 0.2, 0.6, 0.3, 0.2, 0.1]
    >>> cm = ec.confusion_matrix(y, ec.predict(s, 0.5))
    >>> cm
    ConfusionMatrix(tp=4, fp=1, fn=1, tn=3)
    >>> cm.tpr, cm.fpr, cm.precision
    (0.8, 0.25, 0.8)
    >>> print(cm.format("murphy"))
                  truth 1  truth 0
    estimate 1          4        1
    estimate 0          1        3
    """

    tp: float
    fp: float
    fn: float
    tn: float

    def __post_init__(self) -> None:
        for name in ("tp", "fp", "fn", "tn"):
            # plain Python numbers keep the repr clean: ints for counts, floats for weights
            object.__setattr__(self, name, check_count(getattr(self, name), name))

    # --- construction -------------------------------------------------------------------
    @classmethod
    def from_counts(cls, *, tp: float, fp: float, fn: float, tn: float) -> "ConfusionMatrix":
        """Build from the four counts, named.

        Parameters
        ----------
        tp, fp, fn, tn : int or float
            The four counts, finite and non-negative.

        Returns
        -------
        ConfusionMatrix

        Raises
        ------
        TypeError
            If a count is not a number.
        ValueError
            If a count is negative, NaN or infinite.

        See Also
        --------
        ConfusionMatrix.from_array : from a printed 2x2 table.

        Examples
        --------
        >>> ConfusionMatrix.from_counts(tp=10, fp=0, fn=10, tn=80).accuracy
        0.9
        """
        return cls(tp=tp, fp=fp, fn=fn, tn=tn)

    @classmethod
    def from_array(cls, table: Any, *, layout: str | Layout = "sklearn") -> "ConfusionMatrix":
        """Build from a 2x2 table printed in ``layout`` (see :data:`LAYOUTS`).

        Integer cells (int64, or Python ints of any size) stay exact integers.

        Parameters
        ----------
        table : array-like of shape (2, 2)
            Finite non-negative counts.
        layout : str or Layout, default="sklearn"
            Which axis holds the truth and which class comes first.

        Returns
        -------
        ConfusionMatrix

        Raises
        ------
        TypeError
            If ``table`` holds something other than numbers, or ``layout`` is of the wrong
            kind.
        ValueError
            If ``table`` is not 2x2 or holds a negative, NaN or infinite count, or ``layout``
            names no layout.

        See Also
        --------
        ConfusionMatrix.from_joint : from a table of joint probabilities.
        ConfusionMatrix.as_array : the inverse.

        Examples
        --------
        >>> ConfusionMatrix.from_array([[435, 65], [64, 436]], layout="sklearn")
        ConfusionMatrix(tp=436, fp=65, fn=64, tn=435)
        """
        spec = check_layout(layout)
        (tp, fn), (fp, tn) = canonical_cells(_table_cells(table), spec)
        return cls(tp=tp, fp=fp, fn=fn, tn=tn)

    @classmethod
    def from_joint(cls, table: Any, *, layout: str | Layout = "sklearn") -> "ConfusionMatrix":
        """Build from a normalized joint table p(y, ŷ) whose four cells sum to 1.

        The result holds the probabilities as counts with ``n == 1``, so every rate is the
        same as for any sample of that shape.

        Parameters
        ----------
        table : array-like of shape (2, 2)
            Non-negative probabilities summing to 1 (within 1e-9).
        layout : str or Layout, default="sklearn"
            Which axis holds the truth and which class comes first.

        Returns
        -------
        ConfusionMatrix

        Raises
        ------
        TypeError
            If ``table`` holds something other than numbers.
        ValueError
            If ``table`` is not 2x2, holds a negative or non-finite cell, or does not sum
            to 1.

        See Also
        --------
        ConfusionMatrix.from_array : from counts.
        ConfusionMatrix.joint_table : the inverse.

        Examples
        --------
        >>> cm = ConfusionMatrix.from_joint([[0.8, 0.0], [0.1, 0.1]], layout="murphy")
        >>> round(cm.recall, 4), cm.precision
        (0.8889, 1.0)
        """
        array = np.array(_table_cells(table), dtype=np.float64)
        if not math.isclose(float(array.sum()), 1.0, abs_tol=1e-9):
            raise ValueError(f"table must be a joint probability table summing to 1, "
                             f"its cells sum to {array.sum()!r}")
        return cls.from_array(array, layout=layout)

    def _repr_html_(self) -> str:
        return self.to_html()

    @property
    def joint(self) -> np.ndarray:
        """The joint probabilities p(y, ŷ) = count / n, laid out as :meth:`as_array`."""
        return self._joint(check_layout("sklearn"))

    def joint_table(self, layout: str | Layout = "sklearn") -> np.ndarray:
        """The joint probabilities p(y, ŷ) in ``layout``.

        Parameters
        ----------
        layout : str or Layout, default="sklearn"
            Which axis holds the truth and which class comes first.

        Returns
        -------
        numpy.ndarray of shape (2, 2)
            Each count divided by n; all ``nan`` (with one warning) when n = 0.

        Raises
        ------
        TypeError, ValueError
            If ``layout`` is not a Layout or a layout's name.

        See Also
        --------
        ConfusionMatrix.as_array : the counts.
        """
        return self._joint(check_layout(layout))

    def _joint(self, spec: Layout) -> np.ndarray:
        tp, fp, fn, tn = self._numbers()
        n = tp + fp + fn + tn
        if n == 0:
            undefined("the joint probabilities are undefined: the matrix holds no samples",
                      stacklevel=4)
            return np.full((2, 2), math.nan)
        if isinstance(n, Fraction):
            return arrange([[to_float(tp / n), to_float(fn / n)],
                            [to_float(fp / n), to_float(tn / n)]], spec).astype(np.float64)
        return self.as_array(spec) / self.n

    def rates(self) -> dict[str, float]:
        """The main rates in a dict (handy for tables).

        Returns
        -------
        dict of str to float
            tpr, fpr, tnr, fnr, precision, npv, accuracy, error_rate, balanced_accuracy, f1
            and mcc (each undefined one ``nan`` with its warning).
        """
        names = ("tpr", "fpr", "tnr", "fnr", "precision", "npv", "accuracy", "error_rate",
                 "balanced_accuracy", "f1", "mcc")
        return {name: getattr(self, name) for name in names}


def predict(y_score: Any, threshold: float, *, rule: str = ">=") -> np.ndarray:
    """Turn scores into 0/1 predictions at ``threshold``.

    The default rule ``">="`` predicts positive when the score is at or above the threshold:
    the rule of every curve in evalcore and the default of every function that returns a
    threshold, so such a threshold gives here exactly the counts reported for it (it is also
    the rule of scikit-learn's curves and of its ``FixedThresholdClassifier``). The sources
    disagree, so the rule is an option: ``">"`` predicts positive only strictly above the
    threshold (Murphy's definition, the slides, the R note; the tutorial's code, though its
    prose says ``>=``).

    The comparison is exact: integer scores beyond 2**53 and long double scores are not
    rounded to float64, and neither is an integer or long double threshold.

    Parameters
    ----------
    y_score : array-like of shape (n,)
        Finite real scores.
    threshold : float or int
        The cut; may be ±inf, not NaN.
    rule : {">=", ">"}, default=">="
        At or above, or strictly above, the threshold is positive.

    Returns
    -------
    numpy.ndarray of int8, shape (n,)
        1 for a positive call, 0 for a negative one.

    Raises
    ------
    TypeError
        If ``y_score`` or ``threshold`` is of the wrong kind.
    ValueError
        If ``y_score`` is empty, not 1-D or not finite, ``threshold`` is NaN, or ``rule`` is
        not ``">"`` or ``">="``.

    See Also
    --------
    confusion_matrix_at : count the outcomes of these predictions.
    roc_curve, threshold_at_fpr : thresholds under the same rule.

    Examples
    --------
    Murphy's Table 1 at θ = 0.5: example 5 scores exactly 0.5, and Murphy's rule ``>``
    calls it negative.

    >>> s = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]
    >>> predict(s, 0.5).tolist()
    [1, 1, 1, 1, 1, 0, 0, 0, 0]
    >>> predict(s, 0.5, rule=">").tolist()
    [1, 1, 1, 1, 0, 0, 0, 0, 0]
    """
    score = check_scores(y_score)
    rule = check_rule(rule)
    return threshold_hits(score, threshold, rule).astype(np.int8)


@explains_sklearn_keywords
def confusion_matrix(y_true: Any, y_pred: Any, *, sample_weight: Any = None,
                     pos_label: Any = None) -> ConfusionMatrix:
    """Count tp, fp, fn, tn of hard predictions ``y_pred`` against ``y_true``.

    Unweighted counts are exact integers. Weighted counts are sums of weights; if such a sum
    would overflow float64 (weights near 1e308), every weight is first multiplied by one
    power of two, which leaves every rate unchanged.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted binary labels, coded alike.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans,
        one coding read from ``y_true`` and ``y_pred`` together.

    Returns
    -------
    ConfusionMatrix

    Raises
    ------
    TypeError
        If the labels are missing, hold missing values of the wrong kind, or mix strings
        and numbers (within one array or between ``y_true`` and ``y_pred``); scikit-learn's
        ``normalize`` and ``labels`` have a message giving the evalcore way (the matrix's
        rates and ``cm.joint``; a layout).
    ValueError
        If the labels hold missing values, more than two classes, or lengths differ, or the
        weights break their rules.

    See Also
    --------
    confusion_matrix_at : from scores and a threshold.
    ConfusionMatrix.from_counts : from the four counts.

    Examples
    --------
    Murphy's classifier 1 (Table 1) at θ = 0.5 with ``>=``: a perfect split.

    >>> import evalcore as ec
    >>> y = [1, 1, 1, 1, 1, 0, 0, 0, 0]
    >>> s = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]
    >>> ec.confusion_matrix(y, ec.predict(s, 0.5, rule=">="))
    ConfusionMatrix(tp=5, fp=0, fn=0, tn=4)
    """
    truth, pred, weight = check_binary_predictions(y_true, y_pred, sample_weight=sample_weight,
                                                   pos_label=pos_label)
    return _counted(truth, pred, weight)


def _counted(truth: np.ndarray, pred: np.ndarray, weight: np.ndarray | None) -> ConfusionMatrix:
    """The matrix of validated 0/1 truth and predictions (and weights, or ``None``)."""
    if weight is None:
        tp = int(np.count_nonzero(truth & pred))
        positives = int(np.count_nonzero(truth))
        called = int(np.count_nonzero(pred))
        n = int(truth.shape[0])
        return ConfusionMatrix(tp=tp, fp=called - tp, fn=positives - tp,
                               tn=n - positives - called + tp)
    t, p = truth.astype(bool), pred.astype(bool)
    cells = (t & p, ~t & p, t & ~p, ~t & ~p)
    with np.errstate(over="ignore"):
        counts = [float(weight[cell].sum()) for cell in cells]
    if not all(math.isfinite(c) for c in counts):
        weight = unit_scale(weight)
        counts = [float(weight[cell].sum()) for cell in cells]
    tp, fp, fn, tn = counts
    return ConfusionMatrix(tp=tp, fp=fp, fn=fn, tn=tn)


def confusion_matrix_at_from_groups(groups: TieGroups, threshold: float, *,
                                    rule: str = ">=") -> ConfusionMatrix:
    """The confusion matrix at ``threshold`` from tie groups (or a ScoreCounts), the kernel of
    ``ScoreCounts.confusion_matrix_at``: the distinct scores are compared exactly as
    :func:`predict` compares the rows' scores, so the counts are :func:`confusion_matrix_at`'s
    on the rows."""
    hits = threshold_hits(groups.values, threshold, check_rule(rule))
    if is_weighted(groups):
        tp, fp = float(groups.positives[hits].sum()), float(groups.negatives[hits].sum())
        return ConfusionMatrix(tp=tp, fp=fp, fn=float(groups.positives[~hits].sum()),
                               tn=float(groups.negatives[~hits].sum()))
    n_pos, n_neg = group_totals(groups)
    tp, fp = int(groups.positives[hits].sum()), int(groups.negatives[hits].sum())
    return ConfusionMatrix(tp=tp, fp=fp, fn=n_pos - tp, tn=n_neg - fp)


def confusion_matrix_at(y_true: Any, y_score: Any, threshold: float, *, rule: str = ">=",
                        sample_weight: Any = None, pos_label: Any = None) -> ConfusionMatrix:
    """Shorthand for ``confusion_matrix(y_true, predict(y_score, threshold, rule=rule))``.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels.
    y_score : array-like of shape (n,)
        Finite real scores (compared exactly, as in :func:`predict`).
    threshold : float or int
        The cut; may be ±inf, not NaN.
    rule : {">=", ">"}, default=">="
        At or above, or strictly above, the threshold is positive (see :func:`predict`).
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    ConfusionMatrix

    Raises
    ------
    TypeError
        If an argument is of the wrong kind.
    ValueError
        If the labels, scores, weights, threshold or rule break their rules.

    See Also
    --------
    predict : the predictions counted here.
    confusion_matrix : from hard predictions.
    ScoreCounts.confusion_matrix_at : the same counts from a summary.

    Examples
    --------
    >>> y = [1, 1, 1, 1, 1, 0, 0, 0, 0]
    >>> s = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]
    >>> confusion_matrix_at(y, s, 0.5).tp, confusion_matrix_at(y, s, 0.5, rule=">").tp
    (5, 4)
    """
    # validated once: y_true read with pos_label to 0/1, the scores and the weights; the
    # predictions are 0/1 by construction, so nothing is checked twice
    truth, score, weight = check_binary_scores(y_true, y_score, sample_weight=sample_weight,
                                               pos_label=pos_label)
    return _counted(truth, predict(score, threshold, rule=rule), weight)
