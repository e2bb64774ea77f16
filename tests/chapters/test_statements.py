"""Statements the chapters make, each recomputed by another route: algebra, scipy, a simulation
written with numpy alone, or counts by hand. An expert's re-derivation found these statements
false in an earlier version; each test pins the corrected one, so that it cannot come back.

The chapters: 14_evaluation_protocol, 20_calibration_measured, 22_capacity,
23_decision_curves, 24_guaranteed_threshold and 25_subgroups. A test marked ``chapters``
reads a chapter's glued values (tests/notebook_cells.py); the others check the mathematics
the prose relies on.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import optimize, special, stats

import evalcore as ec
from conftest import ROOT
from default_credit import default_credit
from notebook_cells import cells, glued, prose, source
from stored_outputs import close

CHAPTERS = ROOT / "chapters"
PROTOCOL = CHAPTERS / "14_evaluation_protocol.ipynb"
CALIBRATION = CHAPTERS / "20_calibration_measured.ipynb"
CAPACITY = CHAPTERS / "22_capacity.ipynb"
DECISION = CHAPTERS / "23_decision_curves.ipynb"
GUARANTEE = CHAPTERS / "24_guaranteed_threshold.ipynb"
SUBGROUPS = CHAPTERS / "25_subgroups.ipynb"


def flat(text: str) -> str:
    return " ".join(text.split())


def in_the_large_by_root(y: np.ndarray, p: np.ndarray) -> float:
    """The calibration-in-the-large a0: the root of the likelihood equation
    Σ (y − expit(a0 + logit p)) = 0, found by bracketing (no Newton, no evalcore)."""
    offset = special.logit(p)
    score = lambda a: float(np.sum(y - special.expit(a + offset)))  # noqa: E731
    return optimize.brentq(score, -20, 20, xtol=1e-14, rtol=1e-14)


def default_credit_model():
    """The `Default` test split of chapters 22 and 25: labels, probabilities, students."""
    credit = default_credit()
    return (*credit.test_scores(), credit.student[credit.test])


# ------------------------------------------------------------- 1. the ceiling of the lift
def test_the_best_lift_at_k_is_min_of_one_over_prevalence_and_n_over_k():
    """A perfect ranking (the labels as scores) at every k: the lift is min(1/π, n/k)."""
    rng = np.random.default_rng(5)
    y = (rng.random(500) < 0.06).astype(int)
    n, positives = y.size, int(y.sum())
    for k in (1, 10, positives, positives + 1, 100, 400, n):
        best = y[np.argsort(-y, kind="stable")][:k].sum() / k / y.mean()
        assert best == pytest.approx(min(n / positives, n / k))
        top = ec.counts_at_capacity(y, y.astype(float), k=k)
        assert top.precision / y.mean() == pytest.approx(best)


@pytest.mark.chapters
def test_capacity_credit_lift_against_a_perfect_ranking():
    values = glued(CAPACITY)
    y, p, _ = default_credit_model()
    k = values["cap_calls"]
    perfect = y[np.argsort(-y, kind="stable")][:k].sum()           # defaulters first
    found = y[np.argsort(-p)][:k].sum()
    assert perfect == min(int(y.sum()), k) == 67 < k                  # fewer defaulters than calls
    assert close(perfect / k / y.mean(), values["cap_credit_max_lift"])
    assert close(y.size / k, values["cap_credit_n_over_k"])
    assert close(1 / y.mean(), values["cap_credit_inv_prev"])
    assert values["cap_credit_max_lift"] < values["cap_credit_inv_prev"]
    assert close(found / perfect, values["cap_credit_share_best"])     # 50 of 67, three quarters
    assert close(values["cap_credit_lift"] / values["cap_credit_max_lift"],
                 values["cap_credit_share_best"])
    assert values["cap_credit_share_best"] > 0.7


# ----------------------------------------- 2. the variance of the mean of correlated splits
def test_variance_of_the_mean_of_equicorrelated_differences():
    """Var(d̄) = σ²(ρ + (1 − ρ)/J) = σ²(1 − ρ)(1/J + ρ/(1 − ρ)), and E[s²] = σ²(1 − ρ): exactly
    from the covariance matrix, and by a simulation of equicorrelated differences."""
    sigma2, rho, J = 1.0, 0.5, 10
    cov = sigma2 * ((1 - rho) * np.eye(J) + rho * np.ones((J, J)))
    exact = np.ones(J) @ cov @ np.ones(J) / J**2
    assert exact == pytest.approx(sigma2 * (rho + (1 - rho) / J)) == pytest.approx(0.55)
    assert exact == pytest.approx(sigma2 * (1 - rho) * (1 / J + rho / (1 - rho)))
    assert abs(exact - sigma2 * (1 / J + rho / (1 - rho))) > 0.5       # the old formula: 1.1
    expected_s2 = (np.trace(cov) - np.ones(J) @ cov @ np.ones(J) / J) / (J - 1)
    assert expected_s2 == pytest.approx(sigma2 * (1 - rho))

    rng = np.random.default_rng(0)
    reps = 200_000
    d = (np.sqrt(rho) * rng.normal(size=(reps, 1))
         + np.sqrt(1 - rho) * rng.normal(size=(reps, J))) * np.sqrt(sigma2)
    var_mean = d.mean(axis=1).var(ddof=1)
    mean_s2 = d.var(axis=1, ddof=1).mean()
    assert var_mean == pytest.approx(0.55, abs=0.01)
    assert mean_s2 == pytest.approx(0.5, abs=0.005)
    assert (1 / J + rho / (1 - rho)) * mean_s2 == pytest.approx(var_mean, abs=0.01)


def test_corrected_resampled_t_uses_the_sample_variance_of_the_differences():
    rng = np.random.default_rng(1)
    a, b = rng.normal(0.8, 0.02, 10), rng.normal(0.79, 0.02, 10)
    d = a - b
    result = ec.corrected_resampled_ttest(a, b, n_train=90, n_test=10)
    se = math.sqrt((1 / d.size + 10 / 90) * d.var(ddof=1))
    assert result.standard_error == pytest.approx(se)
    assert result.pvalue == pytest.approx(2 * stats.t.sf(abs(d.mean() / se), d.size - 1))


@pytest.mark.chapters
def test_protocol_prose_states_the_corrected_variance():
    text = flat(prose(PROTOCOL))
    assert r"\sigma^2\Bigl(\rho + \frac{1-\rho}{J}\Bigr)" in text
    assert r"$\sigma^2\,(1/J + \rho/(1-\rho))$ rather than" not in text


# --------------------------------------------- 3. in-the-large and bias: opposite signs
def moons_probabilities():
    """Chapter 20's three versions of the logistic regression's probabilities, and labels."""
    from sklearn.datasets import make_moons
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split

    X, y = make_moons(n_samples=3000, noise=0.3, random_state=0)
    X_fit, X_rest, y_fit, y_rest = train_test_split(X, y, test_size=2 / 3, random_state=0,
                                                    stratify=y)
    _, X_test, _, y_test = train_test_split(X_rest, y_rest, test_size=0.5, random_state=0,
                                            stratify=y_rest)
    p = LogisticRegression().fit(X_fit, y_fit).predict_proba(X_test)[:, 1]
    return y_test, {"log": p, "cubed": p**3, "sharp": special.expit(2.5 * special.logit(p))}


def test_in_the_large_and_bias_always_have_opposite_signs():
    rng = np.random.default_rng(2)
    for _ in range(200):
        n = int(rng.integers(5, 200))
        p = rng.uniform(0.01, 0.99, n) ** rng.uniform(0.3, 3)
        y = (rng.random(n) < rng.uniform(0.05, 0.95)).astype(int)
        if y.min() == y.max():
            continue
        a0, bias = in_the_large_by_root(y, p), np.mean(p) - np.mean(y)
        assert np.sign(a0) == -np.sign(bias)


@pytest.mark.chapters
def test_calibration_chapter_signs_by_root_finding():
    values = glued(CALIBRATION)
    y, versions = moons_probabilities()
    for name, p in versions.items():
        a0, bias = in_the_large_by_root(y, p), float(np.mean(p) - np.mean(y))
        assert close(bias, values[f"calm_bias_{name}"])
        assert a0 == pytest.approx(values[f"calm_itl_{name}"], abs=1e-6)
        assert np.sign(a0) == -np.sign(bias)
    assert values["calm_itl_sharp"] < 0 < values["calm_bias_sharp"]     # both: "too high"
    assert values["calm_opposite"] == values["calm_n_models"] == 3
    assert "agree in sign" not in flat(prose(CALIBRATION))


# ----------------------------------------- 4. the ECE against its null distribution
def ece_ten_equal_count_bins(y: np.ndarray, p: np.ndarray) -> float:
    """Ten equal-count bins of 1,000 distinct probabilities are ten runs of 100 sorted cases."""
    order = np.argsort(p)
    runs_p, runs_y = p[order].reshape(10, -1), y[order].reshape(10, -1)
    return float(np.mean(np.abs(runs_p.mean(axis=1) - runs_y.mean(axis=1))))


@pytest.mark.chapters
def test_calibration_ece_is_within_its_null_distribution_but_the_bias_is_not():
    values = glued(CALIBRATION)
    y, versions = moons_probabilities()
    p = versions["log"]
    assert y.size == 1000 and np.unique(p).size == p.size
    observed = ece_ten_equal_count_bins(y, p)
    assert close(observed, values["calm_ece_q10"])
    # the chapter's rng draws the calibrated label sets first
    simulated = (np.random.default_rng(0).uniform(size=(200, y.size)) < p).astype(int)
    null = np.array([ece_ten_equal_count_bins(s, p) for s in simulated])
    assert close(float(null.mean()), values["calm_ece_sim10"])
    assert close(float(np.quantile(null, 0.95)), values["calm_ece_null95"])
    assert close(float(np.mean(null >= observed)), values["calm_ece_null_share"])
    # not detected at 5% by the ECE ...
    assert values["calm_ece_null95"] > values["calm_ece_q10"]
    assert values["calm_ece_null_share"] > 0.05
    # ... but by the bias's normal interval, computed by hand
    diff = p - y
    half = stats.norm.ppf(0.975) * diff.std(ddof=1) / math.sqrt(diff.size)
    assert close(diff.mean() - half, values["calm_bias_log_low"])
    assert values["calm_bias_log_low"] > 0
    assert "stands clearly above" not in flat(prose(CALIBRATION))


# ------------------------------------------------ 5. the price of the guarantee
def guarantee_chapter_draws():
    """Chapter 24's rng, redrawn with numpy: the simulation's 2,000 held-out sets (discarded),
    then the tuning set and the test set."""
    rng = np.random.default_rng(0)
    draw = lambda: np.r_[rng.normal(0, 1, 500), rng.normal(2.0, 1, 500)]  # noqa: E731
    for _ in range(2000):
        draw()
    return draw(), draw()


@pytest.mark.chapters
def test_guarantee_price_is_a_part_of_the_gap():
    values = glued(GUARANTEE)
    alpha, shift, n = values["gt_alpha"], values["gt_shift"], values["gt_n_neg"]
    s_tune, s_test = guarantee_chapter_draws()
    negatives = np.sort(s_tune[:n])
    k = values["gt_k"]
    # the umbrella threshold: the lowest score above the k-th smallest negative
    threshold = s_tune[s_tune > negatives[k - 1]].min()
    assert close(threshold, values["gt_chosen_threshold"])
    assert close(float(np.mean(s_test[n:] >= threshold)), values["gt_point_sens"])
    # the test set's sensitivity at specificity 0.95: above the 475th smallest negative
    cut = np.sort(s_test[:n])[n - int(round(alpha * n)) - 1]
    assert close(float(np.mean(s_test[n:] > cut)), values["gt_reach_sens"])
    # the binormal truths
    true_reach = stats.norm.cdf(shift - stats.norm.ppf(1 - alpha))
    true_tpr = stats.norm.sf(threshold - shift)
    assert true_reach == pytest.approx(0.639, abs=5e-4)
    assert close(true_reach, values["gt_true_reach"]) and close(true_tpr, values["gt_true_tpr"])
    assert close(true_reach - true_tpr, values["gt_price"])
    # the gap seen = price + noise in the reachable estimate − noise in the chosen point's
    assert values["gt_gap_seen"] == pytest.approx(
        values["gt_price"] + values["gt_reach_noise"] - values["gt_point_noise"])
    assert values["gt_price"] < values["gt_gap_seen"] / 2              # not "most of the gap"
    assert values["gt_reach_noise"] > values["gt_price"] and values["gt_point_noise"] > 0
    assert "most of the gap is the price" not in flat(prose(GUARANTEE))


# ------------------------------------- 6. net benefit at the deployment's prevalence
def screening():
    """Chapter 23's screening, drawn as its code draws it (numpy and scipy only)."""
    rng = np.random.default_rng(0)
    y = (rng.random(20_000) < 0.01).astype(int)
    marker = rng.normal(2.0 * y, 1.0)
    ratio = stats.norm.pdf(marker, 2.0) / stats.norm.pdf(marker, 0.0)
    return y, ratio


