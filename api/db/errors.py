"""What can go wrong with the database, as the dashboard and ``keinu db`` tell it: one line each,
never a driver's traceback."""

from __future__ import annotations


class StoreError(Exception):
    """The database cannot do what was asked; the message says why and what to do."""


class StoreCorrupt(StoreError):
    """The SQLite file fails its integrity check or cannot be read as a database."""


class StoreUnavailable(StoreError):
    """The database cannot be reached now (PostgreSQL stopped, a disk error): retry later."""


class SchemaTooNew(StoreError):
    """The database was upgraded by a newer keinu than this one."""


class IntegrityError(StoreError):
    """A row that breaks a constraint of the schema (a programming error upstream)."""
