"""evalcore/stats/uncertainty.py: bootstrap_ci and paired_bootstrap_ci.

References: scipy.stats.bootstrap (percentile and BCa; with ``batch=1`` it draws its
resamples from the generator in the order evalcore does: ``paired=True`` is the case
bootstrap, two unpaired samples, the positives and the negatives, the stratified one),
brute-force resampling loops written here with the same generator, and pairwise AUCs
computed from the definition (tests/reference.py)."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

import evalcore as ec

from helpers import binormal, mean_gap, said, scipy_stratified
from reference import pair_auc


SEVEN_Y = np.array([0, 1, 0, 1, 1, 0, 0])
SEVEN_S = np.array([0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3])


def label_auc(y, s):
    y, s = np.asarray(y), np.asarray(s)
    if y.min() == y.max():
        return math.nan
    return pair_auc(s[y == 1], s[y == 0])


def accuracy_at_zero(y, s):
    """Accuracy of the rule s >= 0: defined on every resample."""
    return float(np.mean((np.asarray(s) >= 0) == (np.asarray(y) == 1)))


def scipy_case(y, s, statistic, method, n_boot, seed, level=0.95):
    """scipy's case bootstrap: resample (label, score) pairs together."""
    res = stats.bootstrap((np.asarray(y), np.asarray(s, dtype=float)), statistic,
                          paired=True, vectorized=False, n_resamples=n_boot, batch=1,
                          method=method, confidence_level=level,
                          rng=np.random.default_rng(seed))
    return res.confidence_interval


# ----------------------------------------------------------------------------------- percentile

def test_case_percentile_matches_a_brute_force_loop_with_the_same_generator():
    y, s = binormal(np.random.default_rng(1), 30, 50, shuffle=True)
    ci = ec.bootstrap_ci(y, s, ec.roc_auc, n_boot=500, random_state=9)
    rng = np.random.default_rng(9)
    values, sizes = [], set()
    for _ in range(500):
        take = rng.integers(0, y.size, y.size)
        sizes.add(int(y[take].sum()))
        values.append(label_auc(y[take], s[take]))
    assert len(sizes) > 5            # the number of positives varies between resamples
    assert ci.estimate == pytest.approx(pair_auc(s[y == 1], s[y == 0]), rel=1e-14)
    assert (ci.low, ci.high) == pytest.approx(tuple(np.quantile(values, [0.025, 0.975])),
                                              rel=1e-12)
    assert ci.n_undefined == 0


@pytest.mark.parametrize("level", [0.9, 0.95])
def test_case_percentile_matches_scipy_paired(level):
    y, s = binormal(np.random.default_rng(2), 20, 40, shuffle=True)
    ci = ec.bootstrap_ci(y, s, accuracy_at_zero, n_boot=400, level=level, random_state=4)
    ref = scipy_case(y, s, accuracy_at_zero, "percentile", 400, 4, level)
    assert (ci.low, ci.high) == pytest.approx((ref.low, ref.high), rel=1e-12)


def test_stratified_percentile_matches_scipy_two_samples():
    y, s = binormal(np.random.default_rng(3), 15, 35, shuffle=True, decimals=1)   # ties too
    seen = []

    def auc(label, score):
        seen.append((int(label.sum()), int((label == 0).sum())))
        return label_auc(label, score)
    ci = ec.bootstrap_ci(y, s, auc, n_boot=300, stratified=True, random_state=8)
    assert set(seen) == {(15, 35)}             # every call, the data's too, keeps P and N
    ref = scipy_stratified(y, s, "percentile", 300, 8)
    assert (ci.low, ci.high) == pytest.approx((ref.low, ref.high), rel=1e-12)


# ------------------------------------------------------------------------------------------ BCa

def test_case_bca_matches_scipy():
    y, s = binormal(np.random.default_rng(5), 25, 45, shuffle=True)
    ci = ec.bootstrap_ci(y, s, accuracy_at_zero, n_boot=600, method="bca", random_state=6)
    ref = scipy_case(y, s, accuracy_at_zero, "BCa", 600, 6)
    assert (ci.low, ci.high) == pytest.approx((ref.low, ref.high), rel=1e-12)


