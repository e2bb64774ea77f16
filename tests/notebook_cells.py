"""Reading a chapter notebook's cells, shared by the tests of the chapters' form and numbers
(import them, don't copy them)."""

from __future__ import annotations

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
