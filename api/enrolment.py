"""Enrolment as ``keinu calibrate --enrol`` and the practice and referee pages run it: which
gestures the house profile asks a player to show, and one prompted window on a live seat."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.senas.profile import Profile

if TYPE_CHECKING:
    from vision.detectors.enrolment import Enrolment
    from vision.detectors.seat import SeatGestureDetector

#: The window of rest and ordinary talking (no seña) is asked for under this name.
REST = "rest"


def profile_kinds(profile: Profile) -> dict[str, list[str]]:
    """Each gesture kind the profile's señas use, in the catalogue's order, with the meanings
    that use it."""
    kinds: dict[str, list[str]] = {}
    for entry in profile.entries:
        for pattern in entry.gestures:
            meanings = kinds.setdefault(pattern.kind, [])
            if entry.meaning not in meanings:
                meanings.append(entry.meaning)
    return kinds


@dataclass
class LiveWindow:
    """One prompted window on a seat's detector, watching from the first frame it sees for
    ``duration_ms`` of source time; then it detaches and hands the window's peak to ``done``.
    Attach it (``detector.watchers``) in the pipeline's thread."""

    detector: SeatGestureDetector
    enrolment: Enrolment
    kind: str | None
    duration_ms: int
    done: Callable[[float], None]
    _start_ms: int | None = None

    def __call__(self, ts_ms: int) -> None:
        if self._start_ms is None:
            self._start_ms = ts_ms
            self.enrolment.begin(self.kind)
        self.enrolment.observe()
        if ts_ms - self._start_ms >= self.duration_ms:
            self.detector.watchers.remove(self)
            self.done(self.enrolment.end())
