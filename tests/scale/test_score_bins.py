"""evalcore/scale/score_bins.py: where to cut scores into bins (``score_bin_edges``) and the AUC
Keras computes on its fixed bins (``keras_thresholds``, ``thresholded_auc``), checked against
Keras' own documented example, a trapezoid worked by hand, and the binned bounds."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings

from evalcore.scale.binned import binned_auc
from evalcore.scale.score_bins import keras_thresholds, score_bin_edges, thresholded_auc

from strategies import unit_scored_data


def test_score_bin_edges():
    assert score_bin_edges(n_bins=4, spacing="probability").tolist() == [0.25, 0.5, 0.75]
    assert np.allclose(score_bin_edges(n_bins=199, spacing="probability"), keras_thresholds()[1:-1])
    s = np.arange(1, 101) / 101
    # the first score above each quantile (inverted CDF: the 25th, 50th, 75th scores)
    assert score_bin_edges(s, n_bins=4).tolist() == [s[25], s[50], s[75]]
    assert score_bin_edges(np.r_[np.zeros(90), np.ones(10)], n_bins=10).tolist() == [1.0]
    logit = score_bin_edges([0.01, 0.5, 0.99], n_bins=4, spacing="logit")
    assert np.allclose(np.log(logit / (1 - logit)), np.log(99) * np.array([-0.5, 0, 0.5]))
    with pytest.raises(TypeError, match="y_score is required for spacing='quantile'"):
        score_bin_edges(n_bins=4)
    with pytest.raises(ValueError, match="spacing must be one of"):
        score_bin_edges([0.1], spacing="even")
    with pytest.raises(ValueError, match="n_bins must be an integer of at least 1"):
        score_bin_edges(n_bins=0, spacing="probability")


def test_keras_documented_example():
    # keras.metrics.AUC(num_thresholds=3) on its docstring's data: 0.75; with the weights
    # [1, 0, 0, 1]: 1.0
    assert thresholded_auc([0, 0, 1, 1], [0, 0.5, 0.3, 0.9], num_thresholds=3) == 0.75
    assert thresholded_auc([0, 0, 1, 1], [0, 0.5, 0.3, 0.9], num_thresholds=3,
                           sample_weight=[1, 0, 0, 1]) == 1.0


def test_keras_auc_by_hand():
    # thresholds -1e-7, 0.25, 0.5, 0.75, 1 + 1e-7 (num_thresholds=5), rule score > t
    y = [0, 1, 0, 1, 1, 0]
    s = [0.1, 0.3, 0.25, 0.8, 0.5, 0.6]
    # above -1e-7: tp 3, fp 3; above 0.25: tp 3 (0.3, 0.8, 0.5), fp 1 (0.6; 0.25 is not > 0.25);
    # above 0.5: tp 1, fp 1; above 0.75: tp 1, fp 0; above 1 + 1e-7: nothing
    tpr = [1, 1, 1 / 3, 1 / 3, 0]
    fpr = [1, 1 / 3, 1 / 3, 0, 0]
    by_hand = sum((fpr[i] - fpr[i + 1]) * (tpr[i] + tpr[i + 1]) / 2 for i in range(4))
    assert by_hand == pytest.approx(2 / 3 + 0 + 1 / 9)
    assert thresholded_auc(y, s, num_thresholds=5) == pytest.approx(by_hand, abs=1e-15)
    assert thresholded_auc(y, s, thresholds=[0.75, 0.25, 0.5]) == pytest.approx(by_hand,
                                                                               abs=1e-15)


@settings(max_examples=100, deadline=None)
@given(data=unit_scored_data())
def test_keras_auc_is_the_midpoint_of_its_bins_bounds(data):
    # with no score on a threshold, Keras' bins are half-open the other way round but hold
    # the same scores: its trapezoid is the binned midpoint, inside the bounds
    y, s, w = data
    inner = keras_thresholds(7)[1:-1]
    if np.isin(s, inner).any():
        s = np.where(np.isin(s, inner), s + 1e-9, s)
    keras = thresholded_auc(y, s, num_thresholds=7, sample_weight=w)
    bounds = binned_auc(y, s, edges=inner, sample_weight=w)
    assert keras == pytest.approx(bounds.estimate, abs=1e-12)


def test_keras_auc_refuses_scores_outside_the_unit_interval():
    with pytest.raises(ValueError, match="y_score must hold probabilities in"):
        thresholded_auc([0, 1], [-0.5, 2.0])
    with pytest.raises(ValueError, match="thresholds must lie in"):
        thresholded_auc([0, 1], [0.2, 0.4], thresholds=[0.5, 1.5])
    with pytest.raises(ValueError, match="num_thresholds must be an integer of at least 2"):
        thresholded_auc([0, 1], [0.2, 0.4], num_thresholds=1)
