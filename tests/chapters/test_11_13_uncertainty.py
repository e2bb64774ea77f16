"""The chapters on uncertainty (an interval for one AUC, ``11_uncertainty``; small test sets,
exact tests and sample size, ``12_tests_and_sample_size``; comparing two classifiers,
``13_comparing_classifiers``): their numbers recomputed independently, and their notation.

Every expected value comes from a brute-force computation (the pairwise ψ table and DeLong's
placement values, from evalcore/reference.py; every placement of the labels, every swap of two
classifiers' scores, Hanley and McNeil's variance formula searched one count at a time), from
a number a source prints (Hanley and McNeil's AUC 0.893 and SE 0.032; pROC's DeLong variance
for the aSAH WFNS grades), from scikit-learn, scipy's χ² tail and statsmodels' Holm adjustment
(chapter 13's three classifiers compared at once), or from the coverage study's stored JSON (the
chapter shows that file's table). Glued values are read from the stored notebook that holds
them, which test_stored_outputs.py proves a fresh run reproduces; a stored float is compared
with a fresh computation to the tolerance of stored_outputs.py. The last tests check the
chapters' notation and their links; their form (the code a solution shows is the code that
ran, no asserts, self-checks, a "predict before you compute" exercise, one sitting) is checked
for every chapter in test_chapter_form.py.
"""

from __future__ import annotations

import json
import math
import re
from fractions import Fraction
from itertools import combinations, product

import numpy as np
import pytest
from scipy.stats import chi2, norm, rankdata
from sklearn.metrics import roc_auc_score
from statsmodels.stats.multitest import multipletests

import evalcore as ec
from evalcore.reference import auc_pairs, delong_variance, placements, psi_table
from conftest import ROOT
import notebook_cells
from notebook_cells import prose
from stored_outputs import close

CH09 = ROOT / "chapters" / "11_uncertainty.ipynb"
CH12 = ROOT / "chapters" / "12_tests_and_sample_size.ipynb"
CH09B = ROOT / "chapters" / "13_comparing_classifiers.ipynb"
COVERAGE = ROOT / "benchmarks" / "results" / "coverage.json"
TOOL_DATA = ROOT / "tools" / "data" / "coverage_simulations.json"


# --- reading the notebook -----------------------------------------------------------------------
@pytest.fixture(scope="module")
def glued() -> dict:
    """Every value the chapter glued as text, by key (figures are left out)."""
    return notebook_cells.glued(CH09)


@pytest.fixture(scope="module")
def glued_12() -> dict:
    """The same for the chapter on small test sets: exact tests and sample size."""
    return notebook_cells.glued(CH12)


@pytest.fixture(scope="module")
def glued_b() -> dict:
    """The same for the second half, comparing two classifiers."""
    return notebook_cells.glued(CH09B)


# --- brute-force references (the ψ table and DeLong's placements are in evalcore/reference.py) -
def every_placement_auc(y, s):
    """The AUC of every placement of the positive labels on the scores, brute force."""
    n, positives = len(y), int(np.sum(y))
    out = []
    for chosen in combinations(range(n), positives):
        labels = np.zeros(n, int)
        labels[list(chosen)] = 1
        out.append(auc_pairs(labels, s, exact=True))
    return out


def exact_two_sided(y, s):
    observed = auc_pairs(y, s, exact=True)
    aucs = every_placement_auc(y, s)
    far = sum(abs(a - Fraction(1, 2)) >= abs(observed - Fraction(1, 2)) for a in aucs)
    return far, len(aucs)


def hanley_mcneil_var(a, positives, negatives):
    """Hanley and McNeil (1982), their eq. 2, written out here."""
    q1, q2 = a / (2 - a), 2 * a * a / (1 + a)
    return (a * (1 - a) + (positives - 1) * (q1 - a * a)
            + (negatives - 1) * (q2 - a * a)) / (positives * negatives)


