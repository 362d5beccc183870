"""One interface over SQLite and PostgreSQL, so the store has a single code path.

The store writes its SQL once, with ``?`` placeholders and ``RETURNING`` (both databases have
it); the PostgreSQL side turns ``?`` into psycopg's ``%s``. Each handle is one connection behind
a lock, as the web handlers and the live thread share it: a transaction is never interleaved
with another. The differences that remain are small and named here: how a transaction takes its
write lock (``lock_row``), how an id column is declared (``AUTO_ID`` in a migration), and
whether a commit tells other servers (``notify``). Driver errors leave as :mod:`api.db.errors`.
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from api.db.errors import IntegrityError, StoreCorrupt, StoreError, StoreUnavailable

if TYPE_CHECKING:
    import psycopg
    from psycopg.rows import RowMaker

#: The channel every keinu server LISTENs on for the others' writes.
CHANNEL = "keinu_changes"

POSTGRES_URL = re.compile(r"^postgres(ql)?://", re.IGNORECASE)


def is_postgres_url(where: str | Path) -> bool:
    return isinstance(where, str) and bool(POSTGRES_URL.match(where))


def safe_url(url: str) -> str:
    """``url`` without its password, for messages and logs."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


class Row:
    """A PostgreSQL result row read like ``sqlite3.Row``: by position, by column name, unpacked."""

    __slots__ = ("_index", "_values")

    def __init__(self, values: Sequence[Any], index: dict[str, int]) -> None:
        self._values = values
        self._index = index

    def __getitem__(self, key: int | str) -> Any:
        return self._values[self._index[key] if isinstance(key, str) else key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def keys(self) -> list[str]:
        return list(self._index)


class Result(list[Any]):
    """The rows of one statement, also read the way a DB-API cursor is."""

    def fetchone(self) -> Any:
        return self[0] if self else None

    def fetchall(self) -> list[Any]:
        return list(self)


class Database(ABC):
    """A connection to the store's database; every method is safe from any thread."""

    dialect: ClassVar[str]
    #: How a migration's ``AUTO_ID`` column is declared: an integer primary key the database
    #: numbers itself.
    auto_id: ClassVar[str]

    def __init__(self) -> None:
        self._lock = threading.RLock()

    @property
    @abstractmethod
    def description(self) -> str:
        """Where the data is, for messages (a path, or a URL without its password)."""

    @contextmanager
    def transaction(self) -> Iterator[Database]:
        """Everything executed inside commits together, or not at all."""
        with self._lock, self._errors():
            self._execute("BEGIN IMMEDIATE" if self.dialect == "sqlite" else "BEGIN", ())
            try:
                yield self
            except BaseException:
                self._rollback()
                raise
            self._execute("COMMIT", ())

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Result:
        """Run one statement; its rows (none for a write without ``RETURNING``)."""
        with self._lock, self._errors():
            return Result(self._execute(sql, params))

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with self._lock, self._errors():
            for params in rows:
                self._execute(sql, params)

    @abstractmethod
    def has_table(self, name: str) -> bool: ...

    @abstractmethod
    def lock_row(self, table: str, row_id: int) -> None:
        """Inside a transaction: keep other writers off this row until the commit, so a
        number read from it (the next call's index, the next hand's) stays the next one."""

    @abstractmethod
    def notify(self, change: dict[str, Any]) -> None:
        """Inside a transaction: tell the other servers on this database, at the commit."""

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def _execute(self, sql: str, params: Sequence[Any]) -> list[Any]: ...

    @abstractmethod
    def _rollback(self) -> None: ...

    @abstractmethod
    @contextmanager
    def _errors(self) -> Iterator[None]:
        """Turn the driver's exceptions into :mod:`api.db.errors`."""


#: What SQLite says when the file is fine but cannot be used at the moment.
SQLITE_NOT_NOW = ("locked", "disk I/O", "unable to open", "readonly", "full")


class SqliteDatabase(Database):
    dialect = "sqlite"
    auto_id = "INTEGER PRIMARY KEY"

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        with self._errors():
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        try:
            with self._errors():
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA foreign_keys=ON")
        except StoreError:
            self._db.close()
            raise

    @property
    def description(self) -> str:
        return str(self.path)

    @contextmanager
    def connection(self) -> Iterator[sqlite3.Connection]:
        """The raw connection, held from every other thread, for SQLite's own tools (the
        integrity check, the online backup)."""
        with self._lock:
            yield self._db

    def has_table(self, name: str) -> bool:
        return bool(self.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (name,)))

    def lock_row(self, table: str, row_id: int) -> None:
        """Nothing more to do: ``BEGIN IMMEDIATE`` already holds the whole file's write lock."""

    def notify(self, change: dict[str, Any]) -> None:
        """Nobody to tell: one SQLite file serves one keinu."""

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _execute(self, sql: str, params: Sequence[Any]) -> list[Any]:
        return self._db.execute(sql, params).fetchall()

    def _rollback(self) -> None:
        if self._db.in_transaction:
            self._db.execute("ROLLBACK")

    @contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.IntegrityError as exc:
            raise IntegrityError(str(exc)) from exc
        except sqlite3.OperationalError as exc:
            if "malformed" in str(exc):
                raise self._corrupt(exc) from exc
            if any(word in str(exc) for word in SQLITE_NOT_NOW):
                raise StoreUnavailable(f"{self.path}: {exc}; nothing was stored") from exc
            raise StoreError(f"{self.path}: {exc}") from exc
        except (sqlite3.ProgrammingError, sqlite3.InterfaceError) as exc:
            raise StoreError(f"{self.path}: {exc}") from exc
        except sqlite3.DatabaseError as exc:
            raise self._corrupt(exc) from exc

    def _corrupt(self, exc: Exception) -> StoreCorrupt:
        from api.db.backups import Backups, corrupt_message

        return StoreCorrupt(corrupt_message(self.path, [str(exc)], Backups(self.path)))


