"""The chapters' reveal.js slide decks (tools/slides.py), built into the book's ``slides/``.

``make test`` builds the book, the lecture notebooks (``_build/lectures``) and the decks
(``_build/html/slides``) before running these tests; set ``EVALCORE_BOOK_HTML`` and
``EVALCORE_LECTURES`` to test other builds. The decks are opened in headless Chromium with every
non-local request aborted: a deck loads with no console error, the arrow keys move through it,
its widgets work with no kernel, and its structure follows the chapter's sections, counted here
from the lecture notebook itself.
"""

from __future__ import annotations

import base64
import doctest
import importlib.util
import json
import re
import warnings
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest
from playwright.sync_api import expect

import evalcore as ec
from conftest import BOOK_HTML, LECTURES, ROOT, built_pages

SLIDES = BOOK_HTML / "slides"
TOOL = ROOT / "tools" / "slides.py"
STATE_SCRIPT = re.compile(
    r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>', re.S)


def load_tool():
    spec = importlib.util.spec_from_file_location("evalcore_slides_tool", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def lecture_notebooks() -> list[Path]:
    notebooks = sorted(LECTURES.glob("*.ipynb"))
    if not notebooks:
        pytest.fail(f"no lecture notebooks in {LECTURES}: build them with `make lectures` "
                    f"(`make test` builds the book, the lectures and the slides first)",
                    pytrace=False)
    return notebooks


def deck_path(stem: str) -> Path:
    path = SLIDES / f"{stem}.html"
    if not path.is_file():
        pytest.fail(f"the slide deck {path} is missing: build it with `make slides` (`make test` "
                    f"does it first)", pytrace=False)
    return path


def section_count(notebook: Path) -> int:
    """``##`` headings in the notebook's markdown cells, outside fenced code blocks."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    count = 0
    for cell in cells:
        if cell["cell_type"] != "markdown":
            continue
        fenced = False
        for line in "".join(cell["source"]).splitlines():
            if line.lstrip().startswith(("```", "~~~")):
                fenced = not fenced
            elif not fenced and re.match(r"## \S", line):
                count += 1
    return count


def widget_models(stem: str) -> list[str]:
    """The ``evalcore_widget`` kinds in a deck's embedded widget state."""
    found = STATE_SCRIPT.search(deck_path(stem).read_text(encoding="utf-8"))
    if not found:
        return []
    state = json.loads(found.group(1))["state"]
    return [model["state"].get("evalcore_widget") for model in state.values()]


def first_deck_with(kind: str) -> str:
    for notebook in lecture_notebooks():
        if kind in widget_models(notebook.stem):
            return notebook.stem
    pytest.fail(f"no slide deck holds a {kind} widget", pytrace=False)


class TopSections(HTMLParser):
    """Counts the slides of a deck: the ``<section>`` elements directly in ``div.slides``."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0          # open <section>s
        self.inside = False     # inside div.slides
        self.count = 0

    def handle_starttag(self, tag, attrs):
        if tag == "div" and "slides" in (dict(attrs).get("class") or "").split():
            self.inside = True
        elif tag == "section" and self.inside:
            self.count += self.depth == 0
            self.depth += 1

    def handle_endtag(self, tag):
        if tag == "section" and self.inside:
            self.depth -= 1


# ---- the tool ---------------------------------------------------------------------------------

def test_tool_doctests():
    results = doctest.testmod(load_tool(), optionflags=doctest.NORMALIZE_WHITESPACE)
    assert results.attempted > 0 and results.failed == 0, results


def test_plan_follows_headings_and_hides_what_the_book_hides():
    from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

    tool = load_tool()
    nb = new_notebook(cells=[
        new_markdown_cell("(ch-x)=\n# Title\n\nIntro."),
        new_code_cell("import numpy", metadata={"tags": ["hide-input"]},
                      outputs=[]),                                              # hidden, no output
        new_code_cell("setup()", metadata={"jupyter": {"source_hidden": True}},
                      outputs=[{"output_type": "stream", "name": "stdout", "text": "ok\n"}]),
        new_markdown_cell("## One\ntext\n```\n## not a heading\n```\n### One a\nmore"),
        new_code_cell("glue('x', 1)", metadata={"tags": ["remove-cell"]}),
        new_markdown_cell("## Summary\n\n* first\n* second"),
    ])
    planned = tool.plan_slides(nb)
    kinds = [(cell.cell_type, cell.metadata["slideshow"]["slide_type"]) for cell in planned.cells]
    assert kinds == [("markdown", "slide"), ("code", "-"), ("markdown", "slide"),
                     ("markdown", "subslide"), ("markdown", "slide")]
    assert planned.cells[0].source == "# Title\n\nIntro."            # the MyST target is gone
    assert planned.cells[1].metadata["transient"] == {"remove_source": True}
    assert "## not a heading" in planned.cells[2].source
    assert tool.FRAGMENT_TAG in planned.cells[4].metadata["tags"]
    assert len({cell.get("id") for cell in planned.cells}) == len(planned.cells)
    assert nb.cells[3].source.startswith("## One")                     # the input is untouched


@pytest.mark.parametrize("bad", [None, 3, "notebook"])
def test_plan_rejects_what_is_not_a_notebook(bad):
    with pytest.raises(TypeError, match="nb must be a notebook"):
        load_tool().plan_slides(bad)


def test_build_rejects_a_missing_notebook(tmp_path):
    with pytest.raises(ValueError, match="notebook must be an existing .ipynb file"):
        load_tool().build_deck(tmp_path / "missing.ipynb", tmp_path)


# ---- the built decks --------------------------------------------------------------------------

def test_every_lecture_has_a_deck_with_one_slide_per_section(lectures, book_html):
    for notebook in lecture_notebooks():
        html = deck_path(notebook.stem).read_text(encoding="utf-8")
        parser = TopSections()
        parser.feed(html)
        assert parser.count == 1 + section_count(notebook), notebook.name
        external = re.findall(r"""(?:src|href)=["'](https?://[^"']+)""", html)
        assert external == [], f"{notebook.stem}.html loads from outside the book: {external}"
    for name in ("dist/reveal.js", "dist/reveal.css", "dist/theme/white.css",
                 "plugin/notes/notes.js"):
        assert (SLIDES / "_reveal" / name).is_file(), f"reveal.js file missing: {name}"


def open_deck(tab, book_url: str, stem: str) -> None:
    tab.goto(f"{book_url}slides/{stem}.html", wait_until="load")
    tab.wait_for_function("() => document.documentElement.hasAttribute('data-deck-ready')",
                          timeout=30_000)


def indices(tab) -> dict:
    return tab.evaluate("() => Reveal.getIndices()")


def check_offline(offline_page) -> None:
    """Once no request is pending: nothing fetched from outside, no error."""
    offline_page.page.wait_for_load_state("networkidle")
    offline_page.check()


READ_EXPLORER = """root => {
  const cells = {};
  root.querySelectorAll('[data-cell]').forEach(c => { cells[c.dataset.cell] = c.textContent; });
  return { threshold: root.dataset.threshold, rule: root.dataset.rule,
           copies: root.dataset.copies, cells };
}"""
# the explorer's threshold control: a native range input (or, in older builds, a noUiSlider)
CONTROL = "input[type=range], .noUi-handle"


def explorer_data(deck_html: str, root) -> tuple[np.ndarray, np.ndarray]:
    """The labels and scores an explorer shows: its embedded data, or its model's buffers."""
    script = root.locator("script.evalcore-explorer-data")
    if script.count():
        data = json.loads(script.first.text_content())
        return np.array(data["labels"]), np.array(data["scores"], dtype=np.float64)
    state = json.loads(STATE_SCRIPT.search(deck_html).group(1))["state"]
    models = [model for model in state.values()
              if model["state"].get("evalcore_widget") == "threshold-explorer"]
    assert models, "no threshold explorer in the deck's widget state"
    buffers = {b["path"][0]: base64.b64decode(b["data"]) for b in models[0].get("buffers", [])}
    return (np.frombuffer(buffers["labels"], dtype=np.uint8).astype(int),
            np.frombuffer(buffers["scores"], dtype="<f8"))


def test_deck_with_an_explorer_works_offline(book_url, offline_page):
    stem = first_deck_with("threshold-explorer")
    tab = offline_page.page
    open_deck(tab, book_url, stem)
    # the widget manager renders the explorers from the embedded state, without a kernel
    tab.wait_for_function("() => document.querySelector('.evalcore-explorer[data-ready]')",
                          timeout=30_000)
    notebook = LECTURES / f"{stem}.ipynb"
    slides = tab.evaluate("() => Reveal.getHorizontalSlides().length")
    assert slides == 1 + section_count(notebook)

    # the keyboard moves through the deck
    assert indices(tab)["h"] == 0
    tab.keyboard.press("ArrowRight")
    tab.wait_for_function("() => Reveal.getIndices().h === 1", timeout=10_000)

    # go to the slide holding the explorer: it shows there
    target = tab.evaluate("() => Reveal.getHorizontalSlides().findIndex("
                          "s => s.querySelector('.evalcore-explorer'))")
    assert target >= 1
    tab.evaluate(f"() => Reveal.slide({target})")
    tab.wait_for_function(f"() => Reveal.getIndices().h === {target}", timeout=10_000)
    root = tab.locator("section.present .evalcore-explorer").first
    # this slide is longer than the screen: the down arrow scrolls it, and the deck stays put
    tall = "() => Reveal.getCurrentSlide().scrollHeight > Reveal.getCurrentSlide().clientHeight"
    assert tab.evaluate(tall), "the explorer's slide fits the screen: nothing to scroll"
    tab.evaluate("() => document.activeElement && document.activeElement.blur()")
    tab.keyboard.press("ArrowDown")
    tab.wait_for_function("() => Reveal.getCurrentSlide().scrollTop > 0", timeout=10_000)
    assert indices(tab)["h"] == target
    root.scroll_into_view_if_needed()
    expect(root).to_be_visible()
    y, s = explorer_data(deck_path(stem).read_text(encoding="utf-8"), root)

    # an arrow key on its slider moves the threshold and the counts shown, not the deck
    control = tab.locator("section.present").locator(
        f".evalcore-explorer :is({CONTROL}), .evalcore-threshold-explorer :is({CONTROL})").first
    expect(control).to_be_visible()
    views = [root.evaluate(READ_EXPLORER)]
    where = indices(tab)
    control.focus()
    key = "ArrowLeft" if float(views[0]["threshold"]) > np.median(s) else "ArrowRight"
    # a step may cross no score (the counts stay); a few steps must change them
    for _ in range(4):
        control.press(key)
        tab.wait_for_function("([root, old]) => root.dataset.threshold !== old",
                              arg=[root.element_handle(), views[-1]["threshold"]], timeout=10_000)
        views.append(root.evaluate(READ_EXPLORER))
        assert indices(tab) == where, "the arrow key on the slider also moved the deck"
    for view in views:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
            cm = ec.confusion_matrix_at(y, s, float(view["threshold"]), rule=view["rule"])
        shown = {name: int(text) for name, text in view["cells"].items()}
        assert int(view["copies"]) == 1
        assert shown == {"tp": cm.tp, "fp": cm.fp, "fn": cm.fn, "tn": cm.tn}, view
    assert len({tuple(sorted(view["cells"].items())) for view in views}) > 1, \
        "the counts shown did not change while the threshold moved"
    check_offline(offline_page)


def test_deck_with_a_slider_stack_switches_panes_offline(book_url, offline_page):
    stem = first_deck_with("slider-stack")
    tab = offline_page.page
    open_deck(tab, book_url, stem)
    # the widget manager renders the stacks from the embedded state, without a kernel
    tab.wait_for_function("() => document.querySelector('.evalcore-slider-stack "
                          ":is(input[type=range], [role=slider])')", timeout=30_000)
    target = tab.evaluate("() => Reveal.getHorizontalSlides().findIndex("
                          "s => s.querySelector('.evalcore-slider-stack'))")
    assert target >= 1
    tab.evaluate(f"() => Reveal.slide({target})")
    tab.wait_for_function(f"() => Reveal.getIndices().h === {target}", timeout=10_000)
    box = tab.locator("section.present .evalcore-slider-stack").first
    control = box.locator("input[type=range], [role=slider]").first
    control.wait_for(state="attached", timeout=30_000)
    box.scroll_into_view_if_needed()
    expect(control).to_be_visible()
    read = "box => [box.querySelector('[data-index]').dataset.index, box.innerHTML]"
    index, shown = box.evaluate(read)
    now, top = control.evaluate("e => [Number(e.value ?? e.getAttribute('aria-valuenow')),"
                                " Number(e.max ?? e.getAttribute('aria-valuemax'))]")
    control.focus()
    control.press("ArrowLeft" if now >= top else "ArrowRight")
    tab.wait_for_function("([box, old]) => box.querySelector('[data-index]').dataset.index !== old",
                          arg=[box.element_handle(), index], timeout=10_000)
    new_index, new_shown = box.evaluate(read)
    assert abs(int(new_index) - int(index)) == 1
    assert new_shown != shown, "moving the slider did not switch the pane"
    assert indices(tab)["h"] == target, "the arrow key on the slider also moved the deck"
    check_offline(offline_page)


def test_every_chapter_page_links_to_its_deck(book_html, book_url, offline_page):
    tab = offline_page.page
    notebook_pages = [page for page in built_pages(book_html / "chapters")
                      if (book_html / "_sources" / "chapters" / f"{page.stem}.ipynb").is_file()]
    assert notebook_pages, f"no chapter page made from a notebook in {book_html / 'chapters'}"
    for page in notebook_pages:
        tab.goto(f"{book_url}chapters/{page.name}", wait_until="load")
        link = tab.locator("a.evalcore-slides-link")
        link.wait_for(state="visible", timeout=10_000)
        href = link.get_attribute("href")
        assert href == f"../slides/{page.stem}.html", (page.name, href)
        assert (book_html / "slides" / f"{page.stem}.html").is_file(), f"{href} does not exist"
        tab.wait_for_load_state("networkidle")    # leave no request of this page half done
    # and the link works: it opens the deck
    link.click()
    tab.wait_for_function("() => document.documentElement.hasAttribute('data-deck-ready')",
                          timeout=30_000)
    assert tab.url.endswith(f"slides/{notebook_pages[-1].stem}.html")
    back = tab.locator("a.evalcore-chapter-link")
    assert back.get_attribute("href") == f"../chapters/{notebook_pages[-1].stem}.html"
    check_offline(offline_page)
