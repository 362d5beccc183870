"""Tables, hands and calls over REST, against the real app and a temporary SQLite file."""

from fastapi.testclient import TestClient

from api.app import create_app
from api.store import SeatRow
from engine.gesture import Gesture
from engine.record import replay_summary
from tests.api.table_examples import EXAMPLE_CALLS, EXAMPLE_HANDS, SEATS


def new_table(client, **overrides):
    body = {"name": "Txoko", "profile": "standard", "target": 40, "mano": 1, "seats": SEATS}
    if overrides.get("game") == "encaje":
        del body["profile"]  # an Encaje has its own profile, without señas
    response = client.post("/api/tables", json=body | overrides)
    assert response.status_code == 201, response.text
    return response.json()


def call(client, hand_id, seat, text):
    return client.post(f"/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})


def test_a_new_table_deals_hand_one_with_the_mano_to_speak(client):
    state = new_table(client, mano=3)
    assert [s["pair"] for s in state["table"]["seats"]] == ["1-3", "2-4", "1-3", "2-4"]
    current = state["current"]
    assert current["hand"]["number"] == 1
    assert current["view"]["phase"] == "mus"
    assert current["view"]["to_speak"] == 3
    assert {c["text"] for c in current["legal"]} == {"mus", "no hay mus"}
    assert client.get("/api/tables/active").json()["table"]["id"] == state["table"]["id"]


def test_the_worked_example_of_design_md_ends_ten_all(client):
    hand_id = new_table(client)["current"]["hand"]["id"]
    for seat, text in EXAMPLE_CALLS:
        response = call(client, hand_id, seat, text)
        assert response.status_code == 200, (seat, text, response.text)
    assert response.json()["view"]["phase"] == "showdown"
    state = client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS}).json()
    assert state["view"]["score"] == {"1-3": 10, "2-4": 10}
    (sena,) = state["senas"]
    assert (sena["seat"], sena["name"], sena["meaning"], sena["verdict"]) == (
        3, "Koldo", "dos_reyes", "legal",
    )  # fmt: skip
    record = client.get(f"/api/hands/{hand_id}/record").json()
    assert record["calls"] == [[s, t] for s, t in EXAMPLE_CALLS]
    assert record["hands"] == EXAMPLE_HANDS
    assert record["score"] == {"1-3": 0, "2-4": 0}


def test_a_malformed_call_is_refused_with_a_message_and_changes_nothing(client):
    hand_id = new_table(client)["current"]["hand"]["id"]
    call(client, hand_id, 1, "mus")
    before = client.get(f"/api/hands/{hand_id}").json()
    for body, status, words in [
        ({"seat": 2, "text": "envido muchos"}, 422, "whole number"),
        ({"seat": 2, "text": "hola"}, 422, "unknown call"),
        ({"seat": 2, "text": "descarte"}, 422, "number of cards"),
        ({"seat": 0, "text": "mus"}, 422, "seat"),
        ({"seat": 7, "text": "mus"}, 409, "seat 7 is not at this table"),  # its seats: 1..4
        ({"seat": 2}, 422, "text"),
        ({"seat": 2, "text": "mus", "extra": 1}, 422, "extra"),
        ({"seat": 3, "text": "mus"}, 409, "seat 3"),  # not seat 3's turn
        ({"seat": 2, "text": "paso"}, 409, "paso"),  # no betting in the mus phase
    ]:
        response = client.post(f"/api/hands/{hand_id}/calls", json=body)
        assert response.status_code == status, (body, response.text)
        assert words in response.json()["detail"], response.json()
    assert (
        client.post(
            f"/api/hands/{hand_id}/calls",
            content=b"{not json",
            headers={"content-type": "application/json"},
        ).status_code
        == 422
    )
    assert client.get(f"/api/hands/{hand_id}").json() == before


