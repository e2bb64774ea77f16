"""The library's layout, as the guide sets it: modules by concept, one core used openly.

* no module imports a private (underscore) name from another module of evalcore: what the
  core shares (``core.validation``, ``core.ranking``, the metrics' ``*_from_groups`` kernels,
  ``stats.resampling``, the widget kit) has a public name;
* no module is over 600 lines: a module that grows past it is cut by concept, whatever its
  docstring says;
* the concept folders are layers, ``core``, ``stats``, ``calibration``, ``decisions``, ``scale``:
  a module imports from its own folder, an earlier one or ``reference`` (which imports nothing
  from evalcore), never from a later folder (the command line, in ``scale``, also uses the
  public top level);
* no circle of imports among evalcore's modules, counting the imports inside functions (an
  import deferred to call time is still a dependency) but not those under ``TYPE_CHECKING``;
* no free function takes ``self``: a method is written in its class (or a base class), not
  bound into a class body from another module;
* no test names the issue that asked for it;
* the JavaScript in ``evalcore/`` is generated (the esbuild bundles of ``js/src``) and says so;
  the hand-written modules in ``js/src`` stay under 600 lines (tests/test_js_bundle.py).
"""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "evalcore"
MODULES = sorted(PACKAGE.rglob("*.py"))
LONG = 600


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_private_name_is_imported_across_modules(path):
    tree = ast.parse(path.read_text())
    private = [f"from {'.' * node.level}{node.module or ''} import {alias.name}"
               for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
               and (node.level > 0 or (node.module or "").startswith("evalcore"))
               for alias in node.names if alias.name.startswith("_")
               and not alias.name.startswith("__")]
    assert not private, private


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_is_over_600_lines(path):
    lines = len(path.read_text().splitlines())
    assert lines <= LONG, f"{lines} lines: cut it by concept into modules of at most {LONG}"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULE_NAMES = {module_name(path): path for path in MODULES}


def evalcore_imports(path: Path) -> set[str]:
    """The evalcore modules ``path`` imports, anywhere in it (in functions too), except under
    ``if TYPE_CHECKING:``. ``from . import x`` counts as importing the module ``x`` when there
    is one, and ``from .m import name`` as importing ``m``."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and (
                getattr(node.test, "id", None) == "TYPE_CHECKING"
                or getattr(node.test, "attr", None) == "TYPE_CHECKING"):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                submodule = f"{module}.{alias.name}"
                found.add(submodule if submodule in MODULE_NAMES else module)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text()))
    return {module for module in found if module in MODULE_NAMES and module != name}


def test_the_reading_of_imports_sees_what_it_should():
    """The reader itself, on imports it must see: relative from a sibling and from a parent
    package, of a module by name, and inside a function."""
    assert {"evalcore.core.validation", "evalcore.core.confusion"} <= evalcore_imports(
        PACKAGE / "decisions" / "costs.py")                 # the second inside a function
    assert "evalcore.dask_evaluation" in evalcore_imports(     # "from .. import dask_evaluation"
        PACKAGE / "scale" / "cli_routes.py")
    assert "evalcore.core.ranking" in evalcore_imports(PACKAGE / "core" / "curves.py")
    assert "evalcore.stats.delong" in evalcore_imports(PACKAGE / "dask_evaluation.py")


LAYERS = ("core", "stats", "calibration", "decisions", "scale")


def layer(module: str) -> int | None:
    """The position of ``module``'s folder in LAYERS, or None for a module outside them."""
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 2 and parts[1] in LAYERS else None


def test_the_folders_are_layers():
    assert layer("evalcore.core.ranking") == 0 and layer("evalcore.scale.cli") == 4
    assert layer("evalcore.dask_evaluation") is None
    assert not evalcore_imports(PACKAGE / "reference.py")
    later = [f"{name} imports {dependency}"
             for name, path in MODULE_NAMES.items() if layer(name) is not None
             for dependency in evalcore_imports(path)
             if dependency != "evalcore.reference"
             and (layer(dependency) is None and name.split(".")[1] != "scale"
                  or layer(dependency) is not None and layer(dependency) > layer(name))]
    assert not later, later


def test_no_circle_of_imports():
    graph = {name: evalcore_imports(path) for name, path in MODULE_NAMES.items()}
    # a depth-first search that reports the first circle it closes
    state: dict[str, str] = {}

    def walk(node: str, trail: list[str]) -> list[str] | None:
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                return trail[trail.index(nxt):] + [node, nxt] if nxt in trail else [node, nxt]
            if nxt not in state:
                circle = walk(nxt, trail + [node])
                if circle:
                    return circle
        state[node] = "done"
        return None

    for start in sorted(graph):
        if start not in state:
            circle = walk(start, [])
            assert circle is None, " -> ".join(circle)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_free_function_takes_self(path):
    tree = ast.parse(path.read_text())
    free = [node.name for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.args.args and node.args.args[0].arg == "self"]
    assert not free, f"module-level functions taking self (write them in a class): {free}"


def test_the_javascript_in_the_package_is_generated():
    scripts = sorted(PACKAGE.glob("*.js")) + sorted(PACKAGE.glob("*.css"))
    assert scripts
    for path in scripts:
        assert path.read_text().lstrip("/* ").startswith("Generated by esbuild from js/src"), \
            path.name


def test_tests_name_no_issue_numbers():
    """A test says what it checks; the issue that asked for it is history, in git's log."""
    here = Path(__file__).resolve().parent
    found = [f"{path.name}:{number}" for path in sorted(here.glob("*.py"))
             for number, line in enumerate(path.read_text().splitlines(), 1)
             if re.search(r"\b[Ii]ssue \d+", line) and path.name != Path(__file__).name]
    assert not found, found


def test_the_readme_names_every_module_of_the_folders():
    """The README's table of evalcore's layout names each module of the concept folders (in
    backticks, in its folder's rows), so that it describes the package as it is."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("### evalcore's layout", 1)[-1].split("\n## ", 1)[0]
    assert section != readme, "README.md has no \"### evalcore's layout\" section"
    rows = {}
    for line in section.splitlines():
        match = re.match(r"\| `(\w+)/`", line)
        if match:
            rows[match.group(1)] = rows.get(match.group(1), "") + line
    missing = [f"{folder}/{path.stem}" for folder in LAYERS
               for path in sorted((PACKAGE / folder).glob("*.py"))
               if path.stem != "__init__" and f"`{path.stem}`" not in rows.get(folder, "")]
    assert not missing, f"not in the README's layout table: {missing}"
