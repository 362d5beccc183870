"""A player's name is held to one rule wherever one is taken (api/player_names.py): the practice
routes (in the URL and in a drill's body), a table's seats, a tournament's teams and
`keinu calibrate --player`. A "/" or "\\" or a name of dots alone is refused with its reason, not
"Not Found" or a drill recorded under a name nobody can look up; the names people use work."""

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.cli import main
from api.commands.calibrate import player_path
from api.player_names import PlayerNameError, kept_player_name, player_name
from api.settings import Settings

WHY = "a player's name cannot contain / or \\, nor be only dots"
#: As a page puts them in a URL (encodeURIComponent): "/" and "\" escaped, dots as they are.
BAD_IN_URL = {"a/b": "a%2Fb", "..": "%2E%2E", ".": "%2E", "a\\b": "a%5Cb", "a/": "a%2F"}
GOOD = ["Ane", "Miren D'Arcy", "Ana-Belén Núñez", "J. Etxeberria", "Iñaki", "Jo..."]


@pytest.mark.parametrize("name", GOOD)
def test_the_names_people_use_are_names(name):
    assert player_name(f"  {name} ") == name


@pytest.mark.parametrize("name", [*BAD_IN_URL, "...", "a" * 41, "", "  ", "a\nb"])
def test_a_name_that_would_split_an_address_or_a_path_is_refused(name):
    with pytest.raises(PlayerNameError):
        player_name(name)


@pytest.mark.parametrize("label", ["Asiento 1", "asiento 12", "SEAT 3", "Seat  4", "Asiento3"])
def test_a_seats_label_names_a_seat_but_keeps_no_player(label):
    assert player_name(label) == label  # a table's seat may be left so
    with pytest.raises(PlayerNameError) as refused:
        kept_player_name(label)
    assert refused.value.code == "name_is_seat"


@pytest.mark.parametrize("name", [*GOOD, "Asier", "Seaton 3", "Asiento", "3 Asiento"])
def test_a_player_whose_name_merely_looks_like_a_seat_is_kept(name):
    assert kept_player_name(name) == name


@pytest.fixture
def client(tmp_path):
    settings = Settings(data_dir=tmp_path / "data", live=False, desk=True)
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        yield client


def refused_for_the_name(response) -> bool:
    return response.status_code == 422 and WHY in response.json()["detail"]


@pytest.mark.parametrize("name", BAD_IN_URL)
def test_every_practice_route_refuses_such_a_name_saying_why(client, name):
    url = f"/api/practice/players/{BAD_IN_URL[name]}"
    calls = [
        client.get(url),
        client.get(f"{url}/progress"),
        client.put(f"{url}/sensitivities", json={"sensitivities": {"wink": 1.5}}),
        client.post(f"{url}/calibrate"),
        client.post(f"{url}/enrol", json={"kind": "wink"}),
        client.post("/api/practice/drills", json={"player": name}),
    ]
    assert [refused_for_the_name(r) for r in calls] == [True] * len(calls), [r.text for r in calls]
    # nothing was started, nor recorded under it
    assert client.app.state.practice.drill is None
    assert client.get("/api/practice/players").json()["players"] == []


def test_no_practice_route_keeps_anything_under_a_seats_label(client):
    """The live page's tiles label a seat they know no player of "Asiento 2": what is learnt,
    calibrated or practised there is never kept under that label."""
    url = "/api/practice/players/Asiento%202"
    calls = [
        client.put(f"{url}/sensitivities", json={"sensitivities": {"wink": 1.5}}),
        client.post(f"{url}/calibrate?seat=2"),
        client.post(f"{url}/enrol?seat=2", json={"kind": "wink"}),
        client.post("/api/practice/drills", json={"player": "Asiento 2"}),
    ]
    codes = [[(f["field"], f["code"]) for f in r.json()["errors"]] for r in calls]
    assert codes == [[(["player"], "name_is_seat")]] * len(calls), [r.text for r in calls]
    assert client.app.state.practice.drill is None
    assert client.get("/api/practice/players").json()["players"] == []
    assert client.get(url).status_code == 200  # looking one up keeps nothing either


@pytest.mark.parametrize("name", GOOD)
def test_every_practice_route_takes_the_names_people_use(client, name):
    from urllib.parse import quote

    url = f"/api/practice/players/{quote(name, safe='')}"
    saved = client.put(f"{url}/sensitivities", json={"sensitivities": {"wink": 1.5}})
    assert saved.status_code == 200 and saved.json()["name"] == name
    assert client.get(url).json()["sensitivities"] == {"wink": 1.5}
    drill = client.post("/api/practice/drills", json={"player": name, "target": "juego_31"})
    assert drill.status_code == 201 and drill.json()["player"] == name
    client.post("/api/practice/drills/current/finish")
    assert client.get(f"{url}/progress").json()["sessions"][0]["senas"]["juego_31"]
    assert client.get("/api/practice/players").json()["players"] == [name]


def test_a_seats_player_and_a_teams_players_are_held_to_it(client):
    seats = [{"seat": n, "name": "Ane" if n > 1 else "a/b"} for n in range(1, 5)]
    assert refused_for_the_name(client.post("/api/tables", json={"seats": seats}))
    seats[0]["name"] = "Miren D'Arcy"
    assert client.post("/api/tables", json={"seats": seats}).status_code == 201
    created = client.post("/api/desk/tournaments", json={"name": "Open"})
    teams = f"/api/desk/tournaments/{created.json()['tournament']['id']}/teams"
    assert refused_for_the_name(client.post(teams, json={"name": "P", "players": ["..", "b"]}))
    assert client.post(
        teams, json={"name": "P", "players": ["J. Etxeberria", "b"]}
    ).status_code == (201)


def test_keinu_calibrate_takes_the_same_names(tmp_path, monkeypatch, capsys):
    assert player_path("Miren D'Arcy", tmp_path) == tmp_path / "players" / "miren d'arcy.json"
    monkeypatch.setenv("KEINU_DATA_DIR", str(tmp_path / "data"))
    assert main(["calibrate", "--player", ".."]) == 2
    err = capsys.readouterr().err
    assert f"player name '..': {WHY}" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("method", "action"),
    [("get", "calibrate"), ("get", "enrol"), ("get", "sensitivities"), ("post", "progress")],
)
def test_an_action_asked_with_the_wrong_method_is_405_not_a_bad_name(client, method, action):
    response = client.request(method.upper(), f"/api/practice/players/Ane/{action}")
    assert response.status_code == 405, response.text
