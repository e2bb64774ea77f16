"""Chapters 15-19 (costs, cost curves, partial AUC, precision-recall done right, calibration):
the checks that used to sit in the chapters' hidden cells, out of the chapters' flow.

Every expected value comes from a brute-force recount written in this file (thresholds swept
one by one, areas integrated numerically with scipy), from scikit-learn, from a number a
source prints (the authors' AUPRG example, 0.7083), or from an identity (Murphy's Brier
decomposition, Stephenson et al.'s exact form with bins). Where a chapter glues a number, the
test reads the glued value from the stored notebook and recomputes it independently, to the
tolerance of stored_outputs.py (the stored value was computed where the notebook last ran).
The chapters' form (the code a solution shows is the code that ran, no asserts, self-checks,
a "predict before you compute" exercise) is checked for every chapter in
test_chapter_form.py.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from scipy.integrate import quad
from sklearn.datasets import make_moons
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import brier_score_loss, log_loss, roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

import evalcore as ec
from evalcore.reference import operating_points
from conftest import ROOT
from notebook_cells import cells, glued, prose, source
from stored_outputs import ATOL, RTOL, close

CHAPTERS = ROOT / "chapters"
CH15 = CHAPTERS / "15_costs.ipynb"
CH16 = CHAPTERS / "16_hull_cost_curves.ipynb"
CH17 = CHAPTERS / "17_partial_auc_thresholds.ipynb"
CH18 = CHAPTERS / "18_pr_done_right.ipynb"
CH19 = CHAPTERS / "19_calibration.ipynb"
ALL = [CH15, CH16, CH17, CH18, CH19]


# --- brute-force references (the counts at each threshold: evalcore.reference) ----------------
def all_points(y, s):
    """(threshold, FPR, TPR) for inf and every distinct score, recounted."""
    return [(t, fp / (fp + tn), tp / (tp + fn)) for t, tp, fp, fn, tn in operating_points(y, s)]


def brute_cost(y, s, cost_fp, cost_fn, prior):
    return min(cost_fn * prior * (1 - tpr) + cost_fp * (1 - prior) * fpr
               for _, fpr, tpr in all_points(y, s))


def upper_hull(points):
    """Andrew's monotone chain, upper part, of (FPR, TPR) points plus (0, 0) and (1, 1)."""
    pts = sorted(set([(0.0, 0.0), (1.0, 1.0), *points]))
    hull = []
    for p in pts:
        while len(hull) >= 2:
            (x1, y1), (x2, y2) = hull[-2], hull[-1]
            if (x2 - x1) * (p[1] - y1) - (y2 - y1) * (p[0] - x1) >= 0:
                hull.pop()                      # not a clockwise turn: (x2, y2) is not a vertex
            else:
                break
        hull.append(p)
    return hull


def moons(n=2000):
    X, y = make_moons(n_samples=n, noise=0.3, random_state=0)
    return train_test_split(X, y, test_size=0.5, random_state=0, stratify=y)


@pytest.fixture(scope="module")
def moons_scores():
    X_train, X_test, y_train, y_test = moons()
    return {
        "X_train": X_train, "X_test": X_test, "y_train": y_train, "y_test": y_test,
        "svm": SVC(kernel="rbf", C=1.0).fit(X_train, y_train).decision_function(X_test),
        "logistic": LogisticRegression().fit(X_train, y_train).predict_proba(X_test)[:, 1],
        "tree": DecisionTreeClassifier(max_depth=2, random_state=0).fit(
            X_train, y_train).predict_proba(X_test)[:, 1],
    }


def tied_case(seed=3, n=300):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    return y, np.round(rng.random(n) + 0.4 * y, 1)


# --- chapter 15: costs and the hull -------------------------------------------------------------
def test_murphy_classifier_2_hull_is_the_brute_force_upper_hull():
    y, s = (np.asarray(a) for a in ec.murphy_classifier(2))
    points = [(f, r) for _, f, r in all_points(y, s)]
    expected = upper_hull(points)
    hull = ec.roc_convex_hull(y, s)
    assert np.column_stack((hull.fpr, hull.tpr)) == pytest.approx(np.array(expected))
    g = glued(CH15)
    assert g["m2_points"] == len(points) and g["m2_vertices"] == len(expected)
    off = [t for t, f, r in all_points(y, s) if (f, r) not in expected]
    assert g["m2_inside"] == ", ".join(f"{t:g}" for t in off)
    assert g["m2_under_point"] == "(0.5, 0.8)"       # below the edge (0.25, 0.8)-(0.75, 1)


