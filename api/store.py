"""The dashboard's memory: one SQLite file under the data dir, or a club's PostgreSQL database.

Every call is written the moment it is accepted, in its own transaction, so a server killed in
the middle of a hand loses nothing: the hand is rebuilt by replaying its stored calls.
Nothing here knows the rules; the engine does. The SQL is written once for both databases
(:mod:`api.db.connection`); opening a store checks an SQLite file, backs it up before a schema
change and upgrades it in place (:mod:`api.db.migrations`, :mod:`api.db.backups`).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

from api.db.backups import Backups, corrupt_message, integrity_problems
from api.db.connection import Database, SqliteDatabase, open_database
from api.db.errors import StoreCorrupt, StoreError
from api.db.migrations import migrate, pending

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

log = logging.getLogger(__name__)

#: What the referee console adds: señas the referee struck out (kept, marked, exported) and
#: when each table was last made active (the one restored at start).

#: The tables whose rows point at one call of a hand by its index.
_CALL_INDEXED = (("calls", "idx"), ("sena_reviews", "call_idx"), ("sena_removals", "call_idx"))


def now_ms() -> int:
    return int(time.time() * 1000)


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    name: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table and the house rules it was set up with (``api.referee.rules_of`` reads them)."""

    id: int
    name: str
    profile: str
    target: int
    reyes: int
    first_mano: int
    created_ms: int
    game: str = "mus"
    players: int = 4
    captains: bool = False
    stones: int = 15
    deal: str = "mus"
    diez_reyes: bool = False
    #: Every other option of its rules that is not at its default (``{"match": "vacas"}``).
    options: dict[str, Any] = field(default_factory=dict)
    seats: tuple[SeatRow, ...] = ()


