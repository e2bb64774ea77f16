"""evalcore/core/ranking.py, the one place that sorts scores: the counting kernel's paths
(float32 scores as uint32 keys, integer scores as offsets or counted per value, float64
keys, weights by a stable order of integer codes), each against a brute force written here
(``np.unique`` in the scores' own dtype, counts by a loop over the groups), the stable order
against numpy's stable argsort, the Mann-Whitney counts against the pairs
(evalcore.reference), large inputs against scikit-learn, and a forked child that ranks as
its parent."""

from __future__ import annotations

import math
import subprocess
import sys
import textwrap
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import evalcore as ec
from evalcore.core import float_keys, ranking as _ranking, validation as _validation
from evalcore.reference import auc_pairs, psi_table

from helpers import CASES, both_classes, close, draw_case, metrics


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
        assert auc == auc_pairs(y, s)
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


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([(np.float32, float32_values), (np.float64, float64_values)]).flatmap(
    lambda kind: st.tuples(st.just(kind[0]), scores_and_labels(*kind),
                           st.lists(st.integers(0, 60), max_size=4))))
def test_shared_keys_of_chunks_against_brute_force(case):
    """Chunks' keys (shared_float_keys) concatenated in any order give the groups of all the
    rows (the brute force), and a score's key cuts a chunk's sorted keys at its rank: the
    keys of the extreme values, subnormals and -0.0 included, compare alike across chunks."""
    dtype, (y, s), cuts = case
    label = y.astype(np.int8)
    edges = [0, *sorted(min(c, len(s)) for c in cuts), len(s)]
    chunks = [float_keys.shared_float_keys(label[a:b], s[a:b]) for a, b in zip(edges, edges[1:])]
    chunks.reverse()
    negative = np.concatenate([neg for neg, _ in chunks])
    other = np.concatenate([oth for _, oth in chunks])
    sorted_keys = np.sort(negative), np.sort(other)
    groups = _ranking.groups_from_shared_keys(negative, other, np.dtype(dtype))  # in place
    values, positives, negatives = brute_force_counts(y, s)
    assert [exact_fraction(v) for v in groups.values] == [exact_fraction(v) for v in values]
    assert groups.positives.tolist() == positives.tolist()
    assert groups.negatives.tolist() == negatives.tolist()
    for value in s[:5]:
        is_negative, key = float_keys.shared_float_key(value, np.dtype(dtype))
        side = sorted_keys[0] if is_negative else sorted_keys[1]
        below = np.count_nonzero((s < value) & ((s < 0) == is_negative))
        assert np.searchsorted(side, key) == below and is_negative == (value < 0)


# arrays of float16 are a small space: Hypothesis meets inputs it has already tried, counts
# them as filtered, and its filter health check failed about one run in six of this test
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
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


ORDERED_DTYPES = [
    (np.float64, float64_values | st.sampled_from([np.inf, -np.inf])),
    (np.float32, float32_values | st.sampled_from([np.inf, -np.inf])),
    (np.float16, st.floats(width=16, allow_nan=False)),
    (np.int64, int64_values), (np.uint64, uint64_values),
    (np.int32, st.integers(-2**31, 2**31 - 1)), (np.uint32, st.integers(0, 2**32 - 1)),
    (np.int8, st.integers(-128, 127)), (np.uint16, st.integers(0, 2**16 - 1)),
    (np.bool_, st.booleans()),
    (np.float64, st.sampled_from([np.nan, 0.5, -0.0, 0.0, 2.0])),       # NaN: numpy's order
    (np.longdouble, st.floats(allow_nan=False, allow_infinity=False)),
]


def few_values(dtype, elements):
    """Arrays of up to 80 scores, often tied: drawn from a pool of at most five values."""
    return st.tuples(st.integers(0, 80), st.lists(elements, min_size=1, max_size=5)).flatmap(
        lambda drawn: st.lists(st.sampled_from(drawn[1]), min_size=drawn[0],
                               max_size=drawn[0])).map(lambda v: np.array(v, dtype=dtype))


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(ORDERED_DTYPES).flatmap(lambda kind: st.one_of(
    few_values(*kind), st.integers(0, 80).flatmap(
        lambda n: hnp.arrays(kind[0], n, elements=kind[1])))))
