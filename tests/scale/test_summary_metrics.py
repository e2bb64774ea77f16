"""ScoreCounts' methods against the array functions of the same names: the methods of
evalcore/scale/summary_metrics.py and, in the same tables, those of summary_decisions.py.

The reference for each method is the array function on the rows the summary was built from
(weights as ``sample_weight``, or, for the functions that take no weights, the rows repeated
as often as their integer weights say): the same number, bit for bit where the function's
docstring promises it. Then the other side of the same rule: an array function refuses a
summary with a message naming the method, required options are required, and a metric
undefined on a summary is ``nan`` with exactly one warning pointing at the caller's line."""

from __future__ import annotations

import dataclasses
import inspect
import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings

import evalcore as ec
from evalcore.scale.summary_decisions import SummaryDecisions
from evalcore.scale.summary_metrics import SummaryMetrics

from strategies import scored_data


#: Each method with options to call it with: (name, positional options, keyword options).
#: These functions take ``sample_weight``.
WEIGHTED = [
    ("roc_auc", (), {}), ("roc_auc", (), {"method": "trapezoid"}), ("gini", (), {}),
    ("partial_auc", (), {"max_fpr": 0.5}),
    ("partial_auc", (), {"min_tpr": 0.3, "standardized": True}),
    ("average_precision", (), {}), ("pr_auc_trapezoid", (), {}),
    ("confusion_matrix_at", (2.0,), {}), ("confusion_matrix_at", (2.0,), {"rule": ">"}),
    ("confusion_matrix_at_thresholds", (), {}), ("roc_curve", (), {}),
    ("precision_recall_curve", (), {}), ("equal_error_rate", (), {}),
    ("interpolated_pr_curve", (), {"num": 3}),
    ("achievable_pr_curve", (), {"num": 2, "hull": True}),
    ("pr_auc_interpolated", (), {"hull": True}), ("pr_auc_interpolated", (), {}),
    ("prg_curve", (), {}), ("auprg", (), {}),
    ("gain_curve", (), {}), ("lift_curve", (), {}), ("ks_statistic", (), {}),
    ("threshold_by_cost", (), {"cost_fp": 1, "cost_fn": 2}), ("threshold_by_youden", (), {}),
    ("roc_convex_hull", (), {}), ("optimal_operating_point", (), {"cost_fp": 1, "cost_fn": 3}),
    ("optimal_operating_point", (), {"cost_fp": 2, "cost_fn": 1, "prior_pos": 0.1}),
    ("cost_lines", (), {"probability_cost": [0.2, 0.7]}), ("cost_curve", (), {}),
]
#: These take no ``sample_weight``: a weighted summary is read as the rows repeated.
UNWEIGHTED = [
    ("threshold_max_fbeta", (), {"beta": 2.0}), ("threshold_max_fbeta", (), {"rule": ">"}),
    ("threshold_at_fpr", (0.3,), {}), ("threshold_at_fpr", (0.3,), {"rule": ">"}),
    ("threshold_at_precision", (0.6,), {}), ("threshold_at_precision", (0.6,), {"rule": ">"}),
    ("delong_variance", (), {}), ("roc_auc_ci", (), {}),
    ("roc_auc_ci", (), {"method": "logit", "level": 0.9}),
    ("roc_auc_ci", (), {"method": "hanley_mcneil"}), ("roc_auc_ci", (), {"method": "newcombe"}),
]
#: These need probabilities as scores.
PROBABILITIES = [("net_benefit", (), {"threshold_probability": [0.0, 0.3, 0.5, 1.0]}),
                 ("net_benefit", (), {"threshold_probability": 0.25}),
                 ("decision_curve", (), {}),
                 ("decision_curve", (), {"threshold_probabilities": [0.1, 0.6]})]
#: Cases of whole rows (no weights).
COUNTED = [("counts_at_capacity", (), {"k": 1}), ("threshold_at_fpr", (0.5,), {"confidence": 0.5})]

