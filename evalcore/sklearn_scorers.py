"""Scorers for scikit-learn's ``TunedThresholdClassifierCV``: the largest recall at a least
precision, the largest TPR at a most FPR, the least expected cost and the largest net benefit.

``TunedThresholdClassifierCV`` tunes the threshold of a fitted classifier's scores (its
``predict_proba`` column or ``decision_function``). On each validation fold it calls the
scorer's metric once per candidate threshold θ, on the hard predictions ``score >= θ``
(evalcore's default rule, so a threshold evalcore returns gives the tuner's counts); it
interpolates each fold's scores onto one grid of thresholds, averages them over the folds,
takes the first threshold of the grid with the largest mean and refits the classifier. Each
function here returns a scorer made by ``sklearn.metrics.make_scorer`` (the tuner reads the
metric and its options from such an object, so a plain callable would not do), with three
rules:

* **a constraint is a finite penalty.** A threshold that breaks the constraint scores
  ``-1 - shortfall`` (the shortfall: how far the precision falls below ``min_precision``, or
  the FPR rises above ``max_fpr``, at most 1): below -1, never ``-inf`` (an infinite score
  would make the tuner's interpolated means ``-inf`` or ``nan``), while every threshold that
  meets it scores its recall or TPR, at least 0. On each fold every threshold that meets the
  constraint beats every one that breaks it, and of two that break it the nearer miss scores
  higher, so the tuner still returns the best it can when nothing meets the constraint (its
  ``best_score_`` is then below -1). Averaged over K folds, breaking the constraint on one
  fold costs the mean more than 1/K against a threshold that keeps it there, but a threshold
  that does better enough on the other folds can still win: the tuner keeps the constraint
  on most folds, not necessarily on every one.
* **ties go to the highest threshold**, as in evalcore's own choices. The tuner takes the
  *first* (lowest) of equal means; of two thresholds with the same recall, the lower one only
  adds false positives. So each scorer subtracts 10⁻⁹ times the share of cases called
  positive (times the larger cost, or the exchange rate when above 1, for the cost and the
  net benefit): of equal values the one calling fewer cases positive wins, and values that
  differ by more than that keep their order. A score is off its metric by at most that.
* **no guarantee.** A threshold averaged over folds and moved onto a refitted classifier
  keeps no promise for new data. For an FPR that holds with a stated probability, fit the
  classifier, score a held-out calibration set and use evalcore's umbrella choice there,
  ``ec.threshold_at_fpr(y_cal, s_cal, max_fpr, confidence=0.95)``, then deploy its threshold
  with ``sklearn.model_selection.FixedThresholdClassifier`` (its rule is ``>=`` too).

Install with ``pip install evalcore[sklearn]``; ``import evalcore`` never imports
scikit-learn, only this module does.

See Also
--------
evalcore.threshold_at_precision, evalcore.threshold_at_fpr, evalcore.threshold_by_cost :
    the same choices on one set of scores (the tests hold the tuner to them on one split).
"""

from __future__ import annotations

from typing import Any

try:
    from sklearn.metrics import make_scorer
except ImportError as exc:                      # pragma: no cover - the extra is installed
    raise ImportError("evalcore.sklearn_scorers needs scikit-learn: "
                      "pip install evalcore[sklearn]") from exc

from .core.confusion import ConfusionMatrix, confusion_matrix
from .core.options import check_fraction, check_positive, check_real
from .decisions.threshold_choices import meets_precision

__all__ = ["recall_at_precision_scorer", "tpr_at_fpr_scorer", "expected_cost_scorer",
           "net_benefit_scorer"]

#: How much of the share of cases called positive each scorer subtracts to break ties.
_TIE_BREAK = 1e-9


def _counts(y_true: Any, y_pred: Any, pos_label: Any, sample_weight: Any = None
            ) -> tuple[ConfusionMatrix, float]:
    """The confusion matrix of the predictions and the share of cases they call positive."""
    cm = confusion_matrix(y_true, y_pred, sample_weight=sample_weight, pos_label=pos_label)
    return cm, float((cm.tp + cm.fp) / cm.n)


def _needs(present: Any, what: str, objective: str) -> None:
    if not present > 0:
        raise ValueError(f"y_true holds no {what} case, so {objective} is undefined on it: "
                         f"tune on folds that hold both classes (stratified folds)")


