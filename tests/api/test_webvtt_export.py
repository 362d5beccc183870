"""The WebVTT files ``keinu export --format vtt`` writes and ``/api/review/NAME/KIND.vtt``
serves, read back by a strict reader of the WebVTT spec's rules: a session recorded in two
files gets captions timed from each file's start (as the review page's own tracks are, and as
each file's EAF is); a referee's note is read back as written; a seña outside the
catalogue is worded, not keyed."""

from __future__ import annotations

import json
import re

import pympi

from api.cli import main
from api.exports.session import load_session
from api.recording.manifest import Segment, append, session_folder
from engine.gesture import Gesture
from tests.api.test_session_export import played_session
from vision.output.export import MIN_CUE_MS

LINE_TERMINATOR = re.compile(r"\r\n|\r|\n")
TIMESTAMP = r"(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})"
TIMING = re.compile(rf"{TIMESTAMP}[ \t]+-->[ \t]+{TIMESTAMP}(?:[ \t].*)?")
#: The character references keinu writes; any other ``&`` fails the reader.
REFERENCES = {"&amp;": "&", "&lt;": "<", "&gt;": ">"}


def _ms(hours: str | None, minutes: str, seconds: str, millis: str) -> int:
    return ((int(hours or 0) * 60 + int(minutes)) * 60 + int(seconds)) * 1000 + int(millis)


def _plain(line: str) -> str:
    """A line of cue text that holds no tag: each ``&`` a character reference, decoded."""
    assert "<" not in line, f"a tag in cue text (a '<' starts one): {line!r}"
    assert "-->" not in line, f"'-->' in cue text: {line!r}"
    parts = re.split(r"(&[a-z]*;?)", line)
    for i in range(1, len(parts), 2):
        assert parts[i] in REFERENCES, f"a bare '&' in cue text: {line!r}"
        parts[i] = REFERENCES[parts[i]]
    return "".join(parts)


def read_vtt(text: str) -> list[tuple[int, int, str]]:
    """Each cue of a WebVTT file as (start ms, end ms, text as read), failing on what the spec
    forbids or reads otherwise than written: no ``WEBVTT`` header, a block that is not a cue, a
    bad timing, a cue ending before it starts or starting before the one before it, an
    identifier twice, and in cue text a tag, ``-->`` or a bare ``&``."""
    lines = LINE_TERMINATOR.split(text.removeprefix("\ufeff"))
    assert re.fullmatch(r"WEBVTT(?:[ \t].*)?", lines[0]), f"not a WebVTT header: {lines[0]!r}"
    blocks: list[list[str]] = [[]]  # the header's, then one a block
    for line in lines:
        if line:
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    header, *cues = [block for block in blocks if block]
    assert not any("-->" in line for line in header), "a cue in the header"
    read: list[tuple[int, int, str]] = []
    identifiers: set[str] = set()
    for block in cues:
        if "-->" not in block[0]:
            identifier, *block = block
            assert identifier not in identifiers, f"cue identifier {identifier!r} twice"
            identifiers.add(identifier)
        assert block, "a block that is not a cue"
        timing = TIMING.fullmatch(block[0])
        assert timing, f"not a cue timing: {block[0]!r}"
        start, end = _ms(*timing.groups()[:4]), _ms(*timing.groups()[4:])
        assert end > start, f"a cue ending before it starts: {block[0]!r}"
        assert not read or start >= read[-1][0], f"cues out of order at {block[0]!r}"
        read.append((start, end, "\n".join(_plain(line) for line in block[1:])))
    return read


def test_the_reader_is_strict():
    assert read_vtt("WEBVTT\n\n1\n00:00:01.000 --> 00:00:01.500\na &amp; b &lt;c&gt;\n") == [
        (1000, 1500, "a & b <c>")
    ]
    for bad in (
        "WEBVTT\n\n00:00:01.000 --> 00:00:01.500\n<b>a</b>\n",
        "WEBVTT\n\n00:00:01.000 --> 00:00:01.500\na & b\n",
        "WEBVTT\n\n00:00:01.000 --> 00:00:01.500\na --> b\n",
        "WEBVTT\n\n00:00:01.000 --> 00:00:01.500\na\n\nb\n",  # "b" is a block, not a cue
        "WEBVTT\n\n00:00:01.000 --> 00:00:00.500\na\n",
        "WEBVTT\n\n00:00:02.000 --> 00:00:02.500\na\n\n00:00:01.000 --> 00:00:01.500\nb\n",
        "WEBVTT\n\n1\n00:00:01.000 --> 00:00:01.500\na\n\n1\n00:00:02.000 --> 00:00:02.500\nb",
        "00:00:01.000 --> 00:00:01.500\na\n",
    ):
        try:
            read_vtt(bad)
        except AssertionError:
            continue
        raise AssertionError(f"read without complaint: {bad!r}")


