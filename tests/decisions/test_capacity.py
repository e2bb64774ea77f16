"""Capacity: the gain and lift curves, the KS statistic and the counts at a capacity k.

References: scipy's two-sample Kolmogorov–Smirnov statistic (``scipy.stats.ks_2samp``) for
the KS statistic; loops over the thresholds that count the flagged rows by a mask for gain
and lift; for the top k, every order of the rows enumerated (a stable sort by score after
each permutation, so each way of breaking the ties is equally likely), the counts averaged
as exact fractions. Identities (hypothesis): the gain curve ends at (1, 1), lift × share
flagged = gain, KS = max(TPR − FPR) = Youden's J when that is the larger side. Chapter 18's
glued numbers are recomputed here without evalcore (each case's chance of making the top k;
scipy's KS on the credit model) and checked against what its prose says about them.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

import evalcore as ec
from conftest import ROOT
from default_credit import default_credit
from notebook_cells import cells, glued, source
from reference import one_undefined_warning
from stored_outputs import close
from strategies import labelled_scores

TOY_Y = [0, 0, 1, 1]
TOY_S = [0.1, 0.4, 0.35, 0.8]


# ------------------------------------------------------------------------ brute force
def gain_by_masks(y, s):
    """(share flagged, gain) at every distinct score, highest first, from (0, 0)."""
    y, s = np.asarray(y), np.asarray(s)
    share, gain = [0.0], [0.0]
    for t in sorted(set(s.tolist()), reverse=True):
        flagged = s >= t
        share.append(flagged.sum() / len(s))
        gain.append(y[flagged].sum() / y.sum())
    return np.array(share), np.array(gain)


def top_k_by_enumeration(y, s, k):
    """The exact mean number of positives among the first k rows over every order of the
    rows, each sorted (stably) by decreasing score: random tie-breaking, enumerated."""
    total, count = Fraction(0), 0
    for order in itertools.permutations(range(len(y))):
        ranked = sorted(order, key=lambda i: -s[i])          # stable: ties keep `order`
        total += sum(y[i] for i in ranked[:k])
        count += 1
    return total / count


# ------------------------------------------------------------------ the shared toy case
def test_toy_case_by_hand():
    gain = ec.gain_curve(TOY_Y, TOY_S)
    assert gain.share_flagged.tolist() == [0, 0.25, 0.5, 0.75, 1]
    assert gain.gain.tolist() == [0, 0.5, 0.5, 1, 1]
    assert ec.lift_curve(TOY_Y, TOY_S).lift.tolist() == [2, 1, 1 / 0.75, 1]
    assert ec.ks_statistic(TOY_Y, TOY_S) == (0.5, 0.8, 0.0, 0.5)
    top = ec.counts_at_capacity(TOY_Y, TOY_S, k=3)
    assert (top.tp, top.fp, top.precision, top.recall) == (2, 1, 2 / 3, 1)


# ------------------------------------------------------------------------- gain and lift
@settings(max_examples=150, deadline=None)
@given(labelled_scores())
def test_gain_and_lift_equal_the_loop_over_thresholds(data):
    y, s = data
    share, gain = gain_by_masks(y, s)
    curve = ec.gain_curve(y, s)
    np.testing.assert_allclose(curve.share_flagged, share, rtol=0, atol=1e-15)
    np.testing.assert_allclose(curve.gain, gain, rtol=0, atol=1e-15)
    lift = ec.lift_curve(y, s)
    np.testing.assert_allclose(lift.lift, gain[1:] / share[1:], rtol=1e-14)
    np.testing.assert_array_equal(lift.thresholds, curve.thresholds[1:])


@settings(max_examples=150, deadline=None)
@given(labelled_scores())
def test_gain_ends_at_one_one_and_lift_times_share_is_gain(data):
    y, s = data
    curve = ec.gain_curve(y, s)
    assert (curve.share_flagged[0], curve.gain[0]) == (0, 0)
    assert (curve.share_flagged[-1], curve.gain[-1]) == (1, 1)
    assert np.all(np.diff(curve.share_flagged) > 0) and np.all(np.diff(curve.gain) >= 0)
    lift = ec.lift_curve(y, s)
    np.testing.assert_allclose(lift.lift * lift.share_flagged, curve.gain[1:], rtol=1e-14)
    assert lift.lift[-1] == pytest.approx(1.0, abs=1e-15)


def test_gain_is_the_roc_curves_tpr_against_the_share_flagged():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 300)
    s = np.round(rng.normal(y, 1.0), 1)
    roc, gain = ec.roc_curve(y, s), ec.gain_curve(y, s)
    np.testing.assert_array_equal(gain.gain, roc.tpr)
    prevalence = y.mean()
    np.testing.assert_allclose(gain.share_flagged,
                               prevalence * roc.tpr + (1 - prevalence) * roc.fpr, atol=1e-15)


def test_lift_is_precision_over_prevalence():
    rng = np.random.default_rng(4)
    y = rng.integers(0, 2, 200)
    s = rng.integers(0, 20, 200)
    pr = ec.precision_recall_curve(y, s)
    lift = ec.lift_curve(y, s)
    np.testing.assert_allclose(lift.lift, pr.precision[:-1][::-1] / y.mean(), rtol=1e-14)


def test_integer_weights_equal_repeated_rows():
    y, s, w = [0, 1, 1, 0, 1], [0.3, 0.9, 0.3, 0.5, 0.1], [2, 1, 3, 1, 2]
    rows = np.repeat(np.arange(5), w)
    weighted = ec.gain_curve(y, s, sample_weight=w)
    repeated = ec.gain_curve(np.array(y)[rows], np.array(s)[rows])
    np.testing.assert_allclose(weighted.share_flagged, repeated.share_flagged, rtol=1e-15)
    np.testing.assert_allclose(weighted.gain, repeated.gain, rtol=1e-15)
    assert ec.ks_statistic(y, s, sample_weight=w) == pytest.approx(
        ec.ks_statistic(np.array(y)[rows], np.array(s)[rows]))


# --------------------------------------------------------------------------------- KS
def _scipy_ks(a, b):
    """scipy's two-sample KS statistic; only the statistic is compared, so the warnings its
    p-value may raise on tiny or tied samples (exact method failing, n = 1) are silenced."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        return stats.ks_2samp(a, b).statistic


