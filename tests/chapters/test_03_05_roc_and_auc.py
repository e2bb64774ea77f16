"""The ROC chapters (03_roc_curves, 04_roc_space) and the AUC chapter (05_auc) against their
sources, out of the chapters' flow.

The chapters teach; the checks that used to interrupt them live here. Every expected value
is a number the sources print (Murphy's Figure 1 points, the slides' 11/12 and rank sum, the
tutorial's operating point), a brute-force recount written in this file, scipy or
scikit-learn, or an identity. The tutorial's two uses of the pairs reading (a score for "bad"
cases, an "AUC loss") left the AUC chapter for the fourth edition: their checks
are here, their discussion in the errata. The chapters' form (every solution or "Checking the source"
box shows exactly the code that the chapter runs, no code cell asserts, self-checks) is
checked for every chapter in test_chapter_form.py.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from scipy.integrate import quad
from scipy.stats import mannwhitneyu, norm, rankdata
from sklearn.metrics import brier_score_loss, det_curve, roc_auc_score

import evalcore as ec
from evalcore.reference import auc_pairs, psi_table
from conftest import ROOT
from notebook_cells import cells, glued, source
from stored_outputs import close

CH3 = ROOT / "chapters" / "03_roc_curves.ipynb"
ROC_SPACE = ROOT / "chapters" / "04_roc_space.ipynb"
CH4 = ROOT / "chapters" / "05_auc.ipynb"              # the AUC chapter
EPS = np.finfo(float).eps


# --- brute-force references -------------------------------------------------------------------
def sweep(y, s, last):
    """The R note's curves(): distinct scores downwards, then ``last``; rule '>'; recount."""
    thresholds = [*sorted(set(s.tolist()), reverse=True), last]
    P, N = np.sum(y == 1), np.sum(y == 0)
    return (np.array([np.sum((y == 0) & (s > t)) / N for t in thresholds]),
            np.array([np.sum((y == 1) & (s > t)) / P for t in thresholds]))


def walk(y, s):
    """The slides' pseudo-code: one pass down the sorted scores, a point before each new one."""
    P, N = np.sum(y == 1), np.sum(y == 0)
    tp = fp = 0
    previous, points = None, []
    for score, label in sorted(zip(s.tolist(), y.tolist()), key=lambda p: -p[0]):
        if score != previous:
            points.append((fp / N, tp / P))
            previous = score
        tp, fp = tp + (label == 1), fp + (label == 0)
    points.append((1.0, 1.0))
    return np.array(points).T


def strict_pair_auc(y, s) -> Fraction:
    """The share of positive/negative pairs won outright, ties counting 0 (the slides'
    strict forms): the ψ table of evalcore.reference with its halves dropped."""
    table = psi_table(y, s)
    return Fraction(int(np.count_nonzero(table == 1)), table.size)


def random_ties():
    rng = np.random.default_rng(7)
    return rng.integers(0, 2, size=500), rng.integers(0, 20, size=500) / 20


CASES = {"slides' seven": ec.vojnovic_seven(), "Murphy 1": ec.murphy_classifier(1),
         "Murphy 2": ec.murphy_classifier(2), "random ties": random_ties()}


# --- the ROC curves and ROC space chapters ----------------------------------------------------
@pytest.mark.parametrize("name", CASES)
def test_the_walk_and_the_sweep_trace_evalcores_curve(name):
    y, s = (np.asarray(a) for a in CASES[name])
    roc = ec.roc_curve(y, s)
    walk_fpr, walk_tpr = walk(y, s)
    sweep_fpr, sweep_tpr = sweep(y, s, -np.inf)
    np.testing.assert_allclose(walk_fpr, roc.fpr, rtol=0, atol=1e-15)
    np.testing.assert_allclose(walk_tpr, roc.tpr, rtol=0, atol=1e-15)
    np.testing.assert_array_equal(sweep_fpr, roc.fpr)
    np.testing.assert_array_equal(sweep_tpr, roc.tpr)


def test_minimum_minus_epsilon_is_the_minimum_from_4_on():
    for m in (0.1, 0.5, 1.0, 1.5, 1.999):
        assert m - EPS < m                      # the spacing is at most eps up to 2
    for m in (4.0, 5.5, 100.0, 1e6):
        assert math.ulp(m) >= 4 * EPS and m - EPS == m
    assert 3.0 - EPS == 3.0 and 3.1 - EPS < 3.1  # between 2 and 4, round half to even decides


