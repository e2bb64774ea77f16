"""Speed of the threshold explorer in a static page: from a slider change to the updated view.

Run with ``make bench`` (or ``python benchmarks/bench_explorer.py [--n 10000] [--changes 200]``).
It builds a static HTML page holding one :func:`evalcore.threshold_explorer` of ``n`` scores
(embedded widget state, the book's own require.js, html-manager and anywidget from _vendor),
serves it on 127.0.0.1, opens it in headless Chromium with every other request aborted, and
presses the arrow keys on the threshold slider. For each key press it measures, in the page,
the time from the keydown event to the explorer's DOM being updated (table, rates, markers,
threshold line), and to the end of the style and layout that update forces. It also times
changes of the class-balance slider (which redraws the PR curve) and, roughly (it includes
loading html-manager's 4 MB of JavaScript and Playwright's polling), the first render.
The median time per threshold change must stay under 16 ms (one frame at 60 Hz) for 10,000
scores; the script exits with status 1 if it does not.
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
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
BUDGET_MS = 16.0

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>threshold explorer benchmark</title>
<link rel="icon" href="data:,">
<script src="require.js"></script>
<script src="widgets-require-config.js"></script>
<script src="html-manager/embed-amd.js"></script>
<script type="application/vnd.jupyter.widget-state+json">{state}</script>
</head><body>
<script type="application/vnd.jupyter.widget-view+json">{view}</script>
</body></html>
"""

# Time key presses inside the page: keydown (capture phase, before noUiSlider sees it) to the
# explorer's data-index attribute changing (its last DOM write per update, after the matrix,
# rates, markers and threshold line), then to the end of the forced style and layout.
INSTALL_TIMER = """() => {
  const root = document.querySelector('.evalcore-explorer');
  window.__bench = {start: 0, updated: [], laidOut: []};
  window.addEventListener('keydown', () => { window.__bench.start = performance.now(); }, true);
  new MutationObserver(() => {
    const b = window.__bench;
    if (!b.start) return;
    const updated = performance.now();
    root.getBoundingClientRect();           // force the style and layout of the new view
    b.updated.push(updated - b.start);
    b.laidOut.push(performance.now() - b.start);
    b.start = 0;
  }).observe(root, {attributes: true, attributeFilter: ['data-index', 'data-copies']});
}"""


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def build_page(directory: Path, n: int, seed: int) -> None:
    from ipywidgets.embed import embed_data

    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    s = rng.normal(y, 1.0)
    explorer = ec.threshold_explorer(y, s, balance=True, title=f"{n:,} scores")
    data = embed_data(views=[explorer], drop_defaults=False)   # keep _esm, rule_index, ...
    (directory / "index.html").write_text(PAGE.format(
        state=json.dumps(data["manager_state"]), view=json.dumps(data["view_specs"][0])),
        encoding="utf-8")
    for name in ("require.js", "html-manager", "anywidget"):
        if not (VENDOR / name).exists():
            sys.exit(f"{VENDOR / name} is missing: run `make book` (or the vendor step) first")
        os.symlink(VENDOR / name, directory / name)
    os.symlink(ROOT / "book_assets" / "widgets-require-config.js",
               directory / "widgets-require-config.js")


def press(handle, keys: list[str]) -> None:
    for key in keys:
        handle.press(key)


def measure(n: int, changes: int, seed: int) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        build_page(Path(tmp), n, seed)
        handler = functools.partial(_QuietHandler, directory=tmp)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
        blocked, errors = [], []
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
            tab.wait_for_selector(".evalcore-explorer[data-ready]", timeout=60_000)
            first_view = tab.evaluate("() => performance.now()")   # navigation start = 0
            tab.evaluate(INSTALL_TIMER)
            handles = tab.locator(".widget-slider .noUi-handle")
            threshold, copies = handles.nth(0), handles.nth(1)
            threshold.focus()
            # walk back and forth around the middle, one operating point per key press
            keys = (["ArrowRight"] * 25 + ["ArrowLeft"] * 25) * (changes // 50 + 1)
            press(threshold, keys[:changes])
            key_times = tab.evaluate("() => window.__bench")
            tab.evaluate("() => { window.__bench.updated = []; window.__bench.laidOut = []; }")
            copies.focus()
            press(copies, (["ArrowRight"] * 9 + ["ArrowLeft"] * 9) * 2)
            copy_times = tab.evaluate("() => window.__bench")
            browser.close()
        server.shutdown()
    if blocked or errors:
        sys.exit(f"the page was not clean: blocked {blocked}, errors {errors}")
    if len(key_times["updated"]) != changes:
        sys.exit(f"expected {changes} view updates, saw {len(key_times['updated'])}")
    return {"threshold": key_times["updated"], "threshold+layout": key_times["laidOut"],
            "balance": copy_times["updated"], "balance+layout": copy_times["laidOut"],
            "page ready": [first_view]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000, help="number of scores")
    parser.add_argument("--changes", type=int, default=200, help="threshold changes to time")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    times = measure(args.n, args.changes, args.seed)
    print(f"threshold explorer, {args.n:,} scores, headless Chromium, static page")
    print(f"{'what':<34}{'median ms':>10}{'p90 ms':>10}{'max ms':>10}")
    labels = {"threshold": "slider change -> view updated",
              "threshold+layout": "  ... + style and layout",
              "balance": "balance change -> view updated",
              "balance+layout": "  ... + style and layout",
              "page ready": "navigation -> explorer drawn (once)"}
    for key, label in labels.items():
        values = sorted(times[key])
        p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
        print(f"{label:<34}{statistics.median(values):>10.2f}{p90:>10.2f}{values[-1]:>10.2f}")
    median = statistics.median(times["threshold+layout"])
    verdict = "within" if median < BUDGET_MS else "OVER"
    print(f"median slider change to updated, laid-out view: {median:.2f} ms, {verdict} the "
          f"{BUDGET_MS:g} ms budget")
    return 0 if median < BUDGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
