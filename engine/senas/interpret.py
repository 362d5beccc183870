"""From the gestures seen at a table to señas: group each seat's gestures that come close
together, then read each group under the profile, longest seña first.

Close together means within the profile's window when both moments are known, and otherwise
(a hand record without times) consecutive ``sena`` calls of one seat with no other call between
them. A group reads as the longest catalogue entry its first gestures match (so lip_bite twice
is cuatro_reyes, not dos_reyes twice; mouth_twist then lip_bite is tres_reyes), then the rest
of the group the same way; a gesture no entry starts with is a seña not in the catalogue.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.senas.profile import CatalogueEntry, Profile
from engine.table import SenaCall


@dataclass(frozen=True, slots=True)
class Sena:
    """One seña of one seat: the gesture calls it was read from and its meaning (None when the
    profile does not list it)."""

    seat: int
    calls: tuple[SenaCall, ...]
    meaning: str | None

    @property
    def gestures(self) -> tuple[str, ...]:
        return tuple(_label(call) for call in self.calls)

    @property
    def completed(self) -> SenaCall:
        """The call that completed the seña: the moment it is judged at."""
        return self.calls[-1]


def _label(call: SenaCall) -> str:
    return call.kind if call.side is None else f"{call.kind} {call.side}"


def _close(previous: SenaCall, call: SenaCall, window_ms: int) -> bool:
    if previous.t_ms is not None and call.t_ms is not None:
        return 0 <= call.t_ms - previous.t_ms <= window_ms
    return call.index == previous.index + 1


def group_calls(calls: Sequence[SenaCall], window_ms: int) -> list[list[SenaCall]]:
    """Each seat's gestures that belong together, in the order their groups began."""
    groups: list[list[SenaCall]] = []
    open_group: dict[int, list[SenaCall]] = {}
    for call in calls:
        group = open_group.get(call.seat)
        if group is not None and _close(group[-1], call, window_ms):
            group.append(call)
        else:
            group = [call]
            groups.append(group)
            open_group[call.seat] = group
    return groups


def longest_entry(
    gestures: Sequence[tuple[str, str | None]], profile: Profile
) -> CatalogueEntry | None:
    """The catalogue seña that the first of ``gestures`` (kind, side) make: the longest, and of
    two as long the one naming more sides."""
    best: CatalogueEntry | None = None
    for entry in profile.entries:
        size = len(entry.gestures)
        if size > len(gestures) or not all(
            pattern.matches(kind, side)
            for pattern, (kind, side) in zip(entry.gestures, gestures, strict=False)
        ):
            continue
        if best is None or (size, entry.specificity) > (len(best.gestures), best.specificity):
            best = entry
    return best


def read_group(group: Sequence[SenaCall], profile: Profile) -> list[Sena]:
    senas = []
    start = 0
    while start < len(group):
        entry = longest_entry([(c.kind, c.side) for c in group[start:]], profile)
        size = len(entry.gestures) if entry else 1
        calls = tuple(group[start : start + size])
        senas.append(Sena(calls[0].seat, calls, entry.meaning if entry else None))
        start += size
    return senas


def interpret(calls: Sequence[SenaCall], profile: Profile) -> list[Sena]:
    """The señas that ``calls`` (one hand's gestures, in order) make under ``profile``."""
    return [
        sena
        for group in group_calls(calls, profile.window_ms)
        for sena in read_group(group, profile)
    ]
