"""ROC figures: the curve, the empty ROC square, the equal error rate."""

from __future__ import annotations

from typing import Any

import math

from ..core.areas import roc_auc_from_groups
from ..core.curves import equal_error_rate, roc_curve_from_groups
from ..core.options import check_bool
from ..core.ranking import TieGroups, validated_tie_groups
from .style import axes_or_new, mark_point, one_undefined_warning, reference_line_once, square_unit

#: The gid of the chance diagonal, by which a second plot on the same Axes finds it.
CHANCE_GID = "evalcore-chance-diagonal"


def chance_diagonal(ax, *, label: str | None = None):
    """Draw the chance diagonal TPR = FPR on ``ax`` once: if the Axes has it already (from
    an earlier plot), return that line, labelling it with ``label`` if it has none.

    Parameters
    ----------
    ax : matplotlib Axes
        Where to draw.
    label : str, default=None
        Its legend label. ``None``: none.

    Returns
    -------
    matplotlib Line2D
        The diagonal.
    """
    return reference_line_once(
        ax, CHANCE_GID, lambda **kw: ax.plot([0, 1], [0, 1], ls=":", color="0.5", lw=1, **kw)[0],
        label=label)


def area_label(label: str, name: str, area: float) -> str:
    """A legend label with the area under the curve, as scikit-learn's displays write it.

    Parameters
    ----------
    label : str
        The curve's name.
    name : str
        The area's name (``"AUC"``, ``"AP"``).
    area : float
        Its value; ``nan`` when undefined.

    Returns
    -------
    str
        ``"SVM (AUC = 0.83)"`` (two decimals, as ``RocCurveDisplay``), or
        ``"SVM (AUC undefined)"`` for ``nan``.
    """
    if math.isnan(area):
        return f"{label} ({name} undefined)"
    return f"{label} ({name} = {area:.2f})"


def plot_roc(y_true: Any, y_score: Any, *, ax=None, label: str | None = None,
             color: str | None = None, markers: bool = True, fill: bool = False,
             chance: bool = True, sample_weight: Any = None, pos_label: Any = None,
             **line_kw):
    """Draw the ROC curve of ``y_score``: its points (:func:`evalcore.roc_curve`) joined by
    straight lines.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    ax : matplotlib Axes, default=None
        Where to draw. ``None``: a new figure's Axes.
    label, color : str, default=None
        The curve's legend label, followed by its area as in scikit-learn's
        ``RocCurveDisplay`` (``"SVM (AUC = 0.87)"``), and colour. ``None``: no legend, and
        the Axes' next colour.
    markers : bool, default=True
        Mark each operating point.
    fill : bool, default=False
        Shade the area under the curve (the AUC).
    chance : bool, default=True
        Draw the diagonal of a classifier that guesses, once per Axes: a second curve drawn
        on the same Axes does not draw it again.
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
        If ``markers``, ``fill`` or ``chance`` is not a bool.
    ValueError
        If the labels, scores or weights are invalid (see :func:`evalcore.roc_curve`), or
        ``pos_label`` is not one of the labels.

    See Also
    --------
    evalcore.roc_curve : the points drawn.
    plot_roc_hull : the curve with its convex hull and an iso-cost line.
    plot_equal_error_rate : the curve with the equal error rate marked.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> ax = plot_roc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], label="toy")
    >>> ax.lines[0].get_xdata().tolist(), ax.lines[0].get_ydata().tolist()
    ([0.0, 0.0, 0.5, 0.5, 1.0], [0.0, 0.5, 0.5, 1.0, 1.0])
    >>> ax = plot_roc([0, 0, 1, 1], [0.1, 0.3, 0.35, 0.8], ax=ax, label="other")
    >>> [text.get_text() for text in ax.get_legend().get_texts()]
    ['toy (AUC = 0.75)', 'chance', 'other (AUC = 1.00)']
    >>> plt.close(ax.figure)
    """
    markers = check_bool(markers, "markers")
    fill = check_bool(fill, "fill")
    chance = check_bool(chance, "chance")
    # validated and sorted once: the curve and its area come from the same tie groups
    groups = validated_tie_groups(y_true, y_score, sample_weight=sample_weight,
                                  pos_label=pos_label, scale_weights=True)
    return draw_roc_from_groups(groups, ax=ax, label=label, color=color, markers=markers,
                                fill=fill, chance=chance, **line_kw)


