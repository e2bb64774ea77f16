"""Binned scores with certified bounds: the summary over bins, and what it still promises.

:class:`BinnedScoreCounts` keeps, per bin of scores, the (weighted) positives and negatives and
the lowest and highest score seen: memory is the number of bins. It is a
:class:`~evalcore.ScoreCounts` over bin indices plus the edges, built chunk by chunk and merged
with ``+`` in any order with the same result. Pairs of a positive and a negative in different
bins are ordered as their bins; only pairs inside one bin are unknown, so the exact AUC lies
between the binned value with each of them counted 0 and with each counted 1 (a bin of one
distinct score holds ties, known exactly). The ROC curve is exact at every bin's lowest score
and lies in the box between two such points; average precision is bounded per bin in closed
form. :meth:`BinnedScoreCounts.refine` reads the data again and refines the bins with the most
unknown pairs until the bounds are as narrow as asked, or exact.

This module is the summary: how it is built, merged, saved and refined. The arithmetic of what
a finished table of bins certifies, with the result types :class:`BinnedBounds` and
:class:`BinnedRocCurve`, is in :mod:`evalcore.scale.binned_bounds` (the methods call it);
choosing edges and Keras' fixed-threshold AUC are in :mod:`evalcore.scale.score_bins`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import numpy as np

from ..core.options import check_int, check_real
from ..core.validation import both_classes, check_binary_scores
from .binned_bounds import (BinnedBounds, BinnedRocCurve, certified_auc,
                            certified_average_precision, certified_roc)
from .score_bins import check_edges, score_bin_edges
from .score_counts import ScoreCounts

_FORMAT = "evalcore.BinnedScoreCounts/1"


def _rounded(values: np.ndarray, *, down: bool) -> np.ndarray:
    """``values`` as float64, rounded down (or up) where float64 cannot hold them (integers
    beyond 2**53): a bin's lowest and highest scores are equal only for one distinct score."""
    rounded = values.astype(np.float64)
    if values.dtype != np.float64:
        off = rounded > values if down else rounded < values
        rounded[off] = np.nextafter(rounded[off], -np.inf if down else np.inf)
    return rounded


