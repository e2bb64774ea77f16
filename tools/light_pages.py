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
longer writes such a script, so a theme update gets a look instead of a silent change. The
filter ``classic_script`` (as strict) makes the theme's Bootstrap a classic script at the end
of the body: deferred, its start-up code read the header's box before the DOMContentLoaded
handlers changed the page, which was then laid out twice (the layout says more).

A page preloads the web fonts its shown text draws with (:func:`preload_fonts`): MathJax's
fonts for the formulas outside closed ``<details>`` and FontAwesome's solid face for the
theme's icons. Without, the browser learns it needs a font only once it lays the text out, and
lays the page out again when the font has come (chapter 1's six fonts came in three waves, the
last over a second after the first at CPU/6). A font is preloaded only if the page would fetch
it anyway: no byte more.

Once the pages are written, the files the theme copies that no page loads go: FontAwesome's
script, the source maps only a browser's developer tools ask for, fonts in forms no browser
takes and the theme's translations (7.4 MB in all).

Each widget's front end, its ``_esm`` module (4-29 KB) and its ``_css``, leaves the widget
state of every page (and deck) that embeds it, where it was written once per widget, for a
file of ``_static/widgets/`` named by its hash, which the browser caches for the whole book
(:func:`sources_as_files`): a classic script that puts the text in
``window.evalcoreSources``, loaded just before the widget host, which reads it from there
(book_assets/widget-host.js). The page's body ends by asking the host to render its widgets
(:data:`START_WIDGETS`), before the theme's deferred scripts run. Only on pages whose every
model is evalcore's: a page the HTML manager renders keeps its state as ipywidgets wrote it.

A chapter's figures after its first load lazily (``loading="lazy"``, :func:`lazy_images`):
the browser fetches each when the reader scrolls near it.

The book's PNG images (its figures, the slider stacks' frames) are matplotlib's truecolour
PNGs, which store every antialiased shade; written with a palette of 256 colours chosen for
each image (median cut, Floyd-Steinberg dithering: :func:`smaller_png`) they take under half
the bytes (6.6 MB -> 2.9 MB over the book) and differ from the original by a mean of 0.075 of
255 a channel at the worst, which no eye sees. An image where the palette would differ more on average than :data:`MOST_ERROR`, or
would not be smaller, stays as it is. The files keep their names (the hash of the image as
the chapter stores it), their size and their resolution (pHYs).

