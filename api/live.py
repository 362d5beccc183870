"""The live side of the dashboard: the vision pipeline running in a background thread over the
configured source, feeding the MJPEG stream, the websocket hub and the active table.

Back-pressure follows DESIGN.md: frames are dropped (the stream keeps only the newest JPEG of
each source, the hub only the newest scores), gestures never are — each one is handed to
``on_gesture`` in order, in this thread, before the next frame is looked at.

A source that ends or fails does not stop the dashboard: the gap is published (and shown), the
table keeps taking calls, and a camera or network source is reopened after a pause.
"""

from __future__ import annotations

import logging
import queue
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from api.hub import Hub
from engine.gesture import Gesture

if TYPE_CHECKING:
    from vision.capture.sources import ReconnectPolicy

log = logging.getLogger("keinu.live")

#: Seconds between two scores samples on the websocket (the bars need ~10 per second).
SCORES_PERIOD_S = 0.1
#: Seconds between two pipeline-health samples.
STATS_PERIOD_S = 1.0


PipelineFactory = Callable[[], Iterable[Any]]
GestureSink = Callable[[Gesture, str], None]


class LatestFrame:
    """The newest annotated JPEG of one source; MJPEG readers poll ``seq`` for a new one."""

    def __init__(self) -> None:
        self.jpeg: bytes | None = None
        self.seq = 0
        self.viewers = 0

    def put(self, jpeg: bytes) -> None:
        self.jpeg = jpeg
        self.seq += 1


@dataclass
class Gap:
    source: str
    reason: str
    message: str
    start_ms: int
    end_ms: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "reason": self.reason,
            "message": self.message,
            "start_ms": self.start_ms,
            "end_ms": self.end_ms,
        }


@dataclass
class Health:
    state: str = "starting"  # starting | running | gap | stopped
    fps: float = 0.0
    read_fps: float = 0.0  # frames a second the detectors are given (vision.read_rate)
    slow: bool = False  # too few of them for a brief seña
    dropped: int = 0
    latency_ms: float = 0.0
    frames: int = 0
    gaps: list[Gap] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "fps": round(self.fps, 1),
            "read_fps": round(self.read_fps, 1),
            "slow": self.slow,
            "dropped": self.dropped,
            "latency_ms": round(self.latency_ms, 1),
            "frames": self.frames,
            "gaps": [gap.to_dict() for gap in self.gaps[-20:]],
        }


def is_reopenable(source: str) -> bool:
    """Cameras and network streams come back after a failure; files that ended are done.
    ``source`` may name several cameras separated by ";"."""
    return any(
        spec.strip().isdigit() or re.match(r"^[a-z][a-z0-9+.-]*://", spec.strip())
        for spec in source.split(";")
    )


def encode_jpeg(image: np.ndarray, quality: int) -> bytes:
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise ValueError("could not encode frame as JPEG")
    return buf.tobytes()


