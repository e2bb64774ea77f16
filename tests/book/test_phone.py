"""A phone hides nothing without a cue: every chapter page at 390x844.

Headless Chromium opens each chapter page of the built book in turn, in one phone-sized tab
(served on 127.0.0.1, every other request aborted), with every dropdown open (hidden code
cells, solutions), and checks each code block, each table and each slider stack's figure:

* **Cut off.** An element sticks out of a box that clips it (``overflow-x`` not visible), or
  a code block's lines are wider than the block. That box is its *frame*.
* **A scroll cue.** The frame scrolls (``overflow-x: auto`` or ``scroll``), and
  ``book_assets/accessibility.js`` has marked it: class ``evalcore-scrolls``, the side(s) that
  have more in ``data-evalcore-more`` (``right`` while it is scrolled to its start), in the tab
  order (``tabIndex >= 0``: the keyboard scrolls it) and, unless it is code, a region with an
  ``aria-label``. And it paints the cue of ``book_assets/evalcore.css``: for a table or a
  figure a mask whose gradient fades the edge with more (a stop that is not opaque); for code
  the scrolling shadows of formulas (two or more gradients, attached ``local`` and ``scroll``).
  A frame that is cut off without all of this fails the test. On a phone, code wraps instead
  (``white-space: pre-wrap``), so no code block should need its frame there.
* **Legible figures.** A slider stack shows PNG frames whose text matplotlib drew at
  :data:`SMALLEST_TEXT_PT` points or more, at the dpi the PNG records (its ``pHYs`` chunk). On
  the page that text is ``points x dpi / 72`` image pixels, scaled by the displayed width over
  the natural width (``object-fit: contain`` taken into account); it must come out at 11 CSS px
  or more. (Scaled to a phone's 358 px column, chapter 23's figure showed it at 7.4 px.)

Formulas are checked at 390 px by ``test_book_accessibility.test_phone_layout``.
"""

from __future__ import annotations

import json
import re
import time

import pytest

from conftest import ROOT
from test_book_accessibility import CHAPTER_PAGES, open_page
from test_browser import STACK, displayed_slider_stack_states

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
#: the smallest text (points) in the figures of a slider stack: matplotlib draws ticks and
#: legends at the book style's font.size (10) and the figure code asks for 8 at the least
#: (checked below, in evalcore.plotting and in the chapters' cells that build the panes)
SMALLEST_TEXT_PT = 8.0
LEGIBLE_PX = 11.0
SETTLE = 5.0    # seconds for accessibility.js to mark the frames (it waits 0.1 s after a change)