def test_score_order_is_numpys_stable_argsort(score):
    """score_order sorts integer codes beside their rows (two passes for 64-bit codes): the
    order of numpy's stable argsort, ties in row order, for every dtype it codes (-0.0 tied
    with 0.0, subnormals, infinities and the extremes; integers at their limits; bools) and
    for those it leaves to numpy (NaN, long double)."""
    assert _ranking.score_order(score).tolist() == np.argsort(score, kind="stable").tolist()
    coded = float_keys.ordered_codes(score)
    if coded is not None:                   # the codes order as the scores, ties included
        codes, width = coded
        assert codes.dtype.itemsize * 8 == width
        assert ((codes[:, None] < codes[None, :]) == (score[:, None] < score[None, :])).all()
        assert ((codes[:, None] == codes[None, :]) == (score[:, None] == score[None, :])).all()


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
def test_score_order_on_many_tied_rows(dtype):
    """Past the small arrays of the property: 300,000 rows of 2,001 values, both signs."""
    rng = np.random.default_rng(3)
    values = rng.integers(-1000, 1001, 300_000)
    score = (values * (0.5 if dtype != np.int64 else 1)).astype(dtype)
    assert np.array_equal(_ranking.score_order(score), np.argsort(score, kind="stable"))


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


# -------------------------------------------------------------------- roc_auc without the table

def brute_force_twice_u(y, s):
    """Twice the Mann–Whitney U by its pairs: 2 per positive/negative pair ordered right,
    1 per tied pair (the ψ table of evalcore.reference, doubled: exact integers, the scores
    compared in their own dtype)."""
    table = psi_table(np.asarray(y).astype(bool), s)
    return int((2 * table).sum()), table.shape[0], table.shape[1]


def kernel_counts(y, s):
    label, score, _ = _validation.check_binary_scores(y, s, keep_dtype=True)
    return _ranking.mann_whitney_counts(label, score)


#: A few values per dtype, so that drawn scores tie heavily (both zeros, both signs).
TIED_POOLS = {
    np.float32: [-3.5, -1e-45, -0.0, 0.0, 1e-45, 0.25, 0.5, 3.4028235e38, -3.4028235e38],
    np.float64: [-2.0, -5e-324, -0.0, 0.0, 5e-324, 0.1, 0.5, 1.7976931348623157e308],
    np.int64: [INT64.min, -2**53 - 1, -1, 0, 1, 2**53 + 1, INT64.max],     # range 2**64
    np.uint64: [0, 1, 2**63, UINT64.max],
    np.int32: [-2**31, -70_000, 0, 70_000, 2**31 - 1],          # range >= 2**16: keys
    np.int8: [-128, -1, 0, 5, 127],                             # small range: counted
    np.bool_: [False, True],
}


def tied_scores_and_labels():
    def arrays(dtype):
        pool = st.sampled_from(TIED_POOLS[dtype])
        return st.integers(1, 70).flatmap(lambda n: st.tuples(
            hnp.arrays(np.bool_, n), hnp.arrays(dtype, n, elements=pool)))
    return st.sampled_from(sorted(TIED_POOLS, key=str)).flatmap(arrays)


@settings(max_examples=300, deadline=None)
@given(tied_scores_and_labels() | scores_and_labels(np.float32, float32_values)
       | scores_and_labels(np.float64, float64_values)
       | scores_and_labels(np.int64, int64_values),
       st.sampled_from([1, 2, 3, 5, 8, 2**16]))
def test_mann_whitney_counts_against_pairs(case, block):
    """2U, P and N of the kernel against the pairs, with blocks so small that tie groups
    straddle two or more of them; one class alone gives U = 0."""
    y, s = case
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_ranking, "_KEY_BLOCK", block)
        counts = kernel_counts(y, s)
    assert counts == brute_force_twice_u(y, s)
    assert all(type(c) is int for c in counts)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.booleans()), min_size=1, max_size=80),
       st.integers(1, 9))
