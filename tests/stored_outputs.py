"""Comparing a notebook cell's stored outputs with a fresh run's, as a scientist would.

The book renders the outputs stored in its notebooks, and ``make test`` proves that a fresh
run reproduces them (tests/chapters/test_stored_outputs.py executes the notebooks). The fresh run is
on another machine than the stored one more often than not, and machines differ in the last
bits of floating-point sums (OpenBLAS picks its kernels by CPU and ``OPENBLAS_CORETYPE``, and
sums in another order with another number of threads; numpy's SIMD paths differ by CPU; so
does libm). So the comparison is not by bytes:

* **Numbers** found in any text (a glued value, printed text, a DataFrame's HTML, an error
  message) agree when ``|fresh - stored| <= ATOL + RTOL * |stored|``. Two integers (no point,
  no exponent) must be equal: counts and labels are exact.
* **Text that is not a number** must be equal, except that a run of spaces may change its
  length (numpy and pandas pad columns to the width of the longest number printed).
* **Figures** (PNG, glued or displayed) must have the same size in pixels and differ by a
  root-mean-square of at most ``IMAGE_RMS`` on the 0-255 scale (matplotlib's
  ``calculate_rms``, the measure of its ``compare_images``): anti-aliasing that moves by a
  fraction of a pixel passes, a changed curve, label or colour does not.
* Everything else (output types, MIME types, glue names, metadata) must be equal, numbers in
  it within the same tolerance. A widget view's ``model_id`` is random and is not compared.

``compare_outputs`` returns the differences as readable lines (empty when the outputs agree),
so a failing test shows what changed, where, and by how much.
"""

from __future__ import annotations

import base64
import difflib
import io
import math
import os
import re
from pathlib import Path

import numpy as np

#: Two numbers agree when ``|fresh - stored| <= ATOL + RTOL * |stored|``. The book prints 3-4
#: significant digits; machines differ in the last bits of sums, which moves a value by ~1e-15
#: relative, and up to ~1e-7 where a difference of nearly equal numbers amplifies it
#: (5.034025607e-06 against 5.034026008e-06 is the largest seen, 8e-8 relative).
RTOL = 1e-6
ATOL = 1e-12
#: The largest root-mean-square difference of two figures' pixels (0-255 scale) that passes.
IMAGE_RMS = 1.0

#: A number as Python, numpy and pandas print it (sign, digits, point, exponent), or nan/inf.
NUMBER = re.compile(r"[-+]?(?:(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|\b(?:nan|inf)\b)")
INTEGER = re.compile(r"[-+]?\d+")
SPACES = re.compile(r" +")

IMAGE_TYPES = ("image/png", "application/papermill.record/image/png")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: What differs between runs or machines by design: a result's counter, an error's traceback
#: (file paths); a widget view's random model id is left out where views are compared.
IGNORED = {"execution_count", "transient", "traceback"}


def close(fresh: float, stored: float) -> bool:
    """Whether two floats agree to the stored-output tolerance (nan agrees with nan)."""
    if math.isnan(fresh) or math.isnan(stored):
        return math.isnan(fresh) and math.isnan(stored)
    if fresh == stored:
        return True
    return abs(fresh - stored) <= ATOL + RTOL * abs(stored)


# --- text ------------------------------------------------------------------------------------
def split_numbers(text: str) -> tuple[list[str], list[str]]:
    """The text between the numbers (one more piece than numbers) and the numbers."""
    pieces, numbers, start = [], [], 0
    for match in NUMBER.finditer(text):
        pieces.append(text[start:match.start()])
        numbers.append(match.group())
        start = match.end()
    pieces.append(text[start:])
    return pieces, numbers


def numbers_agree(fresh: str, stored: str) -> str | None:
    """None when two printed numbers agree, else why not."""
    if INTEGER.fullmatch(fresh) and INTEGER.fullmatch(stored):
        return None if int(fresh) == int(stored) else "integers differ"
    a, b = float(fresh), float(stored)
    if close(a, b):
        return None
    if math.isnan(a) or math.isnan(b) or math.isinf(a) or math.isinf(b) or b == 0:
        return "differ"
    return f"relative difference {abs(a - b) / abs(b):.1e} > rtol {RTOL:g}"


