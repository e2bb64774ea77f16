"""Interactive controls that keep working in the static HTML book, with no kernel.

Everything a control shows is precomputed by evalcore; the browser only switches between
precomputed states (through ``jslink``) or, in :func:`threshold_explorer`, counts and
divides from precomputed operating points, so moving a slider needs no Python.
"""

from __future__ import annotations

import io
from typing import Any, Sequence


def figure_pane(fig, *, alt: str, dpi: int = 150):
    """An ``ipywidgets.HTML`` pane showing ``fig`` as an inline PNG with ``alt`` text.

    The figure is closed afterwards. The PNG travels inside the widget state, so the pane
    shows in the static book.

    Examples
    --------
    >>> import evalcore as ec
    >>> ax = ec.plot_roc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> pane = figure_pane(ax.figure, alt="ROC curve of the toy example")
    >>> pane.value.startswith('<img src="data:image/png;base64,')
    True
    >>> 'alt="ROC curve of the toy example"' in pane.value
    True
    """
    import base64
    import html

    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    if not alt:
        raise ValueError("alt must describe the figure for screen-reader users")
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return widgets.HTML(f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt)}" '
                        f'style="max-width:100%;height:auto">')


def slider_stack(panes: Sequence[Any], *, labels: Sequence[str], description: str,
                 index: int = 0):
    """A slider that shows one of several precomputed panes, linked in the browser.

    Parameters
    ----------
    panes : sequence of widgets
        One widget per slider position (for example :func:`figure_pane` images or
        ``ipywidgets.HTML`` tables), all computed in advance.
    labels : sequence of str
        The slider's readout at each position; as many as ``panes``.
    description : str
        The slider's label (also its accessible name).
    index : int
        The position shown first.

    Returns
    -------
    ipywidgets.VBox
        The slider above an ``ipywidgets.Stack`` of the panes; ``jslink`` ties the slider's
        index to the stack's selected index, so it works in static HTML.

    Examples
    --------
    >>> import ipywidgets as widgets
    >>> box = slider_stack([widgets.HTML("a"), widgets.HTML("b")], labels=["1", "2"],
    ...                    description="n")
    >>> slider, stack = box.children
    >>> slider.index = 1
    >>> stack.selected_index  # jslink updates it in the browser; in Python we mirror it
    1
    """
    import ipywidgets as widgets

    panes, labels = list(panes), [str(label) for label in labels]
    if not panes:
        raise ValueError("panes must hold at least one widget")
    if len(labels) != len(panes):
        raise ValueError(f"labels has {len(labels)} entries but there are {len(panes)} panes: "
                         f"one label per pane")
    if not 0 <= index < len(panes):
        raise ValueError(f"index must lie in [0, {len(panes) - 1}], got {index}")
    slider = widgets.SelectionSlider(options=labels, index=index, description=description,
                                     continuous_update=True,
                                     style={"description_width": "initial"},
                                     layout=widgets.Layout(width="min(100%, 32rem)"))
    stack = widgets.Stack(children=panes, selected_index=index)
    widgets.jslink((slider, "index"), (stack, "selected_index"))
    # jslink acts in the front end; mirror it in Python so a kernel user sees the same state
    slider.observe(lambda change: setattr(stack, "selected_index", change["new"]), "index")
    box = widgets.VBox([slider, stack])
    box.add_class("evalcore-slider-stack")
    return box


def threshold_explorer(y_true: Any, y_score: Any, *, threshold: float | None = None,
                       rule: str = ">", balance: bool = False, max_copies: int = 10,
                       title: str = "", pos_label: Any = None):
    """A threshold slider with the confusion matrix, rates, ROC and PR points it gives.

    The reader moves the threshold θ (by dragging, or one operating point per arrow key) and
    sees the confusion matrix (a real ``<table>``), the main rates, the current point on the
    ROC curve and on the precision–recall curve, and the scores laid out by class with θ
    drawn through them. A radio control switches the rule between ``score > θ`` and
    ``score >= θ``. The front end computes everything from the scores evalcore sorted, with
    the same counts and divisions as :class:`ConfusionMatrix`, so the values equal
    ``confusion_matrix_at(y_true, y_score, θ, rule=rule)`` and the widget works in the static
    book with no kernel and no network.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels; both classes must be present.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive. At most 50,000 (they travel in the page).
    threshold : float, optional
        The threshold shown first; default the median score. A value between two scores is
        shown as the shortest decimal in that gap (same predictions).
    rule : {">", ">="}
        The rule shown first (the reader can switch it).
    balance : bool
        Add a "copies of each negative" slider (1 to ``max_copies``): counting each negative
        k times leaves the ROC curve where it is and moves the PR curve.
    max_copies : int
        The largest number of copies offered by the balance slider.
    title : str
        A heading shown above the widget.
    pos_label : optional
        The positive label when labels are not {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    ThresholdExplorer
        An ``ipywidgets.VBox``. In a live kernel ``.threshold``, ``.rule`` and
        ``.negative_copies`` read and set the state, ``.confusion_matrix()`` gives evalcore's
        matrix at the current state and ``.thresholds`` lists the slider's positions.

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
    >>> explorer.rule = ">="
    >>> explorer.confusion_matrix()
    ConfusionMatrix(tp=5, fp=0, fn=0, tn=4)
    >>> explorer.threshold = 0.35      # between two scores the rule does not matter
    >>> explorer.confusion_matrix()
    ConfusionMatrix(tp=5, fp=1, fn=0, tn=3)
    >>> explorer.thresholds[:6].tolist()   # a threshold in each gap, and each score
    [0.0, 0.1, 0.15, 0.2, 0.25, 0.3]
    """
    from ._threshold_explorer import ThresholdExplorer

    return ThresholdExplorer(y_true, y_score, threshold=threshold, rule=rule, balance=balance,
                             max_copies=max_copies, title=title, pos_label=pos_label)
