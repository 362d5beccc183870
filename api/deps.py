"""What the routers are given: the objects ``create_app`` builds, looked up per request so tests
run the real app over a temporary database."""

from __future__ import annotations

from typing import cast

from fastapi import Request

from api.hub import Hub
from api.live import LiveFeed
from api.practice import Practice
from api.referee import Referee
from api.seat_players import SeatPlayers
from api.settings import Settings
from api.store import Store

# app.state's attributes are Any to mypy: each cast names what create_app put there.


def get_settings(request: Request) -> Settings:
    return cast(Settings, request.app.state.settings)


def get_store(request: Request) -> Store:
    return cast(Store, request.app.state.store)


def get_hub(request: Request) -> Hub:
    return cast(Hub, request.app.state.hub)


def get_live(request: Request) -> LiveFeed | None:
    return cast("LiveFeed | None", request.app.state.live)


def get_referee(request: Request) -> Referee:
    return cast(Referee, request.app.state.referee)


def get_seat_players(request: Request) -> SeatPlayers:
    return cast(SeatPlayers, request.app.state.seat_players)


def get_practice(request: Request) -> Practice:
    return cast(Practice, request.app.state.practice)
