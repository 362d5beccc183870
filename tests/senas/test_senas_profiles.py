from __future__ import annotations

import pytest

from engine.senas import ProfileError, load_profile, parse_profile, profile_names
from engine.senas.profile import LANCES


def senas_of(profile) -> dict[str, str]:
    return {entry.label: entry.meaning for entry in profile.entries}


def test_every_shipped_profile_loads_with_a_lance_for_each_meaning():
    assert profile_names() == ["encaje", "extended", "navarra", "standard"]
    for name in profile_names():
        profile = load_profile(name)
        assert profile.name == name
        assert bool(profile.entries) == (name != "encaje")
        for entry in profile.entries:
            assert profile.lance_of(entry.meaning) in LANCES


def test_standard_is_the_common_list_with_004s_combinations(standard):
    assert senas_of(standard) == {
        "eyes_closed": "malas",
        "lip_bite": "dos_reyes",
        "lip_bite, lip_bite": "cuatro_reyes",
        "tongue_out": "dos_ases",
        "tongue_out, tongue_out": "cuatro_ases",
        "mouth_twist": "medias",
        "brows_raised": "duples",
        "wink": "juego_31",
        "mouth_twist, lip_bite": "tres_reyes",
        "mouth_twist, tongue_out": "tres_ases",
        "brows_raised, lip_bite": "duples_reyes",
        "brows_raised, tongue_out": "duples_ases",
    }
    assert standard.window_ms == 2500
    assert (standard.senas_allowed, standard.first_hand_without_senas) == (True, False)
    assert standard.lance_of("malas") == "betting"
    assert standard.lance_of("dos_reyes") == "grande"
    assert standard.lance_of("tres_ases") == "chica"
    assert standard.lance_of("duples_reyes") == "pares"
    assert standard.lance_of("juego_31") == "juego"


def test_navarra_has_no_ciego_and_a_first_hand_without_senas(standard, navarra):
    assert "eyes_closed" not in senas_of(navarra)
    assert senas_of(navarra) == {k: v for k, v in senas_of(standard).items() if k != "eyes_closed"}
    assert navarra.first_hand_without_senas
    assert navarra.senas_allowed
    assert (navarra.reyes, standard.reyes) == (4, 8)
    assert not load_profile("navarra", variants=["sin_senas"]).senas_allowed


def test_extended_is_003s_list(extended):
    assert senas_of(extended) == {
        "eyes_closed": "malas",
        "lip_bite center": "dos_reyes",
        "lip_bite left": "tres_reyes",
        "lip_bite right": "tres_reyes",
        "tongue_out center": "dos_ases",
        "tongue_out left": "tres_ases",
        "tongue_out right": "tres_ases",
        "head_tilt": "par",
        "mouth_twist": "medias",
        "brows_raised": "duples",
        "wink": "juego_31",
        "shrug both": "punto_30",
        "shrug right": "punto_29",
        "shrug left": "punto_28",
    }
    assert extended.lance_of("punto_28") == "juego"


@pytest.mark.parametrize(
    ("variant", "gesture", "meaning"),
    [
        ("pout_quiere_mus", "pout", "quiere_mus"),
        ("pout_tres_reyes_y_as", "pout", "tres_reyes_y_as"),
        ("head_tilt_right_no_quiere_mus", "head_tilt right", "no_quiere_mus"),
        ("head_tilt_left_no_quiere_mus", "head_tilt left", "no_quiere_mus"),
        ("shrug_punto_30", "shrug", "punto_30"),
        ("wink_punto_30", "wink", "juego_31_o_punto_30"),
    ],
)
def test_club_variants_switch_on(standard, variant, gesture, meaning):
    assert gesture not in senas_of(standard) or senas_of(standard)[gesture] != meaning
    profile = load_profile("standard", variants=[variant])
    assert senas_of(profile)[gesture] == meaning
    assert profile.variants_on == (variant,)


def test_two_variants_for_one_gesture_are_refused():
    with pytest.raises(ProfileError, match="'pout_quiere_mus' and 'pout_tres_reyes_y_as'"):
        load_profile("standard", variants=["pout_quiere_mus", "pout_tres_reyes_y_as"])


