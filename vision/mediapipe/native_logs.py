"""Keep MediaPipe's native log lines off the terminal while landmarkers are made and closed.

MediaPipe's C++ code (glog, LiteRT) writes straight to file descriptor 2: a few hundred INFO and
WARNING lines each time a model is loaded, which ``GLOG_minloglevel`` and Python's logging do not
reach. :func:`native_logs_captured` points descriptor 2 at a temporary file for the duration of
a block. When the block fails, what was captured is written back to stderr before the exception
goes on, so nothing that may explain a failure is lost; when it succeeds, the lines go to this
module's logger at DEBUG level.
"""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress

log = logging.getLogger(__name__)

#: Descriptor 2 belongs to the whole process: one capture at a time; nested blocks in the
#: capturing thread run inside the outer capture.
_lock = threading.RLock()
_depth = 0


@contextmanager
def native_logs_captured(fd: int = 2) -> Iterator[None]:
    """Redirect ``fd`` (stderr) to a temporary file inside the block; re-emit the captured text
    on ``fd`` if the block raises."""
    global _depth
    with _lock:
        if _depth:
            _depth += 1
            try:
                yield
            finally:
                _depth -= 1
            return
        _flush_python_streams()
        saved = os.dup(fd)
        with tempfile.TemporaryFile() as captured:
            os.dup2(captured.fileno(), fd)
            _depth = 1
            failed = False
            try:
                yield
            except BaseException:
                failed = True
                raise
            finally:
                _depth = 0
                _flush_python_streams()
                os.dup2(saved, fd)
                os.close(saved)
                captured.seek(0)
                text = captured.read()
                if failed:
                    _write_all(fd, text)
                elif text:
                    log.debug("native log lines:\n%s", text.decode("utf-8", "replace").rstrip())


def _flush_python_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        with suppress(AttributeError, ValueError, OSError):
            stream.flush()


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]
