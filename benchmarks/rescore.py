"""Score detector changes quickly: landmarks are cached once per clip, features and detectors rerun.

    python -m benchmarks.rescore cache DIR            # run MediaPipe once, write NAME.obs.pkl
    python -m benchmarks.rescore accuracy DIR         # features + detectors from the cache
    python -m benchmarks.rescore footage DIR          # false gestures on cached real footage

``cache`` runs the real pipeline (landmarks, seats) over every video in DIR with the features
step replaced by a recorder, and pickles each seat's (ts_ms, FaceObservation, PoseObservation)
per frame. ``accuracy`` decodes each clip again, computes features with the current
vision.measures.features and detectors with the current models/detectors.toml, and prints the same
table as benchmarks/accuracy.py (last line ``overall precision P recall R onset_ms M``). ``footage``
prints false gestures per five minutes of face time as benchmarks/false_positives.py does. The
figures differ from a full pipeline run only where the landmarker code changed since the cache.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from benchmarks.accuracy import Score, match, predicted_intervals, report, video_seconds
from benchmarks.docs_section import score_table, write_section

if TYPE_CHECKING:  # vision is imported where it is used: these names are for the annotations
    from engine.gesture import Gesture
    from vision.capture.sources import VideoSource
    from vision.config.detector_settings import DetectorSettings
    from vision.detectors import SeatGestureDetector
    from vision.measures.features import FaceFeatures
    from vision.observation import FaceObservation, PoseObservation

VIDEO_SUFFIXES = {".mp4", ".mov", ".avi", ".mkv", ".webm"}
#: The shrug settings that decide what vision.measures.shoulder_strips.measure_strips cuts out.
STRIP_GEOMETRY = ("strip_rows", "strip_columns", "strip_px_per_face", "strip_min_share",
                  "strip_frame_margin", "face_per_temples")  # fmt: skip
#: The occlusion settings vision.measures.face_occlusion.measure_surroundings reads (the others
#: are read by the detectors).
SURROUND_SAMPLING = ("window", "min_face_px")
Observed = tuple["FaceObservation", "PoseObservation | None"]  # a face and its pose, as cached
Cached = dict[int, list[tuple[int, Observed | None]]]  # seat -> [(ts_ms, (face, pose) | None)]
#: (ts_ms, seat, FaceFeatures | None) per cached face.
Rows = list[tuple[int, int, "FaceFeatures | None"]]
#: Called on each row once its seat's detector has read it: (ts_ms, seat, features, detector).
RowWatch = Callable[[int, int, "FaceFeatures | None", "SeatGestureDetector"], None]


class Recorder:
    """Stands in for a seat's gesture detector: keeps what it is fed."""

    calibration = None
    #: Every face's pose is cached: the detectors rescored on it decide themselves what to read.
    wants_pose = True
    talking = False
    shoulders_in_view = True
    eyes_unreadable: tuple[str, ...] = ()

    def __init__(self) -> None:
        self.frames: list[tuple[int, Observed | None]] = []

    def update(self, ts_ms: int, features: Observed | None) -> list[Gesture]:
        self.frames.append((ts_ms, features))
        return []

    def scores(self) -> dict[str, float]:
        return {}

    def flush(self, ts_ms: int) -> list[Gesture]:
        return []

    def take_near_misses(self) -> list[Any]:
        return []


def cache_clip(video: Path) -> Path:
    """Run landmarks and seats over ``video`` once; returns the pickle written beside it."""
    from vision.capture.sources import open_source

    target = video.with_suffix(".obs.pkl")
    cache_observations(open_source(str(video)), target)
    return target


def cache_observations(source: VideoSource, target: Path) -> None:
    """Run landmarks and seats over the pipeline ``source`` once, pickling each seat's
    (ts_ms, (FaceObservation, PoseObservation) | None) in ``target``."""
    from vision.pipeline import Pipeline

    recorders: dict[int, Recorder] = {}

    def recorder(seat: int) -> Recorder:
        recorders[seat] = Recorder()
        return recorders[seat]

    pipeline = Pipeline(
        source, detector_factory=recorder, features=lambda face, image, pose, beside: (face, pose)
    )
    for _ in pipeline:
        pass
    target.write_bytes(pickle.dumps({seat: r.frames for seat, r in recorders.items()}))


