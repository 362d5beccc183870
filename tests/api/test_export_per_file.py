"""``keinu export`` of a session recorded in several video files (recording switched off and on,
a second camera) for ELAN and BORIS: an ELAN document per file, read back with pympi, holding
the events inside that file timed from its start; CSV/TSV rows that each name the file they
fall in and their time on its clock; the review page's download of one file's export. A
session in one file keeps its names and times."""

from __future__ import annotations

import csv
from pathlib import Path

import pympi

from api.exports.session import load_session
from tests.api.test_session_export import played_session
from tests.api.test_webvtt_export import export, recorded_in


def eaf_senas(path: Path) -> list[tuple[int, int, str]]:
    eaf = pympi.Elan.Eaf(str(path))
    tiers = [t for t in eaf.get_tier_names() if t.startswith("señas")]
    return sorted(a[:3] for tier in tiers for a in eaf.get_annotation_data_for_tier(tier))


def eaf_media(path: Path) -> list[str]:
    """The names of the video files the document links."""
    return [Path(m["MEDIA_URL"]).name for m in pympi.Elan.Eaf(str(path)).media_descriptors]


def bego(annotations: list[tuple[int, int, str]]) -> list[tuple[int, int]]:
    """Where seat 2's seña (the wink the live feed saw) lies."""
    return [a[:2] for a in annotations if a[2].startswith("seat 2 (Bego): juego_31")]


def table_rows(out: Path, name: str) -> dict[str, list[dict[str, str]]]:
    """The rows of ``name``'s CSV and of its TSV."""
    read = {}
    for suffix, delimiter in ((".csv", ","), (".tsv", "\t")):
        with (out / f"{name}{suffix}").open(encoding="utf-8", newline="") as handle:
            read[suffix] = list(csv.DictReader(handle, delimiter=delimiter))
    return read


def bego_rows(rows: list[dict[str, str]]) -> list[tuple[str, str, str]]:
    """Seat 2's seña rows: the file each names, its time and its status."""
    return [
        (Path(r["Media file path"]).name, r["Time"], r["Status"])
        for r in rows
        if r["Behavior"] == "seña" and r["Subject"].startswith("seat 2")
    ]


def two_files(client, settings):
    """A played session whose recording was switched off and on: the first file from before the
    hand (mus and no hay mus in it, a second before the rest), the second from 700 ms before
    seat 2's seña. Returns its name, its timeline on the store's clock, and the two files with
    where each starts on it."""
    table_id = played_session(client, pause=1.0)
    name = f"table-{table_id}"
    wall = load_session(settings.database, table_id, origin_ms=0)
    (sena,) = [s for s in wall.senas if s.seat == 2]
    first_ms, second_ms = min(b.start_ms for b in wall.bands) - 5000, sena.start_ms - 700
    first, second = recorded_in(settings, name, first_ms, second_ms)
    return name, wall, (first, first_ms), (second, second_ms)


def seconds(ms: int) -> str:
    return f"{ms / 1000:.3f}"


def test_a_session_in_two_files_gets_an_elan_document_for_each(client, settings, tmp_path):
    name, wall, (first, first_ms), (second, second_ms) = two_files(client, settings)
    (sena,) = [s for s in wall.senas if s.seat == 2]
    out = tmp_path / "out"
    one, two = (f"{name}.{file.removesuffix('.mp4')}" for file in (first, second))
    assert export(settings, name, out, "eaf") == [f"{one}.eaf", f"{two}.eaf"]

    # the second file's document links it and times the seña 700 ms into it
    assert eaf_media(out / f"{two}.eaf") == [second]
    assert bego(eaf_senas(out / f"{two}.eaf")) == [(700, 700 + sena.end_ms - sena.start_ms)]
    later = pympi.Elan.Eaf(str(out / f"{two}.eaf"))
    hand = next(b for b in wall.bands if b.kind == "hand")  # under way as the file starts
    assert later.get_annotation_data_for_tier("hands")[0][:3] == (
        0,
        hand.end_ms - second_ms,
        "hand 1",
    )
    # the first file's links the first, with what happened before the second began
    assert eaf_media(out / f"{one}.eaf") == [first]
    assert bego(eaf_senas(out / f"{one}.eaf")) == []
    earlier = pympi.Elan.Eaf(str(out / f"{one}.eaf"))
    mus = min(wall.calls, key=lambda c: c.t_ms)
    start, _, value = earlier.get_annotation_data_for_tier("calls")[0][:3]
    assert (start, value) == (mus.t_ms - first_ms, "seat 1 (Ane): mus")


def test_each_table_row_names_the_file_it_falls_in_and_its_time_there(client, settings, tmp_path):
    name, wall, (first, first_ms), (second, second_ms) = two_files(client, settings)
    (sena,) = [s for s in wall.senas if s.seat == 2]
    out = tmp_path / "out"
    assert export(settings, name, out, "csv") == [f"{name}.csv", f"{name}.tsv"]
    for rows in table_rows(out, name).values():
        assert bego_rows(rows) == [
            (second, "0.700", "START"),
            (second, seconds(700 + sena.end_ms - sena.start_ms), "STOP"),
        ]
        # every call in the file it was made in, timed from that file's start
        calls = [
            (Path(r["Media file path"]).name, r["Time"], r["Modifiers"])
            for r in rows
            if r["Behavior"] == "call"
        ]
        in_first = [c for c in wall.calls if c.t_ms < second_ms]
        assert [c.text for c in in_first] == ["mus", "no hay mus"]
        assert calls == [
            (first, seconds(c.t_ms - first_ms), c.text) if c.t_ms < second_ms
            else (second, seconds(c.t_ms - second_ms), c.text)
            for c in sorted(wall.calls, key=lambda c: c.t_ms)
        ]  # fmt: skip
        # rows in the session's order: the first file's, then the second's
        named = [Path(r["Media file path"]).name for r in rows]
        assert named == sorted(named, key=[first, second].index)


