"""Once a game's acta is signed its hands stay as signed: no call, no undo, no seña (the
referee's or the camera's), no cards, no review of a seña. Dealing goes on into the next game;
a game signed unfinished stops where it was signed."""

from engine.gesture import Gesture
from tests.api.desk_helpers import play_ordago
from tests.api.table_examples import EXAMPLE_CALLS, EXAMPLE_HANDS
from tests.api.test_refusal_codes import refused
from tests.api.test_tables import call, new_table


def sign(client, table_id, game=1, **body):
    signed = client.post(
        f"/api/tables/{table_id}/games/{game}/acta", json={"referee": "Maite"} | body
    )
    assert signed.status_code == 201, signed.text


def test_a_hand_signed_unfinished_takes_no_undo_call_sena_card_or_review(client):
    state = new_table(client)
    table_id, hand_id = state["table"]["id"], state["current"]["hand"]["id"]
    for seat, text in EXAMPLE_CALLS[:4]:  # seat 3's seña, then grande's first "paso"
        assert call(client, hand_id, seat, text).status_code == 200, (seat, text)
    sign(client, table_id, unfinished=True)
    before = client.get(f"/api/hands/{hand_id}").json()
    assert before["acta_signed"] == {"game_number": 1, "referee": "Maite"}
    assert before["legal"] == []
    signed = {"hand": 1, "game_number": 1, "referee": "Maite"}
    refused(client.delete(f"/api/hands/{hand_id}/calls/last"), 409, "game_acta_signed", signed)
    refused(call(client, hand_id, 2, "paso"), 409, "game_acta_signed", signed)
    refused(call(client, hand_id, 4, "sena wink left"), 409, "game_acta_signed", signed)
    refused(client.post(f"/api/hands/{hand_id}/not-shown"), 409, "game_acta_signed", signed)
    shown = client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
    refused(shown, 409, "game_acta_signed", signed)
    sena = before["senas"][0]["calls"][0]
    for verb, body in [
        ("review", {"action": "overruled", "note": ""}),
        ("remove", {"note": "misread"}),
        ("restore", None),
    ]:
        answer = client.post(f"/api/hands/{hand_id}/senas/{sena}/{verb}", json=body)
        refused(answer, 409, "game_acta_signed", signed)
    assert client.app.state.referee.observe(Gesture(2, "wink", "left", 9000, 9300), "cam1") is None
    after = client.get(f"/api/hands/{hand_id}").json()
    assert after == before


def test_a_game_signed_unfinished_deals_no_more_hands_in_it(client):
    state = new_table(client)
    table_id, hand_id = state["table"]["id"], state["current"]["hand"]["id"]
    for seat, text in EXAMPLE_CALLS:
        call(client, hand_id, seat, text)
    client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
    sign(client, table_id, unfinished=True)
    assert client.get(f"/api/hands/{hand_id}").json()["can_deal"] is False
    refused(
        client.post(f"/api/tables/{table_id}/hands"),
        409,
        "game_stopped_by_acta",
        {"game_number": 1, "referee": "Maite"},
    )
    report = client.get(f"/api/tables/{table_id}/report").json()
    assert [hand["number"] for hand in report["hands"]] == [1]


def test_after_a_finished_game_is_signed_the_next_game_is_played_as_ever(client):
    table_id = new_table(client, name="Mesa 5")["table"]["id"]
    hand_id = play_ordago(client, table_id, team_a_wins=True)["hand"]["id"]
    sign(client, table_id)
    state = client.get(f"/api/hands/{hand_id}").json()
    assert (state["acta_signed"]["referee"], state["can_deal"]) == ("Maite", True)
    dealt = client.post(f"/api/tables/{table_id}/hands")
    assert dealt.status_code == 201, dealt.text
    current = dealt.json()["current"]
    assert (current["hand"]["game"], current["acta_signed"]) == (2, None)
    hand_id = current["hand"]["id"]
    assert call(client, hand_id, current["view"]["to_speak"], "mus").status_code == 200
    undone = client.delete(f"/api/hands/{hand_id}/calls/last")
    assert undone.status_code == 200, undone.text
    assert undone.json()["view"]["calls"] == []
