"""The self-checks: their Python side, their front end in Chromium, and every one in the book.

The front end (``evalcore/_self_check.js``) is rendered on a blank page served on 127.0.0.1
with a stand-in model holding a widget's state, and answered the way a reader would (click a
choice, type a number and press Enter, click "Show answer"). In the built book, every
self-check of every chapter is answered once right and once wrong with no kernel, the right
answers read from the page's embedded widget state.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec
from conftest import serve
from evalcore._self_check import (is_relative_href, judge_choice, judge_value, parse_answer,
                                  shown_answer, strip_verdict)
from test_browser import PAGES, chapter_html, chapter_pages, displayed_widget_states

EVALCORE = Path(ec.__file__).parent

SPAM = dict(question="What share of the flagged emails are spam? (two decimals)",
            answer=0.75, tolerance=0.005, hint="Precision: flagged spam over all flagged.",
            explain="30 / (30 + 10) = 0.75.",
            mistakes={0.6: "That is the recall: flagged spam over all spam."})
CHOICE = dict(question="Lowering θ can make FP ...", choices=["rise", "fall", "stay only"],
              answer=0, explanations=["Because more cases are called positive.",
                                      "A case called positive stays positive.",
                                      "It can stay, but it can also rise."])


# --- the Python side ---------------------------------------------------------------------------
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


# decimals: a number equal to the answer at the precision asked for is right
AUC = dict(question="What is the AUC? (two decimals)", answer=0.9583, decimals=2,
           hint="Count the pairs the positive wins.", explain="23 of the 24 pairs: 23/24.",
           mistakes={1.0: "That counts the tied pair as a win."},
           possible=(0, 1, "An AUC is a probability: it lies between 0 and 1."),
           reread=("The AUC as a probability", "05_auc.html#the-auc-as-a-probability"))


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


# item 1: the verdict is said once
STRIP_CASES = [
    ("Right: the bottom-right cell is TP.", "the bottom-right cell is TP."),
    ("No: 0.5 is not above 0.5.", "0.5 is not above 0.5."),
    ("Not quite: labels are not the only thing.", "labels are not the only thing."),
    ("Yes: and more.", "and more."), ("Wrong! It falls.", "It falls."),
    ("Correct. Both rise.", "Both rise."), ("Incorrect: no.", "no."),
    ("right:  lower case", "lower case"), ("  Right :  spaced", "spaced"),
    ("Right.", ""), ("No:", ""),
    ("No one would say so.", "No one would say so."),        # a word, not a verdict
    ("Nothing: a decision curve says ...", "Nothing: a decision curve says ..."),
    ("Yes, and it inflates.", "Yes, and it inflates."),       # a comma is no verdict mark
    ("Rightly so: ...", "Rightly so: ..."), ("Right:0.5", "Right:0.5"),
    ("No.5 is the fifth.", "No.5 is the fifth."),
    ("That is the recall.", "That is the recall."), ("9 / 108 = 0.083.", "9 / 108 = 0.083."),
    ("Right: No: twice", "No: twice"),                        # one verdict only is taken off
    ("\u00a0Right:\u2009thin", "thin"),
]


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


# the parsing of a typed answer, the same on both sides
PARSE_CASES = [
    ("0.96", 0.96), ("0,96", 0.96), (".96", 0.96), ("96%", 0.96), ("23/24", 23 / 24),
    ("-1e-3", -0.001), ("\u22120.5", -0.5), (" 0 . 5 ", 0.5), ("1\u00a0000", 1000.0),
    ("+3", 3.0), ("1.", 1.0), ("1E2", 100.0), ("3/4%", 0.0075), ("-3/4", -0.75),
    ("0,5%", 0.005), ("2/0", math.nan), ("1,000.5", math.nan), ("1,5,0", math.nan),
    ("0x10", math.nan), ("1e400", math.nan), ("inf", math.nan), ("nan", math.nan),
    ("", math.nan), ("  ", math.nan), ("½", math.nan), ("٣", math.nan), ("1_000", math.nan),
    ("three quarters", math.nan), ("%", math.nan), ("3/-4", math.nan), ("e5", math.nan),
]


def same_number(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b


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


# reread: a relative link, checked on both sides
HREF_CASES = [
    ("05_auc.html#the-auc-as-a-probability", True), ("05_auc.html", True), ("#anchor", True),
    ("../chapters/05_auc.html", True), ("/chapters/05_auc.html", True),
    ("05_auc.html?x=1:2", True), ("a/b:c", True), ("%2F%2Fevil.example", True),
    ("https://example.org/", False), ("http:05_auc.html", False), ("javascript:alert(1)", False),
    ("JavaScript:alert(1)", False), ("mailto:a@b.c", False), ("data:text/html,x", False),
    ("file:///etc/passwd", False), ("//example.org/x", False), ("\\\\example.org", False),
    ("/\\example.org", False), (" //example.org", False), ("\t//example.org", False),
    ("java\nscript:alert(1)", False), ("/\t/example.org", False), ("a b.html", False),
    ("x\u00a0y", False), ("x\u2028y", False), ("x\u0085y", False), ("x\x7fy", False),
    ("", False),
]


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


# --- the front end, rendered on a blank page ------------------------------------------------------
HARNESS = """
import sc, { parseAnswer, judgeNumber, judgeChoice, shownAnswer, closeEnough, stripVerdict,
             feedbackText, isRelativeHref } from '/_self_check.js';
