"""evalcore: evaluating binary classifiers, tested against the sources and scikit-learn.

Import it as ``import evalcore as ec``. Conventions, the same everywhere:

* data positional, options keyword-only; scalars come back as ``float``;
* labels are {0, 1}, {-1, 1}, booleans, or any two values with ``pos_label``;
* tied scores form one threshold; the rule is ``score >= threshold``: every curve's, and the
  default of the threshold functions, :func:`predict` and :func:`confusion_matrix_at`, so a
  returned threshold reproduces its counts; ``rule=">"`` gives the sources' strict rule;
* bad input raises ``ValueError``/``TypeError`` naming the argument and the rule broken
  (labels mixing strings and numbers raise :class:`MixedLabelTypesError`, which is both);
* a metric undefined on valid input returns ``nan`` with one :class:`UndefinedMetricWarning`;
* an interval is read by name (``ci.auc``, ``ci.low``, ``ci.high``, ``ci.level``,
  ``ci.method``) and cannot be unpacked; a curve unpacks as ``x, y, thresholds``.
"""

from .calibration.measures import (CalibrationFit, PredictionBias, SmoothedReliabilityCurve,
                                   brier_skill_score, calibration_slope_intercept,
                                   expected_calibration_error, prediction_bias,
                                   smoothed_reliability_curve)
from .calibration.reliability import ReliabilityCurve, brier_score, log_loss, reliability_curve
from .core.areas import MAX_PAIRS, average_precision, gini, partial_auc, pr_auc_trapezoid, roc_auc
from .core.auc_sums import AucSums, auc_range_sums
from .core.confusion import ConfusionMatrix, confusion_matrix, confusion_matrix_at, predict
from .core.curves import (EqualErrorRate, PrecisionRecallCurve, RocCurve, ThresholdCounts,
                          confusion_matrix_at_thresholds, equal_error_rate, precision_recall_curve,
                          roc_curve)
from .core.information import entropy, mutual_information, mutual_information_from_table
from .core.layouts import LAYOUTS, Layout
from .core.multiclass import multiclass_auc
from .core.precision_recall import (AchievablePrCurve, PrgCurve, achievable_pr_curve, auprg,
                                    interpolated_pr_curve, pr_auc_interpolated, prg_curve)
from .core.validation import MixedLabelTypesError, UndefinedMetricWarning
from .decisions.capacity import (CapacityCounts, GainCurve, KsStatistic, LiftCurve,
                                 counts_at_capacity, gain_curve, ks_statistic, lift_curve)
from .decisions.costs import OperatingPoint, expected_cost, threshold_by_cost, threshold_by_youden
from .decisions.decision_curves import (DecisionCurve, NetBenefitInterval, decision_curve,
                                        net_benefit, net_benefit_ci, net_benefit_treat_all)
from .decisions.fairness import demographic_parity_gap, equalized_odds_gap, predictive_parity_gap
from .decisions.guarantees import (fpr_violation_probability, min_negatives_for_guarantee,
                                   umbrella_order)
from .decisions.hull import (CostCurve, RocHull, cost_curve, cost_lines, iso_performance_slope,
                             optimal_operating_point, probability_cost, roc_convex_hull)
from .decisions.prevalence import (PredictiveValuesInterval, PrevalenceEstimate,
                                   adjust_to_prevalence, estimate_prevalence, npv_at_prevalence,
                                   ppv_at_prevalence, predictive_values_at_prevalence)
from .decisions.subgroups import GroupMetric, GroupRow, by_group
from .decisions.threshold_choices import (GuaranteedThresholdChoice, ThresholdChoice,
                                          threshold_at_fpr, threshold_at_precision,
                                          threshold_max_fbeta)
from .examples import (MURPHY_TABLE4, TUTORIAL_MATRICES, ScoredExample, murphy_classifier,
                       vojnovic_seven)
from .plotting import (COLORS, book_style, mark_point, plot_achievable_pr, plot_confusion_matrix,
                       plot_cost_curves, plot_decision_scores, plot_equal_error_rate,
                       plot_interval_width, plot_intervals, plot_metric_bars, plot_pr,
                       plot_pr_area, plot_prg, plot_reliability, plot_roc, plot_roc_hull,
                       plot_roc_space, plot_sampling_distribution, plot_scores)
from .plotting.decision_curves import plot_decision_curve
from .scale.binned import BinnedScoreCounts, binned_auc
from .scale.binned_bounds import BinnedBounds, BinnedRocCurve
from .scale.score_bins import keras_thresholds, score_bin_edges, thresholded_auc
from .scale.score_counts import ScoreCounts
from .stats.auc_intervals import AucInterval, roc_auc_ci
from .stats.delong import AucComparison, delong_test, delong_test_unpaired, delong_variance
from .stats.delong_many import ManyAucComparison, PairwiseAucComparisons, delong_test_many
from .stats.permutation import PermutationTest, auc_permutation_test, paired_permutation_test
from .stats.protocol import (FiveByTwoTest, FriedmanTest, HolmAdjustment, ResampledTTest,
                             corrected_resampled_ttest, friedman_test, holm,
                             nemenyi_critical_difference, paired_ttest_5x2cv)
