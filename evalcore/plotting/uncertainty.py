"""Uncertainty figures: a statistic's sampling distribution, intervals, interval widths."""

from __future__ import annotations

import numbers
from typing import Any, Sequence

import numpy as np

from ..core.options import check_bool, check_int, check_optional, check_real
from .style import COLORS, axes_or_new


def _finite_1d(values: Any, name: str) -> np.ndarray:
    """``values`` as a non-empty 1-D float64 array of finite numbers."""
    data = np.asarray(values, dtype=float)
    if data.ndim != 1 or data.size == 0:
        raise ValueError(f"{name} must be a non-empty 1-D array of numbers, got shape "
                         f"{data.shape}")
    if not np.all(np.isfinite(data)):
        raise ValueError(f"{name} must be finite: it holds NaN or infinite values "
                         f"(drop the samples where the statistic is undefined)")
    return data


def plot_sampling_distribution(values: Any, *, truth: float | None = None,
                               interval: tuple[float, float] | None = None, ax=None,
                               bins: int | Sequence[float] = 30, label: str | None = None,
                               color: str | None = None, xlabel: str = "AUC"):
    """Histogram of a statistic over many samples (simulated or bootstrapped).

    Parameters
    ----------
    values : array-like of shape (m,)
        The statistic on each sample (for example the AUC of each simulated test set);
        finite numbers.
    truth : float, default=None
        The population value, drawn as a dashed vertical line. ``None``: no line.
    interval : (low, high), default=None
        An interval drawn as a bar with end caps above the histogram (for example the
        average DeLong interval, or the central 95% of ``values``); ``low <= high``.
        ``None``: no interval.
    ax : matplotlib Axes, default=None
        Where to draw. ``None``: a new figure's Axes.
    bins : int or sequence of float, default=30
        Passed to ``Axes.hist``: a number of bins (at least 1), or fixed edges to compare
        panels.
    label, color : str, default=None
        Legend label and colour of the histogram. ``None``: no entry, and the book's first
        colour.
    xlabel : str, default="AUC"
        The statistic's name.

    Returns
    -------
    matplotlib Axes
        The Axes drawn on.

    Raises
    ------
    TypeError
        If ``truth`` or an end of ``interval`` is not a real number, or ``bins`` is a bool or
        a float.
    ValueError
        If ``values`` is empty, not 1-D or not finite, ``truth`` is NaN, ``interval`` is not
        a pair of finite numbers with ``low <= high``, or ``bins`` is below 1.

    See Also
    --------
    plot_intervals : many intervals, one row each.

    Examples
    --------
    >>> import numpy as np, evalcore as ec
    >>> ax = ec.plot_sampling_distribution(np.random.default_rng(0).normal(0.76, 0.03, 500),
    ...                                    truth=0.76, interval=(0.70, 0.82))
    >>> ax.get_xlabel(), len(ax.patches) >= 30
    ('AUC', True)
    """
    data = _finite_1d(values, "values")
    truth = check_optional(check_real, truth, "truth")
    if interval is not None:
        if isinstance(interval, (str, bytes)) or np.ndim(interval) != 1 or len(interval) != 2:
            raise ValueError(f"interval must be a pair (low, high), got {interval!r}")
        low, high = (check_real(end, f"interval[{k}]") for k, end in enumerate(interval))
        if not (np.isfinite(low) and np.isfinite(high) and low <= high):
            raise ValueError(f"interval must be a pair (low, high) of finite numbers with "
                             f"low <= high, got {interval!r}")
    if isinstance(bins, (bool, np.bool_, numbers.Number)):
        bins = check_int(bins, "bins", low=1)
    ax = axes_or_new(ax)
    color = color or COLORS[0]
    ax.hist(data, bins=bins, density=True, color=color, alpha=0.6, label=label)
    top = ax.get_ylim()[1]
    if truth is not None:
        ax.axvline(truth, color="black", ls="--", lw=1.2, label="true value")
    if interval is not None:
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
    lows, highs : array-like of shape (m,)
        The interval ends, one per row; not NaN, ``lows <= highs``.
    estimates : array-like of shape (m,), default=None
        Point estimates, drawn as dots. ``None``: no dots.
    truth : float, default=None
        The population value: drawn as a line, and the intervals that miss it are marked.
        ``None``: no line, and every interval drawn alike.
    reference : float, default=None
        A value to compare with (0 for a difference), drawn as a plain line. ``None``: no
        line.
    labels : sequence of str, default=None
        Row names, one per row. ``None``: numbered rows, the y axis labelled "replication".
    ax : matplotlib Axes, default=None
        Where to draw. ``None``: a new figure's Axes.
    xlabel : str, default="AUC"
        The statistic's name.

    Returns
    -------
    matplotlib Axes
        The Axes drawn on.

    Raises
    ------
    TypeError
        If ``truth`` or ``reference`` is not a real number.
    ValueError
        If ``lows`` and ``highs`` are not 1-D of the same length, hold NaN, or a low end
        exceeds its high end; if ``estimates`` or ``labels`` do not have one entry per row;
        or if ``truth`` or ``reference`` is NaN.

    See Also
    --------
    plot_sampling_distribution : the distribution of the statistic itself.
    plot_interval_width : how the width shrinks with the sample size.

    Examples
    --------
    >>> import evalcore as ec
    >>> ax = ec.plot_intervals([0.6, 0.7, 0.8], [0.8, 0.9, 0.95], truth=0.75)
    >>> [text.get_text() for text in ax.get_legend().get_texts()]
    ['covers the truth (2)', 'misses it (1)', 'true value']
    """
    low, high = np.asarray(lows, dtype=float), np.asarray(highs, dtype=float)
    if low.shape != high.shape or low.ndim != 1:
        raise ValueError(f"lows and highs must be 1-D of the same length, got shapes "
                         f"{low.shape} and {high.shape}")
    if np.any(np.isnan(low)) or np.any(np.isnan(high)):
        raise ValueError("lows and highs must not hold NaN (an undefined interval): drop "
                         "those rows")
    if np.any(low > high):
        first = int(np.flatnonzero(low > high)[0])
        raise ValueError(f"lows must not exceed highs: row {first} has low {low[first]!r} > "
                         f"high {high[first]!r}")
    truth = check_optional(check_real, truth, "truth")
    reference = check_optional(check_real, reference, "reference")
    if estimates is not None:
        estimates = np.asarray(estimates, dtype=float)
        if estimates.shape != low.shape:
            raise ValueError(f"estimates must hold one value per interval ({low.size}), got "
                             f"shape {estimates.shape}")
    if labels is not None:
        if isinstance(labels, (str, bytes)):
            raise TypeError(f"labels must be a sequence of row names, not a single string: "
                            f"got {labels!r}")
        labels = list(labels)
        if len(labels) != low.size:
            raise ValueError(f"labels must name each interval: {low.size} rows but "
                             f"{len(labels)} labels")
    ax = axes_or_new(ax)
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
        ax.plot(estimates, rows, "o", ms=3 if low.size > 20 else 6, color="black")
    if labels is not None:
        ax.set_yticks(rows, labels)
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

    Parameters
    ----------
    sizes : array-like of shape (m,)
        Sample sizes, positive and finite.
    widths : array-like of shape (m,)
        The interval width at each size, positive and finite.
    ax : matplotlib Axes, default=None
        Where to draw. ``None``: a new figure's Axes.
    label, color : str, default=None
        Legend label and colour of the widths. ``None``: no entry, and the Axes' next
        colour.
    reference : bool, default=True
        Draw the 1/√n guide.

    Returns
    -------
    matplotlib Axes
        The Axes drawn on.

    Raises
    ------
    TypeError
        If ``reference`` is not a bool.
    ValueError
        If ``sizes`` and ``widths`` are not non-empty 1-D arrays of the same length holding
        positive finite numbers (both axes are logarithmic).

    See Also
    --------
    plot_intervals : the intervals themselves.

    Examples
    --------
    >>> import evalcore as ec
    >>> ax = ec.plot_interval_width([100, 400, 1600], [0.2, 0.1, 0.05], label="DeLong")
    >>> ax.get_xscale(), len(ax.lines)
    ('log', 2)
    """
    n, width = _finite_1d(sizes, "sizes"), _finite_1d(widths, "widths")
    if n.shape != width.shape:
        raise ValueError(f"sizes and widths must have the same length, got {n.size} and "
                         f"{width.size}")
    for data, name in ((n, "sizes"), (width, "widths")):
        if np.any(data <= 0):
            raise ValueError(f"{name} must be positive (the axes are logarithmic), got "
                             f"{data[data <= 0][0]!r}")
    reference = check_bool(reference, "reference")
    ax = axes_or_new(ax)
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
