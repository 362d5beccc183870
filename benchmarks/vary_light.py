"""An evaluation set's clips under other light, for robustness runs.

    python -m benchmarks.vary_light --clips data/eval/tuning --light tan --out data/eval/tuning-tan

Every frame of every clip is re-lit as a whole (face, painted teeth and tongue, body and room
alike, as a real change of light would), and the truth files are copied unchanged:

- ``tan``: darker and warmer (a dim room under warm light);
- ``pale``: lighter, cooler and flatter (a washed-out webcam).

Re-lighting the photos before rendering instead would leave the generator's painted teeth and
tongue in the old light, brighter or redder against the face than any real light makes them.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

import cv2
import numpy as np

from benchmarks.synth.scenes import open_clip_writer

#: Per-channel gains (B, G, R) and an offset in grey levels, per light.
LIGHTS: dict[str, tuple[tuple[float, float, float], float]] = {
    "tan": ((0.62, 0.72, 0.85), 0.0),
    "pale": ((0.972, 0.945, 0.9), 30.0),
}


def relight(image: np.ndarray, light: str) -> np.ndarray:
    gains, offset = LIGHTS[light]
    varied = image.astype(np.float32) * np.array(gains, np.float32) + offset
    relit: np.ndarray = np.clip(varied, 0, 255).astype(np.uint8)
    return relit


def relight_clip(source: Path, target: Path, light: str) -> int:
    """Write ``source`` re-lit to ``target``; returns the frames written."""
    capture = cv2.VideoCapture(str(source))
    if not capture.isOpened():
        raise SystemExit(f"cannot read {source}")
    fps = capture.get(cv2.CAP_PROP_FPS) or 30.0
    size = (int(capture.get(cv2.CAP_PROP_FRAME_WIDTH)), int(capture.get(cv2.CAP_PROP_FRAME_HEIGHT)))
    try:
        writer = open_clip_writer(target, size, fps)
    except RuntimeError as exc:
        raise SystemExit(str(exc)) from None
    frames = 0
    try:
        while True:
            ok, image = capture.read()
            if not ok:
                break
            writer.write(relight(image, light))
            frames += 1
    finally:
        writer.release()
        capture.release()
    return frames


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clips", type=Path, required=True, help="a folder made by make_eval_set")
    parser.add_argument("--light", choices=sorted(LIGHTS), required=True)
    parser.add_argument("--out", type=Path, required=True, help="folder for the re-lit clips")
    args = parser.parse_args()
    truths = sorted(args.clips.glob("*.truth.json")) if args.clips.is_dir() else []
    if not truths:
        parser.error(f"no NAME.truth.json in {args.clips}: make one with make_eval_set.py")
    if args.out.resolve() == args.clips.resolve():
        parser.error("--out must be another folder: the clips would be overwritten")
    args.out.mkdir(parents=True, exist_ok=True)
    for truth in truths:
        clip = truth.with_name(truth.name.removesuffix(".truth.json") + ".mp4")
        frames = relight_clip(clip, args.out / clip.name, args.light)
        shutil.copy(truth, args.out / truth.name)
        print(f"{clip.name}: {frames} frames", file=sys.stderr)
    print(f"{len(truths)} clips in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
