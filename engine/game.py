"""Games and the match.

A game is a sequence of hands to the target (40, or 30): the score carries forward, the mano
moves counterclockwise each hand, and the game stops the instant a pair reaches the target —
at a deje or in the middle of a showdown (the table stops paying there). An accepted órdago
decides the game. A pair that ends a hand at 35 or more (target - 5) announces "dentro".

The match is the best of three games (000, 002), or with ``match = "vacas"`` the best of three
vacas, each the best of three games (003); with ``ordago_decides = "vaca"`` an accepted órdago
wins the whole vaca (003).

A game (or the match) may also end off the table: the referee stops it and gives it to one
side (``Game.award``, ``Match.award``), as a sanction of the other decides. The documents name
no sanctions; which decide what is the dashboard's (api/sanctions.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.encaje import EncajeTable
from engine.phases import ENDED_PHASES
from engine.rules import Rules
from engine.table import Table, parse_score

WINS_NEEDED = 2  # best of three, for games in a match or a vaca, and for vacas in a match


def new_table(
    rules: Rules,
    mano: int,
    score: Mapping[str, int] | None,
    hand_in_game: int | None = None,
    hands: Mapping[Any, Any] | None = None,
    wild: Mapping[Any, Any] | None = None,
) -> Table:
    """The table of one hand of ``rules.game``: Mus, or an Encaje."""
    kind = EncajeTable if rules.is_encaje else Table
    return kind(rules, mano, score, hand_in_game, hands, wild)


@dataclass(frozen=True, slots=True)
class Award:
    """A game stopped off the table and given to ``winner`` for ``reason`` (a sanction of the
    other side); with ``match``, the match too."""

    winner: str
    reason: str
    match: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, "match": self.match}


class Game:
    """One game. ``start_hand()`` gives the next hand's Table (score, mano, hand number);
    ``end_hand(table)`` takes its result."""

    def __init__(
        self,
        rules: Rules | None = None,
        mano: int = 1,
        score: Mapping[str, int] | None = None,
        number: int = 1,
    ) -> None:
        self.rules = rules or Rules()
        self.number = number
        self.mano = mano
        self.score = parse_score(score, self.rules)
        self.tables: list[Table] = []
        self.winner: str | None = None
        self.won_by_ordago = False
        #: The game given to its winner off the table (a sanction of the other side), or None.
        self.awarded: Award | None = None
        self.dentro: list[dict[str, Any]] = []
        self._hands_ended = 0

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def start_hand(
        self, hands: Mapping[Any, Any] | None = None, wild: Mapping[Any, Any] | None = None
    ) -> Table:
        if self.is_over:
            raise ValueError(f"game {self.number} is over: pair {self.winner} won it")
        if self._hands_ended != len(self.tables):
            raise ValueError("the previous hand has not ended (end_hand)")
        table = new_table(self.rules, self.mano, self.score, len(self.tables) + 1, hands, wild)
        self.tables.append(table)
        return table

    @staticmethod
    def _ended(table: Table) -> bool:
        return table.phase in ENDED_PHASES

    def end_hand(self, table: Table) -> None:
        """Carry the hand's score forward. A hand left at the showdown without cards (a live
        table where they were never entered) counts only what needed none."""
        if table is not self.tables[-1] or self._hands_ended == len(self.tables):
            raise ValueError("end_hand takes the hand that start_hand gave, once")
        if not self._ended(table):
            raise ValueError(f"hand {table.hand_in_game} is still in phase {table.phase}")
        self._hands_ended += 1
        self.score = table.score
        self.mano = self._next_mano()
        if table.game_winner is not None:
            self.winner = table.game_winner
            self.won_by_ordago = table.ordago_lance is not None
            return
        for pair in self.rules.seating.teams:
            announced = any(d["pair"] == pair for d in self.dentro)
            if self.score[pair] >= self.rules.dentro and not announced:
                self.dentro.append({"pair": pair, "hand_in_game": table.hand_in_game})

    def award(self, award: Award) -> None:
        """The game stops here and goes to the award's side, the score as it stands. A hand
        begun and not ended is abandoned, the dejes it paid at once kept; the next game's mano
        is the seat after its mano, as after any hand."""
        if self.is_over:
            raise ValueError(f"game {self.number} is over: pair {self.winner} won it")
        if award.winner not in self.rules.seating.teams:
            raise ValueError(f"no side {award.winner!r}: the sides are {self.rules.seating.teams}")
        if self._hands_ended != len(self.tables):
            self._hands_ended = len(self.tables)
            self.score = self.tables[-1].score
            self.mano = self._next_mano()
        self.winner = award.winner
        self.awarded = award

    def _next_mano(self) -> int:
        """The next seat counterclockwise; in Encaje, the next that still holds stones (a seat
        without any is out of the game)."""
        seating = self.rules.seating
        seat = seating.next_seat(self.mano)
        if self.rules.is_encaje:
            for _ in seating.seats:
                if self.score[str(seat)] > 0:
                    break
                seat = seating.next_seat(seat)
        return seat

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "score": dict(self.score),
            "winner": self.winner,
            "won_by_ordago": self.won_by_ordago,
            "awarded": None if self.awarded is None else self.awarded.reason,
            "hands": len(self.tables),
            "dentro": list(self.dentro),
        }


class Match:
    """Games (and vacas) until a pair has won the match. ``current_game()`` opens the next
    game when the last one is over; the mano keeps rotating across games."""

    def __init__(
        self, rules: Rules | None = None, mano: int = 1, score: Mapping[str, int] | None = None
    ) -> None:
        self.rules = rules or Rules()
        self.games: list[Game] = []
        self._next_mano = mano
        self._first_score = parse_score(score, self.rules)
        self.games_won = dict.fromkeys(self.rules.seating.teams, 0)  # in the vaca (or the match)
        self.vacas_won = dict.fromkeys(self.rules.seating.teams, 0)
        self.winner: str | None = None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def current_game(self) -> Game:
        if self.games and not self.games[-1].is_over:
            return self.games[-1]
        if self.is_over:
            raise ValueError(f"the match is over: pair {self.winner} won it")
        mano = self.games[-1].mano if self.games else self._next_mano
        score = None if self.games else self._first_score
        game = Game(self.rules, mano, score, len(self.games) + 1)
        self.games.append(game)
        return game

    def record_game(self, game: Game) -> None:
        """Count a finished game toward the vaca and the match."""
        winner = game.winner
        if winner is None:
            raise ValueError(f"game {game.number} has no winner yet")
        if self.rules.match == "best_of_3":
            self.games_won[winner] += 1
            if self.games_won[winner] >= WINS_NEEDED:
                self.winner = winner
            return
        decides_vaca = game.won_by_ordago and self.rules.ordago_decides == "vaca"
        self.games_won[winner] = WINS_NEEDED if decides_vaca else self.games_won[winner] + 1
        if self.games_won[winner] >= WINS_NEEDED:
            self.vacas_won[winner] += 1
            self.games_won = dict.fromkeys(self.rules.seating.teams, 0)
            if self.vacas_won[winner] >= WINS_NEEDED:
                self.winner = winner

    def award(self, winner: str) -> None:
        """The match ends here and goes to ``winner``, whatever the games and vacas won (the
        other side disqualified)."""
        if winner not in self.rules.seating.teams:
            raise ValueError(f"no side {winner!r}: the sides are {self.rules.seating.teams}")
        self.winner = winner

    def record_award(self, game: Game, award: Award) -> None:
        """``game`` (the current one, not won) stops and goes to the award's side, counted
        toward the vaca and the match; with ``award.match``, the match does too."""
        game.award(award)
        self.record_game(game)
        if award.match:
            self.award(award.winner)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "structure": self.rules.match,
            "games": [game.to_dict() for game in self.games],
            "games_won": dict(self.games_won),
            "winner": self.winner,
        }
        if self.rules.match == "vacas":
            data["vacas_won"] = dict(self.vacas_won)
        return data
