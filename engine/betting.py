"""The betting of one lance: paso, envido, sube, quiero, no quiero, no queremos, órdago.

Procedure (000, 002, 004): the participants speak in turn from the mano; a paso before any bet
keeps the player in. After a bet either opponent still in the lance may answer; a player who
declines (``no quiero``, or ``paso`` after a bet — 004) is out of the lance for good; the pair
folds when all its players in the lance have declined or one said ``no queremos``. A
``quiero`` closes the lance; a raise (``sube N``, N >= 2, or ``ordago``) turns the question to
the other pair. After an órdago the only answers are quiero and no quiero. A bet or a raise says
at most the game's target in stones (``rules.bet_limit``, unless "none"): the whole game is bet
with an órdago. Every caller (the dashboard, ``keinu replay``, a record) is held to it here.

``check(call)`` raises a ``BettingError`` (a rule broken, its sentence and code) without
touching the state;
``apply(call)`` assumes the call was checked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from engine.calls import ANSWERS, BET_ACTIONS, MIN_BET, Action, Call
from engine.errors import RuleBroken
from engine.rules import Lance, Rules
from engine.views import BettingView


class BettingError(RuleBroken):
    """The rule a betting call breaks (turned into ``IllegalCall`` by the table)."""


#: How a lance's betting ended.
PASO = "paso"  # everyone passed: paid at the showdown (1 in grande/chica/punto)
ACCEPTED = "accepted"  # a bet was seen: the better hand takes the stake at the showdown
FOLDED = "folded"  # a pair declined: the other takes the deje at once
ORDAGO = "ordago"  # an órdago was seen: the lance decides the game


class LanceBetting(Protocol):
    """What the table asks of a lance's betting (Mus's, or Encaje's)."""

    lance: Lance
    participants: tuple[int, ...]
    stake: int
    result: str | None
    fold_winner: str | None

    @property
    def to_speak(self) -> int | None: ...

    @property
    def deje(self) -> int: ...

    def legal_calls(self) -> list[Call]: ...

    def check(self, call: Call) -> None: ...

    def apply(self, call: Call) -> None: ...

    def view(self) -> BettingView: ...


def check_open(betting: LanceBetting, seat: int) -> None:
    """What any lance's betting asks first of a call: that the betting is not over, and that
    ``seat`` takes part in it."""
    if betting.result is not None:
        raise BettingError(
            f"the betting of {betting.lance} is over",
            code="betting_over",
            params={"lance": str(betting.lance)},
        )
    if seat not in betting.participants:
        raise BettingError(
            f"seat {seat} takes no part in the betting of {betting.lance}",
            code="not_in_the_lance",
            params={"seat": seat, "lance": str(betting.lance)},
        )


