from __future__ import annotations

import pytest

from engine.cards import parse_hand
from engine.rules import Rules
from engine.senas import meaning, truth_of

R8, R4 = Rules(), Rules(reyes=4)


@pytest.mark.parametrize(
    ("name", "cards", "rules", "expected"),
    [
        ("dos_reyes", "R R 5 6", R8, "true"),
        ("dos_reyes", "R R R 6", R8, "true"),  # counts are "at least"
        ("dos_reyes", "R 3 5 6", R8, "true"),  # under 8 reyes a tres is a rey
        ("dos_reyes", "R 3 5 6", R4, "false"),
        ("dos_reyes", "R 5 6 7", R8, "false"),
        ("tres_reyes", "R R 3 5", R8, "true"),
        ("tres_reyes", "R R R R", R8, "true"),
        ("tres_reyes", "R R 5 5", R8, "false"),
        ("cuatro_reyes", "R R 3 3", R8, "true"),
        ("cuatro_reyes", "R R R 1", R8, "false"),
        ("dos_ases", "1 2 5 6", R8, "true"),
        ("dos_ases", "1 2 5 6", R4, "false"),
        ("tres_ases", "1 1 1 R", R8, "true"),
        ("tres_ases", "1 1 R R", R8, "false"),
        ("cuatro_ases", "1 1 2 2", R8, "true"),
        ("cuatro_ases", "1 1 1 R", R8, "false"),
        ("tres_reyes_y_as", "R R 3 1", R8, "true"),
        ("tres_reyes_y_as", "R R R 5", R8, "false"),
        ("par", "5 5 6 7", R8, "true"),
        # 003's "pareja simple": medias and duples have señas of their own
        ("par", "5 5 5 5", R8, "false"),
        ("par", "5 5 5 7", R8, "false"),
        ("par", "4 5 6 7", R8, "false"),
        ("medias", "5 5 5 7", R8, "true"),
        ("medias", "R R 3 7", R8, "true"),
        ("medias", "5 5 6 7", R8, "false"),
        ("medias", "5 5 5 5", R8, "false"),  # four equal are duples, not medias
        ("duples", "5 5 7 7", R8, "true"),
        ("duples", "5 5 5 5", R8, "true"),
        ("duples", "5 5 5 7", R8, "false"),
        ("duples_reyes", "R 3 7 7", R8, "true"),
        ("duples_reyes", "R R R R", R8, "true"),
        ("duples_reyes", "1 1 7 7", R8, "false"),
        ("duples_ases", "1 2 R R", R8, "true"),
        ("duples_ases", "1 2 R R", R4, "false"),
        ("juego_31", "R C S 1", R8, "true"),
        ("juego_31", "7 7 7 S", R8, "true"),
        ("juego_31", "R C S 2", R4, "false"),  # 32 under 4 reyes
        ("juego_31", "R C S 5", R8, "false"),
        ("juego_31_o_punto_30", "R C S 1", R8, "true"),
        ("juego_31_o_punto_30", "R C 5 5", R8, "true"),
        ("juego_31_o_punto_30", "R C 5 4", R8, "false"),
        ("punto_30", "R C 5 5", R8, "true"),
        ("punto_30", "R C 5 6", R8, "false"),  # 31 is juego, not punto
        ("punto_29", "R C 5 4", R8, "true"),
        ("punto_28", "R C 4 4", R8, "true"),
        ("punto_28", "R C 4 5", R8, "false"),
    ],
)
def test_each_meaning_is_checked_against_the_shown_hand(name, cards, rules, expected):
    assert truth_of(meaning(name), parse_hand(cards), rules).value == expected


@pytest.mark.parametrize("name", ["malas", "quiere_mus", "no_quiere_mus"])
def test_wishes_and_malas_are_uncheckable(name):
    assert truth_of(meaning(name), parse_hand("R R R R"), R8).value == "uncheckable"


def test_a_checkable_sena_is_pending_until_the_hand_is_shown():
    assert truth_of(meaning("dos_reyes"), None, R8).value == "pending"


