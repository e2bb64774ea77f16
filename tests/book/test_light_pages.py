"""What a page of the book loads: its widget host, no script it does not run, its formulas
typeset at build time, and slider-stack frames as files.

The static book's widget host (book_assets/widget-host.js) in headless Chromium, offline.

Pages made here the way the book embeds widgets (the widget state and the views' tags, as
ipywidgets' ``embed_data`` writes them), with the host as the one widget script:

* evalcore's widgets render with no request for require.js or the ipywidgets HTML manager, each
  module imported once and each stylesheet injected once however many widgets use it;
* the model a front end gets behaves as anywidget's (Backbone's events, the binary buffers as
  DataViews, one ``initialize`` a model, views of one model kept in step), and the view's
  element carries the layout, ``_dom_classes``, ``tabbable`` and ``tooltip`` as ipywidgets
  sets them: a probe module written here checks each from inside the page;
* a model that takes 3 s to initialise (anywidget's own runtime gives up after 2 s) renders;
* a page with a widget that is not evalcore's is handed whole to the HTML manager;
* a module that fails shows its failure in place.

Then the built book: the widget host is the only widget script a page names, FontAwesome's
JavaScript and the search index are gone from every page but the search page, and the icons
still show; no page loads MathJax, every formula is typeset with its TeX and its MathML beside
it, and the one stylesheet has a rule for every glyph the pages use (tools/static_math.py);
slider-stack frames are image files that load as the slider moves (tools/light_pages.py).
"""

from __future__ import annotations

import doctest
import json
import os
import re
from pathlib import Path

import pytest

import evalcore as ec
from conftest import ROOT, built_pages, serve
from test_browser import widget_state
from test_slides import load_tool

VENDOR = Path(os.environ.get("EVALCORE_VENDOR", ROOT / "_vendor"))
ASSETS = ROOT / "book_assets"
FALLBACK = ("require.js", "widgets-require-config.js", "html-manager", "mathjax2-shim.js")

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<link rel="icon" href="data:,">
<script type="application/vnd.jupyter.widget-state+json">{state}</script>
<script src="../_static/widget-host.js" defer></script>
</head><body>
<h1>{title}</h1>
{views}
</body></html>
"""

#: Counts the JavaScript modules the page imports from Blob URLs (how the host loads `_esm`).
COUNT_MODULES = """
window.__modules = 0;
const create = URL.createObjectURL;
URL.createObjectURL = function (blob) {
  if (blob && blob.type === "text/javascript") window.__modules += 1;
  return create.apply(this, arguments);
};
"""

HOST_DONE = "() => document.documentElement.dataset.evalcoreWidgets !== undefined"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A folder like the book's output: ``_static`` with the host and the fallback's files."""
    missing = [name for name in ("require.js", "html-manager", "anywidget")
               if not (VENDOR / name).exists()]
    if missing:
        pytest.fail(f"{missing} missing from {VENDOR}: the vendor step of `make book` makes "
                    "them", pytrace=False)
    root = tmp_path_factory.mktemp("site")
    static = root / "_static"
    static.mkdir()
    for name in ("require.js", "html-manager", "anywidget"):
        os.symlink(VENDOR / name, static / name)
    for name in ("widget-host.js", "widgets-require-config.js", "mathjax2-shim.js"):
        os.symlink(ASSETS / name, static / name)
    (root / "pages").mkdir()
    server, url = serve(root)
    yield root, url
    server.shutdown()


def view_tag(model_id: str) -> str:
    spec = {"version_major": 2, "version_minor": 0, "model_id": model_id}
    return f'<script type="application/vnd.jupyter.widget-view+json">{json.dumps(spec)}</script>'


def write_page(site, name: str, state: dict, views: list[str]) -> str:
    root, url = site
    (root / "pages" / f"{name}.html").write_text(PAGE.format(
        title=name, state=json.dumps(state), views="\n".join(view_tag(v) for v in views)),
        encoding="utf-8")
    return f"{url}pages/{name}.html"


def embedded(*widgets) -> tuple[dict, list[str]]:
    """The state and the view model ids ipywidgets embeds for ``widgets`` (their own models
    only: by default ipywidgets embeds every widget this process has made, other tests' too)."""
    from ipywidgets.embed import dependency_state, embed_data

    data = embed_data(views=list(widgets), drop_defaults=False,
                      state=dependency_state(list(widgets), drop_defaults=False))
    return data["manager_state"], [spec["model_id"] for spec in data["view_specs"]]