@dataclass
class Betting:
    lance: Lance
    participants: tuple[int, ...]
    rules: Rules
    opened: int = 0
    stake: int = 0
    previous: int | None = None
    ordago: bool = False
    bettor: int | None = None
    out: set[int] = field(default_factory=set)
    result: str | None = None
    fold_winner: str | None = None

    @property
    def bet_standing(self) -> bool:
        return self.bettor is not None and self.result is None

    @property
    def bettor_pair(self) -> str | None:
        """The bettor's team (a pair with four players)."""
        return None if self.bettor is None else self.rules.seating.team_of(self.bettor)

    @property
    def answerers(self) -> tuple[int, ...]:
        """Opponents of the last bettor still in the lance, nearest in turn first."""
        if self.bettor is None:
            return ()
        n = len(self.participants)
        start = self.participants.index(self.bettor)
        ring = [self.participants[(start + i) % n] for i in range(1, n)]
        team_of = self.rules.seating.team_of
        betting = team_of(self.bettor)
        return tuple(s for s in ring if team_of(s) != betting and s not in self.out)

    @property
    def to_speak(self) -> int | None:
        if self.result is not None:
            return None
        if self.bettor is None:
            return self.participants[self.opened]
        return self.answerers[0]

    @property
    def deje(self) -> int:
        """What a fold pays the betting pair now: 1 for a refused first bet, else the total
        that stood before the last raise (or always 1 under ``deje = "one"``, 003)."""
        if self.previous is None or self.rules.deje == "one":
            return 1
        return self.previous

    def legal_calls(self) -> list[Call]:
        if self.result is not None:
            return []
        if self.bettor is None:
            seat = self.participants[self.opened]
            calls = [Call(seat, Action.PASO), Call(seat, Action.ENVIDO)]
            if self.rules.ordago_opening:
                calls.append(Call(seat, Action.ORDAGO))
            return calls
        calls = []
        for seat in self.answerers:
            calls += [
                Call(seat, Action.PASO),
                Call(seat, Action.QUIERO),
                Call(seat, Action.NO_QUIERO),
            ]
            calls.append(Call(seat, Action.NO_QUEREMOS))
            if not self.ordago:
                calls += [Call(seat, Action.SUBE), Call(seat, Action.ORDAGO)]
        return calls

    def _beyond_limit(self, stones: int) -> bool:
        return self.rules.bet_limit == "target" and stones > self.rules.target

    def check(self, call: Call) -> None:
        seat, action = call.seat, call.action
        check_open(self, seat)
        if self.bettor is None:
            expected = self.to_speak
            if seat != expected:
                raise BettingError(
                    f"not seat {seat}'s turn: seat {expected} speaks first",
                    code="not_your_turn",
                    params={"seat": seat, "expected": expected},
                )
            if action in (Action.PASO, Action.ENVIDO):
                if action == Action.ENVIDO and call.bet_amount < MIN_BET:
                    raise BettingError(
                        f"a bet is at least {MIN_BET} stones",
                        code="bet_too_small",
                        params={"least": MIN_BET},
                    )
                if action == Action.ENVIDO and self._beyond_limit(call.bet_amount):
                    target = self.rules.target
                    raise BettingError(
                        f"a bet is of {MIN_BET} to {target} stones in a game to {target}",
                        code="bet_too_high",
                        params={"target": target},
                    )
                return
            if action == Action.ORDAGO:
                if not self.rules.ordago_opening:
                    raise BettingError(
                        "órdago only as a raise (rules.ordago_opening is false)",
                        code="ordago_only_as_a_raise",
                    )
                return
            if action == Action.SUBE:
                raise BettingError("no bet to raise: open with 'envido'", code="no_bet_to_raise")
            raise BettingError(
                f"no bet to answer: say paso, envido or ordago, not {call.text!r}",
                code="no_bet_to_answer",
            )
        if self.bettor_pair is not None and self.rules.seating.team_of(seat) == self.bettor_pair:
            side = self.rules.seating.side_name(self.bettor_pair)
            raise BettingError(
                f"{side} made the last bet: its opponents answer",
                code="own_side_bet",
                params={"side": self.bettor_pair},
            )
        if seat in self.out:
            raise BettingError(
                f"seat {seat} declined and is out of {self.lance}",
                code="declined",
                params={"seat": seat, "lance": str(self.lance)},
            )
        if action == Action.ENVIDO:
            raise BettingError("a bet stands: raise it with 'sube N'", code="bet_stands")
        if action in (Action.SUBE, Action.ORDAGO) and self.ordago:
            raise BettingError(
                "an órdago can only be seen (quiero) or refused (no quiero)",
                code="ordago_stands",
            )
        if action == Action.SUBE and call.bet_amount < MIN_BET:
            raise BettingError(
                f"a raise is at least {MIN_BET} stones",
                code="raise_too_small",
                params={"least": MIN_BET},
            )
        if action == Action.SUBE and self._beyond_limit(call.bet_amount):
            target = self.rules.target
            raise BettingError(
                f"a raise is of {MIN_BET} to {target} stones in a game to {target}",
                code="raise_too_high",
                params={"target": target},
            )
        if action not in ANSWERS and action not in (Action.PASO, Action.SUBE, Action.ORDAGO):
            raise BettingError(f"{call.text!r} is not an answer to a bet", code="not_an_answer")

    def apply(self, call: Call) -> None:
        seat, action = call.seat, call.action
        if self.bettor is None:
            if action == Action.PASO:
                self.opened += 1
                if self.opened == len(self.participants):
                    self.result = PASO
                return
            self.bettor = seat
            self.previous = None
            if action == Action.ORDAGO:
                self.ordago = True
            else:
                self.stake = call.bet_amount
            return
        if action in BET_ACTIONS:
            self.previous = self.stake
            self.bettor = seat
            if action == Action.ORDAGO:
                self.ordago = True
            else:
                self.stake += call.bet_amount
            return
        if action == Action.QUIERO:
            self.result = ORDAGO if self.ordago else ACCEPTED
            return
        if action == Action.NO_QUEREMOS:
            self._fold()
            return
        self.out.add(seat)
        if not self.answerers:
            self._fold()

    def _fold(self) -> None:
        self.result = FOLDED
        self.fold_winner = self.bettor_pair

    def view(self) -> BettingView:
        return {
            "lance": str(self.lance),
            "participants": list(self.participants),
            "stake": self.stake,
            "previous": self.previous,
            "ordago": self.ordago,
            "bettor": self.bettor,
            "bettor_pair": self.bettor_pair,
            "out": sorted(self.out),
            "deje_if_refused": self.deje if self.bettor is not None else None,
            "result": self.result,
        }
