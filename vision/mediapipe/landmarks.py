"""MediaPipe behind one small protocol: a :class:`Landmarker` turns a :class:`Frame` into
:class:`FrameObservations` (faces with landmarks, blendshapes and head pose, and upper-body poses),
in frame pixels. Everything downstream depends on the protocol only, so it can be tested on
recorded or made-up observations without MediaPipe.

:class:`MediaPipeLandmarker` finds faces with MediaPipe's face detector on the whole frame and on
overlapping tiles (small faces of a wide table shot are invisible to the detector on the whole
frame), then follows each face with its own crop region and runs a ``FaceLandmarker`` in video mode
on the crop, mapping the landmarks back to the frame. The detector runs only when looking for new
faces: a sweep every ``discover_every_ms``, spread over a few frames, and at once around a face
that is lost. ``PoseLandmarker`` runs on a
head-and-shoulders crop of each face in turn (on the whole frame of a table it misses most
people), at a lower rate, in a thread of its own beside the faces.
"""

from __future__ import annotations

import logging
import zipfile
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import cv2
import numpy as np

from vision.config.pipeline_settings import LandmarkerSettings, default_vision_settings
from vision.mediapipe.face_regions import (
    Box,
    CropRegion,
    Detection,
    covers,
    iou,
    suppress_overlaps,
    tile_pyramid,
)
from vision.mediapipe.native_logs import native_logs_captured
from vision.observation import FaceObservation, Frame, FrameObservations, PoseObservation

if TYPE_CHECKING:
    from vision.mediapipe.face_result import FaceResult, FaceResultReader

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


def _mp():
    """MediaPipe, imported on first use (it takes a second and is not needed by tests of
    everything downstream)."""
    import mediapipe as mp
    from mediapipe.tasks.python import BaseOptions, vision

    from vision.mediapipe.face_result import FaceResultReader

    return mp, BaseOptions, vision, FaceResultReader


def _detector_model_bytes(face_landmarker_task: Path) -> bytes:
    """The face detector inside the face landmarker bundle (one download serves both)."""
    with zipfile.ZipFile(face_landmarker_task) as bundle:
        return bundle.read("face_detector.tflite")


@dataclass(slots=True)
class _Track:
    track_id: int
    region: CropRegion
    landmarker: _VideoModel
    box: Box
    missed: int = 0
    pose_landmarker: _VideoModel | None = None
    pose_ms: int = -(10**9)
    rgb: np.ndarray | None = None
    pose: PoseObservation | None = None  # the last pose the model found for this face ...
    pose_run_ms: int = -(10**9)  # ... when it ran ...
    pose_thumb: np.ndarray | None = None  # ... what its head and shoulders looked like ...
    pose_steady: bool = False  # ... and whether it agreed with the run before


@dataclass(slots=True)
class _PoseJob:
    """A pose running beside the faces: started at the start of one frame, on that frame's
    image, and collected at the end of the next frame (always that one, so results do not
    depend on timing), so it runs beside two frames' faces."""

    frame_number: int  # of the landmarker's frames, the one it was started in
    track: _Track
    thumb: np.ndarray
    future: Future[tuple[list[PoseObservation], bool]]


@dataclass(slots=True)
class _FalseFace:
    """A detection whose landmarks found no face (a badge, a face on a poster, a pattern): what
    its region looked like, and until when it is not checked again while it looks the same."""

    box: Box
    thumb: np.ndarray
    until_ms: int


