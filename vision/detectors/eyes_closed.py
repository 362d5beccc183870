"""eyes_closed: both eyes shut for longer than a natural blink (min_ms in the settings)."""

from __future__ import annotations

from vision.detectors.base import KindDetector
from vision.detectors.eyes import EYE_SIGNALS, HiddenEyes, eye_closure
from vision.settings import EyesClosedSettings


class EyesClosedDetector(KindDetector[EyesClosedSettings]):
    """Both eyes' closure; a hand in front of either eye cancels it, as it does a wink."""

    kind = "eyes_closed"
    signals = EYE_SIGNALS

    def __init__(self, settings: EyesClosedSettings) -> None:
        super().__init__(settings)
        self.hidden_eyes = HiddenEyes(settings)

    def activation(self, delta, features, rest):
        s = self.settings
        seen = self.hidden_eyes.seen(features.ts_ms, delta, rest)
        left = eye_closure(delta, rest, "left", s)
        right = eye_closure(delta, rest, "right", s)
        return min(left, right) * seen, None
