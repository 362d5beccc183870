"""Standings, pure: games won, then Buchholz, then stone difference, then head to head."""

from api.tournament.standings import Result, standings, unranked


def order(rows):
    return [row.team for row in rows]


def test_games_won_come_first_and_a_bye_counts_as_one():
    results = [Result(1, 1, 2, "b", 20, 40), Result(1, 3, None, "a", 40, 0)]
    rows = standings([1, 2, 3], results)
    assert order(rows)[2] == 1
    bye = next(r for r in rows if r.team == 3)
    assert (bye.won, bye.byes, bye.played, bye.difference) == (1, 1, 1, 40)


def test_buchholz_breaks_a_tie_of_games_won():
    # 1 and 3 won once each; 1 beat 2 (who later won), 3 beat 4 (who did not)
    results = [
        Result(1, 1, 2, "a", 40, 30),
        Result(1, 3, 4, "a", 40, 0),
        Result(2, 2, 4, "a", 40, 0),
        Result(2, 1, 3, "none", 0, 0),
    ]
    rows = standings([1, 2, 3, 4], results)
    one, three = (next(r for r in rows if r.team == t) for t in (1, 3))
    assert (one.won, three.won) == (1, 1)
    assert one.buchholz > three.buchholz
    assert order(rows).index(1) < order(rows).index(3)


def test_stone_difference_then_lateness_deductions():
    results = [Result(1, 1, 2, "a", 40, 30), Result(1, 3, 4, "a", 40, 35)]
    assert order(standings([1, 2, 3, 4], results))[:2] == [1, 3]
    # 1's lateness costs it 6 stones: 40-30-6 = 4 < 40-35 = 5
    rows = standings([1, 2, 3, 4], results, deducted={1: 6})
    assert order(rows)[:2] == [3, 1]
    assert rows[1].difference == 4


def test_head_to_head_breaks_what_is_left():
    # a round robin of four: 1 and 2 end equal on wins, Buchholz and stones, as do 3 and 4;
    # 2 beat 1 and 3 beat 4 (registration order alone would say 1, 2, 3, 4)
    results = [
        Result(1, 1, 2, "b", 30, 40),
        Result(1, 3, 4, "a", 40, 30),
        Result(2, 1, 3, "a", 40, 30),
        Result(2, 2, 4, "b", 30, 40),
        Result(3, 1, 4, "a", 40, 30),
        Result(3, 2, 3, "a", 40, 30),
    ]
    rows = standings([1, 2, 3, 4], results)
    one, two = rows[1], rows[0]
    assert (one.won, one.buchholz, one.difference) == (two.won, two.buchholz, two.difference)
    assert order(rows) == [2, 1, 3, 4]


def test_registration_order_last_and_undecided_boards_ignored():
    rows = standings([5, 6, 7], [Result(1, 5, 6, None)])
    assert order(rows) == [5, 6, 7]
    assert [r.rank for r in rows] == [1, 2, 3]
    assert all(r.played == 0 for r in rows)


def test_a_double_forfeit_is_a_loss_for_both():
    rows = standings([1, 2], [Result(1, 1, 2, "none", 0, 0)])
    assert all((r.won, r.lost) == (0, 1) for r in rows)


def test_a_team_withdrawn_before_any_result_is_not_ranked():
    results = [
        Result(1, 1, 2, "a", 40, 10),
        Result(1, 3, None, "a", 40, 0),  # a bye is a result: 3 keeps its place
        Result(2, 1, 4, None),  # not played yet
    ]
    assert unranked([3, 4, 5], results) == {4, 5}
    assert unranked([2], results) == set()
