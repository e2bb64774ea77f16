"""Every threshold evalcore returns, given back with DEFAULT arguments, reproduces its counts.

The README promises that every returned threshold gives, with ``predict``, exactly the counts
reported for it. Chaining is what a practitioner does: pick a threshold with one function,
then deploy it with ``ec.predict(scores, threshold)`` or check it with
``ec.confusion_matrix_at(y, scores, threshold)``, both with their defaults. Before evalcore
0.3 those two defaulted to ``>`` while every threshold function and curve used ``>=``, so a
chained threshold lost the tie group sitting on it (a TPR of 0.83 came
back as 0.82).

Each reported number is checked three ways: against the matrix the chained threshold gives
through ``predict`` + ``confusion_matrix`` and through ``confusion_matrix_at`` (defaults
only), and against the counts of ``score >= threshold`` counted here by brute force, with
scores and thresholds compared as exact fractions. Results are read by field name only.
"""

from __future__ import annotations

import functools
import math
import warnings
from fractions import Fraction

import numpy as np
import pytest

import evalcore as ec
from evalcore.reference import confusion_counts

TOL = dict(rel=1e-12, abs=1e-12)    # a count off by one moves a rate by at least 1/n


# --------------------------------------------------------------------------- data sets
@functools.cache
def _breast_cancer():
    """What a practitioner does: scikit-learn's breast-cancer data, malignant as the
    positive class, a scaled logistic regression fitted on 70% and scored on the rest."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    data = load_breast_cancer()
    y = (data.target == 0).astype(int)          # scikit-learn codes malignant as 0
    X_train, X_test, y_train, y_test = train_test_split(data.data, y, test_size=0.3,
                                                        stratify=y, random_state=0)
    model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
    model.fit(X_train, y_train)
    return model, X_test, y_test


def _data_sets():
    rng = np.random.default_rng(19)
    y_tied = rng.integers(0, 2, 400)
    model, X_test, y_test = _breast_cancer()
    y_big = rng.integers(0, 2, 120)
    return {
        # scikit-learn's shared toy case
        "toy": ([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]),
        # Murphy's classifier 2: two tied pairs (0.6 and 0.2), one of each class in each
        "murphy2": tuple(ec.murphy_classifier(2)),
        "vojnovic7": tuple(ec.vojnovic_seven()),
        # 400 scores on a grid of 0.1: every threshold is a large tie group of both classes
        "grid_ties": (y_tied, np.round(rng.normal(y_tied, 1.0), 1)),
        "breast_cancer_proba": (y_test, model.predict_proba(X_test)[:, 1]),
        "breast_cancer_decision": (y_test, model.decision_function(X_test)),
        # integer ids beyond 2**53 (float64 would merge neighbours): thresholds come back
        # exact, as np.longdouble
        "integers_beyond_2_53": (y_big, 2 ** 60 + rng.integers(0, 30, 120) * (1 + y_big)),
    }


DATA = _data_sets()
DATA_IDS = sorted(DATA)


@pytest.fixture(params=DATA_IDS)
def data(request):
    return DATA[request.param]


# --------------------------------------------------------------------------- references
def _exact(value) -> Fraction:
    """A finite score or threshold as an exact fraction (a long double too)."""
    if isinstance(value, (int, np.integer)):
        return Fraction(int(value))
    return Fraction(*value.as_integer_ratio())


def brute_counts(y, s, threshold):
    """tp, fp, fn, tn of the rule ``score >= threshold``, one case at a time, exactly: the
    counts of evalcore.reference on the scores and the threshold as exact fractions."""
    cut = float(threshold) if math.isinf(threshold) else _exact(threshold)
    scores = [_exact(score) for score in np.asarray(s).tolist()]
    return ec.ConfusionMatrix(*confusion_counts([int(label) for label in y], scores, cut))


def chained(y, s, threshold):
    """The matrix of ``threshold`` given back with every default, through ``predict`` and
    through ``confusion_matrix_at``; both must equal the brute-force ``>=`` counts."""
    via_predict = ec.confusion_matrix(y, ec.predict(s, threshold))
    via_at = ec.confusion_matrix_at(y, s, threshold)
    reference = brute_counts(y, s, threshold)
    assert via_predict == reference, (threshold, via_predict, reference)
    assert via_at == reference, (threshold, via_at, reference)
    return via_at


def same(reported, recomputed):
    """Equal as numbers, or both nan (an undefined rate is nan on both sides)."""
    if math.isnan(reported):
        return math.isnan(recomputed)
    return reported == pytest.approx(recomputed, **TOL)


def quietly(function, *args, **kwargs):
    """Call ``function``; an undefined rate's UndefinedMetricWarning is expected here (a
    threshold that calls nothing positive has no precision) and checked as nan instead."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        return function(*args, **kwargs)


