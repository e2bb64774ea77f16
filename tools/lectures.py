"""Generate clean lecture notebooks from the chapters, with no MyST syntax left.

JupyterLab and Notebook 7 render MyST roles and directives (``{glue:text}``, ``{cite}``,
``{numref}``, ``:::{dropdown}``, ``{glue:figure}``...) as raw text, and they show nothing for
a figure glued with ``display=False``. A lecturer runs the chapters live in JupyterLab, so the
build generates a lecture notebook from each chapter (the chapter stays the one source of
truth; a lecture notebook is never edited by hand)::

    .venv/bin/python tools/lectures.py --book _build/html --out _build/lectures

``--book`` is a built book (``make book``); its Sphinx environment is read from
``<book>/../.doctrees/environment.pickle`` (``--doctrees`` to give another folder), so every
figure number, section title and citation label is the one the book shows. The chapters
are read from ``chapters/`` (``--chapters``). ``--no-sources`` skips the last step below.

What changes, markdown cells only:

* ``{glue:text}`key:fmt``` becomes the glued value, formatted by myst-nb's own
  ``format_plain_text`` (the book's code), taken from the chapter's stored glue outputs;
* ``{glue:figure}`` becomes the figure as a cell attachment, ``<img src="attachment:key.png"
  alt=... width=...>`` at the width the book shows it (``![alt](attachment:key.png)`` when
  the output gives no width), followed by its caption, numbered as the book numbers it (``**Fig. 3.1:** ...``);
* ``{cite}`` becomes the book's label (``[9, 22]``), ``{numref}`` the book's number
  (``Fig. 3.2``), ``{ref}``/``{doc}`` the target's title (a link to the other lecture
  notebook when the target is another chapter); ``(label)=`` lines are removed;
* Python roles (``{func}``, ``{meth}``, ``{attr}``, ``{class}``, ``{data}``...) become inline
  code as the book shows them (``ec.roc_auc()``);
* ``:::{dropdown} Title`` becomes ``<details><summary>Title</summary> ... </details>``
  (blank lines around the content, so JupyterLab renders its markdown); admonitions and
  notes become a blockquote with a bold title;
* a first markdown cell is added: the chapter's title, then a one-line note.

Code cells are copied unchanged, in order, with their stored outputs (so widgets render on
open, and tests/chapters/test_stored_outputs.py can check that a fresh run reproduces them). The cells
the book hides with tags stay (later cells need them) but are collapsed: ``remove-cell`` hides
input and output, ``hide-input``/``remove-input`` the input, ``remove-output`` and
``hide-output`` (which the book folds behind a toggle) the output (cell metadata
``jupyter.source_hidden`` / ``jupyter.outputs_hidden``). Glue outputs carry only
``application/papermill.record/...`` mime types, which JupyterLab renders as nothing (no "No
renderer" message), so they are kept too. Cell execution timestamps are dropped, and the
kernelspec is the one Jupyter writes itself, so a lecture notebook is not marked modified on
open. Signing the notebooks as trusted is left to ``jupyter trust`` (``make lab``).

Last, each lecture notebook is written over ``<book>/_sources/chapters/NN_name.ipynb``, the
file the book's download button offers, so readers download the clean notebook, less one
copy of each figure (:func:`for_download`): a glued figure is stored twice in a lecture
notebook, as the glue cell's output (which JupyterLab shows as nothing, and which running the
cell makes again) and as the markdown cell's attachment that shows it. The download keeps the
attachment, as the book's own image file of that figure (``_images/<sha256>.png``, which the
book writes with a palette: tools/light_pages.py); ``_build/lectures`` keeps both, as the
chapter stores them, for tests/chapters/test_stored_outputs.py.
"""

from __future__ import annotations

import argparse
import base64
import copy
import html
import pickle
import posixpath
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat
from myst_nb.core.variables import format_plain_text
from myst_nb.ext.glue import extract_glue_data_cell

ROOT = Path(__file__).resolve().parent.parent
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
NOTE = ("*Lecture notebook generated from the book's {page}; "
        "run all cells with **Run > Run All Cells**.*")

# tags of the book -> what Jupyter collapses
HIDE_SOURCE = {"remove-cell", "hide-input", "remove-input"}
HIDE_OUTPUTS = {"remove-cell", "remove-output", "hide-output"}

