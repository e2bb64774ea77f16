"""The one place that sorts scores: tie groups of distinct scores with their class counts.

Every curve and area in evalcore is computed from :func:`tie_groups`, so tied scores form
one threshold everywhere. Its result is a :class:`ScoreCounts`, the public, mergeable
summary, which every ranking metric also accepts in place of its arrays (:func:`score_counts`
resolves the two). Unweighted input takes a fast path: each score is mapped to an
order-preserving unsigned integer no wider than the score (float32 to uint32, float64 to
uint64, integers to their offset from the smallest) whose lowest bit carries the label, the
keys are sorted in place, and one linear pass reads off the groups; integers of a small range
are counted per value with no sort. Scores and labels already of a usable dtype are not
copied, so on 10⁷ scores this costs a few ``np.sort`` s of the same array (the kernel table
of ``benchmarks/bench_ranking.py``), not an ``argsort``. Weighted input needs the weights in
score order, so it takes a stable ``argsort``.

The unweighted AUC needs no table at all: :func:`mann_whitney_counts` sorts the same keys
and :func:`mann_whitney_from_sorted_keys` reads the Mann–Whitney U off them block by block,
in exact integers (what ``roc_auc`` computes, in about twice one ``np.sort`` of the scores and
less memory than the input). Where tie groups need ranks, they take them from
:func:`doubled_midranks`, evalcore's one mid-rank.

It also decides, exactly, which side of a threshold each score lies on
(:func:`threshold_hits`): in the scores' own dtype, with integer, fraction and long double
thresholds never rounded onto a neighbouring score.

The module is about 920 lines on purpose: the summary and the kernel that fills it are one
unit (the kernel hands its arrays to :class:`ScoreCounts` unchecked, a constructor no other
module should reach), each score dtype's key needs its own few lines, and the table-free U
reads the very same keys. The threshold helpers at the end could live apart; they stay here
beside the dtypes they reason about.
"""

from __future__ import annotations

import math
import numbers
import sys
from fractions import Fraction
from typing import Any

import numpy as np

from .frames import data_frame
from .validation import check_binary_scores, exact_real

_SIGN_MASK = np.int64(0x7FFFFFFFFFFFFFFF)


