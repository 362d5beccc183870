"""The websocket feed: gestures, señas with their verdicts, calls, scores and pipeline health
as they happen (docs/websocket.md), the first message a ``hello`` with the current state; and who
sits at a seat, as a live tile names them."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Any

from fastapi import APIRouter, Depends, WebSocket, WebSocketDisconnect

from api.deps import get_seat_players
from api.schemas import KeptPlayerName, SeatPath, Strict
from api.seat_players import SeatPlayers

router = APIRouter(tags=["live"])


class SeatPlayerIn(Strict):
    name: KeptPlayerName


@router.put("/api/live/seats/{seat}/player")
def name_seat_player(
    seat: SeatPath,
    body: SeatPlayerIn,
    seat_players: Annotated[SeatPlayers, Depends(get_seat_players)],
) -> dict[str, Any]:
    """Who sits at ``seat``: the active table's player there, where the table calls the seat by
    its label (refused, 409 ``seat_named``, when it names another player), else the seat's own
    until the server stops. Every page is told (``table``, or ``players``)."""
    return seat_players.name(seat, body.name)


@router.websocket("/api/live")
async def live_feed(websocket: WebSocket) -> None:
    app = websocket.app
    hub = app.state.hub
    await websocket.accept()
    client = hub.connect()
    try:
        snapshot = await asyncio.to_thread(app.state.snapshot)  # reads the store
        await websocket.send_json({"type": "hello", "seq": 0, "data": snapshot})
        receiver = asyncio.create_task(_drain(websocket))
        while not receiver.done():
            waiter = asyncio.create_task(client.next_batch())
            done, _ = await asyncio.wait({waiter, receiver}, return_when=asyncio.FIRST_COMPLETED)
            if waiter not in done:
                waiter.cancel()
                break
            for text in waiter.result():
                await websocket.send_text(text)
            if client.overflowed:
                await websocket.close(code=4008, reason="too slow: reload the state")
                break
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        hub.disconnect(client)


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, so a closed socket is noticed at once."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            await websocket.receive_text()
