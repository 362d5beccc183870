"""Señas: the referee's review of each one, the house profiles, and the session's records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException
from fastapi.responses import JSONResponse

from api.deps import get_practice, get_referee, get_settings
from api.game_choices import profile_games
from api.paths import inside
from api.practice import Practice
from api.referee import Referee, profile_named
from api.schemas import CallIndex, ExportIn, HandState, RemovalIn, ReviewIn, RowId, SenasOut
from api.settings import Settings
from engine.gesture import GESTURE_SIDES

router = APIRouter(prefix="/api", tags=["senas"])
RefereeDep = Annotated[Referee, Depends(get_referee)]


@router.get("/profiles")
def profiles(
    settings: Annotated[Settings, Depends(get_settings)],
    practice: Annotated[Practice, Depends(get_practice)],
) -> dict[str, Any]:
    """The profiles a table may use, as values to send back and labels to show: a club's file
    given to ``keinu serve --profile`` is labelled by its profile's name and file name, not by its
    full path."""
    labels = {name: name for name in settings.house_profiles}
    if settings.profile_is_file:
        labels[settings.profile] = f"{practice.profile.name} ({Path(settings.profile).name})"
    # the games each fits: the setup offers a profile only for those (the server holds to it)
    shipped = {name: profile_named(name) for name in settings.house_profiles}
    return {
        "profiles": settings.house_profiles,
        "default": settings.profile,
        "labels": labels,
        "games": {name: list(profile_games(profile)) for name, profile in shipped.items()},
        # the reyes its señas are read under (Navarra's 4): the setup's own choice when it is
        # chosen
        "reyes": {name: profile.reyes for name, profile in shipped.items()},
    }


@router.get("/tables/{table_id}/gestures")
def table_gestures(table_id: RowId, referee: RefereeDep) -> dict[str, Any]:
    """What the referee may add as a seña the camera missed: ``gestures``, those of the table's
    house profile's señas, each once and in the profile's order, with the side where the
    profile reads one ("lip_bite left"); ``others``, every gesture (or side of one) no seña of
    the profile is made with, a signal outside the catalogue: cheating, which the referee may
    have seen too (every gesture, at an Encaje table)."""
    profile = profile_named(referee.table(table_id).profile)
    patterns = [pattern for entry in profile.entries for pattern in entry.gestures]
    others = []
    for kind, sides in GESTURE_SIDES.items():
        outside = [s for s in sides or (None,) if not any(p.matches(kind, s) for p in patterns)]
        if outside == list(sides or (None,)):
            others.append(kind)  # no side of it is a seña: the kind alone says it
        else:
            others += [f"{kind} {side}" for side in outside]
    labels = [pattern.label for pattern in patterns]
    return {"profile": profile.name, "gestures": list(dict.fromkeys(labels)), "others": others}


@router.get("/hands/{hand_id}/senas", response_model=SenasOut)
def senas(hand_id: RowId, referee: RefereeDep) -> dict[str, Any]:
    state = referee.hand_state(hand_id)
    return {"senas": state["senas"], "by_seat": state["senas_by_seat"]}


@router.post("/hands/{hand_id}/senas/{call_idx}/review", response_model=HandState)
def review(
    hand_id: RowId, call_idx: CallIndex, body: ReviewIn, referee: RefereeDep
) -> dict[str, Any]:
    """Acknowledge a seña's verdict, or overrule it (it leaves the report), with a note. Any
    seña may be reviewed, and again: the last review stands."""
    return referee.review(hand_id, call_idx, body.action, body.note)


@router.post("/hands/{hand_id}/senas/{call_idx}/remove", response_model=HandState)
def remove(
    hand_id: RowId, call_idx: CallIndex, body: RemovalIn, referee: RefereeDep
) -> dict[str, Any]:
    """Strike out a seña the camera misread: it stays in the record, marked, out of the report.
    (A seña the camera missed is added as a call, ``sena GESTURE [SIDE]``.)"""
    return referee.remove_sena(hand_id, call_idx, body.note)


@router.post("/hands/{hand_id}/senas/{call_idx}/restore", response_model=HandState)
def restore(hand_id: RowId, call_idx: CallIndex, referee: RefereeDep) -> dict[str, Any]:
    """Take back a removal: the seña counts again."""
    return referee.restore_sena(hand_id, call_idx)


@router.get("/hands/{hand_id}/record")
def record(hand_id: RowId, referee: RefereeDep) -> dict[str, Any]:
    return referee.record(hand_id)


@router.get("/tables/{table_id}/export")
def export(table_id: RowId, referee: RefereeDep) -> JSONResponse:
    """The session as a game record (its hands as ``deals``), for ``keinu replay``."""
    return JSONResponse(
        referee.session(table_id),
        headers={"Content-Disposition": f'attachment; filename="keinu-table-{table_id}.json"'},
    )


@router.post("/tables/{table_id}/export")
def export_to_file(
    table_id: RowId,
    body: ExportIn,
    referee: RefereeDep,
    settings: Annotated[Settings, Depends(get_settings)],
) -> dict[str, Any]:
    """Write the session under the data dir's ``exports/`` folder (never anywhere else)."""
    session = referee.session(table_id)
    path = inside(settings.data_dir, "exports", f"{body.name}.json")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(session, indent=1, ensure_ascii=False), encoding="utf-8")
    except OSError as exc:
        raise HTTPException(
            507, f"cannot write the export {path}: {exc.strerror or exc}; check its folder"
        ) from None
    return {"path": str(path), "hands": len(referee.store.hands_of(table_id))}
