"""Build one reveal.js slide deck per chapter, from the lecture notebooks, into the book.

``python tools/slides.py --lectures _build/lectures --out _build/html/slides`` (``make slides``)
writes ``NN_name.html`` for every ``NN_name.ipynb`` in ``--lectures`` with nbconvert's
``SlidesExporter`` and a small template of its own, and copies the few reveal.js files the decks
use from ``js/node_modules/reveal.js`` into ``--out/_reveal/``. Everything else a deck loads
(MathJax 3, require.js, the ipywidgets HTML manager, anywidget) is the book's own copy in
``_static/``, loaded as the book's pages load it (``_config.yml``'s ``nb_ipywidgets_js``), so a
deck works with no network, and its widgets work with no kernel (their state is embedded from the
notebook's metadata).

The deck's structure is computed from the chapter's headings, so a lecturer can regenerate it
after editing a chapter:

* the title (``#``) and every ``##`` section start a new slide, every ``###`` a sub-slide
  (below its section: reveal's vertical navigation);
* a markdown cell holding several headings is split at them;
* the items of a section's summary list appear one at a time (fragments); nothing else does;
* cells the book hides (``jupyter.source_hidden``, or the tags ``hide-input``/``remove-input``)
  show their output but no code, collapsed outputs (``jupyter.outputs_hidden``,
  ``remove-output``) are not shown, and ``remove-cell`` cells are dropped;
* a slide longer than the screen scrolls (``↓``/``↑`` scroll it before moving on);
* every text reaches 4.5:1 (code in the book's own Pygments style, the slide number on dark
  blue) and links in running text are underlined (``tests/test_accessibility_axe.py``).

Each deck links back to its chapter page (``../chapters/NN_name.html``). A deck's third-edition
name (``tools/old_names.py``) is a small page that sends the reader on to the deck that holds
its chapter now.
"""

from __future__ import annotations

import argparse
import copy
import html
import importlib.util
import re
import shutil
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
REVEAL_PACKAGE = ROOT / "js" / "node_modules" / "reveal.js"

#: The reveal.js files a deck loads, relative to the package (copied into ``<out>/_reveal``).
REVEAL_FILES = (
    "LICENSE",
    "dist/reveal.js",
    "dist/reveal.css",
    "dist/theme/white.css",
    "dist/theme/fonts/source-sans-pro",
    "plugin/notes/notes.js",
)

#: The tag given to a markdown cell whose list items are shown one at a time.
FRAGMENT_TAG = "slides-fragments"

#: Section titles whose list items become fragments (compared in lower case).
FRAGMENT_SECTIONS = ("summary",)

HIDE_SOURCE_TAGS = ("hide-input", "remove-input")
HIDE_OUTPUT_TAGS = ("remove-output",)
DROP_TAGS = ("remove-cell",)
GLUE_RECORD = "application/papermill.record/"

_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_MYST_TARGET = re.compile(r"^\s*\([\w.:-]+\)=\s*$")


def heading_level(line: str) -> int:
    """The level of a markdown ATX heading line (``## Title`` is 2), or 0 for any other line.

    Parameters
    ----------
    line : str
        One line of markdown.

    Returns
    -------
    int
        The number of ``#`` that open the heading, 0 when ``line`` is not a heading.

    Examples
    --------
    >>> heading_level("## Counting outcomes")
    2
    >>> heading_level("#hashtag"), heading_level("text"), heading_level("    # code")
    (0, 0, 0)
    """
    if not isinstance(line, str):
        raise TypeError(f"line must be a str, got {type(line).__name__}")
    match = _HEADING.match(line)
    return len(match.group(1)) if match else 0


