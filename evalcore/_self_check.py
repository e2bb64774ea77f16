"""The self-check: a short question with instant feedback, as one anywidget.

A multiple-choice question shows radio buttons; picking one shows that choice's explanation
(why it is right, or why it is wrong). A number question shows a text field, a "Check" button
and a "Show answer" button; a wrong number shows the hint (or the explanation of a known
mistake, or why the number is impossible), a right one the worked explanation. The front end
(``_self_check.js``) does all of it from the widget's state, so a self-check works in the
static book with no kernel, live in Jupyter and in the slides. :class:`SelfCheck` checks its
arguments itself. This module is imported lazily by :func:`evalcore.widgets.self_check`
because anywidget is an optional dependency.

The front end's rules have their mirror here, function for function: :func:`close_enough`
(``closeEnough``), :func:`parse_answer` (``parseAnswer``), :func:`strip_verdict`
(``stripVerdict``), :func:`judge_number` and :func:`judge_choice` (``judgeNumber``,
``judgeChoice``), :func:`shown_answer` (``shownAnswer``) and :func:`is_relative_href`
(``isRelativeHref``). ``tests/widgets/test_self_check.py`` and
``tests/book/test_self_check_browser.py`` run the two sides on the same cases.

The verdict is said once. The widget writes it ("Right:", "Not quite:", "Impossible:"); a
text it shows after it (an explanation, a hint, a mistake's explanation, why a value is
impossible) loses an opening verdict of its own, "Right:", "Correct:", "Yes:", "No:", "Not
quite:", "Wrong:" or "Incorrect:" (or with "." or "!"), so the book's "Right: a lower θ ..."
reads "Right: a lower θ ...", not "Right. Right: a lower θ ...". The texts are stored as they
were given; only the display leaves the word out.
"""

from __future__ import annotations

import decimal
import math
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import traitlets

from ._widget_kit import EvalcoreWidget, check_sequence, check_size
from .core.options import check_int, check_positive, check_real, check_text
from .core.validation import shown

_HERE = Path(__file__).parent

#: The decimals ``decimals=`` may ask for: beyond 15, a float has no more to give.
MAX_DECIMALS = 15


def fixed(answer: float, decimals: int) -> str:
    """``answer`` to ``decimals`` decimals, rounded as a reader rounds the number they see:
    half away from zero, from the shortest decimal that reads back as ``answer``
    (``0.625`` -> ``"0.63"`` and ``0.745`` -> ``"0.75"``, where ``f"{x:.2f}"`` gives
    ``"0.62"`` and ``"0.74"``), and never ``"-0.00"``."""
    with decimal.localcontext() as context:
        context.prec = 1000                  # room for 1e308 to 15 decimals
        rounded = decimal.Decimal(repr(answer)).quantize(decimal.Decimal(1).scaleb(-decimals),
                                                         rounding=decimal.ROUND_HALF_UP)
        return f"{abs(rounded) if rounded == 0 else rounded:f}"


def answer_text(answer: float, tolerance: float) -> str:
    """``answer`` with as many decimals as ``tolerance`` asks the reader to type.

    A tolerance of 0.005 accepts answers that round to the same two decimals, so the answer
    is shown with two; a tolerance of 0 shows the answer to six significant digits.
    """
    if tolerance > 0:
        twice = 2 * tolerance           # beyond the floats for a tolerance near 1.8e308
        log = math.log10(twice) if math.isfinite(twice) else math.log10(tolerance) + math.log10(2)
        decimals = max(0, math.ceil(-log - 1e-9))
        return fixed(answer, decimals)
    return f"{answer:.6g}"


def decimals_tolerance(decimals: int) -> float:
    """The tolerance of an answer asked for to ``decimals`` decimals: half a unit of the last
    one, 0.5·10^-decimals (0.005 for two), so every number that rounds to the answer's
    ``decimals`` decimals is right, and so is one typed more precisely."""
    return 0.5 * 10.0 ** -decimals


def close_enough(value: float, target: float, tolerance: float) -> bool:
    """``|value - target| <= tolerance``, with room for the rounding of the subtraction.

    0.475 - 0.47 is 0.0050000000000000044 in binary floating point; without the slack a
    reader who typed 0.475 for "0.47 to two decimals" would be told it is wrong. The front
    end applies the same rule.
    """
    return abs(value - target) <= tolerance * (1 + 1e-9) + 1e-12


# --- the front end's rules, mirrored -------------------------------------------------------

#: The white space of a typed answer: JavaScript's, spelled out as the front end spells it.
_SPACE = ("\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
          "\ufeff")
