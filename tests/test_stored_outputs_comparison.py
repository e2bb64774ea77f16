"""The stored-output comparison (tests/stored_outputs.py) is itself tested: what differs
between machines passes, a change a reader could see fails with a readable diff.

The differences quoted here are the ones a fresh run on an AMD EPYC (``OPENBLAS_CORETYPE=
Haswell``) found against outputs stored on another machine. The stored numbers and figures
changed here are real ones, read from the chapters.
"""

from __future__ import annotations

import base64
import copy
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from matplotlib.figure import Figure

from stored_outputs import IMAGE_RMS, compare_outputs, compare_text, numbers_agree, split_numbers

ROOT = Path(__file__).resolve().parent.parent
CHAPTER_4 = ROOT / "chapters" / "05_auc.ipynb"


def stored_output(path: Path, mime: str, name: str | None = None) -> dict:
    """The first output of a chapter with this MIME type (and glue name)."""
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        for output in cell.get("outputs", []):
            glue = output.get("metadata", {}).get("scrapbook", {}).get("name")
            if mime in output.get("data", {}) and (name is None or glue == name):
                return output
    raise LookupError(f"{path.name} has no {mime} output named {name}")


def changed(output: dict, mime: str, value) -> dict:
    new = copy.deepcopy(output)
    new["data"][mime] = value
    return new


# --- what differs between machines passes -------------------------------------------------------
#: (stored, fresh): every number that differed when the chapters stored on one machine were run
#: again on an AMD EPYC with OPENBLAS_CORETYPE=Haswell (nbval failed on each, by bytes)
MACHINE_DIFFERENCES = [
    ("0.061946", "0.061945999999999994"),
    ("5.034025607371373e-06", "5.034026007749888e-06"),     # 8e-8 relative, the largest
    ("0.0588759656634726", "0.058875965663472585"),
    ("0.8678004857160597", "0.8678004857160598"),
    ("0.14733389817942769", "0.1473338981794277"),
    ("0.17578108116808028", "0.17578108116807936"),
    ("0.03072440837938111", "0.030724408379381115"),
    ("-0.5741774291702091", "-0.5741774291702093"),
    ("0.7841199999999998", "0.7841199999999996"),
    ("0.8750780952380952", "0.8750780952380951"),
    ("0.9739187704370221", "0.9739187704370224"),
    ("0.06841382893604109", "0.06841382893604103"),
    ("0.004149534303259158", "0.004149534303259154"),
]


@pytest.mark.parametrize("stored, fresh", MACHINE_DIFFERENCES + [
    ("array([0.5 , 0.25])", "array([0.5       , 0.25000001])"),      # numpy pads to a width
    ("{'a': 0.1, 'b': nan}", "{'a': 0.10000000000000002, 'b': nan}"),
])
def test_differences_in_the_last_bits_pass(stored, fresh):
    assert compare_text(fresh, stored, "value") == []


def test_a_change_in_the_last_bit_of_every_stored_number_passes():
    output = stored_output(CHAPTER_4, "application/papermill.record/text/plain", "ch4_pic_auc")
    stored = output["data"]["application/papermill.record/text/plain"]
    value = float(stored)
    fresh = changed(output, "application/papermill.record/text/plain",
                    repr(float(np.nextafter(value, 1.0))))
    assert fresh["data"]["application/papermill.record/text/plain"] != stored
    assert compare_outputs([fresh], [output]) == []


# --- what a reader could see fails, readably ----------------------------------------------------
def fifth_digit_changed(text: str) -> str:
    """The text's first number with its 5th significant digit raised by one."""
    _, numbers = split_numbers(text)
    number = numbers[0]
    digits = [i for i, c in enumerate(number) if c.isdigit()]
    significant = [i for i in digits if number[:i + 1].strip("-+0.") != ""]
    i = significant[4]
    new = number[:i] + str((int(number[i]) + 1) % 10) + number[i + 1:]
    return text.replace(number, new, 1)


