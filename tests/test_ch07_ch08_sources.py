"""Chapters 7 (one model end to end) and 8 (more than two classes): the numbers they glue,
each recomputed here independently (scikit-learn, brute force, exact fractions), the source's
printed numbers, and the chapters' form (no asserts in the flow, self-checks, solutions whose
shown code is the code that ran)."""

from __future__ import annotations

import ast
import re
from fractions import Fraction
from itertools import combinations, permutations
from pathlib import Path

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
from notebook_cells import cells

CHAPTERS = Path(__file__).resolve().parent.parent / "chapters"
CH07 = CHAPTERS / "07_end_to_end.ipynb"
CH08 = CHAPTERS / "08_multiclass.ipynb"
TUTORIAL_PRINTED = [[435, 65], [64, 436]]      # the tutorial's printed confusion matrix


def glued_values(path) -> dict:
    """The values a chapter glues, by name (their plain-text form)."""
    values = {}
    for cell in cells(path):
        for output in cell.get("outputs", []):
            name = output.get("metadata", {}).get("scrapbook", {}).get("name")
            if name:
                values[name] = output["data"].get("application/papermill.record/text/plain")
    return values


def number(text: str) -> float:
    return float(text.strip("'"))


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
    return glued_values(CH07)


@pytest.fixture(scope="module")
def moons():
    X, y = make_moons(n_samples=1000, noise=0.2, random_state=42)
    scaler = StandardScaler().fit(X)
    X = scaler.transform(X)
    w = compute_class_weight(class_weight="balanced", classes=np.unique(y), y=y)
    s = LogisticRegression(C=1, class_weight={0: w[0], 1: w[1]}).fit(X, y).predict_proba(X)[:, 1]
    return X, y, s, scaler


def test_tutorial_matrix_and_rates(g7, moons):
    _, y, s, _ = moons
    assert confusion_matrix(y, s > 0.5).tolist() == TUTORIAL_PRINTED
    assert confusion_matrix(y, s >= 0.5).tolist() == TUTORIAL_PRINTED
    assert g7["moons_same_cells"] == "True" and g7["moons_same_rule"] == "True"
    assert g7["moons_n_at_half"] == "0"
    (tn, fp), (fn, tp) = TUTORIAL_PRINTED
    assert number(g7["moons_acc"]) == pytest.approx((tp + tn) / 1000)
    assert number(g7["moons_tnr"]) == pytest.approx(tn / (tn + fp))
    assert number(g7["moons_tpr"]) == pytest.approx(tp / (tp + fn))
    assert number(g7["moons_precision"]) == pytest.approx(tp / (tp + fp))
    assert g7["moons_err"] == str(fp + fn)


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
    assert number(g7["moons_auc_svm"]) == pytest.approx(roc_auc_score(y, s_svm), abs=1e-12)


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
    assert number(g7["moons_cost1_thr"]) == thr1 and number(g7["moons_cost1_cost"]) == cost1
    assert number(g7["moons_cost5_thr"]) == thr5 == thr2          # ratios 2 and 5 agree
    assert number(g7["moons_cost02_thr"]) == thr02
    # Youden's J by brute force: with P = N, equal costs and J pick the same threshold
    j = {t: np.mean(s[y == 1] >= t) - np.mean(s[y == 0] >= t) for t in np.unique(s)}
    best_j = max(j.values())
    assert number(g7["moons_youden_thr"]) == max(t for t, v in j.items() if v == best_j) == thr1
    assert cost1 == pytest.approx((1 - best_j) / 2)


def test_cross_validated_curves(g7, moons):
    X, y, _, _ = moons
    aucs, held = [], []
    for train, test in StratifiedKFold(5, shuffle=True, random_state=0).split(X, y):
        s = LogisticRegression(C=1).fit(X[train], y[train]).predict_proba(X[test])[:, 1]
        aucs.append(roc_auc_score(y[test], s))
        held.append((y[test], s))
    assert number(g7["cv_auc_mean"]) == pytest.approx(np.mean(aucs), abs=1e-12)
    assert number(g7["cv_auc_sd"]) == pytest.approx(np.std(aucs, ddof=1), abs=1e-12)
    assert number(g7["cv_auc_min"]) == pytest.approx(min(aucs), abs=1e-12)
    assert number(g7["cv_auc_max"]) == pytest.approx(max(aucs), abs=1e-12)
    # the threshold-averaged point at the glued threshold, from sklearn's curves: the point of
    # each fold at θ is the last one whose threshold is >= θ
    t = number(g7["cv_mid_thr"])
    fprs, tprs = [], []
    for yf, sf in held:
        fpr, tpr, thresholds = roc_curve(yf, sf, drop_intermediate=False)
        k = np.flatnonzero(thresholds >= t)[-1]
        fprs.append(fpr[k])
        tprs.append(tpr[k])
    assert number(g7["cv_mid_fpr"]) == pytest.approx(np.mean(fprs), abs=1e-12)
    assert number(g7["cv_mid_tpr"]) == pytest.approx(np.mean(tprs), abs=1e-12)


