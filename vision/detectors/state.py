"""The state machine every gesture kind shares: hysteresis, durations, refractory period, loss.

A kind's activation (0..1) starts an event when it reaches ``on`` (outside the refractory period
after the previous event); the event's start is taken back to where the activation last rose
through ``off``, so a slow onset is not reported late. The event ends once the activation has
stayed under ``off`` for ``end_hold_ms``, and counts only if it lasted ``min_ms``..``max_ms``
(too short: a blink, a glance, a breath; too long: a resting posture). Only an event that
lasted ``min_ms`` holds the next one off for ``refractory_ms``: a flicker at a gesture's onset
must not hide the gesture itself. A face that is lost or unusable for longer than
``lost_grace_ms`` cancels the event in progress: no gesture rather than a false one.

An event that reached ``on`` but did not count for its length is kept as the tracker's
``near_miss`` until taken: the practice page tells a player whose seña was too brief, or held
too long, what it lacked.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from enum import Enum

from vision.config.detector_settings import KindSettings


class Phase(Enum):
    IDLE = "idle"
    ACTIVE = "active"
    OVERLONG = "overlong"  # held past max_ms: ignored until it lets go


@dataclass(frozen=True, slots=True)
class Event:
    start_ms: int
    end_ms: int
    peak: float
    side: str | None
    confidence: float


@dataclass(frozen=True, slots=True)
class NearMiss:
    """An activation that reached ``on`` and ended without counting: held ``too_brief`` (under
    ``min_ms``) or ``too_long`` (over ``max_ms``). ``limit_ms`` is the length it missed."""

    start_ms: int
    end_ms: int
    side: str | None
    reason: str  # "too_brief" | "too_long"
    limit_ms: int


@dataclass(slots=True)
class EventTracker:
    settings: KindSettings
    lost_grace_ms: int
    phase: Phase = Phase.IDLE
    _rise_ms: int | None = None
    _start_ms: int = 0
    _last_above_ms: int = 0
    _last_seen_ms: int | None = None
    _refractory_until: int | None = None
    _peak: float = 0.0
    _quality_sum: float = 0.0
    _frames: int = 0
    _votes: dict[str | None, float] = field(default_factory=lambda: defaultdict(float))
    #: The last activation that reached ``on`` and did not count, until ``take_near_miss``.
    near_miss: NearMiss | None = None

    def update(
        self, ts_ms: int, activation: float, side: str | None, quality: float
    ) -> Event | None:
        """Feed one usable frame; returns the event that ended on it, if one counts."""
        s = self.settings
        self._last_seen_ms = ts_ms
        above_off = activation >= s.off
        if self.phase is Phase.IDLE:
            self._rise_ms = (
                (self._rise_ms if self._rise_ms is not None else ts_ms) if above_off else None
            )
            rise = self._rise_ms if self._rise_ms is not None else ts_ms
            resting = self._refractory_until is not None and rise < self._refractory_until
            if activation >= s.on and not resting:
                self._begin(rise)
            else:
                return None
        if above_off:
            self._last_above_ms = ts_ms
            if self.phase is Phase.ACTIVE:
                self._peak = max(self._peak, activation)
                self._quality_sum += quality
                self._frames += 1
                self._votes[side] += activation
                if ts_ms - self._start_ms > s.max_ms:
                    self.phase = Phase.OVERLONG
            return None
        if ts_ms - self._last_above_ms < s.end_hold_ms:
            return None
        return self._finish()

    def lasted(self, ts_ms: int) -> bool:
        """Whether an event is under way and has lasted ``min_ms`` by ``ts_ms``."""
        return self.phase is Phase.ACTIVE and ts_ms - self._start_ms >= self.settings.min_ms

    def missing(self, ts_ms: int) -> None:
        """The face was lost or unusable this frame."""
        self._rise_ms = None
        if self.phase is Phase.IDLE or self._last_seen_ms is None:
            return
        if ts_ms - self._last_seen_ms > self.lost_grace_ms:
            self.phase = Phase.IDLE

    def hold_off(self, until_ms: int) -> None:
        """Start no event that rises before ``until_ms``."""
        self._refractory_until = max(self._refractory_until or until_ms, until_ms)

    def flush(self) -> Event | None:
        """The stream ended: close the event in progress at its last active frame."""
        if self.phase is Phase.IDLE:
            return None
        return self._finish()

    def take_near_miss(self) -> NearMiss | None:
        """The near miss kept since the last call, if any (and forget it)."""
        missed, self.near_miss = self.near_miss, None
        return missed

    def _begin(self, start_ms: int) -> None:
        self.phase = Phase.ACTIVE
        self._start_ms = start_ms
        self._peak = 0.0
        self._quality_sum = 0.0
        self._frames = 0
        self._votes.clear()

    def _finish(self) -> Event | None:
        counted = self.phase is Phase.ACTIVE
        self.phase = Phase.IDLE
        self._rise_ms = None
        end = self._last_above_ms
        duration = end - self._start_ms
        side = max(self._votes, key=self._votes.__getitem__) if self._votes else None
        if counted and duration < self.settings.min_ms:
            # A flicker at the onset is no event: the rise that follows it may start one.
            self.near_miss = NearMiss(self._start_ms, end, side, "too_brief", self.settings.min_ms)
            return None
        self.hold_off(end + self.settings.refractory_ms)
        if not counted or duration > self.settings.max_ms:
            self.near_miss = NearMiss(self._start_ms, end, side, "too_long", self.settings.max_ms)
            return None
        return Event(
            start_ms=self._start_ms,
            end_ms=end,
            peak=min(self._peak, 1.0),
            side=side,
            confidence=min(self._peak, 1.0) * self._quality_sum / max(self._frames, 1),
        )
