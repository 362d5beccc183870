"""When and where the pose model runs, for the faces of one source.

``PoseLandmarker`` runs on a head-and-shoulders crop of each face in turn (on the whole frame of
a table it misses most people), one face a frame, each about every ``pose_every_ms``, in a thread
of its own beside the faces, and only for faces whose seat wants it. Shoulders at rest are not
run again: their last pose is carried forward while the crop looks the same.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

import cv2
import numpy as np

from vision.config.pipeline_settings import LandmarkerSettings
from vision.mediapipe.face_regions import Box
from vision.mediapipe.face_tracker import Track
from vision.mediapipe.native_logs import native_logs_captured
from vision.mediapipe.tasks import Tasks, VideoModel
from vision.mediapipe.thumbnails import grey_change, thumbnail
from vision.observation import FaceObservation, Frame, PoseObservation

#: The nose tip of MediaPipe's pose model.
POSE_NOSE = 0
#: The pose landmarks compared between two runs: nose, ears, shoulders.
POSE_HEAD_AND_SHOULDERS = [0, 7, 8, 11, 12]


@dataclass(slots=True)
class _FacePose:
    """The pose model of one followed face and what its runs found."""

    model: VideoModel
    due_ms: int = -(10**9)  # when its pose was last taken, by a run or carried forward
    pose: PoseObservation | None = None  # the last pose the model found for this face ...
    run_ms: int = -(10**9)  # ... when it ran ...
    thumb: np.ndarray | None = None  # ... what its head and shoulders looked like ...
    steady: bool = False  # ... and whether it agreed with the run before


@dataclass(slots=True)
class _PoseJob:
    """A pose running beside the faces: started at the start of one frame, on that frame's
    image, and collected at the end of the next frame (always that one, so results do not
    depend on timing), so it runs beside two frames' faces."""

    frame_number: int  # of the scheduler's frames, the one it was started in
    face: _FacePose
    thumb: np.ndarray
    future: Future[tuple[list[PoseObservation], bool]]