And each slider stack's frames leave the widget state the page
embeds (base64 PNGs, 190-630 KB a chapter, barely compressible) for image files,
``_images/frames/<hash>.png``, which the browser fetches when the slider shows them and caches
(:func:`frames_as_files`; tools/slides.py does the same for the decks). The chapter notebooks,
and so JupyterLab, keep them inline.
"""

from __future__ import annotations

import base64
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import tempfile
from pathlib import Path

from sphinx.errors import ThemeError

#: Files of ``_static`` the theme copies that no page loads (patterns): FontAwesome's script;
#: the source maps; FontAwesome's fonts as TrueType (the theme's CSS offers each as WOFF2
#: first, which every browser the book serves takes); sphinx-book-theme's translations, which
#: Sphinx reads when it builds, not the browser.
UNUSED = ("scripts/fontawesome.js", "scripts/*.js.map", "styles/*.css.map",
          "vendor/fontawesome/webfonts/*.ttf", "locales")

#: Files of ``_static`` that only the ipywidgets HTML manager's pages load (widget-host.js's
#: ``handOver``): shipped only when a page needs it.
FALLBACK = ("require.js", "widgets-require-config.js", "html-manager", "anywidget",
            "mathjax2-shim.js")

#: Where the frames go, inside the built book.
FRAMES = Path("_images") / "frames"
#: Where the widgets' modules and styles go, inside the built book.
SOURCES = Path("_static") / "widgets"
#: The traits of an evalcore widget written as files.
SOURCE_TRAITS = ("_esm", "_css")
#: Put at the end of a page's body: the widget host renders the views there, once parsed.
START_WIDGETS = "<script>window.evalcoreWidgetHost && evalcoreWidgetHost.start();</script>\n"
HOST_SCRIPT = re.compile(r'<script\b[^>]*\bsrc="[^"]*widget-host\.js[^"]*"[^>]*>\s*</script>')
STATE_SCRIPT = re.compile(r'(<script type="application/vnd\.jupyter\.widget-state\+json">)'
                          r'(.*?)(</script>)', re.S)
INLINE_IMAGE = re.compile(r'src="data:image/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/=\s]+)"')


def script_src(name: str) -> str:
    """A regular expression's part for a script's ``src="..."`` naming the file ``name`` (in
    any folder, any query string after it)."""
    return r'\bsrc="(?:[^"]*/)?' + re.escape(name) + r'(?:\?[^"]*)?"'


def replaced_once(markup: str, pattern: re.Pattern, replacement: str, name: str,
                  does: str) -> str:
    """``markup`` with the one match of ``pattern`` replaced; ``ThemeError`` unless exactly one
    is there (the theme's layout changed: it no longer ``does`` the script ``name`` once)."""
    found = len(pattern.findall(str(markup)))
    if found != 1:
        raise ThemeError(f"the theme's layout no longer {does} {name} once (found {found}): "
                         "look at _templates/layout.html")
    return pattern.sub(replacement, str(markup))


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
    pattern = re.compile(r'[ \t]*<script\b[^>]*' + script_src(name)
                         + r'[^>]*>\s*</script>[ \t]*\n?')
    return replaced_once(markup, pattern, "", name, "loads")


def classic_script(markup: str, name: str) -> str:
    """``markup`` with its one deferred ``<script defer src=".../name">`` made classic (run when
    the parser reaches it).

    Raises ``ThemeError`` unless exactly one such deferred script is there.

    >>> classic_script('<script defer src="../_static/x.js?v=1"></script>', "x.js")
    '<script src="../_static/x.js?v=1"></script>'
    >>> try:
    ...     classic_script('<script src="x.js"></script>', "x.js")
    ... except ThemeError as error:
    ...     print(error)
    the theme's layout no longer defers x.js once (found 0):
    look at _templates/layout.html
    """
    pattern = re.compile(r'(<script\b[^>]*?)\s+defer(\s[^>]*' + script_src(name) + r'[^>]*>)')
    return replaced_once(markup, pattern, r"\1\2", name, "defers")


#: FontAwesome's solid face, which the theme's icons (``<i class="fa-solid ...">``) draw with.
ICON_FONT = "vendor/fontawesome/webfonts/fa-solid-900.woff2"
SOLID_ICON = re.compile(r'<i\b[^>]*\bclass="(?:[^"]*\s)?(?:fa-solid|fas)[\s"]')
MATH_CLASSES = re.compile(r'<mjx-[a-z-]+\b[^>]*\bclass="([^"]*)"')
#: ``.TEX-I { font-family: MJXZERO, MJXTEX-I; }`` in MathJax's stylesheet: a class and the
#: font families of its glyphs, the first that has a glyph drawing it.
CLASS_FAMILIES = re.compile(r"^\.([A-Za-z0-9-]+)\s*\{\s*font-family:\s*([^;}]+);?\s*\}", re.M)
FONT_FACE = re.compile(r'@font-face[^{]*\{\s*font-family:\s*([^;]+);\s*src:\s*url\("([^"]+)"\)')
DETAILS_TAGS = re.compile(r"<details\b[^>]*>|</summary>|</details>")


def math_fonts(stylesheet: str) -> dict[str, list[str]]:
    """For each class of MathJax's stylesheet (``_static/static-math.css``) that sets a font,
    the files (relative to ``_static``) the browser fetches to draw its glyphs: it tries the
    families in turn, and a family without ``unicode-range`` must be fetched to be tried.

    >>> math_fonts('.TEX-I { font-family: Z, I; }\\n'
    ...            '@font-face /* 0 */ { font-family: Z; src: url("f/Z.woff") format("woff"); }\\n'
    ...            '@font-face /* 1 */ { font-family: I; src: url("f/I.woff") format("woff"); }')
    {'TEX-I': ['f/Z.woff', 'f/I.woff']}
    """
    files = {family.strip(): url for family, url in FONT_FACE.findall(stylesheet)}
    return {name: [files[family.strip()] for family in families.split(",")]
            for name, families in CLASS_FAMILIES.findall(stylesheet)}


def shown_markup(markup: str) -> str:
    """``markup`` less what closed ``<details>`` hold after their summary, which the browser
    does not lay out (book_assets/evalcore.css) and so draws no font for.

    >>> shown_markup('a<details><summary>s</summary>hidden</details>b'
    ...              '<details open><summary>t</summary>shown</details>')
    'a<details><summary>s</summary></details>b<details open><summary>t</summary>shown</details>'
    """
    kept, start, stack = [], 0, []  # stack: [closed, past its summary] for each open details
    for tag in DETAILS_TAGS.finditer(markup):
        hidden = any(closed and past for closed, past in stack)
        text = tag.group(0)
        if text == "</details>":
            if stack:
                stack.pop()
        elif text == "</summary>":
            if stack:
                stack[-1][1] = True
        else:
            stack.append([re.search(r"\sopen[\s>=]", text) is None, False])
        now_hidden = any(closed and past for closed, past in stack)
        if now_hidden and not hidden:
            kept.append(markup[start:tag.end()])
        elif hidden and not now_hidden:
            start = tag.start()
    if not any(closed and past for closed, past in stack):
        kept.append(markup[start:])
    return "".join(kept)


def preload_fonts(markup: str, fonts_by_class: dict[str, list[str]]) -> str:
    """The page ``markup`` with a ``<link rel="preload">`` in its head for each web font its
    shown text draws with (:func:`shown_markup`): FontAwesome's solid face if it shows such an
    icon, and the fonts of the MathJax classes (``fonts_by_class``, :func:`math_fonts`) its
    formulas use. A page that is not one of the book's (no ``data-content_root``) is left as
    it is."""
    root = re.search(r'<html\b[^>]*\bdata-content_root="([^"]*)"', markup)
    head_end = markup.find("</head>")
    if root is None or head_end < 0:
        return markup
    shown = shown_markup(markup)
    files = [ICON_FONT] if SOLID_ICON.search(shown) else []
    classes = {name for names in MATH_CLASSES.findall(shown) for name in names.split()}
    for name in sorted(classes & fonts_by_class.keys()):
        files += [file for file in fonts_by_class[name] if file not in files]
    links = "".join(f'<link rel="preload" href="{root.group(1)}_static/{file}" as="font" '
                    f'type="font/{file.rsplit(".", 1)[-1]}" crossorigin>\n' for file in files)
    return markup[:head_end] + links + markup[head_end:]


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


def frame_path(data: bytes, extension: str, book: Path) -> Path:
    """The file of ``book`` that serves the slider-stack frame ``data``: named by the SHA-256
    of the bytes as the chapter stores them."""
    return Path(book) / FRAMES / f"{hashlib.sha256(data).hexdigest()[:20]}.{extension}"


def frames_from_book(pane: str, book: Path) -> str:
    """``pane`` (a slider stack's pane, HTML) with each inline image replaced, still inline, by
    the book's file of that frame when the book has one (the smaller palette image the pages
    show, :func:`smaller_png`): for a notebook, which must carry its images.

    >>> import tempfile
    >>> book = Path(tempfile.mkdtemp())
    >>> data = b"\\x89PNG the chapter's"
    >>> pane = f'<img src="data:image/png;base64,{base64.b64encode(data).decode()}">'
    >>> frames_from_book(pane, book) == pane          # the book has no file of it
    True
    >>> smaller = b"\\x89PNG the book's"
    >>> write_atomically(frame_path(data, "png", book), smaller)
    >>> frames_from_book(pane, book) == (
    ...     f'<img src="data:image/png;base64,{base64.b64encode(smaller).decode()}">')
    True
    """
    def from_book(match: re.Match) -> str:
        path = frame_path(base64.b64decode(match.group(2)), match.group(1), book)
        if not path.is_file():
            return match.group(0)
        return (f'src="data:image/{match.group(1)};base64,'
                f'{base64.b64encode(path.read_bytes()).decode()}"')

    return INLINE_IMAGE.sub(from_book, pane)


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
        path = frame_path(data, match.group(1), book)
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


def figure_path(data: bytes, extension: str, book: Path) -> Path:
    """The file of ``book`` that serves the figure ``data``, named as myst-nb names the
    book's figures: the SHA-256 of the bytes as the chapter stores them."""
    return Path(book) / "_images" / f"{hashlib.sha256(data).hexdigest()}.{extension}"


def figures_as_files(markup: str, page_folder: Path, book: Path) -> str:
    """``markup`` with each inline image (``src="data:image/...;base64,..."``) served as a
    file of ``book/_images/`` instead, named as myst-nb names the book's figures (the SHA-256
    of the image's bytes): a figure the book shows is the book's own file, cached once for both.

    >>> import tempfile
    >>> book = Path(tempfile.mkdtemp())
    >>> png = base64.b64encode(b"\\x89PNG not really").decode()
    >>> figures_as_files(f'<img src="data:image/png;base64,{png}" alt="a">', book / "slides",
    ...                  book) == ('<img src="../_images/'
    ...                            + hashlib.sha256(b"\\x89PNG not really").hexdigest()
    ...                            + '.png" alt="a">')
    True
    """
    def to_file(match: re.Match) -> str:
        data = base64.b64decode(match.group(2))
        path = figure_path(data, match.group(1), book)
        if not path.is_file():
            write_atomically(path, data)
        return f'src="{Path(os.path.relpath(path, page_folder)).as_posix()}"'

    return INLINE_IMAGE.sub(to_file, markup)


#: The largest mean difference (of 255, over pixels and channels) a palette image may have
#: from its original.
MOST_ERROR = 0.5


def smaller_png(data: bytes) -> bytes:
    """``data`` (a PNG) with a palette of at most 256 colours (median cut, dithered), when
    that is smaller and differs on average by at most :data:`MOST_ERROR` of 255 a channel;
    otherwise ``data`` itself. An image with any transparency is left as it is.

    >>> import io
    >>> from PIL import Image, ImageDraw
    >>> image = Image.new("RGB", (300, 200), "white")
    >>> draw = ImageDraw.Draw(image)
    >>> for k in range(40):
    ...     draw.line((0, 5 * k, 300, 200 - 3 * k), fill=(30 + 5 * k, 90, 200 - 4 * k), width=2)
    >>> buffer = io.BytesIO()
    >>> image.save(buffer, "PNG", dpi=(200, 200))
    >>> original = buffer.getvalue()
    >>> smaller = smaller_png(original)
    >>> len(smaller) < len(original)
    True
    >>> again = Image.open(io.BytesIO(smaller))
    >>> again.mode, again.size, tuple(round(d) for d in again.info["dpi"])
    ('P', (300, 200), (200, 200))
    >>> smaller_png(b"not a PNG")
    b'not a PNG'
    """
    import io

    from PIL import Image, ImageChops, ImageStat, UnidentifiedImageError

    try:
        image = Image.open(io.BytesIO(data))
        image.load()
    except (UnidentifiedImageError, OSError):
        return data
    if image.format != "PNG" or image.mode not in ("RGB", "RGBA"):
        return data
    if image.mode == "RGBA":
        if image.getchannel("A").getextrema()[0] < 255:
            return data
        image = image.convert("RGB")
    palette = image.quantize(256, method=Image.Quantize.MEDIANCUT,
                             dither=Image.Dither.FLOYDSTEINBERG)
    difference = ImageChops.difference(image, palette.convert("RGB"))
    if sum(ImageStat.Stat(difference).mean) / 3 > MOST_ERROR:
        return data
    buffer = io.BytesIO()
    options = {"dpi": image.info["dpi"]} if "dpi" in image.info else {}
    palette.save(buffer, "PNG", **options)
    smaller = buffer.getvalue()
    return smaller if len(smaller) < len(data) else data


def png_smaller_in_place(path: Path) -> None:
    """:func:`smaller_png` on the file ``path``, rewritten (atomically) when it shrinks."""
    data = path.read_bytes()
    smaller = smaller_png(data)
    if len(smaller) < len(data):
        write_atomically(path, smaller)


IMAGE_TAG = re.compile(r"<img\b(?![^>]*\bloading=)")


def lazy_images(markup: str) -> str:
    """``markup`` (a page) with every image of its article after the first marked
    ``loading="lazy"``: the browser fetches a figure when the reader scrolls near it, not all
    of a chapter's figures at once. The first may be on the first screen: it loads at once.

    >>> print(lazy_images('<img src="logo.png"><article><img src="a.png">\\n'
    ...                   '<img src="b.png">\\n<img loading="eager" src="c.png"></article>'))
    <img src="logo.png"><article><img src="a.png">
    <img loading="lazy" src="b.png">
    <img loading="eager" src="c.png"></article>
    """
    start = markup.find("<article")
    if start < 0:
        return markup
    first = IMAGE_TAG.search(markup, start)
    if first is None:
        return markup
    rest = IMAGE_TAG.sub('<img loading="lazy"', markup[first.end():])
    return markup[:first.end()] + rest


def is_evalcore_model(model: dict) -> bool:
    """Is ``model`` (one entry of a widget state) one the book's widget host renders itself:
    an evalcore anywidget or an ipywidgets layout (as ``isOurs`` in widget-host.js)?

    >>> is_evalcore_model({"model_module": "anywidget", "model_name": "AnyModel",
    ...                    "state": {"_anywidget_id": "evalcore.widgets.SelfCheck"}})
    True
    >>> is_evalcore_model({"model_module": "@jupyter-widgets/controls",
    ...                    "model_name": "IntSliderModel", "state": {}})
    False
    """
    if model.get("model_module") == "anywidget" and model.get("model_name") == "AnyModel":
        return str(model.get("state", {}).get("_anywidget_id", "")).startswith("evalcore.")
    return (model.get("model_module") == "@jupyter-widgets/base"
            and model.get("model_name") == "LayoutModel")


def sources_as_files(state: dict, page_folder: Path, book: Path) -> list[str]:
    """Move each evalcore widget's ``_esm`` and ``_css`` in ``state`` (a page's embedded
    widget state, changed in place) into files of ``book/_static/widgets/``, one a distinct
    text, named by the SHA-256 of the text: a classic script that puts the text in
    ``window.evalcoreSources[name]``. Each trait becomes ``{"evalcore_source": name}``.

    Returns the files' URLs relative to ``page_folder``, in the order of first use, for
    ``<script>`` tags before the widget host's. A state with any model the host does not render
    itself (:func:`is_evalcore_model`) is left as it is: the HTML manager will render it.

    >>> import tempfile
    >>> book = Path(tempfile.mkdtemp())
    >>> def widget(esm):
    ...     return {"model_module": "anywidget", "model_name": "AnyModel", "state": {
    ...         "_anywidget_id": "evalcore.widgets.SelfCheck", "_esm": esm, "_css": ".a{}"}}
    >>> state = {"state": {"m1": widget("export default {}"), "m2": widget("export default {}")}}
    >>> urls = sources_as_files(state, book / "chapters", book)
    >>> [url.split("/")[:-1] for url in urls]
    [['..', '_static', 'widgets'], ['..', '_static', 'widgets']]
    >>> name = state["state"]["m1"]["state"]["_esm"]["evalcore_source"]
    >>> state["state"]["m2"]["state"]["_esm"] == {"evalcore_source": name}
    True
    >>> (book / "_static" / "widgets" / f"{name}.js").read_text() == (
    ...     f'(window.evalcoreSources = window.evalcoreSources || {{}})["{name}"] = '
    ...     '"export default {}";\\n')
    True
    """
    models = state.get("state", {}).values()
    if not models or not all(is_evalcore_model(model) for model in models):
        return []
    urls: list[str] = []
    for model in models:
        traits = model.get("state", {})
        for trait in SOURCE_TRAITS:
            text = traits.get(trait)
            if not isinstance(text, str) or not text:
                continue
            name = hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]
            path = Path(book) / SOURCES / f"{name}.js"
            if not path.is_file():
                # json.dumps writes ASCII only: a valid JavaScript string literal
                script = (f"(window.evalcoreSources = window.evalcoreSources || {{}})"
                          f"[{json.dumps(name)}] = {json.dumps(text)};\n")
                write_atomically(path, script.encode("utf-8"))
            traits[trait] = {"evalcore_source": name}
            url = Path(os.path.relpath(path, page_folder)).as_posix()
            if url not in urls:
                urls.append(url)
    return urls


