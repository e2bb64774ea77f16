"""evalcore/core/areas.py: the ROC AUC (three methods), Gini, the partial AUC, average
precision and the trapezoid PR area.

References: scikit-learn's ``roc_auc_score`` (with ``max_fpr`` for McClish's standardized
partial AUC) and ``average_precision_score``; pROC's partial AUCs of the aSAH data; the R
note's and the tutorial's code transcribed (tests/reference.py); the AUC by its pairs and by
mid-ranks (evalcore.reference); a brute-force integration of the ROC polyline. Property tests
compare the three AUC methods with one another and check the invariances (increasing
transforms, reordering, integer weights as copies, scaled weights). The README's rows on
``pos_label`` and on average precision against the trapezoid areas hold for scikit-learn."""

from __future__ import annotations

import inspect
import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sklearn.metrics import precision_score, roc_auc_score

import evalcore as ec
from evalcore.core import areas
from evalcore.reference import auc_pairs, auc_ranks, operating_points

from helpers import CASES, both_classes, close, draw_case, metrics, recode
from reference import one_undefined_warning, r_pr_auc, r_roc_auc, tutorial_auc
from strategies import PROFILE, scored


TOY_Y, TOY_S = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
RNG = np.random.default_rng(20240611)


def brute_partial_area(y, s, max_fpr, steps=20_000):
    """Midpoint rule on the ROC polyline (points by direct masks), taking the upper value
    on vertical segments; exact up to O(1/steps) at the segment ends."""
    rows = operating_points(y, s)
    pos, neg = rows[0][3], rows[0][4]
    fpr = np.array([fp / neg for _, tp, fp, fn, tn in rows])
    tpr = np.array([tp / pos for _, tp, fp, fn, tn in rows])
    x = (np.arange(steps) + 0.5) / steps * max_fpr
    k = np.searchsorted(fpr, x, side="right")         # fpr[k-1] <= x < fpr[k]
    left = np.clip(k - 1, 0, len(fpr) - 1)
    right = np.clip(k, 0, len(fpr) - 1)
    width = np.where(fpr[right] > fpr[left], fpr[right] - fpr[left], 1)
    y_at = tpr[left] + (x - fpr[left]) / width * (tpr[right] - tpr[left])
    return float(y_at.mean() * max_fpr)


def test_toy_by_hand():
    # ROC (0,0) (0,.5) (.5,.5) (.5,1) (1,1): up to FPR .5 the height is .5
    assert ec.partial_auc(TOY_Y, TOY_S, max_fpr=0.5) == 0.25
    # McClish: ½(1 + (.25 − .125)/(.5 − .125)) = 2/3
    assert ec.partial_auc(TOY_Y, TOY_S, max_fpr=0.5, standardized=True) == pytest.approx(2 / 3)
    # cutting inside the segment (.5,1)→(1,1) and inside (0,.5)→(.5,.5)
    assert ec.partial_auc(TOY_Y, TOY_S, max_fpr=0.75) == pytest.approx(0.25 + 0.25)
    assert ec.partial_auc(TOY_Y, TOY_S, max_fpr=0.2) == pytest.approx(0.1)


def test_full_range_is_the_auc():
    y = [0, 1, 0, 1, 1, 0, 0]
    s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    assert ec.partial_auc(y, s, max_fpr=1) == pytest.approx(11 / 12)
    assert ec.partial_auc(y, s, max_fpr=1, standardized=True) == pytest.approx(11 / 12)


def test_perfect_and_reversed():
    y = [0, 0, 0, 1, 1]
    assert ec.partial_auc(y, [1, 2, 3, 4, 5], max_fpr=0.3) == pytest.approx(0.3)
    assert ec.partial_auc(y, [1, 2, 3, 4, 5], max_fpr=0.3, standardized=True) == 1.0
    assert ec.partial_auc(y, [5, 4, 3, 2, 1], max_fpr=0.3) == 0.0


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 60), st.data(), st.floats(0.01, 1.0))
def test_standardized_matches_sklearn_with_ties(n, data, max_fpr):
    y = data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    if 0 not in y or 1 not in y:
        y[0], y[-1] = 0, 1
    ties = data.draw(st.booleans())
    if ties:
        s = data.draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
    else:
        s = data.draw(st.lists(st.floats(-3, 3, allow_nan=False), min_size=n, max_size=n))
    ours = ec.partial_auc(y, s, max_fpr=max_fpr, standardized=True)
    assert ours == pytest.approx(roc_auc_score(y, s, max_fpr=max_fpr), rel=1e-9, abs=1e-12)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 30), st.data(), st.floats(0.05, 1.0))
