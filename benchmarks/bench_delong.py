"""Speed of DeLong's AUC interval and paired test, against one ``np.sort`` of the scores.

Run with ``python benchmarks/bench_delong.py [--sizes 1e5 1e6] [--repeats 5]``. Prints, per
size, the median wall time of ``roc_auc_ci`` (DeLong), ``delong_variance`` and
``delong_test`` (paired, two score vectors), and each as a multiple of one ``np.sort`` of one
score vector: the practical floor for any method that sorts. Sun and Xu's algorithm needs
one sort per score vector, so the ratios should stay small constants as n grows, while the
O(m·n) pairwise definition would take hours at n = 10^6. Machines are noisy: compare ratios
from the same run, not seconds across runs.
"""

from __future__ import annotations

import argparse

import numpy as np
from bench_ranking import median_time   # benchmarks/ is on sys.path when run as a script

import evalcore as ec


def make_data(n: int, seed: int = 0):
    """A binormal sample (30% positives) and a second, correlated classifier's scores."""
    rng = np.random.default_rng(seed)
    label = (rng.random(n) < 0.3).astype(np.int64)
    score_a = rng.normal(size=n) + label
    score_b = 0.8 * score_a + rng.normal(scale=0.6, size=n)
    return label, score_a, score_b


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", type=float, default=[1e5, 1e6])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    header = f"{'function':<22} {'n':>9} {'median s':>9} {'np.sort s':>10} {'x np.sort':>10}"
    print(header)
    print("-" * len(header))
    for size in args.sizes:
        n = int(size)
        label, score_a, score_b = make_data(n)
        sort_time = median_time(np.sort, score_a, repeats=args.repeats)
        cases = {
            "roc_auc_ci (DeLong)": (ec.roc_auc_ci, label, score_a),
            "delong_variance": (ec.delong_variance, label, score_a),
            "delong_test (paired)": (ec.delong_test, label, score_a, score_b),
        }
        for name, (func, *data) in cases.items():
            func(*data)                                     # warm up
            seconds = median_time(func, *data, repeats=args.repeats)
            print(f"{name:<22} {n:>9,} {seconds:>9.3f} {sort_time:>10.3f} "
                  f"{seconds / sort_time:>10.1f}")


if __name__ == "__main__":
    main()
