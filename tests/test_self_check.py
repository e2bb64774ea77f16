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

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec
from conftest import serve
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
])
def test_bad_input_names_the_argument(kwargs, error, match):
    with pytest.raises(error, match=match):
        ec.self_check(**kwargs)


# --- the front end, rendered on a blank page ------------------------------------------------------
HARNESS = """
import sc, { parseAnswer, judgeNumber, closeEnough } from '/_self_check.js';
window.sc = { parseAnswer, judgeNumber, closeEnough };
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


def render(page, widget) -> None:
    """Show `widget`'s synced state (what the book embeds) as the only self-check on the page."""
    state = {k: v for k, v in widget.get_state().items() if not k.startswith("_")}
    page.evaluate("(s) => { document.body.replaceChildren(); window.renderCheck(s); }", state)


def feedback(page, verdict: str) -> str:
    page.wait_for_function("(v) => document.querySelector('.self-check').dataset.verdict === v",
                           arg=verdict, timeout=10_000)
    return page.locator(".sc-feedback").text_content()


@pytest.mark.parametrize("typed, verdict, says", [
    ("0.75", "right", "Right. 30 / (30 + 10) = 0.75."),
    ("0,75", "right", "Right."), ("75%", "right", "Right."), ("3/4", "right", "Right."),
    (".754", "right", "Right."), ("0.6", "wrong", "Not quite. That is the recall"),
    ("0.5", "wrong", "Not quite. Precision: flagged spam over all flagged."),
    ("0.7449", "wrong", "Not quite. Precision"), ("three quarters", "invalid", "Type a number"),
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
    assert feedback(page, "wrong") == "Not quite. A case called positive stays positive."
    radios.nth(0).check()
    assert feedback(page, "right") == "Right. Because more cases are called positive."
    # the keyboard: the arrow key moves the choice, and the new choice is explained
    radios.nth(0).press("ArrowDown")
    assert feedback(page, "wrong") == "Not quite. A case called positive stays positive."


@settings(max_examples=60, deadline=None)
@given(answer=st.floats(-10, 10), tolerance=st.sampled_from([0.0, 0.0005, 0.005, 0.05, 0.5]),
       offset=st.floats(-1, 1))
def test_the_browser_and_python_agree_on_every_number(page, answer, tolerance, offset):
    typed = answer + offset
    q = ec.self_check("x", answer=answer, tolerance=tolerance, hint="h", explain="e")
    state = {"answer": answer, "tolerance": tolerance, "mistakes": [], "hint": "h", "explain": "e"}
    judged = page.evaluate("([t, s]) => window.sc.judgeNumber(t, s).verdict", [repr(typed), state])
    assert judged == ("right" if q.check(typed) else "wrong")


# --- every self-check in the built book ----------------------------------------------------------
def self_check_states(html: str) -> list[dict]:
    return displayed_widget_states(html, "self-check")


def wrong_number(state: dict) -> float:
    """A number no rule accepts and no known mistake matches (the hint must answer it)."""
    return state["answer"] + 10 * state["tolerance"] + 1.0


def test_every_chapter_has_two_self_checks(book_html):
    counts = {page.name: len(self_check_states(page.read_text(encoding="utf-8")))
              for page in chapter_pages(book_html)
              if page.name[:2].isdigit() and page.name[:2] != "00"}
    assert counts and all(n >= 2 for n in counts.values()), counts


@pytest.mark.parametrize("page_name", PAGES or ["(no chapter pages built)"])
def test_every_self_check_answers_right_and_wrong_offline(page_name, book_html, book_url,
                                                          offline_page):
    states = self_check_states(chapter_html(book_html, page_name))
    if not states:
        return
    tab = offline_page.page
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
            for choice, expected in ((wrong, "wrong"), (state["answer_index"], "right")):
                box.locator("input[type=radio]").nth(choice).check()
                verdicts.append(wait_verdict(tab, box, expected))
                assert box.locator(".sc-feedback").text_content().endswith(
                    state["explanations"][choice])
        else:
            for typed, expected in ((wrong_number(state), "wrong"), (state["answer"], "right")):
                box.locator(".sc-input").fill(repr(typed))
                box.locator(".sc-input").press("Enter")
                verdicts.append(wait_verdict(tab, box, expected))
            assert box.locator(".sc-feedback").text_content().endswith(state["explain"])
        assert verdicts == ["wrong", "right"]
    offline_page.check()


def wait_verdict(tab, box, verdict: str) -> str:
    tab.wait_for_function("([el, v]) => el.dataset.verdict === v",
                          arg=[box.element_handle(), verdict], timeout=10_000)
    return verdict


def test_states_are_json(book_html):
    """Every self-check's state is plain JSON the page can carry (no NaN)."""
    for page in chapter_pages(book_html):
        for state in self_check_states(page.read_text(encoding="utf-8")):
            json.dumps(state, allow_nan=False)
