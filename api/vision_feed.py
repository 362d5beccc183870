"""How the dashboard opens the vision side: the pipeline over the configured source, and the
annotated image of each result for the MJPEG stream."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from api.settings import Settings
from engine.gesture import Gesture
from vision.observation import Frame
from vision.sources import SourceGap, open_source


@dataclass
class RawFrame:
    """A frame with nothing detected on it: what the stream shows while the models are missing."""

    frame: Frame
    gestures: list[Gesture] = field(default_factory=list)

    @property
    def source_id(self) -> str:
        return self.frame.source_id


class RawVideo:
    """The source's frames, unannotated, paced to the source's clock."""

    def __init__(self, spec: str, loop: bool) -> None:
        self._source = open_source(spec, source_id="cam1", loop=loop)

    def __iter__(self) -> Iterator[RawFrame]:
        clock = SourceClock(live=self._source.live)
        for item in self._source:
            if isinstance(item, SourceGap):
                continue
            clock.wait_for(item.ts_ms)
            yield RawFrame(item)

    def stop(self) -> None:
        self._source.stop()

    def close(self) -> None:
        self._source.close()


class SourceClock:
    """Plays a recorded source in real time: a file is read as fast as it decodes, but the
    dashboard shows it as a camera would deliver it."""

    def __init__(self, live: bool) -> None:
        self.live = live
        self._origin: tuple[float, int] | None = None

    def wait_for(self, ts_ms: int) -> None:
        if self.live:
            return
        now = time.monotonic()
        if self._origin is None or ts_ms < self._origin[1]:
            self._origin = (now, ts_ms)
            return
        due = self._origin[0] + (ts_ms - self._origin[1]) / 1000
        if due > now:
            time.sleep(due - now)


def vision_pipeline_factory(settings: Settings):
    spec = settings.source_or_sample
    loop = settings.loop or not settings.source

    def open_pipeline() -> Any:
        return RawVideo(spec, loop)

    return open_pipeline


def annotate(result: Any) -> tuple[str, np.ndarray] | None:
    frame = getattr(result, "frame", None)
    if frame is None:
        return None
    return frame.source_id, frame.image
