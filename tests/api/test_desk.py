"""The tournament desk's API over the real app (SQLite here; test_desk_on_postgresql runs every
test again on PostgreSQL): registration, draws with byes and withdrawals, tables made for the
boards, results from the tables' own games, lateness, overrides, standings and exports."""

import csv
import io

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.referee import NotFound, StateError
from api.settings import Settings
from engine.errors import Coded, Refusal
from tests.api.desk_helpers import A_WINS, B_WINS, pairs, play_ordago

BASE = "/api/desk/tournaments"


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(data_dir=tmp_path / "data", live=False, desk=True)


@pytest.fixture
def desk(settings):
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        yield client


def new_tournament(desk, teams: int = 8, **settings) -> dict:
    created = desk.post(BASE, json={"name": "Open de Mus", "settings": settings})
    assert created.status_code == 201, created.text
    tid = created.json()["tournament"]["id"]
    for team in pairs(teams):
        assert desk.post(f"{BASE}/{tid}/teams", json=team).status_code == 201
    return desk.get(f"{BASE}/{tid}").json()


def draw(desk, tid: int) -> dict:
    response = desk.post(f"{BASE}/{tid}/rounds")
    assert response.status_code == 201, response.text
    return response.json()


def boards_of(state: dict, number: int) -> list[dict]:
    return state["rounds"][number - 1]["boards"]


def refused(response, status: int) -> tuple[str, dict]:
    """A refusal's code and params, its status checked."""
    assert response.status_code == status, response.text
    return response.json()["code"], response.json()["params"]


def finish_round_at_the_desk(desk, tid: int, state: dict, number: int) -> dict:
    for board in boards_of(state, number):
        if board["result"] is None:
            response = desk.put(
                f"{BASE}/{tid}/boards/{board['id']}/result",
                json={"winner": "a", "stones_a": 40, "stones_b": 12, "reason": "acta en papel"},
            )
            assert response.status_code == 200, response.text
            state = response.json()
    return state


def test_without_desk_the_routes_are_absent(tmp_path):
    plain = Settings(data_dir=tmp_path / "plain", live=False)
    with TestClient(create_app(plain), base_url="http://127.0.0.1") as client:
        assert client.get("/desk").status_code == 404
        assert client.get("/desk/screen").status_code == 404
        assert client.get(BASE).status_code == 404


def test_the_desk_pages_are_served(desk):
    assert "desk.js" in desk.get("/desk").text
    assert "screen.js" in desk.get("/desk/screen").text


def test_the_first_round_pairs_top_half_against_bottom_half(desk):
    state = new_tournament(desk)
    tid = state["tournament"]["id"]
    state = draw(desk, tid)
    names = [(b["team_a"]["name"], b["team_b"]["name"]) for b in boards_of(state, 1)]
    assert names == [(f"Pareja {i}", f"Pareja {i + 4}") for i in range(1, 5)]
    assert all(b["result"] is None for b in boards_of(state, 1))


def test_a_random_first_round_records_its_seed(desk):
    state = new_tournament(desk, first_round="random")
    state = draw(desk, state["tournament"]["id"])
    assert isinstance(state["rounds"][0]["random_seed"], int)


def test_tables_are_made_through_the_referee_and_a_game_end_fills_the_result(desk):
    state = new_tournament(desk)
    tid = state["tournament"]["id"]
    draw(desk, tid)
    state = desk.post(f"{BASE}/{tid}/rounds/1/tables").json()
    board = boards_of(state, 1)[0]
    table = desk.get(f"/api/tables/{board['table']['id']}").json()["table"]
    assert [s["name"] for s in table["seats"]] == ["J1a", "J5a", "J1b", "J5b"]
    assert table["name"] == board["table"]["name"]

    play_ordago(desk, board["table"]["id"], team_a_wins=False)
    state = desk.get(f"{BASE}/{tid}").json()
    result = boards_of(state, 1)[0]["result"]
    assert result == {
        "winner": "b", "stones_a": 0, "stones_b": 40, "source": "table", "reason": ""
    }  # fmt: skip
    top = state["standings"][0]
    assert (top["name"], top["won"], top["difference"]) == ("Pareja 5", 1, 40)
    # the acta of that table's game reads as for any table, and names the board and its teams
    acta = desk.get(f"/api/tables/{board['table']['id']}/games/1/acta")
    assert acta.status_code == 200 and acta.json()["acta"]["winner"] == "2-4"
    assert acta.json()["acta"]["board"] == {
        "tournament": "Open de Mus",
        "round": 1,
        "board": 1,
        "teams": {"1-3": "Pareja 1", "2-4": "Pareja 5"},
    }


def test_the_desk_overrides_a_tables_result_with_a_reason(desk):
    state = new_tournament(desk, teams=2)
    tid = state["tournament"]["id"]
    draw(desk, tid)
    state = desk.post(f"{BASE}/{tid}/rounds/1/tables").json()
    board = boards_of(state, 1)[0]
    play_ordago(desk, board["table"]["id"], team_a_wins=True)
    no_reason = desk.put(
        f"{BASE}/{tid}/boards/{board['id']}/result",
        json={"winner": "b", "stones_a": 10, "stones_b": 40, "reason": "  "},
    )
    assert no_reason.status_code == 422 and "reason" in no_reason.json()["detail"]
    # blank is a text too short, which the page words so ("escribe al menos un carácter")
    assert [(e["field"], e["code"]) for e in no_reason.json()["errors"]] == [
        (["reason"], "string_too_short")
    ]
    state = desk.put(
        f"{BASE}/{tid}/boards/{board['id']}/result",
        json={"winner": "b", "stones_a": 10, "stones_b": 40, "reason": "seña falsa probada"},
    ).json()
    assert boards_of(state, 1)[0]["result"]["source"] == "desk"
    assert state["standings"][0]["name"] == "Pareja 2"


