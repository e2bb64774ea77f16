"""The weight of the book's pages and how soon their widgets come alive on a slow phone.

Run with ``make bench`` (or ``python benchmarks/bench_pages.py [--book _build/html]
[--pages 01_confusion_matrix 15_costs] [--decks 3]``). The built book is served on 127.0.0.1
as a static host serves it (GitHub Pages sends ``Cache-Control: max-age=600``), and headless
Chromium opens it as a student's mid-range phone would, the way Lighthouse's mobile profile
does: a 390x844 viewport, the CPU slowed six times (DevTools' ``Emulation.setCPUThrottlingRate``),
every name but 127.0.0.1 unresolvable (so nothing leaves the machine, and the
cache works as it does for a reader). For every chapter and three decks:

* **first visit**: the bytes received (bodies and headers, uncompressed: the test server does
  not compress) loading the page in a fresh browser profile, until the network is quiet;
* **second chapter**: the bytes of the next chapter opened after it in the same profile, the
  cache warm;
* **widgets drawn**: from the start of navigation until the book's widget host had rendered
  every widget view of the page (its ``evalcore-widgets-ready`` performance mark), at CPU/6;
* **widgets interactive**: the later of that moment and the end of the page's last long task
  (a task of 50 ms or more, DevTools' Long Tasks API) before the network went quiet: from then
  on a tap on a widget is answered at once, as in Lighthouse's time to interactive. (The
  theme lays the whole page out when it has loaded, and accessibility.js measures it after:
  both are long tasks on a slow phone.)

It prints each page, then the median and the maximum, beside what issue 30 measured before the
light book (the html-manager pages). Bytes do not depend on the machine; times do, and are
only reported here, never asserted in a test.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
# The network is cut by the host resolver (every name but 127.0.0.1 unknown), not by
# Playwright's request interception, which would turn the browser's cache off.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}
SLOWDOWN = 6

#: Issue 30's measurements of the book before it (bytes on first visit in MB, widgets ready
#: at CPU/6 in s), for the pages it names.
BEFORE = {"chapters/01_confusion_matrix": (8.69, 10.1), "chapters/02_rates": (8.63, 9.3),
          "chapters/03_roc_curves": (9.24, 7.5), "chapters/05_auc": (8.99, 8.0),
          "chapters/23_decision_curves": (9.01, 7.5)}

VIEW_TAG = 'script[type="application/vnd.jupyter.widget-view+json"]'

#: True once every widget view of the page has rendered: the HTML manager and the book's
#: widget host both put each view in a div.widget-subarea just before the view's tag.
WIDGETS_READY = """() => {
  const views = [...document.querySelectorAll(
    'script[type="application/vnd.jupyter.widget-view+json"]')];
  const done = views.every(tag => {
    const area = tag.previousElementSibling;
    return area && area.classList.contains('widget-subarea') && area.firstElementChild
           && area.firstElementChild.childElementCount > 0;
  });
  return done;
}"""


class StaticHost(http.server.SimpleHTTPRequestHandler):
    """Files as a static host serves them: cacheable for ten minutes."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, *args) -> None:
        pass


def chapter_pages(book: Path) -> list[str]:
    sources = {path.stem for path in (ROOT / "chapters").iterdir()
               if path.suffix in (".ipynb", ".md")}
    return [f"chapters/{page.stem}" for page in sorted((book / "chapters").glob("*.html"))
            if page.stem in sources]


def deck_pages(book: Path, count: int) -> list[str]:
    """The ``count`` decks that embed the most widget state (the heaviest)."""
    decks = sorted((book / "slides").glob("*.html"),
                   key=lambda page: -page.read_text(encoding="utf-8").count("widget-state+json")
                   * page.stat().st_size)
    return [f"slides/{page.stem}" for page in decks[:count]]


class Visit:
    """One page load in a tab: the bytes received and, if it has widgets, when they were all
    rendered."""

    def __init__(self, tab, session) -> None:
        self.tab, self.session = tab, session
        self.bytes = 0
        session.on("Network.loadingFinished",
                    lambda event: setattr(self, "bytes", self.bytes + event["encodedDataLength"]))

    def open(self, url: str) -> tuple[float | None, float | None]:
        """Load ``url``: (when its widgets were drawn, when they were interactive) in seconds,
        or (None, None) for a page without widgets."""
        self.bytes = 0
        self.tab.goto(url, wait_until="load", timeout=300_000)
        has_views = self.tab.evaluate(f"() => !!document.querySelector('{VIEW_TAG}')")
        drawn = interactive = None
        if has_views:
            self.tab.wait_for_function(WIDGETS_READY, timeout=300_000, polling=50)
        self.tab.wait_for_load_state("networkidle", timeout=300_000)
        if has_views:
            mark = self.tab.evaluate("""() => (performance.getEntriesByName(
                'evalcore-widgets-ready')[0] || {}).startTime""")
            drawn = mark / 1000 if mark is not None else None
            busy = self.tab.evaluate("() => window.__longTasksEnd || 0") / 1000
            interactive = max(drawn if drawn is not None else 0, busy)
        return drawn, interactive