class ScoreCounts:
    """The exact, mergeable summary of scored data: each distinct score with the number (or
    weight) of positives and of negatives scoring exactly that.

    It is the table every ranking metric in evalcore is computed from: the ROC and PR curves,
    the AUC, AP, the counts at any threshold, the ROC convex hull and DeLong's variance need
    only these counts, never the rows. Build it from arrays in one call
    (:meth:`from_arrays`), or chunk by chunk (:meth:`update`), merge summaries with ``+`` in any
    order, :meth:`save` and :meth:`load` it; then pass it to a metric in place of
    ``(y_true, y_score)``: ``ec.roc_auc(counts)``. **Memory is the number of distinct scores**
    (three arrays of that length), not the number of rows: a model scoring 10⁹ rows into
    10⁶ distinct values needs about 24 MB.

    Integer counts (unweighted rows) merge bit for bit in any order; weights (float64) merge
    to within rounding (about 1e-12 relative), since their sums are added in another order.

    Parameters
    ----------
    values : array-like of shape (k,)
        The distinct scores, finite and strictly increasing (float64; a long double array is
        kept, for integer scores beyond 2**53).
    positives : array-like of shape (k,)
        The positives scoring exactly ``values[g]``: integers (stored as int64) or weights
        (any float dtype, stored as float64), non-negative.
    negatives : array-like of shape (k,)
        The negatives, the same way. Integer counts need both arrays of an integer dtype;
        one float array makes both weights. Groups with no positive and no negative are
        dropped: they are no threshold.

    Attributes
    ----------
    values, positives, negatives : numpy.ndarray
        The table (read-only arrays).
    n_pos, n_neg : int or float
        The totals: ``int`` for integer counts, ``float`` for weights.
    weighted : bool
        Whether the counts are weights (float64).

    Raises
    ------
    ValueError
        If the arrays differ in length or are not 1-D, a value is NaN, infinite or not
        larger than the one before, or a count is negative or not finite.
    TypeError
        If the values are not real numbers or the counts are neither integers nor floats.

    See Also
    --------
    auc_range_sums : the AUC's and DeLong's sums over a range of the distinct scores.
    confusion_matrix_at_thresholds : the counts at every threshold, from this table.

    Examples
    --------
    The slides' seven cases, summarized at once and in two chunks merged:

    >>> import evalcore as ec
    >>> y = [0, 1, 0, 1, 1, 0, 0]
    >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
    >>> counts = ec.ScoreCounts.from_arrays(y, s)
    >>> len(counts), counts.n_pos, counts.n_neg
    (7, 3, 4)
    >>> merged = ec.ScoreCounts.from_arrays(y[4:], s[4:]) + ec.ScoreCounts.from_arrays(y[:4], s[:4])
    >>> merged.positives.tolist() == counts.positives.tolist()
    True
    >>> ec.roc_auc(merged) == ec.roc_auc(y, s) == 11 / 12
    True
    """

    summarizes_rows = True          # read by the row-level checks, which refuse a summary
    __slots__ = ("values", "positives", "negatives")

    def __init__(self, values: Any, positives: Any, negatives: Any) -> None:
        values = np.asarray(values)
        arrays = {"positives": np.asarray(positives), "negatives": np.asarray(negatives)}
        if values.ndim != 1:
            raise ValueError(f"values must be 1-D, got shape {values.shape}")
        if values.size and not (np.issubdtype(values.dtype, np.integer)
                                or np.issubdtype(values.dtype, np.floating)):
            raise TypeError(f"values must hold real numbers, got dtype {values.dtype}")
        if values.dtype != np.longdouble:
            values = values.astype(np.float64)
        weighted = any(a.dtype.kind == "f" for a in arrays.values())
        for name, array in arrays.items():
            if array.shape != values.shape:
                raise ValueError(f"{name} must have one entry per value: values has shape "
                                 f"{values.shape}, {name} {array.shape}")
            if array.size and array.dtype.kind not in "iuf":
                raise TypeError(f"{name} must hold integer counts or float weights, got "
                                f"dtype {array.dtype}")
            array = array.astype(np.float64 if weighted else np.int64)
            if not np.all(np.isfinite(array)) or np.any(array < 0):
                raise ValueError(f"{name} must be finite and non-negative")
            arrays[name] = array
        if not np.all(np.isfinite(values)):
            raise ValueError("values must be finite: it holds NaN or infinite values")
        if np.any(values[1:] <= values[:-1]):
            raise ValueError("values must be distinct and increasing: sort them and add the "
                             "counts of equal values")
        keep = (arrays["positives"] != 0) | (arrays["negatives"] != 0)
        if not keep.all():
            values, arrays = values[keep], {name: a[keep] for name, a in arrays.items()}
        self._set(values + 0, arrays["positives"], arrays["negatives"])   # + 0: -0.0 is 0.0

    @classmethod
    def _unchecked(cls, values: np.ndarray, positives: np.ndarray,
                   negatives: np.ndarray) -> ScoreCounts:
        """The core's own tables (already distinct, increasing and non-empty groups)."""
        counts = object.__new__(cls)
        counts._set(values, positives, negatives)
        return counts

    def _set(self, values: np.ndarray, positives: np.ndarray, negatives: np.ndarray) -> None:
        for name, array in (("values", values), ("positives", positives),
                            ("negatives", negatives)):
            array.flags.writeable = False
            object.__setattr__(self, name, array)

    @classmethod
    def empty(cls, *, weighted: bool = False) -> ScoreCounts:
        """The summary of no data: merging it changes nothing.

        Parameters
        ----------
        weighted : bool, default=False
            Float64 weights instead of int64 counts.

        Returns
        -------
        ScoreCounts
        """
        kind = np.float64 if weighted else np.int64
        return cls._unchecked(np.empty(0), np.empty(0, kind), np.empty(0, kind))

    @classmethod
    def from_arrays(cls, y_true: Any, y_score: Any, *, sample_weight: Any = None,
                    pos_label: Any = None) -> ScoreCounts:
        """The summary of ``(y_true, y_score)``: one sort, the same validation as every metric.

        Parameters
        ----------
        y_true : array-like of shape (n,)
            True binary labels. One class alone is allowed (a metric on it is then ``nan``
            with one :class:`~evalcore.UndefinedMetricWarning`), and so are no rows at all
            (an empty chunk gives the empty summary).
        y_score : array-like of shape (n,)
            Scores; higher means more likely positive.
        sample_weight : array-like of shape (n,), default=None
            Non-negative weights; rows of weight 0 are dropped. With weights the counts are
            float64.
        pos_label : int, float, bool or str, default=None
            The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or
            booleans.

        Returns
        -------
        ScoreCounts
        """
        if _is_empty(y_true) and _is_empty(y_score) and \
                (sample_weight is None or _is_empty(sample_weight)):
            return cls.empty(weighted=sample_weight is not None)
        return tie_groups(*check_binary_scores(y_true, y_score, sample_weight=sample_weight,
                                               pos_label=pos_label, keep_dtype=True))

    def update(self, y_true: Any, y_score: Any, *, sample_weight: Any = None,
               pos_label: Any = None) -> ScoreCounts:
        """Add a chunk of rows in place (streaming); returns the summary itself.

        The result is that of ``self + ScoreCounts.from_arrays(...)``: integer counts stay
        integers unless the chunk has weights.

        Parameters
        ----------
        y_true : array-like of shape (n,)
            The chunk's binary labels (one class, or no rows, is fine).
        y_score : array-like of shape (n,)
            The chunk's scores.
        sample_weight : array-like of shape (n,), default=None
            The chunk's non-negative weights.
        pos_label : int, float, bool or str, default=None
            The positive label, as in :meth:`from_arrays`.

        Returns
        -------
        ScoreCounts
            ``self``, updated.
        """
        merged = self + ScoreCounts.from_arrays(y_true, y_score, sample_weight=sample_weight,
                                                pos_label=pos_label)
        self._set(merged.values, merged.positives, merged.negatives)
        return self

    def __add__(self, other: Any) -> ScoreCounts:
        if not isinstance(other, ScoreCounts):
            return NotImplemented
        if not len(other) or not len(self):     # the empty summary is the identity
            kept = other if not len(self) else self
            weighted = self.weighted or other.weighted
            return ScoreCounts._unchecked(
                kept.values, *(a.astype(np.float64) if weighted else a
                               for a in (kept.positives, kept.negatives)))
        values = np.union1d(self.values, other.values)
        kind = np.float64 if (self.weighted or other.weighted) else np.int64
        merged = []
        for name in ("positives", "negatives"):
            total = np.zeros(values.shape[0], dtype=kind)
            for part in (self, other):       # each part's values are distinct: no collisions
                total[np.searchsorted(values, part.values)] += getattr(part, name)
            merged.append(total)
        return ScoreCounts._unchecked(values, *merged)

    def __radd__(self, other: Any) -> ScoreCounts:
        if isinstance(other, int) and other == 0:        # sum(list_of_counts) starts at 0
            return self
        return NotImplemented

    def __len__(self) -> int:
        return int(self.values.shape[0])

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a ScoreCounts is not changed in place except by update()")

    def __reduce__(self):
        """Pickled as its three arrays, rebuilt through the constructor's checks (so a summary
        travels between processes: Dask workers, multiprocessing)."""
        return (type(self), (np.array(self.values), np.array(self.positives),
                             np.array(self.negatives)))

    def __repr__(self) -> str:
        kind = "weights" if self.weighted else "counts"
        return (f"ScoreCounts({len(self)} distinct scores, n_pos={self.n_pos!r}, "
                f"n_neg={self.n_neg!r}, {kind})")

    @property
    def weighted(self) -> bool:
        return self.positives.dtype == np.float64

    @property
    def n_pos(self) -> int | float:
        total = self.positives.sum()
        return float(total) if self.weighted else int(total)

    @property
    def n_neg(self) -> int | float:
        total = self.negatives.sum()
        return float(total) if self.weighted else int(total)

    def save(self, path: Any) -> None:
        """Write the summary to ``path`` as a ``.npz`` file (numpy arrays only, no pickle).

        Parameters
        ----------
        path : str or os.PathLike
            The file; numpy adds ``.npz`` when the name lacks it.
        """
        np.savez(path, values=self.values, positives=self.positives,
                 negatives=self.negatives, format=np.array(_FORMAT))

    @classmethod
    def load(cls, path: Any) -> ScoreCounts:
        """Read a summary written by :meth:`save` (``allow_pickle=False``), checked as the
        constructor checks its arguments; the arrays come back bit for bit.

        Parameters
        ----------
        path : str or os.PathLike
            The ``.npz`` file.

        Returns
        -------
        ScoreCounts

        Raises
        ------
        ValueError
            If the file is not a summary written by :meth:`save`.
        """
        with np.load(path, allow_pickle=False) as data:
            names = set(data.files)
            if names != {"values", "positives", "negatives", "format"} \
                    or str(data["format"]) != _FORMAT:
                raise ValueError(f"{path} is not a ScoreCounts file (arrays {sorted(names)})")
            return cls(data["values"], data["positives"], data["negatives"])

    def to_frame(self):
        """The table as a pandas DataFrame: columns ``value``, ``positives``, ``negatives``."""
        return data_frame({"value": self.values, "positives": self.positives,
                           "negatives": self.negatives})


