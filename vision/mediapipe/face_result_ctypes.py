"""A ``FaceLandmarker``'s video-mode result read straight from MediaPipe's C struct into numpy.

``FaceLandmarker.detect_for_video`` turns every one of the 478 landmarks and 52 blendshapes into
a Python object (``NormalizedLandmark.from_ctypes``), about 0.4 ms a face a frame here: more
than all of the features' geometry. The landmarks are an array of C structs in memory, so they
are read as one numpy view instead (a few microseconds), and the blendshape names, fixed by the
model, are decoded once. The call itself is MediaPipe's own (through its thread-safe dispatcher),
as ``detect_for_video`` makes it; only the reading of the result differs, and
tests/vision/test_face_result.py checks that it gives exactly what ``detect_for_video`` gives.

This leans on the ctypes layout of ``mediapipe`` 1.2.3 (pinned in pyproject.toml): on any other
release :func:`vision.mediapipe.face_result.face_reader` falls back to ``detect_for_video``.
"""

from __future__ import annotations

import ctypes
from typing import Any

import numpy as np
from mediapipe.tasks.python.components.containers.category_c import MpCategoryC
from mediapipe.tasks.python.components.containers.landmark_c import MpNormalizedLandmarkC
from mediapipe.tasks.python.vision.face_landmarker import MpFaceLandmarkerResultC

from vision.mediapipe.face_result import NEUTRAL, FaceResult

#: The mediapipe release whose C layout this reader was checked against.
VERIFIED_ON = "1.2.3"

_NUMPY_OF_CTYPE = {ctypes.c_float: np.float32, ctypes.c_int: np.int32}


def _record_dtype(struct: type[ctypes.Structure], names: tuple[str, ...]) -> np.dtype:
    """The numpy record of some fields of a C struct, at the struct's own offsets and size."""
    # (name, type) pairs: the MediaPipe structs have no bit fields, whose entries are triples.
    ctype_of = dict(struct._fields_)  # type: ignore[arg-type]
    return np.dtype(
        {
            "names": list(names),
            "formats": [_NUMPY_OF_CTYPE[ctype_of[name]] for name in names],
            "offsets": [getattr(struct, name).offset for name in names],
            "itemsize": ctypes.sizeof(struct),
        }
    )


_LANDMARK = _record_dtype(MpNormalizedLandmarkC, ("x", "y", "z"))
_CATEGORY = _record_dtype(MpCategoryC, ("index", "score"))


def _records(pointer: ctypes._Pointer[Any], count: int, dtype: np.dtype) -> np.ndarray:
    """``count`` C structs at ``pointer`` as numpy records (a view: copy before the result is
    freed)."""
    address = ctypes.cast(pointer, ctypes.c_void_p).value
    # A C array at a raw address: ctypes types the address int | None (NULL), and numpy's stubs
    # take no ctypes array as a buffer.
    size = count * dtype.itemsize
    memory = (ctypes.c_char * size).from_address(address)  # type: ignore[arg-type]
    records: np.ndarray = np.frombuffer(memory, dtype)  # type: ignore[call-overload]
    return records


class CtypesFaceReader:
    """Runs a video-mode ``FaceLandmarker`` on an image and reads its first face, if any."""

    def __init__(self) -> None:
        self._indexes: np.ndarray | None = None  # blendshape indexes the names were read for
        self._names: list[str] = []

    def detect_for_video(self, landmarker: Any, image: Any, ts_ms: int) -> FaceResult | None:
        """``landmarker.detect_for_video(image, ts_ms)``'s first face. ``landmarker`` is
        MediaPipe's FaceLandmarker and ``image`` its Image (untyped), read through their C
        handles."""
        lib = landmarker._lib  # the C entry points detect_for_video calls
        result = MpFaceLandmarkerResultC()
        lib.MpFaceLandmarkerDetectForVideo(
            landmarker._handle,
            image._image_ptr,
            None,
            ts_ms,
            ctypes.byref(result),
        )
        try:
            if not result.face_landmarks_count:
                return None
            return self._first_face(result)
        finally:
            lib.MpFaceLandmarkerCloseResult(ctypes.byref(result))

    def _first_face(self, result: MpFaceLandmarkerResultC) -> FaceResult:
        marks = result.face_landmarks[0]
        records = _records(marks.landmarks, marks.landmarks_count, _LANDMARK)
        landmarks = np.stack((records["x"], records["y"], records["z"]), axis=1)
        blendshapes: dict[str, float] = {}
        if result.face_blendshapes_count:
            categories = result.face_blendshapes[0]
            records = _records(categories.categories, categories.categories_count, _CATEGORY)
            if self._indexes is None or not np.array_equal(self._indexes, records["index"]):
                self._indexes = records["index"].copy()
                self._names = [
                    categories.categories[i].category_name.decode("utf-8")
                    for i in range(categories.categories_count)
                ]
            blendshapes = dict(zip(self._names, records["score"].tolist(), strict=True))
            blendshapes.pop(NEUTRAL, None)
        transform = None
        if result.facial_transformation_matrixes_count:
            transform = result.facial_transformation_matrixes[0].to_numpy().astype(np.float32)
        return FaceResult(landmarks, blendshapes, transform)
