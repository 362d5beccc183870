"""The real photos the feature tests read (their landmarks: the ``observe`` fixture)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

from vision.observation import FaceObservation

DATA = Path(__file__).resolve().parent / "data"
#: Public domain (NASA), the face of scikit-image's astronaut.png.
ASTRONAUT = DATA / "astronaut_face.jpg"

Observe = Callable[[np.ndarray], FaceObservation | None]


def read(path: Path = ASTRONAUT) -> np.ndarray:
    image = cv2.imread(str(path))
    assert image is not None, path
    return image
