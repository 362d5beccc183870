"""Another tracker's marks painted out of a real clip, so that keinu reads the face, not them.

The only real recordings of a tongue shown are screen recordings of another project's tongue
tracker: it drew a green dot on each of its lip points and a red one where it put the tongue's
tip, on the lips themselves. The red dot is as tongue-coloured as anything in the picture, and it
sits off to one side of the mouth: it pulled the tongue's side there (a centred tongue read as
to the player's left for 4 s). The green dots cover the lips' and the tongue's own colour.

No face has pure red or pure green on it, so those pixels, and a pixel around them for the
video coding's halo, are filled in from their neighbours (OpenCV's inpainting). Only the
footage as it was recorded is painted so: on a table frame made from it, a green felt would
read as marks (``shrink_real_footage`` paints the clip before shrinking it).
"""

from __future__ import annotations

import cv2
import numpy as np

#: A drawn red dot: red over 150, both other channels at least 110 below it. Nothing else in
#: the two recordings has red more than 85 above both others (99.99th percentile, each frame).
RED_MIN = 150
RED_OVER_OTHERS = 110
#: A drawn green dot and its coded halo: green at least 12 above red and blue. Skin, lips and
#: tongue all have more red than green.
GREEN_MIN = 60
GREEN_OVER_OTHERS = 12
#: Pixels around a mark also filled: the coding blurs each dot's edge into its surroundings.
HALO_PX = 2
INPAINT_RADIUS_PX = 3


def marks_mask(image: np.ndarray) -> np.ndarray:
    """255 where ``image`` (BGR) shows a drawn mark or its halo, 0 elsewhere."""
    blue, green, red = (image[..., i].astype(np.int16) for i in range(3))
    drawn_red = (red > RED_MIN) & (red - green > RED_OVER_OTHERS) & (red - blue > RED_OVER_OTHERS)
    drawn_green = (
        (green > GREEN_MIN) & (green - red > GREEN_OVER_OTHERS) & (green - blue > GREEN_OVER_OTHERS)
    )
    mask = (drawn_red | drawn_green).astype(np.uint8) * 255
    halo = np.ones((2 * HALO_PX + 1, 2 * HALO_PX + 1), np.uint8)
    dilated: np.ndarray = cv2.dilate(mask, halo)
    return dilated


def paint_out_marks(image: np.ndarray) -> np.ndarray:
    """``image`` with its drawn marks filled in from around them (the same image if none)."""
    mask = marks_mask(image)
    if not mask.any():
        return image
    painted: np.ndarray = cv2.inpaint(image, mask, INPAINT_RADIUS_PX, cv2.INPAINT_TELEA)
    return painted
