"""False gestures on real footage of people who are not signalling.

    python -m benchmarks.get_photos --cache data/photos
    python -m benchmarks.false_positives data/photos/footage

Runs the real pipeline over every video in the folder and its subfolders (by default the
registry clips of people talking, crying, laughing; ``benchmarks/real_footage.py`` measures the
same clips with their truth files, a held first frame and a landmark cache). Nobody in them gives a
seña, so every gesture reported is a false one. Prints each gesture, then the rate per five
minutes of watched time; target: at most 1. Face time counts the frames in which a seated face was
seen; watched time only those whose seat had finished calibrating (the first seconds of a face
calibrate its baseline and can report nothing, so they would flatter the rate). Last line:

    overall false_gestures N face_minutes M watched_minutes W per_5min R

A clip on which the pipeline fails is named as failed, left out of the figures, and makes the
exit status 1.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from engine.gesture import Gesture

VIDEO_SUFFIXES = {".mp4", ".mov", ".avi", ".mkv", ".webm"}


def false_gestures(video: Path) -> tuple[list[Gesture], float, float]:
    """The gestures the pipeline reports on ``video``, the face time and the watched time in ms
    (each frame with a seated face, calibrated for the watched time, counts for the time until
    the next frame)."""
    from vision.pipeline import open_pipeline

    gestures: list[Gesture] = []
    face_ms = watched_ms = 0.0
    previous_ts: int | None = None
    previous_face = previous_watched = False
    with open_pipeline(video) as pipeline:
        for result in pipeline:
            gestures += result.gestures
            if result.end_of_stream or result.gap is not None:
                continue
            ts = result.frame.ts_ms
            if previous_ts is not None:
                face_ms += (ts - previous_ts) * previous_face
                watched_ms += (ts - previous_ts) * previous_watched
            previous_ts = ts
            seen = [view for view in result.seats.values() if view.face is not None]
            previous_face = bool(seen)
            previous_watched = any(_calibrated(view.calibration) for view in seen)
    return gestures, face_ms, watched_ms


def _calibrated(calibration: object) -> bool:
    return getattr(calibration, "state", None) == "ready"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path, help="folder of videos of people not signalling")
    args = parser.parse_args()
    videos = sorted(p for p in args.directory.rglob("*") if p.suffix.lower() in VIDEO_SUFFIXES)
    if not videos:
        parser.error(f"no video in {args.directory}")
    total_gestures = 0
    total_ms = total_watched_ms = 0.0
    failed = []
    for video in videos:
        try:
            gestures, face_ms, watched_ms = false_gestures(video)
        except Exception as exc:  # a pipeline failure on one clip is reported, not fatal
            print(f"{video.name}: PIPELINE FAILED: {type(exc).__name__}: {exc}")
            failed.append(video.name)
            continue
        total_gestures += len(gestures)
        total_ms += face_ms
        total_watched_ms += watched_ms
        print(f"{video.name}: {len(gestures)} gestures in {face_ms / 1000:.1f} s of face time, "
              f"{watched_ms / 1000:.1f} s watched")  # fmt: skip
        for gesture in gestures:
            print(f"  {gesture.start_ms / 1000:6.2f}-{gesture.end_ms / 1000:6.2f} s  seat "
                  f"{gesture.seat} {gesture.label}")  # fmt: skip
    minutes, watched = total_ms / 60000, total_watched_ms / 60000
    rate = total_gestures / watched * 5 if watched else float("nan")
    print(f"overall false_gestures {total_gestures} face_minutes {minutes:.2f} "
          f"watched_minutes {watched:.2f} per_5min {rate:.1f}")  # fmt: skip
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