@dataclass(slots=True)
class _Models:
    face_task: Path
    pose_task: Path | None
    detector_bytes: bytes = field(repr=False, default=b"")


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
        self._models = _Models(face_task, pose_task, _detector_model_bytes(face_task))
        mp, base_options, vision, reader = _mp()
        self._mp = mp
        self._face_reader = reader
        self._vision = vision
        self._base_options = base_options
        with native_logs_captured():
            self._detector = vision.FaceDetector.create_from_options(
                vision.FaceDetectorOptions(
                    base_options=base_options(model_asset_buffer=self._models.detector_bytes),
                    running_mode=vision.RunningMode.IMAGE,
                    min_detection_confidence=self.settings.detection_confidence,
                )
            )
        self._detector_ran = False
        self._pose_enabled = pose_task is not None
        self._pool = (
            ThreadPoolExecutor(self.settings.workers) if self.settings.workers > 1 else None
        )
        self._tracks: list[_Track] = []
        self._spare: list[_VideoModel] = []  # landmarkers of ended tracks, reused by new ones
        self._next_id = 1
        self._last_discovery_ms: int | None = None
        self._sweep: list[tuple[int, int, int, int]] = []  # detector regions still to search
        self._false_faces: list[_FalseFace] = []
        self._spare_pose: list[_VideoModel] = []
        self._pose_worker = ThreadPoolExecutor(1) if self._pose_enabled else None
        self._pose_jobs: list[_PoseJob] = []
        self._frame_number = 0
        self.pose_runs = 0  # poses the model ran (the rest were steady poses carried forward)
        self._pose_unwanted: set[int] = set()  # track ids whose faces need no pose now
        self.false_faces = 0  # detections a landmarker run found no face on
        self._closed = False

    # -- MediaPipe objects -------------------------------------------------------------------

    def _new_face_landmarker(self) -> _VideoModel:
        if self._spare:
            return self._spare.pop()
        vision = self._vision
        with native_logs_captured():
            landmarker = vision.FaceLandmarker.create_from_options(
                vision.FaceLandmarkerOptions(
                    base_options=self._base_options(model_asset_path=str(self._models.face_task)),
                    running_mode=vision.RunningMode.VIDEO,
                    num_faces=1,
                    min_face_detection_confidence=self.settings.detection_confidence,
                    min_face_presence_confidence=self.settings.presence_confidence,
                    min_tracking_confidence=self.settings.tracking_confidence,
                    output_face_blendshapes=True,
                    output_facial_transformation_matrixes=True,
                )
            )
        return _VideoModel(landmarker, self._face_reader())

    def _image(self, rgb: np.ndarray):
        return self._mp.Image(image_format=self._mp.ImageFormat.SRGB, data=rgb)

    # -- one frame -----------------------------------------------------------------------------

    def observe(self, frame: Frame) -> FrameObservations:
        if self._closed:
            raise RuntimeError("landmarker is closed")
        self._frame_number += 1
        carried = self._start_poses(frame) if self._pose_enabled else []
        tracks = list(self._tracks)
        if self._pool is not None and len(tracks) > 1:
            found = list(self._pool.map(lambda t: self._landmarks_on_region(t, frame), tracks))
        else:
            found = [self._landmarks_on_region(track, frame) for track in tracks]
        faces = [f for t, f in zip(tracks, found, strict=True) if self._follow(t, f) is not None]
        faces.extend(self._discover(frame))
        faces = self._drop_duplicates(faces)
        observations = FrameObservations(frame, faces)
        if self._pose_enabled:
            observations.poses = self._collect_poses() + carried
        return observations

    def want_pose(self, track_id: int, wanted: bool) -> None:
        """The pose model runs only for faces that want it: the pipeline asks, a frame later,
        for each face as its seat's detectors say (a set updated under the GIL, read here at
        the next frame's start)."""
        if wanted:
            self._pose_unwanted.discard(track_id)
        else:
            self._pose_unwanted.add(track_id)

    def _search_regions(self, frame: Frame) -> list[tuple[int, int, int, int]]:
        """Where to run the face detector on this frame: around each face lost since the last
        frame, and a share of the current sweep (the whole frame and the tile pyramid), which
        starts every ``discover_every_ms`` or when a face is lost (it may have moved far, or a
        folder's next photo may be another scene) and is spread over frames so no frame pays
        for all of it; with no face followed in this frame, the whole sweep at once."""
        s = self.settings
        height, width = frame.image.shape[:2]
        regions = []
        lost = False
        for track in self._tracks:
            if track.missed:
                lost = True
                x0, y0, x1, y1 = CropRegion(
                    track.region.cx, track.region.cy, track.region.side * 1.5
                ).clip(width, height)
                regions.append((x0, y0, x1 - x0, y1 - y0))
        every = s.discover_every_ms if self._tracks else s.discover_idle_every_ms
        due = (
            lost
            or self._last_discovery_ms is None
            or frame.ts_ms - self._last_discovery_ms >= every
        )
        if not self._sweep and due:
            self._last_discovery_ms = frame.ts_ms
            self._sweep = [(0, 0, width, height)]
            self._sweep += tile_pyramid(width, height, s.tile_px, s.tile_overlap)
        followed = any(not track.missed for track in self._tracks)
        share = s.discover_tiles_per_frame if followed else len(self._sweep)
        regions += self._sweep[:share]
        del self._sweep[:share]
        return regions

    def _collect_poses(self) -> list[PoseObservation]:
        """The poses of the runs started at the start of the previous frame, which ran beside
        that frame's faces and this one's."""
        ready = [j for j in self._pose_jobs if j.frame_number < self._frame_number]
        self._pose_jobs = [j for j in self._pose_jobs if j.frame_number == self._frame_number]
        return [pose for job in ready for pose in self._finish(job)]

    def _finish(self, job: _PoseJob) -> list[PoseObservation]:
        """A run's poses, once it is done; its face's pose becomes the one it found."""
        poses, astray = job.future.result()
        track = job.track
        pose = poses[0] if poses and not astray else None
        track.pose_steady = (
            pose is not None
            and track.pose is not None
            and _poses_agree(track.pose, pose, self.settings.pose_agree)
        )
        track.pose, track.pose_thumb = pose, job.thumb
        return poses

    def _start_poses(self, frame: Frame) -> list[PoseObservation]:
        """Take the pose of the face whose pose is the most overdue (one a frame, each face
        about every ``pose_every_ms``), on a head-and-shoulders crop around that face; faces
        whose seat wants no pose (``want_pose``) are left out.

        Shoulders at rest need no model run five times a second: when the face's last two runs
        agreed (head and shoulders within ``pose_agree`` shoulder widths) and the crop still
        looks as it did at the last run (a small greyscale thumbnail differing by less than
        ``pose_motion`` grey levels on average), that pose is carried forward with this
        frame's time, for up to ``pose_steady_ms`` after the run. Any movement of the head or
        the shoulders (a shrug) changes the crop, so the model runs again at once. A pose model
        that jitters never agrees with itself and runs at the full rate.

        Runs at the start of a frame, on the faces' boxes of the frame before. Returns the
        carried pose, if any (a model run's poses come with the next frame)."""
        s = self.settings
        running = {id(job.track) for job in self._pose_jobs}
        due = [
            t
            for t in self._tracks
            if not t.missed
            and id(t) not in running
            and t.track_id not in self._pose_unwanted
            and frame.ts_ms - t.pose_ms >= s.pose_every_ms
        ]
        if not due:
            return []
        track = min(due, key=lambda t: t.pose_ms)
        track.pose_ms = frame.ts_ms
        height, width = frame.image.shape[:2]
        x0, y0, x1, y1 = _upper_body(track.box, width, height)
        crop = frame.image[y0:y1, x0:x1]
        thumb = _thumbnail(crop)
        last = track.pose
        if (
            last is not None
            and track.pose_steady
            and track.pose_thumb is not None
            and frame.ts_ms - track.pose_run_ms < s.pose_steady_ms
            and float(cv2.absdiff(thumb, track.pose_thumb).mean()) < s.pose_motion
        ):
            return [PoseObservation(frame.ts_ms, frame.source_id, last.landmarks, last.visibility)]
        track.pose_run_ms = frame.ts_ms
        self.pose_runs += 1
        rgb = cv2.cvtColor(crop, cv2.COLOR_BGR2RGB)
        future = self._pose_worker.submit(
            self._pose_on_crop, track.pose_landmarker, rgb, (x0, y0), frame, track.box
        )
        self._pose_jobs.append(_PoseJob(self._frame_number, track, thumb, future))
        return []

    def _follow(self, track: _Track, face: FaceObservation | None) -> FaceObservation | None:
        """Move the track's region after its face, or count a miss (ending it after too many)."""
        if face is None:
            track.missed += 1
            if track.missed > self.settings.max_missed_frames:
                self._end(track)
            return None
        track.missed = 0
        track.box = face.bbox
        track.region.follow(face.bbox, self.settings.crop_scale, self.settings.crop_drift)
        return face

    def _end(self, track: _Track) -> None:
        self._tracks.remove(track)
        self._pose_unwanted.discard(track.track_id)
        self._spare.append(track.landmarker)
        if track.pose_landmarker is not None:
            self._spare_pose.append(track.pose_landmarker)
            track.pose_landmarker = None

    def _landmarks_on_region(self, track: _Track, frame: Frame) -> FaceObservation | None:
        height, width = frame.image.shape[:2]
        x0, y0, x1, y1 = track.region.clip(width, height)
        crop = frame.image[y0:y1, x0:x1]
        side = x1 - x0
        if side > self.settings.crop_max_px:
            size = self.settings.crop_max_px
            crop = cv2.resize(crop, (size, size), interpolation=cv2.INTER_LINEAR)
        if track.rgb is None or track.rgb.shape != crop.shape:
            track.rgb = np.empty(crop.shape, np.uint8)  # kept while the crop keeps its size
        rgb = cv2.cvtColor(crop, cv2.COLOR_BGR2RGB, dst=track.rgb)
        result = track.landmarker.detect_face(self._image(rgb), frame.ts_ms)
        if result is None:
            return None
        points = result.landmarks * np.float32(side)
        points[:, 0] += x0
        points[:, 1] += y0
        lo = points[:, :2].min(axis=0)
        hi = points[:, :2].max(axis=0)
        bbox = (int(lo[0]), int(lo[1]), int(hi[0] - lo[0]) + 1, int(hi[1] - lo[1]) + 1)
        return FaceObservation(
            ts_ms=frame.ts_ms,
            source_id=frame.source_id,
            track_id=track.track_id,
            landmarks=points,
            blendshapes=result.blendshapes,
            transform=result.transform,
            bbox=bbox,
        )

    def _detect(self, rgb: np.ndarray, dx: int, dy: int) -> list[Detection]:
        found = []
        with _quiet_if(not self._detector_ran):
            detections = self._detector.detect(self._image(rgb)).detections
        self._detector_ran = True
        for det in detections:
            b = det.bounding_box
            score = det.categories[0].score if det.categories else 0.0
            found.append(Detection((b.origin_x + dx, b.origin_y + dy, b.width, b.height), score))
        return found

    def _discover(self, frame: Frame) -> list[FaceObservation]:
        """Look for faces that no track follows yet, confirm each by running its landmarks."""
        s = self.settings
        detections = []
        for x, y, w, h in self._search_regions(frame):
            rgb = cv2.cvtColor(frame.image[y : y + h, x : x + w], cv2.COLOR_BGR2RGB)
            detections.extend(self._detect(rgb, x, y))
        faces = []
        for det in suppress_overlaps(detections, 0.3):
            if len(self._tracks) >= s.num_faces:
                break
            if any(iou(t.box, det.box) > 0.2 or covers(t.box, det.box) for t in self._tracks):
                continue
            if self._known_false(det.box, frame):
                continue
            track = _Track(
                self._next_id,
                CropRegion.around(det.box, s.crop_scale),
                self._new_face_landmarker(),
                det.box,
            )
            face = self._landmarks_on_region(track, frame)
            if face is None:
                self._spare.append(track.landmarker)
                self.false_faces += 1
                thumb = _thumbnail(_box_pixels(frame.image, det.box))
                until = frame.ts_ms + s.false_face_memory_ms
                self._false_faces.append(_FalseFace(det.box, thumb, until))
                continue
            self._next_id += 1
            track.box = face.bbox
            track.region = CropRegion.around(face.bbox, s.crop_scale)
            if self._pose_enabled:  # made with the face's, not in the middle of a later frame
                track.pose_landmarker = self._new_pose_landmarker()
            self._tracks.append(track)
            faces.append(face)
        return faces

    def _known_false(self, box: Box, frame: Frame) -> bool:
        """Whether a detection is on a remembered false face whose region still looks as it did.
        Confirming a detection runs a fresh landmarker (5 to 15 ms); a badge or a poster found
        again at every sweep would pay that every time. Anything that changes the region (a
        face moving in) has it checked again at once, and memories expire."""
        self._false_faces = [f for f in self._false_faces if f.until_ms > frame.ts_ms]
        return any(
            iou(f.box, box) > 0.3
            and float(cv2.absdiff(_thumbnail(_box_pixels(frame.image, f.box)), f.thumb).mean())
            < self.settings.false_face_motion
            for f in self._false_faces
        )

    def _drop_duplicates(self, faces: list[FaceObservation]) -> list[FaceObservation]:
        """Two tracks that ended up on one face: the older keeps it."""
        kept: list[FaceObservation] = []
        for face in sorted(faces, key=lambda f: f.track_id):
            if any(iou(face.bbox, k.bbox) > 0.5 for k in kept):
                track = next(t for t in self._tracks if t.track_id == face.track_id)
                self._end(track)
                continue
            kept.append(face)
        return kept

    def _new_pose_landmarker(self) -> _VideoModel:
        if self._spare_pose:
            return self._spare_pose.pop()
        vision = self._vision
        with native_logs_captured():
            return _VideoModel(
                vision.PoseLandmarker.create_from_options(
                    vision.PoseLandmarkerOptions(
                        base_options=self._base_options(
                            model_asset_path=str(self._models.pose_task)
                        ),
                        running_mode=vision.RunningMode.VIDEO,
                        num_poses=1,
                    )
                )
            )

    def _pose_on_crop(
        self, model: _VideoModel, rgb: np.ndarray, offset: tuple[int, int], frame: Frame, face: Box
    ) -> tuple[list[PoseObservation], bool]:
        """The pose in a face's head-and-shoulders crop, if it is that face's, and whether the
        model was following a neighbour. A pose whose nose is not on the face is a neighbour's:
        it is dropped, and the model, which would go on following the neighbour, is shown a
        blank image so that it looks afresh next time (cheaper than a new model, and no native
        memory is given up to a replaced one)."""
        result = model.detect(self._image(rgb), frame.ts_ms)
        height, width = rgb.shape[:2]
        poses = []
        astray = False
        for marks in result.pose_landmarks:
            points = np.array([(p.x, p.y, p.z) for p in marks], dtype=np.float32)
            points[:, 0] = points[:, 0] * width + offset[0]
            points[:, 1] = points[:, 1] * height + offset[1]
            points[:, 2] *= width
            visibility = np.array([p.visibility or 0.0 for p in marks], dtype=np.float32)
            if _inside(points[POSE_NOSE, :2], face):
                poses.append(PoseObservation(frame.ts_ms, frame.source_id, points, visibility))
            else:
                astray = True
        if astray:
            model.detect(self._image(np.zeros((64, 64, 3), np.uint8)), frame.ts_ms + 1)
        return poses, astray

    # -- lifetime -------------------------------------------------------------------------------

    def reset(self) -> None:
        """Forget every followed face: the next frame is searched whole (photos one after
        another, or after a gap in the source)."""
        for job in self._pose_jobs:
            job.future.result()
        self._pose_jobs.clear()
        for track in list(self._tracks):
            self._end(track)
        self._last_discovery_ms = None
        self._sweep.clear()
        self._false_faces.clear()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._pool is not None:
            self._pool.shutdown(wait=True)
        if self._pose_worker is not None:
            self._pose_worker.shutdown(wait=True)
        for track in list(self._tracks):
            self._end(track)
        with native_logs_captured():
            for landmarker in (*self._spare, *self._spare_pose):
                landmarker.close()
            self._detector.close()
        self._spare.clear()
        self._spare_pose.clear()

    def __enter__(self) -> MediaPipeLandmarker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _quiet_if(first_run: bool) -> AbstractContextManager[None]:
    """A model's first inference prints a few native warnings (LiteRT's tensor alignment, a
    projection note): keep them off the terminal as its creation's lines are."""
    return native_logs_captured() if first_run else nullcontext()


