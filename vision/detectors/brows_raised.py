"""brows_raised: both brows up, by their distance above the eye corners or by the blendshapes (a
face that frowns at rest barely moves browInnerUp when it raises its brows, but the distance
grows). The blendshapes count only once that distance has grown too: MediaPipe lifts them on
some faces when the eyes close, with the brows still."""

from __future__ import annotations

from vision.config.detector_settings import BrowsRaisedSettings
from vision.detectors.base import KindDetector
from vision.measures.features import ramp


class BrowsRaisedDetector(KindDetector[BrowsRaisedSettings]):
    kind = "brows_raised"
    signals = (
        "browInnerUp",
        "browOuterUpLeft",
        "browOuterUpRight",
        "brow_gap_left",
        "brow_gap_right",
    )

    def activation(self, delta, features, rest):
        s = self.settings
        shapes = (delta["browInnerUp"] + delta["browOuterUpLeft"] + delta["browOuterUpRight"]) / 3
        gap = (delta["brow_gap_left"] + delta["brow_gap_right"]) / 2
        moved = ramp(gap, s.shapes_need_gap)
        return max(ramp(shapes, s.brow_up) * moved, ramp(gap, s.brow_gap)), None
