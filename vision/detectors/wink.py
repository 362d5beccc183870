"""wink (left/right): one eye shut while the other stays open, longer than a blink."""

from __future__ import annotations

from vision.detectors.base import KindDetector
from vision.detectors.eyes import EYE_SIGNALS, eye_closure, lid_drop
from vision.features import ramp
from vision.settings import WinkSettings


class WinkDetector(KindDetector[WinkSettings]):
    """A blink shuts both eyes, so the other eye's closing (its lid gap, read on geometry alone
    because a wink's sympathetic squint lifts its eyeBlink too) cancels the activation; a
    blink's brief asymmetry is shorter than ``min_ms``."""

    kind = "wink"
    signals = EYE_SIGNALS

    def activation(self, delta, features, rest):
        s = self.settings
        best, side = 0.0, None
        for shut, other in (("left", "right"), ("right", "left")):
            closed = eye_closure(delta, rest, shut, s.closure, s.blink)
            other_closing = ramp(lid_drop(delta, rest, other), s.other_open)
            value = closed * (1.0 - other_closing)
            if value > best:
                best, side = value, shut
        return best, side
