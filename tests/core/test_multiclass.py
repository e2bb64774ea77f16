"""multiclass_auc (evalcore/core/multiclass.py): every multi_class/average combination
against scikit-learn, brute force and identities; the combinations scikit-learn refuses are
refused with a clear ValueError; big integer scores ranked exactly; bad input named."""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import roc_auc_score

import evalcore as ec
from evalcore.reference import auc_pairs

from helpers import CASES, close, metrics


PROFILE = settings(max_examples=60, deadline=None, derandomize=True)
SUPPORTED = [("ovo", "macro"), ("ovo", "weighted"), ("ovr", "macro"), ("ovr", "weighted"),
             ("ovr", "micro"), ("ovr", None)]
NAMES = np.array(["ant", "bee", "cat", "dog", "elk"])


@st.composite
def multiclass_scores(draw):
    """(y, S): c = 3..5 classes, each present; rows of S are probabilities, often tied."""
    c = draw(st.integers(3, 5))
    n = draw(st.integers(c, 30))
    y = draw(st.lists(st.integers(0, c - 1), min_size=n, max_size=n))
    y[:c] = range(c)                                    # every class occurs
    y = np.array(draw(st.permutations(y)))
    if draw(st.booleans()):                             # coarse grid: many tied scores
        raw = np.array(draw(st.lists(st.lists(st.integers(0, 3), min_size=c, max_size=c),
                                     min_size=n, max_size=n)), dtype=float) + 1
    else:
        raw = np.array(draw(st.lists(st.lists(st.floats(0.01, 1), min_size=c, max_size=c),
                                     min_size=n, max_size=n)))
    return y, raw / raw.sum(axis=1, keepdims=True)


def pair_auc(y, S, i, j):
    """A(i|j) by counting pairs: class i against class j, ranked by column i, ties ½."""
    keep = (y == i) | (y == j)
    return auc_pairs(y[keep] == i, S[keep, i])


@PROFILE
@given(multiclass_scores(), st.sampled_from(SUPPORTED), st.booleans())
def test_every_supported_combination_equals_sklearn(data, combination, named):
    y, S = data
    multi_class, average = combination
    labels = None
    if named:                                           # string classes, in column order
        y, labels = NAMES[y], NAMES[:S.shape[1]]
    ours = ec.multiclass_auc(y, S, labels=labels, multi_class=multi_class, average=average)
    theirs = roc_auc_score(y, S, labels=labels, multi_class=multi_class, average=average)
    np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-12)
    if average is None:
        assert isinstance(ours, np.ndarray) and ours.shape == (S.shape[1],)
    else:
        assert type(ours) is float


@PROFILE
@given(multiclass_scores())
def test_ovo_by_brute_force(data):
    y, S = data
    c = S.shape[1]
    pairs = {(i, j): (pair_auc(y, S, i, j) + pair_auc(y, S, j, i)) / 2
             for i, j in combinations(range(c), 2)}
    sizes = {(i, j): np.sum((y == i) | (y == j)) for i, j in pairs}
    macro = sum(pairs.values()) / len(pairs)
    weighted = sum(sizes[p] * pairs[p] for p in pairs) / sum(sizes.values())
    assert ec.multiclass_auc(y, S) == pytest.approx(macro, abs=1e-12)
    assert ec.multiclass_auc(y, S, multi_class="ovo") == pytest.approx(macro, abs=1e-12)
    assert ec.multiclass_auc(y, S, average="weighted") == pytest.approx(weighted, abs=1e-12)


@PROFILE
@given(multiclass_scores())
def test_ovr_by_brute_force(data):
    """Each one-vs-rest AUC counted over (class k, other) pairs; micro over all n·c cells."""
    y, S = data
    c = S.shape[1]
    per_class = [auc_pairs(y == k, S[:, k]) for k in range(c)]
    member = np.eye(c, dtype=bool)[y]
    micro = auc_pairs(member.ravel(), S.ravel())
    sizes = np.bincount(y, minlength=c)
    np.testing.assert_allclose(ec.multiclass_auc(y, S, multi_class="ovr", average=None),
                               per_class, atol=1e-12)
    assert ec.multiclass_auc(y, S, multi_class="ovr") == pytest.approx(np.mean(per_class))
    assert ec.multiclass_auc(y, S, multi_class="ovr", average="weighted") == pytest.approx(
        np.dot(sizes, per_class) / sizes.sum())
    assert ec.multiclass_auc(y, S, multi_class="ovr", average="micro") == pytest.approx(micro)


