"""One hand of Mus at a real table, as a state machine (in the spirit of python-chess's Board).

``Table`` follows the calls in order: the mus and the discards, the betting of grande and
chica, the pares and juego declarations and their betting (or punto), then the showdown. It
works without ever seeing the cards: phases, turns, bets and dejes need none. Once the hands
are entered (``show``), the showdown is settled in the order grande, chica, pares, juego/punto,
stopping the moment a pair reaches the target.

A rejected call raises ``IllegalCall`` and leaves the table as it was: every call is checked
completely before anything changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from engine.betting import FOLDED, ORDAGO, Betting, LanceBetting
from engine.calls import BETTING_ACTIONS, DEAL_ACTIONS, Action, Call
from engine.cards import Hand
from engine.errors import IllegalCall, RuleBroken
from engine.gesture import Gesture
from engine.phases import BETTING_PHASES, DECLARATION_PHASES, IN_TURN_PHASES, Phase
from engine.ranking import has_juego, pares_kind
from engine.rules import Lance, Rules
from engine.scoring import NONE, SHOWDOWN_ORDER, SINGLE, LanceResult, settle_lance
from engine.seats import CAPTAINS
from engine.start import parse_hands, parse_score, parse_wild, played_hands
from engine.views import BettingView, FalseDeclaration, PaymentView, SenaCallView, TableView

DECK_SIZE = 40
CARDS_DEALT = 4
__all__ = ["Payment", "RuleBroken", "SenaCall", "Table", "parse_hands", "parse_score"]


@dataclass(frozen=True, slots=True)
class SenaCall:
    """A seña seen at the table, with the public state at that moment (what the señas
    engine needs to judge it): the call index, the phase, the lances whose first call had
    been made (for pares/juego: the first declaration), those whose betting had begun,
    whether the mus was over, and how many times cards had been handed out since the deal
    (``draws``: a seña made before its seat's last new cards speaks of cards never shown)."""

    index: int
    seat: int
    kind: str
    side: str | None
    t_ms: int | None
    phase: Phase
    lances_begun: frozenset[str]
    betting_begun: frozenset[str]
    mus_over: bool
    hand_in_game: int | None
    draws: int

    def to_dict(self) -> SenaCallView:
        return {
            "index": self.index,
            "seat": self.seat,
            "kind": self.kind,
            "side": self.side,
            "t_ms": self.t_ms,
            "phase": self.phase.value,
            "lances_begun": sorted(self.lances_begun),
            "betting_begun": sorted(self.betting_begun),
            "mus_over": self.mus_over,
            "hand_in_game": self.hand_in_game,
            "draws": self.draws,
        }


@dataclass(frozen=True, slots=True)
class Payment:
    """Stones paid to a pair: a deje at once (``index`` = the call that folded), or a lance at
    the showdown (``index`` None)."""

    lance: str
    pair: str
    stones: int
    reason: str
    index: int | None = None

    def to_dict(self) -> PaymentView:
        return {
            "lance": self.lance,
            "pair": self.pair,
            "stones": self.stones,
            "reason": self.reason,
            "index": self.index,
        }


class Table:
    """The state of one hand. ``Table(rules, mano, score=..., hand_in_game=..., hands=...)``;
    ``legal_calls()``, ``apply(call)``, ``undo()``, ``show(hands)``, ``observe(gesture)`` and
    read-only views (``phase``, ``lance``, ``to_speak``, ``betting``, ``dejes``, ``score``,
    ``view()``)."""

    def __init__(
        self,
        rules: Rules | None = None,
        mano: int = 1,
        score: Mapping[str, int] | None = None,
        hand_in_game: int | None = None,
        hands: Mapping[Any, Any] | None = None,
        wild: Mapping[Any, Any] | None = None,
    ) -> None:
        self.rules = rules or Rules()
        self.seating = self.rules.seating
        seats = self.seating.seats
        if mano not in seats:
            raise ValueError(f"mano must be a seat 1..{len(seats)}, got {mano!r}")
        self.mano = mano
        self.hand_in_game = hand_in_game
        self.initial_score = parse_score(score, self.rules)
        self._score = dict(self.initial_score)
        self._order = self._seats_in_hand()
        self._phase = Phase.MUS
        self._turn = 0
        self._mus_calls = 0
        self._discards: dict[int, int] = {}
        self._mus_visto_round = False
        self._mus_rounds = 0
        self._deck = DECK_SIZE - CARDS_DEALT * len(self._order)
        self._pile = 0
        self._reshuffles = 0
        self._redeals: list[int] = []
        self._betting: LanceBetting | None = None
        self._declarations: dict[Lance, dict[int, bool]] = {Lance.PARES: {}, Lance.JUEGO: {}}
        self._results: dict[Lance, LanceResult] = {}
        self._payments: list[Payment] = []
        self._game_winner: str | None = None
        self._ordago_lance: Lance | None = None
        self._calls: list[Call] = []
        self.sena_calls: list[SenaCall] = []
        self._lances_begun: set[str] = set()
        self._betting_begun: set[str] = set()
        self._draws = 0
        self._last_draw: dict[int, int] = {}
        self._false_declarations: list[FalseDeclaration] = []
        self._hands: dict[int, Hand] | None = None
        self._wild: dict[int, tuple[str, ...]] = {}
        self._played: dict[int, Hand] | None = None
        if hands is not None:
            self._enter_hands(hands, wild)

    def _seats_in_hand(self) -> tuple[int, ...]:
        """Who plays this hand, in speaking order from the mano."""
        return self.seating.speaking_order(self.mano)

    @property
    def _speakers(self) -> tuple[int, ...]:
        """Who speaks now, in turn: in the mus only the captains when they decide it (six
        players, ``rules.captains``); else everyone in the hand."""
        if self._phase == Phase.MUS and self.rules.captains:
            return tuple(s for s in self._order if s in CAPTAINS)
        return self._order

    def _enter_hands(self, hands: Mapping[Any, Any], wild: Mapping[Any, Any] | None) -> None:
        shown = parse_hands(hands, self.rules)
        chosen = parse_wild(wild, self.rules)
        self._played = played_hands(shown, chosen, self.rules)
        self._hands, self._wild = shown, chosen

    # ----------------------------------------------------------------- read-only views

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def lance(self) -> Lance | None:
        return BETTING_PHASES.get(self._phase) or DECLARATION_PHASES.get(self._phase)

    @property
    def to_speak(self) -> int | None:
        if self._phase in IN_TURN_PHASES:
            return self._speakers[self._turn]
        if self._betting is not None:
            return self._betting.to_speak
        return None

    @property
    def betting(self) -> BettingView | None:
        """The betting of the current lance: stake, last bettor, who is out, the deje."""
        return None if self._betting is None else self._betting.view()

    @property
    def score(self) -> dict[str, int]:
        return dict(self._score)

    @property
    def dejes(self) -> list[Payment]:
        return [p for p in self._payments if p.reason == "deje"]

    @property
    def payments(self) -> list[Payment]:
        return list(self._payments)

    @property
    def settlement(self) -> list[Payment]:
        """What the showdown paid, in order (empty until the hands are shown)."""
        return [p for p in self._payments if p.reason != "deje"]

    @property
    def calls(self) -> list[Call]:
        return list(self._calls)

    @property
    def results(self) -> list[LanceResult]:
        return [self._results[lance] for lance in SHOWDOWN_ORDER if lance in self._results]

    @property
    def hands(self) -> dict[int, Hand] | None:
        """The hands as shown."""
        return None if self._hands is None else dict(self._hands)

    @property
    def played_hands(self) -> dict[int, Hand] | None:
        """The hands as they play: under diez reyes each wild sota as the rey or as its holder
        chose. What a seña claims is judged against these."""
        return None if self._played is None else dict(self._played)

    @property
    def last_draw(self) -> dict[int, int]:
        """Per seat that got new cards (a discard, a 4-5-6-7 redeal), the number of the last
        hand-out that gave it some, as a SenaCall's ``draws`` counts them."""
        return dict(self._last_draw)

    @property
    def game_winner(self) -> str | None:
        return self._game_winner

    @property
    def ordago_lance(self) -> Lance | None:
        return self._ordago_lance

    @property
    def false_declarations(self) -> list[FalseDeclaration]:
        return list(self._false_declarations)

    @property
    def declarations(self) -> dict[str, dict[int, bool]]:
        return {str(lance): dict(said) for lance, said in self._declarations.items()}

    @property
    def is_over(self) -> bool:
        return self._phase == Phase.FINISHED

    @property
    def mus_over(self) -> bool:
        return self._phase not in (Phase.MUS, Phase.DESCARTE)

    # ----------------------------------------------------------------- calls

    def legal_calls(self) -> list[Call]:
        """Every call that ``apply`` accepts now. Bets appear once with the default amount
        (any ``envido N``/``sube N`` with N >= 2 is as legal); señas are always accepted and
        are not listed."""
        phase = self._phase
        if self._betting is not None:
            return self._betting.legal_calls()
        if phase not in IN_TURN_PHASES:
            return []
        seat = self._speakers[self._turn]
        if phase == Phase.MUS:
            calls = [Call(seat, Action.MUS), Call(seat, Action.NO_HAY_MUS)]
            if self._at_the_deal:
                if self.rules.mus_visto:
                    calls += [Call(s, Action.MUS_VISTO) for s in self._order]
                if self.rules.redeal_4567:
                    calls += [
                        Call(s, Action.REPARTO_4567) for s in self._order if s not in self._redeals
                    ]
            return calls
        if phase == Phase.DESCARTE:
            return [Call(seat, Action.DESCARTE, amount=n) for n in range(self._least_discard, 5)]
        action = Action(str(DECLARATION_PHASES[phase]))
        return [Call(seat, action, says=True), Call(seat, action, says=False)]

    @property
    def _at_the_deal(self) -> bool:
        """Nobody has spoken yet in the first mus round."""
        return self._phase == Phase.MUS and not self._mus_calls and not self._mus_rounds

    @property
    def _least_discard(self) -> int:
        """A discard is of 1 to 4 cards; after a mus visto 0 (servido) is allowed too."""
        return 0 if self._mus_visto_round else 1

    def check_seat(self, seat: int, text: str, index: int | None = None) -> None:
        """Refuse a call of a seat that is not at this table, naming the table's seats: before
        its text is read, a seat beyond any table's (seat 9) is refused as seat 5 of four is."""
        seats = self.seating.seats
        if seat not in seats:
            rule = f"seat {seat} is not at this table: its seats are 1..{len(seats)}"
            raise IllegalCall(
                len(self._calls) if index is None else index,
                seat,
                text,
                rule,
                rule_code="seat_not_at_table",
                rule_params={"seat": seat, "players": len(seats)},
            )

    def apply(self, call: Call, index: int | None = None) -> SenaCall | None:
        """Apply one call. ``index`` (default: the number of calls so far) names the call in
        errors. A seña never takes a turn and is never illegal: it is recorded in
        ``sena_calls`` (and returned) with the public state of that moment."""
        index = len(self._calls) if index is None else index
        self.check_seat(call.seat, call.text, index)
        if call.is_sena:
            sena = SenaCall(
                index=index,
                seat=call.seat,
                kind=str(call.gesture),
                side=call.side,
                t_ms=call.t_ms,
                phase=self._phase,
                lances_begun=frozenset(self._lances_begun),
                betting_begun=frozenset(self._betting_begun),
                mus_over=self.mus_over,
                hand_in_game=self.hand_in_game,
                draws=self._draws,
            )
            self.sena_calls.append(sena)
            self._calls.append(call)
            return sena
        try:
            self._check(call)
        except RuleBroken as broken:
            raise IllegalCall.of(broken, index, call.seat, call.text) from None
        self._calls.append(call)
        self._do(call, index)
        return None

    def observe(self, gesture: Gesture) -> SenaCall:
        """The live path: a gesture vision saw becomes a seña call at ``gesture.start_ms``."""
        call = Call(
            gesture.seat,
            Action.SENA,
            gesture=gesture.kind,
            side=gesture.side,
            t_ms=gesture.start_ms,
        )
        sena = self.apply(call)
        assert sena is not None
        return sena

    def undo(self, index: int | None = None) -> Call:
        """Take back call ``index`` (default: the last, señas included) by replaying the
        others in their order."""
        if not self._calls:
            raise IndexError("no call to undo")
        index = len(self._calls) - 1 if index is None else index
        taken = self._calls[index]
        rebuilt = self.replayed(self._calls[:index] + self._calls[index + 1 :])
        self.__dict__.update(rebuilt.__dict__)
        return taken

    def replayed(self, calls: list[Call]) -> Self:
        """A fresh table with the same start (rules, mano, score, hands) after ``calls``."""
        table = type(self)(
            self.rules, self.mano, self.initial_score, self.hand_in_game, self._hands, self._wild
        )
        for call in calls:
            table.apply(call)
        return table

    def show(self, hands: Mapping[Any, Any], wild: Mapping[Any, Any] | None = None) -> None:
        """Enter the hands as shown (and the wild cards' values). At the showdown this settles
        it; before, the hands wait for it (an accepted órdago or the last lance brings it)."""
        self._enter_hands(hands, wild)
        if self._phase == Phase.SHOWDOWN:
            self._settle()

    # ----------------------------------------------------------------- checking

    def _check(self, call: Call) -> None:
        phase = self._phase
        if phase == Phase.FINISHED:
            if self._game_winner is not None:
                raise RuleBroken(
                    f"the game is over: {self.seating.side_name(self._game_winner)} "
                    "reached the target",
                    code="game_over",
                    params={"side": self._game_winner},
                )
            raise RuleBroken("the hand is over", code="hand_finished")
        if call.action in BETTING_ACTIONS:
            self._check_not_skipped_lance()
        if phase == Phase.SHOWDOWN:
            raise RuleBroken("the betting is over: the cards are shown now", code="at_showdown")
        if call.action in DEAL_ACTIONS:
            self._check_deal_call(call)
        elif phase == Phase.MUS:
            self._check_mus(call)
        elif phase == Phase.DESCARTE:
            self._check_discard(call)
        elif phase in DECLARATION_PHASES:
            self._check_declaration(call, DECLARATION_PHASES[phase])
        else:
            self._check_bet(call)

    def _check_deal_call(self, call: Call) -> None:
        """Mus visto and the 4-5-6-7 redeal: once, at the deal, with their house rules."""
        if call.action == Action.MUS_VISTO:
            if not self.rules.mus_visto:
                raise RuleBroken(
                    "mus visto is not played here (rules.mus_visto is false)",
                    code="mus_visto_not_played",
                )
            if not self._at_the_deal:
                raise RuleBroken(
                    "mus visto is called at the deal, before anyone speaks",
                    code="mus_visto_at_the_deal",
                )
            return
        if not self.rules.redeal_4567:
            raise RuleBroken(
                "the 4-5-6-7 redeal is not played here (rules.redeal_4567 is false)",
                code="redeal_4567_not_played",
            )
        if not self._at_the_deal:
            raise RuleBroken(
                "a 4-5-6-7 is shown for a new hand before the mus",
                code="redeal_4567_before_the_mus",
            )
        if call.seat in self._redeals:
            raise RuleBroken(
                f"seat {call.seat} already had a new hand for its 4-5-6-7",
                code="redeal_4567_once",
                params={"seat": call.seat},
            )

    def _check_mus(self, call: Call) -> None:
        if call.action not in (Action.MUS, Action.NO_HAY_MUS):
            raise RuleBroken(
                f"the mus is being asked: say 'mus' or 'no hay mus', not {call.text!r}",
                code="mus_asked",
            )
        if call.seat not in self._speakers:
            captains = " and ".join(str(s) for s in CAPTAINS)
            raise RuleBroken(
                f"the captains alone decide the mus (rules.captains): seats {captains}",
                code="captains_decide_the_mus",
                params={"captains": list(CAPTAINS)},
            )
        self._check_turn(call.seat)

    def _check_discard(self, call: Call) -> None:
        if call.action != Action.DESCARTE:
            raise RuleBroken(
                f"everyone said mus: discard with 'descarte N', not {call.text!r}",
                code="discard_now",
            )
        self._check_turn(call.seat)
        low = self._least_discard
        if call.amount is None or not low <= call.amount <= 4:
            raise RuleBroken(
                f"a discard is of {low} to 4 cards, not {call.amount}",
                code="discard_size",
                params={"least": low, "most": 4, "amount": call.amount},
            )

    def _check_declaration(self, call: Call, lance: Lance) -> None:
        if call.action != str(lance):
            raise RuleBroken(
                f"{lance} is declared first: '{lance} si' or '{lance} no'",
                code="declare_first",
                params={"lance": str(lance)},
            )
        self._check_turn(call.seat)

    def _check_bet(self, call: Call) -> None:
        phase = self._phase
        if call.action in (Action.PARES, Action.JUEGO):
            raise RuleBroken(
                f"no {call.action} declaration now: the betting of {phase} is on",
                code="no_declaration_now",
                params={"lance": str(call.action), "phase": phase.value},
            )
        if call.action in (Action.MUS, Action.NO_HAY_MUS, Action.DESCARTE):
            raise RuleBroken(
                f"the mus is over: the betting of {phase} is on",
                code="mus_over",
                params={"phase": phase.value},
            )
        assert self._betting is not None
        self._betting.check(call)

    def _check_not_skipped_lance(self) -> None:
        """A bet right after a pares/juego lance that was not bet names why it was not."""
        skipped = {Phase.JUEGO_DECLARATION: Lance.PARES, Phase.SHOWDOWN: Lance.JUEGO}.get(
            self._phase
        )
        result = self._results.get(skipped) if skipped else None
        if result is None or result.outcome not in (SINGLE, NONE):
            return
        if result.outcome == NONE:
            raise RuleBroken(
                f"no betting in {skipped}: nobody said '{skipped} si'",
                code="no_betting_nobody_has_it",
                params={"lance": str(skipped)},
            )
        team = self.seating.team_of(result.declared[0])
        side = self.seating.side_name(team)
        raise RuleBroken(
            f"no betting in {skipped}: only {side} said '{skipped} si' (it scores at the "
            "showdown without betting)",
            code="no_betting_one_side_has_it",
            params={"lance": str(skipped), "side": team},
        )

    def _check_turn(self, seat: int) -> None:
        expected = self._speakers[self._turn]
        if seat != expected:
            raise RuleBroken(
                f"not seat {seat}'s turn: seat {expected} speaks now",
                code="not_your_turn",
                params={"seat": seat, "expected": expected},
            )

    # ----------------------------------------------------------------- applying

    def _do(self, call: Call, index: int) -> None:
        phase = self._phase
        if call.action == Action.MUS_VISTO:
            self._start_discards(mus_visto=True)
        elif call.action == Action.REPARTO_4567:
            self._redeals.append(call.seat)
            self._draw({call.seat: 4}, exclude_last=True)
        elif phase == Phase.MUS:
            self._do_mus(call)
        elif phase == Phase.DESCARTE:
            self._do_discard(call)
        elif phase in DECLARATION_PHASES:
            self._do_declaration(call, DECLARATION_PHASES[phase])
        else:
            self._do_bet(call, index)

    def _do_mus(self, call: Call) -> None:
        if call.action != Action.MUS:
            self._start_lance(Lance.GRANDE)
            return
        self._mus_calls += 1
        self._turn += 1
        if self._turn == len(self._speakers):
            self._start_discards(mus_visto=False)

    def _do_discard(self, call: Call) -> None:
        amount = call.amount or 0
        self._discards[call.seat] = amount
        self._pile += amount
        self._turn += 1
        if self._turn == len(self._speakers):
            self._end_discards()

    def _do_declaration(self, call: Call, lance: Lance) -> None:
        self._lances_begun.add(str(lance))
        self._declarations[lance][call.seat] = bool(call.says)
        self._turn += 1
        if self._turn == len(self._speakers):
            self._end_declarations(lance)

    def _do_bet(self, call: Call, index: int) -> None:
        betting = self._betting
        assert betting is not None
        self._lances_begun.add(str(betting.lance))
        self._betting_begun.add(str(betting.lance))
        betting.apply(call)
        if betting.result is not None:
            self._end_betting(betting, index)

    def _start_discards(self, mus_visto: bool) -> None:
        self._phase = Phase.DESCARTE
        self._turn = 0
        self._discards = {}
        self._mus_visto_round = mus_visto

    def _end_discards(self) -> None:
        self._draw(self._discards, exclude_last=False)
        self._mus_rounds += 1
        servido = any(n == 0 for n in self._discards.values())
        if self._mus_visto_round and servido and self.rules.mus_visto_servido_ends_mus:
            self._start_lance(Lance.GRANDE)
            return
        self._phase = Phase.MUS
        self._turn = 0
        self._mus_calls = 0
        self._mus_visto_round = False

    def _draw(self, wanted: Mapping[int, int], exclude_last: bool) -> None:
        """Deal replacement cards in turn from the mano. When the deck runs out while more
        than one player still needs cards, all discards are reshuffled into a new deck; when
        only one does, all but his own discard are (000, 004)."""
        if exclude_last:
            self._pile += sum(wanted.values())
        seats = [s for s in self._order if wanted.get(s)]
        if seats:
            self._draws += 1
            self._last_draw.update(dict.fromkeys(seats, self._draws))
        for i, seat in enumerate(seats):
            n = wanted[seat]
            if n <= self._deck:
                self._deck -= n
                continue
            short = n - self._deck
            if i + 1 < len(seats):
                self._deck, self._pile = self._pile, 0
            else:
                self._deck, self._pile = self._pile - n, n
            self._deck -= short
            self._reshuffles += 1

    def _start_lance(self, lance: Lance, participants: tuple[int, ...] | None = None) -> None:
        self._phase = Phase(str(lance))
        self._betting = Betting(lance, participants or self._order, self.rules)

    def _end_declarations(self, lance: Lance) -> None:
        said = self._declarations[lance]
        si = tuple(s for s in self._order if said[s])
        teams = {self.seating.team_of(s) for s in si}
        if len(teams) >= 2:
            self._turn = 0
            self._start_lance(lance, si)
            return
        if lance == Lance.JUEGO and not si:
            self._start_lance(Lance.PUNTO)
            return
        self._results[lance] = LanceResult(lance, SINGLE if si else NONE, declared=si)
        self._next_after(lance)

    def _end_betting(self, betting: LanceBetting, index: int) -> None:
        lance, outcome = betting.lance, betting.result
        assert outcome is not None
        declared = betting.participants if lance in (Lance.PARES, Lance.JUEGO) else ()
        result = LanceResult(
            lance,
            outcome,
            stake=betting.stake,
            declared=declared,
        )
        self._results[lance] = result
        self._betting = None
        if outcome == FOLDED:
            assert betting.fold_winner is not None
            result.deje = betting.deje
            result.fold_winner = betting.fold_winner
            self._pay(Payment(str(lance), betting.fold_winner, betting.deje, "deje", index))
            if self._game_winner is not None:
                self._phase = Phase.FINISHED
                return
        if outcome == ORDAGO:
            self._ordago_lance = lance
            self._enter_showdown()
            return
        self._next_after(lance)

    def _next_after(self, lance: Lance) -> None:
        self._turn = 0
        if lance == Lance.GRANDE:
            self._start_lance(Lance.CHICA)
        elif lance == Lance.CHICA:
            self._betting = None
            self._phase = Phase.PARES_DECLARATION
        elif lance == Lance.PARES:
            self._betting = None
            self._phase = Phase.JUEGO_DECLARATION
        else:
            self._enter_showdown()

    def _enter_showdown(self) -> None:
        self._betting = None
        self._phase = Phase.SHOWDOWN
        if self._hands is not None:
            self._settle()

    def _pay(self, payment: Payment) -> None:
        self._payments.append(payment)
        self._score[payment.pair] += payment.stones
        if self._game_winner is None and self._score[payment.pair] >= self.rules.target:
            self._game_winner = payment.pair

    # ----------------------------------------------------------------- showdown

    def _settle(self) -> None:
        hands = self._played
        assert hands is not None
        self._check_declarations(hands)
        if self._ordago_lance is not None:
            result = self._results[self._ordago_lance]
            settle_lance(result, hands, self.mano, self.rules)
            winner = result.winner
            assert winner is not None
            stones = max(0, self.rules.target - self._score[winner])
            result.showdown_stones = stones
            self._pay(Payment(str(result.lance), winner, stones, "ordago"))
            self._game_winner = winner
        else:
            for result in self.results:
                settle_lance(result, hands, self.mano, self.rules)
                if self._game_winner is not None:
                    result.paid = not result.showdown_stones
                    continue
                if result.showdown_stones and result.winner is not None:
                    self._pay(
                        Payment(
                            str(result.lance), result.winner, result.showdown_stones, "showdown"
                        )
                    )
        self._phase = Phase.FINISHED

    def _check_declarations(self, hands: Mapping[int, Hand]) -> None:
        truth = {
            Lance.PARES: lambda hand: pares_kind(hand, self.rules) is not None,
            Lance.JUEGO: lambda hand: has_juego(hand, self.rules),
        }
        self._false_declarations = [
            {"seat": seat, "said": f"{lance} {'si' if said else 'no'}", "lance": str(lance)}
            for lance, declarations in self._declarations.items()
            for seat, said in declarations.items()
            if said != truth[lance](hands[seat])
        ]

    # ----------------------------------------------------------------- public state

    def view(self) -> TableView:
        """Everything public, JSON-serialisable (what the dashboard shows)."""
        return {
            "rules": self.rules.to_dict(),
            "mano": self.mano,
            "hand_in_game": self.hand_in_game,
            "phase": self._phase.value,
            "lance": None if self.lance is None else str(self.lance),
            "to_speak": self.to_speak,
            "score": self.score,
            "dentro": [t for t in self.seating.teams if self._score[t] >= self.rules.dentro],
            "game_winner": self._game_winner,
            "betting": self.betting,
            "lances": [result.to_dict() for result in self.results],
            "dejes": [p.to_dict() for p in self.dejes],
            "payments": [p.to_dict() for p in self._payments],
            "declarations": {
                lance: {str(s): said for s, said in d.items()}
                for lance, d in self.declarations.items()
            },
            "mus": {
                "rounds": self._mus_rounds,
                "deck": self._deck,
                "discards": self._pile,
                "reshuffles": self._reshuffles,
                "redeals_4567": list(self._redeals),
            },
            "ordago_lance": None if self._ordago_lance is None else str(self._ordago_lance),
            "calls": [call.to_record() for call in self._calls],
            "sena_calls": [sena.to_dict() for sena in self.sena_calls],
            "hands": (
                {str(s): h.to_list() for s, h in self._hands.items()}
                if self._hands is not None and self._phase == Phase.FINISHED
                else None
            ),
            "false_declarations": self.false_declarations,
        }
