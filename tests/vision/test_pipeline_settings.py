"""models/vision.toml: read and checked."""

from __future__ import annotations

import pytest

from vision.config.loader import SettingsError
from vision.config.pipeline_settings import DEFAULT_PATH, load_vision_settings


def test_committed_settings_load():
    settings = load_vision_settings()
    assert settings.landmarker.num_faces == 6 and settings.seats.confirm_ms >= 0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("num_faces = 6", "num_faces = 6\nspare = 1"), "landmarker.spare: Extra inputs"),
        (("workers = 2", "workers = 'two'"), "landmarker.workers: Input should be a valid int"),
        (("num_faces = 6", "num_faces = 4.5"), "landmarker.num_faces: .* fractional part"),
        (("num_faces = 6", "num_faces = 0"), "landmarker.num_faces: .* greater than or equal to 1"),
        (("num_faces = 6", "num_faces = 7"), "landmarker.num_faces: .* less than or equal to 6"),
        (("tile_overlap = 0.33", "tile_overlap = 1.5"), "landmarker.tile_overlap: .* less than 1"),
        (
            ("confirm_ms = 300", "confirm_ms = -1"),
            "seats.confirm_ms: .* greater than or equal",
        ),
        (("[pipeline]", "[pipelines]"), "vision.toml: pipeline: Field required"),
    ],
)
def test_bad_settings_name_what_is_wrong(tmp_path, change, message):
    text = DEFAULT_PATH.read_text()
    assert change[0] in text
    path = tmp_path / "vision.toml"
    path.write_text(text.replace(change[0], change[1]))
    with pytest.raises(SettingsError, match=message):
        load_vision_settings(path)
