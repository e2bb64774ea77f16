"""The lecture notebooks in a real JupyterLab (and Notebook 7), driven headless.

A lecturer runs ``make lab`` and opens a chapter in front of a class. This test does the same:
it starts JupyterLab on 127.0.0.1 (a free port, a token, no browser) on copies of two lecture
notebooks, opens each in headless Chromium and checks what the room would see: the notebook
opens unmodified, its widgets render from their saved state before anything runs, no MyST
markup is visible and every figure is there; then "Run All Cells" runs with no error and moving
the explorer's slider with the keyboard changes the counts it shows. The same notebook opened in
Notebook 7 answers the arrow keys too. Every request the page makes must stay on 127.0.0.1.
"""

from __future__ import annotations

import re
import shutil

import nbformat
import pytest
from playwright.sync_api import expect

from conftest import (LECTURES, ROOT, jupyter_counts, jupyterlab_server, open_notebook,
                      run_all_cells)

#: Two chapters with a threshold explorer, run in full: the first (9 scores) and the
#: end-to-end one; and one with a slider stack, whose keys are tested on its saved state.
NOTEBOOKS = ("01_confusion_matrix.ipynb", "09_end_to_end.ipynb")
STACKED = "11_uncertainty.ipynb"
TOKEN = "evalcore-test"
#: MyST syntax that must never reach a reader: roles, directives, targets, glue.
RAW_MARKUP = re.compile(r"\{[a-z][\w:-]*\}`|^:::|^```\{|^\([\w-]+\)=\s*$|\{glue", re.M)
EXPLORER = ".evalcore-explorer"
COUNTS = """root => ['tp', 'fp', 'fn', 'tn'].map(
    name => root.querySelector(`[data-cell="${name}"]`).textContent).join(' ')"""


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory, lectures):
    """JupyterLab on copies of the lecture notebooks; yields (base URL, notebook folder)."""
    missing = [name for name in (*NOTEBOOKS, STACKED) if not (lectures / name).is_file()]
    if missing:
        pytest.fail(f"lecture notebooks missing in {LECTURES}: {missing}; build them with "
                    f"`make lectures` (`make test` does it first)", pytrace=False)
    work = tmp_path_factory.mktemp("lab")
    root = work / "notebooks"
    root.mkdir()
    for name in (*NOTEBOOKS, STACKED):
        shutil.copy(LECTURES / name, root / name)
    with jupyterlab_server(work, root, TOKEN) as base:
        yield base, root


@pytest.fixture
def tab(offline_pages):
    """A 1280x900 offline tab; after the test, no request may have left the machine and no
    error may have come from our widgets (Jupyter's pages log errors of their own)."""
    return offline_pages(jupyter_counts, viewport={"width": 1280, "height": 900})


def _chapter_figures(name: str) -> int:
    """How many figures the book's page for this chapter shows (its glued figures)."""
    chapter = nbformat.read(ROOT / "chapters" / name, as_version=4)
    return sum(cell.source.count("{glue:figure}") for cell in chapter.cells
               if cell.cell_type == "markdown")


def _goto(tab, base: str, app: str, name: str) -> None:
    """Open the notebook ``name`` in ``app`` (``lab/tree`` or ``notebooks``), the only one
    open: its kernel connected and idle."""
    open_notebook(tab, base, TOKEN, app, name)


def _press_until_changed(page, root, key: str = "ArrowRight") -> tuple[str, str]:
    """Focus the explorer's threshold control, press ``key``; wait for the counts to change."""
    before = root.evaluate(COUNTS)
    root.locator('input[type="range"]').first.press(key)     # focuses it, then presses
    page.wait_for_function(f"([el, before]) => ({COUNTS})(el) !== before",
                           arg=[root.element_handle(), before], timeout=10_000)
    return before, root.evaluate(COUNTS)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_lecture_notebook_runs_in_jupyterlab(jupyterlab, tab, name):
    base, root = jupyterlab
    page = tab.page
    stored = nbformat.read(root / name, as_version=4)
    code = [cell for cell in stored.cells if cell.cell_type == "code"]
    _goto(tab, base, "lab/tree", name)
    # opened as stored: not marked modified (once connected to its kernel, above), and every
    # widget rendered from its saved state
    expect(page.locator(f"{EXPLORER}[data-ready]")).to_have_count(
        _saved_widgets(stored, "threshold-explorer"), timeout=30_000)
    explorer = page.locator(EXPLORER).first
    assert page.locator(".jp-mod-dirty").count() == 0, "the notebook is marked modified on open"

    text = page.locator(".jp-Notebook").inner_text()
    assert not RAW_MARKUP.findall(text), f"raw MyST markup visible: {RAW_MARKUP.findall(text)[:5]}"
    assert "No renderer could be found" not in text
    figures = page.locator(".jp-MarkdownOutput img").count()
    assert figures >= _chapter_figures(name) > 0
    # every figure resolved from its attachment and loaded, none wider than the notebook
    page.wait_for_function("""() => [...document.querySelectorAll('.jp-MarkdownOutput img')]
        .every(img => img.complete && img.naturalWidth > 0)""", timeout=10_000)
    sizes = page.locator(".jp-MarkdownOutput img").evaluate_all(
        "imgs => imgs.map(img => [img.clientWidth, img.clientHeight])")
    assert all(0 < height <= 600 for _, height in sizes), f"figure sizes: {sizes}"

    # the saved-state widget already answers the keyboard (no kernel needed)
    _press_until_changed(page, explorer)

    # Run > Run All Cells: the kernel answers every code cell; then save and read what ran
    statuses = run_all_cells(page, sum(1 for cell in code if cell.source.strip()))
    assert statuses == ["ok"] * len(statuses), f"cells failed in {name}: {statuses}"
    live = page.locator(EXPLORER).first
    live.wait_for(timeout=30_000)
    before, after = _press_until_changed(page, live)
    assert before != after

    page.locator(".lm-MenuBar-itemLabel", has_text="File").first.click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Save Notebook$")).click()
    page.wait_for_function("() => !document.querySelector('.jp-mod-dirty')", timeout=30_000)
    ran = nbformat.read(root / name, as_version=4)
    code = [cell for cell in ran.cells if cell.cell_type == "code"]
    errors = [out for cell in code for out in cell.outputs if out.output_type == "error"]
    assert not errors, f"errors in {name}: {[e.ename + ': ' + e.evalue for e in errors]}"
    assert all(cell.execution_count for cell in code), "a code cell did not run"
    # this run's widgets, not the stored ones (a fresh run makes new models)
    assert _widget_views(ran) and not _widget_views(ran) & _widget_views(stored)


