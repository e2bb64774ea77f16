"""Net benefit and decision curves.

References: the ``dcurves`` package (the Python port of the standard R implementation of
Vickers and Elkin's decision curve analysis: a pandas frame in, a frame out) on the same
data; the net benefit by hand with exact fractions from a loop over the cases; treat-all's
closed form against a model that treats every case. Identity (hypothesis): at a threshold
probability p_t the best rule ``score >= s`` for the net benefit is the least-cost threshold
of ``threshold_by_cost`` at the cost ratio c_FP / c_FN = p_t / (1 − p_t) (chapter 10), and
its net benefit is P/n minus that cost. The bootstrap interval's coverage is checked by
simulation from a finite population whose net benefit is known. Chapter 19's glued numbers
are recomputed without evalcore (dcurves, masks, a sweep, scikit-learn's AUC, fractions) and
checked against what its prose says about them.
"""

from __future__ import annotations

import warnings
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import norm

import evalcore as ec

from conftest import ROOT
from notebook_cells import cells, glued, source
from reference import net_benefit_by_hand, one_undefined_warning
from stored_outputs import close
from strategies import labelled_scores


TOY_Y = [0, 0, 1, 1]
TOY_S = [0.1, 0.4, 0.35, 0.8]
SEVEN_Y = [0, 1, 0, 1, 1, 0, 0]
SEVEN_S = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]


def as_probabilities(s: np.ndarray) -> np.ndarray:
    """Scores moved into [0, 1] by an increasing map (ties kept)."""
    low, high = s.min(), s.max()
    return np.zeros_like(s) if high == low else (s - low) / (high - low)


# -------------------------------------------------------------------------------------- by hand

@pytest.mark.parametrize("p_t", [0.0, 0.05, 0.1, 0.2, 0.25, 0.3, 0.5, 0.6, 0.7, 0.75, 0.8, 0.9])
@pytest.mark.parametrize("y, s", [(TOY_Y, TOY_S), (SEVEN_Y, SEVEN_S)])
def test_net_benefit_equals_the_fraction_by_hand(y, s, p_t):
    assert ec.net_benefit(y, s, threshold_probability=p_t) == pytest.approx(
        float(net_benefit_by_hand(y, s, p_t)), abs=1e-15)


def test_the_rule_treats_a_score_equal_to_the_threshold_probability():
    # 0.4 is treated at p_t = 0.4 (rule >=): TP 1 (0.8), FP 1 (0.4); n = 4, rate 2/3
    assert ec.net_benefit(TOY_Y, TOY_S, threshold_probability=0.4) == pytest.approx(
        1 / 4 - 1 / 4 * 2 / 3)
    assert net_benefit_by_hand(TOY_Y, TOY_S, 0.4) == Fraction(1, 4) - Fraction(1, 4) * (
        Fraction(0.4) / (1 - Fraction(0.4)))


def test_an_array_of_threshold_probabilities_gives_an_array_in_their_order():
    p_t = [0.5, 0.0, 0.2, 0.35]
    values = ec.net_benefit(SEVEN_Y, SEVEN_S, threshold_probability=p_t)
    assert isinstance(values, np.ndarray) and values.shape == (4,)
    assert values.tolist() == pytest.approx([float(net_benefit_by_hand(SEVEN_Y, SEVEN_S, p))
                                             for p in p_t], abs=1e-15)
    assert isinstance(ec.net_benefit(SEVEN_Y, SEVEN_S, threshold_probability=0.2), float)


# -------------------------------------------------------------------------------------- dcurves

def test_decision_curve_equals_dcurves_on_the_same_data():
    dcurves = pytest.importorskip("dcurves")
    rng = np.random.default_rng(22)
    n = 400
    y = (rng.random(n) < 0.2).astype(int)
    # probabilities to two decimals: many ties, many equal to a threshold probability
    p = np.clip(np.round(1 / (1 + np.exp(-(rng.normal(size=n) + 1.5 * y - 1.8))), 2), 0, 1)
    thresholds = np.arange(100) / 100
    frame = pd.DataFrame({"y": y, "model": p})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reference = dcurves.dca(data=frame, outcome="y", modelnames=["model"],
                                thresholds=thresholds)
    ours = ec.decision_curve(y, p, threshold_probabilities=thresholds)
    for name, column in (("model", ours.net_benefit), ("all", ours.treat_all)):
        theirs = reference[reference.model == name].sort_values("threshold")
        assert theirs.threshold.to_numpy() == pytest.approx(thresholds)
        np.testing.assert_allclose(column, theirs.net_benefit.to_numpy(), rtol=0, atol=1e-12)
    none = reference[reference.model == "none"].net_benefit.to_numpy()
    assert np.all(none == 0)
    np.testing.assert_allclose(ours.standardized_net_benefit * y.mean(), ours.net_benefit,
                               atol=1e-15)


