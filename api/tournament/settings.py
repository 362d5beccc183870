"""A tournament's settings: one pydantic model, its defaults in ``models/tournament.toml``.

A new tournament starts from the file and the changes the desk makes; it then stores its own
copy (validated again by this model whenever it is read), so changing the file later does not
alter a tournament already under way.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from vision.config.loader import SettingsError, first_error, load_settings

DEFAULT_PATH = Path(__file__).resolve().parents[2] / "models" / "tournament.toml"

Stones = Field(ge=0, le=50)


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class GameScore(_Section):
    """The score written for a game not played at the table (a bye, a forfeit)."""

    stones_won: int = Stones
    stones_lost: int = Stones

    @model_validator(mode="after")
    def _won_beats_lost(self) -> GameScore:
        if self.stones_won <= self.stones_lost:
            raise ValueError("stones_won must be more than stones_lost")
        return self


class Lateness(_Section):
    courtesy_minutes: float = Field(ge=0, le=120)
    sanction: Literal["warning", "stones"]
    stones: int = Stones
    forfeit_minutes: float = Field(gt=0, le=240)

    @model_validator(mode="after")
    def _forfeit_after_courtesy(self) -> Lateness:
        if self.forfeit_minutes <= self.courtesy_minutes:
            raise ValueError("forfeit_minutes must be longer than courtesy_minutes")
        return self


class Groups(_Section):
    size: int = Field(ge=3, le=16)
    advance: int = Field(ge=1, le=8)

    @model_validator(mode="after")
    def _fewer_advance(self) -> Groups:
        if self.advance >= self.size:
            raise ValueError("advance must be fewer than the teams of a group")
        return self


class TournamentSettings(_Section):
    format: Literal["swiss", "groups_knockout"]
    rounds: int = Field(ge=1, le=20)
    team_size: Literal[2, 3]
    target: Literal[30, 40]
    first_round: Literal["seeding", "random"]
    bye: GameScore
    forfeit: GameScore
    lateness: Lateness
    groups: Groups

    @model_validator(mode="after")
    def _scores_end_a_game(self) -> TournamentSettings:
        """A bye and a forfeit are games won: scored as a game to the target can end (the
        check every result passes, api/tournament/checks.py)."""
        for name, score in (("bye", self.bye), ("forfeit", self.forfeit)):
            if score.stones_won < self.target or score.stones_lost >= self.target:
                raise ValueError(
                    f"{name}: a game to {self.target} is won with {self.target} stones or more"
                    f" and lost with fewer than {self.target}"
                )
        return self


@functools.cache
def default_settings(path: Path = DEFAULT_PATH) -> TournamentSettings:
    return load_settings(path, TournamentSettings, "the tournament settings file")


def settings_with(
    changes: dict[str, Any], base: TournamentSettings | None = None
) -> TournamentSettings:
    """``base`` (the file's defaults) with ``changes`` (a section may be given in part);
    a bad value raises :class:`SettingsError` naming it."""
    merged = (base or default_settings()).model_dump()
    if "target" in changes:  # a bye and a forfeit not given win the game to its target
        for name in ("bye", "forfeit"):
            if name not in changes and merged[name]["stones_won"] == merged["target"]:
                merged[name] = {**merged[name], "stones_won": changes["target"]}
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **value}
        else:
            merged[key] = value
    return parse_settings(merged)


def parse_settings(data: dict[str, Any]) -> TournamentSettings:
    try:
        return TournamentSettings.model_validate(data)
    except ValidationError as exc:
        where, message = first_error(exc)
        raise SettingsError(f"{where or 'settings'}: {message}") from None
