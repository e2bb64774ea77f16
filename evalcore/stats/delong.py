"""DeLong's variance of the ROC AUC and DeLong's tests.

The AUC measured on a test set is an estimate: another test set of the same size would give
another number. DeLong, DeLong and Clarke-Pearson (1988) derive its variance from the
*placement values* of the cases. With ψ(x, y) = 1, ½ or 0 as the positive score x is above,
tied with or below the negative score y, and m positives X, n negatives Y:

* ``V10(X_i) = (1/n) Σ_j ψ(X_i, Y_j)``, the share of negatives that positive i outscores;
* ``V01(Y_j) = (1/m) Σ_i ψ(X_i, Y_j)``, the share of positives that outscore negative j;
* the AUC is the mean of either; with S10 and S01 their sample variances (divisor m − 1 and
  n − 1), ``var(AUC) = S10/m + S01/n``.

Sun and Xu (2014) compute the placements from mid-ranks, in O(n log n) instead of O(m·n).
Here they come from evalcore's own tie groups (one sort; tied scores form one group, which
is what gives ties their ½): a positive in a group is placed above the negatives of all lower
groups plus half the negatives of its own group, and likewise for negatives.

The AUC's confidence intervals built on this variance (and four others) are in
:mod:`evalcore.stats.auc_intervals`. Every function needs at least two positives and two
negatives (the sample variances divide by m − 1 and n − 1); with fewer the result is ``nan``
with one :class:`~evalcore.UndefinedMetricWarning`. There is no ``sample_weight``; a
weighted :class:`~evalcore.ScoreCounts` is read as repeated cases (its method
:meth:`~evalcore.ScoreCounts.delong_variance` calls this module's kernel,
:func:`delong_variance_from_groups`).

All examples use the seven cases of the ST445 slides, whose AUC is 11/12 and whose DeLong
variance works out by hand to exactly 1/72 (see :func:`delong_variance`).

Bootstrap intervals for any metric are in :mod:`evalcore.stats.uncertainty`, sensitivity and
specificity intervals in :mod:`evalcore.stats.rate_intervals`, the Hanley-McNeil variance and study
planning in :mod:`evalcore.stats.sample_size`; every resampling runs through one engine,
``evalcore/stats/resampling.py``.

References
----------
E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson (1988), "Comparing the areas under two or
more correlated receiver operating characteristic curves: a nonparametric approach",
*Biometrics* 44(3), 837-845.

X. Sun and W. Xu (2014), "Fast implementation of DeLong's algorithm for comparing the areas
under correlated receiver operating characteristic curves", *IEEE Signal Processing Letters*
21(11), 1389-1393.

X. Robin et al. (2011), "pROC: an open-source package for R and S+ to analyze and compare ROC
curves", *BMC Bioinformatics* 12, 77.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np
from scipy import special

from ..core.auc_sums import auc_range_sums, doubled_placements
from ..core.options import check_alternative, check_level
from ..core.ranking import (TieGroups, auc_from_groups, group_totals, groups_from_sorted,
                            is_weighted, score_order, tie_groups, validated_tie_groups)
from ..core.sklearn_keywords import explains_sklearn_keywords
from ..core.validation import check_binary_scores, check_same_length, check_scores, undefined


class AucComparison(NamedTuple):
    """The result of a DeLong test of AUC_a = AUC_b.

    ``statistic`` is difference / SE, ``pvalue`` its p-value (for the test's
    ``alternative``), ``difference`` is AUC_a − AUC_b and ``(low, high)`` its two-sided
    confidence interval. ``df`` is the degrees of freedom of the Student t reference
    distribution: ``inf`` for the paired test (normal), Welch-Satterthwaite's for the
    unpaired one.
    """

    statistic: float
    pvalue: float
    difference: float
    low: float
    high: float
    df: float = math.inf


def enough_cases(positives: int | float, negatives: int | float, what: str, *,
                 stacklevel: int = 4) -> bool:
    """DeLong needs two cases of each class; otherwise warn once and say so (``stacklevel``
    4: at the caller of the function that calls this)."""
    if not (positives >= 2 and negatives >= 2):
        undefined(f"{what} is undefined: it needs at least 2 positive and 2 negative samples "
                  f"(sample variances divide by m - 1 and n - 1), got {positives} positive "
                  f"and {negatives} negative", stacklevel=stacklevel)
        return False
    return True


# ----------------------------------------------------------------------------- placements

def sample_placements(label: np.ndarray, score: np.ndarray) -> tuple[float, np.ndarray]:
    """The AUC and each sample's placement value (V10 for positives, V01 for negatives).

    One sort (:func:`~evalcore.core.ranking.score_order`: the scores in their own dtype, as
    integer codes beside their rows); tied scores form one group through the same helper as
    :func:`tie_groups`, so the AUC is bit for bit :func:`evalcore.roc_auc`'s.
    """
    order = score_order(score)
    sorted_score, sorted_label = score[order], label[order]
    starts, pos, neg = groups_from_sorted(sorted_score, sorted_label, None)
    groups = TieGroups(sorted_score[starts], pos, neg)
    n_pos, n_neg = group_totals(groups)
    neg_doubled, pos_doubled = doubled_placements(groups)
    # each group's two placement values side by side, V01 (a negative's) at 2g and V10 (a
    # positive's) at 2g + 1: the sorted rows read theirs in one gather, in increasing order
    placed_by_label = np.empty(2 * len(pos))
    np.divide(pos_doubled, 2 * n_pos, out=placed_by_label[0::2])
    np.divide(neg_doubled, 2 * n_neg, out=placed_by_label[1::2])
    del neg_doubled, pos_doubled
    where = np.repeat(np.arange(0, 2 * len(pos), 2), pos + neg)
    where += sorted_label
    placements = np.empty(len(where))
    placements[order] = placed_by_label[where]
    return auc_from_groups(groups), placements


def placement_variance(placements: np.ndarray, label: np.ndarray) -> float:
    """S10/m + S01/n from per-sample placements (or placement differences)."""
    is_pos = label == 1
    v10, v01 = placements[is_pos], placements[~is_pos]
    return float(v10.var(ddof=1) / v10.shape[0] + v01.var(ddof=1) / v01.shape[0])


def auc_and_variance(groups: TieGroups) -> tuple[float, float]:
    """The AUC and DeLong's variance from tie groups (or a ScoreCounts, weights read as
    repeated cases), both classes with two cases at least: exact integer sums for counts
    (one pass), and for weights a second pass centred at the AUC (:func:`auc_range_sums`)."""
    auc = auc_from_groups(groups)
    center = auc if is_weighted(groups) else None
    return auc, auc_range_sums(groups, center=center).delong_variance


# ----------------------------------------------------------------------------- public API

@explains_sklearn_keywords
def delong_variance(y_true: Any, y_score: Any, *, pos_label: Any = None) -> float:
    """DeLong's estimate of the variance of the empirical ROC AUC.

    ``var = S10/m + S01/n``, where S10 and S01 are the sample variances of the positives'
    and the negatives' placement values (see the module docstring). Computed from one sort
    in O(n log n) (Sun and Xu's algorithm, on evalcore's tie groups, exact integer sums:
    :func:`auc_range_sums`). It takes no ``sample_weight``; a weighted ScoreCounts'
    :meth:`~evalcore.ScoreCounts.delong_variance` reads its weights as repeated cases (weight
    k = k copies), the one weighted form with a reference.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    float
        The variance (its square root is the AUC's standard error); ``nan`` with one
        :class:`~evalcore.UndefinedMetricWarning` with fewer than two samples of a class.

    Raises
    ------
    ValueError
        If the labels are not binary (or ``pos_label`` is missing where it is needed), the
        scores hold NaN or infinite values, or the lengths differ.
    TypeError
        If the scores are not real numbers; ``sample_weight`` has a message giving the
        route for frequency weights.

    See Also
    --------
    roc_auc_ci : the confidence intervals built on this variance.
    delong_test : DeLong's test of two correlated AUCs.

    References
    ----------
    E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson (1988), "Comparing the areas under two
    or more correlated receiver operating characteristic curves: a nonparametric approach",
    *Biometrics* 44(3), 837-845.

    X. Sun and W. Xu (2014), "Fast implementation of DeLong's algorithm for comparing the areas
    under correlated receiver operating characteristic curves", *IEEE Signal Processing
    Letters* 21(11), 1389-1393.

    Examples
    --------
    On the slides' seven cases the positives outscore 1, 1 and 3/4 of the negatives and the
    negatives are outscored by 1, 2/3, 1 and 1 of the positives, so S10 = 1/48, S01 = 1/36
    and the variance is (1/48)/3 + (1/36)/4 = 1/72:

    >>> import evalcore as ec
    >>> y = [0, 1, 0, 1, 1, 0, 0]
    >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> round(1 / ec.delong_variance(y, s), 9)
    72.0
    """
    return delong_variance_from_groups(validated_tie_groups(y_true, y_score,
                                                            pos_label=pos_label))


def delong_variance_from_groups(groups: TieGroups) -> float:
    """DeLong's variance of the AUC of tie groups (or a ScoreCounts; weights read as repeated
    cases): the kernel of :func:`delong_variance` and of ``ScoreCounts.delong_variance``."""
    if not enough_cases(*group_totals(groups), "DeLong's variance", stacklevel=5):
        return math.nan
    return auc_and_variance(groups)[1]


def normal_interval(estimate: float, variance: float, level: float,
                    bounds: tuple[float, float]) -> tuple[float, float]:
    """``estimate ± z·sqrt(variance)`` at ``level``, clipped to ``bounds``."""
    half = float(special.ndtri(0.5 + level / 2)) * math.sqrt(variance)
    return max(bounds[0], estimate - half), min(bounds[1], estimate + half)


def auc_comparison(difference: float, variance: float, level: float, what: str,
                   alternative: str, df: float = math.inf) -> AucComparison:
    """A difference of AUCs tested from its variance (normal, or t with ``df``); also on Dask."""
    if variance == 0.0:
        if difference == 0.0:
            undefined(f"{what} is undefined: the two AUCs are equal and the variance of their "
                      f"difference is 0 (for example identical scores)", stacklevel=4)
            return AucComparison(math.nan, math.nan, 0.0, 0.0, 0.0, df)
        up = difference > 0
        pvalue = {"two-sided": 0.0, "greater": 0.0 if up else 1.0,
                  "less": 1.0 if up else 0.0}[alternative]
        return AucComparison(math.copysign(math.inf, difference), pvalue, difference,
                             difference, difference, df)
    statistic = difference / math.sqrt(variance)
    if math.isinf(df):
        low, high = normal_interval(difference, variance, level, (-1.0, 1.0))
        # each tail computed as a tail (Φ(−z) = P(Z ≥ z)), not as 1 − Φ(z)
        upper, lower = float(special.ndtr(-statistic)), float(special.ndtr(statistic))
        two_sided = 2.0 * float(special.ndtr(-abs(statistic)))
    else:
        half = float(special.stdtrit(df, 0.5 + level / 2)) * math.sqrt(variance)
        low, high = max(-1.0, difference - half), min(1.0, difference + half)
        # Student's t: stdtr(df, −t) = P(T ≥ t), a tail, accurate far out
        upper, lower = float(special.stdtr(df, -statistic)), float(special.stdtr(df, statistic))
        two_sided = min(1.0, 2.0 * float(special.stdtr(df, -abs(statistic))))
    pvalue = {"two-sided": two_sided, "greater": upper, "less": lower}[alternative]
    return AucComparison(statistic, pvalue, difference, low, high, df)


@explains_sklearn_keywords
def delong_test(y_true: Any, y_score_a: Any, y_score_b: Any, *, level: float = 0.95,
                alternative: str = "two-sided", pos_label: Any = None) -> AucComparison:
    """DeLong's paired test of two ROC AUCs measured on the same cases.

    Both classifiers score the same test set, so their AUCs are correlated; the test uses
    the variance of the difference of the placement values case by case,
    ``var(AUC_a − AUC_b) = S10[a−b]/m + S01[a−b]/n``, which equals
    ``var_a + var_b − 2·cov_ab`` (DeLong et al. 1988; pROC's ``roc.test(paired=TRUE)``).
    Treating the two AUCs as independent (:func:`delong_test_unpaired`) ignores the
    covariance, which is usually positive, and so loses power. It takes no
    ``sample_weight``: DeLong's placement values are unweighted (a weighted form is not
    implemented).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score_a, y_score_b : array-like of shape (n,)
        Two classifiers' scores for the same cases, in the same order.
    level : float, default=0.95
        Confidence level of the (two-sided) interval for AUC_a − AUC_b.
    alternative : {"two-sided", "greater", "less"}, default="two-sided"
        The alternative hypothesis: AUC_a ≠ AUC_b, AUC_a > AUC_b or AUC_a < AUC_b (the
        p-value is ``P(|Z| ≥ |z|)``, P(Z ≥ z) or P(Z ≤ z) for a standard normal Z).
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    AucComparison
        ``(statistic, pvalue, difference, low, high, df)``: z, its p-value, AUC_a − AUC_b,
        the interval ``difference ± z·SE`` clipped to [−1, 1], and ``df = inf`` (the
        reference distribution is the normal). If the difference and its
        variance are both 0 (identical scores, say) the test is undefined: statistic and
        p-value are ``nan`` with one :class:`~evalcore.UndefinedMetricWarning`. A nonzero
        difference with zero variance gives ``±inf`` and p-value 0. With fewer than two
        samples of a class, all ``nan`` with one warning.

    Raises
    ------
    ValueError
        If ``level`` is not strictly between 0 and 1, ``alternative`` is not one of the
        three, or for bad data (labels not binary, scores not finite, lengths that differ).
    TypeError
        If ``level`` is not a real number or the scores are not real numbers;
        ``sample_weight`` has a message saying what to do with frequency weights.

    See Also
    --------
    delong_test_unpaired : two AUCs from independent samples.
    paired_permutation_test : the exact paired test, for any metric.
    paired_bootstrap_ci : a bootstrap interval for the difference.

    References
    ----------
    E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson (1988), "Comparing the areas under two
    or more correlated receiver operating characteristic curves: a nonparametric approach",
    *Biometrics* 44(3), 837-845.

    X. Robin et al. (2011), "pROC: an open-source package for R and S+ to analyze and compare
    ROC curves", *BMC Bioinformatics* 12, 77.

    Examples
    --------
    Murphy's second classifier (his Table 2) drops one positive below two negatives (and
    level with a third) and lifts one negative level with a positive. On nine cases the
    drop in AUC from 1 to 0.85 is far from significant:

    >>> import evalcore as ec
    >>> y, s1 = ec.murphy_classifier(1)
    >>> _, s2 = ec.murphy_classifier(2)
    >>> test = ec.delong_test(y, s1, s2)
    >>> round(test.difference, 4), round(test.statistic, 4), round(test.pvalue, 4)
    (0.15, 1.0924, 0.2747)
    """
    level = check_level(level)
    alternative = check_alternative(alternative)
    label, score_a, _ = check_binary_scores(y_true, y_score_a, pos_label=pos_label,
                                          score_name="y_score_a", keep_dtype=True)
    score_b = check_scores(y_score_b, name="y_score_b", keep_dtype=True)
    check_same_length(y_score_a=score_a, y_score_b=score_b)
    positives = int(np.count_nonzero(label))
    if not enough_cases(positives, label.shape[0] - positives, "DeLong's paired test"):
        return AucComparison(math.nan, math.nan, math.nan, math.nan, math.nan, math.inf)
    auc_a, placements_a = sample_placements(label, score_a)
    auc_b, placements_b = sample_placements(label, score_b)
    variance = placement_variance(placements_a - placements_b, label)
    return auc_comparison(auc_a - auc_b, variance, level, "DeLong's paired test", alternative)


def delong_test_unpaired(y_true_a: Any, y_score_a: Any, y_true_b: Any, y_score_b: Any, *,
                         level: float = 0.95, alternative: str = "two-sided",
                         pos_label: Any = None) -> AucComparison:
    """DeLong's test of two ROC AUCs measured on independent samples.

    ``D = (AUC_a − AUC_b) / sqrt(var_a + var_b)`` with each variance from
    :func:`delong_variance`, referred, as pROC's ``roc.test(paired=FALSE,
    method="delong")`` does, to Student's t with Welch-Satterthwaite degrees of freedom
    ``df = (var_a + var_b)² / (var_a²/(n_a − 1) + var_b²/(n_b − 1))``, n_a and n_b the sizes
    of the two samples. Use it when the two AUCs come from different cases; on the same
    cases, use :func:`delong_test`. It takes no ``sample_weight``, as :func:`delong_variance`.

    Parameters
    ----------
    y_true_a, y_score_a : array-like
        Labels and scores of the first sample.
    y_true_b, y_score_b : array-like
        Labels and scores of the second sample (any length).
    level : float, default=0.95
        Confidence level of the interval ``difference ± t·SE`` for AUC_a − AUC_b, with t
        the Student quantile at ``df``.
    alternative : {"two-sided", "greater", "less"}, default="two-sided"
        AUC_a ≠ AUC_b, AUC_a > AUC_b or AUC_a < AUC_b.
    pos_label : int, float, bool or str, default=None
        The positive label, for both samples. ``None``: 1 (or ``True``) for labels {0, 1},
        {-1, 1} or booleans.

    Returns
    -------
    AucComparison
        As :func:`delong_test`, with ``df`` the Welch-Satterthwaite degrees of freedom.

    Raises
    ------
    ValueError
        If ``level`` is not strictly between 0 and 1, ``alternative`` is not one of the
        three, or for bad data in either sample, named ``y_true_a``, ``y_score_b``....
    TypeError
        If ``level`` is not a real number or the scores are not real numbers.

    See Also
    --------
    delong_test : the paired test, for two classifiers on the same cases.
    delong_variance : each sample's variance.

    References
    ----------
    E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson (1988), "Comparing the areas under two
    or more correlated receiver operating characteristic curves: a nonparametric approach",
    *Biometrics* 44(3), 837-845.

    X. Robin et al. (2011), "pROC: an open-source package for R and S+ to analyze and compare
    ROC curves", *BMC Bioinformatics* 12, 77.

    Examples
    --------
    The slides' seven cases against Murphy's nine (classifier 2):

    >>> import evalcore as ec
    >>> y7, s7 = ec.vojnovic_seven()
    >>> y9, s9 = ec.murphy_classifier(2)
    >>> test = ec.delong_test_unpaired(y7, s7, y9, s9)
    >>> round(test.difference, 4), round(test.pvalue, 2), round(test.df, 1)
    (0.0667, 0.72, 14.0)
    """
    level = check_level(level)
    alternative = check_alternative(alternative)
    label_a, score_a, _ = check_binary_scores(y_true_a, y_score_a, pos_label=pos_label,
                                              true_name="y_true_a", score_name="y_score_a")
    label_b, score_b, _ = check_binary_scores(y_true_b, y_score_b, pos_label=pos_label,
                                              true_name="y_true_b", score_name="y_score_b")
    what = "DeLong's unpaired test"
    counts_a, counts_b = tie_groups(label_a, score_a), tie_groups(label_b, score_b)
    if not (enough_cases(*group_totals(counts_a), what)
            and enough_cases(*group_totals(counts_b), what)):
        return AucComparison(math.nan, math.nan, math.nan, math.nan, math.nan, math.nan)
    (auc_a, var_a), (auc_b, var_b) = auc_and_variance(counts_a), auc_and_variance(counts_b)
    total = var_a + var_b
    df = (total * total / (var_a * var_a / (label_a.shape[0] - 1)
                           + var_b * var_b / (label_b.shape[0] - 1))) if total > 0 else math.nan
    return auc_comparison(auc_a - auc_b, total, level, what, alternative, df)
