"""The end of a match at the referee's table: once a side has won it, no hand is dealt, however
often it is asked and after a restart, the state says who won and how many games each side
has, and a hand reopened after the refusal plays on as if the refusal never happened."""

from fastapi.testclient import TestClient

from api.app import create_app
from tests.api.table_examples import EXAMPLE_HANDS
from tests.api.test_refusal_codes import refused
from tests.api.test_tables import call, new_table


def current(client, table_id):
    return client.get(f"/api/tables/{table_id}").json()["current"]


def ordago_won_by_the_mano(client, table_id):
    """The mano bets an órdago at grande, the next seat sees it; the example's hands give
    grande to seat 2 (the mano of game 2, or the winner of game 1's tie with seat 3)."""
    hand = current(client, table_id)
    hand_id, mano = hand["hand"]["id"], hand["view"]["to_speak"]
    for seat, text in [(mano, "no hay mus"), (mano, "ordago"), (mano % 4 + 1, "quiero")]:
        assert call(client, hand_id, seat, text).status_code == 200, (seat, text)
    shown = client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
    assert shown.status_code == 200, shown.text
    return shown.json()


def two_games_to_2_4(client):
    table_id = new_table(client)["table"]["id"]
    ordago_won_by_the_mano(client, table_id)
    assert client.post(f"/api/tables/{table_id}/hands").status_code == 201
    last = ordago_won_by_the_mano(client, table_id)
    return table_id, last


def test_the_match_won_is_said_and_no_hand_is_dealt_however_often_asked(settings):
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        table_id, last = two_games_to_2_4(client)
        for _ in range(3):
            refused(
                client.post(f"/api/tables/{table_id}/hands"), 409, "match_over", {"side": "2-4"}
            )
        assert last["can_deal"] is False
        assert last["match"] == {
            "structure": "best_of_3",
            "games_won": {"1-3": 0, "2-4": 2},
            "vacas_won": None,
            "winner": "2-4",
        }
        before = client.get(f"/api/tables/{table_id}").json()
        assert before["current"]["hand"]["number"] == 2
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        assert client.get(f"/api/tables/{table_id}").json() == before
        refused(client.post(f"/api/tables/{table_id}/hands"), 409, "match_over", {"side": "2-4"})


def test_a_game_won_counts_from_the_hand_that_won_it_before_the_next_is_dealt(client):
    table_id = new_table(client)["table"]["id"]
    first = ordago_won_by_the_mano(client, table_id)
    assert first["match"]["games_won"] == {"1-3": 0, "2-4": 1}
    assert (first["match"]["winner"], first["can_deal"]) == (None, True)
    dealt = client.post(f"/api/tables/{table_id}/hands").json()["current"]
    assert (dealt["hand"]["game"], dealt["match"]["games_won"]) == (2, {"1-3": 0, "2-4": 1})


def test_a_hand_reopened_after_the_refusal_is_played_on_and_the_next_dealt(client):
    """The referee's sequence: the match refused, Deshacer back into hand 2, the órdago refused
    this time and the hand played out with nobody reaching 40: hand 3 is dealt, in game 2."""
    table_id, _ = two_games_to_2_4(client)
    refused(client.post(f"/api/tables/{table_id}/hands"), 409, "match_over")
    hand_id = current(client, table_id)["hand"]["id"]
    while reopened := client.delete(f"/api/hands/{hand_id}/calls/last").json():
        if reopened["view"]["phase"] == "grande":  # the quiero taken back
            break
    calls = [(3, "no quiero"), (1, "no quiero")]  # seat 2, the mano, bet the órdago
    calls += [(seat, "paso") for seat in (2, 3, 4, 1)]  # chica
    calls += [(seat, "pares no") for seat in (2, 3, 4, 1)]
    calls += [(seat, "juego no") for seat in (2, 3, 4, 1)]
    calls += [(seat, "paso") for seat in (2, 3, 4, 1)]  # punto
    for seat, text in calls:
        assert call(client, hand_id, seat, text).status_code == 200, (seat, text)
    settled = client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS}).json()
    assert settled["view"]["game_winner"] is None and settled["can_deal"] is True
    dealt = client.post(f"/api/tables/{table_id}/hands")
    assert dealt.status_code == 201, dealt.text
    hand = dealt.json()["current"]["hand"]
    assert (hand["number"], hand["game"], hand["hand_in_game"]) == (3, 2, 2)
    assert hand["score_before"] == settled["view"]["score"]


def test_the_cards_taken_back_from_the_winning_hand_take_the_game_back_too(client):
    table_id, _ = two_games_to_2_4(client)
    hand_id = current(client, table_id)["hand"]["id"]
    reopened = client.delete(f"/api/hands/{hand_id}/calls/last").json()
    assert (reopened["view"]["phase"], reopened["hand"]["shown"]) == ("showdown", None)
    assert reopened["match"]["games_won"] == {"1-3": 0, "2-4": 1}
    assert (reopened["match"]["winner"], reopened["can_deal"]) == (None, False)
