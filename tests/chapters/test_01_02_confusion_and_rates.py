"""Chapters 1 and 2: the checks against the sources that used to sit in the chapters' flow,
each against an independent computation. The chapters' form (no assert in the flow,
self-checks, solutions that show the code the chapter runs) is checked for every chapter in
test_chapter_form.py."""

from __future__ import annotations

import ast
import math
import warnings

import numpy as np
import pytest
from sklearn import metrics

import evalcore as ec
from evalcore.reference import confusion_counts
from conftest import ROOT
from notebook_cells import cells, source

CHAPTERS = ROOT / "chapters"
CH1 = CHAPTERS / "01_confusion_matrix.ipynb"
CH2 = CHAPTERS / "02_rates.ipynb"


@pytest.mark.parametrize("classifier", [1, 2])
@pytest.mark.parametrize("theta", [0.0, 0.25, 0.5, 0.65, 1.0])
@pytest.mark.parametrize("rule", [">", ">="])
def test_the_slides_sums_evalcore_and_scikit_learn_count_alike(classifier, theta, rule):
    y, s = ec.murphy_classifier(classifier)
    y_hat = (s > theta if rule == ">" else s >= theta).astype(int)
    sums = {"tn": int(np.sum((1 - y) * (1 - y_hat))), "fp": int(np.sum((1 - y) * y_hat)),
            "fn": int(np.sum(y * (1 - y_hat))), "tp": int(np.sum(y * y_hat))}
    assert sums == confusion_counts(y, y_hat)._asdict()
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


#: Murphy (2007), Tables 1 and 2, the column ŷ(θ = 0.5) as printed (the only column where the
#: rule could matter: at θ = 0 and θ = 1 no score sits on the threshold).
MURPHY_PRINTED_HALF = {1: [1, 1, 1, 1, 1, 0, 0, 0, 0], 2: [1, 1, 1, 1, 0, 1, 0, 0, 0]}


@pytest.mark.parametrize("classifier, rows_off_strict, rows_off_weak", [(1, 1, 0), (2, 0, 0)])
def test_murphys_printed_columns_row_by_row(classifier, rows_off_strict, rows_off_weak):
    """Chapter 1 (moved from its 'Checking the source' box): Table 1 holds only under `>=`
    (one row off under his own `>`, example 5 at exactly 0.5); Table 2 under either rule."""
    y, s = ec.murphy_classifier(classifier)
    printed = np.array(MURPHY_PRINTED_HALF[classifier])
    for rule, expected in ((">", rows_off_strict), (">=", rows_off_weak)):
        by_hand = (s > 0.5) if rule == ">" else (s >= 0.5)
        np.testing.assert_array_equal(ec.predict(s, 0.5, rule=rule), by_hand.astype(int))
        assert int(np.sum(by_hand.astype(int) != printed)) == expected, rule
    for theta in (0.0, 1.0):                         # the rule cannot matter there
        assert not np.any(s == theta)


def test_the_joint_table_is_the_counts_over_n():
    y, s = ec.murphy_classifier(2)
    cm = ec.confusion_matrix_at(y, s, 0.5, rule=">")
    counts = confusion_counts(y, (s > 0.5).astype(int))
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
        c = confusion_counts(y, y_hat)
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


# --- chapter 2: the tutorial's printed rows and the names table, moved from the chapter -------
#: The tutorial's rows, transcribed as printed (strings, so each value is compared at the
#: precision it was printed with): its name for each quantity, and the value printed for each
#: of its four matrices (the fourth table prints auc in place of npr', hence None).
TUTORIAL_PRINTED = {
    "acc": ["0.90", "0.80", "0.75", "0.80"],
    "tnr": ["1.00", "0.86", "0.75", "0.80"],
    "tpr": ["0.50", "0.50", "0.75", "0.00"],
    "pre": ["1.00", "0.50", "0.43", "0.00"],
    "npr": ["4", "4", "4", "4"],
    "npr'": ["9", "4", "1.9", None],
}
#: evalcore's name for each of the tutorial's quantities.
EVALCORE_NAME = {"acc": "accuracy", "tnr": "tnr", "tpr": "tpr", "pre": "precision",
                 "npr": "npr", "npr'": "npr_predicted"}


def by_hand(table) -> dict[str, float]:
    """The tutorial's quantities from its printed table [[tn, fp], [fn, tp]], by hand."""
    (tn, fp), (fn, tp) = table
    ratio = lambda a, b: a / b if b else math.nan   # noqa: E731
    return {"acc": (tp + tn) / (tn + fp + fn + tp), "tnr": ratio(tn, tn + fp),
            "tpr": ratio(tp, tp + fn), "pre": ratio(tp, tp + fp),
            "npr": ratio(tn + fp, tp + fn), "npr'": ratio(tn + fn, tp + fp)}


def agrees(value: float, text: str) -> bool:
    """Does value, rounded to the decimals that text shows, equal the text?"""
    decimals = len(text.split(".")[1]) if "." in text else 0
    return not math.isnan(value) and round(value, decimals) == float(text)


