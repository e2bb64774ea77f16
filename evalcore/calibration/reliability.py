"""Calibration: do the scores mean what they say, as probabilities?

Everything else in evalcore only uses the *order* of the scores; a score need not be a
probability, only larger for cases more likely positive. When scores are read as
probabilities ``p = P(y = 1 | x)``, two more questions arise: are they calibrated (of the
cases given 0.8, are 80 % positive?), and how good are they as forecasts? The reliability
curve answers the first; the Brier score and the log loss, both proper scoring rules,
answer the second.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from ..core.frames import data_frame
from ..core.options import check_int, check_one_of, check_optional, check_real
from ..core.validation import (as_1d, check_binary_scores, check_label, check_scores, shown,
                               unit_scale)


#: The most bins :func:`reliability_curve` accepts (each bin is an array entry).
MAX_BINS = 10_000_000


class ReliabilityCurve(NamedTuple):
    """One entry per non-empty bin: mean predicted probability, observed frequency of
    positives, and the (weighted) number of cases in the bin; ``bin_edges`` lists all
    ``n_bins + 1`` edges."""

    mean_predicted: np.ndarray
    observed_frequency: np.ndarray
    counts: np.ndarray
    bin_edges: np.ndarray

    def to_frame(self):
        """The non-empty bins as a pandas DataFrame, columns ``mean_predicted``,
        ``observed_frequency`` and ``counts`` (``bin_edges``, one more than the bins and
        for empty bins too, stays on the result)."""
        return data_frame({"mean_predicted": self.mean_predicted,
                           "observed_frequency": self.observed_frequency,
                           "counts": self.counts})


def _two_column_shape(y_prob: Any) -> tuple | None:
    """The shape of ``y_prob`` if it has two columns, as ``predict_proba`` returns them."""
    try:
        shape = np.shape(y_prob)
    except (TypeError, ValueError):         # ragged lists: as_1d says what is wrong
        return None
    return shape if len(shape) == 2 and shape[1] == 2 else None


def _class_columns(y_true: Any, y_prob: Any, pos_label: Any) -> tuple[Any, Any]:
    """``(y_prob, None)``, or, when ``y_prob`` is ``predict_proba``'s output of shape
    (n, 2), its positive class's column and the other class's, as float64.

    The columns follow the sorted labels (scikit-learn's ``classes_``): for {0, 1},
    {-1, 1} and booleans the positive class, 1, is the second column; with ``pos_label``
    it is that label's place among the two labels of ``y_true``, which must then hold both.
    Each row must sum to 1 (to the input's precision): two columns that are not the
    probabilities of the two classes are refused, not read.
    """
    shape = _two_column_shape(y_prob)
    if shape is None:
        return y_prob, None
    truth = as_1d(y_true, "y_true")
    if shape[0] != truth.shape[0]:
        if shape[0] == 1:
            return y_prob, None             # a row of two samples: as_1d says what is wrong
        raise ValueError(f"inputs must have the same length: y_prob has {shape[0]} rows (of "
                         f"two columns, predict_proba's), y_true has {truth.shape[0]} samples")
    given = y_prob.to_numpy() if hasattr(y_prob, "to_numpy") else y_prob
    dtype = getattr(given, "dtype", np.dtype(np.float64))
    columns = check_scores(np.ravel(given), "y_prob").reshape(shape)
    eps = np.finfo(dtype if dtype.kind == "f" and dtype.itemsize < 8 else np.float64).eps
    sums = columns.sum(axis=1)
    if not np.allclose(sums, 1, rtol=0, atol=math.sqrt(eps)):
        row = int(np.argmax(np.abs(sums - 1)))
        raise ValueError(f"y_prob has two columns, read as predict_proba's probabilities of "
                         f"the two classes, but row {row} sums to {shown(sums[row])}, not 1: "
                         f"pass the positive class's probabilities as one column")
    if pos_label is None:
        return columns[:, 1], columns[:, 0]
    check_label(pos_label, "pos_label")
    labels = np.unique(truth).tolist()
    if len(labels) < 2:
        raise ValueError(f"y_prob has two columns (predict_proba's, in the sorted order of the "
                         f"labels) but y_true holds only {shown(labels[0])}, so the place of "
                         f"pos_label={shown(pos_label)} among the two labels is unknown: pass "
                         f"its column, y_prob[:, k]")
    positive = labels.index(pos_label) if pos_label in labels else 1
    return columns[:, positive], columns[:, 1 - positive]


def check_unit_interval(prob: np.ndarray, name: str) -> None:
    """Refuse checked scores that are no probabilities: a ``ValueError`` naming ``name`` and
    the first value outside [0, 1]."""
    if np.any((prob < 0) | (prob > 1)):
        bad = np.flatnonzero((prob < 0) | (prob > 1))
        raise ValueError(f"{name} must hold probabilities in [0, 1]: {bad.size} values lie "
                         f"outside (first {shown(prob[bad[0]])} at index {bad[0]}); rescale "
                         f"scores or calibrate them first")


def check_probabilities(y_true: Any, y_prob: Any, sample_weight: Any,
                        pos_label: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The labels as 0/1, the probabilities as float64 and the weights (ones if ``None``)
    of every calibration measure: binary labels, finite probabilities in [0, 1] (or
    ``predict_proba``'s two columns, of which the positive class's is read), valid weights;
    each rule broken is a ``ValueError``/``TypeError`` naming the argument."""
    label, prob, weight = check_binary_scores(y_true, _class_columns(y_true, y_prob, pos_label)[0],
                                              sample_weight=sample_weight, pos_label=pos_label,
                                              score_name="y_prob")
    check_unit_interval(prob, "y_prob")
    if weight is None:
        weight = np.ones(prob.shape)
    return label, prob.astype(np.float64), weight


def reliability_curve(y_true: Any, y_prob: Any, *, n_bins: int = 10, strategy: str = "uniform",
                      sample_weight: Any = None, pos_label: Any = None) -> ReliabilityCurve:
    """Binned mean predicted probability against the observed frequency of positives.

    Binning: [0, 1] is cut into ``n_bins`` bins of equal width; bin ``k`` holds the
    probabilities in ``(e_k, e_{k+1}]``, except the first, which also holds 0 (so a value
    on an inner edge goes to the lower bin). Empty bins are left out. These are the bins of
    ``sklearn.calibration.calibration_curve(..., strategy="uniform")``. A calibrated
    classifier has its points on the diagonal; with few cases per bin the points scatter,
    so read them with the ``counts``.

    With ``strategy="quantile"`` the edges are instead the quantiles of ``y_prob`` at
    ``0, 1/n_bins, ..., 1`` (the bins of ``calibration_curve(..., strategy="quantile")``:
    numpy's default, linear quantiles; with unequal weights, the weighted quantiles of the
    inverted distribution function), so each bin holds about the same share of the cases;
    tied probabilities can merge bins, and empty bins are left out here too.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels.
    y_prob : array-like of shape (n,) or (n, 2)
        Predicted probabilities of the positive class, in [0, 1]; or ``predict_proba``'s two
        columns, one per class in the sorted order of the labels (rows summing to 1), of
        which the positive class's is used.
    n_bins : int, default=10
        Number of bins (at least 1).
    strategy : {"uniform", "quantile"}, default="uniform"
        Bins of equal width, or bins holding equal shares of the cases.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights (each case counts with its weight). ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    ReliabilityCurve
        The counts are the (weighted) totals per bin as given; the means are computed from
        the weights' ratios, so weights near 1e308 or subnormal weights do not spoil them.

    Raises
    ------
    TypeError
        If ``n_bins`` is not an integer, or the labels, probabilities or weights are of the
        wrong kind (missing values, strings mixed with numbers).
    ValueError
        If ``n_bins`` is below 1 (or above :data:`MAX_BINS`), ``strategy`` is neither
        ``"uniform"`` nor ``"quantile"``, a probability lies outside [0, 1], two columns of
        ``y_prob`` do not sum to 1, or the labels or weights break their rules.

    See Also
    --------
    brier_score, log_loss : one number for the quality of the probabilities.

    Examples
    --------
    >>> import evalcore as ec
    >>> rc = ec.reliability_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], n_bins=2)
    >>> rc.mean_predicted.tolist(), rc.observed_frequency.tolist(), rc.counts.tolist()
    ([0.2833333333333333, 0.8], [0.3333333333333333, 1.0], [3.0, 1.0])
    """
    n_bins = check_int(n_bins, "n_bins", low=1, high=MAX_BINS)
    strategy = check_one_of(strategy, ("uniform", "quantile"), "strategy")
    label, prob, weight = check_probabilities(y_true, y_prob, sample_weight, pos_label)
    return reliability_from_edges(label, prob, weight, bin_edges(prob, weight, n_bins, strategy))


def bin_edges(prob: np.ndarray, weight: np.ndarray, n_bins: int, strategy: str) -> np.ndarray:
    """The ``n_bins + 1`` edges of :func:`reliability_curve`'s bins for checked probabilities
    and weights: equal widths on [0, 1] (``"uniform"``) or the quantiles of ``prob``
    (``"quantile"``; linear quantiles when the weights are equal, weighted inverted-CDF
    quantiles otherwise)."""
    levels = np.linspace(0.0, 1.0, n_bins + 1)
    if strategy == "uniform":
        return levels
    # percentiles, not quantiles: scikit-learn's edges to the last bit (levels·100 and the
    # levels interpolate differently in the last place, and a value on an edge changes bin)
    if np.all(weight == weight[0]):
        return np.percentile(prob, levels * 100)
    return np.percentile(prob, levels * 100, weights=unit_scale(weight), method="inverted_cdf")


def reliability_from_edges(label: np.ndarray, prob: np.ndarray, weight: np.ndarray,
                           edges: np.ndarray) -> ReliabilityCurve:
    """:func:`reliability_curve` of checked labels, probabilities and weights with the given
    bin edges: bin ``k`` holds ``(e_k, e_{k+1}]``, the first bin also what lies below."""
    n_bins = edges.size - 1
    # index of the first inner edge >= p: p in (e_k, e_{k+1}] goes to bin k, 0 to bin 0
    which = np.searchsorted(edges[1:-1], prob, side="left")
    with np.errstate(over="ignore"):
        counts = np.bincount(which, weights=weight, minlength=n_bins)
    # the means only need the ratios of the weights: scaled by one power of two, weights
    # near 1e308 no longer overflow and subnormal ones no longer lose their digits
    scaled = unit_scale(weight)
    scaled_counts = np.bincount(which, weights=scaled, minlength=n_bins)
    sums = np.bincount(which, weights=scaled * prob, minlength=n_bins)
    hits = np.bincount(which, weights=scaled * label, minlength=n_bins)
    full = counts > 0
    return ReliabilityCurve(sums[full] / scaled_counts[full], hits[full] / scaled_counts[full],
                            counts[full], edges)


def own_float_type(y_prob: Any) -> np.dtype:
    """The floating type scikit-learn keeps for probabilities, read without copying them:
    float16 or float32 when that is the type of a numpy array or pandas Series, or the
    common type (numpy's promotion) of a DataFrame's columns, all of numpy types; float64
    for anything else (lists, integers, long double, pandas' nullable types)."""
    given = getattr(y_prob, "dtype", None)
    if given is None and hasattr(y_prob, "dtypes"):     # a DataFrame: its columns together
        columns = list(y_prob.dtypes)
        if columns and all(isinstance(dtype, np.dtype) for dtype in columns):
            given = np.result_type(*columns)
    if isinstance(given, np.dtype) and given in (np.float16, np.float32):
        return given
    return np.dtype(np.float64)


def brier_score(y_true: Any, y_prob: Any, *, sample_weight: Any = None,
                pos_label: Any = None) -> float:
    """The Brier score: the mean squared difference between probability and outcome.

    ``(1/n) Σ (p_i − y_i)²`` with ``y_i`` in {0, 1}; 0 is perfect, always forecasting 0.5
    scores 0.25. It equals ``sklearn.metrics.brier_score_loss``. Only the ratios of the
    weights matter (weights of 1e308 or subnormal weights give the value of weights of 1).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels.
    y_prob : array-like of shape (n,) or (n, 2)
        Predicted probabilities of the positive class, in [0, 1]; or ``predict_proba``'s two
        columns, one per class in the sorted order of the labels (rows summing to 1), of
        which the positive class's is used.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights. ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    float

    Raises
    ------
    TypeError
        If the labels, probabilities or weights are of the wrong kind.
    ValueError
        If a probability lies outside [0, 1], two columns of ``y_prob`` do not sum to 1, or
        the labels or weights break their rules.

    See Also
    --------
    log_loss : the other proper scoring rule.
    reliability_curve : calibration bin by bin.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.brier_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 6)
    0.158125
    """
    label, prob, weight = check_probabilities(y_true, y_prob, sample_weight, pos_label)
    return float(np.average((prob - label) ** 2, weights=unit_scale(weight)))


def log_loss(y_true: Any, y_prob: Any, *, eps: float | None = None, sample_weight: Any = None,
             pos_label: Any = None) -> float:
    """The log loss (cross-entropy): ``−(1/n) Σ [y_i ln p_i + (1 − y_i) ln(1 − p_i)]``.

    A confident wrong forecast (``p = 0`` for a positive) has infinite loss. To keep the
    value finite each case's probability of its true class is first clipped to
    ``[eps, 1 − eps]``; by default ``eps`` is the machine epsilon of the probabilities' own
    floating type, as in ``sklearn.metrics.log_loss`` (1.9): the type of a numpy array or
    pandas Series, or the common type of a DataFrame's columns, when it is float16 (eps
    9.8e-4) or float32 (1.2e-7), and float64 (2.2e-16) for anything else (lists, integers,
    long double, pandas' nullable types), the types scikit-learn keeps. So a case given
    probability 0 of its true class costs ``−ln(eps)``: ≈ 36.04 in float64, ≈ 15.94 in
    float32, ≈ 6.93 in float16. Of ``predict_proba``'s two columns the true class's own is
    read, as scikit-learn reads it (not one minus the other's). The loss is then computed in
    float64 (scikit-learn computes in the input's type, so a float16 or float32 result may
    differ from it in the last digits of that type). Natural logarithm (nats).

    scikit-learn 1.9 takes no ``eps`` (it deprecated the option in 1.3 and removed it in
    1.5); evalcore keeps it, and its default is scikit-learn's clipping.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels.
    y_prob : array-like of shape (n,) or (n, 2)
        Predicted probabilities of the positive class, in [0, 1]; or ``predict_proba``'s two
        columns, one per class in the sorted order of the labels (rows summing to 1), of
        which the positive class's is used.
    eps : float, default=None
        Clipping margin in [0, 0.5); ``eps=0`` clips nothing (the loss may be ``inf``).
        ``None``: the machine epsilon of ``y_prob``'s floating type, float16 or float32
        (float64's for any other, a list or integers), as in scikit-learn.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights (only their ratios matter). ``None``: every sample weighs 1.
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.

    Returns
    -------
    float
        In nats; ``inf`` when ``eps=0`` and a case has probability 0 of its true class.

    Raises
    ------
    TypeError
        If ``eps`` is not a real number, or the labels, probabilities or weights are of the
        wrong kind.
    ValueError
        If ``eps`` lies outside [0, 0.5), a probability outside [0, 1], two columns of
        ``y_prob`` do not sum to 1, or the labels or weights break their rules.

    See Also
    --------
    brier_score : the other proper scoring rule.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.log_loss([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 6)
    0.472288
    """
    eps = check_optional(check_real, eps, "eps", low=0, high=0.5, high_open=True)
    if eps is None:
        eps = float(np.finfo(own_float_type(y_prob)).eps)
    positive, negative = _class_columns(y_true, y_prob, pos_label)
    label, prob, weight = check_probabilities(y_true, positive, sample_weight, pos_label)
    if negative is None:
        negative = 1 - prob
    else:
        check_unit_interval(negative, "y_prob")
    chance_of_truth = np.clip(np.where(label == 1, prob, negative)[weight > 0], eps, 1 - eps)
    with np.errstate(divide="ignore"):
        losses = -np.log(chance_of_truth)
    if not math.isfinite(losses.max()):
        return math.inf
    return float(np.average(losses, weights=unit_scale(weight[weight > 0])))
