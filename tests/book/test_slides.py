"""The lecture decks (tools/slides.py), their outlines and their PDF handouts (tools/handouts.py).

``make test`` builds the book, the decks (``_build/html/slides``) and the handouts before these
tests; set ``EVALCORE_BOOK_HTML`` to test another build. Every slide of every deck is opened in
headless Chromium at a projector's 1280×720, with every non-local request aborted, and measured
by tests/deck_measure.js (the measure ``tools/measure_deck.py`` gives authors): nothing runs
past the slide, titles and text are 24 px or more, code 20 px and at most 12 lines, the
widgets' text and the source line 18 px, a slide's running text 80 words at most; no build
code shows; → and PageDown walk every slide;
the title slide carries the book's number. The outline's checks and the builder's messages are
tested on small chapters made here.
"""

from __future__ import annotations

import base64
import doctest
import html as html_module
import importlib.util
import json
import re
import sys
import warnings
from pathlib import Path

import nbformat
import numpy as np
import pytest
from playwright.sync_api import expect

import evalcore as ec
from conftest import BOOK_HTML, ROOT

SLIDES = BOOK_HTML / "slides"
CHAPTERS = ROOT / "chapters"
MEASURE = (ROOT / "tests" / "deck_measure.js").read_text(encoding="utf-8")
STATE_SCRIPT = re.compile(
    r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>', re.S)
#: The least size, in pixels, of each kind of text on a slide at 1280x720.
MINIMUM = {"title": 24, "text": 24, "code": 20, "widget": 18, "source": 18}
#: "At most a few lines of text" a slide: words of running text (titles, code, widgets apart).
MAX_WORDS = 80


def load_tool(name: str):
    """A script of tools/ as a module (once; its dataclasses need it in ``sys.modules``)."""
    key = f"evalcore_{name}_tool"
    if key not in sys.modules:
        if str(ROOT / "tools") not in sys.path:
            sys.path.insert(0, str(ROOT / "tools"))
        spec = importlib.util.spec_from_file_location(key, ROOT / "tools" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return sys.modules[key]


def outline_names() -> list[str]:
    return sorted(path.name[:-len(".deck.yml")] for path in CHAPTERS.glob("*.deck.yml"))


def deck_path(stem: str) -> Path:
    path = SLIDES / f"{stem}.html"
    if not path.is_file():
        pytest.fail(f"the deck {path} is missing: build it with `make slides` (`make test` does "
                    f"it first)", pytrace=False)
    return path


def widget_models(stem: str) -> list[str]:
    """The ``evalcore_widget`` kinds in a deck's embedded widget state, of the widgets shown."""
    page = deck_path(stem).read_text(encoding="utf-8")
    found = STATE_SCRIPT.search(page)
    if not found:
        return []
    state = json.loads(found.group(1))["state"]
    shown = re.findall(r'class="ec-widget" data-model="([^"]+)"', page)
    return [state[model]["state"].get("evalcore_widget") for model in shown]


def first_deck_with(kind: str) -> str:
    for stem in outline_names():
        if kind in widget_models(stem):
            return stem
    pytest.fail(f"no deck shows a {kind} widget", pytrace=False)


# ---- the tools, on chapters made here ---------------------------------------------------------

@pytest.mark.parametrize("name", ["slides", "handouts"])
def test_tool_doctests(name):
    results = doctest.testmod(load_tool(name), optionflags=doctest.NORMALIZE_WHITESPACE)
    assert results.attempted > 0 and results.failed == 0, results


@pytest.mark.parametrize("text, message", [
    ("slides: []", "minutes must be a whole number from 1 to 50"),
    ("minutes: 51\nslides: [{title: A, text: a}]", "got 51"),
    ("minutes: 20\nslides: []", "slides must be a non-empty list"),
    ("minutes: 20\ncolour: red\nslides: [{title: A, text: a}]", r"unknown keys \['colour'\]"),
    ("minutes: 20\nslides: [{text: a}]", "slide 2: title must be a non-empty string"),
    ("minutes: 20\nslides: [{title: A}]", "slide 2: a slide shows exactly one of"),
    ("minutes: 20\nslides: [{title: A, text: a, figure: f}]", r"got \['figure', 'text'\]"),
    ("minutes: 20\nslides: [{title: A, figure: f, pick: [0]}]", "pick goes with text"),
    ("minutes: 20\nslides: [{title: A, text: a, output: true}]", "output .* goes with code"),
    ("minutes: 20\nlive: c\nslides: [{title: A, text: a}]", "live names 'c', which is none"),
])
def test_an_outline_that_breaks_a_rule_is_refused_naming_it(tmp_path, text, message):
    path = tmp_path / "07_x.deck.yml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=message) as error:
        load_tool("slides").load_outline(path)
    assert str(error.value).startswith("07_x.deck.yml")


def test_block_texts_split_paragraphs_items_and_formulas():
    blocks = load_tool("slides").block_texts(
        "Intro line one\nline two.\n\n1. first\n2. second\n\n$$\nx = 1\n$$\nAfter.")
    assert blocks == ["Intro line one\nline two.", "1. first", "2. second", "$$\nx = 1\n$$",
                      "After."]


def small_chapter(folder: Path):
    """A chapter ``chapters/09_tiny.ipynb`` with a labelled text, code, figure and widget, and
    the Book that knows it (numbers as Sphinx would give them)."""
    from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

    tool = load_tool("slides")
    png = base64.b64encode(b"\x89PNG fake").decode()
    chapters = folder / "chapters"
    chapters.mkdir()
    glue_png = new_output("display_data", data={
        "application/papermill.record/image/png": png,
        "application/papermill.record/text/plain": "<Figure>"},
        metadata={"scrapbook": {"name": "fig-tiny", "mime_prefix": "application/papermill.record/"}})
    glue_value = new_output("display_data", data={
        "application/papermill.record/text/plain": "0.8125"},
        metadata={"scrapbook": {"name": "tiny_auc", "mime_prefix": "application/papermill.record/"}})
    view = {"version_major": 2, "version_minor": 0, "model_id": "m1"}
    cells = [
        new_markdown_cell("# Tiny\n\nFirst.\n\n* one {glue:text}`tiny_auc:.2f`\n* two\n\n$$\na=b\n$$",
                          metadata={"label": "prose"}),
        new_code_cell("x = 1\nx + 1", metadata={"label": "sum"},
                      outputs=[new_output("execute_result", data={"text/plain": "2"},
                                          execution_count=1)]),
        new_code_cell("glue('tiny_auc', 0.8125)\nplt.plot()", metadata={"label": "builder"},
                      outputs=[glue_png, glue_value]),
        new_code_cell("\n".join(f"y{i} = {i}" for i in range(13)), metadata={"label": "long"}),
        new_code_cell("ec.self_check()", metadata={"label": "check"},
                      outputs=[new_output("display_data", data={
                          "application/vnd.jupyter.widget-view+json": view, "text/plain": "w"})]),
        new_markdown_cell("```{glue:figure} fig-tiny\n:name: fig-tiny\n:alt: A tiny picture.\n\n"
                          "The caption, {glue:text}`tiny_auc`.\n```"),
    ]
    notebook = new_notebook(cells=cells, metadata={"widgets": {
        "application/vnd.jupyter.widget-state+json": {"version_major": 2, "version_minor": 0,
            "state": {"m1": {"model_name": "AnyModel", "model_module": "anywidget",
                             "model_module_version": "0.9", "state": {"size": "normal"}}}}}})
    nbformat.write(notebook, chapters / "09_tiny.ipynb")
    lectures = load_tool("lectures")
    book = lectures.Book(fignumbers={"chapters/09_tiny": {"figure": {"fig-tiny": (9, 1)}}},
                         secnumbers={"chapters/09_tiny": {"": (9,)}},
                         titles={"chapters/09_tiny": "Tiny"}, labels={}, citations=[],
                         numfig_format={"figure": "Fig. %s"}, add_function_parentheses=True)
    return tool, book, chapters


def write_outline(chapters: Path, slides: str, extra: str = "") -> Path:
    path = chapters / "09_tiny.deck.yml"
    path.write_text(f"minutes: 12\n{extra}slides:\n{slides}", encoding="utf-8")
    return path


def test_a_deck_pulls_its_content_from_the_chapter(tmp_path):
    tool, book, chapters = small_chapter(tmp_path)
    outline = write_outline(chapters, """
  - title: "The AUC is {glue:text}`tiny_auc:.3f`"
    figure: fig-tiny
    notes: Say {glue:text}`tiny_auc:.1f`.
  - {title: Two items, text: prose, pick: [2, 3]}
  - {title: Adding, code: sum, output: true}
  - {title: Check it, widget: check}
""", "live: check\n")
    deck = tool.build_deck(outline, tmp_path / "out", book=book, chapters=chapters,
                           course={"chapters": {}})
    page = deck.read_text(encoding="utf-8")
    sections = re.findall(r"<section .*?</section>", page, re.S)
    assert len(sections) == 5
    assert "9. Tiny" in sections[0] and "Run live: the self-check on slide 5" in sections[0]
    assert 'href="handouts/09_tiny.pdf"' in sections[0]
    # the title's glued number, the figure with its alt text and number, the caption in the notes
    assert "The AUC is 0.812" in sections[1]
    assert 'alt="A tiny picture."' in sections[1] and "Fig. 9.1 in the book" in sections[1]
    notes = re.search(r'<aside class="notes">(.*?)</aside>', sections[1], re.S).group(1)
    assert "Say 0.8" in notes and "The caption, 0.8125" in notes
    # the picked blocks only: the second list item and the formula, typeset when the deck was
    # built (with its TeX, and its glyphs in the decks' stylesheet)
    text = re.sub(r"<[^>]+>", " ", re.sub(r"<mjx-container.*?</mjx-container>", "",
                                          sections[2], flags=re.S))
    assert "two" in text and "one" not in text
    assert re.search(r'<div class="math notranslate nohighlight" data-tex="\s*a=b\s*">'
                     r'<mjx-container', sections[2])
    assert "mjx-c" in (tmp_path / "out" / "static-math.css").read_text(encoding="utf-8")
    assert "window.MathJax" not in page and "tex-chtml.js" not in page
    assert "First." not in sections[2]
    assert "x + 1" in re.sub(r"<[^>]+>", "", sections[3]) and 'class="ec-output">2' in sections[3]
    # the widget: its view in the slide, its state in the page, at the projector's size
    assert '"model_id": "m1"' in sections[4]
    state = json.loads(STATE_SCRIPT.search(page).group(1))
    assert state["state"]["m1"]["state"]["size"] == "large"
    assert not list((tmp_path / "out").glob("*.partial"))


@pytest.mark.parametrize("slide, message", [
    ("{title: A, text: nothing}", "slide 2: no cell of 09_tiny.ipynb is labelled 'nothing'"),
    ("{title: A, text: sum}", "text needs a markdown cell, but 'sum' is a code cell"),
    ("{title: A, code: long}", "'long' has 13 lines; a slide shows 12 at most"),
    ("{title: A, code: builder}", "builds a figure or glues a value"),
    ("{title: A, figure: fig-none}", "the chapter shows no figure 'fig-none'"),
    ("{title: A, widget: sum}", "displays 0 widgets; a widget slide shows exactly one"),
    ("{title: A, text: prose, pick: [9]}", r"pick \[9\]: the cell 'prose' has 4 blocks"),
])
def test_a_slide_that_points_at_nothing_is_refused_naming_it(tmp_path, slide, message):
    tool, book, chapters = small_chapter(tmp_path)
    outline = write_outline(chapters, f"  - {slide}\n")
    with pytest.raises(ValueError, match=message) as error:
        tool.build_deck(outline, tmp_path / "out", book=book, chapters=chapters)
    assert str(error.value).startswith("09_tiny.deck.yml")
    assert not (tmp_path / "out" / "09_tiny.html").exists()


def test_pdf_pages_counts_page_objects_only():
    handouts = load_tool("handouts")
    assert handouts.pdf_pages(b"/Type /Pages /Type /Page /Type/Page /Type /PageLabel") == 2


# ---- the decks in the built book --------------------------------------------------------------

def test_every_chapter_has_a_deck_built_from_its_outline(book_html):
    """Every numbered chapter and the introduction has an outline; every outline a deck and a
    handout; the slides folder holds no other deck (old names are redirect pages)."""
    import yaml

    course = yaml.safe_load((ROOT / "course.yml").read_text(encoding="utf-8"))
    expected = {"00_introduction", *course["chapters"]}
    assert set(outline_names()) == expected, sorted(set(outline_names()) ^ expected)
    for stem in outline_names():
        page = deck_path(stem).read_text(encoding="utf-8")
        assert 'class="reveal"' in page
        external = re.findall(r"""(?:src|href)=["'](https?://[^"']+)""", page)
        assert external == [], f"{stem}.html loads from outside the book: {external}"
        assert (SLIDES / "handouts" / f"{stem}.pdf").is_file(), f"no handout for {stem}"
    others = [path.name for path in SLIDES.glob("*.html")
              if path.stem not in expected and 'class="reveal"' in path.read_text("utf-8")]
    assert others == [], f"decks with no outline: {others}"
    for name in ("dist/reveal.js", "dist/reveal.css", "dist/theme/white.css",
                 "plugin/notes/notes.js"):
        assert (SLIDES / "_reveal" / name).is_file(), f"reveal.js file missing: {name}"


def test_every_deck_states_a_lecture_and_has_notes(book_html):
    """A length of 50 minutes at most on the title slide; speaker notes on at least half of
    the slides; the chapters to read first are the ones course.yml says it assumes."""
    import yaml

    course = yaml.safe_load((ROOT / "course.yml").read_text(encoding="utf-8"))
    for stem in outline_names():
        page = deck_path(stem).read_text(encoding="utf-8")
        sections = re.findall(r"<section\b.*?</section>", page, re.S)
        minutes = re.search(r"A lecture of about (\d+) minutes, (\d+) slides", sections[0])
        assert minutes, f"{stem}: the title slide states no length"
        assert int(minutes[1]) <= 50 and int(minutes[2]) == len(sections), stem
        with_notes = sum('<aside class="notes">' in section for section in sections)
        assert with_notes >= len(sections) / 2, f"{stem}: notes on {with_notes}/{len(sections)}"
        read = re.search(r"Read first: (.*?)</li>", sections[0]).group(1)
        linked = re.findall(r'href="\.\./chapters/([^"]+)\.html"', read)
        assert linked == course["chapters"].get(stem, {}).get("assumes", []), stem


@pytest.fixture(scope="module")
def projector(module_offline_pages):
    """A 1280x720 offline tab (a projector), checked when the module ends."""
    return module_offline_pages(viewport={"width": 1280, "height": 720})


def open_deck(page, book_url: str, stem: str) -> None:
    page.goto(f"{book_url}slides/{stem}.html", wait_until="load")
    page.wait_for_function("() => document.documentElement.hasAttribute('data-deck-ready')",
                           timeout=60_000)
    page.evaluate("() => document.fonts.ready")
    page.evaluate("() => Reveal.configure({ transition: 'none', backgroundTransition: 'none' })")


#: Go to slide ``index``, wait until its widgets have rendered and MathJax has typeset the page
#: (its promise resolves once it has), let two frames be drawn, and measure the slide; also its
#: visible text (notes and scripts left out). One round trip a slide.
SHOW = f"""async (index) => {{
  Reveal.slide(index);
  const until = Date.now() + 60000;
  const rendered = () => Reveal.getIndices().h === index
    && [...Reveal.getCurrentSlide().querySelectorAll('.ec-widget')]
      .every(box => box.querySelector(':scope > :not(script)'));
  while (!rendered()) {{
    if (Date.now() > until) throw new Error(`slide ${{index + 1}}: its widgets did not render`);
    await new Promise(resolve => setTimeout(resolve, 20));
  }}
  if (window.MathJax && MathJax.startup) await MathJax.startup.promise;
  for (let i = 0; i < 2; i += 1) await new Promise(resolve => requestAnimationFrame(resolve));
  const slide = Reveal.getCurrentSlide().cloneNode(true);
  slide.querySelectorAll('aside.notes, script').forEach(e => e.remove());
  return {{...({MEASURE})(), visibleText: slide.textContent}};
}}"""


def show(page, index: int) -> dict:
    """Slide ``index`` once shown and drawn, measured (``SHOW``)."""
    return page.evaluate(SHOW, index)


@pytest.mark.parametrize("stem", outline_names())
def test_every_slide_fits_a_projector(book_html, book_url, projector, stem):
    page = projector.page
    open_deck(page, book_url, stem)
    total = page.evaluate("() => Reveal.getTotalSlides()")
    assert page.evaluate("() => Reveal.getVerticalSlides().length") == 0, \
        f"{stem} has vertical sub-slides; a deck is one flat sequence"
    problems = []
    for index in range(total):
        result = show(page, index)
        where = f"{stem} slide {index + 1} ({result['kind']})"
        if result["overflow"] > 2:
            problems.append(f"{where}: runs {result['overflow']} px past the slide "
                            f"({result['worst']})")
        for role, least in MINIMUM.items():
            small = [t for t in result["texts"] if t["role"] == role and t["size"] < least]
            if small:
                problems.append(f"{where}: {role} text at {small[0]['size']} px < {least} px "
                                f"({small[0]['text']!r})")
        if any(lines > 12 for lines in result["codeLines"]):
            problems.append(f"{where}: code of {max(result['codeLines'])} lines")
        if result["titleLines"] > 2:
            problems.append(f"{where}: a title of {result['titleLines']} lines")
        if result["words"] > MAX_WORDS:
            problems.append(f"{where}: {result['words']} words of text (a few lines: at most "
                            f"{MAX_WORDS})")
        if re.search(r"\bglue\(|\bplt\.", result["visibleText"]):
            problems.append(f"{where}: build code shows (glue( or plt.)")
        assert result["texts"], f"{where}: nothing measured"
    assert problems == [], "\n".join(problems)


def test_the_title_slide_shows_the_books_number(book_html, book_url, projector):
    """The deck's title is the chapter's as the book's sidebar numbers it."""
    # a page that is no chapter: its sidebar links every chapter
    index = (book_html / "chapters" / "a2_glossary.html").read_text(encoding="utf-8")
    for stem in outline_names():
        link = re.search(rf'<a class="[^"]*reference internal[^"]*" href="{stem}\.html">'
                         r"(.*?)</a>", index, re.S)
        assert link, f"the sidebar has no link to {stem}"
        sidebar = re.sub(r"<[^>]+>", "", html_module.unescape(link[1])).strip()
        page = deck_path(stem).read_text(encoding="utf-8")
        title = re.search(r"<h1>(.*?)</h1>", page, re.S)
        assert html_module.unescape(title[1]).strip() == sidebar, stem


@pytest.mark.parametrize("key", ["ArrowRight", "PageDown"])
def test_arrow_and_remote_walk_every_slide(book_url, projector, key):
    """→ and a presenter's remote (PageDown) visit every slide in order, and ← / PageUp come
    back; the counter does not cover the controls."""
    page = projector.page
    back = {"ArrowRight": "ArrowLeft", "PageDown": "PageUp"}[key]
    for stem in ("05_auc", outline_names()[-1]):
        open_deck(page, book_url, stem)
        page.evaluate("() => Reveal.slide(0)")
        total = page.evaluate("() => Reveal.getTotalSlides()")
        seen = [page.evaluate("() => Reveal.getIndices().h")]
        page.locator("body").focus()
        for _ in range(total - 1):
            page.keyboard.press(key)
            page.wait_for_function(f"() => Reveal.getIndices().h === {seen[-1] + 1}",
                                   timeout=10_000)
            seen.append(page.evaluate("() => Reveal.getIndices().h"))
        assert seen == list(range(total)), (stem, seen)
        assert page.evaluate("() => Reveal.isLastSlide()")
        page.keyboard.press(back)
        page.wait_for_function(f"() => Reveal.getIndices().h === {total - 2}", timeout=10_000)
        overlap = page.evaluate("""() => {
            const n = document.querySelector('.slide-number').getBoundingClientRect();
            return [...document.querySelectorAll('.controls button, a.evalcore-chapter-link')]
              .filter(b => b.offsetParent !== null).some(b => { const r = b.getBoundingClientRect();
                return r.left < n.right && r.right > n.left && r.top < n.bottom && r.bottom > n.top; });
        }""")
        assert not overlap, f"{stem}: the slide number covers a control"


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768)])
def test_slides_fit_other_screens_too(book_url, reading_pages, size):
    """reveal.js scales the 1280x720 slide to the screen: a widget slide still fits."""
    width, height = size
    page = reading_pages(viewport={"width": width, "height": height}).page
    for stem in (first_deck_with("distribution-explorer"), first_deck_with("slider-stack")):
        open_deck(page, book_url, stem)
        for index in range(page.evaluate("() => Reveal.getTotalSlides()")):
            result = show(page, index)
            assert result["overflow"] <= 2 * page.evaluate("() => Reveal.getScale()") + 1, \
                (stem, index + 1, result["worst"])


