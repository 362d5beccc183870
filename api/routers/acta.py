"""Each game's acta: read it, sign it once, print it (the page at ``/acta``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, cast

from fastapi import APIRouter, Depends
from fastapi.responses import FileResponse
from pydantic import Field, StringConstraints

from api.acta import acta_content, game_over
from api.deps import get_referee, get_settings
from api.referee import Referee, StateError
from api.schemas import ActaNotes, Name, Note, Seat, Strict
from api.settings import Settings
from api.store import ActaRow
from api.validation import field_error

router = APIRouter(tags=["acta"])
RefereeDep = Annotated[Referee, Depends(get_referee)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
GameNumber = Annotated[int, Field(ge=1, le=10_000)]
PAGE = Path(__file__).resolve().parents[1] / "static" / "acta.html"


class SanctionIn(Strict):
    seat: Seat
    kind: Annotated[str, StringConstraints(min_length=1, max_length=40)]
    reason: Note = ""


class ActaSignIn(Strict):
    referee: Name
    notes: ActaNotes = ""
    sanctions: Annotated[list[SanctionIn], Field(default_factory=list, max_length=40)]
    #: The game is not over and the referee signs it as it stands (a game stopped by a
    #: sanction): without it, an unfinished game's acta is refused.
    unfinished: bool = False


def signed_out(row: ActaRow | None, referee: Referee) -> dict[str, Any] | None:
    """The signature; ``awarded``: the side its sanctions gave the stopped game to, and why."""
    if row is None:
        return None
    won = referee.game_won(row.table_id, row.game)
    return {
        "referee": row.referee,
        "notes": row.notes,
        "sanctions": row.sanctions,
        "signed_ms": row.signed_ms,
        "awarded": None if won is None else won.award_out(),
    }


@router.get("/acta", include_in_schema=False)
def page() -> FileResponse:
    return FileResponse(PAGE, headers={"Cache-Control": "no-cache"})


@router.get("/api/tables/{table_id}/games/{game}/acta")
def read(
    table_id: int, game: GameNumber, referee: RefereeDep, settings: SettingsDep
) -> dict[str, Any]:
    """The game's acta: as signed if it was, else as it reads now, ready to sign."""
    signed = referee.store.acta(table_id, game)
    content = signed.content if signed is not None else acta_content(referee, table_id, game)
    return {
        "acta": content,
        "signed": signed_out(signed, referee),
        "sanctions": settings.acta_sanctions,
    }


@router.post("/api/tables/{table_id}/games/{game}/acta", status_code=201)
def sign(
    table_id: int, game: GameNumber, body: ActaSignIn, referee: RefereeDep, settings: SettingsDep
) -> dict[str, Any]:
    """Sign the acta once: it is stored as it reads now; a second signature is refused, and so
    is an unfinished game's unless ``unfinished`` says it is signed as it stands."""
    seats = [s.seat for s in referee.table(table_id).seats]
    for i, sanction in enumerate(body.sanctions):
        if sanction.seat not in seats:
            raise field_error(
                ["sanctions", i, "seat"],
                "no_such_seat",
                f"no seat {sanction.seat} at this table: seats {seats}",
                seat=sanction.seat,
                seats=seats,
            )
        if sanction.kind not in settings.acta_sanctions:
            known = ", ".join(settings.acta_sanctions)
            raise field_error(
                ["sanctions", i, "kind"],
                "unknown_sanction",
                f"no sanction {sanction.kind!r}; known: {known}",
                kind=sanction.kind,
            )
    content = acta_content(referee, table_id, game)
    signed = referee.store.acta(table_id, game) is not None  # refused below, as signed
    if not (game_over(content) or body.unfinished or signed):
        raise StateError(
            f"game {game} is not over: its acta is signed once it ends (a hand played after the"
            " signature is not in it); to sign it as it stands, say so (unfinished)",
            code="acta_game_not_over",
            params={"game_number": game},
        )
    row = referee.store.sign_acta(
        table_id,
        game,
        referee=body.referee,
        notes=body.notes,
        sanctions=[s.model_dump() for s in body.sanctions],
        content=content,
    )
    if row is None:
        done = cast(ActaRow, referee.store.acta(table_id, game))  # the conflict: it is signed
        raise StateError(
            f"the acta of game {game} was already signed by {done.referee}: it stays as signed",
            code="acta_signed",
            params={"game_number": game, "referee": done.referee},
        )
    # the referee's page stops offering what would change the signed game's hands; a game
    # stopped with a sanction that decides it is counted (api/sanctions.py)
    referee.forget(table_id)
    referee.hub.publish("table", referee.table_state(table_id))
    return {
        "acta": row.content,
        "signed": signed_out(row, referee),
        "sanctions": settings.acta_sanctions,
    }
