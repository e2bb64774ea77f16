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
* the core is used, not copied: no module keeps a private copy of a core helper, the
  counting modules import nothing inside a function and write no integer check of their
  own, and the statistics sort only through the ranking core;
* the tests follow the modules: ``evalcore/<folder>/<module>.py`` is tested in
  ``tests/<folder>/test_<module>.py`` (the figures' in ``tests/plotting/test_plot_<module>.py``,
  the widget modules' in ``tests/widgets/``, the top level's in ``tests/``), and every such
  file names a module that exists; ``TESTED_ELSEWHERE`` names the few modules tested through
  another's file, and why;
* no test names the issue that asked for it;
* the JavaScript in ``evalcore/`` is generated (the esbuild bundles of ``js/src``) and says so;
  the hand-written modules in ``js/src`` stay under 600 lines (tests/book/test_js_bundle.py).
"""

import ast
import inspect
import re
from pathlib import Path

import pytest

from evalcore import examples
from evalcore.calibration import reliability
from evalcore.core import (areas, combined, confusion, curves, exact, information, multiclass,
                           precision_recall, rates)
from evalcore.decisions import costs, hull, threshold_choices

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


# --- one core, used and not copied ---------------------------------------------------------

#: the modules of the confusion matrix and its neighbours: every import at the top
COUNTING_MODULES = (confusion, rates, combined, exact, information, multiclass, reliability,
                    examples)
#: the modules of the curves and the thresholds read from them
CURVE_MODULES = (curves, areas, costs, threshold_choices, hull, precision_recall)
STATISTICS = ("stats/resampling.py", "stats/delong.py", "stats/auc_intervals.py",
              "stats/sample_size.py", "stats/uncertainty.py", "stats/rate_intervals.py",
              "stats/permutation.py")


@pytest.mark.parametrize("module", COUNTING_MODULES, ids=lambda m: m.__name__)
def test_imports_only_at_module_top_and_no_private_cross_imports(module):
    tree = ast.parse(Path(inspect.getfile(module)).read_text())
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inner = [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
            assert not inner, f"{module.__name__}.{node.name} imports inside a function"
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            private = [a.name for a in node.names if a.name.startswith("_")]
            assert not private, f"{module.__name__} imports private {private} from {node.module}"


@pytest.mark.parametrize("module", COUNTING_MODULES, ids=lambda m: m.__name__)
def test_no_hand_written_integer_checks(module):
    assert "numbers.Integral" not in Path(inspect.getfile(module)).read_text()


@pytest.mark.parametrize("module", CURVE_MODULES, ids=lambda m: m.__name__)
def test_no_private_name_imported_across_modules(module):
    tree = ast.parse(Path(module.__file__).read_text())
    private = [alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
               for alias in node.names if alias.name.startswith("_")]
    assert private == []


def test_the_local_copies_of_the_core_are_gone():
    assert not hasattr(costs, "_operating_points")
    assert not hasattr(hull, "_positive_share")
    for module in CURVE_MODULES:
        # the scaled-weight validation (check_binary_scores(scale_weights=True)), the rule
        # check (check_rule) and the threshold as a scalar (curves.threshold_scalar) are
        # shared, not copied
        for name in ("_both_classes", "_need_both", "_check_fraction", "_threshold_scalar",
                     "_validated", "_points", "_check_rule"):
            assert not hasattr(module, name), (module.__name__, name)


@pytest.mark.parametrize("module", STATISTICS)
def test_the_statistics_modules_sort_only_through_the_ranking_core_and_import_public_names(
        module):
    source = (PACKAGE / module).read_text()
    tree = ast.parse(source)
    attributes = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert not attributes & {"sort", "argsort", "lexsort", "Integral"}
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                and node.level >= 1 for alias in node.names]
    assert imported and not [name for name in imported if name.startswith("_")]
    assert len(source.splitlines()) <= 600


def test_no_hand_written_integer_checks_or_sorting_left():
    for module in ("stats/uncertainty.py", "stats/permutation.py"):
        tree = ast.parse((PACKAGE / module).read_text())
        names = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
        assert "Integral" not in names, module
        assert not names & {"sort", "argsort", "lexsort"}, module


def test_the_javascript_in_the_package_is_generated():
    scripts = sorted(PACKAGE.glob("*.js")) + sorted(PACKAGE.glob("*.css"))
    assert scripts
    for path in scripts:
        assert path.read_text().lstrip("/* ").startswith("Generated by esbuild from js/src"), \
            path.name


# --- the tests follow the modules -----------------------------------------------------------

TESTS = ROOT / "tests"
#: the folders of tests/ that do not follow a package: the book's tests and the chapters'
OTHER_TEST_FOLDERS = {"book", "chapters"}
#: modules with no test file of their own: the file that tests each, and why
TESTED_ELSEWHERE = {
    "__init__.py": ("tests/test_public_api.py",
                    "the public namespace, held to its list by concept and the API appendix"),
    "__main__.py": ("tests/scale/test_cli.py",
                    "two lines that start the command line (test_python_m_evalcore runs it)"),
    "core/exact.py": ("tests/core/test_confusion.py",
                      "the counts' exact arithmetic, under every rate of huge, tiny and "
                      "beyond-2**53 counts (test_combined.py: MCC and kappa too)"),
    "core/float_keys.py": ("tests/core/test_ranking.py",
                           "floats as sortable keys, through every float path of the ranking "
                           "core against the brute force, and the Dask route's shared keys "
                           "of chunks"),
    "core/threshold_side.py": ("tests/core/test_confusion.py",
                               "the exact side of a threshold, under predict and "
                               "confusion_matrix_at on big integers and long doubles "
                               "(tests/test_exact_numbers.py: every threshold returned)"),
    "scale/cli_errors.py": ("tests/scale/test_cli.py", "the command line's one error line, "
                            "read from its exit code and stderr"),
    "scale/cli_inputs.py": ("tests/scale/test_cli.py", "the command line's files, columns and "
                            "route, read through the command line (its memory reading and "
                            "progress bar directly, on the same files)"),
    "scale/cli_outputs.py": ("tests/scale/test_cli.py", "the command line's CSV and PNG files, "
                             "read back after the command line wrote them"),
    "scale/cli_routes.py": ("tests/scale/test_cli.py", "the command line's three routes, each "
                            "against in-memory evalcore"),
    "scale/dask_curves.py": ("tests/test_dask_evaluation.py", "the curves of "
                             "evalcore.dask_evaluation, tested with its other functions on one "
                             "shared Dask cluster"),
    "scale/dask_partitions.py": ("tests/test_dask_evaluation.py", "what each partition does "
                                 "for the Dask route (sampled, cut into pieces), tested "
                                 "through its functions and its pieces"),
    "scale/dask_ranges.py": ("tests/test_dask_evaluation.py", "the distributed sort behind "
                             "evalcore.dask_evaluation, tested through its functions"),
}


def file_of_tests(module: str) -> str:
    """The test file of ``module`` (a path in evalcore/, like ``core/areas.py``).

    >>> file_of_tests("core/areas.py"), file_of_tests("plotting/roc.py")
    ('tests/core/test_areas.py', 'tests/plotting/test_plot_roc.py')
    >>> file_of_tests("_self_check.py"), file_of_tests("widgets.py"), file_of_tests("reference.py")
    ('tests/widgets/test_self_check.py', 'tests/widgets/test_widgets.py', 'tests/test_reference.py')
    """
    folder, _, name = module.rpartition("/")
    name = name.removesuffix(".py")
    if folder:
        return f"tests/{folder}/test_{'plot_' if folder == 'plotting' else ''}{name}.py"
    if name == "widgets" or (name.startswith("_") and not name.startswith("__")):
        return f"tests/widgets/test_{name.lstrip('_')}.py"
    return f"tests/test_{name}.py"


def layout_problems(package: Path, tests: Path, tested_elsewhere: dict) -> list[str]:
    """What breaks the rule in ``tests`` for the modules of ``package``: a module without its
    test file, a test file in a package's folder without its module, a module tested
    elsewhere that has a file of its own after all or names a file that does not exist."""
    modules = {}
    for path in sorted(package.rglob("*.py")):
        module = path.relative_to(package).as_posix()
        folder_init = path.name == "__init__.py" and path.parent != package
        if folder_init and not any(isinstance(node, (ast.FunctionDef, ast.ClassDef))
                                   for node in ast.parse(path.read_text()).body):
            continue                    # a folder's __init__.py that only names its modules
        modules[module] = file_of_tests(module)
    expected = {test: module for module, test in modules.items()}
    problems = []
    for module, test in modules.items():
        there = (tests.parent / test).is_file()
        if module in tested_elsewhere:
            home = tested_elsewhere[module][0]
            if there:
                problems.append(f"{module} has {test}: take it out of TESTED_ELSEWHERE")
            if not (tests.parent / home).is_file():
                problems.append(f"{module} is tested in {home}, which does not exist")
        elif not there:
            problems.append(f"{module} has no test file: write {test}, or name the file "
                            f"that tests it in TESTED_ELSEWHERE")
    problems += [f"{name} in TESTED_ELSEWHERE is no module of {package.name}"
                 for name in tested_elsewhere if name not in modules]
    for folder in sorted(p for p in tests.iterdir() if p.is_dir()):
        if folder.name in OTHER_TEST_FOLDERS or folder.name.startswith(("_", ".")):
            continue
        for path in sorted(folder.glob("test_*.py")):
            test = path.relative_to(tests.parent).as_posix()
            if test not in expected:
                problems.append(f"{test} names no module of {package.name}/{folder.name}")
    return problems


def test_every_module_has_its_test_file_and_every_test_file_its_module():
    problems = layout_problems(PACKAGE, TESTS, TESTED_ELSEWHERE)
    assert not problems, "\n".join(problems)


def test_the_layout_rule_sees_what_breaks_it(tmp_path):
    """The rule itself, on a package and tests made here that break it every way."""
    package, tests = tmp_path / "pkg", tmp_path / "tests"
    for module in ("__init__.py", "core/__init__.py", "core/kept.py", "core/untested.py",
                   "plotting/roc.py", "_slider.py", "helper.py", "moved.py"):
        (package / module).parent.mkdir(parents=True, exist_ok=True)
        (package / module).write_text("")
    for test in ("core/test_kept.py", "core/test_gone.py", "plotting/test_roc.py",
                 "widgets/test_slider.py", "test_helper.py", "book/test_pages.py"):
        (tests / test).parent.mkdir(parents=True, exist_ok=True)
        (tests / test).write_text("")
    elsewhere = {"__init__.py": ("tests/test_helper.py", "why"),
                 "moved.py": ("tests/test_moved.py", "why"), "old.py": ("tests/x.py", "why")}
    assert layout_problems(package, tests, elsewhere) == [
        "core/untested.py has no test file: write tests/core/test_untested.py, or name the "
        "file that tests it in TESTED_ELSEWHERE",
        "moved.py is tested in tests/test_moved.py, which does not exist",
        "plotting/roc.py has no test file: write tests/plotting/test_plot_roc.py, or name the "
        "file that tests it in TESTED_ELSEWHERE",
        "old.py in TESTED_ELSEWHERE is no module of pkg",
        "tests/core/test_gone.py names no module of pkg/core",
        "tests/plotting/test_roc.py names no module of pkg/plotting",
    ]


def test_tests_name_no_issue_numbers():
    """A test says what it checks; the issue that asked for it is history, in git's log."""
    here = Path(__file__).resolve().parent
    found = [f"{path.relative_to(here)}:{number}" for path in sorted(here.rglob("*.py"))
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