# --- the sources' worked examples ----------------------------------------------------------------
def test_seven_cases_variance_is_one_seventy_second(glued):
    y, s = ec.vojnovic_seven()
    table = [[Fraction(v) for v in row] for row in psi_table(y, s)]     # 1, 1/2, 0 exactly
    assert auc_pairs(y, s, exact=True) == Fraction(11, 12)
    v10 = [sum(row) / len(row) for row in table]
    v01 = [sum(col) / len(col) for col in zip(*table)]

    def var(v):
        mean = sum(v) / len(v)
        return sum((x - mean) ** 2 for x in v) / (len(v) - 1)
    exact = var(v10) / len(v10) + var(v01) / len(v01)
    assert exact == Fraction(1, 72)
    assert close(1 / 72, glued["seven_var"])
    assert close(72, glued["seven_inv_var"])
    z = norm.ppf(0.975)
    assert close(11 / 12 - z / math.sqrt(72), glued["seven_low"])
    assert glued["seven_high"] == 1.0                           # 11/12 + 1.96 SE passes 1


def test_delong_variance_is_pROCs_on_the_wfns_grades():
    # pROC's aSAH data (as in tests/core/test_areas.py): WFNS grade 1-5 of 72 good and 41 poor
    # outcomes; pROC tests/testthat/test-var.R: var(r.wfns) = 0.00146991470882363
    good, poor = [37, 20, 3, 8, 4], [2, 12, 1, 8, 18]
    s = np.r_[np.repeat(np.arange(1, 6), good), np.repeat(np.arange(1, 6), poor)]
    y = np.r_[np.zeros(72, int), np.ones(41, int)]
    assert ec.delong_variance(y, s) == pytest.approx(0.00146991470882363, rel=1e-9)
    assert delong_variance(y, s) == pytest.approx(0.00146991470882363, rel=1e-9)


def test_hanley_mcneil_ct_example_is_the_printed_one(glued):
    normal, abnormal = [33, 6, 6, 11, 2], [3, 2, 2, 11, 33]
    s = np.r_[np.repeat(np.arange(1, 6), normal), np.repeat(np.arange(1, 6), abnormal)]
    y = np.r_[np.zeros(58, int), np.ones(51, int)]
    assert close(auc_pairs(y, s), glued["ct_auc"])
    assert round(glued["ct_auc"], 3) == 0.893                     # printed by Hanley & McNeil
    se = math.sqrt(hanley_mcneil_var(glued["ct_auc"], 51, 58))
    assert close(se, glued["ct_hm_se"])
    assert round(glued["ct_hm_se"], 3) == 0.032                   # printed by Hanley & McNeil
    assert close(math.sqrt(delong_variance(y, s)), glued["ct_se"])


# --- nine cases establish nothing ----------------------------------------------------------------
def test_murphy_2_beats_chance_only_by_the_delong_interval(glued_12):
    glued = glued_12
    y, s2 = ec.murphy_classifier(2)
    far, total = exact_two_sided(y, s2)
    assert total == math.comb(9, 5) == 126
    assert (far, total) == (glued["m2_extreme"], glued["m2_placements"])
    assert close(far / total, glued["m2_exact_p"])
    assert 0.09 < glued["m2_exact_p"] < 0.11                      # the chapter: "about 0.10"
    # the self-check's explanation counts the two tails separately: with ties they differ
    aucs = every_placement_auc(y, s2)
    upper = sum(a >= Fraction(17, 20) for a in aucs)
    lower = sum(a <= Fraction(3, 20) for a in aucs)
    assert upper + lower == far and upper != lower
    # the chapter's point: DeLong's interval excludes 0.5, the exact test does not reject,
    # and the logit interval includes 0.5
    auc = auc_pairs(y, s2)
    low = auc - norm.ppf(0.975) * math.sqrt(delong_variance(y, s2))
    assert close(low, glued["m2_low"]) and low > 0.5
    assert glued["m2_exact_p"] > 0.05
    assert glued["m2_logit_low"] < 0.5 < glued["m2_logit_high"]


