"""One table's vision, frame by frame: sources -> landmarks -> seats -> features -> per-seat
gesture detectors, as an iterator of :class:`FrameResult` (what the dashboard draws and
broadcasts, and what ``keinu analyze`` writes).

Recorded sources are processed frame by frame, none skipped; a frame's features and detectors
run in a thread of their own beside the next frame's landmarks (results stay in order and are the
same as one frame after the other; only throughput changes). Live sources (and recorded ones
played in real time) are read by one thread each into a one-frame slot: when processing falls
behind, the older frame is dropped and counted, never a gesture and never a gap marker.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from engine.gesture import Gesture
from vision.capture.sources import (
    ReconnectPolicy,
    SourceError,
    SourceGap,
    SourceItem,
    VideoSource,
    open_sources,
)
from vision.config.detector_settings import DetectorSettings, default_detector_settings
from vision.config.pipeline_settings import VisionSettings, default_vision_settings
from vision.judgeable import JUDGEABLE, Judgeability, SeatJudge
from vision.measures.shoulder_strips import Bounds, strip_bounds
from vision.mediapipe.face_mesh import FacePoints
from vision.mediapipe.landmarks import Landmarker, LandmarkerFactory
from vision.mediapipe.pose_scheduler import pose_for_face
from vision.observation import FaceObservation, Frame, PoseObservation
from vision.read_rate import ReadRate
from vision.seats import SeatedFace, SeatMap, SeatsInPlay, SeatTracker, TableSeats

if TYPE_CHECKING:  # the detectors are imported where they are built (default_detectors)
    from vision.detectors.seat import NearMissedGesture

log = logging.getLogger(__name__)


class SeatDetector(Protocol):
    """What the pipeline needs of a seat's gesture detector (``vision.detectors``)."""

    # Read-only properties: SeatGestureDetector computes them; an attribute satisfies them too.
    @property
    def calibration(self) -> Any: ...

    @property
    def wants_pose(self) -> bool:
        """The pose model is of use for this seat's face now."""
        ...

    @property
    def talking(self) -> bool:
        """The face talks: the kinds a talking face makes in passing are held back."""
        ...

    @property
    def shoulders_in_view(self) -> bool:
        """Both shoulders are in the picture lately: a shrug could be seen."""
        ...

    @property
    def eyes_unreadable(self) -> Sequence[str]:
        """The eye kinds this face's eyes rest too narrowed to be read making (until enrolled)."""
        ...

    def update(self, ts_ms: int, features: Any | None) -> list[Gesture]: ...

    def scores(self) -> dict[str, float]: ...

    def flush(self, ts_ms: int) -> list[Gesture]: ...

    def take_near_misses(self) -> list[NearMissedGesture]:
        """The gestures that reached their kind's ``on`` but were held too briefly or too long
        to count, since the last call."""
        ...


#: (face, frame, its pose, the columns its shoulder strips may span) -> the face's features.
FeatureFunction = Callable[[FaceObservation, np.ndarray, PoseObservation | None, Bounds], Any]
DetectorFactory = Callable[[int], SeatDetector]


@dataclass(slots=True)
class PipelineStats:
    """Running figures. ``latency_ms``: from a frame's capture (or, for recorded sources, from
    when it was taken up) to its result. ``gesture_latency_ms``: from a gesture's end, in source
    time, to its report."""

    frames: int = 0
    dropped: int = 0
    fps: float = 0.0
    #: Frames a second the detectors are given, in source time, on the slowest source
    #: (vision.read_rate); ``slow`` when under ``[pipeline] slow_fps``.
    read_fps: float = 0.0
    slow: bool = False
    latency_ms: float = 0.0
    gestures: int = 0
    gesture_latency_ms: float = 0.0
    gesture_latency_max_ms: float = 0.0
    gaps: int = 0
    errors: list[str] = field(default_factory=list)

    def copy(self) -> PipelineStats:
        return replace(self, errors=list(self.errors))

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        rounded = ("fps", "read_fps", "latency_ms", "gesture_latency_ms", "gesture_latency_max_ms")
        for key in rounded:
            data[key] = round(data[key], 1)
        return data


