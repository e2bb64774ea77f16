"""Subgroups: one classifier evaluated group by group, each value with its interval.

A model that works on a test set may work less well for some of the people in it. The
question is answered by evaluating the same predictions within each group (a sex, an age
band, students and non-students) with the same metric, each value with its interval, next
to the value on everyone: :func:`by_group`. The fairness criteria of the literature are
gaps between those values: **equalised odds** asks for equal TPR and equal FPR in every
group (Hardt, Price and Srebro 2016), **predictive parity** for equal PPV (Chouldechova
2017), **demographic parity** for an equal share predicted positive. When the groups'
base rates differ, a classifier that makes false positives cannot meet equalised odds and
predictive parity at once (Chouldechova 2017; Kleinberg, Mullainathan and Raghavan 2016): PPV
is fixed by TPR, FPR and the prevalence through Bayes' rule
(:func:`evalcore.ppv_at_prevalence`).

Intervals. A rate (TPR, FPR, PPV, ...) is a share of a count, so it gets Wilson's score
interval (:func:`wilson_interval`), computed per group from the group's counts; the AUC and
any metric given as a callable get a percentile bootstrap from the one resampling engine
(``evalcore/stats/resampling.py``), drawing cases within the group. A small group's interval is
wide, and says so: a gap between two groups is only as sure as the narrower of the two.

Undefined values follow the one policy: a group with no positives has no TPR, one where
nothing is predicted positive no PPV; the value is ``nan``, and one call warns ONCE with an
:class:`~evalcore.UndefinedMetricWarning` naming every group concerned.

The gaps themselves (:func:`~evalcore.equalized_odds_gap`,
:func:`~evalcore.predictive_parity_gap`, :func:`~evalcore.demographic_parity_gap`) are in
:mod:`evalcore.decisions.fairness`: each is one number drawn from :func:`by_group`'s values,
so they sit on top of this module, which knows nothing of them. The functions' docstrings
give the references.
"""

from __future__ import annotations

import math
from typing import Any, Callable, NamedTuple

import numpy as np

from ..core.areas import roc_auc
from ..core.confusion import predict
from ..core.frames import data_frame
from ..core.options import (check_level, check_metric, check_n_boot, check_one_of,
                            check_random_state, check_rule, check_threshold, metric_value)
from ..core.validation import (as_1d, check_binary_predictions, check_binary_scores,
                               check_same_length, shown, undefined)
from ..stats.proportions import wilson_interval
from ..stats.resampling import Evaluation, bootstrap

#: The rates by name: (cells counted as successes, cells of the denominator, what an empty
#: denominator lacks). Cells: tp, fp, fn, tn.
RATES = {
    "tpr": (("tp",), ("tp", "fn"), "no positives"),
    "fnr": (("fn",), ("tp", "fn"), "no positives"),
    "fpr": (("fp",), ("fp", "tn"), "no negatives"),
    "tnr": (("tn",), ("fp", "tn"), "no negatives"),
    "ppv": (("tp",), ("tp", "fp"), "no case predicted positive"),
    "npv": (("tn",), ("fn", "tn"), "no case predicted negative"),
    "prevalence": (("tp", "fn"), ("tp", "fp", "fn", "tn"), "no cases"),
    "selection_rate": (("tp", "fp"), ("tp", "fp", "fn", "tn"), "no cases"),
    "accuracy": (("tp", "tn"), ("tp", "fp", "fn", "tn"), "no cases"),
}

#: The metrics :func:`by_group` knows by name: the rates and the ROC AUC.
METRICS = tuple(RATES) + ("auc",)

_INTERVALS = ("auto", "wilson", "bootstrap", None)

#: The label of the row for all cases together in :meth:`GroupMetric.to_frame`.
OVERALL = "overall"


class GroupRow(NamedTuple):
    """One group's row: ``n`` cases of which ``positives`` are positive, the metric's
    ``value`` and its interval ``(low, high)``."""

    n: int
    positives: int
    value: float
    low: float
    high: float


