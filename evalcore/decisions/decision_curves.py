"""Net benefit and decision curves: is acting on a predicted risk better than treating
everyone or no one?

A *threshold probability* ``p_t`` is the risk at which a person is indifferent between
being treated and not: it says how many false positives one true positive is worth, the
exchange rate ``p_t / (1 − p_t)`` (a cost ratio ``c_FP / c_FN``, as in the book's chapter on
costs). The *net benefit* of treating the cases whose predicted probability is at least
``p_t`` is

    NB(p_t) = TP / n − FP / n · p_t / (1 − p_t),

true positives per case, less the false positives per case converted at that rate
(Vickers and Elkin 2006). Treating no one has NB 0; treating everyone has
``π − (1 − π) · p_t / (1 − p_t)`` with π the prevalence. The *decision curve* is NB against
``p_t``; the standardized net benefit divides NB by π (1 is a perfect classifier).

Conventions, those of :mod:`evalcore.core.curves`: a case is treated when its predicted
probability is **at least** ``p_t`` (``y_score >= p_t``), so ``p_t = 0`` treats everyone.
The counts at every ``p_t`` come from the core's operating points
(:func:`evalcore.core.ranking.operating_points`): one sort, then a binary search per threshold.
At ``p_t = 1`` the exchange rate is infinite and NB is undefined (``nan`` with one
:class:`~evalcore.UndefinedMetricWarning`). The net benefit and the decision curve are
computed from the tie groups by kernels (:func:`net_benefit_from_groups`,
:func:`decision_curve_from_groups`), which the array functions call on their checked and
sorted arrays and :class:`~evalcore.ScoreCounts`' methods on the summary.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from ..calibration.reliability import check_unit_interval
from ..core.frames import data_frame
from ..core.options import check_fraction, check_level, check_n_boot, check_random_state
from ..core.ranking import TieGroups, operating_points, unit_scaled_groups, validated_tie_groups
from ..core.validation import check_binary_scores, check_scores, undefined
from ..stats.resampling import bootstrap


class DecisionCurve(NamedTuple):
    """A decision curve: at each threshold probability, the model's net benefit, that of
    treating everyone (treating no one has 0), and the model's net benefit divided by the
    prevalence. Treated: the cases with ``y_score >= threshold_probability``."""

    threshold_probability: np.ndarray
    net_benefit: np.ndarray
    treat_all: np.ndarray
    standardized_net_benefit: np.ndarray

    def to_frame(self):
        """The curve as a pandas DataFrame: one row per threshold probability, columns
        ``threshold_probability``, ``net_benefit``, ``treat_all`` and
        ``standardized_net_benefit``.

        >>> import evalcore as ec
        >>> ec.decision_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8],
        ...                   threshold_probabilities=[0.0, 0.2, 0.5]).to_frame()
           threshold_probability  net_benefit  treat_all  standardized_net_benefit
        0                    0.0       0.5000      0.500                     1.000
        1                    0.2       0.4375      0.375                     0.875
        2                    0.5       0.2500      0.000                     0.500
        """
        return data_frame(self._asdict())


@dataclass(frozen=True, slots=True)
class NetBenefitInterval:
    """The net benefit at one threshold probability with a bootstrap interval.

    Read it by name (``nb.net_benefit``, ``nb.low``): it cannot be unpacked or indexed.

    Attributes
    ----------
    net_benefit : float
        The net benefit on the data.
    low, high : float
        The interval's ends.
    level : float
        The confidence level used.
    method : str
        ``"percentile bootstrap"``.
    """

    net_benefit: float
    low: float
    high: float
    level: float
    method: str


def _threshold_probabilities(values: Any, name: str) -> tuple[np.ndarray, bool]:
    """``values`` (a number or a 1-D array of numbers) as float64 in [0, 1], and whether it
    was a single number."""
    if np.ndim(values) == 0 and not isinstance(values, (str, bytes)):
        value = values.item() if isinstance(values, np.ndarray) else values
        return np.array([check_fraction(value, name)]), True
    array = check_scores(values, name).astype(np.float64)
    check_unit_interval(array, name)
    return array, False


def _probability_groups(groups):
    """Tie groups with their weights scaled by a power of two (exact), refused unless their
    scores are probabilities in [0, 1]; ``None``, after one warning for the user who called
    a public function or method that called a kernel that called this, when they hold no
    cases (an empty summary: every net benefit is 0/0)."""
    if not len(groups.values):
        undefined("the net benefit is undefined: there are no cases (0/0)", stacklevel=5)
        return None
    check_unit_interval(np.array([groups.values[0], groups.values[-1]], dtype=np.float64),
                        "y_score")
    return unit_scaled_groups(groups)


def _exchange_rate(p_t: np.ndarray, what: str, *, stacklevel: int = 4) -> np.ndarray:
    """``p_t / (1 − p_t)``, ``nan`` with one warning where ``p_t = 1`` (``stacklevel`` 4: at
    the caller of the function that calls this)."""
    at_one = p_t == 1
    if at_one.any():
        undefined(f"{what} is undefined at threshold probability 1: a false positive would "
                  f"cost infinitely many true positives", stacklevel=stacklevel)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(at_one, np.nan, p_t / (1 - p_t))


def _net_benefit_from_counts(counts, p_t: np.ndarray, rate: np.ndarray):
    """Net benefit at each ``p_t`` and the prevalence, from the counts of a summary."""
    _, tps, fps = operating_points(counts)
    n = tps[-1] + fps[-1]
    # the distinct scores are increasing: those >= p are the last len - searchsorted(p)
    treated_groups = len(counts.values) - np.searchsorted(counts.values, p_t, side="left")
    return (tps[treated_groups] - fps[treated_groups] * rate) / n, tps[-1] / n


def net_benefit(y_true: Any, y_score: Any, *, threshold_probability: Any,
                sample_weight: Any = None, pos_label: Any = None) -> Any:
    """The net benefit of treating the cases whose predicted probability is at least a
    threshold probability.

    ``NB = TP/n − FP/n · p_t/(1 − p_t)``, where TP and FP count the cases with
    ``y_score >= p_t``. The threshold probability ``p_t`` says how many false positives one
    true positive is worth: ``(1 − p_t)/p_t`` of them. NB is in units of true positives per
    case; treating no one has NB 0 and treating everyone
    :func:`net_benefit_treat_all`. ``p_t`` is applied to the scores as they are, so they
    should be calibrated probabilities: a model whose risks are too high or too low is
    judged at the wrong thresholds.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Predicted probabilities of the positive class, in [0, 1].
    threshold_probability : float or array-like
        One threshold probability or a 1-D array of them, each in [0, 1] (keyword-only,
        required).
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights; counts and ``n`` are then sums of weights. ``None``: every
        sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    float or numpy.ndarray
        A float for one threshold probability, an array for an array. ``nan`` with one
        :class:`~evalcore.UndefinedMetricWarning` at ``p_t = 1`` (an infinite exchange rate).

    Raises
    ------
    TypeError
        If an argument is of the wrong kind (strings as scores, a threshold probability
        that is not a number).
    ValueError
        If labels are not binary, scores are not probabilities in [0, 1], lengths differ,
        weights are negative or a threshold probability lies outside [0, 1].

    See Also
    --------
    decision_curve : net benefit at many threshold probabilities, with treat-all.
    net_benefit_treat_all : the net benefit of treating everyone.
    net_benefit_ci : a bootstrap interval for the net benefit.
    evalcore.threshold_by_cost : the threshold of least cost, cost ratio ``p_t/(1 − p_t)``.

    References
    ----------
    Vickers, A. J. and Elkin, E. B. (2006). Decision curve analysis: a novel method for
    evaluating prediction models. *Medical Decision Making*, 26(6), 565–574.

    Peirce, C. S. (1884). The numerical measure of the success of predictions.
    *Science*, 4(93), 453–454.

    Examples
    --------
    At ``p_t = 0.2`` a true positive is worth four false ones; the toy case treats the
    three cases scored 0.2 or more, two of them positive: 2/4 − 1/4 · 1/4.

    >>> import evalcore as ec
    >>> ec.net_benefit([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], threshold_probability=0.2)
    0.4375
    >>> ec.net_benefit([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8],
    ...                threshold_probability=[0.0, 0.5]).tolist()
    [0.5, 0.25]
    """
    _threshold_probabilities(threshold_probability, "threshold_probability")  # before the sort
    return net_benefit_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True),
        threshold_probability=threshold_probability)


def net_benefit_from_groups(groups: TieGroups, *, threshold_probability: Any) -> Any:
    """The net benefit of tie groups (or a ScoreCounts) whose scores are probabilities: the
    kernel of :func:`net_benefit` and of ``ScoreCounts.net_benefit``."""
    p_t, single = _threshold_probabilities(threshold_probability, "threshold_probability")
    groups = _probability_groups(groups)
    if groups is None:
        benefit = np.full(p_t.shape, np.nan)
    else:
        rate = _exchange_rate(p_t, "net benefit", stacklevel=5)
        benefit, _ = _net_benefit_from_counts(groups, p_t, rate)
    return float(benefit[0]) if single else benefit


def net_benefit_treat_all(prevalence: float, *, threshold_probability: Any) -> Any:
    """The net benefit of treating everyone: ``π − (1 − π) · p_t/(1 − p_t)``.

    Every positive is a true positive (TP/n = π) and every negative a false one
    (FP/n = 1 − π). It equals :func:`net_benefit` with every case treated, and is 0 where
    ``p_t = π``: above the prevalence, treating everyone does worse than treating no one.

    Parameters
    ----------
    prevalence : float
        The share of positives π, in [0, 1].
    threshold_probability : float or array-like
        One threshold probability or a 1-D array of them, each in [0, 1] (keyword-only,
        required).

    Returns
    -------
    float or numpy.ndarray
        A float for one threshold probability, an array for an array; ``nan`` with one
        :class:`~evalcore.UndefinedMetricWarning` at ``p_t = 1``.

    Raises
    ------
    TypeError
        If an argument is not a number (or an array of numbers).
    ValueError
        If the prevalence or a threshold probability lies outside [0, 1].

    See Also
    --------
    net_benefit : the net benefit of a model.
    decision_curve : both, at many threshold probabilities.

    References
    ----------
    Vickers, A. J. and Elkin, E. B. (2006). Decision curve analysis: a novel method for
    evaluating prediction models. *Medical Decision Making*, 26(6), 565–574.

    Examples
    --------
    The shared toy case has prevalence 0.5:

    >>> import evalcore as ec
    >>> ec.net_benefit_treat_all(0.5, threshold_probability=0.2)
    0.375
    >>> ec.net_benefit_treat_all(0.5, threshold_probability=[0.5, 0.75]).tolist()
    [0.0, -1.0]
    """
    prevalence = check_fraction(prevalence, "prevalence")
    p_t, single = _threshold_probabilities(threshold_probability, "threshold_probability")
    benefit = prevalence - (1 - prevalence) * _exchange_rate(p_t, "the treat-all net benefit")
    return float(benefit[0]) if single else benefit


def decision_curve(y_true: Any, y_score: Any, *, threshold_probabilities: Any = None,
                   sample_weight: Any = None, pos_label: Any = None) -> DecisionCurve:
    """The decision curve: net benefit against threshold probability, for the model and for
    treating everyone, with the standardized net benefit.

    At each threshold probability ``p_t`` the model treats the cases with
    ``y_score >= p_t``; its net benefit is that of :func:`net_benefit`, treating everyone
    that of :func:`net_benefit_treat_all`, and treating no one has 0. The standardized net
    benefit is NB / π (π the prevalence): the share of the largest possible net benefit
    (that of a perfect classifier, π) the model achieves. All are computed from one summary
    of the data.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Predicted probabilities of the positive class, in [0, 1].
    threshold_probabilities : array-like, default=None
        The threshold probabilities, each in [0, 1]. ``None``: 0, 0.01, ..., 0.99 (those of
        the R and Python ``dcurves`` packages).
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    DecisionCurve
        ``(threshold_probability, net_benefit, treat_all, standardized_net_benefit)``,
        arrays in the order of the threshold probabilities given. ``nan`` with one
        :class:`~evalcore.UndefinedMetricWarning` at ``p_t = 1``, and the standardized net
        benefit all ``nan`` (one warning) when there are no positives. ``to_frame()`` gives
        the table as a pandas DataFrame.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind.
    ValueError
        If labels are not binary, scores are not probabilities in [0, 1], lengths differ,
        weights are negative or a threshold probability lies outside [0, 1].

    See Also
    --------
    net_benefit : the net benefit at given threshold probabilities.
    evalcore.plot_decision_curve : draws the curve.
    evalcore.threshold_by_cost : the least-cost threshold at the cost ratio ``p_t/(1 − p_t)``.

    References
    ----------
    Vickers, A. J. and Elkin, E. B. (2006). Decision curve analysis: a novel method for
    evaluating prediction models. *Medical Decision Making*, 26(6), 565–574.

    Kerr, K. F., Brown, M. D., Zhu, K. and Janes, H. (2016). Assessing the clinical impact
    of risk prediction models with decision curves: guidance for correct interpretation and
    appropriate use. *Journal of Clinical Oncology*, 34(21), 2534–2540.

    Examples
    --------
    >>> import evalcore as ec
    >>> curve = ec.decision_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8],
    ...                           threshold_probabilities=[0.0, 0.2, 0.5])
    >>> curve.net_benefit.tolist(), curve.treat_all.tolist()
    ([0.5, 0.4375, 0.25], [0.5, 0.375, 0.0])
    """
    if threshold_probabilities is not None:                 # checked before the sort
        _threshold_probabilities(threshold_probabilities, "threshold_probabilities")
    return decision_curve_from_groups(validated_tie_groups(
        y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, scale_weights=True),
        threshold_probabilities=threshold_probabilities)


def decision_curve_from_groups(groups: TieGroups, *,
                               threshold_probabilities: Any = None) -> DecisionCurve:
    """The decision curve of tie groups (or a ScoreCounts) whose scores are probabilities:
    the kernel of :func:`decision_curve` and of ``ScoreCounts.decision_curve``."""
    if threshold_probabilities is None:
        threshold_probabilities = np.arange(100) / 100
    p_t, _ = _threshold_probabilities(threshold_probabilities, "threshold_probabilities")
    groups = _probability_groups(groups)
    if groups is None:
        nan = np.full(p_t.shape, np.nan)
        return DecisionCurve(p_t, nan, nan.copy(), nan.copy())
    rate = _exchange_rate(p_t, "net benefit", stacklevel=5)
    benefit, prevalence = _net_benefit_from_counts(groups, p_t, rate)
    treat_all = prevalence - (1 - prevalence) * rate
    if prevalence > 0:
        standardized = benefit / prevalence
    else:
        undefined("the standardized net benefit is undefined: y_true holds no positive "
                  "samples (with nonzero weight)", stacklevel=4)
        standardized = np.full(p_t.shape, np.nan)
    return DecisionCurve(p_t, benefit, treat_all, standardized)


def net_benefit_ci(y_true: Any, y_score: Any, *, threshold_probability: float,
                   level: float = 0.95, n_boot: int = 2000, random_state: Any = None,
                   pos_label: Any = None) -> NetBenefitInterval:
    """The net benefit at one threshold probability with a percentile bootstrap interval.

    The net benefit is a mean over cases: a treated positive adds 1, a treated negative
    subtracts ``p_t/(1 − p_t)``, an untreated case adds 0 (each divided by n). The interval
    resamples the cases with replacement ``n_boot`` times (evalcore's resampling engine,
    that of :func:`evalcore.bootstrap_ci`) and takes the percentiles of the resampled means.
    The threshold probability is held fixed: the interval is for the net benefit of this
    model at this ``p_t`` in the population the cases were drawn from. It takes no
    ``sample_weight``: the bootstrap resamples whole cases.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Predicted probabilities of the positive class, in [0, 1].
    threshold_probability : float
        The threshold probability, in [0, 1) (keyword-only, required).
    level : float, default=0.95
        The confidence level, strictly between 0 and 1.
    n_boot : int, default=2000
        The number of bootstrap resamples.
    random_state : None, int or numpy.random.Generator, default=None
        The seed of the resampling.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    NetBenefitInterval
        ``net_benefit``, ``low``, ``high``, ``level`` and ``method`` (``"percentile
        bootstrap"``), read by name; all ``nan`` with one
        :class:`~evalcore.UndefinedMetricWarning` at ``p_t = 1``.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind.
    ValueError
        If labels are not binary, scores are not probabilities in [0, 1], lengths differ,
        the threshold probability lies outside [0, 1], ``level`` is not strictly between 0
        and 1 or ``n_boot`` is less than 1.

    See Also
    --------
    net_benefit : the net benefit alone, at one or many threshold probabilities.
    evalcore.bootstrap_ci : a bootstrap interval for any metric.

    References
    ----------
    Vickers, A. J., Cronin, A. M., Elkin, E. B. and Gonen, M. (2008). Extensions to
    decision curve analysis, a novel method for evaluating diagnostic tests, prediction
    models and molecular markers. *BMC Medical Informatics and Decision Making*, 8, 53.

    Efron, B. and Tibshirani, R. J. (1993). *An Introduction to the Bootstrap*. Chapman &
    Hall, chapter 13.

    Examples
    --------
    >>> import evalcore as ec
    >>> nb = ec.net_benefit_ci([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8],
    ...                        threshold_probability=0.2, n_boot=500, random_state=0)
    >>> nb.net_benefit, nb.method
    (0.4375, 'percentile bootstrap')
    >>> bool(nb.low <= nb.net_benefit <= nb.high)
    True
    """
    p_t = check_fraction(threshold_probability, "threshold_probability")
    level, n_boot = check_level(level), check_n_boot(n_boot)
    rng = check_random_state(random_state)
    label, score, _ = check_binary_scores(y_true, y_score, pos_label=pos_label)
    check_unit_interval(score.astype(np.float64), "y_score")
    method = "percentile bootstrap"
    rate = _exchange_rate(np.array([p_t]), "net benefit")[0]
    if math.isnan(rate):
        return NetBenefitInterval(math.nan, math.nan, math.nan, level, method)
    # each case's share of n·NB: the net benefit of a resample is the mean of its cases'
    per_case = np.where(score >= p_t, np.where(label == 1, 1.0, -rate), 0.0)

    def statistic(index: np.ndarray) -> float:
        return float(per_case[index].mean())
    result = bootstrap(statistic, label, rng=rng, n_boot=n_boot, level=level,
                       what="net benefit's bootstrap interval")
    return NetBenefitInterval(result.estimate, result.low, result.high, level, method)
