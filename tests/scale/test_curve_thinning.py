"""evalcore/scale/curve_thinning.py: the points of a long curve kept for a file or a plot.

The rule as the command line's help states it (``--max-points``, the start, the end and the
first point past each 2/(N-1) of the length FPR + TPR), read from the curve files the command
line wrote on the memory and binned routes. The references: the rule computed here in exact
fractions from the rows' own counts (numpy's ``unique`` and Python's sums), and in-memory
evalcore's exact curves, whose points the kept ones must be. The Dask route keeps the same
points: tests/scale/test_cli.py compares its files with the memory route's byte for byte, and
tests/test_dask_evaluation.py its curves whatever the value ranges.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

import evalcore as ec
from helpers import run_auc, scored_frame, write_parts


def kept_by_the_rule(y: np.ndarray, s: np.ndarray, max_points: int) -> list[float]:
    """The thresholds the help's rule keeps, in exact fractions from the rows' own counts:
    every point if the curve has at most ``max_points`` (the start included); else the start,
    the end and the first point past each 2/(N-1) of the length FPR + TPR."""
    values, inverse = np.unique(s, return_inverse=True)
    pos = np.bincount(inverse, weights=y)[::-1].astype(int)
    neg = np.bincount(inverse, weights=1 - y)[::-1].astype(int)
    thresholds = values[::-1].tolist()
    if len(thresholds) + 1 <= max_points:
        return [math.inf, *thresholds]
    n_pos, n_neg = int(pos.sum()), int(neg.sum())
    kept, tp, fp, mark_before = [math.inf], 0, 0, 0
    for threshold, p, n in zip(thresholds, pos, neg):
        tp, fp = tp + int(p), fp + int(n)
        mark = min(math.floor((Fraction(tp, n_pos) + Fraction(fp, n_neg))
                              * Fraction(max_points - 1, 2)), max_points - 2)
        if mark > mark_before:
            kept.append(threshold)
        mark_before = mark
    if kept[-1] != thresholds[-1]:
        kept.append(thresholds[-1])
    return kept


def curve_files(tmp_path, capsys, paths, *extra):
    roc_file, pr_file = tmp_path / "roc.csv", tmp_path / "pr.csv"
    code, _, err = run_auc([*paths, "--label", "y", "--score", "s", "--roc-csv", roc_file,
                            "--pr-csv", pr_file, *extra], capsys)
    assert code == 0, err
    return pd.read_csv(roc_file), pd.read_csv(pr_file)


@pytest.mark.parametrize("max_points", [2, 3, 50, 999])
def test_a_long_curve_keeps_the_points_the_help_states(tmp_path, capsys, max_points):
    frame = scored_frame(3000)
    y, s = frame["y"].to_numpy(), frame["s"].to_numpy()
    roc, pr = curve_files(tmp_path, capsys, write_parts(frame, tmp_path / "data", 3),
                          "--max-points", max_points)
    expected = kept_by_the_rule(y, s, max_points)
    assert roc["threshold"].tolist() == expected and len(roc) <= max_points
    exact = ec.roc_curve(y, s)
    at = {t: i for i, t in enumerate(exact.thresholds.tolist())}
    index = [at[t] for t in expected]
    np.testing.assert_array_equal(roc["fpr"], exact.fpr[index])
    np.testing.assert_array_equal(roc["tpr"], exact.tpr[index])
    assert roc.iloc[0].tolist() == [math.inf, 0.0, 0.0] and roc.iloc[-1, 1:].tolist() == [1, 1]
    step = np.max(np.diff(exact.fpr + exact.tpr))
    assert np.max(np.diff(roc["fpr"] + roc["tpr"])) < 2 / (max_points - 1) + step
    # the PR file: the same points (less the start), as precision_recall_curve lays them out
    exact_pr = ec.precision_recall_curve(y, s)
    at = {t: i for i, t in enumerate(exact_pr.thresholds.tolist())}
    assert pr["threshold"][:-1].tolist() == expected[:0:-1]
    index = [at[t] for t in expected[:0:-1]]
    np.testing.assert_array_equal(pr["precision"][:-1], exact_pr.precision[index])
    np.testing.assert_array_equal(pr["recall"][:-1], exact_pr.recall[index])
    assert math.isnan(pr["threshold"].iloc[-1]) and pr.iloc[-1, 1:].tolist() == [1.0, 0.0]


def test_every_point_with_max_points_all_and_a_short_curve_whole(tmp_path, capsys):
    frame = scored_frame(2500)
    y, s = frame["y"].to_numpy(), frame["s"].to_numpy()
    paths = write_parts(frame, tmp_path / "data", 2)
    roc, pr = curve_files(tmp_path, capsys, paths)            # the default: at most 1000
    assert roc["threshold"].tolist() == kept_by_the_rule(y, s, 1000) and len(pr) == len(roc)
    roc, pr = curve_files(tmp_path, capsys, paths, "--max-points", "all")
    exact, exact_pr = ec.roc_curve(y, s), ec.precision_recall_curve(y, s)
    assert len(roc) == 2501
    for column, values in zip(("fpr", "tpr", "threshold"), exact):
        np.testing.assert_array_equal(roc[column], values)
    for column, values in zip(("precision", "recall"), exact_pr):
        np.testing.assert_array_equal(pr[column], values)
    np.testing.assert_array_equal(pr["threshold"][:-1], exact_pr.thresholds)
    tied = scored_frame(2500, decimals=1)                      # about 90 distinct scores
    points = len(np.unique(tied["s"])) + 1                     # with the start
    paths = write_parts(tied, tmp_path / "tied", 2)
    roc, _ = curve_files(tmp_path, capsys, paths, "--max-points", points)
    np.testing.assert_array_equal(roc["threshold"], ec.roc_curve(tied["y"], tied["s"]).thresholds)
    roc, _ = curve_files(tmp_path, capsys, paths, "--max-points", points - 1)
    assert len(roc) < points


def test_binned_curves_keep_at_most_max_points(tmp_path, capsys):
    paths = write_parts(scored_frame(3000), tmp_path / "data", 2)
    roc, pr = curve_files(tmp_path, capsys, paths, "--bins", "400", "--max-points", "30")
    assert len(roc) <= 30 and len(pr) <= 30
    assert roc.iloc[0].tolist() == [math.inf, 0.0, 0.0] and roc.iloc[-1, 1:].tolist() == [1, 1]

