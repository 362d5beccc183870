"""One video file of a recording: H.264 in fragmented MP4 (an empty ``moov`` first, then a
``moof``/``mdat`` fragment at every keyframe, flushed to the file at once), so that a file cut
short by a kill plays up to its last complete fragment. A keyframe each second bounds that loss.

Frames are stamped in milliseconds from the segment's first frame, on the pipeline's clock."""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path

import av
import numpy as np
from av.video.frame import PictureType

#: Time between keyframes, hence between fragments: what a kill may lose, at most. Keyframes
#: are forced by time, as a live source's frame rate varies.
KEYFRAME_S = 1.0
KEYFRAME_MS = int(KEYFRAME_S * 1000)
MOVFLAGS = "frag_keyframe+empty_moov+default_base_moof"
#: x264's fastest preset, without look-ahead or B-frames: no frame waits in the encoder.
ENCODER_OPTIONS = {"preset": "ultrafast", "tune": "zerolatency", "crf": "28"}


class SegmentWriter:
    def __init__(self, path: Path, width: int, height: int, fps: float) -> None:
        self.path = path
        self._container = av.open(
            str(path), "w", format="mp4", options={"movflags": MOVFLAGS, "flush_packets": "1"}
        )
        stream = self._container.add_stream("libx264", rate=max(1, round(fps)))
        stream.width, stream.height = width - width % 2, height - height % 2
        stream.pix_fmt = "yuv420p"
        stream.time_base = Fraction(1, 1000)
        stream.codec_context.time_base = Fraction(1, 1000)
        stream.codec_context.gop_size = 10 * max(1, round(fps * KEYFRAME_S))
        stream.codec_context.options = dict(ENCODER_OPTIONS)
        stream.thread_count = 1
        self._stream = stream
        self._last_pts = -1
        self._last_key = -KEYFRAME_MS
        self.frames = 0

    def write(self, image: np.ndarray, pts_ms: int) -> bool:
        """Encode one BGR frame at ``pts_ms``; a frame not later than the last is skipped."""
        if pts_ms <= self._last_pts:
            return False
        height, width = self._stream.height, self._stream.width
        frame = av.VideoFrame.from_ndarray(image[:height, :width], format="bgr24")
        frame.pts = pts_ms
        frame.time_base = Fraction(1, 1000)
        if pts_ms - self._last_key >= KEYFRAME_MS:
            frame.pict_type = PictureType.I
            self._last_key = pts_ms
        for packet in self._stream.encode(frame):
            self._container.mux(packet)
        self._last_pts = pts_ms
        self.frames += 1
        return True

    def close(self) -> None:
        try:
            for packet in self._stream.encode(None):
                self._container.mux(packet)
        finally:
            self._container.close()


def played_ms(path: Path) -> int | None:
    """How long ``path`` plays: its last frame's end, in ms from its first frame's start. A
    fragmented file's header says nothing of its length, so its packets are read (not decoded:
    about 5 µs each); a file cut short by a kill counts to its last whole fragment. None where
    nothing can be read (a file just opened, or not a video). Cached while the file is unchanged:
    the review page asks on every load."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return _played_ms(path, stat.st_size, stat.st_mtime_ns)


@functools.lru_cache(maxsize=256)
def _played_ms(path: Path, _size: int, _mtime_ns: int) -> int | None:
    try:
        with av.open(str(path)) as container:
            stream = container.streams.video[0]
            first: int | None = None
            end: int | None = None
            for packet in container.demux(stream):
                if packet.pts is None:
                    continue
                first = packet.pts if first is None else min(first, packet.pts)
                end = max(end or packet.pts, packet.pts + (packet.duration or 0))
            if first is None or end is None or stream.time_base is None:
                return None
            return int((end - first) * stream.time_base * 1000)
    except (av.error.FFmpegError, IndexError, OSError):
        return None
