"""Permutation tests for the ROC AUC: is it better than chance, and is one classifier better?

Under the null hypothesis that the scores carry no information about the labels, the labels
are exchangeable: every way of placing the P positive labels among the n fixed scores is
equally likely. The AUC is the Mann-Whitney statistic U/(P·N), a function of the positives'
rank sum, so its permutation distribution is the distribution of the sum of P of the n
mid-ranks drawn without replacement (Mann and Whitney 1947). Tied scores keep their mid-rank
(tied scores form one group, as everywhere in evalcore): the permutation moves labels over the
fixed, tied scores.

:func:`auc_permutation_test` computes that distribution exactly by dynamic programming over
the tie groups (how many of each group's cases are positive), on doubled mid-ranks, which are
integers, so every comparison with the observed value is exact. The work grows like
n·min(P, N)·(sum of ranks); past a budget it draws random permutations instead.

:func:`paired_permutation_test` compares two classifiers scored on the same cases: under
the null hypothesis that they are exchangeable, each case's two scores may be swapped, which
gives 2ⁿ equally likely relabellings (the paired design of Bandos, Rockette and Gur 2005).

P-values: one-sided, the share of the null distribution at least as extreme as the observed
statistic in that direction; two-sided, the share at least as far from the null
distribution's centre (AUC ½, a difference of 0) as the observed value. Without ties this
is :func:`scipy.stats.mannwhitneyu`'s exact two-sided p-value (twice the smaller tail, the
null distribution being symmetric); with tied scores the AUC's null distribution need not be
symmetric, and this distance rule is the one that keeps the two-sided p-value a function of
``|AUC − ½|`` (:func:`scipy.stats.permutation_test` doubles the smaller tail instead). The paired
null distribution is symmetric about 0, where the two rules agree. By Monte Carlo the
p-value is ``(b + 1)/(m + 1)`` with b of m random resamples at least as extreme, which is
never 0 and is a valid p-value (Phipson and Smyth 2010).

Both tests draw through evalcore's one resampling engine (``evalcore/stats/resampling.py``): the
Monte Carlo AUC test is a statistic (the positives' rank sum, vectorized) on random
permutations, the paired test a statistic (the metric's difference) on swaps, with the
engine's one warning policy.

References
----------
H. B. Mann and D. R. Whitney (1947), "On a test of whether one of two random variables is
stochastically larger than the other", *Ann. Math. Statist.* 18(1), 50-60.

A. I. Bandos, H. E. Rockette and D. Gur (2005), "A permutation test sensitive to differences in
areas for comparing ROC curves from a paired design", *Statistics in Medicine* 24(18),
2873-2893.

B. Phipson and G. K. Smyth (2010), "Permutation p-values should never be zero", *Stat. Appl.
Genet. Mol. Biol.* 9(1), 39.
"""

from __future__ import annotations

import math
from typing import Any, Callable, NamedTuple

import numpy as np

from ..core.areas import roc_auc
from ..core.options import (check_alternative, check_int, check_metric, check_optional,
                            check_random_state, metric_value)
from ..core.ranking import doubled_midranks, tie_groups
from ..core.validation import (both_classes, check_binary_scores, check_same_length, check_scores,
                               undefined)
from .resampling import (Evaluation, all_swaps, infinite_rows, infinite_values, permutation_draws,
                         swap_draws, undefined_draws, undefined_on_the_data, undefined_rows)

#: The exact AUC distribution is computed when n·min(P, N)·(largest rank sum) stays below this.
_EXACT_AUC_BUDGET = 4e8
#: The paired test enumerates all 2ⁿ swaps when n is at most this.
_EXACT_PAIRED_MAX_N = 15
_DEFAULT_RESAMPLES = 9999


class PermutationTest(NamedTuple):
    """The result of a permutation test.

    ``statistic`` is the observed statistic, ``pvalue`` its p-value, ``exact`` says whether
    the null distribution was enumerated (``True``) or sampled, and ``n_resamples`` is the
    number of permutations it was computed from (all of them when exact).
    """

    statistic: float
    pvalue: float
    exact: bool
    n_resamples: int


def _check_n_resamples(n_resamples: Any) -> int | None:
    """None (exact when feasible) or the number of random resamples, an integer >= 1."""
    return check_optional(check_int, n_resamples, "n_resamples", low=1)