ALL = WEIGHTED + UNWEIGHTED + PROBABILITIES + COUNTED


def test_every_method_of_a_summary_is_compared_here_with_its_function():
    methods = {name for mixin in (SummaryMetrics, SummaryDecisions)
               for name, member in vars(mixin).items()
               if inspect.isfunction(member) and not name.startswith("_")}
    assert methods == {name for name, _, _ in ALL}
    assert methods <= set(dir(ec.ScoreCounts))
    for name in methods:            # the function's options, less the rows' arguments
        function = inspect.signature(getattr(ec, name)).parameters
        method = inspect.signature(getattr(ec.ScoreCounts, name)).parameters
        rows = {"y_true", "y_score", "sample_weight", "pos_label"}
        expected = [p for p in function.values() if p.name not in rows]
        if name == "roc_auc_ci":    # the bootstrap resamples rows: not for a summary
            expected = [p for p in expected if p.name not in ("n_boot", "random_state")]
        assert [p.name for p in method.values()][1:] == [p.name for p in expected], name
        for parameter in expected:
            assert method[parameter.name].default == parameter.default, (name, parameter)
            assert method[parameter.name].kind == parameter.kind, (name, parameter)


def same(a, b, *, rel: float = 0.0):
    """Equal, nan equal to nan; arrays, tuples (named ones of the same type) and results
    read by name (dataclasses of the same type) field by field; floats to ``rel``."""
    if isinstance(a, tuple):
        assert type(a) is type(b) and len(a) == len(b)
        for x, z in zip(a, b):
            same(x, z, rel=rel)
    elif dataclasses.is_dataclass(a) and not isinstance(a, ec.ConfusionMatrix):
        assert type(a) is type(b)
        for field in dataclasses.fields(a):
            same(getattr(a, field.name), getattr(b, field.name), rel=rel)
    elif isinstance(a, np.ndarray):
        assert a.shape == np.shape(b)
        if rel:
            np.testing.assert_allclose(a, b, rtol=rel, atol=1e-15)
        else:
            np.testing.assert_array_equal(a, b)
    elif isinstance(a, ec.ConfusionMatrix):
        assert (a.tp, a.fp, a.fn, a.tn) == (b.tp, b.fp, b.fn, b.tn)
    elif isinstance(a, float) and math.isnan(a):
        assert isinstance(b, float) and math.isnan(b)
    elif rel and isinstance(a, float):
        assert a == pytest.approx(b, rel=rel, abs=1e-15)
    else:
        assert a == b and type(a) is type(b), (a, b)


def quiet(call):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        return call()


def by_method(counts, name, args, kwargs):
    return quiet(lambda: getattr(counts, name)(*args, **kwargs))


def by_function(y, s, w, name, args, kwargs):
    weight = {} if w is None else {"sample_weight": w}
    return quiet(lambda: getattr(ec, name)(y, s, *args, **weight, **kwargs))


@settings(max_examples=60, deadline=None)
@given(scored_data())
def test_every_method_equals_its_function_on_the_same_rows(data):
    y, s, w = data
    counts = ec.ScoreCounts.from_arrays(y, s, sample_weight=w)
    for name, args, kwargs in WEIGHTED:
        same(by_method(counts, name, args, kwargs), by_function(y, s, w, name, args, kwargs))
    repeat = np.ones(len(y), dtype=int) if w is None else w.astype(int)
    rows = np.repeat(y, repeat), np.repeat(s, repeat)
    for name, args, kwargs in UNWEIGHTED:
        # integer counts: bit for bit; weights: the repeated rows' counts are integers,
        # DeLong's sums with weights are floats (centred, two passes): to 1e-12
        rel = 1e-12 if w is not None and name in ("delong_variance", "roc_auc_ci") else 0.0
        same(by_method(counts, name, args, kwargs), by_function(*rows, None, name, args, kwargs),
             rel=rel)
    if w is None:
        for name, args, kwargs in COUNTED:
            if name != "threshold_at_fpr" or (y == 0).sum() >= 2:   # the guarantee's minimum
                same(by_method(counts, name, args, kwargs),
                     by_function(y, s, None, name, args, kwargs))