@pytest.mark.parametrize("case", ["murphy 2", "tied"])
@pytest.mark.parametrize("cost_fn,prior", [(1, 0.5), (5, 0.05), (0.25, 0.3), (50, 0.01)])
def test_the_hull_vertex_costs_what_a_search_of_every_threshold_finds(case, cost_fn, prior):
    y, s = (np.asarray(a) for a in (ec.murphy_classifier(2) if case == "murphy 2"
                                    else tied_case()))
    best = ec.optimal_operating_point(y, s, cost_fp=1, cost_fn=cost_fn, prior_pos=prior)
    assert best.value == pytest.approx(brute_cost(y, s, 1, cost_fn, prior), abs=1e-12)


def test_chapter_10_screening_and_svm_numbers(moons_scores):
    g = glued(CH15)
    # the screening test: 50 * 0.01 * 0.1 + 1 * 0.99 * 0.1, by hand
    assert close(50 * 0.01 * 0.1 + 0.99 * 0.1, g["scr_cost"])
    assert close(0.99 / (50 * 0.01), g["scr_slope"])
    assert close(50 * 0.01, g["scr_nobody"])
    y, s = moons_scores["y_test"], moons_scores["svm"]
    # the slides' cost C1 FP/n + C2 FN/n, minimized over every threshold by brute force
    n = y.size
    search = min((1 * fp + 5 * fn) / n for _, tp, fp, fn, tn in operating_points(y, s))
    assert close(search, g["svm_best_cost"]) and close(search, g["svm_search_cost"])
    assert close(brute_cost(y, s, 1, 5, 0.05), g["deploy_cost"])
    assert close(brute_cost(y, s, 1, 5, 0.001), g["ex1_cost"])
    # the threshold kept from the balanced test set costs more at prevalence 0.05
    assert g["deploy_wrong_cost"] > g["deploy_cost"]


def test_chapter_10_exercise_2_range_contains_the_slope():
    g = glued(CH15)
    assert g["ex2_low"] == pytest.approx(0.4) and g["ex2_high"] == pytest.approx(0.8)
    assert g["ex2_low"] <= g["ex2_slope"] <= g["ex2_high"]
    assert (g["ex2_fpr"], g["ex2_tpr"]) == pytest.approx((0.25, 0.8))


# --- chapter 16: cost curves ---------------------------------------------------------------------
def brute_envelope(y, s, pc):
    return min((1 - tpr) * pc + fpr * (1 - pc) for _, fpr, tpr in all_points(y, s))


@pytest.mark.parametrize("case", ["murphy 2", "tied"])
def test_cost_curve_is_the_brute_force_envelope(case):
    y, s = (np.asarray(a) for a in (ec.murphy_classifier(2) if case == "murphy 2"
                                    else tied_case()))
    grid = np.linspace(0, 1, 41)
    curve = ec.cost_curve(y, s, probability_cost=grid)
    assert curve.normalized_cost == pytest.approx([brute_envelope(y, s, pc) for pc in grid])