class PostgresDatabase(Database):
    """PostgreSQL through psycopg 3. A connection lost (the server restarted, the network
    dropped) fails the request at hand with :class:`StoreUnavailable` and is made again at the
    next one, so a server recovers on its own once PostgreSQL is back."""

    dialect = "postgresql"
    auto_id = "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"

    def __init__(self, url: str, *, origin: str = "") -> None:
        super().__init__()
        self.url = url
        #: Which server wrote a change: its own notifications come back to it and are skipped.
        self.origin = origin
        self._conn: psycopg.Connection[Row] | None = None
        with self._errors():
            self._connected()

    @property
    def description(self) -> str:
        return safe_url(self.url)

    def _connected(self) -> psycopg.Connection[Row]:
        import psycopg

        if self._conn is None or self._conn.closed or self._conn.broken:
            if self._conn is not None:
                self._conn.close()
            self._conn = None
            self._conn = psycopg.connect(
                self.url, autocommit=True, row_factory=_pg_rows, connect_timeout=5
            )
        return self._conn

    def has_table(self, name: str) -> bool:
        return cast(bool, self.execute("SELECT to_regclass(?) IS NOT NULL", (name,))[0][0])

    def lock_row(self, table: str, row_id: int) -> None:
        self._execute(f"SELECT 1 FROM {table} WHERE id = ? FOR UPDATE", (row_id,))

    def notify(self, change: dict[str, Any]) -> None:
        payload = json.dumps({"origin": self.origin, **change})
        self._execute("SELECT pg_notify(?, ?)", (CHANNEL, payload))

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()

    def _execute(self, sql: str, params: Sequence[Any]) -> list[Any]:
        cur = self._connected().execute(_pg_sql(sql), [_pg_param(p) for p in params])
        return cur.fetchall() if cur.description else []

    def _rollback(self) -> None:
        conn = self._conn
        if conn is not None and not conn.broken and not conn.closed:
            conn.execute("ROLLBACK")

    @contextmanager
    def _errors(self) -> Iterator[None]:
        import psycopg

        try:
            yield
        except (psycopg.IntegrityError, psycopg.DataError) as exc:
            raise IntegrityError(str(exc).strip()) from exc
        except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise StoreUnavailable(
                f"the database {self.description} cannot be reached ({reason}); nothing was "
                "stored: try again once it is back"
            ) from exc
        except psycopg.Error as exc:
            raise StoreError(f"{self.description}: {str(exc).strip()}") from exc


def _pg_sql(sql: str) -> str:
    return sql.replace("%", "%%").replace("?", "%s")


def _pg_param(value: Any) -> Any:
    """Flags are stored as 0/1 integers in both databases, as SQLite has no boolean."""
    return int(value) if isinstance(value, bool) else value


def _pg_rows(cursor: psycopg.Cursor[Any]) -> RowMaker[Row]:
    index = {column.name: i for i, column in enumerate(cursor.description or ())}
    return lambda values: Row(values, index)


def open_database(where: str | Path, *, origin: str = "") -> Database:
    """A PostgreSQL database for a ``postgresql://`` URL, else the SQLite file at ``where``."""
    if is_postgres_url(where):
        return PostgresDatabase(str(where), origin=origin)
    return SqliteDatabase(Path(where))
