"""``keinu calibrate``: record a few seconds of a player's neutral face and save it, with the
gesture sensitivities, as that player's baseline file in the user data dir.

The frames go through the same pipeline as ``keinu analyze`` and the dashboard (landmarks,
features, the seat's detector), so the baseline is measured exactly as it will be used.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from api.cli import UserError
from api.settings import Settings

PLAYER_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")
#: Source time allowed per second of calibration before giving up (the face must be seen).
PATIENCE = 3.0
PATIENCE_EXTRA_MS = 5000


def player_path(player: str, data_dir: Path | None = None) -> Path:
    """Where ``player``'s baseline file lives."""
    if not PLAYER_NAME.match(player):
        raise UserError(
            f"player name {player!r}: use letters, digits, '-' or '_' (up to 40), e.g. ane"
        )
    return (data_dir or Settings().data_dir) / "players" / f"{player.lower()}.json"


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "calibrate",
        help="record a neutral face and save it as a player's baseline",
        description="Look at the camera with a neutral, relaxed face for a few seconds. The "
        "baseline and the gesture sensitivities are saved as the player's file in the user "
        "data dir.",
    )
    parser.add_argument(
        "--source", default="0", help="webcam index, video file, image or stream (default 0)"
    )
    parser.add_argument(
        "--seconds", type=float, default=None, help="neutral face to record (default: settings)"
    )
    parser.add_argument("--player", default="default", help="the player's name (default: default)")
    parser.add_argument(
        "--settings", type=Path, default=None, help="detector settings TOML (default: models/)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from vision.capture.sources import SourceError
    from vision.config.detector_settings import SettingsError, load_detector_settings
    from vision.mediapipe.models import ModelError

    path = player_path(args.player)
    if args.seconds is not None and not 0.2 <= args.seconds <= 60:
        raise UserError("--seconds must be between 0.2 and 60")
    try:
        settings = load_detector_settings(args.settings)
        if args.seconds is not None:
            calibration = settings.calibration.model_copy(update={"seconds": args.seconds})
            settings = settings.model_copy(update={"calibration": calibration})
        detector = calibrate(args.source, settings)
    except (SettingsError, SourceError, ModelError) as exc:
        raise UserError(str(exc)) from None
    detector.save_player(path, args.player)
    kept = ", ".join(f"{k} {v:.3f}" for k, v in sorted(detector.baseline.values.items())[:4])
    print(f"saved {args.player}'s baseline to {path} ({len(detector.baseline.values)} measures: "
          f"{kept}, ...)")  # fmt: skip
    return 0


def calibrate(source_spec: str, settings, landmarker_factory=None):
    """Run the pipeline on ``source_spec`` until one seat's baseline is calibrated; returns that
    seat's detector. Raises UserError when no face stays in view long enough."""
    from vision.capture.sources import open_source
    from vision.detectors import SeatGestureDetector
    from vision.pipeline import Pipeline, default_detectors, default_features

    source = open_source(source_spec, loop=not str(source_spec).isdigit())
    pipeline = Pipeline(
        source,
        landmarker_factory=landmarker_factory,
        features=default_features(settings),
        detector_factory=default_detectors(settings),
    )
    limit_ms = settings.calibration.seconds * 1000 * PATIENCE + PATIENCE_EXTRA_MS
    print(f"calibrating from {source_spec}: keep a neutral, relaxed face towards the camera")
    with pipeline:
        for result in pipeline:
            ready = [
                d
                for d in pipeline.detectors.values()
                if isinstance(d, SeatGestureDetector) and d.calibration.state == "ready"
            ]
            if ready:
                return ready[0]
            if result.end_of_stream or result.frame.ts_ms > limit_ms:
                break
    raise UserError(
        f"no face stayed in view of {source_spec} for {settings.calibration.seconds:g} s: face "
        "the camera in good light, closer, and try again"
    )
