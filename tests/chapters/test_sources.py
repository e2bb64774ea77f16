"""Every number the five sources print for their worked examples, computed by evalcore.

The sources are in ../shared/seeds/ (see its README). A printed value is compared at the
precision it is printed with (``printed("0.947")`` allows ±0.0005). Where a source prints a
wrong number or states something false, the test asserts the correct value and a comment says
which source printed what.
"""

from __future__ import annotations

import math
from decimal import Decimal

import numpy as np
import pytest

import evalcore as ec
from evalcore.reference import auc_ranks, midranks
from reference import (mutual_information_eq16, one_undefined_warning, r_curves, r_pr_auc,
                       r_roc_auc, slides_roc_points)


def printed(text: str):
    """A value printed as ``text``: equal to it when rounded to the printed digits."""
    decimals = max(0, -Decimal(text).as_tuple().exponent)
    return pytest.approx(float(text), abs=0.5 * 10.0 ** -decimals + 1e-12)


# =============================================================================================
# Murphy (2007), "Performance evaluation of binary classifiers"
# =============================================================================================
MURPHY_Y = [1, 1, 1, 1, 1, 0, 0, 0, 0]
# Tables 1 and 2: the columns ŷ(θ = 0), ŷ(θ = 0.5), ŷ(θ = 1) as printed
MURPHY_TABLE1_YHAT = {0.0: [1] * 9, 0.5: [1, 1, 1, 1, 1, 0, 0, 0, 0], 1.0: [0] * 9}
MURPHY_TABLE2_YHAT = {0.0: [1] * 9, 0.5: [1, 1, 1, 1, 0, 1, 0, 0, 0], 1.0: [0] * 9}


def test_murphy_tables_data():
    one, two = ec.murphy_classifier(1), ec.murphy_classifier(2)
    assert one.y_true.tolist() == MURPHY_Y == two.y_true.tolist()
    assert one.y_score.tolist() == [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]
    # Table 2 differs in examples 5 and 6 only
    differ = np.flatnonzero(one.y_score != two.y_score) + 1
    assert differ.tolist() == [5, 6]


@pytest.mark.parametrize("which, table", [(1, MURPHY_TABLE1_YHAT), (2, MURPHY_TABLE2_YHAT)])
@pytest.mark.parametrize("theta", [0.0, 1.0])
def test_murphy_tables_extreme_thresholds(which, table, theta):
    # θ = 0 calls everything positive and θ = 1 everything negative, under either rule
    s = ec.murphy_classifier(which).y_score
    for rule in (">", ">="):
        assert ec.predict(s, theta, rule=rule).tolist() == table[theta]


def test_murphy_table1_at_half_needs_at_or_above():
    # Murphy defines ŷ = 1 if S > θ, but Table 1 prints ŷ_5 = 1 at θ = 0.5 for S_5 = 0.5:
    # the printed column follows ">=", not his own ">".
    s = ec.murphy_classifier(1).y_score
    assert ec.predict(s, 0.5, rule=">=").tolist() == MURPHY_TABLE1_YHAT[0.5]
    strict = ec.predict(s, 0.5, rule=">").tolist()
    assert strict != MURPHY_TABLE1_YHAT[0.5]
    assert [i + 1 for i, (a, b) in enumerate(zip(strict, MURPHY_TABLE1_YHAT[0.5])) if a != b] == [5]


def test_murphy_table2_at_half_either_rule():
    s = ec.murphy_classifier(2).y_score       # no score equals 0.5: both rules agree
    for rule in (">", ">="):
        assert ec.predict(s, 0.5, rule=rule).tolist() == MURPHY_TABLE2_YHAT[0.5]


def test_murphy_separability_claims():
    # classifier 1: θ = 0.5 (with >=) separates the classes perfectly
    one = ec.murphy_classifier(1)
    assert ec.confusion_matrix_at(one.y_true, one.y_score, 0.5, rule=">=").accuracy == 1.0
    # classifier 2: "no threshold will perfectly reproduce" y, under either rule
    two = ec.murphy_classifier(2)
    for rule in (">", ">="):
        for theta in np.concatenate((two.y_score, [-1.0, 2.0])):
            assert ec.confusion_matrix_at(two.y_true, two.y_score, theta, rule=rule).accuracy < 1