def test_murphy_1_vs_2_exact_paired_test_over_512_swaps(glued_b):
    y, s1 = ec.murphy_classifier(1)
    _, s2 = ec.murphy_classifier(2)
    observed = auc_pairs(y, s1, exact=True) - auc_pairs(y, s2, exact=True)
    far = 0
    for swap in product([False, True], repeat=len(y)):
        swap = np.array(swap)
        a, b = np.where(swap, s2, s1), np.where(swap, s1, s2)
        far += abs(auc_pairs(y, a, exact=True) - auc_pairs(y, b, exact=True)) >= abs(observed)
    assert glued_b["murphy_swaps"] == 2 ** 9 == 512
    assert far == 256 and close(far / 512, glued_b["murphy_exact_p"])
    # DeLong's paired test, from the placements of the differences written out here
    (a10, a01), (b10, b01) = placements(y, s1), placements(y, s2)
    var = np.var(a10 - b10, ddof=1) / a10.size + np.var(a01 - b01, ddof=1) / a01.size
    p = 2 * norm.sf(abs(float(observed)) / math.sqrt(var))
    assert close(p, glued_b["murphy_p"])
    assert 0.27 < glued_b["murphy_p"] < 0.28                        # the chapter: DeLong's 0.27


def test_exercise_1_seven_cases_do_not_beat_chance(glued, glued_12):
    # the exercise quotes the interval of the slides' seven cases, as the first chapter shows it
    assert (glued_12["seven_low"], glued_12["seven_high"]) == (glued["seven_low"],
                                                               glued["seven_high"])
    glued = glued_12
    y, s = ec.vojnovic_seven()
    far, total = exact_two_sided(y, s)
    assert (far, total) == (glued["ex1_far"], glued["ex1_count"]) == (4, 35)
    assert close(far / total, glued["ex1_p"])
    assert close(2 / 35, glued["ex1_perfect"]) and 2 / 35 > 0.05


# --- coverage, the bootstrap's design, sample size --------------------------------------------------
def test_coverage_numbers_are_the_benchmarks(glued, glued_12):
    """The few-positives table (12_tests_and_sample_size) and the precision study of the
    bootstrap section (11_uncertainty)."""
    study = json.loads(COVERAGE.read_text())
    few = glued_12
    rows = {(r["auc"], r["positives"], r["negatives"], r["method"]): r["coverage"]
            for r in study["auc"]}
    assert few["cov_reps"] == study["reps"] and few["cov_boot"] == study["n_boot"]
    assert few["cov_few_delong"] == rows[0.9, 10, 40, "delong"]
    assert few["cov_few_case"] == rows[0.9, 10, 40, "case percentile"]
    assert few["cov_few_logit"] == rows[0.9, 10, 40, "logit"]
    assert few["cov_few_hm"] == rows[0.9, 10, 40, "hanley_mcneil"]
    assert few["cov_big_delong"] == rows[0.9, 100, 100, "delong"]
    # what the prose says of them: few positives, DeLong and the case bootstrap under-cover
    # by more than the simulation's noise, the logit and Hanley-McNeil intervals do not
    noise = math.sqrt(0.95 * 0.05 / study["reps"])
    assert few["cov_few_delong"] < 0.95 - 3 * noise and few["cov_few_case"] < 0.95 - 3 * noise
    assert abs(few["cov_few_logit"] - 0.95) < 2 * noise
    assert abs(few["cov_few_hm"] - 0.95) < 2 * noise
    # with 100 positives and 100 negatives every method comes close to 0.95
    assert all(abs(c - 0.95) < 2 * noise for (auc, p, n, _), c in rows.items()
               if (auc, p, n) == (0.9, 100, 100))
    # the precision study: 10,000 test sets from tools/coverage_simulations.py, the
    # benchmark's 1,000 beside them
    precision = json.loads(TOOL_DATA.read_text())["precision"]
    rows = precision["methods"]
    assert glued["prec_reps"] == precision["reps"] == 10_000
    assert glued["prec_cov_case"] == rows["case percentile"]["coverage"]
    assert glued["prec_cov_strat"] == rows["stratified percentile"]["coverage"]
    for key, method in (("prec_case_se", "case percentile"),
                        ("prec_strat_se", "stratified percentile")):
        c, defined = rows[method]["coverage"], rows[method]["defined"]
        assert close(math.sqrt(c * (1 - c) / defined), glued[key])
    # what the prose says: the case bootstrap comes close to 95% (within 3 MC SEs), the
    # stratified one falls well short
    assert abs(glued["prec_cov_case"] - 0.95) < 3 * glued["prec_case_se"]
    assert glued["prec_cov_strat"] < 0.95 - 10 * glued["prec_strat_se"]
    old = {r["method"]: r["coverage"] for r in study["precision"]["rows"]}
    assert (glued["prec_old_case"], glued["prec_old_strat"]) == (
        old["case percentile"], old["stratified percentile"])
    assert (glued["prec_n"], glued["prec_prevalence"]) == (150, 0.3)


