"""The command line's output files: the curves as CSV (``--roc-csv``, ``--pr-csv``) and drawn
to a PNG (``--plot``), written all or none.

:func:`check_outputs` checks every output path before any input is read (a directory, a
missing or read-only folder, two outputs on one file, an output on an input: one line naming
the option and the rule); :func:`write_outputs` writes every requested file to a temporary
file beside it and renames them all once every one is complete, so an error leaves no new
output, complete or half-written, and no temporary file.
The cut: whatever touches the user's output paths is here and nowhere else; the result it
writes comes from a route (:mod:`evalcore.scale.cli_routes`), and the text printed on stdout
(the report, plain or ``--json``) stays with the program, :mod:`evalcore.scale.cli`.
"""

from __future__ import annotations

import os
import tempfile
from typing import Any

import numpy as np

from .cli_errors import CliError, one_line


def curve_csv(curve: dict[str, np.ndarray]) -> str:
    """A curve's columns as CSV text, floats written exactly (``repr``: the shortest text
    that reads back as the same float64)."""
    names = list(curve)
    columns = [np.asarray(curve[name]).astype(np.float64).tolist() for name in names]
    rows = [",".join(names)]
    rows += [",".join(map(repr, values)) for values in zip(*columns)]
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


#: The output options (attribute, option, a file name for the messages), in the order they are
#: checked and written.
OUTPUT_OPTIONS = (("roc_csv", "--roc-csv", "roc.csv"), ("pr_csv", "--pr-csv", "pr.csv"),
                  ("plot", "--plot", "curves.png"))


def requested_outputs(args) -> list[tuple[str, str]]:
    """``(option, path)`` of every output asked for."""
    return [(option, getattr(args, name)) for name, option, _ in OUTPUT_OPTIONS
            if getattr(args, name)]


def check_outputs(args, inputs: list[str]) -> None:
    """Every output path checked before any work, so that a run that would fail to write
    fails at once, with one line naming the option and the rule: not a directory, in a folder
    that exists and may be written, not an existing file that may not be, not the path of
    another output nor of an input."""
    taken = {os.path.realpath(path): f"input file {path}" for path in inputs}
    for option, path in requested_outputs(args):
        folder = os.path.dirname(os.path.abspath(path))
        if os.path.isdir(path):
            example = next(name for _, flag, name in OUTPUT_OPTIONS if flag == option)
            raise CliError(f"{option} {path}: is a directory; name a file (for example "
                           f"{os.path.join(path, example)})")
        if not os.path.isdir(folder):
            raise CliError(f"{option} {path}: its folder {folder} does not exist")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise CliError(f"{option} {path}: its folder {folder} is not writable")
        if os.path.exists(path) and not os.access(path, os.W_OK):
            raise CliError(f"{option} {path}: exists and is not writable")
        real = os.path.realpath(path)
        if real in taken:
            raise CliError(f"{option} {path}: is the same file as the {taken[real]}; every "
                           f"output needs a file of its own")
        taken[real] = f"{option} {path}"


def write_outputs(args, result: dict[str, Any]) -> None:
    """Write every requested file to a temporary file beside it, then rename them all
    (``os.replace``): on an error no new output is left, complete or half-written, and no
    temporary file."""
    writers = {"--roc-csv": lambda path: _write_text(path, curve_csv(result["roc"])),
               "--pr-csv": lambda path: _write_text(path, curve_csv(result["pr"])),
               "--plot": lambda path: write_png(path, result, f"{args.score} ({args.label})")}
    staged: list[tuple[str, str, str]] = []
    placed: list[str] = []
    umask = os.umask(0)
    os.umask(umask)
    option = name = ""
    try:
        for option, name in requested_outputs(args):
            handle, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(name)}.",
                                                 dir=os.path.dirname(os.path.abspath(name)))
            os.close(handle)
            staged.append((temporary, name, option))
            os.chmod(temporary, 0o666 & ~umask)      # mkstemp's 0600 -> as a new file
            writers[option](temporary)
        for temporary, name, option in staged:
            existed = os.path.exists(name)
            os.replace(temporary, name)
            if not existed:
                placed.append(name)
        staged = []
    except OSError as exc:
        for new_file in placed:      # a rename failed after others: take the new files back
            os.remove(new_file)
        raise CliError(f"{option} {name}: cannot be written "
                       f"({one_line(exc.strerror or exc)})") from None
    finally:
        for temporary, _, _ in staged:
            if os.path.exists(temporary):
                os.remove(temporary)


def _write_text(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8") as stream:
        stream.write(text)