def _pvalue(alternative: str, null: np.ndarray, weights: np.ndarray | None, observed,
            center, tolerance, add_one: bool) -> float:
    """The share (or weight) of the null distribution at least as extreme as ``observed``.

    Two-sided: at least as far from the null distribution's centre (AUC ½, difference 0)
    as the observed value. With ``add_one`` (Monte Carlo), ``(b + 1)/(m + 1)``.
    """
    if alternative == "greater":
        extreme = null >= observed - tolerance
    elif alternative == "less":
        extreme = null <= observed + tolerance
    else:
        extreme = np.abs(null - center) >= abs(observed - center) - tolerance
    if weights is not None:
        return float(min(1.0, weights[extreme].sum()))
    return float((np.count_nonzero(extreme) + add_one) / (null.shape[0] + add_one))


# ----------------------------------------------------------------------------- AUC vs chance

def _exact_rank_sum_distribution(sizes: np.ndarray, doubled: np.ndarray,
                                 k: int) -> tuple[np.ndarray, np.ndarray]:
    """The distribution of the sum of ``k`` doubled mid-ranks drawn without replacement.

    Dynamic programming over the tie groups: ``counts[j, s]`` is the number of ways to
    choose j cases among the groups seen so far with doubled rank sum s; a group of size t
    contributes i of its cases in C(t, i) ways. Counts are floats (exact up to 2**53, then
    correct to double precision, which is all a p-value needs).
    """
    # the largest sum: the k largest doubled ranks, which are the last k of the cases in
    # group order (the groups come sorted from tie_groups; nothing is sorted here)
    top = int(np.repeat(doubled, sizes)[-k:].sum())
    counts = np.zeros((k + 1, top + 1))
    counts[0, 0] = 1.0
    taken = 0
    for size, rank in zip(sizes.tolist(), doubled.tolist()):
        taken += size
        new = counts.copy()                 # i = 0 cases of this group chosen
        for i in range(1, min(size, k) + 1):
            shift = i * rank
            if shift > top:
                break
            new[i:, shift:] += math.comb(size, i) * counts[:k + 1 - i, :top + 1 - shift]
        counts = new
    values = np.flatnonzero(counts[k])
    return values, counts[k, values] / math.comb(int(sizes.sum()), k)


