"""The one resampling engine: draws, one loop evaluating a statistic, percentile and BCa.

Every interval and test of evalcore that resamples runs here: :func:`~evalcore.bootstrap_ci`
and :func:`~evalcore.paired_bootstrap_ci`, the bootstrap of :func:`~evalcore.roc_auc_ci`,
pROC's rate intervals (:func:`~evalcore.sensitivity_at_specificity`,
:func:`~evalcore.specificity_at_sensitivity`, :func:`~evalcore.operating_point_ci`) and the
Monte Carlo and exact paired permutation tests. As in scipy's ``stats/_resampling.py``, a
method is a *statistic* (a function of one draw) and a choice of draws, not a loop of its own.

**Draws.** A draw says which cases a resample holds. Each generator yields batches, arrays
with one draw per row:

* :func:`case_draws`: ``n`` case indices drawn from all ``n`` cases, with replacement;
* :func:`stratified_draws`: the same within each stratum (the positives, then the
  negatives), so every resample keeps the class counts;
* a *paired* draw is one of these applied to several arrays at once (the labels and each
  classifier's scores): the statistic receives one index row and takes every array at it;
* :func:`swap_draws` and :func:`all_swaps`: which cases swap their two scores (a paired
  permutation), random or every one of the ``2**n``;
* :func:`permutation_draws`: a random permutation of given values per row;
* :func:`leave_one_out`: the jackknife's draws, for BCa.

The random draws come from the generator in the order and with the calls of
``scipy.stats.bootstrap`` with ``batch=1`` (one resample after the other; numpy's bounded
integers and ``permuted`` give the same stream whatever the batch size), so the two see the
same resamples: the scipy-parity tests pin this order.

**One loop, one warning policy.** :class:`Evaluation` calls the statistic on every draw of a
batch, or once per batch for a vectorized statistic. The statistic returns a number, a
vector of ``width`` numbers, or ``nan`` where it is undefined (a resample without a
positive). What the statistic says while it runs is sorted out once: on a draw where it
returns ``nan`` its own warnings (its UndefinedMetricWarning, numpy's RuntimeWarning for
0/0) are dropped, because the caller reports undefined draws in ONE
:class:`~evalcore.UndefinedMetricWarning` built by :func:`undefined_draws`; on a draw where
it returns a number its UndefinedMetricWarnings are dropped too and any other warning is
passed on once (not once per draw) when the evaluation ends.

**Intervals.** :func:`bootstrap` evaluates the statistic on the data, then on ``n_boot``
resamples, leaves out (and counts) the resamples on which it is undefined, and reads the
percentile interval (:func:`percentile_interval`) or the BCa interval (the same quantiles
at the levels that :func:`bias_correction`, :func:`acceleration` and :func:`bca_levels`
give) off the others. An infinite value of the statistic, on the data or on any resample,
makes the interval undefined: quantiles of values that include ``±inf`` are ``inf`` or
``nan`` by the accident of interpolation, and leaving infinite values out (as undefined
ones are) would drop the most extreme resamples and bias the interval without a trace. The
result says why in its ``warning`` (empty when there is nothing to say); the public
function emits it, so that the warning points at its caller.
"""

from __future__ import annotations

import math
import warnings
from typing import Any, Callable, Iterable, Iterator, NamedTuple

import numpy as np
from scipy import special

from ..core.validation import UndefinedMetricWarning

#: At most this many drawn values (indices, swaps, permuted values) are held at once.
BATCH_VALUES = 1 << 20

#: What leaves a bootstrap interval undefined on some resamples, said in the warning.
NO_POSITIVE = "for example resamples without a positive"


# ----------------------------------------------------------------------------- draws

