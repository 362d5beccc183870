"""Make an evaluation set of synthetic seña clips from any folder of face photos.

    python -m benchmarks.make_eval_set --photos DIR --seed N --out DIR [--clips-per-photo K]
        [--no-table] [--only KIND] [--mirrored]

For every photo with a face: four single-face clips (640x480) that together hold every gesture
kind and side once and every kind twice in a row, shuffled and mixed with distractors (blinks,
head motion, talking, smiling, lighting, a hand passing). With two or more photos, also one table
clip (1280x720, up to four faces, seats 1..4 left to right). Each clip is NAME.mp4 with its
ground truth in NAME.truth.json. The same photos and seed give the same set. A quick set renders
only the first K of each photo's clips (each holds a quarter of its gestures) and no table clip.
A set of one kind (``--only``) renders one clip per photo, NAME.mp4, holding each side of that
kind twice in a shuffled order, and no table clip. ``--mirrored`` adds each photo's mirror image
as a photo of its own, m-NAME: the same face with its sides swapped.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np

from benchmarks.synth.landmarks import NoFaceError, photo_landmarks
from benchmarks.synth.scenes import (
    Sitter,
    each_side_twice,
    every_gesture,
    render_clip,
    twice_each_kind,
)
from engine.gesture import GESTURE_SIDES

PHOTO_SUFFIXES = {".jpg", ".jpeg", ".png", ".bmp", ".webp"}
CLIPS_PER_PHOTO = 4
TABLE_REQUESTS_PER_SEAT = 5


def load_sitters(photos: Path) -> list[Sitter]:
    """Every photo in the folder (sorted by name) whose face the landmarker finds."""
    sitters = []
    for path in sorted(p for p in photos.iterdir() if p.suffix.lower() in PHOTO_SUFFIXES):
        try:
            image, landmarks = photo_landmarks(path)
        except NoFaceError as exc:
            print(f"skipped: {exc}", file=sys.stderr)
            continue
        sitters.append(Sitter(path.name, image, landmarks))
    return sitters


def mirrored_sitters(photos: Path) -> list[Sitter]:
    """Every photo's mirror image (named m-NAME) whose face the landmarker finds."""
    with tempfile.TemporaryDirectory() as folder:
        for path in sorted(p for p in photos.iterdir() if p.suffix.lower() in PHOTO_SUFFIXES):
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is not None:
                cv2.imwrite(str(Path(folder) / f"m-{path.name}"), cv2.flip(image, 1))
        return load_sitters(Path(folder))


def make_eval_set(
    photos: Path,
    seed: int,
    out: Path,
    clips_per_photo: int = CLIPS_PER_PHOTO,
    table: bool = True,
    only: str | None = None,
    mirrored: bool = False,
) -> list[str]:
    """Render the set into ``out``; returns the clip names."""
    sitters = load_sitters(photos) + (mirrored_sitters(photos) if mirrored else [])
    if not sitters:
        raise SystemExit(f"no photo with a face in {photos}")
    out.mkdir(parents=True, exist_ok=True)
    names = []
    for index, sitter in enumerate(sitters):
        rng = np.random.default_rng([seed, index])
        requests = each_side_twice(only) if only else every_gesture() + twice_each_kind(rng)
        order = rng.permutation(len(requests))
        stem = Path(sitter.name).stem
        if only:
            chunks = {stem: order}
        else:
            split = np.array_split(order, CLIPS_PER_PHOTO)[:clips_per_photo]
            chunks = {f"{stem}_{part}": chunk for part, chunk in enumerate(split, 1)}
        for name, chunk in chunks.items():
            render_clip(out, name, [sitter], [[requests[i] for i in chunk]], rng, seed)
            names.append(name)
            print(f"wrote {name}", file=sys.stderr)
    if table and not only and len(sitters) > 1:
        rng = np.random.default_rng([seed, len(sitters)])
        chosen = sorted(rng.choice(len(sitters), size=min(4, len(sitters)), replace=False))
        pool = every_gesture() + twice_each_kind(rng)
        scripts = [
            [pool[i] for i in rng.choice(len(pool), TABLE_REQUESTS_PER_SEAT, replace=False)]
            for _ in chosen
        ]
        render_clip(out, "table", [sitters[i] for i in chosen], scripts, rng, seed)
        names.append("table")
        print("wrote table", file=sys.stderr)
    return names


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--photos", type=Path, required=True, help="folder of face photos")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--out", type=Path, required=True, help="folder for the clips")
    parser.add_argument(
        "--clips-per-photo",
        type=int,
        default=CLIPS_PER_PHOTO,
        choices=range(1, CLIPS_PER_PHOTO + 1),
        metavar=f"1..{CLIPS_PER_PHOTO}",
    )
    parser.add_argument("--no-table", action="store_true", help="no table clip")
    parser.add_argument(
        "--only",
        choices=sorted(GESTURE_SIDES),
        metavar="KIND",
        help="one clip per photo holding each side of KIND twice, no table clip",
    )
    parser.add_argument(
        "--mirrored", action="store_true", help="each photo's mirror image too, as m-NAME"
    )
    args = parser.parse_args()
    if not args.photos.is_dir():
        parser.error(f"{args.photos} is not a folder")
    names = make_eval_set(
        args.photos,
        args.seed,
        args.out,
        args.clips_per_photo,
        table=not args.no_table,
        only=args.only,
        mirrored=args.mirrored,
    )
    print(f"{len(names)} clips in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
