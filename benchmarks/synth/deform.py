"""Geometric movements of the face as displacement fields (brows, mouth, jaw, shoulders) and the
rotation of the whole head. Each function adds its field for an amount in 0..1 (the envelope of
the gesture at this instant) to ``field`` in place; the brows' full field is made once per face
(``raised_brows``) and scaled."""

from __future__ import annotations

import cv2
import numpy as np

from .face import CHIN, FACE_OVAL, MOUTH_CORNERS, NOSE_TIP, FaceGeometry
from .fields import Grid, smoothstep
from .motion import EYES, load_motion, transferred_field

#: How much further than the real raise the photo's landmarks are moved. A warp moves the skin
#: but bunches no forehead: moved as far as the real raise, the 11 tuning photos read a median
#: brow-shape rise of 0.24; at 1.75 times, 0.58 (0.33-0.83), where the real raise reads 0.67
#: (all read as still images); at 2 times, one face no longer read as raised.
BROW_MOTION_GAIN = 1.75


def raised_brows(grid: Grid, face: FaceGeometry, weight: np.ndarray) -> np.ndarray:
    """The field of a full brow raise: the one filmed real raise's motion (``motions/
    brows_raised.json``) on this face. Held still: the eyes' lids and irises (moved with the
    brows, the irises stretched tall: a real raise shows more of the eye, which no warp can),
    everything below the nose's tip (the filmed face's mouth moved 0.02 eye distances at most:
    its own, not the raise's) and the body: ``weight`` is the face's ``head_weight`` (a spline
    through the face alone reaches the shoulders, and moved them as a shrug)."""
    motion = load_motion("brows_raised")
    below_nose = np.flatnonzero(motion.rest[:, 1] > motion.rest[NOSE_TIP, 1])
    field = transferred_field(motion, face, grid, BROW_MOTION_GAIN, (*EYES, *below_nose))
    weighted: np.ndarray = field * weight[..., None]
    return weighted


def twist_mouth(
    field: np.ndarray, grid: Grid, face: FaceGeometry, amount: float, sign: float
) -> None:
    """The mouth pulled sideways (``sign`` +1 towards image +x), the corner on that side up."""
    width = face.mouth_width
    region = grid.gaussian(face.mouth_centre, 0.8 * width, 0.45 * width)
    field[..., 0] += amount * sign * 0.3 * width * region
    corner = face.landmarks[MOUTH_CORNERS[1] if sign > 0 else MOUTH_CORNERS[0]]
    field[..., 1] -= amount * 0.12 * width * grid.gaussian(corner, 0.4 * width, 0.3 * width)


def pout(field: np.ndarray, grid: Grid, face: FaceGeometry, amount: float) -> None:
    """Lips pushed forward: corners drawn in towards the middle, lips thicker. Real pouts narrow
    the mouth's corners to 0.54-0.64 of their resting distance (labelled real footage); drawn
    in by half as much, to 0.74-0.78, MediaPipe read a pucker on few faces. The pull stays on
    the lips: a wider one dented the cheeks' outline."""
    width = face.mouth_width
    centre = face.mouth_centre
    region = grid.gaussian(centre, 0.6 * width, 0.35 * width)
    field[..., 0] -= amount * 1.2 * (grid.x - centre[0]) * region
    field[..., 1] += amount * 0.3 * (grid.y - centre[1]) * region


def smile(field: np.ndarray, grid: Grid, face: FaceGeometry, amount: float) -> None:
    """Mouth corners pulled out and up, cheeks lifted a little."""
    width = face.mouth_width
    for index, sign in zip(MOUTH_CORNERS, (-1.0, 1.0), strict=True):
        bump = grid.gaussian(face.landmarks[index], 0.4 * width, 0.35 * width)
        field[..., 0] += amount * sign * 0.12 * width * bump
        field[..., 1] -= amount * 0.1 * width * bump


def open_jaw(field: np.ndarray, grid: Grid, face: FaceGeometry, amount: float) -> None:
    """Lower lip and chin drop, the lips part between the corners."""
    width = face.mouth_width
    centre = face.mouth_centre
    parting = 0.5 * (face.landmarks[13, 1] + face.landmarks[14, 1])
    chin = face.landmarks[152, 1]
    drop = amount * 0.4 * width
    lens = np.clip(1.0 - ((grid.x - centre[0]) / (0.55 * width)) ** 2, 0.0, 1.0) ** 0.6
    jaw = np.clip(1.0 - ((grid.x - centre[0]) / (1.1 * width)) ** 2, 0.0, 1.0)
    across = np.maximum(lens, 0.8 * jaw * smoothstep(grid.y, parting, parting + 0.3 * width))
    down = smoothstep(grid.y, parting - 0.02 * width, parting + 0.04 * width)
    fade = 1.0 - smoothstep(grid.y, chin, chin + 0.45 * face.face_height)
    field[..., 1] += drop * across * down * fade


