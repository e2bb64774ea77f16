"""evalcore/core/rates.py: the rates read off one margin of a confusion matrix (TPR, FPR,
precision, NPV, accuracy, prevalence, ...), against their definitions on any counts, and the
tutorial's identities between them (Hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given

from helpers import cm_from
from strategies import PROFILE, cell_counts


TOL = 1e-12


@PROFILE
@given(cell_counts, cell_counts, cell_counts, cell_counts)
def test_rates_match_their_definitions(tp, fp, fn, tn):
    assume(tp + fn > 0 and fp + tn > 0 and tp + fp > 0 and fn + tn > 0)
    cm = cm_from(tp, fp, fn, tn)
    n = tp + fp + fn + tn
    assert cm.tpr == tp / (tp + fn) and cm.fnr == fn / (tp + fn)
    assert cm.tnr == tn / (fp + tn) and cm.fpr == fp / (fp + tn)
    assert cm.precision == tp / (tp + fp) and cm.npv == tn / (fn + tn)
    assert cm.accuracy == (tp + tn) / n and cm.error_rate == (fp + fn) / n
    assert cm.fnr == pytest.approx(1 - cm.tpr) and cm.fpr == pytest.approx(1 - cm.tnr)
    assert cm.false_discovery_rate == pytest.approx(1 - cm.precision)
    assert cm.error_rate == pytest.approx(1 - cm.accuracy)
    assert cm.balanced_accuracy == pytest.approx((cm.tpr + cm.tnr) / 2)
    assert cm.prevalence == (tp + fn) / n


@PROFILE
@given(cell_counts, cell_counts, cell_counts, cell_counts)
def test_tutorial_identities(tp, fp, fn, tn):
    # acc = (tpr + tnr·npr) / (1 + npr) and pre = tpr / (tpr + npr·(1 − tnr))
    assume(tp + fn > 0 and fp + tn > 0)
    cm = cm_from(tp, fp, fn, tn)
    npr, tpr, tnr = cm.npr, cm.tpr, cm.tnr
    assert cm.accuracy == pytest.approx((tpr + tnr * npr) / (1 + npr), abs=TOL)
    assert cm.negatives / cm.n == pytest.approx(npr / (1 + npr), abs=TOL)
    assert cm.positives / cm.n == pytest.approx(1 / (1 + npr), abs=TOL)
    if tp + fp > 0 and tp > 0:
        assert cm.precision == pytest.approx(tpr / (tpr + npr * (1 - tnr)), abs=TOL)
    if tp + fp > 0 and fn + tn > 0:
        assert cm.npr_predicted == pytest.approx(cm.predicted_negatives / cm.predicted_positives)
    if tnr == tpr:
        assert cm.accuracy == pytest.approx(tpr, abs=TOL)
