"""The errata appendix's computed entries, each against an independent computation.

The appendix (chapters/a1_errata.ipynb) shows what does not hold in the five sources; here
each computed claim is pinned by brute force, scipy or scikit-learn, never by evalcore's own
output alone, and the glued values the appendix prints are read back from the stored notebook
(a stored float is compared with a fresh computation to the tolerance of stored_outputs.py).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest
from scipy import stats
from scipy.special import expit
from sklearn.datasets import make_moons
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import matthews_corrcoef, roc_auc_score
from sklearn.preprocessing import StandardScaler
from sklearn.utils import compute_class_weight

import evalcore as ec
from evalcore.reference import auc_pairs
from conftest import ROOT
import notebook_cells
from stored_outputs import close

ERRATA = ROOT / "chapters" / "a1_errata.ipynb"


@pytest.fixture(scope="module")
def glued() -> dict:
    """The values the appendix glues, by name (figures are left out)."""
    return notebook_cells.glued(ERRATA)


def test_murphy_classifier_2_has_two_tied_pairs(glued):
    y, s = ec.murphy_classifier(2)
    pairs = [(float(p), float(q)) for p in s[y == 1] for q in s[y == 0] if p == q]
    assert len(pairs) == 2 and sorted(p for p, _ in pairs) == [0.2, 0.6]
    assert glued["err_slides_tied_pairs"] == 2
    assert glued["err_slides_tied_scores"] == "0.2 and 0.6"


def test_precision_rises_once_on_the_seven_examples(glued):
    y, s = ec.vojnovic_seven()
    precisions = []
    for threshold in sorted(set(s.tolist()), reverse=True):
        called = s >= threshold
        precisions.append(np.sum(called & (y == 1)) / np.sum(called))
    rises = sum(b > a for a, b in zip(precisions, precisions[1:]))
    assert rises == 1 and glued["err_slides_pr_rises"] == "once"


def test_theta_zero_with_a_zero_score_misses_the_corner(glued):
    y, s = np.array([1, 1, 0, 0]), np.array([0.9, 0.4, 0.3, 0.0])
    called = s > 0.0
    fpr = np.sum(called & (y == 0)) / np.sum(y == 0)
    assert fpr == 0.5 < 1 and close(fpr, glued["err_murphy_theta0_fpr"])


def test_figure_1_point_needs_ge(glued):
    y, s = ec.murphy_classifier(1)
    tpr = {rule: np.sum((s > 0.5 if rule == ">" else s >= 0.5) & (y == 1)) / 5 for rule in (">", ">=")}
    assert tpr == {">": 0.8, ">=": 1.0}
    assert glued["err_murphy_fig1_tpr_gt"] == 0.8


def test_a_monotone_transform_keeps_the_auc():
    y, s = ec.murphy_classifier(2)
    for transformed in (s ** 3, np.log(s / (1 - s))):
        assert roc_auc_score(y, transformed) == roc_auc_score(y, s) == auc_pairs(y, s)


def test_precision_at_k_is_not_precision_at_a_recall(glued):
    y, s = ec.vojnovic_seven()
    ranked = y[np.argsort(-s)]
    p_at = {k: Fraction(int(ranked[:k].sum()), k) for k in (2, 3)}
    recall_at = {k: Fraction(int(ranked[:k].sum()), int(y.sum())) for k in (2, 3)}
    assert recall_at[2] == recall_at[3] == Fraction(2, 3) and p_at[2] != p_at[3]
    assert close(float(p_at[3]), glued["err_murphy_p_at_3"])
    assert glued["err_murphy_recall_2_3"] == "2/3"


def mid_ranks(values) -> list[Fraction]:
    """Ranks 1..n in increasing order, tied values sharing the mean of their positions."""
    ordered = sorted(values)
    return [Fraction(sum(k + 1 for k, o in enumerate(ordered) if o == v), ordered.count(v))
            for v in values]


def test_the_auc_is_the_rank_sum_statistic_and_a_signed_rank_statistic_needs_a_pairing(glued):
    y, s = ec.vojnovic_seven()
    pos, neg = s[y == 1], s[y == 0]
    u = stats.mannwhitneyu(pos, neg).statistic
    assert Fraction(u).limit_denominator(1000) / (len(pos) * len(neg)) == \
        auc_pairs(y, s, exact=True)
    # the rank-sum statistic S+ of the slides, from scipy's ranks
    ranks = stats.rankdata(s)
    assert ranks[y == 1].sum() - len(pos) * (len(pos) + 1) / 2 == u
    # W+ of the signed-rank test for each way of giving every positive a negative partner,
    # in exact arithmetic (the scores are decimals)
    exact_pos = [Fraction(str(v)) for v in pos]
    exact_neg = [Fraction(str(v)) for v in neg]
    w_plus = set()
    for partners in permutations(exact_neg, len(exact_pos)):
        d = [p - q for p, q in zip(exact_pos, partners)]
        r = mid_ranks([abs(x) for x in d])
        w_plus.add(sum(rk for rk, x in zip(r, d) if x > 0))
    assert w_plus == {5, 6}                       # the statistic depends on the pairing
    assert glued["err_slides_pairings"] == 4 * 3 * 2 == len(list(permutations(neg, 3)))
    assert glued["err_slides_w_plus"] == "5 or 6"
    assert (glued["err_slides_npos"], glued["err_slides_nneg"]) == (3, 4)


def test_the_rank_formula_needs_mid_ranks_when_scores_tie(glued):
    y, s = ec.murphy_classifier(2)
    exact = [Fraction(str(v)) for v in s]
    n_pos, n_neg = int(y.sum()), int(len(y) - y.sum())

    def slides_formula(ranks):
        r = sorted(rk for rk, t in zip(ranks, y) if t == 1)
        return sum(rk - (i + 1) for i, rk in enumerate(r)) / Fraction(n_pos * n_neg)

    def by_position(positive_first):
        order = sorted(range(len(y)), key=lambda k: (exact[k], (y[k] == 0) == positive_first))
        ranks = [0] * len(y)
        for position, k in enumerate(order, start=1):
            ranks[k] = position
        return ranks

    lower, higher = slides_formula(by_position(True)), slides_formula(by_position(False))
    assert (lower, higher) == (Fraction(4, 5), Fraction(9, 10))
    assert slides_formula(mid_ranks(exact)) == auc_pairs(y, s, exact=True) == Fraction(17, 20)
    assert (glued["err_slides_ranks_lower"], glued["err_slides_ranks_higher"]) == (0.8, 0.9)
    assert glued["err_slides_ranks_mid"] == 0.85


def test_precision_is_0_over_0_from_the_largest_score_to_one(glued):
    y, s = ec.vojnovic_seven()
    for theta in (0.8, 0.9, 1.0):
        assert not np.any(s > theta)              # nothing called positive: TP + FP = 0
    assert np.any(s > 0.7)
    assert glued["err_slides_pr_top"] == float(max(s)) == 0.8
    assert glued["err_slides_pr_undefined"] == 3


def test_the_left_hand_side_calls_few_examples_positive(glued):
    y, s = ec.vojnovic_seven()
    top, bottom = max(s), min(s)
    left = {"called": int(np.sum(s >= top)), "fp": int(np.sum((s >= top) & (y == 0))),
            "fn": int(np.sum((s < top) & (y == 1)))}
    right = {"called": int(np.sum(s >= bottom)), "fp": int(np.sum((s >= bottom) & (y == 0))),
             "fn": int(np.sum((s < bottom) & (y == 1)))}
    assert left == {"called": 1, "fp": 0, "fn": 2} and right == {"called": 7, "fp": 4, "fn": 0}
    assert [glued[f"err_slides_left_{k}"] for k in ("called", "fp", "fn")] == list(left.values())
    assert [glued[f"err_slides_right_{k}"] for k in ("called", "fp", "fn")] == list(right.values())


def test_murphy_classifier_2_has_two_diagonal_roc_segments(glued):
    y, s = ec.murphy_classifier(2)
    points = [(np.sum((s >= t) & (y == 0)), np.sum((s >= t) & (y == 1)))
              for t in sorted(set(s.tolist()), reverse=True)]
    points = [(0, 0)] + points
    diagonal = sum(b[0] > a[0] and b[1] > a[1] for a, b in zip(points, points[1:]))
    assert diagonal == 2 and glued["err_slides_diagonals"] == 2


def test_an_auc_of_one_half_with_a_perfect_two_sided_rule(glued):
    s = np.arange(1, 9)
    y = np.array([1, 1, 0, 0, 0, 0, 1, 1])
    assert auc_pairs(y, s, exact=True) == Fraction(1, 2) and roc_auc_score(y, s) == 0.5
    assert np.array_equal(((s <= 2) | (s >= 7)).astype(int), y)
    assert glued["err_slides_u_auc"] == 0.5


def test_the_proof_sketch_loses_a_negative_scored_zero(glued):
    y, s = np.array([1, 0, 1, 0]), np.array([0.8, 0.5, 0.3, 0.0])
    # the slides' sum, written out term by term: sorted scores with p(0) = 1, p(n+1) = 0
    points = [1.0] + sorted(s.tolist(), reverse=True) + [0.0]
    n_neg, n_pos = 2, 2
    fpr = [sum(1 for v, t in zip(s, y) if t == 0 and v > p) / n_neg for p in points]
    tpr = [sum(1 for v, t in zip(s, y) if t == 1 and v > p) / n_pos for p in points]
    sketch = sum((fpr[i + 1] - fpr[i]) * tpr[i] for i in range(len(points) - 1))
    assert sketch == 0.25 and auc_pairs(y, s, exact=True) == Fraction(3, 4)
    assert close(sketch, glued["err_slides_sketch"])
    assert glued["err_slides_sketch_auc"] == 0.75


def davis_goadrich_segment(tp_a, fp_a, tp_b, fp_b, positives):
    """The reachable area of one PR segment in closed form (Davis and Goadrich's
    interpolation, precision t / (t + FP_A + slope (t - TP_A)), integrated exactly)."""
    if tp_b == tp_a:
        return 0.0
    slope = (fp_b - fp_a) / (tp_b - tp_a)
    a, b = 1 + slope, fp_a - slope * tp_a
    return ((tp_b - tp_a) / a - b / a ** 2 * np.log((a * tp_b + b) / (a * tp_a + b))) / positives


def test_straight_lines_overstate_murphy_classifier_2(glued):
    y, s = ec.murphy_classifier(2)
    thresholds = sorted(set(s.tolist()), reverse=True)
    tp = [int(np.sum((s >= t) & (y == 1))) for t in thresholds]
    fp = [int(np.sum((s >= t) & (y == 0))) for t in thresholds]
    straight = sum((tp[i + 1] - tp[i]) / 5 * (tp[i] / (tp[i] + fp[i]) + tp[i + 1] / (tp[i + 1] + fp[i + 1])) / 2
                   for i in range(len(tp) - 1))
    exact = sum(davis_goadrich_segment(tp[i], fp[i], tp[i + 1], fp[i + 1], 5) for i in range(len(tp) - 1))
    assert straight > exact
    assert close(straight, glued["err_rnote_straight"])
    assert glued["err_rnote_reachable"] == pytest.approx(exact, abs=1e-6)


def test_larger_is_not_the_area_with_ties(glued):
    y, s = ec.murphy_classifier(2)
    larger = np.mean(s[y == 1][:, None] > s[y == 0][None, :])
    assert larger == 0.8 and roc_auc_score(y, s) == 0.85
    assert close(larger, glued["err_rnote_larger"])
    assert glued["err_rnote_area"] == pytest.approx(0.85, abs=1e-15)


def test_the_two_moons_numbers_are_training_numbers(glued):
    X, Y = make_moons(n_samples=1000, noise=0.2, random_state=42)
    scaler = StandardScaler().fit(X)
    w = compute_class_weight(classes=np.unique(Y), y=Y, class_weight="balanced")
    model = LogisticRegression(C=1, class_weight={0: w[0], 1: w[1]}).fit(scaler.transform(X), Y)
    predicted = model.predict_proba(scaler.transform(X))[:, 1] > 0.5
    # the tutorial's printed matrix comes from the training data
    assert [[int(np.sum(~predicted & (Y == 0))), int(np.sum(predicted & (Y == 0)))],
            [int(np.sum(~predicted & (Y == 1))), int(np.sum(predicted & (Y == 1)))]] == [[435, 65], [64, 436]]
    X_new, Y_new = make_moons(n_samples=1000, noise=0.2, random_state=0)
    new = np.mean((model.predict_proba(scaler.transform(X_new))[:, 1] > 0.5) == Y_new)
    assert close(np.mean(predicted == Y), glued["err_tut_acc_train"])
    assert close(new, glued["err_tut_acc_new"])


def test_the_import_line_does_not_compile():
    with pytest.raises(SyntaxError):
        compile("from sklearn.metrics import confusion_matrix, accuracy_score,", "t", "exec")


def test_integer_scores_truncate_the_half():
    table = np.zeros_like(np.array([[1, 2]]))
    table[0, 0] = 0.5
    assert table[0, 0] == 0                      # numpy stores 0.5 as 0 in an int array
    y, s = np.array([0, 0, 1, 1]), np.array([1, 2, 2, 3])
    strict = np.mean(s[y == 1][:, None] > s[y == 0][None, :])
    assert strict == 0.75 and roc_auc_score(y, s) == 0.875 == auc_pairs(y, s)


def test_the_logistic_function_reaches_one(glued):
    first = next(z for z in range(1, 100) if 1 / (1 + np.exp(-float(z))) == 1.0)
    assert expit(first) == 1.0 and expit(first - 1) < 1.0
    assert glued["err_tut_expit_one"] == first


@pytest.mark.filterwarnings("ignore:The `probability` parameter was deprecated:FutureWarning")
def test_the_svm_probabilities_depend_on_an_unseeded_draw():
    from sklearn.svm import SVC

    X, Y = make_moons(n_samples=1000, noise=0.2, random_state=42)
    X = StandardScaler().fit_transform(X)
    a, b = (SVC(probability=True, random_state=seed).fit(X, Y) for seed in (0, 1))
    assert np.max(np.abs(a.predict_proba(X) - b.predict_proba(X))) > 1e-3
    assert np.array_equal(a.decision_function(X), b.decision_function(X))


@pytest.mark.parametrize("matrix", [0, 1, 2])
def test_mcc_is_the_phi_coefficient(glued, matrix):
    (tn, fp), (fn, tp) = ec.TUTORIAL_MATRICES[matrix]          # rows: truth (neg, pos)
    truth = [0] * (tn + fp) + [1] * (fn + tp)
    called = [0] * tn + [1] * fp + [0] * fn + [1] * tp
    n = tn + fp + fn + tp
    chi2 = stats.chi2_contingency([[tn, fp], [fn, tp]], correction=False)[0]
    phi = np.sign(tp * tn - fp * fn) * np.sqrt(chi2 / n)
    assert matthews_corrcoef(truth, called) == pytest.approx(phi, rel=1e-12)
    assert stats.pearsonr(truth, called)[0] == pytest.approx(phi, rel=1e-12)
    if matrix == 2:
        assert close(phi, glued["err_raschka_mcc3"]) and close(phi, glued["err_raschka_phi3"])


def test_the_best_constant_for_bad_cases_sits_at_youdens_threshold_not_at_one_half(glued):
    lam, n_pos, n_neg = 0.2, 200, 800
    bad_pos, bad_neg = int(lam * n_pos), int(lam * n_neg)

    def even(n, centre):
        return 1 / (1 + np.exp(-(stats.norm.ppf((np.arange(n) + 0.5) / n) + centre)))

    good_pos, good_neg = even(n_pos - bad_pos, 0.0), even(n_neg - bad_neg, -2.0)

    def auc_with_bad_at(c):
        pos = np.r_[np.full(bad_pos, c), good_pos]
        neg = np.r_[np.full(bad_neg, c), good_neg]
        return auc_pairs(np.r_[np.ones(len(pos)), np.zeros(len(neg))], np.r_[pos, neg])

    # Youden's threshold on the good cases, by brute force over their scores (rule >=)
    scores = np.sort(np.r_[good_pos, good_neg])
    j = np.array([np.mean(good_pos >= t) - np.mean(good_neg >= t) for t in scores])
    k = int(np.argmax(j))
    best_c = (scores[k - 1] + scores[k]) / 2
    assert close(scores[k], glued["err_tut_bad_youden"]) and close(best_c, glued["err_tut_bad_best_c"])
    # a constant strictly between two good scores adds tpr + tnr there: over every such gap,
    # the one below Youden's threshold is the best
    gaps = (scores[:-1] + scores[1:]) / 2
    gain = np.array([np.mean(good_pos > c) + np.mean(good_neg < c) for c in gaps])
    assert gain.max() == gain[k - 1] == pytest.approx(1 + j[k], abs=1e-12)
    grid = [auc_with_bad_at(c) for c in np.arange(0, 101) / 100]
    best = auc_with_bad_at(best_c)
    assert best > max(grid) and max(grid) > auc_with_bad_at(0.5) > auc_with_bad_at(0.0)
    assert glued["err_tut_bad_lam"] == lam
    for name, value in (("err_tut_bad_zero", auc_with_bad_at(0.0)), ("err_tut_bad_half", auc_with_bad_at(0.5)),
                        ("err_tut_bad_best", best), ("err_tut_bad_grid_best", max(grid))):
        assert close(value, glued[name])
