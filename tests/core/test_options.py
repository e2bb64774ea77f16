"""evalcore/core/options.py, the one vocabulary of option checks: ``check_count`` keeps a
count exact within float64's range and refuses what is no count, or beyond it. (The
vocabulary over the public functions: tests/test_option_vocabulary.py.)"""

from __future__ import annotations

import math
import sys

import numpy as np
import pytest

from evalcore.core.options import check_count


def test_check_count_keeps_counts_exact_within_float64s_range():
    assert check_count(2 ** 1000, "tp") == 2 ** 1000 and type(check_count(2 ** 1000, "tp")) is int
    assert check_count(np.int64(5), "tp") == 5 and type(check_count(np.int64(5), "tp")) is int
    assert check_count(1.5e308, "tp") == 1.5e308
    assert math.copysign(1, check_count(-0.0, "tp")) == 1.0
    largest = int(sys.float_info.max)                  # the largest float, as an integer
    assert check_count(largest, "tp") == largest


@pytest.mark.parametrize("count", [int(sys.float_info.max) + 1, 10 ** 400, 2 ** 1024])
def test_check_count_refuses_a_count_beyond_float64s_range(count):
    with pytest.raises(ValueError, match=rf"tp must be a count within float64's range "
                                         rf"\(at most 1.798e\+308\), got an integer of "
                                         rf"{len(str(count))} digits"):
        check_count(count, "tp")


@pytest.mark.parametrize("bad, error, message", [
    (True, TypeError, "must be a number"), ("3", TypeError, "must be a number"),
    (None, TypeError, "must be a number"), (-1, ValueError, "must be a finite non-negative"),
    (math.inf, ValueError, "must be a finite non-negative"),
    (math.nan, ValueError, "must be a finite non-negative"),
    (np.array([1]), TypeError, "must be a number"),
])
def test_check_count_refuses_what_is_no_count(bad, error, message):
    with pytest.raises(error, match=rf"tp {message}"):
        check_count(bad, "tp")


@pytest.mark.skipif(np.finfo(np.longdouble).maxexp <= 1024, reason="long double is float64 here")
def test_check_count_refuses_a_long_double_beyond_float64s_range():
    with pytest.raises(ValueError, match=r"tp must be a count within float64's range"):
        check_count(np.longdouble(2) ** 1100, "tp")
