"""eyes_closed: both eyes shut for longer than a natural blink (min_ms in the settings)."""

from __future__ import annotations

from collections.abc import Mapping

from vision.config.detector_settings import EyesClosedSettings
from vision.detectors.eyes import EyeKindDetector
from vision.measures.features import FaceFeatures, ramp


class EyesClosedDetector(EyeKindDetector[EyesClosedSettings]):
    """Both eyes' closure, alike: one eye far more closed than the other is a wink (whose other
    eye squints), not this."""

    kind = "eyes_closed"

    def of_eyes(self, left: float, right: float) -> float:
        return min(left, right)

    def activation(
        self, delta: Mapping[str, float], features: FaceFeatures, rest: Mapping[str, float]
    ) -> tuple[float, str | None]:
        closed = self.of_eyes(self.closure(delta, rest, "left"), self.closure(delta, rest, "right"))
        one_sided = ramp(abs(self.one_sided(delta, rest)), self.settings.asymmetry_veto)
        return closed * (1.0 - one_sided), None