def test_raw_matches_brute_force_integration(n, data, max_fpr):
    y = data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    if 0 not in y or 1 not in y:
        y[0], y[-1] = 0, 1
    s = data.draw(st.lists(st.integers(0, 8), min_size=n, max_size=n))
    assert ec.partial_auc(y, s, max_fpr=max_fpr) == pytest.approx(
        brute_partial_area(y, s, max_fpr), abs=2e-4)


def test_weights_equal_repetition():
    y, s, w = [0, 1, 0, 1, 1, 0], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6], [1, 2, 3, 1, 2, 1]
    assert ec.partial_auc(y, s, max_fpr=0.4, sample_weight=w) == pytest.approx(
        ec.partial_auc(np.repeat(y, w), np.repeat(s, w), max_fpr=0.4))


def test_single_class_is_undefined():
    value = one_undefined_warning(ec.partial_auc, [1, 1, 1], [0.1, 0.2, 0.3], max_fpr=0.5)
    assert math.isnan(value)


@pytest.mark.parametrize("max_fpr, error, match", [
    (0, ValueError, r"max_fpr must lie in \(0, 1\]"),
    (1.5, ValueError, r"max_fpr must lie in \(0, 1\]"),
    (-0.1, ValueError, r"max_fpr must lie in \(0, 1\]"),
    (float("nan"), ValueError, r"max_fpr must be a number in \(0, 1\]"),
    ("0.5", TypeError, "max_fpr must be a real number"),
    (True, TypeError, "max_fpr must be a real number"),
])
def test_bad_max_fpr(max_fpr, error, match):
    with pytest.raises(error, match=match):
        ec.partial_auc(TOY_Y, TOY_S, max_fpr=max_fpr)


# --------------------------------------------------------------------- ranges not starting at 0

# pROC's aSAH data, the WFNS grade (1-5) of 113 patients by outcome (pROC's data/aSAH.RData,
# read without R): the 72 with a good outcome and the 41 with a poor one (the positives).
WFNS_GOOD = [37, 20, 3, 8, 4]
WFNS_POOR = [2, 12, 1, 8, 18]
WFNS_S = np.r_[np.repeat(np.arange(1, 6), WFNS_GOOD), np.repeat(np.arange(1, 6), WFNS_POOR)]
WFNS_Y = np.r_[np.zeros(72, dtype=int), np.ones(41, dtype=int)]


def test_wfns_table_is_pROCs_auc():
    # pROC tests/testthat/test-auc.R: auc(r.wfns) = 0.823678861788618
    assert ec.roc_auc(WFNS_Y, WFNS_S) == pytest.approx(0.823678861788618, abs=1e-14)


# pROC tests/testthat/test-auc.R, auc(r.wfns, partial.auc = c(high, low), ...): the bounds
# are specificities (focus "sp") or sensitivities (focus "se")
@pytest.mark.parametrize("high, low, focus, correct, expected", [
    (1.0, 0.9, "sp", False, 0.0334417344173442),
    (0.9, 0.8, "sp", False, 0.0598373983739837),
    (0.5, 0.0, "sp", False, 0.488134475939354),
    (1.0, 0.9, "sp", True, 0.649693339038653),
    (0.9, 0.8, "sp", True, 0.763749402199904),
    (0.5, 0.0, "sp", True, 0.952537903757416),
    (1.0, 0.9, "se", False, 0.0400999322493225),
    (0.9, 0.8, "se", False, 0.0609953703703703),
    (0.5, 0.0, "se", False, 0.483358739837398),
    (1.0, 0.9, "se", True, 0.68473648552275),
    (0.9, 0.8, "se", True, 0.770561002178649),
    (0.5, 0.0, "se", True, 0.933434959349593),
    (1.0, 0.0, "se", True, 0.823678861788618),
])
def test_matches_pROC_on_wfns(high, low, focus, correct, expected):
    if focus == "sp":     # specificity in [low, high] is FPR in [1 - high, 1 - low]
        value = ec.partial_auc(WFNS_Y, WFNS_S, min_fpr=1 - high, max_fpr=1 - low,
                               standardized=correct)
    else:
        value = ec.partial_auc(WFNS_Y, WFNS_S, min_tpr=low, max_tpr=high,
                               standardized=correct)
    assert value == pytest.approx(expected, abs=1e-12)