def test_murphy_figure1_points():
    one, two = ec.murphy_classifier(1), ec.murphy_classifier(2)
    cm1 = ec.confusion_matrix_at(one.y_true, one.y_score, 0.5, rule=">=")
    assert (cm1.tp, cm1.positives, cm1.fp, cm1.negatives) == (5, 5, 0, 4)   # TPR 5/5, FPR 0/4
    assert (cm1.tpr, cm1.fpr) == (1.0, 0.0)
    cm2 = ec.confusion_matrix_at(two.y_true, two.y_score, 0.5)
    assert (cm2.tp, cm2.positives, cm2.fp, cm2.negatives) == (4, 5, 1, 4)   # TPR 4/5, FPR 1/4
    assert (cm2.tpr, cm2.fpr) == (0.8, 0.25)
    # the corners: θ = 1 gives (0, 0) and θ = 0 gives (1, 1). (Murphy's caption writes the
    # FPR at θ = 1 as "0/0 = 0"; it is 0/4 = 0: there are 4 negatives.)
    for ex in (one, two):
        low = ec.confusion_matrix_at(ex.y_true, ex.y_score, 1.0)
        high = ec.confusion_matrix_at(ex.y_true, ex.y_score, 0.0)
        assert (low.fp, low.negatives, low.fpr, low.tpr) == (0, 4, 0.0, 0.0)
        assert (high.fpr, high.tpr) == (1.0, 1.0)
    # the quoted points lie on the ROC curves evalcore draws
    roc1 = ec.roc_curve(one.y_true, one.y_score)
    roc2 = ec.roc_curve(two.y_true, two.y_score)
    assert (0.0, 1.0) in zip(roc1.fpr.tolist(), roc1.tpr.tolist())
    assert (0.25, 0.8) in zip(roc2.fpr.tolist(), roc2.tpr.tolist())
    # "Clearly the red curve is better than the green curve"
    assert ec.roc_auc(one.y_true, one.y_score) == 1.0 > ec.roc_auc(two.y_true, two.y_score)


def test_murphy_eq14_f_score():
    # p(y = 1) = 1e-4 and everything called positive: P = 1e-4, R = 1
    cm = ec.ConfusionMatrix.from_counts(tp=1, fp=9999, fn=0, tn=0)
    assert cm.precision == pytest.approx(1e-4, rel=1e-15) and cm.recall == 1.0
    assert cm.f1 == printed("0.00019998")
    assert cm.f1 == pytest.approx(2 * 1e-4 * 1 / (1 + 1e-4), rel=1e-12)
    assert cm.f_alpha(0.5) == pytest.approx(cm.f1, rel=1e-12)
    # the same from the joint probabilities
    joint = ec.ConfusionMatrix.from_joint([[1e-4, 1 - 1e-4], [0.0, 0.0]], layout="murphy")
    assert joint.f1 == pytest.approx(cm.f1, rel=1e-12)
    # the arithmetic mean of P and R would be about 0.5, as Murphy says ...
    assert (cm.precision + cm.recall) / 2 == printed("0.5")
    # ... but Murphy calls F "0.2%": F = 0.00019998 is 0.02%, ten times smaller.
    assert 100 * cm.f1 == printed("0.02")
    assert 100 * cm.f1 != pytest.approx(0.2, abs=0.05)


# Table 4 as printed; Table 5's printed values
MURPHY_TABLE5 = {
    "A": {"accuracy": "0.9", "precision": "0.9", "recall": "1.0", "f1": "0.947", "mi": "0"},
    "B": {"accuracy": "0.9", "precision": "1.0", "recall": "0.888", "f1": "0.941",
          "mi": "0.1865"},
    "C": {"accuracy": "0.88", "precision": "1.0", "recall": "0.8667", "f1": "0.9286",
          "mi": "0.1735"},
}


