"""How strongly MediaPipe and the pixel cues read each gesture on real faces and on generated ones.

    python -m benchmarks.signal_strength FOOTAGE_DIR... --generated DIR [--generated DIR ...]
        [--cache DIR] [--write-docs]

A generated set is evidence about real faces only where its gestures look to the measures as
real ones do. For every labelled gesture, of the real footage (``real_footage.py``'s truth files
and landmark cache) and of each generated set (its clips cached by ``rescore.py cache``), this
takes the signal its detector mostly rests on, as a change from the seat's own baseline (the one
the detectors read), at the 80th percentile of the frames inside the labelled interval: a
gesture's held level, not one frame's spike. It prints, per kind, the median and range over the
instances, real beside generated, and generated over real: well under 1 means the generator's
gesture is weaker than a real one (thresholds set to find it would also find lesser movements of
real faces); well over 1, stronger (its recall flatters the detector).

A second table splits each generated set's recall by that reading: the gestures held at least as
strongly as the weakest real one of their kind, which the detectors should find, and the weaker
ones, which a detector set for real faces may rightly miss. A low recall on the first is the
detectors' to answer for; on the second, the generator's.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from benchmarks.accuracy import match, predicted_intervals, truth_intervals
from benchmarks.docs_section import WRITE_DOCS_HELP, run_main
from benchmarks.real_footage import (
    LEAD_IN_MS,
    add_footage_arguments,
    cached_rows,
    load_clips,
)
from benchmarks.rescore import Rows, features_of, replay_rows, videos_in

if TYPE_CHECKING:  # vision is imported where it is used: these names are for the annotations
    from engine.gesture import Gesture
    from vision.config.detector_settings import DetectorSettings
    from vision.detectors import SeatGestureDetector
    from vision.measures.features import FaceFeatures

Signal = Callable[[Mapping[str, float], str | None], float]


def _mean(*names: str) -> Signal:
    return lambda delta, side: float(np.mean([delta[n] for n in names]))


def _own(prefix: str) -> Signal:
    """The signal of the gesture's own side (``eyeBlinkLeft`` for a left wink)."""
    return lambda delta, side: delta[f"{prefix}{(side or 'left').capitalize()}"]


BROWS = ("browInnerUp", "browOuterUpLeft", "browOuterUpRight")
#: The signal each kind's detector mostly rests on (vision/detectors/), by kind.
SIGNALS: dict[str, tuple[str, Signal]] = {
    "eyes_closed": ("eyeBlink, both eyes", _mean("eyeBlinkLeft", "eyeBlinkRight")),
    "wink": ("eyeBlink, the shut eye", _own("eyeBlink")),
    "brows_raised": ("brow shapes, mean of 3", _mean(*BROWS)),
    "pout": ("mouthPucker", lambda delta, side: delta["mouthPucker"]),
    "mouth_twist": (
        "mouth centre's shift, own side",
        lambda delta, side: delta["mouth_offset"] * (-1.0 if side == "right" else 1.0),
    ),
    "head_tilt": ("head roll, degrees", lambda delta, side: abs(delta["head_roll_deg"])),
    "tongue_out": ("tongue-coloured share", lambda delta, side: delta["tongue"]),
    "lip_bite": ("mouthRollLower", lambda delta, side: delta["mouthRollLower"]),
}
QUANTILE = 80


Frames = dict[int, list[tuple[int, dict[str, float]]]]


@dataclass(frozen=True)
class Reading:
    """One labelled generated gesture: its held level, and whether the detectors found it."""

    kind: str
    level: float
    found: bool


def replay_seats(rows: Rows, settings: DetectorSettings) -> tuple[Frames, list[Gesture]]:
    """Each seat's (ts_ms, change from its baseline) per frame it was usable in, replayed through
    the seat's own detector so that the baseline is the one its detectors read, and the gestures
    those detectors reported."""
    frames: Frames = defaultdict(list)

    def note(
        ts: int, seat: int, features: FaceFeatures | None, detector: SeatGestureDetector
    ) -> None:
        if features is not None and detector.baseline.ready:
            frames[seat].append((ts, detector.baseline.delta(features.signals())))

    return frames, replay_rows(rows, settings, watch=note)


def held_level(gesture: Mapping[str, Any], frames: Frames, offset_ms: int) -> float | None:
    """A labelled gesture's held level of its kind's signal; None for a kind without one or a
    gesture on no usable frame."""
    if gesture["kind"] not in SIGNALS:
        return None
    start, end = gesture["start_ms"] + offset_ms, gesture["end_ms"] + offset_ms
    signal = SIGNALS[gesture["kind"]][1]
    inside = [
        signal(delta, gesture.get("side"))
        for ts, delta in frames.get(gesture["seat"], [])
        if start <= ts <= end
    ]
    inside = [v for v in inside if np.isfinite(v)]
    return float(np.percentile(inside, QUANTILE)) if inside else None


def levels(
    gestures: list[dict[str, Any]], frames: Frames, offset_ms: int
) -> dict[str, list[float]]:
    """Per kind, each labelled gesture's held level of its signal."""
    found: dict[str, list[float]] = defaultdict(list)
    for gesture in gestures:
        level = held_level(gesture, frames, offset_ms)
        if level is not None:
            found[gesture["kind"]].append(level)
    return found