class _VideoModel:
    """A landmarker in video mode with the last time it was given, so that each call gets a
    later one (a model is handed from an ended face to a new one, maybe in the same frame, and
    a pose model's reset takes a time of its own)."""

    def __init__(self, landmarker: object, face_reader: FaceResultReader | None = None) -> None:
        self.landmarker = landmarker
        self.face_reader = face_reader  # a face landmarker's
        self.last_ts = -1

    def _stamp(self, ts_ms: int) -> int:
        self.last_ts = max(ts_ms, self.last_ts + 1)
        return self.last_ts

    def detect(self, image: object, ts_ms: int):
        with _quiet_if(self.last_ts < 0):
            return self.landmarker.detect_for_video(image, self._stamp(ts_ms))

    def detect_face(self, image: object, ts_ms: int) -> FaceResult | None:
        """A face landmarker's first face (see :mod:`vision.mediapipe.face_result`)."""
        with _quiet_if(self.last_ts < 0):
            return self.face_reader.detect_for_video(self.landmarker, image, self._stamp(ts_ms))

    def close(self) -> None:
        self.landmarker.close()


#: The pose landmarks compared between two runs: nose, ears, shoulders.
POSE_HEAD_AND_SHOULDERS = [0, 7, 8, 11, 12]


def _poses_agree(a: PoseObservation, b: PoseObservation, tolerance: float) -> bool:
    """Whether two poses put the head and shoulders within ``tolerance`` shoulder widths."""
    pa = a.landmarks[POSE_HEAD_AND_SHOULDERS, :2]
    pb = b.landmarks[POSE_HEAD_AND_SHOULDERS, :2]
    width = float(np.linalg.norm(pb[3] - pb[4]))
    if width < 1.0:
        return False
    return float(np.linalg.norm(pa - pb, axis=1).max()) < tolerance * width