def test_boundary_numbers_are_the_stored_simulation(glued_12):
    """At the boundary, what each interval covers, with its MC SE."""
    glued = glued_12
    stored = json.loads(TOOL_DATA.read_text())
    rows = {r["positives"] + r["negatives"]: r for r in stored["boundary"] if r["name"] == "strong"}
    assert glued["edge_reps"] == rows[20]["reps"]
    assert close(glued["strong_auc"], norm.cdf(3 / math.sqrt(2)))
    for n, row in rows.items():
        assert glued[f"edge_one_{n}"] == row["auc_one"] / row["reps"]
        for method, counts in row["methods"].items():
            key = method.replace(" ", "_")
            c = counts["hits"] / row["reps"]                  # undefined counted as misses
            assert glued[f"edge_{key}_{n}"] == c
            assert close(glued[f"edge_{key}_{n}_se"], math.sqrt(c * (1 - c) / row["reps"]))
        logit = row["methods"]["logit"]
        assert glued[f"edge_logit_def_{n}"] == logit["hits"] / logit["defined"]
    # the prose: half the test sets of 20 have AUC = 1; DeLong and Hanley-McNeil cover the
    # same share there; the logit interval only where defined reaches 0.95
    assert 0.45 < glued["edge_one_20"] < 0.55
    assert glued["edge_delong_20"] == glued["edge_hanley_mcneil_20"]
    assert glued["edge_logit_20"] < 0.5 < glued["edge_logit_def_20"]
    assert glued["edge_delong_80"] < glued["edge_hanley_mcneil_80"] < glued["edge_logit_80"]
    assert all(glued[f"edge_newcombe_{n}"] >= 0.95 for n in rows)


def test_delong_coverage_prose_and_its_mc_se(glued):
    """From n = 160 on, every coverage within two MC SEs of 0.95, as the prose says."""
    assert glued["replications"] == 1000
    assert 0 < glued["cov_mc_se"] <= math.sqrt(0.25 / 1000)      # the largest a share can have
    for c in (glued["cov_min_large"], glued["cov_max_large"]):
        assert abs(c - 0.95) < 2 * glued["cov_mc_se"]
    assert close(glued["cov_20_se"], math.sqrt(glued["cov_20"] * (1 - glued["cov_20"]) / 1000))


def smallest_design(auc, width, ratio):
    """The fewest positives (and ratio times as many negatives, rounded up) whose Hanley and
    McNeil interval is at most ``width`` wide, found one count at a time."""
    z = norm.ppf(0.975)
    positives = 1
    while 2 * z * math.sqrt(hanley_mcneil_var(auc, positives,
                                              math.ceil(ratio * positives))) > width:
        positives += 1
    return positives, math.ceil(ratio * positives)