def real_levels(
    folders: Sequence[Path], cache: Path, settings: DetectorSettings
) -> dict[str, list[float]]:
    lead_in_ms = LEAD_IN_MS
    found: dict[str, list[float]] = defaultdict(list)
    for clip in load_clips(folders, "all"):
        if not clip.signalling:
            continue
        rows = cached_rows(clip, lead_in_ms, cache, settings)
        offset = clip.offset_ms(lead_in_ms)
        frames, _ = replay_seats(rows, settings)
        for kind, values in levels(clip.truth["gestures"], frames, offset).items():
            found[kind] += values
    return found


def readings_of(truth: Mapping[str, Any], frames: Frames, gestures: list[Gesture]) -> list[Reading]:
    """Each labelled gesture of one clip that has a signal: its held level, and whether one of
    the reported ``gestures`` matched it (as ``accuracy.py`` scores)."""
    missed = Counter(match(truth, predicted_intervals(gestures)).missed)
    readings: list[Reading] = []
    for gesture, interval in zip(truth["gestures"], truth_intervals(truth), strict=True):
        level = held_level(gesture, frames, 0)
        if level is None:
            continue
        found = missed[interval] == 0
        if not found:
            missed[interval] -= 1
        readings.append(Reading(gesture["kind"], level, found))
    return readings


def generated_readings(directory: Path, settings: DetectorSettings) -> list[Reading]:
    """Every labelled gesture of a cached generated set that has a signal, read and scored."""
    readings: list[Reading] = []
    for video in videos_in(directory, cached_only=True):
        truth_path = video.with_name(video.stem + ".truth.json")
        if truth_path.exists():
            truth = json.loads(truth_path.read_text())
            readings += readings_of(truth, *replay_seats(features_of(video, settings), settings))
    return readings


def levels_of(readings: list[Reading]) -> dict[str, list[float]]:
    found: dict[str, list[float]] = defaultdict(list)
    for reading in readings:
        found[reading.kind].append(reading.level)
    return found


def _summary(values: list[float]) -> str:
    if not values:
        return f"{'-':>22}"
    return f"{np.median(values):6.2f} [{min(values):5.2f}..{max(values):5.2f}] n={len(values):<2}"


def table(real: dict[str, list[float]], generated: dict[str, dict[str, list[float]]]) -> list[str]:
    names = list(generated)
    lines = [
        f"{'kind':13} {'signal':26} {'real':>22}  "
        + "  ".join(f"{name:>22} {'/real':>5}" for name in names)
    ]
    for kind, (label, _) in SIGNALS.items():
        row = f"{kind:13} {label:26} {_summary(real.get(kind, [])):>22}  "
        cells = []
        for name in names:
            values = generated[name].get(kind, [])
            ratio = (
                f"{np.median(values) / np.median(real[kind]):5.2f}"
                if values and real.get(kind) and np.median(real[kind]) > 0
                else f"{'-':>5}"
            )
            cells.append(f"{_summary(values):>22} {ratio}")
        lines.append(row + "  ".join(cells))
    return lines


def _found(readings: list[Reading]) -> str:
    if not readings:
        return f"{'-':>9}"
    return f"{sum(r.found for r in readings):>3} of {len(readings):<3}"


def recall_by_strength(
    real: dict[str, list[float]], generated: dict[str, list[Reading]]
) -> list[str]:
    """Per kind with real footage and per generated set: found of the gestures held at least as
    strongly as the weakest real one, and of the weaker ones."""
    names = list(generated)
    lines = [
        "generated gestures found, held as strongly as the weakest real one of their kind / weaker",
        f"{'kind':13} {'weakest real':>12}  "
        + "  ".join(f"{name + ': as real':>16} {'weaker':>9}" for name in names),
    ]
    totals: dict[str, tuple[list[Reading], list[Reading]]] = {n: ([], []) for n in names}
    for kind in SIGNALS:
        if not real.get(kind):
            continue
        weakest = min(real[kind])
        cells = []
        for name in names:
            of_kind = [r for r in generated[name] if r.kind == kind]
            strong = [r for r in of_kind if r.level >= weakest]
            weak = [r for r in of_kind if r.level < weakest]
            totals[name][0].extend(strong)
            totals[name][1].extend(weak)
            cells.append(f"{_found(strong):>16} {_found(weak):>9}")
        lines.append(f"{kind:13} {weakest:12.2f}  " + "  ".join(cells))
    lines.append(
        f"{'all of these':13} {'':12}  "
        + "  ".join(f"{_found(totals[n][0]):>16} {_found(totals[n][1]):>9}" for n in names)
    )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_footage_arguments(parser)
    parser.add_argument("--generated", type=Path, action="append", required=True,
                        help="a generated set cached by `rescore cache` (repeatable)")  # fmt: skip
    parser.add_argument("--write-docs", action="store_true", help=WRITE_DOCS_HELP)
    args = parser.parse_args(argv)
    for directory in args.generated:
        if not directory.is_dir():
            parser.error(f"{directory}: not a folder")
    from vision.config.detector_settings import default_detector_settings

    settings = default_detector_settings()
    print(f"held level ({QUANTILE}th percentile inside each labelled gesture) of its signal's "
          "change from rest: median [min..max] over the gestures", flush=True)  # fmt: skip
    real = real_levels(args.footage, args.cache, settings)
    readings = {d.name: generated_readings(d, settings) for d in args.generated}
    if not any(real.values()):
        print("no labelled real gesture found: name the footage folders", file=sys.stderr)
        return 2
    print("\n".join(table(real, {name: levels_of(r) for name, r in readings.items()})))
    print()
    print("\n".join(recall_by_strength(real, readings)))
    return 0


if __name__ == "__main__":
    raise SystemExit(
        run_main(main, "signal_strength", "Gesture signals, real against generated", "FOOTAGE")
    )
