"""evalcore/decisions/fairness.py: the fairness gaps (equalized odds, predictive parity,
demographic parity) against fairlearn's on the same data."""

from __future__ import annotations

import pytest
from fairlearn.metrics import MetricFrame, demographic_parity_difference, equalized_odds_difference
from sklearn.metrics import precision_score

import evalcore as ec

from helpers import subgroup_data


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_gaps_are_fairlearns(seed):
    y, s, g = subgroup_data(seed)
    pred = (s >= 0.5).astype(int)
    assert ec.equalized_odds_gap(y, pred, g) == pytest.approx(
        equalized_odds_difference(y, pred, sensitive_features=g), rel=1e-12)
    assert ec.demographic_parity_gap(y, pred, g) == pytest.approx(
        demographic_parity_difference(y, pred, sensitive_features=g), rel=1e-12)
    ppv = MetricFrame(metrics=precision_score, y_true=y, y_pred=pred, sensitive_features=g)
    assert ec.predictive_parity_gap(y, pred, g) == pytest.approx(ppv.difference(), rel=1e-12)
    assert ec.equalized_odds_gap(y, s, g, threshold=0.5) == ec.equalized_odds_gap(y, pred, g)
