"""The pydantic models at the API's boundary: every input is checked here before it reaches the
store or the engine."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

from engine.gesture import GESTURE_KINDS

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]
SourceId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.:#-]{0,64}$")]
Seat = Annotated[int, Field(ge=1, le=4)]
CardText = Annotated[str, StringConstraints(pattern=r"^[1-7SCRscr][ocebOCEB]?$")]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatIn(Strict):
    seat: Seat
    name: Name
    source: SourceId = ""


class TableIn(Strict):
    name: Name = "Mesa"
    profile: Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_-]{0,39}$")] = "standard"
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
    text: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]
    t_ms: Annotated[int, Field(ge=0)] | None = None


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
    note: Annotated[str, StringConstraints(strip_whitespace=True, max_length=300)] = ""


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


class DrillIn(Strict):
    player: Name
    kind: Literal["sena", "hand"] = "sena"
    #: For a "sena" drill, the meaning to ask for (default: one the profile lists, at random).
    target: Annotated[str, StringConstraints(pattern=r"^[a-z0-9_]{1,40}$")] | None = None
    seat: Seat = 1
    session: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,40}$")] = "default"
