"""Mus con diez reyes over REST: the table's option, the holders' choices at the showdown, and
the choice kept through a restart, the report, the record and the session export."""

import json
from pathlib import Path

from fastapi.testclient import TestClient

from api.app import create_app
from api.cli import main
from engine.record import replay_summary
from tests.api.desk_helpers import ORDAGO
from tests.api.table_examples import SEATS

#: Seat 1 holds three reyes and the sota de copas; seat 2 four reyes (its treses, with eight
#: reyes). As a rey, the wild card ties the grande and the tie goes to the mano, seat 1; as an
#: as, seat 2's grande wins.
HANDS = {"1": ["R", "R", "R", "Sc"], "2": ["R", "3", "3", "3"], "3": ["7", "7", "6", "5"],
         "4": ["7", "6", "5", "4"]}  # fmt: skip


def diez_reyes_table(client, **body) -> dict:
    response = client.post(
        "/api/tables", json={"name": "Éibar", "seats": SEATS, "diez_reyes": True} | body
    )
    assert response.status_code == 201, response.text
    return response.json()


def ordago_to_the_showdown(client, state: dict) -> int:
    hand_id = state["current"]["hand"]["id"]
    for seat, text in ORDAGO:
        response = client.post(f"/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})
        assert response.status_code == 200, response.text
    return hand_id


def show(client, hand_id: int, **body):
    return client.put(f"/api/hands/{hand_id}/shown", json={"hands": HANDS} | body)


def test_the_rules_offer_diez_reyes_for_mus_of_four_and_six(client):
    games = client.get("/api/rules").json()["games"]
    offered = {(g["game"], g["players"]): g["diez_reyes"] for g in games}
    assert offered[("mus", 4)] is True and offered[("mus", 6)] is True


def test_a_table_is_set_up_with_diez_reyes_and_keeps_it(client, settings):
    plain = client.post("/api/tables", json={"seats": SEATS}).json()
    assert plain["table"]["diez_reyes"] is False
    state = diez_reyes_table(client)
    assert state["table"]["diez_reyes"] is True
    six = [{"seat": s, "name": f"P{s}"} for s in range(1, 7)]
    assert diez_reyes_table(client, players=6, seats=six)["table"]["diez_reyes"] is True
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as again:
        tables = again.get("/api/tables").json()["tables"]
    assert [t["diez_reyes"] for t in tables] == [False, True, True]


def test_diez_reyes_must_be_true_or_false(client):
    response = client.post("/api/tables", json={"seats": SEATS, "diez_reyes": "yes"})
    assert response.status_code == 422
    assert "diez_reyes" in response.text


def test_a_wild_sota_without_its_value_is_refused_and_changes_nothing(client):
    hand_id = ordago_to_the_showdown(client, diez_reyes_table(client))
    response = show(client, hand_id)
    assert response.status_code == 422
    assert response.json()["detail"] == (
        "wild of seat 1: its hand holds 1 wild card(s) (Sc), 0 value(s) given; "
        "say for each whether it is R or 1"
    )
    hand = client.get(f"/api/hands/{hand_id}").json()
    assert (hand["view"]["phase"], hand["hand"]["shown"]) == ("showdown", None)
    twice = HANDS | {"3": ["Sc", "7", "6", "5"]}
    response = client.put(f"/api/hands/{hand_id}/shown", json={"hands": twice, "wild": {}})
    assert response.status_code == 422
    assert response.json()["detail"] == "hands: the card Sc appears twice"
    assert show(client, hand_id, wild={"1": ["R"]}).json()["view"]["game_winner"] == "1-3"


def test_a_value_for_a_seat_without_a_wild_card_is_refused(client):
    hand_id = ordago_to_the_showdown(client, diez_reyes_table(client))
    response = show(client, hand_id, wild={"1": ["R"], "2": ["1"]})
    assert response.status_code == 422
    assert response.json()["detail"].startswith("wild of seat 2: its hand holds 0 wild card(s)")


def test_a_wild_value_is_a_rey_or_an_as(client):
    hand_id = ordago_to_the_showdown(client, diez_reyes_table(client))
    response = show(client, hand_id, wild={"1": ["C"]})
    assert response.status_code == 422 and "wild" in response.text


def test_wild_values_at_a_table_without_diez_reyes_are_refused(client):
    state = client.post("/api/tables", json={"seats": SEATS}).json()
    hand_id = ordago_to_the_showdown(client, state)
    response = show(client, hand_id, wild={"1": ["R"]})
    assert response.status_code == 422
    assert response.json()["detail"] == "wild: wild cards are played only with rules.diez_reyes"


def test_the_choice_decides_the_ordago(client):
    as_rey = ordago_to_the_showdown(client, diez_reyes_table(client))
    as_as = ordago_to_the_showdown(client, diez_reyes_table(client))
    assert show(client, as_rey, wild={"1": ["R"]}).json()["view"]["game_winner"] == "1-3"
    assert show(client, as_as, wild={"1": ["1"]}).json()["view"]["game_winner"] == "2-4"


def test_the_choice_is_kept_through_a_restart_the_report_and_the_export(client, settings, capsys):
    state = diez_reyes_table(client)
    table_id = state["table"]["id"]
    hand_id = ordago_to_the_showdown(client, state)
    shown = show(client, hand_id, wild={"1": ["1"]}).json()
    assert shown["hand"]["wild"] == {"1": ["1"]}
    score = shown["view"]["score"]
    assert shown["view"]["game_winner"] == "2-4"
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as again:
        hand = again.get(f"/api/hands/{hand_id}").json()
        report = again.get(f"/api/tables/{table_id}/report").json()
        record = again.get(f"/api/hands/{hand_id}/record").json()
        written = again.post(f"/api/tables/{table_id}/export", json={"name": "eibar"}).json()
    assert (hand["view"]["score"], hand["hand"]["wild"]) == (score, {"1": ["1"]})
    assert report["hands"][0]["wild"] == {"1": ["1"]}
    assert report["games"][0]["winner"] == "2-4"
    assert record["rules"]["diez_reyes"] is True and record["wild"] == {"1": ["1"]}
    assert replay_summary(record)["score"] == score
    session = json.loads(Path(written["path"]).read_text(encoding="utf-8"))
    assert session["rules"]["diez_reyes"] is True
    assert session["deals"][0]["wild"] == {"1": ["1"]}
    assert main(["replay", written["path"]]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert (replayed["score"], replayed["game_winner"]) == (score, "2-4")


def test_every_game_takes_diez_reyes_exactly_where_the_rules_offer_it(client):
    for game in client.get("/api/rules").json()["games"]:
        seats = [{"seat": s, "name": f"P{s}"} for s in range(1, game["players"] + 1)]
        body = {"game": game["game"], "players": game["players"], "seats": seats}
        response = client.post("/api/tables", json=body | {"diez_reyes": True})
        assert (response.status_code == 201) is game["diez_reyes"], (game, response.text)
        if response.status_code == 201:
            assert response.json()["table"]["diez_reyes"] is True
