"""The fairness criteria as gaps between groups: equalised odds, predictive parity and
demographic parity, each one number.

Each criterion asks that a rate be the same in every group: TPR and FPR for **equalised
odds** (Hardt, Price and Srebro 2016), PPV for **predictive parity** (Chouldechova 2017), the
share predicted positive for **demographic parity**. Its gap is the largest difference of
that rate between two groups (the larger of the two for equalised odds), as fairlearn's
``*_difference`` functions with ``method="between_groups"`` compute it; 0 means the criterion
holds on these cases. When the groups' base rates differ, a classifier that makes false
positives cannot close the equalised odds gap and the predictive parity gap at once
(Chouldechova 2017; Kleinberg, Mullainathan and Raghavan 2016).

Why the cut falls here: evaluating one metric group by group, with its intervals, is
:func:`evalcore.by_group` (:mod:`evalcore.decisions.subgroups`); a gap is a summary of such
values, read without intervals, that shares :func:`~evalcore.by_group`'s checks and folds its
warnings into one. This module builds on that one and adds only the criteria.
"""

from __future__ import annotations

import math
import warnings
from typing import Any

from ..core.validation import UndefinedMetricWarning, undefined
from .subgroups import by_group


def _gap(metrics: tuple[str, ...], y_true, y_pred, groups, threshold, rule, pos_label,
         what: str) -> float:
    """The largest of the metrics' between-group gaps, with ONE warning if undefined."""
    results = []
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        for metric in metrics:
            results.append(by_group(metric, y_true, y_pred, groups, threshold=threshold,
                                    rule=rule, interval=None, pos_label=pos_label))
    reasons = [str(w.message) for w in said if issubclass(w.category, UndefinedMetricWarning)]
    for w in said:
        if not issubclass(w.category, UndefinedMetricWarning):
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
    gaps = [result.gap() for result in results]
    if any(math.isnan(gap) for gap in gaps):
        return undefined(f"the {what} is undefined: {'; '.join(reasons)}", stacklevel=4)
    return float(max(gaps))


def equalized_odds_gap(y_true: Any, y_pred: Any, groups: Any, *,
                       threshold: float | None = None, rule: str = ">=",
                       pos_label: Any = None) -> float:
    """The equalised odds gap: the larger of the TPR gap and the FPR gap between groups.

    Equalised odds (Hardt, Price and Srebro 2016) asks that the prediction be independent of
    the group given the true class: the same TPR and the same FPR in every group. The gap is
    ``max(max_g TPR_g − min_g TPR_g, max_g FPR_g − min_g FPR_g)``, fairlearn's
    ``equalized_odds_difference`` (``method="between_groups"``, ``agg="worst_case"``). 0
    means equalised odds hold on these cases.

    Parameters
    ----------
    y_true, y_pred, groups : array-like of shape (n,)
        True labels; predicted labels coded as ``y_true`` (or scores with ``threshold``);
        each case's group.
    threshold : float, default=None
        Turns scores into predictions; ``None``: ``y_pred`` holds predictions.
    rule : {">=", ">"}, default=">="
        Positive when ``score >= threshold`` (or ``>``).
    pos_label : int, float, bool or str, default=None
        The positive label, as in :func:`by_group`.

    Returns
    -------
    float
        The gap, in [0, 1]; ``nan`` with one :class:`~evalcore.UndefinedMetricWarning` if a
        group has no positives or no negatives.

    Raises
    ------
    ValueError, TypeError
        For bad input, as :func:`by_group`.

    See Also
    --------
    by_group : TPR and FPR per group, with intervals.
    predictive_parity_gap, demographic_parity_gap : the other criteria.

    References
    ----------
    M. Hardt, E. Price and N. Srebro (2016), "Equality of opportunity in supervised
    learning", *Advances in Neural Information Processing Systems* 29.

    Examples
    --------
    >>> import evalcore as ec
    >>> y = [0, 1, 0, 1, 1, 0, 0]
    >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> g = ["a", "a", "a", "b", "b", "b", "b"]
    >>> ec.equalized_odds_gap(y, s, g, threshold=0.5)
    0.5
    """
    return _gap(("tpr", "fpr"), y_true, y_pred, groups, threshold, rule, pos_label,
                "equalised odds gap")


