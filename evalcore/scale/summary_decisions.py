"""The decisions taken from a summary: :class:`SummaryDecisions`, the methods
:class:`~evalcore.ScoreCounts` inherits for thresholds, costs, the ROC hull, capacity and
decision curves.

Each method is the array function of the same name (``counts.threshold_at_fpr(0.05)`` is
``ec.threshold_at_fpr(y_true, y_score, 0.05)``), less the rows' arguments (``y_true``,
``y_score``, ``sample_weight``, ``pos_label``), and computes through the same kernel
(``threshold_at_fpr_from_groups``, ...) on the summary's three arrays: the same result, the same
undefined-metric policy. The curves and areas of a summary are in
:mod:`evalcore.scale.summary_metrics`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..decisions.capacity import (CapacityCounts, GainCurve, KsStatistic, LiftCurve,
                                  counts_at_capacity_from_groups, gain_curve_from_groups,
                                  ks_statistic_from_groups, lift_curve_from_groups)
from ..decisions.costs import (OperatingPoint, threshold_by_cost_from_groups,
                               threshold_by_youden_from_groups)
from ..decisions.decision_curves import (DecisionCurve, decision_curve_from_groups,
                                         net_benefit_from_groups)
from ..decisions.hull import (CostCurve, RocHull, cost_curve_from_groups, cost_lines_from_groups,
                              optimal_operating_point_from_groups, roc_convex_hull_from_groups)
from ..decisions.threshold_choices import (GuaranteedThresholdChoice, ThresholdChoice,
                                           threshold_at_fpr_from_groups,
                                           threshold_at_precision_from_groups,
                                           threshold_max_fbeta_from_groups)


class SummaryDecisions:
    """The decisions read off a summary's ``values``, ``positives`` and ``negatives``: the
    methods :class:`~evalcore.ScoreCounts` inherits for thresholds, costs, the ROC hull,
    capacity and decision curves."""

    values: np.ndarray
    positives: np.ndarray
    negatives: np.ndarray
    __slots__ = ()

    # --- thresholds ------------------------------------------------------------------------
    def threshold_by_cost(self, *, cost_fp: float = 1.0,
                          cost_fn: float = 1.0) -> OperatingPoint:
        """The threshold (rule ``>=``) with the least cost per case.

        As :func:`evalcore.threshold_by_cost`, from this summary (exact, the same choice).

        Parameters
        ----------
        cost_fp, cost_fn : float, default=1.0
            As in :func:`evalcore.threshold_by_cost`.
        """
        return threshold_by_cost_from_groups(self, cost_fp=cost_fp, cost_fn=cost_fn)

    def threshold_by_youden(self) -> OperatingPoint:
        """The threshold (rule ``>=``) with the largest Youden's J = TPR − FPR.

        As :func:`evalcore.threshold_by_youden`, from this summary (exact, the same choice).
        """
        return threshold_by_youden_from_groups(self)

    def threshold_at_fpr(self, max_fpr: float, *, rule: str = ">=",
                         confidence: float | None = None
                         ) -> ThresholdChoice | GuaranteedThresholdChoice:
        """The largest TPR whose FPR is at most ``max_fpr``, on this data or, with a
        ``confidence``, guaranteed for new data (counts only: weights give no cases).

        As :func:`evalcore.threshold_at_fpr`, from this summary (exact, the same choice; with
        weights, the FPR is a share of the negatives' weight).

        Parameters
        ----------
        max_fpr : float
            As in :func:`evalcore.threshold_at_fpr`.
        rule : {">=", ">"}, default=">="
            As in :func:`evalcore.threshold_at_fpr`.
        confidence : float, default=None
            As in :func:`evalcore.threshold_at_fpr`.

        Examples
        --------
        >>> import evalcore as ec
        >>> counts = ec.ScoreCounts.from_arrays([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
        >>> counts.threshold_at_fpr(0.5).threshold
        0.35
        """
        return threshold_at_fpr_from_groups(self, max_fpr, rule=rule, confidence=confidence)

    def threshold_at_precision(self, min_precision: float, *,
                               rule: str = ">=") -> ThresholdChoice:
        """The largest recall whose precision is at least ``min_precision``.

        As :func:`evalcore.threshold_at_precision`, from this summary (exact, the same
        choice; with weights, on the weights).

        Parameters
        ----------
        min_precision : float
            As in :func:`evalcore.threshold_at_precision`.
        rule : {">=", ">"}, default=">="
            As in :func:`evalcore.threshold_at_precision`.
        """
        return threshold_at_precision_from_groups(self, min_precision, rule=rule)

    def threshold_max_fbeta(self, *, beta: float = 1.0, rule: str = ">=") -> ThresholdChoice:
        """The threshold with the best F-beta.

        As :func:`evalcore.threshold_max_fbeta`, from this summary (exact, the same choice).

        Parameters
        ----------
        beta : float, default=1.0
            As in :func:`evalcore.threshold_max_fbeta`.
        rule : {">=", ">"}, default=">="
            As in :func:`evalcore.threshold_max_fbeta`.
        """
        return threshold_max_fbeta_from_groups(self, beta=beta, rule=rule)

    # --- the ROC hull and costs --------------------------------------------------------------
    def roc_convex_hull(self) -> RocHull:
        """The vertices of the ROC convex hull.

        As :func:`evalcore.roc_convex_hull`, from this summary (exact, the same vertices).
        """
        return roc_convex_hull_from_groups(self)

    def optimal_operating_point(self, *, cost_fp: float, cost_fn: float,
                                prior_pos: float | None = None) -> OperatingPoint:
        """The hull vertex with the least expected cost for these costs and this prior.

        As :func:`evalcore.optimal_operating_point`, from this summary (exact, the same
        point).

        Parameters
        ----------
        cost_fp, cost_fn : float
            As in :func:`evalcore.optimal_operating_point`.
        prior_pos : float, default=None
            As in :func:`evalcore.optimal_operating_point`.
        """
        return optimal_operating_point_from_groups(self, cost_fp=cost_fp, cost_fn=cost_fn,
                                                   prior_pos=prior_pos)

    def cost_lines(self, *, probability_cost: Any) -> np.ndarray:
        """Each ROC point's normalized expected cost against the probability-cost ``PC(+)``.

        As :func:`evalcore.cost_lines`, from this summary (exact, the same lines).

        Parameters
        ----------
        probability_cost : array-like of shape (k,)
            As in :func:`evalcore.cost_lines`.
        """
        return cost_lines_from_groups(self, probability_cost=probability_cost)

    def cost_curve(self, *, probability_cost: Any = None) -> CostCurve:
        """The cost curve: the lower envelope of the cost lines.

        As :func:`evalcore.cost_curve`, from this summary (exact, the same envelope).

        Parameters
        ----------
        probability_cost : array-like of shape (k,), default=None
            As in :func:`evalcore.cost_curve`.
        """
        return cost_curve_from_groups(self, probability_cost=probability_cost)

    # --- capacity ------------------------------------------------------------------------------
    def gain_curve(self) -> GainCurve:
        """The cumulative gain curve: the share of positives found against the share of
        cases flagged.

        As :func:`evalcore.gain_curve`, from this summary (exact, the same points).
        """
        return gain_curve_from_groups(self)

    def lift_curve(self) -> LiftCurve:
        """The lift curve: the gain divided by the share flagged.

        As :func:`evalcore.lift_curve`, from this summary (exact, the same points).
        """
        return lift_curve_from_groups(self)

    def ks_statistic(self) -> KsStatistic:
        """The Kolmogorov-Smirnov statistic ``max |TPR − FPR|`` and where it is reached.

        As :func:`evalcore.ks_statistic`, from this summary (exact, the same numbers).
        """
        return ks_statistic_from_groups(self)

    def counts_at_capacity(self, *, k: int) -> CapacityCounts:
        """What the ``k`` highest-scored cases hold (counts only: weights give no cases).

        As :func:`evalcore.counts_at_capacity`, from this summary (exact, the same counts).

        Parameters
        ----------
        k : int
            As in :func:`evalcore.counts_at_capacity`.
        """
        return counts_at_capacity_from_groups(self, k=k)

    # --- decision curves -----------------------------------------------------------------------
    def net_benefit(self, *, threshold_probability: Any) -> Any:
        """The net benefit of treating the cases whose probability is at least a threshold
        probability (the scores must be probabilities).

        As :func:`evalcore.net_benefit`, from this summary (exact, the same number).

        Parameters
        ----------
        threshold_probability : float or array-like
            As in :func:`evalcore.net_benefit`.
        """
        return net_benefit_from_groups(self, threshold_probability=threshold_probability)

    def decision_curve(self, *, threshold_probabilities: Any = None) -> DecisionCurve:
        """The decision curve: net benefit against threshold probability, with treat-all.

        As :func:`evalcore.decision_curve`, from this summary (exact, the same curve).

        Parameters
        ----------
        threshold_probabilities : array-like, default=None
            As in :func:`evalcore.decision_curve`.
        """
        return decision_curve_from_groups(self, threshold_probabilities=threshold_probabilities)
