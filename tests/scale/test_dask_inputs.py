"""evalcore/scale/dask_inputs.py: the Dask route's inputs, as a scikit-learn user meets them:
collections of unlike partitioning aligned row for row (or refused with evalcore's own
message), and bad data named by its row in the whole input.

References: scikit-learn's ``roc_auc_score`` and ``average_precision_score`` on the same data
in memory, and the row where a test plants the bad value; never evalcore's own output.
Dask's local schedulers (threads; processes for the test that sends the errors between
processes) run everything: no cluster to start.
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest
from sklearn import metrics

dask = pytest.importorskip("dask")
da = pytest.importorskip("dask.array")
dd = pytest.importorskip("dask.dataframe")
pytest.importorskip("pyarrow")
from evalcore import dask_evaluation as ecd  # noqa: E402

RNG = np.random.default_rng(7)
N = 4000


@pytest.fixture(scope="module")
def parquet_frame(tmp_path_factory):
    """Eight small parquet files with 22 columns: Dask fuses their partitions by the columns
    a plan reads, so a Series of one column and one of many are cut differently."""
    folder = tmp_path_factory.mktemp("lake")
    rows = N // 8
    frame = pd.DataFrame({"y": RNG.integers(0, 2, N), "s": RNG.random(N),
                          **{f"x{i}": RNG.random(N) for i in range(20)}})
    frame["s"] += frame["y"] * 0.3
    for k in range(8):
        frame.iloc[k * rows:(k + 1) * rows].to_parquet(folder / f"part{k}.parquet")
    return frame, dd.read_parquet(folder)


def test_a_parquet_series_beside_a_dask_array_of_other_chunks(parquet_frame):
    frame, lake = parquet_frame
    # Dask's own route fails here (its lengths come from another plan's partitions)
    with pytest.raises(ValueError, match="does not match the number of partitions"):
        lake.y.to_dask_array(lengths=True)
    score = da.from_array(frame["s"].to_numpy(), chunks=700)
    expected = metrics.roc_auc_score(frame["y"], frame["s"])
    assert ecd.roc_auc(lake.y, score) == pytest.approx(expected, rel=1e-12)
    assert ecd.roc_auc(da.from_array(frame["y"].to_numpy(), chunks=300), lake.s) == \
        pytest.approx(expected, rel=1e-12)
    weight = frame["x0"].to_numpy()
    assert ecd.average_precision(lake.y, lake.s, sample_weight=da.from_array(weight,
                                                                             chunks=900)) == \
        pytest.approx(metrics.average_precision_score(frame["y"], frame["s"],
                                                      sample_weight=weight), rel=1e-12)


def test_parquet_series_of_one_column_and_of_many_are_read_alike(parquet_frame):
    """Both Series claim eight partitions, yet Dask cuts a one-column read and a 20-column
    read into different numbers of fused partitions; read as one frame they align."""
    frame, lake = parquet_frame
    wide = sum(lake[f"x{i}"] for i in range(20))
    assert len(lake.y.to_delayed()) != len(wide.to_delayed())      # the trap, as it is
    wide_values = sum(frame[f"x{i}"] for i in range(20))
    assert ecd.roc_auc(lake.y, wide) == pytest.approx(
        metrics.roc_auc_score(frame["y"], wide_values), rel=1e-12)
    test = ecd.delong_test(lake.y, lake.s, wide)
    assert test.difference == pytest.approx(
        metrics.roc_auc_score(frame["y"], frame["s"])
        - metrics.roc_auc_score(frame["y"], wide_values), rel=1e-12)


def test_series_with_unlike_partitions_are_aligned_row_for_row():
    y = RNG.integers(0, 2, 500)
    score = RNG.normal(size=500) + y
    labels = dd.from_pandas(pd.Series(y), npartitions=3)
    scores = dd.from_pandas(pd.Series(score, index=np.arange(500) * 3), npartitions=7)
    assert labels.npartitions != scores.npartitions
    assert ecd.roc_auc(labels, scores) == pytest.approx(metrics.roc_auc_score(y, score),
                                                        rel=1e-12)


def test_unlike_lengths_are_refused_naming_each_input():
    with pytest.raises(ValueError, match=r"inputs must have the same length: y_true has 10, "
                                         r"y_score has 11"):
        ecd.roc_auc(dd.from_pandas(pd.Series(np.arange(10) % 2), npartitions=2),
                    da.from_array(np.zeros(11), chunks=4))
    with pytest.raises(ValueError, match=r"y_true has 10, y_score has 11"):
        ecd.roc_auc(dd.from_pandas(pd.Series(np.arange(10) % 2), npartitions=2),
                    dd.from_pandas(pd.Series(np.zeros(11)), npartitions=3))


def test_series_of_as_many_partitions_but_unlike_lengths_are_refused():
    """Series with as many partitions are read partition by partition; a partition of unlike
    lengths (a filtered frame beside the whole) is refused with the rule, not padded."""
    frame = pd.DataFrame({"y": np.arange(100) % 2, "s": np.linspace(0, 1, 100)})
    whole = dd.from_pandas(frame, npartitions=4)
    kept = whole[whole.s > 0.3]
    assert kept.npartitions == whole.npartitions
    with pytest.raises(ValueError, match=r"same length in every partition.*take them from one "
                                         r"DataFrame.*y_true has 25, y_score has \d+ "
                                         r"\(in partition [01]\)"):     # the first to fail
        ecd.roc_auc(whole.y, kept.s)


#: Uneven partitions: rows 0-9, 10-39, 40-64, 65-99.
CHUNKS = (10, 30, 25, 35)
STARTS = np.cumsum((0,) + CHUNKS[:-1])


def _collections(values: dict[str, np.ndarray], kind: str) -> dict:
    if kind == "arrays":
        return {name: da.from_array(value, chunks=(CHUNKS,)) for name, value in values.items()}
    divisions = tuple(STARTS.tolist()) + (99,)
    frame = dd.from_pandas(pd.DataFrame(values), npartitions=1).repartition(
        divisions=divisions)
    return {name: frame[name] for name in values}


@pytest.mark.parametrize("kind", ["arrays", "series"])
@pytest.mark.parametrize("row", [3, 57, 80])
def test_a_nan_score_is_named_by_its_row_in_the_whole_input(kind, row):
    y = np.arange(100) % 2
    score = np.linspace(0, 1, 100)
    score[row] = np.nan
    partition = int(np.searchsorted(STARTS, row, side="right") - 1)
    inputs = _collections({"y": y, "s": score}, kind)
    pattern = (rf"y_score must be finite: .*first at row {row} of the whole input, index "
               rf"{row - STARTS[partition]} of its partition; 1 in that partition.*"
               rf"\(in partition {partition}\)")
    with pytest.raises(ValueError, match=pattern):
        ecd.roc_auc(inputs["y"], inputs["s"])
    with pytest.raises(ValueError, match=pattern.replace("y_score", "y_score_b")):
        ecd.delong_test(inputs["y"], inputs["y"] * 0.5, inputs["s"])


def test_the_first_bad_partition_is_named_and_weights_and_labels_too():
    y = (np.arange(100) % 2).astype(object)
    y[70] = None                                        # a missing label, in partition 3
    weight = np.ones(100)
    weight[45] = np.inf                                 # a bad weight, in partition 2
    inputs = _collections({"y": np.arange(100) % 2, "w": weight}, "arrays")
    score = da.from_array(np.linspace(0, 1, 100), chunks=(CHUNKS,))
    with pytest.raises(ValueError, match=r"sample_weight must be finite.*first at row 45 of "
                                         r"the whole input.*\(in partition 2\)"):
        ecd.roc_auc(inputs["y"], score, sample_weight=inputs["w"])
    labels = da.from_array(y, chunks=(CHUNKS,))
    with pytest.raises(ValueError, match=r"y_true holds missing values.*first at row 70 of "
                                         r"the whole input, index 5 of its partition.*"
                                         r"\(in partition 3\)"):
        ecd.roc_auc(labels, score)
    both = score.map_blocks(lambda block: np.where(np.isin(np.arange(len(block)), [2, 7])
                                                   & (len(block) in (25, 35)), np.nan, block))
    with pytest.raises(ValueError, match=r"first at row 42 of the whole input.*"
                                         r"\(in partition 2\)"):
        ecd.roc_auc(inputs["y"], both)


def test_the_row_survives_the_trip_between_processes():
    y = np.arange(100) % 2
    score = np.linspace(0, 1, 100)
    score[57] = np.nan
    inputs = _collections({"y": y, "s": score}, "arrays")
    with dask.config.set(scheduler="processes", num_workers=2):
        with pytest.raises(ValueError) as error:
            ecd.roc_auc(inputs["y"], inputs["s"])
    assert re.search(r"first at row 57 of the whole input, index 17 of its partition; 1 in "
                     r"that partition\) \(in partition 2\)$", str(error.value))
