"""Whole clips: one face filling a 640x480 frame, or a table of up to four faces side by side in
a wide 1280x720 frame (seats 1..4 from left to right), each with its own script of gestures and
distractors, written as NAME.mp4 + NAME.truth.json."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from engine.gesture import GESTURE_SIDES

from .face import FaceGeometry
from .render import FPS, Placement, SeatRenderer, build_stage, save_truth, truth_document
from .timeline import Event, Request, plan_seat

SINGLE_SIZE = (640, 480)
TABLE_SIZE = (1280, 720)
TAIL_MS = 1500.0
#: Smallest and largest face heights (pixels); within them, as large as the photo needs to
#: reach the bottom of the frame (or the table's edge). A single face is framed as a laptop's
#: webcam at arm's length frames its player (about 60 cm away, a 60° lens: the face 130-170 px
#: wide in 640x480), its centre at ``SINGLE_FACE_Y``: both shoulders are in the picture, as the
#: setup asks where the house profile has a shrug. Framed closer (faces 190-260 px tall, centred
#: at 0.42), 18 of the 33 held-out shrugs rose under the frame's edge, where no camera sees them.
SINGLE_FACE_HEIGHT = (150.0, 190.0)
SINGLE_FACE_Y = 0.30
TABLE_FACE_HEIGHT = (150.0, 190.0)
TABLE_FACE_Y = 0.38
TABLE_EDGE = 560
#: Encoder bit rate per pixel of frame size: about 430 kbit/s at 640x480, like a webcam stream.
BITS_PER_PIXEL = 1.4


@dataclass(frozen=True)
class Sitter:
    """A photo and its face's landmarks, ready to be placed on a seat."""

    name: str
    image: np.ndarray
    landmarks: np.ndarray


def every_gesture() -> list[Request]:
    """One request for each gesture kind and side."""
    return [
        Request(kind, side) for kind, sides in GESTURE_SIDES.items() for side in (sides or (None,))
    ]


def each_side_twice(kind: str) -> list[Request]:
    """Two requests for each side of ``kind`` (two of the kind when it has no side)."""
    return [Request(kind, side) for side in (GESTURE_SIDES[kind] or (None,)) * 2]


def twice_each_kind(rng: np.random.Generator) -> list[Request]:
    """Each gesture kind done twice in a row, with a random side."""
    return [
        Request(kind, str(rng.choice(sides)) if sides else None, twice=True)
        for kind, sides in GESTURE_SIDES.items()
    ]


def face_height_to_cover(
    sitter: Sitter, face_y: float, reach: float, low: float, high: float
) -> float:
    """The face height (between ``low`` and ``high`` pixels) at which the photo, with the face's
    centre at row ``face_y``, reaches down to row ``reach``: as much real neck and shoulders as
    the photo has, and as little drawn body as possible."""
    face = FaceGeometry(sitter.landmarks[:, :2])
    below_centre = sitter.image.shape[0] - face.centre[1]
    needed = (reach - face_y) / below_centre * face.face_height
    return float(np.clip(needed, low, high))


def single_placement(sitter: Sitter) -> Placement:
    width, height = SINGLE_SIZE
    face_height = face_height_to_cover(
        sitter, SINGLE_FACE_Y * height, height + 4, *SINGLE_FACE_HEIGHT
    )
    return Placement((0, 0, width, height), face_height, SINGLE_FACE_Y)


def table_placements(sitters: list[Sitter]) -> list[Placement]:
    """Stages for the seats across the wide frame, left to right."""
    width, height = TABLE_SIZE
    cell = width // 4
    margin = (width - cell * len(sitters)) // 2
    face_y = TABLE_FACE_Y * height
    return [
        Placement(
            (margin + i * cell, 0, cell, height),
            face_height_to_cover(sitter, face_y, TABLE_EDGE + 4, *TABLE_FACE_HEIGHT),
            TABLE_FACE_Y,
        )
        for i, sitter in enumerate(sitters)
    ]


def table_backdrop() -> np.ndarray:
    width, height = TABLE_SIZE
    wall = np.linspace(70, 40, height, dtype=np.float32)[:, None, None] * np.array([0.9, 1.0, 1.1])
    return np.broadcast_to(wall, (height, width, 3)).astype(np.uint8).copy()


