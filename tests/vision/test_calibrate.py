"""`keinu calibrate`: a player's neutral face through the real pipeline, saved and loaded back."""

import cv2
import numpy as np
import pytest

from api.cli import main
from api.commands.calibrate import player_path
from tests.vision.photo_faces import ASTRONAUT
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
        (["--player", ".."], "player name"),
        (["--player", "../x"], "player name"),
        (["--player", "Asiento 1"], "is a seat's label, not a player's name"),
        (["--seconds", "0"], "--seconds"),
        (["--source", "/no/such/clip.mp4"], "no such file"),
    ],
)
def test_user_mistakes_are_one_line_and_exit_2(data_dir, capsys, argv, message):
    assert main(["calibrate", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not data_dir.exists()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p, "is a folder, not detector settings"),
        (lambda p: (p / "bin.toml").write_bytes(b"\xff\xfe") and p / "bin.toml", "not UTF-8"),
    ],
)
def test_a_settings_file_that_cannot_be_read_is_one_line(data_dir, tmp_path, capsys, make, message):
    assert main(["calibrate", "--settings", str(make(tmp_path))]) == 2
    err = capsys.readouterr().err
    assert err.startswith("keinu calibrate: --settings: ") and message in err, err
    assert err.count("\n") == 1, err


@pytest.mark.parametrize("source", ["corrupt.mp4", "9"])
def test_a_source_that_does_not_open_is_one_line_without_opencvs_own(
    data_dir, tmp_path, capfd, source
):
    """A corrupt file (FFmpeg's 'moov atom not found') or a camera that is not there (OpenCV's
    warnings and exception text): the message alone reaches the terminal."""
    (tmp_path / "corrupt.mp4").write_bytes(b"not a video\n")
    spec = str(tmp_path / source) if source.endswith(".mp4") else source
    assert main(["calibrate", "--source", spec]) == 2
    err = capfd.readouterr().err
    assert err.startswith("keinu calibrate: cannot open ") and err.count("\n") == 1, err


def test_player_files_live_in_the_data_dir_by_name(tmp_path):
    assert player_path("Ane", tmp_path) == tmp_path / "players" / "ane.json"


@pytest.mark.video
def test_data_dir_says_where_the_player_is_saved_as_for_serve(data_dir, tmp_path, capsys):
    served = tmp_path / "served"
    argv = ["calibrate", "--source", str(ASTRONAUT), "--seconds", "0.3", "--player", "Ane"]
    assert main([*argv, "--data-dir", str(served)]) == 0
    assert f"to {served / 'players' / 'ane.json'} (" in capsys.readouterr().out
    saved = load_player(served / "players" / "ane.json")
    assert saved.player == "Ane" and saved.baseline
    assert not data_dir.exists()  # KEINU_DATA_DIR's folder, which --data-dir overrides


@pytest.mark.video
def test_calibrating_on_a_photo_saves_a_baseline_that_loads_ready(data_dir, capsys):
    argv = ["calibrate", "--source", str(ASTRONAUT), "--seconds", "0.3", "--player", "Ane"]
    assert main(argv) == 0
    path = data_dir / "players" / "ane.json"
    out = capsys.readouterr().out
    assert str(path) in out
    assert "narrowed" not in out
    player = load_player(path)
    assert player.player == "Ane"
    assert 0.2 < player.baseline["eye_open_left"] < 0.45
    assert set(player.sensitivities) >= {"wink", "shrug", "tongue_out"}
    detector = SeatGestureDetector(1, load_detector_settings())
    assert detector.load_player(path) == "Ane"
    assert detector.calibration.state == "ready"


@pytest.mark.video
def test_eyes_that_cannot_rise_as_far_as_a_shut_eye_are_told_with_what_to_do(
    data_dir, tmp_path, capsys
):
    from vision.config.detector_settings import DEFAULT_SETTINGS_PATH

    # A shut eye asked to rise 0.99 over rest, where one reads about 0.80: no eye can.
    strict = tmp_path / "detectors.toml"
    strict.write_text(
        DEFAULT_SETTINGS_PATH.read_text().replace(
            "shut_blink = [0.58, 0.66]", "shut_blink = [0.95, 0.99]"
        )
    )
    argv = ["calibrate", "--source", str(ASTRONAUT), "--seconds", "0.3", "--player", "Ane",
            "--settings", str(strict)]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "your eyes rest narrowed, so keinu may not read your wink or eyes_closed" in out
    assert "keinu calibrate --player Ane --enrol" in out


