"""Results that are tables give a pandas DataFrame with named columns.

``pandas.DataFrame(ec.roc_curve(...))`` makes each field a row (a NamedTuple is a sequence
of its fields): ``to_frame()`` gives one row per point and one named column per field. The
columns are checked against the fields they come from and against scikit-learn's
``confusion_matrix_at_thresholds`` and ``roc_curve``.
"""

from __future__ import annotations

import builtins

import numpy as np
import pandas as pd
import pytest

import evalcore as ec

Y = [0, 1, 0, 1, 1, 0, 0, 1, 1, 0]
S = [0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3, 0.5, 0.9, 0.5]

TABLES = {
    "roc_curve": lambda: ec.roc_curve(Y, S),
    "confusion_matrix_at_thresholds": lambda: ec.confusion_matrix_at_thresholds(Y, S),
    "roc_convex_hull": lambda: ec.roc_convex_hull(Y, S),
    "cost_curve": lambda: ec.cost_curve(Y, S),
    "interpolated_pr_curve": lambda: ec.interpolated_pr_curve(Y, S, num=3),
    "achievable_pr_curve": lambda: ec.achievable_pr_curve(Y, S, hull=True),
    "prg_curve": lambda: ec.prg_curve(Y, S),
}


@pytest.mark.parametrize("name", TABLES)
def test_one_named_column_per_field_one_row_per_point(name):
    result = TABLES[name]()
    frame = result.to_frame()
    assert list(frame.columns) == list(result._fields)
    for field in result._fields:
        np.testing.assert_array_equal(frame[field].to_numpy(), getattr(result, field))
    # what pd.DataFrame makes of the result itself: its fields as rows
    assert pd.DataFrame(result).shape == (len(result._fields), len(result[0]))


def test_the_precision_recall_curves_last_point_has_no_threshold():
    pr = ec.precision_recall_curve(Y, S)
    frame = pr.to_frame()
    assert list(frame.columns) == ["precision", "recall", "thresholds"]
    np.testing.assert_array_equal(frame.precision.to_numpy(), pr.precision)
    np.testing.assert_array_equal(frame.recall.to_numpy(), pr.recall)
    np.testing.assert_array_equal(frame.thresholds.to_numpy()[:-1], pr.thresholds)
    assert np.isnan(frame.thresholds.iloc[-1])
    assert (frame.recall.iloc[-1], frame.precision.iloc[-1]) == (0.0, 1.0)


def test_the_reliability_curves_bins_without_their_edges():
    curve = ec.reliability_curve(Y, S, n_bins=20)   # 8 distinct scores, so 12 bins empty
    frame = curve.to_frame()
    assert list(frame.columns) == ["mean_predicted", "observed_frequency", "counts"]
    assert len(frame) == 8 and len(curve.bin_edges) == 21
    for field in frame.columns:
        np.testing.assert_array_equal(frame[field].to_numpy(), getattr(curve, field))


def test_the_counts_frame_equals_scikit_learns_arrays():
    from sklearn.metrics import confusion_matrix_at_thresholds

    frame = ec.confusion_matrix_at_thresholds(Y, S).to_frame()
    expected = dict(zip(["tn", "fp", "fn", "tp", "thresholds"],
                        confusion_matrix_at_thresholds(Y, S)))
    for column, values in expected.items():
        np.testing.assert_array_equal(frame[column].to_numpy(), values)
    assert frame.tp.dtype == np.int64          # unweighted counts stay integers


def test_the_roc_frame_equals_scikit_learns_curve():
    from sklearn.metrics import roc_curve

    frame = ec.roc_curve(Y, S).to_frame()
    fpr, tpr, thresholds = roc_curve(Y, S, drop_intermediate=False)
    np.testing.assert_allclose(frame.fpr, fpr, rtol=1e-15)
    np.testing.assert_allclose(frame.tpr, tpr, rtol=1e-15)
    np.testing.assert_array_equal(frame.thresholds.to_numpy(), thresholds)


@pytest.mark.skipif(np.finfo(np.longdouble).nmant < 63, reason="long double is float64 here")
def test_long_double_thresholds_stay_exact_in_the_frame():
    big = 2 ** 60
    scores = np.array([big, big + 1, big + 2, big + 3], dtype=np.int64)
    frame = ec.roc_curve([0, 1, 0, 1], scores).to_frame()
    assert frame.thresholds.dtype == np.longdouble
    assert frame.thresholds.iloc[1:].tolist() == [big + 3, big + 2, big + 1, big]


def test_without_pandas_to_frame_says_how_to_get_it(monkeypatch):
    real_import = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name == "pandas" or name.startswith("pandas."):
            raise ImportError("No module named 'pandas'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pandas)
    roc = ec.roc_curve(Y, S)                     # evalcore itself needs no pandas
    with pytest.raises(ImportError, match=r"to_frame\(\) needs pandas, which evalcore does not "
                                          r"depend on: install it \(pip install pandas\)"):
        roc.to_frame()
