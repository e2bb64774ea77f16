"""The curves, areas and DeLong's interval of a summary: :class:`SummaryMetrics`, the methods
:class:`~evalcore.ScoreCounts` inherits for them.

Each method is the array function of the same name (``counts.roc_auc()`` is
``ec.roc_auc(y_true, y_score)``), less the rows' arguments (``y_true``, ``y_score``,
``sample_weight``, ``pos_label``), and computes through the same kernel (``roc_auc_from_groups``,
...) on the summary's three arrays: the same number, the same undefined-metric policy (``nan``
and one :class:`~evalcore.UndefinedMetricWarning`, pointed at the caller's line). What needs
the rows themselves is not here: ``method="pairs"`` of the AUC and the bootstrap interval.

Why the cut falls here: the class is what a summary is (built, merged, stored;
:mod:`evalcore.scale.score_counts`); what it computes splits into what the core and
:mod:`evalcore.stats` compute from the counts (this module) and the decisions taken from them
(:mod:`evalcore.scale.summary_decisions`), so that each reads as one list.
"""

from __future__ import annotations

import numpy as np

from ..core.areas import (average_precision_from_groups, partial_auc_from_groups,
                          pr_auc_trapezoid_from_groups, roc_auc_from_groups)
from ..core.confusion import ConfusionMatrix, confusion_matrix_at_from_groups
from ..core.curves import (EqualErrorRate, PrecisionRecallCurve, RocCurve, ThresholdCounts,
                           confusion_matrix_at_thresholds_from_groups,
                           equal_error_rate_from_groups, precision_recall_curve_from_groups,
                           roc_curve_from_groups)
from ..core.precision_recall import (AchievablePrCurve, PrgCurve,
                                     achievable_pr_curve_from_groups, auprg_from_groups,
                                     interpolated_pr_curve_from_groups,
                                     pr_auc_interpolated_from_groups, prg_curve_from_groups)
from ..stats.auc_intervals import AucInterval, roc_auc_ci_from_groups
from ..stats.delong import delong_variance_from_groups


