"""Enrolment as ``keinu calibrate --enrol`` and the practice and referee pages run it: which
gestures the house profile asks a player to show, and one prompted window on a live seat."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.errors import Refusal
from engine.senas.profile import Profile

if TYPE_CHECKING:
    from vision.config.detector_settings import EnrolmentSettings
    from vision.detectors.enrolment import Enrolment
    from vision.detectors.seat import SeatGestureDetector
    from vision.measures.baseline import EnrolledKind

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


def recorded_shows(
    calibration: Mapping[str, Any],
    learnt: Mapping[str, EnrolledKind],
    seen: Collection[str],
    rest: bool,
) -> dict[str, Any]:
    """A player's stored ``calibration`` with what enrolment learnt on a seat: ``enrolment``
    keeps the shows of the kinds ``seen`` (learnt), ``missed`` names the kinds shown and not
    seen (to show again: their shows of before go, the sensitivity they set stays), and
    ``rest_shown`` says the window of talking and looking at the cards was shown (``rest``)
    since the seat's calibration. The pages read the steps done from it after a reload."""
    shows = dict(calibration.get("enrolment", {}))
    missed = set(calibration.get("missed", []))
    for kind, shown in learnt.items():
        if kind in seen:
            shows[kind] = shown.to_dict()
            missed.discard(kind)
        else:
            shows.pop(kind, None)
            missed.add(kind)
    recorded = {**calibration, "enrolment": shows, "missed": sorted(missed)}
    if rest:
        recorded["rest_shown"] = True
    return recorded


def shows_as_read(
    calibration: Mapping[str, Any] | None, rules: EnrolmentSettings
) -> dict[str, Any] | None:
    """A player's stored ``calibration`` as the pages read it: a kind under ``enrolment`` whose
    shows were not seen (``was_seen``: a record stored before :func:`recorded_shows` kept such a
    kind as missed, with its peaks of 0) is read under ``missed``, to show again. The stored
    record is left as it is; the player's next show of the kind puts it right."""
    from vision.detectors.enrolment import was_seen
    from vision.measures.baseline import EnrolledKind

    if calibration is None:
        return None
    shows = calibration.get("enrolment", {})
    unseen = {k for k, shown in shows.items() if not was_seen(EnrolledKind.from_dict(shown), rules)}
    if not unseen:
        return dict(calibration)
    return {
        **calibration,
        "enrolment": {k: shown for k, shown in shows.items() if k not in unseen},
        "missed": sorted(unseen.union(calibration.get("missed", []))),
    }


@dataclass
class LiveWindow:
    """One prompted window on a seat's detector, watching from the first frame it sees for
    ``duration_ms`` of source time; then it detaches and hands the window's peak to ``done``.
    :meth:`cancel` ends it early, keeping nothing, and tells ``failed`` why. Attach it
    (``detector.watchers``) and cancel it in the pipeline's thread."""

    detector: SeatGestureDetector
    enrolment: Enrolment
    kind: str | None
    duration_ms: int
    done: Callable[[float], None]
    failed: Callable[[Refusal], None]
    _start_ms: int | None = None

    def cancel(self, why: Refusal) -> None:
        self.detector.watchers.remove(self)
        if self._start_ms is not None:
            self.enrolment.cancel()
        self.failed(why)

    def __call__(self, ts_ms: int) -> None:
        if self._start_ms is None:
            self._start_ms = ts_ms
            self.enrolment.begin(self.kind)
        self.enrolment.observe()
        if ts_ms - self._start_ms >= self.duration_ms:
            self.detector.watchers.remove(self)
            self.done(self.enrolment.end())


def cancel_windows(detector: SeatGestureDetector, why: Refusal) -> None:
    """End every prompted window watching ``detector`` (it is about to calibrate again)."""
    for watcher in list(detector.watchers):
        if isinstance(watcher, LiveWindow):
            watcher.cancel(why)
