"""The self-check: a short question with instant feedback, as one anywidget.

A multiple-choice question shows radio buttons; picking one shows that choice's explanation
(why it is right, or why it is wrong). A number question shows a text field, a "Check" button
and a "Show answer" button; a wrong number shows the hint (or the explanation of a known
mistake), a right one the worked explanation. The front end (``_self_check.js``) does all of it
from the widget's state, so a self-check works in the static book with no kernel, live in
Jupyter and in the slides. :class:`SelfCheck` checks its arguments itself. This module is
imported lazily by :func:`evalcore.widgets.self_check` because anywidget is an optional
dependency.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import traitlets

from ._validation import check_int, check_positive, check_real, check_text
from ._widget_kit import EvalcoreWidget, check_sequence, check_size

_HERE = Path(__file__).parent


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


def _check_finite(value: Any, name: str) -> float:
    """``value`` as a float if it is a finite real number."""
    return check_real(value, name, low=-math.inf, high=math.inf, low_open=True, high_open=True)


def _check_texts(values: Any, name: str) -> list[str]:
    """``values`` as a list of non-empty strings, each error naming ``name[i]``."""
    return [check_text(value, f"{name}[{i}]", required=True)
            for i, value in enumerate(check_sequence(values, name))]


class SelfCheck(EvalcoreWidget):
    """A question with instant feedback; build one with :func:`evalcore.self_check`.

    All the traits are fixed at construction; the reader's answers stay in the view (nothing
    is sent back to the kernel, so a self-check behaves the same with and without one).
    """

    _esm = _HERE / "_self_check.js"
    _css = _HERE / "_self_check.css"

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

    def __init__(self, question: str, *, answer: Any, choices: Sequence[str] | None = None,
                 explanations: Sequence[str] | None = None, tolerance: float = 0.0,
                 hint: str = "", explain: str = "", mistakes: Any = None,
                 answer_label: str | None = None, size: str = "normal") -> None:
        size = check_size(size)
        question = check_text(question, "question", required=True)
        if choices is not None:
            fixed = self._choice_state(choices, explanations, answer)
        else:
            fixed = self._number_state(answer, explanations, tolerance, hint, explain,
                                       mistakes, answer_label)
        self._set_fixed(question=question, **fixed)
        self.size = size
        super().__init__()

    @staticmethod
    def _choice_state(choices: Any, explanations: Any, answer: Any) -> dict[str, Any]:
        """The read-only traits of a multiple-choice question, its arguments checked."""
        choices = _check_texts(choices, "choices")
        if len(choices) < 2:
            raise ValueError(f"choices must hold at least two choices, got {len(choices)}")
        if explanations is None:
            raise ValueError("explanations is required with choices: one per choice, saying "
                             "why it is right or why it is wrong")
        explanations = _check_texts(explanations, "explanations")
        if len(explanations) != len(choices):
            raise ValueError(f"explanations has {len(explanations)} entries for {len(choices)} "
                             f"choices: one explanation per choice")
        answer = check_int(answer, "answer (the index of the right choice)", low=0,
                           high=len(choices) - 1)
        return dict(kind="choice", choices=choices, explanations=explanations,
                    answer_index=answer)

    @staticmethod
    def _number_state(answer: Any, explanations: Any, tolerance: Any, hint: Any, explain: Any,
                      mistakes: Any, answer_label: Any) -> dict[str, Any]:
        """The read-only traits of a number question, its arguments checked."""
        if explanations is not None:
            raise ValueError("explanations go with choices; a number question takes hint and "
                             "explain")
        answer = _check_finite(answer, "answer")
        tolerance = check_positive(tolerance, "tolerance", allow_zero=True)
        if mistakes is not None and not hasattr(mistakes, "items"):
            raise TypeError(f"mistakes must be a mapping of numbers to explanations, "
                            f"got {type(mistakes).__name__}")
        pairs = [[_check_finite(value, "mistakes' keys"),
                  check_text(why, f"mistakes[{value!r}]", required=True)]
                 for value, why in dict(mistakes or {}).items()]
        label = answer_text(answer, tolerance) if answer_label is None \
            else check_text(answer_label, "answer_label", required=True)
        return dict(kind="number", answer=answer, tolerance=tolerance,
                    hint=check_text(hint, "hint", required=True),
                    explain=check_text(explain, "explain", required=True), mistakes=pairs,
                    answer_label=label)

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
