"""Six-player and Encaje tables over REST: set up, played from the engine's own records, and
refused with the rule's sentence when the setup is not a game the rules allow."""

import json
from pathlib import Path

import pytest

from api.referee import rules_of
from api.store import Store
from engine.record import replay_summary
from engine.rules import CHOICES

RECORDS = Path(__file__).parents[1] / "engine" / "records"
NAMES = ["Ane", "Bego", "Koldo", "Iñaki", "Miren", "Xabi"]


def seats(n: int) -> list[dict]:
    return [{"seat": seat, "name": NAMES[seat - 1]} for seat in range(1, n + 1)]


def new_table(client, **body):
    response = client.post("/api/tables", json={"name": "Txoko"} | body)
    assert response.status_code == 201, response.text
    return response.json()


def play(client, hand_id, record):
    for seat, text in record["calls"]:
        response = client.post(f"/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})
        assert response.status_code == 200, (seat, text, response.text)
    response = client.put(f"/api/hands/{hand_id}/shown", json={"hands": record["hands"]})
    assert response.status_code == 200, response.text
    return response.json()


def test_a_six_player_table_plays_the_documents_hand_to_the_engines_score(client):
    record = json.loads((RECORDS / "six_players.json").read_text())
    state = new_table(client, players=6, seats=seats(6))
    table = state["table"]
    assert (table["players"], table["game"]) == (6, "mus")
    assert [s["pair"] for s in table["seats"]] == ["1-3-5", "2-4-6"] * 3
    current = state["current"]
    assert current["view"]["score"] == {"1-3-5": 0, "2-4-6": 0}
    state = play(client, current["hand"]["id"], record)
    assert state["view"]["score"] == record["meta"]["expect"]["score"]
    hand_id = state["hand"]["id"]
    exported = client.get(f"/api/hands/{hand_id}/record").json()
    assert exported["rules"]["players"] == 6
    assert replay_summary(exported)["score"] == record["meta"]["expect"]["score"]
    nxt = client.post(f"/api/tables/{table['id']}/hands").json()["current"]
    assert (nxt["hand"]["mano"], nxt["view"]["to_speak"]) == (2, 2)
    assert nxt["hand"]["score_before"] == record["meta"]["expect"]["score"]
    report = client.get(f"/api/tables/{table['id']}/report").json()
    assert report["games"][0]["score"] == record["meta"]["expect"]["score"]


def test_with_captains_only_the_captains_are_asked_the_mus(client):
    state = new_table(client, players=6, target=50, captains=True, seats=seats(6), mano=1)
    hand_id = state["current"]["hand"]["id"]
    assert state["current"]["view"]["to_speak"] == 2
    response = client.post(f"/api/hands/{hand_id}/calls", json={"seat": 1, "text": "mus"})
    assert response.status_code == 409 and "captains" in response.json()["detail"]


def test_an_encaje_of_three_shows_each_seats_stones_and_the_pot(client):
    record = json.loads((RECORDS / "encaje_three.json").read_text())
    state = new_table(client, game="encaje", players=3, seats=seats(3))
    table = state["table"]
    assert (table["game"], table["profile"], table["stones"]) == ("encaje", "encaje", 15)
    assert [s["pair"] for s in table["seats"]] == ["1", "2", "3"]
    hand_id = state["current"]["hand"]["id"]
    assert state["current"]["view"]["score"] == {"1": 15, "2": 15, "3": 15}
    assert state["current"]["view"]["pot"] == 0
    calls = record["calls"]
    seen_at = calls.index([3, "quiero"]) + 1
    for seat, text in calls[:seen_at]:
        last = client.post(f"/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})
        assert last.status_code == 200, last.text
    assert last.json()["view"]["pot"] == 4
    state = play(client, hand_id, record | {"calls": calls[seen_at:]})
    assert state["view"]["score"] == record["meta"]["expect"]["score"]
    assert state["view"]["pot"] == 0 and state["view"]["loser"] is None
    nxt = client.post(f"/api/tables/{table['id']}/hands").json()["current"]
    assert nxt["hand"]["score_before"] == record["meta"]["expect"]["score"]
    session = client.get(f"/api/tables/{table['id']}/export").json()
    assert session["score"] == {"1": 15, "2": 15, "3": 15}
    replayed = replay_summary(session)
    assert [d["score"] for d in replayed["deals"]] == [record["meta"]["expect"]["score"]] * 2


def test_an_encaje_of_five_deals_five_cards_with_twenty_one_stones(client):
    state = new_table(
        client, game="encaje", players=5, stones=21, deal="five_discard_one", seats=seats(5)
    )
    view = state["current"]["view"]
    assert view["score"] == dict.fromkeys("12345", 21)
    assert view["phase"] == "grande" and view["to_speak"] == 1


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ({"players": 6, "seats": seats(4)}, "give each seat 1..6 exactly once"),
        ({"players": 5, "seats": seats(5)}, "rules.players must be 4 or 6 in mus"),
        ({"game": "encaje", "players": 4, "seats": seats(4)}, "must be 3 or 5 in encaje"),
        ({"target": 50, "seats": seats(4)}, "target 50 is the six-player variant"),
        ({"captains": True, "seats": seats(4)}, "captains is the six-player variant"),
        ({"stones": 21, "seats": seats(4)}, "are for encaje"),
        ({"players": 6, "mano": 6, "seats": seats(4)}, "exactly once"),
        ({"seats": seats(4), "mano": 5}, "mano must be one of the seats 1..4"),
        ({"seats": seats(4), "target": 35}, "target"),
        ({"game": "tute", "seats": seats(4)}, "game"),
    ],
)
def test_a_setup_the_rules_refuse_is_refused_with_their_sentence(client, body, said):
    response = client.post("/api/tables", json={"name": "Txoko"} | body)
    assert response.status_code == 422
    assert said in response.text
    assert client.get("/api/tables").json()["tables"] == []


