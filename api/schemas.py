"""The pydantic models at the API's boundary: every input is checked here before it reaches the
store or the engine."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import Path
from pydantic import (
    AfterValidator,
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    computed_field,
    create_model,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from api.game_choices import RULE_OPTIONS, OptionRefused, check_options
from api.player_names import PlayerNameError, kept_player_name, player_name
from engine.errors import RulesError
from engine.gesture import GESTURE_KINDS
from engine.rules import PLAYER_COUNTS, Rules
from engine.seats import MAX_SEATS, Seating
from engine.senas import TruthValue, Verdict
from engine.start import WILD_VALUES

#: The largest integer SQLite stores: every id and time in milliseconds stays below it.
MAX_INT64 = 2**63 - 1


def printable(text: str) -> str:
    """Refuse control characters (a NUL, a newline in a name): what is stored is what is shown."""
    if not text.isprintable():
        raise PydanticCustomError(
            "not_printable", "only printable characters, no control characters"
        )
    return text


Name = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=40),
    AfterValidator(printable),
]


def note_text(text: str) -> str:
    """A referee's note may run over lines, as its text box does; any other control character
    is refused, as in a name."""
    lines = text.replace("\r\n", "\n").split("\n")
    for line in lines:
        printable(line)
    return "\n".join(lines)


Note = Annotated[
    str, StringConstraints(strip_whitespace=True, max_length=300), AfterValidator(note_text)
]
#: A note that must say something (a result the desk writes by hand): blank is "too short" as
#: for any text, not as for a list.
Reason = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=300),
    AfterValidator(note_text),
]
#: An acta's notes: lines of text, no other control character.
ActaNotes = Annotated[
    str, StringConstraints(strip_whitespace=True, max_length=4000), AfterValidator(note_text)
]


def _name_rule(rule: Callable[[str], str]) -> AfterValidator:
    """One of ``api.player_names``'s rules, its reason as the refusal's whole message and its
    code in the error's context (the 422's ``code``, which the page words in its own language)."""

    def check(text: str) -> str:
        try:
            return rule(text)
        except PlayerNameError as exc:
            raise PydanticCustomError("player_name", str(exc), {"code": exc.code}) from None

    return AfterValidator(check)


#: A player's name, in a body or a URL (``api.player_names``): trimmed, 1 to 40 printable
#: characters, no "/" or "\\", not dots alone.
PlayerName = Annotated[str, _name_rule(player_name)]
#: A name a player's señas, calibration or practice are kept under: a player's name that is not
#: a seat's label ("Asiento 3").
KeptPlayerName = Annotated[str, _name_rule(kept_player_name)]
SourceId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.:#-]{0,64}$")]
Seat = Annotated[int, Field(ge=1, le=MAX_SEATS)]
TimeMs = Annotated[int, Field(ge=0, le=MAX_INT64)]
#: A table's or hand's id in a URL, or a call's index (SQLite's integers are 64-bit).
RowId = Annotated[int, Path(ge=1, le=MAX_INT64)]
#: A seat's number in a URL.
SeatPath = Annotated[int, Path(ge=1, le=MAX_SEATS)]
CallIndex = Annotated[int, Path(ge=0, le=MAX_INT64)]
#: What a wild card of Mus con diez reyes stands for: a rey or an as.
WildValue = Literal[WILD_VALUES]  # type: ignore[valid-type]
CardText = Annotated[str, StringConstraints(pattern=r"^[1-7SCRscr][ocebOCEB]?$")]


class Strict(BaseModel):
    """An input body: no unknown field, and no coercion (``true`` or ``"1"`` is not a seat)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class SeatIn(Strict):
    seat: Seat
    #: The seat's player (the live page learns their señas under this name).
    name: PlayerName
    source: SourceId = ""