@pytest.mark.video
def test_no_face_is_a_clear_message(data_dir, tmp_path, capsys):
    blank = tmp_path / "wall.png"
    cv2.imwrite(str(blank), np.full((240, 320, 3), 128, np.uint8))
    assert main(["calibrate", "--source", str(blank), "--seconds", "0.3"]) == 2
    err = capsys.readouterr().err
    assert "no face" in err and "Traceback" not in err
    assert not (data_dir / "players").exists()


CLUB_PROFILE = """name = "club"
description = "one seña"
window_ms = 2500
senas_allowed = true
first_hand_without_senas = false
use_variants = []

[senas]
"brows_raised" = "duples"

[lances]
duples = "pares"
"""


def _enrolment_clip(path, sample_videos):
    """The sample clip's neutral face for 7 s, then its brows raise at about 7.3-8.1 s, then
    neutral again: the raise falls in the window `--enrol --shows 1` asks for it."""
    capture = cv2.VideoCapture(str(sample_videos / "single.mp4"))
    frames = []
    for _ in range(241):
        ok, image = capture.read()
        assert ok
        frames.append(image)
    capture.release()
    neutral = frames[:90]
    clip = neutral + neutral[::-1] + neutral[:30] + frames[186:241] + neutral
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), 30.0, (640, 480))
    for image in clip:
        writer.write(image)
    writer.release()
    return path


@pytest.mark.video
def test_enrolling_on_a_clip_learns_the_sena_shown_in_its_window(
    data_dir, tmp_path, capsys, sample_videos
):
    clip = _enrolment_clip(tmp_path / "enrol.mp4", sample_videos)
    profile = tmp_path / "club.toml"
    profile.write_text(CLUB_PROFILE)
    argv = ["calibrate", "--source", str(clip), "--seconds", "1", "--player", "Ane", "--enrol",
            "--shows", "1", "--profile", str(profile)]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "look down at your cards as you do at the table" in out
    assert "show brows raised (duples), 1 of 1" in out
    player = load_player(data_dir / "players" / "ane.json")
    enrolled = player.enrolment["brows_raised"]
    assert set(player.enrolment) == {"brows_raised"}
    assert enrolled.peaks[0] > 0.5
    assert enrolled.quiet_peak is not None and enrolled.quiet_peak < 0.3
    assert 0.5 <= player.sensitivities["brows_raised"] <= 3.0


@pytest.mark.video
def test_a_kind_shown_but_not_seen_is_named_but_not_saved_as_enrolled(
    data_dir, tmp_path, capsys, sample_videos
):
    """The clip raises its brows in their window and never puts its tongue out in the next
    one: the player's file keeps the raise as learnt, the tongue as missed, and the summary
    still asks for it again."""
    clip = _enrolment_clip(tmp_path / "enrol.mp4", sample_videos)
    profile = tmp_path / "club.toml"
    profile.write_text(
        CLUB_PROFILE.replace('"brows_raised" = "duples"\n',
                             '"brows_raised" = "duples"\n"tongue_out" = "dos_ases"\n')
        .replace('duples = "pares"\n', 'duples = "pares"\ndos_ases = "chica"\n')
    )  # fmt: skip
    argv = ["calibrate", "--source", str(clip), "--seconds", "1", "--player", "Ane", "--enrol",
            "--shows", "1", "--profile", str(profile)]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    raised = lines[lines.index("show brows raised (duples), 1 of 1") + 1]
    tongue = lines[lines.index("show tongue out (dos_ases), 1 of 1") + 1]
    assert raised.startswith("  size ") and raised.endswith("%")
    assert int(raised.removeprefix("  size ").removesuffix("%")) > 50
    assert tongue.startswith("  size ") and tongue.endswith(
        ": not seen, show it again facing the camera"
    )
    assert "peak" not in out
    assert "not seen, nothing learnt: tongue_out (show it again" in out
    player = load_player(data_dir / "players" / "ane.json")
    assert set(player.enrolment) == {"brows_raised"}
    assert player.missed == ("tongue_out",)
    assert "tongue_out" not in player.sensitivities or player.sensitivities["tongue_out"] == 1.0


