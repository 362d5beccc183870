from __future__ import annotations

import pytest

from engine.senas import judge_senas, load_profile, summarise_by_seat
from tests.senas.senas_helpers import call, hands


def judged(calls, profile, rules, shown=None):
    return judge_senas(calls, profile=profile, rules=rules, hands=shown)


def only(records):
    assert len(records) == 1
    return records[0]


def test_a_sena_before_its_lance_is_legal_and_pending_until_the_hand_is_shown(standard, rules8):
    record = only(judged([call(3, "lip_bite", 2)], standard, rules8))
    assert (record.meaning, record.lance, record.verdict, record.truth) == (
        "dos_reyes",
        "grande",
        "legal",
        "pending",
    )
    assert "se comprobará al ver las cartas" in record.reason
    assert "checked when the cards are shown" in record.reason_en


def test_a_lip_bite_from_a_player_with_one_rey_is_false_once_shown(standard, rules8):
    record = only(judged([call(3, "lip_bite", 2)], standard, rules8, hands(s3="R 5 6 7")))
    assert (record.verdict, record.truth) == ("false", "false")
    assert record.reason == (
        "seña falsa: «dos reyes» dice: al menos dos reyes, y la mano mostrada tiene 1 rey (R 5 6 7)"
    )


def test_a_true_sena_says_why(standard, rules8):
    record = only(judged([call(3, "lip_bite", 2)], standard, rules8, hands(s3="R R 5 7")))
    assert (record.verdict, record.truth) == ("legal", "true")
    assert record.reason.startswith("seña legal y verdadera")


def test_a_pares_sena_during_the_grande_betting_is_not_late(standard, rules8):
    record = only(judged([call(1, "mouth_twist", 7, phase="grande")], standard, rules8))
    assert (record.meaning, record.lance, record.verdict) == ("medias", "pares", "legal")


def test_a_grande_sena_during_the_grande_betting_is_late(standard, rules8):
    record = only(judged([call(1, "lip_bite", 7, phase="grande")], standard, rules8))
    assert record.verdict == "late"
    assert (
        record.reason == "«dos reyes» informa de grande, y grande ya había empezado (fase: grande)"
    )


def test_a_wink_after_the_juego_declarations_began_is_late(standard, rules8):
    begun = frozenset({"grande", "chica", "pares", "juego"})
    wink = call(2, "wink", 20, phase="juego_declaration", begun=begun)
    record = only(judged([wink], standard, rules8))
    assert record.verdict == "late"
    assert record.reason == (
        "«juego de 31» informa de juego, y juego ya había empezado (fase: declaración de juego)"
    )
    assert record.reason_en.endswith("which had already begun (phase: juego declaration)")
    before = call(2, "wink", 19, phase="juego_declaration", begun=begun - {"juego"})
    assert only(judged([before], standard, rules8)).verdict == "legal"


def test_a_punto_sena_is_late_once_the_punto_betting_began(extended, rules8):
    shrug = call(4, "shrug both", 25, phase="punto", begun=frozenset({"grande", "punto"}))
    record = only(judged([shrug], extended, rules8))
    assert (record.meaning, record.lance, record.verdict) == ("punto_30", "juego", "late")


def test_malas_is_late_once_any_betting_began(standard, rules8):
    assert only(judged([call(1, "eyes_closed", 1)], standard, rules8)).verdict == "legal"
    record = only(judged([call(1, "eyes_closed", 6, phase="grande")], standard, rules8))
    assert (record.lance, record.verdict, record.truth) == ("betting", "late", "uncheckable")


def test_a_sena_after_the_hand_was_played_is_late(standard, rules8):
    after = call(1, "mouth_twist", 40, phase="finished", begun=frozenset({"grande"}))
    assert only(judged([after], standard, rules8)).verdict == "late"


def test_a_gesture_the_profile_does_not_list_is_not_in_catalogue(standard, rules8):
    record = only(judged([call(2, "shrug both", 0)], standard, rules8))
    assert (record.meaning, record.lance, record.verdict, record.truth) == (
        None,
        None,
        "not_in_catalogue",
        "uncheckable",
    )
    assert record.reason == (
        "«shrug both» no es una seña del perfil estándar: cualquier otro gesto es trampa"
    )


