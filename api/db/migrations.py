"""The store's schema as numbered migrations, applied in order on start.

Why not Alembic: the store writes plain SQL through its own thin interface (no SQLAlchemy models
for Alembic to compare), the schema is a handful of tables, and a change that SQLite cannot make
in place (a CHECK) is a rebuild written out in plain SQL (version 4). What versioning needs here
is small and fully covered by this module: a ``schema_migrations`` table listing each applied
version (the same table in SQLite and PostgreSQL), each migration applied with its row in one
transaction (both databases have transactional DDL, so a failed migration leaves the previous
version whole), a lock so two servers starting on one PostgreSQL database do not both apply it,
and a refusal to run on a database that a newer keinu has upgraded. Downgrades are not offered:
the store keeps a backup before every schema change instead (:mod:`api.db.backups`).

A migration is SQL written once for both databases: statements separated by ``;``, with
``AUTO_ID`` for an integer primary key the database numbers itself, ``BIGINT`` for every integer
that may exceed 2^31 (milliseconds), ``DOUBLE PRECISION`` for a real number. A change to the
schema is a new migration at the end of :data:`MIGRATIONS`; an applied one is never edited.

Version 1 is the schema of the first keinu releases, which made its tables with ``CREATE TABLE
IF NOT EXISTS`` and kept no version: applying it to such a database changes nothing and records
that the database is at version 1, so older data directories upgrade in place.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from api.db.connection import Database
from api.db.errors import SchemaTooNew


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str
    #: Statements for PostgreSQL alone, run after ``sql`` (what SQLite does by itself).
    postgresql_after: str = ""

    def statements(self, db: Database) -> list[str]:
        sql = self.sql.replace("AUTO_ID", db.auto_id)
        if db.dialect == "postgresql":
            sql += ";" + self.postgresql_after
        return [s.strip() for s in sql.split(";") if s.strip()]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "tables, seats, hands, calls, reviews, players, practice attempts",
        """
