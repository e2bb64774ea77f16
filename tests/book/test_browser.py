"""The static book in headless Chromium, offline: every chapter page, every threshold explorer.

Each chapter page of the built book (``_build/html/chapters``) is served on 127.0.0.1 and opened
with every non-local request aborted. The page must load with no console error and without
trying to fetch anything from outside. Each threshold explorer's labels and scores are read
from the widget state the page embeds (``application/vnd.jupyter.widget-state+json``); on each
explorer we walk the threshold over every operating point with the arrow keys (the first
presses from the keyboard, the rest as the same key events dispatched in the page), try Home, End,
PageUp and PageDown, switch the rule, click the track and, where there is one, move the
class-balance control, and after every change compare the numbers the page displays with
evalcore's confusion matrix at the displayed threshold. Other tests check the layout on a
projector (1280x720 at 150% zoom) and a phone, and the explorer's light card in the dark theme.
"""

from __future__ import annotations

import base64
import json
import math
import re
import warnings
from pathlib import Path

import numpy as np
import pytest

import evalcore as ec
from conftest import BOOK_HTML, built_pages

RATE_NAMES = ("tpr", "fpr", "tnr", "precision", "accuracy", "f1")
PAGES = [p.name for p in built_pages(BOOK_HTML / "chapters")]
EXPLORER = ".evalcore-explorer"

READ_VIEW = """root => {
  const cells = {};
  root.querySelectorAll('[data-cell]').forEach(c => { cells[c.dataset.cell] = c.textContent; });
  const rates = {};
  root.querySelectorAll('[data-rate]').forEach(c => { rates[c.dataset.rate] = [c.dataset.value, c.textContent]; });
  const marker = root.querySelector('.ee-roc-marker');
  const range = root.querySelector('input[type=range]');
  const table = root.querySelector('[data-cell="tp"]').closest('table');
  const fieldset = root.querySelector('fieldset');
  return {
    threshold: root.dataset.threshold, rule: root.dataset.rule, copies: root.dataset.copies,
    position: Number(root.dataset.position), readout: root.querySelector('output').textContent,
    readout_editable: root.querySelector('output').isContentEditable,
    cells, rates,
    roc_marker: marker ? [marker.getAttribute('cx'), marker.getAttribute('cy'), marker.dataset.x,
                          marker.dataset.y] : null,
    roc_path: root.querySelector('.ee-roc .ee-curve')?.getAttribute('d') ?? null,
    pr_path: root.querySelector('.ee-pr .ee-curve')?.getAttribute('d') ?? null,
    range_value: Number(range.value), range_max: Number(range.max),
    range_label: range.labels.length ? range.labels[0].textContent : '',
    range_text: range.getAttribute('aria-valuetext'),
    legend: fieldset ? fieldset.querySelector('legend').textContent : '',
    radios: [...root.querySelectorAll('input[type=radio]')].map(r => [r.value, r.checked,
             r.labels.length ? r.labels[0].textContent.trim() : '']),
    table_headers: table ? table.querySelectorAll('th[scope]').length : 0,
  };
}"""


def widget_state(html: str) -> dict:
    found = re.search(r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>',
                      html, re.S)
    return json.loads(found.group(1))["state"] if found else {}


def displayed_widget_states(html: str, kind: str) -> list[dict]:
    """The evalcore widgets of one kind ("threshold-explorer", "slider-stack") the page
    displays, in page order: each model's state, binary buffers decoded."""
    state = widget_state(html)
    shown = re.findall(r'<script type="application/vnd.jupyter.widget-view\+json">(.*?)</script>',
                       html, re.S)
    found = []

    def collect(model_id: str) -> None:
        model = state.get(model_id, {})
        values = model.get("state", {})
        if values.get("evalcore_widget") == kind:
            values = dict(values)
            for buffer in model.get("buffers", []):
                values[buffer["path"][0]] = base64.b64decode(buffer["data"])
            found.append(values)
        for child in values.get("children", []):
            collect(child.removeprefix("IPY_MODEL_"))

    for view in shown:
        collect(json.loads(view)["model_id"])
    return found


