"""What a referee at a real table relies on: undo takes back the referee's own call, a showdown
is settled or closed on purpose, reviews change the report, the active table survives a restart,
and every bad input is a 4xx with a message."""

import json
import subprocess
import threading
import time

import pytest
import uvicorn
from fastapi.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from api.app import create_app
from api.settings import Settings
from engine.gesture import Gesture
from engine.record import replay_summary
from tests.api.table_examples import EXAMPLE_CALLS, EXAMPLE_HANDS, SEATS
from tests.api.test_tables import call, new_table
from tests.keinu_server import KEINU, free_port

BIG = 2**63


def play_to_showdown(client, hand_id):
    for seat, text in EXAMPLE_CALLS:
        assert call(client, hand_id, seat, text).status_code == 200, (seat, text)


def camera_sena(client, seat=2, start_ms=5000):
    return client.app.state.referee.observe(
        Gesture(seat, "lip_bite", "center", start_ms, start_ms + 400), "cam1"
    )


# -- undo ------------------------------------------------------------------------------------


def test_undo_takes_back_the_referees_call_and_leaves_the_cameras_senas(client):
    hand_id = new_table(client)["current"]["hand"]["id"]
    call(client, hand_id, 1, "no hay mus")
    call(client, hand_id, 1, "envido 2")
    call(client, hand_id, 2, "quiero")
    camera_sena(client, seat=3)
    state = client.delete(f"/api/hands/{hand_id}/calls/last").json()
    assert state["view"]["calls"] == [
        [1, "no hay mus"],
        [1, "envido 2"],
        [3, "sena lip_bite center", 5000],
    ]
    assert state["view"]["to_speak"] == 2  # quiero is taken back: seat 2 answers again
    (sena,) = state["senas"]
    assert (sena["seat"], sena["origin"], sena["calls"]) == (3, "camera", [2])
    # the seña's review follows it to its new place
    client.post(f"/api/hands/{hand_id}/senas/2/review", json={"action": "acknowledged"})
    state = client.delete(f"/api/hands/{hand_id}/calls/last").json()
    assert state["senas"][0]["review"] == {"action": "acknowledged", "note": ""}
    assert state["senas"][0]["calls"] == [1]
    # the same after a restart: the stored calls were renumbered, not just the engine's
    client.app.state.referee._tables.clear()
    client.app.state.referee._matches.clear()
    assert client.get(f"/api/hands/{hand_id}").json()["senas"] == state["senas"]


def test_undo_with_only_camera_senas_left_refuses(client):
    hand_id = new_table(client)["current"]["hand"]["id"]
    camera_sena(client)
    response = client.delete(f"/api/hands/{hand_id}/calls/last")
    assert response.status_code == 409
    assert "no call of the referee" in response.json()["detail"]
    assert response.json()["code"] == "nothing_to_undo"  # the page says it in its language
    assert len(client.get(f"/api/hands/{hand_id}").json()["senas"]) == 1


# -- the showdown ----------------------------------------------------------------------------


def test_the_next_hand_waits_for_the_cards_or_a_cards_not_shown(client):
    table_id = new_table(client)["table"]["id"]
    hand_id = client.get(f"/api/tables/{table_id}").json()["current"]["hand"]["id"]
    play_to_showdown(client, hand_id)
    state = client.get(f"/api/hands/{hand_id}").json()
    assert state["can_deal"] is False
    refused = client.post(f"/api/tables/{table_id}/hands")
    assert refused.status_code == 409
    assert "cards not shown" in refused.json()["detail"]
    closed = client.post(f"/api/hands/{hand_id}/not-shown").json()
    assert closed["can_deal"] is True and closed["hand"]["cards_not_shown"] is True
    assert closed["senas"][0]["truth"] == "pending"  # seat 3's dos reyes waits for the cards
    # undo takes the "cards not shown" back first
    reopened = client.delete(f"/api/hands/{hand_id}/calls/last").json()
    assert reopened["can_deal"] is False and reopened["view"]["calls"][-1] == [4, "paso"]
    client.post(f"/api/hands/{hand_id}/not-shown")
    assert (
        client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS}).status_code == 409
    )
    dealt = client.post(f"/api/tables/{table_id}/hands")
    assert dealt.status_code == 201
    deal = client.get(f"/api/tables/{table_id}/export").json()["deals"][0]
    assert deal["meta"]["cards_not_shown"] is True


def test_cards_are_entered_at_the_showdown_only_and_once(client):
    hand_id = new_table(client)["current"]["hand"]["id"]
    call(client, hand_id, 1, "mus")
    early = client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
    assert early.status_code == 409
    assert "at the showdown" in early.json()["detail"]
    client.delete(f"/api/hands/{hand_id}/calls/last")
    play_to_showdown(client, hand_id)
    assert (
        client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS}).status_code == 200
    )
    again = client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
    assert again.status_code == 409
    assert client.post(f"/api/hands/{hand_id}/not-shown").status_code == 409