def test_murphy_table4_printed():
    assert ec.MURPHY_TABLE4["A"].tolist() == [[0.9, 0.1], [0.0, 0.0]]
    assert ec.MURPHY_TABLE4["B"].tolist() == [[0.8, 0.0], [0.1, 0.1]]
    assert ec.MURPHY_TABLE4["C"].tolist() == [[0.78, 0.0], [0.12, 0.1]]


@pytest.mark.parametrize("name", ["A", "B", "C"])
def test_murphy_table5_from_table4(name):
    # Table 4's caption says rows are the true labels, but the numbers only fit with rows =
    # estimates and columns = truth (Table 3's layout, ec.LAYOUTS["murphy"]); see the next test.
    cm = ec.ConfusionMatrix.from_joint(ec.MURPHY_TABLE4[name], layout="murphy")
    want = MURPHY_TABLE5[name]
    assert cm.accuracy == printed(want["accuracy"])
    assert cm.precision == printed(want["precision"])
    assert cm.f1 == printed(want["f1"])
    mi = cm.mutual_information()           # nats: the printed values are natural logs
    assert mi == printed(want["mi"])
    assert mi == pytest.approx(mutual_information_eq16(ec.MURPHY_TABLE4[name]), abs=1e-12)
    if name == "B":
        # Murphy prints B's recall 0.8/0.9 = 0.8889 truncated as "0.888"; rounded it is 0.889
        assert cm.recall == pytest.approx(8 / 9, rel=1e-12)
        assert math.floor(cm.recall * 1000) / 1000 == 0.888
        assert cm.recall == printed("0.889")
    else:
        assert cm.recall == printed(want["recall"])


def test_murphy_table4_reading_that_fits():
    # The text says p(y = 1) = 0.9 and that A calls everything positive.
    fits = {k: ec.ConfusionMatrix.from_joint(t, layout="murphy")
            for k, t in ec.MURPHY_TABLE4.items()}
    assert fits["A"].prevalence == pytest.approx(0.9) and fits["A"].predicted_negatives == 0
    assert fits["B"].predicted_positives == pytest.approx(0.8)     # "80% as positive"
    assert fits["C"].predicted_positives == pytest.approx(0.78)    # "78% as positive"
    assert fits["B"].npv == pytest.approx(0.5)                     # "50% sure it is negative"
    assert fits["B"].precision == 1.0                              # eq. (15)
    # The caption's reading (rows = truth) contradicts both the text and Table 5:
    caption = {k: ec.ConfusionMatrix.from_joint(t, layout=ec.Layout("rows", True))
               for k, t in ec.MURPHY_TABLE4.items()}
    assert caption["A"].prevalence == pytest.approx(1.0)           # not 0.9
    assert caption["B"].precision == pytest.approx(0.8 / 0.9)      # Table 5 says 1.0
    assert caption["B"].recall == 1.0                              # Table 5 says 0.888
    assert caption["B"].precision != printed(MURPHY_TABLE5["B"]["precision"])
    # mutual information is symmetric, so it cannot tell the two readings apart
    for k in "ABC":
        assert caption[k].mutual_information() == pytest.approx(fits[k].mutual_information())


def test_murphy_mutual_information_ranking():
    cms = {k: ec.ConfusionMatrix.from_joint(t, layout="murphy")
           for k, t in ec.MURPHY_TABLE4.items()}
    mi = {k: cm.mutual_information() for k, cm in cms.items()}
    assert mi["B"] > mi["C"] > mi["A"] == 0.0
    # no other metric of Table 5 orders them strictly B > C > A. (Precision ties B and C at
    # 1.0, so it does meet Murphy's weak "B >= C >= A"; only MI gives the strict order.)
    for metric in ("accuracy", "precision", "recall", "f1"):
        v = {k: getattr(cm, metric) for k, cm in cms.items()}
        assert not (v["B"] > v["C"] > v["A"]), metric
    assert cms["B"].precision == cms["C"].precision > cms["A"].precision
    # the MI of B in bits, for the record: nats / ln 2
    assert cms["B"].mutual_information(base=2) == pytest.approx(mi["B"] / math.log(2))


