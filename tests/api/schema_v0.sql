-- The store's schema as the first keinu releases made it (no version kept), for the upgrade
-- tests: never edit it.
CREATE TABLE IF NOT EXISTS tables (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    profile     TEXT NOT NULL,
    target      INTEGER NOT NULL CHECK (target IN (30, 40)),
    reyes       INTEGER NOT NULL CHECK (reyes IN (4, 8)),
    first_mano  INTEGER NOT NULL CHECK (first_mano BETWEEN 1 AND 4),
    created_ms  INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id    INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 4),
    name        TEXT NOT NULL,
    source      TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS hands (
    id           INTEGER PRIMARY KEY,
    table_id     INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    number       INTEGER NOT NULL,
    game         INTEGER NOT NULL,
    hand_in_game INTEGER NOT NULL,
    mano         INTEGER NOT NULL CHECK (mano BETWEEN 1 AND 4),
    score        TEXT NOT NULL,
    shown        TEXT,
    created_ms   INTEGER NOT NULL,
    UNIQUE (table_id, number)
);
CREATE TABLE IF NOT EXISTS calls (
    hand_id     INTEGER NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
    idx         INTEGER NOT NULL,
    seat        INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 4),
    text        TEXT NOT NULL,
    t_ms        INTEGER,
    gesture     TEXT,
    created_ms  INTEGER NOT NULL,
    PRIMARY KEY (hand_id, idx)
);
CREATE TABLE IF NOT EXISTS sena_reviews (
    hand_id     INTEGER NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
    call_idx    INTEGER NOT NULL,
    action      TEXT NOT NULL CHECK (action IN ('acknowledged', 'overruled')),
    note        TEXT NOT NULL DEFAULT '',
    created_ms  INTEGER NOT NULL,
    PRIMARY KEY (hand_id, call_idx)
);
CREATE TABLE IF NOT EXISTS players (
    name          TEXT PRIMARY KEY,
    sensitivities TEXT NOT NULL DEFAULT '{}',
    calibration   TEXT
);
CREATE TABLE IF NOT EXISTS practice_attempts (
    id          INTEGER PRIMARY KEY,
    player      TEXT NOT NULL,
    session     TEXT NOT NULL,
    drill       TEXT NOT NULL,
    target      TEXT NOT NULL,
    seen        TEXT,
    recognised  INTEGER NOT NULL,
    time_ms     INTEGER,
    duration_ms INTEGER,
    size        REAL,
    created_ms  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS attempts_by_player ON practice_attempts (player, created_ms);