def test_an_odd_field_gives_byes_and_nobody_a_second_before_all(desk):
    state = new_tournament(desk, teams=5, rounds=5)
    tid = state["tournament"]["id"]
    had_bye = []
    for number in range(1, 6):
        state = draw(desk, tid)
        bye = [b for b in boards_of(state, number) if b["team_b"] is None]
        assert len(bye) == 1 and bye[0]["result"]["source"] == "bye"
        assert bye[0]["result"]["stones_a"] == 40
        had_bye.append(bye[0]["team_a"]["name"])
        state = finish_round_at_the_desk(desk, tid, state, number)
    assert sorted(had_bye) == [f"Pareja {i}" for i in range(1, 6)]


def test_a_withdrawal_between_rounds_gives_the_even_field_a_bye(desk):
    state = new_tournament(desk)
    tid = state["tournament"]["id"]
    state = finish_round_at_the_desk(desk, tid, draw(desk, tid), 1)
    gone = state["teams"][2]["id"]
    state = desk.post(f"{BASE}/{tid}/teams/{gone}/withdraw").json()
    assert state["teams"][2]["withdrawn_round"] == 2
    state = draw(desk, tid)
    boards = boards_of(state, 2)
    assert len(boards) == 4 and sum(b["team_b"] is None for b in boards) == 1
    assert gone not in {b["team_a"]["id"] for b in boards} | {
        b["team_b"]["id"] for b in boards if b["team_b"]
    }
    again = desk.post(f"{BASE}/{tid}/teams/{gone}/withdraw")
    assert again.status_code == 409 and "already withdrawn" in again.json()["detail"]


def test_no_rematch_when_one_can_be_avoided(desk):
    state = new_tournament(desk, teams=4, rounds=3)
    tid = state["tournament"]["id"]
    met = set()
    for number in range(1, 4):
        state = draw(desk, tid)
        for b in boards_of(state, number):
            pair = frozenset((b["team_a"]["id"], b["team_b"]["id"]))
            assert pair not in met
            met.add(pair)
        state = finish_round_at_the_desk(desk, tid, state, number)
    assert len(met) == 6  # every pair of the four met once
    over = desk.post(f"{BASE}/{tid}/rounds")
    assert over.status_code == 409 and "all are drawn" in over.json()["detail"]


def test_a_round_is_drawn_only_once_the_last_has_every_result(desk):
    state = new_tournament(desk, teams=4)
    tid = state["tournament"]["id"]
    draw(desk, tid)
    refused = desk.post(f"{BASE}/{tid}/rounds")
    assert refused.status_code == 409 and "board(s) 1, 2" in refused.json()["detail"]


def test_lateness_follows_the_settings(desk):
    state = new_tournament(
        desk, teams=4, lateness={"courtesy_minutes": 10, "forfeit_minutes": 20, "stones": 3}
    )
    tid = state["tournament"]["id"]
    state = draw(desk, tid)
    first, second = boards_of(state, 1)
    early = desk.post(
        f"{BASE}/{tid}/boards/{first['id']}/arrivals", json={"team_id": first["team_a"]["id"]}
    )
    assert early.status_code == 409 and "start its clock" in early.json()["detail"]
    assert desk.post(f"{BASE}/{tid}/rounds/1/start").status_code == 200

    def arrive(board, side, minutes):
        response = desk.post(
            f"{BASE}/{tid}/boards/{board['id']}/arrivals",
            json={"team_id": board[side]["id"], "minutes_late": minutes},
        )
        assert response.status_code == 201, response.text
        return response.json()

    arrive(first, "team_a", 4)
    state = arrive(first, "team_b", 12)
    events = boards_of(state, 1)[0]["lateness"]
    assert [(e["sanction"], e["stones"]) for e in events] == [("none", 0), ("stones", 3)]
    late = next(r for r in state["standings"] if r["team_id"] == first["team_b"]["id"])
    assert (late["deducted"], late["difference"]) == (3, -3)

    state = arrive(second, "team_a", 25)
    result = boards_of(state, 1)[1]["result"]
    # the source says why, in each page's words: no English reason beside it
    assert (result["winner"], result["source"], result["stones_b"], result["reason"]) == (
        "b",
        "forfeit",
        40,
        "",
    )
    twice = desk.post(
        f"{BASE}/{tid}/boards/{second['id']}/arrivals",
        json={"team_id": second["team_a"]["id"], "minutes_late": 1},
    )
    assert twice.status_code == 409


