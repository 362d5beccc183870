"""The table state machine: the betting examples of the rule documents, folds, declarations,
the showdown, illegal calls and the live table without cards."""

import json

import pytest

from engine.calls import Call
from engine.errors import IllegalCall
from engine.gesture import Gesture
from engine.rules import Rules
from tests.engine.mus_helpers import ALL_PASS, EXAMPLE_HANDS, calls, declare, play

NO_MUS = ["1:no hay mus"]
#: No mus, grande and chica passed: the pares are declared next.
TO_PARES = [NO_MUS, ALL_PASS, ALL_PASS]
NO_PARES = declare("pares", "no", "no", "no", "no")
NO_JUEGO = declare("juego", "no", "no", "no", "no")
#: The opening of 000's órdago example: B (2) wins the grande for 5.
ORDAGO_EXAMPLE_GRANDE = ["1:paso", "2:paso", "3:paso", "4:envido 5", "1:quiero"]


def hands_of(*seat_hands):
    """``hands_of("RC71", ...)``: the four seats' hands, seat 1 first, a card a character."""
    return {seat: list(cards) for seat, cards in enumerate(seat_hands, start=1)}


def lance_of(table, name):
    return next(r for r in table.results if r.lance == name)


def test_doc000_deje_after_raises_is_the_total_before_the_last_raise():
    # A: "Apuesto"; B: "Subo, sumando 4"; A: "Subo 16, sumando 20"; B: "Nos retiramos" -> 4.
    table = play(NO_MUS, "1:envido", "2:sube 2", "1:sube 16", "2:no queremos")
    assert table.score == {"1-3": 4, "2-4": 0}
    assert [(d.lance, d.pair, d.stones) for d in table.dejes] == [("grande", "1-3", 4)]
    assert table.phase == "chica"


def test_doc002_deje_after_raise_to_104_is_4():
    """002's own example, under its rule of no limit to a raise (``bet_limit = "none"``)."""
    calls = ("1:envido", "2:sube 2", "1:sube 100", "2:no quiero", "4:no quiero")
    table = play(NO_MUS, *calls, rules=Rules(bet_limit="none"))
    assert table.score == {"1-3": 4, "2-4": 0}


def test_a_raise_beyond_the_target_is_refused_unless_there_is_no_limit():
    """keinu's default: a raise says at most the target; the same raise said within it pays
    the same deje."""
    with pytest.raises(IllegalCall, match="a raise is of 2 to 40 stones"):
        play(NO_MUS, "1:envido", "2:sube 2", "1:sube 100")
    table = play(NO_MUS, "1:envido", "2:sube 2", "1:sube 36", "2:no quiero", "4:no quiero")
    assert table.score == {"1-3": 4, "2-4": 0}
    unlimited = Rules(bet_limit="none")
    table = play(NO_MUS, "1:envido 1000000", "2:quiero", rules=unlimited)
    assert table.phase == "chica"


def test_doc000_first_bet_refused_pays_one_and_deje_one_option_of_003():
    assert play(NO_MUS, "1:envido 5", "2:no quiero", "4:no quiero").score["1-3"] == 1
    raised = [NO_MUS, "1:envido", "2:sube 4", "1:no queremos"]
    assert play(*raised).score["2-4"] == 2
    assert play(*raised, rules=Rules(deje="one")).score["2-4"] == 1


def test_doc000_ordago_example_refused_pays_the_six_that_stood():
    chica = ["1:envido", "2:sube 4", "3:ordago", "2:no quiero", "4:no quiero"]
    table = play(NO_MUS, ORDAGO_EXAMPLE_GRANDE, chica)
    assert table.score == {"1-3": 6, "2-4": 0}
    assert table.phase == "pares_declaration"


