"""Every verdict reached by a hand record played through ``keinu replay``: each JSON file under
records/ states what its señas must come out as in ``meta.expect``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from api.cli import main

RECORDS = Path(__file__).parent / "records"
COMPARED = ("seat", "gestures", "meaning", "lance", "verdict", "truth")


def replay(path: Path, capsys) -> dict:
    assert main(["replay", str(path)]) == 0
    return json.loads(capsys.readouterr().out)


def compared(sena: dict) -> dict:
    keys = COMPARED + (("deal",) if "deal" in sena else ())
    return {key: sena[key] for key in keys}


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*.json")), ids=lambda p: p.stem)
def test_each_record_gives_the_senas_it_expects(path, capsys):
    expected = json.loads(path.read_text(encoding="utf-8"))["meta"]["expect"]
    out = replay(path, capsys)
    assert [compared(sena) for sena in out["senas"]] == expected
    for sena in out["senas"]:
        assert sena["reason"] and sena["reason_en"]


def test_the_records_reach_every_verdict_and_truth():
    seen = {"verdict": set(), "truth": set()}
    for path in RECORDS.glob("*.json"):
        for sena in json.loads(path.read_text(encoding="utf-8"))["meta"]["expect"]:
            seen["verdict"].add(sena["verdict"])
            seen["truth"].add(sena["truth"])
    assert seen["verdict"] == {"legal", "late", "not_allowed_now", "not_in_catalogue", "false"}
    assert seen["truth"] == {"true", "false", "pending", "uncheckable"}


def test_the_worked_example_gives_seat_3s_lip_bite_dos_reyes_legal(
    capsys, worked_example, worked_example_path
):
    out = replay(worked_example_path, capsys)
    assert [compared(s) for s in out["senas"]] == worked_example["meta"]["expect"]["senas"]
    (sena,) = out["senas"]
    assert (sena["seat"], sena["meaning"], sena["verdict"]) == (3, "dos_reyes", "legal")
    assert sena["reason"] == (
        "seña legal y verdadera: «dos reyes» dice: al menos dos reyes; la mano tiene 2 reyes "
        "(R R S 1)"
    )
    assert out["senas_summary"]["3"]["legal"] == 1
    assert out["score"] == worked_example["meta"]["expect"]["score"]


def test_the_replay_counts_each_seats_senas_by_verdict(capsys):
    summary = replay(RECORDS / "timing.json", capsys)["senas_summary"]
    assert {seat: {v: n for v, n in counts.items() if n} for seat, counts in summary.items()} == {
        "1": {"late": 1},
        "2": {"late": 2},
        "3": {"legal": 2},
        "4": {"legal": 1, "late": 1},
    }


def test_a_game_record_summarises_each_deal(capsys):
    deals = replay(RECORDS / "navarra_first_hand.json", capsys)["deals"]
    assert [deal["hand_in_game"] for deal in deals] == [1, 2]
    assert deals[0]["senas_summary"]["3"]["not_allowed_now"] == 1
    assert deals[0]["senas_summary"]["2"]["not_in_catalogue"] == 1
    assert deals[1]["senas_summary"]["3"]["legal"] == 1


def with_profile(record: Path, profile: str, tmp_path: Path) -> Path:
    data = json.loads(record.read_text(encoding="utf-8"))
    data["rules"]["profile"] = profile
    path = tmp_path / record.name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_club_profile_by_path_judges_a_mus_wish_after_the_mus(tmp_path, capsys):
    club = tmp_path / "club.toml"
    club.write_text('extends = "standard"\nuse_variants = ["pout_quiere_mus"]\n', encoding="utf-8")
    record = {
        "rules": {"profile": str(club)},
        "mano": 2,
        "calls": [
            [3, "sena pout"],
            [2, "mus"], [3, "mus"], [4, "mus"], [1, "mus"],
            [4, "sena pout"],
            [2, "descarte 1"], [3, "descarte 2"], [4, "descarte 1"], [1, "descarte 4"],
            [2, "no hay mus"],
            [1, "sena pout"],
        ],
    }  # fmt: skip
    path = tmp_path / "mus.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = replay(path, capsys)
    assert [(s["seat"], s["meaning"], s["verdict"]) for s in out["senas"]] == [
        (3, "quiere_mus", "legal"),
        (4, "quiere_mus", "legal"),
        (1, "quiere_mus", "not_allowed_now"),
    ]
    assert {s["truth"] for s in out["senas"]} == {"uncheckable"}


def test_the_same_record_under_another_profile(tmp_path, capsys):
    out = replay(with_profile(RECORDS / "false_lip_bite.json", "extended", tmp_path), capsys)
    assert [(s["meaning"], s["verdict"]) for s in out["senas"]] == [
        ("dos_reyes", "false"),
        ("punto_30", "false"),  # 4 4 5 6 makes 19
    ]


def test_a_record_naming_an_unknown_profile_is_a_user_error(tmp_path, capsys, worked_example_path):
    path = with_profile(worked_example_path, "bizkaia", tmp_path)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "bizkaia" in err and "no such profile" in err


def test_in_encaje_every_gesture_is_a_signal_to_no_one(tmp_path, capsys):
    record = {
        "rules": {"game": "encaje", "players": 3},
        "mano": 1,
        "calls": [[2, "sena lip_bite"], [1, "no hay mus"], [3, "sena wink left"]],
    }
    path = tmp_path / "encaje.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = replay(path, capsys)
    assert [(s["seat"], s["verdict"]) for s in out["senas"]] == [
        (2, "not_in_catalogue"),
        (3, "not_in_catalogue"),
    ]
    assert "encaje" in out["senas"][0]["reason_en"]
