"""eyes_closed: both eyes shut for longer than a natural blink (min_ms in the settings)."""

from __future__ import annotations

from vision.config.detector_settings import EyesClosedSettings
from vision.detectors.eyes import EyeKindDetector


class EyesClosedDetector(EyeKindDetector[EyesClosedSettings]):
    """Both eyes' closure; a hand in front of either eye cancels it, as it does a wink."""

    kind = "eyes_closed"

    def activation(self, delta, features, rest):
        left = self.closure(delta, rest, "left")
        right = self.closure(delta, rest, "right")
        return min(left, right) * self.eyes.seen, None
