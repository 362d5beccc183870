"""Real MediaPipe landmarks on real photos, for feature tests (module-scoped: one landmarker)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.observation import FaceObservation, Frame

DATA = Path(__file__).resolve().parent / "data"
#: Public domain (NASA), the face of scikit-image's astronaut.png.
ASTRONAUT = DATA / "astronaut_face.jpg"

Observe = Callable[[np.ndarray], FaceObservation | None]


def read(path: Path = ASTRONAUT) -> np.ndarray:
    image = cv2.imread(str(path))
    assert image is not None, path
    return image


@pytest.fixture(scope="module")
def observe() -> Iterator[Observe]:
    """Landmarks of the one face in an image, through the pipeline's own landmarker."""
    from vision.mediapipe.landmarks import MediaPipeLandmarker

    clock = iter(range(0, 10**9, 1000))
    with MediaPipeLandmarker(pose=False) as landmarker:

        def run(image: np.ndarray) -> FaceObservation | None:
            landmarker.reset()
            faces = landmarker.observe(Frame(next(clock), image, "photo")).faces
            return faces[0] if faces else None

        yield run
