"""The annotated video of each source as MJPEG: an ``<img>`` tag shows it, no plug-in."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Path, Query
from fastapi.responses import StreamingResponse

from api.deps import get_live, get_settings
from api.live import LatestFrame, LiveFeed
from api.settings import Settings

router = APIRouter(prefix="/api/stream", tags=["live"])
BOUNDARY = "keinuframe"
POLL_S = 0.02


@router.get("")
def sources(
    live: Annotated[LiveFeed | None, Depends(get_live)],
    settings: Annotated[Settings, Depends(get_settings)],
) -> dict[str, Any]:
    """The camera ids whose MJPEG streams exist: ``cam1``, ``cam2``, …"""
    return {"sources": settings.source_ids if live is not None else []}


@router.get("/{source_id}.mjpg")
async def mjpeg(
    source_id: Annotated[str, Path(pattern=r"^[A-Za-z0-9_.:-]{1,64}$")],
    live: Annotated[LiveFeed | None, Depends(get_live)],
    settings: Annotated[Settings, Depends(get_settings)],
    frames: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
) -> StreamingResponse:
    """``frames`` > 0 ends the stream after that many frames (for snapshots and tests)."""
    if live is None:
        raise HTTPException(404, "the live pipeline is off")
    if source_id not in settings.source_ids:
        offered = ", ".join(settings.source_ids)
        raise HTTPException(404, f"no camera {source_id!r}; the cameras are: {offered}")
    latest = live.frame_of(source_id)
    return StreamingResponse(
        _multipart(latest, frames), media_type=f"multipart/x-mixed-replace; boundary={BOUNDARY}"
    )


async def _multipart(latest: LatestFrame, limit: int) -> AsyncIterator[bytes]:
    latest.viewers += 1
    sent, seen = 0, -1
    try:
        while limit <= 0 or sent < limit:
            if latest.seq == seen or latest.jpeg is None:
                await asyncio.sleep(POLL_S)
                continue
            seen, jpeg = latest.seq, latest.jpeg
            yield (
                (
                    f"--{BOUNDARY}\r\nContent-Type: image/jpeg\r\n"
                    f"Content-Length: {len(jpeg)}\r\n\r\n"
                ).encode()
                + jpeg
                + b"\r\n"
            )
            sent += 1
    finally:
        latest.viewers -= 1