def test_exports_list_every_board(desk):
    state = new_tournament(desk, teams=3)
    tid = state["tournament"]["id"]
    finish_round_at_the_desk(desk, tid, draw(desk, tid), 1)
    exported = desk.get(f"{BASE}/{tid}/export.csv")
    assert exported.headers["content-disposition"].startswith("attachment")
    rows = list(csv.DictReader(io.StringIO(exported.text)))
    assert [(r["team_a"], r["team_b"], r["winner"], r["source"]) for r in rows] == [
        ("Pareja 1", "Pareja 2", "Pareja 1", "desk"),
        ("Pareja 3", "(bye)", "Pareja 3", "bye"),
    ]
    as_json = desk.get(f"{BASE}/{tid}/export.json").json()
    assert [r["name"] for r in as_json["standings"]][:1] in (["Pareja 1"], ["Pareja 3"])
    assert as_json["tie_breaks"][0] == "games won"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"name": "X", "settings": {"rounds": 0}}, "rounds"),
        ({"name": "X", "settings": {"format": "league"}}, "format"),
        ({"name": "X", "settings": {"lateness": {"forfeit_minutes": 5}}}, "forfeit_minutes"),
        ({"name": "X", "settings": {"colour": "red"}}, "colour"),
        ({"name": ""}, "name"),
    ],
)
def test_bad_tournaments_are_refused_with_one_message(desk, body, message):
    response = desk.post(BASE, json=body)
    assert response.status_code == 422
    assert message in response.json()["detail"]


@pytest.mark.parametrize(
    ("changes", "field", "code", "params"),
    [
        ({"rounds": 0}, ["settings", "rounds"], "greater_than_equal", {"ge": 1, "input": 0}),
        (
            {"lateness": {"courtesy_minutes": 30, "forfeit_minutes": 20}},
            ["settings", "lateness"],
            "forfeit_before_courtesy",
            {"courtesy": 30, "forfeit": 20},
        ),
        (
            {"target": 30, "bye": {"stones_won": 25}},
            ["settings", "bye"],
            "score_not_a_game",
            {"target": 30, "won": 25, "lost": 0},
        ),
        (
            {"groups": {"size": 3, "advance": 3}},
            ["settings", "groups"],
            "advance_not_fewer",
            {"size": 3, "advance": 3},
        ),
    ],
)
def test_bad_settings_name_their_field_and_why_for_the_page(desk, changes, field, code, params):
    """As any malformed body's field (api/validation.py): the page words each failure with the
    field's label and its code's words (``invalid.<code>``), not the server's English."""
    response = desk.post(BASE, json={"name": "X", "settings": changes})
    assert response.status_code == 422, response.text
    body = response.json()
    assert (body["code"], body["params"]) == ("invalid_fields", {"fields": [".".join(field)]})
    [failure] = body["errors"]
    assert (failure["field"], failure["code"], failure["params"]) == (field, code, params)


def test_bad_teams_are_refused(desk):
    state = new_tournament(desk, teams=2)
    tid = state["tournament"]["id"]
    three = desk.post(f"{BASE}/{tid}/teams", json={"name": "Trío", "players": ["a", "b", "c"]})
    assert three.status_code == 409 and "2 players" in three.json()["detail"]
    same = desk.post(f"{BASE}/{tid}/teams", json={"name": "Pareja 1", "players": ["a", "b"]})
    assert same.status_code == 409 and "already registered" in same.json()["detail"]
    assert desk.get(f"{BASE}/999").status_code == 404
    draw(desk, tid)
    late = desk.post(f"{BASE}/{tid}/teams", json={"name": "Tarde", "players": ["a", "b"]})
    assert late.status_code == 409


def test_a_house_profile_of_no_senas_makes_no_table_of_the_tournament(tmp_path):
    """``keinu serve --desk --profile encaje``: a Mus table with Encaje's profile would judge
    every seña a cheat; the desk refuses, naming the profile, and makes no table."""
    encaje = Settings(data_dir=tmp_path / "data", live=False, desk=True, profile="encaje")
    with TestClient(create_app(encaje), base_url="http://127.0.0.1") as client:
        state = new_tournament(client, teams=2)
        tid = state["tournament"]["id"]
        draw(client, tid)
        response = client.post(f"{BASE}/{tid}/rounds/1/tables")
        assert refused(response, 409) == ("desk_profile_not_for_mus", {"profile": "encaje"})
        assert client.get("/api/tables").json()["tables"] == []


def test_a_club_profile_broken_since_the_start_is_named_not_quoted(tmp_path):
    """The club's file edited into one that does not read: the refusal names the profile (its
    English reason stays in ``detail``); once corrected, the tables are made."""
    club = tmp_path / "club.toml"
    good = 'extends = "standard"\n\n[senas]\n"shrug" = "punto_30"\n'
    club.write_text(good)
    settings = Settings(data_dir=tmp_path / "data", live=False, desk=True, profile=str(club))
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        tid = new_tournament(client, teams=2)["tournament"]["id"]
        draw(client, tid)
        club.write_text('extends = "standard"\n\n[senas]\n"lip_bite up" = "dos_reyes"\n')
        broken = client.post(f"{BASE}/{tid}/rounds/1/tables")
        assert refused(broken, 409) == ("desk_profile_unreadable", {"profile": str(club)})
        assert "lip_bite" in broken.json()["detail"]
        club.write_text(good)
        made = client.post(f"{BASE}/{tid}/rounds/1/tables")
        assert made.status_code == 200, made.text
        assert boards_of(made.json(), 1)[0]["table"] is not None