def _option_field(choices: tuple[Any, ...]) -> tuple[Any, Any]:
    """A rule option's type at the boundary (true or false, or one of its choices) and its
    default."""
    kind = bool if isinstance(choices[0], bool) else Literal[choices]
    return kind, choices[0]


if TYPE_CHECKING:
    _RuleOptions = Strict
else:
    #: Every option of ``engine.rules.Rules`` (``RULE_OPTIONS``), named and defaulted as there.
    _RuleOptions = create_model(
        "RuleOptions",
        __base__=Strict,
        **{name: _option_field(choices) for name, choices in RULE_OPTIONS.items()},
    )


class TableIn(_RuleOptions):
    """A table's setup: the game (Mus of four or six, or an Encaje of three or five), every
    option of its rules as ``engine.rules.Rules`` names them (docs/rules.md), and a name for
    every seat."""

    name: Name = "Mesa"
    #: A shipped profile's name, or the club file ``keinu serve --profile`` was given (checked
    #: against ``Settings.house_profiles`` when the table is made). Encaje's default: its own.
    profile: Annotated[str, StringConstraints(min_length=1, max_length=1024)] | None = None
    mano: Seat = 1
    seats: list[SeatIn] = Field(min_length=min(PLAYER_COUNTS), max_length=MAX_SEATS)

    @model_validator(mode="after")
    def _a_playable_table(self) -> TableIn:
        try:
            rules = self.rules
        except RulesError as exc:
            raise ValueError(str(exc)) from None
        try:
            check_options(rules)
        except OptionRefused as exc:
            raise PydanticCustomError(exc.code, str(exc), exc.params) from None
        self.profile = rules.profile
        seats = rules.seating.seats
        if sorted(s.seat for s in self.seats) != list(seats):
            raise PydanticCustomError(
                "seats_each_once",
                "give each seat 1..{players} exactly once",
                {"players": len(seats)},
            )
        if self.mano not in seats:
            raise PydanticCustomError(
                "mano_not_a_seat",
                "mano must be one of the seats 1..{players}",
                {"players": len(seats)},
            )
        return self

    @property
    def rules(self) -> Rules:
        """The engine's rules of the table (an Encaje's profile, when none is named, its own)."""
        options = {name: getattr(self, name) for name in RULE_OPTIONS}
        return Rules.from_dict(options | ({"profile": self.profile} if self.profile else {}))


class CallIn(Strict):
    #: Any seat: one the table does not have is refused naming the table's own seats (not the
    #: largest table's), as an illegal call (``seat_not_at_table``).
    seat: Annotated[int, Field(ge=1, le=MAX_INT64)]
    text: Annotated[
        str,
        StringConstraints(strip_whitespace=True, min_length=1, max_length=40),
        AfterValidator(printable),
    ]
    t_ms: TimeMs | None = None


SeatKey = Literal[tuple(str(seat) for seat in range(1, MAX_SEATS + 1))]  # type: ignore[valid-type]


class ShowIn(Strict):
    """Every seat's four cards (the engine checks that each seat of the table has its hand)
    and, at a diez reyes table, what each seat's wild cards stand for, in the order of its
    hand (the engine checks that every wild card has one value)."""

    hands: dict[SeatKey, list[CardText]]  # type: ignore[valid-type]
    wild: dict[SeatKey, Annotated[list[WildValue], Field(min_length=1, max_length=2)]] = {}  # type: ignore[valid-type]

    @field_validator("hands")
    @classmethod
    def _four_cards_a_seat(cls, hands: dict[str, list[str]]) -> dict[str, list[str]]:
        """One sentence for every seat whose hand is not four cards (a referee who pressed
        "Show cards" too soon reads which seats still need theirs), not one per missing item."""
        wrong = sorted((seat, len(cards)) for seat, cards in hands.items() if len(cards) != 4)
        if wrong:
            message = "; ".join(f"seat {seat}: 4 cards needed, {n} entered" for seat, n in wrong)
            raise PydanticCustomError(
                "cards_needed", "{message}", {"message": message, "seats": [s for s, _ in wrong]}
            )
        return hands

    @field_validator("hands")
    @classmethod
    def _upper_rank_lower_suit(cls, hands: dict[str, list[str]]) -> dict[str, list[str]]:
        return {
            seat: [card[0].upper() + card[1:].lower() for card in cards]
            for seat, cards in sorted(hands.items())
        }


