"""Build a lecture deck per chapter: reveal.js slides designed in an outline beside the chapter.

``python tools/slides.py`` (``make slides``, after ``make html``) reads every
``chapters/NN_name.deck.yml`` and writes ``_build/html/slides/NN_name.html``. A deck is a
lecture, not the chapter poured into slides: each slide says one thing in its title and shows
one picture, one explorer, a few lines of the chapter's text or a short piece of its code. The
outline holds only what is new (the slide titles and the speaker's notes); everything a slide
shows is pulled from the chapter when the deck is built:

* ``figure: KEY``: the figure the chapter glues under ``KEY``, with its alt text and its
  number as the book prints them (the caption goes into the notes);
* ``widget: LABEL``: the widget the chapter's code cell labelled ``LABEL`` displays (cell
  metadata ``"label"``), rendered from its saved state with no kernel, at the projector size
  (``size="large"``);
* ``code: LABEL``: that code cell's source (12 lines at most) and, with ``output: true``, its
  text output;
* ``text: LABEL``: the markdown cell labelled ``LABEL``, or with ``pick: [i, ...]`` only its
  blocks ``i`` (paragraphs, list items and display formulas, counted from 0); a pick
  ``{block: i, sentences: [j, ...]}`` keeps only those sentences of block ``i``, so a slide
  shows a line or two of a long paragraph.

Titles and notes may use the chapter's roles (``{glue:text}``, ``{numref}``, ``{doc}``...),
resolved with the book's numbers by tools/lectures.py's converter, so no number is typed.
An outline also states the lecture's length (``minutes``, 50 at most) and may name the
self-check to run live (``live: LABEL``, one of its widget slides); what to read before is the
chapter's ``assumes`` in course.yml. The first slide is generated: the chapter's number and
title, the length, the chapters to read first, the self-check to run live, and links to the
chapter and to the deck's PDF handout (``slides/handouts/NN_name.pdf``, tools/handouts.py).

The slides are one flat sequence (→, ←, PageDown, PageUp and a presenter's remote all walk
it), 1280×720, and every slide fits: tests/book/test_slides.py measures each in Chromium. ``S``
opens reveal's speaker view with the notes and a timer. Everything a deck loads is the book's
own (reveal.js copied into ``slides/_reveal``, the widget scripts from ``_static``), so a
deck works offline. Its formulas are typeset when it is built, as the book's are
(tools/static_math.py), with one stylesheet, ``slides/static-math.css``, for every deck. The
widget scripts are those of the book's pages (:func:`book_widget_scripts`): how a deck loads
its widgets is decided in that one place.
A deck's third-edition name (``tools/old_names.py``) is a small page that sends the reader on.
"""

from __future__ import annotations

import argparse
import copy
import functools
import html
import importlib.util
import json
import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from lectures import Book, ChapterConverter  # noqa: E402  (a sibling script)

REVEAL_PACKAGE = ROOT / "js" / "node_modules" / "reveal.js"
CHAPTERS = ROOT / "chapters"
OUTLINE_SUFFIX = ".deck.yml"

#: The reveal.js files a deck loads, relative to the package (copied into ``<out>/_reveal``).
REVEAL_FILES = (
    "LICENSE",
    "dist/reveal.js",
    "dist/reveal.css",
    "dist/theme/white.css",
    "dist/theme/fonts/source-sans-pro",
    "plugin/notes/notes.js",
)
#: Font files of those folders no browser the book serves asks for: its CSS offers each font
#: as WOFF, which every browser since 2012 takes before the TrueType and EOT forms listed with
#: it (1.3 MB).
REVEAL_UNUSED = ("*.eot", "*.ttf")

#: What a slide can show, besides its title: one of these keys.
SLIDE_KINDS = ("figure", "widget", "code", "text")
#: The keys a slide may have.
SLIDE_KEYS = {"title", "notes", "pick", "output", *SLIDE_KINDS}
#: The keys an outline may have.
OUTLINE_KEYS = {"minutes", "live", "notes", "slides"}
#: The longest lecture a deck may be, in minutes, and the longest code a slide may show.
MAX_MINUTES = 50
MAX_CODE_LINES = 12
#: The slide's size: a projector's 16:9.
WIDTH, HEIGHT = 1280, 720

#: The Pygments style of the decks' code: the one the book's pages use (pydata-sphinx-theme's
#: light style), whose colours reach 7:1 on white.
CODE_STYLE = "a11y-high-contrast-light"
GLUE_FIGURE = re.compile(r"^(`{3,}|:{3,})\{glue:figure\}\s+(?P<key>\S+)\s*$")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


