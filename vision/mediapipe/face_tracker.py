"""Finding and following the faces of one source.

New faces are looked for with MediaPipe's face detector on the whole frame and on overlapping
tiles (small faces of a wide table shot are invisible to the detector on the whole frame). Each
face found is then followed with its own crop region: a ``FaceLandmarker`` in video mode runs on
the crop and its landmarks are mapped back to the frame. The detector runs only when looking for
new faces: a sweep every ``discover_every_ms``, spread over a few frames, and at once around a
face that is lost. A detection whose landmarks find no face (a badge, a collar ring) is
remembered, and not checked again while its region looks the same.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from vision.config.pipeline_settings import LandmarkerSettings
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
from vision.mediapipe.tasks import Tasks, VideoModel
from vision.mediapipe.thumbnails import box_pixels, grey_change, thumbnail
from vision.observation import FaceObservation, Frame

#: Told the id of a track that starts or ends.
TrackListener = Callable[[int], None]


@dataclass(slots=True)
class Track:
    """One followed face: where its crop is, the model that follows it, its last box."""

    track_id: int
    region: CropRegion
    landmarker: VideoModel
    box: Box
    missed: int = 0  # frames in a row its landmarks found no face
    rgb: np.ndarray | None = None  # the crop's RGB buffer, kept while the crop keeps its size


@dataclass(slots=True)
class _FalseFace:
    """What a false face's region looked like, and until when it is not checked again."""

    box: Box
    thumb: np.ndarray
    until_ms: int


class FalseFaceMemory:
    """Detections whose landmarks found no face. Confirming a detection runs a fresh landmarker
    (5 to 15 ms); a badge or a poster found again at every sweep would pay that every time.
    Anything that changes the region (a face moving in) has it checked again at once, and
    memories expire."""

    def __init__(self, settings: LandmarkerSettings) -> None:
        self.settings = settings
        self.remembered: list[_FalseFace] = []

    def remember(self, box: Box, frame: Frame) -> None:
        thumb = thumbnail(box_pixels(frame.image, box))
        until = frame.ts_ms + self.settings.false_face_memory_ms
        self.remembered.append(_FalseFace(box, thumb, until))

    def knows(self, box: Box, frame: Frame) -> bool:
        """Whether a detection is on a remembered false face whose region still looks as it
        did."""
        self.remembered = [f for f in self.remembered if f.until_ms > frame.ts_ms]
        return any(
            iou(f.box, box) > self.settings.false_face_overlap
            and grey_change(thumbnail(box_pixels(frame.image, f.box)), f.thumb)
            < self.settings.false_face_motion
            for f in self.remembered
        )

    def clear(self) -> None:
        self.remembered.clear()


