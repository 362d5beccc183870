"""Where the parts of a face are, from MediaPipe's 478 landmarks, and in which direction the
player's own left lies in the image.

Sides are the player's own. In a photo taken by a camera that does not mirror, the player's left
eye is on the image's right: MediaPipe's "left" landmarks (263, 362, ...) are the player's left.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

UPPER_LID = {
    "right": [33, 246, 161, 160, 159, 158, 157, 173, 133],
    "left": [263, 466, 388, 387, 386, 385, 384, 398, 362],
}
LOWER_LID = {
    "right": [33, 7, 163, 144, 145, 153, 154, 155, 133],
    "left": [263, 249, 390, 373, 374, 380, 381, 382, 362],
}
BROW = {
    "right": [70, 63, 105, 66, 107, 55, 65, 52, 53, 46],
    "left": [300, 293, 334, 296, 336, 285, 295, 282, 283, 276],
}
#: Inner lip contour, upper half then lower half, each from the image-left corner to the right.
INNER_UPPER_LIP = [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308]
INNER_LOWER_LIP = [78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308]
OUTER_UPPER_LIP = [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291]
OUTER_LOWER_LIP = [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291]
FACE_OVAL = [10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400,
             377, 152, 148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67,
             109]  # fmt: skip
FOREHEAD, CHIN, NOSE_TIP = 10, 152, 1
MOUTH_CORNERS = (61, 291)  # image-left corner, image-right corner
CHEEKS = (205, 425)


def image_sign(side: str) -> float:
    """+1 when the player's ``side`` is towards the image's +x (non-mirrored camera), -1 when
    it is towards -x, 0 for a centred or two-sided gesture."""
    return {"left": 1.0, "right": -1.0}.get(side, 0.0)


@dataclass(frozen=True)
class FaceGeometry:
    """Measures of one face in one image, in that image's pixels."""

    landmarks: np.ndarray  # (478, 2)

    @property
    def face_height(self) -> float:
        return float(np.linalg.norm(self.landmarks[FOREHEAD] - self.landmarks[CHIN]))

    @property
    def eye_distance(self) -> float:
        return float(np.linalg.norm(self.landmarks[33] - self.landmarks[263]))

    @property
    def centre(self) -> np.ndarray:
        centre: np.ndarray = self.landmarks[FACE_OVAL].mean(axis=0)
        return centre

    @property
    def mouth_centre(self) -> np.ndarray:
        centre: np.ndarray = self.landmarks[[13, 14, *MOUTH_CORNERS]].mean(axis=0)
        return centre

    @property
    def mouth_width(self) -> float:
        left, right = MOUTH_CORNERS
        return float(np.linalg.norm(self.landmarks[left] - self.landmarks[right]))

    @property
    def lower_lip_thickness(self) -> float:
        return float(np.linalg.norm(self.landmarks[14] - self.landmarks[17]))

    def points(self, indices: list[int]) -> np.ndarray:
        return self.landmarks[indices]

    def bbox(self) -> tuple[int, int, int, int]:
        """Tight box of the face oval (x, y, w, h), rounded to whole pixels."""
        xs, ys = self.landmarks[:, 0], self.landmarks[:, 1]
        x0, y0 = int(np.floor(xs.min())), int(np.floor(ys.min()))
        return x0, y0, int(np.ceil(xs.max())) - x0, int(np.ceil(ys.max())) - y0
