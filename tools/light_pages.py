"""What a page of the book loads, and nothing it does not use (a Sphinx extension).

The theme's layout (pydata-sphinx-theme) puts two things on every page that a reader's page
never runs:

* FontAwesome as JavaScript, ``scripts/fontawesome.js`` (1.5 MB), which swaps each
  ``<i class="fa-…">`` for an inline SVG. The theme's own CSS already draws the same icons with
  FontAwesome's web font (``vendor/fontawesome/webfonts/fa-solid-900.woff2``, 156 KB, cached
  after the first page), so the icons stay.
* Sphinx's search index and tools (``searchindex.js``, ``searchtools.js``,
  ``language_data.js``), loaded on every page for a search-as-you-type the book leaves off
  (the theme's ``search_as_you_type``): the search box opens ``search.html``, which loads them
  itself.

The book's layout (``_templates/layout.html``) takes those scripts out of the theme's blocks
with the template filter ``without_script``. The filter stops the build when the theme no
longer writes such a script, so a theme update gets a look instead of a silent change.

Once the pages are written, the files the theme copies that no page loads go: FontAwesome's
script and the source maps only a browser's developer tools ask for (6 MB in all).

And each slider stack's frames leave the widget state the page
embeds (base64 PNGs, 190-630 KB a chapter, barely compressible) for image files,
``_images/frames/<hash>.png``, which the browser fetches when the slider shows them and caches
(:func:`frames_as_files`; tools/slides.py does the same for the decks). The chapter notebooks,
and so JupyterLab, keep them inline.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import tempfile
from pathlib import Path

from sphinx.errors import ThemeError

#: Files of ``_static`` the theme copies that no page loads (patterns).
UNUSED = ("scripts/fontawesome.js", "scripts/*.js.map", "styles/*.css.map")

#: Where the frames go, inside the built book.
FRAMES = Path("_images") / "frames"
STATE_SCRIPT = re.compile(r'(<script type="application/vnd\.jupyter\.widget-state\+json">)'
                          r'(.*?)(</script>)', re.S)
INLINE_IMAGE = re.compile(r'src="data:image/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/=\s]+)"')


def without_script(markup: str, name: str) -> str:
    """``markup`` without its one ``<script src=".../name">`` (any query string after it).

    Raises ``ThemeError`` unless exactly one such script is there.

    >>> without_script('<a></a>\\n<script defer src="../_static/x.js?v=1"></script>\\n<b>', "x.js")
    '<a></a>\\n<b>'
    >>> try:
    ...     without_script('<script src="y.js"></script>', "x.js")
    ... except ThemeError as error:
    ...     print(error)
    the theme's layout no longer loads x.js once (found 0):
    look at _templates/layout.html
    """
    pattern = re.compile(r'[ \t]*<script\b[^>]*\bsrc="(?:[^"]*/)?' + re.escape(name)
                         + r'(?:\?[^"]*)?"[^>]*>\s*</script>[ \t]*\n?')
    found = len(pattern.findall(str(markup)))
    if found != 1:
        raise ThemeError(f"the theme's layout no longer loads {name} once (found {found}): "
                         "look at _templates/layout.html")
    return pattern.sub("", str(markup))


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in its folder, so no reader ever
    sees it half-written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def frames_as_files(state: dict, page_folder: Path, book: Path) -> int:
    """Move the inline images of every slider stack in ``state`` (a page's embedded widget
    state, changed in place) into files of ``book/_images/frames/``, named by the SHA-256 of
    their bytes; each pane's ``src`` becomes the file's URL relative to ``page_folder``, the
    folder of the page that embeds ``state``. Returns how many images moved.

    >>> import tempfile
    >>> book = Path(tempfile.mkdtemp())
    >>> png = base64.b64encode(b"\\x89PNG not really").decode()
    >>> state = {"state": {"m": {"model_name": "AnyModel", "state": {
    ...     "evalcore_widget": "slider-stack",
    ...     "panes": [f'<img src="data:image/png;base64,{png}" alt="a">', "<p>text</p>"]}}}}
    >>> frames_as_files(state, book / "chapters", book)
    1
    >>> name = hashlib.sha256(b"\\x89PNG not really").hexdigest()[:20] + ".png"
    >>> state["state"]["m"]["state"]["panes"] == [
    ...     f'<img src="../_images/frames/{name}" alt="a">', "<p>text</p>"]
    True
    >>> (book / "_images" / "frames" / name).read_bytes()
    b'\\x89PNG not really'
    """
    moved = 0

    def to_file(match: re.Match) -> str:
        nonlocal moved
        data = base64.b64decode(match.group(2))
        name = f"{hashlib.sha256(data).hexdigest()[:20]}.{match.group(1)}"
        path = Path(book) / FRAMES / name
        if not path.is_file():
            write_atomically(path, data)
        moved += 1
        return f'src="{Path(os.path.relpath(path, page_folder)).as_posix()}"'

    for model in state.get("state", {}).values():
        traits = model.get("state", {})
        if (model.get("model_name") == "AnyModel"
                and traits.get("evalcore_widget") == "slider-stack"):
            traits["panes"] = [INLINE_IMAGE.sub(to_file, pane) for pane in traits["panes"]]
    return moved


def page_frames_as_files(page: Path, book: Path) -> int:
    """:func:`frames_as_files` on the widget state a built page embeds; the page is rewritten
    (atomically) only when an image moved. Returns how many moved."""
    text = page.read_text(encoding="utf-8")
    found = STATE_SCRIPT.search(text)
    if not found:
        return 0
    state = json.loads(found.group(2))
    moved = frames_as_files(state, page.parent, book)
    if moved:
        # escaped as myst-nb escapes the state it writes (no "</script>" inside the script)
        body = json.dumps(state).replace("</script>", r"<\/script>")
        text = text[:found.start(2)] + body + text[found.end(2):]
        write_atomically(page, text.encode("utf-8"))
    return moved


def _finish(app, exception) -> None:
    """The written book: the unused files out, the frames out of the pages."""
    if exception is not None or app.builder.format != "html":
        return
    book = Path(app.outdir)
    for pattern in UNUSED:
        for path in (book / "_static").glob(pattern):
            path.unlink()
    for page in sorted(book.rglob("*.html")):
        page_frames_as_files(page, book)


def _add_filter(app) -> None:
    templates = getattr(app.builder, "templates", None)
    if templates is not None and hasattr(templates, "environment"):
        templates.environment.filters["without_script"] = without_script


def setup(app):
    app.connect("builder-inited", _add_filter)
    app.connect("build-finished", _finish)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