def auc_permutation_test(y_true: Any, y_score: Any, *, alternative: str = "two-sided",
                         n_resamples: int | None = None, random_state: Any = None,
                         pos_label: Any = None) -> PermutationTest:
    """Permutation (Mann-Whitney) test of the ROC AUC against chance, with ties.

    Under H0 the labels are exchangeable over the fixed scores, so every placement of the P
    positive labels among the n cases is equally likely; the p-value is the share of those
    placements whose AUC is at least as extreme as the observed one. Tied scores keep their
    mid-rank, so the test is exact with ties too (it is the exact Mann-Whitney test, and
    :func:`scipy.stats.mannwhitneyu` with ``method="exact"`` when there are no ties). It
    takes no ``sample_weight``: the labels are permuted over unweighted cases (a weighted
    form is not implemented).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    alternative : {"two-sided", "greater", "less"}, default="two-sided"
        ``"greater"``: the AUC is above ½ (positives score higher); ``"less"``: below;
        ``"two-sided"``: ``|AUC − ½|`` at least as large as observed (without ties, exactly
        :func:`scipy.stats.mannwhitneyu`'s ``method="exact"`` p-value; see the module
        docstring for ties).
    n_resamples : int or None, default=None
        ``None``: the exact distribution (all C(n, P) placements, by dynamic programming
        over the tie groups) when it is feasible, otherwise 9999 random permutations. An
        integer: that many random permutations, always.
    random_state : None, int or numpy.random.Generator, default=None
        Seed for the random permutations; the same seed gives the same p-value. ``None``: a
        fresh seed from the operating system on every call.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    PermutationTest
        ``(statistic, pvalue, exact, n_resamples)`` with ``statistic`` the AUC. With a class
        missing both are ``nan`` with one :class:`~evalcore.UndefinedMetricWarning`.

    Raises
    ------
    ValueError
        If ``alternative`` is not one of the three, ``n_resamples`` is below 1 or
        ``random_state`` is a negative integer; or for bad data (labels not binary, scores
        not finite, lengths that differ).
    TypeError
        If ``n_resamples`` is neither None nor an integer (``2.5``, ``"many"``),
        ``random_state`` is not a seed or the scores are not real numbers.

    See Also
    --------
    paired_permutation_test : two classifiers on the same cases.
    roc_auc_ci : a confidence interval for the AUC.

    References
    ----------
    H. B. Mann and D. R. Whitney (1947), "On a test of whether one of two random variables is
    stochastically larger than the other", *Ann. Math. Statist.* 18(1), 50-60.

    B. Phipson and G. K. Smyth (2010), "Permutation p-values should never be zero", *Stat.
    Appl. Genet. Mol. Biol.* 9(1), 39.

    Examples
    --------
    Murphy's classifier 2 ranks his nine cases with an AUC of 0.85, yet nine cases are few:
    of the C(9, 5) = 126 placements of the five positive labels over his (tied) scores, 13
    give an AUC at least 0.35 away from ½, so the two-sided p-value is 13/126, about 0.10.

    >>> import evalcore as ec
    >>> test = ec.auc_permutation_test(*ec.murphy_classifier(2))
    >>> round(test.statistic, 4), round(test.pvalue, 4), test.exact, test.n_resamples
    (0.85, 0.1032, True, 126)
    >>> mc = ec.auc_permutation_test(*ec.murphy_classifier(2), n_resamples=2000,
    ...                              random_state=0)
    >>> mc.exact, abs(mc.pvalue - test.pvalue) < 0.03
    (False, True)
    """
    alternative = check_alternative(alternative)
    n_resamples = _check_n_resamples(n_resamples)
    rng = check_random_state(random_state)
    label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)
    groups = tie_groups(label, score)
    positives = int(groups.positives.sum())
    negatives = int(groups.negatives.sum())
    if not both_classes(positives, negatives, "the AUC permutation test", stacklevel=3):
        return PermutationTest(math.nan, math.nan, n_resamples is None, n_resamples or 0)
    sizes = (groups.positives + groups.negatives).astype(np.int64)
    doubled = doubled_midranks(sizes)
    observed = int(np.dot(groups.positives, doubled))        # 2 · (positives' rank sum)
    base = positives * (positives + 1)                       # 2 · P(P+1)/2
    center = positives * (positives + negatives + 1)         # its mean under H0 (AUC ½)
    auc = (observed - base) / (2.0 * positives * negatives)
    n = positives + negatives
    k = min(positives, negatives)
    top = n * (n + 1)
    if n_resamples is None and n * k * top <= _EXACT_AUC_BUDGET:
        values, probabilities = _exact_rank_sum_distribution(sizes, doubled, k)
        if k != positives:                     # the negatives were counted: complement
            values = int(doubled @ sizes) - values
        pvalue = _pvalue(alternative, values, probabilities, observed, center, 0, False)
        return PermutationTest(float(auc), pvalue, True, math.comb(n, positives))
    m = n_resamples or _DEFAULT_RESAMPLES

    def rank_sums(permuted_ranks: np.ndarray) -> np.ndarray:
        """The statistic, vectorized: 2 · (rank sum of the first P cases) of each row."""
        return permuted_ranks[:, :positives].sum(axis=1)
    with Evaluation(rank_sums, vectorized=True) as evaluation:
        sums = evaluation.all(permutation_draws(rng, np.repeat(doubled, sizes), m))
    pvalue = _pvalue(alternative, sums, None, observed, center, 0, True)
    return PermutationTest(float(auc), pvalue, False, m)


# ----------------------------------------------------------------------------- paired