def test_sample_size_plans_by_search(glued_12):
    glued = glued_12
    smallest = smallest_design
    auc, width = glued["plan_auc"], glued["plan_width"]
    assert smallest(auc, width, 1.0) == (glued["size_bal_p"], glued["size_bal_n"])
    ratio = (1 - glued["plan_prevalence"]) / glued["plan_prevalence"]
    assert smallest(auc, width, ratio) == (glued["size_scr_p"], glued["size_scr_n"])
    assert glued["size_scr_p"] < glued["size_bal_p"]                 # what the prose says


def test_exercise_on_planning_a_fraud_test_set(glued_12):
    glued = glued_12
    ratio = glued["ex_plan_one_in"] - 1                           # honest transactions per fraud
    for width, frauds, total in (
            (glued["ex_plan_width"], glued["ex_plan_frauds"], glued["ex_plan_total"]),
            (2 * glued["ex_plan_width"], glued["ex_plan_frauds_wide"],
             glued["ex_plan_total_wide"])):
        positives, negatives = smallest_design(glued["ex_plan_auc"], width, ratio)
        assert (positives, positives + negatives) == (frauds, total)
        assert total == frauds * glued["ex_plan_one_in"]           # one fraud in one_in
    assert close(glued["ex_plan_total"] / glued["ex_plan_total_wide"], glued["ex_plan_factor"])
    assert 3.5 < glued["ex_plan_factor"] < 4.5      # half the width: four times the cases


def test_the_opening_picture_of_small_test_sets(glued_12):
    """12_tests_and_sample_size opens with small test sets of a strong classifier: every one
    without a ranking error has a DeLong SE of 0, so its interval is the point 1 and misses;
    Newcombe's interval misses far less often. Redrawn here from the chapter's seed (the
    setup's generator, first used by that figure), DeLong's variance from evalcore/reference.py."""
    glued = glued_12
    separation, k = glued["small_separation"], glued["small_per_class"]
    sets = glued["small_shown"]
    truth = norm.cdf(separation / math.sqrt(2))
    assert close(truth, glued["small_truth"])
    rng = np.random.default_rng(0)
    y = np.r_[np.ones(k, int), np.zeros(k, int)]
    perfect = misses = 0
    for _ in range(sets):
        s = np.r_[rng.normal(separation, 1, k), rng.normal(0, 1, k)]
        auc, var = auc_pairs(y, s), delong_variance(y, s)
        perfect += auc == 1
        half = norm.ppf(0.975) * math.sqrt(var)
        low, high = max(float(auc) - half, 0.0), min(float(auc) + half, 1.0)
        misses += not low <= truth <= high
        if auc == 1:
            assert var == 0 and ec.delong_variance(y, s) == 0      # no ranking error: SE 0
    assert (perfect, misses) == (glued["small_perfect"], glued["small_delong_miss"])
    assert misses >= perfect > 0
    assert glued["small_newcombe_miss"] < misses / 4


def test_exercise_on_the_stratified_bootstrap(glued):
    """11_uncertainty's exercise 2: stratifying barely moves the AUC's interval and narrows
    precision's, whose variance comes partly from the prevalence."""
    assert close(glued["ex_strat_auc_case"], glued["lr_boot_high"] - glued["lr_boot_low"])
    assert close(glued["ex_strat_prec_case"],
                 glued["lr_precision_high"] - glued["lr_precision_low"])
    for metric in ("auc", "prec"):
        assert close(glued[f"ex_strat_{metric}_strat"] / glued[f"ex_strat_{metric}_case"],
                     glued[f"ex_strat_{metric}_ratio"])
    assert abs(glued["ex_strat_auc_ratio"] - 1) < 0.05
    assert glued["ex_strat_prec_ratio"] < 0.9


