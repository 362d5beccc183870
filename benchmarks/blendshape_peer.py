"""keinu beside a blendshape-threshold peer on the real footage, kind by kind.

    python -m benchmarks.blendshape_peer FOOTAGE_DIR... [--cache DIR] [--mirror] [--write-docs]

The peer is what a few lines over MediaPipe give, the way Project Gameface reads a face: each
seat's rest is the median of its first 2 s seen; a kind is on while its one signal (a blendshape,
or the head's roll for a tilt) has risen a threshold over rest, and it is reported when it was on
as long as keinu's own settings ask of that kind (``min_ms``..``max_ms``). It reads no pixels, so
it has no tongue, and no body, so no shrug.

Its thresholds are fitted on the tuning clips, the data keinu was tuned on: per kind, the middle
of the thresholds that find the most gestures less the false ones, over the clips of people
signalling and not; a kind with no real gesture takes the lowest threshold with the fewest false
ones. A second peer is fitted so on the clips of people signalling alone, as a peer tuned on
señas and never on talk would be. All three then read the held-out clips as they are, from the
same cached landmarks (``real_footage.py``'s cache: MediaPipe runs once per clip, on first use).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks.docs_section import WRITE_DOCS_HELP, run_main
from benchmarks.real_footage import (
    LEAD_IN_MS,
    SPLITS,
    Clip,
    Run,
    Tally,
    add_footage_arguments,
    cached_rows,
    footage_clips,
    mirror_clip,
    on_clip_clock,
    run_rows,
    score_clip,
    seen_stamps,
)
from benchmarks.rescore import Rows
from engine.gesture import Gesture
from vision.config.detector_settings import DetectorSettings, default_detector_settings

#: How long each seat is watched before its rest is taken (the clips' lead-in holds their first
#: frame 3 s, so this is the face as it sat still).
REST_MS = 2000

#: A kind stays on until its signal falls under this share of its threshold.
RELEASE = 0.8

Signals = Mapping[str, float]
Reading = Callable[[Signals], tuple[float, str | None]]


def _both_eyes(d: Signals) -> tuple[float, str | None]:
    return min(d["eyeBlinkLeft"], d["eyeBlinkRight"]), None


def _one_eye(d: Signals) -> tuple[float, str | None]:
    left, right = d["eyeBlinkLeft"], d["eyeBlinkRight"]
    return abs(left - right), "left" if left > right else "right"


def _mouth_side(d: Signals) -> tuple[float, str | None]:
    left, right = d["mouthLeft"], d["mouthRight"]
    return max(left, right), "left" if left > right else "right"


def _roll(d: Signals) -> tuple[float, str | None]:
    roll = d["head_roll_deg"]
    return abs(roll), "left" if roll > 0 else "right"


def _one(name: str) -> Reading:
    return lambda d: (d[name], None)


@dataclass(frozen=True)
class PeerKind:
    """One kind as the peer reads it: its signal's rise over rest, and the thresholds tried."""

    kind: str
    reads: str  # what the docs call its signal
    read: Reading
    grid: tuple[float, ...]


_UNIT = tuple(round(0.05 * i, 2) for i in range(1, 19))  # 0.05 .. 0.90

PEER_KINDS: tuple[PeerKind, ...] = (
    PeerKind("eyes_closed", "eyeBlink, the less shut eye", _both_eyes, _UNIT),
    PeerKind("wink", "eyeBlink, one eye over the other", _one_eye, _UNIT),
    PeerKind("brows_raised", "browInnerUp", _one("browInnerUp"), _UNIT),
    PeerKind("pout", "mouthPucker", _one("mouthPucker"), _UNIT),
    PeerKind("mouth_twist", "mouthLeft / mouthRight", _mouth_side, _UNIT),
    PeerKind("lip_bite", "mouthRollLower", _one("mouthRollLower"), _UNIT),
    PeerKind("head_tilt", "the head's roll, degrees", _roll, tuple(range(4, 31, 2))),
)

#: The signals the peer reads, per frame.
PEER_SIGNALS = ("eyeBlinkLeft", "eyeBlinkRight", "browInnerUp", "mouthPucker", "mouthLeft",
                "mouthRight", "mouthRollLower", "head_roll_deg")  # fmt: skip

#: Per seat, (ts_ms, the peer's signals or None when no face was seen).
SeatFrames = dict[int, list[tuple[int, dict[str, float] | None]]]


