"""Each eye's appearance: whether its dark iris shows, and what its surroundings look like.

MediaPipe's eye landmarks and eyeBlink scores are coupled between the eyes and held back by the
face model: on some faces a wink drops the open eye's lid landmarks by a third, and an eye shut
under a turned head keeps its landmarks open. The pixels say more. Just above the line between
the eye's corners an open eye shows its iris, a tall patch darker than the cheek below the eye; a
shut one shows lid skin there and only a thin dark line of lashes. ``darkness`` is that contrast
averaged over the height of the eye, ``mean over rows of max(0, 1 - grey / grey(cheek))`` where
each row takes its darkest point across the eye (wherever the iris looks), at places fixed by the
corners whatever the lids do; the detectors compare it with the player's own resting value, so
skin tone and light cancel out, and the thin lash line weighs little wherever it falls.

A hand (or anything else) passing in front of an eye hides the iris too, so an eye that looks shut
must still look like the player's own eye around it. ``surround`` is the grey level at points on
the lower half of an ellipse around the eye, anchored on its corners (temple and nose side beside
it, cheek below it), which neither a wink nor a blink moves (nor a brow, which a wink lowers and a
surprise raises: the half above the eye is left out); the detectors compare its pattern with the
same points at rest: a change of light scales and shifts it, an occluder replaces it.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.settings import EyeAppearanceSettings

#: (outer corner, inner corner) by the player's side.
EYE_CORNERS = {"right": (33, 133), "left": (263, 362)}


@dataclass(frozen=True, slots=True)
class EyeAppearance:
    darkness: float  # the eye's dark height against the cheek under it: low when the lid covers it
    surround: tuple[float, ...]  # grey level at points around the eye, for the occlusion test


def _box_means(
    integral: np.ndarray, centres: np.ndarray, radius: float, shape: tuple[int, int]
) -> np.ndarray:
    """Mean grey of the square of half-side ``radius`` around each centre (clipped)."""
    h, w = shape
    r = max(round(radius), 1)
    cx, cy = np.round(centres[:, 0]).astype(int), np.round(centres[:, 1]).astype(int)
    x0, x1 = np.clip(cx - r, 0, w), np.clip(cx + r + 1, 0, w)
    y0, y1 = np.clip(cy - r, 0, h), np.clip(cy + r + 1, 0, h)
    area = np.maximum((x1 - x0) * (y1 - y0), 1)
    sums = integral[y1, x1] - integral[y0, x1] - integral[y1, x0] + integral[y0, x0]
    return sums / area


def measure_eyes(
    image: np.ndarray, landmarks: np.ndarray, settings: EyeAppearanceSettings
) -> dict[str, EyeAppearance]:
    """Both eyes of ``image`` (BGR) by the player's side; an eye too small, or with a point to
    read outside the frame, is left out."""
    pts = landmarks[:, :2].astype(np.float64)
    h, w = image.shape[:2]
    angles = np.linspace(0.0, np.pi, settings.surround_points)  # from beside the eye, under it
    heights = np.linspace(-settings.look_below, settings.look_above, settings.look_rows)
    across = np.array([-1.0, 0.0, 1.0]) * settings.look_across
    plans = {}
    for side, (outer_corner, inner_corner) in EYE_CORNERS.items():
        outer, inner = pts[outer_corner], pts[inner_corner]
        width = float(np.linalg.norm(inner - outer))
        if width < settings.min_eye_px:
            continue
        along = (inner - outer) / width
        down = np.array([-along[1], along[0]])
        if down[1] < 0:
            down = -down
        centre = (outer + inner) / 2
        # rows (bottom to top) x positions across the eye, flattened row by row
        eye = (centre - np.outer(np.repeat(heights, 3) * width, down)
               + np.outer(np.tile(across, len(heights)) * width, along))  # fmt: skip
        cheek = centre + down * settings.cheek_below * width
        cheeks = cheek + np.outer(np.array([-1.0, 0.0, 1.0]) * settings.cheek_spread, along * width)
        ring = (
            centre
            + np.outer(np.cos(angles) * settings.surround_across * width, along)
            + np.outer(np.sin(angles) * settings.surround_down * width, down)
        )
        every = np.vstack([eye, cheeks, ring])
        if every.min() < 0 or np.any(every.max(axis=0) >= (w, h)):
            continue
        plans[side] = (width, eye, cheeks, ring)
    if not plans:
        return {}
    every = np.vstack([np.vstack(plan[1:]) for plan in plans.values()])
    margin = max(p[0] for p in plans.values()) * settings.window
    x0, y0 = np.clip(np.floor(every.min(axis=0) - margin).astype(int), 0, [w, h])
    x1, y1 = np.clip(np.ceil(every.max(axis=0) + margin).astype(int) + 1, 0, [w, h])
    if x1 - x0 < 4 or y1 - y0 < 4:
        return {}
    gray = cv2.cvtColor(np.ascontiguousarray(image[y0:y1, x0:x1]), cv2.COLOR_BGR2GRAY)
    integral = cv2.integral(gray, sdepth=cv2.CV_64F)
    shape, offset = gray.shape, np.array([x0, y0])
    measured = {}
    for side, (width, eye, cheeks, ring) in plans.items():
        window = settings.window * width
        eye_grey = _box_means(integral, eye - offset, settings.look_window * width, shape)
        cheek_grey = float(np.median(_box_means(integral, cheeks - offset, window, shape)))
        surround = _box_means(integral, ring - offset, window, shape)
        darkest = eye_grey.reshape(-1, 3).min(axis=1)
        measured[side] = EyeAppearance(
            darkness=float(np.clip(1.0 - darkest / max(cheek_grey, 1.0), 0.0, None).mean()),
            surround=tuple(float(v) for v in surround),
        )
    return measured
