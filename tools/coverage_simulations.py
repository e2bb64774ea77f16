"""The coverage simulations of the intervals chapters, run once and stored:
``tools/data/coverage_simulations.json``.

Run with ``python tools/coverage_simulations.py`` (about ten minutes on one core; the defaults
are the stored file's). The chapters on intervals (``11_uncertainty``) and on small test sets
(``12_tests_and_sample_size``) read the file instead of simulating, because the repetitions
that make the Monte Carlo standard error small take far longer than a chapter may.

Every block of replicates has its own generator, ``numpy.random.default_rng([seed, cell,
block])``, and the file keeps each block's counts as well as their totals, so any block can
be recomputed alone: ``tests/book/test_coverage_simulations_tool.py`` reruns a few blocks and compares
them with the stored ones, count for count.

**The AUC at the boundary.** Binormal scores, negatives 𝒩(0, 1) and positives 𝒩(δ, 1), as
in the chapter: δ = 3 (true AUC Φ(3/√2) ≈ 0.983) with 10/10, 40/40 and 160/160 positives and
negatives (the chapter's test sets of 20, 80 and 320 cases), and a true AUC of 0.9 with 10
positives and 40 negatives. Each replicate draws one test set and computes the 95% intervals
of :func:`evalcore.roc_auc_ci` (``delong``, ``hanley_mcneil``, ``logit``, ``newcombe``) and a
one-sided 95% lower bound, the lower end of Newcombe's 90% interval (``newcombe lower``).
An interval that is undefined on a test set (the logit interval at AUC = 1) is counted in
``defined`` as missing, never as a hit; ``auc_one`` counts the test sets with AUC = 1.

**Precision.** The coverage study's precision cell (``benchmarks/coverage.py``) with more
test sets: n = 150 cases sampled with prevalence 0.3, binormal scores with AUC 0.8, the
precision of ``s >= 1``, and the case and stratified percentile bootstraps of
:func:`evalcore.bootstrap_ci` (``n_boot`` resamples each). A bootstrap interval that is
undefined (nan) is counted as not defined.
"""

from __future__ import annotations

import argparse
import json
import math
import warnings
from pathlib import Path

import numpy as np
from scipy.stats import norm

import evalcore as ec

RESULTS = Path(__file__).resolve().parent / "data" / "coverage_simulations.json"
LEVEL = 0.95
# (name, δ, positives, negatives); the index of a cell is part of its blocks' seeds
BOUNDARY_CELLS = (("strong", 3.0, 10, 10), ("strong", 3.0, 40, 40),
                  ("strong", 3.0, 160, 160),
                  ("few positives", math.sqrt(2.0) * float(norm.ppf(0.9)), 10, 40))
BOUNDARY_METHODS = ("delong", "hanley_mcneil", "logit", "newcombe", "newcombe lower")
PRECISION = dict(n=150, prevalence=0.3, auc=0.8, threshold=1.0)
PRECISION_CELL = len(BOUNDARY_CELLS)        # its index in the seeds


def block_rng(seed: int, cell: int, block: int) -> np.random.Generator:
    return np.random.default_rng([seed, cell, block])


def boundary_block(cell: int, block: int, size: int, seed: int) -> dict:
    """Counts of one block of ``size`` test sets of boundary cell ``cell``."""
    _, delta, positives, negatives = BOUNDARY_CELLS[cell]
    truth = float(norm.cdf(delta / math.sqrt(2.0)))
    rng = block_rng(seed, cell, block)
    label = np.r_[np.ones(positives, dtype=np.int64), np.zeros(negatives, dtype=np.int64)]
    hits = dict.fromkeys(BOUNDARY_METHODS, 0)
    defined = dict.fromkeys(BOUNDARY_METHODS, 0)
    width = dict.fromkeys(BOUNDARY_METHODS, 0.0)
    auc_one = 0
    with warnings.catch_warnings():          # the undefined logit intervals are counted
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        for _ in range(size):
            score = np.r_[rng.normal(delta, 1.0, positives), rng.normal(0.0, 1.0, negatives)]
            intervals = {m: ec.roc_auc_ci(label, score, method=m, level=LEVEL)
                         for m in BOUNDARY_METHODS[:4]}
            auc_one += intervals["delong"].auc == 1.0
            ends = {m: (ci.low, ci.high) for m, ci in intervals.items()}
            one_sided = ec.roc_auc_ci(label, score, method="newcombe", level=2 * LEVEL - 1)
            ends["newcombe lower"] = (one_sided.low, 1.0)
            for method, (low, high) in ends.items():
                if math.isnan(low) or math.isnan(high):
                    continue
                defined[method] += 1
                hits[method] += bool(low <= truth <= high)
                width[method] += high - low
    return {"hits": hits, "defined": defined, "width_sum": width, "auc_one": auc_one,
            "size": size}


