"""Evaluation protocol: comparing models across resampled splits, many models, many data sets.

The scores here are not cases but whole evaluations: one AUC (or accuracy, or any metric)
per train/test split, per model, per data set. The caller trains the models and measures
them; evalcore never trains a model. What this module adds is the statistics that treat
those scores honestly.

* **Splits of one data set overlap.** Two training sets of a cross-validation share most of
  their cases, so the scores of the splits are correlated and their sample variance
  understates the variance of their mean: the ordinary paired t-test on the J differences
  rejects a true null far more often than it says. :func:`corrected_resampled_ttest` is
  Nadeau and Bengio's (2003) correction, which multiplies the variance of the mean
  difference by ``1/J + n_test/n_train`` instead of ``1/J``; :func:`paired_ttest_5x2cv` is
  Dietterich's (1998) 5×2cv t-test with 5 degrees of freedom, and Alpaydın's (1999)
  combined F test on the same ten differences.
* **Many comparisons.** :func:`holm` adjusts p-values step-down (Holm 1979), controlling the
  family-wise error rate under any dependence between the tests.
* **Many data sets.** :func:`friedman_test` ranks the models on each data set and tests
  whether their average ranks differ (Friedman's statistic, with Iman and Davenport's F
  correction, as Demšar 2006 recommends); :func:`nemenyi_critical_difference` is the
  difference of average ranks beyond which two models differ in Nemenyi's post-hoc test.

The reference distributions (Student's t, F, χ² and the studentized range) are scipy's.

References
----------
C. Nadeau and Y. Bengio (2003), "Inference for the generalization error", *Machine Learning*
52(3), 239-281.

T. G. Dietterich (1998), "Approximate statistical tests for comparing supervised
classification learning algorithms", *Neural Computation* 10(7), 1895-1923.

E. Alpaydın (1999), "Combined 5 × 2 cv F test for comparing supervised classification learning
algorithms", *Neural Computation* 11(8), 1885-1892.

S. Holm (1979), "A simple sequentially rejective multiple test procedure", *Scandinavian
Journal of Statistics* 6(2), 65-70.

J. Demšar (2006), "Statistical comparisons of classifiers over multiple data sets", *Journal
of Machine Learning Research* 7, 1-30.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from scipy import special

from ..core.options import (check_alternative, check_bool, check_int, check_level, check_positive,
                            check_real)
from ..core.ranking import doubled_midranks
from ..core.validation import check_array_like, check_same_length, check_scores, shown, undefined


class ResampledTTest(NamedTuple):
    """The result of a t-test on the differences of two models' scores over resampled splits.

    ``statistic`` is the t statistic, ``pvalue`` its p-value (for the test's
    ``alternative``), ``difference`` the mean difference (model a − model b) and
    ``(low, high)`` its two-sided confidence interval; ``df`` is the t distribution's degrees
    of freedom and ``standard_error`` the (corrected) standard error of the mean difference.
    """

    statistic: float
    pvalue: float
    difference: float
    low: float
    high: float
    df: float
    standard_error: float


class FiveByTwoTest(NamedTuple):
    """The result of Dietterich's 5×2cv paired t-test and Alpaydın's combined 5×2cv F test.

    ``statistic`` is Dietterich's t (5 degrees of freedom) and ``pvalue`` its p-value (for
    the test's ``alternative``); ``f_statistic`` is Alpaydın's F (10 and 5 degrees of
    freedom) and ``f_pvalue`` its p-value, which is two-sided by construction (F squares the
    differences).
    """

    statistic: float
    pvalue: float
    f_statistic: float
    f_pvalue: float


class HolmAdjustment(NamedTuple):
    """Holm's step-down adjusted p-values, in the order given, and which hypotheses are
    rejected at ``alpha`` (those whose adjusted p-value is at most ``alpha``)."""

    pvalues: np.ndarray
    reject: np.ndarray


class FriedmanTest(NamedTuple):
    """The result of Friedman's test of equal average ranks over data sets.

    ``statistic`` is Friedman's χ²_F with ``k − 1`` degrees of freedom and ``pvalue`` its
    p-value; ``f_statistic`` is Iman and Davenport's F_F, referred to the F distribution
    with ``df = (k − 1, (k − 1)(N − 1))``, and ``f_pvalue`` its p-value; ``average_ranks``
    holds each model's average rank over the N data sets (1 = best).
    """

    statistic: float
    pvalue: float
    f_statistic: float
    f_pvalue: float
    df: tuple[int, int]
    average_ranks: np.ndarray


# ------------------------------------------------------------------- reference distributions

def _t_pvalue(t: float, df: float, alternative: str) -> float:
    """The p-value of Student's t with ``df`` degrees of freedom; each tail is computed as a
    tail (``stdtr(df, −t)`` is P(T ≥ t)), never as 1 minus the CDF, so small p-values keep
    their digits."""
    if math.isnan(t):
        return math.nan
    if alternative == "greater":
        return float(special.stdtr(df, -t))
    if alternative == "less":
        return float(special.stdtr(df, t))
    return min(1.0, 2.0 * float(special.stdtr(df, -abs(t))))


# ------------------------------------------------------------------------------ validation

def _paired_scores(scores_a: Any, scores_b: Any, *, at_least: int) -> np.ndarray:
    """The differences ``scores_a − scores_b`` of two 1-D arrays of finite scores."""
    a = check_scores(scores_a, "scores_a")
    b = check_scores(scores_b, "scores_b")
    check_same_length(scores_a=a, scores_b=b)
    if a.shape[0] < at_least:
        raise ValueError(f"scores_a and scores_b must hold at least {at_least} scores each "
                         f"(one per train/test split), got {a.shape[0]}")
    return np.asarray(a, dtype=np.float64) - np.asarray(b, dtype=np.float64)


def _score_table(values: Any, name: str, *, shape: tuple[int, int] | None = None,
                 what: str) -> np.ndarray:
    """A 2-D array of finite real numbers (of ``shape`` if given); ``what`` says what its
    rows and columns are, for the messages."""
    check_array_like(values, name, kind=f"a 2-D array-like ({what})")
    if hasattr(values, "to_numpy"):
        values = values.to_numpy()
    try:
        table = np.asarray(values)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"{name} must be a 2-D array-like ({what}) with rows of equal "
                         f"length: {exc}") from None
    if shape is not None and table.ndim == 1 and table.size == shape[0] * shape[1]:
        table = table.reshape(shape)
    if table.ndim != 2:
        raise ValueError(f"{name} must be 2-D ({what}), got shape {table.shape}")
    if shape is not None and table.shape != shape:
        raise ValueError(f"{name} must have shape {shape} ({what}), got {table.shape}")
    flat = check_scores(table.ravel(), name)
    return np.asarray(flat, dtype=np.float64).reshape(table.shape)


# ----------------------------------------------------------------------------- the t-tests

def _t_result(mean: float, standard_error: float, df: float, level: float,
              alternative: str, what: str) -> ResampledTTest:
    if standard_error == 0.0:
        if mean == 0.0:
            undefined(f"{what} is undefined: every difference is 0", stacklevel=4)
            return ResampledTTest(math.nan, math.nan, 0.0, 0.0, 0.0, df, 0.0)
        statistic = math.copysign(math.inf, mean)
    else:
        statistic = mean / standard_error
    half_width = float(special.stdtrit(df, 0.5 + level / 2)) * standard_error
    return ResampledTTest(float(statistic), _t_pvalue(statistic, df, alternative), float(mean),
                          float(mean - half_width), float(mean + half_width), float(df),
                          float(standard_error))


def corrected_resampled_ttest(scores_a: Any, scores_b: Any, *, n_train: float, n_test: float,
                              level: float = 0.95,
                              alternative: str = "two-sided") -> ResampledTTest:
    """Nadeau and Bengio's corrected resampled t-test of two models' scores over J splits.

    Each of J train/test splits of one data set gives a score to each model; the J
    differences ``d_j = a_j − b_j`` have mean ``d̄`` and sample variance ``s²``. The ordinary
    paired t-test takes ``s²/J`` as the variance of ``d̄``, which holds for independent
    splits; splits of one data set share training (and, across repetitions, test) cases, so
    the ``d_j`` are positively correlated and ``s²/J`` is too small. Nadeau and Bengio (2003)
    multiply ``s²`` by ``1/J + n_test/n_train`` instead: ``t = d̄ / √((1/J + n_test/n_train) s²)``,
    referred to Student's t with J − 1 degrees of freedom. For r repetitions of k-fold
    cross-validation, J = r·k and ``n_test/n_train = 1/(k − 1)`` (Bouckaert and Frank 2004).

    Parameters
    ----------
    scores_a, scores_b : array-like of shape (J,)
        The two models' scores on the same J splits, in the same order (J ≥ 2).
    n_train, n_test : float
        The number of cases each model is trained on and tested on in one split (their
        averages when the splits differ a little, as the folds of k-fold CV do). Only their
        ratio matters.
    level : float, default=0.95
        Confidence level of the two-sided interval for the mean difference.
    alternative : {"two-sided", "greater", "less"}, default="two-sided"
        The alternative hypothesis: model a's expected score differs from, is above, or is
        below model b's.

    Returns
    -------
    ResampledTTest
        ``(statistic, pvalue, difference, low, high, df, standard_error)``: t, its p-value,
        the mean difference a − b, its interval ``d̄ ± t_{J−1} · SE``, ``df = J − 1`` and the
        corrected SE. If every difference is the same nonzero value, the SE is 0: t is
        ``±inf`` and the p-value 0 (or 1 on the wrong side). If every difference is 0, t and
        the p-value are ``nan`` with one :class:`~evalcore.UndefinedMetricWarning`.

    Raises
    ------
    ValueError
        If the scores are not finite, differ in length or number fewer than 2, if ``n_train``
        or ``n_test`` is not positive and finite, ``level`` is not strictly between 0 and 1
        or ``alternative`` is not one of the three.
    TypeError
        If the scores are not real numbers, or ``n_train``, ``n_test`` or ``level`` is not a
        real number.

    See Also
    --------
    paired_ttest_5x2cv : Dietterich's 5×2cv test, another answer to the same problem.
    holm : adjust the p-values of several such comparisons.

    References
    ----------
    C. Nadeau and Y. Bengio (2003), "Inference for the generalization error", *Machine
    Learning* 52(3), 239-281.

    R. R. Bouckaert and E. Frank (2004), "Evaluating the replicability of significance tests
    for comparing learning algorithms", *PAKDD 2004*, LNCS 3056, 3-12.

    Examples
    --------
    Two models' AUCs over the 10 folds of one 10-fold cross-validation (n_train : n_test =
    9 : 1). The correction about doubles the variance of the mean (1/10 + 1/9 against 1/10),
    so the t statistic shrinks by a factor of about √2 (the ordinary paired t-test,
    ``scipy.stats.ttest_rel``, gives t = 3.545 and p = 0.0063):

    >>> import evalcore as ec
    >>> a = [0.81, 0.84, 0.79, 0.86, 0.83, 0.80, 0.85, 0.82, 0.84, 0.81]
    >>> b = [0.80, 0.82, 0.79, 0.83, 0.82, 0.80, 0.82, 0.81, 0.82, 0.81]
    >>> test = ec.corrected_resampled_ttest(a, b, n_train=900, n_test=100)
    >>> round(test.difference, 4), round(test.statistic, 3), round(test.pvalue, 4), test.df
    (0.013, 2.44, 0.0374, 9.0)
    """
    level = check_level(level)
    alternative = check_alternative(alternative)
    n_train = check_positive(n_train, "n_train")
    n_test = check_positive(n_test, "n_test")
    differences = _paired_scores(scores_a, scores_b, at_least=2)
    splits = differences.shape[0]
    variance = float(np.var(differences, ddof=1))
    standard_error = math.sqrt((1.0 / splits + n_test / n_train) * variance)
    return _t_result(float(np.mean(differences)), standard_error, splits - 1, level,
                     alternative, "The corrected resampled t-test")


def paired_ttest_5x2cv(scores_a: Any, scores_b: Any, *,
                       alternative: str = "two-sided") -> FiveByTwoTest:
    """Dietterich's 5×2cv paired t-test and Alpaydın's combined 5×2cv F test.

    Five times, the data are split at random into two halves; each model is trained on one
    half and tested on the other, then the other way round, which gives each model 10
    scores. With ``p_i^(j)`` the difference a − b on fold j of replication i, ``p̄_i`` the
    mean of replication i and ``s_i² = Σ_j (p_i^(j) − p̄_i)²``, Dietterich's (1998) statistic
    is ``t = p_1^(1) / √(Σ_i s_i² / 5)``, referred to Student's t with 5 degrees of freedom;
    its numerator is one difference only. Alpaydın's (1999) combined test uses all ten:
    ``F = Σ_i Σ_j (p_i^(j))² / (2 Σ_i s_i²)``, referred to F(10, 5); it is the more stable of
    the two (its result does not depend on which replication comes first).

    Parameters
    ----------
    scores_a, scores_b : array-like of shape (5, 2) or (10,)
        Each model's 10 scores: row i holds replication i's two folds (10 values in a row
        are read as replication 1's two folds, then replication 2's, and so on).
    alternative : {"two-sided", "greater", "less"}, default="two-sided"
        The alternative hypothesis of the t-test (the F test is two-sided).

    Returns
    -------
    FiveByTwoTest
        ``(statistic, pvalue, f_statistic, f_pvalue)``. If every replication's two
        differences are equal (``Σ s_i² = 0``), both tests are undefined unless the
        differences are nonzero: t is then ``±inf`` (or ``nan`` when ``p_1^(1) = 0``), F is
        ``inf`` with p-value 0, or every value is ``nan`` with one
        :class:`~evalcore.UndefinedMetricWarning` when every difference is 0.

    Raises
    ------
    ValueError
        If the scores do not have 10 values in shape (5, 2), are not finite, or
        ``alternative`` is not one of the three.
    TypeError
        If the scores are not real numbers.

    See Also
    --------
    corrected_resampled_ttest : for repeated k-fold cross-validation.

    References
    ----------
    T. G. Dietterich (1998), "Approximate statistical tests for comparing supervised
    classification learning algorithms", *Neural Computation* 10(7), 1895-1923.

    E. Alpaydın (1999), "Combined 5 × 2 cv F test for comparing supervised classification
    learning algorithms", *Neural Computation* 11(8), 1885-1892.

    Examples
    --------
    >>> import evalcore as ec
    >>> a = [[0.83, 0.85], [0.84, 0.82], [0.86, 0.83], [0.82, 0.85], [0.85, 0.84]]
    >>> b = [[0.80, 0.83], [0.83, 0.80], [0.82, 0.82], [0.81, 0.82], [0.83, 0.81]]
    >>> test = ec.paired_ttest_5x2cv(a, b)
    >>> round(test.statistic, 3), round(test.pvalue, 4)
    (2.372, 0.0638)
    >>> round(test.f_statistic, 3), round(test.f_pvalue, 4)
    (3.625, 0.0839)
    """
    alternative = check_alternative(alternative)
    what = "5 replications × 2 folds"
    a = _score_table(scores_a, "scores_a", shape=(5, 2), what=what)
    b = _score_table(scores_b, "scores_b", shape=(5, 2), what=what)
    p = a - b
    spread = float(np.sum((p - p.mean(axis=1, keepdims=True)) ** 2))
    squares = float(np.sum(p ** 2))
    if spread == 0.0:
        if squares == 0.0:
            undefined("The 5x2cv tests are undefined: every difference is 0", stacklevel=3)
            return FiveByTwoTest(math.nan, math.nan, math.nan, math.nan)
        t = math.copysign(math.inf, p[0, 0]) if p[0, 0] != 0 else math.nan
        return FiveByTwoTest(t, _t_pvalue(t, 5.0, alternative), math.inf, 0.0)
    t = float(p[0, 0] / math.sqrt(spread / 5.0))
    f = squares / (2.0 * spread)
    return FiveByTwoTest(t, _t_pvalue(t, 5.0, alternative), f,
                         float(special.fdtrc(10.0, 5.0, f)))          # P(F(10, 5) ≥ f)


# --------------------------------------------------------------------- many comparisons

def holm(p_values: Any, *, alpha: float = 0.05) -> HolmAdjustment:
    """Holm's step-down adjustment of m p-values, controlling the family-wise error rate.

    Sort the p-values, ``p_(1) ≤ … ≤ p_(m)``; the i-th is compared with ``alpha/(m − i + 1)``,
    and the procedure stops at the first that is not below its bound. Equivalently, the
    adjusted p-values are ``max_{j ≤ i} min(1, (m − j + 1) p_(j))``, and a hypothesis is
    rejected when its adjusted p-value is at most ``alpha`` (Holm 1979). Holm rejects
    everything Bonferroni (every ``p_i ≤ alpha/m``) rejects, and possibly more; neither
    assumes anything about the dependence between the tests.

    Parameters
    ----------
    p_values : array-like of shape (m,)
        The p-values, each in [0, 1].
    alpha : float, default=0.05
        The family-wise error rate, strictly between 0 and 1.

    Returns
    -------
    HolmAdjustment
        ``(pvalues, reject)``: the adjusted p-values and a boolean array, both in the order
        of ``p_values``.

    Raises
    ------
    ValueError
        If ``p_values`` is empty, not 1-D, or holds a value outside [0, 1] or NaN, or if
        ``alpha`` is not strictly between 0 and 1.
    TypeError
        If ``p_values`` does not hold real numbers or ``alpha`` is not a real number.

    See Also
    --------
    friedman_test, nemenyi_critical_difference : many models over many data sets.

    References
    ----------
    S. Holm (1979), "A simple sequentially rejective multiple test procedure", *Scandinavian
    Journal of Statistics* 6(2), 65-70.

    Examples
    --------
    Three comparisons: the smallest p-value is multiplied by 3, the next by 2, the largest
    by 1, and each adjusted value is at least the one before it:

    >>> import evalcore as ec
    >>> adjusted = ec.holm([0.01, 0.04, 0.03])
    >>> adjusted.pvalues.round(4).tolist(), adjusted.reject.tolist()
    ([0.03, 0.06, 0.06], [True, False, False])
    """
    alpha = check_real(alpha, "alpha", low=0.0, high=1.0, low_open=True, high_open=True)
    p = np.asarray(check_scores(p_values, "p_values"), dtype=np.float64)
    if np.any((p < 0) | (p > 1)):
        bad = np.flatnonzero((p < 0) | (p > 1))
        raise ValueError(f"p_values must lie in [0, 1]: index {bad[0]} holds {shown(p[bad[0]])} "
                         f"({bad.size} outside in all)")
    m = p.shape[0]
    order = np.argsort(p, kind="stable")
    multiplied = np.minimum(1.0, (m - np.arange(m)) * p[order])
    adjusted = np.empty(m)
    adjusted[order] = np.maximum.accumulate(multiplied)
    return HolmAdjustment(adjusted, adjusted <= alpha)


# -------------------------------------------------------------------- many data sets

def friedman_test(scores: Any, *, higher_is_better: bool = True) -> FriedmanTest:
    """Friedman's test that k models rank alike over N data sets, with Iman and Davenport's F.

    On each data set the models are ranked, 1 for the best (tied scores share their mean
    rank); ``R_j`` is model j's average rank. Friedman's statistic is
    ``χ²_F = 12N/(k(k+1)) · (Σ_j R_j² − k(k+1)²/4)``, χ² with k − 1 degrees of freedom
    under the null hypothesis that the models are equivalent. Iman and Davenport's
    ``F_F = (N − 1) χ²_F / (N(k − 1) − χ²_F)``, referred to F(k − 1, (k − 1)(N − 1)), is less
    conservative, and is the one Demšar (2006) recommends. When it rejects, compare the
    models' average ranks with :func:`nemenyi_critical_difference` (all pairs) or test
    each against a control and adjust with :func:`holm`.

    The statistic is Demšar's, without a correction for ties (scipy's
    ``friedmanchisquare`` divides it by ``1 − Σ(t³ − t)/(N k (k² − 1))`` over the groups of
    t tied scores; without ties the two agree).

    Parameters
    ----------
    scores : array-like of shape (N, k)
        One row per data set, one column per model (N ≥ 2, k ≥ 2); a pandas DataFrame
        works as it is laid out.
    higher_is_better : bool, default=True
        Whether a higher score is better (AUC, accuracy) or worse (an error rate, a loss).

    Returns
    -------
    FriedmanTest
        ``(statistic, pvalue, f_statistic, f_pvalue, df, average_ranks)``. If every data set
        ties all the models, χ²_F = 0 and F_F = 0 (p-values 1). If the ranks are identical on
        every data set (χ²_F = N(k − 1)), F_F is ``inf`` with p-value 0.

    Raises
    ------
    ValueError
        If ``scores`` is not 2-D, has fewer than 2 rows or columns, or holds values that
        are not finite.
    TypeError
        If ``scores`` does not hold real numbers or ``higher_is_better`` is not a bool.

    See Also
    --------
    nemenyi_critical_difference : which average ranks differ, after the test rejects.

    References
    ----------
    M. Friedman (1937), "The use of ranks to avoid the assumption of normality implicit in
    the analysis of variance", *JASA* 32(200), 675-701.

    R. L. Iman and J. M. Davenport (1980), "Approximations of the critical region of the
    Friedman statistic", *Communications in Statistics* 9(6), 571-595.

    J. Demšar (2006), "Statistical comparisons of classifiers over multiple data sets",
    *Journal of Machine Learning Research* 7, 1-30 (section 3.2.2).

    Examples
    --------
    Three models over four data sets; the third is best on every one:

    >>> import evalcore as ec
    >>> auc = [[0.71, 0.74, 0.80], [0.65, 0.64, 0.70], [0.88, 0.90, 0.91], [0.60, 0.62, 0.66]]
    >>> test = ec.friedman_test(auc)
    >>> test.average_ranks.tolist(), round(test.statistic, 2), round(test.pvalue, 4)
    ([2.75, 2.25, 1.0], 6.5, 0.0388)
    """
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    table = _score_table(scores, "scores", what="one row per data set, one column per model")
    n, k = table.shape
    if n < 2 or k < 2:
        raise ValueError(f"scores must have at least 2 rows (data sets) and 2 columns "
                         f"(models), got shape {table.shape}")
    oriented = -table if higher_is_better else table
    ranks = np.empty_like(oriented)
    for i, row in enumerate(oriented):          # 1 the best, tied models share their mid-rank
        _, group, sizes = np.unique(row, return_inverse=True, return_counts=True)
        ranks[i] = doubled_midranks(sizes)[group] / 2
    average = ranks.mean(axis=0)
    chi2 = float(12.0 * n / (k * (k + 1)) * (np.sum(average ** 2) - k * (k + 1) ** 2 / 4.0))
    chi2 = max(chi2, 0.0)                       # rounding below 0 when every rank ties
    df = (k - 1, (k - 1) * (n - 1))
    room = n * (k - 1) - chi2
    if room <= 1e-12 * n * (k - 1):
        f, f_pvalue = math.inf, 0.0
    else:
        f = (n - 1) * chi2 / room
        f_pvalue = special.fdtrc(df[0], df[1], f)               # P(F(df) ≥ f)
    pvalue = special.chdtrc(k - 1, chi2)                        # P(χ²(k − 1) ≥ χ²_F)
    return FriedmanTest(chi2, float(pvalue), float(f), float(f_pvalue), df, average)


def nemenyi_critical_difference(k: int, n_datasets: int, *, alpha: float = 0.05) -> float:
    """The critical difference of average ranks in Nemenyi's test: ``q_α √(k(k+1)/(6N))``.

    After a Friedman test rejects, two of the k models perform significantly differently
    when their average ranks over the N data sets differ by at least this much (Demšar
    2006). ``q_α`` is the studentized range statistic with infinite degrees of freedom at
    ``1 − alpha`` divided by √2: Demšar's Table 5 lists 2.569 for k = 4 at α = 0.05.

    Parameters
    ----------
    k : int
        The number of models compared, at least 2.
    n_datasets : int
        The number N of data sets, at least 1.
    alpha : float, default=0.05
        The significance level, strictly between 0 and 1.

    Returns
    -------
    float
        The critical difference CD.

    Raises
    ------
    ValueError
        If ``k`` is below 2, ``n_datasets`` below 1, or ``alpha`` not strictly between 0 and 1.
    TypeError
        If ``k`` or ``n_datasets`` is not an integer, or ``alpha`` not a real number.

    See Also
    --------
    friedman_test : the omnibus test that comes first.

    References
    ----------
    P. B. Nemenyi (1963), *Distribution-free multiple comparisons*, PhD thesis, Princeton
    University.

    J. Demšar (2006), "Statistical comparisons of classifiers over multiple data sets",
    *Journal of Machine Learning Research* 7, 1-30 (section 3.2.2 and Table 5).

    Examples
    --------
    Demšar's example: four models over 14 data sets; ranks that differ by at least 1.25 are
    significantly different at the 5% level:

    >>> import evalcore as ec
    >>> round(ec.nemenyi_critical_difference(4, 14), 3)
    1.254
    """
    k = check_int(k, "k", low=2)
    n_datasets = check_int(n_datasets, "n_datasets", low=1)
    alpha = check_real(alpha, "alpha", low=0.0, high=1.0, low_open=True, high_open=True)
    # imported here: scipy.stats takes about half a second to import, and only this needs it
    from scipy.stats import studentized_range
    q_alpha = float(studentized_range.ppf(1.0 - alpha, k, math.inf)) / math.sqrt(2.0)
    return float(q_alpha * math.sqrt(k * (k + 1) / (6.0 * n_datasets)))
