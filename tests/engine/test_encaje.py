"""Encaje (002): three or five players each for himself, ridding themselves of stones. A test
per payment rule of 002's "Pontuação" (numbered as in docs/rules.md) and per betting rule."""

import pytest

from engine.errors import IllegalCall, RecordError
from engine.game import Game, new_table
from engine.record import replay_summary
from engine.rules import Rules
from tests.engine.mus_helpers import calls

ENCAJE = Rules.from_dict({"game": "encaje", "players": 3})
#: Seat 1 R R R 1 (best grande, medias, juego 31); seat 2 4 5 6 7 (worst grande, no pares, 22);
#: seat 3 1 1 4 5 (best chica, par of ases, 11).
HANDS = {1: ["R", "R", "R", "1"], 2: ["4", "5", "6", "7"], 3: ["1", "1", "4", "5"]}
PASS = ["1:paso", "2:paso", "3:paso"]
#: Pares between seats 1 and 3; juego seat 1 alone.
PARES_1_3 = ["1:pares si", "2:pares no", "3:pares si"]
JUEGO_1 = ["1:juego si", "2:juego no", "3:juego no"]


def play(*texts, rules=ENCAJE, score=None, hands=HANDS, mano=1):
    table = new_table(rules, mano, score, None, hands)
    for call in calls(*texts):
        table.apply(call)
    return table


def said(table):
    """The table's calls as the texts ``play`` takes."""
    return [f"{call.seat}:{call.text}" for call in table.calls]


def removed(table):
    return {seat: 15 - stones for seat, stones in table.score.items()}


def test_the_score_is_the_stones_each_seat_holds():
    table = play()
    assert table.score == {"1": 15, "2": 15, "3": 15}
    five = Rules.from_dict({"game": "encaje", "players": 5, "stones": 21})
    assert play(rules=five, hands=None).score == {str(seat): 21 for seat in range(1, 6)}


def test_rules_1_and_2_the_best_hand_removes_one_en_paso_and_its_value():
    table = play("1:no hay mus", PASS, PASS, PARES_1_3, "1:paso", "3:paso", JUEGO_1)
    # grande (seat 1) 1, chica (seat 3) 1, pares (seat 1, medias) 2, juego (seat 1 alone, 31) 3
    assert removed(table) == {"1": 6, "2": 0, "3": 1}
    assert [(r.lance, r.winner) for r in table.results] == [
        ("grande", "1"),
        ("chica", "3"),
        ("pares", "1"),
        ("juego", "1"),
    ]


def test_rule_3_a_bet_refused_by_all_removes_one_at_once():
    table = play("1:no hay mus", "1:envido", "2:no quiero", "3:no quiero")
    assert table.score == {"1": 14, "2": 15, "3": 15} and table.phase == "chica"


def test_rule_3_in_pares_the_bettor_also_removes_his_hands_value():
    table = play(
        "1:no hay mus", PASS, PASS, PARES_1_3, "1:envido", "3:no quiero", JUEGO_1, hands=None
    )
    assert table.score["1"] == 14 and table.phase == "showdown"
    table.show(HANDS)
    # 1 at once, then grande 1, pares medias 2, juego 3 (chica to seat 3)
    assert removed(table) == {"1": 7, "2": 0, "3": 1}


def test_rule_4_the_raiser_refused_by_all_hands_the_last_bet_to_the_bettor():
    # 002: A bets 2, B raises to 4, C and A say no quiero: B gives 2 of his stones to A.
    table = play("1:no hay mus", "1:envido 2", "2:sube 2", "3:no quiero", "1:no quiero")
    assert table.score == {"1": 17, "2": 13, "3": 15}
    assert [(p.pair, p.stones, p.reason) for p in table.payments] == [
        ("2", -2, "handed"),
        ("1", 2, "handed"),
    ]


