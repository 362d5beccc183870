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
from av.packet import Packet
from av.video.frame import PictureType
from av.video.stream import VideoStream

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
    """How long ``path`` plays: its last whole frame's end, in ms from its first frame's start.
    A fragmented file's header says nothing of its length, so its packets are read, not decoded
    (about 5 µs each), but for the last fragment's: a file cut short by a kill lists every
    frame of that fragment while holding only some, so those are decoded up to the first that
    is not whole. None where nothing can be read (a file just opened, or not a video). Cached
    while the file is unchanged: the review page asks on every load."""
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
            whole_until: int | None = None  # the end of the last frame before the last fragment
            fragment: list[Packet[VideoStream]] = []  # the packets from the last keyframe on
            for packet in container.demux(stream):
                if packet.pts is None:
                    continue
                first = packet.pts if first is None else min(first, packet.pts)
                if packet.is_keyframe and fragment:
                    whole_until = max(_end(p) for p in fragment)
                    fragment = []
                fragment.append(packet)
            if first is None or stream.time_base is None:
                return None
            end = _decoded_until(stream, fragment, whole_until)
            return None if end is None else int((end - first) * stream.time_base * 1000)
    except (av.error.FFmpegError, IndexError, OSError):
        return None


def _end(packet: Packet[VideoStream]) -> int:
    assert packet.pts is not None
    return int(packet.pts + (packet.duration or 0))


def _decoded_until(
    stream: VideoStream, packets: list[Packet[VideoStream]], until: int | None
) -> int | None:
    """The end of the last of ``packets`` (a keyframe and what follows it) that decodes, or
    ``until`` where none does."""
    for packet in packets:
        try:
            stream.codec_context.decode(packet)
        except av.error.FFmpegError:
            break
        until = _end(packet) if until is None else max(until, _end(packet))
    return until
