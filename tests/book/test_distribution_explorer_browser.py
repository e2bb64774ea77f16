"""The distribution explorer in headless Chromium, offline: its arithmetic, a static page, a deck.

Three ways in, none of which needs a built chapter:

* its ES module imported into a blank page, and its exported functions called on every
  separation and prevalence of the controls' grids against evalcore on the cases the test
  rebuilds from the seed;
* a static page built here the way the book embeds a widget (the widget state in the page and
  the book's widget host, book_assets/widget-host.js), driven with
  the keyboard and the mouse, the numbers shown after each change compared with evalcore's;
* a reveal.js deck made by ``tools/slides.py`` from a one-cell notebook holding the explorer.

Every page runs with each non-local request aborted, and must log no error. Each interaction
waits for the state change it expects before reading the page.
"""

from __future__ import annotations

import json
import math
import os
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import nbformat
import numpy as np
import pytest
from playwright.sync_api import expect

import evalcore as ec
from evalcore.reference import confusion_counts
from conftest import (ROOT, built_pages, jupyter_counts, jupyterlab_server, open_notebook,
                      page_with_module, run_all_cells, serve)
from helpers import (PREVALENCES, SEPARATIONS, reference_decimal, reference_sample,
                     reference_thresholds)

EVALCORE = Path(ec.__file__).parent
VENDOR = Path(os.environ.get("EVALCORE_VENDOR", ROOT / "_vendor"))
ASSETS = ROOT / "book_assets"
ROOT_SELECTOR = ".evalcore-distribution-explorer"

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<link rel="icon" href="data:,">
<script type="application/vnd.jupyter.widget-state+json">{state}</script>
<script src="../_static/widget-host.js" defer></script>
</head><body style="max-width: 60rem; margin: 1rem auto; font-family: sans-serif">
<h1>{title}</h1>
<script type="application/vnd.jupyter.widget-view+json">{view}</script>
</body></html>
"""

READ_VIEW = """root => {
  const text = (sel) => { const n = root.querySelector(sel); return n ? n.textContent : null; };
  const value = (sel) => { const n = root.querySelector(sel); return n ? n.dataset.value : null; };
  const cells = {};
  root.querySelectorAll('[data-cell]').forEach(c => { cells[c.dataset.cell] = c.textContent; });
  const readouts = {}, valuetext = {}, labels = {};
  root.querySelectorAll('input[type=range]').forEach(r => {
    const name = r.dataset.control;
    readouts[name] = root.querySelector(`output[for="${r.id}"]`).textContent;
    valuetext[name] = r.getAttribute('aria-valuetext');
    labels[name] = r.labels.length ? r.labels[0].textContent : '';
  });
  const marker = root.querySelector('.de-roc-marker');
  return {
    separation: root.dataset.separation, prevalence: root.dataset.prevalence,
    threshold: root.dataset.threshold, positives: root.dataset.positives, cells,
    auc_text: text('[data-area="roc"]'), auc: value('[data-area="roc"]'),
    ap_text: text('[data-area="pr"]'), ap: value('[data-area="pr"]'),
    baseline_text: text('.de-pr .de-extra'), baseline: value('.de-pr .de-extra'),
    roc_marker: marker ? [marker.dataset.x, marker.dataset.y] : null,
    canvas_label: root.querySelector('canvas')
      ? root.querySelector('canvas').getAttribute('aria-label') : null,
    readouts, valuetext, labels,
  };
}"""


def half_up(x: float, decimals: int = 3) -> str:
    """``x`` to ``decimals`` places, ties rounded up, as JavaScript's toFixed rounds the
    double's exact value (Python's format rounds ties to even)."""
    return str(Decimal(x).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP))


# --- the site: the book's widget scripts, pages and a deck, served on 127.0.0.1 ---------------
@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A folder like the book's output: ``_static`` with the widget scripts, ``evalcore``."""
    for name in ("require.js", "html-manager", "anywidget", "mathjax"):
        if not (VENDOR / name).exists():
            pytest.fail(f"{VENDOR / name} is missing: the vendor step of `make book` makes it",
                        pytrace=False)
    root = tmp_path_factory.mktemp("site")
    static = root / "_static"
    static.mkdir()
    for name in ("require.js", "html-manager", "anywidget", "mathjax"):
        os.symlink(VENDOR / name, static / name)
    for name in ("widget-host.js", "widgets-require-config.js", "mathjax2-shim.js", "favicon.svg"):
        os.symlink(ASSETS / name, static / name)
    os.symlink(EVALCORE, root / "evalcore")
    (root / "pages").mkdir()
    server, url = serve(root)
    yield root, url
    server.shutdown()


def write_page(site, widget, name: str) -> str:
    """A static page holding ``widget`` as the book embeds it (its own models only); returns
    its URL."""
    from ipywidgets.embed import dependency_state, embed_data

    root, url = site
    data = embed_data(views=[widget], drop_defaults=False,
                      state=dependency_state([widget], drop_defaults=False))
    (root / "pages" / f"{name}.html").write_text(PAGE.format(
        title=name, state=json.dumps(data["manager_state"]),
        view=json.dumps(data["view_specs"][0])), encoding="utf-8")
    return f"{url}pages/{name}.html"


