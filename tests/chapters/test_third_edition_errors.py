"""The third edition: statements of chapters 0, 11 and 14 and of the glossary that
did not hold, each now computed in the book and pinned here by an independent computation.

* Chapter 11, solution 2: the cost curve's peak is a share of the cost of always being wrong
  (the normalization's denominator), not of the worse trivial classifier's cost; against that
  classifier the share is at most the peak divided by 0.5 (31.6 % here), recomputed from a
  brute-force cost envelope.
* Chapter 14: of the test cases isotonic regression puts at exactly 0 or 1 only two are
  certain and wrong, and they alone make its log loss worse than Platt's (without them it is
  below Platt's on the same cases); Platt's fit uses his smoothed targets, checked against
  scikit-learn's sigmoid calibration and the fit's first-order conditions; a reliability
  curve below the diagonal everywhere is over-estimation of the risk, not overconfidence.
* Glossary: McClish's standardized partial AUC is below 0.5 for a curve below the diagonal
  (a brute-force area, rescaled by hand).
* Introduction: the chapter table credits the ROC convex hull to the chapter that teaches it.

Every expected value is recomputed here from the data (brute force, scikit-learn, scipy or an
identity), never read from evalcore's answer for the same question; glued values are compared
at the tolerance of stored_outputs.py.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from scipy.special import expit, logit
from sklearn.calibration import CalibratedClassifierCV
from sklearn.datasets import make_moons
from sklearn.frozen import FrozenEstimator
from sklearn.isotonic import IsotonicRegression
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss as sk_log_loss
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.svm import SVC

import evalcore as ec
from conftest import ROOT
from notebook_cells import cells, glued, prose, source
from stored_outputs import close

CHAPTERS = ROOT / "chapters"
CH00 = CHAPTERS / "00_introduction.ipynb"
CH11 = CHAPTERS / "16_hull_cost_curves.ipynb"
CH14 = CHAPTERS / "19_calibration.ipynb"
GLOSSARY = CHAPTERS / "a2_glossary.md"

#: Like the test_ch*_sources modules, these read the chapters and recompute their numbers.
pytestmark = pytest.mark.chapters


def roc_points(y, s):
    """(FPR, TPR) of the rule s >= t at every distinct score t, plus (0, 0): counted case by
    case, in order of increasing FPR."""
    y, s = np.asarray(y), np.asarray(s)
    n_pos, n_neg = np.sum(y == 1), np.sum(y == 0)
    pts = [(0.0, 0.0)] + [(np.sum((y == 0) & (s >= t)) / n_neg, np.sum((y == 1) & (s >= t)) / n_pos)
                          for t in np.unique(s)[::-1]]
    return np.array(pts)


# --- chapter 11, solution 2: the share of which cost ---------------------------------------------
@pytest.fixture(scope="module")
def logistic_on_moons():
    X, y = make_moons(n_samples=2000, noise=0.3, random_state=0)
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, random_state=0,
                                                        stratify=y)
    return y_test, LogisticRegression().fit(X_train, y_train).predict_proba(X_test)[:, 1]


def test_the_normalization_is_the_cost_of_always_being_wrong_and_a_trivial_classifier_costs_at_least_half():
    rng = np.random.default_rng(20)
    for _ in range(50):
        c_fp, c_fn, prior = rng.uniform(0.1, 100), rng.uniform(0.1, 100), rng.uniform(0.01, 0.99)
        always_wrong = prior * c_fn + (1 - prior) * c_fp         # TPR = 0 and FPR = 1
        all_negative, all_positive = prior * c_fn, (1 - prior) * c_fp
        pc = ec.probability_cost(cost_fp=c_fp, cost_fn=c_fn, prior_pos=prior)
        assert all_negative / always_wrong == pytest.approx(pc)
        assert all_positive / always_wrong == pytest.approx(1 - pc)
        assert max(all_negative, all_positive) / always_wrong >= 0.5


def test_chapter_11_peak_is_31_6_percent_of_the_worse_trivial_classifier(logistic_on_moons):
    y, s = logistic_on_moons
    pts = roc_points(y, s)
    grid = np.linspace(0, 1, 1001)                                  # the chapter's grid
    envelope = np.min((1 - pts[:, 1])[None, :] * grid[:, None]
                      + pts[:, 0][None, :] * (1 - grid[:, None]), axis=1)
    share = envelope / np.maximum(grid, 1 - grid)
    g = glued(CH11)
    assert close(float(envelope.max()), g["ex2_nec"])
    assert close(float(share.max()), g["ex2_share_worse"])
    assert close(float(grid[np.argmax(share)]), g["ex2_share_worse_pc"])
    # the prose: the bound (peak / 0.5) is reached, at the peak, where both trivial costs are 0.5
    assert g["ex2_share_worse"] == pytest.approx(g["ex2_nec"] / 0.5)
    assert g["ex2_share_worse_pc"] == g["ex2_pc"] == 0.5
    assert round(100 * g["ex2_share_worse"], 1) == 31.6                  # the figure
    text = prose(CH11)
    assert "share of the worse trivial classifier's cost" not in text
    assert "{glue:text}`ex2_share_worse:.1%`" in text


# --- chapter 14: isotonic's certain mistakes, Platt's targets, over-estimation ------------------
@pytest.fixture(scope="module")
def recalibrated():
    X, y = make_moons(n_samples=3000, noise=0.3, random_state=0)
    X_fit, X_rest, y_fit, y_rest = train_test_split(X, y, test_size=2 / 3, random_state=0,
                                                    stratify=y)
    X_cal, X_test, y_cal, y_test = train_test_split(X_rest, y_rest, test_size=0.5,
                                                    random_state=0, stratify=y_rest)
    svm = SVC(kernel="rbf", C=1.0).fit(X_fit, y_fit)
    d_cal, d_test = svm.decision_function(X_cal), svm.decision_function(X_test)
    sigmoid = CalibratedClassifierCV(FrozenEstimator(svm), method="sigmoid").fit(X_cal, y_cal)
    calibrator = sigmoid.calibrated_classifiers_[0].calibrators[0]
    iso = IsotonicRegression(y_min=0, y_max=1, out_of_bounds="clip").fit(d_cal, y_cal)
    return {"y_cal": y_cal, "d_cal": d_cal, "y_test": y_test,
            "a": -calibrator.a_, "b": -calibrator.b_,                 # sklearn: 1/(1+e^(a f+b))
            "p_platt": sigmoid.predict_proba(X_test)[:, 1], "p_iso": iso.predict(d_test)}


def mean_log_loss(y, p):
    """-mean ln(probability given to the true class), case by case (no clipping needed: the
    cases it is given here get no certain wrong answer)."""
    given = np.array([pi if yi == 1 else 1 - pi for yi, pi in zip(y, p)])
    assert np.all(given > 0)
    return float(-np.mean(np.log(given)))


def test_chapter_14_platt_uses_platts_targets(recalibrated):
    g = glued(CH14)
    assert g["platt_a"] == pytest.approx(recalibrated["a"], rel=1e-6)
    assert g["platt_b"] == pytest.approx(recalibrated["b"], rel=1e-6)
    # first-order conditions of the cross-entropy against (N+ + 1)/(N+ + 2) and 1/(N- + 2)
    y, d = recalibrated["y_cal"], recalibrated["d_cal"]
    n_pos, n_neg = int(np.sum(y == 1)), int(np.sum(y == 0))
    target = np.array([(n_pos + 1) / (n_pos + 2) if yi == 1 else 1 / (n_neg + 2) for yi in y])
    gap = expit(g["platt_a"] * d + g["platt_b"]) - target
    assert abs(np.sum(gap)) < 1e-4 * y.size and abs(np.sum(gap * d)) < 1e-4 * y.size
    assert close(float(np.mean((recalibrated["p_platt"] - recalibrated["y_test"]) ** 2)),
                 g["rem_brier_platt"])


def test_platts_targets_keep_the_fit_bounded_on_separated_data():
    s, y = np.array([-2.0, -1.0, 1.0, 2.0]), np.array([0, 0, 1, 1])

    def cross_entropy(a, target):
        z = a * s
        return float(np.sum(np.logaddexp(0, z) - target * z))

    labels = y.astype(float)
    smoothed = np.where(y == 1, 3 / 4, 1 / 4)                       # N+ = N- = 2
    steeper = [cross_entropy(a, labels) for a in (1, 10, 100)]
    assert steeper[0] > steeper[1] > steeper[2]                     # 0/1 labels: a runs off
    a_best = min(np.linspace(0, 20, 20001), key=lambda a: cross_entropy(a, smoothed))
    assert 0 < a_best < 2                                           # Platt's: a finite optimum


def test_chapter_14_two_certain_mistakes_decide_the_log_loss(recalibrated):
    g = glued(CH14)
    y, p_iso, p_platt = (recalibrated[k] for k in ("y_test", "p_iso", "p_platt"))
    extreme = [i for i in range(y.size) if p_iso[i] in (0.0, 1.0)]
    wrong = [i for i in extreme if p_iso[i] != y[i]]
    assert len(extreme) == g["rem_iso_extreme"]
    assert len(wrong) == g["rem_iso_certain_wrong"] == 2
    assert g["rem_n_rest"] == y.size - len(wrong)
    # with them isotonic is worse than Platt ...
    assert sk_log_loss(y, p_iso) > sk_log_loss(y, p_platt)
    assert g["rem_ll_iso"] > g["rem_ll_platt"]
    # ... without them (on the same cases for both) it is better
    rest = np.setdiff1d(np.arange(y.size), wrong)
    iso_rest, platt_rest = mean_log_loss(y[rest], p_iso[rest]), mean_log_loss(y[rest], p_platt[rest])
    assert iso_rest < platt_rest
    assert close(iso_rest, g["rem_ll_iso_rest"])
    assert close(platt_rest, g["rem_ll_platt_rest"])               # sklearn's fit, the book's
    assert g["rem_ll_iso_rest"] < g["rem_ll_platt_rest"]


def test_below_the_diagonal_everywhere_is_over_estimation_not_overconfidence():
    """A calibrated model shifted up on the logit scale lies below the diagonal in every bin
    (its mean probability exceeds the share of positives); an overconfident one (logits
    doubled: calibration slope 1/2) lies above it at low probabilities and below at high."""
    rng = np.random.default_rng(14)
    p = rng.uniform(0.02, 0.98, 200_000)
    y = (rng.random(p.size) < p).astype(int)
    shifted, extreme = expit(logit(p) + 1), expit(2 * logit(p))
    curve = ec.reliability_curve(y, shifted)
    assert np.all(curve.observed_frequency < curve.mean_predicted)
    assert shifted.mean() > y.mean()
    curve = ec.reliability_curve(y, extreme)
    below = curve.observed_frequency < curve.mean_predicted
    assert below[-1] and not below[0]
    slope = LogisticRegression(C=np.inf).fit(logit(extreme)[:, None], y).coef_[0, 0]
    assert slope == pytest.approx(0.5, abs=0.02)
    check = next(source(c) for c in cells(CH14)
                 if "ec.self_check(" in source(c) and "below the diagonal in every bin" in source(c))
    assert "overconfident about positives" not in check
    assert "calibration in the" in check and "slope below 1" in check


# --- glossary: McClish below 0.5 ------------------------------------------------------------------
def test_mcclish_standardized_partial_auc_is_below_half_for_a_curve_below_the_diagonal():
    rng = np.random.default_rng(5)
    y = rng.integers(0, 2, 400)
    s = -(y + rng.normal(0, 0.8, y.size))                           # a reversed ranking
    max_fpr = 0.2
    pts = roc_points(y, s)
    # the area under the ROC polyline up to max_fpr, segment by segment (a segment that
    # crosses max_fpr is cut there by linear interpolation)
    area = 0.0
    for (x0, y0), (x1, y1) in zip(pts[:-1], pts[1:]):
        if x0 >= max_fpr:
            break
        if x1 > max_fpr:
            x1, y1 = max_fpr, y0 + (y1 - y0) * (max_fpr - x0) / (x1 - x0)
        area += (x1 - x0) * (y0 + y1) / 2
    chance, perfect = max_fpr ** 2 / 2, max_fpr
    assert area < chance                                             # below the diagonal
    mcclish = (1 + (area - chance) / (perfect - chance)) / 2
    assert mcclish < 0.5
    assert ec.partial_auc(y, s, max_fpr=max_fpr, standardized=True) == pytest.approx(mcclish)
    assert roc_auc_score(y, s, max_fpr=max_fpr) == pytest.approx(mcclish)
    entry = " ".join(GLOSSARY.read_text(encoding="utf-8").split())
    entry = entry[entry.index("Partial AUC"):entry.index("ROC convex hull")]
    assert "between 0.5 (chance) and 1" not in entry and "less than 0.5" in entry


# --- introduction: the hull is taught in the costs chapter -----------------------------------------
def test_the_chapter_table_credits_the_hull_to_the_chapter_that_teaches_it():
    table = next(source(c) for c in cells(CH00)
                 if c["cell_type"] == "markdown" and "| chapter | what it does |" in source(c))
    credited = {m.group(1) for m in re.finditer(r"\| \{doc\}`(\w+)` \|(.*)\|$", table, re.M)
                if "convex hull" in m.group(2)}
    teaching = {p.stem for p in CHAPTERS.glob("[0-9][0-9]_*.ipynb")
                if any(re.search(r"^#+ .*convex hull", source(c), re.M | re.I)
                       for c in cells(p) if c["cell_type"] == "markdown")}
    assert credited == teaching == {"15_costs"}