def _recall_at_precision(y_true: Any, y_pred: Any, *, min_precision: float,
                         pos_label: Any = None) -> float:
    cm, called_share = _counts(y_true, y_pred, pos_label)
    _needs(cm.positives, "positive", "the recall")
    called = cm.tp + cm.fp
    precision = cm.tp / called if called > 0 else 0.0
    if meets_precision(cm.tp, called, min_precision):        # threshold_at_precision's rule
        value = cm.tp / cm.positives
    else:
        value = -1.0 - (min_precision - precision)
    return float(value) - _TIE_BREAK * called_share


def _tpr_at_fpr(y_true: Any, y_pred: Any, *, max_fpr: float, pos_label: Any = None) -> float:
    cm, called_share = _counts(y_true, y_pred, pos_label)
    _needs(cm.positives, "positive", "the TPR")
    _needs(cm.negatives, "negative", "the FPR")
    fpr = cm.fp / cm.negatives
    # evalcore's comparison (threshold_at_fpr): the FPR as reported, fp / N
    value = cm.tp / cm.positives if fpr <= max_fpr else -1.0 - (fpr - max_fpr)
    return float(value) - _TIE_BREAK * called_share


def _expected_cost(y_true: Any, y_pred: Any, *, cost_fp: float, cost_fn: float,
                   pos_label: Any = None, sample_weight: Any = None) -> float:
    cm, called_share = _counts(y_true, y_pred, pos_label, sample_weight)
    # a loss: make_scorer's sign turns it into minus the cost, so the tie term is added
    scale = max(cost_fp, cost_fn) or 1.0
    cost = cm.expected_cost(cost_fp=cost_fp, cost_fn=cost_fn)
    return cost + _TIE_BREAK * scale * called_share


def _net_benefit(y_true: Any, y_pred: Any, *, threshold_probability: float,
                 pos_label: Any = None, sample_weight: Any = None) -> float:
    cm, called_share = _counts(y_true, y_pred, pos_label, sample_weight)
    exchange_rate = threshold_probability / (1 - threshold_probability)
    value = cm.tp / cm.n - cm.fp / cm.n * exchange_rate
    return float(value) - _TIE_BREAK * max(1.0, exchange_rate) * called_share


def recall_at_precision_scorer(*, min_precision: float, pos_label: Any = None) -> Any:
    """A scorer for ``TunedThresholdClassifierCV``: the largest recall whose precision is at
    least ``min_precision``.

    At each candidate threshold it scores the hard predictions: the recall where the
    precision is at least ``min_precision`` (compared as
    :func:`~evalcore.threshold_at_precision` compares it), else the finite penalty
    ``-1 - (min_precision - precision)``, in [-2, -1); a threshold that calls nothing
    positive has no precision and scores as precision 0. Ties go to the threshold calling
    fewer cases positive (the module's rules: the score is off the recall by at most 1e-9).
    On one split with the data's scores as the candidates, the tuner returns the threshold of
    :func:`evalcore.threshold_at_precision`.

    Parameters
    ----------
    min_precision : float
        The smallest precision tolerated, in [0, 1] (keyword-only, required).
    pos_label : int, float, bool or str, default=None
        The positive label, for the scorer and the tuner alike. ``None``: 1 (or ``True``) for
        labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    scorer
        A scikit-learn scorer (``make_scorer``); pass it as ``scoring=``. Called on a fold
        without positives it raises ``ValueError`` (the recall is undefined there). It takes
        no ``sample_weight``: the choice is made on unweighted counts, as
        :func:`~evalcore.threshold_at_precision` makes it.

    Raises
    ------
    TypeError
        If ``min_precision`` is not a real number.
    ValueError
        If ``min_precision`` is outside [0, 1] or NaN.

    See Also
    --------
    evalcore.threshold_at_precision : the same choice on one set of scores.
    tpr_at_fpr_scorer : the largest TPR at a most FPR.

    Examples
    --------
    Tuned over three folds, the threshold keeps precision 0.95 on each (its score is a
    recall, not a penalty) and refits the model on all the data:

    >>> from sklearn.datasets import make_classification
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import TunedThresholdClassifierCV
    >>> from evalcore import sklearn_scorers as ecs
    >>> X, y = make_classification(n_samples=600, random_state=0)
    >>> tuned = TunedThresholdClassifierCV(
    ...     LogisticRegression(), scoring=ecs.recall_at_precision_scorer(min_precision=0.95),
    ...     cv=3).fit(X, y)
    >>> round(float(tuned.best_threshold_), 3), round(float(tuned.best_score_), 3)
    (0.455, 0.95)
    """
    min_precision = check_fraction(min_precision, "min_precision")
    return make_scorer(_recall_at_precision, min_precision=min_precision, pos_label=pos_label)