def split_at_headings(source: str) -> list[str]:
    """Split markdown before every heading that is not inside a fenced code block.

    MyST targets (``(label)=`` lines) are dropped: they mark a place and show nothing.

    Parameters
    ----------
    source : str
        The markdown of one cell.

    Returns
    -------
    list of str
        The pieces, in order; each piece after the first starts with a heading. Blank pieces
        are left out.

    Examples
    --------
    >>> split_at_headings("(ch-x)=\\n# Title\\nIntro.\\n## One\\nText"
    ...                   "\\n```\\n# not a heading\\n```")
    ['# Title\\nIntro.', '## One\\nText\\n```\\n# not a heading\\n```']
    """
    if not isinstance(source, str):
        raise TypeError(f"source must be a str, got {type(source).__name__}")
    pieces: list[list[str]] = [[]]
    fence = None
    for line in source.splitlines():
        opening = _FENCE.match(line)
        if fence is None and opening:
            fence = opening.group(1)[0] * 3
        elif fence is not None and line.strip().startswith(fence):
            fence = None
        elif fence is None and _MYST_TARGET.match(line):
            continue
        elif fence is None and heading_level(line):
            pieces.append([])
        pieces[-1].append(line)
    return [text for text in ("\n".join(lines).strip("\n") for lines in pieces) if text.strip()]


