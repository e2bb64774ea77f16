"""Where to cut scores into bins, and the AUC Keras computes on its fixed bins.

:func:`score_bin_edges` chooses cut points (evenly in probability, in logit, or at quantiles of
the scores or a sample of them) for :class:`~evalcore.BinnedScoreCounts`; :func:`check_edges`
validates given ones. :func:`thresholded_auc` computes what Keras' ``AUC`` metric reports
(``num_thresholds=200`` evenly spaced thresholds, the rule ``score > threshold``, the
interpolated trapezoid) without TensorFlow, so its error can be measured against the exact AUC
and set beside the certified bounds of the same bins (:func:`~evalcore.binned_auc`).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..core.options import check_int, check_one_of
from ..core.ranking import score_order
from ..core.validation import (as_1d, both_classes, check_array_like, check_binary_scores,
                               check_scores, shown)

SPACINGS = ("quantile", "probability", "logit")
#: Keras' ``backend.epsilon()``: its end thresholds are ``-epsilon`` and ``1 + epsilon``.
KERAS_EPSILON = 1e-7


def check_edges(edges: Any) -> np.ndarray:
    """``edges`` as a float64 array of finite, strictly increasing cut points (may be empty:
    one bin). The errors name ``edges`` and the rule broken."""
    check_array_like(edges, "edges")
    if np.shape(edges) == (0,):
        return np.empty(0)
    array = check_scores(edges, "edges").astype(np.float64)
    steps = np.diff(array)
    if np.any(steps <= 0):
        i = int(np.flatnonzero(steps <= 0)[0])
        raise ValueError(f"edges must be strictly increasing: edges[{i + 1}]="
                         f"{shown(array[i + 1])} follows edges[{i}]={shown(array[i])}")
    return array


def score_bin_edges(y_score: Any = None, *, n_bins: int = 100,
                    spacing: str = "quantile") -> np.ndarray:
    """Cut points for ``n_bins`` bins of scores.

    Bin 0 holds the scores below the first cut point, bin ``j`` those in
    ``[edges[j-1], edges[j])``, the last bin those at or above the last cut point; every score
    falls in a bin, so any edges give certified bounds. Only their tightness depends on the
    choice: the bounds are narrow when few positive-negative pairs share a bin.

    Parameters
    ----------
    y_score : array-like of shape (n,), default=None
        Scores to place the cut points by: all of them (a first pass) or a random sample.
        Needed for ``"quantile"`` and ``"logit"``; ignored for ``"probability"``.
    n_bins : int, default=100
        The number of bins (``n_bins - 1`` cut points; fewer for quantiles of tied scores).
    spacing : {"quantile", "probability", "logit"}, default="quantile"
        ``"quantile"``: at the first score above each ``j / n_bins`` quantile (a score
        repeated many times stays in one bin; the lowest score is never a cut point;
        repeated cut points are kept once). ``"probability"``:
        evenly in [0, 1] (``j / n_bins``: Keras' inner thresholds for ``n_bins = 199``).
        ``"logit"``: evenly in logit between the lowest and the highest score strictly
        inside (0, 1).

    Returns
    -------
    numpy.ndarray
        The cut points, float64, strictly increasing.

    Examples
    --------
    >>> score_bin_edges(n_bins=4, spacing="probability")
    array([0.25, 0.5 , 0.75])
    >>> score_bin_edges([0.1, 0.4, 0.35, 0.8], n_bins=2)
    array([0.4])
    """
    n_bins = check_int(n_bins, "n_bins", low=1)
    spacing = check_one_of(spacing, SPACINGS, "spacing")
    if spacing == "probability":
        return np.arange(1, n_bins) / n_bins
    if y_score is None:
        raise TypeError(f"y_score is required for spacing={spacing!r}: the cut points are "
                        f"placed by the scores (all of them or a sample)")
    score = check_scores(y_score).astype(np.float64)
    if spacing == "quantile":
        distinct = np.unique(score)
        quantiles = np.quantile(score, np.arange(1, n_bins) / n_bins, method="inverted_cdf")
        above = np.searchsorted(distinct, quantiles, side="right")
        return np.unique(distinct[above[above < distinct.size]])
    inside = score[(score > 0) & (score < 1)]
    if inside.size == 0 or inside.min() == inside.max():
        raise ValueError("y_score must hold at least two distinct values strictly between 0 "
                         "and 1 for spacing='logit' (probabilities)")
    low, high = np.log(inside.min() / (1 - inside.min())), np.log(inside.max() / (1 - inside.max()))
    cuts = 1 / (1 + np.exp(-np.linspace(low, high, n_bins + 1)[1:-1]))
    return np.unique(cuts)


def keras_thresholds(num_thresholds: int = 200) -> np.ndarray:
    """The thresholds of Keras' ``AUC(num_thresholds=...)``.

    Parameters
    ----------
    num_thresholds : int, default=200
        How many (ends included); at least 2.

    Returns
    -------
    numpy.ndarray
        ``-1e-7``, then ``i / (num_thresholds - 1)`` for ``i = 1 .. num_thresholds - 2``,
        then ``1 + 1e-7``.

    Examples
    --------
    >>> keras_thresholds(3).tolist()
    [-1e-07, 0.5, 1.0000001]
    """
    n = check_int(num_thresholds, "num_thresholds", low=2)
    return np.concatenate(([-KERAS_EPSILON], np.arange(1, n - 1) / (n - 1), [1 + KERAS_EPSILON]))


def thresholded_auc(y_true: Any, y_score: Any, *, thresholds: Any = None,
                    num_thresholds: int = 200, sample_weight: Any = None,
                    pos_label: Any = None) -> float:
    """The AUC Keras' ``AUC`` metric reports: a trapezoid over a fixed grid of thresholds.

    At each threshold ``t`` the rates are counted with Keras' strict rule ``score > t``; the
    ROC points are joined by straight lines (``summation_method="interpolation"``, the
    default: ``sum((fpr[i] - fpr[i+1]) * (tpr[i] + tpr[i+1]) / 2)``). The thresholds are
    Keras' defaults, ``num_thresholds`` of them: ``-1e-7``, ``i / (num_thresholds - 1)`` for
    ``i = 1 .. num_thresholds - 2``, and ``1 + 1e-7``; given ``thresholds`` (inner ones, in
    [0, 1]), the two end thresholds are added and they are sorted, as Keras does. Scores that
    fall between two thresholds are read as tied, so the value is off by up to half their
    unknown pairs (:func:`binned_auc` says by how much at most). Keras counts in float32;
    this function in float64, so a score within float32's rounding of a threshold can fall on
    the other side in Keras.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Probabilities in [0, 1] (Keras' ``from_logits=False``).
    thresholds : array-like, default=None
        Inner thresholds in [0, 1]; ``None``: Keras' evenly spaced ones.
    num_thresholds : int, default=200
        The number of thresholds (ends included) when ``thresholds`` is None; at least 2.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    float
        The trapezoid area; ``nan`` with one :class:`~evalcore.UndefinedMetricWarning` when a
        class is missing (Keras returns 0 there).

    See Also
    --------
    binned_auc : the same binning's bounds on the exact AUC.
    evalcore.roc_auc : the exact AUC.

    Examples
    --------
    Keras' documented example (``AUC(num_thresholds=3)``: thresholds -1e-7, 0.5, 1 + 1e-7):

    >>> thresholded_auc([0, 0, 1, 1], [0, 0.5, 0.3, 0.9], num_thresholds=3)
    0.75
    """
    label, score, weight = check_binary_scores(y_true, y_score, sample_weight=sample_weight,
                                               pos_label=pos_label)
    if np.any((score < 0) | (score > 1)):
        raise ValueError("y_score must hold probabilities in [0, 1], as Keras' AUC reads them "
                         "(from_logits=False): apply the sigmoid to logits first")
    if thresholds is None:
        grid = keras_thresholds(num_thresholds)
    else:
        inner = np.sort(as_1d(thresholds, "thresholds").astype(np.float64))
        if np.any(~np.isfinite(inner) | (inner < 0) | (inner > 1)):
            raise ValueError("thresholds must lie in [0, 1] (Keras' rule); the end thresholds "
                             "-1e-7 and 1 + 1e-7 are added")
        grid = np.concatenate(([-KERAS_EPSILON], inner, [1 + KERAS_EPSILON]))
    weight = np.ones(score.shape[0]) if weight is None else weight
    # counts at or below each threshold, then the counts above it (the rule score > t)
    order = score_order(score)
    at_or_below = np.searchsorted(score[order], grid, side="right")
    pos_cum = np.concatenate(([0.0], np.cumsum((weight * label)[order])))
    neg_cum = np.concatenate(([0.0], np.cumsum((weight * (1 - label))[order])))
    tp, fp = pos_cum[-1] - pos_cum[at_or_below], neg_cum[-1] - neg_cum[at_or_below]
    if not both_classes(pos_cum[-1], neg_cum[-1], "ROC AUC", stacklevel=3):
        return math.nan
    tpr, fpr = tp / pos_cum[-1], fp / neg_cum[-1]
    return float(np.sum((fpr[:-1] - fpr[1:]) * (tpr[:-1] + tpr[1:]) / 2))