def test_tuned_threshold_and_the_peeked_one(g7, moons):
    X, y, _, scaler = moons
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, stratify=y,
                                                        random_state=0)
    scorer = make_scorer(cost, greater_is_better=False, c_fp=5.0, c_fn=1.0)
    tuned = TunedThresholdClassifierCV(LogisticRegression(C=1), scoring=scorer,
                                       cv=5).fit(X_train, y_train)
    assert number(g7["tune_tuned_thr"]) == pytest.approx(tuned.best_threshold_, abs=1e-12)
    s_test = tuned.estimator_.predict_proba(X_test)[:, 1]
    peeked, peeked_cost = brute_best_threshold(y_test, s_test, 5.0, 1.0)
    assert number(g7["tune_peeked_thr"]) == pytest.approx(peeked, abs=1e-12)
    assert number(g7["tune_peeked_test"]) == pytest.approx(peeked_cost, abs=1e-12)
    tuned_cost = cost(y_test, tuned.predict(X_test), 5.0, 1.0)
    assert number(g7["tune_tuned_test"]) == pytest.approx(tuned_cost, abs=1e-12)
    assert peeked_cost <= tuned_cost                    # chosen on the test set: never worse there
    X_new, y_new = make_moons(n_samples=20000, noise=0.2, random_state=1)
    s_new = tuned.estimator_.predict_proba(scaler.transform(X_new))[:, 1]
    assert number(g7["tune_tuned_new"]) == pytest.approx(cost(y_new, s_new >= tuned.best_threshold_,
                                                              5.0, 1.0), abs=1e-12)
    assert number(g7["tune_peeked_new"]) == pytest.approx(cost(y_new, s_new >= peeked, 5.0, 1.0),
                                                          abs=1e-12)
    # the peeked threshold's test cost flatters it: on new emails it costs more
    assert number(g7["tune_peeked_new"]) > number(g7["tune_peeked_test"])


# =============================================================================================
# chapter 8
# =============================================================================================
@pytest.fixture(scope="module")
def g8():
    return glued_values(CH08)


Y = np.array([0, 0, 0, 1, 1, 1, 2, 2, 2])
S = np.array([[6, 3, 1], [4, 2, 4], [3, 5, 2], [2, 6, 2], [5, 4, 1], [1, 3, 6],
              [2, 1, 7], [3, 4, 3], [1, 2, 7]]) / 10


def exact_pair_auc(y, s_tenths, i, j) -> Fraction:
    """A(i|j) as an exact fraction, from integer scores (tenths)."""
    above = [s[i] for s, t in zip(s_tenths, y) if t == i]
    below = [s[i] for s, t in zip(s_tenths, y) if t == j]
    won = sum(Fraction(1) if a > b else Fraction(1, 2) if a == b else Fraction(0)
              for a in above for b in below)
    return won / (len(above) * len(below))


def test_small_example_pairwise_and_m(g8):
    tenths = np.rint(S * 10).astype(int).tolist()
    A = {(i, j): exact_pair_auc(Y, tenths, i, j) for i, j in permutations(range(3), 2)}
    for (i, j), value in A.items():
        assert g8[f"mc_A{i}{j}"] == repr(str(value))
    M = sum((A[i, j] + A[j, i]) / 2 for i, j in combinations(range(3), 2)) / 3
    assert g8["mc_M_frac"] == repr(str(M))
    assert number(g8["mc_M"]) == pytest.approx(roc_auc_score(Y, S, multi_class="ovo"))
    # the ordered reading of the slides' formula divides a 6-term sum by 3
    assert number(g8["mc_ordered_wrong"]) == pytest.approx(float(sum(A.values()) / 3))
    # one-vs-rest: with equal class sizes the macro average is M; micro is sklearn's
    assert number(g8["mc_ovr_macro"]) == pytest.approx(float(M))
    assert number(g8["mc_ovr_macro"]) == pytest.approx(roc_auc_score(Y, S, multi_class="ovr"))
    assert number(g8["mc_ovr_micro"]) == pytest.approx(
        roc_auc_score(Y, S, multi_class="ovr", average="micro"))


def test_one_vs_rest_is_a_size_weighted_mixture():
    """The identity chapter 8 states, by pair counting on the example and its tripled copy."""
    rows = np.concatenate([np.flatnonzero(Y != 2), np.repeat(np.flatnonzero(Y == 2), 3)])
    for y, s in ((Y, S), (Y[rows], S[rows])):
        sizes = np.bincount(y)
        per_class = roc_auc_score(y, s, multi_class="ovr", average=None)
        for k in range(3):
            others = [j for j in range(3) if j != k]
            pair = {j: np.mean((s[y == k, k][:, None] > s[y == j, k][None, :])
                               + 0.5 * (s[y == k, k][:, None] == s[y == j, k][None, :]))
                    for j in others}
            assert per_class[k] == pytest.approx(
                sum(sizes[j] * pair[j] for j in others) / sizes[others].sum())


