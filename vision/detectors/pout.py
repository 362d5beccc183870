"""pout: lips pushed forward, by mouthPucker/mouthFunnel and the mouth narrowing together (a
resting pout is in the baseline, so only a change counts)."""

from __future__ import annotations

from vision.detectors.base import KindDetector
from vision.features import ramp
from vision.settings import PoutSettings


class PoutDetector(KindDetector[PoutSettings]):
    kind = "pout"
    signals = ("mouthPucker", "mouthFunnel", "mouth_width")

    def activation(self, delta, features, rest):
        s = self.settings
        pucker = ramp(max(delta["mouthPucker"], delta["mouthFunnel"]), s.pucker)
        narrower = ramp(delta["mouth_width"], s.narrowing)
        return (1.0 - s.narrowing_weight) * pucker + s.narrowing_weight * narrower, None