def weighted_net_benefit(y, treated, weight, p_t):
    """NB by weighted counts: (TP − FP·p_t/(1 − p_t)) / n, every sum weighted."""
    tp, fp = np.sum(weight * (treated & (y == 1))), np.sum(weight * (treated & (y == 0)))
    return (tp - fp * p_t / (1 - p_t)) / np.sum(weight)


def reweighted_to(y, prevalence):
    """Case weights that give the ill a share ``prevalence`` of the total weight."""
    return np.where(y == 1, prevalence / y.mean(), (1 - prevalence) / (1 - y.mean()))


@pytest.mark.chapters
def test_decision_net_benefit_on_a_case_control_sample():
    values = glued(DECISION)
    y, ratio = screening()
    risk = 0.01 * ratio / (0.01 * ratio + 0.99)
    p_t = 1 / 51
    treated = risk >= p_t
    tpr, fpr = treated[y == 1].mean(), treated[y == 0].mean()
    assert close(tpr, values["dc_tpr_fifty"]) and close(fpr, values["dc_fpr_fifty"])
    # a case-control sample (half ill): the counts reweighted, against the rate formula
    by_counts = weighted_net_benefit(y, treated, reweighted_to(y, 0.5), p_t)
    assert close(1000 * by_counts, values["dc_nb_case_control_k"])
    assert by_counts == pytest.approx(tpr * 0.5 - fpr * 0.5 * p_t / (1 - p_t))
    assert values["dc_nb_case_control_k"] > 50 * values["dc_nb_fifty_k"]   # far from the truth
    # at the sample's own prevalence the formula is the chapter's net benefit
    assert close(1000 * (tpr * y.mean() - fpr * (1 - y.mean()) * p_t / (1 - p_t)),
                 values["dc_nb_fifty_k"])