def test_murphy_classifier_b_as_samples():
    # B as ten samples gives the same numbers as its joint table
    y = [1] * 9 + [0]
    y_hat = [1] * 8 + [0, 0]
    assert ec.mutual_information(y, y_hat) == printed("0.1865")
    cm = ec.confusion_matrix(y, y_hat)
    assert (cm.accuracy, cm.precision) == (0.9, 1.0)


# =============================================================================================
# Vojnovic, "Model Evaluation" (ST445 slides)
# =============================================================================================
def test_slides_seven_examples():
    ex = ec.vojnovic_seven()
    assert ex.y_true.tolist() == [0, 1, 0, 1, 1, 0, 0]
    assert ex.y_score.tolist() == [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]


def test_slides_auc_eleven_twelfths_by_pairs():
    y, s = ec.vojnovic_seven()
    # count the concordant (positive above negative) pairs by hand: 11 of 4 x 3
    concordant = sum(1 for i in range(7) for j in range(7)
                     if y[i] == 1 and y[j] == 0 and s[i] > s[j])
    assert concordant == 11
    for method in ("pairs", "rank", "trapezoid"):
        assert ec.roc_auc(y, s, method=method) == pytest.approx(11 / 12, abs=1e-15)
    assert ec.roc_auc(y, s) == printed("0.92")     # "≈ 0.92"


def test_slides_auc_by_ranks():
    y, s = ec.vojnovic_seven()
    ranks = midranks(s)
    # R_1 = 4, R_2 = 6, R_3 = 7: the ranks of the positives in increasing order of score
    assert sorted(ranks[y == 1].tolist()) == [4, 6, 7]
    P, N = 3, 4
    assert (4 + 6 + 7 - P * (P + 1) / 2) / (P * N) == 11 / 12
    assert sum(r - i for i, r in enumerate([4, 6, 7], start=1)) == 11   # Σ (R_i − i)
    assert auc_ranks(y, s) == pytest.approx(11 / 12)
    assert ec.roc_auc(y, s, method="rank") == pytest.approx(11 / 12, abs=1e-15)


def test_slides_gini():
    y, s = ec.vojnovic_seven()
    assert ec.gini(y, s) == pytest.approx(2 * 11 / 12 - 1, abs=1e-15)
    assert ec.gini(y, s) == pytest.approx(5 / 6, abs=1e-15)


def test_slides_roc_pseudocode():
    y, s = ec.vojnovic_seven()
    roc = ec.roc_curve(y, s)
    points = slides_roc_points(y, s)
    assert np.allclose(roc.fpr, [p[0] for p in points])
    assert np.allclose(roc.tpr, [p[1] for p in points])


def test_slides_confusion_matrix_sums_and_cost():
    y, s = ec.vojnovic_seven()
    for theta in (0.0, 0.25, 0.55, 0.75, 1.0):
        y_hat = ec.predict(s, theta)
        cm = ec.confusion_matrix(y, y_hat)
        # TN = Σ(1−y)(1−ŷ), FP = Σ(1−y)ŷ, FN = Σ y(1−ŷ), TP = Σ y ŷ; they sum to n
        assert cm.tn == sum((1 - a) * (1 - b) for a, b in zip(y, y_hat))
        assert cm.fp == sum((1 - a) * b for a, b in zip(y, y_hat))
        assert cm.fn == sum(a * (1 - b) for a, b in zip(y, y_hat))
        assert cm.tp == sum(a * b for a, b in zip(y, y_hat))
        assert cm.n == 7
        # FPR = 1 − specificity
        assert cm.fpr == pytest.approx(1 - cm.tnr)
        # misclassification cost C1·FP/n + C2·FN/n
        assert ec.expected_cost(y, y_hat, cost_fp=3, cost_fn=5) == pytest.approx(
            3 * cm.fp / 7 + 5 * cm.fn / 7)


