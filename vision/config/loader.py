"""Reading any settings file under models/ (vision.toml, detectors.toml): TOML parsed and
validated against a pydantic model, every error one line naming the file and the key."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError


class SettingsError(ValueError):
    """A settings file is missing, not TOML, or has a bad value (the message says which)."""


class StrictSettings(BaseModel):
    """A table of a settings file: unknown keys are refused, values cannot change once read."""

    model_config = ConfigDict(extra="forbid", frozen=True)


S = TypeVar("S", bound=BaseModel)


def first_error(exc: ValidationError) -> tuple[str, str]:
    """Where the first error of a validation is (its dotted key, "" for the whole) and what it
    says, without pydantic's "Value error, " in front of a validator's own words."""
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    return where, first["msg"].removeprefix("Value error, ")


def load_settings(path: Path, model: type[S], what: str) -> S:
    """``path`` read as ``model``; a missing file, a folder, a file that is not UTF-8 text, bad
    TOML or a bad value raises :class:`SettingsError` (``what`` names the file it should be)."""
    if path.is_dir():
        raise SettingsError(f"{path} is a folder, not {what}: give a .toml file")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise SettingsError(f"{what} not found: {path}") from exc
    except UnicodeDecodeError as exc:
        raise SettingsError(
            f"{path} is not TOML text (byte {exc.start} is not UTF-8): give {what} as a UTF-8 "
            ".toml file"
        ) from exc
    except OSError as exc:
        raise SettingsError(f"cannot read {what} {path}: {exc.strerror or exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise SettingsError(f"{path} is not valid TOML: {exc}") from exc
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        where, message = first_error(exc)
        raise SettingsError(f"{path}: {where}: {message}") from exc