def true_precision() -> float:
    delta = math.sqrt(2.0) * float(norm.ppf(PRECISION["auc"]))
    called_pos = PRECISION["prevalence"] * norm.sf(PRECISION["threshold"] - delta)
    called_neg = (1 - PRECISION["prevalence"]) * norm.sf(PRECISION["threshold"])
    return float(called_pos / (called_pos + called_neg))


def precision_block(block: int, size: int, n_boot: int, seed: int) -> dict:
    """Counts of one block of ``size`` test sets of the precision study."""
    n, prevalence, threshold = PRECISION["n"], PRECISION["prevalence"], PRECISION["threshold"]
    delta = math.sqrt(2.0) * float(norm.ppf(PRECISION["auc"]))
    truth = true_precision()
    rng = block_rng(seed, PRECISION_CELL, block)

    def precision(label, score):
        called = score >= threshold
        return float(label[called].mean()) if called.any() else math.nan

    methods = ("case percentile", "stratified percentile")
    hits, defined = dict.fromkeys(methods, 0), dict.fromkeys(methods, 0)
    width = dict.fromkeys(methods, 0.0)
    with warnings.catch_warnings():          # resamples calling nothing positive
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        for _ in range(size):
            label = (rng.random(n) < prevalence).astype(np.int64)
            score = rng.normal(0.0, 1.0, n) + delta * label
            boot_seed = int(rng.integers(0, 2**63 - 1))
            for method in methods:
                ci = ec.bootstrap_ci(label, score, precision, level=LEVEL, n_boot=n_boot,
                                     stratified=method.startswith("stratified"),
                                     random_state=boot_seed)
                if math.isnan(ci.low) or math.isnan(ci.high):
                    continue
                defined[method] += 1
                hits[method] += bool(ci.low <= truth <= ci.high)
                width[method] += ci.high - ci.low
    return {"hits": hits, "defined": defined, "width_sum": width, "size": size}


def totals(blocks: list[dict]) -> dict:
    """The blocks' counts added up, with coverage, its Monte Carlo SE and the mean width."""
    methods = blocks[0]["hits"]
    out = {"reps": sum(b["size"] for b in blocks), "methods": {}}
    if "auc_one" in blocks[0]:
        out["auc_one"] = sum(b["auc_one"] for b in blocks)
    for method in methods:
        hits = sum(b["hits"][method] for b in blocks)
        defined = sum(b["defined"][method] for b in blocks)
        width = sum(b["width_sum"][method] for b in blocks)
        coverage = hits / defined if defined else None
        out["methods"][method] = {
            "hits": hits, "defined": defined,
            "coverage": coverage,
            "mc_se": math.sqrt(coverage * (1 - coverage) / defined) if defined else None,
            "mean_width": width / defined if defined else None}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boundary-blocks", type=int, default=20)
    parser.add_argument("--boundary-block-size", type=int, default=500)
    parser.add_argument("--precision-blocks", type=int, default=100)
    parser.add_argument("--precision-block-size", type=int, default=100)
    parser.add_argument("--n-boot", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2025)
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args()
    boundary = []
    for cell, (name, delta, positives, negatives) in enumerate(BOUNDARY_CELLS):
        blocks = [boundary_block(cell, b, args.boundary_block_size, args.seed)
                  for b in range(args.boundary_blocks)]
        row = {"cell": cell, "name": name, "delta": delta, "positives": positives,
               "negatives": negatives, "true_auc": float(norm.cdf(delta / math.sqrt(2.0))),
               **totals(blocks), "blocks": blocks}
        boundary.append(row)
        print(name, positives, negatives, {m: round(v["coverage"], 4)
                                           for m, v in row["methods"].items()}, flush=True)
    blocks = [precision_block(b, args.precision_block_size, args.n_boot, args.seed)
              for b in range(args.precision_blocks)]
    precision = {**PRECISION, "true_precision": true_precision(), "n_boot": args.n_boot,
                 **totals(blocks), "blocks": blocks}
    print("precision", {m: round(v["coverage"], 4) for m, v in precision["methods"].items()})
    result = {"level": LEVEL, "seed": args.seed, "evalcore": ec.__version__,
              "boundary_block_size": args.boundary_block_size,
              "precision_block_size": args.precision_block_size,
              "boundary": boundary, "precision": precision}
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(result, indent=1) + "\n")
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
