"""Speed of the distribution explorer in a static page: from a key press to the painted frame.

Run with ``python benchmarks/bench_distribution_explorer.py [--sizes 400 2000 10000]
[--presses 60]``. For each n it builds a static HTML page holding one
:func:`evalcore.distribution_explorer` the way the book embeds it (the embedded widget state,
the book's own require.js, html-manager and anywidget from ``_vendor``), serves it on
127.0.0.1, opens it in headless Chromium with every other request aborted, and presses the
arrow keys on each of its three controls, waiting for each press to be measured before the
next one.

Two times per press, both measured in the page from the keydown event's time stamp:

* **update**: until the widget's own keydown handler has returned, that is the new value
  written to the model and the view redrawn (the counts, the matrix, the markers, the canvas;
  for the separation and the prevalence also the new scores, their sort, the curves, the AUC,
  the average precision and the histograms). Read by a second capture listener on the window,
  registered after the widget's, which runs right after it.
* **frame**: until the frame showing the change has been painted: two
  ``requestAnimationFrame`` callbacks later. Chromium runs with its frame-rate limit off, so
  this is the work (script, style, layout, paint, raster, compositing), not the wait for the
  next 60 Hz tick.

The "update" time is the widget's own work; the "frame" time adds Chromium's style, layout,
paint and compositing, and its scheduling of the frame (headless, on a shared machine, most of
it). The table gives the median and 95th percentile of each, and the median frame as a share
of a 16 ms frame (60 Hz). Speed is reported here, never asserted in a test.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import statistics
import sys
import tempfile
import threading
from pathlib import Path

import numpy as np

import evalcore as ec

ROOT = Path(__file__).resolve().parent.parent
VENDOR = Path(os.environ.get("EVALCORE_VENDOR", ROOT / "_vendor"))   # the Makefile's vendor step
CHROMIUM = os.environ.get("EVALCORE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-frame-rate-limit", "--disable-gpu-vsync"]
FRAME_MS = 16.0

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>distribution explorer benchmark</title>
<link rel="icon" href="data:,">
<script src="require.js"></script>
<script src="widgets-require-config.js"></script>
<script src="html-manager/embed-amd.js"></script>
<script type="application/vnd.jupyter.widget-state+json">{state}</script>
</head><body style="max-width: 60rem; margin: 1rem auto">
<script type="application/vnd.jupyter.widget-view+json">{view}</script>
</body></html>
"""

# registered after the widget's own capture listener on the window: it runs right after it
INSTALL_TIMER = """() => {
  window.__bench = [];
  window.addEventListener('keydown', (event) => {
    const start = event.timeStamp;
    const update = performance.now() - start;
    requestAnimationFrame(() => requestAnimationFrame(() => {
      window.__bench.push([update, performance.now() - start]);
    }));
  }, true);
}"""


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def build_page(directory: Path, n: int) -> None:
    from ipywidgets.embed import embed_data

    explorer = ec.distribution_explorer(n=n, title=f"n = {n:,}")
    data = embed_data(views=[explorer], drop_defaults=False)
    (directory / "index.html").write_text(PAGE.format(
        state=json.dumps(data["manager_state"]), view=json.dumps(data["view_specs"][0])),
        encoding="utf-8")
    for name in ("require.js", "html-manager", "anywidget"):
        if not (VENDOR / name).exists():
            sys.exit(f"{VENDOR / name} is missing: run `make book` (or the vendor step) first")
        os.symlink(VENDOR / name, directory / name)
    os.symlink(ROOT / "book_assets" / "widgets-require-config.js",
               directory / "widgets-require-config.js")


def timed_presses(tab, control, keys: list[str]) -> list[list[float]]:
    tab.evaluate("() => { window.__bench = []; }")
    for count, key in enumerate(keys, start=1):
        control.press(key)
        tab.wait_for_function("n => window.__bench.length >= n", arg=count, timeout=10_000)
    return tab.evaluate("() => window.__bench")


def measure(n: int, presses: int) -> dict[str, list[list[float]]]:
    from playwright.sync_api import sync_playwright

    half = max(1, presses // 2)
    keys = {"threshold": ["ArrowRight"] * half + ["ArrowLeft"] * half,
            "separation": ["ArrowRight"] * min(half, 30) + ["ArrowLeft"] * min(half, 30),
            "prevalence": ["ArrowLeft"] * min(half, 9) + ["ArrowRight"] * min(half, 9)}
    with tempfile.TemporaryDirectory() as tmp:
        build_page(Path(tmp), n)
        handler = functools.partial(_QuietHandler, directory=tmp)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
        blocked, errors, times = [], [], {}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=CHROMIUM_ARGS)
            tab = browser.new_page(viewport={"width": 1200, "height": 900})
            tab.route("**/*", lambda route: route.continue_()
                      if route.request.url.startswith(("http://127.0.0.1", "data:", "blob:"))
                      else (blocked.append(route.request.url), route.abort()))
            tab.on("console", lambda m: m.type == "error" and errors.append(m.text))
            tab.on("pageerror", lambda e: errors.append(str(e)))
            tab.goto(url)
            tab.wait_for_selector(".evalcore-distribution-explorer[data-ready]", timeout=60_000)
            tab.wait_for_timeout(500)
            tab.evaluate(INSTALL_TIMER)
            for name, sequence in keys.items():
                control = tab.locator(".evalcore-distribution-explorer "
                                      f'input[data-control="{name}"]')
                control.focus()
                times[name] = timed_presses(tab, control, sequence)
            browser.close()
        server.shutdown()
    if blocked or errors:
        sys.exit(f"the page was not clean: blocked {blocked}, errors {errors}")
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[400, 2_000, 10_000])
    parser.add_argument("--presses", type=int, default=60, help="presses on θ per size")
    args = parser.parse_args(argv)
    print("distribution explorer, headless Chromium, static page: key press -> update done, "
          "-> painted frame (ms)")
    print(f"{'n':>7}  {'control':<11}{'presses':>8}{'update med':>12}{'update p95':>12}"
          f"{'frame med':>11}{'frame p95':>11}{'frame/16ms':>12}")
    for n in args.sizes:
        for name, rows in measure(n, args.presses).items():
            update = [row[0] for row in rows]
            frame = [row[1] for row in rows]
            print(f"{n:>7,}  {name:<11}{len(rows):>8}{statistics.median(update):>12.2f}"
                  f"{float(np.percentile(update, 95)):>12.2f}{statistics.median(frame):>11.2f}"
                  f"{float(np.percentile(frame, 95)):>11.2f}"
                  f"{statistics.median(frame) / FRAME_MS:>11.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