def test_ciego_is_not_in_the_navarra_catalogue(navarra, rules4):
    assert only(judged([call(1, "eyes_closed", 0)], navarra, rules4)).verdict == "not_in_catalogue"


def test_navarra_plays_the_first_hand_of_each_game_without_senas(navarra, rules4):
    first = only(judged([call(3, "lip_bite", 0, hand_in_game=1)], navarra, rules4))
    assert first.verdict == "not_allowed_now"
    assert first.reason == "la primera mano de cada partida se juega sin señas (perfil navarra)"
    second = only(judged([call(3, "lip_bite", 0, hand_in_game=2)], navarra, rules4))
    assert second.verdict == "legal"
    unknown = only(judged([call(3, "lip_bite", 0)], navarra, rules4))
    assert unknown.verdict == "legal"


def test_the_first_hand_rule_is_navarras(standard, rules8):
    assert only(judged([call(3, "lip_bite", 0, hand_in_game=1)], standard, rules8)).verdict == (
        "legal"
    )


def test_navarra_without_any_senas(rules4):
    sin_senas = load_profile("navarra", variants=["sin_senas"])
    record = only(judged([call(3, "lip_bite", 0, hand_in_game=3)], sin_senas, rules4))
    assert (record.verdict, record.reason) == (
        "not_allowed_now",
        "el perfil navarra se juega sin señas",
    )


def test_a_mus_wish_after_the_mus_is_not_allowed_now(rules8):
    profile = load_profile("standard", variants=["pout_quiere_mus"])
    during = only(judged([call(2, "pout", 0)], profile, rules8))
    assert (during.meaning, during.verdict, during.truth) == ("quiere_mus", "legal", "uncheckable")
    in_descarte = only(judged([call(2, "pout", 4, phase="descarte")], profile, rules8))
    assert in_descarte.verdict == "legal"
    after = only(judged([call(2, "pout", 9, phase="grande")], profile, rules8))
    assert after.verdict == "not_allowed_now"
    assert after.reason == "«quiere mus» solo cabe durante el mus, y el mus ya terminó"


def test_the_first_verdict_in_designs_order_wins(navarra, rules4):
    # not_in_catalogue before not_allowed_now
    ciego = call(1, "eyes_closed", 5, phase="grande", hand_in_game=1)
    assert only(judged([ciego], navarra, rules4)).verdict == "not_in_catalogue"
    # not_allowed_now before late
    bite = call(1, "lip_bite", 5, phase="chica", hand_in_game=1)
    assert only(judged([bite], navarra, rules4)).verdict == "not_allowed_now"
    # false before late: a lie is the worse offence, and the reason tells the timing too
    shown = hands(s1="R 5 6 7")
    late = only(judged([call(1, "lip_bite", 5, phase="chica")], navarra, rules4, shown))
    assert (late.verdict, late.truth) == ("false", "false")
    assert late.reason.startswith("seña falsa: «dos reyes» dice: al menos dos reyes")
    assert late.reason.endswith(
        "; además, «dos reyes» informa de grande, y grande ya había empezado (fase: chica)"
    )
    assert "; also, 'dos reyes' informs grande" in late.reason_en
    # a late seña that is true stays late
    true_late = only(
        judged([call(1, "lip_bite", 5, phase="chica")], navarra, rules4, hands(s1="R R 6 7"))
    )
    assert (true_late.verdict, true_late.truth) == ("late", "true")
    # false before not_allowed_now
    first_hand = call(1, "lip_bite", 0, hand_in_game=1)
    lie = only(judged([first_hand], navarra, rules4, shown))
    assert lie.verdict == "false" and "además, la primera mano de cada partida" in lie.reason