def test_doc000_ordago_example_seen_decides_the_game_on_chica_alone():
    chica = ["1:envido", "2:sube 4", "3:ordago", "4:quiero"]
    table = play(NO_MUS, ORDAGO_EXAMPLE_GRANDE, chica, hands=EXAMPLE_HANDS)
    # chica: A 7-7-2-A (A,A,7,7 under 8 reyes) is the lowest -> 1-3 win the game;
    # the 5 of the grande (won by B) are irrelevant.
    assert table.game_winner == "1-3" and table.phase == "finished"
    assert table.score == {"1-3": 40, "2-4": 0}


def _to_pares(*pares_calls, hands=EXAMPLE_HANDS):
    return play(
        TO_PARES,
        declare("pares", "si", "si", "si", "si"),
        *pares_calls,
        NO_JUEGO,
        ALL_PASS,
        hands=hands,
    )


def test_doc000_pares_example_seen_pays_8_to_a_and_c():
    table = _to_pares("1:envido 4", "2:quiero")
    pares = lance_of(table, "pares")
    assert (pares.winner, pares.stones) == ("1-3", 3 + 1 + 4)


def test_doc000_pares_example_folded_pays_4_plus_3_to_b_and_d():
    table = _to_pares("1:envido 4", "2:sube 6", "1:no queremos")
    pares = lance_of(table, "pares")
    assert (pares.winner, pares.deje, pares.showdown_stones) == ("2-4", 4, 3)


def test_doc004_player_who_passed_after_a_bet_is_out_of_the_lance():
    table = play(NO_MUS, "1:envido", "2:paso")
    assert table.to_speak == 4 and table.betting["out"] == [2]
    with pytest.raises(IllegalCall, match="out of grande"):
        table.apply(Call.parse(2, "quiero"))
    table.apply(Call.parse(4, "paso"))
    assert table.score == {"1-3": 1, "2-4": 0}


def test_doc002_either_opponent_may_answer_and_the_more_aggressive_stands():
    table = play(NO_MUS, "1:envido", "4:no quiero")
    assert table.phase == "grande" and table.to_speak == 2
    table.apply(Call.parse(2, "quiero"))
    assert table.phase == "chica" and lance_of(table, "grande").stake == 2


def test_doc004_pares_fold_still_pays_the_bettors_pares_even_if_worse():
    table = play(
        TO_PARES,
        declare("pares", "si", "si", "no", "no"),
        "1:envido",
        "2:no quiero",
        NO_JUEGO,
        ALL_PASS,
        hands=hands_of("RR54", "CCC4", "6541", "7654"),
    )
    pares = lance_of(table, "pares")
    assert (pares.winner, pares.deje, pares.showdown_stones) == ("1-3", 1, 1)


def test_doc000_one_pair_without_pares_scores_without_betting():
    hands = hands_of("RR54", "CS74", "6661", "7651")
    table = play(TO_PARES, declare("pares", "si", "no", "si", "no"), hands=None)
    assert table.phase == "juego_declaration"
    with pytest.raises(IllegalCall, match="no betting in pares: only pair 1-3 said 'pares si'"):
        table.apply(Call.parse(1, "envido"))
    with pytest.raises(IllegalCall, match="juego is declared first"):
        table.apply(Call.parse(1, "pares si"))
    for call in calls(declare("juego", "no", "no", "no", "no"), ALL_PASS):
        table.apply(call)
    assert table.phase == "showdown"
    table.show(hands)
    pares = lance_of(table, "pares")
    assert (pares.outcome, pares.winner, pares.stones) == ("single", "1-3", 1 + 2)


def test_doc004_punto_fold_pays_the_deje_and_one_more_even_to_the_worse_punto():
    # 3 has the best punto (30) but 1-3 refused 2's bet: 2-4 take the deje and the punto.
    table = play(
        TO_PARES,
        NO_PARES,
        NO_JUEGO,
        "1:paso",
        "2:envido",
        "3:no quiero",
        "1:no quiero",
        hands=hands_of("RC71", "RC54", "RC64", "7654"),
    )
    punto = lance_of(table, "punto")
    assert (punto.winner, punto.deje, punto.showdown_stones) == ("2-4", 1, 1)
    assert lance_of(table, "pares").outcome == "none"


