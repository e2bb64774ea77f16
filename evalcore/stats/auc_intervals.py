"""Confidence intervals for the ROC AUC: DeLong's, on the logit scale, Hanley and McNeil's,
Newcombe's score interval, and a stratified bootstrap.

The three normal intervals are ``AUC ± z·SE`` (DeLong's or Hanley and McNeil's standard error)
on the AUC scale, clipped to [0, 1], as pROC's ``ci.auc`` gives them, or on the logit scale;
near AUC = 1 with few cases they are too narrow (see the chapter), and Newcombe's interval or
a stratified bootstrap is the alternative. Every method needs at least two positives and two
negatives; with fewer the interval is ``nan`` with one :class:`~evalcore.UndefinedMetricWarning`.

Why the cut falls here: an interval is a question of its own (which variance, which scale,
which distribution), asked of the AUC and DeLong's variance that :mod:`evalcore.stats.delong`
computes; DeLong's tests, which compare two AUCs, stay with the variance. Every method but the
bootstrap reads only the tie groups: its kernel :func:`roc_auc_ci_from_groups` serves
:func:`roc_auc_ci` and :meth:`~evalcore.ScoreCounts.roc_auc_ci` alike.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import special

from ..core.auc_sums import AucSums
from ..core.options import check_level, check_n_boot, check_one_of, check_random_state
from ..core.ranking import (TieGroups, auc_from_groups, group_totals, tie_groups,
                            validated_tie_groups)
from ..core.sklearn_keywords import explains_sklearn_keywords
from ..core.validation import check_binary_scores, undefined
from .delong import auc_and_variance, enough_cases, normal_interval
from .resampling import bootstrap
from .sample_size import hanley_mcneil_variance


@dataclass(frozen=True, slots=True)
class AucInterval:
    """A confidence interval for the ROC AUC: ``low <= auc <= high``.

    Read it by name (``ci.auc``, ``ci.low``): it cannot be unpacked or indexed.

    Attributes
    ----------
    auc : float
        The AUC on the data; ``nan`` if a class is missing.
    low, high : float
        The interval's ends; ``nan`` where the interval is undefined.
    level : float
        The confidence level used.
    method : str
        How the interval was built: the ``method`` given to :func:`roc_auc_ci`
        (``"delong"``, ``"logit"``, ``"hanley_mcneil"``, ``"bootstrap"`` or ``"newcombe"``).
    """

    auc: float
    low: float
    high: float
    level: float
    method: str


@explains_sklearn_keywords
def roc_auc_ci(y_true: Any, y_score: Any, *, level: float = 0.95, method: str = "delong",
               n_boot: int = 2000, random_state: Any = None,
               pos_label: Any = None) -> AucInterval:
    """A confidence interval for the ROC AUC: DeLong's, on the logit scale, Hanley-McNeil's,
    or a stratified bootstrap.

    It takes no ``sample_weight``; a weighted ScoreCounts'
    :meth:`~evalcore.ScoreCounts.roc_auc_ci` reads its weights as repeated cases.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    level : float, default=0.95
        Confidence level, strictly between 0 and 1.
    method : {"delong", "logit", "hanley_mcneil", "bootstrap", "newcombe"}, default="delong"
        ``"delong"``: ``AUC ± z·SE`` with DeLong's standard error and z the normal quantile
        at ``(1 + level)/2``, clipped to [0, 1] (the choice of pROC's ``ci.auc``; it needs no
        resampling, but it is a large-sample approximation and too narrow near AUC = 1 on
        small samples). ``"logit"``: the same normal interval built on the logit scale,
        ``logit(AUC) ± z·SE/(AUC·(1 − AUC))`` (DeLong's SE carried over by the delta
        method) and mapped back with the logistic function, so it is asymmetric and never
        leaves (0, 1); undefined at AUC = 0 or 1, where the logit is infinite.
        ``"hanley_mcneil"``: ``AUC ± z·SE`` with Hanley and McNeil's (1982) SE, which
        assumes exponential score distributions: ``SE² = (A(1 − A) + (P − 1)(Q1 − A²) +
        (N − 1)(Q2 − A²)) / (P·N)`` with ``Q1 = A/(2 − A)`` and ``Q2 = 2A²/(1 + A)``,
        clipped to [0, 1]. ``"bootstrap"``: the percentile interval of :func:`bootstrap_ci`
        with ``n_boot`` stratified resamples (``stratified=True``: the AUC does not depend
        on the prevalence, and DeLong's variance too is conditional on P and N); for the
        case bootstrap or BCa, call :func:`bootstrap_ci` with ``ec.roc_auc``.
        ``"newcombe"``: Newcombe's (2006) score-type interval (his method 5), every θ with
        ``(AUC − θ)² ≤ z²·V(θ)``, the variance taken at θ, not at the estimate: Hanley and
        McNeil's with P − 1 and N − 1 both ``N* = (P + N)/2 − 1``, ``V(θ) = θ(1 − θ)(1 +
        N*(1 − θ)/(2 − θ) + N*·θ/(1 + θ)) / (P·N)``. Defined and not a point at AUC = 1
        (or 0), where the three normal intervals collapse or are undefined.
    n_boot : int, default=2000
        Number of bootstrap resamples, at least 1 (used by ``method="bootstrap"`` only, but
        checked whatever the method).
    random_state : None, int or numpy.random.Generator, default=None
        Seed for the bootstrap; the same seed gives the same interval. ``None``: a fresh
        seed from the operating system on every call.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    AucInterval
        ``auc``, ``low``, ``high``, ``level`` and ``method``, read by name; ``low`` and
        ``high`` ``nan`` (``auc`` too if a class is missing) with one
        :class:`~evalcore.UndefinedMetricWarning` if a class has fewer than two samples.

    Raises
    ------
    ValueError
        If ``method`` is not one of the four, ``level`` is not strictly between 0 and 1,
        ``n_boot`` is below 1 or ``random_state`` is a negative integer; or for bad data
        (labels not binary, scores not finite, lengths that differ).
    TypeError
        If ``level`` is not a real number, ``n_boot`` not an integer (``2.5``, ``"many"``),
        ``random_state`` not a seed, or the scores not real numbers; ``sample_weight`` has a
        message giving the route for frequency weights.

    See Also
    --------
    delong_variance : the variance behind the DeLong and logit intervals.
    bootstrap_ci : the case or stratified bootstrap (percentile or BCa) for any metric.
    auc_sample_size : how many cases an interval of a given width needs.

    References
    ----------
    E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson (1988), "Comparing the areas under two
    or more correlated receiver operating characteristic curves: a nonparametric approach",
    *Biometrics* 44(3), 837-845.

    J. A. Hanley and B. J. McNeil (1982), "The meaning and use of the area under a receiver
    operating characteristic (ROC) curve", *Radiology* 143(1), 29-36.

    X. Robin et al. (2011), "pROC: an open-source package for R and S+ to analyze and compare
    ROC curves", *BMC Bioinformatics* 12, 77.

    R. G. Newcombe (2006), "Confidence intervals for an effect size measure based on the
    Mann-Whitney statistic. Part 2: asymptotic methods and evaluation", *Statistics in
    Medicine* 25(4), 559-573.

    Examples
    --------
    Seven cases say little: the 95% interval around 11/12 reaches down to about 0.69.

    >>> import evalcore as ec
    >>> y = [0, 1, 0, 1, 1, 0, 0]
    >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> ci = ec.roc_auc_ci(y, s)
    >>> round(ci.auc, 4), round(ci.low, 4), ci.high, ci.level, ci.method
    (0.9167, 0.6857, 1.0, 0.95, 'delong')
    >>> for method in ("logit", "hanley_mcneil", "newcombe"):
    ...     ci = ec.roc_auc_ci(y, s, method=method)
    ...     print(f"{ci.method:>13}: {ci.low:.4f} to {ci.high:.4f}")
            logit: 0.3484 to 0.9956
    hanley_mcneil: 0.6651 to 1.0000
         newcombe: 0.4567 to 0.9921
    >>> boot = ec.roc_auc_ci(y, s, method="bootstrap", n_boot=500, random_state=0)
    >>> boot.auc == 11 / 12 and boot.low < boot.auc <= boot.high
    True
    """
    method = check_one_of(method, _CI_METHODS, "method")
    level = check_level(level)
    # every option is checked whatever the method: a mistake never waits for another method
    n_boot = check_n_boot(n_boot)
    rng = check_random_state(random_state)
    if method != "bootstrap":
        return roc_auc_ci_from_groups(validated_tie_groups(y_true, y_score, pos_label=pos_label),
                                      level=level, method=method)
    label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)
    n_pos = int(np.count_nonzero(label))
    n_neg = label.shape[0] - n_pos
    if not enough_cases(n_pos, n_neg, "the AUC's confidence interval"):
        both = n_pos > 0 and n_neg > 0
        return AucInterval(auc_from_groups(tie_groups(label, score)) if both else math.nan,
                           math.nan, math.nan, level, method)

    def auc_of(index: np.ndarray) -> float:
        return auc_from_groups(tie_groups(label[index], score[index]))
    # stratified: every resample keeps both classes, so the AUC is defined on all
    result = bootstrap(auc_of, label, rng=rng, n_boot=n_boot, level=level,
                       stratified=True, what="bootstrap interval")
    if result.warning:
        undefined(result.warning, stacklevel=3)
    return AucInterval(result.estimate, result.low, result.high, level, method)


def roc_auc_ci_from_groups(groups: TieGroups, *, level: float = 0.95,
                           method: str = "delong") -> AucInterval:
    """A confidence interval for the AUC of tie groups (or a ScoreCounts; weights read as
    repeated cases) by any method but the bootstrap, which resamples rows: the kernel of
    :func:`roc_auc_ci` and of ``ScoreCounts.roc_auc_ci``."""
    method = check_one_of(method, _CI_METHODS, "method")
    if method == "bootstrap":
        raise TypeError("roc_auc_ci(method='bootstrap') resamples the rows, which a "
                        "ScoreCounts does not keep: pass (y_true, y_score) to "
                        "evalcore.roc_auc_ci")
    level = check_level(level)
    n_pos, n_neg = group_totals(groups)
    if not enough_cases(n_pos, n_neg, "the AUC's confidence interval", stacklevel=5):
        both = n_pos > 0 and n_neg > 0
        return AucInterval(auc_from_groups(groups) if both else math.nan, math.nan, math.nan,
                           level, method)
    auc, variance = auc_and_variance(groups)
    if method == "newcombe":
        low, high = _newcombe_interval(auc, n_pos, n_neg, level)
        return AucInterval(auc, low, high, level, method)
    if method == "hanley_mcneil":
        variance = hanley_mcneil_variance(auc, n_pos, n_neg)
    elif method == "logit":
        if auc in (0.0, 1.0):
            undefined(f"the logit interval is undefined at AUC = {auc:g}: its logit is "
                      f"infinite", stacklevel=4)
            return AucInterval(auc, math.nan, math.nan, level, method)
        half = float(special.ndtri(0.5 + level / 2)) * math.sqrt(variance) / (auc * (1.0 - auc))
        centre = math.log(auc / (1.0 - auc))
        return AucInterval(auc, float(special.expit(centre - half)),
                           float(special.expit(centre + half)), level, method)
    low, high = normal_interval(auc, variance, level, (0.0, 1.0))
    return AucInterval(auc, low, high, level, method)


def delong_interval_from_sums(sums: AucSums, level: float, *,
                              stacklevel: int = 5) -> AucInterval:
    """DeLong's interval of the AUC from the data's exact sums (an
    :class:`~evalcore.core.auc_sums.AucSums`, as the Dask route adds them up over value
    ranges): ``AUC ± z·SE``, clipped to [0, 1]. ``low`` and ``high`` are ``nan`` with one
    warning with fewer than two cases of a class (``auc`` too if a class is missing);
    ``stacklevel`` 5 names the caller of a public function that calls this."""
    auc = float(sums.auc) if sums.n_pos > 0 and sums.n_neg > 0 else math.nan
    if not enough_cases(sums.n_pos, sums.n_neg, "the AUC's confidence interval",
                        stacklevel=stacklevel):
        return AucInterval(auc, math.nan, math.nan, level, "delong")
    low, high = normal_interval(auc, sums.delong_variance, level, (0.0, 1.0))
    return AucInterval(auc, low, high, level, "delong")


_CI_METHODS = ("delong", "logit", "hanley_mcneil", "bootstrap", "newcombe")


def _newcombe_interval(auc: float, positives: int, negatives: int,
                       level: float) -> tuple[float, float]:
    """Newcombe's score interval: where ``(auc − θ)² = z²·V(θ)``, one root each side of auc.

    Each side of auc holds one root of the quartic (tests/stats/test_auc_intervals.py checks
    against all its roots), found by bisection; the midpoints stay inside (0, 1), where
    V(θ) > 0. At auc = 1 (or 0) the upper (lower) end is 1 (0).
    """
    z2 = float(special.ndtri(0.5 + level / 2)) ** 2
    k, pairs = (positives + negatives) / 2.0 - 1.0, float(positives) * float(negatives)

    def outside(theta: float) -> bool:       # (auc − θ)² > z²·V(θ)
        v = theta * (1 - theta) * (1 + k * (1 - theta) / (2 - theta) + k * theta / (1 + theta))
        return (auc - theta) ** 2 > z2 * v / pairs

    def crossing(inside: float, beyond: float) -> float:
        while (middle := 0.5 * (inside + beyond)) not in (inside, beyond):
            inside, beyond = (inside, middle) if outside(middle) else (middle, beyond)
        return inside

    low = 0.0 if auc == 0.0 else crossing(auc, 0.0)
    high = 1.0 if auc == 1.0 else crossing(auc, 1.0)
    return low, high