def test_the_fact_quotes_what_the_hand_has():
    truth = truth_of(meaning("dos_reyes"), parse_hand("R 5 6 7"), R8)
    assert truth.fact_es == "tiene 1 rey (R 5 6 7)"
    assert truth.fact_en == "has 1 rey (R 5 6 7)"
    medias = truth_of(meaning("medias"), parse_hand("C C 7 7"), R8)
    assert medias.fact_es == "tiene duples de caballos y 7s (C C 7 7)"


def test_punto_meanings_cover_every_total_a_hand_can_make():
    assert meaning("punto_4") is not None and meaning("punto_30") is not None
    assert meaning("punto_3") is None and meaning("punto_31") is None
    assert meaning("cinco_reyes") is None


@pytest.mark.parametrize("value, truth", [("R", "true"), ("1", "false")])
def test_under_diez_reyes_a_sena_is_true_of_the_wild_sota_as_its_holder_chose(value, truth):
    from api.commands.replay import judged_senas
    from engine.record import replay_summary

    # Seat 1 holds R R R and the sota de copas and signals four reyes (two lip bites,
    # "standard"): true only if the sota plays as a rey.
    pares = [[s, f"pares {'si' if s in (1, 2, 3) else 'no'}"] for s in (2, 3, 4, 1)]
    juego = [[s, f"juego {'si' if s == 1 else 'no'}"] for s in (2, 3, 4, 1)]
    record = {
        "rules": {"diez_reyes": True},
        "mano": 2,
        "hands": {
            "1": ["R", "R", "R", "Sc"],
            "2": ["C", "C", "7", "1"],
            "3": ["S", "S", "6", "1"],
            "4": ["4", "5", "6", "7"],
        },
        "wild": {"1": [value]},
        "calls": [
            [1, "sena lip_bite center"],
            [1, "sena lip_bite center"],
            [2, "no hay mus"],
            *[[s, "paso"] for s in (2, 3, 4, 1)] * 2,
            *pares,
            *[[s, "paso"] for s in (2, 3, 1)],
            *juego,
        ],
    }
    (sena,) = replay_summary(record, judged_senas)["senas"]
    assert (sena["meaning"], sena["truth"]) == ("cuatro_reyes", truth)


def _discard_record(sena_after_discard: bool) -> dict:
    """Seat 1 bites its lip ("dos reyes") in the first mus, everyone discards, then the mus
    is cut; seat 1 shows no rey. Or the same lip bite after the discard."""
    sena = [1, "sena lip_bite center"]
    return {
        "mano": 1,
        "hands": {
            "1": ["7", "7", "4", "1"],
            "2": ["C", "C", "7", "1"],
            "3": ["S", "S", "6", "1"],
            "4": ["4", "5", "6", "7"],
        },
        "calls": [
            *([] if sena_after_discard else [sena]),
            *[[s, "mus"] for s in (1, 2, 3, 4)],
            *[[s, "descarte 2"] for s in (1, 2, 3, 4)],
            *([sena] if sena_after_discard else []),
            [1, "no hay mus"],
            *[[s, "paso"] for s in (1, 2, 3, 4)] * 2,
            *[[s, "pares si"] for s in (1, 2, 3)],
            [4, "pares no"],
            *[[s, "paso"] for s in (1, 2, 3)],
            *[[s, "juego no"] for s in (1, 2, 3, 4)],
            *[[s, "paso"] for s in (1, 2, 3, 4)],
        ],
    }


def test_a_sena_before_a_discard_is_uncheckable_in_a_replayed_hand():
    from api.commands.replay import judged_senas
    from engine.record import replay_summary

    (before,) = replay_summary(_discard_record(False), judged_senas)["senas"]
    assert (before["verdict"], before["truth"]) == ("legal", "uncheckable")
    assert "antes de que cambiara cartas" in before["reason"]
    (after,) = replay_summary(_discard_record(True), judged_senas)["senas"]
    assert (after["verdict"], after["truth"]) == ("false", "false")
