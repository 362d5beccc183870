"""Events as BORIS's tabular export lays them out (and a spreadsheet opens): one row per
event, state events as a START and a STOP row, instants as POINT, with the time in seconds,
the video frame, the seat as subject, the behaviour and its modifiers, and the verdict.

A session recorded in several video files names on each row the file it falls in, as BORIS's
own export does (its "Media file name" column), and times the row from that file's start, so
each file's rows can be read against it. A file is named by its absolute path (:func:`absolute`),
for an analysis as for a session."""

from __future__ import annotations

import csv
from pathlib import Path

from api.exports.eaf import verdict_text
from api.exports.timeline import Timeline

COLUMNS = (
    "Time",
    "Frame",
    "Media file path",
    "FPS",
    "Subject",
    "Behavior",
    "Modifiers",
    "Behavior type",
    "Status",
    "Verdict",
    "Comment",
)


def rows(timeline: Timeline) -> list[dict[str, str]]:
    """In time order. Where there is video each row is on the clock of the file it falls in
    (:meth:`Timeline.file_at`), or on the timeline's with no file where it falls in none (while
    recording was off). A span's STOP row is in its START's file, at that file's end if the span
    runs past it: BORIS pairs them within one file."""
    media = absolute(timeline.media)
    paths = {file.path: absolute(file.path) for file in timeline.files}
    fps = f"{timeline.fps:g}" if timeline.fps else ""
    events: list[tuple[int, int, dict[str, str]]] = []

    def add(
        ms: int,
        subject: str,
        behaviour: str,
        modifiers: str,
        status: str,
        verdict: str = "",
        comment: str = "",
        started_ms: int | None = None,
    ) -> None:
        at, path = ms, media
        if timeline.files:
            file = timeline.file_at(ms if started_ms is None else started_ms)
            if file is None:
                at, path = ms, ""
            else:
                until = timeline.span_of(file)[1]
                at = (ms if until is None else min(ms, until)) - file.offset_ms
                path = paths[file.path]
        frame = timeline.frame_of(at)
        events.append(
            (
                ms,
                len(events),
                {
                    "Time": f"{at / 1000:.3f}",
                    "Frame": "" if frame is None else str(frame),
                    "Media file path": path,
                    "FPS": fps,
                    "Subject": subject,
                    "Behavior": behaviour,
                    "Modifiers": modifiers,
                    "Behavior type": "POINT" if status == "POINT" else "STATE",
                    "Status": status,
                    "Verdict": verdict,
                    "Comment": comment,
                },
            )
        )

    for g in timeline.gestures:
        subject = timeline.seat_name(g.seat)
        add(g.start_ms, subject, g.kind, g.side or "", "START")
        add(g.end_ms, subject, g.kind, g.side or "", "STOP", started_ms=g.start_ms)
    for s in timeline.senas:
        subject, modifiers = timeline.seat_name(s.seat), f"{s.label}|{'+'.join(s.gestures)}"
        verdict = verdict_text(s.verdict, "", s.review, "")
        add(s.start_ms, subject, "seña", modifiers, "START", verdict, s.reason)
        add(s.end_ms, subject, "seña", modifiers, "STOP", verdict, s.note, s.start_ms)
    for c in timeline.calls:
        add(c.t_ms, timeline.seat_name(c.seat), "call", c.text, "POINT", "", f"hand {c.hand}")
    return [row for _, _, row in sorted(events, key=lambda e: (e[0], e[1]))]


def absolute(media: Path | None) -> str:
    """A video as a row names it: its absolute path, resolved. BORIS opens the path as written,
    from wherever the table is read, so a path relative to where keinu was run (``keinu export
    single ...`` names ``single/annotated.mp4``) would not be found from the table's folder."""
    return "" if media is None else str(media.resolve())


def write_tables(timeline: Timeline, out: Path, stem: str) -> list[Path]:
    written = []
    table = rows(timeline)
    for suffix, delimiter in ((".csv", ","), (".tsv", "\t")):
        path = out / f"{stem}{suffix}"
        with path.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.DictWriter(handle, COLUMNS, delimiter=delimiter)
            writer.writeheader()
            writer.writerows(table)
        written.append(path)
    return written
