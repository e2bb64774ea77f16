"""evalcore/plotting/style.py and evalcore.plotting as a package: what every figure shares,
checked over every figure in one table each.

pos_label on every plot of labels (strings with pos_label draw what the 0/1 coding draws),
one vocabulary for the options (the wrong kind a TypeError, out of range a ValueError, each
naming the argument), exactly one UndefinedMetricWarning per undefined figure, the old
module's names still importable, and importing evalcore without importing matplotlib."""

from __future__ import annotations

import subprocess
import sys
import warnings

import numpy as np
import pytest

import evalcore as ec
import evalcore.plotting as plotting

from helpers import drawn

pytestmark = pytest.mark.usefixtures("close_figures")   # each test's figures closed after it


RNG = np.random.default_rng(7)
Y01 = RNG.integers(0, 2, 40)
Y01[:2] = (0, 1)
SCORE = np.round(RNG.uniform(0, 1, 40), 1)       # ties
WEIGHT = RNG.uniform(0.5, 2.0, 40)
YSTR = np.where(Y01 == 1, "spam", "ham")          # "ham" < "spam": positive is not the larger


# (function, keyword options) for every plot function that takes labels
LABELLED = [
    (ec.plot_roc, {"sample_weight": WEIGHT, "fill": True}),
    (ec.plot_pr, {"sample_weight": WEIGHT}),
    (ec.plot_pr_area, {"method": "trapezoid"}),
    (ec.plot_equal_error_rate, {"sample_weight": WEIGHT}),
    (ec.plot_scores, {"threshold": 0.5, "rule": ">="}),
    (ec.plot_roc_hull, {"cost_fp": 1.0, "cost_fn": 3.0, "sample_weight": WEIGHT}),
    (ec.plot_cost_curves, {"probability_cost": 0.3, "sample_weight": WEIGHT}),
    (ec.plot_achievable_pr, {"sample_weight": WEIGHT}),
    (ec.plot_prg, {"sample_weight": WEIGHT}),
    (ec.plot_reliability, {"n_bins": 4, "sample_weight": WEIGHT}),
]
IDS = [f.__name__ for f, _ in LABELLED]


@pytest.mark.parametrize("plot, options", LABELLED, ids=IDS)
def test_string_labels_with_pos_label_draw_what_the_0_1_coding_draws(plot, options):
    coded = drawn(plot(Y01, SCORE, **options))
    named = drawn(plot(YSTR, SCORE, pos_label="spam", **options))
    assert named == coded
    # naming the other class the positive one is the mirrored problem: 1 - y, and -score
    # for the ranking plots gives the same ROC; here it is enough that it draws differently
    other = drawn(plot(YSTR, SCORE, pos_label="ham", **options))
    assert other != coded


@pytest.mark.parametrize("plot, options", LABELLED, ids=IDS)
def test_a_pos_label_that_is_not_a_label_is_refused(plot, options):
    with pytest.raises(ValueError, match=r"pos_label='eggs' is not one of the labels"):
        plot(YSTR, SCORE, pos_label="eggs", **options)


@pytest.mark.parametrize("plot, options", LABELLED, ids=IDS)
def test_string_labels_without_pos_label_are_refused(plot, options):
    with pytest.raises(ValueError, match="name the positive class with pos_label"):
        plot(YSTR, SCORE, **options)


def test_pos_label_is_keyword_only():
    with pytest.raises(TypeError):
        ec.plot_roc(YSTR, SCORE, None, None, None, True, False, True, None, "spam")


# ------------- options: the wrong kind is a TypeError, the right kind out of range a ValueError

