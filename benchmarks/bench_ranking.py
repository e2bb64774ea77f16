"""Speed of evalcore's ranking metrics against scikit-learn and against one ``np.sort``.

Run with ``make bench`` (or ``python benchmarks/bench_ranking.py [--sizes 1e5 1e6 1e7]``).
Prints, per size and function, the median wall time of evalcore and of scikit-learn, the
speed-up, and evalcore's time as a multiple of one ``np.sort`` of the same scores (the
practical floor for any method that sorts), plus evalcore's peak extra memory as a multiple of
the input's size. Machines are noisy: compare ratios from the same run, not seconds across runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import tracemalloc

import numpy as np
from sklearn import metrics

import evalcore as ec

PAIRS = {
    "roc_auc": (ec.roc_auc, metrics.roc_auc_score),
    "roc_curve": (ec.roc_curve,
                  lambda y, s: metrics.roc_curve(y, s, drop_intermediate=False)),
    "average_precision": (ec.average_precision, metrics.average_precision_score),
}


def make_data(n: int, seed: int = 0):
    """Scores on a grid of 10^6 values (so they tie) and labels that depend on them."""
    rng = np.random.default_rng(seed)
    score = rng.integers(0, 10**6, n) / 10**6
    label = (rng.random(n) < score).astype(np.int64)
    return label, score


def median_time(func, *args, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        func(*args)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def peak_memory(func, *args) -> int:
    tracemalloc.start()
    func(*args)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def numpy_sort_dispatch() -> str:
    """Which SIMD extensions numpy found and which the environment disabled."""
    from numpy._core._multiarray_umath import __cpu_features__ as features

    found = [name for name in ("AVX2", "X86_V3", "AVX512_SKX", "X86_V4", "AVX512_ICL")
             if features.get(name)]
    disabled = os.environ.get("NPY_DISABLE_CPU_FEATURES", "")
    return f"numpy {np.__version__}; SIMD found: {' '.join(found) or 'none'}; " \
           f"NPY_DISABLE_CPU_FEATURES={disabled!r}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", type=float, default=[1e5, 1e6, 1e7])
    parser.add_argument("--disable-cpu-features", metavar="NAMES",
                        help="re-run with NPY_DISABLE_CPU_FEATURES=NAMES, e.g. 'X86_V4 "
                             "AVX512_ICL' where numpy's AVX-512 sort is slower than its AVX2 one")
    args = parser.parse_args()
    if args.disable_cpu_features is not None and "NPY_DISABLE_CPU_FEATURES" not in os.environ:
        os.environ["NPY_DISABLE_CPU_FEATURES"] = args.disable_cpu_features
        os.execv(sys.executable, [sys.executable, *sys.argv])
    print(numpy_sort_dispatch())
    header = (f"{'function':<18} {'n':>9} {'evalcore s':>11} {'sklearn s':>10} "
              f"{'speed-up':>9} {'np.sort s':>10} {'x np.sort':>10} {'peak mem':>9}")
    print(header)
    print("-" * len(header))
    for size in args.sizes:
        n = int(size)
        label, score = make_data(n)
        repeats = 7 if n <= 10**5 else 5 if n <= 10**6 else 3
        for func, twin in PAIRS.values():  # warm up (thread pool, page faults)
            func(label[:1000], score[:1000])
        sort_time = median_time(np.sort, score, repeats=repeats)
        input_bytes = score.nbytes + label.nbytes
        for name, (func, twin) in PAIRS.items():
            ours = median_time(func, label, score, repeats=repeats)
            theirs = median_time(twin, label, score, repeats=max(1, repeats // 2))
            peak = peak_memory(func, label, score) / input_bytes
            print(f"{name:<18} {n:>9.0e} {ours:>11.4f} {theirs:>10.4f} {theirs / ours:>8.1f}x "
                  f"{sort_time:>10.4f} {ours / sort_time:>9.2f}x {peak:>8.1f}x")
    print("\nspeed-up = scikit-learn time / evalcore time; x np.sort = evalcore time / one "
          "np.sort of the scores;\npeak mem = evalcore's peak traced allocation / input bytes "
          "(scores + labels).")


if __name__ == "__main__":
    main()