_FORMAT = "evalcore.ScoreCounts/1"


def _is_empty(values: Any) -> bool:
    """Whether ``values`` is a sequence or array of length 0 (an empty chunk)."""
    try:
        return values is not None and not isinstance(values, (str, bytes)) and len(values) == 0
    except TypeError:
        return False


def score_counts(y_true: Any, y_score: Any, *, sample_weight: Any = None, pos_label: Any = None,
                 scale_weights: bool = False) -> ScoreCounts:
    """The summary a metric computes from: ``y_true`` itself when it is a
    :class:`ScoreCounts` (then ``y_score``, ``sample_weight`` and ``pos_label`` must be left
    out), else the validated arrays' tie groups. ``scale_weights``: for results that depend
    only on ratios of counts, weights are brought near 1 by a power of two (exact; see
    :func:`evalcore.core.validation.unit_scale`)."""
    if not isinstance(y_true, ScoreCounts):
        return tie_groups(*check_binary_scores(y_true, y_score, sample_weight=sample_weight,
                                               pos_label=pos_label, scale_weights=scale_weights,
                                               keep_dtype=True))
    given = [name for name, value in (("y_score", y_score), ("sample_weight", sample_weight),
                                      ("pos_label", pos_label)) if value is not None]
    if given:
        raise TypeError(f"y_true is a ScoreCounts, which already holds the scores, labels and "
                        f"weights: leave out {' and '.join(given)}")
    if scale_weights and y_true.weighted and len(y_true):
        largest = max(y_true.positives.max(), y_true.negatives.max())
        shift = -int(np.frexp(largest)[1])
        return ScoreCounts._unchecked(y_true.values, np.ldexp(y_true.positives, shift),
                                      np.ldexp(y_true.negatives, shift))
    return y_true


