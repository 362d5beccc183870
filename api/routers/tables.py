"""Tables, their hands and the calls of each hand: what the referee enters."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from api.deps import get_referee, get_settings
from api.game_choices import game_choices, profile_games
from api.referee import Referee, profile_named, table_out
from api.schemas import (
    CallIn,
    CorrectionIn,
    HandState,
    PlayerName,
    ReportOut,
    RowId,
    SeatPath,
    ShowIn,
    Strict,
    TableIn,
    TablesOut,
    TableState,
)
from api.settings import Settings
from api.store import SeatRow
from api.validation import field_error

router = APIRouter(prefix="/api", tags=["tables"])
RefereeDep = Annotated[Referee, Depends(get_referee)]


@router.post("/tables", status_code=201, response_model=TableState)
def create_table(
    body: TableIn, referee: RefereeDep, settings: Annotated[Settings, Depends(get_settings)]
) -> dict[str, Any]:
    """Set up a table (the game and every option of its rules, the seats, the house profile,
    the mano) and deal hand 1."""
    rules = body.rules
    if rules.profile not in settings.house_profiles:
        offered = ", ".join(settings.house_profiles)
        raise field_error(
            ["profile"],
            "unknown_profile",
            f"no profile {rules.profile!r} here; offered: {offered}",
            offered=settings.house_profiles,
        )
    games = profile_games(profile_named(rules.profile))
    if rules.game not in games:
        raise field_error(
            ["profile"],
            "profile_not_for_game",
            f"the {rules.profile} profile is for {' or '.join(games)}, not {rules.game}",
            profile=rules.profile,
            game=rules.game,
            games=list(games),
        )
    return referee.create_table(
        name=body.name,
        rules=rules,
        mano=body.mano,
        seats=[SeatRow(s.seat, s.name, s.source) for s in sorted(body.seats, key=lambda s: s.seat)],
    )


@router.get("/rules")
def rules_choices() -> dict[str, Any]:
    """The games a table may be set up for, each with the options its rules allow, and the
    choices of every other option of the rules (the setup's folded "Reglas")."""
    return game_choices()


@router.get("/tables", response_model=TablesOut)
def list_tables(referee: RefereeDep) -> dict[str, Any]:
    return {
        "active": referee.active_table_id,
        "tables": [table_out(row) for row in referee.store.list_tables()],
    }


@router.get("/tables/active", response_model=TableState)
def active_table(referee: RefereeDep) -> dict[str, Any]:
    if referee.active_table_id is None:
        return {"table": None, "active": False, "current": None}
    return referee.table_state(referee.active_table_id)


@router.get("/tables/{table_id}", response_model=TableState)
def get_table(table_id: RowId, referee: RefereeDep) -> dict[str, Any]:
    return referee.table_state(table_id)


class SeatNameIn(Strict):
    name: PlayerName


@router.put("/tables/{table_id}/seats/{seat}", response_model=TableState)
def name_seat(
    table_id: RowId, seat: SeatPath, body: SeatNameIn, referee: RefereeDep
) -> dict[str, Any]:
    """The player at ``seat`` of the table, named anew (a name mistyped, a player replaced):
    every page, hand record and export names them so from now on; an acta already signed keeps
    the names it was signed with."""
    return referee.rename_seat(table_id, seat, body.name)


@router.post("/tables/{table_id}/activate", response_model=TableState)
def activate(table_id: RowId, referee: RefereeDep) -> dict[str, Any]:
    """Make this the table that the live feed's señas go to."""
    return referee.activate(table_id)


@router.post("/tables/{table_id}/hands", status_code=201, response_model=TableState)
def next_hand(table_id: RowId, referee: RefereeDep) -> dict[str, Any]:
    """Deal the next hand: the mano moves on, the score carries over (or a new game starts)."""
    return referee.next_hand(table_id)


@router.get("/tables/{table_id}/report", response_model=ReportOut)
def report(table_id: RowId, referee: RefereeDep) -> dict[str, Any]:
    return referee.report(table_id)


@router.get("/hands/{hand_id}", response_model=HandState)
def get_hand(hand_id: RowId, referee: RefereeDep) -> dict[str, Any]:
    referee.hand(hand_id)
    return referee.hand_state(hand_id)


@router.post("/hands/{hand_id}/calls", response_model=HandState)
def add_call(hand_id: RowId, body: CallIn, referee: RefereeDep) -> dict[str, Any]:
    """One call, in the hand record's words (``envido 5``, ``pares si``, ``sena wink left``).
    Refused with a message, and nothing changed, when it does not parse or is not legal now."""
    return referee.apply_call(hand_id, body.seat, body.text, body.t_ms)


@router.delete("/hands/{hand_id}/calls/last", response_model=HandState)
def undo(hand_id: RowId, referee: RefereeDep) -> dict[str, Any]:
    """Take back the referee's last step: a "cards not shown", the cards entered (the hand is
    back at its showdown, the cards kept in its ``corrections``), else the last call; the
    camera's señas stay."""
    return referee.undo(hand_id)


@router.put("/hands/{hand_id}/shown", response_model=HandState)
def show(hand_id: RowId, body: ShowIn, referee: RefereeDep) -> dict[str, Any]:
    """Every seat's hand as shown at the showdown (with diez reyes, what each wild card stands
    for): settles it and checks señas and declarations."""
    return referee.show(hand_id, body.hands, body.wild)


@router.post("/hands/{hand_id}/shown/correction", response_model=TableState)
def correct_shown(hand_id: RowId, body: CorrectionIn, referee: RefereeDep) -> dict[str, Any]:
    """Correct the cards of a settled hand (the last one, or the one before while nobody has
    called in the last): everything that follows from them is settled again, and the cards
    replaced are kept in the hand's ``corrections`` with ``referee`` and ``note``. Answers the
    table, whose last hand may have started again from the corrected score, or gone when the
    correction ends the match."""
    return referee.correct_shown(
        hand_id, body.hands, body.wild, referee=body.referee, note=body.note
    )


@router.post("/hands/{hand_id}/not-shown", response_model=HandState)
def not_shown(hand_id: RowId, referee: RefereeDep) -> dict[str, Any]:
    """Close the hand at its showdown with the cards not shown: its showdown stones are not
    paid, the señas that depend on the cards stay pending, and the next hand may be dealt.
    Undo takes it back."""
    return referee.skip_showdown(hand_id)
