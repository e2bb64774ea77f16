"""evalcore.sklearn_scorers inside scikit-learn's TunedThresholdClassifierCV.

The references: evalcore's own threshold choices (tested against their sources elsewhere),
which the tuner must reproduce on one split with the validation scores as its candidate
thresholds; a brute force in numpy over every threshold; and the scorers' documented
penalty, computed from the counts by hand. scikit-learn is optional: ``import evalcore`` must
not import it.
"""

import pickle
import subprocess
import sys

import numpy as np
import pytest

import evalcore as ec

pytest.importorskip("sklearn")

from sklearn.datasets import load_breast_cancer, make_classification  # noqa: E402
from sklearn.dummy import DummyClassifier  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.model_selection import TunedThresholdClassifierCV, train_test_split  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402

from conftest import ROOT  # noqa: E402
from evalcore import sklearn_scorers as ecs  # noqa: E402

#: The documented tie term: a score is off its metric by at most 1e-9 (times the scale).
TIE = 1e-9


@pytest.fixture(scope="module")
def split():
    """A fitted model and its validation scores, on data with noise in the labels (so many
    thresholds tie in recall or TPR: only the tie rule separates them)."""
    X, y = make_classification(n_samples=2000, weights=[0.8], flip_y=0.05, random_state=0)
    X_fit, X_val, y_fit, y_val = train_test_split(X, y, test_size=0.5, random_state=0,
                                                  stratify=y)
    model = LogisticRegression().fit(X_fit, y_fit)
    return model, X_val, y_val, model.predict_proba(X_val)[:, 1]


def tuned_on(split, scorer):
    """The tuner on the validation set alone, with its scores as the candidate thresholds
    (ascending, as ``np.interp`` reads them): one split, no interpolation between them."""
    model, X_val, y_val, s_val = split
    return TunedThresholdClassifierCV(model, scoring=scorer, cv="prefit", refit=False,
                                      thresholds=np.unique(s_val),
                                      store_cv_results=True).fit(X_val, y_val)


# --- the tuner's choice is evalcore's ----------------------------------------------------------
@pytest.mark.parametrize("min_precision", [0.6, 0.8, 0.9, 0.97])
def test_recall_at_precision_picks_evalcores_threshold(split, min_precision):
    _, _, y_val, s_val = split
    tuned = tuned_on(split, ecs.recall_at_precision_scorer(min_precision=min_precision))
    choice = ec.threshold_at_precision(y_val, s_val, min_precision)
    assert float(tuned.best_threshold_) == choice.threshold
    assert tuned.best_score_ == pytest.approx(choice.tpr, abs=TIE)
    assert choice.precision >= min_precision


@pytest.mark.parametrize("max_fpr", [0.005, 0.01, 0.05, 0.2])
def test_tpr_at_fpr_picks_evalcores_threshold(split, max_fpr):
    _, _, y_val, s_val = split
    tuned = tuned_on(split, ecs.tpr_at_fpr_scorer(max_fpr=max_fpr))
    choice = ec.threshold_at_fpr(y_val, s_val, max_fpr)
    assert float(tuned.best_threshold_) == choice.threshold
    assert tuned.best_score_ == pytest.approx(choice.tpr, abs=TIE)


@pytest.mark.parametrize("cost_fp, cost_fn", [(1.0, 1.0), (1.0, 5.0), (5.0, 1.0), (1.0, 20.0)])
def test_expected_cost_picks_evalcores_threshold(split, cost_fp, cost_fn):
    _, _, y_val, s_val = split
    tuned = tuned_on(split, ecs.expected_cost_scorer(cost_fp=cost_fp, cost_fn=cost_fn))
    least = ec.threshold_by_cost(y_val, s_val, cost_fp=cost_fp, cost_fn=cost_fn)
    assert float(tuned.best_threshold_) == least.threshold
    # a loss: the scorer gives minus the cost
    assert -tuned.best_score_ == pytest.approx(least.value, abs=TIE * max(cost_fp, cost_fn))
    assert least.value == pytest.approx(ec.expected_cost(
        y_val, s_val >= least.threshold, cost_fp=cost_fp, cost_fn=cost_fn))


