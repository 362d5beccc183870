"""Recording and reviewing: each table's video switch, a recorded session deleted whole, and
the review page's data (timeline, videos, notes, clips, exports) for a session or, under
``keinu review DIR``, an analysis folder."""

from __future__ import annotations

from typing import Annotated, Any, Literal, cast
from urllib.parse import quote

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import FileResponse, PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from api.deps import get_referee, get_settings
from api.exports.errors import ExportError
from api.exports.formats import FORMATS, PER_FILE
from api.exports.session import table_id_of
from api.exports.timeline import MediaFile, Timeline
from api.exports.webvtt import captions, chapters
from api.recording.recorder import Recorder
from api.recording.review import (
    CLIP_MARGIN_MS,
    ReviewSource,
    SessionReview,
    clip,
    export_files,
    find_sena,
)
from api.recording.sessions import delete_session_rows
from api.referee import Referee
from api.schemas import ReviewIn
from api.settings import Settings
from api.validation import Invalid
from vision.output.export import MIN_CUE_MS

router = APIRouter(prefix="/api", tags=["recording"])
RefereeDep = Annotated[Referee, Depends(get_referee)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SwitchIn(Strict):
    on: bool


class ClipIn(Strict):
    start_ms: int = Field(ge=0)
    end_ms: int = Field(ge=1)
    camera: Annotated[str, StringConstraints(pattern=r"^[a-z0-9]{1,16}$")] | None = None


def get_recorder(request: Request) -> Recorder | None:
    return cast("Recorder | None", request.app.state.recorder)  # as create_app set it


RecorderDep = Annotated[Recorder | None, Depends(get_recorder)]


@router.get("/recording")
def recording(referee: RefereeDep, recorder: RecorderDep) -> dict[str, Any]:
    """Whether video is being recorded, per table; off everywhere without a live feed."""
    tables = referee.store.list_tables()
    if recorder is None:
        return {"available": False, "tables": {}}
    return {
        "available": True,
        "default_on": recorder.default_on,
        "tables": {str(t.id): recorder.status(t.id) for t in tables},
    }


@router.put("/tables/{table_id}/recording")
def switch(
    table_id: int, body: SwitchIn, referee: RefereeDep, recorder: RecorderDep
) -> dict[str, Any]:
    referee.table(table_id)
    if recorder is None:
        raise HTTPException(409, "there is no live video to record (keinu serve --no-live)")
    return recorder.switch(table_id, body.on)


@router.delete("/sessions/{name}")
def delete_session(
    name: str,
    referee: RefereeDep,
    recorder: RecorderDep,
    settings: Annotated[Settings, Depends(get_settings)],
) -> dict[str, Any]:
    """The session whole: its video, its hands, calls, señas and reviews."""
    table_id = _table_id(name)
    referee.table(table_id)
    delete_session_rows(settings.database, table_id)
    referee.forget_deleted(table_id)
    video = recorder.delete_session(name) if recorder is not None else False
    return {"deleted": name, "video": video}


# the review page


def review_source(name: str, request: Request) -> ReviewSource:
    folder_review: ReviewSource | None = request.app.state.review_folder
    if folder_review is not None:
        if name != folder_review.name:
            raise HTTPException(404, f"only {folder_review.name!r} is reviewed here")
        return folder_review
    # a table that does not exist: NotFound, which names it ("no_table")
    return SessionReview(
        request.app.state.settings.data_dir, _table_id(name), request.app.state.referee
    )


SourceDep = Annotated[ReviewSource, Depends(review_source)]


@router.get("/review/{name}")
def review_data(name: str, source: SourceDep) -> dict[str, Any]:
    timeline = _timeline(source)
    return {
        "name": source.name,
        "timeline": timeline.to_dict(),
        # each file with where it lies on the timeline (``until_ms``: None for the last of a
        # camera whose length is not known), as every export cuts it
        "videos": [
            {
                "name": v.path.name,
                "camera": v.camera,
                "offset_ms": v.offset_ms,
                "until_ms": timeline.span_of(v)[1],
                "url": f"/api/review/{name}/video/{quote(v.path.name)}",
            }
            for v in timeline.files
        ],
        "formats": list(FORMATS),
        "exports": _exports(name, timeline),
        # the page words its captions itself, each cue on screen at least this long
        "min_cue_ms": MIN_CUE_MS,
    }


@router.get("/review/{name}/video/{file}")
def video(name: str, file: str, source: SourceDep) -> FileResponse:
    for item in _timeline(source).files:
        if item.path.name == file:
            return FileResponse(item.path, media_type="video/mp4")
    raise HTTPException(404, f"no video {file!r} in {name}")


@router.get("/review/{name}/{kind}.vtt")
def vtt(
    name: str, kind: Literal["captions", "chapters"], source: SourceDep, file: str | None = None
) -> PlainTextResponse:
    """The English captions or chapters, as ``keinu export --format vtt`` writes them: for API
    users (the review page builds its own tracks, in its language). ``?file=NAME`` (a video's
    ``name`` in the review data): the cues inside that file, timed from its start, as in the
    export's pair named after it. Without it: every cue on the session's clock, that of its
    first video file (of its first hand where it has none), so a later file needs ``?file=``."""
    timeline = _timeline(source)
    media = None
    if file is not None:
        media = next((f for f in timeline.files if f.path.name == file), None)
        if media is None:
            raise HTTPException(404, f"no video {file!r} in {name}")
    text = captions(timeline, media) if kind == "captions" else chapters(timeline, media)
    return PlainTextResponse(text, media_type="text/vtt")


@router.post("/review/{name}/senas/{index}/review")
def note(name: str, index: int, body: ReviewIn, source: SourceDep) -> dict[str, Any]:
    """A note on a seña, or its verdict overruled, after the fact: stored and exported."""
    try:
        sena = find_sena(source, index)
        source.review(sena, body.action, body.note)
    except ExportError as exc:
        raise HTTPException(404, str(exc)) from None
    return review_data(name, source)


@router.post("/review/{name}/senas/{index}/clip")
def sena_clip(name: str, index: int, source: SourceDep) -> dict[str, Any]:
    """The seña with a margin either side, within the file that filmed it (a margin reaching
    into a stretch recording was off, or another file, would cut another moment)."""
    try:
        sena = find_sena(source, index)
    except ExportError as exc:
        raise HTTPException(404, str(exc)) from None
    timeline = _timeline(source)
    start, end = sena["start_ms"], sena["end_ms"]
    media = timeline.file_at(start)  # None: unfilmed, which make_clip refuses as it is
    first, until = (start, None) if media is None else timeline.span_of(media)
    last = end + CLIP_MARGIN_MS if until is None else min(end + CLIP_MARGIN_MS, until)
    body = ClipIn(
        start_ms=max(first, start - CLIP_MARGIN_MS),
        end_ms=max(last, start + 1),
        camera=None if media is None else media.camera,
    )
    return make_clip(name, body, source)


@router.post("/review/{name}/clip")
def make_clip(name: str, body: ClipIn, source: SourceDep) -> dict[str, Any]:
    """The video from ``start_ms`` to ``end_ms`` as its own MP4."""
    if _timeline(source).file_at(body.start_ms, body.camera) is None:
        raise Invalid(
            "there is no video at that moment",
            code="no_video_at",
            params={"start_ms": body.start_ms, "camera": body.camera},
        )
    try:
        path = clip(source, body.start_ms, body.end_ms, body.camera)
    except ExportError as exc:
        raise HTTPException(422, str(exc)) from None
    except OSError as exc:
        raise HTTPException(507, f"cannot write the clip: {exc.strerror or exc}") from None
    return {"file": path.name, "url": f"/api/review/{name}/clips/{path.name}"}


@router.get("/review/{name}/clips/{file}")
def get_clip(name: str, file: str, source: SourceDep) -> FileResponse:
    folder = source.output_folder() / "clips"
    path = folder / file
    if "/" in file or not file.endswith(".mp4") or not path.is_file():
        raise HTTPException(404, f"no clip {file!r}")
    return FileResponse(path, media_type="video/mp4")


@router.get("/review/{name}/export/{fmt}")
def export(name: str, fmt: str, source: SourceDep, file: str | None = None) -> FileResponse:
    """The export's main file, to download (the others are written beside it). ``?file=NAME``
    (a video's ``name`` in the review data): the one written for that video file, where the
    format writes one for each of several (``exports`` in the review data lists them)."""
    if file is not None and all(v.path.name != file for v in _timeline(source).files):
        raise HTTPException(404, f"no video {file!r} in {name}")
    try:
        files = export_files(source, fmt, file)
    except ExportError as exc:
        raise HTTPException(422, str(exc)) from None
    return FileResponse(files[0], filename=files[0].name)


def _exports(name: str, timeline: Timeline) -> list[dict[str, Any]]:
    """A download for each format; for a session in several video files, one for each file of
    those written per file, naming it (the page labels it by its camera and start)."""
    links: list[dict[str, Any]] = []
    for fmt in FORMATS:
        url = f"/api/review/{name}/export/{fmt}"
        each = len(timeline.files) > 1 and fmt in PER_FILE
        files: list[MediaFile | None] = [*timeline.files] if each else [None]
        for media in files:
            video = None if media is None else media.path.name
            query = "" if video is None else f"?file={quote(video)}"
            links.append({"format": fmt, "video": video, "url": url + query})
    return links


def _timeline(source: ReviewSource) -> Timeline:
    try:
        return source.timeline()
    except ExportError as exc:
        raise HTTPException(404, str(exc)) from None


def _table_id(name: str) -> int:
    try:
        return table_id_of(name)
    except ExportError as exc:
        if name == "analysis":  # the review page opened with no ?session=
            raise Invalid(
                "no session to review: give one, as ?session=table-3", code="no_session"
            ) from None
        raise Invalid(str(exc), code="not_a_session", params={"name": name}) from None
