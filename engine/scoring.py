"""What each lance pays, at once (dejes) and at the showdown.

Showdown order: grande, chica, pares, juego or punto (000, 002, 004). Grande and chica: a paso
pays 1 to the better hand, a seen bet its stake, a fold nothing more. Pares: the winning pair
also scores 1/2/3 for each of its hands with pares (par, medias, duples), also when the other
pair folded. Juego: 3 for a 31, 2 for any other juego, for each hand of the winning pair, also
after a fold. Punto: 1 more for the winner, also after a fold.

Only the players who said "si" compete in pares and juego and score their bonus; a false "si"
scores nothing (and the table reports it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.betting import ACCEPTED, FOLDED, ORDAGO, PASO
from engine.cards import Hand
from engine.ranking import RANKERS, juego_value, pares_value, winner_seat
from engine.rules import Lance, Rules
from engine.views import LanceView

#: A pares/juego lance where only one pair said "si": no betting, it scores at the showdown.
SINGLE = "single"
#: Nobody said "si" to pares: the lance is not played.
NONE = "none"

SHOWDOWN_ORDER: tuple[Lance, ...] = (
    Lance.GRANDE,
    Lance.CHICA,
    Lance.PARES,
    Lance.JUEGO,
    Lance.PUNTO,
)


@dataclass
class LanceResult:
    """How one lance ended in the betting, and what it paid.

    ``outcome``: paso | accepted | folded | ordago | single | none. ``stake``: the stones seen
    (accepted). ``deje``: stones paid at once to ``fold_winner`` (folded). ``declared``: the
    seats that said "si" (pares and juego). After the showdown ``winner_seat``, ``winner`` and
    ``showdown_stones`` hold what the cards decided; ``paid`` is False when the game ended
    before this lance was paid.
    """

    lance: Lance
    outcome: str
    stake: int = 0
    deje: int = 0
    fold_winner: str | None = None
    declared: tuple[int, ...] = ()
    winner_seat: int | None = None
    winner: str | None = None
    showdown_stones: int = 0
    settled: bool = False
    paid: bool = True
    bonus_seats: dict[int, int] = field(default_factory=dict)

    @property
    def stones(self) -> int:
        """Stones this lance actually paid (a deje, plus the showdown unless the game had
        already been won)."""
        return self.deje + (self.showdown_stones if self.paid else 0)

    @property
    def needs_cards(self) -> bool:
        if self.outcome == NONE:
            return False
        return not (self.outcome == FOLDED and self.lance in (Lance.GRANDE, Lance.CHICA))

    def to_dict(self) -> LanceView:
        return {
            "lance": str(self.lance),
            "outcome": self.outcome,
            "stake": self.stake if self.outcome in (ACCEPTED,) else None,
            "deje": self.deje,
            "winner": self.winner if self.winner is not None else self.fold_winner,
            "winner_seat": self.winner_seat,
            "stones": self.stones if (self.settled or not self.needs_cards) else None,
            "settled": self.settled or not self.needs_cards,
            "paid": self.paid,
            "unpaid_stones": 0 if self.paid else self.showdown_stones,
            "declared_si": list(self.declared),
        }


def _bonus(
    lance: Lance, seats: list[int], hands: Mapping[int, Hand], rules: Rules
) -> dict[int, int]:
    if lance == Lance.PARES:
        values = {s: pares_value(hands[s], rules) for s in seats}
    elif lance == Lance.JUEGO:
        values = {s: juego_value(hands[s], rules) for s in seats}
    else:
        return {}
    values = {s: v for s, v in values.items() if v}
    if rules.pares_bonus == "best_hand" and lance == Lance.PARES and values:
        best = max(values, key=lambda s: RANKERS[lance](hands[s], rules))
        return {best: values[best]}
    return values


def settle_lance(result: LanceResult, hands: Mapping[int, Hand], mano: int, rules: Rules) -> None:
    """Fill in what the cards decide for one lance (winner and showdown stones)."""
    lance = result.lance
    team_of = rules.seating.team_of
    result.settled = True
    if result.outcome == NONE:
        return
    if lance in (Lance.PARES, Lance.JUEGO):
        ranker = RANKERS[lance]
        real = [s for s in result.declared if ranker(hands[s], rules) > 0]
        competitors = real or list(result.declared)
    else:
        competitors = sorted(hands)
    if result.outcome == FOLDED:
        pair = result.fold_winner
        mine = [s for s in competitors if team_of(s) == pair]
        result.winner = pair
        result.winner_seat = (
            winner_seat(lance, {s: hands[s] for s in mine}, mano, rules) if mine else None
        )
    else:
        result.winner_seat = winner_seat(lance, {s: hands[s] for s in competitors}, mano, rules)
        result.winner = team_of(result.winner_seat)
    if result.outcome == ORDAGO:
        return
    stones = result.stake if result.outcome == ACCEPTED else 0
    if lance in (Lance.GRANDE, Lance.CHICA):
        stones += 1 if result.outcome == PASO else 0
    elif lance == Lance.PUNTO:
        stones += 1
    else:
        team = [s for s in result.declared if team_of(s) == result.winner]
        result.bonus_seats = _bonus(lance, team, hands, rules)
        stones += sum(result.bonus_seats.values())
    result.showdown_stones = stones