def polyline(y, s, *, swap=False):
    """ROC points by direct masks: (FPR, TPR), or (TPR, 1 − FPR) with ``swap``."""
    rows = operating_points(y, s)
    pos, neg = rows[0][3], rows[0][4]
    fpr = np.array([fp / neg for _, tp, fp, fn, tn in rows])
    tpr = np.array([tp / pos for _, tp, fp, fn, tn in rows])
    return (tpr, 1 - fpr) if swap else (fpr, tpr)


def brute_band(x, y, low, high, steps=20_000):
    """Midpoint rule for ∫ y dx over [low, high] on a polyline with x non-decreasing."""
    grid = low + (np.arange(steps) + 0.5) / steps * (high - low)
    values = []
    for g in grid:
        k = int(np.searchsorted(x, g, side="right"))   # x[k-1] <= g < x[k]
        k = min(max(k, 1), len(x) - 1)
        x0, x1, y0, y1 = x[k - 1], x[k], y[k - 1], y[k]
        values.append(y0 if x1 == x0 else y0 + (g - x0) / (x1 - x0) * (y1 - y0))
    return float(np.mean(values) * (high - low))


def mcclish(area, least, most):
    return 0.5 * (1 + (area - least) / (most - least))


ranges = st.tuples(st.floats(0.0, 1.0), st.floats(0.0, 1.0)).filter(
    lambda r: abs(r[0] - r[1]) > 0.02).map(sorted)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(2, 25), st.data(), ranges, st.booleans())
def test_any_range_matches_brute_force_and_mcclish(n, data, bounds, on_tpr):
    y = data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    if 0 not in y or 1 not in y:
        y[0], y[-1] = 0, 1
    s = data.draw(st.lists(st.integers(0, 6), min_size=n, max_size=n))
    low, high = bounds
    x, h = polyline(y, s, swap=on_tpr)
    area = brute_band(x, h, low, high)
    # the chance diagonal over the same band: TPR = FPR, or specificity = 1 - TPR
    least = brute_band(np.array([0.0, 1.0]), np.array([1.0, 0.0]) if on_tpr
                       else np.array([0.0, 1.0]), low, high)
    band = dict(min_tpr=low, max_tpr=high) if on_tpr else dict(min_fpr=low, max_fpr=high)
    assert ec.partial_auc(y, s, **band) == pytest.approx(area, abs=2e-4)
    assert ec.partial_auc(y, s, **band, standardized=True) == pytest.approx(
        mcclish(area, least, high - low), abs=2e-3 / (high - low))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(2, 40), st.data(), st.floats(0.0, 1.0), st.booleans())
def test_adjacent_ranges_add_up_to_the_auc(n, data, cut, on_tpr):
    y = data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    if 0 not in y or 1 not in y:
        y[0], y[-1] = 0, 1
    s = data.draw(st.lists(st.integers(0, 6), min_size=n, max_size=n))
    cut = min(max(cut, 0.01), 0.99)
    if on_tpr:
        parts = (ec.partial_auc(y, s, max_tpr=cut), ec.partial_auc(y, s, min_tpr=cut))
    else:
        parts = (ec.partial_auc(y, s, max_fpr=cut), ec.partial_auc(y, s, min_fpr=cut,
                                                                    max_fpr=1.0))
    assert sum(parts) == pytest.approx(roc_auc_score(y, s), abs=1e-12)


@pytest.mark.parametrize("band", [dict(min_fpr=0.2, max_fpr=0.6), dict(min_tpr=0.7),
                                  dict(max_tpr=0.3), dict(min_tpr=0.2, max_tpr=0.9)])
def test_chance_gives_one_half_and_a_perfect_ranking_one(band):
    y = [0, 1] * 50
    tied = [0.5] * 100                       # one tie group: the diagonal itself
    assert ec.partial_auc(y, tied, **band, standardized=True) == pytest.approx(0.5)
    perfect = [0, 1] * 50
    assert ec.partial_auc(y, perfect, **band, standardized=True) == pytest.approx(1.0)
    raw = ec.partial_auc(y, perfect, **band)
    width = band.get("max_fpr", band.get("max_tpr", 1.0)) - band.get(
        "min_fpr", band.get("min_tpr", 0.0))
    assert raw == pytest.approx(width)


