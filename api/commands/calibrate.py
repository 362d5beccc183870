"""``keinu calibrate``: record a few seconds of a player's neutral face and save it, with the
gesture sensitivities, as that player's baseline file in the data dir's ``players/`` (the one
``keinu serve --data-dir`` uses; the user data dir by default).

With ``--enrol`` the player then shows each gesture of the house profile's señas when asked
(after a window of ordinary talking): each kind's sensitivity is set to this player's own size
of the gesture (vision.detectors.enrolment), and each step says the show's size as the pages
do. The shows of the kinds seen are saved in the player's file; a kind shown but not seen is
saved as missed, not as enrolled, and the summary asks for it again.

The frames go through the same pipeline as ``keinu analyze`` and the dashboard (landmarks,
features, the seat's detector), so the baseline is measured exactly as it will be used.
"""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from api.cli import UserError
from api.commands.sources import MIRRORED_HELP
from api.player_names import PlayerNameError, kept_player_name
from api.settings import load_settings

if TYPE_CHECKING:
    from api.recording.enrolment_clip import EnrolmentClip
    from vision.config.detector_settings import DetectorSettings, EnrolmentSettings
    from vision.detectors import SeatGestureDetector
    from vision.measures.baseline import EnrolledKind
    from vision.mediapipe.landmarks import LandmarkerFactory
    from vision.pipeline import FrameResult

#: Source time allowed per second of calibration before giving up (the face must be seen).
PATIENCE = 3.0
PATIENCE_EXTRA_MS = 5000
#: After each prompt, time to get ready before the window opens.
READY_MS = 1000
#: What the player is asked while the seat calibrates, as an enrolment's recording says it.
REST_PROMPT = "rest: a neutral, relaxed face towards the camera"


@dataclass(frozen=True)
class EnrolStep:
    kind: str | None  # None: rest and ordinary talking
    prompt: str


