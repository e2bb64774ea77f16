"""Speed of the threshold explorer in a static page: from a key press to the painted frame.

Run with ``make bench`` (or ``python benchmarks/bench_explorer.py [--sizes 1000 20000]
[--presses 100]``). For each size it builds a static HTML page holding one
:func:`evalcore.threshold_explorer` of ``n`` scores the way the book embeds it (the embedded
widget state, rendered by the book's widget host, ``book_assets/widget-host.js``), serves
it on 127.0.0.1, opens it in headless Chromium with every other request aborted, focuses the
threshold's range input and presses the arrow keys, one operating point each, waiting for each
press to be measured before the next one.

Each press is timed in the page from the keydown event (capture phase) to the frame that
shows its result: two ``requestAnimationFrame`` callbacks after the input event (the second
runs once the frame with the change has been painted). Chromium runs with its frame-rate
limit off, so frames follow each other as fast as they are made and the time measured is the
work (script, style, layout, paint, raster, compositing), not the wait for the next 60 Hz tick
(with the limit on, the floor is about 20 ms for any key press). The same is measured for the
class-balance control. The table gives the median and 95th percentile, and the median as a
ratio to a 16 ms frame (60 Hz). Speed is reported here, never asserted in a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys

import numpy as np

from widget_page import FRAME_MS, timed_presses, widget_tab

import evalcore as ec

# keydown (capture, before the range input sees it) -> two animation frames later
INSTALL_TIMER = """() => {
  window.__bench = [];
  window.addEventListener('keydown', () => {
    const start = performance.now();
    requestAnimationFrame(() => requestAnimationFrame(() => {
      window.__bench.push(performance.now() - start);
    }));
  }, true);
}"""


def measure(n: int, presses: int, seed: int) -> dict[str, list[float]]:
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    s = rng.normal(y, 1.0)
    explorer = ec.threshold_explorer(y, s, balance=True, title=f"{n:,} scores")
    with widget_tab(explorer, "threshold explorer benchmark",
                    ".evalcore-explorer[data-ready]") as tab:
        tab.evaluate(INSTALL_TIMER)
        ranges = tab.locator(".evalcore-explorer input[type=range]")
        threshold, copies = ranges.nth(0), ranges.nth(1)
        threshold.focus()
        start = tab.evaluate("() => document.querySelector('.evalcore-explorer')"
                             ".dataset.position")
        keys = (["ArrowRight"] * 25 + ["ArrowLeft"] * 25) * (presses // 50 + 1)
        moves = timed_presses(tab, threshold, keys[:presses])
        end = tab.evaluate("() => document.querySelector('.evalcore-explorer')"
                           ".dataset.position")
        copies.focus()
        balance = timed_presses(tab, copies, (["ArrowRight"] * 9 + ["ArrowLeft"] * 9) * 2)
    if start is None or end is None:
        sys.exit("the explorer did not report its position")
    return {"threshold": moves, "balance": balance}


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(values, q))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 20_000, 50_000])
    parser.add_argument("--presses", type=int, default=100, help="arrow-key presses per size")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print("threshold explorer, headless Chromium, static page: key press -> painted frame "
          "(keydown to the second requestAnimationFrame)")
    print(f"{'scores':>8}  {'what':<22}{'median ms':>10}{'p95 ms':>9}{'median/16ms':>13}")
    for n in args.sizes:
        times = measure(n, args.presses, args.seed)
        for key, label in (("threshold", "threshold arrow key"),
                           ("balance", "copies arrow key")):
            values = times[key]
            median = statistics.median(values)
            print(f"{n:>8,}  {label:<22}{median:>10.2f}{percentile(values, 95):>9.2f}"
                  f"{median / FRAME_MS:>12.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
