"""Accuracy of the vision pipeline on a generated evaluation set.

    python -m benchmarks.accuracy DIR [--save-predictions]

Runs the real pipeline (vision.pipeline, default settings and seat assignment) over every
NAME.mp4 that has a NAME.truth.json in DIR, matches the gestures it reports to the truth, and
prints precision and recall per gesture kind and side, the median onset error, which distractors
the false gestures fell on, and as its last line:

    overall precision P recall R onset_ms M

A predicted gesture matches a true one when seat, kind and side agree and their intervals
overlap; each truth is matched at most once (the prediction whose onset is nearest wins).
With --save-predictions each clip's gestures are also written to DIR/NAME.predicted.jsonl, and
--rescore scores those files again without running the pipeline. A clip the pipeline fails on
is named and scored as finding nothing, and the exit status is 1.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.gesture import GESTURE_SIDES, Gesture

Label = tuple[str, str | None]


@dataclass(frozen=True)
class Interval:
    """A gesture as scored: who, what, which side, when."""

    seat: int
    kind: str
    side: str | None
    start_ms: int
    end_ms: int

    @property
    def label(self) -> Label:
        return self.kind, self.side

    def overlaps(self, other: Interval) -> bool:
        return self.start_ms <= other.end_ms and other.start_ms <= self.end_ms


@dataclass
class Score:
    """Counts per (kind, side), onset errors of the matches, and what the misses were."""

    true_positives: Counter[Label] = field(default_factory=Counter)
    false_positives: Counter[Label] = field(default_factory=Counter)
    false_negatives: Counter[Label] = field(default_factory=Counter)
    onset_errors_ms: list[int] = field(default_factory=list)
    onsets_by_label: defaultdict[Label, list[int]] = field(
        default_factory=lambda: defaultdict(list)
    )
    false_on: Counter[str] = field(default_factory=Counter)  # what a false gesture coincided with
    missed: list[Interval] = field(default_factory=list)  # the true gestures not found

    def add(self, other: Score) -> None:
        pairs: tuple[tuple[Counter[Any], Counter[Any]], ...] = (  # labels, and false_on's str
            (self.true_positives, other.true_positives),
            (self.false_positives, other.false_positives),
            (self.false_negatives, other.false_negatives),
            (self.false_on, other.false_on),
        )
        for mine, theirs in pairs:
            mine.update(theirs)
        self.onset_errors_ms += other.onset_errors_ms
        self.missed += other.missed
        for label, onsets in other.onsets_by_label.items():
            self.onsets_by_label[label] += onsets

    def precision(self, label: Label | None = None) -> float:
        tp = self._count(self.true_positives, label)
        fp = self._count(self.false_positives, label)
        return tp / (tp + fp) if tp + fp else float("nan")

    def recall(self, label: Label | None = None) -> float:
        tp = self._count(self.true_positives, label)
        fn = self._count(self.false_negatives, label)
        return tp / (tp + fn) if tp + fn else float("nan")

    @staticmethod
    def _count(counter: Counter[Label], label: Label | None) -> int:
        return sum(counter.values()) if label is None else counter[label]

    def median_onset_ms(self, label: Label | None = None) -> float:
        onsets = self.onset_errors_ms if label is None else self.onsets_by_label[label]
        return float(statistics.median(onsets)) if onsets else float("nan")


def truth_intervals(truth: Mapping[str, Any]) -> list[Interval]:
    return [
        Interval(int(g["seat"]), g["kind"], g.get("side"), int(g["start_ms"]), int(g["end_ms"]))
        for g in truth["gestures"]
    ]


def predicted_intervals(gestures: list[Gesture]) -> list[Interval]:
    return [Interval(g.seat, g.kind, g.side, g.start_ms, g.end_ms) for g in gestures]


def match(truth: Mapping[str, Any], predicted: list[Interval]) -> Score:
    """Score one clip's predictions against its truth document."""
    score = Score()
    expected = sorted(truth_intervals(truth), key=lambda t: t.start_ms)
    unmatched = list(predicted)
    for want in expected:
        candidates = [
            p
            for p in unmatched
            if p.seat == want.seat and p.label == want.label and p.overlaps(want)
        ]
        if not candidates:
            score.false_negatives[want.label] += 1
            score.missed.append(want)
            continue
        best = min(candidates, key=lambda p: abs(p.start_ms - want.start_ms))
        unmatched.remove(best)
        score.true_positives[want.label] += 1
        score.onset_errors_ms.append(abs(best.start_ms - want.start_ms))
        score.onsets_by_label[want.label].append(abs(best.start_ms - want.start_ms))
    distractors = [
        Interval(int(d["seat"]), d["kind"], None, int(d["start_ms"]), int(d["end_ms"]))
        for d in truth.get("distractors", [])
    ]
    ignored = [
        Interval(int(d["seat"]), d["kind"], None, int(d["start_ms"]), int(d["end_ms"]))
        for d in truth.get("ignore", [])
    ]
    for wrong in unmatched:
        unsure = (i for i in ignored if i.seat == wrong.seat and i.kind == wrong.kind)
        if any(i.overlaps(wrong) for i in unsure):
            continue  # an unsure moment of the truth: neither found nor false
        score.false_positives[wrong.label] += 1
        score.false_on[_coincides_with(wrong, expected, distractors)] += 1
    return score


