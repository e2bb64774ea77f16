"""One result shape: intervals are read by name, curves unpack as ``x, y, thresholds``.

* Every interval result is a frozen dataclass whose fields begin with the estimate (named by
  what it is), then ``low``, ``high``, ``level`` and ``method``; it cannot be unpacked or
  indexed, so code written for another order fails with a TypeError instead of reading
  another field. ``BinnedBounds`` are certain bounds, not a confidence statement: estimate,
  ``low``, ``high``, and no level or method.
* A result with many parts nests them: a rate's interval is a ``RateInterval``.
* A curve with a field beyond its three arrays unpacks as exactly those three; the other is
  read by name.
* ``pandas.DataFrame([...])`` of intervals has their fields as columns.

References: the array functions (``ec.roc_curve``, ``ec.precision_recall_curve``,
``ec.roc_auc``), statsmodels' Wilson interval, and the values the results were built from.
"""

from __future__ import annotations

import dataclasses
import inspect

import numpy as np
import pandas as pd
import pytest

import evalcore as ec

SEVEN_Y = [0, 1, 0, 1, 1, 0, 0]
SEVEN_S = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]

#: Each interval result, from a call of the function that returns it.
INTERVALS = {
    "AucInterval": lambda: ec.roc_auc_ci(SEVEN_Y, SEVEN_S, level=0.9, method="logit"),
    "MetricInterval": lambda: ec.bootstrap_ci(SEVEN_Y, SEVEN_S, ec.roc_auc, level=0.9,
                                              n_boot=50, method="bca", stratified=True,
                                              random_state=0),
    "MetricDifference": lambda: ec.paired_bootstrap_ci(SEVEN_Y, SEVEN_S, SEVEN_S[::-1],
                                                       ec.roc_auc, level=0.9, n_boot=50,
                                                       stratified=True, random_state=0),
    "SensitivityInterval": lambda: ec.sensitivity_at_specificity(
        SEVEN_Y, SEVEN_S, 0.75, level=0.9, n_boot=50, random_state=0),
    "SpecificityInterval": lambda: ec.specificity_at_sensitivity(
        SEVEN_Y, SEVEN_S, [1.0, 2 / 3], level=0.9, n_boot=50, random_state=0),
    "RateInterval": lambda: ec.wilson_interval(3, 4, level=0.9),
    "NetBenefitInterval": lambda: ec.net_benefit_ci(SEVEN_Y, SEVEN_S, threshold_probability=0.3,
                                                    level=0.9, n_boot=50, random_state=0),
    "PredictionBias": lambda: ec.prediction_bias(SEVEN_Y, SEVEN_S, level=0.9),
}

#: What each says of its method: the caller's ``method`` where the function has one.
METHODS = {"AucInterval": "logit", "MetricInterval": "bca", "MetricDifference": "percentile",
           "SensitivityInterval": "percentile bootstrap",
           "SpecificityInterval": "percentile bootstrap", "RateInterval": "wilson",
           "NetBenefitInterval": "percentile bootstrap", "PredictionBias": "normal"}

#: The estimate's name in each.
ESTIMATES = {"AucInterval": "auc", "MetricInterval": "estimate",
             "MetricDifference": "difference", "SensitivityInterval": "sensitivity",
             "SpecificityInterval": "specificity", "RateInterval": "rate",
             "NetBenefitInterval": "net_benefit", "PredictionBias": "bias"}

#: Results of many parts, each part an interval read by name.
NESTED = {
    "OperatingPointInterval": lambda: ec.operating_point_ci(SEVEN_Y, SEVEN_S, 0.55, level=0.9,
                                                            n_boot=50, random_state=0),
    "PredictiveValuesInterval": lambda: ec.predictive_values_at_prevalence(
        SEVEN_Y, SEVEN_S, 0.1, threshold=0.55, level=0.9),
}


def public_classes():
    import evalcore.dask_evaluation as ecd

    names = [(ec, name) for name in ec.__all__] + [(ecd, name) for name in ecd.__all__]
    return {name: getattr(module, name) for module, name in names
            if inspect.isclass(getattr(module, name))}


