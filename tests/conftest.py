"""Shared fixtures: the built book served on 127.0.0.1, and headless Chromium with no network.

The browser tests run against the real static book (``make test`` builds it first). Set
``EVALCORE_BOOK_HTML`` to test another build (for example a book of a few pages).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import threading
from pathlib import Path
from urllib.parse import urlparse

import matplotlib
import pytest

matplotlib.use("Agg")   # the tests draw figures without a display, whatever MPLBACKEND says

ROOT = Path(__file__).resolve().parent.parent
BOOK_HTML = Path(os.environ.get("EVALCORE_BOOK_HTML", ROOT / "_build" / "html"))
CHROMIUM = Path(os.environ.get("EVALCORE_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def serve(directory: Path):
    """Serve ``directory`` on 127.0.0.1 (a free port) from a thread; returns (server, base URL)."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


@pytest.fixture(scope="session")
def book_html() -> Path:
    if not (BOOK_HTML / "index.html").is_file():
        pytest.fail(f"the built book is missing: {BOOK_HTML / 'index.html'} does not exist. "
                    f"Build it with `make book` (`make test` does it first).", pytrace=False)
    return BOOK_HTML


@pytest.fixture(scope="session")
def book_url(book_html):
    server, url = serve(book_html)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def chromium():
    if not CHROMIUM.is_file():
        pytest.fail(f"Chromium is missing ({CHROMIUM}): `make chromium` installs the Debian "
                    f"package", pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                             args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class OfflinePage:
    """A browser tab that aborts every request not to 127.0.0.1 and records what went wrong."""

    def __init__(self, browser, **context) -> None:
        context.setdefault("viewport", {"width": 1200, "height": 900})
        self.context = browser.new_context(service_workers="block", **context)
        self.page = self.context.new_page()
        self.blocked: list[str] = []        # non-local requests attempted (all aborted)
        self.errors: list[str] = []         # console errors and uncaught exceptions
        self.page.route("**/*", self._route)
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(
            f"console error: {m.text} ({m.location.get('url', '')})"))
        self.page.on("pageerror", lambda e: self.errors.append(f"uncaught: {e}"))
        self.page.on("requestfailed", lambda r: self.errors.append(
            f"request failed: {r.url} ({r.failure})") if _is_local(r.url) else None)

    def _route(self, route) -> None:
        if _is_local(route.request.url):
            route.continue_()
        else:
            self.blocked.append(route.request.url)
            route.abort()

    def close(self) -> None:
        self.context.close()


def offline_tab(browser, **context):
    """A tab with its own context options (viewport, zoom, colour scheme) whose non-local
    requests are aborted and recorded: returns (context, page, blocked URLs)."""
    tab = OfflinePage(browser, **context)
    return tab.context, tab.page, tab.blocked


def _is_local(url: str) -> bool:
    parsed = urlparse(url)
    return parsed.scheme in ("data", "blob") or parsed.hostname == "127.0.0.1"


#: JupyterLab settings for the tests: every cell in the DOM (no windowing), no news prompt.
JUPYTERLAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false"},
}


@contextlib.contextmanager
def jupyterlab_server(work: Path, root: Path, token: str):
    """JupyterLab serving ``root`` on 127.0.0.1 with the test settings, its settings,
    workspaces and runtime files under ``work``; yields its base URL once ``/api/status``
    answers, and stops it afterwards."""
    import json
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    settings = work / "settings"
    for name, values in JUPYTERLAB_SETTINGS.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    env = dict(os.environ, JUPYTERLAB_SETTINGS_DIR=str(settings),
               JUPYTERLAB_WORKSPACES_DIR=str(work / "workspaces"),
               JUPYTER_RUNTIME_DIR=str(work / "runtime"))
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    log = open(work / "lab.log", "w")
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         f"--IdentityProvider.token={token}", "--allow-root", "--LabApp.news_url=",
         "--ServerApp.port_retries=0", f"--ServerApp.root_dir={root}"],
        stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"JupyterLab did not start: {(work / 'lab.log').read_text()}",
                                pytrace=False)
                time.sleep(0.3)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


def start_notebook_kernel(base: str, token: str, path: str) -> None:
    """Start a kernel for the notebook at ``path`` (relative to the server's root) through
    Jupyter's REST API, unless its session exists.

    A notebook opened in JupyterLab before the page has the list of kernels asks for one in a
    "Select Kernel" dialog, although the notebook names its kernel. A notebook whose session
    already exists joins that session's kernel and never asks.
    """
    import json
    import urllib.request

    def call(method: str, url: str, body: dict | None = None):
        request = urllib.request.Request(
            f"{base}{url}", method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read() or b"null")

    if not any(session["path"] == path for session in call("GET", "/api/sessions")):
        call("POST", "/api/sessions", {"path": path, "name": Path(path).name, "type": "notebook",
                                        "kernel": {"name": "python3"}})


@pytest.fixture
def offline_page(chromium):
    tab = OfflinePage(chromium)
    yield tab
    tab.close()