# ------------------------------------------------------------------------------------ treat-all

@pytest.mark.parametrize("p_t", [0.0, 0.1, 0.3, 0.5, 0.9])
def test_treat_all_closed_form_is_a_model_that_treats_everyone(p_t):
    y = np.array(SEVEN_Y)
    everyone = ec.net_benefit(y, np.ones(len(y)), threshold_probability=p_t)
    closed = ec.net_benefit_treat_all(y.mean(), threshold_probability=p_t)
    by_hand = Fraction(3, 7) - Fraction(4, 7) * Fraction(p_t) / (1 - Fraction(p_t))
    assert everyone == pytest.approx(float(by_hand), abs=1e-15)
    assert closed == pytest.approx(float(by_hand), abs=1e-15)
    curve = ec.decision_curve(y, SEVEN_S, threshold_probabilities=[p_t])
    assert curve.treat_all[0] == pytest.approx(float(by_hand), abs=1e-15)


def test_treat_all_crosses_zero_at_the_prevalence_and_equals_the_model_at_zero():
    assert ec.net_benefit_treat_all(0.25, threshold_probability=0.25) == pytest.approx(0, abs=1e-16)
    assert ec.net_benefit_treat_all(0.25, threshold_probability=0.3) < 0
    curve = ec.decision_curve(SEVEN_Y, SEVEN_S, threshold_probabilities=[0.0])
    assert curve.net_benefit[0] == curve.treat_all[0] == pytest.approx(3 / 7)


# -------------------------------------------------------------------------------- the cost line

@settings(max_examples=150, deadline=None)
@given(data=labelled_scores(max_size=30), p_percent=st.integers(1, 99))
def test_the_best_rule_for_net_benefit_is_the_least_cost_threshold(data, p_percent):
    y, s = data
    s = as_probabilities(s)
    p_t = p_percent / 100
    ratio = p_t / (1 - p_t)
    # the rule "score >= c" as 0/1 scores: treated exactly when 1 >= p_t > 0
    candidates = [np.inf] + sorted(set(s.tolist()), reverse=True)
    benefit = [ec.net_benefit(y, (s >= c).astype(float), threshold_probability=p_t)
               for c in candidates]
    cheapest = ec.threshold_by_cost(y, s, cost_fp=ratio, cost_fn=1.0)
    positives = y.mean()
    assert max(benefit) == pytest.approx(positives - cheapest.value, abs=1e-12)
    chosen = candidates.index(cheapest.threshold)
    assert benefit[chosen] == pytest.approx(max(benefit), abs=1e-12)


# ------------------------------------------------------------------------- ScoreCounts, weights

def test_score_counts_and_repeated_rows_give_the_same_curve():
    thresholds = np.arange(0, 100, 5) / 100
    direct = ec.decision_curve(SEVEN_Y, SEVEN_S, threshold_probabilities=thresholds)
    counts = ec.ScoreCounts.from_arrays(SEVEN_Y, SEVEN_S)
    from_counts = counts.decision_curve(threshold_probabilities=thresholds)
    for a, b in zip(direct, from_counts):
        np.testing.assert_array_equal(a, b)
    weights = [1, 2, 3, 1, 2, 1, 4]
    weighted = ec.net_benefit(SEVEN_Y, SEVEN_S, threshold_probability=thresholds,
                              sample_weight=weights)
    repeated = ec.net_benefit(np.repeat(SEVEN_Y, weights), np.repeat(SEVEN_S, weights),
                              threshold_probability=thresholds)
    np.testing.assert_allclose(weighted, repeated, atol=1e-15)


def test_the_default_threshold_probabilities_are_those_of_dcurves():
    curve = ec.decision_curve(TOY_Y, TOY_S)
    np.testing.assert_allclose(curve.threshold_probability, [k / 100 for k in range(100)])
    frame = curve.to_frame()
    assert list(frame.columns) == ["threshold_probability", "net_benefit", "treat_all",
                                   "standardized_net_benefit"]
    assert len(frame) == 100


# ------------------------------------------------------------------------------------ undefined

def test_threshold_probability_one_is_nan_with_one_warning():
    value = one_undefined_warning(ec.net_benefit, TOY_Y, TOY_S, threshold_probability=1.0)
    assert np.isnan(value)
    values = one_undefined_warning(ec.net_benefit, TOY_Y, TOY_S,
                                   threshold_probability=[0.2, 1.0, 1.0])
    assert values[0] == pytest.approx(0.4375) and np.isnan(values[1:]).all()
    curve = one_undefined_warning(ec.decision_curve, TOY_Y, TOY_S,
                                  threshold_probabilities=[0.5, 1.0])
    assert np.isnan(curve.net_benefit[1]) and np.isnan(curve.treat_all[1])
    interval = one_undefined_warning(ec.net_benefit_ci, TOY_Y, TOY_S, threshold_probability=1.0)
    assert np.isnan([interval.net_benefit, interval.low, interval.high]).all()


