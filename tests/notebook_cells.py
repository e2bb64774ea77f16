"""Reading a chapter notebook's cells and the values it glued, shared by the tests of the
chapters' form and numbers (import them, don't copy them)."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

#: A fenced Python block in a markdown cell (a solution's shown code), its code as group 1.
FENCE = re.compile(r"^```python\n(.*?)^```$", re.S | re.M)
#: A line of code that checks rather than teaches.
ASSERTION = re.compile(r"^\s*(assert\b|np\.testing\.assert)")


def cells(path: Path) -> list[dict]:
    """The notebook's cells, as stored."""
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def tags(cell: dict) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def prose(path: Path) -> str:
    """The text of every markdown cell, its whitespace collapsed to single spaces."""
    return " ".join(" ".join(source(c) for c in cells(path)
                             if c["cell_type"] == "markdown").split())


#: The MIME types under which myst-nb's ``glue`` stores a value in a cell's output.
GLUE_TEXT = "application/papermill.record/text/plain"
GLUE_FIGURE = "application/papermill.record/image/png"


def glued(path: Path) -> dict:
    """Every value the stored notebook glued as text, by key, as the book shows it.

    A value is read back with ``ast.literal_eval`` where its text is a Python literal (numbers,
    strings, booleans, tuples ...) and left as its text otherwise; glued figures are left out.
    These are the stored outputs, computed on the machine that last ran the notebook: compare
    a stored float with a fresh computation to the tolerance of ``stored_outputs``.
    """
    values = {}
    for cell in cells(path):
        if cell["cell_type"] != "code":
            continue
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            key = output.get("metadata", {}).get("scrapbook", {}).get("name")
            text = data.get(GLUE_TEXT)
            if key is None or text is None or GLUE_FIGURE in data:
                continue
            text = "".join(text) if isinstance(text, list) else text    # nbformat may split it
            try:
                values[key] = ast.literal_eval(text)
            except (ValueError, SyntaxError):
                values[key] = text
    return values


def glued_names(path: Path) -> set[str]:
    """The key of every output the stored notebook glued, figures included."""
    return {output["metadata"]["scrapbook"]["name"]
            for cell in cells(path) if cell["cell_type"] == "code"
            for output in cell.get("outputs", [])
            if output.get("metadata", {}).get("scrapbook", {}).get("name")}