def test_cards_missing_at_the_showdown_are_named_seat_by_seat(client):
    hand_id = new_table(client)["current"]["hand"]["id"]
    play_to_showdown(client, hand_id)
    hands = {"1": EXAMPLE_HANDS["1"], "2": [], "3": EXAMPLE_HANDS["3"][:1], "4": []}
    refused = client.put(f"/api/hands/{hand_id}/shown", json={"hands": hands})
    assert refused.status_code == 422
    assert refused.json()["detail"] == (
        "body.hands: seat 2: 4 cards needed, 0 entered; seat 3: 4 cards needed, 1 entered; "
        "seat 4: 4 cards needed, 0 entered"
    )
    five = {**EXAMPLE_HANDS, "1": [*EXAMPLE_HANDS["1"], "4"]}
    too_many = client.put(f"/api/hands/{hand_id}/shown", json={"hands": five})
    assert "seat 1: 4 cards needed, 5 entered" in too_many.json()["detail"]
    assert client.get(f"/api/hands/{hand_id}").json()["view"]["phase"] == "showdown"


# -- reviews ---------------------------------------------------------------------------------


def test_reviews_count_in_the_report_and_travel_in_the_export(client):
    table_id = new_table(client)["table"]["id"]
    hand_id = client.get(f"/api/tables/{table_id}").json()["current"]["hand"]["id"]
    play_to_showdown(client, hand_id)  # seat 3's legal dos reyes, entered by the referee
    sena = camera_sena(client, seat=2, start_ms=9000)  # a late one from the camera
    client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})

    def counted():
        report = client.get(f"/api/tables/{table_id}/report").json()
        return report["games"][0]["senas"], report["hands"][0]["set_aside"]

    by_seat, aside = counted()
    assert by_seat["3"]["legal"] == 1 and by_seat["2"]["late"] == 1 and aside == []
    legal = f"/api/hands/{hand_id}/senas/2/review"
    assert client.post(legal, json={"action": "overruled", "note": "se rascaba"}).status_code == 200
    by_seat, aside = counted()
    assert by_seat["3"]["legal"] == 0
    assert [s["seat"] for s in aside] == [3]
    # re-reviewed: the last review stands, and the seña counts again
    client.post(legal, json={"action": "acknowledged"})
    assert counted()[0]["3"]["legal"] == 1
    removed = client.post(
        f"/api/hands/{hand_id}/senas/{sena['calls'][0]}/remove", json={"note": "misread"}
    ).json()
    late = next(s for s in removed["senas"] if s["seat"] == 2)
    assert late["removed"] == {"note": "misread"} and late["origin"] == "camera"
    assert counted()[0]["2"]["late"] == 0
    meta = client.get(f"/api/tables/{table_id}/export").json()["deals"][0]["meta"]
    assert meta["removed"] == [{"call": sena["calls"][0], "note": "misread"}]
    assert meta["reviews"] == [{"call": 2, "action": "acknowledged", "note": ""}]
    assert meta["senas_by_referee"] == [2]
    client.post(f"/api/hands/{hand_id}/senas/{sena['calls'][0]}/restore")
    assert counted()[0]["2"]["late"] == 1
    assert client.post(f"/api/hands/{hand_id}/senas/0/remove", json={}).status_code == 404


# -- tables ----------------------------------------------------------------------------------


def test_the_last_active_table_is_the_one_restored_at_start(settings):
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        first = new_table(client, name="Uno")["table"]["id"]
        new_table(client, name="Dos")
        assert client.post(f"/api/tables/{first}/activate").status_code == 200
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        assert client.get("/api/tables/active").json()["table"]["name"] == "Uno"
        assert client.get("/api/tables").json()["active"] == first


# -- bad input -------------------------------------------------------------------------------


def test_ids_and_times_beyond_64_bits_are_refused_not_crashed(client):
    hand_id = new_table(client)["current"]["hand"]["id"]
    for method, path in [
        ("GET", f"/api/hands/{BIG}"),
        ("GET", f"/api/tables/{BIG}"),
        ("GET", f"/api/tables/{BIG}/report"),
        ("DELETE", f"/api/hands/{BIG}/calls/last"),
        ("POST", f"/api/tables/{BIG}/activate"),
        ("GET", "/api/hands/0"),
        ("GET", "/api/hands/-1"),
    ]:
        response = client.request(method, path)
        assert response.status_code == 422, (path, response.text)
    review = client.post(f"/api/hands/{hand_id}/senas/{BIG}/review", json={"action": "overruled"})
    assert review.status_code == 422
    body = {"seat": 1, "text": "mus", "t_ms": BIG}
    response = client.post(f"/api/hands/{hand_id}/calls", json=body)
    assert response.status_code == 422 and "t_ms" in response.json()["detail"]
    assert (
        client.post(f"/api/hands/{hand_id}/calls", json=body | {"t_ms": BIG - 1}).status_code == 200
    )