def open_explorer(tab, url: str):
    tab.page.goto(url)
    tab.page.wait_for_selector(f"{ROOT_SELECTOR}[data-ready]", timeout=60_000)
    return tab.page.locator(ROOT_SELECTOR).first


def press_and_wait(tab, root, control: str, key: str, attribute: str) -> dict:
    """Press ``key`` on a control and wait until ``attribute`` of the view changes."""
    before = root.evaluate(f"r => r.dataset.{attribute}")
    root.locator(f'input[data-control="{control}"]').press(key)
    tab.page.wait_for_function("([r, a, old]) => r.dataset[a] !== old",
                               arg=[root.element_handle(), attribute, before], timeout=10_000)
    return root.evaluate(READ_VIEW)


def check_view(view: dict, n: int = 400, seed: int = 0) -> tuple:
    """The numbers shown equal evalcore's on the cases rebuilt here from the seed."""
    separation, prevalence = float(view["separation"]), float(view["prevalence"])
    threshold = float(view["threshold"])
    y, s = reference_sample(separation, prevalence, n=n, seed=seed)
    cm = ec.confusion_matrix_at(y, s, threshold, rule=">=")
    shown = {name: int(text) for name, text in view["cells"].items()}
    assert shown == {"tp": cm.tp, "fp": cm.fp, "fn": cm.fn, "tn": cm.tn} \
        == confusion_counts(y, s, threshold)._asdict(), view
    assert int(view["positives"]) == int(y.sum())
    auc, ap = ec.roc_auc(y, s), ec.average_precision(y, s)
    assert float(view["auc"]) == auc                        # the same algorithm, exactly
    assert float(view["ap"]) == pytest.approx(ap, rel=0, abs=1e-12)
    assert view["auc_text"] == half_up(auc) and view["ap_text"] == half_up(ap)
    assert float(view["baseline"]) == y.mean()
    assert view["baseline_text"] == f"baseline π = {half_up(y.mean())}"
    assert [float(v) for v in view["roc_marker"]] == [cm.fpr, cm.tpr]
    assert view["readouts"]["threshold"] == f"θ = {view['threshold']}"
    assert view["readouts"]["prevalence"] == (f"π = {view['prevalence']} (P = {int(y.sum())}, "
                                              f"N = {n - int(y.sum())})")
    assert view["valuetext"] == view["readouts"]
    assert f"{cm.tp} true positives and {cm.fp} false positives" in view["canvas_label"]
    return shown, auc


# --- the exported functions against evalcore, on every point of the controls' grids ----------
@pytest.fixture(scope="module")
def js(site, module_offline_pages):
    _, url = site
    return page_with_module(module_offline_pages(), f"{url}evalcore/_distribution_explorer.css",
                            "/evalcore/_distribution_explorer.js", "de")


def test_every_grid_point_matches_evalcore(js):
    w = ec.distribution_explorer()
    noise = np.frombuffer(w.noise, dtype="<f8").tolist()
    thresholds = [w.low, -1.0, 0.0, 0.35, 1.5, 3.05, w.high]
    grid = [(sep, pi) for sep in SEPARATIONS for pi in PREVALENCES[::3] + [PREVALENCES[-1]]]
    got = js.evaluate("""([noise, n, grid, thresholds]) => grid.map(([sep, pi]) => {
        const cases = de.shownCases(Float64Array.from(noise), n, sep, pi);
        const groups = de.tieGroups(cases.scores, cases.labels);
        return { P: cases.P, auc: de.aucOf(groups), ap: de.averagePrecisionOf(groups),
                 counts: thresholds.map(t => de.countsAt(groups, t)),
                 scores: sep === 1.3 ? Array.from(cases.scores) : null };
    })""", [noise, 400, grid, thresholds])
    for (sep, pi), row in zip(grid, got):
        y, s = reference_sample(sep, pi)
        assert row["P"] == y.sum()
        if row["scores"] is not None:
            assert row["scores"] == s.tolist()            # bit for bit
        assert row["auc"] == ec.roc_auc(y, s), (sep, pi)
        assert row["ap"] == pytest.approx(ec.average_precision(y, s), rel=0, abs=1e-12)
        for t, counts in zip(thresholds, row["counts"]):
            assert {k: int(v) for k, v in counts.items()} == confusion_counts(y, s, t)._asdict()


def test_curves_match_evalcore(js):
    w = ec.distribution_explorer(separation=0.8, prevalence=0.3)
    y, s = w.sample()
    got = js.evaluate("""([noise, n]) => {
        const c = de.shownCases(Float64Array.from(noise), n, 0.8, 0.3);
        const g = de.tieGroups(c.scores, c.labels);
        return [de.rocVertices(g), de.prVertices(g)];
    }""", [np.frombuffer(w.noise, dtype="<f8").tolist(), 400])
    roc = ec.roc_curve(y, s)
    assert got[0]["fpr"] == roc.fpr.tolist() and got[0]["tpr"] == roc.tpr.tolist()
    order = np.sort(s)[::-1]
    expected = [confusion_counts(y, s, t)._asdict() for t in order]
    assert got[1]["recall"] == [c["tp"] / y.sum() for c in expected]
    assert got[1]["precision"] == [c["tp"] / (c["tp"] + c["fp"]) for c in expected]


