"""mouth_twist (left/right): the closed mouth pulled to one side of the face.

Either the blendshape (mouthLeft/mouthRight, the player's own sides) or the mouth centre's shift
from the nose line carries it (on a small face the blendshape barely moves). The blendshape counts
only once the centre has moved towards its side: on some faces (a mirrored tuning face among them)
MediaPipe rests one of the two above zero and it wobbles by a twist's worth on a still mouth. A
head turn shifts the geometry too, so a change of yaw cancels it; a head tilt (a change of roll as
large as a head_tilt's) makes MediaPipe's mouthLeft/mouthRight rise with no twist, so it cancels
it too.
"""

from __future__ import annotations

from vision.config.detector_settings import MouthTwistSettings
from vision.detectors.base import KindDetector
from vision.measures.features import ramp


class MouthTwistDetector(KindDetector[MouthTwistSettings]):
    kind = "mouth_twist"
    signals = ("mouthLeft", "mouthRight", "mouth_offset", "head_yaw_deg", "head_roll_deg")

    def activation(self, delta, features, rest):
        s = self.settings
        turned = max(
            ramp(abs(delta["head_yaw_deg"]), s.yaw_veto_deg),
            ramp(abs(delta["head_roll_deg"]), s.roll_veto_deg),
        )
        left = self._pull(delta["mouthLeft"], delta["mouth_offset"])
        right = self._pull(delta["mouthRight"], -delta["mouth_offset"])
        value, side = (left, "left") if left >= right else (right, "right")
        return value * (1.0 - turned), side

    def _pull(self, blend: float, shift: float) -> float:
        """How far the mouth is pulled to one side, from that side's blendshape rise and the
        mouth centre's shift towards it."""
        s = self.settings
        moved = ramp(shift, s.blend_needs_offset)
        return max(ramp(blend, s.shift_blend) * moved, ramp(shift, s.offset))
