"""``keinu analyze SOURCE``: find every seat's gestures in a recording and write them down.

Writes, in ``--out`` (default ``out/<source name>``): ``gestures.jsonl`` (written as gestures are
found), ``gestures.vtt`` (captions), ``gestures.eaf`` (ELAN tiers), ``annotated.mp4`` (landmarks,
seats, gesture labels and score traces drawn over the video) and ``summary.json``.

What the gestures mean comes from the house profile (``--profile``): they are read exactly as a
live table reads them (``Table.observe``, then the engine's ``interpret``, which combines a seat's
gestures within the profile's window). A later gesture can complete a seña, so each line of
``gestures.jsonl`` gets its seña when the run ends.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np
from tqdm import tqdm

from api.cli import UserError
from api.commands.calibrate import player_path
from api.commands.sources import MIRRORED_HELP, open_source_for_user
from api.enrolment import profile_kinds
from api.exports.analysis import load_analysis
from api.exports.eaf import write_eaf
from api.exports.webvtt import Cue, vtt_file
from api.player_names import PlayerNameError, player_name
from engine.gesture import Gesture
from engine.senas import Profile, ProfileError, Sena, interpret, load_profile
from engine.table import Table
from vision.capture.sources import VideoSource
from vision.config.detector_settings import DetectorSettings
from vision.config.pipeline_settings import default_vision_settings
from vision.output.export import MIN_CUE_MS, GestureLog, RunSummary
from vision.seats import SeatMap, SeatMapError, parse_seat_map

#: A video read to fewer than this share of the frames its header counts was cut short (headers
#: round: a few frames less is no cut).
CUT_SHORT = 0.98
#: The highest --fps a folder of images may be given (a high-speed camera's frames).
MAX_FPS = 1000.0

if TYPE_CHECKING:
    from vision.mediapipe.landmarks import LandmarkerFactory
    from vision.pipeline import DetectorFactory, FeatureFunction


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
        metavar="NAME|FILE",
        default="standard",
        help=(
            "house profile of señas that says what the gestures mean: standard, navarra, "
            "extended, or a club's .toml file (default standard)"
        ),
    )
    parser.add_argument(
        "--player",
        metavar="NAME|FILE",
        help=(
            "a player's baseline and sensitivities from `keinu calibrate` (a player's name or "
            "their .json file), used for every seat"
        ),
    )
    parser.add_argument(
        "--settings",
        metavar="FILE",
        type=Path,
        help="detector settings TOML (default models/detectors.toml)",
    )
    parser.add_argument(
        "--out", metavar="DIR", type=Path, help="output folder (default: out/<source name>)"
    )
    parser.add_argument(
        "--fps",
        type=float,
        default=None,
        help="frame rate of a folder of images, read then as one video's frames (default: "
        "separate photos, one a second); a video or camera gives its own",
    )
    parser.add_argument("--max-frames", type=int, metavar="N", help="stop after N frames")
    parser.add_argument("--mirrored", action="store_true", help=MIRRORED_HELP)
    parser.add_argument("--no-video", action="store_true", help="do not write annotated.mp4")
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        type=Path,
        help="where --player NAME is looked for (as for serve and calibrate)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.fps is not None and not 0 < args.fps <= MAX_FPS:
        raise UserError(f"--fps must be above 0 and at most {MAX_FPS:g} frames a second")
    if args.fps is not None and not Path(str(args.source)).expanduser().is_dir():
        raise UserError(
            f"--fps is the frame rate of a folder of images: {args.source} gives its own"
        )
    if args.max_frames is not None and args.max_frames < 1:
        raise UserError("--max-frames must be 1 or more")
    seat_map = _seat_map(args.seats)
    profile = _house_profile(args.profile)
    detector_settings = _detector_settings(args.settings)
    player = _player_file(args.player, args.data_dir)
    detector_factory = _detector_factory(detector_settings, player)
    landmarker_factory = _landmarker_factory()
    source = open_source_for_user(args.source, fps=args.fps, mirrored=args.mirrored)
    out = args.out or Path("out") / _stem(args.source)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"cannot create output folder {out}: {exc.strerror}") from None
    analyze(
        source,
        out,
        seat_map=seat_map,
        profile=profile,
        detector_factory=detector_factory,
        landmarker_factory=landmarker_factory,
        max_frames=args.max_frames,
        video=not args.no_video,
        detector_settings=detector_settings,
    )
    data = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    print(
        f"{_count(data['frames'], 'frame')} ({data['duration_ms'] / 1000:.1f} s) at "
        f"{data['processing_fps']:.1f} fps: {_count(data['faces_seen'], 'face')}, seats "
        f"{', '.join(data['seats']) or 'none'}, {_count(data['gestures'], 'gesture')}, "
        f"{_count(data['senas'], 'seña')} ({data['profile']}) -> {out}"
    )
    for note in seat_notes(data, profile):
        print(note)
    a_video_file = Path(str(args.source)).expanduser().is_file() and not source.stills
    expected = source.frame_count if a_video_file else None
    if expected and args.max_frames is None and data["frames"] < expected * CUT_SHORT:
        print(
            f"{args.source} ended at frame {data['frames']} of the {expected} its header counts:"
            " the file may be cut short (results are up to there)"
        )
    if data["slow"]:
        print(
            f"the recording gives {data['read_fps']:.0f} frames a second: a brief seña (a "
            f"quarter-second wink) may be missed; {default_vision_settings().pipeline.slow_fps:g} "
            "or more is best"
        )
    if data["errors"]:
        raise UserError(f"{args.source}: {data['errors'][0]} (results so far are in {out})")
    if data["frames"] and not data["faces_seen"]:
        raise UserError(
            f"no face found in {args.source}: check that faces are visible and lit "
            f"(empty results written to {out})"
        )
    if data["frames"] and not data["seats"] and seat_map is not None:
        against = "a frame of the video" if args.no_video else "annotated.mp4"
        raise UserError(
            f"{data['faces_seen']} faces seen but none on the seats given by --seats: "
            f"check the seat boxes against {against}"
        )
    return 0


def analyze(
    source: VideoSource,
    out: Path,
    *,
    seat_map: SeatMap | None = None,
    profile: Profile | None = None,
    detector_factory: DetectorFactory | None = None,
    landmarker_factory: LandmarkerFactory | None = None,
    features: FeatureFunction | None = None,
    max_frames: int | None = None,
    video: bool = True,
    progress: bool = True,
    detector_settings: DetectorSettings | None = None,
) -> RunSummary:
    """Run the pipeline over ``source`` and write the four outputs into ``out``; each gesture
    is written with the seña it forms under ``profile`` (default standard). ``summary.json``
    lists per seat the spans its face was too small or too poorly seen to judge
    (``unjudged``): no gesture is read there. ``detector_settings`` (models/detectors.toml by
    default) decide when a face is judgeable."""
    from vision.mediapipe.native_logs import native_logs_captured, terminal_stderr
    from vision.output.overlay import Overlay
    from vision.pipeline import Pipeline

    summary = RunSummary(str(getattr(source, "path", source.source_id)))
    pipeline = Pipeline(
        source,
        landmarker_factory=landmarker_factory,
        features=features,
        detector_factory=detector_factory,
        seat_maps=seat_map,
        detector_settings=detector_settings,
    )
    overlay = Overlay()
    writer: _VideoWriter | None = _VideoWriter(out / "annotated.mp4", source.fps) if video else None
    if writer is None:
        # an earlier run's, which the ELAN document and the review page would take for this one's
        (out / "annotated.mp4").unlink(missing_ok=True)
    total = (
        source.frame_count
        if max_frames is None
        else min(source.frame_count or max_frames, max_frames)
    )
    # One capture for the whole run: MediaPipe's threads may log after a call has returned.
    with terminal_stderr() as terminal, native_logs_captured():
        bar = tqdm(total=total, unit="frame", disable=not progress, file=terminal,
                   dynamic_ncols=True)  # fmt: skip
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
                    bar.set_postfix(
                        gestures=log.count, fps=f"{result.stats.fps:.0f}", refresh=False
                    )
                    if max_frames is not None and summary.frames >= max_frames:
                        pipeline.stop()
        finally:
            bar.close()
            if writer is not None:
                writer.close()
            summary.finish()
            write_outputs(out, summary, profile or load_profile("standard"))
    return summary


def seat_notes(summary: dict[str, Any], profile: Profile) -> list[str]:
    """What a seat could not be judged on, from ``summary.json``: the spans its face was not
    judged, and, under a profile with a shrug seña, those its shoulders were out of the picture;
    under one with eye señas, those its eyes rested too narrowed for them to be read."""
    notes = [
        f"seat {seat}: not judged for {_seconds(spans):.1f} s ({_reasons(spans)}): "
        "no gesture is read there"
        for seat, spans in summary["unjudged"].items()
    ]
    if "shrug" in profile_kinds(profile):
        notes += [
            f"seat {seat}: shoulders out of the picture for {_seconds(spans):.1f} s: "
            "no shrug could be seen then"
            for seat, spans in summary["shoulders_unseen"].items()
        ]
    used = profile_kinds(profile)
    for seat, spans in summary.get("eyes_unreadable", {}).items():
        kinds = [k for k in dict.fromkeys(", ".join(s["reason"] for s in spans).split(", "))
                 if k in used]  # fmt: skip
        if kinds:
            notes.append(
                f"seat {seat}: eyes resting narrowed for {_seconds(spans):.1f} s: "
                f"{' or '.join(kinds)} may not be read then "
                "(the player can show it once, then be read with it: keinu calibrate --player "
                "NAME --enrol; keinu analyze --player NAME)"
            )
    return notes


def _seconds(spans: list[dict[str, Any]]) -> float:
    return float(sum(span["end_ms"] - span["start_ms"] for span in spans)) / 1000


def _reasons(spans: list[dict[str, Any]]) -> str:
    """The spans' reason; several, each with its own time, the longest first."""
    by_reason: dict[str, list[dict[str, Any]]] = {}
    for span in spans:
        by_reason.setdefault(span["reason"], []).append(span)
    if len(by_reason) == 1:
        return str(spans[0]["reason"])
    timed = sorted(by_reason.items(), key=lambda item: -_seconds(item[1]))
    return ", ".join(f"{reason} {_seconds(them):.1f} s" for reason, them in timed)