def displayed_explorer_states(html: str) -> list[dict]:
    """The explorers the page displays, in page order: each model's state, buffers decoded."""
    return displayed_widget_states(html, "threshold-explorer")


def displayed_explorers(html: str) -> int:
    """How many threshold explorers the page displays, from its embedded widget state."""
    return len(displayed_explorer_states(html))


def chapter_pages(book_html: Path) -> list[Path]:
    pages = built_pages(book_html / "chapters")
    if not pages:
        pytest.fail(f"no chapter pages in {book_html / 'chapters'}", pytrace=False)
    return pages


def chapter_html(book_html: Path, page: str) -> str:
    """The built chapter page's HTML; the test fails (not skips) when it is missing."""
    path = book_html / "chapters" / page
    if not path.is_file():
        pytest.fail(f"no chapter pages in {book_html / 'chapters'}", pytrace=False)
    return path.read_text(encoding="utf-8")


def pages_with_explorers(book_html: Path) -> list[str]:
    return [page.name for page in chapter_pages(book_html)
            if displayed_explorers(page.read_text(encoding="utf-8"))]


def test_the_book_has_explorers(book_html):
    counts = {page.name: displayed_explorers(page.read_text(encoding="utf-8"))
              for page in chapter_pages(book_html)}
    assert sum(counts.values()) >= 5, f"an explorer is missing from the chapters: {counts}"


def same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b


def check_against_evalcore(view: dict, y: np.ndarray, s: np.ndarray,
                           show=("matrix", "rates", "roc", "pr", "strip")) -> dict:
    """The displayed numbers equal evalcore's at the displayed threshold; returns the counts.

    Panels the explorer hides (``show``) must be absent; the others must agree."""
    threshold, rule, copies = float(view["threshold"]), view["rule"], int(view["copies"])
    # the readout shows exactly the threshold the numbers are computed at, and so does the
    # value text a screen reader speaks, with the rule
    assert view["readout"].startswith("θ = ")
    assert float(view["readout"].removeprefix("θ = ")) == threshold
    assert view["range_text"] == f"{view['readout']}; predict 1 when score {'≥' if rule == '>=' else '>'} θ"
    assert not view["readout_editable"]
    distinct = np.unique(s)
    position = int(np.searchsorted(distinct, threshold, side="left" if rule == ">=" else "right"))
    assert view["position"] == view["range_value"] == position
    assert view["range_max"] == len(distinct)
    weight = None if copies == 1 else np.where(y == 1, 1.0, float(copies))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        cm = ec.confusion_matrix_at(y, s, threshold, rule=rule, sample_weight=weight)
        expected = {name: getattr(cm, name) for name in RATE_NAMES}
    where = f"θ = {threshold!r}, rule {rule}, {copies} copies"
    shown_counts = {name: int(text) for name, text in view["cells"].items()}
    assert shown_counts == {"tp": cm.tp, "fp": cm.fp, "fn": cm.fn, "tn": cm.tn}, where
    if "rates" not in show:
        assert view["rates"] == {}, "a hidden rates panel is shown"
    for name in RATE_NAMES if "rates" in show else ():
        value_attr, text = view["rates"][name]
        value = float(value_attr)
        assert same(value, expected[name]), (where, name, value, expected[name])
        if math.isnan(value):
            assert text == "undefined"
        else:
            assert abs(float(text) - value) <= 5e-4 + 1e-12, (where, name, text, value)
    if "roc" not in show:
        assert view["roc_marker"] is None and view["roc_path"] is None, "a hidden ROC is shown"
        return shown_counts
    marker_x, marker_y = float(view["roc_marker"][2]), float(view["roc_marker"][3])
    assert same(marker_x, expected["fpr"]) and same(marker_y, expected["tpr"]), where
    return shown_counts


#: Arrow presses sent as the browser's own key events on each explorer (the rest of its walk
#: over every operating point dispatches the same keydown events in the page)
KEYBOARD_PRESSES = 5