def test_slides_special_auc_values():
    # AUC = 1 when every positive scores higher than every negative
    assert ec.roc_auc([0, 0, 1, 1], [0.1, 0.2, 0.3, 0.4]) == 1.0
    # AUC = 0 when every positive scores strictly lower ...
    assert ec.roc_auc([1, 1, 0, 0], [0.1, 0.2, 0.3, 0.4]) == 0.0
    # ... but the slides say "smaller or equal": with ties the area under the ROC curve
    # counts each tied pair ½, so it is not 0 (their strict-">" pair formula gives 0 here).
    assert ec.roc_auc([1, 0], [0.5, 0.5]) == 0.5
    assert ec.roc_auc([1, 1, 0, 0], [0.1, 0.3, 0.3, 0.4]) == pytest.approx(1 / 8)


def test_slides_strict_formula_differs_from_area_with_ties():
    # the slides' AUC formula counts a tied pair 0 (strict >), the ROC area counts it ½.
    # Murphy's classifier 2 has two tied positive/negative pairs (0.6/0.6 and 0.2/0.2).
    y, s = ec.murphy_classifier(2)
    pos, neg = s[y == 1], s[y == 0]
    strict = sum(1 for p in pos for q in neg if p > q) / (pos.size * neg.size)
    ties = sum(1 for p in pos for q in neg if p == q)
    assert (strict, ties) == (16 / 20, 2)
    for method in ("rank", "trapezoid", "pairs"):
        assert ec.roc_auc(y, s, method=method) == pytest.approx((16 + ties / 2) / 20, abs=1e-15)


def test_slides_pr_curve_is_not_decreasing():
    # the slides call the PR curve a "decreasing function"; on their own seven examples
    # precision rises at some steps as recall grows
    y, s = ec.vojnovic_seven()
    pr = ec.precision_recall_curve(y, s)
    precision_as_recall_grows = pr.precision[::-1][1:]     # drop the closing (0, 1) point
    assert np.any(np.diff(precision_as_recall_grows) > 0)


def test_slides_negatives_copied_three_more_times():
    # ROC unchanged, PR changed (here with the seven examples)
    y, s = ec.vojnovic_seven()
    neg = y == 0
    y4 = np.concatenate([y] + [y[neg]] * 3)
    s4 = np.concatenate([s] + [s[neg]] * 3)
    a, b = ec.roc_curve(y, s), ec.roc_curve(y4, s4)
    assert np.array_equal(a.fpr, b.fpr) and np.array_equal(a.tpr, b.tpr)
    assert ec.roc_auc(y4, s4) == ec.roc_auc(y, s)
    pa, pb = ec.precision_recall_curve(y, s), ec.precision_recall_curve(y4, s4)
    assert np.array_equal(pa.recall, pb.recall)
    assert np.all(pb.precision <= pa.precision) and np.any(pb.precision < pa.precision)
    assert ec.average_precision(y4, s4) < ec.average_precision(y, s)
    # weighting each negative by 4 is the same as copying it
    w = np.where(neg, 4.0, 1.0)
    assert ec.average_precision(y, s, sample_weight=w) == pytest.approx(
        ec.average_precision(y4, s4), abs=1e-15)


def test_slides_multiclass_auc_formula():
    # (1 / C(m, 2)) Σ over class pairs of the pair's AUC (Hand & Till)
    y = np.array([0, 0, 1, 1, 2, 2, 1, 0])
    s = np.array([[.8, .1, .1], [.5, .3, .2], [.2, .6, .2], [.3, .3, .4],
                  [.1, .2, .7], [.2, .5, .3], [.4, .4, .2], [.3, .4, .3]])
    pair_aucs = []
    for a, b in [(0, 1), (0, 2), (1, 2)]:
        keep = (y == a) | (y == b)
        a_vs_b = ec.roc_auc((y[keep] == a).astype(int), s[keep, a])
        b_vs_a = ec.roc_auc((y[keep] == b).astype(int), s[keep, b])
        pair_aucs.append((a_vs_b + b_vs_a) / 2)
    assert ec.multiclass_auc(y, s) == pytest.approx(sum(pair_aucs) / math.comb(3, 2))