#: Side of the greyscale thumbnail that tells whether a head-and-shoulders crop has changed.
THUMB_PX = 32


def _thumbnail(crop: np.ndarray) -> np.ndarray:
    small = cv2.resize(crop, (THUMB_PX, THUMB_PX), interpolation=cv2.INTER_AREA)
    return cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)


def _box_pixels(image: np.ndarray, box: Box) -> np.ndarray:
    """The pixels of a box, clipped to the image (at least one pixel)."""
    height, width = image.shape[:2]
    x0 = min(max(int(box[0]), 0), width - 1)
    y0 = min(max(int(box[1]), 0), height - 1)
    x1 = min(max(int(box[0] + box[2]), x0 + 1), width)
    y1 = min(max(int(box[1] + box[3]), y0 + 1), height)
    return image[y0:y1, x0:x1]


def _upper_body(face: Box, width: int, height: int) -> tuple[int, int, int, int]:
    """The head-and-shoulders region around a face box, clipped to the frame: four face widths
    wide (narrower crops made the shoulders jitter), from a face height above the face to three
    below it."""
    x, y, w, h = face
    cx = x + w / 2
    x0, x1 = max(int(cx - 2 * w), 0), min(int(cx + 2 * w), width)
    y0, y1 = max(int(y - h), 0), min(int(y + 4 * h), height)
    return x0, y0, max(x1, x0 + 1), max(y1, y0 + 1)


