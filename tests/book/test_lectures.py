"""The lecture notebooks (tools/lectures.py) against the chapters and the built book.

They read ``_build/lectures`` (``make lectures``, which ``make test`` runs after building the
book; ``EVALCORE_LECTURES`` to test another folder) and the built book's HTML (the
``book_html`` fixture). The book's pages are the reference: every glued value, figure number,
citation label and cross-reference text the book shows must be in the lecture notebook, in
the same order, and no MyST syntax may be left for JupyterLab to show raw. Execution is
checked on the lecture notebooks themselves by test_stored_outputs.py (their stored outputs
are the chapter's).
"""

from __future__ import annotations

import base64
import copy
import doctest
import functools
import hashlib
import html
import importlib.util
import re
import sys
from pathlib import Path

import nbformat
import pytest
from bs4 import BeautifulSoup

from conftest import ROOT

CHAPTERS = sorted((ROOT / "chapters").glob("*.ipynb"))
KERNEL_DISPLAY_NAME = "Python 3 (ipykernel)"   # what Jupyter writes, so no "modified" on open

MYST_LEFTOVERS = {
    "a role ({name}`...`)": re.compile(r"\{[A-Za-z][\w:.-]*\}`"),
    "a directive fence (```{name} or :::{name})": re.compile(r"^\s*(`{3,}|:{3,})\s*\{", re.M),
    "a bare colon fence (:::)": re.compile(r"^\s*:{3,}\s*$", re.M),
    "a target line ((label)=)": re.compile(r"^\s*\([^()\s]+\)=\s*$", re.M),
    "a glue reference ({glue)": re.compile(r"\{glue"),
    "a directive option line (:name: value)": re.compile(r"^:[\w-]+:( |$)", re.M),
    "a substitution ({{ name }})": re.compile(r"\{\{[^}]*\}\}"),
}
MARKDOWN_ESCAPE = re.compile(r"\\([\\`*_\[\]<>$])")
MARKDOWN_LINK = re.compile(r"(?<!!)\[([^\]]*)\]\(([^)\s]+\.ipynb)\)")
IMAGE = re.compile(r"!\[(?P<alt>(?:\\.|[^\]\\])*)\]\(attachment:(?P<name>[^)\s]+)\)"
                   r'|<img src="attachment:(?P<html_name>[^"]+)" alt="(?P<html_alt>[^"]*)"'
                   r' width="(?P<width>\d+)">')


def ids(paths):
    return [path.stem for path in paths]


def read(path: Path):
    return nbformat.read(path, as_version=4)


def lecture_of(lectures: Path, chapter: Path):
    path = lectures / chapter.name
    assert path.is_file(), f"no lecture notebook for {chapter.name} in {lectures}"
    return read(path)


def visible_text(notebook) -> str:
    """The markdown of all cells as a reader sees it: links as their text, escapes undone."""
    text = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    text = MARKDOWN_LINK.sub(r"\1", text)
    return MARKDOWN_ESCAPE.sub(r"\1", text)


def page(book_html: Path, chapter: Path) -> BeautifulSoup:
    """The chapter's article in the built book, parsed once for all the tests here (which
    read it and never change it)."""
    html = book_html / "chapters" / f"{chapter.stem}.html"
    assert html.is_file(), f"the book has no page {html}"
    return _article(html)


@functools.cache
def _article(html: Path) -> BeautifulSoup:
    soup = BeautifulSoup(html.read_text(encoding="utf-8"), "html.parser")
    return soup.find("article") or soup


SMARTQUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def squash(text: str) -> str:
    """Whitespace collapsed, and Sphinx's smart quotes back to the source's straight ones."""
    return re.sub(r"\s+", " ", text.translate(SMARTQUOTES)).strip()


def assert_in_order(texts: list[str], haystack: str, what: str) -> None:
    """Each text occurs in ``haystack`` as a whole token, after the previous one."""
    haystack = squash(haystack)
    position = 0
    for index, text in enumerate(texts):
        pattern = re.compile(r"(?<![\w.])" + re.escape(squash(text)) + r"(?![\w])")
        match = pattern.search(haystack, position)
        assert match, (f"{what} #{index + 1} of the book page, {text!r}, is not in the lecture "
                       f"notebook after {haystack[max(0, position - 80):position]!r}")
        position = match.end()


def test_one_lecture_notebook_per_chapter(lectures):
    assert ids(sorted(lectures.glob("*.ipynb"))) == ids(CHAPTERS)