# =============================================================================================
# Raschka (2014)
# =============================================================================================
def test_raschka_layout_and_rates():
    # actual classes on the rows, P first: [[TP, FN], [FP, TN]]
    cm = ec.ConfusionMatrix.from_array([[40, 10], [5, 45]], layout="raschka")
    assert (cm.tp, cm.fn, cm.fp, cm.tn) == (40, 10, 5, 45)
    assert cm.error_rate == pytest.approx(1 - cm.accuracy)                    # eq. (1), (2)
    assert cm.fpr == 5 / 50 and cm.tpr == 40 / 50                              # eq. (3), (4)
    assert cm.precision == 40 / 45                                             # eq. (5)
    assert cm.f1 == pytest.approx(2 * cm.precision * cm.recall / (cm.precision + cm.recall))
    assert cm.sensitivity == cm.recall == cm.tpr == pytest.approx(1 - cm.fnr)  # eq. (8)
    assert cm.specificity == cm.tnr == 45 / 50                                 # eq. (9)
    assert cm.mcc == pytest.approx((40 * 45 - 5 * 10) / math.sqrt(45 * 50 * 50 * 55))


def test_raschka_mcc_range():
    # Raschka writes that -1 is "perfect correlation" and +1 "inverse correlation"; it is
    # the other way round: +1 for perfect agreement, -1 for perfect disagreement.
    y = [1, 1, 0, 0, 0]
    assert ec.confusion_matrix(y, y).mcc == 1.0
    assert ec.confusion_matrix(y, [0, 0, 1, 1, 1]).mcc == -1.0
    assert ec.confusion_matrix([1, 0, 1, 0], [1, 1, 0, 0]).mcc == 0.0   # no better than chance


# =============================================================================================
# The R note, "Evaluation Curves for Binary Classification"
# =============================================================================================
def test_r_note_curves_sweep_matches_evalcore():
    y = np.array([1, 0, 1, 1, 0, 0, 1, 0, 0, 0])
    s = np.array([0.9, 0.8, 0.8, 0.6, 0.55, 0.5, 0.4, 0.3, 0.3, 0.1])
    ev = r_curves(y, s)
    # the first row (threshold = max score, rule >) calls nothing: precision 0/0
    assert ev["tp"][0] == ev["fp"][0] == 0 and math.isnan(ev["precision"][0])
    # the last row (just below the min) calls everything positive
    assert ev["tp"][-1] == 4 and ev["fp"][-1] == 6
    roc = ec.roc_curve(y, s)        # rule >=, one point per distinct score, plus (0, 0)
    assert np.allclose(roc.fpr, ev["fp_rate"]) and np.allclose(roc.tpr, ev["tp_rate"])
    assert ec.roc_auc(y, s, method="trapezoid") == pytest.approx(r_roc_auc(y, s), abs=1e-15)
    assert ec.pr_auc_trapezoid(y, s) == pytest.approx(r_pr_auc(y, s), abs=1e-15)


def test_r_note_perfect_classifier_pr_area_just_below_one():
    # "approximately 1 for the PR curve (because the minimum true positive rate for the
    # perfect PR curve will be slightly larger than zero)": the area is 1 − 1/P
    for P in (1, 2, 5, 40):
        y = np.array([0] * 7 + [1] * P)
        s = np.arange(y.size) / y.size
        assert ec.roc_auc(y, s) == 1.0
        assert ec.pr_auc_trapezoid(y, s) == pytest.approx(1 - 1 / P, abs=1e-12)
        assert ec.pr_auc_trapezoid(y, s) == pytest.approx(r_pr_auc(y, s), abs=1e-12)


def test_r_note_sweep_misses_everything_positive_for_large_scores():
    # A limitation of the note's code, not of the idea: its last threshold is
    # min(predictions) - .Machine$double.eps, which rounds back to the minimum when the
    # minimum is large (always from |min| >= 4, where eps is under half a unit in the last
    # place), so the sweep never calls the lowest-scored samples positive and the ROC curve
    # stops short of (1, 1). evalcore's sweep does not depend on the score scale.
    y = np.array([1, 0, 1, 0])
    for s, stuck in ((np.array([7.0, 5.0, 6.0, 4.0]), True),
                     (np.array([0.5, 0.1, 0.4, 0.0]) + 1.0, False)):
        ev = r_curves(y, s)
        assert (ev["thresholds"][-1] == s.min()) == stuck
        assert (ev["fp_rate"][-1], ev["tp_rate"][-1]) == ((0.5, 1.0) if stuck else (1.0, 1.0))
        roc = ec.roc_curve(y, s)
        assert (roc.fpr[-1], roc.tpr[-1]) == (1.0, 1.0)


