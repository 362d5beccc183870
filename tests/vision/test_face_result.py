"""vision.mediapipe.face_result reads the same face as MediaPipe's own detect_for_video, value for
value."""

from __future__ import annotations

import cv2
import mediapipe as mp
import numpy as np
from mediapipe.tasks.python import BaseOptions
from mediapipe.tasks.python.vision import FaceLandmarker, FaceLandmarkerOptions, RunningMode

from tests.vision.photo_faces import read
from vision.mediapipe.face_result import NEUTRAL, FaceResultReader
from vision.mediapipe.models import require_model


def _landmarker() -> FaceLandmarker:
    return FaceLandmarker.create_from_options(
        FaceLandmarkerOptions(
            base_options=BaseOptions(model_asset_path=str(require_model("face_landmarker"))),
            running_mode=RunningMode.VIDEO,
            num_faces=1,
            output_face_blendshapes=True,
            output_facial_transformation_matrixes=True,
        )
    )


def _image(bgr: np.ndarray) -> mp.Image:
    return mp.Image(image_format=mp.ImageFormat.SRGB, data=cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB))


def test_the_read_face_equals_detect_for_video_on_a_real_photo():
    photo = read()
    frames = [photo, cv2.flip(photo, 1)]  # a second, different frame on the same reader
    reader = FaceResultReader()
    with _landmarker() as ours, _landmarker() as theirs:
        for ts, frame in enumerate(frames):
            face = reader.detect_for_video(ours, _image(frame), ts)
            expected = theirs.detect_for_video(_image(frame), ts)
            points = np.array([(p.x, p.y, p.z) for p in expected.face_landmarks[0]], np.float32)
            assert face.landmarks.dtype == np.float32
            assert np.array_equal(face.landmarks, points)
            assert face.blendshapes == {
                c.category_name: c.score
                for c in expected.face_blendshapes[0]
                if c.category_name != NEUTRAL
            }
            assert len(face.blendshapes) == 51
            assert np.array_equal(face.transform, expected.facial_transformation_matrixes[0])


def test_no_face_reads_as_none():
    with _landmarker() as landmarker:
        blank = np.full((240, 320, 3), 127, np.uint8)
        assert FaceResultReader().detect_for_video(landmarker, _image(blank), 0) is None
