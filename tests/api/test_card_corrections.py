"""A card entered wrong at the showdown is corrected: Deshacer takes the cards back for the
referee to enter again, or a correction replaces them at once; either way the hand is settled
again from the cards (lances, score, false declarations, señas), the game and the match follow,
the hand dealt after it starts again from the corrected score, and the cards replaced stay in
the hand's record with when, who and why."""

from fastapi.testclient import TestClient

from api.app import create_app
from engine.gesture import Gesture
from engine.record import replay_summary
from tests.api.table_examples import EXAMPLE_CALLS, EXAMPLE_HANDS
from tests.api.test_match_end import current, ordago_won_by_the_mano
from tests.api.test_refusal_codes import refused
from tests.api.test_tables import call, new_table

#: Seat 3's R R S 1 entered as R 7 S 1: its dos reyes (a lip bite), its "pares si" and its
#: "juego si" look false, and the score is not the example's 10-10.
WRONG = EXAMPLE_HANDS | {"3": ["R", "7", "S", "1"]}


def settle(client, hands):
    hand_id = new_table(client)["current"]["hand"]["id"]
    for seat, text in EXAMPLE_CALLS:
        assert call(client, hand_id, seat, text).status_code == 200, (seat, text)
    shown = client.put(f"/api/hands/{hand_id}/shown", json={"hands": hands})
    assert shown.status_code == 200, shown.text
    return shown.json()


def correct(client, hand_id, hands, **who):
    return client.post(f"/api/hands/{hand_id}/shown/correction", json={"hands": hands} | who)


def test_the_wrong_cards_first_say_what_the_correct_ones_then_unsay(client):
    wrong = settle(client, WRONG)
    hand_id = wrong["hand"]["id"]
    assert wrong["view"]["score"] != {"1-3": 10, "2-4": 10}
    assert [(s["verdict"], s["truth"]) for s in wrong["senas"]] == [("false", "false")]
    assert wrong["view"]["false_declarations"] == [
        {"seat": 3, "said": "pares si", "lance": "pares"},
        {"seat": 3, "said": "juego si", "lance": "juego"},
    ]
    assert wrong["can_correct"] is True
    corrected = correct(client, hand_id, EXAMPLE_HANDS, referee="Maite", note="seat 3: R R S 1")
    assert corrected.status_code == 200, corrected.text
    state = corrected.json()["current"]
    assert state["view"]["score"] == {"1-3": 10, "2-4": 10}
    assert [(s["verdict"], s["truth"]) for s in state["senas"]] == [("legal", "true")]
    assert state["view"]["false_declarations"] == []
    assert state["hand"]["shown"] == EXAMPLE_HANDS
    (kept,) = state["hand"]["corrections"]
    assert {k: kept[k] for k in ("shown", "how", "referee", "note")} == {
        "shown": WRONG,
        "how": "corrected",
        "referee": "Maite",
        "note": "seat 3: R R S 1",
    }
    assert kept["created_ms"] > 0
    table_id = state["hand"]["table_id"]
    report = client.get(f"/api/tables/{table_id}/report").json()
    (entry,) = report["hands"]
    assert (entry["score_after"], entry["false_senas"], entry["false_declarations"]) == (
        {"1-3": 10, "2-4": 10}, [], [],
    )  # fmt: skip
    acta = client.get(f"/api/tables/{table_id}/games/1/acta").json()["acta"]
    assert (acta["score"], acta["senas"]) == ({"1-3": 10, "2-4": 10}, [])
    record = client.get(f"/api/hands/{hand_id}/record").json()
    assert record["hands"] == EXAMPLE_HANDS
    assert record["meta"]["corrections"][0]["shown"] == WRONG
    session = client.get(f"/api/tables/{table_id}/export").json()
    assert session["deals"][0]["meta"]["corrections"] == record["meta"]["corrections"]
    assert replay_summary(session)["score"] == {"1-3": 10, "2-4": 10}


def test_a_correction_is_stored_and_survives_a_restart(settings):
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        hand_id = settle(client, WRONG)["hand"]["id"]
        assert correct(client, hand_id, EXAMPLE_HANDS).status_code == 200
        before = client.get(f"/api/hands/{hand_id}").json()
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        assert client.get(f"/api/hands/{hand_id}").json() == before
        assert before["view"]["score"] == {"1-3": 10, "2-4": 10}


def test_the_same_cards_again_change_nothing(client):
    hand_id = settle(client, EXAMPLE_HANDS)["hand"]["id"]
    state = correct(client, hand_id, EXAMPLE_HANDS).json()["current"]
    assert state["hand"]["corrections"] == []