@pytest.mark.chapters
def test_decision_exercise_moves_the_model_curve_to_the_clinic():
    values = glued(DECISION)
    y, ratio = screening()
    clinic = 0.03
    risk_clinic = clinic * ratio / (clinic * ratio + 1 - clinic)   # Bayes' rule at 3%
    for level, p_t in (("low", 0.01), ("fifty", 1 / 51), ("high", 0.05)):
        treated = risk_clinic >= p_t
        by_counts = weighted_net_benefit(y, treated, reweighted_to(y, clinic), p_t)
        rate = p_t / (1 - p_t)
        by_rates = treated[y == 1].mean() * clinic - treated[y == 0].mean() * (1 - clinic) * rate
        assert by_counts == pytest.approx(by_rates)
        assert close(1000 * by_rates, values[f"dc_ex1_model_{level}_k"])
        # the prose: above treat-all at each threshold
        assert values[f"dc_ex1_model_{level}_k"] > 1000 * (clinic - (1 - clinic) * rate)
    # risks left at 1% act at a higher cut on the marker: fewer people examined
    risk_old = 0.01 * ratio / (0.01 * ratio + 0.99)
    assert np.mean(risk_old >= 1 / 51) < np.mean(risk_clinic >= 1 / 51)


# ------------------------------------------------ 7. the logistic regression's ranks
@pytest.mark.chapters
def test_protocol_logistic_ranks_recomputed_with_scikit_learn():
    from sklearn.base import clone
    from sklearn.datasets import (load_breast_cancer, load_digits, load_iris, make_circles,
                                  make_classification, make_moons)
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import roc_auc_score
    from sklearn.model_selection import StratifiedKFold
    from sklearn.naive_bayes import GaussianNB
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.tree import DecisionTreeClassifier

    values = glued(PROTOCOL)
    X_digits, y_digits = load_digits(return_X_y=True)
    keep = np.isin(y_digits, [3, 8])
    X_iris, y_iris = load_iris(return_X_y=True)
    datasets = [load_breast_cancer(return_X_y=True), (X_iris, (y_iris == 1).astype(int)),
                (X_digits[keep], (y_digits[keep] == 8).astype(int)),
                make_moons(300, noise=0.3, random_state=0),
                make_circles(300, noise=0.2, factor=0.5, random_state=0),
                make_classification(300, n_features=10, n_informative=5, random_state=0),
                make_classification(300, n_features=10, n_informative=3, flip_y=0.2,
                                    random_state=1),
                make_classification(300, n_features=4, n_informative=2, n_redundant=0,
                                    n_clusters_per_class=2, class_sep=1.5, random_state=2)]
    models = [make_pipeline(StandardScaler(), LogisticRegression()), GaussianNB(),
              make_pipeline(StandardScaler(), KNeighborsClassifier(15)),
              DecisionTreeClassifier(max_depth=4, random_state=0)]
    folds = StratifiedKFold(5, shuffle=True, random_state=0)
    ranks = []
    for X, y in datasets:
        aucs = [np.mean([roc_auc_score(y[test], clone(m).fit(X[train], y[train])
                                       .predict_proba(X[test])[:, 1])
                         for train, test in folds.split(X, y)]) for m in models]
        ranks.append(stats.rankdata(-np.round(aucs, 10))[0])      # ties share their mean rank
    assert values["fr_logistic_ranks"] == ", ".join(f"{r:g}" for r in ranks)
    assert ranks == [1, 4, 1, 3.5, 4, 3, 2, 1]
    assert values["fr_logistic_firsts"] == ranks.count(1) == 3
    assert ranks[1] == ranks[4] == values["fr_n_models"] == 4        # worst on iris and circles
    assert "among the best elsewhere" not in flat(prose(PROTOCOL))


