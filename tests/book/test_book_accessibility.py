"""The static book's keyboard order, dark-theme contrast and phone layout, in headless Chromium.

* MathJax 3 puts every formula in the tab order by default (chapter 1 needed 64 Tab presses to
  reach its explorer, and Space on a formula opened a menu); ``_config.yml`` turns that off.
* In dark mode the theme gave table captions in cell outputs 1.7:1 contrast; every table
  caption and cell must reach WCAG AA (4.5:1), computed here from the colours Chromium paints.
* At 390 px (a phone) no page scrolls sideways, and every formula wider than the screen sits in
  a container that scrolls (``overflow-x: auto``) and shows a cue that there is more (the
  scrolling-shadow backgrounds of ``book_assets/evalcore.css``); none is cut off.
* A display formula that scrolls can take the focus, so the keyboard scrolls it; one that fits
  takes no Tab stop (``book_assets/accessibility.js``). The colour switcher is named by the
  mode it shows. (axe-core's check of every page: ``tests/book/test_accessibility_axe.py``.)

Every page is served on 127.0.0.1 with every other request aborted.
"""

from __future__ import annotations


import pytest

from conftest import BOOK_HTML, built_pages

CHAPTER_PAGES = [f"chapters/{p.name}" for p in built_pages(BOOK_HTML / "chapters")]
TOP_PAGES = sorted(p.name for p in BOOK_HTML.glob("*.html"))

MATHJAX_DONE = """async () => {
  // the book's formulas are typeset when it is built (tools/static_math.py)
  if (!document.querySelector('script[src*="mathjax/tex-chtml"]'))
    return document.querySelectorAll('mjx-container').length;
  await new Promise(resolve => {
    const wait = () => window.MathJax && window.MathJax.startup && window.MathJax.startup.promise
      ? window.MathJax.startup.promise.then(resolve) : setTimeout(wait, 50);
    wait();
  });
  return document.querySelectorAll('mjx-container').length;
}"""


def chapter_html(book_html, page: str) -> None:
    """Fail (not skip) when the built chapter is missing."""
    if not (book_html / "chapters" / page).is_file():
        pytest.fail(f"{page} is not built in {book_html / 'chapters'}", pytrace=False)


def open_page(tab, book_url: str, page: str) -> int:
    """Load `page` and wait until its formulas are typeset (at build time, or by MathJax in the
    page); returns how many formulas it has."""
    tab.goto(f"{book_url}{page}", wait_until="load")
    tab.wait_for_function("() => !document.querySelector('script[src*=\"mathjax/tex-chtml\"]')"
                          " || (window.MathJax && window.MathJax.startup"
                          " && window.MathJax.startup.promise)", timeout=30_000)
    return tab.evaluate(MATHJAX_DONE)


# ---- keyboard: formulas are not in the tab order -----------------------------------------------

FOCUSED = """() => {
  const e = document.activeElement;
  return {tag: e.tagName, math: !!e.closest('mjx-container'),
          widget: !!e.closest('.evalcore-explorer, .evalcore-slider-stack, .jupyter-widgets'),
          text: (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 40)};
}"""


def test_formulas_are_out_of_the_tab_order(book_html, book_url, reading_pages):
    chapter_html(book_html, "01_confusion_matrix.html")
    tab = reading_pages(viewport={"width": 1200, "height": 900}).page
    formulas = open_page(tab, book_url, "chapters/01_confusion_matrix.html")
    assert formulas > 20, "chapter 1 should have its formulas typeset"
    in_order = tab.evaluate("() => [...document.querySelectorAll('mjx-container')]"
                            ".filter(m => m.tabIndex >= 0 || m.hasAttribute('tabindex')).length")
    assert in_order == 0, f"{in_order} formulas are in the tab order"
    # the first widget control, reached from the top of the page by Tab alone
    tab.wait_for_selector(".evalcore-explorer input", timeout=30_000)
    tab.evaluate("() => { window.scrollTo(0, 0); document.activeElement.blur(); }")
    # everything focusable before the first widget control (links, buttons), counted here
    before = tab.evaluate("""() => {
      const all = [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')]
        .filter(e => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length);
      return all.findIndex(e => e.closest('.evalcore-explorer'));
    }""")
    assert before >= 0
    visited = []
    for _ in range(before + 5):
        tab.keyboard.press("Tab")
        focused = tab.evaluate(FOCUSED)
        visited.append(focused)
        assert not focused["math"], "Tab stopped on a formula"
        if focused["widget"]:
            break
    assert visited[-1]["widget"], f"Tab never reached the explorer: {visited[-5:]}"
    # one press per link or button before it: the formulas above it add no stop
    assert len(visited) <= before + 1, f"{len(visited)} Tab presses for {before} controls"
    formulas_before = tab.evaluate("""() => {
      const widget = document.querySelector('.evalcore-explorer');
      return [...document.querySelectorAll('mjx-container')].filter(m =>
        m.compareDocumentPosition(widget) & Node.DOCUMENT_POSITION_FOLLOWING).length;
    }""")
    assert formulas_before >= 10, "the test needs formulas above the explorer"


