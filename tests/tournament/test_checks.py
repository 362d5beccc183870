"""What the desk may record, pure: a result as a game to the target can end, and each player
in one team only (names compared without case, accents or extra spaces)."""

import pytest

from api.player_names import player_key
from api.tournament.checks import check_players, check_result
from engine.errors import Refusal

TEAMS = ("Los Ases", "Los Reyes")


def refusal(check, *args) -> Refusal:
    with pytest.raises(Refusal) as caught:
        check(*args)
    return caught.value


@pytest.mark.parametrize(
    ("winner", "a", "b", "target"),
    [
        ("a", 40, 12, 40),
        ("b", 0, 40, 40),  # an órdago won: the winner is scored at the target
        ("b", 38, 43, 40),  # the last lance paid past the target
        ("a", 30, 29, 30),
        ("a", 40, 0, 30),  # a forfeit's 40-0 (the settings' default) in a game to 30
        ("none", 0, 0, 40),  # both forfeited
        ("none", 25, 39, 40),  # both sanctioned before the end
    ],
)
def test_results_a_game_can_end_with_are_accepted(winner, a, b, target):
    check_result(winner, a, b, target, TEAMS)


def test_the_winner_has_reached_the_target():
    refused = refusal(check_result, "b", 40, 10, 40, TEAMS)
    assert refused.code == "result_winner_short"
    assert refused.params == {"team": "Los Reyes", "stones": 10, "target": 40}
    assert str(refused).startswith("Los Reyes cannot win with 10 stones")
    assert refusal(check_result, "a", 29, 3, 30, TEAMS).params["target"] == 30


def test_the_loser_stays_below_the_target():
    refused = refusal(check_result, "a", 40, 40, 40, TEAMS)
    assert refused.code == "result_loser_reached"
    assert refused.params == {"team": "Los Reyes", "stones": 40, "target": 40}
    assert refusal(check_result, "b", 35, 40, 30, TEAMS).params["team"] == "Los Ases"


def test_nobody_wins_only_while_nobody_reached_the_target():
    refused = refusal(check_result, "none", 12, 40, 40, TEAMS)
    assert (refused.code, refused.params["team"]) == ("result_none_reached", "Los Reyes")


def test_one_player_whatever_the_spelling():
    assert player_key("Iñaki") == player_key(" INAKI ") == player_key("inaki")
    assert player_key("Ane  Mari") == player_key("ane mari")
    assert player_key("Ane") != player_key("Ana")


def test_a_player_is_in_one_team_once():
    refused = refusal(check_players, ["Ane", "ane"], [])
    assert (refused.code, refused.params) == ("player_twice", {"player": "ane"})
    check_players(["Ane", "Iker"], [("Los Reyes", ["Miren", "Koldo"])])


def test_a_player_registered_is_named_with_the_team_that_has_them():
    registered = [("Los Ases", ["Miren", "Koldo"]), ("Los Reyes", ["Ane", "Iker"])]
    for players in (["Ane", "Iker"], ["Jon", "IKER"], ["Áne", "Jon"]):
        refused = refusal(check_players, players, registered)
        assert refused.code == "player_registered"
        assert refused.params["team"] == "Los Reyes"
        assert refused.params["player"] in ("Ane", "Iker")  # as registered
    assert "already plays in Los Reyes" in str(refusal(check_players, ["Ane", "X"], registered))
