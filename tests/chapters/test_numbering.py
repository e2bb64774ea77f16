"""One chapter number everywhere: the file name, the sidebar, the page title, the lecture
notebook and the deck agree, and no chapter number is typed by hand.

A chapter's number is the ``NN_`` of its file name, and it must be the number Sphinx gives it
in the table of contents (the numbered parts of ``_toc.yml``, counted in order). Prose names
another chapter with a generated cross-reference (``{doc}`15_costs``` shows its title,
``{numref}`chapter %s <sec-costs>``` its number), so a renumbering can never leave a stale
"chapter 10" behind; the same holds for evalcore's docstrings, which the API appendix shows
(a numpydoc References section may cite a chapter of another book). The third edition's file
names redirect to the chapters that hold their content now (``tools/old_names.py``).
"""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup

from conftest import ROOT
from notebook_cells import cells, source

CHAPTERS = ROOT / "chapters"
EVALCORE = ROOT / "evalcore"

#: "chapter 5", "Chapters 2 and 3", "chapter 5b", "ch. 9": a chapter number typed by hand.
TYPED = re.compile(r"\b(?:[Cc]hapters?|[Cc]h\.)\s*\d+[a-z]?\b")
#: A generated number: ``{numref}`chapter %s <label>```, the number being Sphinx's.
NUMREF = re.compile(r"\{numref\}`[^`]*`")


