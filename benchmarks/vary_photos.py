"""Copies of a folder of face photos under other light and skin tones, for robustness runs.

    python benchmarks/vary_photos.py --photos data/photos/tuning --out data/photos/varied

Writes ``tan-NAME.png`` (darker and warmer: a dim room under warm light, or darker skin) and
``pale-NAME.png`` (lighter, cooler and flatter: a washed-out webcam) for every photo. The copies
are the tuning photos' own faces: a set made from them (``make_eval_set.py``) tests how the
detectors hold up under light and skin tones the tuning sets do not show, not unseen faces.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import cv2
import numpy as np

PHOTO_SUFFIXES = {".jpg", ".jpeg", ".png", ".bmp", ".webp"}
#: Per-channel gains (B, G, R) and an offset in grey levels, per variant.
VARIANTS: dict[str, tuple[tuple[float, float, float], float]] = {
    "tan": ((0.62, 0.72, 0.85), 0.0),
    "pale": ((0.972, 0.945, 0.9), 30.0),
}


def vary(image: np.ndarray, gains: tuple[float, float, float], offset: float) -> np.ndarray:
    varied = image.astype(np.float32) * np.array(gains, np.float32) + offset
    return np.clip(varied, 0, 255).astype(np.uint8)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--photos", type=Path, required=True, help="folder of face photos")
    parser.add_argument("--out", type=Path, required=True, help="folder for the copies")
    args = parser.parse_args()
    if not args.photos.is_dir():
        parser.error(f"{args.photos} is not a folder")
    photos = sorted(p for p in args.photos.iterdir() if p.suffix.lower() in PHOTO_SUFFIXES)
    if not photos:
        parser.error(f"no photo in {args.photos}")
    args.out.mkdir(parents=True, exist_ok=True)
    for path in photos:
        image = cv2.imread(str(path))
        if image is None:
            print(f"skipped: {path} cannot be read")
            continue
        for name, (gains, offset) in VARIANTS.items():
            cv2.imwrite(str(args.out / f"{name}-{path.stem}.png"), vary(image, gains, offset))
    print(f"{len(photos) * len(VARIANTS)} photos in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