#: Press ``key`` ``times`` times on the explorer's threshold slider (keydown events dispatched
#: on it, as a key pressed there would be), reading the view after each press.
PRESS_AND_READ = f"""(root, {{key, times}}) => {{
  const read = {READ_VIEW};
  const range = root.querySelector('input[type=range]');
  const views = [];
  for (let i = 0; i < times; i += 1) {{
    range.dispatchEvent(new KeyboardEvent('keydown', {{key, bubbles: true, cancelable: true}}));
    views.push(read(root));
  }}
  return views;
}}"""


def wait_changed(tab, root, before: dict, keys=("position", "rule", "copies")) -> dict:
    """Wait until the explorer shows another state than ``before``, then read it."""
    tab.wait_for_function(
        "([root, old, keys]) => keys.some(k => root.dataset[k] !== String(old[k]))",
        arg=[root.element_handle(), {k: before[k] for k in keys}, list(keys)], timeout=10_000)
    return root.evaluate(READ_VIEW)


def strip_picture(root) -> bytes:
    return root.locator(".ee-strip-layers").screenshot(animations="disabled")


def exercise_explorer(tab, root, model: dict) -> None:
    y = np.frombuffer(model["labels"], dtype=np.uint8).astype(int)
    s = np.frombuffer(model["scores"], dtype="<f8")
    show = tuple(model.get("show") or ("matrix", "rates", "roc", "pr", "strip"))
    read = lambda: root.evaluate(READ_VIEW)   # noqa: E731
    check = lambda view: check_against_evalcore(view, y, s, show)   # noqa: E731
    view = read()
    check(view)
    K = len(np.unique(s))
    # accessible: named controls, the rule in a fieldset with a legend, a real table
    assert view["range_label"] == "Threshold θ"
    assert view["legend"] == "Predict 1 when"
    assert [(value, label) for value, _, label in view["radios"]] == \
        [(">", "score > θ"), (">=", "score ≥ θ")]
    assert view["table_headers"] == 4

    # the keyboard: Home, then every arrow press is a new operating point, to the end. The
    # first presses are the browser's own key events; the rest are the same keydown events
    # dispatched in the page, all in one round trip, each view read as it stands after its key
    # (the explorer redraws at once: a key is handled by its own listener, not the browser's)
    slider = root.locator("input[type=range]").first
    slider.focus()
    if view["position"] != 0:
        tab.keyboard.press("Home")
        view = wait_changed(tab, root, view)
    assert view["position"] == 0
    previous = check(view)
    markers = {tuple(view["roc_marker"][:2])} if "roc" in show else set()
    pressed = min(K, KEYBOARD_PRESSES)
    views = []
    for _ in range(pressed):
        tab.keyboard.press("ArrowRight")
        views.append(view := wait_changed(tab, root, view))
    views += root.evaluate(PRESS_AND_READ, {"key": "ArrowRight", "times": K - pressed})
    for step, view in enumerate(views, start=1):
        assert view["position"] == step, (step, view["position"])
        counts = check(view)
        assert counts != previous, f"ArrowRight to position {step} did not change the counts"
        previous = counts
        if "roc" in show:
            markers.add(tuple(view["roc_marker"][:2]))
    assert "roc" not in show or len(markers) > 1, "the ROC marker did not move with the threshold"
    assert view["position"] == K and view["cells"]["tp"] == view["cells"]["fp"] == "0"
    big = max(1, round(K / 10))
    for key, expected in (("PageDown", K - big), ("PageUp", K), ("ArrowLeft", K - 1),
                          ("Home", 0), ("PageUp", min(big, K)), ("End", K)):
        tab.keyboard.press(key)
        view = wait_changed(tab, root, view)
        assert view["position"] == expected, (key, expected, view["position"])
        check(view)

    # the rule: on a score the strip and the counts change; below every score neither does
    rule_radio = lambda rule: root.locator(f"input[type=radio][value='{rule}']")   # noqa: E731
    if view["rule"] != ">":
        rule_radio(">").check()
        view = wait_changed(tab, root, view)
    slider.focus()
    tab.keyboard.press("Home")
    view = wait_changed(tab, root, view)          # θ below every score, whatever the rule
    assert view["position"] == 0 and float(view["threshold"]) < s.min()
    tab.keyboard.press("ArrowRight")
    view = wait_changed(tab, root, view)          # θ = the lowest score, under ">"
    assert float(view["threshold"]) == s.min()
    on_score = (check(view), strip_picture(root))
    rule_radio(">=").check()
    view = wait_changed(tab, root, view)
    assert float(view["threshold"]) == s.min() and view["position"] == 0
    counts = check(view)
    assert counts["tp"] + counts["fp"] > on_score[0]["tp"] + on_score[0]["fp"]
    assert strip_picture(root) != on_score[1], "the strip did not change with the rule on a score"
    rule_radio(">").check()
    view = wait_changed(tab, root, view)
    assert strip_picture(root) == on_score[1]
    slider.focus()
    tab.keyboard.press("Home")
    view = wait_changed(tab, root, view)
    below = strip_picture(root)
    rule_radio(">=").check()
    tab.wait_for_function("root => root.dataset.rule === '>='", arg=root.element_handle())
    view = read()
    assert view["position"] == 0 and float(view["threshold"]) < s.min()
    check(view)
    assert strip_picture(root) == below, "the strip changed with the rule off every score"

    # the mouse: a click near the far end of the track moves the threshold there
    box = slider.bounding_box()
    slider.click(position={"x": box["width"] * 0.9, "y": box["height"] / 2})
    view = wait_changed(tab, root, view)
    assert view["position"] > K / 2
    check(view)

    # the class-balance control, where there is one: ROC stays put, PR moves
    ranges = root.locator("input[type=range]")
    if ranges.count() > 1:
        copies = ranges.nth(1)
        assert copies.evaluate("r => r.labels[0].textContent") == "Copies of each negative"
        before = read()
        copies.focus()
        for _ in range(3):
            tab.keyboard.press("ArrowRight")
            view = wait_changed(tab, root, view)
        assert int(view["copies"]) == int(before["copies"]) + 3
        check(view)
        assert view["roc_path"] == before["roc_path"], "the ROC curve moved with the class balance"
        assert view["pr_path"] != before["pr_path"], "the PR curve did not move with the balance"


