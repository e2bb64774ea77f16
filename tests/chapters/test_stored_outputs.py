"""A fresh run of every lecture notebook reproduces its stored outputs, cell by cell.

The book, the lecture notebooks and the slides render the outputs stored in the chapters
(``make notebooks`` executes them once). Here each lecture notebook (``_build/lectures``, made
by ``make lectures``; its code and stored outputs equal its chapter's, tests/book/test_lectures.py)
runs again in a fresh kernel, one test per code cell (``cell N`` counts code cells from 0), and
each cell's outputs are compared with the stored ones by tests/stored_outputs.py: numbers to
a relative 1e-6, text exactly, figures as images. A failure shows the cell's source and what
differs.

The stored outputs come from one machine, the fresh run is on another: OpenBLAS and numpy
choose their kernels by CPU, so sums differ in their last bits. ``make test`` exercises that
here too: the chapters heaviest in floating point run again with numpy's dispatch limited to
the oldest x86-64 targets (``NPY_DISABLE_CPU_FEATURES``: no AVX-512, no AVX2) and with one
OpenBLAS thread (other summation orders), and must still agree. ``OPENBLAS_CORETYPE`` and
``OPENBLAS_L2_SIZE`` are left as the machine sets them.

The notebooks a session needs are executed ahead, two at a time in kernels of their own, each up
to the last cell a selected test compares (the cells before it run without being compared), so
one cell can be selected alone (``-k "05_auc-cell12"``).
"""

from __future__ import annotations

import os
import platform
import re
import textwrap
from pathlib import Path

import nbformat
import pytest

from conftest import LECTURES, ROOT
from stored_outputs import compare_outputs

pytestmark = pytest.mark.notebooks

#: Where a figure that changed is saved (stored, fresh and diff images), for a person to look.
DIFFS = Path(os.environ.get("EVALCORE_OUTPUT_DIFFS", ROOT / "_build" / "stored-output-diffs"))

#: The chapters heaviest in floating point (least squares, logistic fits, bootstraps,
#: simulations, calibration), run again under other numerical settings.
HEAVY = ("06_precision_recall", "07_pr_areas", "11_uncertainty", "13_comparing_classifiers",
         "19_calibration", "a1_errata")

#: Numerical settings other than the machine's own: numpy's SIMD dispatch limited by its own
#: target names (an unknown name is ignored silently, so the kernel checks that each is off),
#: and OpenBLAS on one thread. One setting, as far from any current x86-64 machine's own as
#: numpy allows (neither AVX-512 nor AVX2, as on a machine older than 2013, and another
#: summation order in BLAS): a run "without AVX-512" alone (an AVX2 machine) was dropped to
#: keep `make test` within its time, since this one also turns AVX-512 off.
SETTINGS = {
    "default": {},
    "no-avx2-one-blas-thread": {"NPY_DISABLE_CPU_FEATURES": "X86_V4 AVX512_ICL AVX512_SPR X86_V3",
                                "OPENBLAS_NUM_THREADS": "1"},
}

#: Run in the kernel before the first cell: the setting is really in force.
SETTING_CHECK = """
import os
from numpy._core import _multiarray_umath as _umath
_on = [_name for _name in os.environ.get("NPY_DISABLE_CPU_FEATURES", "").split()
       if _umath.__cpu_features__.get(_name)]
assert not _on, f"numpy still dispatches to {_on}"
if os.environ.get("OPENBLAS_NUM_THREADS") == "1":
    import threadpoolctl
    _threads = {_pool["internal_api"]: _pool["num_threads"]
                for _pool in threadpoolctl.threadpool_info() if _pool["user_api"] == "blas"}
    assert _threads and set(_threads.values()) == {1}, f"BLAS threads: {_threads}"
del _on
"""


def skip_unless_applicable(setting: str) -> list:
    """numpy's x86 target names mean nothing on another CPU (an ARM laptop, say)."""
    x86 = platform.machine().lower() in ("x86_64", "amd64")
    if "NPY_DISABLE_CPU_FEATURES" in SETTINGS[setting] and not x86:
        return [pytest.mark.skip(reason=f"numpy's x86 targets on a {platform.machine()} CPU")]
    return []


