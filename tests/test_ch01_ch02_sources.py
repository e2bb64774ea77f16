"""Chapters 1 and 2: the checks against the sources that used to sit in the chapters' flow,
each against an independent computation. The chapters' form (no assert in the flow,
self-checks, solutions that show the code the chapter runs) is checked for every chapter in
test_chapter_form.py."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from sklearn import metrics

import evalcore as ec
from notebook_cells import cells, source
from reference import brute_counts

CHAPTERS = Path(__file__).resolve().parent.parent / "chapters"
CH1 = CHAPTERS / "01_confusion_matrix.ipynb"


@pytest.mark.parametrize("classifier", [1, 2])
@pytest.mark.parametrize("theta", [0.0, 0.25, 0.5, 0.65, 1.0])
@pytest.mark.parametrize("rule", [">", ">="])
def test_the_slides_sums_evalcore_and_scikit_learn_count_alike(classifier, theta, rule):
    y, s = ec.murphy_classifier(classifier)
    y_hat = (s > theta if rule == ">" else s >= theta).astype(int)
    sums = {"tn": int(np.sum((1 - y) * (1 - y_hat))), "fp": int(np.sum((1 - y) * y_hat)),
            "fn": int(np.sum(y * (1 - y_hat))), "tp": int(np.sum(y * y_hat))}
    assert sums == brute_counts(y, y_hat)._asdict()
    cm = ec.confusion_matrix_at(y, s, theta, rule=rule)
    assert {k: getattr(cm, k) for k in sums} == sums
    assert metrics.confusion_matrix(y, y_hat, labels=[0, 1]).tolist() == \
        [[sums["tn"], sums["fp"]], [sums["fn"], sums["tp"]]]
    assert cm.n == len(y) and cm.positives == y.sum()


def test_murphys_table_1_column_needs_ge():
    y, s = ec.murphy_classifier(1)
    printed = [1, 1, 1, 1, 1, 0, 0, 0, 0]           # Murphy (2007), Table 1, θ = 0.5
    assert [int(v >= 0.5) for v in s] == printed
    assert sum(int(v > 0.5) != p for v, p in zip(s, printed)) == 1


def test_the_joint_table_is_the_counts_over_n():
    y, s = ec.murphy_classifier(2)
    cm = ec.confusion_matrix_at(y, s, 0.5, rule=">")
    counts = brute_counts(y, (s > 0.5).astype(int))
    murphy = [[counts.tp, counts.fp], [counts.fn, counts.tn]]
    assert np.allclose(cm.joint_table("murphy"), np.array(murphy) / len(y))
    assert math.isclose(cm.joint_table("murphy").sum(), 1.0)


def test_every_layout_reads_back():
    y, s = ec.murphy_classifier(2)
    cm = ec.confusion_matrix_at(y, s, 0.65)
    for key in ec.LAYOUTS:
        assert ec.ConfusionMatrix.from_array(cm.as_array(key), layout=key) == cm
    assert cm.as_array("sklearn").tolist() == metrics.confusion_matrix(
        y, (s > 0.65).astype(int), labels=[0, 1]).tolist()


def test_the_screening_test_of_both_chapters():
    cm = ec.ConfusionMatrix.from_counts(tp=9, fn=1, fp=99, tn=891)
    assert (cm.tpr, cm.tnr) == (0.9, 0.9) and cm.prevalence == 0.01
    assert cm.precision == 9 / 108 and cm.predicted_positives == 108


def test_the_rates_equal_scikit_learn_on_the_running_example():
    y, s = ec.murphy_classifier(2)
    y_hat = (s > 0.5).astype(int)
    cm = ec.confusion_matrix(y, y_hat)
    expected = {"tpr": metrics.recall_score(y, y_hat), "tnr": metrics.recall_score(y, y_hat, pos_label=0),
                "precision": metrics.precision_score(y, y_hat),
                "npv": metrics.precision_score(y, y_hat, pos_label=0),
                "accuracy": metrics.accuracy_score(y, y_hat),
                "balanced_accuracy": metrics.balanced_accuracy_score(y, y_hat),
                "f1": metrics.f1_score(y, y_hat), "mcc": metrics.matthews_corrcoef(y, y_hat)}
    for name, value in expected.items():
        assert math.isclose(getattr(cm, name), value), name
    assert math.isclose(cm.mcc, np.corrcoef(y, y_hat)[0, 1])
    assert math.isclose(cm.tpr + cm.fnr, 1) and math.isclose(cm.tnr + cm.fpr, 1)


@pytest.mark.parametrize("table", ec.TUTORIAL_MATRICES[:3])
def test_the_tutorials_identities_through_npr(table):
    cm = ec.ConfusionMatrix.from_array(table, layout="tutorial")
    tn, fp, fn, tp = (table[0][0], table[0][1], table[1][0], table[1][1])
    tpr, tnr, npr = tp / (tp + fn), tn / (tn + fp), (tn + fp) / (tp + fn)
    assert math.isclose(cm.accuracy, (tpr + tnr * npr) / (1 + npr))
    assert math.isclose(cm.precision, tpr / (tpr + npr * (1 - tnr)))
    prevalence = (tp + fn) / (tn + fp + fn + tp)
    assert math.isclose(cm.accuracy, prevalence * tpr + (1 - prevalence) * tnr)


def test_the_tutorials_two_wrong_true_negative_rates():
    second = ec.ConfusionMatrix.from_array(ec.TUTORIAL_MATRICES[1], layout="tutorial")
    fourth = ec.ConfusionMatrix.from_array(ec.TUTORIAL_MATRICES[3], layout="tutorial")
    assert second.tnr == 70 / 80 and round(second.tnr, 2) != 0.86
    assert fourth.tnr == 1.0 and fourth.accuracy == 0.8


def test_f1_is_the_harmonic_mean_and_mcc_runs_from_minus_one():
    m3 = ec.ConfusionMatrix.from_array(ec.TUTORIAL_MATRICES[2], layout="tutorial")
    assert math.isclose(m3.f1, 2 / (1 / m3.tpr + 1 / m3.precision))
    cells = [m3.tn, m3.fp, m3.fn, m3.tp]
    y3, y3_hat = np.repeat([0, 0, 1, 1], cells), np.repeat([0, 1, 0, 1], cells)
    assert math.isclose(m3.f1, metrics.f1_score(y3, y3_hat))
    y1, s1 = ec.murphy_classifier(1)
    perfect = (s1 >= 0.5).astype(int)
    assert ec.confusion_matrix(y1, perfect).mcc == metrics.matthews_corrcoef(y1, perfect) == 1.0
    assert ec.confusion_matrix(y1, 1 - perfect).mcc == metrics.matthews_corrcoef(y1, 1 - perfect) == -1.0


@pytest.mark.parametrize("cost_fp, cost_fn", [(1, 1), (1, 5), (5, 1)])
def test_the_misclassification_cost_table(cost_fp, cost_fn):
    y, s = ec.murphy_classifier(2)
    for theta in np.unique(np.append(s, 0.0)):
        y_hat = (s > theta).astype(int)
        c = brute_counts(y, y_hat)
        expected = (cost_fp * c.fp + cost_fn * c.fn) / len(y)
        assert math.isclose(ec.expected_cost(y, y_hat, cost_fp=cost_fp, cost_fn=cost_fn), expected)
        if cost_fp == cost_fn == 1:
            assert math.isclose(expected, 1 - metrics.accuracy_score(y, y_hat))


def test_swapping_the_classes_keeps_mcc_and_changes_f1():
    y, s = ec.murphy_classifier(2)
    cm = ec.confusion_matrix_at(y, s, 0.5)
    swapped = ec.ConfusionMatrix.from_counts(tp=cm.tn, fp=cm.fn, fn=cm.fp, tn=cm.tp)
    assert math.isclose(swapped.mcc, cm.mcc) and not math.isclose(swapped.f1, cm.f1)


# --- chapter 1's own statements -----------------------------------------------------------------
def test_chapter_1_explorer_shows_only_what_chapter_1_teaches():
    explorers = [source(c) for c in cells(CH1) if "ec.threshold_explorer(" in source(c)]
    assert explorers and all('show=("matrix", "strip")' in s for s in explorers)


def test_chapter_1_says_the_tutorials_code_uses_strict():
    text = " ".join(source(c) for c in cells(CH1) if c["cell_type"] == "markdown")
    assert "tutorial's prose" in text and "own code thresholds with `>`" in text