def _batches(n_draws: int, row: int) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` of consecutive batches of ``n_draws`` rows of ``row`` values each,
    a batch holding at most BATCH_VALUES values (and at least one row)."""
    size = max(1, min(n_draws, BATCH_VALUES // max(row, 1)))
    for start in range(0, n_draws, size):
        yield start, min(n_draws, start + size)


def case_draws(rng: np.random.Generator, n: int, n_draws: int) -> Iterator[np.ndarray]:
    """The case bootstrap: rows of ``n`` indices drawn from ``range(n)`` with replacement."""
    for start, stop in _batches(n_draws, n):
        yield rng.integers(0, n, (stop - start, n))


def stratified_draws(rng: np.random.Generator, strata: list[np.ndarray],
                     n_draws: int) -> Iterator[np.ndarray]:
    """The stratified bootstrap: each row draws every stratum's indices from that stratum
    (with replacement, as many as it holds), stratum after stratum, one row after the
    other; an empty stratum draws nothing."""
    n = sum(stratum.size for stratum in strata)
    for start, stop in _batches(n_draws, n):
        rows = np.empty((stop - start, n), dtype=np.int64)
        for row in rows:
            filled = 0
            for stratum in strata:
                if stratum.size:
                    row[filled:filled + stratum.size] = stratum[
                        rng.integers(0, stratum.size, stratum.size)]
                    filled += stratum.size
        yield rows


def class_strata(label: np.ndarray) -> list[np.ndarray]:
    """The indices of the positives and of the negatives: the strata of a stratified
    bootstrap and the groups of its jackknife."""
    return [np.flatnonzero(label == 1), np.flatnonzero(label == 0)]


def bootstrap_draws(rng: np.random.Generator, label: np.ndarray, n_draws: int, *,
                    stratified: bool) -> Iterator[np.ndarray]:
    """Case draws, or draws stratified by class."""
    if stratified:
        return stratified_draws(rng, class_strata(label), n_draws)
    return case_draws(rng, label.shape[0], n_draws)


def swap_draws(rng: np.random.Generator, n: int, n_draws: int) -> Iterator[np.ndarray]:
    """Random paired swaps: rows of ``n`` fair coin tosses (True: swap the case's scores)."""
    for start, stop in _batches(n_draws, n):
        yield rng.integers(0, 2, size=(stop - start, n)).astype(bool)


def all_swaps(n: int) -> Iterator[np.ndarray]:
    """Every one of the ``2**n`` swaps, row ``r`` swapping the cases whose bit is set in r."""
    for start, stop in _batches(2 ** n, n):
        yield ((np.arange(start, stop)[:, None] >> np.arange(n)) & 1).astype(bool)


def permutation_draws(rng: np.random.Generator, values: np.ndarray,
                      n_draws: int) -> Iterator[np.ndarray]:
    """Rows that are each a random permutation of ``values``."""
    for start, stop in _batches(n_draws, values.shape[0]):
        yield rng.permuted(np.broadcast_to(values, (stop - start, values.shape[0])), axis=1)


def leave_one_out(group: np.ndarray, n: int) -> Iterator[np.ndarray]:
    """The jackknife's draws: rows of all of ``range(n)`` but one case of ``group``, for each
    case of ``group`` in turn."""
    everyone = np.arange(n)
    for start, stop in _batches(group.size, n):
        yield np.stack([np.delete(everyone, case) for case in group[start:stop]])


# ----------------------------------------------------------------------------- the one loop

class Evaluation:
    """A statistic evaluated on draws, under the one warning policy (see the module
    docstring). Use it as a context manager::

        with Evaluation(statistic) as evaluation:
            estimate = evaluation.one(np.arange(n))
            values = evaluation.all(case_draws(rng, n, 2000))

    Parameters
    ----------
    statistic : callable
        ``statistic(draw)`` for one draw (a 1-D row); with ``vectorized=True``,
        ``statistic(batch)`` for a 2-D batch, returning one value (or row of ``width``
        values) per draw. It returns ``nan`` where it is undefined.
    width : int or None, default=None
        ``None`` for a statistic returning one number, else the length of its vector.
    vectorized : bool, default=False
        Whether the statistic takes a whole batch at once.

    Attributes
    ----------
    said_on_nan : str
        The first UndefinedMetricWarning the statistic gave where it returned ``nan`` (to
        quote why it is undefined on the data), or ``""``.
    """

    def __init__(self, statistic: Callable[[np.ndarray], Any], *, width: int | None = None,
                 vectorized: bool = False) -> None:
        self.statistic, self.width, self.vectorized = statistic, width, vectorized
        self.said_on_nan = ""
        self._kept: dict = {}
        self._context: Any = None
        self._caught: list = []

    def __enter__(self) -> "Evaluation":
        self._context = warnings.catch_warnings(record=True)
        self._caught = self._context.__enter__()
        warnings.simplefilter("always")
        return self

    def __exit__(self, *exc: Any) -> bool:
        self._context.__exit__(*exc)
        if exc[0] is None:
            for w in self._kept.values():
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
        return False

    def _sort_out(self, start: int, undefined_seen: bool) -> None:
        """Keep the other warnings said since ``start``; drop the undefined-metric ones."""
        said = self._caught[start:]
        del self._caught[start:]
        if undefined_seen:
            if not self.said_on_nan:
                self.said_on_nan = next((str(w.message) for w in said if issubclass(
                    w.category, UndefinedMetricWarning)), "")
            return
        for w in said:
            if not issubclass(w.category, UndefinedMetricWarning):
                self._kept.setdefault((w.category, str(w.message)), w)

    def one(self, draw: np.ndarray) -> Any:
        """The statistic on one draw: a float, a vector of ``width`` values, or ``nan``
        (as ``nan``, or a vector of ``nan``)."""
        if self.vectorized:
            return self.all([draw[None, :]])[0]
        start = len(self._caught)
        value = self.statistic(draw)
        if self.width is None:
            undefined_here = math.isnan(value)
        else:
            value = np.asarray(value, dtype=np.float64)
            undefined_here = bool(np.isnan(value).any())
            if undefined_here or value.ndim == 0:
                value = np.full(self.width, np.nan if undefined_here else value)
        self._sort_out(start, undefined_here)
        return value

    def all(self, draws: Iterable[np.ndarray]) -> np.ndarray:
        """The statistic on every draw of every batch: shape ``(draws,)`` or
        ``(draws, width)``, ``nan`` (rows) where it is undefined."""
        chunks = []
        for batch in draws:
            if self.vectorized:
                start = len(self._caught)
                values = np.asarray(self.statistic(batch))
                self._sort_out(start, values.dtype.kind == "f" and bool(np.isnan(values).any()))
            elif self.width is None:
                values = np.fromiter((self.one(draw) for draw in batch), dtype=np.float64,
                                     count=batch.shape[0])
            else:
                values = np.array([self.one(draw) for draw in batch]).reshape(-1, self.width)
            chunks.append(values)
        if not chunks:
            return np.empty((0,) if self.width is None else (0, self.width))
        return np.concatenate(chunks)


def undefined_rows(values: np.ndarray) -> np.ndarray:
    """Which draws the statistic was undefined on (a ``nan`` anywhere in the row)."""
    if values.dtype.kind != "f":
        return np.zeros(values.shape[0], dtype=bool)
    return np.isnan(values) if values.ndim == 1 else np.isnan(values).any(axis=1)


def infinite_rows(values: np.ndarray) -> np.ndarray:
    """Which draws the statistic was infinite on (``±inf`` anywhere in the row)."""
    if values.dtype.kind != "f":
        return np.zeros(values.shape[0], dtype=bool)
    return np.isinf(values) if values.ndim == 1 else np.isinf(values).any(axis=1)


def undefined_draws(what: str, count: int, total: int, *, unit: str = "resamples",
                    why: str = "", left_out: bool = False) -> str:
    """The one sentence for a statistic undefined (``nan``) on ``count`` of ``total`` draws.

    ``left_out``: the draws were left out (a bootstrap interval); otherwise the result is
    undefined (a test, or every draw undefined).
    """
    reason = f" ({why})" if why else ""
    if left_out and count < total:
        return (f"the metric was undefined (nan) on {count} of {total} {unit}{reason}; they "
                f"were left out, so the interval comes from the other {total - count}")
    on = f"all {total}" if count == total else f"{count} of {total}"
    return f"the {what} is undefined: the metric was undefined (nan) on {on} {unit}{reason}"


def undefined_on_the_data(what: str, evaluation: Evaluation) -> str:
    """The one sentence for a statistic undefined on the data, quoting the metric's reason."""
    said = f" ({evaluation.said_on_nan})" if evaluation.said_on_nan else ""
    return f"the {what} is undefined: the metric is undefined (nan) on the data{said}"


def infinite_values(what: str, where: str, *, result: str = "interval") -> str:
    """The one sentence for a ``result`` undefined because the statistic was infinite
    ``where`` (``"on the data"``, ``"on 3 of 2000 resamples"``)."""
    return (f"the {what} is undefined: the metric is infinite {where}, and no {result} can be "
            f"read from infinite values")


# ----------------------------------------------------------------------------- intervals

def percentile_interval(values: np.ndarray, lower: float, upper: float, *,
                        median: bool = False) -> tuple[np.ndarray, ...]:
    """The ``lower`` and ``upper`` quantiles of ``values`` (columns for a vector
    statistic), and the median between them if asked; ``nan`` when there are no values."""
    levels = [lower, 0.5, upper] if median else [lower, upper]
    if values.shape[0] == 0:
        nothing = np.full(values.shape[1:], np.nan)
        return tuple(nothing for _ in levels)
    return tuple(np.quantile(values, levels, axis=0))


def bias_correction(estimate: float, values: np.ndarray) -> float:
    """BCa's bias correction ``z0 = Φ⁻¹(share of values below the estimate, ties counting
    half)``, as ``scipy.stats.bootstrap`` computes it; ``±inf`` when the estimate lies
    below or above every value."""
    share = (np.count_nonzero(values < estimate)
             + np.count_nonzero(values <= estimate)) / (2.0 * values.size)
    if share in (0.0, 1.0):
        return -math.inf if share == 0.0 else math.inf
    return float(special.ndtri(share))


def acceleration(jackknife: list[np.ndarray]) -> float:
    """BCa's acceleration from the jackknife values of each group (Efron and Tibshirani
    1993, eq. 14.15; several groups combined as ``scipy.stats.bootstrap`` combines several
    samples). ``nan`` leave-one-out values are skipped; 0 if the values do not vary.

    References
    ----------
    B. Efron and R. J. Tibshirani (1993), *An Introduction to the Bootstrap*, Chapman & Hall,
    chapters 13-14.
    """
    numerator = denominator = 0.0
    for values in jackknife:
        values = values[~np.isnan(values)]
        size = values.size
        if size < 2:
            continue
        spread = (size - 1) * (values.mean() - values)
        numerator += float(np.sum(spread ** 3)) / size ** 3
        denominator += float(np.sum(spread ** 2)) / size ** 2
    if denominator == 0.0:
        return 0.0
    return numerator / (6.0 * denominator ** 1.5)


def bca_levels(z0: float, a: float, lower: float, upper: float) -> tuple[float, float]:
    """The quantile levels that BCa (Efron 1987) reads instead of ``lower`` and ``upper``:
    ``Φ(z0 + (z0 + z)/(1 − a(z0 + z)))`` for z the normal quantile of each tail.

    References
    ----------
    B. Efron (1987), "Better bootstrap confidence intervals", *Journal of the American
    Statistical Association* 82(397), 171-185.
    """
    levels = []
    for tail in (lower, upper):
        z = z0 + float(special.ndtri(tail))
        levels.append(float(special.ndtr(z0 + z / (1.0 - a * z))))
    return levels[0], levels[1]


class BootstrapResult(NamedTuple):
    """What :func:`bootstrap` found: floats for a statistic of one number, arrays of
    ``width`` values for a vector; ``median`` is ``None`` unless asked for; ``warning`` the
    one sentence the caller emits as an UndefinedMetricWarning, ``""`` if all went well."""

    low: Any
    estimate: Any
    high: Any
    median: Any
    n_undefined: int
    warning: str


def bootstrap(statistic: Callable[[np.ndarray], Any], label: np.ndarray, *,
              rng: np.random.Generator, n_boot: int, level: float, what: str,
              method: str = "percentile", stratified: bool = False, why: str = NO_POSITIVE,
              width: int | None = None, median: bool = False) -> BootstrapResult:
    """A bootstrap interval of ``statistic(index)``, a statistic of the cases ``index``.

    The statistic is evaluated on the data (``index = range(n)``), then on ``n_boot`` case
    or stratified resamples (paired: one index for every array the statistic reads). If it
    is undefined on the data nothing is resampled and everything is ``nan``; resamples on
    which it is undefined are left out and counted; if it is infinite on the data or on a
    resample, or undefined on every resample, the interval is ``nan``.

    Parameters
    ----------
    statistic : callable
        ``statistic(index) -> float`` (or a vector of ``width`` floats), ``nan`` where
        undefined; ``index`` is a 1-D array of case indices.
    label : numpy.ndarray of shape (n,)
        The 0/1 labels: the number of cases, and the strata of a stratified bootstrap.
    rng : numpy.random.Generator
        The generator the resamples are drawn from.
    n_boot : int
        The number of resamples.
    level : float
        The confidence level, strictly between 0 and 1.
    what : str
        The interval's name in the warning (``"bootstrap interval"``).
    method : {"percentile", "bca"}, default="percentile"
        BCa for a statistic of one number only; its jackknife leaves out one case at a
        time, within each class for the stratified bootstrap.
    stratified : bool, default=False
        Resample within each class instead of resampling cases.
    why : str, default=NO_POSITIVE
        What makes the statistic undefined on a resample, said in the warning.
    width : int or None, default=None
        The length of a vector statistic.
    median : bool, default=False
        Also return the median of the resampled values.

    Returns
    -------
    BootstrapResult
        ``(low, estimate, high, median, n_undefined, warning)``.

    See Also
    --------
    evalcore.bootstrap_ci, evalcore.paired_bootstrap_ci, evalcore.operating_point_ci

    References
    ----------
    B. Efron and R. J. Tibshirani (1993), *An Introduction to the Bootstrap*, Chapman &
    Hall, chapters 13-14.

    Examples
    --------
    The mean of six numbers, with a 90% percentile interval from 1000 case resamples:

    >>> import numpy as np
    >>> x = np.array([2.0, 4.0, 4.0, 5.0, 7.0, 9.0])
    >>> result = bootstrap(lambda index: float(x[index].mean()), np.ones(6, dtype=int),
    ...                    rng=np.random.default_rng(0), n_boot=1000, level=0.9,
    ...                    what="bootstrap interval")
    >>> round(result.estimate, 4), bool(3.5 < result.low < 5.1667 < result.high < 7)
    (5.1667, True)
    >>> result.n_undefined, result.warning
    (0, '')
    """
    n = label.shape[0]
    nothing = math.nan if width is None else np.full(width, np.nan)
    scalar = (lambda v: float(v)) if width is None else (lambda v: v)
    reasons: list[str] = []

    def result(low, estimate, high, middle, n_undefined):
        return BootstrapResult(low, estimate, high, middle if median else None, n_undefined,
                               "; ".join(reasons))
    with Evaluation(statistic, width=width) as evaluation:
        estimate = evaluation.one(np.arange(n))
        if np.isnan(estimate).any():
            reasons.append(undefined_on_the_data(what, evaluation))
            return result(nothing, nothing, nothing, nothing, 0)
        if np.isinf(estimate).any():
            reasons.append(infinite_values(what, "on the data"))
            return result(nothing, estimate, nothing, nothing, 0)
        values = evaluation.all(bootstrap_draws(rng, label, n_boot, stratified=stratified))
        undefined_mask = undefined_rows(values)
        n_undefined = int(np.count_nonzero(undefined_mask))
        if n_undefined:
            reasons.append(undefined_draws(what, n_undefined, n_boot, why=why, left_out=True))
            if n_undefined == n_boot:
                return result(nothing, estimate, nothing, nothing, n_undefined)
            values = values[~undefined_mask]
        infinite = int(np.count_nonzero(infinite_rows(values)))
        if infinite:
            reasons.append(infinite_values(what, f"on {infinite} of {n_boot} resamples"))
            return result(nothing, estimate, nothing, nothing, n_undefined)
        lower, upper = 0.5 - level / 2, 0.5 + level / 2
        if method == "bca":
            z0 = bias_correction(estimate, values)
            if math.isinf(z0):
                reasons.append(f"the BCa {what} is undefined: the estimate {estimate:g} lies "
                               f"{'below' if z0 < 0 else 'above'} every bootstrap value, so "
                               f"the bias correction is infinite")
                return result(nothing, estimate, nothing, nothing, n_undefined)
            groups = class_strata(label) if stratified else [np.arange(n)]
            jackknife = [evaluation.all(leave_one_out(group, n)) for group in groups]
            infinite = sum(int(np.count_nonzero(np.isinf(v))) for v in jackknife)
            if infinite:
                reasons.append(infinite_values(
                    f"BCa {what}", f"on {infinite} of the {n} leave-one-out sets of its "
                    f"jackknife"))
                return result(nothing, estimate, nothing, nothing, n_undefined)
            lower, upper = bca_levels(z0, acceleration(jackknife), lower, upper)
        ends = percentile_interval(values, lower, upper, median=median)
        return result(scalar(ends[0]), estimate, scalar(ends[-1]), ends[1] if median else None,
                      n_undefined)
