"""The threshold explorer: one anywidget that draws its own controls (``_explorer.js``).

evalcore does the precomputation here (the scores sorted with their labels and two round end
thresholds); the front end finds the operating point of a threshold by binary search, counts
and divides, so it works in the static book with no kernel. The model's ``threshold``,
``rule`` and ``negative_copies`` are the single source of truth, in Python and in every view.
This module is imported lazily by :func:`evalcore.widgets.threshold_explorer` because
anywidget is an optional dependency.
"""

from __future__ import annotations

import math
import numbers
from pathlib import Path
from typing import Any

import anywidget
import numpy as np
import traitlets

from ._ranking import tie_groups
from ._validation import check_binary_scores, check_one_of, check_rule, check_threshold
from .confusion import ConfusionMatrix, confusion_matrix_at

_HERE = Path(__file__).parent
#: More scores than this would make the page heavy (each score travels in the page).
MAX_SCORES = 50_000
#: The ``size`` values: the widget's font size, which everything in it is measured in.
SIZES = ("normal", "large")
#: The panels the explorer can show, in the order it shows them.
PANELS = ("matrix", "rates", "roc", "pr", "strip")


def _round_number(value: float, step: float, direction) -> float:
    return float(f"{direction(value / step) * step:.12g}")


def end_thresholds(low_score: float, high_score: float) -> tuple[float, float]:
    """Round thresholds just outside ``[low_score, high_score]`` (0 and 1 for scores in (0, 1))."""
    spread = high_score - low_score
    if spread <= 0 or not math.isfinite(spread):
        spread = max(abs(low_score), 1.0)
    step = 10.0 ** math.floor(math.log10(spread))
    if spread / step < 2:               # a finer step keeps the ends close: (0, 1) -> -0.1, 1.1
        step /= 10
    low = _round_number(low_score, step, math.floor)
    high = _round_number(high_score, step, math.ceil)
    if low >= low_score:                # the score is round itself: one step out
        low = float(f"{low - step:.12g}")
    if high <= high_score:
        high = float(f"{high + step:.12g}")
    if not low < low_score:             # rounding could not separate it: use the next float
        low = float(np.nextafter(low_score, -np.inf))
    if not high > high_score:
        high = float(np.nextafter(high_score, np.inf))
    return low, high


def representative_thresholds(distinct: np.ndarray, low: float, high: float,
                              rule: str) -> np.ndarray:
    """The threshold of each of the K + 1 positions under ``rule``.

    Position p calls the distinct scores ``distinct[p:]`` positive. Under ``">="`` its threshold
    is the lowest score called positive (``high`` for the last position); under ``">"`` the
    highest score called negative (``low`` for the first).
    """
    if rule == ">=":
        return np.concatenate([distinct, [high]]).astype(float)
    return np.concatenate([[low], distinct]).astype(float)


def _check_show(show: Any) -> list[str]:
    if isinstance(show, str) or not isinstance(show, (list, tuple)):
        raise TypeError(f"show must be a tuple of panel names from {PANELS}, got {show!r}")
    unknown = [name for name in show if name not in PANELS]
    if unknown or not show:
        raise ValueError(f"show must name at least one panel of {PANELS}, got {tuple(show)!r}")
    return [name for name in PANELS if name in show]


class _Checked(traitlets.TraitType):
    """A trait whose values go through the owner's ``_check_<name>`` (evalcore's errors)."""

    def validate(self, obj, value):
        return getattr(obj, f"_check_{self.name}")(value)


