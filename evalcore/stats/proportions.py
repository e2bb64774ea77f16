"""One rate's interval: the result every interval of a rate returns, and Wilson's from the counts.

A rate here is a proportion of cases, a sensitivity, a specificity or a predictive value.
:class:`RateInterval` is its interval as every function returns it, the rate named by what it
is, then ``low``, ``high``, ``level`` and ``method``: :func:`wilson_interval` gives it from the
counts, :func:`evalcore.operating_point_ci` by the bootstrap (a sensitivity and a specificity),
:func:`evalcore.predictive_values_at_prevalence` through Bayes' rule (four of them), and the
rates of :func:`evalcore.by_group` are Wilson's.

Why the cut falls here: this is the interval of one proportion from its two counts, with no
ROC curve and no resampling; pROC's bootstrap intervals read off the ROC curve are in
:mod:`evalcore.stats.rate_intervals`, which returns this result type.

References
----------
E. B. Wilson (1927), "Probable inference, the law of succession, and statistical inference",
*Journal of the American Statistical Association* 22(158), 209-212.

L. D. Brown, T. T. Cai and A. DasGupta (2001), "Interval estimation for a binomial
proportion", *Statistical Science* 16(2), 101-133.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import special

from ..core.options import check_level
from ..core.validation import shown


@dataclass(frozen=True, slots=True)
class RateInterval:
    """A rate (a proportion: a sensitivity, a specificity, a predictive value) with its
    confidence interval, ``low <= rate <= high``.

    Read it by name: it cannot be unpacked or indexed. Floats for one rate, arrays (one entry
    per target) for several.

    Attributes
    ----------
    rate : float or numpy.ndarray
        The rate on the data; ``nan`` where it is undefined.
    low, high : float or numpy.ndarray
        The interval's ends.
    level : float
        The confidence level of this interval.
    method : str
        How it was built: ``"wilson"`` (:func:`wilson_interval`), ``"percentile bootstrap"``
        (:func:`operating_point_ci`) or ``"wilson via bayes"`` (Wilson's intervals of the
        rates carried through Bayes' rule, :func:`predictive_values_at_prevalence`).
    """

    rate: Any
    low: Any
    high: Any
    level: float
    method: str


def wilson_interval(successes: Any, trials: Any, *, level: float = 0.95) -> RateInterval:
    """Wilson's score interval for a proportion ``successes / trials``, elementwise.

    The interval holds every proportion ``p`` that a two-sided score test at ``1 − level``
    would not reject, ``|p̂ − p| ≤ z·√(p(1 − p)/trials)``: centred at
    ``(p̂ + z²/2n) / (1 + z²/n)``, it stays inside [0, 1] and, unlike the Wald interval
    ``p̂ ± z·√(p̂(1 − p̂)/n)``, does not collapse to a point when ``p̂`` is 0 or 1
    (Wilson 1927; Brown, Cai and DasGupta 2001).

    Parameters
    ----------
    successes, trials : array-like or float
        Counts, ``0 <= successes <= trials``; broadcast together.
    level : float, default=0.95
        Confidence level, strictly between 0 and 1.

    Returns
    -------
    RateInterval
        ``rate`` (``successes / trials``), ``low``, ``high``, ``level`` and ``method``
        ``"wilson"``; ``nan`` where ``trials`` is 0 (no rate and no interval without a
        case). Floats for scalar input, arrays otherwise.

    Raises
    ------
    ValueError
        If a count is negative or not finite, ``successes`` exceeds ``trials`` or
        ``level`` is not strictly between 0 and 1.

    See Also
    --------
    by_group : rates per group, each with this interval.
    predictive_values_at_prevalence : TPR's and FPR's intervals carried through Bayes' rule.

    References
    ----------
    E. B. Wilson (1927), "Probable inference, the law of succession, and statistical
    inference", *Journal of the American Statistical Association* 22(158), 209-212.

    L. D. Brown, T. T. Cai and A. DasGupta (2001), "Interval estimation for a binomial
    proportion", *Statistical Science* 16(2), 101-133.

    Examples
    --------
    One positive found among three (the TPR of a small group), and none among four:

    >>> import evalcore as ec
    >>> w = ec.wilson_interval(1, 3)
    >>> round(w.rate, 4), round(w.low, 4), round(w.high, 4), w.method
    (0.3333, 0.0615, 0.7923, 'wilson')
    >>> w = ec.wilson_interval(0, 4)
    >>> w.rate, w.low, round(w.high, 4)
    (0.0, 0.0, 0.4899)
    """
    level = check_level(level)
    k, n = np.broadcast_arrays(np.asarray(successes, dtype=np.float64),
                               np.asarray(trials, dtype=np.float64))
    if not (np.all(np.isfinite(k)) and np.all(np.isfinite(n))) or np.any(k < 0) \
            or np.any(n < 0):
        raise ValueError(f"successes and trials must be finite non-negative counts, got "
                         f"{shown(successes)} and {shown(trials)}")
    if np.any(k > n):
        raise ValueError(f"successes must not exceed trials, got {shown(successes)} and "
                         f"{shown(trials)}")
    z = float(special.ndtri(0.5 + level / 2))
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        shrink = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / shrink
        half = z / shrink * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    # the interval holds p̂ (the test does not reject p = p̂), and reaches 0 at p̂ = 0 and 1 at
    # p̂ = 1 exactly: said so, since rounding can leave centre ± half a bit short of them
    low = np.where(n > 0, np.clip(centre - half, 0.0, p), np.nan)
    high = np.where(n > 0, np.clip(centre + half, p, 1.0), np.nan)
    if low.ndim == 0:
        return RateInterval(float(p), float(low), float(high), level, "wilson")
    return RateInterval(p, low, high, level, "wilson")
