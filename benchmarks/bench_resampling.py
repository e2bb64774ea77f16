"""Speed of evalcore's resampling methods: bootstraps, pROC's rate intervals, permutation tests.

Run with ``python benchmarks/bench_resampling.py [--sizes 200 5000] [--repeats 3]``. Every
bootstrap interval, rate interval and permutation test runs through one engine
(``evalcore/stats/resampling.py``: the draws, one loop evaluating a statistic, percentile and
BCa); this prints, per size, the median wall time of each public function with its default
number of resamples (2000 for the bootstraps, 9999 random permutations), and per resample
in microseconds. Compare a change against the code before it in the same run of the machine
(``PYTHONPATH=<other checkout> python benchmarks/bench_resampling.py``): seconds vary between
runs and machines.
"""

from __future__ import annotations

import argparse

import numpy as np
from bench_ranking import median_time   # benchmarks/ is on sys.path when run as a script

import evalcore as ec


def make_data(n: int, seed: int = 0):
    """A binormal sample (30% positives), scores rounded so that some tie, and a second,
    correlated classifier."""
    rng = np.random.default_rng(seed)
    label = (rng.random(n) < 0.3).astype(np.int64)
    score_a = np.round(rng.normal(size=n) + label, 2)
    score_b = np.round(0.8 * score_a + rng.normal(scale=0.6, size=n), 2)
    return label, score_a, score_b


def recall_at_zero(y, s):
    """A metric at a threshold, undefined on a resample without a positive."""
    return ec.confusion_matrix_at(y, s, 0.0).tpr


def cases(label, a, b):
    """name: (function, number of resamples)."""
    return {
        "bootstrap_ci case": (lambda: ec.bootstrap_ci(label, a, ec.roc_auc, random_state=0),
                              2000),
        "bootstrap_ci stratified": (lambda: ec.bootstrap_ci(
            label, a, ec.roc_auc, stratified=True, random_state=0), 2000),
        "bootstrap_ci bca": (lambda: ec.bootstrap_ci(label, a, ec.roc_auc, method="bca",
                                                     random_state=0), 2000 + label.size),
        "bootstrap_ci recall": (lambda: ec.bootstrap_ci(label, a, recall_at_zero,
                                                        random_state=0), 2000),
        "paired_bootstrap_ci": (lambda: ec.paired_bootstrap_ci(label, a, b, ec.roc_auc,
                                                               random_state=0), 2000),
        "roc_auc_ci bootstrap": (lambda: ec.roc_auc_ci(label, a, method="bootstrap",
                                                       random_state=0), 2000),
        "sensitivity_at_spec.": (lambda: ec.sensitivity_at_specificity(
            label, a, [0.8, 0.9], random_state=0), 2000),
        "operating_point_ci": (lambda: ec.operating_point_ci(label, a, [0.0, 0.5],
                                                             random_state=0), 2000),
        "auc_permutation_test": (lambda: ec.auc_permutation_test(
            label, a, n_resamples=9999, random_state=0), 9999),
        "paired_permutation": (lambda: ec.paired_permutation_test(label, a, b,
                                                                  random_state=0), 9999),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", type=float, default=[200, 5000])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    header = f"{'function':<24} {'n':>7} {'median s':>9} {'us/resample':>12}"
    print(header)
    print("-" * len(header))
    for size in args.sizes:
        n = int(size)
        for name, (call, resamples) in cases(*make_data(n)).items():
            seconds = median_time(call, repeats=args.repeats)
            print(f"{name:<24} {n:>7,} {seconds:>9.3f} {1e6 * seconds / resamples:>12.1f}")


if __name__ == "__main__":
    main()