ROLE = re.compile(r"\{(?P<name>[a-zA-Z][\w:.-]*)\}`(?P<content>[^`]*)`")
FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|:{3,})\s*(?P<info>.*?)\s*$")
DIRECTIVE = re.compile(r"^\{(?P<name>[^}]+)\}\s*(?P<arg>.*)$")
OPTION = re.compile(r"^:(?P<key>[\w-]+):\s*(?P<value>.*)$")
LABEL_LINE = re.compile(r"^\s*\([^()\s]+\)=\s*$")
EXPLICIT = re.compile(r"^(?P<title>.*?)\s*<(?P<target>[^<>]+)>$", re.S)
PY_ROLES = {"func", "meth", "attr", "class", "cls", "data", "obj", "mod", "exc", "const"}
CALLABLE_ROLES = {"func", "meth"}
MD_SPECIAL = re.compile(r"([\\`*_\[\]<>$])")


@dataclass
class Book:
    """What the built book knows: numbers, titles and citation labels, from Sphinx."""

    fignumbers: dict
    secnumbers: dict
    titles: dict
    labels: dict
    citations: list
    numfig_format: dict
    add_function_parentheses: bool

    @classmethod
    def load(cls, doctrees: Path) -> "Book":
        path = Path(doctrees) / "environment.pickle"
        if not path.is_file():
            raise ValueError(f"doctrees: {path} does not exist; build the book first "
                             f"(make book)")
        with open(path, "rb") as stream:
            env = pickle.load(stream)
        cite = env.domaindata.get("cite", {})
        return cls(fignumbers=env.toc_fignumbers, secnumbers=env.toc_secnumbers,
                   titles={doc: title.astext() for doc, title in env.titles.items()},
                   labels=env.domaindata["std"]["labels"],
                   citations=[(c.key, c.formatted_entry.label)
                              for c in cite.get("citations", [])],
                   numfig_format=dict(env.config.numfig_format),
                   add_function_parentheses=bool(env.config.add_function_parentheses))

    def figure_number(self, docname: str, label: str) -> tuple[str, str] | None:
        """(figure type, "3.1") of a numbered label in ``docname``, or None."""
        for figtype, numbers in self.fignumbers.get(docname, {}).items():
            if label in numbers:
                return figtype, ".".join(str(n) for n in numbers[label])
        return None

    def section_number(self, docname: str, label: str) -> tuple[str, str] | None:
        """("section", "15") of a section label, numbered as Sphinx numbers it, or None.

        As Sphinx's ``numref``: the section's anchor, else the document's first heading (a
        label just above a chapter's title gives the chapter's number).
        """
        numbers = self.secnumbers.get(docname, {})
        anchor = self.labels[label][1]
        number = numbers.get(f"#{anchor}") or numbers.get("")
        return ("section", ".".join(str(n) for n in number)) if number else None

    def numref(self, docname: str, content: str) -> str:
        match = EXPLICIT.match(content)
        title, label = (match["title"], match["target"]) if match else (None, content)
        label = label.strip().lower()
        if label not in self.labels:
            raise ValueError(f"numref: unknown label {label!r} in {docname}; rebuild the book")
        target_doc = self.labels[label][0]
        found = self.figure_number(target_doc, label) or self.section_number(target_doc, label)
        if found is None:
            raise ValueError(f"numref: label {label!r} has no number in the book")
        figtype, number = found
        template = title if title else self.numfig_format[figtype]
        return template.replace("%s", number).replace("{number}", number)

    def ref(self, docname: str, content: str) -> tuple[str, str]:
        """(text, target docname) of a ``{ref}``."""
        match = EXPLICIT.match(content)
        title, label = (match["title"], match["target"]) if match else (None, content)
        label = label.strip().lower()
        if label not in self.labels:
            raise ValueError(f"ref: unknown label {label!r} in {docname}; rebuild the book")
        target_doc, _, section = self.labels[label]
        return (title or section), target_doc

    def doc(self, docname: str, content: str) -> tuple[str, str]:
        """(text, target docname) of a ``{doc}``."""
        match = EXPLICIT.match(content)
        title, target = (match["title"], match["target"]) if match else (None, content)
        target = target.strip()
        if target.startswith("/"):
            target_doc = target.lstrip("/")
        else:
            target_doc = posixpath.normpath(posixpath.join(posixpath.dirname(docname), target))
        if target_doc not in self.titles:
            raise ValueError(f"doc: unknown document {target!r} in {docname}")
        return (title or self.titles[target_doc]), target_doc

    def cite(self, content: str) -> str:
        keys = [key.strip() for key in content.split(",") if key.strip()]
        known = {key for key, _ in self.citations}
        missing = [key for key in keys if key not in known]
        if missing:
            raise ValueError(f"cite: unknown keys {missing}; rebuild the book")
        # sphinxcontrib-bibtex lists the labels in the bibliography's order
        seen, labels = set(), []
        for key, label in self.citations:
            if key in keys and key not in seen:
                seen.add(key)
                labels.append(label)
        return "[" + ", ".join(labels) + "]"