def question(answer: int):
    """A self-check whose answer is ``answer``."""
    return ec.self_check(f"How many? ({answer})", answer=answer, tolerance=0.1, hint="Count.",
                         explain="Counted.")


def open_page(offline_pages, url: str, counts=None):
    tab = offline_pages(counts=counts)
    requested: list[str] = []
    tab.page.on("request", lambda request: requested.append(request.url))
    tab.page.add_init_script(COUNT_MODULES)
    tab.page.goto(url)
    tab.page.wait_for_function(HOST_DONE, timeout=60_000)
    return tab.page, requested


def test_evalcore_widgets_render_each_module_loaded_once(site, offline_pages):
    y_true, y_score = [0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9]
    state, views = embedded(question(1),
                            ec.threshold_explorer(y_true, y_score),
                            question(2),
                            question(3))
    page, requested = open_page(offline_pages, write_page(site, "four", state, views))
    assert page.evaluate("document.documentElement.dataset.evalcoreWidgets") == "ready"
    rendered = page.evaluate("""[...document.querySelectorAll('.widget-subarea')].map(area =>
        area.firstElementChild.classList.contains('jupyter-widgets')
        && area.firstElementChild.childElementCount > 0)""")
    assert rendered == [True] * 4
    # every view is where its tag is, in the page's order
    order = page.evaluate("""[...document.querySelectorAll('.widget-subarea')].map(area =>
        JSON.parse(area.nextElementSibling.textContent).model_id)""")
    assert order == views
    assert page.evaluate("window.__modules") == 2            # the self-check's and the explorer's
    styles = page.evaluate("""[...document.querySelectorAll('style[data-evalcore-widget]')]
        .map(s => s.dataset.evalcoreWidget).sort()""")
    assert styles == ["evalcore._self_check.SelfCheck",
                      "evalcore._threshold_explorer.ThresholdExplorer"]
    fallback = [url for url in requested if any(name in url for name in FALLBACK)]
    assert fallback == []
    # the widgets work: an answer typed into the first self-check is judged
    check = page.locator(".widget-subarea").first
    check.locator("input").fill("1")
    check.locator("input").press("Enter")
    page.wait_for_function("""() => document.querySelector('.widget-subarea').innerText
                                     .includes('Right')""", timeout=10_000)


#: Counts, as above, and records whether the page was still being parsed at the first import.
WHEN_IMPORTED = COUNT_MODULES.replace(
    "window.__modules += 1;",
    "if (!window.__modules) window.__firstImportWhile = document.readyState; "
    "window.__modules += 1;")


def write_light_page(site, name: str, state: dict, views: list[str]) -> str:
    """A page as the book writes it (tools/light_pages.py): the widgets' modules and styles
    as files of ``_static/widgets/``, loaded before the host, which is not deferred, and asked
    at the end of the body to render the widgets."""
    root, url = site
    sources = load_tool("light_pages").sources_as_files(state, root / "pages", root)
    assert sources, "every model is evalcore's: the sources should have moved"
    tags = load_tool("light_pages").source_script_tags(sources)
    page = PAGE.format(title=name, state=json.dumps(state),
                       views="\n".join(view_tag(v) for v in views))
    page = page.replace('<script src="../_static/widget-host.js" defer></script>',
                        tags + '<script src="../_static/widget-host.js"></script>')
    page = page.replace("</body>", load_tool("light_pages").START_WIDGETS + "</body>")
    (root / "pages" / f"{name}.html").write_text(page, encoding="utf-8")
    return f"{url}pages/{name}.html"


