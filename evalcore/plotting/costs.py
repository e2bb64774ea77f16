"""Cost figures: the ROC convex hull with an iso-cost line, and Drummond and Holte's cost space."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.options import check_bool, check_fraction, check_optional
from ..core.ranking import group_totals, validated_tie_groups
from ..decisions.hull import (cost_curve_from_groups, cost_lines_from_groups,
                              iso_performance_slope, optimal_operating_point_from_groups,
                              roc_convex_hull_from_groups)
from .roc import chance_diagonal, draw_roc_from_groups
from .style import COLORS, axes_or_new, mark_point, one_undefined_warning, square_unit


def plot_roc_hull(y_true: Any, y_score: Any, *, cost_fp: float | None = None,
                  cost_fn: float | None = None, prior_pos: float | None = None, ax=None,
                  label: str | None = None, color: str | None = None,
                  sample_weight: Any = None, pos_label: Any = None):
    """Draw the ROC points, their convex hull and, given costs, the iso-performance line
    that touches the hull at the cheapest operating point.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    cost_fp, cost_fn : float, default=None
        Costs of a false positive and a false negative; give both to draw the iso-cost line
        (see :func:`evalcore.optimal_operating_point`) and mark the point it selects.
        ``None`` (both): no iso-cost line.
    prior_pos : float, default=None
        The deployment's share of positives. ``None``: the (weighted) share in ``y_true``.
    ax : matplotlib Axes, default=None
        Where to draw. ``None``: a new figure's Axes.
    label, color : str, default=None
        Legend label and colour of the ROC points. ``None``: ``"ROC points"``, and the Axes'
        next colour.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    matplotlib Axes
        The Axes drawn on.

    Raises
    ------
    TypeError
        If a cost or ``prior_pos`` is not a real number.
    ValueError
        If only one of ``cost_fp`` and ``cost_fn`` is given, a cost is not positive and
        finite, ``prior_pos`` is not strictly between 0 and 1, the labels, scores or weights
        are invalid, or ``pos_label`` is not one of the labels.

    See Also
    --------
    evalcore.roc_convex_hull : the hull drawn.
    evalcore.optimal_operating_point : the point marked.
    plot_cost_curves : the same choice in cost space.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import evalcore as ec
    >>> ax = ec.plot_roc_hull([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], cost_fp=1, cost_fn=5)
    >>> ax.lines[0].get_xydata().tolist()   # the hull
    [[0.0, 0.0], [0.0, 0.5], [0.5, 1.0], [1.0, 1.0]]
    >>> plt.close(ax.figure)
    """
    if (cost_fp is None) != (cost_fn is None):
        raise ValueError("give both cost_fp and cost_fn (to draw the iso-cost line) or neither")
    # validated and sorted once: the hull, the best point and the ROC points share tie groups
    groups = validated_tie_groups(y_true, y_score, sample_weight=sample_weight,
                                  pos_label=pos_label, scale_weights=True)
    with one_undefined_warning():       # a class missing: one warning, not one per metric
        hull = roc_convex_hull_from_groups(groups)
        best = slope = None
        if cost_fp is not None:
            best = optimal_operating_point_from_groups(groups, cost_fp=cost_fp,
                                                       cost_fn=cost_fn, prior_pos=prior_pos)
            if np.isnan(best.fpr):      # undefined (a class missing): no line to draw
                best = None
            else:
                if prior_pos is None:
                    n_pos, n_neg = group_totals(groups)
                    prior_pos = n_pos / (n_pos + n_neg)
                slope = iso_performance_slope(cost_fp=cost_fp, cost_fn=cost_fn,
                                              prior_pos=prior_pos)
        ax = axes_or_new(ax)
        ax.plot(hull.fpr, hull.tpr, color=COLORS[1], lw=4, alpha=0.6, label="convex hull",
                solid_capstyle="round")
        draw_roc_from_groups(groups, ax=ax, label=label or "ROC points", color=color,
                             chance=False, markers=len(groups.values) <= 60, lw=1.2)
    chance_diagonal(ax)      # once per Axes: a plot_roc on it before or after adds no second
    if best is not None:
        x = np.array([-0.1, 1.1])
        ax.plot(x, best.tpr + slope * (x - best.fpr), ls="--", color="black", lw=1.2,
                label=f"iso-cost line, slope {slope:.3g}")
        mark_point(ax, best.fpr, best.tpr, text=f"threshold {best.threshold:.3g}")
    square_unit(ax, "false positive rate (FPR)", "true positive rate (TPR)")
    ax.legend(loc="lower right")
    return ax


def plot_cost_curves(y_true: Any, y_score: Any, *, probability_cost: float | None = None,
                     all_lines: bool | None = None, ax=None, sample_weight: Any = None,
                     pos_label: Any = None):
    """Draw Drummond and Holte's cost space: one line per threshold and their lower envelope.

    Each thin line is the normalized expected cost of one threshold against ``PC(+)`` (see
    :func:`evalcore.cost_lines`); the thick line is the envelope,
    :func:`evalcore.cost_curve`. The dotted lines are the trivial classifiers (everything
    negative costs ``PC(+)``, everything positive ``1 − PC(+)``).

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        Binary labels and scores.
    probability_cost : float in [0, 1], default=None
        Mark one deployment's ``PC(+)`` with a vertical line. ``None``: no line.
    all_lines : bool or None, default=None
        ``True`` draws a line for every threshold; ``False`` only for the ROC hull's
        vertices (the thresholds that can be optimal); ``None`` draws all of them when there
        are at most 60.
    ax : matplotlib Axes, default=None
        Where to draw. ``None``: a new figure's Axes.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    matplotlib Axes
        The Axes drawn on.

    Raises
    ------
    TypeError
        If ``probability_cost`` is not a real number or ``all_lines`` not a bool or None.
    ValueError
        If ``probability_cost`` is outside [0, 1], the labels, scores or weights are invalid,
        or ``pos_label`` is not one of the labels.

    See Also
    --------
    evalcore.cost_lines : the thin lines.
    evalcore.cost_curve : the lower envelope.
    plot_roc_hull : the same choice in ROC space.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import evalcore as ec
    >>> ax = ec.plot_cost_curves([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> ax.get_xlabel()
    'probability cost PC(+)'
    >>> plt.close(ax.figure)
    """
    probability_cost = check_optional(check_fraction, probability_cost, "probability_cost")
    all_lines = check_optional(check_bool, all_lines, "all_lines")
    grid = np.array([0.0, 1.0])
    # validated and sorted once: the lines, the hull and the envelope share tie groups
    groups = validated_tie_groups(y_true, y_score, sample_weight=sample_weight,
                                  pos_label=pos_label, scale_weights=True)
    with one_undefined_warning():       # a class missing: one warning, not one per metric
        lines = cost_lines_from_groups(groups, probability_cost=grid)
        if all_lines is None:
            all_lines = len(lines) <= 60
        if not all_lines:
            hull = roc_convex_hull_from_groups(groups)
            lines = np.column_stack((hull.fpr, 1 - hull.tpr))   # NEC at PC(+) = 0 and 1
        curve = cost_curve_from_groups(groups)
    ax = axes_or_new(ax)
    for k, row in enumerate(lines):
        ax.plot(grid, row, color=COLORS[0], lw=0.8, alpha=0.6,
                label=("one threshold" if all_lines else "one hull vertex") if k == 0 else None)
    ax.plot([0, 1], [0, 1], ls=":", color="0.4", lw=1)
    ax.plot([0, 1], [1, 0], ls=":", color="0.4", lw=1, label="trivial classifiers")
    ax.plot(curve.probability_cost, curve.normalized_cost, color=COLORS[3], lw=2.5,
            label="lower envelope")
    if probability_cost is not None:
        ax.axvline(probability_cost, color="black", ls="--", lw=1)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("probability cost PC(+)")
    ax.set_ylabel("normalized expected cost")
    ax.legend(loc="upper right", fontsize=8)
    return ax
