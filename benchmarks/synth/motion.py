"""A real gesture's motion, measured on real footage, moved onto a photo's face.

A drawn deformation can only guess how a face moves, and MediaPipe reads a face by where all of
its landmarks sit: the generator's own brow raise lifted the brows as far as a real one and
MediaPipe read half the rise. A real gesture's motion is every landmark's displacement from the
same face at rest (``python -m benchmarks.measure_motion``, kept in ``motions/``). It is carried
to a photo's face by the similarity that lays the one rest over the other, and spread over the
image by a thin-plate spline through the moved landmarks (OpenCV's shape transformer), with the
landmarks that must not move held where they are.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from .face import FaceGeometry
from .fields import Grid

MOTIONS = Path(__file__).with_name("motions")
#: Landmarks that lay two faces over each other: the nose's ridge and tip, the eyes' and the
#: mouth's corners, the cheeks' outline and the chin (a brow raise moves none of them).
STABLE = (168, 6, 197, 195, 5, 4, 1, 33, 263, 133, 362, 61, 291, 234, 454, 93, 323, 152)
#: Every landmark of both eyes' lids and irises.
EYES = (
    *range(468, 478),
    33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246,
    263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466,
)  # fmt: skip
#: The field is solved every this many pixels and resized: it is smooth at that scale.
_STEP_PX = 4
#: Anchors with no displacement along each edge of the image, so the motion stays on the face.
_EDGE_ANCHORS = 6


@dataclass(frozen=True)
class LandmarkMotion:
    """A face at rest and each landmark's displacement in the gesture, both (478, 2) in units
    of that face's eye-corner distance, the rest centred on its stable landmarks."""

    rest: np.ndarray
    motion: np.ndarray
    source: str  # where it was measured: clip, frames

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "rest": np.round(self.rest, 5).tolist(),
            "motion": np.round(self.motion, 5).tolist(),
        }

    @classmethod
    def from_json(cls, document: dict[str, Any]) -> LandmarkMotion:
        return cls(
            rest=np.asarray(document["rest"], np.float64),
            motion=np.asarray(document["motion"], np.float64),
            source=str(document["source"]),
        )


def measured(rest: np.ndarray, moved: np.ndarray, source: str) -> LandmarkMotion:
    """The motion from the landmarks (478, 2, pixels) of a face at rest to the same face in the
    gesture: the moved face laid over the rest by their stable landmarks, both then in eye-corner
    distances around the rest's stable centre."""
    scale, rotation, shift = similarity(moved[list(STABLE)], rest[list(STABLE)])
    moved_on_rest = scale * moved @ rotation.T + shift
    centre = rest[list(STABLE)].mean(axis=0)
    unit = float(np.linalg.norm(rest[33] - rest[263]))
    return LandmarkMotion((rest - centre) / unit, (moved_on_rest - rest) / unit, source)


def load_motion(name: str) -> LandmarkMotion:
    """A motion kept in ``motions/NAME.json``."""
    path = MOTIONS / f"{name}.json"
    return LandmarkMotion.from_json(json.loads(path.read_text(encoding="utf-8")))


def save_motion(name: str, motion: LandmarkMotion, folder: Path = MOTIONS) -> Path:
    path = folder / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(motion.to_json()) + "\n", encoding="utf-8")
    return path


def similarity(source: np.ndarray, target: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """(scale, rotation, shift) with target ~ scale * rotation @ source + shift, by least
    squares over the paired points (Umeyama's method; no reflection)."""
    source_mean, target_mean = source.mean(axis=0), target.mean(axis=0)
    a, b = source - source_mean, target - target_mean
    u, sigma, vt = np.linalg.svd(b.T @ a)
    flip = np.diag([1.0, float(np.sign(np.linalg.det(u @ vt)))])
    rotation = u @ flip @ vt
    scale = float((sigma * np.diag(flip)).sum() / (a**2).sum())
    return scale, rotation, target_mean - scale * rotation @ source_mean


def transferred_field(
    motion: LandmarkMotion,
    face: FaceGeometry,
    grid: Grid,
    gain: float = 1.0,
    held: Iterable[int] = (),
) -> np.ndarray:
    """The forward displacement field (grid.height, grid.width, 2) that moves ``face`` as the
    motion moved its own face, ``gain`` times as far; the ``held`` landmarks stay put."""
    landmarks = face.landmarks.astype(np.float64)
    scale, rotation, _ = similarity(motion.rest[list(STABLE)], landmarks[list(STABLE)])
    displacement = gain * scale * motion.motion @ rotation.T
    displacement[list(held)] = 0.0
    edges = _edge_anchors(grid)
    moved = np.vstack([landmarks + displacement, edges]).astype(np.float32)
    still = np.vstack([landmarks, edges]).astype(np.float32)
    # The transformer maps each moved place back to where its content comes from.
    spline = cv2.createThinPlateSplineShapeTransformer(0.0)
    matches = [cv2.DMatch(i, i, 0.0) for i in range(len(moved))]
    spline.estimateTransformation(moved[None], still[None], matches)
    ys, xs = np.mgrid[0 : grid.height : _STEP_PX, 0 : grid.width : _STEP_PX]
    places = np.stack([xs.ravel(), ys.ravel()], axis=1).astype(np.float32)
    _, sources = spline.applyTransformation(places[None])
    coarse = (places - sources[0]).reshape(*xs.shape, 2)
    field: np.ndarray = cv2.resize(
        coarse, (grid.width, grid.height), interpolation=cv2.INTER_LINEAR
    )
    return field


def _edge_anchors(grid: Grid) -> np.ndarray:
    xs = np.linspace(0, grid.width - 1, _EDGE_ANCHORS)
    ys = np.linspace(0, grid.height - 1, _EDGE_ANCHORS)
    top_bottom = [(x, y) for x in xs for y in (0, grid.height - 1)]
    sides = [(x, y) for y in ys[1:-1] for x in (0, grid.width - 1)]
    return np.array(top_bottom + sides, np.float64)
