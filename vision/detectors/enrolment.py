"""Enrolment: a player shows each seña of the house profile when asked, and each gesture kind's
sensitivity is set so that this player's own gesture, at its own size, clearly starts one.

It is a layer over the detectors: while a prompted window is open, :class:`Enrolment` keeps the
highest activation the asked kind reaches *before* sensitivity (``raw_scores``), and in a
window of rest or ordinary talking the highest every kind reaches. The sensitivity of a kind is
then the gain that lifts the smallest of the player's shows to ``TARGET_OVER_ON`` times the
kind's ``on`` (within ``SENSITIVITY_RANGE``), but never so high that the player's talking would
reach ``QUIET_UNDER_OFF`` of ``off``.

The eye kinds need one threshold of the player's own: an eye counts as shut only once eyeBlink
has risen as far as a real shut eye's (``shut_blink``), and a face whose eyes rest narrowed
cannot rise that far, so no sensitivity can lift its activation from 0. For them enrolment also
keeps how far the player's eyeBlink rose in each show, and the kind's ``shut_blink`` comes down
to ``SHUT_OF_SMALLEST`` of the smallest show (never up, never below ``LOWEST_SHUT``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from vision.config.detector_settings import DetectorSettings
from vision.measures.baseline import EnrolledKind

#: The player's smallest show must reach this multiple of ``on`` (margin for a smaller one).
TARGET_OVER_ON = 1.5
#: A player's sensitivity stays within these bounds whatever the shows measured.
SENSITIVITY_RANGE = (0.5, 3.0)
#: Ordinary talking, amplified, must stay under this share of ``off``.
QUIET_UNDER_OFF = 0.8
#: A show whose peak reaches this was clipped at 1: the gesture may be larger, so enrolment
#: never lowers that kind's sensitivity below 1.
SATURATED = 0.99
#: A show under this peak is not the gesture (the face was not seen, or the player did not
#: move): the kind is not enrolled from it.
NOT_SEEN = 0.05
#: An eye kind's shut_blink tops out at this share of the player's smallest shown rise.
SHUT_OF_SMALLEST = 0.9
#: ... and never lower than this: a show that rose less was a squint, not a shut eye.
LOWEST_SHUT = 0.25
#: ... nor within this of how far the eyes stayed risen at rest and talking, the player's
#: look down at the cards included: that level is the share ``QUIET_SHUT_SHARE`` of the rest
#: window's frames does not pass (a blink, a tenth of a second, is too brief to count).
QUIET_SHUT_MARGIN = 0.1
QUIET_SHUT_SHARE = 0.9


class ScoredSeat(Protocol):
    def raw_scores(self) -> dict[str, float]: ...

    def shut_rises(self) -> dict[str, float]: ...


def seen_peaks(enrolled: EnrolledKind) -> list[float]:
    """The shows' peaks that saw the gesture at all."""
    return [p for p in enrolled.peaks if p >= NOT_SEEN]


def seen_shut_rises(enrolled: EnrolledKind) -> list[float]:
    """The eye kinds' shows that rose as a shut eye does (not a squint, not a face unseen)."""
    return [r for r in enrolled.shut_rises if SHUT_OF_SMALLEST * r >= LOWEST_SHUT]


def was_seen(enrolled: EnrolledKind) -> bool:
    """Whether any show of the kind taught enrolment something."""
    return bool(seen_peaks(enrolled) or seen_shut_rises(enrolled))


def enrolled_sensitivity(enrolled: EnrolledKind, on: float, off: float) -> float | None:
    """The sensitivity that makes this player's shows of a kind start it with margin, or None
    when no show was seen."""
    peaks = seen_peaks(enrolled)
    if not peaks:
        return None
    low, high = SENSITIVITY_RANGE
    smallest = min(peaks)
    gain = TARGET_OVER_ON * on / smallest
    if enrolled.quiet_peak is not None and enrolled.quiet_peak > 0:
        gain = min(gain, QUIET_UNDER_OFF * off / enrolled.quiet_peak)
    if smallest >= SATURATED:
        low = max(low, 1.0)
    return round(min(max(gain, low), high), 3)


def enrolled_sensitivities(
    enrolment: Mapping[str, EnrolledKind], settings: DetectorSettings
) -> dict[str, float]:
    """The sensitivity of every enrolled kind whose shows were seen."""
    found = {}
    for kind, enrolled in enrolment.items():
        kind_settings = settings.gestures.of(kind)
        value = enrolled_sensitivity(enrolled, kind_settings.on, kind_settings.off)
        if value is not None:
            found[kind] = value
    return found


