"""Interactive controls that keep working in the static HTML book, with no kernel.

Everything a control shows is precomputed by evalcore; the browser only switches between
precomputed states (through ``jslink``), so moving a slider needs no Python.
"""

from __future__ import annotations

import io
from typing import Any, Sequence


def figure_pane(fig, *, alt: str, dpi: int = 150):
    """An ``ipywidgets.HTML`` pane showing ``fig`` as an inline PNG with ``alt`` text.

    The figure is closed afterwards. The PNG travels inside the widget state, so the pane
    shows in the static book.
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
