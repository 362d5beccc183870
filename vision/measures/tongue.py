"""The mouth region's appearance: how much of it looks like a tongue, on which side, and whether
the lips are visible at all.

No MediaPipe blendshape models the tongue, so it is found by colour: a tongue out is a pinkish-red,
fairly light region inside the parted lips and just below the lower lip, where a closed or talking
mouth shows lips, dark cavity, white teeth or chin skin. Redness is measured against the player's
own cheeks, as ratios (a* over the cheeks' a*, L* over theirs), so skin tone, light colour and
brightness cancel out, and the detector compares the fraction with the same face's calibrated
baseline.

Cheeks as red as the tongue defeat that test, so the mouth is also measured against the player's
own lips, which neither gesture covers (the upper lip): the *filled opening* is the area between
the inner lips that is neither the dark cavity (much darker than the lips) nor teeth (far less
colourful than the lips) — a tongue out fills the opening that MediaPipe's lip contour wraps around
it; *teeth area* is the light, colourless area over the lips and between them — teeth bared by
a laugh. Both are areas in units of the face size squared, so they compare across faces
of any size in the frame.

Upper teeth over a bitten lip (light, less red than the cheeks) are a lip bite's mark where the
landmarks barely move. They are counted on each half of the lips (outer contour, opening
included: on a rolled-in lip MediaPipe's contour is loose, and the teeth may sit on either lip as
it draws them), split at the lips' own midline (landmarks 0 and 17), as a share of that half: a
head turned away foreshortens one half, and a share weighs both halves alike, so where along the
lip the teeth are is read against the face's midline, not the mouth corners' midpoint.

Where a tongue out lies is read below the outer lower lip, where the chin shows at rest: its
tongue-coloured area on each side of the mouth's middle, split across the face's own eye line (not
the image's x), as an area in face size squared rather than a share of each half, since on a turned
face the halves are unequal and a centred tongue would fill more of the narrower one.
Cheeks as red as the tongue hide it there too, so the same halves also count the area whose colour
is unlike the cheeks' in a way shade cannot explain: shade greys the skin along its own hue, a
tongue on pink skin is a different hue (more orange) or richer in colour.

The same crop gives the upper lip's contrast with the cheeks: a hand over the mouth hides it,
which lowers the mouth's quality instead of inventing a gesture. Teeth-coloured pixels are left
out of it: a bite's upper teeth over the lip do not hide it. (The lower lip is left out: a
bite hides it under the teeth and a tongue covers it; neither is occlusion.)
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.config.detector_settings import TongueAppearanceSettings
from vision.measures.numeric import median, norm
from vision.mediapipe.face_mesh import (
    CHEEKS,
    INNER_LIPS,
    INNER_LOWER_LIP,
    INNER_UPPER_LIP,
    LEFT_EYE_OUTER,
    LEFT_MOUTH_CORNER,
    LOWER_LIP_INNER,
    OUTER_LOWER_LIP,
    OUTER_UPPER_LIP,
    RIGHT_EYE_OUTER,
    RIGHT_MOUTH_CORNER,
    UPPER_LIP_INNER,
    FacePoints,
)


@dataclass(frozen=True, slots=True)
class MouthAppearance:
    tongue: float  # fraction of the tongue zone that is tongue-coloured, 0..1
    tongue_side: float  # tongue centroid offset from the mouth's middle, of mouth width; + = left
    lip_contrast: float  # upper lip's a* minus the cheeks' a* (OpenCV Lab units)
    luma: float  # mean lightness of the crop (0..255)
    filled_opening: float = 0.0  # lip-coloured area between the inner lips (of face size squared)
    filled_side: float = 0.0  # its centroid's offset, as tongue_side
    teeth_area: float = 0.0  # light, colourless area over and between the lips (face size²)
    #: Share of the player's left (right) half of the lips that is teeth-coloured: a bite.
    teeth_left: float = 0.0
    teeth_right: float = 0.0
    #: Tongue-coloured area (face size²) below the outer lower lip on the player's left (right)
    #: of the mouth's middle, across the face's own eye line: where a tongue out lies.
    tongue_left: float = 0.0
    tongue_right: float = 0.0
    #: The same for a colour shade cannot make of the cheeks' (_off_skin): a tongue no redder
    #: than the cheeks still shows here, by its hue or its richer colour.
    off_skin_left: float = 0.0
    off_skin_right: float = 0.0


#: What the features read when the mouth could not be measured (too small, off the frame).
NO_MOUTH = MouthAppearance(tongue=0.0, tongue_side=0.0, lip_contrast=0.0, luma=0.0)

_INNER = np.array(INNER_LIPS)
_ZONE_BELOW_TOP = np.array(INNER_LOWER_LIP)
_ZONE_BELOW_BOTTOM = np.array(OUTER_LOWER_LIP[::-1])
_UPPER_LIP = np.array(OUTER_UPPER_LIP + INNER_UPPER_LIP[::-1])
_CHEEKS = np.array(CHEEKS)
#: Each half of the lips by the outer contour, closed along the midline from 0 (upper) to 17.
_LIPS_LEFT = np.array(OUTER_UPPER_LIP[5:] + OUTER_LOWER_LIP[9:4:-1])
_LIPS_RIGHT = np.array(OUTER_UPPER_LIP[5::-1] + OUTER_LOWER_LIP[1:6])
_LOWER_LIP = np.array(OUTER_LOWER_LIP + INNER_LOWER_LIP[::-1])
#: Every point measure_mouth places, gathered at once: the cheeks, then each outline it fills.
_OUTLINE_PARTS = (_CHEEKS, np.concatenate([_ZONE_BELOW_TOP, _ZONE_BELOW_BOTTOM]), _INNER,
                  _UPPER_LIP, _LIPS_LEFT, _LIPS_RIGHT, _LOWER_LIP)  # fmt: skip
_OUTLINE_POINTS = np.concatenate(_OUTLINE_PARTS)
_PART_ENDS = np.cumsum([len(part) for part in _OUTLINE_PARTS]).tolist()
#: (first, end) rows of each filled outline in _OUTLINE_POINTS.
_OUTLINES = tuple(itertools.pairwise(_PART_ENDS))
#: The zone's lower edge, which lies a little below the lower lip.
_DROPPED = slice(_PART_ENDS[0] + len(_ZONE_BELOW_TOP), _PART_ENDS[1])
#: The crop holds the cheeks, the zone, the opening and the upper lip.
_FRAMED_POINTS = _PART_ENDS[3]
#: The colourfulness of every (a*, b*), ``np.hypot(a* - 128, b* - 128)`` in float32, at
#: a* * 256 + b*: looked up for the crop's pixels, the same values for less than the arithmetic.
_CHROMA = np.hypot(*np.meshgrid(*[np.arange(256, dtype=np.float32) - 128.0] * 2, indexing="ij"))
_CHROMA = _CHROMA.ravel()


def _outline_masks(
    every: np.ndarray, origin: tuple[int, int], scale: float, radius: int, shape: tuple[int, int]
) -> np.ndarray:
    """One 0/1 plane of ``shape`` per _OUTLINE_PARTS part: discs of ``radius`` around the cheeks,
    then each filled outline, with ``every`` (image pixels, _OUTLINE_POINTS) moved to ``origin``
    and scaled, all rounded at once."""
    in_crop = np.rint((every - origin) * scale).astype(np.int32)  # np.round's own rounding
    masks = np.zeros((len(_OUTLINE_PARTS), *shape), np.uint8)
    for cx, cy in in_crop[: len(_CHEEKS)].tolist():
        cv2.circle(masks[0], (cx, cy), radius, 1, -1)
    for plane, (start, end) in zip(masks[1:], _OUTLINES, strict=True):
        cv2.fillPoly(plane, [in_crop[start:end]], 1)
    return masks


def _off_skin(lab: np.ndarray, skin: np.ndarray, where: np.ndarray) -> np.ndarray:
    """How far the colour (a*, b*) of each pixel ``where`` is true lies from the cheeks' median
    ``skin`` (a*, b* less 128, float32) in ways shade cannot explain (Lab units): shade dims the
    skin's colour towards grey along its own hue, so only the hue's change and any colour beyond
    the skin's count."""
    along = skin / max(float(norm(skin)), 1e-6)
    colour = np.stack((lab[..., 1][where], lab[..., 2][where]), axis=1)  # each channel's gather
    change = colour.astype(np.float32) - 128.0 - skin
    beyond = np.maximum(change @ along, 0.0)
    across = change[:, 1] * along[0] - change[:, 0] * along[1]
    distance: np.ndarray = np.hypot(beyond, across)
    return distance


