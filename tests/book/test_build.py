"""The build is reproducible: every package pinned, notebooks stored without run-to-run noise,
and what the book offers for download is there."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import nbformat
import pytest

from conftest import ROOT

CHAPTERS = sorted((ROOT / "chapters").glob("*.ipynb"))


def _pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, version = line.split("==")
            pins[re.sub(r"[-_.]+", "-", name).lower()] = version
    return pins


def test_every_installed_package_is_pinned():
    """Anything that changes an output (matplotlib and Pillow draw the figures the stored-output
    test compares) is pinned: every distribution in this environment has exactly the version
    constraints.txt names."""
    pins = _pins()
    # islp and nproc are installed with --no-deps by the Makefile, pinned there
    makefile = (ROOT / "Makefile").read_text()
    no_deps = {name: re.search(rf"^{name.upper()}_VERSION\s*:=\s*(\S+)", makefile, re.M).group(1)
               for name in ("islp", "nproc")}
    unpinned, drifted = [], []
    for dist in metadata.distributions():
        name = re.sub(r"[-_.]+", "-", dist.metadata["Name"]).lower()
        if name == "evalcore":                  # the project itself
            continue
        if name in no_deps:
            if dist.version != no_deps[name]:
                drifted.append(f"{name} {dist.version} (pinned {no_deps[name]} in the Makefile)")
            continue
        if name not in pins:
            unpinned.append(name)
        elif pins[name] != dist.version:
            drifted.append(f"{name} {dist.version} (pinned {pins[name]})")
    assert not unpinned, f"installed but not in constraints.txt: {sorted(unpinned)}"
    assert not drifted, f"installed versions differ from constraints.txt: {drifted}"
    for must in ("pillow", "matplotlib", "numpy", "fonttools"):
        assert must in pins


def test_jsonschema_builds_no_grammar_when_imported():
    """The Makefile removes rfc3987-syntax, which builds a Lark grammar at import (1.5-2 s in
    every kernel that glues and every Jupyter server); if an install brings it back, say so."""
    found = subprocess.run([sys.executable, "-c", "import sys, jsonschema, myst_nb.ext.glue; "
                            "print(sorted(m for m in ('rfc3987_syntax', 'lark') "
                            "if m in sys.modules))"],
                           capture_output=True, text=True, check=True).stdout.strip()
    assert found == "[]", f"importing jsonschema also imports {found}: `make` removes " \
        "rfc3987-syntax (see the Makefile)"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_chapter_stored_without_noise(path):
    """No execution timestamps (they changed every cell on every run) and the kernel's own
    display name (another one marks the notebook modified when Jupyter opens it)."""
    notebook = nbformat.read(path, as_version=4)
    assert notebook.metadata["kernelspec"]["display_name"] == "Python 3 (ipykernel)"
    timed = [i for i, cell in enumerate(notebook.cells) if "execution" in cell.metadata]
    assert not timed, f"cells {timed} carry execution timestamps"
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert all(cell.execution_count for cell in code), "a code cell was never executed"


def test_wheel_offered_for_download(book_html):
    """The introduction links the evalcore wheel, and the link resolves in the built book."""
    intro = (book_html / "chapters" / "00_introduction.html").read_text()
    links = re.findall(r'href="([^"]+\.whl)"', intro)
    assert links, "the introduction has no link to the evalcore wheel"
    for link in links:
        target = (book_html / "chapters" / link).resolve()
        assert target.is_file(), f"{link} does not exist in the built book"
        assert target.name.startswith("evalcore-")


def test_only_used_vendor_files_shipped(book_html):
    """MathJax's fonts and the widget manager are copied as the pages load them, not whole
    (no page loads MathJax's script: the formulas are typeset when the book is built; the
    widget manager is left out of the book when no page needs it:
    test_light_pages.test_no_page_needs_the_html_manager_so_the_book_does_not_ship_it)."""
    vendor = ROOT / "_vendor"
    assert list((vendor / "mathjax" / "output" / "chtml" / "fonts" / "woff-v2").glob("*.woff"))
    assert not list((vendor / "mathjax").glob("*.js"))
    assert not list((book_html / "_static" / "mathjax").rglob("*.js"))
    assert (vendor / "html-manager" / "embed-amd.js").is_file()
    assert not (vendor / "mathjax" / "sre").exists()
    assert not list((vendor / "html-manager").glob("*.ttf"))
    size = sum(p.stat().st_size for p in (vendor / "mathjax").rglob("*") if p.is_file())
    size += sum(p.stat().st_size for p in (vendor / "html-manager").rglob("*") if p.is_file())
    assert size < 8_000_000, f"MathJax and html-manager take {size / 1e6:.1f} MB"
    assert not (book_html / "_static" / "mathjax" / "sre").exists()


def test_the_books_anywidget_gives_a_model_time_to_initialise(book_html):
    """anywidget's runtime fails a widget whose model is not initialised within 2 s, which a
    busy machine reaches while a page loads; the book's copy (the Makefile's) waits 60 s, and
    is otherwise the installed package's own front end, byte for byte."""
    import anywidget

    shipped = (ROOT / "_vendor" / "anywidget" / "index.js").read_text(encoding="utf-8")
    original = (Path(anywidget.__file__).parent / "nbextension" / "index.js").read_text(
        encoding="utf-8")
    assert original.count("AbortSignal.timeout(2e3)") == 1
    assert shipped == original.replace("AbortSignal.timeout(2e3)", "AbortSignal.timeout(6e4)")


