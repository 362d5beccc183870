"""The Swiss system's draw: pure, no I/O.

Round 1 pairs the top half of the order (registration, or a recorded random shuffle) against
the bottom half: 1 v n/2+1, 2 v n/2+2, … Later rounds take the teams in the order of the
standings and pair each, from the top, with the next one it has not met (greedy with
backtracking: when the teams left cannot all be paired without a rematch, an earlier choice is
undone). A rematch is allowed only when no draw without one exists.

With an odd number of teams one gets a bye: the lowest placed of those with the fewest byes, so
nobody gets a second bye before every team has had one (the next candidate is tried when the
others cannot be paired without a rematch after that bye).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

#: Backtracking steps tried before the draw settles for rematches (far more than any club
#: tournament needs: 64 teams over 10 rounds pair in a few thousand).
MAX_STEPS = 200_000


@dataclass(frozen=True, slots=True)
class Draw:
    """The boards of a round, best placed first, and the team with the bye (if any)."""

    boards: tuple[tuple[int, int], ...]
    bye: int | None = None


def shuffled(teams: Sequence[int], seed: int) -> list[int]:
    """The teams in the random order of ``seed`` (the same seed gives the same order)."""
    order = list(teams)
    random.Random(seed).shuffle(order)
    return order


def first_round(order: Sequence[int], byes: dict[int, int] | None = None) -> Draw:
    """Top half against bottom half; with an odd number the last of ``order`` has the bye."""
    teams = list(order)
    bye = _bye_candidates(teams, byes or {})[0] if len(teams) % 2 else None
    if bye is not None:
        teams.remove(bye)
    half = len(teams) // 2
    return Draw(tuple(zip(teams[:half], teams[half:], strict=True)), bye)


def next_round(
    ranked: Sequence[int],
    met: Collection[frozenset[int]],
    byes: dict[int, int] | None = None,
) -> Draw:
    """``ranked``: the teams still playing, best placed first; ``met``: the pairs that have
    already played each other; ``byes``: how many byes each team has had."""
    teams = list(ranked)
    candidates: list[int | None] = (
        list(_bye_candidates(teams, byes or {})) if len(teams) % 2 else [None]
    )
    for allow_rematch in (False, True):
        for bye in candidates:
            playing = [t for t in teams if t != bye]
            boards = _pair(playing, met, allow_rematch)
            if boards is not None:
                return Draw(tuple(boards), bye)
    raise AssertionError("any even number of teams pairs once rematches are allowed")


def _bye_candidates(teams: list[int], byes: dict[int, int]) -> list[int]:
    """Who may have the bye, most deserving first: the fewest byes, then the lowest placed."""
    fewest = min(byes.get(t, 0) for t in teams)
    return [t for t in reversed(teams) if byes.get(t, 0) == fewest]


def _pair(
    teams: list[int], met: Collection[frozenset[int]], allow_rematch: bool
) -> list[tuple[int, int]] | None:
    steps = 0

    def search(left: list[int]) -> list[tuple[int, int]] | None:
        nonlocal steps
        if not left:
            return []
        first, rest = left[0], left[1:]
        options = [t for t in rest if frozenset((first, t)) not in met]
        if allow_rematch:
            options += [t for t in rest if frozenset((first, t)) in met]
        for opponent in options:
            steps += 1
            if steps > MAX_STEPS:
                return None
            found = search([t for t in rest if t != opponent])
            if found is not None:
                return [(first, opponent), *found]
        return None

    return search(teams)
