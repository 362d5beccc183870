"""What a warp cannot do: eyelid skin drawn down over the eye, the dark inside of a parted
mouth, a tongue, upper teeth over a bitten lip, a hand in front of the face, a change of light.
Each function draws onto a BGR uint8 image in place or returns a new one."""

from __future__ import annotations

import cv2
import numpy as np

from .face import (
    BROW,
    INNER_LOWER_LIP,
    INNER_UPPER_LIP,
    LOWER_LID,
    OUTER_LOWER_LIP,
    UPPER_LID,
    FaceGeometry,
)
from .fields import smoothstep


def _curve(points: np.ndarray, xs: np.ndarray) -> np.ndarray:
    order = np.argsort(points[:, 0])
    curve: np.ndarray = np.interp(xs, points[order, 0], points[order, 1]).astype(np.float32)
    return curve


#: How a closed eye is drawn, in eye widths: the lid's skin just above the lashes left out of
#: the stretched skin (``LID_MARGIN``), how far the lash line comes down past the lower lid's
#: landmarks (``LID_OVERSHOOT``), the lash line's half-width and darkness. A lid stopping short of
#: the lower lid left a sliver of the eye's rim in view, which MediaPipe read as an eye still
#: open by half (lid landmarks 0.09 eye widths apart where a real shut eye's are 0.01).
LID_MARGIN = 0.15
LID_OVERSHOOT = 0.03
LASH_LINE = 0.035
LASH_DARKNESS = 0.6
#: The share of the brow-to-lid gap the stretched skin never reaches up into: a closing lid
#: leaves the brow where it is.
BROW_KEPT = 0.4


def close_eye(image: np.ndarray, face: FaceGeometry, side: str, closure: float) -> None:
    """Draw the upper lid down over the eye of the player's ``side`` (0 open .. 1 shut): the skin
    between the crease and the lashes is stretched down until a thin lash line lies just past the
    lower lid. The shift fades out past the eye's corners, so no edge shows beside them."""
    if closure <= 0.01:
        return
    upper, lower = face.points(UPPER_LID[side]), face.points(LOWER_LID[side])
    x0, x1 = float(upper[:, 0].min()), float(upper[:, 0].max())
    eye_width = x1 - x0
    opening = float(np.max(_curve(lower, upper[:, 0]) - upper[:, 1]))
    margin = LID_MARGIN * eye_width
    lid_top = float(upper[:, 1].min())
    brow_gap = max(lid_top - float(face.points(BROW[side])[:, 1].max()), 1.0)
    lid = min(0.9 * opening + 0.18 * eye_width + margin, (1.0 - BROW_KEPT) * brow_gap + opening)
    beside = 0.15 * eye_width
    left = max(int(np.floor(x0 - beside)) - 1, 0)
    right = min(int(np.ceil(x1 + beside)) + 2, image.shape[1])
    top_row = max(int(np.floor(lid_top - lid)) - 1, 0)
    overshoot = LID_OVERSHOOT * eye_width
    bottom_row = min(int(np.ceil(lower[:, 1].max() + overshoot)) + 3, image.shape[0])
    if right - left < 3 or bottom_row - top_row < 3:
        return
    xs = np.arange(left, right, dtype=np.float32)
    top = _curve(upper, xs)
    bottom = np.maximum(_curve(lower, xs), top)
    inside = (xs >= x0) & (xs <= x1)
    fade = smoothstep(xs, x0 - beside, x0) * smoothstep(xs, x1 + beside, x1)
    edge = np.where(inside, top + closure * (bottom - top + overshoot), top)
    rows = np.arange(top_row, bottom_row, dtype=np.float32)[:, None]
    crease = top - lid
    skin_end = top - closure * margin * fade
    stretched = crease + (rows - crease) * (skin_end - crease) / np.maximum(edge - crease, 1e-3)
    src_y = np.where((rows >= crease) & (rows <= edge), stretched, rows).astype(np.float32)
    src_x = np.broadcast_to(xs[None, :], src_y.shape).astype(np.float32)
    patch = cv2.remap(image, src_x, src_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    line = closure * smoothstep(np.abs(rows - edge), LASH_LINE * eye_width, 0.0) * inside[None, :]
    patch = (patch.astype(np.float32) * (1.0 - LASH_DARKNESS * line[..., None])).astype(np.uint8)
    image[top_row:bottom_row, left:right] = patch


def inner_mouth_polygon(face: FaceGeometry) -> np.ndarray:
    """The opening between the inner lips, as a closed polygon."""
    return np.concatenate([face.points(INNER_UPPER_LIP), face.points(INNER_LOWER_LIP)[::-1]])


def _soft_mask(shape: tuple[int, int], polygon: np.ndarray, blur: float) -> np.ndarray:
    mask: np.ndarray = np.zeros(shape, np.uint8)
    cv2.fillPoly(mask, [np.round(polygon * 4).astype(np.int32)], 255, cv2.LINE_AA, shift=2)
    mask = mask.astype(np.float32) / 255.0
    return cv2.GaussianBlur(mask, (0, 0), blur) if blur > 0 else mask


def _blend(image: np.ndarray, colour: np.ndarray, alpha: np.ndarray) -> None:
    mixed = image.astype(np.float32) * (1.0 - alpha[..., None]) + colour * alpha[..., None]
    image[...] = np.clip(mixed, 0, 255).astype(np.uint8)


def darken_mouth(image: np.ndarray, face: FaceGeometry) -> None:
    """Fill the parted lips with the mouth's dark inside and a hint of the upper teeth."""
    polygon = inner_mouth_polygon(face)
    height = float(np.ptp(polygon[:, 1]))
    if height < 1.5:
        return
    shape = image.shape[:2]
    mask = _soft_mask(shape, polygon, 0.6)
    grid_y, grid_x = np.mgrid[0 : shape[0], 0 : shape[1]].astype(np.float32)
    upper = _curve(face.points(INNER_UPPER_LIP), grid_x[0])[None, :]
    band = min(0.25 * height, 0.08 * face.mouth_width)
    teeth = smoothstep(grid_y - upper, band, -0.2 * band)
    dark = np.array([35, 30, 70], np.float32)
    white = np.array([195, 205, 215], np.float32)
    colour = dark[None, None, :] + teeth[..., None] * (white - dark)[None, None, :]
    _blend(image, colour, mask * 0.95)


#: A tongue is mucosa, coloured like the lips in the same light and lit the same way: on a real
#: tongue out (the tuning tongue recording) it read the resting lower lip's lightness, its red
#: (Lab a*) 1.1-1.5 times and its yellow (b*) 1-3 lower.
TONGUE_OF_LIP = {"lightness": 1.1, "red": 1.3, "yellow": -3.0}


def tongue_colour(image: np.ndarray, face: FaceGeometry) -> np.ndarray:
    """The BGR colour of a tongue on this face: its lower lip's, as ``TONGUE_OF_LIP`` says. A
    fixed pink was less red than the cheeks of a face photographed in a pink light."""
    mask = np.zeros(image.shape[:2], np.uint8)
    lip = np.concatenate([face.points(OUTER_LOWER_LIP), face.points(INNER_LOWER_LIP)[::-1]])
    cv2.fillPoly(mask, [np.round(lip).astype(np.int32)], 1)
    if not mask.any():
        return np.array([125, 122, 215], np.float32)
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2Lab)[mask > 0].astype(np.float32)
    light, red, yellow = np.median(lab, axis=0) - (0.0, 128.0, 128.0)
    tongue = np.array(
        [
            min(light * TONGUE_OF_LIP["lightness"], 255.0),
            128.0 + red * TONGUE_OF_LIP["red"],
            128.0 + yellow + TONGUE_OF_LIP["yellow"],
        ],
        np.float32,
    )
    pixel = np.clip(tongue, 0, 255).astype(np.uint8)[None, None, :]
    colour: np.ndarray = cv2.cvtColor(pixel, cv2.COLOR_Lab2BGR)[0, 0].astype(np.float32)
    return colour


