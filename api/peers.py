"""Another server's writes on a shared PostgreSQL database, shown here as if made here.

:class:`~api.db.notify.ChangeListener` hands over each change (which table, which hand, what);
this server forgets what it had rebuilt of that table and sends its websocket clients the same
message its own write would have sent, so every dashboard follows every table in the club.
"""

from __future__ import annotations

from typing import Any

from api.hub import Hub
from api.referee import NotFound, Referee

#: Changes to a hand, sent on as the message of that name with the hand's new state.
HAND_MESSAGES = frozenset({"call", "undo", "shown", "review"})


def show_peer_change(referee: Referee, hub: Hub, change: dict[str, Any]) -> None:
    if change.get("what") == "tournament":  # the desk's rows: nothing rebuilt to forget
        hub.publish("tournament", {"tournament_id": change.get("tournament_id")})
        return
    table_id = change.get("table_id")
    if not isinstance(table_id, int):
        referee.forget()  # a resync, or a change this server cannot place: read everything again
        return
    referee.forget(table_id)
    if hub.client_count == 0:
        return  # nobody to tell: the table is rebuilt when it is next asked for
    hand_id = change.get("hand_id")
    try:
        if change.get("what") in HAND_MESSAGES and isinstance(hand_id, int):
            state = referee.hand_state(hand_id)
            hub.publish(change["what"], {"hand_id": hand_id, "table_id": table_id, "state": state})
        else:
            hub.publish("table", referee.table_state(table_id))
    except NotFound:
        pass  # written and removed again before this server looked