def test_a_club_profile_extends_a_shipped_one_and_switches_variants_on(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text(
        'extends = "navarra"\n'
        'use_variants = ["pout_quiere_mus", "head_tilt_left_no_quiere_mus"]\n'
        "window_ms = 1800\n"
        "[lances]\n"
        'medias = "grande"\n',
        encoding="utf-8",
    )
    profile = load_profile(path)
    assert profile.name == "club"
    assert profile.title == "club"  # never a base's title (standard's "estándar")
    assert profile.window_ms == 1800
    assert profile.first_hand_without_senas
    assert profile.reyes == 4
    assert senas_of(profile)["pout"] == "quiere_mus"
    assert senas_of(profile)["head_tilt left"] == "no_quiere_mus"
    assert profile.lance_of("medias") == "grande"


def test_a_profile_is_named_in_spanish_words_by_its_title():
    assert load_profile("standard").title == "estándar"
    assert parse_profile('title = "de la peña"\n' + GOOD, "club.toml").title == "de la peña"
    assert error_of("title = 3\n" + GOOD).reason == "title must be a string, got 3"


def test_an_unknown_profile_name_lists_the_known_ones():
    known = "encaje, extended, navarra, standard"
    with pytest.raises(ProfileError, match=f"no such profile; known: {known}"):
        load_profile("gipuzkoa")


def test_an_unknown_variant_is_refused():
    with pytest.raises(ProfileError, match="unknown variant 'sin_senas'"):
        load_profile("standard", variants=["sin_senas"])


GOOD = """\
name = "club"
window_ms = 2500
senas_allowed = true
first_hand_without_senas = false

[senas]
"lip_bite" = "dos_reyes"

[lances]
dos_reyes = "grande"
"""


def error_of(text: str) -> ProfileError:
    with pytest.raises(ProfileError) as caught:
        parse_profile(text, "club.toml")
    return caught.value


def test_the_minimal_club_profile_is_accepted():
    assert [(e.label, e.meaning) for e in parse_profile(GOOD, "club.toml").entries] == [
        ("lip_bite", "dos_reyes")
    ]


@pytest.mark.parametrize(
    ("old", "new", "line", "reason"),
    [
        ('"lip_bite" = "dos_reyes"', '"lip_bite" = ', 7, "not valid TOML"),
        (
            '"lip_bite" = "dos_reyes"',
            '"lip_bite" = "tres_copas"',
            7,
            "unknown meaning 'tres_copas'",
        ),
        ('"lip_bite" = "dos_reyes"', '"lip_bite up" = "dos_reyes"', 7, "takes center | left"),
        ('"lip_bite" = "dos_reyes"', '"nose_wiggle" = "dos_reyes"', 7, "unknown gesture"),
        ('"lip_bite" = "dos_reyes"', '"brows_raised left" = "duples"', 7, "takes no side"),
        ('dos_reyes = "grande"', 'dos_reyes = "postre"', 10, "'postre' is not one of"),
        ('dos_reyes = "grande"', 'medias = "pares"', 7, "'dos_reyes' informs no lance"),
        ("window_ms = 2500", "window_ms = -5", 2, "positive number of milliseconds"),
        ("window_ms = 2500", 'window_ms = "2.5 s"', 2, "window_ms must be a number"),
        ("senas_allowed = true", 'senas_allowed = "si"', 3, "must be true or false"),
        ("window_ms = 2500", "window_ms = 2500\nreyes = 6", 3, "reyes must be 8 or 4, got 6"),
        ("senas_allowed = true", "senas_alowed = true", 3, "unknown key 'senas_alowed'"),
        ("window_ms = 2500", 'window_ms = 2500\nuse_variants = ["x"]', 3, "unknown variant 'x'"),
        ('"lip_bite" = "dos_reyes"', '"lip_bite" = "dos_reyes"\n"wink" = false', 8, "removes"),
        ('name = "club"', 'extends = "club"', 1, "extends 'club', but no profiles"),
    ],
)
def test_a_malformed_profile_names_file_line_and_reason(old, new, line, reason):
    error = error_of(GOOD.replace(old, new))
    assert (error.source, error.line) == ("club.toml", line)
    assert reason in error.reason
    assert str(error).startswith(f"club.toml, line {line}: ")


def test_a_profile_missing_a_setting_says_which():
    error = error_of(GOOD.replace("window_ms = 2500\n", ""))
    assert error.line is None
    assert error.reason.startswith("window_ms not set")


def test_a_club_file_with_a_bad_extends_points_at_that_line(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text('# our rules\nextends = "bizkaia"\n', encoding="utf-8")
    with pytest.raises(ProfileError) as caught:
        load_profile(path)
    assert (caught.value.source, caught.value.line) == (str(path), 2)
    assert "no such profile" in caught.value.reason


def test_profiles_that_extend_each_other_are_refused(tmp_path):
    (tmp_path / "a.toml").write_text('extends = "b"\n', encoding="utf-8")
    (tmp_path / "b.toml").write_text('\nextends = "a"\n', encoding="utf-8")
    with pytest.raises(ProfileError, match="extends 'a', which extends this profile again"):
        load_profile(tmp_path / "a.toml")
