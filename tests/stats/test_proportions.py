"""evalcore/stats/proportions.py: Wilson's interval of one rate (``wilson_interval``) against
statsmodels', its bad counts refused, the proportion held and the ends reached exactly."""

from __future__ import annotations

import math

import numpy as np
import pytest
from statsmodels.stats.proportion import proportion_confint

import evalcore as ec


def test_wilson_interval_is_statsmodels():
    k = np.array([0, 1, 5, 17, 40, 40])
    n = np.array([4, 3, 20, 17, 100, 40])
    interval = ec.wilson_interval(k, n, level=0.8)
    ref_low, ref_high = proportion_confint(k, n, alpha=0.2, method="wilson")
    np.testing.assert_allclose(interval.low, ref_low, atol=1e-12)
    np.testing.assert_allclose(interval.high, ref_high, atol=1e-12)
    np.testing.assert_array_equal(interval.rate, k / n)
    assert (interval.level, interval.method) == (0.8, "wilson")
    nothing = ec.wilson_interval(0, 0)
    assert all(math.isnan(v) for v in (nothing.rate, nothing.low, nothing.high))
    assert isinstance(ec.wilson_interval(1, 3).low, float)


@pytest.mark.parametrize("args, match", [
    ((3, 2), "must not exceed trials"), ((-1, 2), "non-negative"),
    ((1, math.inf), "finite"),
])
def test_wilson_interval_refuses_bad_counts(args, match):
    with pytest.raises(ValueError, match=match):
        ec.wilson_interval(*args)


@pytest.mark.parametrize("level", [0.5, 0.8, 0.9, 0.95, 0.99, 0.999])
def test_wilson_holds_the_proportion_and_reaches_the_ends_exactly(level):
    """Wilson's interval holds p̂ (a score test does not reject p = p̂), and its upper end is 1
    when every trial succeeded, its lower end 0 when none did: exactly, not a rounding short
    (at 10 of 10 the upper end came out 1 − 1.1e-16, and a plot's error bar below p̂ failed)."""
    n = np.arange(1, 301)
    for k in (np.zeros_like(n), n // 3, n - 1, n):
        interval = ec.wilson_interval(k, n, level=level)
        assert np.all(interval.low <= k / n) and np.all(k / n <= interval.high)
    assert np.all(ec.wilson_interval(n, n, level=level).high == 1.0)
    assert np.all(ec.wilson_interval(np.zeros_like(n), n, level=level).low == 0.0)