@pytest.mark.parametrize("kwargs, error, match", [
    (dict(), TypeError, "needs a region"),
    (dict(min_fpr=0.1), TypeError, "needs a region"),
    (dict(min_fpr=0.5, max_fpr=0.5), ValueError, "min_fpr must be below max_fpr"),
    (dict(min_fpr=-0.1, max_fpr=0.5), ValueError, r"min_fpr must lie in \[0\.0, 1\.0\]"),
    (dict(min_fpr="0", max_fpr=0.5), TypeError, "min_fpr must be a real number"),
    (dict(max_fpr=0.5, min_tpr=0.5), ValueError, "not both"),
    (dict(min_tpr=0.8, max_tpr=0.2), ValueError, "min_tpr must be below max_tpr"),
    (dict(max_tpr=1.5), ValueError, r"max_tpr must lie in \[0\.0, 1\.0\]"),
    (dict(min_tpr=True), TypeError, "min_tpr must be a real number"),
])
def test_bad_ranges(kwargs, error, match):
    with pytest.raises(error, match=match):
        ec.partial_auc(TOY_Y, TOY_S, **kwargs)


# ----------------------------------------- identities and invariances on any input (Hypothesis)

TOL = 1e-12


@PROFILE
@given(scored())
def test_three_auc_methods_agree(case):
    y, s, w = case
    rank = ec.roc_auc(y, s, method="rank", sample_weight=w)
    assert ec.roc_auc(y, s, method="trapezoid", sample_weight=w) == pytest.approx(rank, abs=TOL)
    assert ec.roc_auc(y, s, method="pairs", sample_weight=w) == pytest.approx(rank, abs=TOL)
    assert 0.0 <= rank <= 1.0


@PROFILE
@given(scored())
def test_auc_of_negated_scores(case):
    y, s, w = case
    for method in ("rank", "trapezoid", "pairs"):
        assert ec.roc_auc(y, -s, method=method, sample_weight=w) == pytest.approx(
            1 - ec.roc_auc(y, s, method=method, sample_weight=w), abs=TOL)


@PROFILE
@given(scored())
def test_auc_of_flipped_labels(case):
    y, s, w = case
    assert ec.roc_auc(1 - y, s, sample_weight=w) == pytest.approx(
        1 - ec.roc_auc(y, s, sample_weight=w), abs=TOL)


@PROFILE
@given(scored())
def test_gini_is_two_auc_minus_one(case):
    y, s, w = case
    assert ec.gini(y, s, sample_weight=w) == pytest.approx(
        2 * ec.roc_auc(y, s, sample_weight=w) - 1, abs=TOL)


INCREASING = {
    "affine": lambda x: 3.0 * x - 7.0,
    "cube": lambda x: x ** 3,
    "tanh": np.tanh,
    "logistic": lambda x: 1 / (1 + np.exp(-x)),
    "rank": lambda x: np.searchsorted(np.unique(x), x).astype(float),
}


@PROFILE
@given(scored(), st.sampled_from(sorted(INCREASING)))
def test_invariant_under_increasing_transforms(case, name):
    y, s, w = case
    with np.errstate(all="ignore"):
        t = INCREASING[name](s)
        distinct = np.unique(s)
        assume(np.all(np.isfinite(t)) and np.all(np.diff(INCREASING[name](distinct)) > 0))
    for f in (ec.roc_auc, ec.average_precision, ec.pr_auc_trapezoid):
        assert f(y, t, sample_weight=w) == pytest.approx(f(y, s, sample_weight=w), abs=TOL)
    a, b = ec.roc_curve(y, s, sample_weight=w), ec.roc_curve(y, t, sample_weight=w)
    np.testing.assert_allclose(b.fpr, a.fpr, atol=TOL)
    np.testing.assert_allclose(b.tpr, a.tpr, atol=TOL)
    assert ec.equal_error_rate(y, t, sample_weight=w).eer == pytest.approx(
        ec.equal_error_rate(y, s, sample_weight=w).eer, abs=TOL)


