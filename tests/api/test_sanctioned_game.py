"""A game the referee stops with a sanction that decides it (api/sanctions.py): "game lost"
gives the game to the other side and the table deals the next game; "disqualification" gives
the match. Anything else leaves the game stopped, as does a sanction on both sides; a game
already over keeps the result played."""

from engine.record import replay_summary
from tests.api.desk_helpers import play_ordago
from tests.api.table_examples import EXAMPLE_CALLS
from tests.api.test_refusal_codes import refused
from tests.api.test_signed_hand import sign
from tests.api.test_tables import call, new_table


def stopped_mid_hand(client, *sanctions):
    """A table whose first hand is stopped after four calls by an acta with ``sanctions``
    ((kind, seat) pairs): its table id and hand id."""
    state = new_table(client)
    table_id, hand_id = state["table"]["id"], state["current"]["hand"]["id"]
    for seat, text in EXAMPLE_CALLS[:4]:
        call(client, hand_id, seat, text)
    body = [{"seat": seat, "kind": kind, "reason": "señas de más"} for kind, seat in sanctions]
    sign(client, table_id, unfinished=True, sanctions=body)
    return table_id, hand_id


def test_a_game_lost_by_sanction_counts_for_the_other_side_and_the_next_game_is_dealt(client):
    table_id, hand_id = stopped_mid_hand(client, ("game_lost", 2))
    stopped = client.get(f"/api/hands/{hand_id}").json()
    assert stopped["game_awarded"] == {"winner": "1-3", "sanction": "game_lost"}
    assert stopped["match"]["games_won"] == {"1-3": 1, "2-4": 0}
    assert stopped["can_deal"] is True and stopped["legal"] == []
    signed = {"hand": 1, "game_number": 1, "referee": "Maite"}
    refused(call(client, hand_id, 2, "paso"), 409, "game_acta_signed", signed)
    dealt = client.post(f"/api/tables/{table_id}/hands")
    assert dealt.status_code == 201, dealt.text
    hand = dealt.json()["current"]["hand"]
    # the stopped hand's mano was seat 1: the next game's first hand is seat 2's
    assert (hand["game"], hand["hand_in_game"], hand["mano"]) == (2, 1, 2)
    assert dealt.json()["current"]["view"]["score"] == {"1-3": 0, "2-4": 0}
    assert dealt.json()["current"]["game_awarded"] is None

    acta = client.get(f"/api/tables/{table_id}/games/1/acta").json()
    assert acta["signed"]["awarded"] == {"winner": "1-3", "sanction": "game_lost"}
    assert acta["acta"]["winner"] is None  # as it read when signed: not over at the table

    exported = client.get(f"/api/tables/{table_id}/export").json()  # keinu replay reads it
    assert exported["deals"][0]["awarded"] == {
        "winner": "1-3",
        "reason": "game_lost",
        "match": False,
    }
    replayed = replay_summary(exported)["match"]
    assert replayed["games_won"] == {"1-3": 1, "2-4": 0}
    assert [g["awarded"] for g in replayed["games"]] == ["game_lost", None]
    report = client.get(f"/api/tables/{table_id}/report").json()["games"]
    assert [(g["winner"], g["awarded"]) for g in report] == [("1-3", "game_lost"), (None, None)]

    client.app.state.referee.forget()  # as after a restart: read again from the store
    again = client.get(f"/api/hands/{hand_id}").json()
    assert again["game_awarded"] == stopped["game_awarded"]
    assert again["match"]["games_won"] == {"1-3": 1, "2-4": 0}


def test_a_disqualification_ends_the_match(client):
    table_id, hand_id = stopped_mid_hand(client, ("warning", 4), ("disqualification", 3))
    state = client.get(f"/api/hands/{hand_id}").json()
    assert state["match"]["winner"] == "2-4"
    assert state["game_awarded"] == {"winner": "2-4", "sanction": "disqualification"}
    refused(client.post(f"/api/tables/{table_id}/hands"), 409, "match_over", {"side": "2-4"})
    exported = client.get(f"/api/tables/{table_id}/export").json()
    assert exported["deals"][-1]["awarded"] == {
        "winner": "2-4",
        "reason": "disqualification",
        "match": True,
    }
    assert replay_summary(exported)["match"]["winner"] == "2-4"


def test_a_warning_or_sanctions_on_both_sides_leave_the_game_stopped(client):
    for sanctions in [(("warning", 1),), (("game_lost", 1), ("game_lost", 2))]:
        table_id, hand_id = stopped_mid_hand(client, *sanctions)
        state = client.get(f"/api/hands/{hand_id}").json()
        assert state["game_awarded"] is None and state["can_deal"] is False
        assert state["match"]["games_won"] == {"1-3": 0, "2-4": 0}
        refused(
            client.post(f"/api/tables/{table_id}/hands"),
            409,
            "game_stopped_by_acta",
            {"game_number": 1, "referee": "Maite"},
        )


def test_a_game_over_before_its_acta_keeps_the_result_played(client):
    table_id = new_table(client, name="Mesa 5")["table"]["id"]
    hand_id = play_ordago(client, table_id, team_a_wins=True)["hand"]["id"]
    sign(client, table_id, sanctions=[{"seat": 1, "kind": "game_lost", "reason": ""}])
    state = client.get(f"/api/hands/{hand_id}").json()
    assert state["game_awarded"] is None
    assert state["match"]["games_won"] == {"1-3": 1, "2-4": 0}