def _tags(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def _source_hidden(cell) -> bool:
    metadata = cell.get("metadata", {})
    return bool(metadata.get("jupyter", {}).get("source_hidden")
                or any(tag in HIDE_SOURCE_TAGS for tag in _tags(cell)))


def _first_heading(source: str) -> tuple[int, str]:
    first = source.splitlines()[0] if source else ""
    level = heading_level(first)
    return level, (_HEADING.match(first).group(2) if level else "")


def plan_slides(nb):
    """A copy of a notebook with reveal.js slide metadata computed from its headings.

    The first cell and every cell opening with a ``#`` or ``##`` heading (after the first
    heading) start a slide, every ``###`` a sub-slide; markdown cells are split at their
    headings; hidden sources are removed, ``remove-cell`` cells dropped; the list items of a
    Summary section are tagged as fragments (:data:`FRAGMENT_TAG`).

    Parameters
    ----------
    nb : nbformat.NotebookNode
        A notebook (version 4); it is not modified.

    Returns
    -------
    nbformat.NotebookNode
        The planned notebook. Each cell's ``metadata.slideshow.slide_type`` is ``"slide"``,
        ``"subslide"`` or ``"-"``; a cell that starts a slide with a heading also carries
        ``metadata.slideshow.data`` (``evalcore_level``, the heading level), which the deck
        shows as ``data-evalcore-level`` on the slide.

    Examples
    --------
    >>> from nbformat.v4 import new_notebook, new_markdown_cell, new_code_cell
    >>> nb = new_notebook(cells=[
    ...     new_markdown_cell("# Title\\nWhy.\\n## First\\nText."),
    ...     new_code_cell("import x", metadata={"tags": ["hide-input"]}),
    ...     new_markdown_cell("### Detail"),
    ...     new_code_cell("glue()", metadata={"tags": ["remove-cell"]}),
    ...     new_markdown_cell("## Summary\\n* one\\n* two")])
    >>> planned = plan_slides(nb)
    >>> [(c.cell_type[0], c.metadata.slideshow.slide_type) for c in planned.cells]
    [('m', 'slide'), ('m', 'slide'), ('m', 'subslide'), ('m', 'slide')]
    >>> planned.cells[-1].metadata.tags, planned.metadata.title
    (['slides-fragments'], 'Title')
    """
    if not hasattr(nb, "cells"):
        raise TypeError(f"nb must be a notebook (nbformat.NotebookNode), got {type(nb).__name__}")
    planned = copy.deepcopy(nb)
    cells = []
    for cell in planned.cells:
        if any(tag in DROP_TAGS for tag in _tags(cell)):
            continue
        if cell.cell_type == "markdown":
            # figures are cell attachments, some in HTML <img> (sized): nbconvert resolves
            # only markdown images, so every attachment becomes a data URI here
            for name, bundle in cell.get("attachments", {}).items():
                for kind, data in bundle.items():
                    cell.source = cell.source.replace(f"attachment:{name}",
                                                      f"data:{kind};base64,{data}")
            for number, piece in enumerate(split_at_headings(cell.source)):
                new = copy.deepcopy(cell)
                new.source = piece
                if number and "id" in new:
                    new["id"] = f"{cell['id'][:60]}-{number}"   # cell ids stay unique
                cells.append(new)
        elif cell.cell_type == "code":
            if (any(tag in HIDE_OUTPUT_TAGS for tag in _tags(cell))
                    or cell.metadata.get("jupyter", {}).get("outputs_hidden")):
                cell.outputs = []
            # glue's records (application/papermill.record/...) are data for the book, not views
            cell.outputs = [output for output in cell.outputs if not output.get("data") or any(
                not kind.startswith(GLUE_RECORD) for kind in output["data"])]
            if _source_hidden(cell):
                if not cell.outputs:
                    continue
                cell.metadata.setdefault("transient", {})["remove_source"] = True
            cells.append(cell)
        else:
            cells.append(cell)

    title = None
    section = ""
    for index, cell in enumerate(cells):
        level, text = _first_heading(cell.source) if cell.cell_type == "markdown" else (0, "")
        slide_type = "-"
        if level and level <= 2:
            slide_type = "slide" if title is not None or index == 0 else "-"
            section = text.lower() if level == 2 else ""
        elif level == 3:
            slide_type = "subslide"
        if index == 0:
            slide_type = "slide"
        if level and title is None:
            title = text
        slideshow = {"slide_type": slide_type}
        if level and slide_type != "-":
            slideshow["data"] = {"evalcore_level": str(level)}
        cell.metadata["slideshow"] = slideshow
        if (cell.cell_type == "markdown" and section in FRAGMENT_SECTIONS
                and re.search(r"^\s{0,3}([*+-]|\d+[.)])\s", cell.source, re.M)):
            cell.metadata["tags"] = [*_tags(cell), FRAGMENT_TAG]
    planned.cells = cells
    planned.metadata["title"] = _plain(title) if title else ""
    return planned


def _plain(markdown: str) -> str:
    """Markdown heading text as plain text (for the page title)."""
    text = re.sub(r"\{[\w:-]+\}`([^`]*)`", r"\1", markdown)
    text = re.sub(r"[*_`]", "", text)
    return text.strip()


def list_fragments(rendered: str) -> str:
    """Mark every item of a rendered HTML list as a reveal.js fragment (shown one at a time).

    Parameters
    ----------
    rendered : str
        HTML.

    Returns
    -------
    str
        ``rendered`` with ``class="fragment"`` on each ``<li>``.

    Examples
    --------
    >>> list_fragments('<ul>\\n<li>one</li>\\n<li class="x">two</li>\\n</ul>')
    '<ul>\\n<li class="fragment">one</li>\\n<li class="fragment x">two</li>\\n</ul>'
    """
    if not isinstance(rendered, str):
        raise TypeError(f"rendered must be a str, got {type(rendered).__name__}")
    rendered = re.sub(r'<li class="', '<li class="fragment ', rendered)
    return re.sub(r"<li(?=[\s>])(?![^>]*\bclass=)", '<li class="fragment"', rendered)


# The deck's template: nbconvert's reveal template with every URL pointing into the book, the
# book's MathJax 3 and widget scripts (in _config.yml's order), and reveal.js loaded by require.js.
TEMPLATE = r"""
{%- extends 'reveal/index.html.j2' -%}

{%- block html_head_js -%}
<script>
// MathJax 3, as the book configures it, with $...$ for the notebook's markdown
window.MathJax = {
  tex: { inlineMath: [["$", "$"], ["\\(", "\\)"]], displayMath: [["$$", "$$"], ["\\[", "\\]"]],
         processEscapes: true, tags: "ams" },
  // as in the book: formulas out of the tab order, so Tab reaches the widgets
  options: { ignoreHtmlClass: "tex2jax_ignore|jp-InputArea-editor|highlight",
             menuOptions: { settings: { inTabOrder: false } } },
};
</script>
<script defer src="{{ resources.mathjax_url }}"></script>
{#- the book's widget scripts, in the order of _config.yml's nb_ipywidgets_js #}
{%- for script in resources.evalcore.widget_scripts %}
<script src="{{ resources.evalcore.static }}/{{ script }}"></script>
{%- endfor %}
{%- endblock html_head_js -%}

{% block jupyter_widgets %}{% endblock jupyter_widgets %}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}

{%- block html_head_css -%}
<link rel="icon" href="{{ resources.evalcore.static }}/favicon.svg" type="image/svg+xml">
<style type="text/css">
{{ resources.evalcore.css }}
</style>
{%- endblock html_head_css -%}

{% block markdowncell scoped %}
{%- if resources.evalcore.fragment_tag in cell.metadata.get("tags", []) -%}
{{ super() | list_fragments }}
{%- else -%}
{{ super() }}
{%- endif -%}
{% endblock markdowncell %}

{% block body_footer %}
</div>
<a class="evalcore-chapter-link" href="{{ resources.evalcore.chapter_url }}"
   title="Back to the chapter in the book">&#8617; {{ resources.evalcore.chapter_label | e }}</a>
</div>
</main>
</body>
{% endblock body_footer %}

{% block footer_js %}
<script>
require(["{{ resources.reveal.url_prefix }}/dist/reveal.js",
         "{{ resources.reveal.url_prefix }}/plugin/notes/notes.js"],
function (Reveal, RevealNotes) {
  // Arrow keys pressed on a widget (a slider's handle, a dropdown, a button) move the widget,
  // not the deck: reveal.js listens on the document, so stop them on the way up.
  document.querySelector(".reveal .slides").addEventListener("keydown", function (event) {
    if (event.target.closest && event.target.closest(
        ".jupyter-widgets, [role=slider], input, select, textarea, button, summary")) {
      event.stopPropagation();
    }
  });
  // A slide longer than the screen scrolls: down/up scroll it first, then move on.
  function scroller() {
    var slide = Reveal.getCurrentSlide();
    return slide && slide.scrollHeight > slide.clientHeight + 2 ? slide : null;
  }
  function scrollBy(direction, fallback) {
    return function () {
      var slide = scroller();
      var room = slide ? (direction > 0
        ? slide.scrollHeight - slide.clientHeight - slide.scrollTop : slide.scrollTop) : 0;
      if (room > 2) {
        slide.scrollBy({ top: direction * Math.min(room, 0.6 * slide.clientHeight) });
      } else {
        fallback();
      }
    };
  }
  Reveal.initialize({
    width: {{ resources.reveal.width }},
    height: {{ resources.reveal.height }},
    margin: 0.03,
    center: false,
    controls: true,
    progress: true,
    hash: true,
    slideNumber: "c/t",
    transition: "{{ resources.reveal.transition }}",
    transitionSpeed: "fast",
    plugins: [RevealNotes],
    keyboard: { 40: scrollBy(1, function () { Reveal.down(); }),
                38: scrollBy(-1, function () { Reveal.up(); }) },
  }).then(function () {
    document.documentElement.setAttribute("data-deck-ready", "");
  });
  window.Reveal = Reveal;
});
</script>
{% endblock footer_js %}
"""

#: The Pygments style of the decks' code: the one the book's pages use (pydata-sphinx-theme's light
#: style), whose colours reach 7:1 on white. nbconvert's default takes JupyterLab's editor
#: colours, whose numbers (#080) and comments (#408080) reach only 4.2:1 on the code cells' grey.
CODE_STYLE = "a11y-high-contrast-light"

# Speaker-friendly sizes for a 1280x720 deck: body ~30px, code and tables ~22px.
CSS = """
html:root { --r-main-font-size: 30px; --r-heading1-size: 2.0em; --r-heading2-size: 1.45em;
        --r-heading3-size: 1.2em; --r-heading-text-transform: none; --r-heading-color: #1a3a5c;
        --jp-content-font-size1: 30px; --jp-code-font-size: 21px; --jp-ui-font-size1: 21px;
        --jp-cell-prompt-width: 0px; }
body.jp-Notebook { margin: 0; padding: 0; }
.reveal { font-size: 30px; }
.reveal .slides { text-align: left; }
.reveal .slides > section, .reveal .slides > section > section {
  height: 100%; box-sizing: border-box; overflow-y: auto; overflow-x: hidden;
  padding: 8px 24px 28px; }
.reveal .slides section > section { padding: 0; }
.reveal .slides > section.stack { overflow: visible; padding: 0; }
.reveal h1, .reveal h2, .reveal h3, .reveal h4 { text-align: left; margin: 0.2em 0 0.4em;
  line-height: 1.15; }
.reveal .jp-RenderedMarkdown, .reveal .jp-RenderedHTMLCommon { font-size: 30px; line-height: 1.35; }
.reveal .jp-RenderedHTMLCommon p { margin: 0 0 0.55em; }
.reveal .jp-RenderedHTMLCommon ul, .reveal .jp-RenderedHTMLCommon ol { margin: 0 0 0.55em 1.1em;
  display: block; }
.reveal .jp-RenderedHTMLCommon li { margin-bottom: 0.2em; }
.reveal .jp-RenderedHTMLCommon img { max-height: 560px; width: auto; max-width: 100%;
  margin: 0.2em auto; display: block; }
.reveal .jp-RenderedHTMLCommon table { font-size: 22px; margin: 0.2em 0; }
.reveal .jp-RenderedHTMLCommon table th, .reveal .jp-RenderedHTMLCommon table td {
  padding: 0.2em 0.55em; }
.reveal .highlight { background: transparent; }  /* the cell's own grey, as in JupyterLab */
.reveal pre, .reveal .highlight pre { font-size: 21px; line-height: 1.3; box-shadow: none;
  width: 100%; margin: 0.2em 0; }
.reveal code { font-size: 0.85em; }
.reveal .jp-InputPrompt, .reveal .jp-OutputPrompt { display: none; }
.reveal .jp-Cell { padding: 2px 0; }
.reveal .jp-OutputArea-output pre { font-size: 21px; }
.reveal details { margin: 0.3em 0; padding: 0.2em 0.5em; border: 1px solid #ccc;
  border-radius: 4px; }
.reveal details summary { cursor: pointer; font-weight: 600; }
.reveal .jupyter-widgets { font-size: 22px; }
.reveal .evalcore-explorer { font-size: 21px; }
.reveal .evalcore-explorer svg.ee-roc, .reveal .evalcore-explorer svg.ee-pr { width: 250px; }
.reveal .evalcore-explorer svg.ee-strip { max-width: 640px; }
/* reveal's slide number is white on 40% black (#999 over the white slide, 2.8:1); here on
   the headings' blue (11:1) */
.reveal .slide-number { font-size: 18px; background-color: #1a3a5c; color: #fff; }
/* links in running text are underlined: their blue is too close to the text's near-black
   (1.9:1) to tell them apart by colour alone */
.reveal .slides a { text-decoration: underline; }
.reveal .progress { position: absolute; }  /* nbconvert's CSS (for reveal.js 4) makes it static */
::-webkit-scrollbar { width: 10px; }
.reveal a.evalcore-chapter-link { position: fixed; left: 12px; bottom: 8px; z-index: 40;
  font-size: 18px;
  color: #1a5a9c; background: rgba(255,255,255,0.95); padding: 2px 8px; border-radius: 4px;
  text-decoration: none; font-family: "Source Sans Pro", Helvetica, sans-serif; }
.reveal a.evalcore-chapter-link:hover, .reveal a.evalcore-chapter-link:focus {
  text-decoration: underline; }
"""


def copy_reveal(out: Path, *, package: Path = REVEAL_PACKAGE) -> Path:
    """Copy the reveal.js files the decks load (:data:`REVEAL_FILES`) into ``out/_reveal``.

    Parameters
    ----------
    out : path
        The slides folder.
    package : path, optional
        The installed ``reveal.js`` npm package (``js/node_modules/reveal.js``).

    Returns
    -------
    Path
        The ``_reveal`` folder.
    """
    package = Path(package)
    if not (package / "dist" / "reveal.js").is_file():
        raise ValueError(f"package must be the installed reveal.js npm package: {package} has no "
                         f"dist/reveal.js (run `cd js && npm ci`)")
    target = Path(out) / "_reveal"
    if target.exists():
        shutil.rmtree(target)
    for name in REVEAL_FILES:
        source, destination = package / name, target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, destination)
        else:
            shutil.copy2(source, destination)
    return target