def test_the_r_notes_last_threshold_loses_the_last_point_on_shifted_scores():
    y, s = (np.asarray(a) for a in ec.vojnovic_seven())
    shifted = s + 10                                         # same order, same curve
    fpr, tpr = sweep(y, shifted, shifted.min() - EPS)
    assert (fpr[-1], tpr[-1]) != (1.0, 1.0)
    assert (fpr[-1], tpr[-1]) == (0.75, 1.0)                 # the lowest case, a negative, lost
    fixed_fpr, fixed_tpr = sweep(y, shifted, -np.inf)
    np.testing.assert_array_equal(fixed_fpr, ec.roc_curve(y, s).fpr)
    np.testing.assert_array_equal(fixed_tpr, ec.roc_curve(y, s).tpr)


@pytest.mark.parametrize("classifier, tp, fp", [(1, 5, 0), (2, 4, 1)])
def test_murphys_figure_1_points_at_one_half(classifier, tp, fp):
    # Murphy quotes TPR 5/5, FPR 0/4 (classifier 1) and TPR 4/5, FPR 1/4 (classifier 2).
    y, s = ec.murphy_classifier(classifier)
    cm = ec.confusion_matrix_at(y, s, 0.5, rule=">=")
    assert (cm.tp, cm.positives, cm.fp, cm.negatives) == (tp, 5, fp, 4)


def test_murphys_stated_rule_would_miss_the_case_at_one_half():
    y, s = ec.murphy_classifier(1)
    assert int(np.sum((y == 1) & (s > 0.5))) == 4 and int(np.sum((y == 1) & (s >= 0.5))) == 5


def test_copying_negatives_leaves_the_curve_and_the_auc():
    y, s = (np.asarray(a) for a in ec.vojnovic_seven())
    neg = y == 0
    y4, s4 = np.r_[y, np.tile(y[neg], 3)], np.r_[s, np.tile(s[neg], 3)]
    np.testing.assert_array_equal(ec.roc_curve(y4, s4).fpr, ec.roc_curve(y, s).fpr)
    np.testing.assert_array_equal(ec.roc_curve(y4, s4).tpr, ec.roc_curve(y, s).tpr)
    assert auc_pairs(y4, s4, exact=True) == auc_pairs(y, s, exact=True) == Fraction(11, 12)
    # the chapter's counts, accuracy and precision, recounted at θ = 0.55 (rule s ≥ θ)
    g = glued(ROC_SPACE)
    assert (g["space_skew_n"], g["space_skew_neg"], g["space_orig_neg"]) == (19, 16, 4)
    for when, (y_, s_) in {"before": (y, s), "after": (y4, s4)}.items():
        called = s_ >= 0.55
        tp, fp = int(np.sum(called & (y_ == 1))), int(np.sum(called & (y_ == 0)))
        tn = int(np.sum(~called & (y_ == 0)))
        assert close((tp + tn) / len(y_), g[f"space_acc_{when}"])
        assert close(tp / (tp + fp), g[f"space_pre_{when}"])
    assert close(g["space_pre_before"], 2 / 3) and close(g["space_pre_after"], 1 / 3)


def test_the_screening_test_keeps_its_point_and_changes_its_precision():
    # the same (FPR, TPR) = (0.1, 0.9) at prevalence 1%, 10% and 50%, and the precision
    # pi TPR / (pi TPR + (1 - pi) FPR) at each
    g = glued(ROC_SPACE)
    for prefix in ("space_screen_rare", "space_ex2"):
        assert close(g[f"{prefix}_tpr"], 0.9) and close(g[f"{prefix}_fpr"], 0.1)
    assert close(g["space_screen_rare_prevalence"], 0.01) and close(g["space_ex2_prevalence"], 0.1)
    for prevalence, key in [(0.01, "space_screen_rare_precision"),
                            (0.1, "space_ex2_precision"), (0.5, "space_screen_even_precision")]:
        assert close(g[key], prevalence * 0.9 / (prevalence * 0.9 + (1 - prevalence) * 0.1))
    assert close(g["space_ex2_precision"], 0.5)                  # as many false alarms as finds
    assert close(g["space_ex2_odds"], 9) and close(g["space_ex2_lr"], 9)


