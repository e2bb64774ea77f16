"""The rates read off one margin of a confusion matrix: each count over the row, the column or
the whole table it belongs to.

The true positive rate divides by the positives (a row of the truth), precision by the
positive calls (a column of the predictions), accuracy by every sample: one count, or the sum
of two, over one margin. Those are here with the margins themselves and every name the sources
give each rate (``recall = sensitivity = hit_rate = tpr``), each property with its docstring.
The metrics that combine two or more of these rates (the F-scores, MCC, kappa, the likelihood
ratios, ...) build on them in :mod:`evalcore.core.combined`, and the matrix that holds the
counts, :class:`~evalcore.ConfusionMatrix`, inherits both (:mod:`evalcore.core.confusion`).
The cut falls between what one margin gives and what needs several, so each module reads as
one idea and stays short. The arithmetic, exact for extreme counts, is
:mod:`evalcore.core.exact`'s.
"""

from __future__ import annotations

from .exact import for_arithmetic, margin, ratio


class MarginRates:
    """The margins of a 2x2 table of counts and the rates read off one margin.

    A base of :class:`~evalcore.ConfusionMatrix` (through
    :class:`~evalcore.core.combined.CombinedMetrics`), which supplies what these properties
    read: the four counts ``tp``, ``fp``, ``fn``, ``tn``. A rate whose denominator is zero is
    ``nan`` with one :class:`~evalcore.UndefinedMetricWarning`.
    """

    def _numbers(self) -> tuple:
        """The four counts for arithmetic: as stored for ordinary counts, as exact
        fractions for extreme ones (every result is then rounded once, at the end)."""
        return for_arithmetic(self.tp, self.fp, self.fn, self.tn)

    # --- margins --------------------------------------------------------------------------
    @property
    def n(self) -> float:
        """All samples, tp + fp + fn + tn."""
        return margin(self.tp, self.fp, self.fn, self.tn)

    @property
    def positives(self) -> float:
        """Truly positive samples P = tp + fn (the tutorial's *pos*)."""
        return margin(self.tp, self.fn)

    @property
    def negatives(self) -> float:
        """Truly negative samples N = fp + tn (the tutorial's *neg*)."""
        return margin(self.fp, self.tn)

    @property
    def predicted_positives(self) -> float:
        """Samples called positive, P̂ = tp + fp (the tutorial's *pos'*)."""
        return margin(self.tp, self.fp)

    @property
    def predicted_negatives(self) -> float:
        """Samples called negative, N̂ = fn + tn (the tutorial's *neg'*)."""
        return margin(self.fn, self.tn)

    # --- rates ----------------------------------------------------------------------------
    @property
    def tpr(self) -> float:
        """True positive rate tp / P; also recall, sensitivity, hit rate."""
        tp, _, fn, _ = self._numbers()
        return ratio(tp, tp + fn, "the true positive rate (tp / (tp + fn))")

    recall = sensitivity = hit_rate = tpr

    @property
    def fpr(self) -> float:
        """False positive rate fp / N; also fall-out, false alarm rate, type I error rate."""
        _, fp, _, tn = self._numbers()
        return ratio(fp, fp + tn, "the false positive rate (fp / (fp + tn))")

    fall_out = false_alarm_rate = false_acceptance_rate = type_i_error_rate = fpr

    @property
    def tnr(self) -> float:
        """True negative rate tn / N; also specificity, selectivity."""
        _, fp, _, tn = self._numbers()
        return ratio(tn, fp + tn, "the true negative rate (tn / (fp + tn))")

    specificity = selectivity = tnr

    @property
    def fnr(self) -> float:
        """False negative rate fn / P; also miss rate, false rejection rate, type II error rate."""
        tp, _, fn, _ = self._numbers()
        return ratio(fn, tp + fn, "the false negative rate (fn / (tp + fn))")

    miss_rate = false_rejection_rate = type_ii_error_rate = fnr

    @property
    def precision(self) -> float:
        """Precision tp / P̂; also positive predictive value (ppv)."""
        tp, fp, _, _ = self._numbers()
        return ratio(tp, tp + fp, "precision (tp / (tp + fp))")

    ppv = positive_predictive_value = precision

    @property
    def npv(self) -> float:
        """Negative predictive value tn / N̂."""
        _, _, fn, tn = self._numbers()
        return ratio(tn, fn + tn, "the negative predictive value (tn / (tn + fn))")

    negative_predictive_value = npv

    @property
    def false_discovery_rate(self) -> float:
        """False discovery rate fp / P̂ = 1 − precision."""
        tp, fp, _, _ = self._numbers()
        return ratio(fp, tp + fp, "the false discovery rate (fp / (tp + fp))")

    @property
    def false_omission_rate(self) -> float:
        """False omission rate fn / N̂ = 1 − npv: the share of positives among negative calls.

        >>> from evalcore import ConfusionMatrix
        >>> ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3).false_omission_rate
        0.25
        """
        _, _, fn, tn = self._numbers()
        return ratio(fn, fn + tn, "the false omission rate (fn / (fn + tn))")

    @property
    def accuracy(self) -> float:
        """Accuracy (tp + tn) / n."""
        tp, fp, fn, tn = self._numbers()
        return ratio(tp + tn, tp + fp + fn + tn, "accuracy")

    @property
    def error_rate(self) -> float:
        """Error rate (fp + fn) / n = 1 − accuracy."""
        tp, fp, fn, tn = self._numbers()
        return ratio(fp + fn, tp + fp + fn + tn, "the error rate")

    @property
    def prevalence(self) -> float:
        """The share of positives P / n; also the base rate."""
        tp, fp, fn, tn = self._numbers()
        return ratio(tp + fn, tp + fp + fn + tn, "prevalence")

    base_rate = prevalence

    @property
    def npr(self) -> float:
        """The tutorial's negative-positive ratio neg / pos (class balance of the truth)."""
        tp, fp, fn, tn = self._numbers()
        return ratio(fp + tn, tp + fn, "npr (neg / pos)")

    @property
    def npr_predicted(self) -> float:
        """The tutorial's npr' = neg' / pos' (class balance of the predictions)."""
        tp, fp, fn, tn = self._numbers()
        return ratio(fn + tn, tp + fp, "npr' (neg' / pos')")
