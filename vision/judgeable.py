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
    """A seat's status: judged, or why not (``reason``, e.g. "face 45 px wide: too small")."""

    judgeable: bool
    reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"judgeable": self.judgeable, "reason": self.reason}


JUDGEABLE = Judgeability(True)


def frame_problem(
    face: FaceObservation, features: Any, settings: JudgeableSettings, min_quality: float
) -> str | None:
    """Why this one frame of the face cannot be judged, or None. ``features`` may be anything
    with a ``quality`` (vision.measures.features.FaceFeatures) or lack it."""
    width = face.bbox[2]
    if width < settings.min_face_width_px:
        return f"face {width} px wide: too small"
    quality = getattr(features, "quality", None)
    if quality is not None and quality < min_quality:
        return f"face seen too poorly (quality {quality:.2f})"
    return None


class SeatJudge:
    """One seat's judgeability over time: it changes only once the frames have said otherwise
    for ``hold_ms``, so one odd frame does not flip it."""

    def __init__(self, settings: JudgeableSettings, min_quality: float) -> None:
        self.settings = settings
        self.min_quality = min_quality
        self.status = JUDGEABLE
        self._since_ms: int | None = None  # when the frames began to disagree with the status
        self._problem: str | None = None

    def update(self, ts_ms: int, face: FaceObservation, features: Any) -> Judgeability:
        """Take one frame in which the seat's face was seen; returns the seat's status."""
        problem = frame_problem(face, features, self.settings, self.min_quality)
        disagrees = (problem is None) != self.status.judgeable
        if not disagrees:
            self._since_ms = None
            if problem is not None:
                self.status = Judgeability(False, problem)
            return self.status
        if self._since_ms is None:
            self._since_ms = ts_ms
        if ts_ms - self._since_ms >= self.settings.hold_ms:
            self.status = JUDGEABLE if problem is None else Judgeability(False, problem)
            self._since_ms = None
        return self.status

    def judges(self, face: FaceObservation) -> bool:
        """Whether this frame of the face is to be judged: the seat is judgeable and the face
        is not too small in it (a shrinking face is never read while the hold runs)."""
        return self.status.judgeable and face.bbox[2] >= self.settings.min_face_width_px