def paired_permutation_test(y_true: Any, y_score_a: Any, y_score_b: Any, *,
                            metric: Callable[[np.ndarray, np.ndarray], float] = roc_auc,
                            alternative: str = "two-sided", n_resamples: int | None = None,
                            random_state: Any = None,
                            pos_label: Any = None) -> PermutationTest:
    """Paired permutation test of ``metric(a) - metric(b)`` for two classifiers on the same cases.

    Under H0 the two classifiers are exchangeable: for each case, which of its two scores
    came from classifier a is a coin toss. Swapping the two scores of any subset of cases
    gives 2ⁿ equally likely relabellings; the p-value is the share of them whose
    difference is at least as extreme as the observed one. Unlike :func:`delong_test` it
    assumes no normal approximation and works for any metric of labels and scores.

    It takes no ``sample_weight``, but a swap never reorders the cases, so a weighted metric
    can be passed as ``metric=lambda y, s: ec.roc_auc(y, s, sample_weight=w)``.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score_a, y_score_b : array-like of shape (n,)
        Two classifiers' scores for the same cases, in the same order (on the same scale,
        since they are swapped).
    metric : callable, default=roc_auc
        ``metric(y_true, y_score) -> float`` (default :func:`roc_auc`); it receives the
        labels coded as a 0/1 int array and the scores as float64 (long double where
        float64 would merge distinct scores). Warnings it emits where it returns ``nan``
        are dropped (the one warning below reports them); others are passed on once each.
    alternative : {"two-sided", "greater", "less"}, default="two-sided"
        ``"greater"``: metric(a) > metric(b); ``"less"``: below; ``"two-sided"``: a
        difference at least as large in absolute value (by exact enumeration this equals
        :func:`scipy.stats.permutation_test`'s twice the smaller tail, the null
        distribution being symmetric about 0).
    n_resamples : int or None, default=None
        ``None``: all 2ⁿ swaps when n <= 15, otherwise 9999 random ones. An integer: that
        many random swaps, always.
    random_state : None, int or numpy.random.Generator, default=None
        Seed for the random swaps. ``None``: a fresh seed from the operating system on every
        call.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    PermutationTest
        ``(statistic, pvalue, exact, n_resamples)`` with ``statistic`` = metric(a) −
        metric(b). If the metric is undefined (``nan``) on the data (then nothing is
        swapped) or on some swaps, or the difference is infinite on the data or on a swap
        (an infinite metric: the tolerance that counts equal differences, and the
        differences themselves, are then undefined), the p-value is ``nan`` with one
        :class:`~evalcore.UndefinedMetricWarning`.

    Raises
    ------
    ValueError
        If ``alternative`` is not one of the three, ``n_resamples`` is below 1 or
        ``random_state`` is a negative integer; or for bad data (labels not binary, scores
        not finite, lengths that differ).
    TypeError
        If ``metric`` is not callable or returns something other than a real number,
        ``n_resamples`` is neither None nor an integer or ``random_state`` is not a seed.

    See Also
    --------
    delong_test : the large-sample test of two correlated AUCs.
    auc_permutation_test : one classifier's AUC against chance.
    paired_bootstrap_ci : an interval for the difference.

    References
    ----------
    A. I. Bandos, H. E. Rockette and D. Gur (2005), "A permutation test sensitive to
    differences in areas for comparing ROC curves from a paired design", *Statistics in
    Medicine* 24(18), 2873-2893.

    Examples
    --------
    Murphy's two classifiers on his nine cases: 2⁹ = 512 swaps; the drop in AUC from 1 to
    0.85 is as large or larger in about half of them.

    >>> import evalcore as ec
    >>> y, s1 = ec.murphy_classifier(1)
    >>> _, s2 = ec.murphy_classifier(2)
    >>> test = ec.paired_permutation_test(y, s1, s2)
    >>> round(test.statistic, 4), round(test.pvalue, 4), test.n_resamples
    (0.15, 0.5, 512)
    """
    check_metric(metric)
    alternative = check_alternative(alternative)
    n_resamples = _check_n_resamples(n_resamples)
    rng = check_random_state(random_state)
    label, score_a, _ = check_binary_scores(y_true, y_score_a, pos_label=pos_label,
                                          score_name="y_score_a")
    score_b = check_scores(y_score_b, name="y_score_b")
    check_same_length(y_score_a=score_a, y_score_b=score_b)
    n = label.shape[0]
    exact = n_resamples is None and n <= _EXACT_PAIRED_MAX_N
    m = 2 ** n if exact else n_resamples or _DEFAULT_RESAMPLES
    what = "paired permutation test"

    def difference(swap: np.ndarray) -> float:
        """The statistic: metric(a) − metric(b) after swapping the scores where ``swap``."""
        return (metric_value(metric, label, np.where(swap, score_b, score_a))
                - metric_value(metric, label, np.where(swap, score_a, score_b)))
    with Evaluation(difference) as evaluation:   # one warning below for nan; others once
        observed = evaluation.one(np.zeros(n, dtype=bool))
        if math.isnan(observed):
            message = undefined_on_the_data(what, evaluation)
        else:
            null = evaluation.all(all_swaps(n) if exact else swap_draws(rng, n, m))
            failed = int(np.count_nonzero(undefined_rows(null)))
            infinite = int(np.count_nonzero(infinite_rows(null)))
            message = undefined_draws(what, failed, m, unit="swaps") if failed else ""
            if not failed and (infinite or math.isinf(observed)):
                where = "on the data" if math.isinf(observed) else f"on {infinite} of {m} swaps"
                message = infinite_values(what, where, result="p-value")
    if message:
        undefined(message, stacklevel=3)
        return PermutationTest(observed, math.nan, exact, m)
    # differences equal up to rounding count as ties (scipy's relative tolerance, floored)
    gamma = 1e-12 * max(1.0, abs(observed))
    pvalue = _pvalue(alternative, null, None, observed, 0.0, gamma, not exact)
    return PermutationTest(observed, pvalue, exact, m)
