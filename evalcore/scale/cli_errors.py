"""The command line's one error and its one line.

:class:`CliError` is a problem with the user's input or output files;
:func:`evalcore.scale.cli.main` prints it as one line on stderr (``evalcore: error: ...``) and
returns exit code 2. :func:`one_line` folds a library's message (pyarrow's, pandas', an
``OSError``'s) onto that line.

A module of its own because every part of the command line raises the error (its inputs,
:mod:`~evalcore.scale.cli_inputs`; its routes, :mod:`~evalcore.scale.cli_routes`; its outputs,
:mod:`~evalcore.scale.cli_outputs`) and the program that prints it, :mod:`evalcore.scale.cli`,
imports them all: below them, it has one home that none of them imports a sibling for.
"""

from __future__ import annotations

from typing import Any


class CliError(Exception):
    """A problem with the user's input: printed as one line, exit code 2."""


def one_line(message: Any) -> str:
    """``message`` on one line (an error from a library may hold several)."""
    return " ".join(str(message).split())