def tpr_at_fpr_scorer(*, max_fpr: float, pos_label: Any = None) -> Any:
    """A scorer for ``TunedThresholdClassifierCV``: the largest TPR whose FPR is at most
    ``max_fpr`` (the Neyman-Pearson threshold, empirical).

    At each candidate threshold it scores the hard predictions: the TPR where the FPR is at
    most ``max_fpr``, else the finite penalty ``-1 - (fpr - max_fpr)``, in [-2, -1).
    Calling nothing positive meets the constraint (TPR 0). Ties go to the threshold calling
    fewer cases positive (the module's rules: the score is off the TPR by at most 1e-9). On
    one split with the data's scores as the candidates, the tuner returns the threshold of
    :func:`evalcore.threshold_at_fpr`. The FPR of the tuned threshold on new data exceeds
    ``max_fpr`` about half the time; for a guarantee, use
    ``evalcore.threshold_at_fpr(..., confidence=...)`` on a held-out calibration set.

    Parameters
    ----------
    max_fpr : float
        The largest false positive rate tolerated, in [0, 1] (keyword-only, required).
    pos_label : int, float, bool or str, default=None
        The positive label, for the scorer and the tuner alike. ``None``: 1 (or ``True``) for
        labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    scorer
        A scikit-learn scorer (``make_scorer``); pass it as ``scoring=``. Called on a fold
        without both classes it raises ``ValueError`` (the TPR or the FPR is undefined
        there). It takes no ``sample_weight``: the choice is made on unweighted counts, as
        :func:`~evalcore.threshold_at_fpr` makes it.

    Raises
    ------
    TypeError
        If ``max_fpr`` is not a real number.
    ValueError
        If ``max_fpr`` is outside [0, 1] or NaN.

    See Also
    --------
    evalcore.threshold_at_fpr : the same choice on one set of scores, or with a guarantee.
    recall_at_precision_scorer : the largest recall at a least precision.

    Examples
    --------
    On one validation set with its own scores as the candidates (``cv="prefit"``), the
    tuner picks the threshold of :func:`evalcore.threshold_at_fpr`:

    >>> import numpy as np
    >>> import evalcore as ec
    >>> from sklearn.datasets import make_classification
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import TunedThresholdClassifierCV, train_test_split
    >>> from evalcore import sklearn_scorers as ecs
    >>> X, y = make_classification(n_samples=600, random_state=0)
    >>> X_fit, X_val, y_fit, y_val = train_test_split(X, y, random_state=0)
    >>> model = LogisticRegression().fit(X_fit, y_fit)
    >>> s_val = model.predict_proba(X_val)[:, 1]
    >>> tuned = TunedThresholdClassifierCV(
    ...     model, scoring=ecs.tpr_at_fpr_scorer(max_fpr=0.05), cv="prefit", refit=False,
    ...     thresholds=np.unique(s_val)).fit(X_val, y_val)
    >>> float(tuned.best_threshold_) == ec.threshold_at_fpr(y_val, s_val, 0.05).threshold
    True
    """
    max_fpr = check_fraction(max_fpr, "max_fpr")
    return make_scorer(_tpr_at_fpr, max_fpr=max_fpr, pos_label=pos_label)


def expected_cost_scorer(*, cost_fp: float = 1.0, cost_fn: float = 1.0,
                         pos_label: Any = None) -> Any:
    """A scorer for ``TunedThresholdClassifierCV``: the least misclassification cost per case,
    (cost_fp·FP + cost_fn·FN) / n, as :func:`evalcore.expected_cost`.

    A loss, so the scorer returns minus the cost (scikit-learn's rule, as for
    ``neg_log_loss``) and the tuner's ``best_score_`` is minus the least mean cost. Ties go
    to the threshold calling fewer cases positive (the module's rules: the score is off
    minus the cost by at most 1e-9 times the larger cost). On one split with the data's
    scores as the candidates, the tuner returns the threshold of
    :func:`evalcore.threshold_by_cost`. Route weights to it as to any scikit-learn scorer
    (``scorer.set_score_request(sample_weight=True)`` with metadata routing on).

    Parameters
    ----------
    cost_fp, cost_fn : float, default=1.0
        Cost of one false positive and of one false negative (non-negative, finite).
    pos_label : int, float, bool or str, default=None
        The positive label, for the scorer and the tuner alike. ``None``: 1 (or ``True``) for
        labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    scorer
        A scikit-learn scorer (``make_scorer``, ``greater_is_better=False``); pass it as
        ``scoring=``.

    Raises
    ------
    TypeError
        If a cost is not a real number.
    ValueError
        If a cost is negative, NaN or infinite.

    See Also
    --------
    evalcore.threshold_by_cost : the same choice on one set of scores.
    net_benefit_scorer : the same choice with the costs given as a threshold probability.

    Examples
    --------
    Outside the tuner it scores a classifier's own predictions, as any scorer does:

    >>> import evalcore as ec
    >>> from sklearn.datasets import make_classification
    >>> from sklearn.linear_model import LogisticRegression
    >>> from evalcore import sklearn_scorers as ecs
    >>> X, y = make_classification(n_samples=600, random_state=0)
    >>> model = LogisticRegression().fit(X, y)
    >>> scorer = ecs.expected_cost_scorer(cost_fp=5, cost_fn=1)
    >>> cost = ec.expected_cost(y, model.predict(X), cost_fp=5, cost_fn=1)
    >>> abs(scorer(model, X, y) + cost) < 1e-8
    True
    """
    cost_fp = check_positive(cost_fp, "cost_fp", allow_zero=True)
    cost_fn = check_positive(cost_fn, "cost_fn", allow_zero=True)
    return make_scorer(_expected_cost, greater_is_better=False, cost_fp=cost_fp,
                       cost_fn=cost_fn, pos_label=pos_label)


