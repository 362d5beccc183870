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

from vision.config.detector_settings import EyeAppearanceSettings
from vision.measures.face_occlusion import box_means
from vision.measures.numeric import median, norm
from vision.mediapipe.face_mesh import EYE_CORNERS, FacePoints


@dataclass(frozen=True, slots=True)
class EyeAppearance:
    darkness: float  # the eye's dark height against the cheek under it: low when the lid covers it
    surround: tuple[float, ...]  # grey level at points around the eye, for the occlusion test


def measure_eyes(
    image: np.ndarray, mesh: FacePoints, settings: EyeAppearanceSettings
) -> dict[str, EyeAppearance]:
    """Both eyes of ``image`` (BGR) by the player's side; an eye too small, or with a point to
    read outside the frame, is left out."""
    pts = mesh.xy
    h, w = image.shape[:2]
    angles = np.linspace(0.0, np.pi, settings.surround_points)  # from beside the eye, under it
    heights = np.linspace(-settings.look_below, settings.look_above, settings.look_rows)
    # The eye is read in rows (bottom to top) of three points across it, then three points on
    # the cheek, then the surround.
    eye_down = -np.repeat(heights, 3)
    eye_along = np.tile(np.array([-1.0, 0.0, 1.0]) * settings.look_across, len(heights))
    down_at = np.concatenate([eye_down, np.full(3, settings.cheek_below),
                              np.sin(angles) * settings.surround_down])  # fmt: skip
    along_at = np.concatenate([eye_along, np.array([-1.0, 0.0, 1.0]) * settings.cheek_spread,
                               np.cos(angles) * settings.surround_across])  # fmt: skip
    windows = np.concatenate([np.full(eye_down.size, settings.look_window),
                              np.full(3 + angles.size, settings.window)])  # fmt: skip
    n_eye = eye_down.size
    sides, points, radii = [], [], []
    for side, (outer_corner, inner_corner) in EYE_CORNERS.items():
        outer, inner = pts[outer_corner], pts[inner_corner]
        width = float(norm(inner - outer))
        if width < settings.min_eye_px:
            continue
        along = (inner - outer) / width
        down = np.array([-along[1], along[0]])
        if down[1] < 0:
            down = -down
        at = (
            (outer + inner) / 2
            + np.outer(down_at * width, down)
            + np.outer(along_at * width, along)
        )
        if at.min() < 0 or np.any(at.max(axis=0) >= (w, h)):
            continue
        sides.append(side)
        points.append(at)
        radii.append(windows * width)
    if not sides:
        return {}
    every = np.vstack(points)
    margin = float(max(r.max() for r in radii))
    x0, y0 = np.clip(np.floor(every.min(axis=0) - margin).astype(int), 0, [w, h])
    x1, y1 = np.clip(np.ceil(every.max(axis=0) + margin).astype(int) + 1, 0, [w, h])
    gray = cv2.cvtColor(np.ascontiguousarray(image[y0:y1, x0:x1]), cv2.COLOR_BGR2GRAY)
    integral = cv2.integral(gray, sdepth=cv2.CV_64F)
    greys = box_means(integral, every - (x0, y0), np.concatenate(radii))
    measured = {}
    for side, grey in zip(sides, np.split(greys, len(sides)), strict=True):
        darkest = grey[:n_eye].reshape(-1, 3).min(axis=1)
        cheek = max(median(grey[n_eye : n_eye + 3]), 1.0)
        measured[side] = EyeAppearance(
            darkness=float(np.maximum(1.0 - darkest / cheek, 0.0).mean()),
            surround=tuple(float(v) for v in grey[n_eye + 3 :]),
        )
    return measured
