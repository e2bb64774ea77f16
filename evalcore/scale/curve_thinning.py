"""Which points of a long curve are kept for a file or a plot: the one rule that the command
line's routes and :mod:`evalcore.dask_evaluation`'s curves share.

A ROC curve has a point per distinct score, two million for two million continuous scores;
a plot or a CSV file for a reader needs about a thousand. The rule keeps exact points
(vertices) of the curve, chosen from its counts alone:

* a curve of at most ``max_points`` points (its start ``(0, 0)`` included) is kept whole;
* a longer one keeps its start, its end, and between them the first point past each multiple
  of ``2 / (max_points - 1)`` of the curve's length, measured as FPR + TPR from the start
  (the curve climbs from 0 to 2 along that sum): at most ``max_points`` points, consecutive
  ones less than that length plus one step of the full curve apart.

The length of a point depends on its counts and the totals only, so a part of the curve (one
value range on Dask, :func:`first_past_each_mark` with the counts before the part) gives the
points that the whole curve gives: the routes keep the same points and, computing the rates
by the same functions (:func:`roc_from_counts`, :func:`precision_recall_from_counts`) from the
same integer counts, write the same bytes.

Why a module of its own: the rule belongs to neither route; the memory route
(:mod:`evalcore.scale.cli_routes`) applies it to the whole summary, the Dask route
(:mod:`evalcore.scale.dask_ranges`, :mod:`evalcore.scale.dask_curves`) range by range.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.options import check_int
from ..core.ranking import TieGroups, cumulative_counts

#: The points the command line writes unless told otherwise (``--max-points``).
DEFAULT_MAX_POINTS = 1000


def check_max_points(max_points: Any) -> int | None:
    """``max_points`` checked: an integer of at least 2, or ``None`` (every point)."""
    return None if max_points is None else check_int(max_points, "max_points", low=2)


def length_marks(tps: np.ndarray, fps: np.ndarray, *, n_pos: Any, n_neg: Any,
                 max_points: int) -> np.ndarray:
    """For each point, the number of marks ``2 / (max_points - 1)`` of the curve's length
    FPR + TPR it has passed, at most ``max_points - 2`` (the last mark before the end). A
    class with no cases adds no length."""
    length = np.zeros(np.shape(tps))
    if n_pos > 0:
        length += tps / n_pos
    if n_neg > 0:
        length += fps / n_neg
    marks = np.floor(length * ((max_points - 1) / 2))
    return np.minimum(marks, max_points - 2).astype(np.int64)


def first_past_each_mark(tps: np.ndarray, fps: np.ndarray, *, n_pos: Any, n_neg: Any,
                         max_points: int, tp_before: Any = 0, fp_before: Any = 0) -> np.ndarray:
    """The positions, in a run of consecutive points of a curve (thresholds decreasing), of
    those that pass a mark the point before them had not: the rule's points between the ends.
    ``tp_before`` and ``fp_before`` are the counts of the point before the run (the start,
    ``(0, 0)``, for the whole curve)."""
    marks = length_marks(tps, fps, n_pos=n_pos, n_neg=n_neg, max_points=max_points)
    before = length_marks(np.array([tp_before]), np.array([fp_before]), n_pos=n_pos,
                          n_neg=n_neg, max_points=max_points)
    return np.flatnonzero(marks > np.concatenate((before, marks[:-1])))


def thinned_counts(groups: TieGroups, max_points: int | None):
    """The kept operating points of a whole summary (or tie groups): ``(thresholds, tps,
    fps)``, thresholds decreasing, the start ``(0, 0)`` left out (:func:`roc_from_counts` adds
    it). ``max_points=None`` keeps every point."""
    thresholds, tps, fps = cumulative_counts(groups)
    if max_points is None or len(thresholds) + 1 <= max_points:
        return thresholds, tps, fps
    n_pos, n_neg = (tps[-1].item(), fps[-1].item()) if len(tps) else (0, 0)
    keep = first_past_each_mark(tps, fps, n_pos=n_pos, n_neg=n_neg, max_points=max_points)
    if keep.size == 0 or keep[-1] != len(thresholds) - 1:
        keep = np.append(keep, len(thresholds) - 1)        # the end
    return thresholds[keep], tps[keep], fps[keep]


def roc_from_counts(thresholds: np.ndarray, tps: np.ndarray, fps: np.ndarray, *,
                    n_pos: Any, n_neg: Any):
    """``(fpr, tpr, thresholds)`` of kept operating points, the start ``(0, 0)`` at threshold
    ``inf`` put first; a missing class makes its rate ``nan`` (the caller warns)."""
    tps, fps = np.concatenate(([0], tps)), np.concatenate(([0], fps))
    fpr = fps / n_neg if n_neg > 0 else np.full(fps.shape, np.nan)
    tpr = tps / n_pos if n_pos > 0 else np.full(tps.shape, np.nan)
    return (fpr.astype(np.float64), tpr.astype(np.float64),
            np.concatenate(([np.inf], thresholds)))


def precision_recall_from_counts(thresholds: np.ndarray, tps: np.ndarray, fps: np.ndarray, *,
                                 n_pos: Any):
    """``(precision, recall, thresholds)`` of kept operating points, laid out as
    :func:`evalcore.precision_recall_curve` lays them out: thresholds increasing, a last point
    (recall 0, precision 1) with no threshold; recall ``nan`` with no positives (the caller
    warns)."""
    precision = tps / (tps + fps)
    recall = tps / n_pos if n_pos > 0 else np.full(tps.shape, np.nan)
    return (np.concatenate((precision[::-1], [1.0])), np.concatenate((recall[::-1], [0.0])),
            thresholds[::-1].copy())
