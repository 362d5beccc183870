"""Fixtures of the vision tests."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from tests.vision.photo_faces import Observe
from vision.observation import FaceObservation, Frame


@pytest.fixture(scope="module")
def observe() -> Iterator[Observe]:
    """Landmarks of the one face in an image, through the pipeline's own landmarker (one per test
    module)."""
    from vision.mediapipe.landmarks import MediaPipeLandmarker

    clock = iter(range(0, 10**9, 1000))
    with MediaPipeLandmarker(pose=False) as landmarker:

        def run(image: np.ndarray) -> FaceObservation | None:
            landmarker.reset()
            faces = landmarker.observe(Frame(next(clock), image, "photo")).faces
            return faces[0] if faces else None

        yield run