def test_modules_and_styles_come_from_the_books_files(site, offline_pages):
    """Each module and style is a file, named once in the page however many widgets use it;
    the state holds no text of them; the host starts importing while the page is parsed."""
    y_true, y_score = [0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9]
    state, views = embedded(question(1), ec.threshold_explorer(y_true, y_score), question(2))
    url = write_light_page(site, "light", state, views)
    models = [model["state"] for model in state["state"].values()
              if model["model_name"] == "AnyModel"]
    assert all(set(model["_esm"]) == {"evalcore_source"} for model in models)
    assert all(set(model["_css"]) == {"evalcore_source"} for model in models)
    tab = offline_pages()
    requested: list[str] = []
    tab.page.on("request", lambda request: requested.append(request.url))
    tab.page.add_init_script(WHEN_IMPORTED)
    tab.page.goto(url)
    tab.page.wait_for_function(HOST_DONE, timeout=60_000)
    page = tab.page
    assert page.evaluate("document.documentElement.dataset.evalcoreWidgets") == "ready"
    assert page.evaluate("window.__modules") == 2
    assert page.evaluate("window.__firstImportWhile") == "loading"
    # drawn once: the call at the end of the body, not again at DOMContentLoaded
    assert page.evaluate("document.querySelectorAll('.widget-subarea').length") == 3
    assert page.evaluate("performance.getEntriesByName('evalcore-widgets-ready').length") == 1
    files = [u for u in requested if "/_static/widgets/" in u]
    assert len(files) == len(set(files)) == 4     # two modules, two styles
    assert [u for u in requested if any(name in u for name in FALLBACK)] == []
    check = page.locator(".widget-subarea").first
    check.locator("input").fill("1")
    check.locator("input").press("Enter")
    page.wait_for_function("""() => document.querySelector('.widget-subarea').innerText
                                     .includes('Right')""", timeout=10_000)


def test_a_source_file_that_does_not_load_fails_its_widgets_in_place(site, offline_pages):
    root, _ = site
    state, views = embedded(question(4))
    url = write_light_page(site, "missing", state, views)
    model = next(m for m in state["state"].values() if m["model_name"] == "AnyModel")
    name = model["state"]["_esm"]["evalcore_source"]
    (root / "_static" / "widgets" / f"{name}.js").unlink()
    page, _ = open_page(offline_pages, url,
                        counts=lambda error: name not in error and "404" not in error)
    assert page.evaluate("document.documentElement.dataset.evalcoreWidgets") == "failed"
    assert f"the widget source {name} did not load" in page.locator(
        ".evalcore-widget-error").inner_text()


#: A front end that checks, from inside the page, what the host gives it; it writes what it saw
#: into its element as JSON.
PROBE = """
let initialized = 0;
let views = 0;
export default {
  initialize({ model }) { initialized += 1; },
  async render({ model, el }) {
    const seen = { initialized };
    const events = [];
    const onA = (m, value) => events.push(["change:a", value]);
    model.on("change:a change:b", onA);
    model.on("change", () => events.push(["change"]));
    model.set("a", 2);                     // fires change:a, then change
    model.set("a", 2);                     // no change: no event
    model.save_changes();
    model.off("change:a change:b", onA);
    model.set("a", 3);                     // only "change" now
    seen.events = events;
    seen.a = model.get("a");
    const bytes = model.get("data");
    seen.data = bytes instanceof DataView
      ? Array.from(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)) : null;
    seen.classes = [...el.classList];
    seen.width = el.style.width;
    seen.tabIndex = el.getAttribute("tabindex");
    seen.title = el.title;
    el.dataset.seen = JSON.stringify(seen);
    model.on("change:shared", () => { el.dataset.shared = String(model.get("shared")); });
    views += 1;
    if (views === 2) model.set("shared", 7);   // the first view of this model hears it too
  },
};
"""


def probe_state(esm: str, *, wait_ms: int = 0) -> dict:
    slow = (f"await new Promise(r => setTimeout(r, {wait_ms}));" if wait_ms else "")
    esm = esm.replace("initialize({ model }) {", "async initialize({ model }) {" + slow)
    layout = {"model_module": "@jupyter-widgets/base", "model_module_version": "2.0.0",
              "model_name": "LayoutModel",
              "state": {"_model_name": "LayoutModel", "width": "321px", "height": None,
                        "border_top": None}}
    probe = {"model_module": "anywidget", "model_module_version": "~0.11.*",
             "model_name": "AnyModel",
             "state": {"_anywidget_id": "evalcore.tests.Probe", "_esm": esm,
                       "_css": ".probe{color:black}", "_dom_classes": ["one", "two"],
                       "layout": "IPY_MODEL_layout0", "tabbable": True, "tooltip": "a tip",
                       "a": 1, "b": 0, "shared": 0},
             "buffers": [{"path": ["data"], "encoding": "base64", "data": "AQID/w=="}]}
    return {"version_major": 2, "version_minor": 0,
            "state": {"layout0": layout, "probe0": probe}}