def source_script_tags(urls: list[str]) -> str:
    """The ``<script>`` tags that load the widgets' source files, one a line."""
    return "".join(f'<script src="{url}"></script>\n' for url in urls)


def state_script_body(state: dict) -> str:
    """``state`` as the text of a widget-state ``<script>``, escaped as myst-nb escapes the
    state it writes (no ``</script>`` inside the script)."""
    return json.dumps(state).replace("</script>", r"<\/script>")


def light_markup(text: str, page: Path, book: Path) -> tuple[str, bool]:
    """The built page ``page`` (its markup ``text``) made light: :func:`frames_as_files` and
    :func:`sources_as_files` on the widget state it embeds, the source files' scripts put
    before the widget host's, and the host asked to render at the end of the body. Returns the
    new markup and whether the page needs the ipywidgets HTML manager (it embeds a widget that
    is not evalcore's)."""
    found = STATE_SCRIPT.search(text)
    if not found:
        return text, False
    state = json.loads(found.group(2))
    foreign = not all(is_evalcore_model(model) for model in state.get("state", {}).values())
    moved = frames_as_files(state, page.parent, book)
    urls = sources_as_files(state, page.parent, book)
    if moved or urls:
        text = text[:found.start(2)] + state_script_body(state) + text[found.end(2):]
    if urls:
        host = HOST_SCRIPT.search(text)
        if host is None:
            raise ThemeError(f"{page}: embeds widgets but loads no widget-host.js")
        text = text[:host.start()] + source_script_tags(urls) + text[host.start():]
        # the views are all parsed here: render them before the theme's deferred scripts
        end = text.rfind("</body>")
        if end < 0:
            raise ThemeError(f"{page}: has no </body>")
        text = text[:end] + START_WIDGETS + text[end:]
    return text, foreign


