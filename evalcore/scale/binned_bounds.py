"""What a binned summary certifies: bounds that contain the exact AUC and average precision,
and the ROC points known exactly, from the counts per bin.

A :class:`~evalcore.BinnedScoreCounts` keeps the positives and negatives of each bin with the
lowest and highest score seen in it. Pairs of a positive and a negative in different bins are
ordered as their bins; only the order inside a bin is unknown, unless the bin holds one class
or one distinct score. The functions here turn that table into what it still promises: the
AUC and average precision between two attainable bounds (:class:`BinnedBounds`) and the ROC
curve through known points with boxes between them (:class:`BinnedRocCurve`). The
derivations are in the docstrings of :meth:`~evalcore.BinnedScoreCounts.auc`,
:meth:`~evalcore.BinnedScoreCounts.roc` and
:meth:`~evalcore.BinnedScoreCounts.average_precision`, which call these functions.

Why the cut falls here: :mod:`evalcore.scale.binned` is the summary itself, how it is built,
merged, saved and refined by reading the data again; this module is the arithmetic of what a
finished table of bins bounds, with the result types it returns. It reads the table and never
changes it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.auc_sums import auc_range_sums
from ..core.curves import CurveWithExtras
from .score_counts import ScoreCounts


@dataclass(frozen=True, slots=True)
class BinnedBounds:
    """A value known only to lie in ``[low, high]``, and the midpoint as its estimate.

    Certain bounds, not a confidence interval: the exact value lies between them whatever
    the scores inside the bins, so there is no ``level`` and no ``method``. Read it by name
    (``bounds.estimate``, ``bounds.low``): it cannot be unpacked or indexed.

    Attributes
    ----------
    estimate : float
        ``(low + high) / 2``: off by at most ``width / 2``.
    low, high : float
        The lowest and the highest value the data can have.
    """

    estimate: float
    low: float
    high: float

    @property
    def width(self) -> float:
        """``high - low``: twice the largest possible error of the estimate."""
        return self.high - self.low


@dataclass(frozen=True, slots=True)
class BinnedRocCurve(CurveWithExtras):
    """The ROC points a binned summary knows exactly, one per non-empty bin's lowest score.

    Between points ``i`` and ``i + 1`` the exact curve runs from one to the other inside the box
    they span; where ``exact[i]`` (the bin holds one class, or one distinct score) it is the
    straight segment itself. ``fpr, tpr, thresholds = curve`` unpacks the three arrays, as a
    :class:`RocCurve` unpacks; ``exact`` is read by name.

    Attributes
    ----------
    fpr, tpr : numpy.ndarray
        The rates at each point, from ``(0, 0)``.
    thresholds : numpy.ndarray
        ``inf``, then each non-empty bin's lowest score, decreasing.
    exact : numpy.ndarray of bool
        One per segment: is the curve between the two points known?
    """

    fpr: np.ndarray
    tpr: np.ndarray
    thresholds: np.ndarray
    exact: np.ndarray

    def lower_curve(self) -> tuple[np.ndarray, np.ndarray]:
        """``(fpr, tpr)`` of the lowest curve the data can have: in every unknown box, right
        first, then up. Its area is the AUC's lower bound."""
        return self._staircase(up_first=False)

    def upper_curve(self) -> tuple[np.ndarray, np.ndarray]:
        """``(fpr, tpr)`` of the highest curve the data can have: up first, then right. Its
        area is the AUC's upper bound."""
        return self._staircase(up_first=True)

    def _staircase(self, *, up_first: bool) -> tuple[np.ndarray, np.ndarray]:
        fpr, tpr = [self.fpr[0]], [self.tpr[0]]
        for i, known in enumerate(self.exact):
            if not known:
                fpr.append(self.fpr[i] if up_first else self.fpr[i + 1])
                tpr.append(self.tpr[i + 1] if up_first else self.tpr[i])
            fpr.append(self.fpr[i + 1])
            tpr.append(self.tpr[i + 1])
        return np.array(fpr), np.array(tpr)


# Each function below reads the table of a binned summary as three things: ``counts``, the
# exact summary over the non-empty bins' indices (lowest bin first), and per non-empty bin in
# the same order ``lowest``, its lowest score, and ``single``, whether it holds one distinct
# score. They work from the highest bin down, as a threshold sweeps.

