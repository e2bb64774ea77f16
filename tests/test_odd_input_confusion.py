"""Odd-but-valid and invalid input for the confusion matrix, information, multiclass AUC,
calibration and the worked examples (evalcore 0.2).

Every expected value comes from an independent source: exact fractions, brute force over the
samples, an identity (scale invariance), or scikit-learn.
"""

from __future__ import annotations

import ast
import inspect
import math
import warnings
from decimal import Decimal, localcontext
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec
from evalcore import examples
from evalcore.calibration import reliability as calibration
from evalcore.core import combined, confusion, exact, information, multiclass, rates
from evalcore.reference import auc_pairs

MODULES = (confusion, rates, combined, exact, information, multiclass, calibration, examples)
BIG = 2 ** 60
LONG_DOUBLE_IS_WIDE = np.finfo(np.longdouble).nmant >= 63


# =============================================================================================
# helpers: the definitions, in exact arithmetic
# =============================================================================================
def exact_rates(tp, fp, fn, tn):
    """The rates from their definitions, as exact fractions (None where undefined)."""
    tp, fp, fn, tn = (Fraction(v) for v in (tp, fp, fn, tn))
    P, N, Pp, Nn = tp + fn, fp + tn, tp + fp, fn + tn
    return {
        "tpr": tp / P, "fpr": fp / N, "tnr": tn / N, "fnr": fn / P,
        "precision": tp / Pp, "npv": tn / Nn, "false_discovery_rate": fp / Pp,
        "false_omission_rate": fn / Nn, "accuracy": (tp + tn) / (P + N),
        "error_rate": (fp + fn) / (P + N), "prevalence": P / (P + N),
        "balanced_accuracy": (tp / P + tn / N) / 2, "informedness": tp / P + tn / N - 1,
        "markedness": tp / Pp + tn / Nn - 1, "jaccard": tp / (tp + fp + fn),
        "positive_likelihood_ratio": (tp / P) / (fp / N),
        "negative_likelihood_ratio": (fn / P) / (tn / N),
        "diagnostic_odds_ratio": (tp * tn) / (fp * fn),
        "cohen_kappa": 2 * (tp * tn - fn * fp) / (Pp * N + P * Nn),
        "f1": 2 * tp / (2 * tp + fn + fp),
    }


def as_float(value: Fraction) -> float:
    """The float nearest to ``value``; beyond the float range, inf."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def exact_sqrt_ratio(numerator: Fraction, denominator: Fraction) -> float:
    with localcontext() as context:
        context.prec = 50
        return float((Decimal(numerator.numerator) * Decimal(denominator.denominator)
                      / (Decimal(numerator.denominator) * Decimal(denominator.numerator))).sqrt())


def exact_mcc(tp, fp, fn, tn) -> float:
    tp, fp, fn, tn = (Fraction(v) for v in (tp, fp, fn, tn))
    numerator = tp * tn - fp * fn
    value = exact_sqrt_ratio(numerator * numerator, (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))
    return -value if numerator < 0 else value


def exact_mutual_information(cells) -> float:
    """Σ p log(p / (p_row p_col)) of a 2x2 table, from exact probabilities."""
    cells = [[Fraction(v) for v in row] for row in cells]
    total = sum(map(sum, cells))
    p = [[v / total for v in row] for row in cells]
    rows = [sum(row) for row in p]
    cols = [p[0][j] + p[1][j] for j in range(2)]
    def log(ratio: Fraction) -> float:       # math.log takes integers of any size
        return math.log(ratio.numerator) - math.log(ratio.denominator)

    return sum(float(p[i][j]) * log(p[i][j] / (rows[i] * cols[j]))
               for i in range(2) for j in range(2) if p[i][j] > 0)


def one_warning(function):
    """Call ``function``; return its value and the warnings it emitted."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = function()
    return value, caught