const num = (v) => (Number.isNaN(v) ? 'nan' : v);
window.sc = { parseAnswer: (t) => num(parseAnswer(t)), judgeNumber, judgeChoice, shownAnswer,
              closeEnough, stripVerdict, feedbackText, isRelativeHref,
              judged: (j) => [j.verdict, feedbackText(j)] };
window.renderCheck = (state) => {
  const el = document.createElement('div');
  document.body.append(el);
  const model = { get: (name) => state[name], on() {}, off() {}, set() {}, save_changes() {} };
  sc.render({ model, el });
  return el;
};
"""


@pytest.fixture(scope="module")
def page(module_offline_pages):
    server, url = serve(EVALCORE)
    page = module_offline_pages().page
    page.goto(f"{url}_self_check.css")
    page.set_content(f'<html><head><link rel="stylesheet" href="{url}_self_check.css">'
                     f'</head><body></body></html>')
    page.add_script_tag(type="module", content=HARNESS)
    page.wait_for_function("() => window.renderCheck !== undefined", timeout=60_000)
    yield page
    server.shutdown()


def state_of(widget) -> dict:
    """The widget's synced state, as the book embeds it."""
    return {k: v for k, v in widget.get_state().items() if not k.startswith("_")}


def render(page, widget) -> None:
    """Show `widget`'s synced state (what the book embeds) as the only self-check on the page."""
    page.evaluate("(s) => { document.body.replaceChildren(); window.renderCheck(s); }",
                  state_of(widget))


def feedback(page, verdict: str) -> str:
    page.wait_for_function("(v) => document.querySelector('.self-check').dataset.verdict === v",
                           arg=verdict, timeout=10_000)
    return page.locator(".sc-feedback").text_content()


def js_parse(page, typed: str) -> float:
    value = page.evaluate("(t) => window.sc.parseAnswer(t)", typed)
    return math.nan if value == "nan" else float(value)


@pytest.mark.parametrize("typed, value", PARSE_CASES)
def test_the_front_end_reads_a_typed_answer_as_python_does(page, typed, value):
    assert same_number(js_parse(page, typed), value)


@settings(max_examples=200, deadline=None)
@given(typed=st.text(alphabet="0123456789.,-+%/eE x\u2212\u00a0\u2009\u200b\ufeff\u0085\n",
                     max_size=12))
def test_the_browser_and_python_read_every_typed_answer_alike(page, typed):
    assert same_number(js_parse(page, typed), parse_answer(typed))


@pytest.mark.parametrize("text, stripped", STRIP_CASES)
def test_the_front_end_leaves_out_the_same_verdicts(page, text, stripped):
    assert page.evaluate("(t) => window.sc.stripVerdict(t)", text) == stripped


