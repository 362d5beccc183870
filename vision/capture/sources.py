"""Where frames come from: a webcam, a video file, a network stream, a folder of images or one
image, each yielding :class:`~vision.observation.Frame` stamped with the source's own clock.

Recorded sources (files, folders, images) are stamped by position, ``index * 1000 / fps``, so the
same recording always gives the same timestamps however fast it is processed. Live sources
(webcams, streams) are stamped with the monotonic clock. A live source that drops is reopened
with growing pauses; when frames come back it yields a :class:`SourceGap` before them, so the gap
is on the record and everything detected before it stands.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar, Protocol

import cv2
import numpy as np

from vision.config.pipeline_settings import SourceSettings, default_vision_settings
from vision.observation import Frame

log = logging.getLogger(__name__)

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff")
STREAM_SCHEMES = ("rtsp://", "rtsps://", "rtmp://", "http://", "https://", "udp://", "tcp://")

#: Frame rate assumed for a video whose header gives none.
DEFAULT_FPS = 30.0
#: Frame rate of a folder of images unless told: one photo a second (frames dumped from a video
#: are played at their rate with ``fps``).
FOLDER_FPS = 1.0


class SourceError(Exception):
    """A source that cannot be opened or read. The message says which and what to do."""


@dataclass(frozen=True, slots=True)
class SourceGap:
    """A stretch of time in which a live source gave no frames (dropped camera or stream)."""

    source_id: str
    start_ms: int  # timestamp of the last frame before the gap
    end_ms: int  # timestamp of the first frame after it
    reason: str

    @property
    def duration_ms(self) -> int:
        return self.end_ms - self.start_ms


SourceItem = Frame | SourceGap


class Capture(Protocol):
    """The part of ``cv2.VideoCapture`` a source uses (a fake in tests)."""

    def isOpened(self) -> bool: ...

    def read(self) -> tuple[bool, np.ndarray | None]: ...

    def get(self, prop: int) -> float: ...

    def release(self) -> None: ...


CaptureOpener = Callable[[str | int], Capture]


def _open_cv_capture(target: str | int) -> Capture:
    return cv2.VideoCapture(target)


@dataclass(frozen=True, slots=True)
class ReconnectPolicy:
    """How a live source retries after it drops (``[sources]`` of models/vision.toml): after
    ``failed_reads`` reads in a row without a frame it is reopened, with pauses doubling from
    ``first_delay_s`` up to ``max_delay_s``; it gives up after ``give_up_after_s`` without a
    frame (0: never)."""

    failed_reads: int
    first_delay_s: float
    max_delay_s: float
    give_up_after_s: float

    @classmethod
    def from_settings(cls, sources: SourceSettings) -> ReconnectPolicy:
        return cls(
            failed_reads=sources.failed_reads_before_reconnect,
            first_delay_s=sources.reconnect_first_delay_s,
            max_delay_s=sources.reconnect_max_delay_s,
            give_up_after_s=sources.reconnect_give_up_after_s,
        )

    def delays(self) -> Iterator[float]:
        delay = self.first_delay_s
        while True:
            yield delay
            delay = min(delay * 2, self.max_delay_s)


class VideoSource:
    """An iterable of :data:`SourceItem`. Iterate once; close when done (or use ``with``)."""

    source_id: str
    #: Live sources run at their own pace: frames that are not taken in time are dropped.
    live: bool = False
    #: Nominal frame rate (None when unknown, e.g. a live stream before it has started).
    fps: float | None = None
    #: Frames in one pass (None when unknown or endless).
    frame_count: int | None = None
    #: Frames are separate pictures rather than a continuous video.
    stills: bool = False

    def __iter__(self) -> Iterator[SourceItem]:
        raise NotImplementedError

    def stop(self) -> None:
        """Ask a running iteration to end after the current frame (any thread may call it)."""
        self._stopped = True

    @property
    def stopped(self) -> bool:
        return getattr(self, "_stopped", False)

    def close(self) -> None:
        self.stop()

    def __enter__(self) -> VideoSource:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _stamp(index: int, fps: float) -> int:
    return round(index * 1000.0 / fps)


def _valid_fps(value: float) -> bool:
    return np.isfinite(value) and 1.0 <= value <= 1000.0


class VideoFileSource(VideoSource):
    """A video file, decoded in order; ``loop`` starts it again at the end, with timestamps that
    keep growing so a landmarker in video mode never sees time go back."""

    fps: float  # always known: the file's, or DEFAULT_FPS

    def __init__(
        self,
        path: str | Path,
        *,
        source_id: str | None = None,
        loop: bool = False,
        fps: float | None = None,
        opener: CaptureOpener = _open_cv_capture,
    ) -> None:
        self.path = Path(path)
        self.source_id = source_id or self.path.name
        self.loop = loop
        self._opener = opener
        if not self.path.is_file():
            raise SourceError(f"no such video file: {self.path}")
        cap, first = self._open()
        header_fps = cap.get(cv2.CAP_PROP_FPS)
        if fps is not None:
            self.fps = float(fps)
        elif _valid_fps(header_fps):
            self.fps = float(header_fps)
        else:
            log.warning("%s gives no frame rate; assuming %.0f fps", self.path, DEFAULT_FPS)
            self.fps = DEFAULT_FPS
        count = int(cap.get(cv2.CAP_PROP_FRAME_COUNT) or 0)
        self.frame_count = count if count > 0 else None
        self._cap: Capture | None = cap
        self._first: np.ndarray | None = first

    def _open(self) -> tuple[Capture, np.ndarray]:
        cap = self._opener(str(self.path))
        if not cap.isOpened():
            cap.release()
            raise SourceError(
                f"cannot open {self.path}: not a video OpenCV can read (corrupt or unsupported)"
            )
        ok, image = cap.read()
        if not ok or image is None:
            cap.release()
            raise SourceError(f"cannot decode any frame of {self.path}: the file looks corrupt")
        return cap, image

    def __iter__(self) -> Iterator[SourceItem]:
        if self._cap is None:
            raise SourceError(f"{self.path} was already read; open it again")
        if self._first is None:
            raise SourceError(f"{self.path} is already being read; open it again")
        cap, image = self._cap, self._first
        self._first = None
        index = 0
        try:
            while not self.stopped:
                yield Frame(_stamp(index, self.fps), image, self.source_id, index)
                index += 1
                ok, read = cap.read()
                if ok and read is not None:
                    image = read
                    continue
                if not self.loop or self.stopped:
                    break
                cap.release()
                try:
                    cap, image = self._open()
                except SourceError:
                    break
                self._cap = cap
        finally:
            cap.release()
            self._cap = None

    def close(self) -> None:
        super().close()
        if self._cap is not None:
            self._cap.release()
            self._cap = None


class _StillsSource(VideoSource):
    """Separate pictures from ``path``, as frames ``1000 / fps`` ms apart (``default_fps``
    unless told)."""

    stills = True
    default_fps: ClassVar[float]
    #: Whether pictures given a rate are one video's frames (a folder of them) rather than
    #: separate photos.
    rated_is_video: ClassVar[bool] = False
    fps: float  # always known: the one given, or default_fps

    def __init__(
        self,
        path: str | Path,
        *,
        source_id: str | None = None,
        loop: bool = False,
        fps: float | None = None,
    ) -> None:
        self.path = Path(path)
        self.source_id = source_id or self.path.name
        self.loop = loop
        self.fps = float(fps or self.default_fps)
        self.stills = not (self.rated_is_video and fps is not None)
        self._open()

    def _open(self) -> None:
        """Find the pictures; raises SourceError when there are none to read."""
        raise NotImplementedError


class ImageFolderSource(_StillsSource):
    """Every image in a folder, in natural name order (frame2 before frame10), as frames
    ``1000 / fps`` ms apart (one a second unless told). An unreadable image is skipped with a
    warning. Given a rate, the folder is one video's frames (a face across them is one face);
    without, separate photos."""

    default_fps = FOLDER_FPS

    rated_is_video = True

    def _open(self) -> None:
        if not self.path.is_dir():
            raise SourceError(f"no such folder: {self.path}")
        self.files = sorted(
            (p for p in self.path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file()),
            key=_natural_key,
        )
        if not self.files:
            raise SourceError(
                f"no images in {self.path} (looked for {' '.join(IMAGE_SUFFIXES)} files)"
            )
        self.frame_count = len(self.files)
        self.skipped: list[Path] = []

    def __iter__(self) -> Iterator[SourceItem]:
        index = 0
        while not self.stopped:
            yielded = False
            for file in self.files:
                if self.stopped:
                    return
                image = cv2.imread(str(file), cv2.IMREAD_COLOR)
                if image is None:
                    if file not in self.skipped:
                        log.warning("skipping %s: not an image OpenCV can read", file)
                        self.skipped.append(file)
                    continue
                yield Frame(_stamp(index, self.fps), image, self.source_id, index)
                index += 1
                yielded = True
            if not yielded:
                raise SourceError(
                    f"none of the {len(self.files)} images in {self.path} is readable"
                )
            if not self.loop:
                return


class ImageSource(_StillsSource):
    """One image: one frame at 0 ms (repeated ``1000 / fps`` ms apart with ``loop``)."""

    default_fps = DEFAULT_FPS

    def _open(self) -> None:
        self.frame_count = 1
        image = cv2.imread(str(self.path), cv2.IMREAD_COLOR)
        if image is None:
            raise SourceError(f"cannot read image {self.path}: corrupt or not an image")
        self._image = image

    def __iter__(self) -> Iterator[SourceItem]:
        index = 0
        while not self.stopped:
            yield Frame(_stamp(index, self.fps), self._image, self.source_id, index)
            index += 1
            if not self.loop:
                return


class LiveCaptureSource(VideoSource):
    """A webcam (by index) or a network stream (by URL), stamped with the monotonic clock.

    ``origin`` is the clock reading that counts as 0 ms; several sources of one table share it so
    their timestamps are comparable.
    """

    live = True

    def __init__(
        self,
        target: str | int,
        *,
        source_id: str | None = None,
        origin: float | None = None,
        reconnect: ReconnectPolicy,
        opener: CaptureOpener = _open_cv_capture,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] | None = None,
    ) -> None:
        self.target = target
        self.kind = "camera" if isinstance(target, int) else "stream"
        self.source_id = source_id or (f"camera{target}" if isinstance(target, int) else target)
        self.reconnect = reconnect
        self._opener = opener
        self._clock = clock
        self._wake = threading.Event()
        self._sleep = sleep or self._pause
        self._origin = clock() if origin is None else origin
        self._cap: Capture | None = self._open()
        if self._cap is None:
            raise SourceError(f"cannot open {self._describe()}: {self._open_hint()}")
        fps = self._cap.get(cv2.CAP_PROP_FPS)
        self.fps = float(fps) if _valid_fps(fps) else None
        self.reconnects = 0

    def _describe(self) -> str:
        return f"camera {self.target}" if self.kind == "camera" else f"stream {self.target}"

    def _open_hint(self) -> str:
        if self.kind == "camera":
            return "check that it is connected and not in use by another program"
        return "check the URL and that the stream is running"

    def _open(self) -> Capture | None:
        cap = self._opener(self.target)
        if cap.isOpened():
            return cap
        cap.release()
        return None

    def _now_ms(self, last_ms: int) -> int:
        return max(int((self._clock() - self._origin) * 1000), last_ms + 1)

    def __iter__(self) -> Iterator[SourceItem]:
        index = 0
        last_ms = -1
        gap_started: int | None = None
        gap_reason = ""
        try:
            failures = 0
            while not self.stopped:
                ok, image = (False, None) if self._cap is None else self._cap.read()
                if ok and image is not None:
                    failures = 0
                    ts = self._now_ms(last_ms)
                    if gap_started is not None:
                        yield SourceGap(self.source_id, gap_started, ts, gap_reason)
                        gap_started = None
                    yield Frame(ts, image, self.source_id, index)
                    index += 1
                    last_ms = ts
                    continue
                failures += 1
                if self._cap is not None and failures < self.reconnect.failed_reads:
                    continue
                if gap_started is None:
                    gap_started = max(last_ms, 0)
                    gap_reason = f"{self._describe()} stopped giving frames"
                    log.warning("%s; reconnecting", gap_reason)
                if not self._reconnect():
                    raise SourceError(
                        f"lost {self._describe()} and could not reopen it: {self._open_hint()}"
                    )
        finally:
            if self._cap is not None:
                self._cap.release()
                self._cap = None

    def _pause(self, seconds: float) -> None:
        """Wait between reconnection attempts; :meth:`stop` cuts the wait short."""
        self._wake.wait(seconds)

    def stop(self) -> None:
        super().stop()
        self._wake.set()

    def _reconnect(self) -> bool:
        if self._cap is not None:
            self._cap.release()
            self._cap = None
        started = self._clock()
        for delay in self.reconnect.delays():
            if self.stopped:
                return True
            limit = self.reconnect.give_up_after_s
            if limit > 0 and self._clock() - started >= limit:
                return False
            self._sleep(delay)
            self._cap = self._open()
            if self._cap is not None:
                self.reconnects += 1
                return True
        return False  # pragma: no cover - delays() never ends

    def close(self) -> None:
        super().close()
        if self._cap is not None:
            self._cap.release()
            self._cap = None


def _natural_key(path: Path) -> list[object]:
    return [int(part) if part.isdigit() else part.lower() for part in re.split(r"(\d+)", path.name)]


class UnmirroredSource(VideoSource):
    """Another source's pictures flipped left to right. A camera that delivers a mirrored
    (selfie) picture shows the player's left eye on the image's left, and nothing in the picture
    can tell: every side would be read swapped. Flipped back before anything reads them, its
    frames are as a camera facing the player sees them (and so is the live view)."""

    def __init__(self, inner: VideoSource) -> None:
        self.inner = inner
        self.source_id = inner.source_id

    @property
    def live(self) -> bool:  # type: ignore[override]
        return self.inner.live

    @property
    def fps(self) -> float | None:  # type: ignore[override]
        return self.inner.fps

    @property
    def frame_count(self) -> int | None:  # type: ignore[override]
        return self.inner.frame_count

    @property
    def stills(self) -> bool:  # type: ignore[override]
        return self.inner.stills

    def __iter__(self) -> Iterator[SourceItem]:
        for item in self.inner:
            if isinstance(item, Frame):
                yield replace(item, image=cv2.flip(item.image, 1), source_id=self.source_id)
            else:
                yield replace(item, source_id=self.source_id)

    def stop(self) -> None:
        super().stop()
        self.inner.stop()

    def close(self) -> None:
        super().close()
        self.inner.close()


def open_source(
    spec: str | int | Path,
    *,
    source_id: str | None = None,
    loop: bool = False,
    fps: float | None = None,
    origin: float | None = None,
    reconnect: ReconnectPolicy | None = None,
    mirrored: bool = False,
) -> VideoSource:
    """Open whatever ``spec`` names: a webcam index (``0``), a stream URL, a folder of images, an
    image or a video file. Raises :class:`SourceError` with a clear message when it cannot.
    A camera or stream reconnects by ``reconnect``; without one, by ``[sources]`` of
    models/vision.toml. A ``mirrored`` source's pictures are flipped back
    (:class:`UnmirroredSource`)."""
    source = _open_source(spec, source_id, loop, fps, origin, reconnect)
    return UnmirroredSource(source) if mirrored else source


def _open_source(
    spec: str | int | Path,
    source_id: str | None,
    loop: bool,
    fps: float | None,
    origin: float | None,
    reconnect: ReconnectPolicy | None,
) -> VideoSource:
    if reconnect is None:
        reconnect = ReconnectPolicy.from_settings(default_vision_settings().sources)
    if isinstance(spec, int) or (isinstance(spec, str) and spec.isdigit()):
        return LiveCaptureSource(int(spec), source_id=source_id, origin=origin, reconnect=reconnect)
    text = str(spec)
    if text.lower().startswith(STREAM_SCHEMES):
        return LiveCaptureSource(text, source_id=source_id, origin=origin, reconnect=reconnect)
    path = Path(text).expanduser()
    if path.is_dir():
        return ImageFolderSource(path, source_id=source_id, loop=loop, fps=fps)
    if not path.exists():
        raise SourceError(f"no such file, folder, camera or stream: {text}")
    if path.suffix.lower() in IMAGE_SUFFIXES:
        return ImageSource(path, source_id=source_id, loop=loop, fps=fps)
    return VideoFileSource(path, source_id=source_id, loop=loop, fps=fps)


def open_sources(specs: Sequence[str | int | Path], **options: object) -> list[VideoSource]:
    """Open several sources of one table with one shared clock origin and distinct ids."""
    options.setdefault("origin", time.monotonic())
    sources: list[VideoSource] = []
    try:
        for spec in specs:
            source = open_source(spec, **options)  # type: ignore[arg-type]
            taken = {s.source_id for s in sources}
            if source.source_id in taken:
                source.source_id = f"{source.source_id}#{len(sources) + 1}"
            sources.append(source)
    except SourceError:
        for source in sources:
            source.close()
        raise
    return sources