@pytest.mark.parametrize("seed", range(5))
def test_ks_equals_scipy_on_continuous_scores(seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, 400)
    s = rng.normal(0.8 * y, 1.0)                 # continuous: no ties
    assert len(np.unique(s)) == len(s)
    expected = _scipy_ks(s[y == 1], s[y == 0])
    assert ec.ks_statistic(y, s).statistic == pytest.approx(expected, abs=1e-14)


@settings(max_examples=100, deadline=None)
@given(labelled_scores())
def test_ks_equals_scipy_with_ties_too(data):
    y, s = data
    expected = _scipy_ks(s[y == 1], s[y == 0])
    assert ec.ks_statistic(y, s).statistic == pytest.approx(expected, abs=1e-14)


@settings(max_examples=150, deadline=None)
@given(labelled_scores())
def test_ks_is_youdens_j_when_the_curve_lies_above_the_diagonal(data):
    y, s = data
    ks = ec.ks_statistic(y, s)
    roc = ec.roc_curve(y, s)
    above = float(np.max(roc.tpr - roc.fpr))
    assert ks.statistic == pytest.approx(max(above, float(np.max(roc.fpr - roc.tpr))))
    if above >= float(np.max(roc.fpr - roc.tpr)):
        youden = ec.threshold_by_youden(y, s)
        assert ks.statistic == pytest.approx(above) == pytest.approx(youden.value)
        assert ks.threshold == youden.threshold
    assert ks.tpr - ks.fpr == pytest.approx(ks.statistic) or \
        ks.fpr - ks.tpr == pytest.approx(ks.statistic)


def test_ks_of_a_reversed_ranking_is_the_gap_below_the_diagonal():
    y = [1, 1, 0, 0]
    ks = ec.ks_statistic(y, [0.1, 0.2, 0.8, 0.9])
    assert ks.statistic == 1.0 and (ks.fpr, ks.tpr) == (1.0, 0.0)