def test_the_model_and_the_element_are_what_anywidget_and_ipywidgets_give(site, offline_pages):
    url = write_page(site, "probe", probe_state(PROBE), ["probe0", "probe0"])
    page, _ = open_page(offline_pages, url)
    assert page.evaluate("document.documentElement.dataset.evalcoreWidgets") == "ready"
    seen = [json.loads(s) for s in page.evaluate(
        "[...document.querySelectorAll('[data-seen]')].map(e => e.dataset.seen)")]
    assert len(seen) == 2
    first = seen[0]
    assert first["initialized"] == 1 and seen[1]["initialized"] == 1   # once a model
    assert first["events"] == [["change:a", 2], ["change"], ["change"]]
    assert first["a"] == 3
    assert first["data"] == [1, 2, 3, 255]
    assert first["classes"] == ["jupyter-widgets", "one", "two"]
    assert first["width"] == "321px"
    assert first["tabIndex"] == "0" and first["title"] == "a tip"
    # the second view set `shared`; the first view of the same model heard it
    shared = page.evaluate(
        "[...document.querySelectorAll('[data-seen]')].map(e => e.dataset.shared)")
    assert shared == ["7", "7"]


def test_no_time_limit_on_initialising(site, offline_pages):
    """anywidget's runtime fails a model not initialised within 2 s; the host waits."""
    url = write_page(site, "slow", probe_state(PROBE, wait_ms=3000), ["probe0"])
    page, _ = open_page(offline_pages, url)
    assert page.evaluate("document.documentElement.dataset.evalcoreWidgets") == "ready"
    assert page.locator("[data-seen]").count() == 1


def test_a_widget_not_evalcores_hands_the_page_to_the_html_manager(site, offline_pages):
    import ipywidgets

    state, views = embedded(ipywidgets.IntSlider(value=4, min=0, max=10, description="n"),
                            question(1))
    page, requested = open_page(offline_pages, write_page(site, "foreign", state, views))
    assert page.evaluate("document.documentElement.dataset.evalcoreWidgets") == "html-manager"
    assert any(url.endswith("html-manager/embed-amd.js") for url in requested)
    page.wait_for_selector(".widget-slider", timeout=60_000)
    page.wait_for_selector(".widget-subarea .self-check, .widget-subarea [class*=self-check]",
                           timeout=60_000)


def test_a_module_that_fails_says_so_in_place(site, offline_pages):
    broken = PROBE.replace("async render({ model, el }) {",
                           "async render({ model, el }) { throw new Error('probe broke');")
    url = write_page(site, "broken", probe_state(broken), ["probe0"])
    page, _ = open_page(offline_pages, url, counts=lambda error: "probe broke" not in error)
    assert page.evaluate("document.documentElement.dataset.evalcoreWidgets") == "failed"
    assert "probe broke" in page.locator(".evalcore-widget-error").inner_text()


@pytest.mark.parametrize("name", ["light_pages", "static_math"])
def test_tool_doctests(name):
    results = doctest.testmod(load_tool(name), optionflags=doctest.NORMALIZE_WHITESPACE)
    assert results.attempted > 0 and results.failed == 0, results


# ---- the built book ----------------------------------------------------------------------------

SCRIPT_SRC = re.compile(r'<script\b[^>]*\bsrc="([^"]+)"')
WIDGET_STATE = 'type="application/vnd.jupyter.widget-state+json"'


def page_scripts(page: Path) -> list[str]:
    return [src.split("?")[0].rsplit("/", 1)[-1]
            for src in SCRIPT_SRC.findall(page.read_text(encoding="utf-8"))]


def test_pages_load_the_host_and_not_what_they_do_not_run(book_html):
    pages = [*built_pages(book_html / "chapters"), book_html / "index.html",
             book_html / "search.html", book_html / "genindex.html"]
    with_widgets = 0
    for page in pages:
        scripts = page_scripts(page)
        assert "fontawesome.js" not in scripts, page.name
        search = {"searchindex.js", "searchtools.js", "language_data.js"} & set(scripts)
        if page.name == "search.html":
            assert search == {"searchindex.js", "searchtools.js", "language_data.js"}
        else:
            assert search == set(), page.name
        assert not {"require.js", "embed-amd.js"} & set(scripts), page.name
        if WIDGET_STATE in page.read_text(encoding="utf-8"):
            with_widgets += 1
            assert "widget-host.js" in scripts, page.name
    assert with_widgets >= 20


