"""Who sits at a seat, as a live tile names them: the active table's player there when the table
calls the seat by its label, never over another player the table names; with no table, the
seat's own name, which every page that connects reads in its hello."""

from fastapi.testclient import TestClient

from api.app import create_app
from api.settings import Settings
from tests.api.polling import wait_for
from tests.api.table_examples import SEATS

WS = "ws://127.0.0.1/api/live"
LABELLED = [{"seat": s, "name": f"Asiento {s}"} for s in (1, 2, 3, 4)]


def name_seat(client: TestClient, seat: int, name: str):
    return client.put(f"/api/live/seats/{seat}/player", json={"name": name})


def seat_names(client: TestClient) -> dict[int, str]:
    table = client.get("/api/tables/active").json()["table"]
    return {s["seat"]: s["name"] for s in table["seats"]}


def hello(client: TestClient) -> dict:
    with client.websocket_connect(WS) as ws:
        return ws.receive_json()["data"]


def test_without_a_table_the_name_given_is_kept_for_the_seat_and_told_to_every_page(client):
    with client.websocket_connect(WS) as ws:
        ws.receive_json()  # hello
        assert wait_for(lambda: client.app.state.hub.client_count == 1)
        answer = name_seat(client, 2, "  Bego ")
        assert answer.status_code == 200
        assert answer.json() == {"seat": 2, "name": "Bego", "table_id": None}
        message = ws.receive_json()
    assert message["type"] == "players"
    assert message["data"] == {"players": {"2": "Bego"}}
    assert name_seat(client, 2, "Begoña").status_code == 200  # the seat's own: it may change
    assert hello(client)["players"] == {"2": "Begoña"}  # a reload, another tab


def test_a_table_that_calls_the_seat_by_its_label_takes_the_name(tmp_path):
    settings = Settings(data_dir=tmp_path / "data", live=False)
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        client.post("/api/tables", json={"seats": LABELLED}).raise_for_status()
        with client.websocket_connect(WS) as ws:
            ws.receive_json()
            assert wait_for(lambda: client.app.state.hub.client_count == 1)
            answer = name_seat(client, 3, "Koldo").json()
            message = ws.receive_json()
        assert answer["table_id"] == message["data"]["table"]["id"]
        assert message["type"] == "table"
        assert seat_names(client)[3] == "Koldo"
        assert hello(client)["players"] == {}  # the table holds it, nothing else
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        assert seat_names(client) == {1: "Asiento 1", 2: "Asiento 2", 3: "Koldo", 4: "Asiento 4"}


def test_a_table_that_names_another_player_there_is_not_overwritten(client):
    client.post("/api/tables", json={"seats": SEATS}).raise_for_status()
    refused = name_seat(client, 2, "Ane")
    assert refused.status_code == 409
    assert refused.json()["code"] == "seat_named"
    assert refused.json()["params"] == {"seat": 2, "name": "Bego", "table": "Mesa"}
    assert seat_names(client)[2] == "Bego"
    same = name_seat(client, 2, "BEGO")  # the same player, said otherwise
    assert same.status_code == 200
    assert same.json()["name"] == "Bego"
    assert seat_names(client)[2] == "Bego"


def test_a_seats_label_is_no_players_name(client):
    refused = name_seat(client, 2, "Seat 2")
    assert refused.status_code == 422
    assert refused.json()["errors"][0]["code"] == "name_is_seat"
    assert hello(client)["players"] == {}