def certified_auc(counts: ScoreCounts, single: np.ndarray) -> BinnedBounds:
    """The bounds that contain the exact ROC AUC, and their midpoint
    (:meth:`evalcore.BinnedScoreCounts.auc`); both classes present."""
    pos, neg, single = counts.positives[::-1], counts.negatives[::-1], single[::-1]
    known = single | (pos == 0) | (neg == 0)         # pairs inside known: ties or none
    if not counts.weighted:
        twice_u = auc_range_sums(counts).twice_u
        pairs = 2 * int(counts.n_pos) * int(counts.n_neg)
        spread = sum(int(p) * int(n) for p, n in zip(pos[~known], neg[~known]))
        return BinnedBounds(twice_u / pairs, (twice_u - spread) / pairs,
                            (twice_u + spread) / pairs)
    pos_share, neg_share = pos / counts.n_pos, neg / counts.n_neg
    negatives_below = np.cumsum(neg_share[::-1])[::-1] - neg_share
    # float sums can round past 1 (or below 0), where no AUC lies: kept in [0, 1], so
    # that low <= estimate <= high holds whatever the rounding
    middle = min(max(float(np.dot(pos_share, negatives_below + 0.5 * neg_share)), 0.0), 1.0)
    half = 0.5 * float(np.dot(np.where(known, 0, pos_share), neg_share))
    return BinnedBounds(middle, max(middle - half, 0.0), min(middle + half, 1.0))


def certified_roc(counts: ScoreCounts, lowest: np.ndarray,
                  single: np.ndarray) -> BinnedRocCurve:
    """The ROC points known exactly and which segments between them are known
    (:meth:`evalcore.BinnedScoreCounts.roc`)."""
    pos, neg = counts.positives[::-1], counts.negatives[::-1]
    known = single[::-1] | (pos == 0) | (neg == 0)      # a straight segment, known
    tps = np.concatenate(([0], np.cumsum(pos))).astype(np.float64)
    fps = np.concatenate(([0], np.cumsum(neg))).astype(np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        tpr = tps / tps[-1] if tps[-1] > 0 else np.full_like(tps, np.nan)
        fpr = fps / fps[-1] if fps[-1] > 0 else np.full_like(fps, np.nan)
    return BinnedRocCurve(fpr, tpr, np.concatenate(([np.inf], lowest[::-1])), known.copy())


def certified_average_precision(counts: ScoreCounts, single: np.ndarray) -> BinnedBounds:
    """Bounds that contain the exact average precision, and their midpoint
    (:meth:`evalcore.BinnedScoreCounts.average_precision`); some positives present."""
    pos, neg = counts.positives[::-1], counts.negatives[::-1]
    # a bin of positives alone is not known: below a negative, their order inside the
    # bin changes the precisions (tied or distinct)
    known = single[::-1] | (pos == 0)
    a, b = pos.astype(np.float64), neg.astype(np.float64)
    above_pos = np.cumsum(a) - a
    above_neg = np.cumsum(b) - b
    with np.errstate(invalid="ignore", divide="ignore"):
        tied = np.where(a > 0, a * (above_pos + a) / (above_pos + a + above_neg + b), 0.0)
        upper = np.where(a > 0, a * (above_pos + a) / (above_pos + a + above_neg), 0.0)
        d = above_neg + b
        if counts.weighted:
            spread = d * np.log((above_pos + d + a) / (above_pos + d))
        else:
            spread = d * _harmonic_difference(above_pos + d, a)
        lower = np.where(a > 0, a - np.where(d > 0, spread, 0.0), 0.0)
    lower = np.where(known, tied, np.minimum(lower, tied))
    upper = np.where(known, tied, upper)
    total = float(a.sum())
    low, high = min(float(lower.sum()) / total, 1.0), min(float(upper.sum()) / total, 1.0)
    return BinnedBounds((low + high) / 2, low, high)


def _harmonic_difference(m: np.ndarray, a: np.ndarray) -> np.ndarray:
    """``sum(1 / (m + i) for i in 1..a)`` for non-negative integers (as floats), to ~1e-16
    relative: a table of H(n) below 64, the asymptotic series of H(n) - ln(n) above."""
    table = np.concatenate(([0.0], np.cumsum(1 / np.arange(1, 64))))

    def tail(n):   # H(n) - ln(n) - Euler's gamma, for n >= 64 (error below 1e-20)
        return 1 / (2 * n) - 1 / (12 * n ** 2) + 1 / (120 * n ** 4) - 1 / (252 * n ** 6)

    big_m = np.maximum(m, 64.0)
    big_top = np.maximum(m + a, 64.0)
    both_big = np.log1p(a / big_m) + tail(big_top) - tail(big_m)
    top = np.where(m + a < 64, table[np.minimum(m + a, 63).astype(np.int64)],
                   np.log(big_top) + np.euler_gamma + tail(big_top))
    return np.where(m >= 64, both_big, top - table[np.minimum(m, 63).astype(np.int64)])