def test_paired_comparisons_say_what_the_prose_says(glued_b):
    assert glued_b["paired_low"] > 0 > glued_b["unpaired_low"]        # excludes 0 / includes 0
    assert glued_b["boot_auc_low"] > 0
    assert glued_b["perm_rank_p"] < glued_b["perm_p"]                 # ranks: a common scale
    assert glued_b["murphy_low"] < 0 < glued_b["murphy_high"]
    assert glued_b["boot_prec_high"] < 0 < glued_b["diff"]            # NB more precise, LR ranks better


def test_ranks_leave_each_auc_unchanged():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 300)
    for s in (rng.normal(size=300) + y, 1 / (1 + np.exp(-8 * (rng.normal(size=300) + y)))):
        s = np.round(s, 2)                                      # ties too
        assert roc_auc_score(y, rankdata(s) / s.size) == pytest.approx(roc_auc_score(y, s),
                                                                        abs=1e-15)


# --- the second half: comparing two classifiers ---------------------------------------------------
def test_the_opening_picture_is_the_variance_of_a_difference(glued_b):
    """The opening figure's numbers obey var(a - b) = var a + var b - 2 cov (sample moments)."""
    sd_a, sd_b, r = glued_b["sd_a"], glued_b["sd_b"], glued_b["auc_corr"]
    assert close(math.sqrt(sd_a ** 2 + sd_b ** 2 - 2 * r * sd_a * sd_b), glued_b["sd_diff"])
    assert close(math.hypot(sd_a, sd_b), glued_b["sd_indep"])
    # the prose: the AUCs move together, so the paired difference varies less
    assert r > 0.3 and glued_b["sd_diff"] < 0.8 * glued_b["sd_indep"]


def test_the_two_models_overlap_alone_and_differ_paired(glued_b):
    """The first self-check: taken alone the two AUCs' DeLong intervals overlap, the paired
    interval excludes 0 (scikit-learn's fits and AUCs, DeLong's variance from
    evalcore/reference.py)."""
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.naive_bayes import GaussianNB
    X, y = make_classification(n_samples=1500, n_features=10, n_informative=4, n_redundant=2,
                               flip_y=0.1, class_sep=0.8, random_state=7)
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=500, random_state=7,
                                                        stratify=y)
    intervals = []
    for model in (LogisticRegression(), GaussianNB()):
        s = model.fit(X_train, y_train).predict_proba(X_test)[:, 1]
        auc, var = auc_pairs(y_test, s), delong_variance(y_test, s)
        assert close(roc_auc_score(y_test, s), float(auc))
        half = norm.ppf(0.975) * math.sqrt(var)
        intervals.append((float(auc) - half, float(auc) + half))
    (lr_low, lr_high), (nb_low, nb_high) = intervals
    assert close((lr_low + lr_high) / 2, glued_b["lr_auc"])
    assert close((nb_low + nb_high) / 2, glued_b["nb_auc"])
    assert lr_low < nb_high and nb_low < lr_high                    # they overlap
    assert glued_b["paired_low"] > 0                                 # the paired one excludes 0


def test_false_alarms_and_power_say_what_the_prose_says(glued_b):
    trials = glued_b["trials"]
    assert trials == 1000
    c = glued_b["null_paired"]
    assert close(glued_b["null_paired_se"], math.sqrt(c * (1 - c) / trials))
    assert abs(c - 0.05) < 2 * glued_b["null_paired_se"]            # close to its 5%
    assert glued_b["null_unpaired"] < c                              # the unpaired: fewer alarms
    # power: the unpaired test misses most real differences, the paired one finds far more
    assert glued_b["power_unpaired"] < 0.5
    assert glued_b["power_paired"] > 2 * glued_b["power_unpaired"]


