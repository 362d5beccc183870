"""head_tilt (left/right): the head leaning towards one shoulder (roll), held.

A glance turns the head (yaw) or tilts it only briefly: the yaw cancels the activation and
``min_ms`` drops a brief tilt.
"""

from __future__ import annotations

from vision.config.detector_settings import HeadTiltSettings
from vision.detectors.base import KindDetector
from vision.measures.features import ramp


class HeadTiltDetector(KindDetector[HeadTiltSettings]):
    kind = "head_tilt"
    signals = ("head_roll_deg", "head_yaw_deg")

    def activation(self, delta, features, rest):
        s = self.settings
        roll = delta["head_roll_deg"]
        turned = ramp(abs(delta["head_yaw_deg"]), s.yaw_veto_deg)
        return ramp(abs(roll), s.roll_deg) * (1.0 - turned), "left" if roll > 0 else "right"
