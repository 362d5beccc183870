"""How many frames a second the detectors are given, in each source's own time.

A live camera in dim light slows down, and a pipeline that falls behind drops frames: either way
a brief seña (a quarter-second wink) spans fewer frames and can be lost (docs/vision.md, "Fewer
frames a second"). Measured on the frames' timestamps rather than the wall clock, so a recording
analysed slower than real time, every frame read, is not slow, and a live one is as slow as the
frames the pipeline actually takes.
"""

from __future__ import annotations

from collections import deque

#: Frames each source's rate is measured over.
WINDOW_FRAMES = 30
#: Frames a source must have given before its rate counts.
MIN_FRAMES = 10


class ReadRate:
    """The lowest frame rate, in source time, over the sources read."""

    def __init__(self, slow_fps: float) -> None:
        self.slow_fps = slow_fps
        self._stamps: dict[str, deque[int]] = {}

    def add(self, source_id: str, ts_ms: int) -> None:
        stamps = self._stamps.setdefault(source_id, deque(maxlen=WINDOW_FRAMES))
        if stamps and ts_ms <= stamps[-1]:
            stamps.clear()  # a looped or reopened source starts its clock again
        stamps.append(ts_ms)

    def forget(self, source_id: str) -> None:
        """A source gave no frames for a while: its rate starts afresh when it is back."""
        self._stamps.pop(source_id, None)

    @property
    def fps(self) -> float:
        """The lowest rate over the sources measured; 0 before any is."""
        rates = [
            (len(stamps) - 1) * 1000.0 / (stamps[-1] - stamps[0])
            for stamps in self._stamps.values()
            if len(stamps) >= MIN_FRAMES and stamps[-1] > stamps[0]
        ]
        return min(rates, default=0.0)

    @property
    def slow(self) -> bool:
        """Whether some source gives fewer frames a second than brief señas need."""
        return self.reading()[1]

    def reading(self) -> tuple[float, bool]:
        """``fps`` and ``slow`` from one measurement of the rate."""
        fps = self.fps
        return fps, 0.0 < fps < self.slow_fps
