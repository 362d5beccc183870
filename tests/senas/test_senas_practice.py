from __future__ import annotations

from engine.cards import parse_hand
from engine.rules import Rules
from engine.senas import senas_for


def options(hand: str, profile, rules=None) -> dict[str, tuple]:
    return {o.meaning: o.ways for o in senas_for(parse_hand(hand), profile, rules)}


def test_r_r_3_5_under_standard_is_medias_of_reyes_and_no_duples(standard):
    found = options("R R 3 5", standard)
    assert found == {
        "dos_reyes": (("lip_bite",),),
        "tres_reyes": (("mouth_twist", "lip_bite"),),
        "medias": (("mouth_twist",),),
    }


def test_under_4_reyes_the_tres_is_no_rey(standard):
    assert options("R R 3 5", standard, Rules(reyes=4)) == {"dos_reyes": (("lip_bite",),)}


def test_every_way_of_making_a_sena_is_offered(extended):
    found = options("R R 3 1", extended)
    assert found["tres_reyes"] == (("lip_bite left",), ("lip_bite right",))
    assert found["juego_31"] == (("wink",),)
    assert "malas" not in found


def test_a_hand_with_nothing_to_signal(standard):
    assert options("4 5 6 S", standard) == {}


def test_options_serialise(standard):
    option = senas_for(parse_hand("C C 7 7"), standard)[0]
    assert option.to_dict() == {"meaning": "duples", "lance": "pares", "ways": [["brows_raised"]]}