def test_a_second_camera_gets_its_document_and_the_rows_keep_to_the_first(
    client, settings, tmp_path
):
    """Two cameras at once: each file its own ELAN document; a moment that both filmed names
    the first camera's file, whose clock the session counts from, in the table."""
    table_id = played_session(client)
    name = f"table-{table_id}"
    wall = load_session(settings.database, table_id, origin_ms=0)
    (sena,) = [s for s in wall.senas if s.seat == 2]
    first_ms = min(b.start_ms for b in wall.bands) - 5000
    (cam1,) = recorded_in(settings, name, first_ms)
    (cam2,) = recorded_in(settings, name, first_ms + 200, camera="cam2")
    out = tmp_path / "out"
    stems = [f"{name}.{file.removesuffix('.mp4')}" for file in (cam1, cam2)]
    assert export(settings, name, out, "eaf", "csv") == [
        f"{stems[0]}.eaf", f"{stems[1]}.eaf", f"{name}.csv", f"{name}.tsv"
    ]  # fmt: skip
    duration = sena.end_ms - sena.start_ms
    for stem, file, start in zip(stems, (cam1, cam2), (first_ms, first_ms + 200), strict=True):
        assert eaf_media(out / f"{stem}.eaf") == [file]
        assert bego(eaf_senas(out / f"{stem}.eaf")) == [
            (sena.start_ms - start, sena.start_ms - start + duration)
        ]
    for rows in table_rows(out, name).values():
        assert {Path(r["Media file path"]).name for r in rows} == {cam1}
        assert bego_rows(rows)[0] == (cam1, seconds(sena.start_ms - first_ms), "START")


def test_a_session_in_one_file_keeps_its_names_and_times(client, settings, tmp_path):
    table_id = played_session(client)
    name = f"table-{table_id}"
    wall = load_session(settings.database, table_id, origin_ms=0)
    (sena,) = [s for s in wall.senas if s.seat == 2]
    (file,) = recorded_in(settings, name, sena.start_ms - 2500)
    out = tmp_path / "out"
    assert export(settings, name, out, "eaf", "csv") == [
        f"{name}.csv", f"{name}.eaf", f"{name}.tsv"
    ]  # fmt: skip
    assert eaf_media(out / f"{name}.eaf") == [file]
    duration = sena.end_ms - sena.start_ms
    assert bego(eaf_senas(out / f"{name}.eaf")) == [(2500, 2500 + duration)]
    for rows in table_rows(out, name).values():
        assert bego_rows(rows) == [
            (file, "2.500", "START"),
            (file, seconds(2500 + duration), "STOP"),
        ]
        assert {Path(r["Media file path"]).name for r in rows} == {file}
        mus = next(r for r in rows if r["Behavior"] == "call")
        first_call = min(wall.calls, key=lambda c: c.t_ms)
        assert mus["Time"] == seconds(first_call.t_ms - (sena.start_ms - 2500))


def test_the_review_page_downloads_each_files_export(client, settings, tmp_path):
    name, wall, (first, _), (second, _) = two_files(client, settings)
    (sena,) = [s for s in wall.senas if s.seat == 2]
    one, two = (f"{name}.{file.removesuffix('.mp4')}" for file in (first, second))
    review = client.get(f"/api/review/{name}").json()
    url = f"/api/review/{name}/export"
    assert review["exports"] == [
        {"format": "eaf", "video": first, "url": f"{url}/eaf?file={first}"},
        {"format": "eaf", "video": second, "url": f"{url}/eaf?file={second}"},
        {"format": "vtt", "video": first, "url": f"{url}/vtt?file={first}"},
        {"format": "vtt", "video": second, "url": f"{url}/vtt?file={second}"},
        {"format": "csv", "video": None, "url": f"{url}/csv"},
        {"format": "records", "video": None, "url": f"{url}/records"},
    ]
    for fmt, saved in (("eaf", f"{two}.eaf"), ("vtt", f"{two}.vtt")):
        got = client.get(f"{url}/{fmt}", params={"file": second})
        assert got.status_code == 200, got.text
        assert f'filename="{saved}"' in got.headers["content-disposition"]
        (tmp_path / saved).write_bytes(got.content)
    assert bego(eaf_senas(tmp_path / f"{two}.eaf")) == [(700, 700 + sena.end_ms - sena.start_ms)]
    assert "\n00:00:00.700 --> " in (tmp_path / f"{two}.vtt").read_text(encoding="utf-8")
    got = client.get(f"{url}/eaf")  # without ?file=: the first file's, as the first written
    assert f'filename="{one}.eaf"' in got.headers["content-disposition"]
    got = client.get(f"{url}/csv", params={"file": second})  # one table for every file
    assert f'filename="{name}.csv"' in got.headers["content-disposition"]
    missing = client.get(f"{url}/eaf", params={"file": "cam1-1.mp4"})
    assert missing.status_code == 404 and "cam1-1.mp4" in missing.json()["detail"]


def test_a_session_in_one_file_offers_one_download_a_format(client, settings):
    table_id = played_session(client)
    name = f"table-{table_id}"
    recorded_in(settings, name, 1000)
    url = f"/api/review/{name}/export"
    assert client.get(f"/api/review/{name}").json()["exports"] == [
        {"format": fmt, "video": None, "url": f"{url}/{fmt}"}
        for fmt in ("eaf", "vtt", "csv", "records")
    ]
