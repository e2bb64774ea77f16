"""evalcore/scale/summary_decisions.py: the thresholds a ScoreCounts reads from its summary
(at an FPR, with a guarantee too, and at a precision) are the arrays' choice, its weights
read as repeated rows; a weighted summary refuses what needs whole cases (the capacity k, the
guarantee) by name. (Every method against its array function, in one table:
tests/scale/test_summary_metrics.py.)"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import evalcore as ec


def _equal(a, b):
    assert type(a) is type(b)
    for x, z in zip(a, b):
        assert x == z or (math.isnan(x) and math.isnan(z))


@pytest.mark.parametrize("seed", range(12))
def test_the_summary_gives_the_arrays_choice(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(70, 200))
    y, s = rng.integers(0, 2, n), rng.integers(0, 25, n) / 8          # ties
    weights = rng.integers(1, 4, n)
    counts = ec.ScoreCounts.from_arrays(y, s)
    weighted = ec.ScoreCounts.from_arrays(y, s, sample_weight=weights.astype(float))
    rows_y, rows_s = np.repeat(y, weights), np.repeat(s, weights)   # weights as repeated rows
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ec.UndefinedMetricWarning)
        for rule in (">=", ">"):
            for level in (0.0, 0.2, 0.6, 0.9):
                _equal(counts.threshold_at_fpr(level, rule=rule),
                       ec.threshold_at_fpr(y, s, level, rule=rule))
                _equal(counts.threshold_at_precision(level, rule=rule),
                       ec.threshold_at_precision(y, s, level, rule=rule))
                for name in ("threshold_at_fpr", "threshold_at_precision"):
                    from_weights = getattr(weighted, name)(level, rule=rule)
                    from_rows = getattr(ec, name)(rows_y, rows_s, level, rule=rule)
                    np.testing.assert_array_equal(from_weights.threshold, from_rows.threshold)
                    np.testing.assert_allclose(from_weights[1:], from_rows[1:], rtol=1e-12)
            if (y == 0).sum() >= 29:
                _equal(counts.threshold_at_fpr(0.1, confidence=0.95, rule=rule),
                       ec.threshold_at_fpr(y, s, 0.1, confidence=0.95, rule=rule))


SCORES = [0.1, 0.4, 0.35, 0.8]


def test_weights_give_no_whole_cases():
    weighted = ec.ScoreCounts.from_arrays([0, 0, 1, 1], SCORES, sample_weight=[1, 2, 1, 1])
    with pytest.raises(ValueError, match="k counts whole cases"):
        weighted.counts_at_capacity(k=1)
    with pytest.raises(ValueError, match="confidence needs an unweighted ScoreCounts"):
        weighted.threshold_at_fpr(0.5, confidence=0.5)
