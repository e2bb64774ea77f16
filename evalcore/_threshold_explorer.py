"""The threshold explorer: ipywidgets controls jslinked to a small anywidget front end.

evalcore does the precomputation here (the scores sorted with their labels, one operating
point per distinct score, the two end thresholds); the front end (``_explorer.js``) only
counts and divides, so it works in the static book with no kernel. This module is imported
lazily by :func:`evalcore.widgets.threshold_explorer` because ipywidgets and anywidget are
optional dependencies.
"""

from __future__ import annotations

import html
import math
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import numpy as np
import traitlets

from ._ranking import tie_groups
from ._validation import check_binary_scores, check_rule, check_threshold
from .confusion import ConfusionMatrix, confusion_matrix_at

_HERE = Path(__file__).parent
#: More scores than this would make the page heavy (each score travels in the page).
MAX_SCORES = 50_000
RULES = (">", ">=")
RULE_LABELS = ("score > θ", "score ≥ θ")


class ThresholdView(anywidget.AnyWidget):
    """The drawing half of the explorer: matrix, rates, ROC and PR points, scores on a line.

    It holds the precomputed data and the state (``index``, ``rule_index``, ``negative_copies``);
    the ipywidgets controls of :class:`ThresholdExplorer` are jslinked to that state.
    """

    _esm = _HERE / "_explorer.js"
    _css = _HERE / "_explorer.css"

    #: Marks the model in the page's embedded widget state (the browser tests count them).
    evalcore_widget = traitlets.Unicode("threshold-explorer", read_only=True).tag(sync=True)
    scores = traitlets.Bytes(help="float64 scores, increasing").tag(sync=True)
    labels = traitlets.Bytes(help="uint8 labels (1 positive) in the order of scores").tag(sync=True)
    low = traitlets.Float(help="the threshold of slider position 0, below every score").tag(sync=True)
    high = traitlets.Float(help="the threshold of the last position, above every score").tag(sync=True)
    index = traitlets.Int(0, help="slider position").tag(sync=True)
    rule_index = traitlets.Int(0, help="0: score > θ, 1: score >= θ (RULES)").tag(sync=True)
    negative_copies = traitlets.Int(1).tag(sync=True)
    title = traitlets.Unicode("", help="the accessible name of the view").tag(sync=True)

    @property
    def rule(self) -> str:
        return RULES[self.rule_index]

    def __repr__(self) -> str:
        return f"ThresholdView(n={len(self.labels)}, index={self.index}, rule={self.rule!r})"


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


def nice_between(a: float, b: float) -> float:
    """The shortest decimal strictly between ``a`` and ``b`` (the front end's ``niceBetween``).

    >>> nice_between(0.3, 0.6), nice_between(0.1, 0.2), nice_between(2.0, 7.5)
    (0.5, 0.15, 5.0)
    """
    mid = a + (b - a) / 2
    for digits in range(18):
        scale = float(10 ** digits)        # exact, so the arithmetic matches JavaScript's
        candidate = math.floor(mid * scale + 0.5) / scale
        if a < candidate < b:
            return candidate
    return mid


def slider_thresholds(distinct: np.ndarray, low: float, high: float) -> np.ndarray:
    """The thresholds of the slider's 2K + 1 positions: gaps (even) and scores (odd)."""
    values = distinct.tolist()
    gaps = [low] + [nice_between(a, b) for a, b in zip(values[:-1], values[1:])] + [high]
    positions = np.empty(2 * len(values) + 1)
    positions[0::2] = gaps
    positions[1::2] = values
    return positions


