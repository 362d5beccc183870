"""Enrolment: a player shows each seña of the house profile when asked, and each gesture kind's
sensitivity is set so that this player's own gesture, at its own size, clearly starts one.

It is a layer over the detectors: while a prompted window is open, :class:`Enrolment` keeps the
highest activation the asked kind reaches *before* sensitivity (``raw_scores``), and in a
window of rest or ordinary talking the highest every kind reaches. The sensitivity of a kind is
then the gain that lifts the smallest of the player's shows to ``target_over_on`` times the
kind's ``on`` (within ``sensitivity_range``), but never so high that the player's talking would
reach ``quiet_under_off`` of ``off`` (all in ``[enrolment]`` of models/detectors.toml).

The eye kinds need one threshold of the player's own: an eye counts as shut only once eyeBlink
has risen as far as a real shut eye's (``shut_blink``), and a face whose eyes rest narrowed
cannot rise that far, so no sensitivity can lift its activation from 0. For them enrolment also
keeps how far the player's eyeBlink rose in each show, and the kind's ``shut_blink`` comes down
to ``shut_of_smallest`` of the smallest show (never up, never below ``lowest_shut``, and kept
``quiet_shut_margin`` over the level the eyes stayed at while the player talked and looked down
at the cards).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from vision.config.detector_settings import DetectorSettings, EnrolmentSettings
from vision.measures.baseline import EnrolledKind


class ScoredSeat(Protocol):
    settings: DetectorSettings

    def raw_scores(self) -> dict[str, float]: ...

    def shut_rises(self) -> dict[str, float]: ...


def seen_peaks(enrolled: EnrolledKind, rules: EnrolmentSettings) -> list[float]:
    """The shows' peaks that saw the gesture at all."""
    return [p for p in enrolled.peaks if p >= rules.not_seen]


def seen_shut_rises(enrolled: EnrolledKind, rules: EnrolmentSettings) -> list[float]:
    """The eye kinds' shows that rose as a shut eye does (not a squint, not a face unseen)."""
    return [r for r in enrolled.shut_rises if rules.shut_of_smallest * r >= rules.lowest_shut]


def was_seen(enrolled: EnrolledKind, rules: EnrolmentSettings) -> bool:
    """Whether any show of the kind taught enrolment something."""
    return bool(seen_peaks(enrolled, rules) or seen_shut_rises(enrolled, rules))


def show_size(enrolled: EnrolledKind) -> float:
    """How large the kind's last show was, as the pages say it (0..1): for an eye kind how far
    eyeBlink rose over rest, what enrolment learns from (its activation stays 0 on a face whose
    eyes rest narrowed, however fully they shut), for any other kind its peak activation."""
    return enrolled.shut_rises[-1] if enrolled.shut_rises else enrolled.peaks[-1]


def enrolled_sensitivity(
    enrolled: EnrolledKind, on: float, off: float, rules: EnrolmentSettings
) -> float | None:
    """The sensitivity that makes this player's shows of a kind start it with margin, or None
    when no show was seen."""
    peaks = seen_peaks(enrolled, rules)
    if not peaks:
        return None
    low, high = rules.sensitivity_range
    smallest = min(peaks)
    gain = rules.target_over_on * on / smallest
    if enrolled.quiet_peak is not None and enrolled.quiet_peak > 0:
        gain = min(gain, rules.quiet_under_off * off / enrolled.quiet_peak)
    if smallest >= rules.saturated:
        low = max(low, 1.0)
    return round(min(max(gain, low), high), 3)


def enrolled_sensitivities(
    enrolment: Mapping[str, EnrolledKind], settings: DetectorSettings
) -> dict[str, float]:
    """The sensitivity of every enrolled kind whose shows were seen."""
    found = {}
    for kind, enrolled in enrolment.items():
        kind_settings = settings.gestures.of(kind)
        value = enrolled_sensitivity(
            enrolled, kind_settings.on, kind_settings.off, settings.enrolment
        )
        if value is not None:
            found[kind] = value
    return found