@pytest.mark.parametrize("href, relative", HREF_CASES)
def test_the_front_end_judges_an_href_as_python_does(page, href, relative):
    assert page.evaluate("(h) => window.sc.isRelativeHref(h)", href) is relative


#: (self-check, what is typed): the same verdict and the same line on both sides
JUDGE_CASES = [(SPAM, typed) for typed in ("0.75", "0,75", "75%", "3/4", ".754", "0.6", "0.5",
                                           "0.7449", "three quarters", "")] + \
              [(AUC, typed) for typed in ("0.96", "0.958", "0,96", "96%", "23/24", "0.95",
                                          "1", "1.004", "96", "-1/2", "x")]


@pytest.mark.parametrize("kwargs, typed", JUDGE_CASES)
def test_the_browser_and_python_judge_the_same_cases_alike(page, kwargs, typed):
    q = ec.self_check(**kwargs)
    in_js = page.evaluate("([t, s]) => window.sc.judged(window.sc.judgeNumber(t, s))",
                          [typed, state_of(q)])
    assert tuple(in_js) == (q.feedback(typed).verdict, q.feedback(typed).line)


@pytest.mark.parametrize("typed, verdict, says", [
    ("0.75", "right", "Right: 30 / (30 + 10) = 0.75."),
    ("0,75", "right", "Right:"), ("75%", "right", "Right:"), ("3/4", "right", "Right:"),
    (".754", "right", "Right:"), ("0.6", "wrong", "Not quite: That is the recall"),
    ("0.5", "wrong", "Not quite: Precision: flagged spam over all flagged."),
    ("0.7449", "wrong", "Not quite: Precision"), ("three quarters", "invalid", "Type a number"),
])
def test_a_typed_number_is_judged_on_enter(page, typed, verdict, says):
    render(page, ec.self_check(**SPAM))
    box = page.locator(".sc-input")
    box.fill(typed)
    box.press("Enter")
    assert feedback(page, verdict).startswith(says)
    assert page.locator(".sc-feedback").get_attribute("role") == "status"


def test_show_answer_gives_the_answer_and_the_working(page):
    render(page, ec.self_check(**SPAM))
    page.locator(".sc-reveal").click()
    assert feedback(page, "shown") == "The answer is 0.75. 30 / (30 + 10) = 0.75."


def test_picking_a_choice_explains_it_at_once(page):
    render(page, ec.self_check(**CHOICE))
    radios = page.locator("input[type=radio]")
    assert radios.count() == 3
    assert page.locator("fieldset").get_attribute("aria-labelledby") == \
        page.locator(".sc-question").get_attribute("id")
    radios.nth(1).check()
    assert feedback(page, "wrong") == "Not quite: A case called positive stays positive."
    radios.nth(0).check()
    assert feedback(page, "right") == "Right: Because more cases are called positive."
    # the keyboard: the arrow key moves the choice, and the new choice is explained
    radios.nth(0).press("ArrowDown")
    assert feedback(page, "wrong") == "Not quite: A case called positive stays positive."


def test_the_verdict_is_said_once_on_the_page(page):
    """The book's style, "Right: ..." and "No: ...": one verdict each, the widget's."""
    book_style = dict(CHOICE, explanations=["Right: more cases are called positive.",
                                            "No: a case called positive stays positive.",
                                            "Not quite: it can stay, but it can also rise."])
    render(page, ec.self_check(**book_style))
    radios = page.locator("input[type=radio]")
    said = []
    for index, verdict in ((0, "right"), (1, "wrong"), (2, "wrong")):
        radios.nth(index).check()
        said.append(feedback(page, verdict))
    assert said == ["Right: more cases are called positive.",
                    "Not quite: a case called positive stays positive.",
                    "Not quite: it can stay, but it can also rise."]
    assert page.locator(".sc-feedback .sc-verdict").text_content() == "Not quite:"


