"""The static book in headless Chromium, offline: every chapter page, every threshold explorer.

Each chapter page of the built book (``_build/html/chapters``) is served on 127.0.0.1 and opened
with every non-local request aborted. The page must load with no console error and without
trying to fetch anything from outside. On each threshold explorer (found by its CSS class) we
move the threshold with the keyboard and by dragging, switch the rule and, where there is one,
the class-balance slider, and after every move read the numbers the page displays and compare
them with evalcore's confusion matrix at the displayed threshold, computed here from the labels
and scores the explorer embeds in the page.
"""

from __future__ import annotations

import json
import math
import re
import warnings
from pathlib import Path

import numpy as np
import pytest

import evalcore as ec
from conftest import BOOK_HTML

RATE_NAMES = ("tpr", "fpr", "tnr", "precision", "accuracy", "f1")
PAGES = sorted(p.name for p in (BOOK_HTML / "chapters").glob("*.html"))

READ_VIEW = """box => {
  const root = box.querySelector('.evalcore-explorer');
  const cells = {};
  root.querySelectorAll('[data-cell]').forEach(c => { cells[c.dataset.cell] = c.textContent; });
  const rates = {};
  root.querySelectorAll('[data-rate]').forEach(c => { rates[c.dataset.rate] = [c.dataset.value, c.textContent]; });
  const marker = root.querySelector('.ee-roc-marker');
  const handle = box.querySelector('.widget-slider .noUi-handle');
  const table = root.querySelector('[data-cell="tp"]').closest('table');
  return {
    threshold: root.dataset.threshold, rule: root.dataset.rule, copies: root.dataset.copies,
    index: Number(root.dataset.index), shown_threshold: root.querySelector('[data-field="threshold"]').dataset.value,
    cells, rates,
    roc_marker: [marker.getAttribute('cx'), marker.getAttribute('cy'), marker.dataset.x, marker.dataset.y],
    roc_path: root.querySelector('.ee-roc .ee-curve').getAttribute('d'),
    pr_path: root.querySelector('.ee-pr .ee-curve').getAttribute('d'),
    handle_label: handle.getAttribute('aria-label'), handle_text: handle.getAttribute('aria-valuetext'),
    handle_max: Number(handle.getAttribute('aria-valuemax')),
    table_headers: table ? table.querySelectorAll('th[scope]').length : 0,
  };
}"""


def displayed_explorers(html: str) -> int:
    """How many threshold explorers the page displays, from its embedded widget state."""
    found = re.search(r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>',
                      html, re.S)
    if not found:
        return 0
    state = json.loads(found.group(1))["state"]
    shown = re.findall(r'<script type="application/vnd.jupyter.widget-view\+json">(.*?)</script>',
                       html, re.S)

    def views_under(model_id: str) -> int:
        model = state.get(model_id, {}).get("state", {})
        if model.get("evalcore_widget") == "threshold-explorer":
            return 1
        return sum(views_under(child.removeprefix("IPY_MODEL_"))
                   for child in model.get("children", []))

    return sum(views_under(json.loads(view)["model_id"]) for view in shown)


def chapter_pages(book_html: Path) -> list[Path]:
    pages = sorted((book_html / "chapters").glob("*.html"))
    if not pages:
        pytest.fail(f"no chapter pages in {book_html / 'chapters'}", pytrace=False)
    return pages


def chapter_html(book_html: Path, page: str) -> str:
    """The built chapter page's HTML; the test fails (not skips) when it is missing."""
    path = book_html / "chapters" / page
    if not path.is_file():
        pytest.fail(f"no chapter pages in {book_html / 'chapters'}", pytrace=False)
    return path.read_text(encoding="utf-8")


def test_the_book_has_explorers(book_html):
    counts = {page.name: displayed_explorers(page.read_text(encoding="utf-8"))
              for page in chapter_pages(book_html)}
    assert sum(counts.values()) >= 1, f"no threshold explorer on any chapter page: {counts}"


def same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b