@PROFILE
@given(multiclass_scores())
def test_ovr_is_the_size_weighted_mixture_of_pairwise_aucs(data):
    """AUC(k vs rest) = Σ_j n_j A(k|j) / Σ_j n_j: the identity chapter 8 teaches."""
    y, S = data
    c = S.shape[1]
    sizes = np.bincount(y, minlength=c)
    per_class = ec.multiclass_auc(y, S, multi_class="ovr", average=None)
    for k in range(c):
        others = [j for j in range(c) if j != k]
        mixed = sum(sizes[j] * pair_auc(y, S, k, j) for j in others) / sizes[others].sum()
        assert per_class[k] == pytest.approx(mixed, abs=1e-12)


@PROFILE
@given(multiclass_scores(), st.integers(2, 4))
def test_only_m_ignores_the_class_sizes(data, copies):
    """Repeating every example of one class leaves M unchanged (each A(i|j) is a share of
    pairs), and with equal class sizes the one-vs-rest macro average equals M."""
    y, S = data
    rows = np.concatenate([np.flatnonzero(y != 0), np.repeat(np.flatnonzero(y == 0), copies)])
    assert ec.multiclass_auc(y[rows], S[rows]) == pytest.approx(ec.multiclass_auc(y, S),
                                                                abs=1e-12)
    c = S.shape[1]
    equal = np.concatenate([np.flatnonzero(y == k)[:1] for k in range(c)])   # one per class
    assert ec.multiclass_auc(y[equal], S[equal], multi_class="ovr") == pytest.approx(
        ec.multiclass_auc(y[equal], S[equal]), abs=1e-12)


def test_permuting_classes_and_columns_together_changes_nothing():
    rng = np.random.default_rng(3)
    y = np.concatenate([np.arange(4), rng.integers(0, 4, 40)])
    S = rng.dirichlet(np.ones(4), size=y.size)
    order = np.array([2, 0, 3, 1])
    relabel = np.argsort(order)                        # old class order[k] becomes class k
    for multi_class, average in SUPPORTED:
        if average is None:
            continue
        assert ec.multiclass_auc(relabel[y], S[:, order], multi_class=multi_class,
                                 average=average) == pytest.approx(
            ec.multiclass_auc(y, S, multi_class=multi_class, average=average), abs=1e-12)


Y3 = [0, 1, 2, 0, 1, 2]
S3 = [[.6, .2, .2], [.2, .6, .2], [.2, .2, .6], [.4, .3, .3], [.3, .4, .3], [.3, .3, .4]]


@pytest.mark.parametrize("average", ["micro", None])
def test_what_sklearn_refuses_for_ovo_is_refused(average):
    with pytest.raises((ValueError, NotImplementedError)):
        roc_auc_score(Y3, S3, multi_class="ovo", average=average)
    with pytest.raises(ValueError, match=rf"average={average!r} needs multi_class='ovr'"):
        ec.multiclass_auc(Y3, S3, multi_class="ovo", average=average)


def test_unknown_options_are_named():
    with pytest.raises(ValueError, match=r"multi_class must be one of \('ovo', 'ovr'\), "
                                         r"got 'raise'"):
        ec.multiclass_auc(Y3, S3, multi_class="raise")
    with pytest.raises(ValueError, match=r"average must be one of .*got 'samples'"):
        ec.multiclass_auc(Y3, S3, multi_class="ovr", average="samples")
    with pytest.raises(TypeError, match=r"average must be one of .*got 1"):
        ec.multiclass_auc(Y3, S3, average=1)
    with pytest.raises(TypeError, match=r"y_true is required"):
        ec.multiclass_auc(None, S3)
    with pytest.raises(ValueError, match=r"y_true must be 1-D"):
        ec.multiclass_auc([[0, 1, 2, 0, 1, 2]] * 2, S3)


