"""``keinu analyze --profile``: the house profile says what the gestures mean. Each gesture line,
each caption and the summary carry the señas, read as the engine reads a live table (MediaPipe
and the detectors replaced by scripts)."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from api.cli import main
from api.commands import analyze as analyze_command
from engine.gesture import Gesture
from engine.senas import load_profile
from tests.vision.fakes import FakeLandmarker, ListSource, fake_features, frames
from vision.measures.baseline import save_player

ONE_FACE = lambda frame: [(1, (50, 30, 50, 50), {})]  # noqa: E731

#: Two lip bites 600 ms apart (one seña under standard: cuatro reyes), a wink 3 s later, a
#: shrug (not in the standard catalogue), and a lip bite of seat 1 alone at the end.
SCRIPT = [
    Gesture(1, "lip_bite", "center", 400, 600),
    Gesture(1, "lip_bite", "center", 1000, 1200),
    Gesture(1, "wink", "left", 4000, 4200),
    Gesture(1, "shrug", "both", 7000, 7400),
    Gesture(1, "lip_bite", "center", 10000, 10200),
]


class ScriptedDetector:
    """Reports each scripted gesture of its seat on the frame where it ends."""

    calibration = None
    wants_pose = True
    talking = False
    shoulders_in_view = True
    eyes_unreadable: tuple[str, ...] = ()

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def update(self, ts_ms: int, features: dict | None) -> list[Gesture]:
        return [g for g in SCRIPT if g.seat == self.seat and g.end_ms == ts_ms]

    def scores(self) -> dict[str, float]:
        return {}

    def flush(self, ts_ms: int) -> list[Gesture]:
        return []

    def take_near_misses(self) -> list:
        return []


def run_analyze(tmp_path, profile):
    out = tmp_path / "out"
    out.mkdir()
    analyze_command.analyze(
        ListSource("cam1", frames("cam1", 270)),
        out,
        profile=profile,
        landmarker_factory=lambda source_id: FakeLandmarker(ONE_FACE),
        features=fake_features,
        detector_factory=ScriptedDetector,
        video=False,
        progress=False,
    )
    return out


def read_lines(out):
    return [json.loads(line) for line in (out / "gestures.jsonl").read_text().splitlines()]


def test_each_gesture_line_carries_the_sena_it_forms(tmp_path):
    out = run_analyze(tmp_path, load_profile("standard"))
    lines = read_lines(out)
    assert [(line["kind"], line["start_ms"]) for line in lines] == [
        (g.kind, g.start_ms) for g in SCRIPT
    ]
    cuatro = {
        "meaning": "cuatro_reyes",
        "lance": "grande",
        "gestures": ["lip_bite center", "lip_bite center"],
    }
    assert [line["sena"] for line in lines] == [
        cuatro,
        cuatro,
        {"meaning": "juego_31", "lance": "juego", "gestures": ["wink left"]},
        {"meaning": None, "lance": None, "gestures": ["shrug both"]},
        {"meaning": "dos_reyes", "lance": "grande", "gestures": ["lip_bite center"]},
    ]


def test_captions_say_the_sena_and_the_summary_counts_senas_per_seat(tmp_path):
    out = run_analyze(tmp_path, load_profile("standard"))
    vtt = (out / "gestures.vtt").read_text()
    assert vtt.startswith("WEBVTT\n")
    assert (
        "00:00:01.000 --> 00:00:01.500\n"
        "seat 1: lip_bite center — cuatro_reyes (lip_bite center + lip_bite center)\n"
    ) in vtt
    assert "seat 1: wink left — juego_31\n" in vtt
    assert "seat 1: shrug both — not a seña of standard\n" in vtt
    summary = json.loads((out / "summary.json").read_text())
    assert summary["profile"] == "standard" and summary["senas"] == 4
    assert summary["senas_per_seat"] == {
        "1": {"cuatro_reyes": 1, "dos_reyes": 1, "juego_31": 1, "not_in_catalogue": 1}
    }
    assert summary["gestures"] == 5


def test_another_profile_reads_the_same_gestures_otherwise(tmp_path):
    out = run_analyze(tmp_path, load_profile("extended"))
    meanings = [line["sena"]["meaning"] for line in read_lines(out)]
    # extended has no repetitions: each lip bite (center) is dos reyes; a shrug is punto 30
    assert meanings == ["dos_reyes", "dos_reyes", "juego_31", "punto_30", "dos_reyes"]
    summary = json.loads((out / "summary.json").read_text())
    assert summary["senas_per_seat"] == {"1": {"dos_reyes": 3, "juego_31": 1, "punto_30": 1}}


def write_clip(path, frames=270, fps=25.0, size=(160, 120)):
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), fps, size)
    for i in range(frames):
        writer.write(np.full((size[1], size[0], 3), 40 + i % 100, np.uint8))
    writer.release()
    return path


@pytest.fixture
def scripted_cli(monkeypatch, tmp_path):
    """``keinu analyze`` on a 270-frame clip with the scripted face and gestures."""
    monkeypatch.setattr(
        analyze_command,
        "_landmarker_factory",
        lambda: lambda source_id: FakeLandmarker(ONE_FACE),
    )
    factory = analyze_command._detector_factory

    def scripted(settings_path, player):
        factory(settings_path, player)  # the options are still checked
        return ScriptedDetector

    monkeypatch.setattr(analyze_command, "_detector_factory", scripted)
    clip = write_clip(tmp_path / "clip.mp4")
    return lambda *argv: main(["analyze", str(clip), "--no-video", *argv])


def test_a_clubs_profile_file_gives_its_meanings(tmp_path, scripted_cli, capsys):
    club = tmp_path / "club.toml"
    club.write_text('extends = "standard"\n\n[senas]\n"shrug" = "punto_30"\n')
    out = tmp_path / "club-out"
    assert scripted_cli("--profile", str(club), "--out", str(out)) == 0
    assert "4 señas (club)" in capsys.readouterr().out
    assert read_lines(out)[3]["sena"]["meaning"] == "punto_30"
    assert json.loads((out / "summary.json").read_text())["profile"] == "club"


def test_captions_read_a_club_s_name_as_written(tmp_path, scripted_cli):
    """A cue's text is escaped: a club named with ``<`` or ``&`` is neither a tag nor a
    character reference to a player."""
    club = tmp_path / "club.toml"
    club.write_text('name = "Txoko <Zarautz> & co"\nextends = "standard"\n')
    out = tmp_path / "club-out"
    assert scripted_cli("--profile", str(club), "--out", str(out)) == 0
    vtt = (out / "gestures.vtt").read_text()
    assert "seat 1: shrug both — not a seña of Txoko &lt;Zarautz&gt; &amp; co\n" in vtt
    assert "<Zarautz>" not in vtt


def test_a_broken_profile_is_one_line_with_file_line_and_reason(tmp_path, scripted_cli, capsys):
    club = tmp_path / "club.toml"
    club.write_text('extends = "standard"\n\n[senas]\n"lip_bite up" = "dos_reyes"\n')
    assert scripted_cli("--profile", str(club), "--out", str(tmp_path / "o")) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"--profile: {club}, line 4: seña 'lip_bite up'" in err
    assert scripted_cli("--profile", "nosuch") == 2
    assert "--profile: nosuch: no such profile; known: encaje, extended, navarra, standard" in (
        capsys.readouterr().err
    )


def test_player_and_settings_options_have_their_own_messages(
    tmp_path, scripted_cli, capsys, monkeypatch
):
    monkeypatch.setenv("KEINU_DATA_DIR", str(tmp_path / "data"))
    assert scripted_cli("--player", "ane") == 2
    assert "run `keinu calibrate --player ane` first" in capsys.readouterr().err
    bad = tmp_path / "detectors.toml"
    bad.write_text("this is = = not toml")
    assert scripted_cli("--settings", str(bad)) == 2
    err = capsys.readouterr().err
    assert err.startswith("keinu analyze: --settings:") and "not valid TOML" in err


def test_a_player_is_found_in_the_data_dir_given(tmp_path, scripted_cli, capsys):
    """As ``keinu calibrate --data-dir`` saves one: not in the user data dir."""
    save_player(tmp_path / "club" / "players" / "ane.json", "ane", {"eye_open": 0.3}, {})
    out = tmp_path / "ane-out"
    club = ["--data-dir", str(tmp_path / "club")]
    assert scripted_cli("--player", "ane", "--out", str(out), *club) == 0
    assert json.loads((out / "summary.json").read_text())["senas"] == 4
    assert scripted_cli("--player", "iker", "--out", str(out), *club) == 2
    assert f"--data-dir {tmp_path / 'club'}` first" in capsys.readouterr().err


def test_a_calibrated_player_is_found_by_name(tmp_path, scripted_cli, monkeypatch):
    monkeypatch.setenv("KEINU_DATA_DIR", str(tmp_path / "data"))
    save_player(tmp_path / "data" / "players" / "ane.json", "ane", {"eye_open": 0.3}, {})
    out = tmp_path / "ane-out"
    assert scripted_cli("--player", "ane", "--out", str(out)) == 0
    assert json.loads((out / "summary.json").read_text())["senas"] == 4