def test_the_databases_checks_accept_the_engines_choices_and_nothing_else(store_location):
    """The CHECKs of migration 4 are literal SQL (an applied migration is never edited): this
    holds them to the engine's named choices."""
    store = Store(store_location)
    db = store.database
    allowed = {
        "target": CHOICES["target"],
        "reyes": CHOICES["reyes"],
        "game": CHOICES["game"],
        "players": CHOICES["players"],
        "stones": CHOICES["stones"],
        "deal": CHOICES["deal"],
        "first_mano": range(1, max(CHOICES["players"]) + 1),
    }
    outside = {"target": 35, "reyes": 6, "game": "tute", "players": 7, "stones": 20,
               "deal": "none", "first_mano": 7}  # fmt: skip
    base = {"name": "t", "profile": "standard", "target": 40, "reyes": 8, "first_mano": 1,
            "created_ms": 0}  # fmt: skip

    def insert(column, value) -> bool:
        row = base | {column: value}
        try:
            with db.transaction():
                db.execute(
                    f"INSERT INTO tables ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                    tuple(row.values()),
                )
        except Exception:
            return False
        return True

    for column, values in allowed.items():
        assert all(insert(column, v) for v in values), column
        assert not insert(column, outside[column]), column
    for seat, ok in [(6, True), (7, False), (0, False)]:
        try:
            with db.transaction():
                db.execute("INSERT INTO seats VALUES (1, ?, 'x', '')", (seat,))
            assert ok
        except Exception:
            assert not ok
    row = store.get_table(1)
    assert rules_of(row).players == 4
    store.close()


def test_a_sena_of_seat_five_is_judged_and_counted_at_a_six_player_table(client):
    hand_id = new_table(client, players=6, seats=seats(6))["current"]["hand"]["id"]
    client.post(f"/api/hands/{hand_id}/calls", json={"seat": 1, "text": "no hay mus"})
    state = client.post(f"/api/hands/{hand_id}/calls", json={"seat": 5, "text": "sena lip_bite"})
    assert state.status_code == 200, state.text
    (sena,) = state.json()["senas"]
    assert (sena["seat"], sena["name"], sena["verdict"]) == (5, "Miren", "legal")
    assert state.json()["senas_by_seat"]["5"]["legal"] == 1


def test_the_setup_offers_each_game_what_its_rules_allow(client):
    games = {(g["game"], g["players"]): g for g in client.get("/api/rules").json()["games"]}
    assert set(games) == {("mus", 4), ("mus", 6), ("encaje", 3), ("encaje", 5)}
    assert games["mus", 4]["targets"] == [40, 30] and not games["mus", 4]["captains"]
    assert games["mus", 6]["targets"] == [40, 30, 50] and games["mus", 6]["captains"]
    assert games["encaje", 5]["stones"] == [15, 21] and games["encaje", 5]["targets"] == []
    assert games["mus", 4]["deals"] == ["mus"]
    for (game, players), choice in games.items():  # every choice offered sets up a table
        for target in choice["targets"] or [None]:
            body = {"game": game, "players": players, "seats": seats(players)}
            if target is not None:
                body["target"] = target
            new_table(client, **body)
