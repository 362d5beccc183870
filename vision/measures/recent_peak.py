"""The most a reading reached lately: a reading that flickers under a threshold for a frame or
two, or stops just before something begins, still counts for a while after."""

from __future__ import annotations

from collections import deque


class RecentPeak:
    """The highest reading over the last ``hold_ms`` (this frame's included), or over any
    shorter window ending now. Readings a later, higher one outlasts are dropped, so the peak
    is the oldest reading kept inside the window."""

    def __init__(self, hold_ms: int) -> None:
        self.hold_ms = hold_ms
        self._kept: deque[tuple[int, float]] = deque()

    def update(self, ts_ms: int, value: float) -> float:
        """Add this frame's reading; returns the peak over ``hold_ms``."""
        while self._kept and self._kept[0][0] < ts_ms - self.hold_ms:
            self._kept.popleft()
        while self._kept and self._kept[-1][1] <= value:
            self._kept.pop()
        self._kept.append((ts_ms, value))
        return self._kept[0][1]

    def within(self, ts_ms: int, window_ms: int) -> float:
        """The peak over the last ``window_ms`` (at most ``hold_ms``) before ``ts_ms``, the last
        reading's included; 0 before any reading."""
        start = ts_ms - min(window_ms, self.hold_ms)
        for ts, value in self._kept:
            if ts >= start:
                return value
        return 0.0
