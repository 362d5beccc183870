"""The calibrated, slowly adapting baseline and the player file."""

import pytest

from vision.config.detector_settings import SettingsError
from vision.measures.baseline import Baseline, load_player, save_player


def make() -> Baseline:
    return Baseline(calibration_ms=1000, adapt_ms=10_000, release_ms=1000)


def test_calibration_takes_the_median_after_enough_time():
    baseline = make()
    for i, ts in enumerate(range(0, 1100, 100)):
        baseline.calibrate(ts, {"x": 5.0 if i == 3 else 1.0})  # one outlier (a blink)
    assert baseline.ready
    assert baseline.values == {"x": 1.0}


def test_gaps_do_not_count_as_calibration_time():
    baseline = make()
    for ts in (0, 100, 200):
        baseline.calibrate(ts, {"x": 1.0})
    baseline.gap()
    baseline.calibrate(5000, {"x": 1.0})
    assert baseline.status.state == "calibrating"
    assert baseline.status.progress == pytest.approx(0.2)


def test_adaptation_is_slow_frozen_or_fast():
    baseline = make()
    baseline.load({"slow": 0.0, "frozen": 0.0, "fast": 0.0})
    for ts in range(0, 2000, 33):
        baseline.adapt(ts, {"slow": 1.0, "frozen": 1.0, "fast": 1.0}, frozen={"frozen"},
                       released={"fast"})  # fmt: skip
    assert baseline.values["frozen"] == 0.0
    assert 0.1 < baseline.values["slow"] < 0.25  # 1 - exp(-2 / 10)
    assert baseline.values["fast"] > 0.8


def test_delta_is_change_from_rest():
    baseline = make()
    baseline.load({"x": 1.0})
    assert baseline.delta({"x": 1.5, "new": 3.0}) == {"x": 0.5, "new": 0.0}


def test_player_file_round_trip_and_bad_files(tmp_path):
    path = tmp_path / "players" / "ane.json"
    save_player(path, "Ane", {"x": 0.25}, {"wink": 1.5})
    player = load_player(path)
    assert (player.player, player.baseline, player.sensitivities) == ("Ane", {"x": 0.25},
                                                                      {"wink": 1.5})  # fmt: skip
    path.write_text("{not json")
    with pytest.raises(SettingsError, match="not a keinu player file"):
        load_player(path)
    with pytest.raises(SettingsError, match="keinu calibrate"):
        load_player(tmp_path / "missing.json")