def test_case_bca_of_the_auc_matches_scipy():
    y, s = binormal(np.random.default_rng(6), 40, 40, separation=1.5, shuffle=True)
    ci = ec.bootstrap_ci(y, s, ec.roc_auc, n_boot=500, method="bca", random_state=1)
    ref = scipy_case(y, s, label_auc, "BCa", 500, 1)
    assert ci.n_undefined == 0
    assert (ci.low, ci.high) == pytest.approx((ref.low, ref.high), rel=1e-12)


def test_stratified_bca_matches_scipy_two_samples():
    # AUC near 0.9: a skewed distribution
    y, s = binormal(np.random.default_rng(7), 10, 40, separation=2.0, shuffle=True)
    ci = ec.bootstrap_ci(y, s, ec.roc_auc, n_boot=500, method="bca", stratified=True,
                         random_state=3)
    ref = scipy_stratified(y, s, "BCa", 500, 3)
    assert (ci.low, ci.high) == pytest.approx((ref.low, ref.high), rel=1e-12)
    percentile = ec.bootstrap_ci(y, s, ec.roc_auc, n_boot=500, stratified=True,
                                 random_state=3)
    assert (ci.low, ci.high) != (percentile.low, percentile.high)


def test_bca_undefined_when_the_estimate_is_outside_the_bootstrap_values():
    # the share of distinct cases is 1 on the data and below 1 on every resample that
    # repeats a case (all but 20!/20^20 of them): the bias correction Φ⁻¹(1) is infinite
    y = np.r_[np.ones(10, dtype=int), np.zeros(10, dtype=int)]
    s = np.arange(20.0)
    distinct = lambda label, score: np.unique(score).size / score.size  # noqa: E731
    with pytest.warns(ec.UndefinedMetricWarning, match="BCa .* lies above every") as record:
        ci = ec.bootstrap_ci(y, s, distinct, n_boot=200, method="bca", random_state=0)
    assert len(record) == 1
    assert math.isnan(ci.low) and math.isnan(ci.high) and ci.estimate == 1.0
    percentile = ec.bootstrap_ci(y, s, distinct, n_boot=200, random_state=0)
    assert percentile.high < 1.0


# ----------------------------------------------------------------------------- undefined values

def precision_above(threshold):
    return lambda y, s: ec.confusion_matrix_at(y, s, threshold).precision


def test_undefined_on_the_data_gives_nan_and_exactly_one_warning():
    # nothing scores above 0.95: the precision is undefined on the data itself, and the
    # metric's own warning must not come on top of the bootstrap's
    with pytest.warns(ec.UndefinedMetricWarning, match="undefined .nan. on the data") as rec:
        ci = ec.bootstrap_ci(SEVEN_Y, SEVEN_S, precision_above(0.95), n_boot=50,
                             random_state=0)
    assert len(rec) == 1
    assert all(math.isnan(v) for v in (ci.estimate, ci.low, ci.high))
    with pytest.warns(ec.UndefinedMetricWarning) as rec:
        d = ec.paired_bootstrap_ci(SEVEN_Y, SEVEN_S, SEVEN_S, precision_above(0.95),
                                   n_boot=50, random_state=0)
    assert len(rec) == 1 and math.isnan(d.difference)


def test_the_warning_points_at_the_caller():
    with pytest.warns(ec.UndefinedMetricWarning) as rec:
        ec.bootstrap_ci(SEVEN_Y, SEVEN_S, precision_above(0.95), n_boot=5, random_state=0)
    assert rec[0].filename == __file__


