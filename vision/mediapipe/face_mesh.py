"""MediaPipe's 478-point face mesh: its landmarks' indices by name, by the player's own side, and
one face's points as the per-face measures read them.

On a non-mirrored image the player's right eye, brow, cheek and mouth corner lie on the image's
left (vision.measures.features tells how this was verified). Index tuples run from the player's
right to the left unless said otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.measures.numeric import norm

#: Outer and inner corner of each eye.
RIGHT_EYE_OUTER, RIGHT_EYE_INNER = 33, 133
LEFT_EYE_OUTER, LEFT_EYE_INNER = 263, 362
#: (outer corner, inner corner) of each eye.
RIGHT_EYE_CORNERS = (RIGHT_EYE_OUTER, RIGHT_EYE_INNER)
LEFT_EYE_CORNERS = (LEFT_EYE_OUTER, LEFT_EYE_INNER)
EYE_CORNERS = {"right": RIGHT_EYE_CORNERS, "left": LEFT_EYE_CORNERS}
#: The outer eye corners, right then left: their distance is the face size.
OUTER_EYE_CORNERS = (RIGHT_EYE_OUTER, LEFT_EYE_OUTER)
#: (upper lid, lower lid) pairs across each eye.
RIGHT_EYE_LIDS = ((159, 145), (158, 153), (160, 144))
LEFT_EYE_LIDS = ((386, 374), (385, 380), (387, 373))
#: Each eye's contour, from its outer corner.
RIGHT_EYE_RING = (33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246)
LEFT_EYE_RING = (263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466)
RIGHT_BROW = (70, 63, 105, 66, 107)
LEFT_BROW = (300, 293, 334, 296, 336)

NOSE_TIP = 1
NOSE_BRIDGE = (168, 6, 197, 195, 5)
CHIN = 152

RIGHT_MOUTH_CORNER, LEFT_MOUTH_CORNER = 61, 291
MOUTH_CORNERS = (RIGHT_MOUTH_CORNER, LEFT_MOUTH_CORNER)
#: The lips' midline: top of the upper lip, inner edges of both lips, bottom of the lower lip.
UPPER_LIP_TOP, UPPER_LIP_INNER, LOWER_LIP_INNER, LOWER_LIP_BOTTOM = 0, 13, 14, 17
#: Inner lip contour, from the right corner over the upper lip and back under the lower.
INNER_LIPS = (78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308,
              324, 318, 402, 317, 14, 87, 178, 88, 95)  # fmt: skip
#: Outer and inner edge of each lip, from the right corner (61, or 78 inside) to the left.
OUTER_UPPER_LIP = (61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291)
INNER_UPPER_LIP = (78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308)
OUTER_LOWER_LIP = (61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291)
INNER_LOWER_LIP = (78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308)
#: (outer, inner) lower-lip pairs per half and at the middle: the lip's visible thickness.
LOWER_LIP_RIGHT = ((91, 88), (181, 178), (84, 87))
LOWER_LIP_CENTER = ((17, 14),)
LOWER_LIP_LEFT = ((314, 317), (405, 402), (321, 318))

#: The face's outline beside the eyes, right and left: no expression moves them.
RIGHT_TEMPLE, LEFT_TEMPLE = 127, 356

#: Mid-cheek points, right and left.
CHEEKS = (205, 425)
#: Skin points around the mouth (none on the lips) and on each cheek: where a hand in front of
#: the face is looked for (vision.measures.face_occlusion).
MOUTH_SKIN = (
    164, 167, 393, 165, 391, 92, 322,  # under the nose
    186, 410, 57, 287, 212, 432, 43, 273,  # beside the corners
    204, 424, 83, 313, 194, 418, 18, 200, 199,  # chin
)  # fmt: skip
RIGHT_CHEEK_SKIN = (118, 119, 100, 101, 36, 50, 205, 187, 123, 117, 142, 206, 207, 147, 203, 216)
LEFT_CHEEK_SKIN = (347, 348, 329, 330, 266, 280, 425, 411, 352, 346, 371, 426, 427, 376, 423, 436)


@dataclass(frozen=True, slots=True)
class FacePoints:
    """One face's landmarks in one frame, as vision.measures.features and its pixel cues read them:
    computed once per face and frame."""

    xy: np.ndarray  # (478, 2) float64: x, y in frame pixels
    size: float  # the outer eye corners' distance in pixels: the face size

    @classmethod
    def of(cls, landmarks: np.ndarray) -> FacePoints:
        """From a FaceObservation's landmarks (x, y in frame pixels, then z)."""
        xy = landmarks[:, :2].astype(np.float64)
        return cls(xy, float(norm(xy[LEFT_EYE_OUTER] - xy[RIGHT_EYE_OUTER])))