class LiveFeed:
    """The pipeline of ``source`` run in a thread of its own; a camera or stream that ends or
    fails is reopened after the pauses of ``reconnect`` (the sources' own policy, so one
    backoff serves both)."""

    def __init__(
        self,
        *,
        source: str,
        pipeline_factory: PipelineFactory,
        reconnect: ReconnectPolicy,
        hub: Hub,
        on_gesture: GestureSink,
        annotate: Callable[[Any, bool], tuple[str, np.ndarray] | None],
        describe_seats: Callable[[Any], dict[str, Any]] = lambda result: {},
        describe_unseated: Callable[[Any], list[list[int]]] = lambda result: [],
        jpeg_quality: int = 75,
        on_frame: Callable[[Any], None] | None = None,
        on_near_miss: Callable[[Any, str], None] | None = None,
    ) -> None:
        self.source = source
        self._factory = pipeline_factory
        self._reconnect = reconnect
        self._hub = hub
        self._on_gesture = on_gesture
        self._annotate = annotate
        self._describe_seats = describe_seats
        self._describe_unseated = describe_unseated
        self._on_frame = on_frame
        self._on_near_miss = on_near_miss
        self._commands: queue.SimpleQueue[Callable[[Any], None]] = queue.SimpleQueue()
        self.notice: str | None = None
        self._quality = jpeg_quality
        self.frames: dict[str, LatestFrame] = {}
        self.health = Health()
        self.seats: dict[str, Any] = {}
        #: Per source, the boxes of the faces of its newest frame that are on no seat.
        self._unseated: dict[str, list[list[int]]] = {}
        self._frame_times: deque[float] = deque(maxlen=30)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._pipeline: Any = None

    def frame_of(self, source_id: str) -> LatestFrame:
        return self.frames.setdefault(source_id, LatestFrame())

    def unseated(self) -> list[dict[str, Any]]:
        """Each face on no seat in its source's newest frame: its ``source`` and ``box``."""
        return [
            {"source": source, "box": box}
            for source, boxes in list(self._unseated.items())
            for box in boxes
        ]

    def run_in_pipeline(self, command: Callable[[Any], None]) -> None:
        """Run ``command(pipeline)`` in the pipeline's thread, between two frames (detectors
        are not thread-safe: calibration and sensitivity changes go through here)."""
        self._commands.put(command)

    def degraded(self, message: str) -> None:
        """The feed runs without detection (e.g. the models are missing): say why, once."""
        self.notice = message
        self._hub.publish("notice", {"message": message})

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="keinu-live", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        stop = getattr(self._pipeline, "stop", None)
        if stop is not None:
            stop()
        if self._thread is not None:
            self._thread.join(timeout)
        self.health.state = "stopped"

    def _run(self) -> None:
        pauses: Iterator[float] | None = self._reconnect.delays()
        while not self._stop.is_set():
            reason, message = "ended", "the source ended"
            try:
                self._pipeline = self._factory()
                for result in self._pipeline:
                    self._handle(result)
                    pauses = None  # a frame came: the next pause is the first again
                    if self._stop.is_set():
                        break
                errors = getattr(getattr(self._pipeline, "stats", None), "errors", None)
                if errors:  # the pipeline ended because a source could not be read
                    reason, message = "failed", errors[-1]
            except Exception as exc:  # a broken source must never take the dashboard down
                log.warning("source %s failed: %s", self.source, exc)
                reason, message = "failed", f"{type(exc).__name__}: {exc}"
            finally:
                close = getattr(self._pipeline, "close", None)
                if close is not None:
                    close()
            if self._stop.is_set():
                break
            self._open_gap(reason, message)
            if not is_reopenable(self.source):
                return
            pauses = pauses or self._reconnect.delays()
            self._stop.wait(next(pauses))

    def _handle(self, result: Any) -> None:
        if self.health.state != "running":
            self._close_gap()
        self.health.frames += 1
        gap = getattr(result, "gap", None)
        if gap is not None:
            self._source_gap(gap)
        source_id = result.frame.source_id if hasattr(result, "frame") else self.source
        for gesture in getattr(result, "gestures", ()) or ():
            try:
                self._on_gesture(gesture, source_id)
            except Exception:
                log.exception("a gesture could not be handled: %s", gesture)
        if self._on_near_miss is not None:
            for missed in getattr(result, "near_misses", ()) or ():
                try:
                    self._on_near_miss(missed, source_id)
                except Exception:
                    log.exception("a near miss could not be handled: %s", missed)
        self._update_stats(getattr(result, "stats", None))
        self._unseated[source_id] = self._describe_unseated(result)
        self._publish_scores(result)
        if self._on_frame is not None:
            self._on_frame(result)
        self._publish_frame(result)
        self._run_commands()

    def _run_commands(self) -> None:
        while True:
            try:
                command = self._commands.get_nowait()
            except queue.Empty:
                return
            try:
                command(self._pipeline)
            except Exception:
                log.exception("a pipeline command failed")

    def _source_gap(self, gap: Any) -> None:
        """A live source dropped and came back: the gap is on the record."""
        self.health.gaps.append(
            Gap(
                gap.source_id,
                "dropped",
                gap.reason,
                int(time.time() * 1000) - gap.duration_ms,
                int(time.time() * 1000),
            )
        )
        self._hub.publish(
            "source",
            {"state": "running", "source": gap.source_id, "gap": self.health.gaps[-1].to_dict()},
        )

    def _publish_frame(self, result: Any) -> None:
        frame = getattr(result, "frame", None)
        source_id = getattr(frame, "source_id", self.source)
        latest = self.frame_of(source_id)
        annotated = self._annotate(result, latest.viewers > 0)
        if annotated is not None:
            latest.put(encode_jpeg(annotated[1], self._quality))

    _last_scores = 0.0
    _last_stats = 0.0

    def _publish_scores(self, result: Any) -> None:
        now = time.monotonic()
        if now - self._last_scores < SCORES_PERIOD_S:
            return
        self._last_scores = now
        self.seats = self._describe_seats(result)
        unseated = self.unseated()
        if self.seats or unseated:
            self._hub.publish("scores", {"seats": self.seats, "unseated": unseated})

    def _update_stats(self, stats: Any) -> None:
        now = time.monotonic()
        if stats is not None:
            for name in ("fps", "read_fps", "slow", "dropped", "latency_ms", "frames"):
                value = getattr(stats, name, None)
                if value is not None:
                    setattr(self.health, name, value)
        else:
            self._frame_times.append(now)
            if len(self._frame_times) > 1:
                span = self._frame_times[-1] - self._frame_times[0]
                self.health.fps = (len(self._frame_times) - 1) / span if span > 0 else 0.0
        if now - self._last_stats >= STATS_PERIOD_S:
            self._last_stats = now
            self._hub.publish("stats", self.health.to_dict())

    def _open_gap(self, reason: str, message: str) -> None:
        gap = Gap(self.source, reason, message, int(time.time() * 1000))
        self.health.gaps.append(gap)
        self.health.state = "gap"
        self._hub.publish("source", {"state": "gap", **gap.to_dict()})
        self._hub.publish("stats", self.health.to_dict())

    def _close_gap(self) -> None:
        if self.health.gaps and self.health.gaps[-1].end_ms is None:
            self.health.gaps[-1].end_ms = int(time.time() * 1000)
        self.health.state = "running"
        self._hub.publish("source", {"state": "running", "source": self.source})
