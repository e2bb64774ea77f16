"""Score figures: the scores of each class on a line, and a model's score over the plane."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.confusion import predict
from ..core.options import (RULES, check_bool, check_int, check_one_of, check_optional,
                            check_positive, check_real, check_threshold)
from ..core.validation import check_binary_scores, check_labels
from .style import COLORS, axes_or_new


def plot_scores(y_true: Any, y_score: Any, *, threshold: float | None = None, rule: str = ">=",
                ax=None, jitter: float = 0.08, seed: int = 0, pos_label: Any = None):
    """Lay the scores out on a line, one row per class, with the threshold drawn through.

    Points the rule calls positive are filled, the others hollow. It takes no
    ``sample_weight``: each case is one point, and a weight would have nothing to change.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        Binary labels and scores.
    threshold : float, default=None
        Draw this threshold and fill the points that ``rule`` calls positive at it.
        ``None``: no threshold, every point filled.
    rule : {">=", ">"}, default=">="
        Positive when the score is above, or at or above, the threshold (see
        :func:`evalcore.predict`).
    ax : matplotlib Axes, default=None
        Where to draw. ``None``: a new figure's Axes.
    jitter : float, default=0.08
        Half the height of the random vertical spread of each row (non-negative).
    seed : int, default=0
        Seed of the jitter (a non-negative integer), so the figure is reproducible.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    matplotlib Axes
        The Axes drawn on.

    Raises
    ------
    TypeError
        If ``threshold`` or ``jitter`` is not a real number, ``rule`` not a string or
        ``seed`` not an integer.
    ValueError
        If ``threshold`` is NaN, ``rule`` is not ">" or ">=", ``jitter`` is negative or
        infinite, ``seed`` negative, the labels or scores are invalid, or ``pos_label`` is
        not one of the labels.

    See Also
    --------
    evalcore.predict : the predictions shown.
    plot_decision_scores : a model's scores over a plane of two features.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import evalcore as ec
    >>> y, s = ec.murphy_classifier(1)
    >>> ax = plot_scores(y, s, threshold=0.5, rule=">=")
    >>> filled = sum(len(c.get_offsets()) for c in ax.collections[::2])
    >>> filled == int(ec.predict(s, 0.5, rule=">=").sum())
    True
    >>> plt.close(ax.figure)
    """
    if threshold is not None:
        check_threshold(threshold)      # kept as given: predict compares it exactly
    rule = check_one_of(rule, RULES, "rule")
    jitter = check_positive(jitter, "jitter", allow_zero=True)
    seed = check_int(seed, "seed", low=0)
    label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)
    ax = axes_or_new(ax)
    rng = np.random.default_rng(seed)
    called = predict(score, threshold, rule=rule) if threshold is not None else None
    for cls, color, name in ((0, COLORS[1], "negatives (y = 0)"),
                             (1, COLORS[0], "positives (y = 1)")):
        mask = label == cls
        y = cls + rng.uniform(-jitter, jitter, mask.sum())
        if called is None:
            ax.scatter(score[mask], y, s=25, color=color, label=name)
        else:
            filled = called[mask] == 1
            ax.scatter(score[mask][filled], y[filled], s=25, color=color, label=name)
            ax.scatter(score[mask][~filled], y[~filled], s=25, facecolors="none",
                       edgecolors=color)
    if threshold is not None:
        ax.axvline(threshold, color="black", lw=1.5, ls="--")
        ax.annotate(f"θ = {threshold:g} (ŷ = 1 if s {rule} θ)", (threshold, 1.35), ha="center",
                    fontsize=9, bbox={"boxstyle": "round,pad=0.2", "fc": "white", "ec": "none"})
    ax.set_yticks([0, 1], ["y = 0", "y = 1"])
    ax.set_ylim(-0.5, 1.6)
    ax.set_xlabel("score")
    ax.grid(axis="y", visible=False)
    return ax


def plot_decision_scores(X: Any, y: Any, score_fn: Any, *, threshold: float | None = 0.5,
                         ax=None, resolution: int = 200, margin: float = 0.5,
                         colorbar: bool = True, pos_label: Any = None):
    """Shade the plane by a model's score and scatter two-feature data on top.

    Parameters
    ----------
    X : array-like of shape (n, 2)
        The two features, drawn as the x and y coordinates.
    y : array-like of shape (n,)
        Binary labels (0/1, -1/1 or booleans, or any two labels with ``pos_label``);
        negatives orange, positives blue.
    score_fn : callable
        Maps an array of shape (m, 2) to m scores, for example
        ``lambda Z: model.predict_proba(Z)[:, 1]``.
    threshold : float or None, default=0.5
        Draw the contour where the score equals it (the decision boundary). ``None``: no
        contour.
    ax : matplotlib Axes, default=None
        Where to draw. ``None``: a new figure's Axes.
    resolution : int, default=200
        Grid points along each axis (at least 2).
    margin : float, default=0.5
        How far the grid reaches beyond the data, in the units of ``X`` (non-negative).
    colorbar : bool, default=True
        Add a colour bar for the score.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    matplotlib Axes
        The Axes drawn on.

    Raises
    ------
    TypeError
        If ``score_fn`` is not callable, ``resolution`` not an integer, ``threshold`` or
        ``margin`` not a real number, or ``colorbar`` not a bool.
    ValueError
        If ``X`` is not of shape (n, 2) with n >= 1 and finite, ``y`` does not match it or
        holds more than two labels, ``pos_label`` is not one of them, ``resolution`` is below
        2, ``margin`` negative or infinite, ``threshold`` NaN, or ``score_fn`` does not
        return one finite score per row.

    See Also
    --------
    plot_scores : the scores of each class on a line.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> X = [[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]]
    >>> ax = plot_decision_scores(X, [0, 1, 0, 1], lambda Z: Z[:, 0], threshold=0.5)
    >>> ax.get_xlabel()
    'feature 1'
    >>> plt.close(ax.figure)
    """
    from matplotlib.colors import LinearSegmentedColormap

    points = np.asarray(X.to_numpy() if hasattr(X, "to_numpy") else X, dtype=np.float64)
    if points.ndim != 2 or points.shape[1] != 2:
        raise ValueError(f"X must have shape (n, 2): two features to draw, got shape "
                         f"{points.shape}")
    if points.shape[0] == 0:
        raise ValueError("X must hold at least one row (sample) to draw, got none")
    if not np.all(np.isfinite(points)):
        raise ValueError("X must be finite: it holds NaN or infinite values")
    label = check_labels(y, pos_label=pos_label, name="y")
    if label.shape[0] != points.shape[0]:
        raise ValueError(f"X has {points.shape[0]} rows but y has {label.shape[0]} samples: "
                         f"they must match")
    if not callable(score_fn):
        raise TypeError(f"score_fn must be callable (an (m, 2) array -> m scores), got "
                        f"{score_fn!r}")
    threshold = check_optional(check_real, threshold, "threshold")
    resolution = check_int(resolution, "resolution", low=2)
    margin = check_positive(margin, "margin", allow_zero=True)
    colorbar = check_bool(colorbar, "colorbar")
    lo, hi = points.min(axis=0) - margin, points.max(axis=0) + margin
    gx, gy = np.meshgrid(np.linspace(lo[0], hi[0], resolution),
                         np.linspace(lo[1], hi[1], resolution))
    grid = np.column_stack([gx.ravel(), gy.ravel()])
    scores = np.asarray(score_fn(grid), dtype=np.float64)
    if scores.size != grid.shape[0]:
        raise ValueError(f"score_fn must return one score per row of its (m, 2) input: given "
                         f"m = {grid.shape[0]} rows it returned shape {scores.shape}")
    if not np.all(np.isfinite(scores)):
        raise ValueError("score_fn must return finite scores: it returned NaN or infinite "
                         "values")
    scores = scores.reshape(gx.shape)
    ax = axes_or_new(ax)
    cmap = LinearSegmentedColormap.from_list("evalcore_score", [COLORS[1], "white", COLORS[0]])
    shading = ax.contourf(gx, gy, scores, levels=20, cmap=cmap, alpha=0.6)
    if threshold is not None and scores.min() < threshold < scores.max():
        ax.contour(gx, gy, scores, levels=[threshold], colors="black", linewidths=1.5)
    for cls, color, name in ((0, COLORS[1], "y = 0"), (1, COLORS[0], "y = 1")):
        mask = label == cls
        ax.scatter(points[mask, 0], points[mask, 1], s=10, color=color,
                   edgecolors="white", linewidths=0.3, label=name,
                   marker="o" if cls == 0 else "s")
    if colorbar:
        ax.figure.colorbar(shading, ax=ax, label="score")
    ax.set_xlabel("feature 1")
    ax.set_ylabel("feature 2")
    ax.grid(False)
    ax.legend(loc="upper right")
    return ax
