"""The self-check's front end in Chromium, and every self-check in the built book.

The front end (``evalcore/_self_check.js``) is rendered on a blank page served on 127.0.0.1
with a stand-in model holding a widget's state, and answered the way a reader would (click a
choice, type a number and press Enter, click "Show answer"), each verdict compared with the
Python side's on the same cases (tests/helpers.py). In the built book, every self-check of
every chapter is answered once right and once wrong with no kernel, the right answers read
from the page's embedded widget state."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec
from evalcore._self_check import (is_relative_href, judge_choice, judge_value, parse_answer,
                                  shown_answer)

from conftest import serve
from helpers import AUC, CHOICE, HREF_CASES, PARSE_CASES, SPAM, STRIP_CASES, same_number
from test_browser import PAGES, chapter_html, chapter_pages, displayed_widget_states


EVALCORE = Path(ec.__file__).parent


# ------------------------------------------------------ the front end, rendered on a blank page

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


# ----------------------------------------------------------- every self-check in the built book

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