# ------------------------------------------------------------------------ 8. smaller
@pytest.mark.slow
def test_family_wise_error_of_three_tests_reaches_bonferronis_bound():
    """Three level-5% tests whose rejection regions never overlap (each p-value uniform):
    the family-wise error is 3 × 0.05, above the independent case's 1 − 0.95³."""
    rng = np.random.default_rng(3)
    u = rng.random(400_000)
    disjoint = np.stack([(u + i / 3) % 1 for i in range(3)])
    independent = rng.random((3, u.size))
    for pvalues in (disjoint, independent):
        assert np.all(np.abs((pvalues < 0.05).mean(axis=1) - 0.05) < 0.002)   # each at 5%
    assert (disjoint < 0.05).any(axis=0).mean() == pytest.approx(0.15, abs=0.002)
    assert (independent < 0.05).any(axis=0).mean() == pytest.approx(1 - 0.95**3, abs=0.002)
    # Holm keeps the family-wise error at 5% for the disjoint tests too
    holm = np.array([ec.holm(list(column)).pvalues for column in disjoint[:, :20_000].T])
    assert (holm < 0.05).any(axis=1).mean() <= 0.05 + 0.005


@pytest.mark.chapters
def test_protocol_family_rate_bound_and_plural():
    values = glued(PROTOCOL)
    m = values["bc_n_comparisons"]
    assert values["bc_family_rate"] == pytest.approx(1 - 0.95**m)
    assert values["bc_bonferroni_bound"] == pytest.approx(min(1, 0.05 * m))
    n = values["bc_n_holm_below"]
    assert values["bc_holm_remain"] == (f"{n} comparison remains" if n == 1
                                        else f"{n} comparisons remain")
    assert "comparisons remain" not in flat(prose(PROTOCOL)).replace(
        "{glue:text}`bc_holm_remain`", "")


