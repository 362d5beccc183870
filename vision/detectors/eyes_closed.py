"""eyes_closed: both eyes shut for longer than a natural blink (min_ms in the settings)."""

from __future__ import annotations

from vision.detectors.base import KindDetector
from vision.detectors.eyes import EYE_SIGNALS, eye_closure, hidden
from vision.settings import EyesClosedSettings


class EyesClosedDetector(KindDetector[EyesClosedSettings]):
    """Both eyes' closure; a hand in front of either eye cancels it, as it does a wink."""

    kind = "eyes_closed"
    signals = EYE_SIGNALS

    def activation(self, delta, features, rest):
        s = self.settings
        seen = 1.0 - max(hidden(delta, rest, side, s) for side in ("left", "right"))
        left = eye_closure(delta, rest, "left", s)
        right = eye_closure(delta, rest, "right", s)
        return min(left, right) * seen, None