@dataclass(slots=True)
class SeatView:
    """One seat in one frame: its face (None when not seen in this frame), the detector's live
    activation per gesture kind (0..1), its calibration and whether its face can be judged
    (vision.judgeable: a face too small or too poorly seen is not)."""

    seat: int
    source_id: str
    face: FaceObservation | None
    scores: dict[str, float]
    calibration: Any = None
    judgeability: Judgeability = JUDGEABLE
    #: The face is talking: the kinds a talking face makes in passing are held back.
    talking: bool = False
    #: Both shoulders are in the picture: a shrug could be seen.
    shoulders_in_view: bool = True
    #: The eye kinds its eyes rest too narrowed to be read making, until the player enrols them.
    eyes_unreadable: tuple[str, ...] = ()


@dataclass(slots=True)
class FrameResult:
    """Everything found in one frame. The last result of a stream has ``end_of_stream`` set: it
    repeats the last frame and carries the gestures the detectors completed when flushed."""

    frame: Frame
    faces: list[SeatedFace]
    seats: dict[int, SeatView]
    gestures: list[Gesture]
    stats: PipelineStats
    gap: SourceGap | None = None
    end_of_stream: bool = False
    #: Gestures that reached their kind's ``on`` and ended without counting, too brief or held
    #: too long: not señas, but what the practice page tells a player their seña lacked.
    near_misses: list[NearMissedGesture] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (no pixels) for the websocket feed."""
        return {
            "source_id": self.frame.source_id,
            "ts_ms": self.frame.ts_ms,
            "index": self.frame.index,
            "faces": [
                {"seat": s.seat, "track_id": s.face.track_id, "bbox": list(s.face.bbox)}
                for s in self.faces
            ],
            "seats": {
                str(seat): {
                    "present": view.face is not None,
                    "scores": {k: round(v, 3) for k, v in view.scores.items()},
                    "calibration": calibration_dict(view.calibration),
                    "talking": view.talking,
                    "shoulders_in_view": view.shoulders_in_view,
                    "eyes_unreadable": list(view.eyes_unreadable),
                    **view.judgeability.to_dict(),
                }
                for seat, view in sorted(self.seats.items())
            },
            "gestures": [g.to_dict() for g in self.gestures],
            "gap": None if self.gap is None else asdict(self.gap),
            "stats": self.stats.to_dict(),
            "end_of_stream": self.end_of_stream,
        }


def calibration_dict(calibration: Any) -> dict[str, Any] | None:
    """The detector's calibration state as plain data (state and progress 0..1)."""
    if calibration is None:
        return None
    if hasattr(calibration, "to_dict"):
        document: dict[str, Any] = calibration.to_dict()
        return document
    state = getattr(calibration, "state", None)
    state = getattr(state, "value", state)
    progress = getattr(calibration, "progress", None)
    return {"state": None if state is None else str(state), "progress": progress}


def default_features(settings: DetectorSettings) -> FeatureFunction:
    from vision.measures.features import compute_features

    def features(
        face: FaceObservation, image: np.ndarray, pose: PoseObservation | None, beside: Bounds
    ) -> Any:
        return compute_features(face, image, pose, settings, beside)

    return features


def default_detectors(settings: DetectorSettings) -> DetectorFactory:
    from vision.detectors import SeatGestureDetector

    return lambda seat: SeatGestureDetector(seat, settings)


@dataclass(frozen=True, slots=True)
class _Seen:
    """What one frame's landmarks and seats found: the faces, each one's pose (or None), and
    the seats the source had handed out by then."""

    seated: list[SeatedFace]
    poses: list[PoseObservation | None]
    seats: tuple[int, ...]


