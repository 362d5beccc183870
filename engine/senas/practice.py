"""For practice mode: which true señas a hand allows, and how to make each one."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Hand
from engine.rules import Rules
from engine.senas.meanings import meaning
from engine.senas.profile import Profile


@dataclass(frozen=True, slots=True)
class SenaOption:
    """A true seña for the hand: its meaning, its lance, and each way the profile has of
    making it (a way is gestures in order, "kind" meaning any side)."""

    meaning: str
    lance: str
    ways: tuple[tuple[str, ...], ...]

    def to_dict(self) -> dict:
        return {"meaning": self.meaning, "lance": self.lance, "ways": [list(w) for w in self.ways]}


def senas_for(hand: Hand, profile: Profile, rules: Rules | None = None) -> list[SenaOption]:
    """The señas of ``profile`` that ``hand`` makes true, in catalogue order. Señas no cards can
    confirm (malas, the mus wishes) are left out: a drill cannot check them."""
    rules = rules or Rules()
    ways: dict[str, list[tuple[str, ...]]] = {}
    for entry in profile.entries:
        claim = meaning(entry.meaning)
        if claim is not None and claim.holds is not None and claim.holds(hand, rules):
            ways.setdefault(entry.meaning, []).append(tuple(p.label for p in entry.gestures))
    return [SenaOption(name, profile.lance_of(name), tuple(w)) for name, w in ways.items()]
