"""Lateness sanctions, pure: none within the courtesy wait, then the setting, then forfeit."""

import pytest

from api.tournament.clock import sanction_for
from api.tournament.settings import Lateness, default_settings, settings_with
from vision.config.loader import SettingsError

RULES = Lateness(courtesy_minutes=10, sanction="stones", stones=5, forfeit_minutes=30)


@pytest.mark.parametrize(
    ("minutes", "sanction", "stones"),
    [(0, "none", 0), (10, "none", 0), (10.5, "stones", 5), (30, "stones", 5), (31, "forfeit", 0)],
)
def test_the_sanction_follows_the_minutes(minutes, sanction, stones):
    verdict = sanction_for(minutes, RULES)
    assert (verdict.sanction, verdict.stones) == (sanction, stones)


def test_a_warning_instead_of_stones():
    rules = RULES.model_copy(update={"sanction": "warning"})
    assert sanction_for(15, rules).sanction == "warning"


def test_the_settings_file_loads_and_a_change_is_checked():
    defaults = default_settings()
    assert defaults.format == "swiss" and defaults.lateness.courtesy_minutes == 10
    changed = settings_with({"lateness": {"courtesy_minutes": 5}, "rounds": 6})
    assert (changed.lateness.courtesy_minutes, changed.lateness.forfeit_minutes) == (5, 30)
    assert changed.rounds == 6
    with pytest.raises(SettingsError, match="forfeit_minutes must be longer"):
        settings_with({"lateness": {"forfeit_minutes": 5}})
    with pytest.raises(SettingsError, match="bye: a game to 40 is won with 40 stones or more"):
        settings_with({"bye": {"stones_won": 0}})


def test_a_bye_and_a_forfeit_win_the_game_to_its_target():
    """A tournament to 30 scores its byes and forfeits 30-0, not the file's 40-0, unless told;
    a score no game to the target ends with is refused, as a result would be."""
    thirty = settings_with({"target": 30})
    assert (thirty.bye.stones_won, thirty.forfeit.stones_won) == (30, 30)
    own = settings_with({"target": 30, "bye": {"stones_won": 35}})
    assert (own.bye.stones_won, own.forfeit.stones_won) == (35, 30)
    with pytest.raises(SettingsError, match="bye: a game to 40 is won with 40 stones or more"):
        settings_with({"bye": {"stones_won": 20}})
    with pytest.raises(SettingsError, match="forfeit: a game to 30 is won with 30"):
        settings_with({"target": 30, "forfeit": {"stones_won": 35, "stones_lost": 30}})
