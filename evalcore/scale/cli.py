"""The ``evalcore`` command line: the exact AUC of scored files, with DeLong's interval.

``evalcore auc PATH... --label COL --score COL`` reads parquet or CSV files (globs are
expanded here too, for shells that do not), and prints the exact ROC AUC, its DeLong interval
(``--ci delong``), average precision and the counts; ``--compare COL`` adds DeLong's paired test
against a second score column; ``--bins N`` gives the bounded AUC of N bins (lower, upper,
midpoint) in the memory of N bins; ``--json`` prints one JSON object; ``--roc-csv``,
``--pr-csv`` and ``--plot`` write the curves.

Three routes, each stated in the output (``route``):

* ``memory``: the files are read column by column and batch by batch (pyarrow batches, pandas
  chunks) into one :class:`~evalcore.ScoreCounts`, so memory holds the distinct scores, not the
  rows (with ``--compare`` the three columns' rows are kept: the paired test needs each case);
* ``dask``: :mod:`evalcore.dask_evaluation` on ``dask.dataframe.read_parquet`` / ``read_csv``,
  on the default scheduler or on the ``distributed`` client already running;
* ``binned``: two streaming passes (a uniform sample of scores for the quantile cut points,
  then the counts per bin): memory is the number of bins whatever the data's size.

The rule for "fits in memory" (:func:`memory_needed`, :func:`available_memory`): the files'
size on disk times an expansion factor (:data:`EXPANSION`: 4 for parquet, whose columns are
compressed, 2 for CSV text, where a number takes about as many bytes as characters as it needs
in memory, sort included), against :data:`MEMORY_SHARE` (half) of the memory available
(``MemAvailable`` in ``/proc/meminfo``, else ``os.sysconf``). It overestimates (every column of
a file counts, not only the ones read), so Dask is chosen a little early rather than late;
``--dask`` forces it, ``--verbose`` prints the rule's numbers on stderr.

Errors (a missing or unreadable file, a missing column, NaN or infinite scores, labels that
are not two classes, an unwritable output) are one line on stderr, exit code 2, and no output
file: every output is written to a temporary file beside it and renamed once all are complete.

The module is over 600 lines on purpose: it is one program (its files, its three routes and its
output share the argument namespace and the one-line errors), and none of its helpers has a
user outside it.

See Also
--------
evalcore.ScoreCounts : the summary the memory route builds.
evalcore.dask_evaluation : the Dask route.
evalcore.BinnedScoreCounts : the binned route.
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import json
import math
import os
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np

from .. import __version__
from ..core.areas import average_precision, roc_auc
from ..core.curves import precision_recall_curve, roc_curve
from ..core.ranking import ScoreCounts
from ..core.validation import check_labels, check_scores
from ..stats.delong import delong_test, roc_auc_ci
from .binned import BinnedScoreCounts
from .score_bins import score_bin_edges

#: Bytes in memory per byte on disk, by format: the rule's expansion factor (see above).
EXPANSION = {"parquet": 4.0, "csv": 2.0}
#: The share of the available memory the in-memory route may plan to use.
MEMORY_SHARE = 0.5
#: Rows per batch read (pyarrow batch, pandas chunk).
BATCH_ROWS = 1 << 20
#: Scores sampled (uniformly, without replacement) to place the quantile cut points of --bins.
SAMPLE_SIZE = 200_000
PARQUET_SUFFIXES = (".parquet", ".parq", ".pq")
CSV_SUFFIXES = (".csv", ".csv.gz", ".csv.bz2", ".csv.zip", ".csv.xz")


class CliError(Exception):
    """A problem with the user's input: printed as one line, exit code 2."""


def one_line(message: Any) -> str:
    """``message`` on one line (an error from a library may hold several)."""
    return " ".join(str(message).split())


# --- files ---------------------------------------------------------------------------------

