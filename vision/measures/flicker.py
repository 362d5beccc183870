"""How much one signal flickers about its rest on a quiet face.

A small face's pixel measures (the share of teeth-coloured pixels on half the lips) change from
frame to frame by a few pixels' worth with nothing moving: on some faces, and more at table
sizes, by as much as a fixed threshold asks of a gesture. The flicker is the root mean square of
the signal's change from rest over the frames its detector calls quiet, weighted towards the
last ``seconds``; a detector may ask a gesture to rise a few times that far.
"""

from __future__ import annotations

import math

from vision.measures.numeric import frame_step_ms


class RestingFlicker:
    """The root mean square of a signal's change from rest, over quiet frames: the plain mean of
    the first ``frames`` ones, then an exponential average with time constant ``seconds``."""

    def __init__(self, seconds: float, frames: int) -> None:
        self._time_ms = seconds * 1000.0
        self._frames = frames
        self._count = 0
        self._mean_square = 0.0
        self._last_ms: int | None = None

    def update(self, ts_ms: int, change: float | None) -> None:
        """One frame: its change from rest if the frame is quiet, None if not (a frame that is
        not quiet counts for nothing, and neither does its time)."""
        step = frame_step_ms(self._last_ms, ts_ms)
        self._last_ms = ts_ms
        if change is None:
            return
        square = change * change
        if self._count < self._frames:
            self._mean_square += (square - self._mean_square) / (self._count + 1)
        else:
            share = 1.0 - math.exp(-step / self._time_ms)
            self._mean_square += share * (square - self._mean_square)
        self._count += 1

    @property
    def level(self) -> float | None:
        """The flicker, or None until ``frames`` quiet frames were seen."""
        return math.sqrt(self._mean_square) if self._count >= self._frames else None