CHECK = """async ([smallestPt, legiblePx]) => {
  const problems = [];
  const counts = {code: 0, tables: 0, figures: 0, frames: 0};
  const where = e => {
    const section = e.closest('section[id]');
    const text = (e.textContent || e.getAttribute('alt') || '').trim().replace(/\\s+/g, ' ');
    return `${section ? '#' + section.id : '(top)'} "${text.slice(0, 40)}"`;
  };
  const gradients = s => (s.match(/gradient/g) || []).length;
  // what is missing for `frame` to be a scroll frame with a cue ('' when nothing is)
  const cue = (frame, code) => {
    const style = getComputedStyle(frame);
    if (!['auto', 'scroll'].includes(style.overflowX))
      return `cut off (overflow-x: ${style.overflowX})`;
    const missing = [];
    if (!frame.classList.contains('evalcore-scrolls'))
      missing.push('not marked .evalcore-scrolls');
    const more = (frame.dataset.evalcoreMore || '').split(' ');
    if (frame.scrollLeft + frame.clientWidth < frame.scrollWidth - 1 && !more.includes('right'))
      missing.push('data-evalcore-more lacks "right"');
    if (frame.scrollLeft > 1 && !more.includes('left'))
      missing.push('data-evalcore-more lacks "left"');
    if (frame.tabIndex < 0) missing.push('not focusable');
    if (!code && !(frame.getAttribute('role') === 'region' && frame.getAttribute('aria-label')))
      missing.push('not a named region');
    if (code) {           // the scrolling shadows of formulas
      const shadows = gradients(style.backgroundImage) >= 2
        && style.backgroundAttachment.includes('local')
        && style.backgroundAttachment.includes('scroll');
      if (!shadows) missing.push('no scrolling shadows');
    } else {              // a mask with a gradient, and a stop in it not opaque: the fade
      const mask = style.maskImage || style.webkitMaskImage || '';
      if (!gradients(mask) || !/rgba\\(0, 0, 0, 0(\\.\\d+)?\\)/.test(mask))
        missing.push('no fading edge');
    }
    return missing.join(', ');
  };
  // the frame that hides part of `el`: itself (a code block whose lines are wider than it),
  // or the nearest ancestor that clips it, with `el` sticking out of its visible box
  const frameOf = (el, code) => {
    if (code && el.scrollWidth > el.clientWidth + 1) return el;
    const r = el.getBoundingClientRect();
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === 'visible') continue;
      const b = box.getBoundingClientRect();
      const left = b.left + box.clientLeft, right = left + box.clientWidth;
      if (r.left < left - 1 || r.right > right + 1) return box;
    }
    return null;
  };
  const judge = (kind, el, code) => {
    if (!el.getClientRects().length || !el.getBoundingClientRect().width) return;
    counts[kind] += 1;
    const frame = frameOf(el, code);
    if (frame) {
      counts.frames += 1;
      const missing = cue(frame, frame.tagName === 'PRE');
      if (missing) problems.push(`${kind} ${where(el)}: ${missing}`);
    } else if (el.getBoundingClientRect().right > innerWidth + 1) {
      problems.push(`${kind} ${where(el)}: off the screen`);
    }
  };
  document.querySelectorAll('article pre').forEach(pre => judge('code', pre, true));
  document.querySelectorAll('article table').forEach(table => judge('tables', table, false));
  for (const img of document.querySelectorAll('.evalcore-slider-stack .ess-pane img')) {
    judge('figures', img, false);
    // the PNG's dpi from its pHYs chunk (pixels per metre), read from the image's file (the
    // book serves a slider stack's frames as files, tools/light_pages.py)
    const head = new Uint8Array(await (await fetch(img.src)).arrayBuffer()).slice(0, 3000);
    const bytes = String.fromCharCode(...head);
    const at = bytes.indexOf('pHYs');
    if (at < 0) { problems.push(`figures ${where(img)}: its PNG records no dpi`); continue; }
    const perMetre = [0, 1, 2, 3].reduce((n, i) => n * 256 + bytes.charCodeAt(at + 4 + i), 0);
    const dpi = perMetre * 0.0254;
    const style = getComputedStyle(img), r = img.getBoundingClientRect();
    // the picture's box: the content box, and within it what object-fit: contain leaves
    const edges = sides => sides.reduce((sum, side) => sum + parseFloat(style['padding' + side])
                                        + parseFloat(style['border' + side + 'Width']), 0);
    const width = r.width - edges(['Left', 'Right']), height = r.height - edges(['Top', 'Bottom']);
    let scale = width / img.naturalWidth;
    if (style.objectFit === 'contain') scale = Math.min(scale, height / img.naturalHeight);
    const text = smallestPt * dpi / 72 * scale;       // the font size, in CSS px
    if (text < legiblePx - 0.01)
      problems.push(`figures ${where(img)}: its ${smallestPt} pt text comes out at `
                    + `${text.toFixed(1)} px (${img.naturalWidth} px at ${dpi.toFixed(0)} dpi `
                    + `shown ${width.toFixed(0)} px wide)`);
  }
  return {problems, counts};
}"""


@pytest.fixture(scope="module")
def phone(module_offline_pages):
    """One 390x844 touch tab for the whole module (the pages open in it one after another)."""
    return module_offline_pages(**PHONE).page


