"""The dashboard's settings, in one place: defaults here, overridden by ``KEINU_*`` environment
variables and then by ``keinu serve`` options."""

from __future__ import annotations

import ipaddress
import json
import os
import re
from pathlib import Path
from typing import Any

import platformdirs
from annotated_types import Ge, Le
from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict
from pydantic_settings import SettingsError as PydanticSettingsError

from api.db.connection import POSTGRES_URL, safe_url

REPO_ROOT = Path(__file__).resolve().parents[1]
SAMPLE_SOURCE = REPO_ROOT / "sample_videos" / "table.mp4"
PROFILE_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")


def is_loopback(host: str) -> bool:
    """True for the addresses only this machine can reach (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="KEINU_", extra="ignore")

    host: str = "127.0.0.1"
    port: int = Field(default=8765, ge=0, le=65535)
    #: Required for every request and websocket when ``host`` is not a loopback address.
    token: str | None = None
    data_dir: Path = Field(default_factory=lambda: platformdirs.user_data_path("keinu"))
    #: A ``postgresql://`` URL to keep everything in a club's PostgreSQL database; empty for the
    #: SQLite file in ``data_dir``.
    db: str = ""
    #: A webcam index ("0"), a video file, an rtsp/http URL or a folder of images; several
    #: cameras of one table separated by ";". Empty for the bundled sample table video, looped.
    source: str = ""
    #: Start a video file again when it ends (the bundled sample always loops).
    loop: bool = False
    #: The sources' pictures are mirrored (a selfie view): flip them back before reading them.
    mirrored: bool = False
    #: Whether to run the vision pipeline at all (tests of the REST API switch it off).
    live: bool = True
    #: The house profile of señas: a shipped name, or a club's .toml file (kept as an absolute
    #: path, so the tables that use it still find it when keinu runs from another folder).
    profile: str = "standard"
    #: Seat map of each source, in the order of ``source`` (``vision.seats.parse_seat_map``
    #: syntax); a source without one hands out the active table's seats (1..4, or 1..6 at a
    #: six-player table) left to right.
    seats: list[str] = Field(default_factory=list)
    #: Record every table's video unless its switch is turned off (``keinu serve --record``);
    #: without it a table's video is recorded only once its switch is turned on.
    record: bool = False
    #: Days a session's recorded video is kept (0: until it is deleted by hand).
    retention_days: int = Field(default=0, ge=0, le=3650)
    #: The sanctions a referee may write in a game's acta (a club's rules may name others).
    acta_sanctions: list[str] = Field(
        default_factory=lambda: ["warning", "game_lost", "disqualification"]
    )
    #: Serve the tournament desk's pages and API (``keinu serve --desk``).
    desk: bool = False
    max_body_bytes: int = Field(default=65_536, ge=1024)
    #: Frames the MJPEG encoder keeps per source before it drops the oldest.
    frame_queue: int = Field(default=2, ge=1, le=16)
    jpeg_quality: int = Field(default=75, ge=20, le=95)

    @field_validator("db")
    @classmethod
    def _postgres_url(cls, value: str) -> str:
        if value and not POSTGRES_URL.match(value):
            raise ValueError(
                "give a postgresql://user@host/dbname URL, or leave it out for the SQLite file "
                "in the data directory"
            )
        return value

    @field_validator("profile")
    @classmethod
    def _profile_name_or_file(cls, value: str) -> str:
        if PROFILE_NAME.match(value):
            return value
        if value.lower().endswith(".toml"):
            return str(Path(value).expanduser().resolve())
        raise ValueError(
            "give a profile name like 'standard' or 'navarra', or a club's profile .toml file"
        )

    @property
    def profile_is_file(self) -> bool:
        return not PROFILE_NAME.match(self.profile)

    @property
    def house_profiles(self) -> list[str]:
        """The profiles a new table may use: the shipped ones, and the club's file given to
        ``keinu serve --profile`` (no other path: a browser must not make the server read files)."""
        from engine.senas import profile_names

        names = profile_names()
        return [*names, self.profile] if self.profile_is_file else names

    @property
    def needs_token(self) -> bool:
        return not is_loopback(self.host)

    @property
    def source_or_sample(self) -> str:
        return self.source or str(SAMPLE_SOURCE)

    @property
    def source_specs(self) -> list[str]:
        """Each camera's spec, in order: they are ``cam1``, ``cam2``, … on the dashboard."""
        return [spec.strip() for spec in self.source_or_sample.split(";") if spec.strip()]

    @property
    def source_ids(self) -> list[str]:
        return [f"cam{i}" for i in range(1, len(self.source_specs) + 1)]

    @property
    def database(self) -> Path:
        return self.data_dir / "keinu.sqlite3"

    @property
    def store_location(self) -> str | Path:
        """What the store opens: the PostgreSQL URL if one is given, else the SQLite file."""
        return self.db or self.database


