"""``keinu serve``: the dashboard (FastAPI + uvicorn) over the vision pipeline and the engine.

With no ``--source`` it plays the bundled sample table video in a loop. It prints the address to
open. Listening beyond loopback (``--host 0.0.0.0``) needs a token: KEINU_TOKEN, or one made up
and printed once.
"""

from __future__ import annotations

import argparse
import secrets
import socket
import sys
from pathlib import Path

from pydantic import ValidationError

from api.cli import UserError
from api.settings import Settings


def register(subparsers: argparse._SubParsersAction) -> None:
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
    parser.add_argument("--port", type=int, help="port to listen on (default 8765)")
    parser.add_argument(
        "--host", help="address to listen on (default 127.0.0.1; others need a token)"
    )
    parser.add_argument("--profile", help="house profile of new tables (default standard)")
    parser.add_argument("--data-dir", type=Path, help="where the SQLite file and exports live")
    parser.add_argument("--loop", action="store_true", help="play a video file again at its end")
    parser.add_argument(
        "--no-live", action="store_true", help="no video at all: refereeing by hand only"
    )
    parser.set_defaults(run=run)


def settings_from(args: argparse.Namespace) -> Settings:
    overrides = {
        "source": ";".join(args.source) if args.source else None,
        "port": args.port,
        "host": args.host,
        "profile": args.profile,
        "data_dir": args.data_dir,
    }
    overrides = {k: v for k, v in overrides.items() if v is not None}
    if args.loop:
        overrides["loop"] = True
    if args.no_live:
        overrides["live"] = False
    try:
        settings = Settings(**overrides)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise UserError(f"--{first['loc'][0]}: {first['msg']}") from None
    _check_source(settings)
    _check_profile(settings.profile)
    if settings.needs_token and not settings.token:
        settings.token = secrets.token_urlsafe(24)
        print(f"keinu: token for this session (keep it private): {settings.token}", flush=True)
    return settings


def _check_source(settings: Settings) -> None:
    if not settings.live:
        return
    for spec in settings.source_specs:
        if spec.isdigit() or "://" in spec:
            continue
        if not Path(spec).exists():
            hint = " (run `keinu serve --source 0` for the webcam)" if not settings.source else ""
            raise UserError(f"no such video, image or folder: {spec}{hint}")


def _check_profile(name: str) -> None:
    from engine.senas import profile_names

    if name not in profile_names():
        raise UserError(f"no profile {name!r}; known: {', '.join(profile_names())}")


def _check_port_free(host: str, port: int) -> None:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise UserError(
                f"cannot listen on {host}:{port} ({exc.strerror}); try another --port"
            ) from None


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from api.app import create_app

    settings = settings_from(args)
    _check_port_free(settings.host, settings.port)
    try:
        app = create_app(settings)
    except OSError as exc:
        raise UserError(f"cannot use the data folder {settings.data_dir}: {exc}") from None
    shown_host = f"[{settings.host}]" if ":" in settings.host else settings.host
    if settings.host in ("0.0.0.0", "::"):
        shown_host = socket.gethostname()
    address = f"http://{shown_host}:{settings.port}/"
    if settings.needs_token:
        address += f"?token={settings.token}"
    source = " + ".join(settings.source_specs) if settings.live else "none"
    print(f"keinu: dashboard on {address}  (source: {source}; Ctrl-C stops)", flush=True)
    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        log_level="warning",
        ws_max_size=65_536,
        timeout_graceful_shutdown=2,
    )
    sys.stdout.flush()
    return 0
