"""How closed each eye is, from its lid geometry and its eyeBlink blendshape."""

from __future__ import annotations

from collections.abc import Mapping

from vision.features import ramp
from vision.settings import Ramp

EYE_SIGNALS = ("eye_open_left", "eye_open_right", "eyeBlinkLeft", "eyeBlinkRight")


def eye_closure(delta: Mapping[str, float], side: str, closure: Ramp, blink: Ramp) -> float:
    """0 (as open as at rest) .. 1 (shut) for the player's ``side`` eye: the stronger of the lid
    gap's drop and the eyeBlink blendshape's rise, so either one can carry a closed eye."""
    lids = ramp(-delta[f"eye_open_{side}"], closure)
    shape = ramp(delta[f"eyeBlink{side.capitalize()}"], blink)
    return max(lids, shape)
