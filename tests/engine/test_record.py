"""Hand records: parse/format round trip, replay, the sample records and `keinu replay`."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from api.cli import main
from engine.errors import IllegalCall, RecordError
from engine.record import format_record, parse_record, replay_summary

RECORDS = Path(__file__).parent / "records"
SAMPLES = sorted(RECORDS.glob("*.json"))


def load(name):
    return json.loads((RECORDS / name).read_text())


def test_the_worked_example_gives_ten_each(worked_example):
    summary = replay_summary(worked_example)
    assert summary["score"] == worked_example["meta"]["expect"]["score"] == {"1-3": 10, "2-4": 10}
    assert [(lance["lance"], lance["winner"], lance["stones"]) for lance in summary["lances"]] == [
        ("grande", "2-4", 5),
        ("chica", "1-3", 6),
        ("pares", "1-3", 4),
        ("juego", "2-4", 5),
    ]
    assert [(s["seat"], s["t_ms"]) for s in summary["senas"]] == [(3, None)]


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_sample_records_give_what_their_meta_expects(path):
    data = json.loads(path.read_text())
    summary = replay_summary(data)
    expect = data["meta"]["expect"]
    assert summary["score"] == expect["score"]
    assert summary["game_winner"] == expect["game_winner"]


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_format_round_trips(path):
    record = parse_record(json.loads(path.read_text()))
    formatted = format_record(record)
    assert parse_record(formatted) == record
    assert format_record(parse_record(json.loads(json.dumps(formatted)))) == formatted


def test_game_won_mid_showdown_leaves_the_later_lances_unpaid():
    lances = replay_summary(load("game_won_mid_showdown.json"))["lances"]
    assert [(x["paid"], x["stones"], x["unpaid_stones"]) for x in lances] == [
        (True, 5, 0),
        (True, 6, 0),
        (False, 0, 4),
        (False, 0, 5),
    ]


def test_whole_game_carries_score_rotates_mano_and_starts_the_next_game():
    summary = replay_summary(load("whole_game.json"))
    deals = summary["deals"]
    assert [d["mano"] for d in deals] == [4, 1, 2]
    assert [d["hand_in_game"] for d in deals] == [1, 2, 1]
    assert deals[1]["start_score"] == {"1-3": 26, "2-4": 21}
    games = summary["match"]["games"]
    assert games[0]["winner"] == "1-3" and games[0]["won_by_ordago"]
    assert games[0]["dentro"] == [{"pair": "1-3", "hand_in_game": 1}]
    assert summary["match"]["games_won"] == {"1-3": 1, "2-4": 0}


def test_a_deal_that_disagrees_with_the_carried_state_is_refused():
    data = load("whole_game.json")
    data["deals"][1]["mano"] = 3
    with pytest.raises(RecordError, match="deal 2: mano is 3 but the game carries 1"):
        replay_summary(data)


def test_illegal_call_in_a_game_names_the_deal():
    data = load("whole_game.json")
    data["deals"][2]["calls"].append([3, "quiero"])
    with pytest.raises(IllegalCall, match=r"deal 3, call 4 \(seat 3, 'quiero'\)"):
        replay_summary(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"mano": 5}, "mano must be a seat 1..4"),
        ({"rules": {"reyes": 6}}, "rules.reyes must be 8 or 4"),
        ({"rules": {"color": "red"}}, "unknown rules option"),
        ({"hands": {"1": ["R"]}}, "hand of seat 1"),
        ({"score": {"1-3": 0}}, "score is"),
        ({"calls": [[1, "envido x"]]}, "call 0 \\(seat 1\\)"),
        ({"calls": [[7, "mus"]]}, "seat must be 1..6"),
        ({"colour": 1}, "unknown key"),
    ],
)
def test_malformed_records_are_refused_with_a_clear_message(change, message, worked_example):
    data = worked_example | change
    with pytest.raises(RecordError, match=message):
        replay_summary(data)


def test_cli_replay_prints_one_json_object(capsys, worked_example_path):
    assert main(["replay", str(worked_example_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["score"] == {"1-3": 10, "2-4": 10} and out["game_winner"] is None
    assert {"lances", "senas"} <= set(out)


def test_cli_replay_illegal_call_exits_nonzero_and_prints_nothing(tmp_path, capsys, worked_example):
    data = worked_example
    data["calls"][9] = [2, "sube 1"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "call 9 (seat 2, 'sube 1'): a raise is at least 2 stones" in captured.err


@pytest.mark.parametrize(
    ("index", "text", "rule"),
    [
        (6, "envido 99999999999999999999999", "a bet is of 2 to 40 stones in a game to 40"),
        (6, "envido 41", "a bet is of 2 to 40 stones in a game to 40"),
        (9, "sube 41", "a raise is of 2 to 40 stones in a game to 40"),
    ],
)
def test_cli_replay_refuses_a_bet_beyond_the_target(
    index, text, rule, tmp_path, capsys, worked_example
):
    """The bound the dashboard holds its referee to is the engine's: a record is held to it."""
    data = worked_example
    seat = data["calls"][index][0]
    data["calls"][index] = [seat, text]
    path = tmp_path / "bet.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"call {index} (seat {seat}, {text!r}): {rule}" in captured.err


