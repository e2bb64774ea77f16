"""How evalcore's Dask route scales: exact AUC with DeLong's interval on 1 and 2 workers.

Run with ``python benchmarks/bench_dask.py [--size 2e7] [--chunk 2e6] [--repeat 9]``.
Generates binormal float32 scores with bool labels (30% positives) on a local cluster of
worker processes (one thread each) and keeps them there, as data already on a cluster is
(each partition's columns on one worker, every worker holding as many partitions:
:func:`_on_cluster`); then, for 1 and then 2 workers, runs
``evalcore.dask_evaluation.roc_auc_ci`` ``--repeat`` times under ``distributed``'s task
stream, and ``evalcore.roc_auc_ci`` on the same scores gathered into this process as many
times, alternating the two so that the shared machine's noise falls on both (``--ranges``
sets ``n_ranges``, else evalcore chooses). For each number of workers it prints the wall
time of the median run (by wall time) and its ratio to in-memory evalcore (the target: at
most 1.3x on 1 worker), and the median over the runs (one run's vary with the machine's
load more than the wall time) of:

* the time outside parallel work: the wall time minus the compute time of the tasks that
  run once per partition or per range (all but the few in :data:`SINGLE`) divided by the
  number of workers. What
  remains is the client's work between the passes, the scheduler's latency, the single
  tasks on the critical path (the split points, the offsets, the total), the pieces' transfers
  and the workers' idle time at the end; it is printed as a share of the 1-worker time (the
  target: at most 4%, which would give at least 10x on 16 workers by Amdahl's law);
* the time with no parallel work waiting: the wall time minus the time each worker had a
  task of the parallel work ready or running (from the workers' logs of their tasks'
  transitions), divided by the number of workers. This is Amdahl's serial part. A worker's
  overhead between two of its tasks while the next one already waits on it (a few
  milliseconds a task on a 2-core virtual machine) is parallel work, since every worker
  pays it for its own tasks: the first measure counts it, this one does not. A worker
  waiting for the client, the scheduler, a single task or a transfer, or idle at the end,
  counts in both;
* the bytes the workers sent one another (``transfer_outgoing_bytes_total``), per row;

then the median run's compute seconds per task group, to show where the time goes.

On one worker it then times DeLong's paired test (``evalcore.dask_evaluation.delong_test``)
of the same scores and a second classifier's, once on the cluster and once in memory.

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


def _transitions(dask_worker) -> list:
    """A worker's log of its tasks' transitions: (key, from, to, time) each."""
    return [(entry[0], entry[1], entry[3], entry[-1]) for entry in dask_worker.state.log
            if len(entry) == 7]


def _time_with_work(transitions: list, start: float, stop: float, key_split) -> float:
    """How long, between ``start`` and ``stop``, a worker had a task of the parallel work
    (all but :data:`SINGLE`) ready or running: the union of the spans from each task's
    becoming ready to its end."""
    ready, spans = {}, []
    for key, before, after, moment in transitions:
        if not start <= moment <= stop or key_split(key) in SINGLE:
            continue
        if after in ("ready", "constrained", "executing") and key not in ready:
            ready[key] = moment
        elif before == "executing" and key in ready:
            spans.append((ready.pop(key), moment))
    total, current = 0.0, None
    for begin, end in sorted(spans):
        if current is not None and begin <= current[1]:
            current[1] = max(current[1], end)
            continue
        total += 0 if current is None else current[1] - current[0]
        current = [begin, end]
    return total + (0 if current is None else current[1] - current[0])


def _timed_dask(client, label, score, ecd, distributed, key_split, n_ranges):
    before = client.run(lambda dask_worker: dask_worker.transfer_outgoing_bytes_total)
    with distributed.get_task_stream(client) as stream:
        start, clock = time.perf_counter(), time.time()
        result = ecd.roc_auc_ci(label, score, n_ranges=n_ranges)
        wall, clock_stop = time.perf_counter() - start, time.time()
    after = client.run(lambda dask_worker: dask_worker.transfer_outgoing_bytes_total)
    with_work = sum(_time_with_work(log, clock, clock_stop, key_split)
                    for log in client.run(_transitions).values())
    groups, computed = defaultdict(float), set()
    for task in stream.data:
        for part in task["startstops"]:
            name = key_split(task["key"]) if part["action"] == "compute" else part["action"]
            groups[name] += part["stop"] - part["start"]
            if part["action"] == "compute":
                computed.add(name)
    return {"wall": wall, "result": result, "groups": dict(groups), "computed": computed,
            "moved": sum(after.values()) - sum(before.values()), "with_work": with_work}


def _paired(client, label, score, other, label_np, score_np, ecd) -> tuple:
    """DeLong's paired test of ``score`` and ``other``, a second classifier's scores, once
    on the cluster and once in memory: (Dask s, memory s, same result)."""
    other_np = other.compute()
    start = time.perf_counter()
    on_dask = ecd.delong_test(label, score, other)
    dask_seconds = time.perf_counter() - start
    start = time.perf_counter()
    in_memory = ec.delong_test(label_np, score_np, other_np)
    memory_seconds = time.perf_counter() - start
    same = np.allclose(tuple(on_dask), tuple(in_memory), rtol=1e-9, atol=1e-12)
    return dask_seconds, memory_seconds, same


def _column(index: int, size: int, column: str) -> np.ndarray:
    """One partition's column of the synthetic data, from the partition's own seed: bool
    labels (30% positives), binormal float32 scores, and a second classifier's scores
    correlated with them (``"other"``)."""
    rng = np.random.default_rng(index)
    label = rng.random(size) < 0.3
    score = (rng.normal(size=size) + label).astype(np.float32)
    if column == "other":
        return (0.8 * score + rng.normal(0, 0.6, size=size)).astype(np.float32)
    return label if column == "label" else score


def _on_cluster(client, n: int, chunk: int, column: str):
    """A column of the data as a Dask array whose partitions are already on the workers,
    as a parallel read of files leaves them: partition i's columns all on worker i modulo
    the number of workers, so every worker holds as many partitions (``persist`` of
    generated data had left a partition's labels and scores on different workers and 4
    partitions on one worker, 6 on the other)."""
    import dask.array as da
    import distributed
    from dask import delayed

    workers = sorted(client.scheduler_info()["workers"])
    sizes = [min(chunk, n - start) for start in range(0, n, chunk)]
    dtype = np.bool_ if column == "label" else np.float32
    parts = [client.submit(_column, index, size, column, workers=[workers[index % len(workers)]],
                           key=f"{column}-{index}")
             for index, size in enumerate(sizes)]
    array = da.concatenate([da.from_delayed(delayed(part), shape=(size,), dtype=dtype)
                            for part, size in zip(parts, sizes)])
    (array,) = client.persist([array])  # its partitions under its own keys, where they are
    distributed.wait([array])
    return array


def _run(n: int, chunk: int, workers: int, repeat: int,
         n_ranges: int | None) -> tuple[list, list, tuple | None]:
    import dask.array as da
    import distributed
    from dask.utils import key_split

    from evalcore import dask_evaluation as ecd

    runs, memory = [], []
    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as client:
        label = _on_cluster(client, n, chunk, "label")
        score = _on_cluster(client, n, chunk, "score")
        small = da.from_array(np.arange(10) % 2, chunks=5)
        ecd.roc_auc_ci(small, small * 0.5)       # warm-up: the workers import evalcore
        label_np, score_np = label.compute(), score.compute()
        ec.roc_auc_ci(label_np[:1000], score_np[:1000])
        for _ in range(repeat):
            runs.append(_timed_dask(client, label, score, ecd, distributed, key_split,
                                    n_ranges))
            start = time.perf_counter()
            in_memory = ec.roc_auc_ci(label_np, score_np)
            memory.append((time.perf_counter() - start, in_memory))
        paired = None
        if workers == 1:
            other = _on_cluster(client, n, chunk, "other")
            paired = _paired(client, label, score, other, label_np, score_np, ecd)
    return runs, memory, paired


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=float, default=2e7)
    parser.add_argument("--chunk", type=float, default=2e6)
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--ranges", type=int, default=None,
                        help="value ranges (n_ranges; default: chosen by evalcore)")
    args = parser.parse_args()
    n, chunk = int(args.size), int(args.chunk)
    print(f"exact AUC + DeLong interval (evalcore.dask_evaluation.roc_auc_ci), n = {n:,} "
          f"float32 scores in {-(-n // chunk)} partitions held by the workers (each "
          f"partition's columns on one worker, as many each); worker processes of one thread; "
          f"{args.repeat} runs, alternated with in-memory evalcore; n_ranges "
          f"{args.ranges or 'chosen'}")
    header = (f"{'workers':>7} {'Dask s':>7} {'memory s':>8} {'ratio':>6} {'outside s':>9} "
              f"{'share of 1w':>11} {'no work s':>9} {'share of 1w':>11} {'bytes/row':>9}  "
              f"compute s by task group")
    print(header)
    one_worker, paired_line = None, "(no one-worker run: no paired test)"
    for workers in args.workers:
        runs, memory, paired = _run(n, chunk, workers, args.repeat, args.ranges)
        run = sorted(runs, key=lambda r: r["wall"])[len(runs) // 2]
        memory_seconds = statistics.median(seconds for seconds, _ in memory)
        in_memory = memory[0][1]
        same = all(r["result"].auc == in_memory.auc and np.allclose(
            (r["result"].low, r["result"].high), (in_memory.low, in_memory.high), rtol=1e-12,
            atol=0) for r in runs)
        # the serial measures are medians over the runs (one run's vary with the machine)
        outside = statistics.median(max(r["wall"] - sum(
            seconds for name, seconds in r["groups"].items()
            if name not in SINGLE and name in r["computed"]) / workers, 0.0) for r in runs)
        no_work = statistics.median(max(r["wall"] - r["with_work"] / workers, 0.0)
                                    for r in runs)
        moved = statistics.median(r["moved"] for r in runs)
        one_worker = run["wall"] if one_worker is None else one_worker
        groups = ", ".join(f"{name} {seconds:.2f}" for name, seconds in
                           sorted(run["groups"].items(), key=lambda kv: -kv[1])
                           if seconds >= 0.005)
        print(f"{workers:>7} {run['wall']:>7.2f} {memory_seconds:>8.2f} "
              f"{run['wall'] / memory_seconds:>5.2f}x {outside:>9.3f} "
              f"{outside / one_worker:>10.1%} {no_work:>9.3f} {no_work / one_worker:>10.1%} "
              f"{moved / n:>9.2f}  {groups}"
              + ("" if same else "  DIFFERENT RESULT"))
        if paired is not None:
            paired_line = (f"{'':>7} DeLong's paired test of a second classifier's scores "
                           f"(one run): Dask {paired[0]:.2f} s, in memory {paired[1]:.2f} s, "
                           f"{paired[0] / paired[1]:.2f}x"
                           + ("" if paired[2] else "  DIFFERENT RESULT"))
    print(paired_line)
    print("outside: wall time minus the parallel tasks' compute time per worker (client, "
          "scheduler, single tasks, transfers, idle, and each worker's overhead between its "
          "tasks); no work: wall time minus the time per worker with parallel work ready or "
          "running (Amdahl's serial part); shares of the first row's wall time; times, "
          "ratio, compute and bytes of the median run by wall time, outside and no work "
          "the medians over the runs")


if __name__ == "__main__":
    main()
