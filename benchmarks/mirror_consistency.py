"""How far MediaPipe's blendshapes read a real face differently from the same face mirrored.

    python -m benchmarks.mirror_consistency FOOTAGE_DIR... [--cache DIR] [--write-docs]

A face and its mirror image show the same movements with the sides swapped, so a blendshape of
the player's left side read on a frame should equal its right-side twin read on the flipped
frame, and a middle one (``jawOpen``, ``browInnerUp``) itself. Where they differ, the model
reads one side of a face differently from the other, and a threshold on one side (a wink's eye,
the two brows alike, a twist's corner) depends on which way the player sits. For every frame of
the single-face real clips (``real_footage.py``'s landmark caches, as filmed and ``--mirror``ed:
made on first use), this prints, per blendshape the detectors read, the difference between the
two readings: its median and 90th percentile over all frames, and over the frames where either
reading moved more than ``--moving`` (0.2) from the clip's median, where a gesture would be.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from benchmarks.docs_section import WRITE_DOCS_HELP, run_main
from benchmarks.real_footage import (
    Clip,
    add_footage_arguments,
    cached_faces,
    load_clips,
    mirror_clip,
    require_folders,
)

#: The blendshapes the detectors read (vision/detectors), each side's with its twin.
BLENDSHAPES = (
    "eyeBlinkLeft", "eyeBlinkRight", "browInnerUp", "browOuterUpLeft", "browOuterUpRight",
    "mouthPucker", "mouthLeft", "mouthRight", "mouthSmileLeft", "mouthSmileRight", "jawOpen",
    "mouthRollLower",
)  # fmt: skip


def twin(name: str) -> str:
    """The blendshape that reads on the mirror image what ``name`` reads on the frame."""
    if name.endswith("Left"):
        return name.removesuffix("Left") + "Right"
    if name.endswith("Right"):
        return name.removesuffix("Right") + "Left"
    return name


def readings(clip: Clip, cache: Path) -> dict[int, dict[str, float]] | None:
    """Per frame timestamp, the one face's blendshapes; None for a clip of several faces."""
    seen = cached_faces(clip, cache)
    if len(seen) != 1:
        return None
    (frames,) = seen.values()
    return {ts: item[0].blendshapes for ts, item in frames if item is not None}


def differences(
    clips: Sequence[Clip], cache: Path, moving: float
) -> tuple[dict[str, list[float]], dict[str, list[float]], int]:
    """Per blendshape, |as filmed - its twin mirrored| on every frame both found the face, and
    on the frames where either moved more than ``moving`` from its clip's median."""
    every: dict[str, list[float]] = defaultdict(list)
    active: dict[str, list[float]] = defaultdict(list)
    used = 0
    for clip in clips:
        filmed = readings(clip, cache)
        if filmed is None:
            continue
        mirrored = readings(mirror_clip(clip), cache) or {}
        both = sorted(set(filmed) & set(mirrored))
        if not both:
            continue
        used += 1
        for name in BLENDSHAPES:
            a = np.array([filmed[ts].get(name, np.nan) for ts in both])
            b = np.array([mirrored[ts].get(twin(name), np.nan) for ts in both])
            if not (np.isfinite(a).any() and np.isfinite(b).any()):
                continue  # a model bundle without this blendshape
            gap = np.abs(a - b)
            moved = np.maximum(np.abs(a - np.nanmedian(a)), np.abs(b - np.nanmedian(b))) > moving
            every[name] += gap[np.isfinite(gap)].tolist()
            active[name] += gap[moved & np.isfinite(gap)].tolist()
    return every, active, used


def table(every: dict[str, list[float]], active: dict[str, list[float]]) -> list[str]:
    lines = [
        f"{'blendshape':18s} {'frames':>7s} {'median':>7s} {'p90':>6s}   "
        f"{'moving':>7s} {'median':>7s} {'p90':>6s}"
    ]
    for name in BLENDSHAPES:
        if not every[name]:
            continue
        all_, moving = np.array(every[name]), np.array(active[name])
        tail = (
            f"{len(moving):7d} {np.median(moving):7.3f} {np.percentile(moving, 90):6.3f}"
            if len(moving)
            else f"{0:7d} {'-':>7s} {'-':>6s}"
        )
        lines.append(
            f"{name:18s} {len(all_):7d} {np.median(all_):7.3f} {np.percentile(all_, 90):6.3f}   "
            + tail
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_footage_arguments(parser)
    parser.add_argument("--moving", type=float, default=0.2,
                        help="a blendshape this far from its clip's median is moving")  # fmt: skip
    parser.add_argument("--write-docs", action="store_true", help=WRITE_DOCS_HELP)
    args = parser.parse_args(argv)
    require_folders(parser, args.footage)
    if not 0 < args.moving < 1:
        parser.error("--moving: between 0 and 1")
    clips = load_clips(args.footage, "all")
    every, active, used = differences(clips, args.cache, args.moving)
    if not used:
        print("no single-face real clip found: name the footage folders", file=sys.stderr)
        return 2
    print(f"|as filmed - mirrored| of each blendshape (its twin on the mirror image), "
          f"{used} single-face clips; 'moving': either reading over {args.moving:g} from its "
          "clip's median", flush=True)  # fmt: skip
    print("\n".join(table(every, active)))
    return 0


if __name__ == "__main__":
    raise SystemExit(
        run_main(main, "mirror_consistency", "MediaPipe's blendshapes, mirrored", "FOOTAGE")
    )
