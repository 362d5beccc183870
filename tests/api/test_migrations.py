import sqlite3
from pathlib import Path

import pytest

from api.db.connection import open_database
from api.db.errors import SchemaTooNew, StoreError
from api.db.migrations import LATEST, MIGRATIONS, Migration, applied_versions, migrate
from api.referee import rules_of
from api.store import SeatRow, Store
from engine.rules import Rules

SCHEMA_V0 = (Path(__file__).parent / "schema_v0.sql").read_text()


def old_data_dir(path: Path) -> None:
    """A data directory as the first keinu releases left it: their schema, no version, a
    table with a hand, calls, a review and a practising player."""
    db = sqlite3.connect(path)
    db.executescript(SCHEMA_V0)
    db.execute("INSERT INTO tables VALUES (7, 'Bar Txoko', 'standard', 40, 8, 2, 1700000000000)")
    db.executemany(
        "INSERT INTO seats VALUES (7, ?, ?, ?)",
        [(1, "Ane", ""), (2, "Bego", "cam1"), (3, "Koldo", ""), (4, "Iñaki", "")],
    )
    db.execute('INSERT INTO hands VALUES (3, 7, 1, 1, 1, 2, \'{"1-3": 0, "2-4": 0}\', NULL, 1)')
    db.execute("INSERT INTO calls VALUES (3, 0, 2, 'mus', NULL, NULL, 2)")
    db.execute("INSERT INTO calls VALUES (3, 1, 3, 'sena wink left', 900, '{\"seat\": 3}', 3)")
    db.execute("INSERT INTO sena_reviews VALUES (3, 1, 'overruled', 'sneezing', 4)")
    db.execute("INSERT INTO players VALUES ('Ane', '{\"wink\": 1.2}', NULL)")
    db.commit()
    db.close()


def test_an_old_data_dir_is_upgraded_in_place_with_its_data(tmp_path):
    path = tmp_path / "keinu.sqlite3"
    old_data_dir(path)
    store = Store(path)
    table = store.get_table(7)
    assert (table.name, table.first_mano, [s.source for s in table.seats]) == (
        "Bar Txoko",
        2,
        ["", "cam1", "", ""],
    )
    hand = store.last_hand(7)
    assert [(c.idx, c.seat, c.text, c.t_ms, c.gesture) for c in hand.calls] == [
        (0, 2, "mus", None, None),
        (1, 3, "sena wink left", 900, {"seat": 3}),
    ]
    assert store.reviews_of(3)[1].note == "sneezing"
    assert store.player("Ane")["sensitivities"] == {"wink": 1.2}
    # it goes on numbering where the old file stopped
    assert store.create_hand(7, game=1, hand_in_game=2, mano=3, score={}).number == 2
    assert applied_versions(store.database) == {m.version for m in MIGRATIONS}
    store.close()


def test_the_schema_change_is_preceded_by_a_backup_of_the_old_file(tmp_path):
    path = tmp_path / "keinu.sqlite3"
    old_data_dir(path)
    Store(path).close()
    (backup,) = Store(path).backups.of_kind("before-v1")
    kept = sqlite3.connect(backup)
    assert kept.execute("SELECT name FROM tables").fetchall() == [("Bar Txoko",)]
    assert (
        kept.execute("SELECT name FROM sqlite_master WHERE name = 'schema_migrations'").fetchall()
        == []
    )


def test_a_new_store_starts_at_the_latest_version_without_a_backup(tmp_path):
    store = Store(tmp_path / "keinu.sqlite3")
    assert max(applied_versions(store.database)) == LATEST
    assert store.backups.of_kind(f"before-v{LATEST}") == []
    store.close()


def test_a_new_postgresql_database_starts_at_the_latest_version(postgres):
    store = Store(postgres.new_database())
    assert applied_versions(store.database) == {m.version for m in MIGRATIONS}
    assert store.path is None and store.backups is None
    store.close()


ADD_NOTES = Migration(
    LATEST + 1, "tables get notes", "ALTER TABLE tables ADD COLUMN notes TEXT NOT NULL DEFAULT ''"
)