def seat_frames(rows: Rows) -> SeatFrames:
    """The peer's signals out of ``real_footage.cached_rows``' (ts_ms, seat, FaceFeatures)."""
    seats: SeatFrames = {}
    for ts, seat, features in rows:
        signals = None if features is None else features.signals()
        values = None if signals is None else {n: signals[n] for n in PEER_SIGNALS}
        seats.setdefault(seat, []).append((ts, values))
    return seats


def rises(frames: list[tuple[int, dict[str, float] | None]]) -> list[tuple[int, Signals | None]]:
    """Each frame's signals less the seat's rest (their median over its first ``REST_MS`` seen);
    the frames before the rest is known read as nothing."""
    seen = [(ts, v) for ts, v in frames if v is not None]
    if not seen:
        return [(ts, None) for ts, _ in frames]
    first = seen[0][0]
    resting = [v for ts, v in seen if ts - first < REST_MS]
    rest = {n: statistics.median(v[n] for v in resting) for n in PEER_SIGNALS}
    ready = first + REST_MS
    return [
        (ts, None if v is None or ts < ready else {n: v[n] - rest[n] for n in PEER_SIGNALS})
        for ts, v in frames
    ]


def detect(
    kind: PeerKind,
    threshold: float,
    seat: int,
    frames: list[tuple[int, Signals | None]],
    min_ms: int,
    max_ms: int | None,
) -> list[Gesture]:
    """One kind's gestures on one seat: on from the frame its signal reaches ``threshold`` to
    the last before it falls under ``RELEASE`` of it (a frame with no face ends it), kept when
    it lasted ``min_ms``..``max_ms``; its side is the one read at its peak."""
    found: list[Gesture] = []
    start: int | None = None
    last = peak = 0.0
    side: str | None = None
    for ts, delta in [*frames, (frames[-1][0] if frames else 0, None)]:
        value, at = kind.read(delta) if delta is not None else (float("-inf"), None)
        if start is None:
            if value >= threshold:
                start, last, peak, side = ts, ts, value, at
            continue
        if value >= threshold * RELEASE:
            last = ts
            if value > peak:
                peak, side = value, at
            continue
        lasted = last - start
        if lasted >= min_ms and (max_ms is None or lasted <= max_ms):
            found.append(Gesture(seat, kind.kind, side, int(start), int(last)))
        start = None
        if value >= threshold:
            start, last, peak, side = ts, ts, value, at
    return found


@dataclass
class ClipFrames:
    """One clip's seats as the peer reads them, and what keinu made of it."""

    clip: Clip
    seats: dict[int, list[tuple[int, Signals | None]]]
    stamps: list[tuple[int, int]]
    offset_ms: int
    keinu: Run


def read_clips(clips: Sequence[Clip], cache: Path, settings: DetectorSettings) -> list[ClipFrames]:
    read = []
    for index, clip in enumerate(clips, 1):
        print(f"reading {index}/{len(clips)} {clip.label:<60}", end="\r", file=sys.stderr,
              flush=True)  # fmt: skip
        rows = cached_rows(clip, LEAD_IN_MS, cache, settings)
        seats = {seat: rises(frames) for seat, frames in seat_frames(rows).items()}
        keinu = run_rows(clip, rows, LEAD_IN_MS, settings)
        read.append(ClipFrames(clip, seats, seen_stamps(rows), clip.offset_ms(LEAD_IN_MS), keinu))
    print(file=sys.stderr)
    return read


def peer_run(clip: ClipFrames, thresholds: Mapping[str, float], settings: DetectorSettings) -> Run:
    """The peer's gestures on one clip, on the clip's own clock, at ``thresholds`` by kind."""
    gestures = []
    for kind in PEER_KINDS:
        if kind.kind not in thresholds:
            continue
        timing = settings.gestures.of(kind.kind)
        for seat, frames in clip.seats.items():
            gestures += detect(
                kind, thresholds[kind.kind], seat, frames, timing.min_ms, timing.max_ms
            )
    return on_clip_clock(gestures, clip.stamps, clip.offset_ms, clip.clip.window)


