"""DeLong's test of k correlated AUCs: one χ² test that all k are equal, then every pair.

Three or more classifiers scored on the same cases give k AUCs θ = (θ_1, …, θ_k) that are
all correlated. DeLong, DeLong and Clarke-Pearson (1988) estimate their k × k covariance
matrix S from the placement values of :mod:`evalcore.stats.delong`, with one column per
classifier: ``S = S10/m + S01/n``, S10 and S01 the sample covariance matrices (divisors m − 1
and n − 1) of the m positives' and the n negatives' placements. Its diagonal holds each AUC's
DeLong variance, and for two classifiers ``S_aa + S_bb − 2·S_ab`` is the variance of the
paired test.

The hypothesis that all k AUCs are equal is ``Lθ = 0`` for a (k − 1) × k contrast matrix L
(here the successive differences θ_1 − θ_2, θ_2 − θ_3, …). Its test statistic is
``χ² = (Lθ)ᵀ (LSLᵀ)⁻ (Lθ)``, referred to the χ² distribution with ``rank(LSLᵀ)`` degrees of
freedom; ``⁻`` is the Moore-Penrose pseudo-inverse, so that a singular S (two classifiers
with identical scores, or two with AUC 1, whose difference has variance 0) drops the
directions without variance instead of dividing by 0. The statistic does not depend on
which contrasts are chosen: any L whose rows span the contrasts gives the same number.

A significant omnibus test says that some AUCs differ, not which. The pairs answer that:
every one of the k(k − 1)/2 pairs is tested as :func:`~evalcore.delong_test` tests it, and
their p-values are adjusted together by Holm's step-down method
(:func:`~evalcore.holm`), which keeps the chance of any false rejection among the pairs at
the level chosen. Testing the pairs alone, unadjusted, at 5% each would raise a false alarm
far more often than 5% of the time.

pROC (``roc.test``) compares two curves at a time; its issue asking for more (xrobin/pROC
#12) is open. The references of the tests are therefore the paired test for k = 2 (χ² = z²),
the covariance matrix from its definition (:func:`evalcore.reference.delong_covariance`) and
the size of the test by simulation.

References
----------
E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson (1988), "Comparing the areas under two or
more correlated receiver operating characteristic curves: a nonparametric approach",
*Biometrics* 44(3), 837-845.

S. Holm (1979), "A simple sequentially rejective multiple test procedure", *Scandinavian
Journal of Statistics* 6(2), 65-70.
"""

from __future__ import annotations

import math
import string
from typing import Any, NamedTuple

import numpy as np
from scipy import special

from ..core.frames import data_frame
from ..core.validation import (check_array_like, check_binary_scores, check_same_length,
                               check_scores, shown, undefined)
from .delong import auc_comparison, enough_cases, placement_variance, sample_placements
from .protocol import holm

#: A component of the AUC differences along a direction without variance counts as a real
#: difference above this (the differences are exact to a few units of 2⁻⁵², and a real one is
#: a multiple of 1/(2mn)).
ZERO_DIFFERENCE = 64 * np.finfo(np.float64).eps


class PairwiseAucComparisons(NamedTuple):
    """DeLong's paired test of every pair of k AUCs, one entry per pair.

    The pairs come in the order (1, 2), (1, 3), …, (1, k), (2, 3), …, (k − 1, k). ``first``
    and ``second`` name the two classifiers of each pair; ``difference`` is
    AUC_first − AUC_second, ``statistic`` its z and ``pvalue`` its two-sided p-value, each
    as :func:`~evalcore.delong_test` gives it for that pair alone; ``pvalue_holm`` is the
    p-value adjusted by Holm's method over all the pairs (:func:`~evalcore.holm`): reject a
    pair at level α when it is at most α. A pair with equal AUCs and a difference of
    variance 0 (identical scores) has ``nan`` statistic and p-values and is left out of the
    adjustment.
    """

    first: tuple[str, ...]
    second: tuple[str, ...]
    difference: np.ndarray
    statistic: np.ndarray
    pvalue: np.ndarray
    pvalue_holm: np.ndarray

    def to_frame(self):
        """The pairs as a pandas DataFrame, one row per pair: columns ``first``,
        ``second``, ``difference``, ``statistic``, ``pvalue`` and ``pvalue_holm``.

        >>> import evalcore as ec
        >>> y, s1 = ec.murphy_classifier(1)
        >>> _, s2 = ec.murphy_classifier(2)
        >>> s3 = [0.9, 0.3, 0.7, 0.6, 0.5, 0.4, 0.8, 0.2, 0.1]
        >>> ec.delong_test_many(y, s1, s2, s3).pairs.to_frame().round(4)
          first second  difference  statistic  pvalue  pvalue_holm
        0     a      b        0.15     1.0924  0.2747       0.6689
        1     a      c        0.25     1.2187  0.2230       0.6689
        2     b      c        0.10     0.4505  0.6523       0.6689
        """
        return data_frame({name: list(value) if isinstance(value, tuple) else value
                           for name, value in self._asdict().items()})