class _Feed:
    """Items of all sources, merged. Recorded sources: in timestamp order, every frame. Live
    ones (or ``realtime``): one reader thread per source, newest frame wins."""

    def __init__(self, sources: Sequence[VideoSource], realtime: bool) -> None:
        self.sources = list(sources)
        self.live = realtime or any(s.live for s in self.sources)
        self.realtime = realtime
        self.dropped = 0
        self.errors: list[str] = []
        self._cond = threading.Condition()
        self._frames: dict[str, tuple[Frame, float]] = {}
        self._ordered: deque[tuple[SourceItem, float]] = deque()  # gap marks, in order
        self._running = 0
        self._threads: list[threading.Thread] = []
        self.stopping = False

    def __iter__(self) -> Iterator[tuple[SourceItem, float]]:
        return self._live() if self.live else self._recorded()

    def _recorded(self) -> Iterator[tuple[SourceItem, float]]:
        iterators = {s.source_id: iter(s) for s in self.sources}
        heads: dict[str, SourceItem] = {}
        for source_id in list(iterators):
            self._advance(iterators, heads, source_id)
        while heads:
            source_id = min(heads, key=lambda k: _item_ts(heads[k]))
            item = heads.pop(source_id)
            yield item, time.perf_counter()
            self._advance(iterators, heads, source_id)

    def _advance(
        self,
        iterators: dict[str, Iterator[SourceItem]],
        heads: dict[str, SourceItem],
        source_id: str,
    ) -> None:
        try:
            heads[source_id] = next(iterators[source_id])
        except StopIteration:
            del iterators[source_id]
        except SourceError as exc:
            log.error("%s", exc)
            self.errors.append(str(exc))
            del iterators[source_id]

    def _live(self) -> Iterator[tuple[SourceItem, float]]:
        self._running = len(self.sources)
        for source in self.sources:
            thread = threading.Thread(
                target=self._read, args=(source,), name=f"read-{source.source_id}", daemon=True
            )
            self._threads.append(thread)
            thread.start()
        while True:
            with self._cond:
                while not self._frames and not self._ordered and self._running:
                    if self.stopping:
                        return
                    self._cond.wait(0.5)
                if self._ordered:
                    item, at = self._ordered.popleft()
                elif self._frames:
                    source_id = min(self._frames, key=lambda k: self._frames[k][1])
                    item, at = self._frames.pop(source_id)
                else:
                    return
            yield item, at

    def _read(self, source: VideoSource) -> None:
        started = time.perf_counter()
        try:
            for item in source:
                now = time.perf_counter()
                if self.realtime and not source.live:
                    wait = started + _item_ts(item) / 1000.0 - now
                    if wait > 0:
                        time.sleep(wait)
                        now = time.perf_counter()
                with self._cond:
                    if isinstance(item, SourceGap):
                        pending = self._frames.pop(source.source_id, None)
                        if pending is not None:  # the frame before the gap goes first
                            self._ordered.append(pending)
                        self._ordered.append((item, now))
                    else:
                        if source.source_id in self._frames:
                            self.dropped += 1
                        self._frames[source.source_id] = (item, now)
                    self._cond.notify()
        except SourceError as exc:
            log.error("%s", exc)
            self.errors.append(str(exc))
        finally:
            with self._cond:
                self._running -= 1
                self._cond.notify()

    def request_stop(self) -> None:
        """Ask the readers to end; a wait for frames returns at once (any thread)."""
        self.stopping = True
        for source in self.sources:
            source.stop()
        with self._cond:
            self._cond.notify_all()

    def stop(self) -> None:
        self.request_stop()
        for thread in self._threads:
            thread.join(timeout=5)


def _item_ts(item: SourceItem) -> int:
    return item.end_ms if isinstance(item, SourceGap) else item.ts_ms