@PROFILE
@given(scored(), st.randoms(use_true_random=False))
def test_invariant_under_reordering(case, random):
    y, s, w = case
    order = list(range(len(y)))
    random.shuffle(order)
    yp, sp, wp = y[order], s[order], None if w is None else w[order]
    for f in (ec.roc_auc, ec.average_precision, ec.pr_auc_trapezoid, ec.gini):
        assert f(yp, sp, sample_weight=wp) == pytest.approx(f(y, s, sample_weight=w), abs=TOL)
    a, b = ec.roc_curve(y, s, sample_weight=w), ec.roc_curve(yp, sp, sample_weight=wp)
    np.testing.assert_allclose(b.fpr, a.fpr, atol=TOL)
    np.testing.assert_allclose(b.tpr, a.tpr, atol=TOL)
    np.testing.assert_array_equal(b.thresholds, a.thresholds)


@PROFILE
@given(scored(weighted=False), st.lists(st.integers(0, 3), min_size=30, max_size=30))
def test_integer_weights_equal_copies(case, copies):
    y, s, _ = case
    w = np.array(copies[:len(y)], dtype=float)
    assume(w[y == 1].sum() > 0 and w[y == 0].sum() > 0)
    reps = w.astype(int)
    yc, sc = np.repeat(y, reps), np.repeat(s, reps)
    for f in (ec.roc_auc, ec.average_precision, ec.pr_auc_trapezoid):
        assert f(y, s, sample_weight=w) == pytest.approx(f(yc, sc), abs=TOL)
    a, b = ec.roc_curve(y, s, sample_weight=w), ec.roc_curve(yc, sc)
    np.testing.assert_allclose(a.fpr, b.fpr, atol=TOL)
    np.testing.assert_allclose(a.tpr, b.tpr, atol=TOL)


@PROFILE
@given(scored(weighted=True), st.sampled_from([1e-3, 0.5, 7.0, 1e6]))
def test_scaling_weights_changes_nothing(case, c):
    y, s, w = case
    for f in (ec.roc_auc, ec.average_precision, ec.pr_auc_trapezoid):
        assert f(y, s, sample_weight=c * w) == pytest.approx(f(y, s, sample_weight=w), abs=1e-9)


# -------------------------------------------- random cases against scikit-learn and brute force

@pytest.mark.parametrize("method", ["rank", "trapezoid", "pairs"])
def test_roc_auc_vs_sklearn(method):
    rng = np.random.default_rng(105)
    for _ in range(CASES):
        y, s, w = draw_case(rng)
        if not both_classes(y, w):
            continue
        y_coded, pos_label, _ = recode(rng, y)
        ours = ec.roc_auc(y_coded, s, method=method, sample_weight=w, pos_label=pos_label)
        assert type(ours) is float
        close(ours, metrics.roc_auc_score(y, s, sample_weight=w))


def test_roc_auc_vs_pairs_ranks_and_tutorial():
    rng = np.random.default_rng(106)
    for _ in range(CASES):
        y, s, w = draw_case(rng)
        if not both_classes(y, w):
            continue
        auc = ec.roc_auc(y, s, sample_weight=w)
        close(auc, auc_pairs(y, s, w))
        if w is None:
            close(auc, auc_ranks(y, s))
            close(auc, tutorial_auc(y, s))


def test_gini_vs_sklearn():
    rng = np.random.default_rng(107)
    for _ in range(CASES):
        y, s, w = draw_case(rng)
        if not both_classes(y, w):
            continue
        close(ec.gini(y, s, sample_weight=w), 2 * metrics.roc_auc_score(y, s, sample_weight=w) - 1)


def test_average_precision_vs_sklearn():
    rng = np.random.default_rng(108)
    for _ in range(CASES):
        y, s, w = draw_case(rng)
        weights = np.ones(len(y)) if w is None else w
        if weights[y == 1].sum() == 0:      # undefined: tested in test_curves.py
            continue
        y_coded, pos_label, sk_pos = recode(rng, y)
        ours = ec.average_precision(y_coded, s, sample_weight=w, pos_label=pos_label)
        assert type(ours) is float
        close(ours, metrics.average_precision_score(y_coded, s, sample_weight=w,
                                                    pos_label=sk_pos))


def test_pr_auc_trapezoid_vs_r_note():
    # the R note's curves() + auc(), transcribed; its "min - eps" needs |min| < 2, so the
    # scores are probabilities, as in the note
    rng = np.random.default_rng(109)
    for _ in range(CASES):
        y, s, _ = draw_case(rng, weighted=False,
                            kinds=("uniform", "rounded", "constant", "signed_zero"))
        if y.sum() == 0 or abs(s.min()) >= 1:   # R's min(s) - eps == min(s) once |min| >= 2
            continue
        close(ec.pr_auc_trapezoid(y, s), r_pr_auc(y, s))
        if both_classes(y, None):
            close(ec.roc_auc(y, s, method="trapezoid"), r_roc_auc(y, s))


