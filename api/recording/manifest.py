"""``recordings/<session>/segments.jsonl``: one line per video file written, appended (and
flushed) when the file is opened, so a killed server leaves a list that names every file.

A segment's frames are stamped with the pipeline's own clock (``ts0_ms`` is its first frame's
timestamp, at the wall-clock moment ``wall_ms``); a position ``p`` ms into the file is the
wall-clock moment ``wall_ms + p``, the clock the store writes calls with."""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path

from api.paths import inside

MANIFEST = "segments.jsonl"
RECORDINGS = "recordings"
SESSION_FOLDER = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


@dataclass(frozen=True, slots=True)
class Segment:
    file: str
    camera: str
    wall_ms: int
    ts0_ms: int
    fps: float
    width: int
    height: int
    #: When the recording that opened this file was asked for (REC switched on, or the server
    #: started recording): from then until ``wall_ms`` it waited for the camera's first frame.
    #: None in files written before it was kept.
    armed_ms: int | None = None
    folder: Path | None = None

    @property
    def path(self) -> Path:
        assert self.folder is not None
        return self.folder / self.file

    def to_json(self) -> str:
        data = asdict(self)
        del data["folder"]
        return json.dumps(data)


def session_folder(data_dir: Path, session: str) -> Path:
    if not SESSION_FOLDER.match(session):
        raise ValueError(f"{session!r} is not a session name")
    return inside(data_dir, RECORDINGS, session)


def segments(data_dir: Path, session: str) -> list[Segment]:
    """The session's video files in the order they were opened (a line cut short by a kill is
    skipped, as is a file that is gone)."""
    folder = session_folder(data_dir, session)
    path = folder / MANIFEST
    if not path.is_file():
        return []
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            segment = Segment(**json.loads(line), folder=folder)
        except (ValueError, TypeError):
            continue
        if (folder / Path(segment.file).name).is_file():
            found.append(segment)
    return found


def append(folder: Path, segment: Segment) -> None:
    with (folder / MANIFEST).open("a", encoding="utf-8") as handle:
        handle.write(segment.to_json() + "\n")
        handle.flush()
