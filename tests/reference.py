"""The sources' code transcribed, and exhaustive searches, shared by the tests (import
them, don't copy them).

The general oracles (the AUC by its pairs and by mid-ranks, the counts at every threshold,
the confusion matrix one case at a time, the operating points, average precision, DeLong's
placements and variance) are shipped with the library, in ``evalcore/reference.py``: tests
import them from ``evalcore.reference``. What stays here is for the tests alone: the
sources' own code, line by line, and searches over every threshold.

Everything here is written to be obviously right rather than fast: loops over samples,
thresholds or pairs, straight transcriptions of the sources' formulas and code. None of it
calls evalcore's fast functions (only the independent ``evalcore.reference``), so a test that
compares evalcore with a function from this module compares two independent computations.

Contents
--------
* ``r_curves`` / ``r_auc``: the R note's ``curves()`` and ``auc()``, line by line in Python.
* ``slides_roc_points``: the ST445 slides' O(n log n) ROC pseudo-code.
* ``tutorial_auc``: the tutorial's pairwise ``auc()`` (tile / repeat, ½ for ties).
* ``best_threshold_by_cost``, ``best_threshold_by_youden``, ``eer_dense``: exhaustive searches
  over ``evalcore.reference.operating_points``.
* ``mutual_information_eq16``: Murphy's eq. (16) as a double sum.
* ``one_undefined_warning``: call a function, return its result, assert it emitted exactly
  one ``UndefinedMetricWarning``.
"""

from __future__ import annotations

import math
import warnings

import numpy as np

from evalcore.reference import operating_points

# R's .Machine$double.eps
R_DOUBLE_EPS = 2.0 ** -52


# --------------------------------------------------------------------------------------------
# the R note ("Evaluation Curves for Binary Classification"), transcribed
# --------------------------------------------------------------------------------------------
def r_curves(actuals, predictions) -> dict[str, np.ndarray]:
    """The note's ``curves()``: a sweep with rule ``>`` from the largest score down.

    R::

        thresholds = c(unique(sort(predictions, decreasing = T)),
                       min(predictions) - .Machine$double.eps)
        for (i in 1:k) tp[i] = sum((actuals == 1) & (predictions > thresholds[i])) ...

    Returns the data frame's columns as arrays. The first row (threshold = the largest
    score) calls nothing positive, so its precision is 0/0 = NaN, as in R.
    Note: ``min - eps`` only lies below ``min`` when ``|min| < 2`` (R's own limitation);
    the tests feed it probabilities, as the note does.
    """
    actuals = np.asarray(actuals)
    predictions = np.asarray(predictions, dtype=float)
    distinct = sorted(set(predictions.tolist()), reverse=True)
    thresholds = distinct + [min(predictions.tolist()) - R_DOUBLE_EPS]
    k = len(thresholds)
    tp, fn, fp, tn = (np.zeros(k) for _ in range(4))
    for i in range(k):
        tp[i] = np.sum((actuals == 1) & (predictions > thresholds[i]))
        fn[i] = np.sum((actuals == 1) & (predictions <= thresholds[i]))
        fp[i] = np.sum((actuals == 0) & (predictions > thresholds[i]))
        tn[i] = np.sum((actuals == 0) & (predictions <= thresholds[i]))
    with np.errstate(invalid="ignore", divide="ignore"):   # R gives NaN for 0/0 too
        return {
            "thresholds": np.array(thresholds), "tp": tp, "fn": fn, "fp": fp, "tn": tn,
            "fp_rate": fp / (fp + tn), "tp_rate": tp / (tp + fn), "precision": tp / (tp + fp),
        }


def r_auc(x, y) -> float:
    """The note's ``auc()``: lower rectangle plus half the upper one, segment by segment."""
    area = 0.0
    for i in range(1, len(x)):
        area += (x[i] - x[i - 1]) * (min(y[i], y[i - 1]) + 0.5 * abs(y[i] - y[i - 1]))
    return area


def r_pr_auc(actuals, predictions) -> float:
    """The note's PR area: ``auc(tp.rate[valid.precision], precision[valid.precision])``
    with ``valid.precision = 2:nrow(evaluation)`` (the first row's precision is 0/0)."""
    ev = r_curves(actuals, predictions)
    return r_auc(ev["tp_rate"][1:], ev["precision"][1:])


def r_roc_auc(actuals, predictions) -> float:
    """The note's ROC area: ``auc(fp.rate, tp.rate)`` over every row."""
    ev = r_curves(actuals, predictions)
    return r_auc(ev["fp_rate"], ev["tp_rate"])


