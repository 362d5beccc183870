"""Drawing a frame's results over it: face contours, seat labels, the gestures just reported and,
per seat, a trace of the live scores of the last few seconds.

:class:`Overlay` keeps the traces and recent gestures, so feed it every result of a stream in
order (one Overlay per stream). Its words are the pipeline's own, in English ("seat 1",
"mouth_twist right"): a researcher's annotated video. Hershey fonts have no accents and no ñ,
so a picture for players carries none (``words=False``) and its page writes them over it."""

from __future__ import annotations

from collections import deque
from functools import lru_cache

import cv2
import numpy as np

from engine.gesture import GESTURE_KINDS, Gesture
from vision.pipeline import FrameResult

#: BGR colour per seat, to six at a table; faces on no seat are grey.
SEAT_COLOURS: dict[int | None, tuple[int, int, int]] = {
    1: (60, 180, 255),
    2: (255, 160, 60),
    3: (90, 220, 90),
    4: (230, 90, 230),
    5: (200, 200, 40),
    6: (70, 70, 230),
}
IGNORED_COLOUR = (150, 150, 150)
#: BGR colour per gesture kind, for the score traces.
KIND_COLOURS = dict(
    zip(
        GESTURE_KINDS,
        [(0, 0, 255), (0, 140, 255), (0, 230, 255), (0, 200, 0), (255, 255, 0),
         (255, 0, 0), (255, 0, 200), (200, 200, 200), (120, 60, 200)],
        strict=True,
    )
)  # fmt: skip


@lru_cache(maxsize=1)
def face_contours() -> np.ndarray:
    """(N, 2) landmark index pairs of MediaPipe's face contours (oval, eyes, brows, lips)."""
    from mediapipe.tasks.python.vision import FaceLandmarksConnections as C

    pairs = [(c.start, c.end) for c in C.FACE_LANDMARKS_CONTOURS]
    pairs += [(c.start, c.end) for c in (*C.FACE_LANDMARKS_LEFT_IRIS, *C.FACE_LANDMARKS_RIGHT_IRIS)]
    return np.array(pairs, dtype=np.int32)


