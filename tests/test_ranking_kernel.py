"""The counting kernel's paths (issue 21, speed and scale): float32 scores as uint32 keys,
integer scores as offsets from their minimum or counted per value, float64 keys, labels
read without a copy; each against a brute force written here (``np.unique`` on the scores in
their own dtype, counts by a loop over the groups) and the AUC against the pairwise
definition with exact fractions."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import evalcore as ec
from evalcore import _ranking, _validation

INT64 = np.iinfo(np.int64)
UINT64 = np.iinfo(np.uint64)


def brute_force_counts(y, s):
    """Distinct scores in their own dtype (-0.0 is 0.0) and each one's class counts."""
    y = np.asarray(y).astype(bool)
    s = np.asarray(s)
    if s.dtype.kind == "f":
        s = s + s.dtype.type(0)                     # -0.0 + 0.0 is +0.0
    values = np.unique(s)
    positives = np.array([int(np.sum(y[s == v])) for v in values], dtype=np.int64)
    negatives = np.array([int(np.sum(~y[s == v])) for v in values], dtype=np.int64)
    return values, positives, negatives


def exact_fraction(value):
    if isinstance(value, (np.integer, np.bool_)):
        return Fraction(int(value))
    return Fraction(*value.as_integer_ratio())          # numpy floats of every width


def pairwise_auc(y, s):
    """The AUC by its definition, exact: P(score_pos > score_neg) + P(tie) / 2."""
    y = np.asarray(y).astype(bool)
    s = np.asarray(s)
    pos, neg = s[y], s[~y]
    wins = sum(int(np.sum(p > neg)) * 2 + int(np.sum(p == neg)) for p in pos)
    return Fraction(wins, 2 * pos.size * neg.size)


def check_against_brute_force(y, s):
    counts = ec.ScoreCounts.from_arrays(y, s)
    values, positives, negatives = brute_force_counts(y, s)
    assert counts.positives.tolist() == positives.tolist()
    assert counts.negatives.tolist() == negatives.tolist()
    assert counts.values.dtype in (np.float64, np.longdouble)
    # the summary's values are the distinct scores, exactly
    assert [exact_fraction(v) for v in counts.values] == [exact_fraction(v) for v in values]
    if positives.sum() and negatives.sum():
        auc = ec.roc_auc(y, s)
        assert auc == float(pairwise_auc(y, s))
    return counts


float32_values = st.floats(width=32, allow_nan=False, allow_infinity=False,
                           allow_subnormal=True) | st.sampled_from(
    [0.0, -0.0, 1e-45, -1e-45, 1.1754942e-38, -1.1754942e-38, 3.4028235e38, -3.4028235e38,
     0.5, 0.5])
float64_values = st.floats(allow_nan=False, allow_infinity=False, allow_subnormal=True) | \
    st.sampled_from([0.0, -0.0, 5e-324, -5e-324, 1.7976931348623157e308,
                     -1.7976931348623157e308, 0.25])
int64_values = st.integers(INT64.min, INT64.max) | st.sampled_from(
    [INT64.min, INT64.min + 1, -1, 0, 1, INT64.max - 1, INT64.max, 2**53, 2**53 + 1])
uint64_values = st.integers(0, UINT64.max) | st.sampled_from(
    [0, 1, 2**63 - 1, 2**63, UINT64.max - 1, UINT64.max])


def scores_and_labels(dtype, elements):
    return st.integers(1, 60).flatmap(lambda n: st.tuples(
        hnp.arrays(np.bool_, n), hnp.arrays(dtype, n, elements=elements)))


@settings(max_examples=150, deadline=None)
@given(scores_and_labels(np.float32, float32_values))
def test_float32_keys_against_brute_force(case):
    y, s = case
    check_against_brute_force(y, s)
    # and as a float32 that was converted to float64 first (the old route): the same table
    wide = ec.ScoreCounts.from_arrays(y, s.astype(np.float64))
    narrow = ec.ScoreCounts.from_arrays(y, s)
    assert narrow.values.tobytes() == wide.values.tobytes()


@settings(max_examples=100, deadline=None)
@given(scores_and_labels(np.float64, float64_values))
def test_float64_keys_against_brute_force(case):
    check_against_brute_force(*case)


@settings(max_examples=40, deadline=None)
@given(scores_and_labels(np.float16, st.floats(width=16, allow_nan=False,
                                               allow_infinity=False)))
def test_float16_scores(case):
    check_against_brute_force(*case)


@settings(max_examples=150, deadline=None)
@given(scores_and_labels(np.int64, int64_values))
def test_int64_scores_near_the_limits(case):
    y, s = case
    counts = check_against_brute_force(y, s)
    # beyond 2**53 the values are long double (exact), as through the old float route
    old = _ranking.tie_groups(y.view(np.int8), _validation.exact_real(s, "y_score"),
                              np.ones(s.shape[0]))          # weights: the argsort route
    assert counts.values.dtype == old.values.dtype
    assert counts.positives.tolist() == old.positives.tolist()


@settings(max_examples=100, deadline=None)
@given(scores_and_labels(np.uint64, uint64_values))
def test_uint64_scores_near_the_limit(case):
    check_against_brute_force(*case)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32]).flatmap(
    lambda dtype: scores_and_labels(dtype, st.integers(np.iinfo(dtype).min,
                                                       np.iinfo(dtype).max))))
def test_small_integer_dtypes(case):
    check_against_brute_force(*case)


@settings(max_examples=30, deadline=None)
@given(scores_and_labels(np.bool_, st.booleans()))
def test_bool_scores(case):
    check_against_brute_force(*case)