# ------------------------------------------- scikit-learn's defaults, as the README states them

def test_pos_label_defaults_as_the_readme_says():
    y, score = ["a", "b", "b", "a"], [0.1, 0.9, 0.6, 0.4]
    assert metrics.roc_auc_score(y, score) == 1.0              # "b", the last sorted, taken
    with pytest.raises(ValueError, match="pos_label is not specified"):
        metrics.roc_curve(y, score)
    with pytest.raises(ValueError, match="pos_label"):
        ec.roc_auc(y, score)
    assert ec.roc_auc(y, score, pos_label="b") == metrics.roc_auc_score(y, score)
    assert inspect.signature(precision_score).parameters["pos_label"].default == 1


def test_average_precision_and_the_trapezoid_areas_as_the_readme_says():
    for weight in (None, RNG.random(300)):
        y = RNG.integers(0, 2, 300)
        score = np.round(RNG.normal(size=300) + y, 1)
        assert ec.average_precision(y, score, sample_weight=weight) == pytest.approx(
            metrics.average_precision_score(y, score, sample_weight=weight), rel=1e-12)
        precision, recall, _ = metrics.precision_recall_curve(y, score, sample_weight=weight)
        first = recall[-2] * (1 + precision[-2]) / 2       # from (0, 1) to the first point
        assert ec.pr_auc_trapezoid(y, score, sample_weight=weight) + first == pytest.approx(
            metrics.auc(recall, precision), rel=1e-12)


# ------------------------------------------------------------------------------------ odd input

BIG = 2 ** 53


def test_roc_auc_of_neighbours_beyond_2_53():
    assert ec.roc_auc([0, 1], np.int64([BIG, BIG + 1])) == 1.0
    assert ec.roc_auc([1, 0], np.int64([BIG, BIG + 1])) == 0.0


# --------------------------------------------------------------- bad input and undefined values

@pytest.mark.parametrize("method", ["ranks", "auc", "", "Rank"])
def test_roc_auc_method(method):
    with pytest.raises(ValueError, match=r"method must be 'rank', 'trapezoid' or 'pairs'"):
        ec.roc_auc(TOY_Y, TOY_S, method=method)


@pytest.mark.parametrize("method", [None, 1, True])
def test_roc_auc_method_of_the_wrong_kind(method):
    with pytest.raises(TypeError, match=r"method must be one of \('rank', 'trapezoid', 'pairs'\)"):
        ec.roc_auc(TOY_Y, TOY_S, method=method)


def test_pairs_refuses_too_many_pairs(monkeypatch):
    monkeypatch.setattr(areas, "MAX_PAIRS", 6)
    y = [0, 0, 0, 1, 1]                              # 3 x 2 = 6 pairs: allowed
    assert ec.roc_auc(y, [1, 2, 3, 4, 5], method="pairs") == 1.0
    y = [0, 0, 0, 1, 1, 1]                           # 3 x 3 = 9 pairs: refused
    with pytest.raises(ValueError, match=r"method='pairs' compares all 9 positive/negative "
                                         r"pairs.*more than 6: use method='rank'"):
        ec.roc_auc(y, [1, 2, 3, 4, 5, 6], method="pairs")
    assert ec.roc_auc(y, [1, 2, 3, 4, 5, 6]) == 1.0  # the default method has no limit
    assert ec.MAX_PAIRS == 20_000_000                # the public constant, unpatched


ONE_CLASS = [([1, 1, 1], "positives only"), ([0, 0, 0], "negatives only")]


@pytest.mark.parametrize("y, case", ONE_CLASS)
@pytest.mark.parametrize("method", ["rank", "trapezoid", "pairs"])
def test_auc_with_one_class(y, case, method):
    assert math.isnan(one_undefined_warning(ec.roc_auc, y, [0.1, 0.5, 0.9], method=method))


@pytest.mark.parametrize("method", ["rank", "trapezoid", "pairs"])
def test_auc_with_one_class_of_nonzero_weight(method):
    # the positive has weight 0: only negatives count
    value = one_undefined_warning(ec.roc_auc, [0, 1, 0], [0.1, 0.5, 0.9], method=method,
                                  sample_weight=[1, 0, 1])
    assert math.isnan(value)
