"""WebVTT: captions (each gesture, and each seña with its verdict) and a chapters track with
one chapter per hand and per lance, for any HTML5 player.

A player times a track from the start of the file it plays, so a session recorded in several
files (recording switched off and on, a second camera) gets a pair of files for each video
file, with the cues that fall inside it timed from its start, as the review page's own tracks
are (api/static/vtt.js). Cue text is written as read: ``&``, ``<`` and ``>`` escaped, on one
line (a blank line would end the cue, and ``-->`` in it would start another)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from api.exports.eaf import verdict_text
from api.exports.timeline import MediaFile, SenaSpan, Timeline, in_file, per_file
from vision.output.export import MIN_CUE_MS, vtt_timestamp

LINE_BREAK = re.compile(r"\s*[\r\n]\s*")


@dataclass(frozen=True, slots=True)
class Cue:
    start_ms: int
    end_ms: int
    text: str


def cue_text(text: str) -> str:
    """``text`` as a cue's text that reads as written: no tag, no character reference, no
    ``-->`` and no line break (each run of white space holding one becomes a space)."""
    return LINE_BREAK.sub(" ", html.escape(text, quote=False))


def vtt_file(cues: Iterable[Cue]) -> str:
    """The file of ``cues``, numbered in the order given."""
    lines = ["WEBVTT", ""]
    for number, cue in enumerate(cues, 1):
        timing = f"{vtt_timestamp(cue.start_ms)} --> {vtt_timestamp(cue.end_ms)}"
        lines += [str(number), timing, cue_text(cue.text), ""]
    return "\n".join(lines)


def _sena_text(timeline: Timeline, sena: SenaSpan) -> str:
    # where it said nothing the catalogue knows, the gestures it was made of (as the page says)
    said = sena.meaning or f"«{' + '.join(sena.gestures)}»"
    verdict = verdict_text(sena.verdict, "", sena.review, sena.note)
    return f"{timeline.seat_name(sena.seat)}: seña {said} — {verdict}"


def caption_cues(timeline: Timeline) -> list[Cue]:
    """On the timeline's clock, in time order, each on screen ``MIN_CUE_MS`` at least."""
    items = [
        (g.start_ms, g.end_ms, f"{timeline.seat_name(g.seat)}: {g.label}")
        for g in timeline.gestures
    ]
    items += [(s.start_ms, s.end_ms, _sena_text(timeline, s)) for s in timeline.senas]
    return [Cue(start, max(end, start + MIN_CUE_MS), text) for start, end, text in sorted(items)]


def chapter_cues(timeline: Timeline) -> list[Cue]:
    """On the timeline's clock, in time order, a hand before the lances it starts with."""
    bands = sorted(timeline.bands, key=lambda b: (b.start_ms, b.kind != "hand"))
    return [Cue(b.start_ms, max(b.end_ms, b.start_ms + 1), b.label) for b in bands]


def on_file(cues: Iterable[Cue], span: tuple[int, int | None]) -> list[Cue]:
    """The cues that fall inside a file lying over ``span`` on the timeline, timed from its
    start (:func:`~api.exports.timeline.in_file`, as every per-file export cuts)."""
    placed = ((in_file(cue.start_ms, cue.end_ms, span), cue.text) for cue in cues)
    return [Cue(*at, text) for at, text in placed if at is not None]


def captions(timeline: Timeline, media: MediaFile | None = None) -> str:
    """The captions on ``media``'s clock, or, without it, on the timeline's."""
    cues = caption_cues(timeline)
    return vtt_file(cues if media is None else on_file(cues, timeline.span_of(media)))


def chapters(timeline: Timeline, media: MediaFile | None = None) -> str:
    cues = chapter_cues(timeline)
    return vtt_file(cues if media is None else on_file(cues, timeline.span_of(media)))


def write_vtt(timeline: Timeline, out: Path, stem: str) -> list[Path]:
    """``<stem>.vtt`` and ``<stem>.chapters.vtt``: on the clock of the one video file, or of the
    session where there is none. For several files, a pair for each named after it
    (``<stem>.cam1-<ms>.vtt``, ``<stem>.cam1-<ms>.chapters.vtt``)."""
    written = []
    for media, name in per_file(timeline, stem):
        caption_path, chapter_path = out / f"{name}.vtt", out / f"{name}.chapters.vtt"
        caption_path.write_text(captions(timeline, media), encoding="utf-8")
        chapter_path.write_text(chapters(timeline, media), encoding="utf-8")
        written += [caption_path, chapter_path]
    return written
