"""The Swiss draw, pure: halves in round 1, score order later, no avoidable rematch, byes."""

import itertools
import random

from api.tournament.standings import Result, standings
from api.tournament.swiss import first_round, next_round, shuffled


def test_round_one_pairs_the_top_half_with_the_bottom_half():
    draw = first_round([1, 2, 3, 4, 5, 6, 7, 8])
    assert draw.boards == ((1, 5), (2, 6), (3, 7), (4, 8))
    assert draw.bye is None


def test_round_one_of_an_odd_field_gives_the_last_seed_the_bye():
    draw = first_round([1, 2, 3, 4, 5])
    assert draw.bye == 5
    assert draw.boards == ((1, 3), (2, 4))


def test_a_random_first_round_is_repeatable_from_its_seed():
    assert shuffled(range(1, 9), 42) == shuffled(range(1, 9), 42)
    assert sorted(shuffled(range(1, 9), 42)) == list(range(1, 9))
    assert any(shuffled(range(1, 9), s) != shuffled(range(1, 9), 42) for s in range(5))


def test_later_rounds_pair_neighbours_in_the_standings():
    draw = next_round([1, 2, 3, 4, 5, 6], met=set())
    assert draw.boards == ((1, 2), (3, 4), (5, 6))


def test_an_earlier_choice_is_undone_rather_than_a_rematch():
    # 1-2 and 3-4 have met: greedy 1-3 would leave 2-4 (fine); but 2-4 met too, so 1-3 is
    # undone and 1-4, 2-3 are drawn
    met = {frozenset(p) for p in [(1, 2), (3, 4), (2, 4)]}
    draw = next_round([1, 2, 3, 4], met)
    assert draw.boards == ((1, 4), (2, 3))


def test_a_rematch_only_when_nothing_else_pairs():
    met = {frozenset(p) for p in itertools.combinations([1, 2, 3, 4], 2)}
    draw = next_round([1, 2, 3, 4], met)
    assert sorted(t for board in draw.boards for t in board) == [1, 2, 3, 4]


def test_the_bye_goes_to_the_lowest_placed_without_one():
    draw = next_round([1, 2, 3, 4, 5], met=set(), byes={5: 1})
    assert draw.bye == 4


def test_the_bye_moves_up_when_the_rest_could_only_pair_with_a_rematch():
    # with the bye to 5 or to 4 the other four cannot avoid a rematch (1, 2 and 3 have all
    # met); with the bye to 3 they can: 1-4 and 2-5
    met = {frozenset(p) for p in [(1, 2), (1, 3), (2, 3)]}
    draw = next_round([1, 2, 3, 4, 5], met)
    assert draw.bye == 3
    assert draw.boards == ((1, 4), (2, 5))


def test_a_whole_random_tournament_never_rematches_and_shares_the_byes():
    rng = random.Random(7)
    teams = list(range(1, 10))  # nine teams, nine rounds: everyone meets everyone and rests once
    results: list[Result] = []
    met: set[frozenset[int]] = set()
    byes: dict[int, int] = {}
    for number in range(1, 10):
        ranked = [row.team for row in standings(teams, results)]
        draw = first_round(ranked, byes) if number == 1 else next_round(ranked, met, byes)
        assert draw.bye is not None
        assert byes.get(draw.bye, 0) == min(byes.get(t, 0) for t in teams)
        byes[draw.bye] = byes.get(draw.bye, 0) + 1
        results.append(Result(number, draw.bye, None, "a", 40, 0))
        for a, b in draw.boards:
            assert frozenset((a, b)) not in met
            met.add(frozenset((a, b)))
            results.append(Result(number, a, b, rng.choice(["a", "b"]), 40, rng.randrange(40)))
    assert all(count == 1 for count in byes.values()) and len(byes) == 9
    assert len(met) == 36