def predictive_parity_gap(y_true: Any, y_pred: Any, groups: Any, *,
                          threshold: float | None = None, rule: str = ">=",
                          pos_label: Any = None) -> float:
    """The predictive parity gap: the largest difference in PPV (precision) between groups.

    Predictive parity (Chouldechova 2017) asks that a positive prediction mean the same in
    every group: equal PPV. When the groups' prevalences differ and the classifier errs,
    it cannot hold together with equal TPR and FPR (Kleinberg, Mullainathan and Raghavan
    2016): by Bayes' rule PPV is fixed by TPR, FPR and the prevalence
    (:func:`evalcore.ppv_at_prevalence`).

    Parameters
    ----------
    y_true, y_pred, groups : array-like of shape (n,)
        True labels; predicted labels coded as ``y_true`` (or scores with ``threshold``);
        each case's group.
    threshold : float, default=None
        Turns scores into predictions; ``None``: ``y_pred`` holds predictions.
    rule : {">=", ">"}, default=">="
        Positive when ``score >= threshold`` (or ``>``).
    pos_label : int, float, bool or str, default=None
        The positive label, as in :func:`by_group`.

    Returns
    -------
    float
        ``max_g PPV_g − min_g PPV_g``; ``nan`` with one
        :class:`~evalcore.UndefinedMetricWarning` if nothing is predicted positive in a
        group.

    Raises
    ------
    ValueError, TypeError
        For bad input, as :func:`by_group`.

    See Also
    --------
    by_group, equalized_odds_gap, evalcore.ppv_at_prevalence

    References
    ----------
    A. Chouldechova (2017), "Fair prediction with disparate impact: a study of bias in
    recidivism prediction instruments", *Big Data* 5(2), 153-163.

    J. Kleinberg, S. Mullainathan and M. Raghavan (2017), "Inherent trade-offs in the fair
    determination of risk scores", *ITCS*; arXiv:1609.05807 (2016).

    Examples
    --------
    >>> import evalcore as ec
    >>> y = [0, 1, 0, 1, 1, 0, 0]
    >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> g = ["a", "a", "a", "b", "b", "b", "b"]
    >>> ec.predictive_parity_gap(y, s, g, threshold=0.5)
    0.5
    """
    return _gap(("ppv",), y_true, y_pred, groups, threshold, rule, pos_label,
                "predictive parity gap")


def demographic_parity_gap(y_true: Any, y_pred: Any, groups: Any, *,
                           threshold: float | None = None, rule: str = ">=",
                           pos_label: Any = None) -> float:
    """The demographic parity gap: the largest difference between groups in the share
    predicted positive (the selection rate).

    Demographic parity asks for the same selection rate in every group, whatever their
    base rates; fairlearn's ``demographic_parity_difference``. The true labels are not used
    by the criterion; ``y_true`` is still checked, so that predictions coded by the labels
    (``pos_label``) are read the same way as everywhere.

    Parameters
    ----------
    y_true, y_pred, groups : array-like of shape (n,)
        True labels; predicted labels coded as ``y_true`` (or scores with ``threshold``);
        each case's group.
    threshold : float, default=None
        Turns scores into predictions; ``None``: ``y_pred`` holds predictions.
    rule : {">=", ">"}, default=">="
        Positive when ``score >= threshold`` (or ``>``).
    pos_label : int, float, bool or str, default=None
        The positive label, as in :func:`by_group`.

    Returns
    -------
    float
        ``max_g − min_g`` of the share predicted positive, in [0, 1].

    Raises
    ------
    ValueError, TypeError
        For bad input, as :func:`by_group`.

    See Also
    --------
    by_group, equalized_odds_gap, predictive_parity_gap

    References
    ----------
    M. Hardt, E. Price and N. Srebro (2016), "Equality of opportunity in supervised
    learning", *Advances in Neural Information Processing Systems* 29.

    Examples
    --------
    >>> import evalcore as ec
    >>> y = [0, 1, 0, 1, 1, 0, 0]
    >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> g = ["a", "a", "a", "b", "b", "b", "b"]
    >>> round(ec.demographic_parity_gap(y, s, g, threshold=0.5), 4)
    0.1667
    """
    return _gap(("selection_rate",), y_true, y_pred, groups, threshold, rule, pos_label,
                "demographic parity gap")
