"""Results that are tables, as pandas DataFrames with named columns.

A curve is a table: one row per threshold, one column per quantity. The result types keep
their fields as numpy arrays (``roc.fpr``); their ``to_frame()`` gives the table with named
columns, where ``pandas.DataFrame(roc)`` would make each field a *row* (a NamedTuple is a
sequence of its fields). pandas is not a dependency of evalcore: it is imported only when a
table is asked for.
"""

from __future__ import annotations

from typing import Any


def data_frame(columns: dict[str, Any]):
    """A pandas DataFrame of ``columns`` (name: equal-length 1-D array), in that order.

    Raises
    ------
    ImportError
        If pandas is not installed, saying how to get it.
    """
    try:
        import pandas as pd
    except ImportError:
        raise ImportError("to_frame() needs pandas, which evalcore does not depend on: "
                          "install it (pip install pandas), or read the result's fields, "
                          "which are numpy arrays") from None
    return pd.DataFrame(columns)
