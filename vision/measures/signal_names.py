"""The names of the scalar measures a face gives each frame (``FaceFeatures.signals``): the
ones a baseline is kept for and a settings limit may name. Kept apart from the measuring code
so the settings can check their names without importing it."""

from __future__ import annotations

from functools import lru_cache

#: Blendshapes the detectors read; others stay in ``blendshapes`` for the overlay.
DETECTOR_BLENDSHAPES = (
    "eyeBlinkLeft", "eyeBlinkRight", "eyeSquintLeft", "eyeSquintRight",
    "browInnerUp", "browOuterUpLeft", "browOuterUpRight",
    "mouthRollLower", "mouthRollUpper", "mouthLeft", "mouthRight",
    "mouthPucker", "mouthFunnel", "jawOpen", "mouthSmileLeft", "mouthSmileRight",
    "browDownLeft", "browDownRight",
)  # fmt: skip

#: FaceFeatures' own geometric measures, by their attribute names.
GEOMETRY_SIGNALS = (
    "eye_open_left", "eye_open_right", "brow_gap_left", "brow_gap_right",
    "lower_lip_left", "lower_lip_center", "lower_lip_right",
    "mouth_open", "mouth_width", "mouth_offset",
    "head_roll_deg", "head_yaw_deg", "head_pitch_deg",
)  # fmt: skip

#: The mouth's measures a baseline is kept for, by their MouthAppearance names (its ``luma`` is
#: kept too, as MOUTH_LUMA). Its sides are not: tongue_out reads where they are.
MOUTH_SIGNALS = (
    "tongue", "lip_contrast", "filled_opening", "teeth_area", "teeth_left", "teeth_right",
    "tongue_left", "tongue_right", "off_skin_left", "off_skin_right",
)  # fmt: skip

MOUTH_LUMA = "mouth_luma"

#: What every face with a mouth in view gives: the names a calibration limit may use.
FACE_SIGNALS = frozenset((*DETECTOR_BLENDSHAPES, *GEOMETRY_SIGNALS, *MOUTH_SIGNALS, MOUTH_LUMA))


@lru_cache(maxsize=256)
def numbered(prefix: str, count: int) -> tuple[str, ...]:
    """``prefix`` followed by 0 .. ``count`` - 1: the names of a region's grey samples, made once
    rather than for every sample of every frame."""
    return tuple(f"{prefix}{index}" for index in range(count))
