"""evalcore/_slider_stack.py: the slider stack in Python (the browser half is in
tests/book/test_browser.py).

The slider stack is one anywidget whose synced ``index`` is the single source of truth; these
tests check what it sends to the front end (its synced state), the validation of every
argument and of ``index`` set live, and that its front-end files are packaged."""

from __future__ import annotations

import anywidget
import ipywidgets as widgets
import numpy as np
import pytest

import evalcore as ec


def three_panes():
    return ["<p>first</p>", widgets.HTML("<p>second</p>"), "<p>third</p>"]


# -------------------------------------------------------------- the widget and its synced state

def test_slider_stack_is_one_anywidget_with_the_panes_as_html():
    stack = ec.slider_stack(three_panes(), labels=["a", "b", "c"], description="n", index=1)
    assert isinstance(stack, anywidget.AnyWidget)
    state = stack.get_state()
    # ipywidgets.HTML panes are sent as their .value, strings as they are
    assert state["panes"] == ["<p>first</p>", "<p>second</p>", "<p>third</p>"]
    assert state["labels"] == ["a", "b", "c"]
    assert state["description"] == "n"
    assert state["index"] == 1
    assert state["size"] == "normal"
    assert state["evalcore_widget"] == "slider-stack"
    assert stack.label == "b"


def test_labels_are_shown_as_text():
    sizes = np.array([20, 80, 320])
    stack = ec.slider_stack(["x", "y", "z"], labels=sizes, description="test-set size n")
    assert stack.get_state()["labels"] == ["20", "80", "320"]


def test_index_is_settable_live_and_synced():
    stack = ec.slider_stack(three_panes(), labels=["a", "b", "c"], description="n")
    seen = []
    stack.observe(lambda change: seen.append(change["new"]), "index")
    for position, label in [(2, "c"), (0, "a"), (1, "b")]:
        stack.index = position
        assert stack.get_state("index") == {"index": position}   # what the front end receives
        assert stack.label == label
    assert seen == [2, 0, 1]


def test_index_set_live_is_validated_and_left_unchanged():
    stack = ec.slider_stack(three_panes(), labels=["a", "b", "c"], description="n", index=2)
    with pytest.raises(ValueError, match=r"index must be an integer between 0 and 2, got 3"):
        stack.index = 3
    with pytest.raises(ValueError, match=r"index must be an integer between 0 and 2, got -1"):
        stack.index = -1
    assert stack.index == 2


def test_panes_and_labels_are_fixed_after_construction():
    stack = ec.slider_stack(three_panes(), labels=["a", "b", "c"], description="n")
    with pytest.raises(Exception, match="read-only"):
        stack.panes = ["<p>other</p>"]
    with pytest.raises(Exception, match="read-only"):
        stack.labels = ["z"]


def test_large_size_is_sent_to_the_front_end():
    stack = ec.slider_stack(["x"], labels=["only"], description="n", size="large")
    assert stack.get_state("size") == {"size": "large"}


def test_repr_names_the_state():
    stack = ec.slider_stack(["x", "y"], labels=["1/2", "1"], description="cost ratio")
    stack.index = 1
    assert repr(stack) == "SliderStack(description='cost ratio', 2 panes, index=1, label='1')"


def test_the_front_end_files_are_packaged():
    from pathlib import Path
    import tomllib

    root = Path(ec.__file__).parent
    package_data = tomllib.loads((root.parent / "pyproject.toml").read_text())[
        "tool"]["setuptools"]["package-data"]["evalcore"]
    for name in ("_slider_stack.js", "_slider_stack.css"):
        assert (root / name).is_file()
        assert name in package_data


# ------------------------------------------------- validation: every message names the argument

@pytest.mark.parametrize(("kwargs", "error", "match"), [
    (dict(panes=[], labels=[]), ValueError, "panes must hold at least one pane"),
    (dict(panes="<p>a</p>", labels=["a"]), TypeError, "panes must be a sequence"),
    (dict(panes=["<p>a</p>", 3], labels=["a", "b"]), TypeError, r"panes\[1\] must be an HTML"),
    (dict(panes=["a", "b"], labels=["a"]), ValueError, "labels has 1 entries but there are 2"),
    (dict(panes=["a"], labels="a"), TypeError, "labels must be a sequence"),
    (dict(panes=["a"], labels=["a"], description=""), ValueError, "description must be"),
    (dict(panes=["a"], labels=["a"], description="  "), ValueError, "description must be"),
    (dict(panes=["a", "b"], labels=["a", "b"], index=2), ValueError,
     r"index must be an integer between 0 and 1, got 2"),
    (dict(panes=["a", "b"], labels=["a", "b"], index=-1), ValueError,
     r"index must be an integer between 0 and 1, got -1"),
    (dict(panes=["a", "b"], labels=["a", "b"], index=1.0), TypeError,
     r"index must be an integer, got 1.0 \(float\)"),
    (dict(panes=["a", "b"], labels=["a", "b"], index=True), TypeError,
     r"index must be an integer, got True \(bool\)"),
    (dict(panes=["a"], labels=["a"], size="huge"), ValueError, "size must be one of"),
])
def test_bad_arguments_are_named(kwargs, error, match):
    kwargs.setdefault("description", "n")
    panes = kwargs.pop("panes")
    with pytest.raises(error, match=match):
        ec.slider_stack(panes, **kwargs)


def test_numpy_integer_index_is_accepted():
    stack = ec.slider_stack(["a", "b"], labels=["a", "b"], description="n", index=np.int64(1))
    assert stack.index == 1 and type(stack.get_state()["index"]) is int