def code_cells(path: Path) -> list:
    return [cell for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]


def cases():
    notebooks = sorted(LECTURES.glob("*.ipynb"))
    if not notebooks:
        return [pytest.param(None, None, None, id="lecture-notebooks-missing")]
    params = []
    for setting in SETTINGS:
        for path in notebooks:
            if setting != "default" and path.stem not in HEAVY:
                continue
            prefix = path.stem if setting == "default" else f"{setting}/{path.stem}"
            params += [pytest.param(setting, path, index, id=f"{prefix}-cell{index}",
                                    marks=skip_unless_applicable(setting))
                       for index in range(len(code_cells(path)))]
    return params


class NotebookRun:
    """One notebook executing in one kernel (started in the notebook's folder with a
    setting's environment), all its cells in order, then the kernel stopped. nbclient executes
    the cells, as it did when the outputs were stored (tools/run_notebooks.py). A cell that
    raises is recorded and the next ones still run."""

    def __init__(self, setting: str, path: Path) -> None:
        self.key = (setting, path)
        self.setting, self.path = setting, path
        self.cells = code_cells(path)
        self.outputs: dict[int, list] = {}
        self.errors: dict[int, Exception] = {}
        self.broken: str | None = None
        # the kernel's environment, read here in the test's own thread: pytest changes
        # os.environ (PYTEST_CURRENT_TEST) while the notebooks run in other threads
        self.environment = {**os.environ.copy(), **SETTINGS[setting]}
        self.environment.pop("PYTEST_CURRENT_TEST", None)

    def execute(self, upto: int | None = None) -> "NotebookRun":
        """Run the cells (all, or those up to ``upto``); returns itself."""
        from jupyter_client.manager import AsyncKernelManager
        from nbclient import NotebookClient
        from nbclient.exceptions import CellExecutionError
        from nbclient.util import run_sync

        # nbclient writes each executed cell back into its notebook: a copy with no outputs,
        # and the setting's check as a last cell
        check = nbformat.v4.new_code_cell(SETTING_CHECK)
        notebook = nbformat.v4.new_notebook(cells=[
            nbformat.from_dict({**cell, "outputs": []}) for cell in self.cells] + [check])
        client = NotebookClient(
            notebook, timeout=600, record_timing=False, allow_errors=False,
            iopub_timeout=120, raise_on_iopub_timeout=True, startup_timeout=300,
            km=AsyncKernelManager(kernel_name="python3",
                                  kernel_spec_manager=_current_environment_kernels()),
            resources={"metadata": {"path": str(self.path.parent)}})
        client.start_new_kernel(env=self.environment)
        try:
            client.start_new_kernel_client()
            if SETTINGS[self.setting]:
                client.execute_cell(check, len(self.cells), store_history=False)
            last = len(self.cells) - 1 if upto is None else upto
            for number in range(last + 1):
                cell = client.nb.cells[number]
                try:
                    client.execute_cell(cell, number)
                except CellExecutionError as error:
                    self.errors[number] = error
                    self.broken = self.broken or f"cell {number} raised {error.ename}"
                self.outputs[number] = cell.outputs
        finally:
            if client.kc is not None:
                client.kc.stop_channels()
            run_sync(client.km.shutdown_kernel)(now=True)
        return self

    def run(self, index: int) -> list:
        """The fresh outputs of cell ``index``; raises what it raised. The notebook must have
        been executed (:meth:`execute`)."""
        if index in self.errors:
            raise self.errors[index]
        return self.outputs[index]


#: How many notebooks execute at once, each in its own kernel (a process of its own): the
#: notebooks are independent, and a fresh run of them all is the longest file of the suite.
PARALLEL = 2