class GroupMetric(NamedTuple):
    """A metric evaluated within each group (see :func:`by_group`).

    ``groups`` holds the distinct group values, sorted; ``n``, ``positives``, ``value``,
    ``low`` and ``high`` one entry per group in that order; ``method`` names the interval;
    ``overall`` is the row for all cases together.
    """

    metric: str
    groups: np.ndarray
    n: np.ndarray
    positives: np.ndarray
    value: np.ndarray
    low: np.ndarray
    high: np.ndarray
    method: str
    overall: GroupRow

    def gap(self) -> float:
        """The largest difference of the metric between two groups, ``max − min`` over the
        groups (fairlearn's ``MetricFrame.difference()``, ``method="between_groups"``);
        ``nan`` if the metric is undefined in a group (:func:`by_group` warned then).

        >>> import evalcore as ec
        >>> y = [0, 1, 0, 1, 1, 0, 0]
        >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
        >>> g = ["a", "a", "a", "b", "b", "b", "b"]
        >>> ec.by_group("fpr", y, s, g, threshold=0.5).gap()
        0.5
        """
        if self.value.size == 0 or np.isnan(self.value).any():
            return math.nan
        return float(np.max(self.value) - np.min(self.value))

    def to_frame(self):
        """The table as a pandas DataFrame: one row per group and a last row for all cases
        (labelled ``"overall"``, or ``"all groups"`` if a group is called ``"overall"``);
        columns ``group``, ``n``, ``positives``, the metric's value (named after the metric),
        ``low``, ``high`` and ``method``.

        >>> import evalcore as ec
        >>> y = [0, 1, 0, 1, 1, 0, 0]
        >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
        >>> g = ["a", "a", "a", "b", "b", "b", "b"]
        >>> ec.by_group("fpr", y, s, g, threshold=0.5).to_frame().round(3)
             group  n  positives   fpr    low   high  method
        0        a  3          1  0.50  0.095  0.905  Wilson
        1        b  4          2  0.00  0.000  0.658  Wilson
        2  overall  7          3  0.25  0.046  0.699  Wilson
        """
        labels = self.groups.tolist()
        overall = "all groups" if OVERALL in labels else OVERALL
        frame = data_frame({
            "group": labels + [overall],
            "n": np.append(self.n, self.overall.n),
            "positives": np.append(self.positives, self.overall.positives),
            self.metric: np.append(self.value, self.overall.value),
            "low": np.append(self.low, self.overall.low),
            "high": np.append(self.high, self.overall.high),
            "method": [self.method] * (len(labels) + 1),
        })
        return frame


def _group_codes(groups: Any, n: int) -> tuple[np.ndarray, np.ndarray]:
    """The distinct groups (sorted) and each case's index among them."""
    array = as_1d(groups, "groups")
    check_same_length(y_true=np.empty(n), groups=array)
    try:
        names, codes = np.unique(array, return_inverse=True)
    except TypeError as exc:           # values numpy cannot order (dicts, mixed objects)
        raise TypeError(f"groups must hold values that can be sorted (strings, numbers or "
                        f"bools), got {type(array[0]).__name__}: {exc}") from None
    return names, codes.reshape(-1)


def _cells(truth: np.ndarray, pred: np.ndarray, codes: np.ndarray,
           n_groups: int) -> dict[str, np.ndarray]:
    """The confusion-matrix cells per group, as float counts, one more entry for all."""
    cells = {}
    for name, mask in (("tp", (truth == 1) & (pred == 1)), ("fp", (truth == 0) & (pred == 1)),
                       ("fn", (truth == 1) & (pred == 0)), ("tn", (truth == 0) & (pred == 0))):
        per_group = np.bincount(codes, weights=mask, minlength=n_groups)
        cells[name] = np.append(per_group, mask.sum()).astype(np.float64)
    return cells


def _rate_rows(metric: str, cells: dict, level: float, with_interval: bool):
    """Values and Wilson intervals of a rate from the cells; the groups left undefined."""
    numerator, denominator, lacking = RATES[metric]
    k = sum(cells[c] for c in numerator)
    n = sum(cells[c] for c in denominator)
    with np.errstate(invalid="ignore", divide="ignore"):
        value = np.where(n > 0, k / np.where(n > 0, n, 1), np.nan)
    if with_interval:
        interval = wilson_interval(k, n, level=level)
        low, high = interval.low, interval.high
    else:
        low = high = np.full(value.shape, np.nan)
    return value, low, high, lacking