@pytest.mark.parametrize("p_t", [0.05, 0.2, 0.5, 0.8])
def test_net_benefit_picks_the_least_cost_threshold_of_its_exchange_rate(split, p_t):
    """Net benefit at p_t is prevalence − cost/(1 − p_t) with cost_fp = p_t and
    cost_fn = 1 − p_t: the same argmax as evalcore's least cost."""
    _, _, y_val, s_val = split
    tuned = tuned_on(split, ecs.net_benefit_scorer(threshold_probability=p_t))
    least = ec.threshold_by_cost(y_val, s_val, cost_fp=p_t, cost_fn=1 - p_t)
    assert float(tuned.best_threshold_) == least.threshold
    at_choice = ec.net_benefit(y_val, (s_val >= least.threshold).astype(float),
                               threshold_probability=p_t)
    assert tuned.best_score_ == pytest.approx(at_choice, abs=TIE * max(1, p_t / (1 - p_t)))
    assert at_choice == pytest.approx(np.mean(y_val) - least.value / (1 - p_t))


def test_without_the_tie_rule_the_tuner_would_add_false_positives(split):
    """On these data the lowest threshold of the best TPR calls more negatives positive than
    evalcore's: the tie rule is what makes the tuner's choice evalcore's."""
    _, _, y_val, s_val = split
    tuned = tuned_on(split, ecs.tpr_at_fpr_scorer(max_fpr=0.05))
    thresholds = np.unique(s_val)
    tpr = np.array([np.mean(s_val[y_val == 1] >= t) for t in thresholds])
    fpr = np.array([np.mean(s_val[y_val == 0] >= t) for t in thresholds])
    feasible = fpr <= 0.05
    lowest_of_best = thresholds[feasible & (tpr == tpr[feasible].max())][0]
    assert lowest_of_best < tuned.best_threshold_
    assert fpr[thresholds == lowest_of_best][0] > fpr[thresholds == tuned.best_threshold_][0]


# --- the scores at every threshold, by brute force ---------------------------------------------
def test_recall_at_precision_scores_every_threshold_as_documented(split):
    _, _, y_val, s_val = split
    p = 0.9
    tuned = tuned_on(split, ecs.recall_at_precision_scorer(min_precision=p))
    thresholds = tuned.cv_results_["thresholds"]
    expected = []
    for t in thresholds:
        called = s_val >= t
        tp = np.sum(called & (y_val == 1))
        precision = tp / called.sum()
        value = tp / np.sum(y_val == 1) if precision >= p else -1 - (p - precision)
        expected.append(value - TIE * called.mean())
    np.testing.assert_allclose(tuned.cv_results_["scores"], expected, rtol=0, atol=1e-12)
    # the brute force's own choice: the best recall, then the highest threshold
    feasible = np.array(expected) >= 0
    recall = np.array([np.mean(s_val[y_val == 1] >= t) for t in thresholds])
    best = thresholds[feasible & (recall == recall[feasible].max())][-1]
    assert tuned.best_threshold_ == best


def test_tpr_at_fpr_scores_every_threshold_as_documented(split):
    _, _, y_val, s_val = split
    a = 0.05
    tuned = tuned_on(split, ecs.tpr_at_fpr_scorer(max_fpr=a))
    thresholds = tuned.cv_results_["thresholds"]
    tpr = np.array([np.mean(s_val[y_val == 1] >= t) for t in thresholds])
    fpr = np.array([np.mean(s_val[y_val == 0] >= t) for t in thresholds])
    share = np.array([np.mean(s_val >= t) for t in thresholds])
    expected = np.where(fpr <= a, tpr, -1 - (fpr - a)) - TIE * share
    np.testing.assert_allclose(tuned.cv_results_["scores"], expected, rtol=0, atol=1e-12)


# --- no threshold meets the constraint: a finite penalty ---------------------------------------
def test_a_constraint_nobody_meets_scores_the_documented_penalty():
    """Calling every case positive: the precision is the prevalence, 0.3."""
    X = np.zeros((10, 1))
    y = np.array([1, 1, 1, 0, 0, 0, 0, 0, 0, 0])
    everyone = DummyClassifier(strategy="constant", constant=1).fit(X, y)
    scorer = ecs.recall_at_precision_scorer(min_precision=0.9)
    assert scorer(everyone, X, y) == pytest.approx(-1 - (0.9 - 0.3) - TIE * 1.0, abs=1e-15)
    nobody = DummyClassifier(strategy="constant", constant=0).fit(X, y)
    # nothing called positive: no precision, scored as precision 0
    assert scorer(nobody, X, y) == pytest.approx(-1 - 0.9, abs=1e-15)
    fpr_scorer = ecs.tpr_at_fpr_scorer(max_fpr=0.25)
    assert fpr_scorer(everyone, X, y) == pytest.approx(-1 - (1 - 0.25) - TIE, abs=1e-15)
    assert fpr_scorer(nobody, X, y) == 0.0          # calling nothing keeps any FPR limit


