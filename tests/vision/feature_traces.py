"""Synthetic FaceFeatures sequences for detector tests: a neutral face with small noise, plus
gestures shaped as trapezoids (onset/offset ramps) that change named features."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

import numpy as np

from engine.gesture import Gesture
from vision.config.detector_settings import DetectorSettings, load_detector_settings
from vision.detectors import SeatGestureDetector
from vision.measures.eye_appearance import EyeAppearance
from vision.measures.features import FaceFeatures, Shoulders
from vision.measures.tongue import MouthAppearance

FPS = 30
#: The trace values that are the mouth's appearance (mouth_luma is its ``luma``).
MOUTH_FIELDS = {f.name for f in fields(MouthAppearance)}
NEUTRAL_BLENDSHAPES = {
    "eyeBlinkLeft": 0.05, "eyeBlinkRight": 0.05, "eyeSquintLeft": 0.1, "eyeSquintRight": 0.1,
    "browInnerUp": 0.03, "browOuterUpLeft": 0.02, "browOuterUpRight": 0.02,
    "mouthRollLower": 0.02, "mouthRollUpper": 0.01, "mouthLeft": 0.0, "mouthRight": 0.0,
    "mouthPucker": 0.05, "mouthFunnel": 0.01, "jawOpen": 0.02, "mouthSmileLeft": 0.02,
    "mouthSmileRight": 0.02, "browDownLeft": 0.02, "browDownRight": 0.02,
}  # fmt: skip
NEUTRAL = dict(
    eye_open_left=0.30, eye_open_right=0.30, brow_gap_left=0.24, brow_gap_right=0.24,
    lower_lip_left=0.08, lower_lip_center=0.10, lower_lip_right=0.08,
    mouth_open=0.01, mouth_width=0.62, mouth_offset=0.0, head_roll_deg=0.0, head_yaw_deg=0.0,
    head_pitch_deg=8.0, tongue=0.05, tongue_side=0.0, lip_contrast=10.0, filled_opening=0.0,
    filled_side=0.0, teeth_area=0.0, teeth_left=0.02, teeth_right=0.02, tongue_left=0.0,
    tongue_right=0.0, off_skin_left=0.0, off_skin_right=0.0, mouth_luma=140.0, quality=1.0,
    mouth_quality=1.0, face_px=120.0,
)  # fmt: skip
NEUTRAL_SHOULDERS = {"gap_left": 0.55, "gap_right": 0.55, "lean": 0.0, "head_scale": 0.35,
                     "height_left": 2.0, "height_right": 2.0}  # fmt: skip
#: Each eye's appearance (vision.measures.eye_appearance) for traces made with ``eyes=True``: its
#: darkness, and how far a flat occluder replaces its surroundings' resting pattern (0..1).
NEUTRAL_EYES = {"eye_dark_left": 0.45, "eye_dark_right": 0.45,
                "eye_cover_left": 0.0, "eye_cover_right": 0.0}  # fmt: skip
SURROUND = np.array([120.0, 135.0, 150.0, 160.0, 155.0, 140.0, 125.0, 110.0, 100.0])
#: The mouth's surroundings (vision.measures.face_occlusion) for traces made with ``mouth=True``,
#: and how far a hand, with a pattern of its own (fingers and the gaps between them), replaces them.
MOUTH_SURROUND = np.array([95.0, 110.0, 130.0, 150.0, 160.0, 150.0, 135.0, 120.0, 140.0, 165.0])
HAND = np.array([150.0, 165.0, 140.0, 160.0, 135.0, 150.0, 170.0, 145.0, 160.0, 140.0])
NEUTRAL_MOUTH = {"mouth_cover": 0.0}
OCCLUDER_GREY = 150.0
#: Noise per feature (standard deviation), roughly what MediaPipe jitters by on a still face;
#: areas (of face size squared) jitter by a quarter of that.
NOISE = 0.004
AREAS = (
    "filled_opening",
    "teeth_area",
    "tongue_left",
    "tongue_right",
    "off_skin_left",
    "off_skin_right",
)


@dataclass
class Change:
    start_ms: int
    end_ms: int
    values: dict[str, float]  # additive change at full strength
    ramp_ms: int = 50


@dataclass
class Trace:
    """A neutral face from 0 to ``duration_ms`` plus changes; ``pose_every`` frames carry a pose
    (0: never). ``missing`` spans are frames where the face is lost (None)."""

    duration_ms: int
    changes: list[Change] = field(default_factory=list)
    pose_every: int = 1
    missing: list[tuple[int, int]] = field(default_factory=list)
    overrides: list[tuple[int, int, dict[str, float]]] = field(default_factory=list)
    rest: dict[str, float] = field(default_factory=dict)  # changes the resting face itself
    seed: int = 0
    eyes: bool = False  # frames carry each eye's appearance (NEUTRAL_EYES)
    mouth: bool = False  # frames carry the mouth's surroundings (NEUTRAL_MOUTH)

    def add(self, start_ms: int, end_ms: int, ramp_ms: int = 50, **values: float) -> Trace:
        self.changes.append(Change(start_ms, end_ms, values, ramp_ms))
        return self

    def set(self, start_ms: int, end_ms: int, **values: float) -> Trace:
        """Replace features outright (quality, for instance) during a span."""
        self.overrides.append((start_ms, end_ms, values))
        return self

    def lose(self, start_ms: int, end_ms: int) -> Trace:
        self.missing.append((start_ms, end_ms))
        return self

    def frames(self):
        rng = np.random.default_rng(self.seed)
        n = int(self.duration_ms * FPS / 1000)
        for i in range(n):
            ts = round(i * 1000 / FPS)
            if any(a <= ts < b for a, b in self.missing):
                yield ts, None
                continue
            values = {
                **NEUTRAL, **NEUTRAL_BLENDSHAPES, **NEUTRAL_SHOULDERS, **NEUTRAL_EYES,
                **NEUTRAL_MOUTH,
            }  # fmt: skip
            for name, value in self.rest.items():
                values[name] += value
            for change in self.changes:
                strength = _envelope(ts, change)
                for name, value in change.values.items():
                    values[name] += strength * value
            for name in values:
                if name not in ("quality", "mouth_quality", "lip_contrast"):
                    scale = 100 if name.endswith("_deg") else 0.25 if name in AREAS else 1
                    values[name] += rng.normal(0, NOISE) * scale
            for a, b, fixed in self.overrides:
                if a <= ts < b:
                    values.update(fixed)
            with_pose = self.pose_every and i % self.pose_every == 0
            eyes = _eyes(values, rng) if self.eyes else {}
            surroundings = _mouth(values, rng) if self.mouth else {}
            yield ts, _features(ts, values, with_pose, eyes, surroundings)


def _envelope(ts: int, change: Change) -> float:
    if ts < change.start_ms or ts > change.end_ms:
        return 0.0
    return min(1.0, (ts - change.start_ms) / change.ramp_ms, (change.end_ms - ts) / change.ramp_ms)


def _eyes(v: dict[str, float], rng: np.random.Generator) -> dict[str, EyeAppearance]:
    eyes = {}
    for side in ("left", "right"):
        cover = min(max(v[f"eye_cover_{side}"], 0.0), 1.0)
        grey = (1.0 - cover) * SURROUND + cover * OCCLUDER_GREY
        grey = grey + rng.normal(0, 1.0, SURROUND.shape)
        eyes[side] = EyeAppearance(v[f"eye_dark_{side}"], tuple(float(g) for g in grey))
    return eyes


def _mouth(v: dict[str, float], rng: np.random.Generator) -> dict[str, tuple[float, ...]]:
    cover = min(max(v["mouth_cover"], 0.0), 1.0)
    grey = (1.0 - cover) * MOUTH_SURROUND + cover * HAND
    grey = grey + rng.normal(0, 1.0, MOUTH_SURROUND.shape)
    return {"mouth": tuple(float(g) for g in grey)}


def _features(
    ts: int,
    v: dict[str, float],
    with_pose: bool,
    eyes: dict[str, EyeAppearance],
    surroundings: dict[str, tuple[float, ...]],
) -> FaceFeatures:
    shoulders = (
        Shoulders(
            v["gap_left"],
            v["gap_right"],
            v["lean"],
            v["head_scale"],
            v["height_left"],
            v["height_right"],
        )
        if with_pose
        else None
    )
    blend = {name: min(max(v[name], 0.0), 1.0) for name in NEUTRAL_BLENDSHAPES}
    mouth = MouthAppearance(
        luma=v["mouth_luma"], **{name: v[name] for name in NEUTRAL if name in MOUTH_FIELDS}
    )
    return FaceFeatures(
        ts_ms=ts,
        blendshapes=blend,
        mouth=mouth,
        shoulders=shoulders,
        eyes=eyes,
        surroundings=surroundings,
        **{name: v[name] for name in NEUTRAL if name not in MOUTH_FIELDS and name != "mouth_luma"},
    )


def run(trace: Trace, settings: DetectorSettings | None = None, seat: int = 1):
    """Feed the trace; returns (gestures, {id(gesture): ts of the update that returned it})."""
    detector = SeatGestureDetector(seat, settings or load_detector_settings())
    gestures: list[Gesture] = []
    reported_at: dict[int, int] = {}
    last = 0
    for ts, features in trace.frames():
        for g in detector.update(ts, features):
            gestures.append(g)
            reported_at[id(g)] = ts
        last = ts
    for g in detector.flush(last):
        gestures.append(g)
        reported_at[id(g)] = last
    return gestures, reported_at, detector


def with_kind(kind: str, settings: DetectorSettings | None = None, **fields) -> DetectorSettings:
    """``settings`` (default: the shipped ones) with some of one gesture kind's fields changed."""
    settings = settings or load_detector_settings()
    changed = settings.gestures.of(kind).model_copy(update=fields)
    return settings.model_copy(
        update={"gestures": settings.gestures.model_copy(update={kind: changed})}
    )


def labels(gestures: list[Gesture]) -> list[str]:
    return [g.label for g in gestures]


def calibrated(duration_ms: int, **kwargs) -> Trace:
    """A trace whose first 2.5 s are a still, neutral face (calibration)."""
    return Trace(duration_ms, **kwargs)


__all__ = ["Trace", "calibrated", "labels", "replace", "run", "with_kind"]