class Overlay:
    """Draws results; ``trace_frames`` scores per seat are kept for the traces and a reported
    gesture stays labelled ``label_ms`` (source time). Without ``words``, only the pictures:
    contours, boxes and traces, no seat or gesture labels, gap or statistics line."""

    def __init__(
        self,
        *,
        trace_frames: int = 90,
        label_ms: int = 2000,
        landmarks: bool = True,
        words: bool = True,
    ) -> None:
        self.trace_frames = trace_frames
        self.label_ms = label_ms
        self.landmarks = landmarks
        self.words = words
        self._traces: dict[int, deque[dict[str, float]]] = {}
        self._recent: deque[tuple[int, Gesture]] = deque()

    def update(self, result: FrameResult) -> None:
        """Take in a result's scores and gestures without drawing."""
        now = result.frame.ts_ms
        for gesture in result.gestures:
            self._recent.append((now, gesture))
        while self._recent and now - self._recent[0][0] > self.label_ms:
            self._recent.popleft()
        if result.gap is not None or result.end_of_stream:
            return
        for seat, view in result.seats.items():
            if view.source_id != result.frame.source_id:
                continue
            trace = self._traces.setdefault(seat, deque(maxlen=self.trace_frames))
            trace.append(dict(view.scores))

    def draw(self, result: FrameResult, image: np.ndarray | None = None) -> np.ndarray:
        """``result`` drawn over a copy of its frame (or over ``image``, in place)."""
        self.update(result)
        canvas = result.frame.image.copy() if image is None else image
        for seated in result.faces:
            colour = SEAT_COLOURS.get(seated.seat, IGNORED_COLOUR)
            if self.landmarks:
                self._draw_contours(canvas, seated.face.landmarks, colour)
            x, y, w, h = seated.face.bbox
            cv2.rectangle(canvas, (x, y), (x + w, y + h), colour, 1, cv2.LINE_AA)
            if self.words:
                _text(canvas, _seat_label(result, seated.seat), (x, max(y - 6, 12)), colour)
                if seated.seat is not None:
                    self._draw_gestures(canvas, seated.seat, (x + w + 4, y + 12))
            if seated.seat is not None:
                self._draw_trace(canvas, seated.seat, (x, y + h + 4), max(w, 120))
        if self.words:
            _draw_status(canvas, result)
        return canvas

    def _draw_contours(
        self, canvas: np.ndarray, landmarks: np.ndarray, colour: tuple[int, int, int]
    ) -> None:
        pairs = face_contours()
        points = np.round(landmarks[:, :2]).astype(np.int32)
        lines = points[pairs]  # (N, 2, 2)
        cv2.polylines(canvas, list(lines), False, colour, 1, cv2.LINE_AA)

    def _draw_gestures(self, canvas: np.ndarray, seat: int, origin: tuple[int, int]) -> None:
        x, y = origin
        for _, gesture in self._recent:
            if gesture.seat == seat:
                _text(canvas, gesture.label, (x, y), (0, 255, 255), scale=0.6, thickness=2)
                y += 20

    def _draw_trace(
        self, canvas: np.ndarray, seat: int, origin: tuple[int, int], width: int
    ) -> None:
        trace = self._traces.get(seat)
        if not trace or len(trace) < 2:
            return
        height = 40
        x0, y0 = origin
        if y0 + height > canvas.shape[0]:
            y0 = canvas.shape[0] - height - 1
        x1 = min(x0 + width, canvas.shape[1] - 1)
        if x1 - x0 < 10 or y0 < 0:
            return
        region = canvas[y0 : y0 + height, x0:x1]
        region[:] = (region * 0.4).astype(np.uint8)
        xs = np.linspace(x0, x1, self.trace_frames).astype(np.int32)[-len(trace) :]
        for kind, colour in KIND_COLOURS.items():
            values = np.array([scores.get(kind, 0.0) for scores in trace], dtype=np.float32)
            if values.max() < 0.05:
                continue
            ys = (y0 + height - 1 - np.clip(values, 0, 1) * (height - 2)).astype(np.int32)
            cv2.polylines(canvas, [np.stack([xs, ys], axis=1)], False, colour, 1, cv2.LINE_AA)


def _seat_label(result: FrameResult, seat: int | None) -> str:
    """The seat's words: "seat 1", "seat 1 calibrating 40%" or "no seat"."""
    if seat is None:
        return "no seat"
    view = result.seats.get(seat)
    calibration = getattr(view, "calibration", None)
    progress = getattr(calibration, "progress", None)
    if getattr(calibration, "state", None) == "calibrating" and progress is not None:
        return f"seat {seat} calibrating {progress:.0%}"
    return f"seat {seat}"


def _draw_status(canvas: np.ndarray, result: FrameResult) -> None:
    """The gap at the top, if any, and the pipeline's figures at the bottom."""
    if result.gap is not None:
        gap = result.gap
        _text(canvas, f"gap {gap.duration_ms} ms: {gap.reason}", (8, 20), (0, 0, 255))
    stats = result.stats
    _text(
        canvas,
        f"{stats.fps:.0f} fps  dropped {stats.dropped}  latency {stats.latency_ms:.0f} ms",
        (8, canvas.shape[0] - 8),
        (255, 255, 255),
    )


def _text(
    canvas: np.ndarray,
    text: str,
    origin: tuple[int, int],
    colour: tuple[int, int, int],
    *,
    scale: float = 0.45,
    thickness: int = 1,
) -> None:
    """Text on a dark box, moved inside the canvas where it would spill over an edge."""
    font = cv2.FONT_HERSHEY_SIMPLEX
    (width, height), baseline = cv2.getTextSize(text, font, scale, thickness)
    x = min(max(origin[0], 2), max(canvas.shape[1] - width - 2, 2))
    y = min(max(origin[1], height + 2), canvas.shape[0] - baseline - 2)
    cv2.rectangle(canvas, (x - 2, y - height - 2), (x + width + 2, y + baseline), (0, 0, 0), -1)
    cv2.putText(canvas, text, (x, y), font, scale, colour, thickness, cv2.LINE_AA)