def rate(cm, name):
    return quietly(getattr, cm, name)


# --------------------------------------------------------------------------- the defaults
def test_the_defaults_are_the_rule_of_every_threshold_function():
    """``>=`` everywhere: predict, confusion_matrix_at and the functions that take a rule."""
    import inspect

    for function in (ec.predict, ec.confusion_matrix_at, ec.threshold_at_fpr,
                     ec.threshold_at_precision, ec.threshold_max_fbeta, ec.operating_point_ci):
        assert inspect.signature(function).parameters["rule"].default == ">=", function


def test_predict_agrees_with_scikit_learns_fixed_threshold_classifier():
    """scikit-learn deploys a threshold with ``FixedThresholdClassifier``, rule ``>=``; at a
    threshold equal to a test case's own probability, evalcore's default calls it alike."""
    from sklearn.frozen import FrozenEstimator
    from sklearn.model_selection import FixedThresholdClassifier

    model, X_test, y_test = _breast_cancer()
    proba = model.predict_proba(X_test)[:, 1]
    for threshold in np.sort(proba)[::17]:      # thresholds ON scores: the rule matters
        fixed = FixedThresholdClassifier(FrozenEstimator(model), threshold=float(threshold),
                                         response_method="predict_proba").fit(X_test, y_test)
        predicted = fixed.predict(X_test)
        assert ec.predict(proba, threshold).tolist() == predicted.tolist()
        assert (proba == threshold).any() and predicted[proba == threshold].all()


# --------------------------------------------------------------------------- choices
FPR_LIMITS = (0.0, 0.01, 0.1, 0.25, 0.5, 1.0)
PRECISIONS = (0.3, 0.5, 0.8, 0.9, 0.95, 1.0)
BETAS = (0.5, 1.0, 2.0)


def _check_choice(y, s, choice, value):
    cm = chained(y, s, choice.threshold)
    assert choice.tpr == pytest.approx(cm.tpr, **TOL)
    assert choice.fpr == pytest.approx(cm.fpr, **TOL)
    assert same(choice.precision, rate(cm, "precision"))
    assert same(choice.value, value(cm))


def test_threshold_at_fpr_chains(data):
    y, s = data
    for max_fpr in FPR_LIMITS:
        choice = quietly(ec.threshold_at_fpr, y, s, max_fpr)
        _check_choice(y, s, choice, lambda cm: cm.tpr)
        assert choice.fpr <= max_fpr


def test_threshold_at_precision_chains(data):
    y, s = data
    reached = 0
    for min_precision in PRECISIONS:
        choice = quietly(ec.threshold_at_precision, y, s, min_precision)
        if math.isnan(choice.threshold):        # no threshold reaches this precision
            continue
        reached += 1
        _check_choice(y, s, choice, lambda cm: cm.tpr)
        assert choice.precision >= min_precision * (1 - 1e-12)
    assert reached >= 2


def test_threshold_max_fbeta_chains(data):
    y, s = data
    for beta in BETAS:
        choice = ec.threshold_max_fbeta(y, s, beta=beta)
        _check_choice(y, s, choice, lambda cm, beta=beta: cm.fbeta(beta))