def test_undefined_resamples_are_left_out_counted_and_reported_once():
    # one case above 0.75 (a positive): a case resample without it calls nothing positive
    metric = precision_above(0.75)
    with pytest.warns(ec.UndefinedMetricWarning, match="left out") as rec:
        ci = ec.bootstrap_ci(SEVEN_Y, SEVEN_S, metric, n_boot=400, random_state=3)
    assert len(rec) == 1
    rng = np.random.default_rng(3)
    values = []
    for _ in range(400):
        take = rng.integers(0, 7, 7)
        called = SEVEN_S[take] > 0.75
        values.append(SEVEN_Y[take][called].mean() if called.any() else math.nan)
    values = np.array(values)
    missing = int(np.isnan(values).sum())
    assert ci.n_undefined == missing
    # (6/7)^7 of the resamples miss the one case: about 34%
    assert missing / 400 == pytest.approx((6 / 7) ** 7, abs=0.07)
    kept = values[~np.isnan(values)]
    assert (ci.low, ci.high) == pytest.approx(tuple(np.quantile(kept, [0.025, 0.975])))
    assert ci.estimate == 1.0


def test_undefined_on_every_resample():
    # recall with a single positive in 30 cases, on resamples of 1 case: impossible here,
    # so use a metric that is nan whenever a resample repeats a case
    y = np.r_[1, 1, np.zeros(8, dtype=int)]
    s = np.linspace(0, 1, 10)
    def distinct(label, score):
        return 1.0 if np.unique(score).size == score.size else math.nan
    with pytest.warns(ec.UndefinedMetricWarning, match="on all 20 resamples") as rec:
        ci = ec.bootstrap_ci(y, s, distinct, n_boot=20, random_state=0)
    assert len(rec) == 1
    assert math.isnan(ci.low) and math.isnan(ci.high) and ci.estimate == 1.0
    assert ci.n_undefined == 20


def test_no_warning_when_every_resample_is_defined():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ci = ec.bootstrap_ci(SEVEN_Y, SEVEN_S, ec.roc_auc, n_boot=200, stratified=True,
                             random_state=0)
    assert ci.n_undefined == 0


# --------------------------------------------------------------------------------------- paired

def test_paired_matches_a_brute_force_loop_on_the_same_cases():
    y, a = binormal(np.random.default_rng(8), 30, 30, shuffle=True)
    b = 0.5 * a + np.random.default_rng(0).normal(0, 1, a.size)
    d = ec.paired_bootstrap_ci(y, a, b, ec.roc_auc, n_boot=300, random_state=5)
    rng = np.random.default_rng(5)
    diffs = []
    for _ in range(300):
        take = rng.integers(0, y.size, y.size)
        diffs.append(label_auc(y[take], a[take]) - label_auc(y[take], b[take]))
    assert d.estimate_a == pytest.approx(label_auc(y, a), rel=1e-14)
    assert d.estimate_b == pytest.approx(label_auc(y, b), rel=1e-14)
    assert d.difference == pytest.approx(d.estimate_a - d.estimate_b, abs=1e-15)
    assert (d.low, d.high) == pytest.approx(tuple(np.quantile(diffs, [0.025, 0.975])),
                                            rel=1e-12)


@pytest.mark.parametrize("method", ["percentile", "BCa"])
def test_paired_matches_scipy(method):
    y, a = binormal(np.random.default_rng(9), 25, 35, shuffle=True)
    b = a + np.random.default_rng(1).normal(0, 1, a.size)
    d = ec.paired_bootstrap_ci(y, a, b, ec.roc_auc, n_boot=400, method=method.lower(),
                               random_state=2)
    ref = stats.bootstrap((y, a, b), lambda y, a, b: label_auc(y, a) - label_auc(y, b),
                          paired=True, vectorized=False, n_resamples=400, batch=1,
                          method=method, rng=np.random.default_rng(2)).confidence_interval
    assert (d.low, d.high) == pytest.approx((ref.low, ref.high), rel=1e-12)


def test_paired_is_narrower_than_two_independent_intervals_would_suggest():
    y, a = binormal(np.random.default_rng(10), 100, 100, shuffle=True)
    b = a + np.random.default_rng(2).normal(0, 0.3, a.size)    # a close copy of a
    d = ec.paired_bootstrap_ci(y, a, b, ec.roc_auc, n_boot=300, random_state=0)
    ca = ec.bootstrap_ci(y, a, ec.roc_auc, n_boot=300, random_state=0)
    assert d.high - d.low < 0.5 * (ca.high - ca.low)