class ThresholdExplorer(widgets.VBox):
    """Move a threshold, watch the confusion matrix, the rates, the ROC and PR points change.

    Build one with :func:`evalcore.threshold_explorer`. With K distinct scores the slider has
    2K + 1 positions (:attr:`thresholds`): each distinct score, where the rule ``>`` or ``>=``
    decides, and a threshold inside each gap around them (the shortest decimal there), where
    the rule does not matter. Each arrow-key press moves one position. The state is readable
    and settable from Python (:attr:`threshold`, :attr:`rule`, :attr:`negative_copies`).
    """

    def __init__(self, y_true: Any, y_score: Any, *, threshold: float | None = None,
                 rule: str = ">", balance: bool = False, max_copies: int = 10,
                 title: str = "", pos_label: Any = None) -> None:
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
        if isinstance(max_copies, bool) or not isinstance(max_copies, (int, np.integer)) \
                or max_copies < 2:
            raise ValueError(f"max_copies must be an integer of at least 2, got {max_copies!r}")
        order = np.argsort(score, kind="stable")
        self._score = score[order]
        self._label = label[order]
        distinct = tie_groups(label, score).values
        low, high = end_thresholds(float(distinct[0]), float(distinct[-1]))
        #: The thresholds of the slider's positions: gaps (even positions) and scores (odd).
        self.thresholds = slider_thresholds(distinct, low, high)

        self.view = ThresholdView(scores=self._score.astype("<f8").tobytes(),
                                  labels=self._label.astype(np.uint8).tobytes(),
                                  low=low, high=high, rule_index=RULES.index(rule),
                                  title=title)
        last = len(self.thresholds) - 1
        self.slider = widgets.IntSlider(
            value=0, min=0, max=last, step=1, description="Threshold θ", readout=False,
            continuous_update=True, style={"description_width": "initial"},
            layout=widgets.Layout(width="min(100%, 32rem)"))
        self.rule_buttons = widgets.RadioButtons(
            options=list(RULE_LABELS), index=RULES.index(rule), description="Predict 1 when",
            style={"description_width": "initial"})
        links = [((self.slider, "value"), (self.view, "index")),
                 ((self.rule_buttons, "index"), (self.view, "rule_index"))]
        controls = [self.slider, self.rule_buttons]
        self.copies_slider = None
        if balance:
            self.copies_slider = widgets.IntSlider(
                value=1, min=1, max=int(max_copies), step=1,
                description="Copies of each negative", continuous_update=True,
                style={"description_width": "initial"},
                layout=widgets.Layout(width="min(100%, 32rem)"))
            links.append(((self.copies_slider, "value"), (self.view, "negative_copies")))
            controls.append(self.copies_slider)
        #: The ``jslink`` widgets: they act in the browser, with or without a kernel.
        self.links = []
        for source, target in links:
            self.links.append(widgets.jslink(source, target))
            # mirror the link in Python, so the kernel sees the same state as the page
            source[0].observe(lambda change, target=target: setattr(*target, change["new"]),
                              source[1])
        heading = []
        if title:
            heading = [widgets.HTML(f'<p class="evalcore-explorer-title"><strong>'
                                    f'{html.escape(title)}</strong></p>')]
        super().__init__(heading + controls + [self.view])
        self.add_class("evalcore-threshold-explorer")
        self.threshold = (float(np.median(self._score)) if threshold is None else threshold)

    # --- state ------------------------------------------------------------------------
    @property
    def threshold(self) -> float:
        """The current threshold θ (settable; snaps to the position with the same predictions)."""
        return float(self.thresholds[self.slider.value])

    @threshold.setter
    def threshold(self, value: float) -> None:
        value = check_threshold(value)
        scores = self.thresholds[1::2]
        below = int(np.searchsorted(scores, value, side="left"))   # scores < value
        on_score = below < len(scores) and scores[below] == value
        # on a score: that score's position; otherwise the gap holding value, which calls the
        # same examples positive under either rule
        self.slider.value = 2 * below + 1 if on_score else 2 * below

    @property
    def rule(self) -> str:
        """``">"`` or ``">="``: predict 1 when the score is above, or at or above, θ."""
        return RULES[self.rule_buttons.index]

    @rule.setter
    def rule(self, value: str) -> None:
        self.rule_buttons.index = RULES.index(check_rule(value))

    @property
    def negative_copies(self) -> int:
        """How many times each negative is counted (the class-balance control; 1 without it)."""
        return 1 if self.copies_slider is None else int(self.copies_slider.value)

    @negative_copies.setter
    def negative_copies(self, value: int) -> None:
        if self.copies_slider is None:
            raise ValueError("negative_copies needs the class-balance control: build the "
                             "explorer with balance=True")
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) \
                or not self.copies_slider.min <= value <= self.copies_slider.max:
            raise ValueError(f"negative_copies must be an integer in [1, "
                             f"{self.copies_slider.max}], got {value!r}")
        self.copies_slider.value = int(value)

    def confusion_matrix(self) -> ConfusionMatrix:
        """evalcore's confusion matrix at the current threshold, rule and class balance."""
        weight = None
        if self.negative_copies != 1:
            weight = np.where(self._label == 1, 1.0, float(self.negative_copies))
        return confusion_matrix_at(self._label, self._score, self.threshold, rule=self.rule,
                                   sample_weight=weight)

    def view_values(self) -> dict[str, Any]:
        """What the front end displays now, by the same arithmetic from the same data.

        A pure-Python mirror of ``_explorer.js`` (``operatingPoints``, ``countsAt`` and the
        rate formulas), used by the tests; the browser tests check the JavaScript itself.
        """
        return view_values(self.view.scores, self.view.labels, low=self.view.low,
                           high=self.view.high, index=self.view.index, rule=self.view.rule,
                           copies=self.view.negative_copies)

    def __repr__(self) -> str:
        return (f"ThresholdExplorer(n={len(self._score)}, threshold={self.threshold:g}, "
                f"rule={self.rule!r}, negative_copies={self.negative_copies})")


