"""What every evalcore widget is built from: one base class, one checked trait, one vocabulary.

Each widget (the threshold explorer, the distribution explorer, the slider stack, the
self-check) is one anywidget that owns its controls; its synced traits are the single source of
truth, in Python and in every view. A trait the reader can change goes through the widget's
``_check_<name>`` method whether it is set from Python or from the browser, so both get
evalcore's errors (:mod:`evalcore.core.validation`'s vocabulary). The widgets' modules, and this
one, are imported lazily by :mod:`evalcore.widgets` because anywidget is an optional dependency.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import anywidget
import traitlets

from .core.options import check_one_of

#: The ``size`` values: the widget's font size, which everything in it is measured in.
SIZES = ("normal", "large")


def check_size(size: Any) -> str:
    """``size`` if it is one of :data:`SIZES`; otherwise the error naming ``size``."""
    return check_one_of(size, SIZES, "size")


def check_sequence(value: Any, name: str, *, of: str = "str") -> list:
    """``value`` as a list if it is a sequence (not a str or bytes); otherwise the TypeError
    "``name`` must be a sequence of ``of``". Its entries are the caller's to check."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be a sequence of {of}, got {type(value).__name__}")
    return list(value)


def check_panels(show: Any, panels: tuple[str, ...]) -> list[str]:
    """``show`` (a sequence of panel names from ``panels``) in the order of ``panels``.

    Not a sequence, or an entry that is not a str: TypeError; an unknown name or none at all:
    ValueError. Both name ``show``.
    """
    if isinstance(show, (str, bytes, dict)) or not isinstance(show, Iterable):
        raise TypeError(f"show must be a tuple of panel names from {panels}, got {show!r}")
    show = list(show)
    for name in show:
        if not isinstance(name, str):
            raise TypeError(f"show must be a tuple of panel names from {panels}: it holds "
                            f"{name!r} ({type(name).__name__})")
    unknown = [name for name in show if name not in panels]
    if unknown or not show:
        raise ValueError(f"show must name at least one panel of {panels}, got {tuple(show)!r}")
    return [name for name in panels if name in show]


class CheckedTrait(traitlets.TraitType):
    """A trait whose values go through the owner's ``_check_<name>`` (evalcore's errors)."""

    def validate(self, obj, value):
        return getattr(obj, f"_check_{self.name}")(value)


class EvalcoreWidget(anywidget.AnyWidget):
    """The base of evalcore's widgets: the traits they share and how their state is set.

    A subclass sets its own ``_esm`` and ``_css`` (its front end), gives ``evalcore_widget``
    its name, and in ``__init__`` validates its arguments, calls :meth:`_set_fixed` with the
    read-only traits, sets its checked traits (``size`` among them), and only then calls
    ``super().__init__()``: the widget opens its comm there, so the front end receives the
    whole state at once.
    """

    #: Marks the model in the page's embedded widget state (the browser tests find them by it).
    evalcore_widget = traitlets.Unicode("", read_only=True).tag(sync=True)
    size = CheckedTrait("normal", help="'normal' or 'large' (a projector)").tag(sync=True)

    def _set_fixed(self, **traits: Any) -> None:
        """Set the read-only traits (once, before ``super().__init__()`` opens the comm)."""
        for name, value in traits.items():
            self.set_trait(name, value)

    # --- validation of the state (from Python and from the browser alike) --------------------
    def _check_size(self, value) -> str:
        return check_size(value)
