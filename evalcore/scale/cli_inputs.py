"""The command line's inputs: the files, their format and columns, their rows batch by batch,
checked as they are read, and the route their size calls for.

What is learnt from the user's files, before or while a route evaluates them, is here; no
metric is computed here. :func:`evalcore.scale.cli.main` finds the files
(:func:`expand_paths`, :func:`file_format`, :func:`check_columns`), asks :func:`choose_route`
and starts a :class:`Progress`; the routes (:mod:`evalcore.scale.cli_routes`) read through
:func:`read_batches` and check each batch through :class:`LabelCheck` (two classes, one coding,
in every file; no rows at all is an empty file) and :func:`finite_scores` (finite numbers; NaN
or infinite scores are counted in the whole file by :func:`nonfinite_error`, and text names its
first value that is not a number and its row, :func:`text_score_error`). The cut falls at the rows: what the files hold and
how to read and check them is here, what a route computes from them is in ``cli_routes``, and
what is written is in ``cli_outputs``.

The rule for "fits in memory" (:func:`memory_needed`, :func:`available_memory`): the files'
size on disk times an expansion factor (:data:`EXPANSION`: 4 for parquet, whose columns are
compressed, 2 for CSV text, where a number takes about as many bytes as characters as it needs
in memory, sort included), against :data:`MEMORY_SHARE` (half) of the memory available
(``MemAvailable`` in ``/proc/meminfo``, else ``os.sysconf``). It overestimates (every column of
a file counts, not only the ones read), so Dask is chosen a little early rather than late;
``--dask`` forces it, ``--verbose`` prints the rule's numbers on stderr.
"""

from __future__ import annotations

import argparse
import glob
import math
import os
import sys
import time
from collections.abc import Iterator
from typing import Any

import numpy as np

from ..core.validation import check_labels, check_scores, label_classes, shown
from .cli_errors import CliError, one_line

#: Bytes in memory per byte on disk, by format: the rule's expansion factor (see above).
EXPANSION = {"parquet": 4.0, "csv": 2.0}
#: The share of the available memory the in-memory route may plan to use.
MEMORY_SHARE = 0.5
#: Rows per batch read (pyarrow batch, pandas chunk).
BATCH_ROWS = 1 << 20
PARQUET_SUFFIXES = (".parquet", ".parq", ".pq")
CSV_SUFFIXES = (".csv", ".csv.gz", ".csv.bz2", ".csv.zip", ".csv.xz")


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
    """The named columns of one file as numpy arrays, a batch of rows at a time (never a
    batch of no rows: an empty file yields nothing)."""
    try:
        if kind == "parquet":
            import pyarrow.parquet as pq
            parquet = pq.ParquetFile(path)
            total, done = max(parquet.metadata.num_rows, 1), 0
            for batch in parquet.iter_batches(batch_size=BATCH_ROWS, columns=columns):
                done += batch.num_rows
                if progress:
                    progress.advance(path, done / total)
                if batch.num_rows:
                    yield {name: batch.column(name).to_numpy(zero_copy_only=False)
                           for name in columns}
            return
        import pandas as pd
        size = max(os.path.getsize(path), 1)
        with open(path, "rb") as stream:
            for chunk in pd.read_csv(stream, usecols=columns, chunksize=BATCH_ROWS):
                if progress:
                    progress.advance(path, min(stream.tell() / size, 1.0))
                if len(chunk):
                    yield {name: chunk[name].to_numpy() for name in columns}
    except CliError:
        raise
    except Exception as exc:
        raise CliError(f"{path}: not a readable {kind} file ({type(exc).__name__}: "
                       f"{one_line(exc)})") from None


def _missing_score(value: Any) -> bool:
    """Whether one value of an object column is no score: None, NaN or infinite."""
    return value is None or (isinstance(value, float) and not math.isfinite(value))