def _sort_in_place(keys: np.ndarray) -> None:
    """Sort ``keys`` (a temporary of ours) in place, on one thread.

    Two halves sorted on two threads and merged by a stable sort (timsort) were slower:
    numpy's SIMD sort of 10⁷ uint32 keys takes about 27 ms (AVX-512) or 43 ms (AVX2), the
    threaded route 50 to 77 ms, since the merge alone costs about as much as the sort
    (uint64: 57 ms single against 103 ms; ``benchmarks/bench_ranking.py``, 2 cores).
    """
    keys.sort()


def groups_from_sorted(sorted_values: np.ndarray, sorted_labels: np.ndarray,
                       sorted_weights: np.ndarray | None):
    """Where each run of equal values starts in sorted data, and each run's (weighted)
    positives and negatives: integer counts when unweighted."""
    last = np.flatnonzero(sorted_values[1:] != sorted_values[:-1])
    starts = np.concatenate(([0], last + 1))
    if sorted_weights is None:
        positives = np.add.reduceat(sorted_labels, starts, dtype=np.int64)
        sizes = np.diff(np.append(starts, sorted_values.shape[0]))
        negatives = sizes - positives
    else:
        positives = np.add.reduceat(sorted_weights * sorted_labels, starts)
        negatives = np.add.reduceat(sorted_weights * (1 - sorted_labels), starts)
    return starts, positives, negatives


#: Per float dtype: the signed and unsigned integers of its width and its magnitude bits.
_FLOAT_KEYS = {np.dtype(np.float64): (np.int64, np.uint64, 63),
               np.dtype(np.float32): (np.int32, np.uint32, 31)}
#: Integer scores whose range is below this are counted with ``np.bincount``, chunk by
#: chunk, with no sort at all.
_COUNTING_MAX_SPAN = 2 ** 16
_CHUNK = 2 ** 18


def _groups_from_keys(keys: np.ndarray, to_values) -> ScoreCounts:
    """Sort ``keys`` (unsigned, ours: each an order-preserving code of a score shifted left
    by one, with the label in the lowest bit) and read off the groups. ``to_values`` turns
    the sorted distinct codes (shifted back) into the scores, float64 or long double; it
    may reuse the array it is given."""
    _sort_in_place(keys)
    width = keys.dtype.itemsize
    # the label bit lives in each key's lowest byte: read those bytes in place
    low_bytes = (keys.view(np.uint8)[::width] if sys.byteorder == "little"
                 else keys.view(np.uint8)[width - 1::width])
    labels = low_bytes & 1
    keys >>= keys.dtype.type(1)
    new_run = keys[1:] != keys[:-1]
    if new_run.all():                  # distinct scores (model outputs): one row per group
        del new_run
        positives = labels.astype(np.int64)
        del labels
        negatives = 1 - positives
        return ScoreCounts._unchecked(to_values(keys), positives, negatives)
    n = keys.shape[0]
    ends = np.empty(np.count_nonzero(new_run) + 2, dtype=np.int64)   # each group's last
    ends[0], ends[-1] = -1, n - 1                                    # row, after a -1
    ends[1:-1] = np.flatnonzero(new_run)
    del new_run
    # positives: the running count of positive rows at each group's end, differenced
    ones = np.cumsum(labels, dtype=np.int32 if n < 2**31 else np.int64)
    del labels
    positives = np.diff(ones[ends[1:]], prepend=0).astype(np.int64, copy=False)
    del ones
    negatives = np.diff(ends)
    negatives -= positives
    distinct = keys[ends[1:]]
    del keys, ends
    return ScoreCounts._unchecked(to_values(distinct), positives, negatives)


def _float_key_offset(score: np.ndarray, *, nonnegative: bool) -> Any:
    """The smallest ordered code of same-sign float scores (0 when they are non-negative),
    subtracted from every code by :func:`_same_sign_float_keys`."""
    signed, _, magnitude_bits = _FLOAT_KEYS[score.dtype]
    if nonnegative:
        return signed(0)
    return score.min().view(signed) ^ signed((1 << magnitude_bits) - 1)


def _same_sign_float_keys(label: np.ndarray, score: np.ndarray, low: Any, *,
                          nonnegative: bool) -> np.ndarray:
    """Sortable unsigned keys of float64 or float32 scores that all share one sign: each
    score's order-preserving code minus ``low`` (:func:`_float_key_offset`), shifted left by
    one, with the label in the lowest bit; no wider than the scores.

    The bits of non-negative floats order like the floats (clearing the sign bit turns -0.0
    into +0.0); negative ones order like the floats once their magnitude bits are flipped.
    Within one sign these integers span less than 2**63 (float32: 2**31), so after
    subtracting the smallest they fit in 63 bits (31) and the label fits in the last one.
    """
    signed, unsigned, magnitude_bits = _FLOAT_KEYS[score.dtype]
    mask = signed((1 << magnitude_bits) - 1)
    bits = score.view(signed)
    if nonnegative:
        keys = bits & mask
    else:
        keys = bits >> magnitude_bits
        keys &= mask
        keys ^= bits
        keys -= low
    keys = keys.view(unsigned)
    keys <<= unsigned(1)
    keys |= label.view(np.uint8)
    return keys