#: Records, from the page's start, when its last long task (50 ms or more) ended.
LONG_TASKS = """
window.__longTasksEnd = 0;
new PerformanceObserver(list => {
  for (const task of list.getEntries()) {
    window.__longTasksEnd = Math.max(window.__longTasksEnd, task.startTime + task.duration);
  }
}).observe({type: "longtask", buffered: true});
"""


def open_tab(browser, blocked: list[str]):
    context = browser.new_context(service_workers="block", **PHONE)
    tab = context.new_page()
    tab.add_init_script(LONG_TASKS)
    tab.on("request", lambda request: None if request.url.startswith(
        ("http://127.0.0.1", "data:", "blob:")) else blocked.append(request.url))
    session = context.new_cdp_session(tab)
    session.send("Network.enable")
    session.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
    return context, Visit(tab, session)


def measure(book: Path, pages: list[str]) -> list[dict]:
    from playwright.sync_api import sync_playwright

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(StaticHost, directory=str(book)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    blocked: list[str] = []
    rows = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=CHROMIUM_ARGS)
            chapters = [page for page in pages if page.startswith("chapters/")]
            for page in pages:
                context, visit = open_tab(browser, blocked)
                drawn, interactive = visit.open(f"{base}{page}.html")
                first = visit.bytes
                second = None
                if page in chapters:
                    following = chapters[(chapters.index(page) + 1) % len(chapters)]
                    visit.open(f"{base}{following}.html")
                    second = visit.bytes
                context.close()
                rows.append({"page": page, "first": first, "second": second, "drawn": drawn,
                             "interactive": interactive})
                print(f"  {page:40s} {first / 1e6:6.2f} MB"
                      + (f"   then {second / 1e6:5.2f} MB" if second is not None else " " * 16)
                      + (f"   widgets drawn {drawn:5.2f} s" if drawn is not None else "")
                      + (f", interactive {interactive:5.2f} s"
                         if interactive is not None else ""),
                      flush=True)
            browser.close()
    finally:
        server.shutdown()
    if blocked:
        sys.exit(f"requests tried to leave the machine (none got out): "
                 f"{sorted(set(blocked))[:5]}")
    return rows


def summary(rows: list[dict], book: Path) -> None:
    def line(name: str, values: list[float], unit: str, target: str) -> None:
        if values:
            print(f"  {name:36s} median {statistics.median(values):6.2f} {unit}   "
                  f"max {max(values):6.2f} {unit}   ({target})")

    chapters = [row for row in rows if row["page"].startswith("chapters/")]
    print(f"\nOver {len(chapters)} chapters and {len(rows) - len(chapters)} decks:")
    line("first visit, a chapter", [r["first"] / 1e6 for r in chapters], "MB", "target ≤ 3.0 MB")
    line("then a second chapter", [r["second"] / 1e6 for r in chapters], "MB", "target ≤ 0.5 MB")
    line("first visit, a deck", [r["first"] / 1e6 for r in rows if r not in chapters], "MB",
         "before: deck 04, 7.22 MB")
    line(f"widgets drawn at CPU/{SLOWDOWN}", [r["drawn"] for r in rows if r["drawn"] is not None],
         "s", "the widget host's mark")
    line(f"widgets interactive at CPU/{SLOWDOWN}",
         [r["interactive"] for r in rows if r["interactive"] is not None], "s",
         "target: median ≤ 3 s, none over 5 s")
    print("\nBeside issue 30's measurements of the book before (first visit; widgets ready, "
          "then polled once the page had loaded, now interactive):")
    for row in rows:
        if row["page"] in BEFORE:
            mb, seconds = BEFORE[row["page"]]
            now = (f"{row['interactive']:.1f} s" if row["interactive"] is not None
                   else "no widgets")
            print(f"  {row['page']:40s} {mb:5.2f} MB -> {row['first'] / 1e6:5.2f} MB   "
                  f"{seconds:4.1f} s -> {now}")
    total = sum(path.stat().st_size for path in book.rglob("*") if path.is_file())
    print(f"\nThe whole built book: {total / 1e6:.1f} MB (target ≤ 30 MB; before: 66 MB)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--book", type=Path, default=ROOT / "_build" / "html")
    parser.add_argument("--pages", nargs="*", default=None,
                        help="chapter names (default: every chapter)")
    parser.add_argument("--decks", type=int, default=3, help="how many decks (the heaviest)")
    args = parser.parse_args(argv)
    book = args.book
    if not (book / "index.html").is_file():
        sys.exit(f"no built book in {book}: run `make book` first")
    pages = ([f"chapters/{name}" for name in args.pages] if args.pages
             else chapter_pages(book)) + deck_pages(book, args.decks)
    print(f"Pages of {book} on a {PHONE['viewport']['width']}x{PHONE['viewport']['height']} "
          f"phone at CPU/{SLOWDOWN}, offline:")
    summary(measure(book, pages), book)
    return 0


if __name__ == "__main__":
    sys.exit(main())
