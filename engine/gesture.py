"""What the camera saw: the vocabulary shared by ``vision`` (which produces gestures) and the
engine (which interprets them as señas under a house profile)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import Refusal
from engine.seats import MAX_SEATS

#: Every gesture kind and the sides it can carry. Sides are the player's own, not the image's.
#: An empty tuple means the kind has no side. A gesture of a kind with sides may still carry
#: none (``side`` None, as a side-less kind's): the referee saw it and not its side, which
#: matches only a seña written without a side.
GESTURE_SIDES: dict[str, tuple[str, ...]] = {
    "lip_bite": ("center", "left", "right"),
    "tongue_out": ("center", "left", "right"),
    "mouth_twist": ("left", "right"),
    "brows_raised": (),
    "wink": ("left", "right"),
    "eyes_closed": (),
    "pout": (),
    "head_tilt": ("left", "right"),
    "shrug": ("both", "left", "right"),
}

GESTURE_KINDS: tuple[str, ...] = tuple(GESTURE_SIDES)


class GestureError(Refusal):
    """A gesture kind or side that is not in the vocabulary (a ``Refusal``: a seña's call
    naming one is refused with its code and params)."""


def normalise_side(kind: str, side: str | None) -> str | None:
    """Check ``kind``/``side`` against the vocabulary: None when no side is given (none is
    made up, or a seña whose meaning depends on the side would change)."""
    if kind not in GESTURE_SIDES:
        raise GestureError(
            f"unknown gesture {kind!r}; known: {', '.join(GESTURE_KINDS)}",
            code="unknown_gesture",
            params={"gesture": kind, "known": list(GESTURE_KINDS)},
        )
    if side in (None, ""):
        return None
    sides = GESTURE_SIDES[kind]
    if not sides:
        raise GestureError(
            f"gesture {kind!r} has no side, got {side!r}",
            code="gesture_no_side",
            params={"gesture": kind, "side": side},
        )
    if side not in sides:
        raise GestureError(
            f"gesture {kind!r} takes side {' | '.join(sides)}, got {side!r}",
            code="gesture_side",
            params={"gesture": kind, "side": side, "sides": list(sides)},
        )
    return side


def gesture_label(kind: str, side: str | None) -> str:
    """How a gesture is named in logs, captions and exports: its kind, then its side if any."""
    return kind if side is None else f"{kind} {side}"


@dataclass(frozen=True, slots=True)
class Gesture:
    """One deliberate facial or shoulder movement of one seat, as vision reports it."""

    seat: int
    kind: str
    side: str | None
    start_ms: int
    end_ms: int
    peak: float = 1.0
    confidence: float = 1.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "side", normalise_side(self.kind, self.side))
        if not 1 <= self.seat <= MAX_SEATS:
            raise GestureError(f"seat must be 1..{MAX_SEATS}, got {self.seat}")
        if self.end_ms < self.start_ms:
            raise GestureError(f"gesture ends ({self.end_ms}) before it starts ({self.start_ms})")

    @property
    def label(self) -> str:
        return gesture_label(self.kind, self.side)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "side": self.side,
            "start_ms": self.start_ms,
            "end_ms": self.end_ms,
            "peak": round(self.peak, 4),
            "confidence": round(self.confidence, 4),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Gesture:
        return cls(
            seat=int(data["seat"]),
            kind=str(data["kind"]),
            side=data.get("side"),
            start_ms=int(data["start_ms"]),
            end_ms=int(data["end_ms"]),
            peak=float(data.get("peak", 1.0)),
            confidence=float(data.get("confidence", 1.0)),
        )