def test_paired_swapping_the_classifiers_negates_the_interval():
    y, a = binormal(np.random.default_rng(11), 20, 20, shuffle=True)
    b = np.round(a + np.random.default_rng(3).normal(0, 1, a.size), 1)
    ab = ec.paired_bootstrap_ci(y, a, b, ec.roc_auc, n_boot=300, random_state=7)
    ba = ec.paired_bootstrap_ci(y, b, a, ec.roc_auc, n_boot=300, random_state=7)
    assert ab.difference == -ba.difference
    assert ab.low == pytest.approx(-ba.high, abs=1e-12)
    assert ab.high == pytest.approx(-ba.low, abs=1e-12)


def test_paired_identical_scores_give_a_zero_interval():
    d = ec.paired_bootstrap_ci(SEVEN_Y, SEVEN_S, SEVEN_S, ec.roc_auc, n_boot=100,
                               stratified=True, random_state=0)
    assert (d.low, d.difference, d.high) == (0.0, 0.0, 0.0)


# ----------------------------------------------------------------------------------- properties

@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(6, 30), st.integers(0, 2**32 - 1), st.booleans(),
       st.sampled_from(["percentile", "bca"]), st.floats(0.5, 0.99))
def test_interval_is_ordered_and_inside_the_metric_range(size, seed, stratified, method,
                                                         level):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, size)
    y[:2] = [0, 1]
    s = rng.integers(0, 5, size).astype(float)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        ci = ec.bootstrap_ci(y, s, ec.roc_auc, n_boot=60, level=level, method=method,
                             stratified=stratified, random_state=seed)
    if not math.isnan(ci.low):
        assert 0.0 <= ci.low <= ci.high <= 1.0
    assert 0 <= ci.n_undefined <= 60
    if stratified:
        assert ci.n_undefined == 0           # both classes are in every resample


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(0, 2**32 - 1))
def test_same_seed_same_interval(seed):
    a = ec.bootstrap_ci(SEVEN_Y, SEVEN_S, ec.roc_auc, n_boot=50, stratified=True,
                        random_state=seed)
    b = ec.bootstrap_ci(SEVEN_Y, SEVEN_S, ec.roc_auc, n_boot=50, stratified=True,
                        random_state=np.random.default_rng(seed))
    assert a == b


# ------------------------------------------------------------------------------------ bad input

def test_errors_name_the_argument_and_the_rule():
    with pytest.raises(ValueError, match="method must be one of"):
        ec.bootstrap_ci(SEVEN_Y, SEVEN_S, ec.roc_auc, method="BCa")
    with pytest.raises(TypeError, match="stratified must be True or False"):
        ec.bootstrap_ci(SEVEN_Y, SEVEN_S, ec.roc_auc, stratified="yes")
    with pytest.raises(ValueError, match=r"level must lie in \(0\.0, 1\.0\)"):
        ec.paired_bootstrap_ci(SEVEN_Y, SEVEN_S, SEVEN_S, ec.roc_auc, level=1.0)
    with pytest.raises(ValueError, match="y_score_a has 7, y_score_b has 6"):
        ec.paired_bootstrap_ci(SEVEN_Y, SEVEN_S, SEVEN_S[:6], ec.roc_auc)
    with pytest.raises(ValueError, match="y_score_b must be finite"):
        ec.paired_bootstrap_ci(SEVEN_Y, SEVEN_S, np.r_[SEVEN_S[:6], np.nan], ec.roc_auc)
    with pytest.raises(TypeError, match="metric must be a callable"):
        ec.paired_bootstrap_ci(SEVEN_Y, SEVEN_S, SEVEN_S, None)
    with pytest.raises(TypeError, match="metric must return a real number"):
        ec.paired_bootstrap_ci(SEVEN_Y, SEVEN_S, SEVEN_S, lambda y, s: "high", n_boot=3)
    with pytest.raises(ValueError, match="n_boot must be an integer of at least 1"):
        ec.paired_bootstrap_ci(SEVEN_Y, SEVEN_S, SEVEN_S, ec.roc_auc, n_boot=0)


