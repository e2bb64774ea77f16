"""Precision–recall done right: achievable interpolation and precision–recall–gain.

Two mistakes are common with precision–recall (PR) curves, and this module gives the
corrections.

* **Joining PR points by straight lines.** Between two operating points A and B a classifier
  can reach every mixture of them, but the mixtures do not lie on the straight PR segment:
  true positives and false positives grow together (false positives by the local skew
  ``(FP_B − FP_A) / (TP_B − TP_A)`` per true positive), and precision ``TP / (TP + FP)`` is
  not linear in recall (Davis & Goadrich 2006). Where precision falls from A to B (sparse
  points, tie groups holding both classes), the straight line lies above what can be
  achieved and overstates the area; where it rises (a step that adds only positives) the
  straight line lies slightly below.
* **Averaging precision as if it were on a linear scale.** Precision–recall–gain (Flach &
  Kull 2015) rescales precision and recall so that the always-positive classifier sits at
  0, a perfect one at 1, and the area is linear in the expected F-score:
  ``gain(x) = (x − π) / ((1 − π) · x)`` with ``π`` the share of positives.

As everywhere in evalcore, operating points are those of the rule ``score >= threshold``
with tied scores forming one threshold.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ._validation import undefined
from .costs import _operating_points


class AchievablePrCurve(NamedTuple):
    """Points of the achievable (Davis–Goadrich) PR curve, in increasing recall."""

    recall: np.ndarray
    precision: np.ndarray


class PrgCurve(NamedTuple):
    """Points of a precision–recall–gain curve with recall gain >= 0, in increasing recall
    gain. ``thresholds[i]`` reaches point ``i`` (rule ``>=``); the point inserted where the
    curve crosses recall gain 0 has threshold ``nan``."""

    recall_gain: np.ndarray
    precision_gain: np.ndarray
    thresholds: np.ndarray


def achievable_pr_curve(y_true: Any, y_score: Any, *, num: int = 20, sample_weight: Any = None,
                        pos_label: Any = None) -> AchievablePrCurve:
    """The PR curve a classifier can actually reach between its operating points.

    Between consecutive operating points A and B, true positives run from ``TP_A`` to
    ``TP_B`` and false positives grow with them at the local skew
    ``s = (FP_B − FP_A) / (TP_B − TP_A)``, so precision at ``TP = t`` is
    ``t / (t + FP_A + s · (t − TP_A))`` (Davis & Goadrich's interpolation, here with ``t``
    varying continuously). The curve starts at recall 0 with the precision of the first
    operating point (the limit of the first segment).

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        Binary labels and scores.
    num : int
        Points placed evenly (in TP) inside each segment, for drawing; ``num=0`` returns
        just the operating points (and the start at recall 0).
    sample_weight, pos_label : optional
        As in :func:`evalcore.roc_curve`.

    Returns
    -------
    AchievablePrCurve
        ``(recall, precision)`` in increasing recall; ``nan`` arrays with one warning if
        ``y_true`` holds no positives.

    Examples
    --------
    >>> import evalcore as ec
    >>> curve = ec.achievable_pr_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], num=1)
    >>> curve.recall.tolist()
    [0.0, 0.25, 0.5, 0.5, 0.75, 1.0, 1.0]
    >>> [round(p, 4) for p in curve.precision.tolist()]
    [1.0, 1.0, 1.0, 0.5, 0.6, 0.6667, 0.5]
    """
    if isinstance(num, bool) or not isinstance(num, (int, np.integer)) or num < 0:
        raise ValueError(f"num must be a non-negative integer (points per segment), got {num!r}")
    _, tps, fps = _operating_points(y_true, y_score, sample_weight, pos_label)
    if tps[-1] == 0:
        undefined("the PR curve is undefined: y_true holds no positive samples")
        nan = np.array([np.nan])
        return AchievablePrCurve(nan, nan.copy())
    recall, precision = [], []
    steps = np.arange(num + 1) / (num + 1)
    for (ta, fa, tb, fb) in zip(tps[:-1], fps[:-1], tps[1:], fps[1:]):
        if tb == ta:                 # only negatives added: precision drops at one recall
            if ta + fa > 0:
                recall.append([ta]), precision.append([ta / (ta + fa)])
            continue
        skew = (fb - fa) / (tb - ta)
        t = ta + steps * (tb - ta)
        fp = fa + skew * (t - ta)
        with np.errstate(invalid="ignore", divide="ignore"):
            p = np.where(t + fp > 0, t / (t + fp), 1 / (1 + skew))   # the limit at (0, 0)
        recall.append(t), precision.append(p)
    ta, fa = tps[-1], fps[-1]
    recall.append([ta]), precision.append([ta / (ta + fa)])
    recall_all = np.concatenate(recall) / tps[-1]
    precision_all = np.concatenate(precision)
    return AchievablePrCurve(recall_all, precision_all)


def pr_auc_interpolated(y_true: Any, y_score: Any, *, sample_weight: Any = None,
                        pos_label: Any = None) -> float:
    """The exact area under the achievable PR curve (:func:`achievable_pr_curve`).

    On a segment from A to B with ``ΔT = TP_B − TP_A > 0``, precision is
    ``t / (a·t + b)`` with ``a = 1 + s`` and ``b = FP_A − s·TP_A``, whose integral is
    ``ΔT / a − (b / a²) · ln((a·TP_B + b) / (a·TP_A + b))``; the area is the sum over the
    segments divided by the number of positives. Segments that add only negatives have no
    width. Unlike the straight-line area this is an area a classifier can reach; it is
    smaller than the straight-line area on segments where precision falls (``b < 0``, the
    integrand is convex) and larger where precision rises (``b > 0``).

    Returns
    -------
    float
        The area in [0, 1]; ``nan`` with one warning if ``y_true`` holds no positives.

    Examples
    --------
    The toy case: precision 1 up to recall ½, then ``t / (t + 1)`` for TP from 1 to 2,
    so the area is ``(1 + 1 − ln(3/2)) / 2``:

    >>> import evalcore as ec
    >>> round(ec.pr_auc_interpolated([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 6)
    0.797267
    """
    _, tps, fps = _operating_points(y_true, y_score, sample_weight, pos_label)
    if tps[-1] == 0:
        return undefined("the PR area is undefined: y_true holds no positive samples")
    ta, tb, fa, fb = tps[:-1], tps[1:], fps[:-1], fps[1:]
    wide = tb > ta
    ta, tb, fa, fb = ta[wide], tb[wide], fa[wide], fb[wide]
    skew = (fb - fa) / (tb - ta)
    a = 1 + skew
    b = fa - skew * ta
    start = a * ta + b                  # TP + FP at A: 0 only at the origin, where b = 0
    with np.errstate(invalid="ignore", divide="ignore"):
        log_term = np.where(b == 0, 0.0, np.log1p(a * (tb - ta) / np.where(start > 0, start, 1)))
    integral = (tb - ta) / a - b / a ** 2 * log_term
    return float(integral.sum() / tps[-1])


def _gains(tps, fps, total_pos, total_neg):
    ratio = total_pos / total_neg
    with np.errstate(invalid="ignore", divide="ignore"):
        recall_gain = 1 - ratio * (total_pos - tps) / tps
        precision_gain = 1 - ratio * fps / tps
    return recall_gain, precision_gain


def prg_curve(y_true: Any, y_score: Any, *, sample_weight: Any = None,
              pos_label: Any = None) -> PrgCurve:
    """The precision–recall–gain curve (Flach & Kull 2015).

    With ``π`` the share of positives, precision gain is ``(prec − π) / ((1 − π) · prec)``
    and recall gain ``(rec − π) / ((1 − π) · rec)``; in counts,
    ``1 − (P / N) · FP / TP`` and ``1 − (P / N) · FN / TP``. Only the part with recall
    gain >= 0 (recall >= π) is kept. Where the curve crosses recall gain 0 a point is
    inserted, found by interpolating TP and FP linearly between the neighbouring operating
    points (as the authors' reference code does).

    Returns
    -------
    PrgCurve
        ``(recall_gain, precision_gain, thresholds)``; ``nan`` arrays with one warning if a
        class is missing.

    Examples
    --------
    Flach and Kull's example:

    >>> import evalcore as ec
    >>> curve = ec.prg_curve([1, 1, 0, 0, 1, 0], [0.8, 0.8, 0.6, 0.4, 0.4, 0.2])
    >>> curve.recall_gain.tolist()
    [0.0, 0.5, 0.5, 1.0, 1.0]
    >>> [round(g, 4) for g in curve.precision_gain.tolist()]
    [1.0, 1.0, 0.5, 0.3333, 0.0]
    """
    thresholds, tps, fps = _operating_points(y_true, y_score, sample_weight, pos_label)
    total_pos, total_neg = tps[-1], fps[-1]
    if total_pos == 0 or total_neg == 0:
        missing = "positive" if total_pos == 0 else "negative"
        undefined(f"the precision-recall-gain curve is undefined: y_true holds no {missing} "
                  f"samples (with nonzero weight)")
        nan = np.array([np.nan])
        return PrgCurve(nan, nan.copy(), nan.copy())
    recall_gain, precision_gain = _gains(tps, fps, total_pos, total_neg)
    j = int(np.argmax(recall_gain >= 0))        # the last point always has recall gain 1
    rg, pg, th = recall_gain[j:], precision_gain[j:], thresholds[j:]
    if recall_gain[j] > 0:                       # insert the crossing of recall gain 0
        tp_cross = total_pos ** 2 / (total_pos + total_neg)      # recall = π
        share = (tp_cross - tps[j - 1]) / (tps[j] - tps[j - 1])
        fp_cross = fps[j - 1] + share * (fps[j] - fps[j - 1])
        _, pg_cross = _gains(np.array([tp_cross]), np.array([fp_cross]), total_pos, total_neg)
        rg = np.concatenate(([0.0], rg))
        pg = np.concatenate((pg_cross, pg))
        th = np.concatenate(([np.nan], th))
    return PrgCurve(rg, pg, th)


def auprg(y_true: Any, y_score: Any, *, sample_weight: Any = None,
          pos_label: Any = None) -> float:
    """Area under the precision–recall–gain curve (Flach & Kull 2015).

    The trapezoid area under :func:`prg_curve` for recall gain from 0 to 1. Parts of the
    curve with negative precision gain count negatively. Unlike the area under the PR
    curve, it is linear in the expected F-score, and the always-positive classifier scores 0.

    Returns
    -------
    float
        AUPRG; ``nan`` with one warning if a class is missing.

    Examples
    --------
    Flach and Kull's example, for which they print 0.7083:

    >>> import evalcore as ec
    >>> round(ec.auprg([1, 1, 0, 0, 1, 0], [0.8, 0.8, 0.6, 0.4, 0.4, 0.2]), 4)
    0.7083
    """
    curve = prg_curve(y_true, y_score, sample_weight=sample_weight, pos_label=pos_label)
    if np.isnan(curve.recall_gain[0]):
        return float("nan")
    rg, pg = curve.recall_gain, curve.precision_gain
    return float(np.dot(np.diff(rg), (pg[1:] + pg[:-1]) / 2))