def test_the_tuner_returns_the_nearest_miss_when_nothing_is_feasible(split):
    """With the highest-scored case a negative, precision 1 is out of reach; the tuner still
    returns a threshold, the one of highest precision (of equal precisions, the highest),
    with a finite score below -1."""
    model, X_val, y_val, s_val = split
    y_top_negative = y_val.copy()
    y_top_negative[np.argmax(s_val)] = 0
    thresholds = np.unique(s_val)
    tuned = TunedThresholdClassifierCV(
        model, scoring=ecs.recall_at_precision_scorer(min_precision=1.0), cv="prefit",
        refit=False, thresholds=thresholds, store_cv_results=True).fit(X_val, y_top_negative)
    precision = np.array([np.mean(y_top_negative[s_val >= t]) for t in thresholds])
    assert precision.max() < 1.0
    assert np.isfinite(tuned.cv_results_["scores"]).all()
    assert -2 <= tuned.best_score_ < -1
    assert tuned.best_threshold_ == thresholds[precision == precision.max()][-1]
    assert tuned.best_score_ == pytest.approx(-1 - (1 - precision.max()), abs=TIE)


def test_a_feasible_threshold_beats_every_infeasible_one(split):
    _, _, y_val, s_val = split
    scores = tuned_on(split, ecs.recall_at_precision_scorer(min_precision=0.9)).cv_results_[
        "scores"]
    assert scores[scores > -1].min() > scores[scores < -1].max() + 1 - 2 * TIE
    assert (scores > -1).any() and (scores < -1).any()


# --- other splits, labels, weights -------------------------------------------------------------
def test_a_single_split_given_as_cv_tunes_on_its_validation_part():
    X, y = load_breast_cancer(return_X_y=True)
    train, val = train_test_split(np.arange(len(y)), test_size=0.4, random_state=1, stratify=y)
    model = make_pipeline(StandardScaler(), LogisticRegression())
    s_val = model.fit(X[train], y[train]).predict_proba(X[val])[:, 1]
    tuned = TunedThresholdClassifierCV(
        make_pipeline(StandardScaler(), LogisticRegression()),
        scoring=ecs.recall_at_precision_scorer(min_precision=0.97), cv=[(train, val)],
        refit=False, thresholds=np.unique(s_val)).fit(X, y)
    np.testing.assert_array_equal(tuned.estimator_.predict_proba(X[val])[:, 1], s_val)
    assert float(tuned.best_threshold_) == ec.threshold_at_precision(y[val], s_val, 0.97).threshold


def test_string_labels_with_pos_label_reach_the_tuner_and_the_scorer(split):
    model, X_val, y_val, _ = split
    names = np.array(["ham", "spam"])
    text_model = LogisticRegression().fit(X_val, names[y_val])
    s_spam = text_model.predict_proba(X_val)[:, list(text_model.classes_).index("spam")]
    tuned = TunedThresholdClassifierCV(
        text_model, scoring=ecs.tpr_at_fpr_scorer(max_fpr=0.05, pos_label="spam"),
        cv="prefit", refit=False, thresholds=np.unique(s_spam)).fit(X_val, names[y_val])
    choice = ec.threshold_at_fpr(names[y_val], s_spam, 0.05, pos_label="spam")
    assert float(tuned.best_threshold_) == choice.threshold
    # ham as the positive class: the tuner reads the other column, the scorer the other label
    s_ham = text_model.predict_proba(X_val)[:, list(text_model.classes_).index("ham")]
    tuned_ham = TunedThresholdClassifierCV(
        text_model, scoring=ecs.tpr_at_fpr_scorer(max_fpr=0.05, pos_label="ham"),
        cv="prefit", refit=False, thresholds=np.unique(s_ham)).fit(X_val, names[y_val])
    choice_ham = ec.threshold_at_fpr(names[y_val], s_ham, 0.05, pos_label="ham")
    assert float(tuned_ham.best_threshold_) == choice_ham.threshold
    assert tuned_ham.best_score_ == pytest.approx(choice_ham.tpr, abs=TIE)


