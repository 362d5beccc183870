"""benchmarks/blendshape_peer.py: a blendshape-threshold peer beside keinu on the same footage."""

from pathlib import Path

import pytest

from benchmarks.blendshape_peer import (
    PEER_KINDS,
    PEER_SIGNALS,
    REST_MS,
    ClipFrames,
    detect,
    fit,
    main,
    rises,
    side_by_side,
    tallies,
)
from benchmarks.real_footage import Clip, Run
from engine.gesture import Gesture
from vision.config.detector_settings import default_detector_settings

KINDS = {kind.kind: kind for kind in PEER_KINDS}
STEP = 40


def _signals(**values: float) -> dict[str, float]:
    return {name: values.get(name, 0.0) for name in PEER_SIGNALS}


def _frames(spans: dict[tuple[int, int], dict[str, float]], until: int):
    """Rises over rest every STEP ms from 0 to ``until``: ``spans`` maps [start, end) ms to the
    signals risen there, the rest read 0."""
    out = []
    for ts in range(0, until, STEP):
        values = next((v for (a, b), v in spans.items() if a <= ts < b), {})
        out.append((ts, _signals(**values)))
    return out


def test_a_kind_is_on_while_its_signal_holds_and_reported_when_held_long_enough():
    twist = {"mouthLeft": 0.3, "mouthRight": 0.7}
    frames = _frames({(400, 1200): twist, (2000, 2200): twist}, 3000)
    found = detect(KINDS["mouth_twist"], 0.5, 2, frames, min_ms=400, max_ms=4000)
    assert found == [Gesture(2, "mouth_twist", "right", 400, 1160)]  # the brief one is dropped
    assert detect(KINDS["mouth_twist"], 0.75, 2, frames, 400, 4000) == []


def test_a_dip_above_the_release_share_keeps_it_on_and_a_lost_face_ends_it():
    frames = _frames({(0, 400): {"mouthPucker": 0.9}, (400, 480): {"mouthPucker": 0.45},
                      (480, 1000): {"mouthPucker": 0.9}}, 1000)  # fmt: skip
    assert detect(KINDS["pout"], 0.5, 1, frames, 100, None) == [Gesture(1, "pout", None, 0, 960)]
    lost = [(ts, None if ts == 440 else v) for ts, v in frames]
    assert detect(KINDS["pout"], 0.5, 1, lost, 100, None) == [
        Gesture(1, "pout", None, 0, 400),
        Gesture(1, "pout", None, 480, 960),
    ]
    assert detect(KINDS["pout"], 0.5, 1, frames, 100, max_ms=500) == []  # held too long


def test_the_side_is_the_one_read_at_the_peak_and_each_kind_reads_its_own_signal():
    tilt = _frames({(0, 200): {"head_roll_deg": -12.0}, (200, 900): {"head_roll_deg": 20.0}}, 900)
    assert detect(KINDS["head_tilt"], 10, 1, tilt, 400, None)[0].side == "left"
    wink = _frames({(0, 600): {"eyeBlinkLeft": 0.2, "eyeBlinkRight": 0.9}}, 600)
    assert detect(KINDS["wink"], 0.5, 1, wink, 200, None)[0].side == "right"
    assert detect(KINDS["eyes_closed"], 0.5, 1, wink, 200, None) == []  # one eye open


def test_the_rest_is_the_median_of_the_first_seconds_seen_and_nothing_is_read_before_it():
    frames = [(ts, None if ts < 200 else _signals(mouthPucker=0.1 if ts < 1500 else 0.3))
              for ts in range(0, REST_MS + 1000, 100)]  # fmt: skip
    risen = rises(frames)
    ready = 200 + REST_MS
    assert all(delta is None for ts, delta in risen if ts < ready)
    assert [round(d["mouthPucker"], 3) for ts, d in risen if d is not None] == [0.2] * 8
    assert rises([(0, None)]) == [(0, None)]


def _truth(signalling: bool, split: str, gestures: list[dict]) -> dict:
    return {"video": "v.mp4", "fps": 25.0, "frames": 100, "split": split,
            "signalling": signalling, "gestures": gestures, "distractors": [],
            "ignore": []}  # fmt: skip


def _clip(name: str, signalling: bool, gestures: list[dict], frames) -> ClipFrames:
    clip = Clip(name, _truth(signalling, "tuning", gestures), Path(f"{name}.mp4"))
    stamps = [(1, ts) for ts, _ in frames]
    return ClipFrames(clip, {1: frames}, stamps, 0, Run([], 0.0))


def test_thresholds_are_fitted_to_the_middle_of_the_best_and_none_below_a_talker():
    pout = {"seat": 1, "kind": "pout", "side": None, "start_ms": 1000, "end_ms": 2000}
    pouting = _clip("pouting", True, [pout], _frames({(1000, 2000): {"mouthPucker": 0.6}}, 3000))
    talking = {"mouthPucker": 0.3, "mouthRollLower": 0.42}
    talker = _clip("talker", False, [], _frames({(500, 1500): talking}, 3000))
    fitted = fit([pouting, talker], default_detector_settings())
    # found at 0.05..0.60, the talker false at 0.05..0.30: the best are 0.35..0.60
    assert fitted["pout"] == pytest.approx(0.45)
    # no lip bite to find: the lowest threshold the talker's roll stays under
    assert fitted["lip_bite"] == pytest.approx(0.45)
    assert set(fitted) == set(KINDS)


def test_keinu_and_each_peer_are_tallied_and_printed_side_by_side():
    pout = {"seat": 1, "kind": "pout", "side": None, "start_ms": 1000, "end_ms": 2000}
    frames = _frames({(1000, 2000): {"mouthPucker": 0.6}}, 3000)
    clip = _clip("pouting", True, [pout], frames)
    clip.keinu = Run([Gesture(1, "wink", "left", 100, 400)], 3000.0)
    settings = default_detector_settings()
    by_name = tallies([clip], {"peer": {"pout": 0.5}, "deaf": {"pout": 0.9}}, settings)
    lines = side_by_side(by_name)
    assert lines[0].split() == ["gesture", "truth", "keinu", "found", "false", "peer", "found",
                                "false", "deaf", "found", "false"]  # fmt: skip
    rows = {" ".join(line.split()[:-7]): line.split()[-7:] for line in lines[1:3]}
    assert rows == {"pout": ["1", "0", "0", "1", "0", "0", "0"],
                    "wink left": ["0", "0", "1", "0", "0", "0", "0"]}  # fmt: skip
    assert lines[-3].startswith("keinu: precision 0.000 recall 0.000 (0 of 1)")
    assert lines[-2].startswith("peer: precision 1.000 recall 1.000 (1 of 1)")


def test_a_folder_that_is_not_there_is_one_line_and_status_2(tmp_path, capsys):
    with pytest.raises(SystemExit) as stopped:
        main([str(tmp_path / "missing")])
    assert stopped.value.code == 2
    assert "missing is not a folder" in capsys.readouterr().err