class SummaryMetrics:
    """The ranking metrics of a summary's ``values``, ``positives`` and ``negatives``: the
    methods :class:`~evalcore.ScoreCounts` inherits for its curves and areas."""

    values: np.ndarray
    positives: np.ndarray
    negatives: np.ndarray
    __slots__ = ()

    # --- areas -----------------------------------------------------------------------------
    def roc_auc(self, *, method: str = "rank") -> float:
        """The area under the ROC curve.

        As :func:`evalcore.roc_auc`, from this summary (exact, the same number).

        Parameters
        ----------
        method : {"rank", "trapezoid"}, default="rank"
            As in :func:`evalcore.roc_auc`; ``"pairs"`` compares the rows' pairs, which a
            summary does not keep.

        Examples
        --------
        >>> import evalcore as ec
        >>> y, s = [0, 1, 0, 1, 1, 0, 0], [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
        >>> counts = ec.ScoreCounts.from_arrays(y, s)
        >>> counts.roc_auc() == ec.roc_auc(y, s) == 11 / 12
        True
        """
        return roc_auc_from_groups(self, method=method)

    def gini(self) -> float:
        """The Gini coefficient 2·AUC − 1.

        As :func:`evalcore.gini`, from this summary (exact, the same number).
        """
        return 2 * roc_auc_from_groups(self) - 1

    def partial_auc(self, *, max_fpr: float | None = None, min_fpr: float = 0.0,
                    min_tpr: float | None = None, max_tpr: float | None = None,
                    standardized: bool = False) -> float:
        """The area under the ROC curve over an FPR or a TPR range.

        As :func:`evalcore.partial_auc`, from this summary (exact, the same number).

        Parameters
        ----------
        max_fpr : float, default=None
            As in :func:`evalcore.partial_auc`.
        min_fpr : float, default=0.0
            As in :func:`evalcore.partial_auc`.
        min_tpr, max_tpr : float, default=None
            As in :func:`evalcore.partial_auc`.
        standardized : bool, default=False
            As in :func:`evalcore.partial_auc`.
        """
        return partial_auc_from_groups(self, max_fpr=max_fpr, min_fpr=min_fpr,
                                       min_tpr=min_tpr, max_tpr=max_tpr,
                                       standardized=standardized)

    def average_precision(self) -> float:
        """Average precision, the step sum Σ (R_k − R_{k−1})·P_k.

        As :func:`evalcore.average_precision`, from this summary (exact, the same number).
        """
        return average_precision_from_groups(self)

    def pr_auc_trapezoid(self) -> float:
        """The trapezoid area under the PR points.

        As :func:`evalcore.pr_auc_trapezoid`, from this summary (exact, the same number).
        """
        return pr_auc_trapezoid_from_groups(self)

    # --- counts and curves -------------------------------------------------------------------
    def confusion_matrix_at(self, threshold: float, *, rule: str = ">=") -> ConfusionMatrix:
        """The confusion matrix at ``threshold``.

        As :func:`evalcore.confusion_matrix_at`, from this summary (exact, the same counts):
        the distinct scores are compared with the threshold as :func:`evalcore.predict`
        compares the rows' scores.

        Parameters
        ----------
        threshold : float or int
            The cut; may be ±inf, not NaN.
        rule : {">=", ">"}, default=">="
            As in :func:`evalcore.confusion_matrix_at`.

        Examples
        --------
        >>> import evalcore as ec
        >>> y = [1, 1, 1, 1, 1, 0, 0, 0, 0]
        >>> s = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]
        >>> ec.ScoreCounts.from_arrays(y, s).confusion_matrix_at(0.5, rule=">")
        ConfusionMatrix(tp=4, fp=0, fn=1, tn=4)
        """
        return confusion_matrix_at_from_groups(self, threshold, rule=rule)

    def confusion_matrix_at_thresholds(self) -> ThresholdCounts:
        """The confusion matrix at every distinct score, thresholds decreasing.

        As :func:`evalcore.confusion_matrix_at_thresholds`, from this summary (exact, the
        same counts).
        """
        return confusion_matrix_at_thresholds_from_groups(self)

    def roc_curve(self, *, drop_intermediate: bool = False) -> RocCurve:
        """The ROC curve: false and true positive rates at every distinct score.

        As :func:`evalcore.roc_curve`, from this summary (exact, the same points).

        Parameters
        ----------
        drop_intermediate : bool, default=False
            As in :func:`evalcore.roc_curve`: drop the points that are the midpoints of their
            neighbours, by scikit-learn's rule.

        Examples
        --------
        >>> import evalcore as ec
        >>> roc = ec.ScoreCounts.from_arrays([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]).roc_curve()
        >>> roc.fpr.tolist(), roc.tpr.tolist()
        ([0.0, 0.0, 0.5, 0.5, 1.0], [0.0, 0.5, 0.5, 1.0, 1.0])
        """
        return roc_curve_from_groups(self, drop_intermediate=drop_intermediate)

    def precision_recall_curve(self) -> PrecisionRecallCurve:
        """Precision and recall at every distinct score, as scikit-learn lays them out.

        As :func:`evalcore.precision_recall_curve`, from this summary (exact, the same
        points).
        """
        return precision_recall_curve_from_groups(self)

    def equal_error_rate(self) -> EqualErrorRate:
        """Where the ROC curve crosses FPR = FNR, and the threshold there.

        As :func:`evalcore.equal_error_rate`, from this summary (exact, the same numbers).
        """
        return equal_error_rate_from_groups(self)

    # --- precision-recall done right ---------------------------------------------------------
    def interpolated_pr_curve(self, *, num: int = 20) -> AchievablePrCurve:
        """The PR curve through every operating point, interpolated as Davis & Goadrich show.

        As :func:`evalcore.interpolated_pr_curve`, from this summary (exact, the same points).

        Parameters
        ----------
        num : int, default=20
            As in :func:`evalcore.interpolated_pr_curve`.
        """
        return interpolated_pr_curve_from_groups(self, num=num)

    def achievable_pr_curve(self, *, num: int = 20,
                            hull: bool | None = None) -> AchievablePrCurve:
        """Davis & Goadrich's achievable PR curve, the PR image of the ROC convex hull.

        As :func:`evalcore.achievable_pr_curve`, from this summary (exact, the same points;
        ``hull=None`` warns as it does).

        Parameters
        ----------
        num : int, default=20
            As in :func:`evalcore.achievable_pr_curve`.
        hull : bool or None, default=None
            As in :func:`evalcore.achievable_pr_curve`.
        """
        return achievable_pr_curve_from_groups(self, num=num, hull=hull)

    def pr_auc_interpolated(self, *, hull: bool = False) -> float:
        """The exact area under the interpolated, or the achievable, PR curve.

        As :func:`evalcore.pr_auc_interpolated`, from this summary (exact, the same number).

        Parameters
        ----------
        hull : bool, default=False
            As in :func:`evalcore.pr_auc_interpolated`.
        """
        return pr_auc_interpolated_from_groups(self, hull=hull)

    def prg_curve(self) -> PrgCurve:
        """The precision-recall-gain curve.

        As :func:`evalcore.prg_curve`, from this summary (exact, the same points).
        """
        return prg_curve_from_groups(self)

    def auprg(self) -> float:
        """The area under the precision-recall-gain curve.

        As :func:`evalcore.auprg`, from this summary (exact, the same number).
        """
        return auprg_from_groups(self)

    # --- uncertainty ---------------------------------------------------------------------------
    def delong_variance(self) -> float:
        """DeLong's variance of the AUC; weights are read as repeated cases (weight k = k
        copies of the row).

        As :func:`evalcore.delong_variance`, from this summary (exact, the same number).

        Examples
        --------
        >>> import evalcore as ec
        >>> y, s = [0, 1, 0, 1, 1, 0, 0], [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
        >>> round(1 / ec.ScoreCounts.from_arrays(y, s).delong_variance(), 9)
        72.0
        """
        return delong_variance_from_groups(self)

    def roc_auc_ci(self, *, level: float = 0.95, method: str = "delong") -> AucInterval:
        """A confidence interval for the AUC; weights are read as repeated cases.

        As :func:`evalcore.roc_auc_ci`, from this summary (exact, the same interval), by
        every method but the bootstrap, which resamples the rows.

        Parameters
        ----------
        level : float, default=0.95
            As in :func:`evalcore.roc_auc_ci`.
        method : {"delong", "logit", "hanley_mcneil", "newcombe"}, default="delong"
            As in :func:`evalcore.roc_auc_ci`.

        Examples
        --------
        >>> import evalcore as ec
        >>> y, s = [0, 1, 0, 1, 1, 0, 0], [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
        >>> ci = ec.ScoreCounts.from_arrays(y, s).roc_auc_ci()
        >>> round(ci.auc, 4), round(ci.low, 4), ci.high, ci.method
        (0.9167, 0.6857, 1.0, 'delong')
        """
        return roc_auc_ci_from_groups(self, level=level, method=method)