def test_what_no_page_loads_is_not_shipped(book_html):
    static = book_html / "_static"
    assert (static / "scripts" / "pydata-sphinx-theme.js").is_file()
    unused = load_tool("light_pages").UNUSED
    left = [path.name for pattern in unused for path in static.glob(pattern)]
    assert left == []
    assert not list(static.rglob("*.map"))


def test_icons_are_drawn_by_the_themes_web_font(book_url, offline_pages):
    page = offline_pages(viewport={"width": 1200, "height": 900}).page
    page.goto(f"{book_url}chapters/01_confusion_matrix.html")
    page.evaluate("document.fonts.ready")
    icons = page.evaluate("""[...document.querySelectorAll('i[class*="fa-"]')]
        .filter(i => i.getClientRects().length).map(i => {
          const before = getComputedStyle(i, '::before');
          return [i.className, before.fontFamily, before.content, i.getBoundingClientRect().width];
        })""")
    assert len(icons) >= 5
    for name, family, content, width in icons:
        assert "Font Awesome" in family and content not in ("none", "normal", '""'), name
        assert width > 4, name
    assert page.evaluate("document.fonts.check('900 16px \"Font Awesome 6 Free\"')")


FONT_PRELOADS = "[...document.querySelectorAll('link[rel=preload][as=font]')].map(l => l.href)"
FONTS_FETCHED = ("[...new Set(performance.getEntriesByType('resource').map(r => r.name)"
                 ".filter(name => /\\.woff2?$/.test(name)))]")


def fonts_fetched(page, url: str) -> list[str]:
    page.goto(url, wait_until="load")
    page.evaluate("document.fonts.ready")
    page.wait_for_load_state("networkidle")
    return sorted(page.evaluate(FONTS_FETCHED))


@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844},
                                      {"width": 1200, "height": 900}], ids=["phone", "laptop"])
def test_a_page_preloads_exactly_the_fonts_it_draws_with(book_url, offline_pages, viewport):
    """Each of these chapters, with its preloads taken out of its head, fetches exactly the
    fonts it preloads (none missed, so none comes late and lays the page out again; none
    more, so no byte is added); with them, it fetches no other font."""
    page = offline_pages(viewport=viewport).page

    def without_preloads(route):
        markup = route.fetch().text()
        stripped = re.sub(r'<link rel="preload" href="[^"]*" as="font"[^>]*>\n', "", markup)
        assert stripped != markup
        route.fulfill(body=stripped, content_type="text/html")

    for name in ("01_confusion_matrix", "05_auc", "23_decision_curves"):
        url = f"{book_url}chapters/{name}.html"
        page.route(url, without_preloads)
        try:
            needed = fonts_fetched(page, url)
        finally:
            page.unroute(url)
        fetched = fonts_fetched(page, url)
        preloaded = sorted(page.evaluate(FONT_PRELOADS))
        assert len(preloaded) >= 3, name
        assert needed == preloaded, name
        assert fetched == preloaded, name


def test_what_a_closed_dropdown_holds_is_laid_out_only_when_opened(book_url, offline_pages):
    """Chapter 1's collapsed code cells: closed, their content has no box to lay out (so no
    measuring pass when the page loads lays it out); opened, the code is there to read."""
    page = offline_pages(viewport={"width": 390, "height": 844}).page
    page.goto(f"{book_url}chapters/01_confusion_matrix.html", wait_until="load")
    closed = page.evaluate("""[...document.querySelectorAll('article details:not([open])')]
        .map(d => [getComputedStyle(d, '::details-content').display,
                   d.querySelector('pre') ? d.querySelector('pre').getClientRects().length
                                          : -1])""")
    assert len([1 for _, rects in closed if rects >= 0]) >= 5, closed
    assert all(display == "none" and rects <= 0 for display, rects in closed), closed
    opened = page.evaluate("""() => {
        const d = [...document.querySelectorAll('article details:not([open])')]
            .find(d => d.querySelector('pre'));
        d.open = true;
        return [getComputedStyle(d, '::details-content').display,
                d.querySelector('pre').getBoundingClientRect().height];
    }""")
    assert opened[0] != "none" and opened[1] > 10, opened


