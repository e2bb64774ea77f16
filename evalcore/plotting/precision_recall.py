"""Precision–recall figures: the points, the two areas quoted, the interpolated curve, PRG."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.areas import average_precision_from_groups
from ..core.curves import precision_recall_curve, precision_recall_curve_from_groups
from ..core.options import check_bool, check_one_of
from ..core.precision_recall import interpolated_pr_curve, prg_curve
from ..core.ranking import validated_tie_groups
from .roc import area_label
from .style import axes_or_new, one_undefined_warning, reference_line_once, square_unit

#: The gid of a base-rate line, by which a second plot on the same Axes finds it.
BASE_RATE_GID = "evalcore-base-rate"


def plot_pr(y_true: Any, y_score: Any, *, ax=None, label: str | None = None,
            color: str | None = None, markers: bool = True, baseline: bool = True,
            sample_weight: Any = None, pos_label: Any = None, **line_kw):
    """Draw the precision–recall points of ``y_score`` (joined by lines, the closing
    ``(0, 1)`` point left out) and, with ``baseline``, the prevalence line of a random
    classifier.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    ax : matplotlib Axes, default=None
        Where to draw. ``None``: a new figure's Axes.
    label, color : str, default=None
        The curve's legend label, followed by its average precision as in scikit-learn's
        ``PrecisionRecallDisplay`` (``"SVM (AP = 0.81)"``), and colour. ``None``: no legend,
        and the Axes' next colour.
    markers : bool, default=True
        Mark each operating point.
    baseline : bool, default=True
        Draw the base rate (the precision of a classifier that guesses), once per Axes and
        base rate: a second curve on the same data does not draw it again.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.
    **line_kw
        Passed to ``Axes.plot``.

    Returns
    -------
    matplotlib Axes
        The Axes drawn on.

    Raises
    ------
    TypeError
        If ``markers`` or ``baseline`` is not a bool.
    ValueError
        If the labels, scores or weights are invalid (see
        :func:`evalcore.precision_recall_curve`), or ``pos_label`` is not one of the labels.

    See Also
    --------
    evalcore.precision_recall_curve : the points drawn.
    plot_pr_area : the area that average precision reports.
    plot_achievable_pr : the interpolated curve between the points.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> ax = plot_pr([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> ax.lines[0].get_xdata().tolist()      # recall at each threshold, lowest first
    [1.0, 1.0, 0.5, 0.5]
    >>> list(ax.lines[1].get_ydata())          # the base rate P / n
    [0.5, 0.5]
    >>> ax = plot_pr([0, 0, 1, 1], [0.1, 0.3, 0.35, 0.8], ax=ax, label="other")
    >>> ax.lines[-1].get_label(), len(ax.lines)   # the same base rate is not drawn twice
    ('other (AP = 1.00)', 3)
    >>> plt.close(ax.figure)
    """
    markers = check_bool(markers, "markers")
    baseline = check_bool(baseline, "baseline")
    # validated and sorted once: the curve and its area come from the same tie groups
    groups = validated_tie_groups(y_true, y_score, sample_weight=sample_weight,
                                  pos_label=pos_label, scale_weights=True)
    with one_undefined_warning():       # a class missing: one warning, not one per metric
        pr = precision_recall_curve_from_groups(groups)
        if label:
            label = area_label(label, "AP", average_precision_from_groups(groups))
    ax = axes_or_new(ax)
    ax.plot(pr.recall[:-1], pr.precision[:-1], marker="o" if markers else None, ms=4,
            label=label, color=color, **line_kw)
    if baseline:
        # at the lowest threshold everything is called positive: precision is the base rate
        rate = float(pr.precision[0])
        reference_line_once(ax, BASE_RATE_GID,
                            lambda **kw: ax.axhline(rate, ls=":", color="0.5", lw=1, **kw),
                            label="random (base rate)" if label else None, at=rate)
    square_unit(ax, "recall (TPR)", "precision (PPV)")
    if label:
        ax.legend(loc="lower left")
    return ax


def plot_pr_area(y_true: Any, y_score: Any, *, method: str = "step", ax=None,
                 color: str | None = None, label: str | None = None, pos_label: Any = None):
    """Shade one of the two areas quoted for a precision–recall curve.

    It takes no ``sample_weight``: it shades the unweighted areas
    (:func:`evalcore.average_precision` and :func:`evalcore.pr_auc_trapezoid` take weights).

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        True binary labels and scores, as for :func:`evalcore.precision_recall_curve`.
    method : {"step", "trapezoid"}, default="step"
        ``"step"``: the area that :func:`evalcore.average_precision` sums, each recall
        increment at the precision of its right end, from recall 0. ``"trapezoid"``: the R
        note's area, :func:`evalcore.pr_auc_trapezoid`, straight lines between the points
        from the first point's recall on.
    ax : matplotlib Axes, default=None
        Where to draw. ``None``: a new figure's Axes.
    color, label : str, default=None
        Colour of the outline and the shading; legend label of the outline. ``None``: the
        Axes' next colour, and no legend.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    matplotlib Axes
        The Axes drawn on.

    Raises
    ------
    TypeError
        If ``method`` is not a string.
    ValueError
        If ``method`` is not "step" or "trapezoid", the labels or scores are invalid, or
        ``pos_label`` is not one of the labels.

    See Also
    --------
    evalcore.average_precision : the step area.
    evalcore.pr_auc_trapezoid : the trapezoid area.
    plot_pr : the points alone.

    Examples
    --------
    The shaded polygon has the area the metric reports:

    >>> import matplotlib.pyplot as plt
    >>> ax = plot_pr_area([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], method="step")
    >>> ax.get_xlabel()
    'recall (TPR)'
    >>> plt.close(ax.figure)
    """
    method = check_one_of(method, ("step", "trapezoid"), "method")
    pr = precision_recall_curve(y_true, y_score, pos_label=pos_label)
    ax = axes_or_new(ax)
    recall, precision = pr.recall[:-1][::-1], pr.precision[:-1][::-1]  # threshold decreasing
    if method == "step":
        x = np.concatenate(([0.0], recall))
        y = np.concatenate((precision[:1], precision))
        line, = ax.step(x, y, where="pre", color=color, label=label)
        ax.fill_between(x, y, step="pre", alpha=0.2, color=line.get_color(), lw=0)
    else:
        line, = ax.plot(recall, precision, color=color, label=label)
        ax.fill_between(recall, precision, alpha=0.2, color=line.get_color(), lw=0)
    ax.plot(recall, precision, ls="none", marker="o", ms=4, color=line.get_color())
    square_unit(ax, "recall (TPR)", "precision (PPV)")
    if label:
        ax.legend(loc="lower left")
    return ax


def plot_achievable_pr(y_true: Any, y_score: Any, *, ax=None, label: str | None = None,
                       color: str | None = None, straight: bool = True,
                       sample_weight: Any = None, pos_label: Any = None):
    """Draw the interpolated PR curve through every operating point (Davis and Goadrich's
    interpolation, :func:`evalcore.interpolated_pr_curve`) and, with ``straight``, the
    straight-line joins that overstate it where precision falls.

    The name is kept from 0.1; in Davis and Goadrich's own terms the *achievable* PR curve is
    the image of the ROC convex hull (:func:`evalcore.achievable_pr_curve` with ``hull=True``).

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        Binary labels and scores.
    ax : matplotlib Axes, default=None
        Where to draw. ``None``: a new figure's Axes.
    label, color : str, default=None
        The curve's legend label and colour. ``None``: ``"interpolated"``, and the Axes'
        next colour.
    straight : bool, default=True
        Also draw the straight lines between the points, dashed.
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
        If ``straight`` is not a bool.
    ValueError
        If the labels, scores or weights are invalid, or ``pos_label`` is not one of the
        labels.

    See Also
    --------
    evalcore.interpolated_pr_curve : the curve drawn.
    plot_pr : the points joined by straight lines.
    plot_prg : the precision–recall–gain curve.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import evalcore as ec
    >>> ax = ec.plot_achievable_pr([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> ax.get_ylabel()
    'precision (PPV)'
    >>> plt.close(ax.figure)
    """
    straight = check_bool(straight, "straight")
    with one_undefined_warning():       # a class missing: one warning, not two
        curve = interpolated_pr_curve(y_true, y_score, num=40, sample_weight=sample_weight,
                                      pos_label=pos_label)
        points = interpolated_pr_curve(y_true, y_score, num=0, sample_weight=sample_weight,
                                       pos_label=pos_label)
    ax = axes_or_new(ax)
    line, = ax.plot(curve.recall, curve.precision, color=color, lw=2,
                    label=label or "interpolated")
    if straight:
        ax.plot(points.recall, points.precision, ls="--", color="0.3", lw=1,
                label="straight lines")
    ax.plot(points.recall, points.precision, ls="none", marker="o", ms=4,
            color=line.get_color())
    square_unit(ax, "recall (TPR)", "precision (PPV)")
    ax.legend(loc="lower left")
    return ax


def plot_prg(y_true: Any, y_score: Any, *, ax=None, label: str | None = None,
             color: str | None = None, sample_weight: Any = None, pos_label: Any = None):
    """Draw the precision–recall–gain curve (:func:`evalcore.prg_curve`) on the unit square.

    The always-positive classifier sits at (1, 0); points with negative precision gain are
    drawn below the square's floor.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        Binary labels and scores.
    ax : matplotlib Axes, default=None
        Where to draw. ``None``: a new figure's Axes.
    label, color : str, default=None
        The curve's legend label and colour. ``None``: no legend, and the Axes' next colour.
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
    ValueError
        If the labels, scores or weights are invalid, or ``pos_label`` is not one of the
        labels.

    See Also
    --------
    evalcore.prg_curve : the points drawn.
    plot_pr : the precision–recall points.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import evalcore as ec
    >>> ax = ec.plot_prg([1, 1, 0, 0, 1, 0], [0.8, 0.8, 0.6, 0.4, 0.4, 0.2])
    >>> ax.lines[0].get_xydata()[:, 0].tolist()
    [0.0, 0.5, 0.5, 1.0, 1.0]
    >>> plt.close(ax.figure)
    """
    curve = prg_curve(y_true, y_score, sample_weight=sample_weight, pos_label=pos_label)
    ax = axes_or_new(ax)
    ax.plot(curve.recall_gain, curve.precision_gain, marker="o", ms=4, color=color,
            label=label)
    ax.fill_between(curve.recall_gain, curve.precision_gain, alpha=0.15,
                    color=ax.lines[-1].get_color())
    gain = curve.precision_gain
    shown = gain[np.isfinite(gain)]     # none when the curve is undefined (a class missing)
    low = min(-0.02, float(shown.min()) - 0.02) if shown.size else -0.02
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(low, 1.02)
    ax.set_xlabel("recall gain")
    ax.set_ylabel("precision gain")
    if label:
        ax.legend(loc="lower left")
    return ax