def compare_text(fresh: str, stored: str, where: str) -> list[str]:
    """Differences between two texts read as numbers in prose (empty when they agree)."""
    if fresh == stored:
        return []
    fresh_pieces, fresh_numbers = split_numbers(fresh)
    stored_pieces, stored_numbers = split_numbers(stored)
    problems = []
    if len(fresh_numbers) != len(stored_numbers) or any(
            SPACES.sub(" ", f) != SPACES.sub(" ", s) for f, s in zip(fresh_pieces, stored_pieces)):
        at = len(os.path.commonprefix([fresh, stored]))
        problems.append(f"{where}: the text differs (not only in its numbers), first at "
                        f"character {at}: stored {stored[max(0, at - 40):at + 40]!r}, "
                        f"fresh {fresh[max(0, at - 40):at + 40]!r}")
    else:
        for index, (f, s) in enumerate(zip(fresh_numbers, stored_numbers)):
            why = numbers_agree(f, s)
            if why:
                line = stored.count("\n", 0, _position(stored_pieces, stored_numbers, index)) + 1
                problems.append(f"{where}: number {index + 1} (line {line}): stored {s}, "
                                f"fresh {f} ({why})")
    if problems:
        problems.extend(_text_diff(fresh, stored))
    return problems


def _position(pieces: list[str], numbers: list[str], index: int) -> int:
    return sum(len(p) for p in pieces[:index + 1]) + sum(len(n) for n in numbers[:index])


def _text_diff(fresh: str, stored: str, limit: int = 40) -> list[str]:
    lines = list(difflib.unified_diff(stored.splitlines(), fresh.splitlines(), "stored", "fresh",
                                      n=1, lineterm=""))
    shown = [f"    {_shorten(line)}" for line in lines[:limit]]
    if len(lines) > limit:
        shown.append(f"    ... ({len(lines) - limit} more diff lines)")
    return shown


def _shorten(line: str, width: int = 200) -> str:
    return line if len(line) <= width else line[:width] + f"... ({len(line)} characters)"


# --- figures ---------------------------------------------------------------------------------
def decode_image(data: str) -> np.ndarray:
    """A base64 PNG as an RGB array of floats (0-255), transparency composed over white."""
    from PIL import Image

    with Image.open(io.BytesIO(base64.b64decode(data))) as image:
        rgba = np.asarray(image.convert("RGBA"), dtype=float)
    alpha = rgba[..., 3:] / 255.0
    return rgba[..., :3] * alpha + 255.0 * (1.0 - alpha)


def image_rms(fresh: np.ndarray, stored: np.ndarray) -> float:
    """matplotlib's root-mean-square difference of two images of one size (0-255 scale)."""
    from matplotlib.testing.compare import calculate_rms

    return float(calculate_rms(stored, fresh))


def compare_image(fresh: str, stored: str, where: str, diff_dir: Path | None = None) -> list[str]:
    """Differences between two base64 PNG figures (empty when they agree)."""
    if fresh == stored:
        return []
    a, b = decode_image(fresh), decode_image(stored)
    if a.shape != b.shape:
        problems = [f"{where}: the figure's size changed: stored {b.shape[1]}x{b.shape[0]} px, "
                    f"fresh {a.shape[1]}x{a.shape[0]} px"]
    else:
        rms = image_rms(a, b)
        if rms <= IMAGE_RMS:
            return []
        changed = int(np.count_nonzero(np.abs(a - b).max(axis=-1) > 0))
        problems = [f"{where}: the figure changed: RMS difference {rms:.2f} > {IMAGE_RMS:g} "
                    f"(0-255 scale); {changed} of {a.shape[0] * a.shape[1]} pixels differ"]
    if diff_dir is not None:
        problems.append(f"    stored.png, fresh.png and diff.png are in "
                        f"{_save_images(fresh, stored, diff_dir)}")
    return problems


def _save_images(fresh: str, stored: str, diff_dir: Path) -> Path:
    from matplotlib.testing.compare import save_diff_image

    diff_dir.mkdir(parents=True, exist_ok=True)
    paths = {name: diff_dir / f"{name}.png" for name in ("stored", "fresh", "diff")}
    paths["stored"].write_bytes(base64.b64decode(stored))
    paths["fresh"].write_bytes(base64.b64decode(fresh))
    try:
        save_diff_image(str(paths["stored"]), str(paths["fresh"]), str(paths["diff"]))
    except ValueError:          # sizes differ: no diff image
        pass
    return diff_dir


# --- outputs ---------------------------------------------------------------------------------
def _text(value):
    """nbformat keeps multi-line strings as lists of lines in some places."""
    return "".join(value) if isinstance(value, list) and all(isinstance(v, str) for v in value) \
        else value