def test_bootstrap_starts_after_the_pages_own_start_up(book_html, book_url, offline_pages):
    """The theme's Bootstrap is a classic script at the end of the body (not deferred), so its
    start-up waits for DOMContentLoaded, and it still starts: its tooltips are set up."""
    text = (book_html / "chapters" / "01_confusion_matrix.html").read_text(encoding="utf-8")
    tags = re.findall(r'<script\b[^>]*bootstrap\.js[^>]*>', text)
    assert len(tags) == 1 and " defer" not in tags[0], tags
    assert text.index(tags[0]) > text.index("<body")
    page = offline_pages().page
    page.goto(f"{book_url}chapters/01_confusion_matrix.html", wait_until="load")
    tooltips = page.evaluate("""[...document.querySelectorAll('[data-bs-toggle="tooltip"]')]
        .map(el => !!window.bootstrap.Tooltip.getInstance(el))""")
    assert len(tooltips) >= 3 and all(tooltips), tooltips


def test_slider_stack_frames_are_image_files(book_html):
    """No frame stays inline in a page or a deck; each names a file of the book that is a
    PNG, and the files are exactly the frames named (none left over)."""
    pages = [*built_pages(book_html / "chapters"), *built_pages(book_html / "slides")]
    named = set()
    for page in pages:
        for model in widget_state(page.read_text(encoding="utf-8")).values():
            if model["state"].get("evalcore_widget") != "slider-stack":
                continue
            for pane in model["state"]["panes"]:
                assert "data:image" not in pane, page.name
                for src in re.findall(r'<img\b[^>]*\bsrc="([^"]+)"', pane):
                    frame = (page.parent / src).resolve()
                    assert frame.parent == (book_html / "_images" / "frames").resolve(), src
                    assert frame.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", src
                    named.add(frame.name)
    assert len(named) >= 20
    on_disk = {path.name for path in (book_html / "_images" / "frames").iterdir()}
    assert on_disk == named


SOURCE_FILE = re.compile(r'^\(window\.evalcoreSources = window\.evalcoreSources \|\| \{\}\)'
                         r'\["([0-9a-f]{20})"\] = (".*");\n$', re.S)


def test_widget_modules_and_styles_are_files_the_pages_share(book_html):
    """No page or deck embeds a widget's module or style; each names a file of
    ``_static/widgets/`` that holds one of evalcore's bundles (evalcore/_*.js, _*.css, the
    text the live widget loads), loaded before the widget host. The files are exactly the
    bundles the pages use, one each."""
    bundles = {path.read_text(encoding="utf-8")
               for path in (ROOT / "evalcore").glob("_*.js")}
    bundles |= {path.read_text(encoding="utf-8") for path in (ROOT / "evalcore").glob("_*.css")}
    folder = book_html / "_static" / "widgets"
    files = {}
    for path in folder.glob("*.js"):
        found = SOURCE_FILE.match(path.read_text(encoding="utf-8"))
        assert found and found.group(1) == path.stem, path.name
        files[path.stem] = json.loads(found.group(2))
    named = set()
    pages = [*built_pages(book_html / "chapters"), *built_pages(book_html / "slides")]
    for page in pages:
        text = page.read_text(encoding="utf-8")
        scripts = SCRIPT_SRC.findall(text)
        for model in widget_state(text).values():
            if model["model_name"] != "AnyModel":
                continue
            for trait in ("_esm", "_css"):
                source = model["state"][trait]
                assert isinstance(source, dict), (page.name, trait)
                name = source["evalcore_source"]
                url = next(u for u in scripts if u.endswith(f"/_static/widgets/{name}.js"))
                assert (page.parent / url).resolve() == (folder / f"{name}.js").resolve()
                assert scripts.index(url) < next(
                    i for i, u in enumerate(scripts) if "widget-host.js" in u), page.name
                named.add(name)
        if page.parent.name == "chapters" and widget_state(text):
            # the page asks the host to render its widgets once they are all parsed
            start = text.rfind(load_tool("light_pages").START_WIDGETS)
            assert start > text.rfind("application/vnd.jupyter.widget-view+json"), page.name
            assert text.index("</body>", start) == start + len(
                load_tool("light_pages").START_WIDGETS), page.name
    assert named == set(files)
    assert set(files.values()) <= bundles
    assert len(files) == 8          # four widgets, a module and a style each