@dataclass(frozen=True, slots=True)
class CallRow:
    idx: int
    seat: int
    text: str
    t_ms: int | None = None
    gesture: dict[str, Any] | None = None


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
    #: Mus con diez reyes: what each seat's wild cards stood for when shown (``{"1": ["R"]}``).
    wild: dict[str, list[str]] | None = None
    calls: tuple[CallRow, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class HandStart:
    """Where a hand starts: its game, its number in that game, its mano and the score before it."""

    game: int
    hand_in_game: int
    mano: int
    score: dict[str, int]


@dataclass(frozen=True, slots=True)
class CorrectionRow:
    """Cards of a hand as they were shown before the referee took them back (``how`` "undo")
    or corrected them ("corrected", with who did it and why)."""

    shown: dict[str, list[str]]
    wild: dict[str, list[str]] | None
    how: str
    referee: str
    note: str
    created_ms: int


@dataclass(frozen=True, slots=True)
class ReviewRow:
    call_idx: int
    action: str
    note: str
    created_ms: int


@dataclass(frozen=True, slots=True)
class AttemptRow:
    """A practice drill's attempt: ``targets``, the señas the drill asked for (one for a seña
    drill; for a dealt hand, every seña true of it, any of which counts)."""

    id: int
    player: str
    session: str
    drill: str
    targets: tuple[str, ...]
    seen: str | None
    recognised: bool
    time_ms: int | None
    duration_ms: int | None
    size: float | None
    created_ms: int


@dataclass(frozen=True, slots=True)
class ActaRow:
    """A game's acta as the referee signed it: ``content`` is the report at that moment."""

    table_id: int
    game: int
    referee: str
    notes: str
    sanctions: list[dict[str, Any]]
    content: dict[str, Any]
    signed_ms: int


class Store:
    """A thread-safe handle on the database (the web handlers and the live thread share it).

    ``where`` is the SQLite file's path or a ``postgresql://`` URL; ``origin`` names this
    server in the changes it announces to the others on a shared PostgreSQL database."""

    def __init__(self, where: Path | str, *, origin: str = "") -> None:
        self._db: Database = open_database(where, origin=origin)
        self.path = self._db.path if isinstance(self._db, SqliteDatabase) else None
        self.backups = Backups(self.path) if self.path is not None else None
        try:
            self._open()
        except BaseException:
            self._db.close()
            raise

    def _open(self) -> None:
        """Check an SQLite file, back it up before a schema change (when it holds anything),
        then apply the pending migrations and take the day's backup."""
        if isinstance(self._db, SqliteDatabase):
            assert self.path is not None and self.backups is not None  # both set for SQLite
            with self._db.connection() as raw:
                problems = integrity_problems(raw)
            if problems:
                raise StoreCorrupt(corrupt_message(self.path, problems, self.backups))
            waiting = pending(self._db)
            if waiting and self._db.has_table("tables"):
                self.backup(f"before-v{waiting[0].version}")
        migrate(self._db)
        self._daily_backup()

    @property
    def database(self) -> Database:
        return self._db

    def close(self) -> None:
        self._db.close()

    def backup(self, kind: str = "manual") -> Path:
        """A checked copy of the SQLite file in its ``backups/`` folder."""
        if not isinstance(self._db, SqliteDatabase):
            raise StoreError(
                f"{self._db.description}: PostgreSQL's backups are made with pg_dump, not keinu"
            )
        assert self.backups is not None  # set for SQLite
        with self._db.connection() as raw:  # no write slips in half-way through the copy
            return self.backups.make(raw, kind)

    def _daily_backup(self) -> None:
        """The day's backup, after a write: its failure is logged, never the write's."""
        if self.backups is not None and self.backups.daily_due():
            try:
                self.backup("daily")
            except (StoreError, OSError) as exc:
                log.warning("the daily backup of %s failed: %s", self.path, exc)

    @contextmanager
    def _tx(self, change: dict[str, Any] | None = None) -> Iterator[Database]:
        """One transaction; ``change`` (which table or hand it touched) is announced to the
        other servers at its commit."""
        with self._db.transaction() as db:
            yield db
            if change is not None:
                db.notify(change)
        self._daily_backup()

    def _query(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        return self._db.execute(sql, params)

    def _hand_change(self, what: str, hand_id: int) -> dict[str, Any]:
        rows = self._query("SELECT table_id FROM hands WHERE id = ?", (hand_id,))
        return {"what": what, "table_id": rows[0][0] if rows else None, "hand_id": hand_id}

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
        game: str = "mus",
        players: int = 4,
        captains: bool = False,
        stones: int = 15,
        deal: str = "mus",
        diez_reyes: bool = False,
        options: dict[str, Any] | None = None,
        first_hand_score: dict[str, int] | None = None,
    ) -> TableRow:
        """Store a table and its seats; with ``first_hand_score``, its first hand too (game 1,
        hand 1, ``first_mano`` mano), in the same transaction: a table is never left without it."""
        with self._tx() as db:
            ((table_id,),) = db.execute(
                "INSERT INTO tables (name, profile, target, reyes, first_mano, created_ms,"
                " game, players, captains, stones, deal, diez_reyes, options)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    name,
                    profile,
                    target,
                    reyes,
                    first_mano,
                    now_ms(),
                    game,
                    players,
                    int(captains),
                    stones,
                    deal,
                    int(diez_reyes),
                    json.dumps(options or {}, sort_keys=True),
                ),
            )
            db.executemany(
                "INSERT INTO seats (table_id, seat, name, source) VALUES (?, ?, ?, ?)",
                [(table_id, s.seat, s.name, s.source) for s in seats],
            )
            if first_hand_score is not None:
                self._insert_hand(db, table_id, 1, 1, first_mano, first_hand_score)
            db.notify({"what": "table", "table_id": table_id})
        return cast(TableRow, self.get_table(table_id))  # just stored

    def get_table(self, table_id: int) -> TableRow | None:
        rows = self._query("SELECT * FROM tables WHERE id = ?", (table_id,))
        if not rows:
            return None
        seats = self._query(
            "SELECT seat, name, source FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
        )
        return _table_row(rows[0], seats)

    def name_seat(self, table_id: int, seat: int, name: str) -> None:
        """The player's ``name`` at ``seat`` of the table, in place of the one it had."""
        with self._tx({"what": "table", "table_id": table_id}) as db:
            db.execute(
                "UPDATE seats SET name = ? WHERE table_id = ? AND seat = ?", (name, table_id, seat)
            )

    def list_tables(self) -> list[TableRow]:
        """Every table; one deleted (a session removed) while they are read is left out."""
        tables = (
            self.get_table(row["id"]) for row in self._query("SELECT id FROM tables ORDER BY id")
        )
        return [table for table in tables if table is not None]

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
        with self._tx({"what": "hand", "table_id": table_id}) as db:
            db.lock_row("tables", table_id)
            hand_id = self._insert_hand(db, table_id, game, hand_in_game, mano, score)
        return cast(HandRow, self.get_hand(hand_id))  # just stored

    @staticmethod
    def _insert_hand(
        db: Database, table_id: int, game: int, hand_in_game: int, mano: int, score: dict[str, int]
    ) -> int:
        """Insert the table's next hand inside ``db``'s transaction; returns its id."""
        (number,) = db.execute(
            "SELECT COALESCE(MAX(number), 0) + 1 FROM hands WHERE table_id = ?", (table_id,)
        ).fetchone()
        ((hand_id,),) = db.execute(
            "INSERT INTO hands (table_id, number, game, hand_in_game, mano, score, created_ms)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (table_id, number, game, hand_in_game, mano, json.dumps(score), now_ms()),
        )
        return int(hand_id)

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
        """The table's hands in order; any deleted (a session removed) while read is left out."""
        hands = (self.get_hand(hand_id) for hand_id in self.hand_ids_of(table_id))
        return [hand for hand in hands if hand is not None]

    def hand_ids_of(self, table_id: int) -> list[int]:
        rows = self._query("SELECT id FROM hands WHERE table_id = ? ORDER BY number", (table_id,))
        return [row["id"] for row in rows]

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
        gesture: dict[str, Any] | None = None,
    ) -> CallRow:
        with self._tx(self._hand_change("call", hand_id)) as db:
            db.lock_row("hands", hand_id)
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
        with self._tx(self._hand_change("undo", hand_id)) as db:
            db.lock_row("hands", hand_id)
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
        with self._tx(self._hand_change("call", hand_id)) as db:
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

    def set_shown(
        self,
        hand_id: int,
        shown: dict[str, list[str]] | None,
        wild: dict[str, list[str]] | None = None,
    ) -> None:
        """The hands as shown and, with diez reyes, their wild cards' values (None: none)."""
        with self._tx(self._hand_change("shown", hand_id)) as db:
            db.execute(
                "UPDATE hands SET shown = ?, wild = ? WHERE id = ?",
                (
                    json.dumps(shown) if shown is not None else None,
                    json.dumps(wild) if wild else None,
                    hand_id,
                ),
            )

    def replace_shown(
        self,
        hand_id: int,
        shown: dict[str, list[str]] | None,
        wild: dict[str, list[str]] | None,
        *,
        how: str,
        referee: str = "",
        note: str = "",
        restart: tuple[int, HandStart] | None = None,
        drop: int | None = None,
    ) -> None:
        """Replace the cards entered for a hand (None: taken back) and keep the replaced ones
        among its corrections, in one transaction with what follows from them for the hand
        dealt after it: ``restart`` gives that hand its new start, ``drop`` removes it."""
        with self._tx(self._hand_change("shown", hand_id)) as db:
            db.lock_row("hands", hand_id)
            old = db.execute("SELECT shown, wild FROM hands WHERE id = ?", (hand_id,)).fetchone()
            (seq,) = db.execute(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM shown_corrections WHERE hand_id = ?",
                (hand_id,),
            ).fetchone()
            db.execute(
                "INSERT INTO shown_corrections"
                " (hand_id, seq, shown, wild, how, referee, note, created_ms)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (hand_id, seq, old["shown"], old["wild"], how, referee, note, now_ms()),
            )
            db.execute(
                "UPDATE hands SET shown = ?, wild = ? WHERE id = ?",
                (
                    json.dumps(shown) if shown is not None else None,
                    json.dumps(wild) if wild else None,
                    hand_id,
                ),
            )
            if restart is not None:
                later, start = restart
                db.execute(
                    "UPDATE hands SET game = ?, hand_in_game = ?, mano = ?, score = ? WHERE id = ?",
                    (start.game, start.hand_in_game, start.mano, json.dumps(start.score), later),
                )
            if drop is not None:
                db.execute("DELETE FROM hands WHERE id = ?", (drop,))

    def corrections_of(self, hand_id: int) -> list[CorrectionRow]:
        """The cards the hand was shown with before each correction, oldest first."""
        rows = self._query(
            "SELECT shown, wild, how, referee, note, created_ms FROM shown_corrections"
            " WHERE hand_id = ? ORDER BY seq",
            (hand_id,),
        )
        return [
            _row_of(CorrectionRow, r, shown=json.loads(r["shown"]), wild=_json_or_none(r["wild"]))
            for r in rows
        ]

    # referee reviews of señas

    def review_sena(self, hand_id: int, call_idx: int, action: str, note: str) -> ReviewRow:
        created = now_ms()
        with self._tx(self._hand_change("review", hand_id)) as db:
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

    # actas

    def sign_acta(
        self,
        table_id: int,
        game: int,
        *,
        referee: str,
        notes: str,
        sanctions: list[dict[str, Any]],
        content: dict[str, Any],
    ) -> ActaRow | None:
        """Store the signed acta; None if that game's acta was already signed (it stays)."""
        signed = now_ms()
        with self._tx({"what": "acta", "table_id": table_id}) as db:
            rows = db.execute(
                "INSERT INTO actas (table_id, game, referee, notes, sanctions, content, signed_ms)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, game) DO NOTHING"
                " RETURNING signed_ms",
                (
                    table_id,
                    game,
                    referee,
                    notes,
                    json.dumps(sanctions, ensure_ascii=False),
                    json.dumps(content, ensure_ascii=False),
                    signed,
                ),
            )
        if not rows:
            return None
        return ActaRow(table_id, game, referee, notes, sanctions, content, signed)

    def acta(self, table_id: int, game: int) -> ActaRow | None:
        rows = self._query("SELECT * FROM actas WHERE table_id = ? AND game = ?", (table_id, game))
        return _acta_row(rows[0]) if rows else None

    def actas_of(self, table_id: int) -> list[ActaRow]:
        """The table's signed actas, by game."""
        rows = self._query("SELECT * FROM actas WHERE table_id = ? ORDER BY game", (table_id,))
        return [_acta_row(row) for row in rows]

    def remove_sena(self, hand_id: int, call_idx: int, note: str) -> ReviewRow:
        created = now_ms()
        with self._tx(self._hand_change("review", hand_id)) as db:
            db.execute(
                "INSERT INTO sena_removals (hand_id, call_idx, note, created_ms)"
                " VALUES (?, ?, ?, ?)"
                " ON CONFLICT (hand_id, call_idx) DO UPDATE SET note = excluded.note,"
                " created_ms = excluded.created_ms",
                (hand_id, call_idx, note, created),
            )
        return ReviewRow(call_idx, "removed", note, created)

    def restore_sena(self, hand_id: int, call_idx: int) -> None:
        with self._tx(self._hand_change("review", hand_id)) as db:
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
            newest = db.execute("SELECT MAX(activated_ms) AS newest FROM table_activations")
            after = (newest[0]["newest"] or 0) + 1 if newest else 1
            db.execute(
                "INSERT INTO table_activations (table_id, activated_ms) VALUES (?, ?)"
                " ON CONFLICT (table_id) DO UPDATE SET activated_ms = excluded.activated_ms",
                (table_id, max(now_ms(), after)),
            )

    def last_active_table(self) -> int | None:
        """The table made active last (the newest table when none ever was)."""
        rows = self._query(
            "SELECT id FROM tables LEFT JOIN table_activations ON table_id = id"
            " ORDER BY COALESCE(activated_ms, 0) DESC, id DESC LIMIT 1"
        )
        return rows[0]["id"] if rows else None

    # practice

    def player(self, name: str) -> dict[str, Any]:
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
        self,
        name: str,
        *,
        sensitivities: dict[str, float],
        calibration: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
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
        targets: tuple[str, ...],
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
            targets,
            seen,
            recognised,
            time_ms,
            duration_ms,
            size,
            now_ms(),
        )
        columns = {f.name: getattr(attempt, f.name) for f in fields(AttemptRow)[1:]}
        columns["target"] = json.dumps(list(columns.pop("targets")))
        with self._tx() as db:
            ((attempt_id,),) = db.execute(
                f"INSERT INTO practice_attempts ({', '.join(columns)})"
                f" VALUES ({', '.join('?' * len(columns))}) RETURNING id",
                list(columns.values()),
            )
        return replace(attempt, id=attempt_id)

    def attempts_of(self, player: str) -> list[AttemptRow]:
        rows = self._query(
            "SELECT * FROM practice_attempts WHERE player = ? ORDER BY created_ms, id", (player,)
        )
        return [
            _row_of(
                AttemptRow,
                r,
                recognised=bool(r["recognised"]),
                targets=_asked_senas(r["target"]),
            )
            for r in rows
        ]


