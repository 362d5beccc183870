"""The ``keinu`` command line. Each subcommand lives in its own module under
``api/commands/`` and exposes ``register(subparsers)``; this file only wires them together."""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from api.settings import SettingsProblem

#: Subcommand modules, in the order ``keinu --help`` lists them.
COMMAND_MODULES = (
    "replay",
    "models",
    "analyze",
    "calibrate",
    "serve",
    "export",
    "review",
    "db",
)


class UserError(Exception):
    """A mistake of the user's (bad file, bad option): printed as one line, exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="keinu", description="Recognise and referee the señas of Mus, offline."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(f"api.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"api.commands.{name}":
                raise
            continue
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status = int(args.run(args) or 0)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        # The reader went away (`keinu replay F | head`): the rest is not wanted. Stdout goes to
        # devnull so that the interpreter's last flush does not print a traceback either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 128 + 13  # as a process ended by SIGPIPE
    except (UserError, SettingsProblem) as exc:  # a bad KEINU_* variable is a mistake too
        print(f"keinu {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