def test_rule_4_in_pares_the_raiser_also_removes_his_hands_value():
    table = play("1:no hay mus", PASS, PASS, PARES_1_3, "1:envido", "3:sube 2", "1:no quiero",
                 JUEGO_1)  # fmt: skip
    # seat 3 handed 2 to seat 1, then removes its par of ases (1) and the chica (1)
    assert table.score["3"] == 15 - 2 - 1 - 1
    assert table.score["1"] == 15 + 2 - 1 - 3  # grande 1, juego 3


def test_rule_5_a_seen_bet_goes_to_a_pot_the_worst_hand_takes():
    table = play("1:no hay mus", "1:envido 3", "2:quiero", "3:no quiero", hands=None)
    assert table.score == {"1": 12, "2": 12, "3": 15}
    assert table.pot == 6 and table.view()["pot"] == 6
    assert table.loser is None
    table.apply(calls("1:paso")[0])
    assert table.to_speak == 2


def test_rule_5_at_the_showdown_the_worst_takes_the_pot_and_the_best_removes_his_value():
    table = play("1:no hay mus", "1:envido 3", "2:quiero", "3:no quiero", PASS, PARES_1_3,
                 "1:envido", "3:quiero", JUEGO_1)  # fmt: skip
    assert table.pot == 0
    # grande pot 6 -> seat 2 (4 5 6 7); pares pot 4 -> seat 3 (par < medias), seat 1 removes 2
    assert table.score == {"1": 15 - 3 - 2 - 2 - 3, "2": 15 - 3 + 6, "3": 15 - 2 + 4 - 1}


def test_after_a_raise_those_who_had_seen_speak_again():
    table = play("1:no hay mus", "1:envido", "2:quiero", "3:sube 2")
    assert table.to_speak == 1
    table.apply(calls("1:quiero")[0])
    assert table.to_speak == 2
    table.apply(calls("2:no quiero")[0])
    assert table.pot == 8 and table.score == {"1": 11, "2": 15, "3": 11}


def test_nobody_bets_or_sees_more_than_he_holds():
    score = {"1": 3, "2": 15, "3": 15}
    with pytest.raises(IllegalCall, match="seat 1 holds 3 stones: it cannot bet 4"):
        play("1:no hay mus", "1:envido 4", score=score)
    table = play("1:no hay mus", "1:paso", "2:envido 4", "3:no quiero", score=score)
    with pytest.raises(IllegalCall, match="seat 1 holds 3 stones: it cannot see 4"):
        table.apply(calls("1:quiero")[0])


def test_a_player_without_stones_takes_no_part():
    table = play(score={"1": 15, "2": 0, "3": 15})
    with pytest.raises(IllegalCall, match="seat 2 has no stones: it is out of the game"):
        table.apply(calls("2:mus")[0])
    # stones lying in a pot are not held: seat 2 sits out the chica and the declarations
    table = play("1:no hay mus", "1:envido 2", "2:quiero", "3:no quiero",
                 score={"1": 15, "2": 2, "3": 15})  # fmt: skip
    with pytest.raises(IllegalCall, match="seat 2 takes no part in the betting of chica"):
        table.apply(calls("2:paso")[0])
    table = play(said(table), "1:paso", "3:paso", hands=HANDS, score={"1": 15, "2": 2, "3": 15})
    assert table.phase == "pares_declaration" and table.to_speak == 1
    table.apply(calls("1:pares si")[0])
    assert table.to_speak == 3


def test_there_is_no_ordago_and_no_partner():
    with pytest.raises(IllegalCall, match="there is no órdago in Encaje"):
        play("1:no hay mus", "1:ordago")
    with pytest.raises(IllegalCall, match="say 'no quiero'"):
        play("1:no hay mus", "1:envido", "2:no queremos")


def test_a_single_holder_wins_without_betting():
    table = play("1:no hay mus", PASS, PASS, PARES_1_3, "1:paso", "3:paso", JUEGO_1, hands=None)
    assert table.phase == "showdown"
    with pytest.raises(IllegalCall, match="only seat 1 said 'juego si'"):
        table.apply(calls("1:envido")[0])


