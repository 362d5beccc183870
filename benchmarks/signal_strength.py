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
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from benchmarks.docs_section import WRITE_DOCS_HELP, run_main
from benchmarks.real_footage import (
    LEAD_IN_MS,
    add_footage_arguments,
    cached_rows,
    lead_in_ms_of,
    load_clips,
)
from benchmarks.rescore import Rows, features_of, videos_in

if TYPE_CHECKING:  # vision is imported where it is used: this name is for the annotations
    from vision.config.detector_settings import DetectorSettings

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


def deltas_by_seat(
    rows: Rows, settings: DetectorSettings
) -> dict[int, list[tuple[int, dict[str, float]]]]:
    """Each seat's (ts_ms, change from its baseline) per frame it was usable in, replayed through
    the seat's own detector so that the baseline is the one its detectors read."""
    from vision.detectors import SeatGestureDetector

    detectors: dict[int, SeatGestureDetector] = {}
    out: dict[int, list[tuple[int, dict[str, float]]]] = defaultdict(list)
    for ts, seat, features in rows:
        detector = detectors.setdefault(seat, SeatGestureDetector(seat, settings))
        detector.update(ts, features)
        if features is not None and detector.baseline.ready:
            out[seat].append((ts, detector.baseline.delta(features.signals())))
    return out


def levels(
    gestures: list[dict[str, Any]],
    frames: dict[int, list[tuple[int, dict[str, float]]]],
    offset_ms: int,
) -> dict[str, list[float]]:
    """Per kind, each labelled gesture's held level of its signal."""
    found: dict[str, list[float]] = defaultdict(list)
    for gesture in gestures:
        kind = gesture["kind"]
        if kind not in SIGNALS:
            continue
        start, end = gesture["start_ms"] + offset_ms, gesture["end_ms"] + offset_ms
        signal = SIGNALS[kind][1]
        inside = [
            signal(delta, gesture.get("side"))
            for ts, delta in frames.get(gesture["seat"], [])
            if start <= ts <= end
        ]
        inside = [v for v in inside if np.isfinite(v)]
        if inside:
            found[kind].append(float(np.percentile(inside, QUANTILE)))
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
        offset = lead_in_ms_of(clip.video, lead_in_ms)
        for kind, values in levels(clip.truth["gestures"], deltas_by_seat(rows, settings),
                                   offset).items():  # fmt: skip
            found[kind] += values
    return found


def generated_levels(directory: Path, settings: DetectorSettings) -> dict[str, list[float]]:
    found: dict[str, list[float]] = defaultdict(list)
    for video in videos_in(directory, cached_only=True):
        truth_path = video.with_name(video.stem + ".truth.json")
        if not truth_path.exists():
            continue
        truth = json.loads(truth_path.read_text())
        frames = deltas_by_seat(features_of(video, settings), settings)
        for kind, values in levels(truth["gestures"], frames, 0).items():
            found[kind] += values
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
    generated = {d.name: generated_levels(d, settings) for d in args.generated}
    if not any(real.values()):
        print("no labelled real gesture found: name the footage folders", file=sys.stderr)
        return 2
    print("\n".join(table(real, generated)))
    return 0


if __name__ == "__main__":
    raise SystemExit(
        run_main(main, "signal_strength", "Gesture signals, real against generated", "FOOTAGE")
    )
