"""multiclass_auc: every multi_class/average combination against scikit-learn, brute force
and identities; the combinations scikit-learn refuses are refused with a clear ValueError."""

from __future__ import annotations

from itertools import combinations, permutations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import roc_auc_score

import evalcore as ec
from evalcore.reference import auc_pairs

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