class CorrectionIn(ShowIn):
    """The cards a settled hand was really shown with, who corrects them and why (both may be
    left blank): the cards replaced are kept with them."""

    referee: Annotated[
        str, StringConstraints(strip_whitespace=True, max_length=40), AfterValidator(printable)
    ] = ""
    note: Note = ""


class ReviewIn(Strict):
    action: Literal["acknowledged", "overruled"]
    note: Note = ""


class RemovalIn(Strict):
    note: Note = ""


class ExportIn(Strict):
    name: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]{0,59}$")]


def number_between(low: float, high: float, what: str) -> AfterValidator:
    """A number from ``low`` to ``high``, said so when it is not (NaN and the infinities too,
    which a bare ``le=`` refuses as "less than or equal to")."""

    def check(value: float) -> float:
        if not (math.isfinite(value) and low <= value <= high):
            raise PydanticCustomError(
                "number_between",
                "{what} must be a number between {low} and {high}",
                {"what": what, "low": low, "high": high},
            )
        return value

    return AfterValidator(check)


class SensitivitiesIn(Strict):
    #: Per gesture kind: 1 as configured, higher triggers sooner.
    sensitivities: dict[str, Annotated[float, number_between(0.2, 5, "a sensitivity")]]

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
    seconds: Annotated[float, number_between(1, 10, "a window's seconds")] = 3.0

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, value: str) -> str:
        if value != "rest" and value not in GESTURE_KINDS:
            raise ValueError(
                f"unknown gesture kind {value!r}: one of rest, {', '.join(GESTURE_KINDS)}"
            )
        return value


class DrillIn(Strict):
    player: KeptPlayerName
    kind: Literal["sena", "hand"] = "sena"
    #: For a "sena" drill, the meaning to ask for (default: one the profile lists, at random).
    target: Annotated[str, StringConstraints(pattern=r"^[a-z0-9_]{1,40}$")] | None = None
    seat: Seat = 1
    session: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,40}$")] = "default"
    #: Take the seat even though it plays a hand of the active table (its señas go to the
    #: drill, not to the hand, while the drill is open).
    take_seat: bool = False


# -- what the API answers (the OpenAPI page documents these) ----------------------------------


class FromRow(BaseModel):
    """An answer read straight from the store's row (``Model.model_validate(row)``)."""

    model_config = ConfigDict(from_attributes=True)


class SeatOut(FromRow):
    seat: int
    name: str
    source: str
    #: The seat's team ("1-3", "2-4-6"), or the seat itself in Encaje; set by ``TableOut``.
    pair: str = ""


class TableOut(FromRow):
    id: int
    name: str
    profile: str
    game: str
    players: int
    target: int
    reyes: int
    captains: bool
    stones: int
    deal: str
    diez_reyes: bool
    #: The rest of its rules' options (``api.game_choices.MORE_OPTIONS``) where not at their
    #: default: ``{"match": "vacas", "juego_real": true}``.
    options: dict[str, Any]
    first_mano: int
    seats: list[SeatOut]

    @field_validator("options")
    @classmethod
    def _in_the_rules_order(cls, options: dict[str, Any]) -> dict[str, Any]:
        """As ``engine.rules.Rules`` lists them, whatever order the store keeps them in."""
        return {name: options[name] for name in RULE_OPTIONS if name in options}

    @model_validator(mode="after")
    def _teams(self) -> TableOut:
        seating = Seating(self.players, individual=self.game == "encaje")
        for seat in self.seats:
            seat.pair = seating.team_of(seat.seat)
        return self


