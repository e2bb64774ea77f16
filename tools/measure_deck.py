"""Measure a built deck as a projector shows it: ``python tools/measure_deck.py NN_name``.

For authors of deck outlines (``chapters/NN_name.deck.yml``): opens
``_build/html/slides/NN_name.html`` in headless Chromium at 1280×720 (``--size`` for another),
walks every slide and prints, per slide, how far anything runs past the slide (px), the
smallest text of each kind (title, text, code, widget, source) and the title's lines; with
``--shots DIR`` it also saves a screenshot of each slide. tests/book/test_slides.py holds every deck
to the same measure (tests/deck_measure.js) and to these limits: overflow 2 px at most; titles,
text and captions 24 px at least; code 20 px; widgets and the source line 18 px; at most 80
words of running text a slide.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MEASURE = (ROOT / "tests" / "deck_measure.js").read_text(encoding="utf-8")
#: The smallest size each kind of text may have on a slide, in screen pixels at 1280×720.
MINIMUM = {"title": 24, "text": 24, "code": 20, "widget": 18, "source": 18}
#: The most words of running text a slide may show (a few lines; the notes hold the rest).
MAX_WORDS = 80
CHROMIUM = {"executable_path": "/usr/bin/chromium", "args": ["--no-sandbox", "--disable-gpu"]}


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder: Path):
    """A local web server on ``folder`` in a thread; returns its base URL."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def measure(page, url: str, shots: Path | None = None, name: str = "deck") -> list[dict]:
    """Every slide of the deck at ``url``, measured (tests/deck_measure.js), in order."""
    page.goto(url)
    page.wait_for_function("() => document.documentElement.hasAttribute('data-deck-ready')",
                           timeout=60_000)
    page.evaluate("() => document.fonts.ready")
    page.evaluate("() => Reveal.configure({ transition: 'none', backgroundTransition: 'none' })")
    results = []
    total = page.evaluate("() => Reveal.getTotalSlides()")
    for index in range(total):
        page.evaluate(f"() => Reveal.slide({index})")
        page.wait_for_function(f"() => Reveal.getIndices().h === {index}")
        if page.evaluate("() => !!Reveal.getCurrentSlide().querySelector('.ec-widget')"):
            page.wait_for_function("() => Reveal.getCurrentSlide().querySelector("
                                   "'.ec-widget > :not(script)')", timeout=60_000)
        page.wait_for_timeout(100)
        results.append(page.evaluate(MEASURE))
        if shots is not None:
            page.screenshot(path=str(Path(shots) / f"{name}-{index + 1:02d}.png"))
    return results


def problems(result: dict) -> list[str]:
    """What breaks the limits on one measured slide."""
    found = []
    if result["overflow"] > 2:
        found.append(f"runs {result['overflow']} px past the slide ({result['worst']})")
    for role, least in MINIMUM.items():
        small = [t for t in result["texts"] if t["role"] == role and t["size"] < least]
        if small:
            found.append(f"{role} text at {small[0]['size']} px < {least} "
                         f"({small[0]['text']!r})")
    if result["words"] > MAX_WORDS:
        found.append(f"{result['words']} words of text (at most {MAX_WORDS}: pick fewer blocks "
                     f"or sentences, and say the rest in the notes)")
    if result["titleLines"] > 2:
        found.append(f"the title takes {result['titleLines']} lines")
    return found


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("decks", nargs="+", help="deck names, e.g. 05_auc")
    parser.add_argument("--book", type=Path, default=ROOT / "_build" / "html")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--shots", type=Path, default=None)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    width, height = map(int, args.size.split("x"))
    base = serve(args.book)
    bad = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**CHROMIUM)
        page = browser.new_page(viewport={"width": width, "height": height})
        for name in args.decks:
            if args.shots:
                args.shots.mkdir(parents=True, exist_ok=True)
            for result in measure(page, f"{base}slides/{name}.html", args.shots, name):
                sizes = {}
                for text in result["texts"]:
                    sizes[text["role"]] = min(sizes.get(text["role"], 99), text["size"])
                issues = problems(result)
                bad += bool(issues)
                print(f"{name} slide {result['index'] + 1:2d} {result['kind']:7s} "
                      f"overflow {result['overflow']:4d}px  words {result['words']:3d}  "
                      f"smallest {sizes}  "
                      f"{'; '.join(issues) or 'ok'}")
        browser.close()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
