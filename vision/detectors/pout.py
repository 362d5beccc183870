"""pout: lips pushed forward, by mouthPucker/mouthFunnel and the mouth narrowing together (a
resting pout is in the baseline, so only a change counts). A pout keeps the mouth on the face's
midline: a mouth pulled to one side (a twist, which narrows it too) is not one."""

from __future__ import annotations

from vision.config.detector_settings import PoutSettings
from vision.detectors.base import KindDetector
from vision.measures.features import ramp


class PoutDetector(KindDetector[PoutSettings]):
    kind = "pout"
    signals = ("mouthPucker", "mouthFunnel", "mouth_width", "mouth_offset")

    def activation(self, delta, features, rest):
        s = self.settings
        pucker = ramp(max(delta["mouthPucker"], delta["mouthFunnel"]), s.pucker)
        narrower = ramp(delta["mouth_width"], s.narrowing)
        pushed = (1.0 - s.narrowing_weight) * pucker + s.narrowing_weight * narrower
        return pushed * (1.0 - ramp(abs(delta["mouth_offset"]), s.offset_veto)), None