def test_exercise_on_many_comparisons(glued_b):
    studies = glued_b["ex1_studies"]
    assert close(glued_b["ex1_independent"], 1 - 0.95 ** 20)
    p = glued_b["ex1_any"]
    assert close(glued_b["ex1_any_se"], math.sqrt(p * (1 - p) / studies))
    # far more than 5%, lower than twenty independent tests, Bonferroni about 5%
    assert p > 0.05 + 5 * glued_b["ex1_any_se"]
    assert p < glued_b["ex1_independent"] - 3 * glued_b["ex1_any_se"]
    assert abs(glued_b["ex1_corrected"] - 0.05) < 3 * math.sqrt(0.05 * 0.95 / studies)


def test_the_chapter_says_what_its_numbers_say(glued_b):
    """Chapter 13's three models: the omnibus p-value is the χ² tail of its statistic, every
    pair is below 5% alone, and after Holm's adjustment only naive Bayes against the nearest
    neighbours is, the other two sharing one adjusted value (as the prose says)."""
    chapter = glued_b
    assert chapter["three_df"] == 2
    assert chapter["three_p"] == pytest.approx(chi2.sf(chapter["three_chi2"], 2),
                                               rel=1e-9)
    assert chapter["three_p"] < 0.05
    unadjusted = [chapter["p_lr_nb"], chapter["p_lr_knn"], chapter["p_nb_knn"]]
    assert max(unadjusted) < 0.05
    assert chapter["p_lr_nb"] == pytest.approx(chapter["paired_p"], rel=1e-12)   # "as above"
    _, holm, _, _ = multipletests(unadjusted, method="holm")
    assert holm[0] == pytest.approx(chapter["holm_lr_nb"], rel=1e-12) == holm[1]
    assert holm[2] == pytest.approx(chapter["holm_nb_knn"], rel=1e-12)
    assert holm[2] < 0.05 <= holm[0]


# --- the chapters' notation, and the three linked ---------------------------------------------------------------
def test_issue_11_statements_are_gone_and_notation_is_the_books():
    text, text_12, text_b = prose(CH09), prose(CH12), prose(CH09B)
    for page in (text, text_12, text_b):
        assert "enough to say that this classifier beats chance" not in page
        assert "natural design" not in page and "usual design" not in page
        # what holds at the boundary, what the permutation test tests
        assert "with few positives or an AUC near 1 it is too narrow" not in page
        assert "blurs both rankings" not in page
        assert not re.search(r"\$m\$ positives|\$n\$ negatives|S_\{10\}/m|/m \+", page)
        assert not re.search(r"\$N\(", page)                      # 𝒩 for the normal
    # each term defined in the chapter that first uses it
    for term in ("**Monte Carlo standard error**", "**BCa**"):
        assert term in text, term
    assert "**delta method**" in text_12 and "delta method" not in text   # the logit interval's
    for term in ("**power**", "**exchangeable**"):
        assert term in text_b and term.strip("*") not in text + text_12, term
    assert "Monte Carlo standard error, $\\sqrt{r(1-r)/R}$" in text_b   # used there again
    first_phi = text.find(r"\Phi")
    assert 0 <= first_phi and "distribution function" in text[first_phi:first_phi + 200]


def test_each_chapter_ends_pointing_to_the_next():
    """11 -> 12 -> 13, each ending with a link to the next; 11 opens by naming 12, and 12 and
    13 open from 11."""
    def first(path):
        return notebook_cells.source(notebook_cells.cells(path)[0])

    def last(path):
        cells = notebook_cells.cells(path)
        return notebook_cells.source([c for c in cells if c["cell_type"] == "markdown"][-1])

    assert "<12_tests_and_sample_size>`" in last(CH09)
    assert "{doc}`13_comparing_classifiers`" in last(CH09)
    assert "{doc}`13_comparing_classifiers`" in last(CH12)
    assert "<12_tests_and_sample_size>`" in first(CH09)
    assert "<11_uncertainty>`" in first(CH12)
    assert "{numref}`chapter %s <sec-uncertainty>`" in first(CH09B)