class PoseScheduler:
    """The poses of one source's followed faces. Told of each track that starts (``add``) or
    ends (``remove``); each frame, :meth:`start` before the faces are followed and
    :meth:`collect` after."""

    def __init__(self, settings: LandmarkerSettings, tasks: Tasks) -> None:
        self.settings = settings
        self._tasks = tasks
        self._faces: dict[int, _FacePose] = {}
        self._spare: list[VideoModel] = []  # models of ended faces, reused by new ones
        self._worker = ThreadPoolExecutor(1)
        self._jobs: list[_PoseJob] = []
        self._frame_number = 0
        self._unwanted: set[int] = set()  # track ids whose faces need no pose now
        self.pose_runs = 0  # poses the model ran (the rest were steady poses carried forward)

    def add(self, track_id: int) -> None:
        """A new face: its model is made now, with the face's, not in the middle of a later
        frame."""
        model = self._spare.pop() if self._spare else self._tasks.pose_landmarker()
        self._faces[track_id] = _FacePose(model)

    def remove(self, track_id: int) -> None:
        self._unwanted.discard(track_id)
        self._spare.append(self._faces.pop(track_id).model)

    def want_pose(self, track_id: int, wanted: bool) -> None:
        """The pose model runs only for faces that want it: the pipeline asks, a frame later,
        for each face as its seat's detectors say (a set updated under the GIL, read here at
        the next frame's start)."""
        if wanted:
            self._unwanted.discard(track_id)
        else:
            self._unwanted.add(track_id)

    def start(self, frame: Frame, tracks: list[Track]) -> list[PoseObservation]:
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

        Runs at the start of a frame, on the faces' boxes of the frame before (``tracks``, in
        the tracker's order). Returns the carried pose, if any (a model run's poses come with
        the next frame)."""
        self._frame_number += 1
        s = self.settings
        running = {id(job.face) for job in self._jobs}
        due = [
            (track, self._faces[track.track_id])
            for track in tracks
            if not track.missed
            and id(self._faces[track.track_id]) not in running
            and track.track_id not in self._unwanted
            and frame.ts_ms - self._faces[track.track_id].due_ms >= s.pose_every_ms
        ]
        if not due:
            return []
        track, face = min(due, key=lambda pair: pair[1].due_ms)
        face.due_ms = frame.ts_ms
        height, width = frame.image.shape[:2]
        x0, y0, x1, y1 = _upper_body(track.box, width, height, s)
        crop = frame.image[y0:y1, x0:x1]
        thumb = thumbnail(crop)
        last = face.pose
        if (
            last is not None
            and face.steady
            and face.thumb is not None
            and frame.ts_ms - face.run_ms < s.pose_steady_ms
            and grey_change(thumb, face.thumb) < s.pose_motion
        ):
            return [PoseObservation(frame.ts_ms, frame.source_id, last.landmarks, last.visibility)]
        face.run_ms = frame.ts_ms
        self.pose_runs += 1
        rgb = cv2.cvtColor(crop, cv2.COLOR_BGR2RGB)
        future = self._worker.submit(
            self._pose_on_crop, face.model, rgb, (x0, y0), frame, track.box
        )
        self._jobs.append(_PoseJob(self._frame_number, face, thumb, future))
        return []

    def collect(self) -> list[PoseObservation]:
        """The poses of the runs started at the start of the previous frame, which ran beside
        that frame's faces and this one's."""
        ready = [j for j in self._jobs if j.frame_number < self._frame_number]
        self._jobs = [j for j in self._jobs if j.frame_number == self._frame_number]
        return [pose for job in ready for pose in self._finish(job)]

    def drain(self) -> None:
        """Wait for the runs still going and drop them (the scene changes)."""
        for job in self._jobs:
            job.future.result()
        self._jobs.clear()

    def close(self) -> None:
        """Stop the worker and close every model; call once the tracks have ended."""
        self._worker.shutdown(wait=True)
        with native_logs_captured():
            for face in self._faces.values():
                face.model.close()
            for model in self._spare:
                model.close()
        self._faces.clear()
        self._spare.clear()

    def _finish(self, job: _PoseJob) -> list[PoseObservation]:
        """A run's poses, once it is done; its face's pose becomes the one it found."""
        poses, astray = job.future.result()
        face = job.face
        pose = poses[0] if poses and not astray else None
        face.steady = (
            pose is not None
            and face.pose is not None
            and _poses_agree(face.pose, pose, self.settings.pose_agree)
        )
        face.pose, face.thumb = pose, job.thumb
        return poses

    def _pose_on_crop(
        self, model: VideoModel, rgb: np.ndarray, offset: tuple[int, int], frame: Frame, face: Box
    ) -> tuple[list[PoseObservation], bool]:
        """The pose in a face's head-and-shoulders crop, if it is that face's, and whether the
        model was following a neighbour. A pose whose nose is not on the face is a neighbour's:
        it is dropped, and the model, which would go on following the neighbour, is shown a
        blank image so that it looks afresh next time (cheaper than a new model, and no native
        memory is given up to a replaced one)."""
        result = model.detect(self._tasks.image(rgb), frame.ts_ms)
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
            model.detect(self._tasks.image(np.zeros((64, 64, 3), np.uint8)), frame.ts_ms + 1)
        return poses, astray


def _poses_agree(a: PoseObservation, b: PoseObservation, tolerance: float) -> bool:
    """Whether two poses put the head and shoulders within ``tolerance`` shoulder widths."""
    pa = a.landmarks[POSE_HEAD_AND_SHOULDERS, :2]
    pb = b.landmarks[POSE_HEAD_AND_SHOULDERS, :2]
    width = float(np.linalg.norm(pb[3] - pb[4]))
    if width < 1.0:
        return False
    return float(np.linalg.norm(pa - pb, axis=1).max()) < tolerance * width


def _upper_body(
    face: Box, width: int, height: int, s: LandmarkerSettings
) -> tuple[int, int, int, int]:
    """The head-and-shoulders region around a face box, clipped to the frame:
    ``pose_crop_width`` face widths wide, from ``pose_crop_above`` face heights above the face
    to ``pose_crop_below`` below it."""
    x, y, w, h = face
    cx = x + w / 2
    half = s.pose_crop_width / 2
    x0, x1 = max(int(cx - half * w), 0), min(int(cx + half * w), width)
    y0, y1 = (
        max(int(y - s.pose_crop_above * h), 0),
        min(int(y + (1 + s.pose_crop_below) * h), height),
    )
    return x0, y0, max(x1, x0 + 1), max(y1, y0 + 1)


def _inside(point: np.ndarray, box: Box) -> bool:
    x, y, w, h = box
    return x <= float(point[0]) <= x + w and y <= float(point[1]) <= y + h


def pose_for_face(
    face: FaceObservation, poses: list[PoseObservation], margin: float
) -> PoseObservation | None:
    """The pose whose nose lies inside this face's box, grown by ``margin`` of its size on each
    side, if any (the nearest to the box's centre)."""
    x, y, w, h = face.bbox
    box = (x - margin * w, y - margin * h, w * (1 + 2 * margin), h * (1 + 2 * margin))
    best, best_dist = None, float("inf")
    for pose in poses:
        nx, ny = float(pose.landmarks[POSE_NOSE, 0]), float(pose.landmarks[POSE_NOSE, 1])
        if not (box[0] <= nx <= box[0] + box[2] and box[1] <= ny <= box[1] + box[3]):
            continue
        dist = (nx - (x + w / 2)) ** 2 + (ny - (y + h / 2)) ** 2
        if dist < best_dist:
            best, best_dist = pose, dist
    return best
