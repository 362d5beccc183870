"""The dashboard's settings, in one place: defaults here, overridden by ``KEINU_*`` environment
variables and then by ``keinu serve`` options."""

from __future__ import annotations

import ipaddress
import re
from pathlib import Path

import platformdirs
from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from api.db.connection import POSTGRES_URL

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