def plain_rule_violations(draws: int, seed: int) -> float:
    """The plain threshold (the lowest score of either class with at most 25 of 500
    negatives at or above it) on ``draws`` simulated held-out sets: the share whose true FPR
    exceeds 5%."""
    rng = np.random.default_rng(seed)
    over = 0
    for start in range(0, draws, 2000):
        m = min(2000, draws - start)
        negatives, positives = rng.normal(0, 1, (m, 500)), rng.normal(2.0, 1, (m, 500))
        kth = np.partition(negatives, 474, axis=1)[:, 474]          # the 475th smallest
        above = np.concatenate([negatives, positives], axis=1)
        threshold = np.where(above > kth[:, None], above, np.inf).min(axis=1)
        over += int(np.sum(stats.norm.sf(threshold) > 0.05))
    return over / draws


@pytest.mark.chapters
def test_guarantee_plain_rule_is_bounded_by_the_tail_and_errors_are_given():
    values = glued(GUARANTEE)
    draws = values["gt_draws"]
    for name in ("plain", "sure"):
        share = values[f"gt_{name}_over"]
        assert close(math.sqrt(share * (1 - share) / draws), values[f"gt_{name}_over_se"])
    tail = stats.binom.sf(475 - 1, 500, 0.95)
    assert close(tail, values["gt_plain_tail"])
    many = 20_000
    rate = plain_rule_violations(many, seed=11)
    se = math.sqrt(rate * (1 - rate) / many)
    assert rate + 3 * se < tail                          # an upper bound, not the exact value
    assert abs(rate - values["gt_plain_over"]) < 3 * math.hypot(se, values["gt_plain_over_se"])
    assert "the exact version" not in flat(prose(GUARANTEE))