def test_undo_takes_back_the_last_call_only(client):
    hand_id = new_table(client)["current"]["hand"]["id"]
    call(client, hand_id, 1, "no hay mus")
    call(client, hand_id, 1, "envido 3")
    state = client.delete(f"/api/hands/{hand_id}/calls/last").json()
    assert state["view"]["calls"] == [[1, "no hay mus"]]
    assert state["view"]["phase"] == "grande"
    assert state["view"]["to_speak"] == 1
    client.delete(f"/api/hands/{hand_id}/calls/last")
    assert client.delete(f"/api/hands/{hand_id}/calls/last").status_code == 409


def test_a_reopened_server_resumes_the_hand_where_it_was(settings):
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        hand_id = new_table(client)["current"]["hand"]["id"]
        for seat, text in EXAMPLE_CALLS[:10]:
            call(client, hand_id, seat, text)
        before = client.get(f"/api/hands/{hand_id}").json()
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        assert client.get(f"/api/hands/{hand_id}").json() == before
        assert client.get("/api/tables/active").json()["current"]["hand"]["id"] == hand_id
        seat, text = EXAMPLE_CALLS[10]
        assert call(client, hand_id, seat, text).status_code == 200


def test_the_next_hand_moves_the_mano_and_carries_the_score(client):
    table_id = new_table(client)["table"]["id"]
    hand_id = client.get(f"/api/tables/{table_id}").json()["current"]["hand"]["id"]
    assert client.post(f"/api/tables/{table_id}/hands").status_code == 409  # hand still on
    for seat, text in EXAMPLE_CALLS:
        call(client, hand_id, seat, text)
    client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
    state = client.post(f"/api/tables/{table_id}/hands").json()
    hand = state["current"]["hand"]
    assert (hand["number"], hand["mano"], hand["score_before"]) == (2, 2, {"1-3": 10, "2-4": 10})
    # the old hand takes no more calls
    assert call(client, hand_id, 2, "mus").status_code == 409
    report = client.get(f"/api/tables/{table_id}/report").json()
    assert [h["score_after"] for h in report["hands"]] == [
        {"1-3": 10, "2-4": 10},
        {"1-3": 10, "2-4": 10},
    ]
    assert report["games"][0]["senas"]["3"]["legal"] == 1
    assert report["verdicts"] == ["legal", "late", "not_allowed_now", "not_in_catalogue", "false"]


def test_a_live_gesture_becomes_a_judged_sena_and_can_be_overruled(client):
    hand_id = new_table(client)["current"]["hand"]["id"]
    call(client, hand_id, 1, "no hay mus")
    call(client, hand_id, 1, "paso")  # grande's betting has begun
    referee = client.app.state.referee
    sena = referee.observe(Gesture(2, "lip_bite", "center", 5000, 5400), "cam1")
    assert (sena["meaning"], sena["verdict"]) == ("dos_reyes", "late")
    state = client.get(f"/api/hands/{hand_id}").json()
    assert state["view"]["calls"][-1] == [2, "sena lip_bite center", 5000]
    first = sena["calls"][0]
    reviewed = client.post(
        f"/api/hands/{hand_id}/senas/{first}/review",
        json={"action": "overruled", "note": "se rascaba"},
    ).json()
    assert reviewed["senas"][0]["review"] == {"action": "overruled", "note": "se rascaba"}
    assert (
        client.post(
            f"/api/hands/{hand_id}/senas/0/review", json={"action": "overruled"}
        ).status_code
        == 404
    )
    # the seña is part of the hand: the legal calls did not change
    assert state["view"]["to_speak"] == 2


def test_a_gesture_from_a_source_that_does_not_watch_the_seat_is_ignored(client):
    seats = [dict(s, source="cam2") for s in SEATS]
    hand_id = new_table(client, seats=seats)["current"]["hand"]["id"]
    referee = client.app.state.referee
    assert referee.observe(Gesture(1, "wink", "left", 100, 400), "cam1") is None
    assert referee.observe(Gesture(1, "wink", "left", 100, 400), "cam2") is not None
    assert len(client.get(f"/api/hands/{hand_id}").json()["senas"]) == 1