class ManyAucComparison(NamedTuple):
    """The result of DeLong's test that k AUCs measured on the same cases are all equal.

    ``statistic`` is the χ² statistic and ``pvalue`` its p-value, with ``df`` degrees of
    freedom (the rank of the covariance matrix of the k − 1 contrasts: k − 1 unless some
    differences have variance 0). ``names`` names the k classifiers, ``aucs`` holds their
    AUCs and ``covariance`` DeLong's k × k covariance matrix of the AUCs. ``pairs`` tests
    every pair (:class:`PairwiseAucComparisons`), with Holm's adjustment;
    ``pairs.to_frame()`` shows them as a table.
    """

    statistic: float
    pvalue: float
    df: int
    names: tuple[str, ...]
    aucs: np.ndarray
    covariance: np.ndarray
    pairs: PairwiseAucComparisons


def placement_covariance(placements: np.ndarray, label: np.ndarray) -> np.ndarray:
    """``S10/m + S01/n`` for several columns of per-sample placements (or of placement
    differences): the covariance matrix of their AUCs (or of their differences)."""
    is_pos = label == 1
    positives, negatives = placements[is_pos], placements[~is_pos]
    return (np.atleast_2d(np.cov(positives, rowvar=False)) / positives.shape[0]
            + np.atleast_2d(np.cov(negatives, rowvar=False)) / negatives.shape[0])


def chi_square_of_contrasts(difference: np.ndarray,
                            covariance: np.ndarray) -> tuple[float, int] | None:
    """``(dᵀ C⁻ d, rank C)`` for contrasts d with covariance matrix C, ``C⁻`` its
    pseudo-inverse; ``(inf, rank)`` if d has a component along a direction of C without
    variance; ``None`` if C and d are both 0 (nothing to test).

    C's eigenvalues at or below ``p · eps · λ_max`` (p the number of contrasts, eps 2⁻⁵²,
    λ_max the largest eigenvalue) count as 0: the rank tolerance of numpy's
    ``matrix_rank``, the size of the rounding in a matrix whose true eigenvalue is 0.
    """
    eigenvalues, vectors = np.linalg.eigh(covariance)
    largest = max(float(eigenvalues[-1]), 0.0)
    tolerance = covariance.shape[0] * np.finfo(np.float64).eps * largest
    kept = eigenvalues > tolerance
    along = vectors.T @ difference
    rank = int(np.count_nonzero(kept))
    if np.any(np.abs(along[~kept]) > ZERO_DIFFERENCE):
        return math.inf, rank
    if rank == 0:
        return None
    return float(np.sum(along[kept] ** 2 / eigenvalues[kept])), rank


def default_names(k: int) -> tuple[str, ...]:
    """``a``, ``b``, ``c``, …: the letters of :func:`delong_test`'s AUC_a and AUC_b."""
    if k > len(string.ascii_lowercase):
        raise ValueError(f"names must be given for more than 26 score arrays (the default "
                         f"names are the letters a to z), got {k} score arrays")
    return tuple(string.ascii_lowercase[:k])


