"""The SQLite file's health: its integrity check, and the backups kept beside it.

Backups live in ``backups/`` next to the file (so in the data directory), one file each, named
``keinu-<UTC time>-<kind>.sqlite3``: ``before-v<N>`` before migration N changes the schema,
``daily`` at most once a day while the store is used, ``manual`` from ``keinu db backup``, and
``replaced`` for the file that ``keinu db restore`` moved aside. Each is made with SQLite's
online backup (a consistent copy even while the server writes) and checked before it counts.
At most :data:`KEEP` of each kind are kept: the oldest go first.

PostgreSQL keeps its own data safe; its backups are the administrator's (``pg_dump``).
"""

from __future__ import annotations

import re
import shutil
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import cast

from api.db.errors import StoreCorrupt, StoreError

KEEP = 7
#: The first bytes of every SQLite database file.
SQLITE_HEADER = b"SQLite format 3\x00"
DAY_S = 24 * 3600
NAME = re.compile(r"^keinu-(\d{8}T\d{6}(?:\.\d{3})?)Z-([a-z0-9-]+)\.sqlite3$")


def _named(path: Path) -> re.Match[str]:
    """The time and kind in the name of a backup, which :meth:`Backups.all` only lists when
    :data:`NAME` matches it."""
    return cast(re.Match[str], NAME.match(path.name))


def integrity_problems(db: sqlite3.Connection, limit: int = 5) -> list[str]:
    """What ``PRAGMA integrity_check`` finds wrong (an empty list for a healthy file); a file
    too damaged to be checked at all gives the error it raised."""
    try:
        rows = db.execute(f"PRAGMA integrity_check({limit})").fetchall()
    except sqlite3.DatabaseError as exc:
        return [str(exc)]
    problems = [
        line.strip()
        for (text,) in rows
        for line in str(text).splitlines()
        if line.strip() and not line.startswith("*** in database")
    ]
    return [] if problems == ["ok"] else problems


def check_file(path: Path, *, immutable: bool = False) -> list[str]:
    """The integrity problems of the SQLite file at ``path``, opened read-only. An
    ``immutable`` file is one nothing writes to (a backup): it is read as it is, so that SQLite
    leaves no ``-wal`` or ``-shm`` file beside it."""
    if path.is_dir():
        return ["a folder, not an SQLite file"]
    if not path.is_file():
        return [f"no such file: {path}"]
    try:
        db = _read_only(path, immutable)
    except sqlite3.Error as exc:
        return [str(exc)]
    try:
        return integrity_problems(db)
    finally:
        db.close()


def backup_problem(path: Path) -> str | None:
    """Why the backup at ``path`` could not be restored, found quickly (its header, then
    SQLite's quick check), or None for a usable one; it leaves nothing beside the file."""
    try:
        with open(path, "rb") as f:
            header = f.read(len(SQLITE_HEADER))
    except OSError as exc:
        return f"cannot read it: {exc.strerror or exc}"
    if header != SQLITE_HEADER:
        return "not an SQLite file"
    try:
        db = _read_only(path, immutable=True)
    except sqlite3.Error as exc:
        return str(exc)
    try:
        (result,) = db.execute("PRAGMA quick_check(1)").fetchone()
    except sqlite3.DatabaseError as exc:
        return str(exc)
    finally:
        db.close()
    return None if result == "ok" else str(result)


def _read_only(path: Path, immutable: bool) -> sqlite3.Connection:
    flags = "mode=ro&immutable=1" if immutable else "mode=ro"
    return sqlite3.connect(f"{path.resolve().as_uri()}?{flags}", uri=True)


def in_use(path: Path) -> bool:
    """Whether another connection, such as a running ``keinu serve``, has the file open: each
    holds a lock on it that an exclusive transaction cannot get past."""
    if not path.exists():
        return False
    db = sqlite3.connect(path, timeout=0)
    try:
        db.execute("PRAGMA locking_mode=EXCLUSIVE")
        db.execute("BEGIN EXCLUSIVE")
        db.execute("ROLLBACK")
        return False
    except sqlite3.OperationalError as exc:
        return "locked" in str(exc)
    except sqlite3.DatabaseError:  # too damaged to lock: nobody can be using it either
        return False
    finally:
        db.close()


def corrupt_message(path: Path, problems: list[str], backups: Backups) -> str:
    newest = backups.newest()
    remedy = (
        f"stop keinu and run `keinu db restore` to bring back the newest backup ({newest.name})"
        if newest is not None
        else f"there is no backup: move {path.name} away to start with an empty store"
    )
    more = f" and {len(problems) - 1} more" if len(problems) > 1 else ""
    return f"{path} is damaged ({problems[0]}{more}): {remedy}"


