"""Figures. Every function draws on the Axes it is given (or a new one) and returns it.

Nothing here changes global matplotlib state; the book's look comes from one explicit
``with book_style():`` (or ``book_style()`` applied once per figure).

The functions live in one module per topic: :mod:`.style` (colours, ``book_style``,
``mark_point``), :mod:`.roc`, :mod:`.precision_recall`, :mod:`.costs`, :mod:`.scores`,
:mod:`.calibration`, :mod:`.confusion` and :mod:`.uncertainty`; every public name is
re-exported here and at the top level of ``evalcore``. matplotlib is imported only when a
figure is drawn.
"""

from . import style
from .calibration import plot_reliability
from .confusion import plot_confusion_matrix, plot_metric_bars
from .costs import plot_cost_curves, plot_roc_hull
from .decision_curves import plot_decision_curve
from .precision_recall import plot_achievable_pr, plot_pr, plot_pr_area, plot_prg
from .roc import plot_equal_error_rate, plot_roc, plot_roc_space
from .scores import plot_decision_scores, plot_scores
from .style import book_style, mark_point
from .uncertainty import plot_interval_width, plot_intervals, plot_sampling_distribution

#: Okabe–Ito colours, distinguishable with the common colour-vision deficiencies.
COLORS = style.COLORS

__all__ = [
    "COLORS", "book_style", "mark_point", "plot_achievable_pr", "plot_confusion_matrix",
    "plot_cost_curves", "plot_decision_scores", "plot_equal_error_rate",
    "plot_interval_width", "plot_intervals", "plot_metric_bars", "plot_pr", "plot_pr_area",
    "plot_prg", "plot_reliability", "plot_roc", "plot_roc_hull", "plot_roc_space",
    "plot_sampling_distribution", "plot_scores",
]
