"""evalcore/core/information.py: mutual information and entropy of hard classifiers.

References: scikit-learn's ``mutual_info_score`` on random cases, mutual information in exact
fractions for tables beyond the float range, and the errors of its options."""

from __future__ import annotations

import inspect
import math
from pathlib import Path

import numpy as np
import pytest

import evalcore as ec
from evalcore.core import information

from helpers import CASES, close, draw_predictions, metrics
from reference import exact_mutual_information


def test_mutual_information_vs_sklearn():
    rng = np.random.default_rng(117)
    for _ in range(CASES):
        y, y_pred, _ = draw_predictions(rng)
        expected = metrics.mutual_info_score(y, y_pred)      # nats
        close(ec.mutual_information(y, y_pred), expected)
        close(ec.mutual_information(y, y_pred, base=2), expected / math.log(2))
        cm = ec.confusion_matrix(y, y_pred)
        close(ec.mutual_information_from_table(cm.as_array("murphy")), expected)


def test_information_does_not_import_confusion():
    source = Path(inspect.getfile(information)).read_text()
    assert "confusion import" not in source


def test_mutual_information_of_tables_beyond_the_float_range():
    # sums beyond float64's range, exact integers beyond 2**53, subnormal cells; a single
    # count beyond float64's range (10**400) is refused (test_odd_input_rules.py)
    for table in ([[1e308, 1e308], [1e308, 1e308]], [[1, 0], [0, 1e-170]],
                  [[2 ** 1020, 1], [2, 2 ** 1020 + 2 ** 900]], [[5e-324, 0], [1e-323, 5e-324]]):
        assert ec.mutual_information_from_table(table) == pytest.approx(
            exact_mutual_information(table), rel=1e-12, abs=1e-300)


def test_mutual_information_refuses_a_table_count_beyond_float64s_range():
    with pytest.raises(ValueError, match=r"table must be a count within float64.s range"):
        ec.mutual_information_from_table([[10 ** 400, 1], [2, 10 ** 400]])


def test_information_inputs():
    with pytest.raises(ValueError, match=r"base must not be 1"):
        ec.mutual_information_from_table([[1, 0], [0, 1]], base=1)
    with pytest.raises(ValueError, match=r"base must not be 1"):
        ec.entropy([0.5, 0.5], base=1)
    with pytest.raises(ValueError, match=r"base must be positive"):
        ec.entropy([0.5, 0.5], base=0)
    with pytest.raises(ValueError, match=r"table must be 2-D"):
        ec.mutual_information_from_table([1, 2, 3])
    for bad in ([[1, -1], [0, 1]], [[0, 0], [0, 0]], [[1, math.nan], [0, 1]]):
        with pytest.raises(ValueError, match=r"finite non-negative counts with a positive total"):
            ec.mutual_information_from_table(bad)
    for bad in ([0.5, 0.6], [-0.5, 1.5], [[0.5, 0.5]]):
        with pytest.raises(ValueError, match=r"probabilities must be a 1-D distribution"):
            ec.entropy(bad)