class BinnedScoreCounts:
    """The (weighted) positives and negatives in each bin of scores: mergeable and streamable.

    Memory is the number of bins, not of rows. Build it in one call (:meth:`from_arrays`),
    chunk by chunk (:meth:`update`) or from parts merged with ``+`` (any order, the same
    result: bit for bit with integer counts); save and load it as ``.npz``. Bins are defined
    by cut points as in :func:`score_bin_edges`.

    Parameters
    ----------
    edges : array-like of shape (n_bins - 1,)
        Finite, strictly increasing cut points.

    Attributes
    ----------
    counts : ScoreCounts
        The exact summary over bin indices: ``values`` are the non-empty bins' indices.
    edges : numpy.ndarray
    low, high : numpy.ndarray of shape (n_bins,)
        Each bin's lowest and highest score seen (``inf`` and ``-inf`` when empty).

    See Also
    --------
    evalcore.ScoreCounts : the exact summary (counts per distinct score).
    binned_auc : the bounded AUC in one call.

    Examples
    --------
    >>> binned = BinnedScoreCounts.from_arrays([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8],
    ...                                        edges=[0.3, 0.6])
    >>> binned.auc()         # only 0.35 and 0.4 share a bin: 1 pair of 4 unknown
    BinnedBounds(estimate=0.875, low=0.75, high=1.0)
    >>> binned.refine([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]).auc()
    BinnedBounds(estimate=0.75, low=0.75, high=0.75)
    """

    def __init__(self, edges: Any) -> None:
        self.edges = check_edges(edges)
        self.counts = ScoreCounts.empty()
        self.low = np.full(self.n_bins, np.inf)
        self.high = np.full(self.n_bins, -np.inf)

    @property
    def n_bins(self) -> int:
        """The number of bins: one more than the number of cut points."""
        return self.edges.shape[0] + 1

    n_pos = property(lambda self: self.counts.n_pos, doc="The (weighted) number of positives.")
    n_neg = property(lambda self: self.counts.n_neg, doc="The (weighted) number of negatives.")

    def _per_bin(self, counts: np.ndarray) -> np.ndarray:
        full = np.zeros(self.n_bins, dtype=counts.dtype)
        full[self.counts.values.astype(np.int64)] = counts
        return full

    @property
    def positives(self) -> np.ndarray:
        """The (weighted) positives in each bin, from the lowest bin up."""
        return self._per_bin(self.counts.positives)

    @property
    def negatives(self) -> np.ndarray:
        """The (weighted) negatives in each bin, from the lowest bin up."""
        return self._per_bin(self.counts.negatives)

    @property
    def unknown_pairs(self) -> np.ndarray:
        """Each bin's share of the positive-negative pairs whose order is unknown (0 for a bin
        holding one class or one distinct score); their sum is the AUC bounds' width."""
        pos, neg = self.positives, self.negatives
        unknown = np.where(self.low < self.high, pos.astype(np.float64) * neg, 0.0)
        total = self.n_pos * self.n_neg
        return unknown / total if total > 0 else np.zeros(self.n_bins)

    @classmethod
    def from_arrays(cls, y_true: Any, y_score: Any, *, edges: Any, sample_weight: Any = None,
                    pos_label: Any = None) -> BinnedScoreCounts:
        """The binned summary of ``(y_true, y_score)`` in one call.

        Parameters
        ----------
        y_true : array-like of shape (n,)
            True binary labels.
        y_score : array-like of shape (n,)
            Finite real scores; higher means more likely positive.
        edges : array-like of shape (n_bins - 1,)
            Finite, strictly increasing cut points (:func:`score_bin_edges` chooses some).
        sample_weight : array-like of shape (n,), default=None
            Non-negative weights. ``None``: every sample weighs 1 (integer counts).
        pos_label : int, float, bool or str, default=None
            The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

        Returns
        -------
        BinnedScoreCounts
        """
        return cls(edges).update(y_true, y_score, sample_weight=sample_weight,
                                 pos_label=pos_label)

    @classmethod
    def from_score_counts(cls, counts: ScoreCounts, *, edges: Any) -> BinnedScoreCounts:
        """The binned summary of an exact one (counts per distinct score), coarsened.

        Parameters
        ----------
        counts : ScoreCounts
            The exact summary.
        edges : array-like of shape (n_bins - 1,)
            Finite, strictly increasing cut points.

        Returns
        -------
        BinnedScoreCounts
        """
        if not isinstance(counts, ScoreCounts):
            raise TypeError(f"counts must be a ScoreCounts, got {type(counts).__name__}")
        binned = cls(edges)
        binned._add_exact(counts)
        return binned

    def update(self, y_true: Any, y_score: Any, *, sample_weight: Any = None,
               pos_label: Any = None) -> BinnedScoreCounts:
        """Add a chunk of data in place and return ``self``.

        Parameters
        ----------
        y_true : array-like of shape (n,)
            True binary labels (an empty chunk adds nothing).
        y_score : array-like of shape (n,)
            Finite real scores.
        sample_weight : array-like of shape (n,), default=None
            Non-negative weights.
        pos_label : int, float, bool or str, default=None
            The positive label.

        Returns
        -------
        BinnedScoreCounts
            ``self``.
        """
        exact = ScoreCounts.from_arrays(y_true, y_score, sample_weight=sample_weight,
                                        pos_label=pos_label)
        self._add_exact(exact)
        return self

    def _add_exact(self, exact: ScoreCounts) -> None:
        """Fold an exact summary (counts per distinct score) into the bins."""
        values = exact.values
        if values.shape[0] == 0:
            self.counts = self.counts + exact       # only the dtype of the counts may change
            return
        bins = np.searchsorted(self.edges, values, side="right")
        starts = np.flatnonzero(np.concatenate(([True], bins[1:] != bins[:-1])))
        ends = np.append(starts[1:], values.shape[0]) - 1
        chunk = ScoreCounts(bins[starts].astype(np.float64),
                            np.add.reduceat(exact.positives, starts),
                            np.add.reduceat(exact.negatives, starts))
        self.counts = self.counts + chunk
        which = bins[starts]
        self.low[which] = np.minimum(self.low[which], _rounded(values[starts], down=True))
        self.high[which] = np.maximum(self.high[which], _rounded(values[ends], down=False))

    def __add__(self, other: Any) -> BinnedScoreCounts:
        if isinstance(other, int) and other == 0:        # sum(list_of_summaries)
            return self._copy()
        if not isinstance(other, BinnedScoreCounts):
            return NotImplemented
        if not np.array_equal(self.edges, other.edges):
            raise ValueError("edges must be the same to merge two binned summaries: got "
                             f"{self.n_bins} and {other.n_bins} bins with different cut points")
        merged = self._copy()
        merged.counts = self.counts + other.counts
        merged.low = np.minimum(self.low, other.low)
        merged.high = np.maximum(self.high, other.high)
        return merged

    __radd__ = __add__

    def _copy(self) -> BinnedScoreCounts:
        copy = BinnedScoreCounts.__new__(BinnedScoreCounts)
        copy.edges, copy.counts = self.edges, self.counts      # read-only: shared
        copy.low, copy.high = self.low.copy(), self.high.copy()
        return copy

    def __repr__(self) -> str:
        return f"BinnedScoreCounts({self.n_bins} bins, n_pos={self.n_pos}, n_neg={self.n_neg})"

    # --- saving ---------------------------------------------------------------------------
    def save(self, path: Any) -> None:
        """Write the summary to ``path`` (``.npz``: plain arrays, no pickle).

        Parameters
        ----------
        path : str or path-like
            Where to write (numpy adds ``.npz`` if missing).
        """
        np.savez(path, format=np.array(_FORMAT), edges=self.edges, values=self.counts.values,
                 positives=self.counts.positives, negatives=self.counts.negatives,
                 low=self.low, high=self.high)

    @classmethod
    def load(cls, path: Any) -> BinnedScoreCounts:
        """Read a summary written by :meth:`save` (``allow_pickle=False``), validated as new.

        Parameters
        ----------
        path : str or path-like
            The ``.npz`` file.

        Returns
        -------
        BinnedScoreCounts
        """
        with np.load(path, allow_pickle=False) as stored:
            if "format" not in stored or str(stored["format"]) != _FORMAT:
                raise ValueError(f"path holds no binned summary ({_FORMAT}): {path!r}")
            loaded = cls(stored["edges"])
            loaded.counts = ScoreCounts(stored["values"], stored["positives"],
                                        stored["negatives"])
            loaded.low, loaded.high = stored["low"].copy(), stored["high"].copy()
        if loaded.low.shape != (loaded.n_bins,) or loaded.high.shape != (loaded.n_bins,) \
                or loaded.counts.values.size and loaded.counts.values.max() >= loaded.n_bins:
            raise ValueError(f"path holds an inconsistent binned summary: {path!r}")
        return loaded

    # --- what the bins certify ------------------------------------------------------------
    def _lowest_and_single(self) -> tuple[np.ndarray, np.ndarray]:
        """Per non-empty bin, lowest first: its lowest score, and whether it holds one
        distinct score (what :mod:`evalcore.scale.binned_bounds` reads beside the counts)."""
        index = self.counts.values.astype(np.int64)
        return self.low[index], self.low[index] == self.high[index]

    def auc(self) -> BinnedBounds:
        """The bounds that contain the exact ROC AUC of the unbinned scores, and their midpoint.

        Pairs in different bins are ordered as their bins; each pair inside a bin counts 0,
        1/2 (tied scores) or 1 in the exact AUC, so ``low`` counts them all 0 and ``high``
        all 1 (both attainable with distinct scores). A bin whose lowest and highest scores are
        equal holds ties only: its pairs count 1/2, exactly. The midpoint is the AUC with each
        bin read as one tied score. With integer counts the three are exact fractions rounded
        once, so the bounds contain the exact value bit for bit; with weights they are float
        sums (rounding of order 1e-16).

        Returns
        -------
        BinnedBounds
            ``estimate``, ``low``, ``high``, read by name; ``nan`` for each with one
            :class:`~evalcore.UndefinedMetricWarning` when a class is missing.
        """
        if not both_classes(self.n_pos, self.n_neg, "ROC AUC", stacklevel=3):
            return BinnedBounds(math.nan, math.nan, math.nan)
        return certified_auc(self.counts, self._lowest_and_single()[1])

    def roc(self) -> BinnedRocCurve:
        """The ROC points known exactly, and which segments between them are known.

        The point at each non-empty bin's lowest score (rule ``score >= threshold``) is the
        exact curve's point there; between two points the exact curve lies in the box they
        span (:meth:`BinnedRocCurve.lower_curve` and ``upper_curve`` are its two extremes).

        Returns
        -------
        BinnedRocCurve
            ``fpr``, ``tpr``, ``thresholds`` (``fpr, tpr, thresholds = binned.roc()``) and
            ``exact``, read by name.
        """
        return certified_roc(self.counts, *self._lowest_and_single())

    def average_precision(self) -> BinnedBounds:
        """Bounds that contain the exact average precision of the unbinned scores.

        AP sums, over thresholds, the recall gained times the precision there. For a bin with
        ``a`` positives and ``b`` negatives below ``T`` positives and ``F`` negatives (the
        bins above it), each of its positives is counted at a threshold where the true
        positives are at most ``T + a`` and the false positives at least ``F``, so its
        precision is at most ``(T + a) / (T + a + F)``: the bin adds at most
        ``a (T + a) / (T + a + F)`` (all its positives tied above its negatives). The ``i``-th
        of its positives from the top has at least ``T + i`` true and at most ``F + b`` false
        positives at its threshold, so the bin adds at least
        ``sum_i (T + i) / (T + i + F + b) = a - D (H(T + D + a) - H(T + D))`` with ``D = F + b``
        and ``H`` the harmonic numbers (all negatives above distinct positives: attained).
        With weights the individual weights in a bin are unknown, and the bound is the
        integral ``a - D log((T + D + a) / (T + D))`` that the sum tends to when the bin's
        positive weight is split finely: looser than the integer bound, and still attained in
        the limit. Bins are independent (their totals fix ``T`` and ``F``), so the sums of
        the per-bin bounds are attained. A bin holding one distinct score adds its exact
        ``a (T + a) / (T + a + F + b)``. Float arithmetic: rounding of order 1e-15 relative.

        Returns
        -------
        BinnedBounds
            ``estimate`` (the midpoint), ``low``, ``high``, read by name; ``nan`` with one
            :class:`~evalcore.UndefinedMetricWarning` when there are no positives.
        """
        if not both_classes(self.n_pos, 1, "average precision", stacklevel=3):
            return BinnedBounds(math.nan, math.nan, math.nan)
        return certified_average_precision(self.counts, self._lowest_and_single()[1])

    # --- a second pass --------------------------------------------------------------------
    def refine(self, *data: Any, width: float = 0.0, split: int | None = None,
               sample_weight: Any = None, pos_label: Any = None) -> BinnedScoreCounts:
        """Read the data again and refine the bins that hold the most unknown pairs.

        Bins are taken in decreasing order of :attr:`unknown_pairs` until those left would
        leave the AUC bounds at most ``width`` wide; a pass keeps the rows of those bins only.
        By default each chosen bin is split at each of its distinct scores (exact: one pass
        reaches ``width``; memory is the number of distinct scores in those bins). With
        ``split=k`` each is cut into ``k`` bins evenly between its lowest and highest score
        (memory ``k`` per bin), and passes repeat, up to 64, until the bounds are ``width``
        wide or exact, if the data can be read again (arrays, a list or tuple of chunks);
        each pass splits off at least each chosen bin's highest score.

        Parameters
        ----------
        *data : arrays or an iterable of chunks
            ``y_true, y_score`` (the data summarized), or one iterable of chunks, each
            ``(y_true, y_score)`` or ``(y_true, y_score, sample_weight)``: the same rows as
            were summarized, in any chunking and order.
        width : float, default=0.0
            The widest AUC bounds to accept; ``0``: refine every bin that leaves anything
            unknown (every bin with positives and two distinct scores), so the AUC, the ROC
            curve and the average precision all become exact.
        split : int, default=None
            ``None``: chosen bins become exact; an integer of at least 2: each is cut into
            that many bins per pass.
        sample_weight : array-like of shape (n,), default=None
            With arrays: the weights the summary was built with.
        pos_label : int, float, bool or str, default=None
            The positive label, as for :meth:`from_arrays`.

        Returns
        -------
        BinnedScoreCounts
            A new summary with finer edges; ``self`` is unchanged. Its ``auc().width`` is at
            most ``width`` unless ``split`` ran out of passes (or of data to read again).

        Raises
        ------
        ValueError
            If the data do not match the summary (a chosen bin's counts differ).
        """
        width = check_real(width, "width", low=0.0, high=1.0)
        if split is not None:
            split = check_int(split, "split", low=2)
        again = len(data) == 2 or (len(data) == 1 and isinstance(data[0], (list, tuple)))
        refined = self
        for _ in range(64 if split is not None and again else 1):
            chosen = refined._bins_to_refine(width)
            if chosen.size == 0:
                break
            refined = refined._refine_pass(_chunks(data, sample_weight), chosen, split,
                                           pos_label)
        return refined if refined is not self else self._copy()

    def _bins_to_refine(self, width: float) -> np.ndarray:
        if width == 0:
            return np.flatnonzero((self.low < self.high) & (self.positives > 0))
        unknown = self.unknown_pairs
        width = max(width - 1e-12, 0.0)        # a margin for the rounding of the bounds
        order = np.argsort(-unknown, kind="stable")
        left = unknown.sum() - np.cumsum(unknown[order])        # width left after each one
        needed = int(np.searchsorted(-left, -width, side="left")) + 1 if unknown.sum() > width \
            else 0
        chosen = order[:needed]
        return np.sort(chosen[unknown[chosen] > 0])

    def _refine_pass(self, chunks, chosen: np.ndarray, split: int | None,
                     pos_label: Any) -> BinnedScoreCounts:
        """One pass: the rows of the ``chosen`` bins counted again, into one bin per distinct
        score (``split`` None) or ``split`` even bins per chosen bin; the other bins kept."""
        check = BinnedScoreCounts(self.edges)          # the chosen bins' rows, as built
        collected = ScoreCounts.empty(weighted=self.counts.weighted)
        if split is not None:
            # even cuts, kept inside (low, high]: each pass splits off at least the highest
            cuts = [np.clip(np.linspace(self.low[k], self.high[k], split + 1)[1:-1],
                            np.nextafter(self.low[k], np.inf), self.high[k]) for k in chosen]
            finer = BinnedScoreCounts(np.union1d(self.edges, np.concatenate(cuts)))
        for y_true, y_score, weight in chunks:
            if len(y_true) == 0 and len(y_score) == 0:
                continue
            label, score, weight = check_binary_scores(y_true, y_score, sample_weight=weight,
                                                       pos_label=pos_label)
            keep = np.isin(np.searchsorted(self.edges, score, side="right"), chosen)
            part = ScoreCounts.from_arrays(label[keep], score[keep], sample_weight=None
                                           if weight is None else weight[keep])
            check._add_exact(part)
            if split is None:
                collected = collected + part
            else:
                finer._add_exact(part)
        same = np.array_equal if not self.counts.weighted else \
            (lambda x, y: np.allclose(x, y, rtol=1e-9, atol=0))     # sums in another order
        if not (same(check.positives[chosen], self.positives[chosen])
                and same(check.negatives[chosen], self.negatives[chosen])):
            raise ValueError("the data given to refine do not match the summary: the bins "
                             "chosen to refine hold other counts than when it was built")
        if split is None:
            # a cut at each distinct score but the lowest of its bin: one score per new bin
            values = collected.values.astype(np.float64)
            bins = np.searchsorted(self.edges, values, side="right")
            first = np.concatenate(([True], bins[1:] != bins[:-1]))
            finer = BinnedScoreCounts(np.union1d(self.edges, values[~first]))
            finer._add_exact(collected)
        # the bins not chosen keep their interval: their lower boundary's new bin index
        keep = ~np.isin(self.counts.values.astype(np.int64), chosen)
        old_bins = self.counts.values.astype(np.int64)[keep]
        lower_edge = np.concatenate(([-np.inf], self.edges))[old_bins]
        new_index = np.searchsorted(finer.edges, lower_edge, side="right")
        finer.counts = finer.counts + ScoreCounts(new_index.astype(np.float64),
                                                  self.counts.positives[keep],
                                                  self.counts.negatives[keep])
        finer.low[new_index] = self.low[old_bins]
        finer.high[new_index] = self.high[old_bins]
        return finer


