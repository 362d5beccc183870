"""mouth_twist (left/right): the closed mouth pulled to one side of the face.

The mouth centre's shift from the nose line carries it (real twists move it 0.056-0.105 face
sizes), with MediaPipe's mouthLeft/mouthRight of that side (the player's own) risen: a little is
enough, since MediaPipe reads real twists of one side 0.03-0.16 and of the other up to 0.6. The
shift alone does not count: a real face laughing with its head turned shifts it by 0.07 face
sizes with both blendshapes at zero. A head turn shifts the geometry too: the shift a small turn
makes (the nose, nearer the camera, swings further than the mouth) is taken out of the mouth's,
and a larger change of yaw cancels it; a head tilt (a change of roll as large as a head_tilt's)
makes MediaPipe's mouthLeft/mouthRight rise with no twist, so it cancels it too.
"""

from __future__ import annotations

from collections.abc import Mapping

from vision.config.detector_settings import MouthTwistSettings
from vision.detectors.base import KindDetector
from vision.measures.features import FaceFeatures, ramp


class MouthTwistDetector(KindDetector[MouthTwistSettings]):
    kind = "mouth_twist"
    signals = ("mouthLeft", "mouthRight", "mouth_offset", "head_yaw_deg", "head_roll_deg")

    def activation(
        self, delta: Mapping[str, float], features: FaceFeatures, rest: Mapping[str, float]
    ) -> tuple[float, str | None]:
        s = self.settings
        turned = max(
            ramp(abs(delta["head_yaw_deg"]), s.yaw_veto_deg),
            ramp(abs(delta["head_roll_deg"]), s.roll_veto_deg),
        )
        shift = delta["mouth_offset"] + s.offset_per_yaw_deg * delta["head_yaw_deg"]
        left = self._pull(delta["mouthLeft"], shift)
        right = self._pull(delta["mouthRight"], -shift)
        value, side = (left, "left") if left >= right else (right, "right")
        return value * (1.0 - turned), side

    def _pull(self, blend: float, shift: float) -> float:
        """How far the mouth is pulled to one side, from that side's blendshape rise, once the
        mouth centre has shifted towards it."""
        s = self.settings
        return ramp(blend, s.shift_blend) * ramp(shift, s.blend_needs_offset)
