"""The distribution explorer: the picture-first widget (``_distribution_explorer.js``).

Two classes' scores drawn as histograms with a threshold through them, a separation control
and a class-balance control, the confusion matrix, and the ROC and precision–recall curves with
their areas and the current point. evalcore draws one fixed pool of standard-normal noise (n
values for the positives, n for the negatives) and sends it to the browser once; the browser
and evalcore then build the same scores from it (``score = noise + separation × y``, the same
IEEE double operations in the same order), so every number the view shows equals evalcore's on
``.sample()``. This module is imported lazily by :func:`evalcore.widgets.distribution_explorer`
because anywidget is an optional dependency.

The threshold control steps through the operating points of the cases shown, not through a grid
of θ: with K distinct scores v_0 < ... < v_{K-1} it has K + 1 positions, position p calling
v_p, ..., v_{K-1} positive, so every step moves at least one case across θ and changes the
matrix. Its range follows the scores when the separation or the prevalence changes them. The θ
of a position is the number with the fewest decimal places that gives it (see
:func:`slider_thresholds`), computed here and in the browser with the same IEEE operations.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import traitlets

from ._widget_kit import CheckedTrait, EvalcoreWidget, check_panels, check_size
from .core.confusion import ConfusionMatrix, confusion_matrix_at
from .core.options import check_int, check_real, check_text
from .core.ranking import tie_groups

_HERE = Path(__file__).parent
#: The panels the explorer can show, in the order it shows them.
PANELS = ("distributions", "matrix", "roc", "pr")
#: The separation control's range and step (in standard deviations of the noise).
SEPARATION_RANGE = (0.0, 4.0, 0.1)
#: The prevalence control's range and step.
PREVALENCE_RANGE = (0.05, 0.95, 0.05)
#: ``low`` and ``high`` (the score axis, and the range θ may take) are multiples of this.
THRESHOLD_END_STEP = 0.5
#: The most decimal places of a position's θ; beyond them, θ is the score itself.
MAX_DECIMALS = 15
#: The largest pool (each value travels in the page twice over: positives and negatives).
MAX_N = 10_000


def noise_pools(n: int, random_state: int) -> tuple[np.ndarray, np.ndarray]:
    """The fixed noise: ``default_rng(random_state).standard_normal(2 * n)``, split in two.

    The first n values belong to the positives, the last n to the negatives.
    """
    noise = np.random.default_rng(random_state).standard_normal(2 * n)
    return noise[:n], noise[n:]


def positives_shown(prevalence: float, n: int) -> int:
    """How many positives are shown at ``prevalence``: π·n rounded half up, within [1, n − 1].

    The product is first rounded to 9 decimals: in binary floating point 0.35 × 90 is
    31.499999999999996, which would round down although 0.35 × 90 = 31.5. The front end
    computes the same (``Math.floor(Number((π * n).toFixed(9)) + 0.5)``), so both show the
    same cases.
    """
    return min(max(math.floor(float(f"{prevalence * n:.9f}") + 0.5), 1), n - 1)


def threshold_ends(positive_noise: np.ndarray, negative_noise: np.ndarray,
                   max_separation: float = SEPARATION_RANGE[1]) -> tuple[float, float]:
    """Multiples of ½ strictly below every score and strictly above every score.

    Scores range over the negatives' noise and the positives' noise shifted by any separation
    in [0, ``max_separation``], so one fixed threshold range serves every separation.
    """
    lowest = min(float(positive_noise.min()), float(negative_noise.min()))
    highest = max(float(positive_noise.max()) + max_separation, float(negative_noise.max()))
    step = THRESHOLD_END_STEP
    low = math.floor(lowest / step) * step
    if low >= lowest:
        low -= step
    high = math.ceil(highest / step) * step
    if high <= highest:
        high += step
    return float(low), float(high)


def fewest_decimals(above: float, at_most: float, *, largest: bool = True) -> float:
    """The number with the fewest decimal places in ``(above, at_most]``, as float64.

    Among the numbers with that many places, the largest (``largest=True``) or the smallest.
    A number with d places is the float64 nearest to m / 10**d (one correctly rounded
    division), and it is compared with the bounds as a float64: the score 0.3 (the float64
    nearest to 0.3) admits θ = 0.3. ``at_most`` itself when no number of up to
    :data:`MAX_DECIMALS` places fits. The front end (``fewestDecimals``) runs the same
    operations.

    Parameters
    ----------
    above, at_most : float
        The bounds, finite float64 with ``above < at_most``.
    largest : bool, default=True
        Take the largest of the numbers with the fewest places, else the smallest.

    Returns
    -------
    float
        ``above < value <= at_most``; never -0.0.

    Examples
    --------
    >>> fewest_decimals(0.2813, 0.3507), fewest_decimals(0.2813, 0.3507, largest=False)
    (0.3, 0.3)
    >>> fewest_decimals(-4.0, -2.5), fewest_decimals(1.7342, 7.5, largest=False)
    (-3.0, 2.0)
    >>> fewest_decimals(0.12341, 0.12348)
    0.12348
    """
    scale = 1.0
    for _ in range(MAX_DECIMALS + 1):
        if max(abs(above), abs(at_most)) * scale >= 2.0 ** 52:     # m / scale would be inexact
            break
        if largest:         # the largest m with m / scale <= at_most
            m = math.floor(at_most * scale)
            while (m + 1) / scale <= at_most:
                m += 1
            while m / scale > at_most:
                m -= 1
            value = m / scale
            if value > above:
                return value + 0.0
        else:               # the smallest m with m / scale > above
            m = math.floor(above * scale) + 1
            while (m - 1) / scale > above:
                m -= 1
            while m / scale <= above:
                m += 1
            value = m / scale
            if value <= at_most:
                return value + 0.0
        scale *= 10.0
    return at_most


def slider_thresholds(distinct: np.ndarray, low: float, high: float) -> np.ndarray:
    """The θ of each of the threshold control's K + 1 positions, increasing.

    Position p calls the distinct scores ``distinct[p:]`` positive under ``s ≥ θ``, so its θ
    lies in (v_{p-1}, v_p] (with v_{-1} = ``low`` and v_K = ``high``). It is the number with
    the fewest decimal places there: the largest such for p < K (closest to v_p, the lowest
    score called positive), the smallest for p = K (closest to the highest score). So the
    control's ends hug the scores shown, and the readout stays short.

    Parameters
    ----------
    distinct : numpy.ndarray
        The distinct scores, increasing, all strictly between ``low`` and ``high``.
    low, high : float
        The ends of the range θ may take.

    Returns
    -------
    numpy.ndarray
        K + 1 float64 thresholds; position p's gives the counts of calling ``distinct[p:]``
        positive.

    See Also
    --------
    fewest_decimals : the number with the fewest decimal places in an interval.
    """
    values = [float(v) for v in distinct]
    below = [low] + values[:-1]
    thresholds = [fewest_decimals(a, b) for a, b in zip(below, values)]
    thresholds.append(fewest_decimals(values[-1], high, largest=False))
    return np.array(thresholds, dtype=float)


class DistributionExplorer(EvalcoreWidget):
    """Two score distributions, a threshold, a separation and a class balance; build one with
    :func:`evalcore.distribution_explorer`.

    Its synced traits ``separation``, ``prevalence`` and ``threshold`` are the state, read and
    written from Python and from every view.
    """

    _esm = _HERE / "_distribution_explorer.js"
    _css = _HERE / "_distribution_explorer.css"

    evalcore_widget = traitlets.Unicode("distribution-explorer", read_only=True).tag(sync=True)
    noise = traitlets.Bytes(read_only=True, help="float64 noise: n positives', then n "
                                                 "negatives'").tag(sync=True)
    n = traitlets.Int(read_only=True, help="how many cases are shown").tag(sync=True)
    low = traitlets.Float(read_only=True, help="the threshold control's lower end").tag(sync=True)
    high = traitlets.Float(read_only=True, help="the threshold control's upper end").tag(sync=True)
    title = traitlets.Unicode("", read_only=True,
                              help="the heading and accessible name").tag(sync=True)
    show = traitlets.List(traitlets.Unicode(), read_only=True,
                          help="the panels shown (PANELS)").tag(sync=True)
    separation = CheckedTrait(1.0, help="how far apart the classes' means are").tag(sync=True)
    prevalence = CheckedTrait(0.5, help="the share of positives π").tag(sync=True)
    threshold = CheckedTrait(0.5, help="the threshold θ (predict 1 when s ≥ θ)").tag(sync=True)

    def __init__(self, *, separation: float = 1.0, prevalence: float = 0.5,
                 threshold: float | None = None, n: int = 400, random_state: int = 0,
                 show: Any = PANELS, title: str = "", size: str = "normal") -> None:
        n = check_int(n, "n", low=2, high=MAX_N)
        random_state = check_int(random_state, "random_state", low=0)
        title = check_text(title, "title")
        show = check_panels(show, PANELS)
        size = check_size(size)
        self._positive_noise, self._negative_noise = noise_pools(n, random_state)
        low, high = threshold_ends(self._positive_noise, self._negative_noise)
        noise = np.concatenate([self._positive_noise, self._negative_noise])
        self._set_fixed(noise=noise.astype("<f8").tobytes(), n=n, low=low, high=high,
                        title=title, show=show)
        self.size = size
        self.separation = separation
        self.prevalence = prevalence
        if threshold is None:          # halfway between the class means: a multiple of 0.05
            threshold = float(f"{self.separation / 2:.12g}")
        self.threshold = threshold
        self._random_state = random_state
        super().__init__()

    # --- validation of the state (from Python and from the browser alike) --------------------
    def _check_separation(self, value) -> float:
        low, high = SEPARATION_RANGE[:2]
        return check_real(value, "separation", low=low, high=high)

    def _check_prevalence(self, value) -> float:
        return check_real(value, "prevalence", low=0.0, high=1.0, low_open=True,
                          high_open=True)

    def _check_threshold(self, value) -> float:
        return check_real(value, "threshold", low=self.low, high=self.high)

    # --- derived state -------------------------------------------------------------------
    @property
    def positives(self) -> int:
        """How many positives are shown now (P; the negatives are N = n − P)."""
        return positives_shown(self.prevalence, self.n)

    def sample(self) -> tuple[np.ndarray, np.ndarray]:
        """The cases shown now: ``(y_true, y_score)``, positives first.

        ``y_score = noise + separation × y_true``, exactly what the browser computes.
        """
        positives = self.positives
        y_true = np.concatenate([np.ones(positives, dtype=np.int64),
                                 np.zeros(self.n - positives, dtype=np.int64)])
        noise = np.concatenate([self._positive_noise[:positives],
                                self._negative_noise[:self.n - positives]])
        return y_true, noise + self.separation * y_true

    def _distinct_scores(self) -> np.ndarray:
        y_true, y_score = self.sample()
        return tie_groups(y_true.astype(np.int8), y_score).values.astype(float)

    @property
    def thresholds(self) -> np.ndarray:
        """The K + 1 thresholds the θ control steps through now (K distinct scores shown).

        They follow the cases: a change of the separation or the prevalence changes them. See
        :func:`slider_thresholds`.
        """
        return slider_thresholds(self._distinct_scores(), self.low, self.high)

    @property
    def position(self) -> int:
        """The θ control's position now: how many distinct scores lie below θ (0 to K)."""
        return int(np.searchsorted(self._distinct_scores(), self.threshold, side="left"))

    def confusion_matrix(self) -> ConfusionMatrix:
        """evalcore's confusion matrix of :meth:`sample` at the current θ, rule ``s ≥ θ``."""
        y_true, y_score = self.sample()
        return confusion_matrix_at(y_true, y_score, self.threshold, rule=">=")

    def __repr__(self) -> str:
        return (f"DistributionExplorer(n={self.n}, random_state={self._random_state}, "
                f"separation={self.separation:g}, prevalence={self.prevalence:g}, "
                f"threshold={self.threshold:g})")