def test_no_false_positives_and_equal_tprs_meet_both_criteria():
    """Two groups with base rates 10% and 30%: a classifier that flags half of each group's
    positives and no negative has equal TPR, FPR (0) and PPV (1); one with false positives
    and equal TPR and FPR has unequal PPVs."""
    group = np.repeat([0, 1], 1000)
    y = np.r_[np.arange(1000) < 100, np.arange(1000) < 300].astype(int)

    def rates(flag):
        out = []
        for g in (0, 1):
            yy, ff = y[group == g], flag[group == g]
            out.append((ff[yy == 1].mean(), ff[yy == 0].mean(), yy[ff == 1].mean()))
        return np.array(out)                    # rows: groups; columns: TPR, FPR, PPV

    within = np.r_[np.arange(1000), np.arange(1000)]
    cautious = ((y == 1) & (within % 2 == 0)).astype(int)          # half the positives
    r = rates(cautious)
    assert np.all(r[0] == r[1]) and r[0, 1] == 0 and r[0, 2] == 1
    negatives_flagged = (y == 0) & (within % 10 == 5)              # a tenth of the negatives
    careless = (cautious.astype(bool) | negatives_flagged).astype(int)
    r = rates(careless)
    assert r[0, 0] == r[1, 0] and r[0, 1] == pytest.approx(r[1, 1], abs=0.01) and r[0, 1] > 0
    assert r[1, 2] - r[0, 2] > 0.1
    assert "A perfect one ($FPR = 0$, $TPR = 1$) meets both" not in flat(prose(SUBGROUPS))


@pytest.mark.chapters
def test_subgroups_calibration_in_the_large_has_chapter_20s_sign():
    values = glued(SUBGROUPS)
    y, p, student = default_credit_model()
    for name, members in (("students", student), ("others", ~student)):
        a0 = in_the_large_by_root(y[members], p[members])
        bias = p[members].mean() - y[members].mean()
        assert a0 == pytest.approx(values[f"sg_itl_{name}"], abs=1e-6)
        assert close(bias, values[f"sg_bias_{name}"])
        assert np.sign(a0) == -np.sign(bias) == 1                     # "a little too low"
    text = flat(prose(SUBGROUPS))
    assert "Calibration-in-the-large is the mean predicted probability minus" not in text
    assert "*calibration-in-the-large*, the intercept of a logistic fit" in text


# ------------------------------------------------------------------ 9. three more slips
def test_a_difference_between_groups_is_less_sure_than_either():
    """Two independent TPRs, from 200 and from 10 ill patients: the spread of their
    difference exceeds the spread of each, its variance the sum of theirs."""
    rng = np.random.default_rng(4)
    tpr = stats.norm.sf(1.0 - 2.0)
    big, small = rng.binomial(200, tpr, 200_000) / 200, rng.binomial(10, tpr, 200_000) / 10
    spread = np.std(small - big)
    assert spread > np.std(small) > np.std(big)
    assert spread**2 == pytest.approx(np.var(small) + np.var(big), rel=0.02)