def test_three_cases_by_hand():
    """One case per class. Diagonal scores rank every class first in its own column: all 1.
    Shifted rows [[.1, .8, .1], [.1, .1, .8], [.8, .1, .1]]: in each pair one direction is a
    tie (½) and the other is lost (0), so every pair scores ¼."""
    y = [0, 1, 2]
    S = np.full((3, 3), 0.1) + 0.7 * np.eye(3)
    for multi_class, average in SUPPORTED:
        assert np.all(ec.multiclass_auc(y, S, multi_class=multi_class, average=average) == 1.0)
    shifted = S[[1, 2, 0]]
    assert ec.multiclass_auc(y, shifted) == pytest.approx(0.25)
    assert ec.multiclass_auc(y, shifted, average="weighted") == pytest.approx(0.25)


# -------------------------------------------- random cases against scikit-learn and brute force

def test_multiclass_auc_vs_sklearn_ovo():
    rng = np.random.default_rng(119)
    for _ in range(CASES // 2):             # sklearn's ovo is slow; half the cases suffice
        c = int(rng.integers(3, 6))
        n = int(rng.integers(c, 40))
        y = np.concatenate([np.arange(c), rng.integers(0, c, n - c)])
        rng.shuffle(y)
        if rng.random() < 0.5:              # coarse probabilities: many ties
            parts = rng.multinomial(10, np.ones(c) / c, size=n)
            scores = parts / 10.0
        else:
            raw = rng.random((n, c))
            scores = raw / raw.sum(axis=1, keepdims=True)
        labels = None
        coded = y
        if rng.random() < 0.3:              # string classes, given in column order
            names = np.array(["ant", "bee", "cat", "dog", "elk"][:c])
            coded = names[y]
            labels = names
        expected = metrics.roc_auc_score(coded, scores, multi_class="ovo", labels=labels)
        close(ec.multiclass_auc(coded, scores, labels=labels), expected)


# ------------------------------------------------------------------------------------ odd input

BIG = 2 ** 60
LONG_DOUBLE_IS_WIDE = np.finfo(np.longdouble).nmant >= 63


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


@pytest.mark.parametrize("make, message", [
    (lambda rows: (row for row in rows), r"got a generator, which the first function"),
    (lambda rows: map(list, rows), r"got a map, which the first function"),
    (lambda rows: dict(enumerate(rows)), r"got a dict, which has no order"),
    (lambda rows: None, r" is required"),
    (lambda rows: 0.5, r"got a scalar 0.5"),
], ids=["generator", "map", "dict", "None", "scalar"])
def test_multiclass_scores_that_are_no_array_like_are_a_type_error(make, message):
    rows = np.eye(3).tolist()
    with pytest.raises(TypeError, match=rf"y_score.*{message}"):
        ec.multiclass_auc([0, 1, 2], make(rows))


# --------------------------------------------------------------- bad input and undefined values

def test_multiclass_inputs():
    with pytest.raises(ValueError, match=r"y_score must be 2-D \(one column per class\)"):
        ec.multiclass_auc(Y3, [0.1] * 6)
    with pytest.raises(ValueError, match=r"y_score has 5 rows but y_true has 6 samples"):
        ec.multiclass_auc(Y3, S3[:5])
    with pytest.raises(ValueError, match=r"y_score has 3 columns but there are 2 classes"):
        ec.multiclass_auc([0, 1, 0, 1, 0, 1], S3)
    with pytest.raises(ValueError, match=r"needs at least two classes"):
        ec.multiclass_auc([0] * 6, [[1.0]] * 6)
    with pytest.raises(ValueError, match=r"classes \[3\] never occur in y_true"):
        ec.multiclass_auc([0, 1, 2, 0, 1, 2], [row + [0.0] for row in S3], labels=[0, 1, 2, 3])
    with pytest.raises(ValueError, match=r"y_true holds labels \[2\] that are not in labels"):
        ec.multiclass_auc(Y3, [row[:2] for row in S3], labels=[0, 1])
    with pytest.raises(ValueError, match=r"labels must not repeat a class, got \[0, 0, 1\]"):
        ec.multiclass_auc([0, 1, 0, 1, 0, 1], S3, labels=[0, 0, 1])
    with pytest.raises(ValueError, match=r"y_score must be finite"):
        ec.multiclass_auc(Y3, [[math.nan, .5, .5]] + S3[1:])
    with pytest.raises(ValueError, match=r"y_true is empty"):
        ec.multiclass_auc([], np.zeros((0, 3)))