def test_flipping_the_decisions_mirrors_the_point_through_the_centre():
    y, s = ec.murphy_classifier(2)
    called = s >= 0.5
    tpr, fpr = np.mean(called[y == 1]), np.mean(called[y == 0])
    g = glued(ROC_SPACE)
    assert close(g["space_m2_fpr_dec"], fpr) and close(g["space_m2_tpr_dec"], tpr)
    assert close(g["space_ex1_fpr"], 1 - fpr) and close(g["space_ex1_tpr"], 1 - tpr)
    assert (g["space_ex1_fpr"], g["space_ex1_tpr"]) == (0.75, 0.2)


def test_closest_point_to_the_corner_and_youden_on_murphys_classifier_2():
    y, s = ec.murphy_classifier(2)
    points = []
    for t in [np.inf, *np.unique(s)]:                        # every distinct decision
        cm = ec.confusion_matrix_at(y, s, t, rule=">=")
        points.append((math.hypot(cm.fpr, 1 - cm.tpr), cm.tpr - cm.fpr, cm.fpr, cm.tpr))
    closest = min(points)
    assert (closest[2], closest[3]) == (0.25, 0.8)
    assert math.isclose(closest[0], math.sqrt(0.25**2 + 0.2**2))
    youden = max(points, key=lambda p: p[1])
    assert (youden[2], youden[3]) == (0.0, 0.6)
    op = ec.threshold_by_youden(y, s)
    assert (op.fpr, op.tpr) == (0.0, 0.6)
    # the chapter's closest point (B in its figure), Youden's (C) and C itself at θ = 0.65
    g = glued(ROC_SPACE)
    assert (g["space_closest_fpr"], g["space_closest_tpr"]) == (0.25, 0.8)
    assert close(g["space_closest_distance"], closest[0]) and g["space_closest_theta"] == 0.6
    assert (g["space_youden_fpr"], g["space_youden_tpr"]) == (0.0, 0.6)
    assert g["space_youden_theta"] == 0.7
    assert (g["space_c_fpr"], g["space_c_tpr"]) == (0.0, 0.6)


def logit_normal_density(p, mu):
    return norm.pdf(np.log(p / (1 - p)) - mu) / (p * (1 - p))


def test_the_tutorials_integrals_on_densities_through_its_point():
    # The tutorial's example: tnr 0.8 and tpr 0.7 at p0 = 0.5.
    mu0, mu1 = -norm.ppf(0.8), norm.ppf(0.7)
    fpr = quad(logit_normal_density, 0.5, 1, args=(mu0,))[0]
    tpr = quad(logit_normal_density, 0.5, 1, args=(mu1,))[0]
    assert math.isclose(1 - fpr, 0.8, abs_tol=1e-9) and math.isclose(tpr, 0.7, abs_tol=1e-9)
    for mu in (mu0, mu1):                                    # each density has area 1
        assert math.isclose(quad(logit_normal_density, 0, 1, args=(mu,))[0], 1, abs_tol=1e-9)
    # its area formula, auc = integral of tpr(p) n0(p) dp, against the binormal closed form
    area = quad(lambda p: quad(logit_normal_density, p, 1, args=(mu1,))[0]
                * logit_normal_density(p, mu0), 0, 1)[0]
    assert math.isclose(area, norm.cdf((mu1 - mu0) / math.sqrt(2)), abs_tol=1e-7)
    # and against evalcore on the quantiles of the two distributions
    q = norm.ppf((np.arange(4000) + 0.5) / 4000)
    y = np.r_[np.zeros(q.size, int), np.ones(q.size, int)]
    p = 1 / (1 + np.exp(-np.r_[mu0 + q, mu1 + q]))
    assert math.isclose(ec.roc_auc(y, p), area, abs_tol=1e-3)


def test_det_points_are_scikit_learns():
    rng = np.random.default_rng(3)
    y = np.r_[np.zeros(300, int), np.ones(300, int)]
    s = rng.standard_normal(600) + 1.5 * y
    roc = ec.roc_curve(y, s)
    ours = np.c_[roc.fpr, 1 - roc.tpr]
    fpr, fnr, _ = det_curve(y, s)
    for point in zip(fpr, fnr):
        assert np.isclose(ours, point, rtol=0, atol=1e-12).all(axis=1).any(), point


