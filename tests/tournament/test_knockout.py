"""Groups then knockout, pure: snake groups, round robins, the bracket, the next round."""

import itertools

from api.tournament.knockout import (
    across_groups,
    bracket,
    following_round,
    group_round,
    group_stage_rounds,
    knockout_rounds,
    round_robin,
    snake_groups,
)


def test_snake_seeding_balances_the_groups():
    assert snake_groups(list(range(1, 9)), 4) == [[1, 4, 5, 8], [2, 3, 6, 7]]
    assert snake_groups(list(range(1, 7)), 3) == [[1, 4, 5], [2, 3, 6]]


def test_a_round_robin_meets_everyone_once():
    for size in (3, 4, 5, 6):
        rounds = round_robin(list(range(size)))
        games = [frozenset(b) for r in rounds for b in r if b[1] is not None]
        assert sorted(map(sorted, games)) == sorted(
            map(sorted, itertools.combinations(range(size), 2))
        )
        rests = [b[0] for r in rounds for b in r if b[1] is None]
        assert len(rests) == (size if size % 2 else 0) and len(set(rests)) == len(rests)


def test_group_rounds_cover_every_group():
    groups = [[1, 2, 3, 4], [5, 6, 7]]
    assert group_stage_rounds(groups) == 3
    first = group_round(groups, 1)
    teams = [t for board in first for t in board if t is not None]
    assert sorted(teams) == [1, 2, 3, 4, 5, 6, 7]


def test_the_best_two_seeds_meet_only_in_the_final():
    assert bracket([1, 2, 3, 4]) == [(1, 4), (2, 3)]
    assert bracket(list(range(1, 9))) == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert knockout_rounds(8) == 3


def test_missing_opponents_are_byes_of_the_best_seeds():
    assert bracket([1, 2, 3, 4, 5, 6]) == [(1, None), (4, 5), (2, None), (3, 6)]


def test_the_next_round_pairs_winners_of_neighbouring_boards():
    assert following_round([1, 5, 2, 3]) == [(1, 5), (2, 3)]
    assert following_round([1, None, 2, 3]) == [(1, None), (2, 3)]


def test_two_teams_of_one_group_do_not_meet_first_when_a_swap_avoids_it():
    group_of = {1: "A", 2: "B", 3: "B", 4: "A"}  # seeds: A1, B1, B2, A2
    assert bracket([1, 2, 3, 4]) == [(1, 4), (2, 3)]
    assert across_groups(bracket([1, 2, 3, 4]), group_of) == [(1, 3), (2, 4)]
    assert across_groups([(1, 3), (2, 4)], group_of) == [(1, 3), (2, 4)]
    assert across_groups([(1, None), (2, 3)], {1: "A", 2: "B", 3: "B"}) == [(1, None), (2, 3)]
