"""axe-core over every chapter page and every slide of three decks: nothing critical or serious.

axe-core (pinned in ``js/package.json``, loaded from ``js/node_modules``, never from a CDN) runs
in headless Chromium on the built book, served on 127.0.0.1 with every other request aborted
(``conftest.OfflinePage``). A page is checked once it is whole: loaded, its formulas typeset
by MathJax and its widgets drawn by the ipywidgets HTML manager. reveal.js shows one slide at a
time and axe skips what is hidden, so a deck is stepped through with its transitions off and
its fragments shown, and axe runs on each slide (on the whole page at the first slide: the
controls, the slide number and the link back to the chapter).

What the first run found, and where each was fixed, at its cause:

* controls whose accessible name did not contain their visible text: the theme's search field
  and colour switcher, myst-nb's "Show code cell source" toggles (``book_assets/accessibility.js``);
* the bibliography's citation list holding no list item (critical; the same script);
* display formulas wider than the column that scroll but could not take the focus (the same);
* on the slides, code colours and the slide number under 4.5:1 and links told apart by colour
  alone (``tools/slides.py``: the book's own Pygments style, a darker slide number, underlined
  links).

* pandas' empty header cell above a table's index (minor) and the theme's logo outside every
  landmark (moderate): the same script makes the corner a plain cell and the logo's box a
  navigation landmark.

No axe rule is turned off. On the chapter pages every finding fails, whatever its impact; on
the slides, critical and serious ones (the rest are listed when a test fails).

All pages are checked at once from one module-scoped run, spread over a few tabs (separate
renderer processes) so that the whole check takes well under 90 s; each page and deck is then a
test of its own that reads its results. The time is measured, not asserted (the project's rule
for speed: a timed assertion fails on a busy machine); `pytest --durations` shows it with the
first test that reads the results (80-89 s on 2 busy cores).
"""

from __future__ import annotations

import time

import pytest

from conftest import BOOK_HTML, ROOT, built_pages

AXE = ROOT / "js" / "node_modules" / "axe-core" / "axe.min.js"
CHAPTER_PAGES = [f"chapters/{p.name}" for p in built_pages(BOOK_HTML / "chapters")]
#: an explorer and self-checks; the largest code cells; a slider stack
DECKS = ("01_confusion_matrix", "05_auc", "11_uncertainty")
FAILING = ("critical", "serious")
EVERY_IMPACT = ("critical", "serious", "moderate", "minor")
TABS = 3
TIMEOUT = 60.0        # seconds for one page or slide to be ready and checked

# In the page: wait until it is whole, then run axe on `context` (a CSS selector, or the whole
# document) and leave a summary in window.evalcoreAxe. Started without waiting for it, so that
# several tabs work at once; the test polls for the summary.
RUN_AXE = """async ({context, deadline}) => {
  window.evalcoreAxe = null;
  const until = Date.now() + deadline;
  const pause = ms => new Promise(resolve => setTimeout(resolve, ms));
  const drawn = () => {
    const views = [...document.querySelectorAll(
      'script[type="application/vnd.jupyter.widget-view+json"]')];
    return views.every(view => {
      const area = view.previousElementSibling;
      return area && area.classList.contains('widget-subarea') && area.childElementCount > 0;
    }) && [...document.querySelectorAll('.evalcore-explorer')].every(e => 'ready' in e.dataset)
      // the book's accessibility.js has marked the frames that scroll (once the page is idle)
      && (!document.querySelector('script[src*="accessibility.js"]')
          || document.documentElement.dataset.evalcoreFrames === 'checked');
  };
  try {
    const mathjax = window.MathJax;
    if (mathjax && mathjax.startup && mathjax.startup.promise) await mathjax.startup.promise;
    while (!drawn()) {
      if (Date.now() > until) throw new Error('widgets not drawn or frames not marked in time');
      await pause(50);
    }
    const where = context ? document.querySelector(context) : document;
    const result = await axe.run(where, {resultTypes: ['violations']});
    window.evalcoreAxe = {
      rules: result.passes.length + result.violations.length + result.incomplete.length,
      contrast: !result.inapplicable.some(rule => rule.id === 'color-contrast'),
      violations: result.violations.map(v => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map(n => n.html.replace(/\\s+/g, ' ').slice(0, 160))})),
    };
  } catch (error) {
    window.evalcoreAxe = {error: String(error)};
  }
}"""