def test_a_seat_is_a_whole_number_not_a_bool_or_a_text(client):
    hand_id = new_table(client)["current"]["hand"]["id"]
    for seat in (True, "1", 1.0, None):
        response = client.post(f"/api/hands/{hand_id}/calls", json={"seat": seat, "text": "mus"})
        assert response.status_code == 422, (seat, response.text)
    bad_table = {"seats": [dict(s, seat=str(s["seat"])) for s in SEATS]}
    assert client.post("/api/tables", json=bad_table).status_code == 422
    assert client.get(f"/api/hands/{hand_id}").json()["view"]["calls"] == []


def test_names_are_trimmed_and_printable(client):
    for name in (" ", "Ane\x00", "Ane\nBego", "\x07"):
        seats = [dict(SEATS[0], name=name), *SEATS[1:]]
        response = client.post("/api/tables", json={"seats": seats})
        assert response.status_code == 422, (name, response.text)
    assert new_table(client, name="  Txoko  ")["table"]["name"] == "Txoko"
    for player in ("%20", "%00", "A%0Ane"):
        assert client.get(f"/api/practice/players/{player}").status_code == 422, player
        assert client.get(f"/api/practice/players/{player}/progress").status_code == 422
    assert client.get("/api/practice/players/%20Ane%20").json()["name"] == "Ane"


def test_bets_stay_within_the_games_stakes(client):
    hand_id = new_table(client, target=30)["current"]["hand"]["id"]
    call(client, hand_id, 1, "no hay mus")
    for amount in ("31", "99999999999999999999"):
        response = call(client, hand_id, 1, f"envido {amount}")
        assert response.status_code == 409, response.text
        assert "2 to 30 stones" in response.json()["detail"]
    assert call(client, hand_id, 1, "envido 30").status_code == 200
    for amount in ("31", "99999999999999999999"):
        response = call(client, hand_id, 2, f"sube {amount}")
        assert response.status_code == 409, response.text
        assert "a raise is of 2 to 30 stones" in response.json()["detail"]
    assert call(client, hand_id, 2, "sube 30").status_code == 200


@pytest.mark.video
def test_a_stream_of_a_camera_that_does_not_exist_answers_404(tmp_path, short_clip):
    settings = Settings(data_dir=tmp_path / "data", source=str(short_clip), loop=True)
    app = create_app(settings)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        response = client.get("/api/stream/cam9.mjpg")
        assert response.status_code == 404
        assert "cam1" in response.json()["detail"]
        assert "cam9" not in app.state.live.frames


def test_an_unwritable_exports_folder_is_a_clear_error(client, settings):
    table_id = new_table(client)["table"]["id"]
    (settings.data_dir / "exports").write_text("a file where the folder should be")
    response = client.post(f"/api/tables/{table_id}/export", json={"name": "noche"})
    assert response.status_code == 507
    assert "cannot write the export" in response.json()["detail"]


def test_replay_of_deeply_nested_json_is_one_line_of_error(tmp_path):
    record = tmp_path / "deep.json"
    record.write_text("[" * 100_000 + "]" * 100_000)
    result = subprocess.run([KEINU, "replay", str(record)], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "nests" in result.stderr


def test_the_api_pages_load_nothing_from_outside(client):
    for page in ("/docs", "/redoc"):
        html = client.get(page).text
        assert "cdn" not in html.lower() and "fonts.googleapis" not in html, page
        for asset in (
            ("swagger-ui-bundle.js", "swagger-ui.css")
            if page == "/docs"
            else ("redoc.standalone.js",)
        ):
            src = next(part for part in html.split('"') if part.endswith(asset))
            assert src.startswith("/"), src
            assert client.get(src).status_code == 200


# -- the websocket's refusals, as a browser sees them ------------------------------------------


@pytest.fixture
def served(tmp_path):
    """The app under a real uvicorn on a free port (a browser's websocket sees its handshake)."""
    settings = Settings(data_dir=tmp_path / "data", live=False, token="s3cret-token")
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


@pytest.mark.parametrize(
    ("headers", "code"),
    [({}, 4401), ({"Origin": "http://evil.example", "X-Keinu-Token": "s3cret-token"}, 4403)],
)
def test_a_refused_websocket_gets_its_documented_close_code(served, headers, code):
    with (
        pytest.raises(ConnectionClosed) as closed,
        connect(f"ws://{served}/api/live", additional_headers=headers, open_timeout=5) as ws,
    ):
        ws.recv(timeout=5)
    assert closed.value.rcvd.code == code
    with connect(f"ws://{served}/api/live?token=s3cret-token") as ws:
        assert json.loads(ws.recv(timeout=5))["type"] == "hello"


def test_the_exported_session_with_reviews_still_replays(client):
    table_id = new_table(client)["table"]["id"]
    hand_id = client.get(f"/api/tables/{table_id}").json()["current"]["hand"]["id"]
    play_to_showdown(client, hand_id)
    client.post(f"/api/hands/{hand_id}/senas/2/remove", json={"note": "no"})
    client.put(f"/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
    assert replay_summary(client.get(f"/api/tables/{table_id}/export").json())["score"] == {
        "1-3": 10,
        "2-4": 10,
    }
