"""Practice: drills, calibration, per-player sensitivities and progress."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Path, Query
from starlette.convertors import Convertor, register_url_convertor

from api.deps import get_practice
from api.enrolment import profile_kinds
from api.practice import Practice, SeatInPlay
from api.referee import StateError
from api.schemas import (
    AttemptOut,
    DrillIn,
    DrillOut,
    EnrolIn,
    KeptPlayerName,
    PlayerName,
    PlayerOut,
    SensitivitiesIn,
)
from engine.seats import MAX_SEATS


class AnyText(Convertor[str]):
    """A URL's part as it is, "/" and line breaks too (``path`` takes no line break): a player's
    name is judged by the rule of names, which says why it is not one, not by the router, which
    would only say "Not Found"."""

    regex = r"[\s\S]*"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


class PlayerOnly(AnyText):
    """A player's name as the whole rest of the URL, unless that rest ends in one of the
    player's actions: ``GET .../Ane/calibrate`` is then the action's URL with the wrong method
    (405), not a player named "Ane/calibrate" refused for its "/" (422)."""

    regex = r"(?![\s\S]*/(?:calibrate|enrol|progress|sensitivities)$)[\s\S]*"


register_url_convertor("anytext", AnyText())
register_url_convertor("playeronly", PlayerOnly())
router = APIRouter(prefix="/api/practice", tags=["practice"])
#: A player in a URL (``{player:anytext}``), held to the rule of a name in a body.
PlayerPath = Annotated[PlayerName, Path()]
#: A player in a URL whose señas, calibration or sensitivities are kept: not a seat's label.
KeptPlayerPath = Annotated[KeptPlayerName, Path()]
SeatQuery = Annotated[int, Query(ge=1, le=MAX_SEATS)]


PracticeDep = Annotated[Practice, Depends(get_practice)]


def conflict(exc: ValueError) -> StateError:
    """What the practice refused now (a seat in play, a seat already showing a seña), answered
    409 with its code and params when it has them, for the page to word."""
    return StateError(
        str(exc), code=getattr(exc, "code", None), params=getattr(exc, "params", None)
    )


@router.get("/players")
def players(practice: PracticeDep) -> dict[str, Any]:
    return {"players": practice.store.list_players()}


@router.put("/players/{player:anytext}/sensitivities", response_model=PlayerOut)
def sensitivities(
    player: KeptPlayerPath,
    body: SensitivitiesIn,
    practice: PracticeDep,
    seat: SeatQuery = 1,
) -> dict[str, Any]:
    """Save the player's sensitivity per gesture kind (1 = as configured; higher triggers
    sooner) and apply it to the live detector of ``seat``."""
    return practice.set_sensitivities(player, body.sensitivities, seat)


@router.post("/players/{player:anytext}/calibrate")
def calibrate(player: KeptPlayerPath, practice: PracticeDep, seat: SeatQuery = 1) -> dict[str, Any]:
    try:
        return practice.calibrate(player, seat)
    except ValueError as exc:
        raise conflict(exc) from None


@router.post("/players/{player:anytext}/enrol", status_code=202)
def enrol(
    player: KeptPlayerPath, body: EnrolIn, practice: PracticeDep, seat: SeatQuery = 1
) -> dict[str, Any]:
    """Watch ``seat`` for ``seconds`` while the player shows ``kind`` once (or talks as at the
    table, for "rest"): the seña's size sets that kind's sensitivity for this player. The
    outcome is the ``enrolment`` message of the websocket feed."""
    try:
        return practice.enrol(player, seat, body.kind, body.seconds)
    except ValueError as exc:
        raise conflict(exc) from None


@router.get("/players/{player:anytext}/progress")
def progress(player: PlayerPath, practice: PracticeDep) -> dict[str, Any]:
    """Each session's accuracy and median time to signal: of each seña asked on its own
    (``senas``) and of the hands dealt to signal (``hand``)."""
    return practice.progress(player)


@router.get("/players/{player:playeronly}", response_model=PlayerOut)
def player(player: PlayerPath, practice: PracticeDep) -> dict[str, Any]:
    return practice.player(player)


@router.get("/catalogue")
def catalogue(practice: PracticeDep) -> dict[str, Any]:
    """The señas a drill can ask for under the house profile, with their gestures."""
    return {
        "profile": practice.profile.name,
        "kinds": profile_kinds(practice.profile),
        "senas": [
            {"meaning": e.meaning, "gestures": [p.label for p in e.gestures]}
            for e in practice.profile.entries
        ],
    }


@router.post("/drills", status_code=201, response_model=DrillOut)
def start_drill(body: DrillIn, practice: PracticeDep) -> dict[str, Any]:
    try:
        return practice.start_drill(
            player=body.player,
            kind=body.kind,
            target=body.target,
            seat=body.seat,
            session=body.session,
            take_seat=body.take_seat,
        )
    except SeatInPlay as exc:
        raise conflict(exc) from None
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from None


@router.post("/drills/current/finish", response_model=dict[str, AttemptOut | None])
def finish_drill(practice: PracticeDep) -> dict[str, dict[str, Any] | None]:
    """Score the open drill now instead of waiting for the combination window."""
    return {"attempt": practice.finish()}


@router.delete("/drills/current")
def cancel_drill(practice: PracticeDep) -> dict[str, Any]:
    practice.cancel()
    return {"drill": None}