def test_a_sena_made_before_its_seat_changed_cards_cannot_be_checked(standard, rules8):
    # a lip bite during the first mus, then the seat discarded: the hand shown is not the
    # one the seña spoke of
    before = call(1, "lip_bite", 0, phase="mus", draws=0)
    shown = hands(s1="7 7 2 1")
    record = only(
        judge_senas([before], profile=standard, rules=rules8, hands=shown, last_draw={1: 1})
    )
    assert (record.verdict, record.truth) == ("legal", "uncheckable")
    assert record.reason.endswith(
        "no se puede comprobar, porque se hizo antes de que cambiara cartas: la mano mostrada "
        "no es la que tenía"
    )
    # the same seña made after the discard is judged against the hand
    after = call(1, "lip_bite", 0, phase="mus", draws=1)
    record = only(
        judge_senas([after], profile=standard, rules=rules8, hands=shown, last_draw={1: 1})
    )
    assert (record.verdict, record.truth) == ("false", "false")
    # another seat's discard changes nothing for this one
    record = only(
        judge_senas([before], profile=standard, rules=rules8, hands=shown, last_draw={2: 1})
    )
    assert record.truth == "false"
    # before the cards are shown it is already known it never will be checked
    record = only(judge_senas([before], profile=standard, rules=rules8, last_draw={1: 1}))
    assert record.truth == "uncheckable"


def test_late_from_betting_keeps_pares_senas_on_time_through_the_declarations(rules8):
    strict = load_profile("standard")
    lenient = load_profile("extended")
    declared = call(
        1,
        "mouth_twist",
        9,
        phase="pares_declaration",
        begun=frozenset({"grande", "chica", "pares"}),
        betting=frozenset({"grande", "chica"}),
    )
    assert only(judged([declared], strict, rules8)).verdict == "late"
    assert only(judged([declared], lenient, rules8)).verdict == "legal"
    betting = call(1, "mouth_twist", 12, phase="pares")
    record = only(judged([betting], lenient, rules8))
    assert record.verdict == "late"
    assert record.reason == (
        "«medias» informa de pares, y las apuestas de pares ya habían empezado (fase: pares)"
    )


def test_wink_variant_reads_31_or_punto_30(rules8):
    profile = load_profile("standard", variants=["wink_punto_30"])
    for cards, truth in [("R C S 1", "true"), ("R C 5 5", "true"), ("R C 5 4", "false")]:
        record = only(judged([call(1, "wink", 3)], profile, rules8, hands(s1=cards)))
        assert (record.meaning, record.truth) == ("juego_31_o_punto_30", truth)


def test_a_combined_sena_is_judged_when_its_last_gesture_is_seen(standard, rules8):
    calls = [
        call(3, "mouth_twist", 4, t_ms=1000, phase="mus"),
        call(3, "lip_bite", 6, t_ms=2000, phase="grande"),
    ]
    record = only(judged(calls, standard, rules8))
    assert (record.meaning, record.verdict, record.calls, record.t_ms) == (
        "tres_reyes",
        "late",
        (4, 6),
        1000,
    )


def test_records_serialise_and_count_by_seat(standard, rules8):
    calls = [
        call(3, "lip_bite center", 2),
        call(1, "shrug", 4),
        call(1, "lip_bite", 6, phase="grande"),
    ]
    records = judged(calls, standard, rules8, hands(s3="R R 5 7", s1="R R 5 7"))
    assert records[0].to_dict() == {
        "seat": 3,
        "gestures": ["lip_bite center"],
        "meaning": "dos_reyes",
        "lance": "grande",
        "verdict": "legal",
        "truth": "true",
        "reason": records[0].reason,
        "reason_en": records[0].reason_en,
        "calls": [2],
        "t_ms": None,
    }
    summary = summarise_by_seat(records)
    assert summary["3"] == {
        "legal": 1,
        "late": 0,
        "not_allowed_now": 0,
        "not_in_catalogue": 0,
        "false": 0,
    }
    assert summary["1"]["late"] == 1 and summary["1"]["not_in_catalogue"] == 1
    assert sum(summary["2"].values()) == sum(summary["4"].values()) == 0


@pytest.mark.parametrize("profile_name", ["standard", "navarra", "extended"])
def test_every_reason_has_an_english_twin(profile_name, rules8):
    profile = load_profile(profile_name)
    gestures = ["lip_bite", "eyes_closed", "shrug left", "head_tilt", "wink", "mouth_twist"]
    calls = [call(1 + i % 4, g, 2 * i, phase="chica") for i, g in enumerate(gestures)]
    for record in judged(calls, profile, rules8, hands(s1="R R 5 7", s2="1 1 5 7")):
        assert record.reason and record.reason_en and record.reason != record.reason_en
