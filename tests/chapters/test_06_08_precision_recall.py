"""Chapters 5 and 5b (precision–recall; its areas) and 6 (hard classifiers) against their
sources, out of the flow.

The chapters teach; the checks that used to interrupt them live here (for the fourth edition,
07_pr_areas handed over its check that copying the negatives is weighting them; its ROC-PR
map and its dominance example are recomputed here by brute force too). Expected values
are the numbers the sources print (Murphy's eq. 14 and Tables 4 and 5, the R note's areas), a
brute-force recount written in this file, scikit-learn, or an identity. The last tests check
that the statements once corrected stay corrected; the chapters' form (the code a dropdown
shows is the code the chapter runs, no code cell asserts, self-checks, a predict-first
exercise, every glued name the prose cites is glued) is checked for every chapter in
test_chapter_form.py.
"""

from __future__ import annotations

import math
import re
import warnings
from pathlib import Path

import numpy as np
import pytest
from sklearn.metrics import average_precision_score, matthews_corrcoef

import evalcore as ec
from conftest import ROOT
from default_credit import default_credit
from notebook_cells import cells, prose, source

CH5 = ROOT / "chapters" / "06_precision_recall.ipynb"
CH5B = ROOT / "chapters" / "07_pr_areas.ipynb"       # the second half: areas, dominance, Default
CH6 = ROOT / "chapters" / "08_hard_classifiers.ipynb"


def random_ties(seed=3, n=400):
    rng = np.random.default_rng(seed)
    return rng.integers(0, 2, size=n), rng.integers(0, 25, size=n) / 25


def spam(ratio=9, seed=11):
    """The chapter's score model: standard normal noise, plus 2 for the positives."""
    rng = np.random.default_rng(seed)
    y = np.r_[np.ones(300, dtype=int), np.zeros(300 * ratio, dtype=int)]
    return y, rng.normal(0, 1, len(y)) + 2.0 * y


def pr_points(y, s):
    """Brute force: (threshold, TP, FP) for every distinct score, rule s >= θ, θ decreasing."""
    y, s = np.asarray(y), np.asarray(s, dtype=float)
    return [(t, int(np.sum((s >= t) & (y == 1))), int(np.sum((s >= t) & (y == 0))))
            for t in sorted(set(s.tolist()), reverse=True)]


# --- chapter 5: precision, recall, F --------------------------------------------------------------
def test_murphys_classifier_2_at_one_quarter():
    cm = ec.confusion_matrix_at(*ec.murphy_classifier(2), 0.25, rule=">")   # Murphy's s > θ
    assert (cm.tp, cm.fp, cm.fn, cm.tn) == (4, 2, 1, 2)
    assert cm.precision == pytest.approx(4 / 6) and cm.recall == pytest.approx(4 / 5)


@pytest.mark.parametrize("alpha", [0.1, 0.2, 0.5, 0.8, 0.9])
def test_f_alpha_is_f_beta_with_beta_squared_from_alpha(alpha):
    cm = ec.confusion_matrix_at(*ec.murphy_classifier(2), 0.25)
    p, r = 4 / 6, 4 / 5
    by_hand = 1 / (alpha / p + (1 - alpha) / r)                    # Murphy's eq. (13)
    assert cm.f_alpha(alpha) == pytest.approx(by_hand, rel=1e-12)
    assert cm.fbeta(math.sqrt((1 - alpha) / alpha)) == pytest.approx(by_hand, rel=1e-12)


def test_f_alpha_ends_are_precision_and_recall():
    cm = ec.confusion_matrix_at(*ec.murphy_classifier(2), 0.25)
    assert cm.f_alpha(1.0) == pytest.approx(cm.precision)
    assert cm.f_alpha(0.0) == pytest.approx(cm.recall)


def test_murphys_eq_14_and_the_percentage_he_prints():
    everything = ec.ConfusionMatrix.from_counts(tp=1, fp=9_999, fn=0, tn=0)
    assert round(everything.f1, 8) == 0.00019998                   # eq. (14) as printed
    assert 100 * everything.f1 == pytest.approx(0.02, abs=1e-4)   # 0.02%, not "0.2%"
    pi = 1e-4
    assert everything.f1 == pytest.approx(2 * pi / (1 + pi), rel=1e-12)


