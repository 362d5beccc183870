"""A tournament's rules: the options of the engine's ``Rules`` that every board's table is
played under, set once when the tournament is made.

What may be set and what is refused is the referee's table setup's (:mod:`api.game_choices`):
the options a table of Mus of the tournament's players may change, each refused with the
setup's own codes. The tournament keeps those not at their default (``tournaments.rules``,
migration 9), as a table keeps its ``options``.
"""

from __future__ import annotations

import functools
from typing import Any

from fastapi.exceptions import RequestValidationError

from api.game_choices import (
    DEFAULTS,
    NEEDS,
    RULE_OPTIONS,
    OptionRefused,
    check_options,
    game_choices,
    more_options,
)
from api.validation import field_error
from engine.rules import Rules

#: What the tournament sets itself: the game is Mus, a table seats two of its teams, the
#: target is the settings' (every result is checked against it), and a board is one game (its
#: result is the first game's), so no match of several games, nor an option that goes with one.
FIXED = ("game", "players", "target", "match")


@functools.cache
def offered(players: int) -> tuple[str, ...]:
    """The options a tournament of tables of ``players`` may set: those the table setup lets
    a Mus table of as many players change, but those the tournament sets itself."""
    game = next(g for g in game_choices()["games"] if (g["game"], g["players"]) == ("mus", players))
    ticks = [name for name in ("captains", "diez_reyes") if game[name]]
    return tuple(
        name
        for name in ("reyes", *ticks, *game["rules"])
        if name not in FIXED and (NEEDS.get(name) or ("",))[0] not in FIXED
    )


def table_rules(
    options: dict[str, Any], *, team_size: int, target: int, profile: str = "standard"
) -> Rules:
    """The rules of a board's table: the tournament's ``options``, its teams and target."""
    return Rules(**options, game="mus", players=2 * team_size, target=target, profile=profile)


def checked_options(options: dict[str, Any], *, team_size: int, target: int) -> dict[str, Any]:
    """``options`` as the tournament keeps them (those not at their default), or a
    :class:`RequestValidationError` naming the first one refused (``["rules", name]``): one
    the tournament does not offer, a value not among its choices, one set without the option
    it goes with (``option_needs``)."""
    allowed = offered(2 * team_size)
    for name, value in options.items():
        if name not in allowed:
            raise _refused(
                name,
                "option_not_in_tournament",
                f"{name} is not set by a tournament",
                {"option": name},
            )
        choices = RULE_OPTIONS[name]
        if not any(type(value) is type(choice) and value == choice for choice in choices):
            expected = " or ".join(repr(c) for c in choices)
            raise _refused(name, "literal_error", f"Input should be {expected}", {"input": value})
    rules = table_rules(options, team_size=team_size, target=target)
    try:
        check_options(rules)
    except OptionRefused as exc:
        raise _refused(exc.params["option"], exc.code, str(exc), exc.params) from None
    return {
        name: getattr(rules, name) for name in allowed if getattr(rules, name) != DEFAULTS[name]
    }


def _refused(
    option: str, code: str, message: str, params: dict[str, Any]
) -> RequestValidationError:
    return field_error(("rules", option), code, message, **params)


def rules_out(rules: Rules) -> dict[str, Any]:
    """The rules as the pages word a table's (``rulesText``): the game, its players, target,
    reyes, profile, the ticks of its variant and the folded options not at their default."""
    main = ("game", "players", "target", "reyes", "captains", "diez_reyes", "profile")
    return {name: getattr(rules, name) for name in main} | {"options": more_options(rules)}
