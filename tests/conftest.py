"""Shared fixtures: the built book served on 127.0.0.1, headless Chromium with no network, and
an Axes for the figure tests; the markers each test gets.

The browser tests run against the real static book (``make test`` builds it first). Set
``EVALCORE_BOOK_HTML`` to test another build (for example a book of a few pages).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import threading
from pathlib import Path
from urllib.parse import urlparse

import matplotlib
import pytest

matplotlib.use("Agg")   # the tests draw figures without a display, whatever MPLBACKEND says

ROOT = Path(__file__).resolve().parent.parent
BOOK_HTML = Path(os.environ.get("EVALCORE_BOOK_HTML", ROOT / "_build" / "html"))
LECTURES = Path(os.environ.get("EVALCORE_LECTURES", ROOT / "_build" / "lectures"))
CHROMIUM = Path(os.environ.get("EVALCORE_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
#: The tests' browser reaches nothing but this machine: every request to another host goes to a
#: proxy that does not exist (the discard port of 127.0.0.1) and fails there; requests to
#: 127.0.0.1 and localhost bypass any proxy (Chromium's own rule). Each tab also records every
#: such request (:class:`OfflinePage`), so a test fails on one even though it went nowhere.
OFFLINE_ARGS = ["--proxy-server=http://127.0.0.1:9"]


def built_pages(folder: Path) -> list[Path]:
    """The pages built from the book's sources in ``folder`` (its ``chapters/`` or ``slides/``),
    in name order: not the redirect pages the build leaves at the third edition's chapter names
    (``tools/old_names.py``, tested in ``test_numbering.py``)."""
    sources = {path.stem for path in (ROOT / "chapters").iterdir()
               if path.suffix in (".ipynb", ".md")}
    return sorted(page for page in Path(folder).glob("*.html") if page.stem in sources)


# --- markers: what a test needs, so that `-m "not (browser or jupyterlab or ...)"` selects ----
# the fast library tests (`make unit`); `make test` runs everything.
MARKERS = {
    "browser": "drives headless Chromium (the system's, `make chromium`)",
    "jupyterlab": "starts a real JupyterLab or Notebook 7 server",
    "book": "reads the built book, the lecture notebooks or the slides in _build/ (`make book`)",
    "chapters": "reads the chapter notebooks in chapters/ and recomputes their numbers",
    "notebooks": "executes notebooks",
    "dask": "starts a local Dask cluster (the evalcore[dask] extra)",
    "slow": "takes seconds on its own (a subprocess, a worker killed and replaced, a brute-force "
            "enumeration or a simulation): `make test` runs it, `make unit` leaves it out",
}
#: A test that uses one of these fixtures (directly or through another fixture) gets the marker.
MARKER_FIXTURES = {
    "browser": {"chromium"},
    "jupyterlab": {"jupyterlab"},
    "book": {"book_html", "book_url", "lectures"},
}
#: Whole modules, by name (fnmatch patterns).
MARKER_MODULES = {
    "jupyterlab": ("test_jupyterlab",),
    # the checks of chapters/: in tests/chapters/, each file named by its chapters' numbers
    "chapters": ("test_[0-9][0-9]_*", "test_errata", "test_chapter_form"),
    "notebooks": ("test_stored_outputs",),
    "dask": ("test_dask_*",),
}


def pytest_configure(config) -> None:
    for name, description in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {description}")


def markers_for(module: str, fixturenames, path: str = "") -> set[str]:
    """The markers a test gets from its module's name, its fixtures (every fixture it uses,
    through other fixtures too) and its file (a notebook collected by a plugin executes)."""
    import fnmatch

    names = set(fixturenames)
    found = {marker for marker, fixtures in MARKER_FIXTURES.items() if names & fixtures}
    found |= {marker for marker, patterns in MARKER_MODULES.items()
              if any(fnmatch.fnmatchcase(module, pattern) for pattern in patterns)}
    if path.endswith(".ipynb"):
        found.add("notebooks")
    return found


#: The markers of the long files (kernels, Jupyter servers, browsers), which run first, in
#: this order.
LONG = ("notebooks", "jupyterlab", "browser")

#: ``make unit`` sets EVALCORE_TEST_TIER=unit: there each property test (Hypothesis) runs a
#: quarter of the examples its settings ask for (at least 10), so the library's own tests take
#: under two minutes; ``make test`` runs every example.
UNIT_TIER = os.environ.get("EVALCORE_TEST_TIER") == "unit"
UNIT_SHARE = 4
UNIT_FEWEST = 10


def unit_budget(examples: int) -> int:
    """The examples a property test that asks for ``examples`` runs in the unit tier.

    >>> unit_budget(200), unit_budget(30), unit_budget(8)
    (50, 10, 8)
    """
    return examples if examples <= UNIT_FEWEST else max(UNIT_FEWEST, examples // UNIT_SHARE)


def smaller_budgets(items) -> int:
    """Give each property test among ``items`` the budget :func:`unit_budget` allows it;
    returns how many changed. (Hypothesis keeps a test's settings on the test function,
    ``_hypothesis_internal_use_settings``: if no test that uses ``@given`` has them there, a
    new Hypothesis keeps them elsewhere, and this stops to say so.)"""
    import hypothesis

    changed, given, found = 0, 0, 0
    for item in items:
        test = getattr(item, "obj", None)
        if not getattr(test, "is_hypothesis_test", False):
            continue
        given += 1
        current = getattr(test, "_hypothesis_internal_use_settings", None)
        if current is None:
            continue
        found += 1
        wanted = unit_budget(current.max_examples)
        if wanted != current.max_examples:
            # a small budget over a small space (arrays of float16, say) meets inputs it has
            # already tried, which Hypothesis counts as filtered: its filter health check
            # then fails a run in ten or so; `make test`, with the whole budget, keeps it
            suppressed = {*current.suppress_health_check, hypothesis.HealthCheck.filter_too_much}
            test._hypothesis_internal_use_settings = hypothesis.settings(
                current, max_examples=wanted, suppress_health_check=list(suppressed))
            changed += 1
    if given and not found:
        raise pytest.UsageError("the unit tier found no Hypothesis settings to make smaller: "
                                "see tests/conftest.py smaller_budgets")
    return changed


def pytest_collection_modifyitems(config, items) -> None:
    for item in items:
        module = item.module.__name__.rpartition(".")[2] if getattr(item, "module", None) \
            else Path(str(item.path)).stem
        for marker in sorted(markers_for(module, getattr(item, "fixturenames", ()),
                                         str(item.path))):
            item.add_marker(marker)
    # The files that execute notebooks first, then those that start Jupyter, then those that
    # drive a browser, then the rest, each group in its own order: `make test` hands whole
    # files to its processes in this order (`--no-loadscope-reorder`; xdist would otherwise
    # start the files with the most tests first), so no long file starts last and leaves one
    # process working alone at the end.
    if UNIT_TIER:
        smaller_budgets(items)
    rank: dict = {}
    for item in items:
        marks = [i for i, name in enumerate(LONG) if item.get_closest_marker(name)]
        rank[item.path] = min(marks + [rank.get(item.path, len(LONG))])
    items.sort(key=lambda item: rank[item.path])      # a stable sort


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
def lectures() -> Path:
    if not LECTURES.is_dir() or not any(LECTURES.glob("*.ipynb")):
        pytest.fail(f"the lecture notebooks are missing: {LECTURES} has none. Build them with "
                    f"`make lectures` (after `make book`; `make test` does both).",
                    pytrace=False)
    return LECTURES


@pytest.fixture(scope="session")
def chromium():
    if not CHROMIUM.is_file():
        pytest.fail(f"Chromium is missing ({CHROMIUM}): `make chromium` installs the Debian "
                    f"package", pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                             args=CHROMIUM_ARGS + OFFLINE_ARGS)
        yield browser
        browser.close()


class OfflinePage:
    """A browser tab of the offline browser (``OFFLINE_ARGS``: nothing but 127.0.0.1 answers)
    that records every request to another host and what went wrong.

    ``counts`` picks the errors that fail :meth:`check` (every error unless given: Jupyter's
    own pages log errors of their own, which are not ours). No request is intercepted:
    Playwright's routing would turn the browser's cache off and stop each request on its way."""

    def __init__(self, browser, counts=None, **context) -> None:
        context.setdefault("viewport", {"width": 1200, "height": 900})
        self.context = browser.new_context(service_workers="block", **context)
        self.page = self.context.new_page()
        self.counts = counts or (lambda error: True)
        self.blocked: list[str] = []        # requests to another host (none got through)
        self.errors: list[str] = []         # console errors and uncaught exceptions
        self.page.on("request", self._request)
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.errors.append(f"uncaught: {e}"))
        self.page.on("requestfailed", self._request_failed)

    def _request(self, request) -> None:
        if leaves_the_machine(request.url):
            self.blocked.append(request.url)

    def _console(self, message) -> None:
        url = message.location.get("url", "")
        # the browser asks a page that names no icon for /favicon.ico: not the page's error
        if message.type == "error" and not url.endswith("/favicon.ico"):
            self.errors.append(f"console error: {message.text} ({url})")

    def _request_failed(self, request) -> None:
        # A local request that failed (a server gone, a connection refused) is an error; one
        # aborted because the tab went to the next page before it finished (the favicon, a
        # module loaded late) is not. Non-local requests fail by design (``blocked``).
        if _is_local(request.url) and request.failure != "net::ERR_ABORTED":
            self.errors.append(f"request failed: {request.url} ({request.failure})")

    def check(self) -> None:
        """No request left the machine, and no error (that counts) was logged."""
        assert self.blocked == [], f"requests left the machine: {self.blocked[:5]}"
        errors = [error for error in self.errors if self.counts(error)]
        assert errors == [], "\n".join(errors)

    def reset(self) -> None:
        """Ready for the next test: a blank page, the last origin's storage cleared (a
        colour mode chosen, for one), nothing recorded."""
        with contextlib.suppress(Exception):       # a page of another scheme has no storage
            self.page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        self.page.goto("about:blank")
        self.blocked.clear()
        self.errors.clear()

    def close(self) -> None:
        self.context.close()


def _offline_pages(chromium):
    """Opens offline tabs (``open(**context options)`` -> :class:`OfflinePage`); when the
    fixture ends, each is checked (nothing left the machine, no error) and closed."""
    opened: list[OfflinePage] = []

    def open_page(counts=None, **context) -> OfflinePage:
        opened.append(OfflinePage(chromium, counts, **context))
        return opened[-1]

    yield open_page
    try:
        for tab in opened:
            tab.check()
    finally:
        for tab in opened:
            tab.close()


#: the tabs a test opens (its own viewport, zoom, colour scheme), checked after the test
offline_pages = pytest.fixture(_offline_pages, name="offline_pages")

#: the same for a module-scoped page (a module imported once into a blank page)
module_offline_pages = pytest.fixture(_offline_pages, name="module_offline_pages",
                                      scope="module")


@pytest.fixture(scope="session")
def _tab_pool(chromium):
    """The tabs kept open between tests, by their context options (one process's own)."""
    idle: dict[str, list[OfflinePage]] = {}
    yield idle
    for tabs in idle.values():
        for tab in tabs:
            tab.close()


@pytest.fixture
def reading_pages(_tab_pool, chromium):
    """Like ``offline_pages``, for tests that open pages and read them (keys, clicks and
    scripts in the page are fine; no routes, init scripts, listeners or CDP sessions of their
    own): the tabs stay open between tests, so a page's files come from the browser's cache
    and no renderer starts per test. After the test each tab is checked, then reset."""
    borrowed: list[tuple[str, OfflinePage]] = []

    def open_page(counts=None, **context) -> OfflinePage:
        key = json.dumps(context, sort_keys=True)
        tabs = _tab_pool.setdefault(key, [])
        tab = tabs.pop() if tabs else OfflinePage(chromium, **context)
        tab.counts = counts or (lambda error: True)
        borrowed.append((key, tab))
        return tab

    yield open_page
    try:
        for _, tab in borrowed:
            tab.check()
    finally:
        for key, tab in borrowed:
            tab.reset()
            _tab_pool[key].append(tab)


@pytest.fixture
def reading_page(reading_pages) -> OfflinePage:
    """A 1200x900 ``reading_pages`` tab."""
    return reading_pages()


def page_with_module(tab: OfflinePage, origin: str, module: str, name: str):
    """``tab``'s page at ``origin`` (any page of the folder served) with the ES module at
    ``module`` imported as ``window.<name>``, for testing a front end's exported functions in
    the browser."""
    page = tab.page
    page.goto(origin)
    page.add_script_tag(type="module",
                        content=f"import * as module from '{module}'; window.{name} = module;")
    page.wait_for_function(f"() => window.{name} !== undefined", timeout=60_000)
    return page


@pytest.fixture(scope="module")
def explorer_js(module_offline_pages):
    """A page on 127.0.0.1 with the threshold explorer's module imported as ``window.ee``."""
    import evalcore

    server, url = serve(Path(evalcore.__file__).parent)
    yield page_with_module(module_offline_pages(), f"{url}_threshold_explorer.css",
                           "/_threshold_explorer.js", "ee")
    server.shutdown()


@pytest.fixture
def ax():
    """A new Axes of its own figure, the figure closed after the test."""
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots()
    yield axes
    plt.close(figure)


@pytest.fixture
def close_figures():
    """Every figure closed after the test: the figure tests take it for the whole file
    (``pytestmark = pytest.mark.usefixtures("close_figures")``)."""
    yield
    import matplotlib.pyplot as plt

    plt.close("all")


@pytest.fixture
def offline_page(offline_pages) -> OfflinePage:
    """A 1200x900 offline tab, checked after the test: nothing left the machine, no error."""
    return offline_pages()


def _is_local(url: str) -> bool:
    parsed = urlparse(url)
    return parsed.scheme in ("data", "blob") or parsed.hostname == "127.0.0.1"


def leaves_the_machine(url: str) -> bool:
    """A request over the network to another host (not a ``data:``, ``blob:`` or
    ``attachment:`` URL, which a page resolves itself or not at all)."""
    parsed = urlparse(url)
    return parsed.scheme in ("http", "https", "ws", "wss", "ftp") and \
        parsed.hostname not in ("127.0.0.1", "localhost")


#: JupyterLab settings for the tests: every cell in the DOM (no windowing), no news prompt, and
#: the notebook's own kernel started without asking (JupyterLab can otherwise show a "Select
#: Kernel" dialog when it opens a notebook before it has the list of kernels, and a Run All
#: Cells clicked meanwhile is lost).
JUPYTERLAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {
        "windowingMode": "none", "autoStartDefaultKernel": True},
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


# --- a notebook open in JupyterLab or Notebook 7, its kernel connected and idle -------------------
def jupyter_counts(error: str) -> bool:
    """The errors on a Jupyter page that are ours (JupyterLab and Notebook 7 log their own)."""
    return any(word in error.lower() for word in ("evalcore", "anywidget", "distribution_explorer",
                                                  "distribution explorer", "distributionexplorer"))


#: The page counts the kernel's replies to cells it ran (``window.evalcoreExecuteReplies``, a
#: status per reply; their number in ``<html data-evalcore-replies>``), read off the kernel's
#: websocket (JSON or the binary v1 protocol).
COUNT_EXECUTE_REPLIES = """(() => {
  if (window.evalcoreExecuteReplies) return;
  window.evalcoreExecuteReplies = [];
  const Native = window.WebSocket;
  const decoder = new TextDecoder();
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', event => {
        const text = typeof event.data === 'string' ? event.data
          : event.data instanceof ArrayBuffer ? decoder.decode(event.data) : '';
        if (/"msg_type":\\s*"execute_reply"/.test(text)) {
          const status = text.match(/"status":\\s*"(\\w+)"/);
          window.evalcoreExecuteReplies.push(status ? status[1] : '?');
          document.documentElement.dataset.evalcoreReplies =
            String(window.evalcoreExecuteReplies.length);
        }
      });
    }
  };
})();"""
KERNEL_IDLE = ".jp-Notebook-ExecutionIndicator[data-status='idle']"


def _accept_kernel_dialog(dialog) -> None:
    """JupyterLab can ask for a kernel although the notebook names its own (when it opens the
    notebook before it has the list of kernels): take the one it proposes, the notebook's."""
    text = dialog.inner_text()
    assert "Select Kernel" in text or "Python 3" in text, f"an unexpected dialog: {text!r}"
    dialog.locator(".jp-mod-accept").click()


def open_notebook(tab: OfflinePage, base: str, token: str, app: str, path: str,
                  query: str = "") -> None:
    """Open the notebook ``path`` in ``app`` (``lab/tree`` or ``notebooks``) and wait until it
    is connected to its kernel and the kernel is idle.

    Its kernel is started first through the REST API (so that Jupyter does not ask for one);
    should a kernel dialog appear all the same, now or later, it is accepted and awaited gone
    before any click or assertion goes on (a Playwright locator handler). In JupyterLab the
    workspace is reset (``&reset``), so this notebook is the only one open: a workspace
    restored from an earlier test would show a second notebook and its kernel's indicator.
    """
    from playwright.sync_api import expect

    if app == "lab/tree" and "reset" not in query:
        query += "&reset"
    page = tab.page
    if not getattr(tab, "jupyter_ready", False):
        page.add_init_script(COUNT_EXECUTE_REPLIES)
        page.add_locator_handler(page.locator(".jp-Dialog").first, _accept_kernel_dialog)
        tab.jupyter_ready = True
    start_notebook_kernel(base, token, path)
    page.goto(f"{base}/{app}/{path}?token={token}{query}")
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_attached(timeout=60_000)
    expect(page.locator(KERNEL_IDLE)).to_have_count(1, timeout=60_000)


#: What the page shows of a run: the kernel's replies so far, whether a cell waits or runs
#: (its prompt "[*]"), whether the kernel is idle.
RUN_STATE = f"""() => ({{
  replies: window.evalcoreExecuteReplies.length,
  pending: [...document.querySelectorAll('.jp-InputArea-prompt')]
    .some(p => p.textContent.includes('*')),
  idle: document.querySelector("{KERNEL_IDLE}") !== null}})"""


def run_all_cells(page, cells: int) -> list[str]:
    """Run > Run All Cells (both apps have the menu); wait until the kernel has replied to each
    of the ``cells`` code cells and is idle again. Returns the statuses of the last run's
    replies.

    A run that stops short (the kernel idle, no cell waiting, fewer replies than cells) is run
    again, twice at most: on a loaded machine JupyterLab can replace a kernel that is slow to
    come alive with one of its own, and the cells after the first are then never sent; a kernel
    dialog that took the command does the same.
    """
    import re
    import time

    from playwright.sync_api import expect

    html = page.locator("html")
    for attempt in range(3):
        start = page.evaluate("() => window.evalcoreExecuteReplies.length")
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        deadline, stalled_since = time.monotonic() + 180, None
        while True:
            # an assertion that retries (not wait_for_function): before each try, a kernel
            # dialog that JupyterLab shows meanwhile is accepted (open_notebook's handler)
            try:
                expect(html).to_have_attribute("data-evalcore-replies", str(start + cells),
                                               timeout=5_000)
                state = None
            except AssertionError:
                state = page.evaluate(RUN_STATE)
            if state is None or state["replies"] >= start + cells:
                expect(page.locator(KERNEL_IDLE)).to_have_count(1, timeout=60_000)
                return page.evaluate("n => window.evalcoreExecuteReplies.slice(-n)", cells)
            if state["idle"] and not state["pending"]:          # stopped short
                stalled_since = stalled_since or time.monotonic()
                if time.monotonic() - stalled_since >= 2:       # and stays so: run again
                    break
            else:
                stalled_since = None
            if time.monotonic() > deadline:
                break
    state = page.evaluate("""() => ({
      replies: window.evalcoreExecuteReplies,
      prompts: [...document.querySelectorAll('.jp-InputArea-prompt')].map(p => p.textContent),
      kernel: [...document.querySelectorAll('[data-status]')].map(e => e.dataset.status),
      dialog: [...document.querySelectorAll('.jp-Dialog')].map(d => d.innerText)})""")
    pytest.fail(f"the kernel did not answer {cells} cells after Run All Cells, three times: "
                f"{state}", pytrace=False)
