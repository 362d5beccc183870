"""Keep MediaPipe's native log lines off the terminal while its models are made, run and closed.

MediaPipe's C++ code (glog, LiteRT, TFLite) writes straight to file descriptor 2: a few hundred
INFO and WARNING lines each time a model is loaded, and now and then one from an inference (LiteRT
warns once when an input tensor is not aligned, which depends on where a buffer happened to land,
so on any call, not only the first). ``GLOG_minloglevel`` and Python's logging do not reach them.

:func:`native_logs_captured` points descriptor 2 at a temporary file for the duration of a block.
Blocks in several threads overlap (the landmarkers of several faces run in parallel): the first to
enter redirects, the last to leave restores, and none waits for another. Descriptor 2 belongs to
the whole process, so a line another thread writes meanwhile (a traceback, a server's log) lands
in the capture too: on restore, every line that is not in a native log format is written back to
stderr, in order, and the native ones go to this module's logger at DEBUG level. When a block
fails, everything captured is written back before the exception goes on, so nothing that may
explain a failure is lost.

MediaPipe's graph threads may still log a moment after a call returned, when no block holds the
capture any more. A batch job (``keinu analyze``) therefore holds one block around its whole run
and draws its progress on :func:`terminal_stderr`, which stays on the terminal meanwhile.
"""

from __future__ import annotations

import logging
import os
import re
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import IO, TextIO

log = logging.getLogger(__name__)

#: glog/absl lines (``W0000 00:00:1796142958.757281   23225 file.cc:81] text``), absl's notice
#: before its initialisation, TFLite's minimal logger (``INFO: Created TensorFlow Lite ...``),
#: FFmpeg's under OpenCV (``[mov,mp4,m4a,3gp,3g2,mj2 @ 0x5605c7240880] moov atom not found``) and
#: OpenCV's own (``[ WARN:0@0.526] global cap_v4l.cpp:915 open VIDEOIO(V4L2:/dev/video7): ...``).
NATIVE_LINE = re.compile(
    rb"^(?:[IWEF]\d{4} \d\d:\d\d:\d+\.\d+\s+\d+ [^\]\s]+:\d+\] "
    rb"|WARNING: Logging before InitGoogle\(\)"
    rb"|(?:INFO|WARNING|ERROR): "
    rb"|\[[\w,.-]+ @ 0x[0-9a-f]+\] "
    rb"|\[ ?(?:INFO|WARN|ERROR|FATAL|DEBUG|VERBOSE):\d+@[\d.]+\] )"
)
#: What follows a native line and belongs to it: OpenCV's exception text under its warning
#: (``OpenCV(5.1.0) /io/opencv/...: error: ...``, ``> ...`` lines) and the blank lines around it.
NATIVE_CONTINUATION = re.compile(rb"^(?:OpenCV\(\d[\d.]*\) |> |\s*$)")


@dataclass
class _Capture:
    """The one capture of descriptor 2 the overlapping blocks share."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    holders: int = 0
    saved: int = -1  # the real stderr, while redirected
    file: IO[bytes] | None = None  # the temporary file, kept for the next capture
    failed: bool = False


_capture = _Capture()
STDERR = 2


@contextmanager
def native_logs_captured() -> Iterator[None]:
    """Redirect descriptor 2 (stderr) to a temporary file inside the block; give back what was not a
    native log line on leaving, and all of it if the block raises."""
    _enter()
    failed = False
    try:
        yield
    except BaseException:
        failed = True
        raise
    finally:
        _leave(failed)


@contextmanager
def terminal_stderr() -> Iterator[TextIO]:
    """A text stream on what descriptor 2 is now (the terminal), which ``native_logs_captured``
    blocks entered inside this one do not redirect: for a progress bar drawn while they do."""
    _flush_python_streams()
    with os.fdopen(os.dup(STDERR), "w", buffering=1, encoding="utf-8", errors="replace") as stream:
        yield stream


def _enter() -> None:
    c = _capture
    with c.lock:
        if c.holders == 0:
            _flush_python_streams()
            if c.file is None:
                c.file = tempfile.TemporaryFile()  # noqa: SIM115 (kept for later captures)
            c.saved = os.dup(STDERR)
            os.dup2(c.file.fileno(), STDERR)
        c.holders += 1


def _leave(failed: bool) -> None:
    c = _capture
    with c.lock:
        c.failed = c.failed or failed
        c.holders -= 1
        if c.holders:
            return
        _flush_python_streams()
        os.dup2(c.saved, STDERR)
        os.close(c.saved)
        c.saved = -1
        assert c.file is not None
        text = _take_text(c.file.fileno())
        failed, c.failed = c.failed, False
    if failed:
        _write_all(STDERR, text)
        return
    native, other = split_native_lines(text)
    if other:
        _write_all(STDERR, other)
    if native:
        log.debug("native log lines:\n%s", native.decode("utf-8", "replace").rstrip())


def split_native_lines(text: bytes) -> tuple[bytes, bytes]:
    """``text`` as (its native log lines, every other line), each in its order."""
    native: list[bytes] = []
    other: list[bytes] = []
    in_native = False
    for line in text.splitlines(keepends=True):
        in_native = bool(NATIVE_LINE.match(line) or (in_native and NATIVE_CONTINUATION.match(line)))
        (native if in_native else other).append(line)
    return b"".join(native), b"".join(other)


def _take_text(file_fd: int) -> bytes:
    """All that was written to the capture file, leaving it empty for the next capture."""
    os.lseek(file_fd, 0, os.SEEK_SET)
    chunks = []
    while chunk := os.read(file_fd, 1 << 16):
        chunks.append(chunk)
    os.ftruncate(file_fd, 0)
    os.lseek(file_fd, 0, os.SEEK_SET)
    return b"".join(chunks)


def _flush_python_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        with suppress(AttributeError, ValueError, OSError):
            stream.flush()


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]
