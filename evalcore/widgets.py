"""Interactive controls that keep working in the static HTML book, with no kernel.

Everything a control shows is precomputed by evalcore; the browser only switches between
precomputed states (a :func:`slider_stack` holds every pane) or, in :func:`threshold_explorer`, counts and
divides from precomputed operating points, so moving a slider needs no Python.
"""

from __future__ import annotations

import io
from typing import Any, Iterable, Sequence


def figure_pane(fig, *, alt: str, dpi: int = 150) -> str:
    """``fig`` as the HTML of an inline PNG with ``alt`` text, a pane for :func:`slider_stack`.

    The figure is closed afterwards. The PNG travels inside the page (in the widget state of
    the static book), so nothing is fetched to show it.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure to show.
    alt : str
        What the figure shows, for screen-reader users (required, not empty).
    dpi : int
        The resolution of the PNG.

    Returns
    -------
    str
        ``<img src="data:image/png;base64,..." alt="..." width=... height=...>``, with the
        PNG's pixel size as ``width`` and ``height`` (its aspect ratio).

    Examples
    --------
    >>> import evalcore as ec
    >>> ax = ec.plot_roc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> pane = figure_pane(ax.figure, alt="ROC curve of the toy example")
    >>> pane.startswith('<img src="data:image/png;base64,')
    True
    >>> 'alt="ROC curve of the toy example"' in pane
    True
    """
    import base64
    import html

    import matplotlib.pyplot as plt

    if not isinstance(alt, str) or not alt.strip():
        raise ValueError("alt must describe the figure (a non-empty string) for screen-reader "
                         "users")
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight")
    plt.close(fig)
    png = buffer.getvalue()
    # the IHDR chunk: width and height, big-endian, right after the 8-byte signature
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    data = base64.b64encode(png).decode("ascii")
    return (f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt)}" '
            f'width="{width}" height="{height}" class="evalcore-figure">')


def slider_stack(panes: Sequence[Any], *, labels: Sequence[str], description: str,
                 index: int = 0, size: str = "normal"):
    """A slider that shows one of several precomputed panes, with no kernel needed.

    One widget: a native range input (arrow keys, PageUp/PageDown, Home/End) named by
    ``description``, a read-only readout showing the current label, and the current pane.
    The panes travel in the page, so the slider works in the static book.

    Parameters
    ----------
    panes : sequence of str or of objects with a ``.value`` str
        One pane of HTML per slider position, all computed in advance: :func:`figure_pane`
        images, HTML strings, or ``ipywidgets.HTML`` widgets (their ``.value`` is taken).
    labels : sequence of str
        The readout at each position (also what a screen reader says); as many as ``panes``.
    description : str
        The slider's label (its accessible name); not empty.
    index : int
        The position shown first.
    size : {"normal", "large"}
        ``"large"`` scales the slider and the figure up for a projector. Both are sized in em,
        so they also follow the notebook's font size.

    Returns
    -------
    SliderStack
        An anywidget. Its synced ``index`` trait is the single source of truth: set it from
        Python to move the slider in every view; ``.label`` is the current label.

    Examples
    --------
    >>> import evalcore as ec
    >>> stack = ec.slider_stack(["<p>a</p>", "<p>b</p>"], labels=["1", "2"],
    ...                         description="n")
    >>> stack.index = 1
    >>> stack.label
    '2'
    >>> stack
    SliderStack(description='n', 2 panes, index=1, label='2')
    """
    from ._slider_stack import SliderStack, check_index

    if isinstance(panes, (str, bytes)) or not isinstance(panes, Iterable):
        raise TypeError(f"panes must be a sequence of panes, got {type(panes).__name__}")
    html_panes = []
    for position, pane in enumerate(list(panes)):
        value = pane if isinstance(pane, str) else getattr(pane, "value", None)
        if not isinstance(value, str):
            raise TypeError(f"panes[{position}] must be an HTML string or have a str .value "
                            f"(ipywidgets.HTML, figure_pane), got {type(pane).__name__}")
        html_panes.append(value)
    if not html_panes:
        raise ValueError("panes must hold at least one pane")
    if isinstance(labels, (str, bytes)) or not isinstance(labels, Iterable):
        raise TypeError(f"labels must be a sequence of str, got {type(labels).__name__}")
    labels = [str(label) for label in labels]
    if len(labels) != len(html_panes):
        raise ValueError(f"labels has {len(labels)} entries but there are {len(html_panes)} "
                         f"panes: one label per pane")
    if not isinstance(description, str) or not description.strip():
        raise ValueError("description must be a non-empty string: it is the slider's label "
                         "and its accessible name")
    index = check_index(index, len(html_panes))
    return SliderStack(html_panes, labels, description, index=index, size=size)


