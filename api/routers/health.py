"""Is the server up, and how is the pipeline doing (fps, dropped frames, latency, gaps)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import BaseModel

from api.deps import get_hub, get_live, get_settings
from api.hub import Hub
from api.live import LiveFeed
from api.settings import Settings

router = APIRouter(prefix="/api", tags=["health"])


class HealthOut(BaseModel):
    status: str
    source: str | None
    sources: list[str]  # the cameras streamed at /api/stream/{id}.mjpg; none without live video
    sample: bool  # the video is the bundled sample table's, not a camera of this table
    profile: str
    clients: int
    pipeline: dict[str, Any]


@router.get("/health")
def health(
    settings: Annotated[Settings, Depends(get_settings)],
    hub: Annotated[Hub, Depends(get_hub)],
    live: Annotated[LiveFeed | None, Depends(get_live)],
) -> HealthOut:
    return HealthOut(
        status="ok",
        source=live.source if live else None,
        sources=settings.source_ids if live else [],
        sample=live is not None and not settings.source,
        profile=settings.profile,
        clients=hub.client_count,
        pipeline=live.health.to_dict() if live else {"state": "off"},
    )
