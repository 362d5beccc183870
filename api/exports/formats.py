"""Which export writes which files, and where a timeline comes from (an analysis folder or a
stored session, with its recorded video when there is one)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from api.exports.analysis import load_analysis
from api.exports.boris import write_tables
from api.exports.eaf import write_eafs
from api.exports.errors import ExportError
from api.exports.session import SESSION_NAME, load_session, session_name, table_id_of
from api.exports.timeline import Timeline
from api.exports.webvtt import write_vtt
from api.recording.manifest import segments
from api.recording.segment import played_ms


def _records(timeline: Timeline, out: Path, stem: str) -> list[Path]:
    path = out / f"{stem}.record.json"
    text = json.dumps(timeline.record or {}, indent=2, ensure_ascii=False)
    path.write_text(text + "\n", encoding="utf-8")
    return [path]


WRITERS: dict[str, Callable[[Timeline, Path, str], list[Path]]] = {
    "eaf": write_eafs,
    "vtt": write_vtt,
    "csv": write_tables,
    "records": _records,
}
FORMATS = tuple(WRITERS)
#: Those written once per video file, each on its file's clock, for a session in several.
PER_FILE = ("eaf", "vtt")


def export(timeline: Timeline, fmt: str, out: Path, stem: str) -> list[Path]:
    if fmt not in WRITERS:
        raise ExportError(f"no export format {fmt!r}; known: {', '.join(FORMATS)}")
    try:
        out.mkdir(parents=True, exist_ok=True)
        return WRITERS[fmt](timeline, out, stem)
    except OSError as exc:
        raise ExportError(f"cannot write into {out}: {exc.strerror or exc}") from None


def session_timeline(data_dir: Path, name: str) -> Timeline:
    """A stored session on the clock of its recorded video, if it was recorded: that of the
    first camera's first file (of the first file of any, if ``cam1`` recorded none). It has no
    frame numbers: a live camera's frames come at a varying rate, some dropped."""
    table_id = table_id_of(name)
    found = segments(data_dir, session_name(table_id))
    videos = [(s.path, s.camera, s.wall_ms, played_ms(s.path)) for s in found]
    database = data_dir / "keinu.sqlite3"
    first = next((s for s in found if s.camera == "cam1"), found[0] if found else None)
    if first is None:
        return load_session(database, table_id, videos=videos)
    return load_session(
        database,
        table_id,
        origin_ms=first.wall_ms,
        armed_ms=first.armed_ms,
        media=first.path,
        videos=videos,
    )


def open_timeline(spec: str, data_dir: Path) -> tuple[Timeline, str]:
    """``spec``: an analysis folder, or a session (``3`` or ``table-3``). Returns the timeline
    and the stem its files are named with."""
    if SESSION_NAME.match(spec) and not Path(spec).is_dir():
        return session_timeline(data_dir, spec), session_name(table_id_of(spec))
    folder = Path(spec).expanduser()
    if not folder.exists():
        raise ExportError(f"{spec!r} is neither a session (like 3 or table-3) nor a folder")
    return load_analysis(folder), "gestures"