def test_equal_spread_normal_classes_give_straight_det_lines():
    d = 2.0
    q = norm.ppf((np.arange(2000) + 0.5) / 2000)
    y = np.r_[np.zeros(q.size, int), np.ones(q.size, int)]
    roc = ec.roc_curve(y, np.r_[q, d + q])
    fnr = 1 - roc.tpr
    inside = (roc.fpr > 0.01) & (roc.fpr < 0.99) & (fnr > 0.01) & (fnr < 0.99)
    np.testing.assert_allclose(norm.ppf(fnr[inside]), -d - norm.ppf(roc.fpr[inside]),
                               atol=0.01)


# --- the AUC chapter --------------------------------------------------------------------------
def test_the_slides_seven_cases_by_pairs_ranks_trapezoids_and_u():
    y, s = (np.asarray(a) for a in ec.vojnovic_seven())
    assert auc_pairs(y, s, exact=True) == Fraction(11, 12)        # the slides' value
    ranks = rankdata(s)[y == 1]
    assert sorted(ranks.tolist()) == [4, 6, 7]                   # the slides' ranks
    assert (ranks.sum() - 3 * 4 / 2) / (4 * 3) == pytest.approx(11 / 12, abs=1e-15)
    roc = ec.roc_curve(y, s)
    assert np.trapezoid(roc.tpr, roc.fpr) == pytest.approx(11 / 12, abs=1e-15)
    assert mannwhitneyu(s[y == 1], s[y == 0]).statistic == 11
    for method in ("pairs", "rank", "trapezoid"):
        assert ec.roc_auc(y, s, method=method) == pytest.approx(11 / 12, abs=1e-15)
    assert ec.gini(y, s) == pytest.approx(2 * 11 / 12 - 1, abs=1e-15)


def test_ties_count_one_half_and_the_slides_strict_forms_undercount():
    y, s = (np.asarray(a) for a in ec.murphy_classifier(2))
    roc = ec.roc_curve(y, s)
    rectangles = np.sum(np.diff(roc.fpr) * roc.tpr[:-1])         # the slides' proof sketch
    assert strict_pair_auc(y, s) == Fraction(4, 5)
    assert rectangles == pytest.approx(0.8, abs=1e-15)
    assert auc_pairs(y, s, exact=True) == Fraction(17, 20)
    assert ec.roc_auc(y, s) == pytest.approx(roc_auc_score(y, s), abs=1e-15)
    assert ec.roc_auc(y, s) == pytest.approx(0.85, abs=1e-15)
    same = np.full(len(y), 0.5)
    assert strict_pair_auc(y, same) == 0 and ec.roc_auc(y, same) == 0.5


def test_the_equal_error_rate_of_murphys_classifier_2_is_two_ninths():
    # The crossing is on the diagonal step from (0, 0.6) to (0.25, 0.8):
    # x = 1 - (0.6 + 0.8 x) gives x = 0.4 / 1.8 = 2/9.
    eer = ec.equal_error_rate(*ec.murphy_classifier(2))
    assert eer.eer == pytest.approx(2 / 9, abs=1e-15)
    assert ec.equal_error_rate(*ec.murphy_classifier(1)).eer == 0


def swapped_bad_cases(n_pos, n_neg, lam, seed):
    """The scores of the AUC chapter's third edition: a share ``lam`` of each class is "bad",
    scored as if it belonged to the other class (logistic of a normal around -1 or +1)."""
    rng = np.random.default_rng(seed)
    y = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
    bad = np.r_[np.arange(n_pos) < lam * n_pos, np.arange(n_neg) < lam * n_neg]
    s = 1 / (1 + np.exp(-rng.normal(np.where(y == 1, 1.0, -1.0) * np.where(bad, -1, 1), 1.2)))
    return y, s, bad


# 500/1500 as first checked; 1000/3000 with lambda = 0.2 is the example the chapter computed
@pytest.mark.parametrize("n_pos, n_neg, seed", [(500, 1500, 0), (1_000, 3_000, 1),
                                                (1_000, 3_000, 2)])