def escape_markdown(text: str) -> str:
    """Backslash-escape the characters markdown (or MathJax) would interpret.

    Examples
    --------
    >>> escape_markdown("[[0.1, 0.0], [0.1, 0.8]]")
    '\\\\[\\\\[0.1, 0.0\\\\], \\\\[0.1, 0.8\\\\]\\\\]'
    >>> escape_markdown("0.25")
    '0.25'
    """
    return MD_SPECIAL.sub(r"\\\1", text)


def python_role_text(name: str, content: str, parentheses: bool) -> str:
    """The text Sphinx shows for a Python cross-reference role.

    Examples
    --------
    >>> python_role_text("func", "ec.roc_auc", True)
    'ec.roc_auc()'
    >>> python_role_text("meth", "~evalcore.ConfusionMatrix.format", True)
    'format()'
    >>> python_role_text("attr", "cm.tpr", True)
    'cm.tpr'
    >>> python_role_text("func", "the AUC <ec.roc_auc>", True)
    'the AUC'
    """
    match = EXPLICIT.match(content)
    if match:
        return match["title"]
    target = content.strip()
    if target.startswith("!"):
        target = target[1:]
    if target.startswith("~"):
        target = target[1:].rsplit(".", 1)[-1]
    target = target.lstrip(".")
    if name in CALLABLE_ROLES and parentheses and not target.endswith(")"):
        target += "()"
    return target


