"""``keinu db check|backup|restore``: look after the dashboard's store.

``check`` runs SQLite's integrity check on the file (read-only, so it is safe beside a running
server) and says which schema version it is at and which backups there are; ``backup`` takes a
checked copy into the data directory's ``backups/``; ``restore`` puts a backup (the newest,
unless one is named) in place of the file, keeping the file it replaces. Restore with the
server stopped. A PostgreSQL database (``--db`` or KEINU_DB) can be checked; its backups are
PostgreSQL's own (pg_dump).
"""

from __future__ import annotations

import argparse
import sqlite3
from pathlib import Path

from api.cli import UserError
from api.db.backups import Backups, backup_problem, check_file, corrupt_message
from api.db.connection import is_postgres_url, safe_url
from api.db.errors import StoreError, StoreUnavailable


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "db",
        help="check, back up or restore the dashboard's store",
        description=__doc__.split("\n\n")[1].replace("\n", " ").replace("``", ""),
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = actions.add_parser("check", help="integrity check, schema version and backups")
    backup = actions.add_parser("backup", help="a checked copy of the SQLite file in backups/")
    restore = actions.add_parser(
        "restore", help="put a backup in place of the SQLite file (stop keinu serve first)"
    )
    restore.add_argument(
        "backup", nargs="?", type=Path, help="the backup file (default: the newest in backups/)"
    )
    for action in (check, backup, restore):
        action.add_argument(
            "--data-dir", metavar="DIR", type=Path, help="the data directory of keinu serve"
        )
        action.add_argument(
            "--db", metavar="URL", help="a postgresql:// database instead (default KEINU_DB)"
        )
    check.set_defaults(run=run_check)
    backup.set_defaults(run=run_backup)
    restore.set_defaults(run=run_restore)


def _where(args: argparse.Namespace) -> str | Path:
    from api.settings import load_settings

    overrides = {"data_dir": args.data_dir, "db": args.db}
    settings = load_settings(**{k: v for k, v in overrides.items() if v is not None})
    folder = settings.data_dir
    if not settings.db and folder.exists() and not folder.is_dir():
        given = "--data-dir" if args.data_dir is not None else "KEINU_DATA_DIR"
        raise UserError(
            f"{given} {folder} is a file, not a folder: give the folder keinu serve keeps its "
            "data in"
        )
    return settings.store_location


def _sqlite_file(args: argparse.Namespace) -> Path:
    where = _where(args)
    if is_postgres_url(where):
        raise UserError(
            f"{safe_url(str(where))} is PostgreSQL: back it up and restore it with pg_dump and "
            "pg_restore"
        )
    return Path(where)


def run_check(args: argparse.Namespace) -> int:
    where = _where(args)
    if is_postgres_url(where):
        return _check_postgres(str(where))
    path = Path(where)
    if not path.exists():
        raise UserError(f"{path}: no store yet (keinu serve makes it)")
    problems = check_file(path)
    backups = Backups(path)
    if problems:
        raise UserError(corrupt_message(path, problems, backups))
    print(f"{path}: ok, {_summary(path)}")
    for backup in backups.all():
        problem = backup_problem(backup)
        if problem is None:
            print(f"  backup {backup}")
        else:  # keinu db restore would refuse it: say so before it is needed
            print(f"  not a usable backup: {backup} ({problem}): delete it or move it away")
    return 0


def _summary(path: Path) -> str:
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        has_versions = db.execute(
            "SELECT 1 FROM sqlite_master WHERE name = 'schema_migrations'"
        ).fetchall()
        version = (
            db.execute("SELECT MAX(version) FROM schema_migrations").fetchone()[0]
            if has_versions
            else 0
        )
        tables = db.execute("SELECT COUNT(*) FROM tables").fetchone()[0]
        hands = db.execute("SELECT COUNT(*) FROM hands").fetchone()[0]
    except sqlite3.Error as exc:
        raise UserError(f"{path}: not a keinu store ({exc})") from None
    finally:
        db.close()
    return f"schema version {version}, {tables} table(s), {hands} hand(s)"


def _check_postgres(url: str) -> int:
    from api.db.connection import open_database
    from api.db.migrations import applied_versions

    try:
        db = open_database(url)
        try:
            versions = applied_versions(db)
            tables = db.execute("SELECT COUNT(*) FROM tables")[0][0] if versions else 0
        finally:
            db.close()
    except StoreUnavailable as exc:  # the server's words ("nothing was stored") do not fit here
        reason = str(exc.__cause__ or exc).strip().splitlines()[0]
        raise UserError(
            f"cannot reach the PostgreSQL server of {safe_url(url)} ({reason}): check that it "
            "is running and that the URL's host, port, user, password and database are right"
        ) from None
    except StoreError as exc:
        raise UserError(str(exc)) from None
    print(
        f"{safe_url(url)}: reachable, schema version {max(versions, default=0)}, {tables} table(s)"
    )
    return 0


def run_backup(args: argparse.Namespace) -> int:
    path = _sqlite_file(args)
    if not path.exists():
        raise UserError(f"{path}: no store yet, nothing to back up")
    backups = Backups(path)
    problems = check_file(path)
    if problems:
        raise UserError(corrupt_message(path, problems, backups))
    db = sqlite3.connect(path)
    try:
        backup = backups.make(db, "manual")
    except (StoreError, sqlite3.Error) as exc:
        raise UserError(f"cannot back up {path}: {exc}") from None
    finally:
        db.close()
    print(f"keinu: backed up {path} to {backup}")
    return 0


def run_restore(args: argparse.Namespace) -> int:
    path = _sqlite_file(args)
    backups = Backups(path)
    chosen, passed = (args.backup, []) if args.backup else backups.newest_usable()
    for skipped, problem in passed:
        print(f"keinu: passed over {skipped}: not a usable backup ({problem})")
    if chosen is None:
        none = "no usable backup" if passed else "no backup"
        raise UserError(f"{none} of {path} in {backups.folder}: name one to restore")
    if chosen.is_dir():
        raise UserError(
            f"{chosen} is a folder: name a backup file in it (keinu db check lists the backups)"
        )
    try:
        replaced = backups.restore(chosen)
    except StoreError as exc:
        raise UserError(str(exc)) from None
    except OSError as exc:
        raise UserError(f"cannot restore {chosen}: {exc.strerror}") from None
    print(f"keinu: restored {path} from {chosen}")
    if replaced is not None:
        print(f"keinu: the file it replaced is kept as {replaced}")
    return 0