def test_ties_are_one_threshold(js):
    labels = [1, 0, 1, 0, 1, 0, 0]
    scores = [0.5, 0.5, 0.9, 0.1, 0.1, 0.1, 0.7]
    got = js.evaluate("""([s, y]) => {
        const g = de.tieGroups(Float64Array.from(s), Uint8Array.from(y));
        return { K: g.K, auc: de.aucOf(g), ap: de.averagePrecisionOf(g),
                 at: [0.1, 0.5, 0.6].map(t => de.countsAt(g, t)) };
    }""", [scores, labels])
    assert got["K"] == 4
    assert got["auc"] == ec.roc_auc(labels, scores)
    assert got["ap"] == pytest.approx(ec.average_precision(labels, scores), abs=1e-15)
    y, s = np.array(labels), np.array(scores)
    assert [{k: int(v) for k, v in c.items()} for c in got["at"]] == \
        [confusion_counts(y, s, t)._asdict() for t in (0.1, 0.5, 0.6)]


def test_positives_shown_agrees_with_python(js):
    from evalcore._distribution_explorer import positives_shown

    rng = np.random.default_rng(11)
    cases = [(pi, n) for pi in PREVALENCES for n in (2, 3, 90, 170, 400, 650, 9999)]
    cases += [(float(pi), int(n)) for pi, n in zip(rng.uniform(0, 1, 300),
                                                    rng.integers(2, 10_001, 300)) if 0 < pi < 1]
    got = js.evaluate("cases => cases.map(([p, n]) => de.positivesShown(p, n))", cases)
    assert got == [positives_shown(pi, n) for pi, n in cases]


def test_slider_thresholds_agree_with_python(js):
    w = ec.distribution_explorer()
    noise = np.frombuffer(w.noise, dtype="<f8").tolist()
    grid = [(sep, pi) for sep in SEPARATIONS[::4] + [SEPARATIONS[-1]] for pi in (0.05, 0.5, 0.95)]
    got = js.evaluate("""([noise, n, grid, low, high]) => grid.map(([sep, pi]) => {
        const cases = de.shownCases(Float64Array.from(noise), n, sep, pi);
        const groups = de.tieGroups(cases.scores, cases.labels);
        return de.sliderThresholds(groups.values, low, high);
    })""", [noise, 400, grid, w.low, w.high])
    for (sep, pi), thresholds in zip(grid, got):
        w.separation, w.prevalence = sep, pi
        _, s = reference_sample(sep, pi)
        assert thresholds == w.thresholds.tolist() == reference_thresholds(s, w.low, w.high)
    # the shortest decimals themselves, on awkward bounds: bit for bit as evalcore's
    from evalcore._distribution_explorer import fewest_decimals

    rng = np.random.default_rng(5)
    a = rng.normal(0, 3, 400)
    gaps = 10.0 ** rng.uniform(-15, 1, 400)
    pairs = [(float(x), float(x + g)) for x, g in zip(a, gaps) if x + g > x]
    pairs += [(0.29, 0.3), (-0.7, -0.0), (-1.0, 0.0), (0.1, 0.30000000000000004), (2.5, 7.5)]
    got = js.evaluate("""pairs => pairs.map(([a, b]) => [de.fewestDecimals(a, b, true),
                                                        de.fewestDecimals(a, b, false)])""",
                      pairs)
    for (lo, hi), (largest, smallest) in zip(pairs, got):
        assert largest == fewest_decimals(lo, hi) == reference_decimal(lo, hi)
        assert smallest == fewest_decimals(lo, hi, largest=False) \
            == reference_decimal(lo, hi, largest=False)
        assert math.copysign(1.0, largest) == 1.0 or largest < 0      # never -0


def test_keys_step_on_the_grid(js):
    got = js.evaluate("""() => [
        ['ArrowRight', 1.0], ['ArrowUp', 1.0], ['ArrowLeft', 1.0], ['ArrowDown', 0.0],
        ['PageUp', 1.0], ['PageDown', 0.5], ['Home', 2.3], ['End', 2.3], ['ArrowRight', 4.0],
        ['ArrowRight', 1.2345], ['a', 1.0], ['Tab', 1.0]
      ].map(([k, v]) => de.stepKey(k, v, 0, 4, 0.1, 1))""")
    assert got == [1.1, 1.1, 0.9, 0.0, 2.0, 0.0, 0.0, 4.0, 4.0, 1.3, None, None]
    got = js.evaluate("() => [0.05, 0.3, 0.95].map(v => de.stepKey('ArrowRight', v, 0.05, 0.95,"
                      " 0.05, 2))")
    assert got == [0.1, 0.35, 0.95]