# ---- dark theme: captions and cells of every table reach 4.5:1 ---------------------------------

# WCAG 2 relative luminance and contrast ratio; the background is composed from the colours of
# the element and its ancestors, as painted.
LOW_CONTRAST = """theme => {
  document.documentElement.dataset.theme = theme;
  document.documentElement.dataset.mode = theme;
  const rgba = s => { const m = s.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const lin = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  const background = el => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let out = theme === 'dark' ? [0, 0, 0] : [255, 255, 255];
    for (const c of layers.reverse()) out = out.map((v, i) => v * (1 - c[3]) + c[i] * c[3]);
    return out;
  };
  const bad = [];
  let checked = 0;
  document.querySelectorAll('article table caption, article table th, article table td').forEach(el => {
    if (!el.textContent.trim() || !el.getClientRects().length) return;
    const fg = rgba(getComputedStyle(el).color), bg = background(el);
    const text = fg.slice(0, 3).map((v, i) => v * fg[3] + bg[i] * (1 - fg[3]));
    const [hi, lo] = [lum(text), lum(bg)].sort((a, b) => b - a);
    const ratio = (hi + 0.05) / (lo + 0.05);
    checked += 1;
    if (ratio < 4.5) bad.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}" ${ratio.toFixed(2)}:1`);
  });
  return {checked, bad};
}"""


@pytest.mark.parametrize("page", CHAPTER_PAGES or ["(no chapter pages built)"])
def test_table_text_contrast(page, book_html, book_url, reading_pages):
    """Both themes, one after the other on the page loaded once (the theme is an attribute of
    the page's root: the theme's CSS follows it at once)."""
    if not (book_html / page).is_file():
        pytest.fail(f"{page} is not built", pytrace=False)
    tab = reading_pages(viewport={"width": 1200, "height": 900}).page
    open_page(tab, book_url, page)
    for theme in ("dark", "light"):
        result = tab.evaluate(LOW_CONTRAST, theme)
        assert result["bad"] == [], f"{theme} theme, text under 4.5:1: {result['bad']}"
        assert tab.evaluate("() => getComputedStyle(document.body).colorScheme") == theme
        if page.endswith("01_confusion_matrix.html"):
            assert result["checked"] > 10, "chapter 1's tables were not found"


def test_chapter_1_dark_captions(book_html, book_url, reading_pages):
    """The case that was 1.7:1: the captions of ConfusionMatrix.to_html tables in dark mode."""
    chapter_html(book_html, "01_confusion_matrix.html")
    tab = reading_pages(viewport={"width": 1200, "height": 900}).page
    open_page(tab, book_url, "chapters/01_confusion_matrix.html")
    result = tab.evaluate(LOW_CONTRAST.replace(
        "'article table caption, article table th, article table td'",
        "'.cell_output table.evalcore-cm caption'"), "dark")
    assert result["checked"] >= 3 and result["bad"] == [], result


# ---- phones: nothing scrolls sideways, wide formulas scroll in place with a cue ------------------

PHONE_LAYOUT = """() => {
  const page = document.scrollingElement;
  const result = {page: [page.scrollWidth, page.clientWidth], cut: [], no_cue: [], scrolling: 0};
  document.querySelectorAll('mjx-container > mjx-math').forEach(math => {
    const r = math.getBoundingClientRect();
    if (!r.width) return;                                   // in a closed dropdown
    for (let box = math.parentElement; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX === 'visible') continue;
      const b = box.getBoundingClientRect();
      if (r.right <= b.right + 1 && r.left >= b.left - 1) break;   // fits in its clip
      const where = (math.closest('section[id]') || {}).id;
      if (!['auto', 'scroll'].includes(style.overflowX)) { result.cut.push(where); break; }
      if (box.matches('mjx-container, span.math, div.math')) {
        result.scrolling += 1;
        const cue = (style.backgroundImage.match(/gradient/g) || []).length >= 2
          && style.backgroundAttachment.includes('local')
          && style.backgroundAttachment.includes('scroll');
        if (!cue) result.no_cue.push(where);
      }
      break;
    }
  });
  return result;
}"""