def measure_mouth(
    image: np.ndarray, mesh: FacePoints, settings: TongueAppearanceSettings
) -> MouthAppearance | None:
    """Measure the mouth crop of ``image`` (BGR) around the face ``mesh``.

    Returns None when the mouth is out of the frame.
    """
    pts = mesh.xy.astype(np.float32)
    left_corner, right_corner = pts[LEFT_MOUTH_CORNER], pts[RIGHT_MOUTH_CORNER]
    mouth_width = float(norm(left_corner - right_corner))
    if mouth_width < 4:
        return None
    # The face's own axes: u from the player's right to left, v downwards on the face.
    eye_line = pts[LEFT_EYE_OUTER] - pts[RIGHT_EYE_OUTER]
    eye_px = mesh.size
    u = eye_line / max(eye_px, 1e-6)
    v = np.array([-u[1], u[0]], dtype=np.float32)
    if v[1] < 0:
        v = -v
    drop = v * settings.below_lip_fraction * 0.5 * mouth_width
    every = pts[_OUTLINE_POINTS]
    every[_DROPPED] += drop
    framed = every[:_FRAMED_POINTS]
    margin = 0.15 * mouth_width
    xs, ys = framed[:, 0], framed[:, 1]
    h, w = image.shape[:2]
    x0, y0 = max(math.floor(xs.min() - margin), 0), max(math.floor(ys.min() - margin), 0)
    x1, y1 = min(math.ceil(xs.max() + margin), w), min(math.ceil(ys.max() + margin), h)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    scale = settings.crop_px / (x1 - x0)
    size = (settings.crop_px, max(round((y1 - y0) * scale), 8))
    # A contiguous copy first: OpenCV resizes it faster than the frame's view, copy included.
    crop = cv2.resize(np.ascontiguousarray(image[y0:y1, x0:x1]), size, interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)
    lightness, redness = lab[..., 0].astype(np.float32), lab[..., 1].astype(np.float32)
    chroma = _CHROMA.take(np.bitwise_or(np.left_shift(lab[..., 1], 8, dtype=np.intp), lab[..., 2]))

    radius = max(round(0.12 * mouth_width * scale), 1)
    masks = _outline_masks(every, (x0, y0), scale, radius, lab.shape[:2])
    cheek, below, opening, upper, lips_left, lips_right, lower_lip = masks.view(bool)
    chin = below & ~lower_lip
    zone = opening | below
    upper_lip_px = upper & ~opening
    lip_lightness, cheek_redness = lightness[upper_lip_px], redness[cheek]
    zone_area = int(np.count_nonzero(zone))
    if not lip_lightness.size or not cheek_redness.size or not zone_area:
        return None
    lip_light = median(lip_lightness)
    lip_chroma = max(median(chroma[upper_lip_px]), 1.0)
    skin_red = median(cheek_redness)
    skin_light = median(lightness[cheek])
    in_tongue_light = (lightness >= skin_light * settings.min_lightness_of_skin) & (
        lightness <= skin_light * settings.max_lightness_of_skin
    )
    tongue_px = zone & (redness - 128.0 > (skin_red - 128.0) * settings.redness_of_skin)
    tongue_px &= in_tongue_light
    light = lightness > skin_light * settings.teeth_lightness_of_skin
    teeth_px = light & (redness < skin_red - settings.teeth_redness_below_skin)
    filled_px = opening & (lightness >= lip_light * settings.fill_lightness_of_lip)
    filled_px &= chroma >= lip_chroma * settings.fill_chroma_of_lip
    # Upper teeth over a bitten lip do not hide it as a hand does: its colour is read without them.
    own_lip_px = upper_lip_px & ~teeth_px
    bare_teeth_px = (lips_left | lips_right) & light
    bare_teeth_px &= chroma < lip_chroma * settings.teeth_chroma_of_lip
    # The mouth's middle: a turned head moves the lips' own midline (13, 14) towards the far
    # corner and the corners' midpoint towards the near one; the middle lies middle_on_midline of
    # the way from the corners' midpoint to the midline, where a tongue comes out (1).
    corners_midpoint = (left_corner + right_corner) / 2
    midline = (pts[UPPER_LIP_INNER] + pts[LOWER_LIP_INNER]) / 2
    centre = corners_midpoint + settings.middle_on_midline * (midline - corners_midpoint)
    area_unit = max((scale * eye_px) ** 2, 1e-6)

    # The centre and the eye line as floats: each centroid's offset is their dot product, as
    # np.dot of two pairs adds them.
    (centre_x, centre_y), (u_x, u_y) = centre.tolist(), u.tolist()

    def count_and_side(found: np.ndarray) -> tuple[int, float]:
        count = int(np.count_nonzero(found))
        if not count:
            return 0, 0.0
        moments = cv2.moments(found.view(np.uint8), binaryImage=True)
        x = moments["m10"] / count / scale + x0
        y = moments["m01"] / count / scale + y0
        return count, ((x - centre_x) * u_x + (y - centre_y) * u_y) / mouth_width

    def teeth_share(half: np.ndarray) -> float:
        return float(np.count_nonzero(teeth_px & half) / max(int(np.count_nonzero(half)), 1))

    middle = (centre - (x0, y0)) * scale
    # The chin's pixels on the player's left of the mouth's middle, across the eye line.
    height, width = chin.shape
    rows, columns = np.arange(height)[:, None], np.arange(width)
    chin_left = chin & ((columns - middle[0]) * u[0] + (rows - middle[1]) * u[1] > 0)

    def halves_below(found: np.ndarray) -> tuple[float, float]:
        below, left = np.count_nonzero(found & chin), np.count_nonzero(found & chin_left)
        return left / area_unit, (below - left) / area_unit

    # The cheeks' (a*, b*): their medians less 128 (exact: whole or half Lab units).
    skin = np.array([skin_red - 128.0, median(lab[..., 2][cheek]) - 128.0], np.float32)
    off_skin_px = chin & in_tongue_light
    off_skin_px[off_skin_px] = _off_skin(lab, skin, off_skin_px) >= settings.chroma_off_skin

    tongue, side = count_and_side(tongue_px)
    filled, filled_side = count_and_side(filled_px)
    tongue_left, tongue_right = halves_below(tongue_px)
    off_skin_left, off_skin_right = halves_below(off_skin_px)
    return MouthAppearance(
        tongue=tongue / zone_area,
        tongue_side=side,
        lip_contrast=median(redness[own_lip_px]) - skin_red if own_lip_px.any() else 0.0,
        luma=float(np.add.reduce(lightness, axis=None) / lightness.size),  # lightness.mean()
        filled_opening=filled / area_unit,
        filled_side=filled_side,
        teeth_area=float(np.count_nonzero(bare_teeth_px)) / area_unit,
        teeth_left=teeth_share(lips_left),
        teeth_right=teeth_share(lips_right),
        tongue_left=tongue_left,
        tongue_right=tongue_right,
        off_skin_left=off_skin_left,
        off_skin_right=off_skin_right,
    )