def test_mailbox_recall_stays_and_precision_falls():
    y_home, s_home = spam(ratio=1)
    y_work, s_work = spam(ratio=9)
    home = ec.confusion_matrix_at(y_home, s_home, 1.0, rule=">=")
    work = ec.confusion_matrix_at(y_work, s_work, 1.0, rule=">=")
    assert home.recall == work.recall                              # the same 300 positives
    assert work.precision < home.precision - 0.3


# --- chapter 5: P@k and precision at a recall ------------------------------------------------------
def test_precision_at_k_by_brute_force():
    y, s = spam()
    order = sorted(range(len(s)), key=lambda i: -s[i])
    for k in (1, 10, 100, 500):
        assert np.mean(y[np.argsort(-s, kind="stable")[:k]]) == pytest.approx(
            sum(y[i] for i in order[:k]) / k)


def test_precision_at_a_recall_is_the_highest_threshold_reaching_it():
    y, s = spam()
    pr = ec.precision_recall_curve(y, s)
    i = np.flatnonzero(pr.recall[:-1] >= 0.5)[-1]
    brute = [tp / (tp + fp) for t, tp, fp in pr_points(y, s) if tp / np.sum(y) >= 0.5][0]
    assert pr.precision[i] == pytest.approx(brute)


def test_threshold_choices_by_brute_force():
    y, s = spam()
    points = pr_points(y, s)
    P = int(np.sum(y))
    feasible = [(tp, t) for t, tp, fp in points if tp / (tp + fp) >= 0.9]
    best_tp = max(tp for tp, _ in feasible)
    target = ec.threshold_at_precision(y, s, 0.9)
    assert target.tpr == pytest.approx(best_tp / P)
    assert target.threshold == max(t for tp, t in feasible if tp == best_tp)
    f1 = [(2 * tp / (2 * tp + (P - tp) + fp), t) for t, tp, fp in points]
    best = ec.threshold_max_fbeta(y, s)
    assert best.value == pytest.approx(max(f for f, _ in f1))
    assert best.threshold == max(t for f, t in f1 if f == pytest.approx(best.value))


# --- chapter 5b: the areas -----------------------------------------------------------------------
CASES = {"Murphy 1": ec.murphy_classifier(1), "Murphy 2": ec.murphy_classifier(2),
         "slides' seven": ec.vojnovic_seven(), "random ties": random_ties(), "spam": spam()}


@pytest.mark.parametrize("name", CASES)
def test_average_precision_is_scikit_learns_and_the_mean_precision_at_each_find(name):
    y, s = (np.asarray(a) for a in CASES[name])
    assert ec.average_precision(y, s) == pytest.approx(average_precision_score(y, s), abs=1e-12)
    # brute force: each tie group's recall step times its precision
    total, previous = 0.0, 0
    for _, tp, fp in pr_points(y, s):
        total += (tp - previous) / np.sum(y) * tp / (tp + fp)
        previous = tp
    assert ec.average_precision(y, s) == pytest.approx(total, abs=1e-12)


@pytest.mark.parametrize("name", CASES)
def test_ap_minus_trapezoid_is_the_strip_plus_half_the_segments(name):
    y, s = (np.asarray(a) for a in CASES[name])
    P = np.sum(y)
    pts = [(tp / P, tp / (tp + fp)) for _, tp, fp in pr_points(y, s)]
    recall, precision = np.array(pts).T
    strip = recall[0] * precision[0]
    segments = 0.5 * np.sum(np.diff(recall) * np.diff(precision))
    gap = ec.average_precision(y, s) - ec.pr_auc_trapezoid(y, s)
    assert strip + segments == pytest.approx(gap, abs=1e-12)


def test_interpolated_aps_on_murphys_classifier_2_from_its_points():
    # points (recall, precision): (.2, 1) (.4, 1) (.6, 1) (.8, .8) (.8, 2/3) (1, .625) (1, 5/9)
    eleven = (7 * 1 + 2 * 0.8 + 2 * 0.625) / 11        # r = 0..0.6 | 0.7, 0.8 | 0.9, 1
    all_point = 0.6 * 1 + 0.2 * 0.8 + 0.2 * 0.625
    y, s = ec.murphy_classifier(2)
    pr = ec.precision_recall_curve(y, s)
    recall, precision = pr.recall[:-1], pr.precision[:-1]
    assert np.mean([precision[recall >= r].max() for r in np.arange(11) / 10]) == \
        pytest.approx(eleven)
    assert ec.average_precision(y, s) == pytest.approx(all_point)  # precision never rises here