def test_tripled_spam(g8):
    rows = np.concatenate([np.flatnonzero(Y != 2), np.repeat(np.flatnonzero(Y == 2), 3)])
    y3, s3 = Y[rows], S[rows]
    assert roc_auc_score(y3, s3, multi_class="ovo") == pytest.approx(
        roc_auc_score(Y, S, multi_class="ovo"))
    assert number(g8["mc_ovr_macro3"]) == pytest.approx(roc_auc_score(y3, s3, multi_class="ovr"))
    assert number(g8["mc_ovr_micro3"]) == pytest.approx(
        roc_auc_score(y3, s3, multi_class="ovr", average="micro"))
    assert number(g8["mc_ovo_weighted3"]) == pytest.approx(
        roc_auc_score(y3, s3, multi_class="ovo", average="weighted"))


def test_email_sorter(g8):
    X, yb = make_blobs(n_samples=3000, centers=[[0, 0], [2, 0], [1, 1.5]], cluster_std=1.0,
                       random_state=0)
    model = LogisticRegression().fit(X[:1500], yb[:1500])
    y, s = yb[1500:], model.predict_proba(X[1500:])
    assert number(g8["mc_test_M"]) == pytest.approx(roc_auc_score(y, s, multi_class="ovo"))
    assert number(g8["mc_test_ovr"]) == pytest.approx(roc_auc_score(y, s, multi_class="ovr"))
    assert number(g8["mc_test_micro"]) == pytest.approx(
        roc_auc_score(y, s, multi_class="ovr", average="micro"))
    assert g8["mc_test_sizes"] == repr(", ".join(map(str, np.bincount(y))))
    for i, j in permutations(range(3), 2):            # the pairwise ROC panels' areas
        keep = (y == i) | (y == j)
        assert number(g8[f"mc_test_A{i}{j}"]) == pytest.approx(
            roc_auc_score(y[keep] == i, s[keep, i]), abs=1e-12)
    kept = np.sort(np.concatenate([np.flatnonzero(y == 0)[::4], np.flatnonzero(y != 0)]))
    assert number(g8["mc_ex4_macro_after"]) == pytest.approx(
        roc_auc_score(y[kept], s[kept], multi_class="ovr"))
    assert number(g8["mc_ex4_M_after"]) == pytest.approx(
        roc_auc_score(y[kept], s[kept], multi_class="ovo"))


def test_exercise_2_new_m(g8):
    tenths = np.rint(S * 10).astype(int).tolist()
    tenths[8] = [7, 2, 1]
    A2 = {(i, j): exact_pair_auc(Y, tenths, i, j) for i, j in permutations(range(3), 2)}
    M2 = sum((A2[i, j] + A2[j, i]) / 2 for i, j in combinations(range(3), 2)) / 3
    assert g8["mc_ex2_M_frac"] == repr(str(M2))
    original = np.rint(S * 10).astype(int).tolist()
    changed = [f"A({i}|{j})" for i, j in permutations(range(3), 2)
               if A2[i, j] != exact_pair_auc(Y, original, i, j)]
    assert g8["mc_ex2_changed"] == repr(", ".join(changed))


# =============================================================================================
# the chapters' form
# =============================================================================================
FENCED = re.compile(r"```python\n(.*?)\n```", re.S)


def only_glue(code: str) -> bool:
    """Every top-level statement is a glue(...) call, or a for loop of glue(...) calls."""
    def is_glue(stmt):
        return (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
                and getattr(stmt.value.func, "id", None) == "glue")
    return all(is_glue(s) or (isinstance(s, ast.For) and all(is_glue(b) for b in s.body))
               for s in ast.parse(code).body)


@pytest.mark.parametrize("path", [CH07, CH08], ids=lambda p: p.stem)
def test_shown_solution_code_is_the_code_that_ran(path):
    """A dropdown that shows code is preceded by the cell that ran exactly that code (then only
    glued its results)."""
    nb = cells(path)
    checked = 0
    for k, cell in enumerate(nb):
        text = "".join(cell["source"])
        if cell["cell_type"] != "markdown" or ":::{dropdown}" not in text:
            continue
        for fenced in FENCED.findall(text):
            ran = "".join(nb[k - 1]["source"])
            assert nb[k - 1]["cell_type"] == "code" and "remove-cell" in nb[k - 1]["metadata"].get(
                "tags", []), f"cell {k - 1} should run the code shown in cell {k}"
            assert ran.startswith(fenced + "\n"), f"cell {k} shows code cell {k - 1} did not run"
            assert only_glue(ran[len(fenced):]), f"cell {k - 1} does more than the code shown"
            checked += 1
    assert checked >= 2


@pytest.mark.parametrize("path", [CH07, CH08], ids=lambda p: p.stem)
def test_lesson_form(path):
    nb = cells(path)
    code = [c for c in nb if c["cell_type"] == "code"]
    assert not [c["id"] for c in code if re.search(r"^\s*assert\b", "".join(c["source"]), re.M)]
    checks = [c for c in code if "ec.self_check(" in "".join(c["source"])]
    assert len(checks) >= 2
    assert all("remove-input" in c["metadata"].get("tags", []) for c in checks)
    text = "".join("".join(c["source"]) for c in nb if c["cell_type"] == "markdown")
    assert "Predict before you compute" in text
    assert "hidden cell" not in text