def test_r_note_default_data():
    # The note fits glm(default ~ student + balance) on a random 8000/2000 split of ISLR's
    # Default and prints ROC auc 0.954 and PR auc 0.495. Its split comes from R's RNG and
    # cannot be redrawn here, so: over ten seeded splits, the printed values must fall within
    # the range evalcore computes, near the mean.
    islp = pytest.importorskip("ISLP")
    from sklearn.linear_model import LogisticRegression

    data = islp.load_data("Default")
    X = np.column_stack([(data["student"] == "Yes").to_numpy(float),
                         data["balance"].to_numpy(float) / 1000])
    y = (data["default"] == "Yes").to_numpy(int)
    roc, pr = [], []
    for seed in range(10):
        index = np.random.default_rng(seed).permutation(y.size)
        train, test = index[:8000], index[8000:]
        model = LogisticRegression(C=np.inf).fit(X[train], y[train])     # unpenalized, as glm
        p = model.predict_proba(X[test])[:, 1]
        roc.append(ec.roc_auc(y[test], p, method="trapezoid"))
        pr.append(ec.pr_auc_trapezoid(y[test], p))
        if seed == 0:   # evalcore's areas are the note's auc() on the note's curves()
            assert roc[-1] == pytest.approx(r_roc_auc(y[test], p), abs=1e-12)
            assert pr[-1] == pytest.approx(r_pr_auc(y[test], p), abs=1e-12)
    assert min(roc) <= 0.954 <= max(roc) and np.mean(roc) == pytest.approx(0.954, abs=0.02)
    assert min(pr) <= 0.495 <= max(pr) and np.mean(pr) == pytest.approx(0.495, abs=0.06)


def test_r_note_random_classifier():
    # random scores: ROC area ≈ 0.5 and PR area ≈ the base rate
    rng = np.random.default_rng(1)
    y = (rng.random(20_000) < 0.1).astype(int)
    s = rng.random(y.size)
    assert ec.roc_auc(y, s) == pytest.approx(0.5, abs=0.02)
    assert ec.pr_auc_trapezoid(y, s) == pytest.approx(y.mean(), abs=0.02)
    assert ec.average_precision(y, s) == pytest.approx(y.mean(), abs=0.02)


# =============================================================================================
# The tutorial, "ML: Binary classification metrics"
# =============================================================================================
# Its four printed matrices [[tn, fp], [fn, tp]] and rows: acc (tnr, tpr) pre npr npr'
TUTORIAL_ROWS = [
    {"acc": "0.90", "tnr": "1.00", "tpr": "0.50", "pre": "1.00", "npr": "4", "npr'": "9"},
    {"acc": "0.80", "tnr": "0.86", "tpr": "0.50", "pre": "0.50", "npr": "4", "npr'": "4"},
    {"acc": "0.75", "tnr": "0.75", "tpr": "0.75", "pre": "0.43", "npr": "4", "npr'": "1.9"},
    {"acc": "0.80", "tnr": "0.80", "tpr": "0.00", "pre": "0.00", "npr": "4"},
]


def test_tutorial_matrices_data():
    assert [m.tolist() for m in ec.TUTORIAL_MATRICES] == [
        [[80, 0], [10, 10]], [[70, 10], [10, 10]], [[60, 20], [5, 15]], [[80, 0], [20, 0]]]


