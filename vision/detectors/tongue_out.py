"""tongue_out (center/left/right): tongue-coloured pixels appear in and just below lips that part
further than at rest (vision.tongue), beyond what this mouth zone shows at rest (the parting keeps
a tongue visible in a mouth open at rest, or a change of light, from counting); or the lips part
far more than the jaw opens, which is how MediaPipe's lip contour wraps a tongue whose colour is
too close to the skin's to tell. The side is where the tongue-coloured pixels moved to."""

from __future__ import annotations

from vision.detectors.base import KindDetector
from vision.features import ramp
from vision.settings import TongueOutSettings


class TongueOutDetector(KindDetector[TongueOutSettings]):
    kind = "tongue_out"
    signals = ("tongue", "tongue_side", "mouth_open", "jawOpen")

    def activation(self, delta, features, rest):
        s = self.settings
        if features.mouth_open < s.mouth_open_min:
            return 0.0, None
        parting = ramp(delta["mouth_open"], s.parting)
        gap_beyond_jaw = delta["mouth_open"] - s.jaw_share * max(delta["jawOpen"], 0.0)
        value = max(ramp(delta["tongue"], s.tongue) * parting, ramp(gap_beyond_jaw, s.lip_gap))
        shift = delta["tongue_side"]
        if shift > s.side_offset:
            side = "left"
        elif shift < -s.side_offset:
            side = "right"
        else:
            side = "center"
        return value, side
