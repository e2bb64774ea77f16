"""The errata appendix's computed entries, each against an independent computation.

The appendix (chapters/a1_errata.ipynb) shows what does not hold in the five sources; here
each computed claim is pinned by brute force, scipy or scikit-learn, never by evalcore's own
output alone, and the glued values the appendix prints are read back from the stored notebook
(a stored float is compared with a fresh computation to the tolerance of stored_outputs.py).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from scipy import stats
from scipy.special import expit
from sklearn.datasets import make_moons
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.preprocessing import StandardScaler
from sklearn.utils import compute_class_weight

import evalcore as ec
import notebook_cells
from stored_outputs import close

ERRATA = Path(__file__).resolve().parent.parent / "chapters" / "a1_errata.ipynb"


@pytest.fixture(scope="module")
def glued() -> dict:
    """The values the appendix glues, by name (figures are left out)."""
    return notebook_cells.glued(ERRATA)


def brute_auc(y, s) -> Fraction:
    """Pairs won by the positive, ties counting one half, as an exact fraction."""
    pos = [v for v, t in zip(s, y) if t == 1]
    neg = [v for v, t in zip(s, y) if t == 0]
    wins = sum(Fraction(1) if p > q else Fraction(1, 2) if p == q else Fraction(0)
               for p in pos for q in neg)
    return wins / (len(pos) * len(neg))


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
        assert roc_auc_score(y, transformed) == roc_auc_score(y, s) == float(brute_auc(y, s))


def test_precision_at_k_is_not_precision_at_a_recall(glued):
    y, s = ec.vojnovic_seven()
    ranked = y[np.argsort(-s)]
    p_at = {k: Fraction(int(ranked[:k].sum()), k) for k in (2, 3)}
    recall_at = {k: Fraction(int(ranked[:k].sum()), int(y.sum())) for k in (2, 3)}
    assert recall_at[2] == recall_at[3] == Fraction(2, 3) and p_at[2] != p_at[3]
    assert close(float(p_at[3]), glued["err_murphy_p_at_3"])
    assert glued["err_murphy_recall_2_3"] == "2/3"


def test_the_auc_is_the_rank_sum_statistic_and_the_signed_rank_test_needs_pairs():
    y, s = ec.vojnovic_seven()
    pos, neg = s[y == 1], s[y == 0]
    u = stats.mannwhitneyu(pos, neg).statistic
    assert Fraction(u).limit_denominator(1000) / (len(pos) * len(neg)) == brute_auc(y, s)
    # the rank-sum statistic S+ of the slides, from scipy's ranks
    ranks = stats.rankdata(s)
    assert ranks[y == 1].sum() - len(pos) * (len(pos) + 1) / 2 == u
    with pytest.raises(ValueError):
        stats.wilcoxon(pos, neg)


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
    assert brute_auc(y, s) == Fraction(1, 2) and roc_auc_score(y, s) == 0.5
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
    assert sketch == 0.25 and brute_auc(y, s) == Fraction(3, 4)
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
    assert strict == 0.75 and roc_auc_score(y, s) == 0.875 == float(brute_auc(y, s))


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
