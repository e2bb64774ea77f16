"""Subgroups: by_group (evalcore/decisions/subgroups.py).

Oracles: fairlearn's MetricFrame on the same data (per-group values); every row recounted by
hand with Python loops (tests/reference.py) and statsmodels' Wilson interval; the interval's
coverage per group by simulation (one call, one group per replicate); scikit-learn's AUC per
group; the case bootstrap of ``bootstrap_ci`` on a group's cases alone. Identities
(hypothesis): the overall row is the metric on all cases; renaming the groups permutes the
rows. The chapter's own numbers are checked in tests/chapters/test_25_subgroups.py."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from fairlearn.metrics import (MetricFrame, false_negative_rate, false_positive_rate,
                               selection_rate, true_negative_rate)
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import accuracy_score, precision_score, recall_score, roc_auc_score
from statsmodels.stats.proportion import proportion_confint

import evalcore as ec

from helpers import subgroup_data
from reference import rows_by_hand
from strategies import labelled_scores


def _recorded(function, *args, **kwargs):
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        result = function(*args, **kwargs)
    return result, [w for w in said if issubclass(w.category, ec.UndefinedMetricWarning)]


# ------------------------------------------------------------------------------------ fairlearn

FAIRLEARN = {
    "tpr": recall_score, "fpr": false_positive_rate, "tnr": true_negative_rate,
    "fnr": false_negative_rate, "selection_rate": selection_rate, "accuracy": accuracy_score,
    "ppv": lambda y, p: precision_score(y, p, zero_division=np.nan),
}


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("name", sorted(FAIRLEARN))
def test_rates_per_group_are_fairlearn_metricframe(name, seed):
    y, s, g = subgroup_data(seed)
    pred = (s >= 0.6).astype(int)
    frame = MetricFrame(metrics=FAIRLEARN[name], y_true=y, y_pred=pred, sensitive_features=g)
    ours = ec.by_group(name, y, pred, g)
    assert ours.groups.tolist() == frame.by_group.index.tolist()
    np.testing.assert_allclose(ours.value, frame.by_group.to_numpy(dtype=float), rtol=1e-12)
    assert ours.overall.value == pytest.approx(frame.overall, rel=1e-12)
    assert ours.gap() == pytest.approx(frame.difference(), rel=1e-12, abs=1e-15)
    # the same through scores and a threshold
    np.testing.assert_array_equal(ec.by_group(name, y, s, g, threshold=0.6).value, ours.value)


def test_auc_per_group_is_sklearns_and_fairlearns():
    y, s, g = subgroup_data(4)
    frame = MetricFrame(metrics=roc_auc_score, y_true=y, y_pred=s, sensitive_features=g)
    ours = ec.by_group("auc", y, s, g, interval=None)
    np.testing.assert_allclose(ours.value, frame.by_group.to_numpy(dtype=float), rtol=1e-12)
    assert ours.overall.value == pytest.approx(roc_auc_score(y, s), rel=1e-12)
    assert ours.method == "none" and np.isnan(ours.low).all()


# -------------------------------------------------------------------------------------- by hand

@pytest.mark.parametrize("name", ["tpr", "fpr", "ppv", "npv", "prevalence", "selection_rate"])
def test_rows_by_hand_with_statsmodels_wilson(name):
    y, s, g = subgroup_data(5, n=300)
    pred = (s >= 0.8).astype(int)
    ours = ec.by_group(name, y, pred, g, level=0.9)
    frame = ours.to_frame()
    hand = rows_by_hand(y, pred, g, name)
    assert frame["group"].tolist() == sorted(hand) + ["overall"]
    for i, group in enumerate(sorted(hand)):
        n, positives, value, k, m = hand[group]
        assert (ours.n[i], ours.positives[i]) == (n, positives)
        assert ours.value[i] == pytest.approx(value, rel=1e-15)
        low, high = proportion_confint(k, m, alpha=0.1, method="wilson")
        assert (ours.low[i], ours.high[i]) == (pytest.approx(low, abs=1e-12),
                                               pytest.approx(high, abs=1e-12))
        assert frame.loc[i, name] == ours.value[i] and frame.loc[i, "method"] == "Wilson"
    assert frame.iloc[-1]["n"] == y.size and frame.iloc[-1]["positives"] == y.sum()


def test_wilson_coverage_per_group_by_simulation():
    """1,000 replicates of three group sizes, each replicate one group of one call: the
    share of intervals that hold the true TPR is near 95% for every size."""
    rng = np.random.default_rng(7)
    true_tpr, reps = 0.8, 1000
    for size in (15, 60, 300):
        group = np.repeat(np.arange(reps), size)
        y = np.ones(group.size, dtype=int)
        y[::size] = 0                                     # one negative per replicate
        pred = np.where(y == 1, rng.uniform(size=y.size) < true_tpr, 0).astype(int)
        tpr = ec.by_group("tpr", y, pred, group)
        covered = np.mean((tpr.low <= true_tpr) & (true_tpr <= tpr.high))
        # Wilson's actual coverage for n = 14, 59, 299 at p = 0.8 lies in [0.92, 0.97];
        # 1,000 replicates add a standard error of about 0.007
        assert 0.90 <= covered <= 0.985, (size, covered)


# ------------------------------------------------------------------------------------ bootstrap

def test_bootstrap_interval_of_a_group_is_bootstrap_ci_on_its_cases():
    y, s, g = subgroup_data(6)
    with pytest.warns(ec.UndefinedMetricWarning, match="in group 'z': .* 6 of 300 resamples"):
        ours = ec.by_group("auc", y, s, g, n_boot=300, random_state=3)
    first = g == ours.groups[0]
    alone = ec.bootstrap_ci(y[first], s[first], ec.roc_auc, n_boot=300, random_state=3)
    assert (ours.low[0], ours.value[0], ours.high[0]) == pytest.approx(
        (alone.low, alone.estimate, alone.high), rel=1e-12)
    assert ours.method.startswith("bootstrap percentile")
    with pytest.warns(ec.UndefinedMetricWarning):
        again = ec.by_group("auc", y, s, g, n_boot=300, random_state=3)
    np.testing.assert_array_equal(again.low, ours.low)


def test_callable_metric_per_group():
    y, s, g = subgroup_data(8)
    p = 1 / (1 + np.exp(-s))
    bias = ec.by_group(lambda t, q: float(np.mean(q) - np.mean(t)), y, p, g, interval=None)
    for i, group in enumerate(bias.groups):
        mask = g == group
        assert bias.value[i] == pytest.approx(p[mask].mean() - y[mask].mean(), rel=1e-12)
    assert bias.metric == "<lambda>"


def test_rate_with_bootstrap_interval():
    y, s, g = subgroup_data(9)
    pred = (s >= 0.5).astype(int)
    with pytest.warns(ec.UndefinedMetricWarning, match="TPR by group: in group 'z'"):
        boot = ec.by_group("tpr", y, pred, g, interval="bootstrap", n_boot=200,
                           random_state=0)
    wilson = ec.by_group("tpr", y, pred, g)
    np.testing.assert_allclose(boot.value, wilson.value, rtol=1e-15)
    assert np.all(boot.low <= boot.value) and np.all(boot.value <= boot.high)


# ------------------------------------------------------------------------------------ undefined

def test_group_without_positives_gives_nan_and_one_warning():
    y = [0, 0, 0, 1, 1, 0, 0, 0]
    pred = [0, 1, 0, 1, 0, 0, 1, 0]
    g = ["a", "a", "a", "b", "b", "b", "c", "c"]
    tpr, said = _recorded(ec.by_group, "tpr", y, pred, g)
    assert len(said) == 1
    assert "groups 'a', 'c'" in str(said[0].message) and "no positives" in str(said[0].message)
    assert np.isnan(tpr.value[[0, 2]]).all() and np.isnan(tpr.low[[0, 2]]).all()
    assert tpr.value[1] == 0.5 and tpr.overall.value == 0.5
    gap, said = _recorded(ec.equalized_odds_gap, y, pred, g)
    assert math.isnan(gap) and len(said) == 1
    assert "equalised odds gap is undefined" in str(said[0].message)


def test_auc_in_a_group_with_one_class_gives_nan_and_one_warning():
    y = [0, 0, 1, 1, 0, 1]
    s = [0.1, 0.2, 0.3, 0.9, 0.4, 0.8]
    g = [1, 1, 1, 1, 2, 2]
    auc, said = _recorded(ec.by_group, "auc", y, s, g, interval=None)
    assert auc.value[0] == 1.0 and auc.value[1] == 1.0
    auc, said = _recorded(ec.by_group, "auc", y, s, [1, 1, 2, 2, 1, 2], n_boot=50,
                          random_state=0)
    assert len(said) == 1 and "in group 2" in str(said[0].message)
    assert math.isnan(auc.value[1])


def test_no_warning_when_everything_is_defined():
    y, s, g = subgroup_data(10)
    _, said = _recorded(ec.by_group, "tpr", y, s, g, threshold=0.0)
    assert said == []


# ------------------------------------------------------------------------------------ bad input

@pytest.mark.parametrize("kwargs, error, match", [
    ({"metric": "recall"}, ValueError, "metric must be one of"),
    ({"metric": 3}, TypeError, "metric must be a callable"),
    ({"groups": ["a", "b"]}, ValueError, "same length"),
    ({"groups": [["a"], ["b"], ["a"], ["b"]]}, ValueError, "groups must be 1-D"),
    ({"groups": []}, ValueError, "groups is empty"),
    ({"groups": ["a", None, "a", "b"]}, ValueError, "groups holds missing values"),
    ({"metric": "auc", "threshold": 0.5}, ValueError, "leave threshold=None"),
    ({"metric": "auc", "interval": "wilson"}, ValueError, "interval='wilson' is for a rate"),
    ({"interval": "delong"}, ValueError, "interval must be one of"),
    ({"level": 1.0}, ValueError, "level"),
    ({"threshold": math.nan}, ValueError, "threshold must not be NaN"),
    ({"metric": lambda y, s: "high"}, TypeError, "metric must return a real number"),
])
def test_bad_input_is_refused(kwargs, error, match):
    arguments = {"metric": "tpr", "y_true": [0, 1, 0, 1], "y_score_or_pred": [0.1, 0.7, 0.4, 0.8],
                 "groups": ["a", "a", "b", "b"], "threshold": 0.5}
    if kwargs.get("metric") not in (None, "tpr") and "threshold" not in kwargs:
        arguments["threshold"] = None
    arguments.update(kwargs)
    metric = arguments.pop("metric")
    y, s, g = arguments.pop("y_true"), arguments.pop("y_score_or_pred"), arguments.pop("groups")
    with pytest.raises(error, match=match):
        ec.by_group(metric, y, s, g, **arguments)


def test_a_group_called_overall_keeps_its_name():
    frame = ec.by_group("tpr", [1, 1, 0, 1], [1, 0, 0, 1], ["overall", "b", "b", "b"]).to_frame()
    assert frame["group"].tolist() == ["b", "overall", "all groups"]


# ----------------------------------------------------------------------------------- identities

@settings(max_examples=60, deadline=None)
@given(labelled_scores(max_size=30), st.integers(1, 4), st.data())
def test_overall_row_is_the_metric_on_all_cases(ys, k, data):
    y, s = ys
    g = np.array(data.draw(st.lists(st.integers(0, k - 1), min_size=y.size,
                                    max_size=y.size)))
    threshold = float(np.median(s))
    pred = (s >= threshold).astype(int)
    matrix = ec.confusion_matrix(y, pred)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        for name, expected in (("tpr", matrix.tpr), ("fpr", matrix.fpr),
                               ("selection_rate", pred.mean()), ("prevalence", y.mean())):
            row = ec.by_group(name, y, s, g, threshold=threshold, interval=None).overall
            assert row.value == pytest.approx(expected, rel=1e-15)
            assert (row.n, row.positives) == (y.size, y.sum())
        auc = ec.by_group("auc", y, s, g, interval=None).overall.value
    assert auc == pytest.approx(ec.roc_auc(y, s), rel=1e-12)


@settings(max_examples=60, deadline=None)
@given(labelled_scores(max_size=30), st.permutations(["p", "q", "r"]), st.data())
def test_renaming_the_groups_permutes_the_rows(ys, names, data):
    y, s = ys
    g = np.array(data.draw(st.lists(st.sampled_from(["p", "q", "r"]), min_size=y.size,
                                    max_size=y.size)))
    renamed = np.vectorize(dict(zip(["p", "q", "r"], names)).get)(g)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        before = ec.by_group("fpr", y, s, g, threshold=2.0)
        after = ec.by_group("fpr", y, s, renamed, threshold=2.0)
    position = {name: i for i, name in enumerate(after.groups.tolist())}
    mapping = dict(zip(["p", "q", "r"], names))
    for i, name in enumerate(before.groups.tolist()):
        j = position[mapping[name]]
        for field in ("n", "positives", "value", "low", "high"):
            np.testing.assert_array_equal(getattr(before, field)[i], getattr(after, field)[j])
    assert before.overall == after.overall or np.isnan(before.overall.value)
