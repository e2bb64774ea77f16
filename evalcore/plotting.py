"""Figures. Every function draws on the Axes it is given (or a new one) and returns it.

Nothing here changes global matplotlib state; the book's look comes from one explicit
``with book_style():`` (or ``book_style()`` applied once per figure).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator, Sequence

import numpy as np

from .confusion import ConfusionMatrix, Layout, predict
from ._validation import check_binary_scores, check_rule

#: Okabe–Ito colours, distinguishable with the common colour-vision deficiencies.
COLORS = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442",
          "#000000")

_STYLE = {
    "axes.prop_cycle": None,  # filled in by book_style
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "figure.figsize": (4.8, 4.0),
    "figure.dpi": 100,
    "savefig.dpi": 200,
    "font.size": 10,
    "legend.frameon": False,
}


@contextmanager
def book_style() -> Iterator[None]:
    """A ``matplotlib.rc_context`` with the book's style (colour-blind-safe colours).

    Examples
    --------
    >>> import matplotlib as mpl
    >>> with book_style():
    ...     inside = mpl.rcParams["axes.spines.top"]
    >>> inside, mpl.rcParams["axes.spines.top"]   # global state is left as it was
    (False, True)
    """
    import matplotlib as mpl
    from cycler import cycler

    style = dict(_STYLE, **{"axes.prop_cycle": cycler(color=COLORS)})
    with mpl.rc_context(style):
        yield


def _axes(ax):
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots()
    return ax


def _square_unit(ax, xlabel: str, ylabel: str) -> None:
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.set_aspect("equal")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)


def plot_roc(y_true: Any, y_score: Any, *, ax=None, label: str | None = None,
             color: str | None = None, markers: bool = True, fill: bool = False,
             chance: bool = True, sample_weight: Any = None, **line_kw):
    """Draw the ROC curve of ``y_score``: its points (:func:`evalcore.roc_curve`) joined by
    straight lines.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        Binary labels and scores.
    ax : matplotlib Axes, optional
        Where to draw; a new figure's Axes by default.
    label, color : str, optional
        The curve's legend label and colour.
    markers : bool
        Mark each operating point.
    fill : bool
        Shade the area under the curve (the AUC).
    chance : bool
        Draw the diagonal of a classifier that guesses.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights.
    **line_kw
        Passed to ``Axes.plot``.

    Returns
    -------
    matplotlib Axes

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> ax = plot_roc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], label="toy")
    >>> ax.lines[0].get_xdata().tolist(), ax.lines[0].get_ydata().tolist()
    ([0.0, 0.0, 0.5, 0.5, 1.0], [0.0, 0.5, 0.5, 1.0, 1.0])
    >>> plt.close(ax.figure)
    """
    from .curves import roc_curve

    ax = _axes(ax)
    roc = roc_curve(y_true, y_score, sample_weight=sample_weight)
    line, = ax.plot(roc.fpr, roc.tpr, marker="o" if markers else None, ms=4, label=label,
                    color=color, **line_kw)
    if fill:
        ax.fill_between(roc.fpr, roc.tpr, alpha=0.15, color=line.get_color(), step=None)
    if chance:
        ax.plot([0, 1], [0, 1], ls=":", color="0.5", lw=1, label="chance" if label else None)
    _square_unit(ax, "false positive rate (FPR)", "true positive rate (TPR)")
    if label:
        ax.legend(loc="lower right")
    return ax


def plot_pr(y_true: Any, y_score: Any, *, ax=None, label: str | None = None,
            color: str | None = None, markers: bool = True, baseline: bool = True,
            sample_weight: Any = None, **line_kw):
    """Draw the precision–recall points of ``y_score`` (joined by lines, the closing
    ``(0, 1)`` point left out) and, with ``baseline``, the prevalence line of a random
    classifier.

    Parameters are those of :func:`plot_roc`; ``baseline`` draws the base-rate line.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> ax = plot_pr([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> ax.lines[0].get_xdata().tolist()      # recall at each threshold, lowest first
    [1.0, 1.0, 0.5, 0.5]
    >>> list(ax.lines[1].get_ydata())          # the base rate P / n
    [0.5, 0.5]
    >>> plt.close(ax.figure)
    """
    from .curves import precision_recall_curve

    ax = _axes(ax)
    pr = precision_recall_curve(y_true, y_score, sample_weight=sample_weight)
    ax.plot(pr.recall[:-1], pr.precision[:-1], marker="o" if markers else None, ms=4,
            label=label, color=color, **line_kw)
    if baseline:
        # at the lowest threshold everything is called positive: precision is the base rate
        rate = float(pr.precision[0])
        ax.axhline(rate, ls=":", color="0.5", lw=1, label="random (base rate)" if label else None)
    _square_unit(ax, "recall (TPR)", "precision (PPV)")
    if label:
        ax.legend(loc="lower left")
    return ax


def plot_pr_area(y_true: Any, y_score: Any, *, method: str = "step", ax=None,
                 color: str | None = None, label: str | None = None):
    """Shade one of the two areas quoted for a precision–recall curve.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        True binary labels and scores, as for :func:`evalcore.precision_recall_curve`.
    method : {"step", "trapezoid"}, default "step"
        ``"step"``: the area that :func:`evalcore.average_precision` sums, each recall
        increment at the precision of its right end, from recall 0. ``"trapezoid"``: the R
        note's area, :func:`evalcore.pr_auc_trapezoid`, straight lines between the points
        from the first point's recall on.
    ax : matplotlib Axes, optional
        Where to draw; a new figure if omitted.
    color, label : str, optional
        Colour of the outline and the shading; legend label of the outline.

    Returns
    -------
    matplotlib Axes

    Examples
    --------
    The shaded polygon has the area the metric reports:

    >>> import matplotlib.pyplot as plt
    >>> ax = plot_pr_area([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], method="step")
    >>> ax.get_xlabel()
    'recall (TPR)'
    >>> plt.close(ax.figure)
    """
    from .curves import precision_recall_curve

    if method not in ("step", "trapezoid"):
        raise ValueError(f"method must be 'step' (average precision) or 'trapezoid' (the R "
                         f"note's area), got {method!r}")
    ax = _axes(ax)
    pr = precision_recall_curve(y_true, y_score)
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
    _square_unit(ax, "recall (TPR)", "precision (PPV)")
    if label:
        ax.legend(loc="lower left")
    return ax


def plot_roc_space(*, ax=None, landmarks: bool = True):
    """Draw an empty ROC square: the chance diagonal and, with ``landmarks``, its corners.

    The corners marked are (0, 0), everything called negative; (1, 1), everything called
    positive; and (0, 1), a perfect separation. Add operating points with :func:`mark_point`.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import evalcore as ec
    >>> ax = ec.plot_roc_space()
    >>> ax.get_xlabel(), len(ax.lines)
    ('false positive rate (FPR)', 4)
    >>> plt.close(ax.figure)
    """
    ax = _axes(ax)
    ax.plot([0, 1], [0, 1], ls=":", color="0.5", lw=1, label="chance (TPR = FPR)")
    if landmarks:
        corners = (((0, 0), "(0, 0): all called negative", (8, 4), "left"),
                   ((1, 1), "(1, 1): all called positive", (0, 8), "right"),
                   ((0, 1), "(0, 1): perfect", (0, 8), "left"))
        for (x, y), text, offset, ha in corners:
            ax.plot([x], [y], marker="s", ms=6, color="black", ls="none", clip_on=False)
            ax.annotate(text, (x, y), xytext=offset, textcoords="offset points", fontsize=9,
                        ha=ha)
    _square_unit(ax, "false positive rate (FPR)", "true positive rate (TPR)")
    return ax


def plot_equal_error_rate(y_true: Any, y_score: Any, *, ax=None, label: str | None = None,
                          color: str | None = None, sample_weight: Any = None):
    """Draw the ROC curve with the area under it shaded, the line FPR = 1 − TPR, and the
    equal error rate where the two cross (see :func:`evalcore.equal_error_rate`).

    The marked point is ``(eer, 1 - eer)``: there the false positive rate equals the false
    negative rate.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import evalcore as ec
    >>> ax = ec.plot_equal_error_rate([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> ax.lines[-1].get_xydata().tolist()   # the marked point (EER, 1 - EER)
    [[0.5, 0.5]]
    >>> plt.close(ax.figure)
    """
    from .curves import equal_error_rate

    ax = plot_roc(y_true, y_score, ax=ax, label=label, color=color, fill=True,
                  sample_weight=sample_weight)
    ax.plot([0, 1], [1, 0], ls="--", color="0.35", lw=1, label="FPR = 1 − TPR")
    eer = equal_error_rate(y_true, y_score, sample_weight=sample_weight).eer
    mark_point(ax, eer, 1 - eer, text=f"EER = {eer:.3g}")
    ax.legend(loc="lower right")
    return ax


def mark_point(ax, x: float, y: float, *, text: str | None = None, color: str = "black",
               **kw):
    """Mark one operating point (x, y) on an existing Axes, with an optional label.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> ax = plot_roc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> ax = mark_point(ax, 0.5, 1.0, text="θ = 0.35")
    >>> ax.lines[-1].get_xdata().tolist(), ax.texts[-1].get_text()
    ([0.5], 'θ = 0.35')
    >>> plt.close(ax.figure)
    """
    ax.plot([x], [y], marker="o", ms=8, mfc="none", mec=color, mew=2, ls="none", **kw)
    if text:
        ax.annotate(text, (x, y), xytext=(8, -14), textcoords="offset points", fontsize=9)
    return ax


def plot_confusion_matrix(cm: ConfusionMatrix, *, layout: str | Layout = "sklearn",
                          normalize: bool = False, ax=None, cmap: str = "Blues"):
    """Draw ``cm`` as a heat map in ``layout`` (see :data:`evalcore.LAYOUTS`).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from evalcore import ConfusionMatrix
    >>> cm = ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3)
    >>> ax = plot_confusion_matrix(cm, layout="murphy")
    >>> [t.get_text() for t in ax.texts]      # estimate on rows, positive first
    ['4', '1', '1', '3']
    >>> [t.get_text() for t in ax.get_xticklabels()]
    ['truth 1', 'truth 0']
    >>> plt.close(ax.figure)
    """
    ax = _axes(ax)
    values = cm.joint_table(layout) if normalize else cm.as_array(layout)
    rows, cols = cm.axis_labels(layout)
    ax.imshow(values, cmap=cmap, vmin=0)
    threshold = values.max() / 2
    for (i, j), v in np.ndenumerate(values):
        text = f"{v:.3f}" if normalize or isinstance(cm.tp, float) else f"{int(v)}"
        ax.text(j, i, text, ha="center", va="center",
                color="white" if v > threshold else "black", fontsize=12)
    ax.set_xticks([0, 1], cols)
    ax.set_yticks([0, 1], rows)
    ax.grid(False)
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    return ax


def plot_scores(y_true: Any, y_score: Any, *, threshold: float | None = None, rule: str = ">",
                ax=None, jitter: float = 0.08, seed: int = 0):
    """Lay the scores out on a line, one row per class, with the threshold drawn through.

    Points the rule calls positive are filled, the others hollow.

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
    label, score, _ = check_binary_scores(y_true, y_score)
    rule = check_rule(rule)
    ax = _axes(ax)
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


def plot_metric_bars(values: dict[str, Sequence[float]], *, groups: Sequence[str], ax=None):
    """Grouped bar chart: ``values`` maps a series name to one value per group.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> ax = plot_metric_bars({"accuracy": [0.9, 0.9, 0.88], "recall": [1.0, 0.89, 0.87]},
    ...                       groups=["A", "B", "C"])
    >>> len(ax.patches), [t.get_text() for t in ax.get_xticklabels()]
    (6, ['A', 'B', 'C'])
    >>> plt.close(ax.figure)
    """
    ax = _axes(ax)
    width = 0.8 / max(len(values), 1)
    x = np.arange(len(groups))
    for k, (name, series) in enumerate(values.items()):
        ax.bar(x + (k - (len(values) - 1) / 2) * width, series, width, label=name)
    ax.set_xticks(x, groups)
    ax.legend()
    return ax


def plot_decision_scores(X: Any, y: Any, score_fn: Any, *, threshold: float | None = 0.5,
                         ax=None, resolution: int = 200, margin: float = 0.5,
                         colorbar: bool = True):
    """Shade the plane by a model's score and scatter two-feature data on top.

    Parameters
    ----------
    X : array-like of shape (n, 2)
        The two features, drawn as the x and y coordinates.
    y : array-like of shape (n,)
        Binary labels (0/1, -1/1 or booleans); negatives orange, positives blue.
    score_fn : callable
        Maps an array of shape (m, 2) to m scores, for example
        ``lambda Z: model.predict_proba(Z)[:, 1]``.
    threshold : float or None, default 0.5
        Draw the contour where the score equals it (the decision boundary); ``None`` for none.
    ax : matplotlib Axes, optional
        Where to draw; a new figure if omitted.
    resolution : int, default 200
        Grid points along each axis.
    margin : float, default 0.5
        How far the grid reaches beyond the data, in the units of ``X``.
    colorbar : bool, default True
        Add a colour bar for the score.

    Returns
    -------
    matplotlib Axes

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

    from ._validation import check_labels

    points = np.asarray(X.to_numpy() if hasattr(X, "to_numpy") else X, dtype=np.float64)
    if points.ndim != 2 or points.shape[1] != 2:
        raise ValueError(f"X must have shape (n, 2): two features to draw, got shape "
                         f"{points.shape}")
    label = check_labels(y, name="y")
    if label.shape[0] != points.shape[0]:
        raise ValueError(f"X has {points.shape[0]} rows but y has {label.shape[0]} samples: "
                         f"they must match")
    if not callable(score_fn):
        raise TypeError(f"score_fn must be callable (an (m, 2) array -> m scores), got "
                        f"{score_fn!r}")
    if isinstance(resolution, bool) or not isinstance(resolution, (int, np.integer)) \
            or resolution < 2:
        raise ValueError(f"resolution must be an integer >= 2, got {resolution!r}")
    ax = _axes(ax)
    lo, hi = points.min(axis=0) - margin, points.max(axis=0) + margin
    gx, gy = np.meshgrid(np.linspace(lo[0], hi[0], resolution),
                         np.linspace(lo[1], hi[1], resolution))
    grid = np.column_stack([gx.ravel(), gy.ravel()])
    scores = np.asarray(score_fn(grid), dtype=np.float64).reshape(gx.shape)
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


def plot_roc_hull(y_true: Any, y_score: Any, *, cost_fp: float | None = None,
                  cost_fn: float | None = None, prior_pos: float | None = None, ax=None,
                  label: str | None = None, color: str | None = None,
                  sample_weight: Any = None):
    """Draw the ROC points, their convex hull and, given costs, the iso-performance line
    that touches the hull at the cheapest operating point.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        Binary labels and scores.
    cost_fp, cost_fn : float, optional
        Costs of a false positive and a false negative; give both to draw the iso-cost line
        (see :func:`evalcore.optimal_operating_point`) and mark the point it selects.
    prior_pos : float, optional
        The deployment's share of positives (default: the share in ``y_true``).
    ax : matplotlib Axes, optional
        Where to draw; a new figure if omitted.
    label, color : str, optional
        Legend label and colour of the ROC points.

    Returns
    -------
    matplotlib Axes

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import evalcore as ec
    >>> ax = ec.plot_roc_hull([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], cost_fp=1, cost_fn=5)
    >>> ax.lines[0].get_xydata().tolist()   # the hull
    [[0.0, 0.0], [0.0, 0.5], [0.5, 1.0], [1.0, 1.0]]
    >>> plt.close(ax.figure)
    """
    from .hull import (_positive_share, iso_performance_slope, optimal_operating_point,
                       roc_convex_hull)

    if (cost_fp is None) != (cost_fn is None):
        raise ValueError("give both cost_fp and cost_fn (to draw the iso-cost line) or neither")
    hull = roc_convex_hull(y_true, y_score, sample_weight=sample_weight)
    ax = _axes(ax)
    ax.plot(hull.fpr, hull.tpr, color=COLORS[1], lw=4, alpha=0.6, label="convex hull",
            solid_capstyle="round")
    few = len(np.unique(check_binary_scores(y_true, y_score)[1])) <= 60
    plot_roc(y_true, y_score, ax=ax, label=label or "ROC points", color=color, chance=False,
             markers=few, lw=1.2, sample_weight=sample_weight)
    ax.plot([0, 1], [0, 1], ls=":", color="0.5", lw=1)
    if cost_fp is not None:
        best = optimal_operating_point(y_true, y_score, cost_fp=cost_fp, cost_fn=cost_fn,
                                       prior_pos=prior_pos, sample_weight=sample_weight)
        if prior_pos is None:
            prior_pos = _positive_share(y_true, sample_weight, None)
        slope = iso_performance_slope(cost_fp=cost_fp, cost_fn=cost_fn, prior_pos=prior_pos)
        x = np.array([-0.1, 1.1])
        ax.plot(x, best.tpr + slope * (x - best.fpr), ls="--", color="black", lw=1.2,
                label=f"iso-cost line, slope {slope:.3g}")
        mark_point(ax, best.fpr, best.tpr, text=f"threshold {best.threshold:.3g}")
    _square_unit(ax, "false positive rate (FPR)", "true positive rate (TPR)")
    ax.legend(loc="lower right")
    return ax


def plot_cost_curves(y_true: Any, y_score: Any, *, probability_cost: float | None = None,
                     all_lines: bool | None = None, ax=None, sample_weight: Any = None):
    """Draw Drummond and Holte's cost space: one line per threshold and their lower envelope.

    Each thin line is the normalized expected cost of one threshold against ``PC(+)`` (see
    :func:`evalcore.cost_lines`); the thick line is the envelope,
    :func:`evalcore.cost_curve`. The dotted lines are the trivial classifiers (everything
    negative costs ``PC(+)``, everything positive ``1 − PC(+)``). With
    ``probability_cost``, a vertical line marks one deployment. ``all_lines`` draws a line
    for every threshold; ``False`` only for the ROC hull's vertices (the thresholds that can
    be optimal); the default, ``None``, draws all of them when there are at most 60.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import evalcore as ec
    >>> ax = ec.plot_cost_curves([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> ax.get_xlabel()
    'probability cost PC(+)'
    >>> plt.close(ax.figure)
    """
    from .hull import cost_curve, cost_lines, roc_convex_hull

    ax = _axes(ax)
    grid = np.array([0.0, 1.0])
    lines = cost_lines(y_true, y_score, probability_cost=grid, sample_weight=sample_weight)
    if all_lines is None:
        all_lines = len(lines) <= 60
    if not all_lines:
        hull = roc_convex_hull(y_true, y_score, sample_weight=sample_weight)
        lines = np.column_stack((hull.fpr, 1 - hull.tpr))   # NEC at PC(+) = 0 and 1
    for k, row in enumerate(lines):
        ax.plot(grid, row, color=COLORS[0], lw=0.8, alpha=0.6,
                label=("one threshold" if all_lines else "one hull vertex") if k == 0 else None)
    ax.plot([0, 1], [0, 1], ls=":", color="0.4", lw=1)
    ax.plot([0, 1], [1, 0], ls=":", color="0.4", lw=1, label="trivial classifiers")
    curve = cost_curve(y_true, y_score, sample_weight=sample_weight)
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


def plot_achievable_pr(y_true: Any, y_score: Any, *, ax=None, label: str | None = None,
                       color: str | None = None, straight: bool = True,
                       sample_weight: Any = None):
    """Draw the interpolated PR curve through every operating point (Davis and Goadrich's
    interpolation, :func:`evalcore.interpolated_pr_curve`) and, with ``straight``, the
    straight-line joins that overstate it where precision falls.

    The name is kept from 0.1; in Davis and Goadrich's own terms the *achievable* PR curve is
    the image of the ROC convex hull (:func:`evalcore.achievable_pr_curve` with ``hull=True``).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import evalcore as ec
    >>> ax = ec.plot_achievable_pr([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> ax.get_ylabel()
    'precision (PPV)'
    >>> plt.close(ax.figure)
    """
    from .precision_recall import interpolated_pr_curve

    ax = _axes(ax)
    curve = interpolated_pr_curve(y_true, y_score, num=40, sample_weight=sample_weight)
    points = interpolated_pr_curve(y_true, y_score, num=0, sample_weight=sample_weight)
    line, = ax.plot(curve.recall, curve.precision, color=color, lw=2,
                    label=label or "interpolated")
    if straight:
        ax.plot(points.recall, points.precision, ls="--", color="0.3", lw=1,
                label="straight lines")
    ax.plot(points.recall, points.precision, ls="none", marker="o", ms=4,
            color=line.get_color())
    _square_unit(ax, "recall (TPR)", "precision (PPV)")
    ax.legend(loc="lower left")
    return ax


def plot_prg(y_true: Any, y_score: Any, *, ax=None, label: str | None = None,
             color: str | None = None, sample_weight: Any = None):
    """Draw the precision–recall–gain curve (:func:`evalcore.prg_curve`) on the unit square.

    The always-positive classifier sits at (1, 0); points with negative precision gain are
    drawn below the square's floor.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import evalcore as ec
    >>> ax = ec.plot_prg([1, 1, 0, 0, 1, 0], [0.8, 0.8, 0.6, 0.4, 0.4, 0.2])
    >>> ax.lines[0].get_xydata()[:, 0].tolist()
    [0.0, 0.5, 0.5, 1.0, 1.0]
    >>> plt.close(ax.figure)
    """
    from .precision_recall import prg_curve

    ax = _axes(ax)
    curve = prg_curve(y_true, y_score, sample_weight=sample_weight)
    ax.plot(curve.recall_gain, curve.precision_gain, marker="o", ms=4, color=color,
            label=label)
    ax.fill_between(curve.recall_gain, curve.precision_gain, alpha=0.15,
                    color=ax.lines[-1].get_color())
    low = min(-0.02, float(np.nanmin(curve.precision_gain)) - 0.02)
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(low, 1.02)
    ax.set_xlabel("recall gain")
    ax.set_ylabel("precision gain")
    if label:
        ax.legend(loc="lower left")
    return ax


def plot_reliability(y_true: Any, y_prob: Any, *, n_bins: int = 10, ax=None,
                     label: str | None = None, color: str | None = None,
                     diagonal: bool = True, sample_weight: Any = None):
    """Draw a reliability diagram (:func:`evalcore.reliability_curve`): observed frequency
    of positives against the mean predicted probability in each bin, with (``diagonal``)
    the line of perfect calibration. Marker areas grow with the number of cases in the bin;
    pass ``diagonal=False`` when adding a second classifier to the same Axes.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import evalcore as ec
    >>> ax = ec.plot_reliability([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], n_bins=2)
    >>> ax.lines[1].get_xydata().tolist()
    [[0.2833333333333333, 0.3333333333333333], [0.8, 1.0]]
    >>> plt.close(ax.figure)
    """
    from .calibration import reliability_curve

    ax = _axes(ax)
    curve = reliability_curve(y_true, y_prob, n_bins=n_bins, sample_weight=sample_weight)
    if diagonal:
        ax.plot([0, 1], [0, 1], ls=":", color="0.5", lw=1, label="perfectly calibrated")
    line, = ax.plot(curve.mean_predicted, curve.observed_frequency, color=color, lw=1.5,
                    label=label)
    sizes = 15 + 120 * curve.counts / curve.counts.max()
    ax.scatter(curve.mean_predicted, curve.observed_frequency, s=sizes,
               color=line.get_color(), zorder=3)
    _square_unit(ax, "mean predicted probability", "observed frequency of positives")
    ax.legend(loc="upper left")
    return ax


def plot_sampling_distribution(values: Any, *, truth: float | None = None,
                               interval: tuple[float, float] | None = None, ax=None,
                               bins: int | Sequence[float] = 30, label: str | None = None,
                               color: str | None = None, xlabel: str = "AUC"):
    """Histogram of a statistic over many samples (simulated or bootstrapped).

    Parameters
    ----------
    values : array-like
        The statistic on each sample (for example the AUC of each simulated test set).
    truth : float, optional
        The population value, drawn as a dashed vertical line.
    interval : (low, high), optional
        An interval drawn as a bar with end caps above the histogram (for example the
        average DeLong interval, or the central 95% of ``values``).
    ax : matplotlib Axes, optional
        Where to draw; a new figure if ``None``.
    bins : int or sequence of float
        Passed to ``Axes.hist``; give fixed edges to compare panels.
    label, color : str, optional
        Legend label and colour of the histogram.
    xlabel : str
        The statistic's name.

    Returns
    -------
    matplotlib Axes

    Examples
    --------
    >>> import numpy as np, evalcore as ec
    >>> ax = ec.plot_sampling_distribution(np.random.default_rng(0).normal(0.76, 0.03, 500),
    ...                                    truth=0.76, interval=(0.70, 0.82))
    >>> ax.get_xlabel(), len(ax.patches) >= 30
    ('AUC', True)
    """
    ax = _axes(ax)
    data = np.asarray(values, dtype=float)
    color = color or COLORS[0]
    ax.hist(data, bins=bins, density=True, color=color, alpha=0.6, label=label)
    top = ax.get_ylim()[1]
    if truth is not None:
        ax.axvline(truth, color="black", ls="--", lw=1.2, label="true value")
    if interval is not None:
        low, high = interval
        ax.errorbar([(low + high) / 2], [top * 1.06], xerr=[[(high - low) / 2]], fmt="none",
                    ecolor=COLORS[3], elinewidth=2, capsize=5, label="interval")
        ax.set_ylim(0, top * 1.15)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("density")
    ax.grid(axis="y", visible=False)
    if label or truth is not None or interval is not None:
        ax.legend(loc="upper left", fontsize=8)
    return ax


def plot_intervals(lows: Any, highs: Any, *, estimates: Any = None, truth: float | None = None,
                   reference: float | None = None, labels: Sequence[str] | None = None,
                   ax=None, xlabel: str = "AUC"):
    """Confidence intervals as horizontal segments, one row each.

    With ``truth`` the intervals that miss it are drawn in a second colour and dashed (so
    the difference does not rest on colour alone), and the legend counts them: the picture
    of a coverage simulation. With ``labels`` each row is named on the y axis: the picture
    of a few intervals side by side.

    Parameters
    ----------
    lows, highs : array-like
        The interval ends, one per row.
    estimates : array-like, optional
        Point estimates, drawn as dots.
    truth : float, optional
        The population value: drawn as a line, and the intervals that miss it are marked.
    reference : float, optional
        A value to compare with (0 for a difference), drawn as a plain line.
    labels : sequence of str, optional
        Row names.
    ax : matplotlib Axes, optional
        Where to draw; a new figure if ``None``.
    xlabel : str
        The statistic's name.

    Returns
    -------
    matplotlib Axes

    Examples
    --------
    >>> import evalcore as ec
    >>> ax = ec.plot_intervals([0.6, 0.7, 0.8], [0.8, 0.9, 0.95], truth=0.75)
    >>> [text.get_text() for text in ax.get_legend().get_texts()]
    ['covers the truth (2)', 'misses it (1)', 'true value']
    """
    ax = _axes(ax)
    low, high = np.asarray(lows, dtype=float), np.asarray(highs, dtype=float)
    if low.shape != high.shape or low.ndim != 1:
        raise ValueError(f"lows and highs must be 1-D of the same length, got shapes "
                         f"{low.shape} and {high.shape}")
    rows = np.arange(low.size)
    if truth is None:
        ax.hlines(rows, low, high, color=COLORS[0], lw=2)
    else:
        covers = (low <= truth) & (truth <= high)
        ax.hlines(rows[covers], low[covers], high[covers], color=COLORS[0], lw=1.5,
                  label=f"covers the truth ({int(covers.sum())})")
        ax.hlines(rows[~covers], low[~covers], high[~covers], color=COLORS[3], lw=1.5,
                  linestyles="dashed", label=f"misses it ({int((~covers).sum())})")
        ax.axvline(truth, color="black", ls=":", lw=1.2, label="true value")
        ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=3, fontsize=8)
    if reference is not None:
        ax.axvline(reference, color="0.4", ls=":", lw=1.2)
    if estimates is not None:
        ax.plot(np.asarray(estimates, dtype=float), rows, "o", ms=3 if low.size > 20 else 6,
                color="black")
    if labels is not None:
        ax.set_yticks(rows, list(labels))
        ax.set_ylim(-0.6, low.size - 0.4)
    else:
        ax.set_ylabel("replication")
    ax.set_xlabel(xlabel)
    ax.grid(axis="y", visible=False)
    return ax


def plot_interval_width(sizes: Any, widths: Any, *, ax=None, label: str | None = None,
                        color: str | None = None, reference: bool = True):
    """Interval width against sample size on log–log axes, with a 1/√n guide.

    The guide passes through the first point with slope −½: a width that falls like
    1/√n (quadruple the data, halve the width) runs parallel to it.

    Examples
    --------
    >>> import evalcore as ec
    >>> ax = ec.plot_interval_width([100, 400, 1600], [0.2, 0.1, 0.05], label="DeLong")
    >>> ax.get_xscale(), len(ax.lines)
    ('log', 2)
    """
    ax = _axes(ax)
    n, width = np.asarray(sizes, dtype=float), np.asarray(widths, dtype=float)
    ax.plot(n, width, marker="o", ms=5, label=label, color=color)
    if reference:
        ax.plot(n, width[0] * np.sqrt(n[0] / n), ls=":", color="0.4", lw=1.2,
                label="∝ 1/√n")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("test-set size n")
    ax.set_ylabel("interval width")
    ax.legend(fontsize=8)
    return ax
