"""The slider stack: one anywidget, a native range input over precomputed HTML panes.

The panes (HTML strings, for example :func:`evalcore.figure_pane` images) travel in the
widget's model; the front end (``_slider_stack.js``) renders an ``<input type="range">``, a
read-only ``<output>`` with the current label and only the current pane, so the static book
switches panes with no kernel. ``index`` is the single source of truth, in Python and in the
browser. :class:`SliderStack` checks its arguments itself. This module is imported lazily by
:func:`evalcore.widgets.slider_stack` because anywidget is an optional dependency.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import traitlets

from ._widget_kit import CheckedTrait, EvalcoreWidget, check_sequence, check_size
from .core.options import check_int, check_text

_HERE = Path(__file__).parent


def check_index(index: Any, count: int) -> int:
    """``index`` as an ``int`` in ``[0, count - 1]``, or the error that names the rule broken
    (TypeError for a value that is not an integer, ValueError for one out of range)."""
    return check_int(index, "index", low=0, high=count - 1)


def check_panes(panes: Any) -> list[str]:
    """``panes`` as a non-empty list of HTML strings: each pane is a str or has a str
    ``.value`` (``ipywidgets.HTML``, :func:`evalcore.figure_pane`), which is taken."""
    html_panes = []
    for position, pane in enumerate(check_sequence(panes, "panes", of="panes")):
        value = pane if isinstance(pane, str) else getattr(pane, "value", None)
        if not isinstance(value, str):
            raise TypeError(f"panes[{position}] must be an HTML string or have a str .value "
                            f"(ipywidgets.HTML, figure_pane), got {type(pane).__name__}")
        html_panes.append(value)
    if not html_panes:
        raise ValueError("panes must hold at least one pane")
    return html_panes


def check_pane_labels(labels: Any, count: int) -> list[str]:
    """``labels`` as ``count`` strings, one per pane; numbers are shown as text."""
    labels = check_sequence(labels, "labels")
    for position, label in enumerate(labels):
        # numbers are shown as text (str(20) -> "20"); None, a bool or an object is a mistake
        if not isinstance(label, (str, int, float, np.integer, np.floating)) \
                or isinstance(label, (bool, np.bool_)):
            raise TypeError(f"labels[{position}] must be a str (or a number, shown as text), "
                            f"got {label!r} ({type(label).__name__})")
    labels = [str(label) for label in labels]
    if len(labels) != count:
        raise ValueError(f"labels has {len(labels)} entries but there are {count} "
                         f"panes: one label per pane")
    return labels


class SliderStack(EvalcoreWidget):
    """A labelled slider over precomputed panes; build one with :func:`evalcore.slider_stack`.

    ``index`` (synced with the browser) selects the pane shown; setting it from Python moves
    the slider in every view. ``panes`` and ``labels`` are fixed at construction.
    """

    _esm = _HERE / "_slider_stack.js"
    _css = _HERE / "_slider_stack.css"

    evalcore_widget = traitlets.Unicode("slider-stack", read_only=True).tag(sync=True)
    panes = traitlets.List(traitlets.Unicode(), read_only=True,
                           help="the HTML of each pane").tag(sync=True)
    labels = traitlets.List(traitlets.Unicode(), read_only=True,
                            help="the readout at each position").tag(sync=True)
    description = traitlets.Unicode(read_only=True,
                                     help="the slider's label (its accessible name)").tag(sync=True)
    index = CheckedTrait(0, help="the position shown").tag(sync=True)

    def __init__(self, panes: Any, *, labels: Any, description: str, index: int = 0,
                 size: str = "normal") -> None:
        panes = check_panes(panes)
        labels = check_pane_labels(labels, len(panes))
        description = check_text(description, "description", required=True,
                                 kind="a str (the slider's label)",
                                 blank="must be a non-empty string: it is the slider's label "
                                       "and its accessible name")
        index = check_index(index, len(panes))
        size = check_size(size)
        self._set_fixed(panes=panes, labels=labels, description=description)
        self.size = size
        self.index = index
        super().__init__()

    def _check_index(self, value) -> int:
        return check_index(value, max(len(self.panes), 1))

    @property
    def label(self) -> str:
        """The label of the pane shown (the readout)."""
        return self.labels[self.index]

    def __repr__(self) -> str:
        return (f"SliderStack(description={self.description!r}, {len(self.panes)} panes, "
                f"index={self.index}, label={self.label!r})")
