"""One session or analysis on one clock (milliseconds from the start of its video, or of the
session when there is none): what every export format is written from. A session recorded in
several video files is cut here into what lies inside each, on that file's clock, by one rule
that every format's per-file export follows (:func:`in_file`)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any


@dataclass(frozen=True, slots=True)
class GestureSpan:
    seat: int
    kind: str
    side: str | None
    start_ms: int
    end_ms: int
    confidence: float = 1.0

    @property
    def label(self) -> str:
        return self.kind if self.side is None else f"{self.kind} {self.side}"


@dataclass(frozen=True, slots=True)
class SenaSpan:
    """A seña: from its first gesture's start to its last gesture's end. ``verdict`` is None
    where there was no hand to judge it in (an analysis of a video); ``review`` is the
    referee's afterthought (``overruled``/``acknowledged``) and ``note`` its text."""

    seat: int
    start_ms: int
    end_ms: int
    gestures: tuple[str, ...]
    meaning: str | None
    verdict: str | None
    reason: str = ""
    hand: int | None = None
    #: ``reason`` in Spanish, where the referee wrote one (a session's señas).
    reason_es: str = ""
    call: int | None = None
    review: str | None = None
    note: str = ""

    @property
    def label(self) -> str:
        return self.meaning or "not in catalogue"


@dataclass(frozen=True, slots=True)
class CallMark:
    """A call of the hand (``envido 2``, ``paso``...) at the moment it was entered."""

    t_ms: int
    seat: int
    text: str
    hand: int


@dataclass(frozen=True, slots=True)
class Band:
    """A hand (``kind='hand'``) or a lance/phase of one (``kind='lance'``). ``label`` is the
    exports' English text; ``phase`` the lance's name in the engine (``pares_declaration``), for
    a page to say it in its own language."""

    kind: str
    label: str
    start_ms: int
    end_ms: int
    hand: int
    phase: str | None = None


@dataclass(frozen=True, slots=True)
class PromptSpan:
    """What a player was asked to show, and when (an enrolment's clip, ``keinu calibrate
    --record``)."""

    start_ms: int
    end_ms: int
    text: str


@dataclass(frozen=True, slots=True)
class MediaFile:
    """A video file of the timeline, and where its first frame lies on it (ms; a camera's next
    file starts later, where recording was switched off and on or a camera reopened), and how
    long it plays where that is known."""

    path: Path
    camera: str
    offset_ms: int
    length_ms: int | None = None


