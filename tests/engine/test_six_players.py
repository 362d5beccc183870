"""Six-player Mus (000 "Otros números de jugadores", 002): two teams of three seated
alternately, every rule as with four; Jaureguy's variant to 50 with captains."""

import pytest

from engine.cards import parse_hand
from engine.errors import IllegalCall, RulesError
from engine.gesture import Gesture, GestureError
from engine.ranking import winner_seat
from engine.record import replay_summary
from engine.rules import Lance, Rules
from engine.table import Table
from tests.engine.mus_helpers import calls

SIX = Rules(players=6)
#: Seat 1 to 6; none has pares but seat 4 (duples) and seat 2 (par); juego: seats 3 and 5 (31).
HANDS = {
    1: ["R", "C", "7", "1"],
    2: ["S", "S", "4", "5"],
    3: ["R", "R", "S", "1"],
    4: ["C", "C", "6", "6"],
    5: ["7", "7", "7", "S"],
    6: ["4", "5", "6", "2"],
}


def play6(*texts, rules=SIX, mano=1, score=None, hands=None):
    table = Table(rules, mano, score, hands=hands)
    for call in calls(*texts):
        table.apply(call)
    return table


def test_the_teams_are_the_alternate_seats_and_keep_the_score():
    table = play6("1:no hay mus")
    assert table.score == {"1-3-5": 0, "2-4-6": 0}
    assert table.seating.speaking_order(4) == (4, 5, 6, 1, 2, 3)
    assert table.to_speak == 1 and table.phase == "grande"


def test_all_six_must_say_mus_and_all_six_discard():
    table = play6("1:mus", "2:mus", "3:mus", "4:mus", "5:mus")
    assert table.phase == "mus" and table.to_speak == 6
    table = play6(
        ["1:mus", "2:mus", "3:mus", "4:mus", "5:mus", "6:mus"],
        [f"{seat}:descarte 4" for seat in range(1, 7)],
    )
    # 16 cards left after the deal: 24 wanted, so the discards were reshuffled once.
    assert table.phase == "mus" and table.view()["mus"]["reshuffles"] == 1


def test_any_of_the_three_opponents_may_answer_a_bet():
    table = play6("1:no hay mus", "1:paso", "2:paso", "3:envido", "6:quiero")
    assert table.phase == "chica"
    assert [r.outcome for r in table.results] == ["accepted"]


def test_a_team_folds_when_all_three_decline_or_one_says_no_queremos():
    opened = ["1:no hay mus", "1:envido"]
    table = play6(opened, "2:no quiero", "4:no quiero")
    assert table.phase == "grande" and table.to_speak == 6
    table.apply(calls("6:no quiero")[0])
    assert table.score == {"1-3-5": 1, "2-4-6": 0} and table.phase == "chica"
    assert play6(opened, "4:no queremos").score["1-3-5"] == 1


def test_a_partner_cannot_answer_his_own_teams_bet():
    table = play6("1:no hay mus", "1:envido")
    with pytest.raises(IllegalCall, match="team 1-3-5 made the last bet: its opponents answer"):
        table.apply(calls("5:quiero")[0])


def test_bonuses_are_paid_for_every_hand_of_the_winning_team():
    summary = replay_summary(
        {
            "rules": {"players": 6},
            "mano": 1,
            "hands": {str(s): h for s, h in HANDS.items()},
            "calls": [
                [1, "no hay mus"],
                *[[s, "paso"] for s in range(1, 7)] * 2,
                *[[s, f"pares {'si' if s in (2, 4) else 'no'}"] for s in range(1, 7)],
                *[[s, f"juego {'si' if s in (3, 5) else 'no'}"] for s in range(1, 7)],
            ],
        }
    )
    lances = {lance["lance"]: lance for lance in summary["lances"]}
    # pares: only team 2-4-6 said si: par 1 (seat 2) + duples 3 (seat 4), without betting.
    assert (lances["pares"]["outcome"], lances["pares"]["stones"]) == ("single", 4)
    # juego: seats 3 and 5 both 31: 3 each to team 1-3-5.
    assert (lances["juego"]["winner"], lances["juego"]["stones"]) == ("1-3-5", 6)


def test_a_tie_goes_to_the_seat_nearer_the_mano():
    hands = {seat: parse_hand(cards) for seat, cards in HANDS.items()}
    hands[2] = hands[5] = parse_hand("R R C 1")
    assert winner_seat(Lance.GRANDE, hands, 3, SIX) == 5  # from mano 3: 3 4 5 6 1 2
    assert winner_seat(Lance.GRANDE, hands, 1, SIX) == 2


def test_the_game_stops_the_moment_a_team_reaches_fifty():
    rules = Rules(players=6, target=50)
    table = play6("1:no hay mus", "1:envido", "2:no queremos", rules=rules, score={
        "1-3-5": 49, "2-4-6": 0})  # fmt: skip
    assert table.game_winner == "1-3-5" and table.is_over
    with pytest.raises(IllegalCall, match="the game is over: team 1-3-5 reached the target"):
        table.apply(calls("1:paso")[0])


def test_with_captains_only_seats_2_and_5_decide_the_mus():
    rules = Rules(players=6, target=50, captains=True)
    table = Table(rules, mano=1)
    assert table.to_speak == 2
    with pytest.raises(IllegalCall, match="the captains alone decide the mus"):
        table.apply(calls("1:mus")[0])
    for call in calls("2:mus", "5:mus"):
        table.apply(call)
    assert table.phase == "descarte" and table.to_speak == 1


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": 50}, "target 50 is the six-player variant"),
        ({"captains": True}, "captains is the six-player variant"),
        ({"players": 5}, "players must be 4 or 6 in mus"),
    ],
)
def test_the_six_player_options_need_six_players(options, message):
    with pytest.raises(RulesError, match=message):
        Rules.from_dict(options)


def test_a_seat_beyond_the_table_is_refused():
    with pytest.raises(IllegalCall, match=r"seat 5 is not at this table: its seats are 1\.\.4"):
        Table(Rules()).apply(calls("5:mus")[0])
    assert play6("1:mus", "2:mus").to_speak == 3


def test_a_game_record_rotates_the_mano_through_six_seats_and_counts_team_games():
    summary = replay_summary(
        {
            "rules": {"players": 6, "target": 30},
            "score": {"1-3-5": 0, "2-4-6": 29},
            "mano": 6,
            "deals": [
                {"calls": [[6, "no hay mus"], [6, "envido"], [1, "no queremos"]]},
                {"calls": [[1, "no hay mus"]]},
            ],
        }
    )
    first, second = summary["deals"]
    assert first["game_winner"] == "2-4-6" and summary["match"]["games_won"]["2-4-6"] == 1
    assert (second["mano"], second["start_score"]) == (1, {"1-3-5": 0, "2-4-6": 0})


def test_a_gesture_may_come_from_any_of_six_seats():
    assert Gesture(6, "wink", "left", 0, 400).seat == 6
    with pytest.raises(GestureError, match=r"seat must be 1\.\.6, got 7"):
        Gesture(7, "wink", "left", 0, 400)
