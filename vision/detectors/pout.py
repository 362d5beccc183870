"""pout: lips pushed forward, read from MediaPipe's mouthPucker/mouthFunnel and confirmed by the
mouth narrowing (a resting pout is in the baseline, so only a change counts). On real faces a pout
lifts mouthPucker to 0.99 and narrows the mouth by a quarter of a face size, while talking and a
pressed mouth narrow it with the pucker under 0.2, so the blendshape decides and the narrowing
only confirms. A pout keeps the mouth on the face's midline: a mouth pulled to one side (a twist,
which narrows it too) is not one."""

from __future__ import annotations

from collections.abc import Mapping

from vision.config.detector_settings import PoutSettings
from vision.detectors.base import KindDetector
from vision.measures.features import FaceFeatures, ramp


class PoutDetector(KindDetector[PoutSettings]):
    kind = "pout"
    signals = ("mouthPucker", "mouthFunnel", "mouth_width", "mouth_offset")

    def activation(
        self, delta: Mapping[str, float], features: FaceFeatures, rest: Mapping[str, float]
    ) -> tuple[float, str | None]:
        s = self.settings
        pucker = ramp(max(delta["mouthPucker"], delta["mouthFunnel"]), s.pucker)
        pushed = pucker * ramp(delta["mouth_width"], s.narrowing)
        return pushed * (1.0 - ramp(abs(delta["mouth_offset"]), s.offset_veto)), None