@pytest.mark.parametrize("page", TOP_PAGES + CHAPTER_PAGES or ["(no pages built)"])
def test_phone_layout(page, book_html, book_url, reading_pages):
    if not (book_html / page).is_file():
        pytest.fail(f"{page} is not built", pytrace=False)
    tab = reading_pages(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                        is_mobile=True, has_touch=True).page
    open_page(tab, book_url, page)
    seen = tab.evaluate(PHONE_LAYOUT)
    width, visible = seen["page"]
    assert width <= visible, f"{page} scrolls sideways at 390 px ({width} > {visible})"
    assert seen["cut"] == [], f"formulas cut off in sections {seen['cut']}"
    assert seen["no_cue"] == [], f"wide formulas without a scroll cue in {seen['no_cue']}"


def test_phone_shows_wide_formulas_in_chapter_9(book_html, book_url, reading_pages):
    """Chapter 9's two halves have formulas wider than a phone (DeLong's placement values, the
    variance of a difference): they scroll (the test above is not vacuous)."""
    tab = reading_pages(viewport={"width": 390, "height": 844}).page
    scrolling = 0
    for page in ("11_uncertainty.html", "13_comparing_classifiers.html"):
        chapter_html(book_html, page)
        open_page(tab, book_url, f"chapters/{page}")
        seen = tab.evaluate(PHONE_LAYOUT)
        assert seen["scrolling"] >= 1 and seen["cut"] == [] and seen["no_cue"] == [], (page, seen)
        scrolling += seen["scrolling"]
    assert scrolling >= 2


# ---- wide formulas that scroll take the focus; the others stay out of the tab order -----------

SCROLLING_FORMULAS = """() => [...document.querySelectorAll('div.math mjx-container[display="true"]')]
  .filter(m => m.getClientRects().length).map(m => ({
    scrolls: m.scrollWidth > m.clientWidth + 1, focusable: m.tabIndex >= 0,
    where: (m.closest('section[id]') || {}).id}))"""


def test_wide_formulas_scroll_from_the_keyboard(book_html, book_url, offline_pages):
    """Chapter 5 has display formulas wider than the column at 1200 px: each can take the focus
    (book_assets/accessibility.js), and the arrow key then scrolls it; a formula that fits
    takes no Tab stop. At 1600 px the column is wide enough and they leave the tab order."""
    chapter_html(book_html, "06_precision_recall.html")
    tab = offline_pages(viewport={"width": 1200, "height": 900}).page
    open_page(tab, book_url, "chapters/06_precision_recall.html")
    tab.wait_for_function("() => document.querySelector('mjx-container[tabindex]')",
                          timeout=10_000)
    formulas = tab.evaluate(SCROLLING_FORMULAS)
    wide = [f for f in formulas if f["scrolls"]]
    assert wide, "the test needs a formula wider than the column"
    assert all(f["focusable"] == f["scrolls"] for f in formulas), formulas
    tab.focus("div.math mjx-container[tabindex='0']")
    before = tab.evaluate("() => document.activeElement.scrollLeft")
    tab.keyboard.press("ArrowRight")
    tab.wait_for_function(f"() => document.activeElement.scrollLeft > {before}", timeout=5_000)
    tab.set_viewport_size({"width": 1900, "height": 900})
    tab.wait_for_function("() => !document.querySelector('mjx-container[tabindex]')",
                          timeout=10_000)


def test_colour_switcher_is_named_by_its_mode(book_html, book_url, reading_pages):
    """The colour switcher shows an icon whose tooltip was its visible text; its name now says
    the mode it is in, and follows the mode when it is clicked."""
    chapter_html(book_html, "02_rates.html")
    tab = reading_pages(viewport={"width": 1200, "height": 900}).page
    open_page(tab, book_url, "chapters/02_rates.html")
    button = tab.locator(".theme-switch-button").first
    names = []
    for _ in range(3):
        mode = tab.evaluate("() => document.documentElement.dataset.mode")
        names.append((mode, button.get_attribute("aria-label")))
        button.click()
        tab.wait_for_function("m => document.documentElement.dataset.mode !== m", arg=mode)
    expected = {"light": "Color mode: Light", "dark": "Color mode: Dark",
                "auto": "Color mode: System Settings"}
    assert sorted(names) == sorted(expected.items()), names
