"""The timeline of a ``keinu analyze`` output folder: ``gestures.jsonl`` (each gesture with the
seña it formed), ``summary.json`` (the profile, frames and duration) and ``annotated.mp4``.

There is no hand in a video analysed on its own, so señas get no verdict beyond
``not_in_catalogue``. The referee's later notes on it live in ``reviews.json`` beside them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from api.exports.errors import ExportError
from api.exports.timeline import GestureSpan, MediaFile, SenaSpan, Timeline
from api.recording.enrolment_clip import read_prompts
from engine.gesture import Gesture
from engine.senas import ProfileError, interpret, load_profile
from engine.table import Table

REVIEWS = "reviews.json"
VIDEO_NAMES = ("annotated.mp4",)


def is_analysis(folder: Path) -> bool:
    return (folder / "summary.json").is_file() and (folder / "gestures.jsonl").is_file()


def load_analysis(folder: Path) -> Timeline:
    if not folder.is_dir():
        raise ExportError(f"{folder} is not a folder")
    if not is_analysis(folder):
        raise ExportError(
            f"{folder} is not a keinu analysis folder (it needs summary.json and gestures.jsonl "
            "from `keinu analyze`)"
        )
    summary = _json(folder / "summary.json")
    lines = _lines(folder / "gestures.jsonl")
    gestures = [gesture for gesture, _ in lines]
    media = next((folder / n for n in VIDEO_NAMES if (folder / n).is_file()), None)
    duration = summary.get("duration_ms") or 0
    fps = summary.get("frames", 0) * 1000 / duration if duration else None
    timeline = Timeline(
        title=Path(str(summary.get("source", folder.name))).name,
        media=media,
        base=folder,
        seats={int(seat): "" for seat in summary.get("seats", {})},
        fps=round(fps, 3) if fps else None,
        files=[] if media is None else [MediaFile(media, "video", 0)],
    )
    timeline.gestures = [
        GestureSpan(g.seat, g.kind, g.side, g.start_ms, g.end_ms, g.confidence) for g in gestures
    ]
    for gesture in gestures:
        timeline.seats.setdefault(gesture.seat, "")
    profile_name = str(summary.get("profile", "standard"))
    timeline.senas = _senas(lines, profile_name, read_reviews(folder))
    timeline.prompts = read_prompts(folder)
    timeline.record = {
        "meta": {"source": summary.get("source"), "profile": profile_name},
        "calls": [[g.seat, f"sena {g.label}", g.start_ms] for g in gestures],
    }
    return timeline


def sena_key(seat: int, start_ms: int) -> str:
    """How a seña of an analysis is named in ``reviews.json``."""
    return f"{seat}@{start_ms}"


def read_reviews(folder: Path) -> dict[str, dict[str, Any]]:
    path = folder / REVIEWS
    if not path.is_file():
        return {}
    data = _json(path)
    return data if isinstance(data, dict) else {}


def _senas(
    lines: list[tuple[Gesture, dict[str, Any] | None]],
    profile_name: str,
    reviews: dict[str, dict[str, Any]],
) -> list[SenaSpan]:
    """The señas the gestures formed: as ``keinu analyze`` wrote them beside each gesture, or,
    for a run cut short before it could, read again under the profile."""
    stored = [(gesture, sena) for gesture, sena in lines if sena is not None]
    if len(stored) == len(lines):
        groups = _stored_senas(stored)
    else:
        groups = _read_again([g for g, _ in lines], profile_name)
    spans = []
    for members, meaning in groups:
        seat, start = members[0].seat, min(g.start_ms for g in members)
        review = reviews.get(sena_key(seat, start), {})
        spans.append(
            SenaSpan(
                seat=seat,
                start_ms=start,
                end_ms=max(g.end_ms for g in members),
                gestures=tuple(g.label for g in members),
                meaning=meaning,
                verdict=None if meaning else "not_in_catalogue",
                review=review.get("action"),
                note=review.get("note", ""),
            )
        )
    return spans


def _stored_senas(
    lines: list[tuple[Gesture, dict[str, Any]]],
) -> list[tuple[list[Gesture], str | None]]:
    """Each line names its seña's gestures: a seña of n gestures is the next n lines of that
    seat naming the same seña."""
    groups: list[tuple[list[Gesture], str | None]] = []
    open_groups: dict[tuple[Any, ...], list[Gesture]] = {}
    for gesture, sena in lines:
        key = (gesture.seat, sena.get("meaning"), tuple(sena.get("gestures") or ()))
        members = open_groups.get(key)
        if members is None:
            members = open_groups[key] = []
            groups.append((members, sena.get("meaning")))
        members.append(gesture)
        if len(members) >= max(1, len(key[2])):
            del open_groups[key]
    return groups


def _read_again(
    gestures: list[Gesture], profile_name: str
) -> list[tuple[list[Gesture], str | None]]:
    try:
        profile = load_profile(profile_name)
    except ProfileError as exc:
        raise ExportError(f"the analysis's profile {profile_name!r}: {exc}") from None
    table = Table()
    calls = [table.observe(g) for g in gestures]
    return [
        ([gestures[call.index] for call in sena.calls], sena.meaning)
        for sena in interpret(calls, profile)
    ]


def _json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ExportError(f"cannot read {path}: {exc}") from None


def _lines(path: Path) -> list[tuple[Gesture, dict[str, Any] | None]]:
    """Each gesture of ``gestures.jsonl`` and the seña written beside it (None before the run
    ended)."""
    found = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ExportError(f"cannot read {path}: {exc.strerror}") from None
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            sena = data.get("sena")
            found.append((Gesture.from_dict(data), sena if isinstance(sena, dict) else None))
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise ExportError(f"{path} line {number} is not a gesture: {exc}") from None
    return found
