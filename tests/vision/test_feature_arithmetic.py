"""The features' shortcuts compute exactly what the straightforward NumPy code computes."""

import math

import cv2
import numpy as np
import pytest

from vision.config.detector_settings import default_detector_settings
from vision.measures import tongue
from vision.measures.eye_appearance import EyeAppearance, measure_eyes
from vision.measures.face_occlusion import REGIONS, measure_surroundings
from vision.measures.features import (
    _CENTRED,
    _GAP_GROUPS,
    _centroid,
    _centroids,
    _face_light,
    _mean_gaps,
)
from vision.measures.numeric import mean_and_std, median, norm, quantile
from vision.mediapipe.face_mesh import EYE_CORNERS, FacePoints

EYES = default_detector_settings().eyes
OCCLUSION = default_detector_settings().occlusion


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
def test_the_geometrys_centroids_are_numpys_means_bit_for_bit(seed):
    points = landmarks(seed)
    if seed == 0:  # signed zeros: NumPy's sum starts from 0.0
        points[list(_CENTRED["mouth"])] = -0.0
    centroids = _centroids(points)
    for name, group in _CENTRED.items():
        expected = points[list(group)].mean(axis=0)
        assert np.array(centroids[name]).tobytes() == expected.tobytes(), name


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


def first_box_means(integral: np.ndarray, centres: np.ndarray, radii: np.ndarray) -> np.ndarray:
    """face_occlusion.box_means as first written."""
    h, w = integral.shape[0] - 1, integral.shape[1] - 1
    r = np.maximum(np.round(radii), 1).astype(int)
    c = np.round(centres).astype(int)
    x0, x1 = np.clip(c[:, 0] - r, 0, w), np.clip(c[:, 0] + r + 1, 0, w)
    y0, y1 = np.clip(c[:, 1] - r, 0, h), np.clip(c[:, 1] + r + 1, 0, h)
    area = np.maximum((x1 - x0) * (y1 - y0), 1)
    sums = integral[y1, x1] - integral[y0, x1] - integral[y1, x0] + integral[y0, x0]
    return sums / area


def first_measure_eyes(image: np.ndarray, pts: np.ndarray) -> dict[str, EyeAppearance]:
    """eye_appearance.measure_eyes as first written: each eye on its own."""
    s = EYES
    h, w = image.shape[:2]
    angles = np.linspace(0.0, np.pi, s.surround_points)
    heights = np.linspace(-s.look_below, s.look_above, s.look_rows)
    eye_down = -np.repeat(heights, 3)
    eye_along = np.tile(np.array([-1.0, 0.0, 1.0]) * s.look_across, len(heights))
    down_at = np.concatenate(
        [eye_down, np.full(3, s.cheek_below), np.sin(angles) * s.surround_down]
    )
    along_at = np.concatenate(
        [eye_along, np.array([-1.0, 0.0, 1.0]) * s.cheek_spread, np.cos(angles) * s.surround_across]
    )
    windows = np.concatenate(
        [np.full(eye_down.size, s.look_window), np.full(3 + angles.size, s.window)]
    )
    n_eye = eye_down.size
    sides, points, radii = [], [], []
    for side, (outer_corner, inner_corner) in EYE_CORNERS.items():
        outer, inner = pts[outer_corner], pts[inner_corner]
        width = float(np.linalg.norm(inner - outer))
        if width < s.min_eye_px:
            continue
        along = (inner - outer) / width
        down = np.array([-along[1], along[0]])
        if down[1] < 0:
            down = -down
        at = (
            (outer + inner) / 2
            + np.outer(down_at * width, down)
            + np.outer(along_at * width, along)
        )
        if at.min() < 0 or np.any(at.max(axis=0) >= (w, h)):
            continue
        sides.append(side)
        points.append(at)
        radii.append(windows * width)
    if not sides:
        return {}
    every = np.vstack(points)
    margin = float(max(r.max() for r in radii))
    x0, y0 = np.clip(np.floor(every.min(axis=0) - margin).astype(int), 0, [w, h])
    x1, y1 = np.clip(np.ceil(every.max(axis=0) + margin).astype(int) + 1, 0, [w, h])
    gray = cv2.cvtColor(np.ascontiguousarray(image[y0:y1, x0:x1]), cv2.COLOR_BGR2GRAY)
    integral = cv2.integral(gray, sdepth=cv2.CV_64F)
    greys = first_box_means(integral, every - (x0, y0), np.concatenate(radii))
    measured = {}
    for side, grey in zip(sides, np.split(greys, len(sides)), strict=True):
        darkest = grey[:n_eye].reshape(-1, 3).min(axis=1)
        cheek = max(float(np.median(grey[n_eye : n_eye + 3])), 1.0)
        measured[side] = EyeAppearance(
            darkness=float(np.maximum(1.0 - darkest / cheek, 0.0).mean()),
            surround=tuple(float(v) for v in grey[n_eye + 3 :]),
        )
    return measured