def test_every_public_interval_is_listed_here():
    """An interval is a public class with ``low`` and ``high`` fields, apart from the tables
    (a curve's band, a group per row) and the tests' results (scipy's shape); every one of
    them is a frozen dataclass and is checked below."""
    tables = {"SmoothedReliabilityCurve", "GroupMetric", "GroupRow"}
    tests = {"AucComparison", "ResampledTTest"}     # statistic and pvalue first, as scipy's
    for name in tests:
        assert getattr(ec, name)._fields[:2] == ("statistic", "pvalue")
    with_bounds = {name for name, cls in public_classes().items()
                   if {"low", "high"} <= set(getattr(cls, "__annotations__", {}))}
    with_bounds -= tables | tests
    assert with_bounds == set(INTERVALS) | {"BinnedBounds"}
    for name in with_bounds | set(NESTED):
        cls = getattr(ec, name)
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, name


@pytest.mark.parametrize("name", INTERVALS)
def test_an_interval_has_the_rules_fields_first(name):
    result = INTERVALS[name]()
    assert type(result).__name__ == name
    fields = [field.name for field in dataclasses.fields(result)]
    assert fields[:5] == [ESTIMATES[name], "low", "high", "level", "method"]
    assert result.level == 0.9 and result.method == METHODS[name]
    assert repr(result).startswith(f"{name}({ESTIMATES[name]}=")


@pytest.mark.parametrize("name", [*INTERVALS, *NESTED])
def test_an_interval_cannot_be_unpacked_indexed_or_changed(name):
    result = {**INTERVALS, **NESTED}[name]()
    with pytest.raises(TypeError, match="cannot unpack|not iterable"):
        low, estimate, high = result
    with pytest.raises(TypeError, match="not subscriptable"):
        result[0]
    with pytest.raises(TypeError, match="not iterable"):
        list(result)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(result, dataclasses.fields(result)[1].name, 0.0)


def test_the_bounds_of_bins_are_certain_not_a_confidence_statement():
    bounds = ec.binned_auc(SEVEN_Y, SEVEN_S, edges=[0.3, 0.6])
    assert [field.name for field in dataclasses.fields(bounds)] == ["estimate", "low", "high"]
    assert bounds.low <= ec.roc_auc(SEVEN_Y, SEVEN_S) <= bounds.high
    assert bounds.width == bounds.high - bounds.low
    assert bounds.estimate == (bounds.low + bounds.high) / 2
    with pytest.raises(TypeError):
        estimate, low, high = bounds
    with pytest.raises(TypeError):
        bounds[1]


def test_the_parts_of_an_operating_point_are_rate_intervals():
    op = NESTED["OperatingPointInterval"]()
    assert [field.name for field in dataclasses.fields(op)] == [
        "threshold", "sensitivity", "specificity", "n_undefined"]
    called = np.asarray(SEVEN_S) >= 0.55
    truth = np.asarray(SEVEN_Y) == 1
    for part, expected in ((op.sensitivity, called[truth].mean()),
                           (op.specificity, (~called[~truth]).mean())):
        assert isinstance(part, ec.RateInterval)
        assert part.rate == expected and part.low <= part.rate <= part.high
        assert (part.level, part.method) == (0.9, "percentile bootstrap")


def test_the_predictive_values_nest_four_rates_each_with_its_own_level():
    from statsmodels.stats.proportion import proportion_confint

    r = NESTED["PredictiveValuesInterval"]()
    assert [field.name for field in dataclasses.fields(r)] == [
        "prevalence", "ppv", "npv", "tpr", "fpr"]
    assert all(isinstance(getattr(r, name), ec.RateInterval)
               for name in ("ppv", "npv", "tpr", "fpr"))
    # at 0.55 two of the three positives and one of the four negatives are called positive
    low, high = proportion_confint(2, 3, alpha=1 - np.sqrt(0.9), method="wilson")
    assert (r.tpr.rate, r.fpr.rate) == (2 / 3, 1 / 4)
    assert (r.tpr.low, r.tpr.high) == pytest.approx((low, high), abs=1e-12)
    assert (r.tpr.level, r.tpr.method) == (np.sqrt(0.9), "wilson")
    assert r.ppv.rate == pytest.approx(ec.ppv_at_prevalence(2 / 3, 1 / 4, 0.1), rel=1e-15)
    assert (r.ppv.level, r.ppv.method) == (0.9, "wilson via bayes")