@pytest.mark.chapters
def test_protocol_self_check_mistakes_are_what_they_say():
    cell = next(c for c in cells(PROTOCOL) if c["cell_type"] == "code"
                and "ec.self_check(" in source(c) and "J = 100" in source(c))
    seen = {}

    class Stub:
        @staticmethod
        def self_check(question, **kwargs):
            seen.update(kwargs)

    exec(compile(source(cell), "self-check", "exec"), {"ec": Stub})
    J, ratio = 100, 1 / 9
    assert seen["answer"] == pytest.approx((1 / J + ratio) / (1 / J))
    described = {"one 10-fold run (J = 10)": (1 / 10 + ratio) / (1 / 10),
                 "with J = 10 and the ratio 1": 1 / 10 + 1,
                 "multiplier 1/J + n_test/n_train itself": 1 / J + ratio}
    tolerance = 0.5 * 10 ** -seen["decimals"]          # decimals=d: right within half a unit
    for words, value in described.items():
        keys = [k for k, why in seen["mistakes"].items() if words in why]
        assert len(keys) == 1 and abs(keys[0] - value) <= tolerance, (words, keys, value)
    points = [seen["answer"], *seen["mistakes"]]
    assert all(abs(a - b) > 2 * tolerance for i, a in enumerate(points) for b in points[i + 1:])


@pytest.mark.chapters
def test_protocol_monte_carlo_errors_and_the_5x2cv_verdicts():
    values = glued(PROTOCOL)
    n = values["n_sets"]
    for rate, se in (("fa_5x2_t", "fa_5x2_t_se"), ("fa_5x2_f", "fa_5x2_se")):
        assert close(math.sqrt(values[rate] * (1 - values[rate]) / n), values[se])
    assert abs(values["fa_5x2_t_se"] - values["fa_5x2_se"]) > 0.002     # not "each ± about"
    # exercise 2: Dietterich's t and Alpaydın's F recomputed with scikit-learn and scipy
    from sklearn.base import clone
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import roc_auc_score
    from sklearn.model_selection import RepeatedStratifiedKFold
    from sklearn.naive_bayes import GaussianNB
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    X, y = load_breast_cancer(return_X_y=True)
    splits = list(RepeatedStratifiedKFold(n_splits=2, n_repeats=5, random_state=2).split(X, y))

    def aucs(model):
        return np.array([roc_auc_score(y[te], clone(model).fit(X[tr], y[tr])
                                       .predict_proba(X[te])[:, 1]) for tr, te in splits])

    d = (aucs(make_pipeline(StandardScaler(), LogisticRegression())) - aucs(GaussianNB()))
    d = d.reshape(5, 2)
    s2 = ((d - d.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
    t = d[0, 0] / math.sqrt(s2.mean())
    f = (d**2).sum() / (2 * s2.sum())
    assert close(t, values["ex2_t"]) and close(f, values["ex2_f"])
    p_t, p_f = 2 * stats.t.sf(abs(t), 5), stats.f.sf(f, 10, 5)
    assert close(p_t, values["ex2_p"]) and close(p_f, values["ex2_f_p"])
    corrected = values["ex2_corrected_p"] < 0.05
    assert values["ex2_t_verdict"] == ("agrees" if (p_t < 0.05) == corrected else "disagrees")
    assert values["ex2_f_verdict"] == ("agrees" if (p_f < 0.05) == corrected else "disagrees")
    assert values["ex2_t_verdict"] == "disagrees" and values["ex2_f_verdict"] == "agrees"


@pytest.mark.chapters
def test_prose_of_the_two_rederived_chapters_keeps_its_corrections():
    protocol, subgroups = flat(prose(PROTOCOL)), flat(prose(SUBGROUPS))
    assert "labels that are coin flips" not in protocol
    assert "k times more fits" not in protocol
    assert "only as sure as the less certain" not in subgroups
    assert "imperfect classifier" not in subgroups
    assert "the chances of being caught and of being wrongly flagged" in subgroups
    code = "\n".join(source(c) for c in cells(PROTOCOL) if c["cell_type"] == "code")
    assert "noise.permutation(labels)" in code and "labels = np.repeat([0, 1], 50)" in code
