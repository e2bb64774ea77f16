"""Chapters 7 (one model end to end) and 8 (more than two classes): the numbers they glue,
each recomputed here independently (scikit-learn, brute force, exact fractions), the source's
printed numbers. A glued float is a stored output, computed where the notebook last ran: it is
compared with a fresh computation to the tolerance of stored_outputs.py. The chapters' form
(no asserts, self-checks, solutions whose shown code is the code that ran) is checked for
every chapter in test_chapter_form.py."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations

import numpy as np
import pytest
from sklearn.calibration import CalibratedClassifierCV
from sklearn.datasets import make_blobs, make_moons
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import confusion_matrix, make_scorer, roc_auc_score, roc_curve
from sklearn.model_selection import (StratifiedKFold, TunedThresholdClassifierCV,
                                     train_test_split)
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from sklearn.utils import compute_class_weight

from evalcore.reference import auc_pairs
from conftest import ROOT
from notebook_cells import glued, prose
from stored_outputs import close

CHAPTERS = ROOT / "chapters"
CH07 = CHAPTERS / "09_end_to_end.ipynb"
CH08 = CHAPTERS / "10_multiclass.ipynb"
TUTORIAL_PRINTED = [[435, 65], [64, 436]]      # the tutorial's printed confusion matrix


def cost(y, y_pred, c_fp, c_fn):
    """(c_fp·FP + c_fn·FN) / n, counted directly."""
    y, y_pred = np.asarray(y), np.asarray(y_pred).astype(bool)
    return (c_fp * np.sum(y_pred & (y == 0)) + c_fn * np.sum(~y_pred & (y == 1))) / len(y)


def brute_best_threshold(y, s, c_fp, c_fn):
    """The least-cost threshold among the distinct scores (rule s >= θ), the highest on ties."""
    candidates = np.unique(np.concatenate([s, [np.inf]]))[::-1]
    costs = [cost(y, s >= t, c_fp, c_fn) for t in candidates]
    return candidates[int(np.argmin(costs))], min(costs)


# =============================================================================================
# chapter 7
# =============================================================================================
@pytest.fixture(scope="module")
def g7():
    return glued(CH07)


@pytest.fixture(scope="module")
def moons():
    X, y = make_moons(n_samples=1000, noise=0.2, random_state=42)
    scaler = StandardScaler().fit(X)
    X = scaler.transform(X)
    w = compute_class_weight(class_weight="balanced", classes=np.unique(y), y=y)
    s = LogisticRegression(C=1, class_weight={0: w[0], 1: w[1]}).fit(X, y).predict_proba(X)[:, 1]
    return X, y, s, scaler


def test_tutorial_matrix_and_rates(g7, moons):
    """The chapter's one sentence on the tutorial's matrix (its "Checking the source" box until
    the fourth edition): no score is exactly 0.5, so the tutorial's rule ``>`` and the rule
    ``>=`` give the same matrix, its printed one cell for cell."""
    _, y, s, _ = moons
    assert np.sum(s == 0.5) == 0
    assert confusion_matrix(y, s > 0.5).tolist() == TUTORIAL_PRINTED
    assert confusion_matrix(y, s >= 0.5).tolist() == TUTORIAL_PRINTED
    assert "No score is exactly 0.5, so the rules `>` and `>=` give the same matrix" in prose(CH07)
    (tn, fp), (fn, tp) = TUTORIAL_PRINTED
    assert close((tp + tn) / 1000, g7["moons_acc"])
    assert close(tn / (tn + fp), g7["moons_tnr"])
    assert close(tp / (tp + fn), g7["moons_tpr"])
    assert close(tp / (tp + fp), g7["moons_precision"])
    assert g7["moons_err"] == fp + fn


@pytest.fixture(scope="module")
def svm_scores(moons):
    X, y, _, _ = moons
    svm = CalibratedClassifierCV(SVC(kernel="rbf"), ensemble=False).fit(X, y)
    raw = svm.calibrated_classifiers_[0].estimator.decision_function(X)
    return svm.predict_proba(X)[:, 1], raw


def test_platt_scaling_keeps_the_svm_auc(g7, moons, svm_scores):
    _, y, _, _ = moons
    s_svm, raw = svm_scores
    assert roc_auc_score(y, s_svm) == pytest.approx(roc_auc_score(y, raw), abs=1e-12)
    assert close(roc_auc_score(y, s_svm), g7["moons_auc_svm"])


def test_the_svm_curve_dominates(moons, svm_scores):
    """Above every point of the logistic regression's ROC curve lies a point of the SVM's."""
    _, y, s_lr, _ = moons
    fpr_lr, tpr_lr, _ = roc_curve(y, s_lr)
    fpr_svm, tpr_svm, _ = roc_curve(y, svm_scores[0])
    assert all(tpr_svm[fpr_svm <= f].max() >= t for f, t in zip(fpr_lr, tpr_lr))


def test_cost_thresholds_by_brute_force(g7, moons):
    _, y, s, _ = moons
    thr1, cost1 = brute_best_threshold(y, s, 1.0, 1.0)
    thr2, _ = brute_best_threshold(y, s, 1.0, 2.0)
    thr5, _ = brute_best_threshold(y, s, 1.0, 5.0)
    thr02, _ = brute_best_threshold(y, s, 1.0, 0.2)
    assert close(thr1, g7["moons_cost1_thr"]) and close(cost1, g7["moons_cost1_cost"])
    assert thr5 == thr2 and close(thr5, g7["moons_cost5_thr"])    # ratios 2 and 5 agree
    assert close(thr02, g7["moons_cost02_thr"])
    # Youden's J by brute force: with P = N, equal costs and J pick the same threshold
    j = {t: np.mean(s[y == 1] >= t) - np.mean(s[y == 0] >= t) for t in np.unique(s)}
    best_j = max(j.values())
    youden = max(t for t, v in j.items() if v == best_j)
    assert youden == thr1 and close(youden, g7["moons_youden_thr"])
    assert cost1 == pytest.approx((1 - best_j) / 2)


def test_cross_validated_curves(g7, moons):
    X, y, _, _ = moons
    aucs, held = [], []
    for train, test in StratifiedKFold(5, shuffle=True, random_state=0).split(X, y):
        s = LogisticRegression(C=1).fit(X[train], y[train]).predict_proba(X[test])[:, 1]
        aucs.append(roc_auc_score(y[test], s))
        held.append((y[test], s))
    assert close(np.mean(aucs), g7["cv_auc_mean"])
    assert close(np.std(aucs, ddof=1), g7["cv_auc_sd"])
    assert close(min(aucs), g7["cv_auc_min"])
    assert close(max(aucs), g7["cv_auc_max"])
    # the threshold-averaged point at the glued threshold, from sklearn's curves: the point of
    # each fold at θ is the last one whose threshold is >= θ
    t = g7["cv_mid_thr"]
    fprs, tprs = [], []
    for yf, sf in held:
        fpr, tpr, thresholds = roc_curve(yf, sf, drop_intermediate=False)
        k = np.flatnonzero(thresholds >= t)[-1]
        fprs.append(fpr[k])
        tprs.append(tpr[k])
    assert close(np.mean(fprs), g7["cv_mid_fpr"])
    assert close(np.mean(tprs), g7["cv_mid_tpr"])


def test_tuned_threshold_and_the_peeked_one(g7, moons):
    X, y, _, scaler = moons
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, stratify=y,
                                                        random_state=0)
    scorer = make_scorer(cost, greater_is_better=False, c_fp=5.0, c_fn=1.0)
    tuned = TunedThresholdClassifierCV(LogisticRegression(C=1), scoring=scorer,
                                       cv=5).fit(X_train, y_train)
    assert close(tuned.best_threshold_, g7["tune_tuned_thr"])
    s_test = tuned.estimator_.predict_proba(X_test)[:, 1]
    peeked, peeked_cost = brute_best_threshold(y_test, s_test, 5.0, 1.0)
    assert close(peeked, g7["tune_peeked_thr"])
    assert close(peeked_cost, g7["tune_peeked_test"])
    tuned_cost = cost(y_test, tuned.predict(X_test), 5.0, 1.0)
    assert close(tuned_cost, g7["tune_tuned_test"])
    assert peeked_cost <= tuned_cost                    # chosen on the test set: never worse there
    X_new, y_new = make_moons(n_samples=20000, noise=0.2, random_state=1)
    s_new = tuned.estimator_.predict_proba(scaler.transform(X_new))[:, 1]
    assert close(cost(y_new, s_new >= tuned.best_threshold_, 5.0, 1.0), g7["tune_tuned_new"])
    assert close(cost(y_new, s_new >= peeked, 5.0, 1.0), g7["tune_peeked_new"])
    # the peeked threshold's test cost flatters it: on new emails it costs more
    assert g7["tune_peeked_new"] > g7["tune_peeked_test"]


# =============================================================================================
# chapter 8
# =============================================================================================
@pytest.fixture(scope="module")
def g8():
    return glued(CH08)


Y = np.array([0, 0, 0, 1, 1, 1, 2, 2, 2])
S = np.array([[6, 3, 1], [4, 2, 4], [3, 5, 2], [2, 6, 2], [5, 4, 1], [1, 3, 6],
              [2, 1, 7], [3, 4, 3], [1, 2, 7]]) / 10


def exact_pair_auc(y, s_tenths, i, j) -> Fraction:
    """A(i|j) as an exact fraction: class i against class j, ranked by column i (the scores
    as integers, tenths, in the chapter's example)."""
    keep = (y == i) | (y == j)
    return auc_pairs(y[keep] == i, np.asarray(s_tenths)[keep, i], exact=True)


def test_small_example_pairwise_and_m(g8):
    tenths = np.rint(S * 10).astype(int).tolist()
    A = {(i, j): exact_pair_auc(Y, tenths, i, j) for i, j in permutations(range(3), 2)}
    for (i, j), value in A.items():
        assert g8[f"mc_A{i}{j}"] == str(value)
    M = sum((A[i, j] + A[j, i]) / 2 for i, j in combinations(range(3), 2)) / 3
    assert g8["mc_M_frac"] == str(M)
    assert close(roc_auc_score(Y, S, multi_class="ovo"), g8["mc_M"])
    # the ordered reading of the slides' formula divides a 6-term sum by 3
    assert close(float(sum(A.values()) / 3), g8["mc_ordered_wrong"])
    # one-vs-rest: with equal class sizes the macro average is M; micro is sklearn's
    assert close(float(M), g8["mc_ovr_macro"])
    assert close(roc_auc_score(Y, S, multi_class="ovr"), g8["mc_ovr_macro"])
    assert close(roc_auc_score(Y, S, multi_class="ovr", average="micro"), g8["mc_ovr_micro"])


def test_one_vs_rest_is_a_size_weighted_mixture():
    """The identity chapter 8 states, by pair counting on the example and its tripled copy."""
    rows = np.concatenate([np.flatnonzero(Y != 2), np.repeat(np.flatnonzero(Y == 2), 3)])
    for y, s in ((Y, S), (Y[rows], S[rows])):
        sizes = np.bincount(y)
        per_class = roc_auc_score(y, s, multi_class="ovr", average=None)
        for k in range(3):
            others = [j for j in range(3) if j != k]
            pair = {j: float(exact_pair_auc(y, s, k, j)) for j in others}
            assert per_class[k] == pytest.approx(
                sum(sizes[j] * pair[j] for j in others) / sizes[others].sum())


def test_tripled_spam(g8):
    rows = np.concatenate([np.flatnonzero(Y != 2), np.repeat(np.flatnonzero(Y == 2), 3)])
    y3, s3 = Y[rows], S[rows]
    assert roc_auc_score(y3, s3, multi_class="ovo") == pytest.approx(
        roc_auc_score(Y, S, multi_class="ovo"))
    assert close(roc_auc_score(y3, s3, multi_class="ovr"), g8["mc_ovr_macro3"])
    assert close(roc_auc_score(y3, s3, multi_class="ovr", average="micro"), g8["mc_ovr_micro3"])
    assert close(roc_auc_score(y3, s3, multi_class="ovo", average="weighted"),
                 g8["mc_ovo_weighted3"])


def test_email_sorter(g8):
    X, yb = make_blobs(n_samples=3000, centers=[[0, 0], [2, 0], [1, 1.5]], cluster_std=1.0,
                       random_state=0)
    model = LogisticRegression().fit(X[:1500], yb[:1500])
    y, s = yb[1500:], model.predict_proba(X[1500:])
    assert close(roc_auc_score(y, s, multi_class="ovo"), g8["mc_test_M"])
    assert close(roc_auc_score(y, s, multi_class="ovr"), g8["mc_test_ovr"])
    assert close(roc_auc_score(y, s, multi_class="ovr", average="micro"), g8["mc_test_micro"])
    assert g8["mc_test_sizes"] == ", ".join(map(str, np.bincount(y)))
    for i, j in permutations(range(3), 2):            # the pairwise ROC panels' areas
        keep = (y == i) | (y == j)
        assert close(roc_auc_score(y[keep] == i, s[keep, i]), g8[f"mc_test_A{i}{j}"])
    kept = np.sort(np.concatenate([np.flatnonzero(y == 0)[::4], np.flatnonzero(y != 0)]))
    assert close(roc_auc_score(y[kept], s[kept], multi_class="ovr"), g8["mc_ex4_macro_after"])
    assert close(roc_auc_score(y[kept], s[kept], multi_class="ovo"), g8["mc_ex4_M_after"])


def test_exercise_2_new_m(g8):
    tenths = np.rint(S * 10).astype(int).tolist()
    tenths[8] = [7, 2, 1]
    A2 = {(i, j): exact_pair_auc(Y, tenths, i, j) for i, j in permutations(range(3), 2)}
    M2 = sum((A2[i, j] + A2[j, i]) / 2 for i, j in combinations(range(3), 2)) / 3
    assert g8["mc_ex2_M_frac"] == str(M2)
    original = np.rint(S * 10).astype(int).tolist()
    changed = [f"A({i}|{j})" for i, j in permutations(range(3), 2)
               if A2[i, j] != exact_pair_auc(Y, original, i, j)]
    assert g8["mc_ex2_changed"] == ", ".join(changed)
