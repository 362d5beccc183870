"""``keinu replay FILE``: replay a hand (or game) record and print the result as one JSON
object: the score, the game winner, each lance's winner and stones, and the señas."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from api.cli import UserError
from engine.errors import EngineError
from engine.record import replay_summary
from engine.senas import judge_senas, load_profile
from engine.table import Table


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="replay a hand record (JSON) and print the score, lances and señas",
        description="Replay a hand or game record (docs/hand-record.md) and print one JSON "
        "object: score, game_winner, lances, senas.",
    )
    parser.add_argument("file", type=Path, help="the record, a JSON file ('-' for stdin)")
    parser.add_argument("--indent", type=int, default=2, help="JSON indentation (default 2)")
    parser.set_defaults(run=run)


def judged_senas(table: Table) -> list[dict[str, Any]]:
    """The señas of one hand as the output shows them, judged under the record's profile."""
    profile = load_profile(table.rules.profile)
    records = judge_senas(
        table.sena_calls,
        profile=profile,
        rules=table.rules,
        hands=table.played_hands,
        last_draw=table.last_draw,
    )
    return [record.to_dict() for record in records]


def _read(path: Path) -> Any:
    if str(path) != "-" and path.is_dir():
        raise UserError(f"{path} is a folder: give a hand record's .json file")
    try:
        text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise UserError(
            f"{path} is not JSON text (byte {exc.start} is not UTF-8): give a hand record "
            "saved as UTF-8"
        ) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        # json's own words may end in "at" ("Unterminated string starting at"): say it once.
        what = exc.msg.removesuffix(" at")
        raise UserError(
            f"{path} is not JSON: {what} at line {exc.lineno}, column {exc.colno}"
        ) from None
    except RecursionError:
        raise UserError(f"{path} nests its JSON too deeply to be a hand record") from None


def run(args: argparse.Namespace) -> int:
    data = _read(args.file)
    try:
        summary = replay_summary(data, judged_senas)
    except EngineError as exc:
        raise UserError(f"{args.file}: {exc}") from None
    except RecursionError:
        raise UserError(f"{args.file} nests its JSON too deeply to be a hand record") from None
    print(json.dumps(summary, indent=args.indent, ensure_ascii=False))
    return 0
