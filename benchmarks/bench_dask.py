"""Exact AUC with DeLong's interval on a local Dask cluster against in-memory evalcore.

Run with ``python benchmarks/bench_dask.py [--size 4e7] [--chunk 1e6]``. Generates binormal
scores (30% positives) on a local cluster of two worker processes (one thread each) and keeps
them there, then times, once each (one run: the machine's noise is in both):

* ``evalcore.dask_evaluation.roc_auc_ci`` on the cluster (the distributed sort by value
  ranges, the prefix of counts and the per-range sums);
* ``evalcore.roc_auc_ci`` on the same scores gathered into this process;

and prints the two times and their ratio (the target: within 2x). It asserts nothing; it
checks that both give the same AUC and interval, since a fast wrong number is no result.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import evalcore as ec


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=float, default=4e7)
    parser.add_argument("--chunk", type=float, default=2e6)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    import dask.array as da
    import distributed

    from evalcore import dask_evaluation as ecd

    n, chunk = int(args.size), int(args.chunk)
    with distributed.LocalCluster(n_workers=args.workers, threads_per_worker=1,
                                  processes=True, dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as client:
        rng = da.random.default_rng(0)
        label = rng.random(n, chunks=chunk) < 0.3
        score = rng.normal(size=n, chunks=chunk) + label
        label, score = client.persist([label, score])
        distributed.wait([label, score])

        small = da.from_array(np.arange(10) % 2, chunks=5)
        ecd.roc_auc_ci(small, small * 0.5)       # warm-up: the workers import evalcore
        start = time.perf_counter()
        on_dask = ecd.roc_auc_ci(label, score)
        dask_seconds = time.perf_counter() - start

        label_np, score_np = label.compute(), score.compute()
    start = time.perf_counter()
    in_memory = ec.roc_auc_ci(label_np, score_np)
    memory_seconds = time.perf_counter() - start

    same = on_dask.auc == in_memory.auc and np.allclose(
        (on_dask.low, on_dask.high), (in_memory.low, in_memory.high), rtol=1e-12, atol=0)
    print(f"exact AUC + DeLong interval, n = {n:,} scores, chunks of {chunk:,}, "
          f"{args.workers} worker processes")
    print(f"{'route':<34} {'seconds':>8}")
    print(f"{'evalcore.dask_evaluation (cluster)':<34} {dask_seconds:>8.2f}")
    print(f"{'evalcore in memory':<34} {memory_seconds:>8.2f}")
    print(f"ratio Dask / in memory: {dask_seconds / memory_seconds:.2f}x (target: within 2x); "
          f"same AUC and interval: {same}")


if __name__ == "__main__":
    main()