def test_pending_migrations_apply_in_order_once(store_location):
    db = open_database(store_location)
    later = Migration(LATEST + 2, "an index on notes", "CREATE INDEX by_notes ON tables (notes)")
    assert [m.version for m in migrate(db, (*MIGRATIONS, ADD_NOTES, later))] == [
        *(m.version for m in MIGRATIONS),
        LATEST + 1,
        LATEST + 2,
    ]
    assert migrate(db, (*MIGRATIONS, ADD_NOTES, later)) == []
    db.execute(
        "INSERT INTO tables (name, profile, target, reyes, first_mano, created_ms, notes)"
        " VALUES ('x', 'standard', 30, 4, 1, 0, 'ok')"
    )
    db.close()


def test_a_failing_migration_leaves_the_previous_version_whole(store_location):
    db = open_database(store_location)
    migrate(db)
    broken = Migration(
        LATEST + 1,
        "half of it would apply",
        "ALTER TABLE tables ADD COLUMN notes TEXT; CREATE INDEX x ON no_such_table (y)",
    )
    with pytest.raises(StoreError):
        migrate(db, (*MIGRATIONS, broken))
    assert max(applied_versions(db)) == LATEST
    with pytest.raises(StoreError, match="notes"):
        db.execute("SELECT notes FROM tables")
    db.close()


def test_a_database_from_a_newer_keinu_is_refused_with_what_to_do(store_location):
    db = open_database(store_location)
    migrate(db, (*MIGRATIONS, ADD_NOTES))
    db.close()
    with pytest.raises(SchemaTooNew, match=rf"version {LATEST + 1}.*upgrade keinu"):
        Store(store_location)


def version_3_database(location) -> None:
    """A database as keinu left it at schema version 3: a four-seat table with a hand, calls,
    a review, a removal, an acta and its activation."""
    db = open_database(location)
    migrate(db, MIGRATIONS[:3])
    with db.transaction():
        db.execute(
            "INSERT INTO tables (id, name, profile, target, reyes, first_mano, created_ms)"
            " VALUES (7, 'Bar Txoko', 'navarra', 30, 4, 2, 1)"
        )
        db.executemany(
            "INSERT INTO seats (table_id, seat, name, source) VALUES (7, ?, ?, '')",
            [(1, "Ane"), (2, "Bego"), (3, "Koldo"), (4, "Iñaki")],
        )
        db.execute(
            "INSERT INTO hands (id, table_id, number, game, hand_in_game, mano, score,"
            ' created_ms) VALUES (3, 7, 1, 1, 1, 2, \'{"1-3": 0, "2-4": 0}\', 1)'
        )
        db.execute("INSERT INTO calls VALUES (3, 0, 3, 'sena wink left', 900, '{}', 2)")
        db.execute("INSERT INTO sena_reviews VALUES (3, 0, 'acknowledged', 'seen', 3)")
        db.execute("INSERT INTO sena_removals VALUES (3, 0, 'a yawn', 4)")
        db.execute("INSERT INTO actas VALUES (7, 1, 'Miren', '', '[]', '{}', 5)")
        db.execute("INSERT INTO table_activations VALUES (7, 6)")
    db.close()


def test_version_4_rebuilds_the_tables_for_six_seats_keeping_every_row(store_location):
    version_3_database(store_location)
    store = Store(store_location)
    table = store.get_table(7)
    assert (table.target, table.reyes, table.first_mano, table.game, table.players) == (
        30,
        4,
        2,
        "mus",
        4,
    )
    assert [s.name for s in table.seats] == ["Ane", "Bego", "Koldo", "Iñaki"]
    hand = store.last_hand(7)
    assert (hand.id, hand.mano, [c.text for c in hand.calls]) == (3, 2, ["sena wink left"])
    assert store.reviews_of(3)[0].note == "seen"
    assert store.removals_of(3)[0].note == "a yawn"
    assert store.acta(7, 1).referee == "Miren"
    assert store.last_active_table() == 7
    six = store.create_table(
        name="Seis",
        profile="standard",
        target=50,
        reyes=8,
        players=6,
        captains=True,
        first_mano=6,
        seats=[SeatRow(seat, f"P{seat}") for seat in range(1, 7)],
    )
    assert six.id == 8 and [s.seat for s in six.seats] == [1, 2, 3, 4, 5, 6]
    assert store.create_hand(six.id, game=1, hand_in_game=1, mano=6, score={}).id == 4
    store.append_call(4, 5, "mus")
    store.close()
    db = open_database(store_location)
    with db.transaction():  # the rebuilt tables keep their cascades
        db.execute("DELETE FROM tables WHERE id = 7")
    assert [tuple(r) for r in db.execute("SELECT id FROM hands ORDER BY id")] == [(4,)]
    assert db.execute("SELECT * FROM actas") == []
    db.close()


