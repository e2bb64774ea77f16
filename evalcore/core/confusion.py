"""The confusion matrix: a classifier's four outcomes counted, and every rate read off them.

:func:`confusion_matrix` counts hard predictions and :func:`confusion_matrix_at` scores at a
threshold (through :func:`predict`); :class:`ConfusionMatrix` holds the four counts and every
rate the sources name, a property under each of its names. Integer counts stay exact Python
ints, and extreme counts are computed as exact fractions, so every rate is rounded once.

Kept beside it: the layouts the sources print the matrix in and its text and HTML output
(:mod:`evalcore.core.layouts`, whose :class:`LaidOutTable` the class inherits), and the exact
decision of which side of a threshold a score lies on
(:func:`evalcore.core.ranking.threshold_hits`).

The module is longer than the others (~600 lines) on purpose: the ~35 rates and their aliases
stay on the class, each with its docstring (about 500 lines), so that one class lists every
rate and the API reference documents them in one place.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Any

import numpy as np

from .information import check_base, mutual_information_from_table
from .layouts import LaidOutTable, Layout, arrange, canonical_cells, check_layout
from .options import check_count, check_given, check_positive, check_rule
from .ranking import ScoreCounts, score_counts, threshold_hits
from .validation import (FLOAT64_EXACT_INT, both_classes, check_binary_predictions,
                         check_binary_scores, check_scores, undefined, unit_scale)


#: Float counts whose largest lies outside this range are computed exactly (as fractions):
#: sums of counts near 1e308 overflow, products of four counts over- or underflow.
_ORDINARY_FLOAT = (1e-75, 1e75)


def _to_float(value: Any) -> float:
    """``value`` as a float; an exact fraction is rounded once (beyond the float range, to
    ±inf)."""
    if isinstance(value, Fraction):
        try:
            return float(value)
        except OverflowError:
            return math.inf if value > 0 else -math.inf
    return float(value)


def _sqrt_ratio(numerator: Fraction, denominator: Fraction) -> float:
    """√(numerator / denominator) for exact non-negative fractions, to 60 digits, then
    rounded to a float."""
    with localcontext() as context:
        context.prec = 60
        quotient = ((Decimal(numerator.numerator) * Decimal(denominator.denominator))
                    / (Decimal(numerator.denominator) * Decimal(denominator.numerator)))
        return float(quotient.sqrt())


def _ratio(numerator: Any, denominator: Any, what: str) -> float:
    if denominator == 0:
        return undefined(f"{what} is undefined: its denominator is 0", stacklevel=4)
    return _to_float(numerator / denominator)


def _margin(*counts: Any) -> int | float:
    """The sum of some counts: exact for integers; a float sum beyond the float range (a
    huge integer plus a weighted count) is inf."""
    total = 0
    try:
        for count in counts:
            total = total + count
    except OverflowError:
        return math.inf
    return total


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
class ConfusionMatrix(LaidOutTable):
    """Counts (or weighted counts) of a binary classifier's four outcomes.

    Build one with :func:`confusion_matrix`, :meth:`from_counts`, :meth:`from_array` or
    :meth:`from_joint`. Every rate the sources name is a property, under each of its names.
    A rate whose denominator is zero is ``nan`` with one :class:`UndefinedMetricWarning`.

    Integer counts are kept as Python ints, exact however large; rates are then ratios of
    integers rounded once. Counts of any magnitude (1e300, subnormal weights) give the same
    rates as the same counts scaled to ordinary size.

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

    # --- exact arithmetic for extreme counts ------------------------------------------------
    def _extreme(self) -> bool:
        """Whether float arithmetic on the counts could overflow, underflow or round an
        integer count: integers beyond 2**53, or floats beyond 1e75 or below 1e-75."""
        low, high = _ORDINARY_FLOAT
        for value in (self.tp, self.fp, self.fn, self.tn):
            if isinstance(value, int):
                if value > FLOAT64_EXACT_INT:
                    return True
            elif value != 0 and not low < value < high:
                return True
        return False

    def _numbers(self) -> tuple:
        """The four counts for arithmetic: as stored for ordinary counts, as exact
        fractions for extreme ones (every result is then rounded once, at the end)."""
        counts = (self.tp, self.fp, self.fn, self.tn)
        if self._extreme():
            return tuple(Fraction(v) for v in counts)
        return counts

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
            return arrange([[_to_float(tp / n), _to_float(fn / n)],
                            [_to_float(fp / n), _to_float(tn / n)]], spec).astype(np.float64)
        return self.as_array(spec) / self.n

    # --- margins --------------------------------------------------------------------------
    @property
    def n(self) -> float:
        """All samples, tp + fp + fn + tn."""
        return _margin(self.tp, self.fp, self.fn, self.tn)

    @property
    def positives(self) -> float:
        """Truly positive samples P = tp + fn (the tutorial's *pos*)."""
        return _margin(self.tp, self.fn)

    @property
    def negatives(self) -> float:
        """Truly negative samples N = fp + tn (the tutorial's *neg*)."""
        return _margin(self.fp, self.tn)

    @property
    def predicted_positives(self) -> float:
        """Samples called positive, P̂ = tp + fp (the tutorial's *pos'*)."""
        return _margin(self.tp, self.fp)

    @property
    def predicted_negatives(self) -> float:
        """Samples called negative, N̂ = fn + tn (the tutorial's *neg'*)."""
        return _margin(self.fn, self.tn)

    # --- rates ----------------------------------------------------------------------------
    @property
    def tpr(self) -> float:
        """True positive rate tp / P; also recall, sensitivity, hit rate."""
        tp, _, fn, _ = self._numbers()
        return _ratio(tp, tp + fn, "the true positive rate (tp / (tp + fn))")

    recall = sensitivity = hit_rate = tpr

    @property
    def fpr(self) -> float:
        """False positive rate fp / N; also fall-out, false alarm rate, type I error rate."""
        _, fp, _, tn = self._numbers()
        return _ratio(fp, fp + tn, "the false positive rate (fp / (fp + tn))")

    fall_out = false_alarm_rate = false_acceptance_rate = type_i_error_rate = fpr

    @property
    def tnr(self) -> float:
        """True negative rate tn / N; also specificity, selectivity."""
        _, fp, _, tn = self._numbers()
        return _ratio(tn, fp + tn, "the true negative rate (tn / (fp + tn))")

    specificity = selectivity = tnr

    @property
    def fnr(self) -> float:
        """False negative rate fn / P; also miss rate, false rejection rate, type II error rate."""
        tp, _, fn, _ = self._numbers()
        return _ratio(fn, tp + fn, "the false negative rate (fn / (tp + fn))")

    miss_rate = false_rejection_rate = type_ii_error_rate = fnr

    @property
    def precision(self) -> float:
        """Precision tp / P̂; also positive predictive value (ppv)."""
        tp, fp, _, _ = self._numbers()
        return _ratio(tp, tp + fp, "precision (tp / (tp + fp))")

    ppv = positive_predictive_value = precision

    @property
    def npv(self) -> float:
        """Negative predictive value tn / N̂."""
        _, _, fn, tn = self._numbers()
        return _ratio(tn, fn + tn, "the negative predictive value (tn / (tn + fn))")

    negative_predictive_value = npv

    @property
    def false_discovery_rate(self) -> float:
        """False discovery rate fp / P̂ = 1 − precision."""
        tp, fp, _, _ = self._numbers()
        return _ratio(fp, tp + fp, "the false discovery rate (fp / (tp + fp))")

    @property
    def accuracy(self) -> float:
        """Accuracy (tp + tn) / n."""
        tp, fp, fn, tn = self._numbers()
        return _ratio(tp + tn, tp + fp + fn + tn, "accuracy")

    @property
    def error_rate(self) -> float:
        """Error rate (fp + fn) / n = 1 − accuracy."""
        tp, fp, fn, tn = self._numbers()
        return _ratio(fp + fn, tp + fp + fn + tn, "the error rate")

    @property
    def balanced_accuracy(self) -> float:
        """The mean of tpr and tnr."""
        tp, fp, fn, tn = self._numbers()
        if not both_classes(tp + fn, fp + tn, "balanced accuracy"):
            return math.nan
        return _to_float((tp / (tp + fn) + tn / (fp + tn)) / 2)

    @property
    def prevalence(self) -> float:
        """The share of positives P / n; also the base rate."""
        tp, fp, fn, tn = self._numbers()
        return _ratio(tp + fn, tp + fp + fn + tn, "prevalence")

    base_rate = prevalence

    @property
    def npr(self) -> float:
        """The tutorial's negative-positive ratio neg / pos (class balance of the truth)."""
        tp, fp, fn, tn = self._numbers()
        return _ratio(fp + tn, tp + fn, "npr (neg / pos)")

    @property
    def npr_predicted(self) -> float:
        """The tutorial's npr' = neg' / pos' (class balance of the predictions)."""
        tp, fp, fn, tn = self._numbers()
        return _ratio(fn + tn, tp + fp, "npr' (neg' / pos')")

    def fbeta(self, beta: float) -> float:
        """F-beta: (1 + β²)·tp / ((1 + β²)·tp + β²·fn + fp); β > 1 favours recall.

        Undefined (``nan``) only when tp = fn = fp = 0. For β² beyond the float range it is
        the recall, for β² below it the precision (to double precision).

        Parameters
        ----------
        beta : float
            Positive and finite.

        Returns
        -------
        float

        Raises
        ------
        TypeError
            If ``beta`` is not a real number.
        ValueError
            If ``beta`` is not positive and finite.

        See Also
        --------
        ConfusionMatrix.f_alpha : Murphy's parametrization of the same family.
        ConfusionMatrix.f1 : β = 1.

        Examples
        --------
        >>> ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3).fbeta(2.0)
        0.8
        """
        return self._fbeta(check_positive(beta, "beta"))

    def _fbeta(self, beta: float) -> float:
        tp, fp, fn, _ = self._numbers()
        if tp == 0 and fn == 0 and fp == 0:
            return undefined(f"the F-score (beta={beta:g}) is undefined: tp = fn = fp = 0",
                             stacklevel=4)
        if tp == 0:             # the numerator is 0, the denominator β²·fn + fp is not
            return 0.0
        b2 = beta * beta
        if math.isinf(b2):      # beta beyond 1e154: F-beta is the recall to double precision
            return _to_float(tp / (tp + fn))
        if b2 == 0:             # beta below 1e-162: F-beta is the precision
            return _to_float(tp / (tp + fp))
        if not isinstance(tp, Fraction) and 1e-250 < b2 < 1e250:
            return float((1 + b2) * tp / ((1 + b2) * tp + b2 * fn + fp))
        tp, fp, fn, b2 = Fraction(tp), Fraction(fp), Fraction(fn), Fraction(b2)
        return _to_float((1 + b2) * tp / ((1 + b2) * tp + b2 * fn + fp))

    @property
    def f1(self) -> float:
        """F1, the harmonic mean of precision and recall."""
        return self._fbeta(1.0)

    def f_alpha(self, alpha: float) -> float:
        """Murphy's weighted harmonic mean 1 / (α/precision + (1 − α)/recall), 0 ≤ α ≤ 1.

        α = 1/2 gives F1; α = 1 gives precision and α = 0 recall. It equals
        :meth:`fbeta` with β² = (1 − α)/α.

        Parameters
        ----------
        alpha : float
            The weight of precision, in [0, 1].

        Returns
        -------
        float
            ``nan`` (with one warning) when the denominator tp + α·fp + (1 − α)·fn is 0.

        Raises
        ------
        TypeError
            If ``alpha`` is not a real number.
        ValueError
            If ``alpha`` is outside [0, 1] or NaN.

        See Also
        --------
        ConfusionMatrix.fbeta : the same family with β.

        Examples
        --------
        >>> ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3).f_alpha(0.5)
        0.8
        """
        alpha = check_positive(alpha, "alpha", allow_zero=True)
        if alpha > 1:
            raise ValueError(f"alpha must lie in [0, 1], got {alpha!r}")
        tp, fp, fn, _ = self._numbers()
        if isinstance(tp, Fraction):
            alpha = Fraction(alpha)
        # alpha/P + (1-alpha)/R = (alpha*(tp+fp) + (1-alpha)*(tp+fn)) / tp
        denominator = tp + alpha * fp + (1 - alpha) * fn
        if denominator == 0 and tp + fp + fn > 0 and not isinstance(tp, Fraction):
            # a product underflowed: redo it exactly
            tp, fp, fn, alpha = Fraction(tp), Fraction(fp), Fraction(fn), Fraction(alpha)
            denominator = tp + alpha * fp + (1 - alpha) * fn
        return _ratio(tp, denominator, f"F_alpha (alpha={float(alpha):g})")

    @property
    def mcc(self) -> float:
        """Matthews correlation coefficient, in [−1, 1]; +1 is perfect agreement."""
        tp, fp, fn, tn = self._numbers()
        product = (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)
        if product == 0:
            return undefined("MCC is undefined: a row or column of the confusion matrix is empty")
        if isinstance(product, Fraction):
            numerator = tp * tn - fp * fn
            magnitude = _sqrt_ratio(numerator * numerator, product)
            return -magnitude if numerator < 0 else magnitude
        tp, fp, fn, tn = (float(v) for v in (tp, fp, fn, tn))
        product = (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)
        return (tp * tn - fp * fn) / math.sqrt(product)

    @property
    def informedness(self) -> float:
        """Informedness tpr + tnr − 1 (Youden's J)."""
        tp, fp, fn, tn = self._numbers()
        if not both_classes(tp + fn, fp + tn, "informedness"):
            return math.nan
        return _to_float(tp / (tp + fn) + tn / (fp + tn) - 1)

    youden_j = informedness

    @property
    def markedness(self) -> float:
        """Markedness precision + npv − 1."""
        tp, fp, fn, tn = self._numbers()
        if tp + fp == 0 or fn + tn == 0:
            return undefined("markedness is undefined: it needs both predicted classes present")
        return _to_float(tp / (tp + fp) + tn / (fn + tn) - 1)

    @property
    def positive_likelihood_ratio(self) -> float:
        """Positive likelihood ratio LR+ = tpr / fpr: how much a positive call raises the odds.

        Post-test odds of disease = pre-test odds × LR+. Undefined when fpr = 0 (no false
        positive) or a class is missing. scikit-learn: ``class_likelihood_ratios(...)[0]``.

        >>> ConfusionMatrix.from_counts(tp=9, fp=99, fn=1, tn=891).positive_likelihood_ratio
        9.0
        """
        tp, fp, fn, tn = self._numbers()
        if not both_classes(tp + fn, fp + tn, "the positive likelihood ratio"):
            return math.nan
        if fp == 0:
            return undefined("the positive likelihood ratio is undefined: it divides the tpr "
                             "by an fpr of 0")
        return _to_float((tp / (tp + fn)) / (fp / (fp + tn)))

    lr_plus = positive_likelihood_ratio

    @property
    def negative_likelihood_ratio(self) -> float:
        """Negative likelihood ratio LR− = fnr / tnr: how much a negative call lowers the odds.

        Undefined when tnr = 0 (no true negative) or a class is missing. scikit-learn:
        ``class_likelihood_ratios(...)[1]``.

        >>> cm = ConfusionMatrix.from_counts(tp=9, fp=99, fn=1, tn=891)
        >>> round(cm.negative_likelihood_ratio, 4)
        0.1111
        """
        tp, fp, fn, tn = self._numbers()
        if not both_classes(tp + fn, fp + tn, "the negative likelihood ratio"):
            return math.nan
        if tn == 0:
            return undefined("the negative likelihood ratio is undefined: it divides the fnr "
                             "by a tnr of 0")
        return _to_float((fn / (tp + fn)) / (tn / (fp + tn)))

    lr_minus = negative_likelihood_ratio

    @property
    def diagnostic_odds_ratio(self) -> float:
        """Diagnostic odds ratio (tp·tn) / (fp·fn) = LR+ / LR−.

        The odds of a positive call among positives over the same odds among negatives;
        undefined when fp or fn is 0.

        >>> ConfusionMatrix.from_counts(tp=9, fp=99, fn=1, tn=891).diagnostic_odds_ratio
        81.0
        """
        tp, fp, fn, tn = self._numbers()
        if fp == 0 or fn == 0:
            return undefined("the diagnostic odds ratio is undefined: fp or fn is 0")
        return _to_float((tp / fn) * (tn / fp))

    @property
    def cohen_kappa(self) -> float:
        """Cohen's kappa: the agreement of prediction and truth beyond chance, in [−1, 1].

        (p_o − p_e) / (1 − p_e), with p_o the accuracy and p_e the agreement expected from the
        margins alone; computed as 2(tp·tn − fn·fp) / ((tp + fp)(fp + tn) + (tp + fn)(fn + tn)).
        Undefined when the margins leave no room for disagreement (p_e = 1). scikit-learn:
        ``cohen_kappa_score``.

        >>> ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3).cohen_kappa
        0.55
        """
        tp, fp, fn, tn = self._numbers()
        if not isinstance(tp, Fraction):
            tp, fp, fn, tn = (float(v) for v in (tp, fp, fn, tn))
        denominator = (tp + fp) * (fp + tn) + (tp + fn) * (fn + tn)
        if denominator == 0:
            return undefined("Cohen's kappa is undefined: truth and prediction each hold a "
                             "single class, so chance agreement is certain")
        return _to_float(2 * (tp * tn - fn * fp) / denominator)

    kappa = cohen_kappa

    @property
    def jaccard(self) -> float:
        """Jaccard index tp / (tp + fp + fn); also threat score, critical success index.

        The true positives over every case either the truth or the prediction calls positive
        (the true negatives play no part). scikit-learn: ``jaccard_score``.

        >>> ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3).jaccard
        0.6666666666666666
        """
        tp, fp, fn, _ = self._numbers()
        return _ratio(tp, tp + fp + fn,
                      "the Jaccard index (tp / (tp + fp + fn)) with tp = fp = fn = 0")

    threat_score = critical_success_index = jaccard

    @property
    def false_omission_rate(self) -> float:
        """False omission rate fn / N̂ = 1 − npv: the share of positives among negative calls.

        >>> ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3).false_omission_rate
        0.25
        """
        _, _, fn, tn = self._numbers()
        return _ratio(fn, fn + tn, "the false omission rate (fn / (fn + tn))")

    @property
    def fowlkes_mallows(self) -> float:
        """Fowlkes–Mallows index √(precision · recall), the geometric mean of the two.

        Computed as tp / √((tp + fp)(tp + fn)); undefined when nothing is called positive or
        there is no positive. (scikit-learn's ``fowlkes_mallows_score`` compares two
        clusterings over pairs of cases, a different quantity.)

        >>> ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3).fowlkes_mallows
        0.8
        """
        tp, fp, fn, _ = self._numbers()
        if tp + fp == 0 or tp + fn == 0:
            return undefined("the Fowlkes-Mallows index is undefined: nothing is called "
                             "positive, or there is no positive")
        if isinstance(tp, Fraction):
            return _sqrt_ratio(tp * tp, (tp + fp) * (tp + fn))
        tp, fp, fn = float(tp), float(fp), float(fn)
        return tp / math.sqrt((tp + fp) * (tp + fn))

    @property
    def prevalence_threshold(self) -> float:
        """Balayla's prevalence threshold (√(tpr·fpr) − fpr) / (tpr − fpr) = √fpr / (√tpr + √fpr).

        The prevalence below which the precision of a test with this tpr and fpr falls
        steeply. The second form, used here, also holds where tpr = fpr (it is 1/2 there, the
        limit of the first); undefined when tpr = fpr = 0 or a class is missing.

        >>> ConfusionMatrix.from_counts(tp=9, fp=1, fn=1, tn=9).prevalence_threshold
        0.25
        """
        tp, fp, fn, tn = self._numbers()
        if not both_classes(tp + fn, fp + tn, "the prevalence threshold"):
            return math.nan
        if tp + fp == 0:
            return undefined("the prevalence threshold is undefined: tpr = fpr = 0")
        if isinstance(tp, Fraction):   # √fpr / (√tpr + √fpr), rounded once
            tpr, fpr = tp / (tp + fn), fp / (fp + tn)
            if fpr == 0:
                return 0.0
            return 1 / (1 + _sqrt_ratio(tpr, fpr))
        root_tpr = math.sqrt(tp / (tp + fn))
        root_fpr = math.sqrt(fp / (fp + tn))
        return root_fpr / (root_tpr + root_fpr)

    def mutual_information(self, base: float = math.e) -> float:
        """Mutual information between truth and prediction (nats by default).

        Parameters
        ----------
        base : float, default=math.e
            Base of the logarithm, greater than 1 (2 for bits).

        Returns
        -------
        float
            ``nan`` (with one warning) for a matrix without samples.

        Raises
        ------
        TypeError
            If ``base`` is not a real number.
        ValueError
            If ``base`` is not a finite number greater than 1.

        See Also
        --------
        mutual_information : the same from labels.
        mutual_information_from_table : the same from any contingency table.

        Examples
        --------
        >>> cm = ConfusionMatrix.from_joint([[0.8, 0.0], [0.1, 0.1]], layout="murphy")
        >>> round(cm.mutual_information(), 4)
        0.1865
        """
        if sum(self._numbers()) == 0:
            check_base(base)
            return undefined("mutual information is undefined: the matrix holds no samples")
        return mutual_information_from_table(self.as_array(), base=base)

    def expected_cost(self, *, cost_fp: float = 1.0, cost_fn: float = 1.0) -> float:
        """Misclassification cost per sample, (cost_fp·fp + cost_fn·fn) / n.

        Parameters
        ----------
        cost_fp, cost_fn : float, default=1.0
            Costs of a false positive and of a false negative, finite and non-negative.

        Returns
        -------
        float
            ``nan`` (with one warning) for a matrix without samples.

        Raises
        ------
        TypeError
            If a cost is not a real number.
        ValueError
            If a cost is negative, NaN or infinite.

        See Also
        --------
        expected_cost : the same from labels and predictions.
        """
        cost_fp = check_positive(cost_fp, "cost_fp", allow_zero=True)
        cost_fn = check_positive(cost_fn, "cost_fn", allow_zero=True)
        tp, fp, fn, tn = self._numbers()
        if not isinstance(tp, Fraction):
            value = _ratio(cost_fp * fp + cost_fn * fn, tp + fp + fn + tn, "the expected cost")
            if math.isfinite(value) or math.isnan(value):
                return value
            tp, fp, fn, tn = (Fraction(v) for v in (tp, fp, fn, tn))   # a product overflowed
        return _ratio(Fraction(cost_fp) * fp + Fraction(cost_fn) * fn, tp + fp + fn + tn,
                      "the expected cost")

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
        and numbers (within one array or between ``y_true`` and ``y_pred``).
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


