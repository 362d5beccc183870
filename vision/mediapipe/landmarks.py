"""MediaPipe behind one small protocol: a :class:`Landmarker` turns a :class:`Frame` into
:class:`FrameObservations` (faces with landmarks, blendshapes and head pose, and upper-body poses),
in frame pixels. Everything downstream depends on the protocol only, so it can be tested on
recorded or made-up observations without MediaPipe.

:class:`MediaPipeLandmarker` is a :class:`~vision.mediapipe.face_tracker.FaceTracker` (faces
found on tiles and followed on crops) and a
:class:`~vision.mediapipe.pose_scheduler.PoseScheduler` (each face's head and shoulders, in
turn, beside the faces).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from vision.config.pipeline_settings import LandmarkerSettings, default_vision_settings
from vision.mediapipe.face_tracker import FaceTracker
from vision.mediapipe.pose_scheduler import PoseScheduler
from vision.mediapipe.tasks import Tasks
from vision.observation import Frame, FrameObservations

log = logging.getLogger(__name__)


class Landmarker(Protocol):
    """Frame in, observations out, for one source (it keeps per-source tracking state)."""

    def observe(self, frame: Frame) -> FrameObservations: ...

    def reset(self) -> None:
        """Forget every followed face: the next frame is another scene."""

    def want_pose(self, track_id: int, wanted: bool) -> None:
        """Whether the face ``track_id`` needs its pose (safe from another thread)."""

    def close(self) -> None: ...


#: Makes the landmarker for one source, given its id.
LandmarkerFactory = Callable[[str], Landmarker]


class MediaPipeLandmarker:
    """The MediaPipe implementation of :class:`Landmarker` for one source. Close it (or use
    ``with``): MediaPipe raises at interpreter exit for landmarkers left to the garbage collector.
    """

    def __init__(
        self,
        settings: LandmarkerSettings | None = None,
        *,
        face_model: Path | None = None,
        pose_model: Path | None = None,
        pose: bool = True,
    ) -> None:
        from vision.mediapipe.models import ModelError, require_model

        self.settings = settings or default_vision_settings().landmarker
        face_task = face_model or require_model("face_landmarker")
        pose_task = pose_model
        if pose and pose_task is None and self.settings.pose_every_ms > 0:
            try:
                pose_task = require_model("pose_landmarker")
            except ModelError as exc:
                log.warning("shoulders (shrug) off: %s", exc)
        tasks = Tasks(self.settings, face_task, pose_task)
        self.poses = PoseScheduler(self.settings, tasks) if pose_task is not None else None
        self.faces = FaceTracker(
            self.settings,
            tasks,
            on_start=self.poses.add if self.poses else None,
            on_end=self.poses.remove if self.poses else None,
        )
        self._closed = False

    @property
    def pose_runs(self) -> int:
        """Poses the model ran (the rest were steady poses carried forward)."""
        return self.poses.pose_runs if self.poses else 0

    @property
    def false_faces(self) -> int:
        """Detections a landmarker run found no face on."""
        return self.faces.false_faces

    def observe(self, frame: Frame) -> FrameObservations:
        if self._closed:
            raise RuntimeError("landmarker is closed")
        carried = self.poses.start(frame, self.faces.tracks) if self.poses else []
        observations = FrameObservations(frame, self.faces.observe(frame))
        if self.poses:
            observations.poses = self.poses.collect() + carried
        return observations

    def want_pose(self, track_id: int, wanted: bool) -> None:
        if self.poses:
            self.poses.want_pose(track_id, wanted)

    def reset(self) -> None:
        """Forget every followed face: the next frame is searched whole (photos one after
        another, or after a gap in the source)."""
        if self.poses:
            self.poses.drain()
        self.faces.reset()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self.faces.close()
        if self.poses:
            self.poses.close()

    def __enter__(self) -> MediaPipeLandmarker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def mediapipe_factory(
    settings: LandmarkerSettings | None = None, *, pose: bool = True
) -> LandmarkerFactory:
    """A factory making one :class:`MediaPipeLandmarker` per source."""

    def make(source_id: str) -> Landmarker:
        return MediaPipeLandmarker(settings, pose=pose)

    return make