@pytest.mark.parametrize("index", range(4))
def test_tutorial_printed_rows(index):
    cm = ec.ConfusionMatrix.from_array(ec.TUTORIAL_MATRICES[index], layout="tutorial")
    row = TUTORIAL_ROWS[index]
    assert cm.accuracy == printed(row["acc"])
    assert cm.tpr == printed(row["tpr"])
    assert cm.npr == printed(row["npr"])
    if "npr'" in row:
        assert cm.npr_predicted == printed(row["npr'"])
    if index == 1:
        # the tutorial prints tnr 0.86 for [[70, 10], [10, 10]]; 70/80 = 0.875
        assert cm.tnr == 0.875
        assert cm.tnr != printed("0.86")
    elif index == 3:
        # the tutorial prints tnr 0.80 for [[80, 0], [20, 0]]; 80/80 = 1.0 (0.80 is its acc)
        assert cm.tnr == 1.0
        assert cm.tnr != printed(row["tnr"])
    else:
        assert cm.tnr == printed(row["tnr"])
    if index == 3:
        # it prints pre 0.00 for 0/0 (an eps in the denominator); under evalcore's policy an
        # undefined precision is nan with one UndefinedMetricWarning
        assert (cm.tp, cm.predicted_positives) == (0, 0)
        assert math.isnan(one_undefined_warning(lambda: cm.precision))
        # npr' = neg'/pos' = 100/0 is not printed for this row; it is undefined too
        assert math.isnan(one_undefined_warning(lambda: cm.npr_predicted))
    else:
        assert cm.precision == printed(row["pre"])


def test_tutorial_identities_on_printed_matrices():
    for table in ec.TUTORIAL_MATRICES[:3]:
        cm = ec.ConfusionMatrix.from_array(table, layout="tutorial")
        npr, tpr, tnr = cm.npr, cm.tpr, cm.tnr
        assert cm.accuracy == pytest.approx((tpr + tnr * npr) / (1 + npr))
        assert cm.precision == pytest.approx(tpr / (tpr + npr * (1 - tnr)))
        assert cm.negatives / cm.n == pytest.approx(npr / (1 + npr))
        assert cm.positives / cm.n == pytest.approx(1 / (1 + npr))
        # F1 is the harmonic mean of tpr and pre ...
        assert cm.f1 == pytest.approx(2 * tpr * cm.precision / (tpr + cm.precision))
    # ... not the "geometric average" the tutorial's sentence calls it
    cm = ec.ConfusionMatrix.from_array(ec.TUTORIAL_MATRICES[2], layout="tutorial")
    assert cm.f1 != pytest.approx(math.sqrt(cm.tpr * cm.precision), abs=1e-3)


def test_tutorial_constant_model_auc_is_half():
    # row 4: a model calling everything negative; with one constant score the AUC is 0.5
    y = np.array([0] * 80 + [1] * 20)
    assert ec.roc_auc(y, np.zeros(100)) == 0.5
    assert ec.roc_auc(y, np.zeros(100), method="pairs") == 0.5
    roc = ec.roc_curve(y, np.zeros(100))
    assert roc.fpr.tolist() == [0.0, 1.0] and roc.tpr.tolist() == [0.0, 1.0]


def test_tutorial_two_moons_confusion_matrix():
    sklearn = pytest.importorskip("sklearn")
    from sklearn.datasets import make_moons
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import StandardScaler
    from sklearn.utils import compute_class_weight

    assert sklearn  # imported for the skip
    X, Y = make_moons(n_samples=1000, noise=0.2, random_state=42)
    assert (Y == 0).sum() / (Y == 1).sum() == 1.0          # npr = 1.0, as printed
    X = StandardScaler().fit(X).transform(X)
    w = compute_class_weight(classes=np.unique(Y), y=Y, class_weight="balanced")
    clf = LogisticRegression(C=1, class_weight={0: w[0], 1: w[1]}).fit(X, Y)
    probs = clf.predict_proba(X)[:, 1]
    cm = ec.confusion_matrix_at(Y, probs, 0.5, rule=">")     # its code: probs > 0.5
    assert cm.as_array("tutorial").tolist() == [[435, 65], [64, 436]]
    # its prose says p >= p0; no probability is exactly 0.5 here, so both rules agree
    assert ec.confusion_matrix_at(Y, probs, 0.5, rule=">=") == cm
    # the hard predictions can be passed as booleans, as the tutorial does
    assert ec.confusion_matrix(Y, probs > 0.5) == cm