def test_a_frame_of_intervals_has_their_fields_as_columns():
    intervals = [ec.roc_auc_ci(SEVEN_Y, SEVEN_S, method=method)
                 for method in ("delong", "logit", "newcombe")]
    frame = pd.DataFrame(intervals)
    assert list(frame.columns) == ["auc", "low", "high", "level", "method"]
    assert frame.method.tolist() == ["delong", "logit", "newcombe"]
    for row, interval in zip(frame.itertuples(index=False), intervals):
        assert (row.auc, row.low, row.high) == (interval.auc, interval.low, interval.high)
    assert dataclasses.asdict(intervals[0]) == dict(zip(frame.columns, frame.iloc[0]))
    nested = dataclasses.asdict(NESTED["OperatingPointInterval"]())
    assert nested["sensitivity"]["method"] == "percentile bootstrap"


# --- curves: three arrays, the rest by name ---------------------------------------------------

def three_arrays_and_the_rest(curve, names, extra):
    """``x, y, thresholds = curve`` gives the first three fields, and only those."""
    assert [field.name for field in dataclasses.fields(curve)] == [*names, extra]
    unpacked = list(curve)
    assert len(unpacked) == 3
    for value, name in zip(unpacked, names):
        assert value is getattr(curve, name)
    with pytest.raises(ValueError, match="not enough values"):
        a, b, c, d = curve
    with pytest.raises(TypeError, match="not subscriptable"):
        curve[3]


def test_a_binned_roc_curve_unpacks_as_fpr_tpr_thresholds():
    # one distinct score a bin: every point is the exact curve's, and every segment known
    edges = [0.15, 0.25, 0.35, 0.55, 0.65, 0.75]
    curve = ec.BinnedScoreCounts.from_arrays(SEVEN_Y, SEVEN_S, edges=edges).roc()
    three_arrays_and_the_rest(curve, ("fpr", "tpr", "thresholds"), "exact")
    fpr, tpr, thresholds = curve
    exact = ec.roc_curve(SEVEN_Y, SEVEN_S)
    np.testing.assert_array_equal(fpr, exact.fpr)
    np.testing.assert_array_equal(tpr, exact.tpr)
    np.testing.assert_array_equal(thresholds, exact.thresholds)
    assert curve.exact.all()


def test_the_dask_curves_unpack_as_the_in_memory_curves_do():
    da = pytest.importorskip("dask.array")
    from evalcore import dask_evaluation as ecd

    y, s = da.from_array(SEVEN_Y, chunks=3), da.from_array(SEVEN_S, chunks=3)
    roc = ecd.roc_curve(y, s)
    three_arrays_and_the_rest(roc, ("fpr", "tpr", "thresholds"), "auc")
    for got, expected in zip(roc, ec.roc_curve(SEVEN_Y, SEVEN_S)):
        np.testing.assert_array_equal(got, expected)
    assert roc.auc == ec.roc_auc(SEVEN_Y, SEVEN_S)
    pr = ecd.precision_recall_curve(y, s)
    three_arrays_and_the_rest(pr, ("precision", "recall", "thresholds"), "average_precision")
    for got, expected in zip(pr, ec.precision_recall_curve(SEVEN_Y, SEVEN_S)):
        np.testing.assert_array_equal(got, expected)
    assert pr.average_precision == pytest.approx(ec.average_precision(SEVEN_Y, SEVEN_S),
                                                 rel=1e-15)