@pytest.mark.parametrize("chapter", CHAPTERS, ids=ids(CHAPTERS))
def test_no_myst_syntax_left(lectures, chapter):
    notebook = lecture_of(lectures, chapter)
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "markdown":
            continue
        for what, pattern in MYST_LEFTOVERS.items():
            match = pattern.search(cell.source)
            assert match is None, (f"{chapter.stem} markdown cell {index} still has {what}: "
                                   f"{cell.source[max(0, match.start() - 60):match.end() + 60]!r}")


def test_the_leftover_patterns_catch_myst():
    # the patterns above must fire on the chapters themselves, or they prove nothing
    sources = "\n".join(cell.source for path in CHAPTERS for cell in read(path).cells
                        if cell.cell_type == "markdown")
    for what in ("a role ({name}`...`)", "a directive fence (```{name} or :::{name})",
                 "a bare colon fence (:::)", "a target line ((label)=)",
                 "a glue reference ({glue)", "a directive option line (:name: value)"):
        assert MYST_LEFTOVERS[what].search(sources), what


@pytest.mark.parametrize("chapter", CHAPTERS, ids=ids(CHAPTERS))
def test_code_cells_and_outputs_equal_the_chapter(lectures, chapter):
    source, lecture = read(chapter), lecture_of(lectures, chapter)
    chapter_code = [cell for cell in source.cells if cell.cell_type == "code"]
    lecture_code = [cell for cell in lecture.cells if cell.cell_type == "code"]
    assert [cell.source for cell in lecture_code] == [cell.source for cell in chapter_code]
    assert [cell.outputs for cell in lecture_code] == [cell.outputs for cell in chapter_code]
    assert [cell.metadata.get("tags", []) for cell in lecture_code] == \
        [cell.metadata.get("tags", []) for cell in chapter_code]


@pytest.mark.parametrize("chapter", CHAPTERS, ids=ids(CHAPTERS))
def test_cells_the_book_hides_are_collapsed(lectures, chapter):
    for cell in lecture_of(lectures, chapter).cells:
        if cell.cell_type != "code":
            continue
        tags = set(cell.metadata.get("tags", []))
        jupyter = cell.metadata.get("jupyter", {})
        hide_source = bool(tags & {"remove-cell", "hide-input", "remove-input"})
        hide_outputs = bool(tags & {"remove-cell", "remove-output", "hide-output"})
        assert jupyter.get("source_hidden", False) == hide_source, (tags, cell.source[:80])
        assert jupyter.get("outputs_hidden", False) == hide_outputs, (tags, cell.source[:80])


@pytest.mark.parametrize("chapter", CHAPTERS, ids=ids(CHAPTERS))
def test_metadata(lectures, chapter):
    source, lecture = read(chapter), lecture_of(lectures, chapter)
    nbformat.validate(lecture)
    assert lecture.metadata["kernelspec"]["display_name"] == KERNEL_DISPLAY_NAME
    assert lecture.metadata["kernelspec"]["name"] == "python3"
    assert lecture.metadata.get("widgets") == source.metadata.get("widgets")
    stamped = [index for index, cell in enumerate(lecture.cells) if "execution" in cell.metadata]
    assert stamped == [], f"cells with execution timestamps: {stamped}"


@pytest.mark.parametrize("chapter", CHAPTERS, ids=ids(CHAPTERS))
def test_first_cell_is_the_title_and_a_note(lectures, chapter, book_html):
    first = lecture_of(lectures, chapter).cells[0]
    title = squash(page(book_html, chapter).find("h1").get_text().replace("#", ""))
    lines = first.source.split("\n")
    assert first.cell_type == "markdown"
    assert lines[0] == f"# {title}"
    note = " ".join(lines[1:]).strip()
    prefix = chapter.stem.split("_")[0]
    if prefix.isdigit() and int(prefix) > 0:
        # one numbering: the file's number is the book's, in the title and in the note
        assert lines[0].startswith(f"# {int(prefix)}. ")
        assert f"Lecture notebook generated from the book's chapter {int(prefix)};" in note
    else:
        assert f"Lecture notebook generated from the book's page “{title}”;" in note
    assert "Run All Cells" in note
    # the title is not repeated by the chapter's own first cell
    assert lecture_of(lectures, chapter).cells[1].source.split("\n")[0] != lines[0]


