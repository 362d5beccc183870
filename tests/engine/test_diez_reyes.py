"""Mus con diez reyes (000, Éibar; 002's "curingas"): the sota de copas and the sota de oros
stand for an as or a rey, as their holder says when the hands are shown."""

import pytest

from engine.errors import CardError, RecordError
from engine.ranking import juego_points, pares_kind
from engine.record import replay_summary
from engine.rules import Rules
from engine.start import parse_hands, parse_wild, played_hands
from engine.table import Table
from tests.engine.mus_helpers import ALL_PASS, calls, declare

DIEZ = Rules(diez_reyes=True)
HANDS = {
    "1": ["R", "R", "R", "Sc"],
    "2": ["C", "C", "7", "1"],
    "3": ["S", "S", "6", "1"],
    "4": ["4", "5", "6", "7"],
}


def played(wild):
    return played_hands(parse_hands(HANDS, DIEZ), parse_wild(wild, DIEZ), DIEZ)


def test_000s_example_three_reyes_and_a_wild_make_duples_or_medias_and_31():
    as_rey = played({"1": ["R"]})[1]
    as_as = played({"1": ["1"]})[1]
    assert pares_kind(as_rey, DIEZ) == "duples" and juego_points(as_rey, DIEZ) == 40
    assert pares_kind(as_as, DIEZ) == "medias" and juego_points(as_as, DIEZ) == 31


def test_a_record_names_the_choice_and_keeps_it_through_the_scoring():
    record = {
        "rules": {"diez_reyes": True},
        "mano": 2,
        "hands": HANDS,
        "wild": {"1": ["1"]},
        "calls": [
            [2, "no hay mus"],
            *[[s, "paso"] for s in (2, 3, 4, 1)] * 2,
            *[[s, f"pares {'si' if s in (1, 2, 3) else 'no'}"] for s in (2, 3, 4, 1)],
            *[[s, "paso"] for s in (2, 3, 1)],
            *[[s, f"juego {'si' if s == 1 else 'no'}"] for s in (2, 3, 4, 1)],
        ],
    }
    lances = {x["lance"]: x for x in replay_summary(record)["lances"]}
    # as an as: medias of reyes win the pares (2 + the par of seat 3) and a 31 the juego (3)
    assert (lances["pares"]["winner_seat"], lances["pares"]["stones"]) == (1, 3)
    assert (lances["juego"]["winner"], lances["juego"]["stones"]) == ("1-3", 3)
    record["wild"] = {"1": ["R"]}
    with_rey = replay_summary(record)
    # as a rey: duples of reyes (3 + the par 1), and a juego of 40 (2)
    stones = {x["lance"]: x["stones"] for x in with_rey["lances"]}
    assert (stones["pares"], stones["juego"]) == (4, 2)
    assert with_rey["false_declarations"] == []


def test_the_showdown_asks_for_every_wild_cards_value():
    table = Table(DIEZ, 1)
    for call in calls("1:no hay mus", ALL_PASS, ALL_PASS, declare("pares", "no", "no", "no", "no"),
                      declare("juego", "no", "no", "no", "no"), ALL_PASS):  # fmt: skip
        table.apply(call)
    assert table.phase == "showdown"
    with pytest.raises(CardError, match=r"wild of seat 1: its hand holds 1 wild card\(s\) \(Sc\)"):
        table.show(HANDS)
    table.show(HANDS, wild={"1": ["1"]})
    assert table.is_over and table.hands[1].to_list() == ["R", "R", "R", "Sc"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rules": {}}, "wild cards are played only with rules.diez_reyes"),
        ({"wild": {"1": ["C"]}}, "a list of 'R' or '1'"),
        ({"wild": {"1": ["R", "R"]}}, r"holds 1 wild card\(s\) \(Sc\), 2 value\(s\) given"),
    ],
)
def test_wrong_wild_values_are_refused(change, message):
    record = {"rules": {"diez_reyes": True}, "mano": 1, "hands": HANDS, "wild": {"1": ["R"]}}
    with pytest.raises(RecordError, match=message):
        replay_summary(record | change | {"calls": []})
