"""Coverage study: how often each 95% interval for the AUC (and for precision) covers the truth.

Run with ``python benchmarks/coverage.py [--reps 500] [--n-boot 1000] [--seed 2024]``. This
is a simulation, not a test: it prints a table and writes it as JSON to
``benchmarks/results/coverage.json`` (the same file for the same ``--reps``, ``--n-boot``
and ``--seed``: every cell has its own seed, derived from ``--seed`` and the cell, and no
timing is stored), which chapter 9 shows.

**AUC.** Scores are binormal with equal variances: negatives 𝒩(0, 1), positives
𝒩(δ, 1) with ``δ = √2·Φ⁻¹(AUC)``, so the true AUC is Φ(δ/√2). For AUC ∈ {0.75, 0.9} and
positives/negatives ∈ {10/40, 25/25, 40/160, 100/100} (the class sizes fixed by the design),
each replicate draws one test set and computes every interval:

* ``delong``, ``logit``, ``hanley_mcneil``: :func:`evalcore.roc_auc_ci`;
* ``case percentile``, ``case bca``, ``stratified percentile``, ``stratified bca``:
  :func:`evalcore.bootstrap_ci` with ``n_boot`` resamples, cases resampled together or
  within each class. The metric is the AUC from the rank sum of the positives, which equals
  :func:`evalcore.roc_auc` whenever no positive ties a negative (continuous scores: a
  resample repeats cases but never creates such a tie; checked on every test set).

Coverage is the share of replicates whose interval contains the true AUC, among those
where the interval is defined; ``undefined`` counts the others (the logit interval at an
AUC of exactly 1, a BCa correction that is infinite), reported, never counted as hits.
``resamples_left_out`` adds up, over the replicates, the bootstrap resamples on which the
AUC was undefined (a case resample without a positive), which :func:`evalcore.bootstrap_ci`
leaves out.

**Precision.** Issue 11's simulation: test sets of n = 150 cases drawn from a population
with prevalence 0.3 (so the number of positives varies from one test set to the next, as
it does when a test set is sampled), binormal scores with AUC 0.8, precision of the rule
``s ≥ θ`` with θ = 1; the true precision is ``π·(1 − Φ(θ − δ)) / (π·(1 − Φ(θ − δ)) + (1 −
π)·(1 − Φ(θ)))``. The case bootstrap reproduces the variation of the prevalence; the
stratified bootstrap holds P and N at the test set's values and so leaves part of the
variance out.
"""

from __future__ import annotations

import argparse
import json
import math
import time
import warnings
from pathlib import Path

import numpy as np
from scipy.stats import norm

import evalcore as ec

AUCS = (0.75, 0.9)
DESIGNS = ((10, 40), (25, 25), (40, 160), (100, 100))
METHODS = ("delong", "logit", "hanley_mcneil", "case percentile", "case bca",
           "stratified percentile", "stratified bca")
LEVEL = 0.95
PRECISION = dict(n=150, prevalence=0.3, auc=0.8, threshold=1.0)
RESULTS = Path(__file__).resolve().parent / "results" / "coverage.json"


def separation(auc: float) -> float:
    """δ for which two unit-variance normals δ apart have this AUC: Φ(δ/√2) = AUC."""
    return math.sqrt(2.0) * float(norm.ppf(auc))


def rank_auc(label: np.ndarray, score: np.ndarray) -> float:
    """AUC from the positives' rank sum (Mann-Whitney); nan if a class is missing."""
    positives = int(label.sum())
    negatives = label.size - positives
    if positives == 0 or negatives == 0:
        return math.nan
    ranks = np.empty(label.size)
    ranks[np.argsort(score, kind="stable")] = np.arange(1, label.size + 1)
    return (ranks[label == 1].sum() - positives * (positives + 1) / 2) / (positives * negatives)


def auc_intervals(label, score, n_boot, seed):
    """Every method's interval (low, high, resamples left out) on one test set."""
    intervals = {}
    with warnings.catch_warnings():     # undefined intervals and resamples are counted
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        for method in ("delong", "logit", "hanley_mcneil"):
            ci = ec.roc_auc_ci(label, score, level=LEVEL, method=method)
            intervals[method] = (ci.low, ci.high, 0)
        for design in ("case", "stratified"):
            for method in ("percentile", "bca"):
                ci = ec.bootstrap_ci(label, score, rank_auc, level=LEVEL, n_boot=n_boot,
                                     method=method, stratified=design == "stratified",
                                     random_state=seed)
                intervals[f"{design} {method}"] = (ci.low, ci.high, ci.n_undefined)
    return intervals


def tally(hits: dict, widths: dict, undefined: dict, left_out: dict, intervals: dict,
          truth: float) -> None:
    for method, (low, high, dropped) in intervals.items():
        left_out[method] += dropped
        if math.isnan(low) or math.isnan(high):
            undefined[method] += 1
            continue
        hits[method] += low <= truth <= high
        widths[method].append(high - low)


