"""evalcore: evaluating binary classifiers, tested against the sources and scikit-learn.

Import it as ``import evalcore as ec``. Conventions, the same everywhere:

* data positional, options keyword-only; scalars come back as ``float``;
* labels are {0, 1}, {-1, 1}, booleans, or any two values with ``pos_label``;
* tied scores form one threshold; curves use the rule ``score >= threshold``, and
  :func:`predict` makes the rule (``">"`` or ``">="``) explicit;
* bad input raises ``ValueError``/``TypeError`` naming the argument and the rule broken;
* a metric undefined on valid input returns ``nan`` with one :class:`UndefinedMetricWarning`.
"""

from ._validation import UndefinedMetricWarning
from .confusion import LAYOUTS, ConfusionMatrix, Layout, confusion_matrix, confusion_matrix_at, predict
from .costs import OperatingPoint, expected_cost, threshold_by_cost, threshold_by_youden
from .curves import (MAX_PAIRS, EqualErrorRate, PrecisionRecallCurve, RocCurve, average_precision,
                     equal_error_rate, gini, pr_auc_trapezoid, precision_recall_curve, roc_auc,
                     roc_curve)
from .examples import MURPHY_TABLE4, TUTORIAL_MATRICES, ScoredExample, murphy_classifier, vojnovic_seven
from .information import entropy, mutual_information, mutual_information_from_table
from .multiclass import multiclass_auc
from .plotting import (COLORS, book_style, mark_point, plot_confusion_matrix, plot_metric_bars,
                       plot_pr, plot_roc, plot_scores)

from .widgets import figure_pane, slider_stack

__version__ = "0.1.0"

__all__ = [
    "COLORS", "LAYOUTS", "MAX_PAIRS", "MURPHY_TABLE4", "TUTORIAL_MATRICES",
    "ConfusionMatrix", "EqualErrorRate", "Layout", "OperatingPoint", "PrecisionRecallCurve",
    "RocCurve", "ScoredExample", "UndefinedMetricWarning",
    "average_precision", "book_style", "confusion_matrix", "confusion_matrix_at", "entropy",
    "equal_error_rate", "expected_cost", "gini", "mark_point", "multiclass_auc",
    "murphy_classifier", "mutual_information", "mutual_information_from_table", "plot_confusion_matrix",
    "plot_metric_bars", "plot_pr", "plot_roc", "plot_scores", "pr_auc_trapezoid", "predict",
    "precision_recall_curve", "roc_auc", "roc_curve", "threshold_by_cost",
    "threshold_by_youden", "vojnovic_seven",
]
