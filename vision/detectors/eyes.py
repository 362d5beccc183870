"""How closed each eye is, from its lid geometry, its eyeBlink blendshape and its appearance
(vision.measures.eye_appearance)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from vision.config.detector_settings import EyeAppearanceSettings, EyeReading
from vision.detectors.base import KindDetector
from vision.measures.features import ramp
from vision.measures.numeric import clipped_unit

R = TypeVar("R", bound=EyeReading)

EYE_SIGNALS = (
    "eye_open_left", "eye_open_right", "eyeBlinkLeft", "eyeBlinkRight",
    "eye_dark_left", "eye_dark_right",
)  # fmt: skip
#: Each side's signals, named once: the eye kinds read them several times a frame.
_OPEN = {side: f"eye_open_{side}" for side in ("left", "right")}
_BLINK = {side: f"eyeBlink{side.capitalize()}" for side in ("left", "right")}
_DARK = {side: f"eye_dark_{side}" for side in ("left", "right")}


def lid_drop(delta: Mapping[str, float], rest: Mapping[str, float], side: str) -> float:
    """How much of its resting opening the player's ``side`` eye has lost (0..1): relative, so
    narrow and wide eyes shut alike."""
    name = _OPEN[side]
    return -delta[name] / max(rest.get(name, 0.0), 0.05)


def look_drop(
    delta: Mapping[str, float], rest: Mapping[str, float], side: str, eyes: EyeAppearanceSettings
) -> float | None:
    """How much of its resting darkness (iris against cheek) the eye has lost (0..1), or None
    when it was not measured or shows too little contrast at rest to lose."""
    name = _DARK[side]
    if name not in delta or rest.get(name, 0.0) < eyes.min_rest_darkness:
        return None
    return -delta[name] / rest[name]


class EyeKindDetector(KindDetector[R]):
    """A kind read from both eyes, with the seat's settings of how an eye's appearance is read.

    Nothing here tells a hand in front of an eye from a shut one: the eye's surroundings (temple,
    cheek, nose side) change as much when a real face shuts its eyes (1.0-2.0 in the points'
    standardised differences) as when a real hand covers them (<= 1.4), so that cue, proven only
    on generated faces, was dropped."""

    signals = EYE_SIGNALS

    def __init__(self, settings: R, eyes: EyeAppearanceSettings) -> None:
        super().__init__(settings)
        self.eyes = eyes

    def of_eyes(self, left: float, right: float) -> float:
        """Of a reading of each eye, the one this kind rests on (a wink: the more shut eye)."""
        raise NotImplementedError

    def closure(self, delta: Mapping[str, float], rest: Mapping[str, float], side: str) -> float:
        """0 (open) .. 1 (shut) for the player's ``side`` eye. MediaPipe's eyeBlink decides: it
        must rise as far as a real shut eye's (``shut_blink``). A real look down lowers the lids'
        landmarks and hides the iris as much as a closure does; only eyeBlink stays lower. The
        eye's appearance, where measured, confirms it: an eye that still shows its darkness is
        not shut."""
        shut = ramp(delta[_BLINK[side]], self.settings.shut_blink)
        return shut * self.look_confirms(delta, rest, side)

    def closedness(self, delta: Mapping[str, float], rest: Mapping[str, float], side: str) -> float:
        """How closed the ``side`` eye is (0..1), unsaturated so two eyes can be compared: the
        mean of its lid gap's relative drop, its eyeBlink rise and, where measured, its
        darkness lost.

        ``np.mean(np.clip(readings, 0.0, 1.0))`` in plain floats: NumPy adds a few values left to
        right from 0.0, and its clip keeps NaN and -0.0 as the conditionals do."""
        total = 0.0 + clipped_unit(lid_drop(delta, rest, side)) + clipped_unit(delta[_BLINK[side]])
        look = look_drop(delta, rest, side, self.eyes)
        if look is None:
            return total / 2
        return (total + clipped_unit(look)) / 3

    def one_sided(self, delta: Mapping[str, float], rest: Mapping[str, float]) -> float:
        """How much more closed the left eye is than the right (negative: the right)."""
        return self.closedness(delta, rest, "left") - self.closedness(delta, rest, "right")

    def look_confirms(
        self, delta: Mapping[str, float], rest: Mapping[str, float], side: str
    ) -> float:
        """How far the ``side`` eye's appearance agrees that it is shut: 1 where it was not
        measured or has lost its darkness (a lid over the iris), down to ``1 - look_weight``
        where it looks as open as at rest."""
        eyes = self.eyes
        look = look_drop(delta, rest, side, eyes)
        if look is None:
            return 1.0
        return 1.0 - eyes.look_weight + eyes.look_weight * ramp(look, eyes.look)
