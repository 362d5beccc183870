"""Opening the video source a command was given, as a user sees it."""

from __future__ import annotations

from pathlib import Path

from api.cli import UserError
from vision.capture.sources import SourceError, VideoSource, open_source
from vision.mediapipe.native_logs import native_logs_captured

#: ``--mirrored`` of the commands that read one camera.
MIRRORED_HELP = (
    "the camera's picture is mirrored (a selfie view: your left eye on its left): flip it back"
)


def open_source_for_user(
    spec: str | int | Path,
    *,
    option: str = "",
    hint: str = "",
    loop: bool = False,
    fps: float | None = None,
    mirrored: bool = False,
) -> VideoSource:
    """``open_source(spec)``, flipped back if ``mirrored``; a source that cannot be opened is a
    :class:`UserError` saying why, after the ``option`` that named it and followed by ``hint``.
    OpenCV's and FFmpeg's own lines about it stay off the terminal: the message says it."""
    problem = None
    with native_logs_captured():
        try:
            return open_source(spec, loop=loop, fps=fps, mirrored=mirrored)
        except SourceError as exc:
            problem = str(exc)
    raise UserError(f"{option}: {problem}{hint}" if option else f"{problem}{hint}")