def export(settings, target: str, out, *formats: str) -> list[str]:
    argv = ["export", target, "--out", str(out), "--data-dir", str(settings.data_dir)]
    for fmt in formats:
        argv += ["--format", fmt]
    assert main(argv) == 0
    return sorted(p.name for p in out.iterdir())


def wink(cues: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    return [c for c in cues if c[2].startswith("seat 2 (Bego): seña juego_31")]


def test_a_note_with_markup_and_a_line_break_reads_back_as_written(client, settings, tmp_path):
    table_id = played_session(client)
    name = f"table-{table_id}"
    senas = client.get(f"/api/review/{name}").json()["timeline"]["senas"]
    index = next(i for i, s in enumerate(senas) if s["seat"] == 2)
    note = "se rascaba <b>fuerte</b> & tosió --> dudosa\n\n-->\nA&amp;B"
    noted = client.post(
        f"/api/review/{name}/senas/{index}/review", json={"action": "acknowledged", "note": note}
    )
    assert noted.status_code == 200, noted.text
    assert noted.json()["timeline"]["senas"][index]["note"] == note  # stored as written

    out = tmp_path / "out"
    assert export(settings, name, out, "vtt") == [f"{name}.chapters.vtt", f"{name}.vtt"]
    served = client.get(f"/api/review/{name}/captions.vtt").text
    # on one line, as the page's track has it: each line break a space
    one_line = "se rascaba <b>fuerte</b> & tosió --> dudosa --> A&amp;B"
    for text in ((out / f"{name}.vtt").read_text(encoding="utf-8"), served):
        (cue,) = wink(read_vtt(text))
        assert cue[2] == f"seat 2 (Bego): seña juego_31 — legal [acknowledged: {one_line}]"
    assert read_vtt((out / f"{name}.chapters.vtt").read_text("utf-8"))


def test_an_analysis_sena_outside_the_catalogue_is_worded(tmp_path):
    folder = tmp_path / "analysis"
    folder.mkdir()
    gestures = [
        {"seat": 1, "kind": "lip_bite", "side": "center", "start_ms": 500, "end_ms": 800},
        {"seat": 2, "kind": "head_tilt", "side": "left", "start_ms": 1500, "end_ms": 1600},
    ]
    (folder / "gestures.jsonl").write_text("".join(json.dumps(g) + "\n" for g in gestures))
    summary = {"source": "t.mp4", "frames": 60, "duration_ms": 3000, "profile": "standard"}
    (folder / "summary.json").write_text(json.dumps(summary))
    out = tmp_path / "out"
    argv = ["export", str(folder), "--out", str(out), "--format", "vtt", "--format", "eaf"]
    assert main(argv) == 0
    captions = read_vtt((out / "gestures.vtt").read_text(encoding="utf-8"))
    senas = [text for _, _, text in captions if "seña" in text]
    assert senas == [
        "seat 1: seña dos_reyes — unjudged",
        "seat 2: seña «head_tilt left» — not in catalogue",
    ]
    eaf = pympi.Elan.Eaf(str(out / "gestures.eaf"))
    verdicts = [a[2] for a in eaf.get_ref_annotation_data_for_tier("verdicts")]
    assert verdicts == ["unjudged", "not in catalogue"]


def recorded_in(settings, name: str, *walls: int, camera: str = "cam1") -> list[str]:
    """The session's video as files of ``camera`` opened at each of ``walls`` (the store's
    clock); empty files: the exports read only their names and times."""
    folder = session_folder(settings.data_dir, name)
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for wall_ms in walls:
        file = f"{camera}-{wall_ms}.mp4"
        (folder / file).write_bytes(b"")
        append(folder, Segment(file, camera, wall_ms, 0, 30.0, 320, 240))
        files.append(file)
    return files


def test_a_session_in_two_files_gets_captions_timed_from_each_files_start(
    client, settings, tmp_path
):
    """Recording switched off and on: the seña lies 700 ms into the second file, and its
    caption there starts at 700 ms, as the page's track does and as the ELAN document of that
    file times it."""
    table_id = played_session(client)
    name = f"table-{table_id}"
    on_the_wall = load_session(settings.database, table_id, origin_ms=0)
    (sena,) = [s for s in on_the_wall.senas if s.seat == 2]
    first_ms = min(b.start_ms for b in on_the_wall.bands) - 5000
    second_ms = sena.start_ms - 700
    first, second = recorded_in(settings, name, first_ms, second_ms)

    out = tmp_path / "out"
    # each pair named after its video file: table-N.cam1-<ms>.vtt, .chapters.vtt
    one, stem = (f"{name}.{file.removesuffix('.mp4')}" for file in (first, second))
    assert export(settings, name, out, "vtt", "eaf") == [
        f"{one}.chapters.vtt", f"{one}.eaf", f"{one}.vtt",
        f"{stem}.chapters.vtt", f"{stem}.eaf", f"{stem}.vtt",
    ]  # fmt: skip
    in_second = read_vtt((out / f"{stem}.vtt").read_text(encoding="utf-8"))
    assert [c[:2] for c in wink(in_second)] == [(700, 700 + MIN_CUE_MS)]
    in_first = read_vtt((out / f"{one}.vtt").read_text(encoding="utf-8"))
    assert not wink(in_first)  # it plays in the second file only

    # the page's tracks: the timeline less where the file starts
    review = client.get(f"/api/review/{name}").json()
    offsets = {v["name"]: v["offset_ms"] for v in review["videos"]}
    assert offsets == {first: 0, second: second_ms - first_ms}
    (page_sena,) = [s for s in review["timeline"]["senas"] if s["seat"] == 2]
    assert page_sena["start_ms"] - offsets[second] == 700
    hand = next(b for b in review["timeline"]["bands"] if b["kind"] == "hand")
    chapters = read_vtt((out / f"{stem}.chapters.vtt").read_text(encoding="utf-8"))
    assert chapters[0] == (
        max(0, hand["start_ms"] - offsets[second]),
        hand["end_ms"] - offsets[second],
        "hand 1",
    )

    # the second file's EAF links it and times the seña as its captions do
    eaf = pympi.Elan.Eaf(str(out / f"{stem}.eaf"))
    (media,) = eaf.media_descriptors
    assert media["MEDIA_URL"].endswith(f"/{second}")
    tiers = [t for t in eaf.get_tier_names() if t.startswith("señas")]
    spans = [a for tier in tiers for a in eaf.get_annotation_data_for_tier(tier)]
    (eaf_sena,) = [a for a in spans if a[2].startswith("seat 2 (Bego)")]
    assert eaf_sena[0] == 700

    # the API: a file's own, as exported; without ?file=, the session's clock
    url = f"/api/review/{name}/captions.vtt"
    assert client.get(url, params={"file": second}).text == (out / f"{stem}.vtt").read_text()
    assert client.get(f"/api/review/{name}/chapters.vtt", params={"file": second}).text == (
        out / f"{stem}.chapters.vtt"
    ).read_text(encoding="utf-8")
    whole = read_vtt(client.get(url).text)
    assert [c[0] for c in wink(whole)] == [offsets[second] + 700]
    missing = client.get(url, params={"file": "cam1-1.mp4"})
    assert missing.status_code == 404 and "cam1-1.mp4" in missing.json()["detail"]


def test_a_session_in_one_file_keeps_its_names(client, settings, tmp_path):
    table_id = played_session(client)
    name = f"table-{table_id}"
    on_the_wall = load_session(settings.database, table_id, origin_ms=0)
    (sena,) = [s for s in on_the_wall.senas if s.seat == 2]
    recorded_in(settings, name, sena.start_ms - 2500)
    out = tmp_path / "out"
    assert export(settings, name, out, "vtt") == [f"{name}.chapters.vtt", f"{name}.vtt"]
    captions = read_vtt((out / f"{name}.vtt").read_text(encoding="utf-8"))
    assert [c[:2] for c in wink(captions)] == [(2500, 2500 + MIN_CUE_MS)]


def test_a_note_is_held_to_one_rule_on_the_table_and_on_the_review_page(client):
    """A note may run over lines (the review page's box is a textarea); a NUL or a bell is
    refused alike, whichever route it comes by."""
    table_id = played_session(client)
    hand_id = client.get(f"/api/tables/{table_id}").json()["current"]["hand"]["id"]
    first = client.app.state.referee.observe(Gesture(2, "wink", "left", 9000, 9300), "cam1")
    routes = [
        f"/api/hands/{hand_id}/senas/{first['calls'][0]}/review",
        f"/api/review/table-{table_id}/senas/0/review",
    ]
    for route in routes:
        for bad in ("tos\x00", "tos\x07"):
            refused = client.post(route, json={"action": "overruled", "note": bad})
            assert refused.status_code == 422, (route, refused.text)
        kept = client.post(route, json={"action": "overruled", "note": " tos\r\ny risa "})
        assert kept.status_code == 200, (route, kept.text)
    review = client.get(f"/api/review/table-{table_id}").json()["timeline"]["senas"][0]
    assert review["note"] == "tos\ny risa"