def test_the_straight_line_overstates_the_tie_at_0_6():
    y, s = ec.murphy_classifier(2)
    above = ec.confusion_matrix_at(y, s, 0.6, rule=">")
    below = ec.confusion_matrix_at(y, s, 0.6, rule=">=")
    tp, fp = (above.tp + below.tp) / 2, (above.fp + below.fp) / 2
    assert tp / (tp + fp) == pytest.approx(0.875)
    assert (above.precision + below.precision) / 2 == pytest.approx(0.9)


def test_a_random_classifier_has_pr_area_near_the_prevalence():
    rng = np.random.default_rng(5)
    y = (rng.random(20_000) < 0.05).astype(int)
    s = rng.random(20_000)
    assert abs(ec.average_precision(y, s) - y.mean()) < 0.01
    assert abs(ec.roc_auc(y, s) - 0.5) < 0.03


def test_graded_imbalance_keeps_the_roc_area_and_lowers_ap():
    aucs, aps = [], []
    for ratio in (1, 4, 9, 49):
        y, s = spam(ratio=ratio, seed=ratio)
        aucs.append(ec.roc_auc(y, s))
        aps.append(ec.average_precision(y, s))
    assert max(aucs) - min(aucs) < 0.03
    assert all(a > b for a, b in zip(aps, aps[1:]))
    assert aps[-1] > 1 / 50                                       # still above its baseline


def test_copying_the_positives_keeps_the_whole_roc_curve():
    y, s = spam(ratio=3)
    y4 = np.r_[y, np.ones(3 * np.sum(y), dtype=int)]
    s4 = np.r_[s, np.tile(s[y == 1], 3)]
    before, after = ec.roc_curve(y, s), ec.roc_curve(y4, s4)
    assert np.array_equal(before.fpr, after.fpr) and np.array_equal(before.tpr, after.tpr)
    assert ec.average_precision(y4, s4) > ec.average_precision(y, s)


def test_squaring_scores_in_the_unit_interval_changes_no_pr_summary():
    y, s = (np.asarray(a) for a in ec.murphy_classifier(2))
    assert ec.average_precision(y, s ** 2) == ec.average_precision(y, s)
    assert ec.pr_auc_trapezoid(y, s ** 2) == ec.pr_auc_trapezoid(y, s)


def two_simulated_classifiers(seed=4):
    """The class-balance section's pair: 200 positives, 600 negatives; classifier 1 normal
    scores shifted up for the positives, classifier 2 scoring 80 positives far above."""
    rng = np.random.default_rng(seed)
    y = np.r_[np.ones(200, dtype=int), np.zeros(600, dtype=int)]
    score1 = np.r_[rng.normal(1.3, 1, 200), rng.normal(0, 1, 600)]
    score2 = np.r_[rng.normal(3.0, 0.7, 80), rng.normal(0.9, 1, 120), rng.normal(0, 1, 600)]
    return y, score1, score2


def test_copying_the_negatives_is_weighting_them():
    """The chapter's sentence 'copying is the same as weighting' (its check moved here)."""
    y, score1, score2 = two_simulated_classifiers()
    for s in (score1, score2):
        y4, s4 = np.r_[y, np.zeros(3 * 600, dtype=int)], np.r_[s, np.tile(s[y == 0], 3)]
        weight = np.where(y == 0, 4.0, 1.0)
        copies = ec.precision_recall_curve(y4, s4)
        weights = ec.precision_recall_curve(y, s, sample_weight=weight)
        np.testing.assert_allclose(weights.precision, copies.precision, rtol=1e-12)
        np.testing.assert_allclose(weights.recall, copies.recall, rtol=1e-12)
        assert ec.average_precision(y, s, sample_weight=weight) == pytest.approx(
            average_precision_score(y4, s4), abs=1e-12)
        before, after = ec.roc_curve(y, s), ec.roc_curve(y4, s4)
        assert np.array_equal(before.fpr, after.fpr) and np.array_equal(before.tpr, after.tpr)
        assert ec.average_precision(y4, s4) < ec.average_precision(y, s)