def test_a_show_says_its_size_as_the_pages_do():
    """An eye kind's size is how far its eyeBlink rose (its activation stays 0 on a face resting
    narrowed), any other kind's its peak."""
    from api.commands.calibrate import shown_line
    from vision.measures.baseline import EnrolledKind

    rules = load_detector_settings().enrolment
    assert shown_line(EnrolledKind((0.0,), 0.0, (0.4,)), rules) == "size 40%"
    assert shown_line(EnrolledKind((0.62,), 0.0), rules) == "size 62%"
    assert shown_line(EnrolledKind((0.01,), 0.0), rules) == (
        "size 1%: not seen, show it again facing the camera"
    )


def test_player_files_of_before_the_missed_kinds_still_load(tmp_path):
    """A version 2 file (no ``missed``, a kind not seen perhaps among the enrolled) loads as it
    was; a version 3 file keeps the missed kinds apart."""
    import json

    from vision.measures.baseline import PLAYER_FILE_VERSION, EnrolledKind, save_player

    old = tmp_path / "old.json"
    old.write_text(json.dumps({
        "version": 2, "player": "Ane", "baseline": {"eye_open_left": 0.3},
        "sensitivities": {"wink": 1.0},
        "enrolment": {"wink": {"peaks": [0.0], "quiet_peak": 0.0, "shut_rises": [0.0]}},
    }))  # fmt: skip
    loaded = load_player(old)
    assert set(loaded.enrolment) == {"wink"} and loaded.missed == ()
    new = tmp_path / "new.json"
    save_player(new, "Ane", {"eye_open_left": 0.3}, {}, {"pout": EnrolledKind((0.5,))},
                missed=["wink"])  # fmt: skip
    assert json.loads(new.read_text())["version"] == PLAYER_FILE_VERSION == 3
    assert load_player(new).missed == ("wink",)
    assert set(load_player(new).enrolment) == {"pout"}