# =============================================================================================
# 1. no import cycle: every import of these modules at the top
# =============================================================================================
@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_imports_only_at_module_top_and_no_private_cross_imports(module):
    tree = ast.parse(Path(inspect.getfile(module)).read_text())
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inner = [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
            assert not inner, f"{module.__name__}.{node.name} imports inside a function"
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            private = [a.name for a in node.names if a.name.startswith("_")]
            assert not private, f"{module.__name__} imports private {private} from {node.module}"


def test_information_does_not_import_confusion():
    source = Path(inspect.getfile(information)).read_text()
    assert "confusion import" not in source


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_no_hand_written_integer_checks(module):
    assert "numbers.Integral" not in Path(inspect.getfile(module)).read_text()


# =============================================================================================
# 2. exact integers
# =============================================================================================
def test_from_array_keeps_int64_counts_beyond_2_53_exact():
    table = np.array([[BIG + 1, BIG], [BIG - 1, BIG + 3]], dtype=np.int64)   # sklearn layout
    cm = ec.ConfusionMatrix.from_array(table)
    assert (cm.tn, cm.fp, cm.fn, cm.tp) == (BIG + 1, BIG, BIG - 1, BIG + 3)
    assert all(type(v) is int for v in (cm.tp, cm.fp, cm.fn, cm.tn))
    assert cm.tpr == float(Fraction(BIG + 3, 2 * BIG + 2))
    assert cm.as_array().tolist() == table.tolist()


def test_python_integers_of_any_size_within_float64s_range_stay_exact():
    # (10**400 was accepted here before; a count beyond float64's range is refused now:
    # test_odd_input_rules.py)
    huge = 2 ** 1020
    cm = ec.ConfusionMatrix.from_array([[huge, 1], [3, huge + 7]])
    assert (cm.tn, cm.fp, cm.fn, cm.tp) == (huge, 1, 3, huge + 7)
    expected = exact_rates(cm.tp, cm.fp, cm.fn, cm.tn)
    for name, value in expected.items():
        assert getattr(cm, name) == pytest.approx(as_float(value), rel=1e-15), name
    assert cm.joint.ravel().tolist() == pytest.approx([0.5, 0.0, 0.0, 0.5], abs=1e-300)
    assert str(huge + 7) in cm.format() and str(huge + 7) in cm.to_html()


def test_exact_integers_decide_a_cancelling_mcc_and_kappa():
    # tp·tn − fp·fn = (2**60 + 1)(2**60 − 1) − 2**120 = −1: float64 counts would give 0
    tp, fp, fn, tn = BIG + 1, BIG, BIG, BIG - 1
    cm = ec.ConfusionMatrix.from_counts(tp=tp, fp=fp, fn=fn, tn=tn)
    assert cm.mcc < 0 and cm.mcc == pytest.approx(exact_mcc(tp, fp, fn, tn), rel=1e-14)
    assert cm.cohen_kappa == float(exact_rates(tp, fp, fn, tn)["cohen_kappa"])
    assert cm.informedness == float(exact_rates(tp, fp, fn, tn)["informedness"])


SCORES = np.array([BIG - 1, BIG, BIG + 1, BIG + 2, BIG + 3, -BIG - 1, -BIG], dtype=np.int64)
LABELS = np.array([0, 1, 0, 1, 1, 0, 1])


@pytest.mark.parametrize("rule", [">", ">="])
@pytest.mark.parametrize("threshold", [BIG - 1, BIG, BIG + 1, BIG + 2, -BIG, -BIG - 1,
                                       np.int64(BIG + 1), 2 ** 70, -(10 ** 400)])
def test_predict_and_confusion_matrix_at_compare_big_integers_exactly(threshold, rule):
    t = int(threshold)
    brute = [int(s > t) if rule == ">" else int(s >= t) for s in SCORES.tolist()]
    assert ec.predict(SCORES, threshold, rule=rule).tolist() == brute
    cm = ec.confusion_matrix_at(LABELS, SCORES, threshold, rule=rule)
    pairs = list(zip(LABELS.tolist(), brute))
    assert (cm.tp, cm.fp, cm.fn, cm.tn) == (pairs.count((1, 1)), pairs.count((0, 1)),
                                            pairs.count((1, 0)), pairs.count((0, 0)))


@pytest.mark.skipif(not LONG_DOUBLE_IS_WIDE, reason="long double is float64 here")
@pytest.mark.parametrize("rule", [">", ">="])
def test_predict_compares_long_double_scores_and_thresholds_exactly(rule):
    eps = np.finfo(np.longdouble).eps
    scores = np.array([1, 1 + eps, 1 + 2 * eps, 1 + 3 * eps], dtype=np.longdouble)
    exact = [Fraction(*s.as_integer_ratio()) for s in scores]
    for threshold in scores:
        t = Fraction(*threshold.as_integer_ratio())
        brute = [int(s > t) if rule == ">" else int(s >= t) for s in exact]
        assert ec.predict(scores, threshold, rule=rule).tolist() == brute
    # an exact fraction between two long doubles
    t = (exact[1] + exact[2]) / 2
    assert ec.predict(scores, t, rule=rule).tolist() == [0, 0, 1, 1]
    # a long double threshold against float64 scores is not rounded to float64
    floats = np.array([1.0, 2.0])
    just_above_one = np.longdouble(1) + eps
    assert ec.predict(floats, just_above_one, rule=rule).tolist() == [0, 1]
    assert ec.predict(floats, -just_above_one, rule=rule).tolist() == [1, 1]
    assert ec.confusion_matrix_at([0, 1], floats, just_above_one, rule=rule).tp == 1


def brute_hand_till(y, scores):
    """Hand & Till's M by counting pairs, exactly (the pairwise AUC of evalcore.reference,
    as fractions)."""
    y, scores = np.asarray(y), np.asarray(scores)
    classes = sorted(set(y.tolist()))
    total = 0
    for i, j in combinations(range(len(classes)), 2):
        pair = []
        for a, b in ((i, j), (j, i)):
            keep = (y == classes[a]) | (y == classes[b])
            pair.append(auc_pairs(y[keep] == classes[a], scores[keep, a], exact=True))
        total += (pair[0] + pair[1]) / 2
    return float(total / (len(classes) * (len(classes) - 1) // 2))


@pytest.mark.skipif(not LONG_DOUBLE_IS_WIDE, reason="long double is float64 here")
def test_multiclass_auc_ranks_big_integer_scores_exactly():
    rng = np.random.default_rng(3)
    y = [0, 1, 2] * 5
    scores = (BIG + rng.integers(0, 6, size=(15, 3))).astype(np.int64)  # float64 merges them
    assert ec.multiclass_auc(y, scores) == pytest.approx(
        brute_hand_till(y, scores.tolist()), abs=1e-15)


# =============================================================================================
# 3. extreme magnitudes
# =============================================================================================
EXTREME = [(3e80, 1e80, 1e80, 3e80), (1e300, 2e300, 3e300, 4e300),
           (1.5e308, 1e308, 0.5e308, 1.7e308), (5e-324, 1e-323, 1.5e-323, 2e-323),
           (1e-200, 3e-200, 2e-200, 5e-200), (7, 1e-320, 3, 1e300)]


@pytest.mark.parametrize("counts", EXTREME)
def test_every_rate_of_extreme_counts_matches_exact_arithmetic(counts):
    cm = ec.ConfusionMatrix.from_counts(tp=counts[0], fp=counts[1], fn=counts[2], tn=counts[3])
    for name, value in exact_rates(*counts).items():
        assert getattr(cm, name) == pytest.approx(as_float(value), rel=1e-15), name
    assert cm.mcc == pytest.approx(exact_mcc(*counts), rel=1e-14)
    tp, fp, fn, _ = (Fraction(v) for v in counts)
    assert cm.fowlkes_mallows == pytest.approx(exact_sqrt_ratio(tp * tp, (tp + fp) * (tp + fn)),
                                               rel=1e-14)
    assert cm.fbeta(1e-200) == pytest.approx(float(tp / (tp + fp)), rel=1e-15)   # precision
    assert cm.fbeta(1e200) == pytest.approx(float(tp / (tp + fn)), rel=1e-15)    # recall
    assert cm.fbeta(2.0) == pytest.approx(float(5 * tp / (5 * tp + 4 * fn + fp)), rel=1e-15)
    assert cm.mutual_information() == pytest.approx(
        exact_mutual_information([[counts[3], counts[1]], [counts[2], counts[0]]]), rel=1e-12)


def test_fbeta_at_the_ends_of_beta_where_precision_or_recall_is_zero():
    # F-beta is undefined only when tp = fn = fp = 0; otherwise 0 when tp = 0
    assert ec.ConfusionMatrix.from_counts(tp=0, fp=0, fn=5, tn=1).fbeta(1e-200) == 0.0
    assert ec.ConfusionMatrix.from_counts(tp=0, fp=3, fn=0, tn=1).fbeta(1e200) == 0.0
    cm = ec.ConfusionMatrix.from_counts(tp=4, fp=1, fn=2, tn=3)
    assert cm.fbeta(1e-200) == 4 / 5 and cm.fbeta(1e200) == 4 / 6


COUNT = st.integers(min_value=0, max_value=1000)


@settings(max_examples=50, deadline=None)
@given(COUNT, COUNT, COUNT, COUNT, st.integers(min_value=-1060, max_value=1010))
def test_scaling_all_four_counts_leaves_every_rate_unchanged(tp, fp, fn, tn, exponent):
    plain = ec.ConfusionMatrix.from_counts(tp=tp, fp=fp, fn=fn, tn=tn)
    c = math.ldexp(1.0, exponent)          # exact, so the scaled counts are exact too
    scaled = ec.ConfusionMatrix.from_counts(tp=tp * c, fp=fp * c, fn=fn * c, tn=tn * c)
    names = list(exact_rates(1, 1, 1, 1)) + ["mcc", "fowlkes_mallows", "prevalence_threshold",
                                             "npr", "npr_predicted"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        for name in names:
            a, b = getattr(plain, name), getattr(scaled, name)
            assert (math.isnan(a) and math.isnan(b)) or b == pytest.approx(a, rel=1e-14), name
        if plain.n:
            assert scaled.mutual_information() == pytest.approx(plain.mutual_information(),
                                                                rel=1e-12, abs=1e-300)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.booleans(), st.integers(1, 9)), min_size=1,
                max_size=20),
       st.sampled_from([1e300, 1.5e307, 1e-300, 5e-324 * 2 ** 20, 3.0]))
def test_scaling_the_weights_of_confusion_matrix_leaves_the_rates_unchanged(rows, c):
    y = [int(a) for a, _, _ in rows]
    p = [int(b) for _, b, _ in rows]
    w = np.array([k for _, _, k in rows], dtype=float)
    plain = ec.confusion_matrix(y, p, sample_weight=w)
    scaled = ec.confusion_matrix(y, p, sample_weight=w * c)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        for name in ("tpr", "fpr", "precision", "npv", "accuracy", "informedness", "mcc", "f1",
                     "cohen_kappa"):
            a, b = getattr(plain, name), getattr(scaled, name)
            assert (math.isnan(a) and math.isnan(b)) or b == pytest.approx(a, rel=1e-13), name
    # w * c rounds the weights themselves, so allow rounding at the level of 1.0
    assert ec.mutual_information(y, p, sample_weight=w * c) == pytest.approx(
        ec.mutual_information(y, p, sample_weight=w), rel=1e-12, abs=1e-15)


Y4, P4 = [0, 1, 1, 0, 1], [0.1, 0.8, 0.3, 0.2, 0.65]


@pytest.mark.parametrize("weight", [1e308, 1.5e308, 5e-324, 1e-310])
def test_brier_and_log_loss_with_extreme_equal_weights_are_the_unweighted_values(weight):
    w = [weight] * len(Y4)
    brier = sum(Fraction(p) ** 2 if y == 0 else (1 - Fraction(p)) ** 2
                for y, p in zip(Y4, P4)) / len(Y4)
    loss = -sum(math.log(p if y else 1 - p) for y, p in zip(Y4, P4)) / len(Y4)
    assert ec.brier_score(Y4, P4, sample_weight=w) == pytest.approx(float(brier), rel=1e-15)
    assert ec.log_loss(Y4, P4, sample_weight=w) == pytest.approx(loss, rel=1e-15)
    curve = ec.reliability_curve(Y4, P4, n_bins=2, sample_weight=w)
    assert curve.mean_predicted.tolist() == pytest.approx([0.2, (0.8 + 0.65) / 2], rel=1e-15)
    assert curve.observed_frequency.tolist() == pytest.approx([1 / 3, 1.0], rel=1e-15)


def test_mutual_information_of_tables_beyond_the_float_range():
    # sums beyond float64's range, exact integers beyond 2**53, subnormal cells; a single
    # count beyond float64's range (10**400) is refused (test_odd_input_rules.py)
    for table in ([[1e308, 1e308], [1e308, 1e308]], [[1, 0], [0, 1e-170]],
                  [[2 ** 1020, 1], [2, 2 ** 1020 + 2 ** 900]], [[5e-324, 0], [1e-323, 5e-324]]):
        assert ec.mutual_information_from_table(table) == pytest.approx(
            exact_mutual_information(table), rel=1e-12, abs=1e-300)


# =============================================================================================
# 4. options through one vocabulary
# =============================================================================================
CM = ec.ConfusionMatrix.from_counts(tp=4, fp=1, fn=1, tn=3)
Y, P = [0, 1, 1, 0], [0, 1, 0, 0]


@pytest.mark.parametrize("call, error, message", [
    (lambda: ec.mutual_information(Y, P, base=0.5), ValueError, r"base must be greater than 1"),
    (lambda: ec.mutual_information(Y, P, base=1), ValueError, r"base must not be 1"),
    (lambda: ec.mutual_information(Y, P, base=-2), ValueError, r"base must be positive"),
    (lambda: ec.mutual_information(Y, P, base=math.inf), ValueError, r"base must be positive and finite"),
    (lambda: ec.mutual_information(Y, P, base="2"), TypeError, r"base must be a positive real"),
    (lambda: ec.entropy([0.5, 0.5], base=0.5), ValueError, r"base must be greater than 1"),
    (lambda: CM.mutual_information(base=0.5), ValueError, r"base must be greater than 1"),
    (lambda: ec.mutual_information_from_table([[1, 2], [3, 4]], base=True), TypeError, r"base must"),
    (lambda: ec.reliability_curve(Y, [.1, .2, .3, .4], n_bins=2.5), TypeError, r"n_bins must be an integer"),
    (lambda: ec.reliability_curve(Y, [.1, .2, .3, .4], n_bins=0), ValueError, r"n_bins must be an integer between 1"),
    (lambda: ec.reliability_curve(Y, [.1, .2, .3, .4], n_bins="3"), TypeError, r"n_bins must be an integer"),
    (lambda: ec.log_loss(Y, [.1, .2, .3, .4], eps="0.1"), TypeError, r"eps must be a real number"),
    (lambda: ec.log_loss(Y, [.1, .2, .3, .4], eps=0.5), ValueError, r"eps must lie in \[0, 0.5\)"),
    (lambda: ec.log_loss(Y, [.1, .2, .3, .4], eps=-1e-9), ValueError, r"eps must lie in \[0, 0.5\)"),
    (lambda: ec.log_loss(Y, [.1, .2, .3, .4], eps=math.nan), ValueError, r"eps must be a number in"),
    (lambda: CM.format(digits=2.5), TypeError, r"digits must be an integer"),
    (lambda: CM.format(digits=18), ValueError, r"digits must be an integer between 0 and 17"),
    (lambda: CM.format(normalize="yes"), TypeError, r"normalize must be True or False"),
    (lambda: CM.format(layout=5), TypeError, r"layout must be a Layout or one of"),
    (lambda: CM.format(layout="excel"), ValueError, r"layout must be a Layout or one of"),
    (lambda: CM.as_array(ec.Layout(1, True)), TypeError, r"layout.truth must be 'rows' or 'columns'"),
    (lambda: CM.as_array(ec.Layout("rows", "yes")), TypeError, r"layout.positive_first must be True or False"),
    (lambda: CM.to_html(caption=5), TypeError, r"caption must be a str or None"),
    (lambda: ec.multiclass_auc([0, 1, 2], np.eye(3), average=1), TypeError, r"average must be one of"),
    (lambda: ec.multiclass_auc([0, 1, 2], np.eye(3), multi_class=None), TypeError, r"multi_class must be one of"),
    (lambda: ec.multiclass_auc([0, 1, 2], np.eye(3), multi_class="ovx"), ValueError, r"multi_class must be one of"),
    (lambda: ec.murphy_classifier(1.0), TypeError, r"which must be an integer"),
    (lambda: ec.murphy_classifier("1"), TypeError, r"which must be an integer"),
    (lambda: ec.murphy_classifier(3), ValueError, r"which must be 1 or 2"),
    (lambda: ec.predict([0.1, 0.2], "0.5"), TypeError, r"threshold must be a real number"),
    (lambda: ec.predict([0.1, 0.2], math.nan), ValueError, r"threshold must not be NaN"),
    (lambda: ec.predict([0.1, 0.2], 0.5, rule="=>"), ValueError, r"rule must be '>' or '>='"),
])
def test_options_follow_the_vocabulary(call, error, message):
    with pytest.raises(error, match=message):
        call()


# =============================================================================================
# 5. display
# =============================================================================================
def test_a_weighted_count_is_shown_as_it_is():
    cm = ec.ConfusionMatrix.from_counts(tp=1, fp=0.5, fn=0, tn=2)
    assert "0.500" in cm.format() and "<td>0.5</td>" in cm.to_html()
    assert repr(cm) == "ConfusionMatrix(tp=1, fp=0.5, fn=0, tn=2)"


def test_display_of_huge_tiny_and_negative_zero_counts():
    huge = ec.ConfusionMatrix.from_counts(tp=1e300, fp=2.5, fn=0, tn=1)
    text = huge.format()
    assert "1e+300" in text and "2.5" in text and len(text) < 200
    assert "1e+300" in huge.to_html()
    tiny = ec.ConfusionMatrix.from_counts(tp=5e-324, fp=1e-5, fn=0, tn=2)
    assert "5e-324" in tiny.format() and "1e-05" in tiny.format()      # not shown as 0.000
    negative_zero = ec.ConfusionMatrix.from_counts(tp=-0.0, fp=1.5, fn=0, tn=2)
    assert repr(negative_zero) == "ConfusionMatrix(tp=0.0, fp=1.5, fn=0, tn=2)"
    assert "-0" not in negative_zero.format() and "-0" not in negative_zero.to_html()
    joint = ec.ConfusionMatrix.from_counts(tp=1, fp=0, fn=5000, tn=4999)
    assert "<0.001" in joint.format(normalize=True) and "0.000" in joint.format(normalize=True)


# =============================================================================================
# 6. missing values and mixed types
# =============================================================================================
BAD_LABELS = [
    ("None", [0, None, 1, 1], ValueError, r"y_true holds missing values"),
    ("pd.NA", pd.Series([0, pd.NA, 1, 1], dtype=object), ValueError, r"y_true holds missing values"),
    ("pd.Int64 NA", pd.Series([0, None, 1, 1], dtype="Int64"), ValueError, r"y_true"),
    ("NaN", [0.0, math.nan, 1.0, 1.0], ValueError, r"y_true"),
    ("mixed", np.array([0, "1", 1, 0], dtype=object), TypeError, r"y_true mixes kinds.*Mix of label input types"),
    ("masked", np.ma.masked_array([0, 1, 1, 0], mask=[0, 1, 0, 0]), ValueError, r"y_true has masked entries"),
    ("scalar", 1, TypeError, r"y_true must be a 1-D array-like"),
]
BINARY_FUNCTIONS = {
    "confusion_matrix": lambda y: ec.confusion_matrix(y, [0, 1, 0, 0]),
    "mutual_information": lambda y: ec.mutual_information(y, [0, 1, 0, 0]),
    "confusion_matrix_at": lambda y: ec.confusion_matrix_at(y, [.1, .2, .3, .4], 0.25),
    "brier_score": lambda y: ec.brier_score(y, [.1, .2, .3, .4]),
    "log_loss": lambda y: ec.log_loss(y, [.1, .2, .3, .4]),
    "reliability_curve": lambda y: ec.reliability_curve(y, [.1, .2, .3, .4]),
    "multiclass_auc": lambda y: ec.multiclass_auc(y, [[.6, .4], [.3, .7], [.2, .8], [.9, .1]]),
}


@pytest.mark.parametrize("function", BINARY_FUNCTIONS)
@pytest.mark.parametrize("kind, labels, error, message", BAD_LABELS, ids=[b[0] for b in BAD_LABELS])
def test_bad_labels_are_refused_naming_y_true(function, kind, labels, error, message):
    with pytest.raises(error, match=message):
        BINARY_FUNCTIONS[function](labels)


@pytest.mark.parametrize("function", ["confusion_matrix", "mutual_information"])
def test_string_truth_against_integer_predictions_is_a_mix_of_types(function):
    call = getattr(ec, function)
    with pytest.raises(TypeError, match=r"y_true holds strings and y_pred numbers"):
        call(pd.Series(["0", "1", "1", "0"]), [0, 1, 0, 0])


def test_bool_labels_read_like_integer_labels():
    as_bool = ec.confusion_matrix([False, True, True, False], [False, True, False, False])
    assert as_bool == ec.confusion_matrix([0, 1, 1, 0], [0, 1, 0, 0])
    assert ec.multiclass_auc([False, True, True, False], [[.6, .4], [.3, .7], [.2, .8], [.9, .1]]) \
        == ec.multiclass_auc([0, 1, 1, 0], [[.6, .4], [.3, .7], [.2, .8], [.9, .1]])


@pytest.mark.parametrize("call, error, message", [
    (lambda: ec.predict(np.array([1, "NaT"], dtype="timedelta64[s]"), 0), ValueError, r"y_score holds missing values"),
    (lambda: ec.predict(np.ma.masked_array([.1, .2], mask=[0, 1]), .15), ValueError, r"y_score has masked entries"),
    (lambda: ec.brier_score([0, 1], [None, .5]), ValueError, r"y_prob holds missing values"),
    (lambda: ec.multiclass_auc([0, 1, 2], [[None, 0, 0], [0, 1, 0], [0, 0, 1]]), ValueError, r"y_score holds missing values"),
    (lambda: ec.multiclass_auc([0, 1, 2], np.ma.masked_array(np.eye(3), mask=np.eye(3))), ValueError, r"y_score has masked entries"),
    (lambda: ec.multiclass_auc([0, 1, 2], [["a", 0, 0], [0, 1, 0], [0, 0, 1]]), TypeError, r"y_score must hold numbers"),
    (lambda: ec.multiclass_auc([0, 1, 2], [[1, 0, 0], [0, 1], [0, 0, 1]]), ValueError, r"y_score must be a 2-D array"),
    (lambda: ec.multiclass_auc(np.array([1, 2, "NaT"], dtype="datetime64[D]"), np.eye(3)), ValueError, r"y_true holds missing values"),
    (lambda: ec.multiclass_auc(["a", "b", "c"], np.eye(3), labels=[0, 1, 2]), TypeError, r"Mix of label input types"),
    (lambda: ec.multiclass_auc([0, 1, 2], np.eye(3), labels=[0, None, 2]), ValueError, r"labels holds missing values"),
    (lambda: ec.ConfusionMatrix.from_array([["a", "b"], ["c", "d"]]), TypeError, r"table must hold numbers"),
    (lambda: ec.ConfusionMatrix.from_array([[None, 1], [1, 1]]), TypeError, r"table must hold numbers"),
    (lambda: ec.ConfusionMatrix.from_array([[math.nan, 1], [1, 1]]), ValueError, r"table must hold finite non-negative counts"),
    (lambda: ec.ConfusionMatrix.from_array([[True, False], [True, True]]), TypeError, r"table must hold numbers"),
    (lambda: ec.ConfusionMatrix.from_joint([["a", "b"], ["c", "d"]]), TypeError, r"table must hold numbers"),
    (lambda: ec.ConfusionMatrix.from_counts(tp=None, fp=1, fn=1, tn=1), TypeError, r"tp must be a number"),
    (lambda: ec.mutual_information_from_table([["a", 1], [1, 1]]), TypeError, r"table must hold numbers"),
    (lambda: ec.mutual_information_from_table([[None, 1], [1, 1]]), TypeError, r"table must hold numbers"),
    (lambda: ec.entropy(None), TypeError, r"probabilities is required"),
    (lambda: ec.entropy(pd.Series([0.5, pd.NA, 0.5])), ValueError, r"probabilities holds missing values"),
    (lambda: ec.entropy(["a", "b"]), TypeError, r"probabilities must hold numbers"),
])
def test_other_missing_and_mixed_input_is_refused_by_name(call, error, message):
    with pytest.raises(error, match=message):
        call()


# =============================================================================================
# 7. one UndefinedMetricWarning per nan, no numpy RuntimeWarning
# =============================================================================================
UNDEFINED = {
    "no positives": (ec.ConfusionMatrix.from_counts(tp=0, fp=2, fn=0, tn=3),
                     ["tpr", "fnr", "balanced_accuracy", "informedness",
                      "positive_likelihood_ratio", "negative_likelihood_ratio",
                      "prevalence_threshold", "npr", "fowlkes_mallows"]),
    "no negatives": (ec.ConfusionMatrix.from_counts(tp=2, fp=0, fn=1, tn=0),
                     ["fpr", "tnr", "balanced_accuracy", "informedness", "diagnostic_odds_ratio"]),
    "empty": (ec.ConfusionMatrix.from_counts(tp=0, fp=0, fn=0, tn=0),
              ["accuracy", "error_rate", "prevalence", "f1", "mcc", "cohen_kappa", "jaccard",
               "markedness"]),
}


@pytest.mark.parametrize("case", UNDEFINED)
def test_every_undefined_rate_is_nan_with_exactly_one_warning(case):
    cm, names = UNDEFINED[case]
    for name in names:
        value, caught = one_warning(lambda: getattr(cm, name))
        assert math.isnan(value), name
        assert [w.category for w in caught] == [ec.UndefinedMetricWarning], name
        assert caught[0].filename == __file__, name     # points at the caller


def test_the_empty_matrix_joint_and_information_warn_once():
    empty = ec.ConfusionMatrix.from_counts(tp=0, fp=0, fn=0, tn=0)
    for call in (lambda: empty.joint, lambda: empty.mutual_information(),
                 lambda: empty.expected_cost(), lambda: empty.f_alpha(0.5)):
        value, caught = one_warning(call)
        assert np.all(np.isnan(value))
        assert [w.category for w in caught] == [ec.UndefinedMetricWarning]