def test_sorted_keys_with_groups_across_blocks(rows, block):
    """Keys written here (code << 1 | label, sorted): codes of a small range make groups
    longer than a block, beginning and ending inside blocks or on their edges."""
    codes = np.array([c for c, _ in rows], dtype=np.uint64)
    labels = np.array([b for _, b in rows])
    keys = np.sort((codes << np.uint64(1)) | labels.astype(np.uint64))
    pos, neg = codes[labels], codes[~labels]
    expected = (int(sum(2 * np.sum(p > neg) + np.sum(p == neg) for p in pos)),
                pos.size, neg.size)
    for dtype in (np.uint32, np.uint64):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(_ranking, "_KEY_BLOCK", block)
            assert _ranking.mann_whitney_from_sorted_keys(keys.astype(dtype)) == expected


@pytest.mark.parametrize("kind", [np.int64, object])
def test_doubled_midranks_are_twice_scipys_average_ranks(kind):
    """evalcore's one mid-rank against ``scipy.stats.rankdata(method="average")`` on the
    rows: exact integers, in the sizes' own integer dtype (Python integers for object)."""
    from scipy.stats import rankdata
    s = np.random.default_rng(7).integers(0, 40, 500)
    _, group, sizes = np.unique(s, return_inverse=True, return_counts=True)
    doubled = _ranking.doubled_midranks(sizes.astype(kind))
    assert doubled.dtype == np.dtype(kind)
    assert [int(v) for v in doubled[group]] == (2 * rankdata(s, method="average")).tolist()


@pytest.mark.parametrize("chunk", [1, 3, 7, 2**18])
def test_mann_whitney_of_a_table_read_in_chunks_against_pairs(chunk, monkeypatch):
    """2U from the tie groups' doubled mid-ranks, a chunk of groups at a time, against the
    pairs."""
    monkeypatch.setattr(_ranking, "_CHUNK", chunk)
    rng = np.random.default_rng(chunk)
    s = rng.integers(0, 25, 300)
    y = rng.random(300) < 0.4
    counts = ec.ScoreCounts.from_arrays(y, s)
    assert _ranking.mann_whitney_from_groups(counts) == brute_force_twice_u(y, s)


@pytest.mark.parametrize("kind", ["float32 distinct", "float32 mixed signs", "float64 grid",
                                  "float64 distinct", "int64 wide", "int64 beyond 2**63",
                                  "int32 keys", "int16 counted", "float16", "bool"])
@pytest.mark.parametrize("label_dtype", [np.bool_, np.int64])
def test_roc_auc_is_the_tables_auc_bit_for_bit(kind, label_dtype):
    """On random data past several blocks, ``roc_auc`` (no table) returns the float that
    ``auc_from_groups`` computes from the ScoreCounts table (the route before), bit for bit."""
    rng = np.random.default_rng(len(kind))
    n = 200_003
    logit = rng.normal(0.0, 1.5, n)
    y = (rng.random(n) < 1 / (1 + np.exp(-logit))).astype(label_dtype)
    s = {"float32 distinct": lambda: (1 / (1 + np.exp(-logit))).astype(np.float32),
         "float32 mixed signs": lambda: logit.astype(np.float32),
         "float64 grid": lambda: np.round(logit, 2),
         "float64 distinct": lambda: logit,
         "int64 wide": lambda: (logit * 2**60).astype(np.int64),
         "int64 beyond 2**63": lambda: np.where(logit > 0, INT64.max - 3, INT64.min + 7)
         - np.round(logit).astype(np.int64),
         "int32 keys": lambda: (logit * 2**28).astype(np.int32),
         "int16 counted": lambda: (logit * 100).astype(np.int16),
         "float16": lambda: logit.astype(np.float16),
         "bool": lambda: logit > 0.5}[kind]()
    table = _ranking.auc_from_groups(ec.ScoreCounts.from_arrays(y, s))
    auc = ec.roc_auc(y, s)
    assert np.float64(auc).tobytes() == np.float64(table).tobytes()
    assert ec.gini(y, s) == 2 * table - 1
    assert ec.roc_auc(y, s, method="trapezoid") == auc


