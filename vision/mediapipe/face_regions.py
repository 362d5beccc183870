"""Where to look for faces: overlapping tiles for finding new faces in wide shots, and one crop
region per tracked face that follows it from frame to frame.

MediaPipe's face detector sees a 128x128 image: on a wide shot of a table a face of 100 px shrinks
to a few pixels and is missed. Cut into tiles, each face is large enough to be found. Once found,
a face is followed by cropping a region around it and running the landmarks on the crop, so the
detector runs only when looking for new faces. Pure geometry: no MediaPipe here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: A box in frame pixels: x, y, width, height.
Box = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Detection:
    box: Box
    score: float


def tile_grid(
    width: int, height: int, tile: int, overlap: float
) -> list[tuple[int, int, int, int]]:
    """Square tiles of side ``tile`` covering the frame, neighbours overlapping by ``overlap``
    (a fraction of the side). Empty when the frame is not much larger than one tile."""
    if max(width, height) <= tile * 1.25:
        return []
    side = min(tile, width, height)
    stride = max(1, int(side * (1.0 - overlap)))

    def starts(extent: int) -> list[int]:
        if extent <= side:
            return [0]
        count = math.ceil((extent - side) / stride) + 1
        step = (extent - side) / (count - 1)
        return [round(i * step) for i in range(count)]

    return [(x, y, side, side) for y in starts(height) for x in starts(width)]


def tile_pyramid(
    width: int, height: int, tile: int, overlap: float
) -> list[tuple[int, int, int, int]]:
    """Tiles of side ``tile``, ``2 * tile``, ``4 * tile``... up to the frame's size: a face too
    big to fit in a small tile is whole in a larger one (the detector sees every tile at
    128 px, so each level finds faces of about a fifth to a half of its side)."""
    tiles: list[tuple[int, int, int, int]] = []
    side = tile
    while True:
        level = tile_grid(width, height, side, overlap)
        if not level:
            return tiles
        tiles += level
        side *= 2


def iou(a: Box, b: Box) -> float:
    ax1, ay1, bx1, by1 = a[0] + a[2], a[1] + a[3], b[0] + b[2], b[1] + b[3]
    iw = min(ax1, bx1) - max(a[0], b[0])
    ih = min(ay1, by1) - max(a[1], b[1])
    if iw <= 0 or ih <= 0:
        return 0.0
    inter = iw * ih
    return inter / (a[2] * a[3] + b[2] * b[3] - inter)


def covers(a: Box, b: Box) -> bool:
    """Whether the centre of ``b`` lies inside ``a``."""
    cx, cy = b[0] + b[2] / 2, b[1] + b[3] / 2
    return a[0] <= cx <= a[0] + a[2] and a[1] <= cy <= a[1] + a[3]


def suppress_overlaps(detections: list[Detection], threshold: float) -> list[Detection]:
    """Non-maximum suppression: of detections of one face (found in several tiles), keep the
    best scored."""
    kept: list[Detection] = []
    for det in sorted(detections, key=lambda d: d.score, reverse=True):
        if all(iou(det.box, k.box) < threshold and not covers(k.box, det.box) for k in kept):
            kept.append(det)
    return kept


@dataclass(slots=True)
class CropRegion:
    """The rectangle of the frame a tracked face's landmarks run on.

    It stays put while the face moves a little inside it (so the landmarker's own tracking, which
    works in crop coordinates, keeps its lock) and re-centres when the face drifts or changes size.
    """

    cx: float
    cy: float
    side: float

    @classmethod
    def around(cls, face: Box, scale: float) -> CropRegion:
        return cls(face[0] + face[2] / 2, face[1] + face[3] / 2, max(face[2], face[3]) * scale)

    def follow(self, face: Box, scale: float, drift: float) -> bool:
        """Re-centre on ``face`` when it left the middle of the region or changed size by more
        than ``drift`` (a fraction of the region). Returns whether the region moved."""
        target = CropRegion.around(face, scale)
        moved = math.hypot(target.cx - self.cx, target.cy - self.cy) > drift * self.side
        resized = abs(target.side - self.side) > drift * self.side
        if moved or resized:
            self.cx, self.cy, self.side = target.cx, target.cy, target.side
            return True
        return False

    def clip(self, width: int, height: int) -> tuple[int, int, int, int]:
        """The region as integer x0, y0, x1, y1 inside the frame (shifted in from the edges where
        possible, so a face near an edge still gets context on the other side)."""
        side = min(self.side, width, height)
        x0 = min(max(self.cx - side / 2, 0.0), width - side)
        y0 = min(max(self.cy - side / 2, 0.0), height - side)
        return int(x0), int(y0), int(x0 + side), int(y0 + side)