def read_senas(gestures: Sequence[Gesture], profile: Profile) -> list[Sena]:
    """The señas ``gestures`` (in the order they were reported) form under ``profile``, read as
    a live table reads them: each becomes a seña call (``Table.observe``) and the engine's
    ``interpret`` combines each seat's calls within the profile's window."""
    table = Table()
    return interpret([table.observe(gesture) for gesture in gestures], profile)


def sena_dict(sena: Sena, profile: Profile) -> dict[str, Any]:
    """A seña as the outputs show it; ``meaning`` is None for gestures the profile does not
    list (a referee's ``not_in_catalogue``)."""
    return {
        "meaning": sena.meaning,
        "lance": profile.lance_of(sena.meaning) if sena.meaning else None,
        "gestures": list(sena.gestures),
    }


def sena_of_each(senas: Sequence[Sena], count: int) -> list[Sena]:
    """For each of the ``count`` gestures ``senas`` were read from, the seña it is part of."""
    by_call = {call.index: sena for sena in senas for call in sena.calls}
    return [by_call[index] for index in range(count)]


def senas_per_seat(senas: Sequence[Sena]) -> dict[str, dict[str, int]]:
    """Señas counted per seat and meaning; gestures outside the profile as not_in_catalogue."""
    counts = Counter((sena.seat, sena.meaning or "not_in_catalogue") for sena in senas)
    per_seat: dict[str, dict[str, int]] = {}
    for (seat, meaning), count in sorted(counts.items()):
        per_seat.setdefault(str(seat), {})[meaning] = count
    return per_seat