@pytest.mark.parametrize("name", CASES)
def test_roc_points_map_one_to_one_to_the_pr_points_with_recall_above_0(name):
    y, s = (np.asarray(a) for a in CASES[name])
    P, N = np.sum(y == 1), np.sum(y == 0)
    roc = ec.roc_curve(y, s)
    tp, fp = np.rint(roc.tpr * P), np.rint(roc.fpr * N)
    keep = tp > 0
    mapped = sorted(zip(tp[keep] / P, tp[keep] / (tp[keep] + fp[keep])))
    direct = sorted((tp_k / P, tp_k / (tp_k + fp_k)) for _, tp_k, fp_k in pr_points(y, s)
                    if tp_k > 0)
    np.testing.assert_allclose(mapped, direct, rtol=1e-12)
    # and back: a PR point with recall R > 0 gives TP = R P and FP = TP (1 - precision) / precision
    for recall, precision in direct:
        tp_back = recall * P
        assert any(abs(tp_back - a) < 1e-9 and abs(tp_back * (1 - precision) / precision - b)
                   < 1e-9 for a, b in zip(tp, fp))


def fewest_false_positives(y, s):
    """Brute force: for k = 1..P, the fewest false positives of a threshold (s >= t) finding
    at least k positives."""
    points = pr_points(y, s)
    return np.array([min(fp for _, tp, fp in points if tp >= k)
                     for k in range(1, int(np.sum(y)) + 1)])


def test_lowering_the_positives_scores_gives_a_classifier_dominated_in_both_spaces():
    y, _, score_a = two_simulated_classifiers()
    score_b = np.where(y == 1, score_a - 0.5, score_a)
    fp_a, fp_b = fewest_false_positives(y, score_a), fewest_false_positives(y, score_b)
    k = np.arange(1, len(fp_a) + 1)
    assert np.all(fp_a <= fp_b)                                   # ROC dominance
    assert np.all(k / (k + fp_a) >= k / (k + fp_b))               # PR dominance
    assert ec.average_precision(y, score_a) > ec.average_precision(y, score_b)
    assert ec.roc_auc(y, score_a) > ec.roc_auc(y, score_b)


# --- chapter 5b: the R note's Default example ---------------------------------------------------
def test_the_r_notes_sweep_and_auc_loop_give_evalcores_trapezoid_area():
    pytest.importorskip("ISLP")
    X, y, _, train, test, model = default_credit()
    residual = y[train] - model.predict_proba(X[train])[:, 1]
    design = np.column_stack([np.ones(len(train)), X[train]])
    assert np.abs(design.T @ residual).max() < 1e-4               # glm's score equations
    p, yt = model.predict_proba(X[test])[:, 1], y[test]
    # the note's curves(): distinct predictions downwards, then just below the smallest, rule >
    rows = []
    for t in [*sorted(set(p.tolist()), reverse=True)[1:], p.min() - 1e-12]:
        tp, fp = np.sum((p > t) & (yt == 1)), np.sum((p > t) & (yt == 0))
        rows.append((tp / np.sum(yt), tp / (tp + fp)))
    area = 0.0
    for (r0, p0), (r1, p1) in zip(rows, rows[1:]):              # the note's auc()
        area += (r1 - r0) * (min(p0, p1) + abs(p1 - p0) / 2)
    assert ec.pr_auc_trapezoid(yt, p) == pytest.approx(area, abs=1e-12)
    assert 0.9 < ec.roc_auc(yt, p) < 0.99 and 0.35 < area < 0.65  # the note: 0.954 and 0.495


# --- chapter 6 ------------------------------------------------------------------------------------
def expand(cm, n=100):
    """A joint table as n cases (labels, predictions)."""
    counts = [round(v * n) for v in (cm.tp, cm.fp, cm.fn, cm.tn)]
    y = np.repeat([1, 0, 1, 0], counts)
    yhat = np.repeat([1, 1, 0, 0], counts)
    return y, yhat


TABLE4 = {name: ec.ConfusionMatrix.from_joint(t, layout="murphy")
          for name, t in ec.MURPHY_TABLE4.items()}
PRINTED = {   # Murphy (2007), Table 5
    "accuracy": ("0.9", "0.9", "0.88"), "precision": ("0.9", "1.0", "1.0"),
    "recall": ("1.0", "0.888", "0.8667"), "F": ("0.947", "0.941", "0.9286"),
    "mutual information": ("0", "0.1865", "0.1735"),
}


