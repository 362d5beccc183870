"""The picture beside the neck, each side, for the shrug detector's image cue
(vision.measures.shoulder_motion).

Each side of the neck a strip is placed from the chin, in face sizes (the outer eye-corner
distance of a typical face, measured across the temples: see ``measure_strips``), cut out, turned
grey and shrunk to about ``strip_px_per_face`` pixels per face size: a few hundred pixels, cheap
enough for every face in every frame. Each strip pixel is the mean of a square of whole image
pixels on one grid of the image, and each strip keeps where it lies, so a later frame can be
compared with it even when the chin moved (speech opens the jaw). A strip never reaches into
the picture beside another face's neck (``strip_bounds``): players seated close together at one
camera would otherwise read their neighbour's shrug as their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.config.detector_settings import ShrugSettings
from vision.measures.numeric import norm
from vision.mediapipe.face_mesh import (
    CHIN,
    LEFT_EYE_OUTER,
    LEFT_TEMPLE,
    RIGHT_EYE_OUTER,
    RIGHT_TEMPLE,
    FacePoints,
)


@dataclass(frozen=True, slots=True)
class Strip:
    """One side's strip: grey pixels and where they lie in the image."""

    pixels: np.ndarray  # float32, rows x columns
    x0: int  # image column and row of the strip's top-left corner
    y0: int
    step: int  # image pixels on a side of the square each strip pixel averages

    def row_of(self, y: float) -> float:
        """The strip row (fractional, pixel centres at .0) of image row ``y``."""
        return (y - self.y0) / self.step - 0.5


@dataclass(frozen=True, slots=True)
class ShoulderStrips:
    """Both strips of one face in one frame (None: that side lies out of the frame), cut on two
    grids: the one nearest ``strip_px_per_face`` pixels per face size, and the next towards the
    face's own size. A face whose size hovers where one grid gives way to the next (56 px: 3.5
    image pixels a strip pixel) then always has a grid in common with its rest, whose strips
    compare cell for cell (``compared_with``)."""

    left: Strip | None  # the player's own sides
    right: Strip | None
    face_px: float
    chin_y: float  # image row of the chin: where a strip's template starts
    head_y: float  # image row of the temples' midpoint: the head's own height
    step: int  # image pixels per strip pixel of ``left`` and ``right``
    other: tuple[Strip | None, Strip | None]  # left and right on the other grid
    other_step: int

    def on_grid(self, step: int) -> tuple[Strip | None, Strip | None]:
        return (self.left, self.right) if step == self.step else self.other

    def compared_with(
        self, rest: ShoulderStrips
    ) -> tuple[tuple[Strip | None, Strip | None], tuple[Strip | None, Strip | None]]:
        """(these strips, ``rest``'s) on a grid both were cut on, this face's nearest first; on
        their nearest grids when they share none (the face's size changed by a third or more)."""
        for step in (self.step, self.other_step):
            if step in (rest.step, rest.other_step):
                return self.on_grid(step), rest.on_grid(step)
        return (self.left, self.right), (rest.left, rest.right)


#: The image columns a face's strips may span (from, to); None: the whole frame.
Bounds = tuple[float, float] | None


def _placed(mesh: FacePoints, settings: ShrugSettings) -> tuple[float, float, float]:
    """(chin x, chin y, face size) as the strips are placed from."""
    pts = mesh.xy
    face_px = float(norm(pts[LEFT_TEMPLE] - pts[RIGHT_TEMPLE])) * settings.face_per_temples
    return float(pts[CHIN, 0]), float(pts[CHIN, 1]), face_px


def strip_bounds(meshes: Sequence[FacePoints], settings: ShrugSettings) -> list[Bounds]:
    """For each face of one frame, the image columns its strips may span: up to the point
    between its chin and the next face's that splits their distance in proportion to their
    sizes, where the picture beside one neck gives way to the picture beside the other's. Faces
    whose strips lie at heights that do not overlap (one across the table, further up) are not
    neighbours. A face alone has no bounds."""
    placed = [_placed(mesh, settings) for mesh in meshes]
    top, bottom = settings.strip_rows
    bounds: list[Bounds] = []
    for i, (x, y, size) in enumerate(placed):
        low, high = -np.inf, np.inf
        for j, (other_x, other_y, other_size) in enumerate(placed):
            overlap = min(y + bottom * size, other_y + bottom * other_size) - max(
                y + top * size, other_y + top * other_size
            )
            if j == i or overlap <= 0 or size + other_size <= 0:
                continue
            split = x + (other_x - x) * size / (size + other_size)
            if other_x > x:
                high = min(high, split)
            elif other_x < x:
                low = max(low, split)
        bounds.append(None if (low, high) == (-np.inf, np.inf) else (float(low), float(high)))
    return bounds


