"""Call texts of docs/hand-record.md: parse, canonical form, round trip, clear errors."""

import pytest

from engine.calls import Call, parse_call
from engine.errors import CallError

TEXTS = [
    "mus",
    "no hay mus",
    "descarte 3",
    "paso",
    "envido",
    "envido 5",
    "sube",
    "sube 4",
    "quiero",
    "no quiero",
    "no queremos",
    "ordago",
    "pares si",
    "pares no",
    "juego si",
    "juego no",
    "sena lip_bite center",
    "sena brows_raised",
    "sena shrug left",
    "mus visto",
    "reparto 4567",
]


@pytest.mark.parametrize("text", TEXTS)
def test_canonical_texts_round_trip(text):
    call = Call.parse(2, text)
    assert call.text == text
    assert Call.parse(2, call.text) == call


def test_variants_fold_to_the_canonical_text():
    assert Call.parse(1, "Mus ez").text == "no hay mus"
    assert Call.parse(1, "Órdago").action == "ordago"
    assert Call.parse(1, "pares sí").says is True
    assert Call.parse(1, "envido").bet_amount == 2 and Call.parse(1, "sube 7").bet_amount == 7


def test_a_sided_gesture_named_without_its_side_keeps_none():
    """The referee saw a wink and not which eye: no side is made up for it."""
    wink = Call.parse(1, "sena wink")
    assert (wink.side, wink.text) == (None, "sena wink")
    assert Call.parse(1, "sena head_tilt right").side == "right"


def test_records_with_and_without_time():
    assert parse_call([3, "sena wink right", 1500]).to_record() == [3, "sena wink right", 1500]
    assert parse_call([1, "paso"]).to_record() == [1, "paso"]


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ([1, "apuesto"], "unknown call"),
        ([1, "envido dos"], "whole number"),
        ([1, "descarte"], "number of cards"),
        ([1, "pares quizas"], "'si' or 'no'"),
        ([1, "sena smile"], "unknown gesture"),
        ([1, "sena wink up"], "takes side"),
        ([7, "mus"], "seat must be 1..6"),
        ([1, "mus", -4], "t_ms"),
        ([1], "\\[seat, text\\]"),
        ("1 mus", "\\[seat, text\\]"),
    ],
)
def test_bad_calls_say_what_is_wrong(item, message):
    with pytest.raises(CallError, match=message):
        parse_call(item)