def test_the_tutorials_printed_rows_recomputed():
    """Every value the tutorial prints next to its four matrices, recomputed by hand and by
    evalcore: all hold but three, the second and fourth tnr (misprints) and the fourth
    precision (0/0, printed 0.00); the errata appendix lists them."""
    failing = set()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for k, table in enumerate(ec.TUTORIAL_MATRICES):
            m = ec.ConfusionMatrix.from_array(table, layout="tutorial")
            hand = by_hand(table.tolist())
            for quantity, texts in TUTORIAL_PRINTED.items():
                value = getattr(m, EVALCORE_NAME[quantity])
                assert (math.isnan(value) and math.isnan(hand[quantity])) or \
                    math.isclose(value, hand[quantity]), (k + 1, quantity)
                if texts[k] is not None and not agrees(value, texts[k]):
                    failing.add((k + 1, quantity))
    assert failing == {(2, "tnr"), (4, "tnr"), (4, "pre")}
    assert any(issubclass(w.category, ec.UndefinedMetricWarning) for w in caught)


def test_the_tutorials_identities_on_its_fourth_matrix():
    """The fourth matrix makes no positive call: accuracy through npr still holds, precision
    is 0/0 both ways (nan from evalcore, with one UndefinedMetricWarning), and so is npr'."""
    (tn, fp), (fn, tp) = ec.TUTORIAL_MATRICES[3].tolist()
    m = ec.ConfusionMatrix.from_array(ec.TUTORIAL_MATRICES[3], layout="tutorial")
    tpr, tnr, npr = tp / (tp + fn), tn / (tn + fp), (tn + fp) / (tp + fn)
    assert math.isclose(m.accuracy, (tpr + tnr * npr) / (1 + npr))
    assert tp + fp == 0 and tpr + npr * (1 - tnr) == 0
    with pytest.warns(ec.UndefinedMetricWarning):
        assert math.isnan(m.precision)
    with pytest.warns(ec.UndefinedMetricWarning):
        assert math.isnan(m.npr_predicted)


#: The rates of chapter 2's names table, each computed from the counts by hand.
RATE_BY_HAND = {
    "true positive rate": lambda tp, fp, fn, tn: tp / (tp + fn),
    "false positive rate": lambda tp, fp, fn, tn: fp / (fp + tn),
    "true negative rate": lambda tp, fp, fn, tn: tn / (fp + tn),
    "false negative rate": lambda tp, fp, fn, tn: fn / (tp + fn),
    "precision": lambda tp, fp, fn, tn: tp / (tp + fp),
    "negative predictive value": lambda tp, fp, fn, tn: tn / (tn + fn),
    "accuracy": lambda tp, fp, fn, tn: (tp + tn) / (tp + fp + fn + tn),
    "error rate": lambda tp, fp, fn, tn: (fp + fn) / (tp + fp + fn + tn),
    "F1": lambda tp, fp, fn, tn: 2 * tp / (2 * tp + fp + fn),
    "MCC": lambda tp, fp, fn, tn: (tp * tn - fp * fn) / math.sqrt(
        (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)),
    "share of positives": lambda tp, fp, fn, tn: (tp + fn) / (tp + fp + fn + tn),
}


def chapter_2_synonyms() -> dict:
    """The ``SYNONYMS`` table of chapter 2's names section, evaluated from its cell."""
    for cell in cells(CH2):
        if cell["cell_type"] == "code" and "SYNONYMS = {" in source(cell):
            tree = ast.parse(source(cell))
            assign = next(s for s in tree.body if isinstance(s, ast.Assign)
                          and getattr(s.targets[0], "id", None) == "SYNONYMS")
            return eval(compile(ast.Expression(assign.value), str(CH2), "eval"),
                        {"math": math})
    raise AssertionError("chapter 2 has no SYNONYMS table")


def test_every_name_in_chapter_2s_table_gives_its_rate():
    """Moved from chapter 2's 'Checking the names' box: every evalcore name the table lists
    exists and gives the rate computed by hand, as does the table's own formula, on the
    running example and the tutorial's first three matrices (the fourth has an empty column)."""
    synonyms = chapter_2_synonyms()
    assert set(synonyms) == set(RATE_BY_HAND)
    y, s = ec.murphy_classifier(2)
    matrices = [ec.confusion_matrix_at(y, s, 0.5, rule=">")] + [
        ec.ConfusionMatrix.from_array(t, layout="tutorial") for t in ec.TUTORIAL_MATRICES[:3]]
    checked = 0
    for m in matrices:
        counts = (m.tp, m.fp, m.fn, m.tn)
        for rate, (formula, _, attributes) in synonyms.items():
            expected = RATE_BY_HAND[rate](*counts)
            assert math.isclose(formula(*counts), expected), rate
            for attribute in attributes:
                assert math.isclose(getattr(m, attribute), expected), (rate, attribute)
                checked += 1
    assert checked == len(matrices) * sum(len(a) for _, _, a in synonyms.values())