def table_top(edge: int) -> tuple[np.ndarray, np.ndarray]:
    """The card table in front of the players, its near edge at row ``edge``: image and alpha."""
    width, height = TABLE_SIZE
    top = np.zeros((height, width, 3), np.uint8)
    alpha = np.zeros((height, width), np.float32)
    felt = np.array([40, 95, 30], np.float32)
    rows = np.arange(height, dtype=np.float32)
    shade = np.clip(0.8 + 0.4 * (rows - edge) / (height - edge), 0.8, 1.2)[:, None, None]
    top[edge:] = np.clip(felt * shade[edge:], 0, 255).astype(np.uint8)
    top[edge - 4 : edge + 6] = (30, 50, 80)
    alpha[edge - 4 :] = 1.0
    return top, cv2.GaussianBlur(alpha, (0, 0), 1.5)


def render_clip(
    out_dir: Path,
    name: str,
    sitters: list[Sitter],
    scripts: list[list[Request]],
    rng: np.random.Generator,
    seed: int,
    distractor_rate: float = 0.8,
) -> dict[str, Any]:
    """Render one clip (single face if one sitter, a table otherwise) and write its truth.
    ``distractor_rate`` is the chance of a distractor in each pause before a gesture."""
    table = len(sitters) > 1
    size = TABLE_SIZE if table else SINGLE_SIZE
    placements = table_placements(sitters) if table else [single_placement(sitters[0])]
    seats: dict[int, tuple[SeatRenderer, Placement]] = {}
    events: list[Event] = []
    duration = 0.0
    for seat, (sitter, placement, requests) in enumerate(
        zip(sitters, placements, scripts, strict=True), 1
    ):
        stage, points = build_stage(sitter.image, sitter.landmarks, placement)
        seats[seat] = (SeatRenderer(stage, points, rng, placement.stage[3]), placement)
        lead = 3000.0 + (float(rng.uniform(0, 1500)) if table else 0.0)
        seat_events, end = plan_seat(rng, seat, requests, lead, distractor_rate)
        events += seat_events
        duration = max(duration, end)
    duration += TAIL_MS
    video = out_dir / f"{name}.mp4"
    edge = TABLE_EDGE if table else None
    _write(video, size, seats, events, duration, edge)
    document = truth_document(video.name, size, seats, events, seed, [s.name for s in sitters])
    save_truth(out_dir / f"{name}.truth.json", document)
    return document


def open_clip_writer(path: Path, size: tuple[int, int], fps: float) -> cv2.VideoWriter:
    """An mp4 writer at a webcam-like bit rate (``BITS_PER_PIXEL``), as every generated clip is
    encoded."""
    bitrate = int(BITS_PER_PIXEL * size[0] * size[1])
    writer = cv2.VideoWriter(str(path), cv2.CAP_FFMPEG, cv2.VideoWriter.fourcc(*"mp4v"), fps,
                             size, [cv2.VIDEOWRITER_PROP_BITRATE, bitrate])  # fmt: skip
    if not writer.isOpened():
        raise RuntimeError(f"cannot write {path}")
    return writer


def _write(
    path: Path,
    size: tuple[int, int],
    seats: dict[int, tuple[SeatRenderer, Placement]],
    events: list[Event],
    duration_ms: float,
    edge: int | None,
) -> None:
    """Encode the frames; ``edge`` is the table's near edge (None: a single face, no table)."""
    width, height = size
    writer = open_clip_writer(path, size, FPS)
    by_seat = {seat: [e for e in events if e.seat == seat] for seat in seats}
    backdrop = table_backdrop() if edge is not None else np.zeros((height, width, 3), np.uint8)
    top, top_alpha = table_top(edge) if edge is not None else (None, None)
    feathers = {seat: _feather(placement) for seat, (_, placement) in seats.items()}
    frames = int(np.ceil(duration_ms * FPS / 1000.0))
    try:
        for index in range(frames):
            t_ms = index * 1000.0 / FPS
            canvas = backdrop.astype(np.float32)
            for seat, (renderer, placement) in seats.items():
                x, y, w, h = placement.stage
                alpha = feathers[seat]
                region = canvas[y : y + h, x : x + w]
                region[...] = region * (1 - alpha) + renderer.render(t_ms, by_seat[seat]) * alpha
            if top is not None and top_alpha is not None:  # both set at a table, or neither
                canvas = canvas * (1 - top_alpha[..., None]) + top * top_alpha[..., None]
            writer.write(canvas.astype(np.uint8))
    finally:
        writer.release()


def _feather(placement: Placement, edge: int = 10) -> np.ndarray:
    """A stage's alpha: opaque inside, fading over ``edge`` pixels at its sides."""
    _, _, w, h = placement.stage
    ramp_x = np.clip(np.minimum(np.arange(w), np.arange(w)[::-1]) / edge, 0, 1)
    ramp_y = np.clip(np.minimum(np.arange(h), np.arange(h)[::-1]) / edge, 0, 1)
    return (np.minimum(ramp_x[None, :], ramp_y[:, None]))[..., None].astype(np.float32)