def _resampled_rows(statistic_of: Callable, truth: np.ndarray, codes: np.ndarray,
                    n_groups: int, *, level: float, n_boot: int | None,
                    rng: np.random.Generator, what: str):
    """Value and bootstrap interval of ``statistic_of(index)`` within each group and on all
    cases; the reasons (one per row that has one) for the one warning."""
    value, low, high = (np.full(n_groups + 1, np.nan) for _ in range(3))
    reasons = []
    members = [np.flatnonzero(codes == g) for g in range(n_groups)] + [np.arange(codes.size)]
    for row, index in enumerate(members):
        def statistic(draw: np.ndarray, index=index) -> float:
            return statistic_of(index[draw])
        if n_boot is None:
            with Evaluation(statistic) as evaluation:
                value[row] = evaluation.one(np.arange(index.size))
            if math.isnan(value[row]):
                reasons.append((row, evaluation.said_on_nan or f"{what} is undefined"))
            continue
        result = bootstrap(statistic, truth[index], rng=rng, n_boot=n_boot, level=level,
                           what=f"bootstrap interval of the {what}", why="a class was missing "
                           "from them")
        value[row], low[row], high[row] = result.estimate, result.low, result.high
        if result.warning:
            reasons.append((row, result.warning))
    return value, low, high, reasons