def test_no_page_needs_the_html_manager_so_the_book_does_not_ship_it(book_html):
    light = load_tool("light_pages")
    handed_over = [page.name for page in [*built_pages(book_html / "chapters"),
                                          *built_pages(book_html / "slides")]
                   if not all(map(light.is_evalcore_model,
                                  widget_state(page.read_text(encoding="utf-8")).values()))]
    assert handed_over == []
    assert [name for name in light.FALLBACK if (book_html / "_static" / name).exists()] == []


def test_images_are_the_chapters_figures_with_a_palette(book_html):
    """Each figure a chapter stores is the book's image file of its hash, as large, at the same
    resolution, and within a mean of 0.5 (of 255) of it in every channel."""
    import base64
    import hashlib
    import io

    from PIL import Image, ImageChops, ImageStat

    checked, palettes, before, after = 0, 0, 0, 0
    for notebook in sorted((ROOT / "chapters").glob("*.ipynb")):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                encoded = data.get("application/papermill.record/image/png",
                                   data.get("image/png"))
                if not encoded:
                    continue
                original = base64.b64decode(encoded)
                path = book_html / "_images" / f"{hashlib.sha256(original).hexdigest()}.png"
                if not path.is_file():
                    continue            # an output the book does not show
                shown, stored = Image.open(path), Image.open(io.BytesIO(original))
                assert shown.size == stored.size, path.name
                assert shown.info.get("dpi") == stored.info.get("dpi"), path.name
                difference = ImageChops.difference(stored.convert("RGB"), shown.convert("RGB"))
                assert sum(ImageStat.Stat(difference).mean) / 3 <= 0.5, path.name
                checked += 1
                palettes += shown.mode == "P"
                before, after = before + len(original), after + path.stat().st_size
    assert checked >= 60 and palettes >= 0.9 * checked
    assert after < 0.6 * before


def test_the_whole_book_weighs_at_most_30_mb(book_html):
    """The light book's target: the built book (pages, slides and their handouts, downloads) within
    30 MB; before the light book it was 66 MB."""
    sizes = {}
    for path in book_html.rglob("*"):
        if path.is_file():
            top = path.relative_to(book_html).parts[0]
            sizes[top] = sizes.get(top, 0) + path.stat().st_size
    assert sum(sizes.values()) <= 30_000_000, {
        name: f"{size / 1e6:.2f} MB" for name, size in sorted(sizes.items(), key=lambda x: -x[1])}


def test_decks_show_the_books_own_image_files(book_html):
    for deck in built_pages(book_html / "slides"):
        text = deck.read_text(encoding="utf-8")
        assert "data:image" not in text, deck.name
        for src in re.findall(r'<img\b[^>]*\bsrc="([^"]+)"', text):
            assert (deck.parent / src).resolve().is_file(), (deck.name, src)


def test_slider_stack_frames_load_as_the_slider_moves(book_html, book_url, offline_pages):
    tab = offline_pages(viewport={"width": 390, "height": 844})
    tab.page.goto(f"{book_url}chapters/11_uncertainty.html")
    box = tab.page.locator(".evalcore-slider-stack").first
    box.wait_for(timeout=60_000)
    box.scroll_into_view_if_needed()
    count = int(box.locator("input[type=range]").get_attribute("max")) + 1
    box.locator("input[type=range]").press("Home")
    for position in range(count):
        tab.page.wait_for_function(
            """([box, i]) => { const img = box.querySelector('.ess-pane img');
                 return box.querySelector('.ess').dataset.index === String(i)
                        && img && img.complete && img.naturalWidth > 0; }""",
            arg=[box.element_handle(), position], timeout=10_000)
        if position < count - 1:
            box.locator("input[type=range]").press("ArrowRight")


# ---- formulas typeset at build time (tools/static_math.py) ------------------------------------

