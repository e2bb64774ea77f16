"""evalcore/core/auc_sums.py: the AUC and DeLong's variance as sums over ranges of distinct
scores (``auc_range_sums``), which add up exactly.

A ScoreCounts is cut into ranges anywhere; the ranges' sums must add up to the whole's, bit
for bit, and equal the sums written out group by group in Python integers, DeLong's variance in
exact fractions, and evalcore's ``roc_auc`` and ``delong_variance`` on the rows."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec
from evalcore.reference import delong_variance

from strategies import scored_data


def sums_by_hand(pos, neg):
    """T, Q10 and Q01 group by group in Python integers (the module docstring's formulas)."""
    t = q10 = q01 = 0
    total_pos = sum(pos)
    neg_below, pos_seen = 0, 0
    for p, n in zip(pos, neg):
        pos_above = total_pos - pos_seen - p
        t += p * (2 * neg_below + n)
        q10 += p * (2 * neg_below + n) ** 2
        q01 += n * (2 * pos_above + p) ** 2
        neg_below += n
        pos_seen += p
    return t, q10, q01


def delong_by_fractions(pos, neg):
    """DeLong's variance from per-group placement values, in exact fractions."""
    m, n = sum(pos), sum(neg)
    neg_below, pos_seen, v10, v01 = 0, 0, [], []
    for p, q in zip(pos, neg):
        v10.append(Fraction(2 * neg_below + q, 2 * n))
        v01.append(Fraction(2 * (m - pos_seen - p) + p, 2 * m))
        neg_below += q
        pos_seen += p
    auc = sum(p * v for p, v in zip(pos, v10)) / m
    s10 = sum(p * (v - auc) ** 2 for p, v in zip(pos, v10)) / (m - 1)
    s01 = sum(q * (v - auc) ** 2 for q, v in zip(neg, v01)) / (n - 1)
    return auc, s10 / m + s01 / n


def split_into_ranges(counts, cuts):
    """The summary's groups cut at the given indices: (range summary, negatives below,
    positives above) for each range."""
    bounds = [0, *cuts, len(counts)]
    ranges = []
    for a, b in zip(bounds[:-1], bounds[1:]):
        part = ec.ScoreCounts(counts.values[a:b], counts.positives[a:b], counts.negatives[a:b])
        ranges.append((part, counts.negatives[:a].sum(), counts.positives[b:].sum()))
    return ranges


@settings(max_examples=150, deadline=None)
@given(scored_data(weighted=False), st.data())
def test_range_sums_over_any_split_add_up_to_the_whole_exactly(data, draw):
    y, s, _ = data
    counts = ec.ScoreCounts.from_arrays(y, s)
    cuts = sorted(set(draw.draw(st.lists(st.integers(0, len(counts)), max_size=5))))
    parts = [ec.auc_range_sums(part, negatives_below=int(below), positives_above=int(above),
                               n_pos=counts.n_pos, n_neg=counts.n_neg)
             for part, below, above in split_into_ranges(counts, cuts)]
    total = sum(parts)
    pos, neg = counts.positives.tolist(), counts.negatives.tolist()
    assert (total.twice_u, total.positive_squares, total.negative_squares) == sums_by_hand(pos, neg)
    assert total == ec.auc_range_sums(counts)
    assert total.auc == ec.roc_auc(y, s)
    if min(counts.n_pos, counts.n_neg) >= 2:
        _, variance = delong_by_fractions(pos, neg)
        assert total.delong_variance == float(variance)          # exact, rounded once
        assert total.delong_variance == ec.delong_variance(y, s)


@settings(max_examples=80, deadline=None)
@given(scored_data(weighted=True), st.data())
def test_weighted_range_sums_in_two_passes_match_the_whole(data, draw):
    y, s, w = data
    counts = ec.ScoreCounts.from_arrays(y, s, sample_weight=w)
    cuts = sorted(set(draw.draw(st.lists(st.integers(0, len(counts)), max_size=5))))
    ranges = split_into_ranges(counts, cuts)
    totals = {"n_pos": counts.n_pos, "n_neg": counts.n_neg}
    first = sum(ec.auc_range_sums(part, negatives_below=float(below),
                                  positives_above=float(above), **totals)
                for part, below, above in ranges)
    assert first.auc == pytest.approx(counts.roc_auc(), rel=1e-12)
    second = sum(ec.auc_range_sums(part, negatives_below=float(below),
                                   positives_above=float(above), center=first.auc, **totals)
                 for part, below, above in ranges)
    if min(counts.n_pos, counts.n_neg) >= 2:
        repeat = w.astype(int)
        variance = delong_variance(np.repeat(y, repeat), np.repeat(s, repeat))
        assert second.delong_variance == pytest.approx(variance, rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("scale", [2**29, 2**31 + 5, 3 * 10**9])
def test_range_sums_stay_exact_where_int64_would_overflow(scale):
    """10⁹-row counts: Q10 is far beyond int64; below 2**31 per class the split uint64
    route runs, above it Python integers: both must equal the sums by hand."""
    pos = [scale // 3, 0, scale // 2 + 7, scale // 5, 1]
    neg = [scale // 2, scale // 4 + 3, 11, scale // 7, scale // 9]
    counts = ec.ScoreCounts(np.arange(5.0), np.array(pos), np.array(neg))
    parts = [ec.auc_range_sums(part, negatives_below=int(below), positives_above=int(above),
                               n_pos=counts.n_pos, n_neg=counts.n_neg)
             for part, below, above in split_into_ranges(counts, [2, 3])]
    total = sum(parts)
    assert (total.twice_u, total.positive_squares, total.negative_squares) == sums_by_hand(pos, neg)
    auc, variance = delong_by_fractions(pos, neg)
    assert total.auc == float(auc) == counts.roc_auc() == counts.roc_auc(method="trapezoid")
    assert total.delong_variance == float(variance) == counts.delong_variance()


def test_the_slides_example_split_in_two():
    low = ec.ScoreCounts.from_arrays([0, 0, 0], [0.2, 0.1, 0.3])
    high = ec.ScoreCounts.from_arrays([1, 0, 1, 1], [0.7, 0.6, 0.8, 0.5])
    total = (ec.auc_range_sums(high, negatives_below=3, n_pos=3, n_neg=4)
             + ec.auc_range_sums(low, positives_above=3, n_pos=3, n_neg=4))
    assert total.auc == 11 / 12
    assert total.delong_variance == 1 / 72        # the hand computation in delong_variance


@pytest.mark.parametrize("kwargs, error, match", [
    ({"negatives_below": 1}, ValueError, "need the whole data's totals"),
    ({"n_pos": 3}, ValueError, "n_pos and n_neg go together"),
    ({"negatives_below": 2, "n_pos": 3, "n_neg": 4}, ValueError, "exceed the totals"),
    ({"negatives_below": 0.5, "n_pos": 3, "n_neg": 4}, TypeError, "must be an integer"),
    ({"negatives_below": -1, "n_pos": 3, "n_neg": 4}, ValueError, "non-negative"),
])
def test_range_sums_refuse_inconsistent_offsets(kwargs, error, match):
    counts = ec.ScoreCounts.from_arrays([0, 1, 0, 1, 0], [0.1, 0.2, 0.3, 0.4, 0.5])
    with pytest.raises(error, match=match):
        ec.auc_range_sums(counts, **kwargs)


def test_sums_of_different_data_do_not_add():
    a = ec.auc_range_sums(ec.ScoreCounts.from_arrays([0, 1], [0.1, 0.2]))
    b = ec.auc_range_sums(ec.ScoreCounts.from_arrays([0, 1, 1], [0.1, 0.2, 0.3]))
    with pytest.raises(ValueError, match="only sums of the same data add up"):
        a + b
    with pytest.raises(TypeError, match="counts must be a ScoreCounts"):
        ec.auc_range_sums([0, 1])