def mi_nats(cm):
    joint = np.array([[cm.tp, cm.fp], [cm.fn, cm.tn]])
    rows, cols = joint.sum(axis=1, keepdims=True), joint.sum(axis=0, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(joint > 0, joint * np.log(joint / (rows * cols)), 0.0)
    return float(terms.sum())


def test_table_4_in_murphys_layout_fits_the_text():
    for name, cm in TABLE4.items():
        assert cm.prevalence == pytest.approx(0.9)
    assert TABLE4["B"].fp == 0 and TABLE4["C"].fp == 0 and TABLE4["A"].predicted_negatives == 0
    caption = ec.Layout(truth="rows", positive_first=True)
    read = {n: ec.ConfusionMatrix.from_joint(t, layout=caption) for n, t in ec.MURPHY_TABLE4.items()}
    assert [round(c.prevalence, 2) for c in read.values()] == [1.0, 0.8, 0.78]


def test_table_5_recomputes_except_bs_recall_which_is_truncated():
    y_a, yhat_a = expand(TABLE4["A"])
    assert np.mean(y_a == yhat_a) == pytest.approx(0.9)
    wrong = []
    for metric, texts in PRINTED.items():
        for name, text in zip("ABC", texts):
            cm = TABLE4[name]
            value = {"accuracy": cm.tp + cm.tn, "precision": cm.tp / (cm.tp + cm.fp),
                     "recall": cm.tp / (cm.tp + cm.fn),
                     "F": 2 * cm.tp / (2 * cm.tp + cm.fp + cm.fn),
                     "mutual information": mi_nats(cm)}[metric]
            digits = len(text.split(".")[1]) if "." in text else 0
            if round(value, digits) != float(text):
                wrong.append((metric, name))
    assert wrong == [("recall", "B")]
    assert math.floor(8 / 9 * 1000) / 1000 == 0.888


def test_mutual_information_nats_bits_and_entropies():
    for cm in TABLE4.values():
        assert cm.mutual_information() == pytest.approx(mi_nats(cm), abs=1e-12)
        assert cm.mutual_information(base=2) == pytest.approx(mi_nats(cm) / math.log(2))
        h_y = -(0.9 * math.log(0.9) + 0.1 * math.log(0.1))
        h_cond = 0.0
        for called, pos in ((cm.tp + cm.fp, cm.tp), (cm.fn + cm.tn, cm.fn)):
            if called > 0:
                q = pos / called
                h_cond -= called * sum(v * math.log(v) for v in (q, 1 - q) if v > 0)
        assert h_y - h_cond == pytest.approx(cm.mutual_information(), abs=1e-12)


def test_the_strict_order_comes_from_mi_mcc_informedness_markedness():
    for name in "BC":
        y, yhat = expand(TABLE4[name])
        assert TABLE4[name].mcc == pytest.approx(matthews_corrcoef(y, yhat))
    b, c = TABLE4["B"], TABLE4["C"]
    assert b.mcc > c.mcc > 0 and b.informedness > c.informedness > TABLE4["A"].informedness == 0
    assert b.markedness > c.markedness > 0
    assert b.mutual_information() > c.mutual_information() > TABLE4["A"].mutual_information()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert math.isnan(TABLE4["A"].mcc)
    assert len(caught) == 1 and caught[0].category is ec.UndefinedMetricWarning
    assert TABLE4["A"].f1 > b.f1 > c.f1                            # F ranks A first


@pytest.mark.parametrize("ratio, cheapest", [(0.5, "B"), (2, "A"), (5, "A")])
def test_expected_costs_per_case_by_counting(ratio, cheapest):
    costs = {}
    for name, cm in TABLE4.items():
        y, yhat = expand(cm)
        costs[name] = (np.sum((yhat == 1) & (y == 0)) + ratio * np.sum((yhat == 0) & (y == 1))) / 100
        assert cm.expected_cost(cost_fp=1, cost_fn=ratio) == pytest.approx(costs[name])
    assert min(costs, key=costs.get) == cheapest
    if ratio == 5:
        assert costs == pytest.approx({"A": 0.1, "B": 0.5, "C": 0.6})


def test_screening_precision_is_bayes_rule():
    screening = ec.ConfusionMatrix.from_counts(tp=90, fn=10, fp=990, tn=8910)
    assert screening.precision == pytest.approx(0.9 * 0.01 / (0.9 * 0.01 + 0.1 * 0.99))


# --- the chapters' statements ------------------------------------------------------------------
def code_of(path: Path) -> str:
    return "\n".join(source(c) for c in cells(path) if c["cell_type"] == "code")


def test_chapter_5_statements_issue_11_corrected():
    first, second = prose(CH5), prose(CH5B)
    assert "which the classifier cannot change, which the classifier cannot change" not in first
    assert "P@k" in first and "threshold_at_precision" in first and "threshold_max_fbeta" in first
    assert "The ROC curves hide this" not in second and "The ROC *areas* hide this" in second
    assert "11-point" in second and "all-point" in second        # AP has several definitions
    for text in (first, second):
        assert "1/P + 1/R" not in text and "$P_k$" not in text    # P is never precision
    for path in (CH5, CH5B):
        code = code_of(path)
        assert "ec.plot_pr(" not in code                          # no straight PR segments
        assert "achievable_pr_curve" not in code                  # the paper's name, its meaning


# --- the split: each half in one sitting, nothing drawn before it is explained -------
def test_the_first_half_draws_no_interpolation_and_points_to_the_second():
    """Davis and Goadrich's interpolation is explained in 05b: chapter 5 draws PR points only."""
    code = code_of(CH5)
    for name in ("interpolated_pr_curve", "plot_achievable_pr", "pr_auc_interpolated",
                 "plot_pr_area"):
        assert name not in code, name
    assert "{doc}`07_pr_areas`" in prose(CH5)
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8").split()
    assert toc.index("chapters/07_pr_areas") == toc.index("chapters/06_precision_recall") + 3


def test_the_second_half_explains_the_interpolation_before_drawing_with_it():
    nb = cells(CH5B)
    explained = next(k for k, c in enumerate(nb) if c["cell_type"] == "markdown"
                     and "(sec-pr-straight-lines)=" in source(c))
    for k, cell in enumerate(nb):
        if cell["cell_type"] == "code" and "draw_pr(" in source(cell) \
                and "def draw_pr" not in source(cell):
            assert k > explained, f"cell {k} draws an interpolated PR curve before it is explained"
    # the areas come one at a time, each under its own heading, before they are compared
    text = prose(CH5B)
    headings = ["## Average precision", "### Interpolated average precision",
                "### The trapezoid area", "### Straight lines are not achievable",
                "### Which to report"]
    places = [text.find(h) for h in headings]
    assert -1 not in places and places == sorted(places), places
    assert text.find("{glue:figure} fig-pr-areas") < text.find("$$")     # the picture first


EXPLORERS = ("ec.distribution_explorer(", "ec.threshold_explorer(")


@pytest.mark.parametrize("path", [CH5, CH5B], ids=["05", "05b"])
def test_explorer_after_its_static_figure_and_before_the_explanation(path):
    """A section opened by an explorer shows its static figure first, then the
    explorer (introduced by a 'Try it' line at most), then the explanation."""
    nb = cells(path)
    found = 0
    for k, cell in enumerate(nb):
        if cell["cell_type"] != "code" or not any(e in source(cell) for e in EXPLORERS):
            continue
        found += 1
        before = [c for c in nb[:k] if c["cell_type"] == "markdown"]
        assert source(before[-1]).startswith("**Try it.**"), source(before[-1])[:80]
        assert source(before[-2]).lstrip().startswith("```{glue:figure}"), source(before[-2])[:80]
        assert source(before[-2]).rstrip().endswith("```"), "the explanation comes after"
        after = next(c for c in nb[k + 1:] if c["cell_type"] == "markdown")
        assert len(source(after).split()) > 40, "no explanation after the explorer"
    assert found == 1


def test_chapter_6_caveat_links_the_cost_chapter():
    text = prose(CH6)
    targets = re.findall(r"\{doc\}`([\w/]+)`", text)
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    cost_docs = [t for t in targets if "cost" in t]
    assert cost_docs, "chapter 6 links the cost chapter"
    for target in cost_docs:
        assert f"chapters/{target}" in toc
        page = ROOT / "chapters" / f"{target}.ipynb"
        page = page if page.exists() else page.with_suffix(".md")
        assert "expected cost" in page.read_text(encoding="utf-8").lower()
    assert "the classifier that knows nothing is the cheapest decision" in text