def test_juego_only_those_with_si_speak_and_a_false_si_is_reported():
    table = play(
        TO_PARES,
        NO_PARES,
        declare("juego", "si", "si", "si", "no"),
        hands=hands_of("RC71", "RCS1", "RCS4", "7654"),
    )
    assert table.phase == "juego" and table.betting["participants"] == [1, 2, 3]
    with pytest.raises(IllegalCall, match="seat 4 takes no part"):
        table.apply(Call.parse(4, "paso"))
    for call in calls("1:paso", "2:paso", "3:paso"):
        table.apply(call)
    assert table.false_declarations == [{"seat": 1, "said": "juego si", "lance": "juego"}]
    juego = lance_of(table, "juego")
    assert (juego.winner_seat, juego.stones) == (2, 3)


def test_doc003_doc004_game_won_in_the_middle_of_the_showdown_stops_the_payments():
    table = play(
        TO_PARES,
        declare("pares", "si", "si", "si", "si"),
        ALL_PASS,
        declare("juego", "no", "si", "si", "si"),
        "2:paso",
        "3:paso",
        "4:paso",
        hands=EXAMPLE_HANDS,
        score={"1-3": 38, "2-4": 39},
    )
    # grande al paso: B (2-4) +1 -> 40 at once; chica, pares and juego are not paid.
    assert table.game_winner == "2-4" and table.score == {"1-3": 38, "2-4": 40}
    assert [r.paid for r in table.results] == [True, False, False, False]


def test_game_won_on_a_deje_finishes_the_hand_at_once():
    table = play(NO_MUS, "1:envido", "2:no queremos", score={"1-3": 39, "2-4": 0})
    assert table.game_winner == "1-3" and table.phase == "finished"
    with pytest.raises(IllegalCall, match="game is over"):
        table.apply(Call.parse(1, "paso"))


def test_illegal_calls_name_index_seat_and_rule_and_leave_the_table_unchanged():
    table = play(NO_MUS, "1:envido")
    before = json.dumps(table.view(), sort_keys=True)
    with pytest.raises(IllegalCall) as err:
        table.apply(Call.parse(2, "sube 1"))
    assert (err.value.index, err.value.seat) == (2, 2) and "at least 2" in err.value.rule
    for bad in ("3:quiero", "2:envido 4", "2:pares si", "1:paso"):
        with pytest.raises(IllegalCall):
            table.apply(calls(bad)[0])
    assert json.dumps(table.view(), sort_keys=True) == before


def test_doc002_ordago_can_only_be_seen_or_refused():
    table = play(NO_MUS, "1:ordago")
    with pytest.raises(IllegalCall, match="órdago can only be seen"):
        table.apply(Call.parse(2, "sube 2"))
    with pytest.raises(IllegalCall, match="only as a raise"):
        play(NO_MUS, "1:ordago", rules=Rules(ordago_opening=False))


def test_doc000_all_four_must_say_mus_then_discards_of_one_to_four():
    table = play("1:mus", "2:mus", "3:mus")
    assert table.phase == "mus" and table.to_speak == 4
    table.apply(Call.parse(4, "mus"))
    assert table.phase == "descarte" and table.to_speak == 1
    with pytest.raises(IllegalCall, match="1 to 4"):
        table.apply(Call.parse(1, "descarte 0"))
    for call in calls("1:descarte 4", "2:descarte 1", "3:descarte 2", "4:descarte 3"):
        table.apply(call)
    assert table.phase == "mus" and table.view()["mus"]["deck"] == 24 - 10


def test_doc000_doc004_deck_runs_out_and_the_discards_are_reshuffled():
    round_ = [
        "1:mus",
        "2:mus",
        "3:mus",
        "4:mus",
        "1:descarte 4",
        "2:descarte 4",
        "3:descarte 4",
        "4:descarte 4",
    ]
    table = play(round_)
    assert table.view()["mus"] == {
        "rounds": 1,
        "deck": 8,
        "discards": 16,
        "reshuffles": 0,
        "redeals_4567": [],
    }
    table = play(round_, round_)
    # second round: 8 left serve seats 1 and 2; seat 3 finds the deck empty with seat 4 still
    # waiting, so all 32 discards become the new deck.
    mus = table.view()["mus"]
    assert (mus["reshuffles"], mus["deck"], mus["discards"]) == (1, 24, 0)


