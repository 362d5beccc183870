"""How much a face is talking: the lips' back-and-forth over the last moments.

A seña of the mouth is held still (a lip bitten, a tongue out, a pout, a twist); speech opens
and closes the lips several times a second. So the measure is the lips' inner gap's travel over
a trailing window less its net change: a mouth that opens once into a tongue out travels no
further than it ends up, a talking one travels far and ends where it began. The landmarks
jitter from frame to frame (0.03-0.05 face sizes around a generated tongue), so the gap is
first followed with some play (``deadband``): it moves only once it has left that band around
where it was, and a flutter inside the band travels nowhere.
"""

from __future__ import annotations

from collections import deque


class SpeechActivity:
    """The back-and-forth of one face's lips over the last ``window_ms``."""

    def __init__(self, window_ms: int, deadband: float) -> None:
        self.window_ms = window_ms
        self.deadband = deadband
        self._gaps: deque[tuple[int, float]] = deque()

    def update(self, ts_ms: int, mouth_open: float) -> float:
        """Add this frame's inner lip gap (face sizes); returns the travel of the gap, followed
        with play ``deadband``, over the window (this frame's included) less its net change: 0
        for a still or steadily moving mouth."""
        self._gaps.append((ts_ms, mouth_open))
        while self._gaps[0][0] <= ts_ms - self.window_ms:
            self._gaps.popleft()
        start = followed = self._gaps[0][1]
        travel, deadband = 0.0, self.deadband
        for _, gap in self._gaps:
            # min(max(followed, low), high), as the builtins pick (this runs over every frame
            # of the window, every frame).
            low, high = gap - deadband, gap + deadband
            moved = low if low > followed else followed
            if high < moved:
                moved = high
            travel += abs(moved - followed)
            followed = moved
        return travel - abs(followed - start)
