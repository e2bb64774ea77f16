"""The widgets on odd-but-valid and invalid input (evalcore 0.2).

Scores near ±1.8e308, adjacent floats, subnormal scores; every slider position's counts equal
a brute-force count at the threshold the position reports, in Python and in the JavaScript
front end; every widget argument of the wrong kind is our TypeError naming it.
"""

from __future__ import annotations

import math
import re
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec
from evalcore._threshold_explorer import end_thresholds
from evalcore.reference import confusion_counts

EVALCORE = Path(ec.__file__).parent
BIG = 1.7976931348623157e308          # the largest float64, written out (not from numpy)


def adjacent(start: float, count: int) -> list[float]:
    """``count`` consecutive float64 values from ``start`` upwards."""
    out = [start]
    for _ in range(count - 1):
        out.append(math.nextafter(out[-1], math.inf))
    return out


ODD = {
    "huge": ([0, 1, 0, 1], [-1.7e308, 0.0, 1.7e308, 1.0e308]),
    "near the largest": ([0, 1, 1], [1.7e308, 1.79e308, 1.795e308]),
    "adjacent at 1": ([0, 1, 0, 1, 1, 0], adjacent(1.0, 6)),
    "adjacent below 0.1": ([1, 0, 1, 0], adjacent(math.nextafter(0.1, 0.0), 4)),
    "adjacent at -3": ([1, 1, 0, 0, 1], adjacent(-3.0, 5)),
    "subnormal": ([0, 1, 0, 1], [0.0, 5e-324, 1e-323, 1.5e-323]),
    "signed zeros": ([0, 1, 0, 1], [-0.0, 0.0, -5e-324, 5e-324]),
    "beyond 2**53 as floats": ([0, 1, 0], [2.0 ** 53, 2.0 ** 53 + 2, 2.0 ** 54]),
}


def check_every_position(y, s, rule):
    with warnings.catch_warnings():
        warnings.simplefilter("error")              # no RuntimeWarning, no other warning
        explorer = ec.threshold_explorer(y, s, rule=rule)
        low, high = explorer.low, explorer.high
        assert math.isfinite(low) and math.isfinite(high)
        assert low < min(s) and high > max(s)
        thresholds = explorer.thresholds.tolist()
        assert len(thresholds) == len(set(s)) + 1
        assert thresholds == sorted(set(thresholds))        # strictly increasing
        for position, theta in enumerate(thresholds):
            explorer.threshold = theta
            assert explorer.threshold == theta and explorer.position == position
            cm = explorer.confusion_matrix()
            got = {"tp": cm.tp, "fp": cm.fp, "fn": cm.fn, "tn": cm.tn}
            assert got == confusion_counts(y, s, theta, rule)._asdict(), (position, theta)
            at = ec.confusion_matrix_at(y, s, theta, rule=rule)
            assert (at.tp, at.fp, at.fn, at.tn) == (cm.tp, cm.fp, cm.fn, cm.tn)
    return explorer


@pytest.mark.parametrize("name", sorted(ODD))
@pytest.mark.parametrize("rule", [">", ">="])
def test_every_position_is_a_true_operating_point(name, rule):
    check_every_position(*ODD[name], rule)


@settings(max_examples=40, deadline=None)
@given(start=st.floats(allow_nan=False, allow_infinity=False, min_value=-1e300, max_value=1e300),
       labels=st.lists(st.integers(0, 1), min_size=2, max_size=8), rule=st.sampled_from([">", ">="]))
def test_adjacent_floats_anywhere(start, labels, rule):
    labels[:2] = [0, 1]
    check_every_position(labels, adjacent(start, len(labels)), rule)


def test_default_threshold_of_huge_scores_is_finite_and_between_the_middle_ones():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        explorer = ec.threshold_explorer([0, 1], [1.7e308, 1.79e308])
    assert 1.7e308 <= explorer.threshold <= 1.79e308
    assert ec.threshold_explorer([0, 1, 0], [-1.7e308, 0.0, 1.7e308]).threshold == 0.0


def test_end_thresholds_stay_finite_and_outside():
    for low_score, high_score in [(-1.7e308, 1.7e308), (1e308, 1.79e308), (5e-324, 1.5e-323),
                                  (-5e-324, 5e-324), (-1.79e308, -1.7e308)]:
        low, high = end_thresholds(low_score, high_score)
        assert math.isfinite(low) and math.isfinite(high)
        assert low < low_score and high > high_score
    # ordinary scores keep their round ends (as in tests/test_widgets.py)
    assert end_thresholds(0.1, 0.9) == (0.0, 1.0)
    assert end_thresholds(-1.7e308, 1.7e308) == (-1.71e308, 1.71e308)


@pytest.mark.parametrize("scores, side", [([0.0, BIG], "largest"), ([-BIG, 0.0], "lowest")])
def test_scores_at_the_largest_float_are_refused(scores, side):
    with pytest.raises(ValueError, match=f"y_score holds .*the {side} float64: the explorer "
                                         f"needs a finite threshold"):
        ec.threshold_explorer([0, 1], scores)


@pytest.mark.parametrize("scores", [
    np.array([2 ** 53, 2 ** 53 + 1, 2 ** 53 + 2], dtype=np.int64),
    np.array([1, 1, 1], dtype=np.longdouble) + np.array([0, 1, 2], dtype=np.longdouble) * 2.0 ** -60,
])
def test_scores_float64_cannot_tell_apart_are_refused(scores):
    if np.finfo(np.longdouble).nmant < 63:
        pytest.skip("this platform's long double is float64")
    with pytest.raises(ValueError, match="y_score holds values that float64 cannot tell apart"):
        ec.threshold_explorer([0, 1, 0], scores)


