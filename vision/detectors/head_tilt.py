"""head_tilt (left/right): the head leaning towards one shoulder (roll), held.

A glance turns the head (yaw) or tilts it only briefly: the yaw cancels the activation and
``min_ms`` drops a brief tilt (a real talker's sway lasts under a second). A real talker leans
his head into a turn, roll and yaw together (12 degrees of each, for seconds): a tilt whose yaw
is as large as a good part of its roll (``yaw_per_roll_veto``) is a posture, not a seña, which
keeps the face to the front.
"""

from __future__ import annotations

from collections.abc import Mapping

from vision.config.detector_settings import HeadTiltSettings
from vision.detectors.base import KindDetector
from vision.measures.features import FaceFeatures, ramp


class HeadTiltDetector(KindDetector[HeadTiltSettings]):
    kind = "head_tilt"
    signals = ("head_roll_deg", "head_yaw_deg")

    def activation(
        self, delta: Mapping[str, float], features: FaceFeatures, rest: Mapping[str, float]
    ) -> tuple[float, str | None]:
        s = self.settings
        roll = delta["head_roll_deg"]
        yaw = abs(delta["head_yaw_deg"])
        turned = max(
            ramp(yaw, s.yaw_veto_deg), ramp(yaw / max(abs(roll), 1.0), s.yaw_per_roll_veto)
        )
        return ramp(abs(roll), s.roll_deg) * (1.0 - turned), "left" if roll > 0 else "right"