def _current_environment_kernels():
    """A kernel spec manager whose every name is this Python's ipykernel, so the notebooks
    run in the environment the tests run in (not a "python3" kernel found elsewhere)."""
    import ipykernel.kernelspec
    from jupyter_client.kernelspec import KernelSpecManager

    class CurrentEnvironment(KernelSpecManager):
        def get_kernel_spec(self, kernel_name):
            return self.kernel_spec_class(resource_dir=ipykernel.kernelspec.RESOURCES,
                                          **ipykernel.kernelspec.get_kernel_dict())

    return CurrentEnvironment()


@pytest.fixture(scope="session")
def notebook_runs(request):
    """The executed notebook for (setting, path). The notebooks this session's tests need are
    executed ahead, in test order, :data:`PARALLEL` at a time (threads waiting on kernels), so
    a test waits only for its own notebook; a notebook's results are dropped once a later one
    is asked for."""
    from concurrent.futures import ThreadPoolExecutor

    needed: dict[tuple[str, Path], int] = {}           # (setting, path) -> last cell compared
    for item in request.session.items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if (getattr(item, "originalname", "") == "test_a_fresh_run_reproduces_the_stored_outputs"
                and params.get("path") is not None and not item.get_closest_marker("skip")):
            key = (params["setting"], params["path"])
            needed[key] = max(needed.get(key, 0), params["index"])
    pool = ThreadPoolExecutor(max_workers=PARALLEL, thread_name_prefix="notebook")
    ahead = {key: pool.submit(NotebookRun(*key).execute, last) for key, last in needed.items()}
    current: dict = {}

    def get(setting: str, path: Path) -> NotebookRun:
        key = (setting, path)
        if current.get("key") != key:
            if current.get("key") in ahead:
                del ahead[current["key"]]              # done with it: free its outputs
            future = ahead.get(key)
            current.update(key=key, run=future.result() if future is not None
                           else NotebookRun(setting, path).execute())
        return current["run"]

    yield get
    for future in ahead.values():
        future.cancel()
    pool.shutdown(wait=True)


@pytest.mark.parametrize("setting, path, index", cases())
def test_a_fresh_run_reproduces_the_stored_outputs(request, notebook_runs, setting, path, index):
    if path is None:
        request.getfixturevalue("lectures")     # fails, saying how to build them
    run = notebook_runs(setting, path)
    cell = run.cells[index]
    fresh = run.run(index)
    if cell.get("execution_count") is None and not cell.outputs:
        return          # never executed when stored: nothing to compare
    diff_dir = DIFFS / setting / f"{path.stem}-cell{index}"
    problems = compare_outputs(fresh, cell.outputs, diff_dir)
    if problems:
        earlier = f"\n(earlier: {run.broken})" if run.broken else ""
        pytest.fail(f"{path.name}, cell {index} ({setting} setting): the outputs differ from "
                    f"the stored ones{earlier}\n\nCell source:\n"
                    f"{textwrap.indent(cell.source, '    ')}\n\nDifferences:\n"
                    + "\n".join(problems), pytrace=False)


@pytest.mark.parametrize("setting", [pytest.param(s, marks=skip_unless_applicable(s))
                                     for s in SETTINGS if SETTINGS[s]])
def test_each_setting_is_in_force_in_the_kernel(tmp_path, setting):
    """The settings really change the kernel's numerics: a name numpy does not know would be
    ignored silently, so the kernel reports what it dispatches to."""
    path = tmp_path / "probe.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "from numpy._core import _multiarray_umath as m\nimport os, threadpoolctl\n"
        "print(sorted(k for k, v in m.__cpu_features__.items() if v))\n"
        "print([p['num_threads'] for p in threadpoolctl.threadpool_info()"
        " if p['user_api'] == 'blas'])")]), path)
    outputs = NotebookRun(setting, path).execute().run(0)
    features, threads = outputs[0]["text"].splitlines()[:2]
    for name in SETTINGS[setting].get("NPY_DISABLE_CPU_FEATURES", "").split():
        assert not re.search(rf"'{name}'", features), f"{name} still on: {features}"
    if SETTINGS[setting].get("OPENBLAS_NUM_THREADS") == "1":
        assert threads == "[1]", threads