from .stats.proportions import RateInterval, wilson_interval
from .stats.rate_intervals import (OperatingPointInterval, SensitivityInterval,
                                   SpecificityInterval, operating_point_ci,
                                   sensitivity_at_specificity, specificity_at_sensitivity)
from .stats.sample_size import AucSampleSize, auc_sample_size
from .stats.uncertainty import MetricDifference, MetricInterval, bootstrap_ci, paired_bootstrap_ci
from .widgets import (distribution_explorer, figure_pane, self_check, slider_stack,
                      threshold_explorer)

__version__ = "0.3.0"

__all__ = [
    # Conventions and errors
    "UndefinedMetricWarning", "MixedLabelTypesError",
    # The confusion matrix
    "ConfusionMatrix", "Layout", "LAYOUTS", "confusion_matrix", "confusion_matrix_at",
    "predict",
    # The counts at every threshold, and the curves
    "ThresholdCounts", "confusion_matrix_at_thresholds", "RocCurve", "roc_curve",
    "PrecisionRecallCurve", "precision_recall_curve", "EqualErrorRate", "equal_error_rate",
    "ScoreCounts", "AucSums", "auc_range_sums",
    # Areas under the curves
    "roc_auc", "gini", "partial_auc", "MAX_PAIRS", "average_precision", "pr_auc_trapezoid",
    "multiclass_auc",
    # Precision and recall done right
    "interpolated_pr_curve", "pr_auc_interpolated", "AchievablePrCurve", "achievable_pr_curve",
    "PrgCurve", "prg_curve", "auprg",
    # Information
    "entropy", "mutual_information", "mutual_information_from_table",
    # Uncertainty: intervals
    "AucInterval", "delong_variance", "roc_auc_ci", "MetricInterval", "bootstrap_ci",
    "MetricDifference", "paired_bootstrap_ci", "SensitivityInterval",
    "sensitivity_at_specificity", "SpecificityInterval", "specificity_at_sensitivity",
    "RateInterval", "OperatingPointInterval", "operating_point_ci",
    # Uncertainty: tests and sample size
    "AucComparison", "delong_test", "delong_test_unpaired", "ManyAucComparison",
    "PairwiseAucComparisons", "delong_test_many", "PermutationTest",
    "auc_permutation_test", "paired_permutation_test", "AucSampleSize", "auc_sample_size",
    # Evaluation protocol
    "ResampledTTest", "corrected_resampled_ttest", "FiveByTwoTest", "paired_ttest_5x2cv",
    "HolmAdjustment", "holm", "FriedmanTest", "friedman_test", "nemenyi_critical_difference",
    # Costs and thresholds
    "OperatingPoint", "ThresholdChoice", "expected_cost", "threshold_by_cost",
    "threshold_by_youden", "threshold_at_fpr", "threshold_at_precision", "threshold_max_fbeta",
    # The ROC convex hull and cost curves
    "RocHull", "roc_convex_hull", "iso_performance_slope", "optimal_operating_point",
    "CostCurve", "cost_curve", "cost_lines", "probability_cost",
    # Calibration
    "ReliabilityCurve", "reliability_curve", "brier_score", "log_loss", "brier_skill_score",
    "CalibrationFit", "calibration_slope_intercept", "PredictionBias", "prediction_bias",
    "expected_calibration_error", "SmoothedReliabilityCurve", "smoothed_reliability_curve",
    # Another population
    "ppv_at_prevalence", "npv_at_prevalence", "PredictiveValuesInterval",
    "predictive_values_at_prevalence", "adjust_to_prevalence", "PrevalenceEstimate",
    "estimate_prevalence",
    # Capacity
    "GainCurve", "gain_curve", "LiftCurve", "lift_curve", "KsStatistic", "ks_statistic",
    "CapacityCounts", "counts_at_capacity",
    # Decision curves
    "net_benefit", "net_benefit_treat_all", "NetBenefitInterval", "net_benefit_ci",
    "DecisionCurve", "decision_curve", "plot_decision_curve",
    # A threshold with a guarantee
    "GuaranteedThresholdChoice", "umbrella_order", "fpr_violation_probability",
    "min_negatives_for_guarantee",
    # Subgroups
    "GroupMetric", "GroupRow", "by_group", "wilson_interval", "equalized_odds_gap",
    "predictive_parity_gap", "demographic_parity_gap",
    # Binned scores with certified bounds
    "BinnedScoreCounts", "score_bin_edges", "BinnedBounds", "BinnedRocCurve", "binned_auc",
    "thresholded_auc", "keras_thresholds",
    # Plotting
    "COLORS", "book_style", "mark_point", "plot_confusion_matrix", "plot_metric_bars",
    "plot_scores", "plot_decision_scores", "plot_roc", "plot_roc_space",
    "plot_equal_error_rate", "plot_pr", "plot_pr_area", "plot_achievable_pr", "plot_prg",
    "plot_roc_hull", "plot_cost_curves", "plot_reliability", "plot_intervals",
    "plot_interval_width", "plot_sampling_distribution",
    # Widgets
    "threshold_explorer", "distribution_explorer", "slider_stack", "self_check", "figure_pane",
    # The sources' examples
    "ScoredExample", "murphy_classifier", "vojnovic_seven", "MURPHY_TABLE4",
    "TUTORIAL_MATRICES",
]
