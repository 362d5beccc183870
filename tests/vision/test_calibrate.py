"""`keinu calibrate`: a player's neutral face through the real pipeline, saved and loaded back."""

import cv2
import numpy as np
import pytest
from photo_faces import ASTRONAUT

from api.cli import main
from api.commands.calibrate import player_path
from vision.config.detector_settings import load_detector_settings
from vision.detectors import SeatGestureDetector
from vision.measures.baseline import load_player


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("KEINU_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--player", "a b"], "player name"),
        (["--player", "../x"], "player name"),
        (["--seconds", "0"], "--seconds"),
        (["--source", "/no/such/clip.mp4"], "no such file"),
    ],
)
def test_user_mistakes_are_one_line_and_exit_2(data_dir, capsys, argv, message):
    assert main(["calibrate", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not data_dir.exists()


def test_player_files_live_in_the_data_dir_by_name(tmp_path):
    assert player_path("Ane", tmp_path) == tmp_path / "players" / "ane.json"


@pytest.mark.video
def test_calibrating_on_a_photo_saves_a_baseline_that_loads_ready(data_dir, capsys):
    argv = ["calibrate", "--source", str(ASTRONAUT), "--seconds", "0.3", "--player", "Ane"]
    assert main(argv) == 0
    path = data_dir / "players" / "ane.json"
    assert str(path) in capsys.readouterr().out
    player = load_player(path)
    assert player.player == "Ane"
    assert 0.2 < player.baseline["eye_open_left"] < 0.45
    assert set(player.sensitivities) >= {"wink", "shrug", "tongue_out"}
    detector = SeatGestureDetector(1, load_detector_settings())
    assert detector.load_player(path) == "Ane"
    assert detector.calibration.state == "ready"


@pytest.mark.video
def test_no_face_is_a_clear_message(data_dir, tmp_path, capsys):
    blank = tmp_path / "wall.png"
    cv2.imwrite(str(blank), np.full((240, 320, 3), 128, np.uint8))
    assert main(["calibrate", "--source", str(blank), "--seconds", "0.3"]) == 2
    err = capsys.readouterr().err
    assert "no face" in err and "Traceback" not in err
    assert not (data_dir / "players").exists()