CREATE TABLE IF NOT EXISTS tables (
    id          AUTO_ID,
    name        TEXT NOT NULL,
    profile     TEXT NOT NULL,
    target      INTEGER NOT NULL CHECK (target IN (30, 40)),
    reyes       INTEGER NOT NULL CHECK (reyes IN (4, 8)),
    first_mano  INTEGER NOT NULL CHECK (first_mano BETWEEN 1 AND 4),
    created_ms  BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id    BIGINT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 4),
    name        TEXT NOT NULL,
    source      TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS hands (
    id           AUTO_ID,
    table_id     BIGINT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    number       INTEGER NOT NULL,
    game         INTEGER NOT NULL,
    hand_in_game INTEGER NOT NULL,
    mano         INTEGER NOT NULL CHECK (mano BETWEEN 1 AND 4),
    score        TEXT NOT NULL,
    shown        TEXT,
    created_ms   BIGINT NOT NULL,
    UNIQUE (table_id, number)
);
CREATE TABLE IF NOT EXISTS calls (
    hand_id     BIGINT NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
    idx         INTEGER NOT NULL,
    seat        INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 4),
    text        TEXT NOT NULL,
    t_ms        BIGINT,
    gesture     TEXT,
    created_ms  BIGINT NOT NULL,
    PRIMARY KEY (hand_id, idx)
);
CREATE TABLE IF NOT EXISTS sena_reviews (
    hand_id     BIGINT NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
    call_idx    INTEGER NOT NULL,
    action      TEXT NOT NULL CHECK (action IN ('acknowledged', 'overruled')),
    note        TEXT NOT NULL DEFAULT '',
    created_ms  BIGINT NOT NULL,
    PRIMARY KEY (hand_id, call_idx)
);
CREATE TABLE IF NOT EXISTS players (
    name          TEXT PRIMARY KEY,
    sensitivities TEXT NOT NULL DEFAULT '{}',
    calibration   TEXT
);
CREATE TABLE IF NOT EXISTS practice_attempts (
    id          AUTO_ID,
    player      TEXT NOT NULL,
    session     TEXT NOT NULL,
    drill       TEXT NOT NULL,
    target      TEXT NOT NULL,
    seen        TEXT,
    recognised  INTEGER NOT NULL,
    time_ms     BIGINT,
    duration_ms BIGINT,
    size        DOUBLE PRECISION,
    created_ms  BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS attempts_by_player ON practice_attempts (player, created_ms)
""",
    ),
    Migration(
        2,
        "actas: the referee's signed report of each game",
        """
CREATE TABLE actas (
    table_id    BIGINT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    game        INTEGER NOT NULL CHECK (game >= 1),
    referee     TEXT NOT NULL,
    notes       TEXT NOT NULL DEFAULT '',
    sanctions   TEXT NOT NULL DEFAULT '[]',
    content     TEXT NOT NULL,
    signed_ms   BIGINT NOT NULL,
    PRIMARY KEY (table_id, game)
)
""",
    ),
    Migration(
        3,
        "the referee's removed señas and each table's last activation",
        """
CREATE TABLE sena_removals (
    hand_id     BIGINT NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
    call_idx    INTEGER NOT NULL,
    note        TEXT NOT NULL DEFAULT '',
    created_ms  BIGINT NOT NULL,
    PRIMARY KEY (hand_id, call_idx)
);
CREATE TABLE table_activations (
    table_id     BIGINT PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
    activated_ms BIGINT NOT NULL
)
""",
    ),
    Migration(
        4,
        "six-player and Encaje tables: each table's game, players, captains, stones, deal",
        # A CHECK cannot be altered (SQLite): every table that a changed one points at, or
        # that points at one, is made anew beside it, filled, and takes the old one's name;
        # the old ones are dropped children first, so no ON DELETE CASCADE touches a row.
        """
CREATE TABLE tables_v4 (
    id          AUTO_ID,
    name        TEXT NOT NULL,
    profile     TEXT NOT NULL,
    target      INTEGER NOT NULL CHECK (target IN (30, 40, 50)),
    reyes       INTEGER NOT NULL CHECK (reyes IN (4, 8)),
    first_mano  INTEGER NOT NULL CHECK (first_mano BETWEEN 1 AND 6),
    created_ms  BIGINT NOT NULL,
    game        TEXT NOT NULL DEFAULT 'mus' CHECK (game IN ('mus', 'encaje')),
    players     INTEGER NOT NULL DEFAULT 4 CHECK (players IN (3, 4, 5, 6)),
    captains    INTEGER NOT NULL DEFAULT 0 CHECK (captains IN (0, 1)),
    stones      INTEGER NOT NULL DEFAULT 15 CHECK (stones IN (15, 21)),
    deal        TEXT NOT NULL DEFAULT 'mus' CHECK (deal IN ('mus', 'five_discard_one'))
);
INSERT INTO tables_v4 (id, name, profile, target, reyes, first_mano, created_ms)
    SELECT id, name, profile, target, reyes, first_mano, created_ms FROM tables;
CREATE TABLE seats_v4 (
    table_id    BIGINT NOT NULL REFERENCES tables_v4(id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 6),
    name        TEXT NOT NULL,
    source      TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (table_id, seat)
);
INSERT INTO seats_v4 SELECT table_id, seat, name, source FROM seats;
CREATE TABLE hands_v4 (
    id           AUTO_ID,
    table_id     BIGINT NOT NULL REFERENCES tables_v4(id) ON DELETE CASCADE,
    number       INTEGER NOT NULL,
    game         INTEGER NOT NULL,
    hand_in_game INTEGER NOT NULL,
    mano         INTEGER NOT NULL CHECK (mano BETWEEN 1 AND 6),
    score        TEXT NOT NULL,
    shown        TEXT,
    created_ms   BIGINT NOT NULL,
    UNIQUE (table_id, number)
);
INSERT INTO hands_v4
    SELECT id, table_id, number, game, hand_in_game, mano, score, shown, created_ms FROM hands;
CREATE TABLE calls_v4 (
    hand_id     BIGINT NOT NULL REFERENCES hands_v4(id) ON DELETE CASCADE,
    idx         INTEGER NOT NULL,
    seat        INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 6),
    text        TEXT NOT NULL,
    t_ms        BIGINT,
    gesture     TEXT,
    created_ms  BIGINT NOT NULL,
    PRIMARY KEY (hand_id, idx)
);
INSERT INTO calls_v4 SELECT hand_id, idx, seat, text, t_ms, gesture, created_ms FROM calls;
CREATE TABLE sena_reviews_v4 (
    hand_id     BIGINT NOT NULL REFERENCES hands_v4(id) ON DELETE CASCADE,
    call_idx    INTEGER NOT NULL,
    action      TEXT NOT NULL CHECK (action IN ('acknowledged', 'overruled')),
    note        TEXT NOT NULL DEFAULT '',
    created_ms  BIGINT NOT NULL,
    PRIMARY KEY (hand_id, call_idx)
);
INSERT INTO sena_reviews_v4 SELECT hand_id, call_idx, action, note, created_ms FROM sena_reviews;
CREATE TABLE sena_removals_v4 (
    hand_id     BIGINT NOT NULL REFERENCES hands_v4(id) ON DELETE CASCADE,
    call_idx    INTEGER NOT NULL,
    note        TEXT NOT NULL DEFAULT '',
    created_ms  BIGINT NOT NULL,
    PRIMARY KEY (hand_id, call_idx)
);
INSERT INTO sena_removals_v4 SELECT hand_id, call_idx, note, created_ms FROM sena_removals;
CREATE TABLE actas_v4 (
    table_id    BIGINT NOT NULL REFERENCES tables_v4(id) ON DELETE CASCADE,
    game        INTEGER NOT NULL CHECK (game >= 1),
    referee     TEXT NOT NULL,
    notes       TEXT NOT NULL DEFAULT '',
    sanctions   TEXT NOT NULL DEFAULT '[]',
    content     TEXT NOT NULL,
    signed_ms   BIGINT NOT NULL,
    PRIMARY KEY (table_id, game)
);
INSERT INTO actas_v4
    SELECT table_id, game, referee, notes, sanctions, content, signed_ms FROM actas;