def test_teams_of_three_play_at_six_seat_tables_seated_alternately(desk):
    state = new_tournament(desk, teams=0, team_size=3)
    tid = state["tournament"]["id"]
    for i in range(1, 5):
        team = {"name": f"Equipo {i}", "players": [f"E{i}a", f"E{i}b", f"E{i}c"]}
        assert desk.post(f"{BASE}/{tid}/teams", json=team).status_code == 201
    draw(desk, tid)
    state = desk.post(f"{BASE}/{tid}/rounds/1/tables").json()
    board = boards_of(state, 1)[0]
    table = desk.get(f"/api/tables/{board['table']['id']}").json()["table"]
    assert table["players"] == 6
    a, b = board["team_a"]["name"][-1], board["team_b"]["name"][-1]
    seated = [f"E{a}a", f"E{b}a", f"E{a}b", f"E{b}b", f"E{a}c", f"E{b}c"]
    assert [s["name"] for s in table["seats"]] == seated
    acta = desk.get(f"/api/tables/{board['table']['id']}/games/1/acta").json()["acta"]
    teams = {"1-3-5": board["team_a"]["name"], "2-4-6": board["team_b"]["name"]}
    assert acta["board"]["teams"] == teams


def test_groups_then_knockout(desk):
    state = new_tournament(desk, teams=8, format="groups_knockout")
    tid = state["tournament"]["id"]
    for number in range(1, 4):  # groups of four: three rounds of round robin
        state = draw(desk, tid)
        assert state["rounds"][-1]["stage"] == "group"
        state = finish_round_at_the_desk(desk, tid, state, number)
    assert sorted({t["group"] for t in state["teams"]}) == [1, 2]
    state = draw(desk, tid)  # semi-finals: the best two of each group
    semis = boards_of(state, 4)
    assert state["rounds"][-1]["stage"] == "knockout" and len(semis) == 2
    group = {t["id"]: t["group"] for t in state["teams"]}
    assert all(group[b["team_a"]["id"]] != group[b["team_b"]["id"]] for b in semis)
    state = finish_round_at_the_desk(desk, tid, state, 4)
    state = draw(desk, tid)
    final = boards_of(state, 5)
    assert len(final) == 1
    assert final[0]["team_a"]["id"] == semis[0]["team_a"]["id"]
    state = finish_round_at_the_desk(desk, tid, state, 5)
    over = desk.post(f"{BASE}/{tid}/rounds")
    assert over.status_code == 409 and "over" in over.json()["detail"]


def test_the_tables_made_for_a_round_leave_the_active_table_as_it_was(desk):
    own = desk.post(
        "/api/tables",
        json={"name": "Mesa del bar", "seats": [{"seat": s, "name": f"S{s}"} for s in range(1, 5)]},
    ).json()["table"]["id"]
    state = new_tournament(desk, teams=4)
    tid = state["tournament"]["id"]
    draw(desk, tid)
    state = desk.post(f"{BASE}/{tid}/rounds/1/tables").json()
    assert len({b["table"]["id"] for b in boards_of(state, 1)}) == 2
    assert desk.get("/api/tables").json()["active"] == own


def test_no_arrival_once_a_board_has_its_result(desk):
    state = new_tournament(desk, teams=2)
    tid = state["tournament"]["id"]
    state = finish_round_at_the_desk(desk, tid, draw(desk, tid), 1)
    desk.post(f"{BASE}/{tid}/rounds/1/start")
    board = boards_of(state, 1)[0]
    late = desk.post(
        f"{BASE}/{tid}/boards/{board['id']}/arrivals",
        json={"team_id": board["team_b"]["id"], "minutes_late": 45},
    )
    assert late.status_code == 409 and "has its result" in late.json()["detail"]
    assert boards_of(desk.get(f"{BASE}/{tid}").json(), 1)[0]["result"]["source"] == "desk"


def test_both_teams_past_the_forfeit_limit_both_lose(desk):
    state = new_tournament(desk, teams=2)
    tid = state["tournament"]["id"]
    board = boards_of(draw(desk, tid), 1)[0]
    desk.post(f"{BASE}/{tid}/rounds/1/start")
    for side in ("team_a", "team_b"):
        response = desk.post(
            f"{BASE}/{tid}/boards/{board['id']}/arrivals",
            json={"team_id": board[side]["id"], "minutes_late": 31},
        )
        assert response.status_code == 201, response.text
    result = boards_of(response.json(), 1)[0]["result"]
    assert (result["winner"], result["source"]) == ("none", "forfeit")
    assert [r["lost"] for r in response.json()["standings"]] == [1, 1]


def put_result(desk, tid: int, board: dict, winner: str, a: int, b: int):
    return desk.put(
        f"{BASE}/{tid}/boards/{board['id']}/result",
        json={"winner": winner, "stones_a": a, "stones_b": b, "reason": "corregido"},
    )


