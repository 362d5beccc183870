"""Measure a real gesture's landmark motion for the clip generator.

    python -m benchmarks.measure_motion FOOTAGE_DIR... [--clip NAME] [--kind KIND] [--truth DIR]
        [--out DIR]

Reads one labelled real clip of the tuning split (default: LivePortrait's ``driving_d7``, whose
brow raise is the one real raise filmed) with MediaPipe, frame by frame, and writes
``benchmarks/synth/motions/KIND.json`` (or into ``--out``): the face at rest (the frames before
its first labelled gesture, its ordinary blinks left out) and each landmark's displacement in
the middle half of the first labelled KIND, laid over the rest by the landmarks the gesture
does not move (``benchmarks.synth.motion``). Only those numbers are kept, never a frame.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

from benchmarks.real_footage import TRUTH_DIR
from benchmarks.synth.landmarks import detect_faces, open_landmarker
from benchmarks.synth.motion import MOTIONS, measured, save_motion

DEFAULT_CLIP = "liveportrait-examples--driving_d7"


def frame_landmarks(video: Path, until_ms: float) -> list[tuple[int, np.ndarray | None]]:
    """(ms, the largest face's landmarks (478, 2, pixels) or None) of every frame up to
    ``until_ms``: nothing after the gesture measured is used."""
    capture = cv2.VideoCapture(str(video))
    fps = capture.get(cv2.CAP_PROP_FPS) or 30.0
    frames: list[tuple[int, np.ndarray | None]] = []
    with open_landmarker() as landmarker:
        while True:
            ms = round(len(frames) * 1000 / fps)
            ok, image = capture.read()
            if not ok or ms > until_ms:
                break
            faces = detect_faces(landmarker, image)
            largest = max(faces, key=lambda f: float(np.ptp(f[0][:, 0])), default=None)
            frames.append((ms, None if largest is None else largest[0][:, :2]))
    capture.release()
    return frames


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("footage", type=Path, nargs="+", help="real footage folders")
    parser.add_argument("--clip", default=DEFAULT_CLIP, help="a tuning clip's truth name")
    parser.add_argument("--kind", default="brows_raised", help="the labelled gesture to measure")
    parser.add_argument("--truth", type=Path, default=TRUTH_DIR, help="the truth files' folder")
    parser.add_argument("--out", type=Path, default=MOTIONS, help="where KIND.json is written")
    args = parser.parse_args(argv)
    for folder in args.footage:
        if not folder.is_dir():
            parser.error(f"{folder} is not a folder")
    truth_path = args.truth / f"{args.clip}.truth.json"
    if not truth_path.is_file():
        parser.error(f"no truth file {truth_path.name} in {args.truth}")
    truth = json.loads(truth_path.read_text(encoding="utf-8"))
    if truth["split"] != "tuning":
        parser.error(f"{args.clip} is held out: motions are measured on tuning footage only")
    video = next((f / truth["video"] for f in args.footage if (f / truth["video"]).is_file()), None)
    if video is None:
        parser.error(f"{truth['video']} is in none of {', '.join(map(str, args.footage))}")
    labels = sorted(truth["gestures"], key=lambda g: g["start_ms"])
    shown = next((g for g in labels if g["kind"] == args.kind), None)
    if shown is None:
        parser.error(f"{args.clip} has no labelled {args.kind}")
    blinks = [(b["start_ms"], b["end_ms"]) for b in truth.get("distractors", [])]
    rest_end = labels[0]["start_ms"] - 100
    quarter = (shown["end_ms"] - shown["start_ms"]) / 4
    held = (shown["start_ms"] + quarter, shown["end_ms"] - quarter)
    frames = frame_landmarks(video, held[1])
    at_rest = [
        points
        for ms, points in frames
        if points is not None
        and ms < rest_end
        and not any(start - 100 <= ms <= end + 100 for start, end in blinks)
    ]
    in_gesture = [p for ms, p in frames if p is not None and held[0] <= ms <= held[1]]
    if len(at_rest) < 3 or len(in_gesture) < 3:
        parser.error(f"{args.clip}: too few frames at rest ({len(at_rest)}) or in the gesture")
    source = (
        f"{args.clip}: rest {len(at_rest)} frames before {rest_end} ms, {args.kind} "
        f"{len(in_gesture)} frames {held[0]:.0f}-{held[1]:.0f} ms (medians)"
    )
    motion = measured(np.median(at_rest, axis=0), np.median(in_gesture, axis=0), source)
    path = save_motion(args.kind, motion, args.out)
    print(f"{path}: {source}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