def player_path(player: str, data_dir: Path | None = None) -> Path:
    """Where ``player``'s baseline file lives (the name held to the API's rule for a player's
    name, ``api.player_names``)."""
    try:
        name = kept_player_name(player)
    except PlayerNameError as exc:
        raise UserError(f"player name {player!r}: {exc}") from None
    return (data_dir or load_settings().data_dir) / "players" / f"{name.lower()}.json"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "calibrate",
        help="record a neutral face and save it as a player's baseline",
        description="Look at the camera with a neutral, relaxed face for a few seconds. The "
        "baseline and the gesture sensitivities are saved as the player's file in the data "
        "dir's players/ (--data-dir, as for keinu serve; default the user data dir).",
    )
    parser.add_argument(
        "--source", default="0", help="webcam index, video file, image or stream (default 0)"
    )
    parser.add_argument(
        "--seconds", type=float, default=None, help="neutral face to record (default: settings)"
    )
    parser.add_argument("--player", default="default", help="the player's name (default: default)")
    parser.add_argument(
        "--data-dir", metavar="DIR", type=Path, help="where the players live (as for serve)"
    )
    parser.add_argument(
        "--settings", type=Path, default=None, help="detector settings TOML (default: models/)"
    )
    parser.add_argument(
        "--enrol",
        action="store_true",
        help="after the neutral face, show each gesture of the house profile's señas when asked",
    )
    parser.add_argument(
        "--shows", type=int, default=2, help="times each gesture is asked for (1-3, default 2)"
    )
    parser.add_argument(
        "--show-seconds", type=float, default=3.0, help="length of each window (1-10, default 3)"
    )
    parser.add_argument(
        "--profile", default=None, help="señas profile name or .toml file (default: settings)"
    )
    parser.add_argument("--mirrored", action="store_true", help=MIRRORED_HELP)
    parser.add_argument(
        "--record",
        type=Path,
        default=None,
        metavar="DIR",
        help="with --enrol: keep the enrolment as DIR/clip.mp4, with what was asked and when, "
        "analysed into DIR/gestures.eaf for ELAN (to label and score your own players)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from vision.capture.sources import SourceError
    from vision.config.detector_settings import SettingsError
    from vision.mediapipe.models import ModelError

    path = player_path(args.player, args.data_dir)
    if args.seconds is not None and not 0.2 <= args.seconds <= 60:
        raise UserError("--seconds must be between 0.2 and 60")
    if not 1 <= args.shows <= 3:
        raise UserError("--shows must be 1, 2 or 3")
    if not 1 <= args.show_seconds <= 10:
        raise UserError("--show-seconds must be between 1 and 10")
    recording = _recording(args.record, args.enrol)
    try:
        steps = enrol_steps(args.profile, args.shows, args.show_seconds) if args.enrol else ()
        settings = _detector_settings(args.settings)
        if args.seconds is not None:
            calibration = settings.calibration.model_copy(update={"seconds": args.seconds})
            settings = settings.model_copy(update={"calibration": calibration})
        detector = calibrate(
            args.source,
            settings,
            steps=steps,
            show_ms=args.show_seconds * 1000,
            mirrored=args.mirrored,
            recording=recording,
        )
    except (SettingsError, SourceError, ModelError) as exc:
        raise UserError(str(exc)) from None
    finally:
        if recording is not None and recording.frames:
            recording.close()
    detector.save_player(path, args.player)
    kept = ", ".join(f"{k} {v:.3f}" for k, v in sorted(detector.baseline.values.items())[:4])
    print(f"saved {args.player}'s baseline to {path} ({len(detector.baseline.values)} measures: "
          f"{kept}, ...)")  # fmt: skip
    if detector.enrolment:
        print(enrolled_summary(detector.enrolment, settings))
    for note in eye_notes(detector, args.player):
        print(note)
    if recording is not None:
        analyse_recording(recording, args.profile)
    return 0


def _detector_settings(path: Path | None) -> DetectorSettings:
    """``--settings`` (models/detectors.toml without it); one that cannot be read is a
    UserError naming the option, as ``keinu analyze`` says it."""
    from vision.config.detector_settings import SettingsError, load_detector_settings

    try:
        return load_detector_settings(path)
    except SettingsError as exc:
        raise UserError(f"--settings: {exc}") from None


def _recording(folder: Path | None, enrol: bool) -> EnrolmentClip | None:
    """Where ``--record`` keeps the enrolment, checked before the camera opens."""
    from api.recording.enrolment_clip import CLIP, EnrolmentClip

    if folder is None:
        return None
    if not enrol:
        raise UserError("--record keeps an enrolment: add --enrol")
    if (folder / CLIP).exists():
        raise UserError(f"--record: {folder} already holds a recording: name another folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"--record: cannot make {folder}: {exc.strerror or exc}") from None
    return EnrolmentClip(folder, None)


def analyse_recording(recording: EnrolmentClip, profile_name: str | None) -> None:
    """The recorded enrolment read as ``keinu analyze`` reads a clip, its prompts beside the
    gestures found in ``gestures.eaf``; then what to do with it."""
    from api.commands.analyze import analyze
    from api.commands.sources import open_source_for_user
    from engine.senas import load_profile

    folder = recording.folder
    print(f"reading the recording {recording.path} ...", flush=True)
    source = open_source_for_user(recording.path)
    analyze(source, folder, profile=load_profile(profile_name or load_settings().profile))
    print(
        f"recorded: {recording.path}; what was asked and when: {folder / 'prompts.json'}; "
        f"keinu's reading with the prompts: {folder / 'gestures.eaf'}.\n"
        "To measure keinu on this player: correct the gestures tier in ELAN (the prompts tier "
        "says where each seña was asked for), then\n"
        f"  python -m benchmarks.elan_truth {folder / 'gestures.eaf'} {recording.path} "
        f"--footage {folder.parent} --split heldout --out TRUTH_DIR\n"
        f"  python -m benchmarks.real_footage {folder.parent} --truth TRUTH_DIR"
    )


def eye_notes(detector: SeatGestureDetector, player: str) -> list[str]:
    """What to do about the eye kinds the player's eyes rest too narrowed to be read making:
    show them once; or, where a show was seen and its level still had to stay above the eyes'
    rise while talking and looking down, show them fuller. And about the eye kinds whose level
    came down with no look down at the cards seen."""
    from vision.detectors.enrolment import seen_shut_rises

    enrol = f"keinu calibrate --player {shlex.quote(player)} --enrol"
    rules = detector.settings.enrolment
    narrow = detector.eyes_unreadable
    enrolled = detector.enrolment
    shown = [k for k in narrow if k in enrolled and seen_shut_rises(enrolled[k], rules)]
    unshown = [k for k in narrow if k not in shown]
    notes = []
    if unshown:
        notes.append(f"note: your eyes rest narrowed, so keinu may not read your "
                     f"{' or '.join(unshown)} until you show them once: {enrol}")  # fmt: skip
    if shown:
        notes.append(f"note: your {' or '.join(shown)} as shown rose no further than your eyes "
                     "do as you talk and look at your cards, so keinu cannot tell them apart: "
                     f"shut the eyes fully and enrol again: {enrol}")  # fmt: skip
    unguarded = detector.eyes_unguarded
    if unguarded:
        notes.append(f"note: your {' or '.join(unguarded)} was learnt with no look down at your "
                     "cards seen while you talked, so a look down may read as one: enrol again, "
                     f"looking down at your cards in the first step: {enrol}")  # fmt: skip
    return notes


def enrolled_summary(enrolment: Mapping[str, EnrolledKind], settings: DetectorSettings) -> str:
    """What enrolment learnt, kind by kind: the sensitivity, the level a shut eye must reach,
    or that the show was not seen (and so changed nothing)."""
    from vision.detectors.enrolment import enrolled_sensitivities, enrolled_shut_blink, was_seen

    sensitivities = enrolled_sensitivities(enrolment, settings)
    gates = enrolled_shut_blink(enrolment, settings)
    learnt, missed = [], []
    for kind, enrolled in enrolment.items():
        if not was_seen(enrolled, settings.enrolment):
            missed.append(kind)
            continue
        parts = [f"sensitivity {sensitivities[kind]:.2f}"] if kind in sensitivities else []
        if kind in gates:
            parts.append(f"a shut eye from a rise of {gates[kind][1]:.2f}")
        learnt.append(" ".join([kind, ", ".join(parts) or "as the settings read it"]))
    lines = [f"enrolled: {', '.join(learnt)}"] if learnt else []
    if missed:
        lines.append(
            f"not seen, nothing learnt: {', '.join(missed)} (show it again, facing the camera)"
        )
    return "\n".join(lines)


def enrol_steps(profile_name: str | None, shows: int, show_seconds: float) -> list[EnrolStep]:
    """The prompts of enrolment: ordinary talking first, then each gesture of the profile."""
    from api.enrolment import profile_kinds
    from engine.senas import ProfileError, load_profile

    try:
        profile = load_profile(profile_name or load_settings().profile)
    except ProfileError as exc:
        raise UserError(str(exc)) from None
    steps = [
        EnrolStep(
            None,
            f"talk and look down at your cards as you do at the table, no seña, "
            f"for {show_seconds:g} s",
        )
    ]
    for kind, meanings in profile_kinds(profile).items():
        for show in range(1, shows + 1):
            prompt = f"show {kind.replace('_', ' ')} ({', '.join(meanings)}), {show} of {shows}"
            steps.append(EnrolStep(kind, prompt))
    return steps


def calibrate(
    source_spec: str,
    settings: DetectorSettings,
    landmarker_factory: LandmarkerFactory | None = None,
    steps: Sequence[EnrolStep] = (),
    show_ms: float = 3000.0,
    mirrored: bool = False,
    recording: EnrolmentClip | None = None,
) -> SeatGestureDetector:
    """Run the pipeline on ``source_spec`` until one seat's baseline is calibrated, then through
    the enrolment ``steps``; returns that seat's detector. Raises UserError when no face stays
    in view long enough. A ``recording`` keeps every frame read and what was asked when."""
    from api.commands.sources import open_source_for_user
    from vision.detectors import SeatGestureDetector
    from vision.pipeline import Pipeline, default_detectors, default_features

    loop = not str(source_spec).isdigit()
    source = open_source_for_user(source_spec, loop=loop, mirrored=mirrored)
    pipeline = Pipeline(
        source,
        landmarker_factory=landmarker_factory,
        features=default_features(settings),
        detector_factory=default_detectors(settings),
    )
    limit_ms = settings.calibration.seconds * 1000 * PATIENCE + PATIENCE_EXTRA_MS
    print(f"calibrating from {source_spec}: keep a neutral, relaxed face towards the camera")
    seen_not_resting = False
    if recording is not None:
        recording.fps = source.fps or recording.fps
    with pipeline:
        results: Iterator[FrameResult] = iter(pipeline)
        if recording is not None:
            results = recorded(results, recording)
        first_ms = None
        for result in results:
            first_ms = result.frame.ts_ms if first_ms is None else first_ms
            seats = [d for d in pipeline.detectors.values() if isinstance(d, SeatGestureDetector)]
            ready = [d for d in seats if d.calibration.state == "ready"]
            if ready:
                if recording is not None:
                    recording.prompt(REST_PROMPT, first_ms, result.frame.ts_ms)
                if steps:
                    enrol(results, ready[0], steps, show_ms, recording)
                return ready[0]
            seen_not_resting |= any(not d.calibration.resting for d in seats)
            if result.end_of_stream or result.frame.ts_ms > limit_ms:
                break
    if seen_not_resting:
        raise UserError(
            f"the face in {source_spec} was seen but not at rest for "
            f"{settings.calibration.seconds:g} s: open both eyes, close the lips, relax the "
            "brows, and try again"
        )
    raise UserError(
        f"no face stayed in view of {source_spec} for {settings.calibration.seconds:g} s: face "
        "the camera in good light, closer, and try again"
    )


def recorded(results: Iterator[FrameResult], recording: EnrolmentClip) -> Iterator[FrameResult]:
    """``results``, each frame read also kept in ``recording``."""
    for result in results:
        if result.gap is None and not result.end_of_stream:
            recording.add(result.frame.ts_ms, result.frame.image)
        yield result


def enrol(
    results: Iterator[FrameResult],
    detector: SeatGestureDetector,
    steps: Sequence[EnrolStep],
    show_ms: float,
    recording: EnrolmentClip | None = None,
) -> None:
    """Prompt each step, give the player ``READY_MS``, watch ``show_ms`` of the source, and use
    what was learnt on ``detector``; a ``recording`` notes each step's window."""
    from vision.detectors.enrolment import Enrolment

    enrolment = Enrolment(detector)
    rules = detector.settings.enrolment
    for step in steps:
        print(step.prompt, flush=True)
        start, peak = None, None
        for result in results:
            if result.end_of_stream:
                break
            ts = result.frame.ts_ms
            start = ts if start is None else start
            if ts - start < READY_MS:
                continue
            if not enrolment.is_open:
                enrolment.begin(step.kind)
            enrolment.observe()
            if ts - start >= READY_MS + show_ms:
                peak = enrolment.end()
                if recording is not None:
                    recording.prompt(step.prompt, start + READY_MS, ts)
                break
        if peak is None:
            raise UserError("the source ended during enrolment: record a longer clip")
        if step.kind is not None:
            print(f"  {shown_line(enrolment.learnt()[step.kind], rules)}", flush=True)
    detector.use_enrolment(enrolment.learnt())


def shown_line(shown: EnrolledKind, rules: EnrolmentSettings) -> str:
    """How a step's show went, as the pages say it: its size (``show_size``: for an eye kind how
    far eyeBlink rose, for the others the peak), and whether it was seen at all so far."""
    from vision.detectors.enrolment import show_size, was_seen

    line = f"size {show_size(shown):.0%}"
    return line if was_seen(shown, rules) else f"{line}: not seen, show it again facing the camera"