def measure_strips(
    image: np.ndarray, mesh: FacePoints, settings: ShrugSettings, bounds: Bounds = None
) -> ShoulderStrips | None:
    """The two strips beside the neck of the face ``mesh`` in the BGR ``image``, each within
    ``bounds`` (``strip_bounds``); None for a face too small to place them.

    The strips are sized and the head's height taken from the temples, not the eye corners:
    closing the eyes moves MediaPipe's eye corners down (about 0.01 face sizes) and apart (3 %,
    up to 6 %), so strips cut by that size come out smaller, their template's shoulder line nearer
    its top (a rise in still shoulders), and an eye line dropping makes it a rise towards the
    head."""
    pts = mesh.xy
    chin_x, chin_y, face_px = _placed(mesh, settings)
    if face_px * settings.strip_px_per_face < 1.0 or face_px < 4.0:
        return None
    left_edge, right_edge = bounds or (-np.inf, np.inf)
    towards_left = 1.0 if pts[LEFT_EYE_OUTER, 0] >= pts[RIGHT_EYE_OUTER, 0] else -1.0
    height, width = image.shape[:2]
    margin = settings.strip_frame_margin * face_px
    top, bottom = (chin_y + r * face_px for r in settings.strip_rows)
    if bottom > height - margin:
        return None  # the shoulders' line may lie below the frame: a shrug could not be seen
    cells = face_px / settings.strip_px_per_face
    step = max(round(cells), 1)
    other_step = step + 1 if cells >= step or step == 1 else step - 1
    near, far = settings.strip_columns
    grids = (step, other_step)
    rows = [_on_grid(top, bottom, grid, height) for grid in grids]
    y0, y1 = min(rows[0][0], rows[1][0]), max(rows[0][1], rows[1][1])
    strips: tuple[list[Strip | None], list[Strip | None]] = ([], [])  # per grid: left, right
    for sign in (towards_left, -towards_left):
        xa, xb = sorted((chin_x + sign * near * face_px, chin_x + sign * far * face_px))
        xa, xb = max(xa, left_edge), min(xb, right_edge)
        if xb <= xa:
            xb = xa  # wholly beside another face: too little of it, and _shrink says None
        columns = [_on_grid(xa, xb, grid, width) for grid in grids]
        x0, x1 = min(columns[0][0], columns[1][0]), max(columns[0][1], columns[1][1])
        grey = _grey(image[y0:y1, x0:x1])  # once for both grids: they cover nearly the same
        for cut, grid, (ca, cb), (ra, rb) in zip(strips, grids, columns, rows, strict=True):
            piece = grey[ra - y0 : rb - y0, ca - x0 : cb - x0]
            cut.append(_shrink(piece, ca, ra, face_px, grid, settings))
    head_y = float((pts[RIGHT_TEMPLE, 1] + pts[LEFT_TEMPLE, 1]) / 2)
    (left, right), (other_left, other_right) = strips
    return ShoulderStrips(
        left, right, face_px, chin_y, head_y, step, (other_left, other_right), other_step
    )


def _on_grid(low: float, high: float, step: int, size: int) -> tuple[int, int]:
    """The span of whole ``step``-pixel cells nearest ``low``..``high`` within ``0..size``.

    Every strip of a face is cut on the same grid of the image: where nothing moved, two strips
    then average the very same pixels into each cell, and a face swaying by a pixel or two moves
    its strips by whole cells or not at all. Cut where the chin happens to be, a strip's cells
    averaged a steep edge (a jacket's lapel) a little differently at every sway, which read as
    the shoulder rising up to 0.05 face sizes."""
    first = max(round(low / step), 0)
    last = min(round(high / step), size // step)
    return first * step, max(last, first) * step


def _grey(crop: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY) if crop.ndim == 3 and crop.size else crop


def _shrink(
    grey: np.ndarray, x0: int, y0: int, face_px: float, step: int, s: ShrugSettings
) -> Strip | None:
    """The strip of the grey ``grey`` whose top-left pixel is the image's (``x0``, ``y0``), each
    ``step`` × ``step`` pixels averaged into one; None when too little of it is in the frame."""
    rows, columns = grey.shape[0] // step, grey.shape[1] // step
    wanted = (s.strip_columns[1] - s.strip_columns[0]) * face_px / step
    if columns < s.strip_min_share * wanted or rows < 3:
        return None
    small = cv2.resize(grey, (columns, rows), interpolation=cv2.INTER_AREA).astype(np.float32)
    return Strip(small, x0, y0, step)
