"""What the table setup offers: each game (Mus of four or six, Encaje of three or five) with the
options the engine's ``Rules`` accepts for it, found by asking ``Rules`` itself, so the page and
the engine never disagree on what may be chosen."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.errors import RulesError
from engine.rules import DEALS, PLAYERS, REYES, STONES, TARGETS, Rules
from engine.senas.profile import Profile


def _accepted(rules: Rules, **change: Any) -> bool:
    try:
        replace(rules, **change)
    except RulesError:
        return False
    return True


def game_choices() -> dict[str, Any]:
    """``{"games": [{"game", "players", "targets", "captains", "diez_reyes", "stones",
    "deals"}, ...],
    "reyes": [...]}``: for each game, the choices its rules allow (the default first)."""
    games = []
    for game, counts in PLAYERS.items():
        for players in counts:
            rules = Rules(game=game, players=players)
            games.append(
                {
                    "game": game,
                    "players": players,
                    # an Encaje is played until one seat is left holding stones: no target
                    "targets": []
                    if rules.is_encaje
                    else [t for t in TARGETS if _accepted(rules, target=t)],
                    "captains": _accepted(rules, captains=True),
                    "diez_reyes": _accepted(rules, diez_reyes=True),
                    "stones": [n for n in STONES if _accepted(rules, stones=n)],
                    "deals": [d for d in DEALS if _accepted(rules, deal=d)],
                }
            )
    return {"games": games, "reyes": list(REYES)}


def profile_games(profile: Profile) -> tuple[str, ...]:
    """The games a house profile fits: one that lists señas is for Mus, where partners signal
    to each other; one that lists none (``encaje``: nobody has a partner, so any gesture is
    cheating) is for the Encaje of three or five, and would make every seña at a Mus table a
    cheat."""
    return ("mus",) if profile.entries else ("encaje",)
