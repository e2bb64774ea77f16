"""Tests for evalcore.stats.uncertainty: DeLong's variance, AUC intervals, bootstrap, DeLong tests.

References: a brute-force DeLong built from the pairwise ψ table (evalcore/reference.py, O(m·n)),
scipy's normal distribution, scikit-learn's AUC, exact fractions worked by hand, Hanley and
McNeil's (1982) printed AUC for their CT rating data, and simulation (bootstrap variance,
empirical coverage).
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import norm
from scipy.stats import t as student_t
from sklearn.metrics import roc_auc_score

import evalcore as ec
from evalcore.reference import auc_pairs, delong_variance, placements

SEVEN_Y = [0, 1, 0, 1, 1, 0, 0]
SEVEN_S = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]


# ------------------------------------------------------------------ independent references

def brute_paired(y, a, b):
    """(difference, z) from the 2x2 covariance matrices S10 and S01 (DeLong 1988, eq. form)."""
    (a10, a01), (b10, b01) = placements(y, a), placements(y, b)
    s10 = np.cov(np.vstack([a10, b10]))
    s01 = np.cov(np.vstack([a01, b01]))
    contrast = np.array([1.0, -1.0])
    m, n = a10.size, a01.size
    variance = contrast @ s10 @ contrast / m + contrast @ s01 @ contrast / n
    difference = a10.mean() - b10.mean()          # each AUC is the mean of its V10
    return difference, difference / math.sqrt(variance)


def binormal(rng, m, n, separation):
    """m positives ~ N(separation, 1), n negatives ~ N(0, 1); true AUC Φ(separation/√2)."""
    y = np.r_[np.ones(m, dtype=int), np.zeros(n, dtype=int)]
    s = np.r_[rng.normal(separation, 1.0, m), rng.normal(0.0, 1.0, n)]
    return y, s


def labelled_scores(min_size=4, max_size=40, ties=True):
    """Hypothesis strategy: labels with >= 2 of each class and scores (often tied)."""
    score = (st.integers(0, 6).map(float) if ties
             else st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False))

    @st.composite
    def build(draw):
        size = draw(st.integers(min_size, max_size))
        y = draw(st.lists(st.integers(0, 1), min_size=size, max_size=size))
        y[:4] = [0, 0, 1, 1]
        s = draw(st.lists(score, min_size=size, max_size=size))
        return np.array(y), np.array(s)
    return build()


# ------------------------------------------------------------------ normal distribution

def normal_tail(z):
    """P(Z ≥ z) for z ≥ 5 from Laplace's continued fraction of Mills' ratio (no scipy):
    φ(z) / (z + 1/(z + 2/(z + 3/(z + …))))."""
    fraction = 0.0
    for k in range(200, 0, -1):
        fraction = k / (z + fraction)
    return math.exp(-z * z / 2) / math.sqrt(2 * math.pi) / (z + fraction)


@pytest.mark.parametrize("seed", range(3))
def test_paired_pvalues_far_in_the_tail_keep_their_digits(seed):
    # a strong classifier against a weak one: z of 11 to 15, p-values of 1e-31 to 1e-52,
    # which 1 − Φ(z) would round to 0
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1], 200)
    s1, s2 = 2.5 * y + rng.normal(size=400), 0.3 * y + rng.normal(size=400)
    two = ec.delong_test(y, s1, s2)
    z = two.statistic
    assert z > 10
    assert two.pvalue == pytest.approx(2 * normal_tail(z), rel=1e-12)
    assert ec.delong_test(y, s1, s2, alternative="greater").pvalue == pytest.approx(
        normal_tail(z), rel=1e-12)
    assert ec.delong_test(y, s2, s1, alternative="less").pvalue == pytest.approx(
        normal_tail(z), rel=1e-12)


# ------------------------------------------------------------------ DeLong's variance

def test_variance_of_the_seven_examples_worked_by_hand():
    # V10 = (1, 1, 3/4), V01 = (1, 2/3, 1, 1), AUC = 11/12
    v10 = [Fraction(1), Fraction(1), Fraction(3, 4)]
    v01 = [Fraction(1), Fraction(2, 3), Fraction(1), Fraction(1)]
    auc = Fraction(11, 12)
    s10 = sum((v - auc) ** 2 for v in v10) / 2
    s01 = sum((v - auc) ** 2 for v in v01) / 3
    exact = s10 / 3 + s01 / 4
    assert exact == Fraction(1, 72)
    assert ec.delong_variance(SEVEN_Y, SEVEN_S) == pytest.approx(float(exact), rel=1e-14)


@pytest.mark.parametrize("seed", range(8))
def test_variance_matches_brute_force_with_ties(seed):
    rng = np.random.default_rng(seed)
    m, n = rng.integers(2, 60, size=2)
    y, s = binormal(rng, m, n, 0.8)
    s = np.round(s, 1)              # many ties
    variance = delong_variance(y, s)
    assert ec.delong_variance(y, s) == pytest.approx(variance, rel=1e-12)
    assert ec.roc_auc_ci(y, s).auc == pytest.approx(roc_auc_score(y, s), rel=1e-14)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(labelled_scores())
def test_variance_property_brute_force_and_nonnegative(data):
    y, s = data
    variance = ec.delong_variance(y, s)
    assert variance >= 0
    assert variance == pytest.approx(delong_variance(y, s), rel=1e-10, abs=1e-15)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(labelled_scores(ties=False), st.randoms(use_true_random=False))
def test_variance_invariant_to_monotone_transform_and_order(data, random):
    y, s = data
    variance = ec.delong_variance(y, s)
    assert variance == pytest.approx(delong_variance(y, s), rel=1e-10, abs=1e-15)
    order = list(range(y.size))
    random.shuffle(order)
    assert ec.delong_variance(y[order], s[order]) == pytest.approx(variance, rel=1e-12,
                                                                   abs=1e-15)
    same_order = np.unique(s, return_inverse=True)[1] * 3.0 - 7.0
    assert ec.delong_variance(y, same_order) == pytest.approx(variance, rel=1e-12, abs=1e-15)


def test_variance_is_zero_for_perfect_separation_and_labels_are_read():
    y = ["ill", "ill", "ok", "ok", "ok"]
    assert ec.delong_variance(y, [5, 4, 3, 2, 1], pos_label="ill") == 0.0
    assert ec.delong_variance([1, 1, -1, -1], [0.9, 0.1, 0.5, 0.2]) == pytest.approx(
        delong_variance([1, 1, 0, 0], [0.9, 0.1, 0.5, 0.2]))


@pytest.mark.parametrize("y", [[1, 0, 0, 0], [0, 1, 1, 1], [1, 1, 1, 1]])
def test_variance_undefined_with_fewer_than_two_of_a_class(y):
    with pytest.warns(ec.UndefinedMetricWarning, match="at least 2 positive and 2 negative") as rec:
        assert math.isnan(ec.delong_variance(y, [0.1, 0.2, 0.3, 0.4]))
    assert len(rec) == 1


@pytest.mark.slow
def test_variance_matches_the_bootstrap_on_a_large_binormal_sample():
    rng = np.random.default_rng(2014)
    y, s = binormal(rng, 1000, 1000, 1.0)
    pos, neg = s[y == 1], s[y == 0]
    draws = []
    for _ in range(500):    # stratified bootstrap, independent of evalcore
        bp = rng.choice(pos, pos.size)
        bn = rng.choice(neg, neg.size)
        draws.append(roc_auc_score(np.r_[np.ones(pos.size), np.zeros(neg.size)], np.r_[bp, bn]))
    bootstrap_variance = np.var(draws, ddof=1)
    assert ec.delong_variance(y, s) == pytest.approx(bootstrap_variance, rel=0.15)


def test_hanley_mcneil_ct_ratings():
    # Hanley & McNeil (1982), Table 1: 58 normal and 51 abnormal CT images rated 1..5;
    # they print the area 0.893
    normal, abnormal = [33, 6, 6, 11, 2], [3, 2, 2, 11, 33]
    ratings = np.arange(1, 6)
    s = np.r_[np.repeat(ratings, normal), np.repeat(ratings, abnormal)]
    y = np.r_[np.zeros(58, dtype=int), np.ones(51, dtype=int)]
    ci = ec.roc_auc_ci(y, s)
    assert round(ci.auc, 3) == 0.893
    assert ec.delong_variance(y, s) == pytest.approx(delong_variance(y, s), rel=1e-12)


# ------------------------------------------------------------------ confidence intervals

def test_delong_interval_by_formula():
    z = norm.ppf(0.975)
    auc, variance = auc_pairs(SEVEN_Y, SEVEN_S), delong_variance(SEVEN_Y, SEVEN_S)
    ci = ec.roc_auc_ci(SEVEN_Y, SEVEN_S)
    assert ci.auc == 11 / 12
    assert ci.low == pytest.approx(auc - z * math.sqrt(variance), rel=1e-13)
    assert ci.high == 1.0                       # auc + z·SE > 1 is clipped
    ci90 = ec.roc_auc_ci(SEVEN_Y, SEVEN_S, level=0.9)
    assert ci90.low == pytest.approx(auc - norm.ppf(0.95) * math.sqrt(variance), rel=1e-13)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(labelled_scores(), st.floats(0.5, 0.999))
def test_interval_contains_the_auc_and_stays_in_unit_interval(data, level):
    y, s = data
    ci = ec.roc_auc_ci(y, s, level=level)
    assert 0.0 <= ci.low <= ci.auc <= ci.high <= 1.0
    assert ci.auc == pytest.approx(roc_auc_score(y, s), rel=1e-14)
    assert (ci.level, ci.method) == (level, "delong")


def test_delong_interval_covers_the_true_auc_about_95_percent():
    rng = np.random.default_rng(7)
    separation = 1.0
    truth = norm.cdf(separation / math.sqrt(2))
    hits = 0
    for _ in range(400):
        y, s = binormal(rng, 100, 100, separation)
        ci = ec.roc_auc_ci(y, s)
        hits += ci.low <= truth <= ci.high
    assert 0.91 <= hits / 400 <= 0.98   # binomial SE about 0.011


def test_bootstrap_interval_is_seeded_and_near_delong():
    rng = np.random.default_rng(3)
    y, s = binormal(rng, 300, 300, 1.0)
    a = ec.roc_auc_ci(y, s, method="bootstrap", n_boot=400, random_state=11)
    b = ec.roc_auc_ci(y, s, method="bootstrap", n_boot=400, random_state=11)
    c = ec.roc_auc_ci(y, s, method="bootstrap", n_boot=400, random_state=12)
    assert a == b and a != c
    assert a.auc == pytest.approx(roc_auc_score(y, s), rel=1e-14)
    delong = ec.roc_auc_ci(y, s)
    assert a.high - a.low == pytest.approx(delong.high - delong.low, rel=0.2)
    assert a.low < a.auc < a.high


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


def test_interval_undefined_with_one_positive():
    with pytest.warns(ec.UndefinedMetricWarning) as rec:
        ci = ec.roc_auc_ci([1, 0, 0, 0], [0.9, 0.1, 0.2, 0.3])
    assert len(rec) == 1
    assert math.isnan(ci.low) and math.isnan(ci.high) and ci.auc == 1.0
    with pytest.warns(ec.UndefinedMetricWarning) as rec:
        ci = ec.roc_auc_ci([0, 0, 0], [0.9, 0.1, 0.2], method="bootstrap")
    assert len(rec) == 1 and all(math.isnan(v) for v in (ci.auc, ci.low, ci.high))
    assert (ci.level, ci.method) == (0.95, "bootstrap")


# ------------------------------------------------------------------ DeLong's tests

@pytest.mark.parametrize("seed", range(6))
def test_paired_test_matches_brute_force(seed):
    rng = np.random.default_rng(100 + seed)
    y, a = binormal(rng, int(rng.integers(3, 50)), int(rng.integers(3, 50)), 1.0)
    b = 0.6 * a + rng.normal(0, 0.8, a.size)
    a, b = np.round(a, 1), np.round(b, 1)
    difference, z = brute_paired(y, a, b)
    test = ec.delong_test(y, a, b)
    assert test.difference == pytest.approx(difference, abs=1e-14)
    assert test.statistic == pytest.approx(z, rel=1e-10)
    assert test.pvalue == pytest.approx(2 * norm.sf(abs(z)), rel=1e-10)
    se = difference / z
    assert test.low == pytest.approx(max(-1, difference - norm.ppf(0.975) * se), rel=1e-10)
    assert test.high == pytest.approx(min(1, difference + norm.ppf(0.975) * se), rel=1e-10)


def test_paired_test_on_murphys_two_classifiers():
    y, s1 = ec.murphy_classifier(1)
    _, s2 = ec.murphy_classifier(2)
    difference, z = brute_paired(y, s1, s2)
    test = ec.delong_test(y, s1, s2)
    assert test.difference == pytest.approx(1 - roc_auc_score(y, s2))
    assert test.statistic == pytest.approx(z)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(labelled_scores(), st.lists(st.integers(0, 6), min_size=40, max_size=40))
def test_paired_statistic_is_antisymmetric(data, other):
    y, a = data
    b = np.array(other[: y.size], dtype=float)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        ab, ba = ec.delong_test(y, a, b), ec.delong_test(y, b, a)
    if math.isnan(ab.statistic):
        assert math.isnan(ba.statistic) and ab.difference == 0.0
    else:
        assert ab.statistic == -ba.statistic
        assert ab.difference == -ba.difference
        assert ab.pvalue == ba.pvalue
        assert 0.0 <= ab.pvalue <= 1.0


def test_paired_test_on_identical_scores_is_undefined():
    with pytest.warns(ec.UndefinedMetricWarning, match="variance of their difference is 0") as rec:
        test = ec.delong_test(SEVEN_Y, SEVEN_S, SEVEN_S)
    assert len(rec) == 1
    assert math.isnan(test.statistic) and math.isnan(test.pvalue)
    assert (test.difference, test.low, test.high) == (0.0, 0.0, 0.0)


def test_paired_test_zero_variance_nonzero_difference():
    # a perfect ranker against a constant score: every placement is 1 and ½ respectively
    y = [1, 1, 0, 0]
    test = ec.delong_test(y, [4, 3, 2, 1], [0, 0, 0, 0])
    assert test.statistic == math.inf and test.pvalue == 0.0 and test.difference == 0.5


def test_paired_test_is_more_powerful_than_treating_the_aucs_as_independent():
    rng = np.random.default_rng(1)
    y, a = binormal(rng, 300, 300, 1.0)
    b = a + rng.normal(0, 0.5, a.size)          # b is a noisier copy of a
    paired = ec.delong_test(y, a, b)
    unpaired = ec.delong_test_unpaired(y, a, y, b)
    assert paired.difference == unpaired.difference
    assert paired.pvalue < unpaired.pvalue
    assert paired.high - paired.low < unpaired.high - unpaired.low


def test_unpaired_test_by_formula():
    y9, s9 = ec.murphy_classifier(2)
    auc_a, var_a = auc_pairs(SEVEN_Y, SEVEN_S), delong_variance(SEVEN_Y, SEVEN_S)
    auc_b, var_b = auc_pairs(y9, s9), delong_variance(y9, s9)
    z = (auc_a - auc_b) / math.sqrt(var_a + var_b)
    # pROC's reference: Student's t with Welch-Satterthwaite degrees of freedom
    df = (var_a + var_b) ** 2 / (var_a ** 2 / (7 - 1) + var_b ** 2 / (9 - 1))
    test = ec.delong_test_unpaired(SEVEN_Y, SEVEN_S, y9, s9)
    assert test.statistic == pytest.approx(z, rel=1e-12)
    assert test.df == pytest.approx(df, rel=1e-12)
    assert test.pvalue == pytest.approx(2 * student_t.sf(abs(z), df), rel=1e-10)
    swapped = ec.delong_test_unpaired(y9, s9, SEVEN_Y, SEVEN_S)
    assert swapped.statistic == -test.statistic


def test_unpaired_test_undefined_sample():
    with pytest.warns(ec.UndefinedMetricWarning, match="unpaired") as rec:
        test = ec.delong_test_unpaired(SEVEN_Y, SEVEN_S, [1, 0, 0], [0.3, 0.2, 0.1])
    assert len(rec) == 1 and all(math.isnan(v) for v in test)


# ------------------------------------------------------------------ bad input

def test_errors_name_the_argument():
    with pytest.raises(ValueError, match=r"level must lie in \(0\.0, 1\.0\)"):
        ec.roc_auc_ci(SEVEN_Y, SEVEN_S, level=95)
    with pytest.raises(TypeError, match="level must be a real number"):
        ec.delong_test(SEVEN_Y, SEVEN_S, SEVEN_S, level="0.95")
    with pytest.raises(ValueError, match="method must be one of \\('delong', 'logit', 'hanley_mcneil', 'bootstrap', 'newcombe'\\)"):
        ec.roc_auc_ci(SEVEN_Y, SEVEN_S, method="hanley")
    with pytest.raises(ValueError, match="n_boot must be an integer of at least 1"):
        ec.roc_auc_ci(SEVEN_Y, SEVEN_S, method="bootstrap", n_boot=0)
    with pytest.raises(TypeError, match="n_boot must be an integer"):
        ec.bootstrap_ci(SEVEN_Y, SEVEN_S, ec.roc_auc, n_boot=10.5)
    with pytest.raises(TypeError, match="random_state must be None"):
        ec.bootstrap_ci(SEVEN_Y, SEVEN_S, ec.roc_auc, random_state="seed")
    with pytest.raises(TypeError, match="metric must be a callable"):
        ec.bootstrap_ci(SEVEN_Y, SEVEN_S, "roc_auc")
    with pytest.raises(TypeError, match="metric must return a real number"):
        ec.bootstrap_ci(SEVEN_Y, SEVEN_S, lambda y, s: s, n_boot=5)
    with pytest.raises(ValueError, match="y_score_a has 7, y_score_b has 6"):
        ec.delong_test(SEVEN_Y, SEVEN_S, SEVEN_S[:6])
    with pytest.raises(ValueError, match="y_score_b must be finite"):
        ec.delong_test(SEVEN_Y, SEVEN_S, SEVEN_S[:6] + [float("nan")])
    with pytest.raises(ValueError, match="y_true_b must hold two classes"):
        ec.delong_test_unpaired(SEVEN_Y, SEVEN_S, [0, 1, 2], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="inputs must have the same length"):
        ec.delong_variance(SEVEN_Y, SEVEN_S[:5])


# ------------------------------------------------------------------ figures

def test_plot_intervals_marks_the_misses_and_uses_the_given_axes():
    import matplotlib
    import matplotlib.pyplot as plt

    before = dict(matplotlib.rcParams)
    fig, ax = plt.subplots()
    out = ec.plot_intervals([0.6, 0.7, 0.8, 0.5], [0.8, 0.9, 0.95, 0.7], truth=0.75,
                            estimates=[0.7, 0.8, 0.87, 0.6], ax=ax)
    assert out is ax
    covered, missed = ax.collections[:2]
    assert len(covered.get_segments()) == 2 and len(missed.get_segments()) == 2
    assert dict(matplotlib.rcParams) == before
    plt.close(fig)
    with pytest.raises(ValueError, match="lows and highs must be 1-D of the same length"):
        ec.plot_intervals([0.1, 0.2], [0.3])


def test_plot_intervals_with_labels_and_reference():
    import matplotlib.pyplot as plt

    ax = ec.plot_intervals([-0.03, 0.002], [0.07, 0.04], labels=["a", "b"], reference=0.0)
    assert [t.get_text() for t in ax.get_yticklabels()] == ["a", "b"]
    assert ax.get_legend() is None
    plt.close(ax.figure)


def test_plot_sampling_distribution_and_interval_width():
    import matplotlib.pyplot as plt

    values = np.random.default_rng(0).normal(0.76, 0.03, 300)
    ax = ec.plot_sampling_distribution(values, truth=0.76, interval=(0.7, 0.82), bins=20)
    assert len(ax.patches) == 20
    assert ax.get_lines()[0].get_xdata()[0] == 0.76
    plt.close(ax.figure)
    ax = ec.plot_interval_width([100, 400], [0.2, 0.1], reference=True)
    guide = ax.get_lines()[1].get_ydata()
    assert guide.tolist() == pytest.approx([0.2, 0.1])     # 1/√n through the first point
    plt.close(ax.figure)