def test_the_last_seat_holding_stones_loses_or_the_first_out_wins():
    score = {"1": 1, "2": 0, "3": 5}
    table = play("1:no hay mus", "1:paso", "3:paso", score=score)
    assert table.phase == "chica"
    summary = replay_summary(
        {
            "rules": {"game": "encaje", "players": 3},
            "score": score,
            "mano": 1,
            "hands": {str(s): h for s, h in HANDS.items()},
            "calls": [
                [1, "no hay mus"],
                [1, "paso"],
                [3, "paso"],
                [1, "paso"],
                [3, "paso"],
                [1, "pares si"],
                [3, "pares si"],
                [1, "paso"],
                [3, "paso"],
                [1, "juego si"],
                [3, "juego no"],
            ],
        }
    )
    assert summary["score"] == {"1": 0, "2": 0, "3": 4} and summary["loser"] == "3"
    assert summary["pot"] == 0 and summary["game_winner"] is None
    first_out = Rules.from_dict({"game": "encaje", "players": 3, "first_out_wins": True})
    table = play(said(table), "1:paso", "3:paso", rules=first_out, score=score)
    assert table.game_winner is None
    table = play(*said(table)[:1], PASS[:1], "3:paso", "1:paso", "3:paso", ["1:pares si",
                 "3:pares si"], "1:paso", "3:paso", JUEGO_1[:1], "3:juego no", rules=first_out,
                 score=score)  # fmt: skip
    assert table.game_winner == "1" and table.score == {"1": 0, "2": 0, "3": 5}


def test_five_cards_and_one_discarded_means_no_mus():
    rules = Rules.from_dict({"game": "encaje", "players": 3, "deal": "five_discard_one"})
    table = play(rules=rules)
    assert table.phase == "grande" and table.to_speak == 1
    with pytest.raises(IllegalCall, match="the mus is over"):
        table.apply(calls("1:mus")[0])
    assert table.view()["mus"]["deck"] == 40 - 15


def test_five_players_mus_and_discards_go_round_all_five():
    rules = Rules.from_dict({"game": "encaje", "players": 5})
    table = play(*(f"{s}:mus" for s in range(1, 6)), rules=rules, hands=None)
    assert table.phase == "descarte" and table.to_speak == 1


def test_encaje_options_are_checked():
    with pytest.raises(RecordError, match="players must be 3 or 5 in encaje"):
        replay_summary({"rules": {"game": "encaje"}, "mano": 1, "calls": []})
    with pytest.raises(RecordError, match="are for encaje"):
        replay_summary({"rules": {"stones": 21}, "mano": 1, "calls": []})


def test_the_deal_passes_over_a_seat_without_stones():
    game = Game(ENCAJE, mano=1, score={"1": 5, "2": 0, "3": 5})
    table = game.start_hand(HANDS)
    assert table.mano == 1
    for call in calls("1:no hay mus", "1:paso", "3:paso", "1:paso", "3:paso"):
        table.apply(call)
    for call in calls("1:pares no", "3:pares si", "1:juego si", "3:juego no"):
        table.apply(call)
    assert table.phase == "finished" and table.score["2"] == 0 and table.loser is None
    game.end_hand(table)
    assert game.mano == 3 and game.start_hand(HANDS).mano == 3


def test_a_game_record_carries_the_stones_and_ends_with_the_loser():
    hands = {str(s): h for s, h in HANDS.items()}
    first = {"hands": hands, "calls": [[1, "no hay mus"], [1, "paso"], [3, "paso"],
             [1, "paso"], [3, "paso"], [1, "pares si"], [3, "pares si"], [1, "paso"],
             [3, "paso"], [1, "juego si"], [3, "juego no"]]}  # fmt: skip
    record = {"rules": {"game": "encaje", "players": 3}, "score": {"1": 1, "2": 0, "3": 5},
              "mano": 1, "deals": [first]}  # fmt: skip
    summary = replay_summary(record)
    assert summary["deals"][0]["loser"] == "3" and summary["score"] == {"1": 0, "2": 0, "3": 4}
    with pytest.raises(RecordError, match="deal 2: the Encaje was over: seat 3"):
        replay_summary(record | {"deals": [first, {"calls": []}]})
