"""An enrolment recorded as a clip a club can label and score (``keinu calibrate --enrol
--record DIR``).

Real footage of señas is what keinu's vision is measured on, and there is little of it: every
player who enrols shows each seña of the house profile when asked, twice, after a rest and a
moment of talk, which is the protocol a labelled clip wants. The frames the pipeline read
(flipped back where the camera mirrors) go to ``DIR/clip.mp4`` at a constant rate, frame k at
k / fps, so that a time is a frame's index over the rate, as OpenCV, ELAN and
``benchmarks/real_footage.py`` read it: each frame of the clip is the first frame read at or
after its time, so a camera delivering fewer frames a second than the rate (a dim room) has
frames repeated, not the clip played faster than life. What the player was asked, and when,
goes to ``DIR/prompts.json`` on that clock. The clip is then analysed as ``keinu analyze``
does, and the prompts become a tier of ``gestures.eaf`` beside keinu's own gestures: where a
seña was asked for is where to look for it, whatever keinu found there, so correcting the
gestures tier in ELAN does not start from keinu's own misses."""

from __future__ import annotations

import json
import math
from dataclasses import asdict
from pathlib import Path

import numpy as np

from api.exports.timeline import PromptSpan
from api.recording.segment import SegmentWriter

CLIP = "clip.mp4"
PROMPTS = "prompts.json"
#: The rate a source that reports none (a webcam) is written at.
DEFAULT_FPS = 30.0


class EnrolmentClip:
    """The frames of one enrolment and its prompts, written into ``folder``."""

    def __init__(self, folder: Path, fps: float | None) -> None:
        self.folder = folder
        self.fps = fps if fps and fps > 0 else DEFAULT_FPS
        self.prompts: list[PromptSpan] = []
        self._writer: SegmentWriter | None = None
        self._first_ms: int | None = None  # the source's time of the first frame read
        self._written = 0

    @property
    def path(self) -> Path:
        return self.folder / CLIP

    @property
    def frames(self) -> int:
        return self._written

    def add(self, ts_ms: int, image: np.ndarray) -> None:
        """One frame the pipeline read, at ``ts_ms`` on the source's clock: it fills every frame
        of the clip from the last one written up to its own time."""
        if self._first_ms is None:
            self._first_ms = ts_ms
            height, width = image.shape[:2]
            self._writer = SegmentWriter(self.path, width, height, self.fps)
        assert self._writer is not None
        while self.clip_ms(self._written) <= ts_ms - self._first_ms:
            self._writer.write(image, self.clip_ms(self._written))
            self._written += 1

    def clip_ms(self, index: int) -> int:
        """Where frame ``index`` lies in the clip."""
        return round(index * 1000.0 / self.fps)

    def prompt(self, text: str, start_ts_ms: int, end_ts_ms: int) -> None:
        """What the player was asked between these two times of the source's clock."""
        start, end = self._index_at(start_ts_ms), self._index_at(end_ts_ms)
        span = PromptSpan(self.clip_ms(start), self.clip_ms(max(end, start + 1)), text)
        self.prompts.append(span)

    def close(self) -> Path:
        """Finish the clip and write the prompts beside it; returns the clip."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        document = {"fps": self.fps, "prompts": [asdict(p) for p in self.prompts]}
        (self.folder / PROMPTS).write_text(json.dumps(document, indent=2) + "\n", "utf-8")
        return self.path

    def _index_at(self, ts_ms: int) -> int:
        """The clip's first frame at ``ts_ms`` of the source's clock or after it."""
        since = max(ts_ms - (self._first_ms or 0), 0)
        return math.ceil(since * self.fps / 1000.0 - 1e-6)


def read_prompts(folder: Path) -> list[PromptSpan]:
    """The prompts recorded beside an analysed clip, if it is an enrolment's."""
    path = folder / PROMPTS
    if not path.is_file():
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    spans = data["prompts"]
    return [PromptSpan(int(p["start_ms"]), int(p["end_ms"]), str(p["text"])) for p in spans]
