"""What the other servers on one PostgreSQL database wrote, as it is committed.

Every write of the store sends ``pg_notify`` on :data:`~api.db.connection.CHANNEL` inside its
transaction, so PostgreSQL delivers it exactly when the write commits (and never for a write
rolled back). Each server LISTENs on its own connection, in a thread of its own, and hands every
change made by another server (``origin`` tells them apart) to ``on_change``. A lost connection
is made again every second; since changes may have passed meanwhile, ``on_change`` then gets
``{"what": "resync"}``: everything this server remembers must be read again.

This is the whole message system of a club with several servers: PostgreSQL already holds the
data, so a second broker would only add a second thing to keep running. One would be needed if
servers had to exchange what is not stored (video, live scores) or for more traffic than one
database connection per server carries.
"""

from __future__ import annotations

import json
import logging
import os
import select
import threading
from collections.abc import Callable
from typing import Any

from api.db.connection import CHANNEL, safe_url

log = logging.getLogger(__name__)

ChangeSink = Callable[[dict[str, Any]], None]


class ChangeListener:
    """``on_notice`` is told, in a sentence for the dashboard, when the database is lost (and
    None when it is back); :attr:`notice` holds the sentence meanwhile."""

    def __init__(
        self,
        url: str,
        origin: str,
        on_change: ChangeSink,
        on_notice: Callable[[str | None], None] = lambda notice: None,
    ) -> None:
        self.url = url
        self.origin = origin
        self.on_change = on_change
        self.on_notice = on_notice
        self.notice: str | None = None
        self._stop = threading.Event()
        # written once by stop(): the thread waits on it beside the database's socket
        self._wake_read, self._wake_write = os.pipe()
        self._thread = threading.Thread(target=self._run, name="keinu-listen", daemon=True)
        self.listening = threading.Event()

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        if self._stop.is_set():
            return
        self._stop.set()
        os.write(self._wake_write, b"x")
        self._thread.join(timeout=5)
        if not self._thread.is_alive():
            os.close(self._wake_read)
            os.close(self._wake_write)

    def _run(self) -> None:
        import psycopg

        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if not first:
                        self._deliver({"what": "resync"})
                    first = False
                    self._set_notice(None)
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=0):
                            self._received(notice.payload)
                        select.select([conn.fileno(), self._wake_read], [], [])
            except psycopg.Error as exc:
                self.listening.clear()
                if self.notice is None:
                    log.warning("listening for other servers' changes: %s; retrying", exc)
                self._set_notice(
                    f"the database {safe_url(self.url)} cannot be reached: nothing can be "
                    "stored, so calls are refused until it is back (keinu reconnects by itself)"
                )
                select.select([self._wake_read], [], [], 1.0)

    def _set_notice(self, notice: str | None) -> None:
        if notice != self.notice:
            self.notice = notice
            self.on_notice(notice)

    def _received(self, payload: str) -> None:
        try:
            change = json.loads(payload)
        except ValueError:
            log.warning("a change notice that is not JSON: %.80r", payload)
            return
        if change.get("origin") != self.origin:
            self._deliver(change)

    def _deliver(self, change: dict[str, Any]) -> None:
        try:
            self.on_change(change)
        except Exception:  # one change this server cannot show must not stop it following
            log.exception("a change from another server could not be shown: %s", change)
