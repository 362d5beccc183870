"""wink (left/right): one eye shut, and shut clearly more than the other, longer than a blink."""

from __future__ import annotations

from collections.abc import Mapping

from vision.config.detector_settings import WinkSettings
from vision.detectors.eyes import EyeKindDetector
from vision.measures.features import FaceFeatures, ramp


class WinkDetector(EyeKindDetector[WinkSettings]):
    """A real wink squints the other eye too: on real faces its lids lose most of their opening
    and its eyeBlink rises by 0.15-0.55 while the shut eye's rises by 0.6-0.75, so what tells a
    wink is how much more closed one eye is than the other (``asymmetry`` of their closedness),
    not whether the other stays open. A blink shuts both eyes alike, and its brief asymmetry as
    one eye leads is shorter than ``min_ms``."""

    kind = "wink"

    def of_eyes(self, left: float, right: float) -> float:
        return max(left, right)

    def activation(
        self, delta: Mapping[str, float], features: FaceFeatures, rest: Mapping[str, float]
    ) -> tuple[float, str | None]:
        lead = self.one_sided(delta, rest)
        shut = "left" if lead >= 0 else "right"
        closed = self.closure(delta, rest, shut)
        return closed * ramp(abs(lead), self.settings.asymmetry), shut