def caption(gesture: Gesture, sena: Sena, profile: Profile) -> str:
    """A cue's text: the gesture, then the seña it forms (with its gestures when combined)."""
    if sena.meaning is None:
        said = f"not a seña of {profile.name}"
    elif len(sena.calls) > 1:
        said = f"{sena.meaning} ({' + '.join(sena.gestures)})"
    else:
        said = sena.meaning
    return f"seat {gesture.seat}: {gesture.label} — {said}"


def webvtt_with_senas(gestures: Sequence[Gesture], senas: Sequence[Sena], profile: Profile) -> str:
    """Captions, one cue per gesture from its start to its end, with the seña it forms."""
    ordered = sorted(zip(gestures, senas, strict=True), key=lambda p: (p[0].start_ms, p[0].seat))
    return vtt_file(
        Cue(g.start_ms, max(g.end_ms, g.start_ms + MIN_CUE_MS), caption(g, sena, profile))
        for g, sena in ordered
    )


def write_outputs(out: Path, summary: RunSummary, profile: Profile) -> None:
    """gestures.jsonl again with each gesture's seña, gestures.vtt, summary.json and
    gestures.eaf (ELAN), which is read back from the other three."""
    gestures = summary.gestures
    senas = read_senas(gestures, profile)
    each = sena_of_each(senas, len(gestures))
    lines = [
        json.dumps({**gesture.to_dict(), "sena": sena_dict(sena, profile)}, ensure_ascii=False)
        for gesture, sena in zip(gestures, each, strict=True)
    ]
    partial = out / "gestures.jsonl.part"
    partial.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    os.replace(partial, out / "gestures.jsonl")
    (out / "gestures.vtt").write_text(webvtt_with_senas(gestures, each, profile), "utf-8")
    data = summary.to_dict()
    data["profile"] = profile.name
    data["senas"] = len(senas)
    data["senas_per_seat"] = senas_per_seat(senas)
    (out / "summary.json").write_text(
        json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    write_eaf(load_analysis(out), out / "gestures.eaf")


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
            fourcc = cv2.VideoWriter.fourcc(*"mp4v")
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


def _house_profile(name_or_path: str) -> Profile:
    try:
        return load_profile(name_or_path)
    except ProfileError as exc:
        raise UserError(f"--profile: {exc}") from None


def _player_file(spec: str | None, data_dir: Path | None = None) -> Path | None:
    """``--player``: a file, or the name of a player ``keinu calibrate`` saved (in
    ``data_dir``'s players/)."""
    if spec is None:
        return None
    path = Path(spec).expanduser()
    if path.exists() or path.suffix == ".json":
        return path
    try:
        player_name(spec)
    except PlayerNameError:  # a "/" in it: a path
        return path
    path = player_path(spec, data_dir)
    if not path.exists():
        where = "" if data_dir is None else f" --data-dir {shlex.quote(str(data_dir))}"
        raise UserError(
            f"--player: no player {spec!r} ({path} does not exist): run "
            f"`keinu calibrate --player {shlex.quote(spec)}{where}` first, or give the player's"
            " .json file"
        )
    return path


def _detector_settings(settings_path: Path | None) -> DetectorSettings:
    from vision.config.detector_settings import SettingsError, load_detector_settings

    try:
        return load_detector_settings(settings_path)
    except SettingsError as exc:
        raise UserError(f"--settings: {exc}") from None


def _detector_factory(settings: DetectorSettings, player: Path | None) -> DetectorFactory:
    from vision.config.detector_settings import SettingsError
    from vision.detectors import SeatGestureDetector

    if player is not None:
        try:
            SeatGestureDetector(1, settings).load_player(player)  # fail now, not mid-run
        except SettingsError as exc:
            raise UserError(f"--player: {exc}") from None

    def make(seat: int) -> SeatGestureDetector:
        detector = SeatGestureDetector(seat, settings)
        if player is not None:
            detector.load_player(player)
        return detector

    return make


def _landmarker_factory() -> LandmarkerFactory:
    from vision.mediapipe.landmarks import mediapipe_factory
    from vision.mediapipe.models import ModelError, require_model

    try:
        require_model("face_landmarker")
    except ModelError as exc:
        raise UserError(str(exc)) from None
    return mediapipe_factory()


def _stem(spec: str) -> str:
    name = Path(spec.rstrip("/")).name or "source"
    return Path(name).stem if "." in name else name


def _count(n: int, noun: str) -> str:
    """``n`` and the noun, plural unless one: "1 face", "2 faces"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
