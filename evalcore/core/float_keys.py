"""Float scores as sortable unsigned integer keys, the ranking core's fastest route: the
bits of a float32 or float64 score, turned into an order-preserving code, shifted left by one
with the label in the lowest bit, sort as integers (numpy's vectorized sort) and give the
tie groups in one pass (:func:`evalcore.core.ranking.tie_groups`). Codes of one sign fit in
31 or 63 bits once an offset is subtracted: a chunk's own minimum for one sort
(:func:`float_key_offset`), or, for keys that must compare alike in every chunk of the data
(:func:`shared_float_keys`, the Dask route's ranges), the code of the most negative finite
value (:func:`shared_offset`). Without a label, :func:`ordered_codes` gives any real scores
(floats of every sign, integers, bools) unsigned codes of their own width that order as they
do: what :func:`evalcore.core.ranking.score_order` sorts.
"""

from __future__ import annotations

from typing import Any

import numpy as np

#: Per float dtype: the signed and unsigned integers of its width and its magnitude bits.
FLOAT_KEYS = {np.dtype(np.float64): (np.int64, np.uint64, 63),
              np.dtype(np.float32): (np.int32, np.uint32, 31)}


def float_key_offset(score: np.ndarray, *, nonnegative: bool) -> Any:
    """The smallest ordered code of same-sign float scores (0 when they are non-negative),
    subtracted from every code by :func:`same_sign_float_keys`."""
    signed, _, magnitude_bits = FLOAT_KEYS[score.dtype]
    if nonnegative:
        return signed(0)
    return score.min().view(signed) ^ signed((1 << magnitude_bits) - 1)


def same_sign_float_keys(label: np.ndarray, score: np.ndarray, low: Any, *,
                          nonnegative: bool) -> np.ndarray:
    """Sortable unsigned keys of float64 or float32 scores that all share one sign: each
    score's order-preserving code minus ``low`` (:func:`float_key_offset`), shifted left by
    one, with the label in the lowest bit; no wider than the scores.

    The bits of non-negative floats order like the floats (clearing the sign bit turns -0.0
    into +0.0); negative ones order like the floats once their magnitude bits are flipped.
    Within one sign these integers span less than 2**63 (float32: 2**31), so after
    subtracting the smallest they fit in 63 bits (31) and the label fits in the last one.
    """
    signed, unsigned, magnitude_bits = FLOAT_KEYS[score.dtype]
    mask = signed((1 << magnitude_bits) - 1)
    bits = score.view(signed)
    if nonnegative:
        keys = bits & mask
    else:
        keys = bits >> magnitude_bits
        keys &= mask
        keys ^= bits
        keys -= low
    keys = keys.view(unsigned)
    keys <<= unsigned(1)
    keys |= label.view(np.uint8)
    return keys


def float_values(codes: np.ndarray, dtype: np.dtype, low: Any, nonnegative: bool,
                 out: np.ndarray | None = None) -> np.ndarray:
    """The scores of distinct codes (shifted back, label bit gone) of
    :func:`same_sign_float_keys` with offset ``low``, as float64; ``codes`` is reused, or
    the scores written to ``out`` (float64, as long)."""
    signed, _, magnitude_bits = FLOAT_KEYS[dtype]
    ordered = codes.view(signed)
    if not nonnegative:
        ordered += low
        ordered ^= (ordered >> magnitude_bits) & signed((1 << magnitude_bits) - 1)
    floats = ordered.view(dtype)
    if out is not None:
        np.copyto(out, floats)
        return out
    return floats if floats.dtype == np.float64 else floats.astype(np.float64)


def has_shared_keys(dtype: np.dtype) -> bool:
    """Whether :func:`shared_float_keys` takes scores of ``dtype``: float32 or float64."""
    return np.dtype(dtype) in FLOAT_KEYS


def shared_offset(dtype: np.dtype, negative: bool) -> Any:
    """The offset of :func:`same_sign_float_keys` for every chunk: 0, or for negative scores
    the code of the most negative finite value (a chunk's own minimum would differ)."""
    signed, _, magnitude_bits = FLOAT_KEYS[dtype]
    if not negative:
        return signed(0)
    lowest = np.array([-np.finfo(dtype).max], dtype=dtype)
    return lowest.view(signed)[0] ^ signed((1 << magnitude_bits) - 1)


def shared_float_keys(label: np.ndarray, score: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Unweighted float32 or float64 scores as sortable unsigned keys that compare alike in
    every chunk of the data, those of the negative scores and of the others (a key is no
    wider than the scores): :func:`same_sign_float_keys` with :func:`shared_offset`. Sorted,
    a chunk's keys cut at a score's key (:func:`shared_float_key`) split its rows by value;
    many chunks' keys give the groups of all their rows (:func:`groups_from_shared_keys`)."""
    negative = score < 0                        # -0.0 is not: it is 0.0
    if negative.any():
        parts = (label[negative], score[negative]), (label[~negative], score[~negative])
    else:                                       # the common case: no copies
        parts = (label[:0], score[:0]), (label, score)
    return tuple(same_sign_float_keys(part_label, part, shared_offset(score.dtype, side == 0),
                                      nonnegative=side == 1)
                 for side, (part_label, part) in enumerate(parts))


def shared_float_key(value: Any, dtype: np.dtype) -> tuple[bool, Any]:
    """Whether the score ``value`` (exact in ``dtype``) is negative, and its key with a
    negative label: the smallest key of its rows in :func:`shared_float_keys`."""
    score = np.array([value], dtype=dtype)
    negative = bool(score[0] < 0)
    keys = same_sign_float_keys(np.zeros(1, dtype=np.int8), score,
                                shared_offset(score.dtype, negative), nonnegative=not negative)
    return negative, keys[0]


def ordered_codes(score: np.ndarray) -> tuple[np.ndarray, int] | None:
    """Unsigned integers that order as the scores do, and their width in bits (32 or 64):
    equal scores have equal codes (-0.0 that of 0.0), a larger score a larger code. Floats
    turn their bits (a negative's all flipped, a non-negative's sign bit set), float16 as
    float32; signed integers flip their sign bit; unsigned ones and bools are their own
    codes, widened to 32 bits when narrower. ``None`` for scores that have none here: long
    double, objects, and any NaN (which orders by no code)."""
    if score.dtype == np.float16:
        score = score.astype(np.float32)            # exact
    if score.dtype in FLOAT_KEYS:
        if np.isnan(score).any():
            return None
        signed, unsigned, magnitude_bits = FLOAT_KEYS[score.dtype]
        bits = (score + score.dtype.type(0)).view(signed)          # -0.0 + 0 is 0.0
        flip = (bits >> magnitude_bits).view(unsigned)              # all ones if negative
        flip |= unsigned(1 << magnitude_bits)
        flip ^= bits.view(unsigned)
        return flip, magnitude_bits + 1
    if score.dtype.kind == "b":
        score = score.view(np.uint8)
    if score.dtype.kind not in "iu":
        return None
    width = max(32, 8 * score.dtype.itemsize)
    unsigned = np.uint32 if width == 32 else np.uint64
    codes = score.astype(unsigned) if score.dtype.kind == "u" else \
        np.bitwise_xor(score.astype(np.int32 if width == 32 else np.int64).view(unsigned),
                       unsigned(1 << (width - 1)))
    return codes, width