_SPACE_CHARS = "\t\n\v\f\r \u00a0\u1680" + "".join(map(chr, range(0x2000, 0x200b))) + \
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
_SPACES = re.compile(f"[{_SPACE}]+")
_COMMA = re.compile(r"[-+]?[0-9]+,[0-9]+", re.ASCII)
_NUMBER = re.compile(r"[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)(e[-+]?[0-9]+)?", re.ASCII | re.I)
_FRACTION = re.compile(r"([-+]?[0-9]+)/([0-9]+)", re.ASCII)
_OWN_VERDICT = re.compile(
    f"\\A[{_SPACE}]*(?:right|correct|yes|not quite|no|wrong|incorrect)[{_SPACE}]*[:.!]"
    f"(?:[{_SPACE}]+|\\Z)", re.ASCII | re.I)
_SCHEME = re.compile(r"[a-z][a-z0-9+.-]*:", re.ASCII | re.I)


def parse_answer(text: str) -> float:
    """A typed answer as a number, as the front end reads it: ``"0.47"``, ``"0,47"``,
    ``".47"``, ``"-1e-3"``, ``"47%"`` (0.47), ``"47,5%"``, ``"3/4"`` (0.75), with white space
    anywhere and "−" (U+2212) for a minus; ``nan`` for anything else (and for a number beyond
    the floats)."""
    t = _SPACES.sub("", str(text).replace("\u2212", "-"))
    if not t:
        return math.nan
    scale = 1.0
    if t.endswith("%"):
        scale, t = 0.01, t[:-1]
    if _COMMA.fullmatch(t):                       # a decimal comma: "0,47", "95,8%"
        t = t.replace(",", ".", 1)
    value = math.nan
    if fraction := _FRACTION.fullmatch(t):
        den = float(fraction.group(2))
        value = math.nan if den == 0 else float(fraction.group(1)) / den
    elif _NUMBER.fullmatch(t):
        value = float(t)
    return value * scale if math.isfinite(value) else math.nan


def strip_verdict(text: str) -> str:
    """``text`` without an opening verdict of its own (``"Right: the ..."`` -> ``"the ..."``);
    the widget says the verdict itself, once. Any other text comes back as it is (trimmed)."""
    return _OWN_VERDICT.sub("", str(text), count=1).strip(_SPACE_CHARS)


class Judgement(NamedTuple):
    """What the self-check shows: its verdict (``"right"``, ``"wrong"``, ``"impossible"``,
    ``"invalid"`` or ``"shown"``), the words that say it, and what follows them."""

    verdict: str
    lead: str
    text: str

    @property
    def line(self) -> str:
        """The feedback as one line of text, as the reader sees it."""
        return " ".join(part for part in (self.lead, self.text) if part)


def _judged(verdict: str, lead: str, text: str) -> Judgement:
    rest = strip_verdict(text)
    # "Right." alone when the explanation was nothing but its own verdict
    return Judgement(verdict, lead if rest else re.sub(r":$", ".", lead), rest)


def _impossible(value: float, possible: dict | None) -> bool:
    if not possible:
        return False
    low, high = possible.get("low"), possible.get("high")
    return (low is not None and value < low) or (high is not None and value > high)


def judge_value(value: float, state: dict) -> Judgement:
    """The verdict on a number, from a number question's state: right (within the
    tolerance), then a known mistake, then an impossible value, then the hint."""
    if close_enough(value, state["answer"], state["tolerance"]):
        return _judged("right", "Right:", state["explain"])
    for wrong, why in state.get("mistakes") or []:
        if close_enough(value, float(wrong), state["tolerance"]):
            return _judged("wrong", "Not quite:", why)
    if _impossible(value, state.get("possible")):
        return _judged("impossible", "Impossible:", state["possible"]["why"])
    return _judged("wrong", "Not quite:", state["hint"])


def judge_number(typed: str, state: dict) -> Judgement:
    """The verdict on a typed answer, as the front end's ``judgeNumber`` gives it."""
    value = parse_answer(typed)
    if math.isnan(value):
        return Judgement("invalid", "", "Type a number, for example 0.25, 25% or 1/4.")
    return judge_value(value, state)


def judge_choice(index: int, state: dict) -> Judgement:
    """The verdict on a picked choice, as the front end's ``judgeChoice`` gives it."""
    right = index == state["answer_index"]
    explanations = state.get("explanations") or []
    why = explanations[index] if 0 <= index < len(explanations) else ""
    return _judged("right" if right else "wrong", "Right:" if right else "Not quite:", why)


def shown_answer(state: dict) -> Judgement:
    """What "Show answer" shows."""
    return _judged("shown", f"The answer is {state['answer_label']}.", state["explain"])