def open_chapter(tab, book_url, page: str, expected: int) -> None:
    tab.goto(f"{book_url}chapters/{page}", wait_until="load")
    if expected:
        tab.wait_for_function(
            "n => document.querySelectorAll('.evalcore-explorer[data-ready]').length >= n",
            arg=expected, timeout=30_000)


@pytest.mark.parametrize("page", PAGES or ["(no chapter pages built)"])
def test_chapter_page_works_offline(page, book_html, book_url, reading_page):
    models = displayed_explorer_states(chapter_html(book_html, page))
    tab = reading_page.page
    open_chapter(tab, book_url, page, len(models))
    tab.wait_for_load_state("networkidle")
    roots = tab.locator(EXPLORER)
    assert roots.count() == len(models)
    for i, model in enumerate(models):
        root = roots.nth(i)
        root.scroll_into_view_if_needed()
        title = root.evaluate("r => (r.querySelector('.ee-title') || {}).textContent || ''")
        assert title == model["title"], "the page's explorers are not in the state's order"
        exercise_explorer(tab, root, model)
    tab.wait_for_load_state("networkidle")
    reading_page.check()                  # nothing fetched from outside, no error


BOXES = """root => Object.fromEntries([['range', 'input[type=range]'], ['matrix', '.ee-cm'],
    ['roc', '.ee-roc'], ['pr', '.ee-pr'], ['root', ':scope']].map(([k, sel]) => {
      const el = sel === ':scope' ? root : root.querySelector(sel);
      if (!el) return [k, null];            // a panel the explorer does not show
      const b = el.getBoundingClientRect();
      return [k, {left: b.left, right: b.right, top: b.top, bottom: b.bottom}];
    }).concat([['scroll', [root.scrollWidth, root.clientWidth, root.scrollHeight,
                            root.clientHeight]]]))"""


