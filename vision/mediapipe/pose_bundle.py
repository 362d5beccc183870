"""Build ``pose_landmarker_full.task`` from the tflite files of the ``mediapipe==0.10.21`` wheel.

No package on the registry carries a pose landmarker bundle, but that older wheel carries the two
BlazePose models the bundle is made of. The current ``PoseLandmarker`` reads how to feed each
model from the model's TFLite metadata and refuses a float input without ``NormalizationOptions``,
so each model gets a metadata flatbuffer (general info; one RGB image input with its
normalisation and value range; one feature output per output tensor) before both are zipped, as
``pose_detector.tflite`` and ``pose_landmarks_detector.tflite``, into the bundle.

How the metadata is written, and why: the current release's ``metadata_writers`` would do it,
but their module ``metadata.py`` imports the compiled ``_pywrap_metadata_version`` that the
wheel lacks. Rather than plant a stand-in module in ``sys.modules`` (global state, in the same
process that later runs the landmarkers), the few tables are built here with the generated
flatbuffers classes mediapipe ships (``mediapipe.tasks.metadata.metadata_schema_py_generated``,
``schema_py_generated``) and attached the way ``MetadataPopulator`` attaches them: a model buffer
named ``TFLITE_METADATA`` (replacing one already there). The one value the missing helper would
compute, ``min_parser_version``, is "1.0.0": its rules raise it only for associated files,
subgraph process units, tensor groups, tokenizers, audio and custom metadata, none of which is
used here. No associated files are attached, so the model needs no zip appended to it.

Normalisation follows the graphs the models were trained for (mediapipe 0.10's
``pose_detection_cpu.pbtxt`` and ``pose_landmark_by_roi_cpu.pbtxt``): the detector sees pixels
in [-1, 1] (mean 127.5, std 127.5, which the detector's own embedded metadata also states), the
landmarks model pixels in [0, 1] (mean 0, std 255).

Everything is deterministic (flatbuffers packing; a stored zip with fixed timestamps and
attributes), so the bundle's sha256 is pinned like a downloaded file's. One dependency shows in
the bytes: the flatbuffers ``Builder`` that repacks the models. Releases 24.3 to 25.9 deduplicate
vtables differently from 25.12 and write an equally valid model of other bytes, so the pin holds
for the release named in ``PINNED_WITH_FLATBUFFERS``, and a mismatch says so.
"""

from __future__ import annotations

import hashlib
import io
import struct
import zipfile
from dataclasses import dataclass
from pathlib import Path

import flatbuffers
import numpy as np
from mediapipe.tasks.metadata import metadata_schema_py_generated as md
from mediapipe.tasks.metadata import schema_py_generated as schema

MEDIAPIPE_WHEEL_REQUIREMENT = "mediapipe==0.10.21"
#: Any platform's wheel carries the same tflite files; one fixed tag makes the download the same
#: on every machine, whatever its own Python or OS.
MEDIAPIPE_WHEEL_PIP_ARGS = ("--python-version", "3.11", "--platform", "manylinux_2_28_x86_64")

#: The flatbuffers release whose Builder wrote the pinned bundle.
PINNED_WITH_FLATBUFFERS = "25.12.19"

METADATA_FIELD_NAME = b"TFLITE_METADATA"
_METADATA_IDENTIFIER = b"M001"
_TFLITE_IDENTIFIER = b"TFL3"
_MIN_PARSER_VERSION = "1.0.0"
_ZIP_TIMESTAMP = (1980, 1, 1, 0, 0, 0)
#: TFLite's converter starts every weight buffer on a 16-byte boundary so the runtime can use the
#: weights in place; a plain repack would leave them unaligned and make it copy them at load.
_BUFFER_ALIGNMENT = 16
_LOCAL_HEADER_SIZE = 30
_EXTRA_HEADER_SIZE = 4


@dataclass(frozen=True)
class PoseModel:
    """One model of the bundle: where it lies in the wheel, its pinned bytes, how it is fed."""

    wheel_member: str
    sha256: str
    bundle_name: str
    title: str
    description: str
    norm_mean: float
    norm_std: float
    output_count: int


POSE_DETECTOR = PoseModel(
    wheel_member="mediapipe/modules/pose_detection/pose_detection.tflite",
    sha256="9ba9dd3d42efaaba86b4ff0122b06f29c4122e756b329d89dca1e297fd8f866c",
    bundle_name="pose_detector.tflite",
    title="BlazePose detector",
    description="Finds people: SSD boxes with 4 body keypoints and their scores.",
    norm_mean=127.5,
    norm_std=127.5,
    output_count=2,
)

