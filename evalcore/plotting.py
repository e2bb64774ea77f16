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

#: Okabe–Ito colours: distinguishable with the common colour-vision deficiencies.
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
    """A ``matplotlib.rc_context`` with the book's style (colour-blind-safe colours)."""
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
    """Draw the ROC curve of ``y_score`` (points joined by straight lines).

    ``fill`` shades the area under the curve; ``chance`` draws the diagonal.
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
    classifier."""
    from .curves import precision_recall_curve

    ax = _axes(ax)
    pr = precision_recall_curve(y_true, y_score, sample_weight=sample_weight)
    ax.plot(pr.recall[:-1], pr.precision[:-1], marker="o" if markers else None, ms=4,
            label=label, color=color, **line_kw)
    if baseline:
        label_, _, weight = check_binary_scores(y_true, y_score, sample_weight=sample_weight)
        w = np.ones(label_.shape) if weight is None else weight
        rate = float(w[label_ == 1].sum() / w.sum())
        ax.axhline(rate, ls=":", color="0.5", lw=1, label="random (base rate)" if label else None)
    _square_unit(ax, "recall (TPR)", "precision (PPV)")
    if label:
        ax.legend(loc="lower left")
    return ax


def mark_point(ax, x: float, y: float, *, text: str | None = None, color: str = "black",
               **kw):
    """Mark one operating point (x, y) on an existing Axes, with an optional label."""
    ax.plot([x], [y], marker="o", ms=8, mfc="none", mec=color, mew=2, ls="none", **kw)
    if text:
        ax.annotate(text, (x, y), xytext=(8, -14), textcoords="offset points", fontsize=9)
    return ax


def plot_confusion_matrix(cm: ConfusionMatrix, *, layout: str | Layout = "sklearn",
                          normalize: bool = False, ax=None, cmap: str = "Blues"):
    """Draw ``cm`` as a heat map in ``layout`` (see :data:`evalcore.LAYOUTS`)."""
    ax = _axes(ax)
    values = cm.joint_table(layout) if normalize else cm.as_array(layout)
    rows, cols = cm._axis_labels(layout if isinstance(layout, Layout) else
                                 __import__("evalcore").LAYOUTS[layout])
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
                    fontsize=9)
    ax.set_yticks([0, 1], ["y = 0", "y = 1"])
    ax.set_ylim(-0.5, 1.6)
    ax.set_xlabel("score")
    ax.grid(axis="y", visible=False)
    return ax


def plot_metric_bars(values: dict[str, Sequence[float]], *, groups: Sequence[str], ax=None):
    """Grouped bar chart: ``values`` maps a series name to one value per group."""
    ax = _axes(ax)
    width = 0.8 / max(len(values), 1)
    x = np.arange(len(groups))
    for k, (name, series) in enumerate(values.items()):
        ax.bar(x + (k - (len(values) - 1) / 2) * width, series, width, label=name)
    ax.set_xticks(x, groups)
    ax.legend()
    return ax
