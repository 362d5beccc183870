"""Every option of the engine's rules, set when a table is made: refused where it means
nothing, kept by the store (SQLite and a real PostgreSQL), played by the engine, and written into
the table's hand records, across a restart of the server."""

from dataclasses import fields

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.game_choices import RULE_OPTIONS
from api.schemas import TableIn
from api.settings import Settings
from engine.record import replay_summary
from engine.rules import Rules
from tests.api.table_examples import SEATS
from tests.api.test_tables import call, new_table


@pytest.fixture(params=["sqlite", "postgresql"])
def settings(request, tmp_path) -> Settings:
    """A server keeping its tables in an SQLite file, then in a fresh database of the session's
    real PostgreSQL server."""
    if request.param == "sqlite":
        return Settings(data_dir=tmp_path / "data", live=False)
    database = request.getfixturevalue("postgres").new_database()
    return Settings(data_dir=tmp_path / "data", db=database, live=False)


def serve(settings: Settings) -> TestClient:
    return TestClient(create_app(settings), base_url="http://127.0.0.1")


def offered(client, game="mus", players=4) -> dict[str, object]:
    """Every folded option the setup offers for the game, at its choice other than the
    default (the page's "Reglas")."""
    choices = client.get("/api/rules").json()
    (entry,) = [g for g in choices["games"] if (g["game"], g["players"]) == (game, players)]
    return {name: choices["rules"][name]["choices"][1] for name in entry["rules"]}


def test_a_table_takes_every_option_of_the_engines_rules():
    assert set(TableIn.model_fields) - {"name", "profile", "mano", "seats"} == {
        f.name for f in fields(Rules) if f.name != "profile"
    }
    defaults = {f.name: f.default for f in fields(Rules) if f.name != "profile"}
    assert {name: choices[0] for name, choices in RULE_OPTIONS.items()} == defaults


def test_the_options_reach_the_engine_the_records_and_a_restarted_server(settings):
    with serve(settings) as client:
        options = offered(client)
        assert options == {
            "juego_real": True,
            "juego_real_sota_oros": True,
            "match": "vacas",
            "mus_visto": True,
            "mus_visto_servido_ends_mus": True,
            "redeal_4567": True,
            "deje": "one",
            "pares_bonus": "best_hand",
            "ordago_decides": "vaca",
            "ordago_opening": False,
            "bet_limit": "none",
        }
        state = new_table(client, **options)
        assert state["table"]["options"] == options
        hand_id = state["current"]["hand"]["id"]
        assert {c["action"] for c in state["current"]["legal"]} >= {"mus_visto", "reparto_4567"}
        call(client, hand_id, 1, "no hay mus")
        legal = client.get(f"/api/hands/{hand_id}").json()["legal"]
        assert "ordago" not in {c["action"] for c in legal if c["seat"] == 1}  # no opening órdago
        assert call(client, hand_id, 1, "envido 99").status_code == 200  # no bet limit
        record = client.get(f"/api/hands/{hand_id}/record").json()
        before = client.get(f"/api/tables/{state['table']['id']}").json()
    with serve(settings) as client:
        table_id = state["table"]["id"]
        assert client.get(f"/api/tables/{table_id}").json() == before
        assert client.get(f"/api/hands/{hand_id}/record").json() == record
        session = client.get(f"/api/tables/{table_id}/export").json()
    assert Rules.from_dict(record["rules"]) == Rules(**options)
    assert session["rules"] == record["rules"]
    assert replay_summary(session)["score"] == {"1-3": 0, "2-4": 0}


def test_an_encaje_takes_its_own_options_and_none_of_mus(settings):
    three = SEATS[:3]
    with serve(settings) as client:
        options = offered(client, "encaje", 3)
        assert "match" not in options and options["first_out_wins"] is True
        state = new_table(client, game="encaje", players=3, seats=three, **options)
        assert state["table"]["options"] == options
        mus_only = client.post(
            "/api/tables", json={"game": "encaje", "players": 3, "seats": three, "deje": "one"}
        )
        assert mus_only.status_code == 422
        (error,) = mus_only.json()["errors"]
        assert (error["code"], error["params"]) == (
            "option_not_in_game",
            {"option": "deje", "game": "encaje"},
        )


def test_an_option_is_refused_without_the_one_it_goes_with_or_outside_its_choices(settings):
    with serve(settings) as client:
        for body, code, params in [
            (
                {"juego_real_sota_oros": True},
                "option_needs",
                {"option": "juego_real_sota_oros", "needs": "juego_real", "value": True},
            ),
            (
                {"ordago_decides": "vaca"},
                "option_needs",
                {"option": "ordago_decides", "needs": "match", "value": "vacas"},
            ),
            (
                {"game": "encaje", "players": 3, "deal": "five_discard_one", "mus_visto": True},
                "option_needs",
                {"option": "mus_visto", "needs": "deal", "value": "mus"},
            ),
            ({"match": "best_of_5"}, "literal_error", None),
            ({"mus_visto": "yes"}, "bool_type", None),
            ({"players": 4, "first_out_wins": True}, "value_error", None),
        ]:
            response = client.post("/api/tables", json={"seats": SEATS} | body)
            assert response.status_code == 422, (body, response.text)
            (error,) = response.json()["errors"]
            assert error["code"] == code, (body, error)
            if params is not None:
                assert error["params"] == params
        assert client.get("/api/tables").json()["tables"] == []