def check_names(names: Any, k: int) -> tuple[str, ...]:
    """``names`` as a tuple of k distinct strings, or the default letters for ``None``."""
    if names is None:
        return default_names(k)
    check_array_like(names, "names", kind="a sequence of str, one name per score array")
    if hasattr(names, "tolist"):        # a numpy array, a pandas Index or Series
        names = names.tolist()
    names = tuple(names)
    not_text = [name for name in names if not isinstance(name, str)]
    if not_text:
        raise TypeError(f"names must hold strings, got {type(not_text[0]).__name__} "
                        f"{shown(not_text[0])}")
    if len(names) != k:
        raise ValueError(f"names must hold one name per score array: {k} score arrays, "
                         f"got {len(names)} names")
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise ValueError(f"names must be distinct: {repeated[0]!r} is given more than once")
    return names


def delong_test_many(y_true: Any, y_score_a: Any, y_score_b: Any, *y_scores: Any,
                     names: Any = None, pos_label: Any = None) -> ManyAucComparison:
    """DeLong's test that k ≥ 2 ROC AUCs measured on the same cases are all equal, and
    every pair tested with Holm's correction.

    The k classifiers score the same test set, so their AUCs θ are correlated; DeLong et
    al. (1988) estimate their covariance matrix S from the placement values (see
    :mod:`evalcore.stats.delong_many`). With L the (k − 1) × k matrix of successive
    differences, ``χ² = (Lθ)ᵀ (LSLᵀ)⁻ (Lθ)`` is referred to the χ² distribution with
    ``rank(LSLᵀ)`` degrees of freedom; the pseudo-inverse ``⁻`` leaves out the directions
    without variance (identical scores, two AUCs of 1: eigenvalues of LSLᵀ at or below
    ``(k − 1)·2⁻⁵²·λ_max`` count as 0, numpy's ``matrix_rank`` tolerance), and any other
    choice of contrasts gives the same statistic. For k = 2 the test is :func:`delong_test`: χ² = z² and the same
    p-value. When it rejects, ``result.pairs`` says which AUCs differ: every pair's paired
    test, with p-values adjusted by Holm's method. pROC has no test of more than two curves
    (its ``roc.test`` takes two). It takes no ``sample_weight``, as :func:`delong_test`.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score_a, y_score_b, *y_scores : array-like of shape (n,)
        The k ≥ 2 classifiers' scores for the same cases, in the same order, one array each
        (for a 2-D array with one column per classifier, pass ``*scores.T``; for a dict,
        ``*scores.values(), names=list(scores)``).
    names : sequence of str, default=None
        One distinct name per classifier, for the pairs' table. ``None``: ``"a"``, ``"b"``,
        ``"c"``, … (required beyond 26 classifiers).
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    ManyAucComparison
        ``statistic``, ``pvalue``, ``df``, ``names``, ``aucs``, ``covariance`` and ``pairs``
        (a :class:`PairwiseAucComparisons`, with ``to_frame()``). A difference of AUCs along
        a direction of variance 0 gives statistic ``inf`` and p-value 0, as the paired test
        does. If all k AUCs are equal and every difference has variance 0 (identical
        scores), the test is undefined: statistic and p-value ``nan``, ``df`` 0, with one
        :class:`~evalcore.UndefinedMetricWarning`; a pair undefined for that reason while the
        test is not gets ``nan`` p-values and the same one warning. With fewer than two
        samples of a class, everything is ``nan`` (``df`` 0), with one warning.

    Raises
    ------
    ValueError
        For bad data (labels not binary, scores not finite, lengths that differ, each named
        ``y_score_a``, ``y_score_b``, ``y_scores[0]``, …), or ``names`` of the wrong length,
        repeated, or missing beyond 26 classifiers.
    TypeError
        If the scores are not real numbers or ``names`` does not hold strings.

    See Also
    --------
    delong_test : two AUCs on the same cases, with an interval for their difference.
    holm : Holm's adjustment of the pairs' p-values.
    friedman_test : k models over many data sets, each with one score.

    References
    ----------
    E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson (1988), "Comparing the areas under two
    or more correlated receiver operating characteristic curves: a nonparametric approach",
    *Biometrics* 44(3), 837-845.

    S. Holm (1979), "A simple sequentially rejective multiple test procedure", *Scandinavian
    Journal of Statistics* 6(2), 65-70.

    Examples
    --------
    Murphy's two classifiers and a third on his nine cases. Classifier a ranks every
    positive first (AUC 1), so its AUC has variance 0; the differences still have a full-rank
    covariance, and the test has 2 degrees of freedom:

    >>> import evalcore as ec
    >>> y, s1 = ec.murphy_classifier(1)
    >>> _, s2 = ec.murphy_classifier(2)
    >>> s3 = [0.9, 0.3, 0.7, 0.6, 0.5, 0.4, 0.8, 0.2, 0.1]
    >>> test = ec.delong_test_many(y, s1, s2, s3)
    >>> test.aucs.tolist(), test.df, round(test.statistic, 4), round(test.pvalue, 4)
    ([1.0, 0.85, 0.75], 2, 2.2224, 0.3292)
    """
    label, first, _ = check_binary_scores(y_true, y_score_a, pos_label=pos_label,
                                          score_name="y_score_a", keep_dtype=True)
    given = {"y_score_a": first,
             "y_score_b": check_scores(y_score_b, "y_score_b", keep_dtype=True)}
    for i, score in enumerate(y_scores):
        given[f"y_scores[{i}]"] = check_scores(score, f"y_scores[{i}]", keep_dtype=True)
    check_same_length(y_true=label, **given)
    k = len(given)
    names = check_names(names, k)
    first_of, second_of = np.triu_indices(k, 1)
    pair_names = (tuple(names[i] for i in first_of), tuple(names[j] for j in second_of))
    positives = int(np.count_nonzero(label))
    if not enough_cases(positives, label.shape[0] - positives, "DeLong's test of k AUCs"):
        nothing = np.full(first_of.shape[0], math.nan)
        return ManyAucComparison(math.nan, math.nan, 0, names, np.full(k, math.nan),
                                 np.full((k, k), math.nan),
                                 PairwiseAucComparisons(*pair_names, nothing, nothing.copy(),
                                                        nothing.copy(), nothing.copy()))
    aucs, columns = zip(*(sample_placements(label, score) for score in given.values()))
    aucs, placements = np.array(aucs), np.column_stack(columns)
    covariance = placement_covariance(placements, label)

    difference = aucs[first_of] - aucs[second_of]
    statistic = np.full(first_of.shape[0], math.nan)
    pvalue = statistic.copy()
    undefined_pairs = []
    for index, (i, j) in enumerate(zip(first_of, second_of)):
        variance = placement_variance(placements[:, i] - placements[:, j], label)
        if variance == 0.0 and difference[index] == 0.0:
            undefined_pairs.append(f"{names[i]} and {names[j]}")
            continue
        pair = auc_comparison(float(difference[index]), variance, 0.95, "DeLong's paired test",
                              "two-sided")
        statistic[index], pvalue[index] = pair.statistic, pair.pvalue
    adjusted = np.full_like(pvalue, math.nan)
    tested = ~np.isnan(pvalue)
    if tested.any():
        adjusted[tested] = holm(pvalue[tested]).pvalues
    pairs = PairwiseAucComparisons(*pair_names, difference, statistic, pvalue, adjusted)

    contrasts = chi_square_of_contrasts(aucs[:-1] - aucs[1:],
                                        placement_covariance(placements[:, :-1]
                                                             - placements[:, 1:], label))
    if contrasts is None:
        undefined("DeLong's test of k AUCs is undefined: the AUCs are all equal and every "
                  "difference has variance 0 (for example identical scores)")
        return ManyAucComparison(math.nan, math.nan, 0, names, aucs, covariance, pairs)
    if undefined_pairs:
        undefined(f"DeLong's paired test is undefined for {', '.join(undefined_pairs)}: equal "
                  f"AUCs and a difference of variance 0 (for example identical scores); their "
                  f"p-values are nan and Holm's adjustment is over the other pairs")
    chi2, rank = contrasts
    pvalue_all = 0.0 if math.isinf(chi2) else float(special.chdtrc(rank, chi2))
    return ManyAucComparison(chi2, pvalue_all, rank, names, aucs, covariance, pairs)
