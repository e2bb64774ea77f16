"""Student's t distribution without scipy: the regularized incomplete beta function.

evalcore depends only on numpy, so the t distribution that DeLong's unpaired test needs
(pROC refers its statistic to Student's t with Welch-Satterthwaite degrees of freedom) is
computed here. The t CDF is a regularized incomplete beta function,
``P(T <= t) = 1 - I_x(ν/2, 1/2) / 2`` for t > 0 with ``x = ν / (ν + t²)``, and ``I_x(a, b)``
is evaluated by its continued fraction with the modified Lentz algorithm (Press et al.,
*Numerical Recipes*, 3rd ed., §6.4), on the side ``x < (a + 1)/(a + b + 2)`` where it
converges fast, and through ``I_x(a, b) = 1 - I_{1-x}(b, a)`` on the other side.
"""

from __future__ import annotations

import math

_TINY = 1e-300
_EPS = 1e-16
_MAX_TERMS = 10_000
#: From this many degrees of freedom on, the t tail comes from Hill's normal approximation
#: (within 1e-13 relative of scipy there), not the continued fraction, whose convergence test
#: stops too early when ν/2 is huge.
_HILL_DF = 1e5
#: Above this, log Γ(z + s) − log Γ(z) comes from Stirling's series (lgamma's absolute
#: rounding error, about 1e-16·z·log z, would swamp the difference).
_STIRLING_MIN = 1e3


def _log_gamma_ratio(z: float, s: float) -> float:
    """log Γ(z + s) − log Γ(z) for z > 0, s > 0, accurate also when z is huge."""
    if z < _STIRLING_MIN:
        return math.lgamma(z + s) - math.lgamma(z)
    zs = z + s
    # Stirling: log Γ(w) = (w − ½) log w − w + ½ log 2π + 1/(12w) − 1/(360w³) + 1/(1260w⁵) ...
    main = (z - 0.5) * math.log1p(s / z) + s * math.log(zs) - s
    series = (1.0 / (12.0 * zs) - 1.0 / (12.0 * z)
              - (1.0 / (360.0 * zs ** 3) - 1.0 / (360.0 * z ** 3)))
    return main + series


def _log_beta_front(a: float, b: float) -> float:
    """log Γ(a + b) − log Γ(a) − log Γ(b), accurate when one of a, b is huge."""
    small, large = (a, b) if a <= b else (b, a)
    return _log_gamma_ratio(large, small) - math.lgamma(small)


def _beta_continued_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of I_x(a, b) (modified Lentz), without its prefactor."""
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    h = d
    for m in range(1, _MAX_TERMS + 1):
        m2 = 2 * m
        # even step
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = 1.0 + aa / c
        c = c if abs(c) > _TINY else _TINY
        h *= d * c
        # odd step
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = 1.0 + aa / c
        c = c if abs(c) > _TINY else _TINY
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            return h
    raise ArithmeticError(f"the incomplete beta continued fraction did not converge "
                          f"(a={a!r}, b={b!r}, x={x!r})")


def regularized_incomplete_beta(a: float, b: float, x: float,
                                one_minus_x: float | None = None) -> float:
    """I_x(a, b) for a, b > 0 and 0 <= x <= 1.

    ``one_minus_x``, if given, is 1 − x computed without cancellation (near x = 1 the
    rounded x has lost the digits that ``a·log(x)`` needs when a is large).

    >>> round(regularized_incomplete_beta(2.0, 3.0, 0.4), 12)    # 1 - 0.6**4 - 4*0.4*0.6**3
    0.5248
    """
    if not (a > 0 and b > 0):
        raise ValueError(f"a and b must be positive, got a={a!r}, b={b!r}")
    if not 0.0 <= x <= 1.0:
        raise ValueError(f"x must lie in [0, 1], got {x!r}")
    if one_minus_x is None:
        one_minus_x = 1.0 - x
    if x == 0.0 or one_minus_x == 0.0:
        return 0.0 if x == 0.0 else 1.0
    log_x = math.log(x) if x < 0.5 else math.log1p(-one_minus_x)
    log_one_minus_x = math.log1p(-x) if x < 0.5 else math.log(one_minus_x)
    log_front = _log_beta_front(a, b) + a * log_x + b * log_one_minus_x
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _beta_continued_fraction(a, b, x) / a
    return 1.0 - math.exp(log_front) * _beta_continued_fraction(b, a, one_minus_x) / b


def _hill_tail(t: float, df: float) -> float:
    """P(T >= t) for t >= 0 and large ``df``: Hill's (1970) normal deviate for large ν.

    References
    ----------
    G. W. Hill (1970), "Algorithm 395: Student's t-distribution", *Comm. ACM* 13(10), 617-619.
    """
    a = df - 0.5
    b = 48.0 * a * a
    y = a * math.log1p(t * t / df)
    y = (((((-0.4 * y - 3.3) * y - 24.0) * y - 85.5) / (0.8 * y * y + 100.0 + b) + y + 3.0)
         / b + 1.0) * math.sqrt(y)
    return 0.5 * math.erfc(y / math.sqrt(2.0))


def student_t_sf(t: float, df: float) -> float:
    """P(T >= t) for Student's t with ``df`` > 0 degrees of freedom (``df = inf``: normal)."""
    if math.isnan(t) or math.isnan(df):
        return math.nan
    if not df > 0:
        raise ValueError(f"df must be positive, got {df!r}")
    if math.isinf(t):
        return 0.0 if t > 0 else 1.0
    if math.isinf(df):
        return 0.5 * math.erfc(t / math.sqrt(2.0))
    if df >= _HILL_DF:
        tail = _hill_tail(abs(t), df)
        return tail if t > 0 else 1.0 - tail
    # the tail beyond |t| is I_x(df/2, 1/2) / 2 with x = df / (df + t²); computed this way
    # (not as 1 - cdf) it keeps its precision far into the tail
    # near t = 0, x is close to 1: pass 1 - x = t²/(ν + t²) itself, not 1 minus a rounded x
    a, square = 0.5 * df, t * t
    x, one_minus_x = df / (df + square), square / (df + square)
    if x < (a + 1.0) / (a + 2.5):              # the side where the fraction converges
        tail = 0.5 * regularized_incomplete_beta(a, 0.5, x, one_minus_x)
    else:
        tail = 0.5 * (1.0 - regularized_incomplete_beta(0.5, a, one_minus_x, x))
    return tail if t > 0 else 1.0 - tail


def student_t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` > 0 degrees of freedom.

    >>> round(student_t_cdf(2.0, 1.0), 12)                   # Cauchy: 1/2 + atan(2)/π
    0.85241638235
    """
    return student_t_sf(-t, df)


def student_t_quantile(p: float, df: float) -> float:
    """The t value with ``student_t_cdf(t, df) == p``, by bisection on the CDF (0 < p < 1).

    >>> round(student_t_quantile(0.975, 10.0), 9)
    2.228138852
    """
    if not 0.0 < p < 1.0:
        raise ValueError(f"p must lie strictly between 0 and 1, got {p!r}")
    if p < 0.5:
        return -student_t_quantile(1.0 - p, df)
    if p == 0.5:
        return 0.0
    tail = 1.0 - p
    low, high = 0.0, 1.0
    while student_t_sf(high, df) > tail:
        low, high = high, 2.0 * high
    for _ in range(200):
        middle = 0.5 * (low + high)
        if middle in (low, high):
            break
        if student_t_sf(middle, df) > tail:
            low = middle
        else:
            high = middle
    return 0.5 * (low + high)