class FaceTracker:
    """The faces of one source, found and followed frame by frame (see the module's
    docstring). ``on_start`` and ``on_end`` are told each track that starts or ends."""

    def __init__(
        self,
        settings: LandmarkerSettings,
        tasks: Tasks,
        *,
        on_start: TrackListener | None = None,
        on_end: TrackListener | None = None,
    ) -> None:
        self.settings = settings
        self._tasks = tasks
        self._on_start = on_start
        self._on_end = on_end
        self._detector: Any = tasks.face_detector()
        self._pool = ThreadPoolExecutor(settings.workers) if settings.workers > 1 else None
        self.tracks: list[Track] = []
        self._spare: list[VideoModel] = []  # landmarkers of ended tracks, reused by new ones
        self._next_id = 1
        self._last_discovery_ms: int | None = None
        self._sweep: list[tuple[int, int, int, int]] = []  # detector regions still to search
        self.false_face_memory = FalseFaceMemory(settings)
        self.false_faces = 0  # detections a landmarker run found no face on

    def observe(self, frame: Frame) -> list[FaceObservation]:
        """The faces of this frame: the followed ones, then any new one."""
        tracks = list(self.tracks)
        if self._pool is not None and len(tracks) > 1:
            found = list(self._pool.map(lambda t: self._landmarks_on_region(t, frame), tracks))
        else:
            found = [self._landmarks_on_region(track, frame) for track in tracks]
        # _follow returns the face it is given, None for none: ``f is not None`` only tells mypy.
        faces = [
            f
            for t, f in zip(tracks, found, strict=True)
            if self._follow(t, f) is not None and f is not None
        ]
        faces.extend(self._discover(frame))
        return self._drop_duplicates(faces)

    def reset(self) -> None:
        """Forget every followed face: the next frame is searched whole."""
        for track in list(self.tracks):
            self._end(track)
        self._last_discovery_ms = None
        self._sweep.clear()
        self.false_face_memory.clear()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)
        for track in list(self.tracks):
            self._end(track)
        with native_logs_captured():
            for landmarker in self._spare:
                landmarker.close()
            self._detector.close()
        self._spare.clear()

    # -- following ------------------------------------------------------------------------------

    def _follow(self, track: Track, face: FaceObservation | None) -> FaceObservation | None:
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

    def _end(self, track: Track) -> None:
        self.tracks.remove(track)
        self._spare.append(track.landmarker)
        if self._on_end is not None:
            self._on_end(track.track_id)

    def _landmarks_on_region(self, track: Track, frame: Frame) -> FaceObservation | None:
        height, width = frame.image.shape[:2]
        x0, y0, x1, y1 = track.region.clip(width, height)
        crop = frame.image[y0:y1, x0:x1]
        side = x1 - x0
        if side > self.settings.crop_max_px:
            size = self.settings.crop_max_px
            crop = cv2.resize(crop, (size, size), interpolation=cv2.INTER_LINEAR)
        if track.rgb is None or track.rgb.shape != crop.shape:
            track.rgb = np.empty(crop.shape, np.uint8)
        rgb = cv2.cvtColor(crop, cv2.COLOR_BGR2RGB, dst=track.rgb)
        result = track.landmarker.detect_face(self._tasks.image(rgb), frame.ts_ms)
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

    def _drop_duplicates(self, faces: list[FaceObservation]) -> list[FaceObservation]:
        """Two tracks that ended up on one face: the older keeps it."""
        kept: list[FaceObservation] = []
        for face in sorted(faces, key=lambda f: f.track_id):
            if any(iou(face.bbox, k.bbox) > self.settings.duplicate_overlap for k in kept):
                track = next(t for t in self.tracks if t.track_id == face.track_id)
                self._end(track)
                continue
            kept.append(face)
        return kept

    # -- finding --------------------------------------------------------------------------------

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
        for track in self.tracks:
            if track.missed:
                lost = True
                x0, y0, x1, y1 = CropRegion(
                    track.region.cx, track.region.cy, track.region.side * s.lost_search_scale
                ).clip(width, height)
                regions.append((x0, y0, x1 - x0, y1 - y0))
        every = s.discover_every_ms if self.tracks else s.discover_idle_every_ms
        due = (
            lost
            or self._last_discovery_ms is None
            or frame.ts_ms - self._last_discovery_ms >= every
        )
        if not self._sweep and due:
            self._last_discovery_ms = frame.ts_ms
            self._sweep = [(0, 0, width, height)]
            self._sweep += tile_pyramid(width, height, s.tile_px, s.tile_overlap)
        followed = any(not track.missed for track in self.tracks)
        share = s.discover_tiles_per_frame if followed else len(self._sweep)
        regions += self._sweep[:share]
        del self._sweep[:share]
        return regions

    def _detect(self, rgb: np.ndarray, dx: int, dy: int) -> list[Detection]:
        found = []
        with native_logs_captured():
            detections = self._detector.detect(self._tasks.image(rgb)).detections
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
        for det in suppress_overlaps(detections, s.detection_overlap):
            if len(self.tracks) >= s.num_faces:
                break
            if any(
                iou(t.box, det.box) > s.followed_overlap or covers(t.box, det.box)
                for t in self.tracks
            ):
                continue
            if self.false_face_memory.knows(det.box, frame):
                continue
            track = Track(
                self._next_id,
                CropRegion.around(det.box, s.crop_scale),
                self._new_landmarker(),
                det.box,
            )
            face = self._landmarks_on_region(track, frame)
            if face is None:
                self._spare.append(track.landmarker)
                self.false_faces += 1
                self.false_face_memory.remember(det.box, frame)
                continue
            self._next_id += 1
            track.box = face.bbox
            track.region = CropRegion.around(face.bbox, s.crop_scale)
            if self._on_start is not None:
                self._on_start(track.track_id)
            self.tracks.append(track)
            faces.append(face)
        return faces

    def _new_landmarker(self) -> VideoModel:
        return self._spare.pop() if self._spare else self._tasks.face_landmarker()
