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

import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from vision.config.detector_settings import EyeAppearanceSettings
from vision.measures.face_occlusion import box_means
from vision.mediapipe.face_mesh import EYE_CORNERS, FacePoints


@dataclass(frozen=True, slots=True)
class EyeAppearance:
    darkness: float  # the eye's dark height against the cheek under it: low when the lid covers it
    surround: tuple[float, ...]  # grey level at points around the eye, for the occlusion test


@dataclass(frozen=True)
class _Points:
    """Where measure_eyes reads an eye, from the settings: each point down the face and along
    the eye from the corners' midpoint, and the half-side of its square, in eye widths. The eye
    is read in rows (bottom to top) of three points across it, then three points on the cheek,
    then the surround."""

    down: np.ndarray
    along: np.ndarray
    windows: np.ndarray
    eye: int  # how many of the points are the eye's rows

    @staticmethod
    @lru_cache(maxsize=8)
    def of(settings: EyeAppearanceSettings) -> _Points:
        angles = np.linspace(0.0, np.pi, settings.surround_points)  # from beside the eye, under
        heights = np.linspace(-settings.look_below, settings.look_above, settings.look_rows)
        eye_down = -np.repeat(heights, 3)
        eye_along = np.tile(np.array([-1.0, 0.0, 1.0]) * settings.look_across, len(heights))
        down_at = np.concatenate([eye_down, np.full(3, settings.cheek_below),
                                  np.sin(angles) * settings.surround_down])  # fmt: skip
        along_at = np.concatenate([eye_along, np.array([-1.0, 0.0, 1.0]) * settings.cheek_spread,
                                   np.cos(angles) * settings.surround_across])  # fmt: skip
        windows = np.concatenate([np.full(eye_down.size, settings.look_window),
                                  np.full(3 + angles.size, settings.window)])  # fmt: skip
        points = _Points(down_at, along_at, windows, eye_down.size)
        for array in (down_at, along_at, windows):
            array.flags.writeable = False
        return points


def measure_eyes(
    image: np.ndarray, mesh: FacePoints, settings: EyeAppearanceSettings
) -> dict[str, EyeAppearance]:
    """Both eyes of ``image`` (BGR) by the player's side; an eye too small, or with a point to
    read outside the frame, is left out.

    Both eyes are placed in one array operation: each point is the corners' midpoint plus its
    offsets down and along the eye, added in that order (as ``np.outer`` per eye would)."""
    h, w = image.shape[:2]
    place = _Points.of(settings)
    sides, middles, downs, alongs, widths = [], [], [], [], []
    for side, (outer_corner, inner_corner) in EYE_CORNERS.items():
        (ox, oy), (ix, iy) = mesh.xy[[outer_corner, inner_corner]].tolist()
        dx, dy = ix - ox, iy - oy
        width = math.sqrt(dx * dx + dy * dy)
        if width < settings.min_eye_px:
            continue
        along = (dx / width, dy / width)
        down = (along[1], -along[0]) if along[0] < 0 else (-along[1], along[0])
        sides.append(side)
        middles.append(((ox + ix) / 2, (oy + iy) / 2))
        downs.append(down)
        alongs.append(along)
        widths.append(width)
    if not sides:
        return {}
    scale = np.array(widths)[:, None]
    at = (
        np.array(middles)[:, None, :]
        + (place.down * scale)[:, :, None] * np.array(downs)[:, None, :]
        + (place.along * scale)[:, :, None] * np.array(alongs)[:, None, :]
    )
    lows, highs = at.min(axis=1), at.max(axis=1)  # each eye's, x and y
    inside = ~((lows.min(axis=1) < 0) | (highs >= (w, h)).any(axis=1))
    if not inside.all():
        at, scale, lows, highs = at[inside], scale[inside], lows[inside], highs[inside]
        sides = [side for side, kept in zip(sides, inside.tolist(), strict=True) if kept]
        if not sides:
            return {}
    every = at.reshape(-1, 2)
    radii = (place.windows * scale).ravel()
    margin = float(radii.max())
    (low_x, low_y), (high_x, high_y) = lows.min(axis=0).tolist(), highs.max(axis=0).tolist()
    x0, y0 = min(max(math.floor(low_x - margin), 0), w), min(max(math.floor(low_y - margin), 0), h)
    x1 = min(max(math.ceil(high_x + margin) + 1, 0), w)
    y1 = min(max(math.ceil(high_y + margin) + 1, 0), h)
    gray = cv2.cvtColor(np.ascontiguousarray(image[y0:y1, x0:x1]), cv2.COLOR_BGR2GRAY)
    integral = cv2.integral(gray, sdepth=cv2.CV_64F)
    greys = box_means(integral, every - (x0, y0), radii).reshape(len(sides), -1)
    n_eye = place.eye
    darkest = greys[:, :n_eye].reshape(len(sides), -1, 3).min(axis=2)
    cheek = np.maximum(np.partition(greys[:, n_eye : n_eye + 3], 1, axis=1)[:, 1], 1.0)
    shares = np.maximum(1.0 - darkest / cheek[:, None], 0.0)
    darkness = (np.add.reduce(shares, axis=1) / shares.shape[1]).tolist()  # mean(axis=1)
    surround = greys[:, n_eye + 3 :].tolist()
    return {
        side: EyeAppearance(darkness=dark, surround=tuple(grey))
        for side, dark, grey in zip(sides, darkness, surround, strict=True)
    }