def expand_paths(patterns: list[str]) -> list[str]:
    """Every file the patterns name, globs expanded (sorted), each once, in order."""
    paths: list[str] = []
    for pattern in patterns:
        if os.path.exists(pattern):
            matched = [pattern]
        elif glob.has_magic(pattern):
            matched = sorted(glob.glob(pattern))
            if not matched:
                raise CliError(f"{pattern}: no file matches this pattern")
        else:
            raise CliError(f"{pattern}: no such file")
        for path in matched:
            if os.path.isdir(path):
                raise CliError(f"{path}: is a directory; name its files (e.g. {path}/*.parquet)")
            if path not in paths:
                paths.append(path)
    return paths


def file_format(path: str) -> str:
    """``"parquet"`` or ``"csv"``, by the name's suffix, else by parquet's magic bytes."""
    lower = path.lower()
    if lower.endswith(PARQUET_SUFFIXES):
        return "parquet"
    if lower.endswith(CSV_SUFFIXES):
        return "csv"
    try:
        with open(path, "rb") as stream:
            head = stream.read(4)
    except OSError as exc:
        raise CliError(f"{path}: cannot be read ({one_line(exc.strerror or exc)})") from None
    if head == b"PAR1":
        return "parquet"
    raise CliError(f"{path}: unreadable format: expected a parquet file (.parquet) or a CSV "
                   f"file (.csv)")


def file_columns(path: str, kind: str) -> list[str]:
    """The column names in one file (its schema or header only)."""
    try:
        if kind == "parquet":
            import pyarrow.parquet as pq
            return list(pq.read_schema(path).names)
        import pandas as pd
        return [str(name) for name in pd.read_csv(path, nrows=0).columns]
    except Exception as exc:    # pyarrow's and pandas' errors: ArrowInvalid, ParserError, ...
        raise CliError(f"{path}: not a readable {kind} file ({type(exc).__name__}: "
                       f"{one_line(exc)})") from None


def check_columns(paths: list[str], kinds: dict[str, str], needed: list[str]) -> None:
    """Every needed column is in every file, else an error naming file, column and columns."""
    for path in paths:
        present = file_columns(path, kinds[path])
        for column in needed:
            if column not in present:
                shown_columns = ", ".join(present[:30]) + (", ..." if len(present) > 30 else "")
                raise CliError(f"{path}: no column {column!r} (its columns: {shown_columns})")


def read_batches(path: str, kind: str, columns: list[str],
                 progress: Progress | None = None) -> Iterator[dict[str, np.ndarray]]:
    """The named columns of one file as numpy arrays, a batch of rows at a time."""
    try:
        if kind == "parquet":
            import pyarrow.parquet as pq
            parquet = pq.ParquetFile(path)
            total, done = max(parquet.metadata.num_rows, 1), 0
            for batch in parquet.iter_batches(batch_size=BATCH_ROWS, columns=columns):
                done += batch.num_rows
                if progress:
                    progress.advance(path, done / total)
                yield {name: batch.column(name).to_numpy(zero_copy_only=False)
                       for name in columns}
            return
        import pandas as pd
        size = max(os.path.getsize(path), 1)
        with open(path, "rb") as stream:
            for chunk in pd.read_csv(stream, usecols=columns, chunksize=BATCH_ROWS):
                if progress:
                    progress.advance(path, min(stream.tell() / size, 1.0))
                yield {name: chunk[name].to_numpy() for name in columns}
    except CliError:
        raise
    except Exception as exc:
        raise CliError(f"{path}: not a readable {kind} file ({type(exc).__name__}: "
                       f"{one_line(exc)})") from None


def count_nonfinite(path: str, kind: str, column: str) -> tuple[int, int]:
    """``(non-finite scores, rows)`` in one file's column, read batch by batch."""
    bad = rows = 0
    for batch in read_batches(path, kind, [column]):
        values = batch[column]
        rows += values.shape[0]
        if values.dtype.kind in "fc":
            bad += int(np.count_nonzero(~np.isfinite(values)))
        elif values.dtype == object:
            bad += sum(value is None or (isinstance(value, float) and not math.isfinite(value))
                       for value in values)
    return bad, rows


def nonfinite_error(path: str, kind: str, column: str) -> CliError | None:
    """The error for NaN or infinite scores in a file's column, or None if it has none."""
    bad, rows = count_nonfinite(path, kind, column)
    if not bad:
        return None
    return CliError(f"{path}: column {column!r} holds {bad} NaN, missing or infinite scores "
                    f"(of {rows} rows); scores must be finite")


