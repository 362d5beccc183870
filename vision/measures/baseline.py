"""A face's resting values: calibrated from a few seconds of neutral face, then slowly adapted.

Detectors read each feature as a change from this baseline, so a player whose resting face
squints, smiles or pouts is not read as winking or pouting. Calibration takes the median of every
signal over ``calibration.seconds`` of good frames (a blink inside it does not move a median).
Afterwards a signal follows the face with a time constant of ``baseline.adapt_seconds`` while
every gesture that reads it is at rest, and of ``baseline.release_seconds`` while one of them is
held past its maximum duration: a posture held that long is the new resting face.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from vision.config.detector_settings import DetectorSettings, SettingsError
from vision.measures.numeric import frame_step_ms

#: Version 2 added the enrolled señas, version 3 the kinds shown but not seen (``missed``); the
#: files of versions 1 (no enrolment) and 2 (no missed, and possibly a kind not seen among the
#: enrolled: it enrols nothing, ``vision.detectors.enrolment.was_seen``) still load.
PLAYER_FILE_VERSION = 3
READABLE_VERSIONS = (1, 2, 3)


@dataclass(slots=True)
class CalibrationStatus:
    state: str  # "calibrating" | "ready"
    progress: float  # 0..1
    #: False while calibrating on a face seen but not at rest (``calibration.neutral_max``):
    #: the player is to open the eyes, close the lips and relax the brows.
    resting: bool = True
    #: True once the rest was taken from a face never at rest (``lenient_after_seconds``): the
    #: frames seen before it were not judged.
    guessed: bool = False


@dataclass(slots=True)
class Baseline:
    """Resting value per signal name, with its calibration."""

    calibration_ms: float
    adapt_ms: float
    release_ms: float
    values: dict[str, float] = field(default_factory=dict)
    _samples: dict[str, list[float]] = field(default_factory=dict)
    _collected_ms: float = 0.0
    _last_ts: int | None = None

    @classmethod
    def from_settings(cls, settings: DetectorSettings) -> Baseline:
        return cls(
            calibration_ms=settings.calibration.seconds * 1000.0,
            adapt_ms=settings.baseline.adapt_seconds * 1000.0,
            release_ms=settings.baseline.release_seconds * 1000.0,
        )

    @property
    def ready(self) -> bool:
        return self._collected_ms >= self.calibration_ms

    @property
    def status(self) -> CalibrationStatus:
        if self.ready:
            return CalibrationStatus("ready", 1.0)
        return CalibrationStatus("calibrating", min(self._collected_ms / self.calibration_ms, 1.0))

    def restart(self) -> None:
        """Forget everything and calibrate again."""
        self.values.clear()
        self._samples.clear()
        self._collected_ms = 0.0
        self._last_ts = None

    def load(self, values: Mapping[str, float]) -> None:
        """Start from resting values calibrated earlier (a player's file): no calibration."""
        self.restart()
        self.values.update(values)
        self._collected_ms = self.calibration_ms

    def gap(self) -> None:
        """The face was lost or unusable: the next frame's time does not count as calibration."""
        self._last_ts = None

    def calibrate(self, ts_ms: int, signals: Mapping[str, float]) -> None:
        """Add one good neutral frame; the median becomes the baseline once enough time passed."""
        step = frame_step_ms(self._last_ts, ts_ms)
        self._last_ts = ts_ms
        self._collected_ms += step
        for name, value in signals.items():
            self._samples.setdefault(name, []).append(value)
        if self.ready:
            self.values = _medians(self._samples)
            self._samples.clear()

    def rest_at(self, signals: Mapping[str, float]) -> None:
        """Take these signals' present values as their resting values (a new rest)."""
        self.values.update(signals)

    def delta(self, signals: Mapping[str, float]) -> dict[str, float]:
        """Every signal minus its resting value (a signal never seen at rest counts as rest)."""
        resting = self.values.get
        return {name: value - resting(name, value) for name, value in signals.items()}

    def adapt(
        self,
        ts_ms: int,
        signals: Mapping[str, float],
        frozen: Iterable[str] = (),
        released: Iterable[str] = (),
    ) -> None:
        """Follow the face slowly; ``frozen`` signals (a gesture is using them) stay put and
        ``released`` ones (a gesture held too long) follow fast."""
        step = frame_step_ms(self._last_ts, ts_ms)
        self._last_ts = ts_ms
        frozen, released = set(frozen), set(released)
        slow = 1.0 - math.exp(-step / self.adapt_ms)
        fast = 1.0 - math.exp(-step / self.release_ms)
        values = self.values
        for name, value in signals.items():
            resting = values.get(name)
            if resting is None:
                values[name] = value
            elif name in released:
                values[name] = resting + fast * (value - resting)
            elif name not in frozen:
                values[name] = resting + slow * (value - resting)


def _medians(samples: Mapping[str, list[float]]) -> dict[str, float]:
    """``float(np.median(v))`` of each signal's samples, in their order: the signals seen as
    often go through one ``np.median(..., axis=1)``, the same values as one call each (a call
    costs more than its arithmetic, and a calibration ends on some hundred)."""
    by_count: dict[int, list[str]] = {}
    for name, values in samples.items():
        by_count.setdefault(len(values), []).append(name)
    medians: dict[str, float] = {}
    for names in by_count.values():
        rows = np.median(np.array([samples[name] for name in names]), axis=1).tolist()
        medians.update(zip(names, rows, strict=True))
    return {name: medians[name] for name in samples}


@dataclass(frozen=True, slots=True)
class EnrolledKind:
    """What enrolment learnt of one gesture kind for one player: the peak activation (before
    sensitivity) each time the player showed it when asked, the highest it reached while the
    player sat at rest or talked (None: not measured), and for the eye kinds how far the
    player's eyeBlink rose over rest in each show (the shut eye's; both eyes' lower) and how far
    it stayed risen for a good share of the time at rest or talking (None: not measured)."""

    peaks: tuple[float, ...]
    quiet_peak: float | None = None
    shut_rises: tuple[float, ...] = ()
    quiet_shut_rise: float | None = None

    def to_dict(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "peaks": [round(p, 4) for p in self.peaks],
            "quiet_peak": self.quiet_peak,
        }
        if self.shut_rises:
            document["shut_rises"] = [round(r, 4) for r in self.shut_rises]
        if self.quiet_shut_rise is not None:
            document["quiet_shut_rise"] = round(self.quiet_shut_rise, 4)
        return document

    @classmethod
    def from_dict(cls, document: Mapping[str, Any]) -> EnrolledKind:
        quiet, quiet_shut = document.get("quiet_peak"), document.get("quiet_shut_rise")
        return cls(
            peaks=tuple(float(p) for p in document["peaks"]),
            quiet_peak=None if quiet is None else float(quiet),
            shut_rises=tuple(float(r) for r in document.get("shut_rises", ())),
            quiet_shut_rise=None if quiet_shut is None else float(quiet_shut),
        )


def save_player(
    path: Path,
    player: str,
    baseline: Mapping[str, float],
    sensitivities: Mapping[str, float],
    enrolment: Mapping[str, EnrolledKind] | None = None,
    missed: Iterable[str] = (),
) -> None:
    """Write a player's calibrated baseline, sensitivities and enrolled señas (JSON): the shows
    of the kinds learnt under ``enrolment``, the kinds shown but not seen under ``missed``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    document = {
        "version": PLAYER_FILE_VERSION,
        "player": player,
        "baseline": {name: round(value, 6) for name, value in sorted(baseline.items())},
        "sensitivities": dict(sorted(sensitivities.items())),
        "enrolment": {kind: e.to_dict() for kind, e in sorted((enrolment or {}).items())},
        "missed": sorted(set(missed)),
    }
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)


@dataclass(frozen=True, slots=True)
class PlayerFile:
    player: str
    baseline: dict[str, float]
    sensitivities: dict[str, float]
    enrolment: dict[str, EnrolledKind] = field(default_factory=dict)
    #: The kinds shown but not seen (to show again).
    missed: tuple[str, ...] = ()


def load_player(path: Path) -> PlayerFile:
    """Read a file written by :func:`save_player` (or by a keinu whose files had no enrolment,
    version 1, or no ``missed``, version 2); a bad file raises SettingsError."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
        version = document.get("version")
        if version not in READABLE_VERSIONS:
            raise ValueError(f"version {version!r} is not one of {list(READABLE_VERSIONS)}")
        return PlayerFile(
            player=str(document["player"]),
            baseline={str(k): float(v) for k, v in document["baseline"].items()},
            sensitivities={str(k): float(v) for k, v in document["sensitivities"].items()},
            enrolment={
                str(k): EnrolledKind.from_dict(v) for k, v in document.get("enrolment", {}).items()
            },
            missed=tuple(str(k) for k in document.get("missed", ())),
        )
    except FileNotFoundError as exc:
        raise SettingsError(f"no player file at {path}: run `keinu calibrate` first") from exc
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise SettingsError(f"{path} is not a keinu player file ({exc})") from exc