def book_widget_scripts(config: Path = ROOT / "_config.yml") -> list[str]:
    """The scripts the book's pages load for widgets: ``nb_ipywidgets_js`` in ``_config.yml``.

    A deck loads the same files from the book's ``_static/``, in the same order (the MathJax 2
    shim, require.js, its configuration, the ipywidgets HTML manager...).

    Parameters
    ----------
    config : path, optional
        The book's ``_config.yml``.

    Returns
    -------
    list of str
        Paths relative to ``_static/``.

    Examples
    --------
    >>> scripts = book_widget_scripts()
    >>> scripts.index("require.js") < scripts.index("html-manager/embed-amd.js")
    True
    """
    import yaml

    settings = yaml.safe_load(Path(config).read_text(encoding="utf-8"))
    scripts = (settings.get("sphinx", {}).get("config", {}) or {}).get("nb_ipywidgets_js")
    if not scripts:
        raise ValueError(f"config must set sphinx.config.nb_ipywidgets_js: {config} does not")
    bad = [name for name in scripts if "://" in name or name.startswith("/")]
    if bad:
        raise ValueError(f"nb_ipywidgets_js must name files in the book's _static/, got {bad}")
    return list(scripts)


def make_exporter():
    """nbconvert's ``SlidesExporter`` with the deck template and every URL inside the book.

    Returns
    -------
    nbconvert.SlidesExporter
        An exporter whose template loads nothing from outside the book: reveal.js from
        ``_reveal/`` next to the deck, MathJax 3, require.js and the widget manager from the
        book's ``_static/``; code coloured with the book's own Pygments style
        (:data:`CODE_STYLE`), so every colour reaches 4.5:1.
    """
    from jinja2 import DictLoader
    from nbconvert import SlidesExporter
    from traitlets.config import Config

    static = "../_static"
    exporter = SlidesExporter(
        config=Config({"CSSHTMLHeaderPreprocessor": {"style": CODE_STYLE}}),
        extra_loaders=[DictLoader({"evalcore_deck.html.j2": TEMPLATE})],
        template_file="evalcore_deck.html.j2",
        reveal_url_prefix="_reveal",
        reveal_theme="white",
        reveal_transition="fade",
        reveal_scroll=True,
        reveal_width="1280",
        reveal_height="720",
        require_js_url=f"{static}/require.js",
        mathjax_url=f"{static}/mathjax/tex-chtml.js",
        jquery_url=f"{static}/require.js",        # the template loads no jQuery; never a CDN
        mermaid_js_url=f"{static}/require.js",     # nor mermaid
        widget_renderer_url=f"{static}/html-manager/embed-amd.js",
        jupyter_widgets_base_url=f"{static}/",
        exclude_input_prompt=True,
        exclude_output_prompt=True,
    )
    exporter.register_filter("list_fragments", list_fragments)
    return exporter