class ChapterConverter:
    """Turn one chapter notebook into its lecture notebook."""

    def __init__(self, book: Book, docname: str, notebook, lecture_names: dict[str, str]):
        self.book = book
        self.docname = docname
        self.notebook = notebook
        self.lecture_names = lecture_names      # docname -> lecture notebook file name
        self.glue = {}
        for cell in notebook.cells:
            if cell.cell_type == "code":
                for key, output in extract_glue_data_cell(copy.deepcopy(cell)):
                    self.glue[key] = output
        self.attachments: dict = {}

    # ---- inline -------------------------------------------------------------------------
    def glue_text(self, content: str) -> str:
        key, _, fmt_spec = content.rpartition(":") if ":" in content else (content, "", "s")
        if "::" in key:
            raise ValueError(f"glue:text: gluing from another document ({content!r}) is not "
                             f"supported")
        if key not in self.glue:
            raise ValueError(f"glue:text: no glued value {key!r} in {self.docname}")
        data = self.glue[key]["data"]
        if "text/plain" not in data:
            raise ValueError(f"glue:text: {key!r} has no text/plain")
        return escape_markdown(format_plain_text(data["text/plain"], fmt_spec))

    def link(self, text: str, target_doc: str) -> str:
        """Link to another lecture notebook, or plain text (same page, or no notebook)."""
        if target_doc != self.docname and target_doc in self.lecture_names:
            return f"[{escape_markdown(text)}]({self.lecture_names[target_doc]})"
        return escape_markdown(text)

    def role(self, match: re.Match) -> str:
        name, content = match["name"], match["content"]
        if name.startswith("py:"):
            name = name[3:]
        if name == "glue:text":
            return self.glue_text(content)
        if name in ("cite", "cite:p"):
            return self.book.cite(content)
        if name == "numref":
            return escape_markdown(self.book.numref(self.docname, content))
        if name == "ref":
            return self.link(*self.book.ref(self.docname, content))
        if name == "doc":
            return self.link(*self.book.doc(self.docname, content))
        if name in PY_ROLES:
            return "`" + python_role_text(name, content,
                                          self.book.add_function_parentheses) + "`"
        if name == "math":
            return f"${content}$"
        if name in ("sub", "sup"):
            return f"<{name}>{html.escape(content)}</{name}>"
        raise ValueError(f"role {{{name}}} in {self.docname} has no lecture-notebook form; "
                         f"teach tools/lectures.py about it")

    def inline(self, text: str) -> str:
        """Replace the roles of a run of markdown text (code spans are left alone)."""
        out, position = [], 0
        # a code span is a run of backticks not preceded by a role's closing brace
        for match in re.finditer(r"\{[a-zA-Z][\w:.-]*\}`[^`]*`|(`+)[^`]*?\1", text):
            out.append(text[position:match.start()])
            token = match.group(0)
            role = ROLE.fullmatch(token)
            out.append(self.role(role) if role else token)
            position = match.end()
        out.append(text[position:])
        return "".join(out)

    # ---- blocks -------------------------------------------------------------------------
    def blocks(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        i = 0
        while i < len(lines):
            line = lines[i]
            if LABEL_LINE.match(line):
                i += 1
                continue
            fence = FENCE.match(line)
            if fence:
                end = find_close(lines, i + 1, fence["fence"])
                directive = DIRECTIVE.match(fence["info"])
                if directive:
                    out.extend(self.directive(directive["name"], directive["arg"],
                                              lines[i + 1:end]))
                else:                                   # a code block: verbatim
                    out.extend(lines[i:end + 1])
                i = end + 1
                continue
            # a paragraph-ish run of plain lines, up to the next fence or label line
            j = i
            while j < len(lines) and not FENCE.match(lines[j]) and not LABEL_LINE.match(lines[j]):
                j += 1
            out.extend(self.inline("\n".join(lines[i:j])).split("\n"))
            i = j
        return out

    def directive(self, name: str, argument: str, body: list[str]) -> list[str]:
        options, k = {}, 0
        while k < len(body) and OPTION.match(body[k]):
            option = OPTION.match(body[k])
            options[option["key"]] = option["value"]
            k += 1
        content = body[k:]
        while content and not content[0].strip():
            content = content[1:]
        if name == "glue:figure":
            return self.figure(argument.strip(), options, content)
        if name == "dropdown":
            title = self.inline(argument.strip()) or "Details"
            summary = re.sub(r"`([^`]*)`", r"<code>\1</code>", title)
            return (["<details>", f"<summary>{summary}</summary>", ""]
                    + strip_blank(self.blocks(content)) + ["", "</details>"])
        if name in ("admonition", "note", "warning", "tip", "important", "caution",
                    "attention", "danger", "error", "hint", "seealso"):
            title = argument.strip() if name == "admonition" else (
                "See also" if name == "seealso" else name.capitalize())
            inner = strip_blank(self.blocks(content))
            if any("$$" in line for line in inner):
                # display math must not carry "> " prefixes: an HTML blockquote instead
                return (["<blockquote>", "", f"**{self.inline(title)}**", ""] + inner
                        + ["", "</blockquote>"])
            return [f"> **{self.inline(title)}**", ">"] + [
                ("> " + line).rstrip() for line in inner]
        raise ValueError(f"directive {{{name}}} in {self.docname} has no lecture-notebook "
                         f"form; teach tools/lectures.py about it")

    def figure(self, key: str, options: dict, caption: list[str]) -> list[str]:
        if key not in self.glue:
            raise ValueError(f"glue:figure: no glued figure {key!r} in {self.docname}")
        data = self.glue[key]["data"]
        if "image/png" not in data:
            raise ValueError(f"glue:figure: {key!r} has no image/png")
        filename = f"{key}.png"
        self.attachments[filename] = {"image/png": data["image/png"]}
        alt = options.get("alt", "").replace("\n", " ")
        # The glued PNG is drawn at twice its size for sharp screens ("retina"); its display
        # width is in the output's metadata. Markdown images have no width, so a sized figure
        # is an HTML <img>, which JupyterLab resolves like a markdown attachment.
        width = self.glue[key].get("metadata", {}).get("image/png", {}).get("width")
        if width:
            lines = [f'<img src="attachment:{filename}" alt="{html.escape(alt)}" '
                     f'width="{int(width)}">']
        else:
            lines = [f"![{escape_markdown(alt)}](attachment:{filename})"]
        label = options.get("name", "").strip().lower()
        found = self.book.figure_number(self.docname, label) if label else None
        text = "\n".join(strip_blank(self.blocks(caption)))
        if found is not None:
            figtype, number = found
            prefix = self.book.numfig_format[figtype].replace("%s", number)
            text = f"**{escape_markdown(prefix)}:** {text}".rstrip()
        if text:
            lines += [""] + text.split("\n")
        return [""] + lines + [""]

    def markdown(self, source: str) -> tuple[str, dict]:
        self.attachments = {}
        text = "\n".join(self.blocks(source.split("\n")))
        text = re.sub(r"\n{3,}", "\n\n", text).strip("\n")
        return text, self.attachments

    # ---- notebook -----------------------------------------------------------------------
    def convert(self) -> nbformat.NotebookNode:
        lecture = nbformat.v4.new_notebook()
        lecture.metadata = copy.deepcopy(self.notebook.metadata)
        lecture.metadata["kernelspec"] = dict(KERNELSPEC)
        cells = []
        for cell in self.notebook.cells:
            if cell.cell_type == "markdown":
                text, attachments = self.markdown(cell.source)
                new = nbformat.v4.new_markdown_cell(text)
                if "id" in cell:
                    new["id"] = cell["id"]
                if attachments:
                    new["attachments"] = attachments
                if not text and not attachments:
                    continue
                cells.append(new)
            elif cell.cell_type == "code":
                new = copy.deepcopy(cell)
                new.metadata.pop("execution", None)
                tags = set(new.metadata.get("tags", []))
                jupyter = {}
                if tags & HIDE_SOURCE:
                    jupyter["source_hidden"] = True
                if tags & HIDE_OUTPUTS:
                    jupyter["outputs_hidden"] = True
                if jupyter:
                    new.metadata["jupyter"] = jupyter
                cells.append(new)
            else:
                raise ValueError(f"cell type {cell.cell_type!r} in {self.docname} has no "
                                 f"lecture-notebook form")
        cells.insert(0, self.title_cell(cells))
        lecture.cells = [cell for cell in cells if cell is not None]
        return lecture

    def title_cell(self, cells: list):
        """The generated first cell: the chapter's title (moved from its first cell), a note.

        The number is the book's (the sidebar's), never the file name's: "3. ROC curves" over
        "generated from the book's chapter 3"; an unnumbered page is named by its title.
        """
        title = self.book.titles.get(self.docname, self.docname)
        for index, cell in enumerate(cells):
            if cell.cell_type != "markdown":
                continue
            lines = cell.source.split("\n")
            if lines and lines[0].startswith("# "):
                title = lines[0][2:].strip()
                rest = "\n".join(lines[1:]).strip("\n")
                if rest or cell.get("attachments"):
                    cell.source = rest
                else:
                    cells[index] = None
            break
        # numbered as the book numbers it ("3. ROC curves")
        secnumber = self.book.secnumbers.get(self.docname, {}).get("")
        if secnumber:
            number = ".".join(str(n) for n in secnumber)
            title, page = f"{number}. {title}", f"chapter {number}"
        else:
            page = f"page “{title}”"
        new = nbformat.v4.new_markdown_cell(f"# {title}\n\n{NOTE.format(page=page)}")
        new["id"] = "lecture-title"
        return new


GLUE_IMAGE = "application/papermill.record/image/png"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"



def for_download(lecture: nbformat.NotebookNode,
                 book: Path | None = None) -> nbformat.NotebookNode:
    """A copy of ``lecture`` without the glued figures' images that an attachment of the
    notebook already shows (``key.png`` for the figure glued as ``key``); the glue outputs
    keep their other data (the figure's text form), so running the cell gives the same kinds.
    The images the built book ``book`` serves are the book's files (smaller: a palette,
    tools/light_pages.py): an attachment is the book's ``_images/<sha256>.png`` of its image
    (myst-nb names a figure by the SHA-256 of its bytes), and a slider stack's frame in the
    saved widget state the book's file of that frame.

    >>> cell = nbformat.v4.new_code_cell("glue('f', fig)")
    >>> cell.outputs = [nbformat.v4.new_output("display_data", data={
    ...     GLUE_IMAGE: "iVBO", "application/papermill.record/text/plain": "<Figure>"},
    ...     metadata={"scrapbook": {"name": "f"}})]
    >>> shown = nbformat.v4.new_markdown_cell('<img src="attachment:f.png">')
    >>> shown["attachments"] = {"f.png": {"image/png": "iVBO"}}
    >>> notebook = nbformat.v4.new_notebook(cells=[cell, shown])
    >>> sorted(for_download(notebook).cells[0].outputs[0].data)
    ['application/papermill.record/text/plain']
    >>> sorted(notebook.cells[0].outputs[0].data)      # the lecture notebook is unchanged
    ['application/papermill.record/image/png', 'application/papermill.record/text/plain']
    """
    download = copy.deepcopy(lecture)
    shown = {name for cell in download.cells for name in cell.get("attachments", {})}
    if book is not None:
        import light_pages  # a script beside this one (tools/ is on the path)

        for cell in download.cells:
            for attachment in cell.get("attachments", {}).values():
                data = base64.b64decode(attachment.get("image/png", ""))
                book_file = light_pages.figure_path(data, "png", book)
                if data and book_file.is_file():
                    attachment["image/png"] = base64.b64encode(book_file.read_bytes()).decode()
        saved = download.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
        for model in saved.values():
            traits = model.get("state", {})
            if traits.get("evalcore_widget") == "slider-stack":
                traits["panes"] = [light_pages.frames_from_book(pane, book)
                                   for pane in traits["panes"]]
    for cell in download.cells:
        for output in cell.get("outputs", []):
            key = output.get("metadata", {}).get("scrapbook", {}).get("name")
            if GLUE_IMAGE in output.get("data", {}) and f"{key}.png" in shown:
                del output["data"][GLUE_IMAGE]
    return download


def strip_blank(lines: list[str]) -> list[str]:
    """Drop the blank lines at both ends of a list of lines.

    Examples
    --------
    >>> strip_blank(["", "a", "", "b", " "])
    ['a', '', 'b']
    """
    start, end = 0, len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return lines[start:end]


def find_close(lines: list[str], start: int, fence: str) -> int:
    """Index of the line closing a fence opened just before ``start`` (inner fences skipped).

    Examples
    --------
    >>> find_close([":::{note}", "x", ":::", ":::"], 0, ":::")
    3
    >>> find_close(["```python", "x", "```", "```"], 0, "```")
    3
    """
    i = start
    while i < len(lines):
        match = FENCE.match(lines[i])
        if match and match["fence"][0] == fence[0]:
            if not match["info"] and len(match["fence"]) >= len(fence):
                return i
            if match["info"]:                      # an inner fence: skip to its end
                i = find_close(lines, i + 1, match["fence"]) + 1
                continue
        i += 1
    raise ValueError(f"unclosed fence {fence!r} (opened before line {start})")


def build(book_html: Path, out: Path, chapters: Path, doctrees: Path | None = None,
          sources: bool = True) -> list[Path]:
    """Write one lecture notebook per chapter notebook into ``out``; return their paths."""
    book_html, out, chapters = Path(book_html), Path(out), Path(chapters)
    book = Book.load(doctrees if doctrees is not None else book_html.parent / ".doctrees")
    paths = sorted(chapters.glob("*.ipynb"))
    if not paths:
        raise ValueError(f"chapters: no notebook in {chapters}")
    names = {f"{chapters.name}/{path.stem}": path.name for path in paths}
    out.mkdir(parents=True, exist_ok=True)
    # a chapter that was renamed or removed leaves no stale lecture notebook behind
    for stale in sorted(set(out.glob("*.ipynb")) - {out / path.name for path in paths}):
        stale.unlink()
    written = []
    for path in paths:
        docname = f"{chapters.name}/{path.stem}"
        notebook = nbformat.read(path, as_version=4)
        lecture = ChapterConverter(book, docname, notebook, names).convert()
        nbformat.validate(lecture)
        target = out / path.name
        nbformat.write(lecture, target)
        written.append(target)
        if sources:
            download = book_html / "_sources" / chapters.name / path.name
            if download.parent.is_dir():
                nbformat.write(for_download(lecture, book_html), download)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--book", type=Path, default=ROOT / "_build" / "html",
                        help="the built book's HTML folder (default _build/html)")
    parser.add_argument("--doctrees", type=Path, default=None,
                        help="the Sphinx doctrees folder (default <book>/../.doctrees)")
    parser.add_argument("--out", type=Path, default=ROOT / "_build" / "lectures")
    parser.add_argument("--chapters", type=Path, default=ROOT / "chapters")
    parser.add_argument("--no-sources", action="store_true",
                        help="do not copy the notebooks over the book's download files")
    args = parser.parse_args(argv)
    for path in build(args.book, args.out, args.chapters, args.doctrees,
                      sources=not args.no_sources):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