def coalesce_streams(outputs: list[dict]) -> list[dict]:
    """Stream outputs of one name merged into the first (how stdout is split into messages
    depends on timing); other outputs kept in order."""
    merged, first = [], {}
    for output in outputs:
        if output.get("output_type") == "stream":
            name = output.get("name")
            if name in first:
                first[name]["text"] += _text(output.get("text", ""))
                continue
            output = {**output, "text": _text(output.get("text", ""))}
            first[name] = output
        merged.append(output)
    return merged


def describe(output: dict) -> str:
    kind = output.get("output_type")
    if kind == "stream":
        return f"stream {output.get('name')}"
    if kind == "error":
        return f"error {output.get('ename')}"
    return f"{kind} ({', '.join(sorted(output.get('data', {})))})"


def compare_values(fresh, stored, where: str, diff_dir: Path | None = None) -> list[str]:
    """Differences between two JSON values: dicts by key, lists in order, strings as text with
    numbers, numbers within the tolerance, images as images."""
    fresh, stored = _text(fresh), _text(stored)
    if isinstance(stored, dict) and isinstance(fresh, dict):
        if set(fresh) != set(stored):
            return [f"{where}: keys differ: stored {sorted(stored)}, fresh {sorted(fresh)}"]
        problems = []
        for key in stored:
            inner = f"{where}, {key}" if "/" in key else f"{where}[{key!r}]"
            if key in IMAGE_TYPES and not isinstance(stored[key], dict):
                # (a dict under an image type is output metadata: the shown width and height)
                problems += compare_image(_text(fresh[key]), _text(stored[key]), inner,
                                          None if diff_dir is None else diff_dir / _slug(key))
            elif key == WIDGET_VIEW:
                problems += compare_values(_without_model_id(fresh[key]),
                                           _without_model_id(stored[key]), inner, diff_dir)
            else:
                problems += compare_values(fresh[key], stored[key], inner, diff_dir)
        return problems
    if isinstance(stored, list) and isinstance(fresh, list):
        if len(fresh) != len(stored):
            return [f"{where}: {len(stored)} items stored, {len(fresh)} fresh"]
        return [p for i, (f, s) in enumerate(zip(fresh, stored))
                for p in compare_values(f, s, f"{where}[{i}]", diff_dir)]
    if isinstance(stored, str) and isinstance(fresh, str):
        return compare_text(fresh, stored, where)
    if isinstance(stored, bool) or isinstance(fresh, bool) or stored is None or fresh is None:
        return [] if fresh is stored else [f"{where}: stored {stored!r}, fresh {fresh!r}"]
    if isinstance(stored, (int, float)) and isinstance(fresh, (int, float)):
        if isinstance(stored, int) and isinstance(fresh, int):
            return [] if fresh == stored else [f"{where}: stored {stored}, fresh {fresh}"]
        return [] if close(float(fresh), float(stored)) else \
            [f"{where}: stored {stored!r}, fresh {fresh!r}"]
    return [f"{where}: stored {type(stored).__name__} {stored!r:.80}, "
            f"fresh {type(fresh).__name__} {fresh!r:.80}"]


def _without_model_id(view):
    return {key: value for key, value in view.items() if key != "model_id"} \
        if isinstance(view, dict) else view


def _slug(text: str) -> str:
    return re.sub(r"[^\w.-]+", "_", text)


def compare_outputs(fresh: list[dict], stored: list[dict],
                    diff_dir: Path | None = None) -> list[str]:
    """The differences between a cell's fresh and stored outputs, as readable lines (empty
    when they agree). ``diff_dir``: where to save the stored, fresh and diff images of a figure
    that changed."""
    fresh, stored = coalesce_streams(fresh), coalesce_streams(stored)
    if [describe(o) for o in fresh] != [describe(o) for o in stored]:
        return ["the outputs differ in kind:",
                f"    stored: {[describe(o) for o in stored]}",
                f"    fresh:  {[describe(o) for o in fresh]}"]
    problems = []
    for index, (f, s) in enumerate(zip(fresh, stored)):
        glue = s.get("metadata", {}).get("scrapbook", {}).get("name")
        label = f"output {index + 1} ({describe(s)}" + (f", glued as {glue!r})" if glue else ")")
        where_images = None if diff_dir is None else diff_dir / f"output{index + 1}"
        for key in sorted(set(f) | set(s)):
            if key in IGNORED:
                continue
            if key not in f or key not in s:
                problems.append(f"{label}: {key!r} only in the {'stored' if key in s else 'fresh'}"
                                f" output")
            elif key == "data":
                problems += compare_values(f[key], s[key], label, where_images)
            else:
                problems += compare_values(f[key], s[key], f"{label}, {key}", where_images)
    return problems