def test_the_tutorials_bad_data_formulas_hold_exactly(n_pos, n_neg, seed):
    lam = 0.2
    y, s, bad = swapped_bad_cases(n_pos, n_neg, lam, seed)
    good = ~bad
    auc_good = auc_pairs(y[good], s[good])
    good_neg, good_pos = s[good & (y == 0)], s[good & (y == 1)]
    a = np.mean(good_neg < 0.5) + 0.5 * np.mean(good_neg == 0.5)
    b = np.mean(good_pos > 0.5) + 0.5 * np.mean(good_pos == 0.5)
    half = (1 - lam)**2 * auc_good + lam * (1 - lam) * (a + b) + lam**2 / 2
    zero = (1 - lam)**2 * auc_good + lam * (1 - lam) + lam**2 / 2
    assert ec.roc_auc(y, np.where(bad, 0.5, s)) == pytest.approx(half, abs=1e-12)
    assert ec.roc_auc(y, np.where(bad, 0.0, s)) == pytest.approx(zero, abs=1e-12)
    assert auc_pairs(y, np.where(bad, 0.5, s)) == pytest.approx(half, abs=1e-12)
    assert a + b > 1 and half > zero                     # so 0.5 is the better of the two


def test_the_bad_data_weights_with_different_shares_of_each_class():
    """With shares lam_p of the positives and lam_n of the negatives bad, the four kinds of
    pair weigh (1-lam_p)(1-lam_n), lam_p(1-lam_n), (1-lam_p)lam_n and lam_p lam_n."""
    rng = np.random.default_rng(3)
    n_pos, n_neg, lam_p, lam_n = 400, 1_600, 0.1, 0.3
    y = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
    bad = np.r_[np.arange(n_pos) < lam_p * n_pos, np.arange(n_neg) < lam_n * n_neg]
    s = np.round(rng.random(n_pos + n_neg) * 0.6 + 0.4 * y, 2)    # ties with c included
    for c in (0.0, 0.5, 0.73):
        good_neg, good_pos = s[~bad & (y == 0)], s[~bad & (y == 1)]
        beats_good_neg = np.mean(good_neg < c) + 0.5 * np.mean(good_neg == c)
        good_pos_beat = np.mean(good_pos > c) + 0.5 * np.mean(good_pos == c)
        formula = ((1 - lam_p) * (1 - lam_n) * auc_pairs(y[~bad], s[~bad])
                   + lam_p * (1 - lam_n) * beats_good_neg + (1 - lam_p) * lam_n * good_pos_beat
                   + lam_p * lam_n / 2)
        assert ec.roc_auc(y, np.where(bad, c, s)) == pytest.approx(formula, abs=1e-12)


def tutorial_loss(y, p):
    """The tutorial's torch loss, written with plain loops over all ordered pairs."""
    n = len(y)
    return 0.5 + sum((y[i] - y[j]) * (p[j] - p[i]) for i in range(n) for j in range(n)) / n**2


@pytest.mark.parametrize("seed", range(4))
def test_the_auc_loss_is_one_half_minus_twice_the_covariance(seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, size=30).astype(float)
    p = rng.random(30)
    assert tutorial_loss(y, p) == pytest.approx(0.5 - 2 * np.cov(y, p, bias=True)[0, 1],
                                                abs=1e-12)


def test_the_auc_loss_prefers_the_worse_ranking():
    y = np.array([0, 0, 1, 1])
    p1, p2 = np.array([0.1, 0.2, 0.3, 0.4]), np.array([0.0, 0.9, 0.85, 1.0])
    assert auc_pairs(y, p1, exact=True) == 1 and auc_pairs(y, p2, exact=True) == Fraction(3, 4)
    assert tutorial_loss(y, p2) < tutorial_loss(y, p1)


AUC_LOSS_CASES = {"s7": ec.vojnovic_seven(),
                  "s7 cubed": (ec.vojnovic_seven()[0], np.asarray(ec.vojnovic_seven()[1])**3),
                  "p1": ([0, 0, 1, 1], [0.1, 0.2, 0.3, 0.4]),
                  "p2": ([0, 0, 1, 1], [0.0, 0.9, 0.85, 1.0])}


