"""Exact AUC from parquet: Spark's ``BinaryClassificationMetrics`` against evalcore, on Dask and
in memory.

Run with ``PYTHONPATH=_build/bench-pyspark python benchmarks/bench_spark.py [--rows 1e8]``
after installing pyspark outside the project's environment (it is for this benchmark only,
never in ``make test``)::

    .venv/bin/python -m pip install --target _build/bench-pyspark pyspark==4.3.0

Spark needs Java 17 or later (``java`` on the PATH, or ``JAVA_HOME``).

The data are ``bench_out_of_core.py``'s parquet files (written if missing), ``rows`` rows of
float32 scores and int8 labels. Timed once each, reading the files included:

* Spark: ``pyspark.ml.evaluation.BinaryClassificationEvaluator(numBins=0)`` (areaUnderROC)
  on a ``local[2]`` session (two cores, as the two Dask workers; driver memory 6g, where
  ``local`` mode runs the executors), the score cast to double (the evaluator takes double
  or vector columns). ``numBins=0`` is Spark's exact route: its documentation says "If 0,
  no down-sampling will occur"; the curve then has a point per distinct score and its
  trapezoid area is the exact AUC up to float rounding.
* ``evalcore.dask_evaluation.roc_auc`` (and ``roc_auc_ci``) on a
  ``LocalCluster(n_workers=2, threads_per_worker=1, memory_limit="2GB")`` reading the
  files with ``dask.dataframe.read_parquet``.
* ``evalcore.roc_auc`` in memory on the columns read with pyarrow (read time shown apart).

It prints the seconds, the ratios to Spark, and the AUCs, which must agree (to 1e-9: Spark
adds trapezoids in double precision over 10⁷ points; evalcore rounds an exact fraction
once).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

import evalcore as ec

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_out_of_core import DATA, ROOT, data_set, read_whole, warm_cluster  # noqa: E402

PYSPARK_VERSION = "4.3.0"


def spark_auc(directory: Path, driver_memory: str) -> tuple[float, float]:
    """Spark's exact areaUnderROC of the files, and the seconds it took (session started
    and warmed up first, not timed)."""
    from pyspark.ml.evaluation import BinaryClassificationEvaluator
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    spark = (SparkSession.builder.master("local[2]").appName("evalcore-bench")
             .config("spark.driver.memory", driver_memory)
             .config("spark.ui.enabled", "false")
             .config("spark.local.dir", str(ROOT / "_build" / "spark-tmp"))
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    try:
        evaluator = BinaryClassificationEvaluator(rawPredictionCol="score", labelCol="label",
                                                  metricName="areaUnderROC", numBins=0)
        warm = spark.createDataFrame([(0.1, 0.0), (0.4, 0.0), (0.35, 1.0), (0.8, 1.0)],
                                     ["score", "label"])
        assert evaluator.evaluate(warm) == 0.75            # the toy case: 3 of 4 pairs
        start = time.perf_counter()
        frame = spark.read.parquet(str(directory)).select(
            F.col("score").cast("double").alias("score"),
            F.col("label").cast("double").alias("label"))
        auc = evaluator.evaluate(frame)
        return auc, time.perf_counter() - start
    finally:
        spark.stop()


def dask_auc(directory: Path) -> tuple[float, float, float]:
    import dask.dataframe as dd

    from evalcore import dask_evaluation as ecd

    with warm_cluster(2, "2GB"):
        frame = dd.read_parquet(str(directory), columns=["label", "score"])
        start = time.perf_counter()
        auc = ecd.roc_auc(frame["label"], frame["score"])
        seconds = time.perf_counter() - start
        start = time.perf_counter()
        ecd.roc_auc_ci(frame["label"], frame["score"])
        ci_seconds = time.perf_counter() - start
    return auc, seconds, ci_seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=float, default=1e8)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--driver-memory", default="6g")
    args = parser.parse_args()
    try:
        import pyspark
    except ImportError:
        raise SystemExit(
            "pyspark is missing: it is for this benchmark only, outside the project's "
            "environment. Install and run with\n"
            f"  .venv/bin/python -m pip install --target _build/bench-pyspark "
            f"pyspark=={PYSPARK_VERSION}\n"
            "  PYTHONPATH=_build/bench-pyspark .venv/bin/python benchmarks/bench_spark.py")
    rows = int(args.rows)
    directory = data_set(rows, args.data)
    print(f"{rows:,} rows (float32 scores, int8 labels) in {directory}; pyspark "
          f"{pyspark.__version__}; load average {os.getloadavg()[0]:.2f}", flush=True)

    auc_spark, spark_seconds = spark_auc(directory, args.driver_memory)
    print(f"Spark: {spark_seconds:.1f} s", flush=True)
    auc_dask, dask_seconds, dask_ci_seconds = dask_auc(directory)
    print(f"Dask: {dask_seconds:.1f} s", flush=True)
    start = time.perf_counter()
    label, score = read_whole(directory)
    read_seconds = time.perf_counter() - start
    start = time.perf_counter()
    auc_memory = ec.roc_auc(label, score)
    memory_seconds = time.perf_counter() - start

    print(f"\nexact AUC of {rows:,} scores from parquet, two cores each; load average "
          f"{os.getloadavg()[0]:.2f}")
    print(f"{'route':<52} {'seconds':>8} {'Spark / it':>10}  AUC")
    table = [
        (f"Spark {pyspark.__version__} local[2], numBins=0 (driver {args.driver_memory})",
         spark_seconds, auc_spark),
        ("evalcore.dask_evaluation.roc_auc, 2 workers x 2GB", dask_seconds, auc_dask),
        ("  the same with the DeLong interval (roc_auc_ci)", dask_ci_seconds, auc_dask),
        ("evalcore.roc_auc in memory (+ pyarrow read)", read_seconds + memory_seconds,
         auc_memory),
        ("  of which ec.roc_auc alone", memory_seconds, auc_memory),
    ]
    for route, seconds, auc in table:
        print(f"{route:<52} {seconds:>8.1f} {spark_seconds / seconds:>9.1f}x  {auc:.12f}")
    print(f"AUCs agree: Dask == in memory: {auc_dask == auc_memory}; "
          f"|Spark - evalcore| = {abs(auc_spark - auc_memory):.1e} "
          f"({'within' if abs(auc_spark - auc_memory) <= 1e-9 else 'OUTSIDE'} 1e-9)")


if __name__ == "__main__":
    main()
