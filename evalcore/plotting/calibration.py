"""Calibration figure: the reliability diagram."""

from __future__ import annotations

from typing import Any

from ..calibration.reliability import reliability_curve
from ..core.options import check_bool
from ..core.validation import unit_scale
from .style import axes_or_new, square_unit


def plot_reliability(y_true: Any, y_prob: Any, *, n_bins: int = 10, ax=None,
                     label: str | None = None, color: str | None = None,
                     diagonal: bool = True, sample_weight: Any = None, pos_label: Any = None):
    """Draw a reliability diagram (:func:`evalcore.reliability_curve`): observed frequency
    of positives against the mean predicted probability in each bin, with (``diagonal``)
    the line of perfect calibration. Marker areas grow with the number of cases in the bin;
    pass ``diagonal=False`` when adding a second classifier to the same Axes.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels.
    y_prob : array-like of shape (n,)
        Predicted probabilities of the positive class, in [0, 1].
    n_bins : int, default=10
        Number of equal-width bins (at least 1).
    ax : matplotlib Axes, default=None
        Where to draw. ``None``: a new figure's Axes.
    label, color : str, default=None
        The curve's legend label and colour. ``None``: no entry for the curve, and the Axes'
        next colour.
    diagonal : bool, default=True
        Draw the line of perfect calibration.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights (each case counts with its weight). ``None``: every sample weighs
        1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    matplotlib Axes
        The Axes drawn on.

    Raises
    ------
    TypeError
        If ``diagonal`` is not a bool.
    ValueError
        If ``n_bins``, the labels, probabilities or weights are invalid (see
        :func:`evalcore.reliability_curve`), or ``pos_label`` is not one of the labels.

    See Also
    --------
    evalcore.reliability_curve : the points drawn.
    evalcore.brier_score : a one-number summary of calibration and refinement.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import evalcore as ec
    >>> ax = ec.plot_reliability([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], n_bins=2)
    >>> ax.lines[1].get_xydata().tolist()
    [[0.2833333333333333, 0.3333333333333333], [0.8, 1.0]]
    >>> plt.close(ax.figure)
    """
    diagonal = check_bool(diagonal, "diagonal")
    curve = reliability_curve(y_true, y_prob, n_bins=n_bins, sample_weight=sample_weight,
                              pos_label=pos_label)
    ax = axes_or_new(ax)
    if diagonal:
        ax.plot([0, 1], [0, 1], ls=":", color="0.5", lw=1, label="perfectly calibrated")
    line, = ax.plot(curve.mean_predicted, curve.observed_frequency, color=color, lw=1.5,
                    label=label)
    counts = unit_scale(curve.counts)   # exact: 120 * counts cannot overflow for huge weights
    sizes = 15 + 120 * counts / counts.max()
    ax.scatter(curve.mean_predicted, curve.observed_frequency, s=sizes,
               color=line.get_color(), zorder=3)
    square_unit(ax, "mean predicted probability", "observed frequency of positives")
    ax.legend(loc="upper left")
    return ax