def test_chapter_11_fraud_deployment_and_bands(moons_scores):
    g = glued(CH16)
    y = moons_scores["y_test"]
    pc = 0.005 * 100 / (0.005 * 100 + 0.995 * 1)
    assert close(pc, g["pc_fraud"])
    nec = {name: brute_envelope(y, moons_scores[name], pc) for name in ("logistic", "tree")}
    assert close(nec["logistic"], g["fraud_nec_log"])
    assert close(nec["tree"], g["fraud_nec_tree"])
    assert g["fraud_winner"] == min(nec, key=nec.get)
    # the curves cross: each classifier is strictly cheaper somewhere, and the shares add up
    assert 0 < g["share_log"] < 1 and 0 < g["share_tree"] < 1
    assert g["share_log"] + g["share_tree"] <= 1
    # the prose: two crossings, logistic cheaper at both ends, the tree in the middle
    assert g["n_bands"] == 3
    cheaper = {pc_probe: min(("logistic", "tree"),
                             key=lambda k: brute_envelope(y, moons_scores[k], pc_probe))
               for pc_probe in (0.1, 0.5, 0.9)}
    assert cheaper == {0.1: "logistic", 0.5: "tree", 0.9: "logistic"}
    assert close(roc_auc_score(y, moons_scores["logistic"]), g["auc_log"])
    assert close(roc_auc_score(y, moons_scores["tree"]), g["auc_tree"])
    assert close(pc, g["ex1_pc"])                                 # doubling both costs
    assert g["ex3_nec"] == pytest.approx(g["ex3_hull"])


# --- chapter 17: partial AUC and the Neyman-Pearson threshold -------------------------------------
def roc_polyline(y, s):
    pts = all_points(y, s)
    return np.array([f for _, f, _ in pts] + [1.0]), np.array([r for _, _, r in pts] + [1.0])


def fpr_band_area(y, s, lo, hi):
    """The area under the ROC polyline between FPR lo and hi, by quad between its knots."""
    fpr, tpr = roc_polyline(y, s)
    knots = sorted({lo, hi, *[x for x in fpr.tolist() if lo < x < hi]})
    return sum(quad(lambda x: np.interp(x, fpr, tpr), a, b)[0]
               for a, b in zip(knots[:-1], knots[1:]))


def tpr_band_area(y, s, lo, hi):
    """The area between the ROC polyline and FPR = 1 for TPR in [lo, hi], by quad."""
    fpr, tpr = roc_polyline(y, s)
    knots = sorted({lo, hi, *[x for x in tpr.tolist() if lo < x < hi]})
    return sum(quad(lambda t: 1 - np.interp(t, tpr, fpr), a, b)[0]
               for a, b in zip(knots[:-1], knots[1:]))


def test_partial_auc_against_scikit_learn_and_integration(moons_scores):
    g = glued(CH17)
    y = moons_scores["y_test"]
    for name, key in (("svm", "svm"), ("logistic", "logreg")):
        s = moons_scores[name]
        assert close(roc_auc_score(y, s, max_fpr=0.05), g[f"pauc_std_{key}"])
        assert g[f"pauc_{key}"] == pytest.approx(fpr_band_area(y, s, 0.0, 0.05), abs=1e-9)


def test_tpr_band_is_the_specificity_integrated_over_sensitivity(moons_scores):
    g = glued(CH17)
    y = moons_scores["y_test"]
    for name, key in (("svm", "svm"), ("logistic", "logreg")):
        area = tpr_band_area(y, moons_scores[name], 0.9, 1.0)
        assert g[f"tpr_band_{key}"] == pytest.approx(area / 0.1, abs=1e-9)


def brute_neyman_pearson(y, s, max_fpr):
    feasible = [(tpr, -fpr, t) for t, fpr, tpr in all_points(y, s) if fpr <= max_fpr + 1e-12]
    tpr, neg_fpr, t = max(feasible)
    return t, tpr, -neg_fpr


def test_neyman_pearson_choice_is_the_best_feasible_threshold(moons_scores):
    g = glued(CH17)
    y = moons_scores["y_test"]
    for name, key in (("svm", "svm"), ("logistic", "log")):
        t, tpr, fpr = brute_neyman_pearson(y, moons_scores[name], 0.05)
        assert close(tpr, g[f"np_{key}_tpr"])
        assert close(fpr, g[f"np_{key}_fpr"])
    t, tpr, fpr = brute_neyman_pearson(y, moons_scores["svm"], 0.05)
    assert close(t, g["np_svm_thr"])
    y2, s2 = (np.asarray(a) for a in ec.murphy_classifier(2))
    for max_fpr, key in ((0.25, "25"), (0.2, "20")):
        assert (g[f"ex2_thr{key}"], g[f"ex2_tpr{key}"]) == pytest.approx(
            brute_neyman_pearson(y2, s2, max_fpr)[:2], rel=RTOL, abs=ATOL)
    assert abs(g["ex1_pauc"] - 0.5) < 0.01               # random scores: chance gives 1/2


