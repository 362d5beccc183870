"""Real footage at table size: each labelled real clip with its face shrunk into a table frame.

    python -m benchmarks.shrink_real_footage FOOTAGE_DIR... --out DIR [--face-width 100]
        [--cache data/real-cache]
    python -m benchmarks.real_footage DIR/w100 --cache DIR/cache

A camera over a whole card table sees each face 60-120 px wide; the real footage shows faces
200-400 px wide. For every clip named by a truth file of ``benchmarks/real_footage/``, the
face's box (the median of the boxes its landmarks found, from ``real_footage.py``'s landmark
cache, made on first use) is shrunk to ``--face-width`` px, the frame placed on a seat of a
1280x720 table frame as ``shrink_eval_set.py`` places generated clips, and written to
DIR/wW/ under the clip's own path, so the same truth files score it (a clip another tracker drew
on is painted out first, as ``real_footage.py`` does with the clip itself). The copies are local
derived files of footage that is never committed: keep DIR out of the repository (data/ is).
A clip whose face is already no wider than ``--face-width`` is left out, and said so.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from benchmarks.real_footage import (
    TRUTH_DIR,
    Clip,
    add_footage_arguments,
    cached_faces,
    load_clips,
)
from benchmarks.shrink_eval_set import shrink_clip


class SeveralFaces(ValueError):
    """A clip of several people: a wide shot of a table already, with no one face to shrink."""


def face_box(clip: Clip, cache: Path) -> list[float] | None:
    """The median box (x, y, w, h, in the clip's pixels) of the faces its landmarks found."""
    seen = cached_faces(clip, cache)
    if len(seen) > 1:
        raise SeveralFaces(f"{len(seen)} faces, a table-sized clip already")
    boxes = [item[0].bbox for frames in seen.values() for _, item in frames if item is not None]
    if not boxes:
        return None
    return [float(v) for v in np.median(np.array(boxes, dtype=float), axis=0)]


def shrink_footage(
    folders: Sequence[Path],
    out: Path,
    width: int,
    cache: Path,
    truth_dir: Path = TRUTH_DIR,
    noise: float = 0.0,
) -> Path:
    """Write every clip's shrunk copy under ``out``/w``width`` (``-noiseN`` with a sensor's grain
    of N grey levels); returns that folder."""
    target = out / (f"w{width}-noise{noise:g}" if noise > 0 else f"w{width}")
    for clip in load_clips(folders, "all", truth_dir):
        try:
            box = face_box(clip, cache)
        except SeveralFaces as exc:
            print(f"{clip.name}: {exc}, left out", file=sys.stderr)
            continue
        if box is None:
            print(f"{clip.name}: no face found, left out", file=sys.stderr)
            continue
        truth = {**clip.truth, "seats": {"1": {"bbox": box}}}
        video = target / clip.truth["video"]
        video.parent.mkdir(parents=True, exist_ok=True)
        try:
            shrink_clip(clip.video, truth, width, video, noise, clip.prepare)
        except ValueError as exc:  # the face is small already
            video.unlink(missing_ok=True)  # no half-written copy for real_footage to trip on
            print(f"{clip.name}: {exc}, left out", file=sys.stderr)
            continue
        print(f"{clip.name}: face {box[2]:.0f} -> {width} px", file=sys.stderr, flush=True)
    return target


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_footage_arguments(parser)
    parser.add_argument("--out", type=Path, required=True, help="folder for the shrunk copies")
    parser.add_argument("--face-width", type=int, default=100, help="face width in px")
    parser.add_argument("--noise", type=float, default=0.0,
                        help="a sensor's grain, grey levels (a dim webcam: 4-8)")  # fmt: skip
    args = parser.parse_args(argv)
    if not 20 <= args.face_width <= 400:
        parser.error("--face-width: between 20 and 400 px")
    if not 0 <= args.noise <= 50:
        parser.error("--noise: between 0 and 50 grey levels")
    target = shrink_footage(args.footage, args.out, args.face_width, args.cache, noise=args.noise)
    cache = args.out / f"cache-{target.name}"
    print(f"python -m benchmarks.real_footage {target} --cache {cache}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