BAD_OPTIONS = [
    (lambda: ec.plot_roc(Y01, SCORE, markers="yes"), TypeError, "markers must be True or False"),
    (lambda: ec.plot_roc(Y01, SCORE, fill=1), TypeError, "fill must be True or False"),
    (lambda: ec.plot_roc(Y01, SCORE, chance=None), TypeError, "chance must be True or False"),
    (lambda: ec.plot_pr(Y01, SCORE, baseline="no"), TypeError, "baseline must be True or"),
    (lambda: ec.plot_pr_area(Y01, SCORE, method=2), TypeError, "method must be one of"),
    (lambda: ec.plot_pr_area(Y01, SCORE, method="linear"), ValueError,
     r"method must be one of \('step', 'trapezoid'\)"),
    (lambda: ec.plot_roc_space(landmarks=0), TypeError, "landmarks must be True or False"),
    (lambda: ec.plot_scores(Y01, SCORE, rule=1), TypeError, "rule must be one of"),
    (lambda: ec.plot_scores(Y01, SCORE, rule="<"), ValueError, "rule must be one of"),
    (lambda: ec.plot_scores(Y01, SCORE, seed=1.5), TypeError, "seed must be an integer"),
    (lambda: ec.plot_scores(Y01, SCORE, seed=-1), ValueError, "seed must be an integer of at"),
    (lambda: ec.plot_scores(Y01, SCORE, jitter="a"), TypeError, "jitter must be a non-negative"),
    (lambda: ec.plot_scores(Y01, SCORE, jitter=np.inf), ValueError,
     "jitter must be non-negative and finite"),
    (lambda: ec.plot_scores(Y01, SCORE, threshold="0.5"), TypeError,
     "threshold must be a real number"),
    (lambda: ec.plot_scores(Y01, SCORE, threshold=np.nan), ValueError,
     "threshold must not be NaN"),
    (lambda: ec.plot_cost_curves(Y01, SCORE, probability_cost=1.5), ValueError,
     r"probability_cost must lie in \[0.0, 1.0\]"),
    (lambda: ec.plot_cost_curves(Y01, SCORE, probability_cost="a"), TypeError,
     "probability_cost must be a real number"),
    (lambda: ec.plot_cost_curves(Y01, SCORE, all_lines=1), TypeError,
     "all_lines must be True or False"),
    (lambda: ec.plot_achievable_pr(Y01, SCORE, straight="y"), TypeError,
     "straight must be True or False"),
    (lambda: ec.plot_reliability(Y01, SCORE, diagonal=1), TypeError,
     "diagonal must be True or False"),
    (lambda: ec.plot_roc_hull(Y01, SCORE, cost_fp=1), ValueError, "give both cost_fp and"),
    (lambda: ec.plot_decision_scores([[0, 0], [1, 1]], [0, 1], sum, resolution=2.0), TypeError,
     "resolution must be an integer"),
    (lambda: ec.plot_decision_scores([[0, 0], [1, 1]], [0, 1], sum, margin=-1), ValueError,
     "margin must be non-negative"),
    (lambda: ec.plot_decision_scores([[0, 0], [1, 1]], [0, 1], sum, colorbar="no"), TypeError,
     "colorbar must be True or False"),
    (lambda: ec.plot_decision_scores([[0, np.nan], [1, 1]], [0, 1], sum), ValueError,
     "X must be finite"),
    (lambda: ec.plot_decision_scores(np.zeros((0, 2)), [], sum), ValueError,
     "X must hold at least one row"),
    (lambda: ec.plot_decision_scores([[0, 0], [1, 1]], [0, 1], lambda Z: Z), ValueError,
     "score_fn must return one score per row"),
    (lambda: ec.plot_decision_scores([[0, 0], [1, 1]], [0, 1], lambda Z: np.full(len(Z), np.nan)),
     ValueError, "score_fn must return finite scores"),
    (lambda: ec.plot_confusion_matrix([[1, 2], [3, 4]]), TypeError,
     "cm must be a ConfusionMatrix"),
    (lambda: ec.plot_confusion_matrix(ec.ConfusionMatrix.from_counts(tp=1, fp=1, fn=1, tn=1),
                                      normalize="yes"), TypeError, "normalize must be True or"),
    (lambda: ec.plot_metric_bars([0.5, 0.6], groups=["a", "b"]), TypeError,
     "values must be a mapping"),
    (lambda: ec.plot_metric_bars({}, groups=[]), ValueError, "values must hold at least one"),
    (lambda: ec.plot_metric_bars({"a": [1, 2]}, groups=["x"]), ValueError,
     r"values\['a'\] must hold one value per group"),
    (lambda: ec.plot_sampling_distribution([0.5, np.nan]), ValueError, "values must be finite"),
    (lambda: ec.plot_sampling_distribution([]), ValueError, "values must be a non-empty 1-D"),
    (lambda: ec.plot_sampling_distribution([0.5, 0.6], bins=0), ValueError,
     "bins must be an integer of at least 1"),
    (lambda: ec.plot_sampling_distribution([0.5, 0.6], bins=3.0), TypeError,
     "bins must be an integer"),
    (lambda: ec.plot_sampling_distribution([0.5, 0.6], truth="a"), TypeError,
     "truth must be a real number"),
    (lambda: ec.plot_sampling_distribution([0.5, 0.6], interval=(0.7, 0.6)), ValueError,
     "interval must be a pair"),
    (lambda: ec.plot_intervals([0.5, np.nan], [0.6, 0.7], truth=0.55), ValueError,
     "lows and highs must not hold NaN"),
    (lambda: ec.plot_intervals([0.5, 0.8], [0.6, 0.7]), ValueError,
     "lows must not exceed highs: row 1"),
    (lambda: ec.plot_intervals([0.5], [0.6], labels=["a", "b"]), ValueError,
     "labels must name each interval"),
    (lambda: ec.plot_intervals([0.5], [0.6], estimates=[0.5, 0.6]), ValueError,
     "estimates must hold one value per interval"),
    (lambda: ec.plot_intervals([0.5], [0.6], reference=np.nan), ValueError,
     "reference must be a number"),
    (lambda: ec.plot_interval_width([0, 10], [0.1, 0.2]), ValueError,
     "sizes must be positive"),
    (lambda: ec.plot_interval_width([1, 10], [0.1]), ValueError,
     "sizes and widths must have the same length"),
    (lambda: ec.plot_interval_width([1, 10], [0.1, 0.2], reference=1), TypeError,
     "reference must be True or False"),
    (lambda: ec.mark_point(ec.plot_roc_space(), "a", 1), TypeError, "x must be a real number"),
]


