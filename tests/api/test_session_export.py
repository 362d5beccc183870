"""``keinu export table-N``: a stored session played over REST (with a seña the live feed saw
and a referee's overruling) in ELAN's, BORIS's and WebVTT's formats, read back."""

from __future__ import annotations

import csv
import json
import time

import pympi
import pytest

from api.cli import main
from engine.gesture import Gesture
from engine.record import replay_summary
from tests.api.table_examples import EXAMPLE_CALLS, EXAMPLE_HANDS, SEATS


def played_session(client, pause: float = 0.0) -> int:
    """A hand played over REST; ``pause``: seconds between its first two calls (mus, no hay
    mus) and the rest, which otherwise come milliseconds apart."""
    body = {"name": "Txoko", "profile": "standard", "target": 40, "mano": 1, "seats": SEATS}
    state = client.post("/api/tables", json=body).json()
    table_id, hand_id = state["table"]["id"], state["current"]["hand"]["id"]
    for i, (seat, text) in enumerate(EXAMPLE_CALLS[:4]):  # mus, no hay mus, a seña, a paso
        if i == 2:
            time.sleep(pause)
        client.post(f"/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})
    sena = client.app.state.referee.observe(Gesture(2, "wink", "left", 5000, 5300), "cam1")
    client.post(
        f"/api/hands/{hand_id}/senas/{sena['calls'][0]}/review",
        json={"action": "overruled", "note": "se rascaba"},
    )
    for seat, text in EXAMPLE_CALLS[4:]:
        client.post(f"/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})
    client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
    client.post(f"/api/tables/{table_id}/hands")
    return table_id


def test_a_session_exports_to_elan_boris_webvtt_and_records(client, settings, tmp_path, capsys):
    table_id = played_session(client)
    out = tmp_path / "out"
    argv = ["export", f"table-{table_id}", "--out", str(out), "--data-dir", str(settings.data_dir)]
    for fmt in ("eaf", "vtt", "csv", "records"):
        argv += ["--format", fmt]
    assert main(argv) == 0, capsys.readouterr().err
    stem = f"table-{table_id}"

    eaf = pympi.Elan.Eaf(str(out / f"{stem}.eaf"))
    tiers = set(eaf.get_tier_names())
    assert {"seat 2 (Bego) gestures", "señas", "verdicts", "calls", "hands", "lances"} <= tiers
    # the calls came milliseconds apart: overlapping señas go on a second tier
    senas = sorted(
        value
        for tier in tiers
        if tier.startswith("señas")
        for _, _, value in eaf.get_annotation_data_for_tier(tier)
    )
    assert senas == [
        "seat 2 (Bego): juego_31 (wink left)", "seat 3 (Koldo): dos_reyes (lip_bite center)"
    ]  # fmt: skip
    verdicts = sorted(
        annotation[2]
        for tier in tiers
        if tier.startswith("verdicts")
        for annotation in eaf.get_ref_annotation_data_for_tier(tier)
    )
    assert len(verdicts) == 2 and all(v.startswith("legal — legal and true") for v in verdicts)
    # sorted by their reasons: 'dos reyes' comes before 'juego de 31' (the wink, overruled)
    assert [v.endswith("[overruled: se rascaba]") for v in verdicts] == [False, True]
    calls = [value for _, _, value in eaf.get_annotation_data_for_tier("calls")]
    assert calls[:2] == ["seat 1 (Ane): mus", "seat 2 (Bego): no hay mus"]
    assert len(calls) == len(EXAMPLE_CALLS) - 1  # the seña is on its own tier
    hands = [value for _, _, value in eaf.get_annotation_data_for_tier("hands")]
    assert hands == ["hand 1", "hand 2"]
    lances = [value for _, _, value in eaf.get_annotation_data_for_tier("lances")]
    assert lances[:3] == ["hand 1: mus", "hand 1: grande", "hand 1: chica"]

    chapters = (out / f"{stem}.chapters.vtt").read_text(encoding="utf-8")
    assert chapters.startswith("WEBVTT") and "\nhand 1\n" in chapters
    assert "\nhand 1: juego\n" in chapters
    captions = (out / f"{stem}.vtt").read_text(encoding="utf-8")
    assert "seat 2 (Bego): seña juego_31 — legal [overruled: se rascaba]" in captions

    with (out / f"{stem}.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    sena_rows = [r for r in rows if r["Behavior"] == "seña" and r["Subject"].startswith("seat 2")]
    assert [r["Status"] for r in sena_rows] == ["START", "STOP"]
    assert sena_rows[0]["Verdict"] == "legal [overruled]"
    assert [float(r["Time"]) for r in rows] == sorted(float(r["Time"]) for r in rows)

    record = json.loads((out / f"{stem}.record.json").read_text(encoding="utf-8"))
    assert replay_summary(record)["score"] == {"1-3": 10, "2-4": 10}


def test_a_session_name_that_is_not_one_is_refused(client, settings, tmp_path, capsys):
    played_session(client)
    for name in ("table-99", "table-0"):
        argv = ["export", name, "--format", "csv", "--out", str(tmp_path / "o"),
                "--data-dir", str(settings.data_dir)]  # fmt: skip
        assert main(argv) == 2
        assert capsys.readouterr().err.count("\n") == 1
    assert not (tmp_path / "o").exists()


def test_keinu_review_refuses_a_session_that_does_not_exist(client, settings, capsys):
    played_session(client)
    argv = ["review", "table-5", "--data-dir", str(settings.data_dir)]
    assert main(argv) == 2
    assert capsys.readouterr().err == f"keinu review: no session table-5 in {settings.database}\n"


@pytest.mark.parametrize("port", ["99999", "-1"])
def test_keinu_review_refuses_a_port_out_of_range(tmp_path, capsys, port):
    assert main(["review", str(tmp_path), "--port", port, "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("keinu review: --port: ") and err.count("\n") == 1, err


@pytest.mark.parametrize(
    "argv",
    [
        ["export", "table-1", "--format", "eaf", "--out", "{tmp}/out"],
        ["review", "1"],
        ["review", "{tmp}/analysis"],
    ],
)
def test_a_damaged_store_is_one_line_saying_what_to_do(tmp_path, capsys, argv):
    """As keinu serve and keinu db check say it, never StoreCorrupt's traceback."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "keinu.sqlite3").write_text("garbage\n")
    (tmp_path / "analysis").mkdir()
    for name in ("summary.json", "gestures.jsonl"):
        (tmp_path / "analysis" / name).write_text("{}\n" if name.endswith("json") else "")
    filled = [a.format(tmp=tmp_path) for a in argv]
    assert main([*filled, "--data-dir", str(data)]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"keinu {argv[0]}: {data / 'keinu.sqlite3'} is damaged (file is not a database): "
        "there is no backup: move keinu.sqlite3 away to start with an empty store\n"
    )
    assert not (tmp_path / "out").exists()
