"""evalcore: evaluating binary classifiers, tested against the sources and scikit-learn.

Import it as ``import evalcore as ec``. Conventions, the same everywhere:

* data positional, options keyword-only; scalars come back as ``float``;
* labels are {0, 1}, {-1, 1}, booleans, or any two values with ``pos_label``;
* tied scores form one threshold; the rule is ``score >= threshold``: every curve's, and the
  default of the threshold functions, :func:`predict` and :func:`confusion_matrix_at`, so a
  returned threshold reproduces its counts; ``rule=">"`` gives the sources' strict rule;
* bad input raises ``ValueError``/``TypeError`` naming the argument and the rule broken;
* a metric undefined on valid input returns ``nan`` with one :class:`UndefinedMetricWarning`.
"""

from ._validation import UndefinedMetricWarning
from .areas import MAX_PAIRS, average_precision, gini, partial_auc, pr_auc_trapezoid, roc_auc
from .calibration import ReliabilityCurve, brier_score, log_loss, reliability_curve
from .confusion import ConfusionMatrix, confusion_matrix, confusion_matrix_at, predict
from .confusion_layouts import LAYOUTS, Layout
from .costs import (OperatingPoint, ThresholdChoice, expected_cost, threshold_at_fpr,
                    threshold_at_precision, threshold_by_cost, threshold_by_youden,
                    threshold_max_fbeta)
from .curves import (EqualErrorRate, PrecisionRecallCurve, RocCurve, ThresholdCounts,
                     confusion_matrix_at_thresholds, equal_error_rate, precision_recall_curve,
                     roc_curve)
from .delong import (AucComparison, AucInterval, delong_test, delong_test_unpaired,
                     delong_variance, roc_auc_ci)
from .examples import (MURPHY_TABLE4, TUTORIAL_MATRICES, ScoredExample, murphy_classifier,
                       vojnovic_seven)
from .hull import (CostCurve, RocHull, cost_curve, cost_lines, iso_performance_slope,
                   optimal_operating_point, probability_cost, roc_convex_hull)
from .information import entropy, mutual_information, mutual_information_from_table
from .multiclass import multiclass_auc
from .permutation import PermutationTest, auc_permutation_test, paired_permutation_test
from .plotting import (COLORS, book_style, mark_point, plot_achievable_pr, plot_confusion_matrix,
                       plot_cost_curves, plot_decision_scores, plot_equal_error_rate,
                       plot_interval_width, plot_intervals, plot_metric_bars, plot_pr,
                       plot_pr_area, plot_prg, plot_reliability, plot_roc, plot_roc_hull,
                       plot_roc_space, plot_sampling_distribution, plot_scores)
from .precision_recall import (AchievablePrCurve, PrgCurve, achievable_pr_curve, auprg,
                               interpolated_pr_curve, pr_auc_interpolated, prg_curve)
from .rate_intervals import (OperatingPointInterval, SensitivityInterval, SpecificityInterval,
                             operating_point_ci, sensitivity_at_specificity,
                             specificity_at_sensitivity)
from .sample_size import AucSampleSize, auc_sample_size
from .uncertainty import MetricDifference, MetricInterval, bootstrap_ci, paired_bootstrap_ci
from .widgets import (distribution_explorer, figure_pane, self_check, slider_stack,
                      threshold_explorer)

__version__ = "0.2.0"

__all__ = [
    "AchievablePrCurve", "AucComparison", "AucInterval", "COLORS", "ConfusionMatrix",
    "CostCurve", "EqualErrorRate", "LAYOUTS", "Layout", "MAX_PAIRS", "MURPHY_TABLE4",
    "MetricInterval", "OperatingPoint", "PrecisionRecallCurve", "PrgCurve", "ReliabilityCurve",
    "RocCurve", "RocHull", "ScoredExample", "TUTORIAL_MATRICES", "UndefinedMetricWarning",
    "achievable_pr_curve", "auprg", "average_precision", "book_style", "bootstrap_ci",
    "brier_score", "confusion_matrix", "confusion_matrix_at", "cost_curve", "cost_lines",
    "delong_test", "delong_test_unpaired", "delong_variance", "entropy", "equal_error_rate",
    "expected_cost", "figure_pane", "gini", "iso_performance_slope", "log_loss", "mark_point",
    "multiclass_auc", "murphy_classifier", "mutual_information",
    "mutual_information_from_table", "optimal_operating_point", "partial_auc",
    "plot_achievable_pr", "plot_confusion_matrix", "plot_cost_curves", "plot_decision_scores",
    "plot_equal_error_rate", "plot_interval_width", "plot_intervals", "plot_metric_bars",
    "plot_pr", "plot_pr_area", "plot_prg", "plot_reliability", "plot_roc", "plot_roc_hull",
    "plot_roc_space", "plot_sampling_distribution", "plot_scores", "pr_auc_interpolated",
    "pr_auc_trapezoid", "precision_recall_curve", "predict", "prg_curve", "probability_cost",
    "reliability_curve", "roc_auc", "roc_auc_ci", "roc_convex_hull", "roc_curve",
    "slider_stack", "threshold_by_cost", "threshold_by_youden", "threshold_explorer",
    "vojnovic_seven",
    # statistics, part 1: permutation tests, sample size, threshold choice
    "AucSampleSize", "PermutationTest", "ThresholdChoice", "auc_permutation_test",
    "auc_sample_size", "paired_permutation_test", "threshold_at_fpr", "threshold_at_precision",
    "threshold_max_fbeta",
    # statistics, part 2: bootstrap
    "MetricDifference", "paired_bootstrap_ci",
    # statistics, part 2: Davis & Goadrich's names
    "interpolated_pr_curve",
    # statistics, part 2: pROC's ci.se, ci.sp and ci.thresholds
    "OperatingPointInterval", "SensitivityInterval", "SpecificityInterval",
    "operating_point_ci", "sensitivity_at_specificity", "specificity_at_sensitivity",
    # the book's self-checks
    "self_check",
    # the picture-first explorer
    "distribution_explorer",
    # evalcore 0.2: the counts at every threshold (scikit-learn 1.8's twin)
    "ThresholdCounts", "confusion_matrix_at_thresholds",
]