@dataclass
class Timeline:
    title: str
    #: The video the times refer to, if any; relative to ``base`` where it lies inside it.
    media: Path | None
    base: Path
    seats: dict[int, str] = field(default_factory=dict)
    gestures: list[GestureSpan] = field(default_factory=list)
    senas: list[SenaSpan] = field(default_factory=list)
    calls: list[CallMark] = field(default_factory=list)
    bands: list[Band] = field(default_factory=list)
    fps: float | None = None
    #: The hand (or game) record of what was played, as ``keinu replay`` reads it.
    record: dict[str, Any] | None = None
    prompts: list[PromptSpan] = field(default_factory=list)
    #: Every video file, each placed on the timeline (``media``, where there is one, is the file
    #: the timeline counts from: a session's first of ``cam1``, else of any); empty where there is
    #: no video.
    files: list[MediaFile] = field(default_factory=list)
    #: Where what came earlier was left out (a recording switched on mid-session): the hand
    #: under way at the timeline's 0, None where nothing was left out or no hand was under way.
    begins_in_hand: int | None = None

    def seat_name(self, seat: int) -> str:
        name = self.seats.get(seat, "")
        return f"seat {seat} ({name})" if name else f"seat {seat}"

    def frame_of(self, ms: int) -> int | None:
        return None if not self.fps else int(ms * self.fps / 1000)

    def span_of(self, media: MediaFile) -> tuple[int, int | None]:
        """Where ``media`` lies on the timeline: from its first frame to its end, or to where its
        camera's next file starts if sooner (None for a camera's last file of unknown length).
        What happened while recording was off lies in no file."""
        ends = [
            f.offset_ms
            for f in self.files
            if f.camera == media.camera and f.offset_ms > media.offset_ms
        ]
        if media.length_ms is not None:
            ends.append(media.offset_ms + media.length_ms)
        return media.offset_ms, min(ends, default=None)

    def file_at(self, ms: int, camera: str | None = None) -> MediaFile | None:
        """The file that moment ``ms`` falls in (of ``camera``, when named): the first camera's
        (that of ``media``, whose clock the timeline counts from) where it filmed it, else
        another's; None where none filmed it."""
        main = next((f.camera for f in self.files if f.path == self.media), None)
        ordered = sorted(self.files, key=lambda f: (f.camera != main, f.camera, f.offset_ms))
        filmed = (f for f in ordered if camera in (None, f.camera))
        return next((f for f in filmed if in_file(ms, ms, self.span_of(f))), None)

    def on_file(self, media: MediaFile) -> Timeline:
        """What lies inside ``media`` (by :func:`in_file`), timed from its first frame: the
        timeline of that one file, with it as its video."""
        inside = self.within(self.span_of(media))
        return replace(inside, media=media.path, files=[replace(media, offset_ms=0)])

    def within(self, span: tuple[int, int | None], grace_ms: int = 0) -> Timeline:
        """What lies inside ``span`` (by :func:`in_file`, with its ``grace_ms``), timed from its
        start; the files are left as they are."""

        def cut(items: list[Any]) -> list[Any]:
            kept = []
            for item in items:
                placed = in_file(item.start_ms, item.end_ms, span, grace_ms)
                if placed is not None:
                    kept.append(replace(item, start_ms=placed[0], end_ms=placed[1]))
            return kept

        calls = []
        for call in self.calls:
            placed = in_file(call.t_ms, call.t_ms, span, grace_ms)
            if placed is not None:
                calls.append(replace(call, t_ms=placed[0]))
        return replace(
            self,
            gestures=cut(self.gestures),
            senas=cut(self.senas),
            calls=calls,
            bands=cut(self.bands),
            prompts=cut(self.prompts),
        )

    @property
    def end_ms(self) -> int:
        ends = [g.end_ms for g in self.gestures] + [s.end_ms for s in self.senas]
        ends += [c.t_ms for c in self.calls] + [b.end_ms for b in self.bands]
        ends += [p.end_ms for p in self.prompts]
        return max(ends, default=0)

    def to_dict(self) -> dict[str, Any]:
        """What the review page draws."""
        return {
            "title": self.title,
            "seats": {str(k): v for k, v in sorted(self.seats.items())},
            "fps": self.fps,
            "end_ms": self.end_ms,
            "begins_in_hand": self.begins_in_hand,
            "gestures": [
                {"seat": g.seat, "label": g.label, "start_ms": g.start_ms, "end_ms": g.end_ms}
                for g in self.gestures
            ],
            "senas": [
                {
                    "seat": s.seat,
                    "start_ms": s.start_ms,
                    "end_ms": s.end_ms,
                    "gestures": list(s.gestures),
                    "meaning": s.meaning,
                    "verdict": s.verdict,
                    "reason": s.reason,
                    "reason_es": s.reason_es,
                    "hand": s.hand,
                    "call": s.call,
                    "review": s.review,
                    "note": s.note,
                }
                for s in self.senas
            ],
            "calls": [
                {"t_ms": c.t_ms, "seat": c.seat, "text": c.text, "hand": c.hand} for c in self.calls
            ],
            "bands": [
                {
                    "kind": b.kind,
                    "label": b.label,
                    "start_ms": b.start_ms,
                    "end_ms": b.end_ms,
                    "hand": b.hand,
                    "phase": b.phase,
                }
                for b in self.bands
            ],
        }


def in_file(
    start_ms: int, end_ms: int, span: tuple[int, int | None], grace_ms: int = 0
) -> tuple[int, int] | None:
    """Where something lying from ``start_ms`` to ``end_ms`` on the timeline lies in a file that
    spans ``span`` there (:meth:`Timeline.span_of`), timed from the file's start: one the file
    starts inside of shows from its first frame, an instant (``start_ms == end_ms``) is in it
    from its first frame up to its end, and what lies at most ``grace_ms`` before its first
    frame is placed there; what runs past the file's end ends with it. None where it lies
    outside."""
    first, until = span
    if max(end_ms, start_ms + 1) <= first - grace_ms or (until is not None and start_ms >= until):
        return None
    end_ms = end_ms if until is None else min(end_ms, until)
    return max(0, start_ms - first), max(0, end_ms - first)


def per_file(timeline: Timeline, stem: str) -> list[tuple[MediaFile | None, str]]:
    """The stems of the exports written one per video file, each with its file: for a timeline
    in several files ``<stem>.<file's stem>`` (``table-3.cam1-<ms>``); for one file, or none
    (None), ``stem`` itself."""
    if len(timeline.files) <= 1:
        return [(timeline.files[0] if timeline.files else None, stem)]
    return [(media, f"{stem}.{media.path.stem}") for media in timeline.files]


def lanes(spans: list[Any], start: str = "start_ms", end: str = "end_ms") -> list[list[Any]]:
    """``spans`` packed into as few lanes as keep each lane free of overlaps (ELAN refuses two
    overlapping annotations on one tier), in time order."""
    packed: list[list[Any]] = []
    for span in sorted(spans, key=lambda s: (getattr(s, start), getattr(s, end))):
        for lane in packed:
            if getattr(lane[-1], end) <= getattr(span, start):
                lane.append(span)
                break
        else:
            packed.append([span])
    return packed