def test_an_impossible_number_says_why(page):
    render(page, ec.self_check(**AUC))
    box = page.locator(".sc-input")
    box.fill("96")
    box.press("Enter")
    assert feedback(page, "impossible") == \
        "Impossible: An AUC is a probability: it lies between 0 and 1."
    assert page.locator(".sc-feedback").get_attribute("data-verdict") == "impossible"
    box.fill("0.958")
    box.press("Enter")
    assert feedback(page, "right") == "Right: 23 of the 24 pairs: 23/24."
    page.locator(".sc-reveal").click()
    assert feedback(page, "shown") == "The answer is 0.96. 23 of the 24 pairs: 23/24."


def reread_line(page):
    return page.locator(".sc-reread")


def test_reread_follows_every_feedback_of_a_number(page):
    render(page, ec.self_check(**AUC))
    line = reread_line(page)
    assert line.count() == 1 and not line.is_visible()        # nothing to reread yet
    box = page.locator(".sc-input")
    for typed, verdict in (("0.96", "right"), ("0.5", "wrong"), ("1", "wrong"),
                           ("7", "impossible"), ("x", "invalid")):
        box.fill(typed)
        box.press("Enter")
        feedback(page, verdict)
        assert line.is_visible() is (verdict != "invalid")
    page.locator(".sc-reveal").click()
    feedback(page, "shown")
    assert line.is_visible() and line.text_content() == "Reread: The AUC as a probability"
    link = line.locator("a")
    assert link.get_attribute("href") == "05_auc.html#the-auc-as-a-probability"
    assert link.text_content() == "The AUC as a probability"
    # outside the live region: the verdict is announced, the link is not read out each time
    assert page.locator(".sc-feedback a").count() == 0


def test_reread_follows_each_choice_and_its_text_stays_text(page):
    sneaky = '<img src=x onerror="window.hacked=1"><b>AUC</b>'
    render(page, ec.self_check(**CHOICE, reread=(sneaky, "05_auc.html")))
    line = reread_line(page)
    assert not line.is_visible()
    for index in (1, 0, 2):
        page.locator("input[type=radio]").nth(index).check()
        feedback(page, "right" if index == 0 else "wrong")
        assert line.is_visible()
    assert line.locator("a").text_content() == sneaky
    assert line.locator("img, b").count() == 0
    assert page.evaluate("() => window.hacked === undefined")


def test_the_view_shows_a_refused_href_as_plain_text(page):
    """A state written by hand (not by evalcore) with a link off the machine gets no link."""
    state = state_of(ec.self_check(**SPAM))
    state["reread"] = {"text": "Precision", "href": "https://example.org/"}
    page.evaluate("(s) => { document.body.replaceChildren(); window.renderCheck(s); }", state)
    page.locator(".sc-reveal").click()
    feedback(page, "shown")
    assert reread_line(page).text_content() == "Reread: Precision"
    assert page.locator(".sc-reread a").count() == 0


def test_a_self_check_without_reread_has_no_line(page):
    render(page, ec.self_check(**SPAM))
    page.locator(".sc-reveal").click()
    feedback(page, "shown")
    assert reread_line(page).count() == 0


@settings(max_examples=60, deadline=None)
@given(answer=st.floats(-10, 10), tolerance=st.sampled_from([0.0, 0.0005, 0.005, 0.05, 0.5]),
       offset=st.floats(-1, 1))
def test_the_browser_and_python_agree_on_every_number(page, answer, tolerance, offset):
    typed = answer + offset
    q = ec.self_check("x", answer=answer, tolerance=tolerance, hint="h", explain="e")
    state = {"answer": answer, "tolerance": tolerance, "mistakes": [], "hint": "h", "explain": "e"}
    judged = page.evaluate("([t, s]) => window.sc.judgeNumber(t, s).verdict", [repr(typed), state])
    assert judged == ("right" if q.check(typed) else "wrong")


@settings(max_examples=80, deadline=None)
@given(answer=st.floats(0, 1), decimals=st.integers(0, 4), digits=st.integers(0, 5),
       offset=st.floats(-0.2, 0.2), percent=st.booleans(), comma=st.booleans())
