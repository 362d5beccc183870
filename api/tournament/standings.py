"""Standings of a tournament from its results: pure, no I/O.

The order (docs/tournament.md): games won (a bye counts as a game won), then Buchholz (the
games won by the opponents a team has met), then the stone difference (stones won minus stones
lost, minus the stones deducted for lateness), then head to head (the games won against the
other teams still tied), then the registration order. A team that withdrew before any result
of its own (no game, no bye, no forfeit) is not ranked at all (:func:`unranked`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

Winner = Literal["a", "b", "none"]

#: The tie-breaks in the order they apply, as the desk's page names them.
TIE_BREAKS = ("games won", "Buchholz", "stone difference", "head to head", "registration")


@dataclass(frozen=True, slots=True)
class Result:
    """One pairing of a round. ``team_b`` None is a bye; ``winner`` None: not played yet,
    ``"none"``: both teams lost (both forfeited)."""

    round: int
    team_a: int
    team_b: int | None
    winner: Winner | None
    stones_a: int = 0
    stones_b: int = 0

    @property
    def decided(self) -> bool:
        return self.winner is not None

    def won_by(self, team: int) -> bool:
        return (self.winner == "a" and team == self.team_a) or (
            self.winner == "b" and team == self.team_b
        )

    def opponent_of(self, team: int) -> int | None:
        return self.team_b if team == self.team_a else self.team_a

    def stones_of(self, team: int) -> tuple[int, int]:
        """(won, lost) by ``team``."""
        if team == self.team_a:
            return self.stones_a, self.stones_b
        return self.stones_b, self.stones_a


@dataclass(slots=True)
class Standing:
    team: int
    rank: int = 0
    played: int = 0
    won: int = 0
    lost: int = 0
    byes: int = 0
    buchholz: int = 0
    stones_won: int = 0
    stones_lost: int = 0
    deducted: int = 0
    opponents: list[int] = field(default_factory=list)

    @property
    def difference(self) -> int:
        return self.stones_won - self.stones_lost - self.deducted


def standings(
    teams: Sequence[int],
    results: Iterable[Result],
    deducted: dict[int, int] | None = None,
) -> list[Standing]:
    """Every team of ``teams`` (in registration order) ranked by the decided ``results``;
    ``deducted``: the stones each team lost for lateness."""
    table = {team: Standing(team) for team in teams}
    decided = [r for r in results if r.decided]
    for result in decided:
        for team in (result.team_a, result.team_b):
            if team is None or team not in table:
                continue
            row = table[team]
            row.played += 1
            won, lost = result.stones_of(team)
            row.stones_won += won
            row.stones_lost += lost
            if result.won_by(team):
                row.won += 1
            else:
                row.lost += 1
            opponent = result.opponent_of(team)
            if opponent is None:
                row.byes += 1
            else:
                row.opponents.append(opponent)
    for team, stones in (deducted or {}).items():
        if team in table:
            table[team].deducted += stones
    for row in table.values():
        row.buchholz = sum(table[o].won for o in row.opponents if o in table)
    seed = {team: i for i, team in enumerate(teams)}
    ordered = sorted(table.values(), key=lambda r: (-r.won, -r.buchholz, -r.difference))
    ranked: list[Standing] = []
    i = 0
    while i < len(ordered):
        j = i
        key = _key(ordered[i])
        while j < len(ordered) and _key(ordered[j]) == key:
            j += 1
        ranked.extend(_head_to_head(ordered[i:j], decided, seed))
        i = j
    for rank, row in enumerate(ranked, start=1):
        row.rank = rank
    return ranked


def unranked(withdrawn: Iterable[int], results: Iterable[Result]) -> set[int]:
    """The ``withdrawn`` teams without any decided result (a game, a bye or a forfeit): they
    left before playing, so they take no place in the standings (and nobody met them). A team
    that withdrew later keeps its place with what it played."""
    played = {
        team
        for result in results
        if result.decided
        for team in (result.team_a, result.team_b)
        if team is not None
    }
    return {team for team in withdrawn if team not in played}


def _key(row: Standing) -> tuple[int, int, int]:
    return (row.won, row.buchholz, row.difference)


def _head_to_head(
    tied: list[Standing], decided: list[Result], seed: dict[int, int]
) -> list[Standing]:
    """The tied teams ordered by their games won against each other, then registration."""
    if len(tied) == 1:
        return tied
    group = {row.team for row in tied}
    wins: dict[int, int] = defaultdict(int)
    for result in decided:
        if result.team_a in group and result.team_b in group:
            for team in (result.team_a, result.team_b):
                if result.won_by(team):
                    wins[team] += 1
    return sorted(tied, key=lambda r: (-wins[r.team], seed[r.team]))
