from __future__ import annotations

import pytest

from engine.senas import interpret, load_profile
from tests.senas.senas_helpers import call


def read(calls, profile):
    return [(s.seat, s.gestures, s.meaning) for s in interpret(calls, profile)]


@pytest.mark.parametrize(
    ("first", "second", "meaning"),
    [
        ("mouth_twist left", "lip_bite center", "tres_reyes"),
        ("mouth_twist right", "tongue_out center", "tres_ases"),
        ("brows_raised", "lip_bite center", "duples_reyes"),
        ("brows_raised", "tongue_out center", "duples_ases"),
        ("lip_bite center", "lip_bite center", "cuatro_reyes"),
        ("tongue_out center", "tongue_out left", "cuatro_ases"),
    ],
)
def test_consecutive_calls_of_one_seat_combine(standard, first, second, meaning):
    calls = [call(3, first, 4), call(3, second, 5)]
    assert read(calls, standard) == [(3, (first, second), meaning)]


def test_another_call_between_them_keeps_two_senas_apart(standard):
    calls = [call(3, "mouth_twist left", 4), call(3, "lip_bite center", 6)]
    assert read(calls, standard) == [
        (3, ("mouth_twist left",), "medias"),
        (3, ("lip_bite center",), "dos_reyes"),
    ]


def test_another_seats_sena_between_them_is_another_call(standard):
    calls = [call(3, "lip_bite center", 4), call(1, "wink left", 5), call(3, "lip_bite center", 6)]
    assert read(calls, standard) == [
        (3, ("lip_bite center",), "dos_reyes"),
        (1, ("wink left",), "juego_31"),
        (3, ("lip_bite center",), "dos_reyes"),
    ]


def test_with_times_the_window_decides_whatever_came_between(standard):
    window = standard.window_ms
    calls = [
        call(3, "lip_bite center", 2, t_ms=10_000),
        call(1, "wink left", 3, t_ms=10_500),
        call(3, "lip_bite center", 5, t_ms=10_000 + window),
        call(3, "tongue_out center", 6, t_ms=10_000 + 2 * window + 1),
    ]
    assert read(calls, standard) == [
        (3, ("lip_bite center", "lip_bite center"), "cuatro_reyes"),
        (1, ("wink left",), "juego_31"),
        (3, ("tongue_out center",), "dos_ases"),
    ]


def test_the_window_comes_from_the_profile(tmp_path):
    path = tmp_path / "quick.toml"
    path.write_text('extends = "standard"\nwindow_ms = 500\n', encoding="utf-8")
    quick = load_profile(path)
    calls = [call(2, "lip_bite", 0, t_ms=0), call(2, "lip_bite", 1, t_ms=600)]
    assert [s.meaning for s in interpret(calls, quick)] == ["dos_reyes", "dos_reyes"]


def test_a_long_group_reads_longest_first(standard):
    gestures = ["mouth_twist left", "lip_bite", "lip_bite", "wink right", "tongue_out"]
    calls = [call(4, g, i) for i, g in enumerate(gestures)]
    assert [s.meaning for s in interpret(calls, standard)] == [
        "tres_reyes",
        "dos_reyes",
        "juego_31",
        "dos_ases",
    ]


def test_a_gesture_the_profile_lacks_has_no_meaning_and_does_not_swallow_the_next(standard):
    calls = [call(2, "shrug both", 0), call(2, "wink left", 1)]
    assert read(calls, standard) == [
        (2, ("shrug both",), None),
        (2, ("wink left",), "juego_31"),
    ]


def test_the_side_picks_the_meaning_where_the_profile_says_so(extended):
    calls = [call(1, "lip_bite center", 0), call(3, "lip_bite right", 1)]
    calls += [call(2, "tongue_out left", 2), call(4, "shrug right", 3)]
    calls += [call(1, "shrug left", 5), call(3, "head_tilt left", 7)]
    assert [s.meaning for s in interpret(calls, extended)] == [
        "dos_reyes",
        "tres_reyes",
        "tres_ases",
        "punto_29",
        "punto_28",
        "par",
    ]


def test_extended_has_no_repetitions(extended):
    calls = [call(1, "lip_bite center", 0), call(1, "lip_bite center", 1)]
    assert [s.meaning for s in interpret(calls, extended)] == ["dos_reyes", "dos_reyes"]


def test_a_sided_variant_beats_the_any_side_sena(extended):
    profile = load_profile("extended", variants=["head_tilt_right_no_quiere_mus"])
    calls = [call(1, "head_tilt right", 0), call(3, "head_tilt left", 1)]
    assert [s.meaning for s in interpret(calls, profile)] == ["no_quiere_mus", "par"]
    assert [s.meaning for s in interpret(calls, extended)] == ["par", "par"]