def brute_recall_at_precision(y, s, min_precision):
    """(threshold, precision, recall) of the highest threshold with the largest recall among
    those whose precision is at least ``min_precision``, recounted point by point."""
    best = None
    for t, tp, fp, fn, _ in operating_points(y, s):
        if tp + fp == 0 or tp < min_precision * (tp + fp) * (1 - 1e-12):
            continue
        candidate = (tp / (tp + fn), t, tp / (tp + fp))
        if best is None or candidate[0] > best[0] or (candidate[0] == best[0]
                                                      and candidate[1] > best[1]):
            best = candidate
    recall, t, precision = best
    return t, precision, recall


def test_tuned_thresholds_are_judged_on_the_test_emails_as_the_prose_says(moons_scores):
    """The section on scikit-learn's tuner: its test-set rates recounted at the glued
    threshold are a fresh fit away (the tuner refits), so the checks are what the prose
    states: the tuned SVM's test FPR lies on the side of the limit the text names, and in
    exercise 4 the tuned threshold lies above the one chosen on the test emails, which a
    brute-force search reproduces."""
    g = glued(CH17)
    assert g["np_tuned_side"] == ("above" if g["np_tuned_fpr"] > g["max_fpr"] else "within")
    t, precision, recall = brute_recall_at_precision(moons_scores["y_test"],
                                                     moons_scores["svm"], 0.97)
    assert close(t, g["ex4_peek_thr"])
    assert close(precision, g["ex4_peek_prec"]) and close(recall, g["ex4_peek_recall"])
    assert g["ex4_thr"] > g["ex4_peek_thr"]


# --- chapter 18: precision-recall done right ----------------------------------------------------
def pr_counts(y, s):
    """(TP, FP) at inf and at every distinct score, downwards."""
    return [(tp, fp) for _, tp, fp, _, _ in operating_points(y, s)]


def segment_integrals(y, s):
    """Per segment with TP_B > TP_A: (straight-line area, Davis & Goadrich area) by quad."""
    P = np.sum(y == 1)
    pts = pr_counts(y, s)
    first = next((tp, fp) for tp, fp in pts if tp > 0)
    out = []
    prev_prec = first[0] / (first[0] + first[1])
    for (ta, fa), (tb, fb) in zip(pts[:-1], pts[1:]):
        if tb == ta:
            continue
        skew = (fb - fa) / (tb - ta)
        prec = lambda t: t / (t + fa + skew * (t - ta))
        pa = prev_prec if ta == 0 else ta / (ta + fa)
        pb = tb / (tb + fb)
        straight = (tb - ta) / P * (pa + pb) / 2
        exact = quad(prec, ta, tb)[0] / P if ta > 0 else (
            quad(prec, 1e-12, tb)[0] / P)
        out.append((straight, exact))
        prev_prec = pb
    return out


def rare_case(moons_scores):
    rng = np.random.default_rng(0)
    y = moons_scores["y_test"]
    keep = (y == 0) | (rng.random(y.size) < 0.1)
    return keep


def test_chapter_13_interpolation_numbers(moons_scores):
    g = glued(CH18)
    keep = rare_case(moons_scores)
    y, s = moons_scores["y_test"][keep], moons_scores["tree"][keep]
    assert (g["rare_n"], g["rare_pos"], g["tree_levels"]) == (y.size, int(y.sum()), 4)
    segs = segment_integrals(y, s)
    straight, exact = sum(a for a, _ in segs), sum(b for _, b in segs)
    assert g["pr_exact"] == pytest.approx(exact, abs=1e-9)
    assert ec.pr_auc_interpolated(y, s) == pytest.approx(exact, abs=1e-9)
    assert close(straight, g["pr_straight"])
    excess = [a - b for a, b in segs]
    total = sum(excess)
    # the chapter names the segment with most excess and the last one; the dense numerical
    # integration in the chapter agrees with quad to 1e-4 of the excess
    assert g["pr_worst_share"] == pytest.approx(max(excess) / total, abs=1e-3)
    assert g["pr_last_share"] == pytest.approx(excess[-1] / total, abs=1e-3)
    assert max(excess) != excess[-1]          # the last segment is not where most excess is


