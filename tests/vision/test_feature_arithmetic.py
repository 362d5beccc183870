"""The features' shortcuts compute exactly what the straightforward NumPy code computes."""

import numpy as np
import pytest

from vision.features import _GAP_GROUPS, _centroid, _mean_and_std, _mean_gaps


def landmarks(seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return (rng.random((478, 2)) * [1280, 720]).astype(np.float32).astype(np.float64)


@pytest.mark.parametrize("seed", range(20))
def test_the_gathered_gaps_are_the_mean_norms_bit_for_bit(seed):
    points = landmarks(seed)
    gaps = _mean_gaps(points)
    for name, pairs in _GAP_GROUPS.items():
        lengths = [float(np.linalg.norm(points[a] - points[b])) for a, b in pairs]
        assert gaps[name] == sum(lengths) / len(lengths), name


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("size", [4, 5, 16])
def test_the_centroid_is_numpys_mean_bit_for_bit(seed, size):
    points = landmarks(seed)
    indices = np.random.default_rng(seed).choice(len(points), size, replace=False)
    assert np.array_equal(_centroid(points, indices), points[indices].mean(axis=0))


@pytest.mark.parametrize("shape", [(2, 2), (17, 31), (120, 90)])
@pytest.mark.parametrize("seed", range(5))
def test_the_light_is_numpys_mean_and_std_bit_for_bit(shape, seed):
    gray = np.random.default_rng(seed).integers(0, 256, shape, dtype=np.uint8)
    assert _mean_and_std(gray) == (float(gray.mean()), float(gray.std()))