def draw_tongue(image: np.ndarray, face: FaceGeometry, amount: float, sign: float) -> None:
    """A tongue out between the parted lips, over the lower lip, its tip towards ``sign``
    (+1 the image's +x, -1 its -x, 0 straight down); behind the upper lip."""
    if amount <= 0.02:
        return
    width = max(face.mouth_width, 0.8 * face.eye_distance)
    upper = face.points(INNER_UPPER_LIP)
    lower_mid = face.landmarks[14]
    # The tongue comes out on the lips' own midline (13, 14), which a turned head moves towards
    # the far corner, not halfway to the corners' midpoint as the mouth's centre lies.
    root = np.array([face.landmarks[[13, 14], 0].mean(), upper[:, 1].max()], np.float32)
    length = (0.2 + 0.35 * amount) * width
    angle = np.deg2rad(sign * 40.0 * amount)
    tip_dir = np.array([np.sin(angle), np.cos(angle)], np.float32)
    centre = root + tip_dir * (0.55 * length + 0.2 * max(lower_mid[1] - root[1], 0.0))
    axes = (round(0.28 * width), round(0.5 * length + 0.08 * width))
    mask = np.zeros(image.shape[:2], np.uint8)
    cv2.ellipse(mask, (round(centre[0] * 4), round(centre[1] * 4)),
                (axes[0] * 4, axes[1] * 4), -np.rad2deg(angle), 0, 360, 255, -1,
                cv2.LINE_AA, shift=2)  # fmt: skip
    alpha: np.ndarray = cv2.GaussianBlur(mask.astype(np.float32) / 255.0, (0, 0), 0.8)
    above = [
        [upper[-1, 0] + width, upper[-1, 1] - width],
        [upper[0, 0] - width, upper[0, 1] - width],
    ]
    behind_lip = _soft_mask(image.shape[:2], np.concatenate([upper, above]), 0.8)
    alpha *= 1.0 - behind_lip
    inner = cv2.distanceTransform((mask > 127).astype(np.uint8), cv2.DIST_L2, 3)
    depth = np.clip(inner / max(0.2 * width, 1.0), 0.0, 1.0)
    grid_y, grid_x = np.mgrid[0 : image.shape[0], 0 : image.shape[1]].astype(np.float32)
    along = (grid_x - centre[0]) * np.cos(angle) - (grid_y - centre[1]) * np.sin(angle)
    groove = np.exp(-((along / (0.035 * width)) ** 2)) * smoothstep(grid_y, root[1], centre[1])
    base = tongue_colour(image, face)
    shading = (0.78 + 0.22 * depth) * (1.0 - 0.15 * groove)
    highlight = np.exp(-(((grid_x - centre[0] + 0.08 * width) / (0.1 * width)) ** 2)
                       - ((grid_y - centre[1] + 0.15 * length) / (0.1 * width)) ** 2)  # fmt: skip
    colour = base[None, None, :] * shading[..., None] + 60.0 * highlight[..., None]
    _blend(image, colour, alpha)


