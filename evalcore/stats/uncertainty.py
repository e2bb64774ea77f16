"""Bootstrap intervals for any metric, and for the difference of a metric between two classifiers.

How sure are we of a number measured on one test set? :func:`bootstrap_ci` resamples the
cases (or, for a design that fixed the class sizes, the positives and the negatives apart)
and reads a percentile or BCa interval off the metric's values on the resamples;
:func:`paired_bootstrap_ci` does the same for ``metric(a) − metric(b)`` with both
classifiers evaluated on the same resampled cases. Both run on the one resampling engine
(``evalcore/stats/resampling.py``), whose rules they share: resamples on which the metric is
undefined are left out and counted, with one :class:`~evalcore.UndefinedMetricWarning`.

The rest of the topic lives by concept: DeLong's variance, the AUC's intervals and DeLong's
tests in :mod:`evalcore.stats.delong`; pROC's intervals for sensitivity and specificity in
:mod:`evalcore.stats.rate_intervals`; permutation tests in :mod:`evalcore.stats.permutation`; study
planning in :mod:`evalcore.stats.sample_size`.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from ..core.options import (check_bool, check_level, check_metric, check_n_boot, check_one_of,
                            check_random_state, metric_value)
from ..core.validation import check_binary_scores, check_same_length, check_scores, undefined
from .resampling import bootstrap


@dataclass(frozen=True, slots=True)
class MetricInterval:
    """A bootstrap interval around a metric's ``estimate`` on the full data (see
    :func:`bootstrap_ci`): ``low <= estimate <= high`` as a rule.

    Read it by name (``ci.estimate``, ``ci.low``): it cannot be unpacked or indexed.

    Attributes
    ----------
    estimate : float
        The metric (the one the caller passed) on the full data.
    low, high : float
        The interval's ends.
    level : float
        The confidence level used.
    method : str
        ``"percentile"`` or ``"bca"``, the ``method`` given to :func:`bootstrap_ci`.
    n_undefined : int
        The resamples on which the metric was undefined, left out.
    """

    estimate: float
    low: float
    high: float
    level: float
    method: str
    n_undefined: int = 0


@dataclass(frozen=True, slots=True)
class MetricDifference:
    """A bootstrap interval for ``difference = estimate_a − estimate_b``, one metric of two
    classifiers on the same cases (see :func:`paired_bootstrap_ci`).

    Read it by name (``d.difference``, ``d.low``): it cannot be unpacked or indexed.

    Attributes
    ----------
    difference : float
        ``estimate_a − estimate_b``.
    low, high : float
        The interval's ends.
    level : float
        The confidence level used.
    method : str
        ``"percentile"`` or ``"bca"``, the ``method`` given to :func:`paired_bootstrap_ci`.
    estimate_a, estimate_b : float
        The metric of each classifier on the full data.
    n_undefined : int
        The resamples on which the metric was undefined for either classifier, left out.
    """

    difference: float
    low: float
    high: float
    level: float
    method: str
    estimate_a: float
    estimate_b: float
    n_undefined: int = 0


_BOOT_METHODS = ("percentile", "bca")


def _check_bootstrap_options(metric, level, n_boot, method, stratified, random_state):
    check_metric(metric)
    return (check_level(level), check_n_boot(n_boot),
            check_one_of(method, _BOOT_METHODS, "method"),
            check_bool(stratified, "stratified"), check_random_state(random_state))


def bootstrap_ci(y_true: Any, y_score: Any, metric: Callable[[np.ndarray, np.ndarray], float],
                 *, level: float = 0.95, n_boot: int = 2000, method: str = "percentile",
                 stratified: bool = False, random_state: Any = None,
                 pos_label: Any = None) -> MetricInterval:
    """A seeded bootstrap interval (percentile or BCa) for any metric of labels and scores.

    Each of ``n_boot`` resamples draws cases with replacement and recomputes the metric.
    It takes no ``sample_weight``: a weighted bootstrap is not implemented (and a metric
    closed over fixed weights would not follow the resampled cases).

    *Which resampling.* By default (``stratified=False``) the **case bootstrap** draws ``n``
    cases from all ``n``, so the number of positives varies from resample to resample as it
    would in another test set drawn from the same population. That is the right design
    whenever the test set is a sample of the population, and the only right one for any
    metric that depends on the prevalence: precision (PPV), NPV, accuracy, F-scores,
    expected cost. ``stratified=True`` draws the P positives from the positives and the N
    negatives from the negatives, so every resample keeps P and N. Use it only when P and N
    were fixed by the design (a case-control study that enrolled so many diseased and so
    many healthy); then, and only for metrics that do not depend on the prevalence (TPR,
    FPR, TNR, the ROC AUC), it gives the conditional interval the design calls for. Holding
    the prevalence fixed when it is in fact random removes part of the variance: intervals
    for precision come out too narrow (see ``benchmarks/coverage.py``).

    *Which interval.* ``"percentile"``: the ``(1 − level)/2`` and ``(1 + level)/2``
    quantiles of the resampled values. ``"bca"``: bias-corrected and accelerated (Efron
    1987): the two quantiles are moved by the bias correction ``z0 = Φ⁻¹(share of resampled
    values below the estimate, ties counting half)`` and the acceleration ``a`` estimated by
    the jackknife (leaving out one case at a time; for the stratified bootstrap one class at
    a time, combined as in ``scipy.stats.bootstrap``), to ``Φ(z0 + (z0 + z)/(1 − a(z0 +
    z)))`` for z the normal quantiles of the two tails. BCa costs ``n`` extra metric calls.

    *Undefined values.* If the metric is undefined (``nan``) on the data, the result is all
    ``nan`` with one :class:`~evalcore.UndefinedMetricWarning` and nothing is resampled.
    Resamples on which it is undefined (recall in a resample without positives, precision
    in one where nothing is called positive) are **left out**, as pROC leaves out its
    ``NA`` resamples; their count is returned as ``n_undefined`` and one
    :class:`~evalcore.UndefinedMetricWarning` says how many, since the interval then
    describes only the resamples on which the metric exists. If it is undefined on every
    resample, or the BCa correction is infinite (the estimate lies outside every resampled
    value), ``low`` and ``high`` are ``nan``, again with one warning. Leave-one-out values
    on which the metric is undefined are skipped in BCa's acceleration.

    *Infinite values.* A metric may be infinite (a log loss with a probability of 0 for the
    true class): then no interval can be read from its values (a quantile among infinite
    values is ``inf`` or ``nan`` by the accident of interpolation), and leaving the infinite
    resamples out, as undefined ones are, would drop the most extreme values and bias the
    interval. So if the metric is infinite on the data (nothing is resampled), on any
    resample, or on a leave-one-out set of BCa's jackknife, ``low`` and ``high`` are ``nan``
    with one :class:`~evalcore.UndefinedMetricWarning` saying where; ``estimate`` is the
    metric's value on the data, ``inf`` included.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        True binary labels and scores.
    metric : callable
        ``metric(y_true, y_score) -> float``; it receives the labels coded as a 0/1 int array
        and the scores as float64 (as long double where float64 would merge distinct
        scores, such as integers beyond 2**53). Warnings it emits on resamples where it
        returns ``nan`` are dropped (the one warning above reports them); other warnings
        are passed on once each. For a metric at a threshold, wrap it, e.g.
        ``lambda y, s: ec.confusion_matrix_at(y, s, 0.5).precision``.
    level : float, default=0.95
        Confidence level, strictly between 0 and 1.
    n_boot : int, default=2000
        Number of resamples, at least 1.
    method : {"percentile", "bca"}, default="percentile"
        The interval built from the resampled values.
    stratified : bool, default=False
        Resample within each class (P and N fixed) instead of resampling cases.
    random_state : None, int or numpy.random.Generator, default=None
        Seed; the same seed gives the same interval. ``None``: a fresh seed from the operating
        system on every call.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    MetricInterval
        ``estimate`` (the metric on the full data), ``low``, ``high``, ``level``,
        ``method`` and ``n_undefined`` (the number of resamples left out), read by name.

    Raises
    ------
    ValueError
        If ``level`` is not strictly between 0 and 1, ``n_boot`` is below 1, ``method`` is
        not ``"percentile"`` or ``"bca"`` or ``random_state`` is a negative integer; or for
        bad data (labels not binary, scores not finite, lengths that differ).
    TypeError
        If ``metric`` is not callable or returns something other than a real number,
        ``n_boot`` is not an integer, ``level`` not a real number, ``stratified`` not a
        bool or ``random_state`` not a seed.

    See Also
    --------
    paired_bootstrap_ci : the difference of a metric between two classifiers.
    roc_auc_ci : intervals for the AUC without resampling.

    References
    ----------
    B. Efron (1987), "Better bootstrap confidence intervals", *Journal of the American
    Statistical Association* 82(397), 171-185.

    B. Efron and R. J. Tibshirani (1993), *An Introduction to the Bootstrap*, Chapman & Hall,
    chapters 13-14.

    X. Robin et al. (2011), "pROC: an open-source package for R and S+ to analyze and compare
    ROC curves", *BMC Bioinformatics* 12, 77.

    Examples
    --------
    The recall at threshold 0.55 (rule ``>``) on the slides' seven cases is 2/3. With three
    positives in seven, a case resample holds none with probability (4/7)⁷, about 2%, and
    recall is undefined on those:

    >>> import warnings
    >>> import evalcore as ec
    >>> y = [0, 1, 0, 1, 1, 0, 0]
    >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> recall = lambda y, s: ec.confusion_matrix_at(y, s, 0.55).tpr
    >>> with warnings.catch_warnings(record=True) as said:
    ...     warnings.simplefilter("always")
    ...     ci = ec.bootstrap_ci(y, s, recall, n_boot=1000, random_state=0)
    >>> round(ci.estimate, 4), ci.low, ci.high, ci.n_undefined, len(said)
    (0.6667, 0.0, 1.0, 19, 1)

    A design that enrolled exactly three positives and four negatives resamples within
    the classes, and no resample lacks a positive:

    >>> ci = ec.bootstrap_ci(y, s, recall, n_boot=1000, stratified=True, random_state=0)
    >>> ci.low, ci.high, ci.n_undefined
    (0.0, 1.0, 0)
    """
    level, n_boot, method, stratified, rng = _check_bootstrap_options(
        metric, level, n_boot, method, stratified, random_state)
    label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)

    def statistic(index: np.ndarray) -> float:
        return metric_value(metric, label[index], score[index])
    result = bootstrap(statistic, label, rng=rng, n_boot=n_boot, level=level, method=method,
                       stratified=stratified, what="bootstrap interval")
    if result.warning:
        undefined(result.warning, stacklevel=3)
    return MetricInterval(result.estimate, result.low, result.high, level, method,
                          result.n_undefined)


def paired_bootstrap_ci(y_true: Any, y_score_a: Any, y_score_b: Any,
                        metric: Callable[[np.ndarray, np.ndarray], float], *,
                        level: float = 0.95, n_boot: int = 2000, method: str = "percentile",
                        stratified: bool = False, random_state: Any = None,
                        pos_label: Any = None) -> MetricDifference:
    """A bootstrap interval for metric(a) − metric(b), two classifiers on the same cases.

    Each resample draws cases (or, with ``stratified=True``, positives and negatives
    separately) and evaluates both classifiers on **the same** resampled cases, so the
    interval keeps the correlation between their errors: it is the bootstrap's version of a
    paired test, for any metric. An interval that excludes 0 is a difference at the level
    ``1 − level`` (two-sided). Resampling, the two interval methods and the handling of
    undefined values are those of :func:`bootstrap_ci`; a resample counts as undefined when
    the metric is undefined for either classifier. It takes no ``sample_weight``, as
    :func:`bootstrap_ci`.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score_a, y_score_b : array-like of shape (n,)
        The two classifiers' scores for the same cases, in the same order.
    metric : callable
        ``metric(y_true, y_score) -> float``, as for :func:`bootstrap_ci`.
    level : float, default=0.95
        Confidence level, strictly between 0 and 1.
    n_boot : int, default=2000
        Number of resamples, at least 1.
    method : {"percentile", "bca"}, default="percentile"
        The interval built from the resampled differences.
    stratified : bool, default=False
        Resample within each class (P and N fixed) instead of resampling cases; see
        :func:`bootstrap_ci` for when.
    random_state : None, int or numpy.random.Generator, default=None
        Seed; the same seed gives the same interval. ``None``: a fresh seed from the operating
        system on every call.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    MetricDifference
        ``difference = estimate_a − estimate_b`` with its interval (``low``, ``high``,
        ``level``, ``method``), the two metrics on the full data (``estimate_a``,
        ``estimate_b``) and the number of resamples left out (``n_undefined``), read by name.

    Raises
    ------
    ValueError
        If ``level`` is not strictly between 0 and 1, ``n_boot`` is below 1, ``method`` is
        not ``"percentile"`` or ``"bca"`` or ``random_state`` is a negative integer; or for
        bad data (labels not binary, scores not finite, lengths that differ).
    TypeError
        If ``metric`` is not callable or returns something other than a real number,
        ``n_boot`` is not an integer, ``level`` not a real number, ``stratified`` not a
        bool or ``random_state`` not a seed.

    See Also
    --------
    delong_test : the paired test for the AUC, without resampling.
    paired_permutation_test : a test of "no difference" for any metric.

    References
    ----------
    B. Efron and R. J. Tibshirani (1993), *An Introduction to the Bootstrap*, Chapman &
    Hall, chapters 13-14.

    Examples
    --------
    Murphy's two classifiers on his nine cases: the AUC falls by 0.15, and the interval for
    the difference shows how little nine cases pin it down.

    >>> import evalcore as ec
    >>> y, s1 = ec.murphy_classifier(1)
    >>> _, s2 = ec.murphy_classifier(2)
    >>> d = ec.paired_bootstrap_ci(y, s1, s2, ec.roc_auc, n_boot=1000, stratified=True,
    ...                            random_state=0)
    >>> round(d.difference, 2), d.estimate_a, round(d.estimate_b, 2)
    (0.15, 1.0, 0.85)
    >>> round(d.low, 2), round(d.high, 2)
    (0.0, 0.47)
    """
    level, n_boot, method, stratified, rng = _check_bootstrap_options(
        metric, level, n_boot, method, stratified, random_state)
    label, score_a, _ = check_binary_scores(y_true, y_score_a, pos_label=pos_label,
                                          score_name="y_score_a")
    score_b = check_scores(y_score_b, name="y_score_b")
    check_same_length(y_score_a=score_a, y_score_b=score_b)

    def statistic(index: np.ndarray) -> float:
        # a paired draw: one index for the labels and both classifiers' scores
        return (metric_value(metric, label[index], score_a[index])
                - metric_value(metric, label[index], score_b[index]))
    result = bootstrap(statistic, label, rng=rng, n_boot=n_boot, level=level, method=method,
                       stratified=stratified, what="paired bootstrap interval")
    with warnings.catch_warnings():
        # the engine called the metric on these very data and passed on (or reported as
        # undefined) what it said there: say nothing twice
        warnings.simplefilter("ignore")
        estimate_a = metric_value(metric, label, score_a)
        estimate_b = metric_value(metric, label, score_b)
    if result.warning:
        undefined(result.warning, stacklevel=3)
    return MetricDifference(result.estimate, result.low, result.high, level, method,
                            estimate_a, estimate_b, result.n_undefined)