# --- a static page, as the book embeds the widget -----------------------------------------------
def test_static_page_shows_evalcore_numbers_offline(site, offline_page):
    w = ec.distribution_explorer(separation=1.0, prevalence=0.5, title="Screening test")
    root = open_explorer(offline_page, write_page(site, w, "default"))
    view = root.evaluate(READ_VIEW)
    shown, _ = check_view(view)
    cm = w.confusion_matrix()
    assert shown == {"tp": cm.tp, "fp": cm.fp, "fn": cm.fn, "tn": cm.tn}
    assert view["labels"] == {"threshold": "Threshold θ", "separation": "Separation",
                              "prevalence": "Prevalence π"}
    # a real table with its headers, a named group, a described picture
    assert root.locator("table th[scope]").count() == 4
    assert root.get_attribute("aria-labelledby")
    assert root.locator("canvas[role=img]").count() == 1
    # the histograms are drawn (once the canvas is laid out, in the page's next frame): the
    # canvas is not blank
    offline_page.page.wait_for_function("""() => {
        const c = document.querySelector('.evalcore-distribution-explorer canvas');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let ink = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) ink++;
        return ink > 0.05 * c.width * c.height; }""", timeout=10_000)


def test_moving_the_separation_changes_the_auc(site, offline_page):
    w = ec.distribution_explorer(separation=1.0)
    root = open_explorer(offline_page, write_page(site, w, "separation"))
    views = [root.evaluate(READ_VIEW)]
    for key in ("ArrowRight", "ArrowRight", "PageUp", "End", "PageDown", "Home", "ArrowRight"):
        views.append(press_and_wait(offline_page, root, "separation", key, "separation"))
    assert [float(v["separation"]) for v in views] == [1.0, 1.1, 1.2, 2.2, 4.0, 3.0, 0.0, 0.1]
    aucs = [check_view(view)[1] for view in views]
    assert len({v["auc_text"] for v in views}) == len(views)    # each step shows a new AUC
    assert aucs[4] > 0.99 and abs(aucs[6] - 0.5) < 0.05          # nearly perfect, chance
    # the threshold stays where it was: the positives moved, not θ
    assert {v["threshold"] for v in views} == {"0.5"}


def test_moving_the_threshold_changes_the_counts(site, offline_page):
    w = ec.distribution_explorer(separation=1.5, prevalence=0.3)
    root = open_explorer(offline_page, write_page(site, w, "threshold"))
    views = [root.evaluate(READ_VIEW)]
    for key in ("ArrowRight", "ArrowRight", "PageUp", "ArrowLeft", "PageDown", "PageDown",
                "Home", "End"):
        views.append(press_and_wait(offline_page, root, "threshold", key, "threshold"))
    # the keys step through the operating points: one, one, ten, back one, ten, ten, the ends
    _, s = reference_sample(1.5, 0.3)
    start = int((np.unique(s) < 0.75).sum())                  # θ = 0.75's position
    K = len(np.unique(s))
    positions = [start + 1, start + 2, start + 12, start + 11, start + 1, start - 9, 0, K]
    thresholds = reference_thresholds(s, w.low, w.high)
    assert [float(v["threshold"]) for v in views] == [0.75] + [thresholds[p] for p in positions]
    assert [float(v["threshold"]) for v in views[1:]] == \
        [w.thresholds[p] for p in positions]                  # evalcore's positions, too
    counts = [check_view(view)[0] for view in views]
    assert all(a != b for a, b in zip(counts, counts[1:]))    # every press moved the matrix
    assert counts[-2]["fn"] == counts[-2]["tn"] == 0              # θ below every score
    assert counts[-1]["tp"] == counts[-1]["fp"] == 0              # θ above every score
    # the area does not move with θ
    assert {v["auc"] for v in views} == {views[0]["auc"]}


SWEEP = """(root, how) => {
  const theta = root.querySelector('input[data-control="threshold"]');
  const read = () => {
    const cells = {};
    root.querySelectorAll('[data-cell]').forEach(c => { cells[c.dataset.cell] = Number(c.textContent); });
    return { threshold: root.dataset.threshold, value: theta.value, cells,
             readout: root.querySelector(`output[for="${theta.id}"]`).textContent };
  };
  const key = (name) => theta.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true,
                                                                         cancelable: true }));
  const input = () => theta.dispatchEvent(new Event('input', { bubbles: true }));
  const steps = [];
  if (how === 'drag') {            // every value the range input can take, lowest first
    theta.value = theta.min; input(); steps.push(read());
    while (Number(theta.value) < Number(theta.max)) { theta.stepUp(); input(); steps.push(read()); }
  } else {                         // Home, then the right arrow until θ stops moving
    key('Home'); steps.push(read());
    for (let i = 0; i < 20000; i++) {
      key('ArrowRight');
      if (root.dataset.threshold === steps[steps.length - 1].threshold) break;
      steps.push(read());
    }
  }
  return { steps, min: theta.min, max: theta.max };
}"""

MOVE = """(root, [name, value]) => {
  const input = root.querySelector(`input[data-control="${name}"]`);
  input.value = String(value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  return root.querySelector('input[data-control="threshold"]').value;
}"""