def check_against_evalcore(view: dict, y: np.ndarray, s: np.ndarray,
                           positions: np.ndarray) -> None:
    threshold, rule, copies = float(view["threshold"]), view["rule"], int(view["copies"])
    assert float(view["shown_threshold"]) == threshold
    # the page and Python agree on the threshold of each slider position
    assert positions[view["index"]] == threshold
    weight = None if copies == 1 else np.where(y == 1, 1.0, float(copies))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        cm = ec.confusion_matrix_at(y, s, threshold, rule=rule, sample_weight=weight)
        expected = {name: getattr(cm, name) for name in RATE_NAMES}
    where = f"θ = {threshold!r}, rule {rule}, {copies} copies"
    shown_counts = {name: int(text) for name, text in view["cells"].items()}
    assert shown_counts == {"tp": cm.tp, "fp": cm.fp, "fn": cm.fn, "tn": cm.tn}, where
    for name in RATE_NAMES:
        value_attr, text = view["rates"][name]
        value = float(value_attr)
        assert same(value, expected[name]), (where, name, value, expected[name])
        if math.isnan(value):
            assert text == "undefined"
        else:
            assert abs(float(text) - value) <= 5e-4 + 1e-12, (where, name, text, value)
    marker_x, marker_y = float(view["roc_marker"][2]), float(view["roc_marker"][3])
    assert same(marker_x, expected["fpr"]) and same(marker_y, expected["tpr"]), where


def exercise_explorer(tab, box) -> None:
    data = json.loads(box.locator("script.evalcore-explorer-data").text_content())
    y, s = np.array(data["labels"]), np.array(data["scores"], dtype=np.float64)
    positions = ec.threshold_explorer(y, s).thresholds
    read = lambda: box.evaluate(READ_VIEW)   # noqa: E731
    check = lambda view: check_against_evalcore(view, y, s, positions)   # noqa: E731
    view = read()
    check(view)
    # accessible: the slider is named, says the threshold; the matrix is a table with headers
    assert view["handle_label"] == "Threshold θ"
    assert view["handle_text"].startswith("θ = ")
    assert view["table_headers"] == 4

    # keyboard: one operating-point position per key press, away from the nearer end
    handle = box.locator(".widget-slider .noUi-handle").first
    handle.focus()
    top = view["handle_max"]
    first, back = ("ArrowLeft", "ArrowRight") if view["index"] > top / 2 else ("ArrowRight", "ArrowLeft")
    markers = {tuple(view["roc_marker"][:2])}
    for key in [first] * 3 + [back] * 2:
        before = view["index"]
        handle.press(key)
        view = read()
        assert abs(view["index"] - before) == 1, (key, before, view["index"])
        assert view["handle_text"].startswith("θ = "), view["handle_text"]
        check(view)
        markers.add(tuple(view["roc_marker"][:2]))
    assert len(markers) > 1, "the ROC marker did not move while the threshold moved"

    # drag the handle to the far side of the track
    track = box.locator(".widget-slider .noUi-base").first.bounding_box()
    grip = handle.bounding_box()
    target = 0.15 if view["index"] > top / 2 else 0.85
    start_marker, start_index = view["roc_marker"][:2], view["index"]
    tab.mouse.move(grip["x"] + grip["width"] / 2, grip["y"] + grip["height"] / 2)
    tab.mouse.down()
    tab.mouse.move(track["x"] + target * track["width"], grip["y"] + grip["height"] / 2, steps=8)
    tab.mouse.up()
    view = read()
    assert view["index"] != start_index, "dragging the slider did not move the threshold"
    check(view)
    assert view["roc_marker"][:2] != start_marker, "the ROC marker did not move on a drag"

    # switch the rule
    old_rule = view["rule"]
    box.locator(".widget-radio-box input[type=radio]:not(:checked)").first.check()
    view = read()
    assert view["rule"] != old_rule
    check(view)

    # the class-balance control, where there is one: ROC stays put, PR moves
    sliders = box.locator(".widget-slider .noUi-handle")
    if sliders.count() > 1:
        copies = sliders.nth(1)
        assert copies.get_attribute("aria-label") == "Copies of each negative"
        before = read()
        copies.focus()
        for _ in range(3):
            copies.press("ArrowRight")
        view = read()
        assert int(view["copies"]) == int(before["copies"]) + 3
        check(view)
        assert view["roc_path"] == before["roc_path"], "the ROC curve moved with the class balance"
        assert view["pr_path"] != before["pr_path"], "the PR curve did not move with the balance"


