"""The ``evalcore`` command line: the exact AUC of scored files, with DeLong's interval.

``evalcore auc PATH... --label COL --score COL`` reads parquet or CSV files (globs are
expanded here too, for shells that do not), and prints the exact ROC AUC, its DeLong interval
(``--ci delong``), average precision and the counts; ``--compare COL`` adds DeLong's paired test
against a second score column; ``--bins N`` gives the bounded AUC of N bins (lower, upper,
midpoint) in the memory of N bins; ``--json`` prints one JSON object; ``--roc-csv``,
``--pr-csv`` and ``--plot`` write the curves, at most ``--max-points`` exact points of each,
chosen by one rule on every route (:mod:`~evalcore.scale.curve_thinning`).

Three routes, each stated in the output (``route``): ``memory`` (one
:class:`~evalcore.ScoreCounts` built batch by batch: memory holds the distinct scores, not the
rows), ``dask`` (:mod:`evalcore.dask_evaluation` on the files read by ``dask.dataframe``) and
``binned`` (``--bins``: two streaming passes, memory is the number of bins). Dask is chosen when
the files do not fit in memory by a stated rule (the files' size on disk times an expansion
factor, against half the memory available); ``--dask`` forces it, ``--verbose`` prints the
rule's numbers on stderr.

Errors (a missing or unreadable file, a missing column, NaN or infinite scores, labels that
are not two classes, an output path that cannot be written, checked before any input is read)
are one line on stderr, exit code 2, and no output file: every output is written to a
temporary file beside it and renamed once all are complete. Warnings: evalcore's own are
printed each; other libraries' (Dask's reader warns once per partition) as one line, or with
``--verbose`` each distinct one once.

The program in five modules, cut where its data changes hands: this one holds what the user
types and reads (the parser, the checks of option combinations, :func:`main` and the report
on stdout); :mod:`~evalcore.scale.cli_inputs` the files (formats, columns, batches, checks of
labels and scores, the rule that chooses the route, the progress bar);
:mod:`~evalcore.scale.cli_routes` the three routes, which turn the files into one result;
:mod:`~evalcore.scale.cli_outputs` the files written from that result; and
:mod:`~evalcore.scale.cli_errors` the one error all of them raise.

See Also
--------
evalcore.ScoreCounts : the summary the memory route builds.
evalcore.dask_evaluation : the Dask route.
evalcore.BinnedScoreCounts : the binned route.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import warnings
from typing import Any

import numpy as np

from .. import __version__
from .cli_errors import CliError, one_line
from .cli_inputs import (EXPANSION, MEMORY_SHARE, Progress, check_columns, choose_route,
                         expand_paths, file_format)
from .cli_outputs import check_outputs, write_outputs
from .cli_routes import evaluate_binned, evaluate_dask, evaluate_memory
from .curve_thinning import DEFAULT_MAX_POINTS


# --- the report on stdout ------------------------------------------------------------------

def plain(value: Any) -> Any:
    """A JSON value: ``nan`` becomes null, numpy scalars Python numbers."""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def p_value_text(p_value: float) -> str:
    """``p = 0.0123``, or ``p < 1e-300`` for a p-value that underflowed to 0 (its normal tail
    is computed as a tail, so 0 means below the smallest double, about 5e-324)."""
    return "p < 1e-300" if p_value == 0 else f"p = {p_value:.4g}"


def report(args, result: dict[str, Any], paths: list[str], route: str) -> str:
    """The text printed on stdout: one JSON object with --json, else a few lines."""
    fields = {key: plain(value) for key, value in result.items() if key not in ("roc", "pr")}
    fields.update(route=route, files=len(paths), label=args.label, score=args.score)
    if args.ci:
        fields.update(ci="delong", level=args.level)
    difference_of = f"AUC({args.score}) - AUC({args.compare})"
    if args.compare:
        fields.update(compare=args.compare, difference_of=difference_of)
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
        lines.append(f"AUC  {result['auc']:.6f}" + (f"  ({args.score})" if args.compare else ""))
    if args.ci:
        of = " of the binned AUC (bins as tied scores)" if route == "binned" else ""
        lines.append(f"     DeLong {level} interval{of}: [{result['ci_low']:.6f}, "
                     f"{result['ci_high']:.6f}]")
    bounds = (f"  (in [{result['average_precision_lower']:.6f}, "
              f"{result['average_precision_upper']:.6f}])" if route == "binned" else "")
    lines.append(f"AP   {result['average_precision']:.6f}{bounds}")
    if args.compare:
        lines.append(f"AUC  {result['auc_compare']:.6f}  ({args.compare}, --compare)")
        lines.append(f"{difference_of} = {result['difference']:+.6f} ({level} interval "
                     f"[{result['difference_low']:+.6f}, {result['difference_high']:+.6f}]); "
                     f"DeLong's paired test {p_value_text(result['p_value'])}")
    return "\n".join(lines)


# --- warnings ------------------------------------------------------------------------------

EVALCORE_DIRECTORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def is_own_warning(warning: warnings.WarningMessage) -> bool:
    """Whether evalcore raised the warning (its own category, or a line of evalcore's)."""
    return (warning.category.__module__.split(".")[0] == "evalcore"
            or os.path.abspath(warning.filename).startswith(EVALCORE_DIRECTORY + os.sep))


def warning_source(filename: str) -> str:
    """The library a warning came from: the folder after ``site-packages`` in its file's
    path, else the file's name."""
    parts = os.path.abspath(filename).split(os.sep)
    for marker in ("site-packages", "dist-packages"):
        if marker in parts and parts.index(marker) + 1 < len(parts):
            return parts[parts.index(marker) + 1].removesuffix(".py")
    return os.path.basename(filename)


def show_warnings(caught: list[warnings.WarningMessage], verbose: bool) -> None:
    """evalcore's warnings on stderr, each; other libraries' (Dask's reader may warn once per
    partition) as one line, or with ``verbose`` each distinct one once."""
    others: dict[str, int] = {}
    for warning in caught:
        if is_own_warning(warning):
            print(f"evalcore: warning: {one_line(warning.message)}", file=sys.stderr)
            continue
        text = (f"{warning_source(warning.filename)}: {warning.category.__name__}: "
                f"{one_line(warning.message)}")
        others[text] = others.get(text, 0) + 1
    if verbose:
        for text, times in others.items():
            print(f"evalcore: warning from {text}" + (f" ({times} times)" if times > 1 else ""),
                  file=sys.stderr)
    elif others:
        (text, times), kinds = next(iter(others.items())), len(others)
        more = f" ({times} times)" if times > 1 else ""
        if kinds > 1:
            more = (f" (and {kinds - 1} other warning{'s' if kinds > 2 else ''} from other "
                    f"libraries, {sum(others.values())} in all: --verbose lists each once)")
        print(f"evalcore: warning from {text}{more}", file=sys.stderr)


# --- the parser and main -------------------------------------------------------------------

# The help's epilogs, printed as written (RawDescriptionHelpFormatter): under 80 columns.
EXIT_CODES = """exit codes:
  0  done (and --help, --version)
  2  a usage error, a bad input or output: one line on stderr, no file written
  1  an unexpected error (a Python traceback: please report it)"""

PROGRAM_EPILOG = f"""examples:
  evalcore auc 'scored/*.parquet' --label y --score p --ci delong
  evalcore auc scored.csv --label y --score p_new --compare p_old --json
  evalcore auc 'scored/*.parquet' --label y --score p --roc-csv roc.csv

{EXIT_CODES}

evalcore auc --help: the options, the routes, the curves and the JSON fields."""

_PARQUET, _CSV, _DEFAULT = EXPANSION["parquet"], EXPANSION["csv"], DEFAULT_MAX_POINTS
AUC_EPILOG = f"""routes (the output says which ran):
  memory  when the files fit: their size on disk times {_PARQUET:g} (parquet) or {_CSV:g} (CSV)
          is at most {MEMORY_SHARE:.0%} of the memory available (MemAvailable); memory
          holds the distinct scores, not the rows (--compare keeps the rows)
  dask    with --dask, or when they do not fit (pip install evalcore[dask])
  binned  with --bins N: bounds on the AUC and AP in the memory of N bins
  --verbose prints the rule's numbers.

curves (--roc-csv, --pr-csv, --plot; the same points on every route):
  roc.csv  threshold,fpr,tpr: first the row inf,0.0,0.0, thresholds decreasing
  pr.csv   threshold,precision,recall: thresholds increasing, then a last row
           with no threshold, precision 1, recall 0
  A curve of at most N points (--max-points N, {_DEFAULT} unless given) is written
  whole. A longer one keeps its first and last points and, between them, the
  first point past each 2/(N-1) of its length FPR+TPR: at most N points, each
  an exact point of the curve. --max-points all writes every point.

--json fields: route, files, label, score, n_pos, n_neg, auc,
  average_precision; --ci: ci, level, ci_low, ci_high; --compare: compare,
  auc_compare, difference, difference_of (which AUC minus which),
  difference_low, difference_high, statistic, p_value (0.0 when it underflows,
  below about 5e-324; printed p < 1e-300); --bins: n_bins, auc_lower,
  auc_upper, average_precision_lower, average_precision_upper.

examples:
  evalcore auc 'scored/*.parquet' --label y --score p --ci delong
  evalcore auc scored.csv --label y --score p_new --compare p_old --json
  evalcore auc 'big/*.parquet' --label y --score p --bins 200
  evalcore auc 'scored/*.parquet' --label y --score p --roc-csv roc.csv \\
      --pr-csv pr.csv --max-points all

{EXIT_CODES}"""


def max_points_option(text: str) -> int | None:
    """``--max-points``: an integer of at least 2, or ``all`` (``None``: every point)."""
    if text.lower() == "all":
        return None
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 2:
        raise argparse.ArgumentTypeError(f"must be an integer of at least 2, or all; got "
                                         f"{text!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The ``evalcore`` argument parser (one command, ``auc``)."""
    parser = argparse.ArgumentParser(prog="evalcore", description="Evaluate a binary "
                                     "classifier's scores stored in parquet or CSV files.",
                                     epilog=PROGRAM_EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"evalcore {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    auc = commands.add_parser("auc", help="exact ROC AUC, DeLong interval, AP and counts",
                              description="The exact ROC AUC of the scores in PATH... (or, "
                              "with --bins, the bounded one),\nDeLong's interval, average "
                              "precision and the counts.", epilog=AUC_EPILOG,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    auc.add_argument("paths", nargs="+", metavar="PATH", help="parquet or CSV files (globs too)")
    auc.add_argument("--label", required=True, metavar="COL", help="the true labels' column")
    auc.add_argument("--score", required=True, metavar="COL", help="the scores' column")
    auc.add_argument("--pos-label", metavar="V", help="the positive label (default: 1 or true "
                     "for labels {0, 1}, {-1, 1} or booleans)")
    auc.add_argument("--compare", metavar="COL", help="a second score column: DeLong's "
                     "paired test of AUC(score) - AUC(compare)")
    auc.add_argument("--ci", choices=["delong"], help="DeLong's confidence interval")
    auc.add_argument("--level", type=float, default=0.95, help="confidence level (0.95)")
    auc.add_argument("--bins", type=int, metavar="N", help="bounded AUC of N quantile bins "
                     "(memory: the bins)")
    auc.add_argument("--dask", action="store_true", help="compute on Dask whatever the size")
    auc.add_argument("--json", action="store_true", help="print one JSON object")
    auc.add_argument("--verbose", action="store_true", help="say which route and why, and "
                     "list other libraries' warnings (stderr)")
    auc.add_argument("--roc-csv", metavar="FILE", help="write the ROC curve as CSV")
    auc.add_argument("--pr-csv", metavar="FILE", help="write the precision-recall curve as CSV")
    auc.add_argument("--plot", metavar="FILE.png", help="draw both curves to a PNG file")
    auc.add_argument("--max-points", type=max_points_option, default=DEFAULT_MAX_POINTS,
                     metavar="N", help=f"at most N points of each curve written "
                     f"({DEFAULT_MAX_POINTS}; all: every point)")
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
        check_outputs(args, paths)
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
        show_warnings(caught, args.verbose)
        write_outputs(args, result)
    except CliError as exc:
        if progress:
            progress.close()
        print(f"evalcore: error: {exc}", file=sys.stderr)
        return 2
    print(report(args, result, paths, route))
    return 0
