"""Two real `keinu serve --db postgresql://…` processes on one database: what one writes, the
other's websocket and pages show within a second (PostgreSQL's LISTEN/NOTIFY)."""

from __future__ import annotations

import json
import time

import httpx
import pytest
from websockets.sync.client import connect

from tests.api.table_examples import SEATS
from tests.keinu_server import KeinuServer

WITHIN_S = 1.0


@pytest.fixture
def two_servers(postgres, tmp_path):
    url = postgres.new_database()
    servers = []
    try:
        for name in ("a", "b"):
            servers.append(
                KeinuServer("--no-live", "--db", url, "--data-dir", str(tmp_path / name))
            )
        yield servers
    finally:
        for server in servers:
            server.stop()


def next_message(ws, wanted, within: float = WITHIN_S) -> tuple[dict, float]:
    """The first websocket message that ``wanted`` accepts, and how long it took to come."""
    started = time.monotonic()
    deadline = started + within
    while (left := deadline - time.monotonic()) > 0:
        try:
            message = json.loads(ws.recv(timeout=left))
        except TimeoutError:
            break
        if wanted(message):
            return message, time.monotonic() - started
    raise AssertionError(f"no such message within {within} s")


def test_a_table_and_its_calls_made_on_one_server_appear_on_the_other(two_servers):
    a, b = two_servers
    with (
        connect(f"ws://127.0.0.1:{b.port}/api/live") as on_b,
        connect(f"ws://127.0.0.1:{a.port}/api/live") as on_a,
    ):
        assert json.loads(on_b.recv(timeout=5))["type"] == "hello"
        assert json.loads(on_a.recv(timeout=5))["type"] == "hello"
        table = httpx.post(f"{a.url}/api/tables", json={"name": "Mesa 3", "seats": SEATS}).json()
        table_id = table["table"]["id"]
        hand_id = table["current"]["hand"]["id"]
        message, _ = next_message(
            on_b, lambda m: m["type"] == "table" and m["data"]["table"]["id"] == table_id
        )
        assert message["data"]["table"]["name"] == "Mesa 3"
        assert message["data"]["active"] is False  # b's own cameras keep to b's own table
        listed = httpx.get(f"{b.url}/api/tables").json()["tables"]
        assert [t["name"] for t in listed] == ["Mesa 3"]

        assert httpx.post(f"{a.url}/api/hands/{hand_id}/calls", json={"seat": 1, "text": "mus"})
        message, _ = next_message(
            on_b, lambda m: m["type"] == "call" and m["data"]["hand_id"] == hand_id
        )
        assert [c[1] for c in message["data"]["state"]["view"]["calls"]] == ["mus"]

        # b follows on from a's call (its rebuilt hand was dropped), and a sees b's call
        response = httpx.post(
            f"{b.url}/api/hands/{hand_id}/calls", json={"seat": 2, "text": "no hay mus"}
        )
        assert response.status_code == 200, response.text
        message, _ = next_message(  # a's own "mus" message came first
            on_a, lambda m: m["type"] == "call" and len(m["data"]["state"]["view"]["calls"]) == 2
        )
        assert [c[1] for c in message["data"]["state"]["view"]["calls"]] == ["mus", "no hay mus"]
        shown_on_a = httpx.get(f"{a.url}/api/hands/{hand_id}").json()
        assert [c[1] for c in shown_on_a["view"]["calls"]] == ["mus", "no hay mus"]


def test_keinu_db_names_the_database_and_a_wrong_or_unreachable_one_is_one_line(
    monkeypatch, capsys, tmp_path
):
    from api.cli import main
    from api.settings import Settings

    monkeypatch.setenv("KEINU_DB", "postgresql://keinu@127.0.0.1:1/club")
    assert Settings().store_location == "postgresql://keinu@127.0.0.1:1/club"
    for db, said in [
        ("mysql://x/y", "give a postgresql://"),
        ("postgresql://keinu:secret@127.0.0.1:1/club", "cannot be reached"),
    ]:
        argv = ["serve", "--no-live", "--db", db, "--data-dir", str(tmp_path)]
        assert main([*argv, "--port", "0"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and said in err and "Traceback" not in err, err
        assert "secret" not in err


def test_keinu_db_check_reads_a_postgresql_database(postgres, capsys):
    from api.cli import main
    from api.db.migrations import LATEST
    from api.store import SeatRow, Store

    url = postgres.new_database()
    assert main(["db", "check", "--db", url]) == 0
    assert f"{url}: reachable, schema version 0, 0 table(s)" in capsys.readouterr().out
    store = Store(url)
    store.create_table(
        name="T", profile="standard", target=40, reyes=8, first_mano=1, seats=[SeatRow(1, "A")]
    )
    store.close()
    assert main(["db", "check", "--db", url]) == 0
    assert f"schema version {LATEST}, 1 table(s)" in capsys.readouterr().out


def test_an_acta_signed_on_one_server_reaches_the_page_following_it_on_the_other(two_servers):
    a, b = two_servers
    table = httpx.post(f"{a.url}/api/tables", json={"name": "Mesa 5", "seats": SEATS}).json()
    table_id = table["table"]["id"]
    assert httpx.post(f"{b.url}/api/tables/{table_id}/activate").status_code == 200
    with connect(f"ws://127.0.0.1:{b.port}/api/live") as on_b:
        assert json.loads(on_b.recv(timeout=5))["type"] == "hello"
        signed = httpx.post(
            f"{a.url}/api/tables/{table_id}/games/1/acta",
            json={"referee": "Maite", "unfinished": True},
        )
        assert signed.status_code == 201, signed.text
        message, _ = next_message(
            on_b,
            lambda m: (
                m["type"] == "table"
                and m["data"]["table"]["id"] == table_id
                and m["data"]["current"]["acta_signed"] is not None
            ),
        )
    assert message["data"]["active"] is True  # b's referee page shows this table: it follows
    assert message["data"]["current"]["acta_signed"]["referee"] == "Maite"
