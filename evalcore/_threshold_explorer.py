"""The threshold explorer: one anywidget that draws its own controls (``_threshold_explorer.js``).

evalcore does the precomputation here (the scores sorted with their labels and two round end
thresholds); the front end finds the operating point of a threshold by binary search, counts
and divides, so it works in the static book with no kernel. The model's ``threshold``,
``rule`` and ``negative_copies`` are the single source of truth, in Python and in every view.
This module is imported lazily by :func:`evalcore.widgets.threshold_explorer` because
anywidget is an optional dependency.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import traitlets

from ._widget_kit import CheckedTrait, EvalcoreWidget, check_panels, check_size
from .core.confusion import ConfusionMatrix, confusion_matrix_at
from .core.options import check_bool, check_int, check_rule, check_text, check_threshold
from .core.ranking import score_order, tie_groups
from .core.validation import check_binary_scores

_HERE = Path(__file__).parent
#: More scores than this would make the page heavy (each score travels in the page).
MAX_SCORES = 50_000
#: The panels the explorer can show, in the order it shows them.
PANELS = ("matrix", "rates", "roc", "pr", "strip")
#: The largest ``max_copies`` (the copies control's last step).
MAX_COPIES = 1000


def _round_number(value: float, step: float, direction) -> float:
    return float(f"{direction(value / step) * step:.12g}")


def _round_end(score: float, step: float, direction, outward: float) -> float | None:
    """A round number strictly beyond ``score`` (``outward`` = -1: below, +1: above) on a grid
    of ``step``, or None where the grid cannot give one (it overflows or underflows)."""
    if not (step > 0 and math.isfinite(step)):
        return None
    try:
        end = _round_number(score, step, direction)
    except (OverflowError, ZeroDivisionError):      # score / step beyond the floats
        return None
    if (end >= score) if outward < 0 else (end <= score):   # the score is round: one step out
        end = float(f"{end + outward * step:.12g}")
    return end if math.isfinite(end) else None


def end_thresholds(low_score: float, high_score: float) -> tuple[float, float]:
    """Round thresholds just outside ``[low_score, high_score]`` (0 and 1 for scores in (0, 1)).

    Both are finite (the page carries them as JSON numbers). Near ±1.8e308 the round grid is
    refined until its step stays within the floats; the next float beyond a score is the last
    resort.

    Parameters
    ----------
    low_score, high_score : float
        The lowest and the highest score (finite float64, ``low_score <= high_score``).

    Returns
    -------
    (float, float)
        ``low < low_score`` and ``high > high_score``, both finite.

    Raises
    ------
    ValueError
        When a score is ±1.7976931348623157e308, the largest float64: no finite threshold lies
        beyond it.
    """
    spread = high_score - low_score
    if not math.isfinite(spread):       # scores near ±1.8e308: half the spread still fits
        spread = high_score / 2 - low_score / 2
    if spread <= 0:
        spread = max(abs(low_score), 1.0)
    step = 10.0 ** math.floor(math.log10(spread))
    if step > 0 and spread / step < 2:  # a finer step keeps the ends close: (0, 1) -> -0.1, 1.1
        step /= 10                      # (step is 0 for subnormal spreads: next floats below)
    ends = []
    for score, direction, outward in ((low_score, math.floor, -1.0),
                                      (high_score, math.ceil, 1.0)):
        end = None
        for refine in (1, 10, 100, 1000):   # a finer grid where the first one overflows
            end = _round_end(score, step / refine, direction, outward)
            if end is not None:
                break
        if end is None or not (end < score if outward < 0 else end > score):
            with np.errstate(over="ignore"):    # rounding could not separate it
                end = float(np.nextafter(score, outward * np.inf))
        if not math.isfinite(end):
            raise ValueError(f"y_score holds {score!r}, the {'lowest' if outward < 0 else 'largest'}"
                             f" float64: the explorer needs a finite threshold "
                             f"{'below' if outward < 0 else 'above'} every score (the page "
                             f"cannot carry an infinite one); rescale the scores")
        ends.append(end)
    return ends[0], ends[1]


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


def _float64_scores(score: np.ndarray) -> np.ndarray:
    if score.dtype != np.float64:
        raise ValueError("y_score holds values that float64 cannot tell apart (integers beyond "
                         "±2**53 or long double scores): the explorer sends every score to the "
                         "page as a float64 and would merge them; rank them first (for example "
                         "scipy.stats.rankdata) or round them to float64 yourself")
    return score


def _middle(sorted_score: np.ndarray) -> float:
    """The median of sorted scores, without overflow near ±1.8e308."""
    with np.errstate(over="ignore"):
        median = float(np.median(sorted_score))
    if math.isfinite(median):
        return median
    n = len(sorted_score)
    below, above = float(sorted_score[(n - 1) // 2]), float(sorted_score[n // 2])
    return below / 2 + above / 2


class ThresholdExplorer(EvalcoreWidget):
    """Move a threshold, watch the confusion matrix, the rates, the ROC and PR points change.

    Build one with :func:`evalcore.threshold_explorer`. One anywidget: its view draws a range
    input whose K + 1 steps are the operating points (K distinct scores), the rule's radio
    buttons and, with ``balance=True``, a "copies of each negative" range input. Its synced
    traits ``threshold``, ``rule`` and ``negative_copies`` are the state, read and written from
    Python and from every view.
    """

    _esm = _HERE / "_threshold_explorer.js"
    _css = _HERE / "_threshold_explorer.css"

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
    threshold = CheckedTrait(0.0, help="the threshold θ").tag(sync=True)
    rule = CheckedTrait(">=", help="'>' or '>=': predict 1 when the score is above, "
                                  "or at or above, θ").tag(sync=True)
    negative_copies = CheckedTrait(1, help="how many times each negative counts").tag(sync=True)

    def __init__(self, y_true: Any, y_score: Any, *, threshold: float | None = None,
                 rule: str = ">=", balance: bool = False, max_copies: int = 10,
                 title: str = "", pos_label: Any = None, size: str = "normal",
                 show: Any = PANELS) -> None:
        label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)
        score = _float64_scores(score)
        rule = check_rule(rule)
        if len(score) > MAX_SCORES:
            raise ValueError(f"y_score has {len(score):,} scores; the explorer embeds every score "
                             f"in the page and takes at most {MAX_SCORES:,}: pass a random "
                             f"subsample")
        if label.min() == label.max():
            missing = "negative" if label.min() == 1 else "positive"
            raise ValueError(f"y_true must hold both classes: it has no {missing} examples, so "
                             f"the ROC and PR curves are undefined")
        balance = check_bool(balance, "balance")
        max_copies = check_int(max_copies, "max_copies", low=2, high=MAX_COPIES)
        title = check_text(title, "title")
        show = check_panels(show, PANELS)
        size = check_size(size)
        order = score_order(score)
        self._score = score[order]
        self._label = label[order]
        self._distinct = tie_groups(label, score).values.astype(float)
        low, high = end_thresholds(float(self._distinct[0]), float(self._distinct[-1]))
        self._set_fixed(scores=self._score.astype("<f8").tobytes(),
                        labels=self._label.astype(np.uint8).tobytes(), low=low, high=high,
                        max_copies=max_copies if balance else 1, title=title, show=show)
        self.size = size
        self.rule = rule
        self.threshold = _middle(self._score) if threshold is None else threshold
        super().__init__()

    # --- validation of the state (from Python and from the browser alike) --------------------
    def _check_threshold(self, value) -> float:
        try:
            value = check_threshold(value)
        except OverflowError:           # an integer beyond the floats: beyond every score too
            value = math.inf if value > 0 else -math.inf
        # an infinite threshold travels badly in JSON: the round ends predict the same
        if value == -math.inf:
            return self.low
        if value == math.inf:
            return self.high
        return value

    def _check_rule(self, value) -> str:
        return check_rule(value)

    def _check_negative_copies(self, value) -> int:
        value = check_int(value, "negative_copies")
        if self.max_copies < 2 and value != 1:
            raise ValueError("negative_copies needs the class-balance control: build the "
                             "explorer with balance=True")
        return check_int(value, "negative_copies", low=1, high=self.max_copies)

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
