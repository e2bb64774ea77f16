"""The ``evalcore`` command line: the numbers of in-memory evalcore, read from files.

The references are in-memory evalcore's functions on the same data (themselves tested against
scikit-learn, pROC and brute force), computed here from the arrays the test wrote, and for CSV
from the files read back by pandas (the text's rounding is the data). Errors: exit code 2, one
line on stderr naming the file and column, no output file and no temporary file left.
Also: many files give the numbers of one; outputs are checked before any work and written all
or none; other libraries' warnings take one line; the help states the rules and exit codes;
the Dask route writes the memory route's curve files byte for byte (those tests are ``dask``).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tomllib
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import roc_auc_score

import evalcore as ec
from evalcore.scale import cli, cli_inputs, cli_outputs
from evalcore.scale.cli_inputs import EXPANSION, MEMORY_SHARE
from conftest import ROOT
from helpers import run_auc, scored_frame, write_parts

RNG = np.random.default_rng(2104)
N = 3000


def _frame(n: int = N, rng=RNG) -> pd.DataFrame:
    """Labels, a continuous score, a heavily tied second score and a column not read."""
    label = rng.integers(0, 2, n)
    return pd.DataFrame({"y": label, "s": rng.normal(size=n) + label,
                         "t": np.round(rng.normal(size=n) + 0.6 * label, 1),
                         "id": np.arange(n)})


FRAME = _frame()
PARTS = (slice(0, 1000), slice(1000, 1001), slice(1001, N))   # one file of a single row


@pytest.fixture
def parquet_files(tmp_path):
    """Three parquet files holding FRAME's rows in order."""
    for i, part in enumerate(PARTS):
        FRAME[part].to_parquet(tmp_path / f"part{i}.parquet")
    return tmp_path


@pytest.fixture
def csv_files(tmp_path):
    """Three CSV files holding FRAME's rows, and the data as pandas reads them back."""
    for i, part in enumerate(PARTS):
        FRAME[part].to_csv(tmp_path / f"part{i}.csv", index=False)
    read = pd.concat([pd.read_csv(tmp_path / f"part{i}.csv") for i in range(len(PARTS))])
    return tmp_path, read


def run_json(argv, capsys) -> dict:
    code, out, err = run_auc([*argv, "--json"], capsys)
    assert code == 0, err
    assert out.count("\n") == 1           # exactly one JSON object, on one line
    return json.loads(out)


def reference(frame: pd.DataFrame, score: str = "s", compare: str = "t") -> dict:
    """In-memory evalcore on the data: the numbers the command line must print."""
    y, s, t = frame["y"].to_numpy(), frame[score].to_numpy(), frame[compare].to_numpy()
    interval = ec.roc_auc_ci(y, s, method="delong")
    test = ec.delong_test(y, s, t)
    return {"auc": ec.roc_auc(y, s), "ci_low": interval.low, "ci_high": interval.high,
            "average_precision": ec.average_precision(y, s), "n_pos": int(np.sum(y == 1)),
            "n_neg": int(np.sum(y == 0)), "p_value": test.pvalue,
            "difference": test.difference, "auc_compare": ec.roc_auc(y, t)}


# --- the numbers ---------------------------------------------------------------------------

@pytest.mark.parametrize("score, compare", [("s", "t"), ("t", "s")])
def test_parquet_glob_equals_in_memory_evalcore(parquet_files, capsys, score, compare):
    result = run_json([str(parquet_files / "*.parquet"), "--label", "y", "--score", score,
                       "--ci", "delong", "--compare", compare], capsys)
    expected = reference(FRAME, score, compare)
    assert {key: result[key] for key in expected} == expected     # exact, every field
    assert result["route"] == "memory" and result["files"] == len(PARTS)


def test_csv_files_listed_equal_in_memory_evalcore(csv_files, capsys):
    directory, read = csv_files
    paths = [directory / f"part{i}.csv" for i in range(len(PARTS))]
    result = run_json([*paths, "--label", "y", "--score", "s", "--ci", "delong",
                       "--compare", "t"], capsys)
    expected = reference(read)
    assert {key: result[key] for key in expected} == expected


def test_without_ci_or_compare_only_the_asked_fields(parquet_files, capsys):
    result = run_json([parquet_files / "part0.parquet", "--label", "y", "--score", "s"], capsys)
    y, s = FRAME["y"][:1000].to_numpy(), FRAME["s"][:1000].to_numpy()
    assert result["auc"] == ec.roc_auc(y, s)
    assert result["n_pos"] + result["n_neg"] == 1000
    assert not {"ci_low", "ci_high", "p_value", "auc_lower"} & set(result)


