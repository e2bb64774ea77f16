"""Odd-but-valid and invalid input for the statistics modules (uncertainty, permutation):
exact large integers, one-class resamples, tiny and constant samples, metrics that return nan
or raise, and one vocabulary for options.

Every expected value comes from an independent source: scipy, brute-force enumeration, or an
identity (the AUC, DeLong's variance and the permutation test depend on the scores only
through their ranks, so scores 2**60 + k must give exactly what the small ranks k give).
"""

from __future__ import annotations

import ast
import dataclasses
import itertools
import math
import pathlib
import warnings
from fractions import Fraction

import numpy as np
import pytest

import evalcore as ec
from evalcore.reference import auc_pairs, psi_table

SEVEN_Y = [0, 1, 0, 1, 1, 0, 0]
SEVEN_S = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
SOURCES = pathlib.Path(ec.__file__).parent


def said(call):
    """Run ``call``; return its result and the warnings it emitted, by category name."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call()
    return result, [w.category.__name__ for w in caught]


# ------------------------------------------------------------------ options: one vocabulary

N_BOOT_CALLS = {
    "roc_auc_ci delong": lambda **kw: ec.roc_auc_ci(SEVEN_Y, SEVEN_S, method="delong", **kw),
    "roc_auc_ci logit": lambda **kw: ec.roc_auc_ci(SEVEN_Y, SEVEN_S, method="logit", **kw),
    "roc_auc_ci bootstrap": lambda **kw: ec.roc_auc_ci(SEVEN_Y, SEVEN_S, method="bootstrap",
                                                       **kw),
    "bootstrap_ci": lambda **kw: ec.bootstrap_ci(SEVEN_Y, SEVEN_S, ec.roc_auc, **kw),
    "paired_bootstrap_ci": lambda **kw: ec.paired_bootstrap_ci(SEVEN_Y, SEVEN_S, SEVEN_S[::-1],
                                                               ec.roc_auc, **kw),
    "sensitivity_at_specificity": lambda **kw: ec.sensitivity_at_specificity(
        SEVEN_Y, SEVEN_S, 0.9, **kw),
    "specificity_at_sensitivity": lambda **kw: ec.specificity_at_sensitivity(
        SEVEN_Y, SEVEN_S, 0.9, **kw),
    "operating_point_ci": lambda **kw: ec.operating_point_ci(SEVEN_Y, SEVEN_S, 0.55, **kw),
}


@pytest.mark.parametrize("call", N_BOOT_CALLS.values(), ids=N_BOOT_CALLS.keys())
@pytest.mark.parametrize("n_boot", [2.5, "many", True, 10.0])
def test_n_boot_of_the_wrong_kind_is_a_type_error_everywhere(call, n_boot):
    with pytest.raises(TypeError, match="n_boot must be an integer"):
        call(n_boot=n_boot)


@pytest.mark.parametrize("call", N_BOOT_CALLS.values(), ids=N_BOOT_CALLS.keys())
def test_options_out_of_range_are_value_errors_everywhere(call):
    with pytest.raises(ValueError, match="n_boot must be an integer of at least 1"):
        call(n_boot=0)
    for level in (0.0, 1.0, math.nan, math.inf, 95):
        with pytest.raises(ValueError, match=r"level must (lie|be a number) in \(0\.0, 1\.0\)"):
            call(level=level)
    with pytest.raises(TypeError, match="level must be a real number"):
        call(level="0.95")
    with pytest.raises(ValueError, match="random_state must be an integer of at least 0"):
        call(random_state=-1)
    with pytest.raises(TypeError, match="random_state must be None"):
        call(random_state="seed")


@pytest.mark.parametrize("call", [
    lambda **kw: ec.bootstrap_ci(SEVEN_Y, SEVEN_S, ec.roc_auc, **kw),
    lambda **kw: ec.paired_bootstrap_ci(SEVEN_Y, SEVEN_S, SEVEN_S, ec.roc_auc, **kw),
    lambda **kw: ec.sensitivity_at_specificity(SEVEN_Y, SEVEN_S, 0.9, **kw),
    lambda **kw: ec.operating_point_ci(SEVEN_Y, SEVEN_S, 0.55, **kw),
])
def test_stratified_must_be_a_bool(call):
    for value in (1, "yes", None):
        with pytest.raises(TypeError, match="stratified must be True or False"):
            call(stratified=value)


def test_methods_and_alternatives_are_named_choices():
    with pytest.raises(TypeError, match="method must be one of .*'delong'"):     # wrong kind
        ec.roc_auc_ci(SEVEN_Y, SEVEN_S, method=None)
    with pytest.raises(ValueError, match="method must be one of .*'delong'"):    # not in the set
        ec.roc_auc_ci(SEVEN_Y, SEVEN_S, method="DeLong")
    with pytest.raises(ValueError, match="method must be one of .*'percentile', 'bca'"):
        ec.bootstrap_ci(SEVEN_Y, SEVEN_S, ec.roc_auc, method="BCa")
    for call in (lambda **kw: ec.delong_test(SEVEN_Y, SEVEN_S, SEVEN_S[::-1], **kw),
                 lambda **kw: ec.auc_permutation_test(SEVEN_Y, SEVEN_S, **kw)):
        with pytest.raises(ValueError, match="alternative must be one of .*'two-sided', 'greater'"):
            call(alternative="bigger")


@pytest.mark.parametrize("call", [
    lambda **kw: ec.auc_permutation_test(SEVEN_Y, SEVEN_S, **kw),
    lambda **kw: ec.paired_permutation_test(SEVEN_Y, SEVEN_S, SEVEN_S[::-1], **kw),
])
def test_n_resamples_and_seed(call):
    for bad in (2.5, "many", True):
        with pytest.raises(TypeError, match="n_resamples must be an integer"):
            call(n_resamples=bad)
    with pytest.raises(ValueError, match="n_resamples must be an integer of at least 1"):
        call(n_resamples=0)
    with pytest.raises(ValueError, match="random_state must be an integer of at least 0"):
        call(n_resamples=5, random_state=-3)
    assert call(n_resamples=np.int64(5), random_state=np.int64(0)).n_resamples == 5


def test_sample_size_options():
    for name, value in (("auc", "0.8"), ("width", None), ("ratio", "4"), ("level", [0.9])):
        kwargs = dict(auc=0.8, width=0.1, level=0.95, ratio=1.0)
        kwargs[name] = value
        auc = kwargs.pop("auc")
        with pytest.raises(TypeError, match=f"{name} must be a real number"):
            ec.auc_sample_size(auc, **kwargs)
    for name, value, rule in (("auc", 1.0, r"\(0\.0, 1\.0\)"), ("auc", math.nan, r"\(0\.0, 1\.0\)"),
                              ("width", 0.0, r"\(0\.0, 1\.0\]"), ("width", math.inf, r"\(0\.0, 1\.0\]"),
                              ("ratio", 0.0, r"\(0\.0, inf\)"), ("ratio", math.inf, r"\(0\.0, inf\)"),
                              ("level", 1.0, r"\(0\.0, 1\.0\)")):
        kwargs = dict(auc=0.8, width=0.1, level=0.95, ratio=1.0)
        kwargs[name] = value
        auc = kwargs.pop("auc")
        with pytest.raises(ValueError, match=f"{name} must (lie|be a number) in {rule}"):
            ec.auc_sample_size(auc, **kwargs)


@pytest.mark.parametrize("kwargs", [dict(width=1e-300), dict(width=0.1, ratio=1e-300),
                                    dict(width=0.1, ratio=1e308), dict(width=0.1, ratio=1e20)])
def test_sample_size_out_of_reach_is_said_not_overflowed(kwargs):
    with pytest.raises(ValueError, match="is out of reach: .*would (take|need) more than"):
        ec.auc_sample_size(0.8, **kwargs)


def test_rate_targets():
    with pytest.raises(TypeError, match="specificity must be a real number"):
        ec.sensitivity_at_specificity(SEVEN_Y, SEVEN_S, "0.9", n_boot=5)
    for bad in (1.2, -0.1, math.nan):
        with pytest.raises(ValueError, match=r"specificity must (lie|be a number) in \[0\.0, 1\.0\]"):
            ec.sensitivity_at_specificity(SEVEN_Y, SEVEN_S, bad, n_boot=5)
    with pytest.raises(ValueError, match=r"sensitivity must lie in \[0\.0, 1\.0\] \(a rate\)"):
        ec.specificity_at_sensitivity(SEVEN_Y, SEVEN_S, [0.5, 1.5], n_boot=5)


def test_no_hand_written_integer_checks_or_sorting_left():
    for module in ("stats/uncertainty.py", "stats/permutation.py"):
        tree = ast.parse((SOURCES / module).read_text())
        names = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
        assert "Integral" not in names, module
        assert not names & {"sort", "argsort", "lexsort"}, module


# ------------------------------------------------------------------ one warning, no numpy noise

def mean_gap(y, s):
    """A metric that numpy makes nan (with RuntimeWarnings) when a class is missing."""
    return float(np.mean(s[y == 1]) - np.mean(s[y == 0]))


ONE_POSITIVE_Y = [0, 1, 0, 0, 0, 0, 0]
UNDEFINED_SOMETIMES = {
    "bootstrap_ci": lambda: ec.bootstrap_ci(ONE_POSITIVE_Y, SEVEN_S, mean_gap, n_boot=100,
                                            random_state=0),
    "bootstrap_ci bca": lambda: ec.bootstrap_ci(ONE_POSITIVE_Y, SEVEN_S, mean_gap, n_boot=100,
                                                method="bca", random_state=0),
    "bootstrap_ci roc_auc": lambda: ec.bootstrap_ci(ONE_POSITIVE_Y, SEVEN_S, ec.roc_auc,
                                                    n_boot=100, random_state=0),
    "paired_bootstrap_ci": lambda: ec.paired_bootstrap_ci(
        ONE_POSITIVE_Y, SEVEN_S, SEVEN_S[::-1], mean_gap, n_boot=100, random_state=0),
    "sensitivity_at_specificity": lambda: ec.sensitivity_at_specificity(
        ONE_POSITIVE_Y, SEVEN_S, 0.5, n_boot=100, stratified=False, random_state=0),
    "operating_point_ci": lambda: ec.operating_point_ci(
        ONE_POSITIVE_Y, SEVEN_S, 0.5, n_boot=100, stratified=False, random_state=0),
}


@pytest.mark.parametrize("call", UNDEFINED_SOMETIMES.values(), ids=UNDEFINED_SOMETIMES.keys())
def test_resamples_without_a_class_give_one_warning_and_no_runtime_warning(call):
    result, categories = said(call)
    assert categories == ["UndefinedMetricWarning"]
    # with one positive in seven a case resample misses it with probability (6/7)**7 ~ 34%
    assert 10 < result.n_undefined < 70


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


ONE_CLASS = {
    "delong_variance": lambda y, s: ec.delong_variance(y, s),
    "roc_auc_ci": lambda y, s: ec.roc_auc_ci(y, s),
    "roc_auc_ci bootstrap": lambda y, s: ec.roc_auc_ci(y, s, method="bootstrap", n_boot=20),
    "bootstrap_ci": lambda y, s: ec.bootstrap_ci(y, s, mean_gap, n_boot=20),
    "bootstrap_ci bca": lambda y, s: ec.bootstrap_ci(y, s, ec.roc_auc, n_boot=20, method="bca"),
    "paired_bootstrap_ci": lambda y, s: ec.paired_bootstrap_ci(y, s, s[::-1], ec.roc_auc,
                                                               n_boot=20),
    "delong_test": lambda y, s: ec.delong_test(y, s, s[::-1]),
    "delong_test_unpaired": lambda y, s: ec.delong_test_unpaired(y, s, SEVEN_Y, SEVEN_S),
    "sensitivity_at_specificity": lambda y, s: ec.sensitivity_at_specificity(y, s, 0.9,
                                                                             n_boot=20),
    "specificity_at_sensitivity": lambda y, s: ec.specificity_at_sensitivity(y, s, 0.9,
                                                                             n_boot=20),
    "operating_point_ci": lambda y, s: ec.operating_point_ci(y, s, 0.5, n_boot=20),
    "auc_permutation_test": lambda y, s: ec.auc_permutation_test(y, s),
    "paired_permutation_test": lambda y, s: ec.paired_permutation_test(y, s, s[::-1]),
    "paired_permutation_test mean_gap": lambda y, s: ec.paired_permutation_test(
        y, s, s[::-1], metric=mean_gap),
}


def floats_of(result) -> list[float]:
    """The float fields of a result, nested results opened, whether it unpacks (a test's
    NamedTuple) or is read by name (an interval's dataclass)."""
    if isinstance(result, float):
        return [result]
    if dataclasses.is_dataclass(result):
        parts = [getattr(result, field.name) for field in dataclasses.fields(result)]
    elif isinstance(result, tuple):
        parts = list(result)
    else:
        return []
    return [value for part in parts for value in floats_of(part)]


@pytest.mark.parametrize("call", ONE_CLASS.values(), ids=ONE_CLASS.keys())
@pytest.mark.parametrize("labels", [[1] * 5, [0] * 5])
def test_one_class_gives_nan_and_exactly_one_warning(call, labels):
    result, categories = said(lambda: call(labels, [0.1, 0.4, 0.2, 0.9, 0.5]))
    assert categories == ["UndefinedMetricWarning"]
    assert any(math.isnan(v) for v in floats_of(result))


def test_other_warnings_of_the_metric_are_passed_on_once():
    def chatty(y, s):
        warnings.warn("the metric's own remark", UserWarning)
        return ec.roc_auc(y, s)
    for call in (lambda: ec.bootstrap_ci(SEVEN_Y, SEVEN_S, chatty, n_boot=30, method="bca",
                                         random_state=0),
                 lambda: ec.paired_permutation_test(SEVEN_Y, SEVEN_S, SEVEN_S[::-1],
                                                    metric=chatty)):
        _, categories = said(call)
        assert categories == ["UserWarning"]


def test_a_metric_that_raises_is_not_swallowed():
    def broken(y, s):
        raise ZeroDivisionError("the metric's own bug")
    for call in (lambda: ec.bootstrap_ci(SEVEN_Y, SEVEN_S, broken, n_boot=5),
                 lambda: ec.paired_bootstrap_ci(SEVEN_Y, SEVEN_S, SEVEN_S, broken, n_boot=5),
                 lambda: ec.paired_permutation_test(SEVEN_Y, SEVEN_S, SEVEN_S, metric=broken)):
        with pytest.raises(ZeroDivisionError, match="the metric's own bug"):
            call()


def test_a_metric_that_is_always_nan():
    for call, read in (
            (lambda: ec.bootstrap_ci(SEVEN_Y, SEVEN_S, lambda y, s: math.nan, n_boot=5),
             lambda ci: ci.estimate),
            (lambda: ec.paired_permutation_test(SEVEN_Y, SEVEN_S, SEVEN_S[::-1],
                                                metric=lambda y, s: math.nan),
             lambda test: test.pvalue)):
        result, categories = said(call)
        assert categories == ["UndefinedMetricWarning"] and math.isnan(read(result))


# ------------------------------------------------------------------ exact large integers

BIG_Y = np.array([0, 1, 0, 1, 1, 0, 0, 1, 0])
RANKS = np.array([1, 5, 3, 8, 3, 0, 2, 6, 7])     # ties at 3: one positive, one negative
BIG = 2 ** 60 + RANKS                               # float64 would merge all of them


def test_big_integers_are_not_merged_by_float64():
    assert np.unique(BIG.astype(np.float64)).size < np.unique(BIG).size


@pytest.mark.parametrize("name, call", [
    ("delong_variance", lambda s: ec.delong_variance(BIG_Y, s)),
    ("roc_auc_ci", lambda s: ec.roc_auc_ci(BIG_Y, s)),
    ("roc_auc_ci logit", lambda s: ec.roc_auc_ci(BIG_Y, s, method="logit")),
    ("roc_auc_ci bootstrap", lambda s: ec.roc_auc_ci(BIG_Y, s, method="bootstrap", n_boot=50,
                                                     random_state=0)),
    ("bootstrap_ci", lambda s: ec.bootstrap_ci(BIG_Y, s, ec.roc_auc, n_boot=50, random_state=0)),
    ("delong_test", lambda s: ec.delong_test(BIG_Y, s, RANKS[::-1].copy())),
    ("auc_permutation_test", lambda s: ec.auc_permutation_test(BIG_Y, s)),
    ("auc_permutation_test mc", lambda s: ec.auc_permutation_test(BIG_Y, s, n_resamples=200,
                                                                  random_state=0)),
    ("sensitivity_at_specificity", lambda s: ec.sensitivity_at_specificity(
        BIG_Y, s, 0.8, n_boot=50, random_state=0)),
])
def test_statistics_of_ranks_are_the_same_for_scores_beyond_2_to_53(name, call):
    # each depends on the scores only through their order: an exact shift changes nothing
    assert said(lambda: call(BIG))[0] == said(lambda: call(RANKS))[0]


def test_delong_variance_of_the_big_scores_by_brute_force():
    table = [[Fraction(v) for v in row] for row in psi_table(BIG_Y, RANKS)]    # 1, 1/2, 0
    v10 = [sum(row) / len(row) for row in table]
    v01 = [sum(column) / len(column) for column in zip(*table)]
    auc = sum(v10) / len(v10)
    s10 = sum((v - auc) ** 2 for v in v10) / (len(v10) - 1)
    s01 = sum((v - auc) ** 2 for v in v01) / (len(v01) - 1)
    assert ec.delong_variance(BIG_Y, BIG) == pytest.approx(float(s10 / len(v10) + s01 / len(v01)),
                                                           rel=1e-15)


def test_long_double_scores_keep_their_order():
    if np.finfo(np.longdouble).nmant < 63:
        pytest.skip("long double is no wider than float64 here")
    tiny = np.finfo(np.longdouble).eps
    scores = np.longdouble(1) + RANKS.astype(np.longdouble) * tiny
    assert np.unique(scores.astype(np.float64)).size == 1
    assert ec.delong_variance(BIG_Y, scores) == ec.delong_variance(BIG_Y, RANKS)
    assert ec.auc_permutation_test(BIG_Y, scores) == ec.auc_permutation_test(BIG_Y, RANKS)


@pytest.mark.parametrize("threshold", [2 ** 60 + 3, [2 ** 60 + 3, 2 ** 60 + 6]])
def test_operating_point_at_a_big_integer_threshold_counts_exactly(threshold):
    op = ec.operating_point_ci(BIG_Y, BIG, threshold, n_boot=20, random_state=0)
    wanted = np.atleast_1d(np.array(threshold, dtype=object))
    big = [int(v) for v in BIG]                      # Python integers: exact comparisons
    for k, t in enumerate(wanted):
        tp = sum(1 for v, y in zip(big, BIG_Y) if y and v >= t)
        tn = sum(1 for v, y in zip(big, BIG_Y) if not y and v < t)
        sensitivity = np.atleast_1d(op.sensitivity.rate)[k]
        specificity = np.atleast_1d(op.specificity.rate)[k]
        assert (sensitivity, specificity) == (tp / 4, tn / 5)
        assert int(np.atleast_1d(op.threshold)[k]) == t


# ------------------------------------------------------------------ tiny and constant samples

def brute_force_pvalue(labels, scores):
    """Two-sided exact permutation p-value of the AUC over every placement of the positives."""
    labels, scores = np.asarray(labels), np.asarray(scores, dtype=float)
    n, p = labels.size, int(labels.sum())

    def auc(positive):
        chosen = np.zeros(n, dtype=bool)
        chosen[positive] = True
        return auc_pairs(chosen, scores, exact=True)
    observed = abs(auc(np.flatnonzero(labels)) - Fraction(1, 2))
    placements = [list(c) for c in itertools.combinations(range(n), p)]
    extreme = sum(abs(auc(c) - Fraction(1, 2)) >= observed for c in placements)
    return Fraction(extreme, len(placements))


@pytest.mark.parametrize("labels, scores", [
    ([0, 1, 0, 0], [0.1, 0.2, 0.3, 0.4]),                       # one positive
    ([1, 1, 0, 1, 1, 1], [0.9, 0.2, 0.1, 0.5, 0.5, 0.4]),       # one negative, ties
    ([0, 1, 0, 1, 1], [0.3, 0.3, 0.3, 0.3, 0.3]),               # constant scores
    ([1, 1, 1, 0, 0, 1, 1], [3, 3, 2, 2, 1, 1, 0]),            # more positives than negatives
])
def test_exact_permutation_test_on_tiny_samples_by_brute_force(labels, scores):
    test, categories = said(lambda: ec.auc_permutation_test(labels, scores))
    assert categories == [] and test.exact
    assert test.pvalue == pytest.approx(float(brute_force_pvalue(labels, scores)), rel=1e-12)


def test_constant_scores():
    y = [0, 1, 0, 1, 1, 0]
    assert said(lambda: ec.delong_variance(y, [2.0] * 6)) == (0.0, [])   # every placement ½
    test, categories = said(lambda: ec.paired_permutation_test(y, [1.0] * 6, [1.0] * 6))
    assert categories == [] and (test.statistic, test.pvalue) == (0.0, 1.0)
    comparison, categories = said(lambda: ec.delong_test(y, [1.0] * 6, [1.0] * 6))
    assert categories == ["UndefinedMetricWarning"] and math.isnan(comparison.pvalue)


def test_one_positive_is_too_few_for_delong_but_not_for_the_permutation_test():
    y, s = [0, 1, 0, 0], [0.1, 0.2, 0.3, 0.4]
    ci, categories = said(lambda: ec.roc_auc_ci(y, s))
    assert categories == ["UndefinedMetricWarning"]
    assert math.isnan(ci.low) and ci.auc == pytest.approx(1 / 3) and math.isnan(ci.high)


def test_thresholds_of_other_real_kinds():
    y, s = np.array(SEVEN_Y), np.array(SEVEN_S)
    for threshold in (Fraction(11, 20), 0.55, np.float64(0.55)):
        op = ec.operating_point_ci(SEVEN_Y, SEVEN_S, threshold, n_boot=5, random_state=0)
        called = s >= float(threshold)
        assert op.sensitivity.rate == np.mean(called[y == 1])
        assert op.specificity.rate == np.mean(~called[y == 0])
    for huge, rates in ((2 ** 70, (0.0, 1.0)), (-2 ** 70, (1.0, 0.0))):
        op = ec.operating_point_ci(SEVEN_Y, SEVEN_S, huge, n_boot=5, random_state=0)
        assert (op.sensitivity.rate, op.specificity.rate) == rates
    with pytest.raises(TypeError, match="threshold must be a real number"):
        ec.operating_point_ci(SEVEN_Y, SEVEN_S, "0.5", n_boot=5)
    with pytest.raises(ValueError, match="threshold must not be NaN"):
        ec.operating_point_ci(SEVEN_Y, SEVEN_S, [0.5, math.nan], n_boot=5)