@pytest.mark.video
def test_a_recorded_enrolment_is_a_clip_with_its_prompts_ready_to_label(
    data_dir, tmp_path, capsys, sample_videos
):
    """`--record DIR`: the frames read, what was asked when (on the clip's own clock) and
    keinu's reading, in the ELAN file that benchmarks/elan_truth.py turns into a truth."""
    import pympi

    from benchmarks.elan_truth import truth_of_eaf

    clip = _enrolment_clip(tmp_path / "enrol.mp4", sample_videos)
    profile = tmp_path / "club.toml"
    profile.write_text(CLUB_PROFILE)
    folder = tmp_path / "clips" / "ane"
    argv = ["calibrate", "--source", str(clip), "--seconds", "1", "--player", "Ane", "--enrol",
            "--shows", "1", "--profile", str(profile), "--record", str(folder)]  # fmt: skip
    assert main(argv) == 0
    assert "python -m benchmarks.elan_truth" in capsys.readouterr().out

    recorded = cv2.VideoCapture(str(folder / "clip.mp4"))
    frames, fps = int(recorded.get(cv2.CAP_PROP_FRAME_COUNT)), recorded.get(cv2.CAP_PROP_FPS)
    recorded.release()
    assert fps == pytest.approx(30.0, abs=0.5) and frames >= 200  # rest, talk, the raise
    eaf = pympi.Elan.Eaf(str(folder / "gestures.eaf"))
    asked = sorted(eaf.get_annotation_data_for_tier("prompts"))
    assert [text.split(":")[0] for *_, text in asked] == [
        "rest",
        "talk and look down at your cards as you do at the table, no seña, for 3 s",
        "show brows raised (duples), 1 of 1",
    ]
    (start, end, _), raise_shown = asked[-1], (7300, 8100)  # the clip's raise, as made above
    assert start < raise_shown[0] and raise_shown[1] < end + 300
    found = [g for g in eaf.get_annotation_data_for_tier("seat 1 gestures")]
    assert any(value == "brows_raised" and s < end and e > start for s, e, value in found)

    truth = truth_of_eaf(
        folder / "gestures.eaf", folder / "clip.mp4", tmp_path / "clips", "heldout"
    )
    assert [g["kind"] for g in truth["gestures"]] == [value for *_, value in sorted(found)]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--record", "out"], "--enrol"),
        (["--enrol", "--shows", "4"], "--shows"),
        (["--enrol", "--show-seconds", "0.5"], "--show-seconds"),
        (["--enrol", "--profile", "/no/such/club.toml"], "club.toml"),
    ],
)
def test_enrolment_mistakes_are_one_line_and_exit_2(data_dir, capsys, argv, message):
    assert main(["calibrate", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_the_enrolment_summary_says_what_was_learnt_and_what_was_not_seen():
    from api.commands.calibrate import enrolled_summary
    from vision.measures.baseline import EnrolledKind

    summary = enrolled_summary(
        {
            "pout": EnrolledKind((0.5,), 0.0),
            "eyes_closed": EnrolledKind((0.0,), 0.0, (0.4,)),  # shut, under the default level
            "wink": EnrolledKind((0.0,), 0.0, (0.0,)),  # the face was not seen
        },
        load_detector_settings(),
    )
    learnt, missed = summary.splitlines()
    assert learnt == "enrolled: pout sensitivity 1.80, eyes_closed a shut eye from a rise of 0.36"
    assert missed.startswith("not seen, nothing learnt: wink")


def test_eye_notes_ask_to_show_the_kind_fuller_or_looking_down_at_the_cards():
    from api.commands.calibrate import eye_notes
    from tests.vision.feature_traces import Trace
    from vision.detectors import SeatGestureDetector
    from vision.measures.baseline import EnrolledKind

    detector = SeatGestureDetector(1, load_detector_settings())
    for ts, features in Trace(3000, rest={"eyeBlinkLeft": 0.2, "eyeBlinkRight": 0.2}).frames():
        detector.update(ts, features)
    (note,) = eye_notes(detector, "Ane")
    assert note == (
        "note: your eyes rest narrowed, so keinu may not read your wink or eyes_closed until "
        "you show them once: keinu calibrate --player Ane --enrol"
    )
    # a closure shown rising 0.5, but the eyes stood 0.5 over rest while talking: kept at 0.6
    detector.use_enrolment({"eyes_closed": EnrolledKind((0.0,), 0.0, (0.5,), 0.5)})
    unshown, fuller = eye_notes(detector, "Ane")
    assert unshown.startswith("note: your eyes rest narrowed, so keinu may not read your wink ")
    assert fuller.startswith("note: your eyes_closed as shown rose no further than your eyes do")
    # shown rising 0.5 while talking kept the eyes 0.05 over rest: no look down seen
    detector.use_enrolment({"eyes_closed": EnrolledKind((0.0,), 0.0, (0.5,), 0.05)})
    (unguarded,) = [n for n in eye_notes(detector, "Ane")
                    if "eyes_closed" in n]  # fmt: skip
    assert unguarded.startswith("note: your eyes_closed was learnt with no look down at your")


@pytest.mark.video
def test_a_face_seen_but_never_at_rest_is_told_what_to_relax(data_dir, tmp_path, capsys):
    from vision.config.detector_settings import DEFAULT_SETTINGS_PATH

    # Lips asked to part less than not at all: no frame of the photo is a resting face.
    strict = tmp_path / "detectors.toml"
    text = DEFAULT_SETTINGS_PATH.read_text()
    strict.write_text(text.replace("\nmouth_open = 0.2 ", "\nmouth_open = -1.0 "))
    assert strict.read_text() != text
    argv = ["calibrate", "--source", str(ASTRONAUT), "--seconds", "0.3", "--player", "Ane",
            "--settings", str(strict)]  # fmt: skip
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "seen but not at rest" in err and "close the lips" in err
    assert "Traceback" not in err
    assert not (data_dir / "players" / "ane.json").exists()
