"""Out of core: the exact AUC and DeLong interval of 10⁸ to 10⁹ scores in parquet, on Dask
workers with 4 GB in all.

Run with ``python benchmarks/bench_out_of_core.py [--sizes 1e8 1e9] [--repeat 1]
[--data DIR]``.

Data: one data set of ``max(sizes)`` rows written once under ``_build/bench-data/`` (about
5 bytes a row: 5 GB at 10⁹; the script checks the free disk first), as parquet files of
10⁷ rows in row groups of 2.5·10⁶: a float32 score, the sigmoid of a normal shifted by 1 for
the positives (a model's distinct-ish outputs; float32 has about 1.6·10⁷ values between
0.25 and 1, so at 10⁹ rows they tie heavily), and an int8 label (30% positives). Each file
is seeded by its number and generated in chunks, never the whole array in memory; a smaller
size's data set is the first of those files (hard links, no second copy).

Then, per size, a fresh ``LocalCluster(n_workers=2, threads_per_worker=1,
memory_limit="2GB")`` (spilling under ``_build/dask-tmp``) runs
``evalcore.dask_evaluation.roc_auc_ci`` (the exact AUC and its DeLong interval) on the
columns of ``dask.dataframe.read_parquet``, timed (the fastest of ``--repeat`` runs), and
the script prints: rows, seconds, seconds per 10⁸ rows, the time per row against the
smallest size's (the target: at most 1.3x), each worker's peak resident memory
(``VmHWM``, read in the worker: the nanny polls memory, so a worker can pass its limit
for moments), the bytes Dask spilled to disk, and the AUC with its interval.

Checks (a fast wrong number is no result): the Dask AUC and interval against in-memory
evalcore on the same files: at the smallest size ``evalcore.roc_auc_ci`` on the columns read whole
(also timed), and at every size the merge of per-row-group ``ScoreCounts`` read with pyarrow
(merged as a binary counter, so the running summaries stay about the size of the distinct
scores), from which ``ec.roc_auc_ci`` gives the same numbers without the rows.
Use ``--no-check`` to skip the check at the largest size.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import shutil
import time
from pathlib import Path

import numpy as np

import evalcore as ec

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "_build" / "bench-data"
ROWS_PER_FILE = 10**7
ROWS_PER_GROUP = 2_500_000
BYTES_PER_ROW = 5.2          # float32 score, int8 label, parquet's overhead


def generate_file(path: Path, index: int) -> None:
    """File ``index`` of the data set: ROWS_PER_FILE rows, one row group per chunk."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = np.random.default_rng([21, index])
    schema = pa.schema([("score", pa.float32()), ("label", pa.int8())])
    partial = path.with_suffix(".partial")
    with pq.ParquetWriter(partial, schema) as writer:
        for _ in range(ROWS_PER_FILE // ROWS_PER_GROUP):
            label = (rng.random(ROWS_PER_GROUP, dtype=np.float32) < 0.3).astype(np.int8)
            logit = rng.standard_normal(ROWS_PER_GROUP, dtype=np.float32) + label
            score = (1 / (1 + np.exp(-logit))).astype(np.float32)
            writer.write_table(pa.table({"score": score, "label": label}, schema=schema),
                               row_group_size=ROWS_PER_GROUP)
    partial.rename(path)                        # a file is there whole or not at all


def data_set(rows: int, data: Path) -> Path:
    """The directory of ``rows`` rows (written if missing): the first rows / 10⁷ files."""
    if rows % ROWS_PER_FILE:
        raise ValueError(f"sizes must be multiples of {ROWS_PER_FILE:.0e}, got {rows}")
    every = data / "all"
    every.mkdir(parents=True, exist_ok=True)
    n_files = rows // ROWS_PER_FILE
    missing = [i for i in range(n_files) if not (every / f"part-{i:05d}.parquet").exists()]
    need = len(missing) * ROWS_PER_FILE * BYTES_PER_ROW
    free = shutil.disk_usage(data).free
    if need > free - 5e9:
        raise SystemExit(f"{rows:.0e} rows need {need / 1e9:.1f} GB more under {data}, "
                         f"and only {free / 1e9:.1f} GB are free (keeping 5 GB): run a "
                         f"smaller --sizes")
    start = time.perf_counter()
    for i in missing:
        generate_file(every / f"part-{i:05d}.parquet", i)
    if missing:
        print(f"wrote {len(missing)} files ({len(missing) * ROWS_PER_FILE:,} rows) in "
              f"{time.perf_counter() - start:.0f} s", flush=True)
    directory = data / f"rows-{rows:.0e}".replace("+", "")
    directory.mkdir(exist_ok=True)
    for i in range(n_files):
        link = directory / f"part-{i:05d}.parquet"
        if not link.exists():
            os.link(every / link.name, link)
    return directory


def merged_counts(directory: Path) -> ec.ScoreCounts:
    """The per-row-group ScoreCounts of the files, read with pyarrow and merged as a binary
    counter (two summaries of about the same size at a time)."""
    import pyarrow.parquet as pq

    stack: list[tuple[int, ec.ScoreCounts]] = []
    for path in sorted(directory.glob("*.parquet")):
        file = pq.ParquetFile(path)
        for group in range(file.num_row_groups):
            table = file.read_row_group(group, columns=["label", "score"])
            counts = ec.ScoreCounts.from_arrays(table["label"].to_numpy(),
                                                table["score"].to_numpy())
            level = 0
            while stack and stack[-1][0] == level:
                counts = stack.pop()[1] + counts
                level += 1
            stack.append((level, counts))
    return sum((counts for _, counts in stack), ec.ScoreCounts.empty())


def read_whole(directory: Path):
    import pyarrow.parquet as pq

    table = pq.read_table(directory, columns=["label", "score"])
    return table["label"].to_numpy(), table["score"].to_numpy()


def worker_peak_rss() -> int:
    """This process's peak resident memory in bytes (run in each worker): ``VmHWM``, the
    high-water mark of its own address space. Not ``ru_maxrss``, which survives ``execve``:
    a worker spawned after the benchmark's own process had read 10⁸ rows in memory reported
    that process's 3.07 GB as its peak, whatever its memory limit."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024   # not Linux


def worker_spilled(dask_worker) -> int:
    """Bytes this worker wrote to its spill directory since it started (0 if its spill
    buffer does not count them)."""
    metrics = getattr(dask_worker.data, "cumulative_metrics", {})
    return int(sum(value for (label, unit), value in metrics.items()
                   if label == "disk-write" and unit == "bytes"))


@contextlib.contextmanager
def warm_cluster(workers: int, memory_limit: str, tmp: Path = ROOT / "_build" / "dask-tmp"):
    """A client of a fresh ``LocalCluster`` of ``workers`` processes (one thread and
    ``memory_limit`` each, spilling under ``tmp``) whose workers have imported evalcore."""
    import dask
    import distributed

    from evalcore import dask_evaluation as ecd

    tmp.mkdir(parents=True, exist_ok=True)
    with dask.config.set({"temporary-directory": str(tmp)}), \
            distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                     memory_limit=memory_limit, dashboard_address=":0",
                                     local_directory=str(tmp)) as cluster, \
            distributed.Client(cluster) as client:
        small = dask.array.from_array(np.arange(10) % 2, chunks=5)
        ecd.roc_auc(small, small * 0.5)       # warm-up: the workers import evalcore
        yield client


def run_on_dask(directory: Path, workers: int, memory_limit: str):
    import dask.dataframe as dd

    from evalcore import dask_evaluation as ecd

    with warm_cluster(workers, memory_limit) as client:
        frame = dd.read_parquet(str(directory), columns=["label", "score"])
        start = time.perf_counter()
        result = ecd.roc_auc_ci(frame["label"], frame["score"])
        seconds = time.perf_counter() - start
        peaks = client.run(worker_peak_rss)
        spilled = client.run(worker_spilled)
        partitions = frame.npartitions
    return result, seconds, sorted(peaks.values()), sum(spilled.values()), partitions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=float, nargs="+", default=[1e8, 1e9])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--memory-limit", default="2GB")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs per size on Dask (a fresh cluster each); the table shows "
                             "the fastest, and every run's seconds")
    parser.add_argument("--no-check", action="store_true",
                        help="skip the pyarrow ScoreCounts check at the largest size")
    args = parser.parse_args()
    sizes = sorted(int(size) for size in args.sizes)
    args.data.mkdir(parents=True, exist_ok=True)
    print(f"free disk under {args.data}: {shutil.disk_usage(args.data).free / 1e9:.0f} GB; "
          f"load average {os.getloadavg()[0]:.2f}", flush=True)
    directories = {rows: data_set(rows, args.data) for rows in sizes}

    rows_table = []
    for rows in sizes:
        runs = []
        for _ in range(args.repeat):
            runs.append(run_on_dask(directories[rows], args.workers, args.memory_limit))
            print(f"{rows:.0e} rows, {runs[-1][4]} partitions: {runs[-1][1]:.1f} s on Dask, "
                  f"AUC {runs[-1][0].auc:.12f}; load average {os.getloadavg()[0]:.2f}",
                  flush=True)
        result, seconds, peaks, spilled, _ = min(runs, key=lambda run: run[1])
        if any(run[0] != result for run in runs):
            raise SystemExit("the runs on Dask gave different results")
        check = ""
        if rows == sizes[0]:
            label, score = read_whole(directories[rows])
            start = time.perf_counter()
            in_memory = ec.roc_auc_ci(label, score)
            memory_seconds = time.perf_counter() - start
            del label, score
            same = in_memory.auc == result.auc and np.allclose(
                (in_memory.low, in_memory.high), (result.low, result.high), rtol=1e-12, atol=0)
            check = f"in memory ({memory_seconds:.1f} s): {'same' if same else 'DIFFERENT'}"
            print(check, flush=True)
        if rows != sizes[-1] or not args.no_check:
            start = time.perf_counter()
            counts = merged_counts(directories[rows])
            merged = counts.roc_auc_ci()
            same = merged.auc == result.auc and np.allclose(
                (merged.low, merged.high), (result.low, result.high), rtol=1e-12, atol=0)
            print(f"pyarrow ScoreCounts ({len(counts):,} distinct scores, "
                  f"{time.perf_counter() - start:.0f} s): {'same' if same else 'DIFFERENT'}",
                  flush=True)
            check += ("; " if check else "") + f"ScoreCounts: {'same' if same else 'DIFFERENT'}"
            del counts
        rows_table.append((rows, seconds, peaks, spilled, result, check))

    base = rows_table[0][1] / rows_table[0][0]
    print(f"\nexact AUC + DeLong interval from parquet, {args.workers} workers x "
          f"{args.memory_limit} (one thread each)")
    print(f"{'rows':>14} {'seconds':>8} {'s/1e8 rows':>10} {'per row':>8} "
          f"{'peak RSS per worker (GB)':>25} {'spilled GB':>10}  AUC [95% DeLong]   check")
    for rows, seconds, peaks, spilled, result, check in rows_table:
        peak = " ".join(f"{p / 1e9:.2f}" for p in peaks)
        print(f"{rows:>14,} {seconds:>8.1f} {seconds / rows * 1e8:>10.1f} "
              f"{seconds / rows / base:>7.2f}x {peak:>25} {spilled / 1e9:>10.2f}  "
              f"{result.auc:.6f} [{result.low:.6f}, {result.high:.6f}]   {check}")
    print(f"target: time per row at most 1.3x the {sizes[0]:.0e} run's; "
          f"fastest of {args.repeat} run(s) a size")


if __name__ == "__main__":
    main()
