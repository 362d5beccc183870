"""benchmarks/robustness.py: the real footage read several ways, a row each."""

from pathlib import Path

import pytest

from benchmarks.accuracy import Interval
from benchmarks.real_footage import Clip, Run, Tally
from benchmarks.robustness import READINGS, main, row
from engine.gesture import Gesture


def _clip(signalling: bool, split: str, gestures: list[dict]) -> Clip:
    truth = {"video": "v.mp4", "fps": 30.0, "frames": 300, "split": split,
             "signalling": signalling, "gestures": gestures, "distractors": [],
             "ignore": []}  # fmt: skip
    return Clip("c", truth, Path("v.mp4"))


def test_each_reading_changes_the_clip_one_way():
    wink = {"seat": 1, "kind": "wink", "side": "left", "start_ms": 90, "end_ms": 300}
    clip = _clip(True, "tuning", [wink])
    assert READINGS["as filmed"](clip) == clip
    assert READINGS["mirrored"](clip).truth["gestures"][0]["side"] == "right"
    assert READINGS["15 frames a second"](clip).max_fps == 15.0
    assert READINGS["dim, warm light (tan)"](clip).light == "tan"
    faster = READINGS["played 1.5 times as fast"](clip)
    assert faster.tempo == 1.5 and faster.truth["gestures"][0]["end_ms"] == 200
    assert READINGS["opened on a player already signalling"](clip).truth["gestures"] == []
    ways = {
        (c.mirrored, c.max_fps, c.light, c.jpeg_quality, round(c.tempo, 3), c.opened_ms)
        for c in (read(clip) for read in READINGS.values())
    }
    assert len(ways) == len(READINGS) == 10


def test_a_row_gives_each_split_its_scores_and_false_rate():
    wink = {"seat": 1, "kind": "wink", "side": "left", "start_ms": 1000, "end_ms": 1300}
    found = Gesture(seat=1, kind="wink", side="left", start_ms=1010, end_ms=1290)
    wrong = Gesture(seat=1, kind="pout", side=None, start_ms=5000, end_ms=5800)
    tuning, heldout = Tally(), Tally()
    signalling = _clip(True, "tuning", [wink])
    tuning.add(signalling, Run([found], 10_000), _score(signalling, [found]))
    quiet = _clip(False, "heldout", [])
    heldout.add(quiet, Run([wrong], 120_000), _score(quiet, [wrong]))
    assert row("as filmed", {"tuning": tuning, "heldout": heldout}) == (
        "| as filmed | 1.000 / 1.000, — | —, 2.5 (1 in 2.0 min) |"
    )


def _score(clip: Clip, gestures: list[Gesture]):
    from benchmarks.accuracy import match

    predicted = [Interval(g.seat, g.kind, g.side, g.start_ms, g.end_ms) for g in gestures]
    return match(clip.truth, predicted)


def test_a_folder_that_is_not_there_is_one_line_and_status_2(tmp_path, capsys):
    with pytest.raises(SystemExit) as stopped:
        main([str(tmp_path / "missing")])
    assert stopped.value.code == 2
    assert "missing is not a folder" in capsys.readouterr().err