def test_chapter_13_states_what_the_numbers_show():
    text = prose(CH18)
    assert "mostly in the last segment" not in text
    assert "pr_worst_share" in text and "pr_last_share" in text


def test_achievable_curve_dominates_and_the_authors_prg_example(moons_scores):
    g = glued(CH18)
    assert g["svm_hull"] >= g["svm_every"]
    assert round(g["auprg_example"], 4) == 0.7083      # printed with the authors' prg code
    keep = rare_case(moons_scores)
    y, s = moons_scores["y_test"][keep], moons_scores["svm"][keep]
    segs = segment_integrals(y, s)
    assert g["ex1_exact"] == pytest.approx(sum(b for _, b in segs), abs=1e-9)
    assert g["ex1_straight"] < g["ex1_exact"]         # distinct scores: lines understate


def test_chapters_use_the_papers_name_for_the_achievable_curve():
    for path in ALL:
        for cell in cells(path):
            for call in re.findall(r"achievable_pr_curve\((.*?)\)", source(cell), re.S):
                assert "hull=True" in call, (path.name, call)


# --- chapter 19: calibration ----------------------------------------------------------------------
def test_brier_and_log_loss_equal_scikit_learn():
    rng = np.random.default_rng(5)
    y, p = rng.integers(0, 2, 500), rng.random(500)
    assert ec.brier_score(y, p) == pytest.approx(brier_score_loss(y, p))
    assert ec.log_loss(y, p) == pytest.approx(log_loss(y, p))


def murphy_parts(y, p, groups):
    y, p = np.asarray(y, float), np.asarray(p, float)
    rel = res = 0.0
    o = y.mean()
    for g in np.unique(groups):
        m = groups == g
        rel += m.sum() * (p[m].mean() - y[m].mean()) ** 2
        res += m.sum() * (y[m].mean() - o) ** 2
    return rel / y.size, res / y.size, o * (1 - o)


@pytest.mark.parametrize("seed", range(5))
def test_brier_decomposition_is_exact_when_forecasts_are_constant_in_each_group(seed):
    rng = np.random.default_rng(seed)
    p = rng.integers(0, 11, 400) / 10                        # eleven forecast values
    y = (rng.random(400) < p).astype(int)
    rel, res, unc = murphy_parts(y, p, p)
    assert brier_score_loss(y, p) == pytest.approx(rel - res + unc, abs=1e-14)


@pytest.mark.parametrize("seed", range(5))
def test_brier_decomposition_with_bins_leaves_the_within_bin_terms(seed):
    """Stephenson, Coelho & Jolliffe (2008): BS = REL - RES + UNC + WBV - WBC exactly."""
    rng = np.random.default_rng(seed)
    p = rng.random(400)
    y = (rng.random(400) < p ** 1.5).astype(int)
    bins = np.minimum((p * 10).astype(int), 9)
    rel, res, unc = murphy_parts(y, p, bins)
    wbv = wbc = 0.0
    for b in np.unique(bins):
        m = bins == b
        wbv += np.sum((p[m] - p[m].mean()) ** 2)
        wbc += 2 * np.sum((y[m] - y[m].mean()) * (p[m] - p[m].mean()))
    assert brier_score_loss(y, p) == pytest.approx(rel - res + unc + (wbv - wbc) / y.size,
                                                   abs=1e-14)


def test_chapter_14_numbers():
    g = glued(CH19)
    assert close(0.01 * 0.99, g["lazy_brier"])               # pi (1 - pi)
    assert g["dec_unc"] == pytest.approx(0.25)                # a stratified, balanced test third
    assert g["dec_iso_gap"] < 1e-12
    assert g["rem_auc_platt"] == g["rem_auc_svm"]            # a strictly increasing map
    assert g["cal_auc"] == g["cal_auc_cubed"]                # cubing keeps the order
    assert g["cal_brier_cubed"] > g["cal_brier"]
    assert g["ex1_auc"] == g["cal_auc"] and g["ex1_below"] == g["ex1_bins"]
    assert close(-np.log(np.finfo(float).eps), g["neg_log_eps"])