def test_no_positives_leaves_net_benefit_defined_and_the_standardized_one_nan():
    curve = one_undefined_warning(ec.decision_curve, [0, 0, 0], [0.1, 0.5, 0.9],
                                  threshold_probabilities=[0.2, 0.5])
    assert curve.net_benefit.tolist() == pytest.approx([-2 / 3 * 0.25, -2 / 3 * 1.0])
    assert np.isnan(curve.standardized_net_benefit).all()


# ------------------------------------------------------------------------------------ bad input

@pytest.mark.parametrize("p_t, error, match", [
    (-0.1, ValueError, r"threshold_probability must lie in \[0.0, 1.0\]"),
    (1.5, ValueError, r"threshold_probability must lie in \[0.0, 1.0\]"),
    (float("nan"), ValueError, "threshold_probability must be a number"),
    ("0.2", TypeError, "threshold_probability must"),
    (True, TypeError, "threshold_probability must be a real number"),
    ([0.1, 2.0], ValueError, r"threshold_probability must hold probabilities in \[0, 1\]"),
    ([0.1, float("nan")], ValueError, "threshold_probability must be finite"),
    ([], ValueError, "threshold_probability is empty"),
])
def test_bad_threshold_probabilities_are_refused(p_t, error, match):
    with pytest.raises(error, match=match):
        ec.net_benefit(TOY_Y, TOY_S, threshold_probability=p_t)


def test_scores_that_are_no_probabilities_are_refused():
    with pytest.raises(ValueError, match=r"y_score must hold probabilities in \[0, 1\]"):
        ec.net_benefit(TOY_Y, [0.1, 0.4, 0.35, 1.8], threshold_probability=0.2)
    with pytest.raises(ValueError, match=r"y_score must hold probabilities in \[0, 1\]"):
        ec.ScoreCounts.from_arrays(TOY_Y, [-1, 0.4, 0.35, 0.8]).decision_curve()
    with pytest.raises(ValueError, match=r"y_score must hold probabilities in \[0, 1\]"):
        ec.net_benefit_ci(TOY_Y, [0.1, 0.4, 0.35, 1.8], threshold_probability=0.2)
    with pytest.raises(ValueError, match="binary"):
        ec.net_benefit([0, 1, 2, 1], TOY_S, threshold_probability=0.2)
    with pytest.raises(TypeError, match=r"has the method: counts\.decision_curve\(\)"):
        ec.decision_curve(ec.ScoreCounts.from_arrays(TOY_Y, TOY_S), TOY_S)
    with pytest.raises(ValueError, match=r"prevalence must lie in \[0.0, 1.0\]"):
        ec.net_benefit_treat_all(1.2, threshold_probability=0.2)
    with pytest.raises(ValueError, match="level must lie in"):
        ec.net_benefit_ci(TOY_Y, TOY_S, threshold_probability=0.2, level=1.0)


# --------------------------------------------------------------------------------- the interval

def test_bootstrap_interval_covers_the_population_net_benefit():
    rng = np.random.default_rng(7)
    population_y = (rng.random(100_000) < 0.3).astype(int)
    population_p = np.clip(np.round(rng.beta(2 + 3 * population_y, 5 - 2 * population_y), 3),
                           0, 1)
    p_t = 0.2
    truth = ec.net_benefit(population_y, population_p, threshold_probability=p_t)
    covered, reps = 0, 200
    for _ in range(reps):
        sample = rng.integers(0, population_y.size, 150)
        interval = ec.net_benefit_ci(population_y[sample], population_p[sample],
                                     threshold_probability=p_t, level=0.9, n_boot=300,
                                     random_state=rng)
        covered += interval.low <= truth <= interval.high
    # 0.9 nominal; 200 replications have a standard error of about 0.021
    assert 0.83 <= covered / reps <= 0.96


def test_interval_estimate_is_the_net_benefit_and_its_method_is_said():
    interval = ec.net_benefit_ci(SEVEN_Y, SEVEN_S, threshold_probability=0.3, n_boot=200,
                                 random_state=1)
    assert interval.net_benefit == pytest.approx(float(net_benefit_by_hand(SEVEN_Y, SEVEN_S, 0.3)))
    assert interval.method == "percentile bootstrap" and interval.level == 0.95
    assert interval.low <= interval.net_benefit <= interval.high


# ----------------------------------------------------------------------------------- chapter 19

