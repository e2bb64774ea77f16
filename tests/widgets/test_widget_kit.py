"""evalcore/_widget_kit.py, what every widget is built from: the widget modules check their
arguments with the kit's vocabulary (no hand-written kind checks) and sort nothing of their
own."""

from __future__ import annotations

from pathlib import Path

import evalcore as ec


EVALCORE = Path(ec.__file__).parent


def test_the_widget_modules_use_the_shared_vocabulary():
    """No hand-written kind checks and no sorting of their own (the ranking core sorts)."""
    for name in ("_threshold_explorer.py", "_distribution_explorer.py", "_slider_stack.py",
                 "_self_check.py", "widgets.py"):
        source = (EVALCORE / name).read_text()
        assert "numbers.Integral" not in source and "numbers.Real" not in source, name
        assert "argsort" not in source, name
