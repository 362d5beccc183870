"""What an analysis leaves behind: the gestures as JSON lines (written as they happen, so an
interrupted run keeps what it found) and as WebVTT captions, and a summary of the run."""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

from engine.gesture import Gesture
from vision.pipeline import FrameResult

#: A caption stays on screen at least this long, however brief the gesture.
MIN_CUE_MS = 500


class GestureLog:
    """``gestures.jsonl``: one :meth:`Gesture.to_dict` per line, flushed as each is written."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[str] = path.open("w", encoding="utf-8")
        self.count = 0

    def write(self, gestures: Iterable[Gesture]) -> None:
        for gesture in gestures:
            self._file.write(json.dumps(gesture.to_dict()) + "\n")
            self.count += 1
        self._file.flush()

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> GestureLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_gestures(path: Path) -> list[Gesture]:
    """The gestures of a ``gestures.jsonl``."""
    with path.open(encoding="utf-8") as lines:
        return [Gesture.from_dict(json.loads(line)) for line in lines if line.strip()]


def vtt_timestamp(ms: int) -> str:
    hours, rest = divmod(max(ms, 0), 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds, millis = divmod(rest, 1000)
    return f"{hours:02d}:{minutes:02d}:{seconds:02d}.{millis:03d}"


class RunSummary:
    """Collects ``summary.json`` from the pipeline's results: frames, duration, processing fps,
    the seats and faces seen, and gestures per seat and kind."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.frames = 0
        self.first_ms: int | None = None
        self.last_ms: int | None = None
        self.frame_interval_ms = 0
        self.faces: dict[str, set[int]] = {}
        self.seats: dict[int, int] = {}  # seat -> frames in which its face was seen
        self.gestures: list[Gesture] = []
        self.gaps: list[dict[str, Any]] = []
        self.dropped = 0
        #: Frames a second the detectors were given, and whether that was too few for a brief
        #: seña (vision.read_rate), as of the last frame.
        self.read_fps = 0.0
        self.slow = False
        self.errors: list[str] = []
        self.unjudged = UnjudgedSpans()
        #: Per seat, the spans its shoulders were out of the picture: no shrug could be seen.
        self.shoulders_unseen = SeatSpans()
        #: Per seat, the spans its eyes rested too narrowed to read the eye kinds it names.
        self.eyes_unreadable = SeatSpans()
        self._started = time.perf_counter()
        self._elapsed: float | None = None

    def add(self, result: FrameResult) -> None:
        self.gestures.extend(result.gestures)
        self.dropped = result.stats.dropped
        self.errors = list(result.stats.errors)
        if result.gap is not None:
            gap = result.gap
            self.gaps.append({"source_id": gap.source_id, "start_ms": gap.start_ms,
                              "end_ms": gap.end_ms, "reason": gap.reason})  # fmt: skip
            return
        if result.end_of_stream:
            return
        ts = result.frame.ts_ms
        if self.last_ms is not None and ts > self.last_ms and not self.frame_interval_ms:
            self.frame_interval_ms = ts - self.last_ms
        self.first_ms = ts if self.first_ms is None else min(self.first_ms, ts)
        self.last_ms = ts if self.last_ms is None else max(self.last_ms, ts)
        self.frames += 1
        self.read_fps, self.slow = result.stats.read_fps, result.stats.slow
        self.unjudged.add(ts, result)
        for seat, view in result.seats.items():
            unseen = view.face is not None and not view.shoulders_in_view
            self.shoulders_unseen.note(seat, ts, SHOULDERS_UNSEEN if unseen else None)
            narrow = view.face is not None and view.eyes_unreadable
            self.eyes_unreadable.note(seat, ts, ", ".join(view.eyes_unreadable) if narrow else None)
        for seated in result.faces:
            self.faces.setdefault(seated.face.source_id, set()).add(seated.face.track_id)
            if seated.seat is not None:
                self.seats[seated.seat] = self.seats.get(seated.seat, 0) + 1

    def finish(self) -> None:
        self._elapsed = time.perf_counter() - self._started

    @property
    def faces_seen(self) -> int:
        return sum(len(tracks) for tracks in self.faces.values())

    @property
    def duration_ms(self) -> int:
        if self.first_ms is None or self.last_ms is None:
            return 0
        return self.last_ms - self.first_ms + self.frame_interval_ms

    def to_dict(self) -> dict[str, Any]:
        elapsed = (
            self._elapsed if self._elapsed is not None else time.perf_counter() - self._started
        )
        per_seat: dict[str, dict[str, int]] = {}
        for (seat, kind), count in sorted(Counter((g.seat, g.kind) for g in self.gestures).items()):
            per_seat.setdefault(str(seat), {})[kind] = count
        return {
            "source": self.source,
            "frames": self.frames,
            "duration_ms": self.duration_ms,
            "processing_seconds": round(elapsed, 3),
            "processing_fps": round(self.frames / elapsed, 2) if elapsed > 0 else 0.0,
            "faces_seen": self.faces_seen,
            "seats": {
                str(seat): {"frames_with_face": frames}
                for seat, frames in sorted(self.seats.items())
            },
            "gestures": len(self.gestures),
            "gestures_per_seat": per_seat,
            "unjudged": self.unjudged.to_dict(),
            "shoulders_unseen": self.shoulders_unseen.to_dict(),
            "eyes_unreadable": self.eyes_unreadable.to_dict(),
            "dropped_frames": self.dropped,
            "read_fps": round(self.read_fps, 1),
            "slow": self.slow,
            "gaps": self.gaps,
            "errors": self.errors,
        }

    def write(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_dict(), indent=2) + "\n", encoding="utf-8")


