"""``keinu review DIR|SESSION``: the review page of a ``keinu analyze`` folder or of a recorded
session, served on this machine only (no camera is opened)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from api.cli import UserError
from api.commands.listening import listening_socket, serve_on
from api.commands.serve import settings_from_options
from api.db.errors import StoreError
from api.exports.errors import ExportError
from api.exports.session import SESSION_NAME, load_session, session_name, table_id_of


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "review",
        help="review an analysis folder or a recorded session: video, timeline, notes, clips",
        description="Open the review page of a `keinu analyze` output folder, or of a session "
        "(table-N) recorded by `keinu serve`.",
    )
    parser.add_argument("target", metavar="DIR|SESSION", help="an analysis folder, or table-N")
    parser.add_argument("--port", type=int, default=8766, help="port to listen on (default 8766)")
    parser.add_argument(
        "--data-dir", metavar="DIR", type=Path, help="where the sessions live (as for serve)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from api.app import create_app
    from api.recording.review import AnalysisReview

    overrides = {"live": False, "port": args.port}
    if args.data_dir is not None:
        overrides["data_dir"] = args.data_dir
    settings = settings_from_options(overrides)
    folder: Path | None = None
    if SESSION_NAME.match(args.target) and not Path(args.target).is_dir():
        table_id = table_id_of(args.target)
        try:
            load_session(settings.database, table_id)  # refuse a session that does not exist
        except (ExportError, StoreError) as exc:  # a damaged store: as keinu serve says it
            raise UserError(str(exc)) from None
        query = f"?session={session_name(table_id)}"
    else:
        folder = Path(args.target).expanduser()
        try:
            AnalysisReview(folder)
        except ExportError as exc:
            raise UserError(str(exc)) from None
        query = ""
    try:
        app = create_app(settings, review_folder=folder)
    except StoreError as exc:  # the data dir's store is damaged: what to do, as serve says it
        raise UserError(str(exc)) from None
    sock = listening_socket("127.0.0.1", settings.port)
    port = sock.getsockname()[1]  # the one the system chose for --port 0
    print(f"keinu: review on http://127.0.0.1:{port}/review{query}  (Ctrl-C stops)")
    sys.stdout.flush()
    serve_on(sock, app)
    return 0