def features_key(settings: DetectorSettings) -> str:
    """Changes whenever the feature code or the settings it reads change."""
    root = Path(__file__).resolve().parents[1] / "vision"
    text = "".join(
        (root / name).read_text()
        for name in (
            "measures/features.py", "mediapipe/face_mesh.py", "measures/tongue.py",
            "measures/eye_appearance.py", "measures/shoulder_strips.py",
            "measures/face_occlusion.py", "measures/numeric.py",
        )
    )  # fmt: skip
    strips = {k: v for k, v in settings.gestures.shrug if k in STRIP_GEOMETRY}
    text += repr(settings.tongue) + repr(settings.quality) + repr(settings.eyes) + repr(strips)
    sampling = {k: v for k, v in settings.occlusion if k in SURROUND_SAMPLING}
    text += repr(sampling) + repr(settings.pose)
    return hashlib.sha1(text.encode()).hexdigest()


def features_of(video: Path, settings: DetectorSettings) -> Rows:
    """(ts_ms, seat, FaceFeatures | None) per cached face, kept in NAME.features.pkl until the
    feature code or its settings change."""
    return cached_features(
        video.with_suffix(".obs.pkl"), video.with_suffix(".features.pkl"), _frames(video), settings
    )


def cached_features(
    observations: Path,
    kept: Path,
    frames: Iterable[tuple[int, np.ndarray]],
    settings: DetectorSettings,
) -> Rows:
    """The features of the faces pickled in ``observations``, computed on the (ts_ms, image)
    ``frames`` they were seen in, and kept in ``kept`` until the feature code or its settings
    change."""
    from vision.measures.features import compute_features
    from vision.measures.shoulder_strips import strip_bounds
    from vision.mediapipe.face_mesh import FacePoints

    key = features_key(settings)
    rows: Rows
    if kept.exists():
        saved_key, rows = pickle.loads(kept.read_bytes())
        if saved_key == key:
            return rows
    cached: Cached = pickle.loads(observations.read_bytes())
    by_ts: dict[int, list[tuple[int, Observed | None]]] = {}
    for seat, seen in cached.items():
        for ts, item in seen:
            by_ts.setdefault(ts, []).append((seat, item))
    rows = []
    for ts, image in frames:
        here = by_ts.get(ts, [])
        faces = [item for _, item in here if item is not None]
        meshes = [FacePoints.of(face.landmarks) for face, _ in faces]
        bounds = strip_bounds(meshes, settings.gestures.shrug)
        beside = dict(zip(map(id, faces), bounds, strict=True))
        for seat, item in here:
            features = (
                None
                if item is None
                else compute_features(item[0], image, item[1], settings, beside[id(item)])
            )
            rows.append((ts, seat, features))
    kept.write_bytes(pickle.dumps((key, rows)))
    return rows


def _frames(video: Path) -> Iterator[tuple[int, np.ndarray]]:
    """(ts_ms, BGR image) of every frame of ``video``, on the file's own clock."""
    import cv2

    capture = cv2.VideoCapture(str(video))
    fps = capture.get(cv2.CAP_PROP_FPS) or 30.0
    index = 0
    try:
        while True:
            ok, image = capture.read()
            if not ok:
                return
            yield round(index * 1000.0 / fps), image
            index += 1
    finally:
        capture.release()


def replay_rows(
    rows: Rows,
    settings: DetectorSettings,
    talking: set[tuple[int, int]] | None = None,
    watch: RowWatch | None = None,
) -> list[Gesture]:
    """Each seat's detectors over (ts_ms, seat, FaceFeatures | None) rows, flushed at the end;
    ``talking`` gathers the (seat, ts_ms) of the frames on which the seat read as talking, and
    ``watch`` sees each row with the detector that has just read it."""
    from vision.detectors import SeatGestureDetector

    detectors: dict[int, SeatGestureDetector] = {}
    gestures: list[Gesture] = []
    last_ts = 0
    for ts, seat, features in rows:
        if seat not in detectors:
            detectors[seat] = SeatGestureDetector(seat, settings)
        detector = detectors[seat]
        last_ts = ts
        gestures += detector.update(ts, features)
        if talking is not None and detector.talking:
            talking.add((seat, ts))
        if watch is not None:
            watch(ts, seat, features, detector)
    for detector in detectors.values():
        gestures += detector.flush(last_ts)
    return gestures