POSE_LANDMARKS_FULL = PoseModel(
    wheel_member="mediapipe/modules/pose_landmark/pose_landmark_full.tflite",
    sha256="e9a5c5cb17f736fafd4c2ec1da3b3d331d6edbe8a0d32395855aeb2cdfd64b9f",
    bundle_name="pose_landmarks_detector.tflite",
    title="BlazePose GHUM 3D landmarks (full)",
    description=(
        "33 pose landmarks, pose presence, segmentation mask, heatmap and world landmarks "
        "of the person in a region of interest."
    ),
    norm_mean=0.0,
    norm_std=255.0,
    output_count=5,
)

POSE_MODELS = (POSE_DETECTOR, POSE_LANDMARKS_FULL)


class PoseBundleError(Exception):
    """The wheel's models are not the ones this bundle was pinned against."""


def serializer_mismatch_hint() -> str:
    """Why an assembled bundle may differ from the pinned one, if this Python suggests why."""
    if flatbuffers.__version__ == PINNED_WITH_FLATBUFFERS:
        return ""
    return (
        f"the pinned bundle was written by flatbuffers {PINNED_WITH_FLATBUFFERS} and this Python "
        f"has flatbuffers {flatbuffers.__version__}, which lays the bytes out differently: "
        f"`python -m pip install flatbuffers=={PINNED_WITH_FLATBUFFERS}`"
    )


def assemble_pose_bundle(mediapipe_wheel: Path) -> bytes:
    """The bytes of ``pose_landmarker_full.task``, built from a mediapipe 0.10.21 wheel."""
    files = {}
    with zipfile.ZipFile(mediapipe_wheel) as wheel:
        for model in POSE_MODELS:
            try:
                original = wheel.read(model.wheel_member)
            except KeyError:
                raise PoseBundleError(
                    f"{mediapipe_wheel.name} has no {model.wheel_member}"
                ) from None
            actual = hashlib.sha256(original).hexdigest()
            if actual != model.sha256:
                raise PoseBundleError(
                    f"{model.wheel_member} in {mediapipe_wheel.name} has sha256 {actual}, "
                    f"expected {model.sha256}"
                )
            files[model.bundle_name] = with_metadata(original, model_metadata(model, original))
    return task_bundle(files)


def model_metadata(model: PoseModel, tflite: bytes) -> bytes:
    """The TFLite metadata flatbuffer (identifier ``M001``) describing ``model``."""

    input_count, output_names = _signature(tflite)
    if input_count != 1 or len(output_names) != model.output_count:
        raise PoseBundleError(
            f"{model.wheel_member} has {input_count} inputs and {len(output_names)} outputs, "
            f"expected 1 and {model.output_count}"
        )

    image = md.TensorMetadataT()
    image.name = "image"
    image.description = "RGB image, float32, normalised as (pixel - mean) / std"
    image.content = md.ContentT()
    image.content.contentPropertiesType = md.ContentProperties.ImageProperties
    image.content.contentProperties = md.ImagePropertiesT()
    image.content.contentProperties.colorSpace = md.ColorSpaceType.RGB
    normalization = md.ProcessUnitT()
    normalization.optionsType = md.ProcessUnitOptions.NormalizationOptions
    normalization.options = md.NormalizationOptionsT()
    normalization.options.mean = [model.norm_mean]
    normalization.options.std = [model.norm_std]
    image.processUnits = [normalization]
    image.stats = md.StatsT()
    image.stats.min = [(0.0 - model.norm_mean) / model.norm_std]
    image.stats.max = [(255.0 - model.norm_mean) / model.norm_std]

    outputs = []
    for name in output_names:
        output = md.TensorMetadataT()
        output.name = name
        output.content = md.ContentT()
        output.content.contentPropertiesType = md.ContentProperties.FeatureProperties
        output.content.contentProperties = md.FeaturePropertiesT()
        output.stats = md.StatsT()
        outputs.append(output)

    subgraph = md.SubGraphMetadataT()
    subgraph.inputTensorMetadata = [image]
    subgraph.outputTensorMetadata = outputs

    metadata = md.ModelMetadataT()
    metadata.name = model.title
    metadata.description = model.description
    metadata.version = MEDIAPIPE_WHEEL_REQUIREMENT
    metadata.author = "Google (models); metadata added by keinu"
    metadata.license = "Apache License 2.0"
    metadata.subgraphMetadata = [subgraph]
    metadata.minParserVersion = _MIN_PARSER_VERSION

    builder = flatbuffers.Builder(1024)
    builder.Finish(metadata.Pack(builder), _METADATA_IDENTIFIER)
    return bytes(builder.Output())