def test_every_handout_has_one_page_per_slide(book_html):
    handouts = load_tool("handouts")
    for stem in outline_names():
        pdf = SLIDES / "handouts" / f"{stem}.pdf"
        assert pdf.is_file(), f"no handout {pdf}: `make handouts` prints them"
        data = pdf.read_bytes()
        assert data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF")
        slides = len(re.findall(r"<section\b", deck_path(stem).read_text(encoding="utf-8")))
        assert handouts.pdf_pages(data) == slides, stem
        sizes = set(re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data))
        assert len(sizes) == 1 and abs(float(next(iter(sizes))[0]) / float(next(iter(sizes))[1])
                                       - 16 / 9) < 0.01, (stem, sizes)


def test_the_print_view_is_ready_only_once_its_pages_are_laid_out(book_url, offline_pages):
    """``make handouts`` counts the slides when the deck says it is ready; in the print view
    reveal.js takes the slides out of the document for a frame while it lays out the pages, so
    the deck must not say so before reveal.js's ``pdf-ready`` (a handout once failed on a
    count of 0 slides)."""
    page = offline_pages(viewport={"width": 1280, "height": 720}).page
    page.add_init_script("""new MutationObserver(() => {
        if (document.documentElement.hasAttribute('data-deck-ready') && !window.atReady) {
          window.atReady = { pages: document.querySelectorAll('.reveal .pdf-page').length,
                             slides: Reveal.getTotalSlides() };
        }
      }).observe(document, { attributes: true, subtree: true,
                             attributeFilter: ['data-deck-ready'] });""")
    stem = outline_names()[0]
    sections = len(re.findall(r"<section\b", deck_path(stem).read_text(encoding="utf-8")))
    page.goto(f"{book_url}slides/{stem}.html?print-pdf", wait_until="load")
    page.wait_for_function("() => window.atReady", timeout=60_000)
    assert page.evaluate("() => window.atReady") == {"pages": sections, "slides": sections}


