"""NumPy's norm, median, quantile, mean and spread of the small arrays the per-face measures
read, without NumPy's call overhead: the same values, bit for bit
(tests/vision/test_feature_arithmetic.py)."""

from __future__ import annotations

import math

import numpy as np


def clipped_unit(value: float) -> float:
    """``min(max(value, 0.0), 1.0)`` without the calls (dozens a frame): NaN and -0.0 come out as
    they do there."""
    return 0.0 if value < 0.0 else 1.0 if value > 1.0 else value


def norm(offset: np.ndarray) -> np.floating:
    """``np.linalg.norm(offset)`` of a real vector, in its own dtype."""
    length: np.floating = np.sqrt(offset.dot(offset))
    return length


def median(values: np.ndarray) -> float:
    """``np.median`` of a non-empty 1-D array (the middle pair of integers averaged in float64, of
    floats in their own dtype, as NumPy does)."""
    half = values.size // 2
    if values.size % 2:
        return float(np.partition(values, half)[half])
    pair = np.partition(values, (half - 1, half))[half - 1 : half + 1]
    low, high = pair.astype(np.float64) if pair.dtype.kind in "biu" else pair
    return float((low + high) / 2)


def mean_and_std(values: np.ndarray) -> tuple[np.floating, np.floating]:
    """``values.mean()`` and ``values.std()``: integers are summed in float64, floats in their own
    dtype, as NumPy does."""
    dtype = np.float64 if values.dtype.kind in "biu" else None
    mean = np.add.reduce(values, axis=None, dtype=dtype) / values.size
    deviations = values - mean
    np.multiply(deviations, deviations, out=deviations)
    return mean, np.sqrt(np.add.reduce(deviations, axis=None) / values.size)


def quantile(values: np.ndarray, q: float) -> float:
    """``np.quantile(values, q)`` (its default, linear method) of a non-empty 1-D float array
    without NaN, for ``q`` in 0..1."""
    last = values.size - 1
    at = last * q
    if at >= last:
        return float(values.max())
    below = math.floor(at)
    share = at - below
    low, high = np.partition(values, (below, below + 1))[below : below + 2]
    step = high - low
    return float(high - step * (1 - share) if share >= 0.5 else low + step * share)


#: The longest time one frame counts for in a measure that weighs frames by time: a longer gap
#: means frames were missing (the face lost, a stall), and that time was not watched.
MAX_FRAME_STEP_MS = 200


def frame_step_ms(last_ms: int | None, ts_ms: int) -> int:
    """The time since the frame before (0 for the first), at most ``MAX_FRAME_STEP_MS``."""
    return 0 if last_ms is None else min(max(ts_ms - last_ms, 0), MAX_FRAME_STEP_MS)
