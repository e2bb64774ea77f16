"""How long a chapter takes to read, measured from its built HTML page.

One formula, used twice: the build prints it at the top of every chapter (tools/course.py)
and tests/book/test_course.py holds every chapter to one sitting with it. What a reader meets
straight through counts; what stays folded until opened, and the exercises with their
solutions, do not:

* prose at 200 words a minute: every visible word outside code (headings, paragraphs, lists,
  admonitions, captions, prose tables, formulas as rendered);
* code at 100 words a minute: the source of every code cell that is not folded, its text
  outputs and output tables, and the code blocks of the prose;
* 1.5 minutes a self-check, 2 an explorer or a slider stack, 0.5 a figure.

A word of prose is a run of non-space characters holding a letter or a digit; a formula counts
as rendered: its TeX commands (``\\frac``, ``\\mathrm``) are not words, its names and numbers are. Code
is read name by name, so a word of code is a name or a number (``ec.roc_curve(y, s)`` is four).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass

from bs4 import BeautifulSoup, Tag

PROSE_WORDS_PER_MINUTE = 200
CODE_WORDS_PER_MINUTE = 100
MINUTES_PER_SELF_CHECK = 1.5
MINUTES_PER_EXPLORER = 2.0
MINUTES_PER_FIGURE = 0.5

#: anywidget ids (``_anywidget_id`` in the page's widget state) and what each one costs.
SELF_CHECKS = {"evalcore._self_check.SelfCheck"}
EXPLORERS = {"evalcore._threshold_explorer.ThresholdExplorer",
             "evalcore._distribution_explorer.DistributionExplorer",
             "evalcore._slider_stack.SliderStack"}

#: What a reader does not meet straight through: folded code (``hide-input``), dropdowns and
#: collapsed admonitions, the header the build adds (it is not the chapter), and what only
#: the machine reads.
FOLDED = ("details", ".toggle-hidden", ".dropdown", ".chapter-path", "script", "style",
          "a.headerlink", ".visually-hidden", ".sr-only")
#: Sections left out: the exercises and their solutions.
UNTIMED_SECTION = re.compile(r"^(exercises|solutions)(-\d+)?$")
WORD = re.compile(r"[^\W_]")
CODE_WORD = re.compile(r"\w+")
TEX_COMMAND = re.compile(r"\\[A-Za-z]+")
CODE = ("div.cell_input", "div.cell_output pre", "div.cell_output table",
        "div.highlight pre")
WIDGET_VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]'
WIDGET_STATE = 'script[type="application/vnd.jupyter.widget-state+json"]'


@dataclass(frozen=True)
class ReadingTime:
    """The parts of a page's reading time and their sum in minutes."""

    prose_words: int
    code_words: int
    self_checks: int
    explorers: int
    figures: int

    @property
    def minutes(self) -> float:
        return (self.prose_words / PROSE_WORDS_PER_MINUTE
                + self.code_words / CODE_WORDS_PER_MINUTE
                + MINUTES_PER_SELF_CHECK * self.self_checks
                + MINUTES_PER_EXPLORER * self.explorers
                + MINUTES_PER_FIGURE * self.figures)

    @property
    def rounded(self) -> int:
        """The minutes a reader is told: whole minutes, rounded up, at least one."""
        return max(1, math.ceil(self.minutes - 1e-9))


def count_words(text: str) -> int:
    """The words of prose in ``text``."""
    return sum(1 for token in text.split() if WORD.search(token))


def count_code_words(text: str) -> int:
    """The words of code in ``text``: its names and numbers."""
    return len(CODE_WORD.findall(text))


def widget_kinds(soup: BeautifulSoup) -> dict[str, str]:
    """Each widget model's id and its ``_anywidget_id`` (or model name), from the page."""
    kinds: dict[str, str] = {}
    for script in soup.select(WIDGET_STATE):
        for model_id, model in json.loads(script.string or "{}").get("state", {}).items():
            state = model.get("state", {})
            kinds[model_id] = state.get("_anywidget_id") or model.get("model_name", "")
    return kinds


def reading_time(page_html: str) -> ReadingTime:
    """The reading time of a built page, from its ``article.bd-article``."""
    soup = BeautifulSoup(page_html, "html.parser")
    kinds = widget_kinds(soup)
    article = soup.select_one("article.bd-article")
    if article is None:
        raise ValueError("page_html has no article.bd-article: not a page of the built book")
    for section in article.select("section[id]"):
        if UNTIMED_SECTION.match(section["id"]):
            section.decompose()
    self_checks = explorers = 0
    for view in article.select(WIDGET_VIEW):
        kind = kinds.get(json.loads(view.string or "{}").get("model_id", ""), "")
        self_checks += kind in SELF_CHECKS
        explorers += kind in EXPLORERS
        view.decompose()
    for selector in FOLDED:
        for element in article.select(selector):
            if isinstance(element, Tag) and not element.decomposed:
                element.decompose()
    figures = len(article.select("img"))
    code_words = 0
    for selector in CODE:
        for element in article.select(selector):
            if not element.decomposed:
                code_words += count_code_words(element.get_text(" "))
                element.decompose()
    for math_element in article.select(".math"):
        # a formula typeset at build time keeps its TeX in data-tex (tools/static_math.py);
        # its equation number, if any, is text beside it
        tex = math_element.get("data-tex")
        if tex is not None:
            number = math_element.select_one(".eqno")
            tex = (number.get_text(" ") if number else "") + " " + tex
        rendered = TEX_COMMAND.sub(" ", math_element.get_text(" ") if tex is None else tex)
        math_element.replace_with(" " + " ".join(CODE_WORD.findall(rendered)) + " ")
    prose_words = count_words(article.get_text(" "))
    return ReadingTime(prose_words, code_words, self_checks, explorers, figures)
