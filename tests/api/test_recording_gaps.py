"""A session's video files are placed on its timeline by their real length: what happened while
recording was off lies in no file's exports, and a session filmed only by its second camera is
timed from, and linked to, that camera's video."""

from __future__ import annotations

import csv
import re
import time
from pathlib import Path

import numpy as np
import pympi

from api.exports.session import CAMERA_START_MS, load_session
from api.recording.manifest import Segment, append, session_folder
from api.recording.segment import SegmentWriter, played_ms
from api.store import SeatRow
from engine.gesture import Gesture
from tests.api.test_export_per_file import bego, eaf_media, eaf_senas
from tests.api.test_recording_kill import last_frame_ms
from tests.api.test_session_export import played_session
from tests.api.test_webvtt_export import export, recorded_in

FRAME_MS = 40


def write_segment(path: Path, length_ms: int) -> Path:
    """A recorder's file of ``length_ms`` (a frame every 40 ms, as at 25 fps)."""
    writer = SegmentWriter(path, 64, 48, 1000 / FRAME_MS)
    noise = np.random.default_rng(length_ms).integers(0, 255, (48, 64, 3), np.uint8)
    for pts in range(0, length_ms, FRAME_MS):
        writer.write(np.roll(noise, pts // FRAME_MS, axis=1), pts)
    writer.close()
    return path


def recorded_for(
    settings,
    name: str,
    wall_ms: int,
    length_ms: int,
    camera: str = "cam1",
    armed_ms: int | None = None,
) -> str:
    """A real file of the session from ``wall_ms`` (the store's clock) for ``length_ms``,
    asked for at ``armed_ms`` (None: as a file written before that was kept)."""
    folder = session_folder(settings.data_dir, name)
    folder.mkdir(parents=True, exist_ok=True)
    file = f"{camera}-{wall_ms}.mp4"
    write_segment(folder / file, length_ms)
    append(folder, Segment(file, camera, wall_ms, 0, 25.0, 64, 48, armed_ms))
    return file


def decoded_until(path: Path) -> int | None:
    """The end of the last frame that decodes (ms), the slow way: every frame decoded."""
    last = last_frame_ms(path)
    return None if last < 0 else last + FRAME_MS


def test_a_file_plays_as_long_as_its_frames_even_cut_short(tmp_path: Path):
    whole = write_segment(tmp_path / "whole.mp4", 4000)
    assert played_ms(whole) == 4000
    data = whole.read_bytes()
    for share in (0.3, 0.55, 0.8):  # a kill: the last fragment is cut somewhere inside
        cut = tmp_path / f"cut-{share}.mp4"
        cut.write_bytes(data[: int(len(data) * share)])
        assert 0 < played_ms(cut) == decoded_until(cut) < 4000, share
    (tmp_path / "empty.mp4").write_bytes(b"")
    (tmp_path / "notes.mp4").write_text("not a video")
    assert played_ms(tmp_path / "empty.mp4") is None
    assert played_ms(tmp_path / "notes.mp4") is None
    assert played_ms(tmp_path / "missing.mp4") is None
    # the same path written again is read again
    write_segment(whole, 2000)
    assert played_ms(whole) == 2000


def gap_around_the_sena(client, settings):
    """A played session whose first file ends 300 ms before seat 2's seña and whose second
    starts 500 ms after it: the seña was made while recording was off."""
    table_id = played_session(client, pause=1.0)
    name = f"table-{table_id}"
    wall = load_session(settings.database, table_id, origin_ms=0)
    (sena,) = [s for s in wall.senas if s.seat == 2]
    first_ms = min(b.start_ms for b in wall.bands) - 2000
    length = (sena.start_ms - 300 - first_ms) // FRAME_MS * FRAME_MS
    second_ms = sena.end_ms + 500
    first = recorded_for(settings, name, first_ms, length)
    second = recorded_for(settings, name, second_ms, 3000)
    return name, wall, (first, first_ms, length), (second, second_ms)


def test_a_sena_made_while_recording_was_off_lies_in_no_file(client, settings, tmp_path):
    name, wall, (first, first_ms, length), (second, second_ms) = gap_around_the_sena(
        client, settings
    )
    out = tmp_path / "out"
    one, two = (f"{name}.{file.removesuffix('.mp4')}" for file in (first, second))
    assert export(settings, name, out, "eaf", "vtt", "csv") == sorted(
        [f"{one}.eaf", f"{two}.eaf", f"{one}.vtt", f"{one}.chapters.vtt", f"{two}.vtt",
         f"{two}.chapters.vtt", f"{name}.csv", f"{name}.tsv"]
    )  # fmt: skip
    for stem in (one, two):
        assert bego(eaf_senas(out / f"{stem}.eaf")) == []
        assert "juego_31" not in (out / f"{stem}.vtt").read_text(encoding="utf-8")
    # the mus was filmed, in the first file, and no call of the first file lies past its end
    earlier = pympi.Elan.Eaf(str(out / f"{one}.eaf"))
    calls = earlier.get_annotation_data_for_tier("calls")
    mus = min(wall.calls, key=lambda c: c.t_ms)
    assert (calls[0][0], calls[0][2]) == (mus.t_ms - first_ms, "seat 1 (Ane): mus")
    assert all(start < length for start, *_ in calls)
    # hand 1 runs on past the file's end: its band ends with the file, as its chapter does
    assert [a[1] for a in earlier.get_annotation_data_for_tier("hands")] == [length]
    chapters = (out / f"{one}.chapters.vtt").read_text(encoding="utf-8")
    ends = re.findall(r"--> (\d\d):(\d\d):(\d\d)\.(\d\d\d)", chapters)
    assert ends and all(((h * 60 + m) * 60 + s) * 1000 + ms <= length
                        for h, m, s, ms in (map(int, e) for e in ends))  # fmt: skip
    with (out / f"{name}.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    sena_rows = [r for r in rows if r["Behavior"] == "seña" and r["Subject"].startswith("seat 2")]
    assert [r["Media file path"] for r in sena_rows] == ["", ""]  # in no file: session clock

    def file_of(t_ms: int) -> str:
        if first_ms <= t_ms < first_ms + length:
            return first
        return second if t_ms >= second_ms else ""

    # a span's START and STOP rows name one file, BORIS pairs them in it
    opened: dict[tuple[str, str, str], str] = {}
    for r in rows:
        key = (r["Subject"], r["Behavior"], r["Modifiers"])
        if r["Status"] == "START":
            opened[key] = r["Media file path"]
        elif r["Status"] == "STOP":
            assert opened.pop(key) == r["Media file path"], r
    assert not opened
    expected = [file_of(c.t_ms) for c in sorted(wall.calls, key=lambda c: c.t_ms)]
    assert [Path(r["Media file path"]).name for r in rows if r["Behavior"] == "call"] == expected
    assert "" in expected and first in expected  # calls on both sides of the first file's end


def test_the_review_page_is_told_where_each_file_ends(client, settings):
    name, _, (first, first_ms, length), (second, second_ms) = gap_around_the_sena(client, settings)
    videos = client.get(f"/api/review/{name}").json()["videos"]
    later = second_ms - first_ms
    assert [(v["name"], v["offset_ms"], v["until_ms"]) for v in videos] == [
        (first, 0, length),
        (second, later, later + 3000),
    ]
    assert later > length


def test_a_session_filmed_by_its_second_camera_alone_counts_from_its_video(
    client, settings, tmp_path
):
    table_id = played_session(client)
    name = f"table-{table_id}"
    wall = load_session(settings.database, table_id, origin_ms=0)
    (sena,) = [s for s in wall.senas if s.seat == 2]
    start = min(b.start_ms for b in wall.bands) - 5000
    (cam2,) = recorded_in(settings, name, start, camera="cam2")
    out = tmp_path / "out"
    assert export(settings, name, out, "eaf") == [f"{name}.eaf"]
    assert eaf_media(out / f"{name}.eaf") == [cam2]
    duration = sena.end_ms - sena.start_ms
    assert bego(eaf_senas(out / f"{name}.eaf")) == [
        (sena.start_ms - start, sena.start_ms - start + duration)
    ]
    review = client.get(f"/api/review/{name}").json()
    assert [(v["name"], v["offset_ms"]) for v in review["videos"]] == [(cam2, 0)]


def recorded_from_hand_two(client, settings):
    """Hand 1 played unrecorded; recording switched on in hand 2, well after hand 1's last call
    (a camera's start-up is forgiven), and seat 3 makes a seña a second into the video.
    Returns the session's name and the file."""
    table_id = played_session(client)  # hand 1 whole, with seat 2's and seat 3's señas
    name = f"table-{table_id}"
    before = load_session(settings.database, table_id, origin_ms=0)
    start = max(c.t_ms for c in before.calls) + CAMERA_START_MS + 500
    file = recorded_for(settings, name, start, 4000)
    while time.time() * 1000 < start + 1000:
        time.sleep(0.05)
    client.app.state.referee.observe(Gesture(3, "pout", None, 0, 300), "cam1")
    return name, file


def test_a_recording_switched_on_mid_session_holds_what_it_filmed(client, settings, tmp_path):
    """What came before the video (hand 1 and its señas) is in none of its exports, and
    nothing in them lies before the file's start; the review page says where the video began,
    and a seña there is reviewed by its index in what the page shows."""
    name, file = recorded_from_hand_two(client, settings)
    out = tmp_path / "out"
    assert export(settings, name, out, "eaf", "vtt", "csv") == sorted(
        [f"{name}.eaf", f"{name}.vtt", f"{name}.chapters.vtt", f"{name}.csv", f"{name}.tsv"]
    )
    eaf = pympi.Elan.Eaf(str(out / f"{name}.eaf"))
    annotations = [a for t in eaf.get_tier_names() for a in eaf.get_annotation_data_for_tier(t)]
    assert annotations and all(0 <= a[0] <= a[1] for a in annotations)
    senas = eaf_senas(out / f"{name}.eaf")
    assert [s[2].split(":")[0] for s in senas] == ["seat 3 (Koldo)"]  # hand 2's alone
    assert 700 <= senas[0][0] <= 1300  # observed a second in, made 300 ms before
    assert [a[2] for a in eaf.get_annotation_data_for_tier("hands")] == ["hand 2"]
    captions = (out / f"{name}.vtt").read_text(encoding="utf-8")
    assert "Bego" not in captions and "seña" in captions  # hand 1's seña of seat 2 is gone
    with (out / f"{name}.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert rows and all(float(r["Time"]) >= 0 for r in rows)
    assert {Path(r["Media file path"]).name for r in rows} == {file}

    review = client.get(f"/api/review/{name}").json()
    timeline = review["timeline"]
    assert timeline["begins_in_hand"] == 2
    assert [s["seat"] for s in timeline["senas"]] == [3]
    assert all(s["start_ms"] >= 0 and s["end_ms"] >= s["start_ms"] for s in timeline["senas"])
    noted = client.post(
        f"/api/review/{name}/senas/0/review", json={"action": "acknowledged", "note": "visto"}
    )
    assert noted.status_code == 200, noted.text
    assert client.get(f"/api/review/{name}").json()["timeline"]["senas"][0]["note"] == "visto"


def test_a_session_recorded_from_its_start_leaves_nothing_out(client, settings):
    """Its first frame a moment after the first calls, as a camera starting up gives it."""
    table_id = played_session(client)
    name = f"table-{table_id}"
    wall = load_session(settings.database, table_id, origin_ms=0)
    first_call = min(c.t_ms for c in wall.calls)
    recorded_for(settings, name, first_call + CAMERA_START_MS - 300, 2000)
    timeline = client.get(f"/api/review/{name}").json()["timeline"]
    assert timeline["begins_in_hand"] is None
    assert len(timeline["senas"]) == len(wall.senas)


def test_a_call_just_before_a_recording_switched_on_mid_session_is_left_out(client, settings):
    """Only a session recorded from its start forgives a camera's start-up: a recording
    switched on later holds nothing from before its first frame, not even a second before."""
    table_id = played_session(client)
    name = f"table-{table_id}"
    time.sleep(CAMERA_START_MS / 1000)  # hand 2 under way well after the session began
    hand = client.get(f"/api/tables/{table_id}").json()["current"]["hand"]["id"]
    assert client.post(f"/api/hands/{hand}/calls", json={"seat": 2, "text": "mus"}).is_success
    wall = load_session(settings.database, table_id, origin_ms=0)
    mus = max(c.t_ms for c in wall.calls)
    recorded_for(settings, name, mus + 1000, 2000)  # switched on a second after it
    timeline = client.get(f"/api/review/{name}").json()["timeline"]
    assert timeline["calls"] == [] and timeline["senas"] == []
    assert timeline["begins_in_hand"] == 2


def test_a_slow_camera_loses_nothing_recorded_since_the_session_began(client, settings):
    """Recording asked for before the table's first hand, the camera's first frame 5 s after
    the last call (a slow machine, a webcam slow to open): every call and seña is kept, at 0."""
    table_id = played_session(client)
    name = f"table-{table_id}"
    wall = load_session(settings.database, table_id, origin_ms=0)
    began = min(c.t_ms for c in wall.calls)
    last = max(c.t_ms for c in wall.calls)
    recorded_for(settings, name, last + 5000, 2000, armed_ms=began - 100)
    timeline = client.get(f"/api/review/{name}").json()["timeline"]
    assert timeline["begins_in_hand"] is None
    assert len(timeline["calls"]) == len(wall.calls)
    assert len(timeline["senas"]) == len(wall.senas)


def test_rec_switched_on_mid_session_keeps_what_came_while_the_camera_started(client, settings):
    """REC switched on after hand 2's mus; the camera's first frame 3 s later. A call made
    in between is kept at 0; the mus, before REC was switched on, is on no video."""
    table_id = played_session(client)
    name = f"table-{table_id}"
    hand = client.get(f"/api/tables/{table_id}").json()["current"]["hand"]["id"]
    calls = f"/api/hands/{hand}/calls"
    assert client.post(calls, json={"seat": 2, "text": "mus"}).is_success
    time.sleep(0.3)
    armed = int(time.time() * 1000)
    time.sleep(0.3)
    assert client.post(calls, json={"seat": 3, "text": "mus"}).is_success
    recorded_for(settings, name, armed + 3000, 2000, armed_ms=armed)
    timeline = client.get(f"/api/review/{name}").json()["timeline"]
    assert [(c["seat"], c["t_ms"]) for c in timeline["calls"]] == [(3, 0)]
    assert timeline["begins_in_hand"] == 2


def sena_index(client, name: str, seat: int) -> int:
    senas = client.get(f"/api/review/{name}").json()["timeline"]["senas"]
    return next(i for i, s in enumerate(senas) if s["seat"] == seat)


def test_a_sena_made_while_recording_was_off_has_no_clip(client, settings):
    name, *_ = gap_around_the_sena(client, settings)
    made = client.post(f"/api/review/{name}/senas/{sena_index(client, name, 2)}/clip")
    assert made.status_code == 422 and made.json()["code"] == "no_video_at"


def test_a_senas_clip_keeps_to_the_file_that_filmed_it(client, settings):
    """The seña lies 700 ms into a second file, the first ended 300 ms before it: its clip's
    margin reaches back to the second file's start, no further."""
    table_id = played_session(client, pause=1.0)
    name = f"table-{table_id}"
    wall = load_session(settings.database, table_id, origin_ms=0)
    (sena,) = [s for s in wall.senas if s.seat == 2]
    first_ms = min(b.start_ms for b in wall.bands) - 2000
    recorded_for(settings, name, first_ms, (sena.start_ms - 300 - first_ms) // 40 * 40)
    recorded_for(settings, name, sena.start_ms - 700, 4000)
    made = client.post(f"/api/review/{name}/senas/{sena_index(client, name, 2)}/clip")
    assert made.status_code == 200, made.text
    second = sena.start_ms - 700 - first_ms  # where the second file starts on the timeline
    assert made.json()["file"].startswith(f"{name}-cam1-{second}-")


def test_a_recorded_table_without_a_hand_reviews_empty(client, settings):
    """An older keinu could leave a table with no hand: its review is empty, not an error."""
    row = client.app.state.store.create_table(
        name="Sin mano", profile="standard", target=40, reyes=8, first_mano=1,
        seats=[SeatRow(seat, f"P{seat}") for seat in (1, 2, 3, 4)],
    )  # fmt: skip
    recorded_for(settings, f"table-{row.id}", int(time.time() * 1000), 1000)
    review = client.get(f"/api/review/table-{row.id}")
    assert review.status_code == 200, review.text
    assert review.json()["timeline"]["senas"] == [] and len(review.json()["videos"]) == 1