#: Why a seat's first seconds were not judged: its calibration had to guess the rest.
GUESSED_REST = "calibrated on a face never at rest"
#: Why no shrug of a seat could be seen (``SeatView.shoulders_in_view``).
SHOULDERS_UNSEEN = "shoulders out of the picture"


class SeatSpans:
    """Per seat, the spans of frames in which something held, each named by the reason of its
    first frame."""

    def __init__(self) -> None:
        self.spans: dict[int, list[dict[str, Any]]] = {}
        self._open: dict[int, dict[str, Any]] = {}

    def note(self, seat: int, ts_ms: int, reason: str | None) -> None:
        """The seat's frame at ``ts_ms``: ``reason`` why it holds, or None when it does not."""
        span = self._open.get(seat)
        if reason is None:
            self._open.pop(seat, None)
        elif span is None:
            span = {"start_ms": ts_ms, "end_ms": ts_ms, "reason": reason}
            self._open[seat] = span
            self.spans.setdefault(seat, []).append(span)
        else:
            span["end_ms"] = ts_ms

    def to_dict(self) -> dict[str, list[dict[str, Any]]]:
        return {str(seat): [dict(s) for s in spans] for seat, spans in sorted(self.spans.items())}


class UnjudgedSpans(SeatSpans):
    """Per seat, the spans in which its face was too small or too poorly seen to judge
    (vision.judgeable), or in which it calibrated on a face never at rest (the rest is a guess,
    so what it showed then is not judged against it): no gesture of the seat is read there.
    Each span is named by the reason of its first frame."""

    def __init__(self) -> None:
        super().__init__()
        self._calibrating_since: dict[int, int] = {}
        self._calibrated: set[int] = set()

    def add(self, ts_ms: int, result: FrameResult) -> None:
        for seat, view in result.seats.items():
            self._note_calibration(seat, ts_ms, view.calibration)
            status = view.judgeability
            self.note(seat, ts_ms, None if status.judgeable else status.reason)

    def _note_calibration(self, seat: int, ts_ms: int, calibration: Any) -> None:
        if calibration is None or seat in self._calibrated:
            return
        if calibration.state != "ready":
            self._calibrating_since.setdefault(seat, ts_ms)
            return
        self._calibrated.add(seat)
        since = self._calibrating_since.get(seat)
        if since is None or not calibration.guessed:
            return
        # The spans inside it, too small or too poorly seen, are part of it: no time twice.
        spans = [s for s in self.spans.get(seat, []) if s["start_ms"] < since]
        current = self._open.get(seat)
        if current is not None and current["start_ms"] >= since:
            current["start_ms"] = ts_ms
            spans.append(current)
        self.spans[seat] = [{"start_ms": since, "end_ms": ts_ms, "reason": GUESSED_REST}, *spans]
