"""Thresholds chosen under a constraint or for an objective: the largest TPR at a most FPR
(empirical, or guaranteed for new data by the umbrella algorithm), the largest recall at a
least precision, and the best F-beta; each returns a :class:`ThresholdChoice`.

Why the cut falls here: these choices share their candidates (every achievable set of top tie
groups, with its threshold under the rule asked for) and their result, which reports the
threshold's FPR, TPR and precision; the choices by cost and by Youden's J, which report an
:class:`~evalcore.OperatingPoint`, are in :mod:`evalcore.decisions.costs`. Each choice is made
on the tie groups by a kernel (:func:`threshold_at_fpr_from_groups`, ...), which the array
function calls on its checked and sorted arrays and :class:`~evalcore.ScoreCounts`' method on
the summary.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from ..core.curves import threshold_scalar
from ..core.options import check_fraction, check_positive, check_real, check_rule
from ..core.ranking import TieGroups, is_weighted, operating_points, validated_tie_groups
from ..core.sklearn_keywords import explains_sklearn_keywords
from ..core.validation import both_classes, undefined
from .guarantees import fpr_violation_probability, min_negatives_for_guarantee, umbrella_order


class ThresholdChoice(NamedTuple):
    """A threshold chosen under a constraint or for an objective, and what it achieves.

    Under the function's ``rule``, the cases called positive are exactly those with
    ``score >= threshold`` (rule ``">="``) or ``score > threshold`` (rule ``">"``).
    ``value`` is the quantity optimized: the TPR (:func:`threshold_at_fpr`), the recall
    (:func:`threshold_at_precision`) or F-beta (:func:`threshold_max_fbeta`).

    The rates come FPR first, as in :class:`~evalcore.OperatingPoint` and the curves
    (``roc_curve`` returns ``fpr, tpr, thresholds``), so that unpacking one result like
    another never swaps them.
    """

    threshold: float
    fpr: float
    tpr: float
    precision: float
    value: float


def _candidates(groups, rule: str):
    """Every achievable positive set (top tie groups), with its threshold under ``rule``
    (checked).

    Candidate k calls the k highest tie groups positive (k = 0: nothing). Under ``">="``
    its threshold is the lowest score it contains (``inf`` for nothing); under ``">"`` it
    is the next lower distinct score (``-inf`` below the lowest), so that the same cases
    are called positive.
    """
    thresholds, tps, fps = operating_points(groups)
    if rule == ">":
        thresholds = np.append(thresholds[1:], -np.inf)
    return thresholds, tps, fps


def _choice(thresholds, tps, fps, k: int, value: float, *, stacklevel: int = 5) -> ThresholdChoice:
    total_pos, total_neg = tps[-1], fps[-1]
    called = tps[k] + fps[k]
    if called == 0:
        precision = undefined("the precision at the chosen threshold is undefined: it calls "
                              "no case positive (0/0)", stacklevel=stacklevel)
    else:
        precision = tps[k] / called
    return ThresholdChoice(threshold_scalar(thresholds[k]), float(fps[k] / total_neg),
                           float(tps[k] / total_pos), float(precision), float(value))


_NAN_CHOICE = ThresholdChoice(math.nan, math.nan, math.nan, math.nan, math.nan)


class GuaranteedThresholdChoice(NamedTuple):
    """A threshold whose true FPR is at most ``max_fpr`` with probability ``confidence`` (the
    Neyman-Pearson umbrella algorithm), and what it achieves on the data it was chosen on.

    The first five fields are those of :class:`ThresholdChoice`; ``order`` is the order k
    of the negative score the cases must exceed (the k-th smallest), ``violation_probability``
    the bound P(Binomial(n, 1 − α) ≥ k) on the probability that the true FPR exceeds α
    (at most 1 − ``confidence``).
    """

    threshold: float
    fpr: float
    tpr: float
    precision: float
    value: float
    order: int
    violation_probability: float


@explains_sklearn_keywords
def threshold_at_fpr(y_true: Any, y_score: Any, max_fpr: float, *, rule: str = ">=",
                     pos_label: Any = None, confidence: float | None = None
                     ) -> ThresholdChoice | GuaranteedThresholdChoice:
    """The Neyman-Pearson threshold: the largest TPR whose FPR is at most ``max_fpr``, on this
    data (``confidence=None``) or with a guarantee for new data (``confidence=1 − δ``).

    **Empirical** (``confidence=None``). Among the operating points of the empirical ROC
    curve (tied scores form one threshold, so a tie group is called positive or negative as
    a whole) it keeps those with FPR <= ``max_fpr`` and returns the one with the highest TPR;
    among equal TPRs, the lowest FPR (the highest threshold). Calling nothing positive (FPR 0)
    is always allowed. On new cases the true FPR of this choice exceeds ``max_fpr`` about
    half the time (0.55 with 500 negatives at ``max_fpr=0.05``).

    **Guaranteed** (``confidence`` given). The umbrella algorithm of Tong, Feng and Li (2018):
    with the n negatives' scores sorted, the cases scoring **strictly above** the k-th
    smallest, k = :func:`~evalcore.umbrella_order` (n, ``max_fpr``, confidence), are called
    positive. If the negatives are a sample of the population the rule will meet (and were
    not used to fit the scores), its true FPR exceeds ``max_fpr`` with probability at most
    1 − ``confidence``, whatever the score distribution, ties included. The threshold is read
    under ``rule`` as always: under ``">"`` it is that k-th smallest negative score itself.
    The positives only give the TPR and precision reported.

    It takes no ``sample_weight``: the choice is made on unweighted counts. A weighted
    ScoreCounts' :meth:`~evalcore.ScoreCounts.threshold_at_fpr` gives the empirical choice on
    its weights (the FPR a share of the negatives' weight); the guarantee needs counts of
    cases and refuses it.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    max_fpr : float
        The largest false positive rate tolerated, in [0, 1] (in (0, 1] with a
        ``confidence``).
    rule : {">=", ">"}, default=">="
        How the returned threshold is read: ``score >= threshold`` or ``score > threshold``
        is called positive. The chosen cases are the same; only the threshold differs.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.
    confidence : float, default=None
        ``None``: the empirical choice. A probability 1 − δ in (0, 1): the guaranteed choice.

    Returns
    -------
    ThresholdChoice or GuaranteedThresholdChoice
        ``(threshold, fpr, tpr, precision, value)`` with ``value`` the TPR, the rates those
        of the data given; with ``confidence``, a :class:`GuaranteedThresholdChoice` that
        adds the ``order`` k and the ``violation_probability`` bound. All ``nan`` with one
        :class:`~evalcore.UndefinedMetricWarning` if a class is missing; ``precision`` is
        ``nan`` (with the warning) when the choice calls nothing positive. The threshold
        keeps the scores' precision (an ``np.longdouble`` for integers beyond 2**53).

    Raises
    ------
    TypeError
        If an argument is of the wrong kind (``max_fpr`` or ``confidence`` not a real number,
        ``rule`` not a string); ``sample_weight`` has a message giving the choice on weights.
    ValueError
        If ``max_fpr`` is outside [0, 1] or NaN, ``confidence`` outside (0, 1), ``rule`` is
        not ">=" or ">", or the labels or scores break their rules; with ``confidence``, if
        ``max_fpr`` is 0 or there are fewer negatives than
        :func:`~evalcore.min_negatives_for_guarantee` (the message gives the minimum).

    See Also
    --------
    umbrella_order : the order statistic behind ``confidence``.
    threshold_at_precision : the largest recall at a least precision.
    threshold_max_fbeta : the best F-beta.
    evalcore.specificity_at_sensitivity : the same question with a confidence interval.

    References
    ----------
    C. Scott and R. Nowak (2005), "A Neyman-Pearson approach to statistical learning",
    *IEEE Trans. Information Theory* 51(11), 3806-3819.

    X. Tong, Y. Feng and J. J. Li (2018), "Neyman-Pearson classification algorithms and NP
    receiver operating characteristics", *Science Advances* 4(2), eaao1659.

    Examples
    --------
    >>> import evalcore as ec
    >>> y, s = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    >>> np_choice = ec.threshold_at_fpr(y, s, 0.5)
    >>> np_choice.threshold, np_choice.fpr, np_choice.tpr, round(np_choice.precision, 4)
    (0.35, 0.5, 1.0, 0.6667)
    >>> ec.threshold_at_fpr(y, s, 0.25, rule=">")
    ThresholdChoice(threshold=0.4, fpr=0.0, tpr=0.5, precision=1.0, value=0.5)

    A guarantee needs enough negatives: with 2, an FPR of at most 0.8 holds with
    probability 0.96 only above the larger of them (the 2nd smallest):

    >>> sure = ec.threshold_at_fpr(y, s, 0.8, confidence=0.95, rule=">")
    >>> sure.threshold, sure.order, round(sure.violation_probability, 4)
    (0.4, 2, 0.04)
    """
    _check_fpr_options(max_fpr, confidence, rule)     # before the sort
    return threshold_at_fpr_from_groups(validated_tie_groups(y_true, y_score,
                                                             pos_label=pos_label),
                                        max_fpr, rule=rule, confidence=confidence)


def _check_fpr_options(max_fpr: Any, confidence: Any, rule: Any):
    if confidence is None:
        return check_fraction(max_fpr, "max_fpr"), None, check_rule(rule)
    return (check_real(max_fpr, "max_fpr", low=0.0, high=1.0, low_open=True),
            check_real(confidence, "confidence", low=0.0, high=1.0, low_open=True,
                       high_open=True), check_rule(rule))


def threshold_at_fpr_from_groups(groups: TieGroups, max_fpr: float, *, rule: str = ">=",
                                 confidence: float | None = None
                                 ) -> ThresholdChoice | GuaranteedThresholdChoice:
    """The Neyman-Pearson threshold of tie groups (or a ScoreCounts), empirical or
    guaranteed: the kernel of :func:`threshold_at_fpr` and of
    ``ScoreCounts.threshold_at_fpr``. A guarantee counts cases: weights are refused."""
    max_fpr, confidence, rule = _check_fpr_options(max_fpr, confidence, rule)
    if confidence is not None and is_weighted(groups):
        raise ValueError("confidence needs an unweighted ScoreCounts: the guarantee counts "
                         "negatives, which weights do not give")
    thresholds, tps, fps = _candidates(groups, rule)
    if confidence is not None:
        return _guaranteed(thresholds, tps, fps, max_fpr, confidence)
    if not both_classes(tps[-1], fps[-1], "the Neyman-Pearson threshold", stacklevel=5):
        return _NAN_CHOICE
    # the FPR as it is reported (fp / N), so that FPR 0.29 passes max_fpr=0.29 (0.29·100 < 29)
    feasible = fps / fps[-1] <= max_fpr
    # tps rise along the candidates: the first candidate reaching the best feasible TPR
    best = tps[feasible].max()
    k = int(np.flatnonzero(feasible & (tps == best))[0])
    return _choice(thresholds, tps, fps, k, tps[k] / tps[-1])


def _guaranteed(thresholds, tps, fps, max_fpr: float, confidence: float
                ) -> GuaranteedThresholdChoice:
    """The umbrella choice among the candidates: everything strictly above the k-th smallest
    negative score, that is the top tie groups above the group holding it."""
    n_negatives = int(fps[-1])
    if not both_classes(tps[-1], fps[-1], "the guaranteed Neyman-Pearson threshold",
                        stacklevel=6):
        return GuaranteedThresholdChoice(*_NAN_CHOICE, math.nan, math.nan)
    least = min_negatives_for_guarantee(max_fpr, confidence=confidence)
    if n_negatives < least:
        raise ValueError(f"y_true must hold at least {least} negatives for an FPR of at most "
                         f"{max_fpr!r} with confidence {confidence!r} (the umbrella algorithm's "
                         f"minimum, 1 - confidence >= (1 - max_fpr)**n); it holds {n_negatives}")
    order = umbrella_order(n_negatives, max_fpr, confidence=confidence)
    # the k-th smallest negative is the (n - k + 1)-th largest: the first candidate whose
    # negatives reach that many holds it; the one before calls only scores above it
    holding = int(np.searchsorted(fps, n_negatives - order + 1, side="left"))
    k = holding - 1
    choice = _choice(thresholds, tps, fps, k, tps[k] / tps[-1], stacklevel=6)
    return GuaranteedThresholdChoice(*choice, order,
                                     fpr_violation_probability(n_negatives, order, max_fpr))


@explains_sklearn_keywords
def threshold_at_precision(y_true: Any, y_score: Any, min_precision: float, *, rule: str = ">=",
                           pos_label: Any = None) -> ThresholdChoice:
    """The threshold with the largest recall whose precision is at least ``min_precision``.

    Among the thresholds that call at least one case positive (tied scores form one
    threshold) it keeps those with precision >= ``min_precision`` and returns the one with
    the highest recall; among equal recalls, the highest threshold (the highest precision).
    It takes no ``sample_weight``: the choice is made on unweighted counts (a weighted
    ScoreCounts' :meth:`~evalcore.ScoreCounts.threshold_at_precision` gives the choice on its
    weights).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    min_precision : float
        The smallest precision tolerated, in [0, 1].
    rule : {">=", ">"}, default=">="
        How the returned threshold is read (see :func:`threshold_at_fpr`).
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    ThresholdChoice
        ``(threshold, fpr, tpr, precision, value)`` with ``value`` the recall (= TPR). All
        ``nan`` with one :class:`~evalcore.UndefinedMetricWarning` if a class is missing or
        no threshold reaches ``min_precision``.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind; ``sample_weight`` has a message giving the
        choice on weights.
    ValueError
        If ``min_precision`` is outside [0, 1] or NaN, ``rule`` is not ">=" or ">", or the
        labels or scores break their rules.

    See Also
    --------
    threshold_at_fpr : the largest TPR at a most FPR.
    threshold_max_fbeta : the best F-beta.

    Examples
    --------
    >>> import evalcore as ec
    >>> y, s = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    >>> choice = ec.threshold_at_precision(y, s, 0.6)
    >>> choice.threshold, choice.tpr, round(choice.precision, 4)
    (0.35, 1.0, 0.6667)
    >>> ec.threshold_at_precision(y, s, 0.9).threshold
    0.8
    """
    check_fraction(min_precision, "min_precision")      # before the sort
    check_rule(rule)
    return threshold_at_precision_from_groups(validated_tie_groups(y_true, y_score,
                                                                   pos_label=pos_label),
                                              min_precision, rule=rule)


def meets_precision(tps: Any, called: Any, min_precision: float) -> Any:
    """Whether ``tps`` true positives among ``called`` cases called positive reach precision
    ``min_precision``: ``tp >= p·called``, compared on the counts rather than on the rounded
    ratio, with a relative slack of 1e-12 (so that, say, 97 of 100 meets 0.97); nothing
    called positive has no precision and does not. Arrays or scalars alike: the rule of
    :func:`threshold_at_precision` and of evalcore.sklearn_scorers'
    ``recall_at_precision_scorer``."""
    return (called > 0) & (tps >= min_precision * called * (1 - 1e-12))


def threshold_at_precision_from_groups(groups: TieGroups, min_precision: float, *,
                                       rule: str = ">=") -> ThresholdChoice:
    """The threshold with the largest recall at a least precision on tie groups (or a
    ScoreCounts): the kernel of :func:`threshold_at_precision` and of
    ``ScoreCounts.threshold_at_precision``."""
    min_precision = check_fraction(min_precision, "min_precision")
    thresholds, tps, fps = _candidates(groups, check_rule(rule))
    if not both_classes(tps[-1], fps[-1], "the threshold at a precision", stacklevel=5):
        return _NAN_CHOICE
    called = tps + fps
    with np.errstate(invalid="ignore", divide="ignore"):
        precision = np.where(called > 0, tps / np.where(called > 0, called, 1), -1.0)
    feasible = meets_precision(tps, called, min_precision)
    if not feasible.any():
        undefined(f"no threshold reaches precision {min_precision!r}: the best is "
                  f"{precision.max():.6g}", stacklevel=4)
        return _NAN_CHOICE
    best = tps[feasible].max()
    k = int(np.flatnonzero(feasible & (tps == best))[0])
    return _choice(thresholds, tps, fps, k, tps[k] / tps[-1])


def threshold_max_fbeta(y_true: Any, y_score: Any, *, beta: float = 1.0, rule: str = ">=",
                        pos_label: Any = None) -> ThresholdChoice:
    """The threshold that maximizes F-beta, ``(1 + β²)·TP / ((1 + β²)·TP + β²·FN + FP)``.

    Every threshold of the data is a candidate (tied scores form one threshold); ties in
    F-beta go to the highest threshold. β > 1 weighs recall more, β < 1 precision. It takes
    no ``sample_weight``: F-beta is computed from unweighted counts (a weighted form is not
    implemented).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    beta : float, default=1.0
        Positive and finite; 1 gives the F1 score. A β whose square overflows gives the
        recall, one whose square underflows the precision (the limits).
    rule : {">=", ">"}, default=">="
        How the returned threshold is read (see :func:`threshold_at_fpr`).
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    ThresholdChoice
        ``(threshold, fpr, tpr, precision, value)`` with ``value`` the F-beta score. All
        ``nan`` with one :class:`~evalcore.UndefinedMetricWarning` if a class is missing.

    Raises
    ------
    TypeError
        If an argument is of the wrong kind.
    ValueError
        If ``beta`` is not positive and finite, ``rule`` is not ">=" or ">", or the labels
        or scores break their rules.

    See Also
    --------
    threshold_at_precision : the largest recall at a least precision.
    threshold_at_fpr : the largest TPR at a most FPR.

    Examples
    --------
    >>> import evalcore as ec
    >>> y, s = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    >>> best = ec.threshold_max_fbeta(y, s)
    >>> best.threshold, best.fpr, best.tpr, round(best.value, 4)
    (0.35, 0.5, 1.0, 0.8)
    >>> ec.threshold_max_fbeta(y, s, beta=0.5, rule=">").threshold
    0.4
    """
    check_positive(beta, "beta")        # before the sort
    check_rule(rule)
    return threshold_max_fbeta_from_groups(validated_tie_groups(y_true, y_score,
                                                                pos_label=pos_label),
                                           beta=beta, rule=rule)


def threshold_max_fbeta_from_groups(groups: TieGroups, *, beta: float = 1.0,
                                    rule: str = ">=") -> ThresholdChoice:
    """The threshold with the best F-beta on tie groups (or a ScoreCounts): the kernel of
    :func:`threshold_max_fbeta` and of ``ScoreCounts.threshold_max_fbeta``."""
    beta = check_positive(beta, "beta")
    thresholds, tps, fps = _candidates(groups, check_rule(rule))
    if not both_classes(tps[-1], fps[-1], "the F-beta threshold", stacklevel=5):
        return _NAN_CHOICE
    b2 = beta * beta
    if b2 == 0:     # β² below the smallest float: F-beta is the precision, 0 where nothing
        called = tps + fps                  # is called positive (its limit as β → 0)
        fbeta = tps / np.where(called > 0, called, 1)
    elif b2 <= 1e150:
        fbeta = (1 + b2) * tps / ((1 + b2) * tps + b2 * (tps[-1] - tps) + fps)
    else:   # divided through by 1 + β², so that a huge β gives the recall, not inf/inf
        share = 1 / (1 + b2)
        fbeta = tps / (tps + (1 - share) * (tps[-1] - tps) + share * fps)
    k = int(np.argmax(fbeta))
    return _choice(thresholds, tps, fps, k, fbeta[k])