def test_integer_threshold_beyond_the_floats_is_an_end():
    explorer = ec.threshold_explorer([0, 1], [0.2, 0.7], threshold=10 ** 400)
    assert explorer.threshold == explorer.high
    explorer.threshold = -10 ** 400
    assert explorer.threshold == explorer.low


# ---- every argument of the wrong kind: our TypeError, naming it --------------------------
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


@pytest.mark.parametrize("kwargs, error, match", [
    ({"balance": True, "max_copies": 10 ** 30}, ValueError,
     "max_copies must be an integer between 2 and 1000"),
    ({"show": ("roc", "venn")}, ValueError, "show must name at least one panel"),
])
def test_out_of_range_options_are_value_errors(kwargs, error, match):
    with pytest.raises(error, match=match):
        ec.threshold_explorer(Y, S, **kwargs)


def test_self_check_refuses_non_finite_numbers_with_value_errors():
    with pytest.raises(ValueError, match=r"answer must lie in \(-inf, inf\), got inf"):
        ec.self_check("q", answer=math.inf, hint="h", explain="e")
    with pytest.raises(ValueError, match=r"answer must lie in \(-inf, inf\) and within "
                                         r"float64's range, got an integer of 401 digits"):
        ec.self_check("q", answer=10 ** 400, hint="h", explain="e")
    with pytest.raises(ValueError, match="mistakes' keys must be a number"):
        ec.self_check("q", answer=1.0, hint="h", explain="e", mistakes={math.nan: "x"})
    with pytest.raises(ValueError, match="tolerance must be non-negative and finite"):
        ec.self_check("q", answer=1.0, tolerance=math.inf, hint="h", explain="e")


def test_self_check_with_a_huge_tolerance_and_checked_responses():
    q = ec.self_check("q", answer=1.0, tolerance=1e308, hint="h", explain="e")
    assert q.answer_label == "1" and q.check(-1e307)
    m = ec.self_check("q", choices=["a", "b"], answer=1, explanations=["x", "y"])
    with pytest.raises(TypeError, match="response must be an integer"):
        m.check(True)
    with pytest.raises(TypeError, match="response must be a real number"):
        q.check("1")


def test_numpy_string_panels_are_accepted():
    explorer = ec.threshold_explorer(Y, S, show=np.array(["strip", "roc"]))
    assert explorer.show == ["roc", "strip"]


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


def test_the_widget_modules_use_the_shared_vocabulary():
    """No hand-written kind checks and no sorting of their own (the ranking core sorts)."""
    for name in ("_threshold_explorer.py", "_distribution_explorer.py", "_slider_stack.py",
                 "_self_check.py", "widgets.py"):
        source = (EVALCORE / name).read_text()
        assert "numbers.Integral" not in source and "numbers.Real" not in source, name
        assert "argsort" not in source, name


# ---- the JavaScript front end on the same data -------------------------------------------

@pytest.mark.parametrize("name", sorted(ODD))
def test_front_end_positions_match_brute_force(explorer_js, name):
    y, s = ODD[name]
    explorer = ec.threshold_explorer(y, s)
    order = np.argsort(s, kind="stable")          # the test's own sort, for the page
    scores = [s[i] for i in order]
    labels = [y[i] for i in order]
    for rule in (">", ">="):
        got = explorer_js.evaluate("""([scores, labels, rule, low, high]) => {
            const pts = ee.tieGroups(Float64Array.from(scores), Uint8Array.from(labels));
            const out = [];
            for (let p = 0; p <= pts.K; p++) {
              const theta = ee.thresholdAt(p, rule, pts.values, low, high);
              out.push({theta, back: ee.positionOf(pts.values, theta, rule),
                        counts: ee.countsAt(pts, theta, rule, 1),
                        share: ee.shareOf(theta, low, high)});
            }
            return out;
        }""", [scores, labels, rule, explorer.low, explorer.high])
        explorer.rule = rule
        assert [row["theta"] for row in got] == explorer.thresholds.tolist()
        for position, row in enumerate(got):
            assert row["back"] == position
            counts = {k: int(v) for k, v in row["counts"].items()}
            assert counts == confusion_counts(y, s, row["theta"], rule)._asdict(), \
                (rule, position, row["theta"])
            assert 0 <= row["share"] <= 1          # on the strip, not overflowed to NaN


def test_front_end_strip_scale_of_huge_scores(explorer_js):
    low, high = end_thresholds(-1.7e308, 1.7e308)
    got = explorer_js.evaluate("""([low, high]) => [-1.7e308, 0, 1.7e308].map(s => ee.shareOf(s, low, high))
        .concat([0, 0.5, 1].map(f => ee.scoreAt(f, low, high)))""", [low, high])
    shares, back = got[:3], got[3:]
    # exact fractions of the way: (s - low) / (high - low) with high = -low
    assert shares[1] == 0.5 and 0 < shares[0] < 0.01 and 0.99 < shares[2] < 1
    assert back == [low, 0.0, high]
    # ordinary ends: the plain formula (s - low) / (high - low), bit for bit
    assert explorer_js.evaluate("() => ee.shareOf(0.3, -0.1, 1.1)") == (0.3 - -0.1) / (1.1 - -0.1)