@pytest.mark.parametrize("page", PAGES or ["(no chapter pages built)"])
def test_chapter_page_works_offline(page, book_html, book_url, offline_page):
    expected = displayed_explorers(chapter_html(book_html, page))
    tab = offline_page.page
    tab.goto(f"{book_url}chapters/{page}", wait_until="load")
    if expected:
        tab.wait_for_function(
            "n => document.querySelectorAll('.evalcore-explorer[data-ready]').length >= n",
            arg=expected, timeout=30_000)
    tab.wait_for_load_state("networkidle")
    boxes = tab.locator(".evalcore-threshold-explorer")
    assert boxes.count() == expected
    for i in range(expected):
        box = boxes.nth(i)
        box.scroll_into_view_if_needed()
        exercise_explorer(tab, box)
    tab.wait_for_load_state("networkidle")
    assert offline_page.blocked == [], f"the page tried to fetch from outside: {offline_page.blocked}"
    assert offline_page.errors == [], "\n".join(offline_page.errors)


# ---- slider stacks: a slider over precomputed panes (evalcore.slider_stack) ---------------------

READ_STACK = """box => {
  const handle = box.querySelector('.widget-slider .noUi-handle');
  const panes = [...box.querySelectorAll(':scope > .widget-box > *')];
  const visible = panes.filter(p => p.offsetParent !== null);
  return {
    readout: box.querySelector('.widget-readout').textContent,
    label: handle.getAttribute('aria-label'), valuetext: handle.getAttribute('aria-valuetext'),
    now: Number(handle.getAttribute('aria-valuenow')), max: Number(handle.getAttribute('aria-valuemax')),
    visible: visible.map(p => p.innerHTML.length + ':' + p.innerHTML.slice(-200)),
  };
}"""


def displayed_slider_stacks(html: str) -> int:
    """How many slider stacks the page's embedded widget state holds."""
    return html.count('"evalcore-slider-stack"')


def test_the_book_has_slider_stacks(book_html):
    counts = {page.name: displayed_slider_stacks(page.read_text(encoding="utf-8"))
              for page in chapter_pages(book_html)}
    assert sum(counts.values()) >= 1, f"no slider stack on any chapter page: {counts}"


@pytest.mark.parametrize("page", PAGES or ["(no chapter pages built)"])
def test_slider_stacks_switch_panes_offline(page, book_html, book_url, offline_page):
    expected = displayed_slider_stacks(chapter_html(book_html, page))
    if not expected:
        return
    tab = offline_page.page
    tab.goto(f"{book_url}chapters/{page}", wait_until="load")
    tab.wait_for_function(
        "n => document.querySelectorAll('.evalcore-slider-stack .noUi-handle').length >= n",
        arg=expected, timeout=30_000)
    boxes = tab.locator(".evalcore-slider-stack")
    assert boxes.count() == expected
    for i in range(expected):
        box = boxes.nth(i)
        box.scroll_into_view_if_needed()
        before = box.evaluate(READ_STACK)
        assert len(before["visible"]) == 1, "a slider stack must show exactly one pane"
        assert before["label"], "the slider's handle has no accessible name"
        assert before["valuetext"] == before["readout"]
        key = "ArrowLeft" if before["now"] >= before["max"] else "ArrowRight"
        box.locator(".widget-slider .noUi-handle").first.press(key)
        tab.wait_for_function("([box, old]) => box.querySelector('.widget-readout').textContent"
                              " !== old", arg=[box.element_handle(), before["readout"]],
                              timeout=10_000)
        after = box.evaluate(READ_STACK)
        assert len(after["visible"]) == 1
        assert after["visible"] != before["visible"], "moving the slider did not switch the pane"
        assert after["valuetext"] == after["readout"] != before["readout"]
    assert offline_page.blocked == [], f"the page tried to fetch from outside: {offline_page.blocked}"
    assert offline_page.errors == [], "\n".join(offline_page.errors)