@pytest.mark.parametrize("page", ["03_roc_curves.html", "09_end_to_end.html"])
def test_projector_shows_slider_matrix_and_roc_together(page, book_html, book_url,
                                                        reading_pages):
    """1280x720 at 150% zoom: the slider, the matrix and the ROC plot fit in one window."""
    expected = displayed_explorers(chapter_html(book_html, page))
    assert expected
    tab = reading_pages(viewport={"width": 853, "height": 480}, device_scale_factor=1.5).page
    open_chapter(tab, book_url, page, expected)
    root = tab.locator(EXPLORER).first
    # the top of the explorer's controls at the top of the window, at once (not smoothly)
    root.locator("input[type=range]").first.evaluate(
        "r => r.scrollIntoView({block: 'start', behavior: 'instant'})")
    boxes = root.evaluate(BOXES)
    top = boxes["range"]["top"] - 4
    assert top >= -1
    for name in ("range", "matrix", "roc"):
        box = boxes[name]
        assert box["bottom"] - top <= 480 and box["left"] >= 0 and box["right"] <= 853, (name, box)
    assert boxes["roc"]["left"] >= boxes["matrix"]["right"], "the ROC plot is not beside the matrix"
    width, client_width, height, client_height = boxes["scroll"]
    assert width <= client_width and height <= client_height, "the explorer scrolls inside"


def test_phone_stacks_the_panels(book_html, book_url, reading_pages):
    page = "07_pr_areas.html"       # the explorer with the most controls (class balance)
    expected = displayed_explorers(chapter_html(book_html, page))
    tab = reading_pages(viewport={"width": 390, "height": 844}, device_scale_factor=2).page
    open_chapter(tab, book_url, page, expected)
    root = tab.locator(EXPLORER).first
    root.scroll_into_view_if_needed()
    boxes = root.evaluate(BOXES)
    for name in ("range", "matrix", "roc", "pr", "root"):
        assert boxes[name]["left"] >= 0 and boxes[name]["right"] <= 390, (name, boxes[name])
    width, client_width, _, _ = boxes["scroll"]
    assert width <= client_width, "the explorer is wider than a phone"
    assert boxes["roc"]["top"] >= boxes["matrix"]["bottom"], "the panels do not stack"


DARK_THEME_APPLIED = """() => {
  const lin = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/[\\d.]+/g).map(Number);
  const running = document.getAnimations().filter(
    a => a instanceof CSSTransition && a.playState === 'running');
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) < 0.2 && running.length === 0;
}"""


