"""``08_hard_classifiers``: the two "Checking the source" boxes the chapter held until the
fourth edition (Murphy's Table 4 caption, his Table 5 as printed), moved here as tests. The
chapter keeps one sentence for each and sends the reader to the errata.

The expected values are Murphy's (2007) printed numbers, typed here from his Tables 4 and 5,
and the metrics are counted from the joint tables with exact fractions, independently of
evalcore; evalcore's reading of the table (``ec.MURPHY_TABLE4``, ``layout="murphy"``) is then
compared with that count. test_06_08_precision_recall.py checks the same table through evalcore.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

import evalcore as ec
from conftest import ROOT
from notebook_cells import glued, prose
from stored_outputs import close

CHAPTER = ROOT / "chapters" / "08_hard_classifiers.ipynb"

#: Murphy (2007), Table 4, as printed: [[a, b], [c, d]] for each classifier.
TABLE4 = {"A": [["0.9", "0.1"], ["0", "0"]],
          "B": [["0.8", "0"], ["0.1", "0.1"]],
          "C": [["0.78", "0"], ["0.12", "0.1"]]}
#: Murphy (2007), Table 5, as printed.
TABLE5 = {"accuracy": ("0.9", "0.9", "0.88"),
          "precision": ("0.9", "1.0", "1.0"),
          "recall": ("1.0", "0.888", "0.8667"),
          "F": ("0.947", "0.941", "0.9286"),
          "mutual information": ("0", "0.1865", "0.1735")}


def cells(name: str, truth: str) -> dict[str, Fraction]:
    """The four joint probabilities of a classifier, the table read with the truth on its
    ``truth`` ("columns": Murphy's text, the estimate on the rows; "rows": his caption),
    positive first either way."""
    (p11, p10), (p01, p00) = [[Fraction(v) for v in row] for row in TABLE4[name]]
    if truth == "rows":
        p10, p01 = p01, p10
    return {"tp": p11, "fp": p10, "fn": p01, "tn": p00}


def metrics(t: dict[str, Fraction]) -> dict[str, float]:
    """Table 5's five metrics, counted from the joint table (mutual information in nats)."""
    joint = {(1, 1): t["tp"], (1, 0): t["fp"], (0, 1): t["fn"], (0, 0): t["tn"]}
    called = {e: joint[e, 1] + joint[e, 0] for e in (0, 1)}
    truth = {y: joint[1, y] + joint[0, y] for y in (0, 1)}
    mi = sum(float(p) * math.log(p / (called[e] * truth[y])) for (e, y), p in joint.items() if p)
    return {"accuracy": float(t["tp"] + t["tn"]),
            "precision": float(t["tp"] / (t["tp"] + t["fp"])),
            "recall": float(t["tp"] / (t["tp"] + t["fn"])),
            "F": float(2 * t["tp"] / (2 * t["tp"] + t["fp"] + t["fn"])),
            "mutual information": mi}


def test_evalcore_holds_table_4_as_printed():
    for name, rows in TABLE4.items():
        assert np.array_equal(ec.MURPHY_TABLE4[name], np.array(rows, dtype=float))


def test_table_4_caption_has_the_axes_the_wrong_way_round():
    """Read as the caption says (truth on the rows), the three classifiers see three
    populations and B makes false positives; read as the text says, every classifier sees
    p(y = 1) = 0.9, B and C make no false positives and A calls everything positive."""
    caption = {name: cells(name, truth="rows") for name in TABLE4}
    assert [c["tp"] + c["fn"] for c in caption.values()] == [1, Fraction("0.8"),
                                                              Fraction("0.78")]
    assert caption["B"]["fp"] == Fraction("0.1")
    text = {name: cells(name, truth="columns") for name in TABLE4}
    assert {c["tp"] + c["fn"] for c in text.values()} == {Fraction("0.9")}
    assert text["B"]["fp"] == text["C"]["fp"] == 0
    assert text["A"]["fn"] + text["A"]["tn"] == 0                      # A never says 0
    for name, c in text.items():                                       # evalcore's reading
        cm = ec.ConfusionMatrix.from_joint(ec.MURPHY_TABLE4[name], layout="murphy")
        assert [cm.tp, cm.fp, cm.fn, cm.tn] == [float(c[k]) for k in ("tp", "fp", "fn", "tn")]


def test_table_5_recomputes_except_bs_recall_which_is_truncated():
    wrong = []
    for metric, printed in TABLE5.items():
        for name, text in zip(TABLE4, printed):
            value = metrics(cells(name, truth="columns"))[metric]
            digits = len(text.split(".")[1]) if "." in text else 0
            if round(value, digits) != float(text):
                wrong.append((metric, name))
    assert wrong == [("recall", "B")]                                  # 14 of 15 agree
    recall_b = cells("B", truth="columns")
    assert recall_b["tp"] / (recall_b["tp"] + recall_b["fn"]) == Fraction(8, 9)
    assert math.floor(8 / 9 * 1000) / 1000 == 0.888 != round(8 / 9, 3)  # truncated, not rounded
    assert round(metrics(cells("C", truth="columns"))["recall"], 4) == 0.8667  # C's: rounded up


def test_the_chapter_keeps_one_sentence_for_each_and_its_glued_recall():
    assert close(8 / 9, glued(CHAPTER)["recall_b"])
    text = prose(CHAPTER)
    assert "The caption's reading, in code" not in text and "n_agree" not in text
    assert "so the caption has the axes the wrong way round ({doc}`a1_errata`)" in text
    assert "which he prints truncated as 0.888 ({doc}`a1_errata`)" in text
