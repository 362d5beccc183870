"""Regenerate the small committed clips in sample_videos/ from the tuning photos.

    python -m benchmarks.get_photos --cache DIR
    python -m benchmarks.make_sample_videos --photos DIR/tuning --out sample_videos

single.mp4: one face (astronaut.png), every gesture kind once (sides varied) plus a wink twice.
table.mp4: four faces side by side, seats 1..4 left to right, a few gestures each.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from benchmarks.synth.landmarks import photo_landmarks
from benchmarks.synth.scenes import Sitter, render_clip
from benchmarks.synth.timeline import Request

SEED = 7
SINGLE_PHOTO = "astronaut.png"
TABLE_PHOTOS = ("0-f1-su-ph.jpg", "astronaut.png", "15-f13-anc-ph.jpg", "45-m7-di-ph.jpg")
SINGLE_SCRIPT = [
    Request("wink", "left"),
    Request("brows_raised", None),
    Request("lip_bite", "center"),
    Request("tongue_out", "right"),
    Request("mouth_twist", "left"),
    Request("eyes_closed", None),
    Request("pout", None),
    Request("head_tilt", "right"),
    Request("shrug", "both"),
    Request("wink", "right", twice=True),
]
TABLE_SCRIPTS = [
    [Request("wink", "right"), Request("lip_bite", "left")],
    [Request("brows_raised", None), Request("tongue_out", "center")],
    [Request("mouth_twist", "right"), Request("shrug", "left")],
    [Request("head_tilt", "left"), Request("pout", None, twice=True)],
]


def sitter(photos: Path, name: str) -> Sitter:
    image, landmarks = photo_landmarks(photos / name)
    return Sitter(name, image, landmarks)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--photos", type=Path, required=True, help="the tuning photos folder")
    parser.add_argument("--out", type=Path, default=Path("sample_videos"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(SEED)
    render_clip(args.out, "single", [sitter(args.photos, SINGLE_PHOTO)], [SINGLE_SCRIPT], rng, SEED,
                distractor_rate=0.4)  # fmt: skip
    table = [sitter(args.photos, name) for name in TABLE_PHOTOS]
    render_clip(args.out, "table", table, TABLE_SCRIPTS, rng, SEED)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