CREATE TABLE table_activations_v4 (
    table_id     BIGINT PRIMARY KEY REFERENCES tables_v4(id) ON DELETE CASCADE,
    activated_ms BIGINT NOT NULL
);
INSERT INTO table_activations_v4 SELECT table_id, activated_ms FROM table_activations;
DROP TABLE calls;
DROP TABLE sena_reviews;
DROP TABLE sena_removals;
DROP TABLE hands;
DROP TABLE seats;
DROP TABLE actas;
DROP TABLE table_activations;
DROP TABLE tables;
ALTER TABLE tables_v4 RENAME TO tables;
ALTER TABLE seats_v4 RENAME TO seats;
ALTER TABLE hands_v4 RENAME TO hands;
ALTER TABLE calls_v4 RENAME TO calls;
ALTER TABLE sena_reviews_v4 RENAME TO sena_reviews;
ALTER TABLE sena_removals_v4 RENAME TO sena_removals;
ALTER TABLE actas_v4 RENAME TO actas;
ALTER TABLE table_activations_v4 RENAME TO table_activations
""",
        # the copied ids were given, not drawn: PostgreSQL's numbering goes on after them
        postgresql_after="""
SELECT setval(pg_get_serial_sequence('tables', 'id'), COALESCE(MAX(id), 0) + 1, false)
    FROM tables;
SELECT setval(pg_get_serial_sequence('hands', 'id'), COALESCE(MAX(id), 0) + 1, false)
    FROM hands
""",
    ),
    Migration(
        5,
        "the tournament desk: tournaments, teams, rounds, pairings, lateness",
        """
CREATE TABLE tournaments (
    id          AUTO_ID,
    name        TEXT NOT NULL,
    settings    TEXT NOT NULL,
    created_ms  BIGINT NOT NULL
);
CREATE TABLE teams (
    id              AUTO_ID,
    tournament_id   BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    seed            INTEGER NOT NULL,
    name            TEXT NOT NULL,
    players         TEXT NOT NULL,
    grp             INTEGER,
    withdrawn_round INTEGER,
    created_ms      BIGINT NOT NULL,
    UNIQUE (tournament_id, name),
    UNIQUE (tournament_id, seed)
);
CREATE TABLE rounds (
    tournament_id   BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    number          INTEGER NOT NULL CHECK (number >= 1),
    stage           TEXT NOT NULL CHECK (stage IN ('swiss', 'group', 'knockout')),
    random_seed     BIGINT,
    drawn_ms        BIGINT NOT NULL,
    started_ms      BIGINT,
    PRIMARY KEY (tournament_id, number)
);
CREATE TABLE pairings (
    id              AUTO_ID,
    tournament_id   BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round           INTEGER NOT NULL,
    board           INTEGER NOT NULL,
    team_a          BIGINT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    team_b          BIGINT REFERENCES teams(id) ON DELETE CASCADE,
    table_id        BIGINT REFERENCES tables(id) ON DELETE SET NULL,
    winner          TEXT CHECK (winner IN ('a', 'b', 'none')),
    stones_a        INTEGER NOT NULL DEFAULT 0,
    stones_b        INTEGER NOT NULL DEFAULT 0,
    source          TEXT CHECK (source IN ('table', 'desk', 'forfeit', 'bye')),
    reason          TEXT NOT NULL DEFAULT '',
    result_ms       BIGINT,
    UNIQUE (tournament_id, round, board)
);
CREATE INDEX pairings_by_table ON pairings (table_id);
CREATE TABLE lateness_events (
    id              AUTO_ID,
    pairing_id      BIGINT NOT NULL REFERENCES pairings(id) ON DELETE CASCADE,
    team_id         BIGINT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    minutes_late    DOUBLE PRECISION NOT NULL,
    sanction        TEXT NOT NULL CHECK (sanction IN ('none', 'warning', 'stones', 'forfeit')),
    stones          INTEGER NOT NULL DEFAULT 0,
    created_ms      BIGINT NOT NULL,
    UNIQUE (pairing_id, team_id)
)
""",
    ),
    Migration(
        6,
        "Mus con diez reyes: each table's option, each shown hand's wild cards' values",
        """