CH19 = ROOT / "chapters" / "23_decision_curves.ipynb"


@pytest.fixture(scope="module")
def chapter19():
    """Chapter 19's glued values, and its screening drawn as its code draws it (no evalcore)."""
    code = "\n".join(source(c) for c in cells(CH19) if c["cell_type"] == "code")
    assert "rng = np.random.default_rng(0)" in code
    assert "n, prevalence, separation = 20_000, 0.01, 2.0" in code
    rng = np.random.default_rng(0)
    y = (rng.random(20_000) < 0.01).astype(int)
    marker = rng.normal(2.0 * y, 1.0)
    ratio = norm.pdf(marker, 2.0) / norm.pdf(marker, 0.0)
    risk = 0.01 * ratio / (0.01 * ratio + 0.99)
    return glued(CH19), y, risk, ratio / (1 + ratio)


def test_chapter19_numbers_from_dcurves_and_counts_by_mask(chapter19):
    dcurves = pytest.importorskip("dcurves")
    values, y, risk, _ = chapter19
    p_t = 1 / 51
    treated = risk >= p_t
    tp, fp = int((treated & (y == 1)).sum()), int((treated & (y == 0)).sum())
    assert (values["dc_tp_fifty"], values["dc_fp_fifty"], values["dc_n_ill"]) == (
        tp, fp, int(y.sum()))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        frame = dcurves.dca(data=pd.DataFrame({"y": y, "risk": risk}), outcome="y",
                            modelnames=["risk"], thresholds=[p_t])
    model = float(frame[frame.model == "risk"].net_benefit.iloc[0])
    everyone = float(frame[frame.model == "all"].net_benefit.iloc[0])
    assert close(1000 * model, values["dc_nb_fifty_k"])
    assert close(1000 * everyone, values["dc_all_fifty_k"])
    assert close(model / y.mean(), values["dc_snb_fifty"])
    # the prose: the model beats both policies that need no model at 1/51
    assert values["dc_nb_fifty_k"] > 0 > values["dc_all_fifty_k"]


def test_chapter19_least_cost_threshold_by_a_sweep(chapter19):
    values, y, risk, _ = chapter19
    order = np.argsort(-risk, kind="stable")
    ranked_y, ranked_risk = y[order], risk[order]
    last_of_group = np.r_[ranked_risk[1:] != ranked_risk[:-1], True]
    tp = np.cumsum(ranked_y)[last_of_group]
    fp = np.cumsum(1 - ranked_y)[last_of_group]
    cost = np.r_[y.sum() * 50, fp + 50 * (y.sum() - tp)] / y.size   # nothing flagged first
    best = int(np.argmin(cost))
    assert best > 0 and close(ranked_risk[last_of_group][best - 1], values["dc_cost_threshold"])
    assert close(1000 * (y.mean() - cost[best] / 50), values["dc_best_nb_k"])
    assert values["dc_best_nb_k"] >= values["dc_nb_fifty_k"]          # "a little more"
    assert values["dc_cost_threshold"] < values["dc_p_fifty"]


def test_chapter19_uncalibrated_risks_by_hand(chapter19):
    values, y, risk, balanced = chapter19
    p_t = 1 / 51
    from sklearn.metrics import roc_auc_score
    assert close(roc_auc_score(y, risk), values["dc_auc"])
    assert close(roc_auc_score(y, balanced), values["dc_auc_balanced"])
    treated = balanced >= p_t
    nb = ((treated & (y == 1)).sum() - (treated & (y == 0)).sum() / 50) / y.size
    assert close(1000 * nb, values["dc_nb_balanced_k"]) and nb < 0    # worse than no one
    assert close(treated.mean(), values["dc_share_balanced"])
    assert close((risk >= p_t).mean(), values["dc_share_calibrated"])
    assert values["dc_share_balanced"] > values["dc_share_calibrated"]
    assert close(values["dc_nb_repaired_k"], values["dc_nb_fifty_k"])     # "restores"


def test_chapter19_exercises(chapter19):
    values, *_ = chapter19
    for key, p_t in (("dc_ex1_low_k", Fraction(1, 100)), ("dc_ex1_fifty_k", Fraction(1, 51)),
                     ("dc_ex1_high_k", Fraction(5, 100))):
        pi = Fraction(3, 100)
        assert close(float(1000 * (pi - (1 - pi) * p_t / (1 - p_t))), values[key])
    assert values["dc_ex1_fifty_k"] > 0 > values["dc_ex1_high_k"]
    # solution 2: the interval is clear of zero and holds the estimate
    assert 0 < values["dc_ex2_low_k"] < values["dc_ex2_nb_k"] < values["dc_ex2_high_k"]
    assert close(values["dc_ex2_nb_k"], values["dc_nb_fifty_k"])
