"""The public state of a table as the dashboard and the API receive it (``Table.view()``):
JSON-ready dicts, typed so a consumer knows every key."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class BettingView(TypedDict):
    lance: str
    participants: list[int]
    stake: int
    previous: int | None
    ordago: bool
    bettor: int | None
    bettor_pair: str | None
    out: list[int]
    deje_if_refused: int | None
    result: str | None


class LanceView(TypedDict):
    lance: str
    outcome: str
    stake: int | None
    deje: int
    winner: str | None
    winner_seat: int | None
    stones: int | None
    settled: bool
    paid: bool
    unpaid_stones: int
    declared_si: list[int]


class PaymentView(TypedDict):
    lance: str
    pair: str
    stones: int
    reason: str
    index: int | None


class SenaCallView(TypedDict):
    index: int
    seat: int
    kind: str
    side: str | None
    t_ms: int | None
    phase: str
    lances_begun: list[str]
    betting_begun: list[str]
    mus_over: bool
    hand_in_game: int | None
    draws: int


class FalseDeclaration(TypedDict):
    seat: int
    said: str
    lance: str


class MusView(TypedDict):
    rounds: int
    deck: int
    discards: int
    reshuffles: int
    redeals_4567: list[int]


class TableView(TypedDict):
    rules: dict[str, Any]
    mano: int
    hand_in_game: int | None
    phase: str
    lance: str | None
    to_speak: int | None
    score: dict[str, int]
    dentro: list[str]
    game_winner: str | None
    betting: BettingView | None
    lances: list[LanceView]
    dejes: list[PaymentView]
    payments: list[PaymentView]
    declarations: dict[str, dict[str, bool]]
    mus: MusView
    ordago_lance: str | None
    calls: list[list[Any]]
    sena_calls: list[SenaCallView]
    hands: dict[str, list[str]] | None
    false_declarations: list[FalseDeclaration]
    #: Encaje only: the stones in the pots of seen bets, and the seat that lost (or None).
    pot: NotRequired[int]
    loser: NotRequired[str | None]
