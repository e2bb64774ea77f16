"""The confusion matrix, every rate read off it, and the layouts the sources print it in."""

from __future__ import annotations

import html
import math
import numbers
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from ._validation import (check_binary_predictions, check_binary_scores, check_positive,
                          check_rule, check_scores, check_threshold, undefined)


class Layout(NamedTuple):
    """How a 2x2 confusion matrix is printed.

    ``truth`` is ``"rows"`` or ``"columns"``: which axis holds the true class.
    ``positive_first`` says whether the positive class is the first row/column.
    """

    truth: str
    positive_first: bool


#: The layouts of the five sources (and scikit-learn's), by name.
LAYOUTS: dict[str, Layout] = {
    "murphy": Layout("columns", True),      # Murphy (2007), Table 3: estimate on rows, 1 first
    "vojnovic": Layout("rows", False),      # ST445 slides: true on rows, 0 first
    "raschka": Layout("rows", True),        # Raschka (2014): actual on rows, P first
    "r_note": Layout("rows", True),         # the R note: actual y=1 on the first row
    "tutorial": Layout("rows", False),      # the tutorial prints scikit-learn's matrix
    "sklearn": Layout("rows", False),       # sklearn.metrics.confusion_matrix
}


def _layout(layout: str | Layout) -> Layout:
    if isinstance(layout, Layout):
        if layout.truth not in ("rows", "columns"):
            raise ValueError(f"layout.truth must be 'rows' or 'columns', got {layout.truth!r}")
        return layout
    try:
        return LAYOUTS[layout]
    except (KeyError, TypeError):
        raise ValueError(f"layout must be a Layout or one of {sorted(LAYOUTS)}, "
                         f"got {layout!r}") from None


def _ratio(numerator: float, denominator: float, what: str) -> float:
    if denominator == 0:
        return undefined(f"{what} is undefined: its denominator is 0", stacklevel=4)
    return float(numerator / denominator)