def _counted_from_summary(counts: ScoreCounts, threshold: Any, rule: str) -> ConfusionMatrix:
    """The confusion matrix at ``threshold`` from the counts at each distinct score: the
    distinct scores are compared exactly as :func:`predict` compares the rows' scores."""
    hits = threshold_hits(counts.values, threshold, check_rule(rule))
    if counts.weighted:
        tp, fp = float(counts.positives[hits].sum()), float(counts.negatives[hits].sum())
        return ConfusionMatrix(tp=tp, fp=fp, fn=float(counts.positives[~hits].sum()),
                               tn=float(counts.negatives[~hits].sum()))
    tp, fp = int(counts.positives[hits].sum()), int(counts.negatives[hits].sum())
    return ConfusionMatrix(tp=tp, fp=fp, fn=counts.n_pos - tp, tn=counts.n_neg - fp)


def confusion_matrix_at(y_true: Any, y_score: Any = None, threshold: float | None = None, *,
                        rule: str = ">=", sample_weight: Any = None,
                        pos_label: Any = None) -> ConfusionMatrix:
    """Shorthand for ``confusion_matrix(y_true, predict(y_score, threshold, rule=rule))``.

    Parameters
    ----------
    y_true : array-like of shape (n,) or ScoreCounts
        Binary labels, or a :class:`~evalcore.ScoreCounts` in place of ``y_true`` and
        ``y_score`` (then pass the threshold by name: ``confusion_matrix_at(counts,
        threshold=0.5)``): the same counts, read from the summary's distinct scores.
    y_score : array-like of shape (n,), default=None
        Finite real scores (compared exactly, as in :func:`predict`). Required with arrays.
    threshold : float or int, default=None
        The cut; may be ±inf, not NaN. Required: the default ``None`` is only there so that
        a ScoreCounts can come first with the threshold named.
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

    Examples
    --------
    >>> y = [1, 1, 1, 1, 1, 0, 0, 0, 0]
    >>> s = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]
    >>> confusion_matrix_at(y, s, 0.5).tp, confusion_matrix_at(y, s, 0.5, rule=">").tp
    (5, 4)

    From the summary of the same cases, the same counts:

    >>> from evalcore import ScoreCounts
    >>> confusion_matrix_at(ScoreCounts.from_arrays(y, s), threshold=0.5).tp
    5
    """
    if isinstance(y_true, ScoreCounts):
        check_given(threshold, "threshold", function="confusion_matrix_at", example="0.5",
                    what="a threshold")
        return _counted_from_summary(score_counts(y_true, y_score, sample_weight=sample_weight,
                                                  pos_label=pos_label), threshold, rule)
    # validated once: y_true read with pos_label to 0/1, the scores and the weights; the
    # predictions are 0/1 by construction, so nothing is checked twice
    truth, score, weight = check_binary_scores(y_true, y_score, sample_weight=sample_weight,
                                               pos_label=pos_label)
    check_given(threshold, "threshold", function="confusion_matrix_at", example="0.5",
                what="a threshold")
    return _counted(truth, predict(score, threshold, rule=rule), weight)