def draw_roc_from_groups(groups: TieGroups, *, ax=None, label: str | None = None,
                         color: str | None = None, markers: bool = True, fill: bool = False,
                         chance: bool = True, **line_kw):
    """Draw the ROC curve of tie groups (checked arrays sorted once): what :func:`plot_roc`
    draws, for the figures that draw it beside other results of the same groups
    (:func:`evalcore.plotting.costs.plot_roc_hull`). The options are :func:`plot_roc`'s,
    checked; returns the Axes."""
    with one_undefined_warning():       # a class missing: one warning, not one per metric
        roc = roc_curve_from_groups(groups)
        if label:
            label = area_label(label, "AUC", roc_auc_from_groups(groups))
    ax = axes_or_new(ax)
    line, = ax.plot(roc.fpr, roc.tpr, marker="o" if markers else None, ms=4, label=label,
                    color=color, **line_kw)
    if fill:
        ax.fill_between(roc.fpr, roc.tpr, alpha=0.15, color=line.get_color(), step=None)
    if chance:
        chance_diagonal(ax, label="chance" if label else None)
    square_unit(ax, "false positive rate (FPR)", "true positive rate (TPR)")
    if label:
        ax.legend(loc="lower right")
    return ax


def plot_roc_space(*, ax=None, landmarks: bool = True):
    """Draw an empty ROC square: the chance diagonal and, with ``landmarks``, its corners.

    The corners marked are (0, 0), everything called negative; (1, 1), everything called
    positive; and (0, 1), a perfect separation. Add operating points with :func:`mark_point`.

    Parameters
    ----------
    ax : matplotlib Axes, default=None
        Where to draw. ``None``: a new figure's Axes.
    landmarks : bool, default=True
        Mark and name the three corners.

    Returns
    -------
    matplotlib Axes
        The Axes drawn on.

    Raises
    ------
    TypeError
        If ``landmarks`` is not a bool.

    See Also
    --------
    mark_point : add an operating point.
    plot_roc : a classifier's ROC curve.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import evalcore as ec
    >>> ax = ec.plot_roc_space()
    >>> ax.get_xlabel(), len(ax.lines)
    ('false positive rate (FPR)', 4)
    >>> plt.close(ax.figure)
    """
    landmarks = check_bool(landmarks, "landmarks")
    ax = axes_or_new(ax)
    chance_diagonal(ax, label="chance (TPR = FPR)")
    if landmarks:
        corners = (((0, 0), "(0, 0): all called negative", (8, 4), "left"),
                   ((1, 1), "(1, 1): all called positive", (0, 8), "right"),
                   ((0, 1), "(0, 1): perfect", (0, 8), "left"))
        for (x, y), text, offset, ha in corners:
            ax.plot([x], [y], marker="s", ms=6, color="black", ls="none", clip_on=False)
            ax.annotate(text, (x, y), xytext=offset, textcoords="offset points", fontsize=9,
                        ha=ha)
    square_unit(ax, "false positive rate (FPR)", "true positive rate (TPR)")
    return ax


def plot_equal_error_rate(y_true: Any, y_score: Any, *, ax=None, label: str | None = None,
                          color: str | None = None, sample_weight: Any = None,
                          pos_label: Any = None):
    """Draw the ROC curve with the area under it shaded, the line FPR = 1 − TPR, and the
    equal error rate where the two cross (see :func:`evalcore.equal_error_rate`).

    The marked point is ``(eer, 1 - eer)``: there the false positive rate equals the false
    negative rate.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        Binary labels and scores.
    ax : matplotlib Axes, default=None
        Where to draw. ``None``: a new figure's Axes.
    label, color : str, default=None
        The curve's legend label (with its AUC, as :func:`plot_roc`) and colour. ``None``: no
        entry for the curve, and the Axes' next colour.
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
        If the labels, scores or weights are invalid (see :func:`evalcore.roc_curve`), or
        ``pos_label`` is not one of the labels.

    See Also
    --------
    evalcore.equal_error_rate : the rate marked.
    plot_roc : the curve alone.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import evalcore as ec
    >>> ax = ec.plot_equal_error_rate([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> ax.lines[-1].get_xydata().tolist()   # the marked point (EER, 1 - EER)
    [[0.5, 0.5]]
    >>> plt.close(ax.figure)
    """
    with one_undefined_warning():       # a class missing: one warning, not one per metric
        eer = equal_error_rate(y_true, y_score, sample_weight=sample_weight,
                               pos_label=pos_label).eer
        ax = plot_roc(y_true, y_score, ax=ax, label=label, color=color, fill=True,
                      sample_weight=sample_weight, pos_label=pos_label)
    ax.plot([0, 1], [1, 0], ls="--", color="0.35", lw=1, label="FPR = 1 − TPR")
    mark_point(ax, eer, 1 - eer, text=f"EER = {eer:.3g}")
    ax.legend(loc="lower right")
    return ax