def test_a_result_no_game_can_end_with_is_refused_saying_why(desk):
    state = new_tournament(desk, teams=2)
    tid = state["tournament"]["id"]
    board = boards_of(draw(desk, tid), 1)[0]
    for winner, a, b, code, team in [
        ("b", 40, 10, "result_winner_short", "Pareja 2"),  # the side with 10 cannot win
        ("a", 40, 40, "result_loser_reached", "Pareja 2"),
        ("a", 39, 12, "result_winner_short", "Pareja 1"),
        ("none", 40, 0, "result_none_reached", "Pareja 1"),
    ]:
        refused = put_result(desk, tid, board, winner, a, b)
        assert refused.status_code == 409, refused.text
        body = refused.json()
        assert (body["code"], body["params"]["team"], body["params"]["target"]) == (code, team, 40)
        assert team in body["detail"]
    assert boards_of(desk.get(f"{BASE}/{tid}").json(), 1)[0]["result"] is None
    assert put_result(desk, tid, board, "b", 38, 43).status_code == 200


def test_a_tables_own_result_is_one_the_desk_may_write_again(desk):
    """An órdago won scores the winner at the target, whatever it had: the desk's rule takes
    it as the table reported it."""
    state = new_tournament(desk, teams=2)
    tid = state["tournament"]["id"]
    draw(desk, tid)
    board = boards_of(desk.post(f"{BASE}/{tid}/rounds/1/tables").json(), 1)[0]
    play_ordago(desk, board["table"]["id"], team_a_wins=False)
    result = boards_of(desk.get(f"{BASE}/{tid}").json(), 1)[0]["result"]
    assert (result["winner"], result["stones_a"], result["stones_b"]) == ("b", 0, 40)
    again = put_result(desk, tid, board, result["winner"], result["stones_a"], result["stones_b"])
    assert again.status_code == 200, again.text


def test_a_game_to_30_is_won_at_30(desk):
    state = new_tournament(desk, teams=2, target=30)
    tid = state["tournament"]["id"]
    board = boards_of(draw(desk, tid), 1)[0]
    assert put_result(desk, tid, board, "a", 30, 29).status_code == 200
    loser_at_30 = put_result(desk, tid, board, "a", 40, 30)
    assert loser_at_30.status_code == 409 and loser_at_30.json()["params"]["target"] == 30


def test_a_player_is_registered_in_one_team_only(desk):
    state = new_tournament(desk, teams=0)
    tid = state["tournament"]["id"]
    team = {"name": "Los Reyes", "players": ["Ane", "Iker"]}
    assert desk.post(f"{BASE}/{tid}/teams", json=team).status_code == 201
    for players, code, params in [
        (["Ane", "Iker"], "player_registered", {"player": "Ane", "team": "Los Reyes"}),
        (["Jon", " IKER"], "player_registered", {"player": "Iker", "team": "Los Reyes"}),
        (["Áne", "Jon"], "player_registered", {"player": "Ane", "team": "Los Reyes"}),
        (["Jon", "jon"], "player_twice", {"player": "jon"}),
    ]:
        refused = desk.post(f"{BASE}/{tid}/teams", json={"name": "Otros", "players": players})
        assert refused.status_code == 409, refused.text
        assert (refused.json()["code"], refused.json()["params"]) == (code, params)
    (kept,) = desk.get(f"{BASE}/{tid}").json()["teams"]
    assert kept["name"] == "Los Reyes"
    # a withdrawn team's players stay registered
    assert desk.post(f"{BASE}/{tid}/teams/{kept['id']}/withdraw").status_code == 200
    again = desk.post(f"{BASE}/{tid}/teams", json={"name": "Otros", "players": ["Ane", "Jon"]})
    assert again.status_code == 409


def test_a_team_is_deleted_before_the_first_round_only(desk):
    state = new_tournament(desk, teams=4)
    tid = state["tournament"]["id"]
    second = state["teams"][1]["id"]
    state = desk.delete(f"{BASE}/{tid}/teams/{second}").json()
    assert [(t["seed"], t["name"]) for t in state["teams"]] == [
        (1, "Pareja 1"), (2, "Pareja 3"), (3, "Pareja 4")
    ]  # fmt: skip
    assert [r["name"] for r in state["standings"]] == ["Pareja 1", "Pareja 3", "Pareja 4"]
    assert desk.delete(f"{BASE}/{tid}/teams/{second}").status_code == 404
    # its players may be registered again, in the right team
    fixed = {"name": "Pareja 2", "players": ["J2a", "J2b"]}
    state = desk.post(f"{BASE}/{tid}/teams", json=fixed).json()
    assert [t["seed"] for t in state["teams"]] == [1, 2, 3, 4]
    state = draw(desk, tid)
    refused = desk.delete(f"{BASE}/{tid}/teams/{state['teams'][0]['id']}")
    assert refused.status_code == 409
    assert (refused.json()["code"], refused.json()["params"]) == (
        "team_delete_drawn", {"team": "Pareja 1"}
    )  # fmt: skip
    assert len(boards_of(desk.get(f"{BASE}/{tid}").json(), 1)) == 2


