"""Hypothesis sends every POST and PUT route bodies that are valid, nearly valid (one field
replaced by any JSON value, or one field too many) and anything at all: never a 500."""

import json

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.app import create_app
from api.settings import Settings
from tests.api.table_examples import EXAMPLE_HANDS, SEATS

#: A valid body of each route that takes one: the fuzzing starts from these.
VALID = {
    "/api/tables": {"name": "Txoko", "seats": SEATS},
    "/api/hands/{hand_id}/calls": {"seat": 1, "text": "mus", "t_ms": 10},
    "/api/hands/{hand_id}/shown": {"hands": EXAMPLE_HANDS},
    "/api/hands/{hand_id}/shown/correction": {
        "hands": EXAMPLE_HANDS,
        "referee": "Maite",
        "note": "x",
    },
    "/api/hands/{hand_id}/senas/{call_idx}/review": {"action": "overruled", "note": "x"},
    "/api/hands/{hand_id}/senas/{call_idx}/remove": {"note": "x"},
    "/api/tables/{table_id}/export": {"name": "noche"},
    "/api/practice/players/{player}/sensitivities": {"sensitivities": {"wink": 1.5}},
    "/api/practice/drills": {"player": "Ane", "seat": 2, "take_seat": True},
    "/api/practice/players/{player}/enrol": {"kind": "wink", "seconds": 2.0},
    "/api/live/seats/{seat}/player": {"name": "Ane"},
    "/api/tables/{table_id}/seats/{seat}": {"name": "Ane"},
    "/api/tables/{table_id}/recording": {"on": False},
    "/api/tables/{table_id}/games/{game}/acta": {"referee": "Miren", "notes": "", "sanctions": []},
    "/api/review/{name}/clip": {"start_ms": 0, "end_ms": 1000},
    "/api/review/{name}/senas/{index}/review": {"action": "overruled", "note": "x"},
}
PATH_VALUES = {
    "hand_id": "1", "table_id": "1", "call_idx": "0", "player": "Ane", "game": "1",
    "name": "table-1", "index": "0", "seat": "1",
}  # fmt: skip

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=50),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def body_routes(app) -> list[tuple[str, str]]:
    """Every (method, path) whose OpenAPI operation takes a request body."""
    return sorted(
        (method.upper(), path)
        for path, operations in app.openapi()["paths"].items()
        for method, operation in operations.items()
        if method in ("post", "put") and "requestBody" in operation
    )


@st.composite
def bodies(draw, valid: dict):
    kind = draw(st.sampled_from(["valid", "one field", "extra field", "anything"]))
    if kind == "anything":
        return draw(json_values)
    body = dict(valid)
    if kind == "one field":
        body[draw(st.sampled_from(sorted(body)))] = draw(json_values)
    elif kind == "extra field":
        body[draw(st.text(min_size=1, max_size=8))] = draw(json_values)
    return body


def fuzz_bodies(
    client: TestClient,
    routes: list[tuple[str, str]],
    valid: dict,
    path_values: dict[str, str],
    examples: int,
) -> None:
    """Send ``examples`` bodies drawn around each route's valid one: never a 500, and every
    refusal says why (``detail``)."""

    @settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(data=st.data())
    def fuzz(data):
        method, path = data.draw(st.sampled_from(routes))
        body = data.draw(bodies(valid[path]))
        url = path.format(**path_values)
        response = client.request(
            method, url, content=json.dumps(body), headers={"content-type": "application/json"}
        )
        assert response.status_code < 500, (method, url, body, response.text)
        assert "detail" in response.json() or response.status_code < 300

    fuzz()


def test_every_body_route_has_a_valid_example(tmp_path):
    app = create_app(Settings(data_dir=tmp_path, live=False))
    assert {path for _, path in body_routes(app)} == set(VALID)


def test_no_body_of_any_post_or_put_route_is_a_server_error(tmp_path):
    app = create_app(Settings(data_dir=tmp_path, live=False))
    routes = body_routes(app)
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        assert client.post("/api/tables", json=VALID["/api/tables"]).status_code == 201
        client.post("/api/hands/1/calls", json={"seat": 3, "text": "sena wink left"})

        try:
            fuzz_bodies(client, routes, VALID, PATH_VALUES, examples=200)
        finally:
            client.delete("/api/practice/drills/current")