def test_weights_reach_the_cost_and_net_benefit_scorers(split):
    model, X_val, y_val, _ = split
    w = np.random.default_rng(1).uniform(0.5, 2.0, len(y_val))
    predicted = model.predict(X_val)
    cost = ecs.expected_cost_scorer(cost_fp=1.0, cost_fn=4.0)
    called = np.sum(w * predicted) / np.sum(w)
    assert -cost(model, X_val, y_val, sample_weight=w) == pytest.approx(
        ec.expected_cost(y_val, predicted, cost_fp=1.0, cost_fn=4.0, sample_weight=w)
        + TIE * 4.0 * called, abs=1e-15)
    benefit = ecs.net_benefit_scorer(threshold_probability=0.25)
    tp = np.sum(w * (predicted == 1) * (y_val == 1))
    fp = np.sum(w * (predicted == 1) * (y_val == 0))
    assert benefit(model, X_val, y_val, sample_weight=w) == pytest.approx(
        (tp - fp / 3) / np.sum(w) - TIE * called, abs=1e-12)


def test_the_scorers_run_in_a_cross_validated_tuner_and_pickle():
    X, y = make_classification(n_samples=600, random_state=0)
    for scorer in (ecs.recall_at_precision_scorer(min_precision=0.9),
                   ecs.tpr_at_fpr_scorer(max_fpr=0.1),
                   ecs.expected_cost_scorer(cost_fp=2.0, cost_fn=1.0),
                   ecs.net_benefit_scorer(threshold_probability=0.3)):
        scorer = pickle.loads(pickle.dumps(scorer))
        tuned = TunedThresholdClassifierCV(LogisticRegression(), scoring=scorer, cv=3,
                                           store_cv_results=True).fit(X, y)
        assert np.isfinite(tuned.cv_results_["scores"]).all()
        assert tuned.predict(X).shape == y.shape


def test_a_fold_without_a_class_is_refused_naming_y_true(split):
    model, X_val, y_val, _ = split
    negatives = y_val == 0
    with pytest.raises(ValueError, match="y_true holds no positive"):
        ecs.recall_at_precision_scorer(min_precision=0.9)(model, X_val[negatives],
                                                           y_val[negatives])
    with pytest.raises(ValueError, match="y_true holds no negative"):
        ecs.tpr_at_fpr_scorer(max_fpr=0.1)(model, X_val[~negatives], y_val[~negatives])


# --- bad options -------------------------------------------------------------------------------
@pytest.mark.parametrize("make, name, value", [
    (ecs.recall_at_precision_scorer, "min_precision", 1.5),
    (ecs.recall_at_precision_scorer, "min_precision", -0.1),
    (ecs.recall_at_precision_scorer, "min_precision", float("nan")),
    (ecs.tpr_at_fpr_scorer, "max_fpr", 1.01),
    (ecs.expected_cost_scorer, "cost_fp", -1.0),
    (ecs.expected_cost_scorer, "cost_fn", float("inf")),
    (ecs.net_benefit_scorer, "threshold_probability", 0.0),
    (ecs.net_benefit_scorer, "threshold_probability", 1.0),
    (ecs.net_benefit_scorer, "threshold_probability", 1.5),
])
def test_a_bad_option_is_a_value_error_naming_it(make, name, value):
    with pytest.raises(ValueError, match=name):
        make(**{name: value})


@pytest.mark.parametrize("make, name", [
    (ecs.recall_at_precision_scorer, "min_precision"), (ecs.tpr_at_fpr_scorer, "max_fpr"),
    (ecs.expected_cost_scorer, "cost_fn"), (ecs.net_benefit_scorer, "threshold_probability")])
def test_an_option_of_the_wrong_kind_is_a_type_error_naming_it(make, name):
    with pytest.raises(TypeError, match=name):
        make(**{name: "0.5"})


def test_the_constraints_are_keyword_only_and_required():
    with pytest.raises(TypeError):
        ecs.recall_at_precision_scorer(0.9)
    with pytest.raises(TypeError, match="max_fpr"):
        ecs.tpr_at_fpr_scorer()


# --- scikit-learn stays optional ---------------------------------------------------------------
def test_importing_evalcore_does_not_import_sklearn():
    code = ("import sys, evalcore; "
            "loaded = sorted(m for m in sys.modules if m.split('.')[0] == 'sklearn'); "
            "print(loaded); sys.exit(1 if loaded else 0)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