class Pipeline:
    """Sources in, :class:`FrameResult` per processed frame out.

    Iterate it (once) in any thread; :meth:`stop` from another ends the iteration after the
    current frame (and the end-of-stream result with the flushed gestures). Landmarkers are
    made when iteration starts and closed when it ends.
    ``realtime`` plays recorded sources at their own pace, dropping frames like a live camera
    (the dashboard's looping demo). ``seat_maps``: one :class:`SeatMap` for every source, or one
    per source id; a source without one hands out ``seats_in_play()`` (the dashboard's table),
    else seats 1..4.

    ``settings`` (models/vision.toml when not given) reaches the landmarkers, the seat trackers
    and the pipeline's own timing; ``detector_settings`` (models/detectors.toml when not given)
    the features and the detectors, unless ``features`` or ``detector_factory`` replace them,
    and always whether a seat's face is judgeable (``[judgeable]``): while it is not, the seat's
    detector is fed nothing for it, as if the face were not seen.
    """

    def __init__(
        self,
        sources: VideoSource | Sequence[VideoSource],
        *,
        landmarker_factory: LandmarkerFactory | None = None,
        features: FeatureFunction | None = None,
        detector_factory: DetectorFactory | None = None,
        seat_maps: SeatMap | dict[str, SeatMap] | None = None,
        realtime: bool = False,
        settings: VisionSettings | None = None,
        detector_settings: DetectorSettings | None = None,
        seats_in_play: SeatsInPlay | None = None,
    ) -> None:
        self.sources = [sources] if isinstance(sources, VideoSource) else list(sources)
        if not self.sources:
            raise ValueError("a pipeline needs at least one source")
        settings = settings or default_vision_settings()
        if landmarker_factory is None:
            from vision.mediapipe.landmarks import mediapipe_factory

            landmarker_factory = mediapipe_factory(settings.landmarker)
        self._landmarker_factory = landmarker_factory
        detector_settings = detector_settings or default_detector_settings()
        self._judge_settings = (detector_settings.judgeable, detector_settings.quality.min_quality)
        self._features = features or default_features(detector_settings)
        self._shrug_settings = detector_settings.gestures.shrug
        self._detector_factory = detector_factory or default_detectors(detector_settings)
        self.table = TableSeats()
        stills_seats = settings.seats.model_copy(update={"confirm_ms": 0})  # each photo at once
        self.seat_trackers = {
            s.source_id: SeatTracker(
                s.source_id,
                seat_maps.get(s.source_id) if isinstance(seat_maps, dict) else seat_maps,
                settings=stills_seats if s.stills else settings.seats,
                table=self.table,
                seats_in_play=seats_in_play,
            )
            for s in self.sources
        }
        self.detectors: dict[int, SeatDetector] = {}
        self._near_misses: list[NearMissedGesture] = []  # since the last result
        self.judges: dict[int, SeatJudge] = {}
        self.gestures: list[Gesture] = []
        self.stats = PipelineStats()
        self._stills = {s.source_id for s in self.sources if s.stills}
        self._feed = _Feed(self.sources, realtime)
        self._pose_max_age_ms = settings.pipeline.pose_max_age_ms
        self._pose_face_margin = settings.pipeline.pose_face_margin
        self._poses: dict[tuple[str, int], PoseObservation] = {}
        self._last_ts: dict[int, int] = {}
        self._stopped = threading.Event()
        self._started = False
        self._frame_times: deque[float] = deque(maxlen=30)
        self._read_rate = ReadRate(settings.pipeline.slow_fps)
        self._landmarkers: dict[str, Landmarker] = {}

    @property
    def live(self) -> bool:
        return self._feed.live

    def stop(self) -> None:
        """End the iteration after the current frame (safe from any thread)."""
        self._stopped.set()
        self._feed.request_stop()

    def __enter__(self) -> Pipeline:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
        self._feed.stop()

    def __iter__(self) -> Iterator[FrameResult]:
        if self._started:
            raise RuntimeError("a pipeline is iterated once")
        self._started = True
        landmarkers = self._landmarkers
        last: dict[str, Frame] = {}
        # Recorded sources: a frame's features and detectors run in this thread while the next
        # frame's landmarks run (MediaPipe lets go of the interpreter), results still in order.
        # Live ones: each result at once (throughput beyond the camera's is of no use there).
        judge = None if self._feed.live else ThreadPoolExecutor(1, thread_name_prefix="judge")
        pending: Future[FrameResult] | None = None

        def judged() -> Generator[FrameResult, None, bool]:
            """Yield the judge thread's pending result, if any; whether there was one."""
            nonlocal pending
            if pending is None:
                return False
            done, pending = pending, None
            yield done.result()
            return True

        try:
            for s in self.sources:
                landmarkers[s.source_id] = self._landmarker_factory(s.source_id)
            for item, taken_at in self._feed:
                if isinstance(item, SourceGap):
                    yield from judged()
                    gestures = self._mark_gap(item)
                    if item.source_id in last:
                        yield self._result(last[item.source_id], [], gestures, taken_at, gap=item)
                    continue
                seen = self._observe(item, landmarkers[item.source_id])
                if (yield from judged()) and self._stopped.is_set():
                    break  # stopped on the frame before: this one is dropped unseen
                last[item.source_id] = item
                if judge is None:
                    yield self._judge(item, seen, taken_at)
                else:
                    pending = judge.submit(self._judge, item, seen, taken_at)
                if self._stopped.is_set():
                    break
            yield from judged()
            yield from self._flush(last)
        finally:
            if judge is not None:
                judge.shutdown(wait=True)
            self._feed.stop()
            self.stats.errors = list(self._feed.errors)
            for landmarker in landmarkers.values():
                landmarker.close()
            for source in self.sources:
                source.close()

    def _observe(self, frame: Frame, landmarker: Landmarker) -> _Seen:
        """Landmarks and seats of one frame: everything that carries state from frame to frame
        outside the detectors."""
        if frame.source_id in self._stills:
            landmarker.reset()  # unrelated photos: a face where the last one was is another face
        observations = landmarker.observe(frame)
        tracker = self.seat_trackers[frame.source_id]
        seated = tracker.assign(observations.faces, frame.ts_ms)
        self._keep_poses(frame.source_id, observations.faces, observations.poses)
        poses = [self._pose_of(entry.face) for entry in seated]
        return _Seen(seated, poses, tracker.seats)

    def _judge(self, frame: Frame, seen: _Seen, taken_at: float) -> FrameResult:
        """Features and detectors of one frame's seated faces, and its result."""
        gestures: list[Gesture] = []
        present: set[int] = set()
        beside: list[Bounds] = [None] * len(seen.seated)  # a face alone has the frame to itself
        if len(seen.seated) > 1:
            meshes = [FacePoints.of(entry.face.landmarks) for entry in seen.seated]
            beside = strip_bounds(meshes, self._shrug_settings)
        for entry, pose, bounds in zip(seen.seated, seen.poses, beside, strict=True):
            if entry.seat is None:
                continue
            present.add(entry.seat)
            features = self._features(entry.face, frame.image, pose, bounds)
            judge = self._judge_of(entry.seat)
            judge.update(frame.ts_ms, entry.face, features)
            if not judge.judges(entry.face):
                features = None
            gestures += self._update(entry.seat, frame.ts_ms, features)
            self._landmarkers[frame.source_id].want_pose(
                entry.face.track_id, self._detector(entry.seat).wants_pose
            )
        for seat in seen.seats:
            if seat not in present:
                gestures += self._update(seat, frame.ts_ms, None)
        return self._result(frame, seen.seated, gestures, taken_at)

    def _keep_poses(
        self, source_id: str, faces: list[FaceObservation], poses: list[PoseObservation]
    ) -> None:
        """Remember each face's latest pose (pose runs less often than the face); forget the
        poses of faces that are gone."""
        present = {(source_id, face.track_id) for face in faces}
        for key in [k for k in self._poses if k[0] == source_id and k not in present]:
            del self._poses[key]
        for face in faces:
            pose = pose_for_face(face, poses, self._pose_face_margin) if poses else None
            if pose is not None:
                self._poses[(source_id, face.track_id)] = pose

    def _pose_of(self, face: FaceObservation) -> PoseObservation | None:
        pose = self._poses.get((face.source_id, face.track_id))
        if pose is None or face.ts_ms - pose.ts_ms > self._pose_max_age_ms:
            return None
        return pose

    def _judge_of(self, seat: int) -> SeatJudge:
        if seat not in self.judges:
            self.judges[seat] = SeatJudge(*self._judge_settings)
        return self.judges[seat]

    def _detector(self, seat: int) -> SeatDetector:
        if seat not in self.detectors:
            self.detectors[seat] = self._detector_factory(seat)
        return self.detectors[seat]

    def _update(self, seat: int, ts_ms: int, features: Any | None) -> list[Gesture]:
        if ts_ms <= self._last_ts.get(seat, -1):
            return []
        self._last_ts[seat] = ts_ms
        detector = self._detector(seat)
        gestures = detector.update(ts_ms, features)
        self._near_misses += detector.take_near_misses()
        return gestures

    def _mark_gap(self, gap: SourceGap) -> list[Gesture]:
        """The faces of a dropped source are lost from the moment the gap began."""
        self.stats.gaps += 1
        self._read_rate.forget(gap.source_id)
        gestures: list[Gesture] = []
        for seat in self.seat_trackers[gap.source_id].seats:
            gestures += self._update(seat, gap.start_ms + 1, None)
        return gestures

    def _flush(self, last: dict[str, Frame]) -> Iterator[FrameResult]:
        if not last:
            return
        gestures: list[Gesture] = []
        final = max(last.values(), key=lambda f: f.ts_ms)
        for seat, detector in sorted(self.detectors.items()):
            holder = self.table.holder(seat)
            ts = last[holder].ts_ms if holder in last else final.ts_ms
            gestures += detector.flush(ts)
            self._near_misses += detector.take_near_misses()
        yield self._result(final, [], gestures, time.perf_counter(), end_of_stream=True)

    def _result(
        self,
        frame: Frame,
        seated: list[SeatedFace],
        gestures: list[Gesture],
        taken_at: float,
        *,
        gap: SourceGap | None = None,
        end_of_stream: bool = False,
    ) -> FrameResult:
        now = time.perf_counter()
        stats = self.stats
        stats.dropped = self._feed.dropped
        if len(stats.errors) != len(self._feed.errors):
            stats.errors = list(self._feed.errors)
        if gap is None and not end_of_stream:
            stats.frames += 1
            if frame.source_id not in self._stills:
                self._read_rate.add(frame.source_id, frame.ts_ms)
                stats.read_fps, stats.slow = self._read_rate.reading()
            self._frame_times.append(now)
            if len(self._frame_times) > 1:
                span = self._frame_times[-1] - self._frame_times[0]
                stats.fps = (len(self._frame_times) - 1) / span if span > 0 else 0.0
            latency = (now - taken_at) * 1000.0
            stats.latency_ms = (
                latency if stats.frames == 1 else 0.9 * stats.latency_ms + 0.1 * latency
            )
        gestures = sorted(gestures, key=lambda g: (g.end_ms, g.seat))
        for gesture in gestures:
            delay = frame.ts_ms - gesture.end_ms + (now - taken_at) * 1000.0
            stats.gestures += 1
            stats.gesture_latency_ms += (delay - stats.gesture_latency_ms) / stats.gestures
            stats.gesture_latency_max_ms = max(stats.gesture_latency_max_ms, delay)
        self.gestures.extend(gestures)
        views = {}
        for seat, detector in self.detectors.items():
            holder = self.table.holder(seat)
            face = next((s.face for s in seated if s.seat == seat), None)
            judge = self.judges.get(seat)
            views[seat] = SeatView(
                seat, holder or "", face, detector.scores(), detector.calibration,
                JUDGEABLE if judge is None else judge.status, detector.talking,
                detector.shoulders_in_view, tuple(detector.eyes_unreadable),
            )  # fmt: skip
        near_misses, self._near_misses = self._near_misses, []
        return FrameResult(
            frame, seated, views, gestures, stats.copy(), gap, end_of_stream, near_misses
        )


def open_pipeline(
    specs: str | int | Path | Sequence[str | int | Path],
    *,
    loop: bool = False,
    realtime: bool = False,
    fps: float | None = None,
    settings: VisionSettings | None = None,
    **options: Any,
) -> Pipeline:
    """Open one table's sources by spec (a camera index, a URL, a file, a folder; see
    :func:`vision.capture.sources.open_source`) and build a pipeline over them. ``loop`` restarts
    recorded sources at their end; with ``realtime`` they play at their own pace (a demo).
    ``settings`` (models/vision.toml when not given) serve the sources' reconnects and the
    pipeline."""
    if isinstance(specs, str | int | Path):
        specs = [specs]
    settings = settings or default_vision_settings()
    reconnect = ReconnectPolicy.from_settings(settings.sources)
    sources = open_sources(specs, loop=loop, fps=fps, reconnect=reconnect)
    return Pipeline(sources, realtime=realtime, settings=settings, **options)