# --------------------------------------------------------------------------------------------
# the ST445 slides and the tutorial
# --------------------------------------------------------------------------------------------
def slides_roc_points(y, p) -> list[tuple[float, float]]:
    """The slides' pseudo-code: walk the examples in decreasing score, emit a point whenever
    the score changes, then (1, 1)."""
    y = list(y)
    p = list(p)
    n = len(y)
    P = sum(1 for v in y if v == 1)
    N = n - P
    FP = TP = 0
    order = sorted(range(n), key=lambda i: -p[i])
    points: list[tuple[float, float]] = []
    p_prev = -math.inf
    for i in range(n):
        if p[order[i]] != p_prev:
            points.append((FP / N, TP / P))
            p_prev = p[order[i]]
        if y[order[i]] == 1:
            TP += 1
        else:
            FP += 1
    points.append((1.0, 1.0))
    return points


def tutorial_auc(y_true, probs) -> float:
    """The tutorial's ``auc()``: every (negative, positive) pair, 1 if ordered right, ½ if tied."""
    y_true = np.asarray(y_true)
    probs = np.asarray(probs, dtype=float)
    x = probs[y_true == 0]
    y = probs[y_true == 1]
    z = np.array([np.tile(x, len(y)), np.repeat(y, len(x))]).T
    a = np.zeros_like(z)
    a[z[:, 0] < z[:, 1]] = 1.0
    a[z[:, 0] == z[:, 1]] = 0.5
    # a[mask] = v sets whole rows, so both columns hold the pair's value and the mean of
    # the (pairs, 2) array is the mean over pairs
    return float(a.mean())


# --------------------------------------------------------------------------------------------
# exhaustive threshold searches (over evalcore.reference.operating_points)
# --------------------------------------------------------------------------------------------
def best_threshold_by_cost(y, s, cost_fp, cost_fn, w=None):
    """(threshold, cost) minimizing (cost_fp·FP + cost_fn·FN) / n; the highest threshold
    wins a tie."""
    best = None
    for t, tp, fp, fn, tn in operating_points(y, s, w):
        cost = (cost_fp * fp + cost_fn * fn) / (tp + fp + fn + tn)
        if best is None or cost < best[1]:
            best = (t, cost)
    return best


def best_threshold_by_youden(y, s, w=None):
    """(threshold, J) maximizing J = TPR − FPR; the highest threshold wins a tie."""
    best = None
    for t, tp, fp, fn, tn in operating_points(y, s, w):
        j = tp / (tp + fn) - fp / (fp + tn)
        if best is None or j > best[1]:
            best = (t, j)
    return best


def eer_dense(y, s, w=None, steps: int = 4001) -> float:
    """Equal error rate by dense sampling of the ROC polyline: sample every segment at
    ``steps`` points and take FPR where |FPR − FNR| is smallest."""
    rows = operating_points(y, s, w)
    fpr = np.array([fp / (fp + tn) for _, tp, fp, fn, tn in rows])
    tpr = np.array([tp / (tp + fn) for _, tp, fp, fn, tn in rows])
    t = np.linspace(0.0, 1.0, steps)
    best_gap, best_fpr = math.inf, math.nan
    for k in range(1, len(fpr)):
        x = fpr[k - 1] + t * (fpr[k] - fpr[k - 1])
        fnr = 1 - (tpr[k - 1] + t * (tpr[k] - tpr[k - 1]))
        gap = np.abs(x - fnr)
        i = int(np.argmin(gap))
        if gap[i] < best_gap:
            best_gap, best_fpr = gap[i], x[i]
    return float(best_fpr)


# --------------------------------------------------------------------------------------------
# information
# --------------------------------------------------------------------------------------------
def mutual_information_eq16(joint) -> float:
    """Murphy's eq. (16): Σ_ŷ Σ_y p(ŷ, y) log(p(ŷ, y) / (p(ŷ) p(y))), 0·log 0 = 0, in nats."""
    joint = np.asarray(joint, dtype=float)
    joint = joint / joint.sum()
    total = 0.0
    for a in range(joint.shape[0]):
        for b in range(joint.shape[1]):
            p = joint[a, b]
            if p > 0:
                total += p * math.log(p / (joint[a, :].sum() * joint[:, b].sum()))
    return total


# --------------------------------------------------------------------------------------------
# the undefined-metric policy
# --------------------------------------------------------------------------------------------
def one_undefined_warning(function, *args, **kwargs):
    """Call ``function``; assert it emitted exactly one UndefinedMetricWarning; return its
    result."""
    from evalcore import UndefinedMetricWarning

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = function(*args, **kwargs)
    undefined = [c for c in caught if issubclass(c.category, UndefinedMetricWarning)]
    assert len(undefined) == 1, (
        f"expected exactly one UndefinedMetricWarning, got {len(undefined)}: "
        f"{[str(c.message) for c in caught]}")
    others = [c for c in caught if not issubclass(c.category, UndefinedMetricWarning)]
    assert not others, f"unexpected warnings: {[str(c.message) for c in others]}"
    return result