def test_undo_takes_the_cards_back_to_be_entered_again(client):
    hand_id = settle(client, WRONG)["hand"]["id"]
    again = refused(
        client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS}),
        409,
        "cards_already_entered",
    )
    assert "correct them" in again["detail"]
    taken = client.delete(f"/api/hands/{hand_id}/calls/last").json()
    assert (taken["view"]["phase"], taken["hand"]["shown"], taken["can_deal"]) == (
        "showdown", None, False,
    )  # fmt: skip
    assert taken["view"]["calls"] == [list(c) for c in EXAMPLE_CALLS]  # no call taken back
    assert [s["truth"] for s in taken["senas"]] == ["pending"]
    assert [(c["shown"], c["how"]) for c in taken["hand"]["corrections"]] == [(WRONG, "undo")]
    refused(correct(client, hand_id, EXAMPLE_HANDS), 409, "cards_not_entered", {"hand": 1})
    shown = client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS}).json()
    assert shown["view"]["score"] == {"1-3": 10, "2-4": 10}
    assert shown["view"]["false_declarations"] == []
    assert len(shown["hand"]["corrections"]) == 1


def test_the_hand_before_is_corrected_until_the_next_one_has_a_call(client):
    hand_id = settle(client, WRONG)["hand"]["id"]
    table_id = client.get(f"/api/hands/{hand_id}").json()["hand"]["table_id"]
    dealt = client.post(f"/api/tables/{table_id}/hands").json()["current"]
    wrong_score = dealt["hand"]["score_before"]
    assert dealt["previous"]["id"] == hand_id and dealt["previous"]["shown"] == WRONG
    client.app.state.referee.observe(Gesture(3, "lip_bite", "center", 900, 1300), "cam1")
    state = correct(client, hand_id, EXAMPLE_HANDS).json()["current"]
    assert state["hand"]["id"] == dealt["hand"]["id"]
    assert (state["hand"]["number"], state["hand"]["mano"]) == (2, 2)
    assert state["hand"]["score_before"] == {"1-3": 10, "2-4": 10} != wrong_score
    assert state["view"]["score"] == {"1-3": 10, "2-4": 10}
    assert len(state["senas"]) == 1  # the camera's seña in hand 2 stays
    assert call(client, state["hand"]["id"], 2, "mus").status_code == 200
    later = client.get(f"/api/tables/{table_id}").json()["current"]
    assert later["previous"] is None
    assert client.get(f"/api/hands/{hand_id}").json()["can_correct"] is False
    body = refused(correct(client, hand_id, WRONG), 409, "later_hand_begun")
    assert body["params"] == {"hand": 1, "later": 2}


#: A grande seen for 31 (seat 1 bets, seat 2 sees), then every lance declared as the example's
#: hands say and passed: those hands leave 2-4 at 36; seat 4's R R C C instead of C C C 6 gives
#: it duples and the game at 40.
THIRTY_ONE = [[1, "no hay mus"], [1, "envido 31"], [2, "quiero"]]
THIRTY_ONE += [[seat, "paso"] for seat in (1, 2, 3, 4)]
THIRTY_ONE += [[seat, "pares si"] for seat in (1, 2, 3, 4)]
THIRTY_ONE += [[seat, "paso"] for seat in (1, 2, 3, 4)]
THIRTY_ONE += [[1, "juego no"]] + [[seat, "juego si"] for seat in (2, 3, 4)]
THIRTY_ONE += [[seat, "paso"] for seat in (2, 3, 4)]
GAME_TO_2_4 = EXAMPLE_HANDS | {"4": ["R", "R", "C", "C"]}


def test_a_correction_that_unwins_a_game_brings_the_next_hand_back_into_it(client):
    table_id = new_table(client)["table"]["id"]
    hand_id = current(client, table_id)["hand"]["id"]
    for seat, text in THIRTY_ONE:
        assert call(client, hand_id, seat, text).status_code == 200, (seat, text)
    won = client.put(f"/api/hands/{hand_id}/shown", json={"hands": GAME_TO_2_4}).json()
    assert won["view"]["game_winner"] == "2-4"
    dealt = client.post(f"/api/tables/{table_id}/hands").json()["current"]
    assert (dealt["hand"]["game"], dealt["hand"]["hand_in_game"]) == (2, 1)
    assert dealt["match"]["games_won"] == {"1-3": 0, "2-4": 1}
    state = correct(client, hand_id, EXAMPLE_HANDS).json()["current"]
    hand = state["hand"]
    assert (hand["number"], hand["game"], hand["hand_in_game"], hand["mano"]) == (2, 1, 2, 2)
    assert hand["score_before"] == {"1-3": 5, "2-4": 36}
    assert state["match"]["games_won"] == {"1-3": 0, "2-4": 0}
    session = client.get(f"/api/tables/{table_id}/export").json()
    summary = replay_summary(session)
    assert [deal["start_score"] for deal in summary["deals"]][1] == {"1-3": 5, "2-4": 36}


