"""When each gesture and distractor happens in a clip, how strongly, and the exact ground truth.

Every movement follows an envelope that rises with a raised cosine over ``attack_ms``, holds its
peak for ``hold_ms`` and falls over ``release_ms``. A raised cosine crosses half its height exactly
half-way, so the truth interval (when the deformation is above half its peak) is known exactly:
from ``onset_ms + attack_ms / 2`` to ``onset_ms + attack_ms + hold_ms + release_ms / 2``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.gesture import GESTURE_SIDES

DISTRACTOR_KINDS: tuple[str, ...] = ("blink", "head_motion", "talking", "smile", "lighting", "hand")

#: (attack, (shortest hold, longest hold), release) in ms, per gesture and distractor kind.
TIMING: dict[str, tuple[int, tuple[int, int], int]] = {
    "wink": (130, (450, 800), 160),
    "eyes_closed": (150, (900, 1400), 200),
    "brows_raised": (200, (500, 900), 250),
    "tongue_out": (220, (600, 1000), 220),
    "lip_bite": (200, (700, 1100), 220),
    "mouth_twist": (200, (600, 1000), 250),
    "pout": (220, (700, 1100), 250),
    "head_tilt": (300, (700, 1100), 350),
    "shrug": (250, (400, 800), 300),
    "blink": (70, (20, 60), 120),
    "head_motion": (500, (300, 900), 500),
    "talking": (250, (1500, 2500), 250),
    "smile": (350, (800, 1500), 400),
    "lighting": (400, (800, 1500), 500),
    "hand": (0, (900, 1300), 0),
}

#: The gap between the end of the first and the start of the second of a gesture done "twice".
TWICE_GAP_MS = (250, 450)


@dataclass
class Event:
    """One movement of one seat. ``params`` holds what a kind needs beyond its envelope
    (a head motion's angle, a light's gain, the talking rhythm)."""

    seat: int
    kind: str
    side: str | None
    onset_ms: float
    attack_ms: float
    hold_ms: float
    release_ms: float
    peak: float = 1.0
    params: dict[str, float] = field(default_factory=dict)

    @property
    def is_gesture(self) -> bool:
        return self.kind in GESTURE_SIDES

    @property
    def finish_ms(self) -> float:
        return self.onset_ms + self.attack_ms + self.hold_ms + self.release_ms

    def envelope(self, t_ms: float) -> float:
        """The movement's strength at ``t_ms``: 0 before and after, ``peak`` while held."""
        u = t_ms - self.onset_ms
        if u <= 0 or t_ms >= self.finish_ms:
            return 0.0
        if u < self.attack_ms:
            return self.peak * 0.5 * (1.0 - math.cos(math.pi * u / self.attack_ms))
        u -= self.attack_ms
        if u <= self.hold_ms:
            return self.peak
        u -= self.hold_ms
        return self.peak * 0.5 * (1.0 + math.cos(math.pi * u / self.release_ms))

    def progress(self, t_ms: float) -> float:
        """0..1 through the whole movement (for a hand crossing the face)."""
        return float(np.clip((t_ms - self.onset_ms) / max(self.finish_ms - self.onset_ms, 1), 0, 1))

    def truth(self) -> dict[str, Any]:
        """The truth-file entry: the interval during which the movement is above half its peak."""
        entry = {
            "seat": self.seat,
            "kind": self.kind,
            "start_ms": round(self.onset_ms + self.attack_ms / 2),
            "end_ms": round(self.onset_ms + self.attack_ms + self.hold_ms + self.release_ms / 2),
        }
        if self.is_gesture:
            entry = {"seat": self.seat, "kind": self.kind, "side": self.side,
                     "start_ms": entry["start_ms"], "end_ms": entry["end_ms"]}  # fmt: skip
        return entry


def make_event(
    rng: np.random.Generator, seat: int, kind: str, side: str | None, onset_ms: float
) -> Event:
    """An event of ``kind`` starting at ``onset_ms`` with randomised hold, strength and params."""
    attack, (hold_lo, hold_hi), release = TIMING[kind]
    hold = float(rng.integers(hold_lo, hold_hi + 1))
    peak = float(rng.uniform(0.85, 1.0)) if kind in GESTURE_SIDES else 1.0
    params: dict[str, float] = {}
    if kind == "head_motion":
        params = {
            "degrees": float(rng.choice([-1, 1]) * rng.uniform(2.5, 5.0)),
            "dx": float(rng.uniform(-0.08, 0.08)),
            "dy": float(rng.uniform(-0.05, 0.05)),
        }
    elif kind == "talking":
        params = {"hz": float(rng.uniform(3.0, 5.0)), "phase": float(rng.uniform(0, 2 * math.pi)),
                  "depth": float(rng.uniform(0.35, 0.6))}  # fmt: skip
    elif kind == "smile":
        peak = float(rng.uniform(0.6, 1.0))
    elif kind == "lighting":
        params = {"gain": float(rng.choice([rng.uniform(0.6, 0.8), rng.uniform(1.15, 1.3)])),
                  "slope": float(rng.uniform(-0.25, 0.25))}  # fmt: skip
    elif kind == "head_tilt":
        params = {"degrees": float(rng.uniform(15.0, 20.0))}
    return Event(seat, kind, side, onset_ms, attack, hold, release, peak, params)


@dataclass(frozen=True)
class Request:
    """One gesture to put in a clip, done once or twice in a row."""

    kind: str
    side: str | None
    twice: bool = False


def plan_seat(
    rng: np.random.Generator,
    seat: int,
    requests: list[Request],
    lead_ms: float = 3000.0,
    distractor_rate: float = 0.8,
) -> tuple[list[Event], float]:
    """The events of one seat: a neutral lead-in (for calibration; one natural blink in it), then
    each requested gesture in order, separated by pauses that hold distractors. Returns the events
    and the time at which the seat's script ends."""
    events = [make_event(rng, seat, "blink", None, float(rng.uniform(800, lead_ms - 600)))]
    t = lead_ms
    for request in requests:
        if rng.random() < distractor_rate:
            kind = str(rng.choice(DISTRACTOR_KINDS))
            distractor = make_event(rng, seat, kind, None, t)
            events.append(distractor)
            t = distractor.finish_ms + float(rng.uniform(500, 900))
        if rng.random() < 0.5:
            events.append(make_event(rng, seat, "blink", None, t))
            t = events[-1].finish_ms + float(rng.uniform(400, 700))
        for _ in range(2 if request.twice else 1):
            gesture = make_event(rng, seat, request.kind, request.side, t)
            events.append(gesture)
            t = gesture.finish_ms + float(rng.uniform(*TWICE_GAP_MS))
        t += float(rng.uniform(900, 1500))
    return events, t