def auc_cell(auc: float, positives: int, negatives: int, reps: int, n_boot: int,
             seed_sequence: np.random.SeedSequence) -> list[dict]:
    rng = np.random.default_rng(seed_sequence)
    delta = separation(auc)
    label = np.r_[np.ones(positives, dtype=np.int64), np.zeros(negatives, dtype=np.int64)]
    hits, undefined, left_out = (dict.fromkeys(METHODS, 0) for _ in range(3))
    widths: dict[str, list] = {m: [] for m in METHODS}
    for _ in range(reps):
        score = np.r_[rng.normal(delta, 1.0, positives), rng.normal(0.0, 1.0, negatives)]
        assert math.isclose(rank_auc(label, score), ec.roc_auc(label, score), rel_tol=1e-12)
        boot_seed = int(rng.integers(0, 2**63 - 1))
        tally(hits, widths, undefined, left_out,
              auc_intervals(label, score, n_boot, boot_seed), auc)
    return [{"auc": auc, "positives": positives, "negatives": negatives, "method": method,
             "coverage": hits[method] / (reps - undefined[method])
             if reps > undefined[method] else None,
             "mean_width": float(np.mean(widths[method])) if widths[method] else None,
             "undefined": undefined[method], "resamples_left_out": left_out[method],
             "reps": reps} for method in METHODS]


def true_precision(prevalence: float, delta: float, threshold: float) -> float:
    called_pos = prevalence * norm.sf(threshold - delta)
    called_neg = (1 - prevalence) * norm.sf(threshold)
    return float(called_pos / (called_pos + called_neg))


def precision_cell(reps: int, n_boot: int, seed_sequence: np.random.SeedSequence) -> dict:
    rng = np.random.default_rng(seed_sequence)
    n, prevalence, threshold = PRECISION["n"], PRECISION["prevalence"], PRECISION["threshold"]
    delta = separation(PRECISION["auc"])
    truth = true_precision(prevalence, delta, threshold)

    def precision(label, score):
        called = score >= threshold
        return float(label[called].mean()) if called.any() else math.nan

    methods = ("case percentile", "stratified percentile")
    hits, undefined, left_out = (dict.fromkeys(methods, 0) for _ in range(3))
    widths: dict[str, list] = {m: [] for m in methods}
    for _ in range(reps):
        label = (rng.random(n) < prevalence).astype(np.int64)
        score = rng.normal(0.0, 1.0, n) + delta * label
        boot_seed = int(rng.integers(0, 2**63 - 1))
        intervals = {}
        with warnings.catch_warnings():     # resamples calling nothing positive are counted
            warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
            for design in ("case", "stratified"):
                ci = ec.bootstrap_ci(label, score, precision, level=LEVEL, n_boot=n_boot,
                                     stratified=design == "stratified", random_state=boot_seed)
                intervals[f"{design} percentile"] = (ci.low, ci.high, ci.n_undefined)
        tally(hits, widths, undefined, left_out, intervals, truth)
    return {**PRECISION, "true_precision": truth, "reps": reps,
            "rows": [{"method": m, "coverage": hits[m] / (reps - undefined[m])
                      if reps > undefined[m] else None,
                      "mean_width": float(np.mean(widths[m])) if widths[m] else None,
                      "undefined": undefined[m], "resamples_left_out": left_out[m]}
                     for m in methods]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=500, help="test sets per cell")
    parser.add_argument("--precision-reps", type=int, default=None,
                        help="test sets for the precision study (default: 2 x --reps)")
    parser.add_argument("--n-boot", type=int, default=1000, help="bootstrap resamples")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args()
    precision_reps = args.precision_reps or 2 * args.reps
    root = np.random.SeedSequence(args.seed)
    auc_seeds, precision_seed = root.spawn(len(AUCS) * len(DESIGNS)), root.spawn(1)[0]
    started = time.perf_counter()
    rows = []
    header = (f"{'AUC':>5} {'P/N':>8} {'method':<22} {'coverage':>8} {'mean width':>10} "
              f"{'undefined':>9}")
    print(f"Coverage of {LEVEL:.0%} intervals, {args.reps} test sets per cell, "
          f"{args.n_boot} bootstrap resamples")
    print(header)
    print("-" * len(header))
    cells = [(auc, p, n) for auc in AUCS for p, n in DESIGNS]
    for (auc, positives, negatives), seed in zip(cells, auc_seeds):
        for row in auc_cell(auc, positives, negatives, args.reps, args.n_boot, seed):
            rows.append(row)
            coverage = "-" if row["coverage"] is None else f"{row['coverage']:.3f}"
            width = "-" if row["mean_width"] is None else f"{row['mean_width']:.3f}"
            print(f"{auc:>5} {f'{positives}/{negatives}':>8} {row['method']:<22} "
                  f"{coverage:>8} {width:>10} {row['undefined']:>9}")
    precision = precision_cell(precision_reps, args.n_boot, precision_seed)
    print(f"\nPrecision at θ = {precision['threshold']} (n = {precision['n']}, prevalence "
          f"{precision['prevalence']}, AUC {precision['auc']}; true precision "
          f"{precision['true_precision']:.4f}), {precision_reps} test sets")
    for row in precision["rows"]:
        print(f"  {row['method']:<22} coverage {row['coverage']:.3f}  mean width "
              f"{row['mean_width']:.3f}  undefined {row['undefined']}")
    result = {"level": LEVEL, "reps": args.reps, "n_boot": args.n_boot, "seed": args.seed,
              "evalcore": ec.__version__, "auc": rows, "precision": precision}
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(result, indent=1) + "\n")
    print(f"\nwrote {args.output} ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