def test_roc_auc_without_the_table_on_one_class_and_pos_label():
    with pytest.warns(ec.UndefinedMetricWarning) as caught:
        assert np.isnan(ec.roc_auc(np.ones(5, bool), np.arange(5, dtype=np.float32)))
    assert len(caught) == 1
    y = np.array(["a", "a", "b", "b"])          # scikit-learn's toy case: 0.75
    s = np.array([0.1, 0.4, 0.35, 0.8], dtype=np.float32)
    assert ec.roc_auc(y, s, pos_label="b") == 0.75
    assert ec.roc_auc(y, s, pos_label="a") == 0.25


SCRIPT = textwrap.dedent("""
    import multiprocessing as mp
    import numpy as np
    import evalcore as ec

    rng = np.random.default_rng(0)
    y, s = rng.integers(0, 2, 300_000), rng.random(300_000)   # one sign: one sort of 300k keys
    parent = ec.roc_auc(y, s)

    def child(queue):
        queue.put(ec.roc_auc(y, s))

    ctx = mp.get_context("fork")
    queue = ctx.Queue()
    process = ctx.Process(target=child, args=(queue,))
    process.start()
    process.join(60)
    if process.is_alive():
        process.kill()
        raise SystemExit("the forked child hung")
    assert queue.get(timeout=5) == parent
    print("ok")
""")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork is the Linux default")
def test_a_forked_child_ranks_as_its_parent():
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


# -------------------------------------------- random cases against scikit-learn and brute force

def test_sorting_paths_agree():
    # _ranking.tie_groups sorts unweighted scores as integer keys (per sign) and weighted
    # ones by a stable argsort: unit weights force the argsort path, so the two must give
    # identical curves
    rng = np.random.default_rng(120)
    for _ in range(CASES):
        y, s, _ = draw_case(rng, weighted=False)
        if not both_classes(y, None):
            continue
        fast, slow = ec.roc_curve(y, s), ec.roc_curve(y, s, sample_weight=np.ones(len(y)))
        np.testing.assert_array_equal(fast.thresholds, slow.thresholds)
        close(fast.fpr, slow.fpr)
        close(fast.tpr, slow.tpr)


@pytest.mark.parametrize("scale", [1.0, -1e6])     # non-negative; huge and of both signs
def test_large_input_threaded_sort_vs_sklearn(scale):
    rng = np.random.default_rng(121)
    n = 250_000                                       # above _ranking's threaded threshold
    y = (rng.random(n) < 0.3).astype(np.int8)
    s = np.round(rng.random(n) + 0.3 * y, 3) * scale  # ~1300 distinct values: heavy ties
    if scale < 0:
        s = s + 5e5                                   # both signs: the split-and-join path
    close(ec.roc_auc(y, s), metrics.roc_auc_score(y, s))
    close(ec.average_precision(y, s), metrics.average_precision_score(y, s))
    ours = ec.roc_curve(y, s)
    fpr, tpr, thr = metrics.roc_curve(y, s, drop_intermediate=False)
    close(ours.fpr, fpr)
    close(ours.tpr, tpr)
    np.testing.assert_array_equal(ours.thresholds, thr)


def test_negative_zero_ties_with_zero():
    y, s = [0, 1, 0, 1], [-0.0, 0.0, 0.0, -0.0]
    for w in (None, [1.0, 2.0, 1.0, 1.0]):
        roc = ec.roc_curve(y, s, sample_weight=w)
        assert roc.thresholds.tolist() == [math.inf, 0.0]          # one threshold
        for method in ("rank", "trapezoid", "pairs"):
            assert ec.roc_auc(y, s, method=method, sample_weight=w) == 0.5
        close(ec.average_precision(y, s, sample_weight=w),
              metrics.average_precision_score(y, s, sample_weight=w))
    # -0.0 and 0.0 next to wide-span scores (the argsort path)
    y, s = [0, 1, 0, 1, 1], [-0.0, 0.0, 5.0, -7.0, 0.0]
    close(ec.roc_auc(y, s), metrics.roc_auc_score(y, s))
    assert ec.roc_curve(y, s).thresholds.tolist() == [math.inf, 5.0, 0.0, -7.0]
