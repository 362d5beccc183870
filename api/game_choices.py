"""What the table setup offers: each game (Mus of four or six, Encaje of three or five) with the
options the engine's ``Rules`` accepts for it, found by asking ``Rules`` itself, so the page and
the engine never disagree on what may be chosen."""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import fields, replace
from typing import Any

from engine.errors import RulesError
from engine.rules import CHOICES, DEALS, PLAYERS, REYES, STONES, TARGETS, Rules
from engine.senas.profile import Profile

#: Every option of a table's ``Rules`` but its profile (one of the server's, chosen apart),
#: with its choices, the default first: a true/false option is offered both ways.
RULE_OPTIONS: dict[str, tuple[Any, ...]] = {
    field.name: (field.default, not field.default) if field.type in ("bool", bool)
    else CHOICES[field.name]
    for field in fields(Rules)
    if field.name != "profile"
}  # fmt: skip
DEFAULTS: dict[str, Any] = {name: choices[0] for name, choices in RULE_OPTIONS.items()}
#: The options the setup asks of every table, each in a field of its own: the game and its
#: players, the target, the reyes, and those of one game (captains and diez reyes in Mus,
#: stones and the deal in Encaje). Every other one is under the setup's folded "Reglas".
MAIN_OPTIONS = ("game", "players", "target", "reyes", "captains", "diez_reyes", "stones", "deal")
MORE_OPTIONS = tuple(name for name in RULE_OPTIONS if name not in MAIN_OPTIONS)
#: Options of Mus that an Encaje never reads: it is played to the last seat holding stones, not
#: to a target in games or vacas, without órdago, and pays each lance by its own rules
#: (engine/encaje.py), not by the deje or the pares of Mus.
NOT_IN_ENCAJE = ("match", "deje", "pares_bonus", "ordago_decides", "ordago_opening", "bet_limit")
#: An option that only means something with another set so (``Rules``' docstring): set
#: without it, it is refused, as it would be listed among the table's rules and change nothing.
NEEDS: dict[str, tuple[str, Any]] = {
    "juego_real_sota_oros": ("juego_real", True),
    "mus_visto_servido_ends_mus": ("mus_visto", True),
    "ordago_decides": ("match", "vacas"),
    # both are called at the mus, and an Encaje dealt five with one discarded has none
    "mus_visto": ("deal", "mus"),
    "redeal_4567": ("deal", "mus"),
}


class OptionRefused(ValueError):
    """An option set where it means nothing: ``code`` and ``params`` name it for a page."""

    def __init__(self, message: str, code: str, params: dict[str, Any]) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


def check_options(rules: Rules) -> None:
    """Refuse an option set apart from its default where it changes nothing: a Mus option at
    an Encaje table, or one whose option it goes with is not set (``NEEDS``)."""
    changed = [name for name in MORE_OPTIONS if getattr(rules, name) != DEFAULTS[name]]
    for name in changed:
        if rules.is_encaje and name in NOT_IN_ENCAJE:
            raise OptionRefused(
                f"{name} is an option of mus, not of encaje",
                "option_not_in_game",
                {"option": name, "game": rules.game},
            )
        if name in NEEDS:
            other, value = NEEDS[name]
            if getattr(rules, other) != value:
                raise OptionRefused(
                    f"{name} = {getattr(rules, name)!r} needs {other} = {value!r}",
                    "option_needs",
                    {"option": name, "needs": other, "value": value},
                )


def more_options(rules: Rules) -> dict[str, Any]:
    """The table's folded options that are not at their default: what the store keeps of them
    and the table's status and acta list."""
    return {n: getattr(rules, n) for n in MORE_OPTIONS if getattr(rules, n) != DEFAULTS[n]}


def _accepted(rules: Rules, **change: Any) -> bool:
    try:
        replace(rules, **change)
    except RulesError:
        return False
    return True


def _more_options_of(rules: Rules) -> list[str]:
    """The folded options a game may change: those its engine reads and ``Rules`` accepts."""
    return [
        name
        for name in MORE_OPTIONS
        if not (rules.is_encaje and name in NOT_IN_ENCAJE)
        and all(_accepted(rules, **{name: value}) for value in RULE_OPTIONS[name])
    ]


def option_offers(
    names: Iterable[str], on_page: Container[str] = RULE_OPTIONS
) -> dict[str, dict[str, Any]]:
    """Each of the options ``names`` as a page offers it: its ``choices`` (the default first)
    and the option it goes with (``NEEDS``), where the page has that one too (``on_page``); one
    the page does not offer always stands as it is needed (a tournament is dealt with the mus)."""
    offers = {}
    for name in names:
        need = NEEDS.get(name)
        offers[name] = {
            "choices": list(RULE_OPTIONS[name]),
            "needs": need if need and need[0] in on_page else None,
        }
    return offers


def game_choices() -> dict[str, Any]:
    """``{"games": [{"game", "players", "targets", "captains", "diez_reyes", "stones",
    "deals", "rules"}, ...], "reyes": [...], "rules": {option: {"choices", "needs"}}}``: for
    each game, the choices its rules allow (the default first) and the folded options it may
    change; each folded option's choices, and the option it goes with (``NEEDS``) or None."""
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
                    "rules": _more_options_of(rules),
                }
            )
    return {
        "games": games,
        "reyes": list(REYES),
        "rules": option_offers(MORE_OPTIONS),
    }


def profile_games(profile: Profile) -> tuple[str, ...]:
    """The games a house profile fits: one that lists señas is for Mus, where partners signal
    to each other; one that lists none (``encaje``: nobody has a partner, so any gesture is
    cheating) is for the Encaje of three or five, and would make every seña at a Mus table a
    cheat."""
    return ("mus",) if profile.entries else ("encaje",)
