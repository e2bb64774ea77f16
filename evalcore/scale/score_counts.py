"""The summary a user keeps: :class:`ScoreCounts`, public and mergeable, with the ranking
metrics as its methods.

A :class:`ScoreCounts` keeps each distinct score with the number (or the weight) of positives
and of negatives that scored exactly it: three arrays as long as the number of distinct
scores, however many rows they came from. A user builds one from arrays or chunk by chunk,
adds two with ``+`` (or many at once with :meth:`ScoreCounts.merge`), saves it to ``.npz``,
and asks it for a metric: ``counts.roc_auc()`` is ``ec.roc_auc(y_true, y_score)`` on the rows
it summarizes, the same number, since the method and the array function call the same kernel
on the same tie groups (``roc_auc_from_groups``, and so on for each metric).
:func:`summarize_validated` is the way in for rows already checked (the Dask route's
partitions).

Why the cut falls here, at the top of the layers: the summary's methods reach kernels of the
core, of :mod:`evalcore.stats` (DeLong's variance and intervals) and of
:mod:`evalcore.decisions`, and no module may import one of a later layer; nothing below needs
the class, since every kernel reads any tie groups (a :class:`~evalcore.core.ranking.TieGroups`
or this class: the same three arrays). The class is what a summary is (built, checked, merged,
stored, shown); its methods are written by concept in two mixins,
:class:`~evalcore.scale.summary_metrics.SummaryMetrics` (curves, areas, DeLong) and
:class:`~evalcore.scale.summary_decisions.SummaryDecisions` (thresholds, costs, the hull,
capacity, decision curves). Nothing here sorts scores: :func:`evalcore.core.ranking.tie_groups`
does, and this module wraps its groups without checking them a second time, through a
constructor that stays private to it.

The class keeps the module that defines it as its ``__module__``, so that ``inspect`` (and
``ScoreCounts??`` in Jupyter) finds its source; a pickle therefore names this module, and the
``.npz`` of :meth:`ScoreCounts.save` is the format that outlives a move.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.frames import data_frame
from ..core.ranking import group_totals, is_weighted, tie_groups, validated_tie_groups
from .summary_decisions import SummaryDecisions
from .summary_metrics import SummaryMetrics

#: Distinct scores :meth:`ScoreCounts.merge` holds back at least before merging them into its
#: running total (2**20: about 24 MB), so that small parts are merged a few at a time.
MERGE_WAITING = 1 << 20


class ScoreCounts(SummaryMetrics, SummaryDecisions):
    """The exact, mergeable summary of scored data: each distinct score with the number (or
    weight) of positives and of negatives scoring exactly that.

    It is the table every ranking metric in evalcore is computed from: the ROC and PR curves,
    the AUC, AP, the counts at any threshold, the ROC convex hull and DeLong's variance need
    only these counts, never the rows. Build it from arrays in one call
    (:meth:`from_arrays`), or chunk by chunk (:meth:`update`), merge summaries with ``+`` in any
    order (many at once with :meth:`merge`), :meth:`save` and :meth:`load` it; then ask it
    for a metric with the method named as the array function: ``counts.roc_auc()``,
    ``counts.roc_curve()``, ``counts.confusion_matrix_at(0.5)``, ``counts.roc_auc_ci()``, ...
    (the array functions take arrays only). **Memory is the number of distinct scores**
    (three arrays of that length), not the number of rows: a model scoring 10⁹ rows into 10⁶
    distinct values needs about 24 MB.

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
    BinnedScoreCounts : a summary over bins of scores, whose memory is the number of bins.

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
    >>> merged.roc_auc() == ec.roc_auc(y, s) == 11 / 12
    True
    """

    summarizes_rows = True      # read by the arrays' checks: they refuse it, naming the method
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
        """The kernel's tie groups, or tables made from summaries: already distinct,
        increasing and with no empty group, so not checked again."""
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
        return cls._unchecked(*validated_tie_groups(y_true, y_score, sample_weight=sample_weight,
                                                    pos_label=pos_label))

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

    @classmethod
    def merge(cls, parts: Any) -> ScoreCounts:
        """The summary of many summaries at once: ``sum(parts)``, bit for bit, in about the
        time of one sort.

        ``a + b + c + ...`` re-merges a growing running total once per part, so merging k
        summaries of the same size costs about k²/2 of them. Here the parts are read one at a
        time (a list, or a generator that reads files) and held back until they hold as many
        distinct scores as the running total, and at least 2**20 (about a million); then they
        are merged into it in one step: their values sorted together (a stable sort, which
        merges the sorted parts) and the counts of equal values added. So the running total
        at least doubles at each step, or the parts held back are about its size: the work is
        that of a few sorts of the result, and the memory at most about twice the result,
        plus 2**20 distinct scores and one part.

        The result is that of adding the parts left to right with ``+``, bit for bit: integer
        counts are exact in any order, and weights (float64) are summed value by value in the
        parts' order, as ``+`` sums them (one float weight, in any part, makes every count a
        weight, as ``+`` does; a long double part makes the values long double).

        Parameters
        ----------
        parts : iterable of ScoreCounts
            The summaries, read once, in order; empty ones are allowed. No parts at all gives
            the empty summary (counts).

        Returns
        -------
        ScoreCounts

        Raises
        ------
        TypeError
            If a part is not a :class:`ScoreCounts` (the message gives its position).

        Examples
        --------
        >>> import evalcore as ec
        >>> y = [0, 1, 0, 1, 1, 0, 0]
        >>> s = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]
        >>> parts = (ec.ScoreCounts.from_arrays(y[i:i + 2], s[i:i + 2]) for i in range(0, 7, 2))
        >>> merged = ec.ScoreCounts.merge(parts)
        >>> merged.roc_auc() == ec.roc_auc(y, s) == 11 / 12
        True
        """
        try:
            parts = iter(parts)
        except TypeError:
            raise TypeError(f"parts must be an iterable of ScoreCounts, got "
                            f"{type(parts).__name__}") from None
        total: ScoreCounts | None = None
        waiting: list[ScoreCounts] = []
        waiting_length = 0
        for position, part in enumerate(parts):
            if not isinstance(part, ScoreCounts):
                raise TypeError(f"parts must hold ScoreCounts, got {type(part).__name__} at "
                                f"position {position}")
            waiting.append(part)
            waiting_length += len(part)
            if total is None or waiting_length >= max(len(total), MERGE_WAITING):
                total = _merged(([] if total is None else [total]) + waiting)
                waiting, waiting_length = [], 0
        if total is None or waiting:
            total = _merged(([] if total is None else [total]) + waiting)
        return total

    def __add__(self, other: Any) -> ScoreCounts:
        if not isinstance(other, ScoreCounts):
            return NotImplemented
        return _merged([self, other])

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
        return is_weighted(self)

    @property
    def n_pos(self) -> int | float:
        return group_totals(self)[0]

    @property
    def n_neg(self) -> int | float:
        return group_totals(self)[1]

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


def _merged(parts: list[ScoreCounts]) -> ScoreCounts:
    """The one merge of :meth:`ScoreCounts.merge` and ``+``: every part's values sorted
    together, stably (so equal values keep the parts' order), and the counts of equal values
    added: int64 counts exactly, float64 weights one after another in the parts' order (as
    ``np.bincount`` adds them), which is the left-to-right sum of ``+``. Float weights in any
    part make every count a weight."""
    weighted = any(part.weighted for part in parts)
    kind = np.float64 if weighted else np.int64
    filled = [part for part in parts if len(part)]
    if len(filled) <= 1:            # the empty summary is the identity
        if not filled:
            return ScoreCounts.empty(weighted=weighted)
        kept = filled[0]
        return ScoreCounts._unchecked(kept.values, *(a.astype(kind, copy=False)
                                                     for a in (kept.positives, kept.negatives)))
    values = np.concatenate([part.values for part in filled])
    order = np.argsort(values, kind="stable")     # sorted runs, one a part: a merge
    values = values[order]
    new_value = values[1:] != values[:-1]
    columns = [np.concatenate([getattr(part, name).astype(kind, copy=False)
                               for part in filled])[order]
               for name in ("positives", "negatives")]
    if new_value.all():             # no value in two parts: nothing to add
        return ScoreCounts._unchecked(values, *columns)
    starts = np.concatenate(([0], np.flatnonzero(new_value) + 1))
    if weighted:                    # in order, one at a time: the sums of ``+``
        group = np.cumsum(np.concatenate(([0], new_value)))
        sums = [np.bincount(group, weights=column, minlength=len(starts))
                for column in columns]
    else:
        sums = [np.add.reduceat(column, starts) for column in columns]
    return ScoreCounts._unchecked(values[starts], *sums)


def _is_empty(values: Any) -> bool:
    """Whether ``values`` is a sequence or array of length 0 (an empty chunk)."""
    try:
        return values is not None and not isinstance(values, (str, bytes)) and len(values) == 0
    except TypeError:
        return False


def summarize_validated(label: np.ndarray, score: np.ndarray,
                        weight: np.ndarray | None = None) -> ScoreCounts:
    """The summary of rows already validated (as
    :func:`evalcore.core.validation.check_binary_scores` returns them, ``keep_dtype=True`` or
    not): the kernel's tie groups (:func:`evalcore.core.ranking.tie_groups`), wrapped as they
    are, with no second check (for the Dask route's partitions)."""
    return ScoreCounts._unchecked(*tie_groups(label, score, weight))