def test_the_browser_and_python_agree_with_decimals_and_a_range(page, answer, decimals, digits,
                                                                offset, percent, comma):
    q = ec.self_check("x", answer=answer, decimals=decimals, hint="No: h.", explain="Right: e.",
                      mistakes={round(1 - answer, 3): "That is one minus the answer."},
                      possible=(0, 1, "A share lies between 0 and 1."))
    value = answer + offset
    typed = f"{value * 100:.{digits}f}%" if percent else f"{value:.{digits}f}"
    if comma and not percent:
        typed = typed.replace(".", ",")
    in_js = page.evaluate("([t, s]) => window.sc.judged(window.sc.judgeNumber(t, s))",
                          [typed, state_of(q)])
    assert tuple(in_js) == (q.feedback(typed).verdict, q.feedback(typed).line)


# --- every self-check in the built book ----------------------------------------------------------
def self_check_states(html: str) -> list[dict]:
    return displayed_widget_states(html, "self-check")


def wrong_number(state: dict) -> float:
    """A number no rule accepts and no known mistake matches (the hint, or why the number is
    impossible, must answer it)."""
    return state["answer"] + 10 * state["tolerance"] + 1.0


def test_every_chapter_has_two_self_checks(book_html):
    counts = {page.name: len(self_check_states(page.read_text(encoding="utf-8")))
              for page in chapter_pages(book_html)
              if page.name[:2].isdigit() and page.name[:2] != "00"}
    assert counts and all(n >= 2 for n in counts.values()), counts


@pytest.mark.parametrize("page_name", PAGES or ["(no chapter pages built)"])
def test_every_self_check_answers_right_and_wrong_offline(page_name, book_html, book_url,
                                                          reading_page):
    states = self_check_states(chapter_html(book_html, page_name))
    if not states:
        return
    tab = reading_page.page
    tab.goto(f"{book_url}chapters/{page_name}", wait_until="load")
    boxes = tab.locator(".self-check")
    tab.wait_for_function("(n) => document.querySelectorAll('.self-check').length === n",
                          arg=len(states), timeout=30_000)
    for index, state in enumerate(states):
        box = boxes.nth(index)
        box.scroll_into_view_if_needed()
        assert box.locator(".sc-question").text_content() == state["question"]
        verdicts = []
        if state["kind"] == "choice":
            wrong = next(i for i in range(len(state["choices"])) if i != state["answer_index"])
            for choice in (wrong, state["answer_index"]):
                expected = judge_choice(choice, state)      # the Python mirror of the view
                box.locator("input[type=radio]").nth(choice).check()
                verdicts.append(wait_verdict(tab, box, expected.verdict))
                assert box.locator(".sc-feedback").text_content() == expected.line
        else:
            for typed in (wrong_number(state), state["answer"]):
                expected = judge_value(typed, state)
                box.locator(".sc-input").fill(repr(typed))
                box.locator(".sc-input").press("Enter")
                verdicts.append(wait_verdict(tab, box, expected.verdict))
                assert box.locator(".sc-feedback").text_content() == expected.line
            box.locator(".sc-reveal").click()
            wait_verdict(tab, box, "shown")
            assert box.locator(".sc-feedback").text_content() == shown_answer(state).line
        if state.get("reread"):
            assert box.locator(".sc-reread a").get_attribute("href") == state["reread"]["href"]
            assert is_relative_href(state["reread"]["href"])
        # the impossible verdict is a wrong answer with its reason
        verdicts = [v.replace("impossible", "wrong") for v in verdicts]
        assert verdicts == ["wrong", "right"]
    reading_page.check()


def wait_verdict(tab, box, verdict: str) -> str:
    tab.wait_for_function("([el, v]) => el.dataset.verdict === v",
                          arg=[box.element_handle(), verdict], timeout=10_000)
    return verdict


def test_states_are_json(book_html):
    """Every self-check's state is plain JSON the page can carry (no NaN)."""
    for page in chapter_pages(book_html):
        for state in self_check_states(page.read_text(encoding="utf-8")):
            json.dumps(state, allow_nan=False)
