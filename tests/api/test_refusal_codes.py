"""Every refusal a referee meets on the referee page carries a stable ``code`` (and the
``params`` its words name) beside its English ``detail``: the page words it through i18n.js's
"error.<code>" keys, and API clients read the same detail as before."""

from tests.api.table_examples import EXAMPLE_HANDS, SEATS
from tests.api.test_referee_console import play_to_showdown
from tests.api.test_tables import call, new_table


def refused(response, status, code, params=None):
    """The refusal's body, checked: its status, its code and (when given) its params."""
    assert response.status_code == status, response.text
    body = response.json()
    assert body["code"] == code, body
    if params is not None:
        assert body["params"] == params, body
    return body


def test_a_call_to_a_hand_that_is_over_names_the_hand_in_play(client):
    state = new_table(client)
    hand_id, table_id = state["current"]["hand"]["id"], state["table"]["id"]
    play_to_showdown(client, hand_id)
    client.post(f"/api/hands/{hand_id}/not-shown")
    client.post(f"/api/tables/{table_id}/hands")
    body = refused(call(client, hand_id, 1, "mus"), 409, "hand_over", {"hand": 1, "current": 2})
    assert body["detail"] == "hand 1 is over: calls go to hand 2"
    refused(client.delete(f"/api/hands/{hand_id}/calls/last"), 409, "hand_over")


def test_an_illegal_call_names_the_seat_the_call_and_the_rule_broken(client):
    hand_id = new_table(client)["current"]["hand"]["id"]
    body = refused(call(client, hand_id, 2, "mus"), 409, "illegal_call")
    assert body["params"] == {
        "seat": 2,
        "call": "mus",
        "rule_code": "not_your_turn",
        "rule_params": {"seat": 2, "expected": 1},
    }
    assert body["detail"] == "call 0 (seat 2, 'mus'): not seat 2's turn: seat 1 speaks now"
    call(client, hand_id, 1, "no hay mus")
    call(client, hand_id, 1, "envido 5")
    body = refused(call(client, hand_id, 3, "quiero"), 409, "illegal_call")
    assert body["params"]["rule_code"] == "own_side_bet"
    assert body["params"]["rule_params"] == {"side": "1-3"}
    assert body["detail"].endswith("pair 1-3 made the last bet: its opponents answer")


def test_an_illegal_call_in_encaje_names_the_stones_its_seat_holds(client):
    seats = [{"seat": seat, "name": name} for seat, name in enumerate(["Ane", "Bego", "Koldo"], 1)]
    state = new_table(client, game="encaje", players=3, seats=seats)
    hand_id = state["current"]["hand"]["id"]
    call(client, hand_id, 1, "no hay mus")
    body = refused(call(client, hand_id, 1, "envido 16"), 409, "illegal_call")
    assert body["params"]["rule_code"] == "bet_beyond_holding"
    assert body["params"]["rule_params"] == {"seat": 1, "held": 15, "amount": 16}


def test_a_bet_beyond_the_target_names_the_target(client):
    """The engine's rule (``engine/betting.py``), as every other rule of the betting."""
    hand_id = new_table(client)["current"]["hand"]["id"]
    call(client, hand_id, 1, "no hay mus")
    body = refused(call(client, hand_id, 1, "envido 41"), 409, "illegal_call")
    assert body["params"]["rule_code"] == "bet_too_high"
    assert body["params"]["rule_params"] == {"target": 40}
    assert body["detail"].endswith("a bet is of 2 to 40 stones in a game to 40")


def test_the_showdown_refusals_name_the_hand_and_its_phase(client):
    hand_id = new_table(client)["current"]["hand"]["id"]
    call(client, hand_id, 1, "mus")
    shown = client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
    refused(shown, 409, "not_at_showdown", {"hand": 1, "phase": "mus"})
    client.delete(f"/api/hands/{hand_id}/calls/last")
    play_to_showdown(client, hand_id)
    five_reyes = EXAMPLE_HANDS | {"4": ["R", "R", "R", "6"]}
    shown = client.put(f"/api/hands/{hand_id}/shown", json={"hands": five_reyes})
    body = refused(shown, 422, "too_many_of_rank", {"ranks": "R"})
    assert body["detail"] == "hands: more than four cards of rank R"
    client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
    again = client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
    refused(again, 409, "cards_already_entered", {"hand": 1})
    refused(client.post(f"/api/hands/{hand_id}/not-shown"), 409, "cards_already_entered")


def test_a_hand_closed_without_the_cards_refuses_them(client):
    hand_id = new_table(client)["current"]["hand"]["id"]
    play_to_showdown(client, hand_id)
    client.post(f"/api/hands/{hand_id}/not-shown")
    shown = client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
    refused(shown, 409, "cards_not_shown", {"hand": 1})


def test_dealing_before_the_hand_is_over_says_what_is_left(client):
    state = new_table(client)
    hand_id, table_id = state["current"]["hand"]["id"], state["table"]["id"]
    call(client, hand_id, 1, "mus")
    dealt = client.post(f"/api/tables/{table_id}/hands")
    body = refused(dealt, 409, "hand_not_over", {"hand": 1, "phase": "mus"})
    assert body["detail"] == "hand 1 is still in mus: finish it before dealing"
    client.delete(f"/api/hands/{hand_id}/calls/last")
    play_to_showdown(client, hand_id)
    dealt = client.post(f"/api/tables/{table_id}/hands")
    refused(dealt, 409, "hand_at_showdown", {"hand": 1, "phase": "showdown"})


def test_dealing_after_the_match_is_won_names_the_winner(client):
    """Two games won by an órdago at grande: the match (best of three) is over."""
    table_id = new_table(client)["table"]["id"]
    for _ in range(2):
        hand = client.get(f"/api/tables/{table_id}").json()["current"]
        hand_id, mano = hand["hand"]["id"], hand["view"]["to_speak"]
        assert call(client, hand_id, mano, "no hay mus").status_code == 200
        assert call(client, hand_id, mano, "ordago").status_code == 200
        assert call(client, hand_id, mano % 4 + 1, "quiero").status_code == 200
        shown = client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
        assert shown.status_code == 200, shown.text
        dealt = client.post(f"/api/tables/{table_id}/hands")
    body = refused(dealt, 409, "match_over", {"side": "2-4"})  # seat 2 wins grande
    assert body["detail"] == "the match is over: pair 2-4 won it"


def test_a_seat_name_refused_at_setup_names_the_rule_broken(client):
    seats = [SEATS[0] | {"name": "Ane/Bego"}, *SEATS[1:]]
    body = refused(
        client.post("/api/tables", json={"seats": seats}),
        422,
        "name_separator",
        {"input": "Ane/Bego"},
    )
    assert "a player's name cannot contain / or \\" in body["detail"]
    blank = [SEATS[0] | {"name": "   "}, *SEATS[1:]]
    refused(client.post("/api/tables", json={"seats": blank}), 422, "name_empty")


def test_a_refusal_with_more_than_one_reason_keeps_to_its_detail(client):
    seats = [SEATS[0] | {"name": "Ane/Bego"}, SEATS[1] | {"name": " "}, *SEATS[2:]]
    response = client.post("/api/tables", json={"seats": seats})
    assert response.status_code == 422
    assert "code" not in response.json()  # two reasons: the page shows the detail, both said