@settings(max_examples=40, deadline=None)
@given(scored_data())
def test_the_decision_curves_of_a_summary_of_probabilities_equal_the_functions(data):
    y, s, w = data
    p = (s - s.min()) / (s.max() - s.min()) if s.max() > s.min() else np.full(len(s), 0.5)
    counts = ec.ScoreCounts.from_arrays(y, p, sample_weight=w)
    for name, args, kwargs in PROBABILITIES:
        same(by_method(counts, name, args, kwargs), by_function(y, p, w, name, args, kwargs))


def test_counts_beyond_2_53_and_huge_weights_give_the_functions_numbers():
    """Integer scores float64 cannot tell apart (long double values), and weights near 1e308
    (one row a score: the summary's own counts are finite) whose sums overflow unless the
    kernels scale them first (by a power of two, exactly)."""
    y = np.array([0, 1, 0, 1, 1, 0])
    s = np.array([2**60, 2**60 + 1, 2**60 + 2, 2**60 + 3, 5, 2**60 + 1])
    counts = ec.ScoreCounts.from_arrays(y, s)
    assert counts.values.dtype == np.longdouble
    for name, args, kwargs in WEIGHTED + UNWEIGHTED:
        if name != "confusion_matrix_at":
            same(by_method(counts, name, args, kwargs), by_function(y, s, None, name, args,
                                                                   kwargs))
    same(counts.confusion_matrix_at(2**60 + 1), ec.confusion_matrix_at(y, s, 2**60 + 1))
    w = np.array([1e308, 1e308, 1e308, 4e307, 1e308, 1.5e308])
    distinct = np.array([0.5, 2.0, 1.0, 0.8, 2.5, 3.0])
    heavy = ec.ScoreCounts.from_arrays(y, distinct, sample_weight=w)
    for name, args, kwargs in WEIGHTED:
        if name not in ("confusion_matrix_at", "confusion_matrix_at_thresholds"):  # sums
            method = by_method(heavy, name, args, kwargs)
            same(method, by_function(y, distinct, w, name, args, kwargs))
    assert 0 < heavy.roc_auc() < 1 and 0 < heavy.average_precision() < 1


# ------------------------------------------------------------------------------------ undefined

#: A summary whose metrics are undefined, and its rows (no positives).
NEGATIVES_ONLY = ([0, 0, 0], [0.3, 0.1, 0.3])
#: Defined without positives: counts (no ratio), and the net benefit (TP/n − FP/n · rate).
DEFINED_ANYWAY = {"confusion_matrix_at", "confusion_matrix_at_thresholds", "net_benefit"}


