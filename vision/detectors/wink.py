"""wink (left/right): one eye shut while the other stays open, longer than a blink."""

from __future__ import annotations

from vision.detectors.eyes import EyeKindDetector, eye_closure, lids_closing
from vision.settings import WinkSettings


class WinkDetector(EyeKindDetector[WinkSettings]):
    """A blink shuts both eyes, so the other eye's closing cancels the activation; a blink's
    brief asymmetry is shorter than ``min_ms``. A hand passing in front of one eye hides it
    while the other stays open, so an eye that something hides cancels it too: no gesture
    rather than a false wink."""

    kind = "wink"

    def activation(self, delta, features, rest):
        s, eyes = self.settings, self.eyes.settings
        best, side = 0.0, None
        for shut, other in (("left", "right"), ("right", "left")):
            closed = eye_closure(delta, rest, shut, s, eyes)
            value = closed * (1.0 - lids_closing(delta, rest, other, s, eyes)) * self.eyes.seen
            if value > best:
                best, side = value, shut
        return best, side