def _old_names():
    spec = importlib.util.spec_from_file_location("old_names", ROOT / "tools" / "old_names.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def numbered_chapters() -> list[str]:
    """The stems of the numbered chapters, in the order of ``_toc.yml``."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    return [Path(entry["file"]).name for part in toc["parts"] if part.get("numbered")
            for entry in part["chapters"]]


def typed_numbers(text: str) -> list[str]:
    """Every hand-typed chapter number in ``text`` (generated ``numref`` roles left out)."""
    return [match.group(0) for match in TYPED.finditer(NUMREF.sub(" ", text))]


def test_typed_numbers_finds_what_a_reader_would_read_as_a_chapter_number():
    assert typed_numbers("as chapter 10 showed; Chapters 2 and 3; chapter 5b; ch. 9") == [
        "chapter 10", "Chapters 2", "chapter 5b", "ch. 9"]
    assert typed_numbers("{numref}`chapter %s <sec-costs>` and {doc}`15_costs`") == []
    assert typed_numbers("a chapter on costs; 10 chapters") == []


def test_file_numbers_are_the_books_numbers():
    stems = numbered_chapters()
    assert [int(stem.split("_")[0]) for stem in stems] == list(range(1, len(stems) + 1))
    on_disk = {path.stem for path in CHAPTERS.glob("*.ipynb") if path.stem[:2].isdigit()}
    assert on_disk == set(stems) | {"00_introduction"}
    assert all(re.fullmatch(r"\d\d_[a-z0-9_]+", stem) for stem in stems), \
        "a chapter's file name is NN_words, with no half-chapter letter"


@pytest.mark.parametrize("page", sorted(CHAPTERS.glob("*.ipynb")) + sorted(CHAPTERS.glob("*.md")),
                         ids=lambda path: path.name)
def test_no_chapter_number_typed_by_hand_in_a_chapter(page):
    if page.suffix == ".md":
        texts = [(0, page.read_text(encoding="utf-8"))]
    else:
        texts = [(index, source(cell)) for index, cell in enumerate(cells(page))]
    typed = [(index, found) for index, text in texts for found in typed_numbers(text)]
    assert not typed, (f"{page.name}: chapter numbers typed by hand (cell, text): {typed}; "
                       "use {numref}`chapter %s <sec-label>` or {doc}`NN_name`")


def _docstrings(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in [tree, *ast.walk(tree)]:
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            text = ast.get_docstring(node, clean=True)
            if text:
                yield getattr(node, "name", path.stem), text


def _without_references(docstring: str) -> str:
    """The docstring less its numpydoc References section (which cites other books)."""
    return re.split(r"^References\n-{3,}$", docstring, flags=re.M)[0]


def test_no_chapter_number_typed_by_hand_in_evalcores_docstrings():
    typed = [(str(path.relative_to(ROOT)), name, found)
             for path in sorted(EVALCORE.rglob("*.py"))
             for name, text in _docstrings(path)
             for found in typed_numbers(_without_references(text))]
    assert not typed, f"docstrings naming a chapter by number: {typed}"


def test_every_old_name_leads_to_chapters_of_the_book():
    old_names = _old_names().OLD_NAMES
    stems = set(numbered_chapters())
    for old, successors in old_names.items():
        assert successors and set(successors) <= stems, (old, successors)
        # a name still in the book leads to itself first
        assert old not in stems or successors[0] == old, (old, successors)
    # every chapter's content is reached from one old name at most as its main page
    mains = [successors[0] for successors in old_names.values()]
    assert len(mains) == len(set(mains))


# --- the built book --------------------------------------------------------------------------

def _page(book_html: Path, stem: str) -> BeautifulSoup:
    return BeautifulSoup((book_html / "chapters" / f"{stem}.html").read_text(encoding="utf-8"),
                         "html.parser")


def test_sidebar_title_and_heading_show_the_files_number(book_html):
    stems = numbered_chapters()
    sidebar = {link["href"]: " ".join(link.get_text().split())
               for link in _page(book_html, "00_introduction").select(
                   "nav.bd-docs-nav li.toctree-l1 > a")}
    for stem in stems:
        number = int(stem.split("_")[0])
        page = _page(book_html, stem)
        heading = page.select_one("article h1 span.section-number")
        assert heading is not None and heading.get_text().strip() == f"{number}.", stem
        assert page.title.get_text().startswith(f"{number}. "), stem
        assert sidebar[f"{stem}.html"].startswith(f"{number}. "), (stem, sidebar.get(
            f"{stem}.html"))


def test_decks_and_lecture_notebooks_show_the_books_number(book_html, lectures):
    for stem in numbered_chapters():
        number = int(stem.split("_")[0])
        deck = BeautifulSoup((book_html / "slides" / f"{stem}.html").read_text(encoding="utf-8"),
                             "html.parser")
        assert deck.find("h1").get_text().startswith(f"{number}. "), stem
        assert deck.find("title").get_text().startswith(f"{number}. "), stem
        assert (lectures / f"{stem}.ipynb").is_file()
        assert (book_html / "_sources" / "chapters" / f"{stem}.ipynb").is_file()


def _moved_sections(book_html: Path, main: str, later: str) -> set[str]:
    """The section anchors of ``later`` that ``main`` does not have (a summary is in both)."""
    kept = {tag["id"] for tag in _page(book_html, main).select("[id]")}
    return {tag["id"] for tag in _page(book_html, later).select("section[id]")} - kept


def _refresh_target(html: str) -> str:
    found = re.search(r'http-equiv="refresh" content="0; url=([^"]+)"', html)
    assert found, "no refresh"
    return found.group(1)


def test_old_chapter_names_redirect(book_html):
    old_names = _old_names().OLD_NAMES
    sitemap = (book_html / "sitemap.xml").read_text(encoding="utf-8")
    for old, successors in old_names.items():
        page = book_html / "chapters" / f"{old}.html"
        assert page.is_file(), old
        if old == successors[0]:
            continue                         # still a chapter of the book
        html = page.read_text(encoding="utf-8")
        assert _refresh_target(html) == f"{successors[0]}.html", old
        assert f'href="{successors[0]}.html"' in html          # a link without JavaScript
        assert f"/chapters/{old}.html" not in sitemap
        # a section that moved to a later successor is sent there by its anchor
        for later in successors[1:]:
            moved = _moved_sections(book_html, successors[0], later)
            assert moved and all(f'"{anchor}": "{later}.html"' in html for anchor in moved), \
                (old, later)
        deck = book_html / "slides" / f"{old}.html"
        assert _refresh_target(deck.read_text(encoding="utf-8")) == f"{successors[0]}.html"


def test_a_split_chapter_that_kept_its_name_sends_moved_anchors_on(book_html):
    kept = {old: successors for old, successors in _old_names().OLD_NAMES.items()
            if successors[0] == old and len(successors) > 1}
    assert kept, "no chapter kept its name while part of it moved"
    for old, successors in kept.items():
        html = (book_html / "chapters" / f"{old}.html").read_text(encoding="utf-8")
        for later in successors[1:]:
            sections = {tag["id"] for tag in _page(book_html, later).select("section[id]")}
            sent = {anchor for anchor in sections if f'"{anchor}": "{later}.html"' in html}
            assert sent and sent == _moved_sections(book_html, old, later), (old, later)
