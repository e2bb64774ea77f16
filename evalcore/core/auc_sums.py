"""The AUC and DeLong's variance as sums over ranges of distinct scores, which add up exactly.

Tie groups (a :class:`~evalcore.ScoreCounts`, or the :class:`~evalcore.core.ranking.TieGroups`
of one sort) cut into contiguous ranges of their distinct scores (a score's rows all in one
range) can be evaluated range by range, on different machines: given the
negatives scoring below a range and the positives scoring above it, :func:`auc_range_sums`
returns the range's share of three sums, and the shares of all ranges add up to the sums of
the whole data. From those sums come the AUC and DeLong's variance (:class:`AucSums`).

Every positive of a group g (one distinct score) has the same placement value, so with p_g
positives and n_g negatives at g, NB_g negatives below and PA_g positives above it, and m
positives and n negatives in all (DeLong et al. 1988, with Sun and Xu's grouping):

* ``V10_g = (NB_g + n_g/2) / n`` for its positives and ``V01_g = (PA_g + p_g/2) / m`` for its
  negatives;
* ``T = Σ p_g (2 NB_g + n_g)`` is twice the Mann-Whitney U, and the AUC is ``T / (2 m n)``;
* ``Q10 = Σ p_g (2 NB_g + n_g)²`` and ``Q01 = Σ n_g (2 PA_g + p_g)²`` give the variance
  ``[(m Q10 − T²)(n − 1) + (n Q01 − T²)(m − 1)] / (4 m² n² (m − 1)(n − 1))``.

With integer counts the three sums are exact integers, so the parts add up to the whole
exactly and the AUC and the variance are each rounded once. int64 would overflow (Q10 reaches
m·(2n)², about 5·10²⁶ at 10⁹ rows), so each square, below 2**64, is split into its high and
low 32 bits, each half's products are summed in uint64 (no wrap-around while every class has
fewer than 2**31 rows: the sums stay below 2**63), and the halves are joined as Python
integers; larger counts take the same sums in Python integers. With weights (float64) the
sums are floats, and the squares are taken about a ``center``: the variance formula is exact
for any center, and with the center at the AUC (a second pass, once the first has given the
AUC) nothing cancels. Weights are read as repeated cases (an integer weight k is k copies of
the row), the one weighted form of DeLong's variance with a reference.

References
----------
E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson (1988), "Comparing the areas under two or
more correlated receiver operating characteristic curves: a nonparametric approach",
*Biometrics* 44(3), 837-845.

X. Sun and W. Xu (2014), "Fast implementation of DeLong's algorithm for comparing the areas
under correlated receiver operating characteristic curves", *IEEE Signal Processing Letters*
21(11), 1389-1393.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .ranking import TieGroups, group_totals, is_weighted
from .validation import undefined

_EXACT_IN_UINT64 = 2 ** 31          # class sizes below which the split sums cannot wrap


@dataclass(frozen=True)
class AucSums:
    """The AUC's and DeLong's sums over some ranges of distinct scores (see the module
    docstring): ``twice_u`` (T), ``positive_squares`` (Q10) and ``negative_squares`` (Q01),
    for data with ``n_pos`` positives and ``n_neg`` negatives in all. Python integers for
    integer counts; floats for weights, whose squares are taken about ``center`` (placement
    value minus center; ``None`` for integer counts).

    ``a + b`` adds the sums of two sets of ranges of the same data; over all the ranges they
    are the whole data's, exactly for integer counts.
    """

    n_pos: int | float
    n_neg: int | float
    twice_u: int | float
    positive_squares: int | float
    negative_squares: int | float
    center: float | None = None

    def __add__(self, other: Any) -> AucSums:
        if not isinstance(other, AucSums):
            return NotImplemented
        if (self.n_pos, self.n_neg, self.center) != (other.n_pos, other.n_neg, other.center):
            raise ValueError(f"only sums of the same data add up: n_pos, n_neg and center "
                             f"{(self.n_pos, self.n_neg, self.center)} and "
                             f"{(other.n_pos, other.n_neg, other.center)} differ")
        return AucSums(self.n_pos, self.n_neg, self.twice_u + other.twice_u,
                       self.positive_squares + other.positive_squares,
                       self.negative_squares + other.negative_squares, self.center)

    def __radd__(self, other: Any) -> AucSums:
        if isinstance(other, int) and other == 0:        # sum(parts) starts at 0
            return self
        return NotImplemented

    @property
    def auc(self) -> float:
        """The ROC AUC, ``T / (2 m n)`` (from integers: rounded once, as
        :func:`~evalcore.roc_auc` is); ``nan`` with one
        :class:`~evalcore.UndefinedMetricWarning` when a class is missing."""
        if not (self.n_pos > 0 and self.n_neg > 0):
            return undefined(f"the AUC is undefined: {_missing(self)}", stacklevel=3)
        if isinstance(self.twice_u, int):
            return self.twice_u / (2 * self.n_pos * self.n_neg)
        return min(max(self.twice_u / self.n_pos / self.n_neg / 2, 0.0), 1.0)

    @property
    def delong_variance(self) -> float:
        """DeLong's variance of the AUC, ``S10/m + S01/n``; ``nan`` with one
        :class:`~evalcore.UndefinedMetricWarning` with fewer than two cases (or a total
        weight of 2) of a class."""
        m, n = self.n_pos, self.n_neg
        if not (m >= 2 and n >= 2):
            return undefined(f"DeLong's variance is undefined: it needs at least 2 positive "
                             f"and 2 negative samples (sample variances divide by m - 1 and "
                             f"n - 1), got {m} positive and {n} negative", stacklevel=3)
        t = self.twice_u
        if isinstance(t, int):
            numerator = ((m * self.positive_squares - t * t) * (n - 1)
                         + (n * self.negative_squares - t * t) * (m - 1))
            return numerator / (4 * m * m * n * n * (m - 1) * (n - 1))
        auc = t / m / n / 2
        shift = auc - self.center
        s10 = max(self.positive_squares - m * shift * shift, 0.0) / (m - 1)
        s01 = max(self.negative_squares - n * shift * shift, 0.0) / (n - 1)
        return s10 / m + s01 / n


def _missing(sums: AucSums) -> str:
    missing = "positive" if not sums.n_pos > 0 else "negative"
    return f"the data hold no {missing} samples (with nonzero weight)"


def _exact_square_sum(weights: np.ndarray, bases: np.ndarray, exact: bool) -> int:
    """``Σ weights · bases²`` as an exact Python integer, for non-negative int64 arrays;
    ``bases`` (a temporary of the caller's) is squared in place."""
    if not exact:
        return int(np.dot(weights.astype(object), bases.astype(object) ** 2))
    squares = bases.view(np.uint64)                 # non-negative: the same numbers
    squares *= squares                              # bases < 2**32: no wrap-around
    w = weights.view(np.uint64)
    high = int(np.dot(w, squares >> np.uint64(32)))
    squares &= np.uint64(0xFFFFFFFF)
    return (high << 32) + int(np.dot(w, squares))


def doubled_placements(counts: TieGroups, *, negatives_below: int | float = 0,
                       positives_above: int | float = 0) -> tuple[np.ndarray, np.ndarray]:
    """Each distinct score's DeLong placement numerators, doubled so that they stay integers
    with integer counts: ``2·NB_g + n_g`` for a positive scoring there and ``2·PA_g + p_g``
    for a negative (NB_g negatives below the score, PA_g positives above it, the range's
    offsets included). Divided by ``2n`` and ``2m`` they are the placement values V10 and V01
    of the module docstring; the in-memory DeLong, the range sums and the Dask placement
    look-up all take them from here. Two new arrays, made in place (no other temporaries:
    they are as long as the data)."""
    pos, neg = counts.positives, counts.negatives
    below = np.cumsum(neg)                  # 2·(NB + cumsum(neg) − neg) + neg, in place
    below -= neg
    below += negatives_below
    below *= 2
    below += neg
    above = np.cumsum(pos)                  # 2·(PA + (Σpos − cumsum(pos))) + pos
    np.subtract(pos.sum(), above, out=above)
    above += positives_above
    above *= 2
    above += pos
    return below, above


def auc_range_sums(counts: TieGroups, *, negatives_below: int | float = 0,
                   positives_above: int | float = 0, n_pos: int | float | None = None,
                   n_neg: int | float | None = None, center: float | None = None) -> AucSums:
    """The AUC's and DeLong's sums over one contiguous range of distinct scores.

    ``counts`` holds the rows of one range of scores (no score of it may occur in another
    range); the data's other rows enter only through ``negatives_below`` and
    ``positives_above``. The results of all the ranges add up (``+``, or ``sum``) to the sums
    of the whole data, exactly for integer counts, so a computation spread over machines
    gives the AUC and DeLong's variance of the whole: ``sum(parts).auc``,
    ``sum(parts).delong_variance``. With weights take two passes: the first (``center``
    left out) gives the AUC, the second, with ``center`` set to it, the variance.

    Parameters
    ----------
    counts : ScoreCounts
        The range's summary (or the :class:`~evalcore.core.ranking.TieGroups` of its rows).
    negatives_below : int or float, default=0
        The negatives (their weight) scoring below the range's lowest score.
    positives_above : int or float, default=0
        The positives (their weight) scoring above the range's highest score.
    n_pos, n_neg : int or float, default=None
        The whole data's totals. Both ``None``: ``counts`` is the whole data (then the
        offsets must be 0).
    center : float, default=None
        Weights only (integer counts ignore it): the value the squared placement values
        are taken about, best the AUC. ``None`` means 0.

    Returns
    -------
    AucSums
        The range's sums, for the data's totals and ``center``.

    Raises
    ------
    TypeError
        If ``counts`` is not a :class:`~evalcore.ScoreCounts` (or tie groups), or an offset
        or total is not a number (an integer for integer counts).
    ValueError
        If only one total is given, or the totals are missing with an offset, or an offset
        plus the range's own count exceeds its total.

    See Also
    --------
    ScoreCounts : the summary the sums are taken over.
    delong_variance : the same variance, of the whole data at once.

    References
    ----------
    E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson (1988), "Comparing the areas under two
    or more correlated receiver operating characteristic curves: a nonparametric approach",
    *Biometrics* 44(3), 837-845.

    Examples
    --------
    The slides' seven cases, cut between the scores 0.3 and 0.5: the three positives score
    above the lower range, the three negatives of the lower range below the upper one:

    >>> import evalcore as ec
    >>> y = [0, 1, 0, 1, 1, 0, 0]
    >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> low = ec.ScoreCounts.from_arrays([0, 0, 0], [0.2, 0.1, 0.3])
    >>> high = ec.ScoreCounts.from_arrays([1, 0, 1, 1], [0.7, 0.6, 0.8, 0.5])
    >>> parts = [ec.auc_range_sums(low, positives_above=3, n_pos=3, n_neg=4),
    ...          ec.auc_range_sums(high, negatives_below=3, n_pos=3, n_neg=4)]
    >>> total = sum(parts)
    >>> total.auc == ec.roc_auc(y, s) == 11 / 12
    True
    >>> round(1 / total.delong_variance, 9)
    72.0
    """
    if not all(isinstance(getattr(counts, name, None), np.ndarray)
               for name in ("values", "positives", "negatives")):
        raise TypeError(f"counts must be a ScoreCounts (or tie groups: values, positives and "
                        f"negatives), got {type(counts).__name__}")
    integer = not is_weighted(counts)
    range_pos, range_neg = group_totals(counts)
    if (n_pos is None) != (n_neg is None):
        raise ValueError("n_pos and n_neg go together: give both (the whole data's totals) "
                         "or neither (counts is the whole data)")
    if n_pos is None:
        if negatives_below or positives_above:
            raise ValueError("negatives_below and positives_above need the whole data's "
                             "totals n_pos and n_neg")
        n_pos, n_neg = range_pos, range_neg
    kind = (int, np.integer) if integer else (int, float, np.integer, np.floating)
    for name, value in (("negatives_below", negatives_below),
                        ("positives_above", positives_above), ("n_pos", n_pos), ("n_neg", n_neg)):
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, kind):
            what = "an integer (the counts are integers)" if integer else "a number"
            raise TypeError(f"{name} must be {what}, got {value!r}")
        if not (math.isfinite(value) and value >= 0):
            raise ValueError(f"{name} must be finite and non-negative, got {value!r}")
    if integer:
        negatives_below, positives_above = int(negatives_below), int(positives_above)
        n_pos, n_neg = int(n_pos), int(n_neg)
    else:
        negatives_below, positives_above = float(negatives_below), float(positives_above)
        n_pos, n_neg = float(n_pos), float(n_neg)
    slack = 1e-9 * max(n_pos, n_neg) if not integer else 0
    if negatives_below + range_neg > n_neg + slack or positives_above + range_pos > n_pos + slack:
        raise ValueError(f"the range's counts with negatives_below={negatives_below} and "
                         f"positives_above={positives_above} exceed the totals n_pos={n_pos}, "
                         f"n_neg={n_neg}")
    pos, neg = counts.positives, counts.negatives
    if integer:
        # the offsets are added after the range's own part, in Python integers if need be
        neg_doubled, pos_doubled = doubled_placements(counts)
        exact = n_pos < _EXACT_IN_UINT64 and n_neg < _EXACT_IN_UINT64
        if exact:
            neg_doubled += 2 * negatives_below
            pos_doubled += 2 * positives_above
            twice_u = int(np.dot(pos, neg_doubled))
        else:
            neg_doubled = neg_doubled.astype(object) + 2 * negatives_below
            pos_doubled = pos_doubled.astype(object) + 2 * positives_above
            twice_u = int(np.dot(pos.astype(object), neg_doubled))
        return AucSums(n_pos, n_neg, twice_u, _exact_square_sum(pos, neg_doubled, exact),
                       _exact_square_sum(neg, pos_doubled, exact))
    center = 0.0 if center is None else float(center)
    neg_doubled, pos_doubled = doubled_placements(counts, negatives_below=negatives_below,
                                                  positives_above=positives_above)
    v10 = neg_doubled / (2 * n_neg) if n_neg > 0 else np.zeros_like(neg)
    v01 = pos_doubled / (2 * n_pos) if n_pos > 0 else np.zeros_like(pos)
    return AucSums(n_pos, n_neg, float(np.dot(pos, neg_doubled)),
                   float(np.dot(pos, (v10 - center) ** 2)),
                   float(np.dot(neg, (v01 - center) ** 2)), center)
