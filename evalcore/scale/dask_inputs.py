"""The Dask route's inputs: collections cut into partitions aligned row for row, and bad data
named by its row in the whole input.

Dask Series partitioned alike (the columns of one DataFrame, or any with as many partitions)
are read as one frame, partition by partition, so that Dask plans their partitions together:
a Series read from parquet on its own may be cut otherwise than its neighbour (Dask fuses
small files by the columns read), and only a plan of all the columns at once keeps them
aligned. Dask arrays, and Series with unlike partitions, are made arrays of counted chunks,
rechunked to the first input's: one more pass over each Series to count its rows.

A partition's bad data raise with the partition named (:func:`in_partition`) and, where the
message points at an entry ("first at index 17"), the entry's row in the whole input,
counted from 0 over the partitions before it.
"""

from __future__ import annotations

import re
from typing import Any

import dask.array as da
import dask.dataframe as dd
import numpy as np
import pandas as pd


def _is_dask(value: Any) -> bool:
    return hasattr(value, "__dask_graph__")


def _check_collections(given: dict[str, Any], function: str) -> None:
    """Refuse what is not a 1-D dask array or a dask Series, naming the argument."""
    for name, value in given.items():
        if not isinstance(value, (da.Array, dd.Series)):
            if _is_dask(value):
                raise TypeError(f"{name} must be a dask.array.Array or a dask.dataframe.Series "
                                f"(one column), got {type(value).__name__}")
            raise TypeError(f"{name} must be a Dask collection (dask.array.Array or "
                            f"dask.dataframe.Series), got {type(value).__name__}: for data in "
                            f"memory use evalcore.{function}")
        if isinstance(value, da.Array) and value.ndim != 1:
            raise ValueError(f"{name} must be 1-D, got a dask array of shape {value.shape}")


def _side_by_side(*parts: pd.Series, names: tuple[str, ...],
                  partition_info: dict | None = None) -> pd.DataFrame:
    """One partition of every Series as the columns of one frame, row for row (each index
    dropped: rows are aligned by position, as in memory); unlike lengths are refused."""
    lengths = [len(part) for part in parts]
    if len(set(lengths)) > 1:
        index = "?" if partition_info is None else partition_info["number"]
        described = ", ".join(f"{name} has {n}" for name, n in zip(names, lengths))
        raise ValueError(f"inputs must have the same length in every partition: Dask Series "
                         f"are read partition by partition (take them from one DataFrame, or "
                         f"pass dask arrays, which are rechunked alike): {described} "
                         f"(in partition {index})")
    return pd.DataFrame({name: part.reset_index(drop=True) for name, part in zip(names, parts)},
                        copy=False)


def _series_partitions(series: dict[str, dd.Series]) -> dict[str, list]:
    """The delayed partitions of Series with as many partitions each, planned as one frame."""
    names = tuple(series)
    meta = pd.DataFrame({name: pd.Series(dtype=value.dtype) for name, value in series.items()})
    frame = dd.map_partitions(_side_by_side, *series.values(), names=names, meta=meta,
                              align_dataframes=False)
    parts = frame.to_delayed()
    return {name: [part[name] for part in parts] for name in names}


def _array_blocks(given: dict[str, Any]) -> dict[str, list]:
    """The delayed blocks of the inputs as dask arrays of known chunks, rechunked to the
    first input's; the lengths must be equal."""
    arrays = {name: value if isinstance(value, da.Array) else value.to_dask_array()
              for name, value in given.items()}
    # unknown chunk lengths (a Series, or an array made from a dataframe): each array's own
    # chunks counted from its own plan (Dask's lengths=True counts another plan's partitions,
    # which may be cut otherwise), not gathered
    arrays = {name: array.compute_chunk_sizes() if np.isnan(array.shape[0]) else array
              for name, array in arrays.items()}
    lengths = {name: array.shape[0] for name, array in arrays.items()}
    if len(set(lengths.values())) > 1:
        described = ", ".join(f"{name} has {n}" for name, n in lengths.items())
        raise ValueError(f"inputs must have the same length: {described}")
    first = next(iter(arrays.values()))
    return {name: array.rechunk(first.chunks).to_delayed().ravel().tolist()
            for name, array in arrays.items()}


def aligned_partitions(columns: dict[str, Any], function: str) -> list[tuple]:
    """The named columns (``None`` for an absent one) as one tuple of delayed partitions per
    partition, aligned row for row: Series with as many partitions each read as one frame,
    otherwise (a dask array among them, or Series with unlike partitions) every input a dask
    array rechunked to the first one's chunks. ``function`` names the in-memory function for
    data that is not on Dask."""
    given = {name: value for name, value in columns.items() if value is not None}
    _check_collections(given, function)
    if all(isinstance(value, dd.Series) for value in given.values()) \
            and len({value.npartitions for value in given.values()}) == 1:
        blocks = _series_partitions(given)
    else:
        blocks = _array_blocks(given)
    n_parts = len(next(iter(blocks.values())))
    return [tuple(blocks[name][p] if name in blocks else None for name in columns)
            for p in range(n_parts)]


#: Where a check's message points at an entry: its index and how many break the rule.
_FIRST_ENTRY = re.compile(r"first at index (\d+), (\d+) in all")


def in_partition(exc: Exception, index: int, first_row: int | None = None) -> Exception:
    """``exc`` again (the same type), its message saying in which partition the bad data
    is; given the partition's first row in the whole input, an entry the message points at
    ("first at index 17, 1 in all", counted in the partition) is named by its row in the
    whole input, counted from 0."""
    message = str(exc)
    if first_row is not None:
        message = _FIRST_ENTRY.sub(
            lambda found: (f"first at row {first_row + int(found.group(1))} of the whole "
                           f"input, index {found.group(1)} of its partition; "
                           f"{found.group(2)} in that partition"), message)
    return type(exc)(f"{message} (in partition {index})")