DECK_SLIDES = """() => {
  Reveal.configure({transition: 'none', backgroundTransition: 'none', fragments: false});
  return Reveal.getSlides().map(slide => Reveal.getIndices(slide));
}"""
SHOW_SLIDE = """({h, v}) => {
  Reveal.slide(h, v);
  const current = Reveal.getCurrentSlide();
  current.setAttribute('data-evalcore-axe', '');
  return Reveal.getIndices().h === h && (Reveal.getIndices().v || 0) === (v || 0);
}"""


class Job:
    """The pages one tab checks in turn: a chapter page, or a deck slide by slide."""

    def __init__(self, name: str, url: str, deck: bool) -> None:
        self.name, self.url, self.deck = name, url, deck
        self.slides: list[dict] = []
        self.results: dict[str, dict] = {}


class Worker:
    """One offline tab working through jobs: open a page, start axe, poll for its summary."""

    def __init__(self, tab, jobs: list[Job]) -> None:
        self.tab, self.page, self.jobs = tab, tab.page, jobs
        self.job: Job | None = None
        self.where = ""
        self.started = 0.0

    def _start(self, context: str | None) -> None:
        if not self.page.evaluate("() => !!window.axe"):
            self.page.add_script_tag(path=str(AXE))
        self.page.evaluate(f"args => {{ ({RUN_AXE})(args); }}",
                           {"context": context, "deadline": TIMEOUT * 1000})
        self.started = time.monotonic()

    def _next_slide(self) -> bool:
        job = self.job
        if not job.slides:
            return False
        slide = job.slides.pop(0)
        self.page.evaluate("() => document.querySelectorAll('[data-evalcore-axe]')"
                           ".forEach(s => s.removeAttribute('data-evalcore-axe'))")
        if not self.page.evaluate(SHOW_SLIDE, slide):
            raise AssertionError(f"{job.name}: reveal.js did not go to slide {slide}")
        self.where = f"{job.name} slide {slide['h'] + 1}.{(slide.get('v') or 0) + 1}"
        first = not job.results
        self._start(None if first else ".reveal .slides section[data-evalcore-axe]")
        return True

    def _open_next(self) -> bool:
        if not self.jobs:
            self.job = None
            return False
        self.job = job = self.jobs.pop(0)
        self.page.goto(job.url, wait_until="load", timeout=TIMEOUT * 1000)
        if job.deck:
            self.page.wait_for_function(
                "() => document.documentElement.hasAttribute('data-deck-ready')",
                timeout=TIMEOUT * 1000)
            job.slides = self.page.evaluate(DECK_SLIDES)
            assert len(job.slides) > 3, f"{job.name}: only {len(job.slides)} slides"
            self._next_slide()
        else:
            self.where = job.name
            self._start(None)
        return True

    def poll(self) -> bool:
        """Advance if the current check is done; False once this tab has nothing left."""
        if self.job is None:
            return self._open_next()
        summary = self.page.evaluate("() => window.evalcoreAxe")
        if summary is None:
            if time.monotonic() - self.started > TIMEOUT:
                summary = {"error": f"axe did not finish within {TIMEOUT:.0f} s"}
            else:
                return True
        self.job.results[self.where] = summary
        if self.job.deck and self._next_slide():
            return True
        return self._open_next()


