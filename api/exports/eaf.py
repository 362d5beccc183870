"""ELAN's annotation format, EAF 3.0: a gestures tier per seat, a señas tier with the meaning
and a dependent tier with the verdict (and the referee's review), tiers for calls, hands and
lances (and, for an enrolment's clip, what the player was asked), and the video linked.
Overlapping spans of one tier go on a numbered second tier, as ELAN wants no overlaps within
one. A session recorded in several video files gets a document for each, on its clock."""

from __future__ import annotations

import mimetypes
import os
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from api.exports.timeline import Timeline, lanes, per_file

SCHEMA = "http://www.mpi.nl/tools/elan/EAFv3.0.xsd"
XSI = "http://www.w3.org/2001/XMLSchema-instance"
#: A call is an instant; ELAN draws it as an annotation this long.
CALL_MS = 400
ALIGNABLE = "keinu-span"
ASSOCIATED = "keinu-verdict"


def verdict_text(verdict: str | None, reason: str, review: str | None, note: str) -> str:
    """The verdict in words (``not in catalogue``, not the engine's ``not_in_catalogue``), its
    reason and the referee's review."""
    text = verdict.replace("_", " ") if verdict else "unjudged"
    if reason:
        text += f" — {reason}"
    if review:
        text += f" [{review}{': ' + note if note else ''}]"
    elif note:
        text += f" [note: {note}]"
    return text


class _Document:
    def __init__(self) -> None:
        self.slots: list[int] = []
        self.tiers: list[ET.Element] = []
        self.next_id = 0

    def slot(self, ms: int) -> str:
        self.slots.append(max(0, int(ms)))
        return f"ts{len(self.slots)}"

    def annotation_id(self) -> str:
        self.next_id += 1
        return f"a{self.next_id}"

    def tier(
        self,
        tier_id: str,
        *,
        type_ref: str = ALIGNABLE,
        participant: str = "",
        parent: str | None = None,
    ) -> ET.Element:
        tier = ET.Element("TIER", LINGUISTIC_TYPE_REF=type_ref, TIER_ID=tier_id)
        if participant:
            tier.set("PARTICIPANT", participant)
        if parent is not None:
            tier.set("PARENT_REF", parent)
        self.tiers.append(tier)
        return tier

    def span(self, tier: ET.Element, start: int, end: int, value: str) -> str:
        ref1, ref2 = self.slot(start), self.slot(max(end, start + 1))
        annotation_id = self.annotation_id()
        node = ET.SubElement(
            ET.SubElement(tier, "ANNOTATION"),
            "ALIGNABLE_ANNOTATION",
            ANNOTATION_ID=annotation_id,
            TIME_SLOT_REF1=ref1,
            TIME_SLOT_REF2=ref2,
        )
        ET.SubElement(node, "ANNOTATION_VALUE").text = value
        return annotation_id

    def reference(self, tier: ET.Element, annotation_ref: str, value: str) -> None:
        node = ET.SubElement(
            ET.SubElement(tier, "ANNOTATION"),
            "REF_ANNOTATION",
            ANNOTATION_ID=self.annotation_id(),
            ANNOTATION_REF=annotation_ref,
        )
        ET.SubElement(node, "ANNOTATION_VALUE").text = value


def _tiers_for(name: str, packed: list[list[Any]], index: int) -> str:
    return name if index == 0 else f"{name} ({index + 1})"


def eaf_document(timeline: Timeline, out_dir: Path) -> ET.ElementTree:
    doc = _Document()
    for seat in sorted(timeline.seats):
        spans = [g for g in timeline.gestures if g.seat == seat]
        packed = lanes(spans) or [[]]
        for i, lane in enumerate(packed):
            tier = doc.tier(
                _tiers_for(f"{timeline.seat_name(seat)} gestures", packed, i),
                participant=timeline.seat_name(seat),
            )
            for gesture in lane:
                doc.span(tier, gesture.start_ms, gesture.end_ms, gesture.label)
    packed = lanes(timeline.senas) or [[]]
    for i, lane in enumerate(packed):
        name = _tiers_for("señas", packed, i)
        tier = doc.tier(name)
        verdicts = doc.tier(_tiers_for("verdicts", packed, i), type_ref=ASSOCIATED, parent=name)
        for sena in lane:
            value = f"{timeline.seat_name(sena.seat)}: {sena.label} ({' + '.join(sena.gestures)})"
            ref = doc.span(tier, sena.start_ms, sena.end_ms, value)
            doc.reference(
                verdicts, ref, verdict_text(sena.verdict, sena.reason, sena.review, sena.note)
            )
    _instants(
        doc, "calls", ((c.t_ms, f"{timeline.seat_name(c.seat)}: {c.text}") for c in timeline.calls)
    )
    for kind, name in (("hand", "hands"), ("lance", "lances")):
        tier = doc.tier(name)
        for band in (b for b in timeline.bands if b.kind == kind):
            doc.span(tier, band.start_ms, band.end_ms, band.label)
    if timeline.prompts:
        tier = doc.tier("prompts")
        for prompt in timeline.prompts:
            doc.span(tier, prompt.start_ms, prompt.end_ms, prompt.text)
    return ET.ElementTree(_root(doc, timeline, out_dir))