@dataclass(frozen=True)
class ConfusionMatrix:
    """Counts (or weighted counts) of a binary classifier's four outcomes.

    Build one with :func:`confusion_matrix`, :meth:`from_counts`, :meth:`from_array` or
    :meth:`from_joint`. Every rate the sources name is a property, under each of its names.
    A rate whose denominator is zero is ``nan`` with one :class:`UndefinedMetricWarning`.

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
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float, np.integer,
                                                                 np.floating)):
                raise TypeError(f"{name} must be a number, got {value!r}")
            if not math.isfinite(value) or value < 0:
                raise ValueError(f"{name} must be a finite non-negative count, got {value!r}")
            # plain Python numbers keep the repr clean: ints for counts, floats for weights
            plain = int(value) if isinstance(value, (int, np.integer)) else float(value)
            object.__setattr__(self, name, plain)

    # --- construction -------------------------------------------------------------------
    @classmethod
    def from_counts(cls, *, tp: float, fp: float, fn: float, tn: float) -> "ConfusionMatrix":
        """Build from the four counts, named.

        >>> ConfusionMatrix.from_counts(tp=10, fp=0, fn=10, tn=80).accuracy
        0.9
        """
        return cls(tp=tp, fp=fp, fn=fn, tn=tn)

    @classmethod
    def from_array(cls, table: Any, *, layout: str | Layout = "sklearn") -> "ConfusionMatrix":
        """Build from a 2x2 table printed in ``layout`` (see :data:`LAYOUTS`).

        >>> ConfusionMatrix.from_array([[435, 65], [64, 436]], layout="sklearn")
        ConfusionMatrix(tp=436, fp=65, fn=64, tn=435)
        """
        spec = _layout(layout)
        array = np.asarray(table, dtype=np.float64)
        if array.shape != (2, 2):
            raise ValueError(f"table must be 2x2, got shape {array.shape}")
        if spec.truth == "columns":
            array = array.T          # now rows = truth, columns = prediction
        if not spec.positive_first:
            array = array[::-1, ::-1]  # now positive first on both axes
        (tp, fn), (fp, tn) = array
        integral = np.issubdtype(np.asarray(table).dtype, np.integer)
        convert = int if integral else float
        return cls(tp=convert(tp), fp=convert(fp), fn=convert(fn), tn=convert(tn))

    @classmethod
    def from_joint(cls, table: Any, *, layout: str | Layout = "sklearn") -> "ConfusionMatrix":
        """Build from a normalized joint table p(y, ŷ) whose four cells sum to 1.

        The result holds the probabilities as counts with ``n == 1``, so every rate is the
        same as for any sample of that shape.

        >>> cm = ConfusionMatrix.from_joint([[0.8, 0.0], [0.1, 0.1]], layout="murphy")
        >>> round(cm.recall, 4), cm.precision
        (0.8889, 1.0)
        """
        array = np.asarray(table, dtype=np.float64)
        if array.shape == (2, 2) and not math.isclose(float(array.sum()), 1.0, abs_tol=1e-9):
            raise ValueError(f"table must be a joint probability table summing to 1, "
                             f"its cells sum to {array.sum()!r}")
        return cls.from_array(array, layout=layout)

    # --- the table ------------------------------------------------------------------------
    def as_array(self, layout: str | Layout = "sklearn") -> np.ndarray:
        """The 2x2 counts in ``layout`` (scikit-learn's by default: ``[[tn, fp], [fn, tp]]``)."""
        spec = _layout(layout)
        array = np.array([[self.tp, self.fn], [self.fp, self.tn]])  # truth rows, positive first
        if not spec.positive_first:
            array = array[::-1, ::-1]
        if spec.truth == "columns":
            array = array.T
        return array

    @property
    def joint(self) -> np.ndarray:
        """The joint probabilities p(y, ŷ) = count / n, laid out as :meth:`as_array`."""
        return self.as_array() / self.n

    def joint_table(self, layout: str | Layout = "sklearn") -> np.ndarray:
        """The joint probabilities p(y, ŷ) in ``layout``."""
        return self.as_array(layout) / self.n

    @staticmethod
    def axis_labels(layout: str | Layout = "sklearn") -> tuple[list[str], list[str]]:
        """The row and the column labels of :meth:`as_array` in ``layout``.

        >>> ConfusionMatrix.axis_labels("murphy")
        (['estimate 1', 'estimate 0'], ['truth 1', 'truth 0'])
        """
        spec = _layout(layout)
        classes = ["1", "0"] if spec.positive_first else ["0", "1"]
        truth = [f"truth {c}" for c in classes]
        estimate = [f"estimate {c}" for c in classes]
        return (truth, estimate) if spec.truth == "rows" else (estimate, truth)

    def format(self, layout: str | Layout = "sklearn", *, normalize: bool = False,
               digits: int = 3) -> str:
        """The matrix as text in ``layout``, with row and column labels."""
        spec = _layout(layout)
        if isinstance(digits, bool) or not isinstance(digits, numbers.Integral) or digits < 0:
            raise ValueError(f"digits must be an integer of at least 0, got {digits!r}")
        rows, cols = self.axis_labels(spec)
        values = self.joint_table(spec) if normalize else self.as_array(spec)
        # counts print as integers only when all four are integers (one weighted count makes
        # them all weights: 0.5 must not print as 0)
        cell = (lambda v: f"{v:.{digits}f}") if normalize or not self._integer_counts() else (
            lambda v: f"{int(v)}")
        width = max(len(c) for c in cols + [cell(v) for v in values.ravel()])
        head = " " * max(len(r) for r in rows) + "".join(f"  {c:>{width}}" for c in cols)
        lines = [head]
        for label, row in zip(rows, values):
            lines.append(f"{label:<{len(head) - 2 * (width + 2)}}"
                         + "".join(f"  {cell(v):>{width}}" for v in row))
        return "\n".join(lines)

    def to_html(self, layout: str | Layout = "sklearn", *, caption: str | None = None) -> str:
        """The matrix as an HTML table (a real table, readable by screen readers)."""
        spec = _layout(layout)
        if caption is not None and not isinstance(caption, str):
            raise TypeError(f"caption must be a str or None, got {type(caption).__name__}")
        rows, cols = self.axis_labels(spec)
        values = self.as_array(spec)
        fmt = (lambda v: f"{int(v)}") if self._integer_counts() else (lambda v: f"{v:g}")
        parts = ['<table class="evalcore-cm">']
        if caption:
            parts.append(f"<caption>{html.escape(caption)}</caption>")
        parts.append("<thead><tr><td></td>" + "".join(
            f'<th scope="col">{html.escape(c)}</th>' for c in cols) + "</tr></thead><tbody>")
        for label, row in zip(rows, values):
            parts.append(f'<tr><th scope="row">{html.escape(label)}</th>'
                         + "".join(f"<td>{fmt(v)}</td>" for v in row) + "</tr>")
        parts.append("</tbody></table>")
        return "".join(parts)

    def _repr_html_(self) -> str:
        return self.to_html()

    def _integer_counts(self) -> bool:
        return all(isinstance(getattr(self, name), int) for name in ("tp", "fp", "fn", "tn"))

    # --- margins --------------------------------------------------------------------------
    @property
    def n(self) -> float:
        """All samples, tp + fp + fn + tn."""
        return self.tp + self.fp + self.fn + self.tn

    @property
    def positives(self) -> float:
        """Truly positive samples P = tp + fn (the tutorial's *pos*)."""
        return self.tp + self.fn

    @property
    def negatives(self) -> float:
        """Truly negative samples N = fp + tn (the tutorial's *neg*)."""
        return self.fp + self.tn

    @property
    def predicted_positives(self) -> float:
        """Samples called positive, P̂ = tp + fp (the tutorial's *pos'*)."""
        return self.tp + self.fp

    @property
    def predicted_negatives(self) -> float:
        """Samples called negative, N̂ = fn + tn (the tutorial's *neg'*)."""
        return self.fn + self.tn

    # --- rates ----------------------------------------------------------------------------
    @property
    def tpr(self) -> float:
        """True positive rate tp / P; also recall, sensitivity, hit rate."""
        return _ratio(self.tp, self.positives, "the true positive rate (tp / (tp + fn))")

    recall = sensitivity = hit_rate = tpr

    @property
    def fpr(self) -> float:
        """False positive rate fp / N; also fall-out, false alarm rate, type I error rate."""
        return _ratio(self.fp, self.negatives, "the false positive rate (fp / (fp + tn))")

    fall_out = false_alarm_rate = false_acceptance_rate = type_i_error_rate = fpr

    @property
    def tnr(self) -> float:
        """True negative rate tn / N; also specificity, selectivity."""
        return _ratio(self.tn, self.negatives, "the true negative rate (tn / (fp + tn))")

    specificity = selectivity = tnr

    @property
    def fnr(self) -> float:
        """False negative rate fn / P; also miss rate, false rejection rate, type II error rate."""
        return _ratio(self.fn, self.positives, "the false negative rate (fn / (tp + fn))")

    miss_rate = false_rejection_rate = type_ii_error_rate = fnr

    @property
    def precision(self) -> float:
        """Precision tp / P̂; also positive predictive value (ppv)."""
        return _ratio(self.tp, self.predicted_positives, "precision (tp / (tp + fp))")

    ppv = positive_predictive_value = precision

    @property
    def npv(self) -> float:
        """Negative predictive value tn / N̂."""
        return _ratio(self.tn, self.predicted_negatives,
                      "the negative predictive value (tn / (tn + fn))")

    negative_predictive_value = npv

    @property
    def false_discovery_rate(self) -> float:
        """False discovery rate fp / P̂ = 1 − precision."""
        return _ratio(self.fp, self.predicted_positives, "the false discovery rate (fp / (tp + fp))")

    @property
    def accuracy(self) -> float:
        """Accuracy (tp + tn) / n."""
        return _ratio(self.tp + self.tn, self.n, "accuracy")

    @property
    def error_rate(self) -> float:
        """Error rate (fp + fn) / n = 1 − accuracy."""
        return _ratio(self.fp + self.fn, self.n, "the error rate")

    @property
    def balanced_accuracy(self) -> float:
        """The mean of tpr and tnr."""
        if self.positives == 0 or self.negatives == 0:
            return undefined("balanced accuracy is undefined: it needs both classes present")
        return (self.tp / self.positives + self.tn / self.negatives) / 2

    @property
    def prevalence(self) -> float:
        """The share of positives P / n; also the base rate."""
        return _ratio(self.positives, self.n, "prevalence")

    base_rate = prevalence

    @property
    def npr(self) -> float:
        """The tutorial's negative-positive ratio neg / pos (class balance of the truth)."""
        return _ratio(self.negatives, self.positives, "npr (neg / pos)")

    @property
    def npr_predicted(self) -> float:
        """The tutorial's npr' = neg' / pos' (class balance of the predictions)."""
        return _ratio(self.predicted_negatives, self.predicted_positives, "npr' (neg' / pos')")

    def fbeta(self, beta: float) -> float:
        """F-beta: (1 + β²)·tp / ((1 + β²)·tp + β²·fn + fp); β > 1 favours recall.

        Undefined (``nan``) only when tp = fn = fp = 0.

        >>> ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3).fbeta(2.0)
        0.8
        """
        beta = check_positive(beta, "beta")
        b2 = beta * beta
        if math.isinf(b2):      # beta beyond 1e154: F-beta is the recall to double precision
            return _ratio(self.tp, self.tp + self.fn,
                          f"the F-score (beta={beta:g}) with tp = fn = 0")
        return _ratio((1 + b2) * self.tp, (1 + b2) * self.tp + b2 * self.fn + self.fp,
                      f"the F-score (beta={beta:g}) with tp = fn = fp = 0")

    @property
    def f1(self) -> float:
        """F1, the harmonic mean of precision and recall."""
        return self.fbeta(1.0)

    def f_alpha(self, alpha: float) -> float:
        """Murphy's weighted harmonic mean 1 / (α/precision + (1 − α)/recall), 0 ≤ α ≤ 1.

        α = 1/2 gives F1; α = 1 gives precision and α = 0 recall. It equals
        :meth:`fbeta` with β² = (1 − α)/α.

        >>> ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3).f_alpha(0.5)
        0.8
        """
        alpha = check_positive(alpha, "alpha", allow_zero=True)
        if alpha > 1:
            raise ValueError(f"alpha must lie in [0, 1], got {alpha!r}")
        # alpha/P + (1-alpha)/R = (alpha*(tp+fp) + (1-alpha)*(tp+fn)) / tp
        denominator = self.tp + alpha * self.fp + (1 - alpha) * self.fn
        return _ratio(self.tp, denominator, f"F_alpha (alpha={alpha:g})")

    @property
    def mcc(self) -> float:
        """Matthews correlation coefficient, in [−1, 1]; +1 is perfect agreement."""
        tp, fp, fn, tn = self._scaled()
        product = (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)
        if product == 0:
            return undefined("MCC is undefined: a row or column of the confusion matrix is empty")
        return (tp * tn - fp * fn) / math.sqrt(product)

    @property
    def informedness(self) -> float:
        """Informedness tpr + tnr − 1 (Youden's J)."""
        if self.positives == 0 or self.negatives == 0:
            return undefined("informedness is undefined: it needs both classes present")
        return self.tp / self.positives + self.tn / self.negatives - 1

    youden_j = informedness

    @property
    def markedness(self) -> float:
        """Markedness precision + npv − 1."""
        if self.predicted_positives == 0 or self.predicted_negatives == 0:
            return undefined("markedness is undefined: it needs both predicted classes present")
        return self.tp / self.predicted_positives + self.tn / self.predicted_negatives - 1

    @property
    def positive_likelihood_ratio(self) -> float:
        """Positive likelihood ratio LR+ = tpr / fpr: how much a positive call raises the odds.

        Post-test odds of disease = pre-test odds × LR+. Undefined when fpr = 0 (no false
        positive) or a class is missing. scikit-learn: ``class_likelihood_ratios(...)[0]``.

        >>> ConfusionMatrix.from_counts(tp=9, fp=99, fn=1, tn=891).positive_likelihood_ratio
        9.0
        """
        if self.positives == 0 or self.negatives == 0 or self.fp == 0:
            return undefined("the positive likelihood ratio is undefined: it divides the tpr by "
                             "an fpr of 0 (or a class is missing)")
        return (self.tp / self.positives) / (self.fp / self.negatives)

    lr_plus = positive_likelihood_ratio

    @property
    def negative_likelihood_ratio(self) -> float:
        """Negative likelihood ratio LR− = fnr / tnr: how much a negative call lowers the odds.

        Undefined when tnr = 0 (no true negative) or a class is missing. scikit-learn:
        ``class_likelihood_ratios(...)[1]``.

        >>> round(ConfusionMatrix.from_counts(tp=9, fp=99, fn=1, tn=891).negative_likelihood_ratio, 4)
        0.1111
        """
        if self.positives == 0 or self.negatives == 0 or self.tn == 0:
            return undefined("the negative likelihood ratio is undefined: it divides the fnr by "
                             "a tnr of 0 (or a class is missing)")
        return (self.fn / self.positives) / (self.tn / self.negatives)

    lr_minus = negative_likelihood_ratio

    @property
    def diagnostic_odds_ratio(self) -> float:
        """Diagnostic odds ratio (tp·tn) / (fp·fn) = LR+ / LR−.

        The odds of a positive call among positives over the same odds among negatives;
        undefined when fp or fn is 0.

        >>> ConfusionMatrix.from_counts(tp=9, fp=99, fn=1, tn=891).diagnostic_odds_ratio
        81.0
        """
        if self.fp == 0 or self.fn == 0:
            return undefined("the diagnostic odds ratio is undefined: fp or fn is 0")
        return (self.tp / self.fn) * (self.tn / self.fp)

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
        tp, fp, fn, tn = self._scaled()
        denominator = (tp + fp) * (fp + tn) + (tp + fn) * (fn + tn)
        if denominator == 0:
            return undefined("Cohen's kappa is undefined: truth and prediction each hold a "
                             "single class, so chance agreement is certain")
        return 2 * (tp * tn - fn * fp) / denominator

    kappa = cohen_kappa

    @property
    def jaccard(self) -> float:
        """Jaccard index tp / (tp + fp + fn); also threat score, critical success index.

        The true positives over every case either the truth or the prediction calls positive
        (the true negatives play no part). scikit-learn: ``jaccard_score``.

        >>> ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3).jaccard
        0.6666666666666666
        """
        return _ratio(self.tp, self.tp + self.fp + self.fn,
                      "the Jaccard index (tp / (tp + fp + fn)) with tp = fp = fn = 0")

    threat_score = critical_success_index = jaccard

    @property
    def false_omission_rate(self) -> float:
        """False omission rate fn / N̂ = 1 − npv: the share of positives among negative calls.

        >>> ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3).false_omission_rate
        0.25
        """
        return _ratio(self.fn, self.predicted_negatives,
                      "the false omission rate (fn / (fn + tn))")

    @property
    def fowlkes_mallows(self) -> float:
        """Fowlkes–Mallows index √(precision · recall), the geometric mean of the two.

        Computed as tp / √((tp + fp)(tp + fn)); undefined when nothing is called positive or
        there is no positive. (scikit-learn's ``fowlkes_mallows_score`` compares two
        clusterings over pairs of cases, a different quantity.)

        >>> ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3).fowlkes_mallows
        0.8
        """
        if self.predicted_positives == 0 or self.positives == 0:
            return undefined("the Fowlkes-Mallows index is undefined: nothing is called "
                             "positive, or there is no positive")
        tp, fp, fn, _ = self._scaled()
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
        if self.positives == 0 or self.negatives == 0 or self.tp + self.fp == 0:
            return undefined("the prevalence threshold is undefined: tpr = fpr = 0 (or a class "
                             "is missing)")
        root_tpr = math.sqrt(self.tp / self.positives)
        root_fpr = math.sqrt(self.fp / self.negatives)
        return root_fpr / (root_tpr + root_fpr)

    def _scaled(self) -> tuple[float, float, float, float]:
        """The four counts as floats, divided by the largest when their products would
        overflow or underflow (the ratios that use them do not change with the scale)."""
        counts = [float(v) for v in (self.tp, self.fp, self.fn, self.tn)]
        largest = max(counts)
        if largest == 0 or 1e-75 < largest < 1e75:
            return tuple(counts)
        return tuple(v / largest for v in counts)

    def mutual_information(self, base: float = math.e) -> float:
        """Mutual information between truth and prediction (nats by default).

        >>> cm = ConfusionMatrix.from_joint([[0.8, 0.0], [0.1, 0.1]], layout="murphy")
        >>> round(cm.mutual_information(), 4)
        0.1865
        """
        from .information import mutual_information_from_table
        return mutual_information_from_table(self.as_array(), base=base)

    def expected_cost(self, *, cost_fp: float = 1.0, cost_fn: float = 1.0) -> float:
        """Misclassification cost per sample, (cost_fp·fp + cost_fn·fn) / n."""
        cost_fp = check_positive(cost_fp, "cost_fp", allow_zero=True)
        cost_fn = check_positive(cost_fn, "cost_fn", allow_zero=True)
        return _ratio(cost_fp * self.fp + cost_fn * self.fn, self.n, "the expected cost")

    def rates(self) -> dict[str, float]:
        """The main rates in a dict (handy for tables)."""
        names = ("tpr", "fpr", "tnr", "fnr", "precision", "npv", "accuracy", "error_rate",
                 "balanced_accuracy", "f1", "mcc")
        return {name: getattr(self, name) for name in names}


def predict(y_score: Any, threshold: float, *, rule: str = ">") -> np.ndarray:
    """Turn scores into 0/1 predictions at ``threshold``.

    The rule is explicit because the sources disagree: ``">"`` predicts positive when the
    score is strictly above the threshold (Murphy's definition, the slides, the R note),
    ``">="`` when it is at or above it (the tutorial's prose, though its code uses ``>``;
    scikit-learn's curves).

    Examples
    --------
    Murphy's Table 1 at θ = 0.5: example 5 scores exactly 0.5.

    >>> s = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]
    >>> predict(s, 0.5).tolist()
    [1, 1, 1, 1, 0, 0, 0, 0, 0]
    >>> predict(s, 0.5, rule=">=").tolist()
    [1, 1, 1, 1, 1, 0, 0, 0, 0]
    """
    score = check_scores(y_score)
    rule = check_rule(rule)
    threshold = check_threshold(threshold)
    hits = score > threshold if rule == ">" else score >= threshold
    return hits.astype(np.int8)


def confusion_matrix(y_true: Any, y_pred: Any, *, sample_weight: Any = None,
                     pos_label: Any = None) -> ConfusionMatrix:
    """Count tp, fp, fn, tn of hard predictions ``y_pred`` against ``y_true``.

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
    if weight is None:
        tp = int(np.count_nonzero(truth & pred))
        positives = int(np.count_nonzero(truth))
        called = int(np.count_nonzero(pred))
        n = int(truth.shape[0])
        return ConfusionMatrix(tp=tp, fp=called - tp, fn=positives - tp,
                               tn=n - positives - called + tp)
    t, p = truth.astype(bool), pred.astype(bool)
    return ConfusionMatrix(tp=float(weight[t & p].sum()), fp=float(weight[~t & p].sum()),
                           fn=float(weight[t & ~p].sum()), tn=float(weight[~t & ~p].sum()))


def confusion_matrix_at(y_true: Any, y_score: Any, threshold: float, *, rule: str = ">",
                        sample_weight: Any = None, pos_label: Any = None) -> ConfusionMatrix:
    """Shorthand for ``confusion_matrix(y_true, predict(y_score, threshold, rule=rule))``.

    >>> y = [1, 1, 1, 1, 1, 0, 0, 0, 0]
    >>> s = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]
    >>> confusion_matrix_at(y, s, 0.5).tp, confusion_matrix_at(y, s, 0.5, rule=">=").tp
    (4, 5)
    """
    # read y_true (with pos_label) first: predict() returns 0/1, which would clash with
    # labels such as {-1, 1} or strings if both were passed to confusion_matrix raw
    truth, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)
    return confusion_matrix(truth, predict(score, threshold, rule=rule),
                            sample_weight=sample_weight)