def view_values(scores: bytes, labels: bytes, *, low: float, high: float, index: int, rule: str,
                copies: int) -> dict[str, Any]:
    """Mirror of the front end's arithmetic on its inputs (see ``_explorer.js``)."""
    score = np.frombuffer(scores, dtype="<f8")
    label = np.frombuffer(labels, dtype=np.uint8)
    # operatingPoints: tie groups of the sorted scores, class counts at or above each group
    values, pos, neg = [], [], []
    for i, (s, y) in enumerate(zip(score.tolist(), label.tolist())):
        if i == 0 or s != values[-1]:
            values.append(s)
            pos.append(0)
            neg.append(0)
        if y == 1:
            pos[-1] += 1
        else:
            neg[-1] += 1
    k = len(values)
    pos_above, neg_above = [0] * (k + 1), [0] * (k + 1)
    for g in range(k - 1, -1, -1):
        pos_above[g] = pos_above[g + 1] + pos[g]
        neg_above[g] = neg_above[g + 1] + neg[g]
    # firstPositiveGroup and thresholdAt
    if index <= 0:
        first, threshold = 0, low
    elif index >= 2 * k:
        first, threshold = k, high
    elif index % 2 == 0:
        first = index // 2
        threshold = nice_between(values[first - 1], values[first])
    else:
        i = (index - 1) // 2
        first, threshold = (i if rule == ">=" else i + 1), values[i]
    # countsAt
    tp = pos_above[first]
    fn = pos_above[0] - tp
    fp = neg_above[first] * copies
    tn = (neg_above[0] - neg_above[first]) * copies

    def ratio(a: float, b: float) -> float:   # JavaScript: 0 / 0 is NaN
        return float(a) / float(b) if b else math.nan

    shown = {
        "threshold": threshold, "rule": rule, "copies": copies,
        "tp": tp, "fn": fn, "fp": fp, "tn": tn,
        "tpr": ratio(tp, tp + fn), "fpr": ratio(fp, fp + tn), "tnr": ratio(tn, fp + tn),
        "precision": ratio(tp, tp + fp), "accuracy": ratio(tp + tn, tp + fp + fn + tn),
        "f1": ratio(2 * tp, 2 * tp + fn + fp),
    }
    shown["roc_point"] = (shown["fpr"], shown["tpr"])
    shown["pr_point"] = (shown["tpr"], shown["precision"])
    return shown