class SettingsProblem(ValueError):
    """A ``KEINU_*`` variable or a command's option that the settings refuse: the message names
    it (a variable with its value) and says what to give; the command line prints it as a
    user's mistake."""


def load_settings(**options: Any) -> Settings:
    """The settings every command uses: the environment's ``KEINU_*`` variables with the
    command's ``options`` over them. The one place a bad value is turned into words: it raises
    :class:`SettingsProblem` (``KEINU_PORT=abc: give a whole number from 0 to 65535``,
    ``--port: …``), never pydantic's own report."""
    try:
        return Settings(**options)
    except ValidationError as exc:
        raise SettingsProblem(_problem(exc, options)) from None
    except PydanticSettingsError as exc:  # a variable that takes a list but is not JSON
        raise SettingsProblem(_not_json(exc)) from None


def _environment(name: str) -> str | None:
    """The variable ``name`` as pydantic-settings reads it (its name in any case)."""
    return next((v for k, v in os.environ.items() if k.upper() == name), None)


def _problem(exc: ValidationError, options: dict[str, Any]) -> str:
    error = exc.errors(include_url=False)[0]
    field = str(error["loc"][0]) if error["loc"] else ""
    if field in options:
        given = f"--{field.replace('_', '-')}"
    else:
        name = f"KEINU_{field.upper()}"
        value = _environment(name)
        shown = str(error["input"]) if value is None else value
        given = f"{name}={safe_url(shown) if field == 'db' else shown}"
    return f"{given}: {_what_to_give(error, field)}"


def _what_to_give(error: Any, field: str) -> str:
    kind = error["type"]
    if kind == "value_error":  # a validator's own words
        return str(error["msg"]).removeprefix("Value error, ")
    if len(error["loc"]) > 1:  # an item of a list
        return 'give a JSON list of quoted words, e.g. ["warning"]'
    if kind.startswith("bool_"):
        return "give true or false (or 1 or 0)"
    bounds = Settings.model_fields[field].metadata if field in Settings.model_fields else []
    low = next((b.ge for b in bounds if isinstance(b, Ge)), None)
    high = next((b.le for b in bounds if isinstance(b, Le)), None)
    if kind.startswith("int_") or kind in ("greater_than_equal", "less_than_equal"):
        if low is not None and high is not None:
            return f"give a whole number from {low} to {high}"
        if low is not None:
            return f"give a whole number of {low} or more"
        return "give a whole number"
    return str(error["msg"])


def _not_json(exc: PydanticSettingsError) -> str:
    found = re.search(r'field "(\w+)"', str(exc))
    if found is None:
        return f"{exc} (a KEINU_* variable that takes a list wants JSON)"
    name = f"KEINU_{found.group(1).upper()}"
    value = _environment(name) or ""
    return f"{name}={value}: give a JSON list, e.g. {json.dumps([value], ensure_ascii=False)}"
