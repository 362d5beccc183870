"""How closed each eye is, from its lid geometry and its eyeBlink blendshape."""

from __future__ import annotations

from collections.abc import Mapping

from vision.features import ramp
from vision.settings import Ramp

EYE_SIGNALS = ("eye_open_left", "eye_open_right", "eyeBlinkLeft", "eyeBlinkRight")


def lid_drop(delta: Mapping[str, float], rest: Mapping[str, float], side: str) -> float:
    """How much of its resting opening the player's ``side`` eye has lost (0..1): relative, so
    narrow and wide eyes shut alike."""
    return -delta[f"eye_open_{side}"] / max(rest.get(f"eye_open_{side}", 0.0), 0.05)


def eye_closure(
    delta: Mapping[str, float], rest: Mapping[str, float], side: str, closure: Ramp, blink: Ramp
) -> float:
    """0 (as open as at rest) .. 1 (shut) for the player's ``side`` eye: the stronger of the lid
    gap's relative drop and the eyeBlink blendshape's rise, so either one can carry it."""
    lids = ramp(lid_drop(delta, rest, side), closure)
    shape = ramp(delta[f"eyeBlink{side.capitalize()}"], blink)
    return max(lids, shape)
