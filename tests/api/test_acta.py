"""A game's acta over REST: the players, the score by hand, the señas that were not legal with
the referee's review; signed once with notes and sanctions, and kept as signed."""

from tests.api.desk_helpers import play_ordago
from tests.api.table_examples import EXAMPLE_CALLS, EXAMPLE_HANDS, SEATS

# The worked example, plus a seña of seat 1's that its cards belie (two kings: it has none).
CALLS = [*EXAMPLE_CALLS[:3], [1, "sena lip_bite center"], *EXAMPLE_CALLS[3:]]


def played_hand(client) -> tuple[int, int]:
    body = {"name": "Mesa 4", "profile": "standard", "target": 40, "mano": 1, "seats": SEATS}
    table = client.post("/api/tables", json=body).json()
    hand_id = table["current"]["hand"]["id"]
    for seat, text in CALLS:
        response = client.post(f"/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})
        assert response.status_code == 200, (seat, text, response.text)
    client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
    return table["table"]["id"], hand_id


def test_the_acta_lists_players_score_and_the_senas_that_were_not_legal(client):
    table_id, hand_id = played_hand(client)
    client.post(
        f"/api/hands/{hand_id}/senas/3/review", json={"action": "acknowledged", "note": "visto"}
    )
    answer = client.get(f"/api/tables/{table_id}/games/1/acta").json()
    acta = answer["acta"]
    assert answer["signed"] is None
    assert answer["sanctions"] == ["warning", "game_lost", "disqualification"]
    assert [s["name"] for s in acta["table"]["seats"]] == ["Ane", "Bego", "Koldo", "Iñaki"]
    assert [(h["number"], h["score_after"]) for h in acta["hands"]] == [(1, {"1-3": 10, "2-4": 10})]
    (sena,) = acta["senas"]  # Koldo's true seña is legal and not listed
    assert (sena["hand"], sena["seat"], sena["name"], sena["verdict"]) == (1, 1, "Ane", "false")
    assert sena["review"] == {"action": "acknowledged", "note": "visto"}
    # the reason in both languages: the page prints the one it is read in
    assert sena["reason"].startswith("seña falsa") and sena["reason_en"].startswith("false seña")
    assert client.get(f"/api/tables/{table_id}/games/2/acta").status_code == 404
    assert acta["board"] is None  # a table of no tournament


def test_an_acta_is_signed_once_and_kept_as_signed(client):
    table_id, hand_id = played_hand(client)
    url = f"/api/tables/{table_id}/games/1/acta"
    sanction = {"seat": 1, "kind": "warning", "reason": "seña falsa"}
    body = {
        "referee": " Maite ",
        "notes": "Partida tranquila.",
        "sanctions": [sanction],
        "unfinished": True,  # one hand of the game: signed as it stands, on purpose
    }
    response = client.post(url, json=body)
    assert response.status_code == 201, response.text
    signed = response.json()["signed"]
    assert (signed["referee"], signed["sanctions"]) == ("Maite", [sanction])
    assert client.post(url, json=body | {"referee": "Other"}).status_code == 409
    # nothing at the table changes the signed acta afterwards: a review is refused
    review = {"action": "overruled", "note": ""}
    late = client.post(f"/api/hands/{hand_id}/senas/3/review", json=review)
    assert (late.status_code, late.json()["code"]) == (409, "game_acta_signed"), late.text
    kept = client.get(url).json()
    assert kept["signed"]["referee"] == "Maite"
    assert kept["acta"]["senas"][0]["review"] is None


def test_a_bad_signature_is_refused_with_a_message(client):
    table_id, _ = played_hand(client)
    url = f"/api/tables/{table_id}/games/1/acta"
    for body, said in [
        ({"referee": "M", "sanctions": [{"seat": 1, "kind": "hanging"}]}, "no sanction"),
        ({"referee": "   "}, "referee"),
        ({"referee": "M", "sanctions": [{"seat": 5, "kind": "warning"}]}, "seat"),
        ({"referee": "M", "notes": "x" * 5000}, "notes"),
        ({"referee": "M", "notes": "a\x07b"}, "notes"),
        (
            {"referee": "M", "sanctions": [{"seat": 1, "kind": "warning", "reason": "y\x02z"}]},
            "reason",
        ),
    ]:
        response = client.post(url, json=body)
        assert response.status_code == 422, (body, response.text)
        assert said in response.json()["detail"]
    assert client.get(url).json()["signed"] is None
    assert client.get("/api/tables/999/games/1/acta").status_code == 404


def test_an_unfinished_games_acta_is_signed_only_on_purpose(client):
    """The hands played after a signature are never in the acta: a game that is not over is
    refused unless the signature says it signs it as it stands (a game stopped by a sanction)."""
    table_id, _ = played_hand(client)
    url = f"/api/tables/{table_id}/games/1/acta"
    refused = client.post(url, json={"referee": "Maite"})
    assert refused.status_code == 409
    body = refused.json()
    assert (body["code"], body["params"]) == ("acta_game_not_over", {"game_number": 1})
    assert body["detail"].startswith("game 1 is not over")
    assert client.get(url).json()["signed"] is None
    stopped = {"seat": 1, "kind": "game_lost", "reason": "seña falsa"}
    body = {"referee": "Maite", "sanctions": [stopped], "unfinished": True}
    signed = client.post(url, json=body)
    assert signed.status_code == 201, signed.text
    again = client.post(url, json={"referee": "Other"})
    assert again.status_code == 409 and "already signed by Maite" in again.json()["detail"]


def test_a_finished_games_acta_is_signed_as_ever(client):
    body = {"name": "Mesa 5", "profile": "standard", "target": 40, "mano": 1, "seats": SEATS}
    table_id = client.post("/api/tables", json=body).json()["table"]["id"]
    play_ordago(client, table_id, team_a_wins=True)
    url = f"/api/tables/{table_id}/games/1/acta"
    assert client.get(url).json()["acta"]["winner"] == "1-3"
    signed = client.post(url, json={"referee": "Maite"})
    assert signed.status_code == 201, signed.text
