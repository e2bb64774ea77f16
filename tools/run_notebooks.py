"""Execute chapter notebooks in place, so their stored outputs are the ones nbval checks.

Authors run it after editing a chapter (``make notebooks``, or with paths to run only some);
the book build executes the chapters again on its own.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent


def run(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}},
                            store_widget_state=True)
    client.execute()
    nbformat.write(notebook, path)
    print(f"executed {path.relative_to(ROOT)}")


def main(argv: list[str]) -> int:
    paths = [Path(p).resolve() for p in argv] or sorted((ROOT / "chapters").glob("*.ipynb"))
    for path in paths:
        run(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