def test_a_withdrawn_team_is_marked_and_unranked_when_it_never_played(desk):
    state = new_tournament(desk, teams=5)
    tid = state["tournament"]["id"]
    early, late = state["teams"][4]["id"], state["teams"][0]["id"]
    desk.post(f"{BASE}/{tid}/teams/{early}/withdraw")
    state = finish_round_at_the_desk(desk, tid, draw(desk, tid), 1)
    ranked = [r["team_id"] for r in state["standings"]]
    assert early not in ranked and len(ranked) == 4
    assert state["withdrawn"] == [{"team_id": early, "name": "Pareja 5", "withdrawn_round": 1}]
    state = desk.post(f"{BASE}/{tid}/teams/{late}/withdraw").json()
    row = next(r for r in state["standings"] if r["team_id"] == late)
    assert (row["withdrawn_round"], row["won"]) == (2, 1)  # its game stands, marked
    assert {r["withdrawn_round"] for r in state["standings"] if r["team_id"] != late} == {None}
    assert [t["team_id"] for t in state["withdrawn"]] == [early]


def test_the_desks_refusals_carry_their_code_and_params_for_the_page(desk):
    """The page words a refusal in its own language (i18n.js "error.<code>"); API clients read
    the same English detail as before."""
    state = new_tournament(desk, teams=4)
    tid = state["tournament"]["id"]
    same = desk.post(f"{BASE}/{tid}/teams", json={"name": "Pareja 1", "players": ["a", "b"]})
    assert same.status_code == 409
    assert (same.json()["code"], same.json()["params"]) == ("team_name_taken", {"team": "Pareja 1"})
    assert same.json()["detail"] == "a team named 'Pareja 1' is already registered"
    three = desk.post(f"{BASE}/{tid}/teams", json={"name": "Trío", "players": ["a", "b", "c"]})
    assert (three.json()["code"], three.json()["params"]) == (
        "team_size_wrong",
        {"team_size": 2, "given": 3},
    )
    draw(desk, tid)
    waits = desk.post(f"{BASE}/{tid}/rounds")
    assert waits.status_code == 409
    assert (waits.json()["code"], waits.json()["params"]) == (
        "round_waits_results",
        {"round": 1, "boards": [1, 2]},
    )
    assert waits.json()["detail"] == "round 1 still waits for the result of board(s) 1, 2"
    late = desk.post(f"{BASE}/{tid}/teams", json={"name": "Tarde", "players": ["x", "y"]})
    assert (late.status_code, late.json()["code"], late.json()["params"]) == (
        409,
        "register_drawn",
        {},
    )
    assert desk.post(f"{BASE}/{tid}/rounds/1/start").status_code == 200
    again = desk.post(f"{BASE}/{tid}/rounds/1/start")
    assert (again.status_code, again.json()["code"], again.json()["params"]) == (
        409,
        "round_started",
        {"round": 1},
    )


def test_what_the_desk_does_not_have_is_named_for_the_page(desk):
    missing = desk.get(f"{BASE}/999")
    assert missing.status_code == 404
    assert (missing.json()["code"], missing.json()["params"]) == (
        "no_tournament",
        {"tournament": 999},
    )
    assert missing.json()["detail"] == "no tournament 999"
    tid = new_tournament(desk, teams=2)["tournament"]["id"]
    no_round = desk.post(f"{BASE}/{tid}/rounds/3/start")
    assert (no_round.status_code, no_round.json()["code"], no_round.json()["params"]) == (
        404,
        "no_round",
        {"round": 3, "tournament": "Open de Mus"},
    )


def test_a_board_or_a_team_not_of_the_tournament_is_named_as_the_desk_shows_it(desk):
    """Not by its row's id, which no page shows: a board by its round and number, a team by
    its name, the tournament by its name."""
    liga = desk.post(BASE, json={"name": "Liga", "settings": {}}).json()["tournament"]["id"]
    for team in pairs(2):
        desk.post(f"{BASE}/{liga}/teams", json=team)
    liga_board = boards_of(draw(desk, liga), 1)[0]
    state = new_tournament(desk, teams=4)
    tid = state["tournament"]["id"]
    board = boards_of(draw(desk, tid), 1)[0]
    desk.post(f"{BASE}/{tid}/rounds/1/start")
    result = {"winner": "a", "stones_a": 40, "stones_b": 0, "reason": "hoja"}

    elsewhere = desk.put(f"{BASE}/{tid}/boards/{liga_board['id']}/result", json=result)
    assert refused(elsewhere, 404) == (
        "board_elsewhere",
        {"round": 1, "board": 1, "tournament": "Open de Mus", "other": "Liga"},
    )
    assert elsewhere.json()["detail"] == (
        "board 1 of round 1 is one of tournament 'Liga', not of 'Open de Mus'"
    )
    missing = desk.put(f"{BASE}/{tid}/boards/99999/result", json=result)
    assert refused(missing, 404) == ("no_board", {"tournament": "Open de Mus"})

    liga_team = liga_board["team_a"]
    arrival = {"team_id": liga_team["id"], "minutes_late": 1}
    at_board = desk.post(f"{BASE}/{tid}/boards/{board['id']}/arrivals", json=arrival)
    assert refused(at_board, 404) == (
        "team_elsewhere",
        {"team": liga_team["name"], "tournament": "Open de Mus", "other": "Liga"},
    )
    assert refused(desk.post(f"{BASE}/{tid}/teams/99999/withdraw"), 404) == (
        "no_team",
        {"tournament": "Open de Mus"},
    )
    other_board = boards_of(desk.get(f"{BASE}/{tid}").json(), 1)[1]
    stranger = other_board["team_a"]
    arrival = {"team_id": stranger["id"], "minutes_late": 1}
    not_on = desk.post(f"{BASE}/{tid}/boards/{board['id']}/arrivals", json=arrival)
    assert refused(not_on, 409) == (
        "team_not_on_board",
        {"team": stranger["name"], "board": 1, "round": 1},
    )


