"""Execute chapter notebooks in place, so their stored outputs are the ones the tests check.

Authors run it after editing a chapter (``make notebooks``, or with paths to run only some).
This is the one execution the book, the lecture notebooks and the slides all render: the book
build does not execute (``execute_notebooks: "off"``), and ``make test`` checks that a fresh
run reproduces the stored outputs (tests/chapters/test_stored_outputs.py: numbers to a relative 1e-6,
figures as images, so a machine with other floating-point kernels passes too).

No timing metadata is recorded (it would change every cell on every run), and the kernel's own
display name is stored, so Jupyter does not mark a chapter modified when it opens it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def run(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}},
                            store_widget_state=True, record_timing=False)
    client.execute()
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)     # timestamps left by earlier runs
    notebook.metadata["kernelspec"] = dict(KERNELSPEC)
    nbformat.write(notebook, path)
    print(f"executed {path.relative_to(ROOT)}")


def main(argv: list[str]) -> int:
    paths = [Path(p).resolve() for p in argv] or sorted((ROOT / "chapters").glob("*.ipynb"))
    for path in paths:
        run(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
