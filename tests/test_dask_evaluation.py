"""evalcore.dask_evaluation: the same numbers as in-memory evalcore, computed on Dask.

References are in-memory evalcore on the same data (itself tested against scikit-learn,
pROC and brute force) and, for weighted DeLong, the data with rows repeated. One shared
two-worker LocalCluster runs the exactness tests; the test that kills a worker has its own.
The thinned curves keep at most ``max_points`` exact points, the same whatever the ranges.
"""

from __future__ import annotations

import inspect
import os
import signal
import subprocess
import sys
import threading
import time
import warnings

import numpy as np
import pandas as pd
import pytest

import evalcore as ec
from helpers import scored_frame

dask = pytest.importorskip("dask")
da = pytest.importorskip("dask.array")
dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")
from evalcore import dask_evaluation as ecd  # noqa: E402

pytestmark = pytest.mark.dask

RNG = np.random.default_rng(21)
N = 3000


@pytest.fixture(scope="session")
def client():
    """One small cluster for the module: two in-process workers (threads start fast)."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as client:
        yield client


def _data(kind: str, n: int = N, rng=RNG):
    """Labels, scores and integer weights (or None) of one kind of data."""
    label = rng.integers(0, 2, n)
    score = rng.normal(size=n) + label
    weight = None
    if kind == "tied":
        score = np.round(score * 2) / 2          # about 15 distinct scores
    elif kind == "weighted":
        score = np.round(score, 1)
        weight = rng.integers(0, 4, n).astype(np.float64)
    return label, score, weight


#: chunkings with an empty partition, tiny ones and one-class ones (labels sorted below)
CHUNKS = {"even": 500, "uneven": ((0, 7, 1, 992, 0, 1500, 500),)}


def _collections(label, score, weight, chunks):
    as_dask = [None if v is None else da.from_array(v, chunks=chunks)
               for v in (label, score, weight)]
    return as_dask


def _close(a, b, tol=1e-12):
    return abs(a - b) <= tol * max(abs(a), abs(b), 1e-300)


@pytest.mark.parametrize("kind", ["continuous", "tied", "weighted"])
@pytest.mark.parametrize("chunking, n_ranges", [("even", None), ("uneven", 17),
                                                ("one-class", 3)])
def test_auc_ap_and_delong_equal_in_memory(client, kind, chunking, n_ranges):
    label, score, weight = _data(kind)
    chunks = CHUNKS.get(chunking, 500)
    if chunking == "one-class":         # every partition but the one at the switch: one class
        order = np.argsort(label, kind="stable")
        label, score = label[order], score[order]
        weight = None if weight is None else weight[order]
    y, s, w = _collections(label, score, weight, chunks)
    auc = ecd.roc_auc(y, s, sample_weight=w, n_ranges=n_ranges)
    expected = ec.roc_auc(label, score, sample_weight=weight)
    if weight is None:
        assert auc == expected                   # exact: integers, rounded once
    else:
        assert _close(auc, expected)
    assert _close(ecd.average_precision(y, s, sample_weight=w, n_ranges=n_ranges),
                  ec.average_precision(label, score, sample_weight=weight))
    # DeLong: weights read as repeated rows, the one reference for weighted DeLong
    repeat = np.ones(len(label), dtype=int) if weight is None else weight.astype(int)
    rows_label, rows_score = np.repeat(label, repeat), np.repeat(score, repeat)
    variance = ecd.delong_variance(y, s, sample_weight=w, n_ranges=n_ranges)
    assert _close(variance, ec.delong_variance(rows_label, rows_score))
    if chunking == "even":
        interval = ecd.roc_auc_ci(y, s, sample_weight=w, level=0.9, n_ranges=n_ranges)
        in_memory = ec.roc_auc_ci(rows_label, rows_score, level=0.9)
        assert all(_close(getattr(interval, f), getattr(in_memory, f))
                   for f in ("auc", "low", "high", "level"))
        assert interval.method == in_memory.method == "delong"


@pytest.mark.parametrize("kind", ["continuous", "tied"])
@pytest.mark.parametrize("chunks", [500, ((0, 7, 1, 992, 0, 1500, 500),)])
def test_paired_test_equals_in_memory(client, kind, chunks):
    label, score_a, _ = _data(kind)
    score_b = score_a + RNG.normal(size=N) * (0.5 if kind == "continuous" else 0)
    if kind == "tied":                       # heavy ties in both, ties across the two
        score_b = np.round(score_a + RNG.normal(size=N), 0)
    y, a, b = (da.from_array(v, chunks=chunks) for v in (label, score_a, score_b))
    for alternative in ("two-sided", "less"):
        got = ecd.delong_test(y, a, b, alternative=alternative, n_ranges=5)
        expected = ec.delong_test(label, score_a, score_b, alternative=alternative)
        assert got.difference == expected.difference
        assert _close(got.statistic, expected.statistic)
        assert _close(got.pvalue, expected.pvalue)
        assert _close(got.low, expected.low) and _close(got.high, expected.high)
        assert got.df == math_inf()


def math_inf():
    return float("inf")


def test_paired_test_with_differently_chunked_scores(client):
    label, score_a, _ = _data("continuous")
    score_b = np.round(score_a * 3 + RNG.normal(size=N), 0)
    y = da.from_array(label, chunks=400)
    a = da.from_array(score_a, chunks=1000)      # rechunked to y's chunks
    b = da.from_array(score_b, chunks=((0, 3000),))
    got = ecd.delong_test(y, a, b)
    expected = ec.delong_test(label, score_a, score_b)
    assert _close(got.statistic, expected.statistic) and _close(got.pvalue, expected.pvalue)


def test_ties_straddling_partitions_and_split_points(client):
    """Three distinct scores, each in every partition, and more ranges than scores: most
    split points fall on a tied value (their ranges are empty) and every tie group is cut
    across all partitions; the result is still exact."""
    label = np.tile([0, 1, 1, 0, 1, 0], 500)
    score = np.tile([0.5, 0.5, 0.25, 0.25, 0.75, 0.75], 500)
    y, s = da.from_array(label, chunks=750), da.from_array(score, chunks=750)
    for n_ranges in (1, 3, 11):
        assert ecd.roc_auc(y, s, n_ranges=n_ranges) == ec.roc_auc(label, score)
        assert _close(ecd.delong_variance(y, s, n_ranges=n_ranges),
                      ec.delong_variance(label, score))


def test_rows_at_a_split_point_travel_as_counts(client):
    """A score that holds most rows (a model's few outputs) lands on split points: its rows
    are counted in their partition and never shipped to a range's task, whatever the
    number of ranges and whether the rows travel as sorted keys (unweighted float scores)
    or as rows (weights: some of them 0, and some rows of weight 0 exactly at a split
    point); the AUC, DeLong's variance and AP stay exact."""
    rng = np.random.default_rng(5)
    n = 6000
    label = rng.integers(0, 2, n)
    score = np.where(rng.random(n) < 0.8, np.where(label == 1, 0.9, 0.1), rng.random(n))
    weight = rng.integers(0, 3, n).astype(np.float64)
    weight[(score == 0.9) & (np.arange(n) % 7 == 0)] = 0.0
    y, s, w = (da.from_array(v, chunks=1000) for v in (label, score, weight))
    from evalcore.core.ranking import groups_from_shared_keys
    from evalcore.scale.dask_inputs import aligned_partitions
    from evalcore.scale.dask_ranges import range_sort

    def shipped(piece):
        """The scores a piece carries row by row: as sorted keys (unweighted float scores)
        or as rows (weights)."""
        if hasattr(piece, "score"):
            return piece.score
        groups = groups_from_shared_keys(piece.negative_keys, piece.other_keys, piece.dtype)
        return np.repeat(groups.values, groups.positives + groups.negatives)

    for weights, sample_weight in ((None, None), (w, weight)):
        columns = aligned_partitions({"y_true": y, "y_score": s, "sample_weight": weights},
                                     "roc_auc")
        kept = slice(None) if sample_weight is None else sample_weight > 0
        for n_ranges in (2, 5, 9):
            sort = range_sort(columns, pos_label=None, names=("y_true", "y_score"),
                              n_ranges=n_ranges)
            # each of the two scores holds about 40% of the rows, more than a range of 5 or 9
            assert n_ranges == 2 or {0.1, 0.9} <= set(sort.splits.tolist())
            pieces = [dask.compute(*range_pieces) for range_pieces in sort.pieces]
            # unweighted float scores travel as sorted keys, weighted ones as rows
            assert all(hasattr(piece, "negative_keys") == (sample_weight is None)
                       for one in pieces for piece in one)
            rows = np.concatenate([shipped(piece) for one in pieces for piece in one])
            counted = sum(piece.at_split_positives + piece.at_split_negatives
                          for one in pieces for piece in one)
            assert not np.isin(rows, sort.splits).any()
            at_splits = np.isin(score[kept], sort.splits).sum()
            if sample_weight is None:
                assert len(rows) + counted == n and counted == at_splits
            else:                       # weights: the rows of positive weight, counted so
                assert len(rows) == np.count_nonzero(sample_weight) - at_splits
                assert counted == sample_weight[np.isin(score, sort.splits)].sum()
            assert n_ranges == 2 or at_splits >= np.isin(score[kept], [0.1, 0.9]).sum() \
                > 0.7 * len(score[kept])
    for n_ranges in (2, 5, 9):
        assert ecd.roc_auc(y, s, n_ranges=n_ranges) == ec.roc_auc(label, score)
        assert _close(ecd.delong_variance(y, s, n_ranges=n_ranges),
                      ec.delong_variance(label, score))
        assert _close(ecd.average_precision(y, s, n_ranges=n_ranges),
                      ec.average_precision(label, score))
        assert _close(ecd.roc_auc(y, s, sample_weight=w, n_ranges=n_ranges),
                      ec.roc_auc(label, score, sample_weight=weight))
        repeated = np.repeat(np.arange(n), weight.astype(int))
        assert _close(ecd.delong_variance(y, s, sample_weight=w, n_ranges=n_ranges),
                      ec.delong_variance(label[repeated], score[repeated]), 1e-9)


def test_pieces_reach_their_ranges_worker_as_they_are_cut():
    """With a thread for every range (2 ranges on two workers), each piece is sent, once
    cut, to the worker that sorts its range, so no range's sort waits for a transfer: it
    finds all its pieces where it runs, and the two ranges run on the two workers. With
    more ranges than threads the pieces wait where they were cut (a range's sort fetches
    those cut on the other worker). The AUC is exact either way. Work stealing is off in
    this cluster: it may take a small piece's task to the other worker, which the route
    allows and this check would count as a fetch."""
    from dask.utils import key_split

    label, score, _ = _data("continuous", n=40_000)
    y, s = da.from_array(label, chunks=4_000), da.from_array(score, chunks=4_000)
    with dask.config.set({"distributed.scheduler.work-stealing": False}), \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                     dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as own, own.as_current():
        for n_ranges in (2, 3):
            with distributed.get_task_stream(own) as stream:
                assert ecd.roc_auc(y, s, n_ranges=n_ranges) == ec.roc_auc(label, score)
            tasks = {}
            for task in stream.data:
                tasks.setdefault(key_split(task["key"]), []).append(task)
            sorts, delivered = tasks["sorted_sums"], tasks.get("delivered", [])
            fetched = [part for task in sorts for part in task["startstops"]
                       if part["action"] == "transfer"]
            cut_on = {task["worker"] for task in tasks["cut_partition"]}
            assert len(sorts) == n_ranges
            if n_ranges == 2:
                assert len(delivered) == 2 * 10 and not fetched
                assert len({task["worker"] for task in sorts}) == 2
            else:
                assert not delivered and (fetched or len(cut_on) < 2)


def test_scores_sorted_exactly_in_their_own_dtype(client):
    """float32 scores, distinct or tied, negative and positive together, travel as keys of
    their own width; integers beyond 2**53 as rows, compared with the split points in long
    double: the AUC is the in-memory one, bit for bit."""
    rng = np.random.default_rng(8)
    label = rng.integers(0, 2, 4000)
    float32 = (rng.normal(size=4000) + label).astype(np.float32)
    cases = [float32, np.round(float32 * 8).astype(np.float32)]
    if np.finfo(np.longdouble).nmant >= 63:
        cases.append(2 ** 60 + rng.integers(-2 ** 40, 2 ** 40, 4000) * 3 + label)
    for score in cases:
        y, s = da.from_array(label, chunks=700), da.from_array(score, chunks=700)
        for n_ranges in (None, 3, 16):
            assert ecd.roc_auc(y, s, n_ranges=n_ranges) == ec.roc_auc(label, score)


def test_ranges_chosen_from_rows_and_threads():
    """One range per 2**24 rows and at least two, rounded up to a multiple of the threads."""
    from evalcore.scale.dask_ranges import chosen_ranges
    assert chosen_ranges(1000, 1) == 2 and chosen_ranges(1000, 3) == 3
    assert chosen_ranges(2 * 10 ** 7, 1) == 2          # 2e7 / 16,777,216 = 1.2
    assert chosen_ranges(5 * 10 ** 7, 1) == 3 and chosen_ranges(5 * 10 ** 7, 2) == 4
    assert chosen_ranges(10 ** 9, 2) == 60              # 59.6, rounded up to even
    assert chosen_ranges(2 * 10 ** 8, 16) == 16         # 11.9 -> 12 -> 16


def test_curves_are_points_of_the_exact_curves(client):
    label, score, _ = _data("continuous", n=20_000)
    y, s = da.from_array(label, chunks=3000), da.from_array(score, chunks=3000)
    curve = ecd.roc_curve(y, s, max_points=100)
    exact = ec.roc_curve(label, score)
    assert curve.auc == ec.roc_auc(label, score)
    assert len(exact.fpr) > 20_000 and len(curve.fpr) <= 100
    where = {t: i for i, t in enumerate(exact.thresholds.tolist())}
    index = np.array([where[t] for t in curve.thresholds.tolist()])
    assert np.all(np.diff(index) > 0) and index[0] == 0 and index[-1] == len(exact.fpr) - 1
    assert np.array_equal(curve.fpr, exact.fpr[index])
    assert np.array_equal(curve.tpr, exact.tpr[index])
    # consecutive points at most 2/(max_points - 1) plus one step of the full curve apart
    step = np.max(np.diff(exact.fpr + exact.tpr))
    assert np.max(np.diff(curve.fpr + curve.tpr)) <= 2 / 99 + step + 1e-12
    pr = ecd.precision_recall_curve(y, s, max_points=100)
    exact_pr = ec.precision_recall_curve(label, score)
    where = {t: i for i, t in enumerate(exact_pr.thresholds.tolist())}
    index = np.array([where[t] for t in pr.thresholds.tolist()])
    assert np.array_equal(pr.precision[:-1], exact_pr.precision[index])
    assert np.array_equal(pr.recall[:-1], exact_pr.recall[index])
    assert (pr.precision[-1], pr.recall[-1]) == (1.0, 0.0)
    assert _close(pr.average_precision, ec.average_precision(label, score))


def test_small_curve_is_the_whole_curve(client):
    y = da.from_array([0, 1, 0, 1, 1, 0, 0], chunks=2)
    s = da.from_array([0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3], chunks=2)
    exact = ec.roc_curve(y.compute(), s.compute())
    curve = ecd.roc_curve(y, s)
    assert np.array_equal(curve.fpr, exact.fpr) and np.array_equal(curve.tpr, exact.tpr)
    assert np.array_equal(curve.thresholds, exact.thresholds)


def test_the_dask_curves_keep_the_same_points_whatever_the_ranges():
    frame = scored_frame(6000, seed=3)
    y, s = (da.from_array(frame[c].to_numpy(), chunks=700) for c in ("y", "s"))
    curves = [ecd.roc_curve(y, s, max_points=60, n_ranges=n) for n in (1, 4, 9, None)]
    for curve in curves[1:]:
        for got, first in zip(curve, curves[0]):
            np.testing.assert_array_equal(got, first)
    assert len(curves[0].fpr) <= 60
    whole = ecd.roc_curve(y, s, max_points=None)
    for got, exact in zip(whole, ec.roc_curve(frame["y"], frame["s"])):
        np.testing.assert_array_equal(got, exact)
    whole_pr = ecd.precision_recall_curve(y, s, max_points=None)
    for got, exact in zip(whole_pr, ec.precision_recall_curve(frame["y"], frame["s"])):
        np.testing.assert_array_equal(got, exact)
    with pytest.raises(ValueError, match="max_points must be an integer of at least 2"):
        ecd.roc_curve(y, s, max_points=1)


def test_parquet_through_dask_dataframe(client, tmp_path):
    label, score_a, _ = _data("tied", n=4000)
    score_b = np.round(score_a + RNG.normal(size=4000), 1)
    frame = pd.DataFrame({"truth": np.where(label == 1, "fraud", "ok"), "a": score_a,
                          "b": score_b, "w": RNG.integers(1, 3, 4000).astype(float)})
    for part in range(4):                               # four files, as a data lake has
        frame.iloc[part * 1000:(part + 1) * 1000].to_parquet(tmp_path / f"part{part}.parquet")
    table = dd.read_parquet(str(tmp_path / "*.parquet"))
    assert table.npartitions >= 2
    truth = frame["truth"].to_numpy()
    assert ecd.roc_auc(table["truth"], table["a"], pos_label="fraud") == \
        ec.roc_auc(truth, score_a, pos_label="fraud")
    assert _close(ecd.roc_auc(table["truth"], table["a"], sample_weight=table["w"],
                              pos_label="fraud"),
                  ec.roc_auc(truth, score_a, sample_weight=frame["w"], pos_label="fraud"))
    got = ecd.delong_test(table["truth"], table["a"], table["b"], pos_label="fraud")
    expected = ec.delong_test(truth, score_a, score_b, pos_label="fraud")
    assert _close(got.statistic, expected.statistic) and _close(got.pvalue, expected.pvalue)
    interval = ecd.roc_auc_ci(table["truth"], table["a"], pos_label="fraud")
    in_memory = ec.roc_auc_ci(truth, score_a, pos_label="fraud")
    assert all(_close(getattr(interval, f), getattr(in_memory, f)) for f in ("auc", "low", "high"))


def test_arrays_of_unknown_chunk_lengths_and_series_together(client):
    label, score, _ = _data("tied")
    frame = dd.from_pandas(pd.DataFrame({"y": label, "s": score}), npartitions=3)
    y = frame["y"].to_dask_array()                  # chunk lengths unknown
    assert np.isnan(y.shape[0])
    s = da.from_array(score, chunks=1000)
    assert ecd.roc_auc(y, s) == ec.roc_auc(label, score)
    assert ecd.roc_auc(frame["y"], s) == ec.roc_auc(label, score)


# --- what the in-memory functions and the Dask ones refuse ---------------------------------

def _exploding(n=100):
    """A dask array whose computation fails: refusing it must not compute it."""
    def explode(block):
        raise AssertionError("the collection was computed")
    return da.from_array(np.zeros(n), chunks=50).map_blocks(explode, dtype=float)


def test_the_core_names_the_functions_this_module_has():
    """The messages that refuse a Dask collection (evalcore.core.validation) name the
    functions of this module from a tuple of their own, so as not to import it."""
    from evalcore.core.validation import ON_DASK
    assert ON_DASK == tuple(name for name in ecd.__all__ if name[0].islower())


@pytest.mark.parametrize("function, on_dask", [
    (ec.roc_auc, "use evalcore.dask_evaluation.roc_auc"),
    (ec.roc_auc_ci, "use evalcore.dask_evaluation.roc_auc_ci"),
    (ec.average_precision, "use evalcore.dask_evaluation.average_precision"),
    (ec.precision_recall_curve, "use evalcore.dask_evaluation.precision_recall_curve"),
    (ec.plot_roc, "compute a part that fits in memory"),
])
def test_in_memory_functions_refuse_dask_collections(function, on_dask):
    labels = np.zeros(100)
    with pytest.raises(TypeError, match=f"y_score is a Dask collection.*{on_dask}"):
        function(labels, _exploding())
    with pytest.raises(TypeError, match=f"y_true is a Dask collection.*{on_dask}"):
        function(_exploding(), np.zeros(100))


#: values for the options without a default of the functions that take (y_true, y_score, ...)
OPTIONS = {"threshold": 0.5, "max_fpr": 0.5, "min_precision": 0.5, "cost_fp": 1.0,
           "cost_fn": 1.0, "probability_cost": [0.5], "metric": ec.roc_auc,
           "y_score_b": np.zeros(100), "specificity": 0.9, "sensitivity": 0.9, "k": 2,
           "prevalence": 0.1, "threshold_probability": 0.2, "groups": np.zeros(100)}
ROW_FUNCTIONS = [name for name in ec.__all__ if inspect.isfunction(getattr(ec, name))
                 and list(inspect.signature(getattr(ec, name)).parameters)[:1] == ["y_true"]]


@pytest.mark.parametrize("name", ROW_FUNCTIONS)
def test_every_function_on_rows_refuses_a_dask_collection_without_computing_it(name):
    function = getattr(ec, name)
    parameters = list(inspect.signature(function).parameters.values())
    options = {p.name: OPTIONS[p.name] for p in parameters[2:]
               if p.default is inspect.Parameter.empty and p.kind in (p.POSITIONAL_OR_KEYWORD,
                                                                      p.KEYWORD_ONLY)
               or p.name == "max_fpr"}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        with pytest.raises(TypeError, match="is a Dask collection"):
            function(np.zeros(100), _exploding(), **options)


def test_paired_in_memory_test_refuses_dask_series():
    series = dd.from_pandas(pd.Series(np.zeros(10)), npartitions=2)
    with pytest.raises(TypeError, match="Dask collection.*evalcore.dask_evaluation.delong_test"):
        ec.delong_test(np.zeros(10), np.zeros(10), series)


def test_dask_functions_refuse_data_in_memory(client):
    with pytest.raises(TypeError, match=r"y_true must be a Dask collection.*evalcore\.roc_auc"):
        ecd.roc_auc([0, 1], da.from_array([0.1, 0.2]))


def test_bad_data_named_with_its_partition(client):
    score = np.linspace(0, 1, 100)
    score[73] = np.nan
    y = da.from_array(np.arange(100) % 2, chunks=25)
    with pytest.raises(ValueError, match=r"y_score must be finite.*\(in partition 2\)"):
        ecd.roc_auc(y, da.from_array(score, chunks=25))
    # each partition alone is a valid coding ({-1} and {0}); together they are three labels
    labels = np.concatenate([np.full(50, -1), np.zeros(25), np.ones(25)])
    with pytest.raises(ValueError, match="y_true must hold two classes"):
        ecd.roc_auc(da.from_array(labels, chunks=25), da.from_array(np.zeros(100), chunks=25))
    with pytest.raises(ValueError, match="same length"):
        ecd.roc_auc(da.from_array(np.zeros(10)), da.from_array(np.zeros(11)))
    with pytest.raises(ValueError, match="sample_weight must be non-negative"):
        ecd.roc_auc(y, da.from_array(np.zeros(100), chunks=25),
                    sample_weight=da.from_array(-np.ones(100), chunks=25))
    with pytest.raises(ValueError, match="n_ranges"):
        ecd.roc_auc(y, y, n_ranges=0)


def test_one_class_is_nan_with_one_warning(client):
    y = da.from_array(np.ones(40, dtype=int), chunks=10)
    s = da.from_array(np.linspace(0, 1, 40), chunks=10)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert np.isnan(ecd.roc_auc(y, s))
        assert np.isnan(ecd.delong_variance(y, s))
    assert [w.category for w in caught] == [ec.UndefinedMetricWarning] * 2


def test_weights_all_zero_in_some_partitions(client):
    label, score, weight = _data("weighted")
    weight[:1000] = 0
    y, s, w = _collections(label, score, weight, 500)
    assert _close(ecd.roc_auc(y, s, sample_weight=w),
                  ec.roc_auc(label, score, sample_weight=weight))


# --- distributed for real --------------------------------------------------------------------

class _ClientResults:
    """A scheduler plugin: the size of every result the client asked for (keys it wants)."""

    def __init__(self, scheduler):
        self.scheduler, self.sizes = scheduler, []

    def transition(self, key, start, finish, *args, **kwargs):
        task = self.scheduler.tasks.get(key)
        if finish == "memory" and task is not None and task.who_wants:
            self.sizes.append(task.nbytes)


def test_no_step_brings_the_column_to_the_client(client):
    """Every result the client receives is small next to the column; the check catches a
    path that pulls the column into the client with np.asarray."""
    from distributed.diagnostics.plugin import SchedulerPlugin

    scheduler = client.cluster.scheduler
    recorder = type("Recorder", (_ClientResults, SchedulerPlugin), {})(scheduler)
    scheduler.add_plugin(recorder, name="client-results")
    try:
        label, score, _ = _data("continuous", n=200_000)
        y, s = da.from_array(label, chunks=20_000), da.from_array(score, chunks=20_000)
        column = score.nbytes
        ecd.roc_auc_ci(y, s)
        ecd.roc_curve(y, s, max_points=200)
        assert recorder.sizes and max(recorder.sizes) < column / 20, recorder.sizes
        recorder.sizes.clear()

        def wrong_roc_auc_ci(y_true, y_score):      # what the refusal prevents
            return ec.roc_auc_ci(np.asarray(y_true), np.asarray(y_score))

        wrong_roc_auc_ci(y, s)
        assert max(recorder.sizes) >= column       # the check does see a whole column
    finally:
        scheduler.remove_plugin(name="client-results")


@pytest.mark.slow
def test_a_killed_worker_gives_the_exact_result_or_a_clear_error():
    """A worker process is killed while the AUC is being computed: Dask recomputes what was
    lost (the exact AUC) or fails with an error; never a wrong number."""
    label, score, _ = _data("continuous", n=40_000)

    def slow(block):
        time.sleep(0.15)
        return block

    y = da.from_array(label, chunks=2000)
    s = da.from_array(score, chunks=2000).map_blocks(slow, dtype=float)
    expected = ec.roc_auc(label, score), ec.delong_variance(label, score)
    # workers forked from a fresh server process: they start in about a second (spawned ones
    # import everything again), and a fork of this process, whose other threads (a browser's
    # driver, kernels' clients) may hold a lock at that moment, can hang before it starts
    with dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"}), \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                     dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as own:
        outcome = {}

        def run():
            try:
                with own.as_current():
                    outcome["interval"] = ecd.roc_auc_ci(y, s)
            except Exception as exc:        # noqa: BLE001 - any clear error is allowed
                outcome["error"] = exc

        thread = threading.Thread(target=run)
        thread.start()
        deadline = time.monotonic() + 30
        while not own.processing() or not any(own.processing().values()):
            assert time.monotonic() < deadline, "the computation never started"
            time.sleep(0.05)
        time.sleep(0.5)
        pids = own.run(os.getpid)
        assert thread.is_alive(), "the computation ended before the worker could be killed"
        os.kill(next(iter(pids.values())), signal.SIGKILL)
        thread.join(timeout=60)
        assert not thread.is_alive()
    if "error" in outcome:
        assert str(outcome["error"]), outcome["error"]
    else:
        interval = outcome["interval"]
        assert interval.auc == expected[0]
        half = (interval.high - interval.low) / 2
        assert _close(half ** 2, (1.959963984540054 ** 2) * expected[1], 1e-9)


# --- the optional extra --------------------------------------------------------------------

def test_evalcore_does_not_import_dask_and_the_module_says_how_to_install_it():
    code = ("import sys, evalcore; assert 'dask' not in sys.modules; sys.modules['dask'] = None\n"
            "try:\n    import evalcore.dask_evaluation\nexcept ImportError as exc:\n"
            "    print(exc)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "pip install evalcore[dask]" in out


@pytest.mark.parametrize("seed", range(6))
def test_weighted_ranges_never_get_a_negative_offset(client, seed):
    """With weights, the positives above a range are a sum of the later ranges' weights:
    taken as the total minus the earlier ones, that difference rounded to -3e-14 above the
    highest range and the call failed ('positives_above must be finite and non-negative')."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(60, 400))
    y = rng.integers(0, 2, n)
    s = np.round(rng.normal(size=n) + y * rng.random(), 1)
    w = rng.random(n) * 3
    chunks = n // 3 + 1
    got = ecd.delong_variance(da.from_array(y, chunks=chunks), da.from_array(s, chunks=chunks),
                              sample_weight=da.from_array(w, chunks=chunks))
    expected = ec.ScoreCounts.from_arrays(y, s, sample_weight=w).delong_variance()
    assert got == pytest.approx(expected, rel=1e-12, abs=0)