def test_level_changes_the_interval_as_evalcore(parquet_files, capsys):
    result = run_json([parquet_files / "*.parquet", "--label", "y", "--score", "s",
                       "--ci", "delong", "--level", "0.8"], capsys)
    interval = ec.roc_auc_ci(FRAME["y"], FRAME["s"], level=0.8)
    assert (result["ci_low"], result["ci_high"]) == (interval.low, interval.high)


def test_string_labels_with_pos_label(tmp_path, capsys):
    frame = FRAME.assign(y=np.where(FRAME["y"] == 1, "sick", "well"))
    frame.to_parquet(tmp_path / "named.parquet")
    frame.to_csv(tmp_path / "named.csv", index=False)
    for name in ("named.parquet", "named.csv"):
        result = run_json([tmp_path / name, "--label", "y", "--score", "s",
                           "--pos-label", "sick"], capsys)
        assert result["auc"] == ec.roc_auc(FRAME["y"], FRAME["s"])
        assert result["n_pos"] == int(FRAME["y"].sum())
    # -1/1 labels with --pos-label -1: the classes swap, so the AUC is 1 - AUC
    FRAME.assign(y=np.where(FRAME["y"] == 1, 1, -1)).to_parquet(tmp_path / "pm.parquet")
    result = run_json([tmp_path / "pm.parquet", "--label", "y", "--score", "s",
                       "--pos-label", "-1"], capsys)
    assert result["auc"] == ec.roc_auc(FRAME["y"], FRAME["s"], pos_label=0)


@pytest.mark.parametrize("score", ["s", "t"])      # continuous, heavily tied
def test_bins_bound_the_exact_auc(parquet_files, capsys, score):
    exact = ec.roc_auc(FRAME["y"], FRAME[score])
    widths = []
    for bins in (5, 20, 200):
        result = run_json([parquet_files / "*.parquet", "--label", "y", "--score", score,
                           "--bins", bins, "--ci", "delong"], capsys)
        assert result["route"] == "binned"
        assert result["auc_lower"] <= exact <= result["auc_upper"]
        assert result["auc"] == pytest.approx((result["auc_lower"] + result["auc_upper"]) / 2)
        assert (result["n_pos"], result["n_neg"]) == (reference(FRAME)["n_pos"],
                                                        reference(FRAME)["n_neg"])
        ap = ec.average_precision(FRAME["y"], FRAME[score])
        assert result["average_precision_lower"] <= ap <= result["average_precision_upper"]
        assert result["ci_low"] < result["auc"] < result["ci_high"]
        widths.append(result["auc_upper"] - result["auc_lower"])
    assert widths == sorted(widths, reverse=True) and widths[-1] < 0.01


def test_curves_written_equal_evalcore_curves(parquet_files, tmp_path, capsys):
    roc_file, pr_file, png = tmp_path / "roc.csv", tmp_path / "pr.csv", tmp_path / "c.png"
    code, _, err = run_auc([parquet_files / "*.parquet", "--label", "y", "--score", "t",
                            "--roc-csv", roc_file, "--pr-csv", pr_file, "--plot", png], capsys)
    assert code == 0, err
    roc = pd.read_csv(roc_file)
    fpr, tpr, thresholds = ec.roc_curve(FRAME["y"], FRAME["t"])[:3]
    np.testing.assert_array_equal(roc["fpr"], fpr)
    np.testing.assert_array_equal(roc["tpr"], tpr)
    np.testing.assert_array_equal(roc["threshold"], thresholds)
    pr = pd.read_csv(pr_file)
    precision, recall, pr_thresholds = ec.precision_recall_curve(FRAME["y"], FRAME["t"])[:3]
    np.testing.assert_array_equal(pr["precision"], precision)
    np.testing.assert_array_equal(pr["recall"], recall)
    np.testing.assert_array_equal(pr["threshold"][:-1], pr_thresholds)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.name for p in tmp_path.glob(".*")) == []     # no temporary file left


def test_text_output_names_the_numbers(parquet_files, capsys):
    code, out, err = run_auc([parquet_files / "*.parquet", "--label", "y", "--score", "s",
                              "--ci", "delong", "--compare", "t"], capsys)
    expected = reference(FRAME)
    assert code == 0 and err == ""
    assert f"{expected['auc']:.6f}" in out and f"{expected['ci_low']:.6f}" in out
    assert f"{expected['n_pos']} positives, {expected['n_neg']} negatives" in out
    assert f"p = {expected['p_value']:.4g}" in out


