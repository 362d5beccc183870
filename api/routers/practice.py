"""Practice: drills, calibration, per-player sensitivities and progress."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Path, Query

from api.deps import get_practice
from api.enrolment import profile_kinds
from api.practice import Practice, SeatInPlay
from api.schemas import AttemptOut, DrillIn, DrillOut, EnrolIn, Name, PlayerOut, SensitivitiesIn
from engine.seats import MAX_SEATS

router = APIRouter(prefix="/api/practice", tags=["practice"])
#: A player in a URL, as a name in a body: trimmed, 1 to 40 printable characters.
PlayerName = Annotated[Name, Path()]
SeatQuery = Annotated[int, Query(ge=1, le=MAX_SEATS)]


PracticeDep = Annotated[Practice, Depends(get_practice)]


@router.get("/players")
def players(practice: PracticeDep) -> dict[str, Any]:
    return {"players": practice.store.list_players()}


@router.get("/players/{player}", response_model=PlayerOut)
def player(player: PlayerName, practice: PracticeDep) -> dict[str, Any]:
    return practice.store.player(player)


@router.put("/players/{player}/sensitivities", response_model=PlayerOut)
def sensitivities(
    player: PlayerName,
    body: SensitivitiesIn,
    practice: PracticeDep,
    seat: SeatQuery = 1,
) -> dict[str, Any]:
    """Save the player's sensitivity per gesture kind (1 = as configured; higher triggers
    sooner) and apply it to the live detector of ``seat``."""
    return practice.set_sensitivities(player, body.sensitivities, seat)


@router.post("/players/{player}/calibrate")
def calibrate(player: PlayerName, practice: PracticeDep, seat: SeatQuery = 1) -> dict[str, Any]:
    try:
        return practice.calibrate(player, seat)
    except ValueError as exc:
        raise HTTPException(409, str(exc)) from None


@router.post("/players/{player}/enrol", status_code=202)
def enrol(
    player: PlayerName, body: EnrolIn, practice: PracticeDep, seat: SeatQuery = 1
) -> dict[str, Any]:
    """Watch ``seat`` for ``seconds`` while the player shows ``kind`` once (or talks as at the
    table, for "rest"): the seña's size sets that kind's sensitivity for this player. The
    outcome is the ``enrolment`` message of the websocket feed."""
    try:
        return practice.enrol(player.strip(), seat, body.kind, body.seconds)
    except ValueError as exc:
        raise HTTPException(409, str(exc)) from None


@router.get("/players/{player}/progress")
def progress(player: PlayerName, practice: PracticeDep) -> dict[str, Any]:
    return practice.progress(player)


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
        raise HTTPException(409, str(exc)) from None
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
