"""evalcore/_self_check.py: the self-check's Python side, its state, its verdicts and its errors.

The answers are judged as a reader types them (decimals, commas, percents, fractions), an
explanation's own verdict is left out, a reread link must be relative. The same cases are
judged by the front end in Chromium in tests/book/test_self_check_browser.py (the cases:
tests/helpers.py)."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import evalcore as ec
from evalcore._self_check import is_relative_href, parse_answer, strip_verdict

from helpers import AUC, CHOICE, HREF_CASES, PARSE_CASES, SPAM, STRIP_CASES, same_number


def test_number_state_travels_whole():
    q = ec.self_check(**SPAM)
    assert (q.kind, q.question, q.answer, q.tolerance) == ("number", SPAM["question"], 0.75, 0.005)
    assert (q.hint, q.explain, q.mistakes) == (SPAM["hint"], SPAM["explain"], [[0.6, SPAM["mistakes"][0.6]]])
    assert q.answer_label == "0.75" and q.evalcore_widget == "self-check"
    assert (q.decimals, q.possible, q.reread) == (None, None, None)
    assert q.get_state()["answer"] == 0.75


def test_choice_state_travels_whole():
    q = ec.self_check(**CHOICE)
    assert (q.kind, q.choices, q.explanations, q.answer_index) == (
        "choice", CHOICE["choices"], CHOICE["explanations"], 0)


@pytest.mark.parametrize("tolerance, expected", [(0.5, "3"), (0.05, "2.6"), (0.005, "2.57"),
                                                 (0.0005, "2.571"), (0.0, "2.57143")])
def test_the_answer_is_shown_with_the_decimals_the_tolerance_implies(tolerance, expected):
    q = ec.self_check("x", answer=18 / 7, tolerance=tolerance, hint="h", explain="e")
    assert q.answer_label == expected


def test_the_tolerance_forgives_the_rounding_of_the_subtraction():
    # 0.475 - 0.47 is 0.0050000000000000044 in binary floating point
    assert 0.475 - 0.47 > 0.005
    q = ec.self_check("x", answer=0.47, tolerance=0.005, hint="h", explain="e")
    assert q.check(0.475) and q.check(0.465) and not q.check(0.4751) and not q.check(0.4649)


@pytest.mark.parametrize("typed, verdict", [
    ("0.96", "right"), ("0.958", "right"), ("0,96", "right"), ("96%", "right"),
    ("23/24", "right"), (".9583", "right"), ("0.9633", "right"), ("0.9534", "right"),
    ("0.95", "wrong"), ("0.9634", "wrong"), ("0.9", "wrong"), ("96", "impossible"),
    ("1", "wrong"), ("1.004", "wrong"), ("-0.2", "impossible"), ("1.2", "impossible"),
    ("about 0.96", "invalid"),
])
def test_decimals_accept_the_answer_at_the_precision_asked_for(typed, verdict):
    q = ec.self_check(**AUC)
    assert q.tolerance == 0.005 and q.decimals == 2 and q.answer_label == "0.96"
    assert q.feedback(typed).verdict == verdict


@pytest.mark.parametrize("decimals, label, tolerance", [
    (0, "3", 0.5), (1, "2.6", 0.05), (2, "2.57", 0.005), (3, "2.571", 0.0005), (6, "2.571429", 5e-07)])
def test_decimals_set_the_label_and_half_a_unit_of_tolerance(decimals, label, tolerance):
    q = ec.self_check("x", answer=18 / 7, decimals=decimals, hint="h", explain="e")
    assert (q.answer_label, q.tolerance) == (label, pytest.approx(tolerance, rel=1e-15))
    half = 0.5 * 10 ** -decimals
    assert q.check(18 / 7 + half) and q.check(18 / 7 - half)
    assert not q.check(18 / 7 + 1.01 * half) and not q.check(18 / 7 - 1.01 * half)


@pytest.mark.parametrize("answer, decimals, label", [
    (0.625, 2, "0.63"), (0.745, 2, "0.75"), (-0.625, 2, "-0.63"), (2.5, 0, "3"),
    (-0.001, 2, "0.00"), (0.0099, 4, "0.0099"), (5.96, 1, "6.0"), (1e20, 1, "100000000000000000000.0"),
])
def test_show_answer_rounds_as_a_reader_does(answer, decimals, label):
    """Half away from zero, from the decimal the reader sees (0.625, not its binary value)."""
    q = ec.self_check("x", answer=answer, decimals=decimals, hint="h", explain="e")
    assert q.answer_label == label
    assert q.check(float(label))          # the answer shown is itself a right answer
    assert ec.self_check("x", answer=answer, tolerance=0.5 * 10 ** -decimals, hint="h",
                         explain="e").answer_label == label


def test_decimals_match_the_mistakes_at_the_same_precision():
    q = ec.self_check(**AUC)
    assert q.feedback("1.00").verdict == "wrong"
    assert q.feedback("0.995").line == "Not quite: That counts the tied pair as a win."


def test_decimals_and_tolerance_exclude_each_other():
    with pytest.raises(ValueError, match=r"decimals and tolerance cannot both be given"):
        ec.self_check("x", answer=0.5, decimals=2, tolerance=0.005, hint="h", explain="e")
    # an explicit answer_label still wins over the decimals
    q = ec.self_check("x", answer=0.5, decimals=2, answer_label="1/2", hint="h", explain="e")
    assert q.answer_label == "1/2"


def test_an_impossible_value_says_why_after_right_and_the_known_mistakes():
    # the right answer at the edge of the range: a reader's rounding past it is still right
    edge = ec.self_check("x", answer=1.0, decimals=2, hint="h", explain="e",
                         possible=(0, 1, "A share lies between 0 and 1."))
    assert edge.feedback("1.004").verdict == "right"
    assert edge.feedback("1.01").line == "Impossible: A share lies between 0 and 1."
    # a known mistake outside the range keeps its own, more precise explanation
    gain = ec.self_check("x", answer=0.4, decimals=2, hint="h", explain="e",
                         mistakes={8.0: "That is the lift."},
                         possible=(0, 1, "A gain is a share of the positives."))
    assert gain.feedback("8").line == "Not quite: That is the lift."
    assert gain.feedback("7").verdict == "impossible"
    assert not gain.check(7.0) and gain.check(0.4)


def test_an_infinite_end_of_the_range_travels_as_none():
    q = ec.self_check("x", answer=2.0, hint="h", explain="e",
                      possible=(0, math.inf, "A count is never negative."))
    assert q.possible == {"low": 0.0, "high": None, "why": "A count is never negative."}
    json.dumps({k: v for k, v in q.get_state().items() if not k.startswith("_")},
               allow_nan=False)
    assert q.feedback("-1").verdict == "impossible" and q.feedback("1e300").verdict == "wrong"
    q = ec.self_check("x", answer=2.0, hint="h", explain="e",
                      possible=(-math.inf, np.float64(5), "At most five."))
    assert q.possible == {"low": None, "high": 5.0, "why": "At most five."}


@pytest.mark.parametrize("text, stripped", STRIP_CASES)
def test_an_explanations_own_verdict_is_left_out(text, stripped):
    assert strip_verdict(text) == stripped


def test_the_verdict_is_said_once_in_every_kind_of_feedback():
    m = ec.self_check("q", choices=["a", "b", "c"], answer=1,
                      explanations=["No: a is wrong.", "Right: b is right.", "c is wrong."])
    assert [m.feedback(i).line for i in range(3)] == [
        "Not quite: a is wrong.", "Right: b is right.", "Not quite: c is wrong."]
    # the texts are stored as given: only the display leaves the word out
    assert m.explanations[1] == "Right: b is right."
    q = ec.self_check("q", answer=0.5, decimals=1, hint="No: halve it.",
                      explain="Right: 1/2 = 0.5.", mistakes={0.25: "Not quite: that is 1/4."},
                      possible=(0, 1, "No: a share lies in [0, 1]."))
    assert q.feedback("0.5").line == "Right: 1/2 = 0.5."
    assert q.feedback("0.25").line == "Not quite: that is 1/4."
    assert q.feedback("0.8").line == "Not quite: halve it."
    assert q.feedback("2").line == "Impossible: a share lies in [0, 1]."
    assert q.shown_answer().line == "The answer is 0.5. 1/2 = 0.5."
    alone = ec.self_check("q", choices=["a", "b"], answer=0, explanations=["Right.", "No."])
    assert [alone.feedback(i).line for i in range(2)] == ["Right.", "Not quite."]


@pytest.mark.parametrize("typed, value", PARSE_CASES)
def test_python_reads_a_typed_answer_as_the_front_end_does(typed, value):
    assert same_number(parse_answer(typed), value)


def test_check_takes_numbers_and_feedback_takes_what_is_typed():
    q = ec.self_check(**AUC)
    with pytest.raises(TypeError, match="response must be a real number"):
        q.check("0.96")
    assert q.feedback(0.96).verdict == "right" and q.feedback("0,96").verdict == "right"
    m = ec.self_check(**CHOICE)
    with pytest.raises(ValueError, match=r"response must be an integer between 0 and 2"):
        m.feedback(3)


@pytest.mark.parametrize("href, relative", HREF_CASES)
def test_reread_takes_only_a_relative_href(href, relative):
    assert is_relative_href(href) is relative
    build = lambda: ec.self_check(**{**SPAM, "reread": ("Precision", href)})   # noqa: E731
    if relative:
        assert build().reread == {"text": "Precision", "href": href}
    else:
        with pytest.raises(ValueError, match=r"reread\[[01]\] \((the href|the link text)\)"):
            build()


def test_reread_goes_with_both_kinds():
    m = ec.self_check(**CHOICE, reread=["Lowering θ", "03_roc_curves.html#lowering"])
    assert m.reread == {"text": "Lowering θ", "href": "03_roc_curves.html#lowering"}


@pytest.mark.parametrize("kwargs, error, match", [
    (dict(question="", answer=1.0, hint="h", explain="e"), ValueError, "question must not be empty"),
    (dict(question=3, answer=1.0, hint="h", explain="e"), TypeError, "question must be a str"),
    (dict(question="q", answer="1", hint="h", explain="e"), TypeError, "answer must be a real"),
    (dict(question="q", answer=math.nan, hint="h", explain="e"), ValueError, r"answer must be a number in \(-inf, inf\), got nan"),
    (dict(question="q", answer=1.0, tolerance=-1, hint="h", explain="e"), ValueError, "tolerance"),
    (dict(question="q", answer=1.0, tolerance="0.1", hint="h", explain="e"), TypeError, "tolerance"),
    (dict(question="q", answer=1.0, explain="e"), ValueError, "hint must not be empty"),
    (dict(question="q", answer=1.0, hint="h"), ValueError, "explain must not be empty"),
    (dict(question="q", answer=1.0, hint="h", explain="e", mistakes={"a": "b"}), TypeError, "mistakes"),
    (dict(question="q", answer=1.0, hint="h", explain="e", mistakes={2.0: ""}), ValueError, r"mistakes\[2.0\]"),
    (dict(question="q", answer=1.0, hint="h", explain="e", explanations=["a"]), ValueError, "explanations go with choices"),
    (dict(question="q", answer=0, choices=["a"], explanations=["x"]), ValueError, "at least two choices"),
    (dict(question="q", answer=0, choices="ab", explanations=["x", "y"]), TypeError, "choices must be a sequence"),
    (dict(question="q", answer=0, choices=["a", "b"]), ValueError, "explanations is required"),
    (dict(question="q", answer=0, choices=["a", "b"], explanations=["x"]), ValueError, "one explanation per choice"),
    (dict(question="q", answer=0, choices=["a", ""], explanations=["x", "y"]), ValueError, r"choices\[1\]"),
    (dict(question="q", answer=2, choices=["a", "b"], explanations=["x", "y"]), ValueError, r"answer \(the index of the right choice\) must be an integer between 0 and 1"),
    (dict(question="q", answer=0.0, choices=["a", "b"], explanations=["x", "y"]), TypeError, "index of the right choice"),
    (dict(question="q", answer=True, choices=["a", "b"], explanations=["x", "y"]), TypeError, "index of the right choice"),
    (dict(question="q", answer=1.0, hint="h", explain="e", size="huge"), ValueError, "size"),
    # decimals
    (dict(question="q", answer=1.0, hint="h", explain="e", decimals=2.0), TypeError, "decimals must be an integer, got 2.0"),
    (dict(question="q", answer=1.0, hint="h", explain="e", decimals=True), TypeError, "decimals must be an integer"),
    (dict(question="q", answer=1.0, hint="h", explain="e", decimals=-1), ValueError, "decimals must be an integer between 0 and 15, got -1"),
    (dict(question="q", answer=1.0, hint="h", explain="e", decimals=16), ValueError, "decimals must be an integer between 0 and 15"),
    (dict(question="q", answer=1.0, hint="h", explain="e", decimals=1, tolerance=0.05), ValueError, r"decimals and tolerance cannot both be given \(decimals=1 means tolerance=0.05\)"),
    (dict(question="q", answer=0, choices=["a", "b"], explanations=["x", "y"], decimals=2), ValueError, "decimals goes with a number question"),
    # possible
    (dict(question="q", answer=0.5, hint="h", explain="e", possible=[0, 1]), ValueError, r"possible must be a tuple \(low, high, why\) of 3 items, got 2"),
    (dict(question="q", answer=0.5, hint="h", explain="e", possible="0 to 1"), TypeError, r"possible must be a tuple \(low, high, why\), got '0 to 1' \(str\)"),
    (dict(question="q", answer=0.5, hint="h", explain="e", possible={0, 1, "w"}), TypeError, r"possible must be a tuple \(low, high, why\)"),
    (dict(question="q", answer=0.5, hint="h", explain="e", possible=("0", 1, "w")), TypeError, r"possible\[0\] \(low\) must be a real number"),
    (dict(question="q", answer=0.5, hint="h", explain="e", possible=(0, None, "w")), TypeError, r"possible\[1\] \(high\) must be a real number"),
    (dict(question="q", answer=0.5, hint="h", explain="e", possible=(math.nan, 1, "w")), ValueError, r"possible\[0\] \(low\) must be a real number or ±inf, got nan"),
    (dict(question="q", answer=0.5, hint="h", explain="e", possible=(0, np.nan, "w")), ValueError, r"possible\[1\] \(high\) must be a real number or ±inf, got nan"),
    (dict(question="q", answer=0.5, hint="h", explain="e", possible=(1, 0, "w")), ValueError, r"possible must have low < high, got low=1.0 and high=0.0"),
    (dict(question="q", answer=0.5, hint="h", explain="e", possible=(1, 1, "w")), ValueError, r"possible must have low < high"),
    (dict(question="q", answer=1.5, hint="h", explain="e", possible=(0, 1, "w")), ValueError, r"possible must hold the answer between low and high: 1.5 lies outside \[0.0, 1.0\]"),
    (dict(question="q", answer=0.5, hint="h", explain="e", possible=(0, 1, "  ")), ValueError, r"possible\[2\] \(why\) must not be empty"),
    (dict(question="q", answer=0.5, hint="h", explain="e", possible=(0, 1, None)), TypeError, r"possible\[2\] \(why\) must be a str"),
    (dict(question="q", answer=0, choices=["a", "b"], explanations=["x", "y"], possible=(0, 1, "w")), ValueError, "possible goes with a number question"),
    # reread
    (dict(question="q", answer=0.5, hint="h", explain="e", reread="05_auc.html"), TypeError, r"reread must be a tuple \(link text, href\)"),
    (dict(question="q", answer=0.5, hint="h", explain="e", reread=("AUC",)), ValueError, r"reread must be a tuple \(link text, href\) of 2 items, got 1"),
    (dict(question="q", answer=0.5, hint="h", explain="e", reread=("", "a.html")), ValueError, r"reread\[0\] \(the link text\) must not be empty"),
    (dict(question="q", answer=0.5, hint="h", explain="e", reread=("AUC", None)), TypeError, r"reread\[1\] \(the href\) must be a str"),
    (dict(question="q", answer=0.5, hint="h", explain="e", reread=("AUC", "https://x.org")), ValueError, r"must be a relative URL .*'https://x.org' has a scheme \('https:'\)"),
    (dict(question="q", answer=0.5, hint="h", explain="e", reread=("AUC", "//x.org")), ValueError, r"'//x.org' starts with '//'"),
    (dict(question="q", answer=0.5, hint="h", explain="e", reread=("AUC", "a b")), ValueError, r"'a b' holds white space, a control character or a backslash"),
])
def test_bad_input_names_the_argument(kwargs, error, match):
    with pytest.raises(error, match=match):
        ec.self_check(**kwargs)


# ------------------------------------------------------------------------------------ odd input

def test_self_check_refuses_non_finite_numbers_with_value_errors():
    with pytest.raises(ValueError, match=r"answer must lie in \(-inf, inf\), got inf"):
        ec.self_check("q", answer=math.inf, hint="h", explain="e")
    with pytest.raises(ValueError, match=r"answer must lie in \(-inf, inf\) and within "
                                         r"float64's range, got an integer of 401 digits"):
        ec.self_check("q", answer=10 ** 400, hint="h", explain="e")
    with pytest.raises(ValueError, match="mistakes' keys must be a number"):
        ec.self_check("q", answer=1.0, hint="h", explain="e", mistakes={math.nan: "x"})
    with pytest.raises(ValueError, match="tolerance must be non-negative and finite"):
        ec.self_check("q", answer=1.0, tolerance=math.inf, hint="h", explain="e")


def test_self_check_with_a_huge_tolerance_and_checked_responses():
    q = ec.self_check("q", answer=1.0, tolerance=1e308, hint="h", explain="e")
    assert q.answer_label == "1" and q.check(-1e307)
    m = ec.self_check("q", choices=["a", "b"], answer=1, explanations=["x", "y"])
    with pytest.raises(TypeError, match="response must be an integer"):
        m.check(True)
    with pytest.raises(TypeError, match="response must be a real number"):
        q.check("1")
