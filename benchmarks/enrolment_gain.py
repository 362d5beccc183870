"""What enrolment buys: each kind enrolled on one moment of a face, tested on its others.

    python -m benchmarks.enrolment_gain FOOTAGE_DIR --cache DIR [--lead-in 3] [--truth DIR]
    python -m benchmarks.enrolment_gain --generated data/eval/heldout [--generated DIR]

For every labelled clip (of ``benchmarks/real_footage/`` or ``--truth DIR``, such as a club's
own recordings turned into truth by ``elan_truth.py``, or of a generated set) with at least
two instances of a gesture kind on one seat, the first instance is the player's enrolment (the
window they were asked to show it in: the instance's labelled span, ``--pad`` either side) and
the clip's face before it, away from any labelled moment, is their ordinary face. The detectors
then run over the whole clip twice, as configured and with what enrolment sets for that player
(the kind's sensitivity and, for the eye kinds, the level a shut eye must reach:
vision.detectors.enrolment), and only that kind's *other* instances are scored: the
enrolment's own span counts neither way. Precision counts every other gesture of that kind in
the clip as false.

Real landmarks and features come from the cache of ``benchmarks/real_footage.py --cache`` (made
on first use); a generated set's from ``rescore.py cache DIR``. Last line of each set:
``overall recall R0 -> R1 precision P0 -> P1 (N held-out instances)``.

``--narrow D`` reads the real faces as if their eyes rested narrowed: each eye's eyeBlink ``x``
becomes ``x + D * (1 - x / S)`` (``S``: ``[eyes] shut_reads``, what a shut eye reads), so the
rest rises about ``D`` while a shut eye still reads about ``S``, as on real faces that rest
narrowed. Half of the real faces measured rest so; none of them was filmed making a seña.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchmarks.accuracy import Interval, Score, match
from benchmarks.real_footage import LEAD_IN_S, TRUTH_DIR, cached_rows, load_clips
from benchmarks.rescore import Rows, features_of, replay_rows, videos_in
from engine.gesture import Gesture
from vision.measures.baseline import EnrolledKind

if TYPE_CHECKING:  # read in main: these names are for the annotations
    from vision.config.detector_settings import DetectorSettings
    from vision.measures.features import FaceFeatures

Span = tuple[int, int]

#: Time around a labelled span that is neither the ordinary face nor the gesture.
MARGIN_MS = 500


def enrol_on(
    rows: Rows,
    settings: DetectorSettings,
    seat: int,
    kind: str,
    show: Span,
    quiet: list[Span],
    held_out: list[Span],
) -> tuple[EnrolledKind | None, list[float]]:
    """Replay ``seat``'s rows with an Enrolment window of ``kind`` over ``show`` and of rest over
    each ``quiet`` span (lead-in clock); what was learnt of ``kind``, and the peak activation
    before sensitivity it reached in each ``held_out`` span (how well the enrolled size
    foretells the same face's other instances)."""
    from vision.detectors import SeatGestureDetector
    from vision.detectors.enrolment import Enrolment

    detector = SeatGestureDetector(seat, settings)
    enrolment = Enrolment(detector)
    windows = [(show, kind)] + [(span, None) for span in quiet]
    current: Span | None = None
    later = [0.0] * len(held_out)
    for ts, row_seat, features in rows:
        if row_seat != seat:
            continue
        detector.update(ts, features)
        for i, (lo, hi) in enumerate(held_out):
            if lo <= ts <= hi:
                later[i] = max(later[i], detector.raw_scores()[kind])
        inside = next(((span, k) for span, k in windows if span[0] <= ts <= span[1]), None)
        if current is not None and (inside is None or inside[0] != current):
            enrolment.end()
            current = None
        if inside is not None and current is None:
            enrolment.begin(inside[1])
            current = inside[0]
        enrolment.observe()
    if current is not None:
        enrolment.end()
    return enrolment.learnt().get(kind), later


def quiet_spans(truth: Mapping[str, Any], before_ms: int, offset_ms: int) -> list[Span]:
    """The clip's face before ``before_ms`` (clip clock) away from every labelled moment, on the
    lead-in clock."""
    busy = sorted(
        (int(g["start_ms"]) - MARGIN_MS, int(g["end_ms"]) + MARGIN_MS)
        for key in ("gestures", "distractors", "ignore")
        for g in truth.get(key, [])
    )
    spans, start = [], 0
    for lo, hi in busy:
        if lo > start:
            spans.append((start, min(lo, before_ms)))
        start = max(start, hi)
    if start < before_ms:
        spans.append((start, before_ms))
    return [(lo + offset_ms, hi + offset_ms) for lo, hi in spans if hi - lo > 0]


def held_out_score(
    truth: Mapping[str, Any], kind: str, show: Mapping[str, Any], gestures: list[Gesture]
) -> Score:
    """``kind``'s gestures on the enrolled seat against that seat's instances other than
    ``show``, whose span is ignored: another player's señas say nothing of this one's
    enrolment."""
    seat = int(show["seat"])
    others = [
        g
        for g in truth["gestures"]
        if g["kind"] == kind and int(g["seat"]) == seat and g is not show
    ]
    ignore = [*truth.get("ignore", []), {**show, "start_ms": show["start_ms"] - MARGIN_MS,
                                         "end_ms": show["end_ms"] + MARGIN_MS}]  # fmt: skip
    held_out = {**truth, "gestures": others, "ignore": ignore}
    predicted = [
        Interval(g.seat, g.kind, g.side, g.start_ms, g.end_ms)
        for g in gestures
        if g.kind == kind and g.seat == seat
    ]
    return match(held_out, predicted)


def on_clip_clock(gestures: list[Gesture], offset_ms: int) -> list[Gesture]:
    return [
        replace(g, start_ms=g.start_ms - offset_ms, end_ms=g.end_ms - offset_ms) for g in gestures
    ]


def _total(score: Score, counter: str) -> int:
    return sum(getattr(score, counter).values())


def _ratio(hits: int, misses: int) -> str:
    return f"{hits / (hits + misses):.2f}" if hits + misses else "  - "


@dataclass(frozen=True)
class EnrolClip:
    """One labelled clip as enrolment is measured on it: its faces' rows and where the clip
    starts on their clock (a real clip's held first frame comes before it)."""

    name: str
    truth: dict[str, Any]
    rows: Rows
    offset_ms: int


def real_clips(
    footage: Path,
    cache: Path,
    lead_in_ms: int,
    settings: DetectorSettings,
    truth_dir: Path = TRUTH_DIR,
    narrow: float = 0.0,
) -> list[EnrolClip]:
    return [
        EnrolClip(
            clip.name,
            clip.truth,
            narrowed(cached_rows(clip, lead_in_ms, cache, settings), narrow, settings),
            clip.offset_ms(lead_in_ms),
        )
        for clip in load_clips([footage], "all", truth_dir)
        if _repeated_kinds(clip.truth)
    ]


def narrowed(rows: Rows, by: float, settings: DetectorSettings) -> Rows:
    """``rows`` whose eyes rest ``by`` higher on eyeBlink, a shut eye reading as it did (the
    module's ``--narrow``)."""
    if not by:
        return rows
    shut = settings.eyes.shut_reads

    def eyes_of(found: FaceFeatures) -> FaceFeatures:
        shapes = dict(found.blendshapes)
        for name in ("eyeBlinkLeft", "eyeBlinkRight"):
            value = shapes.get(name, 0.0)
            shapes[name] = min(value + by * max(1.0 - value / shut, 0.0), 1.0)
        return replace(found, blendshapes=shapes)

    return [(ts, seat, None if found is None else eyes_of(found)) for ts, seat, found in rows]


def generated_clips(directory: Path, settings: DetectorSettings) -> list[EnrolClip]:
    """The clips of a generated set (``make_eval_set.py``, cached by ``rescore.py cache``)."""
    clips = []
    for video in videos_in(directory, cached_only=True):
        truth = json.loads(video.with_suffix(".truth.json").read_text())
        if _repeated_kinds(truth):
            clips.append(EnrolClip(video.stem, truth, features_of(video, settings), 0))
    return clips


def _repeated_kinds(truth: Mapping[str, Any]) -> dict[tuple[int, str], list[dict[str, Any]]]:
    """Each (seat, kind) the clip labels at least twice, with its instances in time order."""
    by_kind: dict[tuple[int, str], list[dict[str, Any]]] = defaultdict(list)
    for g in sorted(truth["gestures"], key=lambda g: g["start_ms"]):
        by_kind[int(g["seat"]), g["kind"]].append(g)
    return {key: found for key, found in by_kind.items() if len(found) >= 2}


@dataclass
class Gain:
    """Scores of the held-out instances, with the settings as they are and with enrolment."""

    before: dict[str, Score] = field(default_factory=lambda: defaultdict(Score))
    after: dict[str, Score] = field(default_factory=lambda: defaultdict(Score))
    clips_of: dict[str, int] = field(default_factory=lambda: defaultdict(int))


def measure(clips: list[EnrolClip], settings: DetectorSettings, pad_ms: int) -> Gain:
    """Enrol each repeated kind of each clip on its first instance and score the others."""
    from vision.detectors.enrolment import enrolled_sensitivities, enrolled_settings

    gain = Gain()
    for clip in clips:
        offset = clip.offset_ms
        plain = on_clip_clock(replay_rows(clip.rows, settings), offset)
        for (seat, kind), instances in _repeated_kinds(clip.truth).items():
            show = instances[0]
            span = (show["start_ms"] - pad_ms + offset, show["end_ms"] + pad_ms + offset)
            quiet = quiet_spans(clip.truth, show["start_ms"] - MARGIN_MS, offset)
            others = [(g["start_ms"] + offset, g["end_ms"] + offset) for g in instances[1:]]
            learnt, later = enrol_on(clip.rows, settings, seat, kind, span, quiet, others)
            enrolment = {} if learnt is None else {kind: learnt}
            tuned = enrolled_settings(settings, enrolment)
            enrolled = on_clip_clock(replay_rows(clip.rows, tuned), offset)
            was = held_out_score(clip.truth, kind, show, plain)
            now = held_out_score(clip.truth, kind, show, enrolled)
            gain.before[kind].add(was)
            gain.after[kind].add(now)
            gain.clips_of[kind] += 1
            shut = tuned.gestures.of(kind)
            peaks = "not seen" if learnt is None else (
                f"peak {max(learnt.peaks):.2f} quiet "
                f"{'-' if learnt.quiet_peak is None else f'{learnt.quiet_peak:.2f}'}"
            )  # fmt: skip
            sensitivity = enrolled_sensitivities(enrolment, settings).get(kind)
            gate = f" shut_blink {shut.shut_blink}" if hasattr(shut, "shut_blink") else ""
            (tp0, fn0, fp0), (tp1, _, fp1) = _counts(was), _counts(now)
            print(f"{clip.name} {kind}: {peaks} sensitivity {sensitivity}{gate}; held-out "
                  f"peaks {', '.join(f'{p:.2f}' for p in later)}, found "
                  f"{tp0} -> {tp1} of {tp0 + fn0}, false {fp0} -> {fp1}",
                  file=sys.stderr)  # fmt: skip
    return gain


def report(title: str, gain: Gain) -> None:
    print(f"== {title}")
    print(f"{'kind':<14}{'clips':>6}{'held-out':>9}  recall before -> after"
          f"   precision before -> after   false before -> after")  # fmt: skip
    overall_before, overall_after = Score(), Score()
    for kind in sorted(gain.before):
        was, now = gain.before[kind], gain.after[kind]
        overall_before.add(was)
        overall_after.add(now)
        print(_line(kind, gain.clips_of[kind], was, now))
    print(_line("overall", sum(gain.clips_of.values()), overall_before, overall_after))
    (tp0, fn0, fp0), (tp1, fn1, fp1) = _counts(overall_before), _counts(overall_after)
    print(f"overall recall {_ratio(tp0, fn0)} -> {_ratio(tp1, fn1)} precision "
          f"{_ratio(tp0, fp0)} -> {_ratio(tp1, fp1)} ({tp0 + fn0} held-out instances)")  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    from vision.config.detector_settings import default_detector_settings

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("footage", type=Path, nargs="?", help="the real footage folder")
    parser.add_argument("--cache", type=Path, help="landmark cache folder of the real footage")
    parser.add_argument(
        "--truth", type=Path, default=TRUTH_DIR, help="the real footage's truth files' folder"
    )
    parser.add_argument(
        "--lead-in", type=float, default=LEAD_IN_S, help="seconds of held first frame"
    )
    parser.add_argument("--pad", type=float, default=0.3, help="seconds around the enrolment")
    parser.add_argument(
        "--narrow",
        type=float,
        default=0.0,
        help="read the real faces' eyes as resting this much narrowed on eyeBlink (0-0.4)",
    )
    parser.add_argument(
        "--generated",
        type=Path,
        action="append",
        default=[],
        help="a generated set (make_eval_set.py, cached by rescore.py cache); repeatable",
    )
    args = parser.parse_args(argv)
    if args.footage is None and not args.generated:
        parser.error("give the real footage folder, a --generated set, or both")
    if args.footage is not None and args.cache is None:
        parser.error("the real footage needs --cache DIR")
    if not 0 <= args.narrow <= 0.4:
        parser.error(f"--narrow {args.narrow:g}: give 0 to 0.4")
    for folder in [args.footage, args.truth, *args.generated]:
        if folder is not None and not folder.is_dir():
            parser.error(f"{folder} is not a folder")
    lead_in_ms, pad_ms = round(args.lead_in * 1000), round(args.pad * 1000)
    settings = default_detector_settings()
    sets = []
    if args.footage is not None:
        narrowed_by = f", eyes resting {args.narrow:g} narrowed" if args.narrow else ""
        sets.append((f"real footage {args.footage}{narrowed_by}", real_clips(
            args.footage, args.cache, lead_in_ms, settings, args.truth, args.narrow)))  # fmt: skip
    sets += [(f"generated {d}", generated_clips(d, settings)) for d in args.generated]
    for title, clips in sets:
        if not clips:
            parser.error(f"{title}: no clip has two labelled instances of one kind")
    for title, clips in sets:
        report(title, measure(clips, settings, pad_ms))
    return 0


def _counts(score: Score) -> tuple[int, int, int]:
    """(found, missed, false)."""
    return (
        _total(score, "true_positives"),
        _total(score, "false_negatives"),
        _total(score, "false_positives"),
    )


def _line(name: str, clips: int, was: Score, now: Score) -> str:
    (tp0, fn0, fp0), (tp1, fn1, fp1) = _counts(was), _counts(now)
    return (f"{name:<14}{clips:>6}{tp0 + fn0:>9}  {_ratio(tp0, fn0):>13} -> {_ratio(tp1, fn1):<5}"
            f"   {_ratio(tp0, fp0):>16} -> {_ratio(tp1, fp1):<5}   {fp0:>12} -> {fp1}")  # fmt: skip


if __name__ == "__main__":
    raise SystemExit(main())
