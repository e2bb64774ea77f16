"""Print every lecture deck as a PDF handout: ``python tools/handouts.py`` (``make handouts``).

Each deck ``_build/html/slides/NN_name.html`` is opened in headless Chromium (Debian's, the
one ``make test`` installs; no request leaves the machine: the book is served from
127.0.0.1) in reveal.js's print view (``?print-pdf``), once its widgets have rendered at their
saved state and MathJax has typeset, and printed one slide a page, 1280×720, to
``_build/html/slides/handouts/NN_name.pdf``. ``--notes`` prints the speaker notes too, each on
a page after its slide, to ``NN_name-notes.pdf``.

A PDF is written to a temporary name and renamed into place once Chromium has finished it and
its page count equals the deck's slide count, so a handout is never half written. A handout
newer than its deck is kept (``--force`` prints it again). Without Chromium, ``--if-chromium``
(``make book``) says the handouts were skipped and stops without error, so the book itself
never needs a browser.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure_deck import CHROMIUM, serve  # noqa: E402  (a sibling script)

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_PATH = Path(CHROMIUM["executable_path"])
WIDGETS_RENDERED = """() => [...document.querySelectorAll('.ec-widget')]
  .every(box => box.querySelector(':scope > :not(script)'))"""


def pdf_pages(data: bytes) -> int:
    """The number of pages of a PDF (its page objects, ``/Type /Page``).

    Examples
    --------
    >>> pdf_pages(b"<< /Type /Pages /Count 2 >> << /Type /Page >> << /Type/Page >>")
    2
    """
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", data))


def decks(slides: Path) -> list[Path]:
    """The decks in the slides folder: every ``NN_name.html`` that is a reveal.js deck (the
    redirect pages at old names are not)."""
    return [path for path in sorted(Path(slides).glob("*.html"))
            if 'class="reveal"' in path.read_text(encoding="utf-8")]


def print_handout(page, url: str, target: Path, notes: bool = False) -> int:
    """Print the deck at ``url`` to ``target``; returns its number of pages (= slides)."""
    query = "?print-pdf&showNotes=separate-page" if notes else "?print-pdf"
    page.goto(url + query)
    page.wait_for_function("() => document.documentElement.hasAttribute('data-deck-ready')",
                           timeout=120_000)
    page.wait_for_function(WIDGETS_RENDERED, timeout=120_000)
    page.evaluate("() => window.MathJax && MathJax.startup ? MathJax.startup.promise : null")
    page.evaluate("() => document.fonts.ready")
    slides = page.evaluate("() => Reveal.getTotalSlides()")
    partial = target.with_name(target.name + ".partial")
    page.pdf(path=str(partial), prefer_css_page_size=True, print_background=True)
    pages = pdf_pages(partial.read_bytes())
    # one page a slide; with the notes, their pages come on top
    if pages < slides or (pages != slides and not notes):
        partial.unlink()
        raise RuntimeError(f"{url}: the PDF has {pages} pages for {slides} slides; a handout "
                           f"is one slide a page")
    partial.replace(target)
    return pages


def build(book: Path, *, notes: bool = False, force: bool = False) -> list[Path]:
    """A handout per deck of the built book ``book``; returns the PDFs (old ones kept)."""
    from playwright.sync_api import sync_playwright

    slides = Path(book) / "slides"
    found = decks(slides)
    if not found:
        raise ValueError(f"book: no decks in {slides}; build them with `make slides`")
    out = slides / "handouts"
    out.mkdir(parents=True, exist_ok=True)
    base = serve(Path(book))
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**CHROMIUM)
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        # the book is served here; anything else a deck asked for would leave the machine
        context.route(re.compile(r"^(?!http://127\.0\.0\.1:)"), lambda route: route.abort())
        for deck in found:
            target = out / f"{deck.stem}{'-notes' if notes else ''}.pdf"
            if not force and target.is_file() and target.stat().st_mtime >= deck.stat().st_mtime:
                written.append(target)
                continue
            # a fresh tab a deck: in a reused one, a later deck's widgets can fail to render
            page = context.new_page()
            try:
                pages = print_handout(page, f"{base}slides/{deck.name}", target, notes)
            finally:
                page.close()
            print(f"{target.relative_to(book)}: {pages} pages")
            written.append(target)
        browser.close()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--book", type=Path, default=ROOT / "_build" / "html")
    parser.add_argument("--notes", action="store_true", help="print the notes after each slide")
    parser.add_argument("--force", action="store_true", help="print every handout again")
    parser.add_argument("--if-chromium", action="store_true",
                        help="without Chromium, say the handouts were skipped and stop")
    args = parser.parse_args(argv)
    if not CHROMIUM_PATH.is_file() and not shutil.which("chromium"):
        if args.if_chromium:
            print("PDF handouts skipped: no Chromium here (`make handouts` installs it and "
                  "prints them)")
            return 0
        print(f"no Chromium at {CHROMIUM_PATH}: `make chromium` installs it", file=sys.stderr)
        return 1
    handouts = build(args.book, notes=args.notes, force=args.force)
    print(f"{len(handouts)} handouts in {args.book / 'slides' / 'handouts'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
