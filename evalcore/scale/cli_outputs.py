"""The command line's output files: the curves as CSV (``--roc-csv``, ``--pr-csv``) and drawn
to a PNG (``--plot``), written all or none.

:func:`write_outputs` writes every requested file to a temporary file beside it and renames
them all once every one is complete, so an error leaves no output, complete or half-written.
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
