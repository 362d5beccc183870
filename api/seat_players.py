"""Who sits at each seat the cameras watch, as the live page's tiles name them.

The active table names its seats: a name given on a tile goes into the table, where its seat is
called by its label ("Asiento 2"), and every page reads it there. A seat no active table has
(no table yet) keeps the name given on its tile here, while the server runs, so a reload,
another tab and the words over the picture show it too.
"""

from __future__ import annotations

import threading
from typing import Any

from api.hub import Hub
from api.referee import Referee


class SeatPlayers:
    def __init__(self, referee: Referee, hub: Hub) -> None:
        self._referee = referee
        self._hub = hub
        self._lock = threading.Lock()
        self._given: dict[int, str] = {}

    def given(self) -> dict[str, str]:
        """The names given on the tiles of seats no table has: seat (as text) -> player."""
        with self._lock:
            return {str(seat): name for seat, name in sorted(self._given.items())}

    def name(self, seat: int, name: str) -> dict[str, Any]:
        """``name`` sits at ``seat``: in the active table when it has that seat (refused when
        it names another player there), else kept here; each page is told. Answers the name
        the seat now has (the table's spelling of the same player)."""
        state = self._referee.name_seat(seat, name)
        if state is None:
            with self._lock:
                self._given[seat] = name
            self._hub.publish("players", {"players": self.given()})
            return {"seat": seat, "name": name, "table_id": None}
        table = state["table"]
        at_table = next(s["name"] for s in table["seats"] if s["seat"] == seat)
        return {"seat": seat, "name": at_table, "table_id": table["id"]}
