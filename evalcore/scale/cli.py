"""The ``evalcore`` command line: the exact AUC of scored files, with DeLong's interval.

``evalcore auc PATH... --label COL --score COL`` reads parquet or CSV files (globs are
expanded here too, for shells that do not), and prints the exact ROC AUC, its DeLong interval
(``--ci delong``), average precision and the counts; ``--compare COL`` adds DeLong's paired test
against a second score column; ``--bins N`` gives the bounded AUC of N bins (lower, upper,
midpoint) in the memory of N bins; ``--json`` prints one JSON object; ``--roc-csv``,
``--pr-csv`` and ``--plot`` write the curves.

Three routes, each stated in the output (``route``): ``memory`` (one
:class:`~evalcore.ScoreCounts` built batch by batch: memory holds the distinct scores, not the
rows), ``dask`` (:mod:`evalcore.dask_evaluation` on the files read by ``dask.dataframe``) and
``binned`` (``--bins``: two streaming passes, memory is the number of bins). Dask is chosen when
the files do not fit in memory by a stated rule (the files' size on disk times an expansion
factor, against half the memory available); ``--dask`` forces it, ``--verbose`` prints the
rule's numbers on stderr.

Errors (a missing or unreadable file, a missing column, NaN or infinite scores, labels that
are not two classes, an unwritable output) are one line on stderr, exit code 2, and no output
file: every output is written to a temporary file beside it and renamed once all are complete.

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
import sys
import warnings
from typing import Any

import numpy as np

from .. import __version__
from .cli_errors import CliError, one_line
from .cli_inputs import Progress, check_columns, choose_route, expand_paths, file_format
from .cli_outputs import write_outputs
from .cli_routes import evaluate_binned, evaluate_dask, evaluate_memory


# --- the report on stdout ------------------------------------------------------------------

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
