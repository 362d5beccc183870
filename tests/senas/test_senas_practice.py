from __future__ import annotations

from itertools import product

import pytest

from engine.cards import parse_hand
from engine.gesture import GESTURE_SIDES
from engine.rules import Rules
from engine.senas import interpret, load_profile, profile_names, senas_for
from engine.senas.practice import ways_of
from tests.senas.senas_helpers import call


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


def test_a_way_a_variant_takes_a_side_of_is_offered_with_the_sides_left():
    profile = load_profile("extended", variants=["head_tilt_right_no_quiere_mus"])
    assert options("5 5 6 7", profile)["par"] == (("head_tilt left",),)


@pytest.mark.parametrize(
    ("name", "variant"),
    [
        (name, variant)
        for name in profile_names()
        for variant in (None, *load_profile(name).variants)
    ],
)
def test_every_way_offered_reads_back_as_its_meaning(name, variant):
    profile = load_profile(name, variants=[variant] if variant else [])
    for entry in profile.entries:
        for way in ways_of(entry, profile):
            for performed in product(*(sides_of(label) for label in way)):
                calls = [call(1, gesture, index) for index, gesture in enumerate(performed)]
                assert [s.meaning for s in interpret(calls, profile)] == [entry.meaning], performed


def sides_of(label: str) -> list[str]:
    """A way's gesture as it can be performed: "kind" without a side is any of its sides."""
    kind, _, side = label.partition(" ")
    return (
        [label] if side or not GESTURE_SIDES[kind] else [f"{kind} {s}" for s in GESTURE_SIDES[kind]]
    )