def by_group(metric: str | Callable[[np.ndarray, np.ndarray], float], y_true: Any,
             y_score_or_pred: Any, groups: Any, *, threshold: float | None = None,
             rule: str = ">=", interval: str | None = "auto", level: float = 0.95,
             n_boot: int = 2000, random_state: Any = None, pos_label: Any = None) -> GroupMetric:
    """One metric of the same classifier within each group, with intervals, and on all cases.

    Every case belongs to one group (``groups[i]``); the metric is computed on each group's
    cases alone and on all cases together (the overall row). It takes no ``sample_weight``:
    Wilson's interval is for counts, and each case counts once.

    *Which input.* A rate (``"tpr"``, ``"fpr"``, ``"tnr"``, ``"fnr"``, ``"ppv"``, ``"npv"``,
    ``"prevalence"``, ``"selection_rate"``, ``"accuracy"``) is computed from hard
    predictions: ``y_score_or_pred`` holds predicted labels, coded as ``y_true``, or scores
    together with ``threshold`` (predicted positive when ``score >= threshold``, or ``>``
    with ``rule=">"``). ``"auc"`` (the ROC AUC) and a callable ``metric(y_true, y_score) ->
    float`` receive scores (the labels coded 0/1), such as predicted probabilities for a
    calibration measure.

    *Which interval.* ``"auto"``: Wilson's score interval for a rate (exact counts, no
    resampling), a percentile bootstrap for the AUC and a callable. ``"wilson"`` for a rate
    only; ``"bootstrap"``: ``n_boot`` case resamples drawn within the group (so a group's
    size stays fixed), through the one resampling engine; ``None``: no interval (``low``
    and ``high`` are ``nan``), the fastest. The intervals are per group: each covers its
    own group's value at ``level``; they are not simultaneous over the groups.

    *Undefined values.* A rate whose denominator is empty in a group (TPR in a group with no
    positives, PPV in one where nothing is predicted positive), or an AUC in a group with
    one class, is ``nan`` there, with ONE :class:`~evalcore.UndefinedMetricWarning` for the
    whole call naming the groups; so is a bootstrap interval some of whose resamples lack
    a class (those resamples are left out and counted in the warning).

    Parameters
    ----------
    metric : str or callable
        One of ``"tpr"``, ``"fpr"``, ``"tnr"``, ``"fnr"``, ``"ppv"``, ``"npv"``,
        ``"prevalence"``, ``"selection_rate"``, ``"accuracy"``, ``"auc"``, or a callable
        ``metric(y_true, y_score) -> float``.
    y_true : array-like of shape (n,)
        True binary labels.
    y_score_or_pred : array-like of shape (n,)
        Predicted labels (a rate without ``threshold``) or scores (a rate with
        ``threshold``, ``"auc"``, a callable).
    groups : array-like of shape (n,)
        Each case's group: strings, numbers or bools; at least one group.
    threshold : float, default=None
        For a rate: the threshold that turns scores into predictions. ``None``:
        ``y_score_or_pred`` holds predictions. Not allowed with ``"auc"`` or a callable.
    rule : {">=", ">"}, default=">="
        Positive when ``score >= threshold`` (or ``>``).
    interval : {"auto", "wilson", "bootstrap"} or None, default="auto"
        The interval, as above.
    level : float, default=0.95
        Confidence level of each interval, strictly between 0 and 1.
    n_boot : int, default=2000
        Bootstrap resamples per group (and for all cases), at least 1.
    random_state : None, int or numpy.random.Generator, default=None
        Seed of the bootstrap; the same seed gives the same intervals.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    GroupMetric
        ``(metric, groups, n, positives, value, low, high, method, overall)``: one entry per
        group (sorted), the interval's method and the row for all cases; ``to_frame()``
        gives the table and ``gap()`` the largest difference between two groups.

    Raises
    ------
    ValueError
        If ``metric`` is not a known name, ``interval="wilson"`` is asked for the AUC or a
        callable, ``threshold`` is given with the AUC or a callable, ``groups`` is empty,
        not 1-D or not as long as ``y_true``, ``level`` is not strictly between 0 and 1 or
        ``n_boot`` is below 1; or for bad labels or scores.
    TypeError
        If ``metric`` is neither a str nor callable, a callable returns something other
        than a real number, ``groups`` holds values that cannot be sorted, or an option
        has the wrong type.

    See Also
    --------
    equalized_odds_gap, predictive_parity_gap, demographic_parity_gap : the gaps.
    wilson_interval : the rates' interval.
    bootstrap_ci : a bootstrap interval for any metric on all cases.

    References
    ----------
    M. Hardt, E. Price and N. Srebro (2016), "Equality of opportunity in supervised
    learning", *Advances in Neural Information Processing Systems* 29.

    A. Chouldechova (2017), "Fair prediction with disparate impact: a study of bias in
    recidivism prediction instruments", *Big Data* 5(2), 153-163.

    Examples
    --------
    The slides' seven cases, split into two groups, at the threshold 0.5:

    >>> import evalcore as ec
    >>> y = [0, 1, 0, 1, 1, 0, 0]
    >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> g = ["a", "a", "a", "b", "b", "b", "b"]
    >>> tpr = ec.by_group("tpr", y, s, g, threshold=0.5)
    >>> tpr.groups.tolist(), tpr.value.tolist(), tpr.overall.value
    (['a', 'b'], [1.0, 1.0], 1.0)
    >>> tpr.low.round(3).tolist(), tpr.method
    ([0.207, 0.342], 'Wilson')

    A group with no positives has no TPR: ``nan``, and one warning saying where.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as said:
    ...     warnings.simplefilter("always")
    ...     tpr = ec.by_group("tpr", [0, 0, 1, 1], [0, 1, 1, 1], ["a", "a", "b", "b"])
    >>> tpr.value.tolist(), len(said)
    ([nan, 1.0], 1)
    >>> print(said[0].message)
    TPR is undefined in group 'a': it holds no positives
    """
    name = _check_metric_choice(metric)
    interval = check_one_of(interval, _INTERVALS, "interval")
    level, n_boot = check_level(level), check_n_boot(n_boot)
    rule = check_rule(rule)
    if threshold is not None:
        threshold = check_threshold(threshold)
    rng = check_random_state(random_state)
    is_rate = name in RATES
    if not is_rate and threshold is not None:
        raise ValueError(f"threshold is for a rate computed from predictions; the {name} is "
                         f"computed from the scores themselves: leave threshold=None")
    if not is_rate and interval == "wilson":
        raise ValueError(f"interval='wilson' is for a rate (a share of a count); the {name} "
                         f"needs interval='bootstrap' (or 'auto')")
    method = {"auto": "Wilson" if is_rate else f"bootstrap percentile ({n_boot} resamples "
              f"within each group)", "wilson": "Wilson", "bootstrap": f"bootstrap percentile "
              f"({n_boot} resamples within each group)", None: "none"}[interval]

    if is_rate:
        if threshold is None:
            truth, pred, _ = check_binary_predictions(y_true, y_score_or_pred,
                                                      pos_label=pos_label)
        else:
            truth, score, _ = check_binary_scores(y_true, y_score_or_pred, pos_label=pos_label)
            pred = predict(score, threshold, rule=rule)
    else:
        truth, score, _ = check_binary_scores(y_true, y_score_or_pred, pos_label=pos_label)
    names, codes = _group_codes(groups, truth.shape[0])
    n_groups = names.size
    cells = _cells(truth, pred if is_rate else truth, codes, n_groups)
    n = cells["tp"] + cells["fp"] + cells["fn"] + cells["tn"]
    positives = cells["tp"] + cells["fn"]

    label = name.upper() if is_rate and name in ("tpr", "fpr", "tnr", "fnr", "ppv", "npv") \
        else name
    if is_rate and interval != "bootstrap":
        value, low, high, lacking = _rate_rows(name, cells, level, interval is not None)
        empty = [row for row in range(n_groups + 1) if math.isnan(value[row])]
        if empty:
            undefined(f"{label} is undefined {_places(empty, names)}: "
                      f"{'they hold' if len(empty) > 1 else 'it holds'} {lacking}")
    else:
        if is_rate:
            numerator, denominator, _ = RATES[name]
            statistic_of = _rate_statistic(numerator, denominator, truth, pred)
        elif name == "auc":
            statistic_of = _callable_statistic(roc_auc, truth, score)
        else:
            statistic_of = _callable_statistic(metric, truth, score)
        value, low, high, reasons = _resampled_rows(
            statistic_of, truth, codes, n_groups, level=level,
            n_boot=None if interval is None else n_boot, rng=rng, what=label)
        if reasons:
            undefined(f"{label} by group: " + "; ".join(
                f"{_places([row], names)}: {reason}" for row, reason in reasons))
    overall = GroupRow(int(n[-1]), int(positives[-1]), float(value[-1]), float(low[-1]),
                       float(high[-1]))
    return GroupMetric(name, names, n[:-1].astype(np.int64), positives[:-1].astype(np.int64),
                       value[:-1], low[:-1], high[:-1], method, overall)


