"""evalcore/widgets.py, the widgets' public functions: every argument of the wrong kind is our
TypeError naming it, state set later is validated and left unchanged, and figure_pane
makes an inline PNG of a figure (alt text required, the figure closed, the PNG and its size
read back with Pillow) that goes into a slider stack unchanged."""

from __future__ import annotations

import base64
import html.parser
import io
import re

import ipywidgets as widgets
import matplotlib.pyplot as plt
import pytest
from PIL import Image

import evalcore as ec


def test_slider_stack_and_figure_pane_still_work():
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    pane = ec.figure_pane(fig, alt="an empty plot")     # the HTML of the image (a str)
    assert 'alt="an empty plot"' in pane
    stack = ec.slider_stack([pane, widgets.HTML("b")], labels=["a", "b"], description="x")
    stack.index = 1                                     # test_slider_stack.py has more
    assert stack.get_state("index") == {"index": 1} and stack.panes[1] == "b"


class _ImgAttributes(html.parser.HTMLParser):
    """The attributes of every <img> in a piece of HTML (an independent parser)."""

    def __init__(self) -> None:
        super().__init__()
        self.images: list[dict[str, str]] = []

    def handle_starttag(self, tag, attrs) -> None:
        if tag == "img":
            self.images.append(dict(attrs))


def img_attributes(markup: str) -> list[dict[str, str]]:
    parser = _ImgAttributes()
    parser.feed(markup)
    return parser.images


# ---------------------------------------------------------------------------------- figure_pane

def test_figure_pane_is_an_inline_png_of_the_figure_with_its_size():
    fig, ax = plt.subplots(figsize=(3, 2))
    ax.plot([0, 1], [0, 1])
    pane = ec.figure_pane(fig, alt='ROC "curve" <toy> & more', dpi=50)
    assert not plt.fignum_exists(fig.number), "figure_pane must close the figure"
    (img,) = img_attributes(pane)
    assert img["alt"] == 'ROC "curve" <toy> & more'          # escaped, and read back whole
    prefix = "data:image/png;base64,"
    assert img["src"].startswith(prefix)
    png = Image.open(io.BytesIO(base64.b64decode(img["src"][len(prefix):])))
    assert png.format == "PNG"
    assert (int(img["width"]), int(img["height"])) == png.size
    # bbox_inches="tight" trims the margins: at most 3 x 2 inches at 50 dpi, and not empty
    assert 0 < png.size[0] <= 150 and 0 < png.size[1] <= 100


def test_figure_pane_goes_into_a_slider_stack_unchanged():
    fig, _ = plt.subplots()
    pane = ec.figure_pane(fig, alt="an empty plot")
    stack = ec.slider_stack([pane, "<p>b</p>"], labels=["a", "b"], description="x")
    assert stack.panes[0] == pane


@pytest.mark.parametrize(("alt", "error", "match"), [
    ("", ValueError, "alt must describe the figure"),
    ("   ", ValueError, "alt must describe the figure"),
    (None, TypeError, "alt must be a str describing the figure"),
])
def test_figure_pane_requires_alt_text(alt, error, match):
    fig, _ = plt.subplots()
    with pytest.raises(error, match=match):
        ec.figure_pane(fig, alt=alt)
    plt.close(fig)


# ------------------------------------------------------------------------------------ odd input

Y, S = [0, 1, 0, 1], [0.1, 0.4, 0.35, 0.8]
WRONG_KIND = [
    ("threshold_explorer", {"title": None}, "title must be a str"),
    ("threshold_explorer", {"size": None}, re.escape("size must be one of ('normal', 'large')")),
    ("threshold_explorer", {"rule": None}, re.escape("rule must be one of ('>', '>=')")),
    ("threshold_explorer", {"balance": 1}, "balance must be True or False"),
    ("threshold_explorer", {"balance": True, "max_copies": 2.0}, "max_copies must be an integer"),
    ("threshold_explorer", {"show": ["roc", 1]}, "show must be a tuple of panel names"),
    ("threshold_explorer", {"threshold": "0.5"}, "threshold must be a real number"),
    ("distribution_explorer", {"title": None}, "title must be a str"),
    ("distribution_explorer", {"size": None}, "size must be one of"),
    ("distribution_explorer", {"n": 400.0}, "n must be an integer"),
    ("distribution_explorer", {"random_state": "0"}, "random_state must be an integer"),
    ("distribution_explorer", {"separation": None}, "separation must be a real number"),
    ("distribution_explorer", {"prevalence": "0.5"}, "prevalence must be a real number"),
    ("distribution_explorer", {"show": [None]}, "show must be a tuple of panel names"),
    ("slider_stack", {"description": None}, "description must be a str"),
    ("slider_stack", {"size": None}, "size must be one of"),
    ("slider_stack", {"index": "1"}, "index must be an integer"),
    ("slider_stack", {"labels": [None, "b"]}, r"labels\[0\] must be a str"),
    ("self_check", {"size": None}, "size must be one of"),
    ("self_check", {"tolerance": None}, "tolerance must be a non-negative real number"),
    ("self_check", {"answer": None}, "answer must be a real number"),
    ("self_check", {"mistakes": [0.5]}, "mistakes must be a mapping"),
    ("self_check", {"answer_label": 3}, "answer_label must be a str"),
]


def build(kind, kwargs):
    if kind == "threshold_explorer":
        return ec.threshold_explorer(Y, S, **kwargs)
    if kind == "distribution_explorer":
        return ec.distribution_explorer(**kwargs)
    if kind == "slider_stack":
        return ec.slider_stack(["<p>a</p>", "<p>b</p>"],
                               **{"labels": ["a", "b"], "description": "n", **kwargs})
    return ec.self_check("q", **{"answer": 1.0, "hint": "h", "explain": "e", **kwargs})


@pytest.mark.parametrize("kind, kwargs, match", WRONG_KIND)
def test_wrong_kind_is_our_type_error(kind, kwargs, match):
    with pytest.raises(TypeError, match=match):
        build(kind, kwargs)


@pytest.mark.parametrize("kind, name, value, error, match", [
    ("threshold_explorer", "size", None, TypeError, "size must be one of"),
    ("threshold_explorer", "rule", None, TypeError, "rule must be one of"),
    ("threshold_explorer", "negative_copies", "2", TypeError, "negative_copies must be an integer"),
    ("distribution_explorer", "size", 3, TypeError, "size must be one of"),
    ("distribution_explorer", "threshold", 10 ** 400, ValueError, "threshold must lie in"),
    ("slider_stack", "index", None, TypeError, "index must be an integer"),
    ("slider_stack", "size", None, TypeError, "size must be one of"),
    ("self_check", "size", None, TypeError, "size must be one of"),
])
def test_state_set_later_is_validated_and_left_unchanged(kind, name, value, error, match):
    widget = build(kind, {"balance": True} if kind == "threshold_explorer" else {})
    before = getattr(widget, name)
    with pytest.raises(error, match=match):
        setattr(widget, name, value)
    assert getattr(widget, name) == before


def test_figure_pane_refuses_a_bad_dpi():
    import matplotlib.pyplot as plt

    fig, _ = plt.subplots()
    try:
        with pytest.raises(TypeError, match="dpi must be a positive real number"):
            ec.figure_pane(fig, alt="x", dpi="150")
        with pytest.raises(ValueError, match="dpi must be positive and finite"):
            ec.figure_pane(fig, alt="x", dpi=0)
    finally:
        plt.close(fig)