def test_every_step_of_the_threshold_changes_the_matrix(site, offline_page):
    """Over the whole θ control, dragged (every value of the range input) and with the arrow
    keys, no step leaves the matrix as it was, at several separations and class balances set
    with their own controls: the control's steps follow the cases shown. (Before, its 230
    steps of 0.05 from -4 to 7.5 left the matrix unchanged on 136 of them at separation 1.)"""
    w = ec.distribution_explorer(separation=1.0, prevalence=0.5)
    root = open_explorer(offline_page, write_page(site, w, "sweep"))
    steps = root.evaluate(SWEEP, "drag")["steps"]                # first as the page opens
    shown = [tuple(step["cells"].values()) for step in steps]
    unchanged = sum(a == b for a, b in zip(shown, shown[1:]))
    assert unchanged == 0, f"{unchanged} of {len(shown) - 1} steps changed nothing"
    theta_before = float(root.evaluate("r => r.dataset.threshold"))   # θ above every score
    for separation, prevalence in ((1.0, 0.5), (0.0, 0.5), (2.5, 0.5), (4.0, 0.5), (2.5, 0.1),
                                   (0.6, 0.85)):
        root.evaluate(MOVE, ["separation", separation])
        position = root.evaluate(MOVE, ["prevalence", prevalence])
        y, s = reference_sample(separation, prevalence)
        distinct = np.unique(s)
        # θ stayed where it was; the control shows its position among the scores now shown
        assert float(root.evaluate("r => r.dataset.threshold")) == theta_before
        assert position == str(int((distinct < theta_before).sum()))
        thresholds = reference_thresholds(s, w.low, w.high)
        for how in ("drag", "keys"):
            steps = root.evaluate(SWEEP, how)["steps"]
            shown = [tuple(step["cells"][k] for k in ("tp", "fp", "fn", "tn")) for step in steps]
            unchanged = sum(a == b for a, b in zip(shown, shown[1:]))
            assert unchanged == 0, (f"{how}, separation {separation}, prevalence {prevalence}: "
                                    f"{unchanged} of {len(shown) - 1} steps changed nothing")
            # one step per operating point, from everything called positive to nothing
            assert len(steps) == len(distinct) + 1
            assert shown[0][2:] == (0, 0) and shown[-1][:2] == (0, 0)
            assert [int(step["value"]) for step in steps] == list(range(len(distinct) + 1))
            assert [float(step["threshold"]) for step in steps] == thresholds, (separation, how)
            assert shown == [confusion_counts(y, s, t) for t in thresholds]
            assert all(step["readout"] == f"θ = {step['threshold']}" for step in steps)
        # θ to the middle position, kept through the next change of the cases
        root.evaluate(MOVE, ["threshold", len(distinct) // 2])
        theta_before = thresholds[len(distinct) // 2]
        assert float(root.evaluate("r => r.dataset.threshold")) == theta_before


def test_prevalence_moves_the_baseline_and_the_counts(site, offline_page):
    w = ec.distribution_explorer(separation=2.0, prevalence=0.5)
    root = open_explorer(offline_page, write_page(site, w, "prevalence"))
    views = [root.evaluate(READ_VIEW)]
    for key in ("ArrowLeft", "PageDown", "End", "Home"):
        views.append(press_and_wait(offline_page, root, "prevalence", key, "prevalence"))
    assert [float(v["prevalence"]) for v in views] == [0.5, 0.45, 0.05, 0.95, 0.05]
    for view in views:
        check_view(view)
    # the PR baseline is the share of positives shown: 200, 180, 20, 380, 20 of 400
    assert [float(v["baseline"]) for v in views] == [0.5, 0.45, 0.05, 0.95, 0.05]
    assert [int(v["positives"]) for v in views] == [200, 180, 20, 380, 20]
    # rare positives: at the same θ far more false alarms per true positive
    precision = [int(v["cells"]["tp"]) / (int(v["cells"]["tp"]) + int(v["cells"]["fp"]))
                 for v in views]
    assert precision[2] < precision[0] < precision[3]


def test_a_click_on_the_track_sets_a_value_on_the_grid(site, offline_page):
    w = ec.distribution_explorer(separation=1.0)
    root = open_explorer(offline_page, write_page(site, w, "click"))
    track = root.locator('input[data-control="separation"]')
    box = track.bounding_box()
    track.click(position={"x": box["width"] * 0.8, "y": box["height"] / 2})
    offline_page.page.wait_for_function("r => r.dataset.separation !== '1'",
                                        arg=root.element_handle(), timeout=10_000)
    view = root.evaluate(READ_VIEW)
    separation = float(view["separation"])
    assert 2.5 < separation < 3.8 and round(separation * 10) == separation * 10
    check_view(view)


def test_hidden_panels_are_not_built(site, offline_page):
    w = ec.distribution_explorer(show=("distributions", "matrix"))
    root = open_explorer(offline_page, write_page(site, w, "panels"))
    assert root.locator(".de-roc").count() == root.locator(".de-pr").count() == 0
    assert root.locator("canvas").count() == 1 and root.locator("table").count() == 1
    view = press_and_wait(offline_page, root, "threshold", "ArrowRight", "threshold")
    y, s = reference_sample(1.0, 0.5)
    cm = ec.confusion_matrix_at(y, s, float(view["threshold"]), rule=">=")
    assert view["cells"] == {"tp": str(cm.tp), "fn": str(cm.fn), "fp": str(cm.fp),
                             "tn": str(cm.tn)}


def test_large_size_scales_everything_and_stays_light_in_the_dark(site, offline_pages):
    tab = offline_pages(color_scheme="dark")
    sizes = {}
    for size in ("normal", "large"):
        w = ec.distribution_explorer(size=size)
        root = open_explorer(tab, write_page(site, w, f"size-{size}"))
        sizes[size] = root.evaluate("""r => {
            const style = getComputedStyle(r);
            return { font: parseFloat(style.fontSize), background: style.backgroundColor,
                     color: style.color,
                     canvas: r.querySelector('canvas').getBoundingClientRect().height,
                     thumb: r.querySelector('input[type=range]').getBoundingClientRect().height,
                     plot: r.querySelector('.de-roc').getBoundingClientRect().width };
        }""")
    normal, large = sizes["normal"], sizes["large"]
    ratio = large["font"] / normal["font"]
    assert ratio > 1.3
    for key in ("canvas", "thumb"):
        assert large[key] == pytest.approx(normal[key] * ratio, rel=0.02)
    assert large["plot"] > normal["plot"]
    assert normal["background"] == "rgb(255, 255, 255)" and normal["color"] == "rgb(34, 34, 34)"


# --- live: a change of the model (as from Python) redraws the view -------------------------------
HARNESS = """
import de from '/evalcore/_distribution_explorer.js';
window.renderExplorer = (state) => {
  const listeners = {};
  const model = {
    get: (name) => state[name],
    set: (name, value) => { state[name] = value; },
    save_changes() {},
    on(events, f) { for (const e of events.split(' ')) (listeners[e] ||= []).push(f); },
    off() {},
    // what the kernel's message does: set a trait, fire its change event
    fromPython(name, value) {
      state[name] = value;
      for (const f of listeners[`change:${name}`] || []) f();
    },
  };
  const el = document.createElement('div');
  document.body.append(el);
  de.render({ model, el });
  window.model = model;
};
"""


def test_changes_from_python_redraw_the_view(site, offline_page):
    _, url = site
    offline_page.page.goto(f"{url}evalcore/_distribution_explorer.css")
    offline_page.page.set_content(f'<html><head><link rel="stylesheet" '
                                  f'href="{url}evalcore/_distribution_explorer.css"></head>'
                                  f'<body></body></html>')
    offline_page.page.add_script_tag(type="module", content=HARNESS)
    offline_page.page.wait_for_function("() => window.renderExplorer !== undefined",
                                        timeout=60_000)
    w = ec.distribution_explorer()
    state = {k: v for k, v in w.get_state().items() if not k.startswith("_") and k != "noise"}
    offline_page.page.evaluate("([s, noise]) => { s.noise = new Float64Array(noise); "
                      "window.renderExplorer(s); }",
                      [state, np.frombuffer(w.noise, dtype="<f8").tolist()])
    root = offline_page.page.locator(ROOT_SELECTOR)
    offline_page.page.wait_for_selector(f"{ROOT_SELECTOR}[data-ready]")
    check_view(root.evaluate(READ_VIEW))
    for name, value in (("separation", 2.7), ("prevalence", 0.15), ("threshold", 2.2),
                        ("threshold", 0.123)):
        setattr(w, name, value)                               # validated in Python first
        offline_page.page.evaluate("([n, v]) => window.model.fromPython(n, v)",
                                   [name, getattr(w, name)])
        offline_page.page.wait_for_function("([r, n, v]) => r.dataset[n] === v",
                                            arg=[root.element_handle(), name,
                                                 repr(getattr(w, name))], timeout=10_000)
        view = root.evaluate(READ_VIEW)
        check_view(view)
        cm = w.confusion_matrix()
        assert view["cells"] == {"tp": str(cm.tp), "fn": str(cm.fn), "fp": str(cm.fp),
                                 "tn": str(cm.tn)}


# --- a slide deck made by tools/slides.py --------------------------------------------------------
def test_deck_with_the_explorer_works_offline(site, offline_page):
    from ipywidgets.embed import dependency_state, embed_data

    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import slides
        from lectures import Book
    finally:
        sys.path.remove(str(ROOT / "tools"))
    root_dir, url = site
    w = ec.distribution_explorer(separation=1.2, prevalence=0.2)
    data = embed_data(views=[w], drop_defaults=False,
                      state=dependency_state([w], drop_defaults=False))
    nb = nbformat.v4.new_notebook()
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json":
                              {**data["manager_state"]}}
    cell = nbformat.v4.new_code_cell("ec.distribution_explorer(separation=1.2, prevalence=0.2)",
                                     metadata={"label": "explorer"})
    cell.outputs = [nbformat.v4.new_output("display_data", data={
        "application/vnd.jupyter.widget-view+json": data["view_specs"][0],
        "text/plain": repr(w)})]
    nb.cells = [nbformat.v4.new_markdown_cell("# A deck"), cell]
    chapters = root_dir / "chapters"
    chapters.mkdir(exist_ok=True)
    nbformat.write(nb, chapters / "99_deck.ipynb")
    outline = chapters / "99_deck.deck.yml"
    outline.write_text("minutes: 5\nslides:\n  - {title: Two classes, widget: explorer}\n",
                       encoding="utf-8")
    book = Book(fignumbers={}, secnumbers={}, titles={"chapters/99_deck": "A deck"}, labels={},
                citations=[], numfig_format={}, add_function_parentheses=True)
    out = root_dir / "slides"
    slides.copy_reveal(out)
    deck = slides.build_deck(outline, out, book=book, chapters=chapters)
    # the deck shows the explorer at the projector's size
    assert '"size": "large"' in deck.read_text(encoding="utf-8")
    page = offline_page.page
    page.goto(f"{url}slides/99_deck.html")
    page.wait_for_function("() => window.Reveal && Reveal.isReady && Reveal.isReady()",
                           timeout=30_000)
    # the widget manager renders the explorer from the embedded state, without a kernel
    page.wait_for_selector(f"{ROOT_SELECTOR}[data-ready]", state="attached", timeout=30_000)
    target = page.evaluate("() => Reveal.getHorizontalSlides().findIndex("
                           "s => s.querySelector('.evalcore-distribution-explorer'))")
    assert target >= 1
    page.evaluate(f"() => Reveal.slide({target})")
    page.wait_for_function(f"() => Reveal.getIndices().h === {target}")
    page.wait_for_selector(f"section.present {ROOT_SELECTOR}[data-ready]", timeout=30_000)
    root = page.locator(f"section.present {ROOT_SELECTOR}").first
    check_view(root.evaluate(READ_VIEW))
    # an arrow key on a control moves the control, not the deck
    for control, attribute in (("separation", "separation"), ("threshold", "threshold"),
                               ("prevalence", "prevalence")):
        view = press_and_wait(offline_page, root, control, "ArrowRight", attribute)
        assert page.evaluate("() => Reveal.getIndices().h") == target
        check_view(view)


# --- live in JupyterLab and Notebook 7: the kernel and the view share the state ------------------
LAB_TOKEN = "evalcore-test"
LIVE_CELLS = [
    "import evalcore as ec\nw = ec.distribution_explorer(separation=1.0)\nw",
    "w.prevalence = 0.25\nw.threshold = 1.5",
    "print(repr(w), w.confusion_matrix())",
]


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory):
    """JupyterLab on 127.0.0.1 on a notebook of LIVE_CELLS; yields (base URL, notebook)."""
    work = tmp_path_factory.mktemp("lab")
    notebooks = work / "notebooks"
    notebooks.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in LIVE_CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, notebooks / "live.ipynb")
    with jupyterlab_server(work, notebooks, LAB_TOKEN) as base:
        yield base, notebooks / "live.ipynb"