# --------------------------------------------- a hand-rolled bootstrap, a metric at a threshold

def test_bootstrap_ci_is_stratified_and_matches_a_hand_rolled_bootstrap():
    y = np.array([0, 1, 0, 1, 1, 0, 0, 1, 0, 0])
    s = np.linspace(0, 1, 10)
    seen = []

    def counts(label, score):
        seen.append((int(label.sum()), int((label == 0).sum())))
        return float(score[label == 1].mean())
    ci = ec.bootstrap_ci(y, s, counts, n_boot=300, stratified=True, random_state=5)
    assert set(seen) == {(4, 6)}
    # the same draws by hand: positives then negatives, each from its own class
    rng = np.random.default_rng(5)
    pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    means = []
    for _ in range(300):
        take = pos[rng.integers(0, pos.size, pos.size)]
        rng.integers(0, neg.size, neg.size)
        means.append(s[take].mean())
    assert ci.estimate == pytest.approx(s[y == 1].mean())
    assert (ci.low, ci.high) == pytest.approx(tuple(np.quantile(means, [0.025, 0.975])))


def test_bootstrap_ci_for_a_metric_at_a_threshold():
    rng = np.random.default_rng(0)
    y, s = binormal(rng, 200, 300, 1.0)
    precision = lambda label, score: ec.confusion_matrix_at(label, score, 0.5).precision  # noqa: E731
    ci = ec.bootstrap_ci(y, s, precision, n_boot=300, random_state=1)
    called = s > 0.5
    assert ci.estimate == pytest.approx(y[called].mean())
    assert ci.low < ci.estimate < ci.high


def test_bootstrap_ci_undefined_resamples_are_left_out_with_one_warning():
    # stratified: every resample draws the two positives from {0.9, 0.1}; when 0.9 is not
    # drawn nothing scores above 0.8 and the precision is undefined: (1/2)^2 of the time
    y = [1, 1, 0, 0, 0, 0]
    s = [0.9, 0.1, 0.2, 0.3, 0.4, 0.5]
    precision = lambda label, score: ec.confusion_matrix_at(label, score, 0.8).precision  # noqa: E731
    with pytest.warns(ec.UndefinedMetricWarning, match="undefined .nan. on [0-9]+ of 200") as rec:
        ci = ec.bootstrap_ci(y, s, precision, n_boot=200, stratified=True, random_state=0)
    assert len(rec) == 1
    assert ci.n_undefined == pytest.approx(50, abs=20)
    # on the other resamples the one case above 0.8 is the positive 0.9: precision 1
    assert (ci.low, ci.estimate, ci.high) == (1.0, 1.0, 1.0)


# ------------------------------------------------------------------------------------ odd input

ONE_POSITIVE_Y = [0, 1, 0, 0, 0, 0, 0]


def test_undefined_resamples_are_left_out_and_counted():
    ci, _ = said(lambda: ec.bootstrap_ci(ONE_POSITIVE_Y, SEVEN_S, mean_gap, n_boot=200,
                                         random_state=1))
    # the same seed draws the same resamples: recount them by brute force
    rng = np.random.default_rng(1)
    y, s = np.array(ONE_POSITIVE_Y), np.array(SEVEN_S)
    values = []
    for _ in range(200):
        index = rng.integers(0, 7, 7)
        if y[index].any():
            values.append(np.mean(s[index][y[index] == 1]) - np.mean(s[index][y[index] == 0]))
    assert ci.n_undefined == 200 - len(values)
    level = 0.95                      # the documented (1 - level)/2 and (1 + level)/2 quantiles
    assert (ci.low, ci.high) == tuple(np.quantile(values, [(1 - level) / 2, (1 + level) / 2]))