# ----------------------------------------------------------------------------- top k
@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 1), min_size=n, max_size=n),
    st.lists(st.integers(0, 2), min_size=n, max_size=n),
    st.integers(1, n))))
def test_top_k_is_the_mean_over_every_tie_breaking(data):
    y, s, k = data
    if sum(y) == 0:
        y[0] = 1
    expected_tp = top_k_by_enumeration(y, s, k)
    top = ec.counts_at_capacity(y, s, k=k)
    assert top.tp == pytest.approx(float(expected_tp), abs=1e-12)
    assert top.fp == pytest.approx(float(k - expected_tp), abs=1e-12)
    assert top.precision == pytest.approx(float(expected_tp / k), abs=1e-12)
    assert top.recall == pytest.approx(float(expected_tp / sum(y)), abs=1e-12)
    kth = sorted(s, reverse=True)[k - 1]
    assert top.threshold == kth
    assert top.tied == s.count(kth)
    assert top.tied_taken == k - sum(v > kth for v in s)


def test_top_k_without_ties_counts_the_first_k_by_hand():
    rng = np.random.default_rng(7)
    y = rng.integers(0, 2, 1000)
    s = rng.normal(y, 1.0)
    order = np.argsort(-s)
    for k in (1, 10, 200, 999, 1000):
        top = ec.counts_at_capacity(y, s, k=k)
        tp = int(y[order[:k]].sum())
        assert (top.tp, top.fp) == (tp, k - tp)
        assert (top.tied, top.tied_taken) == (1, 1)
        assert top.recall == tp / y.sum()


def test_top_k_lies_on_the_straight_line_between_gain_points():
    rng = np.random.default_rng(8)
    y = rng.integers(0, 2, 500)
    s = rng.integers(0, 30, 500)
    gain = ec.gain_curve(y, s)
    for k in range(1, 501, 7):
        top = ec.counts_at_capacity(y, s, k=k)
        assert top.recall == pytest.approx(np.interp(k / 500, gain.share_flagged, gain.gain))


# ---------------------------------------------------------------- a ScoreCounts instead
def test_a_score_counts_gives_the_same_results_as_the_arrays():
    rng = np.random.default_rng(9)
    y = rng.integers(0, 2, 300)
    s = rng.integers(0, 40, 300) / 4
    counts = ec.ScoreCounts.from_arrays(y, s)
    for name in ("gain_curve", "lift_curve"):
        for a, b in zip(getattr(counts, name)(), getattr(ec, name)(y, s)):
            np.testing.assert_array_equal(a, b)
    assert counts.ks_statistic() == ec.ks_statistic(y, s)
    assert counts.counts_at_capacity(k=50) == ec.counts_at_capacity(y, s, k=50)


# ------------------------------------------------------------------- undefined and errors
def test_no_positives_gives_nan_with_one_warning():
    y, s = [0, 0, 0], [0.1, 0.2, 0.3]
    gain = one_undefined_warning(ec.gain_curve, y, s)
    assert np.isnan(gain.gain).all() and gain.share_flagged.tolist() == [0, 1 / 3, 2 / 3, 1]
    assert np.isnan(one_undefined_warning(ec.lift_curve, y, s).lift).all()
    assert all(math.isnan(v) for v in one_undefined_warning(ec.ks_statistic, y, s))
    top = one_undefined_warning(ec.counts_at_capacity, y, s, k=2)
    assert math.isnan(top.recall) and (top.tp, top.fp, top.precision) == (0, 2, 0)


def test_no_negatives_leaves_gain_defined_but_not_ks():
    y, s = [1, 1], [0.1, 0.2]
    assert ec.gain_curve(y, s).gain.tolist() == [0, 0.5, 1]
    assert math.isnan(one_undefined_warning(ec.ks_statistic, y, s).statistic)


