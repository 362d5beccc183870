"""Vision measured on real footage of real people: the yardstick the generated sets are not.

    python -m benchmarks.real_footage FOOTAGE_DIR [--split tuning|heldout|all] [--cache DIR]

Every clip named by a truth file in ``benchmarks/real_footage/`` (made from the footage's frame
labels by ``import_footage_labels.py``) is run through the real pipeline, with the clip's first
frame held for ``--lead-in`` seconds in front of it, as a player sits still while calibrating
(truth times are shifted to match). Two figures, per split:

- on the clips where people signal: precision, recall and median onset error per gesture kind
  and side (``benchmarks/accuracy.py``'s scoring; the labels' unsure moments count neither way);
- on the clips of people who give no seña: every gesture is false, counted per five minutes of
  watched face time (the clip itself, the lead-in left out).

``--cache DIR`` keeps each clip's landmarks in DIR (MediaPipe runs once) and reruns only the
features and detectors, with the current code and ``models/detectors.toml``: a detector change
is rescored in seconds. Without it, the whole pipeline runs (the published figures). The footage
is never copied into the repository; only the truth files are. Last lines, one per split:

    SPLIT precision P recall R onset_ms M false_per_5min F (W watched minutes)
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2

from benchmarks.accuracy import Interval, Score, match, report
from benchmarks.docs_section import write_section
from benchmarks.rescore import cache_observations, cached_features, replay_rows
from engine.gesture import Gesture

TRUTH_DIR = Path(__file__).parent / "real_footage"
SPLITS = ("tuning", "heldout")


@dataclass(frozen=True)
class Clip:
    """One truth file and the footage it names."""

    name: str
    truth: dict
    video: Path

    @property
    def split(self) -> str:
        return self.truth["split"]

    @property
    def signalling(self) -> bool:
        return self.truth["signalling"]


def load_clips(footage: Path, split: str) -> list[Clip]:
    clips = []
    for path in sorted(TRUTH_DIR.glob("*.truth.json")):
        truth = json.loads(path.read_text())
        if split != "all" and truth["split"] != split:
            continue
        video = footage / truth["video"]
        if not video.is_file():
            print(f"{truth['video']}: not in {footage}, left out", file=sys.stderr)
            continue
        clips.append(Clip(path.name.removesuffix(".truth.json"), truth, video))
    return clips


def lead_in_frames(video: Path, lead_in_ms: int) -> Iterator[tuple[int, int, object]]:
    """(index, ts_ms, BGR image): the first frame held for ``lead_in_ms``, then the clip, on one
    clock at the clip's own rate."""
    capture = cv2.VideoCapture(str(video))
    fps = capture.get(cv2.CAP_PROP_FPS) or 30.0
    try:
        ok, image = capture.read()
        if not ok:
            raise SystemExit(f"cannot decode {video}")
        held = round(lead_in_ms * fps / 1000)
        index = 0
        for _ in range(held):
            yield index, round(index * 1000 / fps), image
            index += 1
        while ok:
            yield index, round(index * 1000 / fps), image
            index += 1
            ok, image = capture.read()
    finally:
        capture.release()


def lead_in_ms_of(video: Path, lead_in_ms: int) -> int:
    """Where the clip itself starts on the lead-in clock."""
    capture = cv2.VideoCapture(str(video))
    fps = capture.get(cv2.CAP_PROP_FPS) or 30.0
    capture.release()
    return round(round(lead_in_ms * fps / 1000) * 1000 / fps)


def lead_in_source(video: Path, lead_in_ms: int):
    """The clip with its lead-in as a pipeline source."""
    from vision.capture.sources import VideoSource
    from vision.observation import Frame

    class LeadInSource(VideoSource):
        source_id = video.name
        stills = False

        def __iter__(self):
            for index, ts, image in lead_in_frames(video, lead_in_ms):
                if self.stopped:
                    return
                yield Frame(ts, image, self.source_id, index)

    return LeadInSource()


@dataclass
class Run:
    """What the pipeline made of one clip, on the clip's own clock."""

    gestures: list[Gesture]
    watched_ms: float


def run_pipeline(clip: Clip, lead_in_ms: int) -> Run:
    from vision.pipeline import Pipeline

    gestures: list[Gesture] = []
    stamps: list[int] = []
    with Pipeline(lead_in_source(clip.video, lead_in_ms)) as pipeline:
        for result in pipeline:
            gestures += result.gestures
            if result.end_of_stream or result.gap is not None:
                continue
            if any(view.face is not None for view in result.seats.values()):
                stamps.append(result.frame.ts_ms)
    return _on_clip_clock(gestures, stamps, lead_in_ms_of(clip.video, lead_in_ms))


def run_cached(clip: Clip, lead_in_ms: int, cache: Path, settings) -> Run:
    """Landmarks from ``cache`` (made on first use), features and detectors from the code."""
    cache.mkdir(parents=True, exist_ok=True)
    observations = cache / f"{clip.name}.lead{lead_in_ms}.obs.pkl"
    if not observations.exists():
        cache_observations(lead_in_source(clip.video, lead_in_ms), observations)
    kept = cache / f"{clip.name}.lead{lead_in_ms}.features.pkl"
    frames = ((ts, image) for _, ts, image in lead_in_frames(clip.video, lead_in_ms))
    rows = cached_features(observations, kept, frames, settings)
    gestures = replay_rows(rows, settings)
    stamps = [ts for ts, _, found in rows if found is not None]
    return _on_clip_clock(gestures, stamps, lead_in_ms_of(clip.video, lead_in_ms))


