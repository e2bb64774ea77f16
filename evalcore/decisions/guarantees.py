"""A false positive rate with a guarantee: the order statistics of the negatives' scores.

A threshold chosen so that the FPR *on the test set* is at most α exceeds α on new data about
half the time (the empirical FPR scatters around the true one). The Neyman-Pearson umbrella
algorithm of Tong, Feng and Li (2018) chooses instead the k-th smallest of ``n`` held-out
negative scores, t₍ₖ₎, and calls positive what scores **strictly above** it. For any score
distribution (ties included), the probability that this rule's true FPR exceeds α is at most

    P(Binomial(n, 1 − α) ≥ k),

because the true FPR exceeds α only if at least k of the n negatives score below the point
where the FPR falls to α, and each does so with probability at most 1 − α. The umbrella order
is the smallest k with that probability at most δ = 1 − confidence; it exists only when the
largest order, k = n, qualifies: (1 − α)ⁿ ≤ δ, that is n ≥ log δ / log(1 − α).

The binomial tail is the regularized incomplete beta function,
``P(Binomial(n, p) ≥ k) = I_p(k, n − k + 1) = 1 − I_{1−p}(n − k + 1, k)``: scipy's
``betaincc`` on the second form, whose argument 1 − p = α is exact.
"""

from __future__ import annotations

import math
from typing import Any

from scipy import special

from ..core.options import check_fraction, check_int, check_real


def _check_confidence(confidence: Any) -> float:
    return check_real(confidence, "confidence", low=0.0, high=1.0, low_open=True, high_open=True)


def fpr_violation_probability(n_negatives: int, order: int, max_fpr: float) -> float:
    """The bound on P(true FPR > ``max_fpr``) for the threshold at the ``order``-th smallest
    of ``n_negatives`` negative scores (rule ``score > threshold``): P(Binomial(n, 1 − α) ≥ k).

    Parameters
    ----------
    n_negatives : int
        The number n of negatives whose scores are sorted (at least 0).
    order : int
        The order k of the statistic, from 1 (the smallest negative score) to n; 0 (call
        everything positive) gives 1 and an order above n (call nothing positive) gives 0.
    max_fpr : float
        The FPR α not to exceed, in [0, 1].

    Returns
    -------
    float
        P(Binomial(n, 1 − α) ≥ k), an upper bound on the probability (over the draw of the
        negatives) that the true FPR of the rule ``score > t₍ₖ₎`` exceeds α; equal to it for
        continuous scores.

    Raises
    ------
    TypeError
        If ``n_negatives`` or ``order`` is not an integer or ``max_fpr`` not a real number.
    ValueError
        If ``n_negatives`` or ``order`` is negative or ``max_fpr`` is outside [0, 1].

    See Also
    --------
    umbrella_order : the smallest order whose bound is at most δ.
    evalcore.threshold_at_fpr : the threshold itself, with ``confidence=1 − δ``.

    References
    ----------
    X. Tong, Y. Feng and J. J. Li (2018), "Neyman-Pearson classification algorithms and NP
    receiver operating characteristics", *Science Advances* 4(2), eaao1659, Proposition 1.

    Examples
    --------
    With 4 negatives, calling positive only what scores above all of them exceeds an FPR of
    0.5 with probability 0.5⁴:

    >>> round(fpr_violation_probability(4, 4, 0.5), 12)
    0.0625
    >>> fpr_violation_probability(4, 0, 0.5), fpr_violation_probability(4, 5, 0.5)
    (1.0, 0.0)
    """
    n = check_int(n_negatives, "n_negatives", low=0)
    k = check_int(order, "order", low=0)
    alpha = check_fraction(max_fpr, "max_fpr")
    if k == 0:
        return 1.0
    if k > n:
        return 0.0
    # P(Bin(n, p) >= k) = I_p(k, n - k + 1) with p = 1 - α, as 1 - I_α(n - k + 1, k): α
    # itself, not the rounded 1 - α, is what the function reads
    return float(special.betaincc(float(n - k + 1), float(k), alpha))


