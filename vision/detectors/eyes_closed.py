"""eyes_closed: both eyes shut for longer than a natural blink (min_ms in the settings)."""

from __future__ import annotations

from vision.detectors.base import KindDetector
from vision.detectors.eyes import EYE_SIGNALS, eye_closure
from vision.settings import EyesClosedSettings


class EyesClosedDetector(KindDetector[EyesClosedSettings]):
    kind = "eyes_closed"
    signals = EYE_SIGNALS

    def activation(self, delta, features, rest):
        s = self.settings
        left = eye_closure(delta, rest, "left", s.closure, s.blink)
        right = eye_closure(delta, rest, "right", s.closure, s.blink)
        return min(left, right), None
