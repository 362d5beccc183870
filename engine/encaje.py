"""Encaje (002, named in 000): three or five players each for himself, getting rid of stones.

The deal, the mus, the lances and the ranking are Mus's; what differs is who bets and what a
lance pays. The score is the stones each seat still holds; winning removes stones from the
winner's pile. What each lance pays (002, "Pontuação"; docs/rules.md numbers the rules):

1. grande or chica en paso: the best hand removes 1 stone;
2. pares, juego, punto: the best hand removes its value (par 1, medias 2, duples 3; juego 31 =
   3, other juego 2; punto 1 — 002 refers to a table its text lacks: these are Mus's values);
3. a bet refused by all: the bettor removes 1 at once, and his hand's value at the showdown;
4. a raise refused by all: the raiser hands the player who bet before him the stones of that
   bet, and removes his hand's value at the showdown;
5. a bet seen: the bettor and everyone who saw put the stake in a pot; at the showdown the
   worst hand among them takes the pot, and the best among them removes his hand's value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.betting import ACCEPTED, FOLDED, PASO, BettingError, LanceBetting, check_open
from engine.calls import MIN_BET, Action, Call
from engine.cards import Hand
from engine.errors import RuleBroken
from engine.phases import Phase
from engine.ranking import RANKERS, juego_value, loser_seat, pares_value, winner_seat
from engine.rules import Lance, Rules
from engine.scoring import NONE, SINGLE, LanceResult
from engine.table import Payment, Table
from engine.views import BettingView, TableView

CARDS_DEALT_FIVE = 5


@dataclass
class EncajeBetting:
    """The betting of one lance in Encaje: in turn from the mano, each player holding stones
    passes or bets; after a bet everyone in turn sees, refuses (out of the lance) or raises;
    after a raise those who had seen speak again; it ends when all but the last bettor have
    seen or refused (002). Nobody bets, sees or raises more than he holds."""

    lance: Lance
    participants: tuple[int, ...]
    rules: Rules
    holdings: dict[int, int]
    opened: int = 0
    stake: int = 0
    previous: int | None = None
    bettor: int | None = None
    previous_bettor: int | None = None
    last_speaker: int | None = None
    out: set[int] = field(default_factory=set)
    seen: set[int] = field(default_factory=set)
    result: str | None = None
    fold_winner: str | None = None

    @property
    def pending(self) -> tuple[int, ...]:
        """Who must still answer the standing bet, in turn after the last speaker."""
        if self.bettor is None or self.last_speaker is None:
            return ()
        n = len(self.participants)
        start = self.participants.index(self.last_speaker)
        ring = [self.participants[(start + i) % n] for i in range(1, n + 1)]
        return tuple(
            s for s in ring if s != self.bettor and s not in self.out and s not in self.seen
        )

    @property
    def to_speak(self) -> int | None:
        if self.result is not None:
            return None
        if self.bettor is None:
            return self.participants[self.opened]
        return self.pending[0]

    @property
    def deje(self) -> int:
        """What a refusal by all pays: 1 removed for a first bet, else the bet before the
        raise, handed by the raiser to the one who made it."""
        return 1 if self.previous is None else self.previous

    def legal_calls(self) -> list[Call]:
        seat = self.to_speak
        if seat is None:
            return []
        held = self.holdings[seat]
        if self.bettor is None:
            calls = [Call(seat, Action.PASO)]
            return calls + ([Call(seat, Action.ENVIDO)] if held >= MIN_BET else [])
        calls = [Call(seat, Action.NO_QUIERO), Call(seat, Action.PASO)]
        if self.stake <= held:
            calls.append(Call(seat, Action.QUIERO))
        if self.stake + MIN_BET <= held:
            calls.append(Call(seat, Action.SUBE))
        return calls

    def check(self, call: Call) -> None:
        seat, action = call.seat, call.action
        check_open(self, seat)
        if action == Action.ORDAGO:
            raise BettingError("there is no órdago in Encaje", code="no_ordago_in_encaje")
        if action == Action.NO_QUEREMOS:
            raise BettingError(
                "in Encaje everyone plays alone: say 'no quiero'", code="no_queremos_in_encaje"
            )
        expected = self.to_speak
        if seat != expected:
            raise BettingError(
                f"not seat {seat}'s turn: seat {expected} speaks now",
                code="not_your_turn",
                params={"seat": seat, "expected": expected},
            )
        held = self.holdings[seat]
        if self.bettor is None:
            if action == Action.ENVIDO:
                self._check_amount(seat, call.bet_amount, held, raising=False)
                return
            if action != Action.PASO:
                raise BettingError(
                    f"no bet to answer: say paso or envido, not {call.text!r}",
                    code="no_bet_to_answer",
                )
            return
        if action == Action.ENVIDO:
            raise BettingError("a bet stands: raise it with 'sube N'", code="bet_stands")
        if action == Action.SUBE:
            self._check_amount(seat, self.stake + call.bet_amount, held, raising=True)
            if call.bet_amount < MIN_BET:
                raise BettingError(
                    f"a raise is at least {MIN_BET} stones",
                    code="raise_too_small",
                    params={"least": MIN_BET},
                )
        elif action == Action.QUIERO and self.stake > held:
            raise BettingError(
                f"seat {seat} holds {held} stones: it cannot see {self.stake}; say no quiero",
                code="cannot_see",
                params={"seat": seat, "held": held, "stake": self.stake},
            )
        elif action not in (Action.QUIERO, Action.NO_QUIERO, Action.PASO, Action.SUBE):
            raise BettingError(f"{call.text!r} is not an answer to a bet", code="not_an_answer")

    @staticmethod
    def _check_amount(seat: int, amount: int, held: int, *, raising: bool) -> None:
        """A bet (or the total a raise comes to) of at least 2 stones and at most those held."""
        if amount < MIN_BET:
            raise BettingError(
                f"a bet is at least {MIN_BET} stones",
                code="bet_too_small",
                params={"least": MIN_BET},
            )
        if amount <= held:
            return
        params: dict[str, object] = {"seat": seat, "held": held, "amount": amount}
        if raising:
            raise BettingError(
                f"seat {seat} holds {held} stones: it cannot raise to {amount}",
                code="raise_beyond_holding",
                params=params,
            )
        raise BettingError(
            f"seat {seat} holds {held} stones: it cannot bet {amount}",
            code="bet_beyond_holding",
            params=params,
        )

    def apply(self, call: Call) -> None:
        seat, action = call.seat, call.action
        self.last_speaker = seat
        if self.bettor is None:
            if action == Action.PASO:
                self.opened += 1
                if self.opened == len(self.participants):
                    self.result = PASO
                return
            self.bettor, self.stake = seat, call.bet_amount
        elif action == Action.SUBE:
            self.previous, self.previous_bettor = self.stake, self.bettor
            self.bettor = seat
            self.stake += call.bet_amount
            self.seen = set()
        elif action == Action.QUIERO:
            self.seen.add(seat)
        else:
            self.out.add(seat)
        if not self.pending:
            self.result = ACCEPTED if self.seen else FOLDED
            if self.result == FOLDED:
                self.fold_winner = str(self.bettor)

    def view(self) -> BettingView:
        return {
            "lance": str(self.lance),
            "participants": list(self.participants),
            "stake": self.stake,
            "previous": self.previous,
            "ordago": False,
            "bettor": self.bettor,
            "bettor_pair": None if self.bettor is None else str(self.bettor),
            "out": sorted(self.out),
            "deje_if_refused": self.deje if self.bettor is not None else None,
            "result": self.result,
        }


class EncajeTable(Table):
    """One hand of Encaje. ``score`` is the stones each seat holds ({"1": 14, ...}); ``pot``
    the stones in the pots of seen bets, until the showdown gives them to the worst hand;
    ``loser`` the seat left holding stones when nobody else holds any."""

    def __init__(
        self,
        rules: Rules | None = None,
        mano: int = 1,
        score: Mapping[str, int] | None = None,
        hand_in_game: int | None = None,
        hands: Mapping[Any, Any] | None = None,
        wild: Mapping[Any, Any] | None = None,
    ) -> None:
        self._pots: dict[Lance, dict[int, int]] = {}
        self._participants: dict[Lance, tuple[int, ...]] = {}
        super().__init__(rules, mano, score, hand_in_game, hands, wild)
        if mano not in self._order:
            raise ValueError(f"mano must be a seat that holds stones; seat {mano} has none")
        if self.rules.deal == "five_discard_one":
            self._deck = 40 - CARDS_DEALT_FIVE * len(self._order)
            self._pile = len(self._order)
            self._start_lance(Lance.GRANDE)

    # ----------------------------------------------------------------- who plays

    def _seats_in_hand(self) -> tuple[int, ...]:
        """A seat without stones at the deal is out of the game."""
        order = self.seating.speaking_order(self.mano)
        return tuple(s for s in order if self._score[str(s)] > 0)

    def _holders(self) -> tuple[int, ...]:
        """Who holds stones now (stones lying in a pot are not held)."""
        return tuple(s for s in self._order if self._score[str(s)] > 0)

    @property
    def _speakers(self) -> tuple[int, ...]:
        if self._phase in (Phase.PARES_DECLARATION, Phase.JUEGO_DECLARATION):
            return self._holders()
        return self._order

    @property
    def pot(self) -> int:
        return sum(sum(pot.values()) for pot in self._pots.values())

    @property
    def loser(self) -> str | None:
        holding = [team for team, stones in self._score.items() if stones > 0]
        return holding[0] if len(holding) == 1 and self.pot == 0 else None

    # ----------------------------------------------------------------- checking

    def _check(self, call: Call) -> None:
        if call.seat not in self._order:
            raise RuleBroken(
                f"seat {call.seat} has no stones: it is out of the game",
                code="out_of_the_game",
                params={"seat": call.seat},
            )
        speaking = self._phase in (Phase.PARES_DECLARATION, Phase.JUEGO_DECLARATION)
        if speaking and call.seat not in self._speakers:
            raise RuleBroken(
                f"seat {call.seat} holds no stones now: it does not declare",
                code="no_stones_to_declare",
                params={"seat": call.seat},
            )
        super()._check(call)

    # ----------------------------------------------------------------- the lances

    def _start_lance(self, lance: Lance, participants: tuple[int, ...] | None = None) -> None:
        players = participants or self._holders()
        self._phase = Phase(str(lance))
        self._participants[lance] = players
        if len(players) < 2:
            self._betting = None
            self._results[lance] = LanceResult(lance, PASO, declared=players)
            self._next_after(lance)
            return
        holdings = {s: self._score[str(s)] for s in players}
        self._betting = EncajeBetting(lance, players, self.rules, holdings)

    def _end_declarations(self, lance: Lance) -> None:
        said = self._declarations[lance]
        si = tuple(s for s in self._order if said.get(s))
        if len(si) >= 2:
            self._turn = 0
            self._start_lance(lance, si)
            return
        if lance == Lance.JUEGO and not si:
            self._start_lance(Lance.PUNTO)
            return
        self._participants[lance] = si
        self._results[lance] = LanceResult(lance, SINGLE if si else NONE, declared=si)
        self._next_after(lance)

    def _end_betting(self, betting: LanceBetting, index: int) -> None:
        assert isinstance(betting, EncajeBetting)
        lance, outcome, bettor = betting.lance, betting.result, betting.bettor
        assert outcome is not None
        declared = betting.participants if lance in (Lance.PARES, Lance.JUEGO) else ()
        result = LanceResult(lance, outcome, stake=betting.stake, declared=declared)
        self._results[lance] = result
        self._betting = None
        if outcome == FOLDED:
            result.fold_winner = betting.fold_winner
            result.deje = betting.deje
            self._pay_refusal(betting, index)
        elif outcome == ACCEPTED and bettor is not None:
            members = (bettor, *sorted(betting.seen))
            self._pots[lance] = dict.fromkeys(members, betting.stake)
            for seat in members:
                self._pay(Payment(str(lance), str(seat), -betting.stake, "pot", index))
        if self._phase != Phase.FINISHED:
            self._next_after(lance)

    def _pay_refusal(self, betting: EncajeBetting, index: int) -> None:
        """Rules 3 and 4: the bettor refused by all removes 1; a raiser refused by all hands
        the previous bettor the stones of that bet."""
        lance, bettor = str(betting.lance), betting.bettor
        assert bettor is not None
        if betting.previous_bettor is None:
            self._remove(lance, bettor, 1, "deje", index)
            return
        self._pay(Payment(lance, str(bettor), -betting.deje, "handed", index))
        self._pay(Payment(lance, str(betting.previous_bettor), betting.deje, "handed", index))

    def _remove(self, lance: str, seat: int, stones: int, reason: str, index: int | None) -> int:
        """Take up to ``stones`` from the seat's pile out of the game; how many it held."""
        removed = min(stones, self._score[str(seat)])
        if removed:
            self._pay(Payment(lance, str(seat), -removed, reason, index))
        return removed

    def _pay(self, payment: Payment) -> None:
        self._payments.append(payment)
        self._score[payment.pair] += payment.stones
        out = self._score[payment.pair] == 0 and payment.reason != "pot"
        if out and self.rules.first_out_wins and self._game_winner is None:
            self._game_winner = payment.pair
            self._phase = Phase.FINISHED

    # ----------------------------------------------------------------- showdown

    def _settle(self) -> None:
        hands = self._played
        assert hands is not None
        self._check_declarations(hands)
        for result in self.results:
            if self._game_winner is not None:
                result.paid = False
                continue
            self._settle_lance(result, hands)
        self._phase = Phase.FINISHED

    def _settle_lance(self, result: LanceResult, hands: Mapping[int, Hand]) -> None:
        lance = result.lance
        result.settled = True
        if result.outcome == NONE:
            return
        pot = self._pots.pop(lance, {})
        if pot:
            members = {s: hands[s] for s in pot}
            worst = loser_seat(lance, members, self.mano, self.rules)
            self._pay(Payment(str(lance), str(worst), sum(pot.values()), "pot_won"))
        if result.outcome == FOLDED:
            assert result.fold_winner is not None
            best = int(result.fold_winner)
        else:
            best = winner_seat(lance, self._competitors(result, pot, hands), self.mano, self.rules)
        result.winner_seat, result.winner = best, str(best)
        value = self._value(lance, hands[best], result.outcome)
        result.showdown_stones = self._remove(str(lance), best, value, "showdown", None)

    def _competitors(
        self, result: LanceResult, pot: Mapping[int, int], hands: Mapping[int, Hand]
    ) -> dict[int, Hand]:
        seats = list(pot) or list(self._participants[result.lance])
        if result.lance in (Lance.PARES, Lance.JUEGO):
            real = [s for s in seats if RANKERS[result.lance](hands[s], self.rules) > 0]
            seats = real or seats
        return {s: hands[s] for s in seats}

    def _value(self, lance: Lance, hand: Hand, outcome: str) -> int:
        """Rules 1 and 2: 1 for grande or chica en paso; the hand's value in pares, juego and
        punto whatever the betting."""
        if lance in (Lance.GRANDE, Lance.CHICA):
            return 1 if outcome == PASO else 0
        if lance == Lance.PARES:
            return pares_value(hand, self.rules)
        if lance == Lance.JUEGO:
            return juego_value(hand, self.rules)
        return 1

    def view(self) -> TableView:
        view = super().view()
        view["dentro"] = []
        view["pot"] = self.pot
        view["loser"] = self.loser
        return view