def fit(clips: Sequence[ClipFrames], settings: DetectorSettings) -> dict[str, float]:
    """Per kind, the threshold the tuning ``clips`` favour (see the module's docstring)."""
    fitted: dict[str, float] = {}
    for kind in PEER_KINDS:
        net: dict[float, int] = {}
        for threshold in kind.grid:
            found = false = 0
            for clip in clips:
                score = score_clip(clip.clip, peer_run(clip, {kind.kind: threshold}, settings))
                found += sum(n for (k, _), n in score.true_positives.items() if k == kind.kind)
                false += sum(n for (k, _), n in score.false_positives.items() if k == kind.kind)
            net[threshold] = found - false
        best = [t for t in kind.grid if net[t] == max(net.values())]
        truth = any(g["kind"] == kind.kind for c in clips for g in c.clip.truth["gestures"])
        fitted[kind.kind] = best[(len(best) - 1) // 2] if truth else best[0]
    return fitted


def tallies(
    clips: Sequence[ClipFrames],
    peers: Mapping[str, Mapping[str, float]],
    settings: DetectorSettings,
) -> dict[str, Tally]:
    """keinu's tally over ``clips``, then each peer's, by name, at its thresholds."""
    found = {"keinu": Tally(), **{name: Tally() for name in peers}}
    for clip in clips:
        found["keinu"].add(clip.clip, clip.keinu, score_clip(clip.clip, clip.keinu))
        for name, thresholds in peers.items():
            run = peer_run(clip, thresholds, settings)
            found[name].add(clip.clip, run, score_clip(clip.clip, run))
    return found


def side_by_side(by_name: Mapping[str, Tally]) -> list[str]:
    """Per kind and side, the truth and each one's found and false gestures on the clips of
    people signalling, then each one's summary (the first is the truth's reference)."""
    first = next(iter(by_name.values()))
    labels = sorted(
        {*first.score.true_positives, *first.score.false_negatives,
         *(label for tally in by_name.values() for label in tally.score.false_positives)},
        key=lambda label: (label[0], label[1] or ""),
    )  # fmt: skip
    width = 22
    heads = "".join(f"  {name:>12} found false" for name in by_name)
    lines = [f"{'gesture':<{width}} truth{heads}"]
    for label in labels:
        name = " ".join(x for x in label if x)
        truth = first.score.true_positives[label] + first.score.false_negatives[label]
        cells = "".join(
            f"  {tally.score.true_positives[label]:18d} {tally.score.false_positives[label]:5d}"
            for tally in by_name.values()
        )
        lines.append(f"{name:<{width}} {truth:5d}{cells}")
    lines.append("")
    lines += [f"{name}: {_figures(tally)}" for name, tally in by_name.items()]
    return lines


def _figures(tally: Tally) -> str:
    found = sum(tally.score.true_positives.values())
    truth = found + sum(tally.score.false_negatives.values())
    false = Counter(tally.quiet_false)
    minutes = tally.quiet_watched_ms / 60000
    kinds = ", ".join(f"{label} {n}" for label, n in false.most_common()) or "none"
    return (
        f"precision {tally.score.precision():.3f} recall {tally.score.recall():.3f} "
        f"({found} of {truth}); people not signalling: {tally.false_per_5min:.1f} false per "
        f"5 min ({sum(false.values())} in {minutes:.1f} min: {kinds})"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_footage_arguments(parser)
    parser.add_argument(
        "--mirror", action="store_true", help="read every clip flipped, its sides swapped"
    )
    parser.add_argument("--write-docs", action="store_true", help=WRITE_DOCS_HELP)
    args = parser.parse_args(argv)
    clips = footage_clips(parser, args.footage)
    if args.mirror:
        clips = [mirror_clip(clip) for clip in clips]
    settings = default_detector_settings()
    read = read_clips(clips, args.cache, settings)
    by_split = {split: [c for c in read if c.clip.split == split] for split in SPLITS}
    tuning = by_split["tuning"]
    peers = {
        "peer": fit(tuning, settings),
        "señas-peer": fit([c for c in tuning if c.clip.signalling], settings),
    }
    print("the peers' thresholds, fitted on the tuning clips (rise over rest): peer on all of")
    print("them, señas-peer on the clips of people signalling alone")
    for kind in PEER_KINDS:
        fitted = ", ".join(f"{thresholds[kind.kind]:g}" for thresholds in peers.values())
        print(f"  {kind.kind:<13} {kind.reads}: {fitted}")
    for split, split_clips in by_split.items():
        if split_clips:
            print(f"\n== {split} clips ==")
            print("\n".join(side_by_side(tallies(split_clips, peers, settings))))
    return 0


if __name__ == "__main__":
    raise SystemExit(
        run_main(main, "blendshape_peer", "keinu beside a blendshape-threshold peer", "FOOTAGE")
    )