def test_not_found_is_a_coded_error_of_its_own_kind():
    """A 404 carries its code and params as a refusal does, from the one class that holds
    them, and is no ``ValueError``: what answers or catches a refusal never takes it for one."""
    assert issubclass(NotFound, Coded) and issubclass(Refusal, Coded)
    assert not issubclass(NotFound, ValueError) and not issubclass(NotFound, Refusal)
    for kind in (NotFound, Refusal, StateError):
        assert kind.__init__ is Coded.__init__, kind
    missing = NotFound("no table 3", code="no_table", params={"table": 3})
    assert (str(missing), missing.code, missing.params) == ("no table 3", "no_table", {"table": 3})


def test_every_board_is_played_under_the_tournaments_rules(desk):
    """Set once for the tournament (4 reyes, two folded options, to 30): every board's table is
    made under them, the desk shows them, and each board's acta lists them."""
    rules = {"reyes": 4, "juego_real": True, "deje": "one"}
    created = desk.post(BASE, json={"name": "Open", "settings": {"target": 30}, "rules": rules})
    assert created.status_code == 201, created.text
    tid = created.json()["tournament"]["id"]
    assert created.json()["rules"] == {
        "game": "mus", "players": 4, "target": 30, "reyes": 4, "captains": False,
        "diez_reyes": False, "profile": "standard",
        "options": {"juego_real": True, "deje": "one"},
    }  # fmt: skip
    for team in pairs(4):
        desk.post(f"{BASE}/{tid}/teams", json=team)
    draw(desk, tid)
    state = desk.post(f"{BASE}/{tid}/rounds/1/tables").json()
    for board in boards_of(state, 1):
        table = desk.get(f"/api/tables/{board['table']['id']}").json()["table"]
        assert (table["reyes"], table["target"]) == (4, 30)
        assert table["options"] == {"juego_real": True, "deje": "one"}
    table_id = boards_of(state, 1)[0]["table"]["id"]
    play_ordago(desk, table_id, team_a_wins=True)
    acta = desk.get(f"/api/tables/{table_id}/games/1/acta").json()["acta"]["table"]
    assert (acta["reyes"], acta["target"], acta["options"]) == (4, 30, table["options"])


def test_teams_of_three_may_play_with_captains(desk):
    state = new_tournament(desk, teams=0, team_size=3)
    assert state["rules"]["players"] == 6
    created = desk.post(BASE, json={"name": "Tríos", "settings": {"team_size": 3},
                                    "rules": {"captains": True}})  # fmt: skip
    assert created.status_code == 201, created.text
    assert created.json()["rules"]["captains"] is True


@pytest.mark.parametrize(
    ("rules", "code", "params"),
    [
        ({"reyes": 5}, "literal_error", {"input": 5}),
        ({"juego_real": 1}, "literal_error", {"input": 1}),
        ({"match": "vacas"}, "option_not_in_tournament", {"option": "match"}),
        ({"target": 30}, "option_not_in_tournament", {"option": "target"}),
        ({"captains": True}, "option_not_in_tournament", {"option": "captains"}),
        ({"stones": 21}, "option_not_in_tournament", {"option": "stones"}),
        (
            {"juego_real_sota_oros": True},
            "option_needs",
            {"option": "juego_real_sota_oros", "needs": "juego_real", "value": True},
        ),
    ],
)
def test_rules_a_tournament_cannot_play_are_refused_naming_the_option(desk, rules, code, params):
    """Refused as the table setup refuses them (api/game_choices.py): a value not among the
    option's choices, an option set without the one it goes with; and what the tournament sets
    itself (its target, its game of one board) or its tables cannot play (captains of pairs)."""
    response = desk.post(BASE, json={"name": "X", "rules": rules})
    assert response.status_code == 422, response.text
    [failure] = response.json()["errors"]
    assert (failure["field"], failure["code"], failure["params"]) == (
        ["rules", next(iter(rules))], code, params
    )  # fmt: skip
    assert desk.get(BASE).json()["tournaments"] == []


def test_the_desk_lists_the_rules_a_tournament_may_set(desk):
    offered = desk.get("/api/desk/rules").json()
    assert offered["team_sizes"]["2"][:2] == ["reyes", "diez_reyes"]
    assert "captains" in offered["team_sizes"]["3"] and "captains" not in offered["team_sizes"]["2"]
    assert not {"game", "players", "target", "match", "ordago_decides"} & set(offered["options"])
    assert offered["options"]["reyes"]["choices"] == [8, 4]
    assert offered["options"]["juego_real_sota_oros"]["needs"] == ["juego_real", True]


