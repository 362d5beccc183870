"""A session's rows in the database, deleted whole (the hands, calls and reviews go with the
table, by the schema's cascades)."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def delete_session_rows(database: Path, table_id: int) -> None:
    db = sqlite3.connect(database, isolation_level=None)
    try:
        db.execute("PRAGMA foreign_keys=ON")
        db.execute("DELETE FROM tables WHERE id = ?", (table_id,))
    finally:
        db.close()
