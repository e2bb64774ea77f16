"""tools/coverage_simulations.py and its stored results, tools/data/coverage_simulations.json
(read by the chapters 11_uncertainty and 12_tests_and_sample_size).

The stored file holds every block's counts: a few blocks are rerun here with the tool's own
functions and must come back count for count (the file is what the script writes), and one
block of the boundary study is recomputed independently, DeLong's and Hanley and McNeil's
intervals from the brute-force ψ table of evalcore/reference.py and the formula written out,
on the same draws. The totals are the sums of the blocks, and each stored coverage is hits/defined.
"""

from __future__ import annotations

import importlib.util
import json
import math

import numpy as np
import pytest
from scipy.stats import norm

from evalcore.reference import auc_pairs, delong_variance
from conftest import ROOT

DATA = ROOT / "tools" / "data" / "coverage_simulations.json"


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("coverage_simulations",
                                                  ROOT / "tools" / "coverage_simulations.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def stored() -> dict:
    return json.loads(DATA.read_text())


def test_totals_are_the_sums_of_the_blocks(stored):
    for study in [*stored["boundary"], stored["precision"]]:
        blocks = study["blocks"]
        assert study["reps"] == sum(b["size"] for b in blocks)
        for method, total in study["methods"].items():
            hits = sum(b["hits"][method] for b in blocks)
            defined = sum(b["defined"][method] for b in blocks)
            assert (total["hits"], total["defined"]) == (hits, defined)
            assert total["coverage"] == hits / defined
            assert total["mc_se"] == pytest.approx(
                math.sqrt(hits / defined * (1 - hits / defined) / defined))


@pytest.mark.parametrize("cell, block", [(0, 0), (1, 7), (2, 19), (3, 3)])
def test_boundary_blocks_are_reproduced(tool, stored, cell, block):
    size = stored["boundary_block_size"]
    again = tool.boundary_block(cell, block, size, stored["seed"])
    kept = stored["boundary"][cell]["blocks"][block]
    assert again["hits"] == kept["hits"] and again["defined"] == kept["defined"]
    assert again["auc_one"] == kept["auc_one"]
    for method, width in kept["width_sum"].items():
        assert again["width_sum"][method] == pytest.approx(width, rel=1e-12)


@pytest.mark.slow
def test_a_precision_block_is_reproduced(tool, stored):
    precision = stored["precision"]
    again = tool.precision_block(5, stored["precision_block_size"], precision["n_boot"],
                                 stored["seed"])
    kept = precision["blocks"][5]
    assert again["hits"] == kept["hits"] and again["defined"] == kept["defined"]


def test_a_boundary_block_recomputed_by_brute_force(tool, stored):
    """Block 0 of n = 20: the same draws, DeLong and Hanley-McNeil from the ψ table."""
    _, delta, positives, negatives = tool.BOUNDARY_CELLS[0]
    truth = norm.cdf(delta / math.sqrt(2))
    rng = np.random.default_rng([stored["seed"], 0, 0])
    y = np.r_[np.ones(positives, int), np.zeros(negatives, int)]
    z = norm.ppf(0.975)
    hits = {"delong": 0, "hanley_mcneil": 0}
    auc_one = 0
    for _ in range(stored["boundary_block_size"]):
        s = np.r_[rng.normal(delta, 1, positives), rng.normal(0, 1, negatives)]
        auc, variance = auc_pairs(y, s), delong_variance(y, s)
        a = auc
        q1, q2 = a / (2 - a), 2 * a * a / (1 + a)
        hm = (a * (1 - a) + (positives - 1) * (q1 - a * a)
              + (negatives - 1) * (q2 - a * a)) / (positives * negatives)
        auc_one += auc == 1
        for method, var in (("delong", variance), ("hanley_mcneil", hm)):
            low = max(0.0, auc - z * math.sqrt(var))
            high = min(1.0, auc + z * math.sqrt(var))
            hits[method] += low <= truth <= high
    kept = stored["boundary"][0]["blocks"][0]
    assert auc_one == kept["auc_one"]
    assert hits == {m: kept["hits"][m] for m in hits}


def test_what_the_boundary_study_shows(stored):
    """The statements chapter 9 makes from the file, with the file's own noise."""
    rows = {r["positives"] + r["negatives"]: r for r in stored["boundary"] if r["name"] == "strong"}

    def cov(n, method, where_defined=False):
        m = rows[n]["methods"][method]
        return m["hits"] / (m["defined"] if where_defined else rows[n]["reps"])

    reps = rows[20]["reps"]
    se = math.sqrt(0.25 / reps)                      # the largest MC SE a share can have
    assert abs(rows[20]["auc_one"] / reps - 0.5) < 0.05           # about half: AUC = 1
    assert cov(20, "delong") == cov(20, "hanley_mcneil") < 0.55   # both collapse there
    assert cov(20, "logit") < 0.5 < 0.95 - 3 * se < cov(20, "logit", True)
    def apart(low, high):                            # high beats low by 3 combined MC SEs
        a, b = cov(80, low), cov(80, high)
        return b - a > 3 * math.sqrt((a * (1 - a) + b * (1 - b)) / reps)
    assert apart("delong", "hanley_mcneil") and apart("hanley_mcneil", "logit")
    assert cov(320, "delong") < 0.95 - 3 * se
    for n in rows:
        assert cov(n, "newcombe") > 0.95 and cov(n, "newcombe lower") > 0.95


def test_precision_study_matches_the_benchmark_within_noise(stored):
    """The benchmark's 1,000 test sets and the tool's 10,000 agree within their MC SEs."""
    bench = json.loads((ROOT / "benchmarks" / "results" / "coverage.json").read_text())
    old = {r["method"]: r["coverage"] for r in bench["precision"]["rows"]}
    for method, new in stored["precision"]["methods"].items():
        se = math.hypot(math.sqrt(old[method] * (1 - old[method]) / bench["precision"]["reps"]),
                        new["mc_se"])
        assert abs(old[method] - new["coverage"]) < 3 * se