def _same_sign_groups(label: np.ndarray, score: np.ndarray, *,
                      nonnegative: bool) -> ScoreCounts:
    """Unweighted groups of float64 or float32 scores that all share one sign, by one
    integer sort of their keys (:func:`_same_sign_float_keys`): float32 scores sort as
    uint32 keys, no wider than the scores."""
    signed, _, magnitude_bits = _FLOAT_KEYS[score.dtype]
    mask = signed((1 << magnitude_bits) - 1)
    low = _float_key_offset(score, nonnegative=nonnegative)

    def to_values(codes: np.ndarray) -> np.ndarray:
        ordered = codes.view(signed)
        if not nonnegative:
            ordered += low
            ordered ^= (ordered >> magnitude_bits) & mask
        floats = ordered.view(score.dtype)
        return floats if floats.dtype == np.float64 else floats.astype(np.float64)

    # the keys are made in the argument list, so that only _groups_from_keys holds them
    return _groups_from_keys(_same_sign_float_keys(label, score, low, nonnegative=nonnegative),
                             to_values)


def _integer_key_span(score: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """Integer (or bool) scores as :func:`_integer_keys` reads them (bools viewed as uint8),
    their smallest value in their own dtype and their range ``max - min``."""
    if score.dtype == np.bool_:
        score = score.view(np.uint8)
    low, high = int(score.min()), int(score.max())
    return score, np.array(low, dtype=score.dtype), high - low


def _integer_keys(label: np.ndarray, score: np.ndarray, low_code: np.ndarray,
                  span: int) -> np.ndarray:
    """Sortable unsigned keys of integer scores of range ``span`` below 2**63: the offset
    ``score - low_code`` (subtracted modulo 2**width: exact) shifted left by one, with the
    label in the lowest bit; uint32 when the range is below 2**31, else uint64."""
    unsigned = np.uint32 if span < 2 ** 31 else np.uint64
    keys = np.subtract(score, low_code, dtype=unsigned, casting="unsafe")
    keys <<= unsigned(1)
    keys |= label.view(np.uint8)
    return keys


def _integer_groups(label: np.ndarray, score: np.ndarray) -> ScoreCounts | None:
    """Unweighted groups of integer scores (any width, signed or not), exactly: counted with
    ``np.bincount`` when their range is small, else sorted as unsigned keys
    (:func:`_integer_keys`). ``None`` when the range is 2**63 or wider (the caller sorts
    the scores themselves)."""
    score, low_code, span = _integer_key_span(score)
    wide = np.uint64 if score.dtype.kind == "u" else np.int64      # holds every score

    def to_values(offsets: np.ndarray) -> np.ndarray:
        values = offsets.astype(np.uint64)
        values += low_code.astype(np.uint64)               # modulo 2**64, exact in range
        return exact_real(values.view(wide), "y_score")

    n = score.shape[0]
    if span < _COUNTING_MAX_SPAN:
        counts = np.zeros(2 * (span + 1), dtype=np.int64)
        for start in range(0, n, _CHUNK):
            codes = np.subtract(score[start:start + _CHUNK], low_code, dtype=np.uint64,
                                casting="unsafe").view(np.int64)
            codes <<= 1
            codes |= label[start:start + _CHUNK]
            counts += np.bincount(codes, minlength=counts.shape[0])
        positives, negatives = counts[1::2], counts[0::2]
        present = np.flatnonzero(positives | negatives)
        return ScoreCounts._unchecked(to_values(present), positives[present],
                                      negatives[present])
    if span >= 2 ** 63:
        return None
    return _groups_from_keys(_integer_keys(label, score, low_code, span), to_values)


def score_order(score: np.ndarray) -> np.ndarray:
    """The stable order that sorts ``score`` increasingly (for callers that need each
    sample's position, not only the groups)."""
    return np.argsort(score, kind="stable")


def tie_groups(label: np.ndarray, score: np.ndarray,
               weight: np.ndarray | None = None) -> ScoreCounts:
    """Group validated scores by distinct value; count each class in each group.

    ``label`` is 0/1 int8, ``score`` finite float64 (or long double where float64 would merge
    distinct values, see :func:`evalcore.core.validation.exact_real`), or, as
    :func:`evalcore.core.validation.check_scores` gives them with ``keep_dtype=True``, finite
    float32 or float16, integers or bools in their own dtype, ``weight`` non-negative
    float64 or None. Samples with zero weight are dropped first, so they create no
    threshold. Ties are equal scores in the scores' own dtype (-0.0 equals 0.0); the
    summary's values are float64, or long double where float64 would merge distinct values.

    Unweighted scores take integer keys: float64 and float32 their order-preserving bits,
    integers their offset from the smallest (or a count per value when their range is
    small); each key carries the label in its lowest bit, and one sort of the keys (no
    wider than the scores) gives the groups.
    """
    if weight is None:
        if score.dtype == np.float16:
            score = score.astype(np.float32)           # exact
        if score.dtype in _FLOAT_KEYS:
            if score.min() >= 0:                   # the common case (-0.0 counts as 0 here)
                return _same_sign_groups(label, score, nonnegative=True)
            negative = score < 0
            if negative.all():
                return _same_sign_groups(label, score, nonnegative=False)
            # negative and non-negative scores never tie: group each sign on its own
            below = _same_sign_groups(label[negative], score[negative], nonnegative=False)
            above = _same_sign_groups(label[~negative], score[~negative], nonnegative=True)
            return ScoreCounts._unchecked(*(np.concatenate((getattr(below, name),
                                                            getattr(above, name)))
                                            for name in ("values", "positives", "negatives")))
        if score.dtype.kind in "biu":
            groups = _integer_groups(label, score)
            if groups is not None:
                return groups
    if weight is not None:
        keep = weight != 0
        if not keep.all():
            label, score, weight = label[keep], score[keep], weight[keep]
    order = score_order(score)
    sorted_score = score[order]
    starts, positives, negatives = groups_from_sorted(
        sorted_score, label[order], None if weight is None else weight[order])
    values = sorted_score[starts]
    if values.dtype.kind in "biu" or values.dtype.itemsize < 8:
        values = exact_real(values, "y_score")
    return ScoreCounts._unchecked(values + 0, positives, negatives)  # + 0: -0.0 is 0.0


def cumulative_counts(groups: ScoreCounts):
    """Thresholds in decreasing order with tp and fp counts for the rule ``score >= threshold``."""
    thresholds = groups.values[::-1]
    tps = np.cumsum(groups.positives[::-1])
    fps = np.cumsum(groups.negatives[::-1])
    return thresholds, tps, fps


def roc_points(groups: ScoreCounts):
    """:func:`cumulative_counts` preceded by the ROC curve's start: at threshold ``inf``
    nothing is called positive (tp = fp = 0). Counts keep their dtype (exact integers when
    unweighted)."""
    thresholds, tps, fps = cumulative_counts(groups)
    zero = np.zeros(1, dtype=tps.dtype)
    return (np.concatenate(([np.inf], thresholds)), np.concatenate((zero, tps)),
            np.concatenate((zero, fps)))


def operating_points(counts: ScoreCounts):
    """The counts at every reachable operating point of a summary, from "call nothing
    positive" (threshold ``inf``) down to the lowest score: ``(thresholds, tps, fps)`` with
    float64 counts. The core that curves, costs, hulls and precision-recall share."""
    thresholds, tps, fps = roc_points(counts)
    return thresholds, tps.astype(np.float64), fps.astype(np.float64)


def auc_from_groups(groups: ScoreCounts) -> float:
    """The ROC AUC from tie groups: Mann–Whitney U from mid-ranks (weighted: the same sum with
    weights). Unweighted counts give the exact fraction, rounded once."""
    pos, neg = groups.positives, groups.negatives
    if np.issubdtype(pos.dtype, np.integer):
        twice_u, total_pos, total_neg = mann_whitney_from_groups(groups)
        return twice_u / (2 * total_pos * total_neg)
    # weights: normalize each class first (the product P·N of tiny weights can underflow to
    # 0) and clip the rounding error that can push a perfect ranking to 1 + 2e-16
    pos, neg = pos / pos.sum(), neg / neg.sum()
    neg_below = np.cumsum(neg) - neg
    return min(max(float(np.dot(pos, neg_below + 0.5 * neg)), 0.0), 1.0)


def doubled_midranks(sizes: np.ndarray) -> np.ndarray:
    """Twice the mid-rank of each tie group, from the groups' sizes in increasing order of
    score: ``2·(cases in lower groups) + size + 1``, an integer for integer sizes.

    The one mid-rank of evalcore: tied cases share the mean of the ranks (from 1) they
    occupy, which is ``below + (size + 1)/2``; doubled it stays an exact integer (in the
    sizes' own integer dtype, Python integers for ``object``), so rank sums and the exact
    permutation distribution are counted, not rounded. Halve it for the mid-ranks.

    Parameters
    ----------
    sizes : numpy.ndarray of int
        The number of cases in each tie group, lowest score first.

    Returns
    -------
    numpy.ndarray
        Twice each group's mid-rank, of the dtype of ``sizes``.

    Examples
    --------
    Scores 0.1, 0.4, 0.4, 0.8: ranks 1, 2.5, 2.5 and 4.

    >>> doubled_midranks(np.array([1, 2, 1])).tolist()
    [2, 5, 8]
    """
    return 2 * (np.cumsum(sizes) - sizes) + sizes + 1


def mann_whitney_from_groups(groups: ScoreCounts) -> tuple[int, int, int]:
    """``(2U, P, N)`` of an unweighted summary, in Python integers: twice the Mann–Whitney
    U (the positive/negative pairs ordered right, ties counting ½), the positives and the
    negatives; the AUC is ``2U / (2·P·N)``.

    Parameters
    ----------
    groups : ScoreCounts
        An unweighted summary (integer counts).

    Returns
    -------
    tuple of int
        ``(2U, P, N)``.

    See Also
    --------
    mann_whitney_counts : the same from the rows, with no table.
    """
    pos, neg = groups.positives, groups.negatives
    total_pos, total_neg = int(pos.sum()), int(neg.sum())
    # the dot product could pass 2**63 with 2**30 rows or more: Python integers then
    kind = np.int64 if total_pos + total_neg < 2**30 else object
    # the positives' doubled mid-ranks, a block of groups at a time (temporaries of the
    # block's size, not the table's); a block's ranks start after the ``before`` rows of the
    # blocks below it
    twice_rank_sum, before = 0, 0
    for start in range(0, pos.shape[0], _CHUNK):
        block_pos = pos[start:start + _CHUNK].astype(kind, copy=False)
        sizes = block_pos + neg[start:start + _CHUNK]
        twice_rank_sum += (int(np.dot(block_pos, doubled_midranks(sizes)))
                           + 2 * before * int(block_pos.sum()))
        before += int(sizes.sum())
    return twice_rank_sum - total_pos * (total_pos + 1), total_pos, total_neg


#: Keys per block of :func:`mann_whitney_from_sorted_keys` (its temporaries stay in the
#: CPU's cache); at most 2**16, so that a block's sum of positions fits a uint32.
_KEY_BLOCK = 2 ** 16


def mann_whitney_from_sorted_keys(keys: np.ndarray) -> tuple[int, int, int]:
    """``(2U, P, N)`` from sorted unsigned keys, each an order-preserving code of a score
    shifted left by one with the label (1 positive) in the lowest bit, in Python integers.

    Sorted, a tied group's negatives come before its positives, so the positive at
    position ``i`` (from 0) has below it every negative scoring less or the same and the
    positives before it: with ``P`` positives and ``p_g``, ``n_g`` the classes of tie group
    ``g``, ``2U = 2·Σ positions of the positives − P(P − 1) − Σ_g p_g·n_g``. Only groups
    holding both classes add to the last sum, and each has exactly one place where two
    neighbouring keys differ in bit 0 alone (its last negative, then its first positive);
    the group's ends are found by binary search. The sums are taken a block of
    :data:`_KEY_BLOCK` keys at a time, with temporaries of the block's size (a group may
    straddle blocks: its ends are then searched in all the keys): no table, no per-row
    integers.

    Parameters
    ----------
    keys : numpy.ndarray of uint32 or uint64
        Sorted increasingly; read only.

    Returns
    -------
    tuple of int
        ``(2U, P, N)``; the AUC is ``2U / (2·P·N)``, one correctly rounded division.
    """
    n = keys.shape[0]
    one = keys.dtype.type(1)
    block = max(1, min(_KEY_BLOCK, n))
    labels = np.empty(block, dtype=keys.dtype)
    steps = np.empty(block, dtype=keys.dtype)
    mixed = np.empty(block, dtype=bool)
    differ = np.empty(block, dtype=bool)
    positions = np.arange(block, dtype=keys.dtype if block <= 2 ** 16 else np.uint64)
    # a group's p_g·n_g is below n²/4; summed in int64 below 2**32 rows, else in Python
    products = np.int64 if n < 2 ** 32 else object
    position_sum = n_pos = tie_pairs = 0
    for start in range(0, n, block):
        stop = min(start + block, n)
        part = keys[start:stop]
        label = np.bitwise_and(part, one, out=labels[:stop - start])
        block_pos = int(np.count_nonzero(label))
        n_pos += block_pos
        position_sum += int(np.dot(label, positions[:stop - start])) + start * block_pos
        # the neighbours (i, i + 1) with i + 1 in this block: a mixed group's middle
        left = max(start - 1, 0)
        pairs = keys[left:stop]
        width = stop - left - 1
        middles = np.equal(np.bitwise_xor(pairs[1:], pairs[:-1], out=steps[:width]), one,
                           out=mixed[:width])
        if not middles.any():
            continue
        # where runs of equal keys begin (0 and the end added), and which are middles
        changes = np.flatnonzero(np.not_equal(steps[:width], 0, out=differ[:width]))
        bounds = np.empty(changes.shape[0] + 2, dtype=np.int64)
        bounds[0], bounds[-1] = left, stop
        np.add(changes, left + 1, out=bounds[1:-1])
        middle = np.flatnonzero(middles[changes]) + 1        # indices into bounds
        first = bounds[middle - 1]                           # the group's first negative
        after = bounds[middle + 1]                           # after its last positive
        if middle[0] == 1 and left > 0:                      # may begin in an earlier block
            first[0] = np.searchsorted(keys, pairs[0], side="left")
        if middle[-1] == bounds.shape[0] - 2 and stop < n:  # may end in a later block
            after[-1] = np.searchsorted(keys, pairs[-1], side="right")
        middle = bounds[middle]                              # the group's first positive
        tie_pairs += int(np.dot((middle - first).astype(products, copy=False),
                                (after - middle).astype(products, copy=False)))
    return 2 * position_sum - n_pos * (n_pos - 1) - tie_pairs, n_pos, n - n_pos


def mann_whitney_counts(label: np.ndarray, score: np.ndarray) -> tuple[int, int, int]:
    """``(2U, P, N)`` of validated unweighted rows, exactly, with no table of the groups.

    ``label`` and ``score`` as :func:`tie_groups` takes them (unweighted). Float scores and
    integer scores of a wide range become sortable keys no wider than the scores, sorted in
    place and read by :func:`mann_whitney_from_sorted_keys`; scores of both signs are
    keyed one sign at a time (a negative score is below every other one). Integer scores of
    a small range are counted per value, and those of a range of 2**63 or more (or long
    double scores) go through :func:`tie_groups`: both give small or exact tables.

    Parameters
    ----------
    label : numpy.ndarray of int8 or bool
        0/1 labels, 1 positive (:func:`evalcore.core.validation.check_binary_scores`).
    score : numpy.ndarray
        Finite scores of the same length, in their own dtype (``keep_dtype=True``).

    Returns
    -------
    tuple of int
        ``(2U, P, N)``; the AUC is ``2U / (2·P·N)``, the fraction
        :func:`auc_from_groups` gives, so the same float bit for bit.

    See Also
    --------
    mann_whitney_from_groups : the same three numbers from a :class:`ScoreCounts`.
    """
    if score.dtype == np.float16:
        score = score.astype(np.float32)           # exact
    if score.dtype in _FLOAT_KEYS:
        nonnegative = bool(score.min() >= 0)             # -0.0 counts as 0 here
        if nonnegative or score.max() < 0:
            low = _float_key_offset(score, nonnegative=nonnegative)
            keys = _same_sign_float_keys(label, score, low, nonnegative=nonnegative)
            _sort_in_place(keys)
            return mann_whitney_from_sorted_keys(keys)
        negative = score < 0
        below = mann_whitney_counts(label[negative], score[negative])
        above = mann_whitney_counts(label[~negative], score[~negative])
        # each positive at or above 0 also outranks every negative below 0
        return (below[0] + above[0] + 2 * above[1] * below[2], below[1] + above[1],
                below[2] + above[2])
    if score.dtype.kind in "biu":
        integers, low_code, span = _integer_key_span(score)
        if _COUNTING_MAX_SPAN <= span < 2 ** 63:
            keys = _integer_keys(label, integers, low_code, span)
            _sort_in_place(keys)
            return mann_whitney_from_sorted_keys(keys)
    return mann_whitney_from_groups(tie_groups(label, score))


# --- which side of a threshold: decided exactly ------------------------------------------
def threshold_hits(score: np.ndarray, threshold: Any, rule: str) -> np.ndarray:
    """``score > threshold`` (or ``>=``) decided exactly, in the scores' own dtype.

    A float threshold is compared as it is (numpy compares a float64 with a long double
    exactly). An integer (or fraction) threshold that the scores' dtype cannot hold is
    replaced by its neighbour ``d`` in that dtype, with the comparison adjusted so that no
    score changes side: no representable score lies strictly between them.

    Parameters
    ----------
    score : numpy.ndarray
        Validated scores, float64 or long double (:func:`evalcore.core.validation.check_scores`).
    threshold : int, float, numpy scalar or fractions.Fraction
        The cut; may be ±inf, not NaN.
    rule : {">", ">="}
        A validated rule (:func:`evalcore.core.validation.check_rule`).

    Returns
    -------
    numpy.ndarray of bool
        True where the rule calls the score positive.

    Raises
    ------
    TypeError
        If ``threshold`` is not a real number (a bool, a string, None).
    ValueError
        If ``threshold`` is NaN.
    """
    if isinstance(threshold, (bool, np.bool_)) or not isinstance(threshold, numbers.Real):
        raise TypeError(f"threshold must be a real number, got {threshold!r}")
    if isinstance(threshold, (float, np.floating)):
        if np.isnan(threshold):
            raise ValueError("threshold must not be NaN")
        if isinstance(threshold, float) or threshold.dtype.itemsize <= score.dtype.itemsize \
                or not np.isfinite(threshold):
            cut = float(threshold) if isinstance(threshold, float) else threshold
            return score > cut if rule == ">" else score >= cut
        # a long double threshold against float64 scores: numpy may round it to float64
    try:
        exact = (Fraction(*threshold.as_integer_ratio()) if isinstance(threshold, np.floating)
                 else Fraction(threshold))
    except (TypeError, ValueError):
        exact = None
    if exact is None:             # a real number of another kind: compare as a float
        cut = float(threshold)
        if math.isnan(cut):
            raise ValueError("threshold must not be NaN")
        return score > cut if rule == ">" else score >= cut
    cut = nearest_of_dtype(exact, score.dtype.type)
    strict = (rule == ">") if exact_value(cut) == exact else exact_value(cut) < exact
    return score > cut if strict else score >= cut


def exact_value(value: Any) -> Fraction | float:
    """A float or long double as an exact fraction (±inf stays a float)."""
    if not np.isfinite(value):
        return float(value)
    return Fraction(*value.as_integer_ratio())


def nearest_of_dtype(exact: Fraction, kind: type) -> Any:
    """The value of dtype ``kind`` nearest to ``exact``: equal to it, or with no other value
    of ``kind`` between them."""
    try:
        if kind is np.float64:
            value = np.float64(float(exact))        # rounded once
        elif exact.denominator == 1:
            value = kind(exact.numerator)
        else:
            value = kind(exact.numerator) / kind(exact.denominator)
    except (OverflowError, ValueError):
        value = kind(math.inf if exact > 0 else -math.inf)
    if np.isfinite(value):        # a division may round to a value that is not adjacent
        down, up = kind(-math.inf), kind(math.inf)
        while exact_value(value) > exact and exact_value(np.nextafter(value, down)) >= exact:
            value = np.nextafter(value, down)
        while exact_value(value) < exact and exact_value(np.nextafter(value, up)) <= exact:
            value = np.nextafter(value, up)
    return value
