"""Table-sized faces: an evaluation set's single-face clips shrunk into a wide table frame.

    python -m benchmarks.shrink_eval_set SOURCE_DIR --out DIR [--face-width 60 80 100 120]

A camera over the whole table sees each face 60-120 px wide. For every single-face clip of
SOURCE_DIR (made by benchmarks/make_eval_set.py) and every width W, each frame is scaled down
(area averaging, as a lens would) so that the truth's face box is W px wide, placed on a seat
of a 1280x720 table backdrop in front of the card table, and encoded at the generator's bit rate
as DIR/wW/NAME.mp4; its truth is the source's with the seat box and frame size adjusted.
Score each folder with ``python -m benchmarks.accuracy DIR/wW``.
"""

from __future__ import annotations

import argparse
import json
import sys
import zlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from benchmarks.synth.scenes import (
    TABLE_EDGE,
    TABLE_SIZE,
    open_clip_writer,
    table_backdrop,
    table_top,
)

DEFAULT_WIDTHS = (60, 80, 100, 120)
#: Where the shrunk clip's centre goes across the table frame (a seat left of the middle).
SEAT_X = 0.375
FEATHER_PX = 6


def shrink_placement(
    face_box: list[float], source_size: tuple[int, int], face_width: float
) -> tuple[float, int, int]:
    """(scale, x, y): how much to shrink a source frame for its face box to be ``face_width``
    px wide, and where its top-left corner goes so that its bottom rests on the table's edge."""
    scale = face_width / float(face_box[2])
    if scale >= 1.0:
        raise ValueError(f"the face is {face_box[2]} px wide already, not more than {face_width}")
    width, height = _scaled(source_size, scale)
    x = round(TABLE_SIZE[0] * SEAT_X - width / 2)
    y = TABLE_EDGE + 4 - height
    return scale, x, y


def _scaled(size: tuple[int, int], scale: float) -> tuple[int, int]:
    return round(size[0] * scale), round(size[1] * scale)


def shrunk_truth(
    truth: Mapping[str, Any], scale: float, x: int, y: int, video: str
) -> dict[str, Any]:
    """The source's truth with its seat box moved into the table frame."""
    seats = {
        seat: {**box, "bbox": [round(box["bbox"][0] * scale + x), round(box["bbox"][1] * scale + y),
                               round(box["bbox"][2] * scale), round(box["bbox"][3] * scale)]}
        for seat, box in truth["seats"].items()
    }  # fmt: skip
    width, height = TABLE_SIZE
    return {**truth, "video": video, "width": width, "height": height, "seats": seats,
            "shrunk_from": truth["video"], "scale": round(scale, 4)}  # fmt: skip


def _feather(width: int, height: int) -> np.ndarray:
    ramp_x = np.clip(np.minimum(np.arange(width), np.arange(width)[::-1]) / FEATHER_PX, 0, 1)
    ramp_y = np.clip(np.minimum(np.arange(height), np.arange(height)[::-1]) / FEATHER_PX, 0, 1)
    feather: np.ndarray = np.minimum(ramp_x[None, :], ramp_y[:, None])[..., None].astype(np.float32)
    return feather


def shrink_clip(
    source: Path,
    truth: Mapping[str, Any],
    face_width: float,
    out: Path,
    noise: float = 0.0,
    clean: Callable[[np.ndarray], np.ndarray] | None = None,
) -> dict[str, Any]:
    """Write ``out`` (an mp4) from ``source``; returns its truth document. ``noise`` adds a
    camera sensor's grain over the clip: Gaussian, that many grey levels, new every frame
    (seeded by the file's name, so a copy is made alike every time). ``clean`` is applied to
    each source frame first (another tracker's marks painted out)."""
    capture = cv2.VideoCapture(str(source))
    if not capture.isOpened():
        raise RuntimeError(f"cannot read {source}")
    size = (int(truth["width"]), int(truth["height"]))
    (face_box,) = (box["bbox"] for box in truth["seats"].values())
    scale, x, y = shrink_placement(face_box, size, face_width)
    width, height = _scaled(size, scale)
    # Only the clip's region changes from frame to frame: the wall behind it, the table's near
    # edge in front of it.
    area = (slice(y, y + height), slice(x, x + width))
    top, top_alpha = table_top(TABLE_EDGE)
    wall = table_backdrop()
    canvas = (wall * (1 - top_alpha[..., None]) + top * top_alpha[..., None]).astype(np.uint8)
    wall, top, front = wall[area].astype(np.float32), top[area], top_alpha[area][..., None]
    alpha = _feather(width, height)
    grain = np.random.default_rng(zlib.crc32(out.name.encode()))
    writer = open_clip_writer(out, TABLE_SIZE, float(truth["fps"]))
    try:
        while True:
            ok, frame = capture.read()
            if not ok:
                break
            if clean is not None:
                frame = clean(frame)
            small = cv2.resize(frame, (width, height), interpolation=cv2.INTER_AREA)
            seated = wall * (1 - alpha) + small * alpha
            if noise > 0:
                seated += grain.normal(0.0, noise, seated.shape).astype(np.float32)
            canvas[area] = np.clip(seated * (1 - front) + top * front, 0, 255).astype(np.uint8)
            writer.write(canvas)
    finally:
        writer.release()
        capture.release()
    return shrunk_truth(truth, scale, x, y, out.name)


def shrink_eval_set(source_dir: Path, out: Path, widths: list[int]) -> list[Path]:
    """Every single-face clip of ``source_dir`` at every width; returns the folders written."""
    truths = sorted(source_dir.glob("*.truth.json"))
    singles = [(p, json.loads(p.read_text())) for p in truths]
    singles = [(p, t) for p, t in singles if len(t["seats"]) == 1]
    if not singles:
        raise SystemExit(f"no single-face clip with a truth in {source_dir}")
    folders = []
    for width in widths:
        folder = out / f"w{width}"
        folder.mkdir(parents=True, exist_ok=True)
        for path, truth in singles:
            name = path.name.removesuffix(".truth.json")
            document = shrink_clip(
                source_dir / truth["video"], truth, width, folder / f"{name}.mp4"
            )
            (folder / path.name).write_text(json.dumps(document, indent=1) + "\n")
            print(f"wrote {folder.name}/{name}", file=sys.stderr)
        folders.append(folder)
    return folders


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path, help="a folder made by make_eval_set.py")
    parser.add_argument("--out", type=Path, required=True, help="folder for the w* folders")
    parser.add_argument(
        "--face-width", type=int, nargs="+", default=list(DEFAULT_WIDTHS), metavar="PX",
        help="face widths in pixels (default: %(default)s)",
    )  # fmt: skip
    args = parser.parse_args()
    if not args.source.is_dir():
        parser.error(f"{args.source} is not a folder")
    if any(not 8 <= w <= 400 for w in args.face_width):
        parser.error("face widths must be 8..400 px")
    try:
        folders = shrink_eval_set(args.source, args.out, args.face_width)
    except ValueError as exc:
        parser.error(str(exc))
    print("\n".join(str(f) for f in folders))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