def test_the_offered_wheel_holds_every_widget_front_end(book_html):
    """The wheel the book offers carries the JavaScript and CSS of every widget (package data
    that setuptools leaves out unless pyproject.toml names it)."""
    import zipfile

    wheels = sorted((book_html / "_static" / "downloads").glob("evalcore-*.whl"))
    assert wheels, "the book offers no evalcore wheel: run `make book`"
    names = set(zipfile.ZipFile(wheels[-1]).namelist())
    front_ends = sorted(p.name for p in (ROOT / "evalcore").iterdir() if p.suffix in (".js", ".css"))
    assert front_ends and all(f"evalcore/{name}" in names for name in front_ends), \
        sorted(set(front_ends) - {n.removeprefix("evalcore/") for n in names})
    # PEP 561: type checkers read evalcore's annotations only if the package says it is typed
    assert "evalcore/py.typed" in names
    # every module of the source tree is in the wheel (subpackages too)
    modules = {str(p.relative_to(ROOT)) for p in (ROOT / "evalcore").rglob("*.py")}
    assert modules <= names, sorted(modules - names)


MARKED = ["tests/book/test_explorer_js.py", "tests/book/test_jupyterlab.py",
          "tests/book/test_slides.py", "tests/widgets/test_slider_stack.py",
          "tests/chapters/test_errata.py"]
LIST_MARKERS = """
def pytest_collection_finish(session):
    for item in session.items:
        print("MARKERS", item.nodeid.split("[")[0], *sorted({m.name for m in item.iter_markers()}))
"""


@pytest.mark.slow
def test_markers_select_what_each_test_needs(tmp_path):
    """`make unit` leaves tests out by marker (tests/conftest.py marks them from their fixtures
    and modules): each marker selects the tests that need it, and no other."""
    import os
    import subprocess
    import sys

    (tmp_path / "list_markers.py").write_text(LIST_MARKERS)
    run = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q",
                          "-p", "no:cacheprovider", "-p", "list_markers", *MARKED],
                         cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, PYTHONPATH=str(tmp_path)))
    assert run.returncode == 0, run.stdout + run.stderr
    marks: dict[str, set[str]] = {}
    for line in run.stdout.splitlines():
        if line.startswith("MARKERS "):
            test, *names = line.split()[1:]
            marks.setdefault(test, set()).update(names)
    selected = {marker: {test for test, names in marks.items() if marker in names}
                for marker in ("browser", "jupyterlab", "book", "chapters")}
    unit = {test for test, names in marks.items()
            if not names & {"browser", "jupyterlab", "book", "notebooks", "chapters"}}
    js = "tests/book/test_explorer_js.py::test_rates_format"      # Chromium, via a fixture
    notebook7 = "tests/book/test_jupyterlab.py::test_arrow_keys_in_notebook7"
    decks = "tests/book/test_slides.py::test_every_chapter_has_a_deck_built_from_its_outline"
    plan = "tests/book/test_slides.py::test_block_texts_split_paragraphs_items_and_formulas"
    stack = "tests/widgets/test_slider_stack.py::test_repr_names_the_state"
    assert {js, notebook7} <= selected["browser"] and not {plan, stack} & selected["browser"]
    assert notebook7 in selected["jupyterlab"] and not {js, decks} & selected["jupyterlab"]
    assert {decks, notebook7} <= selected["book"] and not {js, plan} & selected["book"]
    assert selected["chapters"] and all(test.startswith("tests/chapters/test_errata.py::")
                                        for test in selected["chapters"])
    assert {plan, stack} <= unit and not {js, notebook7, decks} & unit