def enrolled_shut_blink(
    enrolment: Mapping[str, EnrolledKind], settings: DetectorSettings
) -> dict[str, tuple[float, float]]:
    """The ``shut_blink`` ramp of every eye kind whose enrolled shows rose less far than it
    asks: topped at ``SHUT_OF_SMALLEST`` of the smallest show but kept ``QUIET_SHUT_MARGIN``
    over the eyes' level at rest, as wide as the settings' own."""
    gates = {}
    for kind, enrolled in enrolment.items():
        shown = seen_shut_rises(enrolled)
        if not shown:
            continue
        lo, hi = settings.gestures.of(kind).shut_blink  # type: ignore[attr-defined]
        top = SHUT_OF_SMALLEST * min(shown)
        if enrolled.quiet_shut_rise is not None:
            top = max(top, enrolled.quiet_shut_rise + QUIET_SHUT_MARGIN)
        if top < hi:
            gates[kind] = (round(max(top - (hi - lo), 0.0), 4), round(top, 4))
    return gates


def enrolled_settings(
    settings: DetectorSettings,
    enrolment: Mapping[str, EnrolledKind],
    sensitivities: Mapping[str, float] | None = None,
) -> DetectorSettings:
    """The detector settings a player's enrolment calls for: each kind's sensitivity
    (``sensitivities`` when given, as a player's file keeps them, else the enrolment's own) and
    the eye kinds' shut eyes."""
    if sensitivities is None:
        sensitivities = enrolled_sensitivities(enrolment, settings)
    gates = enrolled_shut_blink(enrolment, settings)
    return settings.with_sensitivities(dict(sensitivities)).with_shut_blink(gates)


@dataclass
class Enrolment:
    """Watches one seat's raw activations through prompted windows.

    Call :meth:`begin` with the kind asked for (or None for rest and ordinary talking),
    :meth:`observe` after every frame the seat's detector was updated on, and :meth:`end` when
    the window closes; :meth:`learnt` then says what was measured per kind.
    """

    seat: ScoredSeat
    _window: str | None = None
    _open: bool = False
    _peak: dict[str, float] = field(default_factory=dict)
    _peaks: dict[str, list[float]] = field(default_factory=dict)
    _quiet: dict[str, float] = field(default_factory=dict)
    _rise: float = 0.0
    _rises: dict[str, list[float]] = field(default_factory=dict)
    _resting_rises: dict[str, list[float]] = field(default_factory=dict)

    @property
    def is_open(self) -> bool:
        return self._open

    @property
    def asking(self) -> str | None:
        """The kind whose window is open (None: none, or a window of rest)."""
        return self._window if self._open else None

    def begin(self, kind: str | None) -> None:
        if self._open:
            raise RuntimeError("an enrolment window is already open")
        self._window, self._open, self._peak, self._rise = kind, True, {}, 0.0

    def observe(self) -> None:
        if not self._open:
            return
        for kind, value in self.seat.raw_scores().items():
            self._peak[kind] = max(self._peak.get(kind, 0.0), value)
        rises = self.seat.shut_rises()
        if self._window is None:
            for kind, rise in rises.items():
                self._resting_rises.setdefault(kind, []).append(rise)
        elif self._window in rises:
            self._rise = max(self._rise, rises[self._window])

    def end(self) -> float:
        """Close the window; returns the asked kind's peak in it (for a rest window, the
        highest of any kind)."""
        if not self._open:
            raise RuntimeError("no enrolment window is open")
        self._open = False
        if self._window is None:
            for kind, value in self._peak.items():
                self._quiet[kind] = max(self._quiet.get(kind, 0.0), value)
            return max(self._peak.values(), default=0.0)
        peak = self._peak.get(self._window, 0.0)
        self._peaks.setdefault(self._window, []).append(peak)
        if self._window in self.seat.shut_rises():
            self._rises.setdefault(self._window, []).append(self._rise)
        return peak

    def learnt(self) -> dict[str, EnrolledKind]:
        """Each kind shown at least once: its shows' peaks, its peak at rest and, for the eye
        kinds, how far eyeBlink rose in each show and stayed risen at rest (over every frame of
        the rest windows)."""
        resting = {
            kind: float(np.quantile(seen, QUIET_SHUT_SHARE))
            for kind, seen in self._resting_rises.items()
        }
        return {
            kind: EnrolledKind(
                tuple(peaks),
                self._quiet.get(kind),
                tuple(self._rises.get(kind, ())),
                resting.get(kind),
            )
            for kind, peaks in self._peaks.items()
        }