class Backups:
    """The backups of one SQLite file."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.folder = database.parent / "backups"
        self._daily_checked_at = 0.0

    def all(self) -> list[Path]:
        """Every backup, oldest first."""
        if not self.folder.is_dir():
            return []
        return sorted(
            (p for p in self.folder.iterdir() if NAME.match(p.name)),
            key=lambda p: _named(p).group(1),
        )

    def of_kind(self, kind: str) -> list[Path]:
        return [p for p in self.all() if _named(p).group(2) == kind]

    def newest(self) -> Path | None:
        """The newest backup that is not a damaged file moved aside and that reads whole."""
        return self.newest_usable()[0]

    def newest_usable(self) -> tuple[Path | None, list[tuple[Path, str]]]:
        """The newest backup that is not a damaged file moved aside and reads whole, and the
        newer ones passed over, each with what is wrong with it."""
        passed: list[tuple[Path, str]] = []
        for path in reversed([p for p in self.all() if _named(p).group(2) != "replaced"]):
            problems = check_file(path, immutable=True)
            if not problems:
                return path, passed
            passed.append((path, problems[0]))
        return None, passed

    def make(self, db: sqlite3.Connection, kind: str) -> Path:
        """A checked copy of the open database ``db``, then the oldest of ``kind`` beyond
        :data:`KEEP` removed."""
        self.folder.mkdir(parents=True, exist_ok=True)
        target = self.folder / f"keinu-{_stamp()}-{kind}.sqlite3"
        partial = target.with_suffix(".partial")
        copy = sqlite3.connect(partial)
        try:
            db.backup(copy)
            problems = integrity_problems(copy)
        finally:
            copy.close()
        if problems:
            partial.unlink()
            raise StoreCorrupt(f"the backup of {self.database} failed its check: {problems[0]}")
        partial.rename(target)
        self._prune(kind)
        return target

    def daily_due(self) -> bool:
        """Whether the newest ``daily`` backup is a day old or more (looked at once an hour,
        so asking after every write costs nothing)."""
        now = time.time()
        if now - self._daily_checked_at < 3600:
            return False
        self._daily_checked_at = now
        latest = self.of_kind("daily")
        return not latest or now - latest[-1].stat().st_mtime >= DAY_S

    def restore(self, backup: Path) -> Path | None:
        """Put ``backup`` (checked first) in place of the database; the file it replaces, if
        any, is kept as a ``replaced`` backup, which is returned."""
        problems = check_file(backup, immutable=True)  # a backup is only read: nothing left
        if problems:
            raise StoreError(f"{backup} is not a usable backup ({problems[0]}): pick another")
        if in_use(self.database):
            raise StoreError(
                f"{self.database} is open in a running keinu serve: stop it, then restore"
            )
        self.folder.mkdir(parents=True, exist_ok=True)
        replaced = None
        if self.database.exists():
            _fold_wal(self.database)
            replaced = self.folder / f"keinu-{_stamp()}-replaced.sqlite3"
            shutil.move(self.database, replaced)
        for suffix in ("-wal", "-shm"):
            side = self.database.with_name(self.database.name + suffix)
            if side.exists():
                if replaced is not None and suffix == "-wal":
                    shutil.move(side, replaced.with_name(replaced.name + suffix))
                else:
                    side.unlink()
        partial = self.database.with_suffix(".restoring")
        shutil.copyfile(backup, partial)
        partial.rename(self.database)
        if replaced is not None:
            self._prune("replaced")
        return replaced

    def _prune(self, kind: str) -> None:
        for old in self.of_kind(kind)[:-KEEP]:
            old.unlink()
            wal = old.with_name(old.name + "-wal")
            if wal.exists():
                wal.unlink()


def _fold_wal(path: Path) -> None:
    """Write what a killed server left in ``path``'s ``-wal`` into the file itself, so the file
    moved aside holds it (a restore of it copies the file alone). A file too damaged to be
    opened keeps its ``-wal`` beside it."""
    try:
        db = sqlite3.connect(path)
        try:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            db.close()
    except sqlite3.DatabaseError:
        pass


def _stamp() -> str:
    now = datetime.now(UTC)
    return now.strftime("%Y%m%dT%H%M%S.") + f"{now.microsecond // 1000:03d}Z"
