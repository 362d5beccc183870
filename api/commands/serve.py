"""``keinu serve``: the dashboard (FastAPI + uvicorn) over the vision pipeline and the engine.

With no ``--source`` it plays the bundled sample table video in a loop. It prints the address to
open. Listening beyond loopback (``--host 0.0.0.0``) needs a token: KEINU_TOKEN, or one made up
and printed once.
"""

from __future__ import annotations

import argparse
import os
import secrets
import socket
import sys
from pathlib import Path
from typing import Any

from api.cli import UserError
from api.commands.listening import listening_socket, serve_on
from api.db.errors import StoreError
from api.settings import Settings, SettingsProblem, load_settings


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="run the dashboard (live view, practice, referee) in the browser",
        description="Run the dashboard. Open the address it prints.",
    )
    parser.add_argument(
        "--source",
        action="append",
        help="webcam index (0), video file, rtsp/http URL or folder of images; repeat it for "
        "several cameras of one table, seen as cam1, cam2, … (default: the bundled sample "
        "table video, looped)",
    )
    parser.add_argument(
        "--seats",
        metavar="SPEC",
        action="append",
        help="seat map of one camera, given once per --source in the same order (as in "
        "`keinu analyze --seats`): a JSON/TOML file, boxes '1=x,y,w,h;2=…', or the seats it sees "
        "left to right, e.g. '2,3' (default: the active table's seats, 1..4 or 1..6, left "
        "to right)",
    )
    parser.add_argument("--port", type=int, help="port to listen on (default 8765)")
    parser.add_argument(
        "--host",
        help="address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for every "
        "network, which needs a token: KEINU_TOKEN, or one made up and printed)",
    )
    parser.add_argument(
        "--profile",
        metavar="NAME|FILE",
        help="house profile of señas for new tables and practice: standard, navarra, extended "
        "or a club's .toml file (default standard)",
    )
    parser.add_argument(
        "--data-dir", metavar="DIR", type=Path, help="where the SQLite file and exports live"
    )
    parser.add_argument(
        "--db",
        metavar="URL",
        help="keep tables, hands and players in this PostgreSQL database (postgresql://…, or "
        "KEINU_DB), shared by every keinu serve given it (default: the SQLite file in "
        "--data-dir)",
    )
    parser.add_argument("--loop", action="store_true", help="play a video file again at its end")
    parser.add_argument(
        "--mirrored",
        action="store_true",
        help="the cameras' pictures are mirrored (a selfie view: a player's left eye on its "
        "left): flip them back",
    )
    parser.add_argument(
        "--record",
        action="store_true",
        help="record each table's video (under DATA_DIR/recordings/) unless its switch is "
        "turned off on the dashboard; without it, only tables switched on are recorded",
    )
    parser.add_argument(
        "--retention-days",
        type=int,
        metavar="N",
        help="delete a session's recorded video N days after it was made (default 0: keep)",
    )
    parser.add_argument(
        "--no-live", action="store_true", help="no video at all: refereeing by hand only"
    )
    parser.add_argument(
        "--desk",
        action="store_true",
        help="also serve the tournament desk (/desk: pairs, rounds, tables, clocks, standings) "
        "and its big-screen view (/desk/screen)",
    )
    parser.set_defaults(run=run)


#: A token from KEINU_TOKEN shorter than this is refused: it would be easy to guess.
MIN_TOKEN_CHARS = 16


def settings_from(args: argparse.Namespace) -> Settings:
    """The checked settings of ``keinu serve``'s options; a token made up for this session is
    printed once."""
    settings, token_made = _checked_settings(args)
    if token_made:
        _announce_token(settings)
    return settings


def settings_from_options(overrides: dict[str, Any]) -> Settings:
    """The server's settings: the environment's ``KEINU_*`` with the command's options
    ``overrides`` over them. A bad value is a UserError naming the option or variable (in
    :func:`api.settings.load_settings`'s words)."""
    try:
        return load_settings(**overrides)
    except SettingsProblem as exc:
        raise UserError(str(exc)) from None


def _checked_settings(args: argparse.Namespace) -> tuple[Settings, bool]:
    overrides = {
        "source": ";".join(args.source) if args.source else None,
        "seats": args.seats,
        "port": args.port,
        "host": args.host,
        "profile": args.profile,
        "data_dir": args.data_dir,
        "retention_days": args.retention_days,
        "db": args.db,
    }
    overrides = {k: v for k, v in overrides.items() if v is not None}
    if args.loop:
        overrides["loop"] = True
    if args.mirrored:
        overrides["mirrored"] = True
    if args.no_live:
        overrides["live"] = False
    if args.record:
        overrides["record"] = True
    if args.desk:
        overrides["desk"] = True
    settings = settings_from_options(overrides)
    _check_source(settings)
    _check_seats(settings)
    _check_profile(settings)
    _check_host(settings.host)
    _check_desk(settings)
    if not settings.needs_token:
        return settings, False
    if settings.token and len(settings.token) < MIN_TOKEN_CHARS:
        raise UserError(
            f"KEINU_TOKEN is too short ({len(settings.token)} characters) to guard "
            f"{settings.host}: use at least {MIN_TOKEN_CHARS}, or unset it to get one made up"
        )
    if settings.token:
        return settings, False
    settings.token = secrets.token_urlsafe(24)
    return settings, True


def _announce_token(settings: Settings) -> None:
    print(f"keinu: token for this session (keep it private): {settings.token}", flush=True)