# --- the rule for "fits in memory" ---------------------------------------------------------

def available_memory() -> int:
    """Bytes of memory available: ``MemAvailable`` from ``/proc/meminfo``, else
    ``os.sysconf`` (available physical pages times the page size)."""
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return 0


def memory_needed(paths: list[str], kinds: dict[str, str]) -> int:
    """The rule's estimate: each file's size on disk times its format's expansion factor."""
    return int(sum(os.path.getsize(path) * EXPANSION[kinds[path]] for path in paths))


def size_text(n_bytes: float) -> str:
    """``n_bytes`` in KB, MB or GB (powers of 1024)."""
    for unit in ("bytes", "KB", "MB", "GB"):
        if n_bytes < 1024 or unit == "GB":
            return f"{n_bytes:.0f} {unit}" if unit == "bytes" else f"{n_bytes:.1f} {unit}"
        n_bytes /= 1024
    return ""   # pragma: no cover


def choose_route(args: argparse.Namespace, paths: list[str], kinds: dict[str, str]) -> str:
    """``"binned"`` with --bins, ``"dask"`` with --dask or when the data does not fit by the
    rule, else ``"memory"``; the rule is printed with --verbose."""
    needed = memory_needed(paths, kinds)
    available = available_memory()
    fits = needed <= MEMORY_SHARE * available
    formats = ", ".join(f"{kind} x{EXPANSION[kind]:g}" for kind in sorted(set(kinds.values())))
    rule = (f"{size_text(needed)} needed ({len(paths)} files on disk, times {formats}) "
            f"against {MEMORY_SHARE:.0%} of MemAvailable {size_text(available)}: "
            f"{'fits' if fits else 'does not fit'}")
    if args.bins is not None:
        route, why = "binned", f"--bins {args.bins}: memory is the bins, whatever the size"
    elif args.dask:
        route, why = "dask", "--dask"
    else:
        route, why = ("memory", rule) if fits else ("dask", rule)
    if args.verbose:
        print(f"evalcore: route {route}: {why}" + ("" if why == rule else f" ({rule})"),
              file=sys.stderr)
    return route


# --- progress ------------------------------------------------------------------------------

class Progress:
    """A one-line progress bar on stderr, only when stderr is a terminal and the work has
    lasted over a second; advanced per batch by the files' share of the bytes done."""

    def __init__(self, paths: list[str], passes: int = 1) -> None:
        sizes = {path: max(os.path.getsize(path), 1) for path in paths}
        self.before, running = {}, 0
        for path in paths:
            self.before[path] = running
            running += sizes[path]
        self.sizes, self.total, self.passes, self.pass_done = sizes, running * passes, passes, 0
        self.enabled = sys.stderr.isatty()
        self.start = self.last = time.monotonic()
        self.shown = False

    def next_pass(self) -> None:
        """The next pass over the files begins (--bins reads them twice)."""
        self.pass_done += 1

    def advance(self, path: str, share: float) -> None:
        """``share`` of file ``path`` is read."""
        now = time.monotonic()
        if not self.enabled or now - self.start < 1 or now - self.last < 0.2:
            return
        self.last, self.shown = now, True
        done = (self.pass_done * self.total / self.passes + self.before[path]
                + share * self.sizes[path]) / self.total
        bar = "#" * int(30 * done)
        sys.stderr.write(f"\revalcore: [{bar:<30}] {done:4.0%} {os.path.basename(path)[:30]:<30}")
        sys.stderr.flush()

    def close(self) -> None:
        """Clear the bar's line."""
        if self.shown:
            sys.stderr.write("\r" + " " * 80 + "\r")
            sys.stderr.flush()


# --- labels and scores, batch by batch -----------------------------------------------------