def _asked_senas(stored: str) -> tuple[str, ...]:
    """The señas an attempt's drill asked for, as its ``target`` column holds them: a JSON list;
    before, one seña, or a missed hand's señas joined by " | " (a hit kept only the seña made)."""
    if stored.startswith("["):
        return tuple(json.loads(stored))
    return tuple(stored.split(" | "))


Row = TypeVar("Row", bound="DataclassInstance")


def _row_of(cls: type[Row], row: Any, **decoded: Any) -> Row:
    """A ``cls`` from the columns of ``row`` named as its fields; ``decoded`` gives the fields
    that a column does not hold as they are (JSON text, a 0/1 flag, child rows)."""
    plain = {f.name: row[f.name] for f in fields(cls) if f.name not in decoded}
    return cls(**plain, **decoded)


def _acta_row(row: Any) -> ActaRow:
    return _row_of(
        ActaRow, row, sanctions=json.loads(row["sanctions"]), content=json.loads(row["content"])
    )


def _json_or_none(text: str | None) -> Any:
    return json.loads(text) if text else None


def _table_row(row: Any, seats: list[Any]) -> TableRow:
    return _row_of(
        TableRow,
        row,
        captains=bool(row["captains"]),
        diez_reyes=bool(row["diez_reyes"]),
        options=json.loads(row["options"]),
        seats=tuple(_row_of(SeatRow, s) for s in seats),
    )


def _call_row(row: Any) -> CallRow:
    return _row_of(CallRow, row, gesture=_json_or_none(row["gesture"]))


def _hand_row(row: Any, calls: list[Any]) -> HandRow:
    return _row_of(
        HandRow,
        row,
        score=json.loads(row["score"]),
        shown=_json_or_none(row["shown"]),
        wild=_json_or_none(row["wild"]),
        calls=tuple(_call_row(c) for c in calls),
    )
