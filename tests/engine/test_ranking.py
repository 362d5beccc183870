"""Ranking, with every ranking and tie example of the four rule documents."""

import pytest

from engine.cards import Card, parse_card, parse_hand
from engine.errors import CardError
from engine.ranking import (
    count_ases,
    count_reyes,
    has_juego,
    juego_points,
    pares_kind,
    pares_rank_of,
    pares_value,
    rank_chica,
    rank_grande,
    rank_juego,
    rank_pares,
    rank_punto,
    winner_seat,
)
from engine.rules import Lance, Rules

R8 = Rules()
R4 = Rules(reyes=4)


def h(text):
    return parse_hand(text.split("-"))


def test_cards_parse_and_round_trip():
    assert parse_card("R") == Card("R", None)
    assert parse_card("So") == Card("S", "o")
    hand = parse_hand(["R", "R", "S", "1"])
    assert str(hand) == "R R S 1"
    assert parse_hand(str(hand)) == hand
    assert parse_hand(["7o", "7c", "7e", "So"]).to_list() == ["7o", "7c", "7e", "So"]
    for bad in ("8", "Rx", "", "RR0"):
        with pytest.raises(CardError):
            parse_card(bad)
    with pytest.raises(CardError):
        parse_hand(["R", "R", "S"])
    with pytest.raises(CardError):
        parse_hand(["Ro", "Ro", "S", "1"])


# (lance ranker, the better hand, the worse hand, rules): each rule document's "X beats Y".
BEATS = [
    pytest.param(rank_grande, "R-3-4-4", "R-C-C-C", R8, id="doc000-grande-r344-rccc"),
    pytest.param(rank_chica, "R-3-4-4", "R-C-C-C", R8, id="doc000-chica-r344-rccc"),
    pytest.param(rank_pares, "C-C-5-5", "S-S-S-S", R8, id="doc000-duples-over-four-equal"),
    pytest.param(rank_pares, "C-C-5-5", "C-C-4-4", R8, id="doc000-duples-lower-pair"),
    pytest.param(rank_punto, "R-R-5-5", "R-R-5-4", R8, id="doc000-punto"),
    pytest.param(rank_grande, "3-3-4-4", "R-C-5-4", R8, id="doc002-grande-3344-rc54"),
    pytest.param(rank_chica, "3-3-4-4", "R-C-5-4", R8, id="doc002-chica-3344-rc54"),
    pytest.param(rank_pares, "3-3-4-4", "C-C-5-5", R8, id="doc002-duples-reyes-first"),
    pytest.param(rank_pares, "3-3-5-5", "3-3-4-4", R8, id="doc002-duples-lower-pair"),
    pytest.param(rank_pares, "5-5-2-2", "4-4-4-4", R8, id="doc002-duples-over-four-equal"),
    pytest.param(rank_pares, "4-4-2-2", "3-3-3-C", R8, id="doc002-duples-over-medias"),
    # 002 writes "7-As-As-As beats 3-3-C-C", but 3-3-C-C is duples; its own rule (any medias
    # beats any par, any duples beats any medias) gives medias over a par like 3-3-C-S.
    pytest.param(rank_pares, "7-1-1-1", "3-3-C-S", R8, id="doc002-medias-over-par"),
    pytest.param(rank_pares, "3-3-C-C", "7-1-1-1", R8, id="doc002-duples-over-medias-of-ases"),
    pytest.param(rank_grande, "R-3-R-4", "R-R-S-7", R8, id="doc004-grande"),
    pytest.param(rank_chica, "S-4-1-2", "C-7-4-1", R8, id="doc004-chica"),
    pytest.param(rank_pares, "R-R-S-6", "R-S-S-5", R8, id="doc004-par"),
    pytest.param(rank_pares, "S-S-S-2", "C-6-6-6", R8, id="doc004-medias"),
    pytest.param(rank_pares, "R-R-1-2", "C-C-7-7", R8, id="doc004-duples"),
    pytest.param(rank_pares, "R-R-C-C", "R-R-S-S", R8, id="doc004-duples-lower-pair"),
    pytest.param(rank_juego, "3-R-C-2", "R-R-S-5", R8, id="doc004-juego-31-over-35"),
    pytest.param(rank_chica, "3-4-4-4", "C-4-4-4", R4, id="four-reyes-chica-tres-low"),
    pytest.param(rank_chica, "C-4-4-4", "3-4-4-4", R8, id="eight-reyes-chica-tres-high"),
]


@pytest.mark.parametrize(("ranker", "better", "worse", "rules"), BEATS)
def test_rule_document_examples_rank_the_better_hand_higher(ranker, better, worse, rules):
    assert ranker(h(better), rules) > ranker(h(worse), rules)