def _finish(app, exception) -> None:
    """The written book: the unused files out, the frames and the widgets' sources out of
    the pages, its figures loaded lazily, its images with a palette, and the HTML manager's
    files out unless a page needs them."""
    if exception is not None or app.builder.format != "html":
        return
    book = Path(app.outdir)
    for pattern in UNUSED:
        for path in (book / "_static").glob(pattern):
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink()
    handed_over = []
    stylesheet = book / "_static" / "static-math.css"
    fonts_by_class = math_fonts(stylesheet.read_text(encoding="utf-8")) \
        if stylesheet.is_file() else {}
    for page in sorted(book.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        light, foreign = light_markup(text, page, book)
        light = preload_fonts(light, fonts_by_class)
        if page.parent == book / "chapters":
            light = lazy_images(light)
        if light != text:
            write_atomically(page, light.encode("utf-8"))
        if foreign:
            handed_over.append(page)
    images = sorted((book / "_images").rglob("*.png"))
    # two processes: about 0.1 s an image
    with concurrent.futures.ProcessPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as pool:
        list(pool.map(png_smaller_in_place, images, chunksize=4))
    if not handed_over:
        for name in FALLBACK:
            path = book / "_static" / name
            if path.is_dir():
                shutil.rmtree(path)
            elif path.exists():
                path.unlink()


def _add_filter(app) -> None:
    templates = getattr(app.builder, "templates", None)
    if templates is not None and hasattr(templates, "environment"):
        templates.environment.filters["without_script"] = without_script
        templates.environment.filters["classic_script"] = classic_script


def setup(app):
    app.connect("builder-inited", _add_filter)
    app.connect("build-finished", _finish)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