def _instants(doc: _Document, name: str, marks: Iterable[tuple[int, str]]) -> None:
    ordered = sorted(marks)
    tier = doc.tier(name)
    for i, (at, text) in enumerate(ordered):
        following = ordered[i + 1][0] if i + 1 < len(ordered) else at + CALL_MS
        doc.span(tier, at, max(at + 1, min(at + CALL_MS, following)), text)


def _root(doc: _Document, timeline: Timeline, out_dir: Path) -> ET.Element:
    root = ET.Element(
        "ANNOTATION_DOCUMENT",
        {
            "AUTHOR": "keinu",
            "DATE": datetime.now(UTC).isoformat(timespec="seconds"),
            "FORMAT": "3.0",
            "VERSION": "3.0",
            "xmlns:xsi": XSI,
            "xsi:noNamespaceSchemaLocation": SCHEMA,
        },
    )
    header = ET.SubElement(root, "HEADER", MEDIA_FILE="", TIME_UNITS="milliseconds")
    if timeline.media is not None:
        media = timeline.media.resolve()
        mime = mimetypes.guess_type(media.name)[0] or "video/mp4"
        ET.SubElement(
            header,
            "MEDIA_DESCRIPTOR",
            MEDIA_URL=media.as_uri(),
            MIME_TYPE=mime,
            RELATIVE_MEDIA_URL=_relative(media, out_dir),
        )
    ET.SubElement(header, "PROPERTY", NAME="lastUsedAnnotationId").text = str(doc.next_id)
    order = ET.SubElement(root, "TIME_ORDER")
    for number, ms in enumerate(doc.slots, 1):
        ET.SubElement(order, "TIME_SLOT", TIME_SLOT_ID=f"ts{number}", TIME_VALUE=str(ms))
    root.extend(doc.tiers)
    ET.SubElement(
        root,
        "LINGUISTIC_TYPE",
        GRAPHIC_REFERENCES="false",
        LINGUISTIC_TYPE_ID=ALIGNABLE,
        TIME_ALIGNABLE="true",
    )
    ET.SubElement(
        root,
        "LINGUISTIC_TYPE",
        CONSTRAINTS="Symbolic_Association",
        GRAPHIC_REFERENCES="false",
        LINGUISTIC_TYPE_ID=ASSOCIATED,
        TIME_ALIGNABLE="false",
    )
    for stereotype, description in (
        (
            "Time_Subdivision",
            "Time subdivision of parent annotation's time interval, no time "
            "gaps allowed within this interval",
        ),
        (
            "Symbolic_Subdivision",
            "Symbolic subdivision of a parent annotation. Annotations "
            "refering to the same parent are ordered",
        ),
        ("Symbolic_Association", "1-1 association with a parent annotation"),
        (
            "Included_In",
            "Time alignable annotations within the parent annotation's time "
            "interval, gaps are allowed",
        ),
    ):
        ET.SubElement(root, "CONSTRAINT", DESCRIPTION=description, STEREOTYPE=stereotype)
    return root


def _relative(media: Path, out_dir: Path) -> str:
    return "./" + Path(os.path.relpath(media, out_dir.resolve())).as_posix()


def write_eaf(timeline: Timeline, path: Path) -> Path:
    tree = eaf_document(timeline, path.parent)
    ET.indent(tree)
    tree.write(path, encoding="UTF-8", xml_declaration=True)
    return path


def write_eafs(timeline: Timeline, out: Path, stem: str) -> list[Path]:
    """``<stem>.eaf``, linking the one video file (or none). For several files, a document for
    each named after it (``<stem>.cam1-<ms>.eaf``), linking it alone and holding what lies inside
    it on its clock: ELAN plays every linked file at once from one origin, and a file that starts
    later would need a negative ``TIME_ORIGIN`` (docs/recording.md)."""
    return [
        write_eaf(timeline if media is None else timeline.on_file(media), out / f"{name}.eaf")
        for media, name in per_file(timeline, stem)
    ]
