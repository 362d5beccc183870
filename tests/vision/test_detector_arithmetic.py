"""The detectors' shortcuts compute exactly what the straightforward code computes."""

import math

import numpy as np
import pytest

from vision.config.detector_settings import default_detector_settings
from vision.detectors.wink import WinkDetector
from vision.measures.baseline import _medians
from vision.measures.face_occlusion import pattern_changes
from vision.measures.features import ramp
from vision.measures.shoulder_motion import _moved, _runner_up
from vision.measures.speech import SpeechActivity

SETTINGS = default_detector_settings()
#: Values where a shortcut could part from NumPy or min/max: signed zeros, the ends, NaN.
EDGES = [-0.0, 0.0, 1.0, -1.0, 2.0, 0.5, 1e-300, -1e-300, math.nan, math.inf, -math.inf]


def same(a: float, b: float) -> bool:
    """Equal bit for bit (the sign of a zero and NaN included)."""
    return np.float64(a).tobytes() == np.float64(b).tobytes()


def values(seed: int, count: int) -> list[float]:
    rng = np.random.default_rng(seed)
    return (rng.normal(0.4, 0.6, count)).tolist() + EDGES


@pytest.mark.parametrize("span", [(0.1, 0.5), (0.5, 0.1), (-2.0, 3.0)])
def test_the_ramp_is_min_max_bit_for_bit(span):
    lo, hi = span
    for value in values(1, 500):
        assert same(ramp(value, span), min(max((value - lo) / (hi - lo), 0.0), 1.0)), value


@pytest.mark.parametrize("seed", range(5))
def test_an_eyes_closedness_is_numpys_mean_of_its_clipped_readings(seed):
    detector = WinkDetector(SETTINGS.gestures.wink, SETTINGS.eyes)
    readings = values(seed, 200)
    rng = np.random.default_rng(seed)
    for _ in range(400):
        lid, blink, dark = rng.choice(readings, 3).tolist()
        rest_open, rest_dark = rng.choice([0.0, 0.03, 0.3]), rng.choice([0.0, 0.5])
        delta = {"eye_open_left": lid, "eyeBlinkLeft": blink, "eye_dark_left": dark}
        rest = {"eye_open_left": rest_open, "eye_dark_left": rest_dark}
        measured = [-lid / max(rest_open, 0.05), blink]
        if rest_dark >= SETTINGS.eyes.min_rest_darkness:
            measured.append(-dark / rest_dark)
        expected = float(np.mean(np.clip(measured, 0.0, 1.0)))
        assert same(detector.closedness(delta, rest, "left"), expected), (delta, rest)


def numpy_runner_up(scores: np.ndarray, best: int, apart: int) -> float:
    padded = np.concatenate(([-np.inf], scores, [-np.inf]))
    peaks = (scores >= padded[:-2]) & (scores >= padded[2:])
    peaks &= np.abs(np.arange(len(scores)) - best) >= apart
    return float(scores[peaks].max()) if peaks.any() else -np.inf


@pytest.mark.parametrize("seed", range(5))
def test_the_runner_up_is_numpys_highest_peak_away_from_the_best(seed):
    rng = np.random.default_rng(seed)
    for _ in range(2000):
        size = int(rng.integers(1, 45))
        scores = rng.random(size).astype(np.float32)
        if rng.random() < 0.5:  # ties, rows out of reach, a flat or missing score
            scores = rng.choice([-2.0, 0.0, 0.5, 0.9, np.nan, -np.inf], size).astype(np.float32)
        best, apart = int(rng.integers(0, size)), int(rng.integers(0, 6))
        expected = numpy_runner_up(scores, best, apart)
        assert _runner_up(scores, best, apart) == expected, (scores, best, apart)


@pytest.mark.parametrize("seed", range(5))
def test_a_strip_moved_as_numpy_tells_it_nan_left_out(seed):
    rng = np.random.default_rng(seed)
    for _ in range(2000):
        now, before = (rng.choice([0.01, 0.2, -0.3, np.nan, 0.0], 2) for _ in range(2))
        most = float(rng.choice([0.0, 0.05, 0.2]))
        step = np.abs(now - before)
        expected = bool(np.any(step[~np.isnan(step)] > most))
        assert _moved(now.tolist(), before.tolist(), most) == expected


