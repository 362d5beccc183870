"""What the review page reviews: a recorded session of the dashboard, or a ``keinu analyze``
folder. Each gives its timeline, its video files (placed on the timeline), takes the referee's
notes and overrulings, cuts clips and exports."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Protocol

from api.exports.analysis import REVIEWS, load_analysis, read_reviews, sena_key
from api.exports.errors import ExportError
from api.exports.formats import export, session_timeline
from api.exports.session import session_name
from api.exports.timeline import Timeline, per_file
from api.paths import inside
from api.recording.clips import cut_clip
from api.recording.manifest import session_folder

#: Seconds of video a clip keeps before a seña's start and after its end.
CLIP_MARGIN_MS = 2000


class ReviewSource(Protocol):
    name: str

    def timeline(self) -> Timeline: ...

    def review(self, sena: dict[str, Any], action: str, note: str) -> None: ...

    def output_folder(self) -> Path: ...


class AnalysisReview:
    def __init__(self, folder: Path) -> None:
        self.folder = folder.resolve()
        self.name = "analysis"
        load_analysis(self.folder)  # refuse what is not an analysis, now

    def timeline(self) -> Timeline:
        return load_analysis(self.folder)

    def review(self, sena: dict[str, Any], action: str, note: str) -> None:
        reviews = read_reviews(self.folder)
        reviews[sena_key(int(sena["seat"]), int(sena["start_ms"]))] = {
            "action": action,
            "note": note,
            "created_ms": int(time.time() * 1000),
        }
        partial = self.folder / (REVIEWS + ".part")
        partial.write_text(json.dumps(reviews, indent=1, ensure_ascii=False), encoding="utf-8")
        partial.replace(self.folder / REVIEWS)

    def output_folder(self) -> Path:
        return self.folder


class SessionReview:
    def __init__(self, data_dir: Path, table_id: int, referee: Any) -> None:
        self.data_dir = data_dir
        self.table_id = table_id
        self.name = session_name(table_id)
        self._referee = referee
        referee.table(table_id)  # NotFound for a session that does not exist

    def timeline(self) -> Timeline:
        return session_timeline(self.data_dir, self.name)

    def review(self, sena: dict[str, Any], action: str, note: str) -> None:
        hand = next(
            (h for h in self._referee.store.hands_of(self.table_id) if h.number == sena["hand"]),
            None,
        )
        if hand is None or sena.get("call") is None:
            raise ExportError("that seña is not in this session")
        self._referee.review(hand.id, int(sena["call"]), action, note)

    def output_folder(self) -> Path:
        return session_folder(self.data_dir, self.name)


def find_sena(source: ReviewSource, index: int) -> dict[str, Any]:
    senas: list[dict[str, Any]] = source.timeline().to_dict()["senas"]
    if not 0 <= index < len(senas):
        raise ExportError(f"no seña {index} here ({len(senas)} señas)")
    return senas[index]


def clip(source: ReviewSource, start_ms: int, end_ms: int, camera: str | None = None) -> Path:
    """The video from ``start_ms`` to ``end_ms`` of the timeline as an MP4 in the source's
    ``clips/`` folder."""
    if end_ms <= start_ms:
        raise ExportError("a clip ends after it starts")
    videos = [v for v in source.timeline().files if camera in (None, v.camera)]
    video = max(
        (v for v in videos if v.offset_ms <= start_ms), key=lambda v: v.offset_ms, default=None
    )
    if video is None:
        raise ExportError("there is no video at that moment")
    folder = source.output_folder() / "clips"
    folder.mkdir(parents=True, exist_ok=True)
    out = inside(folder, f"{source.name}-{video.camera}-{start_ms}-{end_ms}.mp4")
    frames = cut_clip(video.path, start_ms - video.offset_ms, end_ms - video.offset_ms, out)
    if not frames:
        raise ExportError("there is no video at that moment")
    return out


def export_files(source: ReviewSource, fmt: str, file: str | None = None) -> list[Path]:
    """Every file of the export, written into the source's ``exports/``: the one to download
    first, which is the first written or, with ``file`` (a video's name), the one written for
    that video where the format writes one per video file (its captions, not its chapters)."""
    timeline = source.timeline()
    stem = "gestures" if source.name == "analysis" else source.name
    written = export(timeline, fmt, source.output_folder() / "exports", stem)
    for media, name in per_file(timeline, stem):
        if media is not None and media.path.name == file:
            chosen = next((p for p in written if p.name.startswith(f"{name}.")), written[0])
            return [chosen, *(p for p in written if p != chosen)]
    return written