def cell_output(page, index: int) -> str:
    return page.locator(".jp-Notebook .jp-CodeCell").nth(index).locator(
        ".jp-OutputArea-output").all_inner_texts()


@pytest.mark.parametrize("app", ["lab/tree", "notebooks"])
def test_live_in_jupyter_the_kernel_and_the_view_agree(jupyterlab, offline_pages, app):
    base, _ = jupyterlab
    # no request may leave the machine, and no error may come from the explorer (JupyterLab
    # and Notebook 7 log errors of their own, which are not ours)
    tab = offline_pages(jupyter_counts, viewport={"width": 1280, "height": 900})
    page = tab.page
    open_notebook(tab, base, LAB_TOKEN, app, "live.ipynb")     # connected to its idle kernel
    assert run_all_cells(page, len(LIVE_CELLS)) == ["ok"] * len(LIVE_CELLS)
    root = page.locator(f"{ROOT_SELECTOR}[data-ready]").first
    root.wait_for(timeout=30_000)
    # Python -> view: the second cell set π and θ
    page.wait_for_function("r => r.dataset.prevalence === '0.25' && r.dataset.threshold === '1.5'",
                           arg=root.element_handle(), timeout=30_000)
    check_view(root.evaluate(READ_VIEW))
    # view -> Python: two arrow keys on the separation (Jupyter's own shortcuts stay out)
    for expected in ("1.1", "1.2"):
        root.locator('input[data-control="separation"]').press("ArrowRight")
        page.wait_for_function("([r, v]) => r.dataset.separation === v",
                               arg=[root.element_handle(), expected], timeout=10_000)
    view = root.evaluate(READ_VIEW)
    check_view(view)
    assert page.locator(".jp-Notebook .jp-Cell").count() == len(LIVE_CELLS)  # no cell added
    # re-run the last cell: the kernel's explorer has the separation the reader chose
    editor = page.locator(".jp-Notebook .jp-CodeCell").nth(2).locator(".jp-InputArea-editor")
    editor.click()
    expect(editor.locator(".cm-content")).to_be_focused()
    page.keyboard.press("Shift+Enter")
    page.wait_for_function("() => [...document.querySelectorAll('.jp-CodeCell')][2]"
                           ".innerText.includes('separation=1.2')", timeout=60_000)
    y, s = reference_sample(1.2, 0.25)
    cm = ec.confusion_matrix_at(y, s, 1.5, rule=">=")
    text = " ".join(cell_output(page, 2))
    assert ("DistributionExplorer(n=400, random_state=0, separation=1.2, prevalence=0.25, "
            f"threshold=1.5) {cm!r}") in text
    assert view["cells"] == {"tp": str(cm.tp), "fn": str(cm.fn), "fp": str(cm.fp),
                             "tn": str(cm.tn)}


