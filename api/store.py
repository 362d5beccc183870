"""The dashboard's memory: one SQLite file under the data dir.

Every call is written the moment it is accepted, in its own transaction, so a server killed in
the middle of a hand loses nothing: the hand is rebuilt by replaying its stored calls.
Nothing here knows the rules; the engine does.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, TypeVar

SCHEMA = """
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
"""

#: What the referee console adds: señas the referee struck out (kept, marked, exported) and
#: when each table was last made active (the one restored at start).
REFEREE_SCHEMA = """
CREATE TABLE IF NOT EXISTS sena_removals (
    hand_id     INTEGER NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
    call_idx    INTEGER NOT NULL,
    note        TEXT NOT NULL DEFAULT '',
    created_ms  INTEGER NOT NULL,
    PRIMARY KEY (hand_id, call_idx)
);
CREATE TABLE IF NOT EXISTS table_activations (
    table_id     INTEGER PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
    activated_ms INTEGER NOT NULL
);
"""

#: The tables whose rows point at one call of a hand by its index.
_CALL_INDEXED = (("calls", "idx"), ("sena_reviews", "call_idx"), ("sena_removals", "call_idx"))


def now_ms() -> int:
    return int(time.time() * 1000)


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    name: str
    source: str = ""

    @property
    def pair(self) -> str:
        return "1-3" if self.seat in (1, 3) else "2-4"


@dataclass(frozen=True, slots=True)
class TableRow:
    id: int
    name: str
    profile: str
    target: int
    reyes: int
    first_mano: int
    created_ms: int
    seats: tuple[SeatRow, ...] = ()


@dataclass(frozen=True, slots=True)
class CallRow:
    idx: int
    seat: int
    text: str
    t_ms: int | None = None
    gesture: dict | None = None


@dataclass(frozen=True, slots=True)
class HandRow:
    id: int
    table_id: int
    number: int
    game: int
    hand_in_game: int
    mano: int
    score: dict[str, int]
    shown: dict[str, list[str]] | None
    created_ms: int
    calls: tuple[CallRow, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class ReviewRow:
    call_idx: int
    action: str
    note: str
    created_ms: int


@dataclass(frozen=True, slots=True)
class AttemptRow:
    id: int
    player: str
    session: str
    drill: str
    target: str
    seen: str | None
    recognised: bool
    time_ms: int | None
    duration_ms: int | None
    size: float | None
    created_ms: int


class Store:
    """A thread-safe handle on the SQLite file (the web handlers and the live thread share it)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        self._db.executescript(REFEREE_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _query(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._db.execute(sql, params).fetchall()

    # tables and seats

    def create_table(
        self,
        *,
        name: str,
        profile: str,
        target: int,
        reyes: int,
        first_mano: int,
        seats: list[SeatRow],
    ) -> TableRow:
        with self._tx() as db:
            cur = db.execute(
                "INSERT INTO tables (name, profile, target, reyes, first_mano, created_ms)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (name, profile, target, reyes, first_mano, now_ms()),
            )
            table_id = cur.lastrowid
            db.executemany(
                "INSERT INTO seats (table_id, seat, name, source) VALUES (?, ?, ?, ?)",
                [(table_id, s.seat, s.name, s.source) for s in seats],
            )
        return self.get_table(table_id)

    def get_table(self, table_id: int) -> TableRow | None:
        rows = self._query("SELECT * FROM tables WHERE id = ?", (table_id,))
        if not rows:
            return None
        seats = self._query(
            "SELECT seat, name, source FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
        )
        return _table_row(rows[0], seats)

    def list_tables(self) -> list[TableRow]:
        return [
            self.get_table(row["id"]) for row in self._query("SELECT id FROM tables ORDER BY id")
        ]

    # hands and calls

    def create_hand(
        self,
        table_id: int,
        *,
        game: int,
        hand_in_game: int,
        mano: int,
        score: dict[str, int],
    ) -> HandRow:
        with self._tx() as db:
            (number,) = db.execute(
                "SELECT COALESCE(MAX(number), 0) + 1 FROM hands WHERE table_id = ?", (table_id,)
            ).fetchone()
            cur = db.execute(
                "INSERT INTO hands (table_id, number, game, hand_in_game, mano, score, created_ms)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (table_id, number, game, hand_in_game, mano, json.dumps(score), now_ms()),
            )
        return self.get_hand(cur.lastrowid)

    def get_hand(self, hand_id: int) -> HandRow | None:
        rows = self._query("SELECT * FROM hands WHERE id = ?", (hand_id,))
        if not rows:
            return None
        calls = self._query(
            "SELECT idx, seat, text, t_ms, gesture FROM calls WHERE hand_id = ? ORDER BY idx",
            (hand_id,),
        )
        return _hand_row(rows[0], calls)

    def hands_of(self, table_id: int) -> list[HandRow]:
        ids = self._query("SELECT id FROM hands WHERE table_id = ? ORDER BY number", (table_id,))
        return [self.get_hand(row["id"]) for row in ids]

    def last_hand(self, table_id: int) -> HandRow | None:
        rows = self._query(
            "SELECT id FROM hands WHERE table_id = ? ORDER BY number DESC LIMIT 1", (table_id,)
        )
        return self.get_hand(rows[0]["id"]) if rows else None

    def append_call(
        self,
        hand_id: int,
        seat: int,
        text: str,
        t_ms: int | None = None,
        gesture: dict | None = None,
    ) -> CallRow:
        with self._tx() as db:
            (idx,) = db.execute(
                "SELECT COALESCE(MAX(idx), -1) + 1 FROM calls WHERE hand_id = ?", (hand_id,)
            ).fetchone()
            db.execute(
                "INSERT INTO calls (hand_id, idx, seat, text, t_ms, gesture, created_ms)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    hand_id,
                    idx,
                    seat,
                    text,
                    t_ms,
                    json.dumps(gesture) if gesture is not None else None,
                    now_ms(),
                ),
            )
        return CallRow(idx, seat, text, t_ms, gesture)

    def delete_last_call(self, hand_id: int) -> CallRow | None:
        with self._tx() as db:
            row = db.execute(
                "SELECT idx, seat, text, t_ms, gesture FROM calls WHERE hand_id = ?"
                " ORDER BY idx DESC LIMIT 1",
                (hand_id,),
            ).fetchone()
            if row is None:
                return None
            db.execute("DELETE FROM calls WHERE hand_id = ? AND idx = ?", (hand_id, row["idx"]))
            db.execute(
                "DELETE FROM sena_reviews WHERE hand_id = ? AND call_idx = ?", (hand_id, row["idx"])
            )
        return _call_row(row)

    def delete_call(self, hand_id: int, idx: int) -> None:
        """Delete call ``idx`` and what points at it; the later calls (and their reviews and
        removals) move down one place, so indexes stay the calls' positions in the hand."""
        with self._tx() as db:
            for table, column in _CALL_INDEXED:
                db.execute(
                    f"DELETE FROM {table} WHERE hand_id = ? AND {column} = ?", (hand_id, idx)
                )
                # in two steps (through negative indexes) so no row meets another's key
                db.execute(
                    f"UPDATE {table} SET {column} = -({column} - 1)"
                    f" WHERE hand_id = ? AND {column} > ?",
                    (hand_id, idx),
                )
                db.execute(
                    f"UPDATE {table} SET {column} = -{column} WHERE hand_id = ? AND {column} < 0",
                    (hand_id,),
                )

    def set_shown(self, hand_id: int, shown: dict[str, list[str]] | None) -> None:
        with self._tx() as db:
            db.execute(
                "UPDATE hands SET shown = ? WHERE id = ?",
                (json.dumps(shown) if shown is not None else None, hand_id),
            )

    # referee reviews of señas

    def review_sena(self, hand_id: int, call_idx: int, action: str, note: str) -> ReviewRow:
        created = now_ms()
        with self._tx() as db:
            db.execute(
                "INSERT INTO sena_reviews (hand_id, call_idx, action, note, created_ms)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (hand_id, call_idx) DO UPDATE SET"
                " action = excluded.action, note = excluded.note, created_ms = excluded.created_ms",
                (hand_id, call_idx, action, note, created),
            )
        return ReviewRow(call_idx, action, note, created)

    def reviews_of(self, hand_id: int) -> dict[int, ReviewRow]:
        rows = self._query(
            "SELECT call_idx, action, note, created_ms FROM sena_reviews WHERE hand_id = ?",
            (hand_id,),
        )
        return {r["call_idx"]: _row_of(ReviewRow, r) for r in rows}

    def remove_sena(self, hand_id: int, call_idx: int, note: str) -> ReviewRow:
        created = now_ms()
        with self._tx() as db:
            db.execute(
                "INSERT INTO sena_removals (hand_id, call_idx, note, created_ms)"
                " VALUES (?, ?, ?, ?)"
                " ON CONFLICT (hand_id, call_idx) DO UPDATE SET note = excluded.note,"
                " created_ms = excluded.created_ms",
                (hand_id, call_idx, note, created),
            )
        return ReviewRow(call_idx, "removed", note, created)

    def restore_sena(self, hand_id: int, call_idx: int) -> None:
        with self._tx() as db:
            db.execute(
                "DELETE FROM sena_removals WHERE hand_id = ? AND call_idx = ?", (hand_id, call_idx)
            )

    def removals_of(self, hand_id: int) -> dict[int, ReviewRow]:
        rows = self._query(
            "SELECT call_idx, 'removed' AS action, note, created_ms FROM sena_removals"
            " WHERE hand_id = ?",
            (hand_id,),
        )
        return {r["call_idx"]: _row_of(ReviewRow, r) for r in rows}

    # the active table

    def mark_active(self, table_id: int) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT INTO table_activations (table_id, activated_ms) VALUES (?,"
                " MAX(?, (SELECT COALESCE(MAX(activated_ms), 0) + 1 FROM table_activations)))"
                " ON CONFLICT (table_id) DO UPDATE SET activated_ms = excluded.activated_ms",
                (table_id, now_ms()),
            )

    def last_active_table(self) -> int | None:
        """The table made active last (the newest table when none ever was)."""
        rows = self._query(
            "SELECT id FROM tables LEFT JOIN table_activations ON table_id = id"
            " ORDER BY COALESCE(activated_ms, 0) DESC, id DESC LIMIT 1"
        )
        return rows[0]["id"] if rows else None

    # practice

    def player(self, name: str) -> dict:
        rows = self._query("SELECT * FROM players WHERE name = ?", (name,))
        if not rows:
            return {"name": name, "sensitivities": {}, "calibration": None}
        row = rows[0]
        return {
            "name": row["name"],
            "sensitivities": json.loads(row["sensitivities"]),
            "calibration": json.loads(row["calibration"]) if row["calibration"] else None,
        }

    def list_players(self) -> list[str]:
        names = self._query(
            "SELECT name FROM players UNION SELECT DISTINCT player FROM practice_attempts"
            " ORDER BY 1"
        )
        return [row[0] for row in names]

    def save_player(
        self, name: str, *, sensitivities: dict[str, float], calibration: dict | None = None
    ) -> dict:
        with self._tx() as db:
            db.execute(
                "INSERT INTO players (name, sensitivities, calibration) VALUES (?, ?, ?)"
                " ON CONFLICT (name) DO UPDATE SET sensitivities = excluded.sensitivities,"
                " calibration = COALESCE(excluded.calibration, players.calibration)",
                (
                    name,
                    json.dumps(sensitivities, sort_keys=True),
                    json.dumps(calibration) if calibration is not None else None,
                ),
            )
        return self.player(name)

    def add_attempt(
        self,
        *,
        player: str,
        session: str,
        drill: str,
        target: str,
        seen: str | None,
        recognised: bool,
        time_ms: int | None,
        duration_ms: int | None,
        size: float | None,
    ) -> AttemptRow:
        attempt = AttemptRow(
            0,  # the database numbers it
            player,
            session,
            drill,
            target,
            seen,
            recognised,
            time_ms,
            duration_ms,
            size,
            now_ms(),
        )
        columns = [f.name for f in fields(AttemptRow)][1:]
        with self._tx() as db:
            cur = db.execute(
                f"INSERT INTO practice_attempts ({', '.join(columns)})"
                f" VALUES ({', '.join('?' * len(columns))})",
                [getattr(attempt, column) for column in columns],
            )
        return replace(attempt, id=cur.lastrowid)

    def attempts_of(self, player: str) -> list[AttemptRow]:
        rows = self._query(
            "SELECT * FROM practice_attempts WHERE player = ? ORDER BY created_ms, id", (player,)
        )
        return [_row_of(AttemptRow, r, recognised=bool(r["recognised"])) for r in rows]


Row = TypeVar("Row")


def _row_of(cls: type[Row], row: sqlite3.Row, **decoded: Any) -> Row:
    """A ``cls`` from the columns of ``row`` named as its fields; ``decoded`` gives the fields
    that a column does not hold as they are (JSON text, a 0/1 flag, child rows)."""
    plain = {f.name: row[f.name] for f in fields(cls) if f.name not in decoded}
    return cls(**plain, **decoded)


def _json_or_none(text: str | None) -> Any:
    return json.loads(text) if text else None


def _table_row(row: sqlite3.Row, seats: list[sqlite3.Row]) -> TableRow:
    return _row_of(TableRow, row, seats=tuple(_row_of(SeatRow, s) for s in seats))


def _call_row(row: sqlite3.Row) -> CallRow:
    return _row_of(CallRow, row, gesture=_json_or_none(row["gesture"]))


def _hand_row(row: sqlite3.Row, calls: list[sqlite3.Row]) -> HandRow:
    return _row_of(
        HandRow,
        row,
        score=json.loads(row["score"]),
        shown=_json_or_none(row["shown"]),
        calls=tuple(_call_row(c) for c in calls),
    )
