"""A tournament's settings: one pydantic model, its defaults in ``models/tournament.toml``.

A new tournament starts from the file and the changes the desk makes; it then stores its own
copy (validated again by this model whenever it is read), so changing the file later does not
alter a tournament already under way.

A bad value raises :class:`BadSettings`: one line naming it, and pydantic's errors, each with a
``code`` of its own (pydantic's type, or this model's: ``forfeit_before_courtesy``…) and the
``params`` its words need, for the desk's page to word them (``invalid.<code>`` in i18n.js).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import ErrorDetails, PydanticCustomError

from vision.config.loader import SettingsError, first_error, load_settings

DEFAULT_PATH = Path(__file__).resolve().parents[2] / "models" / "tournament.toml"

Stones = Field(ge=0, le=50)
#: The players of a team: pairs, or teams of three (at tables of six).
TeamSize = Literal[2, 3]
TEAM_SIZES: tuple[int, ...] = get_args(TeamSize)


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class GameScore(_Section):
    """The score written for a game not played at the table (a bye, a forfeit): one a game to
    the tournament's target ends with (``TournamentSettings._score_ends_a_game``)."""

    stones_won: int = Stones
    stones_lost: int = Stones


class Lateness(_Section):
    courtesy_minutes: float = Field(ge=0, le=120)
    sanction: Literal["warning", "stones"]
    stones: int = Stones
    forfeit_minutes: float = Field(gt=0, le=240)

    @model_validator(mode="after")
    def _forfeit_after_courtesy(self) -> Lateness:
        if self.forfeit_minutes <= self.courtesy_minutes:
            raise PydanticCustomError(
                "forfeit_before_courtesy",
                "forfeit_minutes must be longer than courtesy_minutes ({courtesy})",
                {"courtesy": self.courtesy_minutes, "forfeit": self.forfeit_minutes},
            )
        return self


class Groups(_Section):
    size: int = Field(ge=3, le=16)
    advance: int = Field(ge=1, le=8)

    @model_validator(mode="after")
    def _fewer_advance(self) -> Groups:
        if self.advance >= self.size:
            raise PydanticCustomError(
                "advance_not_fewer",
                "advance must be fewer than the teams of a group ({size})",
                {"size": self.size, "advance": self.advance},
            )
        return self


class TournamentSettings(_Section):
    format: Literal["swiss", "groups_knockout"]
    rounds: int = Field(ge=1, le=20)
    team_size: TeamSize
    target: Literal[30, 40]
    first_round: Literal["seeding", "random"]
    bye: GameScore
    forfeit: GameScore
    lateness: Lateness
    groups: Groups

    @field_validator("bye", "forfeit")
    @classmethod
    def _score_ends_a_game(cls, score: GameScore, info: ValidationInfo) -> GameScore:
        """A bye and a forfeit are games won: scored as a game to the target can end (the
        check every result passes, api/tournament/checks.py)."""
        target = info.data.get("target")  # declared before them: absent only when refused
        if target is not None and (score.stones_won < target or score.stones_lost >= target):
            raise PydanticCustomError(
                "score_not_a_game",
                "a game to {target} is won with {target} stones or more and lost with fewer"
                " than {target}",
                {"target": target, "won": score.stones_won, "lost": score.stones_lost},
            )
        return score


@functools.cache
def default_settings(path: Path = DEFAULT_PATH) -> TournamentSettings:
    return load_settings(path, TournamentSettings, "the tournament settings file")


def settings_with(
    changes: dict[str, Any], base: TournamentSettings | None = None
) -> TournamentSettings:
    """``base`` (the file's defaults) with ``changes`` (a section may be given in part);
    a bad value raises :class:`BadSettings` naming it."""
    merged = (base or default_settings()).model_dump()
    if "target" in changes:  # a bye and a forfeit not given their winner's stones win at it
        for name in ("bye", "forfeit"):
            given = changes.get(name)
            won_given = isinstance(given, dict) and "stones_won" in given
            if not won_given and merged[name]["stones_won"] == merged["target"]:
                merged[name] = {**merged[name], "stones_won": changes["target"]}
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **value}
        else:
            merged[key] = value
    return parse_settings(merged)


class BadSettings(SettingsError):
    """Settings refused: the message names the first bad value; ``errors`` are pydantic's,
    each ``loc`` a path within the settings (``("lateness", "forfeit_minutes")``)."""

    def __init__(self, message: str, errors: list[ErrorDetails]) -> None:
        super().__init__(message)
        self.errors = errors


def parse_settings(data: dict[str, Any]) -> TournamentSettings:
    try:
        return TournamentSettings.model_validate(data)
    except ValidationError as exc:
        where, message = first_error(exc)
        raise BadSettings(
            f"{where or 'settings'}: {message}", exc.errors(include_url=False)
        ) from None
