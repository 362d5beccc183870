"""``keinu analyze SOURCE``: find every seat's gestures in a recording and write them down.

Writes, in ``--out`` (default ``out/<source name>``): ``gestures.jsonl`` (written as gestures are
found), ``gestures.vtt`` (captions), ``annotated.mp4`` (landmarks, seats, gesture labels and score
traces drawn over the video) and ``summary.json``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
from tqdm import tqdm

from api.cli import UserError
from vision.export import GestureLog, RunSummary, write_webvtt
from vision.seats import SeatMap, SeatMapError, parse_seat_map
from vision.sources import SourceError, VideoSource, open_source


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "analyze",
        help="find the gestures of every seat in a video, an image or a folder of images",
        description=(
            "Run the vision pipeline over a recording and write gestures.jsonl, gestures.vtt, "
            "annotated.mp4 and summary.json."
        ),
    )
    parser.add_argument(
        "source",
        metavar="SOURCE",
        help="a video file, an image, a folder of images (also a camera index or a stream URL)",
    )
    parser.add_argument(
        "--seats",
        metavar="SPEC",
        help=(
            "seat map: a JSON/TOML file with {'seats': {'1': {'bbox': [x, y, w, h]}}} (a sample "
            "video's .truth.json works), boxes inline '1=x,y,w,h;2=...', or the seats to hand "
            "out left to right, e.g. '2,3' (default: 1,2,3,4 left to right)"
        ),
    )
    parser.add_argument(
        "--profile",
        metavar="FILE",
        type=Path,
        help=(
            "a player file from `keinu calibrate` (.json: baseline and sensitivities, used for "
            "every seat) or detector settings (.toml, like models/detectors.toml)"
        ),
    )
    parser.add_argument(
        "--out", metavar="DIR", type=Path, help="output folder (default: out/<source name>)"
    )
    parser.add_argument(
        "--fps",
        type=float,
        default=None,
        help="frame rate of a folder of images (default 1: one photo a second; give the video's "
        "rate for frames dumped from a video)",
    )
    parser.add_argument("--max-frames", type=int, metavar="N", help="stop after N frames")
    parser.add_argument("--no-video", action="store_true", help="do not write annotated.mp4")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    seat_map = _seat_map(args.seats)
    detector_factory = _detector_factory(args.profile)
    landmarker_factory = _landmarker_factory()
    try:
        source = open_source(args.source, fps=args.fps)
    except SourceError as exc:
        raise UserError(str(exc)) from None
    out = args.out or Path("out") / _stem(args.source)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"cannot create output folder {out}: {exc.strerror}") from None
    summary = analyze(
        source,
        out,
        seat_map=seat_map,
        detector_factory=detector_factory,
        landmarker_factory=landmarker_factory,
        max_frames=args.max_frames,
        video=not args.no_video,
    )
    data = summary.to_dict()
    print(
        f"{data['frames']} frames ({data['duration_ms'] / 1000:.1f} s) at "
        f"{data['processing_fps']:.1f} fps: {data['faces_seen']} faces, seats "
        f"{', '.join(data['seats']) or 'none'}, {data['gestures']} gestures -> {out}"
    )
    if data["errors"]:
        raise UserError(f"{args.source}: {data['errors'][0]} (results so far are in {out})")
    if data["frames"] and not data["faces_seen"]:
        raise UserError(
            f"no face found in {args.source}: check that faces are visible and lit "
            f"(empty results written to {out})"
        )
    if data["frames"] and not data["seats"] and seat_map is not None:
        raise UserError(
            f"{data['faces_seen']} faces seen but none on the seats given by --seats: "
            "check the seat boxes against annotated.mp4"
        )
    return 0


def analyze(
    source: VideoSource,
    out: Path,
    *,
    seat_map: SeatMap | None = None,
    detector_factory: Callable | None = None,
    landmarker_factory: Callable | None = None,
    features: Callable | None = None,
    max_frames: int | None = None,
    video: bool = True,
    progress: bool = True,
) -> RunSummary:
    """Run the pipeline over ``source`` and write the four outputs into ``out``."""
    from vision.overlay import Overlay
    from vision.pipeline import Pipeline

    summary = RunSummary(str(getattr(source, "path", source.source_id)))
    pipeline = Pipeline(
        source,
        landmarker_factory=landmarker_factory,
        features=features,
        detector_factory=detector_factory,
        seat_maps=seat_map,
    )
    overlay = Overlay()
    writer: _VideoWriter | None = _VideoWriter(out / "annotated.mp4", source.fps) if video else None
    total = (
        source.frame_count
        if max_frames is None
        else min(source.frame_count or max_frames, max_frames)
    )
    bar = tqdm(total=total, unit="frame", disable=not progress, file=sys.stderr, dynamic_ncols=True)
    try:
        with GestureLog(out / "gestures.jsonl") as log, pipeline:
            for result in pipeline:
                summary.add(result)
                log.write(result.gestures)
                if result.gap is not None or result.end_of_stream:
                    overlay.update(result)
                    continue
                if writer is not None:
                    writer.write(overlay.draw(result))
                else:
                    overlay.update(result)
                bar.update(1)
                bar.set_postfix(gestures=log.count, fps=f"{result.stats.fps:.0f}", refresh=False)
                if max_frames is not None and summary.frames >= max_frames:
                    pipeline.stop()
    finally:
        bar.close()
        if writer is not None:
            writer.close()
        summary.finish()
        write_webvtt(out / "gestures.vtt", summary.gestures)
        summary.write(out / "summary.json")
    return summary


class _VideoWriter:
    """annotated.mp4, opened on the first frame (its size is the video's; frames of another
    size, as in a folder of mixed photos, are scaled to it)."""

    def __init__(self, path: Path, fps: float | None) -> None:
        self.path = path
        self.fps = fps or 30.0
        self._writer: cv2.VideoWriter | None = None
        self._size: tuple[int, int] | None = None

    def write(self, image: np.ndarray) -> None:
        if self._writer is None:
            self._size = (image.shape[1], image.shape[0])
            fourcc = cv2.VideoWriter_fourcc(*"mp4v")
            self._writer = cv2.VideoWriter(str(self.path), fourcc, self.fps, self._size)
            if not self._writer.isOpened():
                raise UserError(f"cannot write {self.path}")
        if (image.shape[1], image.shape[0]) != self._size:
            image = cv2.resize(image, self._size)
        self._writer.write(image)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.release()
            self._writer = None


def _seat_map(spec: str | None) -> SeatMap | None:
    if spec is None:
        return None
    try:
        return parse_seat_map(spec)
    except SeatMapError as exc:
        raise UserError(f"--seats: {exc}") from None


def _detector_factory(profile: Path | None) -> Callable:
    from vision.detectors import SeatGestureDetector
    from vision.settings import SettingsError, default_detector_settings, load_detector_settings

    player: Path | None = None
    try:
        if profile is not None and profile.suffix.lower() == ".toml":
            settings = load_detector_settings(profile)
        else:
            settings = default_detector_settings()
            player = profile
        if player is not None:
            SeatGestureDetector(1, settings).load_player(player)  # fail now, not mid-run
    except SettingsError as exc:
        raise UserError(f"--profile: {exc}") from None

    def make(seat: int) -> SeatGestureDetector:
        detector = SeatGestureDetector(seat, settings)
        if player is not None:
            detector.load_player(player)
        return detector

    return make


def _landmarker_factory() -> Callable:
    from vision.landmarks import mediapipe_factory
    from vision.models import ModelError, require_model

    try:
        require_model("face_landmarker")
    except ModelError as exc:
        raise UserError(str(exc)) from None
    return mediapipe_factory()


def _stem(spec: str) -> str:
    name = Path(spec.rstrip("/")).name or "source"
    return Path(name).stem if "." in name else name
