"""The tests' browser is offline: a request to another host is recorded and goes nowhere.

``conftest.OFFLINE_ARGS`` sends every request that is not to this machine to a proxy that does
not exist, and each ``OfflinePage`` records such requests, so that a page that tries to reach
the internet fails its test (``check``) even though nothing left. Tabs kept open between tests
(``reading_pages``) start each test blank, with nothing recorded and the last page's storage
cleared.
"""

from __future__ import annotations

import pytest

from conftest import OfflinePage, leaves_the_machine, serve

PAGE = """<!DOCTYPE html><title>t</title>
<img src="http://example.org/pixel.png">
<script>
  window.outcome = fetch("https://example.com/data.json").then(() => "reached", () => "failed");
  localStorage.setItem("mode", "dark");
</script>"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("site")
    (folder / "index.html").write_text(PAGE, encoding="utf-8")
    (folder / "blank.html").write_text("<!DOCTYPE html><title>b</title>", encoding="utf-8")
    server, url = serve(folder)
    yield url
    server.shutdown()


def test_a_request_to_another_host_is_recorded_and_fails(chromium, site):
    tab = OfflinePage(chromium)
    failures = {}
    tab.page.on("requestfailed", lambda request: failures.update({request.url: request.failure}))
    try:
        tab.page.goto(f"{site}index.html", wait_until="load")
        assert tab.page.evaluate("() => window.outcome") == "failed"
        # stopped at the proxy that is not there, not by a name that did not resolve
        assert failures == {url: "net::ERR_PROXY_CONNECTION_FAILED" for url in
                            ("http://example.org/pixel.png", "https://example.com/data.json")}
        assert sorted(tab.blocked) == ["http://example.org/pixel.png",
                                       "https://example.com/data.json"]
        with pytest.raises(AssertionError, match="requests left the machine"):
            tab.check()
    finally:
        tab.close()


def test_a_kept_tab_starts_each_test_blank(chromium, site):
    tab = OfflinePage(chromium)
    try:
        tab.page.goto(f"{site}index.html", wait_until="load")
        tab.page.evaluate("() => window.outcome")
        tab.reset()
        assert tab.page.url == "about:blank" and tab.blocked == [] and tab.errors == []
        tab.page.goto(f"{site}blank.html", wait_until="load")
        assert tab.page.evaluate("() => localStorage.getItem('mode')") is None
        tab.check()
    finally:
        tab.close()


@pytest.mark.parametrize("url, leaves", [
    ("https://example.com/a.js", True), ("http://10.0.0.1/", True), ("wss://example.com/", True),
    ("http://127.0.0.1:8000/x", False), ("http://localhost:8888/lab", False),
    ("data:image/png;base64,AA==", False), ("blob:http://127.0.0.1/1", False),
    ("attachment:figure.png", False),       # a notebook's own image, resolved by JupyterLab
])
def test_what_counts_as_leaving_the_machine(url, leaves):
    assert leaves_the_machine(url) is leaves