def test_table_setup_is_validated(client):
    bad = [
        {"seats": SEATS[:3]},
        {"seats": [SEATS[0]] * 4},
        {"target": 35},
        {"mano": 5},
        {"profile": "../../etc/passwd"},
        {"profile": "nosuch"},
        {"seats": [dict(s, name="") for s in SEATS]},
    ]
    for overrides in bad:
        body = {"seats": SEATS} | overrides
        response = client.post("/api/tables", json=body)
        assert response.status_code == 422, (overrides, response.text)
    assert client.get("/api/tables").json()["tables"] == []


def test_the_session_exports_as_hand_records_inside_the_data_dir(client, settings):
    table_id = new_table(client)["table"]["id"]
    hand_id = client.get(f"/api/tables/{table_id}").json()["current"]["hand"]["id"]
    for seat, text in EXAMPLE_CALLS:
        call(client, hand_id, seat, text)
    client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
    client.post(f"/api/tables/{table_id}/hands")
    call(client, hand_id + 1, 2, "mus")
    session = client.get(f"/api/tables/{table_id}/export").json()
    assert [deal["mano"] for deal in session["deals"]] == [1, 2]
    # keinu replay reads it: the game carries 10-10 into hand 2, still in the mus
    replay = replay_summary(session)
    assert replay["score"] == {"1-3": 10, "2-4": 10}
    written = client.post(f"/api/tables/{table_id}/export", json={"name": "noche-1"}).json()
    assert written["path"].startswith(str(settings.data_dir.resolve()))
    for name in ("../escape", "/etc/x", "a/b"):
        response = client.post(f"/api/tables/{table_id}/export", json={"name": name})
        assert response.status_code == 422


def test_a_table_stored_without_its_first_hand_gets_it_dealt_and_ignores_señas(client):
    # An older keinu stored a table and its first hand in two transactions: the second could
    # fail and leave the table with no hand at all.
    store = client.app.state.store
    row = store.create_table(
        name="Sin mano", profile="standard", target=40, reyes=8, first_mano=2,
        seats=[SeatRow(seat, f"P{seat}") for seat in (1, 2, 3, 4)],
    )  # fmt: skip
    assert client.post(f"/api/tables/{row.id}/activate").json()["current"] is None
    gesture = Gesture(seat=1, kind="wink", side="left", start_ms=0, end_ms=300, peak=1.0,
                      confidence=1.0)  # fmt: skip
    assert client.app.state.referee.observe(gesture, "cam1") is None
    response = client.post(f"/api/tables/{row.id}/hands")
    assert response.status_code == 201, response.text
    hand = response.json()["current"]["hand"]
    assert (hand["number"], hand["mano"]) == (1, 2)


def test_the_referee_may_add_a_house_sena_or_a_signal_outside_the_catalogue(client):
    """``gestures``: what the profile's señas are made with; ``others``: every gesture, or side
    of one, that makes none of them, a cheating signal the referee may log by hand."""
    state = client.post("/api/tables", json={"seats": SEATS}).json()
    listed = client.get(f"/api/tables/{state['table']['id']}/gestures").json()
    assert listed["profile"] == "standard"
    assert {"lip_bite", "tongue_out", "wink", "eyes_closed"} <= set(listed["gestures"])
    assert {"head_tilt", "pout"} <= set(listed["others"])
    assert not set(listed["gestures"]) & set(listed["others"])
    hand = state["current"]["hand"]["id"]
    added = client.post(f"/api/hands/{hand}/calls", json={"seat": 2, "text": "sena head_tilt"})
    assert added.status_code == 200, added.text
    (sena,) = client.get(f"/api/hands/{hand}/senas").json()["senas"]
    assert sena["meaning"] is None  # not a seña of the house: logged as the signal it was

    extended = client.post("/api/tables", json={"seats": SEATS, "profile": "extended"}).json()
    listed = client.get(f"/api/tables/{extended['table']['id']}/gestures").json()
    assert listed["others"] == ["pout"]