def threshold_explorer(y_true: Any, y_score: Any, *, threshold: float | None = None,
                       rule: str = ">", balance: bool = False, max_copies: int = 10,
                       title: str = "", pos_label: Any = None, size: str = "normal",
                       show: Sequence[str] = ("matrix", "rates", "roc", "pr", "strip")):
    """A threshold slider with the confusion matrix, rates, ROC and PR points it gives.

    One widget that draws its own controls: a range input whose steps are the operating
    points (with K distinct scores, K + 1 of them; moving right raises θ; arrow keys move one
    operating point, PageUp/PageDown about a tenth, Home/End to the ends), radio buttons for
    the rule ``score > θ`` or ``score ≥ θ`` and, with ``balance=True``, a "copies of each
    negative" range input. It shows the confusion matrix (a real ``<table>``), the main rates,
    the current point on the ROC and precision–recall curves, and the scores by class on a
    line, those called positive filled and the others hollow. The front end computes
    everything from the scores evalcore sorted, with the same counts and divisions as
    :class:`ConfusionMatrix`, so the values equal ``confusion_matrix_at(y_true, y_score, θ,
    rule=rule)``; it works in the static book with no kernel and no network.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels; both classes must be present.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive. At most 50,000 (they travel in the page).
    threshold : float, optional
        The threshold shown first; default the median score. Any value is allowed; the slider
        sits at the operating point it gives.
    rule : {">", ">="}
        The rule shown first (the reader can switch it). Switching keeps θ; when θ sits on a
        score, the examples with that score change side.
    balance : bool
        Add a "copies of each negative" control (1 to ``max_copies``): counting each negative
        k times leaves the ROC curve where it is and moves the PR curve.
    max_copies : int
        The largest number of copies offered by the balance control.
    title : str
        A heading shown above the widget (also its accessible name).
    pos_label : optional
        The positive label when labels are not {0, 1}, {-1, 1} or booleans.
    size : {"normal", "large"}
        ``"large"`` scales the whole widget up for a projector. Everything is sized in em, so
        it also follows the notebook's font size.
    show : tuple of str
        The panels shown, among ``"matrix"``, ``"rates"``, ``"roc"``, ``"pr"`` and
        ``"strip"`` (all by default), to show only what a chapter has taught so far.

    Returns
    -------
    ThresholdExplorer
        An anywidget. Its synced traits ``.threshold``, ``.rule`` and ``.negative_copies`` are
        the state: set them from Python to move every view. ``.confusion_matrix()`` gives
        evalcore's matrix at the current state and ``.thresholds`` the K + 1 thresholds the
        slider steps through under the current rule: under ``>=`` the lowest score called
        positive (then a round value above every score), under ``>`` the highest score called
        negative (after a round value below every score).

    Examples
    --------
    Murphy's classifier 1 at θ = 0.5: example 5 scores exactly 0.5, so the rule decides it.

    >>> import evalcore as ec
    >>> y, s = ec.murphy_classifier(1)
    >>> explorer = ec.threshold_explorer(y, s, threshold=0.5)
    >>> explorer.threshold, explorer.rule
    (0.5, '>')
    >>> explorer.confusion_matrix()
    ConfusionMatrix(tp=4, fp=0, fn=1, tn=4)
    >>> explorer.rule = ">="           # θ stays; example 5 changes side
    >>> explorer.threshold, explorer.confusion_matrix()
    (0.5, ConfusionMatrix(tp=5, fp=0, fn=0, tn=4))
    >>> explorer.threshold = 0.35      # between two scores the rule does not matter
    >>> explorer.confusion_matrix()
    ConfusionMatrix(tp=5, fp=1, fn=0, tn=3)
    >>> explorer.thresholds.tolist()   # under >=: the lowest score called positive
    [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]
    >>> explorer.rule = ">"
    >>> explorer.thresholds.tolist()   # under >: the highest score called negative
    [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
    """
    from ._threshold_explorer import ThresholdExplorer

    return ThresholdExplorer(y_true, y_score, threshold=threshold, rule=rule, balance=balance,
                             max_copies=max_copies, title=title, pos_label=pos_label,
                             size=size, show=show)