@pytest.mark.parametrize("k, error, match", [
    (0, ValueError, r"k must be an integer between 1 and 4, got 0"),
    (5, ValueError, r"k must be an integer between 1 and 4, got 5"),
    (2.0, TypeError, r"k must be an integer"),
    (True, TypeError, r"k must be an integer"),
    (None, TypeError, r"k must be an integer, got None"),
])
def test_k_is_checked(k, error, match):
    with pytest.raises(error, match=match):
        ec.counts_at_capacity(TOY_Y, TOY_S, k=k)


def test_a_weighted_score_counts_has_no_whole_cases():
    counts = ec.ScoreCounts.from_arrays(TOY_Y, TOY_S, sample_weight=[1, 2, 1, 1])
    with pytest.raises(ValueError, match="k counts whole cases, which a weighted ScoreCounts"):
        counts.counts_at_capacity(k=1)


@pytest.mark.parametrize("f", [ec.gain_curve, ec.lift_curve, ec.ks_statistic])
def test_the_arguments_are_checked_as_everywhere(f):
    with pytest.raises(ValueError, match="y_true"):
        f([0, 1, 2], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="y_score"):
        f([0, 1, 1], [0.1, np.nan, 0.3])
    with pytest.raises(TypeError, match=rf"has the method: counts\.{f.__name__}\(\)"):
        f(ec.ScoreCounts.from_arrays(TOY_Y, TOY_S), TOY_S)


# ------------------------------------------------------- chapter 18: what its prose says
CH18 = ROOT / "chapters" / "22_capacity.ipynb"


@pytest.fixture(scope="module")
def chapter():
    """The chapter's glued values, and its fraud day drawn as its code draws it."""
    code = "\n".join(source(c) for c in cells(CH18) if c["cell_type"] == "code")
    assert "rng = np.random.default_rng(0)" in code
    assert "n_day, fraud_rate, shift = 20_000, 0.005, 2.5" in code
    rng = np.random.default_rng(0)
    y = (rng.uniform(size=20_000) < 0.005).astype(int)
    s = np.round(rng.normal(2.5 * y, 1.0), 1)
    return glued(CH18), y, s


def expected_top_k(y, s, k):
    """Positives expected among the top k by each case's chance of being taken: 1 above the
    k-th score, (places left) / (cases tied) at it, 0 below (linearity of expectation)."""
    kth = np.sort(s)[::-1][k - 1]
    above, tied = s > kth, s == kth
    chance = np.where(above, Fraction(1), Fraction(0)).astype(object)
    chance[tied] = Fraction(k - int(above.sum()), int(tied.sum()))
    return sum(chance[y == 1])


def test_chapter_counts_at_the_capacity(chapter):
    values, y, s = chapter
    for k, recall, precision in ((200, "cap_recall", "cap_precision"),
                                 (400, "ex1_recall", "ex1_precision")):
        tp = expected_top_k(y, s, k)
        assert close(float(tp / y.sum()), values[recall])
        assert close(float(tp / k), values[precision])
    assert close(float(expected_top_k(y, s, 200)), values["cap_tp"])
    # the prose: the 200th score is tied across the cut; the shuffles straddle the expectation;
    # doubling the capacity lowers precision and raises recall
    assert 0 < values["cap_taken"] < values["cap_tied"]
    assert values["cap_shuffled_min"] <= values["cap_tp"] <= values["cap_shuffled_max"]
    assert values["ex1_precision"] < values["cap_precision"]
    assert values["ex1_recall"] > values["cap_recall"]
    assert values["cap_fraud_lift"] == pytest.approx(values["cap_precision"]
                                                     / values["cap_prevalence"])


def test_chapter_ks_statistic_of_the_credit_model(chapter):
    values = chapter[0]
    credit = default_credit()
    y, test = credit.y, credit.test
    p = credit.test_scores()[1]
    ks = stats.ks_2samp(p[y[test] == 1], p[y[test] == 0]).statistic
    assert close(ks, values["cap_ks"]) and values["ex2_diff"] < 1e-12
    # the prose: the KS point flags more than the top decile the team can call
    assert values["cap_ks_flagged"] > values["cap_calls"] / values["cap_credit_n"]
    assert close(values["cap_credit_tp"], float(y[test][np.argsort(-p)][:200].sum()))
