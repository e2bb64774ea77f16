"""Speed of evalcore's ranking metrics against scikit-learn and against one ``np.sort``.

Run with ``make bench`` (or ``python benchmarks/bench_ranking.py [--sizes 1e5 1e6 1e7]``).
Two tables, printed from one run; nothing is asserted, compare ratios from the same run (the
machine's load moves seconds, much less the ratios of two timings taken side by side).

1. Per size and function (scores on a grid of 10^6 values, so they tie): the median wall time
   of evalcore and of scikit-learn, the speed-up, evalcore's time as a multiple of one
   ``np.sort`` of the same scores (the practical floor for any method that sorts), and
   evalcore's peak traced memory as a multiple of the input's size.
2. The counting kernel on the data practitioners have (``--kernel-size``, default 10^7):
   distinct float32 model outputs, distinct float64, float64 on a grid of 10^6 values, wide
   int64 scores (beyond 2**53) and small int8 scores, each with bool and with int64 0/1
   labels, each under both numpy sort dispatches (all SIMD found, and AVX-512 disabled with
   ``NPY_DISABLE_CPU_FEATURES``). Each case runs in a subprocess of its own (its own memory
   high-water mark, its own dispatch). Printed: ``roc_auc`` time / one ``np.sort`` of the same
   score array (timed alternately in the same process, the fastest of each over the
   repeats), scikit-learn's time / evalcore's, and peak traced memory (``tracemalloc``) /
   input bytes (scores + labels) of ``roc_auc`` (unweighted, it counts U from the sorted keys
   and builds no table) and of ``ScoreCounts.from_arrays`` (the table that curves, weighted
   AUCs and every other metric read). The issue's targets are at most 4x np.sort and at most
   3x the input.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import subprocess
import sys
import time
import tracemalloc

import numpy as np
from sklearn import metrics

import evalcore as ec


@functools.lru_cache(maxsize=1)
def weights(n: int) -> np.ndarray:
    """Weights between 0.5 and 2 for n rows (made once a size, outside the timings)."""
    return np.random.default_rng(1).uniform(0.5, 2.0, n)


PAIRS = {
    "roc_auc": (ec.roc_auc, metrics.roc_auc_score),
    # weights follow their scores: a stable order of the rows (evalcore's score_order)
    "roc_auc weighted": (lambda y, s: ec.roc_auc(y, s, sample_weight=weights(len(s))),
                         lambda y, s: metrics.roc_auc_score(y, s,
                                                            sample_weight=weights(len(s)))),
    "roc_curve": (ec.roc_curve,
                  lambda y, s: metrics.roc_curve(y, s, drop_intermediate=False)),
    "average_precision": (ec.average_precision, metrics.average_precision_score),
}

#: numpy 2.4's names for the AVX-512 dispatch targets (``np.show_runtime()``); disabling them
#: leaves the AVX2 (X86_V3) sort.
NO_AVX512 = "X86_V4 AVX512_ICL AVX512_SPR"
DISPATCHES = {"all SIMD": "", "no AVX-512": NO_AVX512}
SCORE_KINDS = ("float32 distinct", "float64 distinct", "float64 grid 1e6", "int64 wide",
               "int8 0..100")
LABEL_KINDS = ("bool", "int64")


def make_data(n: int, seed: int = 0):
    """Scores on a grid of 10^6 values (so they tie) and labels that depend on them."""
    rng = np.random.default_rng(seed)
    score = rng.integers(0, 10**6, n) / 10**6
    label = (rng.random(n) < score).astype(np.int64)
    return label, score


def make_case(score_kind: str, label_kind: str, n: int, seed: int = 0):
    """One kernel case: labels that depend on the scores (an AUC near 0.75)."""
    rng = np.random.default_rng(seed)
    logit = rng.normal(0.0, 1.5, n)
    chance = 1 / (1 + np.exp(-logit))
    label = rng.random(n) < chance
    if score_kind == "float32 distinct":        # a network's or boosted model's outputs
        score = chance.astype(np.float32)
    elif score_kind == "float64 distinct":
        score = chance
    elif score_kind == "float64 grid 1e6":
        score = np.round(chance * 10**6) / 10**6
    elif score_kind == "int64 wide":            # order-preserving, beyond 2**53
        score = np.argsort(np.argsort(logit)).astype(np.int64) * 2**39 - 2**62
        score = (score + rng.integers(0, 2**39, n)).astype(np.int64)
    elif score_kind == "int8 0..100":
        score = np.round(chance * 100).astype(np.int8)
    else:
        raise ValueError(score_kind)
    del logit, chance
    return label.astype(np.bool_ if label_kind == "bool" else np.int64), score


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


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def kernel_case(score_kind: str, label_kind: str, n: int, repeats: int) -> dict:
    """Measure one case in this process (run in a subprocess by :func:`kernel_table`)."""
    label, score = make_case(score_kind, label_kind, n)
    ec.roc_auc(label[:1000], score[:1000])            # warm up (thread pool, imports)
    np.sort(score[:1000])
    ours, sorts = [], []
    for _ in range(repeats):                          # alternate: both see the same load
        start = time.perf_counter()
        np.sort(score)
        sorts.append(time.perf_counter() - start)
        start = time.perf_counter()
        ec.roc_auc(label, score)
        ours.append(time.perf_counter() - start)
    start = time.perf_counter()
    expected = metrics.roc_auc_score(label, score)
    sklearn_time = time.perf_counter() - start
    input_bytes = score.nbytes + label.nbytes
    return {"sort_ratio": min(ours) / min(sorts), "auc_s": min(ours),
            "sort_s": min(sorts), "sklearn_s": sklearn_time,
            "same_as_sklearn": bool(ec.roc_auc(label, score) == expected),
            "memory_ratio": peak_memory(ec.roc_auc, label, score) / input_bytes,
            "table_memory_ratio": peak_memory(ec.ScoreCounts.from_arrays, label, score)
            / input_bytes}


def kernel_table(n: int, repeats: int) -> None:
    print(f"\nThe counting kernel at n = {n:.0e} on {cpu_name()} ({os.cpu_count()} cores)")
    header = (f"{'scores':<17} {'labels':<6} {'dispatch':<10} {'roc_auc s':>9} {'np.sort s':>9} "
              f"{'x np.sort':>9} {'vs sklearn':>10} {'peak mem':>8} {'table mem':>9} "
              f"{'= sklearn':>9}")
    print(header)
    print("-" * len(header))
    for score_kind in SCORE_KINDS:
        for label_kind in LABEL_KINDS:
            for dispatch, disabled in DISPATCHES.items():
                env = dict(os.environ, NPY_DISABLE_CPU_FEATURES=disabled)
                command = [sys.executable, __file__, "--one-case", score_kind, label_kind,
                           "--kernel-size", str(n), "--repeats", str(repeats)]
                done = subprocess.run(command, env=env, capture_output=True, text=True)
                if done.returncode:
                    print(f"{score_kind:<17} {label_kind:<6} {dispatch:<10} failed: "
                          f"{done.stderr.strip().splitlines()[-1]}")
                    continue
                r = json.loads(done.stdout.strip().splitlines()[-1])
                print(f"{score_kind:<17} {label_kind:<6} {dispatch:<10} {r['auc_s']:>9.3f} "
                      f"{r['sort_s']:>9.3f} {r['sort_ratio']:>8.2f}x "
                      f"{r['sklearn_s'] / r['auc_s']:>9.1f}x {r['memory_ratio']:>7.2f}x "
                      f"{r['table_memory_ratio']:>8.2f}x "
                      f"{'yes' if r['same_as_sklearn'] else 'no':>9}")
    print(f"\nroc_auc s, np.sort s: the fastest of {repeats} alternated runs; x np.sort = their "
          f"ratio; vs sklearn = roc_auc_score time / roc_auc time;\npeak mem = peak traced "
          f"allocation of roc_auc / input bytes (scores + labels); table mem = the same for "
          f"ScoreCounts.from_arrays;\n= sklearn: the same AUC to the bit (scikit-learn's "
          f"trapezoid can differ by an ulp on ties, and its float64 merges int64\nscores "
          f"beyond 2**53). Dispatch 'no AVX-512': NPY_DISABLE_CPU_FEATURES={NO_AVX512!r}.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", type=float, default=[1e5, 1e6, 1e7])
    parser.add_argument("--kernel-size", type=float, default=1e7)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--only-kernel", action="store_true",
                        help="print only the counting kernel's table")
    parser.add_argument("--one-case", nargs=2, metavar=("SCORES", "LABELS"),
                        help=argparse.SUPPRESS)
    parser.add_argument("--disable-cpu-features", metavar="NAMES",
                        help="re-run with NPY_DISABLE_CPU_FEATURES=NAMES, e.g. 'X86_V4 "
                             "AVX512_ICL' where numpy's AVX-512 sort is slower than its AVX2 one")
    args = parser.parse_args()
    if args.one_case:
        print(json.dumps(kernel_case(*args.one_case, int(args.kernel_size), args.repeats)))
        return
    if args.disable_cpu_features is not None and "NPY_DISABLE_CPU_FEATURES" not in os.environ:
        os.environ["NPY_DISABLE_CPU_FEATURES"] = args.disable_cpu_features
        os.execv(sys.executable, [sys.executable, *sys.argv])
    print(numpy_sort_dispatch())
    if not args.only_kernel:
        grid_table(args.sizes)
    kernel_table(int(args.kernel_size), args.repeats)


def grid_table(sizes) -> None:
    header = (f"{'function':<18} {'n':>9} {'evalcore s':>11} {'sklearn s':>10} "
              f"{'speed-up':>9} {'np.sort s':>10} {'x np.sort':>10} {'peak mem':>9}")
    print(header)
    print("-" * len(header))
    for size in sizes:
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
