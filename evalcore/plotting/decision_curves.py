"""Decision-curve figure: net benefit against threshold probability, with treat-all and
treat-none."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.options import check_bool
from ..decisions.decision_curves import decision_curve
from .style import axes_or_new, one_undefined_warning, reference_line_once


def plot_decision_curve(y_true: Any, y_score: Any, *, threshold_probabilities: Any = None,
                        standardized: bool = False, references: bool = True, ax=None,
                        label: str | None = None, color: str | None = None,
                        sample_weight: Any = None, pos_label: Any = None):
    """Draw a decision curve (:func:`evalcore.decision_curve`): the model's net benefit
    against the threshold probability, with the net benefit of treating everyone (grey,
    dashed) and of treating no one (0, black). Pass ``references=False`` when adding a
    second model to the same Axes (the lines are drawn once per Axes anyway).

    The y axis runs from a little below 0 to a little above the largest net benefit (the
    prevalence π, or 1 for the standardized net benefit), so treat-all's steep fall below
    zero at high threshold probabilities does not squeeze the curves.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Predicted probabilities of the positive class, in [0, 1].
    threshold_probabilities : array-like, default=None
        The threshold probabilities, each in [0, 1), increasing. ``None``: 0, 0.01, ...,
        0.99.
    standardized : bool, default=False
        Draw the standardized net benefit (NB / π) instead of the net benefit.
    references : bool, default=True
        Draw treat-all and treat-none.
    ax : matplotlib Axes, default=None
        Where to draw. ``None``: a new figure's Axes.
    label, color : str, default=None
        The curve's legend label and colour. ``None``: ``"model"``, and the Axes' next colour.
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
        If ``standardized`` or ``references`` is not a bool, or another argument is of the
        wrong kind.
    ValueError
        If the labels, probabilities, weights or threshold probabilities break their rules
        (see :func:`evalcore.decision_curve`).

    See Also
    --------
    evalcore.decision_curve : the values drawn.
    evalcore.net_benefit : the net benefit at chosen threshold probabilities.
    plot_cost_curves : the same trade-off in Drummond and Holte's cost space.

    References
    ----------
    Vickers, A. J. and Elkin, E. B. (2006). Decision curve analysis: a novel method for
    evaluating prediction models. *Medical Decision Making*, 26(6), 565–574.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import evalcore as ec
    >>> ax = ec.plot_decision_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8],
    ...                             threshold_probabilities=[0.0, 0.2, 0.5])
    >>> [line.get_label() for line in ax.lines]
    ['treat none', 'treat all', 'model']
    >>> ax.lines[-1].get_ydata().tolist()
    [0.5, 0.4375, 0.25]
    >>> plt.close(ax.figure)
    """
    standardized = check_bool(standardized, "standardized")
    references = check_bool(references, "references")
    with one_undefined_warning():
        curve = decision_curve(y_true, y_score, threshold_probabilities=threshold_probabilities,
                               sample_weight=sample_weight, pos_label=pos_label)
    ax = axes_or_new(ax)
    p_t = curve.threshold_probability
    # treat-all is π − (1 − π)·p/(1 − p), so π = treat_all·(1 − p) + p at any p below 1
    defined = np.flatnonzero(np.isfinite(curve.treat_all))
    prevalence = (float(curve.treat_all[defined[0]] * (1 - p_t[defined[0]]) + p_t[defined[0]])
                  if defined.size else np.nan)
    if standardized:
        model, top = curve.standardized_net_benefit, 1.0
        everyone = curve.treat_all / prevalence if prevalence > 0 else curve.treat_all * np.nan
    else:
        model, everyone = curve.net_benefit, curve.treat_all
        finite = model[np.isfinite(model)]
        top = max(float(finite.max()) if finite.size else 0.0,
                  prevalence if prevalence > 0 else 0.0, 1e-3)
    if references:
        reference_line_once(ax, "treat-none", lambda gid, label: ax.plot(
            [p_t.min(), p_t.max()], [0, 0], color="black", lw=1, gid=gid, label=label)[0],
            label="treat none")
        reference_line_once(ax, "treat-all", lambda gid, label: ax.plot(
            p_t, everyone, color="0.5", ls="--", lw=1.2, gid=gid, label=label)[0],
            label="treat all")
    ax.plot(p_t, model, color=color, lw=1.8, label=label or "model")
    low, high = ax.get_ylim() if ax.get_legend() is not None else (np.inf, -np.inf)
    ax.set_ylim(min(low, -0.15 * top), max(high, 1.08 * top))   # a second model widens only
    ax.set_xlim(p_t.min(), p_t.max())
    ax.set_xlabel("threshold probability $p_t$")
    ax.set_ylabel("standardized net benefit" if standardized else "net benefit")
    ax.legend(loc="upper right")
    return ax
