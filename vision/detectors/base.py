"""What each gesture kind's detector provides: how its activation is read from one frame."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import ClassVar, Generic, TypeVar

from vision.config.detector_settings import KindSettings
from vision.measures.features import FaceFeatures

S = TypeVar("S", bound=KindSettings)


def side_of(offset: float, threshold: float) -> str:
    """The player's side an ``offset`` (+ = the player's left) points to, "center" within
    ``threshold`` either way."""
    if offset > threshold:
        return "left"
    if offset < -threshold:
        return "right"
    return "center"


class KindDetector(Generic[S]):
    """Turns one frame's change from the baseline into this kind's activation (0..1) and side.

    ``delta`` maps each signal name (FaceFeatures.signals) to its change from the face's resting
    value, ``rest`` to the resting value itself. Subclasses name the signals they read so the
    baseline stays frozen for them while the gesture is under way.
    """

    kind: ClassVar[str]
    signals: ClassVar[tuple[str, ...]]

    def __init__(self, settings: S) -> None:
        self.settings = settings

    def activation(
        self, delta: Mapping[str, float], features: FaceFeatures, rest: Mapping[str, float]
    ) -> tuple[float, str | None]:
        raise NotImplementedError

    @property
    def talk_memory_ms(self) -> int:
        """How far back this kind reads the face's talking itself (``hear``); 0: it does not."""
        return 0

    def hear(self, talked: float) -> None:
        """Before each activation: the most the face talked (vision.measures.speech) over the
        last ``talk_memory_ms``."""

    def explained_regions(self, delta: Mapping[str, float]) -> Collection[str]:
        """The face regions (vision.detectors.occlusion) whose change this frame's own gesture
        accounts for, so that change is not read as a hand over them: none by default."""
        return ()

    def held_back(self) -> None:
        """The seat held this frame's activation back under ``off`` (a talking or smiling face
        makes this kind in passing): for this kind nothing is under way. Kinds that follow a
        slow drift between gestures follow it on such frames too."""
