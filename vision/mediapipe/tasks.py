"""The MediaPipe task objects the trackers run, made in one place: the face detector, face and
pose landmarkers in video mode (each wrapped in a :class:`VideoModel`), and the images they read.

MediaPipe is imported on first use: it takes a second, and tests of everything downstream do
not need it.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from vision.config.pipeline_settings import LandmarkerSettings
from vision.mediapipe.face_result import FaceReader, FaceResult, face_reader
from vision.mediapipe.native_logs import native_logs_captured


class VideoModel:
    """A landmarker in video mode with the last time it was given, so that each call gets a
    later one (a model is handed from an ended face to a new one, maybe in the same frame, and
    a pose model's reset takes a time of its own)."""

    def __init__(self, landmarker: Any, face_reader: FaceReader | None = None) -> None:
        self.landmarker = landmarker
        self.face_reader = face_reader  # a face landmarker's
        self.last_ts = -1

    def _stamp(self, ts_ms: int) -> int:
        self.last_ts = max(ts_ms, self.last_ts + 1)
        return self.last_ts

    def detect(self, image: object, ts_ms: int) -> Any:
        with native_logs_captured():
            return self.landmarker.detect_for_video(image, self._stamp(ts_ms))

    def detect_face(self, image: object, ts_ms: int) -> FaceResult | None:
        """A face landmarker's first face (see :mod:`vision.mediapipe.face_result`)."""
        assert self.face_reader is not None, "not a face landmarker"
        with native_logs_captured():
            return self.face_reader.detect_for_video(self.landmarker, image, self._stamp(ts_ms))

    def close(self) -> None:
        self.landmarker.close()


def _detector_model_bytes(face_landmarker_task: Path) -> bytes:
    """The face detector inside the face landmarker bundle (one download serves both)."""
    with zipfile.ZipFile(face_landmarker_task) as bundle:
        return bundle.read("face_detector.tflite")


class Tasks:
    """Makes MediaPipe's task objects from the model bundles, with the confidences of
    ``settings``. Every model is made, run and closed with its native log lines captured
    (:mod:`vision.mediapipe.native_logs`)."""

    def __init__(
        self, settings: LandmarkerSettings, face_task: Path, pose_task: Path | None
    ) -> None:
        import mediapipe as mp
        from mediapipe.tasks.python import BaseOptions, vision

        self.settings = settings
        self.face_task = face_task
        self.pose_task = pose_task
        self._mp = mp
        self._vision = vision
        self._base_options = BaseOptions
        self._detector_bytes = _detector_model_bytes(face_task)

    def image(self, rgb: np.ndarray) -> Any:
        return self._mp.Image(image_format=self._mp.ImageFormat.SRGB, data=rgb)

    def face_detector(self) -> Any:
        vision = self._vision
        with native_logs_captured():
            return vision.FaceDetector.create_from_options(
                vision.FaceDetectorOptions(
                    base_options=self._base_options(model_asset_buffer=self._detector_bytes),
                    running_mode=vision.RunningMode.IMAGE,
                    min_detection_confidence=self.settings.detection_confidence,
                )
            )

    def face_landmarker(self) -> VideoModel:
        vision, s = self._vision, self.settings
        with native_logs_captured():
            landmarker = vision.FaceLandmarker.create_from_options(
                vision.FaceLandmarkerOptions(
                    base_options=self._base_options(model_asset_path=str(self.face_task)),
                    running_mode=vision.RunningMode.VIDEO,
                    num_faces=1,
                    min_face_detection_confidence=s.detection_confidence,
                    min_face_presence_confidence=s.presence_confidence,
                    min_tracking_confidence=s.tracking_confidence,
                    output_face_blendshapes=True,
                    output_facial_transformation_matrixes=True,
                )
            )
        return VideoModel(landmarker, face_reader())

    def pose_landmarker(self) -> VideoModel:
        assert self.pose_task is not None, "no pose model"
        vision = self._vision
        with native_logs_captured():
            return VideoModel(
                vision.PoseLandmarker.create_from_options(
                    vision.PoseLandmarkerOptions(
                        base_options=self._base_options(model_asset_path=str(self.pose_task)),
                        running_mode=vision.RunningMode.VIDEO,
                        num_poses=1,
                    )
                )
            )
