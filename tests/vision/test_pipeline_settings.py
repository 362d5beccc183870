"""models/vision.toml: read and checked."""

from __future__ import annotations

import pytest

from vision.config.pipeline_settings import DEFAULT_PATH, VisionSettingsError, load_vision_settings


def test_committed_settings_load():
    settings = load_vision_settings()
    assert settings.landmarker.num_faces == 4 and settings.seats.confirm_ms >= 0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("num_faces = 4", "num_faces = 4\nspare = 1"), "unknown keys"),
        (("workers = 2", "workers = 'two'"), "must be a number"),
        (("num_faces = 4", "num_faces = 4.5"), "whole number"),
        (("tile_overlap = 0.33", "tile_overlap = 1.5"), "tile_overlap"),
        (("[pipeline]\npose_max_age_ms = 500", ""), "missing table"),
    ],
)
def test_bad_settings_name_what_is_wrong(tmp_path, change, message):
    text = DEFAULT_PATH.read_text()
    assert change[0] in text
    path = tmp_path / "vision.toml"
    path.write_text(text.replace(change[0], change[1]))
    with pytest.raises(VisionSettingsError, match=message):
        load_vision_settings(path)