def test_a_swiss_is_finished_once_its_last_round_has_every_result(desk):
    """Not before: a round still waiting, or one still to draw, leaves it going on."""
    state = new_tournament(desk, teams=4, rounds=2)
    tid = state["tournament"]["id"]
    assert state["finished"] is None
    state = finish_round_at_the_desk(desk, tid, draw(desk, tid), 1)
    assert state["finished"] is None  # round 2 is still to draw
    state = draw(desk, tid)
    board = boards_of(state, 2)[0]
    state = put_result(desk, tid, board, "b", 10, 40).json()
    assert state["finished"] is None  # board 2 waits for its result
    state = finish_round_at_the_desk(desk, tid, state, 2)
    top = state["standings"][0]
    assert state["finished"] == {
        "why": "rounds_all_drawn", "winner": {"id": top["team_id"], "name": top["name"]}
    }  # fmt: skip


def test_a_knockout_is_won_by_the_finals_winner(desk):
    state = new_tournament(desk, teams=4, format="groups_knockout", groups={"size": 4})
    tid = state["tournament"]["id"]
    for number in range(1, 4):
        state = finish_round_at_the_desk(desk, tid, draw(desk, tid), number)
    final = boards_of(draw(desk, tid), 4)
    assert len(final) == 1
    state = put_result(desk, tid, final[0], "b", 20, 40).json()
    assert state["finished"] == {"why": "final_played", "winner": final[0]["team_b"]}


def test_the_boards_result_follows_the_tables_game_until_its_acta_is_signed(desk):
    """A correction of the cards (or a Deshacer) at the table after the desk took its result:
    the board's result follows the game as the table now has it, and the desk's page is told.
    A result the desk wrote stays; once the acta is signed the game no longer changes."""
    state = new_tournament(desk, teams=2)
    tid = state["tournament"]["id"]
    draw(desk, tid)
    board = boards_of(desk.post(f"{BASE}/{tid}/rounds/1/tables").json(), 1)[0]
    table_id = board["table"]["id"]
    hand_id = play_ordago(desk, table_id, team_a_wins=False)["hand"]["id"]
    told: list[dict] = []
    desk.app.state.hub.subscribe(lambda type_, data: type_ == "tournament" and told.append(data))

    def result() -> dict | None:
        return boards_of(desk.get(f"{BASE}/{tid}").json(), 1)[0]["result"]

    def correct(hands: dict) -> None:
        answer = desk.post(f"/api/hands/{hand_id}/shown/correction", json={"hands": hands})
        assert answer.status_code == 200, answer.text

    assert result() == {
        "winner": "b",
        "stones_a": 0,
        "stones_b": 40,
        "source": "table",
        "reason": "",
    }
    correct(A_WINS)
    assert result() == {
        "winner": "a",
        "stones_a": 40,
        "stones_b": 0,
        "source": "table",
        "reason": "",
    }
    assert told == [{"tournament_id": tid}]
    assert desk.get(f"{BASE}/{tid}").json()["standings"][0]["name"] == "Pareja 1"
    # the cards taken back to be entered again: no result until they are
    assert desk.delete(f"/api/hands/{hand_id}/calls/last").status_code == 200
    assert result() is None
    assert desk.put(f"/api/hands/{hand_id}/shown", json={"hands": B_WINS}).status_code == 200
    assert (result()["winner"], result()["source"]) == ("b", "table")
    assert len(told) == 3
    # the desk's own result is never replaced by the table's
    assert put_result(desk, tid, board, "a", 40, 12).status_code == 200
    correct(A_WINS)
    correct(B_WINS)
    assert (result()["winner"], result()["stones_b"], result()["source"]) == ("a", 12, "desk")
    signed = desk.post(f"/api/tables/{table_id}/games/1/acta", json={"referee": "Maite"})
    assert signed.status_code == 201, signed.text
    code, _ = refused(
        desk.post(f"/api/hands/{hand_id}/shown/correction", json={"hands": A_WINS}), 409
    )
    assert code == "game_acta_signed"


def test_a_board_stopped_with_a_game_lost_goes_to_the_other_team_as_a_forfeit(desk):
    """The referee stops a board's game mid-hand and signs its acta with «game lost» for a seat
    of team a: the board is team b's, scored as the settings score a forfeit, its reason the
    sanction; the desk's page is told."""
    state = new_tournament(desk, teams=2, forfeit={"stones_won": 40, "stones_lost": 10})
    tid = state["tournament"]["id"]
    draw(desk, tid)
    board = boards_of(desk.post(f"{BASE}/{tid}/rounds/1/tables").json(), 1)[0]
    table_id = board["table"]["id"]
    hand = desk.get(f"/api/tables/{table_id}").json()["current"]
    mus = {"seat": hand["view"]["to_speak"], "text": "mus"}
    assert desk.post(f"/api/hands/{hand['hand']['id']}/calls", json=mus).status_code == 200
    told: list[dict] = []
    desk.app.state.hub.subscribe(lambda type_, data: type_ == "tournament" and told.append(data))
    sanction = {"seat": 3, "kind": "game_lost", "reason": "señas de más"}
    body = {"referee": "Maite", "unfinished": True, "sanctions": [sanction]}
    signed = desk.post(f"/api/tables/{table_id}/games/1/acta", json=body)
    assert signed.status_code == 201, signed.text
    result = boards_of(desk.get(f"{BASE}/{tid}").json(), 1)[0]["result"]
    assert result == {
        "winner": "b",
        "stones_a": 10,
        "stones_b": 40,
        "source": "table",
        "reason": "game_lost",
    }
    assert told == [{"tournament_id": tid}]
