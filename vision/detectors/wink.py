"""wink (left/right): one eye shut while the other stays open, longer than a blink."""

from __future__ import annotations

from collections.abc import Mapping

from vision.config.detector_settings import WinkSettings
from vision.detectors.eyes import EyeKindDetector, lid_drop
from vision.measures.features import ramp


class WinkDetector(EyeKindDetector[WinkSettings]):
    """A blink shuts both eyes, so the other eye's closing cancels the activation; a blink's
    brief asymmetry is shorter than ``min_ms``. A hand passing in front of one eye hides it
    while the other stays open, so an eye that something hides cancels it too: no gesture
    rather than a false wink."""

    kind = "wink"

    def activation(self, delta, features, rest):
        best, side = 0.0, None
        for shut, other in (("left", "right"), ("right", "left")):
            closed = self.closure(delta, rest, shut)
            value = closed * (1.0 - self._closing(delta, rest, other)) * self.eyes.seen
            if value > best:
                best, side = value, shut
        return best, side

    def _closing(self, delta: Mapping[str, float], rest: Mapping[str, float], side: str) -> float:
        """How far the eye closes by its lid gap (not eyeBlink: a wink's sympathetic squint lifts
        the open eye's too) and its appearance, on the ``other_open`` ramp."""
        lids = ramp(lid_drop(delta, rest, side), self.settings.other_open)
        return self.with_look(lids, delta, rest, side)