ALTER TABLE tables ADD COLUMN diez_reyes INTEGER NOT NULL DEFAULT 0 CHECK (diez_reyes IN (0, 1));
ALTER TABLE hands ADD COLUMN wild TEXT
""",
    ),
    Migration(
        7,
        "each table's other rule options (a JSON object of those not at their default)",
        """
ALTER TABLE tables ADD COLUMN options TEXT NOT NULL DEFAULT '{}'
""",
    ),
    Migration(
        8,
        "the cards of a hand as shown before the referee corrected them",
        """
CREATE TABLE shown_corrections (
    hand_id     BIGINT NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    shown       TEXT NOT NULL,
    wild        TEXT,
    how         TEXT NOT NULL CHECK (how IN ('undo', 'corrected')),
    referee     TEXT NOT NULL DEFAULT '',
    note        TEXT NOT NULL DEFAULT '',
    created_ms  BIGINT NOT NULL,
    PRIMARY KEY (hand_id, seq)
)
""",
    ),
    Migration(
        9,
        "each tournament's rule options, its boards' tables' (a JSON object of those not at"
        " their default)",
        """
ALTER TABLE tournaments ADD COLUMN rules TEXT NOT NULL DEFAULT '{}'
""",
    ),
)

LATEST = MIGRATIONS[-1].version

BOOKKEEPING = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    applied_ms  BIGINT NOT NULL
)
"""

#: Any fixed number: PostgreSQL's advisory lock that one server at a time migrates under.
MIGRATION_LOCK = 7_460_001


def _one_server_at_a_time(db: Database) -> None:
    """Inside a transaction: wait for any other server migrating the same PostgreSQL database.
    (SQLite's ``BEGIN IMMEDIATE`` already holds the file's write lock.)"""
    if db.dialect == "postgresql":
        db.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))


def applied_versions(db: Database) -> set[int]:
    if not db.has_table("schema_migrations"):
        return set()
    return {row[0] for row in db.execute("SELECT version FROM schema_migrations")}


def pending(db: Database, migrations: tuple[Migration, ...] = MIGRATIONS) -> list[Migration]:
    """The migrations not yet applied, in order; refuses a database newer than this keinu."""
    applied = applied_versions(db)
    known = {m.version for m in migrations}
    newer = sorted(applied - known)
    if newer and newer[-1] > max(known):
        raise SchemaTooNew(
            f"{db.description} is at schema version {newer[-1]}, made by a newer keinu; this "
            f"one knows up to version {max(known)}: upgrade keinu"
        )
    return [m for m in migrations if m.version not in applied]


def migrate(db: Database, migrations: tuple[Migration, ...] = MIGRATIONS) -> list[Migration]:
    """Apply every pending migration, each in its own transaction; the ones applied."""
    done = []
    for migration in pending(db, migrations):
        with db.transaction():
            _one_server_at_a_time(db)
            db.execute(BOOKKEEPING)
            already = db.execute(
                "SELECT 1 FROM schema_migrations WHERE version = ?", (migration.version,)
            )
            if already:  # another server applied it while this one waited for the lock
                continue
            for statement in migration.statements(db):
                db.execute(statement)
            db.execute(
                "INSERT INTO schema_migrations (version, name, applied_ms) VALUES (?, ?, ?)",
                (migration.version, migration.name, int(time.time() * 1000)),
            )
        done.append(migration)
    return done
