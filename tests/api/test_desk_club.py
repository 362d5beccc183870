"""The desk on one `keinu serve --desk`, a table's game refereed on another server of the same
PostgreSQL database: the board's result is written by the table's server the moment the game
ends, and the desk's websocket says so within a second (LISTEN/NOTIFY)."""

import json

import httpx
from websockets.sync.client import connect

from tests.api.desk_helpers import pairs, play_ordago
from tests.api.test_club_servers import WITHIN_S, next_message
from tests.keinu_server import KeinuServer


def test_a_game_ended_on_another_server_reaches_the_desk(postgres, tmp_path):
    url = postgres.new_database()
    desk = KeinuServer("--no-live", "--desk", "--db", url, "--data-dir", str(tmp_path / "desk"))
    try:
        table_server = KeinuServer("--no-live", "--db", url, "--data-dir", str(tmp_path / "t"))
        try:
            assert httpx.get(f"{table_server.url}/desk").status_code == 404
            base = f"{desk.url}/api/desk/tournaments"
            tid = httpx.post(base, json={"name": "Liga"}).json()["tournament"]["id"]
            for team in pairs(2):
                assert httpx.post(f"{base}/{tid}/teams", json=team).status_code == 201
            assert httpx.post(f"{base}/{tid}/rounds").status_code == 201
            state = httpx.post(f"{base}/{tid}/rounds/1/tables").json()
            board = state["rounds"][0]["boards"][0]
            with connect(f"ws://127.0.0.1:{desk.port}/api/live") as on_desk:
                assert json.loads(on_desk.recv(timeout=5))["type"] == "hello"
                with httpx.Client(base_url=table_server.url) as tables:
                    play_ordago(tables, board["table"]["id"], team_a_wins=True)
                _, took = next_message(
                    on_desk,
                    lambda m: m["type"] == "tournament" and m["data"]["tournament_id"] == tid,
                )
            assert took < WITHIN_S
            result = httpx.get(f"{base}/{tid}").json()["rounds"][0]["boards"][0]["result"]
            assert (result["winner"], result["source"], result["stones_a"]) == ("a", "table", 40)
        finally:
            table_server.stop()
    finally:
        desk.stop()