def test_cli_replay_of_a_number_too_long_to_read_is_one_line(tmp_path, capsys, worked_example):
    data = worked_example
    data["calls"][6] = [4, "envido " + "9" * 5000]
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "'envido' takes a whole number" in captured.err


def test_cli_replay_into_a_closed_pipe_ends_quietly(worked_example_path, repo_root):
    """`keinu replay F | head`: the reader gone, no traceback, the status of a SIGPIPE."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "api.cli", "replay", str(worked_example_path)],
            stdout=write_end,
            stderr=subprocess.PIPE,
            cwd=repo_root,
            timeout=60,
        )
    finally:
        os.close(write_end)
    assert done.stderr.decode() == ""
    assert done.returncode == 141


def test_cli_replay_not_json(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text("{")
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe{}", "is not JSON text (byte 0 is not UTF-8): give a hand record"),
        (b'{\n  "calls": [\n    [1, "mus', "Unterminated string starting at line 3, column 9"),
        (None, "is a folder: give a hand record's .json file"),
    ],
)
def test_cli_replay_of_a_file_it_cannot_read_says_why_in_one_line(
    tmp_path, capsys, content, message
):
    path = tmp_path
    if content is not None:
        path = tmp_path / "record.json"
        path.write_bytes(content)
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1, captured.err
    assert message in captured.err


def test_the_six_player_and_encaje_examples_of_the_docs_replay(repo_root):
    text = (repo_root / "docs" / "hand-record.md").read_text(encoding="utf-8")
    examples = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]
    six, encaje = (e for e in examples if e.get("rules", {}).get("players") in (6, 3))
    assert replay_summary(six)["score"] == {"1-3-5": 0, "2-4-6": 13}
    summary = replay_summary(encaje)
    assert summary["score"] == {"1": 14, "2": 17, "3": 11}
    assert (summary["pot"], summary["loser"]) == (0, None)


def test_a_game_given_to_a_side_off_the_table_counts_and_the_next_game_follows():
    summary = replay_summary(load("game_stopped_by_sanction.json"))
    first, second = summary["match"]["games"]
    assert (first["winner"], first["awarded"], first["score"]) == (
        "2-4",
        "game_lost",
        {"1-3": 13, "2-4": 20},
    )
    assert (second["number"], second["winner"], second["hands"]) == (2, None, 1)
    assert summary["match"]["games_won"] == {"1-3": 0, "2-4": 1}
    assert [d["phase"] for d in summary["deals"]] == ["chica", "mus"]


@pytest.mark.parametrize(
    ("awarded", "message"),
    [
        ({"winner": "1-2", "reason": "game_lost"}, "deal 1: awarded.winner is one of"),
        ({"winner": "2-4"}, "deal 1: awarded must be"),
        ({"winner": "2-4", "reason": "x", "match": "yes"}, "deal 1: awarded must be"),
        ({"winner": "2-4", "reason": "x", "when": 3}, "deal 1: awarded must be"),
    ],
)
def test_a_malformed_award_is_refused_naming_its_deal(awarded, message):
    data = load("game_stopped_by_sanction.json")
    data["deals"][0]["awarded"] = awarded
    with pytest.raises(RecordError, match=message):
        replay_summary(data)


def test_an_award_of_a_game_won_at_the_table_or_a_disqualification_ends_the_match():
    data = load("whole_game.json")
    data["deals"][1]["awarded"] = {"winner": "2-4", "reason": "game_lost"}
    with pytest.raises(RecordError, match="deal 2: awarded, yet game 1 was won at the table"):
        replay_summary(data)
    data = load("game_stopped_by_sanction.json")
    data["deals"][0]["awarded"]["match"] = True
    with pytest.raises(RecordError, match="deal 2: the match was already won by pair 2-4"):
        replay_summary(data)
