"""The slider stack: one anywidget, a native range input over precomputed HTML panes.

The panes (HTML strings, for example :func:`evalcore.figure_pane` images) travel in the
widget's model; the front end (``_slider_stack.js``) renders an ``<input type="range">``, a
read-only ``<output>`` with the current label and only the current pane, so the static book
switches panes with no kernel. ``index`` is the single source of truth, in Python and in the
browser. This module is imported lazily by :func:`evalcore.widgets.slider_stack` because
anywidget is an optional dependency.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ._validation import check_int, check_one_of

_HERE = Path(__file__).parent
#: The ``size`` values: the widget's font size, which everything in it is measured in.
SIZES = ("normal", "large")


def check_index(index: Any, count: int) -> int:
    """``index`` as an ``int`` in ``[0, count - 1]``, or the error that names the rule broken
    (TypeError for a value that is not an integer, ValueError for one out of range)."""
    return check_int(index, "index", low=0, high=count - 1)


class _Checked(traitlets.TraitType):
    """A trait whose values go through the owner's ``_check_<name>`` (evalcore's errors)."""

    def validate(self, obj, value):
        return getattr(obj, f"_check_{self.name}")(value)


class SliderStack(anywidget.AnyWidget):
    """A labelled slider over precomputed panes; build one with :func:`evalcore.slider_stack`.

    ``index`` (synced with the browser) selects the pane shown; setting it from Python moves
    the slider in every view. ``panes`` and ``labels`` are fixed at construction.
    """

    _esm = _HERE / "_slider_stack.js"
    _css = _HERE / "_slider_stack.css"

    #: Marks the model in the page's embedded widget state (the browser tests count them).
    evalcore_widget = traitlets.Unicode("slider-stack", read_only=True).tag(sync=True)
    panes = traitlets.List(traitlets.Unicode(), read_only=True,
                           help="the HTML of each pane").tag(sync=True)
    labels = traitlets.List(traitlets.Unicode(), read_only=True,
                            help="the readout at each position").tag(sync=True)
    description = traitlets.Unicode(read_only=True,
                                     help="the slider's label (its accessible name)").tag(sync=True)
    size = _Checked("normal", help="'normal' or 'large' (a projector)").tag(sync=True)
    index = _Checked(0, help="the position shown").tag(sync=True)

    def __init__(self, panes: list[str], labels: list[str], description: str, *,
                 index: int = 0, size: str = "normal") -> None:
        # The read-only traits are set once, before the widget opens its comm, so the front
        # end receives the whole state at once; index is validated against the panes.
        self.set_trait("panes", list(panes))
        self.set_trait("labels", list(labels))
        self.set_trait("description", description)
        self.size = size
        self.index = index
        super().__init__()

    def _check_index(self, value) -> int:
        return check_index(value, max(len(self.panes), 1))

    def _check_size(self, value) -> str:
        return check_one_of(value, SIZES, "size")

    @property
    def label(self) -> str:
        """The label of the pane shown (the readout)."""
        return self.labels[self.index]

    def __repr__(self) -> str:
        return (f"SliderStack(description={self.description!r}, {len(self.panes)} panes, "
                f"index={self.index}, label={self.label!r})")
