"""A few seconds of a recording as their own MP4: decoded from the segment and encoded anew,
so the clip starts on a frame of its own, not on the segment's last keyframe."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import cast

import av

from api.recording.segment import SegmentWriter

MAX_CLIP_MS = 60_000


def cut_clip(source: Path, start_ms: int, end_ms: int, out: Path) -> int:
    """Write ``source`` from ``start_ms`` to ``end_ms`` (its own times) to ``out``; returns the
    frames written (0: nothing of the source lies in that span, and no file is left)."""
    start_ms = max(0, start_ms)
    end_ms = min(end_ms, start_ms + MAX_CLIP_MS)
    writer: SegmentWriter | None = None
    try:
        with av.open(str(source)) as container:
            stream = container.streams.video[0]
            fps = float(stream.average_rate or 25)
            time_base = cast(Fraction, stream.time_base)  # a decoded file's stream has one
            container.seek(int(start_ms / 1000 / time_base), stream=stream, backward=True)
            for frame in container.decode(stream):
                at = int(frame.time * 1000) if frame.time is not None else 0
                if at < start_ms:
                    continue
                if at > end_ms:
                    break
                if writer is None:
                    writer = SegmentWriter(out, frame.width, frame.height, fps)
                writer.write(frame.to_ndarray(format="bgr24"), at - start_ms)
    except av.error.InvalidDataError:
        pass  # the end of a segment cut short by a kill: what was decoded is kept
    finally:
        if writer is not None:
            writer.close()
    return writer.frames if writer is not None else 0