def positive_label(text: str | None, labels: np.ndarray) -> Any:
    """``--pos-label`` read as the labels' type (a number for numbers, a bool for bools)."""
    if text is None:
        return None
    if labels.dtype == bool:
        if text.lower() in ("true", "1"):
            return True
        if text.lower() in ("false", "0"):
            return False
        raise CliError(f"--pos-label {text!r} is not a boolean (true or false), as the labels")
    if labels.dtype.kind in "iuf":
        try:
            number = float(text)
        except ValueError:
            raise CliError(f"--pos-label {text!r} is not a number, as the labels") from None
        return int(number) if number.is_integer() and labels.dtype.kind in "iu" else number
    return text


class LabelCheck:
    """The labels seen so far in every file: more than two classes, or a second coding
    (``{0, 1}`` in one file, ``{-1, 1}`` in another), is an error naming file and column."""

    def __init__(self, column: str, pos_label: str | None) -> None:
        self.column, self.pos_text = column, pos_label
        self.seen: list[Any] = []

    def encode(self, path: str, labels: np.ndarray) -> np.ndarray:
        """The batch's labels as 0/1 (int8), checked with every label seen before."""
        pos = positive_label(self.pos_text, labels)
        name = f"column {self.column!r}"
        try:
            encoded = check_labels(labels, pos_label=pos, name=name)
            distinct = [value.item() if isinstance(value, np.generic) else value
                        for value in np.unique(labels)]
            self.seen += [value for value in distinct if value not in self.seen]
            check_labels(np.array(self.seen, dtype=labels.dtype), pos_label=pos, name=name)
        except (ValueError, TypeError) as exc:
            message = one_line(exc).replace("pos_label=...", "--pos-label V")
            raise CliError(f"{path}: {message}") from None
        return encoded

    def finish(self, n_pos: Any, n_neg: Any, paths: list[str]) -> None:
        """Both classes must be present in the data."""
        if not (n_pos and n_neg):
            where = paths[0] if len(paths) == 1 else f"{len(paths)} files ({paths[0]}, ...)"
            raise CliError(f"{where}: column {self.column!r} must hold two classes, got only "
                           f"{self.seen!r} ({n_pos} positive, {n_neg} negative rows)")


def finite_scores(path: str, kind: str, column: str, values: np.ndarray) -> np.ndarray:
    """The batch's scores checked finite and numeric; NaN or infinite ones are an error that
    counts them in the whole file."""
    if values.dtype == object:
        holes = any(value is None or (isinstance(value, float) and not math.isfinite(value))
                    for value in values)
    else:
        holes = values.dtype.kind in "fc" and not np.all(np.isfinite(values))
    if holes:
        error = nonfinite_error(path, kind, column)
        if error is not None:
            raise error
    try:
        return check_scores(values, f"column {column!r}")
    except (ValueError, TypeError) as exc:
        raise CliError(f"{path}: {one_line(exc)}") from None


# --- the three routes ----------------------------------------------------------------------

def evaluate_memory(args, paths, kinds, progress) -> dict[str, Any]:
    """The memory route: one ScoreCounts built batch by batch (rows kept for --compare)."""
    columns = [args.label, args.score] + ([args.compare] if args.compare else [])
    labels = LabelCheck(args.label, args.pos_label)
    counts = ScoreCounts.empty()
    kept: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    for path in paths:
        for batch in read_batches(path, kinds[path], columns, progress):
            score = finite_scores(path, kinds[path], args.score, batch[args.score])
            truth = labels.encode(path, batch[args.label])
            if args.compare:
                other = finite_scores(path, kinds[path], args.compare, batch[args.compare])
                kept.append((truth, score, other))
            else:
                counts.update(truth, score)
    if args.compare:
        truth, score, other = (np.concatenate(parts) for parts in zip(*kept)) if kept else \
            (np.empty(0, np.int8), np.empty(0), np.empty(0))
        counts = ScoreCounts.from_arrays(truth, score)
    labels.finish(counts.n_pos, counts.n_neg, paths)
    result = summary_from_counts(counts, args)
    if args.compare:
        result.update(comparison(delong_test(truth, score, other, level=args.level),
                                 roc_auc(truth, other)))
    return result


