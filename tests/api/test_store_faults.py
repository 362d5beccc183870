"""PostgreSQL stopped under a running store: writes refused with a clear message (never a call
accepted that is not stored), the dashboard told, and everything back once it returns."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.db.errors import StoreUnavailable
from api.settings import Settings
from api.store import SeatRow, Store
from tests.api.table_examples import SEATS


def wait_until(condition, within: float = 10.0) -> None:
    deadline = time.monotonic() + within
    while not condition():
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.05)


def make_table(store: Store, name: str):
    return store.create_table(
        name=name, profile="standard", target=40, reyes=8, first_mano=1, seats=[SeatRow(1, "A")]
    )


def test_a_store_refuses_writes_while_postgresql_is_down_and_recovers_by_itself(postgres):
    store = Store(postgres.new_database())
    make_table(store, "before")
    postgres.stop()
    try:
        with pytest.raises(StoreUnavailable, match=r"cannot be reached.*nothing was stored"):
            make_table(store, "during")
        with pytest.raises(StoreUnavailable):
            store.list_tables()
    finally:
        postgres.start_again()
    make_table(store, "after")
    assert [t.name for t in store.list_tables()] == ["before", "after"]
    store.close()


def test_the_dashboard_answers_503_says_why_and_recovers_when_postgresql_is_back(
    postgres, tmp_path
):
    settings = Settings(data_dir=tmp_path / "data", db=postgres.new_database(), live=False)
    body = {"name": "Mesa", "profile": "standard", "target": 40, "mano": 1, "seats": SEATS}
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        table = client.post("/api/tables", json=body).json()
        hand_id = table["current"]["hand"]["id"]
        peers = client.app.state.peers
        postgres.stop()
        try:
            response = client.post(f"/api/hands/{hand_id}/calls", json={"seat": 1, "text": "mus"})
            assert response.status_code == 503
            assert "cannot be reached" in response.json()["detail"]
            wait_until(lambda: peers.notice is not None)
            assert "calls are refused until it is back" in peers.notice
            with client.websocket_connect("ws://127.0.0.1/api/live") as ws:  # opened meanwhile
                hello = ws.receive_json()
            assert hello["type"] == "hello" and hello["data"]["table"] is None
            assert "cannot be reached" in hello["data"]["notice"]
        finally:
            postgres.start_again()
        wait_until(lambda: peers.notice is None)
        response = client.post(f"/api/hands/{hand_id}/calls", json={"seat": 1, "text": "mus"})
        assert response.status_code == 200, response.text
        calls = client.get(f"/api/hands/{hand_id}").json()["view"]["calls"]
        assert calls == [[1, "mus"]]  # the refused call was never stored, the later one once
