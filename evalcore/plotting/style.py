"""The book's look (colours, ``book_style``) and the helpers every figure shares."""

from __future__ import annotations

import math
import numbers
import warnings
from contextlib import contextmanager
from typing import Any, Iterator

from ..core.options import check_real
from ..core.validation import UndefinedMetricWarning

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

    Nothing changes outside the ``with`` block: the figures drawn inside it get the book's
    colours (:data:`COLORS`), no top and right spines, a light grid and 200 dpi when saved.

    Yields
    ------
    None

    See Also
    --------
    COLORS : the colour cycle it sets.

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


def axes_or_new(ax):
    """``ax``, or the Axes of a new figure when ``ax`` is None."""
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots()
    return ax


@contextmanager
def one_undefined_warning() -> Iterator[None]:
    """Around a figure that computes several metrics from the same labels: when a class is
    missing each of them warns that it is undefined; pass on only the first of those
    UndefinedMetricWarnings (and every other warning), so one figure warns once."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    undefined = [w for w in caught if issubclass(w.category, UndefinedMetricWarning)]
    for w in caught:
        if not issubclass(w.category, UndefinedMetricWarning) or w is undefined[0]:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno,
                                   source=w.source)


def reference_line_once(ax, gid: str, draw, *, label: str | None = None, at=None):
    """A reference line (the chance diagonal, a base rate) drawn once per Axes.

    The line already on ``ax`` with this ``gid`` (and, if ``at`` is given, whose first y value
    is ``at``) is returned, labelled with ``label`` if it has no label yet; otherwise
    ``draw(gid=..., label=...)`` draws it and its line is returned.
    """
    for line in ax.lines:
        if line.get_gid() == gid and (at is None or line.get_ydata()[0] == at):
            if label and line.get_label().startswith("_"):
                line.set_label(label)
            return line
    return draw(gid=gid, label=label)


def square_unit(ax, xlabel: str, ylabel: str) -> None:
    """Show the unit square (with a small margin) at equal scales, with the axis labels."""
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.set_aspect("equal")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)


def mark_point(ax, x: float, y: float, *, text: str | None = None, color: str = "black",
               **kw: Any):
    """Mark one operating point (x, y) on an existing Axes, with an optional label.

    Parameters
    ----------
    ax : matplotlib Axes
        The Axes to draw on (for example one returned by :func:`evalcore.plot_roc`).
    x, y : float
        The point, in data coordinates (for a ROC plot: its FPR and TPR). ``nan`` (an
        undefined rate) draws nothing.
    text : str, default=None
        A label written next to the point. ``None``: no label.
    color : str, default="black"
        The colour of the ring drawn around the point.
    **kw
        Passed to ``Axes.plot``.

    Returns
    -------
    matplotlib Axes
        ``ax``.

    Raises
    ------
    TypeError
        If ``x`` or ``y`` is not a real number.

    See Also
    --------
    evalcore.plot_roc_space : an empty ROC square to mark points on.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import evalcore as ec
    >>> ax = ec.plot_roc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> ax = mark_point(ax, 0.5, 1.0, text="θ = 0.35")
    >>> ax.lines[-1].get_xdata().tolist(), ax.texts[-1].get_text()
    ([0.5], 'θ = 0.35')
    >>> plt.close(ax.figure)
    """
    for value, name in ((x, "x"), (y, "y")):
        if not (isinstance(value, numbers.Real) and math.isnan(value)):
            check_real(value, name)         # nan (an undefined rate) is drawn as nothing
    ax.plot([x], [y], marker="o", ms=8, mfc="none", mec=color, mew=2, ls="none", **kw)
    if text:
        ax.annotate(text, (x, y), xytext=(8, -14), textcoords="offset points", fontsize=9)
    return ax