def summary_from_counts(counts: ScoreCounts, args) -> dict[str, Any]:
    """AUC, DeLong interval, AP, counts and curves of one exact summary."""
    result: dict[str, Any] = {"auc": roc_auc(counts), "average_precision": average_precision(counts),
                              "n_pos": counts.n_pos, "n_neg": counts.n_neg}
    if args.ci:
        interval = roc_auc_ci(counts, level=args.level, method="delong")
        result.update(ci_low=interval.low, ci_high=interval.high)
    if args.roc_csv or args.plot:
        fpr, tpr, thresholds = roc_curve(counts)[:3]
        result["roc"] = {"threshold": thresholds, "fpr": fpr, "tpr": tpr}
    if args.pr_csv or args.plot:
        precision, recall, thresholds = precision_recall_curve(counts)[:3]
        result["pr"] = {"threshold": np.append(thresholds, np.nan), "precision": precision,
                        "recall": recall}
    return result


def comparison(test, other_auc: float) -> dict[str, Any]:
    """The JSON fields of DeLong's paired test."""
    return {"auc_compare": other_auc, "difference": test.difference,
            "difference_low": test.low, "difference_high": test.high,
            "statistic": test.statistic, "p_value": test.pvalue}


def evaluate_binned(args, paths, kinds, progress) -> dict[str, Any]:
    """The binned route: a uniform sample of the scores places the quantile cut points (pass
    1), then the counts per bin (pass 2); the bounds contain the exact AUC."""
    rng = np.random.default_rng(0)
    sample, keys = np.empty(0), np.empty(0)
    for path in paths:      # bottom-k of random keys: a uniform sample without replacement
        for batch in read_batches(path, kinds[path], [args.score], progress):
            score = finite_scores(path, kinds[path], args.score, batch[args.score])
            keys = np.concatenate([keys, rng.random(score.shape[0])])
            sample = np.concatenate([sample, score.astype(np.float64)])
            if keys.shape[0] > SAMPLE_SIZE:
                keep = np.argpartition(keys, SAMPLE_SIZE)[:SAMPLE_SIZE]
                keys, sample = keys[keep], sample[keep]
    if progress:
        progress.next_pass()
    edges = score_bin_edges(sample, n_bins=args.bins) if sample.size else np.empty(0)
    binned = BinnedScoreCounts(edges)
    labels = LabelCheck(args.label, args.pos_label)
    for path in paths:
        for batch in read_batches(path, kinds[path], [args.label, args.score], progress):
            score = finite_scores(path, kinds[path], args.score, batch[args.score])
            binned.update(labels.encode(path, batch[args.label]), score)
    labels.finish(binned.n_pos, binned.n_neg, paths)
    bounds, ap_bounds = binned.auc(), binned.average_precision()
    result: dict[str, Any] = {
        "auc": bounds.estimate, "auc_lower": bounds.lower, "auc_upper": bounds.upper,
        "average_precision": ap_bounds.estimate, "average_precision_lower": ap_bounds.lower,
        "average_precision_upper": ap_bounds.upper, "n_pos": binned.n_pos,
        "n_neg": binned.n_neg, "n_bins": binned.n_bins}
    if args.ci:     # DeLong's interval of the binned AUC (each bin's scores read as ties)
        interval = roc_auc_ci(binned.counts, level=args.level, method="delong")
        result.update(ci_low=interval.low, ci_high=interval.high)
    lowest = binned.low       # a bin's point is exact at its lowest score
    if args.roc_csv or args.plot:
        fpr, tpr, thresholds = roc_curve(binned.counts)[:3]
        result["roc"] = {"threshold": bin_thresholds(thresholds, lowest), "fpr": fpr, "tpr": tpr}
    if args.pr_csv or args.plot:
        precision, recall, thresholds = precision_recall_curve(binned.counts)[:3]
        result["pr"] = {"threshold": np.append(bin_thresholds(thresholds, lowest), np.nan),
                        "precision": precision, "recall": recall}
    return result


def bin_thresholds(indices: np.ndarray, lowest: np.ndarray) -> np.ndarray:
    """Thresholds over bin indices as scores: each bin's lowest score (``inf`` kept)."""
    finite = np.isfinite(indices)
    scores = np.array(indices, dtype=np.float64)
    scores[finite] = lowest[indices[finite].astype(np.int64)]
    return scores