def check_page(tab, book_url: str, page: str, stacks: int) -> dict:
    """Open `page` whole (formulas typeset, `stacks` slider stacks drawn, every dropdown open)
    and return what :data:`CHECK` finds once accessibility.js has settled (or the last try)."""
    open_page(tab, book_url, page)
    if stacks:
        tab.wait_for_function(
            f"n => [...document.querySelectorAll('{STACK} .ess-pane img')]"
            ".filter(img => img.complete && img.naturalWidth).length >= n",
            arg=stacks, timeout=30_000)
    tab.evaluate("() => document.querySelectorAll('article details')"
                 ".forEach(d => { d.open = true; })")
    deadline = time.monotonic() + SETTLE
    while True:
        seen = tab.evaluate(CHECK, [SMALLEST_TEXT_PT, LEGIBLE_PX])
        if not seen["problems"] or time.monotonic() > deadline:
            return seen
        time.sleep(0.2)


@pytest.mark.parametrize("page", CHAPTER_PAGES or ["(no chapter pages built)"])
def test_nothing_is_cut_off_without_a_cue(page, book_html, book_url, phone):
    if not (book_html / page).is_file():
        pytest.fail(f"{page} is not built", pytrace=False)
    stacks = len(displayed_slider_stack_states((book_html / page).read_text(encoding="utf-8")))
    seen = check_page(phone, book_url, page, stacks)
    problems = seen["problems"]
    assert problems == [], (f"{len(problems)} cut off without a cue or illegible at 390 px:\n"
                            + "\n".join(problems[:15]))
    counts = seen["counts"]
    assert counts["figures"] >= stacks
    # the cases the fourth edition's review found: the checks above had something to check
    if page.endswith("01_confusion_matrix.html"):
        assert counts["code"] >= 10 and counts["tables"] >= 5, counts
    if page.endswith("23_decision_curves.html"):
        # the decision-curve table (648 px) and the slider stack's figure scroll in their frame
        assert counts["code"] >= 5 and counts["frames"] >= 2 and counts["figures"] >= 1, counts


FONT_SIZE = re.compile(r"""fontsize\s*=\s*(?:([0-9.]+)|["']([a-z-]+)["'])""")
#: matplotlib's relative sizes, times the book style's font.size (10 pt)
RELATIVE = {"xx-small": 5.79, "x-small": 6.94, "small": 8.33, "medium": 10.0, "large": 12.0,
            "x-large": 14.4, "xx-large": 17.28, "smaller": 8.33, "larger": 12.0}


def font_sizes(source: str) -> list[float]:
    return [float(number) if number else RELATIVE[name]
            for number, name in FONT_SIZE.findall(source)]


def test_slider_stack_text_is_as_large_as_assumed():
    """:data:`SMALLEST_TEXT_PT` holds: the plotting functions and the chapter cells that make a
    slider stack's panes (``figure_pane``) ask for no smaller text."""
    sources = {path.name: path.read_text()
               for path in (ROOT / "evalcore" / "plotting").glob("*.py")}
    for path in sorted((ROOT / "chapters").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        panes = ["".join(cell["source"]) for cell in cells
                 if cell["cell_type"] == "code" and "figure_pane(" in "".join(cell["source"])]
        if panes:
            sources[path.name] = "\n".join(panes)
    assert sum(name.endswith(".ipynb") for name in sources) >= 2, "no slider stack's panes found"
    assert font_sizes('ax.text(0, 0, "a", fontsize=7.5); ax.legend(fontsize="x-small")') \
        == [7.5, 6.94]
    small = {name: sizes for name, source in sources.items()
             if (sizes := [s for s in font_sizes(source) if s < SMALLEST_TEXT_PT])}
    assert small == {}, f"text smaller than {SMALLEST_TEXT_PT} pt: {small}"