def _check_source(settings: Settings) -> None:
    """Every file, folder or camera must open now; streams are reached (and retried) later.
    OpenCV's and FFmpeg's own lines about a bad source stay off the terminal: the message says
    it."""
    from api.commands.sources import open_source_for_user

    if not settings.live:
        return
    hint = " (run `keinu serve --source 0` for the webcam)" if not settings.source else ""
    for spec in settings.source_specs:
        if "://" in spec:
            continue
        if not spec.isdigit() and not Path(spec).expanduser().exists():
            raise UserError(f"--source: no such video, image or folder: {spec}{hint}")
        open_source_for_user(spec, option="--source", hint=hint).close()


def _check_seats(settings: Settings) -> None:
    from vision.seats import SeatMapError, parse_seat_map

    sources = len(settings.source_specs)
    if len(settings.seats) > sources:
        raise UserError(
            f"--seats given {len(settings.seats)} times for {sources} source(s): give at most "
            "one --seats per --source, in the same order"
        )
    for spec in settings.seats:
        try:
            parse_seat_map(spec)
        except SeatMapError as exc:
            raise UserError(f"--seats {spec}: {exc}") from None


def _check_profile(settings: Settings) -> None:
    from engine.senas import ProfileError, load_profile, profile_names

    if not settings.profile_is_file and settings.profile not in profile_names():
        known = ", ".join(profile_names())
        raise UserError(
            f"no profile {settings.profile!r}; known: {known}, or a club's profile .toml file"
        )
    try:
        load_profile(settings.profile)
    except ProfileError as exc:
        raise UserError(f"--profile: {exc}") from None


def _check_desk(settings: Settings) -> None:
    """The desk's settings file must read, and the house profile be one for Mus (its tables
    are made with it), before the desk is served."""
    from api.game_choices import profile_games
    from api.tournament.settings import default_settings
    from engine.senas import load_profile
    from vision.config.loader import SettingsError

    if not settings.desk:
        return
    try:
        default_settings()
    except SettingsError as exc:
        raise UserError(f"--desk: {exc}") from None
    if "mus" not in profile_games(load_profile(settings.profile)):  # read by _check_profile
        raise UserError(
            f"--desk --profile {settings.profile}: this profile has no señas, it is for Encaje"
            " (each player for himself), not for a tournament of pairs at Mus tables; serve"
            " the desk with a profile of señas (--profile standard, navarra, extended or a"
            " club's file)"
        )


def _check_host(host: str) -> None:
    """``host`` must be an address of this machine (any port will do for the check)."""
    try:
        family, kind, _, _, address = socket.getaddrinfo(host, 0, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, UnicodeError):
        raise UserError(
            f"--host {host}: no such address or host name; use 127.0.0.1 (this machine only) "
            "or 0.0.0.0 (every network, with a token)"
        ) from None
    with socket.socket(family, kind) as probe:
        try:
            probe.bind(address)
        except OSError as exc:
            raise UserError(
                f"--host {host}: not an address of this machine ({exc.strerror}); use "
                "127.0.0.1 (this machine only) or 0.0.0.0 (every network, with a token)"
            ) from None


def _open_data_dir(path: Path) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"--data-dir {path}: cannot create it ({exc.strerror})") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise UserError(f"--data-dir {path}: not writable; choose a folder of your own")


def _what_runs(settings: Settings) -> list[str]:
    """What the dashboard is watching, and what a first-time user may want to do instead."""
    from api.settings import REPO_ROOT
    from api.vision_feed import models_missing

    if not settings.live:
        return ["no video (--no-live): calls and señas are entered by hand"]
    lines = []
    if not settings.source:
        sample = os.path.relpath(settings.source_specs[0], REPO_ROOT)
        lines.append(
            f"video: the bundled sample table ({sample}, looped); "
            "for your webcam run `keinu serve --source 0`"
        )
    else:
        cameras = ", ".join(
            f"{source_id} = {spec}"
            for source_id, spec in zip(settings.source_ids, settings.source_specs, strict=True)
        )
        lines.append(f"video: {cameras}")
    if settings.record:
        lines.append(
            f"recording each table's video into {settings.data_dir / 'recordings'} "
            "(the dashboard's REC switch turns a table's off)"
        )
    missing = models_missing()
    if missing is not None:
        lines.append(f"showing the video without detection: {missing}")
    return lines


def _lan_address() -> str:
    """This machine's address on its network (what a tablet at the table types), else its name.
    Connecting a UDP socket sends nothing: it only picks the outgoing interface."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            address: str = probe.getsockname()[0]
            return address
        except OSError:
            return socket.gethostname()


def run(args: argparse.Namespace) -> int:
    from api.app import create_app

    settings, token_made = _checked_settings(args)
    sock = listening_socket(settings.host, settings.port)
    _open_data_dir(settings.data_dir)
    try:
        app = create_app(settings)
    except StoreError as exc:
        raise UserError(str(exc)) from None
    except OSError as exc:
        raise UserError(f"--data-dir {settings.data_dir}: cannot use it ({exc})") from None
    if token_made:
        _announce_token(settings)
    shown_host = f"[{settings.host}]" if ":" in settings.host else settings.host
    if settings.host in ("0.0.0.0", "::"):
        shown_host = _lan_address()
    port = sock.getsockname()[1]  # the one the system chose for --port 0
    address = f"http://{shown_host}:{port}/"
    if settings.needs_token:
        address += f"?token={settings.token}"
    print(f"keinu: dashboard on {address}  (open it in your browser; Ctrl-C stops)")
    for line in _what_runs(settings):
        print(f"keinu: {line}")
    if settings.desk:
        print(f"keinu: tournament desk on {address.split('?')[0]}desk")
    sys.stdout.flush()
    serve_on(sock, app, ws_max_size=65_536, timeout_graceful_shutdown=2)
    sys.stdout.flush()
    return 0