@dataclass
class Slide:
    """One slide of an outline: its title, what it shows (``kind`` and ``ref``) and its notes."""

    title: str
    kind: str
    ref: str
    notes: str = ""
    pick: list | None = None
    output: bool = False


@dataclass
class Outline:
    """A deck's outline (``chapters/NN_name.deck.yml``)."""

    chapter: str
    minutes: int
    slides: list[Slide]
    live: str | None = None
    notes: str = ""
    path: Path | None = field(default=None, repr=False)


def load_outline(path: Path) -> Outline:
    """Read and check one outline.

    Parameters
    ----------
    path : path
        ``chapters/NN_name.deck.yml``.

    Returns
    -------
    Outline

    Raises
    ------
    ValueError
        Naming the file, the slide and the rule: an unknown key, a slide with no title or with
        not exactly one of :data:`SLIDE_KINDS`, a length over :data:`MAX_MINUTES` minutes, a
        ``live`` self-check that is not one of the deck's widget slides.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "05_auc.deck.yml").write_text(
    ...     "minutes: 30\\nslides:\\n  - title: Pairs\\n    figure: fig-pairs\\n", encoding="utf-8")
    >>> outline = load_outline(folder / "05_auc.deck.yml")
    >>> outline.chapter, outline.minutes, outline.slides[0].kind, outline.slides[0].ref
    ('05_auc', 30, 'figure', 'fig-pairs')
    >>> _ = (folder / "06_x.deck.yml").write_text(
    ...     "minutes: 70\\nslides:\\n  - title: A\\n    text: a\\n", encoding="utf-8")
    >>> load_outline(folder / "06_x.deck.yml")
    Traceback (most recent call last):
    ...
    ValueError: 06_x.deck.yml: minutes must be a whole number from 1 to 50 (a lecture), got 70
    """
    path = Path(path)
    if not path.name.endswith(OUTLINE_SUFFIX):
        raise ValueError(f"path must name an outline NN_name{OUTLINE_SUFFIX}, got {path.name}")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    where = path.name
    if not isinstance(data, dict):
        raise ValueError(f"{where}: an outline is a mapping with minutes and slides")
    unknown = set(data) - OUTLINE_KEYS
    if unknown:
        raise ValueError(f"{where}: unknown keys {sorted(unknown)}; an outline has "
                         f"{sorted(OUTLINE_KEYS)}")
    minutes = data.get("minutes")
    if not isinstance(minutes, int) or isinstance(minutes, bool) or not 1 <= minutes <= MAX_MINUTES:
        raise ValueError(f"{where}: minutes must be a whole number from 1 to {MAX_MINUTES} "
                         f"(a lecture), got {minutes!r}")
    entries = data.get("slides")
    if not isinstance(entries, list) or not entries:
        raise ValueError(f"{where}: slides must be a non-empty list")
    slides = []
    for number, entry in enumerate(entries, start=2):      # slide 1 is the title slide
        here = f"{where}, slide {number}"
        if not isinstance(entry, dict):
            raise ValueError(f"{here}: a slide is a mapping with a title and one of "
                             f"{list(SLIDE_KINDS)}")
        unknown = set(entry) - SLIDE_KEYS
        if unknown:
            raise ValueError(f"{here}: unknown keys {sorted(unknown)}; a slide has "
                             f"{sorted(SLIDE_KEYS)}")
        title = entry.get("title")
        if not isinstance(title, str) or not title.strip():
            raise ValueError(f"{here}: title must be a non-empty string (the slide's point)")
        kinds = [kind for kind in SLIDE_KINDS if kind in entry]
        if len(kinds) != 1:
            raise ValueError(f"{here}: a slide shows exactly one of {list(SLIDE_KINDS)}, "
                             f"got {kinds or 'none'}")
        kind = kinds[0]
        ref = entry[kind]
        if not isinstance(ref, str) or not ref.strip():
            raise ValueError(f"{here}: {kind} must name a {'glue key' if kind == 'figure' else 'cell label'}")
        pick = entry.get("pick")
        if pick is not None and (kind != "text" or not isinstance(pick, list) or not pick
                                 or not all(_pick_item(i) for i in pick)):
            raise ValueError(f"{here}: pick goes with text and lists block numbers (0, 1, ...) "
                             f"or {{block: i, sentences: [j, ...]}}, got {pick!r}")
        output = entry.get("output", False)
        if not isinstance(output, bool) or (output and kind != "code"):
            raise ValueError(f"{here}: output (true or false) goes with code only")
        notes = entry.get("notes", "") or ""
        if not isinstance(notes, str):
            raise ValueError(f"{here}: notes must be text")
        slides.append(Slide(title=title.strip(), kind=kind, ref=ref.strip(), notes=notes,
                            pick=pick, output=output))
    live = data.get("live")
    if live is not None and not any(s.kind == "widget" and s.ref == live for s in slides):
        raise ValueError(f"{where}: live names {live!r}, which is none of the deck's widget slides")
    notes = data.get("notes", "") or ""
    return Outline(chapter=path.name[:-len(OUTLINE_SUFFIX)], minutes=minutes, slides=slides,
                   live=live, notes=notes, path=path)


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _pick_item(item) -> bool:
    """A block number, or ``{block: i, sentences: [j, ...]}``."""
    if isinstance(item, dict):
        sentences = item.get("sentences")
        return (set(item) == {"block", "sentences"} and _whole(item["block"])
                and isinstance(sentences, list) and bool(sentences)
                and all(_whole(j) for j in sentences))
    return _whole(item)


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(*_`$\\])")
_LIST_MARK = re.compile(r"^(\s{0,3}(?:[*+-]|\d+[.)])\s+)")


def sentence_texts(block: str) -> list[str]:
    """The sentences of one block (outside ``$...$`` formulas); a list item's marker goes with
    its first sentence.

    Examples
    --------
    >>> sentence_texts("* One idea. Two: $a. B$ holds.\\n  Three (really).")
    ['* One idea.', 'Two: $a. B$ holds.', 'Three (really).']
    """
    mark = _LIST_MARK.match(block)
    prefix, body = (mark.group(1), block[mark.end():]) if mark else ("", block)
    body = " ".join(line.strip() for line in body.split("\n"))
    # cut only outside formulas: mask what is between dollar signs
    masked = re.sub(r"\$[^$]*\$", lambda m: "x" * len(m.group(0)), body)
    cuts = [0] + [m.end() for m in _SENTENCE_END.finditer(masked)] + [len(body)]
    parts = [body[a:b].strip() for a, b in zip(cuts, cuts[1:]) if body[a:b].strip()]
    return [prefix + parts[0]] + parts[1:] if parts else []


def block_texts(markdown: str) -> list[str]:
    """The blocks of a markdown text a slide can pick: paragraphs, list items, display formulas
    (``$$ ... $$``), other blocks (a table, an HTML block) whole; in order.

    Examples
    --------
    >>> block_texts("One idea.\\n\\n* first\\n* second\\n  goes on\\n\\n$$\\na = b\\n$$")
    ['One idea.', '* first', '* second\\n  goes on', '$$\\na = b\\n$$']
    """
    blocks: list[list[str]] = []
    current: list[str] = []
    in_math = False
    for line in markdown.split("\n"):
        stripped = line.strip()
        if in_math:
            current.append(line)
            if stripped.endswith("$$"):
                blocks.append(current)
                current, in_math = [], False
            continue
        if stripped.startswith("$$"):
            if current:
                blocks.append(current)
            current = [line]
            if not (stripped.endswith("$$") and len(stripped) > 2):
                in_math = True
            else:
                blocks.append(current)
                current = []
            continue
        if not stripped:
            if current:
                blocks.append(current)
            current = []
            continue
        if re.match(r"\s{0,3}([*+-]|\d+[.)])\s", line) and current:
            blocks.append(current)
            current = []
        current.append(line)
    if current:
        blocks.append(current)
    return ["\n".join(block) for block in blocks]


def markdown_renderer(typesetter, where: str):
    """markdown-it (CommonMark, HTML and tables on) whose ``$...$`` and ``$$...$$`` are
    typeset now by ``typesetter`` (tools/static_math.py's MathJax in Node.js), as the book's
    pages are: a deck loads no MathJax. A TeX error names ``where``."""
    from markdown_it import MarkdownIt
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    def math(content: str, options: dict) -> str:
        display = bool(options.get("display_mode"))
        tag = "div" if display else "span"
        return (f'<{tag} class="math notranslate nohighlight" '
                f'data-tex="{html.escape(content)}">'
                f"{typesetter.html(content, display, where)}</{tag}>")

    md = MarkdownIt("commonmark", {"html": True}).enable("table")
    dollarmath_plugin(md, double_inline=True, renderer=math)
    return md


#: The decks' formulas, relative to the text around them: what MathJax in the browser chose
#: for reveal.js's font (110% on each formula of decks 02, 05 and 19, measured in Chromium
#: before the decks' formulas were typeset at build time).
DECK_MATH_SCALE = 1.1
#: The stylesheet of the decks' formulas, in the slides folder.
DECK_MATH_CSS = "static-math.css"


def deck_typesetter():
    """MathJax in Node.js for decks (tools/static_math.py's), its web fonts the book's."""
    static_math = _sibling("static_math", "static_math.py")
    return static_math.Typesetter(fonts=f"../_static/{static_math.FONTS}",
                                  scale=DECK_MATH_SCALE)


def write_math_stylesheet(out: Path, typesetter) -> Path:
    """The CSS of every formula ``typesetter`` has typeset, as ``out/static-math.css``."""
    path = Path(out) / DECK_MATH_CSS
    _sibling("light_pages", "light_pages.py").write_atomically(
        path, typesetter.stylesheet().encode("utf-8"))
    return path


class DeckBuilder:
    """The slides of one chapter's outline, as HTML, with what they pull from the chapter."""

    def __init__(self, book: Book, outline: Outline, chapters: Path = CHAPTERS,
                 course: dict | None = None, *, typesetter):
        self.book = book
        self.outline = outline
        self.chapters = Path(chapters)
        self.docname = f"{self.chapters.name}/{outline.chapter}"
        path = self.chapters / f"{outline.chapter}.ipynb"
        if not path.is_file():
            raise ValueError(f"{outline.chapter}{OUTLINE_SUFFIX}: no chapter {path.name} beside it")
        self.notebook = nbformat.read(path, as_version=4)
        # a {doc} or {ref} to another chapter links to its page in the book
        names = {f"{self.chapters.name}/{p.stem}": f"../chapters/{p.stem}.html"
                 for p in self.chapters.glob("*.ipynb")}
        self.converter = ChapterConverter(book, self.docname, self.notebook, names)
        self.course = course or {}
        self.md = markdown_renderer(typesetter, f"{outline.chapter}{OUTLINE_SUFFIX}")
        self.labels: dict[str, nbformat.NotebookNode] = {}
        for cell in self.notebook.cells:
            label = cell.metadata.get("label")
            if label:
                if label in self.labels:
                    raise ValueError(f"{path.name}: two cells are labelled {label!r}")
                self.labels[label] = cell
        self.models: list[str] = []         # the widgets the deck shows

    # ---- what a slide pulls from the chapter ---------------------------------------------
    def where(self, number: int) -> str:
        return f"{self.outline.chapter}{OUTLINE_SUFFIX}, slide {number}"

    def cell(self, label: str, kind: str, number: int):
        cell = self.labels.get(label)
        if cell is None:
            raise ValueError(f"{self.where(number)}: no cell of {self.outline.chapter}.ipynb is "
                             f"labelled {label!r} (cell metadata \"label\")")
        wanted = "markdown" if kind == "text" else "code"
        if cell.cell_type != wanted:
            raise ValueError(f"{self.where(number)}: {kind} needs a {wanted} cell, but "
                             f"{label!r} is a {cell.cell_type} cell")
        return cell

    def inline(self, text: str) -> str:
        """A title: the chapter's roles resolved, then markdown rendered inline."""
        return self.md.renderInline(self.converter.inline(text))

    def prose(self, text: str) -> str:
        """Notes or a picked text: roles and directives resolved, then markdown rendered."""
        markdown, _ = self.converter.markdown(text)
        return self.md.render(markdown)

    def figure(self, key: str, number: int) -> tuple[str, str]:
        """(the slide's figure, its caption for the notes) of the figure glued as ``key``."""
        options, caption = self.figure_directive(key, number)
        data = self.converter.glue.get(key, {}).get("data", {})
        if "image/png" not in data:
            raise ValueError(f"{self.where(number)}: the chapter glues no PNG figure {key!r}")
        alt = options.get("alt", "").strip()
        if not alt:
            raise ValueError(f"{self.where(number)}: the figure {key!r} has no alt text")
        label = options.get("name", "").strip().lower()
        found = self.book.figure_number(self.docname, label) if label else None
        prefix = ""
        if found is not None:
            figtype, figure_number = found
            prefix = self.book.numfig_format[figtype].replace("%s", figure_number)
        source = html.escape(f"{prefix} in the book" if prefix else "From the book")
        image = (f'<img src="data:image/png;base64,{data["image/png"]}" '
                 f'alt="{html.escape(alt)}">')
        text = self.prose("\n".join(caption)) if caption else ""
        notes = (f"<p><strong>{html.escape(prefix)}.</strong></p>" if prefix else "") + text
        return (f'<figure class="ec-figure">{image}<figcaption class="ec-source">{source}'
                f"</figcaption></figure>", notes)

    def figure_directive(self, key: str, number: int) -> tuple[dict, list[str]]:
        """The options and caption of the chapter's ``{glue:figure} key`` directive."""
        for cell in self.notebook.cells:
            if cell.cell_type != "markdown":
                continue
            lines = cell.source.split("\n")
            for start, line in enumerate(lines):
                match = GLUE_FIGURE.match(line.strip())
                if not match or match["key"] != key:
                    continue
                fence = match.group(1)
                options, caption, k = {}, [], start + 1
                while k < len(lines) and lines[k].strip() != fence:
                    option = re.match(r"^:([\w-]+):\s*(.*)$", lines[k])
                    if option and not caption:
                        options[option[1]] = option[2]
                    elif lines[k].strip() or caption:
                        caption.append(lines[k])
                    k += 1
                return options, caption
        raise ValueError(f"{self.where(number)}: the chapter shows no figure {key!r} "
                         f"(a {{glue:figure}} {key} directive)")

    def widget(self, label: str, number: int) -> str:
        cell = self.cell(label, "widget", number)
        views = [output["data"][WIDGET_VIEW] for output in cell.outputs
                 if WIDGET_VIEW in output.get("data", {})]
        if len(views) != 1:
            raise ValueError(f"{self.where(number)}: the cell {label!r} displays {len(views)} "
                             f"widgets; a widget slide shows exactly one")
        view = {key: views[0][key] for key in ("version_major", "version_minor", "model_id")}
        self.models.append(view["model_id"])
        return (f'<div class="ec-widget" data-model="{view["model_id"]}">'
                f'<script type="{WIDGET_VIEW}">{json.dumps(view)}</script></div>')

    def code(self, label: str, number: int, output: bool) -> str:
        from pygments import highlight
        from pygments.formatters import HtmlFormatter
        from pygments.lexers import PythonLexer

        cell = self.cell(label, "code", number)
        source = cell.source.strip("\n")
        lines = source.count("\n") + 1
        if lines > MAX_CODE_LINES:
            raise ValueError(f"{self.where(number)}: the cell {label!r} has {lines} lines; a slide "
                             f"shows {MAX_CODE_LINES} at most (label a shorter cell)")
        if re.search(r"\bglue\(|\bplt\.", source):
            raise ValueError(f"{self.where(number)}: the cell {label!r} builds a figure or glues "
                             f"a value; a slide shows code only where the code is the lesson")
        parts = [highlight(source, PythonLexer(), HtmlFormatter(cssclass="highlight"))]
        if output:
            shown = []
            for out in cell.outputs:
                if out.output_type == "stream":
                    shown.append(f'<pre class="ec-output">{html.escape(out.text)}</pre>')
                elif out.output_type == "execute_result":
                    data = out.get("data", {})
                    if "text/html" in data:
                        shown.append(f'<div class="ec-output">{data["text/html"]}</div>')
                    elif "text/plain" in data:
                        shown.append(f'<pre class="ec-output">{html.escape(data["text/plain"])}'
                                     "</pre>")
            if not shown:
                raise ValueError(f"{self.where(number)}: output: true, but the cell {label!r} "
                                 "shows no text output")
            parts += shown
        return '<div class="ec-code">' + "".join(parts) + "</div>"

    def text(self, label: str, number: int, pick: list[int] | None) -> str:
        cell = self.cell(label, "text", number)
        markdown, _ = self.converter.markdown(cell.source)
        markdown = "\n".join(line for line in markdown.split("\n")
                             if not re.match(r"^#{1,6}\s", line))       # headings: the title says it
        if pick is not None:
            blocks = block_texts(markdown)
            chosen = []
            for item in pick:
                index = item["block"] if isinstance(item, dict) else item
                if index >= len(blocks):
                    raise ValueError(f"{self.where(number)}: pick [{index}]: the cell {label!r} "
                                     f"has {len(blocks)} blocks (0 to {len(blocks) - 1})")
                if not isinstance(item, dict):
                    chosen.append(blocks[index])
                    continue
                sentences = sentence_texts(blocks[index])
                missing = [j for j in item["sentences"] if j >= len(sentences)]
                if missing:
                    raise ValueError(f"{self.where(number)}: pick block {index}, sentences "
                                     f"{missing}: it has {len(sentences)} sentences")
                chosen.append(" ".join(sentences[j] for j in item["sentences"]))
            markdown = "\n\n".join(chosen)
        return f'<div class="ec-text">{self.md.render(markdown)}</div>'

    # ---- the deck ------------------------------------------------------------------------
    def numbered_title(self, name: str) -> str:
        """A chapter's title as the book's sidebar shows it ("3. ROC curves")."""
        docname = f"{self.chapters.name}/{name}"
        title = self.book.titles.get(docname, name)
        number = self.book.secnumbers.get(docname, {}).get("")
        return f"{'.'.join(map(str, number))}. {title}" if number else title

    def chapter_title(self) -> str:
        return self.numbered_title(self.outline.chapter)

    def chapter_link(self, name: str) -> str:
        return (f'<a href="../chapters/{name}.html">'
                f'{html.escape(self.numbered_title(name))}</a>')

    def slides_html(self) -> list[str]:
        sections = []
        live_number = None
        for number, slide in enumerate(self.outline.slides, start=2):
            notes = self.prose(slide.notes) if slide.notes.strip() else ""
            if slide.kind == "figure":
                body, caption = self.figure(slide.ref, number)
                notes += caption
            elif slide.kind == "widget":
                body = self.widget(slide.ref, number)
                if slide.ref == self.outline.live:
                    live_number = number
            elif slide.kind == "code":
                body = self.code(slide.ref, number, slide.output)
            else:
                body = self.text(slide.ref, number, slide.pick)
            aside = f'<aside class="notes">{notes}</aside>' if notes else ""
            sections.append(
                f'<section class="ec-slide ec-kind-{slide.kind}" data-kind="{slide.kind}">'
                f'<div class="ec-frame"><h2>{self.inline(slide.title)}</h2>'
                f'<div class="ec-body">{body}</div></div>{aside}</section>')
        return [self.title_slide(live_number)] + sections

    def title_slide(self, live_number: int | None) -> str:
        name = self.outline.chapter
        entry = self.course.get("chapters", {}).get(name, {})
        read = entry.get("assumes", [])
        plan = [f"<li>A lecture of about {self.outline.minutes} minutes, "
                f"{len(self.outline.slides) + 1} slides</li>"]
        plan.append("<li>Read first: " + (", ".join(self.chapter_link(n) for n in read)
                                           if read else "nothing; it starts here") + "</li>")
        if live_number is not None:
            plan.append(f"<li>Run live: the self-check on slide {live_number}</li>")
        plan.append(f'<li>{self.chapter_link(name)} in the book · '
                    f'<a href="handouts/{name}.pdf">the handout (PDF)</a></li>')
        notes = self.prose(self.outline.notes) if self.outline.notes.strip() else ""
        aside = f'<aside class="notes">{notes}</aside>' if notes else ""
        return (f'<section class="ec-slide ec-title-slide" data-kind="title">'
                f'<div class="ec-frame"><h1>{html.escape(self.chapter_title())}</h1>'
                f'<ul class="ec-plan">{"".join(plan)}</ul></div>{aside}</section>')

    def widget_state(self) -> dict:
        """The chapter's saved widget state of the widgets the deck shows (and the models they
        refer to, ``IPY_MODEL_<id>``), those shown at the projector's size."""
        saved = self.notebook.metadata.get("widgets", {}).get(WIDGET_STATE, {})
        models = saved.get("state", {})
        wanted, queue = set(), list(self.models)
        while queue:
            model_id = queue.pop()
            if model_id in wanted:
                continue
            if model_id not in models:
                raise ValueError(f"{self.outline.chapter}: the widget {model_id} has no saved "
                                 "state in the chapter (re-run it with `make notebooks`)")
            wanted.add(model_id)
            queue += re.findall(r"IPY_MODEL_([0-9a-f]+)", json.dumps(models[model_id]["state"]))
        state = {**saved, "state": {key: copy.deepcopy(models[key]) for key in sorted(wanted)}}
        for model_id in self.models:
            if "size" in state["state"][model_id].get("state", {}):
                state["state"][model_id]["state"]["size"] = "large"
        return state


def deck_html(builder: DeckBuilder, out: Path) -> str:
    """The whole deck page of one outline, to be written into ``out`` (the book's slides
    folder): as on the book's pages (tools/light_pages.py), a slider stack's frames are files
    of ``../_images/frames/`` and each widget's module and style a file of
    ``../_static/widgets/``, loaded before the widget host, which the widget state precedes."""
    light = _sibling("light_pages", "light_pages.py")
    # the figures are the book's own image files
    slides = [light.figures_as_files(slide, Path(out), Path(out).parent)
              for slide in builder.slides_html()]
    state = builder.widget_state() if builder.models else None
    static = "../_static"
    scripts = ""
    if state:
        light.frames_as_files(state, Path(out), Path(out).parent)
        sources = light.sources_as_files(state, Path(out), Path(out).parent)
        scripts = (f'<script type="{WIDGET_STATE}">{light.state_script_body(state)}</script>\n'
                   + light.source_script_tags(sources)
                   + "\n".join(f'<script src="{static}/{name}"></script>'
                               for name in book_widget_scripts()))
    title = builder.chapter_title()
    from pygments.formatters import HtmlFormatter

    code_css = HtmlFormatter(style=CODE_STYLE).get_style_defs(".reveal .highlight")
    return TEMPLATE.format(
        title=html.escape(f"{title}: slides"), static=static, scripts=scripts,
        css=CSS_FILE.read_text(encoding="utf-8"),
        code_css=code_css, slides="\n".join(slides),
        chapter=builder.outline.chapter, chapter_title=html.escape(title),
        width=WIDTH, height=HEIGHT)


TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="icon" href="{static}/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="_reveal/dist/reveal.css">
<link rel="stylesheet" href="_reveal/dist/theme/white.css">
<link rel="stylesheet" href="static-math.css">
<style>
{css}
{code_css}
</style>
{scripts}
</head>
<body>
<div class="reveal" role="main">
<div class="slides">
{slides}
</div>
<a class="evalcore-chapter-link" href="../chapters/{chapter}.html"
   title="Back to the chapter in the book">&#8617; {chapter_title} in the book</a>
</div>
<script src="_reveal/dist/reveal.js"></script>
<script src="_reveal/plugin/notes/notes.js"></script>
<script>
(function (Reveal, RevealNotes) {{
  // Keys pressed on a widget (a slider, a choice, a field) move the widget, not the deck:
  // reveal.js listens on the document, so they stop on the way up.
  document.querySelector(".reveal .slides").addEventListener("keydown", function (event) {{
    if (event.target.closest && event.target.closest(
        ".jupyter-widgets, [role=slider], input, select, textarea, button, summary")) {{
      event.stopPropagation();
    }}
  }});
  // listened to before reveal.js starts, so the event cannot come first
  var pdfReady = new Promise(function (resolve) {{
    document.querySelector(".reveal").addEventListener("pdf-ready", resolve, {{ once: true }});
  }});
  Reveal.initialize({{
    width: {width}, height: {height}, margin: 0, center: false,
    controls: true, controlsLayout: "edges", progress: true, hash: true,
    slideNumber: "c/t", navigationMode: "linear",
    transition: "fade", transitionSpeed: "fast",
    pdfMaxPagesPerSlide: 1, pdfSeparateFragments: false,
    plugins: [RevealNotes],
  }}).then(function () {{
    // the print view (?print-pdf) lays its pages out after the page's load event, with the
    // slides out of the document for a frame: ready only once reveal.js says "pdf-ready"
    return Reveal.isPrintView() ? pdfReady : null;
  }}).then(function () {{
    document.documentElement.setAttribute("data-deck-ready", "");
  }});
}})(window.Reveal, window.RevealNotes);
</script>
</body>
</html>
"""

#: The decks' style sheet (a 1280x720 slide, the widgets at a projector's size).
CSS_FILE = Path(__file__).with_name("deck.css")


def outlines(chapters: Path = CHAPTERS) -> list[Path]:
    """The outlines beside the chapters, in file-name order."""
    return sorted(Path(chapters).glob(f"*{OUTLINE_SUFFIX}"))


def build_deck(outline: Path, out: Path, *, book: Book, chapters: Path = CHAPTERS,
               course: dict | None = None, typesetter=None) -> Path:
    """Write the deck of one outline: ``out/NN_name.html``.

    Parameters
    ----------
    outline : path
        ``chapters/NN_name.deck.yml``.
    out : path
        The slides folder, ``_build/html/slides`` (the deck links to ``../_static`` and
        ``../chapters/NN_name.html``).
    book : Book
        The built book (tools/lectures.py's ``Book.load`` of its doctrees).
    typesetter : static_math.Typesetter, optional
        Typesets the deck's formulas (:func:`deck_typesetter`); whoever gives it writes
        the stylesheet (:func:`write_math_stylesheet`) once every deck is built. Without
        one, the deck's own is used and its stylesheet written.

    Returns
    -------
    Path
        The deck, written whole (a temporary file renamed into place).
    """
    if typesetter is None:
        typesetter = deck_typesetter()
        try:
            deck = build_deck(outline, out, book=book, chapters=chapters, course=course,
                              typesetter=typesetter)
            write_math_stylesheet(out, typesetter)
            return deck
        finally:
            typesetter.close()
    builder = DeckBuilder(book, load_outline(outline), chapters, course, typesetter=typesetter)
    page = deck_html(builder, out)
    leaks = sorted(set(re.findall(r"""(?:src|href)=["'](https?://[^"']+)""", page)))
    if leaks:
        raise ValueError(f"the deck of {builder.outline.chapter} would load from outside the "
                         f"book: {leaks}")
    deck = Path(out) / f"{builder.outline.chapter}.html"
    deck.parent.mkdir(parents=True, exist_ok=True)
    partial = deck.with_suffix(".html.partial")
    partial.write_text(page, encoding="utf-8")
    partial.replace(deck)
    return deck


def build_all(book_html: Path, out: Path, chapters: Path = CHAPTERS,
              doctrees: Path | None = None) -> list[Path]:
    """A deck for every outline beside the chapters, and the reveal.js files, in ``out``."""
    book_html, out = Path(book_html), Path(out)
    book = Book.load(doctrees if doctrees is not None else book_html.parent / ".doctrees")
    paths = outlines(chapters)
    if not paths:
        raise ValueError(f"chapters: no outline *{OUTLINE_SUFFIX} in {chapters}")
    course_module = _sibling("course_yml", "course.py")
    course = course_module.load_course()
    out.mkdir(parents=True, exist_ok=True)
    stems = {path.name[:-len(OUTLINE_SUFFIX)] for path in paths}
    # a deck whose outline was removed or renamed leaves nothing stale behind (old names are
    # written again below, as redirects)
    for stale in sorted(set(out.glob("*.html")) - {out / f"{stem}.html" for stem in stems}):
        stale.unlink()
    copy_reveal(out)
    typesetter = deck_typesetter()
    try:
        decks = [build_deck(path, out, book=book, chapters=chapters, course=course,
                            typesetter=typesetter) for path in paths]
        write_math_stylesheet(out, typesetter)
    finally:
        typesetter.close()
    write_old_names(out, {deck.stem for deck in decks})
    return decks


@functools.lru_cache(maxsize=None)
def _sibling(name: str, filename: str):
    """A script of tools/ beside this one, imported once."""
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(filename))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
            shutil.copytree(source, destination, ignore=shutil.ignore_patterns(*REVEAL_UNUSED))
        else:
            shutil.copy2(source, destination)
    return target

def book_widget_scripts(config: Path = ROOT / "_config.yml") -> list[str]:
    """The scripts the book's pages load for widgets: ``nb_ipywidgets_js`` in ``_config.yml``.

    A deck loads the same files from the book's ``_static/``, in the same order (today one: the
    book's widget host, which loads the ipywidgets HTML manager itself for a widget that is
    not evalcore's).

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
    >>> book_widget_scripts()
    ['widget-host.js']
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

def write_old_names(out: Path, decks: set[str]) -> list[Path]:
    """A redirect page at every third-edition deck name that is not a deck now."""
    old_names = _sibling("old_names", "old_names.py")
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
    """The command line: ``python tools/slides.py [--book DIR] [--out DIR]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--book", type=Path, default=ROOT / "_build" / "html",
                        help="the built book's HTML folder (default: _build/html)")
    parser.add_argument("--out", type=Path, default=None,
                        help="where the decks go (default: <book>/slides)")
    parser.add_argument("--chapters", type=Path, default=CHAPTERS)
    args = parser.parse_args(argv)
    out = args.out or args.book / "slides"
    decks = build_all(args.book, out, args.chapters)
    print(f"{len(decks)} slide decks in {out}: {', '.join(d.name for d in decks)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
