"""The self-check: a short question with instant feedback, as one anywidget.

A multiple-choice question shows radio buttons; picking one shows that choice's explanation
(why it is right, or why it is wrong). A number question shows a text field, a "Check" button
and a "Show answer" button; a wrong number shows the hint (or the explanation of a known
mistake), a right one the worked explanation. The front end (``_self_check.js``) does all of it
from the widget's state, so a self-check works in the static book with no kernel, live in
Jupyter and in the slides. This module is imported lazily by :func:`evalcore.widgets.self_check`
because anywidget is an optional dependency.
"""

from __future__ import annotations

import math
from pathlib import Path

import anywidget
import traitlets

from ._validation import check_int, check_one_of, check_real

_HERE = Path(__file__).parent
#: The ``size`` values: the widget's font size, which everything in it is measured in.
SIZES = ("normal", "large")


def answer_text(answer: float, tolerance: float) -> str:
    """``answer`` with as many decimals as ``tolerance`` asks the reader to type.

    A tolerance of 0.005 accepts answers that round to the same two decimals, so the answer
    is shown with two; a tolerance of 0 shows the answer to six significant digits.
    """
    if tolerance > 0:
        twice = 2 * tolerance           # beyond the floats for a tolerance near 1.8e308
        log = math.log10(twice) if math.isfinite(twice) else math.log10(tolerance) + math.log10(2)
        decimals = max(0, math.ceil(-log - 1e-9))
        return f"{answer:.{decimals}f}"
    return f"{answer:.6g}"


def close_enough(value: float, target: float, tolerance: float) -> bool:
    """``|value - target| <= tolerance``, with room for the rounding of the subtraction.

    0.475 - 0.47 is 0.0050000000000000044 in binary floating point; without the slack a
    reader who typed 0.475 for "0.47 to two decimals" would be told it is wrong. The front
    end applies the same rule.
    """
    return abs(value - target) <= tolerance * (1 + 1e-9) + 1e-12


class _Checked(traitlets.TraitType):
    """A trait whose values go through the owner's ``_check_<name>`` (evalcore's errors)."""

    def validate(self, obj, value):
        return getattr(obj, f"_check_{self.name}")(value)


class SelfCheck(anywidget.AnyWidget):
    """A question with instant feedback; build one with :func:`evalcore.self_check`.

    All the traits are fixed at construction; the reader's answers stay in the view (nothing
    is sent back to the kernel, so a self-check behaves the same with and without one).
    """

    _esm = _HERE / "_self_check.js"
    _css = _HERE / "_self_check.css"

    #: Marks the model in the page's embedded widget state (the browser tests find them by it).
    evalcore_widget = traitlets.Unicode("self-check", read_only=True).tag(sync=True)
    kind = traitlets.Unicode(read_only=True, help="'choice' or 'number'").tag(sync=True)
    question = traitlets.Unicode(read_only=True, help="the question").tag(sync=True)
    choices = traitlets.List(traitlets.Unicode(), read_only=True,
                             help="the choices of a multiple-choice question").tag(sync=True)
    explanations = traitlets.List(traitlets.Unicode(), read_only=True,
                                  help="one explanation per choice").tag(sync=True)
    answer_index = traitlets.Int(-1, read_only=True,
                                 help="the right choice (multiple choice)").tag(sync=True)
    answer = traitlets.Float(0.0, read_only=True, help="the right number").tag(sync=True)
    tolerance = traitlets.Float(0.0, read_only=True,
                                help="an answer this close counts as right").tag(sync=True)
    answer_label = traitlets.Unicode(read_only=True,
                                     help="the answer as 'Show answer' prints it").tag(sync=True)
    hint = traitlets.Unicode(read_only=True, help="shown on a wrong number").tag(sync=True)
    explain = traitlets.Unicode(read_only=True,
                                help="shown on a right number or 'Show answer'").tag(sync=True)
    mistakes = traitlets.List(traitlets.List(), read_only=True,
                              help="[value, explanation] pairs of known wrong answers").tag(sync=True)
    size = _Checked("normal", help="'normal' or 'large' (a projector)").tag(sync=True)

    def __init__(self, state: dict, *, size: str = "normal") -> None:
        # The read-only traits are set once, before the widget opens its comm, so the front
        # end receives the whole state at once.
        for name, value in state.items():
            self.set_trait(name, value)
        self.size = size
        super().__init__()

    def _check_size(self, value) -> str:
        return check_one_of(value, SIZES, "size")

    def check(self, response) -> bool:
        """Whether ``response`` (a choice's index, or a number) is a right answer.

        The same rule the front end applies: the right index, or a number within
        ``tolerance`` of the answer.
        """
        if self.kind == "choice":
            return check_int(response, "response") == self.answer_index
        return close_enough(check_real(response, "response"), self.answer, self.tolerance)

    def __repr__(self) -> str:
        what = f"{len(self.choices)} choices" if self.kind == "choice" else "a number"
        question = self.question if len(self.question) <= 60 else self.question[:57] + "..."
        return f"SelfCheck({what}: {question!r})"
