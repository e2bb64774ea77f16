"""How evalcore's Dask route scales: exact AUC with DeLong's interval on 1 and 2 workers.

Run with ``python benchmarks/bench_dask.py [--size 2e7] [--chunk 2e6] [--repeat 5]``.
Generates binormal float32 scores with bool labels (30% positives) on a local cluster of
worker processes (one thread each) and keeps them there (``persist``), as data already on
a cluster is; then, for 1 and then 2 workers, runs
``evalcore.dask_evaluation.roc_auc_ci`` ``--repeat`` times under ``distributed``'s task
stream, and ``evalcore.roc_auc_ci`` on the same scores gathered into this process as many
times, alternating the two so that the shared machine's noise falls on both. For the median
run of each (by wall time) it prints:

* the wall time and its ratio to in-memory evalcore (the target: at most 1.3x on 1 worker);
* the time outside parallel work: the wall time minus the compute time of the tasks that
  run once per partition or per range (all but the few in :data:`SINGLE`) divided by the
  number of workers. What
  remains is the client's work between the passes, the scheduler's latency, the single
  tasks on the critical path (the split points, the offsets, the total), the pieces' transfers
  and the workers' idle time at the end; it is printed as a share of the 1-worker time (the
  target: at most 4%, which would give at least 10x on 16 workers by Amdahl's law);
* the bytes the workers sent one another (``transfer_outgoing_bytes_total``), per row;
* the compute seconds per task group, to show where the time goes.

One run of the script is one machine state: it asserts nothing about time. It checks that
both routes give the same AUC and interval, since a fast wrong number is no result.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

import numpy as np

import evalcore as ec

#: The tasks that run once per computation, on the critical path: everything else the route
#: runs once per partition or per value range (the parallel work).
SINGLE = ("split_points", "range_offsets", "total", "sum", "quiet_auc")


def _timed_dask(client, label, score, ecd, distributed, key_split):
    before = client.run(lambda dask_worker: dask_worker.transfer_outgoing_bytes_total)
    with distributed.get_task_stream(client) as stream:
        start = time.perf_counter()
        result = ecd.roc_auc_ci(label, score)
        wall = time.perf_counter() - start
    after = client.run(lambda dask_worker: dask_worker.transfer_outgoing_bytes_total)
    groups, computed = defaultdict(float), set()
    for task in stream.data:
        for part in task["startstops"]:
            name = key_split(task["key"]) if part["action"] == "compute" else part["action"]
            groups[name] += part["stop"] - part["start"]
            if part["action"] == "compute":
                computed.add(name)
    return {"wall": wall, "result": result, "groups": dict(groups), "computed": computed,
            "moved": sum(after.values()) - sum(before.values())}


def _run(n: int, chunk: int, workers: int, repeat: int) -> tuple[list, list]:
    import dask.array as da
    import distributed
    from dask.utils import key_split

    from evalcore import dask_evaluation as ecd

    runs, memory = [], []
    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as client:
        rng = da.random.default_rng(0)
        label = rng.random(n, chunks=chunk) < 0.3
        score = (rng.normal(size=n, chunks=chunk) + label).astype(np.float32)
        label, score = client.persist([label, score])
        distributed.wait([label, score])
        small = da.from_array(np.arange(10) % 2, chunks=5)
        ecd.roc_auc_ci(small, small * 0.5)       # warm-up: the workers import evalcore
        label_np, score_np = label.compute(), score.compute()
        ec.roc_auc_ci(label_np[:1000], score_np[:1000])
        for _ in range(repeat):
            runs.append(_timed_dask(client, label, score, ecd, distributed, key_split))
            start = time.perf_counter()
            in_memory = ec.roc_auc_ci(label_np, score_np)
            memory.append((time.perf_counter() - start, in_memory))
    return runs, memory


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=float, default=2e7)
    parser.add_argument("--chunk", type=float, default=2e6)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    n, chunk = int(args.size), int(args.chunk)
    print(f"exact AUC + DeLong interval (evalcore.dask_evaluation.roc_auc_ci), n = {n:,} "
          f"float32 scores in {-(-n // chunk)} partitions, persisted; worker processes of one "
          f"thread; median of {args.repeat} runs, alternated with in-memory evalcore")
    header = (f"{'workers':>7} {'Dask s':>7} {'memory s':>8} {'ratio':>6} {'outside s':>9} "
              f"{'share of 1w':>11} {'bytes/row':>9}  compute s by task group")
    print(header)
    one_worker = None
    for workers in args.workers:
        runs, memory = _run(n, chunk, workers, args.repeat)
        run = sorted(runs, key=lambda r: r["wall"])[len(runs) // 2]
        memory_seconds = statistics.median(seconds for seconds, _ in memory)
        in_memory = memory[0][1]
        same = all(r["result"].auc == in_memory.auc and np.allclose(
            (r["result"].low, r["result"].high), (in_memory.low, in_memory.high), rtol=1e-12,
            atol=0) for r in runs)
        parallel = sum(seconds for name, seconds in run["groups"].items()
                       if name not in SINGLE and name in run["computed"])
        outside = max(run["wall"] - parallel / workers, 0.0)
        one_worker = run["wall"] if one_worker is None else one_worker
        groups = ", ".join(f"{name} {seconds:.2f}" for name, seconds in
                           sorted(run["groups"].items(), key=lambda kv: -kv[1])
                           if seconds >= 0.005)
        print(f"{workers:>7} {run['wall']:>7.2f} {memory_seconds:>8.2f} "
              f"{run['wall'] / memory_seconds:>5.2f}x {outside:>9.3f} "
              f"{outside / one_worker:>10.1%} {run['moved'] / n:>9.2f}  {groups}"
              + ("" if same else "  DIFFERENT RESULT"))
    print("outside: wall time minus the parallel tasks' compute time per worker (client, "
          "scheduler, single tasks, transfers, idle); share of the first row's wall time")


if __name__ == "__main__":
    main()
