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
* ``exact_rates``, ``exact_mcc``, ``exact_mutual_information``: a confusion matrix's rates
  from their definitions, in exact fractions (``as_float``, ``exact_sqrt_ratio``: rounded
  once).
* ``pair_auc``: the AUC of two samples of scores, from its pairs.
* ``hanley_mcneil_se``: Hanley and McNeil's (1982) standard error of the AUC.
* ``net_benefit_by_hand``: the net benefit in exact fractions, one case at a time.
* ``tail_by_hand``, ``order_by_hand``, ``nproc_bounds``, ``nproc_choice``: the umbrella
  algorithm's binomial tail and order statistic by hand, and R's nproc (through its Python
  port) for the cutoff it picks.
* ``rows_by_hand``: a rate per subgroup, counted case by case.
* ``DEMSAR_AUC``: Demšar's (2006) table of AUCs (14 data sets, 4 classifiers).
* ``one_undefined_warning``: call a function, return its result, assert it emitted exactly
  one ``UndefinedMetricWarning``.
"""

from __future__ import annotations

import math
import warnings
from decimal import Decimal, localcontext
from fractions import Fraction

import numpy as np

from evalcore.reference import auc_pairs, operating_points

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
# a confusion matrix's rates, in exact arithmetic
# --------------------------------------------------------------------------------------------
def exact_rates(tp, fp, fn, tn):
    """The rates from their definitions, as exact fractions (None where undefined)."""
    tp, fp, fn, tn = (Fraction(v) for v in (tp, fp, fn, tn))
    P, N, Pp, Nn = tp + fn, fp + tn, tp + fp, fn + tn
    return {
        "tpr": tp / P, "fpr": fp / N, "tnr": tn / N, "fnr": fn / P,
        "precision": tp / Pp, "npv": tn / Nn, "false_discovery_rate": fp / Pp,
        "false_omission_rate": fn / Nn, "accuracy": (tp + tn) / (P + N),
        "error_rate": (fp + fn) / (P + N), "prevalence": P / (P + N),
        "balanced_accuracy": (tp / P + tn / N) / 2, "informedness": tp / P + tn / N - 1,
        "markedness": tp / Pp + tn / Nn - 1, "jaccard": tp / (tp + fp + fn),
        "positive_likelihood_ratio": (tp / P) / (fp / N),
        "negative_likelihood_ratio": (fn / P) / (tn / N),
        "diagnostic_odds_ratio": (tp * tn) / (fp * fn),
        "cohen_kappa": 2 * (tp * tn - fn * fp) / (Pp * N + P * Nn),
        "f1": 2 * tp / (2 * tp + fn + fp),
    }


def as_float(value: Fraction) -> float:
    """The float nearest to ``value``; beyond the float range, inf."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def exact_sqrt_ratio(numerator: Fraction, denominator: Fraction) -> float:
    """√(numerator / denominator), rounded once to float (50 decimal digits first)."""
    with localcontext() as context:
        context.prec = 50
        return float((Decimal(numerator.numerator) * Decimal(denominator.denominator)
                      / (Decimal(numerator.denominator) * Decimal(denominator.numerator))).sqrt())


def exact_mcc(tp, fp, fn, tn) -> float:
    """Matthews' correlation from exact products, its square root rounded once."""
    tp, fp, fn, tn = (Fraction(v) for v in (tp, fp, fn, tn))
    numerator = tp * tn - fp * fn
    value = exact_sqrt_ratio(numerator * numerator, (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))
    return -value if numerator < 0 else value


def exact_mutual_information(cells) -> float:
    """Σ p log(p / (p_row p_col)) of a 2x2 table, from exact probabilities."""
    cells = [[Fraction(v) for v in row] for row in cells]
    total = sum(map(sum, cells))
    p = [[v / total for v in row] for row in cells]
    rows = [sum(row) for row in p]
    cols = [p[0][j] + p[1][j] for j in range(2)]

    def log(ratio: Fraction) -> float:       # math.log takes integers of any size
        return math.log(ratio.numerator) - math.log(ratio.denominator)

    return sum(float(p[i][j]) * log(p[i][j] / (rows[i] * cols[j]))
               for i in range(2) for j in range(2) if p[i][j] > 0)


# --------------------------------------------------------------------------------------------
# the AUC, its intervals, the net benefit
# --------------------------------------------------------------------------------------------
def pair_auc(pos, neg):
    """The AUC of the positives' scores ``pos`` against the negatives' ``neg``, from its
    definition (evalcore.reference): P(positive outscores negative) + ½ P(tie)."""
    return auc_pairs(np.r_[np.ones(len(pos)), np.zeros(len(neg))], np.r_[pos, neg])