FORMULA = re.compile(r'<(span|div) class="math notranslate nohighlight"[^>]*?data-tex="([^"]*)"'
                     r'[^>]*>(.*?)</\1>', re.S)


def test_no_page_loads_mathjax_and_every_formula_is_typeset(book_html):
    pages = [*built_pages(book_html / "chapters"), *sorted(book_html.glob("*.html"))]
    assert typeset_formulas(pages, book_html / "_static" / "static-math.css") > 500


def test_no_deck_loads_mathjax_and_every_formula_is_typeset(book_html):
    """As the book's pages, with the decks' own stylesheet (the formulas at 110% of reveal.js's
    text, as MathJax in the browser had them), whose fonts are the book's."""
    decks = built_pages(book_html / "slides")
    stylesheet = book_html / "slides" / "static-math.css"
    assert typeset_formulas(decks, stylesheet) > 100
    fonts = re.findall(r'url\("?([^")]+\.woff)"?\)', stylesheet.read_text(encoding="utf-8"))
    assert fonts and all((stylesheet.parent / font).resolve().is_file() for font in fonts)
    for deck in decks:
        assert 'href="static-math.css"' in deck.read_text(encoding="utf-8"), deck.name


def typeset_formulas(pages: list[Path], stylesheet: Path) -> int:
    """How many formulas ``pages`` hold, each typeset with its TeX and MathML and a rule in
    ``stylesheet`` for every glyph; no page loads MathJax."""
    glyphs_with_rules = set(re.findall(r"mjx-c\.(mjx-c[0-9A-F]+(?:\.[A-Z-]+)?)::before",
                                       stylesheet.read_text(encoding="utf-8")))
    formulas = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "tex-chtml.js" not in text and "window.MathJax" not in text, page.name
        assert text.count('class="math notranslate nohighlight"') == len(FORMULA.findall(text)), \
            f"{page.name}: a formula without its TeX"
        for _tag, tex, typeset in FORMULA.findall(text):
            formulas += 1
            assert typeset.lstrip().startswith("<") and "<mjx-container" in typeset, \
                (page.name, tex)
            assert "<mjx-assistive-mml" in typeset and "<math" in typeset, (page.name, tex)
            spoken = re.sub(r"<[^>]+>", "", typeset.split("<mjx-assistive-mml", 1)[1])
            assert re.search(r"\w", spoken), (page.name, tex)      # the MathML says something
            glyphs = {".".join(classes.split()) for classes in
                      re.findall(r'<mjx-c class="(mjx-c[0-9A-F]+(?: [A-Z-]+)?)"', typeset)}
            missing = glyphs - glyphs_with_rules
            assert not missing, f"{page.name}: {tex!r} uses glyphs with no CSS rule: {missing}"
    return formulas


def test_a_tex_error_stops_the_build(book_html):
    static_math = load_tool("static_math")
    from sphinx.errors import ExtensionError

    typesetter = static_math.Typesetter()
    try:
        assert "<mjx-container" in typesetter.html(r"\frac{TP}{TP + FP}", False, "here")
        with pytest.raises(ExtensionError, match=r"chapters/x\.md: MathJax cannot typeset"):
            typesetter.html(r"\frac{TP}{", True, "chapters/x.md")
    finally:
        typesetter.close()


def test_formulas_look_as_mathjax_in_the_browser_made_them(book_url, offline_pages):
    """At the text's size (MathJax in a browser matched the font's x-height: 127.3%), and with
    MathJax's fonts loaded."""
    page = offline_pages(viewport={"width": 1200, "height": 900}).page
    page.goto(f"{book_url}chapters/02_rates.html", wait_until="load")
    page.evaluate("document.fonts.ready")
    sizes = page.evaluate("""[...document.querySelectorAll('article mjx-container')].map(m =>
        parseFloat(getComputedStyle(m).fontSize) / parseFloat(getComputedStyle(m.parentElement
          .closest('p, li, td, th, div.math, figcaption, dd, span.caption-text') || m.parentElement)
          .fontSize))""")
    assert len(sizes) > 20
    assert all(abs(ratio - 1.273) < 0.002 for ratio in sizes), sorted(set(sizes))[:5]
    assert page.evaluate("document.fonts.check('16px MJXTEX')")
    assert page.evaluate("document.fonts.check('16px MJXTEX-I')")