def one_warning_at_this_line(call):
    """``call()``, asserting exactly one UndefinedMetricWarning, attributed to this file (the
    line of the test that called the public method or function)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call()
    undefined = [c for c in caught if issubclass(c.category, ec.UndefinedMetricWarning)]
    assert len(undefined) == 1, [str(c.message) for c in caught]
    assert undefined[0].filename == __file__, (undefined[0].filename, undefined[0].lineno)
    return result


def holds_nan(result) -> bool:
    if isinstance(result, tuple):
        return any(holds_nan(part) for part in result)
    if dataclasses.is_dataclass(result):     # a result read by name: its numbers
        return any(holds_nan(getattr(result, field.name)) for field in dataclasses.fields(result)
                   if not isinstance(getattr(result, field.name), str))
    return bool(np.isnan(np.asarray(result, dtype=float)).any())


@pytest.mark.parametrize("name, args, kwargs", [c for c in ALL if c[0] not in DEFINED_ANYWAY
                                                and "confidence" not in c[2]],
                         ids=lambda v: v if isinstance(v, str) else "")
def test_undefined_on_a_summary_is_nan_with_one_warning_at_the_callers_line(name, args, kwargs):
    y, s = NEGATIVES_ONLY
    counts = ec.ScoreCounts.from_arrays(y, s)
    method = getattr(counts, name)
    function = getattr(ec, name)
    from_summary = one_warning_at_this_line(lambda: method(*args, **kwargs))
    from_rows = one_warning_at_this_line(lambda: function(y, s, *args, **kwargs))
    assert holds_nan(from_summary)
    same(from_summary, from_rows)


#: Defined on no rows at all: the counts, zero; and a capacity needs k cases.
COUNTS_OF_NOTHING = {"confusion_matrix_at", "confusion_matrix_at_thresholds",
                     "counts_at_capacity"}


@pytest.mark.parametrize("name, args, kwargs", [c for c in ALL if c[0] not in COUNTS_OF_NOTHING
                                                and "confidence" not in c[2]],
                         ids=lambda v: v if isinstance(v, str) else "")
@pytest.mark.parametrize("weighted", [False, True])
def test_the_empty_summary_is_undefined_with_one_warning(name, args, kwargs, weighted):
    """No rows (the summary of an empty chunk): every metric is undefined, said once; a
    curve with no point of its own is left with its fixed end (the PR curve's (0, 1))."""
    empty = ec.ScoreCounts.empty(weighted=weighted)
    result = one_warning_at_this_line(lambda: getattr(empty, name)(*args, **kwargs))
    curve = isinstance(result, tuple) and all(isinstance(f, np.ndarray) for f in result)
    assert holds_nan(result) or curve and max(len(f) for f in result) <= 1, result


def test_the_counts_of_an_empty_summary_are_zero():
    empty = ec.ScoreCounts.empty()
    assert empty.confusion_matrix_at(0.5) == ec.ConfusionMatrix(tp=0, fp=0, fn=0, tn=0)
    assert [len(field) for field in empty.confusion_matrix_at_thresholds()] == [0] * 5
    with pytest.raises(ValueError, match="k must be an integer between 1 and 0"):
        empty.counts_at_capacity(k=1)


def test_the_deprecation_warning_of_the_achievable_curve_points_at_the_caller():
    counts = ec.ScoreCounts.from_arrays([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    for call in (lambda: counts.achievable_pr_curve(),
                 lambda: ec.achievable_pr_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])):
        with pytest.warns(FutureWarning, match="hull=True") as caught:
            call()
        assert caught[0].filename == __file__


# ------------------------------------------------------------------------------------- refusals

COUNTS = ec.ScoreCounts.from_arrays([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
SCORES = [0.1, 0.4, 0.35, 0.8]


@pytest.mark.parametrize("name", sorted({name for name, _, _ in ALL}))
def test_an_array_function_given_a_summary_names_the_method(name):
    function = getattr(ec, name)
    required = {p.name: {"threshold": 0.5, "max_fpr": 0.5, "min_precision": 0.5, "k": 1,
                         "cost_fp": 1.0, "cost_fn": 1.0, "probability_cost": [0.5],
                         "threshold_probability": 0.2}[p.name]
                for p in list(inspect.signature(function).parameters.values())[2:]
                if p.default is p.empty}
    # partial_auc needs a region, which it checks before the data
    region = {"max_fpr": 0.5} if name == "partial_auc" else {}
    for where in ("y_true", "y_score"):
        arrays = (COUNTS, SCORES) if where == "y_true" else ([0, 0, 1, 1], COUNTS)
        with pytest.raises(TypeError, match=rf"^{name}\(\) takes arrays; {where} is a "
                                            rf"ScoreCounts, which has the method: "
                                            rf"counts\.{name}\(") as error:
            function(*arrays, **required, **region)
        for option in required:           # the call to make shows what the method needs
            assert option in str(error.value).rpartition("counts.")[2]


@pytest.mark.parametrize("name, call", [
    ("plot_roc", lambda: ec.plot_roc(COUNTS, SCORES)),
    ("plot_pr", lambda: ec.plot_pr(COUNTS, SCORES)),
    ("plot_roc_hull", lambda: ec.plot_roc_hull(COUNTS, SCORES)),
    ("plot_decision_curve", lambda: ec.plot_decision_curve(COUNTS, SCORES)),
    ("bootstrap_ci", lambda: ec.bootstrap_ci(COUNTS, SCORES, ec.roc_auc)),
    ("auc_permutation_test", lambda: ec.auc_permutation_test(COUNTS, SCORES)),
    ("delong_test", lambda: ec.delong_test(COUNTS, SCORES, [0.2, 0.1, 0.3, 0.9])),
    ("paired_permutation_test",
     lambda: ec.paired_permutation_test(COUNTS, SCORES, [0.2, 0.1, 0.3, 0.9])),
], ids=lambda v: v if isinstance(v, str) else "")
def test_functions_with_no_method_say_they_need_the_rows(name, call):
    with pytest.raises(TypeError, match=rf"^{name}\(\) needs the rows .*: y_true is a "
                                        rf"ScoreCounts"):
        call()


def test_methods_that_need_the_rows_say_so():
    with pytest.raises(TypeError, match="resamples the rows"):
        COUNTS.roc_auc_ci(method="bootstrap")
    with pytest.raises(TypeError, match="compares the rows' pairs"):
        COUNTS.roc_auc(method="pairs")
    with pytest.raises(ValueError, match="method must be one of"):
        COUNTS.roc_auc_ci(method="Delong")


@pytest.mark.parametrize("call, argument", [
    (lambda: ec.roc_auc([0, 1]), "y_score"),
    (lambda: ec.confusion_matrix_at([0, 1], [0.2, 0.7]), "threshold"),
    (lambda: ec.threshold_at_fpr([0, 1], [0.2, 0.7]), "max_fpr"),
    (lambda: ec.threshold_at_precision([0, 1], [0.2, 0.7]), "min_precision"),
    (lambda: ec.counts_at_capacity([0, 1], [0.2, 0.7]), "k"),
    (lambda: COUNTS.confusion_matrix_at(), "threshold"),
    (lambda: COUNTS.threshold_at_fpr(), "max_fpr"),
    (lambda: COUNTS.threshold_at_precision(), "min_precision"),
    (lambda: COUNTS.counts_at_capacity(), "k"),
])
def test_required_options_are_required(call, argument):
    with pytest.raises(TypeError, match=f"'{argument}'"):
        call()


@pytest.mark.parametrize("call, error, match", [
    (lambda: COUNTS.confusion_matrix_at(None), TypeError, "threshold must be a real number"),
    (lambda: ec.confusion_matrix_at([0, 1], [0.2, 0.7], None), TypeError,
     "threshold must be a real number"),
    (lambda: COUNTS.threshold_at_fpr(None), TypeError, "max_fpr must be a real number"),
    (lambda: ec.threshold_at_fpr([0, 1], [0.2, 0.7], None), TypeError,
     "max_fpr must be a real number"),
    (lambda: COUNTS.threshold_at_precision(1.5), ValueError, "min_precision must lie in"),
    (lambda: COUNTS.partial_auc(), TypeError, "partial_auc needs a region"),
    (lambda: COUNTS.counts_at_capacity(k=5), ValueError, "k must be an integer between 1 and 4"),
    (lambda: COUNTS.interpolated_pr_curve(num=-1), ValueError, "num"),
    (lambda: COUNTS.cost_lines(probability_cost=[2.0]), ValueError, "probability_cost"),
    (lambda: ec.ScoreCounts.from_arrays([0, 1], [-1.0, 2.0]).decision_curve(), ValueError,
     r"y_score must hold probabilities in \[0, 1\]"),
])
def test_the_methods_check_their_options_as_the_functions_do(call, error, match):
    with pytest.raises(error, match=match):
        call()