def test_doc000_par_ties_on_the_pair_and_position_decides():
    assert rank_pares(h("7-7-4-3"), R8) == rank_pares(h("R-C-7-7"), R8)
    hands = {1: h("7-7-4-3"), 2: h("R-C-7-7")}
    assert winner_seat(Lance.PARES, hands, mano=1, rules=R8) == 1
    assert winner_seat(Lance.PARES, hands, mano=2, rules=R8) == 2


def test_doc000_duples_compare_higher_pair_then_lower_and_four_equal_are_duples():
    assert pares_kind(h("S-S-S-S"), R8) == "duples"


def test_doc000_grande_example_b_ties_c_and_wins_by_position():
    hands = {1: h("7-7-2-1"), 2: h("3-3-S-2"), 3: h("R-R-S-1"), 4: h("C-C-C-6")}
    assert rank_grande(hands[2], R8) == rank_grande(hands[3], R8)
    assert winner_seat(Lance.GRANDE, hands, mano=1, rules=R8) == 2
    assert winner_seat(Lance.PARES, hands, mano=1, rules=R8) == 1


def test_doc000_juego_order_31_32_40_37_to_33():
    by_points = {
        31: "R-R-S-1",
        32: "R-R-S-2",
        40: "R-R-S-C",
        37: "R-R-S-7",
        36: "R-R-S-6",
        35: "R-R-S-5",
        34: "R-R-S-4",
        33: "R-R-7-6",
    }
    hands = [h(by_points[p]) for p in (31, 32, 40, 37, 36, 35, 34, 33)]
    strengths = [rank_juego(hand, R4) for hand in hands]
    assert [juego_points(hand, R4) for hand in hands] == [31, 32, 40, 37, 36, 35, 34, 33]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 8
    assert rank_juego(h("R-R-S-7"), R8) > rank_juego(h("R-R-7-6"), R8) > 0
    assert rank_juego(h("R-R-7-1"), R8) == 0 and not has_juego(h("R-R-7-1"), R8)


def test_doc000_punto_30_best_4_worst():
    assert rank_punto(h("R-R-S-1"), R4) == 31
    assert rank_punto(h("1-1-1-1"), R8) == 4


def test_doc000_juego_real_beats_a_31_of_the_mano():
    rules = Rules(juego_real=True)
    hands = {1: h("R-R-S-1"), 2: h("7-7-7-S")}
    assert winner_seat(Lance.JUEGO, hands, mano=1, rules=R8) == 1
    assert winner_seat(Lance.JUEGO, hands, mano=1, rules=rules) == 2
    sota_oros = Rules(juego_real=True, juego_real_sota_oros=True)
    assert winner_seat(Lance.JUEGO, hands, mano=1, rules=sota_oros) == 1
    real = {1: h("R-R-S-1"), 2: parse_hand(["7o", "7c", "7e", "So"])}
    assert winner_seat(Lance.JUEGO, real, mano=1, rules=sota_oros) == 2


def test_doc002_par_and_medias_ignore_the_other_cards():
    assert rank_pares(h("3-3-C-S"), R8) == rank_pares(h("3-3-5-2"), R8)
    assert pares_kind(h("R-2-2-1"), R8) == "medias"
    assert rank_pares(h("R-2-2-1"), R8) == rank_pares(h("4-2-1-1"), R8)


def test_doc004_juego_examples_count_35_and_31():
    assert juego_points(h("R-R-S-5"), R8) == 35 and juego_points(h("3-R-C-2"), R8) == 31


def test_four_reyes_option_treses_and_doses_keep_their_rank_and_points():
    assert rank_grande(h("3-3-4-4"), R4) < rank_grande(h("R-C-5-4"), R4)
    assert count_reyes(h("R-3-3-1"), R8) == 3 and count_reyes(h("R-3-3-1"), R4) == 1
    assert count_ases(h("2-2-1-R"), R8) == 3 and count_ases(h("2-2-1-R"), R4) == 1
    assert juego_points(h("R-R-3-2"), R4) == 25 and juego_points(h("R-R-3-2"), R8) == 31
    assert pares_kind(h("3-R-2-1"), R8) == "duples" and pares_kind(h("3-R-2-1"), R4) is None


def test_pares_helpers():
    assert (pares_kind(h("R-R-S-1"), R8), pares_value(h("R-R-S-1"), R8)) == ("par", 1)
    assert pares_rank_of(h("3-R-S-1"), R8) == ("R",)
    assert pares_rank_of(h("1-2-1-6"), R8) == ("1",)
    assert pares_rank_of(h("R-3-2-1"), R8) == ("R", "1")
    assert pares_value(h("C-C-C-6"), R8) == 2 and pares_value(h("7-7-2-1"), R8) == 3
    assert pares_value(h("R-C-S-7"), R8) == 0 and pares_rank_of(h("R-C-S-7"), R8) == ()
