"""How closed each eye is, from its lid geometry, its eyeBlink blendshape and its appearance, and
whether something hides it (vision.measures.eye_appearance)."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import TypeVar

import numpy as np

from vision.config.detector_settings import EyeAppearanceSettings, EyeReading
from vision.detectors.base import KindDetector
from vision.measures.face_occlusion import samples_of
from vision.measures.features import ramp
from vision.measures.numeric import mean_and_std, quantile

R = TypeVar("R", bound=EyeReading)

EYE_SIGNALS = (
    "eye_open_left", "eye_open_right", "eyeBlinkLeft", "eyeBlinkRight",
    "eye_dark_left", "eye_dark_right",
)  # fmt: skip


def lid_drop(delta: Mapping[str, float], rest: Mapping[str, float], side: str) -> float:
    """How much of its resting opening the player's ``side`` eye has lost (0..1): relative, so
    narrow and wide eyes shut alike."""
    return -delta[f"eye_open_{side}"] / max(rest.get(f"eye_open_{side}", 0.0), 0.05)


def look_drop(
    delta: Mapping[str, float], rest: Mapping[str, float], side: str, eyes: EyeAppearanceSettings
) -> float | None:
    """How much of its resting darkness (iris against cheek) the eye has lost (0..1), or None
    when it was not measured or shows too little contrast at rest to lose."""
    name = f"eye_dark_{side}"
    if name not in delta or rest.get(name, 0.0) < eyes.min_rest_darkness:
        return None
    return -delta[name] / rest[name]


def hidden(
    delta: Mapping[str, float], rest: Mapping[str, float], side: str, eyes: EyeAppearanceSettings
) -> float:
    """0 (the eye's surroundings look as at rest) .. 1 (something is in front of the eye).

    The surround's grey levels now and at rest are each scaled to zero mean and unit spread (a
    change of light scales and shifts them); the ``hidden_quantile`` of the points' differences is
    small when the eye is the player's own, even with a raised brow moving a few points, and large
    when a hand replaces most of them. An eye not measured counts as visible.

    (vision.measures.face_occlusion reads the same samples another way, fitting the light's gain and
    offset: a brows_raised or head_tilt hidden by an eye is told by that one.)
    """
    found = samples_of(delta, rest, f"eye_{side}")
    if found is None:
        return 0.0
    at_rest, now = found
    rest_mean, rest_std = mean_and_std(at_rest)
    if rest_std < 1e-6:
        return 0.0
    now_mean, now_std = mean_and_std(now)
    at_rest = (at_rest - rest_mean) / rest_std
    now = (now - now_mean) / max(now_std, 1e-6)
    change = quantile(np.abs(now - at_rest), eyes.hidden_quantile)
    return ramp(change, eyes.hidden)


class HiddenEyes:
    """How far something hides either eye, now or within the last ``hidden_hold_ms``: a hand
    passing in front of the face hides the middle of an eye a frame before its surroundings, and
    leaves a wink's worth of half-hidden frames behind it.

    One per seat, updated once a frame before the eye kinds read it, so wink and eyes_closed see
    the same eyes with the same settings (the [eyes] section)."""

    def __init__(self, settings: EyeAppearanceSettings) -> None:
        self.settings = settings
        self._recent: deque[tuple[int, float]] = deque()
        self.seen = 1.0

    def update(self, ts_ms: int, delta: Mapping[str, float], rest: Mapping[str, float]) -> None:
        """Read this frame's eyes against the player's rest; ``seen`` is then 1 when both eyes
        are in view and have been lately, falling to 0 as one is hidden."""
        now = max(hidden(delta, rest, side, self.settings) for side in ("left", "right"))
        self._recent.append((ts_ms, now))
        while self._recent[0][0] < ts_ms - self.settings.hidden_hold_ms:
            self._recent.popleft()
        self.seen = 1.0 - max(value for _, value in self._recent)


class EyeKindDetector(KindDetector[R]):
    """A kind read from both eyes: it shares its seat's HiddenEyes, whose settings say how an
    eye's appearance is read."""

    signals = EYE_SIGNALS

    def __init__(self, settings: R, eyes: HiddenEyes) -> None:
        super().__init__(settings)
        self.eyes = eyes

    def closure(self, delta: Mapping[str, float], rest: Mapping[str, float], side: str) -> float:
        """0 (as open as at rest) .. 1 (shut) for the player's ``side`` eye: the landmarks say
        the stronger of the lid gap's relative drop and the eyeBlink blendshape's rise."""
        lids = ramp(lid_drop(delta, rest, side), self.settings.closure)
        shape = ramp(delta[f"eyeBlink{side.capitalize()}"], self.settings.blink)
        return self.with_look(max(lids, shape), delta, rest, side)

    def with_look(
        self, landmarks: float, delta: Mapping[str, float], rest: Mapping[str, float], side: str
    ) -> float:
        """The ``landmarks``' reading of the ``side`` eye, mostly replaced by its appearance's
        where there is one: the pixels show a lid over the eye (or none) where the face model
        holds its landmarks back."""
        eyes = self.eyes.settings
        look = look_drop(delta, rest, side, eyes)
        if look is None:
            return landmarks
        w = eyes.look_weight
        return (1.0 - w) * landmarks + w * ramp(look, eyes.look)
