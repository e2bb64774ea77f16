"""evalcore in a child process made by fork, after the parent has ranked a large array (the
ranking core once sorted on a thread pool, which a forked child could not use; it sorts on one
thread now, and a child must still get the parent's result)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent("""
    import multiprocessing as mp
    import numpy as np
    import evalcore as ec

    rng = np.random.default_rng(0)
    y, s = rng.integers(0, 2, 300_000), rng.random(300_000)   # one sign: one sort of 300k keys
    parent = ec.roc_auc(y, s)

    def child(queue):
        queue.put(ec.roc_auc(y, s))

    ctx = mp.get_context("fork")
    queue = ctx.Queue()
    process = ctx.Process(target=child, args=(queue,))
    process.start()
    process.join(60)
    if process.is_alive():
        process.kill()
        raise SystemExit("the forked child hung")
    assert queue.get(timeout=5) == parent
    print("ok")
""")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork is the Linux default")
def test_a_forked_child_ranks_as_its_parent():
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
