"""The readable twins of evalcore's computations: each one its definition, in a few lines.

Every function here computes, the slow and obvious way, a number that a fast function of
evalcore computes too: the AUC from every positive/negative pair, the counts at every
threshold from one sort and a cumulative sum, the confusion matrix one case at a time,
average precision step by step, DeLong's variance (and the covariance of several AUCs) from
the placement values. They are two things at once:

* a **reading aid**: the book shows their source, and a student can read each in a minute;
  the fast kernels (:mod:`evalcore.core.ranking`, :mod:`evalcore.stats.delong`) give the same
  numbers (exactly for counts and unweighted AUCs, to about 1e-12 otherwise);
* an **oracle**: the tests compare evalcore with them on random inputs (ties, weights,
  integer and float32 scores: ``tests/test_reference.py``). So that such a comparison means
  something, this module imports nothing from evalcore, only numpy and the standard library.

It is a module to read, not part of the flat API: ``import evalcore.reference as ref``. The
functions check nothing: labels are 0/1 (or booleans), scores finite, and both classes present
where a rate divides by a class. Each docstring gives the cost; the pairwise functions build
an m × n table (m positives, n negatives), so keep them to a few thousand cases.

The examples use the book's two toy cases: ``y = [0, 0, 1, 1]``, ``s = [0.1, 0.4, 0.35,
0.8]`` (scikit-learn's) and the seven cases of the ST445 slides, whose AUC is 11/12.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

import numpy as np

__all__ = ["psi_table", "auc_pairs", "midranks", "auc_ranks", "counts_at_thresholds",
           "Counts", "confusion_counts", "operating_points", "average_precision",
           "placements", "delong_variance", "delong_covariance"]


# ------------------------------------------------------------------------ the AUC by its pairs
def psi_table(y_true, y_score) -> np.ndarray:
    """ψ for every positive (rows) and negative (columns): 1 if the positive's score is
    higher, ½ if the two tie, 0 if it is lower.

    The table every pairwise definition starts from: the AUC is its mean, DeLong's
    placement values are its row and column means. Scores are compared in their own dtype
    (integers beyond 2**53, float32 and long doubles exactly). Cost: O(m·n) time and memory.

    >>> psi_table([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    array([[1., 0.],
           [1., 1.]])
    """
    y, s = np.asarray(y_true), np.asarray(y_score)
    x = s[y == 1][:, None]          # the positives' scores, as a column
    v = s[y == 0][None, :]          # the negatives' scores, as a row
    return (x > v) + 0.5 * (x == v)


def auc_pairs(y_true, y_score, sample_weight=None, *, exact: bool = False):
    """The ROC AUC by its definition: the share of positive/negative pairs in which the
    positive scores higher, a tie counting ½.

    Without weights, twice the wins is an integer and the result is that integer divided by
    2·m·n once: the exact fraction, correctly rounded (``exact=True`` returns the
    :class:`~fractions.Fraction` itself). With ``sample_weight``, it is the mean of ψ over
    the pairs, each pair weighing the product of its two weights (each class's weights first
    divided by their sum: the AUC depends only on the ratios, and products of tiny weights
    cannot underflow). It is ``evalcore.roc_auc(y, s, method="pairs")`` and equals
    ``evalcore.roc_auc`` (exactly without weights). Cost: O(m·n) time and memory.

    >>> auc_pairs([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.75
    >>> auc_pairs([0, 1, 0, 1, 1, 0, 0], [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3], exact=True)
    Fraction(11, 12)

    A tie counts ½, and a weight of 2 counts a case twice:

    >>> auc_pairs([0, 1], [0.5, 0.5])
    0.5
    >>> auc_pairs([0, 0, 1], [0.1, 0.9, 0.5], [2, 1, 1])
    0.6666666666666666
    """
    y = np.asarray(y_true)
    table = psi_table(y, y_score)
    if sample_weight is None:
        twice_wins = int((2 * table).sum())          # 2 per pair won, 1 per tie: an integer
        if exact:
            return Fraction(twice_wins, 2 * table.size)
        return twice_wins / (2 * table.size)         # Python integers: rounded once
    if exact:
        raise ValueError("exact=True is for unweighted AUCs")
    w = np.asarray(sample_weight, dtype=float)
    w_pos, w_neg = w[y == 1] / w[y == 1].sum(), w[y == 0] / w[y == 0].sum()
    pair_weight = np.outer(w_pos, w_neg)
    return float((pair_weight * table).sum() / pair_weight.sum())     # the weighted mean of ψ


def midranks(values) -> np.ndarray:
    """Ranks from 1 in increasing order, tied values sharing the mean of their ranks.

    A value with ``b`` values below it and ``e`` equal to it (itself included) holds ranks
    b + 1 … b + e, whose mean is b + (e + 1)/2. Cost: O(n²) comparisons.

    >>> midranks([0.1, 0.4, 0.4, 0.8]).tolist()
    [1.0, 2.5, 2.5, 4.0]
    """
    values = list(values)
    ranks = np.empty(len(values))
    for i, v in enumerate(values):
        below = sum(1 for u in values if u < v)
        equal = sum(1 for u in values if u == v)
        ranks[i] = below + (equal + 1) / 2
    return ranks


def auc_ranks(y_true, y_score) -> float:
    """The ROC AUC by the Mann–Whitney rank formula: (Σ R_i − m(m+1)/2) / (m·n), R_i the
    mid-ranks of the m positives among all scores.

    A second definition of the AUC, equal to :func:`auc_pairs` (the sum of the positives'
    ranks counts, for each positive, the cases at or below it). Cost: that of
    :func:`midranks`, O(n²).

    >>> auc_ranks([0, 1, 0, 1, 1, 0, 0], [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]) * 12
    11.0
    """
    y = np.asarray(y_true)
    ranks = midranks(np.asarray(y_score, dtype=float))
    m = int(np.sum(y == 1))
    n = len(y) - m
    return float((ranks[y == 1].sum() - m * (m + 1) / 2) / (m * n))


# ------------------------------------------------------------------ counts at the thresholds
def counts_at_thresholds(y_true, y_score, sample_weight=None):
    """The counts at every threshold, by one sort and a cumulative sum.

    Sort the cases by decreasing score; the running sum of the positives (negatives) down to
    a case is the number of true (false) positives of a threshold at its score. Tied scores
    form one threshold, so the sums are read at the last case of each run of equal scores.
    Returns ``(thresholds, tp, fp)``: the distinct scores, highest first, and the weight of
    the positives and of the negatives with ``score >= threshold``; cases of weight 0 add no
    threshold. This is scikit-learn's ``_binary_clf_curve``, and evalcore's
    ``confusion_matrix_at_thresholds`` gives the same counts (and the ROC and PR curves
    their rates). Cost: one sort, O(n log n).

    >>> thresholds, tp, fp = counts_at_thresholds([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> thresholds.tolist(), tp.tolist(), fp.tolist()
    ([0.8, 0.4, 0.35, 0.1], [1, 1, 2, 2], [0, 1, 1, 2])
    """
    y, s = np.asarray(y_true) == 1, np.asarray(y_score)
    if sample_weight is None:
        w = np.ones(len(s), dtype=np.int64)
    else:
        w = np.asarray(sample_weight, dtype=float)
    y, s, w = y[w != 0], s[w != 0], w[w != 0]
    order = np.argsort(s, kind="stable")[::-1]           # the highest score first
    y, s, w = y[order], s[order], w[order]
    last_of_run = np.append(s[1:] != s[:-1], True)     # the next score is lower (or none)
    tp = np.cumsum(w * y)[last_of_run]
    fp = np.cumsum(w * ~y)[last_of_run]
    return s[last_of_run], tp, fp


class Counts(NamedTuple):
    """The four cells of a confusion matrix."""

    tp: float
    fp: float
    fn: float
    tn: float


def confusion_counts(y_true, y_pred, threshold=None, rule: str = ">=",
                     sample_weight=None) -> Counts:
    """The confusion matrix ``(tp, fp, fn, tn)``, counted one case at a time.

    Without ``threshold``, ``y_pred`` holds 0/1 predictions (1: called positive). With it,
    ``y_pred`` holds scores and a case is called positive when ``score >= threshold``
    (``rule=">="``, evalcore's rule) or ``score > threshold`` (``rule=">"``, the sources'
    strict rule). Each case adds its weight (1 unless ``sample_weight`` is given). Scores and
    threshold are compared exactly: Python integers beyond 2**53, long doubles, fractions and
    signed zeros as given, numpy numbers as the Python numbers of the same value (numpy would
    compare a float32 with a Python float in float32). ``evalcore.confusion_matrix`` and
    ``evalcore.confusion_matrix_at`` give the same counts. Cost: O(n).

    >>> confusion_counts([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], 0.4)
    Counts(tp=1, fp=1, fn=1, tn=1)
    >>> confusion_counts([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], 0.4, ">")
    Counts(tp=1, fp=0, fn=1, tn=2)
    >>> confusion_counts([0, 0, 1, 1], [0, 1, 1, 1])
    Counts(tp=2, fp=1, fn=0, tn=1)
    """
    if rule not in (">=", ">"):
        raise ValueError(f"rule must be '>=' or '>', got {rule!r}")
    y = list(y_true)
    p = [v.item() if isinstance(v, np.generic) else v for v in y_pred]     # exact: see above
    if isinstance(threshold, np.generic):
        threshold = threshold.item()
    weights = [1] * len(y) if sample_weight is None else list(sample_weight)
    if not len(y) == len(p) == len(weights):
        raise ValueError("y_true, y_pred and sample_weight must have the same length")
    tp = fp = fn = tn = 0
    for label, value, weight in zip(y, p, weights):
        if threshold is None:
            if value not in (0, 1):
                raise ValueError(f"predictions must be 0 or 1, got {value!r}")
            called = value == 1
        else:
            called = value >= threshold if rule == ">=" else value > threshold
        if label not in (0, 1):
            raise ValueError(f"labels must be 0 or 1, got {label!r}")
        if label == 1 and called:
            tp += weight
        elif label == 1:
            fn += weight
        elif called:
            fp += weight
        else:
            tn += weight
    return Counts(tp, fp, fn, tn)


def operating_points(y_true, y_score, sample_weight=None) -> list[tuple]:
    """Every threshold worth trying, with its counts ``(threshold, tp, fp, fn, tn)``.

    The thresholds are ``inf`` (nothing called positive) and each distinct score of nonzero
    weight, decreasing; the rule is ``score >= threshold``, and each row is counted afresh
    by masks over all the cases (no running sums: compare :func:`counts_at_thresholds`).
    An exhaustive search over a threshold (by cost, by Youden's J, the convex hull) reads
    these rows. Cost: O(n) per threshold, O(n·k) for k distinct scores.

    >>> [(t, int(tp), int(fp)) for t, tp, fp, fn, tn in
    ...  operating_points([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])]
    [(inf, 0, 0), (0.8, 1, 0), (0.4, 1, 1), (0.35, 2, 1), (0.1, 2, 2)]
    """
    y = np.asarray(y_true)
    s = np.asarray(y_score, dtype=float)
    w = np.ones(len(y)) if sample_weight is None else np.asarray(sample_weight, dtype=float)
    rows = []
    for t in [np.inf] + sorted(set(s[w != 0].tolist()), reverse=True):
        called = s >= t
        rows.append((t, w[called & (y == 1)].sum(), w[called & (y == 0)].sum(),
                     w[~called & (y == 1)].sum(), w[~called & (y == 0)].sum()))
    return rows


def average_precision(y_true, y_score, sample_weight=None) -> float:
    """Average precision, scikit-learn's step sum: AP = Σ_k (R_k − R_{k−1})·P_k.

    At each threshold k (decreasing, from :func:`counts_at_thresholds`), the precision
    P_k = tp/(tp + fp) is weighted by the recall it adds, R_k − R_{k−1}, with R_0 = 0 and
    R_k = tp/(all positives); no interpolation, no trapezoids. It equals
    ``evalcore.average_precision`` and ``sklearn.metrics.average_precision_score``. Needs
    a positive. Cost: one sort, O(n log n).

    On the toy case the recall rises by ½ at 0.8 (precision 1) and by ½ at 0.35 (precision
    2/3), so AP = ½ + ⅓:

    >>> round(average_precision([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 6)
    0.833333
    """
    _, tp, fp = counts_at_thresholds(y_true, y_score, sample_weight)
    precision = tp / (tp + fp)
    recall = tp / tp[-1]
    return float(np.sum(np.diff(recall, prepend=0) * precision))


# ------------------------------------------------------------------------------- DeLong
def placements(y_true, y_score) -> tuple[np.ndarray, np.ndarray]:
    """DeLong's placement values: ``V10``, the share of the negatives each positive
    outscores (ties ½), and ``V01``, the share of the positives that outscore each negative.

    They are the row and the column means of :func:`psi_table`; either one's mean is the
    AUC. Cost: O(m·n).

    >>> v10, v01 = placements([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> v10.tolist(), v01.tolist()
    ([0.5, 1.0], [1.0, 0.5])
    """
    table = psi_table(y_true, y_score)
    return table.mean(axis=1), table.mean(axis=0)


def delong_variance(y_true, y_score) -> float:
    """DeLong's estimate of the variance of the AUC, from its definition:
    ``var = S10/m + S01/n``, S10 and S01 the sample variances (divisor m − 1 and n − 1) of
    the m values V10 and the n values V01 of :func:`placements`.

    ``evalcore.delong_variance`` computes the same from one sort (Sun and Xu's algorithm on
    evalcore's tie groups, exact integer sums) and agrees to about 1e-12. Needs two cases of
    each class. Cost: O(m·n).

    On the seven cases of the slides the variance works out by hand to 1/72:

    >>> y, s = [0, 1, 0, 1, 1, 0, 0], [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> round(1 / delong_variance(y, s), 9)
    72.0
    """
    v10, v01 = placements(y_true, y_score)
    return float(v10.var(ddof=1) / v10.size + v01.var(ddof=1) / v01.size)


def delong_covariance(y_true, y_scores) -> np.ndarray:
    """DeLong's estimate of the k × k covariance matrix of k AUCs measured on the same cases,
    from its definition: ``S = S10/m + S01/n``, with ``S10[r, s] = Σ_i (V10_r(X_i) − A_r)
    (V10_s(X_i) − A_s) / (m − 1)`` over the m positives, V10_r the placements of
    :func:`placements` under classifier r and A_r its AUC (their mean), and S01 likewise over
    the n negatives (DeLong, DeLong and Clarke-Pearson 1988).

    ``y_scores`` is a sequence of k score arrays. The diagonal holds each classifier's
    :func:`delong_variance`; ``S[a, a] + S[b, b] − 2·S[a, b]`` is the variance of the paired
    test. ``evalcore.delong_test_many`` reports the same matrix (to about 1e-12). Needs two
    cases of each class. Cost: O(k·m·n).

    The same classifier twice: every entry is the seven cases' variance, 1/72:

    >>> y, s = [0, 1, 0, 1, 1, 0, 0], [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> (delong_covariance(y, [s, s]) * 72).round(9).tolist()
    [[1.0, 1.0], [1.0, 1.0]]
    """
    pairs = [placements(y_true, y_score) for y_score in y_scores]
    v10 = np.array([v for v, _ in pairs])                # k × m: one row per classifier
    v01 = np.array([v for _, v in pairs])                # k × n
    d10 = v10 - v10.mean(axis=1, keepdims=True)          # centred at each AUC
    d01 = v01 - v01.mean(axis=1, keepdims=True)
    m, n = v10.shape[1], v01.shape[1]
    return (d10 @ d10.T / (m - 1)) / m + (d01 @ d01.T / (n - 1)) / n