def build_deck(notebook: Path, out: Path, *, exporter=None) -> Path:
    """Write the slide deck of one lecture notebook: ``out/<notebook stem>.html``.

    Parameters
    ----------
    notebook : path
        A lecture notebook ``NN_name.ipynb`` (or a chapter notebook).
    out : path
        The slides folder, ``_build/html/slides`` (the deck links to ``../_static`` and
        ``../chapters/NN_name.html``).
    exporter : nbconvert.SlidesExporter, optional
        From :func:`make_exporter` (made when not given).

    Returns
    -------
    Path
        The deck.
    """
    notebook = Path(notebook)
    if notebook.suffix != ".ipynb" or not notebook.is_file():
        raise ValueError(f"notebook must be an existing .ipynb file, got {notebook}")
    exporter = exporter or make_exporter()
    nb = plan_slides(nbformat.read(notebook, as_version=4))
    resources = {
        "metadata": {"name": notebook.stem},
        "evalcore": {
            "static": "../_static",
            "widget_scripts": book_widget_scripts(),
            "css": CSS,
            "fragment_tag": FRAGMENT_TAG,
            "chapter_url": f"../chapters/{notebook.stem}.html",
            "chapter_label": f"{nb.metadata.get('title') or notebook.stem} in the book",
        },
    }
    body, _ = exporter.from_notebook_node(nb, resources=resources)
    leaks = sorted(set(re.findall(r"""(?:src|href)=["'](https?://[^"']+)""", body)))
    if leaks:
        raise ValueError(f"the deck of {notebook.name} would load from outside the book: {leaks}")
    deck = Path(out) / f"{notebook.stem}.html"
    deck.parent.mkdir(parents=True, exist_ok=True)
    deck.write_text(body, encoding="utf-8")
    return deck