def replay(video: Path, settings: DetectorSettings | None = None) -> tuple[list[Gesture], float]:
    """Features and detectors over a cached clip: (gestures, face time in ms)."""
    from vision.config.detector_settings import default_detector_settings

    settings = settings or default_detector_settings()
    rows = features_of(video, settings)
    gestures = replay_rows(rows, settings)
    face_frames = sum(features is not None for _, _, features in rows)
    stamps = sorted({ts for ts, _, _ in rows})
    frame_ms = float(np.median(np.diff(stamps))) if len(stamps) > 1 else 0.0
    return gestures, face_frames * frame_ms


def videos_in(directory: Path, cached_only: bool = False) -> list[Path]:
    videos = sorted(p for p in directory.iterdir() if p.suffix.lower() in VIDEO_SUFFIXES)
    if cached_only:
        for video in videos:
            if not video.with_suffix(".obs.pkl").exists():
                print(f"{video.name}: not cached, left out", file=sys.stderr)
        videos = [v for v in videos if v.with_suffix(".obs.pkl").exists()]
    return videos


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("cache", "accuracy", "footage"))
    parser.add_argument("directory", type=Path)
    parser.add_argument("--verbose", action="store_true", help="list every gesture found")
    parser.add_argument(
        "--write-docs",
        action="store_true",
        help="accuracy: write the table into docs/benchmarks.md",
    )
    args = parser.parse_args()
    videos = videos_in(args.directory, cached_only=args.what != "cache")
    if not videos:
        parser.error(f"no video in {args.directory}")
    if args.what == "cache":
        for video in videos:
            if video.with_suffix(".obs.pkl").exists():
                continue
            try:
                print(cache_clip(video), file=sys.stderr, flush=True)
            except Exception as exc:  # one clip the landmarker fails on is named, not fatal
                print(f"{video.name}: PIPELINE FAILED: {type(exc).__name__}: {exc}", flush=True)
        return 0
    if args.what == "footage":
        false_total, total_ms = 0, 0.0
        for video in videos:
            gestures, face_ms = replay(video)
            false_total += len(gestures)
            total_ms += face_ms
            print(f"{video.name}: {len(gestures)} gestures in {face_ms / 1000:.1f} s of face time")
            for g in gestures:
                print(
                    f"  {g.start_ms / 1000:6.2f}-{g.end_ms / 1000:6.2f} s  seat {g.seat} {g.label}"
                )
        minutes = total_ms / 60000
        print(f"overall false_gestures {false_total} face_minutes {minutes:.2f} per_5min "
              f"{false_total / minutes * 5 if minutes else float('nan'):.1f}")  # fmt: skip
        return 0
    total, seconds, clips = Score(), 0.0, 0
    truths: list[dict[str, Any]] = []
    for video in videos:
        truth_path = video.with_name(video.stem + ".truth.json")
        if not truth_path.exists():
            continue
        truth = json.loads(truth_path.read_text())
        truths.append(truth)
        gestures, _ = replay(video)
        clip = match(truth, predicted_intervals(gestures))
        if args.verbose:
            for g in gestures:
                print(f"  {video.stem} seat {g.seat} {g.label} {g.start_ms}-{g.end_ms}")
        for label, n in clip.false_negatives.items():
            print(f"  {video.stem}: missed {n} {' '.join(x for x in label if x)}", file=sys.stderr)
        for label, n in clip.false_positives.items():
            print(f"  {video.stem}: false {n} {' '.join(x for x in label if x)}", file=sys.stderr)
        total.add(clip)
        seconds += video_seconds(video)
        clips += 1
    printed = report(total, clips, seconds)
    print("\n".join(printed))
    if args.write_docs:
        seeds = ", ".join(sorted({str(t.get("seed")) for t in truths}))
        photos = ", ".join(sorted({p for t in truths for p in t.get("photos", ())}))
        body = [f"## Generated faces: `{args.directory.name}`", "",
                f"Clips of the photos {photos} (seed {seeds}), a landmark cache of each.", "",
                f"`{printed[-1]}`", ""]  # fmt: skip
        write_section(
            f"generated-{args.directory.name}",
            f"python -m benchmarks.rescore accuracy {args.directory}",
            "\n".join(body + score_table(printed[:-1])),
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
