"""``keinu export SESSION_OR_DIR --format eaf|vtt|csv|records --out DIR``: a stored session
(``3`` or ``table-3``) or a ``keinu analyze`` folder in an annotation tool's format."""

from __future__ import annotations

import argparse
from pathlib import Path

from api.cli import UserError
from api.db.errors import StoreError
from api.exports.errors import ExportError
from api.exports.formats import FORMATS, export, open_timeline
from api.settings import load_settings


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "export",
        help="export a session or an analysis for ELAN, BORIS, a player or a spreadsheet",
        description=(
            "Write a stored session (its table number, e.g. 3 or table-3) or a `keinu analyze` "
            "output folder as ELAN .eaf, WebVTT captions and chapters, BORIS-style CSV/TSV, or "
            "a hand record."
        ),
    )
    parser.add_argument("target", metavar="SESSION_OR_DIR", help="table-N, N, or a folder")
    parser.add_argument(
        "--format",
        dest="formats",
        action="append",
        choices=FORMATS,
        required=True,
        help="eaf, vtt, csv or records (give it again for several)",
    )
    parser.add_argument("--out", metavar="DIR", type=Path, required=True, help="output folder")
    parser.add_argument(
        "--data-dir", metavar="DIR", type=Path, help="where the sessions live (as for serve)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    data_dir = args.data_dir or load_settings().data_dir
    try:
        timeline, stem = open_timeline(args.target, data_dir)
        written = [p for fmt in args.formats for p in export(timeline, fmt, args.out, stem)]
    except (ExportError, ValueError) as exc:
        raise UserError(str(exc)) from None
    except StoreError as exc:  # a damaged store: what to do, as keinu serve and db check say
        raise UserError(str(exc)) from None
    for path in written:
        print(path)
    return 0
