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


def invalid(response, *failures):
    """A malformed request's body, checked: 422, and for each failure in order its field (the
    path in the body), its code and (when given) its params."""
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["code"] == "invalid_fields", body
    got = [(f["field"], f["code"]) for f in body["errors"]]
    assert got == [(field, code) for field, code, *_ in failures], body
    for failure, (*_, params) in zip(body["errors"], failures, strict=True):
        assert params is None or failure["params"] == params, failure
    assert body["params"] == {"fields": [".".join(map(str, f["field"])) for f in body["errors"]]}
    return body


def test_a_seat_name_refused_at_setup_names_the_seat_and_the_rule_broken(client):
    seats = [SEATS[0] | {"name": "Ane/Bego"}, *SEATS[1:]]
    body = invalid(
        client.post("/api/tables", json={"seats": seats}),
        (["seats", 0, "name"], "name_separator", {"input": "Ane/Bego"}),
    )
    assert "a player's name cannot contain / or \\" in body["detail"]
    blank = [SEATS[0] | {"name": "   "}, *SEATS[1:]]
    invalid(
        client.post("/api/tables", json={"seats": blank}),
        (["seats", 0, "name"], "name_empty", None),
    )


def test_every_bad_field_is_named_with_its_own_code_and_params(client):
    """Two bad seats and a blank table name: three failures, each its field's, beside the
    English detail API clients read as before."""
    seats = [SEATS[0] | {"name": "Ane/Bego"}, SEATS[1] | {"name": " "}, *SEATS[2:]]
    body = invalid(
        client.post("/api/tables", json={"name": "  ", "seats": seats}),
        (["name"], "string_too_short", {"min_length": 1, "input": "  "}),
        (["seats", 0, "name"], "name_separator", None),
        (["seats", 1, "name"], "name_empty", None),
    )
    assert body["detail"].startswith("body.name: String should have at least 1 character; ")
    invalid(
        client.post("/api/tables", json={"seats": SEATS, "mano": 0}),
        (["mano"], "greater_than_equal", {"ge": 1, "input": 0}),
    )
    invalid(
        client.post("/api/tables", json={"seats": SEATS[:3]}),
        ([], "seats_each_once", {"players": 4}),
    )
    invalid(
        client.post("/api/tables", json={"seats": SEATS, "name": "Mesa\x07"}),
        (["name"], "not_printable", None),
    )


def test_a_profile_is_offered_and_taken_only_for_the_games_it_fits(client):
    """Encaje's profile lists no seña (every gesture is cheating): it is for an Encaje of three
    or five, never a Mus table; a profile with señas is not an Encaje's."""
    offered = client.get("/api/profiles").json()["games"]
    assert offered == {"encaje": ["encaje"], "extended": ["mus"], "navarra": ["mus"],
                       "standard": ["mus"]}  # fmt: skip
    invalid(
        client.post("/api/tables", json={"seats": SEATS, "profile": "encaje"}),
        (["profile"], "profile_not_for_game", {"profile": "encaje", "game": "mus",
                                               "games": ["encaje"]}),
    )  # fmt: skip
    three = [{"seat": seat, "name": name} for seat, name in enumerate(["Ane", "Bego", "Koldo"], 1)]
    body = {"game": "encaje", "players": 3, "seats": three}
    invalid(
        client.post("/api/tables", json=body | {"profile": "standard"}),
        (["profile"], "profile_not_for_game", None),
    )
    assert client.post("/api/tables", json=body).json()["table"]["profile"] == "encaje"
    invalid(
        client.post("/api/tables", json={"seats": SEATS, "profile": "nosuch"}),
        (["profile"], "unknown_profile", None),
    )


def test_what_is_not_there_is_named_for_the_page_to_word(client):
    body = refused(client.get("/api/tables/99"), 404, "no_table", {"table": 99})
    assert body["detail"] == "no table 99"
    refused(client.get("/api/hands/99"), 404, "no_hand", {"hand": 99})
    refused(client.get("/api/tables/99/games/1/acta"), 404, "no_table", {"table": 99})
    table_id = new_table(client)["table"]["id"]
    refused(
        client.get(f"/api/tables/{table_id}/games/7/acta"),
        404,
        "no_game",
        {"table": table_id, "game_number": 7},
    )
    refused(client.get("/api/review/analysis"), 422, "no_session", {})
    refused(client.get("/api/review/nonsense"), 422, "not_a_session", {"name": "nonsense"})
    clip = client.post(f"/api/review/table-{table_id}/clip", json={"start_ms": 0, "end_ms": 900})
    body = refused(clip, 422, "no_video_at", {"start_ms": 0, "camera": None})
    assert body["detail"] == "there is no video at that moment"


def test_a_seat_in_play_and_a_seat_busy_are_named_for_the_practice_page(client):
    table = new_table(client)
    drill = {"player": "Ane", "seat": 2}
    body = refused(client.post("/api/practice/drills", json=drill), 409, "seat_in_play")
    assert body["params"] == {
        "seat": 2,
        "name": "Bego",
        "hand": 1,
        "table": "Txoko",
        "hand_id": table["current"]["hand"]["id"],
    }
    assert body["detail"].startswith("seat 2 (Bego) plays hand 1 of table 'Txoko': ")


def test_a_second_signature_names_who_signed(client):
    """A game won by an órdago at grande, its acta signed, then signed again."""
    state = new_table(client)
    hand_id, table_id = state["current"]["hand"]["id"], state["table"]["id"]
    for seat, text in [(1, "no hay mus"), (1, "ordago"), (2, "quiero")]:
        assert call(client, hand_id, seat, text).status_code == 200, text
    client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
    url = f"/api/tables/{table_id}/games/1/acta"
    assert client.post(url, json={"referee": "Maite"}).status_code == 201
    refused(
        client.post(url, json={"referee": "Jon"}),
        409,
        "acta_signed",
        {"game_number": 1, "referee": "Maite"},
    )
    invalid(client.post(url, json={"referee": "   "}), (["referee"], "string_too_short", None))
