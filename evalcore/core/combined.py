"""The metrics that combine the rates of a confusion matrix: more than one margin at once.

Balanced accuracy, the F-scores (F1, F-beta, Murphy's F-alpha), Matthews' correlation,
informedness and markedness, the likelihood ratios and the diagnostic odds ratio, Cohen's kappa,
the Jaccard index, the Fowlkes–Mallows index, the prevalence threshold, mutual information and
the expected cost: each weighs two or more of the rates of :mod:`evalcore.core.rates` (or the
counts behind them) against each other, so its class builds on that one. Kept apart from the
rates because each of these has its own rule for when it is undefined and its own exact path
for extreme counts (:mod:`evalcore.core.exact`), and from :mod:`evalcore.core.confusion`, the
matrix that inherits them, so that every module stays one idea and short.
"""

from __future__ import annotations

import math
from fractions import Fraction

from .exact import ratio, sqrt_ratio, to_float
from .information import check_base, mutual_information_from_table
from .options import check_positive
from .rates import MarginRates
from .validation import both_classes, undefined


class CombinedMetrics(MarginRates):
    """The metrics that combine two or more rates of a 2x2 table of counts.

    A base of :class:`~evalcore.ConfusionMatrix`, which supplies what these read: the four
    counts ``tp``, ``fp``, ``fn``, ``tn`` (through :class:`~evalcore.core.rates.MarginRates`,
    which this class extends) and, for :meth:`mutual_information`, ``as_array()``, the counts
    as a 2x2 array (:class:`~evalcore.core.layouts.LaidOutTable`'s). An undefined metric is
    ``nan`` with one :class:`~evalcore.UndefinedMetricWarning`.
    """

    @property
    def balanced_accuracy(self) -> float:
        """The mean of tpr and tnr."""
        tp, fp, fn, tn = self._numbers()
        if not both_classes(tp + fn, fp + tn, "balanced accuracy"):
            return math.nan
        return to_float((tp / (tp + fn) + tn / (fp + tn)) / 2)

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
        >>> from evalcore import ConfusionMatrix
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
            return to_float(tp / (tp + fn))
        if b2 == 0:             # beta below 1e-162: F-beta is the precision
            return to_float(tp / (tp + fp))
        if not isinstance(tp, Fraction) and 1e-250 < b2 < 1e250:
            return float((1 + b2) * tp / ((1 + b2) * tp + b2 * fn + fp))
        tp, fp, fn, b2 = Fraction(tp), Fraction(fp), Fraction(fn), Fraction(b2)
        return to_float((1 + b2) * tp / ((1 + b2) * tp + b2 * fn + fp))

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
        >>> from evalcore import ConfusionMatrix
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
        return ratio(tp, denominator, f"F_alpha (alpha={float(alpha):g})")

    @property
    def mcc(self) -> float:
        """Matthews correlation coefficient, in [−1, 1]; +1 is perfect agreement."""
        tp, fp, fn, tn = self._numbers()
        product = (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)
        if product == 0:
            return undefined("MCC is undefined: a row or column of the confusion matrix is empty")
        if isinstance(product, Fraction):
            numerator = tp * tn - fp * fn
            magnitude = sqrt_ratio(numerator * numerator, product)
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
        return to_float(tp / (tp + fn) + tn / (fp + tn) - 1)

    youden_j = informedness

    @property
    def markedness(self) -> float:
        """Markedness precision + npv − 1."""
        tp, fp, fn, tn = self._numbers()
        if tp + fp == 0 or fn + tn == 0:
            return undefined("markedness is undefined: it needs both predicted classes present")
        return to_float(tp / (tp + fp) + tn / (fn + tn) - 1)

    @property
    def positive_likelihood_ratio(self) -> float:
        """Positive likelihood ratio LR+ = tpr / fpr: how much a positive call raises the odds.

        Post-test odds of disease = pre-test odds × LR+. Undefined when fpr = 0 (no false
        positive) or a class is missing. scikit-learn: ``class_likelihood_ratios(...)[0]``.

        >>> from evalcore import ConfusionMatrix
        >>> ConfusionMatrix.from_counts(tp=9, fp=99, fn=1, tn=891).positive_likelihood_ratio
        9.0
        """
        tp, fp, fn, tn = self._numbers()
        if not both_classes(tp + fn, fp + tn, "the positive likelihood ratio"):
            return math.nan
        if fp == 0:
            return undefined("the positive likelihood ratio is undefined: it divides the tpr "
                             "by an fpr of 0")
        return to_float((tp / (tp + fn)) / (fp / (fp + tn)))

    lr_plus = positive_likelihood_ratio

    @property
    def negative_likelihood_ratio(self) -> float:
        """Negative likelihood ratio LR− = fnr / tnr: how much a negative call lowers the odds.

        Undefined when tnr = 0 (no true negative) or a class is missing. scikit-learn:
        ``class_likelihood_ratios(...)[1]``.

        >>> from evalcore import ConfusionMatrix
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
        return to_float((fn / (tp + fn)) / (tn / (fp + tn)))

    lr_minus = negative_likelihood_ratio

    @property
    def diagnostic_odds_ratio(self) -> float:
        """Diagnostic odds ratio (tp·tn) / (fp·fn) = LR+ / LR−.

        The odds of a positive call among positives over the same odds among negatives;
        undefined when fp or fn is 0.

        >>> from evalcore import ConfusionMatrix
        >>> ConfusionMatrix.from_counts(tp=9, fp=99, fn=1, tn=891).diagnostic_odds_ratio
        81.0
        """
        tp, fp, fn, tn = self._numbers()
        if fp == 0 or fn == 0:
            return undefined("the diagnostic odds ratio is undefined: fp or fn is 0")
        return to_float((tp / fn) * (tn / fp))

    @property
    def cohen_kappa(self) -> float:
        """Cohen's kappa: the agreement of prediction and truth beyond chance, in [−1, 1].

        (p_o − p_e) / (1 − p_e), with p_o the accuracy and p_e the agreement expected from the
        margins alone; computed as 2(tp·tn − fn·fp) / ((tp + fp)(fp + tn) + (tp + fn)(fn + tn)).
        Undefined when the margins leave no room for disagreement (p_e = 1). scikit-learn:
        ``cohen_kappa_score``.

        >>> from evalcore import ConfusionMatrix
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
        return to_float(2 * (tp * tn - fn * fp) / denominator)

    kappa = cohen_kappa

    @property
    def jaccard(self) -> float:
        """Jaccard index tp / (tp + fp + fn); also threat score, critical success index.

        The true positives over every case either the truth or the prediction calls positive
        (the true negatives play no part). scikit-learn: ``jaccard_score``.

        >>> from evalcore import ConfusionMatrix
        >>> ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3).jaccard
        0.6666666666666666
        """
        tp, fp, fn, _ = self._numbers()
        return ratio(tp, tp + fp + fn,
                     "the Jaccard index (tp / (tp + fp + fn)) with tp = fp = fn = 0")

    threat_score = critical_success_index = jaccard

    @property
    def fowlkes_mallows(self) -> float:
        """Fowlkes–Mallows index √(precision · recall), the geometric mean of the two.

        Computed as tp / √((tp + fp)(tp + fn)); undefined when nothing is called positive or
        there is no positive. (scikit-learn's ``fowlkes_mallows_score`` compares two
        clusterings over pairs of cases, a different quantity.)

        >>> from evalcore import ConfusionMatrix
        >>> ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3).fowlkes_mallows
        0.8
        """
        tp, fp, fn, _ = self._numbers()
        if tp + fp == 0 or tp + fn == 0:
            return undefined("the Fowlkes-Mallows index is undefined: nothing is called "
                             "positive, or there is no positive")
        if isinstance(tp, Fraction):
            return sqrt_ratio(tp * tp, (tp + fp) * (tp + fn))
        tp, fp, fn = float(tp), float(fp), float(fn)
        return tp / math.sqrt((tp + fp) * (tp + fn))

    @property
    def prevalence_threshold(self) -> float:
        """Balayla's prevalence threshold (√(tpr·fpr) − fpr) / (tpr − fpr) = √fpr / (√tpr + √fpr).

        The prevalence below which the precision of a test with this tpr and fpr falls
        steeply. The second form, used here, also holds where tpr = fpr (it is 1/2 there, the
        limit of the first); undefined when tpr = fpr = 0 or a class is missing.

        >>> from evalcore import ConfusionMatrix
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
            return 1 / (1 + sqrt_ratio(tpr, fpr))
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
        >>> from evalcore import ConfusionMatrix
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
            value = ratio(cost_fp * fp + cost_fn * fn, tp + fp + fn + tn, "the expected cost")
            if math.isfinite(value) or math.isnan(value):
                return value
            tp, fp, fn, tn = (Fraction(v) for v in (tp, fp, fn, tn))   # a product overflowed
        return ratio(Fraction(cost_fp) * fp + Fraction(cost_fn) * fn, tp + fp + fn + tn,
                     "the expected cost")