def _inside(point: np.ndarray, box: Box) -> bool:
    x, y, w, h = box
    return x <= float(point[0]) <= x + w and y <= float(point[1]) <= y + h


#: The nose tip of MediaPipe's pose model.
POSE_NOSE = 0


def pose_for_face(face: FaceObservation, poses: list[PoseObservation]) -> PoseObservation | None:
    """The pose whose nose lies inside this face's box (grown by half), if any."""
    x, y, w, h = face.bbox
    box = (x - w / 4, y - h / 4, w * 1.5, h * 1.5)
    best, best_dist = None, float("inf")
    for pose in poses:
        nx, ny = float(pose.landmarks[POSE_NOSE, 0]), float(pose.landmarks[POSE_NOSE, 1])
        if not (box[0] <= nx <= box[0] + box[2] and box[1] <= ny <= box[1] + box[3]):
            continue
        dist = (nx - (x + w / 2)) ** 2 + (ny - (y + h / 2)) ** 2
        if dist < best_dist:
            best, best_dist = pose, dist
    return best


def mediapipe_factory(
    settings: LandmarkerSettings | None = None, *, pose: bool = True
) -> LandmarkerFactory:
    """A factory making one :class:`MediaPipeLandmarker` per source."""

    def make(source_id: str) -> Landmarker:
        return MediaPipeLandmarker(settings, pose=pose)

    return make
