"""The pydantic models at the API's boundary: every input is checked here before it reaches the
store or the engine."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import Path
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    field_validator,
)

from engine.gesture import GESTURE_KINDS
from engine.senas import TruthValue, Verdict

#: The largest integer SQLite stores: every id and time in milliseconds stays below it.
MAX_INT64 = 2**63 - 1


def printable(text: str) -> str:
    """Refuse control characters (a NUL, a newline in a name): what is stored is what is shown."""
    if not text.isprintable():
        raise ValueError("only printable characters, no control characters")
    return text


Name = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=40),
    AfterValidator(printable),
]
Note = Annotated[
    str, StringConstraints(strip_whitespace=True, max_length=300), AfterValidator(printable)
]
SourceId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.:#-]{0,64}$")]
Seat = Annotated[int, Field(ge=1, le=4)]
TimeMs = Annotated[int, Field(ge=0, le=MAX_INT64)]
#: A table's or hand's id in a URL, or a call's index (SQLite's integers are 64-bit).
RowId = Annotated[int, Path(ge=1, le=MAX_INT64)]
CallIndex = Annotated[int, Path(ge=0, le=MAX_INT64)]
CardText = Annotated[str, StringConstraints(pattern=r"^[1-7SCRscr][ocebOCEB]?$")]


class Strict(BaseModel):
    """An input body: no unknown field, and no coercion (``true`` or ``"1"`` is not a seat)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class SeatIn(Strict):
    seat: Seat
    name: Name
    source: SourceId = ""


class TableIn(Strict):
    name: Name = "Mesa"
    #: A shipped profile's name, or the club file ``keinu serve --profile`` was given (checked
    #: against ``Settings.house_profiles`` when the table is made).
    profile: Annotated[str, StringConstraints(min_length=1, max_length=1024)] = "standard"
    target: Literal[30, 40] = 40
    reyes: Literal[4, 8] = 8
    mano: Seat = 1
    seats: list[SeatIn] = Field(min_length=4, max_length=4)

    @field_validator("seats")
    @classmethod
    def _each_seat_once(cls, seats: list[SeatIn]) -> list[SeatIn]:
        if sorted(s.seat for s in seats) != [1, 2, 3, 4]:
            raise ValueError("give each seat 1..4 exactly once")
        return seats


class CallIn(Strict):
    seat: Seat
    text: Annotated[
        str,
        StringConstraints(strip_whitespace=True, min_length=1, max_length=40),
        AfterValidator(printable),
    ]
    t_ms: TimeMs | None = None


class ShowIn(Strict):
    hands: dict[
        Literal["1", "2", "3", "4"], Annotated[list[CardText], Field(min_length=4, max_length=4)]
    ]

    @field_validator("hands")
    @classmethod
    def _all_four(cls, hands: dict) -> dict:
        if len(hands) != 4:
            raise ValueError("enter the four hands, seats 1 to 4")
        return {
            seat: [card[0].upper() + card[1:].lower() for card in cards]
            for seat, cards in sorted(hands.items())
        }


class ReviewIn(Strict):
    action: Literal["acknowledged", "overruled"]
    note: Note = ""


class RemovalIn(Strict):
    note: Note = ""


class ExportIn(Strict):
    name: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]{0,59}$")]


class SensitivitiesIn(Strict):
    sensitivities: dict[str, Annotated[float, Field(ge=0.2, le=5.0)]]

    @field_validator("sensitivities")
    @classmethod
    def _known_kinds(cls, values: dict[str, float]) -> dict[str, float]:
        unknown = sorted(set(values) - set(GESTURE_KINDS))
        if unknown:
            raise ValueError(f"unknown gesture kind(s): {', '.join(unknown)}")
        return values


class EnrolIn(Strict):
    """One prompted window: ``kind`` is a gesture kind, or "rest" for ordinary talking."""

    kind: str
    seconds: Annotated[float, Field(ge=1.0, le=10.0)] = 3.0

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, value: str) -> str:
        if value != "rest" and value not in GESTURE_KINDS:
            raise ValueError(
                f"unknown gesture kind {value!r}: one of rest, {', '.join(GESTURE_KINDS)}"
            )
        return value


class DrillIn(Strict):
    player: Name
    kind: Literal["sena", "hand"] = "sena"
    #: For a "sena" drill, the meaning to ask for (default: one the profile lists, at random).
    target: Annotated[str, StringConstraints(pattern=r"^[a-z0-9_]{1,40}$")] | None = None
    seat: Seat = 1
    session: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,40}$")] = "default"
    #: Take the seat even though it plays a hand of the active table (its señas go to the
    #: drill, not to the hand, while the drill is open).
    take_seat: bool = False


# -- what the API answers (the OpenAPI page documents these) ----------------------------------


class SeatOut(BaseModel):
    seat: int
    name: str
    pair: str
    source: str


class TableOut(BaseModel):
    id: int
    name: str
    profile: str
    target: int
    reyes: int
    first_mano: int
    seats: list[SeatOut]


class HandInfo(BaseModel):
    id: int
    table_id: int
    number: int
    game: int
    hand_in_game: int
    mano: int
    score_before: dict[str, int]
    shown: dict[str, list[str]] | None
    #: Closed at its showdown without the cards ("cards not shown").
    cards_not_shown: bool
    current: bool


class LegalCall(BaseModel):
    seat: int
    action: str
    text: str


class ReviewOut(BaseModel):
    action: str
    note: str


class RemovedOut(BaseModel):
    note: str


class SenaOut(BaseModel):
    seat: int
    name: str
    gestures: list[str]
    meaning: str | None
    lance: str | None
    verdict: Verdict
    truth: TruthValue
    reason: str
    reason_en: str
    calls: list[int]
    t_ms: int | None
    review: ReviewOut | None
    #: Struck out by the referee (a misread): kept in the record, out of the report.
    removed: RemovedOut | None
    #: "camera", or "referee" for a seña the referee entered (one the camera missed).
    origin: Literal["camera", "referee"]


class HandState(BaseModel):
    hand: HandInfo
    #: ``engine.table.Table.view()``: phase, lance, to_speak, score, betting, lances, calls, …
    view: dict[str, Any]
    legal: list[LegalCall]
    senas: list[SenaOut]
    senas_by_seat: dict[str, dict[str, int]]
    can_deal: bool


class TableState(BaseModel):
    table: TableOut | None
    active: bool
    current: HandState | None


class TablesOut(BaseModel):
    active: int | None
    tables: list[TableOut]


class ReportOut(BaseModel):
    table: TableOut
    verdicts: list[Verdict]
    hands: list[dict[str, Any]]
    games: list[dict[str, Any]]


class SenasOut(BaseModel):
    senas: list[SenaOut]
    by_seat: dict[str, dict[str, int]]


class DrillOut(BaseModel):
    id: int
    player: str
    session: str
    kind: str
    seat: int
    targets: dict[str, list[list[str]]]
    cards: list[str] | None
    timeout_s: float


class SeenOut(BaseModel):
    meaning: str | None
    gestures: list[str]


class AttemptOut(BaseModel):
    drill: DrillOut
    recognised: bool
    target: str
    seen: list[SeenOut]
    gestures: list[str]
    time_ms: int | None
    duration_ms: int | None
    size: float | None


class PlayerOut(BaseModel):
    name: str
    sensitivities: dict[str, float]
    calibration: dict[str, Any] | None
