"""The tournament desk (``keinu serve --desk``): its pages and its API under ``/api/desk``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal, cast

from fastapi import APIRouter, Depends, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import Field

from api.game_choices import option_offers
from api.schemas import MAX_INT64, Name, PlayerName, Reason, RowId, Strict
from api.tournament.desk import Desk
from api.tournament.rules import offered
from api.tournament.settings import TEAM_SIZES, BadSettings, default_settings

router = APIRouter(tags=["desk"])
STATIC = Path(__file__).resolve().parents[1] / "static"
RoundNumber = Annotated[int, Field(ge=1, le=100)]
TeamId = Annotated[int, Field(ge=1, le=MAX_INT64)]
Stones = Annotated[int, Field(ge=0, le=60)]


def get_desk(request: Request) -> Desk:
    return cast(Desk, request.app.state.desk)  # as create_app set it


DeskDep = Annotated[Desk, Depends(get_desk)]


class TournamentIn(Strict):
    name: Name
    #: Changes to the defaults of ``models/tournament.toml`` (a section may be given in part).
    settings: Annotated[dict[str, Any], Field(max_length=20)] = Field(default_factory=dict)
    #: The rule options every board's table is played under (``GET /api/desk/rules`` lists
    #: them), as the referee's table setup names them; left out, their defaults.
    rules: Annotated[dict[str, Any], Field(max_length=40)] = Field(default_factory=dict)


class TeamIn(Strict):
    name: Name
    #: They sit at the tables under these names (the live page learns their señas so).
    players: Annotated[list[PlayerName], Field(min_length=2, max_length=3)]


class ArrivalIn(Strict):
    team_id: TeamId
    #: Minutes after the round's start; left out: now, by the round's clock.
    minutes_late: Annotated[float, Field(ge=0, le=600)] | None = None


class ResultIn(Strict):
    winner: Literal["a", "b", "none"]
    stones_a: Stones
    stones_b: Stones
    reason: Reason


def _page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})


@router.get("/desk", include_in_schema=False)
def desk_page() -> FileResponse:
    return _page("desk.html")


@router.get("/desk/screen", include_in_schema=False)
def screen_page() -> FileResponse:
    return _page("screen.html")


@router.get("/api/desk/settings")
def defaults() -> dict[str, Any]:
    """The defaults of a new tournament (``models/tournament.toml``)."""
    return default_settings().model_dump()


@router.get("/api/desk/rules")
def rule_options() -> dict[str, Any]:
    """The rule options a tournament may set, for teams of each size (the table setup's, but
    those the tournament sets itself), and each one's choices (the default first)."""
    sizes = {size: offered(2 * size) for size in TEAM_SIZES}
    names = dict.fromkeys(n for each in sizes.values() for n in each)
    return {
        "team_sizes": {str(size): list(each) for size, each in sizes.items()},
        "options": option_offers(names, on_page=names),
    }


@router.get("/api/desk/tournaments")
def tournaments(desk: DeskDep) -> dict[str, Any]:
    return {"tournaments": desk.summaries()}


@router.post("/api/desk/tournaments", status_code=201)
def create(body: TournamentIn, desk: DeskDep) -> dict[str, Any]:
    """A tournament of the defaults with ``settings`` changed: a bad value is refused as a
    malformed body's field (``["settings", "lateness", "forfeit_minutes"]``), with its code."""
    try:
        return desk.create(body.name, body.settings, body.rules)
    except BadSettings as exc:
        raise RequestValidationError(
            [{**error, "loc": ("body", "settings", *error["loc"])} for error in exc.errors]
        ) from None


@router.get("/api/desk/tournaments/{tournament_id}")
def tournament(tournament_id: RowId, desk: DeskDep) -> dict[str, Any]:
    """Teams, rounds with their boards, tables, clocks and results, and the standings."""
    return desk.state(tournament_id)


@router.post("/api/desk/tournaments/{tournament_id}/teams", status_code=201)
def register(tournament_id: RowId, body: TeamIn, desk: DeskDep) -> dict[str, Any]:
    """A team, last in the seeding: each player once in the tournament (names compared
    without case or accents)."""
    return desk.register(tournament_id, body.name, body.players)


@router.delete("/api/desk/tournaments/{tournament_id}/teams/{team_id}")
def delete_team(tournament_id: RowId, team_id: RowId, desk: DeskDep) -> dict[str, Any]:
    """A team registered by mistake, deleted before the first round is drawn (after it, the
    team can only withdraw)."""
    return desk.delete(tournament_id, team_id)


@router.post("/api/desk/tournaments/{tournament_id}/teams/{team_id}/withdraw")
def withdraw(tournament_id: RowId, team_id: RowId, desk: DeskDep) -> dict[str, Any]:
    """The team plays no further round (from the next one drawn)."""
    return desk.withdraw(tournament_id, team_id)


@router.post("/api/desk/tournaments/{tournament_id}/rounds", status_code=201)
def draw(tournament_id: RowId, desk: DeskDep) -> dict[str, Any]:
    """Draw the next round (the one before must have all its results)."""
    return desk.draw(tournament_id)


@router.post("/api/desk/tournaments/{tournament_id}/rounds/{number}/tables")
def assign_tables(tournament_id: RowId, number: RoundNumber, desk: DeskDep) -> dict[str, Any]:
    """A table of this server for every board of the round (the teams seated at it)."""
    return desk.assign_tables(tournament_id, number)


@router.post("/api/desk/tournaments/{tournament_id}/rounds/{number}/start")
def start(tournament_id: RowId, number: RoundNumber, desk: DeskDep) -> dict[str, Any]:
    return desk.start(tournament_id, number)


@router.post("/api/desk/tournaments/{tournament_id}/boards/{board_id}/arrivals", status_code=201)
def arrival(
    tournament_id: RowId, board_id: RowId, body: ArrivalIn, desk: DeskDep
) -> dict[str, Any]:
    """A team's arrival at its table: the lateness sanction follows the settings."""
    return desk.arrival(tournament_id, board_id, body.team_id, body.minutes_late)


@router.put("/api/desk/tournaments/{tournament_id}/boards/{board_id}/result")
def override(
    tournament_id: RowId, board_id: RowId, body: ResultIn, desk: DeskDep
) -> dict[str, Any]:
    """The desk writes or corrects a board's result, giving the reason. A result no game can
    end with (the winner short of the tournament's target, the loser at it) is refused."""
    return desk.override(
        tournament_id,
        board_id,
        winner=body.winner,
        stones_a=body.stones_a,
        stones_b=body.stones_b,
        reason=body.reason,
    )


@router.get("/api/desk/tournaments/{tournament_id}/export.json")
def export_json(tournament_id: RowId, desk: DeskDep) -> JSONResponse:
    return JSONResponse(
        desk.export_json(tournament_id),
        headers={"Content-Disposition": f'attachment; filename="tournament-{tournament_id}.json"'},
    )


@router.get("/api/desk/tournaments/{tournament_id}/export.csv")
def export_csv(tournament_id: RowId, desk: DeskDep) -> Response:
    return Response(
        desk.export_csv(tournament_id),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="tournament-{tournament_id}.csv"'},
    )