def min_negatives_for_guarantee(max_fpr: float, *, confidence: float = 0.95) -> int:
    """The fewest negatives for which some order statistic keeps the FPR at most ``max_fpr``
    with probability ``confidence``: the smallest n with (1 − α)ⁿ ≤ 1 − confidence.

    Parameters
    ----------
    max_fpr : float
        The FPR α not to exceed, in (0, 1].
    confidence : float, default=0.95
        The probability 1 − δ with which the guarantee must hold, in (0, 1).

    Returns
    -------
    int
        The smallest n; with fewer negatives even the largest negative score as threshold
        gives no guarantee.

    Raises
    ------
    TypeError
        If an argument is not a real number.
    ValueError
        If ``max_fpr`` is outside (0, 1] (at α = 0 no number of negatives suffices) or
        ``confidence`` outside (0, 1).

    See Also
    --------
    umbrella_order : the order to use once there are enough negatives.

    References
    ----------
    X. Tong, Y. Feng and J. J. Li (2018), "Neyman-Pearson classification algorithms and NP
    receiver operating characteristics", *Science Advances* 4(2), eaao1659, Proposition 2.

    Examples
    --------
    >>> min_negatives_for_guarantee(0.05, confidence=0.95)
    59
    >>> min_negatives_for_guarantee(0.01, confidence=0.99)
    459
    """
    alpha = check_real(max_fpr, "max_fpr", low=0.0, high=1.0, low_open=True)
    delta = 1.0 - _check_confidence(confidence)
    if alpha == 1.0:
        return 1
    n = max(1, math.ceil(math.log(delta) / math.log1p(-alpha)))
    # the logarithms may round n one off either way: settle it on the tail itself
    while n > 1 and fpr_violation_probability(n - 1, n - 1, alpha) <= delta:
        n -= 1
    while fpr_violation_probability(n, n, alpha) > delta:
        n += 1
    return n


def umbrella_order(n_negatives: int, max_fpr: float, *, confidence: float = 0.95) -> int:
    """The umbrella algorithm's order k: the smallest with P(Binomial(n, 1 − α) ≥ k) ≤ δ.

    Sort the n negatives' scores and call positive what scores strictly above the k-th
    smallest: the true FPR is then at most α with probability at least ``confidence`` = 1 − δ.

    Parameters
    ----------
    n_negatives : int
        The number n of negatives (held out, not used to fit the scores).
    max_fpr : float
        The FPR α not to exceed, in (0, 1].
    confidence : float, default=0.95
        The probability 1 − δ with which the guarantee must hold, in (0, 1).

    Returns
    -------
    int
        k, between 1 and n.

    Raises
    ------
    TypeError
        If ``n_negatives`` is not an integer or another argument not a real number.
    ValueError
        If the arguments break their ranges, or n is below
        :func:`min_negatives_for_guarantee` (no order qualifies); the message gives that
        minimum.

    See Also
    --------
    fpr_violation_probability : the bound for a given order.
    evalcore.threshold_at_fpr : the threshold on scored data (``confidence=``).

    References
    ----------
    X. Tong, Y. Feng and J. J. Li (2018), "Neyman-Pearson classification algorithms and NP
    receiver operating characteristics", *Science Advances* 4(2), eaao1659.

    Examples
    --------
    >>> umbrella_order(500, 0.05, confidence=0.95)
    484
    >>> round(fpr_violation_probability(500, 484, 0.05), 4)
    0.0343

    The empirical choice, 25 negatives (5 %) above the threshold, is the 475th order and
    exceeds the FPR more often than not:

    >>> round(fpr_violation_probability(500, 475, 0.05), 2)
    0.55
    """
    n = check_int(n_negatives, "n_negatives", low=0)
    alpha = check_real(max_fpr, "max_fpr", low=0.0, high=1.0, low_open=True)
    level = _check_confidence(confidence)
    delta = 1.0 - level
    least = min_negatives_for_guarantee(alpha, confidence=level)
    if n < least:
        raise ValueError(f"n_negatives must be at least {least} for an FPR of at most {alpha!r} "
                         f"with confidence {level!r}: with {n} negatives even the largest "
                         f"negative score as threshold exceeds the FPR with probability "
                         f"{fpr_violation_probability(n, n, alpha):.3g} > {delta:.3g}")
    low, high = 1, n            # the tail falls as k rises; v(high) <= delta
    while low < high:
        middle = (low + high) // 2
        if fpr_violation_probability(n, middle, alpha) <= delta:
            high = middle
        else:
            low = middle + 1
    return low