def test_many_files_give_the_numbers_of_one(tmp_path, capsys):
    frame = scored_frame(4000)
    one = write_parts(frame, tmp_path / "one", 1)
    many = write_parts(frame, tmp_path / "many", 40)
    csv = write_parts(frame, tmp_path / "csv", 7, "csv")
    frame.iloc[:0].to_parquet(tmp_path / "many" / "zzz_empty.parquet", index=False)
    argv = ["--label", "y", "--score", "s", "--ci", "delong"]
    single = run_json([*one, *argv], capsys)
    assert run_json([str(tmp_path / "many" / "*.parquet"), *argv], capsys) | {"files": 1} \
        == single
    from_csv = run_json([*csv, *argv], capsys)
    read = pd.concat(pd.read_csv(path) for path in csv)        # the text's rounding is data
    assert from_csv["auc"] == ec.roc_auc(read["y"], read["s"])
    assert single["auc"] == ec.roc_auc(frame["y"], frame["s"])
    assert single["auc"] == pytest.approx(roc_auc_score(frame["y"], frame["s"]), rel=1e-12)
    assert (single["n_pos"], single["n_neg"]) == (int(frame["y"].sum()),
                                                  int((frame["y"] == 0).sum()))


def test_the_comparison_names_which_auc_minus_which(tmp_path, capsys):
    frame = scored_frame(1500)
    paths = write_parts(frame, tmp_path / "data", 2)
    difference = roc_auc_score(frame["y"], frame["t"]) - roc_auc_score(frame["y"], frame["s"])
    assert difference < 0           # t is the weaker score: the sign says which way it reads
    code, out, _ = run_auc([*paths, "--label", "y", "--score", "t", "--compare", "s"], capsys)
    line = next(line for line in out.splitlines() if line.startswith("AUC(t) - AUC(s) = "))
    assert float(line.split(" = ")[1].split()[0]) == pytest.approx(difference, abs=5e-7)
    assert f"AUC  {roc_auc_score(frame['y'], frame['s']):.6f}  (s, --compare)" in out
    result = run_json([*paths, "--label", "y", "--score", "t", "--compare", "s"], capsys)
    assert result["difference_of"] == "AUC(t) - AUC(s)"
    assert result["difference"] == pytest.approx(difference, rel=1e-12)


def test_a_p_value_below_the_smallest_double_is_printed_as_below(tmp_path, capsys):
    frame = scored_frame(20000)
    frame["t"] = np.random.default_rng(1).normal(size=len(frame))     # no signal at all
    paths = write_parts(frame, tmp_path / "data", 2)
    assert ec.delong_test(frame["y"], frame["s"], frame["t"]).pvalue == 0.0   # underflowed
    code, out, _ = run_auc([*paths, "--label", "y", "--score", "s", "--compare", "t"], capsys)
    assert code == 0 and "DeLong's paired test p < 1e-300" in out and "p = 0" not in out
    frame = scored_frame(300)
    paths = write_parts(frame, tmp_path / "small", 1)
    p_value = ec.delong_test(frame["y"], frame["s"], frame["t"]).pvalue
    code, out, _ = run_auc([*paths, "--label", "y", "--score", "s", "--compare", "t"], capsys)
    assert 0 < p_value and f"DeLong's paired test p = {p_value:.4g}" in out


# --- the route -----------------------------------------------------------------------------

def test_verbose_states_the_rule(parquet_files, capsys, monkeypatch):
    size = sum(os.path.getsize(p) for p in parquet_files.glob("*.parquet"))
    monkeypatch.setattr(cli_inputs, "available_memory", lambda: 10 ** 12)
    code, _, err = run_auc([parquet_files / "*.parquet", "--label", "y", "--score", "s",
                            "--verbose"], capsys)
    assert code == 0
    assert err.startswith("evalcore: route memory: ") and "fits" in err
    assert "MemAvailable 931.3 GB" in err           # the memory the test set, not the machine's
    assert cli_inputs.memory_needed(
        [str(p) for p in parquet_files.glob("*.parquet")],
        dict.fromkeys(map(str, parquet_files.glob("*.parquet")), "parquet"),
    ) == size * cli_inputs.EXPANSION["parquet"]


def test_data_that_does_not_fit_goes_to_dask_or_says_how(parquet_files, capsys, monkeypatch):
    monkeypatch.setattr(cli_inputs, "available_memory", lambda: 1000)
    monkeypatch.setitem(sys.modules, "dask.dataframe", None)      # Dask not installed
    code, out, err = run_auc([parquet_files / "*.parquet", "--label", "y", "--score", "s",
                              "--verbose"], capsys)
    assert code == 2 and out == ""
    lines = err.strip().split("\n")
    assert "route dask" in lines[0] and "does not fit" in lines[0]
    assert lines[1].startswith("evalcore: error:") and "pip install evalcore[dask]" in lines[1]