# --------------------------------------------------------------------------- operating points
COSTS = ((1.0, 1.0), (1.0, 5.0), (5.0, 1.0))


def _check_point(y, s, point, value):
    cm = chained(y, s, point.threshold)
    assert point.tpr == pytest.approx(cm.tpr, **TOL)
    assert point.fpr == pytest.approx(cm.fpr, **TOL)
    assert point.value == pytest.approx(value(cm), **TOL)


def test_threshold_by_youden_chains(data):
    y, s = data
    _check_point(y, s, ec.threshold_by_youden(y, s), lambda cm: cm.informedness)


@pytest.mark.parametrize("cost_fp, cost_fn", COSTS)
def test_threshold_by_cost_chains(data, cost_fp, cost_fn):
    y, s = data
    point = ec.threshold_by_cost(y, s, cost_fp=cost_fp, cost_fn=cost_fn)
    _check_point(y, s, point, lambda cm: cm.expected_cost(cost_fp=cost_fp, cost_fn=cost_fn))


@pytest.mark.parametrize("cost_fp, cost_fn", COSTS)
@pytest.mark.parametrize("prior_pos", [None, 0.2])
def test_optimal_operating_point_chains(data, cost_fp, cost_fn, prior_pos):
    y, s = data
    point = ec.optimal_operating_point(y, s, cost_fp=cost_fp, cost_fn=cost_fn,
                                       prior_pos=prior_pos)

    def expected_cost(cm):
        p = cm.prevalence if prior_pos is None else prior_pos
        return cost_fn * p * cm.fnr + cost_fp * (1 - p) * cm.fpr

    _check_point(y, s, point, expected_cost)


def test_equal_error_rate_threshold_chains(data):
    """The threshold is the largest at which FPR has reached FNR: there FPR >= FNR, one
    distinct score higher FPR < FNR, and the EER lies between the two points."""
    y, s = data
    result = ec.equal_error_rate(y, s)
    at = chained(y, s, result.threshold)
    higher = [score for score in np.unique(s) if score > result.threshold]
    above = chained(y, s, higher[0] if higher else math.inf)
    assert at.fpr >= at.fnr
    assert above.fpr < above.fnr
    assert above.fpr - 1e-12 <= result.eer <= at.fpr + 1e-12
    assert at.fnr - 1e-12 <= result.eer <= above.fnr + 1e-12