def _coincides_with(wrong: Interval, expected: list[Interval], distractors: list[Interval]) -> str:
    """What a false gesture overlapped: another gesture of the seat (named), a distractor, or
    nothing (a false gesture on a neutral face)."""
    for other in expected:
        if other.seat == wrong.seat and other.overlaps(wrong):
            return "gesture " + " ".join(str(x) for x in other.label if x)
    for other in distractors:
        if other.seat == wrong.seat and other.overlaps(wrong):
            return other.kind
    return "neutral face"


def run_pipeline(video: Path) -> list[Gesture]:
    """Every gesture the real pipeline reports for a video file."""
    from vision.pipeline import open_pipeline

    gestures: list[Gesture] = []
    with open_pipeline(video) as pipeline:
        for result in pipeline:
            gestures += result.gestures
    return gestures


def video_seconds(video: Path) -> float:
    import cv2

    capture = cv2.VideoCapture(str(video))
    try:
        return capture.get(cv2.CAP_PROP_FRAME_COUNT) / (capture.get(cv2.CAP_PROP_FPS) or 30.0)
    finally:
        capture.release()


def all_labels() -> list[Label]:
    return [(kind, side) for kind, sides in GESTURE_SIDES.items() for side in (sides or (None,))]


def report(score: Score, clips: int, seconds: float) -> list[str]:
    """The printed table; the last line is the overall figure."""
    header = ("gesture", "truth", "found", "false", "precision", "recall", "onset_ms")
    lines = ["{:24s} {:>5s} {:>5s} {:>5s} {:>9s} {:>7s} {:>8s}".format(*header)]
    for label in all_labels():
        tp, fp, fn = (
            score.true_positives[label],
            score.false_positives[label],
            score.false_negatives[label],
        )
        if tp + fp + fn == 0:
            continue
        name = " ".join(x for x in label if x)
        precision, recall = score.precision(label), score.recall(label)
        onset = score.median_onset_ms(label)
        lines.append(
            f"{name:24s} {tp + fn:5d} {tp:5d} {fp:5d} {precision:9.3f} {recall:7.3f} {onset:8.0f}"
        )
    if score.false_on:
        lines.append(
            "false gestures fell on: "
            + ", ".join(f"{k} {n}" for k, n in score.false_on.most_common())
        )
    lines.append(f"{clips} clips, {seconds:.0f} s of video")
    lines.append(
        f"overall precision {score.precision():.3f} recall {score.recall():.3f} "
        f"onset_ms {score.median_onset_ms():.0f}"
    )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path, help="a folder made by make_eval_set.py")
    parser.add_argument(
        "--save-predictions", action="store_true", help="write NAME.predicted.jsonl"
    )
    parser.add_argument("--rescore", action="store_true", help="score saved NAME.predicted.jsonl")
    args = parser.parse_args()
    truths = sorted(args.directory.glob("*.truth.json"))
    if not truths:
        parser.error(f"no *.truth.json in {args.directory}")
    total = Score()
    seconds = 0.0
    failed: list[str] = []
    for truth_path in truths:
        truth = json.loads(truth_path.read_text())
        name = truth_path.name.removesuffix(".truth.json")
        saved = args.directory / f"{name}.predicted.jsonl"
        started = time.perf_counter()
        if args.rescore:
            gestures = [
                Gesture.from_dict(json.loads(line))
                for line in saved.read_text().splitlines()
                if line
            ]
        else:
            try:
                gestures = run_pipeline(args.directory / truth["video"])
            except Exception as exc:  # scored as finding nothing, and named
                print(f"{name}: PIPELINE FAILED: {type(exc).__name__}: {exc}", file=sys.stderr)
                failed.append(name)
                gestures = []
        if args.save_predictions and not args.rescore:
            saved.write_text("".join(json.dumps(g.to_dict()) + "\n" for g in gestures))
        clip = match(truth, predicted_intervals(gestures))
        total.add(clip)
        seconds += video_seconds(args.directory / truth["video"])
        found, missed = sum(clip.true_positives.values()), sum(clip.false_negatives.values())
        print(
            f"{name}: truth {found + missed} found {found} "
            f"false {sum(clip.false_positives.values())}"
            f" ({time.perf_counter() - started:.0f} s)",
            file=sys.stderr,
        )
    if failed:
        print(f"pipeline failed on {len(failed)} clips (scored as finding nothing): "
              + ", ".join(failed))  # fmt: skip
    print("\n".join(report(total, len(truths), seconds)))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