def first_measure_surroundings(image: np.ndarray, pts: np.ndarray) -> dict[str, tuple[float, ...]]:
    """face_occlusion.measure_surroundings as first written."""
    face_px = float(np.linalg.norm(pts[263] - pts[33]))
    if face_px < OCCLUSION.min_face_px:
        return {}
    at = pts[np.concatenate([np.array(points) for points in REGIONS.values()])]
    r = max(round(OCCLUSION.window * face_px), 1)
    h, w = image.shape[:2]
    x0, y0 = np.floor(at.min(axis=0)).astype(int) - r
    x1, y1 = np.ceil(at.max(axis=0)).astype(int) + r + 1
    if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
        return {}
    gray = cv2.cvtColor(np.ascontiguousarray(image[y0:y1, x0:x1]), cv2.COLOR_BGR2GRAY)
    integral = cv2.integral(gray, sdepth=cv2.CV_64F)
    greys = first_box_means(integral, at - (x0, y0), np.full(len(at), float(r)))
    splits = np.cumsum([len(points) for points in REGIONS.values()])[:-1]
    return {
        region: tuple(float(v) for v in values)
        for region, values in zip(REGIONS, np.split(greys, splits), strict=True)
    }


def face_in_frame(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """A noisy 640x480 frame and landmarks of a face of 20-220 px somewhere in it, turned any
    way, sometimes partly out of the frame."""
    rng = np.random.default_rng(seed)
    image = rng.integers(0, 256, (480, 640, 3), dtype=np.uint8)
    image = cv2.GaussianBlur(image, (0, 0), 2.0)
    size, angle = rng.uniform(20, 220), rng.uniform(-np.pi, np.pi)
    centre = rng.uniform([-50, -50], [690, 530])
    offsets = rng.uniform(-0.9, 0.9, (478, 2)) * size
    offsets[33], offsets[263] = (-size / 2, 0.0), (size / 2, 0.0)
    offsets[133], offsets[362] = (-size / 6, 2.0), (size / 6, -1.0)
    turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    points = (centre + offsets @ turn.T).astype(np.float32).astype(np.float64)
    return image, points


@pytest.mark.parametrize("seed", range(60))
def test_the_eyes_and_surroundings_are_the_first_written_ones_bit_for_bit(seed):
    image, points = face_in_frame(seed)
    mesh = FacePoints(points, float(np.linalg.norm(points[263] - points[33])))
    assert measure_eyes(image, mesh, EYES) == first_measure_eyes(image, points)
    assert measure_surroundings(image, mesh, OCCLUSION) == first_measure_surroundings(image, points)


def test_the_chroma_looked_up_is_numpys_hypot_bit_for_bit():
    rng = np.random.default_rng(0)
    crop = rng.integers(0, 256, (70, 64, 3), dtype=np.uint8)
    crop[0, :, 1], crop[1, :, 2] = 0, 255  # the ends of a* and b*
    expected = np.hypot(
        crop[..., 1].astype(np.float32) - 128.0, crop[..., 2].astype(np.float32) - 128.0
    )
    index = np.left_shift(crop[..., 1], 8, dtype=np.intp) | crop[..., 2]
    assert tongue._CHROMA.take(index).tobytes() == expected.tobytes()
    a, b = (grid.astype(np.float32) - 128.0 for grid in np.mgrid[0:256, 0:256])
    assert tongue._CHROMA.tobytes() == np.hypot(a, b).ravel().tobytes()


@pytest.mark.parametrize("size", [1, 2, 3, 8, 51])
@pytest.mark.parametrize("seed", range(5))
def test_the_cheeks_colour_from_bytes_is_the_median_of_their_floats(size, seed):
    channel = np.random.default_rng(seed).integers(0, 256, size, dtype=np.uint8)
    from_floats = np.median(channel.astype(np.float32) - 128.0)
    assert np.float32(median(channel) - 128.0) == from_floats


@pytest.mark.parametrize("seed", range(30))
def test_the_face_light_is_the_first_written_ones_bit_for_bit(seed):
    image, points = face_in_frame(seed)
    h, w = image.shape[:2]
    xs, ys = points[:, 0], points[:, 1]
    x0, y0 = min(max(math.floor(xs.min()), 0), w), min(max(math.floor(ys.min()), 0), h)
    x1, y1 = min(max(math.ceil(xs.max()), 0), w), min(max(math.ceil(ys.max()), 0), h)
    expected = (0.0, 0.0)
    if x1 - x0 >= 2 and y1 - y0 >= 2:
        crop = image[y0:y1:4, x0:x1:4] if min(x1 - x0, y1 - y0) > 64 else image[y0:y1, x0:x1]
        gray = cv2.cvtColor(np.ascontiguousarray(crop), cv2.COLOR_BGR2GRAY)
        expected = (float(gray.mean()), float(gray.std()))
    assert _face_light(image, points) == expected