def net_benefit_scorer(*, threshold_probability: float, pos_label: Any = None) -> Any:
    """A scorer for ``TunedThresholdClassifierCV``: the largest net benefit at a threshold
    probability, ``TP/n − FP/n · p_t/(1 − p_t)``, as :func:`evalcore.net_benefit` weighs it.

    ``threshold_probability`` (p_t) sets only the exchange rate, how many false positives one
    true positive is worth; the tuner then finds the threshold on the classifier's own scores
    that gives the most net benefit at that rate. For calibrated probabilities it lies near
    p_t itself; when it does not, the probabilities are off at that risk (chapter
    "Calibration"). Maximizing the net benefit is minimizing the cost with ``cost_fp=p_t``
    and ``cost_fn=1 − p_t``, so the tuner returns, on one split with the data's scores as the
    candidates, the threshold of :func:`evalcore.threshold_by_cost` with those costs. Ties
    go to the threshold calling fewer cases positive (the module's rules: the score is off
    the net benefit by at most 1e-9 times the larger of 1 and the exchange rate). Route
    weights to it as to any scikit-learn scorer.

    Parameters
    ----------
    threshold_probability : float
        The threshold probability p_t, in (0, 1) (keyword-only, required): at 0 a false
        positive would cost nothing, at 1 infinitely many true positives.
    pos_label : int, float, bool or str, default=None
        The positive label, for the scorer and the tuner alike. ``None``: 1 (or ``True``) for
        labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    scorer
        A scikit-learn scorer (``make_scorer``); pass it as ``scoring=``.

    Raises
    ------
    TypeError
        If ``threshold_probability`` is not a real number.
    ValueError
        If ``threshold_probability`` is outside (0, 1) or NaN.

    See Also
    --------
    evalcore.net_benefit : the net benefit of scores at threshold probabilities.
    expected_cost_scorer : the same choice from two costs.

    References
    ----------
    Vickers, A. J. and Elkin, E. B. (2006). Decision curve analysis: a novel method for
    evaluating prediction models. *Medical Decision Making*, 26(6), 565–574.

    Examples
    --------
    At threshold probability 0.2 a true positive is worth four false ones; tuned on one
    validation set, the threshold is the least-cost one with costs 0.2 and 0.8:

    >>> import numpy as np
    >>> import evalcore as ec
    >>> from sklearn.datasets import make_classification
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import TunedThresholdClassifierCV, train_test_split
    >>> from evalcore import sklearn_scorers as ecs
    >>> X, y = make_classification(n_samples=600, random_state=0)
    >>> X_fit, X_val, y_fit, y_val = train_test_split(X, y, random_state=0)
    >>> model = LogisticRegression().fit(X_fit, y_fit)
    >>> s_val = model.predict_proba(X_val)[:, 1]
    >>> tuned = TunedThresholdClassifierCV(
    ...     model, scoring=ecs.net_benefit_scorer(threshold_probability=0.2), cv="prefit",
    ...     refit=False, thresholds=np.unique(s_val)).fit(X_val, y_val)
    >>> least = ec.threshold_by_cost(y_val, s_val, cost_fp=0.2, cost_fn=0.8)
    >>> float(tuned.best_threshold_) == least.threshold
    True
    """
    threshold_probability = check_real(threshold_probability, "threshold_probability",
                                       low=0.0, high=1.0, low_open=True, high_open=True)
    return make_scorer(_net_benefit, threshold_probability=threshold_probability,
                       pos_label=pos_label)