@pytest.mark.parametrize("chapter", CHAPTERS, ids=ids(CHAPTERS))
def test_glued_values_are_the_books(lectures, chapter, book_html):
    shown = [span.get_text() for span in page(book_html, chapter).select("span.pasted-text")]
    text = visible_text(lecture_of(lectures, chapter))
    assert_in_order(shown, text, "glued value")
    source = "\n".join(cell.source for cell in read(chapter).cells if cell.cell_type == "markdown")
    assert len(shown) == source.count("{glue:text}`")   # the page shows every glue role


@pytest.mark.parametrize("chapter", CHAPTERS, ids=ids(CHAPTERS))
def test_cross_references_are_the_books(lectures, chapter, book_html):
    article = page(book_html, chapter)
    shown = [squash(node.get_text()) for node in article.select(
        "span.bibtex-citation, span.std-numref, span.std-ref, span.doc")]
    text = visible_text(lecture_of(lectures, chapter))
    assert_in_order(shown, text, "cross-reference")
    source = "\n".join(cell.source for cell in read(chapter).cells if cell.cell_type == "markdown")
    roles = len(re.findall(r"\{(cite|numref|ref|doc)\}`", source))
    assert len(shown) == roles


def test_cross_references_are_checked_somewhere(lectures, book_html):
    kinds = set()
    for chapter in CHAPTERS:
        for node in page(book_html, chapter).select(
                "span.bibtex-citation, span.std-numref, span.std-ref, span.doc"):
            kinds.add(" ".join(node["class"]))
    assert {"bibtex-citation", "std std-numref", "std std-ref", "doc"} <= kinds


def caption_text(caption) -> str:
    """A caption's text with each formula as the notebook's markdown writes it, ``$x$``: the
    page keeps a formula's TeX in ``data-tex`` (it is typeset at build time)."""
    caption = copy.copy(caption)            # the parsed page stays as built
    for formula in caption.select(".math"):
        formula.replace_with(f"${formula['data-tex']}$")
    return squash(caption.get_text())


@pytest.mark.parametrize("chapter", CHAPTERS, ids=ids(CHAPTERS))
def test_figures_are_the_books(lectures, chapter, book_html):
    article = page(book_html, chapter)
    book_figures = []
    for figure in article.select("figure"):
        img = figure.find("img")
        number = figure.select_one("span.caption-number")
        caption = figure.select_one("span.caption-text")
        book_figures.append({
            "alt": img.get("alt", ""),
            "number": number.get_text().strip() if number else None,
            "caption": caption_text(caption) if caption else "",
            # myst-nb names a figure's file by the SHA-256 of the PNG the chapter stores (the
            # file itself is the same image with a palette: test_light_pages checks the pixels)
            "png": Path(img["src"]).stem,
            "width": re.search(r"width:\s*(\d+)px", img.get("style", "")),
        })
    notebook = lecture_of(lectures, chapter)
    lecture_figures = []
    for cell in notebook.cells:
        if cell.cell_type != "markdown":
            continue
        for match in IMAGE.finditer(cell.source):
            name = match["name"] or match["html_name"]
            attachment = cell.get("attachments", {}).get(name)
            assert attachment and "image/png" in attachment, \
                f"{chapter.stem}: no attachment {name!r} in its cell"
            after = MARKDOWN_ESCAPE.sub(r"\1", cell.source[match.end():]).lstrip()
            numbered = re.match(r"\*\*(?P<number>[^*]+):\*\* ", after)
            lecture_figures.append({
                "alt": (html.unescape(match["html_alt"]) if match["html_name"]
                        else MARKDOWN_ESCAPE.sub(r"\1", match["alt"])),
                "width": match["width"],
                "number": numbered["number"] if numbered else None,
                "caption": squash(after[numbered.end():] if numbered else after),
                "png": base64.b64decode(attachment["image/png"]),
            })
    assert len(lecture_figures) == len(book_figures)
    for book, lecture in zip(book_figures, lecture_figures):
        assert lecture["alt"] == book["alt"] and lecture["alt"]
        assert lecture["number"] == book["number"]
        assert hashlib.sha256(lecture["png"]).hexdigest() == book["png"], \
            f"{book['number']}: not the book's image"
        # drawn at twice its size for sharp screens: shown at the width the book shows it,
        # so it fits a projector as it fits the page
        assert book["width"] and lecture["width"] == book["width"][1], \
            (book["number"], lecture["width"])
        # the caption's words, markup aside (**bold**, `code`, *italics*)
        plain = re.sub(r"[*`]", "", lecture["caption"])
        assert plain.startswith(re.sub(r"[*`]", "", book["caption"])), (book["caption"], plain)


