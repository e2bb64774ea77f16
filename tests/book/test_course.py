"""The paths through the book: every chapter one sitting with its picture first, the header atop
each chapter, the start page's route and plans, and search that finds the teaching first.

The reading time is :func:`reading_time.reading_time` (tools/), the one function the build
also uses for the minutes it prints; here it is checked on a page counted by hand, then held
to one sitting on every chapter of the built book. The first picture's place is measured in
Chromium at 1366×768, a laptop's screen.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup

from conftest import ROOT, built_pages
from test_browser import chapter_html, displayed_widget_states

sys.path.insert(0, str(ROOT / "tools"))
from course import hours_text, load_course, minutes_text  # noqa: E402
from reading_time import ReadingTime, reading_time, widget_kinds  # noqa: E402

ONE_SITTING_MINUTES = 25
#: The first picture's top, at most this far below the top of ``article.bd-article``.
FIRST_PICTURE_PX = 450
LAPTOP = {"width": 1366, "height": 768}
PICTURES = {"evalcore._threshold_explorer.ThresholdExplorer",
            "evalcore._distribution_explorer.DistributionExplorer",
            "evalcore._slider_stack.SliderStack"}
#: Queries whose answer the chapters teach: a chapter must come before any API entry.
TEACHING_QUERIES = ["DeLong", "Youden", "net benefit", "calibration"]

COURSE = load_course()


def numbered_chapters() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    return [entry["file"].rpartition("/")[2] for part in toc["parts"] if part.get("numbered")
            for entry in part["chapters"]]


def review_pages() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    return [entry["file"].rpartition("/")[2] for part in toc["parts"]
            for entry in part["chapters"] if "/review_" in entry["file"]]


# --- the formula, on a page counted by hand ----------------------------------------------------
STATE = {"state": {
    "m1": {"model_name": "AnyModel", "state": {"_anywidget_id": "evalcore._self_check.SelfCheck"}},
    "m2": {"model_name": "AnyModel",
           "state": {"_anywidget_id": "evalcore._slider_stack.SliderStack"}},
    "m3": {"model_name": "LayoutModel", "state": {}}}}


def view(model_id: str) -> str:
    return ('<script type="application/vnd.jupyter.widget-view+json">'
            + json.dumps({"model_id": model_id}) + "</script>")


HAND_COUNTED = f"""<html><head><script type="application/vnd.jupyter.widget-state+json">
{json.dumps(STATE)}</script></head><body><article class="bd-article">
<section id="a-title"><h1>Two words<a class="headerlink" href="#a-title">#</a></h1>
<p class="chapter-path">Core · about 9 min · these words are the build's, not counted</p>
<p>Seven words of prose, and <span class="math notranslate">\\(\\frac{{TP}}{{P}}\\)</span>.</p>
<div class="cell docutils container"><div class="cell_input docutils container">
<div class="highlight"><pre>auc = ec.roc_auc(y_true, y_score)</pre></div></div>
<div class="cell_output docutils container"><div class="output text_plain"><pre>0.75</pre></div>
{view("m1")}</div></div>
<div class="cell tag_hide-input docutils container"><details class="hide above-input">
<summary>Show code cell source</summary><div class="cell_input"><pre>folded code is not read</pre>
</div></details><div class="cell_output"><img src="a.png" alt="a figure">{view("m2")}
{view("m3")}</div></div>
<details class="sd-dropdown"><summary>Solution</summary><p>Folded words do not count.</p></details>
<section id="exercises"><h2>Exercises</h2><p>Neither do the exercises.</p>{view("m1")}
<img src="b.png" alt=""></section>
</section></article></body></html>"""


def test_reading_time_on_a_page_counted_by_hand():
    time = reading_time(HAND_COUNTED)
    # prose: "Two words" 2 + "Seven words of prose, and" 5 + the formula as rendered, TP and P: 2
    # code: auc ec roc_auc y_true y_score 5 + the output 0 75 2 (names and numbers)
    assert time == ReadingTime(prose_words=9, code_words=7, self_checks=1, explorers=1,
                               figures=1)
    assert time.minutes == pytest.approx(9 / 200 + 7 / 100 + 1.5 + 2 + 0.5)
    assert time.rounded == 5
    assert ReadingTime(0, 0, 0, 0, 0).rounded == 1
    with pytest.raises(ValueError, match="article.bd-article"):
        reading_time("<html><body><p>no article</p></body></html>")


def test_widget_kinds_read_from_the_page_state():
    assert widget_kinds(BeautifulSoup(HAND_COUNTED, "html.parser")) == {
        "m1": "evalcore._self_check.SelfCheck", "m2": "evalcore._slider_stack.SliderStack",
        "m3": "LayoutModel"}


def test_how_times_are_said():
    assert minutes_text(12) == "about 12 min"
    assert [hours_text(m) for m in (10, 44, 46, 75, 100, 271)] == [
        "about half an hour", "about half an hour", "about 1 hour", "about 1½ hours",
        "about 1½ hours", "about 4½ hours"]


# --- course.yml and the table of contents agree -------------------------------------------------
def test_every_numbered_chapter_has_a_place_on_the_route():
    assert list(COURSE["chapters"]) == numbered_chapters()
    assert sum(entry["core"] for entry in COURSE["chapters"].values()) >= 8
    parts = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))["parts"]
    captions = [part["caption"] for part in parts if part.get("numbered")]
    assert list(COURSE["reviews"]) == captions
    assert list(COURSE["reviews"].values()) == review_pages()


def test_a_chapter_assumes_only_earlier_chapters(tmp_path):
    bad = yaml.safe_load((ROOT / "course.yml").read_text(encoding="utf-8"))
    bad["chapters"]["02_rates"]["assumes"] = ["05_auc"]
    path = tmp_path / "course.yml"
    path.write_text(yaml.safe_dump(bad), encoding="utf-8")
    with pytest.raises(ValueError, match="02_rates assumes 05_auc, which is not an earlier"):
        load_course(path)


def test_three_lecture_plans_of_one_three_and_twelve_lectures():
    assert [len(plan["lectures"]) for plan in COURSE["plans"]] == [1, 3, 12]


def test_every_planned_lecture_fits_fifty_minutes():
    """The decks a lecture projects state their minutes (chapters/NN_name.deck.yml): together
    50 at most."""
    for plan in COURSE["plans"]:
        for number, lecture in enumerate(plan["lectures"], 1):
            minutes = [yaml.safe_load((ROOT / "chapters" / f"{name}.deck.yml").read_text(
                encoding="utf-8"))["minutes"] for name in lecture]
            assert sum(minutes) <= 50, f"{plan['name']}, lecture {number}: {minutes} minutes"


# --- the built book ----------------------------------------------------------------------------
def chapter_page(book_html: Path, name: str) -> str:
    return chapter_html(book_html, f"{name}.html")


@pytest.mark.parametrize("name", numbered_chapters())
def test_a_chapter_reads_in_one_sitting_and_says_so(name, book_html):
    page = chapter_page(book_html, name)
    time = reading_time(page)
    assert time.minutes <= ONE_SITTING_MINUTES, (
        f"{name} reads in {time.minutes:.1f} min, more than one sitting "
        f"({ONE_SITTING_MINUTES}): {time}. Fold the code that draws figures (hide-input), move "
        "audits to the tests or the errata, or split the chapter where its ideas are two")
    header = re.search(r'<p class="chapter-path">(.*?)</p>', page, re.S)
    assert header, f"{name} has no header line under its title"
    entry = COURSE["chapters"][name]
    assert ("Core" if entry["core"] else "Optional") in header[1]
    assert minutes_text(time.rounded) in header[1]
    linked = re.findall(r'href="([\w]+)\.html"', header[1])
    assert linked == entry["assumes"]


def test_the_start_page_lists_every_chapter_review_and_deck(book_html):
    page = chapter_page(book_html, "start_here")
    linked = set(re.findall(r'href="(\w+)\.html"', page))
    assert set(numbered_chapters()) | set(review_pages()) <= linked
    decks = re.findall(r'href="\.\./slides/(\w+)\.html"', page)
    assert {name for plan in COURSE["plans"] for lecture in plan["lectures"]
            for name in lecture} == set(decks)
    for deck in decks:
        assert (book_html / "slides" / f"{deck}.html").is_file(), f"no deck {deck}"
    core = [name for name, entry in COURSE["chapters"].items() if entry["core"]]
    hours = hours_text(sum(reading_time(chapter_page(book_html, name)).minutes for name in core))
    assert f"{len(core)} chapters, <span" in page and f">{hours}</span>" in page


FIRST_PICTURE = """([ids]) => {
  const article = document.querySelector('article.bd-article');
  const views = [...article.querySelectorAll(
      'script[type="application/vnd.jupyter.widget-view+json"]')]
    .filter(s => ids.includes(JSON.parse(s.textContent).model_id))
    .map(s => s.parentElement);
  const images = [...article.querySelectorAll('img')].filter(img => !img.closest('details'));
  const tops = views.concat(images).map(el => el.getBoundingClientRect().top);
  return tops.length ? Math.min(...tops) - article.getBoundingClientRect().top : null;
}"""
#: The page is whole: formulas typeset and every widget drawn (as test_accessibility_axe waits).
WHOLE = """async () => {
  const mathjax = window.MathJax;
  if (mathjax && mathjax.startup && mathjax.startup.promise) await mathjax.startup.promise;
  await document.fonts.ready;
  const drawn = () => [...document.querySelectorAll(
      'script[type="application/vnd.jupyter.widget-view+json"]')].every(view => {
    const area = view.previousElementSibling;
    return area && area.classList.contains('widget-subarea') && area.childElementCount > 0;
  });
  const until = Date.now() + 60000;
  while (!drawn()) {
    if (Date.now() > until) throw new Error('the widgets were not drawn in 60 s');
    await new Promise(resolve => setTimeout(resolve, 50));
  }
}"""


def test_the_first_picture_is_on_the_first_laptop_screen(book_html, book_url, reading_pages):
    tab = reading_pages(viewport=LAPTOP).page
    far = {}
    for name in numbered_chapters():
        page = chapter_page(book_html, name)
        soup = BeautifulSoup(page, "html.parser")
        explorers = [model for model, kind in widget_kinds(soup).items() if kind in PICTURES]
        tab.goto(f"{book_url}chapters/{name}.html", wait_until="load")
        tab.evaluate(WHOLE)
        top = tab.evaluate(FIRST_PICTURE, [explorers])
        if top is None or top > FIRST_PICTURE_PX:
            far[name] = top
    assert far == {}, (f"the first figure or explorer is more than {FIRST_PICTURE_PX} px below "
                       f"the top of the article at 1366×768 (None: no picture): {far}")


SEARCH_RESULTS = """() => {
  const items = [...document.querySelectorAll('#search-results ul.search li')];
  return items.length ? items.map(li => li.querySelector('a').getAttribute('href')) : null;
}"""


@pytest.mark.parametrize("query", TEACHING_QUERIES)
def test_search_finds_a_chapter_before_the_api(query, book_html, book_url, reading_page):
    tab = reading_page.page
    tab.goto(f"{book_url}search.html?q={query.replace(' ', '+')}", wait_until="load")
    tab.wait_for_function(SEARCH_RESULTS, timeout=60_000)
    hrefs = tab.evaluate(SEARCH_RESULTS)
    pages = [href.split("#")[0].rsplit("/", 1)[-1].removesuffix(".html") for href in hrefs]
    chapter = next(i for i, page in enumerate(pages) if re.match(r"\d\d_", page))
    api = next((i for i, page in enumerate(pages) if page.startswith("a3_api")), len(pages))
    assert chapter < api, f"for {query!r} the API reference comes first: {pages[:8]}"


def test_every_reread_link_leads_to_a_section_of_the_book(book_html):
    pages = built_pages(book_html / "chapters")
    ids = {page.name: set(re.findall(r'\sid="([^"]+)"', page.read_text(encoding="utf-8")))
           for page in pages}
    links = []
    for page in pages:
        states = displayed_widget_states(page.read_text(encoding="utf-8"), "self-check")
        links += [(page.stem, state["reread"]["href"]) for state in states if state.get("reread")]
    assert len(links) >= 7 * 6, "every question of the reviews links the section to reread"
    broken = []
    for source, href in links:
        target, _, anchor = href.partition("#")
        if target not in ids or (anchor and anchor not in ids[target]):
            broken.append((source, href))
    assert broken == [], f"reread links to no section: {broken}"