@pytest.mark.parametrize("name", AUC_LOSS_CASES)
def test_the_auc_loss_is_a_gap_between_the_class_means(name):
    """0.5 - 2 cov(y, p) = 0.5 - 2 pi (1 - pi) (mean p of the positives - of the negatives)."""
    y, p = (np.asarray(a, float) for a in AUC_LOSS_CASES[name])
    pi = y.mean()
    gap = p[y == 1].mean() - p[y == 0].mean()
    assert tutorial_loss(y, p) == pytest.approx(0.5 - 2 * pi * (1 - pi) * gap, abs=1e-12)
    assert tutorial_loss(y, p) == pytest.approx(0.5 - 2 * np.cov(y, p, bias=True)[0, 1],
                                                abs=1e-12)


def test_cubing_the_seven_scores_keeps_the_auc_and_moves_the_loss():
    y, s = (np.asarray(a, float) for a in ec.vojnovic_seven())
    assert auc_pairs(y, s**3, exact=True) == auc_pairs(y, s, exact=True) == Fraction(11, 12)
    assert abs(tutorial_loss(y, s**3) - tutorial_loss(y, s)) > 0.01


def test_a_monotone_distortion_keeps_the_auc_and_breaks_calibration():
    rng = np.random.default_rng(0)
    y = np.r_[np.zeros(200, int), np.ones(200, int)]
    s = rng.standard_normal(400) + 1.5 * y
    p = 1 / (1 + np.exp(-(1.5 * s - 1.5**2 / 2)))
    assert ec.roc_auc(y, p) == ec.roc_auc(y, p**4) == pytest.approx(roc_auc_score(y, p))
    assert brier_score_loss(y, p**4) > brier_score_loss(y, p) + 0.05


def test_two_crossing_binormal_curves_with_the_same_auc():
    mu_a, sd_b = 1.5, 2.0
    mu_b = mu_a * math.sqrt(1 + sd_b**2) / math.sqrt(2)
    assert norm.cdf(mu_a / math.sqrt(2)) == pytest.approx(norm.cdf(mu_b / math.sqrt(5)))
    q = norm.ppf((np.arange(2000) + 0.5) / 2000)
    y = np.r_[np.zeros(q.size, int), np.ones(q.size, int)]
    s_a, s_b = np.r_[q, mu_a + q], np.r_[q, mu_b + sd_b * q]
    assert ec.roc_auc(y, s_a) == pytest.approx(ec.roc_auc(y, s_b), abs=1e-3)

    def tpr_at(s, fpr):          # threshold: the negatives' (1 - fpr) quantile
        return float(np.mean(s[y == 1] > np.quantile(q, 1 - fpr)))
    assert tpr_at(s_b, 0.1) > tpr_at(s_a, 0.1) + 0.1          # B better at few false alarms
    assert tpr_at(s_a, 0.5) > tpr_at(s_b, 0.5) + 0.05         # A better further right
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert ec.partial_auc(y, s_b, max_fpr=0.1) > ec.partial_auc(y, s_a, max_fpr=0.1)


# --- the chapters' statements and pictures ------------------------------------------------------
def test_the_auc_chapter_states_the_strip_under_the_step_and_what_negating_does():
    text = "\n".join(source(c) for c in cells(CH4) if c["cell_type"] == "markdown")
    flat = " ".join(text.split())
    assert "strip of area under that step" in flat and "above that step" not in flat
    assert "with the same area" not in flat
    assert "Negating the scores does the same to the pairs" in flat
    y, s = (np.asarray(a) for a in ec.vojnovic_seven())
    assert ec.roc_auc(y, -s) == pytest.approx(1 - 11 / 12, abs=1e-15)  # negating: 1 - AUC


def test_the_chapters_picture_shows_the_explorers_cases():
    pytest.importorskip("anywidget")
    explorer = ec.distribution_explorer(separation=1.5, threshold=0.75)
    y, s = explorer.sample()
    noise = np.random.default_rng(0).standard_normal(800)     # the explorer's documented pool
    np.testing.assert_array_equal(y, np.r_[np.ones(200, int), np.zeros(200, int)])
    np.testing.assert_array_equal(s, np.r_[noise[:200], noise[400:600]] + 1.5 * y)
    cm = explorer.confusion_matrix()
    g3, g4 = glued(CH3), glued(CH4)
    assert close(cm.tpr, g3["ch3_pic_tpr"]) and close(cm.fpr, g3["ch3_pic_fpr"])
    assert close(roc_auc_score(y, s), g4["ch4_pic_auc"])