def test_a_stored_number_changed_in_its_fifth_digit_fails_with_a_readable_diff():
    output = stored_output(CHAPTER_4, "application/papermill.record/text/plain", "ch4_pic_auc")
    stored = output["data"]["application/papermill.record/text/plain"]
    tampered = changed(output, "application/papermill.record/text/plain",
                       fifth_digit_changed(stored))
    problems = compare_outputs([output], [tampered])       # fresh = the true value
    assert problems, "a change in the 5th significant digit passed"
    report = "\n".join(problems)
    assert f"stored {fifth_digit_changed(stored)}" in report and f"fresh {stored}" in report
    assert "relative difference" in report and "> rtol 1e-06" in report
    assert "application/papermill.record/text/plain" in report     # says where


@pytest.mark.parametrize("fresh, stored, why", [
    ("TP 200, FP 199", "TP 200, FP 198", "integers differ"),     # counts are exact
    ("11/12", "11/13", "integers differ"),
    ("precision 0.5", "recall 0.5", "not only in its numbers"),   # words are exact
    ("0.5 0.25", "0.5", "not only in its numbers"),               # a number more or less
    ("nan", "0.5", "differ"),
])
def test_exact_parts_fail(fresh, stored, why):
    assert why in "\n".join(compare_text(fresh, stored, "value"))


def test_integers_are_exact_but_floats_are_not():
    assert numbers_agree("9007199254740993", "9007199254740992") == "integers differ"
    assert numbers_agree("9007199254740993.0", "9007199254740992.0") is None
    assert numbers_agree("-0.0", "0.0") is None
    assert numbers_agree("nan", "nan") is None


def png(draw) -> str:
    """A small figure drawn by ``draw(ax)``, as base64 PNG (as the book's figures are)."""
    figure = Figure(figsize=(3, 2), dpi=100)
    draw(figure.add_subplot())
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return base64.b64encode(buffer.getvalue()).decode()


def test_a_figure_moved_by_a_fraction_of_a_pixel_passes_a_changed_one_fails(tmp_path):
    x = np.linspace(0, 1, 50)

    def curve(y, title=""):
        return png(lambda ax: (ax.plot(x, y), ax.set_ylim(0, 1.1), ax.set_title(title)))

    stored = curve(x ** 2)
    nudged = curve(x ** 2 + 1e-4)          # the curve moved by about a fiftieth of a pixel
    mime = "application/papermill.record/image/png"
    output = {"output_type": "display_data", "metadata": {}, "data": {mime: stored}}
    assert nudged != stored
    assert compare_outputs([changed(output, mime, nudged)], [output]) == []
    for other in (curve(x ** 1.9), curve(x ** 2, title="a")):     # another curve; one letter
        problems = compare_outputs([changed(output, mime, other)], [output], tmp_path)
        report = "\n".join(problems)
        assert "the figure changed: RMS difference" in report and f"> {IMAGE_RMS:g}" in report
    assert all((tmp_path / "output1" / mime.replace("/", "_") / f"{name}.png").is_file()
               for name in ("stored", "fresh", "diff"))


def test_a_stored_figure_changed_fails():
    output = stored_output(CHAPTER_4, "application/papermill.record/image/png", "fig-seven-roc")
    mime = "application/papermill.record/image/png"
    from PIL import Image

    with Image.open(io.BytesIO(base64.b64decode(output["data"][mime]))) as image:
        pixels = np.array(image.convert("RGBA"))
    pixels[100:140, 100:200, :3] = 0          # a black box over part of the curve
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, format="PNG")
    tampered = changed(output, mime, base64.b64encode(buffer.getvalue()).decode())
    assert "the figure changed" in "\n".join(compare_outputs([tampered], [output]))
    assert compare_outputs([output], [copy.deepcopy(output)]) == []


def test_the_shown_size_of_a_figure_is_metadata_compared_as_numbers():
    """IPython stores a figure's shown width and height in the output's metadata, under the
    image's type: a dict there is compared value by value (not decoded as an image)."""
    x = np.linspace(0, 1, 50)
    figure = png(lambda ax: ax.plot(x, x ** 2))
    output = {"output_type": "display_data", "data": {"image/png": figure},
              "metadata": {"image/png": {"width": 384, "height": 371}}}
    assert compare_outputs([copy.deepcopy(output)], [output]) == []
    wider = copy.deepcopy(output)
    wider["metadata"]["image/png"]["width"] = 392
    assert "392" in "\n".join(compare_outputs([wider], [output]))