def _check_metric_choice(metric: Any) -> str:
    """The metric's name: one of METRICS, or a callable's ``__name__``."""
    if isinstance(metric, str):
        return check_one_of(metric, METRICS, "metric")
    check_metric(metric)
    return getattr(metric, "__name__", "metric")


def _rate_statistic(numerator, denominator, truth, pred):
    cell_masks = {"tp": (truth == 1) & (pred == 1), "fp": (truth == 0) & (pred == 1),
                  "fn": (truth == 1) & (pred == 0), "tn": (truth == 0) & (pred == 0)}

    def statistic(index: np.ndarray) -> float:
        k = sum(int(np.count_nonzero(cell_masks[c][index])) for c in numerator)
        m = sum(int(np.count_nonzero(cell_masks[c][index])) for c in denominator)
        return k / m if m else math.nan
    return statistic


def _callable_statistic(metric, truth, score):
    def statistic(index: np.ndarray) -> float:
        return metric_value(metric, truth[index], score[index])
    return statistic


def _places(rows: list, names: np.ndarray) -> str:
    """Where ``rows`` are: "in group 'a'", "in groups 'a', 'c' and on all cases"."""
    groups = [shown(names[row].item()) for row in rows if row < names.size]
    place = [f"in group{'s' * (len(groups) > 1)} {', '.join(groups)}"] if groups else []
    return " and ".join(place + ["on all cases"] * (names.size in rows))
