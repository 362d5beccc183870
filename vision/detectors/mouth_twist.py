"""mouth_twist (left/right): the closed mouth pulled to one side of the face.

Both the blendshape (mouthLeft/mouthRight, the player's own sides) and the mouth centre's shift
from the nose line must agree: a head turn shifts the geometry alone, so it stays under ``on``.
"""

from __future__ import annotations

from vision.detectors.base import KindDetector
from vision.features import ramp
from vision.settings import MouthTwistSettings


class MouthTwistDetector(KindDetector[MouthTwistSettings]):
    kind = "mouth_twist"
    signals = ("mouthLeft", "mouthRight", "mouth_offset")

    def activation(self, delta, features, rest):
        s = self.settings
        left = (ramp(delta["mouthLeft"], s.shift_blend) + ramp(delta["mouth_offset"], s.offset)) / 2
        right = (
            ramp(delta["mouthRight"], s.shift_blend) + ramp(-delta["mouth_offset"], s.offset)
        ) / 2
        return (left, "left") if left >= right else (right, "right")