# ---- the widgets on slides, by keyboard ---------------------------------------------------

READ_EXPLORER = """root => {
  const cells = {};
  root.querySelectorAll('[data-cell]').forEach(c => { cells[c.dataset.cell] = c.textContent; });
  return { threshold: root.dataset.threshold, rule: root.dataset.rule,
           copies: root.dataset.copies, cells };
}"""


def explorer_data(deck_html: str, model_index: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The labels and scores of a deck's threshold explorer, from its saved model."""
    state = json.loads(STATE_SCRIPT.search(deck_html).group(1))["state"]
    shown = re.findall(r'class="ec-widget" data-model="([^"]+)"', deck_html)
    models = [state[m] for m in shown
              if state[m]["state"].get("evalcore_widget") == "threshold-explorer"]
    assert models, "no threshold explorer shown in the deck"
    buffers = {b["path"][0]: base64.b64decode(b["data"])
               for b in models[model_index].get("buffers", [])}
    return (np.frombuffer(buffers["labels"], dtype=np.uint8).astype(int),
            np.frombuffer(buffers["scores"], dtype="<f8"))


def deck_at_widget(book_url: str, offline_page, kind: str, selector: str):
    """The first deck showing a widget of ``kind`` (its ``evalcore_widget``), open at 1280x720
    on the first slide holding ``selector``, once the widgets have rendered: (page, deck name,
    slide index)."""
    stem = first_deck_with(kind)
    page = offline_page.page
    page.set_viewport_size({"width": 1280, "height": 720})
    open_deck(page, book_url, stem)
    page.wait_for_function(f"() => document.querySelector('.reveal {selector}')",
                           timeout=60_000)
    target = page.evaluate(f"() => Reveal.getSlides().findIndex("
                           f"s => s.querySelector('{selector}'))")
    assert target >= 1
    show(page, target)
    return page, stem, target


def test_an_explorer_on_a_slide_answers_the_keys_offline(book_url, offline_page):
    page, stem, target = deck_at_widget(book_url, offline_page, "threshold-explorer",
                                        ".evalcore-explorer")
    root = page.locator("section.present .evalcore-explorer").first
    expect(root).to_be_visible()
    y, s = explorer_data(deck_path(stem).read_text(encoding="utf-8"))
    control = page.locator("section.present .evalcore-explorer input[type=range]").first
    expect(control).to_be_visible()
    views = [root.evaluate(READ_EXPLORER)]
    control.focus()
    key = "ArrowLeft" if float(views[0]["threshold"]) > np.median(s) else "ArrowRight"
    for _ in range(4):           # a step may cross no score; a few must change the counts
        control.press(key)
        page.wait_for_function("([root, old]) => root.dataset.threshold !== old",
                               arg=[root.element_handle(), views[-1]["threshold"]],
                               timeout=10_000)
        views.append(root.evaluate(READ_EXPLORER))
        assert page.evaluate("() => Reveal.getIndices().h") == target, \
            "the arrow key on the slider also moved the deck"
    for view in views:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
            cm = ec.confusion_matrix_at(y, s, float(view["threshold"]), rule=view["rule"])
        shown = {name: int(text) for name, text in view["cells"].items()}
        assert shown == {"tp": cm.tp, "fp": cm.fp, "fn": cm.fn, "tn": cm.tn}, view
    assert len({tuple(sorted(view["cells"].items())) for view in views}) > 1
    page.wait_for_load_state("networkidle")


def test_a_slider_stack_on_a_slide_switches_panes_offline(book_url, offline_page):
    page, _, target = deck_at_widget(book_url, offline_page, "slider-stack",
                                     ".evalcore-slider-stack")
    box = page.locator("section.present .evalcore-slider-stack").first
    control = box.locator("input[type=range]").first
    expect(control).to_be_visible()
    read = "box => [box.querySelector('[data-index]').dataset.index, box.innerHTML]"
    index, shown = box.evaluate(read)
    now, top = control.evaluate("e => [Number(e.value), Number(e.max)]")
    control.focus()
    control.press("ArrowLeft" if now >= top else "ArrowRight")
    page.wait_for_function("([box, old]) => box.querySelector('[data-index]').dataset.index "
                           "!== old", arg=[box.element_handle(), index], timeout=10_000)
    new_index, new_shown = box.evaluate(read)
    assert abs(int(new_index) - int(index)) == 1 and new_shown != shown
    assert page.evaluate("() => Reveal.getIndices().h") == target
    page.wait_for_load_state("networkidle")


def test_a_self_check_on_a_slide_takes_an_answer(book_url, offline_page):
    page, _, target = deck_at_widget(book_url, offline_page, "self-check", ".self-check")
    box = page.locator("section.present .self-check").first
    choice = box.locator("input[type=radio]")
    field = box.locator(".sc-input")
    if choice.count():
        choice.first.check()
    else:
        field.fill("0.5")
        field.press("Enter")
    page.wait_for_function("el => el.dataset.verdict !== undefined", arg=box.element_handle(),
                           timeout=10_000)
    assert box.locator(".sc-feedback").inner_text().strip()
    assert page.evaluate("() => Reveal.getIndices().h") == target
    page.wait_for_load_state("networkidle")


def test_every_chapter_page_links_to_its_deck_and_handout(book_html, book_url, reading_page):
    page = reading_page.page
    for stem in outline_names():
        page.goto(f"{book_url}chapters/{stem}.html", wait_until="load")
        link = page.locator("a.evalcore-slides-link")
        link.wait_for(state="visible", timeout=10_000)
        assert link.get_attribute("href") == f"../slides/{stem}.html"
        assert page.locator("a.evalcore-handout-link").get_attribute("href") == \
            f"../slides/handouts/{stem}.pdf"
    for other in ("review_curves", "a1_errata"):       # no deck: no link
        page.goto(f"{book_url}chapters/{other}.html", wait_until="load")
        assert page.locator("a.evalcore-slides-link").count() == 0
    page.goto(f"{book_url}chapters/{outline_names()[-1]}.html", wait_until="load")
    page.locator("a.evalcore-slides-link").click()
    page.wait_for_function("() => document.documentElement.hasAttribute('data-deck-ready')",
                           timeout=60_000)
    assert page.locator("a.evalcore-chapter-link").get_attribute("href") == \
        f"../chapters/{outline_names()[-1]}.html"
    page.wait_for_load_state("networkidle")
