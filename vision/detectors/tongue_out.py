"""tongue_out (center/left/right): tongue-coloured pixels appear in and just below the parted
lips (vision.tongue), beyond what this face's mouth zone shows at rest."""

from __future__ import annotations

from vision.detectors.base import KindDetector
from vision.features import ramp
from vision.settings import TongueOutSettings


class TongueOutDetector(KindDetector[TongueOutSettings]):
    kind = "tongue_out"
    signals = ("tongue", "mouth_open")

    def activation(self, delta, features, rest):
        s = self.settings
        if features.mouth_open < s.mouth_open_min:
            return 0.0, None
        value = ramp(delta["tongue"], s.tongue)
        if features.tongue_side > s.side_offset:
            side = "left"
        elif features.tongue_side < -s.side_offset:
            side = "right"
        else:
            side = "center"
        return value, side