def hanley_mcneil_se(a, n_abnormal, n_normal):
    """Hanley and McNeil's (1982) standard error of an AUC ``a`` from its Q1 = a/(2 − a) and
    Q2 = 2a²/(1 + a)."""
    q1, q2 = a / (2 - a), 2 * a ** 2 / (1 + a)
    return math.sqrt((a * (1 - a) + (n_abnormal - 1) * (q1 - a ** 2)
                      + (n_normal - 1) * (q2 - a ** 2)) / (n_abnormal * n_normal))


def net_benefit_by_hand(y, s, p_t) -> Fraction:
    """TP/n − FP/n · p/(1 − p) in exact fractions, the treated counted one case at a time."""
    p = Fraction(p_t)
    tp = sum(1 for label, score in zip(y, s) if Fraction(score) >= p and label == 1)
    fp = sum(1 for label, score in zip(y, s) if Fraction(score) >= p and label == 0)
    n = len(y)
    return Fraction(tp, n) - Fraction(fp, n) * p / (1 - p)


# --------------------------------------------------------------------------------------------
# a false positive rate with a guarantee: the umbrella algorithm by hand, and R's nproc
# --------------------------------------------------------------------------------------------
def tail_by_hand(n, k, alpha):
    """P(Binomial(n, 1 - alpha) >= k), exactly, alpha read as the exact value of its float."""
    p = 1 - Fraction(alpha)
    return sum(math.comb(n, j) * p ** j * (1 - p) ** (n - j) for j in range(k, n + 1))


def order_by_hand(n, alpha, delta):
    """The smallest k in 1..n with the exact tail <= delta, or None: the tail summed from
    k = n downwards, one term at a time."""
    p = 1 - Fraction(alpha)
    tail, found = Fraction(0), None
    for k in range(n, 0, -1):
        tail += math.comb(n, k) * p ** k * (1 - p) ** (n - k)
        if tail > Fraction(delta):
            break
        found = k
    return found


def nproc_bounds(scores0, scores1, delta):
    """nproc's sorted class-0 scores and each one's upper bound on the type I error at
    confidence 1 - delta (``find_order``; the bound does not depend on alpha)."""
    from nproc import npc
    found = npc().find_order(list(scores0), list(scores1), delta, 1)
    return found[0], found[4]


def nproc_choice(sorted0, alpha_upper, alpha):
    """The order and cutoff ``npc_core`` picks: the first sorted class-0 score whose bound
    is <= alpha (its own tolerance); ``(None, None)`` where none is."""
    fits = [i for i, bound in enumerate(alpha_upper) if bound <= alpha + 1e-10]
    return (fits[0] + 1, sorted0[fits[0]]) if fits else (None, None)


# --------------------------------------------------------------------------------------------
# subgroups
# --------------------------------------------------------------------------------------------
def rows_by_hand(y, pred, g, name):
    """Each group's rate counted case by case in Python."""
    rows = {}
    for group in sorted(set(g.tolist())):
        cases = [(int(t), int(p)) for t, p, h in zip(y, pred, g) if h == group]
        tp = sum(1 for t, p in cases if t == 1 and p == 1)
        fp = sum(1 for t, p in cases if t == 0 and p == 1)
        fn = sum(1 for t, p in cases if t == 1 and p == 0)
        tn = sum(1 for t, p in cases if t == 0 and p == 0)
        num, den = {"tpr": (tp, tp + fn), "fpr": (fp, fp + tn), "ppv": (tp, tp + fp),
                    "npv": (tn, tn + fn), "prevalence": (tp + fn, len(cases)),
                    "selection_rate": (tp + fp, len(cases))}[name]
        rows[group] = (len(cases), tp + fn, num / den if den else math.nan, num, den)
    return rows


# --------------------------------------------------------------------------------------------
# published tables
# --------------------------------------------------------------------------------------------
#: Demšar (2006), Table 6: the AUC of C4.5, C4.5+m, C4.5+cf and C4.5+m+cf on 14 data sets,
#: as printed (three decimals).
DEMSAR_AUC = np.array([
    [0.763, 0.768, 0.771, 0.798], [0.599, 0.591, 0.590, 0.569], [0.954, 0.971, 0.968, 0.967],
    [0.628, 0.661, 0.654, 0.657], [0.882, 0.888, 0.886, 0.898], [0.936, 0.931, 0.916, 0.931],
    [0.661, 0.668, 0.609, 0.685], [0.583, 0.583, 0.563, 0.625], [0.775, 0.838, 0.866, 0.875],
    [1.000, 1.000, 1.000, 1.000], [0.940, 0.962, 0.965, 0.962], [0.619, 0.666, 0.614, 0.669],
    [0.972, 0.981, 0.975, 0.975], [0.957, 0.978, 0.946, 0.970]])


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