@pytest.mark.parametrize("span", [100, 2**16 + 5, 2**31 + 7, 2**62])
@pytest.mark.parametrize("label_dtype", [np.bool_, np.int64, np.int8, np.float64])
def test_integer_paths_on_many_rows(span, label_dtype, monkeypatch):
    """Counting (small range, in chunks), uint32 and uint64 keys, on more rows than a
    chunk (patched small) and than the threaded sort's threshold."""
    monkeypatch.setattr(_ranking, "_CHUNK", 1000)
    rng = np.random.default_rng(span % 1000)
    n = 250_000
    s = rng.integers(-(span // 2), span // 2 + 1, n, dtype=np.int64)
    y = (rng.random(n) < 0.3).astype(label_dtype)
    counts = ec.ScoreCounts.from_arrays(y, s)
    values, inverse = np.unique(s, return_inverse=True)
    positives = np.bincount(inverse, weights=y.astype(bool), minlength=values.size)
    assert counts.positives.tolist() == positives.astype(np.int64).tolist()
    assert counts.negatives.tolist() == (np.bincount(inverse) - positives).astype(
        np.int64).tolist()
    assert [int(v) for v in counts.values] == values.tolist()
    # the AUC: the same as scikit-learn's where float64 keeps the scores apart
    if span < 2**53:
        from sklearn.metrics import roc_auc_score
        assert ec.roc_auc(y, s) == pytest.approx(roc_auc_score(y, s), abs=1e-12)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("ties", [False, True])
def test_float_paths_on_many_rows(dtype, ties, monkeypatch):
    """Both signs, -0.0, distinct and tied scores, past the threaded sort's threshold and
    with the AUC's blocks patched small: the table and the AUC of the rows."""
    monkeypatch.setattr(_ranking, "_CHUNK", 777)
    rng = np.random.default_rng(3)
    n = 300_000
    s = rng.normal(0, 1, n)
    if ties:
        s = np.round(s, 2)
    s = s.astype(dtype)
    s[:50] = -0.0
    s[50:100] = 0.0
    y = rng.random(n) < 1 / (1 + np.exp(-s.astype(np.float64)))
    counts = ec.ScoreCounts.from_arrays(y, s)
    values, inverse = np.unique(s + dtype(0), return_inverse=True)
    assert counts.values.tolist() == values.astype(np.float64).tolist()
    positives = np.bincount(inverse, weights=y, minlength=values.size).astype(np.int64)
    assert counts.positives.tolist() == positives.tolist()
    # the AUC from mid-ranks, computed here with scipy's rankdata on the rows
    from scipy.stats import rankdata
    ranks = rankdata(s.astype(np.float64))
    m, k = int(y.sum()), int((~y).sum())
    assert ec.roc_auc(y, s) == pytest.approx((ranks[y].sum() - m * (m + 1) / 2) / (m * k),
                                             rel=1e-13)


def test_tied_float32_are_equal_in_their_own_dtype():
    """Two float64 values that round to one float32 tie as float32 scores."""
    s32 = np.array([0.1, 0.1 + 1e-12, 0.7], dtype=np.float32)
    assert s32[0] == s32[1]
    counts = ec.ScoreCounts.from_arrays([0, 1, 1], s32)
    assert counts.positives.tolist() == [1, 1] and counts.negatives.tolist() == [1, 0]
    assert ec.roc_auc([0, 1, 1], s32) == 0.75


def test_bool_labels_are_read_in_place_and_not_written():
    y = np.array([True, False, True, False])
    label, score, _ = _validation.check_binary_scores(y, [0.1, 0.2, 0.3, 0.4],
                                                      keep_dtype=True)
    assert np.shares_memory(label, y) and not label.flags.writeable
    assert label.tolist() == [1, 0, 1, 0]
    flipped, _, _ = _validation.check_binary_scores(y, [0.1, 0.2, 0.3, 0.4], pos_label=False)
    assert flipped.tolist() == [0, 1, 0, 1]


@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.int8, np.bool_])
def test_keep_dtype_returns_the_scores_without_a_copy(dtype):
    s = np.array([1, 0, 1, 1], dtype=dtype)
    kept = _validation.check_scores(s, keep_dtype=True)
    assert kept is s or np.shares_memory(kept, s)
    assert _validation.check_scores(s).dtype == np.float64     # the default is unchanged


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16])
def test_non_finite_scores_are_refused_in_every_dtype(bad, dtype):
    s = np.array([0.1, bad, 0.3, bad], dtype=dtype)
    with pytest.raises(ValueError, match=r"y_score must be finite.*first at index 1, 2 in all"):
        ec.roc_auc([0, 1, 0, 1], s)


def test_weighted_float32_and_int_scores_take_the_general_path():
    """Weights need an argsort; the values still come back float64 or long double."""
    y = [0, 1, 1, 0, 1]
    w = [1.0, 2.0, 0.5, 1.0, 3.0]
    for s in (np.array([0.5, 0.25, 0.5, -0.0, 0.0], dtype=np.float32),
              np.array([2**60 + 1, 2**60, 2**60 + 1, 3, 3], dtype=np.int64)):
        counts = ec.ScoreCounts.from_arrays(y, s, sample_weight=w)
        wide = ec.ScoreCounts.from_arrays(y, _validation.exact_real(s, "y_score"),
                                          sample_weight=w)
        assert counts.values.tolist() == wide.values.tolist()
        assert counts.values.dtype == wide.values.dtype
        assert counts.positives.tolist() == wide.positives.tolist()
