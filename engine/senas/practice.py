"""For practice mode: which true señas a hand allows, and how to make each one."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any

from engine.cards import Hand
from engine.gesture import GESTURE_SIDES
from engine.rules import Rules
from engine.senas.interpret import longest_entry
from engine.senas.meanings import meaning
from engine.senas.profile import CatalogueEntry, GesturePattern, Profile


@dataclass(frozen=True, slots=True)
class SenaOption:
    """A true seña for the hand: its meaning, its lance, and each way the profile has of
    making it (a way is gestures in order, "kind" meaning any side)."""

    meaning: str
    lance: str
    ways: tuple[tuple[str, ...], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"meaning": self.meaning, "lance": self.lance, "ways": [list(w) for w in self.ways]}


def ways_of(entry: CatalogueEntry, profile: Profile) -> list[tuple[str, ...]]:
    """How to make ``entry``: its gestures as written when every side they allow reads as it,
    else the sides that do (a more specific seña may take a side, like a variant's head_tilt
    right in a profile where any head_tilt is a par)."""
    choices = [
        [pattern]
        if pattern.side or not GESTURE_SIDES[pattern.kind]
        else [GesturePattern(pattern.kind, side) for side in GESTURE_SIDES[pattern.kind]]
        for pattern in entry.gestures
    ]
    concrete = list(product(*choices))
    reads_as_entry = [
        way for way in concrete if longest_entry([(p.kind, p.side) for p in way], profile) == entry
    ]
    if len(reads_as_entry) == len(concrete):
        return [tuple(pattern.label for pattern in entry.gestures)]
    return [tuple(pattern.label for pattern in way) for way in reads_as_entry]


def senas_for(hand: Hand, profile: Profile, rules: Rules | None = None) -> list[SenaOption]:
    """The señas of ``profile`` that ``hand`` makes true, in catalogue order. Señas no cards can
    confirm (malas, the mus wishes) are left out: a drill cannot check them."""
    rules = rules or Rules()
    ways: dict[str, list[tuple[str, ...]]] = {}
    for entry in profile.entries:
        claim = meaning(entry.meaning)
        if claim is not None and claim.holds is not None and claim.holds(hand, rules):
            ways.setdefault(entry.meaning, []).extend(ways_of(entry, profile))
    return [SenaOption(name, profile.lance_of(name), tuple(w)) for name, w in ways.items() if w]
