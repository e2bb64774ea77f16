"""evalcore's fast kernels against ``evalcore.reference``, the readable definitions it ships.

Each property draws labels, scores and (sometimes) weights, and asks evalcore and the
reference for the same number: the AUC (the pairs), the counts at every threshold (one sort
and a cumulative sum), the confusion matrix at one threshold (one case at a time), average
precision (the step sum) and DeLong's variance (the placement values). The scores are float64
(any magnitude, signed zeros), float32, int64 (beyond 2**53 too) or int8, half the time drawn
from a pool of a few values so that they tie heavily. Where evalcore counts in integers (no
weights: U, the counts) the numbers must be equal; with weights or a division of sums, equal
to 1e-12 relative. Not drawn: the covariance matrix of k AUCs (``delong_test_many``) against
``delong_covariance``, on k correlated classifiers with and without ties.
"""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec
import evalcore.reference as ref
from helpers import correlated_scores

INT64 = np.iinfo(np.int64)
RTOL = 1e-12

#: The values each dtype's scores are drawn from: the edges of the type, signed zeros,
#: neighbours that float64 would merge, ordinary values.
ELEMENTS = {
    np.float64: st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from([-2.0, -0.0, 0.0, 5e-324, 0.1, 0.5, 1.0, 1.7976931348623157e308]),
    np.float32: st.floats(width=32, allow_nan=False, allow_infinity=False)
    | st.sampled_from([-0.0, 0.0, 1e-45, 0.25, 0.5, 3.4028235e38]),
    np.int64: st.integers(-5, 5) | st.integers(INT64.min, INT64.max)
    | st.sampled_from([INT64.min, 2**53, 2**53 + 1, 2**60, 2**60 + 1, INT64.max]),
    np.int8: st.integers(-128, 127),
}
DTYPES = sorted(ELEMENTS, key=lambda dtype: np.dtype(dtype).name)
#: Weights: zeros, small integers, and floats whose ratios float64 holds (evalcore's curves
#: rescale the weights, and a weight 2**-1074 times another rounds to 0 there).
WEIGHTS = st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.0]) | st.floats(1e-3, 10)


@st.composite
def scored(draw, *, weighted: bool | None = None, min_per_class: int = 1):
    """(y, s, w): 0/1 labels with ``min_per_class`` of each class at least, scores of one of
    the DTYPES, and weights (each class weighing more than 0) or None."""
    dtype = draw(st.sampled_from(DTYPES))
    n = draw(st.integers(2 * min_per_class, 40))
    values = ELEMENTS[dtype]
    if draw(st.booleans()):                       # a few distinct values: heavy ties
        values = st.sampled_from(draw(st.lists(values, min_size=1, max_size=4)))
    s = np.array(draw(st.lists(values, min_size=n, max_size=n)), dtype=dtype)
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    y[:min_per_class], y[n - min_per_class:] = 0, 1
    if weighted is None:
        weighted = draw(st.booleans())
    w = None
    if weighted:
        w = np.array(draw(st.lists(WEIGHTS, min_size=n, max_size=n)))
        w[0], w[-1] = draw(st.floats(0.5, 10)), draw(st.floats(0.5, 10))   # both classes
    return y, s, w


def equal_or_close(ours, theirs, weighted):
    """Equal without weights (integer counts), to 1e-12 relative with them."""
    if weighted:
        np.testing.assert_allclose(ours, theirs, rtol=RTOL, atol=0)
    else:
        np.testing.assert_array_equal(ours, theirs)


def exact(values) -> np.ndarray:
    """Values of any real dtype as long doubles, which hold float32, float64 and int64
    values exactly on the platforms the tests run on."""
    return np.asarray(values).astype(np.longdouble)


# ----------------------------------------------------------------------------- the AUC

@settings(max_examples=200, deadline=None)
@given(scored())
def test_roc_auc_is_the_share_of_pairs_ordered_right(case):
    y, s, w = case
    pairs = ref.auc_pairs(y, s, w)
    for method in ("rank", "trapezoid"):
        equal_or_close(ec.roc_auc(y, s, method=method, sample_weight=w), pairs, w is not None)
    equal_or_close(ec.ScoreCounts.from_arrays(y, s, sample_weight=w).roc_auc(), pairs,
                   w is not None)


@settings(max_examples=100, deadline=None)
@given(scored(weighted=False))
def test_roc_auc_is_the_rank_formula(case):
    y, s, _ = case
    if s.dtype == np.int64 and np.abs(s).max() >= 2**53:
        s = np.unique(s, return_inverse=True)[1]          # auc_ranks reads float64: same order
    assert ec.roc_auc(y, s) == pytest.approx(ref.auc_ranks(y, s), rel=RTOL, abs=0)


# ------------------------------------------------------------------ counts at thresholds

@settings(max_examples=200, deadline=None)
@given(scored())
def test_the_counts_at_every_threshold_are_one_sort_and_a_cumulative_sum(case):
    y, s, w = case
    thresholds, tp, fp = ref.counts_at_thresholds(y, s, w)
    table = ec.confusion_matrix_at_thresholds(y, s, sample_weight=w)
    np.testing.assert_array_equal(exact(table.thresholds), exact(thresholds))
    equal_or_close(table.tp, tp, w is not None)
    equal_or_close(table.fp, fp, w is not None)
    equal_or_close(table.fn, tp[-1] - tp, w is not None)
    equal_or_close(table.tn, fp[-1] - fp, w is not None)
    # the summary holds the same counts per distinct score, lowest first
    counts = ec.ScoreCounts.from_arrays(y, s, sample_weight=w)
    np.testing.assert_array_equal(exact(counts.values[::-1]), exact(thresholds))
    equal_or_close(np.cumsum(counts.positives[::-1]), tp, w is not None)
    equal_or_close(np.cumsum(counts.negatives[::-1]), fp, w is not None)
    # and the ROC curve is their rates, after the start (0, 0) at inf
    roc = ec.roc_curve(y, s, sample_weight=w)
    assert roc.thresholds[0] == np.inf and roc.tpr[0] == roc.fpr[0] == 0
    np.testing.assert_array_equal(exact(roc.thresholds[1:]), exact(thresholds))
    np.testing.assert_allclose(roc.tpr[1:], tp / tp[-1], rtol=RTOL, atol=0)
    np.testing.assert_allclose(roc.fpr[1:], fp / fp[-1], rtol=RTOL, atol=0)


