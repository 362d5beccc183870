"""brows_raised: both brows up, by the brow-to-eye distance or by the blendshapes (a face that
frowns at rest barely moves browInnerUp when it raises its brows, but the distance grows)."""

from __future__ import annotations

from vision.detectors.base import KindDetector
from vision.features import ramp
from vision.settings import BrowsRaisedSettings


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
        return max(ramp(shapes, s.brow_up), ramp(gap, s.brow_gap)), None