def _on_clip_clock(gestures: list[Gesture], stamps: list[int], offset_ms: int) -> Run:
    from dataclasses import replace

    shifted = [
        replace(g, start_ms=g.start_ms - offset_ms, end_ms=g.end_ms - offset_ms) for g in gestures
    ]
    stamps = sorted(set(stamps))
    watched = 0.0
    for before, after in itertools.pairwise(stamps):
        if before >= offset_ms and after - before < 500:
            watched += after - before
    return Run(shifted, watched)


def score_clip(clip: Clip, run: Run) -> Score:
    predicted = [Interval(g.seat, g.kind, g.side, g.start_ms, g.end_ms) for g in run.gestures]
    return match(clip.truth, predicted)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("footage", type=Path, help="the real footage folder")
    parser.add_argument("--split", choices=(*SPLITS, "all"), default="all")
    parser.add_argument("--cache", type=Path, help="keep landmarks here; rescore detectors only")
    parser.add_argument("--lead-in", type=float, default=3.0, help="seconds of held first frame")
    parser.add_argument("--verbose", "-v", action="store_true", help="list every gesture")
    parser.add_argument(
        "--write-docs", action="store_true", help="write the tables into docs/benchmarks.md"
    )
    args = parser.parse_args()
    if not args.footage.is_dir():
        parser.error(f"{args.footage} is not a folder")
    clips = load_clips(args.footage, args.split)
    if not clips:
        parser.error(f"no clip of the truth files in {TRUTH_DIR} is in {args.footage}")
    lead_in_ms = round(args.lead_in * 1000)
    settings = None
    if args.cache:
        from vision.config.detector_settings import default_detector_settings

        settings = default_detector_settings()
    totals = {split: Score() for split in SPLITS}
    seconds = dict.fromkeys(SPLITS, 0.0)
    counts = dict.fromkeys(SPLITS, 0)
    false_quiet = dict.fromkeys(SPLITS, 0)
    watched_quiet = dict.fromkeys(SPLITS, 0.0)
    for clip in clips:
        if args.cache:
            run = run_cached(clip, lead_in_ms, args.cache, settings)
        else:
            run = run_pipeline(clip, lead_in_ms)
        score = score_clip(clip, run)
        found, missed = sum(score.true_positives.values()), sum(score.false_negatives.values())
        wrong = sum(score.false_positives.values())
        print(f"{clip.name} [{clip.split}]: truth {found + missed} found {found} false {wrong}"
              f" in {run.watched_ms / 1000:.0f} s watched", file=sys.stderr)  # fmt: skip
        if args.verbose or not clip.signalling:
            for g in run.gestures:
                print(f"    {g.start_ms / 1000:6.2f}-{g.end_ms / 1000:6.2f} s {g.label}",
                      file=sys.stderr)  # fmt: skip
        if args.verbose:
            for label, n in score.false_negatives.items():
                print(f"    missed {n} {' '.join(x for x in label if x)}", file=sys.stderr)
        if clip.signalling:
            totals[clip.split].add(score)
            seconds[clip.split] += clip.truth["frames"] / clip.truth["fps"]
            counts[clip.split] += 1
        else:
            false_quiet[clip.split] += wrong
            watched_quiet[clip.split] += run.watched_ms
    summary, tables = [], []
    for split in SPLITS:
        if not counts[split] and not watched_quiet[split]:
            continue
        table = report(totals[split], counts[split], seconds[split])[:-1]
        print(f"\n== {split}: clips of people signalling ==")
        print("\n".join(table))
        minutes = watched_quiet[split] / 60000
        rate = false_quiet[split] / minutes * 5 if minutes else float("nan")
        total = totals[split]
        summary.append(
            f"{split} precision {total.precision():.3f} recall {total.recall():.3f} "
            f"onset_ms {total.median_onset_ms():.0f} false_per_5min {rate:.1f} "
            f"({false_quiet[split]} in {minutes:.2f} watched minutes)"
        )
        tables.append((split, table, summary[-1]))
    print()
    print("\n".join(summary))
    if args.write_docs:
        write_section("real_footage", _command(args), _markdown(tables))
    return 0


def _command(args: argparse.Namespace) -> str:
    cache = f" --cache {args.cache}" if args.cache else ""
    return f"python -m benchmarks.real_footage FOOTAGE{cache} --split {args.split}"


def _markdown(tables: list[tuple[str, list[str], str]]) -> str:
    """The printed tables as one markdown table per split."""
    lines = ["## Real footage of real people", ""]
    for split, table, summary in tables:
        lines += [f"### {split} clips", "", f"`{summary}`", ""]
        header, *rows = table
        lines.append("| " + " | ".join(header.split()) + " |")
        lines.append("|" + "---|" * len(header.split()))
        for row in rows:
            if row.startswith(("false gestures fell on", f"{row.split()[0]} clips")):
                lines += ["", row]
                continue
            *name, truth, found, false, precision, recall, onset = row.split()
            cells = (" ".join(name), truth, found, false, precision, recall, onset)
            lines.append("| " + " | ".join(cells) + " |")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