def roll_lower_lip(
    field: np.ndarray, grid: Grid, face: FaceGeometry, amount: float, sign: float
) -> None:
    """The lower lip rolled in under the upper teeth: the skin below it rises to take its place.
    ``sign`` 0 bites in the middle, +1/-1 on the image's +x/-x half."""
    width = face.mouth_width
    centre = face.mouth_centre
    thickness = face.lower_lip_thickness
    parting = face.landmarks[14, 1]
    middle = centre[0] + sign * 0.22 * width
    span = 0.42 * width if sign == 0 else 0.3 * width
    across = np.clip(1.0 - ((grid.x - middle) / span) ** 2, 0.0, 1.0) ** 0.5
    down = smoothstep(grid.y, parting - 0.05 * thickness, parting + 0.2 * thickness)
    fade = 1.0 - smoothstep(grid.y, parting + thickness, parting + 3.5 * thickness)
    field[..., 1] -= amount * 1.1 * thickness * across * down * fade


def lift_shoulders(
    field: np.ndarray, grid: Grid, face: FaceGeometry, amount: float, side_sign: float
) -> None:
    """The shoulders rise whole: their outline rises by the full lift wherever it lies, even level
    with the chin beside the neck, and the neck between chin and shoulders shortens. The face never
    moves: under the face the lift starts just below its outline, beside it higher up, where only
    background or hair lies above the shoulders. ``side_sign`` 0 for both shoulders, +1/-1 for the
    one on the image's +x/-x side."""
    height = face.face_height
    chin = face.landmarks[CHIN]
    top = body_top(face, grid.width)
    band = height * (0.15 + 0.1 * _under_chin(grid, face))
    rising = smoothstep(grid.y, top, top + band)
    across: np.ndarray | np.float32
    if side_sign == 0:
        across = np.float32(1.0)
    else:
        across = smoothstep(side_sign * (grid.x - chin[0]), -0.15 * height, 0.35 * height)
    field[..., 1] -= amount * 0.3 * height * rising * across


def _under_chin(grid: Grid, face: FaceGeometry) -> np.ndarray:
    """Per column, 1 within 0.2 face heights of the chin (the neck), fading to 0 at 0.5."""
    height = face.face_height
    return 1.0 - smoothstep(np.abs(grid.x[0] - face.landmarks[CHIN, 0]), 0.2 * height, 0.5 * height)


def body_top(face: FaceGeometry, width: int) -> np.ndarray:
    """Image row, in each of the ``width`` columns, where the body begins: just under the face's
    outline beneath it, and 0.3 face heights above the chin beside it (where a turned body's
    shoulder may rise beside the jaw). The shoulders lift from here, and the head's movement
    stops here."""
    chin = face.landmarks[CHIN, 1]
    top: np.ndarray = np.maximum(_below_face(face, width), chin - 0.3 * face.face_height)
    return top + np.float32(0.02 * face.face_height)


def _below_face(face: FaceGeometry, width: int) -> np.ndarray:
    """Image row of the face outline's lowest point in each of the ``width`` columns (-inf beside
    it). The outline is filled first: on a turned face its points zigzag across the chin, and
    joining them in the order of their columns would cut spikes into the lift."""
    oval = face.points(FACE_OVAL)
    low = float(oval[:, 1].min())
    mask = np.zeros((int(np.ceil(oval[:, 1].max() - low)) + 2, width), np.uint8)
    cv2.fillPoly(mask, [np.round(oval - (0.0, low)).astype(np.int32)], 1)
    filled = mask.any(axis=0)
    lowest = mask.shape[0] - 1 - np.argmax(mask[::-1], axis=0)
    return np.where(filled, lowest + low, -np.inf).astype(np.float32)


def head_weight(grid: Grid, face: FaceGeometry) -> np.ndarray:
    """How much of each pixel moves with the head: 1 on the head, fading out down the neck and
    nothing from the body's top down (a tilted head must not lift a shoulder). The fade is long
    under the chin, where the neck stretches, and short beside the face: a turned body's shoulder
    rising beside the jaw stays where it is (faded by the chin's row alone, a jacket beside a
    turned face moved with the head's every sway, by 0.2-1.0 of it). The face itself moves
    whole."""
    height = face.face_height
    centre = face.centre
    radius = np.sqrt(((grid.x - centre[0]) / (0.8 * height)) ** 2
                     + ((grid.y - centre[1] + 0.1 * height) / (0.85 * height)) ** 2)  # fmt: skip
    top = body_top(face, grid.width)[None, :]
    fade = height * (0.08 + 0.15 * _under_chin(grid, face))[None, :]
    neck = 1.0 - smoothstep(grid.y, top, top + fade)
    weight = (1.0 - smoothstep(radius, 0.75, 1.15)) * neck
    smooth: np.ndarray = cv2.GaussianBlur(weight.astype(np.float32), (0, 0), 0.03 * height)
    face_itself = np.zeros_like(smooth)
    cv2.fillPoly(face_itself, [np.round(face.points(FACE_OVAL)).astype(np.int32)], 1.0)
    moving: np.ndarray = np.maximum(smooth, face_itself)
    return moving
