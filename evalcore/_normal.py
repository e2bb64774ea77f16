"""The standard normal distribution without scipy: its CDF, survival function and quantiles.

evalcore depends only on numpy and matplotlib, so the normal quantile that confidence
intervals need is computed here: Acklam's rational approximation (relative error below
1.15e-9) refined by one Halley step on ``math.erfc``, which brings it to double precision.
"""

from __future__ import annotations

import math

# P. J. Acklam, "An algorithm for computing the inverse normal cumulative distribution
# function" (2003): coefficients of the central and tail rational approximations.
_A = (-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
      1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00)
_B = (-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
      6.680131188771972e+01, -1.328068155288572e+01)
_C = (-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
      -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00)
_D = (7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
      3.754408661907416e+00)
_P_LOW = 0.02425


def normal_cdf(x: float) -> float:
    """Φ(x), the standard normal CDF, accurate in both tails (through ``erfc``)."""
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def normal_two_sided_pvalue(z: float) -> float:
    """P(|Z| ≥ |z|) for a standard normal Z: ``erfc(|z|/√2)``, exact far into the tail."""
    return math.erfc(abs(z) / math.sqrt(2.0))


def _acklam(p: float) -> float:
    if p < _P_LOW:
        q = math.sqrt(-2.0 * math.log(p))
        return ((((((_C[0] * q + _C[1]) * q + _C[2]) * q + _C[3]) * q + _C[4]) * q + _C[5])
                / ((((_D[0] * q + _D[1]) * q + _D[2]) * q + _D[3]) * q + 1.0))
    if p > 1.0 - _P_LOW:
        return -_acklam(1.0 - p)
    q = p - 0.5
    r = q * q
    return ((((((_A[0] * r + _A[1]) * r + _A[2]) * r + _A[3]) * r + _A[4]) * r + _A[5]) * q
            / (((((_B[0] * r + _B[1]) * r + _B[2]) * r + _B[3]) * r + _B[4]) * r + 1.0))


def normal_quantile(p: float) -> float:
    """Φ⁻¹(p) for 0 < p < 1 (``-inf``/``inf`` at 0 and 1), to about 1e-15 relative.

    >>> round(normal_quantile(0.975), 12)
    1.95996398454
    """
    if not 0.0 <= p <= 1.0 or math.isnan(p):
        raise ValueError(f"p must be a probability in [0, 1], got {p!r}")
    if p == 0.0:
        return -math.inf
    if p == 1.0:
        return math.inf
    x = _acklam(p)
    # one Halley step on f(x) = Φ(x) − p; the error is measured on the side of the
    # smaller tail so that p close to 1 keeps its precision
    if p < 0.5:
        error = normal_cdf(x) - p
    else:
        error = (1.0 - p) - normal_cdf(-x)     # Φ(x) − p, as 1 − Φ(−x) − p
    u = error * math.sqrt(2.0 * math.pi) * math.exp(0.5 * x * x)
    return x - u / (1.0 + 0.5 * x * u)
