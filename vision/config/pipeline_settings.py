"""The settings of face finding, seating and the pipeline, read from ``models/vision.toml`` (the
one place their values live; see it for what each value does)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import Field

from engine.seats import MAX_SEATS
from vision.config.loader import StrictSettings, load_settings

DEFAULT_PATH = Path(__file__).resolve().parents[2] / "models" / "vision.toml"


class SourceSettings(StrictSettings):
    """How live sources reconnect."""

    failed_reads_before_reconnect: int = Field(ge=0)
    reconnect_first_delay_s: float = Field(ge=0)
    reconnect_max_delay_s: float = Field(ge=0)
    reconnect_give_up_after_s: float = Field(ge=0)


class LandmarkerSettings(StrictSettings):
    """How faces are searched for and followed."""

    #: At most one face per seat of the largest table (six-player Mus).
    num_faces: int = Field(ge=1, le=MAX_SEATS)
    detection_confidence: float = Field(ge=0)
    presence_confidence: float = Field(ge=0)
    tracking_confidence: float = Field(ge=0)
    tile_px: int = Field(ge=0)
    tile_overlap: float = Field(ge=0, lt=1)
    discover_every_ms: int = Field(ge=0)
    discover_idle_every_ms: int = Field(ge=0)
    discover_tiles_per_frame: int = Field(ge=0)
    false_face_memory_ms: int = Field(ge=0)
    false_face_motion: float = Field(ge=0)
    crop_scale: float = Field(ge=0)
    crop_drift: float = Field(ge=0)
    crop_max_px: int = Field(ge=0)
    lost_search_scale: float = Field(ge=0)
    detection_overlap: float = Field(ge=0, le=1)
    followed_overlap: float = Field(ge=0, le=1)
    false_face_overlap: float = Field(ge=0, le=1)
    duplicate_overlap: float = Field(ge=0, le=1)
    max_missed_frames: int = Field(ge=0)
    pose_every_ms: int = Field(ge=0)
    pose_steady_ms: int = Field(ge=0)
    pose_motion: float = Field(ge=0)
    pose_agree: float = Field(ge=0)
    pose_crop_width: float = Field(gt=0)
    pose_crop_above: float = Field(ge=0)
    pose_crop_below: float = Field(ge=0)
    workers: int = Field(ge=1)


class SeatSettings(StrictSettings):
    confirm_ms: int = Field(ge=0)
    rebind_radius: float = Field(ge=0)
    rebind_size_ratio: float = Field(ge=0)


class PipelineSettings(StrictSettings):
    pose_max_age_ms: int = Field(ge=0)
    pose_face_margin: float = Field(ge=0)
    slow_fps: float = Field(gt=0)


class VisionSettings(StrictSettings):
    sources: SourceSettings
    landmarker: LandmarkerSettings
    seats: SeatSettings
    pipeline: PipelineSettings


def load_vision_settings(path: Path | None = None) -> VisionSettings:
    """Read and validate the vision settings (``models/vision.toml`` by default)."""
    return load_settings(path or DEFAULT_PATH, VisionSettings, "vision settings")


@lru_cache(maxsize=1)
def default_vision_settings() -> VisionSettings:
    """``models/vision.toml``, read once per process."""
    return load_vision_settings()