def test_dark_theme_keeps_a_light_card_and_hollow_radio(book_html, book_url, reading_pages):
    page = "01_confusion_matrix.html"
    tab = reading_pages(viewport={"width": 1200, "height": 900}, color_scheme="dark").page
    open_chapter(tab, book_url, page, displayed_explorers(chapter_html(book_html, page)))
    tab.evaluate("() => document.documentElement.setAttribute('data-theme', 'dark')")
    # the theme has switched: the page is dark and no colour is still in transition
    tab.wait_for_function(DARK_THEME_APPLIED, timeout=60_000)
    root = tab.locator(EXPLORER).first
    root.scroll_into_view_if_needed()
    page_background = tab.evaluate("() => getComputedStyle(document.body).backgroundColor")
    card = root.evaluate("r => getComputedStyle(r).backgroundColor")
    assert card == "rgb(255, 255, 255)" and card != page_background
    from PIL import Image
    import io

    def centre(selector: str) -> tuple:
        picture = root.locator(selector).screenshot(animations="disabled")
        image = Image.open(io.BytesIO(picture)).convert("RGB")
        return image.getpixel((image.width // 2, image.height // 2))

    unchecked = root.locator("input[type=radio]:not(:checked)").first
    assert unchecked.count() == 1
    hollow = centre("input[type=radio]:not(:checked)")
    filled = centre("input[type=radio]:checked")
    assert min(hollow) >= 200, f"the unchecked radio is not hollow in the dark theme: {hollow}"
    assert min(filled) < 200, f"the checked radio is not filled: {filled}"


# ---- slider stacks: a native slider over precomputed panes (evalcore.slider_stack) -------------

STACK = ".evalcore-slider-stack"
READ_STACK = """box => {
  const input = box.querySelector('input[type=range]');
  const output = box.querySelector('output');
  const pane = box.querySelector('.ess-pane');
  const img = pane.querySelector('img');
  return {
    index: Number(box.querySelector('.ess').dataset.index), value: Number(input.value),
    max: Number(input.max), valuetext: input.getAttribute('aria-valuetext'),
    readout: output.textContent, readout_tag: output.tagName,
    readout_editable: output.isContentEditable,
    name: input.labels.length ? input.labels[0].textContent : '',
    panes_in_dom: pane.children.length,
    src: img ? img.getAttribute('src') : null, alt: img ? img.getAttribute('alt') : null,
    html: pane.innerHTML,
    editable: box.querySelectorAll('input:not([type=range]), textarea, select, [contenteditable]').length,
  };
}"""


def displayed_slider_stack_states(html: str) -> list[dict]:
    """The slider stacks the page displays, in page order: each model's state (labels, panes)."""
    return displayed_widget_states(html, "slider-stack")


def pane_image(pane_html: str) -> tuple[str | None, str | None]:
    """The src and alt of a pane's image, read from the embedded state with the html parser."""
    import html.parser

    found = {}

    class Parser(html.parser.HTMLParser):
        def handle_starttag(self, tag, attrs):
            if tag == "img" and not found:
                found.update(attrs)

    Parser().feed(pane_html)
    return found.get("src"), found.get("alt")


def test_the_book_has_slider_stacks(book_html):
    counts = {page.name: len(displayed_slider_stack_states(page.read_text(encoding="utf-8")))
              for page in chapter_pages(book_html)}
    assert sum(counts.values()) >= 2, \
        f"the intervals and costs chapters each show a slider stack: {counts}"
    assert counts.get("11_uncertainty.html") == 1 and counts.get("15_costs.html") == 1


def check_stack(box, model: dict, position: int) -> None:
    """The stack shows position `position`: slider, readout, valuetext and the one pane agree."""
    seen = box.evaluate(READ_STACK)
    label = model["labels"][position]
    assert seen["index"] == seen["value"] == position
    assert seen["readout"] == seen["valuetext"] == label, seen
    assert seen["readout_tag"] == "OUTPUT" and not seen["readout_editable"]
    assert seen["editable"] == 0, "the slider stack must have nothing to type into"
    assert seen["panes_in_dom"] == 1, "only the pane shown may be in the DOM"
    src, alt = pane_image(model["panes"][position])
    if src is not None:
        assert (seen["src"], seen["alt"]) == (src, alt), "the pane shown is not the label's"
    else:
        assert seen["html"].strip(), "the pane shown is empty"


def press_and_wait(tab, box, key: str, position: int) -> None:
    """Press `key` on the slider and wait until the stack shows `position`."""
    box.locator("input[type=range]").press(key)
    tab.wait_for_function("([box, i]) => box.querySelector('.ess').dataset.index === String(i)",
                          arg=[box.element_handle(), position], timeout=10_000)


@pytest.mark.parametrize("page", PAGES or ["(no chapter pages built)"])
def test_slider_stacks_switch_panes_offline(page, book_html, book_url, reading_page):
    models = displayed_slider_stack_states(chapter_html(book_html, page))
    if not models:
        return
    tab = reading_page.page
    tab.goto(f"{book_url}chapters/{page}", wait_until="load")
    tab.wait_for_function(
        "n => document.querySelectorAll('.evalcore-slider-stack input[type=range]').length >= n",
        arg=len(models), timeout=30_000)
    boxes = tab.locator(STACK)
    assert boxes.count() == len(models)
    for i, model in enumerate(models):
        box = boxes.nth(i)
        box.scroll_into_view_if_needed()
        last = len(model["panes"]) - 1
        assert len(model["labels"]) == last + 1 >= 2
        check_stack(box, model, model["index"])
        assert box.evaluate(READ_STACK)["name"] == model["description"], "the slider has no label"
        press_and_wait(tab, box, "Home", 0)
        check_stack(box, model, 0)
        for position in range(1, last + 1):              # every arrow press changes the pane
            press_and_wait(tab, box, "ArrowRight", position)
            check_stack(box, model, position)
        for position in range(last - 1, -1, -1):
            press_and_wait(tab, box, "ArrowLeft", position)
            check_stack(box, model, position)
        press_and_wait(tab, box, "End", last)
        check_stack(box, model, last)
        press_and_wait(tab, box, "ArrowDown", last - 1)
        check_stack(box, model, last - 1)
        press_and_wait(tab, box, "ArrowUp", last)
        # typing into the readout changes nothing: the next key press still lands where expected
        box.locator("output").click()
        tab.keyboard.type("1280abc")
        press_and_wait(tab, box, "ArrowLeft", last - 1)
        check_stack(box, model, last - 1)
        # dragging the thumb to the left end shows the first pane
        track = box.locator("input[type=range]").bounding_box()
        tab.mouse.click(track["x"] + 1, track["y"] + track["height"] / 2)
        tab.wait_for_function("box => box.querySelector('.ess').dataset.index === '0'",
                              arg=box.element_handle(), timeout=10_000)
        check_stack(box, model, 0)
    reading_page.check()                  # nothing fetched from outside, no error


STACK_BOXES = """box => {
  const header = document.querySelector('.bd-header-article');
  const sticky = header && getComputedStyle(header).position === 'sticky'
    ? header.getBoundingClientRect().height : 0;
  window.scrollTo(0, window.scrollY + box.getBoundingClientRect().top - sticky);
  const rect = e => { const b = e.getBoundingClientRect();
                      return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; };
  return {sticky, height: innerHeight, width: innerWidth, box: rect(box),
          input: rect(box.querySelector('input[type=range]')),
          output: rect(box.querySelector('output')), img: rect(box.querySelector('.ess-pane img'))};
}"""


@pytest.mark.parametrize("page", ["11_uncertainty.html", "15_costs.html"])
def test_projector_shows_slider_and_figure_together(page, book_html, book_url, reading_pages):
    """1280x720 at 150% zoom: the slider, its readout and the whole figure fit on the screen."""
    chapter_html(book_html, page)
    tab = reading_pages(viewport={"width": 853, "height": 480}, device_scale_factor=1.5).page
    tab.goto(f"{book_url}chapters/{page}", wait_until="load")
    tab.wait_for_selector(f"{STACK} .ess-pane img", timeout=30_000)
    tab.wait_for_function("img => img.complete && img.naturalWidth > 0",
                          arg=tab.locator(f"{STACK} .ess-pane img").element_handle())
    seen = tab.locator(STACK).first.evaluate(STACK_BOXES)
    for part in ("input", "output", "img"):
        box = seen[part]
        assert box["top"] >= seen["sticky"] - 1 and box["bottom"] <= seen["height"] + 1, (
            f"the {part} is off the 853x480 screen: {seen}")
        assert box["left"] >= 0 and box["right"] <= seen["width"] + 1, seen
    assert seen["img"]["bottom"] - seen["img"]["top"] > 200, f"the figure is tiny: {seen}"


SIZES_AT = """([box, px]) => {
  box.style.fontSize = px;
  const w = s => box.querySelector(s).getBoundingClientRect().width;
  return [w('input[type=range]'), w('.ess-pane img')];
}"""


def test_slider_stack_scales_with_the_font_size(book_html, book_url, offline_page):
    """Sized in em: a larger font (presentation mode, size="large") makes slider and figure larger."""
    chapter_html(book_html, "11_uncertainty.html")
    tab = offline_page.page
    tab.goto(f"{book_url}chapters/11_uncertainty.html", wait_until="load")
    tab.wait_for_selector(f"{STACK} .ess-pane img", timeout=30_000)
    box = tab.locator(STACK).first.element_handle()
    small = tab.evaluate(SIZES_AT, [box, "8px"])
    large = tab.evaluate(SIZES_AT, [box, "12px"])
    for before, after in zip(small, large):
        assert after == pytest.approx(1.5 * before, rel=0.02), (small, large)