def test_doc000_doc004_mus_visto_is_refused_where_the_option_is_off():
    with pytest.raises(IllegalCall, match="not played here"):
        play("1:mus visto")


@pytest.mark.parametrize(
    ("rules", "phase"),
    [
        (Rules(mus_visto=True), "mus"),
        (Rules(mus_visto=True, mus_visto_servido_ends_mus=True), "grande"),
    ],
)
def test_doc000_doc004_mus_visto_option_lets_everyone_discard_zero_to_four(rules, phase):
    table = play(
        "1:mus visto", "1:descarte 0", "2:descarte 2", "3:descarte 0", "4:descarte 1", rules=rules
    )
    assert table.phase == phase


def test_live_table_without_cards_tracks_everything_that_needs_none():
    table = play(
        NO_MUS,
        "1:envido",
        "2:sube 2",
        "3:quiero",
        "1:envido",
        "2:no quiero",
        "4:no quiero",
        declare("pares", "si", "no", "no", "no"),
        declare("juego", "si", "si", "no", "no"),
        "1:envido 3",
        "2:quiero",
    )
    assert table.phase == "showdown" and table.score == {"1-3": 1, "2-4": 0}
    view = table.view()
    json.dumps(view)
    assert [lance["stones"] for lance in view["lances"]] == [None, 1, None, None]
    table.show(hands_of("RRS1", "RCS2", "R114", "7654"))
    assert table.phase == "finished"
    assert [(p.lance, p.stones) for p in table.settlement] == [
        ("grande", 4),
        ("pares", 1),
        ("juego", 6),
    ]
    # grande 4 seen: seat 1 wins (R R S 1 > R C S 1); pares single 1 par; juego 3+3: seat 1
    assert table.score == {"1-3": 1 + 4 + 1 + 3 + 3, "2-4": 0}


def test_senas_take_no_turn_and_record_the_moment():
    table = play("1:mus", "2:sena lip_bite center", "2:no hay mus", "1:paso")
    sena = table.observe(Gesture(3, "wink", "left", 1200, 1400))
    assert [s.kind for s in table.sena_calls] == ["lip_bite", "wink"]
    first = table.sena_calls[0]
    assert (first.index, first.phase, first.mus_over, first.side) == (1, "mus", False, "center")
    assert sena.t_ms == 1200 and sena.lances_begun == frozenset({"grande"}) and sena.mus_over
    assert table.to_speak == 2


def test_undo_leaves_the_table_as_a_replay_without_the_last_call():
    played = [NO_MUS, "1:envido", "2:no quiero", "3:sena wink left", "4:no quiero"]
    table = play(*played, hands=EXAMPLE_HANDS)
    assert table.score["1-3"] == 1
    assert table.undo().text == "no quiero"
    assert table.view() == play(*played[:-1], hands=EXAMPLE_HANDS).view()
    assert table.undo().text == "sena wink left"
    assert table.view() == play(*played[:-2], hands=EXAMPLE_HANDS).view()
    assert table.score["1-3"] == 0 and table.phase == "grande" and table.to_speak == 4


def test_legal_calls_are_all_accepted():
    table = play(NO_MUS, "1:envido")
    legal = table.legal_calls()
    assert {c.seat for c in legal} == {2, 4}
    for call in legal:
        trial = table.replayed(table.calls)
        trial.apply(call)


def test_betting_in_juego_when_one_pair_alone_has_it_is_refused():
    table = play(TO_PARES, NO_PARES, declare("juego", "no", "si", "no", "no"))
    assert table.phase == "showdown"
    with pytest.raises(IllegalCall, match="no betting in juego: only pair 2-4"):
        table.apply(Call.parse(2, "envido"))
