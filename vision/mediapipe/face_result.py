"""One face of a video-mode ``FaceLandmarker`` result as numpy, and the reader that gets it.

On the mediapipe release pinned in pyproject.toml the result is read straight from MediaPipe's
C struct (:mod:`vision.mediapipe.face_result_ctypes`, a few microseconds); on any other release,
or where its private modules are gone, it is read through MediaPipe's public
``detect_for_video`` (about 0.4 ms a face a frame more, the same values).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import lru_cache
from importlib import import_module
from importlib.metadata import version
from typing import Protocol

import numpy as np

log = logging.getLogger(__name__)

#: MediaPipe's blendshape of no expression, which the detectors never read.
NEUTRAL = "_neutral"


@dataclass(slots=True)
class FaceResult:
    """The first face of a result."""

    landmarks: np.ndarray  # (N, 3) float32: x, y in 0..1 of the image, z in the scale of x
    blendshapes: dict[str, float]  # category name -> score, without "_neutral"
    transform: np.ndarray | None  # 4x4 facial transformation matrix


class FaceReader(Protocol):
    """Runs a video-mode ``FaceLandmarker`` on an image and reads its first face, if any."""

    def detect_for_video(
        self, landmarker: object, image: object, ts_ms: int
    ) -> FaceResult | None: ...


class PublicFaceReader:
    """:class:`FaceReader` through MediaPipe's public ``detect_for_video``."""

    def detect_for_video(self, landmarker: object, image: object, ts_ms: int) -> FaceResult | None:
        result = landmarker.detect_for_video(image, ts_ms)  # type: ignore[attr-defined]
        if not result.face_landmarks:
            return None
        landmarks = np.array([(p.x, p.y, p.z) for p in result.face_landmarks[0]], np.float32)
        blendshapes = {}
        if result.face_blendshapes:
            blendshapes = {
                c.category_name: c.score
                for c in result.face_blendshapes[0]
                if c.category_name != NEUTRAL
            }
        transform = None
        if result.facial_transformation_matrixes:
            transform = np.asarray(result.facial_transformation_matrixes[0], np.float32)
        return FaceResult(landmarks, blendshapes, transform)


@lru_cache(maxsize=1)
def ctypes_reader_fits() -> bool:
    """Whether the C struct reader can be used: its module imports and the installed mediapipe
    is the release its layout was checked against. Said once in the log when it cannot."""
    try:
        face_result_ctypes = import_module("vision.mediapipe.face_result_ctypes")
    except ImportError as exc:
        log.warning("face results read through detect_for_video (slower): %s", exc)
        return False
    installed = version("mediapipe")
    if installed != face_result_ctypes.VERIFIED_ON:
        log.warning(
            "face results read through detect_for_video (slower): mediapipe %s, the C layout "
            "was checked on %s",
            installed,
            face_result_ctypes.VERIFIED_ON,
        )
        return False
    return True


def face_reader() -> FaceReader:
    """A reader for one face landmarker: the C struct reader where it fits, else the public
    one."""
    if ctypes_reader_fits():
        from vision.mediapipe.face_result_ctypes import CtypesFaceReader

        return CtypesFaceReader()
    return PublicFaceReader()