class CorrectionOut(FromRow):
    """Cards a hand was shown with until the referee took them back (``how`` "undo") or
    corrected them ("corrected"), and when (``created_ms``)."""

    shown: dict[str, list[str]]
    wild: dict[str, list[str]] | None = None
    how: Literal["undo", "corrected"]
    referee: str
    note: str
    created_ms: int


class HandInfo(FromRow):
    id: int
    table_id: int
    number: int
    game: int
    hand_in_game: int
    mano: int
    score_before: dict[str, int] = Field(validation_alias=AliasChoices("score", "score_before"))
    shown: dict[str, list[str]] | None
    #: Mus con diez reyes: what each seat's wild cards stood for (``{"1": ["R"]}``).
    wild: dict[str, list[str]] | None = None
    #: The last hand of its table (the one calls go to).
    current: bool = False
    #: The cards shown before each time the referee took them back or corrected them.
    corrections: list[CorrectionOut] = []

    @computed_field  # type: ignore[prop-decorator]
    @property
    def cards_not_shown(self) -> bool:
        """Closed at its showdown without the cards ("cards not shown")."""
        return self.shown == {}


class LegalCall(BaseModel):
    seat: int
    action: str
    text: str


class ReviewOut(FromRow):
    action: str
    note: str


class RemovedOut(FromRow):
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


class MatchOut(BaseModel):
    """Games won by each side (in the vaca being played, with vacas), vacas won, and the
    match's winner once it is decided."""

    structure: Literal["best_of_3", "vacas"]
    games_won: dict[str, int]
    vacas_won: dict[str, int] | None = None
    winner: str | None


class ActaSignedOut(BaseModel):
    game_number: int
    referee: str


class GameAwardedOut(BaseModel):
    """A game its acta stopped and gave to ``winner`` for the other side's ``sanction``."""

    winner: str
    sanction: str


class HandState(BaseModel):
    hand: HandInfo
    #: ``engine.table.Table.view()``: phase, lance, to_speak, score, betting, lances, calls, …
    view: dict[str, Any]
    legal: list[LegalCall]
    senas: list[SenaOut]
    senas_by_seat: dict[str, dict[str, int]]
    #: The next hand may be dealt: this one is the last and over, and the match is not.
    can_deal: bool
    #: This hand's cards may be corrected now (``POST /api/hands/{id}/shown/correction``).
    can_correct: bool
    #: For the last hand: the hand before it, while its cards may still be corrected.
    previous: HandInfo | None
    match: MatchOut
    #: The hand's game has a signed acta: the hand stays as signed (no call, no undo, no
    #: review; ``legal`` is empty).
    acta_signed: ActaSignedOut | None = None
    #: The hand's game was stopped by its acta and given to a side (api/sanctions.py).
    game_awarded: GameAwardedOut | None = None


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
    #: 8: a 3 dealt counts as a rey and a 2 as an as; 4: they keep their rank.
    reyes: int
    timeout_s: float


class SeenOut(BaseModel):
    meaning: str | None
    gestures: list[str]


class NearMissOut(BaseModel):
    """A gesture of an asked kind seen but held too briefly or too long to count."""

    seat: int
    kind: str
    side: str | None
    label: str
    start_ms: int
    end_ms: int
    lasted_ms: int
    reason: Literal["too_brief", "too_long"]
    limit_ms: int


class AttemptOut(BaseModel):
    #: What was asked: the drill's targets, any of which counts.
    drill: DrillOut
    recognised: bool
    seen: list[SeenOut]
    gestures: list[str]
    time_ms: int | None
    duration_ms: int | None
    size: float | None
    #: For an attempt not recognised: the asked kinds' gestures that did not count for their
    #: length (the last three).
    near_misses: list[NearMissOut] = []


class PlayerOut(BaseModel):
    name: str
    sensitivities: dict[str, float]
    calibration: dict[str, Any] | None