def test_available_memory_reads_meminfo():
    with open("/proc/meminfo") as meminfo:
        line = next(line for line in meminfo if line.startswith("MemAvailable:"))
    kilobytes = int(line.split()[1])
    assert abs(cli_inputs.available_memory() - kilobytes * 1024) < 0.2 * kilobytes * 1024


@pytest.mark.dask
def test_dask_gives_the_numbers_of_memory(parquet_files, csv_files, capsys):
    pytest.importorskip("dask.dataframe")
    for pattern in (parquet_files / "*.parquet", csv_files[0] / "*.csv"):
        argv = [pattern, "--label", "y", "--score", "s", "--ci", "delong", "--compare", "t"]
        memory, dask = run_json(argv, capsys), run_json([*argv, "--dask"], capsys)
        assert (memory["route"], dask["route"]) == ("memory", "dask")
        for key in ("auc", "auc_compare", "n_pos", "n_neg"):
            assert dask[key] == memory[key], key
        for key in ("ci_low", "ci_high", "average_precision", "difference"):
            assert dask[key] == pytest.approx(memory[key], rel=1e-12, abs=1e-15), key
        assert dask["p_value"] == pytest.approx(memory["p_value"], rel=1e-9)


@pytest.mark.dask
def test_dask_curves_are_points_of_the_exact_curve(parquet_files, tmp_path, capsys):
    pytest.importorskip("dask.dataframe")
    roc_file = tmp_path / "roc.csv"
    code, _, err = run_auc([parquet_files / "*.parquet", "--label", "y", "--score", "s", "--dask",
                            "--roc-csv", roc_file], capsys)
    assert code == 0, err
    roc = pd.read_csv(roc_file)
    fpr, tpr, thresholds = ec.roc_curve(FRAME["y"], FRAME["s"])[:3]
    where = np.searchsorted(-thresholds, -roc["threshold"].to_numpy())
    np.testing.assert_array_equal(thresholds[where], roc["threshold"])
    np.testing.assert_array_equal(fpr[where], roc["fpr"])
    np.testing.assert_array_equal(tpr[where], roc["tpr"])


