"""mouth_twist (left/right): the closed mouth pulled to one side of the face.

Either the blendshape (mouthLeft/mouthRight, the player's own sides) or the mouth centre's shift
from the nose line carries it (on a small face the blendshape barely moves); a head turn shifts
the geometry too, so a change of yaw cancels it; a head tilt (a change of roll as large as a
head_tilt's) makes MediaPipe's mouthLeft/mouthRight rise with no twist, so it cancels it too.
"""

from __future__ import annotations

from vision.detectors.base import KindDetector
from vision.features import ramp
from vision.settings import MouthTwistSettings


class MouthTwistDetector(KindDetector[MouthTwistSettings]):
    kind = "mouth_twist"
    signals = ("mouthLeft", "mouthRight", "mouth_offset", "head_yaw_deg", "head_roll_deg")

    def activation(self, delta, features, rest):
        s = self.settings
        turned = max(
            ramp(abs(delta["head_yaw_deg"]), s.yaw_veto_deg),
            ramp(abs(delta["head_roll_deg"]), s.roll_veto_deg),
        )
        left = max(ramp(delta["mouthLeft"], s.shift_blend), ramp(delta["mouth_offset"], s.offset))
        right = max(
            ramp(delta["mouthRight"], s.shift_blend), ramp(-delta["mouth_offset"], s.offset)
        )
        value, side = (left, "left") if left >= right else (right, "right")
        return value * (1.0 - turned), side