def _chunks(data: tuple, sample_weight: Any):
    """The chunks ``(y_true, y_score, sample_weight)`` of :meth:`BinnedScoreCounts.refine`'s
    data: two arrays (one chunk) or one iterable of chunks."""
    if len(data) == 2:
        return [(data[0], data[1], sample_weight)]
    if len(data) == 1 and isinstance(data[0], Iterable):
        if sample_weight is not None:
            raise TypeError("sample_weight goes inside each chunk when data is an iterable "
                            "of chunks: (y_true, y_score, sample_weight)")
        return ((chunk[0], chunk[1], chunk[2] if len(chunk) > 2 else None) for chunk in data[0])
    raise TypeError(f"data must be y_true, y_score or one iterable of chunks, got "
                    f"{len(data)} positional arguments")


def binned_auc(y_true: Any, y_score: Any, *, edges: Any = None, n_bins: int = 100,
               spacing: str = "quantile", sample_weight: Any = None,
               pos_label: Any = None) -> BinnedBounds:
    """The ROC AUC of binned scores with the bounds that contain the exact AUC.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels.
    y_score : array-like of shape (n,)
        Finite real scores; higher means more likely positive.
    edges : array-like, default=None
        The cut points; ``None``: ``score_bin_edges(y_score, n_bins=n_bins, spacing=spacing)``.
    n_bins : int, default=100
        The number of bins when ``edges`` is None.
    spacing : {"quantile", "probability", "logit"}, default="quantile"
        How :func:`score_bin_edges` places them when ``edges`` is None.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    BinnedBounds
        ``estimate``, ``low``, ``high``, read by name: see :meth:`BinnedScoreCounts.auc`.

    See Also
    --------
    BinnedScoreCounts : the summary, chunk by chunk, with the ROC and AP bounds.
    thresholded_auc : Keras' binned AUC, without bounds.

    Examples
    --------
    >>> binned_auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], edges=[0.3, 0.6])
    BinnedBounds(estimate=0.875, low=0.75, high=1.0)
    """
    label, score, weight = check_binary_scores(y_true, y_score, sample_weight=sample_weight,
                                               pos_label=pos_label)
    if edges is None:
        edges = score_bin_edges(score, n_bins=n_bins, spacing=spacing)
    binned = BinnedScoreCounts.from_arrays(label, score, edges=edges, sample_weight=weight)
    return binned.auc()