@pytest.mark.parametrize("chapter", CHAPTERS, ids=ids(CHAPTERS))
def test_solutions_are_details(lectures, chapter):
    source = "\n".join(cell.source for cell in read(chapter).cells if cell.cell_type == "markdown")
    titles = re.findall(r"^:{3,}\{dropdown\}\s*(.*)$", source, re.M)
    text = "\n".join(cell.source for cell in lecture_of(lectures, chapter).cells
                     if cell.cell_type == "markdown")
    summaries = re.findall(r"<details>\n<summary>(.*)</summary>\n\n", text)
    assert summaries == titles
    assert text.count("\n\n</details>") == len(titles)   # blank line: markdown renders


@pytest.mark.parametrize("chapter", CHAPTERS, ids=ids(CHAPTERS))
def test_the_book_offers_the_lecture_notebook_for_download(lectures, chapter, book_html):
    html = (book_html / "chapters" / f"{chapter.stem}.html").read_text(encoding="utf-8")
    soup = BeautifulSoup(html, "html.parser")
    links = [a["href"] for a in soup.select("a[href]") if a["href"].endswith(".ipynb")]
    assert f"../_sources/chapters/{chapter.name}" in links
    offered = nbformat.read(book_html / "_sources" / "chapters" / chapter.name, as_version=4)
    lecture = nbformat.read(lectures / chapter.name, as_version=4)
    # the lecture notebook, less the glued figures' images: each is still in the download,
    # as the attachment that shows it, which is the book's own file of that figure; a slider
    # stack's frames are the book's files of them too
    def frames_of_the_book(match):
        original = base64.b64decode(match.group(2))
        frame = (book_html / "_images" / "frames"
                 / f"{hashlib.sha256(original).hexdigest()[:20]}.{match.group(1)}")
        data = frame.read_bytes() if frame.is_file() else original
        return f'src="data:image/{match.group(1)};base64,{base64.b64encode(data).decode()}"'

    expected = copy.deepcopy(lecture.metadata)
    saved = expected.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    for model in saved.get("state", {}).values():
        if model["state"].get("evalcore_widget") == "slider-stack":
            model["state"]["panes"] = [
                re.sub(r'src="data:image/(png);base64,([A-Za-z0-9+/=]+)"', frames_of_the_book,
                       pane) for pane in model["state"]["panes"]]
    assert offered.metadata == expected
    assert len(offered.cells) == len(lecture.cells)
    shown = [attachment["image/png"] for cell in lecture.cells
             for attachment in cell.get("attachments", {}).values()]
    dropped = 0
    for given, full in zip(offered.cells, lecture.cells):
        assert given.source == full.source
        assert sorted(given.get("attachments", {})) == sorted(full.get("attachments", {}))
        for name, attachment in full.get("attachments", {}).items():
            original = base64.b64decode(attachment["image/png"])
            book_file = book_html / "_images" / f"{hashlib.sha256(original).hexdigest()}.png"
            assert base64.b64decode(given["attachments"][name]["image/png"]) == (
                book_file.read_bytes() if book_file.is_file() else original)
        assert len(given.get("outputs", [])) == len(full.get("outputs", []))
        for mine, theirs in zip(given.get("outputs", []), full.get("outputs", [])):
            data = dict(theirs.get("data", {}))
            image = data.pop("application/papermill.record/image/png", None)
            if image is not None and "application/papermill.record/image/png" not in mine.get(
                    "data", {}):
                assert image in shown
                dropped += 1
            else:
                data = theirs.get("data", {})
            assert mine.get("data", {}) == data
    assert dropped == sum(len(cell.get("attachments", {})) for cell in lecture.cells)


# ---- the converter on a hand-written page (constructs the chapters may not use yet) -------

