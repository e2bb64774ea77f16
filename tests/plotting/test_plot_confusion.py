"""evalcore/plotting/confusion.py: the confusion matrix as a heat map writes huge and mixed
counts as they are. (Its options are refused by name in tests/plotting/test_plot_style.py.)"""

from __future__ import annotations

import pytest

import evalcore as ec

pytestmark = pytest.mark.usefixtures("close_figures")   # each test's figures closed after it


def test_confusion_matrix_writes_huge_and_mixed_counts_as_they_are():
    huge = ec.ConfusionMatrix.from_counts(tp=10**20 + 1, fp=2**53 + 1, fn=0, tn=7)
    texts = [t.get_text() for t in ec.plot_confusion_matrix(huge, layout="murphy").texts]
    # murphy: estimate on rows, positive first -> tp, fp / fn, tn
    assert texts == [str(10**20 + 1), str(2**53 + 1), "0", "7"]
    mixed = ec.ConfusionMatrix.from_counts(tp=3, fp=1.25, fn=0, tn=2)
    texts = [t.get_text() for t in ec.plot_confusion_matrix(mixed, layout="murphy").texts]
    assert texts == ["3.000", "1.250", "0.000", "2.000"]