@st.composite
def scored_with_threshold(draw):
    """(y, s, w, threshold, rule): the threshold a score, a neighbour of one in the scores'
    own type (one ulp, or 1 for integers), or ±inf."""
    y, s, w = draw(scored())
    value = s[draw(st.integers(0, s.size - 1))]
    step = draw(st.sampled_from([-1, 0, 1]))
    if np.issubdtype(s.dtype, np.integer):
        info = np.iinfo(s.dtype)
        threshold = s.dtype.type(min(max(int(value) + step, int(info.min)), int(info.max)))
    elif step:
        with np.errstate(over="ignore"):              # past the largest float: inf
            threshold = np.nextafter(value, s.dtype.type(step * np.inf))
    else:
        threshold = value
    threshold = draw(st.sampled_from([threshold, threshold, np.inf, -np.inf]))
    return y, s, w, threshold, draw(st.sampled_from([">=", ">"]))


@settings(max_examples=200, deadline=None)
@given(scored_with_threshold())
def test_the_confusion_matrix_at_a_threshold_counts_one_case_at_a_time(case):
    y, s, w, threshold, rule = case
    cm = ec.confusion_matrix_at(y, s, threshold, rule=rule, sample_weight=w)
    counts = ref.confusion_counts(y, s, threshold, rule, w)
    equal_or_close([cm.tp, cm.fp, cm.fn, cm.tn], list(counts), w is not None)
    # the same counts from 0/1 predictions
    called = ec.predict(s, threshold, rule=rule)
    assert list(ref.confusion_counts(y, called, sample_weight=w)) == list(counts)


# --------------------------------------------------------------------- average precision

@settings(max_examples=200, deadline=None)
@given(scored())
def test_average_precision_is_the_step_sum(case):
    y, s, w = case
    ap = ec.average_precision(y, s, sample_weight=w)
    assert ap == pytest.approx(ref.average_precision(y, s, w), rel=RTOL, abs=0)


# -------------------------------------------------------------------------------- DeLong

@settings(max_examples=200, deadline=None)
@given(scored(weighted=False, min_per_class=2))
def test_delong_variance_is_that_of_the_placement_values(case):
    y, s, _ = case
    variance = ref.delong_variance(y, s)
    assert ec.delong_variance(y, s) == pytest.approx(variance, rel=RTOL, abs=0)
    v10, v01 = ref.placements(y, s)
    assert v10.mean() == pytest.approx(ec.roc_auc(y, s), rel=RTOL, abs=0)
    assert v01.mean() == pytest.approx(ec.roc_auc(y, s), rel=RTOL, abs=0)


@settings(max_examples=100, deadline=None)
@given(scored(weighted=False, min_per_class=2), st.data())
def test_delong_variance_reads_integer_weights_as_copies(case, data):
    y, s, _ = case
    copies = np.array(data.draw(st.lists(st.integers(1, 4), min_size=y.size, max_size=y.size)))
    counts = ec.ScoreCounts.from_arrays(y, s, sample_weight=copies)
    variance = ref.delong_variance(np.repeat(y, copies), np.repeat(s, copies))
    assert counts.delong_variance() == pytest.approx(variance, rel=RTOL, abs=0)


@pytest.mark.parametrize("seed, k, ties", [(0, 3, False), (1, 4, True), (2, 5, True)])
def test_the_covariance_is_deLongs_by_its_definition(seed, k, ties):
    y, scores = correlated_scores(50, k, np.random.default_rng(seed), ties=ties)
    result = ec.delong_test_many(y, *scores)
    np.testing.assert_allclose(result.covariance, ref.delong_covariance(y, scores),
                               rtol=1e-12, atol=1e-15)
    np.testing.assert_array_equal(result.aucs, [ref.auc_pairs(y, s) for s in scores])
    # the diagonal: each classifier's own DeLong variance
    np.testing.assert_allclose(np.diag(result.covariance),
                               [ref.delong_variance(y, s) for s in scores], rtol=1e-12)


# ----------------------------------------------------------------------- the module itself

def test_the_reference_imports_nothing_from_evalcore():
    """An oracle that called the code it checks would check nothing."""
    tree = ast.parse(Path(ref.__file__).read_text())
    imported = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                if node.level > 0 or (node.module or "").startswith("evalcore")]
    imported += [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for alias in node.names if alias.name.startswith("evalcore")]
    assert not imported, imported


def test_the_reference_is_a_module_to_read_not_the_flat_api():
    """Its twins share evalcore's names (``average_precision``, ``delong_variance``) but are
    not evalcore's functions, and each says what it computes and what it costs."""
    assert "reference" not in ec.__all__
    for name in ref.__all__:
        function = getattr(ref, name)
        assert getattr(ec, name, None) is not function, name
        assert function.__doc__, name
        if not isinstance(function, type):
            assert "Cost:" in function.__doc__, name