def count_nonfinite(path: str, kind: str, column: str) -> tuple[int, int]:
    """``(non-finite scores, rows)`` in one file's column, read batch by batch."""
    bad = rows = 0
    for batch in read_batches(path, kind, [column]):
        values = batch[column]
        rows += values.shape[0]
        if values.dtype.kind in "fc":
            bad += int(np.count_nonzero(~np.isfinite(values)))
        elif values.dtype == object:
            bad += sum(map(_missing_score, values))
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
    (``{0, 1}`` in one file, ``{-1, 1}`` in another), is an error naming file and column.
    A batch of no rows (an empty file) adds nothing; data with no rows at all is an error
    that says the files are empty (:meth:`finish`)."""

    def __init__(self, column: str, pos_label: str | None) -> None:
        self.column, self.pos_text = column, pos_label
        self.seen: list[Any] = []

    def encode(self, path: str, labels: np.ndarray) -> np.ndarray:
        """The batch's labels as 0/1 (int8), checked with every label seen before."""
        if labels.shape[0] == 0:
            return np.empty(0, dtype=np.int8)
        pos = positive_label(self.pos_text, labels)
        name = f"column {self.column!r}"
        try:
            encoded = check_labels(labels, pos_label=pos, name=name)
            new = [value for value in label_classes(labels).tolist() if value not in self.seen]
            if new:             # the labels of every file so far: still one coding?
                self.seen += new
                check_labels(np.array(self.seen, dtype=labels.dtype), pos_label=pos, name=name)
        except (ValueError, TypeError) as exc:
            message = one_line(exc).replace("pos_label=...", "--pos-label V")
            raise CliError(f"{path}: {message}") from None
        return encoded

    def finish(self, n_pos: Any, n_neg: Any, paths: list[str]) -> None:
        """The data must have rows, and both classes among them."""
        where = paths[0] if len(paths) == 1 else f"{len(paths)} files ({paths[0]}, ...)"
        if not (n_pos or n_neg):
            empty = "the file is empty" if len(paths) == 1 else "every file is empty"
            raise CliError(f"{where}: no rows to evaluate ({empty})")
        if not (n_pos and n_neg):
            raise CliError(f"{where}: column {self.column!r} must hold two classes, got only "
                           f"{self.seen!r} ({n_pos} positive, {n_neg} negative rows)")


def finite_scores(path: str, kind: str, column: str, values: np.ndarray) -> np.ndarray:
    """The batch's scores checked finite and numeric; NaN or infinite ones are an error that
    counts them in the whole file."""
    if values.dtype == object:
        holes = any(map(_missing_score, values))
    else:
        holes = values.dtype.kind in "fc" and not np.all(np.isfinite(values))
    if holes:
        error = nonfinite_error(path, kind, column)
        if error is not None:
            raise error
    try:
        return check_scores(values, f"column {column!r}")
    except (ValueError, TypeError) as exc:
        error = text_score_error(path, kind, column) if values.dtype == object else None
        raise (error or CliError(f"{path}: {one_line(exc)}")) from None


def _is_number(value: Any) -> bool:
    """Whether one value of an object column is a real number (not a bool, not text)."""
    return isinstance(value, (int, float, np.integer, np.floating)) and \
        not isinstance(value, (bool, np.bool_))


def text_score_error(path: str, kind: str, column: str) -> CliError | None:
    """The error for a score column of text: its first value that cannot be read as a number
    and that value's row (counted from 1, below a CSV's header), else its first number written
    as text; None if every value is a number."""
    row, as_text = 0, None
    for batch in read_batches(path, kind, [column]):
        values = batch[column]
        if values.dtype == object:
            for offset, value in enumerate(values):
                if _is_number(value):
                    continue
                try:
                    float(value)
                except (TypeError, ValueError):
                    return CliError(f"{path}: column {column!r} must hold numbers, but row "
                                    f"{row + offset + 1}{_below(kind)} holds "
                                    f"{_cut(shown(value))}, which is not a number (the first "
                                    f"such row)")
                if as_text is None:
                    as_text = (row + offset + 1, value)
        row += values.shape[0]
    if as_text is None:
        return None
    return CliError(f"{path}: column {column!r} must hold numbers, but holds numbers written "
                    f"as text (row {as_text[0]}{_below(kind)}: {_cut(shown(as_text[1]))}); "
                    f"store the scores as numbers")


def _below(kind: str) -> str:
    return " below the header" if kind == "csv" else ""


def _cut(text: str) -> str:
    """A value's text cut to 40 characters."""
    return text if len(text) <= 40 else text[:37] + "..."
