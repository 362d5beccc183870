"""models/detectors.toml: complete, valid, and refused with a clear message when wrong."""

import pytest

from engine.gesture import GESTURE_KINDS
from vision.config.detector_settings import (
    DEFAULT_SETTINGS_PATH,
    GestureKinds,
    SettingsError,
    load_detector_settings,
)


def test_the_committed_settings_load_and_cover_every_kind():
    settings = load_detector_settings()
    assert sorted(GestureKinds.model_fields) == sorted(GESTURE_KINDS)
    for kind in GESTURE_KINDS:
        s = settings.gestures.of(kind)
        assert s.off < s.on and s.min_ms < s.max_ms


def test_eyes_closed_is_longer_than_a_natural_blink():
    assert load_detector_settings().gestures.eyes_closed.min_ms >= 400


def _write(tmp_path, old: str, new: str):
    text = DEFAULT_SETTINGS_PATH.read_text()
    assert old in text
    path = tmp_path / "detectors.toml"
    path.write_text(text.replace(old, new, 1))
    return path


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("off = 0.35", "off = 0.9", "off"),
        ("[gestures.pout]", "[gestures.pout]\nsurprise = 1", "surprise"),
        ("shut_blink = [0.58, 0.66]", "shut_blink = [0.6, 0.6]", "lo != hi"),
        ('vetoed_by = ["eyes_closed"]', 'vetoed_by = ["sneeze"]', "sneeze"),
        ("[calibration]", "[calibration", "not valid TOML"),
        ("sensitivity_range = [0.5, 3.0]", "sensitivity_range = [1.2, 3.0]", "hold 1"),
        ("mouth_open = 0.2", "mouth_opne = 0.2", r"calibration\.neutral_max.*'mouth_opne'"),
    ],
)
def test_a_bad_value_is_refused_with_where_it_is(tmp_path, old, new, message):
    with pytest.raises(SettingsError, match=message):
        load_detector_settings(_write(tmp_path, old, new))


def test_a_missing_file_is_a_settings_error(tmp_path):
    with pytest.raises(SettingsError, match="not found"):
        load_detector_settings(tmp_path / "none.toml")


def test_a_folder_or_a_file_that_is_not_text_is_a_settings_error(tmp_path):
    with pytest.raises(SettingsError, match="is a folder, not detector settings"):
        load_detector_settings(tmp_path)
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"\xff\xfe\x00[calibration]")
    with pytest.raises(SettingsError, match=r"not TOML text \(byte 0 is not UTF-8\)"):
        load_detector_settings(binary)


def test_sensitivities_replace_only_the_named_kinds():
    settings = load_detector_settings().with_sensitivities({"pout": 2.0})
    assert settings.gestures.pout.sensitivity == 2.0
    assert settings.gestures.wink.sensitivity == 1.0
    with pytest.raises(SettingsError):
        settings.with_sensitivities({"sneeze": 1.0})
    with pytest.raises(SettingsError):
        settings.with_sensitivities({"wink": 0.0})
