"""The gate in front of every route: host, origin, token and body size."""

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from api.app import create_app
from api.settings import Settings


def test_health_answers_on_loopback(client):
    response = client.get("/api/health")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"
    assert response.json()["pipeline"] == {"state": "off"}


def test_openapi_page_is_served(client):
    assert client.get("/docs").status_code == 200
    schema = client.get("/openapi.json").json()
    assert "/api/health" in schema["paths"]
    assert {"HandState", "SenaOut", "TableIn", "CallIn"} <= set(schema["components"]["schemas"])


def test_a_foreign_host_name_is_refused_on_loopback(client):
    response = client.get("/api/health", headers={"host": "evil.example:8765"})
    assert response.status_code == 421


def test_cross_origin_writes_and_websockets_are_refused(client):
    response = client.post("/api/health", headers={"origin": "http://evil.example"}, json={})
    assert response.status_code == 403
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(
            "ws://127.0.0.1/api/live", headers={"origin": "http://evil.example"}
        ) as ws,
    ):
        ws.receive_text()  # accepted, then closed with the code
    assert refused.value.code == 4403


def test_no_cors_headers_are_ever_sent(client):
    response = client.get("/api/health", headers={"origin": "http://127.0.0.1"})
    assert not any(h.lower().startswith("access-control") for h in response.headers)


def test_oversized_bodies_are_refused(client):
    response = client.post(
        "/api/health", content=b"x" * 70_000, headers={"content-type": "application/json"}
    )
    assert response.status_code == 413


def test_listening_beyond_loopback_needs_a_token(tmp_path):
    with pytest.raises(ValueError, match="token"):
        create_app(Settings(data_dir=tmp_path, live=False, host="0.0.0.0"))


@pytest.fixture
def open_client(tmp_path):
    settings = Settings(data_dir=tmp_path, live=False, host="0.0.0.0", token="s3cret-token")
    with TestClient(create_app(settings), base_url="http://192.168.1.20:8765") as client:
        yield client


def test_every_request_and_websocket_needs_the_token(open_client):
    assert open_client.get("/api/health").status_code == 401
    assert open_client.get("/").status_code == 401
    assert open_client.get("/api/health?token=wrong").status_code == 401
    ok = open_client.get("/api/health", headers={"authorization": "Bearer s3cret-token"})
    assert ok.status_code == 200
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        open_client.websocket_connect("ws://192.168.1.20:8765/api/live") as ws,
    ):
        ws.receive_text()  # accepted, then closed with the code
    assert refused.value.code == 4401


def test_a_browser_opening_a_page_without_the_token_reads_what_to_do(open_client):
    page = open_client.get("/", headers={"accept": "text/html,application/xhtml+xml"})
    assert page.status_code == 401
    assert page.headers["content-type"].startswith("text/html")
    assert "a valid token is required" in page.text and "keinu serve" in page.text
    assert open_client.get("/api/health").json() == {"detail": "a valid token is required"}


def test_the_printed_address_sets_a_cookie_that_opens_the_rest(open_client):
    first = open_client.get("/?token=s3cret-token")
    assert first.status_code == 200
    assert "httponly" in first.headers["set-cookie"].lower()
    assert open_client.get("/api/health").status_code == 200
    cookie = f"keinu_token={open_client.cookies['keinu_token']}"
    with open_client.websocket_connect(
        "ws://192.168.1.20:8765/api/live", headers={"cookie": cookie}
    ) as ws:
        assert ws.receive_json()["type"] == "hello"