def _has_unsafe_character(href: str) -> bool:
    return any(c == "\\" or ord(c) <= 0x20 or 0x7f <= ord(c) <= 0x9f or c in _SPACE_CHARS
               for c in href)


def is_relative_href(href: Any) -> bool:
    """Whether ``href`` is a relative URL that stays on this machine: a non-empty str with
    no scheme (``https:``, ``javascript:``), not starting with ``//``, and holding no white
    space, control character or backslash (a browser drops them or reads ``\\`` as ``/``,
    which could make either). The front end's ``isRelativeHref``."""
    return (isinstance(href, str) and bool(href) and not _has_unsafe_character(href)
            and not _SCHEME.match(href) and not href.startswith("//"))


# --- the arguments, checked ------------------------------------------------------------------

def _check_finite(value: Any, name: str) -> float:
    """``value`` as a float if it is a finite real number."""
    return check_real(value, name, low=-math.inf, high=math.inf, low_open=True, high_open=True)


def _check_texts(values: Any, name: str) -> list[str]:
    """``values`` as a list of non-empty strings, each error naming ``name[i]``."""
    return [check_text(value, f"{name}[{i}]", required=True)
            for i, value in enumerate(check_sequence(values, name))]


def _check_tuple(value: Any, name: str, fields: str, size: int) -> tuple:
    """``value`` as a tuple of ``size`` items if it is a tuple or a list of that length."""
    if not isinstance(value, (tuple, list)):
        raise TypeError(f"{name} must be a tuple {fields}, got {shown(value)} "
                        f"({type(value).__name__})")
    if len(value) != size:
        raise ValueError(f"{name} must be a tuple {fields} of {size} items, got {len(value)}")
    return tuple(value)


def _check_bound(value: Any, name: str) -> float:
    """``value`` as a float if it is a real number or ±inf (not nan)."""
    if isinstance(value, (float, np.floating)) and math.isnan(value):
        raise ValueError(f"{name} must be a real number or ±inf, got nan")
    return check_real(value, name)


def _check_possible(possible: Any, answer: float) -> dict | None:
    """The synced form of ``possible=(low, high, why)``: an infinite end is ``None`` (JSON
    has no infinity), checked: low < high, the answer between them, ``why`` not empty."""
    if possible is None:
        return None
    low, high, why = _check_tuple(possible, "possible", "(low, high, why)", 3)
    low = _check_bound(low, "possible[0] (low)")
    high = _check_bound(high, "possible[1] (high)")
    if not low < high:
        raise ValueError(f"possible must have low < high, got low={low!r} and high={high!r}")
    if not low <= answer <= high:
        raise ValueError(f"possible must hold the answer between low and high: {answer!r} "
                         f"lies outside [{low!r}, {high!r}]")
    why = check_text(why, "possible[2] (why)", required=True)
    return {"low": low if math.isfinite(low) else None,
            "high": high if math.isfinite(high) else None, "why": why}