def evaluate_dask(args, paths, kinds, progress) -> dict[str, Any]:
    """The Dask route: :mod:`evalcore.dask_evaluation` on the files read by Dask."""
    try:
        import dask.dataframe as dd
        from .. import dask_evaluation as ecd
    except ImportError:
        raise CliError("the Dask route (--dask, or data that does not fit in memory) needs "
                       "Dask: pip install evalcore[dask]") from None
    columns = [args.label, args.score] + ([args.compare] if args.compare else [])
    frames = []
    for kind in ("parquet", "csv"):
        group = [path for path in paths if kinds[path] == kind]
        if group:
            read = dd.read_parquet if kind == "parquet" else dd.read_csv
            option = {"columns": columns} if kind == "parquet" else {"usecols": columns}
            frames.append(read(group, **option))
    frame = frames[0] if len(frames) == 1 else dd.concat(frames)
    label, score = frame[args.label], frame[args.score]
    dtype = label.dtype if isinstance(label.dtype, np.dtype) else np.dtype(object)
    pos = positive_label(args.pos_label, np.empty(0, dtype=dtype))
    bar = contextlib.nullcontext()
    if sys.stderr.isatty():     # Dask's own bar, for its local schedulers
        from dask.diagnostics import ProgressBar
        bar = ProgressBar(minimum=1, out=sys.stderr)
    with bar:
        try:
            classes = label.map_partitions(lambda part: part.value_counts().head(3),
                                           meta=(args.label, "int64"))
            counted = classes.compute().groupby(level=0).sum()     # at most 3 per partition
            labels = LabelCheck(args.label, args.pos_label)
            labels.encode(", ".join(paths) if len(paths) <= 3 else f"{len(paths)} files",
                          np.array(counted.index.tolist(), dtype=dtype))
            positive = 1 if pos is None else pos
            n_pos = int(sum(n for value, n in counted.items() if value == positive))
            n_neg = int(counted.sum()) - n_pos
            labels.finish(n_pos, n_neg, paths)
            result: dict[str, Any] = {"n_pos": n_pos, "n_neg": n_neg}
            if args.ci:
                interval = ecd.roc_auc_ci(label, score, level=args.level, pos_label=pos)
                result.update(auc=interval.auc, ci_low=interval.low, ci_high=interval.high)
            else:
                result["auc"] = ecd.roc_auc(label, score, pos_label=pos)
            result["average_precision"] = ecd.average_precision(label, score, pos_label=pos)
            if args.roc_csv or args.plot:
                roc = ecd.roc_curve(label, score, pos_label=pos)
                result["roc"] = {"threshold": roc.thresholds, "fpr": roc.fpr, "tpr": roc.tpr}
            if args.pr_csv or args.plot:
                pr = ecd.precision_recall_curve(label, score, pos_label=pos)
                result["pr"] = {"threshold": np.append(pr.thresholds, np.nan),
                                "precision": pr.precision, "recall": pr.recall}
            if args.compare:
                other = frame[args.compare]
                result.update(comparison(ecd.delong_test(label, score, other, level=args.level,
                                                         pos_label=pos),
                                         ecd.roc_auc(label, other, pos_label=pos)))
        except CliError:
            raise
        except (ValueError, TypeError, OSError) as exc:     # pyarrow's errors are ValueErrors
            for path in paths:          # name the file and count, if scores are not finite
                for column in columns[1:]:
                    error = nonfinite_error(path, kinds[path], column)
                    if error is not None:
                        raise error from None
            raise CliError(f"{', '.join(paths[:3])}{' ...' if len(paths) > 3 else ''}: "
                           f"{one_line(exc)}") from None
    return result


# --- output --------------------------------------------------------------------------------

def curve_csv(curve: dict[str, np.ndarray]) -> str:
    """A curve's columns as CSV text, floats written exactly (``repr``)."""
    names = list(curve)
    rows = [",".join(names)]
    for values in zip(*(curve[name] for name in names)):
        rows.append(",".join(repr(float(value)) for value in values))
    return "\n".join(rows) + "\n"