def _signature(tflite: bytes) -> tuple[int, list[str]]:
    """Number of inputs and the names of the outputs of the model's first subgraph."""

    subgraph = schema.Model.GetRootAsModel(tflite, 0).Subgraphs(0)
    names = [
        subgraph.Tensors(subgraph.Outputs(i)).Name().decode()
        for i in range(subgraph.OutputsLength())
    ]
    return subgraph.InputsLength(), names


def with_metadata(tflite: bytes, metadata: bytes) -> bytes:
    """The model with ``metadata`` as its ``TFLITE_METADATA`` buffer, replacing any earlier one."""

    model = schema.ModelT.InitFromObj(schema.Model.GetRootAsModel(tflite, 0))
    model.buffers = [_AlignedBufferT.of(buffer) for buffer in model.buffers or []]
    buffer = _AlignedBufferT()
    buffer.data = np.frombuffer(metadata, dtype=np.uint8)
    model.metadata = model.metadata or []
    existing = [entry for entry in model.metadata if entry.name == METADATA_FIELD_NAME]
    if existing:
        model.buffers[existing[0].buffer] = buffer
    else:
        model.buffers.append(buffer)
        entry = schema.MetadataT()
        entry.name = METADATA_FIELD_NAME
        entry.buffer = len(model.buffers) - 1
        model.metadata.append(entry)
    builder = flatbuffers.Builder(len(tflite) + len(metadata) + 1024)
    builder.Finish(model.Pack(builder), _TFLITE_IDENTIFIER)
    return bytes(builder.Output())


# The schema's generated code is untyped (Any to mypy): strict mypy flags subclassing it.
class _AlignedBufferT(schema.BufferT):  # type: ignore[misc]
    """A model buffer packed with its bytes on a ``_BUFFER_ALIGNMENT`` boundary."""

    @classmethod
    def of(cls, buffer: schema.BufferT) -> _AlignedBufferT:
        aligned = cls()
        aligned.data, aligned.offset, aligned.size = buffer.data, buffer.offset, buffer.size
        return aligned

    def Pack(self, builder: flatbuffers.Builder) -> int:
        data = None
        if self.data is not None:
            raw = np.asarray(self.data, dtype=np.uint8).tobytes()
            builder.StartVector(1, len(raw), _BUFFER_ALIGNMENT)
            builder.head -= len(raw)
            builder.Bytes[builder.head : builder.head + len(raw)] = raw
            data = builder.EndVector()
        schema.BufferStart(builder)
        if data is not None:
            schema.BufferAddData(builder, data)
        schema.BufferAddOffset(builder, self.offset)
        schema.BufferAddSize(builder, self.size)
        offset: int = schema.BufferEnd(builder)
        return offset


def read_metadata(tflite: bytes) -> bytes | None:
    """The ``TFLITE_METADATA`` buffer of a model, if it has one."""

    model = schema.Model.GetRootAsModel(tflite, 0)
    for i in range(model.MetadataLength()):
        entry = model.Metadata(i)
        if entry.Name() == METADATA_FIELD_NAME:
            metadata: bytes = model.Buffers(entry.Buffer()).DataAsNumpy().tobytes()
            return metadata
    return None


def task_bundle(files: dict[str, bytes]) -> bytes:
    """A ``.task`` bundle: an uncompressed zip whose bytes depend only on ``files``.

    MediaPipe reads the models in place inside the bundle, so each file's data is made to start
    on a ``_BUFFER_ALIGNMENT`` boundary of the zip (padding in the local header's extra field, as
    Android's zipalign does), keeping the models' own buffer alignment intact.
    """
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as bundle:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=_ZIP_TIMESTAMP)
            info.create_system = 3
            info.external_attr = 0o644 << 16
            info.extra = _alignment_padding(out.tell() + _LOCAL_HEADER_SIZE + len(name.encode()))
            bundle.writestr(info, files[name])
    return out.getvalue()


def _alignment_padding(data_offset: int) -> bytes:
    """An extra field (id 0xD935, zipalign's) long enough to move ``data_offset`` to a boundary."""
    pad = -(data_offset + _EXTRA_HEADER_SIZE) % _BUFFER_ALIGNMENT
    return struct.pack("<HH", 0xD935, pad) + bytes(pad)
