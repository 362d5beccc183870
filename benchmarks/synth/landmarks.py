"""MediaPipe face landmarks of a still photo, in pixels, for placing the synthetic deformations."""

from __future__ import annotations

from pathlib import Path

import cv2
import mediapipe as mp
import numpy as np
from mediapipe.tasks import python as mp_tasks
from mediapipe.tasks.python import vision as mp_vision

from vision.mediapipe.models import require_model


class NoFaceError(ValueError):
    """The photo has no face the landmarker can find."""


def open_landmarker(num_faces: int = 1, min_confidence: float = 0.3) -> mp_vision.FaceLandmarker:
    """An IMAGE-mode FaceLandmarker with blendshapes; close it (or use it in ``with``)."""
    options = mp_vision.FaceLandmarkerOptions(
        base_options=mp_tasks.BaseOptions(model_asset_path=str(require_model("face_landmarker"))),
        running_mode=mp_vision.RunningMode.IMAGE,
        num_faces=num_faces,
        min_face_detection_confidence=min_confidence,
        min_face_presence_confidence=min_confidence,
        output_face_blendshapes=True,
    )
    return mp_vision.FaceLandmarker.create_from_options(options)


def detect_faces(
    landmarker: mp_vision.FaceLandmarker, image_bgr: np.ndarray
) -> list[tuple[np.ndarray, dict[str, float]]]:
    """Every face in the image: (478x3 landmarks in pixels, blendshapes by name)."""
    height, width = image_bgr.shape[:2]
    rgb = np.ascontiguousarray(cv2.cvtColor(image_bgr, cv2.COLOR_BGR2RGB))
    result = landmarker.detect(mp.Image(image_format=mp.ImageFormat.SRGB, data=rgb))
    faces = []
    for index, points in enumerate(result.face_landmarks):
        coords = np.array([[p.x * width, p.y * height, p.z * width] for p in points], np.float32)
        shapes = {c.category_name: c.score for c in result.face_blendshapes[index]}
        shapes.pop("_neutral", None)
        faces.append((coords, shapes))
    return faces


def largest_face(landmarker: mp_vision.FaceLandmarker, image_bgr: np.ndarray) -> np.ndarray:
    """The landmarks (478x3, pixels) of the largest face; raises NoFaceError if there is none."""
    faces = detect_faces(landmarker, image_bgr)
    if not faces:
        raise NoFaceError("no face found")
    return max(faces, key=lambda face: np.ptp(face[0][:, 0]) * np.ptp(face[0][:, 1]))[0]


def photo_landmarks(path: Path) -> tuple[np.ndarray, np.ndarray]:
    """The photo (BGR) and its largest face's landmarks."""
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise NoFaceError(f"{path} is not a readable image")
    with open_landmarker() as landmarker:
        try:
            return image, largest_face(landmarker, image)
        except NoFaceError as exc:
            raise NoFaceError(f"{path}: no face found") from exc
