"""The features' shortcuts compute exactly what the straightforward NumPy code computes."""

import cv2
import numpy as np
import pytest

from vision.measures import tongue
from vision.measures.features import _GAP_GROUPS, _centroid, _mean_gaps
from vision.measures.numeric import mean_and_std, median, norm, quantile


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
    mean, spread = mean_and_std(gray)
    assert (mean, spread) == (gray.mean(), gray.std())
    assert mean.dtype == spread.dtype == np.float64


def mouth_outlines(points: np.ndarray) -> list[np.ndarray]:
    """The outlines measure_mouth fills, each gathered on its own (the zone's lower edge
    dropped by a few pixels)."""
    below = np.vstack([points[tongue._ZONE_BELOW_TOP], points[tongue._ZONE_BELOW_BOTTOM] + 3.5])
    return [below] + [
        points[part]
        for part in (
            tongue._INNER, tongue._UPPER_LIP, tongue._LIPS_LEFT, tongue._LIPS_RIGHT,
            tongue._LOWER_LIP,
        )
    ]  # fmt: skip


@pytest.mark.parametrize("seed", range(10))
def test_the_mouth_masks_are_each_outline_filled_on_its_own(seed):
    rng = np.random.default_rng(seed)
    points = (rng.random((478, 2)) * 40 + [300, 200]).astype(np.float32)
    origin, scale, radius, shape = (290, 190), 64 / 60, 5, (66, 64)
    every = points[tongue._OUTLINE_POINTS]
    every[tongue._DROPPED] += 3.5
    masks = tongue._outline_masks(every, origin, scale, radius, shape)
    cheeks = np.zeros(shape, np.uint8)
    for cx, cy in np.round((points[tongue._CHEEKS] - origin) * scale).astype(int):
        cv2.circle(cheeks, (int(cx), int(cy)), radius, 1, -1)
    expected = [cheeks]
    for outline in mouth_outlines(points):
        mask = np.zeros(shape, np.uint8)
        cv2.fillPoly(mask, [np.round((outline - origin) * scale).astype(np.int32)], 1)
        expected.append(mask)
    assert masks.any(axis=(1, 2)).all()
    assert np.array_equal(masks, np.stack(expected))


@pytest.mark.parametrize("seed", range(10))
def test_the_mouths_norm_is_numpys_bit_for_bit(seed):
    offset = (np.random.default_rng(seed).random(2) * 200 - 100).astype(np.float32)
    assert float(norm(offset)) == float(np.linalg.norm(offset))


@pytest.mark.parametrize("size", [5, 9, 24])
@pytest.mark.parametrize("seed", range(10))
def test_the_mean_and_std_of_grey_samples_are_numpys_bit_for_bit(size, seed):
    values = np.random.default_rng(seed).random(size) * 255
    mean, spread = mean_and_std(values)
    assert (mean, spread) == (values.mean(), values.std())
    assert mean.dtype == spread.dtype == np.float64


@pytest.mark.parametrize("seed", range(10))
def test_the_strips_texture_is_numpys_std_bit_for_bit(seed):
    strip = (np.random.default_rng(seed).random((30, 16)) * 255).astype(np.float32)
    template = strip[4:27, 3:13]  # a strided view, as rest_template cuts it
    spread = mean_and_std(template)[1]
    assert spread == template.std()
    assert spread.dtype == np.float32


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("seed", range(10))
def test_the_features_norm_is_numpys_bit_for_bit(dtype, seed):
    offset = (np.random.default_rng(seed).random(2) * 200 - 100).astype(dtype)
    length = norm(offset)
    assert length == np.linalg.norm(offset) and length.dtype == dtype


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.uint8])
@pytest.mark.parametrize("size", [1, 2, 3, 8, 51])
@pytest.mark.parametrize("seed", range(5))
def test_the_median_is_numpys_bit_for_bit(dtype, size, seed):
    values = (np.random.default_rng(seed).random(size) * 255).astype(dtype)
    assert median(values) == float(np.median(values))


@pytest.mark.parametrize("q", [0.0, 0.1, 0.25, 1 / 3, 0.5, 0.6, 0.75, 0.9, 1.0])
@pytest.mark.parametrize("size", [1, 2, 5, 9, 16, 24])
@pytest.mark.parametrize("seed", range(10))
def test_the_quantile_is_numpys_bit_for_bit(q, size, seed):
    values = np.random.default_rng(seed).random(size) * 8 - 4
    assert quantile(values, q) == float(np.quantile(values, q))