def show_upper_teeth(image: np.ndarray, face: FaceGeometry, amount: float, sign: float) -> None:
    """Upper teeth resting on the rolled-in lower lip, in the middle or on one image half."""
    if amount <= 0.05:
        return
    width = face.mouth_width
    upper = face.points(INNER_UPPER_LIP)
    middle = face.mouth_centre[0] + sign * 0.22 * width
    span = 0.3 * width if sign == 0 else 0.22 * width
    band = 0.45 * face.lower_lip_thickness * amount
    xs = np.linspace(middle - span, middle + span, 16, dtype=np.float32)
    top = _curve(upper, xs) - 0.5
    polygon = np.concatenate([np.stack([xs, top], 1), np.stack([xs, top + band], 1)[::-1]])
    alpha = _soft_mask(image.shape[:2], polygon, 0.7) * min(1.0, 1.5 * amount)
    grid_y, grid_x = np.mgrid[0 : image.shape[0], 0 : image.shape[1]].astype(np.float32)
    gaps = np.abs(np.sin(np.pi * (grid_x - face.mouth_centre[0]) / (0.13 * width)))
    lower_edge = smoothstep(grid_y - top.max(), 0.3 * band, band)
    shade = (0.75 + 0.25 * gaps**0.3) * (1.0 - 0.35 * lower_edge)
    colour = np.array([200, 215, 225], np.float32)[None, None, :] * shade[..., None]
    _blend(image, colour, alpha)


def draw_hand(image: np.ndarray, face: FaceGeometry, progress: float, skin: np.ndarray) -> None:
    """An open hand passing in front of the face from the image's left to its right
    (``progress`` 0..1), its forearm reaching up from below."""
    height = 1.2 * face.face_height
    centre = face.centre + np.array([(progress * 2.6 - 1.3) * height, 0.2 * height], np.float32)
    palm = np.zeros(image.shape[:2], np.uint8)
    scale = 4

    def pt(p: np.ndarray) -> tuple[int, int]:
        return round(p[0] * scale), round(p[1] * scale)

    cv2.ellipse(palm, pt(centre), (int(0.2 * height * scale), int(0.24 * height * scale)), 0, 0,
                360, 255, -1, cv2.LINE_AA, shift=2)  # fmt: skip
    for index, offset in enumerate((-0.15, -0.05, 0.05, 0.15)):
        base = centre + np.array([offset * height, -0.15 * height], np.float32)
        tip = base + np.array([offset * 0.5 * height, -(0.4 - 0.08 * abs(index - 1.5)) * height])
        cv2.line(palm, pt(base), pt(tip), 255, max(int(0.075 * height), 2), cv2.LINE_AA, shift=2)
    thumb = centre + np.array([0.18 * height, 0.02 * height], np.float32)
    cv2.line(palm, pt(thumb), pt(thumb + np.array([0.17 * height, -0.17 * height])), 255,
             max(int(0.085 * height), 2), cv2.LINE_AA, shift=2)  # fmt: skip
    elbow = centre + np.array([0.25 * height, 1.6 * height], np.float32)
    cv2.line(palm, pt(centre), pt(elbow), 255, max(int(0.3 * height), 2), cv2.LINE_AA, shift=2)
    alpha = cv2.GaussianBlur(palm.astype(np.float32) / 255.0, (0, 0), 1.2)
    depth = cv2.distanceTransform((palm > 127).astype(np.uint8), cv2.DIST_L2, 3)
    shading = 0.72 + 0.28 * np.clip(depth / (0.08 * height), 0.0, 1.0)
    _blend(image, skin[None, None, :] * shading[..., None], alpha)


def relight(image: np.ndarray, gain: float, slope: float) -> np.ndarray:
    """Overall brightness times ``gain`` and a left-to-right ramp of ``slope`` (fraction)."""
    width = image.shape[1]
    ramp = 1.0 + slope * np.linspace(-1.0, 1.0, width, dtype=np.float32)[None, :, None]
    return np.clip(image.astype(np.float32) * gain * ramp, 0, 255).astype(np.uint8)
