"""Whether a region of the frame still looks as it did: a small greyscale thumbnail of it, whose
mean grey difference from an earlier one tells a change (a face moving in, a shrug)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.mediapipe.face_regions import Box

#: Side of the thumbnail, in pixels.
THUMB_PX = 32


def thumbnail(crop: np.ndarray) -> np.ndarray:
    small = cv2.resize(crop, (THUMB_PX, THUMB_PX), interpolation=cv2.INTER_AREA)
    return cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)


def grey_change(a: np.ndarray, b: np.ndarray) -> float:
    """Mean absolute grey difference of two thumbnails, 0..255."""
    return float(cv2.absdiff(a, b).mean())


def box_pixels(image: np.ndarray, box: Box) -> np.ndarray:
    """The pixels of a box, clipped to the image (at least one pixel)."""
    height, width = image.shape[:2]
    x0 = min(max(int(box[0]), 0), width - 1)
    y0 = min(max(int(box[1]), 0), height - 1)
    x1 = min(max(int(box[0] + box[2]), x0 + 1), width)
    y1 = min(max(int(box[1] + box[3]), y0 + 1), height)
    return image[y0:y1, x0:x1]