def test_version_6_gives_a_version_5_database_diez_reyes_and_wild_values(store_location):
    db = open_database(store_location)
    migrate(db, MIGRATIONS[:5])
    with db.transaction():
        db.execute(
            "INSERT INTO tables (id, name, profile, target, reyes, first_mano, created_ms,"
            " players) VALUES (7, 'Bar Txoko', 'standard', 40, 8, 2, 1, 6)"
        )
        db.execute(
            "INSERT INTO hands (id, table_id, number, game, hand_in_game, mano, score, shown,"
            ' created_ms) VALUES (3, 7, 1, 1, 1, 2, \'{"1-3-5": 0, "2-4-6": 0}\','
            ' \'{"1": ["R", "R", "R", "R"]}\', 1)'
        )
    db.close()
    store = Store(store_location)
    table = store.get_table(7)
    assert (table.players, table.diez_reyes) == (6, False)
    hand = store.get_hand(3)
    assert (hand.shown, hand.wild) == ({"1": ["R", "R", "R", "R"]}, None)
    eibar = store.create_table(
        name="Éibar",
        profile="standard",
        target=40,
        reyes=8,
        first_mano=1,
        seats=[SeatRow(seat, f"P{seat}") for seat in range(1, 5)],
        diez_reyes=True,
    )
    assert store.get_table(eibar.id).diez_reyes is True
    store.set_shown(3, {"1": ["R", "R", "R", "Sc"]}, {"1": ["R"]})
    assert store.get_hand(3).wild == {"1": ["R"]}
    assert applied_versions(store.database) == {m.version for m in MIGRATIONS}
    store.close()


def test_version_7_gives_a_version_6_table_the_default_options_and_keeps_new_ones(
    store_location,
):
    db = open_database(store_location)
    migrate(db, MIGRATIONS[:6])
    with db.transaction():
        db.execute(
            "INSERT INTO tables (id, name, profile, target, reyes, first_mano, created_ms)"
            " VALUES (7, 'Bar Txoko', 'standard', 30, 8, 2, 1)"
        )
    db.close()
    store = Store(store_location)
    old = store.get_table(7)
    assert old.options == {}
    assert rules_of(old) == Rules(target=30)
    vacas = store.create_table(
        name="Vacas",
        profile="standard",
        target=40,
        reyes=8,
        first_mano=1,
        seats=[SeatRow(seat, f"P{seat}") for seat in range(1, 5)],
        options={"match": "vacas", "juego_real": True},
    )
    assert rules_of(store.get_table(vacas.id)) == Rules(match="vacas", juego_real=True)
    assert applied_versions(store.database) == {m.version for m in MIGRATIONS}
    store.close()


def test_version_8_keeps_a_version_7_databases_hands_and_adds_their_corrections(store_location):
    db = open_database(store_location)
    migrate(db, MIGRATIONS[:7])
    with db.transaction():
        db.execute(
            "INSERT INTO tables (id, name, profile, target, reyes, first_mano, created_ms)"
            " VALUES (7, 'Bar Txoko', 'standard', 40, 8, 1, 1)"
        )
        db.execute(
            "INSERT INTO hands (id, table_id, number, game, hand_in_game, mano, score, shown,"
            ' created_ms) VALUES (3, 7, 1, 1, 1, 1, \'{"1-3": 0, "2-4": 0}\','
            ' \'{"1": ["R", "R", "R", "1"]}\', 1)'
        )
    db.close()
    store = Store(store_location)
    assert store.corrections_of(3) == []
    store.replace_shown(3, {"1": ["R", "R", "7", "1"]}, None, how="corrected", note="a 7")
    assert [c.shown for c in store.corrections_of(3)] == [{"1": ["R", "R", "R", "1"]}]
    assert store.get_hand(3).shown == {"1": ["R", "R", "7", "1"]}
    assert applied_versions(store.database) == {m.version for m in MIGRATIONS}
    store.close()
