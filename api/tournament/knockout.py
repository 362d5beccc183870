"""Groups then knockout: pure, no I/O.

The teams are dealt into groups by snake seeding (1 2 3 4 / 8 7 6 5 / …); each group plays a
round robin (the circle method: with an odd group one team rests each round, which counts as a
bye). The best ``advance`` of each group then go into a knockout bracket, seeded by their place
in the group and then by their record across groups; the best seeds get byes when the number of
qualifiers is not a power of two, and two teams of one group do not meet in the first knockout
round when a swap avoids it. Each knockout round pairs the winners of consecutive boards of
the round before.
"""

from __future__ import annotations

from collections.abc import Sequence

Board = tuple[int, int | None]


def snake_groups(order: Sequence[int], size: int) -> list[list[int]]:
    count = max(1, -(-len(order) // size))
    groups: list[list[int]] = [[] for _ in range(count)]
    for i, team in enumerate(order):
        lap, place = divmod(i, count)
        groups[place if lap % 2 == 0 else count - 1 - place].append(team)
    return groups


def round_robin(group: Sequence[int]) -> list[list[Board]]:
    """Every round of the group: each team meets every other once (None: a team rests)."""
    teams: list[int | None] = list(group)
    if len(teams) % 2:
        teams.append(None)
    rounds = []
    for _ in range(len(teams) - 1):
        boards: list[Board] = []
        for i in range(len(teams) // 2):
            a, b = teams[i], teams[-1 - i]
            if a is None:
                a, b = b, None
            if a is not None:
                boards.append((a, b))
        rounds.append(boards)
        teams = [teams[0], teams[-1], *teams[1:-1]]
    return rounds


def group_stage_rounds(groups: Sequence[Sequence[int]]) -> int:
    return max(len(round_robin(g)) for g in groups)


def group_round(groups: Sequence[Sequence[int]], number: int) -> list[Board]:
    """Round ``number`` (from 1) of every group, group by group."""
    boards: list[Board] = []
    for group in groups:
        schedule = round_robin(group)
        if number <= len(schedule):
            boards.extend(schedule[number - 1])
    return boards


def bracket(seeds: Sequence[int]) -> list[Board]:
    """The first knockout round of ``seeds`` (best first), in bracket order, so that the best
    two seeds can only meet in the final; missing opponents are byes of the best seeds."""
    size = 1
    while size < len(seeds):
        size *= 2
    positions = [1]
    while len(positions) < size:
        n = len(positions) * 2
        positions = [p for q in positions for p in (q, n + 1 - q)]
    boards: list[Board] = []
    for i in range(0, size, 2):
        high, low = positions[i], positions[i + 1]
        a = seeds[high - 1]
        b = seeds[low - 1] if low <= len(seeds) else None
        boards.append((a, b))
    return boards


def across_groups(boards: Sequence[Board], group_of: dict[int, int]) -> list[Board]:
    """The first knockout round with no two teams of one group on a board where a swap of the
    lower teams of two boards avoids it (A1 v B2 and B1 v A2, not A1 v A2)."""
    fixed = list(boards)

    def same(board: Board) -> bool:
        a, b = board
        return b is not None and group_of.get(a) == group_of.get(b)

    for i, board in enumerate(fixed):
        if not same(board):
            continue
        for j, other in enumerate(fixed):
            if j == i or other[1] is None:
                continue
            swapped_i, swapped_j = (board[0], other[1]), (other[0], board[1])
            if not same(swapped_i) and not same(swapped_j):
                fixed[i], fixed[j] = swapped_i, swapped_j
                break
    return fixed


def following_round(winners: Sequence[int | None]) -> list[Board]:
    """The next knockout round from the winners of the last one, board by board (None: a
    board that both teams lost, whose neighbour then goes through on a bye)."""
    boards: list[Board] = []
    for i in range(0, len(winners) - 1, 2):
        a, b = winners[i], winners[i + 1]
        if a is None:
            a, b = b, None
        if a is not None:
            boards.append((a, b))
    return boards


def knockout_rounds(qualifiers: int) -> int:
    rounds, size = 0, 1
    while size < qualifiers:
        size *= 2
        rounds += 1
    return rounds
