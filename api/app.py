"""The dashboard's FastAPI application, built by :func:`create_app` from :class:`Settings`.

Everything a route needs (store, hub, live feed, referee) is made here and hung on
``app.state``; routes get them through ``api.deps``. Tests build the real app over a temporary
SQLite file with ``live=False`` or a pipeline factory of their own.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline

from api.db.errors import StoreError
from api.db.notify import ChangeListener
from api.hub import Hub
from api.live import LiveFeed, PipelineFactory
from api.paths import OutsideDataDir
from api.peers import show_peer_change
from api.practice import Practice
from api.recording.recorder import Recorder
from api.recording.review import AnalysisReview
from api.referee import NotFound, Referee, StateError
from api.routers import acta, desk, health, live, recording, senas, stream, tables
from api.routers import practice as practice_routes
from api.seat_players import SeatPlayers
from api.security import Gate
from api.settings import Settings
from api.store import Store
from api.tournament.desk import Desk
from api.tournament.records import TournamentRecords
from api.validation import Invalid, invalid_body
from api.vision_feed import Annotator, seat_summary, unseated_boxes, vision_pipeline_factory
from engine.errors import EngineError, IllegalCall
from engine.gesture import Gesture
from vision.capture.sources import ReconnectPolicy
from vision.config.pipeline_settings import default_vision_settings

STATIC = Path(__file__).resolve().parent / "static"
#: What the OpenAPI pages may load: their own files (and inline code, as Swagger UI and ReDoc
#: are written), nothing from another host.
API_PAGES_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' blob:; worker-src 'self' blob:; "
    "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:"
)


def create_app(
    settings: Settings,
    *,
    pipeline_factory: PipelineFactory | None = None,
    review_folder: Path | None = None,
) -> FastAPI:
    """``review_folder``: serve the review page of that ``keinu analyze`` folder
    (``keinu review DIR``)."""
    if settings.needs_token and not settings.token:
        raise ValueError(f"listening on {settings.host} needs a token (KEINU_TOKEN)")
    origin = secrets.token_hex(8)
    store = Store(settings.store_location, origin=origin)
    hub = Hub()
    referee = Referee(store, hub)
    seat_players = SeatPlayers(referee, hub)
    # every server fills the results of the tournament games it referees, desk or not
    tournament_desk = Desk(TournamentRecords(store.database), referee, hub, settings.profile)
    hub.subscribe(tournament_desk.follow)
    peers = (
        ChangeListener(
            settings.db,
            origin,
            on_change=lambda change: show_peer_change(referee, hub, change),
            on_notice=lambda notice: hub.publish("notice", {"message": notice}),
        )
        if settings.db
        else None
    )

    live_feed: LiveFeed | None = None
    recorder = (
        Recorder(
            settings.data_dir,
            default_on=settings.record,
            active_table=lambda: referee.active_table_id,
            publish=hub.publish,
            retention_days=settings.retention_days,
        )
        if settings.live
        else None
    )

    def degraded(message: str) -> None:
        if live_feed is not None:
            live_feed.degraded(message)

    if settings.live:
        vision_settings = default_vision_settings()
        live_feed = LiveFeed(
            source=settings.source_or_sample,
            pipeline_factory=pipeline_factory
            or vision_pipeline_factory(
                settings, degraded, vision_settings, seats_in_play=lambda: referee.active_seats
            ),
            reconnect=ReconnectPolicy.from_settings(vision_settings.sources),
            hub=hub,
            on_gesture=lambda gesture, source_id: on_gesture(gesture, source_id),
            annotate=Annotator(),
            describe_seats=seat_summary,
            describe_unseated=unseated_boxes,
            jpeg_quality=settings.jpeg_quality,
            on_frame=recorder.feed if recorder is not None else None,
            on_near_miss=lambda missed, source_id: practice.observe_near_miss(missed),
        )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if peers is not None:
            peers.start()
            # the other servers' changes are followed before this one answers its first request
            await asyncio.to_thread(peers.listening.wait, 5)
        if live_feed is not None:
            live_feed.start()
        try:
            yield
        finally:
            if peers is not None:
                peers.stop()
            if live_feed is not None:
                live_feed.stop()
            if recorder is not None:
                recorder.close()
            practice.cancel()
            store.close()

    practice = Practice(store, hub, live_feed, settings.profile, seat_in_play=referee.seat_in_play)

    def on_gesture(gesture: Gesture, source_id: str) -> None:
        """Every gesture is broadcast; an open practice drill takes it, else the table does."""
        hub.publish("gesture", {"source": source_id, **gesture.to_dict()})
        if not practice.observe(gesture, source_id):
            referee.observe(gesture, source_id)

    app = FastAPIOffline(  # /docs and /redoc from the package's own files, not a CDN
        title="keinu",
        description="Practise and referee the señas of Mus: live feed, tables, hands, señas.",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.store = store
    app.state.hub = hub
    app.state.referee = referee
    app.state.seat_players = seat_players
    app.state.practice = practice
    app.state.on_gesture = on_gesture
    app.state.live = live_feed
    app.state.recorder = recorder
    app.state.review_folder = AnalysisReview(review_folder) if review_folder else None
    app.state.peers = peers
    app.state.desk = tournament_desk

    def snapshot() -> dict[str, Any]:
        """The websocket's hello. A store that cannot be read leaves the table out and says
        why, so the page still opens and shows the reason."""
        notice = (peers.notice if peers else None) or (live_feed.notice if live_feed else None)
        try:
            table = (
                referee.table_state(referee.active_table_id)
                if referee.active_table_id is not None
                else None
            )
        except StoreError as exc:
            table, notice = None, str(exc)
        return {
            "pipeline": live_feed.health.to_dict() if live_feed else {"state": "off"},
            "source": live_feed.source if live_feed else None,
            "sources": settings.source_ids if live_feed else [],
            "seats": live_feed.seats if live_feed else {},
            "unseated": live_feed.unseated() if live_feed else [],
            "players": seat_players.given(),
            "notice": notice,
            "profile": settings.profile,
            "table": table,
        }

    app.state.snapshot = snapshot

    @app.middleware("http")
    async def _api_pages_stay_local(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        """The browser itself keeps /docs and /redoc from loading anything from outside (ReDoc's
        own logo would come from its CDN)."""
        response = await call_next(request)
        if request.url.path in ("/docs", "/redoc"):
            response.headers["Content-Security-Policy"] = API_PAGES_CSP
        return response

    for module in (health, stream, live, tables, senas, practice_routes, recording, acta):
        app.include_router(module.router)
    if settings.desk:
        app.include_router(desk.router)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        # each bad field with its code and params, the pages' words for it (api/validation.py)
        return JSONResponse(invalid_body(exc.errors()), status_code=422)

    def refusal(status: int) -> Callable[[Request, Exception], Awaitable[JSONResponse]]:
        async def handler(request: Request, exc: Exception) -> JSONResponse:
            body: dict[str, Any] = {"detail": str(exc)}
            code = getattr(exc, "code", None)  # a Refusal's, or NotFound's
            if code:
                body["code"] = code  # the page's own words for it (i18n.js "error.<code>")
                body["params"] = getattr(exc, "params", {})  # what they name: the hand, the seat
            return JSONResponse(body, status_code=status)

        return handler

    app.add_exception_handler(NotFound, refusal(404))
    app.add_exception_handler(StateError, refusal(409))
    app.add_exception_handler(IllegalCall, refusal(409))
    app.add_exception_handler(EngineError, refusal(422))
    app.add_exception_handler(OutsideDataDir, refusal(422))
    app.add_exception_handler(Invalid, refusal(422))
    app.add_exception_handler(StoreError, refusal(503))

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/review", include_in_schema=False)
    def review_page() -> FileResponse:
        return FileResponse(STATIC / "review.html", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(
        Gate,
        token=settings.token,
        loopback_only=not settings.needs_token,
        max_body_bytes=settings.max_body_bytes,
    )
    return app