# --- in the built book: every distribution explorer a chapter displays ---------------------------
def pages_with_distribution_explorers() -> list[str]:
    from conftest import BOOK_HTML

    folder = BOOK_HTML / "chapters"
    return sorted(page.name for page in built_pages(folder)
                  if '"evalcore_widget": "distribution-explorer"' in page.read_text("utf-8"))


def check_chapter_view(view: dict, noise: np.ndarray, n: int, show: set) -> None:
    """The counts shown, and the areas where both plots are shown, equal evalcore's on the
    cases rebuilt here from the page's noise (no seed travels in the page)."""
    y, s = reference_sample(float(view["separation"]), float(view["prevalence"]), n=n,
                            noise=noise)
    threshold = float(view["threshold"])
    if "matrix" in show:
        shown = {k: int(v) for k, v in view["cells"].items()}
        assert shown == confusion_counts(y, s, threshold)._asdict()
    if "roc" in show:
        assert float(view["auc"]) == ec.roc_auc(y, s)
        assert view["auc_text"] == half_up(ec.roc_auc(y, s))
    if "pr" in show:
        assert float(view["ap"]) == pytest.approx(ec.average_precision(y, s), rel=0, abs=1e-12)
        assert float(view["baseline"]) == y.mean()
    if "distributions" in show:
        cm = ec.confusion_matrix_at(y, s, threshold, rule=">=")
        assert f"{cm.tp} true positives and {cm.fp} false positives" in view["canvas_label"]


