"""Speed of the distribution explorer in a static page: from a key press to the painted frame.

Run with ``python benchmarks/bench_distribution_explorer.py [--sizes 400 2000 10000]
[--presses 60]``. For each n it builds a static HTML page holding one
:func:`evalcore.distribution_explorer` the way the book embeds it (the embedded widget state,
rendered by the book's widget host, ``book_assets/widget-host.js``), serves it on
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
import statistics
import sys

import numpy as np

from widget_page import FRAME_MS, timed_presses, widget_tab

import evalcore as ec

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


def measure(n: int, presses: int) -> dict[str, list[list[float]]]:
    half = max(1, presses // 2)
    keys = {"threshold": ["ArrowRight"] * half + ["ArrowLeft"] * half,
            "separation": ["ArrowRight"] * min(half, 30) + ["ArrowLeft"] * min(half, 30),
            "prevalence": ["ArrowLeft"] * min(half, 9) + ["ArrowRight"] * min(half, 9)}
    explorer = ec.distribution_explorer(n=n, title=f"n = {n:,}")
    times = {}
    with widget_tab(explorer, "distribution explorer benchmark",
                    ".evalcore-distribution-explorer[data-ready]") as tab:
        tab.evaluate(INSTALL_TIMER)
        for name, sequence in keys.items():
            control = tab.locator(".evalcore-distribution-explorer "
                                  f'input[data-control="{name}"]')
            control.focus()
            times[name] = timed_presses(tab, control, sequence)
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