def test_a_correction_that_decides_the_match_takes_back_the_hand_dealt_after_it(client):
    """Game 1 to 2-4; in game 2 seat 2's órdago seen, the hands entered with seats 1 and 2
    swapped give grande to seat 3 and the game to 1-3: hand 3 is dealt in game 3. The cards
    corrected give the grande, game 2 and the match to 2-4: hand 3 goes."""
    table_id = new_table(client)["table"]["id"]
    ordago_won_by_the_mano(client, table_id)
    client.post(f"/api/tables/{table_id}/hands")
    hand = current(client, table_id)
    hand_id = hand["hand"]["id"]
    for seat, text in [(2, "no hay mus"), (2, "ordago"), (3, "quiero")]:
        call(client, hand_id, seat, text)
    swapped = EXAMPLE_HANDS | {"1": EXAMPLE_HANDS["2"], "2": EXAMPLE_HANDS["1"]}
    won = client.put(f"/api/hands/{hand_id}/shown", json={"hands": swapped}).json()
    assert won["view"]["game_winner"] == "1-3"
    third = client.post(f"/api/tables/{table_id}/hands").json()["current"]
    assert (third["hand"]["number"], third["hand"]["game"]) == (3, 3)
    state = correct(client, hand_id, EXAMPLE_HANDS).json()["current"]
    assert state["hand"]["id"] == hand_id
    assert state["match"]["winner"] == "2-4" and state["can_deal"] is False
    assert client.get(f"/api/hands/{third['hand']['id']}").status_code == 404
    refused(client.post(f"/api/tables/{table_id}/hands"), 409, "match_over", {"side": "2-4"})
    undone = correct(client, hand_id, swapped).json()["current"]
    assert (undone["match"]["winner"], undone["can_deal"]) == (None, True)
    dealt = client.post(f"/api/tables/{table_id}/hands").json()["current"]
    assert (dealt["hand"]["number"], dealt["hand"]["game"]) == (3, 3)


def test_a_signed_game_keeps_its_cards(client):
    hand_id = settle(client, WRONG)["hand"]["id"]
    table_id = client.get(f"/api/hands/{hand_id}").json()["hand"]["table_id"]
    signed = client.post(
        f"/api/tables/{table_id}/games/1/acta", json={"referee": "Maite", "unfinished": True}
    )
    assert signed.status_code == 201, signed.text
    assert client.get(f"/api/hands/{hand_id}").json()["can_correct"] is False
    body = refused(correct(client, hand_id, EXAMPLE_HANDS), 409, "game_acta_signed")
    assert body["params"] == {"hand": 1, "game_number": 1, "referee": "Maite"}
    refused(client.delete(f"/api/hands/{hand_id}/calls/last"), 409, "game_acta_signed")
    assert client.get(f"/api/hands/{hand_id}").json()["hand"]["shown"] == WRONG


def test_a_correction_is_refused_without_cards_to_correct_or_with_a_bad_card(client):
    state = new_table(client)
    hand_id = state["current"]["hand"]["id"]
    refused(correct(client, hand_id, EXAMPLE_HANDS), 409, "cards_not_entered", {"hand": 1})
    for seat, text in EXAMPLE_CALLS:
        call(client, hand_id, seat, text)
    client.post(f"/api/hands/{hand_id}/not-shown")
    refused(correct(client, hand_id, EXAMPLE_HANDS), 409, "cards_not_shown", {"hand": 1})
    client.delete(f"/api/hands/{hand_id}/calls/last")
    client.put(f"/api/hands/{hand_id}/shown", json={"hands": WRONG})
    five_reyes = EXAMPLE_HANDS | {"4": ["R", "R", "R", "6"]}
    refused(correct(client, hand_id, five_reyes), 422, "too_many_of_rank")
    after = client.get(f"/api/hands/{hand_id}").json()
    assert (after["hand"]["shown"], after["hand"]["corrections"]) == (WRONG, [])
    assert (
        client.post(
            f"/api/hands/{hand_id}/shown/correction", json={"hands": EXAMPLE_HANDS, "by": "x"}
        ).status_code
        == 422
    )