def numpy_pattern_changes(rests: list[np.ndarray], nows: list[np.ndarray]) -> np.ndarray:
    """pattern_changes as first written: each region fitted on its own arrays."""
    s = SETTINGS.occlusion
    sizes = np.array([len(r) for r in rests])
    width = int(sizes.max())
    valid = np.arange(width)[None, :] < sizes[:, None]
    rest = np.zeros((len(rests), width))
    now = np.zeros_like(rest)
    rest[valid] = np.concatenate(rests)
    now[valid] = np.concatenate(nows)
    spread = np.sqrt((valid * (rest - (rest.sum(1) / sizes)[:, None]) ** 2).sum(1) / sizes)
    keep = np.maximum(3, (s.keep * sizes).astype(int))
    weight = valid.astype(float)
    for _ in range(2):
        total = weight.sum(1)
        r_off = rest - ((weight * rest).sum(1) / total)[:, None]
        n_off = now - ((weight * now).sum(1) / total)[:, None]
        gain = (weight * r_off * n_off).sum(1) / np.maximum((weight * r_off**2).sum(1), 1e-9)
        misfit = np.where(valid, np.abs(n_off - gain[:, None] * r_off), np.inf)
        rank = np.argsort(np.argsort(misfit, axis=1), axis=1)
        weight = (rank < keep[:, None]).astype(float)
    at = np.round(s.quantile * (sizes - 1)).astype(int)
    chosen = np.sort(misfit, axis=1)[np.arange(len(rests)), at]
    change = (chosen + s.noise_grey) / (np.maximum(gain, 1e-3) * np.maximum(spread, 1e-9))
    return np.where(spread < s.min_rest_spread, 0.0, change)


@pytest.mark.parametrize("seed", range(10))
def test_the_pattern_changes_are_the_first_written_ones_bit_for_bit(seed):
    rng = np.random.default_rng(seed)
    for _ in range(200):
        sizes = rng.choice([3, 5, 9, 16, 24], int(rng.integers(1, 6)))
        rests = [rng.uniform(20, 230, n).round(rng.integers(0, 3)) for n in sizes]
        nows = [
            r * rng.uniform(0.5, 1.5) + rng.normal(0, rng.choice([0.5, 20]), len(r)) for r in rests
        ]
        if rng.random() < 0.2:  # a flat rest, a flat hand, ties in the misfits
            rests[0] = np.full(len(rests[0]), 100.0)
            nows[-1] = np.full(len(nows[-1]), 140.0)
        expected = numpy_pattern_changes(rests, nows)
        found = pattern_changes(
            [r.tolist() for r in rests], [n.tolist() for n in nows], SETTINGS.occlusion
        )
        assert found.tobytes() == expected.tobytes(), sizes


@pytest.mark.parametrize("seed", range(5))
def test_the_talking_is_the_builtins_deadband_bit_for_bit(seed):
    rng = np.random.default_rng(seed)
    speech, deadband, window_ms = SpeechActivity(400, 0.03), 0.03, 400
    gaps: list[tuple[int, float]] = []
    for index in range(600):
        ts_ms, gap = index * 33, float(rng.choice([rng.uniform(0, 0.3), 0.1, -0.0, 0.0]))
        gaps = [(t, g) for t, g in gaps if t > ts_ms - window_ms] + [(ts_ms, gap)]
        start = followed = gaps[0][1]
        travel = 0.0
        for _, g in gaps:
            moved = min(max(followed, g - deadband), g + deadband)
            travel += abs(moved - followed)
            followed = moved
        assert same(speech.update(ts_ms, gap), travel - abs(followed - start))


def test_the_calibrations_medians_are_numpys_one_by_one():
    rng = np.random.default_rng(0)
    for _ in range(200):
        counts = rng.choice([1, 2, 63, 64], int(rng.integers(1, 40))).tolist()
        samples = {
            f"s{i}": rng.normal(0, rng.choice([1e-3, 1.0, 1e3]), count).tolist()
            for i, count in enumerate(counts)
        }
        if rng.random() < 0.3:  # a sample lost to NaN, signed zeros
            next(iter(samples.values()))[0] = math.nan
            samples["zeros"] = [-0.0, 0.0, -0.0, -0.0]
        expected = {name: float(np.median(values)) for name, values in samples.items()}
        found = _medians(samples)
        assert list(found) == list(expected)
        assert all(same(found[name], expected[name]) for name in expected)