def _check_reread(reread: Any) -> dict | None:
    """The synced form of ``reread=(link text, href)``, checked: both non-empty, the href a
    relative URL (the book never sends its reader off the machine)."""
    if reread is None:
        return None
    text, href = _check_tuple(reread, "reread", "(link text, href)", 2)
    text = check_text(text, "reread[0] (the link text)", required=True)
    href = check_text(href, "reread[1] (the href)", required=True)
    if _has_unsafe_character(href):
        broken = "holds white space, a control character or a backslash"
    elif _SCHEME.match(href):
        broken = f"has a scheme ({_SCHEME.match(href).group(0)!r})"
    elif href.startswith("//"):
        broken = "starts with '//'"
    else:
        return {"text": text, "href": href}
    raise ValueError(f"reread[1] (the href) must be a relative URL such as "
                     f"'05_auc.html#the-auc-as-a-probability' (no scheme, no '//' start, no "
                     f"white space or backslash), so that the book makes no request off the "
                     f"machine; {href!r} {broken}")


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
    decimals = traitlets.Int(None, allow_none=True, read_only=True,
                             help="the decimals the question asks for (None: see tolerance)"
                             ).tag(sync=True)
    possible = traitlets.Dict(None, allow_none=True, read_only=True,
                              help="{low, high, why}: outside [low, high] a number is "
                                   "impossible, and why is shown (an infinite end is None)"
                              ).tag(sync=True)
    reread = traitlets.Dict(None, allow_none=True, read_only=True,
                            help="{text, href}: the 'Reread' link under every feedback"
                            ).tag(sync=True)

    def __init__(self, question: str, *, answer: Any, choices: Sequence[str] | None = None,
                 explanations: Sequence[str] | None = None, tolerance: float = 0.0,
                 decimals: int | None = None, hint: str = "", explain: str = "",
                 mistakes: Any = None, possible: tuple[float, float, str] | None = None,
                 reread: tuple[str, str] | None = None, answer_label: str | None = None,
                 size: str = "normal") -> None:
        size = check_size(size)
        question = check_text(question, "question", required=True)
        if choices is not None:
            fixed = self._choice_state(choices, explanations, answer, decimals, possible)
        else:
            fixed = self._number_state(answer, explanations, tolerance, decimals, hint,
                                       explain, mistakes, possible, answer_label)
        self._set_fixed(question=question, reread=_check_reread(reread), **fixed)
        self.size = size
        super().__init__()

    @staticmethod
    def _choice_state(choices: Any, explanations: Any, answer: Any, decimals: Any,
                      possible: Any) -> dict[str, Any]:
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
        for name, value in (("decimals", decimals), ("possible", possible)):
            if value is not None:
                raise ValueError(f"{name} goes with a number question; a multiple-choice "
                                 f"question takes choices, explanations and answer")
        answer = check_int(answer, "answer (the index of the right choice)", low=0,
                           high=len(choices) - 1)
        return dict(kind="choice", choices=choices, explanations=explanations,
                    answer_index=answer)

    @staticmethod
    def _number_state(answer: Any, explanations: Any, tolerance: Any, decimals: Any,
                      hint: Any, explain: Any, mistakes: Any, possible: Any,
                      answer_label: Any) -> dict[str, Any]:
        """The read-only traits of a number question, its arguments checked."""
        if explanations is not None:
            raise ValueError("explanations go with choices; a number question takes hint and "
                             "explain")
        answer = _check_finite(answer, "answer")
        tolerance = check_positive(tolerance, "tolerance", allow_zero=True)
        if decimals is not None:
            decimals = check_int(decimals, "decimals", low=0, high=MAX_DECIMALS)
            if tolerance != 0:
                raise ValueError(f"decimals and tolerance cannot both be given (decimals="
                                 f"{decimals} means tolerance={decimals_tolerance(decimals)!r}): "
                                 f"give one of them")
            tolerance = decimals_tolerance(decimals)
        if mistakes is not None and not hasattr(mistakes, "items"):
            raise TypeError(f"mistakes must be a mapping of numbers to explanations, "
                            f"got {type(mistakes).__name__}")
        pairs = [[_check_finite(value, "mistakes' keys"),
                  check_text(why, f"mistakes[{value!r}]", required=True)]
                 for value, why in dict(mistakes or {}).items()]
        if answer_label is not None:
            label = check_text(answer_label, "answer_label", required=True)
        elif decimals is not None:
            label = fixed(answer, decimals)
        else:
            label = answer_text(answer, tolerance)
        return dict(kind="number", answer=answer, tolerance=tolerance, decimals=decimals,
                    hint=check_text(hint, "hint", required=True),
                    explain=check_text(explain, "explain", required=True), mistakes=pairs,
                    possible=_check_possible(possible, answer), answer_label=label)

    def _state(self) -> dict[str, Any]:
        """The traits the front end reads, by name (what the page embeds)."""
        return {name: getattr(self, name) for name in self.keys if not name.startswith("_")}

    def check(self, response) -> bool:
        """Whether ``response`` (a choice's index, or a number) is a right answer.

        The same rule the front end applies: the right index, or a number within
        ``tolerance`` of the answer (an impossible number is not right). For what a reader
        types, as text, see :meth:`feedback`.
        """
        if self.kind == "choice":
            return check_int(response, "response") == self.answer_index
        return judge_value(check_real(response, "response"), self._state()).verdict == "right"

    def feedback(self, response) -> Judgement:
        """What the front end shows for ``response``: a choice's index, or for a number
        question what the reader types (a str, read as the front end reads it: ``"0,96"``,
        ``"96%"``, ``"23/24"``) or a number. A :class:`Judgement` (``verdict``, ``lead``,
        ``text``; ``.line`` is the whole line)."""
        if self.kind == "choice":
            return judge_choice(check_int(response, "response", low=0,
                                          high=len(self.choices) - 1), self._state())
        if isinstance(response, str):
            return judge_number(response, self._state())
        return judge_value(check_real(response, "response"), self._state())

    def shown_answer(self) -> Judgement:
        """What "Show answer" shows (a number question)."""
        return shown_answer(self._state())

    def __repr__(self) -> str:
        what = f"{len(self.choices)} choices" if self.kind == "choice" else "a number"
        question = self.question if len(self.question) <= 60 else self.question[:57] + "..."
        return f"SelfCheck({what}: {question!r})"
