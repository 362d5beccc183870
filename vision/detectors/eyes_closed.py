"""eyes_closed: both eyes shut for longer than a natural blink (min_ms in the settings)."""

from __future__ import annotations

from vision.detectors.eyes import EyeKindDetector, eye_closure
from vision.settings import EyesClosedSettings


class EyesClosedDetector(EyeKindDetector[EyesClosedSettings]):
    """Both eyes' closure; a hand in front of either eye cancels it, as it does a wink."""

    kind = "eyes_closed"

    def activation(self, delta, features, rest):
        s, eyes = self.settings, self.eyes.settings
        left = eye_closure(delta, rest, "left", s, eyes)
        right = eye_closure(delta, rest, "right", s, eyes)
        return min(left, right) * self.eyes.seen, None
