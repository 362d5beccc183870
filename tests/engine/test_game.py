"""Games to the target and the match (best of three games, or vacas of 003)."""

import pytest

from engine.game import Award, Game, Match
from engine.rules import Rules
from tests.engine.mus_helpers import calls

ROUND = ["{m}:%s", "{a}:%s", "{p}:%s", "{b}:%s"]
REST_PASSED = [t % "paso" for t in ROUND] + [t % "pares no" for t in ROUND]
REST_PASSED += [t % "juego no" for t in ROUND] + [t % "paso" for t in ROUND]
FOLD_GRANDE = ["{m}:no hay mus", "{m}:envido", "{a}:no quiero", "{b}:no quiero", *REST_PASSED]
ORDAGO_SEEN = ["{m}:no hay mus", "{m}:ordago", "{a}:quiero"]
HANDS = {
    1: ["R", "R", "R", "R"],
    2: ["1", "1", "1", "1"],
    3: ["C", "C", "C", "C"],
    4: ["4", "4", "4", "4"],
}


def play_hand(game, template, hands=None):
    table = game.start_hand(hands)
    m = table.mano
    a, p, b = m % 4 + 1, (m + 1) % 4 + 1, (m + 2) % 4 + 1
    for call in calls(*[t.format(m=m, a=a, p=p, b=b) for t in template]):
        if table.phase == "finished":
            break
        table.apply(call)
    game.end_hand(table)
    return table


def test_doc004_game_rotates_the_mano_carries_the_score_and_announces_dentro():
    game = Game(Rules(), mano=3, score={"1-3": 33, "2-4": 0})
    manos = [play_hand(game, FOLD_GRANDE).mano for _ in range(3)]
    assert manos == [3, 4, 1]
    # manos 3 and 1 won a deje for 1-3, mano 4 for 2-4
    assert game.score == {"1-3": 35, "2-4": 1}
    assert game.dentro == [{"pair": "1-3", "hand_in_game": 3}]
    assert game.tables[-1].hand_in_game == 3 and not game.is_over


def test_game_stops_on_a_deje_at_the_target_and_refuses_another_hand():
    game = Game(Rules(target=30), mano=1, score={"1-3": 29, "2-4": 0})
    table = play_hand(game, FOLD_GRANDE)
    assert table.phase == "finished" and game.winner == "1-3" and game.score["1-3"] == 30
    with pytest.raises(ValueError, match="game 1 is over"):
        game.start_hand()


def test_hand_must_end_before_the_next():
    game = Game()
    table = game.start_hand()
    with pytest.raises(ValueError, match="previous hand"):
        game.start_hand()
    with pytest.raises(ValueError, match="still in phase mus"):
        game.end_hand(table)


def _win_game(match, ordago=False):
    game = match.current_game()
    while not game.is_over:
        play_hand(game, ORDAGO_SEEN if ordago else FOLD_GRANDE, HANDS if ordago else None)
    match.record_game(game)
    return game


def test_match_best_of_three_games_and_the_mano_keeps_rotating():
    match = Match(Rules(target=30), mano=1)
    first = _win_game(match, ordago=True)
    assert first.won_by_ordago and first.tables[0].mano == 1
    second = match.current_game()
    assert second.number == 2 and second.mano == 2 and second.score == {"1-3": 0, "2-4": 0}
    assert not match.is_over
    _win_game(match, ordago=True)  # seat 1's four reyes win every grande órdago
    assert match.winner == "1-3" and match.games_won == {"1-3": 2, "2-4": 0}
    with pytest.raises(ValueError, match="match is over"):
        match.current_game()


def test_doc003_vacas_best_of_three_vacas_of_three_games():
    match = Match(Rules(match="vacas", target=30))
    for _ in range(3):
        _win_game(match, ordago=True)
    assert match.vacas_won == {"1-3": 1, "2-4": 0} and match.games_won == {"1-3": 1, "2-4": 0}
    _win_game(match, ordago=True)
    assert match.winner == "1-3" and match.vacas_won == {"1-3": 2, "2-4": 0}


def test_doc003_ordago_decides_the_vaca_option():
    match = Match(Rules(match="vacas", ordago_decides="vaca", target=30))
    _win_game(match, ordago=True)
    assert sum(match.vacas_won.values()) == 1 and match.games_won == {"1-3": 0, "2-4": 0}


def test_a_game_stopped_mid_hand_and_given_to_a_side_counts_in_the_match():
    match = Match(Rules(target=30), mano=1)
    game = match.current_game()
    play_hand(game, FOLD_GRANDE)  # 1-3 take a deje: 1-0
    game.start_hand()  # mano 2; stopped before it ends
    game.award(Award("2-4", "game_lost"))
    match.record_game(game)
    assert (game.winner, game.awarded, game.score) == (
        "2-4",
        Award("2-4", "game_lost"),
        {"1-3": 1, "2-4": 0},
    )
    assert match.games_won == {"1-3": 0, "2-4": 1} and not match.is_over
    following = match.current_game()  # the abandoned hand's mano was 2: the next is 3
    assert (following.number, following.mano, following.score) == (2, 3, {"1-3": 0, "2-4": 0})
    with pytest.raises(ValueError, match="game 1 is over"):
        game.award(Award("1-3", "game_lost"))


def test_a_game_given_between_hands_keeps_the_mano_turning_and_a_side_must_exist():
    game = Game(Rules(), mano=4)
    play_hand(game, FOLD_GRANDE)
    with pytest.raises(ValueError, match="no side '1-2'"):
        game.award(Award("1-2", "game_lost"))
    game.award(Award("1-3", "game_lost"))
    assert game.mano == 1 and game.to_dict()["awarded"] == "game_lost"


def test_a_match_given_to_a_side_is_over_whatever_the_games():
    match = Match(Rules(target=30))
    _win_game(match, ordago=True)  # 1-3 lead one game to none
    match.award("2-4")
    assert match.winner == "2-4" and match.is_over
    with pytest.raises(ValueError, match="match is over"):
        match.current_game()