@pytest.mark.parametrize("call, error, match", BAD_OPTIONS,
                         ids=[m for _, _, m in BAD_OPTIONS])
def test_bad_options_are_refused_naming_the_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()


# ----------------------- a class missing: exactly one UndefinedMetricWarning, no RuntimeWarning

ONE_CLASS = [
    (ec.plot_roc, {}), (ec.plot_pr, {}), (ec.plot_equal_error_rate, {}),
    (ec.plot_roc_hull, {}), (ec.plot_roc_hull, {"cost_fp": 1, "cost_fn": 2}),
    (ec.plot_cost_curves, {}), (ec.plot_cost_curves, {"all_lines": False}),
    (ec.plot_achievable_pr, {}), (ec.plot_prg, {}),
]


@pytest.mark.parametrize("plot, options", ONE_CLASS,
                         ids=[f"{f.__name__}-{len(o)}" for f, o in ONE_CLASS])
def test_without_positives_a_figure_warns_exactly_once(plot, options):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ax = plot([0, 0, 0], [0.1, 0.2, 0.3], **options)
    kinds = [w.category for w in caught]
    assert kinds == [ec.UndefinedMetricWarning], [str(w.message) for w in caught]
    assert ax.get_xlabel()                 # the empty frame is still drawn


# ---------------------------------------------------------------------------------- the package

def test_every_name_of_the_old_module_is_still_importable():
    names = ["COLORS", "book_style", "mark_point", "plot_achievable_pr",
             "plot_confusion_matrix", "plot_cost_curves", "plot_decision_scores",
             "plot_equal_error_rate", "plot_interval_width", "plot_intervals",
             "plot_metric_bars", "plot_pr", "plot_pr_area", "plot_prg", "plot_reliability",
             "plot_roc", "plot_roc_hull", "plot_roc_space", "plot_sampling_distribution",
             "plot_scores"]
    assert sorted(plotting.__all__) == sorted(names)
    for name in names:
        assert getattr(plotting, name) is getattr(ec, name)


def test_importing_evalcore_does_not_import_matplotlib():
    code = "import evalcore, sys; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60)
    assert out.stdout.strip() == "False"