@pytest.fixture(scope="module")
def axe_results(book_html, book_url, module_offline_pages):
    """{page or deck: {page or slide: axe's summary}} for every chapter page and the decks."""
    if not AXE.is_file():
        pytest.fail(f"axe-core is missing ({AXE}): `cd js && npm ci` (make book does it)",
                    pytrace=False)
    jobs = [Job(f"slides/{stem}.html", f"{book_url}slides/{stem}.html", True) for stem in DECKS]
    jobs += [Job(page, f"{book_url}{page}", False) for page in CHAPTER_PAGES]
    # the largest pages first, so that no tab is left with a long one at the end
    jobs.sort(key=lambda job: -(book_html / job.name).stat().st_size
              if (book_html / job.name).is_file() else 0)
    missing = [job.name for job in jobs if not (book_html / job.name).is_file()]
    if missing:
        pytest.fail(f"not built: {missing} (`make book`)", pytrace=False)
    queue = list(jobs)
    workers = [Worker(module_offline_pages(viewport={"width": 1200, "height": 900}), queue)
               for _ in range(TABS)]
    active = list(workers)
    while active:
        active = [worker for worker in active if worker.poll()]
        if active:
            active[0].page.wait_for_timeout(50)    # lets Playwright serve the tabs' requests
    return {job.name: job.results for job in jobs}


def report(results: dict[str, dict]) -> list[str]:
    lines = []
    for where, summary in results.items():
        if "error" in summary:
            lines.append(f"{where}: {summary['error']}")
        for rule in summary.get("violations", []):
            lines.append(f"{where}: {rule['id']} [{rule['impact']}] {rule['help']} "
                         f"({len(rule['nodes'])}): {rule['nodes'][:3]}")
    return lines


def check(results: dict[str, dict], failing: tuple[str, ...] = FAILING) -> None:
    assert results, "nothing was checked"
    for where, summary in results.items():
        assert "error" not in summary, f"{where}: {summary['error']}"
        # axe really ran here: rules applied (a slide of a heading and a figure has few), colour
        # contrast among them (every page and slide has text)
        assert summary["rules"] >= 3 and summary["contrast"], f"{where}: axe checked little"
    failing = [line for where, summary in results.items()
               for line in report({where: {"violations": [
                   rule for rule in summary["violations"] if rule["impact"] in failing]}})]
    others = report(results)
    assert failing == [], "\n".join(["critical or serious:", *failing, "", "all findings:",
                                     *others])


@pytest.mark.parametrize("page", CHAPTER_PAGES or ["(no chapter pages built)"])
def test_chapter_page_has_no_violation(page, axe_results):
    if page not in axe_results:
        pytest.fail(f"{page} is not built", pytrace=False)
    check(axe_results[page], failing=EVERY_IMPACT)


@pytest.mark.parametrize("stem", DECKS)
def test_every_slide_has_no_serious_violation(stem, axe_results):
    results = axe_results[f"slides/{stem}.html"]
    check(results)
    assert len(results) > 3, f"only {len(results)} slides of {stem} were checked"


def test_axe_finds_what_the_book_fixed(book_url, offline_page):
    """The check is not blind: on a page holding the faults the book had (a name that leaves out
    the visible text, a list of non-items, grey code on grey, a link told by colour alone, a
    scrolling box out of the tab order), axe reports each as the book's tests above would."""
    tab = offline_page.page
    tab.goto(f"{book_url}genindex.html", wait_until="load")
    tab.evaluate("""() => document.body.insertAdjacentHTML('beforeend', `
      <div id="evalcore-faults">
        <button aria-label="Toggle hidden content">Show code cell source</button>
        <div role="list"><div role="doc-biblioentry"><a role="doc-backlink" href="#">1</a>
          An entry</div></div>
        <pre style="background:#f5f5f5"><span style="color:#408080"># a comment</span></pre>
        <p style="color:#212121">Text with <a href="#x" style="color:#0d47a1;
          text-decoration:none">a link</a> in it.</p>
        <table class="dataframe"><thead><tr><th></th><th>count</th></tr></thead>
          <tbody><tr><th>a</th><td>1</td></tr></tbody></table>
        <div style="width:100px;overflow-x:auto;overflow-y:hidden">
          <span style="display:inline-block;width:400px">a wide formula</span></div>
      </div>`)""")
    tab.add_script_tag(path=str(AXE))
    found = tab.evaluate("""async () => {
      const result = await axe.run(document.querySelector('#evalcore-faults'));
      return result.violations.map(v => v.id);
    }""")
    assert set(found) >= {"label-content-name-mismatch", "aria-required-children",
                          "color-contrast", "link-in-text-block",
                          "scrollable-region-focusable", "empty-table-header"}, found
