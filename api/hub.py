"""The websocket hub: every connected dashboard gets every event, from any thread.

Two kinds of message travel through it (docs/websocket.md lists them all):

- events (a gesture, a seña and its verdict, a call, a source gap): never dropped. A client
  that lets ``max_events`` of them pile up is too slow to follow the table; it is disconnected
  so it reloads the state over REST, rather than silently missing a seña.
- samples (live scores, pipeline health): only the newest matters, so each client keeps the
  latest sample of each type and older ones are overwritten.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

#: Message types that are samples (latest wins); every other type is an event.
SAMPLE_TYPES = frozenset({"scores", "stats"})


class Client:
    """One websocket's outbox, drained by its own sender task."""

    def __init__(self, loop: asyncio.AbstractEventLoop, max_events: int) -> None:
        self.loop = loop
        self.max_events = max_events
        self.events: list[str] = []
        self.samples: dict[str, str] = {}
        self.wake = asyncio.Event()
        self.overflowed = False

    def _push(self, type_: str, text: str) -> None:
        if type_ in SAMPLE_TYPES:
            self.samples[type_] = text
        elif len(self.events) >= self.max_events:
            self.overflowed = True
        else:
            self.events.append(text)
        self.wake.set()

    async def next_batch(self) -> list[str]:
        """Wait for messages, then hand over everything pending: events first, then samples."""
        await self.wake.wait()
        self.wake.clear()
        batch, self.events = self.events, []
        batch.extend(self.samples.values())
        self.samples = {}
        return batch


class Hub:
    def __init__(self, max_events: int = 1000) -> None:
        self.max_events = max_events
        self._clients: set[Client] = set()
        self._lock = threading.Lock()
        self._seq = itertools.count(1)
        self._sinks: list[Callable[[str, dict[str, Any]], None]] = []

    @property
    def client_count(self) -> int:
        return len(self._clients)

    def connect(self) -> Client:
        client = Client(asyncio.get_running_loop(), self.max_events)
        with self._lock:
            self._clients.add(client)
        return client

    def disconnect(self, client: Client) -> None:
        with self._lock:
            self._clients.discard(client)

    def subscribe(self, sink: Callable[[str, dict[str, Any]], None]) -> None:
        """Hand every message to ``sink`` as well, in this process, on the publishing thread
        (the tournament desk follows the tables' games this way)."""
        self._sinks.append(sink)

    def publish(self, type_: str, data: dict[str, Any]) -> None:
        """Send ``{"type", "seq", "data"}`` to every client. Safe from any thread."""
        text = json.dumps({"type": type_, "seq": next(self._seq), "data": data})
        with self._lock:
            clients = list(self._clients)
        for client in clients:
            try:
                client.loop.call_soon_threadsafe(client._push, type_, text)
            except RuntimeError:  # the client's loop has closed: it is going away
                self.disconnect(client)
        for sink in self._sinks:
            try:
                sink(type_, data)
            except Exception:  # a listener's failure must not stop the table's own messages
                log.exception("a listener of %r messages failed", type_)
