"""benchmarks/shrink_eval_set.py: a clip's face shrunk to a table camera's size, truth moved."""

from __future__ import annotations

import json
import subprocess
import sys

import cv2
import numpy as np
import pytest

from benchmarks.shrink_eval_set import shrink_eval_set, shrink_placement
from benchmarks.synth.scenes import TABLE_SIZE

FACE_BOX = [220, 120, 200, 240]  # x, y, w, h in the 640x480 source


def write_source(folder, frames=6, seats=None):
    """A dark clip with a white "face" exactly where the truth's seat box is."""
    folder.mkdir(exist_ok=True)
    writer = cv2.VideoWriter(str(folder / "a_1.mp4"), cv2.VideoWriter_fourcc(*"mp4v"), 30.0,
                             (640, 480))  # fmt: skip
    x, y, w, h = FACE_BOX
    for _ in range(frames):
        image = np.full((480, 640, 3), 20, np.uint8)
        image[y : y + h, x : x + w] = 235
        writer.write(image)
    writer.release()
    truth = {
        "video": "a_1.mp4", "fps": 30.0, "width": 640, "height": 480,
        "seats": seats or {"1": {"bbox": FACE_BOX}},
        "gestures": [{"seat": 1, "kind": "wink", "side": "left", "start_ms": 40, "end_ms": 120}],
        "distractors": [], "seed": 1, "photos": ["a.jpg"],
    }  # fmt: skip
    (folder / "a_1.truth.json").write_text(json.dumps(truth))
    return folder


def test_the_face_is_shrunk_to_the_width_asked_and_the_truth_follows(tmp_path):
    source = write_source(tmp_path / "set")
    (folder,) = shrink_eval_set(source, tmp_path / "small", [80])
    truth = json.loads((folder / "a_1.truth.json").read_text())
    assert (truth["width"], truth["height"]) == TABLE_SIZE and truth["video"] == "a_1.mp4"
    x, y, w, h = truth["seats"]["1"]["bbox"]
    assert (w, h) == (80, 96)
    assert truth["gestures"] == json.loads((source / "a_1.truth.json").read_text())["gestures"]
    capture = cv2.VideoCapture(str(folder / "a_1.mp4"))
    count = int(capture.get(cv2.CAP_PROP_FRAME_COUNT))
    ok, image = capture.read()
    capture.release()
    assert ok and image.shape == (TABLE_SIZE[1], TABLE_SIZE[0], 3) and count == 6
    bright = np.argwhere(image.mean(axis=2) > 150)
    (top, left), (bottom, right) = bright.min(axis=0), bright.max(axis=0)
    assert abs(left - x) <= 2 and abs(top - y) <= 2
    assert abs(right + 1 - (x + w)) <= 2 and abs(bottom + 1 - (y + h)) <= 2


def test_the_shrunk_clip_sits_on_the_table_edge():
    scale, x, y = shrink_placement(FACE_BOX, (640, 480), 100)
    assert scale == pytest.approx(0.5)
    assert x >= 0 and x + 320 <= TABLE_SIZE[0] and y + 240 <= TABLE_SIZE[1]


def test_a_face_not_wider_than_asked_and_a_set_without_single_faces_are_refused(tmp_path):
    with pytest.raises(ValueError, match="200 px wide already"):
        shrink_placement(FACE_BOX, (640, 480), 240)
    tables = write_source(
        tmp_path / "tables", seats={"1": {"bbox": FACE_BOX}, "2": {"bbox": FACE_BOX}}
    )
    with pytest.raises(SystemExit, match="no single-face clip"):
        shrink_eval_set(tables, tmp_path / "out", [80])


def test_the_command_says_in_one_line_what_is_wrong(tmp_path):
    source = write_source(tmp_path / "set", frames=1)
    run = [sys.executable, "-m", "benchmarks.shrink_eval_set", str(source), "--out", str(tmp_path)]
    done = subprocess.run([*run, "--face-width", "300"], capture_output=True, text=True)
    assert done.returncode == 2 and "200 px wide already" in done.stderr.splitlines()[-1]
    assert "Traceback" not in done.stderr