def test_outputs_of_another_kind_fail_and_widget_ids_do_not_count():
    view = "application/vnd.jupyter.widget-view+json"
    widget = {"output_type": "execute_result", "metadata": {}, "execution_count": 3,
              "data": {view: {"model_id": "abc", "version_major": 2, "version_minor": 1},
                       "text/plain": "Explorer(n=400)"}}
    again = changed(widget, view, {"model_id": "def", "version_major": 2, "version_minor": 1})
    again["execution_count"] = 9
    assert compare_outputs([again], [widget]) == []
    newer = changed(widget, view, {"model_id": "def", "version_major": 3, "version_minor": 1})
    assert compare_outputs([newer], [widget])
    stream = {"output_type": "stream", "name": "stdout", "text": "Explorer(n=400)"}
    assert "differ in kind" in "\n".join(compare_outputs([stream], [widget]))
    # stdout split into several messages is one output
    parts = [dict(stream, text="Explorer("), dict(stream, text="n=400)")]
    assert compare_outputs(parts, [stream]) == []


# --- the whole route: a notebook whose stored outputs were tampered with ----------------------
NOTEBOOK_CELLS = [
    "from matplotlib.figure import Figure\nfrom myst_nb import glue\n"
    "from matplotlib_inline.backend_inline import set_matplotlib_formats\n"
    "set_matplotlib_formats('png')",
    "print(sum([0.1] * 10), 1 / 3)",
    "figure = Figure(figsize=(3, 2), dpi=100)\nfigure.add_subplot().plot([0, 1, 2], [0, 1, 4])\n"
    "glue('fig-demo', figure, display=False)",
    "0.1 + 0.2",
    "other = Figure(figsize=(3, 2), dpi=100)\nother.add_subplot().plot([0, 1, 2], [0, 1, 3])\n"
    "glue('fig-other', other, display=False)",
]


@pytest.mark.notebooks
def test_the_notebook_test_reports_a_tampered_number_and_figure(tmp_path):
    import nbformat
    from nbclient import NotebookClient

    lectures = tmp_path / "lectures"
    lectures.mkdir()
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)
                                               for source in NOTEBOOK_CELLS])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    NotebookClient(notebook, kernel_name="python3", record_timing=False).execute()
    printed, figure, last, other = (notebook.cells[i].outputs for i in (1, 2, 3, 4))
    assert printed[0]["text"] == "0.9999999999999999 0.3333333333333333\n"
    printed[0]["text"] = "0.9999999999999999 0.3333433333333333\n"         # 5th digit
    mime = "application/papermill.record/image/png"
    figure[0]["data"][mime] = other[0]["data"][mime]                       # another curve
    assert last[0]["data"]["text/plain"] == "0.30000000000000004"
    last[0]["data"]["text/plain"] = "0.3"                                    # last bit only
    nbformat.write(notebook, lectures / "tampered.ipynb")

    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--color=no",
         str(ROOT / "tests" / "chapters" / "test_stored_outputs.py"), "-k", "test_a_fresh_run"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        env=dict(os.environ, EVALCORE_LECTURES=str(lectures),
                 EVALCORE_OUTPUT_DIFFS=str(tmp_path / "diffs")))
    report = result.stdout
    assert "2 failed, 3 passed" in report, report[-3000:]
    assert "FAILED tests/chapters/test_stored_outputs.py::test_a_fresh_run_reproduces_the_stored_outputs" \
           "[tampered-cell1]" in report
    # the cell's source, the number, the stored and fresh values, the figure's measure
    assert "print(sum([0.1] * 10), 1 / 3)" in report
    assert "number 2 (line 1): stored 0.3333433333333333, fresh 0.3333333333333333" in report
    assert "the figure changed: RMS difference" in report
    assert (tmp_path / "diffs" / "default" / "tampered-cell2").is_dir()