@functools.cache
def load_tool():
    """tools/lectures.py (a script, not a package), imported by path."""
    spec = importlib.util.spec_from_file_location("lectures_tool", ROOT / "tools" / "lectures.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module          # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_tool_doctests():
    result = doctest.testmod(load_tool(), optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def toy_lecture(markdown: str):
    """Convert a two-cell toy chapter with a hand-made book (numbers written out here)."""
    tool = load_tool()
    book = tool.Book(
        fignumbers={"chapters/02_toy": {"figure": {"fig-toy": (2, 1)}}},
        secnumbers={"chapters/02_toy": {"": (2,)}, "chapters/01_other": {"": (1,)}},
        titles={"chapters/02_toy": "Toy", "chapters/01_other": "Other chapter"},
        labels={"fig-toy": ("chapters/02_toy", "fig-toy", "A toy."),
                "sec-other": ("chapters/01_other", "sec-other", "Other chapter")},
        citations=[("b", "1"), ("a", "2")],
        numfig_format={"figure": "Fig. %s", "section": "Section %s"},
        add_function_parentheses=True)
    code = nbformat.v4.new_code_cell(
        'glue("x", 0.123456, display=False)\nglue("fig-toy", fig, display=False)')
    code.outputs = [
        nbformat.v4.new_output("display_data", data={
            "application/papermill.record/text/plain": "0.123456"},
            metadata={"scrapbook": {"name": "x", "mime_prefix": "application/papermill.record/"}}),
        nbformat.v4.new_output("display_data", data={
            "application/papermill.record/image/png": "iVBORw0KGgo=",
            "application/papermill.record/text/plain": "<Figure>"},
            metadata={"scrapbook": {"name": "fig-toy",
                                    "mime_prefix": "application/papermill.record/"}}),
    ]
    code.metadata["tags"] = ["remove-cell"]
    chapter = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("(ch-toy)=\n# Toy\n\nIntro."), code,
        nbformat.v4.new_markdown_cell(markdown)])
    names = {"chapters/02_toy": "02_toy.ipynb", "chapters/01_other": "01_other.ipynb"}
    return tool.ChapterConverter(book, "chapters/02_toy", chapter, names).convert()


def test_a_chapter_is_named_by_the_books_number():
    """A chapter's number comes from the book: a numref to its title's label, the title cell."""
    title, _, _, page = toy_lecture(
        "As {numref}`chapter %s <sec-other>` showed ({numref}`sec-other`).").cells
    assert page.source == "As chapter 1 showed (Section 1)."
    assert title.source == ("# 2. Toy\n\n*Lecture notebook generated from the book's chapter 2; "
                            "run all cells with **Run > Run All Cells**.*")


def test_converter_on_a_toy_page():
    lecture = toy_lecture(
        "See {func}`ec.roc_auc`, {meth}`~evalcore.ConfusionMatrix.format`, {attr}`cm.tpr`, "
        "{class}`ec.ConfusionMatrix`, {data}`ec.COLORS`, {func}`the area <ec.roc_auc>`, "
        "{cite}`a,b`, {numref}`fig-toy`, {ref}`sec-other`, "
        "{glue:text}`x:.2f` and {glue:text}`x`; `{cite}` in code stays.\n\n"
        "```{glue:figure} fig-toy\n:name: fig-toy\n:alt: A [toy] picture\n\n"
        "A toy, {glue:text}`x:.1%`.\n```\n\n"
        ":::{dropdown} Solution 1\nIt is $x^2$.\n:::\n\n"
        "```{admonition} Careful\n:class: warning\nOne line.\n\nTwo.\n```")
    title, intro, code, page = lecture.cells
    assert title.source.split("\n")[0] == "# 2. Toy"
    assert intro.source == "Intro."
    assert code.metadata["jupyter"] == {"source_hidden": True, "outputs_hidden": True}
    assert page.source.split("\n\n")[0] == (
        "See `ec.roc_auc()`, `format()`, `cm.tpr`, `ec.ConfusionMatrix`, `ec.COLORS`, "
        "`the area`, [1, 2], Fig. 2.1, [Other chapter](01_other.ipynb), 0.12 and 0.123456; "
        "`{cite}` in code stays.")
    assert "![A \\[toy\\] picture](attachment:fig-toy.png)\n\n**Fig. 2.1:** A toy, 12.3%." \
        in page.source
    assert page.attachments == {"fig-toy.png": {"image/png": "iVBORw0KGgo="}}
    assert "<details>\n<summary>Solution 1</summary>\n\nIt is $x^2$.\n\n</details>" \
        in page.source
    assert page.source.endswith("> **Careful**\n>\n> One line.\n>\n> Two.")


@pytest.mark.parametrize("markdown, match", [
    ("{foo}`bar`", "role {foo}"),
    ("```{mermaid}\ngraph\n```", "directive {mermaid}"),
    ("{glue:text}`missing`", "no glued value 'missing'"),
    ("{numref}`fig-nowhere`", "unknown label 'fig-nowhere'"),
    ("{cite}`nobody`", "unknown keys"),
    (":::{dropdown} open\nnever closed", "unclosed fence"),
])
def test_converter_refuses_what_it_cannot_convert(markdown, match):
    with pytest.raises(ValueError, match=match):
        toy_lecture(markdown)
