"""The harness the widget benchmarks share: a static page holding one widget the way the book
embeds it, served on 127.0.0.1 and opened in headless Chromium with every other request
aborted, and key presses timed in the page.

Used by ``bench_explorer.py`` and ``bench_distribution_explorer.py``.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("EVALCORE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 # frames as fast as they can be made, so the time measured is the work,
                 # not the wait for the next 60 Hz tick
                 "--disable-frame-rate-limit", "--disable-gpu-vsync"]
FRAME_MS = 16.0

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<link rel="icon" href="data:,">
<script type="application/vnd.jupyter.widget-state+json">{state}</script>
<script src="widget-host.js" defer></script>
</head><body style="max-width: 60rem; margin: 1rem auto">
<script type="application/vnd.jupyter.widget-view+json">{view}</script>
</body></html>
"""


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def build_page(directory: Path, widget, title: str) -> None:
    """``directory/index.html`` embedding ``widget``, rendered by the book's widget host."""
    from ipywidgets.embed import embed_data

    data = embed_data(views=[widget], drop_defaults=False)
    (directory / "index.html").write_text(PAGE.format(
        title=title, state=json.dumps(data["manager_state"]),
        view=json.dumps(data["view_specs"][0])), encoding="utf-8")
    os.symlink(ROOT / "book_assets" / "widget-host.js", directory / "widget-host.js")


@contextlib.contextmanager
def widget_tab(widget, title: str, ready_selector: str):
    """A headless Chromium tab on a served page of ``widget``, once ``ready_selector`` is
    there; exits the program if a request tried to leave the machine or the page logged an
    error."""
    from playwright.sync_api import sync_playwright

    blocked, errors = [], []
    with tempfile.TemporaryDirectory() as tmp:
        build_page(Path(tmp), widget, title)
        handler = functools.partial(_QuietHandler, directory=tmp)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
        try:
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
                tab.wait_for_selector(ready_selector, timeout=60_000)
                tab.wait_for_timeout(500)
                yield tab
                browser.close()
        finally:
            server.shutdown()
    if blocked or errors:
        sys.exit(f"the page was not clean: blocked {blocked}, errors {errors}")


def timed_presses(tab, control, keys: list[str]) -> list:
    """Press ``keys`` on ``control`` one by one, each once the last is measured; returns what
    the page's timer (``window.__bench``) recorded, one entry per press."""
    tab.evaluate("() => { window.__bench = []; }")
    for count, key in enumerate(keys, start=1):
        control.press(key)
        tab.wait_for_function("n => window.__bench.length >= n", arg=count, timeout=10_000)
    return tab.evaluate("() => window.__bench")