@pytest.mark.dask
def test_dask_errors_name_file_column_and_count(tmp_path, capsys):
    pytest.importorskip("dask.dataframe")
    FRAME[:100].to_parquet(tmp_path / "good.parquet")
    FRAME[100:200].assign(s=np.where(np.arange(100) < 4, np.nan, FRAME["s"][100:200]))\
        .to_parquet(tmp_path / "bad.parquet")
    code, out, err = run_auc([tmp_path / "*.parquet", "--label", "y", "--score", "s", "--dask"],
                             capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "bad.parquet" in err and "'s'" in err and " 4 " in err


def curve_bytes(tmp_path, capsys, paths, *extra) -> tuple[bytes, bytes, dict]:
    roc_file, pr_file = tmp_path / "roc.csv", tmp_path / "pr.csv"
    code, out, err = run_auc([*paths, "--label", "y", "--score", "s", "--roc-csv", roc_file,
                              "--pr-csv", pr_file, "--json", *extra], capsys)
    assert code == 0, err
    return roc_file.read_bytes(), pr_file.read_bytes(), json.loads(out)


@pytest.mark.dask
@pytest.mark.parametrize("suffix, count", [("parquet", 6), ("csv", 3)])
@pytest.mark.parametrize("max_points", [[], ["--max-points", "40"], ["--max-points", "all"]])
def test_both_routes_write_the_same_curve_files(tmp_path, capsys, suffix, count, max_points):
    pytest.importorskip("dask.dataframe")
    paths = write_parts(scored_frame(2500, seed=11), tmp_path / "data", count, suffix)
    roc, pr, memory = curve_bytes(tmp_path, capsys, paths, *max_points)
    roc_dask, pr_dask, dask = curve_bytes(tmp_path, capsys, paths, "--dask", *max_points)
    assert (memory["route"], dask["route"]) == ("memory", "dask")
    assert roc == roc_dask and pr == pr_dask
    rows = roc.count(b"\n") - 1                    # the header not counted
    limit = {"40": 40, "all": 2501}.get(max_points[-1] if max_points else "", 1000)
    assert rows == 2501 if limit == 2501 else limit - 5 <= rows <= limit


@pytest.mark.dask
def test_other_libraries_warn_in_at_most_one_line_on_dask(tmp_path, capsys):
    pytest.importorskip("dask.dataframe")
    paths = write_parts(scored_frame(3000, seed=11), tmp_path / "data", 12)
    code, _, err = run_auc([*paths, "--label", "y", "--score", "s", "--dask", "--ci", "delong",
                            "--roc-csv", tmp_path / "roc.csv"], capsys)
    assert code == 0
    lines = err.splitlines()
    assert len([line for line in lines if line.startswith("evalcore: warning from ")]) <= 1
    assert all(line.startswith("evalcore: warning") for line in lines), lines


@pytest.mark.dask
def test_dask_says_what_memory_says_of_empty_files_and_text_scores(tmp_path, capsys):
    pytest.importorskip("dask.dataframe")
    frame = scored_frame(10, seed=11)
    frame.iloc[:0].to_parquet(tmp_path / "none.parquet", index=False)
    frame.assign(s=["0.5", "x"] * 5).to_parquet(tmp_path / "words.parquet", index=False)
    for name, needles in (("none.parquet", ["no rows to evaluate (the file is empty)"]),
                          ("words.parquet", ["must hold numbers", "row 2", "'x'"])):
        argv = [tmp_path / name, "--label", "y", "--score", "s"]
        memory, dask = run_auc(argv, capsys), run_auc([*argv, "--dask"], capsys)
        assert memory[0] == dask[0] == 2 and memory[1] == dask[1] == ""
        assert memory[2] == dask[2] and memory[2].count("\n") == 1
        assert all(needle in dask[2] for needle in needles), dask[2]


# --- errors: one line, exit code 2, nothing written ----------------------------------------

def check_error(argv, capsys, tmp_path, *needles):
    """Exit code 2, nothing on stdout, one line on stderr holding every needle, and no
    output file (nor a temporary one) in tmp_path."""
    before = set(tmp_path.iterdir())
    out_file = tmp_path / "out_roc.csv"
    code, out, err = run_auc([*argv, "--roc-csv", out_file, "--plot", tmp_path / "out.png"],
                             capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("evalcore: error: "), err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in err, (needle, err)
    assert set(tmp_path.iterdir()) == before
    return err


def test_missing_file_and_empty_glob(tmp_path, capsys):
    check_error([tmp_path / "none.parquet", "--label", "y", "--score", "s"], capsys, tmp_path,
                "none.parquet", "no such file")
    check_error([tmp_path / "*.parquet", "--label", "y", "--score", "s"], capsys, tmp_path,
                "*.parquet", "no file matches")


def test_unreadable_files(tmp_path, capsys):
    (tmp_path / "broken.parquet").write_bytes(b"PAR1 this is not parquet")
    check_error([tmp_path / "broken.parquet", "--label", "y", "--score", "s"], capsys,
                tmp_path, "broken.parquet", "not a readable parquet file")
    (tmp_path / "scores.txt").write_text("y s\n0 0.1\n")
    check_error([tmp_path / "scores.txt", "--label", "y", "--score", "s"], capsys, tmp_path,
                "scores.txt", "unreadable format")
    check_error([tmp_path, "--label", "y", "--score", "s"], capsys, tmp_path, "directory")


def test_missing_column_names_file_column_and_columns(parquet_files, capsys):
    FRAME[:10].drop(columns="t").to_csv(parquet_files / "short.csv", index=False)
    err = check_error([parquet_files / "*.parquet", parquet_files / "short.csv",
                       "--label", "y", "--score", "s", "--compare", "t"], capsys, parquet_files,
                      "short.csv", "no column 't'", "y, s, id")
    assert "part0" not in err


@pytest.mark.parametrize("bad, shown", [(np.nan, "NaN"), (np.inf, "inf")])
@pytest.mark.parametrize("suffix", ["parquet", "csv"])
def test_nonfinite_scores_counted(tmp_path, capsys, bad, shown, suffix):
    frame = FRAME[:500].copy()
    frame.loc[[3, 77, 400], "s"] = bad
    FRAME[500:].to_csv(tmp_path / "fine.csv", index=False)
    path = tmp_path / f"holes.{suffix}"
    frame.to_parquet(path) if suffix == "parquet" else frame.to_csv(path, index=False)
    for extra in ([], ["--bins", "10"]):
        check_error([tmp_path / "fine.csv", path, "--label", "y", "--score", "s", *extra],
                    capsys, tmp_path, f"holes.{suffix}", "column 's'", "holds 3 ")
    frame.loc[:, "s"] = FRAME["s"][:500]
    frame.loc[[9], "t"] = bad
    frame.to_parquet(path) if suffix == "parquet" else frame.to_csv(path, index=False)
    check_error([path, "--label", "y", "--score", "s", "--compare", "t"], capsys, tmp_path,
                f"holes.{suffix}", "column 't'", "holds 1 ")


def test_labels_not_two_classes(tmp_path, capsys):
    FRAME[:50].assign(y=np.arange(50) % 3).to_parquet(tmp_path / "three.parquet")
    check_error([tmp_path / "three.parquet", "--label", "y", "--score", "s"], capsys,
                tmp_path, "three.parquet", "column 'y'", "two classes")
    FRAME[:50].assign(y=0).to_parquet(tmp_path / "one.parquet")
    check_error([tmp_path / "one.parquet", "--label", "y", "--score", "s", "--ci", "delong"],
                capsys, tmp_path, "one.parquet", "column 'y'", "two classes")
    FRAME[:50].assign(y=np.where(FRAME["y"][:50] == 1, "a", "b")).to_csv(
        tmp_path / "named.csv", index=False)
    check_error([tmp_path / "named.csv", "--label", "y", "--score", "s"], capsys, tmp_path,
                "named.csv", "column 'y'", "--pos-label")


def test_scores_that_are_not_numbers(tmp_path, capsys):
    FRAME[:50].assign(s=[f"p{i}" for i in range(50)]).to_parquet(tmp_path / "words.parquet")
    check_error([tmp_path / "words.parquet", "--label", "y", "--score", "s"], capsys, tmp_path,
                "words.parquet", "column 's'", "numbers")


def test_two_label_codings_across_files(tmp_path, capsys):
    # each file alone is valid ({0, 1} and {-1, 1}); together they are three classes
    FRAME[:50].to_parquet(tmp_path / "a.parquet")
    FRAME[50:100].assign(y=np.where(FRAME["y"][50:100] == 1, 1, -1))\
        .to_parquet(tmp_path / "b.parquet")
    check_error([tmp_path / "*.parquet", "--label", "y", "--score", "s"], capsys, tmp_path,
                "b.parquet", "column 'y'")


def test_unwritable_output_leaves_nothing(parquet_files, capsys):
    code, out, err = run_auc([parquet_files / "*.parquet", "--label", "y", "--score", "s",
                              "--pr-csv", parquet_files / "pr.csv",
                              "--roc-csv", parquet_files / "no" / "roc.csv"], capsys)
    assert code == 2 and err.count("\n") == 1 and "roc.csv" in err
    assert not (parquet_files / "pr.csv").exists()
    assert not list(parquet_files.glob(".*"))


@pytest.mark.parametrize("argv", [
    ["auc", "x.parquet", "--score", "s"],                              # --label missing
    ["auc", "x.parquet", "--label", "y", "--score", "s", "--ci", "bootstrap"],
    ["auc", "x.parquet", "--label", "y", "--score", "s", "--bins", "10", "--compare", "t"],
    ["auc", "x.parquet", "--label", "y", "--score", "s", "--bins", "10", "--dask"],
    ["auc", "x.parquet", "--label", "y", "--score", "s", "--level", "95"],
    ["auc", "x.parquet", "--label", "y", "--score", "s", "--plot", "curves.pdf"],
    ["frobnicate"], [],
])
def test_usage_errors_exit_2(argv, capsys):
    assert cli.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and "usage: evalcore" in err


def one_error_line(code, out, err, *needles):
    """Exit code 2, nothing on stdout, one line on stderr holding every needle."""
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and err.startswith("evalcore: error: "), err
    for needle in needles:
        assert needle in err, (needle, err)


def test_an_empty_file_says_so_in_either_format(tmp_path, capsys):
    empty = scored_frame(10).iloc[:0]
    empty.to_parquet(tmp_path / "none.parquet", index=False)
    empty.to_csv(tmp_path / "none.csv", index=False)
    messages = []
    for name in ("none.parquet", "none.csv"):
        code, out, err = run_auc([tmp_path / name, "--label", "y", "--score", "s"], capsys)
        one_error_line(code, out, err, name, "no rows to evaluate (the file is empty)")
        messages.append(err.replace(name, "FILE"))
    assert messages[0] == messages[1]
    code, out, err = run_auc([tmp_path / "none.parquet", tmp_path / "none.csv", "--label", "y",
                              "--score", "s"], capsys)
    one_error_line(code, out, err, "2 files", "every file is empty")


@pytest.mark.parametrize("suffix", ["parquet", "csv"])
def test_text_scores_name_the_first_value_that_is_not_a_number(tmp_path, capsys, suffix):
    frame = pd.DataFrame({"y": [0, 1, 0, 1, 1], "s": ["0.1", "0.7", "0.3", "high", "0.9"]})
    path = tmp_path / f"words.{suffix}"
    frame.to_parquet(path) if suffix == "parquet" else frame.to_csv(path, index=False)
    code, out, err = run_auc([path, "--label", "y", "--score", "s"], capsys)
    one_error_line(code, out, err, f"words.{suffix}", "column 's' must hold numbers",
                   "row 4", "'high'", "not a number")
    frame.assign(s=["0.1", "0.7", "0.3", "0.2", "0.9"]).to_parquet(tmp_path / "texts.parquet")
    code, out, err = run_auc([tmp_path / "texts.parquet", "--label", "y", "--score", "s"], capsys)
    one_error_line(code, out, err, "numbers written as text", "row 1", "'0.1'",
                   "store the scores as numbers")


@pytest.mark.parametrize("value", ["1", "0", "many", "2.5"])
def test_max_points_must_be_two_or_more_or_all(value, capsys):
    assert cli.main(["auc", "x.parquet", "--label", "y", "--score", "s",
                     "--max-points", value]) == 2
    _, err = capsys.readouterr()
    assert "--max-points" in err and "at least 2, or all" in err


# --- outputs: checked first, written all or none -------------------------------------------

def listing(folder) -> set:
    return {path for path in folder.rglob("*")}


@pytest.mark.parametrize("case", ["directory", "missing folder", "same file", "an input"])
def test_a_bad_output_path_exits_2_before_reading_anything(tmp_path, capsys, case):
    # the input is broken: an output error reported first shows the outputs came first
    (tmp_path / "broken.parquet").write_bytes(b"PAR1 not parquet at all")
    (tmp_path / "folder").mkdir()
    options = {"directory": (["--pr-csv", tmp_path / "folder"], "--pr-csv", "is a directory"),
               "missing folder": (["--plot", tmp_path / "nowhere" / "c.png"], "--plot",
                                  "does not exist"),
               "same file": (["--roc-csv", tmp_path / "c.csv", "--pr-csv", tmp_path / "c.csv"],
                             "--pr-csv", "same file as the --roc-csv"),
               "an input": (["--roc-csv", tmp_path / "broken.parquet"], "--roc-csv",
                            "same file as the input file")}
    extra, option, rule = options[case]
    before = listing(tmp_path)
    code, out, err = run_auc([tmp_path / "broken.parquet", "--label", "y", "--score", "s",
                              *extra], capsys)
    one_error_line(code, out, err, option, rule)
    assert "not a readable" not in err and listing(tmp_path) == before


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root may write into any folder")
def test_a_read_only_folder_is_refused_before_any_work(tmp_path, capsys):
    write_parts(scored_frame(100), tmp_path / "data", 1)
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        code, out, err = run_auc([tmp_path / "data" / "*.parquet", "--label", "y", "--score", "s",
                                  "--roc-csv", locked / "roc.csv"], capsys)
        one_error_line(code, out, err, "--roc-csv", "not writable")
        assert not list(locked.iterdir())
    finally:
        locked.chmod(0o755)


@pytest.mark.parametrize("failing", ["rename", "writer"])
def test_a_failure_while_writing_leaves_no_new_file_and_no_temporary(tmp_path, capsys,
                                                                      monkeypatch, failing):
    paths = write_parts(scored_frame(500), tmp_path / "data", 2)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "pr.csv").write_text("kept\n")     # an older file: replaced or kept
    calls = []
    real_replace = os.replace

    def replace(source, target):
        calls.append(target)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        return real_replace(source, target)

    def write_png(path, result, title):
        raise OSError(28, "No space left on device")

    if failing == "rename":
        monkeypatch.setattr(cli_outputs.os, "replace", replace)
    else:
        monkeypatch.setattr(cli_outputs, "write_png", write_png)
    code, out, err = run_auc([*paths, "--label", "y", "--score", "s",
                              "--roc-csv", tmp_path / "out" / "roc.csv",
                              "--pr-csv", tmp_path / "out" / "pr.csv",
                              "--plot", tmp_path / "out" / "c.png"], capsys)
    one_error_line(code, out, err, "--plot", "cannot be written", "No space left")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["pr.csv"]
    if failing == "writer":       # nothing was renamed: the older file is as it was
        assert (tmp_path / "out" / "pr.csv").read_text() == "kept\n"


# --- warnings ------------------------------------------------------------------------------

def noisy_route(evaluate):
    """``evaluate``, preceded by what a third-party reader does on every partition (the same
    warning 30 times, from a file of another library) and by one undefined metric of
    evalcore's own."""
    def route(*args):
        for _ in range(30):
            warnings.warn_explicit("the inplace keyword is deprecated", FutureWarning,
                                   "/x/site-packages/somereader/io.py", 12)
        warnings.warn_explicit("another thing", DeprecationWarning,
                               "/x/site-packages/other/core.py", 3)
        ec.roc_auc([1, 1], [0.2, 0.4])           # one class: nan and evalcore's warning
        return evaluate(*args)
    return route


def test_other_libraries_warn_in_one_line_and_evalcore_in_its_own(tmp_path, capsys,
                                                                   monkeypatch):
    paths = write_parts(scored_frame(300), tmp_path / "data", 2)
    monkeypatch.setattr(cli, "evaluate_memory", noisy_route(cli.evaluate_memory))
    code, _, err = run_auc([*paths, "--label", "y", "--score", "s"], capsys)
    assert code == 0
    lines = err.splitlines()
    own = [line for line in lines if line.startswith("evalcore: warning: ")]
    others = [line for line in lines if line.startswith("evalcore: warning from ")]
    assert len(own) == 1 and "ROC AUC" in own[0] and len(others) == 1 and len(lines) == 2
    assert "somereader: FutureWarning: the inplace keyword is deprecated" in others[0]
    assert "1 other warning from other libraries, 31 in all" in others[0]
    code, _, err = run_auc([*paths, "--label", "y", "--score", "s", "--verbose"], capsys)
    listed = [line for line in err.splitlines() if line.startswith("evalcore: warning from ")]
    assert len(listed) == 2 and "(30 times)" in listed[0] and "other: Deprecation" in listed[1]


# --- the help and the exit codes -----------------------------------------------------------

def help_text(argv, capsys) -> str:
    assert cli.main(argv) == 0
    out, _ = capsys.readouterr()
    assert max(len(line) for line in out.splitlines()) < 80
    return out


def test_the_help_has_examples_exit_codes_columns_and_the_route_rule(capsys):
    top = help_text(["--help"], capsys)
    assert "examples:" in top and "evalcore auc 'scored/*.parquet'" in top
    assert "exit codes:" in top and "auc --help" in top
    auc = help_text(["auc", "--help"], capsys)
    for needle in ("examples:", "exit codes:", "threshold,fpr,tpr", "threshold,precision,recall",
                   f"times {EXPANSION['parquet']:g} (parquet) or {EXPANSION['csv']:g} (CSV)",
                   f"at most {MEMORY_SHARE:.0%} of the memory available",
                   "--max-points all", "2/(N-1)", "difference_of", "--dask", "--bins N"):
        assert needle in auc, needle


def test_the_exit_codes_are_the_ones_the_help_states(tmp_path, capsys, monkeypatch):
    paths = write_parts(scored_frame(200), tmp_path / "data", 1)
    assert run_auc([*paths, "--label", "y", "--score", "s"], capsys)[0] == 0
    assert run_auc([*paths, "--label", "y", "--score", "nope"], capsys)[0] == 2  # bad input
    assert run_auc([*paths, "--label", "y"], capsys)[0] == 2                     # usage
    assert cli.main(["--version"]) == 0

    def broken(*args):
        raise RuntimeError("a bug")

    monkeypatch.setattr(cli, "evaluate_memory", broken)
    with pytest.raises(RuntimeError, match="a bug"):     # a traceback: Python exits with 1
        cli.main(["auc", *paths, "--label", "y", "--score", "s"])


# --- progress ------------------------------------------------------------------------------

def test_progress_only_on_a_terminal(parquet_files, monkeypatch):
    paths = [str(p) for p in sorted(parquet_files.glob("*.parquet"))]

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    for stream, shown in ((io.StringIO(), False), (Terminal(), True)):
        monkeypatch.setattr(sys, "stderr", stream)
        progress = cli_inputs.Progress(paths)
        progress.start -= 5                     # long work: the bar shows after a second
        progress.last -= 5
        progress.advance(paths[-1], 0.5)
        assert ("%" in stream.getvalue()) == shown
        progress.close()


# --- the programs: python -m evalcore and the console script -------------------------------

@pytest.mark.slow
def test_python_m_evalcore(parquet_files, tmp_path):
    command = [sys.executable, "-m", "evalcore", "auc", str(parquet_files / "*.parquet"),
               "--label", "y", "--score", "s", "--ci", "delong", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["auc"] == ec.roc_auc(FRAME["y"], FRAME["s"])
    failed = subprocess.run([*command[:4], str(tmp_path / "none.csv"), *command[5:]],
                            capture_output=True, text=True, cwd=ROOT, check=False)
    assert failed.returncode == 2 and failed.stdout == ""
    assert failed.stderr.count("\n") == 1 and "none.csv" in failed.stderr
    usage = subprocess.run([sys.executable, "-m", "evalcore", "auc"], capture_output=True,
                           text=True, cwd=ROOT, check=False)
    assert usage.returncode == 2 and "usage: evalcore" in usage.stderr


def test_console_script_entry_point():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module, _, name = scripts["evalcore"].partition(":")
    assert (module, name) == ("evalcore.scale.cli", "main")
    installed = Path(sys.executable).parent / "evalcore"
    if installed.exists():          # only after a (re)install of the package
        done = subprocess.run([str(installed), "--version"], capture_output=True, text=True,
                              check=False)
        assert done.returncode == 0 and ec.__version__ in done.stdout
