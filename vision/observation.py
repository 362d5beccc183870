"""What the landmarkers report for one frame: the contract between the MediaPipe wrapper
(``vision.mediapipe.landmarks``) and everything downstream (features, detectors, seats, overlay).

Coordinates are in pixels of the full source frame, whatever tile or crop the landmarker ran on,
so downstream code never needs to know how a face was found.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass(slots=True)
class Frame:
    """One decoded image from a source, stamped with the source's own clock."""

    ts_ms: int
    image: np.ndarray  # BGR, HxWx3, uint8
    source_id: str
    index: int = 0


@dataclass(slots=True)
class FaceObservation:
    """One face in one frame."""

    ts_ms: int
    source_id: str
    track_id: int  # stable per face across frames within a source (assigned by the tracker)
    landmarks: np.ndarray  # (478, 3) float32: x, y in frame pixels, z in the same scale as x
    blendshapes: dict[str, float]  # MediaPipe category_name -> score, without "_neutral"
    transform: np.ndarray | None  # 4x4 facial transformation matrix, None if not computed
    bbox: tuple[int, int, int, int]  # x, y, w, h in frame pixels
    presence: float = 1.0  # how sure the landmarker is that this is a face (0..1)


@dataclass(slots=True)
class PoseObservation:
    """Upper-body pose of one person in one frame (MediaPipe PoseLandmarker's 33 points)."""

    ts_ms: int
    source_id: str
    landmarks: np.ndarray  # (33, 3) float32: x, y in frame pixels, z relative
    visibility: np.ndarray  # (33,) float32 in 0..1


@dataclass(slots=True)
class FrameObservations:
    """Everything the landmarkers found in one frame."""

    frame: Frame
    faces: list[FaceObservation] = field(default_factory=list)
    poses: list[PoseObservation] = field(default_factory=list)
