"""Whether a seat's face can be judged at all: big enough and seen well enough.

A camera over a whole table sees each face 60-120 px wide; below some width the landmarks no
longer tell a wink from a blink. Such a seat is reported honestly as "too small to judge"
(``judgeable`` false, with the reason) and its frames are not judged, instead of gestures being
guessed from it. The width and the hold come from ``[judgeable]`` in models/detectors.toml.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vision.config.detector_settings import JudgeableSettings
from vision.observation import FaceObservation


@dataclass(frozen=True, slots=True)
class Judgeability:
    """A seat's status: judged, or why not (``reason``, e.g. "face 45 px wide: too small",
    and the same as ``code`` and ``params`` for the pages to say in their language);
    ``too_small`` tells a face too small from one seen poorly (turned away, in the dark)."""

    judgeable: bool
    reason: str | None = None
    too_small: bool = False
    code: str | None = None
    params: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"judgeable": self.judgeable, "reason": self.reason}


JUDGEABLE = Judgeability(True)

#: Why a face's quality (vision.measures.features) is too low, by its weakest part.
_POOR_VIEW: dict[str | None, str] = {
    "yaw": "face turned away",
    "pitch": "face turned up or down",
    "light": "face too dark or too flat",
    "presence": "face barely found",
}


def frame_problem(
    face: FaceObservation, features: Any, settings: JudgeableSettings, min_quality: float
) -> Judgeability:
    """Whether this one frame of the face can be judged, and why not. ``features`` may be
    anything with a ``quality`` and ``quality_parts`` (vision.measures.features.FaceFeatures)
    or lack them; a quality whose weakest part is the size is a face too small."""
    width = face.bbox[2]
    too_small = Judgeability(
        False,
        f"face {width} px wide: too small",
        too_small=True,
        code="too_small",
        params={"width": width},
    )
    if width < settings.min_face_width_px:
        return too_small
    quality = getattr(features, "quality", None)
    if quality is None or quality >= min_quality:
        return JUDGEABLE
    parts: dict[str, float] = getattr(features, "quality_parts", None) or {}
    weakest = min(parts, key=parts.__getitem__) if parts else None
    if weakest == "size":
        return too_small
    if weakest in _POOR_VIEW:
        return Judgeability(False, _POOR_VIEW[weakest], code=weakest)
    return Judgeability(
        False,
        f"face seen too poorly (quality {quality:.2f})",
        code="poor",
        params={"quality": round(quality, 2)},
    )


class SeatJudge:
    """One seat's judgeability over time. A seat becomes unjudgeable once its frames have said
    so for ``hold_ms``, so one odd frame does not flip it; a face too small is judged again
    only after ``hold_ms`` wide enough (a face at the edge of the size would flicker), one seen
    poorly on its first good frame (the detectors skip its poor frames themselves)."""

    def __init__(self, settings: JudgeableSettings, min_quality: float) -> None:
        self.settings = settings
        self.min_quality = min_quality
        self.status = JUDGEABLE
        self._since_ms: int | None = None  # when the frames began to disagree with the status

    def update(self, ts_ms: int, face: FaceObservation, features: Any) -> Judgeability:
        """Take one frame in which the seat's face was seen; returns the seat's status."""
        frame = frame_problem(face, features, self.settings, self.min_quality)
        if frame.judgeable == self.status.judgeable:
            self._since_ms = None
            self.status = frame
            return self.status
        if frame.judgeable and not self.status.too_small:
            self._since_ms = None
            self.status = frame
            return self.status
        if self._since_ms is None:
            self._since_ms = ts_ms
        if ts_ms - self._since_ms >= self.settings.hold_ms:
            self.status = frame
            self._since_ms = None
        return self.status

    def judges(self, face: FaceObservation) -> bool:
        """Whether this frame of the face is to be judged: not while the seat's face is too
        small, nor in a frame where it is narrower than ``min_face_width_px`` (a shrinking face
        is never read while the hold runs)."""
        if not self.status.judgeable and self.status.too_small:
            return False
        return face.bbox[2] >= self.settings.min_face_width_px