def write_png(path: str, result: dict[str, Any], title: str) -> None:
    """The ROC and PR curves side by side (matplotlib's Agg canvas, no global state)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    figure = Figure(figsize=(9, 4.2))
    FigureCanvasAgg(figure)
    roc_ax, pr_ax = figure.subplots(1, 2)
    roc_ax.plot(result["roc"]["fpr"], result["roc"]["tpr"], color="C0")
    roc_ax.plot([0, 1], [0, 1], color="0.6", linestyle=":")
    roc_ax.set(xlabel="False positive rate", ylabel="True positive rate", xlim=(0, 1),
               ylim=(0, 1.01), title=f"ROC, AUC = {result['auc']:.4f}")
    pr_ax.plot(result["pr"]["recall"], result["pr"]["precision"], color="C1",
               drawstyle="steps-pre")
    pr_ax.set(xlabel="Recall", ylabel="Precision", xlim=(0, 1), ylim=(0, 1.01),
              title=f"PR, AP = {result['average_precision']:.4f}")
    figure.suptitle(title)
    figure.savefig(path, format="png", dpi=100)


def write_outputs(args, result: dict[str, Any]) -> None:
    """Write every requested file to a temporary file beside it, then rename them all: on an
    error no output is left, complete or half-written."""
    jobs = [(name, writer) for name, writer in (
        (args.roc_csv, lambda path: _write_text(path, curve_csv(result["roc"]))),
        (args.pr_csv, lambda path: _write_text(path, curve_csv(result["pr"]))),
        (args.plot, lambda path: write_png(path, result, f"{args.score} ({args.label})")))
        if name]
    staged: list[tuple[str, str]] = []
    umask = os.umask(0)
    os.umask(umask)
    try:
        for name, writer in jobs:
            directory = os.path.dirname(os.path.abspath(name))
            try:
                handle, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(name)}.",
                                                     dir=directory)
            except OSError as exc:
                raise CliError(f"{name}: cannot be written "
                               f"({one_line(exc.strerror or exc)})") from None
            os.close(handle)
            staged.append((temporary, name))
            os.chmod(temporary, 0o666 & ~umask)      # mkstemp's 0600 -> as a new file
            writer(temporary)
        for temporary, name in staged:
            os.replace(temporary, name)
        staged = []
    finally:
        for temporary, _ in staged:
            if os.path.exists(temporary):
                os.remove(temporary)


def _write_text(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8") as stream:
        stream.write(text)


def plain(value: Any) -> Any:
    """A JSON value: ``nan`` becomes null, numpy scalars Python numbers."""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def report(args, result: dict[str, Any], paths: list[str], route: str) -> str:
    """The text printed on stdout: one JSON object with --json, else a few lines."""
    fields = {key: plain(value) for key, value in result.items() if key not in ("roc", "pr")}
    fields.update(route=route, files=len(paths), label=args.label, score=args.score)
    if args.ci:
        fields.update(ci="delong", level=args.level)
    if args.compare:
        fields["compare"] = args.compare
    if args.json:
        return json.dumps(fields)
    level = f"{args.level:.0%}" if (args.level * 100).is_integer() else f"{args.level:g}"
    lines = [f"{len(paths)} file{'s' if len(paths) > 1 else ''}, route {route}: "
             f"{result['n_pos']} positives, {result['n_neg']} negatives"]
    if route == "binned":
        lines.append(f"AUC ({result['n_bins']} bins)  {result['auc']:.6f}  "
                     f"(the exact AUC lies in [{result['auc_lower']:.6f}, "
                     f"{result['auc_upper']:.6f}])")
    else:
        lines.append(f"AUC  {result['auc']:.6f}")
    if args.ci:
        of = " of the binned AUC (bins as tied scores)" if route == "binned" else ""
        lines.append(f"     DeLong {level} interval{of}: [{result['ci_low']:.6f}, "
                     f"{result['ci_high']:.6f}]")
    bounds = (f"  (in [{result['average_precision_lower']:.6f}, "
              f"{result['average_precision_upper']:.6f}])" if route == "binned" else "")
    lines.append(f"AP   {result['average_precision']:.6f}{bounds}")
    if args.compare:
        lines.append(f"{args.compare}: AUC {result['auc_compare']:.6f}; difference "
                     f"{result['difference']:+.6f} ({level} interval [{result['difference_low']:.6f}, "
                     f"{result['difference_high']:.6f}]); DeLong's paired test p = "
                     f"{result['p_value']:.4g}")
    return "\n".join(lines)


# --- the parser and main -------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    """The ``evalcore`` argument parser (one command, ``auc``)."""
    parser = argparse.ArgumentParser(prog="evalcore", description="Evaluate a binary "
                                     "classifier's scores stored in parquet or CSV files.")
    parser.add_argument("--version", action="version", version=f"evalcore {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    auc = commands.add_parser("auc", help="exact ROC AUC, DeLong interval, AP and counts",
                              description="The exact ROC AUC of the scores in PATH... (or, "
                              "with --bins, the bounded one), DeLong's interval, average "
                              "precision and the counts.")
    auc.add_argument("paths", nargs="+", metavar="PATH", help="parquet or CSV files (globs too)")
    auc.add_argument("--label", required=True, metavar="COL", help="the true labels' column")
    auc.add_argument("--score", required=True, metavar="COL", help="the scores' column")
    auc.add_argument("--pos-label", metavar="V", help="the positive label (default: 1 or true "
                     "for labels {0, 1}, {-1, 1} or booleans)")
    auc.add_argument("--compare", metavar="COL", help="a second score column: DeLong's "
                     "paired test of the two AUCs")
    auc.add_argument("--ci", choices=["delong"], help="DeLong's confidence interval")
    auc.add_argument("--level", type=float, default=0.95, help="confidence level (0.95)")
    auc.add_argument("--bins", type=int, metavar="N", help="bounded AUC of N quantile bins "
                     "(memory: the bins)")
    auc.add_argument("--dask", action="store_true", help="compute on Dask whatever the size")
    auc.add_argument("--json", action="store_true", help="print one JSON object")
    auc.add_argument("--verbose", action="store_true", help="say which route and why (stderr)")
    auc.add_argument("--roc-csv", metavar="FILE", help="write the ROC curve as CSV")
    auc.add_argument("--pr-csv", metavar="FILE", help="write the precision-recall curve as CSV")
    auc.add_argument("--plot", metavar="FILE.png", help="draw both curves to a PNG file")
    return parser


def check_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Combinations argparse cannot check: usage errors (exit code 2)."""
    command = parser._subparsers._group_actions[0].choices["auc"]   # noqa: SLF001 - argparse
    if not 0 < args.level < 1:
        command.error(f"--level must be strictly between 0 and 1, got {args.level:g}")
    if args.bins is not None and args.bins < 2:
        command.error(f"--bins must be at least 2, got {args.bins}")
    if args.bins is not None and args.compare:
        command.error("--compare needs the rows (the paired test): not with --bins")
    if args.bins is not None and args.dask:
        command.error("--bins streams in memory whatever the size: not with --dask")
    if args.plot and not args.plot.lower().endswith(".png"):
        command.error(f"--plot writes a PNG file: its name must end with .png, got {args.plot!r}")


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code:
    0, 2 for any error (one line on stderr, nothing written)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        check_options(parser, args)
    except SystemExit as exc:       # argparse's usage errors (2) and --help (0)
        return exc.code if isinstance(exc.code, int) else 2
    progress = None
    try:
        paths = expand_paths(args.paths)
        kinds = {path: file_format(path) for path in paths}
        check_columns(paths, kinds, [args.label, args.score]
                      + ([args.compare] if args.compare else []))
        route = choose_route(args, paths, kinds)
        progress = Progress(paths, passes=2 if route == "binned" else 1)
        evaluate = {"memory": evaluate_memory, "dask": evaluate_dask,
                    "binned": evaluate_binned}[route]
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = evaluate(args, paths, kinds, progress)
        progress.close()
        for warning in caught:
            print(f"evalcore: warning: {one_line(warning.message)}", file=sys.stderr)
        write_outputs(args, result)
    except CliError as exc:
        if progress:
            progress.close()
        print(f"evalcore: error: {exc}", file=sys.stderr)
        return 2
    print(report(args, result, paths, route))
    return 0
