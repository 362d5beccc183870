"""The pose bundle assembled by vision.mediapipe.pose_bundle: its metadata, its zip layout, its
refusals."""

from __future__ import annotations

import io
import struct
import zipfile
from pathlib import Path

import pytest
from mediapipe.tasks.metadata import metadata_schema_py_generated as md
from mediapipe.tasks.metadata import schema_py_generated as schema

from vision.mediapipe import models, pose_bundle


@pytest.fixture(scope="module")
def bundled() -> dict[str, bytes]:
    """The two models inside the fetched (pinned) pose bundle."""
    models.fetch_models(["pose_landmarker"], kinds=("registry",), report=lambda line: None)
    with zipfile.ZipFile(models.require_model("pose_landmarker")) as bundle:
        return {name: bundle.read(name) for name in bundle.namelist()}


def _metadata(tflite: bytes) -> md.ModelMetadataT:
    buffer = pose_bundle.read_metadata(tflite)
    assert buffer is not None and buffer[4:8] == b"M001"
    return md.ModelMetadataT.InitFromObj(md.ModelMetadata.GetRootAsModelMetadata(buffer, 0))


@pytest.mark.parametrize(
    ("model", "mean", "std", "outputs"),
    [
        (pose_bundle.POSE_DETECTOR, 127.5, 127.5, 2),
        (pose_bundle.POSE_LANDMARKS_FULL, 0.0, 255.0, 5),
    ],
)
def test_each_model_describes_its_rgb_input_and_every_output(bundled, model, mean, std, outputs):
    metadata = _metadata(bundled[model.bundle_name])
    assert metadata.minParserVersion == b"1.0.0"
    [subgraph] = metadata.subgraphMetadata
    [image] = subgraph.inputTensorMetadata
    assert image.content.contentPropertiesType == md.ContentProperties.ImageProperties
    assert image.content.contentProperties.colorSpace == md.ColorSpaceType.RGB
    [normalization] = image.processUnits
    assert normalization.optionsType == md.ProcessUnitOptions.NormalizationOptions
    assert list(normalization.options.mean) == [mean]
    assert list(normalization.options.std) == [std]
    assert len(subgraph.outputTensorMetadata) == outputs


def test_metadata_is_replaced_not_added_twice(bundled):
    detector = bundled["pose_detector.tflite"]
    again = pose_bundle.with_metadata(
        detector, pose_bundle.model_metadata(pose_bundle.POSE_DETECTOR, detector)
    )
    model = schema.Model.GetRootAsModel(again, 0)
    names = [model.Metadata(i).Name() for i in range(model.MetadataLength())]
    assert names.count(b"TFLITE_METADATA") == 1
    assert again == detector  # same input, same bytes: what lets the bundle's hash be pinned


def test_model_data_starts_on_16_byte_boundaries_in_the_bundle():
    path = models.require_model("pose_landmarker")
    raw = path.read_bytes()
    with zipfile.ZipFile(path) as bundle:
        assert bundle.testzip() is None
        for info in bundle.infolist():
            assert info.compress_type == zipfile.ZIP_STORED
            name_len, extra_len = struct.unpack(
                "<HH", raw[info.header_offset + 26 : info.header_offset + 30]
            )
            start = info.header_offset + 30 + name_len + extra_len
            assert start % 16 == 0
            assert raw[start + 4 : start + 8] == b"TFL3"


def test_task_bundle_is_deterministic_and_readable():
    files = {"b.tflite": b"x" * 33, "a.tflite": b"y" * 7}
    first = pose_bundle.task_bundle(files)
    assert first == pose_bundle.task_bundle(dict(reversed(files.items())))
    with zipfile.ZipFile(io.BytesIO(first)) as bundle:
        assert bundle.namelist() == ["a.tflite", "b.tflite"]
        assert bundle.read("b.tflite") == files["b.tflite"]
        assert {info.date_time for info in bundle.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_a_wheel_with_other_model_bytes_is_refused(tmp_path):
    wheel = tmp_path / "mediapipe-0.10.21-cp311-cp311-manylinux_2_28_x86_64.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for model in pose_bundle.POSE_MODELS:
            archive.writestr(model.wheel_member, b"some other model")
    with pytest.raises(pose_bundle.PoseBundleError, match=r"pose_detection\.tflite .* has sha256"):
        pose_bundle.assemble_pose_bundle(wheel)


def test_a_model_with_the_wrong_outputs_is_refused(bundled):
    with pytest.raises(pose_bundle.PoseBundleError, match="2 outputs, expected 1 and 5"):
        pose_bundle.model_metadata(pose_bundle.POSE_LANDMARKS_FULL, bundled["pose_detector.tflite"])


def test_missing_models_in_the_wheel_are_reported(tmp_path: Path):
    wheel = tmp_path / "empty.whl"
    zipfile.ZipFile(wheel, "w").close()
    with pytest.raises(pose_bundle.PoseBundleError, match="has no mediapipe/modules"):
        pose_bundle.assemble_pose_bundle(wheel)


def test_a_different_flatbuffers_release_is_named_when_the_bundle_differs(monkeypatch):
    assert pose_bundle.serializer_mismatch_hint() == ""  # the pin was made with this release
    monkeypatch.setattr(pose_bundle, "PINNED_WITH_FLATBUFFERS", "1.0")
    assert "pip install flatbuffers==1.0" in pose_bundle.serializer_mismatch_hint()
