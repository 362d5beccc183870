"""Hypothesis sends every POST and PUT route of the desk bodies that are valid, nearly valid
and anything at all (as ``test_fuzz_bodies`` does for the rest of the API): never a 500."""

from fastapi.testclient import TestClient

from api.app import create_app
from api.settings import Settings
from tests.api.test_fuzz_bodies import VALID as OTHER_ROUTES
from tests.api.test_fuzz_bodies import body_routes, fuzz_bodies

VALID = {
    "/api/desk/tournaments": {"name": "Liga", "settings": {"rounds": 3, "bye": {"stones_won": 30}}},
    "/api/desk/tournaments/{tournament_id}/teams": {"name": "P", "players": ["a", "b"]},
    "/api/desk/tournaments/{tournament_id}/boards/{board_id}/arrivals": {
        "team_id": 1, "minutes_late": 3.5
    },
    "/api/desk/tournaments/{tournament_id}/boards/{board_id}/result": {
        "winner": "a", "stones_a": 40, "stones_b": 3, "reason": "acta"
    },
}  # fmt: skip
PATH_VALUES = {"tournament_id": "1", "board_id": "1", "team_id": "1", "number": "1"}


def desk_body_routes(app) -> list[tuple[str, str]]:
    return [(m, p) for m, p in body_routes(app) if p not in OTHER_ROUTES]


def test_every_desk_body_route_has_a_valid_example(tmp_path):
    app = create_app(Settings(data_dir=tmp_path, live=False, desk=True))
    assert {path for _, path in desk_body_routes(app)} == set(VALID)


def test_no_body_of_a_desk_route_is_a_server_error(tmp_path):
    app = create_app(Settings(data_dir=tmp_path, live=False, desk=True))
    routes = desk_body_routes(app)
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        assert client.post("/api/desk/tournaments", json={"name": "Open"}).status_code == 201
        for name, players in (("P1", ["a", "b"]), ("P2", ["c", "d"])):  # a player plays once
            team = {"name": name, "players": players}
            assert client.post("/api/desk/tournaments/1/teams", json=team).status_code == 201
        assert client.post("/api/desk/tournaments/1/rounds").status_code == 201
        assert client.post("/api/desk/tournaments/1/rounds/1/start").status_code == 200

        fuzz_bodies(client, routes, VALID, PATH_VALUES, examples=150)