def build_all(lectures: Path, out: Path) -> list[Path]:
    """A deck for every notebook in ``lectures``, and the reveal.js files, in ``out``.

    Parameters
    ----------
    lectures : path
        The folder of lecture notebooks (``_build/lectures``).
    out : path
        The slides folder (``_build/html/slides``).

    Returns
    -------
    list of Path
        The decks, in file-name order.
    """
    lectures, out = Path(lectures), Path(out)
    notebooks = sorted(lectures.glob("*.ipynb"))
    if not notebooks:
        raise ValueError(f"lectures must be a folder of notebooks: no .ipynb in {lectures} "
                         f"(`make lectures` makes them)")
    out.mkdir(parents=True, exist_ok=True)
    # a chapter that was renamed or removed leaves no stale deck behind (old names are
    # written again below, as redirects)
    for stale in sorted(set(out.glob("*.html")) - {out / f"{p.stem}.html" for p in notebooks}):
        stale.unlink()
    copy_reveal(out)
    exporter = make_exporter()
    decks = [build_deck(path, out, exporter=exporter) for path in notebooks]
    write_old_names(out, {deck.stem for deck in decks})
    return decks


def write_old_names(out: Path, decks: set[str]) -> list[Path]:
    """A redirect page at every third-edition deck name that is not a deck now."""
    spec = importlib.util.spec_from_file_location("old_names", Path(__file__).with_name(
        "old_names.py"))
    old_names = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(old_names)
    written = []
    for old, successors in old_names.OLD_NAMES.items():
        if old in decks:
            continue
        if successors[0] not in decks:
            raise ValueError(f"tools/old_names.py: {old} -> {successors[0]}, which has no deck")
        page, deck = Path(out) / f"{old}.html", Path(out) / f"{successors[0]}.html"
        title = re.search(r"<title>(.*?)</title>", deck.read_text(encoding="utf-8"), re.S)
        old_names.write_redirect(page, deck.name, html.unescape(title[1]).strip() if title
                                 else deck.stem)
        written.append(page)
    return written


def main(argv: list[str] | None = None) -> int:
    """The command line: ``python tools/slides.py --lectures DIR --out DIR``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lectures", type=Path, default=ROOT / "_build" / "lectures",
                        help="folder of lecture notebooks (default: _build/lectures)")
    parser.add_argument("--out", type=Path, default=ROOT / "_build" / "html" / "slides",
                        help="where the decks go (default: _build/html/slides)")
    args = parser.parse_args(argv)
    decks = build_all(args.lectures, args.out)
    print(f"{len(decks)} slide decks in {args.out}: {', '.join(d.name for d in decks)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
