"""The command line on the same rows in 1, 8, 32 and 128 parquet files, against pandas and
scikit-learn.

Run with ``python benchmarks/bench_cli_files.py [--rows 2e6] [--repeat 3] [--dask]``. Writes
``--rows`` scored rows (binormal scores, all distinct, 30% positives) into a temporary folder
as 1, 8, 32 and 128 parquet files of the same rows in the same order, then times, in this
process (imports done, so Python's start is not counted), the best of ``--repeat`` rounds
(each round runs every case once, so the machine's noise falls on all of them alike):

* ``evalcore auc FILES --label y --score p --json`` (``evalcore.scale.cli.main``) on each
  set of files, the memory route;
* ``pandas.read_parquet`` of the 128 files, concatenated, then scikit-learn's
  ``roc_auc_score`` and ``average_precision_score``: what the command line replaces;
* with ``--dask``, ``evalcore auc --dask`` on the 128 files (the default local scheduler).

It prints each time and its ratio to one file's time (the target: 128 files within 1.5x of
one). It asserts nothing; it checks that every case prints the AUC scikit-learn computes,
since a fast wrong number is no result.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import tempfile
import time
from pathlib import Path

import numpy as np

FILE_COUNTS = (1, 8, 32, 128)


def write_files(folder: Path, rows: int) -> dict[int, str]:
    """The same rows as 1, 8, 32 and 128 parquet files; the glob of each set."""
    import pandas as pd

    rng = np.random.default_rng(0)
    label = (rng.random(rows) < 0.3).astype(np.int8)
    frame = pd.DataFrame({"y": label, "p": rng.normal(size=rows) + label})
    patterns = {}
    for count in FILE_COUNTS:
        (folder / f"files{count}").mkdir()
        for i, part in enumerate(np.array_split(np.arange(rows), count)):
            frame.iloc[part].to_parquet(folder / f"files{count}" / f"part{i:03d}.parquet",
                                        index=False)
        patterns[count] = str(folder / f"files{count}" / "*.parquet")
    return patterns


def command_line(pattern: str, *extra: str) -> float:
    """The AUC ``evalcore auc`` prints for the files (stdout captured)."""
    from evalcore.scale import cli

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = cli.main(["auc", pattern, "--label", "y", "--score", "p", "--json", *extra])
    if code != 0:
        raise RuntimeError(f"evalcore auc exited with {code}")
    return json.loads(out.getvalue())["auc"]


def pandas_sklearn(pattern: str) -> float:
    """The files read by pandas, the AUC and AP by scikit-learn."""
    import glob

    import pandas as pd
    from sklearn.metrics import average_precision_score, roc_auc_score

    frame = pd.concat([pd.read_parquet(path, columns=["y", "p"])
                       for path in sorted(glob.glob(pattern))], ignore_index=True)
    average_precision_score(frame["y"], frame["p"])
    return float(roc_auc_score(frame["y"], frame["p"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=float, default=2e6)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dask", action="store_true", help="time the --dask route too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        patterns = write_files(Path(folder), int(args.rows))
        cases = {f"evalcore auc, {count} file{'s' * (count > 1)}":
                 (command_line, patterns[count]) for count in FILE_COUNTS}
        cases[f"pandas + scikit-learn, {FILE_COUNTS[-1]} files"] = (pandas_sklearn,
                                                                   patterns[FILE_COUNTS[-1]])
        if args.dask:
            cases[f"evalcore auc --dask, {FILE_COUNTS[-1]} files"] = (
                lambda pattern: command_line(pattern, "--dask"), patterns[FILE_COUNTS[-1]])
        command_line(patterns[1])                   # warm-up: imports, first reads
        best = dict.fromkeys(cases, float("inf"))
        aucs = {}
        for _ in range(args.repeat):
            for name, (run, pattern) in cases.items():
                start = time.perf_counter()
                aucs[name] = run(pattern)
                best[name] = min(best[name], time.perf_counter() - start)
    reference = aucs[f"pandas + scikit-learn, {FILE_COUNTS[-1]} files"]
    one = best["evalcore auc, 1 file"]
    print(f"{int(args.rows):,} rows (distinct scores, 30% positives) in parquet files; "
          f"best of {args.repeat} rounds")
    print(f"{'case':<36} {'seconds':>8} {'x 1 file':>9}  same AUC")
    for name, seconds in best.items():
        same = abs(aucs[name] - reference) <= 1e-12
        print(f"{name:<36} {seconds:>8.3f} {seconds / one:>8.2f}x  {same}")
    print(f"128 files / 1 file: {best['evalcore auc, 128 files'] / one:.2f}x (target: at most "
          f"1.5x)")


if __name__ == "__main__":
    main()
