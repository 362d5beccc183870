"""What enrolment buys on real faces: each kind enrolled on one moment of a face, tested on others.

    python -m benchmarks.enrolment_gain FOOTAGE_DIR --cache DIR [--lead-in 3]

For every labelled clip of ``benchmarks/real_footage/`` with at least two instances of a gesture
kind, the first instance is the player's enrolment (the window they were asked to show it in:
the instance's labelled span, ``--pad`` either side) and the clip's face before it, away from
any labelled moment, is their ordinary face. The detectors then run over the whole clip twice,
with the configured sensitivities and with the ones enrolment sets (vision.detectors.enrolment),
and only that kind's *other* instances are scored: the enrolment's own span counts neither way.
Precision counts every other gesture of that kind in the clip as false.

Landmarks and features come from the cache of ``benchmarks/real_footage.py --cache`` (made on
first use). Last line: ``overall recall R0 -> R1 precision P0 -> P1 (N held-out instances)``.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

from benchmarks.accuracy import Interval, Score, match
from benchmarks.real_footage import LEAD_IN_S, cached_rows, lead_in_ms_of, load_clips
from benchmarks.rescore import replay_rows
from engine.gesture import Gesture
from vision.measures.baseline import EnrolledKind

Span = tuple[int, int]

#: Time around a labelled span that is neither the ordinary face nor the gesture.
MARGIN_MS = 500


def enrol_on(
    rows: list, settings, seat: int, kind: str, show: Span, quiet: list[Span], held_out: list[Span]
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


def quiet_spans(truth: dict, before_ms: int, offset_ms: int) -> list[Span]:
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


def held_out_score(truth: dict, kind: str, show: dict, gestures: list[Gesture]) -> Score:
    """``kind``'s gestures against its instances other than ``show``, whose span is ignored."""
    others = [g for g in truth["gestures"] if g["kind"] == kind and g is not show]
    ignore = [*truth.get("ignore", []), {**show, "start_ms": show["start_ms"] - MARGIN_MS,
                                         "end_ms": show["end_ms"] + MARGIN_MS}]  # fmt: skip
    held_out = {**truth, "gestures": others, "ignore": ignore}
    predicted = [
        Interval(g.seat, g.kind, g.side, g.start_ms, g.end_ms) for g in gestures if g.kind == kind
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


def main() -> int:
    from vision.config.detector_settings import default_detector_settings
    from vision.detectors.enrolment import enrolled_sensitivity

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("footage", type=Path, help="the real footage folder")
    parser.add_argument("--cache", type=Path, required=True, help="landmark cache folder")
    parser.add_argument(
        "--lead-in", type=float, default=LEAD_IN_S, help="seconds of held first frame"
    )
    parser.add_argument("--pad", type=float, default=0.3, help="seconds around the enrolment")
    args = parser.parse_args()
    if not args.footage.is_dir():
        parser.error(f"{args.footage} is not a folder")
    lead_in_ms, pad_ms = round(args.lead_in * 1000), round(args.pad * 1000)
    settings = default_detector_settings()
    before: dict[str, Score] = defaultdict(Score)
    after: dict[str, Score] = defaultdict(Score)
    clips_of: dict[str, int] = defaultdict(int)
    for clip in load_clips([args.footage], "all"):
        by_kind: dict[str, list[dict]] = defaultdict(list)
        for g in sorted(clip.truth["gestures"], key=lambda g: g["start_ms"]):
            by_kind[g["kind"]].append(g)
        kinds = [k for k, instances in by_kind.items() if len(instances) >= 2]
        if not kinds:
            continue
        rows = cached_rows(clip, lead_in_ms, args.cache, settings)
        offset = lead_in_ms_of(clip.video, lead_in_ms)
        plain = on_clip_clock(replay_rows(rows, settings), offset)
        for kind in kinds:
            show = by_kind[kind][0]
            span = (show["start_ms"] - pad_ms + offset, show["end_ms"] + pad_ms + offset)
            quiet = quiet_spans(clip.truth, show["start_ms"] - MARGIN_MS, offset)
            others = [(g["start_ms"] + offset, g["end_ms"] + offset) for g in by_kind[kind][1:]]
            seat = int(show["seat"])
            learnt, later = enrol_on(rows, settings, seat, kind, span, quiet, others)
            kind_settings = settings.gestures.of(kind)
            gain = None if learnt is None else enrolled_sensitivity(
                learnt, kind_settings.on, kind_settings.off
            )  # fmt: skip
            tuned = settings if gain is None else settings.with_sensitivities({kind: gain})
            enrolled = on_clip_clock(replay_rows(rows, tuned), offset)
            was = held_out_score(clip.truth, kind, show, plain)
            now = held_out_score(clip.truth, kind, show, enrolled)
            before[kind].add(was)
            after[kind].add(now)
            clips_of[kind] += 1
            peaks = "not seen" if learnt is None else (
                f"peak {max(learnt.peaks):.2f} quiet "
                f"{'-' if learnt.quiet_peak is None else f'{learnt.quiet_peak:.2f}'}"
            )  # fmt: skip
            (tp0, fn0, fp0), (tp1, _, fp1) = _counts(was), _counts(now)
            print(f"{clip.name} {kind}: {peaks} sensitivity {gain}; held-out peaks "
                  f"{', '.join(f'{p:.2f}' for p in later)}, found "
                  f"{tp0} -> {tp1} of {tp0 + fn0}, false {fp0} -> {fp1}",
                  file=sys.stderr)  # fmt: skip
    if not before:
        parser.error("no clip of the footage has two labelled instances of one kind")
    print(f"{'kind':<14}{'clips':>6}{'held-out':>9}  recall before -> after"
          f"   precision before -> after   false before -> after")  # fmt: skip
    overall_before, overall_after = Score(), Score()
    for kind in sorted(before):
        was, now = before[kind], after[kind]
        overall_before.add(was)
        overall_after.add(now)
        print(_line(kind, clips_of[kind], was, now))
    print(_line("overall", sum(clips_of.values()), overall_before, overall_after))
    (tp0, fn0, fp0), (tp1, fn1, fp1) = _counts(overall_before), _counts(overall_after)
    print(f"overall recall {_ratio(tp0, fn0)} -> {_ratio(tp1, fn1)} precision "
          f"{_ratio(tp0, fp0)} -> {_ratio(tp1, fp1)} ({tp0 + fn0} held-out instances)")  # fmt: skip
    return 0


def _counts(score: Score) -> tuple[int, int, int]:
    """(found, missed, false)."""
    return tuple(_total(score, c) for c in ("true_positives", "false_negatives", "false_positives"))


def _line(name: str, clips: int, was: Score, now: Score) -> str:
    (tp0, fn0, fp0), (tp1, fn1, fp1) = _counts(was), _counts(now)
    return (f"{name:<14}{clips:>6}{tp0 + fn0:>9}  {_ratio(tp0, fn0):>13} -> {_ratio(tp1, fn1):<5}"
            f"   {_ratio(tp0, fp0):>16} -> {_ratio(tp1, fp1):<5}   {fp0:>12} -> {fp1}")  # fmt: skip


if __name__ == "__main__":
    raise SystemExit(main())
