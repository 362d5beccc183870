"""Stand-ins for MediaPipe and the gesture detectors, so the pipeline is tested on its own."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import numpy as np

from engine.gesture import Gesture
from vision.capture.sources import SourceGap, VideoSource
from vision.config.detector_settings import DetectorSettings, default_detector_settings
from vision.detectors.seat import NearMissedGesture
from vision.detectors.state import NearMiss
from vision.observation import FaceObservation, Frame, FrameObservations

Script = Callable[[Frame], list[tuple[int, tuple[int, int, int, int], dict[str, float]]]]


def one_face_at(x: int) -> Script:
    return lambda frame: [(1, (x, 40, 60, 60), {})]


class FakeLandmarker:
    """Faces from a script: frame -> [(track_id, bbox, blendshapes)]."""

    def __init__(self, script: Script, delay_s: float = 0.0):
        self.script = script
        self.delay_s = delay_s
        self.closed = False
        self.frames: list[int] = []
        self.resets: list[int] = []  # the number of frames observed at each reset
        self.poses_wanted: dict[int, bool] = {}  # the last want_pose answer per track

    def observe(self, frame: Frame) -> FrameObservations:
        assert not self.closed
        if self.delay_s:
            time.sleep(self.delay_s)
        self.frames.append(frame.ts_ms)
        faces = [
            FaceObservation(
                frame.ts_ms,
                frame.source_id,
                track,
                np.zeros((478, 3), np.float32),
                dict(shapes),
                None,
                bbox,
            )
            for track, bbox, shapes in self.script(frame)
        ]
        return FrameObservations(frame, faces)

    def reset(self) -> None:
        self.resets.append(len(self.frames))

    def want_pose(self, track_id: int, wanted: bool) -> None:
        self.poses_wanted[track_id] = wanted

    def close(self) -> None:
        self.closed = True


def judging_any_face() -> DetectorSettings:
    """The default detector settings, but judging a face of any size: the fakes' faces are
    20-60 px wide in 160x120 frames, which models/detectors.toml calls too small to judge."""
    settings = default_detector_settings()
    judgeable = settings.judgeable.model_copy(update={"min_face_width_px": 1.0})
    return settings.model_copy(update={"judgeable": judgeable})


def fake_features(face, image, pose, beside):
    return dict(face.blendshapes)


class FakeDetector:
    """Emits a wink when the face's "wink" score falls back under 0.5 after rising over it, talks
    while its "talking" score is over 0.5, and has a wink too brief to count on a frame whose
    "brief" score is over 0.5; records every update."""

    def __init__(self, seat: int):
        self.seat = seat
        self.updates: list[tuple[int, dict | None]] = []
        self.calibration = None
        self.wants_pose = seat % 2 == 1  # odd seats want their pose, even ones do not
        self.talking = False
        self.shoulders_in_view = True
        self.eyes_unreadable: list[str] = []
        self._start: int | None = None
        self._score = 0.0
        self._near_misses: list[NearMissedGesture] = []

    def update(self, ts_ms: int, features: dict | None) -> list[Gesture]:
        self.updates.append((ts_ms, features))
        if (features or {}).get("brief", 0.0) > 0.5:
            miss = NearMiss(ts_ms - 100, ts_ms, "left", "too_brief", 200)
            self._near_misses.append(NearMissedGesture(self.seat, "wink", miss))
        self._score = (features or {}).get("wink", 0.0)
        self.talking = (features or {}).get("talking", 0.0) > 0.5
        self.shoulders_in_view = (features or {}).get("shoulders", 1.0) > 0.5
        narrow = (features or {}).get("narrow", 0.0) > 0.5
        self.eyes_unreadable = ["wink", "eyes_closed"] if narrow else []
        if self._score >= 0.5 and self._start is None:
            self._start = ts_ms
        elif self._score < 0.5 and self._start is not None:
            start, self._start = self._start, None
            return [Gesture(self.seat, "wink", "left", start, ts_ms)]
        return []

    def scores(self) -> dict[str, float]:
        return {"wink": self._score}

    def flush(self, ts_ms: int) -> list[Gesture]:
        if self._start is None:
            return []
        start, self._start = self._start, None
        return [Gesture(self.seat, "wink", "left", start, ts_ms)]

    def take_near_misses(self) -> list[NearMissedGesture]:
        missed, self._near_misses = self._near_misses, []
        return missed


class ListSource(VideoSource):
    """Frames (and gaps) from a list; ``live`` ones arrive ``interval_s`` apart; ``stills``:
    separate photos."""

    def __init__(
        self,
        source_id: str,
        items: list,
        *,
        live: bool = False,
        interval_s: float = 0.0,
        stills: bool = False,
    ):
        self.source_id = source_id
        self.items = items
        self.live = live
        self.stills = stills
        self.interval_s = interval_s
        self.frame_count = sum(isinstance(i, Frame) for i in items)
        self.fps = 25.0

    def __iter__(self) -> Iterator:
        for item in self.items:
            if self.stopped:
                return
            if self.interval_s:
                time.sleep(self.interval_s)
            yield item


def frames(source_id: str, count: int, step_ms: int = 40, start_ms: int = 0) -> list[Frame]:
    image = np.zeros((120, 160, 3), np.uint8)
    return [Frame(start_ms + i * step_ms, image, source_id, i) for i in range(count)]


def gap(source_id: str, start_ms: int, end_ms: int) -> SourceGap:
    return SourceGap(source_id, start_ms, end_ms, "camera stopped giving frames")


class FakeCapture:
    """A camera that gives ``frames`` frames and then fails (or never opens)."""

    def __init__(self, frames: int, opened: bool = True):
        self.left = frames
        self.opened = opened

    def isOpened(self):
        return self.opened

    def read(self):
        if self.left <= 0:
            return False, None
        self.left -= 1
        return True, np.zeros((4, 4, 3), np.uint8)

    def get(self, prop):
        return 30.0

    def release(self):
        self.opened = False


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        self.now += 0.010  # every look at the clock is 10 ms later
        return self.now

    def sleep(self, seconds):
        self.now += seconds
