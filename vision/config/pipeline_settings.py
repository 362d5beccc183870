"""The settings of face finding, seating and the pipeline, read from ``models/vision.toml`` (the
one place their values live)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import Any

from vision.config.toml_file import read_toml

DEFAULT_PATH = Path(__file__).resolve().parents[2] / "models" / "vision.toml"


class VisionSettingsError(ValueError):
    """The vision settings file is missing, not TOML, or has a bad value (the message says so)."""


@dataclass(frozen=True, slots=True)
class SourceSettings:
    """How live sources reconnect (see models/vision.toml)."""

    failed_reads_before_reconnect: int
    reconnect_first_delay_s: float
    reconnect_max_delay_s: float
    reconnect_give_up_after_s: float


@dataclass(frozen=True, slots=True)
class LandmarkerSettings:
    """How faces are searched for and followed (see models/vision.toml for each value)."""

    num_faces: int
    detection_confidence: float
    presence_confidence: float
    tracking_confidence: float
    tile_px: int
    tile_overlap: float
    discover_every_ms: int
    discover_idle_every_ms: int
    discover_tiles_per_frame: int
    false_face_memory_ms: int
    false_face_motion: float
    crop_scale: float
    crop_drift: float
    crop_max_px: int
    max_missed_frames: int
    pose_every_ms: int
    pose_steady_ms: int
    pose_motion: float
    pose_agree: float
    workers: int


@dataclass(frozen=True, slots=True)
class SeatSettings:
    confirm_ms: int
    rebind_radius: float
    rebind_size_ratio: float


@dataclass(frozen=True, slots=True)
class PipelineSettings:
    pose_max_age_ms: int


@dataclass(frozen=True, slots=True)
class VisionSettings:
    sources: SourceSettings
    landmarker: LandmarkerSettings
    seats: SeatSettings
    pipeline: PipelineSettings


def _section(cls: type, data: Any, name: str, path: Path) -> Any:
    if not isinstance(data, dict):
        raise VisionSettingsError(f"{path}: missing table [{name}]")
    known = {f.name: f for f in fields(cls)}
    unknown = set(data) - set(known)
    missing = set(known) - set(data)
    if unknown or missing:
        what = "unknown" if unknown else "missing"
        raise VisionSettingsError(f"{path}: [{name}] {what} keys {sorted(unknown or missing)}")
    values = {}
    for key, field in known.items():
        value = data[key]
        wanted = int if field.type == "int" else float
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise VisionSettingsError(f"{path}: [{name}] {key} must be a number, got {value!r}")
        if wanted is int and not isinstance(value, int):
            raise VisionSettingsError(f"{path}: [{name}] {key} must be a whole number")
        if value < 0:
            raise VisionSettingsError(f"{path}: [{name}] {key} must not be negative")
        values[key] = wanted(value)
    return cls(**values)


def load_vision_settings(path: Path | None = None) -> VisionSettings:
    path = path or DEFAULT_PATH
    data = read_toml(path, VisionSettingsError, "vision settings")
    settings = VisionSettings(
        sources=_section(SourceSettings, data.get("sources"), "sources", path),
        landmarker=_section(LandmarkerSettings, data.get("landmarker"), "landmarker", path),
        seats=_section(SeatSettings, data.get("seats"), "seats", path),
        pipeline=_section(PipelineSettings, data.get("pipeline"), "pipeline", path),
    )
    if settings.landmarker.num_faces < 1 or settings.landmarker.workers < 1:
        raise VisionSettingsError(f"{path}: [landmarker] num_faces and workers must be at least 1")
    if not 0 <= settings.landmarker.tile_overlap < 1:
        raise VisionSettingsError(f"{path}: [landmarker] tile_overlap must be in 0..1")
    return settings


@lru_cache(maxsize=1)
def default_vision_settings() -> VisionSettings:
    """``models/vision.toml``, read once per process."""
    return load_vision_settings()