def enrolled_shut_blink(
    enrolment: Mapping[str, EnrolledKind], settings: DetectorSettings
) -> dict[str, tuple[float, float]]:
    """The ``shut_blink`` ramp of every eye kind whose enrolled shows rose less far than it
    asks: topped at ``shut_of_smallest`` of the smallest show but kept ``quiet_shut_margin``
    over the eyes' level at rest, as wide as the settings' own."""
    rules = settings.enrolment
    gates = {}
    for kind, enrolled in enrolment.items():
        shown = seen_shut_rises(enrolled, rules)
        if not shown:
            continue
        lo, hi = settings.gestures.of(kind).shut_blink  # type: ignore[attr-defined]
        top = rules.shut_of_smallest * min(shown)
        if enrolled.quiet_shut_rise is not None:
            top = max(top, enrolled.quiet_shut_rise + rules.quiet_shut_margin)
        if top < hi:
            gates[kind] = (round(max(top - (hi - lo), 0.0), 4), round(top, 4))
    return gates


def unguarded_eye_kinds(
    enrolment: Mapping[str, EnrolledKind], settings: DetectorSettings
) -> list[str]:
    """The eye kinds whose level enrolment lowered with no look down at the cards seen in the
    rest window (the eyes rose less than ``look_seen`` there): nothing keeps that level above
    the player's look down, which on a face resting narrowed rises nearly as far as its shut
    eye (``card_play.py --narrow``: dozens of false closures a minute)."""
    look_seen = settings.enrolment.look_seen
    return [
        kind
        for kind in enrolled_shut_blink(enrolment, settings)
        if (enrolment[kind].quiet_shut_rise or 0.0) < look_seen
    ]


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
    #: The open rest window's rises, kept with the others once it ends.
    _window_rests: dict[str, list[float]] = field(default_factory=dict)
    _rested: bool = False

    @property
    def is_open(self) -> bool:
        return self._open

    @property
    def rested(self) -> bool:
        """Whether a window of rest and ordinary talking has ended."""
        return self._rested

    @property
    def asking(self) -> str | None:
        """The kind whose window is open (None: none, or a window of rest)."""
        return self._window if self._open else None

    def begin(self, kind: str | None) -> None:
        if self._open:
            raise RuntimeError("an enrolment window is already open")
        self._window, self._open, self._peak, self._rise = kind, True, {}, 0.0
        self._window_rests = {}

    def observe(self) -> None:
        if not self._open:
            return
        for kind, value in self.seat.raw_scores().items():
            self._peak[kind] = max(self._peak.get(kind, 0.0), value)
        rises = self.seat.shut_rises()
        if self._window is None:
            for kind, rise in rises.items():
                self._window_rests.setdefault(kind, []).append(rise)
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
            for kind, rises in self._window_rests.items():
                self._resting_rises.setdefault(kind, []).extend(rises)
            self._rested = True
            return max(self._peak.values(), default=0.0)
        peak = self._peak.get(self._window, 0.0)
        self._peaks.setdefault(self._window, []).append(peak)
        if self._window in self.seat.shut_rises():
            self._rises.setdefault(self._window, []).append(self._rise)
        return peak

    def cancel(self) -> None:
        """Close the window keeping nothing of it (the seat began calibrating again: what it
        saw was measured against a rest that is gone)."""
        self._open = False

    def learnt(self) -> dict[str, EnrolledKind]:
        """Each kind shown at least once: its shows' peaks, its peak at rest and, for the eye
        kinds, how far eyeBlink rose in each show and stayed risen at rest (over every frame of
        the rest windows)."""
        share = self.seat.settings.enrolment.quiet_shut_share
        resting = {
            kind: float(np.quantile(seen, share)) for kind, seen in self._resting_rises.items()
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
