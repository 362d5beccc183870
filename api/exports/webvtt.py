"""WebVTT: captions (each gesture, and each seña with its verdict) and a chapters track with
one chapter per hand and per lance, for any HTML5 player. Cue text is written as read:
``&``, ``<`` and ``>`` escaped, on one line (a blank line would end the cue, and ``-->`` in
it would start another), as the review page's own tracks are (api/static/vtt.js)."""

from __future__ import annotations

import html
import re
from pathlib import Path

from api.exports.eaf import verdict_text
from api.exports.timeline import SenaSpan, Timeline
from vision.output.export import MIN_CUE_MS, vtt_timestamp

LINE_BREAK = re.compile(r"\s*[\r\n]\s*")


def cue_text(text: str) -> str:
    """``text`` as a cue's text that reads as written: no tag, no character reference, no
    ``-->`` and no line break (each run of white space holding one becomes a space)."""
    return LINE_BREAK.sub(" ", html.escape(text, quote=False))


def _cue(number: int, start: int, end: int, text: str) -> list[str]:
    end = max(end, start + MIN_CUE_MS)
    return [str(number), f"{vtt_timestamp(start)} --> {vtt_timestamp(end)}", cue_text(text), ""]


def _sena_text(timeline: Timeline, sena: SenaSpan) -> str:
    # where it said nothing the catalogue knows, the gestures it was made of (as the page says)
    said = sena.meaning or f"«{' + '.join(sena.gestures)}»"
    verdict = verdict_text(sena.verdict, "", sena.review, sena.note)
    return f"{timeline.seat_name(sena.seat)}: seña {said} — {verdict}"


def captions(timeline: Timeline) -> str:
    items = [
        (g.start_ms, g.end_ms, f"{timeline.seat_name(g.seat)}: {g.label}")
        for g in timeline.gestures
    ]
    items += [(s.start_ms, s.end_ms, _sena_text(timeline, s)) for s in timeline.senas]
    lines = ["WEBVTT", ""]
    for number, (start, end, text) in enumerate(sorted(items), 1):
        lines += _cue(number, start, end, text)
    return "\n".join(lines)


def chapters(timeline: Timeline) -> str:
    lines = ["WEBVTT", ""]
    bands = sorted(timeline.bands, key=lambda b: (b.start_ms, b.kind != "hand"))
    for number, band in enumerate(bands, 1):
        lines += [
            str(number),
            f"{vtt_timestamp(band.start_ms)} --> "
            f"{vtt_timestamp(max(band.end_ms, band.start_ms + 1))}",
            cue_text(band.label),
            "",
        ]
    return "\n".join(lines)


def write_vtt(timeline: Timeline, out: Path, stem: str) -> list[Path]:
    caption_path, chapter_path = out / f"{stem}.vtt", out / f"{stem}.chapters.vtt"
    caption_path.write_text(captions(timeline), encoding="utf-8")
    chapter_path.write_text(chapters(timeline), encoding="utf-8")
    return [caption_path, chapter_path]