def test_operating_point_ci_thresholds_chain(data):
    """pROC's ci.thresholds at every distinct score (each a tie group the rule decides), and
    beyond the ends: the threshold it returns, given back, gives its sensitivity and
    specificity."""
    y, s = data
    distinct = np.unique(s).astype(np.longdouble)     # exact for integers beyond 2**53 too
    thresholds = np.concatenate(([-np.inf], distinct[:: max(1, distinct.size // 25)], [np.inf]))
    op = quietly(ec.operating_point_ci, y, s, thresholds, n_boot=20, random_state=0)
    for threshold, sensitivity, specificity in zip(op.threshold, op.sensitivity.rate,
                                                   op.specificity.rate):
        cm = chained(y, s, threshold)
        assert sensitivity == pytest.approx(cm.tpr, **TOL)
        assert specificity == pytest.approx(cm.tnr, **TOL)


def test_a_single_operating_point_ci_threshold_chains(data):
    y, s = data
    threshold = np.sort(s)[len(s) // 2]        # a score, so a case sits on it
    op = ec.operating_point_ci(y, s, threshold, n_boot=20, random_state=0)
    cm = chained(y, s, op.threshold)
    assert op.sensitivity.rate == pytest.approx(cm.tpr, **TOL)
    assert op.specificity.rate == pytest.approx(cm.tnr, **TOL)


# --------------------------------------------------------------------------- curves
# each curve's points, with the rates they hold (named as on the ConfusionMatrix)
CURVES = {
    "roc_curve": (ec.roc_curve, ("fpr", "tpr")),
    "precision_recall_curve": (ec.precision_recall_curve, ("precision", "recall")),
    "roc_convex_hull": (ec.roc_convex_hull, ("fpr", "tpr")),
}


@pytest.mark.parametrize("name", CURVES)
def test_curve_thresholds_chain(data, name):
    """Point i of a curve is reached by thresholds[i] (the precision-recall curve's last
    point, recall 0, has no threshold)."""
    y, s = data
    function, rates = CURVES[name]
    curve = function(y, s)
    for i, threshold in enumerate(curve.thresholds):
        cm = chained(y, s, threshold)
        for rate_name in rates:
            assert getattr(curve, rate_name)[i] == pytest.approx(getattr(cm, rate_name), **TOL)


def test_confusion_matrix_at_thresholds_chain(data):
    y, s = data
    counts = ec.confusion_matrix_at_thresholds(y, s)
    for i, threshold in enumerate(counts.thresholds):
        cm = chained(y, s, threshold)
        assert (counts.tp[i], counts.fp[i], counts.fn[i], counts.tn[i]) == \
            (cm.tp, cm.fp, cm.fn, cm.tn)


def test_prg_curve_thresholds_chain(data):
    """Flach and Kull's gains from the chained matrix: (x − π) / ((1 − π)·x) for the
    precision and the recall, π the prevalence."""
    y, s = data
    curve = ec.prg_curve(y, s)
    chained_points = 0
    for recall_gain, precision_gain, threshold in zip(curve.recall_gain, curve.precision_gain,
                                                       curve.thresholds):
        if math.isnan(threshold):       # the point inserted where the curve crosses gain 0
            continue
        cm = chained(y, s, threshold)
        pi = cm.prevalence
        assert recall_gain == pytest.approx((cm.recall - pi) / ((1 - pi) * cm.recall), **TOL)
        assert precision_gain == pytest.approx(
            (cm.precision - pi) / ((1 - pi) * cm.precision), **TOL)
        chained_points += 1
    assert chained_points >= 1


# ----------------------------------------------------------- the strict rule, one argument away
def test_the_strict_rule_is_one_argument_away_and_chains_when_passed_on():
    """``rule=">"`` gives a source's strict rule. At a threshold returned for ``>=`` (a
    score, the top of a tie group) it leaves that group out: fewer cases called positive,
    the mismatch the old default made. A threshold asked for under ``>`` and deployed
    under ``>`` calls the same cases as the default choice."""
    y, s = DATA["grid_ties"]
    choice = ec.threshold_at_fpr(y, s, 0.1)
    strict = ec.confusion_matrix_at(y, s, choice.threshold, rule=">")
    assert strict.predicted_positives < chained(y, s, choice.threshold).predicted_positives
    read_strictly = ec.threshold_at_fpr(y, s, 0.1, rule=">")
    assert read_strictly.threshold < choice.threshold
    assert ec.confusion_matrix_at(y, s, read_strictly.threshold, rule=">") == \
        chained(y, s, choice.threshold)


def test_every_public_rule_defaults_to_at_or_above():
    """One default everywhere: every public function or widget factory with a ``rule``
    option reads a threshold as ``score >= threshold`` unless told otherwise."""
    import inspect
    functions = [getattr(ec, name) for name in ec.__all__]
    functions = [f for f in functions if inspect.isfunction(f)]
    functions += [cls.__init__ for cls in vars(ec).values()
                  if inspect.isclass(cls) and cls.__module__.startswith("evalcore")
                  and inspect.isfunction(cls.__init__)]
    with_rule = {f.__qualname__.removesuffix(".__init__"): inspect.signature(f).parameters["rule"].default
                 for f in functions if "rule" in inspect.signature(f).parameters}
    assert {"predict", "confusion_matrix_at", "threshold_at_fpr", "plot_scores"} <= set(with_rule)
    assert {name: rule for name, rule in with_rule.items() if rule != ">="} == {}
