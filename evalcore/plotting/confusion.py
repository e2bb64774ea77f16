"""Count figures: a confusion matrix as a heat map, and grouped bars of metric values."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Sequence

import numpy as np

from ..core.confusion import ConfusionMatrix, Layout
from ..core.options import check_bool
from .style import axes_or_new


def plot_confusion_matrix(cm: ConfusionMatrix, *, layout: str | Layout = "sklearn",
                          normalize: bool = False, ax=None, cmap: str = "Blues"):
    """Draw ``cm`` as a heat map in ``layout`` (see :data:`evalcore.LAYOUTS`).

    Integer counts are written exactly (however large); counts that are not all integers
    (weighted counts) and the joint probabilities (``normalize``) with three decimals.

    Parameters
    ----------
    cm : ConfusionMatrix
        The counts to draw.
    layout : str or Layout, default="sklearn"
        Which class goes on which row and column (a name in :data:`evalcore.LAYOUTS`).
    normalize : bool, default=False
        Draw the joint probabilities p(y, ŷ) (the counts divided by n) instead of the counts.
    ax : matplotlib Axes, default=None
        Where to draw. ``None``: a new figure's Axes.
    cmap : str, default="Blues"
        The colour map of the cells.

    Returns
    -------
    matplotlib Axes
        The Axes drawn on.

    Raises
    ------
    TypeError
        If ``cm`` is not a ConfusionMatrix or ``normalize`` not a bool.
    ValueError
        If ``layout`` is not a known layout.

    See Also
    --------
    evalcore.ConfusionMatrix.as_array : the table drawn.
    evalcore.ConfusionMatrix.joint_table : the table drawn with ``normalize``.

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
    if not isinstance(cm, ConfusionMatrix):
        raise TypeError(f"cm must be a ConfusionMatrix (see ConfusionMatrix.from_counts), got "
                        f"{type(cm).__name__}")
    normalize = check_bool(normalize, "normalize")
    counts = cm.as_array(layout)
    values = cm.joint_table(layout) if normalize else counts
    rows, cols = cm.axis_labels(layout)
    whole = all(isinstance(c, int) for c in (cm.tp, cm.fp, cm.fn, cm.tn))  # plain ints
    if values.dtype == object:          # integers beyond int64: the picture needs floats only
        values = values.astype(np.float64)
    ax = axes_or_new(ax)
    ax.imshow(values, cmap=cmap, vmin=0)
    threshold = values.max() / 2
    for (i, j), v in np.ndenumerate(values):
        text = f"{v:.3f}" if normalize or not whole else f"{int(counts[i, j])}"
        ax.text(j, i, text, ha="center", va="center",
                color="white" if v > threshold else "black", fontsize=12)
    ax.set_xticks([0, 1], cols)
    ax.set_yticks([0, 1], rows)
    ax.grid(False)
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    return ax


def plot_metric_bars(values: dict[str, Sequence[float]], *, groups: Sequence[str], ax=None):
    """Grouped bar chart: ``values`` maps a series name to one value per group.

    Parameters
    ----------
    values : dict of str to sequence of float
        One series per entry (at least one), each with one value per group.
    groups : sequence of str
        The names of the groups, written under the bars.
    ax : matplotlib Axes, default=None
        Where to draw. ``None``: a new figure's Axes.

    Returns
    -------
    matplotlib Axes
        The Axes drawn on.

    Raises
    ------
    TypeError
        If ``values`` is not a mapping or ``groups`` is a single string.
    ValueError
        If ``values`` is empty or a series does not have one value per group.

    See Also
    --------
    plot_confusion_matrix : the counts behind such metrics.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> ax = plot_metric_bars({"accuracy": [0.9, 0.9, 0.88], "recall": [1.0, 0.89, 0.87]},
    ...                       groups=["A", "B", "C"])
    >>> len(ax.patches), [t.get_text() for t in ax.get_xticklabels()]
    (6, ['A', 'B', 'C'])
    >>> plt.close(ax.figure)
    """
    if not isinstance(values, Mapping):
        raise TypeError(f"values must be a mapping (a dict) of series name -> one value per "
                        f"group, got {type(values).__name__}")
    if isinstance(groups, (str, bytes)):
        raise TypeError(f"groups must be a sequence of group names, not a single string: got "
                        f"{groups!r}")
    groups = list(groups)
    if not values:
        raise ValueError("values must hold at least one series, got an empty mapping")
    for name, series in values.items():
        if np.ndim(series) != 1 or len(series) != len(groups):
            raise ValueError(f"values[{name!r}] must hold one value per group "
                             f"({len(groups)}), got {np.shape(series)}")
    ax = axes_or_new(ax)
    width = 0.8 / max(len(values), 1)
    x = np.arange(len(groups))
    for k, (name, series) in enumerate(values.items()):
        ax.bar(x + (k - (len(values) - 1) / 2) * width, series, width, label=name)
    ax.set_xticks(x, groups)
    ax.legend()
    return ax