class ThresholdExplorer(anywidget.AnyWidget):
    """Move a threshold, watch the confusion matrix, the rates, the ROC and PR points change.

    Build one with :func:`evalcore.threshold_explorer`. One anywidget: its view draws a range
    input whose K + 1 steps are the operating points (K distinct scores), the rule's radio
    buttons and, with ``balance=True``, a "copies of each negative" range input. Its synced
    traits ``threshold``, ``rule`` and ``negative_copies`` are the state, read and written from
    Python and from every view.
    """

    _esm = _HERE / "_explorer.js"
    _css = _HERE / "_explorer.css"

    #: Marks the model in the page's embedded widget state (the browser tests find them by it).
    evalcore_widget = traitlets.Unicode("threshold-explorer", read_only=True).tag(sync=True)
    scores = traitlets.Bytes(read_only=True, help="float64 scores, increasing").tag(sync=True)
    labels = traitlets.Bytes(read_only=True,
                             help="uint8 labels (1 positive) in the order of scores").tag(sync=True)
    low = traitlets.Float(read_only=True, help="a round threshold below every score").tag(sync=True)
    high = traitlets.Float(read_only=True, help="a round threshold above every score").tag(sync=True)
    max_copies = traitlets.Int(1, read_only=True,
                               help="largest copies of each negative; 1: no control").tag(sync=True)
    title = traitlets.Unicode("", read_only=True, help="the heading and accessible name").tag(sync=True)
    show = traitlets.List(traitlets.Unicode(), read_only=True,
                          help="the panels shown (PANELS)").tag(sync=True)
    threshold = _Checked(0.0, help="the threshold θ").tag(sync=True)
    rule = traitlets.Unicode(">", help="'>' or '>=': predict 1 when the score is above, "
                                       "or at or above, θ").tag(sync=True)
    negative_copies = _Checked(1, help="how many times each negative counts").tag(sync=True)
    size = traitlets.Unicode("normal", help="'normal' or 'large' (a projector)").tag(sync=True)

    def __init__(self, y_true: Any, y_score: Any, *, threshold: float | None = None,
                 rule: str = ">", balance: bool = False, max_copies: int = 10,
                 title: str = "", pos_label: Any = None, size: str = "normal",
                 show: Any = PANELS) -> None:
        label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)
        rule = check_rule(rule)
        if len(score) > MAX_SCORES:
            raise ValueError(f"y_score has {len(score):,} scores; the explorer embeds every score "
                             f"in the page and takes at most {MAX_SCORES:,}: pass a random "
                             f"subsample")
        if label.min() == label.max():
            missing = "negative" if label.min() == 1 else "positive"
            raise ValueError(f"y_true must hold both classes: it has no {missing} examples, so "
                             f"the ROC and PR curves are undefined")
        if isinstance(max_copies, bool) or not isinstance(max_copies, numbers.Integral) \
                or max_copies < 2:
            raise ValueError(f"max_copies must be an integer of at least 2, got {max_copies!r}")
        if not isinstance(title, str):
            raise TypeError(f"title must be a str, got {type(title).__name__}")
        show = _check_show(show)
        order = np.argsort(score, kind="stable")
        self._score = score[order]
        self._label = label[order]
        self._distinct = tie_groups(label, score).values.astype(float)
        low, high = end_thresholds(float(self._distinct[0]), float(self._distinct[-1]))
        # The read-only traits are set once, before the widget opens its comm, so the front
        # end receives the whole state at once.
        self.set_trait("scores", self._score.astype("<f8").tobytes())
        self.set_trait("labels", self._label.astype(np.uint8).tobytes())
        self.set_trait("low", low)
        self.set_trait("high", high)
        self.set_trait("max_copies", int(max_copies) if balance else 1)
        self.set_trait("title", title)
        self.set_trait("show", show)
        self.size = size
        self.rule = rule
        self.threshold = float(np.median(self._score)) if threshold is None else threshold
        super().__init__()

    # --- validation of the state (from Python and from the browser alike) --------------------
    def _check_threshold(self, value) -> float:
        value = check_threshold(value)
        # an infinite threshold travels badly in JSON: the round ends predict the same
        if value == -math.inf:
            return self.low
        if value == math.inf:
            return self.high
        return value

    @traitlets.validate("rule")
    def _valid_rule(self, proposal) -> str:
        return check_rule(proposal["value"])

    def _check_negative_copies(self, value) -> int:
        if self.max_copies < 2 and not (type(value) is int and value == 1):
            raise ValueError("negative_copies needs the class-balance control: build the "
                             "explorer with balance=True")
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) \
                or not 1 <= value <= self.max_copies:
            raise ValueError(f"negative_copies must be an integer in [1, {self.max_copies}], "
                             f"got {value!r}")
        return int(value)

    @traitlets.validate("size")
    def _valid_size(self, proposal) -> str:
        return check_one_of(proposal["value"], SIZES, "size")

    # --- derived state -------------------------------------------------------------------
    @property
    def thresholds(self) -> np.ndarray:
        """The K + 1 thresholds the slider steps through under the current rule (increasing)."""
        return representative_thresholds(self._distinct, self.low, self.high, self.rule)

    @property
    def position(self) -> int:
        """The slider's position: how many distinct scores are called negative (0 to K)."""
        side = "left" if self.rule == ">=" else "right"
        return int(np.searchsorted(self._distinct, self.threshold, side=side))

    def confusion_matrix(self) -> ConfusionMatrix:
        """evalcore's confusion matrix at the current threshold, rule and class balance."""
        weight = None
        if self.negative_copies != 1:
            weight = np.where(self._label == 1, 1.0, float(self.negative_copies))
        return confusion_matrix_at(self._label, self._score, self.threshold, rule=self.rule,
                                   sample_weight=weight)

    def __repr__(self) -> str:
        return (f"ThresholdExplorer(n={len(self._score)}, threshold={self.threshold:g}, "
                f"rule={self.rule!r}, negative_copies={self.negative_copies})")
