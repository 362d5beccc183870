"""The real-footage yardstick's own pieces: labels turned into truth files, the committed truth
files themselves, and the held first frame in front of a clip."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from benchmarks.import_footage_labels import truth_name, truth_of
from benchmarks.real_footage import TRUTH_DIR, lead_in_frames, lead_in_ms_of
from engine.gesture import GESTURE_SIDES


def test_labels_become_a_truth_file_on_the_project_s_vocabulary(sample_videos: Path):
    clip = {
        "full": True,
        "labels": [
            ["tongue_out", 1.25, 2.5, "centre", "sure"],
            ["wink", 3.0, 3.4, "left", "likely"],
        ],
        "blinks": [[0.5, 0.6]],
        "unsure": [["pout", 4.0, 4.5, None, "maybe an oo"]],
    }
    truth = truth_of("single.mp4", clip, sample_videos)
    assert truth["gestures"][0] == {
        "seat": 1, "kind": "tongue_out", "side": "center", "start_ms": 1250, "end_ms": 2500,
        "certainty": "sure",
    }  # fmt: skip
    assert truth["gestures"][1]["side"] == "left"
    assert truth["distractors"] == [{"seat": 1, "kind": "blink", "start_ms": 500, "end_ms": 600}]
    assert truth["ignore"][0]["kind"] == "pout" and truth["ignore"][0]["start_ms"] == 4000
    assert truth["fps"] == pytest.approx(30.0) and truth["signalling"] is True
    assert truth_name("a/b.mp4") == "a--b.truth.json"


def test_every_committed_truth_file_is_well_formed():
    paths = sorted(TRUTH_DIR.glob("*.truth.json"))
    assert len(paths) >= 15
    splits = set()
    for path in paths:
        truth = json.loads(path.read_text())
        splits.add(truth["split"])
        assert path.name == truth_name(truth["video"])
        for g in truth["gestures"]:
            sides = GESTURE_SIDES[g["kind"]]
            assert (g["side"] in sides) if sides else g["side"] is None, (path.name, g)
            assert 0 <= g["start_ms"] < g["end_ms"] <= truth["frames"] / truth["fps"] * 1000
        if not truth["signalling"]:
            assert truth["gestures"] == []
    assert splits == {"tuning", "heldout"}


def test_the_lead_in_holds_the_first_frame_on_the_clip_s_own_clock(sample_videos: Path):
    video = sample_videos / "single.mp4"
    frames = list(lead_in_frames(video, 500))
    held = round(500 * 30 / 1000)
    offset = lead_in_ms_of(video, 500)
    assert offset == frames[held][1] == 500
    assert all(np.array_equal(frames[0][2], image) for _, _, image in frames[: held + 1])
    assert not np.array_equal(frames[0][2], frames[-1][2])
    assert [index for index, _, _ in frames] == list(range(len(frames)))