def test_arrow_keys_in_notebook7(jupyterlab, tab):
    """Notebook 7 ignores arrow keys on ipywidgets sliders; the explorer's own control works."""
    base, _ = jupyterlab
    page = tab.page
    _goto(tab, base, "notebooks", NOTEBOOKS[0])
    explorer = page.locator(f"{EXPLORER}[data-ready]").first
    explorer.wait_for(timeout=60_000)
    before, after = _press_until_changed(page, explorer)
    assert before != after


@pytest.mark.parametrize("app", ["lab/tree", "notebooks"])
def test_slider_stack_keys(jupyterlab, tab, app):
    """A slider stack answers the arrow keys in JupyterLab and in Notebook 7: the pane and the
    readout move together."""
    base, _ = jupyterlab
    page = tab.page
    _goto(tab, base, app, STACKED)
    stack = page.locator(".evalcore-slider-stack").first
    stack.wait_for(timeout=60_000)
    control = stack.locator('input[type="range"]')
    control.press("Home")                          # focuses the slider, then presses
    page.wait_for_function("el => el.querySelector('[data-index]').dataset.index === '0'",
                           arg=stack.element_handle(), timeout=10_000)
    first = stack.locator("output").inner_text()
    control.press("ArrowRight")
    page.wait_for_function("el => el.querySelector('[data-index]').dataset.index === '1'",
                           arg=stack.element_handle(), timeout=10_000)
    assert stack.locator("output").inner_text() != first


def _widget_views(notebook) -> set[str]:
    """The widget models the notebook's outputs display."""
    return {output.data["application/vnd.jupyter.widget-view+json"]["model_id"]
            for cell in notebook.cells if cell.cell_type == "code" for output in cell.outputs
            if "application/vnd.jupyter.widget-view+json" in output.get("data", {})}


def _saved_widgets(notebook, kind: str) -> int:
    """How many of the displayed widgets are evalcore widgets of this kind (saved state)."""
    states = notebook.metadata.get("widgets", {}).get(
        "application/vnd.jupyter.widget-state+json", {}).get("state", {})
    return sum(1 for model in _widget_views(notebook)
               if states.get(model, {}).get("state", {}).get("evalcore_widget") == kind)


def _notebook_with(kind: str) -> str:
    """A lecture notebook whose stored widget state holds a self-check of this kind."""
    for path in sorted(LECTURES.glob("*.ipynb")):
        states = nbformat.read(path, as_version=4).metadata.get("widgets", {}).get(
            "application/vnd.jupyter.widget-state+json", {}).get("state", {})
        if any(model.get("state", {}).get("evalcore_widget") == "self-check"
               and model["state"].get("kind") == kind for model in states.values()):
            return path.name
    pytest.fail(f"no lecture notebook holds a self-check of kind {kind!r}")


@pytest.mark.parametrize("app", ["lab/tree", "notebooks"])
def test_self_checks_take_typing_and_keys(jupyterlab, tab, app):
    """A number typed into a self-check (digits, a decimal point, Enter) and arrow keys on its
    choices reach the self-check in JupyterLab and in Notebook 7: the feedback appears and the
    notebook is left unchanged (in command mode, digits would turn the cell into a heading)."""
    base, _ = jupyterlab
    page = tab.page
    _goto(tab, base, app, _notebook_with("number"))
    box = page.locator(".self-check:has(.sc-input):visible").first
    box.wait_for(timeout=60_000)
    field = box.locator(".sc-input")
    field.click()
    expect(field).to_be_focused()
    page.keyboard.type("1.5")
    expect(field).to_have_value("1.5")
    page.keyboard.press("Enter")
    page.wait_for_function("el => el.dataset.verdict !== undefined", arg=box.element_handle(),
                           timeout=10_000)
    assert box.locator(".sc-feedback").inner_text().strip()
    assert page.locator(".jp-mod-dirty").count() == 0, "typing changed the notebook"

    _goto(tab, base, app, _notebook_with("choice"))
    box = page.locator(".self-check:has(input[type=radio]):visible").first
    box.wait_for(timeout=60_000)
    box.locator("input[type=radio]").first.check()
    expect(box.locator("input[type=radio]").first).to_be_focused()
    page.wait_for_function("el => el.dataset.verdict !== undefined", arg=box.element_handle(),
                           timeout=10_000)
    first = box.locator(".sc-feedback").inner_text()
    page.keyboard.press("ArrowDown")
    page.wait_for_function("([el, t]) => el.querySelector('.sc-feedback').textContent !== t",
                           arg=[box.element_handle(), first], timeout=10_000)
    assert box.locator("input[type=radio]").nth(1).is_checked()
    assert page.locator(".jp-mod-dirty").count() == 0, "the arrow key changed the notebook"