@pytest.mark.parametrize("page", pages_with_distribution_explorers())
def test_chapter_explorers_work_offline(page, book_html, book_url, offline_page):
    from test_browser import chapter_html, displayed_widget_states

    models = displayed_widget_states(chapter_html(book_html, page), "distribution-explorer")
    assert models, f"{page} displays no distribution explorer"
    offline_page.page.goto(f"{book_url}chapters/{page}")
    offline_page.page.wait_for_function(
        f"n => document.querySelectorAll('{ROOT_SELECTOR}[data-ready]').length >= n",
        arg=len(models), timeout=60_000)
    roots = offline_page.page.locator(ROOT_SELECTOR)
    assert roots.count() == len(models)
    for index, model in enumerate(models):
        n, show = model["n"], set(model["show"])
        noise = np.frombuffer(model["noise"], dtype="<f8")
        root = roots.nth(index)
        root.scroll_into_view_if_needed()
        view = root.evaluate(READ_VIEW)
        assert [float(view[k]) for k in ("separation", "prevalence", "threshold")] == \
            [model[k] for k in ("separation", "prevalence", "threshold")]
        check_chapter_view(view, noise, n, show)
        for control, top in (("separation", 3.9), ("threshold", model["high"] - 0.1),
                             ("prevalence", 0.9)):
            key = "ArrowLeft" if float(view[control]) >= top else "ArrowRight"
            view = press_and_wait(offline_page, root, control, key, control)
            check_chapter_view(view, noise, n, show)


# --- in the book's own theme, light and dark: every text stays readable ---------------------------
CONTRAST = """root => {
  const rgba = s => { const m = s.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const lin = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  const background = el => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0.5) return c;
    }
    return [255, 255, 255, 1];
  };
  const out = [];
  for (const el of root.querySelectorAll('*')) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    const [a, b] = [lum(rgba(style.color)), lum(background(el))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    out.push({ text: el.textContent.trim().slice(0, 30), ratio, weight: Number(style.fontWeight),
               opacity: Number(style.opacity) });
  }
  return out;
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_readable_in_the_book_theme(site, book_html, book_url, offline_page, theme):
    import re

    chapter = built_pages(book_html / "chapters")[0].read_text("utf-8")
    sheets = [re.search(r'href="([^"]+)"', tag).group(1)
              for tag in re.findall(r"<link\b[^>]*>", chapter) if 'rel="stylesheet"' in tag]
    assert any("theme.css" in href for href in sheets), sheets
    links = "".join(f'<link rel="stylesheet" href="{book_url}chapters/{href}">'
                    for href in sheets)
    w = ec.distribution_explorer(title="In the book's theme")
    url = write_page(site, w, f"themed-{theme}")
    root_dir, _ = site
    page_file = root_dir / "pages" / f"themed-{theme}.html"
    html = page_file.read_text("utf-8")
    html = html.replace('<html lang="en">', f'<html lang="en" data-theme="{theme}" '
                        f'data-mode="{theme}">').replace("</title>", f"</title>{links}")
    html = html.replace('<script type="application/vnd.jupyter.widget-view+json">',
                        '<main><article class="bd-article"><div class="cell_output docutils '
                        'container"><div class="output text_html"><figure>'
                        '<script type="application/vnd.jupyter.widget-view+json">')
    page_file.write_text(html, encoding="utf-8")
    root = open_explorer(offline_page, url)
    texts = root.evaluate(CONTRAST)
    assert len(texts) > 20
    low = [t for t in texts if t["ratio"] < 4.5 or t["weight"] < 400 or t["opacity"] < 1]
    assert low == [], low
