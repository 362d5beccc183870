"""Small synthetic videos for the live-feed tests (no faces: they test the plumbing)."""

from pathlib import Path

import cv2
import numpy as np


def write_clip(path: Path, frames: int, fps: float = 20.0, size=(160, 120)) -> Path:
    """A small synthetic video: a bar moving across a grey field, one position per frame."""
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), fps, size)
    for i in range(frames):
        image = np.full((size[1], size[0], 3), 90, np.uint8)
        x = (i * 7) % size[0]
        image[:, x : x + 6] = (40, 200, 240)
        writer.write(image)
    writer.release()
    return path
